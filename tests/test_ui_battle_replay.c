/* test_ui_battle_replay: watching the last turn again (the rules, orders
 * and selection untouched, the log not told twice, none after a load),
 * the replay speed (stepping, changed mid-replay at the same moment), a
 * turn's length (long enough to follow its broadsides), the end screen
 * after the deciding turn, the log carried into a loaded battle, and
 * routes kept through battle_save / battle_load.
 */
#include <SDL.h>
#include <math.h>

#include "testutil.h"

#include "core/save.h"
#include "game/battle.h"
#include "game/battle_view.h"
#include "ui/camera.h"

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

/* The turn just resolved in b laid out again at speed. */
static void timeline_at(const Battle *b, float speed, BattleAnim *a)
{
    HexPose start[SKIRMISH_MAX_SHIPS];
    for (int i = 0; i < b->sk.nships; i++) start[i] = b->replay_from[i].pose;
    battle_anim_build(a, start, b->sk.nships, b->sk.events, b->sk.nevents,
                      (float)b->map.meta.hex_size, speed);
}

/* Issue #36: a turn of gunnery was over in under 2 s at 1x and a
 * broadside showed for a third of a second. Every turn of three watched
 * battles, laid out at 0.5x, 1x and 2x: one with broadsides lasts 2.5 s
 * at 1x, each broadside on screen (from its firing to the next one's, or
 * to the fates and the turn's end) for 0.5 s; a turn of sailing alone
 * keeps its pace (its movement and the tail, nothing added). */
START_TEST(test_a_turn_of_broadsides_plays_long_enough_to_follow)
{
    static const uint64_t seeds[] = {8, 13, 21};
    static const float speeds[] = {0.5f, 1.0f, 2.0f};
    static BattleAnim a;
    int gunnery = 0, quiet = 0, nseeds = tu_scale((int)(sizeof seeds / sizeof seeds[0]), 1);
    for (int s = 0; s < nseeds; s++) {
        Battle *b = new_battle(BATTLE_WATCH, seeds[s]);
        for (int t = 0; t < 40 && b->phase == BATTLE_ANIMATE; t++) {
            for (size_t k = 0; k < sizeof speeds / sizeof speeds[0]; k++) {
                float sp = speeds[k];
                timeline_at(b, sp, &a);
                if (a.nvolleys == 0) {
                    /* Its movement, the pause after it, the shore's doings
                     * (0.25 s each) and the tail: no more. */
                    int shore = 0;
                    for (int e = 0; e < b->sk.nevents; e++) {
                        int kind = b->sk.events[e].kind;
                        shore += kind == SKIRMISH_EV_AGROUND || kind == SKIRMISH_EV_REFLOATED ||
                                 kind == SKIRMISH_EV_ANCHORED;
                    }
                    if (a.nfates == 0 && !b->sk.over) {
                        ck_assert_float_le(a.total * sp, a.move_end * sp + BATTLE_ANIM_PAUSE_S +
                                                             0.25f * (float)shore +
                                                             BATTLE_ANIM_TAIL_S + 1e-3f);
                        quiet += k == 0;
                    }
                    continue;
                }
                gunnery += k == 0;
                ck_assert_msg(a.total * sp >= 2.5f - 1e-3f,
                              "seed %d turn %d at %gx: %.2f s with %d broadsides", (int)seeds[s],
                              b->sk.turn - 1, (double)sp, (double)a.total, a.nvolleys);
                for (int v = 0; v < a.nvolleys; v++) {
                    float until = v + 1 < a.nvolleys ? a.volleys[v + 1].t_fire
                                  : a.nfates > 0     ? a.fates[0].t
                                                     : a.total;
                    ck_assert_msg((until - a.volleys[v].t_fire) * sp >= 0.5f - 1e-3f,
                                  "seed %d turn %d at %gx: broadside %d of %d shows %.2f s",
                                  (int)seeds[s], b->sk.turn - 1, (double)sp, v + 1, a.nvolleys,
                                  (double)(until - a.volleys[v].t_fire));
                }
            }
            if (b->sk.over) break;
            battle_skip_animation(b);
        }
        battle_free(b);
    }
    ck_assert_int_ge(gunnery, 5);
    ck_assert_int_gt(quiet, 3);
}
END_TEST

/* The battle watched (seed 13) up to the turn that ends it, just begun. */
static Battle *deciding_turn(float speed)
{
    Battle *b = new_battle(BATTLE_WATCH, 13);
    battle_set_speed(b, speed);
    for (int t = 0; t < 60 && !b->sk.over; t++) battle_skip_animation(b);
    ck_assert(b->sk.over);
    ck_assert_int_eq(b->phase, BATTLE_ANIMATE);
    return b;
}

/* The end screen (phase BATTLE_OVER) covers the board only once the
 * deciding turn has played to its end, a second after the log said who
 * won (it came 0.5 s after, at any speed); a key that skips brings it at
 * once. The battle's clock is stepped frame by frame. */
START_TEST(test_the_end_screen_waits_for_the_deciding_turn)
{
    const float dt = 1.0f / 60;
    static const float speeds[] = {0.5f, 1.0f, 2.0f};
    for (size_t k = 0; k < sizeof speeds / sizeof speeds[0]; k++) {
        Battle *b = deciding_turn(speeds[k]);
        float total = b->anim.total, played = 0.0f, told = -1.0f;
        ck_assert(b->anim.nvolleys > 0);
        while (b->phase == BATTLE_ANIMATE && played < 60.0f) {
            battle_update(b, dt);
            played += dt;
            const BattleLogLine *l = battle_log_line(b, 0);
            if (told < 0.0f && l && l->kind == SKIRMISH_EV_GAME_OVER) told = played;
            if (b->phase == BATTLE_ANIMATE) ck_assert_float_lt(played, total + 1e-3f);
        }
        ck_assert_int_eq(b->phase, BATTLE_OVER);
        ck_assert_float_ge(played, total - 1e-3f);
        ck_assert_float_ge(told, 0.0f);
        ck_assert_msg((played - told) * speeds[k] >= 1.0f - dt,
                      "at %gx the end screen came %.2f s after the log said who won",
                      (double)speeds[k], (double)(played - told));
        battle_free(b);
    }
    /* Space (skip) or Enter (end turn, skips a replay) mid-turn: at once,
     * the board as the rules left it. */
    static const SDL_Keycode keys[] = {SDLK_SPACE, SDLK_RETURN};
    for (size_t k = 0; k < sizeof keys / sizeof keys[0]; k++) {
        Battle *b = deciding_turn(1.0f);
        for (int f = 0; f < 10; f++) battle_update(b, dt);
        ck_assert_int_eq(b->phase, BATTLE_ANIMATE);
        BattleView v;
        memset(&v, 0, sizeof v);
        v.battle = b;
        v.ui = 1.0f;
        Camera c;
        cam_init(&c, b->map.w, b->map.h, 1280, 800);
        SDL_Event ev;
        memset(&ev, 0, sizeof ev);
        ev.type = SDL_KEYDOWN;
        ev.key.keysym.sym = keys[k];
        ck_assert(battle_view_event(&v, &ev, &c, 1.0f) & BATTLE_ACT_TOOK);
        ck_assert_int_eq(b->phase, BATTLE_OVER);
        ck_assert_mem_eq(b->shown, b->sk.ships, sizeof b->shown);
        battle_free(b);
    }
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

/* A quick load on the same sea: the log runs on, the old battle's lines
 * first and then the loaded one's (its turn, "loaded ..."). */
START_TEST(test_a_loaded_battle_carries_on_the_log)
{
    Battle *b = new_battle(BATTLE_VS_AI, 11);
    Err e = {{0}};
    char dir[64], path[128];
    tu_tempdir(dir, sizeof dir);
    snprintf(path, sizeof path, "%s/quick.sav", dir);
    ck_assert_msg(battle_save(b, path, &e) == 0, "%s", e.msg);
    for (int t = 0; t < 3; t++) {
        ck_assert_int_eq(battle_end_turn(b, &e), 0);
        battle_skip_animation(b);
    }
    int had = b->log_n;
    ck_assert_int_gt(had, 3);
    Battle *c = battle_load(path, BATTLE_VS_AI, 1.0f, &e);
    ck_assert_msg(c != NULL, "%s", e.msg);
    int own = c->log_n;
    char first[BATTLE_LOG_TEXT], last[BATTLE_LOG_TEXT];
    snprintf(first, sizeof first, "%s", battle_log_line(c, own - 1)->text);
    snprintf(last, sizeof last, "%s", battle_log_line(c, 0)->text);
    battle_log_carry(c, b);
    ck_assert_int_eq(c->log_n, had + own);
    for (int k = 0; k < had; k++)
        ck_assert_str_eq(battle_log_line(c, own + k)->text, battle_log_line(b, k)->text);
    ck_assert_str_eq(battle_log_line(c, own - 1)->text, first);
    ck_assert_str_eq(battle_log_line(c, 0)->text, last);
    ck_assert_ptr_nonnull(strstr(last, "loaded "));
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
    tcase_add_test(tc, test_a_turn_of_broadsides_plays_long_enough_to_follow);
    tcase_add_test(tc, test_the_end_screen_waits_for_the_deciding_turn);
    tcase_add_test(tc, test_routes_saved_and_loaded);
    tcase_add_test(tc, test_a_loaded_battle_carries_on_the_log);
    suite_add_tcase(s, tc);
    return s;
}

SHOAL_CHECK_MAIN(replay_suite)
