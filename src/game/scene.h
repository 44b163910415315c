/* scene: the fixed bottom-to-top order of what a frame draws. Each layer
 * is a draw callback in its slot; empty slots are skipped, so later parts
 * of the game (the hex grid, ships, battle effects) slot in without
 * touching the others. */
#ifndef SHOAL_SCENE_H
#define SHOAL_SCENE_H

#include <SDL.h>

#include "ui/camera.h"

typedef enum SceneLayer {
    LAYER_TERRAIN, /* water and land */
    LAYER_FISH,    /* the school: one draw call */
    LAYER_SHARKS,
    LAYER_HEX, /* the hex grid of a skirmish */
    LAYER_SHIPS,
    LAYER_EFFECTS, /* splashes, smoke, shot trails */
    LAYER_MARKERS, /* selection rings: the followed fish */
    LAYER_HUD,     /* screen-space text and panels, last */
    LAYER_COUNT
} SceneLayer;

/* Draw one layer through camera c (screen-space layers ignore it). */
typedef void (*SceneDrawFn)(void *ctx, SDL_Renderer *r, const Camera *c);

typedef struct Scene {
    SceneDrawFn fn[LAYER_COUNT];
    void *ctx[LAYER_COUNT];
} Scene;

/* Put fn (NULL: nothing) into slot `layer`, replacing what was there. */
void scene_set(Scene *s, SceneLayer layer, SceneDrawFn fn, void *ctx);
/* Draw every filled slot, bottom to top. */
void scene_draw(const Scene *s, SDL_Renderer *r, const Camera *c);

#endif
