/* save_internal: what the save's files share (save.c writes, save_parse.c
 * reads, save_locate.c finds a map that moved); nothing else includes it. */
#ifndef SHOAL_SAVE_INTERNAL_H
#define SHOAL_SAVE_INTERNAL_H

#include "save.h"

/* The words a save spells values with, indexed by the value. */
extern const char *const save_status_names[3]; /* FLEET_AFLOAT.. */
extern const char *const save_shot_names[FLEET_SHOTS];
extern const char save_step_chars[HEX_STEPS];
extern const char save_side_names[SKIRMISH_SIDES];
/* The value of the last line, "end = shoal-save": a save without it was cut short. */
#define SAVE_END_VALUE "shoal-save"

/* Load the map a save at save_path names in map_path (SKIRMISH_PATH_MAX
 * bytes). When that file is gone, look for it where it would be now and,
 * when found there, write the path that loaded into map_path. Returns 0, or
 * -1 with me saying why (the message as map_load's, with where else was
 * looked). */
int save_locate_map(char *map_path, const char *save_path, Map *map, Err *me);

#endif
