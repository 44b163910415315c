/* test_ui_battle_replay: watching the last turn again (the rules, orders
 * and selection untouched, the log not told twice, none after a load),
 * the replay speed (stepping, changed mid-replay at the same moment), and
 * routes kept through battle_save / battle_load.
 */
#include <SDL.h>
#include <math.h>

#include "testutil.h"

#include "core/save.h"
#include "game/battle.h"

static Battle *new_battle(int mode, uint64_t seed)
{
    BattleSetup st = {
        .mode = mode, .seed = seed, .ships = {3, 3}, .turn_limit = 30, .map_seed = (uint32_t)seed};
    Err e = {{0}};
    Battle *b = battle_new(&st, 1.0f, &e);
    if (!b) ck_abort_msg("battle_new: %s", e.msg);
    return b;
}

/* A ship of the plotting side sent to a hex she can reach this turn. */
static int plot_somewhere(Battle *b)
{
    for (int i = 0; i < b->sk.nships; i++) {
        if (!battle_can_order(b, i)) continue;
        battle_select(b, i);
        battle_refresh(b);
        for (int k = 0; k < b->nreach_hex; k++)
            if (!hex_equal(b->reach_hex[k], b->sk.ships[i].pose.hex) &&
                battle_plot(b, b->reach_hex[k]) == 0 && b->sk.orders[i].nsteps > 0)
                return i;
    }
    ck_abort_msg("no ship of side %d can go anywhere", b->side);
    return -1;
}

static int first_of(const Battle *b, int side)
{
    for (int i = 0; i < b->sk.nships; i++)
        if (b->sk.ships[i].side == side && fleet_ship_active(&b->sk.ships[i])) return i;
    return -1;
}

START_TEST(test_rewatch_leaves_the_turn_being_plotted)
{
    Battle *b = new_battle(BATTLE_VS_AI, 11);
    ck_assert(!battle_can_rewatch(b));
    ck_assert_int_eq(battle_rewatch(b), -1);
    ck_assert_ptr_nonnull(strstr(b->note, "none has been played"));
    int a = plot_somewhere(b);
    HexPose start = b->sk.ships[a].pose;
    Err e = {{0}};
    ck_assert_int_eq(battle_end_turn(b, &e), 0);
    battle_skip_animation(b);
    ck_assert_int_eq(b->phase, BATTLE_PLOT);
    ck_assert(battle_can_rewatch(b));
    /* The next turn's orders and a selection, as a player leaves them. */
    plot_somewhere(b);
    battle_select(b, first_of(b, 1));
    Skirmish sk = b->sk;
    int sel = b->selected, logn = b->log_n;
    ck_assert_int_eq(battle_rewatch(b), 0);
    ck_assert_int_eq(b->phase, BATTLE_ANIMATE);
    ck_assert_int_eq(battle_plotter(b), -1); /* no orders on show */
    ck_assert_int_eq(battle_turn_shown(b), b->sk.turn - 1);
    /* She is drawn where the last turn began, then sails as she did. */
    BattleShipLook l;
    battle_ship_look(b, a, &l);
    float sx, sy;
    hex_to_pixel(start.hex, (float)b->map.meta.hex_size, &sx, &sy);
    ck_assert(fabsf(l.x - sx) < 0.5f && fabsf(l.y - sy) < 0.5f);
    for (int k = 0; k < 40 && b->phase == BATTLE_ANIMATE; k++) battle_update(b, 0.05f);
    battle_ship_look(b, a, &l);
    ck_assert(fabsf(l.x - sx) > 1.0f || fabsf(l.y - sy) > 1.0f);
    for (int k = 0; k < 400 && b->phase == BATTLE_ANIMATE; k++) battle_update(b, 0.05f);
    ck_assert_int_eq(b->phase, BATTLE_PLOT);
    ck_assert_int_eq(b->selected, sel);
    ck_assert_int_eq(b->log_n, logn);
    ck_assert_int_eq(b->sk.turn, sk.turn);
    ck_assert_int_eq(memcmp(b->sk.orders, sk.orders, sizeof sk.orders), 0);
    ck_assert_int_eq(memcmp(b->sk.ships, sk.ships, sizeof sk.ships), 0);
    ck_assert_int_eq(b->sk.submitted[0], 0);
    /* Skipped, the same. */
    ck_assert_int_eq(battle_rewatch(b), 0);
    battle_skip_animation(b);
    ck_assert_int_eq(b->phase, BATTLE_PLOT);
    ck_assert_int_eq(memcmp(b->sk.orders, sk.orders, sizeof sk.orders), 0);
    ck_assert_int_eq(b->log_n, logn);
    battle_free(b);
}
END_TEST

/* Hot-seat: the second commander re-watches the turn both saw; the first
 * one's orders for the next stay submitted and out of sight. */
START_TEST(test_hotseat_rewatch_keeps_the_hand_over)
{
    Battle *b = new_battle(BATTLE_HOTSEAT, 11);
    Err e = {{0}};
    for (int k = 0; k < 2; k++) {
        ck_assert_int_eq(b->phase, BATTLE_CURTAIN);
        ck_assert(!battle_can_rewatch(b));
        battle_lift_curtain(b);
        ck_assert_int_eq(battle_end_turn(b, &e), 0);
    }
    battle_skip_animation(b);
    battle_lift_curtain(b);
    ck_assert_int_eq(b->side, 0);
    plot_somewhere(b);
    SkirmishOrders a_orders[SKIRMISH_MAX_SHIPS];
    memcpy(a_orders, b->sk.orders, sizeof a_orders);
    ck_assert_int_eq(battle_end_turn(b, &e), 0);
    ck_assert_int_eq(b->phase, BATTLE_CURTAIN);
    battle_lift_curtain(b);
    ck_assert_int_eq(b->side, 1);
    ck_assert_int_eq(battle_rewatch(b), 0);
    ck_assert_int_eq(battle_plotter(b), -1);
    battle_skip_animation(b);
    ck_assert_int_eq(b->phase, BATTLE_PLOT);
    ck_assert_int_eq(b->side, 1);
    ck_assert_int_eq(b->sk.submitted[0], 1);
    ck_assert_int_eq(b->sk.submitted[1], 0);
    for (int i = 0; i < b->sk.nships; i++)
        if (b->sk.ships[i].side == 0)
            ck_assert_int_eq(memcmp(&b->sk.orders[i], &a_orders[i], sizeof a_orders[i]), 0);
    battle_free(b);
}
END_TEST

/* True when the last turn logged more than sailing (a broadside, a hit). */
static bool eventful(const Battle *b)
{
    for (int k = 0; k < b->sk.nevents; k++)
        if (b->sk.events[k].kind != SKIRMISH_EV_MOVED &&
            b->sk.events[k].kind != SKIRMISH_EV_TURNED &&
            b->sk.events[k].kind != SKIRMISH_EV_BLOCKED)
            return true;
    return false;
}

START_TEST(test_rewatch_tells_the_log_nothing_twice)
{
    Battle *b = new_battle(BATTLE_VS_AI, 11);
    Err e = {{0}};
    /* Side A lets the computer close in until guns are fired. */
    for (int t = 0; t < 40 && !(b->replay_kept && eventful(b)) && b->phase == BATTLE_PLOT; t++) {
        ck_assert_int_eq(battle_end_turn(b, &e), 0);
        battle_skip_animation(b);
    }
    ck_assert_msg(eventful(b) && b->phase == BATTLE_PLOT, "no broadside in 40 turns");
    int logn = b->log_n;
    const BattleLogLine *last = battle_log_line(b, 0);
    char text[BATTLE_LOG_TEXT];
    snprintf(text, sizeof text, "%s", last->text);
    ck_assert_int_eq(battle_rewatch(b), 0);
    for (int k = 0; k < 2000 && b->phase == BATTLE_ANIMATE; k++) battle_update(b, 0.02f);
    ck_assert_int_eq(b->phase, BATTLE_PLOT);
    ck_assert_int_eq(b->log_n, logn);
    ck_assert_str_eq(battle_log_line(b, 0)->text, text);
    battle_free(b);
}
END_TEST

START_TEST(test_speed_steps_and_keeps_the_moment)
{
    ck_assert(battle_speed_step(1.0f, 1) == 2.0f);
    ck_assert(battle_speed_step(1.0f, -1) == 0.5f);
    ck_assert(battle_speed_step(4.0f, 1) == 4.0f);
    ck_assert(battle_speed_step(0.5f, -1) == 0.5f);
    ck_assert(battle_speed_step(1.3f, 1) == 2.0f);
    ck_assert(battle_speed_step(0.25f, 1) == 0.5f);
    Battle *b = new_battle(BATTLE_WATCH, 8);
    ck_assert_int_eq(b->phase, BATTLE_ANIMATE);
    for (int k = 0; k < 10; k++) battle_update(b, 0.05f);
    BattleShipLook was, now;
    battle_ship_look(b, 0, &was);
    float total = b->anim.total;
    battle_set_speed(b, 2.0f);
    battle_ship_look(b, 0, &now);
    ck_assert(fabsf(was.x - now.x) < 0.01f && fabsf(was.y - now.y) < 0.01f);
    ck_assert(fabsf(b->anim.total - total / 2) < 0.01f);
    battle_free(b);
}
END_TEST

START_TEST(test_routes_saved_and_loaded)
{
    Battle *b = new_battle(BATTLE_VS_AI, 11);
    int i = b->selected, foe = first_of(b, 1);
    Hex goal = b->sk.ships[foe].pose.hex;
    for (int d = 0; d < HEX_DIRS; d++) {
        Hex n = hex_neighbor(b->sk.ships[foe].pose.hex, d);
        if (chart_sailable(&b->sk.chart, n) && skirmish_ship_at(&b->sk, n) < 0) goal = n;
    }
    ck_assert_msg(battle_plot(b, goal) == 0, "%s", b->note);
    ck_assert(battle_has_route(b, i));
    char dir[64], path[128];
    tu_tempdir(dir, sizeof dir);
    snprintf(path, sizeof path, "%s/route.sav", dir);
    Err e = {{0}};
    ck_assert_msg(battle_save(b, path, &e) == 0, "%s", e.msg);
    Battle *c = battle_load(path, BATTLE_VS_AI, 1.0f, &e);
    ck_assert_msg(c != NULL, "%s", e.msg);
    ck_assert(battle_has_route(c, i));
    ck_assert(hex_equal(c->route[i].goal, goal));
    ck_assert_int_eq(c->route[i].first_turns, b->route[i].first_turns);
    ck_assert_int_eq(c->route[i].plan.nturns, b->route[i].plan.nturns);
    ck_assert_int_eq(memcmp(&c->sk.orders[i], &b->sk.orders[i], sizeof b->sk.orders[i]), 0);
    /* Not the turn before: it is not in the save. */
    ck_assert(!battle_can_rewatch(c));
    battle_free(c);
    battle_free(b);
}
END_TEST

static Suite *replay_suite(void)
{
    Suite *s = suite_create("ui_battle_replay");
    TCase *tc = tcase_create("core");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, test_rewatch_leaves_the_turn_being_plotted);
    tcase_add_test(tc, test_hotseat_rewatch_keeps_the_hand_over);
    tcase_add_test(tc, test_rewatch_tells_the_log_nothing_twice);
    tcase_add_test(tc, test_speed_steps_and_keeps_the_moment);
    tcase_add_test(tc, test_routes_saved_and_loaded);
    suite_add_tcase(s, tc);
    return s;
}

SHOAL_CHECK_MAIN(replay_suite)
