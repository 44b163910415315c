/* test_battle_layout: the battle's panels as battle_layout places them —
 * over the views a player meets (800x600, 1280x720, 1920x1080), the
 * panels' heights as drawn (open, folded, the log open), other panels at
 * the edges: no two panels overlap, none covers the top bar, all stay in
 * the view, the log is never narrower than its least, a tie keeps the
 * last way; and over real battles' opening views (every shipped map and
 * a generated sea, 3v3 and 8v8) how many ships the panels cover. */
#include <SDL.h>

#include "testutil.h"
#include "game/battle.h"
#include "game/battle_layout.h"
#include "game/battle_view.h"
#include "ui/camera.h"

static const int views[][2] = {{800, 600}, {1280, 720}, {1920, 1080}};
#define NVIEWS ((int)(sizeof views / sizeof views[0]))

static void check_inside(const SDL_FRect *r, const BattleLayoutIn *in, const char *what)
{
    if (r->w <= 0) return;
    ck_assert_msg(r->x >= 0 && r->y >= 0 && r->x + r->w <= in->view_w + 0.5f &&
                      r->y + r->h <= in->view_h + 0.5f,
                  "%s at %.0f,%.0f %.0fx%.0f leaves the %.0fx%.0f view", what, (double)r->x,
                  (double)r->y, (double)r->w, (double)r->h, (double)in->view_w, (double)in->view_h);
}

/* The heights the panels are drawn at (design px, measured from the
 * game's screenshots): the Battle panel open and folded, the ship panel
 * with a ship's orders, without them (an enemy's) and folded, the log
 * shut, open, and with long lines wrapped. */
START_TEST(test_no_overlap_bar_clear_inside)
{
    static const float battle_h[] = {310, 276, 36};
    static const float ship_h[] = {410, 250, 36};
    static const float log_h[] = {60, 300, 150};
    static const float bars[] = {560, 700};
    static const float insets[][2] = {{0, 0}, {0, 60}};
    int cases = 0;
    for (int v = 0; v < NVIEWS; v++)
        for (size_t a = 0; a < sizeof battle_h / sizeof *battle_h; a++)
            for (size_t s = 0; s < sizeof ship_h / sizeof *ship_h; s++)
                for (size_t l = 0; l < sizeof log_h / sizeof *log_h; l++)
                    for (size_t w = 0; w < sizeof bars / sizeof *bars; w++)
                        for (size_t k = 0; k < sizeof insets / sizeof *insets; k++)
                            for (int shown = 0; shown < 4; shown++) {
                                BattleLayoutIn in = {.view_w = (float)views[v][0],
                                                     .view_h = (float)views[v][1],
                                                     .scale = 1.0f,
                                                     .right_inset = insets[k][0],
                                                     .bottom_inset = insets[k][1],
                                                     .bar_w = bars[w],
                                                     .bar_h = 26,
                                                     .battle_h = battle_h[a],
                                                     .ship_h = ship_h[s],
                                                     .log_h = log_h[l],
                                                     .ship = shown & 1,
                                                     .log = shown & 2};
                                BattleLayout o;
                                battle_layout(&in, &o);
                                cases++;
                                ck_assert_msg(o.overlaps == 0,
                                              "%dx%d: battle %.0f ship %.0f log %.0f bar %.0f "
                                              "inset %.0f,%.0f shown %d: %d overlaps (way %d)",
                                              views[v][0], views[v][1], (double)battle_h[a],
                                              (double)ship_h[s], (double)log_h[l], (double)bars[w],
                                              (double)insets[k][0], (double)insets[k][1], shown,
                                              o.overlaps, o.way);
                                check_inside(&o.bar, &in, "the top bar");
                                check_inside(&o.battle, &in, "the Battle panel");
                                check_inside(&o.ship, &in, "the ship panel");
                                check_inside(&o.log, &in, "the log");
                                ck_assert(in.ship || o.ship.w == 0);
                                ck_assert(in.log || o.log.w == 0);
                                if (in.log) {
                                    ck_assert_float_ge(o.log.w, BATTLE_LAYOUT_LOG_MIN - 0.5f);
                                    ck_assert_float_le(o.log.h, o.log_room + 0.5f);
                                }
                            }
    ck_assert_int_eq(cases, NVIEWS * 3 * 3 * 3 * 2 * 2 * 4);
}
END_TEST

/* Ships under a corner send its panel to the other; on a tie the last
 * way stays (no hopping as ships move), and the usual corners come first. */
START_TEST(test_ships_move_panels_and_ties_keep)
{
    BattleLayoutIn in = {.view_w = 1920,
                         .view_h = 1080,
                         .scale = 1.0f,
                         .bar_w = 560,
                         .bar_h = 26,
                         .battle_h = 276,
                         .ship_h = 410,
                         .log_h = 60,
                         .ship = true,
                         .log = true};
    BattleLayout o;
    battle_layout(&in, &o);
    ck_assert_int_eq(o.way, 0); /* Battle top right, ship bottom right, log bottom left */
    ck_assert_float_gt(o.battle.x, 960);
    ck_assert_float_gt(o.ship.x, 960);
    ck_assert_float_lt(o.log.x, 960);
    /* The log may grow up to the Battle panel's side of the view, not
     * only to the height it had (a new line makes it taller). */
    ck_assert_float_ge(o.log_room, 900);
    /* The selected ship under the ship panel's corner: it goes left. */
    battle_layout_mark(&in, 1700, 900, 20, 4);
    battle_layout(&in, &o);
    ck_assert_int_eq(o.covered, 0);
    ck_assert_float_lt(o.ship.x, 960);
    ck_assert_float_gt(o.log.x, 960);
    /* A ship under the Battle panel too: it goes left, clear of her. */
    battle_layout_mark(&in, 1800, 150, 20, 1);
    battle_layout(&in, &o);
    ck_assert_int_eq(o.covered, 0);
    ck_assert_float_lt(o.battle.x, 960);
    /* Nothing under any corner: the last way is kept. */
    in.nmarks = 0;
    for (int last = 0; last < 4; last++) {
        in.last = last;
        battle_layout(&in, &o);
        ck_assert_int_eq(o.way, last);
    }
}
END_TEST

/* A Battle panel beside a bar too wide to centre in the width it leaves
 * goes below the bar; a narrower bar moves aside for it. */
START_TEST(test_bar_never_covered)
{
    BattleLayoutIn in = {.view_w = 800,
                         .view_h = 600,
                         .scale = 1.0f,
                         .bar_w = 500,
                         .bar_h = 26,
                         .battle_h = 120,
                         .ship = false,
                         .log = false};
    BattleLayout o;
    battle_layout(&in, &o);
    ck_assert_int_eq(o.overlaps, 0);
    ck_assert(!battle_layout_overlap(&o.bar, &o.battle));
    ck_assert_float_le(o.bar.x + o.bar.w, o.battle.x + 0.5f); /* beside it, at 44 */
    ck_assert_float_eq(o.battle.y, BATTLE_LAYOUT_BAR_Y);
    in.bar_w = 600;
    battle_layout(&in, &o);
    ck_assert_int_eq(o.overlaps, 0);
    ck_assert_float_ge(o.battle.y, o.bar.y + o.bar.h);
}
END_TEST

/* Real openings: each battle's ships where battle_view_open shows them,
 * the player's whole fleet in view, the panels at the heights a selected
 * ship of the line gives: never an
 * overlap, never more ships covered than the way chosen without looking
 * at them, none at all at 1920x1080 nor in a 3v3 at 1280x720; the count is
 * printed for each (the notes' table: an 8v8 at the edges of a shipped
 * map at 1280x720, and 800x600, still meet a panel). */
START_TEST(test_real_openings_keep_ships_clear)
{
    char data[512], path[640];
    tu_data_dir(data, sizeof data);
    static const char *const maps[] = {NULL, "channel-isles", "crescent-reef", "open-waters"};
    for (size_t m = 0; m < sizeof maps / sizeof maps[0]; m++)
        for (int ships = 3; ships <= 8; ships += 5) {
            BattleSetup st = {.mode = BATTLE_VS_AI,
                              .seed = 5 + m,
                              .ships = {ships, ships},
                              .turn_limit = 30,
                              .map_seed = 7};
            if (maps[m]) {
                snprintf(path, sizeof path, "%s/maps/%s.png", data, maps[m]);
                st.map_path = path;
            }
            Err e = {{0}};
            Battle *b = battle_new(&st, 1.0f, &e);
            ck_assert_msg(b != NULL, "%s", e.msg);
            BattleView v;
            memset(&v, 0, sizeof v);
            v.battle = b;
            v.ui = 1.0f;
            for (int k = 0; k < NVIEWS; k++) {
                Camera c;
                cam_init(&c, b->map.w, b->map.h, views[k][0], views[k][1]);
                battle_view_open(b, &c, 1.0);
                BattleLayoutIn in = {.view_w = (float)views[k][0],
                                     .view_h = (float)views[k][1],
                                     .scale = 1.0f,
                                     .bar_w = 560,
                                     .bar_h = 26,
                                     .battle_h = 310,
                                     .ship_h = 410,
                                     .log_h = 60,
                                     .ship = true,
                                     .log = true};
                for (int i = 0; i < b->sk.nships; i++) {
                    float sx, sy, r;
                    if (!battle_view_marker_at(&v, &c, i, &sx, &sy, &r)) continue;
                    battle_layout_mark(&in, sx, sy, r, i == 0 ? 4 : 1);
                    /* The player's whole fleet is in view. */
                    if (b->sk.ships[i].side == 0)
                        ck_assert_msg(sx >= 0 && sy >= 0 && sx <= c.view_w && sy <= c.view_h,
                                      "%s %dv%d at %dx%d: A%d off screen at %.0f,%.0f",
                                      maps[m] ? maps[m] : "generated", ships, ships, views[k][0],
                                      views[k][1], i + 1, (double)sx, (double)sy);
                }
                BattleLayout o;
                battle_layout(&in, &o);
                ck_assert_int_eq(o.overlaps, 0);
                BattleLayoutIn fixed = in;
                BattleLayout corners;
                fixed.nmarks = 0;
                battle_layout(&fixed, &corners); /* the way chosen with no ship to avoid */
                int before = 0;
                for (int q = 0; q < in.nmarks; q++) {
                    const SDL_FRect *r[3] = {&corners.battle, &corners.ship, &corners.log};
                    for (int p = 0; p < 3; p++) {
                        SDL_FRect cr = {in.mx[q] - in.mr[q], in.my[q] - in.mr[q], 2 * in.mr[q],
                                        2 * in.mr[q]};
                        if (battle_layout_overlap(r[p], &cr)) before += in.mw[q];
                    }
                }
                printf("%-13s %dv%d at %4dx%-4d: panels cover %d (fixed corners %d), way %d\n",
                       maps[m] ? maps[m] : "generated", ships, ships, views[k][0], views[k][1],
                       o.covered, before, o.way);
                ck_assert_int_le(o.covered, before);
                /* Clear of every ship at 1920x1080, and at 1280x720 in a 3v3. */
                if (views[k][0] == 1920 || (views[k][0] == 1280 && ships == 3))
                    ck_assert_msg(o.covered == 0, "%s %dv%d at %dx%d: panels cover %d",
                                  maps[m] ? maps[m] : "generated", ships, ships, views[k][0],
                                  views[k][1], o.covered);
            }
            battle_free(b);
        }
}
END_TEST

static Suite *layout_suite(void)
{
    Suite *s = suite_create("battle_layout");
    TCase *tc = tcase_create("core");
    tcase_add_test(tc, test_no_overlap_bar_clear_inside);
    tcase_add_test(tc, test_ships_move_panels_and_ties_keep);
    tcase_add_test(tc, test_bar_never_covered);
    tcase_add_test(tc, test_real_openings_keep_ships_clear);
    suite_add_tcase(s, tc);
    return s;
}

SHOAL_CHECK_MAIN(layout_suite)
