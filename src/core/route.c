/* route: the tacking planner (see route.h): a breadth-first search by turns
 * over end-of-turn poses, each turn's moves found by a search by steps. */
#include "route.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

/* ROUTE_MAX_TURNS as text, for the reason. */
#define ROUTE_STR_(x) #x
#define ROUTE_STR(x)  ROUTE_STR_(x)

/* One state of the search inside a turn: a pose after some steps, the
 * least movement spent reaching it in that many steps, the node it came
 * from and the step taken. */
typedef struct RouteNode {
    int32_t pose, prev;
    int16_t spent;
    uint8_t step;
} RouteNode;

/* A turn's search keeps one layer per step count, because the ships in the
 * way move phase by phase: the same pose after 3 steps and after 5 is not
 * the same state. Layer k holds poses within k hexes, so the pool needs
 * at most sum_k 6 (3k(k+1) + 1) nodes for k = 0..ROUTE_TURN_STEPS. */
static int pool_bound(void)
{
    int n = 0;
    for (int k = 0; k <= ROUTE_TURN_STEPS; k++) n += HEX_DIRS * (3 * k * (k + 1) + 1);
    return n;
}

int route_init(RouteSearch *rs, const Chart *c, Err *e)
{
    memset(rs, 0, sizeof *rs);
    assert(c && c->sail);
    size_t cells = (size_t)c->qn * (size_t)c->rn, n = cells * HEX_DIRS;
    rs->chart = c;
    rs->nposes = (int)n;
    rs->npool = pool_bound();
    rs->turn = malloc(n * sizeof *rs->turn);
    rs->total = malloc(n * sizeof *rs->total);
    rs->parent = malloc(n * sizeof *rs->parent);
    rs->nleg = malloc(n);
    rs->leg = malloc(n * ROUTE_TURN_STEPS);
    rs->front = malloc(n * sizeof *rs->front);
    rs->next = malloc(n * sizeof *rs->next);
    rs->stamp = calloc(n, sizeof *rs->stamp);
    rs->slot = malloc(n * sizeof *rs->slot);
    rs->pool = malloc((size_t)rs->npool * sizeof *rs->pool);
    rs->comp = malloc(cells * sizeof *rs->comp);
    rs->queue = malloc(cells * sizeof *rs->queue);
    if (!rs->turn || !rs->total || !rs->parent || !rs->nleg || !rs->leg || !rs->front ||
        !rs->next || !rs->stamp || !rs->slot || !rs->pool || !rs->comp || !rs->queue) {
        route_deinit(rs);
        return err_set(e, "route: out of memory for a %dx%d chart", c->qn, c->rn);
    }
    return 0;
}

void route_deinit(RouteSearch *rs)
{
    free(rs->turn);
    free(rs->total);
    free(rs->parent);
    free(rs->nleg);
    free(rs->leg);
    free(rs->front);
    free(rs->next);
    free(rs->stamp);
    free(rs->slot);
    free(rs->pool);
    free(rs->comp);
    free(rs->queue);
    memset(rs, 0, sizeof *rs);
}

static int32_t pose_index(const Chart *c, HexPose p)
{
    int cell = chart_cell(c, p.hex);
    return cell < 0 ? -1 : cell * HEX_DIRS + p.facing;
}

static HexPose index_pose(const Chart *c, int32_t i)
{
    HexPose p = {chart_hex(c, i / HEX_DIRS), i % HEX_DIRS};
    return p;
}

/* A fresh mark for the stamp table (one per layer searched). */
static int32_t next_stamp(RouteSearch *rs)
{
    if (rs->stamp_now == INT32_MAX) {
        memset(rs->stamp, 0, (size_t)rs->nposes * sizeof *rs->stamp);
        rs->stamp_now = 0;
    }
    return ++rs->stamp_now;
}

/* Every pose one turn's orders can end on from src (turn `turn` of the
 * plan) under cost: the nodes of layer k (k steps) are
 * pool[layer[k] .. layer[k + 1]). Returns the number of layers. */
static int expand(RouteSearch *rs, int32_t src, const ChartMoveCost *cost, RouteBlockedFn blocked,
                  void *ctx, int turn, int layer[ROUTE_TURN_STEPS + 2])
{
    const Chart *c = rs->chart;
    RouteNode *pool = rs->pool;
    int n = 0;
    pool[n++] = (RouteNode){src, -1, 0, 0};
    layer[0] = 0;
    layer[1] = 1;
    int k = 0;
    for (; k < ROUTE_TURN_STEPS && layer[k + 1] > layer[k]; k++) {
        int32_t mark = next_stamp(rs);
        for (int j = layer[k]; j < layer[k + 1]; j++) {
            HexPose p = index_pose(c, pool[j].pose);
            int spent = pool[j].spent;
            for (int st = 0; st < HEX_STEPS; st++) {
                int s2;
                if (st == HEX_STEP_FORWARD) {
                    if (cost->forward[p.facing] < 0) continue;
                    s2 = spent + cost->forward[p.facing];
                    if (s2 > cost->limit[p.facing]) continue;
                } else {
                    s2 = spent + cost->turn;
                }
                if (cost->budget >= 0 && s2 > cost->budget) continue;
                HexPose to = hex_pose_step(p, st);
                if (st == HEX_STEP_FORWARD && (!chart_sailable(c, to.hex) ||
                                               (blocked && blocked(ctx, p.hex, to.hex, turn, k))))
                    continue;
                int32_t q = pose_index(c, to);
                if (q < 0) continue;
                if (rs->stamp[q] == mark) {
                    RouteNode *o = &pool[rs->slot[q]];
                    if (o->spent > s2) *o = (RouteNode){q, j, (int16_t)s2, (uint8_t)st};
                    continue;
                }
                assert(n < rs->npool);
                rs->stamp[q] = mark;
                rs->slot[q] = n;
                pool[n++] = (RouteNode){q, j, (int16_t)s2, (uint8_t)st};
            }
        }
        layer[k + 2] = n;
    }
    return k + 1;
}

/* Record that q is reached at the end of turn t + 1 through node j (k
 * steps) of src's expansion, if that beats what q has; returns whether q
 * was reached at t + 1 for the first time. */
static bool reach(RouteSearch *rs, int32_t src, int j, int k, int t)
{
    int32_t q = rs->pool[j].pose;
    if (rs->turn[q] >= 0 && rs->turn[q] <= t) return false;
    int total = rs->total[src] + k;
    bool fresh = rs->turn[q] != t + 1;
    if (!fresh && rs->total[q] <= total) return false;
    rs->turn[q] = (int16_t)(t + 1);
    rs->total[q] = (uint16_t)total;
    rs->parent[q] = src;
    rs->nleg[q] = (uint8_t)k;
    uint8_t *leg = &rs->leg[(size_t)q * ROUTE_TURN_STEPS];
    for (int i = k - 1; i >= 0; i--, j = rs->pool[j].prev) leg[i] = rs->pool[j].step;
    return fresh;
}

/* The goal pose reached at the end of turn t with the fewest steps, or -1. */
static int32_t goal_pose(const RouteSearch *rs, Hex goal, int goal_facing, int t)
{
    int cell = chart_cell(rs->chart, goal);
    int32_t best = -1;
    for (int f = 0; f < HEX_DIRS; f++) {
        if (goal_facing >= 0 && f != goal_facing) continue;
        int32_t q = cell * HEX_DIRS + f;
        if (rs->turn[q] == t && (best < 0 || rs->total[q] < rs->total[best])) best = q;
    }
    return best;
}

static void build_plan(const RouteSearch *rs, int32_t g, RoutePlan *out)
{
    int nt = rs->turn[g];
    out->reason = ROUTE_OK;
    out->nturns = nt;
    out->nsteps = rs->total[g];
    int at = out->nsteps;
    for (int t = nt - 1; t >= 0; t--, g = rs->parent[g]) {
        int k = rs->nleg[g];
        at -= k;
        out->first[t] = at;
        out->count[t] = k;
        out->end[t] = index_pose(rs->chart, g);
        memcpy(&out->steps[at], &rs->leg[(size_t)g * ROUTE_TURN_STEPS], (size_t)k);
    }
    assert(at == 0);
}

static int fail(RoutePlan *out, int reason)
{
    out->reason = reason;
    return -1;
}

int route_plan(RouteSearch *rs, HexPose start, const ChartMoveCost cost[HEX_DIRS], Hex goal,
               int goal_facing, RouteBlockedFn blocked, void *ctx, RoutePlan *out)
{
    const Chart *c = rs->chart;
    out->nturns = out->nsteps = 0;
    if (!chart_sailable(c, goal)) return fail(out, ROUTE_LAND);
    int32_t s = pose_index(c, start);
    assert(s >= 0 && start.facing >= 0 && start.facing < HEX_DIRS);
    memset(rs->turn, 0xff, (size_t)rs->nposes * sizeof *rs->turn);
    rs->turn[s] = 0;
    rs->total[s] = 0;
    rs->parent[s] = -1;
    if (goal_pose(rs, goal, goal_facing, 0) >= 0) {
        out->reason = ROUTE_OK;
        return 0;
    }
    if (cost[start.facing].budget == 0) return fail(out, ROUTE_BECALMED);
    int nf = 1, layer[ROUTE_TURN_STEPS + 2];
    rs->front[0] = s;
    for (int t = 0; t < ROUTE_MAX_TURNS; t++) {
        int nn = 0;
        for (int f = 0; f < nf; f++) {
            int32_t src = rs->front[f];
            int nl = expand(rs, src, &cost[src % HEX_DIRS], blocked, ctx, t, layer);
            for (int k = 1; k < nl; k++)
                for (int j = layer[k]; j < layer[k + 1]; j++)
                    if (reach(rs, src, j, k, t)) rs->next[nn++] = rs->pool[j].pose;
        }
        int32_t g = goal_pose(rs, goal, goal_facing, t + 1);
        if (g >= 0) {
            build_plan(rs, g, out);
            return out->nturns;
        }
        if (nn == 0) {
            chart_waters(c, rs->comp, rs->queue);
            bool apart = rs->comp[s / HEX_DIRS] != rs->comp[chart_cell(c, goal)];
            return fail(out, apart ? ROUTE_WATERS : ROUTE_BLOCKED);
        }
        int32_t *tmp = rs->front;
        rs->front = rs->next;
        rs->next = tmp;
        nf = nn;
    }
    return fail(out, ROUTE_TOO_FAR);
}

const char *route_reason_text(int reason)
{
    switch (reason) {
    case ROUTE_OK:
        return "on her way";
    case ROUTE_LAND:
        return "that is land or off the map";
    case ROUTE_BECALMED:
        return "she cannot move (no rigging left, or out of the fight)";
    case ROUTE_WATERS:
        return "that water can't be reached by sea from where she is";
    case ROUTE_BLOCKED:
        return "the wind and the ships in the way leave no way there";
    case ROUTE_TOO_FAR:
        return "it lies more than " ROUTE_STR(ROUTE_MAX_TURNS) " turns' sailing away";
    default:
        return "?";
    }
}
