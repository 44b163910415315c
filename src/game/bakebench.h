/* bakebench: `shoal --bench-batch`, the sprite-vertex bake timed on its
 * own and as the last stage of the sea's step chain, without a window. */
#ifndef SHOAL_BAKEBENCH_H
#define SHOAL_BAKEBENCH_H

#include "options.h"
#include "core/map.h"

/* Bake o->fish fish on map m with o->threads threads, o->frames times
 * each way, and print the medians to stdout. Returns the exit code. */
int bakebench_run(const GameOptions *o, const Map *m);

#endif
