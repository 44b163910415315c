/* mapview: chart and heat-map colouring of the mask, uploaded per tile
 * rectangle with SDL_UpdateTexture so a brush dab costs only its area. */
#include "mapview.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "ui/draw.h"

/* Tiles stay well under every renderer's texture limit. */
#define TILE_MAX 2048

static uint32_t rgb(int r, int g, int b)
{
    return 0xFF000000u | (uint32_t)r << 16 | (uint32_t)g << 8 | (uint32_t)b;
}

static uint32_t mix(uint32_t a, uint32_t b, float t)
{
    t = t < 0.0f ? 0.0f : t > 1.0f ? 1.0f : t;
    int ar = (int)(a >> 16 & 255), ag = (int)(a >> 8 & 255), ab = (int)(a & 255);
    int br = (int)(b >> 16 & 255), bg = (int)(b >> 8 & 255), bb = (int)(b & 255);
    return rgb(ar + (int)lroundf((float)(br - ar) * t), ag + (int)lroundf((float)(bg - ag) * t),
               ab + (int)lroundf((float)(bb - ab) * t));
}

/* The game's sea: turquoise shallows to deep blue, foam at the coast. */
#define C_FOAM    0xFFDCEFF0u
#define C_SHALLOW 0xFF3FA7C4u
#define C_MID     0xFF1E6FA8u
#define C_DEEP    0xFF0E3A72u
#define C_SAND    0xFFE3D2A2u
#define C_GRASS   0xFF5E9A4Au
#define C_HILL    0xFF4A7F3Cu
#define C_LAND_HM 0xFF46484Eu

/* A perceptual ramp (after "turbo") for the heat map, near to far. */
static const uint32_t heat_ramp[] = {0xFF30123Bu, 0xFF4662D7u, 0xFF36AAF9u,
                                     0xFF1AE4B6u, 0xFF72FE5Eu, 0xFFC8EF34u,
                                     0xFFFABA39u, 0xFFF66B19u, 0xFFCA2A04u};

static int land_at(const Map *m, int x, int y)
{
    if (x < 0 || y < 0 || x >= m->w || y >= m->h) return 0;
    return m->land[(size_t)y * (size_t)m->w + (size_t)x] != 0;
}

uint32_t mapview_pixel(const Map *m, const ShoreField *f, int x, int y, MapViewMode mode,
                       float margin)
{
    int land = land_at(m, x, y);
    if (land) {
        if (mode == MAPVIEW_HEAT) return C_LAND_HM;
        /* A sand rim where land meets water, grass inside. */
        int rim = !land_at(m, x - 1, y) || !land_at(m, x + 1, y) || !land_at(m, x, y - 1) ||
                  !land_at(m, x, y + 1);
        if (rim) return C_SAND;
        int rim2 = !land_at(m, x - 2, y) || !land_at(m, x + 2, y) || !land_at(m, x, y - 2) ||
                   !land_at(m, x, y + 2);
        if (rim2) return mix(C_SAND, C_GRASS, 0.6f);
        /* A little per-pixel grain so zoomed-in land reads as ground. */
        uint32_t hsh = ((uint32_t)x * 73856093u) ^ ((uint32_t)y * 19349663u);
        hsh = (hsh ^ (hsh >> 13)) * 0x5bd1e995u;
        return mix(C_GRASS, C_HILL, (float)((hsh >> 24) & 255) / 255.0f * 0.35f);
    }
    float d = f && f->dist ? shore_px(f, (size_t)y * (size_t)m->w + (size_t)x) : 0.0f;
    if (mode == MAPVIEW_HEAT) {
        if (d <= 0.0f) return heat_ramp[0];
        float u = sqrtf(fminf(d / MAPVIEW_HEAT_SPAN, 1.0f));
        float k = u * (float)(sizeof heat_ramp / sizeof heat_ramp[0] - 1);
        int i = (int)k;
        if (i >= (int)(sizeof heat_ramp / sizeof heat_ramp[0]) - 1) i -= 1;
        uint32_t c = mix(heat_ramp[i], heat_ramp[i + 1], k - (float)i);
        /* Contours: a dark line every step, a white one at the margin
         * inside which fish steer away from the coast. */
        if (margin > 0.0f && fabsf(d - margin) < 0.75f) return 0xFFFFFFFFu;
        if (d < MAPVIEW_HEAT_SPAN && fmodf(d, MAPVIEW_HEAT_STEP) < 0.9f)
            return mix(c, 0xFF000000u, 0.45f);
        return c;
    }
    /* d == 0 on a water pixel: the field lags behind the stroke. */
    if (d <= 0.0f) return C_SHALLOW;
    if (d < 1.6f) return mix(C_FOAM, C_SHALLOW, (d - 1.0f) / 0.6f);
    if (d < 24.0f) return mix(C_SHALLOW, C_MID, (d - 1.6f) / 22.4f);
    return mix(C_MID, C_DEEP, (d - 24.0f) / 96.0f);
}

int mapview_init(MapView *v, SDL_Renderer *r, int w, int h, Err *e)
{
    memset(v, 0, sizeof *v);
    v->r = r;
    v->w = w;
    v->h = h;
    v->mode = MAPVIEW_CHART;
    SDL_RendererInfo info;
    int tile = TILE_MAX;
    if (SDL_GetRendererInfo(r, &info) == 0 && info.max_texture_width > 0) {
        int lim = info.max_texture_width < info.max_texture_height ? info.max_texture_width
                                                                   : info.max_texture_height;
        if (lim > 0 && lim < tile) tile = lim;
    }
    v->tile = tile;
    v->cols = (w + tile - 1) / tile;
    v->rows = (h + tile - 1) / tile;
    v->tex = calloc((size_t)v->cols * (size_t)v->rows, sizeof *v->tex);
    if (!v->tex) return err_set(e, "map view: out of memory for %dx%d tiles", v->cols, v->rows);
    for (int ty = 0; ty < v->rows; ty++)
        for (int tx = 0; tx < v->cols; tx++) {
            int tw = w - tx * tile < tile ? w - tx * tile : tile;
            int th = h - ty * tile < tile ? h - ty * tile : tile;
            SDL_Texture *t =
                SDL_CreateTexture(r, SDL_PIXELFORMAT_ARGB8888, SDL_TEXTUREACCESS_STATIC, tw, th);
            if (!t) {
                err_set(e, "map view: cannot make a %dx%d texture: %s", tw, th, SDL_GetError());
                mapview_deinit(v);
                return -1;
            }
            SDL_SetTextureScaleMode(t, SDL_ScaleModeLinear);
            v->tex[ty * v->cols + tx] = t;
        }
    return 0;
}

void mapview_deinit(MapView *v)
{
    if (v->tex)
        for (int i = 0; i < v->cols * v->rows; i++)
            if (v->tex[i]) SDL_DestroyTexture(v->tex[i]);
    free(v->tex);
    free(v->buf);
    memset(v, 0, sizeof *v);
}

typedef struct Shade {
    const MapView *v;
    const Map *m;
    const ShoreField *f;
    int x0, y0, w;
} Shade;

static void shade_rows(void *ctx, int begin, int end, int worker)
{
    const Shade *s = ctx;
    (void)worker;
    for (int j = begin; j < end; j++) {
        uint32_t *row = s->v->buf + (size_t)j * (size_t)s->w;
        for (int i = 0; i < s->w; i++)
            row[i] = mapview_pixel(s->m, s->f, s->x0 + i, s->y0 + j, s->v->mode, s->v->margin);
    }
}

int mapview_update(MapView *v, const Map *m, const ShoreField *f, EditRect rc, JobPool *pool,
                   Err *e)
{
    if (!v->tex || m->w != v->w || m->h != v->h) return 0;
    if (f && (f->w != m->w || f->h != m->h)) f = NULL;
    int x0 = rc.x < 0 ? 0 : rc.x, y0 = rc.y < 0 ? 0 : rc.y;
    int x1 = rc.x + rc.w > m->w ? m->w : rc.x + rc.w, y1 = rc.y + rc.h > m->h ? m->h : rc.y + rc.h;
    if (rc.w <= 0 || rc.h <= 0 || x0 >= x1 || y0 >= y1) return 0;
    for (int ty = y0 / v->tile; ty * v->tile < y1; ty++)
        for (int tx = x0 / v->tile; tx * v->tile < x1; tx++) {
            int ax = tx * v->tile, ay = ty * v->tile;
            int sx0 = x0 > ax ? x0 : ax, sy0 = y0 > ay ? y0 : ay;
            int sx1 = x1 < ax + v->tile ? x1 : ax + v->tile;
            int sy1 = y1 < ay + v->tile ? y1 : ay + v->tile;
            int w = sx1 - sx0, h = sy1 - sy0;
            size_t need = (size_t)w * (size_t)h;
            if (need > v->buf_cap) {
                uint32_t *nb = realloc(v->buf, need * sizeof *nb);
                if (!nb) return err_set(e, "map view: out of memory for a %dx%d update", w, h);
                v->buf = nb;
                v->buf_cap = need;
            }
            Shade s = {v, m, f, sx0, sy0, w};
            if (pool && need >= 65536)
                jobs_parallel_for(pool, h, 16, shade_rows, &s);
            else
                shade_rows(&s, 0, h, 0);
            SDL_Rect dst = {sx0 - ax, sy0 - ay, w, h};
            SDL_UpdateTexture(v->tex[ty * v->cols + tx], &dst, v->buf, w * 4);
        }
    return 0;
}

void mapview_draw(MapView *v, const Camera *c)
{
    if (!v->tex) return;
    int nearest = c->zoom >= 2.0;
    if (nearest != v->nearest) {
        for (int i = 0; i < v->cols * v->rows; i++)
            SDL_SetTextureScaleMode(v->tex[i],
                                    nearest ? SDL_ScaleModeNearest : SDL_ScaleModeLinear);
        v->nearest = nearest;
    }
    for (int ty = 0; ty < v->rows; ty++)
        for (int tx = 0; tx < v->cols; tx++) {
            int ax = tx * v->tile, ay = ty * v->tile;
            int tw = v->w - ax < v->tile ? v->w - ax : v->tile;
            int th = v->h - ay < v->tile ? v->h - ay : v->tile;
            /* Copy only the visible texels: a tile zoomed 16x would
             * otherwise be a destination tens of thousands of px wide. */
            double wx0, wy0, wx1, wy1;
            cam_screen_to_world(c, 0, 0, &wx0, &wy0);
            cam_screen_to_world(c, c->view_w, c->view_h, &wx1, &wy1);
            int u0 = (int)floor(wx0) - ax, v0 = (int)floor(wy0) - ay;
            int u1 = (int)ceil(wx1) - ax, v1 = (int)ceil(wy1) - ay;
            u0 = u0 < 0 ? 0 : u0;
            v0 = v0 < 0 ? 0 : v0;
            u1 = u1 > tw ? tw : u1;
            v1 = v1 > th ? th : v1;
            if (u0 >= u1 || v0 >= v1) continue;
            double sx0, sy0, sx1, sy1;
            cam_world_to_screen(c, ax + u0, ay + v0, &sx0, &sy0);
            cam_world_to_screen(c, ax + u1, ay + v1, &sx1, &sy1);
            SDL_Rect src = {u0, v0, u1 - u0, v1 - v0};
            SDL_FRect dst = {(float)sx0, (float)sy0, (float)(sx1 - sx0), (float)(sy1 - sy0)};
            draw_copy_f(v->r, v->tex[ty * v->cols + tx], &src, &dst);
        }
}
