/* test_shore: the baked distance field against brute-force Euclidean truth, and its sampling. */
#include "testutil.h"

#include <math.h>
#include <stdint.h>

#include "core/shore.h"

/* Worst-case relative error the 7x7 weights are fitted to (0.894%, see
 * shore.c); anything above it means the mask or a pass is broken even
 * while the 2% requirement still holds. */
#define CHAMFER_BOUND 0.0090
/* The field is stored at 1/64 px, rounded twice (the forward pass's value
 * between the passes, then the final one): at most 1/128 px each. */
#define ROUND_BOUND (1.0 / 64.0)

/* A small deterministic generator so masks don't depend on libc's rand. */
static uint32_t rng_next(uint32_t *s)
{
    *s = *s * 1664525u + 1013904223u;
    return *s >> 8;
}

static int rng_below(uint32_t *s, int n)
{
    return (int)(rng_next(s) % (uint32_t)n);
}

/* Scattered land: discs of radius 1..6 and lone pixels, some touching the
 * map edges. */
static uint8_t *random_mask(int w, int h, uint32_t seed)
{
    uint8_t *m = calloc((size_t)w * (size_t)h, 1);
    ck_assert_ptr_nonnull(m);
    uint32_t s = seed;
    int blobs = w * h / 900 + 1;
    for (int b = 0; b < blobs; b++) {
        int cx = rng_below(&s, w), cy = rng_below(&s, h), r = 1 + rng_below(&s, 6);
        for (int y = cy - r; y <= cy + r; y++)
            for (int x = cx - r; x <= cx + r; x++)
                if (x >= 0 && y >= 0 && x < w && y < h &&
                    (x - cx) * (x - cx) + (y - cy) * (y - cy) <= r * r)
                    m[(size_t)y * (size_t)w + (size_t)x] = 1;
    }
    int singles = w * h / 400 + 1;
    for (int i = 0; i < singles; i++)
        m[(size_t)rng_below(&s, h) * (size_t)w + (size_t)rng_below(&s, w)] = 1;
    return m;
}

/* Exact Euclidean distance of every pixel to the nearest land pixel centre,
 * by trying every land pixel; -1 where there is no land at all. */
static double *brute_edt(const uint8_t *m, int w, int h)
{
    size_t n = (size_t)w * (size_t)h;
    double *d = malloc(n * sizeof *d);
    int *lx = malloc(n * sizeof *lx), *ly = malloc(n * sizeof *ly);
    ck_assert(d && lx && ly);
    size_t nl = 0;
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++)
            if (m[(size_t)y * (size_t)w + (size_t)x]) {
                lx[nl] = x;
                ly[nl] = y;
                nl++;
            }
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) {
            long best = -1;
            for (size_t k = 0; k < nl; k++) {
                long dx = x - lx[k], dy = y - ly[k], d2 = dx * dx + dy * dy;
                if (best < 0 || d2 < best) best = d2;
            }
            d[(size_t)y * (size_t)w + (size_t)x] = best < 0 ? -1.0 : sqrt((double)best);
        }
    free(lx);
    free(ly);
    return d;
}

static void bake_ok(ShoreField *f, const uint8_t *m, int w, int h)
{
    Err e = {{0}};
    int rc = shore_bake(f, m, w, h, &e);
    ck_assert_msg(rc == 0, "shore_bake %dx%d failed: %s", w, h, e.msg);
    ck_assert_int_eq(f->w, w);
    ck_assert_int_eq(f->h, h);
    ck_assert_ptr_nonnull(f->dist);
}

static float px(const ShoreField *f, int x, int y)
{
    return shore_px(f, (size_t)y * (size_t)f->w + (size_t)x);
}

START_TEST(test_accuracy_random_masks)
{
    /* Odd widths exercise the ragged ends of the vectorised rows. */
    static const int sizes[][2] = {{96, 96}, {96, 96}, {97, 61}, {61, 97}, {130, 45}, {7, 90}};
    for (size_t k = 0; k < sizeof sizes / sizeof sizes[0]; k++) {
        int w = sizes[k][0], h = sizes[k][1];
        uint8_t *m = random_mask(w, h, 1234u + 77u * (uint32_t)k);
        double *ex = brute_edt(m, w, h);
        ShoreField f;
        bake_ok(&f, m, w, h);
        double worst_far = 0.0, worst_over = -1.0;
        size_t far_count = 0;
        for (size_t i = 0; i < (size_t)w * (size_t)h; i++) {
            ck_assert_msg(ex[i] >= 0.0, "mask %zu has no land", k);
            double d = shore_px(&f, i);
            if (m[i]) {
                ck_assert_msg(!shore_wet(&f, i), "land pixel %zu reads %g", i, d);
                continue;
            }
            double err = fabs(d - ex[i]);
            if (ex[i] >= 5.0) {
                far_count++;
                if (err / ex[i] > worst_far) worst_far = err / ex[i];
            }
            /* The chamfer's own relative error plus the rounding, no more. */
            double over = err - (CHAMFER_BOUND * ex[i] + ROUND_BOUND);
            if (over > worst_over) worst_over = over;
        }
        /* The masks must actually reach the distances under test. */
        ck_assert_msg(far_count > 100, "mask %zu: only %zu pixels at distance >= 5", k, far_count);
        ck_assert_msg(worst_far <= 0.02, "mask %zu: relative error %.4f at d >= 5", k, worst_far);
        ck_assert_msg(worst_over <= 0.0, "mask %zu: error %.5f px above %.4f d + 1/64 px", k,
                      worst_over, CHAMFER_BOUND);
        shore_free(&f);
        free(ex);
        free(m);
    }
}
END_TEST

START_TEST(test_next_to_land_is_one)
{
    int w = 96, h = 96;
    uint8_t *m = random_mask(w, h, 99u);
    ShoreField f;
    bake_ok(&f, m, w, h);
    int checked = 0;
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) {
            if (m[(size_t)y * (size_t)w + (size_t)x]) continue;
            int beside = (x > 0 && m[(size_t)y * (size_t)w + (size_t)x - 1]) ||
                         (x + 1 < w && m[(size_t)y * (size_t)w + (size_t)x + 1]) ||
                         (y > 0 && m[(size_t)(y - 1) * (size_t)w + (size_t)x]) ||
                         (y + 1 < h && m[(size_t)(y + 1) * (size_t)w + (size_t)x]);
            if (!beside) continue;
            ck_assert_msg(px(&f, x, y) == 1.0f, "(%d,%d) beside land reads %g", x, y,
                          (double)px(&f, x, y));
            checked++;
        }
    ck_assert_int_gt(checked, 100);
    shore_free(&f);
    free(m);
}
END_TEST

START_TEST(test_no_land_reads_the_cap)
{
    static const int sizes[][2] = {{1, 1}, {5, 3}, {37, 1}, {1, 37}, {64, 40}};
    for (size_t k = 0; k < sizeof sizes / sizeof sizes[0]; k++) {
        int w = sizes[k][0], h = sizes[k][1];
        uint8_t *m = calloc((size_t)w * (size_t)h, 1);
        ShoreField f;
        bake_ok(&f, m, w, h);
        for (size_t i = 0; i < (size_t)w * (size_t)h; i++) ck_assert(shore_px(&f, i) == SHORE_CAP);
        shore_free(&f);
        free(m);
    }
}
END_TEST

/* The one encoding: nearest code, saturating; decode is exact. */
START_TEST(test_codes_round_to_nearest)
{
    for (unsigned q = 0; q <= 65535u; q++)
        ck_assert_uint_eq(shore_encode(shore_decode((uint16_t)q)), q);
    static const struct {
        float d;
        unsigned q;
    } cases[] = {{0.0f, 0},         {1.0f / 256.0f, 0}, {1.0f / 128.0f, 1},
                 {1.41421356f, 91}, {24.0f, 1536},      {SHORE_CAP, 65535u},
                 {2000.0f, 65535u}, {65536.0f, 65535u}, {INFINITY, 65535u}};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
        ck_assert_msg(shore_encode(cases[i].d) == cases[i].q, "%g encodes as %u, not %u",
                      (double)cases[i].d, (unsigned)shore_encode(cases[i].d), cases[i].q);
    ck_assert_uint_eq(shore_encode(NAN), 65535u);
    /* Every px value rounds by at most half a code. */
    for (float d = 0.0f; d < 40.0f; d += 0.0137f)
        ck_assert(fabsf(shore_decode(shore_encode(d)) - d) <= 0.5f / SHORE_SCALE);
}
END_TEST

START_TEST(test_no_water_is_zero)
{
    static const int sizes[][2] = {{1, 1}, {5, 3}, {37, 1}, {1, 37}, {64, 40}};
    for (size_t k = 0; k < sizeof sizes / sizeof sizes[0]; k++) {
        int w = sizes[k][0], h = sizes[k][1];
        uint8_t *m = malloc((size_t)w * (size_t)h);
        /* Any non-zero byte is land. */
        memset(m, k % 2 ? 1 : 255, (size_t)w * (size_t)h);
        ShoreField f;
        bake_ok(&f, m, w, h);
        for (size_t i = 0; i < (size_t)w * (size_t)h; i++) ck_assert(!shore_wet(&f, i));
        shore_free(&f);
        free(m);
    }
}
END_TEST

/* One land pixel at k on a line of n: each pixel is exactly |i - k| away
 * (whole px need no rounding), or at the cap beyond it. */
static void check_line(int n, int k, int vertical)
{
    uint8_t *m = calloc((size_t)n, 1);
    m[k] = 1;
    ShoreField f;
    if (vertical)
        bake_ok(&f, m, 1, n);
    else
        bake_ok(&f, m, n, 1);
    for (int i = 0; i < n; i++)
        ck_assert_msg(shore_px(&f, (size_t)i) == fminf((float)abs(i - k), SHORE_CAP),
                      "%s line %d, land at %d: pixel %d reads %g", vertical ? "1xN" : "Nx1", n, k,
                      i, (double)shore_px(&f, (size_t)i));
    shore_free(&f);
    free(m);
}

START_TEST(test_thin_maps)
{
    uint8_t one = 1, zero = 0;
    ShoreField f;
    bake_ok(&f, &one, 1, 1);
    ck_assert(!shore_wet(&f, 0));
    ck_assert(shore_distance(&f, 0.5f, 0.5f) == 0.0f);
    shore_free(&f);
    bake_ok(&f, &zero, 1, 1);
    ck_assert(shore_px(&f, 0) == SHORE_CAP);
    ck_assert(shore_distance(&f, 3.0f, -2.0f) == SHORE_CAP);
    shore_free(&f);

    static const int lines[][2] = {{2, 0}, {3, 2}, {9, 4}, {41, 0}, {41, 40}, {16384, 5000}};
    for (size_t i = 0; i < sizeof lines / sizeof lines[0]; i++) {
        check_line(lines[i][0], lines[i][1], 0);
        check_line(lines[i][0], lines[i][1], 1);
    }
}
END_TEST

START_TEST(test_refuses_bad_input)
{
    uint8_t m[4] = {0};
    /* A stale field: bake must clear it even when it refuses. */
    static uint16_t stale[1];
    static const int bad[][2] = {{0, 4}, {4, 0}, {-1, 4}, {4, -3}, {0, 0}};
    for (size_t k = 0; k < sizeof bad / sizeof bad[0]; k++) {
        ShoreField f = {7, 7, stale};
        Err e = {{0}};
        ck_assert_int_eq(shore_bake(&f, m, bad[k][0], bad[k][1], &e), -1);
        ck_assert_msg(strstr(e.msg, "shore:") != NULL, "message: %s", e.msg);
        ck_assert_ptr_null(f.dist);
        ck_assert_int_eq(f.w, 0);
    }
    ShoreField f;
    Err e = {{0}};
    ck_assert_int_eq(shore_bake(&f, NULL, 2, 2, &e), -1);
    ck_assert_ptr_nonnull(strstr(e.msg, "mask"));
    ck_assert_ptr_null(f.dist);
    /* A NULL Err is allowed. */
    ck_assert_int_eq(shore_bake(&f, m, 0, 1, NULL), -1);
    /* shore_free leaves an empty field that can be freed again. */
    bake_ok(&f, m, 2, 2);
    shore_free(&f);
    ck_assert_ptr_null(f.dist);
    ck_assert_int_eq(f.w, 0);
    shore_free(&f);
}
END_TEST

/* A w x h water map with land where (x-cx)^2 + (y-cy)^2 <= r^2 (pixel
 * centres at integer + 0.5, so cx = 32.5 is the centre of pixel 32). */
static uint8_t *disc_mask(int w, int h, float cx, float cy, float r)
{
    uint8_t *m = calloc((size_t)w * (size_t)h, 1);
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) {
            float dx = (float)x + 0.5f - cx, dy = (float)y + 0.5f - cy;
            m[(size_t)y * (size_t)w + (size_t)x] = dx * dx + dy * dy <= r * r;
        }
    return m;
}

static void check_radial(const ShoreField *f, float cx, float cy, float r0, float r1)
{
    int samples = 0;
    for (float r = r0; r <= r1; r += 2.3f)
        for (int a = 0; a < 24; a++) {
            float ang = (float)a * 0.2618f + 0.05f;
            float ux = cosf(ang), uy = sinf(ang);
            float x = cx + r * ux, y = cy + r * uy, gx, gy;
            ck_assert_int_eq(shore_gradient(f, x, y, &gx, &gy), 1);
            float len = sqrtf(gx * gx + gy * gy);
            ck_assert_msg(fabsf(len - 1.0f) < 1e-5f, "length %g at (%g,%g)", (double)len, (double)x,
                          (double)y);
            float dot = gx * ux + gy * uy;
            ck_assert_msg(dot > 0.95f, "dot %g at r=%g angle %g", (double)dot, (double)r,
                          (double)ang);
            samples++;
        }
    ck_assert_int_gt(samples, 100);
}

START_TEST(test_gradient_radial)
{
    /* A single land pixel, then a disc of land. */
    uint8_t *m = disc_mask(64, 64, 32.5f, 32.5f, 0.1f);
    ShoreField f;
    bake_ok(&f, m, 64, 64);
    ck_assert(px(&f, 32, 32) == 0.0f && px(&f, 33, 32) == 1.0f);
    check_radial(&f, 32.5f, 32.5f, 3.0f, 26.0f);
    shore_free(&f);
    free(m);

    m = disc_mask(80, 70, 41.0f, 33.0f, 7.0f);
    bake_ok(&f, m, 80, 70);
    check_radial(&f, 41.0f, 33.0f, 9.0f, 30.0f);
    shore_free(&f);
    free(m);
}
END_TEST

START_TEST(test_gradient_straight_coasts)
{
    int w = 64, h = 48;
    uint8_t *m = calloc((size_t)w * (size_t)h, 1);
    /* Land to the west of x = 20 and south of y = 40. */
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) m[(size_t)y * (size_t)w + (size_t)x] = x < 20 || y >= 40;
    ShoreField f;
    bake_ok(&f, m, w, h);
    float gx, gy;
    for (float x = 20.2f; x < 28.0f; x += 0.7f)
        for (float y = 2.0f; y < 20.0f; y += 1.3f) {
            ck_assert_int_eq(shore_gradient(&f, x, y, &gx, &gy), 1);
            ck_assert_msg(gx > 0.9999f && fabsf(gy) < 0.01f, "west coast (%g,%g): (%g,%g)",
                          (double)x, (double)y, (double)gx, (double)gy);
        }
    for (float x = 40.0f; x < 60.0f; x += 1.3f)
        for (float y = 32.5f; y < 39.9f; y += 0.7f) {
            ck_assert_int_eq(shore_gradient(&f, x, y, &gx, &gy), 1);
            ck_assert_msg(gy < -0.9999f && fabsf(gx) < 0.01f, "south coast (%g,%g): (%g,%g)",
                          (double)x, (double)y, (double)gx, (double)gy);
        }
    shore_free(&f);

    /* A diagonal coast: land where x > y. */
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) m[(size_t)y * (size_t)w + (size_t)x] = x > y;
    bake_ok(&f, m, w, h);
    const float n = 0.70710678f;
    for (float t = 10.0f; t < 30.0f; t += 1.7f)
        for (float off = 2.0f; off < 12.0f; off += 1.1f) {
            float x = t - off * n, y = t + off * n;
            ck_assert_int_eq(shore_gradient(&f, x, y, &gx, &gy), 1);
            ck_assert_msg(-gx * n + gy * n > 0.99f, "diagonal coast (%g,%g): (%g,%g)", (double)x,
                          (double)y, (double)gx, (double)gy);
        }
    shore_free(&f);
    free(m);
}
END_TEST

START_TEST(test_flat_fields)
{
    uint8_t *m = calloc(40 * 30, 1);
    ShoreField f;
    float gx = 9.0f, gy = 9.0f;
    bake_ok(&f, m, 40, 30);
    ck_assert_int_eq(shore_gradient(&f, 13.3f, 7.9f, &gx, &gy), 0);
    ck_assert(gx == 0.0f && gy == 0.0f);
    gx = gy = 9.0f;
    ck_assert(shore_sample(&f, 0.1f, 29.9f, &gx, &gy) == SHORE_CAP);
    ck_assert(gx == 0.0f && gy == 0.0f);
    shore_free(&f);

    memset(m, 1, 40 * 30);
    bake_ok(&f, m, 40, 30);
    gx = gy = 9.0f;
    ck_assert_int_eq(shore_gradient(&f, 20.0f, 15.0f, &gx, &gy), 0);
    ck_assert(gx == 0.0f && gy == 0.0f);
    ck_assert(shore_sample(&f, 39.9f, 0.0f, &gx, &gy) == 0.0f);
    ck_assert(gx == 0.0f && gy == 0.0f);
    shore_free(&f);

    /* Deep inside a big island the field is flat too, but not at its coast. */
    for (int y = 0; y < 30; y++)
        for (int x = 0; x < 40; x++) m[y * 40 + x] = x < 20;
    bake_ok(&f, m, 40, 30);
    ck_assert_int_eq(shore_gradient(&f, 8.0f, 15.0f, &gx, &gy), 0);
    ck_assert_int_eq(shore_gradient(&f, 19.5f, 15.0f, &gx, &gy), 1);
    ck_assert(gx > 0.999f);
    shore_free(&f);
    free(m);
}
END_TEST

START_TEST(test_bilinear_distance)
{
    int w = 61, h = 47;
    uint8_t *m = random_mask(w, h, 4242u);
    ShoreField f;
    bake_ok(&f, m, w, h);
    /* Pixel centres give the pixel itself. */
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++)
            ck_assert(shore_distance(&f, (float)x + 0.5f, (float)y + 0.5f) == px(&f, x, y));
    /* Halfway between two centres is their mean. */
    float mid = shore_distance(&f, 11.0f, 9.5f);
    ck_assert(fabsf(mid - 0.5f * (px(&f, 10, 9) + px(&f, 11, 9))) < 1e-5f);
    /* Continuity: neighbouring pixels differ by at most the diagonal step,
     * so a 1e-3 move changes the value by at most ~1.5e-3, also across the
     * pixel edges (integer coordinates) and the centre lines (+0.5). */
    const float step = 1e-3f;
    for (float y = 0.25f; y < (float)h; y += 0.5f)
        for (float x = 0.25f; x < (float)w; x += 0.25f) {
            float d = shore_distance(&f, x, y);
            float dx = fabsf(shore_distance(&f, x + step, y) - d);
            float dy = fabsf(shore_distance(&f, x, y + step) - d);
            ck_assert_msg(dx < 2e-3f && dy < 2e-3f, "jump at (%g,%g): %g %g", (double)x, (double)y,
                          (double)dx, (double)dy);
        }
    /* Outside the map the border pixels are held. */
    ck_assert(shore_distance(&f, -5.0f, -5.0f) == px(&f, 0, 0));
    ck_assert(shore_distance(&f, (float)w + 10.0f, 20.5f) == px(&f, w - 1, 20));
    ck_assert(shore_distance(&f, 30.5f, 1e9f) == px(&f, 30, h - 1));
    ck_assert(shore_distance(&f, NAN, NAN) == px(&f, 0, 0));
    shore_free(&f);
    free(m);
}
END_TEST

START_TEST(test_gradient_continuous)
{
    /* Walk across many pixel edges and centre lines near an island: the
     * direction turns slowly, never jumps. */
    uint8_t *m = disc_mask(72, 72, 30.0f, 36.0f, 5.0f);
    ShoreField f;
    bake_ok(&f, m, 72, 72);
    float px0 = 0.0f, py0 = 0.0f;
    int have = 0;
    for (float x = 37.0f; x < 60.0f; x += 0.01f) {
        float y = 20.0f + 0.37f * (x - 37.0f), gx, gy;
        ck_assert_int_eq(shore_gradient(&f, x, y, &gx, &gy), 1);
        if (have)
            ck_assert_msg(gx * px0 + gy * py0 > 0.999f, "turn at (%g,%g)", (double)x, (double)y);
        px0 = gx;
        py0 = gy;
        have = 1;
    }
    shore_free(&f);
    free(m);
}
END_TEST

START_TEST(test_sample_matches_parts)
{
    int w = 53, h = 77;
    uint8_t *m = random_mask(w, h, 777u);
    ShoreField f;
    bake_ok(&f, m, w, h);
    uint32_t s = 5;
    for (int i = 0; i < 2000; i++) {
        float x = (float)rng_below(&s, (w + 4) * 64) / 64.0f - 2.0f;
        float y = (float)rng_below(&s, (h + 4) * 64) / 64.0f - 2.0f;
        float ax, ay, bx, by;
        float d = shore_sample(&f, x, y, &ax, &ay);
        int ok = shore_gradient(&f, x, y, &bx, &by);
        ck_assert(d == shore_distance(&f, x, y));
        ck_assert(ax == bx && ay == by);
        ck_assert_int_eq(ok, ax != 0.0f || ay != 0.0f);
    }
    shore_free(&f);
    free(m);
}
END_TEST

static Suite *shore_suite(void)
{
    Suite *s = suite_create("shore");
    TCase *tc = tcase_create("core");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, test_accuracy_random_masks);
    tcase_add_test(tc, test_next_to_land_is_one);
    tcase_add_test(tc, test_no_land_reads_the_cap);
    tcase_add_test(tc, test_codes_round_to_nearest);
    tcase_add_test(tc, test_no_water_is_zero);
    tcase_add_test(tc, test_thin_maps);
    tcase_add_test(tc, test_refuses_bad_input);
    tcase_add_test(tc, test_gradient_radial);
    tcase_add_test(tc, test_gradient_straight_coasts);
    tcase_add_test(tc, test_flat_fields);
    tcase_add_test(tc, test_bilinear_distance);
    tcase_add_test(tc, test_gradient_continuous);
    tcase_add_test(tc, test_sample_matches_parts);
    suite_add_tcase(s, tc);
    return s;
}

SHOAL_CHECK_MAIN(shore_suite)
