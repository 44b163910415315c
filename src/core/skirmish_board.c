/* skirmish_board: ships lashed together, and what comes of it: fouling in
 * the movement, grapples once it is done, cutting loose and the melee
 * after gunnery, prizes at the turn's end. Rules and numbers: fleet.h. */
#include "skirmish_internal.h"

static bool wants_board(const Skirmish *sk, int i, int t)
{
    const SkirmishOrders *o = &sk->orders[i];
    return o->board == SKIRMISH_BOARD && o->board_target == t;
}

/* An event of ship i's with ship j: from her hex to j's. */
static SkirmishEvent *pair_event(Skirmish *sk, int kind, int i, int j)
{
    SkirmishEvent *ev = skirmish_event_add(sk, kind, i);
    ev->other = j;
    ev->from = sk->ships[i].pose.hex;
    ev->to = j >= 0 ? sk->ships[j].pose.hex : ev->from;
    return ev;
}

static void lash(Skirmish *sk, int i, int j)
{
    sk->ships[i].lashed = j;
    sk->ships[j].lashed = i;
}

void skirmish_unlash(Skirmish *sk, int i)
{
    int j = sk->ships[i].lashed;
    sk->ships[i].lashed = -1;
    if (j >= 0 && j < sk->nships && sk->ships[j].lashed == i) sk->ships[j].lashed = -1;
}

static void part(Skirmish *sk, int i, int how)
{
    SkirmishEvent *ev = pair_event(sk, SKIRMISH_EV_CUT, i, sk->ships[i].lashed);
    ev->to = ev->from;
    ev->a = how;
    if (how != 0) skirmish_unlash(sk, i);
}

void skirmish_board_foul(Skirmish *sk, int i, int other)
{
    if (other < 0 || other == i) return;
    FleetShip *s = &sk->ships[i], *o = &sk->ships[other];
    if (s->lashed >= 0 || o->lashed >= 0 || o->status == FLEET_SUNK ||
        hex_distance(s->pose.hex, o->pose.hex) != 1)
        return;
    if (skirmish_roll_pct(sk) >= FLEET_FOUL_PCT) return;
    lash(sk, i, other);
    pair_event(sk, SKIRMISH_EV_GRAPPLED, i, other)->a = 2;
}

/* Ship i ordered to board: alongside her mark (free, afloat or struck)
 * she throws grapples; a mark she is not next to, or that another holds,
 * is logged as out of reach (a = 3) so a player knows why. */
static void grapple(Skirmish *sk, int i)
{
    FleetShip *s = &sk->ships[i];
    int t = sk->orders[i].board_target;
    if (!fleet_ship_active(s) || s->lashed >= 0 || !wants_board(sk, i, t)) return;
    FleetShip *m = &sk->ships[t];
    SkirmishEvent *ev = pair_event(sk, SKIRMISH_EV_GRAPPLED, i, t);
    if (m->status == FLEET_SUNK || m->lashed >= 0 || hex_distance(s->pose.hex, m->pose.hex) != 1) {
        ev->a = 3;
        return;
    }
    bool sure = m->status == FLEET_STRUCK || wants_board(sk, t, i);
    int pct = FLEET_GRAPPLE_PCT + FLEET_GRAPPLE_CREW_PCT * s->crew / fleet_classes[s->cls].crew;
    ev->a = sure || skirmish_roll_pct(sk) < pct;
    if (ev->a) lash(sk, i, t);
}

void skirmish_board_grapple(Skirmish *sk)
{
    for (int i = 0; i < sk->nships; i++)
        if (sk->orders[i].board == SKIRMISH_BOARD) grapple(sk, i);
}

/* True when ships i and j were lashed in this turn's movement. */
static bool lashed_now(const Skirmish *sk, int i, int j)
{
    for (int k = 0; k < sk->nevents; k++) {
        const SkirmishEvent *ev = &sk->events[k];
        if (ev->kind == SKIRMISH_EV_GRAPPLED && (ev->a == 1 || ev->a == 2) &&
            ((ev->ship == i && ev->other == j) || (ev->ship == j && ev->other == i)))
            return true;
    }
    return false;
}

/* A lashed pair, once: a ship ordered to cut loose parts at once unless
 * the other boards her, then on FLEET_CUT_PCT; two ships afloat of which
 * neither boards the other clear on FLEET_CLEAR_PCT from the turn after
 * they were lashed; two wrecks part (no one tends the lines). */
static void settle_pair(Skirmish *sk, int i, int j)
{
    bool afloat_i = fleet_ship_manned(&sk->ships[i]), afloat_j = fleet_ship_manned(&sk->ships[j]);
    bool cut_i = sk->orders[i].board == SKIRMISH_BOARD_CUT && afloat_i;
    bool cut_j = sk->orders[j].board == SKIRMISH_BOARD_CUT && afloat_j;
    bool board_i = wants_board(sk, i, j), board_j = wants_board(sk, j, i);
    if (cut_i || cut_j) {
        int c = cut_i ? i : j;
        bool held = c == i ? board_j : board_i;
        part(sk, c, !held || skirmish_roll_pct(sk) < FLEET_CUT_PCT);
    } else if (!afloat_i && !afloat_j) {
        part(sk, i, 2);
    } else if (afloat_i && afloat_j && !board_i && !board_j && !lashed_now(sk, i, j)) {
        if (skirmish_roll_pct(sk) < FLEET_CLEAR_PCT) part(sk, i, 2);
    }
}

/* Ship i's boarders against the crew of j, the ship she is lashed to. */
static void melee(Skirmish *sk, int i, int j)
{
    FleetShip *s = &sk->ships[i], *d = &sk->ships[j];
    int d6 = 1 + fleet_rand_below(skirmish_roll(sk), 6);
    int odds = fleet_melee_odds(s->crew, d->crew), al, dl;
    fleet_melee(s->crew, d->crew, d6, &al, &dl);
    SkirmishStats *att = &sk->stats[s->side & 1], *def = &sk->stats[d->side & 1];
    skirmish_take_points(&s->crew, &al, &def->damage);
    skirmish_take_points(&d->crew, &dl, &att->damage);
    att->boardings++;
    SkirmishEvent *ev = pair_event(sk, SKIRMISH_EV_BOARDED, i, j);
    ev->a = al;
    ev->b = dl;
    ev->guns = odds;
    ev->hits = d6;
    ev->damage.crew = dl;
    ev->raked = fleet_melee_carried(s->crew, d->crew);
    if (ev->raked) skirmish_take_ship(sk, j, FLEET_STRUCK, false);
}

void skirmish_board_melee(Skirmish *sk)
{
    for (int i = 0; i < sk->nships; i++) {
        int j = sk->ships[i].lashed;
        if (j > i) settle_pair(sk, i, j);
    }
    for (int i = 0; i < sk->nships; i++) {
        int j = sk->ships[i].lashed;
        if (j < 0 || !wants_board(sk, i, j) || !fleet_ship_active(&sk->ships[i]) ||
            !fleet_ship_manned(&sk->ships[j]))
            continue;
        /* A prize's crew sails her and fights off boarders, no more. */
        /* Both boarding: one melee, the larger crew (then the lower
         * index) the attacker. */
        if (wants_board(sk, j, i) && (sk->ships[j].crew > sk->ships[i].crew ||
                                      (sk->ships[j].crew == sk->ships[i].crew && j < i)))
            continue;
        melee(sk, i, j);
    }
}

void skirmish_board_prizes(Skirmish *sk)
{
    for (int i = 0; i < sk->nships; i++) {
        FleetShip *s = &sk->ships[i];
        int j = s->lashed;
        if (s->status != FLEET_STRUCK || j < 0) continue;
        FleetShip *t = &sk->ships[j];
        if (!fleet_ship_active(t) || t->side == s->side) continue;
        /* Retaken, her own people below rise and sail her: the taker
         * spares no one. */
        bool back = fleet_ship_born(s) == t->side;
        int pc = back ? 0 : fleet_prize_crew(s->cls);
        if ((t->crew - pc) * 4 < fleet_classes[t->cls].crew) continue;
        t->crew -= pc;
        s->crew = fleet_prize_crew(s->cls);
        s->status = FLEET_AFLOAT;
        s->side = t->side;
        s->prize = back ? FLEET_PRIZE_RETAKEN : FLEET_PRIZE_TAKEN;
        skirmish_unlash(sk, i);
        sk->stats[t->side & 1].prizes++;
        SkirmishEvent *ev = pair_event(sk, SKIRMISH_EV_PRIZE, i, j);
        ev->a = back;
        ev->b = pc;
    }
}
