/* test_err: messages are one line of valid UTF-8 whatever they quote
 * (core/err): control characters as '?', stray bytes as \xNN. */
#include "core/err.h"
#include "testutil.h"

START_TEST(messages_are_one_line_of_text)
{
    Err e = {{0}};
    ck_assert_int_eq(err_set(&e, "%s: bad", "a\nb\x1b[2J.png"), -1);
    ck_assert_str_eq(e.msg, "a?b?[2J.png: bad");
    /* Latin-1 bytes, a stray continuation byte, an overlong '/', a
     * surrogate and a cut-short sequence: each byte escaped. */
    err_set(&e, "%s", "caf\xe9 \x80 \xc0\xaf \xed\xa0\x80 \xe2\x82");
    ck_assert_str_eq(e.msg, "caf\\xe9 \\x80 \\xc0\\xaf \\xed\\xa0\\x80 \\xe2\\x82");
    /* Valid UTF-8 stays as it is: two, three and four bytes. */
    err_set(&e, "%s", "\xc3\xa9t\xc3\xa9 \xe2\x80\x94 \xf0\x9f\x90\x9f");
    ck_assert_str_eq(e.msg, "\xc3\xa9t\xc3\xa9 \xe2\x80\x94 \xf0\x9f\x90\x9f");
}
END_TEST

START_TEST(long_messages_stop_whole)
{
    char big[2000];
    memset(big, '\xe9', sizeof big - 1);
    big[sizeof big - 1] = '\0';
    Err e = {{0}};
    err_set(&e, "%s", big);
    size_t n = strlen(e.msg);
    ck_assert_uint_lt(n, sizeof e.msg);
    ck_assert_uint_eq(n % 4, 0); /* no escape cut in half */
    memset(big, 0, sizeof big);
    for (int i = 0; i + 3 < 1990; i += 3) memcpy(big + i, "\xe2\x80\x94", 3);
    err_set(&e, "%s", big);
    ck_assert_uint_eq(strlen(e.msg) % 3, 0); /* no character cut in half */
    ck_assert_int_eq(err_set(NULL, "x"), -1);
}
END_TEST

static Suite *make_suite(void)
{
    Suite *s = suite_create("err");
    TCase *tc = tcase_create("messages");
    tcase_add_test(tc, messages_are_one_line_of_text);
    tcase_add_test(tc, long_messages_stop_whole);
    suite_add_tcase(s, tc);
    return s;
}

SHOAL_CHECK_MAIN(make_suite)
