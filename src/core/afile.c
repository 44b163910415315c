/* afile: atomic writes and bounded whole-file reads. */
#include "afile.h"

#include <assert.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

int afile_stage(const char *path, const void *data, size_t len, char *tmp, Err *e)
{
    assert(path && tmp && (data || len == 0));
    /* mkstemp replaces the last six characters, which must be 'X'. */
    int n = snprintf(tmp, AFILE_TMP_MAX, "%s.tmp-......", path);
    if (n < 0 || n >= AFILE_TMP_MAX) return err_set(e, "%s: path too long", path);
    memset(tmp + n - 6, 'X', 6);
    int fd = mkstemp(tmp);
    if (fd < 0)
        return err_set(e, "%s: cannot create a temp file to save: %s", path, strerror(errno));
    const char *p = data;
    size_t left = len;
    while (left > 0) {
        ssize_t w = write(fd, p, left);
        if (w < 0 && errno == EINTR) continue;
        if (w <= 0) {
            int err = errno;
            close(fd);
            unlink(tmp);
            return err_set(e, "%s: write failed: %s", path, strerror(err));
        }
        p += w;
        left -= (size_t)w;
    }
    /* mkstemp makes 0600 files; saves are ordinary user files. */
    fchmod(fd, 0644);
    if (fsync(fd) != 0 || close(fd) != 0) {
        int err = errno;
        unlink(tmp);
        return err_set(e, "%s: could not flush to disk: %s", path, strerror(err));
    }
    return 0;
}

int afile_commit(const char *tmp, const char *path, Err *e)
{
    if (rename(tmp, path) != 0) {
        int err = errno;
        unlink(tmp);
        return err_set(e, "%s: could not replace the file: %s", path, strerror(err));
    }
    return 0;
}

void afile_discard(const char *tmp)
{
    unlink(tmp);
}

int afile_write(const char *path, const void *data, size_t len, Err *e)
{
    char tmp[AFILE_TMP_MAX];
    if (afile_stage(path, data, len, tmp, e)) return -1;
    return afile_commit(tmp, path, e);
}

int afile_read(const char *path, size_t max_bytes, char **data, size_t *len, Err *e)
{
    assert(path && data && len);
    *data = NULL;
    *len = 0;
    struct stat st;
    if (stat(path, &st) != 0) return err_set(e, "%s: %s", path, strerror(errno));
    if (S_ISDIR(st.st_mode)) return err_set(e, "%s: is a directory, not a file", path);
    if ((unsigned long long)st.st_size > max_bytes)
        return err_set(e, "%s: file too large (%lld bytes; the limit is %zu)", path,
                       (long long)st.st_size, max_bytes);
    FILE *f = fopen(path, "rb");
    if (!f) return err_set(e, "%s: %s", path, strerror(errno));
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
