/* test_scenario: scenario files (parsing, each refusal, the map check, the
 * shipped six) and the goals' rules at a turn's end, and the admiral
 * playing them. */
#include "sktest.h"

#include "core/ai.h"
#include "core/save.h"
#include "core/scenario.h"

/* A good scenario; the refusal cases below each change one line of it. */
static const char *const GOOD = "name = Test action\n"
                                "brief = One line for the menu\n"
                                "map = open-waters\n"
                                "seed = 7\n"
                                "turn_limit = 25\n"
                                "wind = W\n"
                                "wind_strength = 2\n"
                                "# comments and blank lines are skipped\n"
                                "[ship.A1]\n"
                                "class = line\n"
                                "name = Victory\n"
                                "at = 5,8\n"
                                "facing = E\n"
                                "flagship = yes\n"
                                "[ship.A2]\n"
                                "class = sloop\n"
                                "at = 4,9\n"
                                "[ship.B1]\n"
                                "class = frigate\n"
                                "name = Bucentaure\n"
                                "at = 11,10\n"
                                "facing = NE\n"
                                "flagship = yes\n"
                                "[objective.A]\n"
                                "kind = flagship\n"
                                "[objective.B]\n"
                                "kind = hold\n"
                                "area = 11,10 12,10\n"
                                "turns = 4\n";

static int parse(Scenario *sc, const char *text, Err *e)
{
    return scenario_parse(sc, text, strlen(text), "t.ini", e);
}

START_TEST(test_scenario_reads_fleets_wind_and_goals)
{
    Scenario sc;
    Err e = {{0}};
    ck_assert_msg(parse(&sc, GOOD, &e) == 0, "%s", e.msg);
    const SkirmishSetup *st = &sc.setup;
    ck_assert_str_eq(sc.name, "t");
    ck_assert_str_eq(sc.title, "Test action");
    ck_assert_str_eq(sc.brief, "One line for the menu");
    ck_assert_str_eq(sc.map, "open-waters");
    ck_assert_int_eq((int)st->seed, 7);
    ck_assert_int_eq(st->turn_limit, 25);
    ck_assert(st->pick.wind_set);
    ck_assert_int_eq(st->pick.wind_dir, 3);
    ck_assert_int_eq(st->pick.wind_strength, 2);
    ck_assert_int_eq(st->ships[0], 2);
    ck_assert_int_eq(st->ships[1], 1);
    ck_assert(st->place.placed);
    ck_assert_int_eq(st->pick.classes[0][0], FLEET_LINE);
    ck_assert_int_eq(st->pick.classes[0][1], FLEET_SLOOP);
    ck_assert_int_eq(st->pick.classes[1][0], FLEET_FRIGATE);
    ck_assert_str_eq(st->place.names[0][0], "Victory");
    ck_assert_str_eq(st->place.names[0][1], "");
    ck_assert_int_eq(st->place.poses[1][0].hex.q, 11);
    ck_assert_int_eq(st->place.poses[1][0].hex.r, 10);
    ck_assert_int_eq(st->place.poses[1][0].facing, 1);
    ck_assert_int_eq(st->place.poses[0][1].facing, 0); /* facing defaults to E */
    /* A's flagship goal is B's flagship, ship index 2 (A's two come first). */
    ck_assert_int_eq(st->goal[0].kind, SKIRMISH_GOAL_FLAGSHIP);
    ck_assert_int_eq(st->goal[0].ship, 2);
    ck_assert_int_eq(st->goal[1].kind, SKIRMISH_GOAL_HOLD);
    ck_assert_int_eq(st->goal[1].nhexes, 2);
    ck_assert_int_eq(st->goal[1].turns, 4);
    ck_assert_str_eq(st->place.scenario, "t");
}
END_TEST

/* Replace the first `from` in GOOD with `to` into buf. */
static void mutate(char *buf, size_t cap, const char *from, const char *to)
{
    const char *at = strstr(GOOD, from);
    ck_assert_msg(at != NULL, "GOOD has no '%s'", from);
    snprintf(buf, cap, "%.*s%s%s", (int)(at - GOOD), GOOD, to, at + strlen(from));
}

/* Each refusal: one change to GOOD and what the one line must say. */
static const struct {
    const char *from, *to, *want;
} bad[] = {
    {"class = line\n", "class = galleon\n", "t.ini:10: class 'galleon' must be"},
    {"seed = 7\n", "sead = 7\n", "t.ini:4: unknown key 'sead'"},
    {"seed = 7\n", "", "missing: seed"},
    {"brief = One line for the menu\n", "", "missing: brief"},
    {"turn_limit = 25\n", "turn_limit = 0\n", "t.ini:5: turn_limit '0'"},
    {"wind = W\n", "wind = NNW\n", "t.ini:6: wind 'NNW'"},
    {"wind_strength = 2\n", "", "wind and wind_strength come together"},
    {"wind_strength = 2\n", "wind_strength = 2\nplayer = B\n", "t.ini:8: unknown key 'player'"},
    {"facing = E\n", "facing = north\n", "t.ini:13: facing 'north'"},
    {"at = 5,8\n", "at = 5\n", "t.ini:12: at '5' must be one hex"},
    {"at = 5,8\n", "", "[ship.A1] needs at = q,r"},
    {"class = sloop\n", "", "[ship.A2] needs class"},
    {"[ship.A2]\n", "[ship.A3]\n", "[ship.A3] is given but [ship.A2] is not"},
    {"[ship.B1]\n", "[ship.B9]\n", "unknown section [ship.B9]"},
    {"[ship.A2]\n", "[ship.A1]\n", "t.ini:16: [ship.A1] is given twice"},
    {"name = Victory\n", "name = Victory\nname = Nelson\n", "t.ini:12: 'name' is given twice"},
    {"flagship = yes\n[ship.A2]", "flagship = maybe\n[ship.A2]", "t.ini:14: flagship 'maybe'"},
    {"flagship = yes\n[ship.A2]", "flagship = yes\nanchored = aye\n[ship.A2]",
     "t.ini:15: anchored 'aye' must be yes or no"},
    {"class = sloop\n", "class = sloop\nflagship = yes\n", "side A has two flagships"},
    {"name = Bucentaure\nat = 11,10\nfacing = NE\nflagship = yes\n",
     "name = Bucentaure\nat = 11,10\nfacing = NE\n",
     "t.ini:24: [objective.A]: a flagship objective"},
    {"kind = flagship\n", "kind = flagship\nship = A2\n",
     "a flagship objective of side A names its own"},
    {"kind = flagship\n", "kind = flagship\nship = B2\n", "ship B2: side B has 1 ships"},
    {"kind = flagship\n", "kind = escort\n", "an escort objective needs ship = A1"},
    {"kind = flagship\n", "kind = escort\nship = A1\n", "kind = escort needs exit = q,r"},
    {"kind = flagship\n", "kind = plunder\n", "t.ini:25: kind 'plunder'"},
    {"turns = 4\n", "", "a hold objective needs turns = N"},
    {"area = 11,10 12,10\n", "area = 11,10 12\n", "t.ini:28: area '11,10 12'"},
    {"[objective.B]\n", "[objective.C]\n", "unknown section [objective.C]"},
    {"kind = hold\n", "kind = blockade\ncount = 3\nexit = 1,1\n", "count 3 is more ships"},
    {"map = open-waters\n", "map = ../secret\n", "t.ini:3: map '../secret'"},
    {"[objective.A]\n", "at_limit = B\n[objective.A]\n", "t.ini:24: unknown key 'at_limit' in"},
};

START_TEST(test_scenario_refuses_bad_input_in_one_line)
{
    char text[2048];
    mutate(text, sizeof text, bad[_i].from, bad[_i].to);
    Scenario sc;
    Err e = {{0}};
    ck_assert_int_eq(parse(&sc, text, &e), -1);
    ck_assert_msg(strstr(e.msg, bad[_i].want) != NULL, "case %d: wanted '%s' in '%s'", _i,
                  bad[_i].want, e.msg);
    ck_assert_msg(strchr(e.msg, '\n') == NULL, "one line: %s", e.msg);
}
END_TEST

/* The map check: ships and objective hexes on the map, on open sea, one
 * ship a hex, each error naming the line. */
START_TEST(test_scenario_check_against_the_map)
{
    Map m = open_map(960, 640);
    add_land(&m, hex_make(12, 10));
    Err e = {{0}};
    Scenario sc;
    ck_assert_int_eq(parse(&sc, GOOD, &e), 0);
    ck_assert_int_eq(scenario_check(&sc, &m, &e), -1);
    ck_assert_msg(strstr(e.msg, "t.ini:28: objective hex 12,10 is land"), "%s", e.msg);
    char text[2048];
    mutate(text, sizeof text, "area = 11,10 12,10\n", "area = 11,10\n");
    ck_assert_int_eq(parse(&sc, text, &e), 0);
    ck_assert_msg(scenario_check(&sc, &m, &e) == 0, "%s", e.msg);
    mutate(text, sizeof text, "at = 11,10\n", "at = 12,10\n");
    ck_assert_int_eq(parse(&sc, text, &e), 0);
    ck_assert_int_eq(scenario_check(&sc, &m, &e), -1);
    ck_assert_msg(strstr(e.msg, "t.ini:21: ship hex 12,10 is land"), "%s", e.msg);
    mutate(text, sizeof text, "at = 11,10\n", "at = 60,10\n");
    ck_assert_int_eq(parse(&sc, text, &e), 0);
    ck_assert_int_eq(scenario_check(&sc, &m, &e), -1);
    ck_assert_msg(strstr(e.msg, "t.ini:21: ship hex 60,10 lies off the 960x640 map"), "%s", e.msg);
    mutate(text, sizeof text, "at = 4,9\n", "at = 5,8\n");
    ck_assert_int_eq(parse(&sc, text, &e), 0);
    ck_assert_int_eq(scenario_check(&sc, &m, &e), -1);
    ck_assert_msg(strstr(e.msg, "t.ini:17: ship A2 at 5,8: A1 is in that hex already"), "%s",
                  e.msg);
    map_free(&m);
}
END_TEST

/* Every shipped scenario reads, fits its map and starts; at least six,
 * with every goal among them. */
START_TEST(test_shipped_scenarios_start)
{
    char data[512];
    tu_data_dir(data, sizeof data);
    setenv("SHOAL_DATA", data, 1);
    char names[SCENARIO_MAX][SKIRMISH_NAME_MAX];
    int n = scenario_list(names, SCENARIO_MAX);
    ck_assert_int_ge(n, 6);
    bool kinds[SKIRMISH_GOALS] = {false};
    for (int i = 0; i < n; i++) {
        Scenario sc;
        Err e = {{0}};
        ck_assert_msg(scenario_find(&sc, names[i], &e) == 0, "%s", e.msg);
        Map m;
        MapGenParams gen;
        char path[1024];
        ck_assert_msg(scenario_map_load(&sc, &m, path, sizeof path, &gen, &e) == 0, "%s", e.msg);
        Skirmish *sk = malloc(sizeof *sk);
        ck_assert_msg(skirmish_init(sk, &m, &sc.setup, &e) == 0, "%s: %s", names[i], e.msg);
        ck_assert_str_eq(sk->scenario, names[i]);
        /* The first battle's sloop lies at anchor (anchored = yes), as
         * her brief says; every other scenario's ships are under way. */
        for (int k = 0; k < sk->nships; k++)
            ck_assert_int_eq(sk->ships[k].anchored,
                             !strcmp(names[i], "first-battle") && sk->ships[k].side == 1);
        for (int s = 0; s < SKIRMISH_SIDES; s++) kinds[sk->goal[s].kind] = true;
        ck_assert(strlen(sc.brief) > 10);
        skirmish_deinit(sk);
        free(sk);
        map_free(&m);
    }
    for (int k = 0; k < SKIRMISH_GOALS; k++)
        ck_assert_msg(kinds[k], "no scenario has a %s goal", skirmish_goal_names[k]);
    Scenario sc;
    Err e = {{0}};
    ck_assert_int_eq(scenario_find(&sc, "no-such-one", &e), -1);
    ck_assert_msg(strstr(e.msg, "no such scenario (known: "), "%s", e.msg);
    ck_assert_int_eq(scenario_find(&sc, "../maps/open-waters", &e), -1);
}
END_TEST

/* What the screen says of an objective hex, for three shipped scenarios:
 * the hex, the side whose goal it is, words the line must hold (NULL: the
 * line is empty, the hex none of that goal's), and the edge the exits face. */
static const struct {
    const char *scenario;
    int q, r, side;
    const char *want;
    int edge;
} goal_hexes[] = {
    {"merchant-run", 33, 9, 0, "exit for A1 Indiaman Ceres (side A)", SKIRMISH_EDGE_EAST},
    {"merchant-run", 10, 12, 0, NULL, SKIRMISH_EDGE_EAST},
    {"merchant-run", 33, 9, 1, NULL, -1},
    {"blockade", 31, 13, 0, "exit for side A: 2 ships must get out (0 out so far)",
     SKIRMISH_EDGE_EAST},
    {"the-nile", 18, 12, 1, "the bay, side B's to hold 12 turns", -1},
    {"the-nile", 18, 12, 0, NULL, -1},
};

START_TEST(test_goal_hexes_in_words)
{
    char data[512];
    tu_data_dir(data, sizeof data);
    setenv("SHOAL_DATA", data, 1);
    Scenario sc;
    Err e = {{0}};
    ck_assert_msg(scenario_find(&sc, goal_hexes[_i].scenario, &e) == 0, "%s", e.msg);
    Map m;
    MapGenParams gen;
    char path[1024];
    ck_assert_msg(scenario_map_load(&sc, &m, path, sizeof path, &gen, &e) == 0, "%s", e.msg);
    Skirmish *sk = malloc(sizeof *sk);
    ck_assert_msg(skirmish_init(sk, &m, &sc.setup, &e) == 0, "%s", e.msg);
    Hex h = hex_make(goal_hexes[_i].q, goal_hexes[_i].r);
    int side = goal_hexes[_i].side;
    char line[160];
    skirmish_goal_hex_text(sk, side, h, line, sizeof line);
    const char *want = goal_hexes[_i].want;
    ck_assert_int_eq(skirmish_goal_has(sk, side, h), want != NULL);
    if (want)
        ck_assert_msg(strstr(line, want), "%s: '%s'", goal_hexes[_i].scenario, line);
    else
        ck_assert_str_eq(line, "");
    ck_assert_int_eq(skirmish_goal_edge(sk, side), goal_hexes[_i].edge);
    skirmish_deinit(sk);
    free(sk);
    map_free(&m);
}
END_TEST

/* ------------------------------------------------------------ the rules */

/* A 2 ships (0, 1) against B 2 ships (2, 3) on open water, far apart. */
static void four_ships(Skirmish *sk, Map *m)
{
    *m = open_map(960, 640);
    sk_empty(sk, m, 11);
    add_ship(sk, FLEET_SLOOP, 0, 2, 4, 0);
    add_ship(sk, FLEET_FRIGATE, 0, 2, 8, 0);
    add_ship(sk, FLEET_FRIGATE, 1, 16, 4, 3);
    add_ship(sk, FLEET_FRIGATE, 1, 16, 8, 3);
    for (int i = 0; i < 4; i++) moor(sk, i);
}

START_TEST(test_flagship_taken_wins)
{
    Skirmish sk;
    Map m;
    four_ships(&sk, &m);
    sk.goal[0] = (SkirmishGoal){.kind = SKIRMISH_GOAL_FLAGSHIP, .ship = 3};
    sk.ships[2].hull = 0; /* not the flagship: the fight goes on */
    resolve(&sk);
    ck_assert(!sk.over);
    sk.ships[3].status = FLEET_STRUCK;
    resolve(&sk);
    ck_assert(sk.over);
    ck_assert_int_eq(sk.winner, 0);
    ck_assert(sk.goal_met[0]);
    ck_assert_int_eq(count_events(&sk, SKIRMISH_EV_GOAL, -1), 1);
    skirmish_deinit(&sk);
    map_free(&m);
}
END_TEST

static void exits(SkirmishGoal *g, int q)
{
    g->nhexes = 0;
    for (int r = 2; r <= 10; r++) g->hexes[g->nhexes++] = hex_make(q - r / 2, r);
}

START_TEST(test_escort_out_through_the_exit_wins)
{
    Skirmish sk;
    Map m;
    four_ships(&sk, &m);
    sk.goal[0] = (SkirmishGoal){.kind = SKIRMISH_GOAL_ESCORT, .ship = 0};
    exits(&sk.goal[0], 6);
    sk.ships[0].anchored = sk.ships[1].anchored = false;
    sk.names[0][0] = 'C';
    /* The frigate on an exit does not count: she is not the escorted. */
    sk.ships[1].pose.hex = hex_make(2, 8);
    int pa = sk.stats[1].points;
    order(&sk, 0, "F", SKIRMISH_HOLD, SKIRMISH_HOLD, FLEET_ROUND); /* 2,4 -> 3,4: one short */
    order(&sk, 1, "", SKIRMISH_HOLD, SKIRMISH_HOLD, FLEET_ROUND);
    resolve(&sk);
    ck_assert(!sk.over);
    ck_assert(!sk.escaped[1]);
    order(&sk, 0, "F", SKIRMISH_HOLD, SKIRMISH_HOLD, FLEET_ROUND); /* 4,4 is an exit (6 - 4/2) */
    resolve(&sk);
    ck_assert(sk.over);
    ck_assert_int_eq(sk.winner, 0);
    ck_assert(sk.goal_met[0]);
    ck_assert(sk.escaped[0]);
    ck_assert_int_eq(sk.ships[0].status, FLEET_SUNK);
    ck_assert_int_eq(count_events(&sk, SKIRMISH_EV_ESCAPED, 0), 1);
    ck_assert_int_eq(sk.stats[0].sunk, 0);    /* out, not sunk */
    ck_assert_int_eq(sk.stats[1].points, pa); /* and nobody's prize */
    char line[160];
    for (int k = 0; k < sk.nevents; k++)
        if (sk.events[k].kind == SKIRMISH_EV_ESCAPED) {
            skirmish_event_text(&sk, &sk.events[k], line, sizeof line);
            ck_assert_msg(strstr(line, "A1 C (sloop) slips out at 4,4"), "%s", line);
        }
    SkirmishOutcome o;
    skirmish_outcome(&sk, &o);
    ck_assert_int_eq(o.escaped[0], 1);
    ck_assert(o.goal_met[0]);
    skirmish_deinit(&sk);
    map_free(&m);
}
END_TEST

START_TEST(test_escort_lost_loses)
{
    Skirmish sk;
    Map m;
    four_ships(&sk, &m);
    sk.goal[0] = (SkirmishGoal){.kind = SKIRMISH_GOAL_ESCORT, .ship = 0};
    exits(&sk.goal[0], 12);
    sk.ships[0].hull = 0;
    resolve(&sk);
    ck_assert(sk.over);
    ck_assert_int_eq(sk.winner, 1); /* A still has a frigate fighting */
    ck_assert(!sk.goal_met[0]);
    skirmish_deinit(&sk);
    map_free(&m);
}
END_TEST

START_TEST(test_blockade_counts_ships_out)
{
    Skirmish sk;
    Map m;
    four_ships(&sk, &m);
    sk.goal[0] = (SkirmishGoal){.kind = SKIRMISH_GOAL_BLOCKADE, .count = 2};
    exits(&sk.goal[0], 4); /* 2,4 is one; 2,8 is 4 - 4 = 0,8's row: not yet */
    resolve(&sk);
    ck_assert(!sk.over);
    ck_assert(sk.escaped[0]);
    ck_assert(!sk.escaped[1]);
    sk.ships[1].pose.hex = hex_make(0, 8);
    resolve(&sk);
    ck_assert(sk.over);
    ck_assert_int_eq(sk.winner, 0);
    ck_assert(sk.goal_met[0]);
    /* Too few left to get out: the blockade is broken the other way. */
    skirmish_deinit(&sk);
    map_free(&m);
    four_ships(&sk, &m);
    sk.goal[0] = (SkirmishGoal){.kind = SKIRMISH_GOAL_BLOCKADE, .count = 2};
    exits(&sk.goal[0], 12);
    sk.ships[1].hull = 0;
    resolve(&sk);
    ck_assert(sk.over);
    ck_assert_int_eq(sk.winner, 1);
    skirmish_deinit(&sk);
    map_free(&m);
}
END_TEST

START_TEST(test_hold_the_area_turns_in_a_row)
{
    Skirmish sk;
    Map m;
    four_ships(&sk, &m);
    SkirmishGoal *g = &sk.goal[1];
    *g = (SkirmishGoal){.kind = SKIRMISH_GOAL_HOLD, .turns = 3, .nhexes = 2};
    g->hexes[0] = hex_make(16, 4);
    g->hexes[1] = hex_make(15, 5);
    resolve(&sk);
    resolve(&sk);
    ck_assert(!sk.over);
    ck_assert_int_eq(sk.held[1], 2);
    /* An enemy fighting ship in the area breaks the hold (all guns
     * silent: a ship shot to pieces there would not). */
    sk.ships[0].pose.hex = hex_make(15, 5);
    for (int i = 0; i < 4; i++) order(&sk, i, "", SKIRMISH_HOLD, SKIRMISH_HOLD, FLEET_ROUND);
    resolve(&sk);
    ck_assert(!sk.over);
    ck_assert_int_eq(sk.held[1], 0);
    sk.ships[0].pose.hex = hex_make(2, 4);
    for (int t = 0; t < 2; t++) resolve(&sk);
    ck_assert(!sk.over);
    resolve(&sk);
    ck_assert(sk.over);
    ck_assert_int_eq(sk.winner, 1);
    ck_assert(sk.goal_met[1]);
    skirmish_deinit(&sk);
    map_free(&m);
}
END_TEST

/* At the limit: a side holding its area wins; else at_limit's side, or
 * the points. */
START_TEST(test_the_turn_limit_goes_by_the_goals)
{
    Skirmish sk;
    Map m;
    four_ships(&sk, &m);
    sk.turn_limit = 2;
    sk.goal[1] = (SkirmishGoal){.kind = SKIRMISH_GOAL_HOLD, .turns = 9, .nhexes = 1};
    sk.goal[1].hexes[0] = hex_make(16, 4);
    sk.stats[0].damage = 50; /* A far ahead on points */
    resolve(&sk);
    resolve(&sk);
    ck_assert(sk.over);
    ck_assert_int_eq(sk.winner, 1);
    ck_assert(!sk.goal_met[1]);
    skirmish_deinit(&sk);
    map_free(&m);
    four_ships(&sk, &m);
    sk.turn_limit = 1;
    sk.goal[0] = (SkirmishGoal){.kind = SKIRMISH_GOAL_ESCORT, .ship = 0};
    exits(&sk.goal[0], 12);
    sk.limit_win = SKIRMISH_LIMIT_B;
    sk.stats[0].damage = 50;
    resolve(&sk);
    ck_assert(sk.over);
    ck_assert_int_eq(sk.winner, 1);
    skirmish_deinit(&sk);
    map_free(&m);
    four_ships(&sk, &m);
    sk.turn_limit = 1;
    sk.stats[0].damage = 50;
    resolve(&sk);
    ck_assert_int_eq(sk.winner, 0); /* no goals: the points */
    skirmish_deinit(&sk);
    map_free(&m);
}
END_TEST

/* A setup's goals are checked: an escort of an enemy ship is refused. */
START_TEST(test_setup_goals_are_validated)
{
    SkirmishSetup st;
    skirmish_setup_default(&st);
    Err e = {{0}};
    ck_assert_int_eq(skirmish_goal_validate(&st, &e), 0);
    st.goal[0] = (SkirmishGoal){.kind = SKIRMISH_GOAL_ESCORT, .ship = 4, .nhexes = 1};
    ck_assert_int_eq(skirmish_goal_validate(&st, &e), -1);
    ck_assert_msg(strstr(e.msg, "not its own"), "%s", e.msg);
    st.goal[0].ship = 1;
    ck_assert_int_eq(skirmish_goal_validate(&st, &e), 0);
    st.goal[0].nhexes = 0;
    ck_assert_int_eq(skirmish_goal_validate(&st, &e), -1);
    st.goal[0] = (SkirmishGoal){.kind = SKIRMISH_GOAL_HOLD, .turns = 0, .nhexes = 1};
    ck_assert_int_eq(skirmish_goal_validate(&st, &e), -1);
    st.goal[0] = (SkirmishGoal){.kind = SKIRMISH_GOALS};
    ck_assert_int_eq(skirmish_goal_validate(&st, &e), -1);
}
END_TEST

/* --------------------------------------------------------------- saves */

/* A shipped scenario started on its map (free with skirmish_deinit and
 * map_free). */
static void start_scenario(const char *name, Skirmish *sk, Map *m, char *path, size_t cap)
{
    char data[512];
    tu_data_dir(data, sizeof data);
    setenv("SHOAL_DATA", data, 1);
    static Scenario sc;
    MapGenParams gen;
    Err e = {{0}};
    ck_assert_msg(scenario_find(&sc, name, &e) == 0, "%s", e.msg);
    ck_assert_msg(scenario_map_load(&sc, m, path, cap, &gen, &e) == 0, "%s", e.msg);
    ck_assert_msg(skirmish_init(sk, m, &sc.setup, &e) == 0, "%s", e.msg);
}

static void outcome_json(const Skirmish *sk, char *buf, size_t cap)
{
    SkirmishOutcome o;
    skirmish_outcome(sk, &o);
    ck_assert_int_gt(skirmish_outcome_json(&o, buf, cap), 0);
}

/* A side's flagship is the ship the enemy's flagship objective names:
 * both Trafalgar's, the Ajax alone in the commodore's pennant (side A
 * escorts no one), none in a plain skirmish. */
START_TEST(test_flagships_as_the_objectives_name_them)
{
    static Skirmish sk;
    Map m;
    char path[1024];
    start_scenario("trafalgar", &sk, &m, path, sizeof path);
    ck_assert_int_eq(skirmish_flagship(&sk, 0), 0);
    ck_assert_str_eq(sk.names[0], "Victory");
    ck_assert_int_eq(skirmish_flagship(&sk, 1), 4);
    ck_assert_str_eq(sk.names[4], "Bucentaure");
    skirmish_deinit(&sk);
    map_free(&m);
    start_scenario("commodore", &sk, &m, path, sizeof path);
    ck_assert_int_eq(skirmish_flagship(&sk, 0), -1);
    ck_assert_int_eq(skirmish_flagship(&sk, 1), 3);
    ck_assert_str_eq(sk.names[3], "Ajax");
    /* Taken, she is still the flagship of the side she flew it for. */
    sk.ships[3].side = 0;
    sk.ships[3].prize = FLEET_PRIZE_TAKEN;
    ck_assert_int_eq(skirmish_flagship(&sk, 1), 3);
    ck_assert_int_eq(skirmish_flagship(&sk, 0), -1);
    skirmish_deinit(&sk);
    map_free(&m);
    four_ships(&sk, &m);
    ck_assert_int_eq(skirmish_flagship(&sk, 0), -1);
    ck_assert_int_eq(skirmish_flagship(&sk, 1), -1);
    skirmish_deinit(&sk);
    map_free(&m);
}
END_TEST

/* A scenario battle saved mid-way (a ship already out through an exit)
 * loads with its goals, names and escapes, and plays on to the same end
 * as the battle never saved. */
START_TEST(test_a_saved_scenario_plays_on_the_same)
{
    static Skirmish sk, back;
    Map m;
    char path[1024];
    start_scenario("blockade", &sk, &m, path, sizeof path);
    int players[2] = {AI_PLAYER_NORMAL, AI_PLAYER_NORMAL};
    Err e = {{0}};
    /* Surprise (A1) is put on an exit hex: she is out at the turn's end. */
    sk.ships[0].pose.hex = sk.goal[0].hexes[3];
    ck_assert_int_eq(ai_play_turn(&sk, players, &e), 0);
    ck_assert(sk.escaped[0]);
    ck_assert(!sk.over);
    char *text = malloc(SAVE_MAX_BYTES);
    int n = save_format(&sk, text, SAVE_MAX_BYTES, &e);
    ck_assert_msg(n > 0, "%s", e.msg);
    ck_assert(strncmp(text, "shoal-save 4\n", 13) == 0);
    ck_assert_msg(strstr(text, "[goal.A]\nkind = blockade\n"), "%s", text);
    ck_assert_msg(strstr(text, "name.0 = Surprise\n"), "%s", text);
    ck_assert_msg(save_parse(text, (size_t)n, "b.save", &m, &back, &e) == 0, "%s", e.msg);
    ck_assert_str_eq(back.scenario, "blockade");
    ck_assert_str_eq(back.names[2], "Sophie");
    ck_assert(back.escaped[0]);
    ck_assert_int_eq(back.goal[0].kind, SKIRMISH_GOAL_BLOCKADE);
    ck_assert_int_eq(back.goal[0].count, 2);
    ck_assert_int_eq(back.goal[0].nhexes, sk.goal[0].nhexes);
    ck_assert_int_eq(back.limit_win, SKIRMISH_LIMIT_B);
    while (!sk.over) ck_assert_int_eq(ai_play_turn(&sk, players, &e), 0);
    while (!back.over) ck_assert_int_eq(ai_play_turn(&back, players, &e), 0);
    char ja[SKIRMISH_OUTCOME_JSON_MAX], jb[SKIRMISH_OUTCOME_JSON_MAX];
    outcome_json(&sk, ja, sizeof ja);
    outcome_json(&back, jb, sizeof jb);
    ck_assert_str_eq(ja, jb);
    /* A version 3 save knows no goals: such sections are refused there. */
    skirmish_deinit(&back);
    text[11] = '3';
    ck_assert_int_eq(save_parse(text, (size_t)n, "b.save", &m, &back, &e), -1);
    ck_assert_msg(strstr(e.msg, "a version 3 save has no such section"), "%s", e.msg);
    skirmish_deinit(&sk);
    skirmish_deinit(&back);
    map_free(&m);
    free(text);
}
END_TEST

/* A plain skirmish's save has no scenario sections, so with the header
 * of version 3 it is a version 3 save, and loads as one. */
START_TEST(test_a_version_3_save_still_loads)
{
    static Skirmish sk, back;
    Map m;
    char path[1024];
    start_scenario("first-battle", &sk, &m, path, sizeof path);
    sk.scenario[0] = '\0'; /* as a plain skirmish on the same sea */
    char *text = malloc(SAVE_MAX_BYTES);
    Err e = {{0}};
    int n = save_format(&sk, text, SAVE_MAX_BYTES, &e);
    ck_assert_int_gt(n, 0);
    ck_assert_ptr_null(strstr(text, "[scenario]"));
    ck_assert_ptr_null(strstr(text, "[goal."));
    text[11] = '3';
    ck_assert_msg(save_parse(text, (size_t)n, "v3.save", &m, &back, &e) == 0, "%s", e.msg);
    ck_assert_int_eq(back.goal[0].kind, SKIRMISH_GOAL_DESTROY);
    ck_assert_int_eq(back.nships, 2);
    skirmish_deinit(&sk);
    skirmish_deinit(&back);
    map_free(&m);
    free(text);
}
END_TEST

/* ---------------------------------------------------------- the admiral */

/* The escorted sloop, the enemy's sloop well astern, sails for her exit
 * and gets out well inside the limit. */
START_TEST(test_admiral_sails_the_runner_out)
{
    Map m = open_map(1280, 640);
    Skirmish sk;
    sk_empty(&sk, &m, 5);
    add_ship(&sk, FLEET_SLOOP, 0, 2, 6, 0);
    add_ship(&sk, FLEET_SLOOP, 1, -4, 14, 0);
    sk.goal[0] = (SkirmishGoal){.kind = SKIRMISH_GOAL_ESCORT, .ship = 0};
    exits(&sk.goal[0], 26);
    int players[2] = {AI_PLAYER_NORMAL, AI_PLAYER_NORMAL};
    Err e = {{0}};
    while (!sk.over && sk.turn < 30) {
        ck_assert_int_eq(ai_play_turn(&sk, players, &e), 0);
    }
    ck_assert(sk.over);
    ck_assert_int_eq(sk.winner, 0);
    ck_assert(sk.escaped[0]);
    ck_assert_int_lt(sk.turn, 20);
    skirmish_deinit(&sk);
    map_free(&m);
}
END_TEST

/* Holders sail for the bay, away from an enemy who is not in it. */
/* How near ship B1 comes to hex 17,7 in three turns of the admiral, with
 * a bay round it for B to hold or none: A's frigate lies north-west. */
static int bay_distance(bool hold)
{
    Map m = open_map(1280, 640);
    Skirmish sk;
    sk_empty(&sk, &m, 5);
    add_ship(&sk, FLEET_FRIGATE, 0, 1, 2, 0);
    add_ship(&sk, FLEET_FRIGATE, 1, 2, 12, 0);
    if (hold) {
        sk.goal[1] = (SkirmishGoal){.kind = SKIRMISH_GOAL_HOLD, .turns = 4};
        for (int q = 16; q <= 18; q++)
            for (int r = 6; r <= 8; r++) sk.goal[1].hexes[sk.goal[1].nhexes++] = hex_make(q, r);
    }
    int players[2] = {AI_PLAYER_NORMAL, AI_PLAYER_NORMAL};
    Err e = {{0}};
    for (int t = 0; t < 3 && !sk.over; t++) ck_assert_int_eq(ai_play_turn(&sk, players, &e), 0);
    int d = hex_distance(sk.ships[1].pose.hex, hex_make(17, 7));
    skirmish_deinit(&sk);
    map_free(&m);
    return d;
}

/* Holders sail for the bay, away from an enemy who is not in it; without
 * the goal the same ship goes for the enemy instead. */
START_TEST(test_admiral_makes_for_the_bay)
{
    int start = hex_distance(hex_make(2, 12), hex_make(17, 7)); /* 15 */
    int with = bay_distance(true), without = bay_distance(false);
    ck_assert_int_le(with, start - 4);
    ck_assert_int_ge(without, start - 1);
}
END_TEST

static Suite *make_suite(void)
{
    Suite *s = suite_create("scenario");
    TCase *tc = tcase_create("core");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, test_scenario_reads_fleets_wind_and_goals);
    tcase_add_loop_test(tc, test_scenario_refuses_bad_input_in_one_line, 0,
                        (int)(sizeof bad / sizeof bad[0]));
    tcase_add_test(tc, test_scenario_check_against_the_map);
    tcase_add_test(tc, test_shipped_scenarios_start);
    tcase_add_loop_test(tc, test_goal_hexes_in_words, 0,
                        (int)(sizeof goal_hexes / sizeof goal_hexes[0]));
    tcase_add_test(tc, test_flagship_taken_wins);
    tcase_add_test(tc, test_flagships_as_the_objectives_name_them);
    tcase_add_test(tc, test_escort_out_through_the_exit_wins);
    tcase_add_test(tc, test_escort_lost_loses);
    tcase_add_test(tc, test_blockade_counts_ships_out);
    tcase_add_test(tc, test_hold_the_area_turns_in_a_row);
    tcase_add_test(tc, test_the_turn_limit_goes_by_the_goals);
    tcase_add_test(tc, test_setup_goals_are_validated);
    tcase_add_test(tc, test_a_saved_scenario_plays_on_the_same);
    tcase_add_test(tc, test_a_version_3_save_still_loads);
    tcase_add_test(tc, test_admiral_sails_the_runner_out);
    tcase_add_test(tc, test_admiral_makes_for_the_bay);
    suite_add_tcase(s, tc);
    return s;
}

SHOAL_CHECK_MAIN(make_suite)
