/* hex: pointy-top hex grid math in axial coordinates (q, r).
 * Conventions (Red Blob Games' guide): cube s = -q - r; direction 0 is E,
 * then counter-clockwise on screen: 0 E, 1 NE, 2 NW, 3 W, 4 SW, 5 SE.
 * The centre of hex (0,0) sits at pixel (sqrt(3)/2 * size, size), so the
 * top-left hex of a map lies wholly inside it; size is centre-to-corner. */
#ifndef SHOAL_HEX_H
#define SHOAL_HEX_H

#include <stdbool.h>
#include <stdint.h>

#include "err.h"

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
 * The sea chart: which hexes of one map a ship may occupy, tested once
 * with hex_sailable and kept as a table, plus searches over (hex, facing)
 * for movement. Rules and AI ask the chart, never the pixels. */

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

/* Costs of the movement steps, filled by the rules (fleet_move_cost).
 * A step forward while facing d costs forward[d] (< 0: impossible) and is
 * allowed only while the running total stays <= limit[d] (a ship that
 * turns onto a slow point of sail may not use speed it had on a fast one).
 * A turn of one hex side costs turn. No path may cost more than budget
 * (< 0: unlimited). */
typedef struct HexMoveCost {
    int forward[HEX_DIRS];
    int limit[HEX_DIRS];
    int turn;
    int budget;
} HexMoveCost;

/* Extra hexes a search may not enter (ships, say); NULL for none. */
typedef bool (*HexBlockedFn)(void *ctx, Hex h);

/* One state a search reached: its pose, the cheapest cost to get there, the
 * index of the node it came from (-1 for the start) and the step taken. */
typedef struct HexReachNode {
    HexPose pose;
    int cost;
    int parent;
    int step;
} HexReachNode;

typedef struct HexChart {
    int q0, r0;                 /* axial coordinates of cell 0 */
    int qn, rn;                 /* cells per row, rows: the box holding every map hex */
    float size;                 /* hex size the chart was made for */
    int sailable;               /* number of sailable hexes */
    uint8_t *sail;              /* qn * rn bytes, 1 = sailable */
    struct HexScratch *scratch; /* search memory, grown on demand, reused */
} HexChart;

/* Test every hex of map m once with hex_sailable (hexes of the given size).
 * Fails (e says why) when size is invalid or memory runs out. */
int hex_chart_init(HexChart *c, const struct Map *m, float size, Err *e);
void hex_chart_free(HexChart *c);
/* True when h is a sailable hex of the chart's map (false off the map). */
bool hex_chart_sailable(const HexChart *c, Hex h);
/* Index of h in the chart's cell arrays (sail and the like: row r - r0,
 * column q - q0), or -1 outside the chart's box; hex_chart_hex inverts it. */
int hex_chart_cell(const HexChart *c, Hex h);
Hex hex_chart_hex(const HexChart *c, int cell);
/* Label the chart's bodies of water (sailable hexes joined through their
 * six neighbours): comp[cell] = 0, 1, ... in the order of each body's first
 * cell, -1 where not sailable. comp and queue (scratch) hold qn * rn ints.
 * Returns the number of bodies. */
int hex_chart_waters(const HexChart *c, int *comp, int *queue);

/* Dijkstra over (hex, facing) from start under cost: every state reachable
 * within the budget, cheapest first (ties in discovery order), so a node's
 * parent always comes before it. Forward steps never enter unsailable or
 * blocked hexes. Writes at most cap nodes (the cheapest ones, parents
 * included) and returns how many, or -1 when memory runs out. The chart's
 * scratch memory makes searches on one chart non-reentrant. */
int hex_reach(HexChart *c, HexPose start, const HexMoveCost *cost, HexBlockedFn blocked, void *ctx,
              HexReachNode *out, int cap);

/* The steps leading from the start to node i of a hex_reach result, written
 * to steps[] (at most cap); returns the full number of steps. */
int hex_reach_steps(const HexReachNode *nodes, int i, uint8_t *steps, int cap);

/* A* over (hex, facing): the cheapest step sequence from start to a pose on
 * goal (facing goal_facing, or any when goal_facing < 0), under the same
 * rules as hex_reach; heuristic = distance x cheapest forward cost, so the
 * result is optimal. Writes the steps to steps[] and the cost to *total
 * (may be NULL). Returns the number of steps, -1 when the goal cannot be
 * reached, -2 when the path needs more than cap steps, -3 out of memory. */
int hex_path(HexChart *c, HexPose start, Hex goal, int goal_facing, const HexMoveCost *cost,
             HexBlockedFn blocked, void *ctx, uint8_t *steps, int cap, int *total);

#endif
