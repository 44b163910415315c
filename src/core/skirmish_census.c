/* skirmish_census: why ships lay still, turn by turn, and the longest
 * spell without a shot: what autoplay reports of a battle beside its
 * outcome, so a jam (a ship that could sail, had nothing to fire at and
 * sat anyway) is told from a ship that lay still for a reason. */
#include "skirmish.h"

#include <string.h>

const char *const skirmish_still_names[SKIRMISH_STILL_REASONS] = {
    "anchored", "aground", "grappled", "dismasted", "boxed",
    "blocked",  "firing",  "holding",  "irons",     "idle",
};

static bool logged(const Skirmish *sk, int kind, int ship)
{
    for (int k = 0; k < sk->nevents; k++)
        if (sk->events[k].kind == kind && sk->events[k].ship == ship) return true;
    return false;
}

static bool ordered_ahead(const SkirmishOrders *o)
{
    for (int k = 0; k < o->nsteps; k++)
        if (o->steps[k] == HEX_STEP_FORWARD) return true;
    return false;
}

/* True when every way out of ship i's hex is shut this turn (ships in
 * the way, land, the wind): her reach holds no other hex. Her own hex
 * holds at most one pose per facing, and reach keeps the cheapest, so a
 * few more nodes than that show any way out. */
static bool boxed(Skirmish *sk, int i)
{
    ChartReachNode nodes[2 * HEX_DIRS];
    int n = skirmish_reach(sk, i, nodes, 2 * HEX_DIRS);
    for (int k = 0; k < n; k++)
        if (!hex_equal(nodes[k].pose.hex, sk->ships[i].pose.hex)) return false;
    return n >= 0;
}

/* Why ship i, who entered no hex under sail, lay still: the first reason
 * that holds, from the state she began the turn in (before) and what the
 * turn did (after). */
static int still_reason(Skirmish *before, const Skirmish *after, int i)
{
    const FleetShip *s = &before->ships[i];
    if (s->anchored) return SKIRMISH_STILL_ANCHORED; /* at anchor, or weighing */
    if (s->aground) return SKIRMISH_STILL_AGROUND;
    if (s->lashed >= 0) return SKIRMISH_STILL_GRAPPLED;
    if (s->rigging <= 0) return SKIRMISH_STILL_DISMASTED;
    /* Head to wind as the turn begins she can only turn (fall off). */
    if (fleet_point_of_sail(s->pose.facing, before->wind_dir) == FLEET_IN_IRONS)
        return SKIRMISH_STILL_IRONS;
    if (boxed(before, i)) return SKIRMISH_STILL_BOXED;
    if (ordered_ahead(&before->orders[i]) && logged(after, SKIRMISH_EV_BLOCKED, i))
        return SKIRMISH_STILL_BLOCKED;
    if (logged(after, SKIRMISH_EV_FIRED, i)) return SKIRMISH_STILL_FIRING;
    int side = s->side & 1;
    if (before->goal[side].kind == SKIRMISH_GOAL_HOLD &&
        skirmish_goal_has(before, side, s->pose.hex))
        return SKIRMISH_STILL_HOLDING;
    const FleetShip *now = &after->ships[i];
    if (fleet_point_of_sail(now->pose.facing, after->wind_dir) == FLEET_IN_IRONS)
        return SKIRMISH_STILL_IRONS;
    return SKIRMISH_STILL_IDLE;
}

static bool side_fighting(const Skirmish *sk, int side)
{
    for (int i = 0; i < sk->nships; i++)
        if (sk->ships[i].side == side && !sk->escaped[i] && fleet_ship_active(&sk->ships[i]))
            return true;
    return false;
}

void skirmish_census_turn(Skirmish *before, const Skirmish *after, SkirmishCensus *c)
{
    for (int i = 0; i < before->nships; i++) {
        const FleetShip *s = &before->ships[i];
        if (before->escaped[i] || !fleet_ship_manned(s)) continue;
        int side = s->side & 1;
        c->ship_turns[side]++;
        if (!logged(after, SKIRMISH_EV_MOVED, i)) c->still[still_reason(before, after, i)][side]++;
    }
    /* A stand-off is quiet while both sides have ships to fight with. */
    bool fired = false;
    for (int k = 0; k < after->nevents && !fired; k++)
        fired = after->events[k].kind == SKIRMISH_EV_FIRED;
    if (fired && c->first_broadside == 0) c->first_broadside = before->turn;
    if (fired || !side_fighting(before, 0) || !side_fighting(before, 1))
        c->quiet_run = 0;
    else if (++c->quiet_run > c->quiet_max)
        c->quiet_max = c->quiet_run;
}
