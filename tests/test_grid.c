/* test_grid: grid queries return exactly the brute-force neighbour set, and
 * the counting sort is stable and the same for any pool size. */
#include "core/grid.h"

#include <math.h>
#include <stdint.h>

#include "testutil.h"

static uint32_t rng_state = 12345u;

static uint32_t rng(void)
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 17;
    rng_state ^= rng_state << 5;
    return rng_state;
}

static float frand(float lo, float hi)
{
    return lo + (hi - lo) * (float)(rng() & 0xffffff) / 16777216.0f;
}

typedef struct Hits {
    int n;
    int *idx;
    float *d2;
} Hits;

static void collect(void *ctx, int j, float dist2)
{
    Hits *h = ctx;
    h->idx[h->n] = j;
    h->d2[h->n] = dist2;
    h->n++;
}

static int cmp_int(const void *a, const void *b)
{
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}

/* Every query of the grid returns the same set as the all-pairs test
 * (d^2 <= r^2, same float arithmetic), each point once, with its d^2. */
static void check_queries(const Grid *g, const float *x, const float *y, int n, float w, float h,
                          int queries)
{
    int *brute = malloc(((size_t)n + 1) * sizeof *brute);
    Hits hits = {0, malloc(((size_t)n + 1) * sizeof(int)), malloc(((size_t)n + 1) * sizeof(float))};
    const float radii[] = {0.0f, 3.0f, g->cell * 0.5f, g->cell, g->cell * 1.7f, w};
    for (int q = 0; q < queries; q++) {
        float qx, qy;
        if (q % 4 == 0) {
            /* Exactly on a point. */
            int j = n > 0 ? (int)(rng() % (uint32_t)n) : 0;
            qx = n > 0 ? x[j] : 0.0f;
            qy = n > 0 ? y[j] : 0.0f;
        } else {
            qx = frand(-0.2f * w, 1.2f * w);
            qy = frand(-0.2f * h, 1.2f * h);
        }
        for (size_t ri = 0; ri < sizeof radii / sizeof radii[0]; ri++) {
            float r = radii[ri];
            int nb = 0;
            for (int j = 0; j < n; j++) {
                float dx = x[j] - qx, dy = y[j] - qy;
                if (dx * dx + dy * dy <= r * r) brute[nb++] = j;
            }
            hits.n = 0;
            grid_query(g, qx, qy, r, collect, &hits);
            ck_assert_msg(hits.n == nb, "query (%g, %g) r %g: grid %d points, brute %d", (double)qx,
                          (double)qy, (double)r, hits.n, nb);
            for (int k = 0; k < hits.n; k++) {
                int j = hits.idx[k];
                float dx = x[j] - qx, dy = y[j] - qy;
                ck_assert(hits.d2[k] == dx * dx + dy * dy);
            }
            qsort(hits.idx, (size_t)hits.n, sizeof(int), cmp_int);
            for (int k = 0; k < nb; k++) ck_assert_int_eq(hits.idx[k], brute[k]);
        }
    }
    free(brute);
    free(hits.idx);
    free(hits.d2);
}

/* The sorted arrays agree with the input through `order`, every point is
 * in the range of its cell, and each cell lists its points in index order. */
static void check_sorted(const Grid *g, const float *x, const float *y, int n)
{
    int cells = g->cols * g->rows;
    ck_assert_int_eq(g->cell_start[0], 0);
    ck_assert_int_eq(g->cell_start[cells], n);
    char *seen = calloc((size_t)n + 1, 1);
    for (int c = 0; c < cells; c++) {
        ck_assert_int_le(g->cell_start[c], g->cell_start[c + 1]);
        for (int k = g->cell_start[c]; k < g->cell_start[c + 1]; k++) {
            int i = g->order[k];
            ck_assert(i >= 0 && i < n);
            ck_assert(!seen[i]);
            seen[i] = 1;
            ck_assert_int_eq(grid_cell_of(g, x[i], y[i]), c);
            ck_assert(memcmp(&g->sx[k], &x[i], sizeof(float)) == 0 &&
                      memcmp(&g->sy[k], &y[i], sizeof(float)) == 0);
            if (k > g->cell_start[c]) ck_assert_int_lt(g->order[k - 1], i);
        }
    }
    free(seen);
}

START_TEST(test_random_clouds_match_brute_force)
{
    const float w = 300.0f, h = 200.0f;
    const int ns[] = {0, 1, 2, 50, 700, 3000};
    for (size_t ni = 0; ni < sizeof ns / sizeof ns[0]; ni++) {
        int n = ns[ni];
        float *x = malloc(((size_t)n + 1) * sizeof *x), *y = malloc(((size_t)n + 1) * sizeof *y);
        for (int i = 0; i < n; i++) {
            x[i] = frand(0.0f, w);
            y[i] = frand(0.0f, h);
        }
        Grid g;
        Err e;
        ck_assert_int_eq(grid_init(&g, w, h, 17.0f, n, &e), 0);
        grid_build(&g, x, y, n, NULL);
        ck_assert_int_eq(g.n, n);
        check_sorted(&g, x, y, n);
        check_queries(&g, x, y, n, w, h, 60);
        grid_deinit(&g);
        free(x);
        free(y);
    }
}
END_TEST

START_TEST(test_points_at_and_beyond_edges)
{
    const float w = 100.0f, h = 60.0f;
    const float xs[] = {0.0f, w, -5.0f, w + 3.0f, -1e6f, 1e6f, 0.5f * w, w - 1e-3f, NAN};
    const float ys[] = {0.0f, h, -7.0f, h + 2.0f, 1e6f, -1e6f, 0.5f * h, h - 1e-3f, 0.0f};
    enum { N = 9 * 9 };
    float x[N], y[N];
    int n = 0;
    for (int i = 0; i < 9; i++)
        for (int j = 0; j < 9; j++) {
            x[n] = xs[i];
            y[n] = ys[j];
            n++;
        }
    Grid g;
    Err e;
    ck_assert_int_eq(grid_init(&g, w, h, 10.0f, N, &e), 0);
    grid_build(&g, x, y, n, NULL);
    check_sorted(&g, x, y, n);
    /* Every point's cell (the count stage's blocks of four and its scalar
     * tail alike): clamped into the grid, NaN in cell 0. */
    for (int i = 0; i < n; i++) {
        float fx = x[i] * g.inv_cell, fy = y[i] * g.inv_cell;
        int cx = isnan(fx) || fx < 0.0f ? 0 : fx >= (float)(g.cols - 1) ? g.cols - 1 : (int)fx;
        int cy = isnan(fy) || fy < 0.0f ? 0 : fy >= (float)(g.rows - 1) ? g.rows - 1 : (int)fy;
        ck_assert_int_eq(g.cell_of[i], cy * g.cols + cx);
        ck_assert_int_eq(grid_cell_of(&g, x[i], y[i]), cy * g.cols + cx);
    }
    /* Queries around every edge point and well outside the world. */
    for (int i = 0; i < n; i++) {
        if (!isfinite(x[i]) || !isfinite(y[i]) || fabsf(x[i]) > 1e5f || fabsf(y[i]) > 1e5f)
            continue;
        int brute = 0;
        for (int j = 0; j < n; j++) {
            float dx = x[j] - x[i], dy = y[j] - y[i];
            if (dx * dx + dy * dy <= 100.0f) brute++;
        }
        int hits_idx[N];
        float hits_d2[N];
        Hits hits = {0, hits_idx, hits_d2};
        grid_query(&g, x[i], y[i], 10.0f, collect, &hits);
        ck_assert_int_eq(hits.n, brute);
    }
    check_queries(&g, x, y, n, w, h, 40);
    grid_deinit(&g);
}
END_TEST

START_TEST(test_everyone_in_one_cell)
{
    enum { N = 500 };
    float x[N], y[N];
    for (int i = 0; i < N; i++) {
        x[i] = 41.0f + frand(0.0f, 3.0f);
        y[i] = 22.0f + frand(0.0f, 3.0f);
    }
    Grid g;
    Err e;
    ck_assert_int_eq(grid_init(&g, 128.0f, 64.0f, 16.0f, N, &e), 0);
    grid_build(&g, x, y, N, NULL);
    check_sorted(&g, x, y, N);
    int c = grid_cell_of(&g, x[0], y[0]);
    ck_assert_int_eq(g.cell_start[c + 1] - g.cell_start[c], N);
    for (int k = 0; k < N; k++) ck_assert_int_eq(g.order[k], k);
    check_queries(&g, x, y, N, 128.0f, 64.0f, 30);
    grid_deinit(&g);
}
END_TEST

START_TEST(test_same_order_for_any_pool)
{
    enum { N = 20000 };
    float *x = malloc(N * sizeof *x), *y = malloc(N * sizeof *y);
    /* Clustered: many points share cells, so stability matters. */
    for (int i = 0; i < N; i++) {
        x[i] = (float)(rng() % 40) * 7.0f + frand(0.0f, 2.0f);
        y[i] = (float)(rng() % 30) * 5.0f + frand(0.0f, 2.0f);
    }
    Grid ref;
    Err e;
    ck_assert_int_eq(grid_init(&ref, 300.0f, 160.0f, 12.0f, N, &e), 0);
    grid_build(&ref, x, y, N, NULL);
    check_sorted(&ref, x, y, N);
    const int threads[] = {2, 3, 8};
    for (size_t t = 0; t < 3; t++) {
        JobPool *p;
        ck_assert_int_eq(jobs_init(&p, threads[t], &e), 0);
        Grid g;
        ck_assert_int_eq(grid_init(&g, 300.0f, 160.0f, 12.0f, N, &e), 0);
        for (int rep = 0; rep < 3; rep++) {
            grid_build(&g, x, y, N, p);
            ck_assert_int_eq(memcmp(g.order, ref.order, N * sizeof(int)), 0);
            ck_assert_int_eq(memcmp(g.cell_start, ref.cell_start,
                                    ((size_t)ref.cols * (size_t)ref.rows + 1) * sizeof(int)),
                             0);
        }
        /* The staged build with a payload, split many ways. */
        ck_assert_int_eq(grid_enable_payload(&g, &e), 0);
        ck_assert_int_eq(grid_reserve_parts(&g, 7, &e), 0);
        float *u = malloc(N * sizeof *u), *v = malloc(N * sizeof *v);
        int *id = malloc(N * sizeof *id);
        for (int i = 0; i < N; i++) {
            u[i] = (float)i * 0.5f;
            v[i] = -(float)i;
            id[i] = N - i;
        }
        /* One, two and more parts take their own paths to the cursors. */
        const int splits[] = {7, 3, 2, 1};
        for (size_t sp = 0; sp < sizeof splits / sizeof splits[0]; sp++) {
            memset(g.sid, 0xff, N * sizeof(int));
            grid_build_begin(&g, x, y, u, v, id, N, splits[sp]);
            ck_assert_int_eq(g.parts, splits[sp]);
            jobs_parallel_for(p, g.parts, 1, grid_stage_count, &g);
            jobs_parallel_for(p, g.parts, 1, grid_stage_prefix, &g);
            jobs_parallel_for(p, g.parts, 1, grid_stage_scatter, &g);
            ck_assert_int_eq(memcmp(g.cell_start, ref.cell_start,
                                    ((size_t)ref.cols * (size_t)ref.rows + 1) * sizeof(int)),
                             0);
            /* No order with a payload: the ids say who (id[i] = N - i). */
            ck_assert_ptr_null(g.order);
            for (int k = 0; k < N; k++) {
                int i = ref.order[k];
                ck_assert(g.sid[k] == id[i] && g.su[k] == u[i] && g.sv[k] == v[i]);
                ck_assert(g.sx[k] == x[i] && g.sy[k] == y[i]);
            }
            /* The padding after the last point reads as zeros. */
            for (int k = N; k < N + GRID_PAD; k++) ck_assert(g.sx[k] == 0.0f && g.su[k] == 0.0f);
        }
        free(u);
        free(v);
        free(id);
        grid_deinit(&g);
        jobs_deinit(p);
    }
    grid_deinit(&ref);
    free(x);
    free(y);
}
END_TEST

START_TEST(test_reserve_then_rebuild)
{
    Grid g;
    Err e;
    ck_assert_int_eq(grid_init(&g, 64.0f, 64.0f, 8.0f, 0, &e), 0);
    grid_build(&g, NULL, NULL, 0, NULL);
    int hits_idx[1];
    float hits_d2[1];
    Hits hits = {0, hits_idx, hits_d2};
    grid_query(&g, 10.0f, 10.0f, 100.0f, collect, &hits);
    ck_assert_int_eq(hits.n, 0);
    enum { N = 300 };
    float x[N], y[N];
    for (int i = 0; i < N; i++) {
        x[i] = frand(0.0f, 64.0f);
        y[i] = frand(0.0f, 64.0f);
    }
    ck_assert_int_eq(grid_reserve(&g, N, &e), 0);
    ck_assert_int_ge(g.cap, N);
    grid_build(&g, x, y, N, NULL);
    check_sorted(&g, x, y, N);
    check_queries(&g, x, y, N, 64.0f, 64.0f, 20);
    /* Shrinking n keeps the rest consistent. */
    grid_build(&g, x, y, 1, NULL);
    check_sorted(&g, x, y, 1);
    check_queries(&g, x, y, 1, 64.0f, 64.0f, 20);
    ck_assert_int_eq(grid_reserve(&g, -1, &e), -1);
    ck_assert_ptr_nonnull(strstr(e.msg, "capacity"));
    grid_deinit(&g);
}
END_TEST

START_TEST(test_init_refuses_bad_sizes)
{
    Grid g;
    Err e = {{0}};
    ck_assert_int_eq(grid_init(&g, 100.0f, 100.0f, 0.0f, 10, &e), -1);
    ck_assert_ptr_nonnull(strstr(e.msg, "cell"));
    ck_assert_int_eq(grid_init(&g, 100.0f, 100.0f, -3.0f, 10, &e), -1);
    ck_assert_int_eq(grid_init(&g, 100.0f, 100.0f, NAN, 10, &e), -1);
    ck_assert_ptr_nonnull(strstr(e.msg, "cell"));
    ck_assert_int_eq(grid_init(&g, 0.0f, 100.0f, 5.0f, 10, &e), -1);
    ck_assert_ptr_nonnull(strstr(e.msg, "world"));
    ck_assert_int_eq(grid_init(&g, 100.0f, INFINITY, 5.0f, 10, &e), -1);
    ck_assert_int_eq(grid_init(&g, 100.0f, 100.0f, 5.0f, -1, &e), -1);
    ck_assert_ptr_nonnull(strstr(e.msg, "capacity"));
    /* A tiny cell on a big world would need too many cells. */
    ck_assert_int_eq(grid_init(&g, 16384.0f, 16384.0f, 0.001f, 10, &e), -1);
    ck_assert_ptr_nonnull(strstr(e.msg, "cells"));
    ck_assert_int_eq(grid_init(&g, 100.0f, 100.0f, 5.0f, 10, &e), 0);
    ck_assert_int_eq(grid_reserve_parts(&g, 0, &e), -1);
    ck_assert_int_eq(grid_reserve_parts(&g, JOBS_MAX_THREADS + 1, &e), -1);
    ck_assert_int_eq(grid_reserve_parts(&g, 4, &e), 0);
    ck_assert_int_eq(g.hist_workers, 4);
    grid_deinit(&g);
}
END_TEST

static Suite *grid_suite(void)
{
    Suite *s = suite_create("grid");
    TCase *tc = tcase_create("grid");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, test_random_clouds_match_brute_force);
    tcase_add_test(tc, test_points_at_and_beyond_edges);
    tcase_add_test(tc, test_everyone_in_one_cell);
    tcase_add_test(tc, test_same_order_for_any_pool);
    tcase_add_test(tc, test_reserve_then_rebuild);
    tcase_add_test(tc, test_init_refuses_bad_sizes);
    suite_add_tcase(s, tc);
    return s;
}

SHOAL_CHECK_MAIN(grid_suite)
