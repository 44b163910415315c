/* test_afile: atomic writes that replace only what they should (through a
 * symlink to its target, keeping the file's mode, never over a FIFO, a
 * device or a folder) and reads that refuse anything but a regular file
 * without blocking, and the temp files of a killed write swept by the
 * next one, never a save's in progress (core/afile). */
#include <fcntl.h>
#include <signal.h>
#include <stdbool.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
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

/* Found with a game killed mid-save: quicksave.sav.tmp-k1LLed stayed for
 * good. The next write of that name removes it, and only what is exactly
 * ours: a plain file named NAME.tmp- and six characters of mkstemp's. */
START_TEST(killed_writes_leftovers_are_swept)
{
    static const char *const kept[] = {
        "quicksave.sav.tmp-Ab12C",   /* five characters */
        "quicksave.sav.tmp-Ab12Cde", /* seven */
        "quicksave.sav.tmp-Ab12C!",  /* not mkstemp's */
        "quicksave.sav.tmpAb12Cd",   /* not our separator */
        "other.sav.tmp-Ab12Cd",      /* another file's */
        "quicksave.sav.bak-Ab12Cd",  /* a group's backup: its recovery's */
    };
    char path[128], stale[128], p[128];
    at(path, sizeof path, "quicksave.sav");
    at(stale, sizeof stale, "quicksave.sav.tmp-Xy7Q0z");
    Err e = {{0}};
    ck_assert_int_eq(afile_write(path, "old", 3, &e), 0);
    tu_write(stale, "half a sa", 9);
    for (size_t k = 0; k < sizeof kept / sizeof kept[0]; k++) {
        at(p, sizeof p, kept[k]);
        tu_write(p, "x", 1);
    }
    /* Named like ours but no plain file: we never make these. */
    at(p, sizeof p, "quicksave.sav.tmp-Fifo12");
    ck_assert_int_eq(mkfifo(p, 0644), 0);
    at(p, sizeof p, "quicksave.sav.tmp-Link12");
    ck_assert_int_eq(symlink("other.sav.tmp-Ab12Cd", p), 0);
    at(p, sizeof p, "quicksave.sav.tmp-Dir123");
    ck_assert_int_eq(mkdir(p, 0755), 0);
    ck_assert_msg(afile_write(path, "new", 3, &e) == 0, "%s", e.msg);
    read_back(path, "new");
    ck_assert_msg(access(stale, F_OK) != 0, "the killed save's temp file is still there");
    for (size_t k = 0; k < sizeof kept / sizeof kept[0]; k++) {
        at(p, sizeof p, kept[k]);
        ck_assert_msg(access(p, F_OK) == 0, "%s was removed", kept[k]);
    }
    struct stat st;
    at(p, sizeof p, "quicksave.sav.tmp-Fifo12");
    ck_assert(lstat(p, &st) == 0 && S_ISFIFO(st.st_mode));
    at(p, sizeof p, "quicksave.sav.tmp-Link12");
    ck_assert(lstat(p, &st) == 0 && S_ISLNK(st.st_mode));
    at(p, sizeof p, "quicksave.sav.tmp-Dir123");
    ck_assert(lstat(p, &st) == 0 && S_ISDIR(st.st_mode));
    /* A group's save cut short (its journal is there) keeps its temp files
     * for the recovery that reads the journal. */
    char map[128], tmp[128], journal[128];
    at(map, sizeof map, "m.png");
    at(tmp, sizeof tmp, "m.png.tmp-Ab12Cd");
    at(journal, sizeof journal, "m.png.saving");
    tu_write(tmp, "new map", 7);
    tu_write(journal, "shoal-afile-journal 1\n", 22);
    ck_assert_msg(afile_write(map, "map", 3, &e) == 0, "%s", e.msg);
    ck_assert_msg(access(tmp, F_OK) == 0, "a group's temp file went before its recovery");
}
END_TEST

/* Whether some process waits on an flock (a "->" line in /proc/locks). */
static bool flock_waiter(pid_t pid)
{
    FILE *f = fopen("/proc/locks", "r");
    if (!f) return false;
    char line[256], want[32];
    snprintf(want, sizeof want, " %ld ", (long)pid);
    bool found = false;
    while (!found && fgets(line, sizeof line, f))
        found = strstr(line, "-> FLOCK") && strstr(line, want);
    fclose(f);
    return found;
}

/* Two games saving into one folder at once: the second write waits for the
 * first (which holds the folder) and so never takes its temp file for a
 * killed save's. Here the first is a group half done: staged, not yet
 * committed, when the second begins. */
START_TEST(a_save_under_way_keeps_its_temp_file)
{
    char path[128];
    at(path, sizeof path, "quicksave.sav");
    Err e = {{0}};
    AfileGroup *g = malloc(sizeof *g);
    ck_assert_ptr_nonnull(g);
    ck_assert_int_eq(afile_group_begin(g, &e), 0);
    ck_assert_msg(afile_group_add(g, path, "first", 5, &e) == 0, "%s", e.msg);
    pid_t pid = fork();
    ck_assert_int_ge(pid, 0);
    if (pid == 0) {
        /* Another game: it shares none of the first one's open files. */
        close(g->lock_fd);
        _exit(afile_write(path, "second", 6, &e) == 0 ? 0 : 1);
    }
    /* Wait (up to 20 s) until the second writer waits on the folder; where
     * no /proc/locks shows that, the commit simply races it. */
    struct timespec tick = {0, 2000000};
    bool seen = access("/proc/locks", R_OK) == 0, waiting = !seen;
    for (int i = 0; seen && i < 10000 && !(waiting = flock_waiter(pid)); i++)
        nanosleep(&tick, NULL);
    int committed = afile_group_commit(g, &e);
    int status;
    ck_assert_int_eq(waitpid(pid, &status, 0), pid);
    free(g);
    ck_assert_msg(waiting, "the second writer never waited for the folder");
    ck_assert_msg(committed == 0, "the first save failed: %s", e.msg);
    ck_assert_msg(WIFEXITED(status) && WEXITSTATUS(status) == 0, "the second save failed");
    read_back(path, "second");
    ck_assert_int_eq(unlink(path), 0);
    ck_assert_int_eq(entries(), 0);
}
END_TEST

static Suite *make_suite(void)
{
    Suite *s = suite_create("afile");
    TCase *tc = tcase_create("files");
    tcase_set_timeout(tc, 30); /* a_save_under_way's wait, on a loaded machine */
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_test(tc, symlink_is_written_through);
    tcase_add_test(tc, mode_is_kept);
    tcase_add_test(tc, special_files_are_refused);
    tcase_add_test(tc, fifo_read_refused_without_blocking);
    tcase_add_test(tc, killed_writes_leftovers_are_swept);
    tcase_add_test(tc, a_save_under_way_keeps_its_temp_file);
    suite_add_tcase(s, tc);
    return s;
}

SHOAL_CHECK_MAIN(make_suite)
