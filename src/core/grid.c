/* grid: uniform grid rebuilt each step by a stable, parallel counting sort. */
#include "grid.h"

#include "bigmem.h"

#include <assert.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* More cells than this is a misconfiguration (a tiny radius on a huge
 * map), not a sea: refuse it before allocating gigabytes. */
#define GRID_MAX_CELLS (1 << 24)
/* Parts below this many points each do not pay for their histogram. */
#define GRID_MIN_PART 2048

static size_t alloc_count(int n)
{
    return n > 0 ? (size_t)n : 1;
}

int grid_init(Grid *g, float world_w, float world_h, float cell, int cap, Err *e)
{
    memset(g, 0, sizeof *g);
    if (!(cell > 0.0f) || !isfinite(cell))
        return err_set(e, "grid: cell size %g; it must be a finite number > 0", (double)cell);
    if (!(world_w > 0.0f) || !(world_h > 0.0f) || !isfinite(world_w) || !isfinite(world_h))
        return err_set(e, "grid: world %gx%g px; both sides must be finite and > 0",
                       (double)world_w, (double)world_h);
    if (cap < 0) return err_set(e, "grid: capacity %d; it must be >= 0", cap);
    double cols = ceil((double)world_w / cell), rows = ceil((double)world_h / cell);
    if (cols < 1) cols = 1;
    if (rows < 1) rows = 1;
    if (cols * rows > GRID_MAX_CELLS)
        return err_set(e,
                       "grid: %gx%g px in cells of %g px makes %.0f cells; at most %d allowed "
                       "(use larger cells)",
                       (double)world_w, (double)world_h, (double)cell, cols * rows, GRID_MAX_CELLS);
    g->cell = cell;
    g->inv_cell = 1.0f / cell;
    g->cols = (int)cols;
    g->rows = (int)rows;
    int cells = g->cols * g->rows;
    g->cell_start = calloc((size_t)cells + 1, sizeof *g->cell_start);
    g->hist = calloc((size_t)cells, sizeof *g->hist);
    g->cursor = calloc((size_t)cells, sizeof *g->cursor);
    g->hist_workers = 1;
    if (!g->cell_start || !g->hist || !g->cursor || grid_reserve(g, cap, e) != 0) {
        grid_deinit(g);
        return err_set(e, "grid: out of memory for %d cells and %d points", cells, cap);
    }
    return 0;
}

void grid_deinit(Grid *g)
{
    free(g->cell_start);
    free(g->order);
    free(g->sx);
    free(g->sy);
    free(g->cell_of);
    free(g->hist);
    free(g->cursor);
    free(g->su);
    free(g->sv);
    free(g->sid);
    memset(g, 0, sizeof *g);
}

/* realloc (huge-page backed when big: the step reads these at random)
 * that leaves *pp intact on failure. */
static int grow(void **pp, size_t old_bytes, size_t bytes)
{
    void *q = bigmem_realloc(*pp, old_bytes, bytes);
    if (!q) return -1;
    *pp = q;
    return 0;
}

int grid_reserve(Grid *g, int cap, Err *e)
{
    if (cap < 0) return err_set(e, "grid: capacity %d; it must be >= 0", cap);
    if (cap <= g->cap && g->sx) return 0;
    size_t n = alloc_count(cap), np = (size_t)cap + GRID_PAD;
    /* What the buffers hold now (nothing before the first reserve). */
    size_t on = g->sx ? alloc_count(g->cap) : 0, onp = g->sx ? (size_t)g->cap + GRID_PAD : 0;
    /* A grid with a payload keeps no order (the payload says who). */
    int fail = (!g->su && grow((void **)&g->order, on * sizeof(int), n * sizeof(int))) ||
               grow((void **)&g->sx, onp * sizeof(float), np * sizeof(float)) ||
               grow((void **)&g->sy, onp * sizeof(float), np * sizeof(float)) ||
               grow((void **)&g->cell_of, on * sizeof(int), n * sizeof(int));
    if (!fail && g->su)
        fail = grow((void **)&g->su, onp * sizeof(float), np * sizeof(float)) ||
               grow((void **)&g->sv, onp * sizeof(float), np * sizeof(float)) ||
               grow((void **)&g->sid, onp * sizeof(int), np * sizeof(int));
    if (fail) return err_set(e, "grid: out of memory for %d points", cap);
    g->cap = cap;
    return 0;
}

int grid_enable_payload(Grid *g, Err *e)
{
    if (g->su) return 0;
    size_t np = (size_t)g->cap + GRID_PAD;
    g->su = bigmem_alloc(np * sizeof(float));
    g->sv = bigmem_alloc(np * sizeof(float));
    g->sid = bigmem_alloc(np * sizeof(int));
    if (!g->su || !g->sv || !g->sid) {
        free(g->su);
        free(g->sv);
        free(g->sid);
        g->su = g->sv = NULL;
        g->sid = NULL;
        return err_set(e, "grid: out of memory for the payload of %d points", g->cap);
    }
    free(g->order);
    g->order = NULL;
    return 0;
}

int grid_reserve_parts(Grid *g, int parts, Err *e)
{
    if (parts < 1 || parts > JOBS_MAX_THREADS)
        return err_set(e, "grid: %d parts; 1..%d allowed", parts, JOBS_MAX_THREADS);
    if (parts <= g->hist_workers) return 0;
    size_t cells = (size_t)g->cols * (size_t)g->rows;
    size_t old = cells * (size_t)g->hist_workers * sizeof(int);
    if (grow((void **)&g->hist, old, cells * (size_t)parts * sizeof(int)) ||
        grow((void **)&g->cursor, old, cells * (size_t)parts * sizeof(int)))
        return err_set(e, "grid: out of memory for %d histograms of %zu cells", parts, cells);
    g->hist_workers = parts;
    return 0;
}

void grid_build_begin(Grid *g, const float *x, const float *y, const float *u, const float *v,
                      const int *id, int n, int parts)
{
    assert(n >= 0 && n <= g->cap && (n == 0 || (x && y)));
    if (parts > g->hist_workers) parts = g->hist_workers;
    if (parts < 1) parts = 1;
    g->in_x = x;
    g->in_y = y;
    g->in_u = g->su ? u : NULL;
    g->in_v = g->sv ? v : NULL;
    g->in_id = g->sid ? id : NULL;
    g->n = n;
    g->parts = parts;
}

#if defined(__GNUC__)
/* 16-byte vectors: one SSE2 register (the x86-64 baseline; wider generic
 * vectors the compiler splits badly without AVX). */
typedef float GridF4 __attribute__((vector_size(16)));
typedef int32_t GridI4 __attribute__((vector_size(16)));

/* grid_cell_of for points i0.. in blocks of four, the same bits (the mask
 * picks of x > 0 ? x : 0 and x < m ? x : m); returns the first point it
 * left. */
static inline int cells_of4(const Grid *g, const float *x, const float *y, int *cell_of, int i0,
                            int i1)
{
    const GridF4 zero = {0.0f};
    const GridF4 inv = zero + g->inv_cell, mx = zero + (float)(g->cols - 1);
    const GridF4 my = zero + (float)(g->rows - 1);
    const GridI4 none = {0}, cols = none + g->cols;
    int i = i0;
    for (; i + 4 <= i1; i += 4) {
        GridF4 fx, fy;
        memcpy(&fx, x + i, sizeof fx);
        memcpy(&fy, y + i, sizeof fy);
        fx *= inv;
        fy *= inv;
        fx = (GridF4)((fx > zero) & (GridI4)fx);
        fy = (GridF4)((fy > zero) & (GridI4)fy);
        GridI4 bx = fx < mx, by = fy < my;
        fx = (GridF4)((bx & (GridI4)fx) | (~bx & (GridI4)mx));
        fy = (GridF4)((by & (GridI4)fy) | (~by & (GridI4)my));
        GridI4 c = __builtin_convertvector(fy, GridI4) * cols + __builtin_convertvector(fx, GridI4);
        memcpy(cell_of + i, &c, sizeof c);
    }
    return i;
}
#else
static inline int cells_of4(const Grid *g, const float *x, const float *y, int *cell_of, int i0,
                            int i1)
{
    (void)g, (void)x, (void)y, (void)cell_of, (void)i1;
    return i0;
}
#endif

/* Stage 1, per part: the cell of each of its points and its histogram. */
void grid_stage_count(void *grid, int begin, int end, int worker)
{
    Grid *g = grid;
    (void)worker;
    assert(0 <= begin && begin <= end && end <= g->parts);
    size_t cells = (size_t)g->cols * (size_t)g->rows;
    for (int k = begin; k < end; k++) {
        int i0 = (int)((int64_t)g->n * k / g->parts);
        int i1 = (int)((int64_t)g->n * (k + 1) / g->parts);
        int *h = g->hist + cells * (size_t)k;
        memset(h, 0, cells * sizeof *h);
        const float *restrict x = g->in_x, *restrict y = g->in_y;
        int *restrict cell_of = g->cell_of;
        /* The cells first, four at a time, then the histogram's scattered
         * increments. */
        int i = cells_of4(g, x, y, cell_of, i0, i1);
        for (; i < i1; i++) cell_of[i] = grid_cell_of(g, x[i], y[i]);
        for (i = i0; i < i1; i++) h[cell_of[i]]++;
    }
}

/* Stage 2, per slice s of the cells (as many slices as parts): for each
 * cell of the slice, where each part's points go, counted from the start
 * of the slice, and the slice's total. */
void grid_stage_prefix(void *grid, int begin, int end, int worker)
{
    Grid *g = grid;
    (void)worker;
    const int parts = g->parts;
    assert(0 <= begin && begin <= end && end <= parts);
    if (parts < GRID_PREFIX_PARTS) return;
    const size_t cells = (size_t)g->cols * (size_t)g->rows;
    const int *hist = g->hist;
    int *cursor = g->cursor, *start = g->cell_start;
    for (int s = begin; s < end; s++) {
        size_t c0 = cells * (size_t)s / (size_t)parts, c1 = cells * (size_t)(s + 1) / (size_t)parts;
        int running = 0;
        for (size_t c = c0; c < c1; c++) {
            start[c] = running;
            for (int j = 0; j < parts; j++) {
                cursor[cells * (size_t)j + c] = running;
                running += hist[cells * (size_t)j + c];
            }
        }
        g->slice_total[s] = running;
    }
}

/* The write cursors of part k over every cell: a prefix sum of all the
 * parts' histograms, walked by each part itself (one or two parts), or
 * the prefix stage's cursors moved by the totals of the slices before
 * theirs (part k also moves cell_start over slice k). */
static void part_cursors(Grid *g, int k)
{
    const size_t cells = (size_t)g->cols * (size_t)g->rows;
    const int parts = g->parts;
    int *cur = g->cursor + cells * (size_t)k, *start = g->cell_start;
    int running = 0;
    if (parts >= GRID_PREFIX_PARTS) {
        for (int s = 0; s < parts; s++) {
            size_t c0 = cells * (size_t)s / (size_t)parts;
            size_t c1 = cells * (size_t)(s + 1) / (size_t)parts;
            for (size_t c = c0; c < c1; c++) cur[c] += running;
            if (s == k)
                for (size_t c = c0; c < c1; c++) start[c] += running;
            running += g->slice_total[s];
        }
    } else if (parts == 2) {
        /* Without the loop over parts: this walk does not shrink with
         * threads, so it is worth keeping short. */
        const int *h0 = g->hist, *h1 = g->hist + cells;
        if (k == 0) {
            for (size_t c = 0; c < cells; c++) {
                start[c] = running;
                cur[c] = running;
                running += h0[c] + h1[c];
            }
        } else {
            for (size_t c = 0; c < cells; c++) {
                cur[c] = running + h0[c];
                running += h0[c] + h1[c];
            }
        }
    } else {
        const int *h = g->hist;
        for (size_t c = 0; c < cells; c++) {
            start[c] = running;
            cur[c] = running;
            running += h[c];
        }
    }
    if (k == 0) start[cells] = g->n;
}

/* Stage 3, per part: its write cursors, then the stable scatter of its
 * contiguous index range. */
void grid_stage_scatter(void *grid, int begin, int end, int worker)
{
    Grid *g = grid;
    (void)worker;
    size_t cells = (size_t)g->cols * (size_t)g->rows;
    int parts = g->parts;
    assert(0 <= begin && begin <= end && end <= parts);
    for (int k = begin; k < end; k++) {
        part_cursors(g, k);
        int *cur = g->cursor + cells * (size_t)k;
        if (k == parts - 1) {
            for (int i = g->n; i < g->n + GRID_PAD; i++) {
                g->sx[i] = g->sy[i] = 0.0f;
                if (g->su) {
                    g->su[i] = g->sv[i] = 0.0f;
                    g->sid[i] = 0;
                }
            }
        }
        int i0 = (int)((int64_t)g->n * k / parts);
        int i1 = (int)((int64_t)g->n * (k + 1) / parts);
        const float *x = g->in_x, *y = g->in_y;
        const int *cell_of = g->cell_of;
        float *sx = g->sx, *sy = g->sy;
        if (g->in_u && g->in_v && g->in_id) {
            const float *u = g->in_u, *v = g->in_v;
            const int *id = g->in_id;
            float *su = g->su, *sv = g->sv;
            int *sid = g->sid;
            for (int i = i0; i < i1; i++) {
                int pos = cur[cell_of[i]]++;
                sx[pos] = x[i];
                sy[pos] = y[i];
                su[pos] = u[i];
                sv[pos] = v[i];
                sid[pos] = id[i];
            }
        } else {
            int *order = g->order;
            for (int i = i0; i < i1; i++) {
                int pos = cur[cell_of[i]]++;
                order[pos] = i;
                sx[pos] = x[i];
                sy[pos] = y[i];
            }
        }
    }
}

void grid_build(Grid *g, const float *x, const float *y, int n, JobPool *pool)
{
    int parts = jobs_threads(pool);
    int useful = n / GRID_MIN_PART;
    if (parts > useful) parts = useful;
    if (parts < 1) parts = 1;
    /* Growing the histograms is a one-time cost; on failure fewer parts do. */
    if (parts > g->hist_workers) grid_reserve_parts(g, parts, NULL);
    grid_build_begin(g, x, y, NULL, NULL, NULL, n, parts);
    jobs_parallel_for(pool, g->parts, 1, grid_stage_count, g);
    jobs_parallel_for(pool, g->parts, 1, grid_stage_prefix, g);
    jobs_parallel_for(pool, g->parts, 1, grid_stage_scatter, g);
}

static int col_of(const Grid *g, float x)
{
    float f = x * g->inv_cell;
    return !(f >= 0.0f) ? 0 : (f >= (float)(g->cols - 1) ? g->cols - 1 : (int)f);
}

static int row_of(const Grid *g, float y)
{
    float f = y * g->inv_cell;
    return !(f >= 0.0f) ? 0 : (f >= (float)(g->rows - 1) ? g->rows - 1 : (int)f);
}

void grid_cell_rect(const Grid *g, float qx, float qy, float r, int *cx0, int *cy0, int *cx1,
                    int *cy1)
{
    *cx0 = col_of(g, qx - r);
    *cx1 = col_of(g, qx + r);
    *cy0 = row_of(g, qy - r);
    *cy1 = row_of(g, qy + r);
}

void grid_query(const Grid *g, float qx, float qy, float r, GridVisitFn fn, void *ctx)
{
    if (g->n == 0 || !(r >= 0.0f)) return;
    int cx0, cy0, cx1, cy1;
    grid_cell_rect(g, qx, qy, r, &cx0, &cy0, &cx1, &cy1);
    float r2 = r * r;
    for (int cy = cy0; cy <= cy1; cy++) {
        /* A row of cells is one contiguous run of the sorted arrays. */
        int k0 = g->cell_start[cy * g->cols + cx0];
        int k1 = g->cell_start[cy * g->cols + cx1 + 1];
        for (int k = k0; k < k1; k++) {
            float dx = g->sx[k] - qx, dy = g->sy[k] - qy;
            float d2 = dx * dx + dy * dy;
            if (d2 <= r2) fn(ctx, g->order ? g->order[k] : k, d2);
        }
    }
}
