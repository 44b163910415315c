/* paths: where shoal's data directory (fonts, maps, sprites) lives. */
#ifndef SHOAL_PATHS_H
#define SHOAL_PATHS_H

#include <stdbool.h>
#include <stddef.h>

#include "err.h"

/* Room for any file path shoal builds or keeps (PATH_MAX on Linux). */
#define PATHS_MAX 4096

/* The data directory, first match wins:
 *   1. $SHOAL_DATA when set and non-empty (taken as given, even if missing,
 *      so a typo shows up in the error that names the missing file);
 *   2. <exe_dir>/../data when it is a directory (running from a build dir
 *      inside the source tree);
 *   3. <exe_dir>/../share/shoal when it is a directory (installed);
 *   4. the compiled-in SHOAL_DATADIR.
 * Writes the path (no trailing slash) into out. Returns 0, or -1 when it
 * does not fit into cap bytes (out then holds an empty string). */
int paths_data_dir(char *out, size_t cap);

/* paths_data_dir() joined with rel ("fonts/DejaVuSans.ttf"). Returns 0,
 * or -1 when the result does not fit (out then holds an empty string). */
int paths_data_file(const char *rel, char *out, size_t cap);

/* The directory holding the running executable (from /proc/self/exe, no
 * trailing slash), so a tool can find its siblings (the editor starts the
 * game beside it). Returns 0, or -1 when /proc is not there or the path
 * does not fit into cap bytes. */
int paths_exe_dir(char *out, size_t cap);

/* The part of path after its last '/' (all of it without one). */
const char *paths_base_name(const char *path);

/* Whether something (a file, a folder, anything stat() sees) is at path. */
bool paths_exists(const char *path);

/* A folder of the user's by the XDG rules: $XDG_KIND/tail when that
 * variable is set to an absolute path, else $HOME/home_tail/tail
 * ("XDG_DATA_HOME", ".local/share", "shoal/saves"). Returns 0, or -1 (out
 * empty) when neither is set or the path does not fit into cap bytes. */
int paths_user_dir(const char *xdg, const char *home_tail, const char *tail, char *out, size_t cap);

/* Where a desktop user keeps pictures, joined with tail ("shoal"):
 * $XDG_PICTURES_DIR, else the XDG_PICTURES_DIR line of user-dirs.dirs in
 * $XDG_CONFIG_HOME (or ~/.config), which names a localised folder, else
 * ~/Pictures. Returns 0, or -1 (out empty) with no home or no room. */
int paths_pictures_dir(const char *tail, char *out, size_t cap);

/* path as a person reads it: "~/rest" when it lies under $HOME, else as
 * it is (cut to cap bytes). Returns out. */
const char *paths_tilde(const char *path, char *out, size_t cap);

/* mkdir -p path (0755). Returns 0 when path is a folder at the end, or -1
 * with e naming the part that could not be made. */
int paths_mkdirs(const char *path, Err *e);

#endif
