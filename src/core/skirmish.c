/* skirmish: battle state, queries, orders, searching and the report. */
#include "skirmish_internal.h"

#include <assert.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kv.h"
#include "words.h"

int skirmish_init_empty(Skirmish *sk, const Map *map, Err *e)
{
    memset(sk, 0, sizeof *sk);
    if (!map || !map->land) return err_set(e, "skirmish: no map");
    if (chart_init(&sk->chart, map, (float)map->meta.hex_size, e) != 0) return -1;
    sk->map = map;
    sk->turn = 1;
    sk->turn_limit = 60;
    sk->winner = -1;
    int wd = map->meta.wind_dir, ws = map->meta.wind_strength;
    sk->wind_dir = ((wd % HEX_DIRS) + HEX_DIRS) % HEX_DIRS;
    sk->wind_strength = ws < 0 ? 0 : ws > MAP_WIND_MAX ? MAP_WIND_MAX : ws;
    return 0;
}

void skirmish_deinit(Skirmish *sk)
{
    chart_deinit(&sk->chart);
    memset(sk, 0, sizeof *sk);
}

/* -------------------------------------------------------------- queries */

void skirmish_ship_label(const Skirmish *sk, int i, char *buf, size_t cap)
{
    if (i < 0 || i >= sk->nships) {
        snprintf(buf, cap, "?");
        return;
    }
    /* A prize keeps the name she sailed under: B2 taken by A is still B2. */
    int born = fleet_ship_born(&sk->ships[i]), n = 1;
    for (int k = 0; k < i; k++) n += fleet_ship_born(&sk->ships[k]) == born;
    snprintf(buf, cap, "%c%d", SKIRMISH_SIDE_LETTER(born), n);
}

int skirmish_ship_at(const Skirmish *sk, Hex h)
{
    for (int i = 0; i < sk->nships; i++)
        if (sk->ships[i].status != FLEET_SUNK && hex_equal(sk->ships[i].pose.hex, h)) return i;
    return -1;
}

int skirmish_active(const Skirmish *sk, int side)
{
    int n = 0;
    for (int i = 0; i < sk->nships; i++)
        n += sk->ships[i].side == side && fleet_ship_active(&sk->ships[i]);
    return n;
}

void skirmish_move_cost(const Skirmish *sk, int i, ChartMoveCost *out)
{
    assert(i >= 0 && i < sk->nships);
    fleet_move_cost(&sk->ships[i], sk->wind_dir, sk->wind_strength, out);
}

int skirmish_allowance(const Skirmish *sk, int i)
{
    assert(i >= 0 && i < sk->nships);
    const FleetShip *s = &sk->ships[i];
    if (!fleet_ship_can_sail(s)) return 0;
    return fleet_allowance(s->cls, fleet_point_of_sail(s->pose.facing, sk->wind_dir),
                           sk->wind_strength, s->rigging);
}

/* ---------------------------------------------------------------- orders */

void skirmish_default_orders(const Skirmish *sk, int i, SkirmishOrders *o)
{
    memset(o, 0, sizeof *o);
    for (int b = 0; b < FLEET_BROADSIDES; b++) {
        /* A prize crew works no guns. */
        bool loaded =
            i >= 0 && i < sk->nships && sk->ships[i].reload[b] == 0 && !sk->ships[i].prize;
        o->fire[b].target = loaded ? SKIRMISH_ANY : SKIRMISH_HOLD;
        o->fire[b].shot = FLEET_ROUND;
    }
    o->anchor = i >= 0 && i < sk->nships && sk->ships[i].anchored;
}

/* The board order of ship i (labelled lab) against the rules. */
static int check_board(const Skirmish *sk, int i, const char *lab, const SkirmishOrders *o, Err *e)
{
    const FleetShip *s = &sk->ships[i];
    if (o->board == SKIRMISH_BOARD_NONE) return 0;
    if (o->board != SKIRMISH_BOARD && o->board != SKIRMISH_BOARD_CUT)
        return err_set(e, "orders for %s: unknown board order %d", lab, o->board);
    if (o->board == SKIRMISH_BOARD_CUT)
        return !fleet_ship_manned(s) || s->lashed < 0
                   ? err_set(e, "orders for %s: she is lashed to no ship to cut loose", lab)
                   : 0;
    if (!fleet_ship_active(s))
        return err_set(e, "orders for %s: she %s and cannot board", lab,
                       s->prize ? "is a prize, sailed by a prize crew" : "is out of the fight");
    int t = o->board_target;
    if (t < 0 || t >= sk->nships || t == i)
        return err_set(e, "orders for %s: she would board no ship (%d)", lab, t);
    if (sk->ships[t].side == s->side)
        return err_set(e, "orders for %s: she would board a ship of her own side", lab);
    if (sk->ships[t].status == FLEET_SUNK)
        return err_set(e, "orders for %s: she would board a ship that has sunk", lab);
    if (s->lashed >= 0 && s->lashed != t) {
        char other[16];
        skirmish_ship_label(sk, s->lashed, other, sizeof other);
        return err_set(e, "orders for %s: she is lashed to %s and can board only her", lab, other);
    }
    return 0;
}

int skirmish_check_orders(const Skirmish *sk, int i, const SkirmishOrders *o, Err *e)
{
    char lab[16];
    if (i < 0 || i >= sk->nships) return err_set(e, "orders: no ship %d", i);
    skirmish_ship_label(sk, i, lab, sizeof lab);
    const FleetShip *s = &sk->ships[i];
    if (o->nsteps < 0 || o->nsteps > SKIRMISH_MAX_STEPS)
        return err_set(e, "orders for %s: %d steps; a path has 0 to %d", lab, o->nsteps,
                       SKIRMISH_MAX_STEPS);
    if (!fleet_ship_manned(s) && o->nsteps > 0)
        return err_set(e, "orders for %s: she is out of the fight and cannot move", lab);
    if (o->anchor && !s->anchored && (!fleet_ship_manned(s) || s->aground))
        return err_set(e, "orders for %s: she cannot anchor %s", lab,
                       s->aground ? "aground" : "out of the fight");
    if (s->anchored && o->nsteps > 0)
        return err_set(e, "orders for %s: she is at anchor; weighing takes this turn", lab);
    if (s->lashed >= 0 && (o->nsteps > 0 || (o->anchor && !s->anchored)))
        return err_set(e, "orders for %s: she is lashed to another ship and cannot %s", lab,
                       o->nsteps > 0 ? "sail" : "anchor");
    if (check_board(sk, i, lab, o, e) != 0) return -1;
    ChartMoveCost cost;
    fleet_move_cost(s, sk->wind_dir, sk->wind_strength, &cost);
    HexPose p = s->pose;
    int spent = 0;
    for (int k = 0; k < o->nsteps; k++) {
        int st = o->steps[k];
        if (st == HEX_STEP_FORWARD) {
            if (cost.forward[p.facing] < 0)
                return err_set(e, "orders for %s: step %d sails into the wind (in irons)", lab,
                               k + 1);
            spent += cost.forward[p.facing];
            if (spent > cost.budget || spent > cost.limit[p.facing])
                return err_set(e, "orders for %s: step %d goes beyond her movement this turn", lab,
                               k + 1);
            p = hex_pose_step(p, st);
            if (!chart_sailable(&sk->chart, p.hex))
                return err_set(e, "orders for %s: step %d runs onto land or off the map at %d,%d",
                               lab, k + 1, p.hex.q, p.hex.r);
        } else if (st == HEX_STEP_PORT || st == HEX_STEP_STARBOARD) {
            spent += cost.turn;
            if (spent > cost.budget)
                return err_set(e, "orders for %s: step %d goes beyond her movement this turn", lab,
                               k + 1);
            p = hex_pose_step(p, st);
        } else {
            return err_set(e, "orders for %s: step %d is not forward, port or starboard", lab,
                           k + 1);
        }
    }
    for (int b = 0; b < FLEET_BROADSIDES; b++) {
        const SkirmishFire *f = &o->fire[b];
        const char *bn = b == FLEET_PORT ? "port" : "starboard";
        if (f->shot < 0 || f->shot >= FLEET_SHOTS)
            return err_set(e, "orders for %s: unknown shot type %d for the %s broadside", lab,
                           f->shot, bn);
        if (!fleet_shot_allowed(s, b, f->shot))
            return err_set(e,
                           "orders for %s: double shot only for a broadside's first fire (her "
                           "%s broadside has fired)",
                           lab, bn);
        if (f->target == SKIRMISH_HOLD || f->target == SKIRMISH_ANY) continue;
        if (f->target < 0 || f->target >= sk->nships)
            return err_set(e, "orders for %s: %s broadside aims at no ship (%d)", lab, bn,
                           f->target);
        const FleetShip *t = &sk->ships[f->target];
        if (t->side == s->side)
            return err_set(e, "orders for %s: %s broadside aims at a ship of her own side", lab,
                           bn);
        if (!fleet_ship_active(t))
            return err_set(e, "orders for %s: %s broadside aims at a ship out of the fight", lab,
                           bn);
    }
    return 0;
}

int skirmish_order(Skirmish *sk, int i, const SkirmishOrders *o, Err *e)
{
    assert(o);
    if (sk->over) return err_set(e, "orders: the skirmish is over");
    if (skirmish_check_orders(sk, i, o, e) != 0) return -1;
    if (sk->submitted[sk->ships[i].side & 1])
        return err_set(e, "orders: side %c has already submitted this turn",
                       SKIRMISH_SIDE_LETTER(sk->ships[i].side));
    sk->orders[i] = *o;
    /* Only a boarding names a ship: one spelling of every order, as saves
     * write it. */
    if (o->board != SKIRMISH_BOARD) sk->orders[i].board_target = 0;
    return 0;
}

int skirmish_submit(Skirmish *sk, int side, Err *e)
{
    if (side < 0 || side >= SKIRMISH_SIDES) return err_set(e, "submit: no side %d", side);
    if (sk->over) return err_set(e, "submit: the skirmish is over");
    sk->submitted[side] = true;
    return 0;
}

/* ------------------------------------------------------------ searching */

typedef struct BlockCtx {
    const Skirmish *sk;
    int self;
} BlockCtx;

static bool blocked_by_ship(void *ctx, Hex h)
{
    const BlockCtx *b = ctx;
    int k = skirmish_ship_at(b->sk, h);
    return k >= 0 && k != b->self;
}

int skirmish_reach(Skirmish *sk, int i, ChartReachNode *out, int cap)
{
    if (i < 0 || i >= sk->nships) return 0;
    ChartMoveCost cost;
    skirmish_move_cost(sk, i, &cost);
    BlockCtx ctx = {sk, i};
    return chart_reach(&sk->chart, sk->ships[i].pose, &cost, blocked_by_ship, &ctx, out, cap);
}

int skirmish_plot_to(Skirmish *sk, int i, Hex goal, int goal_facing, SkirmishOrders *o)
{
    if (i < 0 || i >= sk->nships || !fleet_ship_manned(&sk->ships[i])) return -1;
    const FleetShip *s = &sk->ships[i];
    ChartMoveCost cost;
    skirmish_move_cost(sk, i, &cost);
    BlockCtx ctx = {sk, i};
    uint8_t steps[SKIRMISH_MAX_STEPS];
    int n = chart_path(&sk->chart, s->pose, goal, goal_facing, &cost, blocked_by_ship, &ctx, steps,
                       SKIRMISH_MAX_STEPS, NULL);
    if (n >= 0) {
        o->nsteps = n;
        memcpy(o->steps, steps, (size_t)n);
        return n;
    }
    /* Out of reach this turn: route over several turns, where a hex costs
     * the time it takes at that point of sail (240 / allowance) and a turn
     * point what a point takes at a middling speed, then keep the part this
     * turn's movement allows. */
    ChartMoveCost route = cost;
    for (int d = 0; d < HEX_DIRS; d++) {
        int a = cost.limit[d];
        route.forward[d] = a > 0 ? 240 / a : -1;
        route.limit[d] = INT_MAX / 2;
    }
    route.turn = 15 * cost.turn;
    route.budget = -1;
    enum { ROUTE_MAX = 4096 };
    uint8_t long_steps[ROUTE_MAX];
    int m = chart_path(&sk->chart, s->pose, goal, goal_facing, &route, blocked_by_ship, &ctx,
                       long_steps, ROUTE_MAX, NULL);
    if (m < 0) return -1;
    HexPose p = s->pose;
    int spent = 0, k = 0;
    for (; k < m && k < SKIRMISH_MAX_STEPS; k++) {
        int st = long_steps[k];
        int c = st == HEX_STEP_FORWARD ? cost.forward[p.facing] : cost.turn;
        if (c < 0 || spent + c > cost.budget) break;
        if (st == HEX_STEP_FORWARD && spent + c > cost.limit[p.facing]) break;
        spent += c;
        p = hex_pose_step(p, st);
    }
    o->nsteps = k;
    memcpy(o->steps, long_steps, (size_t)k);
    return k;
}

_Static_assert(ROUTE_TURN_STEPS == SKIRMISH_MAX_STEPS, "a route's turn is one turn's orders");

/* Where the other ships are in each movement phase of this turn, as
 * skirmish_route assumes them: at[j][p] is ship j's hex as phase p begins
 * and go[j][p] whether she steps ahead in it. */
typedef struct RouteShips {
    const Skirmish *sk;
    int self;
    Hex goal;
    bool loose; /* later turns: only wrecks stay in the way */
    bool wreck[SKIRMISH_MAX_SHIPS];
    Hex at[SKIRMISH_MAX_SHIPS][SKIRMISH_MAX_STEPS + 1];
    bool go[SKIRMISH_MAX_SHIPS][SKIRMISH_MAX_STEPS];
} RouteShips;

static void route_ships(const Skirmish *sk, int self, RouteShips *rsh)
{
    memset(rsh, 0, sizeof *rsh);
    rsh->sk = sk;
    rsh->self = self;
    int side = sk->ships[self].side;
    for (int j = 0; j < sk->nships; j++) {
        const FleetShip *s = &sk->ships[j];
        rsh->wreck[j] = s->status == FLEET_STRUCK;
        bool sails = j != self && s->side == side && fleet_ship_manned(s);
        const SkirmishOrders *o = &sk->orders[j];
        HexPose p = s->pose;
        for (int k = 0; k < SKIRMISH_MAX_STEPS; k++) {
            rsh->at[j][k] = p.hex;
            if (!sails || k >= o->nsteps) continue;
            rsh->go[j][k] = o->steps[k] == HEX_STEP_FORWARD;
            p = hex_pose_step(p, o->steps[k]);
        }
        rsh->at[j][SKIRMISH_MAX_STEPS] = p.hex;
    }
}

/* The rules of phase_make_way and phase_contest, seen from one ship: she
 * may enter a hex whose ship sails out in the same phase, unless that ship
 * makes for the hex she leaves (a swap blocks both), and never one another
 * ship makes for in that phase (the contest might go against her). */
static bool route_blocked(void *ctx, Hex from, Hex to, int turn, int phase)
{
    const RouteShips *r = ctx;
    const Skirmish *sk = r->sk;
    for (int j = 0; j < sk->nships; j++) {
        if (j == r->self || sk->ships[j].status == FLEET_SUNK) continue;
        if (turn > 0) {
            /* Where she is once this turn is sailed: a ship that stays
             * put must be sailed round, or next turn's plan would count on
             * her being gone and the route would never settle. Not on the
             * goal, which she may yet leave; a wreck never will. */
            Hex end = r->at[j][SKIRMISH_MAX_STEPS];
            if (hex_equal(end, to) && (r->wreck[j] || (!r->loose && !hex_equal(to, r->goal))))
                return true;
            continue;
        }
        Hex at = r->at[j][phase];
        bool go = r->go[j][phase];
        Hex dest = go ? r->at[j][phase + 1] : at;
        if (hex_equal(at, to) && (!go || hex_equal(dest, from))) return true;
        if (go && hex_equal(dest, to)) return true;
    }
    return false;
}

int skirmish_route(Skirmish *sk, RouteSearch *rs, int i, Hex goal, int goal_facing, RoutePlan *out)
{
    assert(i >= 0 && i < sk->nships && rs->chart == &sk->chart);
    FleetShip s = sk->ships[i];
    ChartMoveCost cost[HEX_DIRS];
    for (int f = 0; f < HEX_DIRS; f++) {
        s.pose.facing = f;
        fleet_move_cost(&s, sk->wind_dir, sk->wind_strength, &cost[f]);
    }
    RouteShips rsh;
    route_ships(sk, i, &rsh);
    rsh.goal = goal;
    int n = route_plan(rs, sk->ships[i].pose, cost, goal, goal_facing, route_blocked, &rsh, out);
    if (n >= 0 || out->reason != ROUTE_BLOCKED) return n;
    /* Boxed in by ships that lie still now (her own fleet at the start,
     * say): they will not lie still for ever, so count on the way opening
     * after this turn rather than say there is none. */
    rsh.loose = true;
    return route_plan(rs, sk->ships[i].pose, cost, goal, goal_facing, route_blocked, &rsh, out);
}

/* Hexes of every ship on the board except a and b (lines of fire). */
static int obstacles(const Skirmish *sk, int a, int b, Hex *out)
{
    int n = 0;
    for (int k = 0; k < sk->nships; k++)
        if (k != a && k != b && sk->ships[k].status != FLEET_SUNK) out[n++] = sk->ships[k].pose.hex;
    return n;
}

int skirmish_arc_hexes(const Skirmish *sk, int i, int b, Hex *out, int cap)
{
    if (i < 0 || i >= sk->nships || b < 0 || b >= FLEET_BROADSIDES) return 0;
    const FleetShip *s = &sk->ships[i];
    Hex obs[SKIRMISH_MAX_SHIPS];
    int nobs = obstacles(sk, i, -1, obs);
    int n = 0;
    for (int dq = -FLEET_RANGE_LONG; dq <= FLEET_RANGE_LONG; dq++)
        for (int dr = -FLEET_RANGE_LONG; dr <= FLEET_RANGE_LONG; dr++) {
            Hex h = hex_make(s->pose.hex.q + dq, s->pose.hex.r + dr);
            int d = hex_distance(h, s->pose.hex);
            if (d < 1 || d > FLEET_RANGE_LONG) continue;
            if (fleet_broadside_for(s->pose, h) != b || !chart_sailable(&sk->chart, h)) continue;
            /* The ship in the target hex itself doesn't block. */
            Hex o2[SKIRMISH_MAX_SHIPS];
            int n2 = 0;
            for (int k = 0; k < nobs; k++)
                if (!hex_equal(obs[k], h)) o2[n2++] = obs[k];
            if (!fleet_line_clear(&sk->chart, s->pose.hex, h, o2, n2)) continue;
            if (n < cap) out[n] = h;
            n++;
        }
    return n;
}

/* Can ship i's broadside b hit ship t with shot now? */
static bool can_hit(const Skirmish *sk, int i, int b, int t, int shot, int *range, bool *raked)
{
    const FleetShip *s = &sk->ships[i], *u = &sk->ships[t];
    if (t == i || u->side == s->side || !fleet_ship_active(u)) return false;
    if (fleet_broadside_for(s->pose, u->pose.hex) != b) return false;
    int d = hex_distance(s->pose.hex, u->pose.hex);
    bool rk = fleet_rakes(u->pose, s->pose.hex);
    if (fleet_hit_pct(s->cls, fleet_band(d), shot, rk) == 0) return false;
    Hex obs[SKIRMISH_MAX_SHIPS];
    int n = obstacles(sk, i, t, obs);
    if (!fleet_line_clear(&sk->chart, s->pose.hex, u->pose.hex, obs, n)) return false;
    *range = d;
    *raked = rk;
    return true;
}

int skirmish_fire_target(const Skirmish *sk, int i, int b, SkirmishFire f, int *range, bool *raked)
{
    if (i < 0 || i >= sk->nships || b < 0 || b >= FLEET_BROADSIDES) return -1;
    if (f.target == SKIRMISH_HOLD) return -1;
    int d;
    bool rk;
    int best = -1, best_d = 0;
    bool best_rk = false;
    if (f.target >= 0 && f.target < sk->nships && can_hit(sk, i, b, f.target, f.shot, &d, &rk)) {
        best = f.target;
        best_d = d;
        best_rk = rk;
    } else {
        for (int t = 0; t < sk->nships; t++) {
            if (!can_hit(sk, i, b, t, f.shot, &d, &rk)) continue;
            if (best < 0 || d < best_d || (d == best_d && rk && !best_rk)) {
                best = t;
                best_d = d;
                best_rk = rk;
            }
        }
    }
    if (best >= 0) {
        if (range) *range = best_d;
        if (raked) *raked = best_rk;
    }
    return best;
}

/* ------------------------------------------------------ text and outcome */

/* The lines of the shore's and the lashings' events (a and an: the
 * ship's label and class name, b and bn the other's); false for others. */
static bool shore_board_text(const SkirmishEvent *ev, const char *a, const char *an, const char *b,
                             const char *bn, char *buf, size_t cap)
{
    switch (ev->kind) {
    case SKIRMISH_EV_ANCHORED:
        snprintf(buf, cap, "%s %s %s", a, an, ev->a ? "lets go her anchor" : "weighs anchor");
        return true;
    case SKIRMISH_EV_DRIFTED:
        snprintf(buf, cap, "%s %s drifts %s to %d,%d", a, an, hex_dir_names[ev->a % HEX_DIRS],
                 ev->to.q, ev->to.r);
        return true;
    case SKIRMISH_EV_AGROUND:
        snprintf(buf, cap, "%s %s %s: %d hull", a, an,
                 ev->a ? "pounds on the shore" : "runs aground", ev->damage.hull);
        return true;
    case SKIRMISH_EV_REFLOATED:
        snprintf(buf, cap, "%s %s %s", a, an,
                 ev->a ? "kedges off the shore" : "floats free as the wind shifts");
        return true;
    case SKIRMISH_EV_GRAPPLED:
        if (ev->a == 2)
            snprintf(buf, cap, "%s %s runs foul of %s %s: they are tangled together", a, an, b, bn);
        else if (ev->a == 3)
            snprintf(buf, cap, "%s %s cannot get alongside %s %s to grapple", a, an, b, bn);
        else
            snprintf(buf, cap, "%s %s throws grapples at %s %s: %s", a, an, b, bn,
                     ev->a ? "they hold" : "they miss");
        return true;
    case SKIRMISH_EV_BOARDED:
        snprintf(buf, cap, "%s %s boards %s %s: %d of the boarders and %d defenders fall%s", a, an,
                 b, bn, ev->a, ev->b, ev->raked ? "; she is carried" : "");
        return true;
    case SKIRMISH_EV_CUT:
        snprintf(buf, cap, "%s %s %s %s %s", a, an,
                 ev->a == 1   ? "cuts loose from"
                 : ev->a == 2 ? "comes clear of"
                              : "cannot cut loose from",
                 b, bn);
        return true;
    case SKIRMISH_EV_PRIZE:
        if (ev->a)
            snprintf(buf, cap, "%s %s is retaken by %s %s: her own people below are freed", a, an,
                     b, bn);
        else
            snprintf(buf, cap, "%s %s is taken as a prize by %s %s (a prize crew of %d)", a, an, b,
                     bn, ev->b);
        return true;
    default:
        return false;
    }
}

/* A ship in the log: "A1" and "frigate", or a named one "A1 Victory" and
 * "(line)"; the class words live in fleet_classes, so a name is cheap. */
static void ship_words(const Skirmish *sk, int i, char *lab, size_t cap, const char **cls)
{
    char l[16];
    skirmish_ship_label(sk, i, l, sizeof l);
    *cls = fleet_classes[sk->ships[i].cls].name;
    if (!sk->names[i][0]) {
        snprintf(lab, cap, "%s", l);
        return;
    }
    static const char *const paren[FLEET_CLASSES] = {"(sloop)", "(frigate)", "(line)"};
    snprintf(lab, cap, "%s %s", l, sk->names[i]);
    *cls = paren[sk->ships[i].cls];
}

void skirmish_event_text(const Skirmish *sk, const SkirmishEvent *ev, char *buf, size_t cap)
{
    char a[48] = "", b[48] = "";
    const char *an = "", *bn = "";
    if (ev->ship >= 0 && ev->ship < sk->nships) ship_words(sk, ev->ship, a, sizeof a, &an);
    if (ev->other >= 0 && ev->other < sk->nships) ship_words(sk, ev->other, b, sizeof b, &bn);
    if (shore_board_text(ev, a, an, b, bn, buf, cap)) return;
    const char *side = ev->broadside == FLEET_PORT ? "port" : "starboard";
    const char *shot = ev->shot >= 0 && ev->shot < FLEET_SHOTS ? fleet_shot_names[ev->shot] : "?";
    switch (ev->kind) {
    case SKIRMISH_EV_TURNED:
        snprintf(buf, cap, "%s %s turns from %s to %s", a, an, hex_dir_names[ev->a % HEX_DIRS],
                 hex_dir_names[ev->b % HEX_DIRS]);
        break;
    case SKIRMISH_EV_MOVED:
        snprintf(buf, cap, "%s %s sails to %d,%d", a, an, ev->to.q, ev->to.r);
        break;
    case SKIRMISH_EV_BLOCKED:
        if (ev->other >= 0)
            snprintf(buf, cap, "%s %s is blocked by %s %s at %d,%d and stops", a, an, b, bn,
                     ev->to.q, ev->to.r);
        else
            snprintf(buf, cap, "%s %s is blocked at %d,%d and stops", a, an, ev->to.q, ev->to.r);
        break;
    case SKIRMISH_EV_FIRED: {
        char burst[48] = "";
        if (ev->burst > 0)
            snprintf(burst, sizeof burst, "; %d %s", ev->burst,
                     words_plural(ev->burst, "gun bursts", "guns burst"));
        snprintf(buf, cap,
                 "%s %s fires her %s broadside at %s %s (%s shot, %d %s%s): %d of %d %s hit%s", a,
                 an, side, b, bn, shot, ev->range, words_plural(ev->range, "hex", "hexes"),
                 ev->raked ? ", raking" : "", ev->hits, ev->guns,
                 words_plural(ev->guns, "gun", "guns"), burst);
        break;
    }
    case SKIRMISH_EV_HIT:
        snprintf(buf, cap, "%s %s loses %d hull, %d rigging, %d crew, %d %s", b, bn,
                 ev->damage.hull, ev->damage.rigging, ev->damage.crew,
                 ev->damage.guns[0] + ev->damage.guns[1],
                 words_plural(ev->damage.guns[0] + ev->damage.guns[1], "gun", "guns"));
        break;
    case SKIRMISH_EV_STRUCK:
        snprintf(buf, cap, "%s %s strikes her colours%s", a, an, ev->a ? " (morale)" : "");
        break;
    case SKIRMISH_EV_SANK:
        snprintf(buf, cap, "%s %s %s", a, an,
                 ev->a == 2   ? "goes to pieces on the shore"
                 : ev->a == 3 ? "founders: the wreck goes down"
                              : "sinks");
        break;
    case SKIRMISH_EV_WIND_VEERED:
        snprintf(buf, cap, "the wind veers: it now blows from %s", hex_dir_names[ev->b % HEX_DIRS]);
        break;
    case SKIRMISH_EV_WIND_STRENGTH:
        snprintf(buf, cap, "the wind %s to strength %d", ev->b > ev->a ? "freshens" : "slackens",
                 ev->b);
        break;
    case SKIRMISH_EV_ESCAPED:
        snprintf(buf, cap, "%s %s slips out at %d,%d: she is safe", a, an, ev->from.q, ev->from.r);
        break;
    case SKIRMISH_EV_GOAL:
        skirmish_goal_text(sk, ev, buf, cap);
        break;
    case SKIRMISH_EV_GAME_OVER:
        if (ev->a < 0)
            snprintf(buf, cap, "the battle ends in a draw");
        else
            snprintf(buf, cap, "side %c wins the battle", SKIRMISH_SIDE_LETTER(ev->a));
        break;
    default:
        snprintf(buf, cap, "?");
        break;
    }
}

void skirmish_outcome(const Skirmish *sk, SkirmishOutcome *out)
{
    memset(out, 0, sizeof *out);
    out->seed = sk->seed;
    snprintf(out->map, sizeof out->map, "%s", sk->map ? sk->map->meta.name : "");
    snprintf(out->scenario, sizeof out->scenario, "%s", sk->scenario);
    for (int i = 0; i < sk->nships; i++)
        out->escaped[fleet_ship_born(&sk->ships[i]) & 1] += sk->escaped[i];
    out->winner = sk->over ? sk->winner : -1;
    out->turns = sk->over ? sk->turn : sk->turn - 1;
    out->turn_limit = sk->turn_limit;
    /* A fleet's size is what it sailed with: a prize counts with her first side. */
    for (int i = 0; i < sk->nships; i++) out->ships[fleet_ship_born(&sk->ships[i]) & 1]++;
    for (int s = 0; s < SKIRMISH_SIDES; s++) {
        const SkirmishStats *st = &sk->stats[s];
        out->sunk[s] = st->sunk;
        out->struck[s] = st->struck;
        out->broadsides[s] = st->broadsides;
        out->shots[s] = st->shots;
        out->hits[s] = st->hits;
        out->damage[s] = st->damage;
        out->points[s] = st->points;
        out->boardings[s] = st->boardings;
        out->prizes[s] = st->prizes;
        out->groundings[s] = st->groundings;
        for (int k = 0; k < FLEET_SHOTS; k++) out->shot_types[k][s] = st->shots_by[k];
        out->burst[s] = st->burst;
        out->goal[s] = sk->goal[s].kind;
        out->goal_met[s] = sk->goal_met[s];
    }
    skirmish_end(sk, &out->end);
    skirmish_end_text(sk, &out->end, out->verdict, sizeof out->verdict);
}

/* text as the inside of a JSON string into buf (cap > 6): quotes and
 * backslashes escaped, a control byte as its six-byte escape; stops
 * short rather than split an escape. */
static void json_text(const char *text, char *buf, size_t cap)
{
    size_t k = 0;
    for (const unsigned char *p = (const unsigned char *)text; *p && k + 7 < cap; p++) {
        if (*p == '"' || *p == '\\') {
            buf[k++] = '\\';
            buf[k++] = (char)*p;
        } else if (*p < 0x20) {
            k += (size_t)snprintf(buf + k, cap - k, "\\u%04x", *p);
        } else {
            buf[k++] = (char)*p;
        }
    }
    buf[k] = '\0';
}

int skirmish_outcome_json(const SkirmishOutcome *o, char *buf, size_t cap)
{
    size_t len = 0;
    char name[2 * MAP_NAME_MAX * 3], verdict[SKIRMISH_END_TEXT_MAX * 6 + 8];
    json_text(o->map, name, sizeof name);
    json_text(o->verdict, verdict, sizeof verdict);
    const char *winner = o->winner == 0 ? "\"A\"" : o->winner == 1 ? "\"B\"" : "\"draw\"";
    bool ok =
        kv_appendf(buf, cap, &len,
                   "{\"seed\":%llu,\"map\":\"%s\",\"winner\":%s,\"turns\":%d,\"turn_limit\":%d",
                   (unsigned long long)o->seed, name, winner, o->turns, o->turn_limit);
#define PAIR(key, arr)                                                                             \
    ok = ok && kv_appendf(buf, cap, &len, ",\"" key "\":[%d,%d]", (arr)[0], (arr)[1])
    PAIR("ships", o->ships);
    PAIR("sunk", o->sunk);
    PAIR("struck", o->struck);
    PAIR("broadsides", o->broadsides);
    PAIR("shots", o->shots);
    PAIR("hits", o->hits);
    PAIR("damage", o->damage);
    PAIR("points", o->points);
    PAIR("boardings", o->boardings);
    PAIR("prizes", o->prizes);
    PAIR("groundings", o->groundings);
    /* Added after the fields above, which readers of the report know. */
    ok = ok && kv_appendf(buf, cap, &len, ",\"shot_types\":{");
    for (int sh = 0; sh < FLEET_SHOTS; sh++)
        ok = ok && kv_appendf(buf, cap, &len, "%s\"%s\":[%d,%d]", sh ? "," : "",
                              fleet_shot_names[sh], o->shot_types[sh][0], o->shot_types[sh][1]);
    ok = ok && kv_appendf(buf, cap, &len, "}");
    PAIR("burst", o->burst);
    PAIR("escaped", o->escaped);
#undef PAIR
    /* The scenario and each side's goal, and whether the goal won it. */
    ok = ok && kv_appendf(buf, cap, &len,
                          ",\"scenario\":\"%s\",\"goal\":[\"%s\",\"%s\"],\"goal_met\":[%s,%s]",
                          o->scenario, skirmish_goal_names[o->goal[0] % SKIRMISH_GOALS],
                          skirmish_goal_names[o->goal[1] % SKIRMISH_GOALS],
                          o->goal_met[0] ? "true" : "false", o->goal_met[1] ? "true" : "false");
    /* What decided it: the rule, the side and objective it names, in words. */
    const SkirmishEnd *end = &o->end;
    const char *dside = end->side == 0 ? "\"A\"" : end->side == 1 ? "\"B\"" : "null";
    bool named = end->by == SKIRMISH_END_GOAL || end->by == SKIRMISH_END_GOAL_FAILED ||
                 end->by == SKIRMISH_END_LIMIT_HOLD;
    ok = ok &&
         kv_appendf(buf, cap, &len,
                    ",\"decided_by\":\"%s\",\"decided_side\":%s,\"decided_goal\":%s%s%s,"
                    "\"verdict\":\"%s\"",
                    skirmish_end_names[(unsigned)end->by % SKIRMISH_ENDS], dside, named ? "\"" : "",
                    named ? skirmish_goal_names[(unsigned)end->goal % SKIRMISH_GOALS] : "null",
                    named ? "\"" : "", verdict);
    /* Autoplay's census: ship-turns, why ships lay still, the longest stand-off. */
    const SkirmishCensus *c = &o->census;
    ok = ok && kv_appendf(buf, cap, &len, ",\"ship_turns\":[%d,%d],\"still\":{", c->ship_turns[0],
                          c->ship_turns[1]);
    for (int r = 0; r < SKIRMISH_STILL_REASONS; r++)
        ok = ok && kv_appendf(buf, cap, &len, "%s\"%s\":[%d,%d]", r ? "," : "",
                              skirmish_still_names[r], c->still[r][0], c->still[r][1]);
    ok = ok && kv_appendf(buf, cap, &len, "},\"quiet_max\":%d", c->quiet_max);
    /* Pace: the turn the first broadside was fired (null: none was). */
    if (c->first_broadside > 0)
        ok = ok && kv_appendf(buf, cap, &len, ",\"first_broadside\":%d}", c->first_broadside);
    else
        ok = ok && kv_appendf(buf, cap, &len, ",\"first_broadside\":null}");
    return ok ? (int)len : -1;
}
