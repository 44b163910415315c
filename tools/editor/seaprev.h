/* seaprev: the live sea preview — the game's school (core/sea.h) run at a
 * fixed 60 Hz step over the map being edited and drawn as the game's fish
 * sprites, restarted whenever the coast changes. */
#ifndef SHOAL_ED_SEAPREV_H
#define SHOAL_ED_SEAPREV_H

#include <SDL.h>

#include "core/err.h"
#include "core/jobs.h"
#include "core/sea.h"
#include "core/shore.h"
#include "ui/atlas.h"
#include "ui/batch.h"
#include "ui/camera.h"

/* Fish per water pixel and the bounds of the count. */
#define SEAPREV_PX_PER_FISH 450
#define SEAPREV_MIN_FISH    150
#define SEAPREV_MAX_FISH    3000
/* Catch-up steps run in one frame at most. */
#define SEAPREV_MAX_STEPS 4

typedef struct SeaPreview {
    Sea *sea; /* NULL until started (or when the map has no water) */
    SeaParams params;
    Atlas atlas;
    SpriteBatch batch;
    int loaded; /* atlas and batch ready */
    int fish;
    double acc;
    unsigned restarts; /* varies the seed so a restart looks alive */
} SeaPreview;

/* Load the fish sprites for r. A preview that fails to load reports why
 * and stays unusable; the editor goes on without it. */
int seaprev_init(SeaPreview *p, SDL_Renderer *r, Err *e);
void seaprev_deinit(SeaPreview *p);

/* (Re)start the school over shore (kept by pointer: call seaprev_stop
 * before freeing or re-baking it) with a fish count for its water area.
 * A map without water leaves the preview stopped and returns 0. */
int seaprev_start(SeaPreview *p, const ShoreField *shore, JobPool *pool, Err *e);
void seaprev_stop(SeaPreview *p);

/* Run the steps owed for dt seconds and bake sprites for view c. */
void seaprev_update(SeaPreview *p, double dt, const Camera *c);
/* Draw the school (one SDL_RenderGeometry call). */
void seaprev_draw(SeaPreview *p, SDL_Renderer *r, const Camera *c);

#endif
