/* files: where the editor keeps recovery copies, and the small file-system
 * helpers its dialogs need (path completion, existence, removal). */
#ifndef SHOAL_ED_FILES_H
#define SHOAL_ED_FILES_H

#include <stdbool.h>
#include <stddef.h>
#include <time.h>

#include "core/err.h"

/* The recovery folder: $XDG_DATA_HOME/shoal/recovery, else
 * $HOME/.local/share/shoal/recovery. Returns 0, or -1 (e set) when neither
 * variable is set or the path does not fit. */
int files_recovery_dir(char *out, size_t cap, Err *e);

/* The recovery copy of the map at map_path (NULL or "" for an unsaved new
 * map): <dir>/<stem>-<8 hex digits>.png, the digits a hash of the map's
 * absolute path so maps of one name in two folders never share a copy;
 * an unsaved map's copy is <dir>/untitled.png. With create, the folder is
 * made (with parents) when missing. */
int files_recovery_path(const char *map_path, char *out, size_t cap, bool create, Err *e);

/* The absolute form of path (resolving "." and "..", following the real
 * folder when it exists). Returns 0 or -1 when it does not fit. */
int files_absolute(const char *path, char *out, size_t cap);

bool files_exists(const char *path);
/* Modification time, or 0 when the file cannot be read. */
time_t files_mtime(const char *path);
/* Remove a map's PNG and its .ini sidecar (missing ones are fine). */
void files_remove_map(const char *png_path);

/* Complete the path before the caret to the longest unambiguous match in
 * its folder (a folder gets a trailing '/'); for DialogCompleteFn. ctx is
 * NULL or a suffix such as ".png": other files are then not offered. */
void files_complete(void *ctx, char *field, size_t cap, size_t *caret);

#endif
