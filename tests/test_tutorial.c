/* test_tutorial: the guided first battle's step machine — its battle is
 * the same every time (a frigate and a sloop at anchor, the wind fixed),
 * each step is done only by its own condition and in order, the sloop
 * never moves, and the battle's end ends the lesson (won here by raking
 * her from astern, turn after turn); settings.ini remembers the offer. */
#include <SDL.h>
#include <stdio.h>
#include <unistd.h>

#include "testutil.h"

#include "core/paths.h"
#include "core/scenario.h"
#include "game/battle.h"
#include "game/settings.h"
#include "game/tutorial.h"

static Battle *tutorial_battle(Tutorial *t)
{
    BattleSetup st;
    static char path[PATHS_MAX];
    /* The tests run from the source tree; the shipped map is in data/. */
    setenv("SHOAL_DATA", "data", 0);
    Err e = {{0}};
    ck_assert_msg(tutorial_setup(&st, path, sizeof path, &e) == 0, "%s", e.msg);
    Battle *b = battle_new(&st, 1.0f, &e);
    if (!b) ck_abort_msg("battle_new: %s", e.msg);
    tutorial_begin(t, b);
    return b;
}

/* One frame with nothing seen but the pointer on hex h (kind: its hover). */
static void frame(Tutorial *t, Battle *b, int kind, Hex h, bool next)
{
    TutorialSeen s = {kind, h, next};
    tutorial_update(t, b, &s);
}

static void idle(Tutorial *t, Battle *b)
{
    frame(t, b, BATTLE_HOVER_NONE, (Hex){0, 0}, false);
}

static Hex east(const Battle *b, int i, int n)
{
    Hex h = b->sk.ships[i].pose.hex;
    return (Hex){h.q + n, h.r};
}

START_TEST(test_battle_is_fixed)
{
    Tutorial t;
    Battle *b = tutorial_battle(&t);
    ck_assert(t.on);
    ck_assert_int_eq(t.step, TUTORIAL_SELECT);
    const FleetShip *a = &b->sk.ships[t.ship], *s = &b->sk.ships[t.enemy];
    ck_assert_int_eq(a->side, 0);
    ck_assert_int_eq(a->cls, FLEET_FRIGATE);
    ck_assert_int_eq(s->side, 1);
    ck_assert_int_eq(s->cls, FLEET_SLOOP);
    /* Where the scenario puts them: the sloop three hexes off, at anchor. */
    Scenario sc;
    Err e = {{0}};
    ck_assert_msg(scenario_find(&sc, TUTORIAL_SCENARIO, &e) == 0, "%s", e.msg);
    ck_assert(hex_equal(a->pose.hex, sc.setup.place.poses[0][0].hex));
    ck_assert_int_eq(a->pose.facing, sc.setup.place.poses[0][0].facing);
    ck_assert(hex_equal(s->pose.hex, sc.setup.place.poses[1][0].hex));
    ck_assert_int_eq(hex_distance(a->pose.hex, s->pose.hex), 3);
    ck_assert(s->anchored);
    ck_assert_int_eq(b->sk.wind_dir, sc.setup.pick.wind_dir);
    ck_assert_int_eq(b->sk.wind_strength, sc.setup.pick.wind_strength);
    ck_assert_int_eq(b->sk.turn_limit, sc.setup.turn_limit);
    ck_assert_int_eq((int)b->sk.seed, (int)sc.setup.seed);
    /* Her first heading is a fast one, and three hexes east rakes the sloop. */
    ck_assert_int_eq(fleet_point_of_sail(a->pose.facing, b->sk.wind_dir), FLEET_BROAD_REACH);
    ck_assert(fleet_rakes(s->pose, east(b, t.ship, 3)));
    ck_assert(!fleet_rakes(s->pose, a->pose.hex));
    battle_free(b);
}
END_TEST

START_TEST(test_steps_only_on_their_condition_in_order)
{
    Tutorial t;
    Battle *b = tutorial_battle(&t);
    int me = t.ship;
    /* Nothing done: nothing moves on, the button of a reading step
     * counts for nothing elsewhere. */
    for (int k = 0; k < 3; k++) frame(&t, b, BATTLE_HOVER_NONE, (Hex){0, 0}, true);
    ck_assert_int_eq(t.step, TUTORIAL_SELECT);
    /* Selecting the sloop is not selecting her. */
    battle_select(b, t.enemy);
    idle(&t, b);
    ck_assert_int_eq(t.step, TUTORIAL_SELECT);
    battle_select(b, me);
    idle(&t, b);
    ck_assert_int_eq(t.step, TUTORIAL_REACH);
    /* The pointer on water she can't reach this turn, then on her reach. */
    frame(&t, b, BATTLE_HOVER_PLOT, east(b, me, 9), false);
    ck_assert_int_eq(t.step, TUTORIAL_REACH);
    frame(&t, b, BATTLE_HOVER_PLOT, east(b, me, 1), false);
    ck_assert_int_eq(t.step, TUTORIAL_PLOT);
    idle(&t, b);
    ck_assert_int_eq(t.step, TUTORIAL_PLOT);
    /* A hex east: a path, and points left to turn at its end. */
    Hex one = east(b, me, 1);
    ck_assert_int_eq(battle_plot(b, one), 0);
    idle(&t, b);
    ck_assert_int_eq(t.step, TUTORIAL_TURN);
    int facing = battle_path_end(b, me).facing;
    idle(&t, b);
    ck_assert_int_eq(t.step, TUTORIAL_TURN);
    ck_assert_int_eq(battle_plot(b, one), 0);
    ck_assert_int_ne(battle_path_end(b, me).facing, facing);
    idle(&t, b);
    ck_assert_int_eq(t.step, TUTORIAL_WIND);
    /* Reading the wind is done with its button alone. */
    for (int k = 0; k < 3; k++) idle(&t, b);
    ck_assert_int_eq(t.step, TUTORIAL_WIND);
    ck_assert_ptr_nonnull(tutorial_step_button(TUTORIAL_WIND));
    frame(&t, b, BATTLE_HOVER_NONE, (Hex){0, 0}, true);
    ck_assert_int_eq(t.step, TUTORIAL_AIM);
    /* The button again does not aim. */
    frame(&t, b, BATTLE_HOVER_NONE, (Hex){0, 0}, true);
    ck_assert_int_eq(t.step, TUTORIAL_AIM);
    /* Straight back on E: the sloop is abeam to port from there, no rake. */
    for (int k = 0; k < HEX_DIRS && battle_path_end(b, me).facing != 0; k++)
        ck_assert_int_eq(battle_plot(b, one), 0);
    ck_assert_int_eq(battle_path_end(b, me).facing, 0);
    ck_assert_int_eq(battle_aim_at(b, t.enemy), 0);
    idle(&t, b);
    ck_assert_int_eq(t.step, TUTORIAL_RAKE);
    /* Abeam of her is no rake: across her stern is. */
    idle(&t, b);
    ck_assert_int_eq(t.step, TUTORIAL_RAKE);
    ck_assert_int_eq(battle_plot(b, east(b, me, 3)), 0);
    idle(&t, b);
    ck_assert_int_eq(t.step, TUTORIAL_END_TURN);
    ck_assert_int_lt(t.already, 0);
    /* The sloop's orders are in: she holds her place. */
    ck_assert(b->sk.submitted[1]);
    ck_assert_int_eq(b->sk.orders[t.enemy].nsteps, 0);
    Hex sloop = b->sk.ships[t.enemy].pose.hex;
    Err e = {{0}};
    ck_assert_int_eq(battle_end_turn(b, &e), 0);
    idle(&t, b);
    ck_assert_int_eq(t.step, TUTORIAL_REPLAY);
    for (int k = 0; k < 3 && b->phase == BATTLE_ANIMATE; k++) {
        battle_update(b, 0.05f);
        idle(&t, b);
        ck_assert_int_eq(t.step, TUTORIAL_REPLAY);
    }
    battle_skip_animation(b);
    idle(&t, b);
    ck_assert_int_eq(t.step, b->phase == BATTLE_OVER ? TUTORIAL_DONE : TUTORIAL_FIGHT);
    ck_assert(hex_equal(b->sk.ships[t.enemy].pose.hex, sloop));
    /* Her port broadside raked the sloop. */
    bool raked = false;
    for (int k = 0; k < b->sk.nevents; k++)
        if (b->sk.events[k].kind == SKIRMISH_EV_FIRED && b->sk.events[k].ship == me)
            raked |= b->sk.events[k].raked != 0;
    ck_assert(raked);
    battle_free(b);
}
END_TEST

START_TEST(test_won_from_astern_ends_the_lesson)
{
    Tutorial t;
    Battle *b = tutorial_battle(&t);
    int me = t.ship;
    Err e = {{0}};
    /* Three hexes east (dead astern of her) and stay there, the broadsides
     * firing at will as they reload: she strikes or sinks within the limit. */
    battle_select(b, me);
    ck_assert_int_eq(battle_plot(b, east(b, me, 3)), 0);
    int turns = 0;
    while (b->phase != BATTLE_OVER && turns < b->sk.turn_limit) {
        idle(&t, b);
        ck_assert_int_ne(t.step, TUTORIAL_DONE);
        ck_assert_int_eq(battle_end_turn(b, &e), 0);
        battle_skip_animation(b);
        turns++;
        idle(&t, b);
        if (b->phase == BATTLE_PLOT) ck_assert_int_eq(t.step, TUTORIAL_FIGHT);
    }
    ck_assert_int_eq(b->phase, BATTLE_OVER);
    ck_assert_int_eq(b->sk.winner, 0);
    ck_assert_int_le(turns, 8);
    ck_assert_int_eq(t.step, TUTORIAL_DONE);
    /* The same fight every time: the same number of turns. */
    Tutorial t2;
    Battle *b2 = tutorial_battle(&t2);
    battle_select(b2, me);
    ck_assert_int_eq(battle_plot(b2, east(b2, me, 3)), 0);
    int turns2 = 0;
    while (b2->phase != BATTLE_OVER && turns2 < b2->sk.turn_limit) {
        idle(&t2, b2);
        ck_assert_int_eq(battle_end_turn(b2, &e), 0);
        battle_skip_animation(b2);
        turns2++;
    }
    ck_assert_int_eq(turns2, turns);
    battle_free(b2);
    battle_free(b);
}
END_TEST

/* A step already done as it comes is passed at once, and the next panel
 * says so: aimed from astern of her, the rake is done with the aim. */
START_TEST(test_a_step_done_already_is_told)
{
    Tutorial t;
    Battle *b = tutorial_battle(&t);
    int me = t.ship;
    battle_select(b, me);
    idle(&t, b);
    frame(&t, b, BATTLE_HOVER_PLOT, east(b, me, 1), false);
    Hex one = east(b, me, 1);
    ck_assert_int_eq(battle_plot(b, one), 0);
    idle(&t, b);
    ck_assert_int_eq(battle_plot(b, one), 0);
    idle(&t, b);
    frame(&t, b, BATTLE_HOVER_NONE, (Hex){0, 0}, true);
    ck_assert_int_eq(t.step, TUTORIAL_AIM);
    ck_assert_int_eq(battle_plot(b, east(b, me, 3)), 0);
    ck_assert_int_eq(battle_aim_at(b, t.enemy), 0);
    idle(&t, b);
    ck_assert_int_eq(t.step, TUTORIAL_END_TURN);
    ck_assert_int_eq(t.already, TUTORIAL_RAKE);
    /* Told once: the step after that has nothing to tell. */
    Err e = {{0}};
    ck_assert_int_eq(battle_end_turn(b, &e), 0);
    idle(&t, b);
    ck_assert_int_eq(t.step, TUTORIAL_REPLAY);
    ck_assert_int_lt(t.already, 0);
    battle_free(b);
}
END_TEST

/* Holding her place on the line counts: standing astern of the sloop
 * with no path (her path's end is where she is), the Rake step is done. */
START_TEST(test_holding_on_the_line_rakes)
{
    Tutorial t;
    Battle *b = tutorial_battle(&t);
    int me = t.ship;
    b->sk.ships[me].pose = (HexPose){east(b, me, 3), 0};
    battle_select(b, me);
    b->aids_dirty = true;
    battle_refresh(b);
    ck_assert_int_eq(b->sk.orders[me].nsteps, 0);
    t.step = TUTORIAL_RAKE;
    idle(&t, b);
    ck_assert_int_eq(t.step, TUTORIAL_END_TURN);
    /* Abeam of her, holding there is no rake. */
    Tutorial u;
    Battle *c = tutorial_battle(&u);
    battle_select(c, me);
    c->aids_dirty = true;
    battle_refresh(c);
    u.step = TUTORIAL_RAKE;
    idle(&u, c);
    ck_assert_int_eq(u.step, TUTORIAL_RAKE);
    battle_free(c);
    battle_free(b);
}
END_TEST

START_TEST(test_fight_hint_follows_the_broadsides)
{
    Tutorial t;
    Battle *b = tutorial_battle(&t);
    char hint[256];
    tutorial_hint(&t, b, hint, sizeof hint);
    ck_assert_ptr_nonnull(strstr(hint, "select A1"));
    battle_select(b, t.ship);
    ck_assert_int_eq(battle_plot(b, east(b, t.ship, 3)), 0);
    battle_refresh(b);
    tutorial_hint(&t, b, hint, sizeof hint);
    ck_assert_ptr_nonnull(strstr(hint, "port broadside bears on her, raking"));
    tutorial_wind(&t, b, hint, sizeof hint);
    ck_assert_ptr_nonnull(strstr(hint, "from SW. Ending her path facing E, she will be on a broad "
                                       "reach next turn (fastest)"));
    ck_assert_str_eq(tutorial_step_name(TUTORIAL_RAKE), "Rake her");
    ck_assert_str_eq(tutorial_step_name(TUTORIAL_STEPS), "?");
    battle_free(b);
}
END_TEST

START_TEST(test_another_battle_or_none_is_no_lesson)
{
    Tutorial t;
    Battle *b = tutorial_battle(&t);
    tutorial_end(&t);
    ck_assert(!t.on);
    battle_select(b, t.ship);
    idle(&t, b);
    ck_assert_int_eq(t.step, TUTORIAL_SELECT);
    ck_assert(!b->sk.submitted[1]);
    battle_free(b);
}
END_TEST

/* settings.ini: a first start (no file) is "new"; a file from before the
 * tutorial (no key) counts as offered; the key reads and writes back, and
 * a bad value names the file and line. */
START_TEST(test_settings_remember_the_offer)
{
    Settings s;
    settings_default(&s);
    ck_assert_int_eq(s.tutorial, SETTINGS_TUTORIAL_OFFERED);
    char dir[] = "/tmp/shoal-tutorial-XXXXXX", path[PATHS_MAX];
    ck_assert_ptr_nonnull(mkdtemp(dir));
    snprintf(path, sizeof path, "%s/settings.ini", dir);
    Err e = {{0}};
    ck_assert_int_eq(settings_load(&s, path, &e), 0);
    ck_assert_int_eq(s.tutorial, SETTINGS_TUTORIAL_NEW);
    const char old[] = "ask_end_turn = off\n";
    settings_default(&s);
    ck_assert_int_eq(settings_parse(&s, old, sizeof old - 1, "old.ini", &e), 0);
    ck_assert_int_eq(s.tutorial, SETTINGS_TUTORIAL_OFFERED);
    s.tutorial = SETTINGS_TUTORIAL_DONE;
    ck_assert_int_eq(settings_save(&s, path, &e), 0);
    Settings t;
    ck_assert_int_eq(settings_load(&t, path, &e), 0);
    ck_assert_int_eq(t.tutorial, SETTINGS_TUTORIAL_DONE);
    const char bad[] = "tutorial = maybe\n";
    ck_assert_int_ne(settings_parse(&t, bad, sizeof bad - 1, "bad.ini", &e), 0);
    ck_assert_str_eq(e.msg, "bad.ini:1: tutorial 'maybe' is not new, offered or done");
    remove(path);
    rmdir(dir);
}
END_TEST

static Suite *tutorial_suite(void)
{
    Suite *s = suite_create("tutorial");
    TCase *tc = tcase_create("steps");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, test_battle_is_fixed);
    tcase_add_test(tc, test_steps_only_on_their_condition_in_order);
    tcase_add_test(tc, test_won_from_astern_ends_the_lesson);
    tcase_add_test(tc, test_a_step_done_already_is_told);
    tcase_add_test(tc, test_fight_hint_follows_the_broadsides);
    tcase_add_test(tc, test_holding_on_the_line_rakes);
    tcase_add_test(tc, test_another_battle_or_none_is_no_lesson);
    tcase_add_test(tc, test_settings_remember_the_offer);
    suite_add_tcase(s, tc);
    return s;
}

SHOAL_CHECK_MAIN(tutorial_suite)
