/* terrain: the map's look (water by depth, foam, beaches, shaded land),
 * baked once into tiled textures and drawn through a camera. */
#ifndef SHOAL_TERRAIN_H
#define SHOAL_TERRAIN_H

#include <SDL.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/err.h"
#include "core/jobs.h"
#include "core/map.h"
#include "core/shore.h"
#include "ui/camera.h"

/* Everything the pixel function reads, for a w x h map. */
typedef struct TerrainSource {
    int w, h;
    const uint8_t *land;   /* 1 land, 0 water; not owned */
    const ShoreField *sea; /* shore_bake(land): distance to land; not owned */
    ShoreField inland;     /* owned: distance to water, shore_bake(!land) */
    float *coast;          /* owned, w*h: signed distance to the coastline,
                              > 0 water, < 0 land, smoothed so the coast
                              reads as a curve rather than a pixel staircase
                              while every pixel keeps its own sign */
    uint32_t seed;         /* varies the noise; same seed, same image */
} TerrainSource;

/* terrain_image_shade or terrain_source_init ended on a cancel. */
#define TERRAIN_CANCELLED 1

/* Derive the inland and coast fields for m (whose distance field is sea,
 * kept by pointer, as is m->land). The noise seed comes from the map name,
 * so the same map always looks the same. Free with terrain_source_free.
 * cancel may be NULL; once it is true the coast smoothing (half the time)
 * stops within ~256 rows and TERRAIN_CANCELLED comes back, s freed; the
 * inland bake (shore_bake, the other half: 0.6 s at 8192^2) runs to its
 * end first. -1 with e set on failure. */
int terrain_source_init(TerrainSource *s, const Map *m, const ShoreField *sea,
                        const atomic_bool *cancel, Err *e);
void terrain_source_free(TerrainSource *s);

/* Highest texels per map pixel baked; 2 smooths coastlines under zoom. */
#define TERRAIN_RES_MAX 2.0f
/* The baked textures never hold more texels than this (128 MiB of RGBA):
 * larger maps are baked at a lower texels-per-pixel resolution. */
#define TERRAIN_TEXEL_BUDGET (32L * 1024 * 1024)

/* Shade texels [x0, x0+tw) x [y0, y0+th) of the terrain image at `res`
 * texels per map pixel (texel (i, j) samples map point ((i+.5)/res,
 * (j+.5)/res); texels outside the map repeat its edge). Writes 4 bytes per
 * texel, R G B A in memory order (A = 255), rows `pitch` bytes apart.
 * Pure and deterministic: a texel's colour depends only on src, res and
 * its position, never on the rectangle it was shaded in.
 * Palette contract (tested): a texel is water or land by the sign of the
 * coast field at its centre; every water texel has more blue than red,
 * every land texel more red than blue, except texels within a third of a
 * map px of the coastline, which blend the two (antialiasing; at res <= 1
 * no pixel centre is that close). Water darkens with depth; water touching
 * land is foam-white. */
void terrain_shade(const TerrainSource *src, float res, int x0, int y0, int tw, int th,
                   uint8_t *rgba, size_t pitch);

/* The resolution terrain_init picks for a w x h map: the largest of 2, 1,
 * 1/2, 1/4 ... whose texel count fits TERRAIN_TEXEL_BUDGET. */
float terrain_pick_res(int w, int h);

/* Tiles stay well below common limits so a frame only binds what it shows. */
#define TERRAIN_TILE_MAX 2048
/* Each tile carries this many texels of its neighbours on every side, so
 * linear filtering at a tile edge blends the right colours. */
#define TERRAIN_APRON 1

/* The baked map's pixels before they become textures: the same tiles as
 * Terrain's, each with its apron, shaded in memory. Making one calls no
 * SDL function, so it can run on any thread (the loader's). */
typedef struct TerrainImage {
    int map_w, map_h;
    float res;        /* texels per map pixel */
    int tex_w, tex_h; /* whole image in texels */
    int tile;         /* tile side in texels (without apron) */
    int cols, rows;
    uint8_t **px; /* cols * rows, owned: a tile's RGBA rows, packed (pitch
                     4 * (w + 2 apron)); NULL for an empty image */
} TerrainImage;

/* The tile side (texels, without apron) for renderer r: its largest
 * texture, capped so a frame only binds what it shows. Main thread. */
int terrain_tile_side(SDL_Renderer *r);

/* Shade m (with its distance field `sea`, from shore_bake of m->land) into
 * img, in tiles of side `tile` (terrain_tile_side of the renderer that
 * will show it). Derives a TerrainSource itself and frees it. pool may be
 * NULL (single-threaded); whoever calls drives it, so it must be a pool no
 * other thread is driving meanwhile. cancel may be NULL; when it turns
 * true, the shading stops within a band of rows (tens of ms) and returns
 * TERRAIN_CANCELLED with img empty. Returns 0, or -1 with e set (img
 * empty). Free with terrain_image_free. */
int terrain_image_shade(TerrainImage *img, const Map *m, const ShoreField *sea, int tile,
                        JobPool *pool, const atomic_bool *cancel, Err *e);
void terrain_image_free(TerrainImage *img);
/* Tile i of img (row-major): its first texel and size, apron excluded. */
void terrain_image_tile(const TerrainImage *img, int i, int *x0, int *y0, int *w, int *h);

typedef struct TerrainTile TerrainTile;

/* The baked map: a grid of textures, each at most the renderer's maximum
 * texture size, with a 1-texel apron so linear filtering shows no seams. */
typedef struct Terrain {
    int map_w, map_h;
    float res;        /* texels per map pixel */
    int tex_w, tex_h; /* whole image in texels */
    int tile;         /* tile side in texels (without apron) */
    int cols, rows;
    TerrainTile *tiles; /* cols * rows */
} Terrain;

/* Bake m (with its distance field `sea`, from shore_bake of m->land) into
 * textures for renderer r. Derives a TerrainSource itself and frees it
 * before returning. pool may be NULL (single-threaded bake). */
int terrain_init(Terrain *t, SDL_Renderer *r, const Map *m, const ShoreField *sea, JobPool *pool,
                 Err *e);
void terrain_deinit(Terrain *t);

/* The textures of img (from terrain_image_shade) for renderer r: the
 * pixels are taken, img is empty afterwards (on failure too). Main thread;
 * terrain_init is terrain_image_shade then this. Returns 0, or -1 with e
 * set and t empty. */
int terrain_upload(Terrain *t, SDL_Renderer *r, TerrainImage *img, Err *e);

/* Draw the visible tiles; off-map areas are left as they are. */
void terrain_draw(const Terrain *t, SDL_Renderer *r, const Camera *c);

#endif
