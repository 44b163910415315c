/* battle_orders: the orders a player gives the selected ship besides her
 * path (battle.h) — her path cleared, her broadsides' marks and shot, her
 * anchor, grappling and boarding — each stored through the rules' check;
 * and which ships have been given none this turn. */
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
    if (store_orders(b, i, &o) == 0) battle_board_after_path(b, i);
}

bool battle_ship_unordered(const Battle *b, int i)
{
    if (!battle_can_order(b, i) || b->route[i].on) return false;
    SkirmishOrders d;
    skirmish_default_orders(&b->sk, i, &d);
    const SkirmishOrders *o = &b->sk.orders[i];
    if (o->nsteps != 0 || o->anchor != d.anchor || o->board != d.board) return false;
    for (int bs = 0; bs < FLEET_BROADSIDES; bs++)
        if (o->fire[bs].target != d.fire[bs].target || o->fire[bs].shot != d.fire[bs].shot)
            return false;
    return true;
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

/* ------------------------------------------------------------ boarding */

/* The fewest hexes between ship t and where ship i can be at this turn's
 * end: her path's end, or for the selected ship with fresh aids any hex
 * she can reach. */
static int board_gap(const Battle *b, int i, int t)
{
    int d = hex_distance(battle_path_end(b, i).hex, b->sk.ships[t].pose.hex);
    int reach = i == b->selected && !b->aids_dirty ? b->board_gap[t] : -1;
    return reach >= 0 && reach < d ? reach : d;
}

bool battle_board_can(const Battle *b, int i, int t, char *why, size_t cap)
{
    char scratch[8];
    if (!why || cap == 0) {
        why = scratch;
        cap = sizeof scratch;
    }
    why[0] = '\0';
    const Skirmish *sk = &b->sk;
    if (i < 0 || i >= sk->nships || t < 0 || t >= sk->nships || t == i) return false;
    const FleetShip *s = &sk->ships[i], *m = &sk->ships[t];
    char lab[16], tl[16], other[16];
    skirmish_ship_label(sk, i, lab, sizeof lab);
    skirmish_ship_label(sk, t, tl, sizeof tl);
    if (m->side == s->side || m->status == FLEET_SUNK) {
        snprintf(why, cap, "%s is no enemy for %s to board", tl, lab);
        return false;
    }
    if (!fleet_ship_active(s)) {
        snprintf(why, cap, "%s %s: she boards no one", lab,
                 s->prize ? "is a prize, sailed by a prize crew" : "is out of the fight");
        return false;
    }
    if (s->lashed >= 0) {
        if (s->lashed == t) return true;
        skirmish_ship_label(sk, s->lashed, other, sizeof other);
        snprintf(why, cap, "%s is lashed to %s: she can board only her", lab, other);
        return false;
    }
    /* The rules' grapples miss a mark another ship holds. */
    if (m->lashed >= 0) {
        skirmish_ship_label(sk, m->lashed, other, sizeof other);
        snprintf(why, cap, "%s is lashed to %s: no room for %s alongside", tl, other, lab);
        return false;
    }
    int gap = board_gap(b, i, t);
    if (gap > 1) {
        snprintf(why, cap, "too far for %s to board this turn: she gets no nearer than %d hexes",
                 lab, gap);
        return false;
    }
    return true;
}

/* The board orders ship i may cycle through, in order, into seq (each a
 * board and a target); returns how many. */
static int board_choices(const Battle *b, int i, int seq[][2])
{
    const Skirmish *sk = &b->sk;
    const FleetShip *s = &sk->ships[i];
    int n = 0;
    seq[n][0] = SKIRMISH_BOARD_NONE;
    seq[n++][1] = 0;
    if (s->lashed >= 0) {
        if (battle_board_can(b, i, s->lashed, NULL, 0)) {
            seq[n][0] = SKIRMISH_BOARD;
            seq[n++][1] = s->lashed;
        }
        seq[n][0] = SKIRMISH_BOARD_CUT;
        seq[n++][1] = s->lashed;
        return n;
    }
    /* In ship order, not nearest first: choosing a mark may re-plot her
     * path, and an order by distance from its end would change under the
     * cycle (two marks swapping places, never back to none). */
    for (int t = 0; t < sk->nships; t++)
        if (battle_board_can(b, i, t, NULL, 0)) {
            seq[n][0] = SKIRMISH_BOARD;
            seq[n++][1] = t;
        }
    return n;
}

bool battle_board_offered(Battle *b, int i)
{
    if (i < 0 || i >= b->sk.nships) return false;
    if (i == b->selected) battle_refresh(b);
    int seq[SKIRMISH_MAX_SHIPS + 1][2];
    return b->sk.orders[i].board != SKIRMISH_BOARD_NONE || board_choices(b, i, seq) > 1;
}

/* Why ship i has no one to board, of the enemy she gets nearest to. */
static void board_none_note(Battle *b, int i, const char *lab)
{
    int near = -1, best = 0;
    for (int t = 0; t < b->sk.nships; t++) {
        const FleetShip *m = &b->sk.ships[t];
        if (m->side == b->sk.ships[i].side || m->status == FLEET_SUNK) continue;
        int gap = board_gap(b, i, t);
        if (near < 0 || gap < best) {
            near = t;
            best = gap;
        }
    }
    if (near < 0) {
        battle_note(b, 1, "%s has no enemy left to board", lab);
        return;
    }
    char why[160], tl[16];
    battle_board_can(b, i, near, why, sizeof why);
    skirmish_ship_label(&b->sk, near, tl, sizeof tl);
    battle_note(b, 1, "%s (the nearest enemy): %s", tl, why);
}

void battle_cycle_board(Battle *b, int i)
{
    if (!battle_can_order(b, i)) return;
    if (i == b->selected) battle_refresh(b);
    const FleetShip *s = &b->sk.ships[i];
    char lab[16], tl[16];
    skirmish_ship_label(&b->sk, i, lab, sizeof lab);
    int seq[SKIRMISH_MAX_SHIPS + 1][2];
    int n = board_choices(b, i, seq);
    if (n == 1) { /* free (lashed, she can always cut loose) */
        if (fleet_ship_active(s))
            board_none_note(b, i, lab);
        else
            battle_note(b, 1, "%s is a prize, sailed by a prize crew: she boards no one", lab);
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
    /* A mark she reaches but her path does not end beside: the rules
     * grapple where the path ends, so it ends there now. */
    int t = o.board_target, node = b->board_node[t];
    bool sail = o.board == SKIRMISH_BOARD && s->lashed < 0 &&
                hex_distance(battle_path_end(b, i).hex, b->sk.ships[t].pose.hex) != 1;
    if (sail) {
        if (node < 0 || chart_reach_steps(b->reach, node, NULL, 0) > SKIRMISH_MAX_STEPS) return;
        o.nsteps = chart_reach_steps(b->reach, node, o.steps, SKIRMISH_MAX_STEPS);
    }
    if (store_orders(b, i, &o) != 0) return;
    if (sail) b->route[i].on = false;
    skirmish_ship_label(&b->sk, seq[at][1], tl, sizeof tl);
    if (o.board == SKIRMISH_BOARD_NONE)
        battle_note(
            b, 0, s->lashed >= 0 ? "%s stays lashed and fights off boarders" : "%s will not board",
            lab);
    else if (o.board == SKIRMISH_BOARD_CUT)
        battle_note(b, 0, "%s cuts loose from %s", lab, tl);
    else if (s->lashed >= 0)
        battle_note(b, 0, "%s sends her boarders into %s", lab, tl);
    else if (sail)
        battle_note(b, 0, "%s sails alongside %s (her path now ends there), grapples and boards",
                    lab, tl);
    else
        battle_note(b, 0, "%s grapples %s alongside where her path ends, then boards", lab, tl);
}

void battle_board_after_path(Battle *b, int i)
{
    if (i < 0 || i >= b->sk.nships) return;
    const SkirmishOrders *cur = &b->sk.orders[i];
    int t = cur->board_target;
    if (cur->board != SKIRMISH_BOARD || b->sk.ships[i].lashed >= 0 || t < 0 || t >= b->sk.nships ||
        hex_distance(battle_path_end(b, i).hex, b->sk.ships[t].pose.hex) == 1)
        return;
    SkirmishOrders o = *cur;
    o.board = SKIRMISH_BOARD_NONE;
    o.board_target = 0;
    if (store_orders(b, i, &o) != 0) return;
    char lab[16], tl[16];
    skirmish_ship_label(&b->sk, i, lab, sizeof lab);
    skirmish_ship_label(&b->sk, t, tl, sizeof tl);
    battle_note(b, 0, "%s will not board %s: her path no longer ends alongside her", lab, tl);
}
