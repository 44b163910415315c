/* validate: the playability checks a map gets on save and on demand. */
#ifndef SHOAL_VALIDATE_H
#define SHOAL_VALIDATE_H

#include <stdbool.h>

#include "err.h"
#include "hex.h"
#include "map.h"

typedef enum ValidateSeverity { VALIDATE_ERROR, VALIDATE_WARNING } ValidateSeverity;

/* One finding. The location lets a UI jump to it: has_hex says whether
 * hex (and fleet/spawn) name a spawn hex; x, y is that hex's centre in map
 * pixels, or -1, -1 for findings about the whole map. */
typedef struct ValidateFinding {
    ValidateSeverity severity;
    char msg[160]; /* one line, no trailing period */
    int x, y;
    bool has_hex;
    Hex hex;
    int fleet; /* 0 or 1; -1 when no fleet is concerned */
    int spawn; /* index in the fleet's spawn list; -1 when none */
} ValidateFinding;

/* Room for every finding a map can produce: at most one per spawn hex
 * (off the map, not sailable, duplicate, or cut off) and under a dozen
 * about the map as a whole. */
#define VALIDATE_MAX_FINDINGS (2 * MAP_MAX_SPAWNS + 16)

typedef struct ValidateReport {
    int count; /* findings in items, errors first, each in check order */
    int errors, warnings;
    /* The fleets' spawns meet only through one-hex lanes (a warning):
     * a battle there stalls, so generated skirmish seas are made again. */
    bool lanes_only;
    ValidateFinding items[VALIDATE_MAX_FINDINGS];
} ValidateReport;

/* Check m, filling *r (caller-owned; previous contents are discarded).
 * Errors: meta.hex_size outside the sidecar range; a spawn hex whose
 * centre is off the map, or that is not sailable (chart_hex_sailable); a hex
 * used twice (in one fleet or by both); fleets that cannot reach each
 * other by sea — a breadth-first search over sailable hexes (six
 * neighbours each) from fleet 1's spawns meets none of fleet 2's.
 * Warnings: a fleet without spawns (the game places its ships), a spawn
 * cut off from every enemy spawn while others connect, fleets whose
 * spawns meet only through one-hex lanes (no spawn's open water, chart_open_waters,
 * is an enemy spawn's), a map all land or
 * all water, wind strength 0. Returns 0 when the checks ran (look at
 * r->errors), -1 with e set when memory for the search ran out. */
/* m must hold pixels (a loaded, generated or edited map). */
int validate_map(const Map *m, ValidateReport *r, Err *e);

#endif
