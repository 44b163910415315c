/* test_route: the tacking planner against a brute force that tries every
 * order the rules accept (skirmish_check_orders) turn after turn; following
 * in line; the reasons a plan fails. */
#include "testutil.h"

#include <stdlib.h>

#include "core/route.h"
#include "core/skirmish.h"

#define HEX_PX 24

/* An open-water map of w x h px, hexes of HEX_PX. */
static Map open_map(int w, int h)
{
    Map m;
    Err e;
    ck_assert_int_eq(map_init(&m, w, h, &e), 0);
    m.meta.hex_size = HEX_PX;
    m.meta.wind_dir = 0;
    m.meta.wind_strength = 3;
    return m;
}

/* Paint a disc of land inside hex h, leaving its neighbours sailable. */
static void add_land(Map *m, Hex h)
{
    float cx, cy;
    hex_to_pixel(h, (float)m->meta.hex_size, &cx, &cy);
    int rad = m->meta.hex_size * 4 / 5;
    for (int y = (int)cy - rad; y <= (int)cy + rad; y++)
        for (int x = (int)cx - rad; x <= (int)cx + rad; x++)
            if (x >= 0 && y >= 0 && x < m->w && y < m->h &&
                (x - cx) * (x - cx) + (y - cy) * (y - cy) <= (float)(rad * rad))
                m->land[(size_t)y * (size_t)m->w + (size_t)x] = 1;
}

/* The hex at map pixel (x, y). */
static Hex at_px(float x, float y)
{
    return hex_from_pixel(x, y, (float)HEX_PX);
}

static int add_ship(Skirmish *sk, int cls, int side, Hex h, int facing)
{
    int i = sk->nships++;
    HexPose p = {h, facing};
    ck_assert(chart_sailable(&sk->chart, p.hex));
    fleet_ship_init(&sk->ships[i], cls, side, p);
    skirmish_default_orders(sk, i, &sk->orders[i]);
    return i;
}

/* ------------------------------------------------------------ brute force */

typedef struct Brute {
    Skirmish *sk;
    int ship, t, base;
    int *turn, *steps; /* per chart cell x facing */
} Brute;

static int pose_ix(const Chart *c, HexPose p)
{
    return chart_cell(c, p.hex) * HEX_DIRS + p.facing;
}

/* Every order sequence extending o that the rules accept, from the ship's
 * pose: each one's end pose is reached at the end of turn t + 1. */
static void brute_orders(Brute *b, SkirmishOrders *o)
{
    if (o->nsteps == SKIRMISH_MAX_STEPS) return;
    Skirmish *sk = b->sk;
    for (int st = 0; st < HEX_STEPS; st++) {
        o->steps[o->nsteps++] = (uint8_t)st;
        Err e;
        if (skirmish_check_orders(sk, b->ship, o, &e) == 0) {
            HexPose p = sk->ships[b->ship].pose;
            for (int k = 0; k < o->nsteps; k++) p = hex_pose_step(p, o->steps[k]);
            int q = pose_ix(&sk->chart, p), n = b->base + o->nsteps;
            if (b->turn[q] < 0 || (b->turn[q] == b->t + 1 && b->steps[q] > n)) {
                b->turn[q] = b->t + 1;
                b->steps[q] = n;
            }
            brute_orders(b, o);
        }
        o->nsteps--;
    }
}

/* The fewest turns (then steps) ship i needs to reach goal by any orders,
 * within max_turns; -1 if none. Only the rules' order check decides. */
static int brute_turns(Skirmish *sk, int i, Hex goal, int max_turns, int *steps_out)
{
    const Chart *c = &sk->chart;
    int n = c->qn * c->rn * HEX_DIRS;
    Brute b = {sk, i, 0, 0, malloc((size_t)n * sizeof(int)), malloc((size_t)n * sizeof(int))};
    for (int k = 0; k < n; k++) b.turn[k] = -1;
    HexPose start = sk->ships[i].pose;
    b.turn[pose_ix(c, start)] = 0;
    b.steps[pose_ix(c, start)] = 0;
    int found = -1;
    for (int t = 0; t < max_turns && found < 0; t++) {
        b.t = t;
        for (int k = 0; k < n; k++) {
            if (b.turn[k] != t) continue;
            sk->ships[i].pose = (HexPose){chart_hex(c, k / HEX_DIRS), k % HEX_DIRS};
            b.base = b.steps[k];
            SkirmishOrders o;
            skirmish_default_orders(sk, i, &o);
            brute_orders(&b, &o);
        }
        for (int f = 0; f < HEX_DIRS; f++) {
            int q = pose_ix(c, (HexPose){goal, f});
            if (b.turn[q] == t + 1 && (found < 0 || b.steps[q] < *steps_out)) {
                found = t + 1;
                *steps_out = b.steps[q];
            }
        }
    }
    sk->ships[i].pose = start;
    free(b.turn);
    free(b.steps);
    return found;
}

/* Every turn of plan is orders the rules accept and ends where the plan
 * says; the last ends on goal. */
static void check_plan_legal(Skirmish *sk, int i, const RoutePlan *plan, Hex goal)
{
    HexPose start = sk->ships[i].pose;
    for (int t = 0; t < plan->nturns; t++) {
        SkirmishOrders o;
        skirmish_default_orders(sk, i, &o);
        o.nsteps = plan->count[t];
        memcpy(o.steps, &plan->steps[plan->first[t]], (size_t)o.nsteps);
        Err e;
        ck_assert_msg(skirmish_check_orders(sk, i, &o, &e) == 0, "turn %d: %s", t + 1, e.msg);
        HexPose p = sk->ships[i].pose;
        for (int k = 0; k < o.nsteps; k++) p = hex_pose_step(p, o.steps[k]);
        ck_assert(hex_equal(p.hex, plan->end[t].hex) && p.facing == plan->end[t].facing);
        sk->ships[i].pose = p;
    }
    ck_assert(hex_equal(sk->ships[i].pose.hex, goal));
    sk->ships[i].pose = start;
}

/* ------------------------------------------------------------------ tests */

/* Wind from the east; each class of ship, starting each way round, makes
 * for hexes upwind, across it and downwind, with and without an island in
 * the way: the planner needs exactly as many turns (and steps) as the
 * best orders the brute force finds. The bug it replaces: a ship of the
 * line sent 8 hexes upwind sailed off and made no progress in 10 turns. */
START_TEST(test_route_is_as_fast_as_brute_force)
{
    static const struct {
        int cls, facing;
        float gx, gy; /* goal, map px */
        bool island;
    } cases[] = {
        {FLEET_LINE, 0, 380, 150, false},   /* the report: 8 hexes dead upwind */
        {FLEET_LINE, 1, 380, 150, true},    /* ... round an island */
        {FLEET_LINE, 3, 300, 40, false},    /* upwind and north, facing away */
        {FLEET_FRIGATE, 0, 380, 150, true}, /* */
        {FLEET_FRIGATE, 4, 120, 280, false}, {FLEET_SLOOP, 0, 380, 150, false},
        {FLEET_SLOOP, 2, 360, 260, true},
    };
    int ncases = tu_scale((int)(sizeof cases / sizeof cases[0]), 3);
    for (int c = 0; c < ncases; c++) {
        Map m = open_map(440, 320);
        Hex start = at_px(60, 150);
        if (cases[c].island) add_land(&m, hex_neighbor(hex_neighbor(hex_neighbor(start, 0), 0), 0));
        Skirmish sk;
        Err e;
        ck_assert_int_eq(skirmish_init_empty(&sk, &m, &e), 0);
        sk.wind_dir = 0;
        sk.wind_strength = 3;
        int i = add_ship(&sk, cases[c].cls, 0, start, cases[c].facing);
        Hex goal = at_px(cases[c].gx, cases[c].gy);
        ck_assert(chart_sailable(&sk.chart, goal));
        RouteSearch rs;
        ck_assert_int_eq(route_init(&rs, &sk.chart, &e), 0);
        RoutePlan *plan = malloc(sizeof *plan);
        int got = skirmish_route(&sk, &rs, i, goal, -1, plan);
        int best_steps = 0, best = brute_turns(&sk, i, goal, 40, &best_steps);
        ck_assert_msg(best > 0, "case %d: the brute force finds no way", c);
        ck_assert_msg(got == best, "case %d: planner %d turns, brute force %d", c, got, best);
        ck_assert_int_eq(plan->reason, ROUTE_OK);
        ck_assert_int_eq(plan->nsteps, best_steps);
        check_plan_legal(&sk, i, plan, goal);
        /* The same question gives the same answer. */
        RoutePlan *again = malloc(sizeof *again);
        ck_assert_int_eq(skirmish_route(&sk, &rs, i, goal, -1, again), got);
        ck_assert_int_eq(again->nsteps, plan->nsteps);
        ck_assert_mem_eq(again->steps, plan->steps, (size_t)plan->nsteps);
        free(again);
        free(plan);
        route_deinit(&rs);
        skirmish_deinit(&sk);
        map_free(&m);
    }
}
END_TEST

/* A goal facing is honoured: the route ends on the goal facing that way. */
START_TEST(test_route_ends_facing_as_asked)
{
    Map m = open_map(440, 320);
    Skirmish sk;
    Err e;
    ck_assert_int_eq(skirmish_init_empty(&sk, &m, &e), 0);
    sk.wind_dir = 0;
    int i = add_ship(&sk, FLEET_FRIGATE, 0, at_px(60, 150), 1);
    RouteSearch rs;
    ck_assert_int_eq(route_init(&rs, &sk.chart, &e), 0);
    RoutePlan *plan = malloc(sizeof *plan);
    Hex goal = at_px(300, 150);
    for (int f = 0; f < HEX_DIRS; f++) {
        ck_assert_int_gt(skirmish_route(&sk, &rs, i, goal, f, plan), 0);
        ck_assert(hex_equal(plan->end[plan->nturns - 1].hex, goal));
        ck_assert_int_eq(plan->end[plan->nturns - 1].facing, f);
    }
    /* Already there: no turns. */
    ck_assert_int_eq(skirmish_route(&sk, &rs, i, sk.ships[i].pose.hex, -1, plan), 0);
    free(plan);
    route_deinit(&rs);
    skirmish_deinit(&sk);
    map_free(&m);
}
END_TEST

/* Ships of one side in line ahead, running before a westerly: A1 may
 * take the hex A2 sails out of in the same phase (the rules let her), and
 * the turn resolved bears it out. Not a hex A2 stays in, nor one she
 * makes for. */
START_TEST(test_route_follows_in_line)
{
    Map m = open_map(440, 320);
    Skirmish sk;
    Err e;
    ck_assert_int_eq(skirmish_init_empty(&sk, &m, &e), 0);
    sk.seed = 7;
    sk.wind_dir = 3;
    sk.wind_strength = 3;
    Hex h1 = at_px(100, 150), h2 = hex_neighbor(h1, 0);
    int a1 = add_ship(&sk, FLEET_LINE, 0, h1, 0);
    int a2 = add_ship(&sk, FLEET_LINE, 0, h2, 0);
    add_ship(&sk, FLEET_LINE, 1, at_px(400, 40), 3);
    RouteSearch rs;
    ck_assert_int_eq(route_init(&rs, &sk.chart, &e), 0);
    RoutePlan *plan = malloc(sizeof *plan);
    /* A2 lies still: her hex can't be had this turn. */
    skirmish_route(&sk, &rs, a1, h2, -1, plan);
    ck_assert(plan->nturns != 1);
    /* A2 sails two hexes on: A1 follows her into h2 at once... */
    SkirmishOrders o;
    skirmish_default_orders(&sk, a2, &o);
    o.nsteps = 2;
    o.steps[0] = o.steps[1] = HEX_STEP_FORWARD;
    ck_assert_int_eq(skirmish_order(&sk, a2, &o, &e), 0);
    ck_assert_int_eq(skirmish_route(&sk, &rs, a1, h2, -1, plan), 1);
    ck_assert_int_eq(plan->count[0], 1);
    /* ... or two hexes behind her into the one she passes. */
    Hex h3 = hex_neighbor(h2, 0);
    ck_assert_int_eq(skirmish_route(&sk, &rs, a1, h3, -1, plan), 1);
    ck_assert_int_eq(plan->count[0], 2);
    skirmish_default_orders(&sk, a1, &o);
    o.nsteps = plan->count[0];
    memcpy(o.steps, plan->steps, (size_t)o.nsteps);
    ck_assert_int_eq(skirmish_order(&sk, a1, &o, &e), 0);
    ck_assert_int_eq(skirmish_submit(&sk, 0, &e), 0);
    ck_assert_int_eq(skirmish_submit(&sk, 1, &e), 0);
    ck_assert_int_eq(skirmish_resolve(&sk, &e), 0);
    for (int k = 0; k < sk.nevents; k++) ck_assert_int_ne(sk.events[k].kind, SKIRMISH_EV_BLOCKED);
    ck_assert(hex_equal(sk.ships[a1].pose.hex, h3));
    /* A2 makes for the hex ahead of A1 in the same phase as A1 could: a
     * contest A1 might lose, so not this turn. */
    Hex t = hex_neighbor(h3, 0);
    sk.ships[a2].pose = (HexPose){hex_neighbor(t, 1), 4};
    skirmish_default_orders(&sk, a2, &o);
    o.nsteps = 1;
    ck_assert_int_eq(skirmish_order(&sk, a2, &o, &e), 0);
    skirmish_route(&sk, &rs, a1, t, -1, plan);
    ck_assert(plan->nturns != 1);
    free(plan);
    route_deinit(&rs);
    skirmish_deinit(&sk);
    map_free(&m);
}
END_TEST

/* Ships lying still stay in the way in later turns too, so the route goes
 * round them (a plan counting on them gone would change every turn); but
 * a ship boxed in by her own fleet gets a route that counts on them
 * moving on, not "no way". */
START_TEST(test_route_round_ships_lying_still)
{
    Map m = open_map(560, 400);
    Hex h = at_px(60, 300), box = at_px(360, 60);
    /* Land all round `box` but for its east side. */
    for (int d = 1; d < HEX_DIRS; d++) add_land(&m, hex_neighbor(box, d));
    Skirmish sk;
    Err e;
    ck_assert_int_eq(skirmish_init_empty(&sk, &m, &e), 0);
    sk.wind_dir = 3;
    sk.wind_strength = 3;
    int a1 = add_ship(&sk, FLEET_LINE, 0, h, 0);
    Hex in_way = h;
    for (int k = 0; k < 5; k++) in_way = hex_neighbor(in_way, 0);
    add_ship(&sk, FLEET_LINE, 0, in_way, 0);
    RouteSearch rs;
    ck_assert_int_eq(route_init(&rs, &sk.chart, &e), 0);
    RoutePlan *plan = malloc(sizeof *plan);
    Hex goal = in_way;
    for (int k = 0; k < 3; k++) goal = hex_neighbor(goal, 0);
    ck_assert_int_gt(skirmish_route(&sk, &rs, a1, goal, -1, plan), 1);
    HexPose p = sk.ships[a1].pose;
    for (int k = 0; k < plan->nsteps; k++) {
        p = hex_pose_step(p, plan->steps[k]);
        ck_assert(!hex_equal(p.hex, in_way));
    }
    /* Boxed in: A1 in `box`, a friend in its only way out. */
    sk.ships[a1].pose = (HexPose){box, 0};
    sk.ships[1].pose = (HexPose){hex_neighbor(box, 0), 0};
    goal = hex_neighbor(hex_neighbor(hex_neighbor(box, 0), 0), 0);
    ck_assert_int_gt(skirmish_route(&sk, &rs, a1, goal, -1, plan), 1);
    for (int k = 0; k < plan->count[0]; k++) ck_assert_int_ne(plan->steps[k], HEX_STEP_FORWARD);
    free(plan);
    route_deinit(&rs);
    skirmish_deinit(&sk);
    map_free(&m);
}
END_TEST

/* A plan that can't be made says why. */
START_TEST(test_route_says_why_not)
{
    Map m = open_map(440, 320);
    /* A wall of land from top to bottom parts two waters. */
    for (int y = 0; y < m.h; y++)
        for (int x = 250; x < 300; x++) m.land[(size_t)y * (size_t)m.w + (size_t)x] = 1;
    Skirmish sk;
    Err e;
    ck_assert_int_eq(skirmish_init_empty(&sk, &m, &e), 0);
    sk.wind_dir = 0;
    Hex start = at_px(60, 150), goal = at_px(150, 150);
    int i = add_ship(&sk, FLEET_SLOOP, 0, start, 1);
    int w = add_ship(&sk, FLEET_SLOOP, 1, goal, 3);
    sk.ships[w].status = FLEET_STRUCK;
    RouteSearch rs;
    ck_assert_int_eq(route_init(&rs, &sk.chart, &e), 0);
    RoutePlan *plan = malloc(sizeof *plan);
    ck_assert_int_eq(skirmish_route(&sk, &rs, i, at_px(275, 150), -1, plan), -1);
    ck_assert_int_eq(plan->reason, ROUTE_LAND);
    ck_assert_int_eq(skirmish_route(&sk, &rs, i, hex_make(-40, 3), -1, plan), -1);
    ck_assert_int_eq(plan->reason, ROUTE_LAND);
    ck_assert_int_eq(skirmish_route(&sk, &rs, i, at_px(380, 150), -1, plan), -1);
    ck_assert_int_eq(plan->reason, ROUTE_WATERS);
    /* A wreck lies on the goal for good. */
    ck_assert_int_eq(skirmish_route(&sk, &rs, i, goal, -1, plan), -1);
    ck_assert_int_eq(plan->reason, ROUTE_BLOCKED);
    /* No rigging: she goes nowhere. */
    sk.ships[i].rigging = 0;
    ck_assert_int_eq(skirmish_route(&sk, &rs, i, at_px(100, 60), -1, plan), -1);
    ck_assert_int_eq(plan->reason, ROUTE_BECALMED);
    for (int r = 0; r < ROUTE_REASONS; r++) ck_assert(route_reason_text(r)[0] != '?');
    free(plan);
    route_deinit(&rs);
    skirmish_deinit(&sk);
    map_free(&m);
}
END_TEST

static Suite *route_suite(void)
{
    Suite *s = suite_create("route");
    TCase *tc = tcase_create("core");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, test_route_is_as_fast_as_brute_force);
    tcase_add_test(tc, test_route_ends_facing_as_asked);
    tcase_add_test(tc, test_route_follows_in_line);
    tcase_add_test(tc, test_route_round_ships_lying_still);
    tcase_add_test(tc, test_route_says_why_not);
    suite_add_tcase(s, tc);
    return s;
}

SHOAL_CHECK_MAIN(route_suite)
