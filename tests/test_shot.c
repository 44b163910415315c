/* test_shot: grape, double shot and carronades: what a hit of each does,
 * where each reaches, the first fire double shot needs and the guns it
 * bursts, and how the report counts them. */
#include "testutil.h"

#include "core/skirmish.h"
#include "sktest.h"

/* Where the target lies from a firer at (6,10) facing east: on her port
 * beam at 2, 4 and 7 hexes (short, medium and long range); the firer is on
 * the target's starboard beam, so nothing rakes. */
enum { AT_SHORT, AT_MEDIUM, AT_LONG, AT_BANDS };
static const Hex target_hex[AT_BANDS] = {{7, 8}, {8, 6}, {9, 3}};
static const int target_range[AT_BANDS] = {2, 4, 7};

/* A battle of two moored ships (no drift): firer of class cls (side A),
 * target of class tcls (side B) at band `at`; the firer's port broadside
 * ordered to fire shot at her. Returns the firer's index (0; target 1). */
static void duel(Skirmish *sk, const Map *m, uint64_t seed, int cls, int tcls, int at, int shot)
{
    sk_empty(sk, m, seed);
    int a = add_ship(sk, cls, 0, 6, 10, 0);
    int b = add_ship(sk, tcls, 1, target_hex[at].q, target_hex[at].r, 0);
    moor(sk, a);
    moor(sk, b);
    ck_assert_int_eq(hex_distance(sk->ships[a].pose.hex, sk->ships[b].pose.hex), target_range[at]);
    ck_assert_int_eq(fleet_broadside_for(sk->ships[a].pose, sk->ships[b].pose.hex), FLEET_PORT);
    ck_assert(!fleet_rakes(sk->ships[b].pose, sk->ships[a].pose.hex));
    SkirmishOrders o = sk->orders[a];
    o.fire[FLEET_PORT] = (SkirmishFire){b, shot};
    o.fire[FLEET_STARBOARD].target = SKIRMISH_HOLD;
    Err e;
    ck_assert_msg(skirmish_order(sk, a, &o, &e) == 0, "%s", e.msg);
    o = sk->orders[b];
    o.fire[0].target = o.fire[1].target = SKIRMISH_HOLD;
    ck_assert_int_eq(skirmish_order(sk, b, &o, &e), 0);
}

static const SkirmishEvent *find_event(const Skirmish *sk, int kind)
{
    for (int k = 0; k < sk->nevents; k++)
        if (sk->events[k].kind == kind) return &sk->events[k];
    return NULL;
}

/* Over many battles, what a broadside of shot from cls at band `at` did to
 * a ship of the line (she has hull and crew enough never to run out). */
typedef struct Tally {
    long guns, hits, burst, hull, rigging, crew, target_guns, own_crew, own_guns, fired;
} Tally;

static Tally volleys(const Map *m, int cls, int at, int shot, int battles)
{
    Tally t = {0};
    for (int seed = 1; seed <= battles; seed++) {
        Skirmish sk;
        duel(&sk, m, (uint64_t)seed, cls, FLEET_LINE, at, shot);
        resolve(&sk);
        const SkirmishEvent *ev = find_event(&sk, SKIRMISH_EV_FIRED);
        const FleetClass *k = &fleet_classes[cls], *l = &fleet_classes[FLEET_LINE];
        if (ev) {
            t.fired++;
            t.guns += ev->guns;
            t.hits += ev->hits;
            t.burst += ev->burst;
            ck_assert_int_eq(ev->shot, shot);
        }
        t.hull += l->hull - sk.ships[1].hull;
        t.rigging += l->rigging - sk.ships[1].rigging;
        t.crew += l->crew - sk.ships[1].crew;
        t.target_guns += 2 * l->guns - sk.ships[1].guns[0] - sk.ships[1].guns[1];
        t.own_crew += k->crew - sk.ships[0].crew;
        t.own_guns += 2 * k->guns - sk.ships[0].guns[0] - sk.ships[0].guns[1];
        skirmish_deinit(&sk);
    }
    return t;
}

/* |x - want| within tol. */
#define NEAR(x, want, tol)                                                                         \
    ck_assert_msg(labs((long)(x) - (long)(want)) <= (long)(tol), #x " is %ld, wanted %ld +- %ld",  \
                  (long)(x), (long)(want), (long)(tol))

START_TEST(test_grape_kills_crew_never_hull)
{
    /* One hit: a crew, a second on FLEET_GRAPE_CREW_PCT, nothing else. */
    enum { N = 20000 };
    FleetDamage d = {0, 0, 0, {0, 0}};
    for (int i = 0; i < N; i++)
        fleet_hit_effect(FLEET_FRIGATE, FLEET_SHORT, FLEET_GRAPE, FLEET_PORT, false,
                         fleet_rand(9, (uint64_t)i), &d);
    ck_assert_int_eq(d.hull + d.rigging + d.guns[0] + d.guns[1], 0);
    NEAR(d.crew, N + N * FLEET_GRAPE_CREW_PCT / 100, N / 50);
    /* In battle: a frigate's grape at short range hits on the table's
     * chance and only her crew bleeds. */
    Map m = open_map(1000, 600);
    Tally t = volleys(&m, FLEET_FRIGATE, AT_SHORT, FLEET_GRAPE, tu_scale(300, 60));
    ck_assert_int_eq(t.hull + t.rigging + t.target_guns, 0);
    int pct = fleet_hit_pct_table[FLEET_LONG_GUNS][FLEET_GRAPE][FLEET_SHORT];
    NEAR(t.hits * 100, t.guns * pct, t.guns * 5);
    ck_assert_int_ge(t.crew, t.hits);
    ck_assert_int_le(t.crew, 2 * t.hits);
    /* Beyond medium range grape holds its fire. */
    ck_assert_int_eq(fleet_hit_pct(FLEET_FRIGATE, FLEET_LONG, FLEET_GRAPE, true), 0);
    t = volleys(&m, FLEET_FRIGATE, AT_LONG, FLEET_GRAPE, 5);
    ck_assert_int_eq(t.fired, 0);
    map_free(&m);
}
END_TEST

/* Grape clears a deck: enough of it and she strikes. */
START_TEST(test_grape_makes_her_strike)
{
    Map m = open_map(1000, 600);
    Skirmish sk;
    duel(&sk, &m, 3, FLEET_LINE, FLEET_SLOOP, AT_SHORT, FLEET_GRAPE);
    int turns = 0;
    while (fleet_ship_active(&sk.ships[1]) && turns < 12) {
        resolve(&sk);
        SkirmishOrders o = sk.orders[0];
        o.fire[FLEET_PORT] = (SkirmishFire){1, FLEET_GRAPE};
        Err e;
        if (fleet_ship_active(&sk.ships[1])) ck_assert_int_eq(skirmish_order(&sk, 0, &o, &e), 0);
        turns++;
    }
    ck_assert_int_eq(sk.ships[1].status, FLEET_STRUCK);
    ck_assert_int_eq(sk.ships[1].hull, fleet_classes[FLEET_SLOOP].hull);
    ck_assert_int_lt(sk.ships[1].crew * 4, fleet_classes[FLEET_SLOOP].crew);
    skirmish_deinit(&sk);
    map_free(&m);
}
END_TEST

START_TEST(test_double_only_first_fire_at_short_range)
{
    Map m = open_map(1000, 600);
    Skirmish sk;
    Err e;
    /* Beyond short range the broadside holds: still loaded, its first fire
     * kept for later. */
    duel(&sk, &m, 5, FLEET_FRIGATE, FLEET_FRIGATE, AT_MEDIUM, FLEET_DOUBLE);
    ck_assert_int_eq(fleet_hit_pct(FLEET_FRIGATE, FLEET_MEDIUM, FLEET_DOUBLE, false), 0);
    resolve(&sk);
    ck_assert_ptr_null(find_event(&sk, SKIRMISH_EV_FIRED));
    ck_assert_int_eq(sk.ships[0].reload[FLEET_PORT], 0);
    ck_assert(sk.ships[0].first_fire[FLEET_PORT]);
    ck_assert_int_eq(sk.stats[0].shots, 0);
    skirmish_deinit(&sk);
    /* Close aboard she fires, and the first fire is spent. */
    duel(&sk, &m, 5, FLEET_FRIGATE, FLEET_FRIGATE, AT_SHORT, FLEET_DOUBLE);
    resolve(&sk);
    const SkirmishEvent *ev = find_event(&sk, SKIRMISH_EV_FIRED);
    ck_assert_ptr_nonnull(ev);
    ck_assert_int_eq(ev->shot, FLEET_DOUBLE);
    ck_assert(!sk.ships[0].first_fire[FLEET_PORT]);
    ck_assert(sk.ships[0].first_fire[FLEET_STARBOARD]); /* the other broadside held */
    /* Loaded again for turn 3 (silent in turn 2), but never double shot
     * again. */
    resolve(&sk);
    ck_assert_int_eq(sk.ships[0].reload[FLEET_PORT], 0);
    SkirmishOrders o = sk.orders[0];
    o.fire[FLEET_PORT].shot = FLEET_DOUBLE;
    ck_assert_int_eq(skirmish_check_orders(&sk, 0, &o, &e), -1);
    ck_assert_msg(strstr(e.msg, "double shot only for a broadside's first fire") &&
                      strstr(e.msg, "port broadside has fired"),
                  "%s", e.msg);
    o.fire[FLEET_PORT].shot = FLEET_ROUND;
    o.fire[FLEET_STARBOARD].shot = FLEET_DOUBLE;
    ck_assert_int_eq(skirmish_check_orders(&sk, 0, &o, &e), 0);
    o.fire[FLEET_STARBOARD].shot = FLEET_SHOTS;
    ck_assert_int_eq(skirmish_check_orders(&sk, 0, &o, &e), -1);
    ck_assert_ptr_nonnull(strstr(e.msg, "unknown shot type"));
    ck_assert(!fleet_shot_allowed(&sk.ships[0], FLEET_PORT, FLEET_DOUBLE));
    ck_assert(fleet_shot_allowed(&sk.ships[0], FLEET_PORT, FLEET_GRAPE));
    skirmish_deinit(&sk);
    map_free(&m);
}
END_TEST

START_TEST(test_double_hits_harder_and_bursts_guns)
{
    Map m = open_map(1000, 600);
    const int battles = tu_scale(400, 100);
    Tally t = volleys(&m, FLEET_FRIGATE, AT_SHORT, FLEET_DOUBLE, battles);
    ck_assert_int_eq(t.fired, battles);
    /* Round shot's effect and a hull more: two hull a hit. */
    ck_assert_int_eq(fleet_hit_hull_table[FLEET_LONG_GUNS][FLEET_DOUBLE][FLEET_SHORT], 2);
    ck_assert_int_eq(t.hull, 2 * t.hits);
    ck_assert_int_eq(t.rigging, 0);
    /* Bursts on their chance, each a gun of that broadside and a crew of
     * her own; a burst gun's shot is lost. */
    NEAR(t.burst * 100, t.guns * FLEET_BURST_PCT, t.guns * 3);
    ck_assert_int_gt(t.burst, 0);
    ck_assert_int_eq(t.own_guns, t.burst);
    ck_assert_int_eq(t.own_crew, t.burst);
    int pct = fleet_hit_pct_table[FLEET_LONG_GUNS][FLEET_DOUBLE][FLEET_SHORT];
    NEAR(t.hits * 100, (t.guns - t.burst) * pct, t.guns * 5);
    /* The planner's sums agree with the dice. */
    double want = fleet_expected_damage(FLEET_FRIGATE, 6, 2, FLEET_DOUBLE, false) * battles;
    long got = t.hull + t.crew + t.target_guns;
    NEAR(got, (long)want, (long)(want / 10));
    NEAR((long)(100 * fleet_expected_burst(6, FLEET_DOUBLE)), 6 * FLEET_BURST_PCT, 1);
    ck_assert(fleet_expected_burst(6, FLEET_ROUND) == 0.0);
    ck_assert(fleet_expected_damage(FLEET_FRIGATE, 6, 2, FLEET_DOUBLE, false) >
              fleet_expected_damage(FLEET_FRIGATE, 6, 2, FLEET_ROUND, false));
    ck_assert(fleet_expected_damage(FLEET_FRIGATE, 6, 3, FLEET_DOUBLE, false) == 0.0);
    /* The log and the stats say so. */
    bool told = false;
    for (uint64_t seed = 1; seed <= 60 && !told; seed++) {
        Skirmish sk;
        duel(&sk, &m, seed, FLEET_LINE, FLEET_LINE, AT_SHORT, FLEET_DOUBLE);
        resolve(&sk);
        const SkirmishEvent *ev = find_event(&sk, SKIRMISH_EV_FIRED);
        ck_assert_ptr_nonnull(ev);
        ck_assert_int_eq(sk.stats[0].burst, ev->burst);
        ck_assert_int_eq(ev->damage.guns[FLEET_PORT], ev->burst);
        ck_assert_int_eq(ev->damage.crew, ev->burst);
        if (ev->burst > 0) {
            char text[256];
            skirmish_event_text(&sk, ev, text, sizeof text);
            ck_assert_msg(strstr(text, "double shot") && strstr(text, "burst"), "%s", text);
            /* Her own losses score for no one. */
            ck_assert_int_eq(sk.stats[1].damage, 0);
            told = true;
        }
        skirmish_deinit(&sk);
    }
    ck_assert(told);
    map_free(&m);
}
END_TEST

START_TEST(test_carronades_short_heavy_long_none)
{
    ck_assert_int_eq(fleet_classes[FLEET_SLOOP].ordnance, FLEET_CARRONADES);
    ck_assert_int_eq(fleet_classes[FLEET_FRIGATE].ordnance, FLEET_LONG_GUNS);
    ck_assert_int_eq(fleet_classes[FLEET_LINE].ordnance, FLEET_LONG_GUNS);
    Map m = open_map(1000, 600);
    const int battles = tu_scale(400, 100);
    /* Short range: a sloop's round shot hits as a frigate's does, a hull
     * more a hit. */
    Tally s = volleys(&m, FLEET_SLOOP, AT_SHORT, FLEET_ROUND, battles);
    int hs = fleet_hit_hull_table[FLEET_CARRONADES][FLEET_ROUND][FLEET_SHORT];
    ck_assert_int_eq(hs, fleet_hit_hull_table[FLEET_LONG_GUNS][FLEET_ROUND][FLEET_SHORT] + 1);
    ck_assert_int_eq(s.hull, hs * s.hits);
    int ps = fleet_hit_pct_table[FLEET_CARRONADES][FLEET_ROUND][FLEET_SHORT];
    NEAR(s.hits * 100, s.guns * ps, s.guns * 5);
    /* Medium: one hull a hit, on a poorer chance than long guns have. */
    Tally md = volleys(&m, FLEET_SLOOP, AT_MEDIUM, FLEET_ROUND, battles);
    ck_assert_int_eq(md.hull, md.hits);
    int pm = fleet_hit_pct(FLEET_SLOOP, FLEET_MEDIUM, FLEET_ROUND, false);
    ck_assert_int_lt(pm, fleet_hit_pct(FLEET_FRIGATE, FLEET_MEDIUM, FLEET_ROUND, false));
    NEAR(md.hits * 100, md.guns * pm, md.guns * 5);
    /* Long: carronades don't reach; fire at will finds no one. */
    ck_assert_int_eq(fleet_hit_pct(FLEET_SLOOP, FLEET_LONG, FLEET_ROUND, true), 0);
    Tally l = volleys(&m, FLEET_SLOOP, AT_LONG, FLEET_ROUND, 5);
    ck_assert_int_eq(l.fired, 0);
    Skirmish sk;
    duel(&sk, &m, 1, FLEET_SLOOP, FLEET_FRIGATE, AT_LONG, FLEET_ROUND);
    SkirmishFire any = {SKIRMISH_ANY, FLEET_ROUND};
    ck_assert_int_eq(skirmish_fire_target(&sk, 0, FLEET_PORT, any, NULL, NULL), -1);
    ck_assert_int_eq(fleet_expected_damage(FLEET_SLOOP, 3, 7, FLEET_ROUND, false), 0.0);
    skirmish_deinit(&sk);
    /* The planner values a sloop's short range broadside above a long
     * gun's of the same weight, and her double shot heavier still. */
    ck_assert(fleet_expected_damage(FLEET_SLOOP, 3, 1, FLEET_ROUND, false) >
              fleet_expected_damage(FLEET_FRIGATE, 3, 1, FLEET_ROUND, false));
    ck_assert_int_eq(fleet_hit_hull_table[FLEET_CARRONADES][FLEET_DOUBLE][FLEET_SHORT], hs + 1);
    map_free(&m);
}
END_TEST

/* The report counts guns fired by shot and the guns burst, after the
 * fields it always had. */
START_TEST(test_stats_and_json_count_shot_types)
{
    Map m = open_map(1000, 600);
    Skirmish sk;
    /* Turn 1: A's grape; turn 2: B's starboard round shot at will (her
     * default orders); turn 3: A's round again, and B, turned to bring her
     * unfired port broadside to bear, double shot. */
    duel(&sk, &m, 7, FLEET_LINE, FLEET_LINE, AT_SHORT, FLEET_GRAPE);
    resolve(&sk);
    ck_assert_int_eq(sk.stats[0].shots_by[FLEET_GRAPE], 10);
    ck_assert_int_eq(sk.stats[0].shots, 10);
    resolve(&sk);
    sk.ships[1].pose.facing = 3;
    SkirmishOrders o = sk.orders[1];
    o.fire[FLEET_PORT] = (SkirmishFire){0, FLEET_DOUBLE};
    Err e;
    ck_assert_msg(skirmish_order(&sk, 1, &o, &e) == 0, "%s", e.msg);
    resolve(&sk);
    const SkirmishStats *a = &sk.stats[0], *b = &sk.stats[1];
    ck_assert_int_gt(a->shots_by[FLEET_ROUND], 0);
    ck_assert_int_gt(b->shots_by[FLEET_ROUND], 0);
    ck_assert_int_gt(b->shots_by[FLEET_DOUBLE], 0);
    for (int s = 0; s < 2; s++) {
        int sum = 0;
        for (int k = 0; k < FLEET_SHOTS; k++) sum += sk.stats[s].shots_by[k];
        ck_assert_int_eq(sum, sk.stats[s].shots);
    }
    SkirmishOutcome out;
    skirmish_outcome(&sk, &out);
    for (int k = 0; k < FLEET_SHOTS; k++)
        for (int s = 0; s < 2; s++) ck_assert_int_eq(out.shot_types[k][s], sk.stats[s].shots_by[k]);
    ck_assert_int_eq(out.burst[1], b->burst);
    char js[SKIRMISH_OUTCOME_JSON_MAX], want[512];
    ck_assert_int_gt(skirmish_outcome_json(&out, js, sizeof js), 0);
    snprintf(want, sizeof want,
             "\"points\":[%d,%d],\"boardings\":[0,0],\"prizes\":[0,0],\"groundings\":[0,0],"
             "\"shot_types\":{\"round\":[%d,%d],\"chain\":[0,0],"
             "\"grape\":[10,0],\"double\":[0,%d]},\"burst\":[0,%d],\"escaped\":[0,0],\"scenario\":"
             "\"\",\"goal\":[\"destroy\",\"destroy\"],\"goal_met\":[false,false],\"decided_by\"",
             out.points[0], out.points[1], a->shots_by[FLEET_ROUND], b->shots_by[FLEET_ROUND],
             b->shots_by[FLEET_DOUBLE], b->burst);
    ck_assert_msg(strstr(js, want) != NULL, "wanted %s in %s", want, js);
    skirmish_deinit(&sk);
    map_free(&m);
}
END_TEST

static Suite *shot_suite(void)
{
    Suite *s = suite_create("shot");
    TCase *tc = tcase_create("core");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, test_grape_kills_crew_never_hull);
    tcase_add_test(tc, test_grape_makes_her_strike);
    tcase_add_test(tc, test_double_only_first_fire_at_short_range);
    tcase_add_test(tc, test_double_hits_harder_and_bursts_guns);
    tcase_add_test(tc, test_carronades_short_heavy_long_none);
    tcase_add_test(tc, test_stats_and_json_count_shot_types);
    suite_add_tcase(s, tc);
    return s;
}

SHOAL_CHECK_MAIN(shot_suite)
