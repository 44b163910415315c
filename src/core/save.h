/* save: a skirmish as versioned text ("shoal-save 4", then key = value
 * lines in sections) and back. Saving is atomic; loading refuses anything
 * truncated, corrupt or impossible with one line naming file and line, and
 * a loaded battle plays on exactly as if it had never been saved. */
#ifndef SHOAL_SAVE_H
#define SHOAL_SAVE_H

#include <stdbool.h>
#include <stddef.h>

#include "err.h"
#include "map.h"
#include "mapgen.h"
#include "skirmish.h"

/* The version written; every version from 1 up reads (a key a version
 * brought is unknown before it and required from it on: save_internal.h). */
#define SAVE_VERSION   4
#define SAVE_MAX_BYTES (256 * 1024)
/* The most turns a standing route may have taken when first plotted
 * (core/route.h plans no further). */
#define SAVE_ROUTE_TURNS_MAX 64

/* A ship's standing route: the game keeps it across turns and plans it
 * afresh from her pose each turn, so a save holds only where it goes, as
 * an optional [route.N] section (saves without one load as before). */
typedef struct SaveRoute {
    bool on;
    Hex goal;
    int goal_facing; /* 0..5, -1: any */
    int first_turns; /* 1..SAVE_ROUTE_TURNS_MAX: turns it took when first plotted */
} SaveRoute;

/* What the game keeps beside the rules: one route per ship, and which
 * sides a person commanded when it was saved (written `computer = none`:
 * the level the save keeps for such a side is normal, for a watched
 * re-run). */
typedef struct SaveExtras {
    SaveRoute route[SKIRMISH_MAX_SHIPS];
    bool person[SKIRMISH_SIDES];
} SaveExtras;

/* Render sk as save text into buf; returns the length, or -1 when cap is
 * too small or the map source (path) can't be written (e says why). */
int save_format(const Skirmish *sk, char *buf, size_t cap, Err *e);
/* ... with the extras x too (NULL: none); a route is written only for a
 * ship afloat with `on` set. */
int save_format_with(const Skirmish *sk, const SaveExtras *x, char *buf, size_t cap, Err *e);

/* Write sk (and x, may be NULL) to path atomically (temp file + rename). */
int save_write(const Skirmish *sk, const char *path, Err *e);
int save_write_with(const Skirmish *sk, const SaveExtras *x, const char *path, Err *e);

/* Parse save text (`name` is used in messages) for a battle on map, which
 * must be the map the save names (its size is checked). On success sk is
 * initialised (free with skirmish_deinit) and borrows map; on failure sk is
 * left empty and e holds "name:line: what is wrong". */
int save_parse(const char *text, size_t len, const char *name, const Map *map, Skirmish *sk,
               Err *e);
/* ... and the extras into *x (NULL: read and checked, then dropped); a
 * route's goal must be a sailable hex and its ship afloat. */
int save_parse_with(const char *text, size_t len, const char *name, const Map *map, Skirmish *sk,
                    SaveExtras *x, Err *e);

/* Read path, load or regenerate the map it names into *map (free with
 * map_free after skirmish_deinit) and parse it into sk. */
int save_load(const char *path, Skirmish *sk, Map *map, Err *e);
int save_load_with(const char *path, Skirmish *sk, Map *map, SaveExtras *x, Err *e);

/* What a load screen shows of a save without building the battle. */
typedef struct SaveSummary {
    bool generated; /* a generated sea (gen), else the map file map_path */
    char map_path[SKIRMISH_PATH_MAX];
    MapGenParams gen;
    int map_w, map_h;
    int turn, turn_limit, over, winner; /* winner: side, -1 none */
    int nships;
    /* By the fleet each ship sailed in at the start: its ships, those of
     * them still fighting for it (not struck, sunk or taken), and the
     * enemy's ships it holds as prizes (a ship taken is her first fleet's
     * still, so "B 5 of 9" never shows for a fleet of 8). */
    int ships[SKIRMISH_SIDES];
    int afloat[SKIRMISH_SIDES];
    int prizes[SKIRMISH_SIDES];
    int routes;                   /* standing routes held */
    bool person[SKIRMISH_SIDES];  /* a person commanded the side (`computer = none`) */
    int ai_level[SKIRMISH_SIDES]; /* the computer's level for the others */
    Hex hex[SKIRMISH_MAX_SHIPS];
    int side[SKIRMISH_MAX_SHIPS];
    int status[SKIRMISH_MAX_SHIPS]; /* FLEET_AFLOAT.. */
} SaveSummary;

/* Read and check the save at path (every value, as save_load does, but not
 * the map: cheap enough for a dozen saves on a menu) into *out. -1 with e
 * ("file:line: ...") for a save that would not load. */
int save_summary(const char *path, SaveSummary *out, Err *e);
/* The same of save text already read (`name` is used in messages: a
 * network peer's battle, say). */
int save_summary_text(const char *text, size_t len, const char *name, SaveSummary *out, Err *e);
/* The map the summary of the save at save_path names: its file (looked for
 * where it would be now if it moved) or the generated sea. Free with
 * map_free. */
int save_summary_map(const SaveSummary *s, const char *save_path, Map *map, Err *e);

#endif
