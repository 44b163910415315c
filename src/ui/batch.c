/* batch: baking and drawing a school as one vertex buffer. */
#include "batch.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "draw.h"

const BatchStyle batch_fish_style = {
    .len_min = 6.0f,
    .len_max = 12.0f,
    .palette = {{205, 222, 236, 255},
                {205, 222, 236, 255},
                {232, 236, 240, 255},
                {232, 236, 240, 255},
                {246, 214, 112, 255},
                {248, 168, 96, 255},
                {128, 220, 205, 255},
                {188, 232, 168, 255}},
    .palette_n = 8,
    .shade = 0.18f,
    .beats_per_px = 0.05f, /* about 3 beats a second at cruising speed */
    /* Silver herring, golden jacks, teal sardines, coral snappers: apart
     * in hue, so two schools passing through each other stay two. */
    .kind_color = {{214, 228, 240, 255},
                   {246, 206, 104, 255},
                   {112, 214, 204, 255},
                   {246, 150, 112, 255}},
    .kind_n = 4,
};

const BatchStyle batch_shark_style = {
    .len_min = 26.0f,
    .len_max = 34.0f,
    .palette = {{236, 240, 242, 255}, {214, 222, 228, 255}, {226, 224, 218, 255}},
    .palette_n = 3,
    .shade = 0.08f,
    .beats_per_px = 0.015f,
};

BatchXform batch_xform_camera(const Camera *c)
{
    return (BatchXform){(float)c->zoom, (float)(c->view_w / 2.0 - c->cx * c->zoom),
                        (float)(c->view_h / 2.0 - c->cy * c->zoom)};
}

static uint64_t mix64(uint64_t z)
{
    z += 0x9e3779b97f4a7c15ull;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

/* Uniform in [0, 1) from 24 bits of h starting at bit `shift`. */
static float u01(uint64_t h, int shift)
{
    return (float)((h >> shift) & 0xffffffu) * (1.0f / 16777216.0f);
}

int batch_init(SpriteBatch *b, const SpriteLayout *l, const BatchStyle *style, uint64_t seed,
               Err *e)
{
    memset(b, 0, sizeof *b);
    if (l->frames < 1 || l->frames > ATLAS_MAX_FRAMES || l->shapes < 1 ||
        l->shapes > ATLAS_MAX_SHAPES || !(l->body > 0.0f && l->body <= 1.0f))
        return err_set(e, "batch: layout of %d frames x %d shapes, body %g is out of range",
                       l->frames, l->shapes, (double)l->body);
    if (style->palette_n < 1 || style->palette_n > BATCH_MAX_PALETTE)
        return err_set(e, "batch: palette of %d colours; it must have 1..%d", style->palette_n,
                       BATCH_MAX_PALETTE);
    if (!(style->len_min > 0.0f) || !(style->len_max >= style->len_min) ||
        !isfinite(style->len_max))
        return err_set(e, "batch: sprite lengths %g..%g; they must be finite, 0 < min <= max",
                       (double)style->len_min, (double)style->len_max);
    b->layout = *l;
    b->style = *style;
    b->seed = seed;
    b->kinds = 1;
    /* The art spans `body` of a cell's length and the middle 3/4 of its
     * height (tools/sprites/make_sprites.py clears the margins). */
    b->reach_k = hypotf(l->body, 0.5f * 0.75f);
    b->next_xf = (BatchXform){1.0f, 0.0f, 0.0f};
    b->xf[0] = b->xf[1] = b->next_xf;
    batch_span_reset(b);
    return 0;
}

void batch_deinit(SpriteBatch *b)
{
    free(b->vert[0]);
    free(b->vert[1]);
    free(b->index);
    free(b->spr);
    free(b->clear);
    memset(b, 0, sizeof *b);
}

int batch_clearance_make(BatchClearance *c, const ShoreField *f, Err *e)
{
    memset(c, 0, sizeof *c);
    if (!f->dist || f->w <= 0 || f->h <= 0) return err_set(e, "batch: empty shore field");
    int bw = (f->w + BATCH_CLEAR_BLOCK - 1) >> BATCH_CLEAR_SHIFT;
    int bh = (f->h + BATCH_CLEAR_BLOCK - 1) >> BATCH_CLEAR_SHIFT;
    uint8_t *blk = malloc((size_t)bw * (size_t)bh);
    if (!blk) return err_set(e, "batch: out of memory for a %dx%d clearance summary", bw, bh);
    memset(blk, 255, (size_t)bw * (size_t)bh);
    for (int y = 0; y < f->h; y++) {
        uint8_t *row = blk + (size_t)(y >> BATCH_CLEAR_SHIFT) * (size_t)bw;
        size_t at = (size_t)y * (size_t)f->w;
        for (int x = 0; x < f->w; x++) {
            /* Rounded down, so the summary never claims more room. */
            float d = shore_px(f, at + (size_t)x);
            uint8_t q = d >= 255.0f ? 255 : (uint8_t)d;
            if (q < row[x >> BATCH_CLEAR_SHIFT]) row[x >> BATCH_CLEAR_SHIFT] = q;
        }
    }
    *c = (BatchClearance){blk, f->w, f->h, bw};
    return 0;
}

int batch_clearance_copy(BatchClearance *dst, const BatchClearance *src, Err *e)
{
    memset(dst, 0, sizeof *dst);
    if (!src->map) return 0;
    size_t bytes =
        (size_t)src->bw * (size_t)((src->h + BATCH_CLEAR_BLOCK - 1) >> BATCH_CLEAR_SHIFT);
    uint8_t *m = malloc(bytes);
    if (!m) return err_set(e, "batch: out of memory for a copy of a clearance summary");
    memcpy(m, src->map, bytes);
    *dst = *src;
    dst->map = m;
    return 0;
}

void batch_clearance_free(BatchClearance *c)
{
    free(c->map);
    memset(c, 0, sizeof *c);
}

void batch_adopt_clearance(SpriteBatch *b, BatchClearance *c)
{
    free(b->clear);
    b->clear = c->map;
    b->clear_w = c->w;
    b->clear_h = c->h;
    b->clear_bw = c->bw;
    memset(c, 0, sizeof *c);
}

int batch_set_clearance(SpriteBatch *b, const ShoreField *f, Err *e)
{
    BatchClearance c = {0};
    int rc = f ? batch_clearance_make(&c, f, e) : 0;
    batch_adopt_clearance(b, &c); /* failed: off */
    return rc;
}

/* The factor (<= 1) that fits a sprite of drawn radius `reach` into the
 * clear water around (x, y). The summary holds, per block, the least
 * distance between a water pixel's centre and a land pixel's centre
 * (within 2%), rounded down. The position may lie 0.71 px from its
 * pixel's centre and land reaches 0.71 px beyond its own, and a renderer
 * may snap vertices by up to one output px: `slack` (map px) covers all
 * three. */
/* The clearance summary, copied to locals for the bake's loop. */
typedef struct Clear {
    const uint8_t *map;
    int w, h, bw;
} Clear;

static float fit_clear(const Clear *c, float x, float y, float reach, float slack)
{
    /* The sea keeps fish on the map; the test only guards the read. */
    int px = (int)x, py = (int)y;
    if ((unsigned)px >= (unsigned)c->w || (unsigned)py >= (unsigned)c->h) return 1.0f;
    float d = (float)c->map[(size_t)(py >> BATCH_CLEAR_SHIFT) * (size_t)c->bw +
                            (size_t)(px >> BATCH_CLEAR_SHIFT)];
    float room = d * 0.98f - slack;
    /* Open water (nearly every fish) takes the first exit. */
    if (room >= reach) return 1.0f;
    return room > 0.0f ? room / reach : 0.0f;
}

static int grow(SpriteBatch *b, int cap, Err *e)
{
    size_t n = (size_t)cap;
    void **arr[] = {(void **)&b->vert[0], (void **)&b->vert[1], (void **)&b->index,
                    (void **)&b->spr};
    size_t size[] = {4 * sizeof(SDL_Vertex), 4 * sizeof(SDL_Vertex), 6 * sizeof(int),
                     sizeof(BatchSprite)};
    for (size_t i = 0; i < sizeof arr / sizeof arr[0]; i++) {
        void *q = realloc(*arr[i], n * size[i]);
        if (!q) return err_set(e, "batch: out of memory for %d sprites", cap);
        *arr[i] = q;
    }
    b->cap = cap;
    return 0;
}

/* Everything about sprite i that never changes, from its hash; its quads
 * start empty. */
static void dress(SpriteBatch *b, int i)
{
    const BatchStyle *st = &b->style;
    uint64_t h = mix64(b->seed ^ mix64((uint64_t)i + 0x51a7e5ull));
    float len = st->len_min + (st->len_max - st->len_min) * u01(h, 0);
    int kind = b->kinds > 1 && st->kind_n >= b->kinds ? sea_kind(b->kinds, i) : -1;
    if (kind >= 0) {
        /* A kind's fish are alike: its size, +-12%, faster kinds bigger. */
        float mid = 0.5f * (st->len_min + st->len_max) * sea_kind_speed(kind);
        len = mid * (0.88f + 0.24f * u01(h, 0));
    }
    BatchSprite *sp = &b->spr[i];
    sp->half_len = 0.5f * len / b->layout.body;
    int shape = (int)((h >> 24) % (uint64_t)b->layout.shapes);
    sp->shape = shape;
    sp->phase = u01(h, 40);
    uint64_t g = mix64(h);
    SDL_Color c =
        kind >= 0 ? st->kind_color[kind] : st->palette[(g >> 8) % (uint64_t)st->palette_n];
    float k = 1.0f - st->shade * u01(g, 32);
    c.r = (Uint8)(c.r * k + 0.5f);
    c.g = (Uint8)(c.g * k + 0.5f);
    c.b = (Uint8)(c.b * k + 0.5f);
    sp->color = c;
    for (int k2 = 0; k2 < 2; k2++) memset(b->vert[k2] + 4 * (size_t)i, 0, 4 * sizeof(SDL_Vertex));
    int *ix = b->index + 6 * (size_t)i, v = 4 * i;
    ix[0] = v;
    ix[1] = v + 1;
    ix[2] = v + 2;
    ix[3] = v;
    ix[4] = v + 2;
    ix[5] = v + 3;
}

void batch_set_kinds(SpriteBatch *b, int kinds)
{
    kinds = kinds == 2 || kinds == 4 ? kinds : 1;
    if (kinds == b->kinds) return;
    b->kinds = kinds;
    for (int i = 0; i < b->n; i++) {
        /* Keep the quads: only the constants change. */
        SDL_Vertex keep[2][4];
        for (int k = 0; k < 2; k++) memcpy(keep[k], b->vert[k] + 4 * (size_t)i, sizeof keep[k]);
        dress(b, i);
        for (int k = 0; k < 2; k++) memcpy(b->vert[k] + 4 * (size_t)i, keep[k], sizeof keep[k]);
    }
}

int batch_resize(SpriteBatch *b, int n, Err *e)
{
    if (n < 0 || n > SEA_MAX_FISH)
        return err_set(e, "batch: %d sprites; it must be in 0..%d", n, SEA_MAX_FISH);
    if (n > b->cap) {
        int cap = b->cap + b->cap / 2;
        if (cap < n || cap > SEA_MAX_FISH) cap = n;
        if (grow(b, cap, e) != 0) return -1;
    }
    for (int i = b->n; i < n; i++) dress(b, i);
    b->n = n;
    return 0;
}

void batch_set_next(SpriteBatch *b, BatchXform xf, float dt)
{
    b->next_xf = xf;
    b->next_dt = dt;
}

void batch_bake(SpriteBatch *b, const float *x, const float *y, const float *vx, const float *vy,
                const int *id, int begin, int end)
{
    int bk = b->front ^ 1;
    SDL_Vertex *vert = b->vert[bk];
    const BatchXform xf = b->next_xf;
    const float adv = b->next_dt * b->style.beats_per_px;
    const int frames = b->layout.frames;
    const float fw = 1.0f / (float)frames, sh = 1.0f / (float)b->layout.shapes;
    /* A local, so the vertex stores (which could alias *b) don't force a
     * reload of the pointer for every fish. */
    BatchSprite *restrict spr = b->spr;
    const Clear clear = {b->clear, b->clear_w, b->clear_h, b->clear_bw};
    const float slack = 1.5f + 1.0f / xf.scale, reach_k = b->reach_k;
    const unsigned nspr = (unsigned)b->n;
    /* A sea with more fish than the batch was sized for (a missed
     * batch_resize) must not write past the buffers. */
    if (end > b->n) end = b->n;
    for (int i = begin; i < end; i++) {
        SDL_Vertex *q = vert + 4 * (size_t)i;
        const int f = id ? id[i] : i; /* the sprite */
        if ((unsigned)f >= nspr) {
            memset(q, 0, 4 * sizeof *q);
            continue;
        }
        BatchSprite sp = spr[f];
        float hx = vx[i], hy = vy[i];
        float sp2 = hx * hx + hy * hy;
        /* A fish at rest keeps facing +x rather than dividing by zero. */
        float speed = sqrtf(sp2);
        float inv = sp2 > 1e-12f ? 1.0f / speed : 0.0f;
        hx = sp2 > 1e-12f ? hx * inv : 1.0f;
        hy *= inv;
        /* The belly side is +90 degrees from the heading (screen y is
         * down); swimming left that would be up, so it flips. */
        float flip = vx[i] < 0.0f ? -1.0f : 1.0f;
        float fit = clear.map ? fit_clear(&clear, x[i], y[i], sp.half_len * reach_k, slack) : 1.0f;
        float k = xf.scale * fit;
        float hl = sp.half_len * k, hw = 0.5f * sp.half_len * k * flip;
        float rx = hx * hl, ry = hy * hl, ux = -hy * hw, uy = hx * hw;
        float cx = x[i] * xf.scale + xf.ox, cy = y[i] * xf.scale + xf.oy;
        /* The tail beats with distance swum, so a dart flicks it faster.
         * The phase is >= 0, so truncation is floor (and no libm call). */
        float ph = sp.phase + speed * adv;
        ph -= (float)(int)ph;
        spr[f].phase = ph;
        int fr = (int)(ph * (float)frames);
        fr = fr < frames ? fr : frames - 1;
        /* The frame picks the atlas column, the shape its row. */
        float u0 = (float)fr * fw, u1 = u0 + fw;
        float v0 = (float)sp.shape * sh, v1 = (float)(sp.shape + 1) * sh;
        q[0] = (SDL_Vertex){{cx - rx - ux, cy - ry - uy}, sp.color, {u0, v0}};
        q[1] = (SDL_Vertex){{cx + rx - ux, cy + ry - uy}, sp.color, {u1, v0}};
        q[2] = (SDL_Vertex){{cx + rx + ux, cy + ry + uy}, sp.color, {u1, v1}};
        q[3] = (SDL_Vertex){{cx - rx + ux, cy - ry + uy}, sp.color, {u0, v1}};
    }
}

static void atomic_min64(atomic_uint_least64_t *a, uint64_t v)
{
    uint64_t cur = atomic_load_explicit(a, memory_order_relaxed);
    while (v < cur && !atomic_compare_exchange_weak_explicit(a, &cur, v, memory_order_relaxed,
                                                             memory_order_relaxed)) {
    }
}

static void atomic_max64(atomic_uint_least64_t *a, uint64_t v)
{
    uint64_t cur = atomic_load_explicit(a, memory_order_relaxed);
    while (v > cur && !atomic_compare_exchange_weak_explicit(a, &cur, v, memory_order_relaxed,
                                                             memory_order_relaxed)) {
    }
}

void batch_sea_bake(void *ctx, const SeaView *v, int begin, int end)
{
    SpriteBatch *b = ctx;
    atomic_min64(&b->span_begin, SDL_GetPerformanceCounter());
    batch_bake(b, v->x, v->y, v->vx, v->vy, v->id, begin, end);
    atomic_max64(&b->span_end, SDL_GetPerformanceCounter());
}

void batch_flip(SpriteBatch *b)
{
    b->front ^= 1;
    b->xf[b->front] = b->next_xf;
}

void batch_span_reset(SpriteBatch *b)
{
    atomic_store(&b->span_begin, UINT64_MAX);
    atomic_store(&b->span_end, 0);
}

int batch_span(SpriteBatch *b, uint64_t *begin, uint64_t *end)
{
    uint64_t t0 = atomic_load(&b->span_begin), t1 = atomic_load(&b->span_end);
    if (t0 == UINT64_MAX || t1 < t0) return -1;
    *begin = t0;
    *end = t1;
    return 0;
}

int batch_draw(SpriteBatch *b, SDL_Renderer *r, SDL_Texture *tex, BatchXform xf)
{
    if (b->n == 0) return 0;
    SDL_Vertex *v = b->vert[b->front];
    BatchXform old = b->xf[b->front];
    if ((old.scale != xf.scale || old.ox != xf.ox || old.oy != xf.oy) && old.scale > 0.0f) {
        /* The view moved since the bake (a pan, a zoom, a followed fish):
         * the map is affine, so the quads follow without a re-bake. */
        float k = xf.scale / old.scale;
        float ax = xf.ox - old.ox * k, ay = xf.oy - old.oy * k;
        size_t nv = 4 * (size_t)b->n;
        for (size_t i = 0; i < nv; i++) {
            v[i].position.x = v[i].position.x * k + ax;
            v[i].position.y = v[i].position.y * k + ay;
        }
        b->xf[b->front] = xf;
    }
    return draw_geometry(r, tex, v, 4 * b->n, b->index, 6 * b->n);
}

const SDL_Vertex *batch_front(const SpriteBatch *b)
{
    return b->vert[b->front];
}

const int *batch_indices(const SpriteBatch *b)
{
    return b->index;
}

float batch_cell_len(const SpriteBatch *b)
{
    return 0.5f * (b->style.len_min + b->style.len_max) / b->layout.body;
}
