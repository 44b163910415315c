/* scenario: a battle set out in data/scenarios/NAME.ini — its map, both
 * fleets ship by ship (class, name, hex, facing), the wind, the turn limit
 * and what each side fights for (skirmish.h's goals). Parsed with kv; every
 * error is one line naming the file, the line and what is wrong. The format
 * is in the README (Scenarios). */
#ifndef SHOAL_SCENARIO_H
#define SHOAL_SCENARIO_H

#include <stddef.h>

#include "err.h"
#include "map.h"
#include "mapgen.h"
#include "skirmish.h"

#define SCENARIO_TITLE_MAX 48
#define SCENARIO_BRIEF_MAX 120 /* one line of the menu */
#define SCENARIO_MAX       32  /* scenarios scenario_list reports */
#define SCENARIO_FILE_MAX  (64 * 1024)

typedef struct Scenario {
    char name[SKIRMISH_NAME_MAX];   /* the file's stem: "trafalgar" */
    char title[SCENARIO_TITLE_MAX]; /* `name =`: "Trafalgar, 1805" */
    char brief[SCENARIO_BRIEF_MAX];
    char map[MAP_NAME_MAX]; /* a map of data/maps ("open-waters"), or "" generated */
    uint64_t sea_seed;      /* the generated sea's seed, without a map */
    /* The battle: seed, fleets, wind, limit, poses, names, goals (map_path
     * and gen are set by scenario_map_load). */
    SkirmishSetup setup;
    /* Lines for messages that need the map: each ship's `at`, each side's
     * objective hexes. */
    int at_line[SKIRMISH_SIDES][SKIRMISH_SIDE_SHIPS];
    int goal_line[SKIRMISH_SIDES];
    char file[128]; /* the name messages give */
} Scenario;

/* Parse a scenario file's text (name: the file name for messages, whose
 * stem becomes sc->name). Checks everything that needs no map: known keys,
 * no key twice, classes, facings, ship sections A1..An and B1..Bn without
 * gaps, objectives naming ships that exist (a flagship objective needs
 * `ship` or an enemy `flagship = yes`). Returns 0, or -1 with e as
 * "file:line: what is wrong". */
int scenario_parse(Scenario *sc, const char *text, size_t len, const char *name, Err *e);

/* Check sc against its map (loaded): every ship and objective hex lies on
 * the map on open sea, one ship a hex. Returns 0 or -1 with e set. */
int scenario_check(const Scenario *sc, const Map *m, Err *e);

/* Read and parse the file at path. -1 with e set (unreadable or bad). */
int scenario_load(Scenario *sc, const char *path, Err *e);

/* scenario_load of data/scenarios/NAME.ini (name: letters, digits and '-'
 * only). -1 with e set. */
int scenario_find(Scenario *sc, const char *name, Err *e);

/* Load sc's map into m (free with map_free; path and gen hold what
 * sc->setup then points at), and scenario_check it. Returns 0, -1 for bad
 * input (e names the file), -2 when a sea can't be generated. */
int scenario_map_load(Scenario *sc, Map *m, char *path, size_t cap, MapGenParams *gen, Err *e);

/* The names of data/scenarios/\*.ini (stems, sorted) into names; returns
 * how many (at most SCENARIO_MAX), -1 when the folder can't be read. */
int scenario_list(char names[][SKIRMISH_NAME_MAX], int cap);

#endif
