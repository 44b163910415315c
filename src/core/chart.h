/* chart: the sea chart of one map — which hexes a ship may occupy (the
 * sailable rule, tested once per hex and kept as a table), its bodies of
 * water, and searches over (hex, facing) for movement. Rules and AI ask
 * the chart, never the pixels. */
#ifndef SHOAL_CHART_H
#define SHOAL_CHART_H

#include <stdbool.h>
#include <stdint.h>

#include "err.h"
#include "hex.h"
#include "map.h"

/* The sailable rule, written in the README: a hex is sailable when its
 * centre and its six corners (pulled 1 px inwards) are all water pixels
 * inside the map. False for a map without pixels or a size that is not
 * positive. */
bool chart_hex_sailable(const Map *m, Hex h, float size);
/* True when one of those seven points is a land pixel of the map: a hex
 * that is not sailable for land, not only for reaching past the edge. */
bool chart_hex_on_land(const Map *m, Hex h, float size);

/* Costs of the movement steps, filled by the rules (fleet_move_cost).
 * A step forward while facing d costs forward[d] (< 0: impossible) and is
 * allowed only while the running total stays <= limit[d] (a ship that
 * turns onto a slow point of sail may not use speed it had on a fast one).
 * A turn of one hex side costs turn. No path may cost more than budget
 * (< 0: unlimited). */
typedef struct ChartMoveCost {
    int forward[HEX_DIRS];
    int limit[HEX_DIRS];
    int turn;
    int budget;
} ChartMoveCost;

/* Extra hexes a search may not enter (ships, say); NULL for none. */
typedef bool (*ChartBlockedFn)(void *ctx, Hex h);

/* One state a search reached: its pose, the cheapest cost to get there, the
 * index of the node it came from (-1 for the start) and the step taken. */
typedef struct ChartReachNode {
    HexPose pose;
    int cost;
    int parent;
    int step;
} ChartReachNode;

typedef struct Chart {
    int q0, r0;                   /* axial coordinates of cell 0 */
    int qn, rn;                   /* cells per row, rows: the box holding every map hex */
    float size;                   /* hex size the chart was made for */
    int sailable;                 /* number of sailable hexes */
    uint8_t *sail;                /* qn * rn bytes, 1 = sailable */
    struct ChartScratch *scratch; /* search memory, grown on demand, reused */
} Chart;

/* Test every hex of map m once with chart_hex_sailable (hexes of the given
 * size). Fails (e says why, c left empty) when there is no map, size is
 * invalid or memory runs out. chart_deinit frees it (and an empty one). */
int chart_init(Chart *c, const Map *m, float size, Err *e);
void chart_deinit(Chart *c);
/* Make the chart's search memory now (it grows on demand later), so that
 * copies of a Chart struct made after this share one and leak none.
 * Returns 0, or -1 when memory runs out. */
int chart_scratch_ready(Chart *c);
/* True when h is a sailable hex of the chart's map (false off the map, and
 * for a NULL or empty chart). */
bool chart_sailable(const Chart *c, Hex h);
/* Index of h in the chart's cell arrays (sail and the like: row r - r0,
 * column q - q0), or -1 outside the chart's box; chart_hex inverts it. */
int chart_cell(const Chart *c, Hex h);
Hex chart_hex(const Chart *c, int cell);
/* Label the chart's bodies of water (sailable hexes joined through their
 * six neighbours): comp[cell] = 0, 1, ... in the order of each body's first
 * cell, -1 where not sailable. comp and queue (scratch) hold qn * rn ints.
 * Returns the number of bodies. */
int chart_waters(const Chart *c, int *comp, int *queue);
/* The same over open water only: sailable hexes with at least
 * CHART_OPEN_SIDES sailable neighbours. A one-hex lane (along a coast or
 * the map's edge, between two shores) has two, and in it ships lie bow to
 * stern where no broadside bears; open water, and a lane two hexes wide,
 * is where ships can fight. */
#define CHART_OPEN_SIDES 3
bool chart_open(const Chart *c, Hex h);
int chart_open_waters(const Chart *c, int *comp, int *queue);

/* Dijkstra over (hex, facing) from start under cost: every state reachable
 * within the budget, cheapest first (ties in discovery order), so a node's
 * parent always comes before it. Forward steps never enter unsailable or
 * blocked hexes. Writes at most cap nodes (the cheapest ones, parents
 * included) and returns how many, or -1 when memory runs out. The chart's
 * scratch memory makes searches on one chart non-reentrant. */
int chart_reach(Chart *c, HexPose start, const ChartMoveCost *cost, ChartBlockedFn blocked,
                void *ctx, ChartReachNode *out, int cap);

/* The steps leading from the start to node i of a chart_reach result,
 * written to steps[] (at most cap); returns the full number of steps. */
int chart_reach_steps(const ChartReachNode *nodes, int i, uint8_t *steps, int cap);

/* A* over (hex, facing): the cheapest step sequence from start to a pose on
 * goal (facing goal_facing, or any when goal_facing < 0), under the same
 * rules as chart_reach; heuristic = distance x cheapest forward cost, so
 * the result is optimal. Writes the steps to steps[] and the cost to
 * *total (may be NULL). Returns the number of steps, -1 when the goal
 * cannot be reached, -2 when the path needs more than cap steps, -3 out
 * of memory. */
int chart_path(Chart *c, HexPose start, Hex goal, int goal_facing, const ChartMoveCost *cost,
               ChartBlockedFn blocked, void *ctx, uint8_t *steps, int cap, int *total);

#endif
