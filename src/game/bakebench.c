/* bakebench: timing the vertex bake of a real school. */
#include "bakebench.h"

#include <SDL.h>
#include <stdio.h>
#include <stdlib.h>

#include "core/jobs.h"
#include "core/sea.h"
#include "core/shore.h"
#include "ui/atlas.h"
#include "ui/batch.h"

/* Steps run first so headings and tail beats look like play, not spawn. */
#define WARM_STEPS 30

typedef struct Bench {
    JobPool *pool;
    ShoreField shore;
    Sea *sea;
    SpriteBatch batch;
    SeaView view;
} Bench;

static double ms(uint64_t t)
{
    return (double)t * 1000.0 / (double)SDL_GetPerformanceFrequency();
}

static void bake_range(void *ctx, int begin, int end, int worker)
{
    Bench *b = ctx;
    (void)worker;
    batch_bake(&b->batch, b->view.x, b->view.y, b->view.vx, b->view.vy, b->view.id, begin, end);
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* Sorts v; returns the median. */
static double median(double *v, int n)
{
    qsort(v, (size_t)n, sizeof *v, cmp_double);
    return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

static int setup(Bench *b, const GameOptions *o, const Map *m, Err *e)
{
    if (jobs_init(&b->pool, jobs_pick_threads(o->threads), e) != 0) return -1;
    if (shore_bake(&b->shore, m->land, m->w, m->h, e) != 0) return -1;
    SeaParams p;
    sea_params_default(&p);
    uint32_t seed = o->has_seed ? o->seed : 1;
    if (sea_init(&b->sea, &b->shore, &p, seed, o->fish, o->sharks, b->pool, e) != 0) return -1;
    Atlas a;
    if (atlas_read(&a, "fish", e) != 0) return -1;
    /* The game's fish style matters little here: only the lengths and
     * the frame count enter the bake. */
    BatchStyle st = {.len_min = 6.0f,
                     .len_max = 12.0f,
                     .palette = {{255, 255, 255, 255}},
                     .palette_n = 1,
                     .shade = 0.1f,
                     .beats_per_px = 0.05f};
    if (batch_init(&b->batch, &a.layout, &st, seed, e) != 0) return -1;
    if (batch_resize(&b->batch, o->fish, e) != 0) return -1;
    if (batch_set_clearance(&b->batch, &b->shore, e) != 0) return -1;
    for (int i = 0; i < WARM_STEPS; i++) sea_step(b->sea);
    return 0;
}

static void teardown(Bench *b)
{
    if (b->sea) sea_deinit(b->sea);
    batch_deinit(&b->batch);
    shore_free(&b->shore);
    if (b->pool) jobs_deinit(b->pool);
}

int bakebench_run(const GameOptions *o, const Map *m)
{
    Bench b = {0};
    Err e = {{0}};
    int runs = o->frames;
    double *alone = malloc((size_t)runs * sizeof *alone);
    double *staged = malloc((size_t)runs * sizeof *staged);
    double *step = malloc((size_t)runs * sizeof *step);
    int rc = 0;
    if (!alone || !staged || !step) {
        fprintf(stderr, "shoal: out of memory for %d timings\n", runs);
        rc = 1;
    } else if (setup(&b, o, m, &e) != 0) {
        fprintf(stderr, "shoal: %s\n", e.msg);
        rc = 1;
    }
    if (rc == 0) {
        /* A view like the game's at 80% zoom; the transform costs the
         * same at any zoom. */
        BatchXform xf = {0.8f, 12.0f, 8.0f};
        float dt = sea_params(b.sea)->dt;
        for (int i = 0; i < runs; i++) {
            sea_view(b.sea, &b.view);
            batch_set_next(&b.batch, xf, dt);
            uint64_t t0 = SDL_GetPerformanceCounter();
            jobs_parallel_for(b.pool, b.view.fish, 1024, bake_range, &b);
            alone[i] = ms(SDL_GetPerformanceCounter() - t0);
            batch_flip(&b.batch);
        }
        sea_set_bake(b.sea, batch_sea_bake, &b.batch);
        for (int i = 0; i < runs; i++) {
            batch_set_next(&b.batch, xf, dt);
            batch_span_reset(&b.batch);
            uint64_t t0 = SDL_GetPerformanceCounter(), s0, s1;
            sea_step(b.sea);
            step[i] = ms(SDL_GetPerformanceCounter() - t0);
            staged[i] = batch_span(&b.batch, &s0, &s1) == 0 ? ms(s1 - s0) : 0.0;
            batch_flip(&b.batch);
        }
        printf("shoal --bench-batch: %d fish on %s, %d threads, %d runs each\n", o->fish,
               m->meta.name, jobs_threads(b.pool), runs);
        double lo = alone[0];
        for (int i = 1; i < runs; i++) lo = alone[i] < lo ? alone[i] : lo;
        printf("vertex bake, alone on all threads:      median %8.3f ms  (best %.3f)\n",
               median(alone, runs), lo);
        printf("vertex bake, last stage of a sea step:  median %8.3f ms\n", median(staged, runs));
        printf("whole sea step (grid, sharks, fish, bake): median %6.3f ms\n", median(step, runs));
    }
    free(alone);
    free(staged);
    free(step);
    teardown(&b);
    return rc;
}
