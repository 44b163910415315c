/* test_save_route: the save's optional parts — standing routes in
 * [route.N] round-trip, old saves without them still load, bad route values
 * are refused with file:line — and the load screen's save_summary. */
#include "testutil.h"

#include <ctype.h>

#include "core/ai.h"
#include "core/chart.h"
#include "core/save.h"

static char dir[64];
static char map_path[128];

/* A 700x480 map with one island in the middle, saved as PNG + sidecar. */
static void setup(Skirmish *sk, Map *m)
{
    tu_tempdir(dir, sizeof dir);
    snprintf(map_path, sizeof map_path, "%s/isle.png", dir);
    Err e;
    ck_assert_int_eq(map_init(m, 700, 480, &e), 0);
    for (int y = 0; y < m->h; y++)
        for (int x = 0; x < m->w; x++) {
            int d = (x - 350) * (x - 350) + (y - 240) * (y - 240);
            if (d < 80 * 80) m->land[(size_t)y * 700 + (size_t)x] = 1;
        }
    ck_assert_msg(map_save(m, map_path, &e) == 0, "%s", e.msg);
    map_free(m);
    ck_assert_msg(map_load(m, map_path, &e) == 0, "%s", e.msg);
    SkirmishSetup st;
    skirmish_setup_default(&st);
    st.seed = 9;
    st.map_path = map_path;
    st.ships[0] = 3;
    st.ships[1] = 2;
    ck_assert_msg(skirmish_init(sk, m, &st, &e) == 0, "%s", e.msg);
}

/* Ship 0 bound for the hex two to the east of ship 1, ship 2 for her own
 * hex facing W; the rest keep none. */
static void routes(const Skirmish *sk, SaveExtras *x)
{
    memset(x, 0, sizeof *x);
    Hex g = sk->ships[1].pose.hex;
    g.q += 2;
    ck_assert(chart_sailable(&sk->chart, g));
    x->route[0] = (SaveRoute){true, g, -1, 3};
    x->route[2] = (SaveRoute){true, sk->ships[2].pose.hex, 3, 1};
}

static char *format_with(const Skirmish *sk, const SaveExtras *x)
{
    char *buf = malloc(SAVE_MAX_BYTES);
    ck_assert_ptr_nonnull(buf);
    Err e;
    ck_assert_msg(save_format_with(sk, x, buf, SAVE_MAX_BYTES, &e) > 0, "%s", e.msg);
    return buf;
}

START_TEST(test_routes_round_trip)
{
    Skirmish sk, back;
    Map m;
    setup(&sk, &m);
    SaveExtras x, y;
    routes(&sk, &x);
    char *a = format_with(&sk, &x);
    ck_assert_ptr_nonnull(strstr(a, "\n[route.0]\ngoal = "));
    ck_assert_ptr_nonnull(strstr(a, "\n[route.2]\n"));
    ck_assert_ptr_null(strstr(a, "\n[route.1]\n"));
    Err e;
    ck_assert_msg(save_parse_with(a, strlen(a), "r.save", &m, &back, &y, &e) == 0, "%s", e.msg);
    for (int i = 0; i < SKIRMISH_MAX_SHIPS; i++) {
        ck_assert_int_eq(y.route[i].on, x.route[i].on);
        if (!x.route[i].on) continue;
        ck_assert(hex_equal(y.route[i].goal, x.route[i].goal));
        ck_assert_int_eq(y.route[i].goal_facing, x.route[i].goal_facing);
        ck_assert_int_eq(y.route[i].first_turns, x.route[i].first_turns);
    }
    char *b = format_with(&back, &y);
    ck_assert_str_eq(a, b);
    /* Written to disk and loaded, the same. */
    char path[160];
    snprintf(path, sizeof path, "%s/r.save", dir);
    ck_assert_msg(save_write_with(&sk, &x, path, &e) == 0, "%s", e.msg);
    Skirmish again;
    Map m2;
    SaveExtras z;
    ck_assert_msg(save_load_with(path, &again, &m2, &z, &e) == 0, "%s", e.msg);
    ck_assert(z.route[0].on && hex_equal(z.route[0].goal, x.route[0].goal));
    skirmish_deinit(&again);
    map_free(&m2);
    free(a);
    free(b);
    skirmish_deinit(&back);
    skirmish_deinit(&sk);
    map_free(&m);
}
END_TEST

START_TEST(test_saves_without_routes_load)
{
    Skirmish sk, back;
    Map m;
    setup(&sk, &m);
    char *a = format_with(&sk, NULL);
    ck_assert_ptr_null(strstr(a, "[route."));
    SaveExtras y;
    memset(&y, 0xff, sizeof y);
    Err e;
    ck_assert_msg(save_parse_with(a, strlen(a), "old.save", &m, &back, &y, &e) == 0, "%s", e.msg);
    for (int i = 0; i < SKIRMISH_MAX_SHIPS; i++) ck_assert(!y.route[i].on);
    skirmish_deinit(&back);
    /* And routes are no reason for the plain reader to refuse a save. */
    SaveExtras x;
    routes(&sk, &x);
    char *b = format_with(&sk, &x);
    ck_assert_msg(save_parse(b, strlen(b), "new.save", &m, &back, &e) == 0, "%s", e.msg);
    skirmish_deinit(&back);
    free(a);
    free(b);
    skirmish_deinit(&sk);
    map_free(&m);
}
END_TEST

/* text with the line of [route.0] that starts with `find` (the section's
 * own line for "[") replaced by `repl`; *line gets its number. */
static char *edit(const char *text, const char *find, const char *repl, int *line)
{
    const char *at = strstr(text, "\n[route.0]\n");
    ck_assert_ptr_nonnull(at);
    at++;
    if (find[0] != '[') {
        char pat[64];
        snprintf(pat, sizeof pat, "\n%s", find);
        at = strstr(at, pat);
        ck_assert_ptr_nonnull(at);
        at++;
    }
    const char *eol = strchr(at, '\n');
    size_t n = strlen(text) + 128;
    char *out = malloc(n);
    ck_assert_ptr_nonnull(out);
    snprintf(out, n, "%.*s%s%s", (int)(at - text), text, repl, eol);
    *line = 1;
    for (const char *p = text; p < at; p++) *line += *p == '\n';
    return out;
}

START_TEST(test_bad_routes_refused)
{
    Skirmish sk, back;
    Map m;
    setup(&sk, &m);
    SaveExtras x;
    routes(&sk, &x);
    char *a = format_with(&sk, &x);
    static const struct {
        const char *find, *repl, *want;
        bool on_line; /* the message names the edited line */
    } cases[] = {
        {"goal", "goal = 12", "goal '12' is not 'q,r'", true},
        {"goal", "goal = -400,-400", "goal -400,-400 is land or off the map", true},
        {"facing", "facing = N", "facing 'N' is not any or one of", true},
        {"first_turns", "first_turns = 0", "first_turns '0' is not a whole number from 1 to 64",
         true},
        {"first_turns", "first_turns = 65", "first_turns '65'", true},
        {"goal", "speed = 3", "unknown key 'speed' in [route.0]", true},
        {"[", "[route.9]", "[route.9] is for a ship the battle does not have", false},
        {"[", "[route.99]", "unknown section [route.99]", false},
    };
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        int line;
        char *t = edit(a, cases[c].find, cases[c].repl, &line);
        Err e;
        e.msg[0] = '\0';
        ck_assert_int_eq(save_parse_with(t, strlen(t), "bad.save", &m, &back, NULL, &e), -1);
        ck_assert_msg(strstr(e.msg, cases[c].want) != NULL, "wanted '%s' in: %s", cases[c].want,
                      e.msg);
        ck_assert_msg(strncmp(e.msg, "bad.save:", 9) == 0 && isdigit((unsigned char)e.msg[9]),
                      "no file:line in: %s", e.msg);
        ck_assert(strchr(e.msg, '\n') == NULL);
        if (cases[c].on_line) {
            char tag[32];
            snprintf(tag, sizeof tag, "bad.save:%d:", line);
            ck_assert_msg(strncmp(e.msg, tag, strlen(tag)) == 0, "wanted line %d: %s", line, e.msg);
        }
        ck_assert_int_eq(back.nships, 0);
        free(t);
    }
    /* A route missing a key, and one for a ship that has struck. */
    int line;
    char *t = edit(a, "facing", "# no facing", &line);
    Err e;
    ck_assert_int_eq(save_parse_with(t, strlen(t), "bad.save", &m, &back, NULL, &e), -1);
    ck_assert_msg(strstr(e.msg, "[route.0] has no 'facing'"), "%s", e.msg);
    free(t);
    sk.ships[0].status = FLEET_STRUCK;
    char *s = format_with(&sk, &x);
    ck_assert_ptr_null(strstr(s, "[route.0]"));
    sk.ships[0].status = FLEET_AFLOAT;
    t = edit(a, "[", "[route.0]", &line);
    char *st = strstr(t, "\n[ship.0]\n");
    st = strstr(st, "status = afloat");
    memcpy(st, "status = struck", 15);
    ck_assert_int_eq(save_parse_with(t, strlen(t), "bad.save", &m, &back, NULL, &e), -1);
    ck_assert_msg(strstr(e.msg, "ship 0, who is struck"), "%s", e.msg);
    free(t);
    free(s);
    free(a);
    skirmish_deinit(&sk);
    map_free(&m);
}
END_TEST

START_TEST(test_summary_tells_map_turn_and_fleets)
{
    Skirmish sk;
    Map m;
    setup(&sk, &m);
    static const int ai_vs_ai[2] = {AI_PLAYER_NORMAL, AI_PLAYER_NORMAL};
    Err e;
    /* Two turns: on the third B2's carronades sink A3, and a ship out of
     * the fight keeps no route. */
    for (int t = 0; t < 2; t++) ck_assert_msg(ai_play_turn(&sk, ai_vs_ai, &e) == 0, "%s", e.msg);
    ck_assert(fleet_ship_active(&sk.ships[0]) && fleet_ship_active(&sk.ships[2]));
    sk.ships[4].status = FLEET_SUNK;
    /* A3 taken by side B: still one of A's three (not B's third), and B's prize. */
    sk.ships[2].side = 1;
    sk.ships[2].prize = FLEET_PRIZE_TAKEN;
    sk.ships[2].crew = fleet_prize_crew(sk.ships[2].cls);
    SaveExtras x;
    routes(&sk, &x);
    char path[160];
    snprintf(path, sizeof path, "%s/s.sav", dir);
    ck_assert_msg(save_write_with(&sk, &x, path, &e) == 0, "%s", e.msg);
    SaveSummary s;
    ck_assert_msg(save_summary(path, &s, &e) == 0, "%s", e.msg);
    ck_assert(!s.generated);
    ck_assert_str_eq(s.map_path, map_path);
    ck_assert_int_eq(s.turn, sk.turn);
    ck_assert_int_eq(s.turn_limit, sk.turn_limit);
    ck_assert_int_eq(s.nships, 5);
    ck_assert_int_eq(s.ships[0], 3);
    ck_assert_int_eq(s.ships[1], 2);
    ck_assert_int_eq(s.afloat[0], 2);
    ck_assert_int_eq(s.afloat[1], 1);
    ck_assert_int_eq(s.prizes[0], 0);
    ck_assert_int_eq(s.prizes[1], 1);
    ck_assert_int_eq(s.routes, 2);
    ck_assert(hex_equal(s.hex[3], sk.ships[3].pose.hex));
    ck_assert_int_eq(s.side[3], 1);
    Map sm;
    ck_assert_msg(save_summary_map(&s, path, &sm, &e) == 0, "%s", e.msg);
    ck_assert_int_eq(sm.w, 700);
    ck_assert_int_eq(memcmp(sm.land, m.land, 700 * 480), 0);
    map_free(&sm);
    /* A broken save: one line naming the file and line. */
    tu_write(path, "shoal-save 1\n[battle]\nturn = x\n", 31);
    ck_assert_int_eq(save_summary(path, &s, &e), -1);
    ck_assert_msg(strstr(e.msg, "s.sav:3: turn 'x'"), "%s", e.msg);
    tu_write(path, "PNG", 3);
    ck_assert_int_eq(save_summary(path, &s, &e), -1);
    ck_assert_msg(strstr(e.msg, "s.sav:1: not a shoal save"), "%s", e.msg);
    skirmish_deinit(&sk);
    map_free(&m);
}
END_TEST

/* The side a person commanded says `computer = none`: it reads back as a
 * person's (kept at normal for a watched re-run), the summary tells the
 * load screen, and the computer's side keeps its level. */
START_TEST(test_person_side_says_none)
{
    Skirmish sk, back;
    Map m;
    setup(&sk, &m);
    sk.ai_level[0] = SKIRMISH_AI_NORMAL;
    sk.ai_level[1] = SKIRMISH_AI_HARD;
    SaveExtras x, y;
    routes(&sk, &x);
    x.person[0] = true;
    char *a = format_with(&sk, &x);
    const char *sa = strstr(a, "\n[side.A]\n"), *sb = strstr(a, "\n[side.B]\n");
    ck_assert(sa && sb);
    const char *na = strstr(sa, "\ncomputer = "), *nb = strstr(sb, "\ncomputer = ");
    ck_assert_msg(na && na < sb && strncmp(na, "\ncomputer = none\n", 17) == 0, "%s", a);
    ck_assert_msg(nb && strncmp(nb, "\ncomputer = hard\n", 17) == 0, "%s", a);
    Err e;
    ck_assert_msg(save_parse_with(a, strlen(a), "p.save", &m, &back, &y, &e) == 0, "%s", e.msg);
    ck_assert(y.person[0] && !y.person[1]);
    ck_assert_int_eq(back.ai_level[0], SKIRMISH_AI_NORMAL);
    ck_assert_int_eq(back.ai_level[1], SKIRMISH_AI_HARD);
    char *b = format_with(&back, &y);
    ck_assert_str_eq(a, b);
    skirmish_deinit(&back);
    /* Without extras (no one said who played) both are the computer's. */
    char *c = format_with(&sk, NULL);
    ck_assert_ptr_null(strstr(c, "computer = none"));
    char path[160];
    snprintf(path, sizeof path, "%s/p.sav", dir);
    ck_assert_msg(save_write_with(&sk, &x, path, &e) == 0, "%s", e.msg);
    SaveSummary s;
    ck_assert_msg(save_summary(path, &s, &e) == 0, "%s", e.msg);
    ck_assert(s.person[0] && !s.person[1]);
    ck_assert_int_eq(s.ai_level[1], SKIRMISH_AI_HARD);
    /* A word that is neither a level nor none: one line naming it. */
    char *t = strdup(a);
    char *at = strstr(t, "computer = none");
    memcpy(at, "computer = nobo", 15);
    ck_assert_int_eq(save_parse_with(t, strlen(t), "bad.save", &m, &back, NULL, &e), -1);
    ck_assert_msg(strstr(e.msg, "computer 'nobo' is not easy, normal, hard or none"), "%s", e.msg);
    free(t);
    free(c);
    free(b);
    free(a);
    skirmish_deinit(&sk);
    map_free(&m);
}
END_TEST

static Suite *save_route_suite(void)
{
    Suite *s = suite_create("save_route");
    TCase *tc = tcase_create("core");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, test_routes_round_trip);
    tcase_add_test(tc, test_saves_without_routes_load);
    tcase_add_test(tc, test_bad_routes_refused);
    tcase_add_test(tc, test_summary_tells_map_turn_and_fleets);
    tcase_add_test(tc, test_person_side_says_none);
    suite_add_tcase(s, tc);
    return s;
}

SHOAL_CHECK_MAIN(save_route_suite)
