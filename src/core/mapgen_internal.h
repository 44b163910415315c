/* mapgen_internal: what mapgen.c (the height field and its threshold)
 * and mapgen_spawns.c (spawn placement) share; mapgen.c calls into
 * mapgen_spawns.c, never the reverse. Nothing outside mapgen includes it. */
#ifndef SHOAL_MAPGEN_INTERNAL_H
#define SHOAL_MAPGEN_INTERNAL_H

#include <stdbool.h>

#include "map.h"
#include "mapgen.h"

/* sqrt(3) as the float the generator has always used: hex column width. */
#define MG_SQRT3 1.7320508f

static inline float mg_sq(float a)
{
    return a * a;
}

/* Fill m->meta's spawn hexes of both fleets for hexes of the given size
 * (m holds its pixels): up to 6 each on the map's main sea, fleet 1 on the
 * left half and fleet 2 on the right, or mirrored through the map centre
 * when mirror is set. -1 when memory runs out (the counts then unchanged). */
int mapgen_spawns(Map *m, bool mirror, float size);

#endif
