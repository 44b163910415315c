/* battle_route: routes over several turns on screen — plotting one with a
 * click, keeping it, planning it again each turn (core/route.h plans). */
#include <stdio.h>
#include <string.h>

#include "battle.h"

/* Ship i's orders become the first turn of plan (her fire orders stay). */
static int route_orders(Battle *b, int i, const RoutePlan *plan, Err *e)
{
    SkirmishOrders o = b->sk.orders[i];
    o.nsteps = plan->nturns > 0 ? plan->count[0] : 0;
    memcpy(o.steps, plan->steps, (size_t)o.nsteps);
    if (skirmish_order(&b->sk, i, &o, e) != 0) return -1;
    b->aids_dirty = true;
    return 0;
}

/* True when ship i stands on hex goal facing goal_facing (any if < 0). */
static bool route_there(const Battle *b, int i, Hex goal, int goal_facing)
{
    HexPose p = b->sk.ships[i].pose;
    return hex_equal(p.hex, goal) && (goal_facing < 0 || p.facing == goal_facing);
}

/* Twice over, so a ship that follows another sees the orders the one
 * ahead has just been given. */
void battle_replan_routes(Battle *b, int side)
{
    char lab[16];
    for (int pass = 0; pass < 2; pass++)
        for (int i = 0; i < b->sk.nships; i++) {
            BattleRoute *r = &b->route[i];
            if (!r->on || b->sk.ships[i].side != side) continue;
            skirmish_ship_label(&b->sk, i, lab, sizeof lab);
            if (!fleet_ship_manned(&b->sk.ships[i])) {
                r->on = false;
                continue;
            }
            char line[BATTLE_LOG_TEXT];
            if (route_there(b, i, r->goal, r->goal_facing)) {
                r->on = false;
                if (r->first_turns > 1) {
                    snprintf(line, sizeof line, "%s has reached the end of her route", lab);
                    battle_log_add(b, line, -1, side);
                }
                continue;
            }
            RoutePlan *plan = &b->route_scratch;
            Err e = {{0}};
            if (skirmish_route(&b->sk, &b->rs, i, r->goal, r->goal_facing, plan) < 0) {
                r->on = false;
                battle_note(b, 1, "%s gives up her route: %s", lab,
                            route_reason_text(plan->reason));
                snprintf(line, sizeof line, "%s gives up her route: %s", lab,
                         route_reason_text(plan->reason));
                battle_log_add(b, line, -1, side);
                continue;
            }
            if (route_orders(b, i, plan, &e) != 0) {
                r->on = false;
                battle_note(b, 1, "%s", e.msg);
                continue;
            }
            r->plan = *plan;
            if (plan->nturns <= 1) r->on = plan->nturns == 1;
        }
}

void battle_routes_to_save(const Battle *b, SaveExtras *x)
{
    memset(x, 0, sizeof *x);
    for (int i = 0; i < b->sk.nships; i++) {
        const BattleRoute *r = &b->route[i];
        x->route[i] = (SaveRoute){r->on, r->goal, r->goal_facing, r->first_turns};
    }
    /* Who gives orders here: against the computer, side A; at a hot seat
     * or over the network, both (the friend too); watching, neither. */
    x->person[0] = b->mode != BATTLE_WATCH;
    x->person[1] = b->mode == BATTLE_HOTSEAT || b->mode == BATTLE_NET;
}

void battle_routes_from_save(Battle *b, const SaveExtras *x)
{
    for (int i = 0; i < b->sk.nships; i++) {
        const SaveRoute *s = &x->route[i];
        BattleRoute *r = &b->route[i];
        memset(r, 0, sizeof *r);
        r->on = s->on;
        r->goal = s->goal;
        r->goal_facing = s->goal_facing;
        r->first_turns = s->first_turns;
    }
}

bool battle_has_route(const Battle *b, int i)
{
    return i >= 0 && i < b->sk.nships && b->route[i].on && b->route[i].plan.nturns > 1;
}

/* Clicked where her route ends once more: the next heading she can end on
 * there without taking more turns (her own hex: one turn). Returns the
 * facing, or -1. */
static int next_facing(Battle *b, int i, Hex h, HexPose end, int turns, RoutePlan *plan)
{
    if (turns < 1) turns = 1;
    for (int k = 1; k < HEX_DIRS; k++) {
        int d = (end.facing + k) % HEX_DIRS;
        int n = skirmish_route(&b->sk, &b->rs, i, h, d, plan);
        if (n >= 0 && n <= turns) return d;
    }
    return -1;
}

int battle_plot(Battle *b, Hex h)
{
    int i = b->selected;
    if (!battle_can_order(b, i)) return -1;
    char lab[16];
    skirmish_ship_label(&b->sk, i, lab, sizeof lab);
    if (!chart_sailable(&b->sk.chart, h)) {
        battle_note(b, 1, "%s can't sail there: land or off the map", lab);
        return -1;
    }
    const FleetShip *s = &b->sk.ships[i];
    if (s->lashed >= 0 && !s->aground) {
        char other[16];
        skirmish_ship_label(&b->sk, s->lashed, other, sizeof other);
        battle_note(b, 1, "%s is lashed to %s: cut loose first (Board)", lab, other);
        return -1;
    }
    if (s->anchored || s->aground) {
        battle_note(b, 1, "%s is %s", lab,
                    s->aground ? "aground: she kedges off, or floats free when the wind shifts"
                               : "at anchor: weigh anchor first (she sails the turn after)");
        return -1;
    }
    BattleRoute *r = &b->route[i];
    RoutePlan *plan = &b->route_scratch;
    bool routed = r->on && r->plan.nturns > 0;
    HexPose end = routed ? r->plan.end[r->plan.nturns - 1] : battle_path_end(b, i);
    int turns = routed ? r->plan.nturns : b->sk.orders[i].nsteps > 0 ? 1 : 0;
    bool again = hex_equal(h, end.hex) && (turns > 0 || hex_equal(h, b->sk.ships[i].pose.hex));
    int facing = -1, n;
    if (again) {
        facing = next_facing(b, i, h, end, turns, plan);
        if (facing < 0) {
            battle_note(b, 0, "%s can end only this way round there so soon", lab);
            return 0;
        }
        n = plan->nturns;
    } else {
        n = skirmish_route(&b->sk, &b->rs, i, h, -1, plan);
    }
    if (n < 0) {
        battle_note(b, 1, "%s can't get there: %s", lab, route_reason_text(plan->reason));
        return -1;
    }
    Err e = {{0}};
    if (route_orders(b, i, plan, &e) != 0) {
        battle_note(b, 1, "%s", e.msg);
        return -1;
    }
    r->on = n > 0;
    r->goal = h;
    r->goal_facing = facing;
    r->first_turns = n;
    r->plan = *plan;
    if (n > 1) battle_note(b, 0, "%s gets there in %d turns, tacking as the wind allows", lab, n);
    battle_board_after_path(b, i);
    return 0;
}
