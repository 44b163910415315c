/* afile: atomic file replacement (temp file in the same folder, then rename),
 * so a failed save never damages what was there. */
#ifndef SHOAL_AFILE_H
#define SHOAL_AFILE_H

#include <stddef.h>

#include "paths.h"

#include "err.h"

/* Replace path with len bytes of data atomically. On any failure the old
 * file (if any) is untouched, the temp file is removed, and e says why.
 * A symlink at path is written through (its target is replaced, the link
 * stays); a replaced file keeps its mode; a path that is a folder, a
 * FIFO, a device or a socket is refused, never replaced. */
int afile_write(const char *path, const void *data, size_t len, Err *e);

/* The two halves of afile_write, for saving several files together: stage
 * writes and flushes a temp file beside path (its name into tmp, at least
 * AFILE_TMP_MAX bytes); commit renames it over path. Staging everything
 * first means a full disk or a bad folder is found before any file is
 * replaced. afile_discard removes a staged file that won't be committed. */
#define AFILE_TMP_MAX PATHS_MAX
int afile_stage(const char *path, const void *data, size_t len, char *tmp, Err *e);
int afile_commit(const char *tmp, const char *path, Err *e);
void afile_discard(const char *tmp);

/* Read a whole file into a malloc'd buffer (NUL-terminated for text use),
 * refusing files larger than max_bytes. Messages name the file: missing,
 * unreadable, too large, or not a regular file (a folder, a FIFO, a
 * device: refused without blocking). */
int afile_read(const char *path, size_t max_bytes, char **data, size_t *len, Err *e);

/* Whether a regular file is at path, without opening it: 1 yes, 0 nothing
 * there, -1 something that is not a regular file (a folder, a FIFO, a
 * device, a socket) or cannot be looked at, with e saying which. */
int afile_probe(const char *path, Err *e);

#endif
