/* sealife: stepping the school a frame at a time and drawing it. */
#include "sealife.h"

#include <math.h>
#include <string.h>

#include "ui/draw.h"

/* A followed fish that moves farther than this in one frame was eaten and
 * respawned elsewhere: the camera lets it go. */
#define FOLLOW_LOST_PX 40.0f

static uint64_t ticks(void)
{
    return SDL_GetPerformanceCounter();
}

static double ms(uint64_t t)
{
    return (double)t * 1000.0 / (double)SDL_GetPerformanceFrequency();
}

typedef struct Refill {
    SpriteBatch *b;
    SeaView v;
} Refill;

static void refill_range(void *ctx, int begin, int end, int worker)
{
    Refill *f = ctx;
    (void)worker;
    batch_bake(f->b, f->v.x, f->v.y, f->v.vx, f->v.vy, f->v.id, begin, end);
}

/* After a count change the front buffer lacks the new fish: bake the
 * whole school once, on the pool, without advancing the tail beat. */
static void refill_front(SeaLife *s)
{
    Refill f = {&s->fish, {0}};
    batch_set_kinds(&s->fish, s->params.kinds);
    sea_view(s->sea, &f.v);
    batch_set_next(&s->fish, s->view, 0.0f);
    jobs_parallel_for(s->pool, f.v.fish, 1024, refill_range, &f);
    batch_flip(&s->fish);
}

int sealife_stock(SeaLifeStock *st, const ShoreField *shore, const SeaParams *p, uint32_t seed,
                  int fish, int sharks, Err *e)
{
    memset(st, 0, sizeof *st);
    st->seed = seed;
    if (p)
        st->params = *p;
    else
        sea_params_default(&st->params);
    /* Both batches keep the same summary: made once, copied (3 ms). */
    if (sea_init(&st->sea, shore, &st->params, seed, fish, sharks, NULL, e) != 0 ||
        batch_clearance_make(&st->fish_clear, shore, e) != 0 ||
        batch_clearance_copy(&st->shark_clear, &st->fish_clear, e) != 0) {
        sealife_stock_free(st);
        return -1;
    }
    return 0;
}

void sealife_stock_free(SeaLifeStock *st)
{
    if (st->sea) sea_deinit(st->sea);
    batch_clearance_free(&st->fish_clear);
    batch_clearance_free(&st->shark_clear);
    memset(st, 0, sizeof *st);
}

int sealife_init_stocked(SeaLife *s, SDL_Renderer *r, const ShoreField *shore, JobPool *pool,
                         SeaLifeStock *st, Err *e)
{
    memset(s, 0, sizeof *s);
    s->pool = pool;
    s->on = 1;
    s->follow = -1;
    s->view = (BatchXform){1.0f, 0.0f, 0.0f};
    s->params = st->params;
    uint32_t seed = st->seed;
    Sea *sea = st->sea;
    st->sea = NULL;
    s->sea = sea; /* sealife_deinit frees it from here on */
    sea_shore_moved(sea, shore);
    SeaView v;
    sea_view(sea, &v);
    int fish = v.fish, sharks = v.sharks;
    if (sea_set_pool(sea, pool, e) != 0 || atlas_load(&s->fish_atlas, r, "fish", e) != 0 ||
        atlas_load(&s->shark_atlas, r, "shark", e) != 0)
        goto fail;
    if (batch_init(&s->fish, &s->fish_atlas.layout, &batch_fish_style, seed, e) != 0 ||
        batch_init(&s->sharks, &s->shark_atlas.layout, &batch_shark_style, seed ^ 0x5a4c, e) != 0 ||
        batch_resize(&s->fish, fish, e) != 0 || batch_resize(&s->sharks, sharks, e) != 0)
        goto fail;
    batch_adopt_clearance(&s->fish, &st->fish_clear);
    batch_adopt_clearance(&s->sharks, &st->shark_clear);
    sealife_stock_free(st);
    refill_front(s);
    return 0;
fail:
    sealife_stock_free(st);
    sealife_deinit(s);
    return -1;
}

int sealife_init(SeaLife *s, SDL_Renderer *r, const ShoreField *shore, JobPool *pool, uint32_t seed,
                 int fish, int sharks, Err *e)
{
    SeaLifeStock st;
    memset(s, 0, sizeof *s);
    s->follow = -1;
    if (sealife_stock(&st, shore, NULL, seed, fish, sharks, e) != 0) return -1;
    return sealife_init_stocked(s, r, shore, pool, &st, e);
}

void sealife_deinit(SeaLife *s)
{
    if (s->sea) sea_deinit(s->sea);
    batch_deinit(&s->fish);
    batch_deinit(&s->sharks);
    atlas_free(&s->fish_atlas);
    atlas_free(&s->shark_atlas);
    memset(s, 0, sizeof *s);
    s->follow = -1;
}

void sealife_set_on(SeaLife *s, int on)
{
    sealife_finish(s);
    s->on = on != 0;
    /* Time spent switched off is not owed to the fish. */
    s->acc = 0.0;
    if (!s->on) {
        sealife_unfollow(s);
        sea_set_cursor(s->sea, 0.0f, 0.0f, 0.0f);
    }
}

int sealife_set_fish(SeaLife *s, int n, Err *e)
{
    sealife_finish(s);
    if (sea_set_fish_count(s->sea, n, e) != 0) return -1;
    if (batch_resize(&s->fish, n, e) != 0) return -1;
    if (s->follow >= n) sealife_unfollow(s);
    refill_front(s);
    return 0;
}

int sealife_set_sharks(SeaLife *s, int n, Err *e)
{
    sealife_finish(s);
    if (sea_set_shark_count(s->sea, n, e) != 0) return -1;
    return batch_resize(&s->sharks, n, e);
}

int sealife_weights_differ(const SeaParams *a, const SeaParams *b)
{
    return a->sep_weight != b->sep_weight || a->ali_weight != b->ali_weight ||
           a->coh_weight != b->coh_weight || a->flee_weight != b->flee_weight ||
           a->flee_speed != b->flee_speed || a->kinds != b->kinds;
}

int sealife_set_weights(SeaLife *s, const SeaParams *w, Err *e)
{
    sealife_finish(s);
    SeaParams p = s->params;
    p.sep_weight = w->sep_weight;
    p.ali_weight = w->ali_weight;
    p.coh_weight = w->coh_weight;
    p.flee_weight = w->flee_weight;
    p.flee_speed = w->flee_speed;
    p.kinds = w->kinds;
    if (sea_set_params(s->sea, &p, e) != 0) return -1;
    s->params = p;
    batch_set_kinds(&s->fish, p.kinds);
    return 0;
}

void sealife_set_focus(SeaLife *s, const float *xy, int n, float radius)
{
    sealife_finish(s);
    if (sea_set_focus(s->sea, xy, n, radius)) refill_front(s);
}

int sealife_fish(const SeaLife *s)
{
    return s->fish.n;
}

int sealife_shark_count(const SeaLife *s)
{
    return s->sharks.n;
}

void sealife_update(SeaLife *s, double dt, const Camera *c)
{
    memset(&s->t, 0, sizeof s->t);
    s->view = batch_xform_camera(c);
    if (!s->on) return;
    uint64_t t0 = ticks();
    double step = s->params.dt;
    int steps = sea_steps_due(&s->acc, dt, step, SEALIFE_MAX_STEPS);
    if (steps == 0) return;
    if (steps > 1) {
        /* Steps no frame will show need no sprites. */
        sea_set_bake(s->sea, NULL, NULL);
        for (int k = 1; k < steps; k++) sea_step(s->sea);
        double catchup = ms(ticks() - t0);
        s->t.work_ms += catchup;
    }
    sea_set_bake(s->sea, batch_sea_bake, &s->fish);
    batch_set_next(&s->fish, s->view, (float)(steps * step));
    batch_span_reset(&s->fish);
    s->t_sched = ticks();
    sea_schedule(s->sea);
    s->in_flight = 1;
    s->t.steps = steps;
    s->t.main_ms += ms(ticks() - t0);
}

void sealife_draw_fish(void *ctx, SDL_Renderer *r, const Camera *c)
{
    SeaLife *s = ctx;
    if (!s->on) return;
    uint64_t t0 = ticks();
    BatchXform xf = batch_xform_camera(c);
    int before = draw_counts().geometry;
    SDL_Texture *tex = atlas_pick(&s->fish_atlas, batch_cell_len(&s->fish) * xf.scale);
    batch_draw(&s->fish, r, tex, xf);
    s->t.fish_calls += draw_counts().geometry - before;
    double t = ms(ticks() - t0);
    s->t.main_ms += t;
    s->t.upload_ms += t;
}

void sealife_draw_sharks(void *ctx, SDL_Renderer *r, const Camera *c)
{
    SeaLife *s = ctx;
    if (!s->on || s->sharks.n == 0) return;
    uint64_t t0 = ticks();
    BatchXform xf = batch_xform_camera(c);
    /* A few dozen at most: baked right here from the state being shown. */
    SeaView v;
    sea_view(s->sea, &v);
    int n = v.sharks < s->sharks.n ? v.sharks : s->sharks.n;
    batch_set_next(&s->sharks, xf, (float)(s->t.steps * s->params.dt));
    batch_bake(&s->sharks, v.sx, v.sy, v.svx, v.svy, NULL, 0, n);
    batch_flip(&s->sharks);
    int before = draw_counts().geometry;
    SDL_Texture *tex = atlas_pick(&s->shark_atlas, batch_cell_len(&s->sharks) * xf.scale);
    batch_draw(&s->sharks, r, tex, xf);
    s->t.shark_calls += draw_counts().geometry - before;
    double t = ms(ticks() - t0);
    s->t.main_ms += t;
    s->t.upload_ms += t;
}

void sealife_draw_marker(void *ctx, SDL_Renderer *r, const Camera *c)
{
    SeaLife *s = ctx;
    float x, y;
    if (!s->on || !sealife_followed(s, &x, &y)) return;
    BatchXform xf = batch_xform_camera(c);
    float cx = x * xf.scale + xf.ox, cy = y * xf.scale + xf.oy;
    float rad = 1.5f * s->fish.spr[s->follow].half_len * xf.scale;
    if (rad < 9.0f) rad = 9.0f;
    enum { SEG = 40 };
    SDL_FPoint ring[SEG + 1];
    SDL_SetRenderDrawBlendMode(r, SDL_BLENDMODE_BLEND);
    for (int pass = 0; pass < 2; pass++) {
        /* A dark ring under a bright one reads on foam and deep water. */
        float rr = rad + (pass == 0 ? 1.0f : 0.0f);
        for (int i = 0; i <= SEG; i++) {
            float a = 6.2831853f * (float)i / SEG;
            ring[i] = (SDL_FPoint){cx + rr * cosf(a), cy + rr * sinf(a)};
        }
        if (pass == 0)
            SDL_SetRenderDrawColor(r, 4, 16, 30, 200);
        else
            SDL_SetRenderDrawColor(r, 250, 222, 120, 255);
        draw_lines_f(r, ring, SEG + 1);
    }
}

void sealife_finish(SeaLife *s)
{
    if (!s->in_flight) return;
    uint64_t tw = ticks();
    sea_complete(s->sea);
    uint64_t te = ticks();
    batch_flip(&s->fish);
    s->in_flight = 0;
    /* The chain starts on the workers when scheduled; a one-thread pool
     * runs it inside sea_complete instead. It ends with its last bake
     * range (or, with no fish to bake, by the time complete returned). */
    uint64_t start = jobs_threads(s->pool) > 1 ? s->t_sched : tw, end = te, b0, b1;
    if (batch_span(&s->fish, &b0, &b1) == 0) {
        end = b1;
        s->t.bake_ms = ms(b1 - b0);
    }
    s->t.work_ms += ms(end > start ? end - start : 0);
    s->t.main_ms += ms(ticks() - tw);
}

SeaLifeTiming sealife_timing(const SeaLife *s)
{
    return s->t;
}

void sealife_cursor(SeaLife *s, float x, float y, float r)
{
    sea_set_cursor(s->sea, x, y, s->on ? r : 0.0f);
}

int sealife_follow_at(SeaLife *s, float x, float y, float r)
{
    if (!s->on) return 0;
    /* The sea finds fish only between steps. */
    sealife_finish(s);
    int id = sea_nearest_fish(s->sea, x, y, r);
    if (id < 0) return 0;
    SeaView v;
    sea_view(s->sea, &v);
    int slot = sea_view_find(&v, id, -1);
    if (slot < 0) return 0;
    s->follow = id;
    s->follow_slot = slot;
    s->follow_x = v.x[slot];
    s->follow_y = v.y[slot];
    return 1;
}

void sealife_unfollow(SeaLife *s)
{
    s->follow = -1;
}

int sealife_followed(SeaLife *s, float *x, float *y)
{
    if (s->follow < 0) return 0;
    if (s->in_flight) {
        /* The step's fish stage is writing the fish: where it was last
         * seen, which is also where the sprites on screen show it. */
        *x = s->follow_x;
        *y = s->follow_y;
        return 1;
    }
    SeaView v;
    sea_view(s->sea, &v);
    int slot = sea_view_find(&v, s->follow, s->follow_slot);
    if (slot < 0) {
        s->follow = -1;
        return 0;
    }
    s->follow_slot = slot;
    float nx = v.x[slot], ny = v.y[slot];
    float dx = nx - s->follow_x, dy = ny - s->follow_y;
    if (dx * dx + dy * dy > FOLLOW_LOST_PX * FOLLOW_LOST_PX) {
        s->follow = -1;
        return 0;
    }
    s->follow_x = nx;
    s->follow_y = ny;
    *x = nx;
    *y = ny;
    return 1;
}
