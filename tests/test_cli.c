/* test_cli: the flag-value parsers of every binary: ranges, strictness, and
 * one-line messages that name the flag whatever the value holds. */
#include "testutil.h"

#include <limits.h>
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

static Suite *cli_suite(void)
{
    Suite *s = suite_create("cli");
    TCase *t = tcase_create("core");
    tcase_add_test(t, whole_numbers);
    tcase_add_test(t, real_numbers_and_sizes);
    tcase_add_test(t, control_chars_quoted_on_one_line);
    tcase_add_test(t, err_messages_are_one_line);
    tcase_add_test(t, cli_fail_is_one_line);
    suite_add_tcase(s, t);
    return s;
}

SHOAL_CHECK_MAIN(cli_suite)
