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

#endif
