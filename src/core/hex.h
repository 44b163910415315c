/* hex: pointy-top hex grid math in axial coordinates (q, r).
 * Conventions (Red Blob Games' guide): cube s = -q - r; direction 0 is E,
 * then counter-clockwise on screen: 0 E, 1 NE, 2 NW, 3 W, 4 SW, 5 SE.
 * The centre of hex (0,0) sits at pixel (sqrt(3)/2 * size, size), so the
 * top-left hex of a map lies wholly inside it; size is centre-to-corner. */
#ifndef SHOAL_HEX_H
#define SHOAL_HEX_H

#include <stdbool.h>

/* sqrt(3) and its half, spelled out so no libm call decides the bits. */
#define HEX_SQRT3      1.7320508075688772
#define HEX_HALF_SQRT3 0.8660254037844386

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
/* Offset of corner i (taken modulo 6) from the centre of a hex of size 1,
 * in the order of hex_corner; scale it by a size to reach a corner. */
void hex_corner_unit(int i, double *dx, double *dy);

/* ------------------------------------------------------------------------
 * Lines, ranges and rotation (Red Blob Games' cube algorithms). */

/* The hex nearest to fractional axial (q, r): cube rounding. */
Hex hex_round(double q, double r);

/* h rotated about centre by steps * 60 degrees in direction order (one
 * step turns direction d into d + 1, counter-clockwise on screen);
 * negative steps turn the other way. Six steps give h back. */
Hex hex_rotate(Hex h, Hex centre, int steps);

/* The hexes from a to b inclusive: lerp between the centres, nudged by a
 * tiny epsilon so a line along a hex edge falls the same way every time,
 * then rounded. Writes at most cap hexes and returns distance(a, b) + 1. */
int hex_line(Hex a, Hex b, Hex *out, int cap);

/* Every hex within n steps of c (n >= 0), q-major order. Writes at most
 * cap hexes and returns 3n(n+1)+1, the full count (0 for n < 0). */
int hex_range(Hex c, int n, Hex *out, int cap);

/* ------------------------------------------------------------------------
 * Poses: a ship's place on the grid and the steps that change it. */

/* Where a ship is and which hex side it faces (a hex direction, 0..5). */
typedef struct HexPose {
    Hex hex;
    int facing;
} HexPose;

/* The three steps of a plotted path. Port is the ship's left: turning to
 * port moves the facing one direction up (counter-clockwise). */
enum { HEX_STEP_FORWARD = 0, HEX_STEP_PORT = 1, HEX_STEP_STARBOARD = 2, HEX_STEPS = 3 };

/* The pose after one step: forward moves one hex along the facing; the
 * turns change the facing by one side and stay in the hex. */
HexPose hex_pose_step(HexPose p, int step);

#endif
