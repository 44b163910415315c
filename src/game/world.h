/* world: choosing and loading the map the game starts on. */
#ifndef SHOAL_WORLD_H
#define SHOAL_WORLD_H

#include "options.h"
#include "core/err.h"
#include "core/map.h"

/* Fill m from the options: --map loads that PNG, --seed generates a map
 * with default parameters; with neither, the first PNG in data/maps
 * (sorted by name) is loaded, or seed 1 generated when there is none.
 * Returns 0, -1 when the input is bad (a map file that will not load, or
 * that is all land: exit 2), or -2 when generation itself failed (exit 1); e says why. */
int world_load(Map *m, const GameOptions *o, Err *e);

#endif
