/* terrain: baking the shaded map into seam-free texture tiles and drawing
 * the visible ones through the camera. */
#include "terrain.h"

#include <stdlib.h>
#include <string.h>

#include "draw.h"

/* Tiles stay well below common limits so a frame only binds what it shows. */
#define TILE_MAX 2048
/* Each tile carries this many texels of its neighbours on every side, so
 * linear filtering at a tile edge blends the right colours. */
#define APRON 1

struct TerrainTile {
    SDL_Texture *tex;
    int x0, y0, w, h; /* texels of the whole image this tile shows */
};

typedef struct BakeJob {
    const TerrainSource *src;
    float res;
    int x0, y0, w;
    uint8_t *buf;
    size_t pitch;
} BakeJob;

static void bake_rows(void *ctx, int begin, int end, int worker)
{
    (void)worker;
    const BakeJob *j = ctx;
    terrain_shade(j->src, j->res, j->x0, j->y0 + begin, j->w, end - begin,
                  j->buf + (size_t)begin * j->pitch, j->pitch);
}

static int tile_side(SDL_Renderer *r)
{
    SDL_RendererInfo info;
    int side = TILE_MAX;
    if (SDL_GetRendererInfo(r, &info) == 0) {
        /* 0 means the renderer sets no limit (the software one). */
        if (info.max_texture_width > 0 && info.max_texture_width - 2 * APRON < side)
            side = info.max_texture_width - 2 * APRON;
        if (info.max_texture_height > 0 && info.max_texture_height - 2 * APRON < side)
            side = info.max_texture_height - 2 * APRON;
    }
    return side > 16 ? side : 16;
}

int terrain_init(Terrain *t, SDL_Renderer *r, const Map *m, const ShoreField *sea, JobPool *pool,
                 Err *e)
{
    memset(t, 0, sizeof *t);
    TerrainSource src;
    if (terrain_source_init(&src, m, sea, e) != 0) return -1;

    t->map_w = m->w;
    t->map_h = m->h;
    t->res = terrain_pick_res(m->w, m->h);
    t->tex_w = (int)((float)m->w * t->res + 0.5f);
    t->tex_h = (int)((float)m->h * t->res + 0.5f);
    if (t->tex_w < 1) t->tex_w = 1;
    if (t->tex_h < 1) t->tex_h = 1;
    t->tile = tile_side(r);
    t->cols = (t->tex_w + t->tile - 1) / t->tile;
    t->rows = (t->tex_h + t->tile - 1) / t->tile;
    int side = t->tile + 2 * APRON;
    size_t pitch = (size_t)side * 4;
    uint8_t *buf = malloc(pitch * (size_t)side);
    t->tiles = calloc((size_t)t->cols * (size_t)t->rows, sizeof *t->tiles);
    if (!buf || !t->tiles) {
        free(buf);
        terrain_source_free(&src);
        terrain_deinit(t);
        return err_set(e, "terrain: out of memory baking a %dx%d map", m->w, m->h);
    }
    for (int ty = 0; ty < t->rows; ty++) {
        for (int tx = 0; tx < t->cols; tx++) {
            TerrainTile *tile = &t->tiles[ty * t->cols + tx];
            tile->x0 = tx * t->tile;
            tile->y0 = ty * t->tile;
            tile->w = t->tex_w - tile->x0 < t->tile ? t->tex_w - tile->x0 : t->tile;
            tile->h = t->tex_h - tile->y0 < t->tile ? t->tex_h - tile->y0 : t->tile;
            int tw = tile->w + 2 * APRON, th = tile->h + 2 * APRON;
            BakeJob job = {&src, t->res, tile->x0 - APRON, tile->y0 - APRON, tw, buf, pitch};
            if (pool)
                jobs_parallel_for(pool, th, 8, bake_rows, &job);
            else
                bake_rows(&job, 0, th, 0);
            tile->tex =
                SDL_CreateTexture(r, SDL_PIXELFORMAT_RGBA32, SDL_TEXTUREACCESS_STATIC, tw, th);
            if (!tile->tex || SDL_UpdateTexture(tile->tex, NULL, buf, (int)pitch) != 0) {
                err_set(e, "terrain: cannot create a %dx%d texture: %s", tw, th, SDL_GetError());
                free(buf);
                terrain_source_free(&src);
                terrain_deinit(t);
                return -1;
            }
            SDL_SetTextureScaleMode(tile->tex, SDL_ScaleModeLinear);
        }
    }
    free(buf);
    terrain_source_free(&src);
    return 0;
}

void terrain_deinit(Terrain *t)
{
    if (t->tiles) {
        for (int i = 0; i < t->cols * t->rows; i++)
            if (t->tiles[i].tex) SDL_DestroyTexture(t->tiles[i].tex);
        free(t->tiles);
    }
    memset(t, 0, sizeof *t);
}

void terrain_draw(const Terrain *t, SDL_Renderer *r, const Camera *c)
{
    double vx0, vy0, vx1, vy1;
    cam_screen_to_world(c, 0, 0, &vx0, &vy0);
    cam_screen_to_world(c, c->view_w, c->view_h, &vx1, &vy1);
    double inv = 1.0 / t->res;
    for (int i = 0; i < t->cols * t->rows; i++) {
        const TerrainTile *tile = &t->tiles[i];
        double wx0 = tile->x0 * inv, wy0 = tile->y0 * inv;
        double wx1 = (tile->x0 + tile->w) * inv, wy1 = (tile->y0 + tile->h) * inv;
        if (wx1 < vx0 || wx0 > vx1 || wy1 < vy0 || wy0 > vy1) continue;
        double sx0, sy0, sx1, sy1;
        cam_world_to_screen(c, wx0, wy0, &sx0, &sy0);
        cam_world_to_screen(c, wx1, wy1, &sx1, &sy1);
        SDL_Rect srcr = {APRON, APRON, tile->w, tile->h};
        SDL_FRect dst = {(float)sx0, (float)sy0, (float)(sx1 - sx0), (float)(sy1 - sy0)};
        draw_copy_f(r, tile->tex, &srcr, &dst);
    }
}
