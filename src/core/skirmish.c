/* skirmish: battle state, placement, orders and the simultaneous turn. */
#include "skirmish.h"

#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kv.h"

static const char side_letter[SKIRMISH_SIDES] = {'A', 'B'};

void skirmish_setup_default(SkirmishSetup *s)
{
    memset(s, 0, sizeof *s);
    s->seed = 1;
    s->ships[0] = s->ships[1] = 3;
    s->turn_limit = 60;
}

int skirmish_fleet_class(int size, int i)
{
    /* Ships of the line for about a third of the fleet, sloops for a
     * quarter (at least one from two ships up), frigates in between. */
    if (size < 1 || i < 0 || i >= size) return FLEET_FRIGATE;
    if (size == 1) return FLEET_FRIGATE;
    int line = size / 3 + (size >= 5 && size % 3 == 2 ? 1 : 0);
    int sloop = size / 4 > 0 ? (size + 1) / 4 : 1;
    if (i < line) return FLEET_LINE;
    if (i >= size - sloop) return FLEET_SLOOP;
    return FLEET_FRIGATE;
}

/* The dice: every random number of the battle comes from here. */
static uint32_t roll(Skirmish *sk)
{
    return fleet_rand(sk->seed, sk->rng++);
}

static int roll_pct(Skirmish *sk)
{
    return fleet_rand_below(roll(sk), 100);
}

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

/* ------------------------------------------------------------ placement */

typedef struct Placement {
    const Chart *c;
    int *comp;  /* component id per cell, -1 for land */
    int *queue; /* BFS scratch, one per cell */
    int cells;
} Placement;

/* Label connected bodies of sailable water; returns the largest's id. */
static int label_components(Placement *p)
{
    int n = chart_waters(p->c, p->comp, p->queue);
    /* queue is free again: it counts each body's hexes. */
    for (int k = 0; k < n; k++) p->queue[k] = 0;
    for (int i = 0; i < p->cells; i++)
        if (p->comp[i] >= 0) p->queue[p->comp[i]]++;
    int best = -1;
    for (int k = 0; k < n; k++)
        if (best < 0 || p->queue[k] > p->queue[best]) best = k;
    return best;
}

static bool hex_taken(const Skirmish *sk, Hex h, int min_gap)
{
    for (int i = 0; i < sk->nships; i++)
        if (hex_distance(sk->ships[i].pose.hex, h) < min_gap) return true;
    return false;
}

/* The cell of water body comp nearest to the point at fraction fx of the
 * body's width (left to right), halfway down the map. */
static int anchor_cell(const Skirmish *sk, const Placement *p, int comp, double fx)
{
    const Chart *c = p->c;
    double minx = 0, maxx = 0;
    bool any = false;
    for (int i = 0; i < p->cells; i++) {
        if (p->comp[i] != comp) continue;
        float x, y;
        hex_to_pixel(chart_hex(c, i), c->size, &x, &y);
        if (!any || x < minx) minx = x;
        if (!any || x > maxx) maxx = x;
        any = true;
    }
    double tx = minx + fx * (maxx - minx), ty = 0.5 * sk->map->h;
    int best = -1;
    double best_d = 0;
    for (int i = 0; i < p->cells; i++) {
        if (p->comp[i] != comp) continue;
        float x, y;
        hex_to_pixel(chart_hex(c, i), c->size, &x, &y);
        double d = (x > tx ? x - tx : tx - x) + 0.5 * (y > ty ? y - ty : ty - y);
        if (best < 0 || d < best_d) {
            best = i;
            best_d = d;
        }
    }
    return best;
}

/* Add `want` ships for side, breadth-first from root over water, keeping a
 * hex between ships when the sea allows. */
static int place_around(Skirmish *sk, Placement *p, int side, int root, int want, int size)
{
    const Chart *c = p->c;
    for (int gap = 2; gap >= 1 && want > 0; gap--) {
        int head = 0, tail = 0;
        char *seen = calloc((size_t)p->cells, 1);
        if (!seen) return -1;
        p->queue[tail++] = root;
        seen[root] = 1;
        while (head < tail && want > 0) {
            int cell = p->queue[head++];
            Hex h = chart_hex(c, cell);
            if (!hex_taken(sk, h, gap)) {
                HexPose pose = {h, 0};
                int n = sk->nships;
                int placed_of_side = 0;
                for (int k = 0; k < n; k++) placed_of_side += sk->ships[k].side == side;
                fleet_ship_init(&sk->ships[n], skirmish_fleet_class(size, placed_of_side), side,
                                pose);
                sk->nships++;
                want--;
            }
            for (int d = 0; d < HEX_DIRS; d++) {
                int nb = chart_cell(c, hex_neighbor(h, d));
                if (nb >= 0 && c->sail[nb] && !seen[nb]) {
                    seen[nb] = 1;
                    p->queue[tail++] = nb;
                }
            }
        }
        free(seen);
    }
    return want;
}

/* Face every ship towards the other fleet's centre, never into the wind. */
static void face_enemy(Skirmish *sk)
{
    double cx[SKIRMISH_SIDES] = {0, 0}, cy[SKIRMISH_SIDES] = {0, 0};
    int n[SKIRMISH_SIDES] = {0, 0};
    for (int i = 0; i < sk->nships; i++) {
        float x, y;
        hex_to_pixel(sk->ships[i].pose.hex, 1.0f, &x, &y);
        cx[sk->ships[i].side] += x;
        cy[sk->ships[i].side] += y;
        n[sk->ships[i].side]++;
    }
    for (int i = 0; i < sk->nships; i++) {
        FleetShip *s = &sk->ships[i];
        int o = 1 - s->side;
        if (n[o] == 0) continue;
        float x, y;
        hex_to_pixel(s->pose.hex, 1.0f, &x, &y);
        double vx = cx[o] / n[o] - x, vy = cy[o] / n[o] - y;
        int best = -1;
        double best_dot = 0;
        float ox, oy;
        hex_to_pixel(hex_make(0, 0), 1.0f, &ox, &oy);
        for (int d = 0; d < HEX_DIRS; d++) {
            if (fleet_point_of_sail(d, sk->wind_dir) == FLEET_IN_IRONS) continue;
            float dx, dy;
            hex_to_pixel(hex_direction(d), 1.0f, &dx, &dy);
            double dot = (dx - ox) * vx + (dy - oy) * vy;
            if (best < 0 || dot > best_dot + 1e-9) {
                best = d;
                best_dot = dot;
            }
        }
        s->pose.facing = best;
    }
}

static int place_fleets(Skirmish *sk, const int ships[SKIRMISH_SIDES], Err *e)
{
    Placement p = {&sk->chart, NULL, NULL, sk->chart.qn * sk->chart.rn};
    p.comp = malloc((size_t)p.cells * sizeof *p.comp);
    p.queue = malloc((size_t)p.cells * sizeof *p.queue);
    if (!p.comp || !p.queue) {
        free(p.comp);
        free(p.queue);
        return err_set(e, "skirmish: out of memory placing the fleets");
    }
    int main_comp = label_components(&p);
    /* The map's spawn hexes are used when every sailable one lies in one
     * body of water; fleets spawned in separate lagoons could never meet,
     * so then both fleets are placed by the rule below instead. */
    const MapMeta *mm = &sk->map->meta;
    int spawn_comp = -1;
    bool use_spawns = true;
    for (int side = 0; side < SKIRMISH_SIDES; side++)
        for (int k = 0; k < mm->spawn_count[side] && k < MAP_MAX_SPAWNS; k++) {
            int cell = chart_cell(&sk->chart, mm->spawns[side][k]);
            if (cell < 0 || !sk->chart.sail[cell]) continue;
            if (spawn_comp < 0) spawn_comp = p.comp[cell];
            if (p.comp[cell] != spawn_comp) use_spawns = false;
        }
    int rc = 0;
    for (int side = 0; side < SKIRMISH_SIDES && rc == 0; side++) {
        int placed = 0, root = -1;
        for (int k = 0;
             use_spawns && k < mm->spawn_count[side] && k < MAP_MAX_SPAWNS && placed < ships[side];
             k++) {
            Hex h = mm->spawns[side][k];
            if (!chart_sailable(&sk->chart, h) || hex_taken(sk, h, 1)) continue;
            HexPose pose = {h, 0};
            fleet_ship_init(&sk->ships[sk->nships++], skirmish_fleet_class(ships[side], placed),
                            side, pose);
            if (root < 0) root = chart_cell(&sk->chart, h);
            placed++;
        }
        if (placed < ships[side]) {
            /* The rest go in the spawns' sea, else the largest. */
            int comp = use_spawns && spawn_comp >= 0 ? spawn_comp : main_comp;
            if (root < 0 && comp >= 0) root = anchor_cell(sk, &p, comp, side == 0 ? 0.08 : 0.92);
            int left = root < 0
                           ? ships[side] - placed
                           : place_around(sk, &p, side, root, ships[side] - placed, ships[side]);
            if (left < 0)
                rc = err_set(e, "skirmish: out of memory placing the fleets");
            else if (left > 0)
                rc = err_set(e, "%s: too little open sea to place %d ships for side %c",
                             sk->map->meta.name, ships[side], side_letter[side]);
        }
    }
    free(p.comp);
    free(p.queue);
    if (rc == 0) face_enemy(sk);
    return rc;
}

int skirmish_init(Skirmish *sk, const Map *map, const SkirmishSetup *setup, Err *e)
{
    for (int s = 0; s < SKIRMISH_SIDES; s++)
        if (setup->ships[s] < 1 || setup->ships[s] > SKIRMISH_SIDE_SHIPS)
            return err_set(e, "skirmish: side %c has %d ships; a fleet has 1 to %d", side_letter[s],
                           setup->ships[s], SKIRMISH_SIDE_SHIPS);
    if (setup->turn_limit < 1 || setup->turn_limit > SKIRMISH_MAX_TURNS)
        return err_set(e, "skirmish: turn limit %d is outside 1..%d", setup->turn_limit,
                       SKIRMISH_MAX_TURNS);
    if (setup->map_path && strlen(setup->map_path) >= SKIRMISH_PATH_MAX)
        return err_set(e, "skirmish: map path longer than %d characters", SKIRMISH_PATH_MAX - 1);
    if (skirmish_init_empty(sk, map, e) != 0) return -1;
    sk->seed = setup->seed;
    sk->turn_limit = setup->turn_limit;
    if (setup->map_path) strcpy(sk->map_path, setup->map_path);
    if (setup->gen) {
        sk->map_generated = true;
        sk->gen = *setup->gen;
    }
    if (place_fleets(sk, setup->ships, e) != 0) {
        skirmish_deinit(sk);
        return -1;
    }
    for (int i = 0; i < sk->nships; i++) skirmish_default_orders(sk, i, &sk->orders[i]);
    return 0;
}

/* -------------------------------------------------------------- queries */

void skirmish_ship_label(const Skirmish *sk, int i, char *buf, size_t cap)
{
    if (i < 0 || i >= sk->nships) {
        snprintf(buf, cap, "?");
        return;
    }
    int n = 1;
    for (int k = 0; k < i; k++) n += sk->ships[k].side == sk->ships[i].side;
    snprintf(buf, cap, "%c%d", side_letter[sk->ships[i].side & 1], n);
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
    fleet_move_cost(&sk->ships[i], sk->wind_dir, sk->wind_strength, out);
}

int skirmish_allowance(const Skirmish *sk, int i)
{
    const FleetShip *s = &sk->ships[i];
    if (!fleet_ship_active(s)) return 0;
    return fleet_allowance(s->cls, fleet_point_of_sail(s->pose.facing, sk->wind_dir),
                           sk->wind_strength, s->rigging);
}

/* ---------------------------------------------------------------- orders */

void skirmish_default_orders(const Skirmish *sk, int i, SkirmishOrders *o)
{
    memset(o, 0, sizeof *o);
    for (int b = 0; b < FLEET_BROADSIDES; b++) {
        bool loaded = i >= 0 && i < sk->nships && sk->ships[i].reload[b] == 0;
        o->fire[b].target = loaded ? SKIRMISH_ANY : SKIRMISH_HOLD;
        o->fire[b].shot = FLEET_ROUND;
    }
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
    if (!fleet_ship_active(s) && o->nsteps > 0)
        return err_set(e, "orders for %s: she is out of the fight and cannot move", lab);
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
        if (f->shot != FLEET_ROUND && f->shot != FLEET_CHAIN)
            return err_set(e, "orders for %s: unknown shot type %d for the %s broadside", lab,
                           f->shot, bn);
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
    if (sk->over) return err_set(e, "orders: the skirmish is over");
    if (skirmish_check_orders(sk, i, o, e) != 0) return -1;
    if (sk->submitted[sk->ships[i].side & 1])
        return err_set(e, "orders: side %c has already submitted this turn",
                       side_letter[sk->ships[i].side & 1]);
    sk->orders[i] = *o;
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
    if (i < 0 || i >= sk->nships || !fleet_ship_active(&sk->ships[i])) return -1;
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
    if (fleet_hit_pct(fleet_band(d), shot, rk) == 0) return false;
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

/* ------------------------------------------------------------ resolution */

/* SKIRMISH_MAX_EVENTS is the most one turn can log (see skirmish.h), so
 * the guard below never drops anything a real turn produces. */
static SkirmishEvent *event_add(Skirmish *sk, int kind, int ship)
{
    if (sk->nevents >= SKIRMISH_MAX_EVENTS) sk->nevents = SKIRMISH_MAX_EVENTS - 1;
    SkirmishEvent *ev = &sk->events[sk->nevents++];
    memset(ev, 0, sizeof *ev);
    ev->kind = kind;
    ev->ship = ship;
    ev->other = -1;
    ev->phase = -1;
    ev->broadside = -1;
    return ev;
}

enum { MV_NONE, MV_PENDING, MV_GO, MV_BLOCKED };

static void resolve_movement(Skirmish *sk)
{
    int n = sk->nships;
    bool stopped[SKIRMISH_MAX_SHIPS] = {false};
    int spent[SKIRMISH_MAX_SHIPS] = {0};
    for (int p = 0; p < SKIRMISH_MAX_STEPS; p++) {
        int state[SKIRMISH_MAX_SHIPS], blocker[SKIRMISH_MAX_SHIPS];
        Hex dest[SKIRMISH_MAX_SHIPS];
        bool any = false;
        for (int i = 0; i < n; i++) {
            state[i] = MV_NONE;
            blocker[i] = -1;
            FleetShip *s = &sk->ships[i];
            const SkirmishOrders *o = &sk->orders[i];
            if (!fleet_ship_active(s) || stopped[i] || p >= o->nsteps) continue;
            int st = o->steps[p];
            if (st == HEX_STEP_FORWARD) {
                state[i] = MV_PENDING;
                dest[i] = hex_neighbor(s->pose.hex, s->pose.facing);
                any = true;
            } else {
                SkirmishEvent *ev = event_add(sk, SKIRMISH_EV_TURNED, i);
                ev->phase = p;
                ev->from = ev->to = s->pose.hex;
                ev->a = s->pose.facing;
                s->pose = hex_pose_step(s->pose, st);
                ev->b = s->pose.facing;
                spent[i] += fleet_classes[s->cls].turn_cost;
            }
        }
        if (!any) continue;
        /* Two ships making for one hex: the one that has used less of its
         * movement gets there first; equal use is settled by the dice. */
        for (int i = 0; i < n; i++) {
            if (state[i] != MV_PENDING) continue;
            int group[SKIRMISH_MAX_SHIPS], g = 0;
            for (int j = i; j < n; j++)
                if (state[j] == MV_PENDING && hex_equal(dest[j], dest[i])) group[g++] = j;
            if (g < 2) continue;
            int win = -1;
            uint32_t win_roll = 0;
            for (int k = 0; k < g; k++) {
                int j = group[k];
                uint32_t r = roll(sk);
                if (win < 0 || spent[j] < spent[win] || (spent[j] == spent[win] && r > win_roll)) {
                    win = j;
                    win_roll = r;
                }
            }
            for (int k = 0; k < g; k++)
                if (group[k] != win) {
                    state[group[k]] = MV_BLOCKED;
                    blocker[group[k]] = win;
                }
        }
        /* A ship may enter a hex whose occupant sails out in the same
         * phase; chains settle by repetition, cycles (ships swapping hexes)
         * block everyone in them. */
        bool changed = true;
        while (changed) {
            changed = false;
            for (int i = 0; i < n; i++) {
                if (state[i] != MV_PENDING) continue;
                int occ = skirmish_ship_at(sk, dest[i]);
                if (occ < 0 || state[occ] == MV_GO) {
                    state[i] = MV_GO;
                    changed = true;
                } else if (state[occ] != MV_PENDING) {
                    state[i] = MV_BLOCKED;
                    blocker[i] = occ;
                    changed = true;
                }
            }
        }
        for (int i = 0; i < n; i++)
            if (state[i] == MV_PENDING) {
                state[i] = MV_BLOCKED;
                blocker[i] = skirmish_ship_at(sk, dest[i]);
            }
        for (int i = 0; i < n; i++) {
            FleetShip *s = &sk->ships[i];
            if (state[i] == MV_GO) {
                SkirmishEvent *ev = event_add(sk, SKIRMISH_EV_MOVED, i);
                ev->phase = p;
                ev->from = s->pose.hex;
                ev->to = dest[i];
                ev->a = ev->b = s->pose.facing;
                s->pose.hex = dest[i];
                spent[i] += FLEET_HEX_COST;
            } else if (state[i] == MV_BLOCKED) {
                SkirmishEvent *ev = event_add(sk, SKIRMISH_EV_BLOCKED, i);
                ev->phase = p;
                ev->from = s->pose.hex;
                ev->to = dest[i];
                ev->other = blocker[i];
                stopped[i] = true;
            }
        }
    }
}

typedef struct Volley {
    int ship, target, broadside, shot, range, guns, hits;
    bool raked;
    FleetDamage dmg;
} Volley;

static void resolve_gunnery(Skirmish *sk)
{
    Volley v[SKIRMISH_MAX_SHIPS * FLEET_BROADSIDES];
    int nv = 0;
    /* Every broadside picks its target and rolls against the positions
     * after movement, before any damage lands: fire is simultaneous. */
    for (int i = 0; i < sk->nships; i++) {
        FleetShip *s = &sk->ships[i];
        if (!fleet_ship_active(s)) continue;
        for (int b = 0; b < FLEET_BROADSIDES; b++) {
            SkirmishFire f = sk->orders[i].fire[b];
            int guns = fleet_guns_firing(s, b);
            if (s->reload[b] > 0 || f.target == SKIRMISH_HOLD || guns == 0) continue;
            int range;
            bool raked;
            int t = skirmish_fire_target(sk, i, b, f, &range, &raked);
            if (t < 0) continue;
            Volley *vo = &v[nv++];
            memset(vo, 0, sizeof *vo);
            vo->ship = i;
            vo->target = t;
            vo->broadside = b;
            vo->shot = f.shot;
            vo->range = range;
            vo->raked = raked;
            vo->guns = guns;
            int pct = fleet_hit_pct(fleet_band(range), f.shot, raked);
            int facing_side = raked ? -1 : fleet_broadside_for(sk->ships[t].pose, s->pose.hex);
            for (int g = 0; g < guns; g++) {
                if (roll_pct(sk) >= pct) continue;
                vo->hits++;
                fleet_hit_effect(f.shot, facing_side, raked, roll(sk), &vo->dmg);
            }
            s->reload[b] = FLEET_RELOAD_TURNS;
        }
    }
    for (int k = 0; k < nv; k++) {
        Volley *vo = &v[k];
        FleetShip *t = &sk->ships[vo->target];
        SkirmishStats *st = &sk->stats[sk->ships[vo->ship].side & 1];
        SkirmishEvent *ev = event_add(sk, SKIRMISH_EV_FIRED, vo->ship);
        ev->other = vo->target;
        ev->from = sk->ships[vo->ship].pose.hex;
        ev->to = t->pose.hex;
        ev->broadside = vo->broadside;
        ev->shot = vo->shot;
        ev->range = vo->range;
        ev->raked = vo->raked;
        ev->guns = vo->guns;
        ev->hits = vo->hits;
        st->broadsides++;
        st->shots += vo->guns;
        st->hits += vo->hits;
        if (vo->hits == 0) continue;
        FleetDamage got = {0, 0, 0, {0, 0}};
#define TAKE(field, dmgv)                                                                          \
    do {                                                                                           \
        int x_ = (dmgv) < (field) ? (dmgv) : (field);                                              \
        (field) -= x_;                                                                             \
        st->damage += x_;                                                                          \
        (dmgv) = x_;                                                                               \
    } while (0)
        got = vo->dmg;
        TAKE(t->hull, got.hull);
        TAKE(t->rigging, got.rigging);
        TAKE(t->crew, got.crew);
        TAKE(t->guns[0], got.guns[0]);
        TAKE(t->guns[1], got.guns[1]);
#undef TAKE
        SkirmishEvent *hv = event_add(sk, SKIRMISH_EV_HIT, vo->ship);
        hv->other = vo->target;
        hv->from = ev->from;
        hv->to = ev->to;
        hv->broadside = vo->broadside;
        hv->shot = vo->shot;
        hv->range = vo->range;
        hv->raked = vo->raked;
        hv->hits = vo->hits;
        hv->damage = got;
    }
}

static void take_ship(Skirmish *sk, int i, int status, bool morale)
{
    FleetShip *s = &sk->ships[i];
    s->status = status;
    SkirmishEvent *ev =
        event_add(sk, status == FLEET_SUNK ? SKIRMISH_EV_SANK : SKIRMISH_EV_STRUCK, i);
    ev->from = ev->to = s->pose.hex;
    ev->a = morale;
    SkirmishStats *own = &sk->stats[s->side & 1];
    if (status == FLEET_SUNK)
        own->sunk++;
    else
        own->struck++;
}

static void resolve_end(Skirmish *sk)
{
    for (int i = 0; i < sk->nships; i++) {
        FleetShip *s = &sk->ships[i];
        if (!fleet_ship_active(s)) continue;
        const FleetClass *k = &fleet_classes[s->cls];
        if (s->hull <= 0)
            take_ship(sk, i, FLEET_SUNK, false);
        else if (s->crew * 4 < k->crew)
            take_ship(sk, i, FLEET_STRUCK, false);
    }
    for (int i = 0; i < sk->nships; i++) {
        FleetShip *s = &sk->ships[i];
        if (fleet_ship_active(s) && s->hull * 4 < fleet_classes[s->cls].hull &&
            roll_pct(sk) < FLEET_MORALE_STRIKE_PCT)
            take_ship(sk, i, FLEET_STRUCK, true);
    }
    for (int i = 0; i < sk->nships; i++)
        for (int b = 0; b < FLEET_BROADSIDES; b++)
            if (sk->ships[i].reload[b] > 0) sk->ships[i].reload[b]--;
    /* The wind: one roll for veering, one for its strength. */
    uint32_t w = roll(sk);
    if (fleet_rand_below(w, 100) < FLEET_VEER_PCT) {
        int old = sk->wind_dir;
        sk->wind_dir = (sk->wind_dir + ((roll(sk) >> 31) ? 1 : HEX_DIRS - 1)) % HEX_DIRS;
        SkirmishEvent *ev = event_add(sk, SKIRMISH_EV_WIND_VEERED, -1);
        ev->a = old;
        ev->b = sk->wind_dir;
    }
    int r = roll_pct(sk), old = sk->wind_strength;
    if (r < FLEET_FRESHEN_PCT && sk->wind_strength < MAP_WIND_MAX)
        sk->wind_strength++;
    else if (r >= FLEET_FRESHEN_PCT && r < FLEET_FRESHEN_PCT + FLEET_SLACKEN_PCT &&
             sk->wind_strength > 1)
        sk->wind_strength--;
    if (old != sk->wind_strength) {
        SkirmishEvent *ev = event_add(sk, SKIRMISH_EV_WIND_STRENGTH, -1);
        ev->a = old;
        ev->b = sk->wind_strength;
    }
    for (int s = 0; s < SKIRMISH_SIDES; s++) {
        /* Points: damage dealt plus ships taken (added in take_ship). */
        int taken = 0;
        for (int i = 0; i < sk->nships; i++)
            if (sk->ships[i].side != s && !fleet_ship_active(&sk->ships[i]))
                taken += fleet_classes[sk->ships[i].cls].value;
        sk->stats[s].points = sk->stats[s].damage + taken;
    }
    int a = skirmish_active(sk, 0), b = skirmish_active(sk, 1);
    if (a == 0 || b == 0) {
        sk->over = true;
        sk->winner = a > 0 ? 0 : b > 0 ? 1 : -1;
    } else if (sk->turn >= sk->turn_limit) {
        sk->over = true;
        int pa = sk->stats[0].points, pb = sk->stats[1].points;
        sk->winner = pa > pb ? 0 : pb > pa ? 1 : -1;
    }
    if (sk->over) {
        SkirmishEvent *ev = event_add(sk, SKIRMISH_EV_GAME_OVER, -1);
        ev->a = sk->winner;
    }
}

int skirmish_resolve(Skirmish *sk, Err *e)
{
    if (sk->over) return err_set(e, "resolve: the skirmish is over");
    for (int s = 0; s < SKIRMISH_SIDES; s++)
        if (!sk->submitted[s])
            return err_set(e, "resolve: side %c has not submitted its orders", side_letter[s]);
    sk->nevents = 0;
    resolve_movement(sk);
    resolve_gunnery(sk);
    resolve_end(sk);
    if (!sk->over) sk->turn++;
    for (int i = 0; i < sk->nships; i++) skirmish_default_orders(sk, i, &sk->orders[i]);
    sk->submitted[0] = sk->submitted[1] = false;
    return 0;
}

/* ------------------------------------------------------ text and outcome */

void skirmish_event_text(const Skirmish *sk, const SkirmishEvent *ev, char *buf, size_t cap)
{
    char a[16] = "", b[16] = "";
    const char *an = "", *bn = "";
    if (ev->ship >= 0 && ev->ship < sk->nships) {
        skirmish_ship_label(sk, ev->ship, a, sizeof a);
        an = fleet_classes[sk->ships[ev->ship].cls].name;
    }
    if (ev->other >= 0 && ev->other < sk->nships) {
        skirmish_ship_label(sk, ev->other, b, sizeof b);
        bn = fleet_classes[sk->ships[ev->other].cls].name;
    }
    const char *side = ev->broadside == FLEET_PORT ? "port" : "starboard";
    const char *shot = ev->shot == FLEET_CHAIN ? "chain" : "round";
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
    case SKIRMISH_EV_FIRED:
        snprintf(buf, cap,
                 "%s %s fires her %s broadside at %s %s (%s shot, %d hexes%s): %d of %d hit", a, an,
                 side, b, bn, shot, ev->range, ev->raked ? ", raking" : "", ev->hits, ev->guns);
        break;
    case SKIRMISH_EV_HIT:
        snprintf(buf, cap, "%s %s loses %d hull, %d rigging, %d crew, %d guns", b, bn,
                 ev->damage.hull, ev->damage.rigging, ev->damage.crew,
                 ev->damage.guns[0] + ev->damage.guns[1]);
        break;
    case SKIRMISH_EV_STRUCK:
        snprintf(buf, cap, "%s %s strikes her colours%s", a, an, ev->a ? " (morale)" : "");
        break;
    case SKIRMISH_EV_SANK:
        snprintf(buf, cap, "%s %s sinks", a, an);
        break;
    case SKIRMISH_EV_WIND_VEERED:
        snprintf(buf, cap, "the wind veers: it now blows from %s", hex_dir_names[ev->b % HEX_DIRS]);
        break;
    case SKIRMISH_EV_WIND_STRENGTH:
        snprintf(buf, cap, "the wind %s to strength %d", ev->b > ev->a ? "freshens" : "slackens",
                 ev->b);
        break;
    case SKIRMISH_EV_GAME_OVER:
        if (ev->a < 0)
            snprintf(buf, cap, "the battle ends in a draw");
        else
            snprintf(buf, cap, "side %c wins the battle", side_letter[ev->a & 1]);
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
    out->winner = sk->over ? sk->winner : -1;
    out->turns = sk->over ? sk->turn : sk->turn - 1;
    out->turn_limit = sk->turn_limit;
    for (int i = 0; i < sk->nships; i++) out->ships[sk->ships[i].side & 1]++;
    for (int s = 0; s < SKIRMISH_SIDES; s++) {
        const SkirmishStats *st = &sk->stats[s];
        out->sunk[s] = st->sunk;
        out->struck[s] = st->struck;
        out->broadsides[s] = st->broadsides;
        out->shots[s] = st->shots;
        out->hits[s] = st->hits;
        out->damage[s] = st->damage;
        out->points[s] = st->points;
    }
}

int skirmish_outcome_json(const SkirmishOutcome *o, char *buf, size_t cap)
{
    size_t len = 0;
    char name[2 * MAP_NAME_MAX * 3];
    size_t k = 0;
    for (const unsigned char *p = (const unsigned char *)o->map; *p && k + 7 < sizeof name; p++) {
        if (*p == '"' || *p == '\\') {
            name[k++] = '\\';
            name[k++] = (char)*p;
        } else if (*p < 0x20) {
            k += (size_t)snprintf(name + k, sizeof name - k, "\\u%04x", *p);
        } else {
            name[k++] = (char)*p;
        }
    }
    name[k] = '\0';
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
#undef PAIR
    ok = ok && kv_appendf(buf, cap, &len, "}");
    return ok ? (int)len : -1;
}
