/* chart: the sea chart of one map — the sailable rule, a table of it,
 * bodies of water, and Dijkstra / A* over (hex, facing) (see chart.h). */
#include "chart.h"

#include <assert.h>
#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------------------
 * What a search keeps in the chart's scratch (functions further down). */

/* One search state: key = cell * 6 + facing. */
typedef struct ChartNode {
    int32_t key, g, parent, out;
    int8_t step;
    uint8_t closed;
} ChartNode;

typedef struct ChartHeapItem {
    int32_t f, g;
    uint32_t seq;
    int32_t node;
} ChartHeapItem;

/* Memory kept between searches: it grows to the largest search seen and is
 * then reused, so planning a turn allocates nothing once warmed up. */
struct ChartScratch {
    ChartNode *node;
    int nn, ncap;
    int32_t *order; /* closed nodes in closing order (ncap entries) */
    int nclosed;
    int32_t *slot; /* open addressing, node index + 1, 0 = empty */
    uint32_t smask;
    ChartHeapItem *heap;
    int hn, hcap;
    uint32_t seq;
};

/* ------------------------------------------------------------------------
 * The sailable rule. */

/* What pixel position (x, y) of m is: off the map, water or land. */
enum { PX_OFF, PX_WATER, PX_LAND };
static int chart_px(const Map *m, double x, double y)
{
    if (!(x >= 0.0 && y >= 0.0)) return PX_OFF; /* also refuses NaN */
    double fx = floor(x), fy = floor(y);
    if (fx >= (double)m->w || fy >= (double)m->h) return PX_OFF;
    return map_is_land(m, (int)fx, (int)fy) ? PX_LAND : PX_WATER;
}

/* The sailable rule's seven points of h: its centre, then its corners
 * pulled 1 px inwards (a corner is shared by three hexes; pulling it in
 * makes the test about this hex's own area, not a neighbour's coast
 * pixel). */
static void hex_points(Hex h, float size, double x[7], double y[7])
{
    float cx, cy;
    hex_to_pixel(h, size, &cx, &cy);
    x[0] = cx;
    y[0] = cy;
    double inner = (double)size > 1.0 ? (double)size - 1.0 : 0.0;
    for (int i = 0; i < HEX_DIRS; i++) {
        double dx, dy;
        hex_corner_unit(i, &dx, &dy);
        x[i + 1] = (double)cx + inner * dx;
        y[i + 1] = (double)cy + inner * dy;
    }
}

bool chart_hex_sailable(const Map *m, Hex h, float size)
{
    if (!m || !m->land || !(size > 0.0f)) return false;
    double x[7], y[7];
    hex_points(h, size, x, y);
    for (int i = 0; i < 7; i++)
        if (chart_px(m, x[i], y[i]) != PX_WATER) return false;
    return true;
}

bool chart_hex_on_land(const Map *m, Hex h, float size)
{
    if (!m || !m->land || !(size > 0.0f)) return false;
    double x[7], y[7];
    hex_points(h, size, x, y);
    for (int i = 0; i < 7; i++)
        if (chart_px(m, x[i], y[i]) == PX_LAND) return true;
    return false;
}

/* ------------------------------------------------------------------------
 * The table and its bodies of water. */

int chart_cell(const Chart *c, Hex h)
{
    assert(c);
    long q = (long)h.q - c->q0, r = (long)h.r - c->r0;
    if (q < 0 || r < 0 || q >= c->qn || r >= c->rn) return -1;
    return (int)(r * c->qn + q);
}

Hex chart_hex(const Chart *c, int cell)
{
    assert(c && cell >= 0 && cell < c->qn * c->rn);
    return hex_make(c->q0 + cell % c->qn, c->r0 + cell / c->qn);
}

bool chart_open(const Chart *c, Hex h)
{
    if (!chart_sailable(c, h)) return false;
    int n = 0;
    for (int d = 0; d < HEX_DIRS; d++) n += chart_sailable(c, hex_neighbor(h, d));
    return n >= CHART_OPEN_SIDES;
}

/* Bodies of the hexes `in` admits (sailable ones, or open ones), joined
 * through their six neighbours. */
static int waters(const Chart *c, bool (*in)(const Chart *, Hex), int *comp, int *queue)
{
    assert(c && c->sail && comp && queue);
    int cells = c->qn * c->rn, n = 0;
    for (int i = 0; i < cells; i++) comp[i] = -1;
    for (int i = 0; i < cells; i++) {
        if (comp[i] >= 0 || !in(c, chart_hex(c, i))) continue;
        int head = 0, tail = 0;
        queue[tail++] = i;
        comp[i] = n;
        while (head < tail) {
            Hex h = chart_hex(c, queue[head++]);
            for (int d = 0; d < HEX_DIRS; d++) {
                Hex nb = hex_neighbor(h, d);
                int k = chart_cell(c, nb);
                if (k >= 0 && comp[k] < 0 && in(c, nb)) {
                    comp[k] = n;
                    queue[tail++] = k;
                }
            }
        }
        n++;
    }
    return n;
}

int chart_waters(const Chart *c, int *comp, int *queue)
{
    return waters(c, chart_sailable, comp, queue);
}

int chart_open_waters(const Chart *c, int *comp, int *queue)
{
    return waters(c, chart_open, comp, queue);
}

int chart_init(Chart *c, const Map *m, float size, Err *e)
{
    assert(c);
    memset(c, 0, sizeof *c);
    if (!m || !m->land || m->w <= 0 || m->h <= 0) return err_set(e, "sea chart: no map to chart");
    if (!(size >= 1.0f && size <= 4096.0f))
        return err_set(e, "sea chart: hex size %g is outside 1..4096", (double)size);
    /* The box holds every hex whose centre can lie on the map: rows from
     * centre y = size * (1.5 r + 1) and columns from centre x, with a
     * margin of one hex each way. */
    int rn = (int)floor(((double)m->h / (double)size - 1.0) / 1.5) + 2;
    if (rn < 1) rn = 1;
    int q0 = -(rn + 1) / 2 - 1;
    int qmax = (int)ceil((double)m->w / (HEX_SQRT3 * (double)size)) + 1;
    c->q0 = q0;
    c->r0 = 0;
    c->qn = qmax - q0 + 1;
    c->rn = rn;
    c->size = size;
    size_t cells = (size_t)c->qn * (size_t)c->rn;
    if (cells > (size_t)INT32_MAX / HEX_DIRS)
        return err_set(e, "sea chart: map has too many hexes");
    c->sail = calloc(cells, 1);
    if (!c->sail) return err_set(e, "sea chart: out of memory for %zu hexes", cells);
    for (size_t i = 0; i < cells; i++) {
        Hex h = chart_hex(c, (int)i);
        c->sail[i] = chart_hex_sailable(m, h, size) ? 1 : 0;
        c->sailable += c->sail[i];
    }
    return 0;
}

void chart_deinit(Chart *c)
{
    assert(c);
    if (c->scratch) {
        free(c->scratch->node);
        free(c->scratch->order);
        free(c->scratch->slot);
        free(c->scratch->heap);
        free(c->scratch);
    }
    free(c->sail);
    memset(c, 0, sizeof *c);
}

int chart_scratch_ready(Chart *c)
{
    if (!c->scratch) c->scratch = calloc(1, sizeof *c->scratch);
    return c->scratch ? 0 : -1;
}

bool chart_sailable(const Chart *c, Hex h)
{
    if (!c || !c->sail) return false;
    int i = chart_cell(c, h);
    return i >= 0 && c->sail[i];
}

/* ------------------------------------------------------------------------
 * Search memory: nodes in an open-addressed table, and a binary heap. */

static uint32_t key_hash(int32_t key)
{
    uint32_t x = (uint32_t)key * 2654435761u;
    return x ^ (x >> 15);
}

/* Rebuild the slot table at twice the size (or the first time). */
static int scratch_grow_slots(struct ChartScratch *s)
{
    uint32_t cap = s->slot ? (s->smask + 1) * 2 : 1024;
    int32_t *slot = calloc(cap, sizeof *slot);
    if (!slot) return -1;
    free(s->slot);
    s->slot = slot;
    s->smask = cap - 1;
    for (int i = 0; i < s->nn; i++) {
        uint32_t h = key_hash(s->node[i].key) & s->smask;
        while (s->slot[h]) h = (h + 1) & s->smask;
        s->slot[h] = i + 1;
    }
    return 0;
}

/* Index of the node for key, adding it (fields unset) when new; -1 when
 * memory runs out. */
static int scratch_node(struct ChartScratch *s, int32_t key, bool *created)
{
    uint32_t h = key_hash(key) & s->smask;
    while (s->slot[h]) {
        int i = s->slot[h] - 1;
        if (s->node[i].key == key) {
            *created = false;
            return i;
        }
        h = (h + 1) & s->smask;
    }
    if (s->nn == s->ncap) {
        int ncap = s->ncap ? s->ncap * 2 : 1024;
        ChartNode *node = realloc(s->node, (size_t)ncap * sizeof *node);
        if (!node) return -1;
        s->node = node;
        int32_t *order = realloc(s->order, (size_t)ncap * sizeof *order);
        if (!order) return -1;
        s->order = order;
        s->ncap = ncap;
    }
    int i = s->nn++;
    s->node[i].key = key;
    if ((uint32_t)s->nn * 2 > s->smask + 1) {
        if (scratch_grow_slots(s) != 0) {
            s->nn--;
            return -1;
        }
    } else {
        s->slot[h] = i + 1;
    }
    *created = true;
    return i;
}

static bool heap_less(const ChartHeapItem *a, const ChartHeapItem *b)
{
    if (a->f != b->f) return a->f < b->f;
    if (a->g != b->g) return a->g > b->g; /* deeper first: fewer ties near the goal */
    return a->seq < b->seq;
}

static int heap_push(struct ChartScratch *s, int32_t f, int32_t g, int32_t node)
{
    if (s->hn == s->hcap) {
        int cap = s->hcap ? s->hcap * 2 : 1024;
        ChartHeapItem *heap = realloc(s->heap, (size_t)cap * sizeof *heap);
        if (!heap) return -1;
        s->heap = heap;
        s->hcap = cap;
    }
    ChartHeapItem it = {f, g, s->seq++, node};
    int i = s->hn++;
    while (i > 0) {
        int p = (i - 1) / 2;
        if (!heap_less(&it, &s->heap[p])) break;
        s->heap[i] = s->heap[p];
        i = p;
    }
    s->heap[i] = it;
    return 0;
}

static ChartHeapItem heap_pop(struct ChartScratch *s)
{
    ChartHeapItem top = s->heap[0];
    ChartHeapItem last = s->heap[--s->hn];
    int i = 0;
    for (;;) {
        int l = 2 * i + 1, r = l + 1, m = i;
        const ChartHeapItem *best = &last;
        if (l < s->hn && heap_less(&s->heap[l], best)) {
            m = l;
            best = &s->heap[l];
        }
        if (r < s->hn && heap_less(&s->heap[r], best)) m = r;
        if (m == i) break;
        s->heap[i] = s->heap[m];
        i = m;
    }
    if (s->hn > 0) s->heap[i] = last;
    return top;
}

/* ------------------------------------------------------------------------
 * The searches. */

typedef struct ChartSearch {
    Chart *c;
    const ChartMoveCost *cost;
    ChartBlockedFn blocked;
    void *ctx;
    bool has_goal;
    Hex goal;
    int goal_facing;
    int hmul; /* heuristic: distance x cheapest forward cost */
} ChartSearch;

static int32_t search_h(const ChartSearch *q, Hex h)
{
    return q->has_goal ? q->hmul * hex_distance(h, q->goal) : 0;
}

/* Relax the state (cell, facing) to cost g from node `from`; -1 on OOM. */
static int search_relax(const ChartSearch *q, int cell, int facing, int32_t g, int from, int step)
{
    struct ChartScratch *s = q->c->scratch;
    bool created;
    int i = scratch_node(s, cell * HEX_DIRS + facing, &created);
    if (i < 0) return -1;
    ChartNode *n = &s->node[i];
    if (!created && (n->closed || n->g <= g)) return 0;
    n->g = g;
    n->parent = from;
    n->step = (int8_t)step;
    if (created) n->closed = 0;
    return heap_push(s, g + search_h(q, chart_hex(q->c, cell)), g, i);
}

/* Run the search from start. Returns the goal node's index, -1 when there
 * is no goal or it was not reached, -3 when memory runs out. */
static int chart_search(ChartSearch *q, HexPose start)
{
    Chart *c = q->c;
    if (chart_scratch_ready(c) != 0) return -3;
    struct ChartScratch *s = c->scratch;
    if (!s->slot && scratch_grow_slots(s) != 0) return -3;
    memset(s->slot, 0, ((size_t)s->smask + 1) * sizeof *s->slot);
    s->nn = s->nclosed = s->hn = 0;
    s->seq = 0;
    int start_cell = chart_cell(c, start.hex);
    if (start_cell < 0) return -1;
    const ChartMoveCost *cost = q->cost;
    if (search_relax(q, start_cell, ((start.facing % HEX_DIRS) + HEX_DIRS) % HEX_DIRS, 0, -1, -1) !=
        0)
        return -3;
    while (s->hn > 0) {
        ChartHeapItem it = heap_pop(s);
        ChartNode *n = &s->node[it.node];
        if (n->closed || it.g != n->g) continue;
        n->closed = 1;
        n->out = s->nclosed;
        s->order[s->nclosed++] = it.node;
        int cell = n->key / HEX_DIRS, f = n->key % HEX_DIRS;
        int32_t g = n->g;
        Hex h = chart_hex(c, cell);
        if (q->has_goal && hex_equal(h, q->goal) && (q->goal_facing < 0 || q->goal_facing == f))
            return it.node;
        int fc = cost->forward[f];
        if (fc >= 0) {
            int32_t ng = g + fc;
            Hex nh = hex_neighbor(h, f);
            int ncell = chart_cell(c, nh);
            if ((cost->budget < 0 || ng <= cost->budget) && ng <= cost->limit[f] && ncell >= 0 &&
                c->sail[ncell] && !(q->blocked && q->blocked(q->ctx, nh))) {
                if (search_relax(q, ncell, f, ng, it.node, HEX_STEP_FORWARD) != 0) return -3;
            }
        }
        if (cost->turn >= 0) {
            int32_t ng = g + cost->turn;
            if (cost->budget < 0 || ng <= cost->budget) {
                if (search_relax(q, cell, (f + 1) % HEX_DIRS, ng, it.node, HEX_STEP_PORT) != 0)
                    return -3;
                if (search_relax(q, cell, (f + HEX_DIRS - 1) % HEX_DIRS, ng, it.node,
                                 HEX_STEP_STARBOARD) != 0)
                    return -3;
            }
        }
    }
    return -1;
}

int chart_reach(Chart *c, HexPose start, const ChartMoveCost *cost, ChartBlockedFn blocked,
                void *ctx, ChartReachNode *out, int cap)
{
    ChartSearch q = {c, cost, blocked, ctx, false, {0, 0}, -1, 0};
    if (chart_search(&q, start) == -3) return -1;
    struct ChartScratch *s = c->scratch;
    int n = s->nclosed < cap ? s->nclosed : cap;
    for (int i = 0; i < n; i++) {
        const ChartNode *nd = &s->node[s->order[i]];
        out[i].pose.hex = chart_hex(c, nd->key / HEX_DIRS);
        out[i].pose.facing = nd->key % HEX_DIRS;
        out[i].cost = nd->g;
        out[i].parent = nd->parent < 0 ? -1 : s->node[nd->parent].out;
        out[i].step = nd->step;
    }
    return n;
}

int chart_reach_steps(const ChartReachNode *nodes, int i, uint8_t *steps, int cap)
{
    assert((nodes || i < 0) && (steps || cap <= 0));
    int len = 0;
    for (int k = i; k >= 0 && nodes[k].parent >= 0; k = nodes[k].parent) len++;
    int at = len;
    for (int k = i; k >= 0 && nodes[k].parent >= 0; k = nodes[k].parent) {
        at--;
        if (at < cap) steps[at] = (uint8_t)nodes[k].step;
    }
    return len;
}

int chart_path(Chart *c, HexPose start, Hex goal, int goal_facing, const ChartMoveCost *cost,
               ChartBlockedFn blocked, void *ctx, uint8_t *steps, int cap, int *total)
{
    ChartSearch q = {c, cost, blocked, ctx, true, goal, goal_facing, 0};
    int hmul = -1;
    for (int d = 0; d < HEX_DIRS; d++)
        if (cost->forward[d] >= 0 && (hmul < 0 || cost->forward[d] < hmul)) hmul = cost->forward[d];
    q.hmul = hmul < 0 ? 0 : hmul;
    int goal_node = chart_search(&q, start);
    if (goal_node < 0) return goal_node == -3 ? -3 : -1;
    const ChartNode *node = c->scratch->node;
    int len = 0;
    for (int k = goal_node; node[k].parent >= 0; k = node[k].parent) len++;
    if (len > cap) return -2;
    int at = len;
    for (int k = goal_node; node[k].parent >= 0; k = node[k].parent)
        steps[--at] = (uint8_t)node[k].step;
    if (total) *total = node[goal_node].g;
    return len;
}
