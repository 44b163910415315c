/* test_afile: atomic writes that replace only what they should (through a
 * symlink to its target, keeping the file's mode, never over a FIFO, a
 * device or a folder) and reads that refuse anything but a regular file
 * without blocking (core/afile). */
#include <fcntl.h>
#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/afile.h"
#include "testutil.h"

static char dir[64];

static void setup(void)
{
    snprintf(dir, sizeof dir, "/tmp/shoal-afile-XXXXXX");
    ck_assert_ptr_nonnull(mkdtemp(dir));
}

static void teardown(void)
{
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
    ck_assert_int_eq(system(cmd), 0);
}

static void at(char *out, size_t cap, const char *name)
{
    snprintf(out, cap, "%s/%s", dir, name);
}

static void read_back(const char *path, const char *want)
{
    char *data;
    size_t len;
    Err e = {{0}};
    ck_assert_msg(afile_read(path, 1024, &data, &len, &e) == 0, "%s", e.msg);
    ck_assert_str_eq(data, want);
    free(data);
}

/* Entries left in dir (a temp file left over would be one). */
static int entries(void)
{
    char cmd[128];
    snprintf(cmd, sizeof cmd, "test -z \"$(ls -A %s)\"", dir);
    return system(cmd) == 0 ? 0 : 1;
}

START_TEST(symlink_is_written_through)
{
    char target[128], link[128];
    at(target, sizeof target, "settings.ini");
    at(link, sizeof link, "link.ini");
    Err e = {{0}};
    ck_assert_int_eq(afile_write(target, "old", 3, &e), 0);
    ck_assert_int_eq(symlink("settings.ini", link), 0);
    ck_assert_msg(afile_write(link, "new", 3, &e) == 0, "%s", e.msg);
    struct stat st;
    ck_assert_int_eq(lstat(link, &st), 0);
    ck_assert_msg(S_ISLNK(st.st_mode), "the link became a plain file");
    read_back(target, "new");
    /* A dangling link: its target is created. */
    char dangling[128], missing[128];
    at(dangling, sizeof dangling, "dangling.ini");
    at(missing, sizeof missing, "made.ini");
    ck_assert_int_eq(symlink("made.ini", dangling), 0);
    ck_assert_msg(afile_write(dangling, "made", 4, &e) == 0, "%s", e.msg);
    read_back(missing, "made");
    ck_assert_int_eq(lstat(dangling, &st), 0);
    ck_assert(S_ISLNK(st.st_mode));
}
END_TEST

START_TEST(mode_is_kept)
{
    char path[128];
    at(path, sizeof path, "private.ini");
    Err e = {{0}};
    ck_assert_int_eq(afile_write(path, "a", 1, &e), 0);
    struct stat st;
    ck_assert_int_eq(stat(path, &st), 0);
    ck_assert_int_eq(st.st_mode & 07777, 0644); /* a new file */
    ck_assert_int_eq(chmod(path, 0600), 0);
    ck_assert_int_eq(afile_write(path, "b", 1, &e), 0);
    ck_assert_int_eq(stat(path, &st), 0);
    ck_assert_int_eq(st.st_mode & 07777, 0600);
    read_back(path, "b");
}
END_TEST

START_TEST(special_files_are_refused)
{
    char fifo[128], sub[128];
    at(fifo, sizeof fifo, "pipe");
    at(sub, sizeof sub, "folder.png");
    ck_assert_int_eq(mkfifo(fifo, 0644), 0);
    ck_assert_int_eq(mkdir(sub, 0755), 0);
    Err e = {{0}};
    ck_assert_int_eq(afile_write(fifo, "x", 1, &e), -1);
    ck_assert_msg(strstr(e.msg, "pipe: is a FIFO") && strstr(e.msg, "refusing"), "%s", e.msg);
    struct stat st;
    ck_assert_int_eq(lstat(fifo, &st), 0);
    ck_assert_msg(S_ISFIFO(st.st_mode), "the FIFO was replaced");
    ck_assert_int_eq(afile_write(sub, "x", 1, &e), -1);
    ck_assert_msg(strstr(e.msg, "is a directory"), "%s", e.msg);
    /* A symlink to a device is followed to it, and refused. */
    char dev[128];
    at(dev, sizeof dev, "null");
    ck_assert_int_eq(symlink("/dev/null", dev), 0);
    ck_assert_int_eq(afile_write(dev, "x", 1, &e), -1);
    ck_assert_msg(strstr(e.msg, "character device"), "%s", e.msg);
    ck_assert_int_eq(stat("/dev/null", &st), 0);
    ck_assert(S_ISCHR(st.st_mode));
    /* Nothing else was made: only the three names are there. */
    unlink(fifo);
    rmdir(sub);
    unlink(dev);
    ck_assert_int_eq(entries(), 0);
}
END_TEST

static void on_alarm(int sig)
{
    (void)sig;
    _exit(99); /* blocked: the read waited for a writer */
}

START_TEST(fifo_read_refused_without_blocking)
{
    char fifo[128];
    at(fifo, sizeof fifo, "map.png");
    ck_assert_int_eq(mkfifo(fifo, 0644), 0);
    signal(SIGALRM, on_alarm);
    alarm(5);
    char *data;
    size_t len;
    Err e = {{0}};
    ck_assert_int_eq(afile_read(fifo, 1024, &data, &len, &e), -1);
    alarm(0);
    ck_assert_msg(strstr(e.msg, "map.png: is a FIFO"), "%s", e.msg);
    Err p = {{0}};
    ck_assert_int_eq(afile_probe(fifo, &p), -1);
    ck_assert_int_eq(afile_probe("/nonexistent/shoal", &p), 0);
    ck_assert_int_eq(afile_read("/dev/null", 1024, &data, &len, &e), -1);
    ck_assert_msg(strstr(e.msg, "character device"), "%s", e.msg);
}
END_TEST

static Suite *make_suite(void)
{
    Suite *s = suite_create("afile");
    TCase *tc = tcase_create("files");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_test(tc, symlink_is_written_through);
    tcase_add_test(tc, mode_is_kept);
    tcase_add_test(tc, special_files_are_refused);
    tcase_add_test(tc, fifo_read_refused_without_blocking);
    suite_add_tcase(s, tc);
    return s;
}

SHOAL_CHECK_MAIN(make_suite)
