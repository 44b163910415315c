/* save: a skirmish as versioned text ("shoal-save 1", then key = value
 * lines in sections) and back. Saving is atomic; loading refuses anything
 * truncated, corrupt or impossible with one line naming file and line, and
 * a loaded battle plays on exactly as if it had never been saved. */
#ifndef SHOAL_SAVE_H
#define SHOAL_SAVE_H

#include <stddef.h>

#include "err.h"
#include "map.h"
#include "skirmish.h"

#define SAVE_VERSION   1
#define SAVE_MAX_BYTES (256 * 1024)

/* Render sk as save text into buf; returns the length, or -1 when cap is
 * too small or the map source (path) can't be written (e says why). */
int save_format(const Skirmish *sk, char *buf, size_t cap, Err *e);

/* Write sk to path atomically (temp file + rename). */
int save_write(const Skirmish *sk, const char *path, Err *e);

/* Parse save text (`name` is used in messages) for a battle on map, which
 * must be the map the save names (its size is checked). On success sk is
 * initialised (free with skirmish_deinit) and borrows map; on failure sk is
 * left empty and e holds "name:line: what is wrong". */
int save_parse(const char *text, size_t len, const char *name, const Map *map, Skirmish *sk,
               Err *e);

/* Read path, load or regenerate the map it names into *map (free with
 * map_free after skirmish_deinit) and parse it into sk. */
int save_load(const char *path, Skirmish *sk, Map *map, Err *e);

#endif
