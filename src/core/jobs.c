/* jobs: persistent pthread worker pool running chains of parallel-for stages. */
#include "jobs.h"

#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

/* Chains waiting or running; schedule blocks (helping) when it is full. */
#define QUEUE_CAP 16
/* Chunk sizes are guided: each takes 1 / (GUIDE_SHARE * threads) of what
 * is left (at least the stage's grain), so the first chunks are large and
 * cheap to hand out, and the last are small: the threads finish a stage
 * within about a grain of each other instead of one waiting out the
 * other's last big chunk, and a thread that starts late (the main thread
 * arriving at jobs_complete) still finds work to share. */
#define GUIDE_SHARE 2
/* How long an idle thread polls for the next stage before it sleeps. A
 * stage boundary is usually a few microseconds away; a condition-variable
 * wake costs tens of microseconds, so a short poll pays for itself. */
#define SPIN_NS 30000L

typedef struct WorkerArg {
    struct JobPool *pool;
    int id;
} WorkerArg;

struct JobPool {
    int threads;
    int started; /* worker threads actually running */
    pthread_t tid[JOBS_MAX_THREADS];
    WorkerArg arg[JOBS_MAX_THREADS];
    pthread_mutex_t mu;
    pthread_cond_t work_cv; /* workers sleep here */
    pthread_cond_t done_cv; /* jobs_complete sleeps here */
    int sleepers, waiters;
    int stop;
    /* Bumped (under mu) whenever new chunks or a finished chain appear;
     * read without the lock by spinning threads. */
    atomic_uint epoch;

    JobChain *queue[QUEUE_CAP];
    int qhead, qcount;
    /* State of the head chain's current stage (all under mu). */
    int stage;
    int next_pos, done_items, grain;
    JobStage cur;
};

int jobs_pick_threads(int requested)
{
    int t = requested;
    if (t <= 0) {
        const char *env = getenv("SHOAL_THREADS");
        if (env && *env) {
            char *end = NULL;
            long v = strtol(env, &end, 10);
            if (end && *end == '\0' && v > 0) t = v > JOBS_MAX_THREADS ? JOBS_MAX_THREADS : (int)v;
        }
    }
    if (t <= 0) {
        long n = sysconf(_SC_NPROCESSORS_ONLN);
        t = n > 0 ? (int)(n > JOBS_MAX_THREADS ? JOBS_MAX_THREADS : n) : 1;
    }
    if (t > JOBS_MAX_THREADS) t = JOBS_MAX_THREADS;
    return t;
}

static long now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (long)ts.tv_sec * 1000000000L + ts.tv_nsec;
}

static inline void cpu_relax(void)
{
#if defined(__x86_64__) || defined(__i386__)
    __asm__ __volatile__("pause");
#elif defined(__aarch64__)
    __asm__ __volatile__("yield");
#endif
}

/* Poll the epoch for at most SPIN_NS without the lock; returns when it
 * moved (new work) or the time is up. */
static void spin_for_epoch(JobPool *p, unsigned seen)
{
    long t0 = now_ns();
    for (int i = 0;; i++) {
        if (atomic_load_explicit(&p->epoch, memory_order_acquire) != seen) return;
        cpu_relax();
        if ((i & 63) == 63 && now_ns() - t0 > SPIN_NS) return;
    }
}

static void wake_all(JobPool *p)
{
    atomic_fetch_add_explicit(&p->epoch, 1u, memory_order_release);
    if (p->sleepers) pthread_cond_broadcast(&p->work_cv);
    if (p->waiters) pthread_cond_broadcast(&p->done_cv);
}

/* Start stage p->stage of the head chain, skipping empty stages; when the
 * chain is exhausted, retire it and start the next queued one. mu held. */
static void start_stage(JobPool *p)
{
    while (p->qcount > 0) {
        JobChain *c = p->queue[p->qhead];
        while (p->stage < c->count && c->stage[p->stage].n <= 0) p->stage++;
        if (p->stage < c->count) {
            p->cur = c->stage[p->stage];
            p->grain = p->cur.grain > 0 ? p->cur.grain : 1;
            p->next_pos = 0;
            p->done_items = 0;
            wake_all(p);
            return;
        }
        c->scheduled = 0;
        p->qhead = (p->qhead + 1) % QUEUE_CAP;
        p->qcount--;
        p->stage = 0;
        wake_all(p);
    }
    p->next_pos = p->done_items = 0;
    p->cur.n = 0;
}

/* Claim the next chunk of the running stage; 0 when none is left. mu held. */
static int take_chunk(JobPool *p, JobStage *st, int *begin, int *end)
{
    if (p->qcount == 0 || p->next_pos >= p->cur.n) return 0;
    assert(p->grain >= 1);
    int left = p->cur.n - p->next_pos;
    int size = p->threads > 1 ? left / (GUIDE_SHARE * p->threads) : left;
    if (size < p->grain) size = p->grain;
    /* No chunk under the grain: a short rest goes with this one. */
    if (left - size < p->grain) size = left;
    *st = p->cur;
    *begin = p->next_pos;
    *end = p->next_pos + size;
    assert(*end <= p->cur.n);
    p->next_pos += size;
    return 1;
}

static void finish_chunk(JobPool *p, int items)
{
    p->done_items += items;
    assert(p->done_items <= p->cur.n);
    if (p->done_items == p->cur.n) {
        p->stage++;
        start_stage(p);
    }
}

/* Take and run one chunk, releasing mu around the work; 0 if none. */
static int run_one(JobPool *p, int worker)
{
    JobStage st;
    int b, e;
    if (!take_chunk(p, &st, &b, &e)) return 0;
    pthread_mutex_unlock(&p->mu);
    st.fn(st.ctx, b, e, worker);
    pthread_mutex_lock(&p->mu);
    finish_chunk(p, e - b);
    return 1;
}

static void *worker_main(void *arg)
{
    WorkerArg *a = arg;
    JobPool *p = a->pool;
    int id = a->id;
    pthread_mutex_lock(&p->mu);
    int spun = 0;
    for (;;) {
        if (run_one(p, id)) {
            spun = 0;
            continue;
        }
        if (p->stop) break;
        if (!spun) {
            unsigned seen = atomic_load_explicit(&p->epoch, memory_order_acquire);
            pthread_mutex_unlock(&p->mu);
            spin_for_epoch(p, seen);
            pthread_mutex_lock(&p->mu);
            spun = 1;
            continue;
        }
        p->sleepers++;
        pthread_cond_wait(&p->work_cv, &p->mu);
        p->sleepers--;
        /* One more short poll after a wake: the next stage may be close. */
        spun = 0;
    }
    pthread_mutex_unlock(&p->mu);
    return NULL;
}

int jobs_init(JobPool **out, int threads, Err *e)
{
    *out = NULL;
    if (threads < 1 || threads > JOBS_MAX_THREADS)
        return err_set(e, "jobs: %d threads requested; the pool takes 1..%d", threads,
                       JOBS_MAX_THREADS);
    JobPool *p = calloc(1, sizeof *p);
    if (!p) return err_set(e, "jobs: out of memory for the worker pool");
    p->threads = threads;
    atomic_init(&p->epoch, 0u);
    if (pthread_mutex_init(&p->mu, NULL) != 0) {
        free(p);
        return err_set(e, "jobs: cannot create the pool mutex");
    }
    if (pthread_cond_init(&p->work_cv, NULL) != 0) {
        pthread_mutex_destroy(&p->mu);
        free(p);
        return err_set(e, "jobs: cannot create the pool condition variable");
    }
    if (pthread_cond_init(&p->done_cv, NULL) != 0) {
        pthread_cond_destroy(&p->work_cv);
        pthread_mutex_destroy(&p->mu);
        free(p);
        return err_set(e, "jobs: cannot create the pool condition variable");
    }
    for (int i = 1; i < threads; i++) {
        p->arg[i] = (WorkerArg){p, i};
        int rc = pthread_create(&p->tid[p->started], NULL, worker_main, &p->arg[i]);
        if (rc != 0) {
            jobs_deinit(p);
            return err_set(e, "jobs: cannot start worker thread %d of %d (%s)", i, threads,
                           strerror(rc));
        }
        p->started++;
    }
    *out = p;
    return 0;
}

void jobs_deinit(JobPool *p)
{
    if (!p) return;
    pthread_mutex_lock(&p->mu);
    /* Finish everything queued, the caller helping. */
    while (p->qcount > 0) {
        if (run_one(p, 0)) continue;
        p->waiters++;
        pthread_cond_wait(&p->done_cv, &p->mu);
        p->waiters--;
    }
    p->stop = 1;
    pthread_cond_broadcast(&p->work_cv);
    pthread_mutex_unlock(&p->mu);
    for (int i = 0; i < p->started; i++) pthread_join(p->tid[i], NULL);
    pthread_cond_destroy(&p->done_cv);
    pthread_cond_destroy(&p->work_cv);
    pthread_mutex_destroy(&p->mu);
    free(p);
}

int jobs_threads(const JobPool *p)
{
    return p ? p->threads : 1;
}

void jobs_schedule(JobPool *p, JobChain *c)
{
    assert(p && c && c->count >= 0 && c->count <= JOBS_CHAIN_MAX);
    for (int k = 0; k < c->count; k++) assert(c->stage[k].fn || c->stage[k].n <= 0);
    pthread_mutex_lock(&p->mu);
    if (c->scheduled) {
        pthread_mutex_unlock(&p->mu);
        return;
    }
    while (p->qcount == QUEUE_CAP) {
        if (run_one(p, 0)) continue;
        p->waiters++;
        pthread_cond_wait(&p->done_cv, &p->mu);
        p->waiters--;
    }
    c->scheduled = 1;
    p->queue[(p->qhead + p->qcount) % QUEUE_CAP] = c;
    p->qcount++;
    if (p->qcount == 1) {
        p->stage = 0;
        start_stage(p);
    }
    pthread_mutex_unlock(&p->mu);
}

void jobs_complete(JobPool *p, JobChain *c)
{
    assert(p && c);
    pthread_mutex_lock(&p->mu);
    while (c->scheduled) {
        if (run_one(p, 0)) continue;
        unsigned seen = atomic_load_explicit(&p->epoch, memory_order_acquire);
        pthread_mutex_unlock(&p->mu);
        spin_for_epoch(p, seen);
        pthread_mutex_lock(&p->mu);
        if (!c->scheduled || (p->qcount > 0 && p->next_pos < p->cur.n)) continue;
        if (atomic_load_explicit(&p->epoch, memory_order_acquire) != seen) continue;
        p->waiters++;
        pthread_cond_wait(&p->done_cv, &p->mu);
        p->waiters--;
    }
    pthread_mutex_unlock(&p->mu);
}

void jobs_parallel_for(JobPool *p, int n, int grain, JobRangeFn fn, void *ctx)
{
    if (n <= 0) return;
    assert(fn);
    if (!p || p->threads == 1 || n <= grain) {
        fn(ctx, 0, n, 0);
        return;
    }
    JobChain c;
    memset(&c, 0, sizeof c);
    c.stage[0] = (JobStage){fn, ctx, n, grain};
    c.count = 1;
    jobs_schedule(p, &c);
    jobs_complete(p, &c);
}
