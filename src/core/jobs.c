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
/* Each stage's range is cut into one home part per thread, and a thread
 * takes its chunks from the front of its own part first: stage after
 * stage and step after step, a thread then works on the same items (the
 * sea's count and scatter parts, then the fish those parts sorted, then
 * the next step's count over them), so their cache lines stay in its
 * core instead of crossing to the other's. (Chunks handed out from one
 * shared front, whoever came first: shoal-bench --compare threads on this
 * 2-core host, medians of 5 alternated, 1.37x at 10,000 fish and 1.59x
 * at 100,000; from home parts 1.54x and 1.85x.)
 *
 * Chunk sizes are guided: each takes 1 / GUIDE_SHARE of what is left of
 * the part (at least the stage's grain), so the first chunks are large
 * and cheap to hand out and the last are small. A thread whose part is
 * done takes half of what is left from the back of the part with the
 * most left: the threads finish a stage within about a grain of each
 * other, and a thread that starts late (the main thread arriving at
 * jobs_complete) still finds its part, or the rest of it, waiting. */
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
    int left, done_items, grain;                    /* left: items not yet handed out */
    int lo[JOBS_MAX_THREADS], hi[JOBS_MAX_THREADS]; /* each thread's home part */
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
            p->left = p->cur.n;
            p->done_items = 0;
            /* Home parts of at least a grain, so no chunk is smaller;
             * threads past them start by taking from the others. */
            int homes = p->cur.n / p->grain;
            homes = homes < 1 ? 1 : homes > p->threads ? p->threads : homes;
            for (int w = 0; w < p->threads; w++) {
                p->lo[w] = w < homes ? (int)((int64_t)p->cur.n * w / homes) : 0;
                p->hi[w] = w < homes ? (int)((int64_t)p->cur.n * (w + 1) / homes) : 0;
            }
            wake_all(p);
            return;
        }
        c->scheduled = 0;
        p->qhead = (p->qhead + 1) % QUEUE_CAP;
        p->qcount--;
        p->stage = 0;
        wake_all(p);
    }
    p->left = p->done_items = 0;
    p->cur.n = 0;
}

/* A chunk of `left` items: `share` of them, at least the grain, and all
 * of them when less than a grain would be left over. */
static int chunk_size(const JobPool *p, int left, int share)
{
    int size = left / share;
    if (size < p->grain) size = p->grain;
    return left - size < p->grain ? left : size;
}

/* Claim the next chunk of the running stage for `worker`: from the front
 * of its home part, else from the back of the part with the most left;
 * 0 when none is left. mu held. */
static int take_chunk(JobPool *p, int worker, JobStage *st, int *begin, int *end)
{
    if (p->qcount == 0 || p->left == 0) return 0;
    assert(p->grain >= 1 && worker >= 0 && worker < p->threads);
    int w = worker;
    if (p->lo[w] < p->hi[w]) {
        int size =
            p->threads > 1 ? chunk_size(p, p->hi[w] - p->lo[w], GUIDE_SHARE) : p->hi[w] - p->lo[w];
        *begin = p->lo[w];
        p->lo[w] += size;
        *end = p->lo[w];
    } else {
        int v = 0;
        for (int k = 1; k < p->threads; k++)
            if (p->hi[k] - p->lo[k] > p->hi[v] - p->lo[v]) v = k;
        assert(p->lo[v] < p->hi[v]);
        int size = chunk_size(p, p->hi[v] - p->lo[v], 2);
        *end = p->hi[v];
        p->hi[v] -= size;
        *begin = p->hi[v];
    }
    *st = p->cur;
    assert(0 <= *begin && *begin < *end && *end <= p->cur.n);
    p->left -= *end - *begin;
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
    if (!take_chunk(p, worker, &st, &b, &e)) return 0;
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
        if (!c->scheduled || (p->qcount > 0 && p->left > 0)) continue;
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
