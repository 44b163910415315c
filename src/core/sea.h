/* sea: the living school — fish and sharks as structure-of-arrays, stepped
 * on the worker pool from a double buffer, deterministic for a seed. */
#ifndef SHOAL_SEA_H
#define SHOAL_SEA_H

#include <stdint.h>

#include "err.h"
#include "jobs.h"
#include "shore.h"

#define SEA_MAX_FISH 2000000
#define SEA_MAX_SHARKS 64
#define SEA_MAX_HULLS 64
#define SEA_MAX_SCARES 32

/* Every tunable of the school; all may change while running
 * (sea_set_params). Distances in map px, speeds in px/s, forces px/s^2. */
typedef struct SeaParams {
    float dt;              /* fixed step, s (1/60) */
    float neighbor_radius; /* alignment/cohesion radius = grid cell */
    float sep_radius;      /* separation radius, <= neighbor_radius */
    float sep_weight, ali_weight, coh_weight;
    float wander_weight;
    float flee_weight;     /* sharks, hulls, scares */
    float flee_radius;     /* how far a fish sees a shark */
    float shore_weight;
    float shore_margin;    /* px; steer up the gradient inside it */
    float max_speed, min_speed, max_force;
    float shark_speed, shark_force, shark_sight; /* faster, turns slower */
    float shark_catch;     /* px: a fish this close to a shark is eaten */
    int brute;             /* 1: all-pairs neighbour search (benchmark baseline) */
} SeaParams;

/* A moving circle fish flee: a ship's hull. */
typedef struct SeaCircle {
    float x, y, vx, vy, radius;
} SeaCircle;

/* Read-only view of the current (front) buffer. Pointers stay valid until
 * the next sea_complete / count change. Fish keep their index for life:
 * an eaten fish respawns at the same index elsewhere. */
typedef struct SeaView {
    int fish;
    const float *x, *y, *vx, *vy;
    int sharks;
    const float *sx, *sy, *svx, *svy;
    uint64_t step;
} SeaView;

typedef struct Sea Sea;

void sea_params_default(SeaParams *p);
/* Refuse NaN/inf or negative weights, radius <= 0, min > max speed, etc.;
 * e names the field and its range. */
int sea_params_validate(const SeaParams *p, Err *e);

/* A sea over `shore` (kept by pointer; must outlive the sea) with `fish`
 * fish in schools and `sharks` sharks, all in water, from `seed`. The pool
 * may be shared; NULL runs single-threaded. */
int sea_init(Sea **out, const ShoreField *shore, const SeaParams *p, uint64_t seed, int fish,
             int sharks, JobPool *pool, Err *e);
void sea_deinit(Sea *s);

int sea_set_params(Sea *s, const SeaParams *p, Err *e);
const SeaParams *sea_params(const Sea *s);
/* Change counts while running: new fish spawn in water in schools (seeded),
 * removed fish are the highest indices. Allocates only when growing past
 * the capacity reached so far. */
int sea_set_fish_count(Sea *s, int n, Err *e);
int sea_set_shark_count(Sea *s, int n, Err *e);
/* Ship hulls for the next steps (copied; at most SEA_MAX_HULLS). */
void sea_set_hulls(Sea *s, const SeaCircle *hulls, int n);
/* A point scare (cannonball splash, cursor) lasting `seconds` of sim time. */
void sea_add_scare(Sea *s, float x, float y, float radius, float seconds);
/* The cursor: a flee source that lasts until moved or cleared (radius 0). */
void sea_set_cursor(Sea *s, float x, float y, float radius);

/* Optional last stage of the step chain, run in parallel over the fish
 * after they moved (the sprite-vertex bake). v is the new state. */
typedef void (*SeaBakeFn)(void *ctx, const SeaView *v, int begin, int end);
void sea_set_bake(Sea *s, SeaBakeFn fn, void *ctx);

/* One step = sea_schedule + sea_complete. Schedule returns at once; the
 * main thread works meanwhile; complete waits and flips the buffers. */
void sea_step(Sea *s);
void sea_schedule(Sea *s);
void sea_complete(Sea *s);

void sea_view(const Sea *s, SeaView *v);
/* FNV-1a over the bits of every position and velocity, fish and sharks. */
uint64_t sea_hash(const Sea *s);

/* Nearest fish to (x, y) within max_r via the grid, or -1. */
int sea_nearest_fish(const Sea *s, float x, float y, float max_r);
/* Fish within r of (x, y). */
int sea_count_within(const Sea *s, float x, float y, float r);

/* Fish eaten by sharks since init. */
uint64_t sea_eaten(const Sea *s);

#endif
