/* test_stop: SIGINT and SIGTERM end a run cleanly (core/stop): a polled
 * program sees a flag; otherwise the staged temp files go and the process
 * ends at once. Each case runs in a child, so the handlers stay there. */
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include "core/afile.h"
#include "core/stop.h"
#include "testutil.h"

/* Runs body in a child and returns its exit status (or -1 if killed). */
static int in_child(void (*body)(const char *dir), const char *dir)
{
    pid_t pid = fork();
    ck_assert_int_ge(pid, 0);
    if (pid == 0) {
        body(dir);
        _exit(0);
    }
    int st;
    ck_assert_int_eq(waitpid(pid, &st, 0), pid);
    return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

static void polled(const char *dir)
{
    (void)dir;
    stop_catch(true);
    if (stop_requested() || stop_exit_status() != 0) _exit(10);
    raise(SIGTERM);
    /* The first signal only raises the flag: the program goes on. */
    if (!stop_requested()) _exit(11);
    _exit(stop_exit_status() == 143 ? 42 : 12);
}

START_TEST(polled_program_sees_the_flag)
{
    ck_assert_int_eq(in_child(polled, NULL), 42);
}
END_TEST

static void twice(const char *dir)
{
    (void)dir;
    stop_catch(true);
    raise(SIGINT);
    raise(SIGINT); /* a second one does not wait for the loop */
    _exit(13);
}

START_TEST(second_signal_ends_at_once)
{
    ck_assert_int_eq(in_child(twice, NULL), 130);
}
END_TEST

static void staged(const char *dir)
{
    char path[512], tmp[AFILE_TMP_MAX];
    snprintf(path, sizeof path, "%s/out.txt", dir);
    Err e = {{0}};
    stop_catch(false);
    if (afile_stage(path, "half", 4, tmp, &e) != 0) _exit(20);
    if (access(tmp, F_OK) != 0) _exit(21);
    raise(SIGTERM);
    _exit(22);
}

START_TEST(unpolled_program_leaves_no_temp_file)
{
    char dir[] = "/tmp/shoal-stop-XXXXXX";
    ck_assert_ptr_nonnull(mkdtemp(dir));
    ck_assert_int_eq(in_child(staged, dir), 143);
    /* Neither the temp file nor the target is there. */
    char cmd[600];
    snprintf(cmd, sizeof cmd, "rmdir %s", dir);
    ck_assert_int_eq(system(cmd), 0);
}
END_TEST

static void committed(const char *dir)
{
    char path[512], tmp[AFILE_TMP_MAX];
    snprintf(path, sizeof path, "%s/out.txt", dir);
    Err e = {{0}};
    stop_catch(false);
    if (afile_stage(path, "whole", 5, tmp, &e) != 0 || afile_commit(tmp, path, &e) != 0) _exit(30);
    raise(SIGTERM);
    _exit(31);
}

START_TEST(committed_file_stays)
{
    char dir[] = "/tmp/shoal-stop-XXXXXX";
    ck_assert_ptr_nonnull(mkdtemp(dir));
    ck_assert_int_eq(in_child(committed, dir), 143);
    char path[512];
    snprintf(path, sizeof path, "%s/out.txt", dir);
    FILE *f = fopen(path, "r");
    ck_assert_ptr_nonnull(f);
    char buf[16] = {0};
    ck_assert_uint_eq(fread(buf, 1, sizeof buf - 1, f), 5);
    fclose(f);
    ck_assert_str_eq(buf, "whole");
    unlink(path);
    rmdir(dir);
}
END_TEST

static Suite *make_suite(void)
{
    Suite *s = suite_create("stop");
    TCase *tc = tcase_create("signals");
    tcase_add_test(tc, polled_program_sees_the_flag);
    tcase_add_test(tc, second_signal_ends_at_once);
    tcase_add_test(tc, unpolled_program_leaves_no_temp_file);
    tcase_add_test(tc, committed_file_stays);
    suite_add_tcase(s, tc);
    return s;
}

SHOAL_CHECK_MAIN(make_suite)
