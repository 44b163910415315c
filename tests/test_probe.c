/* test_probe: the density probe of a stimulus sea against its control sea,
 * and the school's order parameters over a sea's life. Maps are built in
 * memory. */
#include <math.h>
#include <stdint.h>

#include "core/jobs.h"
#include "core/metrics.h"
#include "core/sea.h"
#include "core/shore.h"
#include "testutil.h"

#define SIDE 400

typedef struct World {
    uint8_t land[SIDE * SIDE];
    ShoreField shore;
} World;

static World g_world;

/* Open water with a one-pixel rim of land. */
static void setup(void)
{
    for (int y = 0; y < SIDE; y++)
        for (int x = 0; x < SIDE; x++)
            g_world.land[y * SIDE + x] = x == 0 || y == 0 || x == SIDE - 1 || y == SIDE - 1;
    Err e = {""};
    ck_assert_msg(shore_bake(&g_world.shore, g_world.land, SIDE, SIDE, &e) == 0, "%s", e.msg);
}

static void teardown(void)
{
    shore_free(&g_world.shore);
}

static Sea *make_sea(uint64_t seed, int fish, JobPool *pool)
{
    SeaParams p;
    sea_params_default(&p);
    Sea *s = NULL;
    Err e = {""};
    ck_assert_msg(sea_init(&s, &g_world.shore, &p, seed, fish, 0, pool, &e) == 0, "%s", e.msg);
    return s;
}

/* A stimulus sea and its control from one seed, settled for 120 steps;
 * then a cursor of radius `cursor` (0: none) crossing the middle at
 * 30 px/s for 4 s, in the stimulus sea only, its disk probed each step. */
static MetricsProbe cross(JobPool *pool, float cursor)
{
    Sea *stim = make_sea(5, 600, pool), *ctrl = make_sea(5, 600, pool);
    for (int t = 0; t < 120; t++) {
        sea_step(stim);
        sea_step(ctrl);
    }
    const SeaParams *p = sea_params(ctrl);
    MetricsProbe pr = {0};
    for (int t = 0; t < 240; t++) {
        float x = 140.0f + 30.0f * p->dt * (float)t, y = 200.0f;
        sea_set_cursor(stim, x, y, cursor);
        sea_step(stim);
        sea_step(ctrl);
        metrics_probe_add(&pr, stim, ctrl, x, y, 30.0f, 0.0);
    }
    sea_deinit(ctrl);
    sea_deinit(stim);
    return pr;
}

START_TEST(a_probe_without_stimulus_reports_exactly_one)
{
    MetricsProbe pr = cross(NULL, 0.0f);
    ck_assert_int_gt(pr.samples, 100);
    ck_assert(pr.ctrl > 0.0);
    ck_assert(metrics_probe_ratio(&pr) == 1.0);
}
END_TEST

START_TEST(a_cursor_thins_its_disk)
{
    MetricsProbe pr = cross(NULL, 40.0f);
    ck_assert_int_gt(pr.samples, 100);
    double r = metrics_probe_ratio(&pr);
    ck_assert_msg(r < 0.8, "ratio %.3f", r);
}
END_TEST

START_TEST(a_probe_is_the_same_for_any_thread_count)
{
    JobPool *pool;
    Err e = {""};
    ck_assert_msg(jobs_init(&pool, 2, &e) == 0, "%s", e.msg);
    MetricsProbe a = cross(NULL, 40.0f), b = cross(pool, 40.0f);
    jobs_deinit(pool);
    ck_assert_int_eq(a.samples, b.samples);
    ck_assert(a.stim == b.stim && a.ctrl == b.ctrl);
}
END_TEST

START_TEST(an_empty_control_disk_is_not_sampled)
{
    Sea *a = make_sea(5, 600, NULL), *b = make_sea(5, 600, NULL);
    MetricsProbe pr = {0};
    /* on the rim of land: no fish there in either sea */
    ck_assert_int_eq(metrics_probe_add(&pr, a, b, 0.5f, 0.5f, 0.4f, 0.0), 0);
    /* the whole map holds all 600: in a school by any threshold */
    ck_assert_int_eq(metrics_probe_add(&pr, a, b, 200, 200, 400, 600.0), 1);
    ck_assert_int_eq(metrics_probe_add(&pr, a, b, 200, 200, 400, 601.0), 0);
    ck_assert_int_eq(pr.samples, 1);
    ck_assert(pr.stim == 600.0 && pr.ctrl == 600.0);
    ck_assert(isnan(metrics_probe_ratio(&(MetricsProbe){0})));
    sea_deinit(b);
    sea_deinit(a);
}
END_TEST

START_TEST(the_school_threshold_scales_with_the_disk)
{
    ck_assert_double_eq_tol(metrics_probe_min(20.0f, 20.0f), METRICS_PROBE_SCHOOL, 1e-12);
    ck_assert_double_eq_tol(metrics_probe_min(40.0f, 20.0f), 4.0 * METRICS_PROBE_SCHOOL, 1e-12);
}
END_TEST

static void measure(Sea *s, MetricsCtx *m, Metrics *out)
{
    SeaView v;
    sea_view(s, &v);
    Err e = {""};
    ck_assert_msg(metrics_compute(m, &v, out, &e) == 0, "%s", e.msg);
}

START_TEST(polarization_rises_from_a_random_start)
{
    /* 300 fish spawn in schools of random headings; 10 s later most swim
     * in polarized schools (600 fish in this box mill as one instead) */
    Sea *s = make_sea(3, 300, NULL);
    MetricsConfig c;
    metrics_config_from_params(&c, sea_params(s));
    MetricsCtx m;
    Err e = {""};
    ck_assert_msg(metrics_init(&m, &c, &g_world.shore, 300, NULL, &e) == 0, "%s", e.msg);
    Metrics before, after;
    measure(s, &m, &before);
    for (int t = 0; t < 600; t++) sea_step(s);
    measure(s, &m, &after);
    ck_assert_msg(before.share_polarized < 0.2 && after.share_polarized > 0.5,
                  "polarized share %.3f -> %.3f", before.share_polarized, after.share_polarized);
    ck_assert_msg(after.mean_polarization > before.mean_polarization + 0.2,
                  "polarization %.3f -> %.3f", before.mean_polarization, after.mean_polarization);
    ck_assert_msg(after.order_p > before.order_p + 0.3, "O_p %.3f -> %.3f", before.order_p,
                  after.order_p);
    metrics_deinit(&m);
    sea_deinit(s);
}
END_TEST

static Suite *probe_suite(void)
{
    Suite *s = suite_create("probe");
    TCase *tc = tcase_create("core");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_test(tc, a_probe_without_stimulus_reports_exactly_one);
    tcase_add_test(tc, a_cursor_thins_its_disk);
    tcase_add_test(tc, a_probe_is_the_same_for_any_thread_count);
    tcase_add_test(tc, an_empty_control_disk_is_not_sampled);
    tcase_add_test(tc, the_school_threshold_scales_with_the_disk);
    tcase_add_test(tc, polarization_rises_from_a_random_start);
    suite_add_tcase(s, tc);
    return s;
}

SHOAL_CHECK_MAIN(probe_suite)
