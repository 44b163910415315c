/* mapgen: procedural ocean maps from a seed (stb_perlin fBm + islands). */
#ifndef SHOAL_MAPGEN_H
#define SHOAL_MAPGEN_H

#include <stdbool.h>
#include <stdint.h>

#include "err.h"
#include "map.h"

typedef struct MapGenParams {
    uint32_t seed;
    int w, h;
    float land;      /* target land fraction, 0..0.9; hit within +-0.02 */
    float roughness; /* 0 smooth coasts .. 1 ragged, many small rocks */
    int islands;     /* number of island centres to shape, 0..64 */
    bool mirror;     /* 180-degree rotational symmetry for fair 2-fleet maps */
} MapGenParams;

void mapgen_defaults(MapGenParams *p);
/* Check every field; e names the bad one and its allowed range. */
int mapgen_validate(const MapGenParams *p, Err *e);
/* Generate into out (initialised here; free with map_free). Same params give
 * the same bytes on any machine. Meta gets a name from the seed and spawn
 * hexes for both fleets on opposite sides (mirrored when p->mirror). */
int mapgen_generate(Map *out, const MapGenParams *p, Err *e);

#endif
