/* grid: uniform spatial grid over the map, rebuilt each step by counting
 * sort, so that each 3x3 neighbour query walks contiguous memory. */
#ifndef SHOAL_GRID_H
#define SHOAL_GRID_H

#include "err.h"
#include "jobs.h"

/* The cell-ordered arrays (sx, sy, su, sv) hold GRID_PAD zeroed floats
 * after the last point of a build, so loops may read whole SIMD blocks. */
#define GRID_PAD 8

typedef struct Grid {
    float cell; /* cell side in px = neighbour radius */
    float inv_cell;
    int cols, rows;
    int cap;         /* points it can hold without reallocating */
    int n;           /* points in the last build */
    int *cell_start; /* cols*rows+1 offsets into order */
    int *order;      /* point indices, sorted by cell (stable); NULL with a payload */
    float *sx, *sy;  /* positions copied in cell order */
    int *cell_of;    /* cell of each point, by point index */
    int *hist;       /* per-worker histograms, internal */
    int hist_workers;
    /* Optional payload copied in cell order beside the positions (see
     * grid_enable_payload): two float channels and one int channel. */
    float *su, *sv;
    int *sid;
    int *cursor;                       /* per-part scatter cursors, internal */
    int slice_total[JOBS_MAX_THREADS]; /* points per slice of cells, internal */
    /* Inputs of the build in progress (grid_build_begin), internal. */
    const float *in_x, *in_y, *in_u, *in_v;
    const int *in_id;
    int parts;
} Grid;

/* A grid covering world_w x world_h px with cells of `cell` px, able to hold
 * `cap` points. Refuses cell <= 0 or NaN, and sizes that would overflow. */
int grid_init(Grid *g, float world_w, float world_h, float cell, int cap, Err *e);
void grid_deinit(Grid *g);
/* Grow the capacity (allocates; never called from the per-step path). */
int grid_reserve(Grid *g, int cap, Err *e);

/* Sort points (x[i], y[i]), i < n <= cap, into cells. Positions outside the
 * world are clamped into the border cells. Same result for any pool size. */
void grid_build(Grid *g, const float *x, const float *y, int n, JobPool *pool);

/* Allocate the payload channels su, sv, sid (kept at capacity by
 * grid_reserve); builds then copy u, v, id in cell order. The grid keeps
 * no order from then on (4 bytes a point): the payload says who is where,
 * and grid_query passes sorted slots. */
int grid_enable_payload(Grid *g, Err *e);
/* Make room for `parts` per-part histograms so builds split that many ways
 * without allocating. grid_build grows them itself when it can. */
int grid_reserve_parts(Grid *g, int parts, Err *e);

/* From this many parts on, the build needs its prefix stage: with one or
 * two, each part finds its write cursors by walking every cell itself,
 * as cheap as a stage boundary; with more, that walk (cells x parts, for
 * every part) would swamp the build, so the parts share it by slices. */
#define GRID_PREFIX_PARTS 3

/* The build as stages, for callers that put it into their own job chain:
 * grid_build_begin (no allocation, parts <= hist_workers), then
 * grid_stage_count over [0, parts), then grid_stage_prefix over
 * [0, parts) (only when parts >= GRID_PREFIX_PARTS; below it does
 * nothing), then grid_stage_scatter over [0, parts), each a parallel
 * stage with ctx = g (any split). u, v, id may be NULL (payload left
 * untouched); they need grid_enable_payload. */
void grid_build_begin(Grid *g, const float *x, const float *y, const float *u, const float *v,
                      const int *id, int n, int parts);
void grid_stage_count(void *grid, int begin, int end, int worker);
void grid_stage_prefix(void *grid, int begin, int end, int worker);
void grid_stage_scatter(void *grid, int begin, int end, int worker);

/* Cell index of a position, clamped into the grid. Written as max then
 * min (the compare-and-pick of SSE's maxps/minps, so loops of it
 * vectorise): NaN lands in cell 0 instead of reaching the cast. */
static inline int grid_cell_of(const Grid *g, float x, float y)
{
    float fx = x * g->inv_cell, fy = y * g->inv_cell;
    float mx = (float)(g->cols - 1), my = (float)(g->rows - 1);
    fx = fx > 0.0f ? fx : 0.0f;
    fy = fy > 0.0f ? fy : 0.0f;
    fx = fx < mx ? fx : mx;
    fy = fy < my ? fy : my;
    return (int)fy * g->cols + (int)fx;
}

/* Call fn(ctx, j, dist2) for every built point j within radius r of (qx, qy)
 * (squared distance compare; r <= cell scans only 3x3 cells); j is the
 * point's index, or its sorted slot in a grid with a payload. */
typedef void (*GridVisitFn)(void *ctx, int j, float dist2);
void grid_query(const Grid *g, float qx, float qy, float r, GridVisitFn fn, void *ctx);

/* The cells a query of radius r around (qx, qy) must scan: columns
 * cx0..cx1 and rows cy0..cy1, inclusive, clamped into the grid. */
void grid_cell_rect(const Grid *g, float qx, float qy, float r, int *cx0, int *cy0, int *cx1,
                    int *cy1);

#endif
