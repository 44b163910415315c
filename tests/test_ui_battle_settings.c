/* test_ui_battle_settings: the files around a skirmish — settings.ini read
 * strictly (a bad file gives defaults and one line naming file:line, and
 * is never half applied), written and read back; where settings and saves
 * live; the menu's listings of shipped maps and saves (newest first); and
 * the autoplay command line.
 */
#include <SDL.h>
#include <sys/stat.h>
#include <utime.h>

#include "testutil.h"

#include "core/ai.h"
#include "core/paths.h"
#include "core/save.h"
#include "game/autoplay.h"
#include "game/menu.h"
#include "game/settings.h"

START_TEST(test_defaults_and_round_trip)
{
    Settings s, t;
    settings_default(&s);
    ck_assert_int_eq(s.sea_life, 1);
    ck_assert_int_eq(s.fleet[0], 3);
    ck_assert_int_eq(s.opponent, SETTINGS_VS_AI);
    s.fish = 12345;
    s.sharks = 9;
    s.anim_speed = 2.5f;
    s.show_grid = 0;
    ck_assert_int_eq(s.ask_end_turn, 1);
    s.ask_end_turn = 0;
    s.fleet[1] = 7;
    s.opponent = SETTINGS_HOTSEAT;
    s.turn_limit = 99;
    snprintf(s.map, sizeof s.map, "open-waters.png");
    s.map_seed = 4000000000u;
    ck_assert_int_eq(s.fullscreen, 0);
    ck_assert_int_eq(s.win_w, 0); /* the window as --size (or the default) makes it */
    s.fullscreen = 1;
    s.win_w = 1600;
    s.win_h = 900;
    s.volume[SETTINGS_VOL_MASTER] = 33;
    s.volume[SETTINGS_VOL_MUSIC] = 0;
    s.mute = 1;
    s.opponent = SETTINGS_NETWORK;
    s.net_port = 4000;
    s.net_rejoin = 30;
    settings_recent_host(&s, "harbour.example:27961");
    settings_recent_host(&s, "10.0.0.2");
    settings_recent_host(&s, "harbour.example:27961"); /* joined again: first, once */
    settings_recent_host(&s, "bad host!");             /* not an address: not kept */
    char buf[SETTINGS_MAX_BYTES];
    int n = settings_format(&s, buf, sizeof buf);
    ck_assert_int_gt(n, 0);
    settings_default(&t);
    Err e = {{0}};
    ck_assert_int_eq(settings_parse(&t, buf, (size_t)n, "x.ini", &e), 0);
    ck_assert_int_eq(t.fish, 12345);
    ck_assert_int_eq(t.sharks, 9);
    ck_assert_float_eq_tol(t.anim_speed, 2.5f, 1e-4f);
    ck_assert_int_eq(t.show_grid, 0);
    ck_assert_int_eq(t.ask_end_turn, 0);
    ck_assert_int_eq(t.fleet[1], 7);
    ck_assert_int_eq(t.opponent, SETTINGS_NETWORK);
    ck_assert_int_eq(t.net_port, 4000);
    ck_assert_int_eq(t.net_rejoin, 30);
    ck_assert_str_eq(t.net_recent[0], "harbour.example:27961");
    ck_assert_str_eq(t.net_recent[1], "10.0.0.2");
    ck_assert_str_eq(t.net_recent[2], "");
    ck_assert_int_eq(t.turn_limit, 99);
    ck_assert_str_eq(t.map, "open-waters.png");
    ck_assert_uint_eq(t.map_seed, 4000000000u);
    ck_assert_int_eq(t.fullscreen, 1);
    ck_assert_int_eq(t.win_w, 1600);
    ck_assert_int_eq(t.win_h, 900);
    ck_assert_int_eq(t.volume[SETTINGS_VOL_MASTER], 33);
    ck_assert_int_eq(t.volume[SETTINGS_VOL_EFFECTS], 100);
    ck_assert_int_eq(t.volume[SETTINGS_VOL_MUSIC], 0);
    ck_assert_int_eq(t.mute, 1);
    /* Too small a buffer is refused, not cut. */
    ck_assert_int_eq(settings_format(&s, buf, 40), -1);
}
END_TEST

START_TEST(test_bad_lines_give_defaults)
{
    static const char *const bad[] = {
        "fish = 3\nsharks = 999\n",
        "sea_life = maybe\n",
        "fleet_a = 0\n",
        "opponent = robot\n",
        "anim_speed = 10\n",
        "colour = blue\n",
        "fish = 1\n[section]\nfish = 2\n",
        "map = ../../etc.png\n",
        "just words\n",
        "turn_limit = 1000\n",
        "fish = 10\nsharks = 2\nfish = 20\n", /* twice: which one did the player mean? */
        "ask_end_turn = sometimes\n",
        "fullscreen = kind of\n",
        "window_size = 1600\n",
        "window_size = 10x10\n",
        "window_size = 1600x900x2\n",
        "volume_master = 120\n",
        "volume_effects = -1\n",
        "volume_loud = 5\n",
        "mute = maybe\n",
        "net_port = 0\n",
        "net_rejoin = 2\n",
        "net_recent = a, b, c, d, e\n",
        "net_recent = evil/host\n",
        "net_colour = red\n",
    };
    for (size_t k = 0; k < sizeof bad / sizeof bad[0]; k++) {
        Settings s;
        settings_default(&s);
        s.fish = 77; /* an earlier value must not survive a bad file */
        Err e = {{0}};
        ck_assert_int_eq(settings_parse(&s, bad[k], strlen(bad[k]), "my.ini", &e), -1);
        ck_assert_msg(strncmp(e.msg, "my.ini:", 7) == 0, "message '%s' names no file:line", e.msg);
        ck_assert_ptr_null(strchr(e.msg, '\n'));
        Settings d;
        settings_default(&d);
        ck_assert_int_eq(s.fish, d.fish);
        ck_assert_int_eq(s.sharks, d.sharks);
    }
    /* The messages say where: a section at its line, a key given twice at
     * the second, naming the first. */
    Settings t;
    settings_default(&t);
    Err m = {{0}};
    settings_parse(&t, bad[6], strlen(bad[6]), "my.ini", &m);
    ck_assert_str_eq(m.msg,
                     "my.ini:2: [section]: this file has no sections (key = value lines only)");
    settings_parse(&t, bad[10], strlen(bad[10]), "my.ini", &m);
    ck_assert_str_eq(m.msg, "my.ini:3: 'fish' is given twice (first on line 1)");
    /* Comments and blanks are fine; "" map is a generated sea. */
    Settings s;
    settings_default(&s);
    const char *ok = "# hi\n\n; also\nmap =\nfleet_b = 8 # inline\n";
    Err e = {{0}};
    ck_assert_int_eq(settings_parse(&s, ok, strlen(ok), "ok.ini", &e), 0);
    ck_assert_str_eq(s.map, "");
    ck_assert_int_eq(s.fleet[1], 8);
    const char *win = "window_size = default\n";
    s.win_w = s.win_h = 5;
    ck_assert_int_eq(settings_parse(&s, win, strlen(win), "ok.ini", &e), 0);
    ck_assert_int_eq(s.win_w, 0);
    ck_assert_int_eq(s.win_h, 0);
    /* A settings.ini saved by a Windows editor starts with a UTF-8
     * byte-order mark: skipped, not read into the first key. */
    const char *bom = "\357\273\277fleet_b = 7\n"; /* EF BB BF */
    ck_assert_msg(settings_parse(&s, bom, strlen(bom), "bom.ini", &e) == 0, "%s", e.msg);
    ck_assert_int_eq(s.fleet[1], 7);
}
END_TEST

START_TEST(test_files_and_places)
{
    char dir[64], path[256];
    tu_tempdir(dir, sizeof dir);
    setenv("XDG_CONFIG_HOME", dir, 1);
    setenv("XDG_DATA_HOME", dir, 1);
    ck_assert_int_eq(settings_path(path, sizeof path), 0);
    char want[256];
    snprintf(want, sizeof want, "%s/shoal/settings.ini", dir);
    ck_assert_str_eq(path, want);
    char saves[256];
    ck_assert_int_eq(settings_save_dir(saves, sizeof saves), 0);
    snprintf(want, sizeof want, "%s/shoal/saves", dir);
    ck_assert_str_eq(saves, want);
    /* Without XDG: under HOME. */
    unsetenv("XDG_CONFIG_HOME");
    unsetenv("XDG_DATA_HOME");
    setenv("HOME", "/home/someone", 1);
    ck_assert_int_eq(settings_path(path, sizeof path), 0);
    ck_assert_str_eq(path, "/home/someone/.config/shoal/settings.ini");
    ck_assert_int_eq(settings_save_dir(path, sizeof path), 0);
    ck_assert_str_eq(path, "/home/someone/.local/share/shoal/saves");

    /* A first run: no file, defaults, no error; saving makes the folder. */
    snprintf(path, sizeof path, "%s/shoal/settings.ini", dir);
    Settings s;
    Err e = {{0}};
    ck_assert_int_eq(settings_load(&s, path, &e), 0);
    s.sharks = 12;
    ck_assert_int_eq(settings_save(&s, path, &e), 0);
    Settings t;
    ck_assert_int_eq(settings_load(&t, path, &e), 0);
    ck_assert_int_eq(t.sharks, 12);
    /* A bad file: -1, defaults, and the file is still the user's. */
    const char *mine = "sharks = 5\nfish = lots\n";
    tu_write(path, mine, strlen(mine));
    ck_assert_int_eq(settings_load(&t, path, &e), -1);
    ck_assert_ptr_nonnull(strstr(e.msg, "settings.ini:2"));
    ck_assert_int_eq(t.sharks, 3);
    FILE *f = fopen(path, "rb");
    char back[64] = {0};
    ck_assert_uint_eq(fread(back, 1, sizeof back - 1, f), strlen(mine));
    fclose(f);
    ck_assert_str_eq(back, mine);
    ck_assert_int_eq(paths_mkdirs(dir, &e), 0);
    snprintf(want, sizeof want, "%s/a/b/c", dir);
    ck_assert_int_eq(paths_mkdirs(want, &e), 0);
    struct stat st;
    ck_assert_int_eq(stat(want, &st), 0);
    ck_assert(S_ISDIR(st.st_mode));
}
END_TEST

START_TEST(test_saves_listed_newest_first)
{
    char dir[64], p[256];
    tu_tempdir(dir, sizeof dir);
    const char *names[] = {"old.sav", "newest.sav", "middle.sav", "notes.txt", ".hidden.sav"};
    const time_t when[] = {1000000, 3000000, 2000000, 4000000, 5000000};
    for (int k = 0; k < 5; k++) {
        snprintf(p, sizeof p, "%s/%s", dir, names[k]);
        tu_write(p, "x", 1);
        struct utimbuf u = {when[k], when[k]};
        ck_assert_int_eq(utime(p, &u), 0);
    }
    MenuSave s[MENU_MAX_SAVES];
    int n = menu_scan_saves(dir, s, MENU_MAX_SAVES);
    ck_assert_int_eq(n, 3);
    ck_assert_ptr_nonnull(strstr(s[0].path, "newest.sav"));
    ck_assert_ptr_nonnull(strstr(s[1].path, "middle.sav"));
    ck_assert_ptr_nonnull(strstr(s[2].path, "old.sav"));
    ck_assert_int_eq(strncmp(s[0].label, "newest", 6), 0);
    /* Only as many as asked for: the newest. */
    ck_assert_int_eq(menu_scan_saves(dir, s, 1), 1);
    ck_assert_ptr_nonnull(strstr(s[0].path, "newest.sav"));
    ck_assert_int_eq(menu_scan_saves("/nonexistent/shoal", s, 4), 0);
}
END_TEST

/* The load screen's rows: map, turn and fleets from the save itself; a
 * broken save's reason in one line naming it (no renderer: pictures are
 * made as rows are drawn). */
START_TEST(test_load_rows_tell_what_a_save_holds)
{
    setenv("SHOAL_DATA", "data", 1);
    char dir[64], p[256], map[PATHS_MAX];
    tu_tempdir(dir, sizeof dir);
    ck_assert_int_eq(paths_data_file("maps/open-waters.png", map, sizeof map), 0);
    Map m;
    Err e;
    ck_assert_msg(map_load(&m, map, &e) == 0, "%s", e.msg);
    SkirmishSetup st;
    skirmish_setup_default(&st);
    st.map_path = map;
    st.ships[0] = 3;
    st.ships[1] = 2;
    Skirmish sk;
    ck_assert_msg(skirmish_init(&sk, &m, &st, &e) == 0, "%s", e.msg);
    sk.ships[4].status = FLEET_STRUCK;
    snprintf(p, sizeof p, "%s/harbour.sav", dir);
    ck_assert_msg(save_write(&sk, p, &e) == 0, "%s", e.msg);
    snprintf(p, sizeof p, "%s/torn.sav", dir);
    tu_write(p, "shoal-save 1\n[battle]\nturn = x\n", 31);
    Menu *mu = malloc(sizeof *mu);
    ck_assert_ptr_nonnull(mu);
    Settings s;
    settings_default(&s);
    menu_init(mu, &s);
    snprintf(mu->save_dir, sizeof mu->save_dir, "%s", dir);
    menu_show(mu, MENU_LOAD);
    ck_assert_int_eq(mu->nsaves, 2);
    int h = strstr(mu->saves[0].path, "harbour") ? 0 : 1;
    const MenuSave *ok = &mu->saves[h], *bad = &mu->saves[1 - h];
    ck_assert(ok->ok);
    ck_assert_msg(strstr(ok->label, "harbour") && strstr(ok->label, "open-waters") &&
                      strstr(ok->label, "turn 1 of 60"),
                  "%s", ok->label);
    /* Who commanded each side: saved by save_write, not a game, it
     * names no player, so both are the computer's at their levels. */
    ck_assert_msg(strstr(ok->sides, "A (computer, normal) 3 of 3 afloat") &&
                      strstr(ok->sides, "B (computer, normal) 1 of 2"),
                  "%s", ok->sides);
    ck_assert(!bad->ok);
    ck_assert_msg(strstr(bad->why, "torn.sav:3: turn 'x'") && !strchr(bad->why, '\n') &&
                      !strstr(bad->why, dir),
                  "%s", bad->why);
    menu_deinit(mu);
    free(mu);
    skirmish_deinit(&sk);
    map_free(&m);
}
END_TEST

START_TEST(test_shipped_maps_listed)
{
    setenv("SHOAL_DATA", "data", 1);
    MenuMap m[MENU_MAX_MAPS];
    int n = menu_scan_maps(m, MENU_MAX_MAPS);
    ck_assert_int_ge(n, 1);
    for (int i = 1; i < n; i++) ck_assert_int_lt(strcmp(m[i - 1].file, m[i].file), 0);
    /* The name comes from the sidecar when it has one. */
    for (int i = 0; i < n; i++)
        if (!strcmp(m[i].file, "open-waters.png")) ck_assert_str_eq(m[i].name, "Open Waters");
    /* The menu picks the setting's map, or the generated sea for "". */
    Settings s;
    settings_default(&s);
    snprintf(s.map, sizeof s.map, "%s", m[n - 1].file);
    Menu menu;
    menu_init(&menu, &s);
    ck_assert_int_eq(menu.map_choice, n - 1);
    BattleSetup st;
    menu_setup(&menu, &st);
    ck_assert_ptr_nonnull(st.map_path);
    ck_assert_ptr_nonnull(strstr(st.map_path, m[n - 1].file));
    s.map[0] = '\0';
    s.map_seed = 42;
    menu_init(&menu, &s);
    menu_setup(&menu, &st);
    ck_assert_ptr_null(st.map_path);
    ck_assert_uint_eq(st.seed, 42);
    ck_assert_uint_eq(st.map_seed, 42);
    ck_assert_int_eq(st.ships[0], 3);
}
END_TEST

static int parse(const char *line, AutoplayOptions *o, Err *e)
{
    char buf[512], *argv[32];
    int argc = 0;
    snprintf(buf, sizeof buf, "shoal %s", line);
    for (char *t = strtok(buf, " "); t && argc < 32; t = strtok(NULL, " ")) argv[argc++] = t;
    return autoplay_parse(argc, argv, o, e);
}

START_TEST(test_autoplay_flags)
{
    AutoplayOptions o;
    Err e = {{0}};
    ck_assert(autoplay_wanted(3, (char *[]){"shoal", "--json", "--autoplay"}));
    ck_assert(!autoplay_wanted(2, (char *[]){"shoal", "--seed"}));
    ck_assert_int_eq(parse("--autoplay --ai-vs-ai --seed 42 --json", &o, &e), 0);
    ck_assert_uint_eq(o.seed, 42);
    ck_assert_int_eq(o.json, 1);
    ck_assert_int_eq(o.turns, 60);
    ck_assert_ptr_null(o.map_path);
    ck_assert_int_eq(parse("--autoplay --seed=7 --turns=5 --ships 2,4 --map x.png", &o, &e), 0);
    ck_assert_int_eq(o.turns, 5);
    ck_assert_int_eq(o.ships[0], 2);
    ck_assert_int_eq(o.ships[1], 4);
    ck_assert_str_eq(o.map_path, "x.png");
    ck_assert_int_eq(parse("--autoplay --players random,ai", &o, &e), 0);
    ck_assert_int_eq(o.players[0], AI_PLAYER_RANDOM);
    static const char *const bad[] = {
        "--autoplay --turns 0",
        "--autoplay --turns abc",
        "--autoplay --turns",
        "--autoplay --seed -1",
        "--autoplay --seed 4294967296",
        "--autoplay --ships 9",
        "--autoplay --ships 2,",
        "--autoplay --players ai",
        "--autoplay --fish 3",
        "--autoplay --json=1",
        "--autoplay stray",
        "--autoplay --ai-vs-ai --players random,ai",
    };
    for (size_t k = 0; k < sizeof bad / sizeof bad[0]; k++) {
        memset(&e, 0, sizeof e);
        ck_assert_msg(parse(bad[k], &o, &e) == -1, "'%s' accepted", bad[k]);
        ck_assert_msg(e.msg[0] != '\0' && !strchr(e.msg, '\n'), "'%s': bad message", bad[k]);
    }
}
END_TEST

START_TEST(test_autoplay_runs_the_same_twice)
{
    AutoplayOptions o;
    Err e = {{0}};
    ck_assert_int_eq(parse("--autoplay --seed 3 --turns 12 --json", &o, &e), 0);
    char a[2048] = {0}, b[2048] = {0};
    FILE *f = fmemopen(a, sizeof a, "w");
    ck_assert_int_eq(autoplay_run(&o, f, &e), 0);
    fclose(f);
    f = fmemopen(b, sizeof b, "w");
    ck_assert_int_eq(autoplay_run(&o, f, &e), 0);
    fclose(f);
    ck_assert_str_eq(a, b);
    ck_assert_ptr_nonnull(strstr(a, "\"turn_limit\":12"));
    ck_assert_ptr_nonnull(strstr(a, "\"seed\":3"));
    /* A map that is not there is bad input. */
    o.map_path = "/nonexistent/map.png";
    char c[64] = {0};
    f = fmemopen(c, sizeof c, "w");
    ck_assert_int_eq(autoplay_run(&o, f, &e), -1);
    fclose(f);
    ck_assert_str_eq(c, "");
    ck_assert_ptr_nonnull(strstr(e.msg, "/nonexistent/map.png"));
}
END_TEST

static Suite *settings_suite(void)
{
    Suite *s = suite_create("ui_battle_settings");
    TCase *tc = tcase_create("core");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, test_defaults_and_round_trip);
    tcase_add_test(tc, test_bad_lines_give_defaults);
    tcase_add_test(tc, test_files_and_places);
    tcase_add_test(tc, test_saves_listed_newest_first);
    tcase_add_test(tc, test_shipped_maps_listed);
    tcase_add_test(tc, test_load_rows_tell_what_a_save_holds);
    tcase_add_test(tc, test_autoplay_flags);
    tcase_add_test(tc, test_autoplay_runs_the_same_twice);
    suite_add_tcase(s, tc);
    return s;
}

SHOAL_CHECK_MAIN(settings_suite)
