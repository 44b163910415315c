/* test_ui_paths: finding the data directory (core/paths, used by the ui
 * and the tools) from $SHOAL_DATA, the executable's place, or the prefix. */
#include <limits.h>
#include <sys/stat.h>

#include "core/paths.h"
#include "testutil.h"

START_TEST(env_wins)
{
    char out[256];
    setenv("SHOAL_DATA", "/some/where/data//", 1);
    ck_assert_int_eq(paths_data_dir(out, sizeof out), 0);
    ck_assert_str_eq(out, "/some/where/data");
    ck_assert_int_eq(paths_data_file("fonts/x.ttf", out, sizeof out), 0);
    ck_assert_str_eq(out, "/some/where/data/fonts/x.ttf");
    ck_assert_int_eq(paths_data_file("/maps", out, sizeof out), 0);
    ck_assert_str_eq(out, "/some/where/data/maps");
    /* Too small a buffer fails cleanly with an empty string. */
    ck_assert_int_eq(paths_data_file("fonts/x.ttf", out, 20), -1);
    ck_assert_str_eq(out, "");
    ck_assert_int_eq(paths_data_dir(out, 5), -1);
    ck_assert_str_eq(out, "");
    unsetenv("SHOAL_DATA");
}
END_TEST

/* With no $SHOAL_DATA: <exe_dir>/../data when it exists, else the
 * compiled-in directory. The test binary lives in BUILD/tests/. */
START_TEST(next_to_the_executable)
{
    unsetenv("SHOAL_DATA");
    char exe[PATH_MAX], cand[PATH_MAX + 16], out[PATH_MAX + 16], real[PATH_MAX];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    ck_assert_int_gt(n, 0);
    exe[n] = '\0';
    *strrchr(exe, '/') = '\0';
    snprintf(cand, sizeof cand, "%s/../data", exe);
    struct stat st;
    int made = 0;
    if (stat(cand, &st) != 0) {
        ck_assert_int_eq(paths_data_dir(out, sizeof out), 0);
        ck_assert_str_eq(out, SHOAL_DATADIR);
        ck_assert_int_eq(mkdir(cand, 0755), 0);
        made = 1;
    }
    ck_assert_ptr_nonnull(realpath(cand, real));
    ck_assert_int_eq(paths_data_dir(out, sizeof out), 0);
    ck_assert_str_eq(out, real);
    if (made) rmdir(cand);
    /* An empty $SHOAL_DATA counts as unset. */
    setenv("SHOAL_DATA", "", 1);
    ck_assert_int_eq(paths_data_dir(out, sizeof out), 0);
    ck_assert_str_ne(out, "");
    unsetenv("SHOAL_DATA");
}
END_TEST

static Suite *make_suite(void)
{
    Suite *s = suite_create("ui_paths");
    TCase *tc = tcase_create("paths");
    tcase_add_test(tc, env_wins);
    tcase_add_test(tc, next_to_the_executable);
    suite_add_tcase(s, tc);
    return s;
}

SHOAL_CHECK_MAIN(make_suite)
