/* afile_internal: what afile.c and afile_group.c share. */
#ifndef SHOAL_AFILE_INTERNAL_H
#define SHOAL_AFILE_INTERNAL_H

#include <stdbool.h>
#include <sys/stat.h>

#include "err.h"

/* What a mode is, for a message: "a directory", "a FIFO (named pipe)", ... */
const char *afile_kind_of(mode_t m);

/* Where a write to path lands: path, or what a symlink there points to
 * (followed link by link, even when the last one dangles), so a save
 * replaces the target and keeps the link; out has AFILE_TMP_MAX bytes.
 * *st holds the target's stat when *exists. Refuses a target that is there
 * and not a regular file: a rename over a device or a FIFO would replace
 * it with a plain file. */
int afile_resolve(const char *path, char *out, struct stat *st, bool *exists, Err *e);

/* afile_write without the folder's lock or the sweep: stage, then commit.
 * For a writer that holds the lock already (a group's journal). */
int afile_replace(const char *path, const void *data, size_t len, Err *e);

/* A group's journal is its first file's name with this added. */
#define AFILE_JOURNAL_SUFFIX ".saving"

/* The folder of path (up to its last '/'), or "." without one; out has
 * AFILE_TMP_MAX bytes. */
void afile_folder_of(const char *path, char *out);

/* An exclusive flock on path's folder. Every writer of ours holds it while
 * its temp files are there (afile_write from before its sweep to its
 * rename, a group from its first add to its commit), so a sweep under it
 * never takes another process's save in progress for a killed one's
 * leftovers. wait: block until it is free, else give up at once. The
 * folder's fd, or -1 (it cannot be opened, or is locked and !wait). */
int afile_lock_folder(const char *path, bool wait);
void afile_unlock_folder(int fd);

/* Call with target's folder locked: remove the files a killed save of
 * target left there, named exactly as ours (BASE.tmp- and six characters
 * of mkstemp's; with family, those of every file named *FAMILY too; with
 * group, a group's backups BASE.bak-... as well), and only plain files.
 * Without group (a single file's write) nothing goes while a group's
 * journal is in the folder: its recovery may need them. Returns how many
 * went. */
int afile_sweep(const char *target, const char *family, bool group);

#endif
