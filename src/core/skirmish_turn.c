/* skirmish_turn: the simultaneous turn: movement, gunnery, fates, wind, victory. */
#include "skirmish_internal.h"

#include <string.h>

/* The dice: every random number of the battle comes from here. */
static uint32_t roll(Skirmish *sk)
{
    return fleet_rand(sk->seed, sk->rng++);
}

static int roll_pct(Skirmish *sk)
{
    return fleet_rand_below(roll(sk), 100);
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
            return err_set(e, "resolve: side %c has not submitted its orders",
                           SKIRMISH_SIDE_LETTER(s));
    sk->nevents = 0;
    resolve_movement(sk);
    resolve_gunnery(sk);
    resolve_end(sk);
    if (!sk->over) sk->turn++;
    for (int i = 0; i < sk->nships; i++) skirmish_default_orders(sk, i, &sk->orders[i]);
    sk->submitted[0] = sk->submitted[1] = false;
    return 0;
}
