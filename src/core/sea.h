/* sea: the living school — fish and sharks as structure-of-arrays, stepped
 * on the worker pool from a double buffer, deterministic for a seed. */
#ifndef SHOAL_SEA_H
#define SHOAL_SEA_H

#include <stdint.h>

#include "err.h"
#include "jobs.h"
#include "shore.h"

#define SEA_MAX_FISH   2000000
#define SEA_MAX_SHARKS 64
#define SEA_MAX_HULLS  64
#define SEA_MAX_SCARES 32
#define SEA_KINDS_MAX  4
#define SEA_MAX_FOCUS  64

/* Every tunable of the school; all may change while running
 * (sea_set_params). Distances in map px, speeds in px/s, forces px/s^2. */
typedef struct SeaParams {
    float dt;              /* fixed step, s (1/60) */
    float neighbor_radius; /* alignment/cohesion radius = grid cell */
    float sep_radius;      /* separation radius, <= neighbor_radius */
    float sep_weight, ali_weight, coh_weight;
    float wander_weight;
    float flee_weight; /* sharks, hulls, scares */
    float flee_radius; /* how far a fish sees a shark */
    float shore_weight;
    float shore_margin; /* px; steer up the gradient inside it */
    /* A fish cruises between min_speed and max_speed; close to a coast it
     * brakes below min_speed rather than swim into it. */
    float max_speed, min_speed, max_force;
    /* A frightened fish bursts up to flee_speed (>= max_speed), in
     * proportion to its fear: a shark's charge blows the school apart. */
    float flee_speed;
    float shark_speed, shark_force, shark_sight; /* faster, turns slower */
    float shark_catch;                           /* px: a fish this close to a shark is eaten */
    /* Kinds of fish, 1, 2 or 4: fish id's kind is id & (kinds - 1). A fish
     * aligns with and closes up on its own kind only (it keeps its distance
     * from all), so schools of two kinds pass through each other instead of
     * merging; each kind has its own cruising speed (sea_kind_speed). */
    int kinds;
    int brute; /* 1: all-pairs neighbour search (benchmark baseline) */
} SeaParams;

/* A moving circle fish flee: a ship's hull. */
typedef struct SeaCircle {
    float x, y, vx, vy, radius;
} SeaCircle;

/* Read-only view of the current state. Pointers stay valid until the next
 * sea_schedule / count change: while a step is in flight its fish stage
 * writes the fish, so a view taken then lists none (fish 0, NULL arrays);
 * the sharks are double-buffered and stay readable. Fish are listed in the sea's
 * storage order (the cell order of the last step), which changes from
 * step to step: x[i], y[i], vx[i], vy[i] belong to fish id[i]. A fish
 * keeps its id for life (an eaten fish respawns elsewhere under the same
 * id); ids are 0..fish-1, each listed once. Sharks are by index. */
typedef struct SeaView {
    int fish;
    const float *x, *y, *vx, *vy;
    const int *id;
    int sharks;
    const float *sx, *sy, *svx, *svy;
    uint64_t step;
} SeaView;

typedef struct Sea Sea;

void sea_params_default(SeaParams *p);
/* The kind of fish `id` among `kinds` (SeaParams.kinds: 1, 2 or 4), the
 * one definition the sea, its metrics and the renderer share (the fish
 * kernel's SIMD candidate test is the same mask). */
static inline int sea_kind(int kinds, int id)
{
    return id & (kinds - 1);
}
/* Kind k's cruising speed as a factor of the mean cruise (the renderer
 * sizes kinds by it). */
float sea_kind_speed(int kind);
/* Refuse NaN/inf or negative weights, radius <= 0, min > max speed, etc.;
 * e names the field and its range. */
int sea_params_validate(const SeaParams *p, Err *e);

/* A sea over `shore` (kept by pointer; must outlive the sea) with `fish`
 * fish in schools and `sharks` sharks, all in water, from `seed`. The pool
 * may be shared; NULL runs single-threaded. */
int sea_init(Sea **out, const ShoreField *shore, const SeaParams *p, uint64_t seed, int fish,
             int sharks, JobPool *pool, Err *e);
void sea_deinit(Sea *s);
/* Step on pool from now on (NULL: a one-thread pool of the sea's own), so
 * a sea made on one thread (a loader's, pool NULL) can be handed to
 * another that steps it on its workers. No step may be in flight. The
 * states stepped are the same whatever pool the sea was made or stepped
 * on. Fails (the old pool kept) only when out of memory. */
int sea_set_pool(Sea *s, JobPool *pool, Err *e);
/* The shore the sea was made over now lives at `shore` (the same field:
 * its struct was moved, e.g. out of a loader into the game, its dist
 * array was not). No step may be in flight. */
void sea_shore_moved(Sea *s, const ShoreField *shore);

/* Validate and apply p from the next step on (a step in flight is
 * completed first). A new neighbor_radius rebuilds the grid (allocates);
 * on failure the old params stay. */
int sea_set_params(Sea *s, const SeaParams *p, Err *e);
const SeaParams *sea_params(const Sea *s);
/* Change counts while running (a step in flight is completed first): new
 * fish spawn in water in schools (seeded), removed fish are the highest
 * indices. Allocates only when growing past the capacity reached so far.
 * Refuses counts outside 0..SEA_MAX_FISH / SEA_MAX_SHARKS, and new fish or
 * sharks on a map without water. */
int sea_set_fish_count(Sea *s, int n, Err *e);
int sea_set_shark_count(Sea *s, int n, Err *e);
/* Put shark i (< shark count) at (x, y) with velocity (vx, vy), e.g. to
 * script a scene or a test; refuses a position off the map or on land. */
int sea_set_shark(Sea *s, int i, float x, float y, float vx, float vy, Err *e);
/* Ship hulls for the next steps (copied; at most SEA_MAX_HULLS; circles
 * with a non-finite field or negative radius are dropped). Fish flee from
 * the hull's edge and out of the path it will sail in the next second.
 * Like scares, the cursor and the bake, read when a step is scheduled. */
void sea_set_hulls(Sea *s, const SeaCircle *hulls, int n);
/* Points of interest (a battle's ships; copied, at most SEA_MAX_FOCUS,
 * non-finite ones dropped; n 0 or radius <= 0: none) that the sea life
 * lives round: from now on a share of the new schools (a count grown) and
 * of the eaten fish respawning are put within `radius` px of one of them,
 * the rest spread over the sea as before. Before the first step the fish
 * already there are laid out again (sea_init's layout with the focus), so
 * a sea made before its fleets were known starts round them; returns 1
 * then, else 0 (also when the focus did not change). A change completes
 * the step in flight first; the same focus again costs a compare.
 * Deterministic like the rest: the same seed, counts and
 * focus give the same sea on any thread count. */
int sea_set_focus(Sea *s, const float *xy, int n, float radius);
/* A point scare (cannonball splash, cursor) lasting `seconds` of sim time. */
void sea_add_scare(Sea *s, float x, float y, float radius, float seconds);
/* The cursor: a flee source that lasts until moved or cleared (radius 0). */
void sea_set_cursor(Sea *s, float x, float y, float radius);

/* Optional last stage of the step chain, run in parallel over the fish
 * after they moved (the sprite-vertex bake). v is the new state; every
 * fish index is passed exactly once per step. NULL fn: no bake stage. */
typedef void (*SeaBakeFn)(void *ctx, const SeaView *v, int begin, int end);
void sea_set_bake(Sea *s, SeaBakeFn fn, void *ctx);

/* One step = sea_schedule + sea_complete. Schedule returns at once; the
 * main thread works meanwhile (reading the view is fine; changing the sea
 * completes the step first); complete waits and flips the buffers.
 * Schedule is a no-op while a step is in flight, complete when none is. */
void sea_step(Sea *s);
/* For a caller stepping at a fixed rate from its frames: the whole steps of
 * `step` seconds due once dt more seconds have passed, with *acc the time
 * carried over between calls. At most max_steps: the rest of a backlog is
 * dropped (only the fraction of a step is kept), so a stall never turns
 * into a burst of catch-up steps. */
int sea_steps_due(double *acc, double dt, double step, int max_steps);
void sea_schedule(Sea *s);
void sea_complete(Sea *s);

void sea_view(const Sea *s, SeaView *v);
/* The slot i of fish `id` in v (v->id[i] == id), or -1 when there is no
 * such fish. The search starts at `hint` (e.g. the slot the fish had a
 * step ago: it rarely moves far) and widens; any hint works. */
int sea_view_find(const SeaView *v, int id, int hint);
/* FNV-1a over the bits of the current state: the fish's x, y, vx, vy and
 * id in storage order, then the sharks' x, y, vx, vy. The same for any
 * thread count (so is the storage order). No step may be in flight. */
uint64_t sea_hash(const Sea *s);

/* The id of the nearest fish of the current state to (x, y) within max_r
 * (d^2 <= r^2; ties to the lowest id) via the grid, or -1. Exactly the brute-force
 * answer; after a count change it scans every fish instead. No step may be
 * in flight (its fish stage writes the fish): complete it first. */
int sea_nearest_fish(const Sea *s, float x, float y, float max_r);
/* Fish of the current state within r of (x, y) (d^2 <= r^2), same way. */
int sea_count_within(const Sea *s, float x, float y, float r);

/* Fish eaten by sharks since init. A shark eats the nearest fish within
 * shark_catch (one per step; several on one fish: the lowest shark gets
 * it) and then digests for a while; the fish respawns out of the sharks'
 * sight under the same id. */
uint64_t sea_eaten(const Sea *s);

#endif
