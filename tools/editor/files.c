/* files: recovery paths, absolute paths and path completion. */
#include "files.h"

#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/map.h"
#include "core/paths.h"

int files_recovery_dir(char *out, size_t cap, Err *e)
{
    if (paths_user_dir("XDG_DATA_HOME", ".local/share", "shoal/recovery", out, cap) != 0)
        return err_set(e, "recovery: no folder (HOME and XDG_DATA_HOME unset, or too long); "
                          "no autosave");
    return 0;
}

int files_absolute(const char *path, char *out, size_t cap)
{
    char buf[8192];
    if (path[0] == '/') {
        snprintf(buf, sizeof buf, "%s", path);
    } else {
        char cwd[PATHS_MAX];
        if (!getcwd(cwd, sizeof cwd)) return -1;
        snprintf(buf, sizeof buf, "%s/%s", cwd, path);
    }
    /* Resolve the folder for real when it exists (symlinks, ".."), keep
     * the file name as given (it may not exist yet). */
    char *slash = strrchr(buf, '/');
    char dir[8192], real[PATH_MAX];
    snprintf(dir, sizeof dir, "%.*s", (int)(slash - buf), buf);
    if (!dir[0]) snprintf(dir, sizeof dir, "/");
    int n;
    if (realpath(dir, real))
        n = snprintf(out, cap, "%s%s%s", real, strcmp(real, "/") ? "/" : "", slash + 1);
    else
        n = snprintf(out, cap, "%s", buf);
    return n < 0 || (size_t)n >= cap ? -1 : 0;
}

int files_recovery_path(const char *map_path, char *out, size_t cap, bool create, Err *e)
{
    char dir[PATHS_MAX];
    if (files_recovery_dir(dir, sizeof dir, e) != 0) return -1;
    if (create && paths_mkdirs(dir, e) != 0) return -1;
    int n;
    if (!map_path || !map_path[0]) {
        n = snprintf(out, cap, "%s/untitled.png", dir);
    } else {
        char abs[8192];
        if (files_absolute(map_path, abs, sizeof abs) != 0)
            return err_set(e, "%s: path too long for a recovery copy", map_path);
        uint32_t h = 2166136261u;
        for (const char *p = abs; *p; p++) h = (h ^ (unsigned char)*p) * 16777619u;
        const char *base = strrchr(abs, '/');
        base = base ? base + 1 : abs;
        size_t len = strlen(base);
        if (len > 4 && strcmp(base + len - 4, ".png") == 0) len -= 4;
        if (len > 120) len = 120;
        n = snprintf(out, cap, "%s/%.*s-%08x.png", dir, (int)len, base, (unsigned)h);
    }
    if (n < 0 || (size_t)n >= cap) return err_set(e, "recovery: path too long");
    return 0;
}

bool files_exists(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0;
}

time_t files_mtime(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 ? st.st_mtime : 0;
}

void files_remove_map(const char *png_path)
{
    char ini[PATHS_MAX];
    map_sidecar_path(png_path, ini, sizeof ini);
    remove(png_path);
    if (ini[0]) remove(ini);
}

void files_complete(void *ctx, char *field, size_t cap, size_t *caret)
{
    const char *suffix = ctx;
    char head[PATHS_MAX];
    size_t n = *caret < sizeof head - 1 ? *caret : sizeof head - 1;
    memcpy(head, field, n);
    head[n] = '\0';
    char dir[PATHS_MAX];
    const char *stem;
    char *slash = strrchr(head, '/');
    if (slash) {
        snprintf(dir, sizeof dir, "%.*s", slash == head ? 1 : (int)(slash - head), head);
        stem = slash + 1;
    } else {
        snprintf(dir, sizeof dir, ".");
        stem = head;
    }
    if (head[0] == '~' && (head[1] == '/' || head[1] == '\0') && getenv("HOME")) {
        /* "~/" means home, as in a shell. */
        char exp[PATHS_MAX];
        snprintf(exp, sizeof exp, "%s%s", getenv("HOME"), head + 1);
        size_t tail = strlen(field + *caret);
        if (strlen(exp) + tail + 1 <= cap) {
            memmove(field + strlen(exp), field + *caret, tail + 1);
            memcpy(field, exp, strlen(exp));
            *caret = strlen(exp);
        }
        return;
    }
    DIR *d = opendir(dir);
    if (!d) return;
    size_t sl = strlen(stem);
    char best[1024] = "";
    int matches = 0, best_dir = 0;
    struct dirent *de;
    while ((de = readdir(d)) != NULL) {
        if (strncmp(de->d_name, stem, sl) != 0) continue;
        if (!strcmp(de->d_name, ".") || !strcmp(de->d_name, "..")) continue;
        /* Hidden files only when asked for with a leading dot. */
        if (de->d_name[0] == '.' && stem[0] != '.') continue;
        char full[8192];
        snprintf(full, sizeof full, "%s/%s", dir, de->d_name);
        struct stat st;
        bool is_dir = stat(full, &st) == 0 && S_ISDIR(st.st_mode);
        /* Only folders and files with the wanted suffix. */
        size_t nl = strlen(de->d_name), sfx = suffix ? strlen(suffix) : 0;
        if (!is_dir && sfx && (nl < sfx || strcasecmp(de->d_name + nl - sfx, suffix) != 0))
            continue;
        if (matches++ == 0) {
            snprintf(best, sizeof best, "%s", de->d_name);
            best_dir = is_dir;
        } else {
            /* Keep the common prefix. */
            size_t k = 0;
            while (best[k] && best[k] == de->d_name[k]) k++;
            best[k] = '\0';
            best_dir = 0;
        }
    }
    closedir(d);
    if (matches == 0 || strlen(best) < sl) return;
    char add[1100];
    snprintf(add, sizeof add, "%s%s", best + sl, matches == 1 && best_dir ? "/" : "");
    size_t k = strlen(add), len = strlen(field);
    if (k == 0 || len + k + 1 > cap) return;
    memmove(field + *caret + k, field + *caret, len - *caret + 1);
    memcpy(field + *caret, add, k);
    *caret += k;
}
