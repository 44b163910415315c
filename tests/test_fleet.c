/* test_fleet: the rule tables and functions of fleet.h: points of sail and
 * movement, arcs and raking, ranges, hit chances, damage and the dice. */
#include "testutil.h"

#include "core/fleet.h"
#include "core/map.h"

/* The table the README documents, in movement points at full rigging in a
 * moderate wind (a hex costs 2): irons, close-hauled, broad reach, running. */
static const int documented[FLEET_CLASSES][FLEET_SAILS] = {
    {0, 6, 10, 8}, /* sloop */
    {0, 4, 8, 8},  /* frigate */
    {0, 4, 6, 6},  /* ship of the line */
};
static const int documented_turn[FLEET_CLASSES] = {1, 2, 3};

START_TEST(test_point_of_sail)
{
    for (int wind = 0; wind < 6; wind++) {
        ck_assert_int_eq(fleet_point_of_sail(wind, wind), FLEET_IN_IRONS);
        ck_assert_int_eq(fleet_point_of_sail(wind + 3, wind), FLEET_RUNNING);
        ck_assert_int_eq(fleet_point_of_sail(wind + 1, wind), FLEET_CLOSE_HAULED);
        ck_assert_int_eq(fleet_point_of_sail(wind + 5, wind), FLEET_CLOSE_HAULED);
        ck_assert_int_eq(fleet_point_of_sail(wind + 2, wind), FLEET_BROAD_REACH);
        ck_assert_int_eq(fleet_point_of_sail(wind + 4, wind), FLEET_BROAD_REACH);
        ck_assert_int_eq(fleet_point_of_sail(wind - 1, wind), FLEET_CLOSE_HAULED);
    }
    ck_assert_str_eq(fleet_sail_name(FLEET_IN_IRONS), "in irons");
    ck_assert_str_eq(fleet_sail_name(FLEET_RUNNING), "running");
}
END_TEST

START_TEST(test_allowance_table)
{
    for (int c = 0; c < FLEET_CLASSES; c++) {
        const FleetClass *k = &fleet_classes[c];
        ck_assert_int_eq(k->turn_cost, documented_turn[c]);
        for (int s = 0; s < FLEET_SAILS; s++) {
            /* Strength 2 and 3 are the moderate winds of the table. */
            ck_assert_int_eq(fleet_allowance(c, s, 2, k->rigging), documented[c][s]);
            ck_assert_int_eq(fleet_allowance(c, s, 3, k->rigging), documented[c][s]);
        }
        /* In irons nothing moves, whatever the wind or rigging. */
        for (int w = 0; w <= 5; w++)
            for (int rg = 0; rg <= k->rigging; rg++)
                ck_assert_int_eq(fleet_allowance(c, FLEET_IN_IRONS, w, rg), 0);
        /* Broad reach is never slower than close-hauled. */
        ck_assert_int_ge(documented[c][FLEET_BROAD_REACH], documented[c][FLEET_CLOSE_HAULED]);
    }
    /* Calm halves, a fresh breeze adds a quarter (rounded half up). */
    ck_assert_int_eq(fleet_allowance(FLEET_FRIGATE, FLEET_BROAD_REACH, 0, 10), 4);
    ck_assert_int_eq(fleet_allowance(FLEET_FRIGATE, FLEET_BROAD_REACH, 1, 10), 6);
    ck_assert_int_eq(fleet_allowance(FLEET_FRIGATE, FLEET_BROAD_REACH, 4, 10), 10);
    ck_assert_int_eq(fleet_allowance(FLEET_SLOOP, FLEET_BROAD_REACH, 4, 8), 13);
    ck_assert_int_eq(fleet_allowance(FLEET_LINE, FLEET_CLOSE_HAULED, 0, 14), 2);
}
END_TEST

START_TEST(test_rigging_slows)
{
    for (int c = 0; c < FLEET_CLASSES; c++) {
        const FleetClass *k = &fleet_classes[c];
        for (int s = FLEET_CLOSE_HAULED; s < FLEET_SAILS; s++) {
            int prev = fleet_allowance(c, s, 3, k->rigging);
            for (int rg = k->rigging - 1; rg >= 1; rg--) {
                int a = fleet_allowance(c, s, 3, rg);
                ck_assert_int_le(a, prev);
                ck_assert_int_ge(a, FLEET_HEX_COST); /* a ship with sail still moves a hex */
                prev = a;
            }
            /* Half the rigging gone: about half the speed. */
            int half = fleet_allowance(c, s, 3, k->rigging / 2);
            ck_assert_int_lt(half, documented[c][s]);
            ck_assert_int_le(half, (documented[c][s] + 1) / 2 + 1);
            ck_assert_int_eq(fleet_allowance(c, s, 3, 0), 0); /* dismasted */
        }
    }
    /* Exact value: a frigate on a broad reach with 5 of 10 rigging. */
    ck_assert_int_eq(fleet_allowance(FLEET_FRIGATE, FLEET_BROAD_REACH, 3, 5), 4);
    ck_assert_int_eq(fleet_allowance(FLEET_FRIGATE, FLEET_BROAD_REACH, 3, 1), 2);
}
END_TEST

START_TEST(test_move_cost)
{
    FleetShip s;
    HexPose p = {{5, 5}, 0};
    ChartMoveCost k;
    /* Wind from the west: a ship facing east runs before it. */
    fleet_ship_init(&s, FLEET_FRIGATE, 0, p);
    fleet_move_cost(&s, 3, 3, &k);
    ck_assert_int_eq(k.budget, 8);
    ck_assert_int_eq(k.turn, 2);
    ck_assert_int_eq(k.forward[3], -1); /* facing west is in irons */
    ck_assert_int_eq(k.limit[3], 0);
    for (int d = 0; d < 6; d++)
        if (d != 3) ck_assert_int_eq(k.forward[d], FLEET_HEX_COST);
    ck_assert_int_eq(k.limit[2], 4); /* NW: close-hauled */
    ck_assert_int_eq(k.limit[1], 8); /* NE: broad reach */
    /* In irons the budget is one turn, so she can fall off the wind. */
    s.pose.facing = 3;
    fleet_move_cost(&s, 3, 3, &k);
    ck_assert_int_eq(k.budget, 2);
    fleet_ship_init(&s, FLEET_LINE, 0, p);
    s.pose.facing = 3;
    fleet_move_cost(&s, 3, 3, &k);
    ck_assert_int_eq(k.budget, 3);
    /* Out of the fight or dismasted: no movement at all. */
    s.status = FLEET_STRUCK;
    fleet_move_cost(&s, 3, 3, &k);
    ck_assert_int_eq(k.budget, 0);
    fleet_ship_init(&s, FLEET_SLOOP, 0, p);
    s.rigging = 0;
    fleet_move_cost(&s, 3, 3, &k);
    ck_assert_int_eq(k.budget, 0);
}
END_TEST

START_TEST(test_arcs_known)
{
    HexPose e = {{0, 0}, 0}; /* facing east: port is north (up) */
    ck_assert_int_eq(fleet_arc(e, hex_make(0, 0)), FLEET_ARC_SAME);
    ck_assert_int_eq(fleet_arc(e, hex_make(1, 0)), FLEET_ARC_BOW);
    ck_assert_int_eq(fleet_arc(e, hex_make(5, 0)), FLEET_ARC_BOW);
    ck_assert_int_eq(fleet_arc(e, hex_make(3, -1)), FLEET_ARC_BOW);
    ck_assert_int_eq(fleet_arc(e, hex_make(-1, 0)), FLEET_ARC_STERN);
    ck_assert_int_eq(fleet_arc(e, hex_make(-3, 1)), FLEET_ARC_STERN);
    ck_assert_int_eq(fleet_arc(e, hex_make(1, -1)), FLEET_ARC_PORT);      /* NE */
    ck_assert_int_eq(fleet_arc(e, hex_make(0, -1)), FLEET_ARC_PORT);      /* NW */
    ck_assert_int_eq(fleet_arc(e, hex_make(1, -2)), FLEET_ARC_PORT);      /* due north */
    ck_assert_int_eq(fleet_arc(e, hex_make(2, -1)), FLEET_ARC_PORT);      /* 30 deg: abeam */
    ck_assert_int_eq(fleet_arc(e, hex_make(0, 1)), FLEET_ARC_STARBOARD);  /* SE */
    ck_assert_int_eq(fleet_arc(e, hex_make(-1, 1)), FLEET_ARC_STARBOARD); /* SW */
    ck_assert_int_eq(fleet_arc(e, hex_make(-1, 2)), FLEET_ARC_STARBOARD); /* due south */
    ck_assert_int_eq(fleet_broadside_for(e, hex_make(1, -2)), FLEET_PORT);
    ck_assert_int_eq(fleet_broadside_for(e, hex_make(-1, 2)), FLEET_STARBOARD);
    ck_assert_int_eq(fleet_broadside_for(e, hex_make(4, 0)), -1);
    ck_assert_int_eq(fleet_broadside_for(e, hex_make(-4, 0)), -1);
    /* Check the screen geometry: port hexes lie above a ship sailing east. */
    float sx, sy, tx, ty;
    hex_to_pixel(e.hex, 24.0f, &sx, &sy);
    hex_to_pixel(hex_make(1, -2), 24.0f, &tx, &ty);
    ck_assert(ty < sy);
}
END_TEST

START_TEST(test_arcs_rotate_with_ship)
{
    Hex at = hex_make(7, -3);
    for (int f = 0; f < 6; f++) {
        HexPose p = {at, f};
        HexPose east = {at, 0};
        int count[4] = {0, 0, 0, 0};
        for (int q = -8; q <= 8; q++)
            for (int r = -8; r <= 8; r++) {
                Hex off = hex_make(at.q + q, at.r + r);
                int d = hex_distance(off, at);
                if (d < 1 || d > 8) continue;
                /* Rotating the target with the ship keeps its arc. */
                Hex turned = hex_rotate(off, at, f);
                ck_assert_int_eq(fleet_arc(p, turned), fleet_arc(east, off));
                count[fleet_arc(p, off)]++;
            }
        /* Bow and stern are 60-degree wedges, the broadsides 120 each and
         * mirror images; together they cover every hex in range. */
        ck_assert_int_eq(count[FLEET_ARC_PORT], count[FLEET_ARC_STARBOARD]);
        ck_assert_int_eq(count[FLEET_ARC_BOW], count[FLEET_ARC_STERN]);
        ck_assert_int_gt(count[FLEET_ARC_PORT], 2 * count[FLEET_ARC_BOW]);
        ck_assert_int_eq(count[0] + count[1] + count[2] + count[3], 3 * 8 * 9);
    }
}
END_TEST

START_TEST(test_raking)
{
    HexPose t = {{0, 0}, 0};
    ck_assert(fleet_rakes(t, hex_make(3, 0)));   /* across her bow */
    ck_assert(fleet_rakes(t, hex_make(-4, 0)));  /* under her stern */
    ck_assert(fleet_rakes(t, hex_make(-3, 1)));  /* astern, a little off */
    ck_assert(!fleet_rakes(t, hex_make(0, -3))); /* abeam to port */
    ck_assert(!fleet_rakes(t, hex_make(1, 2)));  /* abeam to starboard */
    ck_assert(!fleet_rakes(t, hex_make(2, -1))); /* the 30-degree line is abeam */
    /* Raking turns with the target. */
    HexPose t2 = {{0, 0}, 2}; /* facing NW */
    ck_assert(fleet_rakes(t2, hex_make(0, -3)));
    ck_assert(!fleet_rakes(t2, hex_make(3, 0)));
}
END_TEST

START_TEST(test_ranges_and_hits)
{
    ck_assert_int_eq(fleet_band(0), FLEET_OUT_OF_RANGE);
    ck_assert_int_eq(fleet_band(1), FLEET_SHORT);
    ck_assert_int_eq(fleet_band(2), FLEET_SHORT);
    ck_assert_int_eq(fleet_band(3), FLEET_MEDIUM);
    ck_assert_int_eq(fleet_band(5), FLEET_MEDIUM);
    ck_assert_int_eq(fleet_band(6), FLEET_LONG);
    ck_assert_int_eq(fleet_band(8), FLEET_LONG);
    ck_assert_int_eq(fleet_band(9), FLEET_OUT_OF_RANGE);
    /* Every shot a frigate (long guns) fires reaches no further with
     * distance, and raking adds its bonus. */
    for (int shot = 0; shot < FLEET_SHOTS; shot++) {
        ck_assert_int_gt(fleet_hit_pct(FLEET_FRIGATE, FLEET_SHORT, shot, false),
                         fleet_hit_pct(FLEET_FRIGATE, FLEET_MEDIUM, shot, false));
        ck_assert_int_ge(fleet_hit_pct(FLEET_FRIGATE, FLEET_MEDIUM, shot, false),
                         fleet_hit_pct(FLEET_FRIGATE, FLEET_LONG, shot, false));
        ck_assert_int_eq(fleet_hit_pct(FLEET_FRIGATE, FLEET_OUT_OF_RANGE, shot, false), 0);
        ck_assert_int_eq(fleet_hit_pct(FLEET_FRIGATE, FLEET_SHORT, shot, true),
                         fleet_hit_pct(FLEET_FRIGATE, FLEET_SHORT, shot, false) +
                             FLEET_RAKE_BONUS_PCT);
    }
    /* Chain shot doesn't reach long range, raking or not. */
    ck_assert_int_eq(fleet_hit_pct(FLEET_FRIGATE, FLEET_LONG, FLEET_CHAIN, false), 0);
    ck_assert_int_eq(fleet_hit_pct(FLEET_FRIGATE, FLEET_LONG, FLEET_CHAIN, true), 0);
    ck_assert_int_gt(fleet_hit_pct(FLEET_FRIGATE, FLEET_LONG, FLEET_ROUND, false), 0);
    ck_assert(fleet_expected_damage(FLEET_FRIGATE, 6, 1, FLEET_ROUND, true) >
              fleet_expected_damage(FLEET_FRIGATE, 6, 1, FLEET_ROUND, false));
    ck_assert(fleet_expected_damage(FLEET_FRIGATE, 6, 7, FLEET_CHAIN, false) == 0.0);
}
END_TEST

START_TEST(test_hit_effects)
{
    /* Over many random words the effects match the documented odds. */
    enum { N = 20000 };
    FleetDamage round = {0, 0, 0, {0, 0}}, raked = {0, 0, 0, {0, 0}}, chain = {0, 0, 0, {0, 0}};
    for (int i = 0; i < N; i++) {
        fleet_hit_effect(FLEET_FRIGATE, FLEET_SHORT, FLEET_ROUND, FLEET_PORT, false,
                         fleet_rand(5, (uint64_t)i), &round);
        fleet_hit_effect(FLEET_FRIGATE, FLEET_SHORT, FLEET_ROUND, -1, true,
                         fleet_rand(6, (uint64_t)i), &raked);
        fleet_hit_effect(FLEET_FRIGATE, FLEET_SHORT, FLEET_CHAIN, FLEET_PORT, false,
                         fleet_rand(7, (uint64_t)i), &chain);
    }
    ck_assert_int_eq(round.hull, N);
    ck_assert_int_eq(round.rigging, 0);
    ck_assert_int_eq(round.guns[FLEET_STARBOARD], 0); /* only the side facing the firer */
    ck_assert_int_lt(abs(round.crew - N * FLEET_ROUND_CREW_PCT / 100), N / 50);
    ck_assert_int_lt(abs(round.guns[FLEET_PORT] - N * FLEET_ROUND_GUN_PCT / 100), N / 50);
    ck_assert_int_lt(abs(raked.crew - N * FLEET_ROUND_CREW_RAKED_PCT / 100), N / 50);
    ck_assert_int_gt(raked.guns[FLEET_PORT], N / 20); /* raking hits either side */
    ck_assert_int_gt(raked.guns[FLEET_STARBOARD], N / 20);
    ck_assert_int_eq(chain.rigging, N);
    ck_assert_int_eq(chain.hull, 0);
    ck_assert_int_lt(abs(chain.crew - N * FLEET_CHAIN_CREW_PCT / 100), N / 50);
}
END_TEST

START_TEST(test_guns_and_crew)
{
    FleetShip s;
    HexPose p = {{0, 0}, 0};
    fleet_ship_init(&s, FLEET_LINE, 1, p);
    ck_assert_int_eq(fleet_guns_firing(&s, FLEET_PORT), 10);
    s.crew = 10; /* half the crew still works every gun */
    ck_assert_int_eq(fleet_guns_firing(&s, FLEET_PORT), 10);
    s.crew = 5; /* a quarter: half the guns (rounded up) */
    ck_assert_int_eq(fleet_guns_firing(&s, FLEET_PORT), 5);
    s.crew = 1;
    ck_assert_int_eq(fleet_guns_firing(&s, FLEET_PORT), 1);
    s.guns[FLEET_STARBOARD] = 0;
    ck_assert_int_eq(fleet_guns_firing(&s, FLEET_STARBOARD), 0);
    ck_assert_int_eq(fleet_class_from_name("Frigate"), FLEET_FRIGATE);
    ck_assert_int_eq(fleet_class_from_name("brig"), -1);
    ck_assert_int_eq(fleet_class_from_name(NULL), -1);
}
END_TEST

START_TEST(test_line_of_fire)
{
    Map m;
    Err e;
    ck_assert_int_eq(map_init(&m, 800, 500, &e), 0);
    Chart c;
    /* Land under hex (5,3) only. */
    float cx, cy;
    hex_to_pixel(hex_make(5, 3), 24.0f, &cx, &cy);
    for (int y = (int)cy - 8; y < (int)cy + 8; y++)
        for (int x = (int)cx - 8; x < (int)cx + 8; x++) m.land[(size_t)y * 800 + (size_t)x] = 1;
    ck_assert_int_eq(chart_init(&c, &m, 24.0f, &e), 0);
    ck_assert(!chart_sailable(&c, hex_make(5, 3)));
    ck_assert(!fleet_line_clear(&c, hex_make(2, 3), hex_make(8, 3), NULL, 0));
    ck_assert(fleet_line_clear(&c, hex_make(2, 4), hex_make(8, 4), NULL, 0));
    Hex ship = hex_make(5, 4);
    ck_assert(!fleet_line_clear(&c, hex_make(2, 4), hex_make(8, 4), &ship, 1));
    /* Endpoints never block: a ship beside land can be hit. */
    ck_assert(fleet_line_clear(&c, hex_make(4, 3), hex_make(2, 3), NULL, 0));
    ck_assert(fleet_line_clear(&c, hex_make(2, 4), hex_make(5, 4), &ship, 1));
    chart_deinit(&c);
    map_free(&m);
}
END_TEST

START_TEST(test_dice)
{
    /* Same (seed, counter), same word; neighbours differ; roughly uniform. */
    ck_assert_uint_eq(fleet_rand(42, 7), fleet_rand(42, 7));
    ck_assert_uint_ne(fleet_rand(42, 7), fleet_rand(42, 8));
    ck_assert_uint_ne(fleet_rand(42, 7), fleet_rand(43, 7));
    int hist[10] = {0};
    for (uint64_t i = 0; i < 50000; i++) hist[fleet_rand_below(fleet_rand(9, i), 10)]++;
    for (int b = 0; b < 10; b++) ck_assert(hist[b] > 4700 && hist[b] < 5300);
}
END_TEST

static Suite *fleet_suite(void)
{
    Suite *s = suite_create("fleet");
    TCase *tc = tcase_create("core");
    tcase_add_test(tc, test_point_of_sail);
    tcase_add_test(tc, test_allowance_table);
    tcase_add_test(tc, test_rigging_slows);
    tcase_add_test(tc, test_move_cost);
    tcase_add_test(tc, test_arcs_known);
    tcase_add_test(tc, test_arcs_rotate_with_ship);
    tcase_add_test(tc, test_raking);
    tcase_add_test(tc, test_ranges_and_hits);
    tcase_add_test(tc, test_hit_effects);
    tcase_add_test(tc, test_guns_and_crew);
    tcase_add_test(tc, test_line_of_fire);
    tcase_add_test(tc, test_dice);
    suite_add_tcase(s, tc);
    return s;
}

SHOAL_CHECK_MAIN(fleet_suite)
