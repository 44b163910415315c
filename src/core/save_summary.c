/* save_summary: what a save holds, for a load screen — the map, the turn,
 * the fleets and where the ships lie — read without building the battle. */
#include "save_internal.h"

#include <stdlib.h>
#include <string.h>

#include "afile.h"

/* Only the values that need no map: the rest is checked when it loads. */
static int check(const SaveData *d, Err *e)
{
    int line = d->end_line;
    if (save_check_source(d, e) != 0) return -1;
    const int need[] = {SAVE_BATTLE_MAP_SIZE, SAVE_BATTLE_TURN, SAVE_BATTLE_TURN_LIMIT,
                        SAVE_BATTLE_SHIPS};
    for (size_t k = 0; k < sizeof need / sizeof need[0]; k++)
        if (!d->bline[need[k]])
            return SAVE_BAD("incomplete save: [battle] has no '%s'", save_battle_keys[need[k]]);
    for (int i = 0; i < d->nships; i++)
        if (!d->pline[i][SAVE_SHIP_SIDE] || !d->pline[i][SAVE_SHIP_HEX] ||
            !d->pline[i][SAVE_SHIP_STATUS])
            return SAVE_BAD("incomplete save: ship %d has no side, hex or status", i);
    return 0;
}

static void fill(const SaveData *d, SaveSummary *out)
{
    memset(out, 0, sizeof *out);
    out->generated = d->bline[SAVE_BATTLE_GEN_SEED] != 0;
    memcpy(out->map_path, d->map_path, sizeof out->map_path);
    out->gen = d->gen;
    out->map_w = d->map_w;
    out->map_h = d->map_h;
    out->turn = d->turn;
    out->turn_limit = d->turn_limit;
    out->over = d->over;
    out->winner = d->winner;
    out->nships = d->nships;
    for (int s = 0; s < SKIRMISH_SIDES; s++) {
        out->person[s] = d->person[s];
        out->ai_level[s] = d->ai_level[s];
    }
    for (int i = 0; i < d->nships; i++) {
        int s = d->pv[i][SAVE_SHIP_SIDE] & 1;
        bool taken = d->pv[i][SAVE_SHIP_PRIZE] == FLEET_PRIZE_TAKEN;
        int born = taken ? !s : s;
        out->hex[i] = d->hex[i];
        out->side[i] = s;
        out->status[i] = d->pv[i][SAVE_SHIP_STATUS];
        out->ships[born]++;
        out->afloat[born] += out->status[i] == FLEET_AFLOAT && !taken;
        out->prizes[s] += taken && out->status[i] == FLEET_AFLOAT;
        out->routes += d->route_line[i] != 0;
    }
}

int save_summary(const char *path, SaveSummary *out, Err *e)
{
    memset(out, 0, sizeof *out);
    char *text;
    size_t len;
    if (afile_read(path, SAVE_MAX_BYTES, &text, &len, e) != 0) return -1;
    int rc = save_summary_text(text, len, path, out, e);
    free(text);
    return rc;
}

int save_summary_text(const char *text, size_t len, const char *name, SaveSummary *out, Err *e)
{
    memset(out, 0, sizeof *out);
    SaveData *d = malloc(sizeof *d);
    if (!d) return err_set(e, "%s: out of memory reading the save", name);
    int rc = save_parse_data(text, len, name, d, e);
    if (rc == 0) rc = check(d, e);
    if (rc == 0) fill(d, out);
    free(d);
    return rc;
}

int save_summary_map(const SaveSummary *s, const char *save_path, Map *map, Err *e)
{
    memset(map, 0, sizeof *map);
    if (s->generated) return mapgen_generate(map, &s->gen, e);
    char where[SKIRMISH_PATH_MAX];
    memcpy(where, s->map_path, sizeof where);
    return save_locate_map(where, save_path, map, e);
}
