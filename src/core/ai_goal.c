/* ai_goal: the admiral's reading of a scenario's goals, as time fields
 * over (hex, facing) and a bonus on each end pose ai.c scores. */
#include "ai_internal.h"

#include <stdlib.h>
#include <string.h>

/* Weights, in score_pose's units (expected damage points), against
 * ai.c's W_CLOSE 0.8 per time unit of closing with the enemy: a runner
 * must want her exit well over the fight, or she turns to fight. */
#define W_RUN   4.0  /* per time unit a runner is from her exit */
#define W_OUT   25.0 /* a runner ending on her exit (she is out at the turn's end) */
#define W_GUARD 0.6  /* per time unit a blockader is from the exits she guards */
#define W_HUNT  1.2  /* per time unit from short range of the ship the goal is about */
#define W_HOLD  3.0  /* per time unit from the bay, for holders and contesters */
#define W_IN    8.0  /* inside the bay */
/* Time units a hex ahead takes at each point of sail (a turn costs 1); in
 * irons as if tacking across, so a bay upwind still pulls. */
static const int goal_sail_time[FLEET_SAILS] = {4, 2, 1, 1};

typedef struct Heap {
    int *cost, *state, n;
} Heap;

static void heap_push(Heap *h, int cost, int state)
{
    int i = h->n++;
    while (i > 0) {
        int up = (i - 1) / 2;
        if (h->cost[up] <= cost) break;
        h->cost[i] = h->cost[up];
        h->state[i] = h->state[up];
        i = up;
    }
    h->cost[i] = cost;
    h->state[i] = state;
}

static void heap_pop(Heap *h, int *cost, int *state)
{
    *cost = h->cost[0];
    *state = h->state[0];
    int c = h->cost[--h->n], s = h->state[h->n], i = 0;
    for (;;) {
        int l = 2 * i + 1, m = l;
        if (l >= h->n) break;
        if (l + 1 < h->n && h->cost[l + 1] < h->cost[l]) m = l + 1;
        if (h->cost[m] >= c) break;
        h->cost[i] = h->cost[m];
        h->state[i] = h->state[m];
        i = m;
    }
    if (h->n > 0) {
        h->cost[i] = c;
        h->state[i] = s;
    }
}

/* Reverse Dijkstra from the n hexes (every facing there costs 0) over
 * sailable cells; wrecks count as rocks. NULL when memory runs out. */
static int *time_field(const Skirmish *sk, const Hex *targets, int n)
{
    const Chart *c = &sk->chart;
    int cells = c->qn * c->rn, states = cells * HEX_DIRS;
    int *dist = malloc((size_t)states * sizeof *dist);
    Heap h = {malloc((size_t)states * 3 * sizeof(int) + sizeof(int)),
              malloc((size_t)states * 3 * sizeof(int) + sizeof(int)), 0};
    if (!dist || !h.cost || !h.state) {
        free(dist);
        free(h.cost);
        free(h.state);
        return NULL;
    }
    for (int i = 0; i < states; i++) dist[i] = -1;
    for (int k = 0; k < n; k++) {
        int cell = chart_cell(c, targets[k]);
        if (cell < 0 || !c->sail[cell]) continue;
        for (int f = 0; f < HEX_DIRS; f++)
            if (dist[cell * HEX_DIRS + f] < 0) {
                dist[cell * HEX_DIRS + f] = 0;
                heap_push(&h, 0, cell * HEX_DIRS + f);
            }
    }
    while (h.n > 0) {
        int cost, st;
        heap_pop(&h, &cost, &st);
        if (cost != dist[st]) continue;
        int cell = st / HEX_DIRS, f = st % HEX_DIRS;
        Hex hx = chart_hex(c, cell);
        /* Predecessors: a step ahead from the hex behind, or a turn. */
        int fw = goal_sail_time[fleet_point_of_sail(f, sk->wind_dir)];
        int prev[3] = {-1, cell * HEX_DIRS + (f + HEX_DIRS - 1) % HEX_DIRS,
                       cell * HEX_DIRS + (f + 1) % HEX_DIRS};
        int step[3] = {fw, 1, 1};
        Hex behind = hex_neighbor(hx, (f + 3) % HEX_DIRS);
        int pc = chart_cell(c, behind), at = pc >= 0 ? skirmish_ship_at(sk, behind) : -1;
        if (pc >= 0 && c->sail[pc] && (at < 0 || sk->ships[at].status != FLEET_STRUCK))
            prev[0] = pc * HEX_DIRS + f;
        for (int k = 0; k < 3; k++) {
            if (prev[k] < 0) continue;
            int nc = cost + step[k];
            if (dist[prev[k]] < 0 || nc < dist[prev[k]]) {
                dist[prev[k]] = nc;
                heap_push(&h, nc, prev[k]);
            }
        }
    }
    free(h.cost);
    free(h.state);
    return dist;
}

/* The short-range ring (with a line of sight not needed: the guns find
 * it) round ship t, appended to out. */
static int ring_of(const Skirmish *sk, int t, Hex *out, int n, int cap)
{
    Hex ring[19];
    int m = hex_range(sk->ships[t].pose.hex, FLEET_RANGE_SHORT, ring, 19);
    for (int k = 0; k < m && n < cap; k++) out[n++] = ring[k];
    return n;
}

static bool runner_goal(int kind)
{
    return kind == SKIRMISH_GOAL_ESCORT || kind == SKIRMISH_GOAL_BLOCKADE;
}

int ai_goal_init(AiGoal *g, const Skirmish *sk, int side)
{
    memset(g, 0, sizeof *g);
    g->side = side;
    const SkirmishGoal *own = &sk->goal[side], *foe = &sk->goal[1 - side];
    bool fail = false;
    if (runner_goal(own->kind)) fail |= !(g->exits = time_field(sk, own->hexes, own->nhexes));
    if (runner_goal(foe->kind)) fail |= !(g->guard = time_field(sk, foe->hexes, foe->nhexes));
    const SkirmishGoal *hold = own->kind == SKIRMISH_GOAL_HOLD   ? own
                               : foe->kind == SKIRMISH_GOAL_HOLD ? foe
                                                                 : NULL;
    if (hold) fail |= !(g->area = time_field(sk, hold->hexes, hold->nhexes));
    Hex ring[2 * 19];
    int n = 0;
    if (own->kind == SKIRMISH_GOAL_FLAGSHIP && fleet_ship_active(&sk->ships[own->ship]))
        n = ring_of(sk, own->ship, ring, n, 2 * 19);
    if (foe->kind == SKIRMISH_GOAL_ESCORT && fleet_ship_active(&sk->ships[foe->ship]))
        n = ring_of(sk, foe->ship, ring, n, 2 * 19);
    if (n > 0) fail |= !(g->hunt = time_field(sk, ring, n));
    if (fail) ai_goal_deinit(g);
    return fail ? -1 : 0;
}

void ai_goal_deinit(AiGoal *g)
{
    free(g->exits);
    free(g->guard);
    free(g->area);
    free(g->hunt);
    memset(g, 0, sizeof *g);
}

static bool has_hex(const SkirmishGoal *goal, Hex h)
{
    for (int k = 0; k < goal->nhexes; k++)
        if (hex_equal(goal->hexes[k], h)) return true;
    return false;
}

double ai_goal_score(const AiGoal *g, const Skirmish *sk, int i, HexPose pose)
{
    int cell = chart_cell(&sk->chart, pose.hex);
    if (cell < 0) return 0;
    int st = cell * HEX_DIRS + pose.facing;
    const SkirmishGoal *own = &sk->goal[g->side];
    double score = 0;
    bool runner = g->exits && (own->kind == SKIRMISH_GOAL_BLOCKADE || own->ship == i);
    if (runner) {
        if (skirmish_goal_exit(sk, i, pose.hex)) return W_OUT;
        if (g->exits[st] >= 0) score -= W_RUN * g->exits[st];
    }
    if (g->guard && g->guard[st] >= 0) score -= W_GUARD * g->guard[st];
    if (g->hunt && g->hunt[st] >= 0) score -= W_HUNT * g->hunt[st];
    if (g->area) {
        const SkirmishGoal *hold = own->kind == SKIRMISH_GOAL_HOLD ? own : &sk->goal[1 - g->side];
        if (has_hex(hold, pose.hex))
            score += W_IN;
        else if (g->area[st] >= 0)
            score -= W_HOLD * g->area[st];
    }
    return score;
}
