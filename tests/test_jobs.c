/* test_jobs: the worker pool covers every index once, runs chain stages in
 * order, returns from schedule at once and finishes queued work. */
#include "core/jobs.h"

#include <limits.h>
#include <stdatomic.h>
#include <stdint.h>
#include <time.h>

#include "testutil.h"

#define MAX_N 5000

typedef struct Cover {
    atomic_int hits[MAX_N];
    atomic_int calls;
    atomic_int bad; /* a range that was empty, out of bounds or reversed */
    atomic_int bad_worker;
    /* Each thread's home part (jobs.c: n cut into min(threads, n / grain)
     * parts of at least a grain; none for the threads past them) and the
     * lowest begin of the chunks it ran inside it. */
    int home_lo[JOBS_MAX_THREADS], home_hi[JOBS_MAX_THREADS];
    atomic_int first[JOBS_MAX_THREADS];
    int n, threads;
} Cover;

static void cover_fn(void *ctx, int begin, int end, int worker)
{
    Cover *c = ctx;
    atomic_fetch_add(&c->calls, 1);
    if (begin < 0 || end > c->n || begin >= end) atomic_fetch_add(&c->bad, 1);
    if (worker < 0 || worker >= c->threads) atomic_fetch_add(&c->bad_worker, 1);
    for (int i = begin; i < end && i >= 0 && i < c->n; i++) atomic_fetch_add(&c->hits[i], 1);
    if (worker >= 0 && worker < c->threads && begin >= c->home_lo[worker] &&
        begin < c->home_hi[worker]) {
        int f = atomic_load(&c->first[worker]);
        while (begin < f && !atomic_compare_exchange_weak(&c->first[worker], &f, begin)) {
        }
    }
}

static void cover_reset(Cover *c, int n, int grain, int threads)
{
    int g = grain > 0 ? grain : 1, homes = n / g;
    homes = homes < 1 ? 1 : homes > threads ? threads : homes;
    for (int w = 0; w < JOBS_MAX_THREADS; w++) {
        c->home_lo[w] = w < homes ? (int)((long)n * w / homes) : 0;
        c->home_hi[w] = w < homes ? (int)((long)n * (w + 1) / homes) : 0;
        atomic_store(&c->first[w], INT_MAX);
    }
    for (int i = 0; i < MAX_N; i++) atomic_store(&c->hits[i], 0);
    atomic_store(&c->calls, 0);
    atomic_store(&c->bad, 0);
    atomic_store(&c->bad_worker, 0);
    c->n = n;
    c->threads = threads;
}

START_TEST(test_pick_threads)
{
    setenv("SHOAL_THREADS", "3", 1);
    ck_assert_int_eq(jobs_pick_threads(0), 3);
    ck_assert_int_eq(jobs_pick_threads(-1), 3);
    /* An explicit request wins over the environment. */
    ck_assert_int_eq(jobs_pick_threads(5), 5);
    ck_assert_int_eq(jobs_pick_threads(1000), JOBS_MAX_THREADS);
    setenv("SHOAL_THREADS", "500", 1);
    ck_assert_int_eq(jobs_pick_threads(0), JOBS_MAX_THREADS);
    /* Garbage falls back to the core count, which is at least 1. */
    setenv("SHOAL_THREADS", "two", 1);
    int t = jobs_pick_threads(0);
    ck_assert_int_ge(t, 1);
    ck_assert_int_le(t, JOBS_MAX_THREADS);
    setenv("SHOAL_THREADS", "0", 1);
    ck_assert_int_eq(jobs_pick_threads(0), t);
    unsetenv("SHOAL_THREADS");
    ck_assert_int_eq(jobs_pick_threads(0), t);
}
END_TEST

START_TEST(test_init_refuses_bad_counts)
{
    JobPool *p = (JobPool *)1;
    Err e = {{0}};
    ck_assert_int_eq(jobs_init(&p, 0, &e), -1);
    ck_assert_ptr_null(p);
    ck_assert_ptr_nonnull(strstr(e.msg, "threads"));
    ck_assert_int_eq(jobs_init(&p, JOBS_MAX_THREADS + 1, &e), -1);
    ck_assert_ptr_nonnull(strstr(e.msg, "threads"));
    ck_assert_int_eq(jobs_init(&p, 1, &e), 0);
    ck_assert_int_eq(jobs_threads(p), 1);
    jobs_deinit(p);
    ck_assert_int_eq(jobs_threads(NULL), 1);
}
END_TEST

START_TEST(test_parallel_for_covers_once)
{
    static Cover c;
    const int ns[] = {0, 1, 2, 3, 7, 64, 1000, 4097, MAX_N};
    const int grains[] = {0, 1, 3, 64, 6000};
    const int threads[] = {1, 2, 3, 8};
    for (size_t ti = 0; ti < sizeof threads / sizeof threads[0]; ti++) {
        JobPool *p;
        Err e;
        ck_assert_int_eq(jobs_init(&p, threads[ti], &e), 0);
        for (size_t ni = 0; ni < sizeof ns / sizeof ns[0]; ni++) {
            for (size_t gi = 0; gi < sizeof grains / sizeof grains[0]; gi++) {
                int n = ns[ni];
                cover_reset(&c, n, grains[gi], threads[ti]);
                jobs_parallel_for(p, n, grains[gi], cover_fn, &c);
                for (int i = 0; i < n; i++)
                    ck_assert_msg(atomic_load(&c.hits[i]) == 1,
                                  "n %d grain %d threads %d: index %d hit %d times", n, grains[gi],
                                  threads[ti], i, atomic_load(&c.hits[i]));
                ck_assert_int_eq(atomic_load(&c.bad), 0);
                ck_assert_int_eq(atomic_load(&c.bad_worker), 0);
                if (n == 0) ck_assert_int_eq(atomic_load(&c.calls), 0);
                /* Chunks are never smaller than the grain (bar the whole range). */
                if (n > 0 && grains[gi] > 0)
                    ck_assert_int_le(atomic_load(&c.calls),
                                     n / grains[gi] > 0 ? n / grains[gi] : 1);
                /* A thread works its own part from the front (others take
                 * from its back), so what it ran of it starts there. */
                for (int w = 0; w < threads[ti]; w++) {
                    int f = atomic_load(&c.first[w]);
                    ck_assert_msg(
                        f == INT_MAX || f == c.home_lo[w],
                        "n %d grain %d threads %d: worker %d began its part [%d, %d) at %d", n,
                        grains[gi], threads[ti], w, c.home_lo[w], c.home_hi[w], f);
                }
            }
        }
        jobs_deinit(p);
    }
    /* No pool: runs inline. */
    cover_reset(&c, 100, 7, 1);
    jobs_parallel_for(NULL, 100, 7, cover_fn, &c);
    for (int i = 0; i < 100; i++) ck_assert_int_eq(atomic_load(&c.hits[i]), 1);
}
END_TEST

/* A chain where each stage reads what every chunk of the previous one
 * wrote: any overlap between stages shows up as a wrong value. */
typedef struct Pipe {
    int n;
    int a[MAX_N], b[MAX_N], c[MAX_N];
    atomic_int order_errors;
    atomic_int stage_done[4];
} Pipe;

static void pipe_s0(void *ctx, int begin, int end, int worker)
{
    Pipe *p = ctx;
    (void)worker;
    for (int i = begin; i < end; i++) p->a[i] = 3 * i + 1;
    atomic_fetch_add(&p->stage_done[0], end - begin);
}

static void pipe_s1(void *ctx, int begin, int end, int worker)
{
    Pipe *p = ctx;
    (void)worker;
    if (atomic_load(&p->stage_done[0]) != p->n) atomic_fetch_add(&p->order_errors, 1);
    for (int i = begin; i < end; i++) p->b[i] = p->a[p->n - 1 - i] * 2;
    atomic_fetch_add(&p->stage_done[1], end - begin);
}

static void pipe_empty(void *ctx, int begin, int end, int worker)
{
    Pipe *p = ctx;
    (void)begin;
    (void)end;
    (void)worker;
    atomic_fetch_add(&p->order_errors, 1000);
}

static void pipe_s2(void *ctx, int begin, int end, int worker)
{
    Pipe *p = ctx;
    (void)worker;
    if (atomic_load(&p->stage_done[1]) != p->n) atomic_fetch_add(&p->order_errors, 1);
    for (int i = begin; i < end; i++) p->c[i] = p->b[(i * 7) % p->n] + p->a[i];
    atomic_fetch_add(&p->stage_done[2], end - begin);
}

static void pipe_setup(Pipe *p, JobChain *c, int n)
{
    memset(c, 0, sizeof *c);
    p->n = n;
    atomic_store(&p->order_errors, 0);
    for (int i = 0; i < 4; i++) atomic_store(&p->stage_done[i], 0);
    c->stage[0] = (JobStage){pipe_s0, p, n, 16};
    c->stage[1] = (JobStage){pipe_s1, p, n, 1};
    c->stage[2] = (JobStage){pipe_empty, p, 0, 1};
    c->stage[3] = (JobStage){pipe_s2, p, n, 100};
    c->count = 4;
}

static void pipe_check(Pipe *p)
{
    ck_assert_int_eq(atomic_load(&p->order_errors), 0);
    for (int i = 0; i < p->n; i++) {
        int a = 3 * i + 1;
        int b = (3 * (p->n - 1 - i) + 1) * 2;
        ck_assert_int_eq(p->a[i], a);
        ck_assert_int_eq(p->b[i], b);
        int j = (i * 7) % p->n;
        ck_assert_int_eq(p->c[i], (3 * (p->n - 1 - j) + 1) * 2 + a);
    }
}

START_TEST(test_chain_stages_in_order)
{
    static Pipe pipe;
    const int threads[] = {1, 2, 4, 8};
    for (size_t ti = 0; ti < sizeof threads / sizeof threads[0]; ti++) {
        JobPool *p;
        Err e;
        ck_assert_int_eq(jobs_init(&p, threads[ti], &e), 0);
        JobChain c;
        for (int rep = 0; rep < 50; rep++) {
            memset(&pipe, 0, sizeof pipe);
            pipe_setup(&pipe, &c, 1 + (rep * 397) % MAX_N);
            jobs_schedule(p, &c);
            jobs_complete(p, &c);
            ck_assert_int_eq(c.scheduled, 0);
            pipe_check(&pipe);
        }
        /* Completing an idle chain is a no-op. */
        jobs_complete(p, &c);
        jobs_deinit(p);
    }
}
END_TEST

/* Stage that only finishes once the caller says so, proving that
 * jobs_schedule returned before the chain ran. */
typedef struct Gate {
    atomic_int open;
    atomic_int ran;
    atomic_int timed_out;
    long caller_sum;
} Gate;

static void gate_fn(void *ctx, int begin, int end, int worker)
{
    Gate *g = ctx;
    (void)begin;
    (void)end;
    (void)worker;
    struct timespec t0, t;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    while (!atomic_load(&g->open)) {
        clock_gettime(CLOCK_MONOTONIC, &t);
        if (t.tv_sec - t0.tv_sec > 20) {
            atomic_store(&g->timed_out, 1);
            break;
        }
    }
    atomic_fetch_add(&g->ran, 1);
}

START_TEST(test_schedule_returns_while_caller_works)
{
    JobPool *p;
    Err e;
    ck_assert_int_eq(jobs_init(&p, 2, &e), 0);
    Gate g;
    atomic_init(&g.open, 0);
    atomic_init(&g.ran, 0);
    atomic_init(&g.timed_out, 0);
    JobChain c;
    memset(&c, 0, sizeof c);
    c.stage[0] = (JobStage){gate_fn, &g, 1, 1};
    c.count = 1;
    jobs_schedule(p, &c);
    /* Work on the caller while the worker waits at the gate. */
    long sum = 0;
    for (int i = 0; i < 100000; i++) sum += i % 7;
    g.caller_sum = sum;
    atomic_store(&g.open, 1);
    jobs_complete(p, &c);
    ck_assert_int_eq(atomic_load(&g.ran), 1);
    ck_assert_int_eq(atomic_load(&g.timed_out), 0);
    ck_assert_int_eq(g.caller_sum, 299995);
    jobs_deinit(p);
}
END_TEST

START_TEST(test_schedule_then_caller_work_any_pool)
{
    static Pipe pipe;
    for (int threads = 1; threads <= 3; threads++) {
        JobPool *p;
        Err e;
        ck_assert_int_eq(jobs_init(&p, threads, &e), 0);
        JobChain c;
        memset(&pipe, 0, sizeof pipe);
        pipe_setup(&pipe, &c, 3000);
        jobs_schedule(p, &c);
        long sum = 0;
        for (int i = 0; i < 50000; i++) sum += i;
        jobs_complete(p, &c);
        ck_assert_int_eq(sum, 1249975000L);
        pipe_check(&pipe);
        jobs_deinit(p);
    }
}
END_TEST

START_TEST(test_chains_run_in_schedule_order)
{
    static Pipe first, second;
    JobPool *p;
    Err e;
    ck_assert_int_eq(jobs_init(&p, 3, &e), 0);
    for (int rep = 0; rep < 20; rep++) {
        JobChain c1, c2;
        memset(&first, 0, sizeof first);
        memset(&second, 0, sizeof second);
        pipe_setup(&first, &c1, 2000);
        pipe_setup(&second, &c2, 1500);
        jobs_schedule(p, &c1);
        jobs_schedule(p, &c2);
        /* Completing the second waits for the first too. */
        jobs_complete(p, &c2);
        ck_assert_int_eq(c1.scheduled, 0);
        pipe_check(&first);
        pipe_check(&second);
        jobs_complete(p, &c1);
    }
    jobs_deinit(p);
}
END_TEST

START_TEST(test_deinit_finishes_queued_work)
{
    static Pipe pipe;
    for (int threads = 1; threads <= 4; threads += 3) {
        JobPool *p;
        Err e;
        ck_assert_int_eq(jobs_init(&p, threads, &e), 0);
        JobChain c;
        memset(&pipe, 0, sizeof pipe);
        pipe_setup(&pipe, &c, 4000);
        jobs_schedule(p, &c);
        jobs_deinit(p);
        ck_assert_int_eq(c.scheduled, 0);
        pipe_check(&pipe);
    }
}
END_TEST

static Suite *jobs_suite(void)
{
    Suite *s = suite_create("jobs");
    TCase *tc = tcase_create("pool");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, test_pick_threads);
    tcase_add_test(tc, test_init_refuses_bad_counts);
    tcase_add_test(tc, test_parallel_for_covers_once);
    tcase_add_test(tc, test_chain_stages_in_order);
    tcase_add_test(tc, test_schedule_returns_while_caller_works);
    tcase_add_test(tc, test_schedule_then_caller_work_any_pool);
    tcase_add_test(tc, test_chains_run_in_schedule_order);
    tcase_add_test(tc, test_deinit_finishes_queued_work);
    suite_add_tcase(s, tc);
    return s;
}

SHOAL_CHECK_MAIN(jobs_suite)
