/* seaprev: a smaller cousin of the game's sea life (src/game/sealife.c):
 * fish only, stepped synchronously, which is plenty for a preview. */
#include "seaprev.h"

#include <string.h>

int seaprev_init(SeaPreview *p, SDL_Renderer *r, Err *e)
{
    memset(p, 0, sizeof *p);
    sea_params_default(&p->params);
    if (atlas_load(&p->atlas, r, "fish", e) != 0) return -1;
    if (batch_init(&p->batch, &p->atlas.layout, &batch_fish_style, 7, e) != 0) {
        atlas_free(&p->atlas);
        return -1;
    }
    /* The game's kinds of fish, tint and size, in the preview too. */
    batch_set_kinds(&p->batch, p->params.kinds);
    p->loaded = 1;
    return 0;
}

void seaprev_deinit(SeaPreview *p)
{
    seaprev_stop(p);
    if (p->loaded) {
        batch_deinit(&p->batch);
        atlas_free(&p->atlas);
    }
    memset(p, 0, sizeof *p);
}

void seaprev_stop(SeaPreview *p)
{
    if (p->sea) sea_deinit(p->sea);
    p->sea = NULL;
    p->acc = 0.0;
}

int seaprev_start(SeaPreview *p, const ShoreField *shore, JobPool *pool, Err *e)
{
    seaprev_stop(p);
    if (!p->loaded) return err_set(e, "sea preview: the fish sprites did not load");
    size_t water = 0, n = (size_t)shore->w * (size_t)shore->h;
    for (size_t i = 0; i < n; i++) water += (size_t)shore_wet(shore, i);
    if (water == 0) return 0;
    size_t fish = water / SEAPREV_PX_PER_FISH;
    if (fish < SEAPREV_MIN_FISH) fish = SEAPREV_MIN_FISH;
    if (fish > SEAPREV_MAX_FISH) fish = SEAPREV_MAX_FISH;
    p->restarts++;
    if (sea_init(&p->sea, shore, &p->params, 0x5eaULL + p->restarts, (int)fish, 0, pool, e) != 0)
        return -1;
    if (batch_resize(&p->batch, (int)fish, e) != 0) {
        seaprev_stop(p);
        return -1;
    }
    p->fish = (int)fish;
    p->acc = 0.0;
    /* Bake the spawn positions once so the first frame shows fish. */
    SeaView v;
    sea_view(p->sea, &v);
    batch_set_next(&p->batch, (BatchXform){1.0f, 0.0f, 0.0f}, 0.0f);
    batch_bake(&p->batch, v.x, v.y, v.vx, v.vy, v.id, 0, v.fish);
    batch_flip(&p->batch);
    return 0;
}

void seaprev_update(SeaPreview *p, double dt, const Camera *c)
{
    if (!p->sea) return;
    double step = p->params.dt;
    int steps = sea_steps_due(&p->acc, dt, step, SEAPREV_MAX_STEPS);
    if (steps == 0) return;
    /* Only the last step's positions are ever shown. */
    sea_set_bake(p->sea, NULL, NULL);
    for (int k = 1; k < steps; k++) sea_step(p->sea);
    sea_set_bake(p->sea, batch_sea_bake, &p->batch);
    batch_set_next(&p->batch, batch_xform_camera(c), (float)(steps * step));
    sea_step(p->sea);
    batch_flip(&p->batch);
}

void seaprev_draw(SeaPreview *p, SDL_Renderer *r, const Camera *c)
{
    if (!p->sea) return;
    BatchXform xf = batch_xform_camera(c);
    SDL_Texture *tex = atlas_pick(&p->atlas, batch_cell_len(&p->batch) * xf.scale);
    batch_draw(&p->batch, r, tex, xf);
}
