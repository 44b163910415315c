/* test_ui_battle: the game-side logic of a skirmish — the replay timeline
 * (ships interpolated hex to hex, turning the short way, keeping speed
 * between hexes, bumping when blocked; broadsides, impacts and fates in
 * order), picking the hex under the cursor, the effects' geometry, and the
 * battle's flow: plotting, hot-seat hand-over with hidden orders, the
 * computer's turn, saving, loading and refusing a corrupt save.
 */
#include <SDL.h>
#include <math.h>

#include "core/shore.h"
#include "testutil.h"

#include "game/battle.h"
#include "game/battle_anim.h"
#include "game/battle_fx.h"
#include "game/battle_view.h"
#include "ui/camera.h"

#define PI_F 3.14159265358979f
#define HS   24.0f
#define EPS  1e-3f

static SkirmishEvent ev_move(int kind, int phase, int ship, Hex from, Hex to, int a, int b)
{
    SkirmishEvent e;
    memset(&e, 0, sizeof e);
    e.kind = kind;
    e.phase = phase;
    e.ship = ship;
    e.other = -1;
    e.broadside = -1;
    e.from = from;
    e.to = to;
    e.a = a;
    e.b = b;
    return e;
}

static void centre(Hex h, float *x, float *y)
{
    hex_to_pixel(h, HS, x, y);
}

/* ---------------------------------------------------------------- math */

START_TEST(test_hermite_and_angles)
{
    ck_assert_float_eq_tol(battle_hermite(0.0f, 0, 0), 0.0f, EPS);
    ck_assert_float_eq_tol(battle_hermite(1.0f, 0, 0), 1.0f, EPS);
    ck_assert_float_eq_tol(battle_hermite(0.5f, 0, 0), 0.5f, EPS);
    /* Slopes 1 and 1: plain linear motion. */
    for (int k = 0; k <= 10; k++)
        ck_assert_float_eq_tol(battle_hermite((float)k / 10, 1, 1), (float)k / 10, EPS);
    /* Easing in: slow at the start. */
    ck_assert_float_lt(battle_hermite(0.1f, 0, 1), 0.1f);
    /* Directions: E is 0, NE up-right (negative screen angle). */
    ck_assert_float_eq_tol(battle_dir_angle(0), 0.0f, EPS);
    ck_assert_float_eq_tol(battle_dir_angle(1), -PI_F / 3, EPS);
    ck_assert_float_eq_tol(cosf(battle_dir_angle(3)), -1.0f, EPS);
    /* Turning from SE (5) to E (0) is one side, not five. */
    float d = battle_angle_diff(battle_dir_angle(5), battle_dir_angle(0));
    ck_assert_float_eq_tol(fabsf(d), PI_F / 3, EPS);
    ck_assert_float_eq_tol(d, -PI_F / 3, EPS);
    d = battle_angle_diff(battle_dir_angle(0), battle_dir_angle(5));
    ck_assert_float_eq_tol(d, PI_F / 3, EPS);
}
END_TEST

/* ------------------------------------------------------------ timeline */

START_TEST(test_sail_turn_sail)
{
    Hex a = hex_make(2, 2), b = hex_make(3, 2), c = hex_make(4, 1);
    SkirmishEvent ev[3] = {
        ev_move(SKIRMISH_EV_MOVED, 0, 0, a, b, 0, 0),
        ev_move(SKIRMISH_EV_TURNED, 1, 0, b, b, 0, 1),
        /* A gap: nobody moves in phase 2, so it is not played. */
        ev_move(SKIRMISH_EV_MOVED, 3, 0, b, c, 1, 1),
    };
    HexPose start = {a, 0};
    BattleAnim an;
    battle_anim_build(&an, &start, 1, ev, 3, HS, 1.0f);
    ck_assert_int_eq(an.nphases, 3);
    float T = an.phase_s, x, y, h, ex, ey;
    ck_assert_float_eq_tol(an.move_end, 3 * T, EPS);
    battle_anim_pose(&an, 0, 0.0f, &x, &y, &h);
    centre(a, &ex, &ey);
    ck_assert_float_eq_tol(x, ex, EPS);
    ck_assert_float_eq_tol(y, ey, EPS);
    ck_assert_float_eq_tol(h, 0.0f, EPS);
    /* Half way through the first hex (eased, symmetric: exactly half). */
    battle_anim_pose(&an, 0, 0.5f * T, &x, &y, &h);
    float bx, by;
    centre(b, &bx, &by);
    ck_assert_float_eq_tol(x, (ex + bx) / 2, 0.01f);
    ck_assert_float_eq_tol(y, (ey + by) / 2, 0.01f);
    /* Mid-turn: half way from E to NE, in the hex. */
    battle_anim_pose(&an, 0, 1.5f * T, &x, &y, &h);
    ck_assert_float_eq_tol(x, bx, EPS);
    ck_assert_float_eq_tol(h, -PI_F / 6, 0.01f);
    /* At the end and long after: on c, facing NE. */
    float cx, cy;
    centre(c, &cx, &cy);
    battle_anim_pose(&an, 0, an.total + 5.0f, &x, &y, &h);
    ck_assert_float_eq_tol(x, cx, EPS);
    ck_assert_float_eq_tol(y, cy, EPS);
    ck_assert_float_eq_tol(h, battle_dir_angle(1), EPS);
    /* The timeline is monotone: the ship never jumps. */
    float px, py, ph;
    battle_anim_pose(&an, 0, 0.0f, &px, &py, &ph);
    for (int k = 1; k <= 300; k++) {
        battle_anim_pose(&an, 0, an.move_end * (float)k / 300, &x, &y, &h);
        ck_assert_float_lt(hypotf(x - px, y - py), HS * 0.2f);
        ck_assert_float_lt(fabsf(battle_angle_diff(ph, h)), 0.1f);
        px = x;
        py = y;
        ph = h;
    }
}
END_TEST

START_TEST(test_speed_kept_between_hexes)
{
    Hex h0 = hex_make(1, 1), h1 = hex_make(2, 1), h2 = hex_make(3, 1);
    SkirmishEvent ev[2] = {
        ev_move(SKIRMISH_EV_MOVED, 0, 0, h0, h1, 0, 0),
        ev_move(SKIRMISH_EV_MOVED, 1, 0, h1, h2, 0, 0),
    };
    HexPose start = {h0, 0};
    BattleAnim an;
    battle_anim_build(&an, &start, 1, ev, 2, HS, 1.0f);
    float vx, vy;
    /* From rest ... */
    battle_anim_velocity(&an, 0, 0.0f, &vx, &vy);
    ck_assert_float_lt(fabsf(vx), 5.0f);
    /* ... through the first hex boundary at full speed (one hex per
     * phase), not stopping in between ... */
    float x0, y0, x1, y1;
    centre(h0, &x0, &y0);
    centre(h1, &x1, &y1);
    float hex_speed = (x1 - x0) / an.phase_s;
    battle_anim_velocity(&an, 0, an.phase_s, &vx, &vy);
    ck_assert_float_eq_tol(vx, hex_speed, hex_speed * 0.05f);
    ck_assert_float_eq_tol(vy, 0.0f, 0.5f);
    /* ... to rest again. */
    battle_anim_velocity(&an, 0, 2 * an.phase_s + 0.001f, &vx, &vy);
    ck_assert_float_lt(fabsf(vx), hex_speed * 0.1f);
}
END_TEST

START_TEST(test_blocked_bumps_back)
{
    Hex a = hex_make(5, 5), b = hex_make(6, 5);
    SkirmishEvent ev = ev_move(SKIRMISH_EV_BLOCKED, 0, 1, a, b, 0, 0);
    HexPose start[2] = {{hex_make(0, 0), 0}, {a, 0}};
    BattleAnim an;
    battle_anim_build(&an, start, 2, &ev, 1, HS, 1.0f);
    float ax, ay, bx, by, x, y, h;
    centre(a, &ax, &ay);
    centre(b, &bx, &by);
    battle_anim_pose(&an, 1, 0.5f * an.phase_s, &x, &y, &h);
    ck_assert_float_eq_tol(x, ax + (bx - ax) * BATTLE_ANIM_BUMP, 0.01f);
    battle_anim_pose(&an, 1, an.phase_s, &x, &y, &h);
    ck_assert_float_eq_tol(x, ax, 0.01f);
    /* The other ship never moved. */
    battle_anim_pose(&an, 0, 0.5f * an.phase_s, &x, &y, &h);
    float ox, oy;
    centre(hex_make(0, 0), &ox, &oy);
    ck_assert_float_eq_tol(x, ox, EPS);
}
END_TEST

/* The drift is one slot after the sailing: a slide a hex downwind with her
 * heading kept; a ship driven ashore lurches at the land in it; the anchor
 * let go comes before it, the shore's end-of-turn events before the fates,
 * each at a moment of its own (so the log tells them). */
START_TEST(test_drift_and_the_shore_in_the_timeline)
{
    Hex a = hex_make(5, 5), a2 = hex_make(6, 5), c = hex_make(2, 8), land = hex_make(3, 8);
    SkirmishEvent ev[6];
    ev[0] = ev_move(SKIRMISH_EV_MOVED, 0, 2, hex_make(9, 9), hex_make(10, 9), 0, 0);
    ev[1] = ev_move(SKIRMISH_EV_ANCHORED, -1, 2, hex_make(10, 9), hex_make(10, 9), 1, 0);
    ev[2] = ev_move(SKIRMISH_EV_DRIFTED, SKIRMISH_MAX_STEPS, 0, a, a2, 0, 2);
    ev[3] = ev_move(SKIRMISH_EV_AGROUND, -1, 1, c, land, 0, 0);
    ev[4] = ev_move(SKIRMISH_EV_REFLOATED, -1, 1, c, c, 1, 0);
    ev[5] = ev_move(SKIRMISH_EV_SANK, -1, 0, a2, a2, 2, 0);
    HexPose start[3] = {{a, 2}, {c, 4}, {hex_make(9, 9), 0}};
    BattleAnim an;
    battle_anim_build(&an, start, 3, ev, 6, HS, 1.0f);
    ck_assert_int_eq(an.nphases, 2); /* the sailing phase, then the drift */
    float ax, ay, bx, by, x, y, h;
    centre(a, &ax, &ay);
    centre(a2, &bx, &by);
    battle_anim_pose(&an, 0, 1.5f * an.phase_s, &x, &y, &h);
    ck_assert_float_eq_tol(x, (ax + bx) / 2, 0.01f);
    ck_assert_float_eq_tol(h, battle_dir_angle(2), EPS); /* borne sideways, not turned */
    battle_anim_pose(&an, 0, an.move_end, &x, &y, &h);
    ck_assert_float_eq_tol(x, bx, 0.01f);
    /* Ashore: towards the land and back, in the drift's slot. */
    float cx, cy, lx, ly;
    centre(c, &cx, &cy);
    centre(land, &lx, &ly);
    battle_anim_pose(&an, 1, 1.5f * an.phase_s, &x, &y, &h);
    ck_assert_float_eq_tol(x, cx + (lx - cx) * BATTLE_ANIM_BUMP, 0.01f);
    battle_anim_pose(&an, 1, an.move_end, &x, &y, &h);
    ck_assert_float_eq_tol(x, cx, 0.01f);
    /* Each at its moment, in the log's order. */
    ck_assert_float_gt(an.event_t[1], an.event_t[0]);
    ck_assert_float_le(an.event_t[1], an.event_t[2]);
    ck_assert_float_eq_tol(an.event_t[2], 1.5f * an.phase_s, EPS);
    ck_assert_float_eq_tol(an.event_t[3], 1.5f * an.phase_s, EPS);
    ck_assert_float_ge(an.event_t[4], an.move_end);
    ck_assert_int_eq(an.nfates, 1);
    ck_assert_float_gt(an.fates[0].t, an.event_t[4]);
    ck_assert_float_gt(an.total, an.fates[0].t);
}
END_TEST

START_TEST(test_gunnery_and_fates_in_order)
{
    Hex a = hex_make(2, 2), b = hex_make(6, 2);
    SkirmishEvent ev[5];
    ev[0] = ev_move(SKIRMISH_EV_MOVED, 0, 0, a, hex_make(3, 2), 0, 0);
    memset(&ev[1], 0, sizeof ev[1]);
    ev[1].kind = SKIRMISH_EV_FIRED;
    ev[1].phase = -1;
    ev[1].ship = 0;
    ev[1].other = 1;
    ev[1].range = 3;
    ev[1].guns = 6;
    ev[1].hits = 2;
    ev[2] = ev[1];
    ev[2].kind = SKIRMISH_EV_HIT;
    ev[3] = ev[1];
    ev[3].ship = 1;
    ev[3].other = 0;
    ev[3].hits = 0;
    memset(&ev[4], 0, sizeof ev[4]);
    ev[4].kind = SKIRMISH_EV_SANK;
    ev[4].ship = 1;
    ev[4].phase = -1;
    HexPose start[2] = {{a, 0}, {b, 3}};
    BattleAnim an, fast;
    battle_anim_build(&an, start, 2, ev, 5, HS, 1.0f);
    ck_assert_int_eq(an.nvolleys, 2);
    ck_assert_int_eq(an.volleys[0].hit_event, 2);
    ck_assert_int_eq(an.volleys[1].hit_event, -1);
    ck_assert_float_ge(an.volleys[0].t_fire, an.move_end);
    ck_assert_float_gt(an.volleys[0].t_impact, an.volleys[0].t_fire);
    /* One broadside after another: the next fires once the last has landed. */
    ck_assert_float_gt(an.volleys[1].t_fire, an.volleys[0].t_impact);
    /* The hit lands with its shot; the log shows it then. */
    ck_assert_float_eq_tol(an.event_t[2], an.volleys[0].t_impact, EPS);
    ck_assert_int_eq(an.nfates, 1);
    ck_assert_float_gt(an.fates[0].t, an.volleys[1].t_impact);
    ck_assert_float_ge(an.total, an.fates[0].t + BATTLE_ANIM_SINK_S);
    ck_assert_float_lt(battle_anim_sinking(&an, 1, an.fates[0].t - 0.01f), 0.0f);
    ck_assert_float_eq_tol(battle_anim_sinking(&an, 1, an.fates[0].t + 1.0f), 1.0f, EPS);
    ck_assert_float_lt(battle_anim_sinking(&an, 0, an.total), 0.0f);
    /* Twice the speed, half the time. */
    battle_anim_build(&fast, start, 2, ev, 5, HS, 2.0f);
    ck_assert_float_eq_tol(fast.total, an.total / 2, 0.01f);
}
END_TEST

/* ------------------------------------------------------------- picking */

START_TEST(test_pick_hex_from_screen)
{
    Camera c;
    cam_init(&c, 2000, 1400, 1280, 720);
    c.zoom = 2.5;
    c.cx = 700;
    c.cy = 500;
    int checked = 0;
    for (int r = 0; r < 25; r++)
        for (int q = -10; q < 40; q++) {
            Hex h = hex_make(q, r);
            float wx, wy;
            hex_to_pixel(h, HS, &wx, &wy);
            double sx, sy;
            cam_world_to_screen(&c, wx, wy, &sx, &sy);
            if (sx < 0 || sy < 0 || sx >= c.view_w || sy >= c.view_h) continue;
            for (int k = 0; k < 8; k++) {
                /* Anywhere inside the hex's inner circle (0.866 size). */
                double a = k * 0.785398, d = 0.8 * HS * c.zoom;
                Hex got = battle_pick_hex(&c, HS, sx + cos(a) * d, sy + sin(a) * d);
                ck_assert_int_eq(got.q, h.q);
                ck_assert_int_eq(got.r, h.r);
            }
            checked++;
        }
    ck_assert_int_gt(checked, 50);
    /* Just across the east edge is the east neighbour. */
    float wx, wy;
    hex_to_pixel(hex_make(10, 10), HS, &wx, &wy);
    double sx, sy;
    cam_world_to_screen(&c, wx + HS * 0.95f, wy, &sx, &sy);
    Hex got = battle_pick_hex(&c, HS, sx, sy);
    ck_assert_int_eq(got.q, 11);
    ck_assert_int_eq(got.r, 10);
}
END_TEST

/* ------------------------------------------------------------- effects */

START_TEST(test_broadside_smoke_on_its_side)
{
    static BattleFx fx;
    battle_fx_init(&fx, 7);
    /* Heading east, the port side is up the screen (smaller y). */
    battle_fx_broadside(&fx, 100, 100, 0.0f, 1, 40, 8);
    ck_assert_int_gt(fx.n, 8);
    int smoke = 0;
    for (int i = 0; i < fx.n; i++) {
        if (fx.p[i].kind != BATTLE_FX_SMOKE) continue;
        smoke++;
        ck_assert_float_lt(fx.p[i].y, 100.0f);
        ck_assert_float_lt(fx.p[i].vy, 0.0f);
    }
    ck_assert_int_gt(smoke, 0);
    battle_fx_clear(&fx);
    /* Heading north (-pi/2), starboard is east. */
    battle_fx_broadside(&fx, 100, 100, -PI_F / 2, 0, 40, 4);
    for (int i = 0; i < fx.n; i++) ck_assert_float_gt(fx.p[i].x, 100.0f);
    /* Everything is gone once its life is over. */
    for (int k = 0; k < 600; k++) battle_fx_step(&fx, 1.0f / 60, 10, 0);
    ck_assert_int_eq(fx.n, 0);
}
END_TEST

START_TEST(test_splash_scares_and_ball_flies)
{
    static BattleFx fx;
    battle_fx_init(&fx, 3);
    battle_fx_splash(&fx, 50, 60, 10, 30);
    battle_fx_splash(&fx, 70, 80, 10, 30);
    BattleScare sc[4];
    ck_assert_int_eq(battle_fx_take_scares(&fx, sc, 4), 2);
    ck_assert_float_eq_tol(sc[1].x, 70, EPS);
    ck_assert_float_eq_tol(sc[1].radius, 30, EPS);
    ck_assert_int_eq(battle_fx_take_scares(&fx, sc, 4), 0);
    battle_fx_clear(&fx);
    battle_fx_ball(&fx, 0, 0, 100, 50, 0.5f, FLEET_ROUND);
    for (int k = 0; k < 15; k++) battle_fx_step(&fx, 1.0f / 60, 0, 0);
    ck_assert_int_eq(fx.n, 1);
    ck_assert_float_eq_tol(fx.p[0].x, 50.0f, 0.5f);
    ck_assert_float_eq_tol(fx.p[0].y, 25.0f, 0.5f);
    /* Grape's balls are small and pale, chain's large and dark. */
    battle_fx_ball(&fx, 0, 0, 100, 50, 0.5f, FLEET_GRAPE);
    battle_fx_ball(&fx, 0, 0, 100, 50, 0.5f, FLEET_CHAIN);
    ck_assert_int_eq(fx.n, 3);
    ck_assert_float_lt(fx.p[1].size0, fx.p[0].size0);
    ck_assert_int_gt(fx.p[1].r, fx.p[0].r);
    ck_assert_float_gt(fx.p[2].size0, fx.p[0].size0);
    ck_assert_int_lt(fx.p[2].r, fx.p[0].r);
    /* A full pool keeps working: the oldest make way. */
    for (int k = 0; k < BATTLE_FX_MAX; k++) battle_fx_hit(&fx, 10, 10, 5);
    ck_assert_int_eq(fx.n, BATTLE_FX_MAX);
}
END_TEST

/* -------------------------------------------------------------- battles */

static Battle *new_battle(int mode, uint64_t seed)
{
    BattleSetup st = {
        .mode = mode, .seed = seed, .ships = {3, 3}, .turn_limit = 30, .map_seed = (uint32_t)seed};
    Err e = {{0}};
    Battle *b = battle_new(&st, 1.0f, &e);
    if (!b) ck_abort_msg("battle_new: %s", e.msg);
    return b;
}

/* A reachable hex of ship i other than her own, or false when she can
 * only turn where she is (in irons). */
static bool somewhere(Battle *b, int i, Hex *out)
{
    battle_select(b, i);
    battle_refresh(b);
    for (int k = 0; k < b->nreach_hex; k++)
        if (!hex_equal(b->reach_hex[k], b->sk.ships[i].pose.hex)) {
            *out = b->reach_hex[k];
            return true;
        }
    return false;
}

/* A ship of the plotting side that can sail somewhere, selected, and a
 * hex she can reach. */
static int movable(Battle *b, Hex *goal)
{
    for (int i = 0; i < b->sk.nships; i++)
        if (battle_can_order(b, i) && somewhere(b, i, goal)) return i;
    ck_abort_msg("no ship of side %d can move", b->side);
    return -1;
}

/* The anchor from the battle screen: A (or the panel's button) lets it go
 * where her path ends and drops her route; at anchor a click plots
 * nothing and says why; A again weighs, which takes the turn; the replay
 * shows her anchored as the rules have her. */
START_TEST(test_anchor_from_the_battle)
{
    Battle *b = new_battle(BATTLE_VS_AI, 13);
    Hex goal;
    int i = movable(b, &goal);
    ck_assert_int_eq(battle_plot(b, goal), 0);
    battle_toggle_anchor(b, i);
    ck_assert(b->sk.orders[i].anchor);
    ck_assert(!b->route[i].on);
    ck_assert_ptr_nonnull(strstr(b->note, "lets go her anchor"));
    Err e = {{0}};
    ck_assert_int_eq(battle_end_turn(b, &e), 0);
    battle_skip_animation(b);
    ck_assert(b->sk.ships[i].anchored);
    ck_assert(hex_equal(b->sk.ships[i].pose.hex, goal));
    BattleShipLook l;
    battle_ship_look(b, i, &l);
    ck_assert(l.ship->anchored);
    bool told = false;
    int n = 0;
    for (const BattleLogLine *ln; !told && (ln = battle_log_line(b, n)) != NULL; n++)
        told = strstr(ln->text, "lets go her anchor") != NULL;
    ck_assert(told);
    /* At anchor: no path, and the note says how to get under way. */
    battle_select(b, i);
    Hex near = goal;
    for (int d = 0; d < HEX_DIRS && hex_equal(near, goal); d++)
        if (chart_sailable(&b->sk.chart, hex_neighbor(goal, d))) near = hex_neighbor(goal, d);
    ck_assert_int_eq(battle_plot(b, near), -1);
    ck_assert_ptr_nonnull(strstr(b->note, "at anchor"));
    ck_assert(b->sk.orders[i].anchor);
    battle_toggle_anchor(b, i);
    ck_assert(!b->sk.orders[i].anchor);
    ck_assert_ptr_nonnull(strstr(b->note, "weighs anchor"));
    ck_assert_int_eq(battle_end_turn(b, &e), 0);
    battle_skip_animation(b);
    ck_assert(!b->sk.ships[i].anchored);
    ck_assert(hex_equal(b->sk.ships[i].pose.hex, goal));
    battle_free(b);
}
END_TEST

/* Boarding from the battle screen: B (or the panel's button) cycles none
 * and the enemies near her path's end, nearest first; lashed, it cycles
 * hold on, board her and cut loose, and a click plots nothing and says
 * why. The replay's log tells what came of the grapples. */
START_TEST(test_board_from_the_battle)
{
    Battle *b = new_battle(BATTLE_VS_AI, 13);
    int i = -1, j = -1;
    for (int k = 0; k < b->sk.nships && i < 0; k++)
        if (battle_can_order(b, k)) i = k;
    for (int k = 0; k < b->sk.nships && j < 0; k++)
        if (b->sk.ships[k].side != b->sk.ships[i].side) j = k;
    ck_assert(i >= 0 && j >= 0);
    /* Nobody near: the note says so and the order stays none. */
    battle_select(b, i);
    battle_cycle_board(b, i);
    ck_assert_int_eq(b->sk.orders[i].board, SKIRMISH_BOARD_NONE);
    ck_assert_msg(strstr(b->note, "(the nearest enemy): too far for"), "%s", b->note);
    ck_assert(!battle_board_offered(b, i)); /* the panel shows no Board button */
    /* Bring the enemy alongside. */
    Hex at = b->sk.ships[i].pose.hex, side = at;
    for (int d = 0; d < HEX_DIRS && hex_equal(side, at); d++) {
        Hex h = hex_neighbor(at, d);
        if (chart_sailable(&b->sk.chart, h) && skirmish_ship_at(&b->sk, h) < 0) side = h;
    }
    ck_assert(!hex_equal(side, at));
    b->sk.ships[j].pose.hex = side;
    ck_assert(battle_board_offered(b, i));
    battle_cycle_board(b, i);
    ck_assert_int_eq(b->sk.orders[i].board, SKIRMISH_BOARD);
    ck_assert_int_eq(b->sk.orders[i].board_target, j);
    ck_assert_ptr_nonnull(strstr(b->note, "grapples"));
    battle_cycle_board(b, i);
    ck_assert_int_eq(b->sk.orders[i].board, SKIRMISH_BOARD_NONE);
    /* Lashed: hold on, board her, cut loose, around again. */
    b->sk.ships[i].lashed = j;
    b->sk.ships[j].lashed = i;
    skirmish_default_orders(&b->sk, i, &b->sk.orders[i]);
    ck_assert_int_eq(battle_plot(b, at), -1);
    ck_assert_ptr_nonnull(strstr(b->note, "lashed to"));
    battle_cycle_board(b, i);
    ck_assert_int_eq(b->sk.orders[i].board, SKIRMISH_BOARD);
    ck_assert_ptr_nonnull(strstr(b->note, "boarders"));
    battle_cycle_board(b, i);
    ck_assert_int_eq(b->sk.orders[i].board, SKIRMISH_BOARD_CUT);
    ck_assert_ptr_nonnull(strstr(b->note, "cuts loose"));
    /* Around again from cut loose: hold on, then back to cut loose. */
    battle_cycle_board(b, i);
    ck_assert_int_eq(b->sk.orders[i].board, SKIRMISH_BOARD_NONE);
    battle_cycle_board(b, i);
    battle_cycle_board(b, i);
    ck_assert_int_eq(b->sk.orders[i].board, SKIRMISH_BOARD_CUT);
    Err e = {{0}};
    ck_assert_int_eq(battle_end_turn(b, &e), 0);
    battle_skip_animation(b);
    bool told = false;
    int n = 0;
    for (const BattleLogLine *ln; !told && (ln = battle_log_line(b, n)) != NULL; n++)
        told = strstr(ln->text, "cuts loose from") != NULL ||
               strstr(ln->text, "cannot cut loose") != NULL;
    ck_assert(told);
    battle_free(b);
}
END_TEST

/* A free sailable hex exactly d hexes from h for which ok(b, i, hex)
 * holds (NULL: any), or false. */
static bool hex_at(Battle *b, Hex h, int d, bool (*ok)(Battle *, int, Hex), int i, Hex *out)
{
    for (int dq = -d; dq <= d; dq++)
        for (int dr = -d; dr <= d; dr++) {
            Hex x = hex_make(h.q + dq, h.r + dr);
            if (hex_distance(h, x) != d || !chart_sailable(&b->sk.chart, x) ||
                skirmish_ship_at(&b->sk, x) >= 0 || (ok && !ok(b, i, x)))
                continue;
            *out = x;
            return true;
        }
    return false;
}

/* True when ship i can reach a hex next to x this turn, by the rules'
 * own search (skirmish_reach), not the screen's aids. */
static bool reaches_beside(Battle *b, int i, Hex x)
{
    static ChartReachNode nodes[BATTLE_REACH_MAX];
    int n = skirmish_reach(&b->sk, i, nodes, BATTLE_REACH_MAX);
    for (int k = 0; k < n; k++)
        if (hex_distance(nodes[k].pose.hex, x) == 1) return true;
    return false;
}

/* Every enemy but j far off (the map's far corner from ship i), so only j
 * can be a mark. */
static void clear_round(Battle *b, int i, int j)
{
    for (int k = 0; k < b->sk.nships; k++)
        if (k != j && b->sk.ships[k].side != b->sk.ships[i].side &&
            hex_distance(b->sk.ships[k].pose.hex, b->sk.ships[i].pose.hex) < 8)
            b->sk.ships[k].status = FLEET_SUNK;
}

/* Boarding is offered only where she can get alongside this turn, as the
 * rules grapple (next to the mark where her path ends): a ship at anchor
 * (she stays in her hex) with an enemy 2 hexes off is offered nothing,
 * and B says how far; the same enemy alongside is offered and taken. */
START_TEST(test_board_offered_only_alongside)
{
    Battle *b = new_battle(BATTLE_VS_AI, 13);
    int i = b->selected, j = -1;
    for (int k = 0; k < b->sk.nships && j < 0; k++)
        if (b->sk.ships[k].side != b->sk.ships[i].side) j = k;
    ck_assert(battle_can_order(b, i) && j >= 0);
    clear_round(b, i, j);
    b->sk.ships[i].anchored = true;
    skirmish_default_orders(&b->sk, i, &b->sk.orders[i]);
    Hex at = b->sk.ships[i].pose.hex, off;
    ck_assert(hex_at(b, at, 2, NULL, i, &off));
    b->sk.ships[j].pose.hex = off;
    battle_select(b, i);
    ck_assert(!battle_board_offered(b, i)); /* no Board button */
    char why[160];
    ck_assert(!battle_board_can(b, i, j, why, sizeof why));
    ck_assert_msg(strstr(why, "too far for A") && strstr(why, "no nearer than 2 hexes"), "%s", why);
    battle_cycle_board(b, i);
    ck_assert_int_eq(b->sk.orders[i].board, SKIRMISH_BOARD_NONE);
    ck_assert_int_eq(b->note_bad, 1);
    ck_assert_msg(strstr(b->note, "too far") && strstr(b->note, "2 hexes"), "%s", b->note);
    /* ... and so does the hint with the pointer on her. */
    BattleView v;
    memset(&v, 0, sizeof v);
    v.battle = b;
    v.ui = 1.0f;
    Camera c;
    cam_init(&c, b->map.w, b->map.h, 1280, 800);
    c.zoom = 1.0;
    float x, y;
    hex_to_pixel(off, (float)b->map.meta.hex_size, &x, &y);
    c.cx = x;
    c.cy = y;
    double sx, sy;
    cam_world_to_screen(&c, x, y, &sx, &sy);
    BattleHover h;
    battle_view_hover(&v, &c, sx, sy, &h);
    ck_assert_int_eq(h.ship, j);
    ck_assert_msg(strstr(h.hint, "too far for A") && strstr(h.hint, "2 hexes"), "%s", h.hint);
    /* Alongside: offered, and B grapples her where she lies. */
    ck_assert(hex_at(b, at, 1, NULL, i, &off));
    b->sk.ships[j].pose.hex = off;
    b->aids_dirty = true; /* the ships moved */
    ck_assert(battle_board_offered(b, i));
    ck_assert(battle_board_can(b, i, j, why, sizeof why));
    hex_to_pixel(off, (float)b->map.meta.hex_size, &x, &y);
    cam_world_to_screen(&c, x, y, &sx, &sy);
    battle_view_hover(&v, &c, sx, sy, &h);
    ck_assert_msg(strstr(h.hint, "can board her this turn (B)"), "%s", h.hint);
    battle_cycle_board(b, i);
    ck_assert_int_eq(b->sk.orders[i].board, SKIRMISH_BOARD);
    ck_assert_int_eq(b->sk.orders[i].board_target, j);
    ck_assert_int_eq(b->sk.orders[i].nsteps, 0);
    /* Lashed to another ship, she has no room for grapples. */
    int mate = -1;
    for (int k = 0; k < b->sk.nships && mate < 0; k++)
        if (k != i && b->sk.ships[k].side == b->sk.ships[i].side) mate = k;
    b->sk.ships[j].lashed = mate;
    ck_assert(!battle_board_can(b, i, j, why, sizeof why));
    ck_assert_msg(strstr(why, "no room"), "%s", why);
    battle_free(b);
}
END_TEST

/* A mark 2 hexes off that she can reach alongside this turn is offered,
 * and choosing it plots her path to end beside her (the rules grapple
 * only there): the order the old screen took and the turn then failed.
 * A path plotted away after drops the order, with a note. */
START_TEST(test_board_sails_her_alongside)
{
    Battle *b = new_battle(BATTLE_VS_AI, 13);
    int i = b->selected, j = -1;
    for (int k = 0; k < b->sk.nships && j < 0; k++)
        if (b->sk.ships[k].side != b->sk.ships[i].side) j = k;
    clear_round(b, i, j);
    Hex at = b->sk.ships[i].pose.hex, off;
    ck_assert(hex_at(b, at, 2, reaches_beside, i, &off));
    b->sk.ships[j].pose.hex = off;
    battle_select(b, i);
    ck_assert_int_eq(b->sk.orders[i].nsteps, 0);
    ck_assert(battle_board_offered(b, i));
    battle_cycle_board(b, i);
    ck_assert_int_eq(b->sk.orders[i].board, SKIRMISH_BOARD);
    ck_assert_int_eq(b->sk.orders[i].board_target, j);
    ck_assert_int_eq(hex_distance(battle_path_end(b, i).hex, off), 1);
    ck_assert_msg(strstr(b->note, "sails alongside"), "%s", b->note);
    Err e = {{0}};
    ck_assert_msg(skirmish_check_orders(&b->sk, i, &b->sk.orders[i], &e) == 0, "%s", e.msg);
    /* Her path cleared: she would end 2 hexes off, so the order goes. */
    battle_clear_path(b);
    ck_assert_int_eq(b->sk.orders[i].board, SKIRMISH_BOARD_NONE);
    ck_assert_msg(strstr(b->note, "will not board"), "%s", b->note);
    battle_free(b);
}
END_TEST

/* The next-ship key: E selects the next of the plotting side's ships
 * with no orders this turn (no path, fire, anchor or board order changed
 * from the defaults), round the fleet, and centres on her; Shift+E the
 * previous; with every ship ordered, a note says so and the selection
 * stays. */
START_TEST(test_next_ship_without_orders)
{
    Battle *b = new_battle(BATTLE_VS_AI, 11);
    int own[3], n = 0;
    for (int k = 0; k < b->sk.nships; k++)
        if (battle_can_order(b, k) && n < 3) own[n++] = k;
    ck_assert_int_eq(n, 3);
    for (int k = 0; k < 3; k++) ck_assert(battle_ship_unordered(b, own[k]));
    battle_select(b, own[0]);
    BattleView v;
    memset(&v, 0, sizeof v);
    v.battle = b;
    Camera c;
    cam_init(&c, b->map.w, b->map.h, 1280, 800);
    SDL_Event ev;
    memset(&ev, 0, sizeof ev);
    ev.type = SDL_KEYDOWN;
    ev.key.keysym.sym = keys_table[KEYS_NEXT_SHIP].def;
    int a = battle_view_event(&v, &ev, &c, 1.0f);
    ck_assert_int_eq(a, BATTLE_ACT_CENTRE | BATTLE_ACT_TOOK);
    ck_assert_int_eq(b->selected, own[1]);
    ev.key.keysym.mod = KMOD_LSHIFT;
    battle_view_event(&v, &ev, &c, 1.0f);
    ck_assert_int_eq(b->selected, own[0]); /* Shift: back */
    battle_view_event(&v, &ev, &c, 1.0f);
    ck_assert_int_eq(b->selected, own[2]); /* ... and round the fleet */
    ev.key.keysym.mod = KMOD_NONE;
    /* The middle one is given a shot: she has orders, and is passed. */
    battle_cycle_shot(b, own[1], 0);
    ck_assert(!battle_ship_unordered(b, own[1]));
    battle_select(b, own[0]);
    battle_view_event(&v, &ev, &c, 1.0f);
    ck_assert_int_eq(b->selected, own[2]);
    battle_view_event(&v, &ev, &c, 1.0f);
    ck_assert_int_eq(b->selected, own[0]); /* round again */
    /* An anchor order is an order, as a mark for a broadside is. */
    battle_toggle_anchor(b, own[2]);
    ck_assert(!battle_ship_unordered(b, own[2]));
    ck_assert_int_eq(battle_select_unordered(b, 1), own[0]);
    ck_assert_int_eq(battle_select_unordered(b, 1), own[0]); /* the only one left */
    battle_cycle_target(b, own[0], 0);
    ck_assert(!battle_ship_unordered(b, own[0]));
    /* Every ship has her orders: the selection stays, a note says so. */
    battle_select(b, own[1]);
    a = battle_view_event(&v, &ev, &c, 1.0f);
    ck_assert_int_eq(a, BATTLE_ACT_TOOK);
    ck_assert_int_eq(b->selected, own[1]);
    ck_assert_msg(strstr(b->note, "every ship of side A has her orders"), "%s", b->note);
    /* While the turn plays no ship takes orders: none is picked. */
    Err e = {{0}};
    ck_assert_int_eq(battle_end_turn(b, &e), 0);
    ck_assert_int_eq(battle_select_unordered(b, 1), -1);
    battle_free(b);
    /* A path is an order too. */
    b = new_battle(BATTLE_VS_AI, 11);
    Hex goal;
    int m = movable(b, &goal);
    ck_assert(battle_ship_unordered(b, m));
    ck_assert_int_eq(battle_plot(b, goal), 0);
    ck_assert(!battle_ship_unordered(b, m));
    battle_free(b);
}
END_TEST

START_TEST(test_plot_and_play_against_ai)
{
    Battle *b = new_battle(BATTLE_VS_AI, 11);
    ck_assert_int_eq(b->phase, BATTLE_PLOT);
    ck_assert_int_eq(b->side, 0);
    ck_assert_int_ge(b->selected, 0);
    ck_assert(battle_can_order(b, b->selected));
    Hex goal;
    int i = movable(b, &goal);
    ck_assert_int_eq(battle_plot(b, goal), 0);
    ck_assert_int_gt(b->sk.orders[i].nsteps, 0);
    HexPose end = battle_path_end(b, i);
    ck_assert(hex_equal(end.hex, goal));
    /* Clicking the end again turns her there, if she can end another way. */
    int f0 = end.facing;
    battle_plot(b, goal);
    HexPose end2 = battle_path_end(b, i);
    ck_assert(hex_equal(end2.hex, goal));
    if (end2.facing == f0) ck_assert_str_ne(b->note, "");
    /* The enemy's ships take no orders from side A. */
    for (int k = 0; k < b->sk.nships; k++)
        if (b->sk.ships[k].side == 1) ck_assert(!battle_can_order(b, k));
    Err e = {{0}};
    ck_assert_int_eq(battle_end_turn(b, &e), 0);
    ck_assert_int_eq(b->phase, BATTLE_ANIMATE);
    ck_assert_int_eq(b->sk.turn, 2);
    ck_assert_int_eq(battle_turn_shown(b), 1);
    /* During the replay ship i starts where she was and ends on goal. */
    BattleShipLook l;
    battle_ship_look(b, i, &l);
    float sx, sy, gx, gy;
    hex_to_pixel(b->before[i].pose.hex, (float)b->map.meta.hex_size, &sx, &sy);
    ck_assert_float_eq_tol(l.x, sx, 0.5f);
    hex_to_pixel(goal, (float)b->map.meta.hex_size, &gx, &gy);
    for (int k = 0; k < 2000 && b->phase == BATTLE_ANIMATE; k++) battle_update(b, 1.0f / 60);
    ck_assert_int_eq(b->phase, BATTLE_PLOT);
    ck_assert(hex_equal(b->sk.ships[i].pose.hex, goal) ||
              hex_distance(b->sk.ships[i].pose.hex, goal) <= 2); /* unless blocked */
    /* The hulls follow the ships. */
    SeaCircle hulls[SKIRMISH_MAX_SHIPS];
    int n = battle_hulls(b, hulls, SKIRMISH_MAX_SHIPS);
    ck_assert_int_eq(n, skirmish_active(&b->sk, 0) + skirmish_active(&b->sk, 1));
    ck_assert_float_gt(hulls[0].radius, 0.0f);
    battle_free(b);
}
END_TEST

/* A click does what the hover shows: on water just beside an enemy (a
 * point in the next hex, nearer her than a hex's inner radius) it plots
 * the selected ship's route, as the hint says; on the enemy's hex it
 * selects her. At whole-map zoom a click on her marker selects her too. */
START_TEST(test_click_beside_an_enemy_plots)
{
    Battle *b = new_battle(BATTLE_VS_AI, 11);
    int me = b->selected, foe = -1;
    ck_assert(battle_can_order(b, me));
    float hs = (float)b->map.meta.hex_size;
    Hex beside = {0, 0};
    for (int k = 0; k < b->sk.nships && foe < 0; k++) {
        if (b->sk.ships[k].side == 0) continue;
        for (int d = 0; d < HEX_DIRS; d++) {
            Hex n = hex_neighbor(b->sk.ships[k].pose.hex, d);
            if (chart_sailable(&b->sk.chart, n) && skirmish_ship_at(&b->sk, n) < 0) {
                foe = k;
                beside = n;
                break;
            }
        }
    }
    ck_assert_int_ge(foe, 0);
    float fx, fy, nx, ny;
    hex_to_pixel(b->sk.ships[foe].pose.hex, hs, &fx, &fy);
    hex_to_pixel(beside, hs, &nx, &ny);
    float dx = nx - fx, dy = ny - fy, l = sqrtf(dx * dx + dy * dy);
    /* 0.88 sizes from her centre: past the shared edge (0.866), in the
     * water of the next hex. */
    float px = fx + dx / l * hs * 0.88f, py = fy + dy / l * hs * 0.88f;
    Camera c;
    cam_init(&c, b->map.w, b->map.h, 1280, 800);
    c.zoom = 1.0;
    c.cx = fx;
    c.cy = fy;
    BattleView v;
    memset(&v, 0, sizeof v);
    v.battle = b;
    v.ui = 1.0f;
    double sx, sy;
    cam_world_to_screen(&c, px, py, &sx, &sy);
    ck_assert(hex_equal(battle_pick_hex(&c, hs, sx, sy), beside));
    BattleHover h;
    battle_view_hover(&v, &c, sx, sy, &h);
    ck_assert_int_eq(h.kind, BATTLE_HOVER_PLOT);
    ck_assert(strstr(h.hint, "route here") != NULL);
    battle_view_click(&v, &c, sx, sy);
    ck_assert_int_eq(b->selected, me);
    ck_assert(hex_equal(battle_path_end(b, me).hex, beside) ||
              (b->route[me].on && hex_equal(b->route[me].goal, beside)) || b->note_bad);
    /* Her own hex selects her, and the hint says so. */
    cam_world_to_screen(&c, fx, fy, &sx, &sy);
    battle_view_hover(&v, &c, sx, sy, &h);
    ck_assert_int_eq(h.kind, BATTLE_HOVER_SELECT);
    ck_assert_int_eq(h.ship, foe);
    ck_assert(strncmp(h.hint, "select B", 8) == 0);
    battle_view_click(&v, &c, sx, sy);
    ck_assert_int_eq(b->selected, foe);
    /* Whole-map zoom: a hex is a few px, her marker a few more; a click
     * on the marker's edge, outside her hex, still finds her. */
    c.zoom = 0.2;
    float r = battle_view_marker_px(&v, &c, foe);
    ck_assert_float_ge(r, 6.0f);
    cam_world_to_screen(&c, fx, fy, &sx, &sy);
    ck_assert_int_eq(battle_view_ship_at(&v, &c, sx + r * 0.9, sy), foe);
    battle_free(b);
}
END_TEST

/* The cursor over an objective hex says what it is, under what a click
 * would do: on merchant-run's exit, the Indiaman's exit (side A's); on
 * open water, nothing of the goals. */
START_TEST(test_hover_names_the_exit)
{
    char data[512], path[1024];
    tu_data_dir(data, sizeof data);
    setenv("SHOAL_DATA", data, 1);
    BattleSetup st;
    memset(&st, 0, sizeof st);
    Err e = {{0}};
    ck_assert_msg(battle_setup_scenario(&st, "merchant-run", path, sizeof path, &e) == 0, "%s",
                  e.msg);
    Battle *b = battle_new(&st, 1.0f, &e);
    ck_assert_msg(b != NULL, "%s", e.msg);
    float hs = (float)b->map.meta.hex_size, x, y;
    Hex exit = b->sk.goal[0].hexes[0];
    hex_to_pixel(exit, hs, &x, &y);
    Camera c;
    cam_init(&c, b->map.w, b->map.h, 1280, 800);
    c.zoom = 1.0;
    BattleView v;
    memset(&v, 0, sizeof v);
    v.battle = b;
    v.ui = 1.0f;
    double sx, sy;
    cam_world_to_screen(&c, x, y, &sx, &sy);
    BattleHover h;
    battle_view_hover(&v, &c, sx, sy, &h);
    ck_assert(hex_equal(h.hex, exit));
    ck_assert_int_eq(h.kind, BATTLE_HOVER_PLOT); /* her route can still go there */
    ck_assert_msg(strstr(h.goal, "exit for A1 Indiaman Ceres (side A)"), "'%s'", h.goal);
    ck_assert_int_eq(h.goal_side, 0);
    hex_to_pixel(b->sk.ships[0].pose.hex, hs, &x, &y);
    cam_world_to_screen(&c, x, y, &sx, &sy);
    battle_view_hover(&v, &c, sx, sy, &h);
    ck_assert_str_eq(h.goal, "");
    battle_free(b);
}
END_TEST

/* The camera keeps the selected ship in view: centred on her (keys 1-8),
 * followed while she sails during the replay, brought into view when
 * selected off screen, and left alone while she lies still. */
START_TEST(test_camera_keeps_the_ship_in_view)
{
    Battle *b = new_battle(BATTLE_VS_AI, 11);
    Hex goal;
    int i = movable(b, &goal);
    ck_assert_int_eq(battle_plot(b, goal), 0);
    Err e = {{0}};
    ck_assert_int_eq(battle_end_turn(b, &e), 0);
    BattleView v;
    memset(&v, 0, sizeof v);
    v.battle = b;
    v.ui = 1.0f;
    v.follow_ship = -1;
    Camera c;
    cam_init(&c, b->map.w, b->map.h, 400, 300);
    c.zoom = 8.0; /* 50 x 37 map px in view: less than a hex sailed */
    battle_select(b, i);
    battle_view_follow(&v, &c, true);
    double cx0 = c.cx, sx, sy;
    BattleShipLook l;
    for (int k = 0; k < 2000 && b->phase == BATTLE_ANIMATE; k++) {
        battle_update(b, 1.0f / 60);
        if (b->selected != i) break;
        battle_view_follow(&v, &c, false);
        battle_ship_look(b, i, &l);
        cam_world_to_screen(&c, l.x, l.y, &sx, &sy);
        ck_assert(sx >= 0 && sy >= 0 && sx <= 400 && sy <= 300);
    }
    ck_assert(c.cx != cx0 || hex_equal(b->before[i].pose.hex, b->sk.ships[i].pose.hex));
    ck_assert_int_eq(b->phase, BATTLE_PLOT);
    /* Lying still: the player may look elsewhere. */
    int s0 = b->selected;
    ck_assert_int_ge(s0, 0);
    battle_view_follow(&v, &c, false);
    c.cx += 300.0;
    cam_clamp(&c);
    double away = c.cx;
    battle_view_follow(&v, &c, false);
    ck_assert(c.cx == away);
    /* Another ship chosen off screen comes into view. */
    int other = -1;
    for (int k = 0; k < b->sk.nships && other < 0; k++) {
        battle_ship_look(b, k, &l);
        cam_world_to_screen(&c, l.x, l.y, &sx, &sy);
        if (k != s0 && l.visible && (sx < 0 || sx > 400 || sy < 0 || sy > 300)) other = k;
    }
    ck_assert_int_ge(other, 0);
    battle_select(b, other);
    battle_view_follow(&v, &c, false);
    battle_ship_look(b, other, &l);
    cam_world_to_screen(&c, l.x, l.y, &sx, &sy);
    ck_assert(sx >= 0 && sy >= 0 && sx <= 400 && sy <= 300);
    battle_free(b);
}
END_TEST

/* A click out of reach this turn plans a route: this turn's part is her
 * orders, the route is kept and planned again when her side next plots,
 * and clearing her path drops it. */
START_TEST(test_route_kept_across_turns)
{
    Battle *b = new_battle(BATTLE_VS_AI, 11);
    int i = b->selected, foe = -1;
    for (int k = 0; k < b->sk.nships && foe < 0; k++)
        if (b->sk.ships[k].side == 1) foe = k;
    Hex goal = b->sk.ships[foe].pose.hex;
    for (int d = 0; d < HEX_DIRS; d++) {
        Hex n = hex_neighbor(b->sk.ships[foe].pose.hex, d);
        if (chart_sailable(&b->sk.chart, n) && skirmish_ship_at(&b->sk, n) < 0) goal = n;
    }
    ck_assert_msg(battle_plot(b, goal) == 0, "%s", b->note);
    ck_assert(battle_has_route(b, i));
    int turns = b->route[i].plan.nturns;
    ck_assert_int_gt(turns, 1);
    ck_assert_int_eq(b->sk.orders[i].nsteps, b->route[i].plan.count[0]);
    Err e = {{0}};
    ck_assert_int_eq(battle_end_turn(b, &e), 0);
    battle_skip_animation(b);
    ck_assert_int_eq(b->phase, BATTLE_PLOT);
    ck_assert(battle_has_route(b, i) || hex_distance(b->sk.ships[i].pose.hex, goal) <= 6);
    if (battle_has_route(b, i)) {
        /* Planned afresh from where she is now: its first turn is her orders. */
        HexPose p = b->sk.ships[i].pose;
        ck_assert_int_eq(b->sk.orders[i].nsteps, b->route[i].plan.count[0]);
        for (int k = 0; k < b->sk.orders[i].nsteps; k++)
            p = hex_pose_step(p, b->sk.orders[i].steps[k]);
        ck_assert(hex_equal(p.hex, b->route[i].plan.end[0].hex));
        battle_select(b, i);
        battle_clear_path(b);
        ck_assert(!battle_has_route(b, i));
        ck_assert_int_eq(b->sk.orders[i].nsteps, 0);
    }
    /* Land says why. */
    battle_select(b, i);
    ck_assert_int_eq(battle_plot(b, hex_make(-100, -100)), -1);
    ck_assert_ptr_nonnull(strstr(b->note, "land"));
    battle_free(b);
}
END_TEST

START_TEST(test_hotseat_hides_orders)
{
    Battle *b = new_battle(BATTLE_HOTSEAT, 5);
    ck_assert_int_eq(b->phase, BATTLE_CURTAIN);
    ck_assert_int_eq(battle_plotter(b), -1);
    battle_lift_curtain(b);
    ck_assert_int_eq(b->phase, BATTLE_PLOT);
    ck_assert_int_eq(battle_plotter(b), 0);
    Hex goal;
    int i = movable(b, &goal);
    ck_assert_int_eq(battle_plot(b, goal), 0);
    Err e = {{0}};
    ck_assert_int_eq(battle_end_turn(b, &e), 0);
    /* Side B gets the screen behind the curtain; A's orders are kept but
     * A's ships no longer show or take orders. */
    ck_assert_int_eq(b->phase, BATTLE_CURTAIN);
    ck_assert_int_eq(b->side, 1);
    ck_assert_int_eq(b->selected, -1);
    ck_assert_int_gt(b->sk.orders[i].nsteps, 0);
    battle_lift_curtain(b);
    ck_assert_int_eq(battle_plotter(b), 1);
    ck_assert(!battle_can_order(b, i));
    ck_assert(b->sk.ships[b->selected].side == 1);
    ck_assert_int_eq(battle_end_turn(b, &e), 0);
    ck_assert_int_eq(b->phase, BATTLE_ANIMATE);
    battle_skip_animation(b);
    /* Next turn: A again, behind the curtain. */
    ck_assert_int_eq(b->phase, BATTLE_CURTAIN);
    ck_assert_int_eq(b->side, 0);
    /* Space skips a replay; pressed as one ends it must not lift the
     * curtain that follows. Enter does. */
    Camera c;
    cam_init(&c, b->map.w, b->map.h, 1280, 800);
    BattleView v;
    memset(&v, 0, sizeof v);
    v.battle = b;
    v.ui = 1.0f;
    SDL_Event ev;
    memset(&ev, 0, sizeof ev);
    ev.type = SDL_KEYDOWN;
    ev.key.keysym.sym = SDLK_SPACE;
    battle_view_event(&v, &ev, &c, 1.0f);
    ck_assert_int_eq(b->phase, BATTLE_CURTAIN);
    ev.key.keysym.sym = SDLK_RETURN;
    battle_view_event(&v, &ev, &c, 1.0f);
    ck_assert_int_eq(b->phase, BATTLE_PLOT);
    battle_free(b);
}
END_TEST

START_TEST(test_skip_shows_the_same_as_playing)
{
    Battle *a = new_battle(BATTLE_WATCH, 21), *b = new_battle(BATTLE_WATCH, 21);
    /* Play a's turns frame by frame and skip b's: same ships, same log. */
    for (int t = 0; t < 6; t++) {
        while (a->phase == BATTLE_ANIMATE && a->sk.turn == b->sk.turn) battle_update(a, 1.0f / 30);
        battle_skip_animation(b);
        ck_assert_int_eq(a->sk.turn, b->sk.turn);
        ck_assert_mem_eq(a->shown, b->shown, sizeof a->shown);
        ck_assert_int_eq(a->log_n, b->log_n);
        for (int k = 0; k < a->log_n; k++)
            ck_assert_str_eq(battle_log_line(a, k)->text, battle_log_line(b, k)->text);
    }
    battle_free(a);
    battle_free(b);
}
END_TEST

START_TEST(test_save_load_and_refuse_corrupt)
{
    char dir[64], path[128], bad[128];
    tu_tempdir(dir, sizeof dir);
    snprintf(path, sizeof path, "%s/one.sav", dir);
    snprintf(bad, sizeof bad, "%s/bad.sav", dir);
    Battle *b = new_battle(BATTLE_VS_AI, 9);
    Err e = {{0}};
    Hex goal;
    movable(b, &goal);
    ck_assert_int_eq(battle_plot(b, goal), 0);
    ck_assert_int_eq(battle_end_turn(b, &e), 0);
    battle_skip_animation(b);
    /* Some orders to save: a path, or a turn in place when in irons. */
    int i = b->selected;
    for (int k = 0; k < b->sk.nships; k++)
        if (battle_can_order(b, k) && somewhere(b, k, &goal)) i = k;
    battle_select(b, i);
    if (hex_equal(goal, b->sk.ships[i].pose.hex) || !somewhere(b, i, &goal))
        goal = b->sk.ships[i].pose.hex;
    ck_assert_int_eq(battle_plot(b, goal), 0);
    ck_assert_int_gt(b->sk.orders[i].nsteps, 0);
    ck_assert_int_eq(battle_save(b, path, &e), 0);
    Battle *c = battle_load(path, BATTLE_VS_AI, 1.0f, &e);
    if (!c) ck_abort_msg("load: %s", e.msg);
    ck_assert_int_eq(c->sk.turn, b->sk.turn);
    ck_assert_int_eq(c->phase, BATTLE_PLOT);
    ck_assert_mem_eq(c->sk.ships, b->sk.ships, sizeof b->sk.ships);
    /* The plotted path comes back too, and the battle plays on the same. */
    ck_assert_mem_eq(&c->sk.orders[i], &b->sk.orders[i], sizeof b->sk.orders[i]);
    ck_assert_int_eq(battle_end_turn(b, &e), 0);
    ck_assert_int_eq(battle_end_turn(c, &e), 0);
    ck_assert_mem_eq(c->sk.ships, b->sk.ships, sizeof b->sk.ships);
    battle_free(c);
    /* Truncated: refused with the file named, nothing half loaded. */
    FILE *f = fopen(path, "rb");
    ck_assert_ptr_nonnull(f);
    char buf[4096];
    size_t n = fread(buf, 1, sizeof buf, f);
    fclose(f);
    tu_write(bad, buf, n / 2);
    memset(&e, 0, sizeof e);
    ck_assert_ptr_null(battle_load(bad, BATTLE_VS_AI, 1.0f, &e));
    ck_assert_ptr_nonnull(strstr(e.msg, "bad.sav"));
    /* Garbage: the same. */
    tu_write(bad, "shoal-save 1\n[battle]\nturn = banana\n", 36);
    memset(&e, 0, sizeof e);
    ck_assert_ptr_null(battle_load(bad, BATTLE_HOTSEAT, 1.0f, &e));
    ck_assert_ptr_nonnull(strstr(e.msg, "bad.sav"));
    battle_free(b);
}
END_TEST

START_TEST(test_orders_from_the_panel)
{
    Battle *b = new_battle(BATTLE_VS_AI, 4);
    int i = b->selected;
    ck_assert_int_eq(b->sk.orders[i].fire[0].target, SKIRMISH_ANY);
    battle_cycle_target(b, i, 0);
    ck_assert_int_eq(b->sk.orders[i].fire[0].target, SKIRMISH_HOLD);
    battle_cycle_target(b, i, 0);
    int t = b->sk.orders[i].fire[0].target;
    ck_assert_int_ge(t, 0);
    ck_assert_int_eq(b->sk.ships[t].side, 1);
    /* Round the cycle back to fire at will. */
    for (int k = 0; k < SKIRMISH_MAX_SHIPS + 2 && b->sk.orders[i].fire[0].target != SKIRMISH_ANY;
         k++)
        battle_cycle_target(b, i, 0);
    ck_assert_int_eq(b->sk.orders[i].fire[0].target, SKIRMISH_ANY);
    /* The shot: round, chain, grape, double (her first fire), round; once
     * the broadside has fired, double is left out. */
    const int cycle[] = {FLEET_CHAIN, FLEET_GRAPE, FLEET_DOUBLE, FLEET_ROUND};
    for (int k = 0; k < 4; k++) {
        battle_cycle_shot(b, i, 1);
        ck_assert_int_eq(b->sk.orders[i].fire[1].shot, cycle[k]);
    }
    b->sk.ships[i].first_fire[1] = false;
    for (int k = 0; k < 3; k++) {
        battle_cycle_shot(b, i, 1);
        ck_assert_int_eq(b->sk.orders[i].fire[1].shot,
                         cycle[k] == FLEET_DOUBLE ? FLEET_ROUND : cycle[k]);
    }
    ck_assert_int_eq(b->sk.orders[i].fire[1].shot, FLEET_ROUND);
    /* Aiming at a friend is refused with a note. */
    int friend_ = -1;
    for (int k = 0; k < b->sk.nships; k++)
        if (k != i && b->sk.ships[k].side == 0) friend_ = k;
    ck_assert_int_eq(battle_aim_at(b, friend_), -1);
    ck_assert_int_eq(b->note_bad, 1);
    /* Land can't be sailed to. */
    const Chart *ch = &b->sk.chart;
    Hex land = hex_make(ch->q0 + ch->qn + 5, ch->r0);
    ck_assert_int_eq(battle_plot(b, land), -1);
    battle_free(b);
}
END_TEST

/* Fish near ship i's hull, summed over a run of the sea. */
static long near_hulls(Battle *b, Sea *sea, bool feed, int steps)
{
    long n = 0;
    for (int k = 0; k < steps; k++) {
        if (feed) battle_feed_sea(b, sea);
        sea_step(sea);
        for (int i = 0; i < b->sk.nships; i++) {
            BattleShipLook l;
            battle_ship_look(b, i, &l);
            if (l.visible)
                n += sea_count_within(sea, l.x, l.y,
                                      battle_ship_length(b, b->sk.ships[i].cls) * 0.4f);
        }
    }
    return n;
}

START_TEST(test_hulls_part_the_school)
{
    Battle *b = new_battle(BATTLE_VS_AI, 2);
    ShoreField shore;
    Err e = {{0}};
    ck_assert_int_eq(shore_bake(&shore, b->map.land, b->map.w, b->map.h, &e), 0);
    SeaParams p;
    sea_params_default(&p);
    Sea *with, *without;
    /* Dense enough that every hull has fish round it to begin with. */
    const int fish = tu_scale(30000, 4000), steps = tu_scale(150, 100);
    ck_assert_int_eq(sea_init(&with, &shore, &p, 77, fish, 0, NULL, &e), 0);
    ck_assert_int_eq(sea_init(&without, &shore, &p, 77, fish, 0, NULL, &e), 0);
    long a = near_hulls(b, with, true, steps), c = near_hulls(b, without, false, steps);
    ck_assert_int_gt(c, 50);
    ck_assert_msg(a * 4 < c, "fish under the hulls: %ld with hulls, %ld without", a, c);
    /* A splash scares them off: where the school is thickest in open
     * water (a splash's reach from any coast, so no fish is pinned against
     * one), shot falls into one sea and not into its twin. */
    float x = 0, y = 0;
    long most = -1;
    for (int py = 40; py < b->map.h - 40; py += 40)
        for (int px = 40; px < b->map.w - 40; px += 40) {
            if (shore_distance(&shore, (float)px, (float)py) < 60.0f) continue;
            long n = sea_count_within(without, (float)px, (float)py, 30);
            if (n > most) {
                most = n;
                x = (float)px;
                y = (float)py;
            }
        }
    ck_assert_int_gt(most, 10);
    battle_fx_splash(&b->fx, x, y, 10, 60);
    BattleScare sc[4];
    ck_assert_int_eq(battle_fx_take_scares(&b->fx, sc, 4), 1);
    sea_add_scare(without, sc[0].x, sc[0].y, sc[0].radius, sc[0].seconds);
    Sea *calm;
    ck_assert_int_eq(sea_init(&calm, &shore, &p, 77, fish, 0, NULL, &e), 0);
    for (int k = 0; k < steps; k++) sea_step(calm);
    for (int k = 0; k < 45; k++) {
        sea_step(without);
        sea_step(calm);
    }
    long scared = sea_count_within(without, x, y, 30), left = sea_count_within(calm, x, y, 30);
    ck_assert_msg(scared * 2 < left, "splash: %ld fish stay, %ld without it", scared, left);
    sea_deinit(calm);
    sea_deinit(with);
    sea_deinit(without);
    shore_free(&shore);
    battle_free(b);
}
END_TEST

static Suite *battle_suite(void)
{
    Suite *s = suite_create("ui_battle");
    TCase *tc = tcase_create("core");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, test_hermite_and_angles);
    tcase_add_test(tc, test_sail_turn_sail);
    tcase_add_test(tc, test_speed_kept_between_hexes);
    tcase_add_test(tc, test_blocked_bumps_back);
    tcase_add_test(tc, test_drift_and_the_shore_in_the_timeline);
    tcase_add_test(tc, test_gunnery_and_fates_in_order);
    tcase_add_test(tc, test_pick_hex_from_screen);
    tcase_add_test(tc, test_broadside_smoke_on_its_side);
    tcase_add_test(tc, test_splash_scares_and_ball_flies);
    tcase_add_test(tc, test_plot_and_play_against_ai);
    tcase_add_test(tc, test_anchor_from_the_battle);
    tcase_add_test(tc, test_board_from_the_battle);
    tcase_add_test(tc, test_board_offered_only_alongside);
    tcase_add_test(tc, test_board_sails_her_alongside);
    tcase_add_test(tc, test_next_ship_without_orders);
    tcase_add_test(tc, test_click_beside_an_enemy_plots);
    tcase_add_test(tc, test_camera_keeps_the_ship_in_view);
    tcase_add_test(tc, test_route_kept_across_turns);
    tcase_add_test(tc, test_hotseat_hides_orders);
    tcase_add_test(tc, test_skip_shows_the_same_as_playing);
    tcase_add_test(tc, test_save_load_and_refuse_corrupt);
    tcase_add_test(tc, test_orders_from_the_panel);
    tcase_add_test(tc, test_hulls_part_the_school);
    tcase_add_test(tc, test_hover_names_the_exit);
    suite_add_tcase(s, tc);
    return s;
}

SHOAL_CHECK_MAIN(battle_suite)
