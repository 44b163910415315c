/* test_metrics: quality metrics on hand-built sea states whose answers are
 * known by construction, and against an all-pairs reference. */
#include <math.h>

#include "core/jobs.h"
#include "core/metrics.h"
#include "testutil.h"

#define W         200
#define H         200
#define LAND_COLS 20 /* columns 0..19 are land, the rest water */
#define MAXF      4096

/* A 200x200 field: land on the left strip, distance grows to the right
 * (pixel i's centre is i - 19 px from the centre of land pixel 19). */
static uint16_t g_dist[W * H];
static ShoreField g_shore = {W, H, g_dist};

typedef struct TestSea {
    float x[MAXF], y[MAXF], vx[MAXF], vy[MAXF];
    int id[MAXF]; /* the view in id order, like a sea that never re-sorts */
    float sx[8], sy[8], svx[8], svy[8];
    SeaView v;
} TestSea;

static TestSea g_sea;

static void setup(void)
{
    for (int j = 0; j < H; j++)
        for (int i = 0; i < W; i++)
            g_dist[j * W + i] = shore_encode(i < LAND_COLS ? 0.0f : (float)(i - 19));
    memset(&g_sea, 0, sizeof g_sea);
    SeaView *v = &g_sea.v;
    v->x = g_sea.x;
    v->y = g_sea.y;
    v->vx = g_sea.vx;
    v->vy = g_sea.vy;
    for (int i = 0; i < MAXF; i++) g_sea.id[i] = i;
    v->id = g_sea.id;
    v->sx = g_sea.sx;
    v->sy = g_sea.sy;
    v->svx = g_sea.svx;
    v->svy = g_sea.svy;
}

static int add_fish(float x, float y, float vx, float vy)
{
    int i = g_sea.v.fish++;
    g_sea.x[i] = x;
    g_sea.y[i] = y;
    g_sea.vx[i] = vx;
    g_sea.vy[i] = vy;
    return i;
}

static void test_config(MetricsConfig *c)
{
    c->link_radius = 10.0f;
    c->shore_margin = 30.0f;
    c->dt = 1.0f / 60.0f;
    c->jitter_window = 1.0f;
    c->max_speed = 100.0f;
    c->kinds = 1;
}

static void init_ctx(MetricsCtx *m, JobPool *pool)
{
    MetricsConfig c;
    test_config(&c);
    Err e = {""};
    ck_assert_msg(metrics_init(m, &c, &g_shore, MAXF, pool, &e) == 0, "%s", e.msg);
}

static void compute(MetricsCtx *m, Metrics *out)
{
    Err e = {""};
    ck_assert_msg(metrics_compute(m, &g_sea.v, out, &e) == 0, "%s", e.msg);
}

/* Fish spaced 3 px apart on a row starting at (x, y), all heading (vx, vy). */
static void add_row(float x, float y, int n, float vx, float vy)
{
    for (int k = 0; k < n; k++) add_fish(x + 3.0f * (float)k, y, vx, vy);
}

START_TEST(two_separated_clusters_are_two_schools)
{
    add_row(60, 60, 5, 1, 0);
    add_row(140, 150, 4, 1, 0);
    add_fish(100, 185, 1, 0); /* far from both: a loner, not a school */
    MetricsCtx m;
    init_ctx(&m, NULL);
    Metrics r;
    compute(&m, &r);
    ck_assert_int_eq(r.fish, 10);
    ck_assert_int_eq(r.schools, 2);
    ck_assert_int_eq(r.loners, 1);
    ck_assert_int_eq(r.largest_school, 5);
    metrics_deinit(&m);
}
END_TEST

START_TEST(chain_of_links_is_one_school)
{
    /* 8 px steps: each fish links only to the next, the ends are 56 px
     * apart, yet it is one school (components, not pairwise distance). */
    for (int k = 0; k < 8; k++) add_fish(50.0f + 8.0f * (float)k, 100, 0, 1);
    MetricsCtx m;
    init_ctx(&m, NULL);
    Metrics r;
    compute(&m, &r);
    ck_assert_int_eq(r.schools, 1);
    ck_assert_int_eq(r.largest_school, 8);
    ck_assert_int_eq(r.loners, 0);
    /* the two ends have one neighbour, the six inner fish two */
    ck_assert_double_eq_tol(r.mean_neighbors, (2.0 * 1 + 6.0 * 2) / 8.0, 1e-9);
    metrics_deinit(&m);
}
END_TEST

START_TEST(aligned_school_has_polarization_one)
{
    /* same heading, different speeds: only headings count */
    for (int k = 0; k < 6; k++) {
        float speed = 1.0f + (float)k;
        add_fish(80.0f + 2.0f * (float)k, 90, 3.0f * speed, 4.0f * speed);
    }
    MetricsCtx m;
    init_ctx(&m, NULL);
    Metrics r;
    compute(&m, &r);
    ck_assert_int_eq(r.schools, 1);
    ck_assert_double_eq_tol(r.largest_polarization, 1.0, 1e-6);
    ck_assert_double_eq_tol(r.mean_polarization, 1.0, 1e-6);
    metrics_deinit(&m);
}
END_TEST

START_TEST(opposite_pairs_have_polarization_zero)
{
    add_fish(100, 100, 1, 0);
    add_fish(103, 100, -5, 0);
    add_fish(100, 103, 0, 2);
    add_fish(103, 103, 0, -0.5f);
    MetricsCtx m;
    init_ctx(&m, NULL);
    Metrics r;
    compute(&m, &r);
    ck_assert_int_eq(r.schools, 1);
    ck_assert_double_eq_tol(r.largest_polarization, 0.0, 1e-6);
    metrics_deinit(&m);
}
END_TEST

START_TEST(mean_polarization_is_fish_weighted)
{
    add_row(40, 40, 3, 1, 1); /* 3 fish, polarization 1 */
    add_fish(150, 150, 2, 0); /* 2 fish, opposite: polarization 0 */
    add_fish(152, 150, -2, 0);
    add_fish(100, 100, 1, 0); /* loner: not a school, not in the mean */
    MetricsCtx m;
    init_ctx(&m, NULL);
    Metrics r;
    compute(&m, &r);
    ck_assert_int_eq(r.schools, 2);
    ck_assert_int_eq(r.largest_school, 3);
    ck_assert_double_eq_tol(r.largest_polarization, 1.0, 1e-6);
    ck_assert_double_eq_tol(r.mean_polarization, (3.0 * 1.0 + 2.0 * 0.0) / 5.0, 1e-6);
    metrics_deinit(&m);
}
END_TEST

START_TEST(no_school_gives_nan_polarization)
{
    add_fish(50, 50, 1, 0);
    add_fish(150, 150, 1, 0);
    MetricsCtx m;
    init_ctx(&m, NULL);
    Metrics r;
    compute(&m, &r);
    ck_assert_int_eq(r.schools, 0);
    ck_assert_int_eq(r.loners, 2);
    ck_assert_int_eq(r.largest_school, 0);
    ck_assert(isnan(r.largest_polarization));
    ck_assert(isnan(r.mean_polarization));
    metrics_deinit(&m);
}
END_TEST

START_TEST(nearest_neighbour_distance_beyond_the_link_radius)
{
    add_fish(50, 50, 1, 0); /* 3-4-5 pair: 5 px apart */
    add_fish(53, 54, 1, 0);
    add_fish(150, 30, 1, 0); /* 12 px apart, more than the 10 px link */
    add_fish(150, 42, 1, 0);
    add_fish(40, 180, 1, 0); /* 120 px from the next one */
    add_fish(160, 180, 1, 0);
    MetricsCtx m;
    init_ctx(&m, NULL);
    Metrics r;
    compute(&m, &r);
    ck_assert_double_eq_tol(r.mean_nn_dist, (5 + 5 + 12 + 12 + 120 + 120) / 6.0, 1e-4);
    ck_assert_int_eq(r.schools, 1);
    ck_assert_int_eq(r.loners, 4);
    metrics_deinit(&m);
}
END_TEST

START_TEST(one_fish_has_no_nearest_neighbour)
{
    add_fish(50, 50, 1, 0);
    MetricsCtx m;
    init_ctx(&m, NULL);
    Metrics r;
    compute(&m, &r);
    ck_assert(isnan(r.mean_nn_dist));
    ck_assert_int_eq(r.loners, 1);
    metrics_deinit(&m);
}
END_TEST

START_TEST(fish_on_land_and_off_map_are_counted)
{
    add_fish(10.5f, 50, 1, 0);  /* deep in the land strip */
    add_fish(19.9f, 80, 1, 0);  /* last land column */
    add_fish(20.1f, 120, 1, 0); /* first water column */
    add_fish(100, 100, 1, 0);
    add_fish(-3, 100, 1, 0); /* off the map: not "on land" */
    add_fish(NAN, 100, 1, 0);
    add_fish(100, 200.0f, 1, 0); /* y == h is past the last row */
    MetricsCtx m;
    init_ctx(&m, NULL);
    Metrics r;
    compute(&m, &r);
    ck_assert_int_eq(r.fish_on_land, 2);
    ck_assert_int_eq(r.fish_off_map, 3);
    ck_assert_int_eq(r.fish, 7);
    metrics_deinit(&m);
}
END_TEST

START_TEST(shark_distance_to_nearest_fish)
{
    add_fish(100, 100, 1, 0);
    add_fish(40, 160, 1, 0);
    g_sea.v.sharks = 2;
    g_sea.sx[0] = 130; /* 30-40-50 from fish 0, ~92 from fish 1 */
    g_sea.sy[0] = 140;
    g_sea.sx[1] = 49; /* 9-12-15 from fish 1, ~88 from fish 0 */
    g_sea.sy[1] = 172;
    MetricsCtx m;
    init_ctx(&m, NULL);
    Metrics r;
    compute(&m, &r);
    ck_assert_int_eq(r.sharks, 2);
    ck_assert_double_eq_tol(r.shark_nearest_mean, (50.0 + 15.0) / 2.0, 1e-4);
    metrics_deinit(&m);
}
END_TEST

START_TEST(no_shark_gives_nan)
{
    add_fish(100, 100, 1, 0);
    MetricsCtx m;
    init_ctx(&m, NULL);
    Metrics r;
    compute(&m, &r);
    ck_assert(isnan(r.shark_nearest_mean));
    metrics_deinit(&m);
}
END_TEST

/* Step every fish with its velocity for `steps` steps, observing each;
 * flip[i] > 0 reverses fish i's velocity every flip[i] steps. */
static void run_observed(MetricsCtx *m, const int *flip, int steps)
{
    Err e = {""};
    for (int s = 1; s <= steps; s++) {
        g_sea.v.step = (uint64_t)s;
        for (int i = 0; i < g_sea.v.fish; i++) {
            if (flip[i] > 0 && s % flip[i] == 0) {
                g_sea.vx[i] = -g_sea.vx[i];
                g_sea.vy[i] = -g_sea.vy[i];
            }
            g_sea.x[i] += g_sea.vx[i] / 60.0f;
            g_sea.y[i] += g_sea.vy[i] / 60.0f;
        }
        ck_assert_msg(metrics_observe(m, &g_sea.v, &e) == 0, "%s", e.msg);
    }
}

START_TEST(flipping_near_shore_is_jitter_cruising_is_not)
{
    int flip[4];
    add_fish(35, 50, 30, 0); /* 16 px from shore, flips every 10 steps */
    flip[0] = 10;
    add_fish(35, 80, 0, 40); /* near shore, cruising straight */
    flip[1] = 0;
    add_fish(150, 110, 30, 0); /* flips the same way, but in open water */
    flip[2] = 10;
    add_fish(35, 150, 0, 30); /* near shore, flips every 40 steps (0.67 s) */
    flip[3] = 40;
    MetricsCtx m;
    init_ctx(&m, NULL);
    run_observed(&m, flip, 120);
    Metrics r;
    compute(&m, &r);
    /* only fish 0: fish 3's third reversal comes 80 steps after its first */
    ck_assert_int_eq(r.shore_jitter, 1);
    /* 12 flips of fish 0 and 3 of fish 3; open-water flips don't count */
    ck_assert_uint_eq(r.shore_reversals, 12 + 3);
    ck_assert_uint_eq(r.observed_steps, 120);
    metrics_reset_jitter(&m);
    compute(&m, &r);
    ck_assert_int_eq(r.shore_jitter, 0);
    ck_assert_uint_eq(r.shore_reversals, 0);
    metrics_deinit(&m);
}
END_TEST

/* A sea lists its fish in a new order every step (v->id says who is
 * where): histories follow the fish, not the slot. The fish of
 * flipping_near_shore_is_jitter_cruising_is_not, their slots rotated and
 * reversed from step to step, give the same counts. */
START_TEST(jitter_follows_fish_across_reorders)
{
    enum { N = 4 };
    int flip[N] = {10, 0, 10, 40};
    add_fish(35, 50, 30, 0);
    add_fish(35, 80, 0, 40);
    add_fish(150, 110, 30, 0);
    add_fish(35, 150, 0, 30);
    float x[N], y[N], vx[N], vy[N];
    int id[N];
    SeaView v = g_sea.v;
    v.x = x;
    v.y = y;
    v.vx = vx;
    v.vy = vy;
    v.id = id;
    MetricsCtx m;
    init_ctx(&m, NULL);
    Err e = {""};
    for (int s = 1; s <= 120; s++) {
        for (int i = 0; i < N; i++) {
            if (flip[i] > 0 && s % flip[i] == 0) {
                g_sea.vx[i] = -g_sea.vx[i];
                g_sea.vy[i] = -g_sea.vy[i];
            }
            g_sea.x[i] += g_sea.vx[i] / 60.0f;
            g_sea.y[i] += g_sea.vy[i] / 60.0f;
        }
        for (int k = 0; k < N; k++) {
            int f = s % 2 ? (k + s) % N : N - 1 - (k + s) % N;
            id[k] = f;
            x[k] = g_sea.x[f];
            y[k] = g_sea.y[f];
            vx[k] = g_sea.vx[f];
            vy[k] = g_sea.vy[f];
        }
        v.step = (uint64_t)s;
        ck_assert_msg(metrics_observe(&m, &v, &e) == 0, "%s", e.msg);
    }
    Metrics r;
    compute(&m, &r);
    ck_assert_int_eq(r.shore_jitter, 1);
    ck_assert_uint_eq(r.shore_reversals, 12 + 3);
    metrics_deinit(&m);
}
END_TEST

START_TEST(three_reversals_in_exactly_one_second_is_jitter)
{
    int flip[1] = {30}; /* reversals at steps 30, 60, 90: 60 steps = 1 s */
    add_fish(35, 50, 30, 0);
    MetricsCtx m;
    init_ctx(&m, NULL);
    run_observed(&m, flip, 95);
    Metrics r;
    compute(&m, &r);
    ck_assert_uint_eq(r.shore_reversals, 3);
    ck_assert_int_eq(r.shore_jitter, 1);
    metrics_deinit(&m);
}
END_TEST

/* Fish 0 swings between headings 0 and 100 degrees, fish 1 between 0 and
 * 80 degrees, every 10 steps, both near shore. */
START_TEST(reversal_means_more_than_ninety_degrees)
{
    add_fish(30, 40, 30, 0);
    add_fish(30, 140, 30, 0);
    MetricsCtx m;
    init_ctx(&m, NULL);
    Err e = {""};
    const double deg[2] = {100.0, 80.0};
    for (int s = 1; s <= 60; s++) {
        for (int i = 0; i < 2; i++) {
            double a = (s / 10) % 2 ? deg[i] * M_PI / 180.0 : 0.0;
            g_sea.vx[i] = (float)(30.0 * cos(a));
            g_sea.vy[i] = (float)(30.0 * sin(a));
        }
        g_sea.v.step = (uint64_t)s;
        ck_assert_msg(metrics_observe(&m, &g_sea.v, &e) == 0, "%s", e.msg);
    }
    Metrics r;
    compute(&m, &r);
    /* swings at steps 10, 20, ..., 60: six reversals, all fish 0's */
    ck_assert_uint_eq(r.shore_reversals, 6);
    ck_assert_int_eq(r.shore_jitter, 1);
    metrics_deinit(&m);
}
END_TEST

START_TEST(one_u_turn_is_one_reversal)
{
    /* a smooth 180-degree turn over 60 steps near shore (it swings at
     * most 30/pi px to the right, staying inside the margin) */
    add_fish(30, 100, 30, 0);
    MetricsCtx m;
    init_ctx(&m, NULL);
    Err e = {""};
    for (int s = 1; s <= 60; s++) {
        double a = M_PI * s / 60.0;
        g_sea.vx[0] = (float)(30.0 * cos(a));
        g_sea.vy[0] = (float)(30.0 * sin(a));
        g_sea.x[0] += g_sea.vx[0] / 60.0f;
        g_sea.y[0] += g_sea.vy[0] / 60.0f;
        g_sea.v.step = (uint64_t)s;
        ck_assert_msg(metrics_observe(&m, &g_sea.v, &e) == 0, "%s", e.msg);
    }
    Metrics r;
    compute(&m, &r);
    ck_assert_uint_eq(r.shore_reversals, 1);
    ck_assert_int_eq(r.shore_jitter, 0);
    metrics_deinit(&m);
}
END_TEST

START_TEST(respawn_restarts_the_history)
{
    /* two flips, then the fish is eaten and reappears far away with the
     * opposite heading: that is not a third reversal */
    add_fish(35, 50, 30, 0);
    MetricsCtx m;
    init_ctx(&m, NULL);
    Err e = {""};
    float vx[4] = {-30, 30, -30, 30};
    float x[4] = {35, 35, 35, 40};
    float y[4] = {50, 50, 50, 150};
    for (int s = 0; s < 4; s++) {
        g_sea.v.step = (uint64_t)(s + 1) * 5;
        g_sea.vx[0] = vx[s];
        g_sea.x[0] = x[s];
        g_sea.y[0] = y[s];
        ck_assert_msg(metrics_observe(&m, &g_sea.v, &e) == 0, "%s", e.msg);
    }
    /* one more flip after the respawn: history restarted, one reversal */
    g_sea.v.step = 25;
    g_sea.vx[0] = -30;
    ck_assert_msg(metrics_observe(&m, &g_sea.v, &e) == 0, "%s", e.msg);
    Metrics r;
    compute(&m, &r);
    ck_assert_uint_eq(r.shore_reversals, 3);
    ck_assert_int_eq(r.shore_jitter, 0);
    metrics_deinit(&m);
}
END_TEST

START_TEST(observe_refuses_steps_going_back_and_too_many_fish)
{
    add_fish(100, 100, 1, 0);
    MetricsCtx m;
    init_ctx(&m, NULL);
    Err e = {""};
    g_sea.v.step = 10;
    ck_assert_int_eq(metrics_observe(&m, &g_sea.v, &e), 0);
    ck_assert_int_eq(metrics_observe(&m, &g_sea.v, &e), 0); /* same step: no-op */
    Metrics r;
    compute(&m, &r);
    ck_assert_uint_eq(r.observed_steps, 1);
    g_sea.v.step = 9;
    ck_assert_int_eq(metrics_observe(&m, &g_sea.v, &e), -1);
    ck_assert_ptr_nonnull(strstr(e.msg, "step 9"));
    g_sea.v.step = 11;
    g_sea.v.fish = MAXF + 1;
    ck_assert_int_eq(metrics_observe(&m, &g_sea.v, &e), -1);
    ck_assert_ptr_nonnull(strstr(e.msg, "capacity"));
    ck_assert_int_eq(metrics_compute(&m, &g_sea.v, &r, &e), -1);
    ck_assert_ptr_nonnull(strstr(e.msg, "capacity"));
    metrics_deinit(&m);
}
END_TEST

START_TEST(config_is_validated)
{
    MetricsConfig c;
    MetricsCtx m;
    Err e = {""};
    test_config(&c);
    c.link_radius = 0;
    ck_assert_int_eq(metrics_init(&m, &c, &g_shore, 10, NULL, &e), -1);
    ck_assert_ptr_nonnull(strstr(e.msg, "link_radius"));
    test_config(&c);
    c.dt = NAN;
    ck_assert_int_eq(metrics_config_validate(&c, &e), -1);
    ck_assert_ptr_nonnull(strstr(e.msg, "dt"));
    test_config(&c);
    c.shore_margin = -1;
    ck_assert_int_eq(metrics_config_validate(&c, &e), -1);
    ck_assert_ptr_nonnull(strstr(e.msg, "shore_margin"));
    test_config(&c);
    c.kinds = 3;
    ck_assert_int_eq(metrics_config_validate(&c, &e), -1);
    ck_assert_ptr_nonnull(strstr(e.msg, "kinds"));
    test_config(&c);
    ck_assert_int_eq(metrics_init(&m, &c, &g_shore, 0, NULL, &e), -1);
    ck_assert_ptr_nonnull(strstr(e.msg, "capacity"));
}
END_TEST

START_TEST(config_from_sea_params)
{
    SeaParams p;
    memset(&p, 0, sizeof p);
    p.neighbor_radius = 24;
    p.shore_margin = 48;
    p.dt = 1.0f / 30.0f;
    p.max_speed = 90;
    p.kinds = 2;
    MetricsConfig c;
    metrics_config_from_params(&c, &p);
    ck_assert_int_eq(c.kinds, 2);
    ck_assert_float_eq(c.link_radius, 24.0f);
    ck_assert_float_eq(c.shore_margin, 48.0f);
    ck_assert_float_eq(c.dt, 1.0f / 30.0f);
    ck_assert_float_eq(c.max_speed, 90.0f);
    ck_assert_float_eq(c.jitter_window, 1.0f);
}
END_TEST

/* ---- reference: all pairs, for a random cloud ---- */

static int ref_find(int *p, int i)
{
    while (p[i] != i) i = p[i] = p[p[i]];
    return i;
}

static uint32_t lcg(uint32_t *s)
{
    *s = *s * 1664525u + 1013904223u;
    return *s >> 8;
}

static void random_cloud(int n, uint32_t seed)
{
    uint32_t s = seed;
    for (int i = 0; i < n; i++) {
        /* clumps around a few centres so schools of many sizes appear */
        float cx = 30.0f + (float)(lcg(&s) % 5) * 35.0f;
        float cy = 20.0f + (float)(lcg(&s) % 5) * 38.0f;
        float x = cx + (float)(lcg(&s) % 3000) / 100.0f - 15.0f;
        float y = cy + (float)(lcg(&s) % 3000) / 100.0f - 15.0f;
        float a = (float)(lcg(&s) % 628) / 100.0f;
        add_fish(x, y, cosf(a) * 20.0f, sinf(a) * 20.0f);
    }
}

START_TEST(matches_all_pairs_reference)
{
    random_cloud(600, 7u + (uint32_t)_i);
    int n = g_sea.v.fish;
    static int parent[MAXF], size[MAXF];
    double nn_sum = 0.0;
    for (int i = 0; i < n; i++) parent[i] = i;
    for (int i = 0; i < n; i++) {
        double best = INFINITY;
        for (int j = 0; j < n; j++) {
            if (j == i) continue;
            double dx = (double)g_sea.x[i] - g_sea.x[j], dy = (double)g_sea.y[i] - g_sea.y[j];
            double d2 = dx * dx + dy * dy;
            if (d2 < best) best = d2;
            if (d2 <= 100.0) parent[ref_find(parent, i)] = ref_find(parent, j);
        }
        nn_sum += sqrt(best);
    }
    memset(size, 0, sizeof size);
    for (int i = 0; i < n; i++) size[ref_find(parent, i)]++;
    int schools = 0, largest = 0, loners = 0;
    for (int i = 0; i < n; i++) {
        if (size[i] >= 2) schools++;
        if (size[i] == 1) loners++;
        if (size[i] > largest) largest = size[i];
    }
    MetricsCtx m;
    init_ctx(&m, NULL);
    Metrics r;
    compute(&m, &r);
    ck_assert_int_eq(r.schools, schools);
    ck_assert_int_eq(r.loners, loners);
    ck_assert_int_eq(r.largest_school, largest);
    ck_assert_double_eq_tol(r.mean_nn_dist, nn_sum / n, 1e-3);
    /* aligned schools: the same links, kept only where headings agree */
    for (int i = 0; i < n; i++) parent[i] = i;
    for (int i = 0; i < n; i++)
        for (int j = i + 1; j < n; j++) {
            double dx = (double)g_sea.x[i] - g_sea.x[j], dy = (double)g_sea.y[i] - g_sea.y[j];
            double cosij = (g_sea.vx[i] * g_sea.vx[j] + g_sea.vy[i] * g_sea.vy[j]) /
                           (hypot(g_sea.vx[i], g_sea.vy[i]) * hypot(g_sea.vx[j], g_sea.vy[j]));
            if (dx * dx + dy * dy <= 100.0 && cosij > METRICS_ALIGN_COS)
                parent[ref_find(parent, i)] = ref_find(parent, j);
        }
    memset(size, 0, sizeof size);
    for (int i = 0; i < n; i++) size[ref_find(parent, i)]++;
    int aligned = 0, alargest = 0;
    for (int i = 0; i < n; i++) {
        if (size[i] >= 2) aligned++;
        if (size[i] > alargest) alargest = size[i];
    }
    ck_assert_int_eq(r.aligned_schools, aligned);
    ck_assert_int_eq(r.aligned_largest, alargest);
    metrics_deinit(&m);
}
END_TEST

START_TEST(same_result_with_a_worker_pool)
{
    random_cloud(MAXF, 99);
    g_sea.v.sharks = 1;
    g_sea.sx[0] = 77;
    g_sea.sy[0] = 33;
    Metrics a, b;
    MetricsCtx m;
    init_ctx(&m, NULL);
    compute(&m, &a);
    metrics_deinit(&m);
    JobPool *pool;
    Err e = {""};
    ck_assert_msg(jobs_init(&pool, 2, &e) == 0, "%s", e.msg);
    init_ctx(&m, pool);
    compute(&m, &b);
    metrics_deinit(&m);
    jobs_deinit(pool);
    ck_assert_int_eq(a.schools, b.schools);
    ck_assert_int_eq(a.largest_school, b.largest_school);
    ck_assert(a.mean_nn_dist == b.mean_nn_dist);
    ck_assert(a.mean_polarization == b.mean_polarization);
    ck_assert(a.shark_nearest_mean == b.shark_nearest_mean);
    ck_assert(a.mean_neighbors == b.mean_neighbors);
    ck_assert_int_eq(a.aligned_schools, b.aligned_schools);
    ck_assert_int_eq(a.aligned_largest, b.aligned_largest);
    ck_assert(a.aligned_largest_or == b.aligned_largest_or || isnan(a.aligned_largest_or));
    ck_assert(a.order_p == b.order_p || (isnan(a.order_p) && isnan(b.order_p)));
    ck_assert(a.order_r == b.order_r || (isnan(a.order_r) && isnan(b.order_r)));
    ck_assert(a.share_polarized == b.share_polarized);
}
END_TEST

/* ------------------------------------------------ aligned schools, states */

/* n fish on a circle of radius rad about (cx, cy), all swimming round it
 * anticlockwise (dir 1) or clockwise (-1) at 50 px/s. */
static void add_ring(float cx, float cy, float rad, int n, float dir)
{
    for (int k = 0; k < n; k++) {
        double a = 6.283185307179586 * k / n;
        add_fish(cx + rad * (float)cos(a), cy + rad * (float)sin(a), -dir * 50.0f * (float)sin(a),
                 dir * 50.0f * (float)cos(a));
    }
}

START_TEST(a_ring_of_circling_fish_mills)
{
    /* 80 fish 3.1 px apart: one aligned school, turning as one */
    add_ring(110, 100, 40, 80, 1.0f);
    MetricsCtx m;
    init_ctx(&m, NULL);
    Metrics r;
    compute(&m, &r);
    ck_assert_int_eq(r.aligned_schools, 1);
    ck_assert_int_eq(r.aligned_big, 1);
    ck_assert_int_eq(r.aligned_largest, 80);
    ck_assert_double_eq_tol(r.aligned_largest_or, 1.0, 1e-3);
    ck_assert_double_eq_tol(r.aligned_largest_op, 0.0, 1e-3);
    ck_assert_double_eq_tol(r.order_r, 1.0, 1e-3);
    ck_assert_double_eq_tol(r.share_milling, 1.0, 1e-9);
    ck_assert_double_eq_tol(r.share_polarized, 0.0, 1e-9);
    metrics_deinit(&m);
}
END_TEST

START_TEST(a_ring_turning_either_way_mills_alike)
{
    add_ring(110, 100, 40, 80, -1.0f);
    MetricsCtx m;
    init_ctx(&m, NULL);
    Metrics r;
    compute(&m, &r);
    ck_assert_double_eq_tol(r.aligned_largest_or, 1.0, 1e-3);
    ck_assert_double_eq_tol(r.share_milling, 1.0, 1e-9);
    metrics_deinit(&m);
}
END_TEST

START_TEST(a_parallel_school_is_polarized)
{
    /* a 10 x 10 block 4 px apart, every fish heading the same way */
    for (int j = 0; j < 10; j++)
        for (int k = 0; k < 10; k++) add_fish(60.0f + 4.0f * k, 60.0f + 4.0f * j, 30, -40);
    MetricsCtx m;
    init_ctx(&m, NULL);
    Metrics r;
    compute(&m, &r);
    ck_assert_int_eq(r.aligned_schools, 1);
    ck_assert_int_eq(r.aligned_largest, 100);
    ck_assert_double_eq_tol(r.aligned_largest_share, 1.0, 1e-9);
    ck_assert_double_eq_tol(r.aligned_largest_op, 1.0, 1e-6);
    ck_assert_double_eq_tol(r.aligned_largest_or, 0.0, 1e-6);
    ck_assert_double_eq_tol(r.order_p, 1.0, 1e-6);
    ck_assert_double_eq_tol(r.share_polarized, 1.0, 1e-9);
    ck_assert_double_eq_tol(r.share_small, 0.0, 1e-9);
    metrics_deinit(&m);
}
END_TEST

START_TEST(interleaved_opposite_schools_are_two_schools)
{
    /* rows 3 px apart, alternate rows swimming opposite ways: by distance
     * alone one school, by heading two of 50 */
    for (int j = 0; j < 10; j++)
        for (int k = 0; k < 10; k++)
            add_fish(60.0f + 3.0f * k, 60.0f + 3.0f * j, j % 2 ? -1 : 1, 0);
    MetricsCtx m;
    init_ctx(&m, NULL);
    Metrics r;
    compute(&m, &r);
    ck_assert_int_eq(r.schools, 1);
    ck_assert_int_eq(r.aligned_schools, 2);
    ck_assert_int_eq(r.aligned_big, 2);
    ck_assert_int_eq(r.aligned_largest, 50);
    ck_assert_double_eq_tol(r.aligned_largest_share, 0.5, 1e-9);
    ck_assert_double_eq_tol(r.aligned_largest_op, 1.0, 1e-6);
    ck_assert_double_eq_tol(r.share_polarized, 1.0, 1e-9);
    metrics_deinit(&m);
}
END_TEST

START_TEST(small_groups_have_no_state)
{
    /* 19 aligned fish: a school, but under METRICS_BIG_SCHOOL */
    add_row(40, 100, METRICS_BIG_SCHOOL - 1, 1, 0);
    add_fish(150, 150, 0, 0); /* a still fish links to nobody */
    add_fish(152, 150, 0, 0);
    MetricsCtx m;
    init_ctx(&m, NULL);
    Metrics r;
    compute(&m, &r);
    ck_assert_int_eq(r.aligned_schools, 1);
    ck_assert_int_eq(r.aligned_big, 0);
    ck_assert(isnan(r.order_p) && isnan(r.order_r));
    ck_assert_double_eq_tol(r.share_small, 1.0, 1e-9);
    ck_assert_double_eq_tol(
        r.share_polarized + r.share_milling + r.share_swarm + r.share_transitional, 0.0, 1e-9);
    metrics_deinit(&m);
}
END_TEST

START_TEST(no_fish_gives_nan_shares)
{
    MetricsCtx m;
    init_ctx(&m, NULL);
    Metrics r;
    compute(&m, &r);
    ck_assert_int_eq(r.aligned_schools, 0);
    ck_assert(isnan(r.aligned_largest_share) && isnan(r.share_polarized) && isnan(r.share_small));
    metrics_deinit(&m);
}
END_TEST

static Suite *metrics_suite(void)
{
    Suite *s = suite_create("metrics");
    TCase *tc = tcase_create("core");
    tcase_add_checked_fixture(tc, setup, NULL);
    tcase_add_test(tc, two_separated_clusters_are_two_schools);
    tcase_add_test(tc, chain_of_links_is_one_school);
    tcase_add_test(tc, aligned_school_has_polarization_one);
    tcase_add_test(tc, opposite_pairs_have_polarization_zero);
    tcase_add_test(tc, mean_polarization_is_fish_weighted);
    tcase_add_test(tc, no_school_gives_nan_polarization);
    tcase_add_test(tc, nearest_neighbour_distance_beyond_the_link_radius);
    tcase_add_test(tc, one_fish_has_no_nearest_neighbour);
    tcase_add_test(tc, fish_on_land_and_off_map_are_counted);
    tcase_add_test(tc, shark_distance_to_nearest_fish);
    tcase_add_test(tc, no_shark_gives_nan);
    tcase_add_test(tc, flipping_near_shore_is_jitter_cruising_is_not);
    tcase_add_test(tc, jitter_follows_fish_across_reorders);
    tcase_add_test(tc, three_reversals_in_exactly_one_second_is_jitter);
    tcase_add_test(tc, reversal_means_more_than_ninety_degrees);
    tcase_add_test(tc, one_u_turn_is_one_reversal);
    tcase_add_test(tc, respawn_restarts_the_history);
    tcase_add_test(tc, observe_refuses_steps_going_back_and_too_many_fish);
    tcase_add_test(tc, config_is_validated);
    tcase_add_test(tc, config_from_sea_params);
    tcase_add_loop_test(tc, matches_all_pairs_reference, 0, 3);
    tcase_add_test(tc, same_result_with_a_worker_pool);
    tcase_add_test(tc, a_ring_of_circling_fish_mills);
    tcase_add_test(tc, a_ring_turning_either_way_mills_alike);
    tcase_add_test(tc, a_parallel_school_is_polarized);
    tcase_add_test(tc, interleaved_opposite_schools_are_two_schools);
    tcase_add_test(tc, small_groups_have_no_state);
    tcase_add_test(tc, no_fish_gives_nan_shares);
    suite_add_tcase(s, tc);
    return s;
}

SHOAL_CHECK_MAIN(metrics_suite)
