/* test_ui_teach: the battle's teaching aids — the points-of-sail rose
 * gives on each heading the rules' own allowance under every wind and
 * any damage, the Rules page quotes the rules' tables, and F1 turns the
 * help's pages in order. */
#include <SDL.h>

#include "testutil.h"

#include "game/battle.h"
#include "game/battle_view.h"
#include "game/hud.h"

static Battle *new_battle(uint64_t seed)
{
    BattleSetup st = {.mode = BATTLE_VS_AI,
                      .seed = seed,
                      .ships = {3, 3},
                      .turn_limit = 30,
                      .map_seed = (uint32_t)seed};
    Err e = {{0}};
    Battle *b = battle_new(&st, 1.0f, &e);
    if (!b) ck_abort_msg("battle_new: %s", e.msg);
    return b;
}

START_TEST(rose_gives_the_rules_allowance_on_every_heading)
{
    Battle *b = new_battle(11);
    Skirmish *sk = &b->sk;
    int checked = 0;
    for (int i = 0; i < sk->nships; i++) {
        FleetShip *s = &sk->ships[i];
        const int full = fleet_classes[s->cls].rigging;
        const int riggings[] = {full, full / 2, 1, 0};
        for (size_t g = 0; g < sizeof riggings / sizeof riggings[0]; g++) {
            s->rigging = riggings[g];
            for (int wind = 0; wind < HEX_DIRS; wind++) {
                for (int strength = 0; strength <= 5; strength++) {
                    sk->wind_dir = wind;
                    sk->wind_strength = strength;
                    BattleRose r;
                    ck_assert(battle_rose_measure(sk, i, &r));
                    ck_assert_int_eq(r.wind_from, wind);
                    for (int d = 0; d < HEX_DIRS; d++) {
                        int sail = fleet_point_of_sail(d, wind);
                        int want = fleet_allowance(s->cls, sail, strength, s->rigging);
                        ck_assert_int_eq(r.sail[d], sail);
                        ck_assert_int_eq(r.points[d], want);
                        ck_assert_int_eq(r.hexes[d], want / FLEET_HEX_COST);
                        checked++;
                    }
                    /* Her own heading's petal is the panel's allowance. */
                    ck_assert_int_eq(r.points[r.facing], skirmish_allowance(sk, i));
                    /* Into the wind, never a way ahead. */
                    ck_assert_int_eq(r.hexes[wind], 0);
                }
            }
        }
    }
    ck_assert_int_eq(checked, sk->nships * 4 * HEX_DIRS * 6 * HEX_DIRS);
    /* A ship that has struck sails nowhere: no rose. */
    sk->ships[0].status = FLEET_STRUCK;
    BattleRose r;
    ck_assert(!battle_rose_measure(sk, 0, &r));
    ck_assert_int_eq(r.ship, -1);
    ck_assert(!battle_rose_measure(sk, -1, &r));
    battle_free(b);
}
END_TEST

/* The row whose topic holds `topic`, or NULL. */
static const HudRulesRow *rule(const HudRulesRow *rows, int n, const char *topic)
{
    for (int i = 0; i < n; i++)
        if (strstr(rows[i].topic, topic)) return &rows[i];
    return NULL;
}

START_TEST(rules_page_quotes_the_rules_tables)
{
    HudRulesRow rows[HUD_RULES_MAX];
    int n = hud_rules_rows(rows, HUD_RULES_MAX);
    ck_assert_int_gt(n, 15);
    ck_assert_int_lt(n, HUD_RULES_MAX);
    char want[64];
    /* Every point of sail has its row with each class's speed. */
    for (int s = 0; s < FLEET_SAILS; s++) {
        const HudRulesRow *r = rule(rows, n, fleet_sail_name(s));
        ck_assert_msg(r != NULL, "no row for %s", fleet_sail_name(s));
        if (s == FLEET_IN_IRONS) continue;
        for (int c = 0; c < FLEET_CLASSES; c++) {
            snprintf(want, sizeof want, "%s %d", battle_class_name(c), fleet_classes[c].speed[s]);
            ck_assert_msg(strstr(r->text, want), "%s: no \"%s\" in \"%s\"", r->topic, want,
                          r->text);
        }
    }
    const int(*h)[3] = fleet_hit_pct_table[FLEET_LONG_GUNS];
    snprintf(want, sizeof want, "%d / %d / %d%%", h[FLEET_ROUND][0], h[FLEET_ROUND][1],
             h[FLEET_ROUND][2]);
    ck_assert(strstr(rule(rows, n, "Round shot")->text, want));
    snprintf(want, sizeof want, "%d / %d%%", h[FLEET_GRAPE][0], h[FLEET_GRAPE][1]);
    ck_assert(strstr(rule(rows, n, "Grape")->text, want));
    snprintf(want, sizeof want, "bursts %d%%", FLEET_BURST_PCT);
    ck_assert(strstr(rule(rows, n, "Double shot")->text, want));
    const int(*c)[3] = fleet_hit_pct_table[FLEET_CARRONADES];
    snprintf(want, sizeof want, "takes %d hull", fleet_hit_hull_table[FLEET_CARRONADES][0][0]);
    ck_assert(strstr(rule(rows, n, "Carronades")->text, want));
    snprintf(want, sizeof want, "%d / %d%%", c[FLEET_ROUND][0], c[FLEET_ROUND][1]);
    ck_assert(strstr(rule(rows, n, "Carronades")->text, want));
    snprintf(want, sizeof want, "+%d%%", FLEET_RAKE_BONUS_PCT);
    ck_assert(strstr(rule(rows, n, "Raking")->text, want));
    snprintf(want, sizeof want, "%d%% each turn", FLEET_MORALE_STRIKE_PCT);
    ck_assert(strstr(rule(rows, n, "Striking")->text, want));
    ck_assert_ptr_nonnull(rule(rows, n, "Winning"));
    /* A short buffer gets the first rows, never more. */
    HudRulesRow few[3];
    ck_assert_int_eq(hud_rules_rows(few, 3), 3);
    ck_assert_str_eq(few[0].topic, rows[0].topic);
}
END_TEST

START_TEST(f1_turns_the_help_pages)
{
    int p = HUD_HELP_CLOSED;
    p = hud_help_next(p, true);
    ck_assert_int_eq(p, HUD_HELP_KEYS);
    p = hud_help_next(p, true);
    ck_assert_int_eq(p, HUD_HELP_RULES);
    p = hud_help_next(p, true);
    ck_assert_int_eq(p, HUD_HELP_CLOSED);
    /* On the sea there are no rules to show: open, closed. */
    p = hud_help_next(p, false);
    ck_assert_int_eq(p, HUD_HELP_SEA);
    ck_assert_int_eq(hud_help_next(p, false), HUD_HELP_CLOSED);
    /* Opened on the sea, a battle begun under it turns to its rules next. */
    ck_assert_int_eq(hud_help_next(HUD_HELP_SEA, true), HUD_HELP_RULES);
}
END_TEST

static Suite *make_suite(void)
{
    Suite *s = suite_create("ui_teach");
    TCase *tc = tcase_create("teach");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, rose_gives_the_rules_allowance_on_every_heading);
    tcase_add_test(tc, rules_page_quotes_the_rules_tables);
    tcase_add_test(tc, f1_turns_the_help_pages);
    suite_add_tcase(s, tc);
    return s;
}

SHOAL_CHECK_MAIN(make_suite)
