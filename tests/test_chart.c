/* test_chart: the sailable rule, the sea chart and its bodies of water,
 * and the (hex, facing) searches of chart.h. */
#include "testutil.h"

#include <math.h>
#include <stdint.h>

#include "core/chart.h"
#include "core/hex.h"
#include "core/map.h"

static uint32_t lcg(uint32_t *s)
{
    *s = *s * 1664525u + 1013904223u;
    return *s >> 8;
}

/* A w x h all-water map built by hand, so this suite needs no map.c. */
static Map water_map(int w, int h)
{
    Map m;
    memset(&m, 0, sizeof m);
    m.w = w;
    m.h = h;
    m.land = calloc((size_t)w * (size_t)h, 1);
    ck_assert_ptr_nonnull(m.land);
    return m;
}

static void set_land(Map *m, float x, float y)
{
    int ix = (int)floorf(x), iy = (int)floorf(y);
    ck_assert(ix >= 0 && iy >= 0 && ix < m->w && iy < m->h);
    m->land[(size_t)iy * (size_t)m->w + (size_t)ix] = 1;
}

START_TEST(test_sailable_open_water)
{
    Map m = water_map(200, 160);
    const float s = 24.0f;
    ck_assert(chart_hex_sailable(&m, hex_make(0, 0), s));
    ck_assert(chart_hex_sailable(&m, hex_make(2, 2), s));
    /* Every hex whose centre and pulled corners are inside is sailable. */
    int n = 0;
    for (int q = -10; q <= 10; q++)
        for (int r = 0; r <= 6; r++) {
            float cx, cy;
            hex_to_pixel(hex_make(q, r), s, &cx, &cy);
            bool inside = cx - (s - 1) * 0.8660254f >= 0 && cx + (s - 1) * 0.8660254f < 200 &&
                          cy - (s - 1) >= 0 && cy + (s - 1) < 160;
            ck_assert_int_eq(chart_hex_sailable(&m, hex_make(q, r), s), inside);
            n += inside;
        }
    ck_assert_int_gt(n, 10);
    ck_assert(!chart_hex_sailable(&m, hex_make(0, 0), 0.0f));
    ck_assert(!chart_hex_sailable(&m, hex_make(0, 0), NAN));
    free(m.land);
}
END_TEST

START_TEST(test_sailable_off_map)
{
    Map m = water_map(200, 160);
    const float s = 24.0f;
    ck_assert(!chart_hex_sailable(&m, hex_make(-1, 0), s));
    ck_assert(!chart_hex_sailable(&m, hex_make(0, -1), s));
    ck_assert(!chart_hex_sailable(&m, hex_make(50, 0), s));
    ck_assert(!chart_hex_sailable(&m, hex_make(0, 50), s));
    /* Row 0: the last column's hex reaches past x = 200 with its right
     * corners although its centre is inside. */
    float cx, cy;
    hex_to_pixel(hex_make(4, 0), s, &cx, &cy);
    ck_assert(cx < 200.0f && cx + 0.8660254f * (s - 1) >= 200.0f);
    ck_assert(!chart_hex_sailable(&m, hex_make(4, 0), s));
    ck_assert(chart_hex_sailable(&m, hex_make(3, 0), s));
    free(m.land);

    /* A pulled-in corner at x in [w, w+1) or y in [h, h+1) is off the map:
     * the right corners of hex (3,0) reach x = 165.4, the bottom corner of
     * hex (0,2) reaches y = 119 exactly. */
    m = water_map(165, 119);
    ck_assert(!chart_hex_sailable(&m, hex_make(3, 0), s));
    ck_assert(chart_hex_sailable(&m, hex_make(2, 0), s));
    ck_assert(!chart_hex_sailable(&m, hex_make(0, 2), s));
    ck_assert(chart_hex_sailable(&m, hex_make(0, 1), s));
    free(m.land);
    /* Pixels far off the map, or NaN, give a hex that is off the map too. */
    m = water_map(165, 119);
    float wild[][2] = {{1e30f, 5.0f}, {-1e30f, 5.0f}, {5.0f, 1e30f}, {NAN, 5.0f}, {5.0f, NAN}};
    for (size_t i = 0; i < sizeof wild / sizeof wild[0]; i++)
        ck_assert(!chart_hex_sailable(&m, hex_from_pixel(wild[i][0], wild[i][1], s), s));
    free(m.land);
    m = water_map(166, 120);
    ck_assert(chart_hex_sailable(&m, hex_make(3, 0), s));
    ck_assert(chart_hex_sailable(&m, hex_make(0, 2), s));
    free(m.land);
}
END_TEST

START_TEST(test_sailable_land)
{
    const float s = 24.0f;
    Hex h = hex_make(2, 2);
    float cx, cy;
    hex_to_pixel(h, s, &cx, &cy);

    /* Land under the centre. */
    Map m = water_map(200, 160);
    set_land(&m, cx, cy);
    ck_assert(!chart_hex_sailable(&m, h, s));
    free(m.land);

    /* Land under any one pulled-in corner: partly on land. */
    for (int i = 0; i < HEX_DIRS; i++) {
        m = water_map(200, 160);
        float px, py;
        hex_corner(h, s, i, &px, &py);
        float k = (s - 1.0f) / s;
        set_land(&m, cx + k * (px - cx), cy + k * (py - cy));
        ck_assert_msg(!chart_hex_sailable(&m, h, s), "land at corner %d missed", i);
        ck_assert(chart_hex_sailable(&m, hex_make(0, 1), s)); /* a far hex */
        free(m.land);
    }

    /* Land just beyond the top corner (in the neighbours' area) does not
     * spoil the hex. */
    m = water_map(200, 160);
    set_land(&m, cx, cy - s - 1.5f);
    ck_assert(chart_hex_sailable(&m, h, s));
    free(m.land);
}
END_TEST

/* A map of water with a few rectangles of land. */
static Map test_map(int w, int h)
{
    Map m;
    Err e;
    ck_assert_int_eq(map_init(&m, w, h, &e), 0);
    m.meta.hex_size = 24;
    for (int y = 200; y < 330; y++)
        for (int x = 300; x < 420; x++) m.land[(size_t)y * (size_t)w + (size_t)x] = 1;
    for (int y = 40; y < 90; y++)
        for (int x = 600; x < 700; x++) m.land[(size_t)y * (size_t)w + (size_t)x] = 1;
    return m;
}

START_TEST(test_chart_matches_pixels)
{
    Map m = test_map(800, 520);
    Chart c;
    Err e;
    ck_assert_int_eq(chart_init(&c, &m, 24.0f, &e), 0);
    int n = 0;
    /* Wider than the map on every side: the chart must agree everywhere. */
    for (int q = -40; q <= 60; q++)
        for (int r = -10; r <= 40; r++) {
            Hex h = hex_make(q, r);
            bool px = chart_hex_sailable(&m, h, 24.0f);
            ck_assert_int_eq(chart_sailable(&c, h), px);
            n += px;
        }
    ck_assert_int_eq(n, c.sailable);
    ck_assert_int_gt(n, 100);
    chart_deinit(&c);
    ck_assert_int_eq(chart_init(&c, &m, 0.0f, &e), -1);
    ck_assert(strstr(e.msg, "hex size") != NULL);
    map_free(&m);
}
END_TEST

/* Bodies of water: a wall of land with one gap splits nothing; closing the
 * gap makes two bodies, each hex labelled as a flood fill from it says. */
START_TEST(test_chart_waters)
{
    for (int closed = 0; closed <= 1; closed++) {
        Map m;
        Err e;
        ck_assert_int_eq(map_init(&m, 800, 520, &e), 0);
        for (int y = 0; y < 520; y++)
            for (int x = 380; x < 440; x++)
                if (closed || y < 300 || y >= 420) m.land[(size_t)y * 800 + (size_t)x] = 1;
        Chart c;
        ck_assert_int_eq(chart_init(&c, &m, 24.0f, &e), 0);
        int cells = c.qn * c.rn;
        int *comp = malloc((size_t)cells * sizeof *comp),
            *queue = malloc((size_t)cells * sizeof *queue);
        ck_assert(comp && queue);
        int n = chart_waters(&c, comp, queue);
        ck_assert_int_eq(n, closed ? 2 : 1);
        int seen[2] = {0, 0};
        for (int i = 0; i < cells; i++) {
            ck_assert_int_eq(chart_cell(&c, chart_hex(&c, i)), i);
            if (!c.sail[i]) {
                ck_assert_int_eq(comp[i], -1);
                continue;
            }
            ck_assert(comp[i] >= 0 && comp[i] < n);
            seen[comp[i]]++;
            /* A sailable neighbour is in the same body. */
            Hex h = chart_hex(&c, i);
            for (int d = 0; d < HEX_DIRS; d++) {
                int k = chart_cell(&c, hex_neighbor(h, d));
                if (k >= 0 && c.sail[k]) ck_assert_int_eq(comp[k], comp[i]);
            }
            /* West of the wall is body 0 (found first), east body 1. */
            float x, y;
            hex_to_pixel(h, 24.0f, &x, &y);
            if (closed) ck_assert_int_eq(comp[i], x < 380.0f ? 0 : 1);
        }
        ck_assert_int_eq(seen[0] + seen[1], c.sailable);
        ck_assert_int_eq(chart_cell(&c, hex_make(c.q0 - 1, 0)), -1);
        free(comp);
        free(queue);
        chart_deinit(&c);
        map_free(&m);
    }
}
END_TEST

/* The cost table of a ship that moves 1 point a hex, turns for 1, never
 * sails facing direction `irons`, with a total budget. */
static ChartMoveCost simple_cost(int budget, int irons)
{
    ChartMoveCost k;
    for (int d = 0; d < HEX_DIRS; d++) {
        k.forward[d] = d == irons ? -1 : 1;
        k.limit[d] = 1 << 20;
    }
    k.turn = 1;
    k.budget = budget;
    return k;
}

typedef struct Seen {
    HexPose pose[4096];
    int cost[4096];
    int n;
} Seen;

/* Every pose reachable by brute force: all step sequences within budget. */
static void brute(const Chart *c, HexPose p, int spent, const ChartMoveCost *k, Seen *s)
{
    int i = 0;
    for (; i < s->n; i++)
        if (hex_equal(s->pose[i].hex, p.hex) && s->pose[i].facing == p.facing) break;
    if (i < s->n && s->cost[i] <= spent) return;
    if (i == s->n) {
        ck_assert_int_lt(s->n, 4096);
        s->pose[s->n] = p;
        s->n++;
    }
    s->cost[i] = spent;
    for (int st = 0; st < HEX_STEPS; st++) {
        int cst = st == HEX_STEP_FORWARD ? k->forward[p.facing] : k->turn;
        if (cst < 0 || spent + cst > k->budget) continue;
        if (st == HEX_STEP_FORWARD && spent + cst > k->limit[p.facing]) continue;
        HexPose q = hex_pose_step(p, st);
        if (st == HEX_STEP_FORWARD && !chart_sailable(c, q.hex)) continue;
        brute(c, q, spent + cst, k, s);
    }
}

START_TEST(test_reach_matches_brute_force)
{
    Map m = test_map(800, 520);
    Chart c;
    Err e;
    ck_assert_int_eq(chart_init(&c, &m, 24.0f, &e), 0);
    static ChartReachNode nodes[4096];
    static Seen seen;
    HexPose starts[] = {{{3, 4}, 0}, {{9, 1}, 2}, {{1, 1}, 4}, {{12, 2}, 1}};
    for (size_t t = 0; t < sizeof starts / sizeof starts[0]; t++)
        for (int budget = 0; budget <= 5; budget++) {
            ChartMoveCost k = simple_cost(budget, (int)t % 6);
            k.limit[(t + 2) % 6] = 2; /* a slow point of sail */
            ck_assert(chart_sailable(&c, starts[t].hex));
            int n = chart_reach(&c, starts[t], &k, NULL, NULL, nodes, 4096);
            seen.n = 0;
            brute(&c, starts[t], 0, &k, &seen);
            ck_assert_int_eq(n, seen.n);
            ck_assert_int_eq(nodes[0].cost, 0);
            ck_assert_int_eq(nodes[0].parent, -1);
            for (int i = 0; i < n; i++) {
                int j = 0;
                while (j < seen.n && !(hex_equal(seen.pose[j].hex, nodes[i].pose.hex) &&
                                       seen.pose[j].facing == nodes[i].pose.facing))
                    j++;
                ck_assert_int_lt(j, seen.n);
                ck_assert_int_eq(nodes[i].cost, seen.cost[j]);
                if (i > 0) ck_assert_int_ge(nodes[i].cost, nodes[i - 1].cost);
                ck_assert_int_lt(nodes[i].parent, i);
                /* Replaying the steps lands on the node's pose at its cost. */
                uint8_t steps[32];
                int len = chart_reach_steps(nodes, i, steps, 32);
                HexPose p = starts[t];
                int cost = 0;
                for (int s = 0; s < len; s++) {
                    cost += steps[s] == HEX_STEP_FORWARD ? k.forward[p.facing] : k.turn;
                    p = hex_pose_step(p, steps[s]);
                }
                ck_assert(hex_equal(p.hex, nodes[i].pose.hex));
                ck_assert_int_eq(p.facing, nodes[i].pose.facing);
                ck_assert_int_eq(cost, nodes[i].cost);
            }
        }
    /* A short output keeps the cheapest nodes with their parents. */
    ChartMoveCost k = simple_cost(4, -1);
    int n = chart_reach(&c, starts[0], &k, NULL, NULL, nodes, 10);
    ck_assert_int_eq(n, 10);
    for (int i = 1; i < n; i++) ck_assert(nodes[i].parent >= 0 && nodes[i].parent < i);
    chart_deinit(&c);
    map_free(&m);
}
END_TEST

static bool block_one(void *ctx, Hex h)
{
    return hex_equal(*(const Hex *)ctx, h);
}

START_TEST(test_path_optimal_and_legal)
{
    Map m = test_map(800, 520);
    Chart c;
    Err e;
    ck_assert_int_eq(chart_init(&c, &m, 24.0f, &e), 0);
    static ChartReachNode nodes[40000];
    uint32_t seed = 99;
    int found = 0;
    for (int t = 0; t < 60; t++) {
        Hex a, b;
        do a = hex_make((int)(lcg(&seed) % 30) - 6, (int)(lcg(&seed) % 14));
        while (!chart_sailable(&c, a));
        do b = hex_make((int)(lcg(&seed) % 30) - 6, (int)(lcg(&seed) % 14));
        while (!chart_sailable(&c, b));
        HexPose start = {a, (int)(lcg(&seed) % 6)};
        ChartMoveCost k = simple_cost(-1, (int)(lcg(&seed) % 6));
        uint8_t steps[512];
        int total = -1;
        int n = chart_path(&c, start, b, -1, &k, NULL, NULL, steps, 512, &total);
        /* The cheapest cost to any pose on b, from an exhaustive search. */
        int reach = chart_reach(&c, start, &k, NULL, NULL, nodes, 40000);
        ck_assert_int_lt(reach, 40000);
        int best = -1;
        for (int i = 0; i < reach; i++)
            if (hex_equal(nodes[i].pose.hex, b) && (best < 0 || nodes[i].cost < best))
                best = nodes[i].cost;
        if (best < 0) {
            ck_assert_int_eq(n, -1);
            continue;
        }
        found++;
        ck_assert_int_ge(n, 0);
        ck_assert_int_eq(total, best);
        HexPose p = start;
        int cost = 0;
        for (int s = 0; s < n; s++) {
            cost += steps[s] == HEX_STEP_FORWARD ? k.forward[p.facing] : k.turn;
            ck_assert(steps[s] != HEX_STEP_FORWARD || k.forward[p.facing] >= 0);
            p = hex_pose_step(p, steps[s]);
            ck_assert(chart_sailable(&c, p.hex));
        }
        ck_assert(hex_equal(p.hex, b));
        ck_assert_int_eq(cost, total);
    }
    ck_assert_int_gt(found, 40);
    /* A goal facing, a blocked hex and a budget are all honoured. */
    HexPose s0 = {{0, 2}, 0};
    ChartMoveCost k = simple_cost(-1, -1);
    uint8_t steps[64];
    int total;
    int n = chart_path(&c, s0, hex_make(4, 2), -1, &k, NULL, NULL, steps, 64, &total);
    ck_assert_int_eq(n, 4);
    ck_assert_int_eq(total, 4);
    n = chart_path(&c, s0, hex_make(4, 2), 3, &k, NULL, NULL, steps, 64, &total);
    ck_assert_int_eq(total, 7); /* plus three turns to face W */
    Hex wall = hex_make(2, 2);
    n = chart_path(&c, s0, hex_make(4, 2), 0, &k, block_one, &wall, steps, 64, &total);
    ck_assert_int_gt(n, 0);
    ck_assert_int_gt(total, 4);
    HexPose p = s0;
    for (int s = 0; s < n; s++) {
        p = hex_pose_step(p, steps[s]);
        ck_assert(!hex_equal(p.hex, wall));
    }
    k.budget = 3;
    ck_assert_int_eq(chart_path(&c, s0, hex_make(4, 2), -1, &k, NULL, NULL, steps, 64, &total), -1);
    k.budget = -1;
    ck_assert_int_eq(chart_path(&c, s0, hex_make(4, 2), -1, &k, NULL, NULL, steps, 2, &total), -2);
    /* Land can't be a goal; off the map neither. */
    ck_assert_int_eq(chart_path(&c, s0, hex_make(-30, 2), -1, &k, NULL, NULL, steps, 64, NULL), -1);
    chart_deinit(&c);
    map_free(&m);
}
END_TEST

static Suite *chart_suite(void)
{
    Suite *s = suite_create("chart");
    TCase *tc = tcase_create("core");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, test_sailable_open_water);
    tcase_add_test(tc, test_sailable_off_map);
    tcase_add_test(tc, test_sailable_land);
    tcase_add_test(tc, test_chart_matches_pixels);
    tcase_add_test(tc, test_chart_waters);
    tcase_add_test(tc, test_reach_matches_brute_force);
    tcase_add_test(tc, test_path_optimal_and_legal);
    suite_add_tcase(s, tc);
    return s;
}

SHOAL_CHECK_MAIN(chart_suite)
