/* paths: finding the data directory from the environment or the executable. */
#include "paths.h"

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
