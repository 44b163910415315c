/* sealife: the living sea on screen — the school stepped on the workers at
 * a fixed rate while the main thread draws, its sprites, the sea-life
 * switch, the cursor that scares fish and the fish the camera follows. */
#ifndef SHOAL_SEALIFE_H
#define SHOAL_SEALIFE_H

#include <SDL.h>
#include <stdint.h>

#include "core/jobs.h"
#include "core/sea.h"
#include "core/shore.h"
#include "ui/atlas.h"
#include "ui/batch.h"
#include "ui/camera.h"

/* Steps run in one frame at most; a longer stall drops the rest instead of
 * spiralling (each catch-up step would make the next frame later still). */
#define SEALIFE_MAX_STEPS 4

/* This frame's sea costs (see PerfSample for what each covers). */
typedef struct SeaLifeTiming {
    double main_ms, upload_ms, work_ms, bake_ms;
    int steps;
    int fish_calls, shark_calls;
} SeaLifeTiming;

typedef struct SeaLife {
    Sea *sea;
    SeaParams params;
    JobPool *pool;
    Atlas fish_atlas, shark_atlas;
    SpriteBatch fish, sharks;
    int on;
    double acc;       /* sim time owed, s */
    int in_flight;    /* a step is scheduled and not yet completed */
    uint64_t t_sched; /* ticks when it was scheduled */
    SeaLifeTiming t;
    int follow;      /* followed fish's id, -1 none */
    int follow_slot; /* where it was in the sea's view (a search hint) */
    float follow_x, follow_y;
    BatchXform view; /* the view of the last update (for re-baking the front) */
} SeaLife;

/* A sea of `fish` fish and `sharks` sharks over shore (kept by pointer)
 * stepped on pool, its sprite atlases loaded for r. Starts switched on.
 * sealife_stock then sealife_init_stocked, on the calling thread. */
int sealife_init(SeaLife *s, SDL_Renderer *r, const ShoreField *shore, JobPool *pool, uint32_t seed,
                 int fish, int sharks, Err *e);
void sealife_deinit(SeaLife *s);

/* The part of a SeaLife that needs no renderer: the school spawned and
 * the sprites' clearance summaries. At 8192^2 it is 0.2 s of work (the
 * sea's shore tables and the two summaries), which a loader does on its
 * thread so the main thread only dresses it. */
typedef struct SeaLifeStock {
    Sea *sea; /* made single-threaded; NULL: nothing stocked */
    SeaParams params;
    BatchClearance fish_clear, shark_clear;
    uint32_t seed;
} SeaLifeStock;

/* Stock a sea of `fish` fish and `sharks` sharks over shore (kept by
 * pointer: sea_shore_moved when its struct moves) with params p (NULL:
 * the defaults), from seed. No SDL: any thread. On failure *st is empty. */
int sealife_stock(SeaLifeStock *st, const ShoreField *shore, const SeaParams *p, uint32_t seed,
                  int fish, int sharks, Err *e);
void sealife_stock_free(SeaLifeStock *st);
/* sealife_init from a stock made over the same field as shore (its struct
 * may have moved since): the stock is taken, on failure too (then freed),
 * its sea stepped on pool from now on. Main thread (it loads textures). */
int sealife_init_stocked(SeaLife *s, SDL_Renderer *r, const ShoreField *shore, JobPool *pool,
                         SeaLifeStock *st, Err *e);

/* The sea-life switch. Off: no step is scheduled, nothing baked, no fish
 * or shark drawn, the school keeps its place until switched on again. */
void sealife_set_on(SeaLife *s, int on);

/* Live tuning; call between frames (not while a step is in flight). */
int sealife_set_fish(SeaLife *s, int n, Err *e);
int sealife_set_sharks(SeaLife *s, int n, Err *e);
/* The tunable weights of w (separation, alignment, cohesion, flee weight,
 * burst speed, kinds: sealife_weights_differ says which) into the sea; the
 * other params stay. Fish are redressed when the kinds change. */
int sealife_set_weights(SeaLife *s, const SeaParams *w, Err *e);
/* 1 when a's tunable weights differ from b's. */
int sealife_weights_differ(const SeaParams *a, const SeaParams *b);
/* Where the fish should live (sea_set_focus; n 0: nowhere in particular).
 * Cheap when the focus is unchanged; before the first step it lays the
 * school out again, sprites and all. */
void sealife_set_focus(SeaLife *s, const float *xy, int n, float radius);
int sealife_fish(const SeaLife *s);
int sealife_shark_count(const SeaLife *s);

/* Start of a frame: run the steps owed for dt seconds of play (the last
 * one scheduled on the workers, baking sprites for view c), and nothing
 * when switched off. */
void sealife_update(SeaLife *s, double dt, const Camera *c);
/* Scene layers (ctx = the SeaLife): the fish, the sharks, and a ring
 * around the followed fish. */
void sealife_draw_fish(void *ctx, SDL_Renderer *r, const Camera *c);
void sealife_draw_sharks(void *ctx, SDL_Renderer *r, const Camera *c);
void sealife_draw_marker(void *ctx, SDL_Renderer *r, const Camera *c);
/* End of a frame's drawing: wait for the step and flip the buffers. */
void sealife_finish(SeaLife *s);
/* The frame's costs, complete after sealife_finish. */
SeaLifeTiming sealife_timing(const SeaLife *s);

/* The cursor at map point (x, y) scares fish within r map px; r = 0
 * clears it. */
void sealife_cursor(SeaLife *s, float x, float y, float r);

/* Follow the fish nearest map point (x, y) within r; 1 if one was found.
 * A step in flight is finished first. */
int sealife_follow_at(SeaLife *s, float x, float y, float r);
void sealife_unfollow(SeaLife *s);
/* Where the followed fish is now: 1 and (x, y), or 0 when none is
 * followed (never was, stopped, or lost: eaten and respawned). While a
 * step is in flight: where it was before the step, as the sprites show. */
int sealife_followed(SeaLife *s, float *x, float *y);

#endif
