/* sea: lifecycle, parameters, the step chain and the view of the living
 * school (spawning lives in sea_spawn.c, the stages in sea_step.c, the
 * queries in sea_query.c). */
#include "sea.h"

#include <assert.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "bigmem.h"
#include "sea_internal.h"

/* Fish per part below which splitting the grid build costs more than it
 * saves; and the most parts a build is split into. */
#define SEA_MIN_PART  4096
#define SEA_MAX_PARTS 16
/* Chunk sizes of the step's parallel stages. */
#define SEA_FISH_GRAIN 256
#define SEA_BAKE_GRAIN 1024
/* Seconds a shark digests after a catch before it hunts again. */
#define SEA_SHARK_DIGEST 1.5f

/* Tuned by eye and by metrics for a 2D game at 60 Hz on maps of 1000-2000
 * px: fish cruise at 65 px/s (40-90), see 20 px around them, and keep
 * about 12 px apart, so a school at rest holds ~10 fish per neighbour
 * circle; alignment dominates so schools polarise within seconds. */
void sea_params_default(SeaParams *p)
{
    memset(p, 0, sizeof *p);
    p->dt = 1.0f / 60.0f;
    /* Tuned on shoal-bench's school metrics and probes (README): fish
     * keep about half a body length apart (5.5 px; they are 6-12 px
     * long), align strongly and hold together: tight, polarized schools
     * with open water between them. At 8 px, of 2,000 fish a third swam
     * in groups under 20 and 0.43-0.47 in ordered schools (seeds 1-3), at
     * 5.5 0.21-0.25 and 0.53-0.57; at 5 a crowded sea's densest schools
     * could not clear a fast cursor's path (test_probe at 150 px/s: 0.35
     * of the control in its disk, at 5.5 0.24); 16 made a carpet. */
    p->neighbor_radius = 20.0f;
    p->sep_radius = 5.5f;
    p->sep_weight = 3.0f;
    p->ali_weight = 10.0f;
    p->coh_weight = 3.0f;
    p->wander_weight = 0.03f;
    p->flee_weight = 3.0f;
    p->flee_radius = 70.0f;
    p->shore_weight = 3.0f;
    p->shore_margin = 24.0f;
    p->max_speed = 90.0f;
    p->min_speed = 40.0f;
    p->max_force = 150.0f;
    p->flee_speed = 150.0f;
    p->kinds = 4;
    p->shark_speed = 110.0f;
    p->shark_force = 70.0f;
    p->shark_sight = 140.0f;
    p->shark_catch = 6.0f;
    p->brute = 0;
}

/* Cruising speed of each kind, as a factor of the mean cruise: a school of
 * a faster kind overtakes a slower one (and passes through it). */
static const float KIND_SPEED[SEA_KINDS_MAX] = {1.0f, 0.88f, 1.12f, 0.94f};

float sea_kind_speed(int kind)
{
    assert(kind >= 0 && kind < SEA_KINDS_MAX);
    return KIND_SPEED[kind];
}

static int check_weight(const char *name, float v, Err *e)
{
    if (!isfinite(v) || v < 0.0f)
        return err_set(e, "sea: %s %g; it must be a finite number >= 0", name, (double)v);
    return 0;
}

static int check_positive(const char *name, float v, Err *e)
{
    if (!isfinite(v) || !(v > 0.0f))
        return err_set(e, "sea: %s %g; it must be a finite number > 0", name, (double)v);
    return 0;
}

int sea_params_validate(const SeaParams *p, Err *e)
{
    if (!p) return err_set(e, "sea: no parameters given");
    if (!isfinite(p->dt) || !(p->dt > 0.0f) || p->dt > 0.1f)
        return err_set(e, "sea: dt %g s; it must be in (0, 0.1]", (double)p->dt);
    const struct {
        const char *name;
        float v;
    } weights[] = {{"sep_weight", p->sep_weight},   {"ali_weight", p->ali_weight},
                   {"coh_weight", p->coh_weight},   {"wander_weight", p->wander_weight},
                   {"flee_weight", p->flee_weight}, {"shore_weight", p->shore_weight},
                   {"min_speed", p->min_speed}},
      positives[] = {{"neighbor_radius", p->neighbor_radius},
                     {"sep_radius", p->sep_radius},
                     {"flee_radius", p->flee_radius},
                     {"shore_margin", p->shore_margin},
                     {"max_speed", p->max_speed},
                     {"max_force", p->max_force},
                     {"flee_speed", p->flee_speed},
                     {"shark_speed", p->shark_speed},
                     {"shark_force", p->shark_force},
                     {"shark_sight", p->shark_sight},
                     {"shark_catch", p->shark_catch}};
    for (size_t i = 0; i < sizeof weights / sizeof weights[0]; i++)
        if (check_weight(weights[i].name, weights[i].v, e)) return -1;
    for (size_t i = 0; i < sizeof positives / sizeof positives[0]; i++)
        if (check_positive(positives[i].name, positives[i].v, e)) return -1;
    if (p->sep_radius > p->neighbor_radius)
        return err_set(e, "sea: sep_radius %g is larger than neighbor_radius %g; it must be <= it",
                       (double)p->sep_radius, (double)p->neighbor_radius);
    if (p->min_speed > p->max_speed)
        return err_set(e, "sea: min_speed %g is above max_speed %g; it must be <= it",
                       (double)p->min_speed, (double)p->max_speed);
    if (p->flee_speed < p->max_speed)
        return err_set(e, "sea: flee_speed %g is below max_speed %g; it must be >= it",
                       (double)p->flee_speed, (double)p->max_speed);
    /* The grid (and the safety net's reach) assume nothing crosses more
     * than one cell per step; a bursting fish is the fastest. */
    if (p->flee_speed * p->dt > p->neighbor_radius)
        return err_set(e,
                       "sea: flee_speed %g px/s moves %g px per step, more than neighbor_radius "
                       "%g; lower flee_speed or dt",
                       (double)p->flee_speed, (double)(p->flee_speed * p->dt),
                       (double)p->neighbor_radius);
    if (p->shark_speed * p->dt > p->neighbor_radius)
        return err_set(e,
                       "sea: shark_speed %g px/s moves %g px per step, more than neighbor_radius "
                       "%g; lower shark_speed or dt",
                       (double)p->shark_speed, (double)(p->shark_speed * p->dt),
                       (double)p->neighbor_radius);
    if (p->kinds != 1 && p->kinds != 2 && p->kinds != 4)
        return err_set(e, "sea: kinds %d; it must be 1, 2 or 4", p->kinds);
    if (p->brute != 0 && p->brute != 1)
        return err_set(e, "sea: brute %d; it must be 0 (grid) or 1 (all pairs)", p->brute);
    return 0;
}

/* ------------------------------------------------------------ cells */

static void cells_free(SeaCells *c)
{
    free(c->submin);
    free(c->deep);
    free(c->deep_px);
    free(c->near);
    free(c->threat);
    free(c->spawn);
    free(c->is_spawn);
    memset(c, 0, sizeof *c);
}

/* Per-cell shore facts for grid g: the least distance of the pixel centres
 * in each subcell, and the deepest pixel of each cell. */
static int cells_init(SeaCells *c, const Grid *g, const ShoreField *f, Err *e)
{
    memset(c, 0, sizeof *c);
    c->sub = g->cell >= 8.0f ? 4 : 1;
    c->inv_subcell = (float)c->sub / g->cell;
    size_t cells = (size_t)g->cols * (size_t)g->rows, subs = (size_t)(c->sub * c->sub);
    c->submin = malloc(cells * subs * sizeof *c->submin);
    c->deep = malloc(cells * sizeof *c->deep);
    c->deep_px = malloc(cells * sizeof *c->deep_px);
    c->near = malloc(cells * sizeof *c->near);
    c->threat = calloc(cells, sizeof *c->threat);
    c->spawn = malloc(cells * sizeof *c->spawn);
    c->is_spawn = malloc(cells);
    int *col = malloc((size_t)f->w * sizeof *col);
    if (!c->submin || !c->deep || !c->deep_px || !c->near || !c->threat || !c->spawn ||
        !c->is_spawn || !col) {
        free(col);
        cells_free(c);
        return err_set(e, "sea: out of memory for %zu grid cells", cells);
    }
    memset(c->submin, UINT8_MAX, cells * subs);
    for (size_t i = 0; i < cells; i++) {
        c->deep[i] = 0.0f;
        c->deep_px[i] = -1;
    }
    /* Column part of each pixel's (cell, subcell) index, then the rows. */
    for (int x = 0; x < f->w; x++) {
        float cx = (float)x + 0.5f;
        int ci = grid_cell_of(g, cx, 0.0f);
        int sx = (int)((cx - (float)ci * g->cell) * c->inv_subcell);
        col[x] = ci * (int)subs + (sx < c->sub ? sx : c->sub - 1);
    }
    for (int y = 0; y < f->h; y++) {
        float cy = (float)y + 0.5f;
        int row = grid_cell_of(g, 0.0f, cy);
        int sy = (int)((cy - (float)(row / g->cols) * g->cell) * c->inv_subcell);
        int base = row * (int)subs + (sy < c->sub ? sy : c->sub - 1) * c->sub;
        for (int x = 0; x < f->w; x++) {
            float d = shore_px(f, (size_t)y * (size_t)f->w + (size_t)x);
            /* Whole px, rounded down: never above the distance. */
            uint8_t q = d < (float)UINT8_MAX ? (uint8_t)d : UINT8_MAX;
            int si = base + col[x];
            if (q < c->submin[si]) c->submin[si] = q;
            int ci = si / (int)subs;
            if (d > c->deep[ci]) {
                c->deep[ci] = d;
                c->deep_px[ci] = y * f->w + x;
            }
        }
    }
    free(col);
    return 0;
}

/* The parts of the cell facts that depend on the params: which subcells
 * are near the shore, and which cells are deep enough to spawn in. */
static void cells_classify(SeaCells *c, const Grid *g, const SeaParams *p)
{
    size_t cells = (size_t)g->cols * (size_t)g->rows;
    int subs = c->sub * c->sub;
    /* Any point of a subcell is within ~1.5 px of one of its pixel
     * centres, a bilinear sample loses at most ~1.5 px more, and the field
     * is 1-Lipschitz (to ~1%): so a subcell whose least distance clears the
     * margin, or a step's reach, by this slack never needs shore work.
     * Shore work where none is needed changes nothing, it only costs: so
     * the least distances are kept in whole px rounded down, and a subcell
     * holding no pixel centre reads as 255 px, like the deep ones (near
     * only for a reach past 255 px). */
    float reach =
        fmaxf(p->shore_margin, fmaxf(p->flee_speed, p->shark_speed) * p->dt * 1.1f) + 4.0f;
    for (size_t i = 0; i < cells; i++) {
        uint16_t m = 0;
        for (int k = 0; k < subs; k++) {
            float v = c->submin[i * (size_t)subs + (size_t)k];
            if (!(v >= reach)) m |= (uint16_t)(1u << k);
        }
        c->near[i] = m;
    }
    const float tiers[3] = {p->shore_margin + p->neighbor_radius, 0.5f * p->shore_margin, 0.0f};
    c->nspawn = 0;
    for (int t = 0; t < 3 && c->nspawn == 0; t++)
        for (size_t i = 0; i < cells; i++)
            if (c->deep_px[i] >= 0 && c->deep[i] > tiers[t]) c->spawn[c->nspawn++] = (int)i;
    memset(c->is_spawn, 0, cells);
    for (int i = 0; i < c->nspawn; i++) c->is_spawn[c->spawn[i]] = 1;
}

/* ---------------------------------------------------------- helpers */

static void compute_k(Sea *s)
{
    const SeaParams *p = &s->p;
    SeaStepK *K = &s->k;
    K->dt = p->dt;
    K->nr2 = p->neighbor_radius * p->neighbor_radius;
    K->s2 = p->sep_radius * p->sep_radius;
    K->inv_s = 1.0f / p->sep_radius;
    K->eps = 1e-4f * K->s2;
    K->cruise = 0.5f * (p->min_speed + p->max_speed);
    K->inv_cruise = 1.0f / K->cruise;
    /* Each urge is scaled to about 1 at full strength: separation per
     * neighbour at half the separation radius 1.5, alignment the mean
     * velocity at cruise speed, cohesion a centroid at the radius. */
    K->k_sep = p->sep_weight * p->max_force * K->inv_s;
    K->k_ali = p->ali_weight * K->inv_cruise;
    K->k_coh = p->coh_weight / p->neighbor_radius;
    K->k_wan = p->wander_weight;
    K->k_flee = p->flee_weight;
    K->k_shore = p->shore_weight;
    K->margin = p->shore_margin;
    K->inv_margin = 1.0f / p->shore_margin;
    K->border = 2.0f * fmaxf(p->shore_margin, p->neighbor_radius);
    K->inv_border = 1.0f / K->border;
    K->max_speed = p->max_speed;
    K->min_speed = p->min_speed;
    K->max_force = p->max_force;
    K->sep_lim = 2.0f * p->max_force;
    K->flee_speed = p->flee_speed;
    K->burst_span = p->flee_speed - p->max_speed;
    K->kind_mask = (uint32_t)p->kinds - 1u;
    for (int k = 0; k < SEA_KINDS_MAX; k++) K->kind_cruise[k] = K->cruise * KIND_SPEED[k];
    K->inv_steer = 1.0f / SEA_STEER_TIME;
    K->turn = SEA_TURN_RATE * p->dt;
    K->shark_speed = p->shark_speed;
    K->shark_force = p->shark_force;
    K->shark_sight2 = p->shark_sight * p->shark_sight;
    K->shark_catch2 = p->shark_catch * p->shark_catch;
    float room = 3.0f * p->shark_catch + 12.0f;
    K->shark_fear2 = room * room;
    K->xmax = nextafterf((float)s->shore->w, 0.0f);
    K->ymax = nextafterf((float)s->shore->h, 0.0f);
    K->brute = p->brute;
}

static int grow_fish(Sea *s, int cap, Err *e)
{
    if (cap <= s->cap) return 0;
    size_t n = (size_t)cap;
    float **fl[] = {&s->x, &s->y, &s->vx, &s->vy};
    for (size_t i = 0; i < sizeof fl / sizeof fl[0]; i++) {
        float *q = bigmem_realloc(*fl[i], (size_t)s->cap * sizeof(float), n * sizeof(float));
        if (!q) return err_set(e, "sea: out of memory for %d fish", cap);
        *fl[i] = q;
    }
    int *q = bigmem_realloc(s->id, (size_t)s->cap * sizeof(int), n * sizeof(int));
    if (!q) return err_set(e, "sea: out of memory for %d fish", cap);
    s->id = q;
    if (grid_reserve(&s->grid, cap, e) != 0) return -1;
    s->cap = cap;
    return 0;
}

/* A grid with cells of the neighbour radius, its payload and histograms. */
static int make_grid(Grid *g, const Sea *s, float cell, int cap, Err *e)
{
    if (grid_init(g, (float)s->shore->w, (float)s->shore->h, cell, cap, e) != 0) return -1;
    int parts = s->threads < SEA_MAX_PARTS ? s->threads : SEA_MAX_PARTS;
    if (grid_enable_payload(g, e) != 0 || grid_reserve_parts(g, parts, e) != 0) {
        grid_deinit(g);
        return -1;
    }
    return 0;
}

/* ------------------------------------------------------- lifecycle */

int sea_init(Sea **out, const ShoreField *shore, const SeaParams *p, uint64_t seed, int fish,
             int sharks, JobPool *pool, Err *e)
{
    *out = NULL;
    if (sea_params_validate(p, e) != 0) return -1;
    if (!shore || !shore->dist || shore->w <= 0 || shore->h <= 0)
        return err_set(e, "sea: no shore field (bake the map's distance field first)");
    if (fish < 0 || fish > SEA_MAX_FISH)
        return err_set(e, "sea: fish count %d; it must be in 0..%d", fish, SEA_MAX_FISH);
    if (sharks < 0 || sharks > SEA_MAX_SHARKS)
        return err_set(e, "sea: shark count %d; it must be in 0..%d", sharks, SEA_MAX_SHARKS);
    Sea *s = calloc(1, sizeof *s);
    if (!s) return err_set(e, "sea: out of memory");
    s->shore = shore;
    s->p = *p;
    s->seed = seed;
    s->pool = pool;
    if (!pool) {
        if (jobs_init(&s->own_pool, 1, e) != 0) {
            free(s);
            return -1;
        }
        s->pool = s->own_pool;
    }
    s->threads = jobs_threads(s->pool);
    /* SHOAL_SEA_SIMD=sse or avx2 runs that copy on a machine with more:
     * the same results, which is how the tests check the copies agree. */
    s->simd = sea_simd_level(getenv("SHOAL_SEA_SIMD"));
    s->threat_stamp = 1;
    s->cur_r = 0.0f;
    compute_k(s);
    if (make_grid(&s->grid, s, p->neighbor_radius, fish, e) != 0 ||
        cells_init(&s->cells, &s->grid, shore, e) != 0) {
        sea_deinit(s);
        return -1;
    }
    cells_classify(&s->cells, &s->grid, &s->p);
    if ((fish > 0 || sharks > 0) && s->cells.nspawn == 0) {
        sea_deinit(s);
        return err_set(e,
                       "sea: the %dx%d map has no water pixel; %d fish and %d sharks need "
                       "water to swim in",
                       shore->w, shore->h, fish, sharks);
    }
    if (grow_fish(s, fish > 0 ? fish : 1, e) != 0) {
        sea_deinit(s);
        return -1;
    }
    sea_spawn_fish(s, 0, fish);
    s->n = fish;
    for (int i = 0; i < sharks; i++) sea_spawn_shark(s, i);
    s->ns = sharks;
    *out = s;
    return 0;
}

void sea_deinit(Sea *s)
{
    if (!s) return;
    if (s->scheduled) sea_complete(s);
    grid_deinit(&s->grid);
    cells_free(&s->cells);
    free(s->x);
    free(s->y);
    free(s->vx);
    free(s->vy);
    free(s->id);
    jobs_deinit(s->own_pool);
    free(s);
}

int sea_set_pool(Sea *s, JobPool *pool, Err *e)
{
    assert(!s->scheduled);
    JobPool *want = pool ? pool : s->own_pool;
    if (!want && jobs_init(&want, 1, e) != 0) return -1;
    int threads = jobs_threads(want);
    /* Room for the histograms the new pool splits a build into; the
     * split never changes the result (sea_hash is the same for any). */
    int parts = threads < SEA_MAX_PARTS ? threads : SEA_MAX_PARTS;
    if (grid_reserve_parts(&s->grid, parts, e) != 0) {
        if (want != s->own_pool && want != pool) jobs_deinit(want);
        return -1;
    }
    if (pool && s->own_pool) {
        jobs_deinit(s->own_pool);
        s->own_pool = NULL;
    }
    if (!pool) s->own_pool = want;
    s->pool = want;
    s->threads = threads;
    return 0;
}

void sea_shore_moved(Sea *s, const ShoreField *shore)
{
    /* The old struct may be freed by now: nothing of it is read. */
    assert(!s->scheduled && shore->dist);
    s->shore = shore;
}

int sea_set_params(Sea *s, const SeaParams *p, Err *e)
{
    if (sea_params_validate(p, e) != 0) return -1;
    if (s->scheduled) sea_complete(s);
    if (p->neighbor_radius != s->p.neighbor_radius) {
        /* New cell size: a new grid and new cell facts, swapped in only
         * when both could be made. */
        Grid g;
        SeaCells c;
        if (make_grid(&g, s, p->neighbor_radius, s->cap, e) != 0) return -1;
        if (cells_init(&c, &g, s->shore, e) != 0) {
            grid_deinit(&g);
            return -1;
        }
        grid_deinit(&s->grid);
        cells_free(&s->cells);
        s->grid = g;
        s->cells = c;
    }
    s->p = *p;
    compute_k(s);
    cells_classify(&s->cells, &s->grid, &s->p);
    s->grid_fresh = 0;
    return 0;
}

const SeaParams *sea_params(const Sea *s)
{
    return &s->p;
}

int sea_set_fish_count(Sea *s, int n, Err *e)
{
    if (n < 0 || n > SEA_MAX_FISH)
        return err_set(e, "sea: fish count %d; it must be in 0..%d", n, SEA_MAX_FISH);
    if (s->scheduled) sea_complete(s);
    if (n > s->n) {
        if (s->cells.nspawn == 0)
            return err_set(e, "sea: the map has no water pixel; %d fish need water to swim in", n);
        if (n > s->cap) {
            int cap = s->cap + s->cap / 2;
            if (cap < n || cap > SEA_MAX_FISH) cap = n;
            if (grow_fish(s, cap, e) != 0) return -1;
        }
        sea_spawn_fish(s, s->n, n);
    } else if (n < s->n) {
        /* Drop the highest ids, keeping the storage order of the rest. */
        int j = 0;
        float *x = s->x, *y = s->y, *vx = s->vx, *vy = s->vy;
        int *id = s->id;
        for (int i = 0; i < s->n; i++) {
            if (id[i] >= n) continue;
            x[j] = x[i];
            y[j] = y[i];
            vx[j] = vx[i];
            vy[j] = vy[i];
            id[j] = id[i];
            j++;
        }
    }
    s->n = n;
    s->grid_fresh = 0;
    return 0;
}

int sea_set_shark_count(Sea *s, int n, Err *e)
{
    if (n < 0 || n > SEA_MAX_SHARKS)
        return err_set(e, "sea: shark count %d; it must be in 0..%d", n, SEA_MAX_SHARKS);
    if (s->scheduled) sea_complete(s);
    if (n > s->ns && s->cells.nspawn == 0)
        return err_set(e, "sea: the map has no water pixel; %d sharks need water to swim in", n);
    for (int i = s->ns; i < n; i++) sea_spawn_shark(s, i);
    s->ns = n;
    return 0;
}

int sea_set_shark(Sea *s, int i, float x, float y, float vx, float vy, Err *e)
{
    if (i < 0 || i >= s->ns)
        return err_set(e, "sea: shark %d does not exist (%d sharks)", i, s->ns);
    if (!isfinite(vx) || !isfinite(vy))
        return err_set(e, "sea: shark %d velocity (%g, %g) must be finite", i, (double)vx,
                       (double)vy);
    if (!sea_is_water(s, x, y))
        return err_set(e, "sea: shark %d at (%g, %g) would be off the map or on land", i, (double)x,
                       (double)y);
    if (s->scheduled) sea_complete(s);
    int fr = s->front;
    s->shx[fr][i] = x;
    s->shy[fr][i] = y;
    s->shvx[fr][i] = vx;
    s->shvy[fr][i] = vy;
    return 0;
}

void sea_set_hulls(Sea *s, const SeaCircle *hulls, int n)
{
    assert(hulls || n <= 0);
    if (n < 0) n = 0;
    if (n > SEA_MAX_HULLS) n = SEA_MAX_HULLS;
    int m = 0;
    for (int i = 0; i < n; i++) {
        const SeaCircle *h = &hulls[i];
        if (!isfinite(h->x) || !isfinite(h->y) || !isfinite(h->vx) || !isfinite(h->vy) ||
            !isfinite(h->radius) || h->radius < 0.0f)
            continue;
        s->hull[m++] = *h;
    }
    s->nhull = m;
}

int sea_set_focus(Sea *s, const float *xy, int n, float radius)
{
    assert(xy || n <= 0);
    float pts[2 * SEA_MAX_FOCUS];
    int m = 0;
    if (!(radius > 0.0f) || !isfinite(radius)) n = 0;
    for (int i = 0; i < n && m < SEA_MAX_FOCUS; i++) {
        if (!isfinite(xy[2 * i]) || !isfinite(xy[2 * i + 1])) continue;
        pts[2 * m] = xy[2 * i];
        pts[2 * m + 1] = xy[2 * i + 1];
        m++;
    }
    if (m == 0) radius = 0.0f;
    if (m == s->nfocus && radius == s->focus_r &&
        memcmp(pts, s->focus, (size_t)(2 * m) * sizeof *pts) == 0)
        return 0;
    /* Only a change waits for the step in flight (its respawns read the
     * focus): the game calls this every frame, mostly with the same. */
    if (s->scheduled) sea_complete(s);
    memcpy(s->focus, pts, (size_t)(2 * m) * sizeof *pts);
    s->nfocus = m;
    s->focus_r = radius;
    if (s->step != 0) return 0;
    /* Nothing has swum yet: slot i still holds fish i, as sea_init and
     * growth left them. */
    sea_spawn_fish(s, 0, s->n);
    s->grid_fresh = 0;
    return 1;
}

void sea_add_scare(Sea *s, float x, float y, float radius, float seconds)
{
    if (!isfinite(x) || !isfinite(y) || !isfinite(radius) || !(radius > 0.0f) ||
        !isfinite(seconds) || !(seconds > 0.0f))
        return;
    uint64_t steps = (uint64_t)ceilf(seconds / s->p.dt);
    SeaScare sc = {x, y, radius, s->step + (steps > 0 ? steps : 1)};
    if (s->nscare < SEA_MAX_SCARES) {
        s->scare[s->nscare++] = sc;
        return;
    }
    /* Full: the scare that ends first makes way. */
    int first = 0;
    for (int i = 1; i < s->nscare; i++)
        if (s->scare[i].until < s->scare[first].until) first = i;
    s->scare[first] = sc;
}

void sea_set_cursor(Sea *s, float x, float y, float radius)
{
    if (!isfinite(x) || !isfinite(y) || !isfinite(radius) || radius < 0.0f) radius = 0.0f;
    s->cur_x = x;
    s->cur_y = y;
    s->cur_r = radius;
}

void sea_set_bake(Sea *s, SeaBakeFn fn, void *ctx)
{
    s->bake = fn;
    s->bake_ctx = ctx;
}

/* ------------------------------------------------------------ step */

/* The view of the fish (none: fish 0) and of shark buffer b at `step`. */
static void view_of(const Sea *s, int fish, int b, uint64_t step, SeaView *v)
{
    assert(b == 0 || b == 1);
    if (!fish) {
        *v = (SeaView){0,     NULL,      NULL,      NULL,       NULL,       NULL,
                       s->ns, s->shx[b], s->shy[b], s->shvx[b], s->shvy[b], step};
        return;
    }
    *v = (SeaView){s->n,  s->x,      s->y,      s->vx,      s->vy,      s->id,
                   s->ns, s->shx[b], s->shy[b], s->shvx[b], s->shvy[b], step};
}

void sea_schedule(Sea *s)
{
    if (s->scheduled) return;
    assert(s->n <= s->cap && s->ns <= SEA_MAX_SHARKS);
    compute_k(s);
    sea_gather_threats(s);
    if (++s->threat_stamp == 0) s->threat_stamp = 1;
    int parts = s->n / SEA_MIN_PART;
    if (parts > s->grid.hist_workers) parts = s->grid.hist_workers;
    if (parts < 1) parts = 1;
    int back = s->front ^ 1;
    grid_build_begin(&s->grid, s->x, s->y, s->vx, s->vy, s->id, s->n, parts);
    s->run_bake = s->bake;
    s->run_bake_ctx = s->bake_ctx;
    view_of(s, 1, back, s->step + 1, &s->bake_view);
    JobChain *c = &s->chain;
    c->count = 0;
    c->stage[c->count++] = (JobStage){sea_stage_count, s, parts, 1};
    if (parts >= GRID_PREFIX_PARTS)
        c->stage[c->count++] = (JobStage){grid_stage_prefix, &s->grid, parts, 1};
    c->stage[c->count++] = (JobStage){grid_stage_scatter, &s->grid, parts, 1};
    c->stage[c->count++] = (JobStage){sea_stage_sharks, s, s->ns, 4};
    c->stage[c->count++] = (JobStage){sea_stage_fish, s, s->n, SEA_FISH_GRAIN};
    c->stage[c->count++] = (JobStage){sea_stage_bake, s, s->run_bake ? s->n : 0, SEA_BAKE_GRAIN};
    assert(c->count <= JOBS_CHAIN_MAX);
    s->scheduled = 1;
    jobs_schedule(s->pool, c);
}

void sea_complete(Sea *s)
{
    if (!s->scheduled) return;
    jobs_complete(s->pool, &s->chain);
    s->scheduled = 0;
    /* Each caught fish is eaten once; the lowest-numbered shark on it
     * gets it and digests for a while. */
    s->nrespawned = 0;
    uint64_t digest = (uint64_t)ceilf(SEA_SHARK_DIGEST / s->p.dt);
    for (int i = 0; i < s->ns; i++) {
        int t = s->shark_target[i];
        if (t < 0) continue;
        int dup = 0;
        for (int j = 0; j < s->nrespawned && !dup; j++) dup = s->respawned[j] == t;
        if (dup) continue;
        s->respawned[s->nrespawned++] = t;
        s->eaten++;
        s->shark_full_until[i] = s->step + 1 + digest;
    }
    s->front ^= 1;
    s->step++;
    s->grid_fresh = 1;
}

void sea_step(Sea *s)
{
    sea_schedule(s);
    sea_complete(s);
}

int sea_steps_due(double *acc, double dt, double step, int max_steps)
{
    assert(acc && step > 0.0 && max_steps >= 0);
    *acc += dt > 0.0 ? dt : 0.0;
    int steps = (int)(*acc / step);
    if (steps > max_steps) {
        steps = max_steps;
        *acc = fmod(*acc, step);
    } else {
        *acc -= steps * step;
    }
    return steps;
}

/* --------------------------------------------------------- queries */

void sea_view(const Sea *s, SeaView *v)
{
    /* In flight the fish stage is writing the fish. */
    view_of(s, !s->scheduled, s->front, s->step, v);
}
