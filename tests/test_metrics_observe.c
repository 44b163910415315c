/* test_metrics_observe: the shore-jitter history with enough fish for the
 * eight-at-a-time loop of metrics_observe.c, in a view that lists them in
 * a new order every step (as the sea does): counts known by construction,
 * and the same counts from the one-at-a-time loop and from a pool. */
#include <math.h>

#include "core/jobs.h"
#include "core/metrics.h"
#include "testutil.h"

#define W         200
#define H         200
#define LAND_COLS 20 /* columns 0..19 are land, the rest water */
#define MAXF      512

/* Land on the left strip; pixel i's centre is i - 19 px from the shore. */
static uint16_t g_dist[W * H];
static ShoreField g_shore = {W, H, g_dist};

/* The fish by id, and the view over them in this step's order. */
typedef struct Fish {
    float x, y, vx, vy;
} Fish;
static Fish g_fish[MAXF];
static int g_n;
static float g_vx[MAXF], g_vy[MAXF], g_x[MAXF], g_y[MAXF];
static int g_id[MAXF];

static void setup(void)
{
    for (int j = 0; j < H; j++)
        for (int i = 0; i < W; i++)
            g_dist[j * W + i] = shore_encode(i < LAND_COLS ? 0.0f : (float)(i - 19));
    memset(g_fish, 0, sizeof g_fish);
    g_n = 0;
}

static uint32_t lcg(uint32_t *s)
{
    *s = *s * 1664525u + 1013904223u;
    return *s >> 8;
}

static void init_ctx(MetricsCtx *m, JobPool *pool)
{
    MetricsConfig c = {.link_radius = 10.0f,
                       .shore_margin = 30.0f,
                       .dt = 1.0f / 60.0f,
                       .jitter_window = 1.0f,
                       .max_speed = 100.0f,
                       .kinds = 1};
    Err e = {""};
    ck_assert_msg(metrics_init(m, &c, &g_shore, MAXF, pool, &e) == 0, "%s", e.msg);
}

/* Observe the fish as step `step`, listed in an order shuffled by the step
 * (Fisher-Yates), so every fish changes slot, and block, from step to step. */
static void observe_shuffled(MetricsCtx *m, uint64_t step)
{
    for (int k = 0; k < g_n; k++) g_id[k] = k;
    uint32_t s = (uint32_t)step * 2654435761u + 1u;
    for (int k = g_n - 1; k > 0; k--) {
        int j = (int)(lcg(&s) % (uint32_t)(k + 1));
        int t = g_id[k];
        g_id[k] = g_id[j];
        g_id[j] = t;
    }
    for (int k = 0; k < g_n; k++) {
        const Fish *f = &g_fish[g_id[k]];
        g_x[k] = f->x;
        g_y[k] = f->y;
        g_vx[k] = f->vx;
        g_vy[k] = f->vy;
    }
    SeaView v = {.fish = g_n, .x = g_x, .y = g_y, .vx = g_vx, .vy = g_vy, .id = g_id};
    v.step = step;
    Err e = {""};
    ck_assert_msg(metrics_observe(m, &v, &e) == 0, "%s", e.msg);
}

static void move_all(void)
{
    for (int i = 0; i < g_n; i++) {
        g_fish[i].x += g_fish[i].vx / 60.0f;
        g_fish[i].y += g_fish[i].vy / 60.0f;
    }
}

static void flip(Fish *f)
{
    f->vx = -f->vx;
    f->vy = -f->vy;
}

static void result(MetricsCtx *m, Metrics *r)
{
    SeaView v = {.fish = g_n, .x = g_x, .y = g_y, .vx = g_vx, .vy = g_vy, .id = g_id};
    Err e = {""};
    ck_assert_msg(metrics_compute(m, &v, r, &e) == 0, "%s", e.msg);
}

/* 21 fish (two blocks of eight and a tail): swimming in open water, they
 * turn back twice 110 px and more from the shore (reversals, but outside
 * the margin: uncounted, yet their reference heading follows), then swim
 * 130 steps to 2 px off the coast and flip every 10 steps there. Each of
 * the 8 flips in the margin counts; the first three are within a second.
 * Run on the loop this machine picks (AVX2 if it has it) and on the
 * one-at-a-time loop. */
START_TEST(a_fish_long_far_from_shore_counts_its_reversals_in_the_margin)
{
    enum { N = 21 };
    for (int scalar = 0; scalar < 2; scalar++) {
        setup();
        for (int j = 0; j < N; j++) g_fish[g_n++] = (Fish){150.0f, 10.0f + 9.0f * (float)j, -60, 0};
        MetricsCtx m;
        init_ctx(&m, NULL);
        if (scalar) m.avx2 = 0;
        for (int s = 1; s <= 245; s++) {
            /* open water at 20 (x = 131) and 40 (x = 151); the margin
             * (x < 49) from step 142; x 21..31 from step 170 */
            int turn = s == 20 || s == 40 || (s >= 170 && s % 10 == 0);
            for (int i = 0; i < g_n && turn; i++) flip(&g_fish[i]);
            move_all();
            observe_shuffled(&m, (uint64_t)s);
        }
        Metrics r;
        result(&m, &r);
        ck_assert_msg(r.shore_reversals == (uint64_t)N * 8, "%s loop: %llu reversals",
                      scalar ? "scalar" : "picked", (unsigned long long)r.shore_reversals);
        ck_assert_int_eq(r.shore_jitter, N);
        metrics_deinit(&m);
    }
}
END_TEST

/* A step of a busy sea of fish: flips on each fish's own period, some fish
 * still for a while, some eaten and respawned across the map, and 57 more
 * fish from step 100 (new ids in the middle of the blocks). */
static void busy_step(int s, uint32_t *rng)
{
    if (s == 100) {
        for (int j = 0; j < 57; j++) {
            float y = 5.0f + (float)(lcg(rng) % 190);
            g_fish[g_n++] = (Fish){25.0f + (float)(lcg(rng) % 150), y, 30.0f, -20.0f};
        }
    }
    for (int i = 0; i < g_n; i++) {
        Fish *f = &g_fish[i];
        int period = 7 + i % 23;
        if (s % period == 0) flip(f);
        /* a still spell: no heading, nothing to reverse */
        if (i % 31 == 0 && s % 50 == 10) f->vx = f->vy = 0.0f;
        if (i % 31 == 0 && s % 50 == 30) f->vx = 40.0f, f->vy = 10.0f;
    }
    /* eaten: back elsewhere, heading the other way */
    int eaten = (int)(lcg(rng) % (uint32_t)g_n);
    g_fish[eaten].x = 25.0f + (float)(lcg(rng) % 150);
    g_fish[eaten].y = 5.0f + (float)(lcg(rng) % 190);
    flip(&g_fish[eaten]);
    move_all();
    for (int i = 0; i < g_n; i++) {
        /* keep them in the water and on the map */
        Fish *f = &g_fish[i];
        if (f->x < 21.0f || f->x > 195.0f) f->vx = -f->vx;
        if (f->y < 2.0f || f->y > 197.0f) f->vy = -f->vy;
    }
}

static void run_busy(MetricsCtx *m, int steps, Metrics *r)
{
    setup();
    uint32_t rng = 12345u;
    for (int i = 0; i < 203; i++) {
        float a = (float)(lcg(&rng) % 628) * 0.01f;
        g_fish[g_n++] = (Fish){25.0f + (float)(lcg(&rng) % 150), 5.0f + (float)(lcg(&rng) % 190),
                               50.0f * cosf(a), 50.0f * sinf(a)};
    }
    for (int s = 1; s <= steps; s++) {
        busy_step(s, &rng);
        observe_shuffled(m, (uint64_t)s);
    }
    result(m, r);
}

START_TEST(eight_at_a_time_counts_as_one_at_a_time)
{
    int steps = tu_scale(600, 150);
    MetricsCtx a, b, c;
    Metrics ra, rb, rc;
    init_ctx(&a, NULL);
    run_busy(&a, steps, &ra);
    init_ctx(&b, NULL);
    b.avx2 = 0;
    run_busy(&b, steps, &rb);
    Err e = {""};
    JobPool *pool = NULL;
    ck_assert_msg(jobs_init(&pool, 2, &e) == 0, "%s", e.msg);
    init_ctx(&c, pool);
    run_busy(&c, steps, &rc);
    if (!a.avx2) fprintf(stderr, "test_metrics_observe: no AVX2 here; both loops were scalar\n");
    /* not a vacuous match: the sea reverses in the margin and jitters */
    ck_assert_uint_gt(rb.shore_reversals, 100);
    ck_assert_int_gt(rb.shore_jitter, 5);
    ck_assert_uint_eq(ra.shore_reversals, rb.shore_reversals);
    ck_assert_int_eq(ra.shore_jitter, rb.shore_jitter);
    ck_assert_uint_eq(rc.shore_reversals, rb.shore_reversals);
    ck_assert_int_eq(rc.shore_jitter, rb.shore_jitter);
    metrics_deinit(&a);
    metrics_deinit(&b);
    metrics_deinit(&c);
    jobs_deinit(pool);
}
END_TEST

static Suite *metrics_observe_suite(void)
{
    Suite *s = suite_create("metrics_observe");
    TCase *tc = tcase_create("core");
    tcase_add_checked_fixture(tc, setup, NULL);
    tcase_add_test(tc, a_fish_long_far_from_shore_counts_its_reversals_in_the_margin);
    tcase_add_test(tc, eight_at_a_time_counts_as_one_at_a_time);
    tcase_set_timeout(tc, 60);
    suite_add_tcase(s, tc);
    return s;
}

SHOAL_CHECK_MAIN(metrics_observe_suite)
