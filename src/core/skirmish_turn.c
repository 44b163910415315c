/* skirmish_turn: the simultaneous turn: movement, gunnery, boarding
 * (skirmish_board.c), fates, wind, victory. */
#include "skirmish_internal.h"

#include <assert.h>
#include <string.h>

/* The dice: every random number of the battle comes from here. */
uint32_t skirmish_roll(Skirmish *sk)
{
    return fleet_rand(sk->seed, sk->rng++);
}

int skirmish_roll_pct(Skirmish *sk)
{
    return fleet_rand_below(skirmish_roll(sk), 100);
}

/* ------------------------------------------------------------ resolution */

/* SKIRMISH_MAX_EVENTS is the most one turn can log (see skirmish.h), so
 * the guard below never drops anything a real turn produces. */
SkirmishEvent *skirmish_event_add(Skirmish *sk, int kind, int ship)
{
    assert(sk->nevents < SKIRMISH_MAX_EVENTS);
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

void skirmish_take_points(int *field, int *dmg, int *total)
{
    int x = *dmg < *field ? *dmg : *field;
    *field -= x;
    *total += x;
    *dmg = x;
}

/* ------------------------------------------------------------- movement */

enum { MV_NONE, MV_PENDING, MV_GO, MV_BLOCKED };

/* One movement phase: what each ship does in it (MV_*), the hex a ship
 * stepping ahead makes for and, when blocked, the ship in the way (-1). */
typedef struct MovePhase {
    int p;
    int state[SKIRMISH_MAX_SHIPS], blocker[SKIRMISH_MAX_SHIPS];
    Hex dest[SKIRMISH_MAX_SHIPS];
} MovePhase;

/* The turn's movement so far: ships stopped by a block, movement used,
 * ships that entered a hex or turned (they may have way on: see drift). */
typedef struct MoveTurn {
    bool stopped[SKIRMISH_MAX_SHIPS];
    int spent[SKIRMISH_MAX_SHIPS];
    bool sailed[SKIRMISH_MAX_SHIPS], turned[SKIRMISH_MAX_SHIPS];
} MoveTurn;

/* Step p of every ship still moving: turns happen at once and are logged,
 * steps ahead become pending moves. Returns whether any ship steps ahead. */
static bool phase_begin(Skirmish *sk, MoveTurn *mt, MovePhase *m)
{
    bool any = false;
    for (int i = 0; i < sk->nships; i++) {
        m->state[i] = MV_NONE;
        m->blocker[i] = -1;
        FleetShip *s = &sk->ships[i];
        const SkirmishOrders *o = &sk->orders[i];
        /* A ship fouled earlier in the turn is held where she is. */
        if (!fleet_ship_manned(s) || mt->stopped[i] || s->lashed >= 0 || m->p >= o->nsteps)
            continue;
        int st = o->steps[m->p];
        if (st == HEX_STEP_FORWARD) {
            m->state[i] = MV_PENDING;
            m->dest[i] = hex_neighbor(s->pose.hex, s->pose.facing);
            any = true;
        } else {
            SkirmishEvent *ev = skirmish_event_add(sk, SKIRMISH_EV_TURNED, i);
            ev->phase = m->p;
            ev->from = ev->to = s->pose.hex;
            ev->a = s->pose.facing;
            s->pose = hex_pose_step(s->pose, st);
            ev->b = s->pose.facing;
            mt->spent[i] += fleet_classes[s->cls].turn_cost;
            mt->turned[i] = true;
        }
    }
    return any;
}

/* Two ships making for one hex: the one that has used less of its
 * movement gets there first; equal use is settled by the dice. */
static void phase_contest(Skirmish *sk, const MoveTurn *mt, MovePhase *m)
{
    int n = sk->nships;
    for (int i = 0; i < n; i++) {
        if (m->state[i] != MV_PENDING) continue;
        int group[SKIRMISH_MAX_SHIPS], g = 0;
        for (int j = i; j < n; j++)
            if (m->state[j] == MV_PENDING && hex_equal(m->dest[j], m->dest[i])) group[g++] = j;
        if (g < 2) continue;
        int win = -1;
        uint32_t win_roll = 0;
        for (int k = 0; k < g; k++) {
            int j = group[k];
            uint32_t r = skirmish_roll(sk);
            if (win < 0 || mt->spent[j] < mt->spent[win] ||
                (mt->spent[j] == mt->spent[win] && r > win_roll)) {
                win = j;
                win_roll = r;
            }
        }
        for (int k = 0; k < g; k++)
            if (group[k] != win) {
                m->state[group[k]] = MV_BLOCKED;
                m->blocker[group[k]] = win;
            }
    }
}

/* A ship may enter a hex whose occupant sails out in the same phase;
 * chains settle by repetition, cycles (ships swapping hexes) block
 * everyone in them. */
static void phase_make_way(const Skirmish *sk, MovePhase *m)
{
    int n = sk->nships;
    bool changed = true;
    while (changed) {
        changed = false;
        for (int i = 0; i < n; i++) {
            if (m->state[i] != MV_PENDING) continue;
            int occ = skirmish_ship_at(sk, m->dest[i]);
            if (occ < 0 || m->state[occ] == MV_GO) {
                m->state[i] = MV_GO;
                changed = true;
            } else if (m->state[occ] != MV_PENDING) {
                m->state[i] = MV_BLOCKED;
                m->blocker[i] = occ;
                changed = true;
            }
        }
    }
    for (int i = 0; i < n; i++)
        if (m->state[i] == MV_PENDING) {
            m->state[i] = MV_BLOCKED;
            m->blocker[i] = skirmish_ship_at(sk, m->dest[i]);
        }
}

/* Sail the phase's moves and log them with its blocks; a blocked ship
 * stops for the rest of the turn. */
static void phase_apply(Skirmish *sk, const MovePhase *m, MoveTurn *mt)
{
    for (int i = 0; i < sk->nships; i++) {
        FleetShip *s = &sk->ships[i];
        if (m->state[i] == MV_GO) {
            SkirmishEvent *ev = skirmish_event_add(sk, SKIRMISH_EV_MOVED, i);
            ev->phase = m->p;
            ev->from = s->pose.hex;
            ev->to = m->dest[i];
            ev->a = ev->b = s->pose.facing;
            s->pose.hex = m->dest[i];
            mt->spent[i] += FLEET_HEX_COST;
            mt->sailed[i] = true;
        } else if (m->state[i] == MV_BLOCKED) {
            SkirmishEvent *ev = skirmish_event_add(sk, SKIRMISH_EV_BLOCKED, i);
            ev->phase = m->p;
            ev->from = s->pose.hex;
            ev->to = m->dest[i];
            ev->other = m->blocker[i];
            mt->stopped[i] = true;
        }
    }
    /* Run into, ships may foul: once every move of the phase has been made
     * (a blocker that got there first is alongside now). */
    for (int i = 0; i < sk->nships; i++)
        if (m->state[i] == MV_BLOCKED) skirmish_board_foul(sk, i, m->blocker[i]);
}

/* Ships under way that ordered it let go their anchors where their paths
 * end, before any drift. */
static void let_go_anchors(Skirmish *sk)
{
    for (int i = 0; i < sk->nships; i++) {
        FleetShip *s = &sk->ships[i];
        if (!sk->orders[i].anchor || s->anchored || !fleet_ship_manned(s) || s->aground) continue;
        s->anchored = true;
        SkirmishEvent *ev = skirmish_event_add(sk, SKIRMISH_EV_ANCHORED, i);
        ev->from = ev->to = s->pose.hex;
        ev->a = 1;
    }
}

int skirmish_shore(const Skirmish *sk, Hex h)
{
    if (chart_sailable(&sk->chart, h)) return SKIRMISH_SEA;
    return chart_hex_on_land(sk->map, h, sk->chart.size) ? SKIRMISH_LAND : SKIRMISH_EDGE;
}

static void run_aground(Skirmish *sk, int i, Hex land)
{
    FleetShip *s = &sk->ships[i];
    int dmg = FLEET_GROUND_HULL + fleet_rand_below(skirmish_roll(sk), FLEET_GROUND_HULL_ROLL) +
              (sk->wind_strength >= FLEET_POUND_WIND);
    s->aground = true;
    sk->stats[s->side & 1].groundings++;
    int total = 0;
    skirmish_take_points(&s->hull, &dmg, &total);
    SkirmishEvent *ev = skirmish_event_add(sk, SKIRMISH_EV_AGROUND, i);
    ev->from = s->pose.hex;
    ev->to = land;
    ev->damage.hull = dmg;
}

/* A ship has no way on when she entered no hex and was not stopped by a
 * ship in her way, and either made no turn (she lay still) or ends in
 * irons; a wreck never has. */
static bool no_way_on(const Skirmish *sk, const MoveTurn *mt, int i)
{
    const FleetShip *s = &sk->ships[i];
    if (mt->stopped[i]) return false;
    return !fleet_ship_manned(s) ||
           fleet_no_way_on(mt->sailed[i], mt->turned[i], s->pose.facing, sk->wind_dir);
}

/* Every ship and wreck with no way on, neither anchored nor aground,
 * drifts a hex downwind on fleet_drift_pct: onto land she runs aground, at
 * the map's edge she holds, and drifting ships contest hexes and make way
 * as sailing ones do (a ship in the way stops the drift). The drift is one
 * phase after the last. */
static void resolve_drift(Skirmish *sk, const MoveTurn *mt)
{
    int pct = fleet_drift_chance(sk->wind_strength);
    int down = fleet_downwind(sk->wind_dir);
    MovePhase m;
    m.p = SKIRMISH_MAX_STEPS;
    bool any = false;
    for (int i = 0; i < sk->nships; i++) {
        FleetShip *s = &sk->ships[i];
        m.state[i] = MV_NONE;
        m.blocker[i] = -1;
        if (s->status == FLEET_SUNK || s->anchored || s->aground || s->lashed >= 0 || pct == 0 ||
            !no_way_on(sk, mt, i))
            continue;
        if (skirmish_roll_pct(sk) >= pct) continue;
        Hex to = hex_neighbor(s->pose.hex, down);
        int where = skirmish_shore(sk, to);
        if (where == SKIRMISH_LAND)
            run_aground(sk, i, to);
        else if (where == SKIRMISH_SEA) {
            m.state[i] = MV_PENDING;
            m.dest[i] = to;
            any = true;
        }
    }
    if (!any) return;
    MoveTurn none;
    memset(&none, 0, sizeof none);
    phase_contest(sk, &none, &m);
    phase_make_way(sk, &m);
    for (int i = 0; i < sk->nships; i++) {
        if (m.state[i] != MV_GO) continue;
        FleetShip *s = &sk->ships[i];
        SkirmishEvent *ev = skirmish_event_add(sk, SKIRMISH_EV_DRIFTED, i);
        ev->phase = m.p;
        ev->from = s->pose.hex;
        ev->to = m.dest[i];
        ev->a = down;
        ev->b = s->pose.facing;
        s->pose.hex = m.dest[i];
    }
}

static void resolve_movement(Skirmish *sk)
{
    MoveTurn mt;
    memset(&mt, 0, sizeof mt);
    for (int p = 0; p < SKIRMISH_MAX_STEPS; p++) {
        MovePhase m;
        m.p = p;
        if (!phase_begin(sk, &mt, &m)) continue;
        phase_contest(sk, &mt, &m);
        phase_make_way(sk, &m);
        phase_apply(sk, &m, &mt);
    }
    let_go_anchors(sk);
    resolve_drift(sk, &mt);
    skirmish_board_grapple(sk);
}

/* -------------------------------------------------------------- gunnery */

typedef struct Volley {
    int ship, target, broadside, shot, range, guns, hits;
    int burst; /* double shot: guns that burst */
    bool raked;
    FleetDamage dmg;
} Volley;

/* Broadside b of ship i fires if it is loaded, ordered to and has a
 * target: every gun rolls to hit (double shot first rolls to burst: a
 * burst gun's shot is lost), the damage is rolled into vo (not yet taken)
 * and the broadside starts reloading, its first fire spent. Returns
 * whether it fired. A broadside whose shot reaches no enemy holds: double
 * shot beyond short range keeps its first fire for later. */
static bool fire_broadside(Skirmish *sk, int i, int b, Volley *vo)
{
    FleetShip *s = &sk->ships[i];
    SkirmishFire f = sk->orders[i].fire[b];
    int guns = fleet_guns_firing(s, b);
    if (s->reload[b] > 0 || f.target == SKIRMISH_HOLD || guns == 0) return false;
    int range;
    bool raked;
    int t = skirmish_fire_target(sk, i, b, f, &range, &raked);
    if (t < 0) return false;
    memset(vo, 0, sizeof *vo);
    vo->ship = i;
    vo->target = t;
    vo->broadside = b;
    vo->shot = f.shot;
    vo->range = range;
    vo->raked = raked;
    vo->guns = guns;
    int band = fleet_band(range);
    int pct = fleet_hit_pct(s->cls, band, f.shot, raked);
    int facing_side = raked ? -1 : fleet_broadside_for(sk->ships[t].pose, s->pose.hex);
    for (int g = 0; g < guns; g++) {
        if (f.shot == FLEET_DOUBLE && skirmish_roll_pct(sk) < FLEET_BURST_PCT) {
            vo->burst++;
            continue;
        }
        if (skirmish_roll_pct(sk) >= pct) continue;
        vo->hits++;
        fleet_hit_effect(s->cls, band, f.shot, facing_side, raked, skirmish_roll(sk), &vo->dmg);
    }
    s->reload[b] = FLEET_RELOAD_TURNS;
    s->first_fire[b] = false;
    return true;
}

/* Every broadside picks its target and rolls against the positions after
 * movement, before any damage lands: fire is simultaneous. Returns the
 * volleys written to v (room for every broadside). */
static int aim_volleys(Skirmish *sk, Volley *v)
{
    int nv = 0;
    for (int i = 0; i < sk->nships; i++) {
        if (!fleet_ship_active(&sk->ships[i])) continue;
        for (int b = 0; b < FLEET_BROADSIDES; b++)
            if (fire_broadside(sk, i, b, &v[nv])) nv++;
    }
    return nv;
}

/* Log a volley, count it in the firing side's stats and land its damage:
 * on the target, and what guns that burst cost the firer. */
static void land_volley(Skirmish *sk, const Volley *vo)
{
    assert(vo->target >= 0 && vo->target < sk->nships && vo->target != vo->ship);
    FleetShip *t = &sk->ships[vo->target], *s = &sk->ships[vo->ship];
    SkirmishStats *st = &sk->stats[s->side & 1];
    SkirmishEvent *ev = skirmish_event_add(sk, SKIRMISH_EV_FIRED, vo->ship);
    ev->other = vo->target;
    ev->from = sk->ships[vo->ship].pose.hex;
    ev->to = t->pose.hex;
    ev->broadside = vo->broadside;
    ev->shot = vo->shot;
    ev->range = vo->range;
    ev->raked = vo->raked;
    ev->guns = vo->guns;
    ev->hits = vo->hits;
    ev->burst = vo->burst;
    st->broadsides++;
    st->shots += vo->guns;
    st->shots_by[vo->shot] += vo->guns;
    st->hits += vo->hits;
    st->burst += vo->burst;
    if (vo->burst > 0) {
        /* Her own losses score for no one. */
        int own = 0;
        ev->damage.guns[vo->broadside] = ev->damage.crew = vo->burst;
        skirmish_take_points(&s->guns[vo->broadside], &ev->damage.guns[vo->broadside], &own);
        skirmish_take_points(&s->crew, &ev->damage.crew, &own);
    }
    if (vo->hits == 0) return;
    FleetDamage got = vo->dmg;
    skirmish_take_points(&t->hull, &got.hull, &st->damage);
    skirmish_take_points(&t->rigging, &got.rigging, &st->damage);
    skirmish_take_points(&t->crew, &got.crew, &st->damage);
    skirmish_take_points(&t->guns[0], &got.guns[0], &st->damage);
    skirmish_take_points(&t->guns[1], &got.guns[1], &st->damage);
    SkirmishEvent *hv = skirmish_event_add(sk, SKIRMISH_EV_HIT, vo->ship);
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

/* Every volley lands; the turns without one are counted (Skirmish.quiet,
 * which the admiral grows bold on). */
static void resolve_gunnery(Skirmish *sk)
{
    Volley v[SKIRMISH_MAX_SHIPS * FLEET_BROADSIDES];
    int nv = aim_volleys(sk, v);
    for (int k = 0; k < nv; k++) land_volley(sk, &v[k]);
    if (nv > 0)
        sk->quiet = 0;
    else if (sk->quiet < SKIRMISH_MAX_TURNS)
        sk->quiet++;
}

/* ------------------------------------------------------------- turn end */

void skirmish_take_ship(Skirmish *sk, int i, int status, bool morale)
{
    FleetShip *s = &sk->ships[i];
    s->status = status;
    /* No one tends a struck ship's cable: her wreck drifts. A ship that
     * sinks leaves the shore with the board. */
    s->anchored = false;
    if (status == FLEET_SUNK) {
        s->aground = false;
        skirmish_unlash(sk, i);
    }
    SkirmishEvent *ev =
        skirmish_event_add(sk, status == FLEET_SUNK ? SKIRMISH_EV_SANK : SKIRMISH_EV_STRUCK, i);
    ev->from = ev->to = s->pose.hex;
    ev->a = morale;
    /* A prize struck or sunk was counted when she first struck, for the
     * side she was taken from: each ship ends once in the statistics. */
    if (s->prize) return;
    SkirmishStats *own = &sk->stats[s->side & 1];
    if (status == FLEET_SUNK)
        own->sunk++;
    else
        own->struck++;
}

/* Ships with no hull left sink, ships with too few crew strike (a prize
 * crew too), then badly holed ones still fighting may strike on a morale
 * roll. */
static void resolve_fates(Skirmish *sk)
{
    for (int i = 0; i < sk->nships; i++) {
        FleetShip *s = &sk->ships[i];
        if (!fleet_ship_manned(s)) continue;
        const FleetClass *k = &fleet_classes[s->cls];
        if (s->hull <= 0)
            skirmish_take_ship(sk, i, FLEET_SUNK, false);
        else if (s->crew * 4 < k->crew)
            skirmish_take_ship(sk, i, FLEET_STRUCK, false);
    }
    for (int i = 0; i < sk->nships; i++) {
        FleetShip *s = &sk->ships[i];
        if (fleet_ship_active(s) && s->hull * 4 < fleet_classes[s->cls].hull &&
            skirmish_roll_pct(sk) < FLEET_MORALE_STRIKE_PCT)
            skirmish_take_ship(sk, i, FLEET_STRUCK, true);
    }
}

/* The wind: one roll for veering, one for its strength. */
static void resolve_wind(Skirmish *sk)
{
    uint32_t w = skirmish_roll(sk);
    if (fleet_rand_below(w, 100) < FLEET_VEER_PCT) {
        int old = sk->wind_dir;
        sk->wind_dir = (sk->wind_dir + ((skirmish_roll(sk) >> 31) ? 1 : HEX_DIRS - 1)) % HEX_DIRS;
        SkirmishEvent *ev = skirmish_event_add(sk, SKIRMISH_EV_WIND_VEERED, -1);
        ev->a = old;
        ev->b = sk->wind_dir;
    }
    int r = skirmish_roll_pct(sk), old = sk->wind_strength;
    if (r < FLEET_FRESHEN_PCT && sk->wind_strength < MAP_WIND_MAX)
        sk->wind_strength++;
    else if (r >= FLEET_FRESHEN_PCT && r < FLEET_FRESHEN_PCT + FLEET_SLACKEN_PCT &&
             sk->wind_strength > 1)
        sk->wind_strength--;
    if (old != sk->wind_strength) {
        SkirmishEvent *ev = skirmish_event_add(sk, SKIRMISH_EV_WIND_STRENGTH, -1);
        ev->a = old;
        ev->b = sk->wind_strength;
    }
}

/* Points, then the end of the battle: a side whose goal is met wins (or
 * whose enemy's can no longer be); a side with no ship fighting loses; at
 * the turn limit the side with more points wins, unless the goals say
 * otherwise (skirmish_end_decide). */
static void resolve_victory(Skirmish *sk)
{
    for (int s = 0; s < SKIRMISH_SIDES; s++) {
        /* Points: damage dealt plus the enemy's ships out of the fight or
         * sailing as our prizes. */
        int taken = 0;
        for (int i = 0; i < sk->nships; i++) {
            const FleetShip *f = &sk->ships[i];
            if (fleet_ship_born(f) != s && !sk->escaped[i] &&
                (f->side == s || f->status != FLEET_AFLOAT))
                taken += fleet_classes[f->cls].value;
        }
        sk->stats[s].points = sk->stats[s].damage + taken;
    }
    skirmish_goal_check(sk);
    /* Whatever ends the battle here is what skirmish_end tells later. */
    SkirmishEnd end;
    skirmish_end_decide(sk, &end);
    if (end.by != SKIRMISH_END_NONE) {
        sk->over = true;
        sk->winner = end.winner;
    }
    if (sk->over) {
        SkirmishEvent *ev = skirmish_event_add(sk, SKIRMISH_EV_GAME_OVER, -1);
        ev->a = sk->winner;
    }
}

static void refloat(Skirmish *sk, int i, bool kedged)
{
    FleetShip *s = &sk->ships[i];
    s->aground = false;
    SkirmishEvent *ev = skirmish_event_add(sk, SKIRMISH_EV_REFLOATED, i);
    ev->from = ev->to = s->pose.hex;
    ev->a = kedged;
}

/* True when ship i ran aground in this turn's drift. */
static bool grounded_now(const Skirmish *sk, int i)
{
    for (int k = 0; k < sk->nevents; k++)
        if (sk->events[k].kind == SKIRMISH_EV_AGROUND && sk->events[k].ship == i &&
            sk->events[k].a == 0)
            return true;
    return false;
}

/* The land ship i lies against, downwind of her, or false when the wind
 * no longer sets her onto any. */
static bool on_lee_shore(const Skirmish *sk, int i, Hex *lee)
{
    *lee = hex_neighbor(sk->ships[i].pose.hex, fleet_downwind(sk->wind_dir));
    return skirmish_shore(sk, *lee) == SKIRMISH_LAND;
}

/* The shore at the turn's end, before the fates (a ship pounded to
 * nothing sinks with the rest), for ships aground since an earlier turn:
 * they pound in a strong wind and may kedge off; wrecks aground may go to
 * pieces. Then anchors ordered up come up. */
/* A wreck goes down: she still counts as struck (a = 2 ashore, 3 afloat). */
static void wreck_sinks(Skirmish *sk, int i, int how)
{
    FleetShip *s = &sk->ships[i];
    s->status = FLEET_SUNK;
    s->aground = false;
    skirmish_unlash(sk, i);
    SkirmishEvent *ev = skirmish_event_add(sk, SKIRMISH_EV_SANK, i);
    ev->from = ev->to = s->pose.hex;
    ev->a = how;
}

static void resolve_shore(Skirmish *sk)
{
    for (int i = 0; i < sk->nships; i++) {
        FleetShip *s = &sk->ships[i];
        Hex lee;
        /* A wreck afloat that no one holds founders (struck in an earlier
         * turn: the fates come after the shore). */
        if (s->status == FLEET_STRUCK && !s->aground && s->lashed < 0) {
            if (skirmish_roll_pct(sk) < FLEET_WRECK_FOUNDER_PCT) wreck_sinks(sk, i, 3);
            continue;
        }
        if (!s->aground || s->status == FLEET_SUNK || grounded_now(sk, i) ||
            !on_lee_shore(sk, i, &lee))
            continue;
        if (s->status == FLEET_STRUCK) {
            if (skirmish_roll_pct(sk) < FLEET_WRECK_BREAK_PCT) wreck_sinks(sk, i, 2);
        } else {
            if (sk->wind_strength >= FLEET_POUND_WIND) {
                int dmg = FLEET_POUND_HULL, total = 0;
                skirmish_take_points(&s->hull, &dmg, &total);
                SkirmishEvent *ev = skirmish_event_add(sk, SKIRMISH_EV_AGROUND, i);
                ev->from = s->pose.hex;
                ev->to = lee;
                ev->a = 1;
                ev->damage.hull = dmg;
            }
            int pct =
                s->crew * 2 >= fleet_classes[s->cls].crew ? FLEET_KEDGE_PCT : FLEET_KEDGE_PCT / 2;
            if (s->hull > 0 && skirmish_roll_pct(sk) < pct) refloat(sk, i, true);
        }
    }
    for (int i = 0; i < sk->nships; i++) {
        FleetShip *s = &sk->ships[i];
        if (!s->anchored || sk->orders[i].anchor || !fleet_ship_manned(s)) continue;
        s->anchored = false;
        SkirmishEvent *ev = skirmish_event_add(sk, SKIRMISH_EV_ANCHORED, i);
        ev->from = ev->to = s->pose.hex;
        ev->a = 0;
    }
}

/* Once the wind has had its say: a ship or wreck aground that it no
 * longer sets onto the land floats free (she sails, or drifts, next turn). */
static void resolve_float_free(Skirmish *sk)
{
    for (int i = 0; i < sk->nships; i++) {
        Hex lee;
        if (sk->ships[i].aground && sk->ships[i].status != FLEET_SUNK && !on_lee_shore(sk, i, &lee))
            refloat(sk, i, false);
    }
}

static void resolve_end(Skirmish *sk)
{
    resolve_shore(sk);
    resolve_fates(sk);
    skirmish_board_prizes(sk);
    for (int i = 0; i < sk->nships; i++)
        for (int b = 0; b < FLEET_BROADSIDES; b++)
            if (sk->ships[i].reload[b] > 0) sk->ships[i].reload[b]--;
    resolve_wind(sk);
    resolve_float_free(sk);
    resolve_victory(sk);
}

int skirmish_resolve(Skirmish *sk, Err *e)
{
    if (sk->over) return err_set(e, "resolve: the skirmish is over");
    for (int s = 0; s < SKIRMISH_SIDES; s++)
        if (!sk->submitted[s])
            return err_set(e, "resolve: side %c has not submitted its orders",
                           SKIRMISH_SIDE_LETTER(s));
    sk->nevents = 0;
    resolve_movement(sk);
    resolve_gunnery(sk);
    skirmish_board_melee(sk);
    resolve_end(sk);
    if (!sk->over) sk->turn++;
    for (int i = 0; i < sk->nships; i++) skirmish_default_orders(sk, i, &sk->orders[i]);
    sk->submitted[0] = sk->submitted[1] = false;
    return 0;
}
