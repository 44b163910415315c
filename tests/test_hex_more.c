/* test_hex_more: lines, ranges and rotation of hex.h. */
#include "testutil.h"

#include <math.h>
#include <stdint.h>

#include "core/hex.h"

static uint32_t lcg(uint32_t *s)
{
    *s = *s * 1664525u + 1013904223u;
    return *s >> 8;
}

START_TEST(test_rotation)
{
    Hex centres[] = {{0, 0}, {5, -3}, {-7, 11}};
    for (size_t c = 0; c < 3; c++)
        for (int q = -6; q <= 6; q++)
            for (int r = -6; r <= 6; r++) {
                Hex h = hex_make(q, r), o = centres[c];
                Hex x = h;
                for (int k = 0; k < 6; k++) {
                    Hex y = hex_rotate(x, o, 1);
                    /* Rotation keeps the distance to the centre and moves
                     * a hex off the centre somewhere else. */
                    ck_assert_int_eq(hex_distance(y, o), hex_distance(x, o));
                    if (!hex_equal(x, o)) ck_assert(!hex_equal(x, y));
                    x = y;
                }
                ck_assert(hex_equal(x, h)); /* six steps = identity */
                ck_assert(hex_equal(hex_rotate(h, o, 6), h));
                ck_assert(hex_equal(hex_rotate(hex_rotate(h, o, 2), o, -2), h));
                ck_assert(hex_equal(hex_rotate(h, o, -1), hex_rotate(h, o, 5)));
            }
    /* One step turns direction d into d + 1 (E -> NE, counter-clockwise). */
    for (int d = 0; d < 6; d++)
        for (int k = -7; k <= 7; k++)
            ck_assert(
                hex_equal(hex_rotate(hex_direction(d), hex_make(0, 0), k), hex_direction(d + k)));
}
END_TEST

START_TEST(test_round)
{
    for (int q = -5; q <= 5; q++)
        for (int r = -5; r <= 5; r++) {
            ck_assert(hex_equal(hex_round(q, r), hex_make(q, r)));
            /* Anything within a third of a step of a centre rounds to it. */
            ck_assert(hex_equal(hex_round(q + 0.3, r - 0.3), hex_make(q, r)));
            ck_assert(hex_equal(hex_round(q - 0.2, r + 0.1), hex_make(q, r)));
        }
    /* Halfway between (0,0) and (1,0) plus a nudge goes to (1,0). */
    ck_assert(hex_equal(hex_round(0.51, 0.0), hex_make(1, 0)));
    ck_assert(hex_equal(hex_round(0.49, 0.0), hex_make(0, 0)));
}
END_TEST

START_TEST(test_line)
{
    Hex buf[64];
    uint32_t seed = 7;
    for (int t = 0; t < 400; t++) {
        Hex a = hex_make((int)(lcg(&seed) % 31) - 15, (int)(lcg(&seed) % 31) - 15);
        Hex b = hex_make((int)(lcg(&seed) % 31) - 15, (int)(lcg(&seed) % 31) - 15);
        int d = hex_distance(a, b);
        int n = hex_line(a, b, buf, 64);
        ck_assert_int_eq(n, d + 1);
        ck_assert(hex_equal(buf[0], a));
        ck_assert(hex_equal(buf[n - 1], b));
        for (int i = 1; i < n; i++) {
            ck_assert_int_eq(hex_distance(buf[i - 1], buf[i]), 1);
            /* Every hex of the line makes progress towards b. */
            ck_assert_int_eq(hex_distance(buf[i], b), d - i);
        }
    }
    /* A straight line along a direction is that direction's hexes. */
    int n = hex_line(hex_make(2, 2), hex_make(2, 6), buf, 64);
    ck_assert_int_eq(n, 5);
    for (int i = 0; i < n; i++) ck_assert(hex_equal(buf[i], hex_make(2, 2 + i)));
    /* A line along the edge between two rows is decided by the nudge,
     * the same way every time. */
    Hex again[8];
    int m1 = hex_line(hex_make(0, 0), hex_make(2, -4), buf, 8);
    int m2 = hex_line(hex_make(0, 0), hex_make(2, -4), again, 8);
    ck_assert_int_eq(m1, m2);
    for (int i = 0; i < m1; i++) ck_assert(hex_equal(buf[i], again[i]));
    /* A short buffer gets the beginning and the full count back. */
    ck_assert_int_eq(hex_line(hex_make(0, 0), hex_make(10, 0), buf, 3), 11);
    ck_assert(hex_equal(buf[2], hex_make(2, 0)));
    ck_assert_int_eq(hex_line(hex_make(3, 3), hex_make(3, 3), buf, 8), 1);
}
END_TEST

START_TEST(test_range)
{
    static Hex buf[2000];
    Hex c = hex_make(4, -9);
    for (int n = 0; n <= 12; n++) {
        int k = hex_range(c, n, buf, 2000);
        ck_assert_int_eq(k, 3 * n * (n + 1) + 1);
        for (int i = 0; i < k; i++) {
            ck_assert_int_le(hex_distance(buf[i], c), n);
            for (int j = i + 1; j < k; j++) ck_assert(!hex_equal(buf[i], buf[j]));
        }
    }
    ck_assert_int_eq(hex_range(c, -1, buf, 2000), 0);
    ck_assert_int_eq(hex_range(c, 3, buf, 5), 37); /* count even when cut short */
}
END_TEST

static Suite *hex_more_suite(void)
{
    Suite *s = suite_create("hex_more");
    TCase *tc = tcase_create("core");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, test_rotation);
    tcase_add_test(tc, test_round);
    tcase_add_test(tc, test_line);
    tcase_add_test(tc, test_range);
    suite_add_tcase(s, tc);
    return s;
}

SHOAL_CHECK_MAIN(hex_more_suite)
