/* save_build: a parsed save checked across its values (the map source,
 * the battle, the fleets) and the battle built from it. */
#include "save_internal.h"

#include <assert.h>
#include <stdbool.h>
#include <string.h>

int save_check_source(const SaveData *d, Err *e)
{
    int line = d->end_line;
    bool gen = false;
    for (int k = SAVE_BATTLE_GEN_SEED; k <= SAVE_BATTLE_GEN_MIRROR; k++) gen = gen || d->bline[k];
    if (!gen) {
        if (!d->bline[SAVE_BATTLE_MAP])
            return SAVE_BAD("incomplete save: [battle] names no map%s", "");
        return 0;
    }
    for (int k = SAVE_BATTLE_GEN_SEED; k <= SAVE_BATTLE_GEN_MIRROR; k++)
        if (!d->bline[k])
            return SAVE_BAD("incomplete save: [battle] has no '%s'", save_battle_keys[k]);
    if (d->bline[SAVE_BATTLE_MAP]) {
        line = d->bline[SAVE_BATTLE_MAP];
        return SAVE_BAD("the save names both a map file and a generated map%s", "");
    }
    Err ge;
    if (mapgen_validate(&d->gen, &ge) != 0) {
        line = d->bline[SAVE_BATTLE_GEN_SEED];
        return SAVE_BAD("generated map: %s", ge.msg);
    }
    return 0;
}

/* [battle] has every key, names one map source, and its values agree with
 * each other and with map. */
static int check_battle(const SaveData *d, const Map *map, Err *e)
{
    int line = d->end_line;
    int required[] = {SAVE_BATTLE_MAP_SIZE,      SAVE_BATTLE_SEED,       SAVE_BATTLE_DICE,
                      SAVE_BATTLE_TURN,          SAVE_BATTLE_TURN_LIMIT, SAVE_BATTLE_WIND,
                      SAVE_BATTLE_WIND_STRENGTH, SAVE_BATTLE_SHIPS,      SAVE_BATTLE_OVER,
                      SAVE_BATTLE_WINNER,        SAVE_BATTLE_SUBMITTED};
    for (size_t k = 0; k < sizeof required / sizeof required[0]; k++)
        if (!d->bline[required[k]])
            return SAVE_BAD("incomplete save: [battle] has no '%s'", save_battle_keys[required[k]]);
    if (d->version >= 3 && !d->bline[SAVE_BATTLE_QUIET])
        return SAVE_BAD("incomplete save: [battle] has no '%s'",
                        save_battle_keys[SAVE_BATTLE_QUIET]);
    if (save_check_source(d, e) != 0) return -1;
    line = d->bline[SAVE_BATTLE_MAP_SIZE];
    if (map->w != d->map_w || map->h != d->map_h)
        return SAVE_BAD("the battle was saved on a %dx%d map but the map is %dx%d", d->map_w,
                        d->map_h, map->w, map->h);
    if (d->turn > d->turn_limit) {
        line = d->bline[SAVE_BATTLE_TURN];
        return SAVE_BAD("turn %d is past the turn limit %d", d->turn, d->turn_limit);
    }
    if (!d->over && d->winner >= 0) {
        line = d->bline[SAVE_BATTLE_WINNER];
        return SAVE_BAD("winner %c named for a battle that is not over",
                        save_side_names[d->winner]);
    }
    return 0;
}

/* Ship i's lashing (a save before version 3 has none): to another ship
 * the save has, lashed back to her, neither sunk. */
static int check_lashing(const SaveData *d, int i, Err *e)
{
    if (!d->pline[i][SAVE_SHIP_LASHED]) return 0;
    int line = d->pline[i][SAVE_SHIP_LASHED], j = d->pv[i][SAVE_SHIP_LASHED];
    if (j < 0) return 0;
    if (j >= d->nships || j == i)
        return SAVE_BAD("ship %d: lashed to ship %d, which the save does not have", i, j);
    if (!d->pline[j][SAVE_SHIP_LASHED] || d->pv[j][SAVE_SHIP_LASHED] != i)
        return SAVE_BAD("ship %d: lashed to ship %d, which is not lashed to her", i, j);
    if (d->pv[i][SAVE_SHIP_STATUS] == FLEET_SUNK || d->pv[j][SAVE_SHIP_STATUS] == FLEET_SUNK)
        return SAVE_BAD("ship %d: lashed to ship %d with one of them sunk", i, j);
    if (d->pv[i][SAVE_SHIP_ANCHORED])
        return SAVE_BAD("ship %d: at anchor while lashed to ship %d", i, j);
    return 0;
}

/* Ship i has every key (her orders too, if given) and no more strength than
 * her class; afloat, she has hull left. A missing key has no line of its
 * own: the message names [battle]'s map_size line. */
static int check_ship(const SaveData *d, int i, Err *e)
{
    int line = d->bline[SAVE_BATTLE_MAP_SIZE];
    for (int k = 0; k < SAVE_SHIP_COUNT; k++)
        if (!d->pline[i][k] && save_ship_since[k] <= d->version)
            return SAVE_BAD("incomplete save: ship %d has no '%s'", i, save_ship_keys[k]);
    for (int k = 0; k < SAVE_ORDER_COUNT; k++)
        if (d->order_line[i] && !d->oline[i][k] && save_order_since[k] <= d->version) {
            line = d->order_line[i];
            return SAVE_BAD("incomplete save: orders %d have no '%s'", i, save_order_keys[k]);
        }
    /* Every key was parsed (checked above), so class and side are valid. */
    assert(d->pv[i][SAVE_SHIP_CLASS] >= 0 && d->pv[i][SAVE_SHIP_CLASS] < FLEET_CLASSES);
    assert(d->pv[i][SAVE_SHIP_SIDE] >= 0 && d->pv[i][SAVE_SHIP_SIDE] < SKIRMISH_SIDES);
    const FleetClass *c = &fleet_classes[d->pv[i][SAVE_SHIP_CLASS]];
    int maxv[SAVE_SHIP_COUNT] = {0};
    maxv[SAVE_SHIP_HULL] = c->hull;
    maxv[SAVE_SHIP_RIGGING] = c->rigging;
    maxv[SAVE_SHIP_CREW] = c->crew;
    maxv[SAVE_SHIP_GUNS_PORT] = maxv[SAVE_SHIP_GUNS_STARBOARD] = c->guns;
    for (int k = SAVE_SHIP_HULL; k <= SAVE_SHIP_GUNS_STARBOARD; k++)
        if (d->pv[i][k] > maxv[k]) {
            line = d->pline[i][k];
            return SAVE_BAD("ship %d: %s %d is more than a %s has (%d)", i, save_ship_keys[k],
                            d->pv[i][k], c->name, maxv[k]);
        }
    if (d->pv[i][SAVE_SHIP_STATUS] == FLEET_AFLOAT && d->pv[i][SAVE_SHIP_HULL] == 0) {
        line = d->pline[i][SAVE_SHIP_HULL];
        return SAVE_BAD("ship %d: afloat with no hull left", i);
    }
    /* Only a ship under her own colours lies at anchor, and never on the
     * shore; only a ship or a wreck lies on it. */
    if (d->pv[i][SAVE_SHIP_ANCHORED] &&
        (d->pv[i][SAVE_SHIP_STATUS] != FLEET_AFLOAT || d->pv[i][SAVE_SHIP_AGROUND])) {
        line = d->pline[i][SAVE_SHIP_ANCHORED];
        return SAVE_BAD("ship %d: at anchor while %s", i,
                        d->pv[i][SAVE_SHIP_AGROUND] ? "aground" : "out of the fight");
    }
    if (d->pv[i][SAVE_SHIP_AGROUND] && d->pv[i][SAVE_SHIP_STATUS] == FLEET_SUNK) {
        line = d->pline[i][SAVE_SHIP_AGROUND];
        return SAVE_BAD("ship %d: aground and sunk", i);
    }
    /* A broadside with its first fire has never fired, so never reloads. */
    for (int b = 0; b < FLEET_BROADSIDES; b++)
        if (d->pv[i][SAVE_SHIP_UNFIRED_PORT + b] && d->pv[i][SAVE_SHIP_RELOAD_PORT + b]) {
            line = d->pline[i][SAVE_SHIP_UNFIRED_PORT + b];
            return SAVE_BAD("ship %d: %s while reloading", i,
                            save_ship_keys[SAVE_SHIP_UNFIRED_PORT + b]);
        }
    return check_lashing(d, i, e);
}

/* Both sides' statistics are complete, the save has exactly the ships it
 * declares, each sound, and a fleet of 1 to 8 a side. */
static int check_fleets(const SaveData *d, Err *e)
{
    int line = d->bline[SAVE_BATTLE_MAP_SIZE];
    for (int s = 0; s < SKIRMISH_SIDES; s++)
        for (int k = 0; k < SAVE_SIDE_COUNT; k++)
            if (!d->sline[s][k] && save_side_since[k] <= d->version)
                return SAVE_BAD("incomplete save: side %c has no '%s'", save_side_names[s],
                                save_side_keys[k]);
    for (int i = d->nships; i < SKIRMISH_MAX_SHIPS; i++) {
        if (d->ship_line[i]) {
            line = d->ship_line[i];
            return SAVE_BAD("ship %d is beyond the %d ships the save declares", i, d->nships);
        }
        if (d->order_line[i]) {
            line = d->order_line[i];
            return SAVE_BAD("orders for ship %d, beyond the %d ships the save declares", i,
                            d->nships);
        }
    }
    int per_side[SKIRMISH_SIDES] = {0, 0};
    for (int i = 0; i < d->nships; i++) {
        if (check_ship(d, i, e) != 0) return -1;
        per_side[d->pv[i][SAVE_SHIP_SIDE]]++;
    }
    for (int s = 0; s < SKIRMISH_SIDES; s++)
        if (per_side[s] < 1 || per_side[s] > SKIRMISH_SIDE_SHIPS) {
            line = d->bline[SAVE_BATTLE_SHIPS];
            return SAVE_BAD("side %c has %d ships; a fleet has 1 to %d", save_side_names[s],
                            per_side[s], SKIRMISH_SIDE_SHIPS);
        }
    return 0;
}

/* The ships as saved into sk (charted, no ships yet), each one still in the
 * fight on open water in a hex of her own. */
static int place_ships(const SaveData *d, Skirmish *sk, Err *e)
{
    for (int i = 0; i < d->nships; i++) {
        FleetShip *s = &sk->ships[i];
        HexPose pose = {d->hex[i], d->pv[i][SAVE_SHIP_FACING]};
        fleet_ship_init(s, d->pv[i][SAVE_SHIP_CLASS], d->pv[i][SAVE_SHIP_SIDE], pose);
        s->status = d->pv[i][SAVE_SHIP_STATUS];
        s->hull = d->pv[i][SAVE_SHIP_HULL];
        s->rigging = d->pv[i][SAVE_SHIP_RIGGING];
        s->crew = d->pv[i][SAVE_SHIP_CREW];
        s->guns[FLEET_PORT] = d->pv[i][SAVE_SHIP_GUNS_PORT];
        s->guns[FLEET_STARBOARD] = d->pv[i][SAVE_SHIP_GUNS_STARBOARD];
        s->reload[FLEET_PORT] = d->pv[i][SAVE_SHIP_RELOAD_PORT];
        s->reload[FLEET_STARBOARD] = d->pv[i][SAVE_SHIP_RELOAD_STARBOARD];
        s->anchored = d->pv[i][SAVE_SHIP_ANCHORED];
        s->aground = d->pv[i][SAVE_SHIP_AGROUND];
        s->lashed = d->pline[i][SAVE_SHIP_LASHED] ? d->pv[i][SAVE_SHIP_LASHED] : -1;
        s->prize = d->pv[i][SAVE_SHIP_PRIZE];
        /* Older saves cannot tell a broadside that never fired from one
         * that did: they count as fired, so none double-shots after a
         * load it might not have been allowed before. */
        s->first_fire[FLEET_PORT] = d->pv[i][SAVE_SHIP_UNFIRED_PORT];
        s->first_fire[FLEET_STARBOARD] = d->pv[i][SAVE_SHIP_UNFIRED_STARBOARD];
        /* A sunk ship lies where she went down, on water like the rest. */
        int line = d->pline[i][SAVE_SHIP_HEX];
        if (!chart_sailable(&sk->chart, d->hex[i]))
            return SAVE_BAD("ship %d at %d,%d is on land or off the map", i, d->hex[i].q,
                            d->hex[i].r);
        if (s->status == FLEET_SUNK) continue;
        for (int j = 0; j < i; j++)
            if (sk->ships[j].status != FLEET_SUNK && hex_equal(sk->ships[j].pose.hex, d->hex[i]))
                return SAVE_BAD("ship %d shares hex %d,%d with ship %d", i, d->hex[i].q,
                                d->hex[i].r, j);
    }
    return 0;
}

_Static_assert(SAVE_SIDE_SHOTS_DOUBLE - SAVE_SIDE_SHOTS_ROUND == FLEET_DOUBLE - FLEET_ROUND,
               "one side key per shot, in the shots' order");

/* The battle's state, map source and statistics into sk. */
static void fill_battle(const SaveData *d, Skirmish *sk)
{
    sk->nships = d->nships;
    sk->seed = d->seed;
    sk->rng = d->dice;
    sk->turn = d->turn;
    sk->turn_limit = d->turn_limit;
    sk->wind_dir = d->wind;
    sk->wind_strength = d->wind_strength;
    sk->over = d->over != 0;
    sk->winner = d->winner;
    sk->quiet = d->quiet;
    if (d->bline[SAVE_BATTLE_GEN_SEED] != 0) {
        sk->map_generated = true;
        sk->gen = d->gen;
    } else {
        strcpy(sk->map_path, d->map_path);
    }
    for (int s = 0; s < SKIRMISH_SIDES; s++) {
        SkirmishStats *st = &sk->stats[s];
        st->broadsides = d->stats[s][SAVE_SIDE_BROADSIDES];
        st->shots = d->stats[s][SAVE_SIDE_SHOTS];
        st->hits = d->stats[s][SAVE_SIDE_HITS];
        st->damage = d->stats[s][SAVE_SIDE_DAMAGE];
        st->sunk = d->stats[s][SAVE_SIDE_SUNK];
        st->struck = d->stats[s][SAVE_SIDE_STRUCK];
        st->points = d->stats[s][SAVE_SIDE_POINTS];
        st->boardings = d->stats[s][SAVE_SIDE_BOARDINGS];
        st->prizes = d->stats[s][SAVE_SIDE_PRIZES];
        st->groundings = d->stats[s][SAVE_SIDE_GROUNDINGS];
        for (int k = 0; k < FLEET_SHOTS; k++)
            st->shots_by[k] = d->stats[s][SAVE_SIDE_SHOTS_ROUND + k];
        st->burst = d->stats[s][SAVE_SIDE_BURST];
        sk->ai_level[s] = d->ai_level[s];
    }
}

/* Every ship's orders (the defaults where the save gives none), checked
 * against the rules on the built battle, and who has submitted them. */
static int fill_orders(const SaveData *d, Skirmish *sk, Err *e)
{
    for (int i = 0; i < sk->nships; i++) {
        if (!d->order_line[i]) {
            skirmish_default_orders(sk, i, &sk->orders[i]);
            continue;
        }
        Err oe;
        if (skirmish_check_orders(sk, i, &d->orders[i], &oe) != 0) {
            int line = d->order_line[i];
            return SAVE_BAD("%s", oe.msg);
        }
        sk->orders[i] = d->orders[i];
    }
    sk->submitted[0] = d->submitted[0] != 0;
    sk->submitted[1] = d->submitted[1] != 0;
    if (sk->over && (sk->submitted[0] || sk->submitted[1])) {
        int line = d->bline[SAVE_BATTLE_SUBMITTED];
        return SAVE_BAD("orders submitted in a battle that is over%s", "");
    }
    return 0;
}

int save_build(const SaveData *d, const Map *map, Skirmish *sk, Err *e)
{
    assert(map);
    if (check_battle(d, map, e) != 0 || check_fleets(d, e) != 0) return -1;
    Err ie;
    if (skirmish_init_empty(sk, map, &ie) != 0) {
        int line = d->bline[SAVE_BATTLE_MAP_SIZE];
        return SAVE_BAD("%s", ie.msg);
    }
    if (place_ships(d, sk, e) != 0) {
        skirmish_deinit(sk);
        return -1;
    }
    fill_battle(d, sk);
    if (fill_orders(d, sk, e) != 0) {
        skirmish_deinit(sk);
        return -1;
    }
    return 0;
}
