/* sea_query: what the sea answers about its current state between steps
 * (a fish's slot in a view, the state hash, the fish near a point, the
 * fish eaten); the lifecycle and the step are sea.c's. */
#include <assert.h>
#include <math.h>
#include <stddef.h>

#include "sea_internal.h"

int sea_view_find(const SeaView *v, int id, int hint)
{
    assert(v);
    if (id < 0 || id >= v->fish) return -1;
    /* Slots shift by the net flow of fish between cells before them: a
     * few per step, so the search walks outward from the old slot. */
    if (hint < 0 || hint >= v->fish) hint = id;
    for (int d = 0; hint - d >= 0 || hint + d < v->fish; d++) {
        if (hint + d < v->fish && v->id[hint + d] == id) return hint + d;
        if (d > 0 && hint - d >= 0 && v->id[hint - d] == id) return hint - d;
    }
    return -1;
}

static uint64_t fnv(uint64_t h, const void *data, size_t len)
{
    const unsigned char *b = data;
    for (size_t i = 0; i < len; i++) {
        h ^= b[i];
        h *= 0x100000001b3ull;
    }
    return h;
}

uint64_t sea_hash(const Sea *s)
{
    assert(!s->scheduled);
    uint64_t h = 0xcbf29ce484222325ull;
    int fr = s->front;
    size_t nf = (size_t)s->n * sizeof(float), ns = (size_t)s->ns * sizeof(float);
    h = fnv(h, s->x, nf);
    h = fnv(h, s->y, nf);
    h = fnv(h, s->vx, nf);
    h = fnv(h, s->vy, nf);
    h = fnv(h, s->id, (size_t)s->n * sizeof(int));
    h = fnv(h, s->shx[fr], ns);
    h = fnv(h, s->shy[fr], ns);
    h = fnv(h, s->shvx[fr], ns);
    h = fnv(h, s->shvy[fr], ns);
    return h;
}

uint64_t sea_eaten(const Sea *s)
{
    return s->eaten;
}

/* Fish within r of a point, visited either through the grid (storage
 * positions are the fish's state, filed under last step's cells, so the
 * search widens by the farthest a fish moves in a step) or, while the
 * grid is stale, over all the fish. Never in flight: the fish stage
 * writes the fish. */
typedef struct Probe {
    float qx, qy, r2;
    int count;
    int best;
    float best_d2;
} Probe;

static inline void probe_visit(Probe *pr, float x, float y, int id)
{
    float dx = x - pr->qx, dy = y - pr->qy;
    float d2 = dx * dx + dy * dy;
    if (!(d2 <= pr->r2)) return;
    pr->count++;
    if (pr->best < 0 || d2 < pr->best_d2 || (d2 == pr->best_d2 && id < pr->best)) {
        pr->best = id;
        pr->best_d2 = d2;
    }
}

static void probe(const Sea *s, Probe *pr, float r)
{
    assert(!s->scheduled);
    const float *x = s->x, *y = s->y;
    const int *id = s->id;
    if (!s->grid_fresh) {
        for (int i = 0; i < s->n; i++) probe_visit(pr, x[i], y[i], id[i]);
        return;
    }
    const Grid *g = &s->grid;
    float slack = s->p.flee_speed * s->p.dt * 1.01f + 0.01f;
    int cx0, cy0, cx1, cy1;
    grid_cell_rect(g, pr->qx, pr->qy, r + slack, &cx0, &cy0, &cx1, &cy1);
    for (int cy = cy0; cy <= cy1; cy++) {
        int k1 = g->cell_start[cy * g->cols + cx1 + 1];
        for (int k = g->cell_start[cy * g->cols + cx0]; k < k1; k++)
            probe_visit(pr, x[k], y[k], id[k]);
    }
    /* Respawned fish moved far from the cell they are filed under. */
    for (int i = 0; i < s->nrespawned; i++) {
        int k = s->respawned[i];
        /* The grid's copy keeps the position it was filed by. */
        int c = grid_cell_of(g, g->sx[k], g->sy[k]);
        int cx = c % g->cols, cy = c / g->cols;
        if (cx >= cx0 && cx <= cx1 && cy >= cy0 && cy <= cy1) continue;
        probe_visit(pr, x[k], y[k], id[k]);
    }
}

int sea_nearest_fish(const Sea *s, float x, float y, float max_r)
{
    if (!(max_r >= 0.0f) || !isfinite(x) || !isfinite(y)) return -1;
    Probe pr = {x, y, max_r * max_r, 0, -1, 0.0f};
    probe(s, &pr, max_r);
    return pr.best;
}

int sea_count_within(const Sea *s, float x, float y, float r)
{
    if (!(r >= 0.0f) || !isfinite(x) || !isfinite(y)) return 0;
    Probe pr = {x, y, r * r, 0, -1, 0.0f};
    probe(s, &pr, r);
    return pr.count;
}
