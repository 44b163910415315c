/* skirmish_end: what decided a battle — an objective, a fleet's loss or the
 * turn limit — found from its state by the same code that ends it at a
 * turn's end, and that cause in one sentence for the end screen, the log,
 * the outcome and its JSON. */
#include "skirmish_internal.h"

#include <stdio.h>
#include <string.h>

#include "words.h"

const char *const skirmish_end_names[SKIRMISH_ENDS] = {
    "none",      "goal",       "goal_failed",     "goals",           "all_out",
    "none_left", "turn_limit", "turn_limit_even", "turn_limit_hold", "turn_limit_side",
    "recorded",
};

static void end_clear(const Skirmish *sk, SkirmishEnd *out)
{
    memset(out, 0, sizeof *out);
    out->by = SKIRMISH_END_NONE;
    out->winner = -1;
    out->side = -1;
    out->goal = SKIRMISH_GOAL_DESTROY;
    out->turn = sk->turn;
    out->turn_limit = sk->turn_limit;
    for (int s = 0; s < SKIRMISH_SIDES; s++) out->points[s] = sk->stats[s].points;
}

/* The goals first: a flagship taken in the turn that also took the last
 * of her fleet is the flagship's victory either way. */
void skirmish_end_decide(const Skirmish *sk, SkirmishEnd *out)
{
    end_clear(sk, out);
    int st[SKIRMISH_SIDES];
    bool wins[SKIRMISH_SIDES];
    for (int s = 0; s < SKIRMISH_SIDES; s++) st[s] = skirmish_goal_status(sk, s);
    for (int s = 0; s < SKIRMISH_SIDES; s++) wins[s] = st[s] > 0 || st[1 - s] < 0;
    if (wins[0] && wins[1]) {
        out->by = SKIRMISH_END_GOALS;
        return;
    }
    if (wins[0] || wins[1]) {
        int w = wins[0] ? 0 : 1;
        out->winner = w;
        /* Met and the enemy's failed in one turn: the one met is named. */
        out->by = st[w] > 0 ? SKIRMISH_END_GOAL : SKIRMISH_END_GOAL_FAILED;
        out->side = st[w] > 0 ? w : 1 - w;
        out->goal = sk->goal[out->side].kind;
        return;
    }
    int a = skirmish_active(sk, 0), b = skirmish_active(sk, 1);
    if (a == 0 && b == 0) {
        out->by = SKIRMISH_END_NONE_LEFT;
        return;
    }
    if (a == 0 || b == 0) {
        out->by = SKIRMISH_END_ALL_OUT;
        out->side = a == 0 ? 0 : 1;
        out->winner = 1 - out->side;
        return;
    }
    if (sk->turn < sk->turn_limit) return;
    bool hold;
    int lim = skirmish_goal_limit(sk, &hold);
    if (lim >= 0) {
        out->by = hold ? SKIRMISH_END_LIMIT_HOLD : SKIRMISH_END_LIMIT_SIDE;
        out->winner = out->side = lim;
        out->goal = hold ? SKIRMISH_GOAL_HOLD : SKIRMISH_GOAL_DESTROY;
        return;
    }
    int pa = out->points[0], pb = out->points[1];
    out->by = pa == pb ? SKIRMISH_END_EVEN : SKIRMISH_END_POINTS;
    out->winner = out->side = pa > pb ? 0 : pb > pa ? 1 : -1;
}

void skirmish_end(const Skirmish *sk, SkirmishEnd *out)
{
    if (!sk->over) {
        end_clear(sk, out);
        return;
    }
    skirmish_end_decide(sk, out);
    if (out->by == SKIRMISH_END_NONE || out->winner != sk->winner) {
        end_clear(sk, out);
        out->by = SKIRMISH_END_RECORDED;
        out->winner = sk->winner >= 0 && sk->winner < SKIRMISH_SIDES ? sk->winner : -1;
    }
}

/* How ship i went out of the fight: "was taken", "was sunk", "struck her
 * colours". */
static const char *fate_words(const Skirmish *sk, int i)
{
    const FleetShip *f = &sk->ships[i];
    if (fleet_ship_born(f) != f->side) return "was taken";
    return f->status == FLEET_SUNK ? "was sunk" : "struck her colours";
}

/* What met or lost side's objective, before the colon of the sentence. */
static void goal_cause(const Skirmish *sk, int side, bool met, char *buf, size_t cap)
{
    const SkirmishGoal *g = &sk->goal[side & 1];
    int kind = g->kind;
    char ship[48] = "";
    if (kind == SKIRMISH_GOAL_FLAGSHIP || kind == SKIRMISH_GOAL_ESCORT) {
        if (g->ship >= 0 && g->ship < sk->nships)
            skirmish_goal_ship(sk, g->ship, ship, sizeof ship);
        else
            kind = -1; /* a ship the battle lacks (a loader's mistake): the kind alone */
    }
    int out = 0;
    for (int i = 0; i < sk->nships; i++)
        if (fleet_ship_born(&sk->ships[i]) == (side & 1)) out += sk->escaped[i];
    switch (kind) {
    case SKIRMISH_GOAL_FLAGSHIP:
        snprintf(buf, cap, "The enemy flagship %s %s", ship, fate_words(sk, g->ship));
        break;
    case SKIRMISH_GOAL_ESCORT:
        if (met)
            snprintf(buf, cap, "%s escaped through the exit", ship);
        else
            snprintf(buf, cap, "%s %s before she got out", ship, fate_words(sk, g->ship));
        break;
    case SKIRMISH_GOAL_BLOCKADE:
        if (met)
            snprintf(buf, cap, "%d %s ran the blockade", out, words_plural(out, "ship", "ships"));
        else
            snprintf(buf, cap, "Too few ships are left to run the blockade");
        break;
    case SKIRMISH_GOAL_HOLD:
        snprintf(buf, cap, "The bay was held %d %s in a row", sk->held[side & 1],
                 words_plural(sk->held[side & 1], "turn", "turns"));
        break;
    default:
        snprintf(buf, cap, "The %s objective was %s",
                 skirmish_goal_names[(unsigned)g->kind % SKIRMISH_GOALS], met ? "met" : "lost");
        break;
    }
}

void skirmish_end_text(const Skirmish *sk, const SkirmishEnd *end, char *buf, size_t cap)
{
    char cause[SKIRMISH_END_TEXT_MAX];
    int s = end->side & 1, w = end->winner;
    char side = SKIRMISH_SIDE_LETTER(s);
    int t = end->turn, lim = end->turn_limit;
    if (cap == 0) return;
    switch (end->by) {
    case SKIRMISH_END_GOAL:
    case SKIRMISH_END_GOAL_FAILED: {
        bool met = end->by == SKIRMISH_END_GOAL;
        goal_cause(sk, s, met, cause, sizeof cause);
        snprintf(buf, cap, "%s: side %c's objective %s on turn %d of %d.", cause, side,
                 met ? "is met" : "failed", t, lim);
        break;
    }
    case SKIRMISH_END_GOALS:
        snprintf(buf, cap, "Both sides' objectives %s on turn %d of %d.",
                 skirmish_goal_status(sk, 0) > 0 ? "are met" : "failed", t, lim);
        break;
    case SKIRMISH_END_ALL_OUT:
        snprintf(buf, cap, "Every ship of side %c has struck or sunk, after %d %s.", side, t,
                 words_plural(t, "turn", "turns"));
        break;
    case SKIRMISH_END_NONE_LEFT:
        snprintf(buf, cap, "Neither fleet has a ship left fighting, after %d %s.", t,
                 words_plural(t, "turn", "turns"));
        break;
    case SKIRMISH_END_POINTS:
        snprintf(buf, cap, "On points at the turn limit: %d to %d.", end->points[s],
                 end->points[1 - s]);
        break;
    case SKIRMISH_END_EVEN:
        snprintf(buf, cap, "The turn limit came with the points even (%d each).", end->points[0]);
        break;
    case SKIRMISH_END_LIMIT_HOLD:
        snprintf(buf, cap, "Side %c still held the bay at the turn limit (%d %s).", side, lim,
                 words_plural(lim, "turn", "turns"));
        break;
    case SKIRMISH_END_LIMIT_SIDE:
        /* The side that need only keep the other from its objective. */
        if (sk->goal[1 - s].kind != SKIRMISH_GOAL_DESTROY)
            snprintf(buf, cap,
                     "Side %c's objective was not met by the turn limit (%d %s): the battle is "
                     "side %c's.",
                     SKIRMISH_SIDE_LETTER(1 - s), lim, words_plural(lim, "turn", "turns"), side);
        else
            snprintf(buf, cap, "The turn limit came (%d %s): the battle is side %c's.", lim,
                     words_plural(lim, "turn", "turns"), side);
        break;
    case SKIRMISH_END_RECORDED:
        if (w >= 0)
            snprintf(buf, cap,
                     "Side %c won on turn %d, as the save has it (the board no longer "
                     "shows why).",
                     SKIRMISH_SIDE_LETTER(w), t);
        else
            snprintf(buf, cap,
                     "A draw on turn %d, as the save has it (the board no longer shows why).", t);
        break;
    default:
        snprintf(buf, cap, "The battle goes on: turn %d of %d.", t, lim);
        break;
    }
}
