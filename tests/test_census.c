/* test_census: autoplay's ship-turn census (skirmish.h,
 * skirmish_census_turn): every reason a ship lies still is told apart, a
 * ship that sails is no still ship-turn, and the longest spell without a
 * shot counts only while both sides can fight. The open map's wind blows
 * from the west (facing 3 is head to wind). */
#include "testutil.h"

#include <string.h>

#include "core/ai.h"
#include "core/skirmish.h"
#include "sktest.h"

/* Resolve sk's turn (orders as they stand) and count it into c. */
static void census_turn(Skirmish *sk, SkirmishCensus *c)
{
    Skirmish *before = malloc(sizeof *before);
    ck_assert_ptr_nonnull(before);
    ck_assert_int_eq(skirmish_submit(sk, 0, &(Err){{0}}), 0);
    ck_assert_int_eq(skirmish_submit(sk, 1, &(Err){{0}}), 0);
    ck_assert_int_eq(chart_scratch_ready(&sk->chart), 0);
    *before = *sk;
    Err e;
    ck_assert_msg(skirmish_resolve(sk, &e) == 0, "%s", e.msg);
    skirmish_census_turn(before, sk, c);
    free(before);
}

START_TEST(test_every_reason_told_apart)
{
    Map m = open_map(2000, 1200);
    /* Land on every side of (15,12): no way out of that hex. */
    for (int d = 0; d < HEX_DIRS; d++) add_land(&m, hex_neighbor(hex_make(15, 12), d));
    Skirmish sk;
    sk_empty(&sk, &m, 7);
    int anch = add_ship(&sk, FLEET_FRIGATE, 0, 5, 5, 0);
    moor(&sk, anch);
    int ground = add_ship(&sk, FLEET_FRIGATE, 0, 15, 5, 0);
    sk.ships[ground].aground = true;
    int la = add_ship(&sk, FLEET_FRIGATE, 0, 25, 5, 0),
        lb = add_ship(&sk, FLEET_FRIGATE, 0, 26, 5, 0);
    sk.ships[la].lashed = lb;
    sk.ships[lb].lashed = la;
    int mast = add_ship(&sk, FLEET_FRIGATE, 0, 35, 5, 0);
    sk.ships[mast].rigging = 0;
    int sails = add_ship(&sk, FLEET_FRIGATE, 0, 5, 12, 0);
    order(&sk, sails, "F", SKIRMISH_HOLD, SKIRMISH_HOLD, FLEET_ROUND);
    int boxed = add_ship(&sk, FLEET_FRIGATE, 0, 15, 12, 0);
    int block = add_ship(&sk, FLEET_FRIGATE, 0, 25, 12, 0);
    int moored = add_ship(&sk, FLEET_FRIGATE, 0, 26, 12, 0); /* right ahead of block */
    moor(&sk, moored);
    order(&sk, block, "F", SKIRMISH_HOLD, SKIRMISH_HOLD, FLEET_ROUND);
    int irons = add_ship(&sk, FLEET_FRIGATE, 0, 35, 12, 3);
    int idle = add_ship(&sk, FLEET_FRIGATE, 0, 5, 20, 0);
    int hold = add_ship(&sk, FLEET_FRIGATE, 0, 15, 20, 0);
    sk.goal[0].kind = SKIRMISH_GOAL_HOLD;
    sk.goal[0].turns = 5;
    sk.goal[0].nhexes = 1;
    sk.goal[0].hexes[0] = sk.ships[hold].pose.hex;
    /* Two ships abeam of each other, two hexes apart: both lie to and fire. */
    int gun = add_ship(&sk, FLEET_FRIGATE, 0, 32, 24, 0);
    Hex at = hex_neighbor(hex_neighbor(hex_make(32, 24), 1), 1);
    int foe = add_ship(&sk, FLEET_FRIGATE, 1, at.q, at.r, 0);
    ck_assert_int_ge(fleet_broadside_for(sk.ships[gun].pose, at), 0);
    order(&sk, gun, "", SKIRMISH_ANY, SKIRMISH_ANY, FLEET_ROUND);
    order(&sk, foe, "", SKIRMISH_ANY, SKIRMISH_ANY, FLEET_ROUND);
    (void)idle;
    (void)boxed;
    (void)irons;

    SkirmishCensus c;
    memset(&c, 0, sizeof c);
    census_turn(&sk, &c);
    ck_assert_int_eq(count_events(&sk, SKIRMISH_EV_MOVED, sails), 1);
    ck_assert_int_eq(count_events(&sk, SKIRMISH_EV_BLOCKED, block), 1);
    ck_assert_int_eq(c.ship_turns[0], 13);
    ck_assert_int_eq(c.ship_turns[1], 1);
    static const int want[SKIRMISH_STILL_REASONS] = {
        [SKIRMISH_STILL_ANCHORED] = 2,  [SKIRMISH_STILL_AGROUND] = 1, [SKIRMISH_STILL_GRAPPLED] = 2,
        [SKIRMISH_STILL_DISMASTED] = 1, [SKIRMISH_STILL_BOXED] = 1,   [SKIRMISH_STILL_BLOCKED] = 1,
        [SKIRMISH_STILL_FIRING] = 1,    [SKIRMISH_STILL_HOLDING] = 1, [SKIRMISH_STILL_IRONS] = 1,
        [SKIRMISH_STILL_IDLE] = 1,
    };
    for (int r = 0; r < SKIRMISH_STILL_REASONS; r++) {
        ck_assert_msg(c.still[r][0] == want[r], "%s: %d, want %d", skirmish_still_names[r],
                      c.still[r][0], want[r]);
        ck_assert_int_eq(c.still[r][1], r == SKIRMISH_STILL_FIRING);
    }
    ck_assert_int_eq(c.quiet_max, 0);
    skirmish_deinit(&sk);
    map_free(&m);
}
END_TEST

/* Turns without a broadside make a spell; a broadside ends it, the longest
 * is kept; with one side's last fighting ship struck no turn is quiet. */
START_TEST(test_quiet_spells)
{
    Map m = open_map(2000, 1200);
    Skirmish sk;
    sk_empty(&sk, &m, 3);
    int a = add_ship(&sk, FLEET_FRIGATE, 0, 5, 5, 0);
    int b = add_ship(&sk, FLEET_FRIGATE, 1, 5, 20, 0);
    moor(&sk, a);
    moor(&sk, b);
    SkirmishCensus c;
    memset(&c, 0, sizeof c);
    for (int t = 0; t < 3; t++) census_turn(&sk, &c);
    ck_assert_int_eq(c.quiet_max, 3);
    ck_assert_int_eq(c.quiet_run, 3);
    ck_assert_int_eq(c.still[SKIRMISH_STILL_ANCHORED][0], 3);
    /* Bring b abeam of a, two hexes off: a fires, the spell ends. */
    Hex at = hex_neighbor(hex_neighbor(sk.ships[a].pose.hex, 1), 1);
    sk.ships[b].pose.hex = at;
    order(&sk, a, "", SKIRMISH_ANY, SKIRMISH_ANY, FLEET_ROUND);
    census_turn(&sk, &c);
    ck_assert_int_gt(count_events(&sk, SKIRMISH_EV_FIRED, -1), 0);
    ck_assert_int_eq(c.quiet_run, 0);
    ck_assert_int_eq(c.quiet_max, 3);
    skirmish_deinit(&sk);

    /* Side B has no fighting ship (a prize is none): quiet turns are no stand-off. */
    sk_empty(&sk, &m, 3);
    a = add_ship(&sk, FLEET_FRIGATE, 0, 5, 5, 0);
    b = add_ship(&sk, FLEET_FRIGATE, 1, 5, 20, 0);
    int c2 = add_ship(&sk, FLEET_FRIGATE, 1, 20, 20, 0);
    moor(&sk, a);
    moor(&sk, b);
    moor(&sk, c2);
    sk.ships[b].prize = FLEET_PRIZE_TAKEN;
    sk.ships[c2].status = FLEET_STRUCK;
    memset(&c, 0, sizeof c);
    /* The battle may end on the spot (no side B fleet left); one turn is enough. */
    census_turn(&sk, &c);
    ck_assert_int_eq(c.quiet_max, 0);
    /* The prize is manned: a ship-turn; the wreck is not. */
    ck_assert_int_eq(c.ship_turns[1], 1);
    skirmish_deinit(&sk);
    map_free(&m);
}
END_TEST

/* Autoplay reports the census beside the outcome: every still ship-turn
 * is one of its ship-turns, and the JSON carries each reason. */
START_TEST(test_autoplay_reports_census)
{
    SkirmishSetup st;
    skirmish_setup_default(&st);
    st.seed = 5;
    int players[SKIRMISH_SIDES] = {AI_PLAYER_NORMAL, AI_PLAYER_NORMAL};
    SkirmishOutcome o;
    Err e;
    ck_assert_msg(ai_autoplay_map(NULL, &st, players, &o, &e) == 0, "%s", e.msg);
    const SkirmishCensus *c = &o.census;
    for (int s = 0; s < SKIRMISH_SIDES; s++) {
        int still = 0;
        for (int r = 0; r < SKIRMISH_STILL_REASONS; r++) still += c->still[r][s];
        /* At least the first turn of every ship; no more than all turns. */
        ck_assert_int_ge(c->ship_turns[s], o.ships[s]);
        ck_assert_int_le(c->ship_turns[s], o.ships[s] * o.turns * 2);
        ck_assert_int_le(still, c->ship_turns[s]);
    }
    ck_assert_int_le(c->quiet_max, o.turns);
    char js[SKIRMISH_OUTCOME_JSON_MAX];
    ck_assert_int_gt(skirmish_outcome_json(&o, js, sizeof js), 0);
    char want[64];
    snprintf(want, sizeof want, "\"ship_turns\":[%d,%d]", c->ship_turns[0], c->ship_turns[1]);
    ck_assert_ptr_nonnull(strstr(js, want));
    for (int r = 0; r < SKIRMISH_STILL_REASONS; r++) {
        snprintf(want, sizeof want, "\"%s\":[%d,%d]", skirmish_still_names[r], c->still[r][0],
                 c->still[r][1]);
        ck_assert_msg(strstr(js, want), "%s not in %s", want, js);
    }
    snprintf(want, sizeof want, "\"quiet_max\":%d,", c->quiet_max);
    ck_assert_ptr_nonnull(strstr(js, want));
    /* The pace: the turn of the first broadside, or null for none. */
    if (c->first_broadside > 0)
        snprintf(want, sizeof want, "\"first_broadside\":%d}", c->first_broadside);
    else
        snprintf(want, sizeof want, "\"first_broadside\":null}");
    ck_assert_msg(strstr(js, want), "%s not in %s", want, js);
}
END_TEST

static Suite *census_suite(void)
{
    Suite *s = suite_create("census");
    TCase *tc = tcase_create("core");
    tcase_add_test(tc, test_every_reason_told_apart);
    tcase_add_test(tc, test_quiet_spells);
    tcase_add_test(tc, test_autoplay_reports_census);
    suite_add_tcase(s, tc);
    return s;
}

SHOAL_CHECK_MAIN(census_suite)
