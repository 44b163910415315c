/* metrics: schools by union-find over the neighbour grid, spacing, land and
 * shore-jitter checks of a sea state; no allocation after metrics_init. */
#include "metrics.h"

#include <assert.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "metrics_internal.h"

/* Fish per job of the parallel spacing pass. */
#define GRAIN 1024

void metrics_config_from_params(MetricsConfig *c, const SeaParams *p)
{
    c->link_radius = p->neighbor_radius;
    c->shore_margin = p->shore_margin;
    c->dt = p->dt;
    c->jitter_window = 1.0f;
    c->max_speed = p->max_speed;
    c->kinds = p->kinds;
}

static int positive(float v)
{
    return isfinite(v) && v > 0.0f;
}

int metrics_config_validate(const MetricsConfig *c, Err *e)
{
    if (!positive(c->link_radius))
        return err_set(e, "metrics: link_radius %g must be a finite number > 0",
                       (double)c->link_radius);
    if (!isfinite(c->shore_margin) || c->shore_margin < 0.0f)
        return err_set(e, "metrics: shore_margin %g must be a finite number >= 0",
                       (double)c->shore_margin);
    if (!positive(c->dt) || c->dt > 1.0f)
        return err_set(e, "metrics: dt %g must be in (0, 1] s", (double)c->dt);
    if (!positive(c->jitter_window) || c->jitter_window > 60.0f)
        return err_set(e, "metrics: jitter_window %g must be in (0, 60] s",
                       (double)c->jitter_window);
    if (!positive(c->max_speed))
        return err_set(e, "metrics: max_speed %g must be a finite number > 0",
                       (double)c->max_speed);
    if (c->kinds != 1 && c->kinds != 2 && c->kinds != 4)
        return err_set(e, "metrics: kinds %d must be 1, 2 or 4", c->kinds);
    return 0;
}

static void *alloc_array(size_t n, size_t size, size_t *total)
{
    *total += n * size;
    return malloc(n * size);
}

int metrics_init(MetricsCtx *m, const MetricsConfig *c, const ShoreField *shore, int cap,
                 JobPool *pool, Err *e)
{
    memset(m, 0, sizeof *m);
    if (metrics_config_validate(c, e) != 0) return -1;
    if (cap < 1 || cap > SEA_MAX_FISH)
        return err_set(e, "metrics: capacity %d must be in 1..%d fish", cap, SEA_MAX_FISH);
    if (!shore || shore->w < 1 || shore->h < 1 || !shore->dist)
        return err_set(e, "metrics: the shore field is empty");
    m->cfg = *c;
    m->shore = shore;
    m->pool = pool;
    m->cap = cap;
    if (grid_init(&m->grid, (float)shore->w, (float)shore->h, c->link_radius, cap, e) != 0)
        return -1;
    /* so that builds on the pool never allocate later */
    if (grid_reserve_parts(&m->grid, jobs_threads(pool), e) != 0) {
        grid_deinit(&m->grid);
        return -1;
    }
    size_t n = (size_t)cap, bytes = 0;
    m->px = alloc_array(n, sizeof *m->px, &bytes);
    m->py = alloc_array(n, sizeof *m->py, &bytes);
    m->id = alloc_array(n, sizeof *m->id, &bytes);
    m->parent = alloc_array(n, sizeof *m->parent, &bytes);
    m->comp_n = alloc_array(n, sizeof *m->comp_n, &bytes);
    m->roots = alloc_array(n, sizeof *m->roots, &bytes);
    m->nn = alloc_array(n, sizeof *m->nn, &bytes);
    m->nbr = alloc_array(n, sizeof *m->nbr, &bytes);
    m->comp_ux = alloc_array(n, sizeof *m->comp_ux, &bytes);
    m->comp_uy = alloc_array(n, sizeof *m->comp_uy, &bytes);
    m->ux = alloc_array(n, sizeof *m->ux, &bytes);
    m->uy = alloc_array(n, sizeof *m->uy, &bytes);
    m->kind = alloc_array(n, sizeof *m->kind, &bytes);
    m->comp_cx = alloc_array(n, sizeof *m->comp_cx, &bytes);
    m->comp_cy = alloc_array(n, sizeof *m->comp_cy, &bytes);
    m->comp_rx = alloc_array(n, sizeof *m->comp_rx, &bytes);
    /* one spare entry each for metrics_observe's unmasked gathers */
    m->ref_vx = alloc_array(n + 1, sizeof *m->ref_vx, &bytes);
    m->ref_vy = alloc_array(n + 1, sizeof *m->ref_vy, &bytes);
    for (int b = 0; b < 2; b++) {
        m->last_x[b] = alloc_array(n, sizeof *m->last_x[b], &bytes);
        m->last_y[b] = alloc_array(n, sizeof *m->last_y[b], &bytes);
        m->slot[b] = alloc_array(n + 1, sizeof *m->slot[b], &bytes);
    }
    m->rev = alloc_array(2 * n, sizeof *m->rev, &bytes);
    m->state = alloc_array(n, sizeof *m->state, &bytes);
    if (!m->px || !m->py || !m->id || !m->parent || !m->comp_n || !m->roots || !m->nn || !m->nbr ||
        !m->comp_ux || !m->comp_uy || !m->ux || !m->uy || !m->kind || !m->comp_cx || !m->comp_cy ||
        !m->comp_rx || !m->ref_vx || !m->ref_vy || !m->last_x[0] || !m->last_y[0] ||
        !m->last_x[1] || !m->last_y[1] || !m->slot[0] || !m->slot[1] || !m->rev || !m->state) {
        metrics_deinit(m);
        return err_set(e, "metrics: out of memory for %d fish (%zu MB)", cap, bytes >> 20);
    }
    m->bytes = bytes;
    metrics_observe_init(m);
    /* A whole second of steps, with slack so 1/dt just under an integer
     * still rounds the way a person counting steps would. */
    m->window_steps = (uint32_t)floor((double)c->jitter_window / (double)c->dt + 1e-3);
    return 0;
}

void metrics_deinit(MetricsCtx *m)
{
    grid_deinit(&m->grid);
    free(m->px);
    free(m->py);
    free(m->id);
    free(m->parent);
    free(m->comp_n);
    free(m->roots);
    free(m->nn);
    free(m->nbr);
    free(m->comp_ux);
    free(m->comp_uy);
    free(m->ux);
    free(m->uy);
    free(m->kind);
    free(m->comp_cx);
    free(m->comp_cy);
    free(m->comp_rx);
    free(m->ref_vx);
    free(m->ref_vy);
    for (int b = 0; b < 2; b++) {
        free(m->last_x[b]);
        free(m->last_y[b]);
        free(m->slot[b]);
    }
    free(m->rev);
    free(m->state);
    memset(m, 0, sizeof *m);
}

size_t metrics_bytes(const MetricsCtx *m)
{
    size_t n = (size_t)m->cap;
    size_t cells = (size_t)m->grid.cols * (size_t)m->grid.rows + 1;
    /* the grid's own arrays: order, sorted positions, cell of each point */
    size_t grid = n * (2 * sizeof(int) + 2 * sizeof(float)) + cells * sizeof(int);
    return m->bytes + grid;
}

/* ------------------------------------------------------------- compute */

static int uf_find(int *parent, int i)
{
    while (parent[i] != i) {
        parent[i] = parent[parent[i]]; /* path halving */
        i = parent[i];
    }
    return i;
}

/* Union by size keeps the trees shallow; comp_n holds sizes of roots. */
static void uf_union(MetricsCtx *m, int a, int b)
{
    a = uf_find(m->parent, a);
    b = uf_find(m->parent, b);
    if (a == b) return;
    if (m->comp_n[a] < m->comp_n[b] || (m->comp_n[a] == m->comp_n[b] && b < a)) {
        int t = a;
        a = b;
        b = t;
    }
    m->parent[b] = a;
    m->comp_n[a] += m->comp_n[b];
}

typedef struct NearVisit {
    int self;
    float best2;
    int within; /* points other than self within the query */
} NearVisit;

static void near_visit(void *ctx, int j, float dist2)
{
    NearVisit *nv = ctx;
    if (j == nv->self) return;
    nv->within++;
    if (dist2 < nv->best2) nv->best2 = dist2;
}

/* Squared distance from (x, y) to the nearest built point other than self
 * (INFINITY if none): grow the query radius until something answers, so
 * the cost follows the local density rather than the fish count. */
static float nearest2(const MetricsCtx *m, float x, float y, int self, int *within_link)
{
    float diag =
        sqrtf((float)m->shore->w * (float)m->shore->w + (float)m->shore->h * (float)m->shore->h) +
        1.0f;
    float r = m->cfg.link_radius;
    for (int first = 1;; first = 0) {
        NearVisit nv = {self, INFINITY, 0};
        grid_query(&m->grid, x, y, r, near_visit, &nv);
        if (first && within_link) *within_link = nv.within;
        if (nv.within > 0 || r >= diag) return nv.best2;
        r = fminf(2.0f * r, diag);
    }
}

static void nn_range(void *ctx, int begin, int end, int worker)
{
    (void)worker;
    MetricsCtx *m = ctx;
    for (int i = begin; i < end; i++) {
        int within = 0;
        float d2 = nearest2(m, m->px[i], m->py[i], i, &within);
        m->nn[i] = sqrtf(d2);
        m->nbr[i] = within;
    }
}

typedef struct LinkVisit {
    MetricsCtx *m;
    int self;
} LinkVisit;

static void link_visit(void *ctx, int j, float dist2)
{
    (void)dist2;
    LinkVisit *lv = ctx;
    if (j > lv->self) uf_union(lv->m, lv->self, j);
}

static int on_map(const ShoreField *s, float x, float y)
{
    /* written so NaN fails every comparison */
    return x >= 0.0f && y >= 0.0f && x < (float)s->w && y < (float)s->h;
}

/* Copies the fish of v that are on the map into px, py (id: their view
 * index) and counts those off it or on land; returns how many it kept. */
static int gather_fish(MetricsCtx *m, const SeaView *v, Metrics *out)
{
    const ShoreField *s = m->shore;
    int n = 0;
    for (int i = 0; i < v->fish; i++) {
        float x = v->x[i], y = v->y[i];
        if (!on_map(s, x, y)) {
            out->fish_off_map++;
            continue;
        }
        if (!shore_wet(s, (size_t)(int)y * (size_t)s->w + (size_t)(int)x)) out->fish_on_land++;
        m->px[n] = x;
        m->py[n] = y;
        m->id[n] = i;
        n++;
    }
    return n;
}

/* Nearest-neighbour distance, neighbours within the link radius and the
 * loners among the n gathered fish (the grid is built over them). */
static void measure_spacing(MetricsCtx *m, int n, Metrics *out)
{
    /* nearest neighbours and link counts: independent per fish */
    if (m->pool && n > 0)
        jobs_parallel_for(m->pool, n, GRAIN, nn_range, m);
    else if (n > 0)
        nn_range(m, 0, n, 0);
    double nn_sum = 0.0, nbr_sum = 0.0;
    for (int i = 0; i < n; i++) {
        nn_sum += m->nn[i];
        nbr_sum += m->nbr[i];
        if (m->nbr[i] == 0) out->loners++;
    }
    out->mean_nn_dist = n >= 2 ? nn_sum / n : NAN;
    out->mean_neighbors = n > 0 ? nbr_sum / n : NAN;
}

/* Unites every two of the n fish within the link radius (needs nbr from
 * measure_spacing: a fish without neighbours links to none). */
static void link_schools(MetricsCtx *m, int n)
{
    /* union-find is order-dependent only in its tree shapes, not in the
     * components, so one serial pass keeps it simple */
    for (int i = 0; i < n; i++) {
        m->parent[i] = i;
        m->comp_n[i] = 1;
    }
    for (int i = 0; i < n; i++) {
        if (m->nbr[i] == 0) continue;
        LinkVisit lv = {m, i};
        grid_query(&m->grid, m->px[i], m->py[i], m->cfg.link_radius, link_visit, &lv);
    }
}

/* Lists each component's root in roots, in the order of its lowest member,
 * marking it seen by negating its size, and sums its members' unit
 * headings; returns the number of components. */
static int sum_headings(MetricsCtx *m, const SeaView *v, int n)
{
    int nroots = 0;
    for (int i = 0; i < n; i++) {
        int r = uf_find(m->parent, i);
        if (r == i) {
            m->comp_ux[i] = 0.0;
            m->comp_uy[i] = 0.0;
        }
    }
    for (int i = 0; i < n; i++) {
        int r = uf_find(m->parent, i);
        if (m->comp_n[r] > 0) {
            /* first (lowest-id) member: remember the root, mark it seen */
            m->roots[nroots++] = r;
            m->comp_n[r] = -m->comp_n[r];
        }
        float vx = v->vx[m->id[i]], vy = v->vy[m->id[i]];
        double sp = sqrt((double)vx * vx + (double)vy * vy);
        /* a still fish has no heading: it counts, pointing nowhere */
        if (sp > 0.0 && isfinite(sp)) {
            m->comp_ux[r] += vx / sp;
            m->comp_uy[r] += vy / sp;
        }
    }
    return nroots;
}

/* Schools (components of 2 or more), the largest, and their polarization
 * from the sums of sum_headings. */
static void score_schools(const MetricsCtx *m, int nroots, Metrics *out)
{
    double pol_weighted = 0.0;
    long in_schools = 0;
    int best = -1;
    for (int k = 0; k < nroots; k++) {
        int r = m->roots[k];
        int size = -m->comp_n[r];
        if (size < 2) continue;
        double pol = sqrt(m->comp_ux[r] * m->comp_ux[r] + m->comp_uy[r] * m->comp_uy[r]) / size;
        out->schools++;
        pol_weighted += pol * size;
        in_schools += size;
        if (size > out->largest_school) {
            out->largest_school = size;
            best = r;
        }
    }
    if (best >= 0) {
        out->largest_polarization =
            sqrt(m->comp_ux[best] * m->comp_ux[best] + m->comp_uy[best] * m->comp_uy[best]) /
            out->largest_school;
        out->mean_polarization = pol_weighted / (double)in_schools;
    } else {
        out->largest_polarization = NAN;
        out->mean_polarization = NAN;
    }
}

/* ------------------------------------------------------ aligned schools */

/* Unit heading of each of the n gathered fish (0, 0 for a still one). */
static void unit_headings(MetricsCtx *m, const SeaView *v, int n)
{
    for (int i = 0; i < n; i++) {
        float vx = v->vx[m->id[i]], vy = v->vy[m->id[i]];
        double sp = sqrt((double)vx * vx + (double)vy * vy);
        int moving = sp > 0.0 && isfinite(sp);
        m->ux[i] = moving ? (float)(vx / sp) : 0.0f;
        m->uy[i] = moving ? (float)(vy / sp) : 0.0f;
        m->kind[i] = sea_kind(m->cfg.kinds, v->id[m->id[i]]);
    }
}

static void align_visit(void *ctx, int j, float dist2)
{
    (void)dist2;
    LinkVisit *lv = ctx;
    MetricsCtx *m = lv->m;
    int i = lv->self;
    if (j > i && m->kind[i] == m->kind[j] &&
        m->ux[i] * m->ux[j] + m->uy[i] * m->uy[j] > METRICS_ALIGN_COS)
        uf_union(m, i, j);
}

/* Unites every two of the n fish within the link radius whose headings
 * agree (needs nbr from measure_spacing and the unit headings). */
static void link_aligned(MetricsCtx *m, int n)
{
    for (int i = 0; i < n; i++) {
        m->parent[i] = i;
        m->comp_n[i] = 1;
    }
    for (int i = 0; i < n; i++) {
        if (m->nbr[i] == 0 || (m->ux[i] == 0.0f && m->uy[i] == 0.0f)) continue;
        LinkVisit lv = {m, i};
        grid_query(&m->grid, m->px[i], m->py[i], m->cfg.link_radius, align_visit, &lv);
    }
}

/* Per aligned component (by root): heading and position sums, the centre,
 * then the sum of r x u / |r| about it. Serial, in index order, so the sums
 * come out the same for any pool. */
static void sum_aligned(MetricsCtx *m, int n)
{
    for (int i = 0; i < n; i++) {
        if (uf_find(m->parent, i) != i) continue;
        m->comp_ux[i] = m->comp_uy[i] = 0.0;
        m->comp_cx[i] = m->comp_cy[i] = m->comp_rx[i] = 0.0;
    }
    for (int i = 0; i < n; i++) {
        int r = uf_find(m->parent, i);
        m->comp_ux[r] += m->ux[i];
        m->comp_uy[r] += m->uy[i];
        m->comp_cx[r] += m->px[i];
        m->comp_cy[r] += m->py[i];
    }
    for (int i = 0; i < n; i++) {
        if (m->parent[i] != i) continue; /* roots after uf_find are fixed */
        m->comp_cx[i] /= m->comp_n[i];
        m->comp_cy[i] /= m->comp_n[i];
    }
    for (int i = 0; i < n; i++) {
        int r = uf_find(m->parent, i);
        double dx = m->px[i] - m->comp_cx[r], dy = m->py[i] - m->comp_cy[r];
        double d = sqrt(dx * dx + dy * dy);
        /* the fish at the very centre has no direction of rotation */
        if (d > 0.0) m->comp_rx[r] += (dx * m->uy[i] - dy * m->ux[i]) / d;
    }
}

/* Which of Tunstrom's states O_p, O_r make. */
typedef enum { STATE_POLARIZED, STATE_MILLING, STATE_SWARM, STATE_TRANSITIONAL } SchoolState;

static SchoolState school_state(double op, double orot)
{
    if (op > METRICS_STATE_HIGH && orot < METRICS_STATE_LOW) return STATE_POLARIZED;
    if (orot > METRICS_STATE_HIGH && op < METRICS_STATE_LOW) return STATE_MILLING;
    if (op < METRICS_STATE_LOW && orot < METRICS_STATE_LOW) return STATE_SWARM;
    return STATE_TRANSITIONAL;
}

/* The aligned schools of the n gathered fish, their order parameters and
 * states (after measure_spacing; redoes parent and comp_n). */
static void score_aligned(MetricsCtx *m, int n, Metrics *out)
{
    link_aligned(m, n);
    sum_aligned(m, n);
    long state_n[4] = {0, 0, 0, 0}, big_n = 0;
    double op_sum = 0.0, or_sum = 0.0;
    int best = -1;
    for (int i = 0; i < n; i++) {
        int r = uf_find(m->parent, i);
        int size = m->comp_n[r];
        if (size <= 0) continue; /* seen (sizes of seen roots are negated) */
        m->comp_n[r] = -size;
        if (size < 2) continue;
        out->aligned_schools++;
        if (size > out->aligned_largest) {
            out->aligned_largest = size;
            best = r;
        }
        if (size < METRICS_BIG_SCHOOL) continue;
        double op = sqrt(m->comp_ux[r] * m->comp_ux[r] + m->comp_uy[r] * m->comp_uy[r]) / size;
        double orot = fabs(m->comp_rx[r]) / size;
        out->aligned_big++;
        big_n += size;
        op_sum += op * size;
        or_sum += orot * size;
        state_n[school_state(op, orot)] += size;
    }
    out->aligned_largest_share = out->aligned_largest_op = out->aligned_largest_or = NAN;
    if (best >= 0) {
        int size = out->aligned_largest;
        out->aligned_largest_share = (double)size / n;
        out->aligned_largest_op =
            sqrt(m->comp_ux[best] * m->comp_ux[best] + m->comp_uy[best] * m->comp_uy[best]) / size;
        out->aligned_largest_or = fabs(m->comp_rx[best]) / size;
    }
    out->order_p = big_n > 0 ? op_sum / (double)big_n : NAN;
    out->order_r = big_n > 0 ? or_sum / (double)big_n : NAN;
    double inv = n > 0 ? 1.0 / n : NAN;
    out->share_polarized = (double)state_n[STATE_POLARIZED] * inv;
    out->share_milling = (double)state_n[STATE_MILLING] * inv;
    out->share_swarm = (double)state_n[STATE_SWARM] * inv;
    out->share_transitional = (double)state_n[STATE_TRANSITIONAL] * inv;
    out->share_small = (double)(n - big_n) * inv;
}

/* Mean distance from each shark (finite position) to its nearest fish. */
static void measure_sharks(const MetricsCtx *m, const SeaView *v, int n, Metrics *out)
{
    double shark_sum = 0.0;
    int shark_n = 0;
    for (int k = 0; k < v->sharks && n > 0; k++) {
        if (!isfinite(v->sx[k]) || !isfinite(v->sy[k])) continue;
        float d2 = nearest2(m, v->sx[k], v->sy[k], -1, NULL);
        if (isfinite(d2)) {
            shark_sum += sqrt((double)d2);
            shark_n++;
        }
    }
    out->shark_nearest_mean = shark_n > 0 ? shark_sum / shark_n : NAN;
}

int metrics_compute(MetricsCtx *m, const SeaView *v, Metrics *out, Err *e)
{
    assert(m->cap > 0 && v && out); /* metrics_init succeeded */
    if (v->fish < 0 || v->fish > m->cap)
        return err_set(e, "metrics: %d fish is more than the capacity of %d", v->fish, m->cap);
    memset(out, 0, sizeof *out);
    out->fish = v->fish;
    out->sharks = v->sharks;
    int n = gather_fish(m, v, out);
    grid_build(&m->grid, m->px, m->py, n, m->pool);
    measure_spacing(m, n, out);
    link_schools(m, n);
    score_schools(m, sum_headings(m, v, n), out);
    unit_headings(m, v, n);
    score_aligned(m, n, out);
    measure_sharks(m, v, n, out);
    out->shore_jitter = m->jittered;
    out->shore_reversals = m->reversals;
    out->observed_steps = m->observed_steps;
    return 0;
}

/* -------------------------------------------------------------- probes */

double metrics_probe_min(float r, float neighbor_radius)
{
    double q = (double)r / (double)neighbor_radius;
    return METRICS_PROBE_SCHOOL * q * q;
}

int metrics_probe_add(MetricsProbe *p, const Sea *stim, const Sea *ctrl, float x, float y, float r,
                      double min_ctrl)
{
    int c = sea_count_within(ctrl, x, y, r);
    if ((double)c < min_ctrl || c <= 0) return 0;
    p->ctrl += c;
    p->stim += sea_count_within(stim, x, y, r);
    p->samples++;
    return 1;
}

double metrics_probe_ratio(const MetricsProbe *p)
{
    return p->samples > 0 && p->ctrl > 0.0 ? p->stim / p->ctrl : NAN;
}
