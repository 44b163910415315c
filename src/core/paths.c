/* paths: the data directory (from the environment or the executable) and the
 * user's folders (XDG: saves, settings, pictures). */
#include "paths.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#ifndef SHOAL_DATADIR
#define SHOAL_DATADIR "/usr/local/share/shoal"
#endif

static int is_dir(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

/* Leave out empty (when it has room for that) and report failure. */
static int fail(char *out, size_t cap)
{
    if (cap) out[0] = '\0';
    return -1;
}

/* Copy src into out; -1 (and an empty out) when it does not fit. */
static int put(char *out, size_t cap, const char *src)
{
    size_t n = strlen(src);
    if (n >= cap) return fail(out, cap);
    memcpy(out, src, n + 1);
    return 0;
}

int paths_exe_dir(char *out, size_t cap)
{
    ssize_t n = readlink("/proc/self/exe", out, cap - 1);
    if (n <= 0 || (size_t)n >= cap - 1) return -1;
    out[n] = '\0';
    char *slash = strrchr(out, '/');
    if (!slash) return -1;
    if (slash == out)
        slash[1] = '\0';
    else
        *slash = '\0';
    return 0;
}

int paths_data_dir(char *out, size_t cap)
{
    const char *env = getenv("SHOAL_DATA");
    if (env && env[0]) {
        char trimmed[PATHS_MAX];
        if (put(trimmed, sizeof trimmed, env) != 0) return fail(out, cap);
        size_t n = strlen(trimmed);
        while (n > 1 && trimmed[n - 1] == '/') trimmed[--n] = '\0';
        return put(out, cap, trimmed);
    }
    char dir[PATHS_MAX];
    if (paths_exe_dir(dir, sizeof dir) == 0) {
        static const char *const rel[] = {"/../data", "/../share/shoal"};
        for (size_t i = 0; i < sizeof rel / sizeof rel[0]; i++) {
            char cand[4096 + 32];
            snprintf(cand, sizeof cand, "%s%s", dir, rel[i]);
            if (!is_dir(cand)) continue;
            /* Resolve the ".." so paths in messages read naturally. */
            char real[PATHS_MAX];
            if (realpath(cand, real)) return put(out, cap, real);
            return put(out, cap, cand);
        }
    }
    return put(out, cap, SHOAL_DATADIR);
}

int paths_data_file(const char *rel, char *out, size_t cap)
{
    char dir[PATHS_MAX];
    if (paths_data_dir(dir, sizeof dir) != 0) return fail(out, cap);
    while (rel[0] == '/') rel++;
    if (cap == 0) return -1;
    int n = snprintf(out, cap, "%s/%s", dir, rel);
    if (n < 0 || (size_t)n >= cap) return fail(out, cap);
    return 0;
}

const char *paths_base_name(const char *path)
{
    const char *s = strrchr(path, '/');
    return s ? s + 1 : path;
}

bool paths_exists(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0;
}

int paths_user_dir(const char *xdg, const char *home_tail, const char *tail, char *out, size_t cap)
{
    const char *x = getenv(xdg);
    const char *home = getenv("HOME");
    int n;
    if (x && x[0] == '/')
        n = snprintf(out, cap, "%s/%s", x, tail);
    else if (home && home[0])
        n = snprintf(out, cap, "%s/%s/%s", home, home_tail, tail);
    else
        return fail(out, cap);
    if (n < 0 || (size_t)n >= cap) return fail(out, cap);
    return 0;
}

/* user-dirs.dirs's XDG_PICTURES_DIR="$HOME/Bilder" into out, $HOME
 * expanded (the only variable the file may use). -1 when it has none. */
static int user_dirs_pictures(char *out, size_t cap)
{
    char file[PATHS_MAX], line[PATHS_MAX];
    if (paths_user_dir("XDG_CONFIG_HOME", ".config", "user-dirs.dirs", file, sizeof file) != 0)
        return -1;
    FILE *f = fopen(file, "r");
    if (!f) return -1;
    int rc = -1;
    static const char key[] = "XDG_PICTURES_DIR=\"";
    while (rc != 0 && fgets(line, sizeof line, f)) {
        if (strncmp(line, key, sizeof key - 1) != 0) continue;
        char *v = line + sizeof key - 1, *end = strchr(v, '"');
        if (!end) continue;
        *end = '\0';
        const char *home = getenv("HOME");
        int n = -1;
        if (strncmp(v, "$HOME/", 6) == 0 && home && home[0])
            n = snprintf(out, cap, "%s/%s", home, v + 6);
        else if (v[0] == '/')
            n = snprintf(out, cap, "%s", v);
        if (n > 0 && (size_t)n < cap) rc = 0;
    }
    fclose(f);
    return rc;
}

int paths_pictures_dir(const char *tail, char *out, size_t cap)
{
    char dir[PATHS_MAX];
    const char *x = getenv("XDG_PICTURES_DIR");
    if (x && x[0] == '/') {
        if (put(dir, sizeof dir, x) != 0) return fail(out, cap);
    } else if (user_dirs_pictures(dir, sizeof dir) != 0 &&
               paths_user_dir("XDG_PICTURES_DIR", "Pictures", "", dir, sizeof dir) != 0) {
        return fail(out, cap);
    }
    size_t len = strlen(dir);
    while (len > 1 && dir[len - 1] == '/') dir[--len] = '\0';
    int n = snprintf(out, cap, "%s/%s", dir, tail);
    if (n < 0 || (size_t)n >= cap) return fail(out, cap);
    return 0;
}

int paths_mkdirs(const char *path, Err *e)
{
    char buf[PATHS_MAX];
    size_t n = strlen(path);
    if (n == 0 || n >= sizeof buf) return err_set(e, "%s: bad folder path", path);
    memcpy(buf, path, n + 1);
    for (size_t i = 1; i <= n; i++) {
        if (buf[i] != '/' && buf[i] != '\0') continue;
        char c = buf[i];
        buf[i] = '\0';
        if (mkdir(buf, 0755) != 0 && errno != EEXIST)
            return err_set(e, "%s: cannot create folder: %s", buf, strerror(errno));
        buf[i] = c;
    }
    if (!is_dir(path)) return err_set(e, "%s: not a folder", path);
    return 0;
}

const char *paths_tilde(const char *path, char *out, size_t cap)
{
    const char *home = getenv("HOME");
    size_t n = home ? strlen(home) : 0;
    while (n > 1 && home[n - 1] == '/') n--;
    if (n > 1 && strncmp(path, home, n) == 0 && path[n] == '/')
        snprintf(out, cap, "~%s", path + n);
    else
        snprintf(out, cap, "%s", path);
    return out;
}
