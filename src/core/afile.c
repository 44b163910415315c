/* afile: atomic writes, the sweep of what killed ones left, and bounded
 * whole-file reads. */
#include "afile.h"
#include "afile_internal.h"

#include <assert.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include "stop.h"

const char *afile_kind_of(mode_t m)
{
    if (S_ISDIR(m)) return "a directory";
    if (S_ISFIFO(m)) return "a FIFO (named pipe)";
    if (S_ISCHR(m)) return "a character device";
    if (S_ISBLK(m)) return "a block device";
    if (S_ISSOCK(m)) return "a socket";
    return "not a regular file";
}

/* Follow the symlinks at path to where they end (see afile_target); *st
 * and *exists say what is there. */
static int follow(const char *path, char *out, struct stat *st, bool *exists, Err *e)
{
    if (strlen(path) >= AFILE_TMP_MAX - 16) return err_set(e, "%s: path too long", path);
    strcpy(out, path);
    for (int hops = 0;; hops++) {
        if (lstat(out, st) != 0) {
            if (errno != ENOENT) return err_set(e, "%s: %s", path, strerror(errno));
            *exists = false;
            return 0;
        }
        if (!S_ISLNK(st->st_mode)) break;
        if (hops == 40) return err_set(e, "%s: too many levels of symbolic links", path);
        char link[PATHS_MAX];
        ssize_t n = readlink(out, link, sizeof link - 1);
        if (n < 0) return err_set(e, "%s: %s", path, strerror(errno));
        link[n] = '\0';
        if (link[0] == '/') {
            if ((size_t)n >= AFILE_TMP_MAX - 16) return err_set(e, "%s: path too long", path);
            strcpy(out, link);
        } else {
            char *slash = strrchr(out, '/');
            size_t dir = slash ? (size_t)(slash - out) + 1 : 0;
            if (dir + (size_t)n >= AFILE_TMP_MAX - 16) return err_set(e, "%s: path too long", path);
            memmove(out + dir, link, (size_t)n + 1);
        }
    }
    *exists = true;
    return 0;
}

int afile_target(const char *path, char *out, Err *e)
{
    struct stat st;
    bool exists;
    return follow(path, out, &st, &exists, e);
}

int afile_resolve(const char *path, char *out, struct stat *st, bool *exists, Err *e)
{
    if (follow(path, out, st, exists, e)) return -1;
    if (*exists && !S_ISREG(st->st_mode))
        return err_set(e, "%s: is %s, not a regular file; refusing to replace it", path,
                       afile_kind_of(st->st_mode));
    return 0;
}

int afile_stage(const char *path, const void *data, size_t len, char *tmp, Err *e)
{
    assert(path && tmp && (data || len == 0));
    struct stat st;
    bool exists;
    if (afile_resolve(path, tmp, &st, &exists, e)) return -1;
    /* mkstemp replaces the last six characters, which must be 'X'. */
    size_t n = strlen(tmp);
    memcpy(tmp + n, ".tmp-", 5);
    memset(tmp + n + 5, 'X', 6);
    tmp[n + 11] = '\0';
    int fd = mkstemp(tmp);
    if (fd < 0)
        return err_set(e, "%s: cannot create a temp file to save: %s", path, strerror(errno));
    stop_track(tmp);
    const char *p = data;
    size_t left = len;
    while (left > 0) {
        ssize_t w = write(fd, p, left);
        if (w < 0 && errno == EINTR) continue;
        if (w <= 0) {
            int err = errno;
            close(fd);
            afile_discard(tmp);
            return err_set(e, "%s: write failed: %s", path, strerror(err));
        }
        p += w;
        left -= (size_t)w;
    }
    /* mkstemp makes 0600 files: a replaced file keeps its own mode (and,
     * where we may, its owner); a new one is an ordinary user file. */
    if (exists) {
        fchmod(fd, st.st_mode & 07777);
        /* As root, the file stays its owner's; a failure (a filesystem
         * without owners) leaves it root's, which is no reason to fail. */
        int owned = geteuid() == 0 ? fchown(fd, st.st_uid, st.st_gid) : 0;
        (void)owned;
    } else {
        fchmod(fd, 0644);
    }
    if (fsync(fd) != 0 || close(fd) != 0) {
        int err = errno;
        afile_discard(tmp);
        return err_set(e, "%s: could not flush to disk: %s", path, strerror(err));
    }
    return 0;
}

int afile_commit(const char *tmp, const char *path, Err *e)
{
    char target[AFILE_TMP_MAX];
    struct stat st;
    bool exists;
    if (afile_resolve(path, target, &st, &exists, e)) {
        afile_discard(tmp);
        return -1;
    }
    if (rename(tmp, target) != 0) {
        int err = errno;
        afile_discard(tmp);
        return err_set(e, "%s: could not replace the file: %s", path, strerror(err));
    }
    stop_untrack(tmp);
    return 0;
}

void afile_discard(const char *tmp)
{
    unlink(tmp);
    stop_untrack(tmp);
}

int afile_replace(const char *path, const void *data, size_t len, Err *e)
{
    char tmp[AFILE_TMP_MAX];
    if (afile_stage(path, data, len, tmp, e)) return -1;
    return afile_commit(tmp, path, e);
}

int afile_write_family(const char *path, const char *family, const void *data, size_t len, Err *e)
{
    char target[AFILE_TMP_MAX];
    struct stat st;
    bool exists;
    if (afile_resolve(path, target, &st, &exists, e)) return -1;
    /* While we hold the folder's lock no other save of ours is under way
     * there, so a temp file of ours is a killed save's: it goes. A folder
     * we cannot lock (not readable, say) is written, not swept. */
    int lock = afile_lock_folder(target, true);
    if (lock >= 0) afile_sweep(target, family, false);
    int rc = afile_replace(path, data, len, e);
    afile_unlock_folder(lock);
    return rc;
}

int afile_write(const char *path, const void *data, size_t len, Err *e)
{
    return afile_write_family(path, NULL, data, len, e);
}

/* ------------------------------------------------- the folder's leftovers */

void afile_folder_of(const char *path, char *out)
{
    const char *slash = strrchr(path, '/');
    if (!slash)
        strcpy(out, ".");
    else if (slash == path)
        strcpy(out, "/");
    else
        snprintf(out, AFILE_TMP_MAX, "%.*s", (int)(slash - path), path);
}

int afile_lock_folder(const char *path, bool wait)
{
    char dir[AFILE_TMP_MAX];
    afile_folder_of(path, dir);
    int fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd < 0) return -1;
    while (flock(fd, LOCK_EX | (wait ? 0 : LOCK_NB)) != 0) {
        if (errno == EINTR) continue;
        close(fd);
        return -1;
    }
    return fd;
}

void afile_unlock_folder(int fd)
{
    if (fd >= 0) close(fd); /* closing drops the flock */
}

/* The length of the file name that name is a leftover of, when name is
 * that name + "." + kind + "-" and six characters of mkstemp's alphabet
 * (A-Z, a-z, 0-9): exactly what afile_stage (kind "tmp") or a group's
 * backup (kind "bak") is called. Else -1. */
static long leftover_of(const char *name, const char *kind)
{
    size_t n = strlen(name), k = strlen(kind), tail = k + 8; /* ".tmp-" + 6 */
    if (n <= tail) return -1;
    const char *t = name + n - tail;
    if (t[0] != '.' || strncmp(t + 1, kind, k) != 0 || t[k + 1] != '-') return -1;
    if (strspn(t + k + 2, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789") != 6)
        return -1;
    return (long)(n - tail);
}

/* Whether name is a leftover (of kind) of base, or of a file whose name
 * ends in family (when family is given). */
static bool ours(const char *name, const char *base, const char *family, const char *kind)
{
    long at = leftover_of(name, kind);
    if (at < 0) return false;
    size_t b = (size_t)at, f = family ? strlen(family) : 0;
    if (b == strlen(base) && strncmp(name, base, b) == 0) return true;
    return family && b > f && strncmp(name + b - f, family, f) == 0;
}

static bool ends_with(const char *s, const char *tail)
{
    size_t n = strlen(s), t = strlen(tail);
    return n >= t && strcmp(s + n - t, tail) == 0;
}

int afile_sweep(const char *target, const char *family, bool group)
{
    char dir[AFILE_TMP_MAX];
    afile_folder_of(target, dir);
    const char *base = paths_base_name(target);
    DIR *d = opendir(dir);
    if (!d) return 0;
    struct dirent *de;
    if (!group) {
        /* A group save cut short keeps its temp files for the recovery
         * its journal (NAME.saving) asks for: leave the folder to it. */
        while ((de = readdir(d)) != NULL)
            if (ends_with(de->d_name, AFILE_JOURNAL_SUFFIX)) {
                closedir(d);
                return 0;
            }
        rewinddir(d);
    }
    int removed = 0;
    char path[AFILE_TMP_MAX * 2];
    struct stat st;
    while ((de = readdir(d)) != NULL) {
        if (!ours(de->d_name, base, family, "tmp") &&
            !(group && ours(de->d_name, base, NULL, "bak")))
            continue;
        snprintf(path, sizeof path, "%s/%s", dir, de->d_name);
        /* Only plain files: we never make a link, a FIFO or a folder. */
        if (lstat(path, &st) != 0 || !S_ISREG(st.st_mode)) continue;
        if (unlink(path) == 0) removed++;
    }
    closedir(d);
    return removed;
}

int afile_check_writable(const char *path, Err *e)
{
    char target[AFILE_TMP_MAX];
    struct stat st;
    bool exists;
    if (afile_resolve(path, target, &st, &exists, e)) return -1;
    char *slash = strrchr(target, '/');
    if (slash == target) slash++; /* a file in / */
    if (slash) *slash = '\0';
    const char *dir = slash ? target : ".";
    if (stat(dir, &st) != 0 || !S_ISDIR(st.st_mode))
        return err_set(e, "%s: the folder %s does not exist", path, dir);
    if (access(dir, W_OK) != 0)
        return err_set(e, "%s: cannot write in the folder %s: %s", path, dir, strerror(errno));
    return 0;
}

int afile_probe(const char *path, Err *e)
{
    struct stat st;
    if (stat(path, &st) != 0) {
        if (errno == ENOENT || errno == ENOTDIR) return 0;
        return err_set(e, "%s: %s", path, strerror(errno));
    }
    if (!S_ISREG(st.st_mode))
        return err_set(e, "%s: is %s, not a file", path, afile_kind_of(st.st_mode));
    return 1;
}

int afile_read(const char *path, size_t max_bytes, char **data, size_t *len, Err *e)
{
    assert(path && data && len);
    *data = NULL;
    *len = 0;
    /* Look before opening (opening a device may act on it), then open
     * without blocking (a FIFO would wait for a writer forever) and look
     * again at what was opened. */
    int there = afile_probe(path, e);
    if (there == 0) return err_set(e, "%s: %s", path, strerror(ENOENT));
    if (there < 0) return -1;
    int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0) return err_set(e, "%s: %s", path, strerror(errno));
    struct stat st;
    if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
        close(fd);
        return err_set(e, "%s: is %s, not a file", path, afile_kind_of(st.st_mode));
    }
    fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK);
    if ((unsigned long long)st.st_size > max_bytes) {
        close(fd);
        return err_set(e, "%s: file too large (%lld bytes; the limit is %zu)", path,
                       (long long)st.st_size, max_bytes);
    }
    FILE *f = fdopen(fd, "rb");
    if (!f) {
        close(fd);
        return err_set(e, "%s: %s", path, strerror(errno));
    }
    size_t cap = (size_t)st.st_size + 1;
    char *buf = malloc(cap);
    if (!buf) {
        fclose(f);
        return err_set(e, "%s: out of memory reading %zu bytes", path, cap);
    }
    size_t n = fread(buf, 1, cap - 1, f);
    int bad = ferror(f);
    fclose(f);
    if (bad) {
        free(buf);
        return err_set(e, "%s: read error", path);
    }
    buf[n] = '\0';
    *data = buf;
    *len = n;
    return 0;
}
