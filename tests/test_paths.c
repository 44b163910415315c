/* test_ui_paths: finding the data directory (core/paths, used by the ui
 * and the tools) from $SHOAL_DATA, the executable's place, or the prefix. */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
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

/* F12's folder: $XDG_PICTURES_DIR, else the one user-dirs.dirs names
 * (often localised), else ~/Pictures; made on demand, with every parent. */
START_TEST(pictures_go_where_the_desktop_keeps_them)
{
    char home[256], cfg[300], file[400], out[PATHS_MAX];
    tu_tempdir(home, sizeof home);
    setenv("HOME", home, 1);
    snprintf(cfg, sizeof cfg, "%s/cfg", home);
    setenv("XDG_CONFIG_HOME", cfg, 1);
    unsetenv("XDG_PICTURES_DIR");

    char want[512];
    ck_assert_int_eq(paths_pictures_dir("shoal", out, sizeof out), 0);
    snprintf(want, sizeof want, "%s/Pictures/shoal", home);
    ck_assert_str_eq(out, want);

    Err e = {{0}};
    ck_assert_int_eq(paths_mkdirs(cfg, &e), 0);
    snprintf(file, sizeof file, "%s/user-dirs.dirs", cfg);
    FILE *f = fopen(file, "w");
    ck_assert_ptr_nonnull(f);
    fputs("# written by xdg-user-dirs-update\nXDG_DESKTOP_DIR=\"$HOME/Schreibtisch\"\n"
          "XDG_PICTURES_DIR=\"$HOME/Bilder\"\n",
          f);
    fclose(f);
    ck_assert_int_eq(paths_pictures_dir("shoal", out, sizeof out), 0);
    snprintf(want, sizeof want, "%s/Bilder/shoal", home);
    ck_assert_str_eq(out, want);

    setenv("XDG_PICTURES_DIR", "/srv/pics/", 1);
    ck_assert_int_eq(paths_pictures_dir("shoal", out, sizeof out), 0);
    ck_assert_str_eq(out, "/srv/pics/shoal");
    unsetenv("XDG_PICTURES_DIR");

    /* Made with its parents; a file in the way is named. */
    snprintf(want, sizeof want, "%s/a/b/c", home);
    ck_assert_int_eq(paths_mkdirs(want, &e), 0);
    struct stat st;
    ck_assert_int_eq(stat(want, &st), 0);
    ck_assert(S_ISDIR(st.st_mode));
    snprintf(want, sizeof want, "%s/x", file);
    ck_assert_int_ne(paths_mkdirs(want, &e), 0);
    ck_assert_ptr_nonnull(strstr(e.msg, "user-dirs.dirs"));

    /* As a person reads it: ~ for the home folder, nothing else changed. */
    snprintf(want, sizeof want, "%s/Bilder/shoal/x.png", home);
    ck_assert_str_eq(paths_tilde(want, out, sizeof out), "~/Bilder/shoal/x.png");
    ck_assert_str_eq(paths_tilde("/tmp/x.png", out, sizeof out), "/tmp/x.png");
    snprintf(want, sizeof want, "%sother/x.png", home);
    ck_assert_str_eq(paths_tilde(want, out, sizeof out), want);
    unsetenv("XDG_CONFIG_HOME");
}
END_TEST

static Suite *make_suite(void)
{
    Suite *s = suite_create("ui_paths");
    TCase *tc = tcase_create("paths");
    tcase_add_test(tc, env_wins);
    tcase_add_test(tc, next_to_the_executable);
    tcase_add_test(tc, pictures_go_where_the_desktop_keeps_them);
    suite_add_tcase(s, tc);
    return s;
}

SHOAL_CHECK_MAIN(make_suite)
