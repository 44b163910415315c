/* test_verdict: what decided a battle (skirmish_end) for every way a
 * battle ends — each objective met or lost, both at once, a fleet gone,
 * both gone, the turn limit on points or by the goals — in the words the
 * end screen, the log and autoplay's JSON give, the same after a save
 * and a load; the shipped scenarios' own names in those words; the game's
 * log line at the end. */
#include "sktest.h"

#include "core/save.h"
#include "core/scenario.h"
#include "game/battle.h"

/* A 2 ships (0, 1) against B 2 ships (2, 3) on open water, far out of
 * range of each other and at anchor: nothing happens but what a case
 * sets. Named, as a scenario's ships are. */
static void four_ships(Skirmish *sk, Map *m)
{
    *m = open_map(960, 640);
    sk_empty(sk, m, 11);
    add_ship(sk, FLEET_SLOOP, 0, 2, 4, 0);
    add_ship(sk, FLEET_FRIGATE, 0, 2, 8, 0);
    add_ship(sk, FLEET_FRIGATE, 1, 16, 4, 3);
    add_ship(sk, FLEET_FRIGATE, 1, 16, 8, 3);
    static const char *const names[4] = {"Ceres", "Phoebe", "Revenant", "Bucentaure"};
    for (int i = 0; i < 4; i++) {
        moor(sk, i);
        snprintf(sk->names[i], sizeof sk->names[i], "%s", names[i]);
    }
    snprintf(sk->map_path, sizeof sk->map_path, "verdict.png");
}

/* Exit (or area) hexes: the one given and two more in mid-sea, away
 * from every ship, so a case puts only the ship it means on one. FAR is
 * such a hex too. */
#define FAR hex_make(10, 12)
static void hexes(SkirmishGoal *g, Hex h)
{
    g->nhexes = 3;
    g->hexes[0] = h;
    g->hexes[1] = hex_make(8, 12);
    g->hexes[2] = hex_make(9, 12);
}

/* Ship i strikes her colours (her anchor comes up: a ship out of the
 * fight lies at none, as saves require). */
static void strike(Skirmish *sk, int i)
{
    sk->ships[i].status = FLEET_STRUCK;
    sk->ships[i].anchored = false;
}

static void flagship_struck(Skirmish *sk)
{
    sk->goal[0] = (SkirmishGoal){.kind = SKIRMISH_GOAL_FLAGSHIP, .ship = 3};
    strike(sk, 3);
}

/* The flagship and the last of her fleet in one turn: the flagship's. */
static void flagship_with_her_fleet(Skirmish *sk)
{
    flagship_struck(sk);
    strike(sk, 2);
}

static void flagship_sunk(Skirmish *sk)
{
    sk->goal[0] = (SkirmishGoal){.kind = SKIRMISH_GOAL_FLAGSHIP, .ship = 3};
    sk->ships[3].hull = 0;
}

/* Trafalgar's way: side B takes side A's flagship as a prize. */
static void flagship_taken(Skirmish *sk)
{
    sk->goal[1] = (SkirmishGoal){.kind = SKIRMISH_GOAL_FLAGSHIP, .ship = 0};
    sk->ships[0].side = 1;
    sk->ships[0].prize = FLEET_PRIZE_TAKEN;
}

/* The Indiaman's way: the escorted ship ends the turn on an exit. */
static void escort_out(Skirmish *sk)
{
    sk->goal[0] = (SkirmishGoal){.kind = SKIRMISH_GOAL_ESCORT, .ship = 0};
    hexes(&sk->goal[0], hex_make(2, 4));
}

static void escort_lost(Skirmish *sk)
{
    sk->goal[0] = (SkirmishGoal){.kind = SKIRMISH_GOAL_ESCORT, .ship = 0};
    hexes(&sk->goal[0], FAR);
    sk->ships[0].hull = 0;
}

static void blockade_run(Skirmish *sk)
{
    sk->goal[0] = (SkirmishGoal){.kind = SKIRMISH_GOAL_BLOCKADE, .count = 2};
    hexes(&sk->goal[0], hex_make(2, 4));
    sk->goal[0].hexes[1] = hex_make(2, 8);
}

static void blockade_broken(Skirmish *sk)
{
    sk->goal[0] = (SkirmishGoal){.kind = SKIRMISH_GOAL_BLOCKADE, .count = 2};
    hexes(&sk->goal[0], FAR);
    strike(sk, 1);
}

static void hold_held(Skirmish *sk)
{
    sk->goal[1] = (SkirmishGoal){.kind = SKIRMISH_GOAL_HOLD, .turns = 2};
    hexes(&sk->goal[1], hex_make(16, 4));
}

static void both_met(Skirmish *sk)
{
    flagship_struck(sk);
    sk->goal[1] = (SkirmishGoal){.kind = SKIRMISH_GOAL_FLAGSHIP, .ship = 0};
    strike(sk, 0);
}

static void both_lost(Skirmish *sk)
{
    escort_lost(sk);
    sk->goal[1] = (SkirmishGoal){.kind = SKIRMISH_GOAL_ESCORT, .ship = 2};
    hexes(&sk->goal[1], FAR);
    sk->ships[2].hull = 0;
}

static void a_all_out(Skirmish *sk)
{
    strike(sk, 0);
    strike(sk, 1);
}

static void b_all_out(Skirmish *sk)
{
    sk->ships[2].hull = 0; /* sinks */
    strike(sk, 3);
}

static void none_left(Skirmish *sk)
{
    a_all_out(sk);
    b_all_out(sk);
}

static void points_a(Skirmish *sk)
{
    sk->turn_limit = 1;
    sk->stats[0].damage = 50;
}

static void points_b(Skirmish *sk)
{
    sk->turn_limit = 1;
    sk->stats[1].damage = 20;
}

static void points_even(Skirmish *sk)
{
    sk->turn_limit = 1;
    sk->stats[0].damage = sk->stats[1].damage = 7;
}

/* Side B holds its bay as the limit comes, short of its turns, with A
 * far ahead on points. */
static void limit_hold(Skirmish *sk)
{
    sk->turn_limit = 2;
    sk->goal[1] = (SkirmishGoal){.kind = SKIRMISH_GOAL_HOLD, .turns = 9};
    hexes(&sk->goal[1], hex_make(16, 4));
    sk->stats[0].damage = 50;
}

/* at_limit = A, B ahead on points. */
static void limit_side_a(Skirmish *sk)
{
    sk->turn_limit = 1;
    sk->limit_win = SKIRMISH_LIMIT_A;
    sk->stats[1].damage = 50;
}

/* at_limit = B against A's escort (the Indiaman's limit). */
static void limit_side_b(Skirmish *sk)
{
    sk->turn_limit = 1;
    sk->limit_win = SKIRMISH_LIMIT_B;
    sk->goal[0] = (SkirmishGoal){.kind = SKIRMISH_GOAL_ESCORT, .ship = 0};
    hexes(&sk->goal[0], FAR);
    sk->stats[0].damage = 50;
}

static const struct {
    const char *name;
    void (*set)(Skirmish *sk);
    int turns; /* resolved when it ends */
    int by, winner, side, goal;
    const char *says; /* the verdict, whole */
} cases[] = {
    {"flagship struck", flagship_struck, 1, SKIRMISH_END_GOAL, 0, 0, SKIRMISH_GOAL_FLAGSHIP,
     "The enemy flagship B2 Bucentaure struck her colours: side A's objective is met on turn 1 of "
     "50."},
    {"flagship with her fleet", flagship_with_her_fleet, 1, SKIRMISH_END_GOAL, 0, 0,
     SKIRMISH_GOAL_FLAGSHIP,
     "The enemy flagship B2 Bucentaure struck her colours: side A's objective is met on turn 1 of "
     "50."},
    {"flagship sunk", flagship_sunk, 1, SKIRMISH_END_GOAL, 0, 0, SKIRMISH_GOAL_FLAGSHIP,
     "The enemy flagship B2 Bucentaure was sunk: side A's objective is met on turn 1 of 50."},
    {"flagship taken", flagship_taken, 1, SKIRMISH_END_GOAL, 1, 1, SKIRMISH_GOAL_FLAGSHIP,
     "The enemy flagship A1 Ceres was taken: side B's objective is met on turn 1 of 50."},
    {"escort out", escort_out, 1, SKIRMISH_END_GOAL, 0, 0, SKIRMISH_GOAL_ESCORT,
     "A1 Ceres escaped through the exit: side A's objective is met on turn 1 of 50."},
    {"escort lost", escort_lost, 1, SKIRMISH_END_GOAL_FAILED, 1, 0, SKIRMISH_GOAL_ESCORT,
     "A1 Ceres was sunk before she got out: side A's objective failed on turn 1 of 50."},
    {"blockade run", blockade_run, 1, SKIRMISH_END_GOAL, 0, 0, SKIRMISH_GOAL_BLOCKADE,
     "2 ships ran the blockade: side A's objective is met on turn 1 of 50."},
    {"blockade broken", blockade_broken, 1, SKIRMISH_END_GOAL_FAILED, 1, 0, SKIRMISH_GOAL_BLOCKADE,
     "Too few ships are left to run the blockade: side A's objective failed on turn 1 of 50."},
    {"hold held", hold_held, 2, SKIRMISH_END_GOAL, 1, 1, SKIRMISH_GOAL_HOLD,
     "The bay was held 2 turns in a row: side B's objective is met on turn 2 of 50."},
    {"both met", both_met, 1, SKIRMISH_END_GOALS, -1, -1, SKIRMISH_GOAL_DESTROY,
     "Both sides' objectives are met on turn 1 of 50."},
    {"both lost", both_lost, 1, SKIRMISH_END_GOALS, -1, -1, SKIRMISH_GOAL_DESTROY,
     "Both sides' objectives failed on turn 1 of 50."},
    {"A all out", a_all_out, 1, SKIRMISH_END_ALL_OUT, 1, 0, SKIRMISH_GOAL_DESTROY,
     "Every ship of side A has struck or sunk, after 1 turn."},
    {"B all out", b_all_out, 1, SKIRMISH_END_ALL_OUT, 0, 1, SKIRMISH_GOAL_DESTROY,
     "Every ship of side B has struck or sunk, after 1 turn."},
    {"none left", none_left, 1, SKIRMISH_END_NONE_LEFT, -1, -1, SKIRMISH_GOAL_DESTROY,
     "Neither fleet has a ship left fighting, after 1 turn."},
    {"points A", points_a, 1, SKIRMISH_END_POINTS, 0, 0, SKIRMISH_GOAL_DESTROY,
     "On points at the turn limit: 50 to 0."},
    {"points B", points_b, 1, SKIRMISH_END_POINTS, 1, 1, SKIRMISH_GOAL_DESTROY,
     "On points at the turn limit: 20 to 0."},
    {"points even", points_even, 1, SKIRMISH_END_EVEN, -1, -1, SKIRMISH_GOAL_DESTROY,
     "The turn limit came with the points even (7 each)."},
    {"limit hold", limit_hold, 2, SKIRMISH_END_LIMIT_HOLD, 1, 1, SKIRMISH_GOAL_HOLD,
     "Side B still held the bay at the turn limit (2 turns)."},
    {"limit side A", limit_side_a, 1, SKIRMISH_END_LIMIT_SIDE, 0, 0, SKIRMISH_GOAL_DESTROY,
     "The turn limit came (1 turn): the battle is side A's."},
    {"limit side B", limit_side_b, 1, SKIRMISH_END_LIMIT_SIDE, 1, 1, SKIRMISH_GOAL_DESTROY,
     "Side A's objective was not met by the turn limit (1 turn): the battle is side B's."},
};

static void check_end(const SkirmishEnd *end, int k, int turn)
{
    const char *n = cases[k].name;
    ck_assert_msg(end->by == cases[k].by, "%s: decided by %s, not %s", n,
                  skirmish_end_names[end->by], skirmish_end_names[cases[k].by]);
    ck_assert_msg(end->winner == cases[k].winner, "%s: winner %d", n, end->winner);
    ck_assert_msg(end->side == cases[k].side, "%s: side %d", n, end->side);
    ck_assert_msg(end->goal == cases[k].goal, "%s: goal %d", n, end->goal);
    ck_assert_int_eq(end->turn, turn);
}

/* Each way a battle ends, told as it ended (the winner the rules gave),
 * in the JSON, and the same after the battle is saved and loaded. */
START_TEST(test_every_end_is_told)
{
    const int k = _i;
    static Skirmish sk, back;
    Map m;
    four_ships(&sk, &m);
    cases[k].set(&sk);
    SkirmishEnd end;
    skirmish_end(&sk, &end);
    ck_assert_int_eq(end.by, SKIRMISH_END_NONE); /* not over before a turn */
    for (int t = 0; t < cases[k].turns; t++) {
        ck_assert_msg(!sk.over, "%s: over after %d turns", cases[k].name, t);
        resolve(&sk);
    }
    ck_assert_msg(sk.over, "%s: not over", cases[k].name);
    ck_assert_int_eq(sk.winner, cases[k].winner);
    skirmish_end(&sk, &end);
    check_end(&end, k, cases[k].turns);
    char says[SKIRMISH_END_TEXT_MAX];
    skirmish_end_text(&sk, &end, says, sizeof says);
    ck_assert_str_eq(says, cases[k].says);

    SkirmishOutcome o;
    skirmish_outcome(&sk, &o);
    ck_assert_mem_eq(&o.end, &end, sizeof end);
    ck_assert_str_eq(o.verdict, says);
    char js[SKIRMISH_OUTCOME_JSON_MAX], want[SKIRMISH_END_TEXT_MAX + 160];
    ck_assert_int_gt(skirmish_outcome_json(&o, js, sizeof js), 0);
    const char *gname = skirmish_goal_names[cases[k].goal];
    bool named = cases[k].goal != SKIRMISH_GOAL_DESTROY;
    snprintf(want, sizeof want,
             "\"decided_by\":\"%s\",\"decided_side\":%s,\"decided_goal\":%s%s%s,\"verdict\":\"%s\"",
             skirmish_end_names[cases[k].by],
             cases[k].side == 0   ? "\"A\""
             : cases[k].side == 1 ? "\"B\""
                                  : "null",
             named ? "\"" : "", named ? gname : "null", named ? "\"" : "", says);
    ck_assert_msg(strstr(js, want), "%s: %s not in %s", cases[k].name, want, js);

    /* A finished battle's save gives the same cause back. */
    char *text = malloc(SAVE_MAX_BYTES);
    ck_assert_ptr_nonnull(text);
    Err e = {{0}};
    int n = save_format(&sk, text, SAVE_MAX_BYTES, &e);
    ck_assert_msg(n > 0, "%s", e.msg);
    ck_assert_msg(save_parse(text, (size_t)n, "end.save", &m, &back, &e) == 0, "%s: %s",
                  cases[k].name, e.msg);
    SkirmishEnd again;
    skirmish_end(&back, &again);
    ck_assert_mem_eq(&again, &end, sizeof end);
    skirmish_end_text(&back, &again, says, sizeof says);
    ck_assert_str_eq(says, cases[k].says);
    free(text);
    skirmish_deinit(&back);
    skirmish_deinit(&sk);
    map_free(&m);
}
END_TEST

/* Every SKIRMISH_END_* but NONE and RECORDED has a case above. */
START_TEST(test_the_table_has_every_end)
{
    bool seen[SKIRMISH_ENDS] = {false};
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) seen[cases[k].by] = true;
    for (int by = SKIRMISH_END_NONE + 1; by < SKIRMISH_END_RECORDED; by++)
        ck_assert_msg(seen[by], "no case ends by %s", skirmish_end_names[by]);
}
END_TEST

/* A battle not over is decided by nothing; one whose recorded end its
 * board does not explain (a save by hand) keeps its winner and says so. */
START_TEST(test_not_over_and_a_recorded_end)
{
    static Skirmish sk;
    Map m;
    four_ships(&sk, &m);
    resolve(&sk);
    SkirmishEnd end;
    skirmish_end(&sk, &end);
    ck_assert_int_eq(end.by, SKIRMISH_END_NONE);
    ck_assert_int_eq(end.winner, -1);
    char says[SKIRMISH_END_TEXT_MAX];
    skirmish_end_text(&sk, &end, says, sizeof says);
    ck_assert_str_eq(says, "The battle goes on: turn 2 of 50.");
    sk.over = true;
    sk.winner = 1;
    skirmish_end(&sk, &end);
    ck_assert_int_eq(end.by, SKIRMISH_END_RECORDED);
    ck_assert_int_eq(end.winner, 1);
    skirmish_end_text(&sk, &end, says, sizeof says);
    ck_assert_str_eq(says,
                     "Side B won on turn 2, as the save has it (the board no longer shows why).");
    /* Every ship of B struck, but the record says A lost: still recorded. */
    strike(&sk, 2);
    strike(&sk, 3);
    skirmish_end(&sk, &end);
    ck_assert_int_eq(end.by, SKIRMISH_END_RECORDED);
    ck_assert_int_eq(end.winner, 1);
    skirmish_deinit(&sk);
    map_free(&m);
}
END_TEST

/* Ship names and quotes in the verdict stay one JSON string; the longest
 * names and the widest map name still fit SKIRMISH_OUTCOME_JSON_MAX. */
START_TEST(test_the_verdict_in_json_is_escaped)
{
    static Skirmish sk;
    Map m;
    four_ships(&sk, &m);
    flagship_struck(&sk);
    memset(sk.names[3], '"', SKIRMISH_NAME_MAX - 1);
    sk.names[3][SKIRMISH_NAME_MAX - 1] = '\0';
    memset(m.meta.name, '\x01', sizeof m.meta.name - 1);
    m.meta.name[sizeof m.meta.name - 1] = '\0';
    resolve(&sk);
    SkirmishOutcome o;
    skirmish_outcome(&sk, &o);
    ck_assert_ptr_nonnull(strstr(o.verdict, "B2 \"\"\""));
    char js[SKIRMISH_OUTCOME_JSON_MAX];
    ck_assert_int_gt(skirmish_outcome_json(&o, js, sizeof js), 0);
    ck_assert_ptr_nonnull(strstr(js, "\"verdict\":\"The enemy flagship B2 \\\"\\\"\\\""));
    skirmish_deinit(&sk);
    map_free(&m);
}
END_TEST

/* ------------------------------------------------- the shipped scenarios */

static void start_scenario(const char *name, Skirmish *sk, Map *m)
{
    char data[512], path[1024];
    tu_data_dir(data, sizeof data);
    setenv("SHOAL_DATA", data, 1);
    static Scenario sc;
    MapGenParams gen;
    Err e = {{0}};
    ck_assert_msg(scenario_find(&sc, name, &e) == 0, "%s", e.msg);
    ck_assert_msg(scenario_map_load(&sc, m, path, sizeof path, &gen, &e) == 0, "%s", e.msg);
    ck_assert_msg(skirmish_init(sk, m, &sc.setup, &e) == 0, "%s", e.msg);
}

/* The two battles: Trafalgar lost early when the Victory is taken
 * (once told "On points at the turn limit"), and the Indiaman won early
 * by getting out: each verdict names the objective's ship as the
 * scenario's file does. */
START_TEST(test_the_scenarios_name_their_objectives)
{
    static Skirmish sk;
    Map m;
    start_scenario("trafalgar", &sk, &m);
    sk.ships[0].side = 1; /* Victory (A1) a prize of B's */
    sk.ships[0].prize = FLEET_PRIZE_TAKEN;
    resolve(&sk);
    ck_assert(sk.over);
    SkirmishOutcome o;
    skirmish_outcome(&sk, &o);
    ck_assert_int_eq(o.end.by, SKIRMISH_END_GOAL);
    ck_assert_str_eq(o.verdict,
                     "The enemy flagship A1 Victory was taken: side B's objective is met on turn "
                     "1 of 30.");
    skirmish_deinit(&sk);
    map_free(&m);

    start_scenario("merchant-run", &sk, &m);
    sk.ships[0].pose.hex = sk.goal[0].hexes[2]; /* the Indiaman on her exit */
    resolve(&sk);
    ck_assert(sk.over);
    skirmish_outcome(&sk, &o);
    ck_assert_int_eq(o.winner, 0);
    ck_assert_str_eq(o.verdict, "A1 Indiaman Ceres escaped through the exit: side A's objective "
                                "is met on turn 1 of 30.");
    skirmish_deinit(&sk);
    map_free(&m);
}
END_TEST

/* ------------------------------------------------------------- the game */

/* The log's last lines at the end: who won, then what decided it, as the
 * end screen words it; a finished battle loaded says it again. */
START_TEST(test_the_log_ends_with_the_verdict)
{
    BattleSetup st = {
        .mode = BATTLE_WATCH, .seed = 5, .ships = {2, 2}, .turn_limit = 2, .map_seed = 5};
    Err e = {{0}};
    Battle *b = battle_new(&st, 1.0f, &e);
    if (!b) ck_abort_msg("battle_new: %s", e.msg);
    for (int t = 0; t < 4 && b->phase != BATTLE_OVER; t++) battle_skip_animation(b);
    ck_assert_int_eq(b->phase, BATTLE_OVER);
    SkirmishEnd end;
    char says[SKIRMISH_END_TEXT_MAX];
    skirmish_end(&b->sk, &end);
    ck_assert_int_ne(end.by, SKIRMISH_END_NONE);
    ck_assert_int_ne(end.by, SKIRMISH_END_RECORDED);
    skirmish_end_text(&b->sk, &end, says, sizeof says);
    ck_assert_str_eq(battle_log_line(b, 0)->text, says);
    ck_assert_int_eq(battle_log_line(b, 0)->kind, SKIRMISH_EV_GAME_OVER);
    const char *over = battle_log_line(b, 1)->text;
    ck_assert_msg(strstr(over, "wins the battle") || strstr(over, "draw"), "%s", over);
    char dir[64], path[128];
    tu_tempdir(dir, sizeof dir);
    snprintf(path, sizeof path, "%s/end.sav", dir);
    ck_assert_msg(battle_save(b, path, &e) == 0, "%s", e.msg);
    Battle *c = battle_load(path, BATTLE_VS_AI, 1.0f, &e);
    if (!c) ck_abort_msg("load: %s", e.msg);
    ck_assert_int_eq(c->phase, BATTLE_OVER);
    ck_assert_ptr_eq(strstr(battle_log_line(c, 0)->text, "loaded "), battle_log_line(c, 0)->text);
    ck_assert_str_eq(battle_log_line(c, 1)->text, says);
    battle_free(c);
    battle_free(b);
    unlink(path);
    rmdir(dir);
}
END_TEST

static Suite *verdict_suite(void)
{
    Suite *s = suite_create("verdict");
    TCase *tc = tcase_create("core");
    tcase_add_loop_test(tc, test_every_end_is_told, 0, (int)(sizeof cases / sizeof cases[0]));
    tcase_add_test(tc, test_the_table_has_every_end);
    tcase_add_test(tc, test_not_over_and_a_recorded_end);
    tcase_add_test(tc, test_the_verdict_in_json_is_escaped);
    tcase_add_test(tc, test_the_scenarios_name_their_objectives);
    tcase_add_test(tc, test_the_log_ends_with_the_verdict);
    suite_add_tcase(s, tc);
    return s;
}

SHOAL_CHECK_MAIN(verdict_suite)
