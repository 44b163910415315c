/* jobs: a persistent worker pool with parallel-for and schedulable chains. */
#ifndef SHOAL_JOBS_H
#define SHOAL_JOBS_H

#include "err.h"

typedef struct JobPool JobPool;

/* Work on [begin, end) of an index range; worker is 0..threads-1 (0 may be
 * the calling thread). Results must not depend on how the range is split. */
typedef void (*JobRangeFn)(void *ctx, int begin, int end, int worker);

/* Thread count to use when the caller asks for `requested` (<= 0 = auto):
 * SHOAL_THREADS from the environment when set and valid, else the number
 * of online cores. Clamped to 1..JOBS_MAX_THREADS. */
#define JOBS_MAX_THREADS 64
int jobs_pick_threads(int requested);

/* Start a pool of `threads` workers in total, including the caller (so
 * threads = 1 runs everything inline on the caller and starts no thread).
 * Idle workers sleep on a condition variable. */
int jobs_init(JobPool **out, int threads, Err *e);
/* Finish queued work, stop and join the workers, free the pool. */
void jobs_deinit(JobPool *p);
int jobs_threads(const JobPool *p);

/* Run fn over [0, n) in chunks of at least `grain`, blocking until done.
 * p may be NULL (runs inline). Queued behind any chain already scheduled.
 * One thread drives a pool (schedules, completes, runs parallel-fors); it
 * is worker 0 while it helps. Never call from inside a job. */
void jobs_parallel_for(JobPool *p, int n, int grain, JobRangeFn fn, void *ctx);

/* A chain of parallel-for stages run in order (stage k+1 starts when stage
 * k has finished everywhere). Build it once, schedule it every frame. */
#define JOBS_CHAIN_MAX 8
typedef struct JobStage {
    JobRangeFn fn;
    void *ctx;
    int n, grain;
} JobStage;
typedef struct JobChain {
    JobStage stage[JOBS_CHAIN_MAX];
    int count;
    int scheduled; /* 1 between jobs_schedule and jobs_complete */
} JobChain;

/* Queue the chain on the workers (p not NULL) and return at once; the
 * caller is free to do other work. Chains run one after another in the
 * order scheduled; the chain must stay untouched until completed. Stages may have n computed late:
 * set stage[k].n before scheduling. With a 1-thread pool the chain runs at jobs_complete. */
void jobs_schedule(JobPool *p, JobChain *c);
/* Wait for a scheduled chain (the caller helps run it). No-op if idle. */
void jobs_complete(JobPool *p, JobChain *c);

#endif
