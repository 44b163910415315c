/* battle_orders: the orders a player gives the selected ship besides her
 * path (battle.h) — her path cleared, her broadsides' marks and shot, her
 * anchor, grappling and boarding — each stored through the rules' check. */
#include <stdio.h>
#include <string.h>

#include "battle.h"

static int store_orders(Battle *b, int i, const SkirmishOrders *o)
{
    Err e = {{0}};
    if (skirmish_order(&b->sk, i, o, &e) != 0) {
        battle_note(b, 1, "%s", e.msg);
        return -1;
    }
    b->aids_dirty = true;
    return 0;
}

void battle_clear_path(Battle *b)
{
    int i = b->selected;
    if (!battle_can_order(b, i)) return;
    b->route[i].on = false;
    SkirmishOrders o = b->sk.orders[i];
    o.nsteps = 0;
    store_orders(b, i, &o);
}

int battle_aim_at(Battle *b, int t)
{
    int i = b->selected;
    if (!battle_can_order(b, i)) return -1;
    if (t < 0 || t >= b->sk.nships || b->sk.ships[t].side == b->sk.ships[i].side ||
        !fleet_ship_active(&b->sk.ships[t])) {
        battle_note(b, 1, "only an enemy still fighting can be a target");
        return -1;
    }
    char lab[16], tl[16];
    skirmish_ship_label(&b->sk, i, lab, sizeof lab);
    skirmish_ship_label(&b->sk, t, tl, sizeof tl);
    int bs = fleet_broadside_for(battle_path_end(b, i), b->sk.ships[t].pose.hex);
    if (bs < 0) {
        battle_note(b, 1, "%s has %s ahead or astern where her path ends: no broadside bears", lab,
                    tl);
        return -1;
    }
    if (b->sk.ships[i].reload[bs] > 0) {
        battle_note(b, 1, "%s's %s broadside is reloading this turn", lab,
                    bs == FLEET_PORT ? "port" : "starboard");
        return -1;
    }
    SkirmishOrders o = b->sk.orders[i];
    o.fire[bs].target = t;
    if (store_orders(b, i, &o) != 0) return -1;
    battle_note(b, 0, "%s's %s broadside aims at %s", lab, bs == FLEET_PORT ? "port" : "starboard",
                tl);
    return 0;
}

void battle_cycle_target(Battle *b, int i, int bs)
{
    if (!battle_can_order(b, i) || bs < 0 || bs >= FLEET_BROADSIDES) return;
    if (b->sk.ships[i].reload[bs] > 0) return;
    SkirmishOrders o = b->sk.orders[i];
    int cur = o.fire[bs].target;
    /* The cycle: at will, hold, then each enemy still fighting. */
    int seq[SKIRMISH_MAX_SHIPS + 2], n = 0;
    seq[n++] = SKIRMISH_ANY;
    seq[n++] = SKIRMISH_HOLD;
    for (int t = 0; t < b->sk.nships; t++)
        if (b->sk.ships[t].side != b->sk.ships[i].side && fleet_ship_active(&b->sk.ships[t]))
            seq[n++] = t;
    int at = 0;
    for (int k = 0; k < n; k++)
        if (seq[k] == cur) at = k;
    o.fire[bs].target = seq[(at + 1) % n];
    store_orders(b, i, &o);
}

void battle_cycle_shot(Battle *b, int i, int bs)
{
    if (!battle_can_order(b, i) || bs < 0 || bs >= FLEET_BROADSIDES) return;
    SkirmishOrders o = b->sk.orders[i];
    int shot = o.fire[bs].shot;
    do shot = (shot + 1) % FLEET_SHOTS;
    while (!fleet_shot_allowed(&b->sk.ships[i], bs, shot));
    o.fire[bs].shot = shot;
    store_orders(b, i, &o);
}

void battle_toggle_anchor(Battle *b, int i)
{
    if (!battle_can_order(b, i)) return;
    const FleetShip *s = &b->sk.ships[i];
    char lab[16];
    skirmish_ship_label(&b->sk, i, lab, sizeof lab);
    if (s->aground) {
        battle_note(b, 1, "%s is aground: she kedges off, or floats free when the wind shifts",
                    lab);
        return;
    }
    SkirmishOrders o = b->sk.orders[i];
    o.anchor = !o.anchor;
    if (store_orders(b, i, &o) != 0) return;
    /* Lying at anchor ends any route she kept. */
    if (o.anchor) b->route[i].on = false;
    if (s->anchored)
        battle_note(b, 0, o.anchor ? "%s stays at anchor" : "%s weighs anchor: she sails next turn",
                    lab);
    else
        battle_note(
            b, 0, o.anchor ? "%s lets go her anchor where her path ends" : "%s sails on: no anchor",
            lab);
}

/* The board orders ship i may cycle through, in order, into seq (each a
 * board and a target); returns how many. A prize's crew boards no one. */
static int board_choices(const Battle *b, int i, int seq[][2])
{
    const Skirmish *sk = &b->sk;
    const FleetShip *s = &sk->ships[i];
    int n = 0;
    seq[n][0] = SKIRMISH_BOARD_NONE;
    seq[n++][1] = 0;
    bool fights = fleet_ship_active(s);
    if (s->lashed >= 0) {
        if (fights && sk->ships[s->lashed].side != s->side) {
            seq[n][0] = SKIRMISH_BOARD;
            seq[n++][1] = s->lashed;
        }
        seq[n][0] = SKIRMISH_BOARD_CUT;
        seq[n++][1] = s->lashed;
        return n;
    }
    Hex end = battle_path_end(b, i).hex;
    for (int d = 1; fights && d <= BATTLE_BOARD_REACH; d++)
        for (int t = 0; t < sk->nships; t++)
            if (sk->ships[t].side != s->side && sk->ships[t].status != FLEET_SUNK &&
                hex_distance(end, sk->ships[t].pose.hex) == d) {
                seq[n][0] = SKIRMISH_BOARD;
                seq[n++][1] = t;
            }
    return n;
}

bool battle_board_offered(const Battle *b, int i)
{
    if (i < 0 || i >= b->sk.nships) return false;
    int seq[SKIRMISH_MAX_SHIPS + 1][2];
    return b->sk.orders[i].board != SKIRMISH_BOARD_NONE || board_choices(b, i, seq) > 1;
}

void battle_cycle_board(Battle *b, int i)
{
    if (!battle_can_order(b, i)) return;
    const FleetShip *s = &b->sk.ships[i];
    char lab[16], tl[16];
    skirmish_ship_label(&b->sk, i, lab, sizeof lab);
    int seq[SKIRMISH_MAX_SHIPS + 1][2];
    int n = board_choices(b, i, seq);
    if (n == 1) {
        battle_note(b, 1, "%s has no enemy within %d hexes of her path's end to board", lab,
                    BATTLE_BOARD_REACH);
        return;
    }
    SkirmishOrders o = b->sk.orders[i];
    int at = 0;
    for (int k = 0; k < n; k++)
        if (seq[k][0] == o.board && (o.board != SKIRMISH_BOARD || seq[k][1] == o.board_target))
            at = k;
    at = (at + 1) % n;
    o.board = seq[at][0];
    o.board_target = seq[at][0] == SKIRMISH_BOARD_NONE ? 0 : seq[at][1];
    if (store_orders(b, i, &o) != 0) return;
    skirmish_ship_label(&b->sk, seq[at][1], tl, sizeof tl);
    if (o.board == SKIRMISH_BOARD_NONE)
        battle_note(
            b, 0, s->lashed >= 0 ? "%s stays lashed and fights off boarders" : "%s will not board",
            lab);
    else if (o.board == SKIRMISH_BOARD_CUT)
        battle_note(b, 0, "%s cuts loose from %s", lab, tl);
    else if (s->lashed >= 0)
        battle_note(b, 0, "%s sends her boarders into %s", lab, tl);
    else
        battle_note(b, 0, "%s grapples %s if she lies alongside where the path ends, then boards",
                    lab, tl);
}
