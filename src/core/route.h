/* route: the tacking planner. The fewest turns from a pose to a hex when
 * every turn's moves are limited as the rules limit one turn's orders
 * (a ChartMoveCost per facing the turn starts on), so a ship beats upwind
 * over several turns by tacking instead of sailing off on the one leg that
 * is cheapest now. A pure search: the rules come in as cost tables and the
 * ships as a callback; skirmish_route fills both. */
#ifndef SHOAL_ROUTE_H
#define SHOAL_ROUTE_H

#include <stdbool.h>
#include <stdint.h>

#include "chart.h"
#include "err.h"
#include "hex.h"

/* Steps in one turn's orders (SKIRMISH_MAX_STEPS: skirmish.h checks they
 * agree). */
#define ROUTE_TURN_STEPS 16
/* The search looks this many turns ahead; a beat across the largest sea a
 * save may hold (1280 px, 24 px hexes: about 30 hexes) in a ship of the
 * line takes about 35. */
#define ROUTE_MAX_TURNS 64
#define ROUTE_MAX_STEPS (ROUTE_MAX_TURNS * ROUTE_TURN_STEPS)

/* Why a plan failed (ROUTE_OK: it did not). */
enum {
    ROUTE_OK = 0,
    ROUTE_LAND,     /* the goal is land or off the map */
    ROUTE_BECALMED, /* the ship cannot move at all (no budget) */
    ROUTE_WATERS,   /* the goal lies in another body of water */
    ROUTE_BLOCKED,  /* ships (or the wind) leave no way to the goal */
    ROUTE_TOO_FAR,  /* more than ROUTE_MAX_TURNS turns away */
    ROUTE_REASONS
};

/* Can a ship step from `from` into `to` in movement phase `phase` (step
 * index, from 0) of turn `turn` (0 = the turn being plotted) of the plan?
 * True: she may not. Land and the map's edge are the chart's business. */
typedef bool (*RouteBlockedFn)(void *ctx, Hex from, Hex to, int turn, int phase);

/* A planned route: the steps of every turn back to back, turn t's being
 * steps[first[t] .. first[t] + count[t]), and the pose each turn ends on. */
typedef struct RoutePlan {
    int reason; /* ROUTE_* */
    int nturns; /* turns to the goal (0: already there) */
    int nsteps;
    uint8_t steps[ROUTE_MAX_STEPS]; /* HEX_STEP_* */
    int first[ROUTE_MAX_TURNS], count[ROUTE_MAX_TURNS];
    HexPose end[ROUTE_MAX_TURNS];
} RoutePlan;

/* Search memory for one chart (the chart is borrowed and must outlive it):
 * everything a plan needs, allocated once here, so planning allocates
 * nothing. Fields are the planner's own. */
typedef struct RouteSearch {
    const Chart *chart;
    int nposes; /* chart cells x HEX_DIRS */
    int16_t *turn;
    uint16_t *total;
    int32_t *parent;
    uint8_t *nleg, *leg; /* leg: ROUTE_TURN_STEPS per pose */
    int32_t *front, *next;
    int32_t *stamp, *slot;
    int32_t stamp_now;
    struct RouteNode *pool;
    int npool;
    int *comp, *queue; /* bodies of water, for the reason */
} RouteSearch;

/* Make search memory for chart c. Fails with e set (rs left empty) when
 * memory runs out. route_deinit frees it (and an empty one). */
int route_init(RouteSearch *rs, const Chart *c, Err *e);
void route_deinit(RouteSearch *rs);

/* Plan from start to goal (ending facing goal_facing, any when < 0):
 * cost[f] limits a turn that starts facing f; blocked (may be NULL) adds
 * ships. The plan has the fewest turns, then the fewest steps in all; ties
 * go the same way every time. Returns the turn count (out filled), or -1
 * with out->reason saying why there is none. */
int route_plan(RouteSearch *rs, HexPose start, const ChartMoveCost cost[HEX_DIRS], Hex goal,
               int goal_facing, RouteBlockedFn blocked, void *ctx, RoutePlan *out);

/* What a failed plan's reason means to a player ("the wind and the ships
 * leave no way there"). */
const char *route_reason_text(int reason);

#endif
