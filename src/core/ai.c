/* ai: the one-ply planner: scores every end pose a ship can reach. */
#include "ai.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "ai_internal.h"

/* Scoring weights, in "expected damage points" units. */
#define W_DEFENCE       0.8  /* damage we may take, per point */
#define W_RELOADING     0.5  /* a broadside loading now fires next turn */
#define W_CLOSE         0.8  /* per time unit to close with the nearest enemy */
#define W_RETREAT       0.5  /* per time unit the enemy is away, when battered, */
#define RETREAT_FAR     8    /* up to this many: out of reach, not out of the fight */
#define W_MOBILITY      0.05 /* per movement point the end facing gives next turn */
#define W_IRONS         0.2  /* ending in irons */
#define W_LEE_SHORE     1.5 /* land one hex downwind (half that two hexes), x2 when crippled aloft */
#define W_LAND_AHEAD    0.5 /* land right across the bow */
#define W_NEAR_LAND     0.1 /* per unsailable neighbour hex */
#define W_FORMATION     0.3 /* per hex beyond 4 from the rest of the fleet */
#define FORMATION_SLACK 4
#define W_WEIGH         0.5 /* how much worse sailing may look and she still weighs */
#define W_AGROUND       4.0 /* drifting onto land: the hull it costs and the turns stuck */
#define W_PRIZE         0.4 /* of a struck enemy's class value, alongside her to take her */
#define W_BOARD_ODDS    0.4 /* of an enemy's value times the grapple's chance, boarding at 3:2 */
#define W_BOARD_SWEEP   0.6 /* the same at 2:1 or better */
#define W_BURST         2.0 /* per own gun double shot may burst: the gun and a crew */
/* Boldness: after QUIET_PATIENCE turns without a broadside fired the
 * admiral grows bolder, fully after QUIET_PATIENCE + QUIET_RAMP: the
 * damage she may take weighs up to BOLD_DEFENCE less and closing with the
 * enemy up to BOLD_CLOSE times more, and from half way battered ships no
 * longer pull away, so fleets that sit out of range of each other close
 * and fight instead of waiting out the turn limit. */
#define QUIET_PATIENCE 2
#define QUIET_RAMP     5
#define BOLD_DEFENCE   0.7
#define BOLD_CLOSE     3.0

typedef struct Plan {
    Skirmish *sk;
    /* The same ships planned in another guess of where the enemy ends
     * (ai_plan_guess's alt), or NULL: a pose scores the mean of the two. */
    struct Plan *alt;
    int side, self;
    Hex claimed[SKIRMISH_MAX_SHIPS]; /* end hexes friends already took */
    int nclaimed;
    Hex obs[SKIRMISH_MAX_SHIPS]; /* every ship on the board but self */
    int nobs;
    Hex centre; /* the rest of the fleet */
    int nfriends;
    int marked[SKIRMISH_MAX_SHIPS]; /* ships friends already mean to board */
    int nmarked;
    bool hurt;   /* self pulls away (pulls_away) */
    int *engage; /* per (cell, facing): time to close with an enemy, -1 */
    AiGoal goal; /* the scenario's goals (ai_goal.c) */
} Plan;

/* Time units a hex ahead takes at each point of sail (a turn costs 1):
 * the wind-aware yardstick for "how far is the enemy", so ships beat round
 * islands and tack up channels instead of pressing into the wind. */
static const int sail_time[FLEET_SAILS] = {-1, 2, 1, 1};

typedef struct HeapEnt {
    int cost, state;
} HeapEnt;

static void hpush(HeapEnt *h, int *n, HeapEnt v)
{
    int i = (*n)++;
    while (i > 0 && (h[(i - 1) / 2].cost > v.cost ||
                     (h[(i - 1) / 2].cost == v.cost && h[(i - 1) / 2].state > v.state))) {
        h[i] = h[(i - 1) / 2];
        i = (i - 1) / 2;
    }
    h[i] = v;
}

static HeapEnt hpop(HeapEnt *h, int *n)
{
    assert(*n > 0);
    HeapEnt top = h[0], last = h[--(*n)];
    int i = 0;
    for (;;) {
        int l = 2 * i + 1, m = i;
        HeapEnt best = last;
        for (int c = l; c <= l + 1 && c < *n; c++)
            if (h[c].cost < best.cost || (h[c].cost == best.cost && h[c].state < best.state)) {
                best = h[c];
                m = c;
            }
        if (m == i) break;
        h[i] = h[m];
        i = m;
    }
    if (*n > 0) h[i] = last;
    return top;
}

/* Reverse Dijkstra over (hex, facing): time for a ship in each state to
 * come within short range of an enemy still fighting, with a clear line of
 * fire (-1: never), with a
 * hex in irons costing irons_time (-1: impossible). Wrecks (struck ships)
 * count as rocks: a channel one of them plugs is no way through. So do
 * ships that will lie where they are (lashed, aground, at anchor) and
 * prizes, which keep out of the fight: a line of ships along a lee shore
 * with one of them between two enemies is no engagement, and they must
 * get out to sea to fight (before, such lines sat 30-46 turns). */
static int *engage_field(const Plan *p, int irons_time)
{
    const Skirmish *sk = p->sk;
    const Chart *c = &sk->chart;
    int cells = c->qn * c->rn, states = cells * HEX_DIRS;
    int *dist = malloc((size_t)states * sizeof *dist);
    /* Each state is pushed at most once per incoming edge (3). */
    HeapEnt *heap = malloc((size_t)states * 3 * sizeof *heap + sizeof *heap);
    uint8_t *open = malloc((size_t)cells);
    if (!dist || !heap || !open) {
        free(dist);
        free(heap);
        free(open);
        return NULL;
    }
    memcpy(open, c->sail, (size_t)cells);
    Hex wrecks[SKIRMISH_MAX_SHIPS];
    int nwrecks = 0;
    for (int t = 0; t < sk->nships; t++) {
        int cell = chart_cell(c, sk->ships[t].pose.hex);
        const FleetShip *w = &sk->ships[t];
        bool still = w->prize || w->lashed >= 0 || w->aground || w->anchored;
        if (w->status == FLEET_STRUCK || (w->status != FLEET_SUNK && still)) {
            wrecks[nwrecks++] = w->pose.hex;
            /* A friend at anchor may weigh: her own hex is not a rock. */
            bool weighs = w->side == p->side && w->anchored && w->status == FLEET_AFLOAT;
            if (cell >= 0 && !weighs) open[cell] = 0;
        }
    }
    int hn = 0;
    for (int i = 0; i < states; i++) dist[i] = -1;
    for (int t = 0; t < sk->nships; t++) {
        const FleetShip *u = &sk->ships[t];
        if (u->side == p->side || !fleet_ship_active(u)) continue;
        Hex ring[19];
        int n = hex_range(u->pose.hex, FLEET_RANGE_SHORT, ring, 19);
        for (int k = 0; k < n; k++) {
            int cell = chart_cell(c, ring[k]);
            if (cell < 0 || !open[cell]) continue;
            /* Close enough only with a line of fire past land and wrecks. */
            if (!fleet_line_clear(c, ring[k], u->pose.hex, wrecks, nwrecks)) continue;
            for (int f = 0; f < HEX_DIRS; f++)
                if (dist[cell * HEX_DIRS + f] < 0) {
                    dist[cell * HEX_DIRS + f] = 0;
                    hpush(heap, &hn, (HeapEnt){0, cell * HEX_DIRS + f});
                }
        }
    }
    while (hn > 0) {
        HeapEnt v = hpop(heap, &hn);
        if (v.cost != dist[v.state]) continue;
        int cell = v.state / HEX_DIRS, f = v.state % HEX_DIRS;
        Hex h = chart_hex(c, cell);
        /* Predecessors: a step ahead from the hex behind, or a turn. */
        int sail = fleet_point_of_sail(f, sk->wind_dir);
        int fw = sail == FLEET_IN_IRONS ? irons_time : sail_time[sail];
        int prev[3] = {-1, -1, -1}, cost[3] = {fw, 1, 1};
        if (fw > 0) {
            int pc = chart_cell(c, hex_neighbor(h, f + 3));
            if (pc >= 0 && open[pc]) prev[0] = pc * HEX_DIRS + f;
        }
        prev[1] = cell * HEX_DIRS + (f + HEX_DIRS - 1) % HEX_DIRS;
        prev[2] = cell * HEX_DIRS + (f + 1) % HEX_DIRS;
        for (int k = 0; k < 3; k++) {
            if (prev[k] < 0) continue;
            int nc = v.cost + cost[k];
            if (dist[prev[k]] < 0 || nc < dist[prev[k]]) {
                dist[prev[k]] = nc;
                hpush(heap, &hn, (HeapEnt){nc, prev[k]});
            }
        }
    }
    free(heap);
    free(open);
    return dist;
}

/* Engagement times under this wind; where the wind closes every way (a
 * channel straight into it), the time as if tacking were possible, behind
 * every real route, so such ships head for the channel and wait there for
 * the wind to shift. */
static int engage_times(Plan *p)
{
    int *wind = engage_field(p, -1);
    int *any = wind ? engage_field(p, sail_time[FLEET_CLOSE_HAULED]) : NULL;
    if (!any) {
        free(wind);
        return -1;
    }
    const Chart *c = &p->sk->chart;
    int states = c->qn * c->rn * HEX_DIRS, worst = 0;
    for (int i = 0; i < states; i++)
        if (wind[i] > worst) worst = wind[i];
    for (int i = 0; i < states; i++)
        if (wind[i] < 0 && any[i] >= 0) wind[i] = worst + 1 + any[i];
    free(any);
    p->engage = wind;
    return 0;
}

static bool plan_blocked(void *ctx, Hex h)
{
    const Plan *p = ctx;
    for (int k = 0; k < p->nobs; k++)
        if (hex_equal(p->obs[k], h)) return true;
    for (int k = 0; k < p->nclaimed; k++)
        if (hex_equal(p->claimed[k], h)) return true;
    return false;
}

/* Fraction of what keeps a ship fighting: the lower of hull and crew. */
static double ship_health(const FleetShip *s)
{
    const FleetClass *k = &fleet_classes[s->cls];
    double h = (double)s->hull / k->hull, c = (double)s->crew / k->crew;
    return h < c ? h : c;
}

/* Battered ships pull away; so does a prize, which can't fight. */
static bool battered(const FleetShip *s)
{
    const FleetClass *k = &fleet_classes[s->cls];
    return s->hull * 100 < k->hull * 35 || s->crew * 100 < k->crew * 45 || s->prize;
}

/* A battered ship pulls away while the enemy has a ship in better heart;
 * against an enemy as battered as she is she fights on, or two battered
 * fleets would sail apart until the turn limit (grape leaves many ships
 * short of crew but not yet striking). */
static bool pulls_away(const Skirmish *sk, const FleetShip *s)
{
    if (s->prize) return true; /* a prize crew can't fight */
    if (!battered(s)) return false;
    for (int t = 0; t < sk->nships; t++) {
        const FleetShip *u = &sk->ships[t];
        if (u->side != s->side && fleet_ship_active(u) && !battered(u)) return true;
    }
    return false;
}

/* How far a broadside expected to do x goes towards taking ship t: the
 * share of her hull it takes (she sinks at none) and the share of the crew
 * she can lose before she strikes (below a quarter). */
static double progress(const FleetExpected *x, const FleetShip *t)
{
    const FleetClass *k = &fleet_classes[t->cls];
    int spare = t->crew - (k->crew - 1) / 4;
    return x->hull / (t->hull > 0 ? t->hull : 1) + x->crew / (spare > 0 ? spare : 1);
}

/* The shot broadside b of ship s fires at ship t `distance` away. Close
 * aboard, whichever of round, grape and double shot (while the broadside
 * has its first fire) goes furthest towards taking her: grape where her
 * crew is her weak point. Else chain to cripple a ship whose rigging is
 * still sound, at a range where chain flies; round shot to finish ships
 * off. */
static int pick_shot(const FleetShip *s, int b, const FleetShip *t, int distance, bool raking)
{
    const FleetClass *k = &fleet_classes[t->cls];
    int guns = fleet_guns_firing(s, b);
    if (fleet_band(distance) == FLEET_SHORT) {
        static const int close_shots[] = {FLEET_ROUND, FLEET_GRAPE, FLEET_DOUBLE};
        int best = FLEET_ROUND;
        double best_v = -1.0;
        for (size_t c = 0; c < sizeof close_shots / sizeof close_shots[0]; c++) {
            if (!fleet_shot_allowed(s, b, close_shots[c])) continue;
            FleetExpected x;
            fleet_expected_hits(s->cls, guns, distance, close_shots[c], raking, &x);
            double v = progress(&x, t);
            if (v > best_v + 1e-9) {
                best = close_shots[c];
                best_v = v;
            }
        }
        if (best != FLEET_ROUND) return best;
    }
    if (fleet_hit_pct(s->cls, fleet_band(distance), FLEET_CHAIN, raking) > 0 &&
        t->rigging * 3 > k->rigging * 2 && t->hull * 3 > k->hull * 2 && t->cls != FLEET_LINE)
        return FLEET_CHAIN;
    return FLEET_ROUND;
}

/* Line of fire between two hexes with every other ship in the way. */
static bool clear_between(const Plan *p, Hex a, Hex b)
{
    Hex obs[SKIRMISH_MAX_SHIPS];
    int n = 0;
    for (int k = 0; k < p->nobs; k++)
        if (!hex_equal(p->obs[k], b) && !hex_equal(p->obs[k], a)) obs[n++] = p->obs[k];
    return fleet_line_clear(&p->sk->chart, a, b, obs, n);
}

/* Best target of broadside b from pose: value and target index (-1). */
static double best_target(const Plan *p, HexPose pose, int b, int *target, int *shot)
{
    const Skirmish *sk = p->sk;
    const FleetShip *s = &sk->ships[p->self];
    int guns = fleet_guns_firing(s, b);
    double best = 0;
    *target = -1;
    *shot = FLEET_ROUND;
    if (guns == 0 || s->prize) return 0;
    for (int t = 0; t < sk->nships; t++) {
        const FleetShip *u = &sk->ships[t];
        if (u->side == p->side || !fleet_ship_active(u)) continue;
        int d = hex_distance(pose.hex, u->pose.hex);
        if (d > FLEET_RANGE_LONG || d < 1) continue;
        if (fleet_broadside_for(pose, u->pose.hex) != b) continue;
        bool rk = fleet_rakes(u->pose, pose.hex);
        int sh = pick_shot(s, b, u, d, rk);
        double v = fleet_expected_damage(s->cls, guns, d, sh, rk) -
                   W_BURST * fleet_expected_burst(guns, sh);
        if (v <= best) continue;
        /* Finishing a ship off is worth more than spreading damage. */
        v *= 1.0 + (1.0 - ship_health(u));
        if (v <= best || !clear_between(p, pose.hex, u->pose.hex)) continue;
        best = v;
        *target = t;
        *shot = sh;
    }
    return best;
}

/* Expected damage enemies' loaded broadsides could pour into pose from
 * where they are now (loading ones count a little: next turn). */
static double exposure(const Plan *p, HexPose pose)
{
    const Skirmish *sk = p->sk;
    double sum = 0;
    for (int t = 0; t < sk->nships; t++) {
        const FleetShip *u = &sk->ships[t];
        if (u->side == p->side || !fleet_ship_active(u)) continue;
        int d = hex_distance(pose.hex, u->pose.hex);
        if (d > FLEET_RANGE_LONG || d < 1) continue;
        int b = fleet_broadside_for(u->pose, pose.hex);
        if (b < 0) continue;
        int guns = fleet_guns_firing(u, b);
        if (guns == 0) continue;
        bool rk = fleet_rakes(pose, u->pose.hex);
        /* Her first broadside may come double-shotted. */
        double v = fleet_expected_damage(u->cls, guns, d, FLEET_ROUND, rk);
        if (fleet_shot_allowed(u, b, FLEET_DOUBLE)) {
            double dv = fleet_expected_damage(u->cls, guns, d, FLEET_DOUBLE, rk);
            if (dv > v) v = dv;
        }
        if (u->reload[b] > 0) v *= 0.3;
        if (v > 0 && clear_between(p, u->pose.hex, pose.hex)) sum += v;
    }
    return sum;
}

static bool is_marked(const Plan *p, int t)
{
    for (int k = 0; k < p->nmarked; k++)
        if (p->marked[k] == t) return true;
    return false;
}

/* What boarding from pose is worth, and the mark (-1: none): a wreck
 * alongside to take as a prize while she can spare a prize crew, or an
 * enemy alongside whose crew hers outnumbers 3:2 (she is not battered),
 * by the odds and the grapple's chance. Marks friends took, and ships
 * lashed to others, are left be. */
static double board_value(const Plan *p, HexPose pose, int *mark)
{
    const Skirmish *sk = p->sk;
    const FleetShip *s = &sk->ships[p->self];
    const FleetClass *k = &fleet_classes[s->cls];
    double best = 0;
    *mark = -1;
    for (int t = 0; t < sk->nships; t++) {
        const FleetShip *u = &sk->ships[t];
        if (u->side == p->side || u->status == FLEET_SUNK ||
            (u->lashed >= 0 && u->lashed != p->self) || hex_distance(pose.hex, u->pose.hex) != 1 ||
            is_marked(p, t))
            continue;
        double v = 0, value = fleet_classes[u->cls].value;
        if (u->status == FLEET_STRUCK) {
            if ((s->crew - fleet_prize_crew(u->cls)) * 4 >= k->crew) v = W_PRIZE * value;
        } else if (!battered(s)) {
            int odds = fleet_melee_odds(s->crew, u->crew);
            double grip = (FLEET_GRAPPLE_PCT + FLEET_GRAPPLE_CREW_PCT * s->crew / k->crew) / 100.0;
            if (odds >= 3) v = (odds == 4 ? W_BOARD_SWEEP : W_BOARD_ODDS) * value * grip;
        }
        if (v > best) {
            best = v;
            *mark = t;
        }
    }
    return best;
}

/* A ship lashed to another: she cuts loose from a friend she fouled, from a
 * wreck she can't man and from an enemy whose crew outnumbers hers; she
 * boards a wreck (taken at the turn's end) and an enemy she outnumbers
 * 3:2; between the two she holds on and fights her guns. */
static void lashed_orders(const Skirmish *sk, const FleetShip *s, SkirmishOrders *o)
{
    int j = s->lashed;
    const FleetShip *u = &sk->ships[j];
    int odds = fleet_melee_odds(s->crew, u->crew);
    bool spare = (s->crew - fleet_prize_crew(u->cls)) * 4 >= fleet_classes[s->cls].crew;
    o->board = SKIRMISH_BOARD_NONE;
    if (u->side == s->side || (u->status != FLEET_AFLOAT && !spare) ||
        (u->status == FLEET_AFLOAT && odds <= 1))
        o->board = SKIRMISH_BOARD_CUT;
    else if (u->status != FLEET_AFLOAT || (odds >= 3 && !battered(s)))
        o->board = SKIRMISH_BOARD;
    o->board_target = j;
}

/* 0 while broadsides are firing, up to 1 as the quiet drags on. */
static double boldness(const Skirmish *sk)
{
    double b = (double)(sk->quiet - QUIET_PATIENCE) / QUIET_RAMP;
    return b < 0 ? 0 : b > 1 ? 1 : b;
}

static double score_pose(const Plan *p, HexPose pose)
{
    const Skirmish *sk = p->sk;
    const FleetShip *s = &sk->ships[p->self];
    /* Once the quiet has dragged on, battered ships come back to the fight
     * too; a prize never does. */
    double bold = boldness(sk), score = 0;
    bool hurt = p->hurt && (s->prize || bold < 0.5);
    for (int b = 0; b < FLEET_BROADSIDES; b++) {
        int t, sh;
        double v = best_target(p, pose, b, &t, &sh);
        score += (s->reload[b] == 0 ? 1.0 : W_RELOADING) * (hurt ? 0.3 : 1.0) * v;
    }
    score -= (hurt ? 2.0 : W_DEFENCE * (1.0 - BOLD_DEFENCE * bold)) * exposure(p, pose);

    int cell = chart_cell(&sk->chart, pose.hex);
    int dmin = cell >= 0 ? p->engage[cell * HEX_DIRS + pose.facing] : -1;
    if (dmin >= 0) {
        if (hurt)
            score += W_RETREAT * (dmin < RETREAT_FAR ? dmin : RETREAT_FAR);
        else
            score -= W_CLOSE * (1.0 + BOLD_CLOSE * bold) * dmin;
    }

    int sail = fleet_point_of_sail(pose.facing, sk->wind_dir);
    score += W_MOBILITY * fleet_allowance(s->cls, sail, sk->wind_strength, s->rigging);
    if (sail == FLEET_IN_IRONS) score -= W_IRONS;

    /* Lee shore: land downwind is where a crippled or becalmed ship ends
     * (the map's edge counts too: fleets pinned there stop fighting). */
    int lee = fleet_downwind(sk->wind_dir);
    Hex h1 = hex_neighbor(pose.hex, lee), h2 = hex_neighbor(h1, lee);
    double lee_w = W_LEE_SHORE * (s->rigging * 2 < fleet_classes[s->cls].rigging ? 2.0 : 1.0);
    if (!chart_sailable(&sk->chart, h1))
        score -= lee_w;
    else if (!chart_sailable(&sk->chart, h2))
        score -= 0.5 * lee_w;
    if (!chart_sailable(&sk->chart, hex_neighbor(pose.hex, pose.facing))) score -= W_LAND_AHEAD;
    for (int d = 0; d < HEX_DIRS; d++)
        if (!chart_sailable(&sk->chart, hex_neighbor(pose.hex, d))) score -= W_NEAR_LAND;

    if (p->nfriends > 0) {
        int dc = hex_distance(pose.hex, p->centre);
        if (dc > FORMATION_SLACK) score -= W_FORMATION * (dc - FORMATION_SLACK);
    }
    int mark;
    score += board_value(p, pose, &mark);
    return score + ai_goal_score(&p->goal, sk, p->self, pose);
}

/* What pose is worth, in the planner's guess of the enemy and (equally)
 * in its other guess. */
static double pose_value(const Plan *p, HexPose pose)
{
    double v = score_pose(p, pose);
    return p->alt ? 0.5 * (v + score_pose(p->alt, pose)) : v;
}

/* The best end pose ship s (the planner's self, maybe as if under way)
 * can reach this turn: its node in nodes, its score in *score; -1 when she
 * reaches nothing, -2 when memory runs out. */
static int pick_pose(Plan *p, const FleetShip *s, ChartReachNode *nodes, double *score)
{
    const Skirmish *sk = p->sk;
    ChartMoveCost cost;
    fleet_move_cost(s, sk->wind_dir, sk->wind_strength, &cost);
    int n = chart_reach(&p->sk->chart, s->pose, &cost, plan_blocked, p, nodes, AI_REACH_MAX);
    assert(n <= AI_REACH_MAX);
    if (n < 0) return -2;
    /* A pose in her own hex with no turn made, or in irons, leaves her no
     * way on: she drifts on the wind's chance, so it scores what it is
     * worth on average. */
    double drift = s->anchored || s->aground ? 0 : fleet_drift_chance(sk->wind_strength) / 100.0;
    int down = fleet_downwind(sk->wind_dir);
    int best = -1;
    for (int k = 0; k < n; k++) {
        double v = pose_value(p, nodes[k].pose);
        /* In her own hex any cost is turns. */
        if (drift > 0 && fleet_no_way_on(!hex_equal(nodes[k].pose.hex, s->pose.hex),
                                         nodes[k].cost > 0, nodes[k].pose.facing, sk->wind_dir)) {
            HexPose d = {hex_neighbor(s->pose.hex, down), nodes[k].pose.facing};
            int shore = skirmish_shore(sk, d.hex);
            double dv = shore == SKIRMISH_LAND                             ? v - W_AGROUND
                        : shore == SKIRMISH_EDGE || plan_blocked(p, d.hex) ? v
                                                                           : pose_value(p, d);
            v = (1 - drift) * v + drift * dv;
        }
        /* Ties go to the cheaper (earlier) pose: no needless steps. */
        if (best < 0 || v > *score + 1e-9) {
            best = k;
            *score = v;
        }
    }
    return best;
}

/* A path that enters no hex and makes no turn or ends in irons leaves her
 * without way on, to drift: she lets go her anchor when the drift would
 * set her onto land. */
static bool lee_drift(const Skirmish *sk, const FleetShip *s, const SkirmishOrders *o, HexPose end)
{
    bool entered = false;
    for (int k = 0; k < o->nsteps; k++) entered |= o->steps[k] == HEX_STEP_FORWARD;
    if (!fleet_no_way_on(entered, o->nsteps > 0, end.facing, sk->wind_dir)) return false;
    if (s->aground || fleet_drift_chance(sk->wind_strength) == 0) return false;
    return skirmish_shore(sk, hex_neighbor(end.hex, fleet_downwind(sk->wind_dir))) == SKIRMISH_LAND;
}

int ai_plan(Skirmish *sk, int side, Err *e)
{
    return ai_plan_guess(sk, side, NULL, e);
}

/* Set p up to plan ship i: what she is, what is in her way, where the
 * rest of her fleet is. */
static void plan_self(Plan *p, int i)
{
    const Skirmish *sk = p->sk;
    p->self = i;
    p->hurt = pulls_away(sk, &sk->ships[i]);
    p->nobs = 0;
    for (int k = 0; k < sk->nships; k++)
        if (k != i && sk->ships[k].status != FLEET_SUNK) p->obs[p->nobs++] = sk->ships[k].pose.hex;
    /* The fleet's centre, from the other active friends. */
    double cq = 0, cr = 0;
    p->nfriends = 0;
    for (int k = 0; k < sk->nships; k++)
        if (k != i && sk->ships[k].side == p->side && fleet_ship_active(&sk->ships[k])) {
            cq += sk->ships[k].pose.hex.q;
            cr += sk->ships[k].pose.hex.r;
            p->nfriends++;
        }
    if (p->nfriends > 0) p->centre = hex_round(cq / p->nfriends, cr / p->nfriends);
}

/* p (and its alt) start planning side of sk (and alt). */
static int plan_begin(Plan *p, Plan *q, Skirmish *sk, Skirmish *alt, int side)
{
    memset(p, 0, sizeof *p);
    memset(q, 0, sizeof *q);
    p->sk = sk;
    p->side = side;
    if (engage_times(p) != 0 || ai_goal_init(&p->goal, sk, side) != 0) return -1;
    if (!alt) return 0;
    q->sk = alt;
    q->side = side;
    if (engage_times(q) != 0 || ai_goal_init(&q->goal, alt, side) != 0) return -1;
    p->alt = q;
    return 0;
}

/* Free what plan_begin made (of p and q, zeroed at least). */
static void plan_end(Plan *p, Plan *q)
{
    free(p->engage);
    free(q->engage);
    ai_goal_deinit(&p->goal);
    ai_goal_deinit(&q->goal);
}

int ai_plan_guess(Skirmish *sk, int side, Skirmish *alt, Err *e)
{
    assert(side >= 0 && side < SKIRMISH_SIDES);
    ChartReachNode nodes[AI_REACH_MAX];
    Plan p, q;
    if (plan_begin(&p, &q, sk, alt, side) != 0) {
        plan_end(&p, &q);
        return err_set(e, "ai: out of memory planning moves");
    }
    int rc = 0;
    for (int i = 0; i < sk->nships; i++) {
        FleetShip *s = &sk->ships[i];
        if (s->side != side || !fleet_ship_manned(s)) continue;
        plan_self(&p, i);
        if (alt) plan_self(&q, i);

        SkirmishOrders o;
        skirmish_default_orders(sk, i, &o);
        HexPose end = s->pose;
        if (s->anchored) {
            /* At anchor she stays this turn either way; she weighs when
             * her best pose under way leaves this hex and beats lying
             * here (an anchor is for the lee shore, not a place to wait),
             * or when it is clearly better facing, though in her own hex:
             * a ship anchored head to wind can reach no other hex this
             * turn, and waited so at anchor for good (12 turns and more,
             * the last of her fleet, while the enemy sat out of reach). */
            FleetShip way = *s;
            way.anchored = false;
            double ws;
            int wn = pick_pose(&p, &way, nodes, &ws);
            if (wn == -2) {
                rc = err_set(e, "ai: out of memory planning moves");
                break;
            }
            double here = pose_value(&p, s->pose);
            bool leaves = wn >= 0 && !hex_equal(nodes[wn].pose.hex, s->pose.hex);
            bool swings = wn >= 0 && !leaves && nodes[wn].pose.facing != s->pose.facing;
            o.anchor = !((leaves && ws > here - W_WEIGH) || (swings && ws > here + W_WEIGH));
        } else {
            double score;
            int best = pick_pose(&p, s, nodes, &score);
            if (best == -2) {
                rc = err_set(e, "ai: out of memory planning moves");
                break;
            }
            int len = best >= 0 ? chart_reach_steps(nodes, best, o.steps, SKIRMISH_MAX_STEPS) : 0;
            o.nsteps = len > SKIRMISH_MAX_STEPS ? 0 : len;
            if (best >= 0 && len <= SKIRMISH_MAX_STEPS) end = nodes[best].pose;
            o.anchor = lee_drift(sk, s, &o, end);
        }
        if (s->lashed >= 0) {
            o.anchor = s->anchored;
            lashed_orders(sk, s, &o);
        } else {
            int mark;
            board_value(&p, end, &mark);
            if (mark >= 0) {
                o.board = SKIRMISH_BOARD;
                o.board_target = mark;
            }
        }
        if (o.board == SKIRMISH_BOARD && p.nmarked < SKIRMISH_MAX_SHIPS)
            p.marked[p.nmarked++] = o.board_target;
        for (int b = 0; b < FLEET_BROADSIDES; b++) {
            if (s->reload[b] > 0) {
                o.fire[b].target = SKIRMISH_HOLD;
                continue;
            }
            int t, sh;
            best_target(&p, end, b, &t, &sh);
            o.fire[b].target = t >= 0 ? t : SKIRMISH_ANY;
            o.fire[b].shot = t >= 0 ? sh : FLEET_ROUND;
        }
        if (skirmish_order(sk, i, &o, e) != 0) {
            rc = -1;
            break;
        }
        if (p.nclaimed < SKIRMISH_MAX_SHIPS) p.claimed[p.nclaimed++] = end.hex;
        if (alt) {
            memcpy(q.claimed, p.claimed, sizeof q.claimed);
            memcpy(q.marked, p.marked, sizeof q.marked);
            q.nclaimed = p.nclaimed;
            q.nmarked = p.nmarked;
        }
    }
    plan_end(&p, &q);
    return rc;
}
