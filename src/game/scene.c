/* scene: layer slots drawn in order. */
#include "scene.h"

void scene_set(Scene *s, SceneLayer layer, SceneDrawFn fn, void *ctx)
{
    if ((int)layer < 0 || layer >= LAYER_COUNT) return;
    s->fn[layer] = fn;
    s->ctx[layer] = ctx;
}

void scene_draw(const Scene *s, SDL_Renderer *r, const Camera *c)
{
    for (int i = 0; i < LAYER_COUNT; i++)
        if (s->fn[i]) s->fn[i](s->ctx[i], r, c);
}
