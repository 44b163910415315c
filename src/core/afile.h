/* afile: atomic file replacement (temp file in the same folder, then rename),
 * so a failed save never damages what was there. */
#ifndef SHOAL_AFILE_H
#define SHOAL_AFILE_H

#include <stdbool.h>
#include <stddef.h>

#include "paths.h"

#include "err.h"

/* Replace path with len bytes of data atomically. On any failure (every
 * write, the flush to disk and the close are checked: a full disk, a file
 * size limit) the old file (if any) is untouched, the temp file is
 * removed, and e says why. A symlink at path is written through (its
 * target is replaced, the link stays); a replaced file keeps its mode; a
 * path that is a folder, a FIFO, a device or a socket is refused, never
 * replaced. Holds the folder's lock while it writes (a second process
 * writing there waits), and first removes the temp files that a killed
 * write of the same name left (NAME.tmp- and mkstemp's six characters,
 * plain files only). */
int afile_write(const char *path, const void *data, size_t len, Err *e);

/* afile_write for a folder whose files of this kind are all ours (the
 * game's saves: family ".sav"): it sweeps the leftovers of killed writes
 * of every file named *FAMILY there, not only of path, so a save killed
 * midway is cleaned up at the next save to that folder, whatever its
 * name. */
int afile_write_family(const char *path, const char *family, const void *data, size_t len, Err *e);

/* Where a write to path lands, and what a read of it reads: path, or the
 * end of the symlinks at path, followed link by link (a relative one from
 * its own folder; a last one that dangles gives where its file would be).
 * out has AFILE_TMP_MAX bytes. -1 with e set on a loop of links, a path
 * too long or a link that cannot be read. */
int afile_target(const char *path, char *out, Err *e);

/* The two halves of afile_write (without its lock and sweep), for saving
 * several files together: stage writes and flushes a temp file beside
 * path (its name into tmp, at least AFILE_TMP_MAX bytes); commit renames
 * it over path. Staging everything first means a full disk or a bad
 * folder is found before any file is replaced. afile_discard removes a
 * staged file that won't be committed. */
#define AFILE_TMP_MAX PATHS_MAX
int afile_stage(const char *path, const void *data, size_t len, char *tmp, Err *e);
int afile_commit(const char *tmp, const char *path, Err *e);
void afile_discard(const char *tmp);

/* A group of files replaced all together or not at all (a map's PNG and
 * its sidecar): whatever point a kill or an error strikes, a reader after
 * afile_group_recover sees all the new files or all the old ones.
 *   begin, then add each file (staged whole and flushed; the first add
 *   locks the first file's folder), then commit (or abort). commit writes
 *   a journal beside the first file (NAME.saving), keeps each old file as
 *   a hard link NAME.bak-RANDOM, renames every temp file into place and
 *   removes the journal and the backups; a rename that fails puts the old
 *   files back. Either way the folder lock is dropped.
 * AfileGroup is large (two paths a file): keep it off small stacks. */
#define AFILE_GROUP_MAX 4
typedef struct AfileGroup {
    int n;
    int lock_fd;
    bool existed[AFILE_GROUP_MAX];
    char target[AFILE_GROUP_MAX][AFILE_TMP_MAX];
    char tmp[AFILE_GROUP_MAX][AFILE_TMP_MAX];
} AfileGroup;
int afile_group_begin(AfileGroup *g, Err *e);
int afile_group_add(AfileGroup *g, const char *path, const void *data, size_t len, Err *e);
int afile_group_commit(AfileGroup *g, Err *e);
void afile_group_abort(AfileGroup *g);

/* Before reading a group's files (paths[0] first, as saved): finish or
 * undo a commit that a kill interrupted (its journal says which), and
 * remove temp files and backups that a killed save left (NAME.tmp-RANDOM,
 * NAME.bak-RANDOM: six characters of mkstemp's). Skipped while another process holds the folder for
 * a save. Returns how many leftovers it mended (0: none), or -1 when the journal is damaged (e
 * names it; the files are left as they are). */
int afile_group_recover(const char *const paths[], int n, Err *e);

/* Read a whole file into a malloc'd buffer (NUL-terminated for text use),
 * refusing files larger than max_bytes. Messages name the file: missing,
 * unreadable, too large, or not a regular file (a folder, a FIFO, a
 * device: refused without blocking). */
int afile_read(const char *path, size_t max_bytes, char **data, size_t *len, Err *e);

/* Whether afile_write(path) could succeed, asked before long work whose
 * result goes there: the folder exists and may be written, and path is
 * not something afile refuses to replace. 0, or -1 with e saying why. */
int afile_check_writable(const char *path, Err *e);

/* Whether a regular file is at path, without opening it: 1 yes, 0 nothing
 * there, -1 something that is not a regular file (a folder, a FIFO, a
 * device, a socket) or cannot be looked at, with e saying which. */
int afile_probe(const char *path, Err *e);

#endif
