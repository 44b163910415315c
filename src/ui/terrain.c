/* terrain: the shaded tiles made seam-free textures, and the visible ones
 * drawn through the camera (the shading itself is terrain_image.c). */
#include "terrain.h"

#include <stdlib.h>
#include <string.h>

#include "draw.h"

struct TerrainTile {
    SDL_Texture *tex;
    int x0, y0, w, h; /* texels of the whole image this tile shows */
};

int terrain_tile_side(SDL_Renderer *r)
{
    SDL_RendererInfo info;
    int side = TERRAIN_TILE_MAX;
    if (SDL_GetRendererInfo(r, &info) == 0) {
        /* 0 means the renderer sets no limit (the software one). */
        if (info.max_texture_width > 0 && info.max_texture_width - 2 * TERRAIN_APRON < side)
            side = info.max_texture_width - 2 * TERRAIN_APRON;
        if (info.max_texture_height > 0 && info.max_texture_height - 2 * TERRAIN_APRON < side)
            side = info.max_texture_height - 2 * TERRAIN_APRON;
    }
    return side > 16 ? side : 16;
}

int terrain_upload(Terrain *t, SDL_Renderer *r, TerrainImage *img, Err *e)
{
    memset(t, 0, sizeof *t);
    t->map_w = img->map_w;
    t->map_h = img->map_h;
    t->res = img->res;
    t->tex_w = img->tex_w;
    t->tex_h = img->tex_h;
    t->tile = img->tile;
    t->cols = img->cols;
    t->rows = img->rows;
    t->tiles = calloc((size_t)t->cols * (size_t)t->rows, sizeof *t->tiles);
    if (!t->tiles || !img->px) {
        terrain_image_free(img);
        terrain_deinit(t);
        return err_set(e, "terrain: out of memory for a %dx%d map's textures", t->map_w, t->map_h);
    }
    for (int i = 0; i < t->cols * t->rows; i++) {
        TerrainTile *tile = &t->tiles[i];
        terrain_image_tile(img, i, &tile->x0, &tile->y0, &tile->w, &tile->h);
        int tw = tile->w + 2 * TERRAIN_APRON, th = tile->h + 2 * TERRAIN_APRON;
        tile->tex = SDL_CreateTexture(r, SDL_PIXELFORMAT_RGBA32, SDL_TEXTUREACCESS_STATIC, tw, th);
        if (!tile->tex || SDL_UpdateTexture(tile->tex, NULL, img->px[i], tw * 4) != 0) {
            err_set(e, "terrain: cannot create a %dx%d texture: %s", tw, th, SDL_GetError());
            terrain_image_free(img);
            terrain_deinit(t);
            return -1;
        }
        SDL_SetTextureScaleMode(tile->tex, SDL_ScaleModeLinear);
        /* Uploaded: the renderer holds its copy, so the peak stays low. */
        free(img->px[i]);
        img->px[i] = NULL;
    }
    terrain_image_free(img);
    return 0;
}

int terrain_init(Terrain *t, SDL_Renderer *r, const Map *m, const ShoreField *sea, JobPool *pool,
                 Err *e)
{
    memset(t, 0, sizeof *t);
    TerrainImage img;
    if (terrain_image_shade(&img, m, sea, terrain_tile_side(r), pool, NULL, e) != 0) return -1;
    return terrain_upload(t, r, &img, e);
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
        SDL_Rect srcr = {TERRAIN_APRON, TERRAIN_APRON, tile->w, tile->h};
        SDL_FRect dst = {(float)sx0, (float)sy0, (float)(sx1 - sx0), (float)(sy1 - sy0)};
        draw_copy_f(r, tile->tex, &srcr, &dst);
    }
}
