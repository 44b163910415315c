/* test_hex: identities of the axial hex math. */
#include "testutil.h"

#include <math.h>
#include <stdint.h>

#include "core/hex.h"

static const float sizes[] = {8.0f, 13.5f, 24.0f, 100.0f};
enum { N_SIZES = (int)(sizeof sizes / sizeof sizes[0]) };

START_TEST(test_distance_identities)
{
    for (int q1 = -6; q1 <= 6; q1 += 2)
        for (int r1 = -6; r1 <= 6; r1 += 3)
            for (int q2 = -5; q2 <= 5; q2++)
                for (int r2 = -5; r2 <= 5; r2++) {
                    Hex a = hex_make(q1, r1), b = hex_make(q2, r2);
                    int d = hex_distance(a, b);
                    ck_assert_int_eq(d, hex_distance(b, a));
                    ck_assert_int_ge(d, 0);
                    ck_assert_int_eq(d == 0, hex_equal(a, b));
                    /* Triangle inequality through the origin. */
                    Hex o = hex_make(0, 0);
                    ck_assert_int_le(d, hex_distance(a, o) + hex_distance(o, b));
                    /* Distance is translation invariant. */
                    ck_assert_int_eq(d, hex_distance(hex_sub(a, b), o));
                }
    /* Hand-derived from cube coordinates: (2,1,-3) is 3 steps away,
     * (3,-3,0) is 3 steps, (-2,-2,4) is 4 steps. */
    ck_assert_int_eq(hex_distance(hex_make(0, 0), hex_make(2, 1)), 3);
    ck_assert_int_eq(hex_distance(hex_make(0, 0), hex_make(3, -3)), 3);
    ck_assert_int_eq(hex_distance(hex_make(1, 1), hex_make(-1, -1)), 4);
}
END_TEST

START_TEST(test_neighbors)
{
    Hex centres[] = {{0, 0}, {3, -7}, {-12, 5}, {100, 100}};
    for (size_t c = 0; c < sizeof centres / sizeof centres[0]; c++) {
        Hex h = centres[c];
        Hex n[HEX_DIRS];
        for (int d = 0; d < HEX_DIRS; d++) {
            n[d] = hex_neighbor(h, d);
            ck_assert_int_eq(hex_distance(h, n[d]), 1);
            /* Going back the opposite way returns to the start. */
            ck_assert(hex_equal(hex_neighbor(n[d], d + 3), h));
            ck_assert(hex_equal(hex_neighbor(n[d], d - 3), h));
            /* Neighbouring directions are themselves adjacent hexes. */
            ck_assert_int_eq(hex_distance(n[d], hex_neighbor(h, d + 1)), 1);
        }
        for (int i = 0; i < HEX_DIRS; i++)
            for (int j = i + 1; j < HEX_DIRS; j++) ck_assert(!hex_equal(n[i], n[j]));
    }
    /* Directions are taken modulo 6, negatives included. */
    for (int d = -12; d <= 12; d++) {
        int m = ((d % 6) + 6) % 6;
        ck_assert(hex_equal(hex_direction(d), hex_direction(m)));
    }
}
END_TEST

START_TEST(test_direction_names)
{
    for (int d = 0; d < HEX_DIRS; d++) {
        ck_assert_int_eq(hex_dir_from_name(hex_dir_names[d]), d);
        char lower[4] = {0};
        for (int i = 0; hex_dir_names[d][i] && i < 3; i++)
            lower[i] = (char)(hex_dir_names[d][i] - 'A' + 'a');
        ck_assert_int_eq(hex_dir_from_name(lower), d);
    }
    ck_assert_int_eq(hex_dir_from_name("N"), -1);
    ck_assert_int_eq(hex_dir_from_name("NEE"), -1);
    ck_assert_int_eq(hex_dir_from_name(""), -1);
    ck_assert_int_eq(hex_dir_from_name(NULL), -1);
    ck_assert_int_eq(hex_dir_from_name("S"), -1);
}
END_TEST

/* The names promise screen directions: check them against hex_to_pixel. */
START_TEST(test_direction_geometry)
{
    const float s = 24.0f;
    Hex h = hex_make(4, 4);
    float cx, cy;
    hex_to_pixel(h, s, &cx, &cy);
    float dx[HEX_DIRS], dy[HEX_DIRS];
    for (int d = 0; d < HEX_DIRS; d++) {
        float x, y;
        hex_to_pixel(hex_neighbor(h, d), s, &x, &y);
        dx[d] = x - cx;
        dy[d] = y - cy;
        /* Every neighbour centre is sqrt(3) * size away. */
        ck_assert_float_eq_tol(sqrtf(dx[d] * dx[d] + dy[d] * dy[d]), sqrtf(3.0f) * s, 1e-3f);
    }
    ck_assert(dx[0] > 0 && fabsf(dy[0]) < 1e-3f); /* E */
    ck_assert(dx[1] > 0 && dy[1] < 0);            /* NE: y grows downwards */
    ck_assert(dx[2] < 0 && dy[2] < 0);            /* NW */
    ck_assert(dx[3] < 0 && fabsf(dy[3]) < 1e-3f); /* W */
    ck_assert(dx[4] < 0 && dy[4] > 0);            /* SW */
    ck_assert(dx[5] > 0 && dy[5] > 0);            /* SE */
}
END_TEST

START_TEST(test_origin_and_corners)
{
    for (int k = 0; k < N_SIZES; k++) {
        float s = sizes[k], x, y;
        hex_to_pixel(hex_make(0, 0), s, &x, &y);
        ck_assert_float_eq_tol(x, sqrtf(3.0f) / 2.0f * s, 1e-4f * s);
        ck_assert_float_eq_tol(y, s, 1e-4f * s);
        /* Hex (0,0) lies wholly inside the map: corners at x >= 0, y >= 0,
         * touching both edges. */
        float minx = 1e9f, miny = 1e9f;
        for (int i = 0; i < HEX_DIRS; i++) {
            float px, py;
            hex_corner(hex_make(0, 0), s, i, &px, &py);
            ck_assert(px > -1e-3f && py > -1e-3f);
            minx = fminf(minx, px);
            miny = fminf(miny, py);
            /* Every corner is `size` from the centre. */
            ck_assert_float_eq_tol(hypotf(px - x, py - y), s, 1e-3f * s);
        }
        ck_assert_float_eq_tol(minx, 0.0f, 1e-3f);
        ck_assert_float_eq_tol(miny, 0.0f, 1e-3f);
    }
    /* Corner 0 is the top one, corner 1 the next clockwise (upper right). */
    float cx, cy, x0, y0, x1, y1;
    hex_to_pixel(hex_make(2, 3), 20.0f, &cx, &cy);
    hex_corner(hex_make(2, 3), 20.0f, 0, &x0, &y0);
    hex_corner(hex_make(2, 3), 20.0f, 1, &x1, &y1);
    ck_assert_float_eq_tol(x0, cx, 1e-3f);
    ck_assert_float_eq_tol(y0, cy - 20.0f, 1e-3f);
    ck_assert(x1 > cx && y1 < cy && y1 > y0);
}
END_TEST

START_TEST(test_pixel_round_trip)
{
    for (int k = 0; k < N_SIZES; k++) {
        float s = sizes[k];
        for (int q = -20; q <= 40; q++)
            for (int r = -20; r <= 40; r++) {
                Hex h = hex_make(q, r);
                float x, y;
                hex_to_pixel(h, s, &x, &y);
                Hex back = hex_from_pixel(x, y, s);
                ck_assert_msg(hex_equal(back, h), "size %g hex (%d,%d) came back as (%d,%d)",
                              (double)s, q, r, back.q, back.r);
            }
    }
}
END_TEST

/* Points just inside each corner belong to the hex; points just beyond a
 * corner belong to one of the three hexes meeting there, never this one. */
START_TEST(test_pixel_near_corners)
{
    for (int k = 0; k < N_SIZES; k++) {
        float s = sizes[k];
        for (int q = -3; q <= 3; q++)
            for (int r = -3; r <= 3; r++) {
                Hex h = hex_make(q, r);
                float cx, cy;
                hex_to_pixel(h, s, &cx, &cy);
                for (int i = 0; i < HEX_DIRS; i++) {
                    float px, py;
                    hex_corner(h, s, i, &px, &py);
                    float ix = cx + 0.97f * (px - cx), iy = cy + 0.97f * (py - cy);
                    ck_assert(hex_equal(hex_from_pixel(ix, iy, s), h));
                    float ox = cx + 1.03f * (px - cx), oy = cy + 1.03f * (py - cy);
                    Hex out = hex_from_pixel(ox, oy, s);
                    ck_assert(!hex_equal(out, h));
                    ck_assert_int_eq(hex_distance(out, h), 1);
                }
            }
    }
}
END_TEST

static Suite *hex_suite(void)
{
    Suite *s = suite_create("hex");
    TCase *tc = tcase_create("core");
    tcase_add_test(tc, test_distance_identities);
    tcase_add_test(tc, test_neighbors);
    tcase_add_test(tc, test_direction_names);
    tcase_add_test(tc, test_direction_geometry);
    tcase_add_test(tc, test_origin_and_corners);
    tcase_add_test(tc, test_pixel_round_trip);
    tcase_add_test(tc, test_pixel_near_corners);
    suite_add_tcase(s, tc);
    return s;
}

SHOAL_CHECK_MAIN(hex_suite)
