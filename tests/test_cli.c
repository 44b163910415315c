/* test_cli: the flag-value parsers of every binary: ranges, strictness, and
 * one-line messages that name the flag whatever the value holds. */
#include "testutil.h"

#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "core/cli.h"

static void one_clean_line(const Err *e, const char *flag)
{
    ck_assert_msg(strncmp(e->msg, flag, strlen(flag)) == 0, "'%s' does not name %s", e->msg, flag);
    for (const char *c = e->msg; *c; c++)
        ck_assert_msg((unsigned char)*c >= 0x20 && *c != 0x7f, "control byte in '%s'", e->msg);
}

START_TEST(whole_numbers)
{
    long v = 99;
    Err e;
    ck_assert_int_eq(cli_long("--fish", "2000", 0, 2000000, &v, &e), 0);
    ck_assert_int_eq(v, 2000);
    ck_assert_int_eq(cli_long("--fish", "-1", -1, 1, &v, &e), 0);
    ck_assert_int_eq(v, -1);
    const char *bad[] = {"",    "abc", "12abc", "1.5", "2000001", "-1", "99999999999999999999",
                         "0x10"};
    for (size_t k = 0; k < sizeof bad / sizeof bad[0]; k++) {
        v = 99;
        ck_assert_msg(cli_long("--fish", bad[k], 0, 2000000, &v, &e) == -1, "accepted '%s'",
                      bad[k]);
        ck_assert_int_eq(v, 99);
        one_clean_line(&e, "--fish '");
        ck_assert_ptr_nonnull(strstr(e.msg, "from 0 to 2000000"));
    }
    int i = 7;
    ck_assert_int_eq(cli_int("--threads", "64", 1, 64, &i, &e), 0);
    ck_assert_int_eq(i, 64);
    ck_assert_int_eq(cli_int("--threads", "65", 1, 64, &i, &e), -1);
    ck_assert_int_eq(i, 64);
    ck_assert_int_eq(cli_int("--threads", NULL, 1, 64, &i, &e), -1);
    ck_assert_str_eq(e.msg, "--threads: missing value");
}
END_TEST

START_TEST(real_numbers_and_sizes)
{
    double d = 5;
    Err e;
    ck_assert_int_eq(cli_double("--land", "0.35", 0, 0.9, &d, &e), 0);
    ck_assert(d > 0.349 && d < 0.351);
    const char *bad[] = {"nan", "inf", "-0.1", "0.95", "1e999", "0.3x", ""};
    for (size_t k = 0; k < sizeof bad / sizeof bad[0]; k++) {
        d = 5;
        ck_assert_msg(cli_double("--land", bad[k], 0, 0.9, &d, &e) == -1, "accepted '%s'", bad[k]);
        ck_assert(d == 5);
        one_clean_line(&e, "--land '");
    }
    int w = 1, h = 1;
    ck_assert_int_eq(cli_size("--size", "1280x720", 16, 16384, &w, &h, &e), 0);
    ck_assert_int_eq(w, 1280);
    ck_assert_int_eq(h, 720);
    const char *badsz[] = {"1280", "x720", "1280x", "8x8", "16x16385", "16x16x16", "axb", "-16x16"};
    for (size_t k = 0; k < sizeof badsz / sizeof badsz[0]; k++) {
        w = h = 1;
        ck_assert_msg(cli_size("--size", badsz[k], 16, 16384, &w, &h, &e) == -1, "accepted '%s'",
                      badsz[k]);
        ck_assert(w == 1 && h == 1);
        one_clean_line(&e, "--size '");
    }
}
END_TEST

/* Found by fuzz_cli: a value holding a newline (or any control character)
 * was quoted as it was, so the message spanned two lines. */
START_TEST(control_chars_quoted_on_one_line)
{
    Err e;
    long v;
    double d;
    int w, h;
    ck_assert_int_eq(cli_long("--seed", "12\nrm -rf", 0, 9, &v, &e), -1);
    one_clean_line(&e, "--seed '12?rm -rf'");
    ck_assert_int_eq(cli_double("--zoom", "\x1b[31m2", 0, 9, &d, &e), -1);
    one_clean_line(&e, "--zoom '?[31m2'");
    ck_assert_int_eq(cli_size("--size", "16\rx16", 16, 64, &w, &h, &e), -1);
    one_clean_line(&e, "--size '16?x16'");
    /* Long values are cut at 40 bytes, as before. */
    char longv[100];
    memset(longv, '7', sizeof longv - 1);
    longv[sizeof longv - 1] = '\0';
    ck_assert_int_eq(cli_long("--seed", longv, 0, 9, &v, &e), -1);
    ck_assert_ptr_nonnull(strstr(e.msg, "'7777777777777777777777777777777777777777'"));
}
END_TEST

/* Any message, not only the cli ones, stays on one line whatever it quotes. */
START_TEST(err_messages_are_one_line)
{
    Err e;
    ck_assert_int_eq(err_set(&e, "%s: bad name '%s'", "maps/a\nb.png", "x\r\ty\x1b"), -1);
    ck_assert_str_eq(e.msg, "maps/a?b.png: bad name 'x??y?'");
    ck_assert_int_eq(err_set(NULL, "ignored %d", 1), -1);
}
END_TEST

/* cli_fail names what the user typed; a newline or escape in it must not
 * break the one-line message (found by fuzzing shoal-editor's flags). */
START_TEST(cli_fail_is_one_line)
{
    char path[] = "/tmp/shoal-test-cli-XXXXXX";
    int fd = mkstemp(path);
    ck_assert_int_ge(fd, 0);
    fflush(stderr);
    int saved = dup(2);
    ck_assert_int_ge(saved, 0);
    dup2(fd, 2);
    int rc = cli_fail("prog", "--x\nyz\x1b[2J", "unknown flag (%s)", "see\r--help");
    fflush(stderr);
    dup2(saved, 2);
    close(saved);
    ck_assert_int_eq(rc, 2);
    char buf[256] = {0};
    ssize_t n = pread(fd, buf, sizeof buf - 1, 0);
    close(fd);
    unlink(path);
    ck_assert_int_gt(n, 0);
    ck_assert_str_eq(buf, "prog: --x?yz?[2J: unknown flag (see?--help)\n");
}
END_TEST

/* ------------------------------------------------------------ the scanner */

/* A small binary's command line, for the scanner's tests. */
typedef struct Toy {
    int n, quiet, pair[2], w, h, mode, n_at, quiet_at;
    double x, y;
    const char *out;
    uint32_t seed;
} Toy;

static const char *const toy_modes[] = {"fast", "slow", NULL};

static int toy_scan(Toy *t, unsigned opts, char **argv, int argc, Err *e)
{
    memset(t, 0, sizeof *t);
    const CliFlag flags[] = {
        {.name = "--n", .kind = CLI_INT, .to = &t->n, .lo = 0, .hi = 9, .given = &t->n_at},
        {.name = "--quiet", .kind = CLI_SWITCH, .to = &t->quiet, .given = &t->quiet_at},
        {.name = "--pair", .kind = CLI_PAIR, .to = t->pair, .lo = 1, .hi = 8},
        {.name = "--size", .kind = CLI_SIZE, .to = &t->w, .to2 = &t->h, .lo = 16, .hi = 64},
        {.name = "--at", .kind = CLI_POINT, .to = &t->x, .to2 = &t->y, .dlo = 0, .dhi = 10},
        {.name = "--mode", .kind = CLI_CHOICE, .to = &t->mode, .names = toy_modes},
        {.name = "--out", .kind = CLI_FILE, .to = &t->out},
        {.name = "--seed", .kind = CLI_U32, .to = &t->seed, .lo = 0, .hi = 4294967295L},
        {.name = "--help", .alias = "-h", .kind = CLI_HELP},
        {.name = "--version", .kind = CLI_VERSION},
    };
    const CliSpec spec = {.prog = "toy",
                          .version = "1",
                          .usage = "usage: toy\n",
                          .flags = flags,
                          .count = sizeof flags / sizeof flags[0],
                          .column = 12,
                          .opts = opts};
    return cli_scan(&spec, argc, argv, e);
}

#define TOY(t, opts, e, ...)                                                                       \
    toy_scan(t, opts, (char *[]){"toy", __VA_ARGS__},                                              \
             (int)(sizeof((char *[]){"toy", __VA_ARGS__}) / sizeof(char *)), e)

START_TEST(scanner_stores_every_kind)
{
    Toy t;
    Err e;
    ck_assert_int_eq(TOY(&t, CLI_EQUALS, &e, "--n", "7", "--quiet", "--pair=2,5", "--size", "16x64",
                         "--at", "1.5,2", "--mode=slow", "--out", "f.png", "--seed", "4294967295"),
                     CLI_SCAN_OK);
    ck_assert_int_eq(t.n, 7);
    ck_assert_int_eq(t.quiet, 1);
    ck_assert(t.pair[0] == 2 && t.pair[1] == 5);
    ck_assert(t.w == 16 && t.h == 64);
    ck_assert(t.x == 1.5 && t.y == 2);
    ck_assert_int_eq(t.mode, 1);
    ck_assert_str_eq(t.out, "f.png");
    ck_assert_uint_eq(t.seed, 4294967295u);
    /* Where each was given: its argv index, the last one when repeated. */
    ck_assert_int_eq(TOY(&t, 0, &e, "--quiet", "--n", "1", "--n", "2"), CLI_SCAN_OK);
    ck_assert(t.quiet_at == 1 && t.n_at == 4 && t.n == 2);
    ck_assert_int_eq(TOY(&t, 0, &e, "--pair", "3"), CLI_SCAN_OK);
    ck_assert(t.pair[0] == 3 && t.pair[1] == 3);
}
END_TEST

/* Table-driven: each bad command line and the one line it must give. */
START_TEST(scanner_names_the_flag_in_one_line)
{
    static const struct {
        unsigned opts;
        char *a, *b; /* argv is not const */
        const char *want;
    } cases[] = {
        {0, "--n", NULL, "--n: missing value"},
        {0, "--n", "x", "--n 'x': expected a whole number from 0 to 9"},
        {CLI_STRICT, "--n", "x", "--n: 'x' is not a whole number in 0..9"},
        {CLI_STRICT, "--n", "+1", "--n: '+1' is not a whole number in 0..9"},
        {CLI_STRICT, "--size", "8x8", "--size: '8x8' is not WxH with each side in 16..64"},
        {CLI_STRICT, "--pair", "1,9", "--pair: '1,9' is not N or N,M with each in 1..8"},
        {0, "--mode", "quick", "--mode 'quick': expected fast or slow"},
        {CLI_STRICT, "--mode", "quick", "--mode: 'quick' is not fast or slow"},
        {0, "--out", "", "--out: empty file name"},
        {0, "--bogus", NULL, "--bogus: unknown flag (see --help)"},
        {0, "--n=1", NULL, "--n=1: unknown flag (see --help)"},
        {CLI_EQUALS, "--quiet=1", NULL, "--quiet: takes no value (got '1')"},
        {0, "word", NULL, "word: unexpected argument (see --help)"},
        {0, "--n", "1\n2", "--n '1?2': expected a whole number from 0 to 9"},
        {0, "--bo\ngus", NULL, "--bo?gus: unknown flag (see --help)"},
    };
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        Toy t;
        Err e;
        int rc = cases[k].b ? TOY(&t, cases[k].opts, &e, cases[k].a, cases[k].b)
                            : TOY(&t, cases[k].opts, &e, cases[k].a);
        ck_assert_msg(rc == CLI_SCAN_FAIL, "case %zu accepted", k);
        ck_assert_str_eq(e.msg, cases[k].want);
    }
}
END_TEST

static int toy_unknown(void *ctx, const char *flag, Err *e)
{
    return err_set(e, "%s: no such option '%s'", (const char *)ctx, flag);
}

/* A message names the flag as it was typed, alias or not; a binary may
 * word unknown flags its own way. */
START_TEST(scanner_speaks_as_typed)
{
    int n = 0;
    const CliFlag flags[] = {
        {.name = "--count", .alias = "-n", .kind = CLI_INT, .to = &n, .hi = 9}};
    const CliSpec spec = {
        .prog = "toy", .flags = flags, .count = 1, .unknown = toy_unknown, .ctx = "toy"};
    Err e;
    ck_assert_int_eq(cli_scan(&spec, 2, (char *[]){"toy", "-n", NULL}, &e), CLI_SCAN_FAIL);
    ck_assert_str_eq(e.msg, "-n: missing value");
    ck_assert_int_eq(cli_scan(&spec, 3, (char *[]){"toy", "-n", "10", NULL}, &e), CLI_SCAN_FAIL);
    ck_assert_str_eq(e.msg, "-n '10': expected a whole number from 0 to 9");
    ck_assert_int_eq(cli_scan(&spec, 3, (char *[]){"toy", "--count", "4", NULL}, &e), CLI_SCAN_OK);
    ck_assert_int_eq(n, 4);
    ck_assert_int_eq(cli_scan(&spec, 2, (char *[]){"toy", "--what", NULL}, &e), CLI_SCAN_FAIL);
    ck_assert_str_eq(e.msg, "toy: no such option '--what'");
}
END_TEST

START_TEST(scanner_help_waits_for_every_flag_unless_told)
{
    Toy t;
    Err e;
    ck_assert_int_eq(TOY(&t, 0, &e, "--help", "--n", "x"), CLI_SCAN_FAIL);
    ck_assert_int_eq(TOY(&t, CLI_HELP_FIRST, &e, "--help", "--n", "x"), CLI_SCAN_HELP);
    ck_assert_int_eq(TOY(&t, 0, &e, "--version", "-h"), CLI_SCAN_HELP);
    ck_assert_int_eq(TOY(&t, 0, &e, "--version"), CLI_SCAN_VERSION);
}
END_TEST

/* The help rows come from the table: name, value name, text at the column,
 * each further line indented alike; unlisted rows stay out. */
START_TEST(scanner_help_prints_the_table)
{
    const CliFlag flags[] = {
        {.name = "--n", .kind = CLI_INT, .arg = "N", .help = "count\nsecond line"},
        {.name = "--a-very-long-flag", .kind = CLI_SWITCH, .help = "wide"},
        {.name = "--hidden", .kind = CLI_SWITCH},
    };
    const CliSpec spec = {.prog = "toy",
                          .usage = "usage: toy\n",
                          .footer = "end\n",
                          .flags = flags,
                          .count = 3,
                          .column = 10};
    char path[] = "/tmp/shoal-test-cli-XXXXXX";
    int fd = mkstemp(path);
    ck_assert_int_ge(fd, 0);
    FILE *f = fdopen(fd, "w+");
    cli_help(f, &spec);
    rewind(f);
    char buf[512] = {0};
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    fclose(f);
    unlink(path);
    buf[n] = '\0';
    ck_assert_str_eq(buf, "usage: toy\n"
                          "  --n N   count\n"
                          "          second line\n"
                          "  --a-very-long-flag\n"
                          "          wide\n"
                          "end\n");
}
END_TEST

static Suite *cli_suite(void)
{
    Suite *s = suite_create("cli");
    TCase *t = tcase_create("core");
    tcase_add_test(t, whole_numbers);
    tcase_add_test(t, real_numbers_and_sizes);
    tcase_add_test(t, control_chars_quoted_on_one_line);
    tcase_add_test(t, err_messages_are_one_line);
    tcase_add_test(t, cli_fail_is_one_line);
    tcase_add_test(t, scanner_stores_every_kind);
    tcase_add_test(t, scanner_names_the_flag_in_one_line);
    tcase_add_test(t, scanner_speaks_as_typed);
    tcase_add_test(t, scanner_help_waits_for_every_flag_unless_told);
    tcase_add_test(t, scanner_help_prints_the_table);
    suite_add_tcase(s, t);
    return s;
}

SHOAL_CHECK_MAIN(cli_suite)
