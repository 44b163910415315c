/* hex: pointy-top hex grid math in axial coordinates (q, r).
 * Conventions (Red Blob Games' guide): cube s = -q - r; direction 0 is E,
 * then counter-clockwise on screen: 0 E, 1 NE, 2 NW, 3 W, 4 SW, 5 SE.
 * The centre of hex (0,0) sits at pixel (sqrt(3)/2 * size, size), so the
 * top-left hex of a map lies wholly inside it; size is centre-to-corner. */
#ifndef SHOAL_HEX_H
#define SHOAL_HEX_H

#include <stdbool.h>

struct Map;

typedef struct Hex {
    int q, r;
} Hex;

enum { HEX_DIRS = 6 };

/* Names of the six directions, "E", "NE", "NW", "W", "SW", "SE". */
extern const char *const hex_dir_names[HEX_DIRS];

/* Direction index for a name such as "NE" (case-insensitive), or -1. */
int hex_dir_from_name(const char *name);

Hex hex_make(int q, int r);
bool hex_equal(Hex a, Hex b);
Hex hex_add(Hex a, Hex b);
Hex hex_sub(Hex a, Hex b);
/* Unit step in direction dir (taken modulo 6, negatives allowed). */
Hex hex_direction(int dir);
Hex hex_neighbor(Hex h, int dir);
/* Number of hex steps between a and b. */
int hex_distance(Hex a, Hex b);

/* Centre of h in map pixels for hexes of the given size. */
void hex_to_pixel(Hex h, float size, float *x, float *y);
/* The hex containing pixel position (x, y) (cube rounding). */
Hex hex_from_pixel(float x, float y, float size);
/* Corner i (0..5) of h; corner 0 is the top one, then clockwise. */
void hex_corner(Hex h, float size, int i, float *x, float *y);

/* The sailable rule, written in the README: a hex is sailable when its
 * centre and its six corners (pulled 1 px inwards) are all water pixels
 * inside the map. */
bool hex_sailable(const struct Map *m, Hex h, float size);

#endif
