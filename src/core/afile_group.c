/* afile_group: several files replaced all together or not at all, as the
 * user sees them, whatever point a kill or an error strikes: a journal
 * beside the first file, backups as hard links, and one recovery that a
 * failed commit and the next open both run. */
#include "afile.h"
#include "afile_internal.h"

#include <assert.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "stop.h"

#define JOURNAL_MAGIC     "shoal-afile-journal 1"
#define JOURNAL_MAX_BYTES (AFILE_GROUP_MAX * 3 * (AFILE_TMP_MAX + 4) + 64)

int afile_group_begin(AfileGroup *g, Err *e)
{
    memset(g, 0, sizeof *g);
    g->lock_fd = -1;
    (void)e;
    return 0;
}

int afile_group_add(AfileGroup *g, const char *path, const void *data, size_t len, Err *e)
{
    assert(g->n < AFILE_GROUP_MAX);
    if (strchr(path, '\n')) return err_set(e, "%s: a file name with a line break", path);
    struct stat st;
    bool exists;
    char *target = g->target[g->n];
    if (afile_resolve(path, target, &st, &exists, e)) return -1;
    if (g->n == 0) {
        /* The first file's folder holds the journal: lock it before any
         * temp file of ours appears there. */
        g->lock_fd = afile_lock_folder(target, true);
        if (g->lock_fd < 0)
            return err_set(e, "%s: cannot lock its folder to save: %s", path, strerror(errno));
    }
    if (afile_stage(path, data, len, g->tmp[g->n], e)) return -1;
    g->existed[g->n] = exists;
    g->n++;
    return 0;
}

void afile_group_abort(AfileGroup *g)
{
    for (int i = 0; i < g->n; i++) afile_discard(g->tmp[i]);
    g->n = 0;
    afile_unlock_folder(g->lock_fd);
    g->lock_fd = -1;
}

static void journal_path(const char *first_target, char *out)
{
    snprintf(out, AFILE_TMP_MAX + 16, "%s" AFILE_JOURNAL_SUFFIX, first_target);
}

/* The backup of a target, named after its temp file's unique suffix. */
static void backup_path(const char *target, const char *tmp, char *out)
{
    snprintf(out, AFILE_TMP_MAX + 16, "%s.bak-%s", target, tmp + strlen(tmp) - 6);
}

typedef struct Entry {
    char tmp[AFILE_TMP_MAX], target[AFILE_TMP_MAX], backup[AFILE_TMP_MAX + 16];
} Entry;

/* The journal: the direction ('F'orward: the new files stand; 'B'ack:
 * the old ones), then per file its temp file, its target, and its backup
 * ("-" when the target did not exist before). */
static int write_journal(const char *jpath, char dir, const Entry *en, int n, Err *e)
{
    size_t cap = JOURNAL_MAX_BYTES, len = 0;
    char *text = malloc(cap);
    if (!text) return err_set(e, "%s: out of memory", jpath);
    len += (size_t)snprintf(text + len, cap - len, JOURNAL_MAGIC "\n%c\n", dir);
    for (int i = 0; i < n; i++)
        len += (size_t)snprintf(text + len, cap - len, "%s\n%s\n%s\n", en[i].tmp, en[i].target,
                                en[i].backup[0] ? en[i].backup : "-");
    int rc = afile_replace(jpath, text, len, e); /* the folder is ours already */
    free(text);
    return rc;
}

static int read_journal(const char *jpath, char *dir, Entry *en, int *n, Err *e)
{
    char *text;
    size_t len;
    if (afile_read(jpath, JOURNAL_MAX_BYTES, &text, &len, e)) return -1;
    char *save = NULL, *line = strtok_r(text, "\n", &save);
    int rc = 0;
    if (!line || strcmp(line, JOURNAL_MAGIC) != 0 || !(line = strtok_r(NULL, "\n", &save)) ||
        (line[0] != 'F' && line[0] != 'B') || line[1])
        rc = err_set(e, "%s: not a journal of shoal's (remove it by hand if it is yours)", jpath);
    if (rc == 0) *dir = line[0];
    *n = 0;
    while (rc == 0 && (line = strtok_r(NULL, "\n", &save)) != NULL) {
        char *fields[3] = {line, strtok_r(NULL, "\n", &save), strtok_r(NULL, "\n", &save)};
        if (*n == AFILE_GROUP_MAX || !fields[1] || !fields[2] ||
            strlen(fields[0]) >= AFILE_TMP_MAX || strlen(fields[1]) >= AFILE_TMP_MAX ||
            strlen(fields[2]) >= AFILE_TMP_MAX + 16) {
            rc = err_set(e, "%s: a damaged journal (remove it by hand)", jpath);
            break;
        }
        strcpy(en[*n].tmp, fields[0]);
        strcpy(en[*n].target, fields[1]);
        strcpy(en[*n].backup, strcmp(fields[2], "-") ? fields[2] : "");
        (*n)++;
    }
    free(text);
    return rc;
}

/* Bring the files to the journal's side. Forward: every temp file still
 * there replaces its target (all were written whole before the journal
 * was). Back: a target whose temp file is gone gets its backup again, or
 * goes when it had none; temp files still there go. Every step can be
 * repeated, so a kill in the middle of this is mended the same way. */
static void settle(char dir, const Entry *en, int n)
{
    for (int i = 0; i < n; i++) {
        bool tmp_there = access(en[i].tmp, F_OK) == 0;
        if (dir == 'F') {
            if (tmp_there) rename(en[i].tmp, en[i].target);
        } else if (tmp_there) {
            unlink(en[i].tmp);
        } else if (en[i].backup[0]) {
            if (access(en[i].backup, F_OK) == 0) rename(en[i].backup, en[i].target);
        } else {
            unlink(en[i].target);
        }
        stop_untrack(en[i].tmp);
    }
    for (int i = 0; i < n; i++)
        if (en[i].backup[0]) unlink(en[i].backup);
}

int afile_group_commit(AfileGroup *g, Err *e)
{
    assert(g->n > 0);
    Entry *en = calloc((size_t)g->n, sizeof *en);
    char jpath[AFILE_TMP_MAX + 16];
    if (!en) {
        afile_group_abort(g);
        return err_set(e, "out of memory saving %s", g->target[0]);
    }
    journal_path(g->target[0], jpath);
    int rc = 0;
    for (int i = 0; i < g->n && rc == 0; i++) {
        strcpy(en[i].tmp, g->tmp[i]);
        strcpy(en[i].target, g->target[i]);
        if (!g->existed[i]) continue;
        backup_path(g->target[i], g->tmp[i], en[i].backup);
        unlink(en[i].backup);
        /* Without hard links (a FAT stick) there is no way back for this
         * file; the commit still goes forward whole once begun. */
        if (link(g->target[i], en[i].backup) != 0) en[i].backup[0] = '\0';
    }
    rc = write_journal(jpath, 'F', en, g->n, e);
    int failed = -1;
    for (int i = 0; i < g->n && rc == 0; i++) {
        if (rename(en[i].tmp, en[i].target) != 0) {
            rc = err_set(e, "%s: could not replace the file: %s", en[i].target, strerror(errno));
            failed = i;
        }
    }
    if (rc != 0 && failed >= 0) {
        /* Part of the group stands: put the old files back, journalled
         * so that a kill during this ends the same way. */
        Err ignored = {{0}};
        write_journal(jpath, 'B', en, g->n, &ignored);
        settle('B', en, g->n);
    } else if (rc != 0) {
        for (int i = 0; i < g->n; i++) afile_discard(en[i].tmp);
        for (int i = 0; i < g->n; i++)
            if (en[i].backup[0]) unlink(en[i].backup);
    } else {
        settle('F', en, g->n); /* only the backups are left to remove */
    }
    unlink(jpath);
    for (int i = 0; i < g->n; i++) stop_untrack(g->tmp[i]);
    free(en);
    g->n = 0;
    afile_unlock_folder(g->lock_fd);
    g->lock_fd = -1;
    return rc;
}

int afile_group_recover(const char *const paths[], int n, Err *e)
{
    assert(n > 0 && n <= AFILE_GROUP_MAX);
    char target[AFILE_GROUP_MAX][AFILE_TMP_MAX];
    for (int i = 0; i < n; i++) {
        struct stat st;
        bool exists;
        Err ignored = {{0}};
        /* A path that is no regular file is refused where it is read. */
        if (afile_resolve(paths[i], target[i], &st, &exists, &ignored)) strcpy(target[i], paths[i]);
    }
    char jpath[AFILE_TMP_MAX + 16];
    journal_path(target[0], jpath);
    int lock = afile_lock_folder(target[0], false);
    if (lock < 0) return 0; /* a save is under way, or the folder is not ours to lock */
    int rc = 0, mended = 0;
    if (access(jpath, F_OK) == 0) {
        Entry *en = calloc(AFILE_GROUP_MAX, sizeof *en);
        char dir = 'F';
        int k = 0;
        if (!en)
            rc = err_set(e, "out of memory reading %s", jpath);
        else if (read_journal(jpath, &dir, en, &k, e) != 0)
            rc = -1;
        if (rc == 0) {
            settle(dir, en, k);
            unlink(jpath);
            mended = 1;
        }
        free(en);
    }
    if (rc == 0) {
        for (int i = 0; i < n; i++) mended += afile_sweep(target[i], NULL, true) > 0;
        char jtmp[AFILE_TMP_MAX + 16];
        snprintf(jtmp, sizeof jtmp, "%s", jpath);
        mended += afile_sweep(jtmp, NULL, true) > 0;
    }
    afile_unlock_folder(lock);
    return rc != 0 ? -1 : mended;
}
