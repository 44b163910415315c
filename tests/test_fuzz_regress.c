/* test_fuzz_regress: what the fuzz harnesses of tools/fuzz found in the
 * game's settings.ini parser and command line, replayed against the
 * fixed code. The editor script findings need the editor binary: they
 * are in tests/e2e_fuzz_regress.sh.
 */
#include <fcntl.h>

#include "testutil.h"

#include "game/options.h"
#include "game/settings.h"

/* fuzz_settings: "map =#x.png" was read as the map "#x.png", which
 * settings_format writes as "map = #x.png", a comment: the saved file
 * then read back as the generated sea. Such a name is refused now. */
START_TEST(test_settings_map_name_like_a_comment)
{
    static const char *const bad[] = {"map =#channel-isles.png\n", "map=;reef.png\n",
                                      "fish = 10\nmap =#\tx.png\n"};
    for (size_t k = 0; k < sizeof bad / sizeof bad[0]; k++) {
        Settings s, d;
        settings_default(&s);
        settings_default(&d);
        s.fish = 77;
        Err e = {{0}};
        ck_assert_int_eq(settings_parse(&s, bad[k], strlen(bad[k]), "my.ini", &e), -1);
        ck_assert_msg(strstr(e.msg, "my.ini:") == e.msg && strstr(e.msg, "map '"), "%s", e.msg);
        /* The line named is the map's. */
        ck_assert_int_eq(atoi(e.msg + strlen("my.ini:")), k == 2 ? 2 : 1);
        ck_assert_int_eq(memcmp(&s, &d, sizeof s), 0);
    }
}
END_TEST

/* Names that hold '#' or ';' elsewhere, or spaces, still round-trip. */
START_TEST(test_settings_map_names_round_trip)
{
    static const char *const names[] = {"x#y.png", "reef;2.png", "open waters.png", "a.png#.png",
                                        ""};
    for (size_t k = 0; k < sizeof names / sizeof names[0]; k++) {
        char text[256];
        snprintf(text, sizeof text, "map =%s\n", names[k]);
        Settings s, t;
        settings_default(&s);
        Err e = {{0}};
        ck_assert_msg(settings_parse(&s, text, strlen(text), "in.ini", &e) == 0, "%s", e.msg);
        ck_assert_str_eq(s.map, names[k]);
        char buf[SETTINGS_MAX_BYTES];
        int n = settings_format(&s, buf, sizeof buf);
        ck_assert_int_gt(n, 0);
        settings_default(&t);
        ck_assert_msg(settings_parse(&t, buf, (size_t)n, "out.ini", &e) == 0, "%s", e.msg);
        ck_assert_str_eq(t.map, names[k]);
    }
}
END_TEST

/* options_parse's output on stderr (cli_fail writes there), captured in
 * a temporary file. */
static int parse_capturing(char **argv, int argc, char *err, size_t cap)
{
    char path[] = "/tmp/shoal-fuzz-regress-XXXXXX";
    int fd = mkstemp(path);
    ck_assert_int_ge(fd, 0);
    unlink(path);
    fflush(stderr);
    int saved = dup(2);
    ck_assert_int_ge(saved, 0);
    dup2(fd, 2);
    GameOptions o;
    int rc = options_parse(argc, argv, &o);
    fflush(stderr);
    dup2(saved, 2);
    close(saved);
    ssize_t n = pread(fd, err, cap - 1, 0);
    close(fd);
    err[n > 0 ? n : 0] = '\0';
    return rc;
}

/* fuzz_options: an unknown flag or a stray argument was quoted as typed,
 * so a newline or an escape sequence in it broke the one-line message. */
START_TEST(test_options_bad_argument_is_one_line)
{
    char prog[] = "shoal", flag[] = "--fi\nsh", stray[] = "map\x1b[31m.png", nl[] = "\n";
    char *cases[][2] = {{prog, flag}, {prog, stray}, {prog, nl}};
    const char *want[] = {"shoal: --fi?sh: unknown flag (see --help)\n",
                          "shoal: map?[31m.png: unexpected argument (see --help)\n",
                          "shoal: ?: unexpected argument (see --help)\n"};
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        char err[1024];
        ck_assert_int_eq(parse_capturing(cases[k], 2, err, sizeof err), 2);
        ck_assert_str_eq(err, want[k]);
    }
}
END_TEST

/* The argument is still shown, up to the length of a message. */
START_TEST(test_options_long_argument_is_shown)
{
    char prog[] = "shoal", arg[2000];
    memset(arg, 'a', sizeof arg - 1);
    arg[0] = arg[1] = '-';
    arg[sizeof arg - 1] = '\0';
    char *argv[] = {prog, arg, NULL};
    char err[4096];
    ck_assert_int_eq(parse_capturing(argv, 2, err, sizeof err), 2);
    ck_assert_msg(strncmp(err, "shoal: --aaaa", 13) == 0, "%s", err);
    ck_assert_ptr_nonnull(strstr(err, ": unknown flag (see --help)\n"));
    ck_assert_ptr_eq(strchr(err, '\n'), err + strlen(err) - 1);
}
END_TEST

static Suite *fuzz_regress_suite(void)
{
    Suite *s = suite_create("fuzz_regress");
    TCase *tc = tcase_create("core");
    tcase_add_test(tc, test_settings_map_name_like_a_comment);
    tcase_add_test(tc, test_settings_map_names_round_trip);
    tcase_add_test(tc, test_options_bad_argument_is_one_line);
    tcase_add_test(tc, test_options_long_argument_is_shown);
    suite_add_tcase(s, tc);
    return s;
}

SHOAL_CHECK_MAIN(fuzz_regress_suite)
