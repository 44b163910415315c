/* skirmish_goal: what each side fights for beyond beating the enemy fleet
 * (a scenario's objectives: a flagship, an escort, a blockade, a bay to
 * hold), checked at every turn's end; ships out through an exit leave. */
#include "skirmish_internal.h"

#include <stdio.h>
#include <string.h>

const char *const skirmish_goal_names[SKIRMISH_GOALS] = {"destroy", "flagship", "escort",
                                                         "blockade", "hold"};

/* Side of ship index i in a setup (side A's ships come first). */
static int setup_side(const SkirmishSetup *st, int i)
{
    return i < st->ships[0] ? 0 : 1;
}

static bool setup_ship(const SkirmishSetup *st, int i)
{
    return i >= 0 && i < st->ships[0] + st->ships[1];
}

int skirmish_goal_validate(const SkirmishSetup *setup, Err *e)
{
    for (int s = 0; s < SKIRMISH_SIDES; s++) {
        const SkirmishGoal *g = &setup->goal[s];
        char side = SKIRMISH_SIDE_LETTER(s);
        if (g->kind < 0 || g->kind >= SKIRMISH_GOALS)
            return err_set(e, "skirmish: side %c's goal %d is outside 0..%d", side, g->kind,
                           SKIRMISH_GOALS - 1);
        if (g->nhexes < 0 || g->nhexes > SKIRMISH_GOAL_HEXES)
            return err_set(e, "skirmish: side %c's goal has %d hexes, at most %d", side, g->nhexes,
                           SKIRMISH_GOAL_HEXES);
        bool needs_hexes = g->kind == SKIRMISH_GOAL_ESCORT || g->kind == SKIRMISH_GOAL_BLOCKADE ||
                           g->kind == SKIRMISH_GOAL_HOLD;
        if (needs_hexes && g->nhexes == 0)
            return err_set(e, "skirmish: side %c's %s goal has no hexes", side,
                           skirmish_goal_names[g->kind]);
        if (g->kind == SKIRMISH_GOAL_FLAGSHIP &&
            (!setup_ship(setup, g->ship) || setup_side(setup, g->ship) == s))
            return err_set(e, "skirmish: side %c's flagship goal names ship %d, not an enemy's",
                           side, g->ship);
        if (g->kind == SKIRMISH_GOAL_ESCORT &&
            (!setup_ship(setup, g->ship) || setup_side(setup, g->ship) != s))
            return err_set(e, "skirmish: side %c's escort goal names ship %d, not its own", side,
                           g->ship);
        if (g->kind == SKIRMISH_GOAL_BLOCKADE && (g->count < 1 || g->count > setup->ships[s]))
            return err_set(e, "skirmish: side %c's blockade wants %d ships out of %d", side,
                           g->count, setup->ships[s]);
        if (g->kind == SKIRMISH_GOAL_HOLD && (g->turns < 1 || g->turns > SKIRMISH_MAX_TURNS))
            return err_set(e, "skirmish: side %c's hold goal of %d turns is outside 1..%d", side,
                           g->turns, SKIRMISH_MAX_TURNS);
    }
    if (setup->limit_win < SKIRMISH_LIMIT_POINTS || setup->limit_win > SKIRMISH_LIMIT_B)
        return err_set(e, "skirmish: limit winner %d is outside 0..2", setup->limit_win);
    return 0;
}

static bool goal_has(const SkirmishGoal *g, Hex h)
{
    for (int k = 0; k < g->nhexes; k++)
        if (hex_equal(g->hexes[k], h)) return true;
    return false;
}

void skirmish_goal_ship(const Skirmish *sk, int i, char *buf, size_t cap)
{
    char lab[16];
    skirmish_ship_label(sk, i, lab, sizeof lab);
    snprintf(buf, cap, "%s%s%s", lab, sk->names[i][0] ? " " : "", sk->names[i]);
}

bool skirmish_goal_exit(const Skirmish *sk, int i, Hex h)
{
    if (i < 0 || i >= sk->nships || !fleet_ship_active(&sk->ships[i])) return false;
    const SkirmishGoal *g = &sk->goal[sk->ships[i].side & 1];
    if (g->kind == SKIRMISH_GOAL_ESCORT && g->ship != i) return false;
    if (g->kind != SKIRMISH_GOAL_ESCORT && g->kind != SKIRMISH_GOAL_BLOCKADE) return false;
    return goal_has(g, h);
}

/* Ships on their exits leave the board: safe, out of the fight, nobody's
 * prize (status FLEET_SUNK so that nothing aims at or runs into her). */
static void goal_escapes(Skirmish *sk)
{
    for (int i = 0; i < sk->nships; i++) {
        FleetShip *s = &sk->ships[i];
        if (!skirmish_goal_exit(sk, i, s->pose.hex)) continue;
        skirmish_unlash(sk, i);
        s->status = FLEET_SUNK;
        s->anchored = s->aground = false;
        sk->escaped[i] = true;
        SkirmishEvent *ev = skirmish_event_add(sk, SKIRMISH_EV_ESCAPED, i);
        ev->from = ev->to = s->pose.hex;
    }
}

/* A fighting ship of side s in the goal's area. */
static bool in_area(const Skirmish *sk, const SkirmishGoal *g, int s)
{
    for (int i = 0; i < sk->nships; i++)
        if (sk->ships[i].side == s && fleet_ship_active(&sk->ships[i]) &&
            goal_has(g, sk->ships[i].pose.hex))
            return true;
    return false;
}

int skirmish_goal_status(const Skirmish *sk, int s)
{
    const SkirmishGoal *g = &sk->goal[s];
    int out = 0, left = 0;
    for (int i = 0; i < sk->nships; i++) {
        if (fleet_ship_born(&sk->ships[i]) != s) continue;
        out += sk->escaped[i];
        left += fleet_ship_active(&sk->ships[i]);
    }
    switch (g->kind) {
    case SKIRMISH_GOAL_FLAGSHIP:
        return fleet_ship_active(&sk->ships[g->ship]) || sk->escaped[g->ship] ? 0 : 1;
    case SKIRMISH_GOAL_ESCORT:
        return sk->escaped[g->ship] ? 1 : fleet_ship_active(&sk->ships[g->ship]) ? 0 : -1;
    case SKIRMISH_GOAL_BLOCKADE:
        return out >= g->count ? 1 : out + left < g->count ? -1 : 0;
    case SKIRMISH_GOAL_HOLD:
        return sk->held[s] >= g->turns ? 1 : 0;
    default:
        return 0;
    }
}

void skirmish_goal_check(Skirmish *sk)
{
    goal_escapes(sk);
    /* The hold counts its turn end here, once, before anything reads it. */
    for (int s = 0; s < SKIRMISH_SIDES; s++) {
        const SkirmishGoal *g = &sk->goal[s];
        if (g->kind == SKIRMISH_GOAL_HOLD)
            sk->held[s] = in_area(sk, g, s) && !in_area(sk, g, 1 - s) ? sk->held[s] + 1 : 0;
    }
    for (int s = 0; s < SKIRMISH_SIDES; s++) {
        int st = skirmish_goal_status(sk, s);
        if (st == 0) continue;
        sk->goal_met[s] = st > 0;
        SkirmishEvent *ev = skirmish_event_add(sk, SKIRMISH_EV_GOAL, -1);
        ev->a = s;
        ev->b = st > 0;
    }
}

/* The turn limit's say when no goal and no fleet's loss decided it: a
 * side holding its area then wins, else SKIRMISH_LIMIT_*'s. -2: points. */
int skirmish_goal_limit(const Skirmish *sk, bool *hold_won)
{
    bool hold[SKIRMISH_SIDES];
    for (int s = 0; s < SKIRMISH_SIDES; s++)
        hold[s] = sk->goal[s].kind == SKIRMISH_GOAL_HOLD && sk->held[s] > 0;
    *hold_won = hold[0] != hold[1];
    if (hold[0] != hold[1]) return hold[0] ? 0 : 1;
    if (sk->limit_win == SKIRMISH_LIMIT_A) return 0;
    if (sk->limit_win == SKIRMISH_LIMIT_B) return 1;
    return -2;
}

void skirmish_goal_text(const Skirmish *sk, const SkirmishEvent *ev, char *buf, size_t cap)
{
    int s = ev->a & 1;
    const SkirmishGoal *g = &sk->goal[s];
    char ship[48] = "the ship";
    if (g->kind == SKIRMISH_GOAL_FLAGSHIP || g->kind == SKIRMISH_GOAL_ESCORT)
        skirmish_goal_ship(sk, g->ship, ship, sizeof ship);
    if (!ev->b) {
        if (g->kind == SKIRMISH_GOAL_ESCORT)
            snprintf(buf, cap, "side %c fails: %s is lost before she gets out", "AB"[s], ship);
        else
            snprintf(buf, cap, "side %c fails: too few ships are left to run the blockade",
                     "AB"[s]);
        return;
    }
    switch (g->kind) {
    case SKIRMISH_GOAL_FLAGSHIP:
        snprintf(buf, cap, "side %c has its objective: the enemy flagship %s is out of the fight",
                 "AB"[s], ship);
        break;
    case SKIRMISH_GOAL_ESCORT:
        snprintf(buf, cap, "side %c has its objective: %s is safely out", "AB"[s], ship);
        break;
    case SKIRMISH_GOAL_BLOCKADE:
        snprintf(buf, cap, "side %c has its objective: %d ships have run the blockade", "AB"[s],
                 g -> count);
        break;
    default:
        snprintf(buf, cap, "side %c has its objective: it has held the area %d turns", "AB"[s],
                 g -> turns);
        break;
    }
}

/* The middle of a goal's hexes in map px (it has at least one). */
static void goal_middle(const Skirmish *sk, const SkirmishGoal *g, double *x, double *y)
{
    float size = (float)sk->map->meta.hex_size;
    *x = *y = 0;
    for (int k = 0; k < g->nhexes; k++) {
        float hx, hy;
        hex_to_pixel(g->hexes[k], size, &hx, &hy);
        *x += hx / g->nhexes;
        *y += hy / g->nhexes;
    }
}

int skirmish_goal_edge(const Skirmish *sk, int side)
{
    const SkirmishGoal *g = &sk->goal[side & 1];
    if (g->nhexes <= 0 || !sk->map) return -1;
    double x, y;
    goal_middle(sk, g, &x, &y);
    double w = sk->map->w, h = sk->map->h;
    double d[4] = {x, w - x, y, h - y}; /* in SKIRMISH_EDGE_* order */
    int best = 0;
    for (int k = 1; k < 4; k++)
        if (d[k] < d[best]) best = k;
    return d[best] < 3.0 * sk->map->meta.hex_size ? best : -1;
}

bool skirmish_goal_has(const Skirmish *sk, int side, Hex h)
{
    return goal_has(&sk->goal[side & 1], h);
}

int skirmish_flagship(const Skirmish *sk, int side)
{
    if (side < 0 || side >= SKIRMISH_SIDES) return -1;
    const SkirmishGoal *g = &sk->goal[1 - side];
    if (g->kind != SKIRMISH_GOAL_FLAGSHIP || g->ship < 0 || g->ship >= sk->nships) return -1;
    return fleet_ship_born(&sk->ships[g->ship]) == side ? g->ship : -1;
}

/* Where a goal's hexes lie: the map edge nearest their middle, or the
 * middle hex itself when they lie inland ("round 18,12"). */
static void goal_place(const Skirmish *sk, int side, char *buf, size_t cap)
{
    static const char *const edge[4] = {"west", "east", "north", "south"};
    int e = skirmish_goal_edge(sk, side);
    if (e >= 0) {
        snprintf(buf, cap, "at the %s edge", edge[e]);
        return;
    }
    double x, y;
    goal_middle(sk, &sk->goal[side & 1], &x, &y);
    Hex mid = hex_from_pixel((float)x, (float)y, (float)sk->map->meta.hex_size);
    snprintf(buf, cap, "round %d,%d", mid.q, mid.r);
}

void skirmish_goal_hex_text(const Skirmish *sk, int side, Hex h, char *buf, size_t cap)
{
    int s = side & 1;
    const SkirmishGoal *g = &sk->goal[s];
    char ship[48];
    int out = 0;
    for (int i = 0; i < sk->nships; i++)
        if (fleet_ship_born(&sk->ships[i]) == s) out += sk->escaped[i];
    if (cap > 0) buf[0] = '\0';
    if (!goal_has(g, h)) return;
    switch (g->kind) {
    case SKIRMISH_GOAL_ESCORT:
        skirmish_goal_ship(sk, g->ship, ship, sizeof ship);
        snprintf(buf, cap, "exit for %s (side %c): she leaves the board here", ship, "AB"[s]);
        break;
    case SKIRMISH_GOAL_BLOCKADE:
        snprintf(buf, cap, "exit for side %c: %d %s must get out (%d out so far)", "AB"[s],
                 g -> count, g -> count == 1 ? "ship" : "ships", out);
        break;
    case SKIRMISH_GOAL_HOLD:
        snprintf(buf, cap,
                 "the bay, side %c's to hold %d turns: a ship of %c's in it, none of %c's "
                 "(held %d)",
                 "AB"[s], g -> turns, "AB"[s], "AB"[1 - s], sk -> held[s]);
        break;
    default:
        break;
    }
}

void skirmish_goal_brief(const Skirmish *sk, int side, char *buf, size_t cap)
{
    const SkirmishGoal *g = &sk->goal[side & 1];
    char ship[48] = "", where[48] = "";
    if (g->kind == SKIRMISH_GOAL_FLAGSHIP || g->kind == SKIRMISH_GOAL_ESCORT)
        skirmish_goal_ship(sk, g->ship, ship, sizeof ship);
    if (g->nhexes > 0 && sk->map) goal_place(sk, side, where, sizeof where);
    switch (g->kind) {
    case SKIRMISH_GOAL_FLAGSHIP:
        snprintf(buf, cap, "sink or take the enemy flagship %s", ship);
        break;
    case SKIRMISH_GOAL_ESCORT:
        snprintf(buf, cap, "see %s out through the exit %s", ship, where);
        break;
    case SKIRMISH_GOAL_BLOCKADE:
        snprintf(buf, cap, "get %d %s out through the exit %s", g->count,
                 g->count == 1 ? "ship" : "ships", where);
        break;
    case SKIRMISH_GOAL_HOLD:
        snprintf(buf, cap, "hold the bay %s %d turns in a row (held %d)", where, g->turns,
                 sk->held[side & 1]);
        break;
    default: {
        /* Against a goal, keeping the enemy from it is the way to win. */
        int foe = sk->goal[1 - (side & 1)].kind;
        snprintf(buf, cap, "sink or take every enemy ship%s",
                 foe == SKIRMISH_GOAL_HOLD ? ", or break their hold on the bay"
                 : foe == SKIRMISH_GOAL_ESCORT || foe == SKIRMISH_GOAL_BLOCKADE
                     ? ", and keep them from their exit"
                     : "");
        break;
    }
    }
    int lim = sk->limit_win;
    if (lim == SKIRMISH_LIMIT_A + (side & 1) && strlen(buf) + 32 < cap)
        strcat(buf, "; the turn limit is yours");
}
