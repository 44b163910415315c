/* save_locate: find the map a save names when it has moved since. */
#include "save_internal.h"

#include <assert.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "paths.h"

static bool fits(int n, size_t cap)
{
    return n >= 0 && (size_t)n < cap;
}

/* Load the map a save names. When that file is gone (the game was moved or
 * reinstalled, or the save was shared with its map), look for it where it
 * would be now: under the save's own folder (a relative name, then the
 * bare file name), then among the shipped maps. The path that loads
 * replaces the recorded one, so the next save records where the map is now
 * (the save's map_size still has to match). A map file that is there but
 * broken is reported as it is. */
int save_locate_map(char *map_path, const char *save_path, Map *map, Err *me)
{
    assert(map_path && save_path);
    if (map_load(map, map_path, me) == 0) return 0;
    if (paths_exists(map_path)) return -1;
    Err first = *me;
    const char *name = paths_base_name(map_path);
    const char *sb = paths_base_name(save_path);
    int save_dir_len = (int)(sb - save_path);
    char cand[3][SKIRMISH_PATH_MAX];
    int nc = 0;
    /* (Candidates too long for a save's path are skipped.) */
    if (map_path[0] != '/' &&
        fits(snprintf(cand[nc], sizeof cand[nc], "%.*s%s", save_dir_len, save_path, map_path),
             sizeof cand[nc]))
        nc++;
    if (fits(snprintf(cand[nc], sizeof cand[nc], "%.*s%s", save_dir_len, save_path, name),
             sizeof cand[nc]))
        nc++;
    char maps[SKIRMISH_PATH_MAX];
    if (paths_data_file("maps", maps, sizeof maps) == 0 &&
        fits(snprintf(cand[nc], sizeof cand[nc], "%s/%s", maps, name), sizeof cand[nc]))
        nc++;
    for (int i = 0; i < nc; i++) {
        if (!paths_exists(cand[i])) continue;
        if (map_load(map, cand[i], me) != 0) return -1;
        strcpy(map_path, cand[i]);
        return 0;
    }
    err_set(me, "%s (not beside the save or among the shipped maps either)", first.msg);
    return -1;
}
