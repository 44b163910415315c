/* grid: uniform spatial grid over the map, rebuilt each step by counting
 * sort, so that each 3x3 neighbour query walks contiguous memory. */
#ifndef SHOAL_GRID_H
#define SHOAL_GRID_H

#include "err.h"
#include "jobs.h"

typedef struct Grid {
    float cell;          /* cell side in px = neighbour radius */
    float inv_cell;
    int cols, rows;
    int cap;             /* points it can hold without reallocating */
    int n;               /* points in the last build */
    int *cell_start;     /* cols*rows+1 offsets into order */
    int *order;          /* point indices, sorted by cell (stable) */
    float *sx, *sy;      /* positions copied in cell order */
    int *cell_of;        /* cell of each point, by point index */
    int *hist;           /* per-worker histograms, internal */
    int hist_workers;
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

/* Call fn(ctx, j, dist2) for every built point j within radius r of (qx, qy)
 * (squared distance compare; r <= cell scans only 3x3 cells). */
typedef void (*GridVisitFn)(void *ctx, int j, float dist2);
void grid_query(const Grid *g, float qx, float qy, float r, GridVisitFn fn, void *ctx);

#endif
