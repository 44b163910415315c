/* terrain_image: the whole terrain shaded into tile-sized RGBA buffers,
 * SDL-free so the loader's thread can do it while the window draws on. */
#include "terrain.h"

#include <stdlib.h>
#include <string.h>

/* Rows of texels shaded between two looks at the cancel flag. The texels
 * of an 8192^2 map (4096^2) shade in ~0.5 s on one core, so a 2048-wide
 * band of 64 is ~4 ms: a cancel is heard at once, and a band still splits
 * into 8 chunks for the pool. */
#define TERRAIN_BAND_ROWS 64

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

static bool cancelled(const atomic_bool *cancel)
{
    return cancel && atomic_load(cancel);
}

void terrain_image_free(TerrainImage *img)
{
    if (img->px) {
        for (int i = 0; i < img->cols * img->rows; i++) free(img->px[i]);
        free(img->px);
    }
    memset(img, 0, sizeof *img);
}

void terrain_image_tile(const TerrainImage *img, int i, int *x0, int *y0, int *w, int *h)
{
    *x0 = i % img->cols * img->tile;
    *y0 = i / img->cols * img->tile;
    *w = img->tex_w - *x0 < img->tile ? img->tex_w - *x0 : img->tile;
    *h = img->tex_h - *y0 < img->tile ? img->tex_h - *y0 : img->tile;
}

/* Shade tile i (its apron too) into its buffer, band by band; false when
 * a cancel stopped it. */
static bool shade_tile(TerrainImage *img, const TerrainSource *src, int i, JobPool *pool,
                       const atomic_bool *cancel)
{
    int x0, y0, w, h;
    terrain_image_tile(img, i, &x0, &y0, &w, &h);
    int tw = w + 2 * TERRAIN_APRON, th = h + 2 * TERRAIN_APRON;
    size_t pitch = (size_t)tw * 4;
    for (int b = 0; b < th; b += TERRAIN_BAND_ROWS) {
        if (cancelled(cancel)) return false;
        int n = th - b < TERRAIN_BAND_ROWS ? th - b : TERRAIN_BAND_ROWS;
        BakeJob job = {src,
                       img->res,
                       x0 - TERRAIN_APRON,
                       y0 - TERRAIN_APRON + b,
                       tw,
                       img->px[i] + (size_t)b * pitch,
                       pitch};
        if (pool)
            jobs_parallel_for(pool, n, 8, bake_rows, &job);
        else
            bake_rows(&job, 0, n, 0);
    }
    return true;
}

int terrain_image_shade(TerrainImage *img, const Map *m, const ShoreField *sea, int tile,
                        JobPool *pool, const atomic_bool *cancel, Err *e)
{
    memset(img, 0, sizeof *img);
    if (cancelled(cancel)) return TERRAIN_CANCELLED;
    TerrainSource src;
    int rc = terrain_source_init(&src, m, sea, cancel, e);
    if (rc != 0) return rc;
    img->map_w = m->w;
    img->map_h = m->h;
    img->res = terrain_pick_res(m->w, m->h);
    img->tex_w = (int)((float)m->w * img->res + 0.5f);
    img->tex_h = (int)((float)m->h * img->res + 0.5f);
    if (img->tex_w < 1) img->tex_w = 1;
    if (img->tex_h < 1) img->tex_h = 1;
    img->tile = tile;
    img->cols = (img->tex_w + tile - 1) / tile;
    img->rows = (img->tex_h + tile - 1) / tile;
    int n = img->cols * img->rows;
    img->px = calloc((size_t)n, sizeof *img->px);
    bool ok = img->px != NULL;
    for (int i = 0; ok && i < n; i++) {
        int x0, y0, w, h;
        terrain_image_tile(img, i, &x0, &y0, &w, &h);
        img->px[i] = malloc((size_t)(w + 2 * TERRAIN_APRON) * (size_t)(h + 2 * TERRAIN_APRON) * 4);
        ok = img->px[i] != NULL;
    }
    if (!ok) {
        terrain_source_free(&src);
        terrain_image_free(img);
        return err_set(e, "terrain: out of memory shading a %dx%d map", m->w, m->h);
    }
    for (int i = 0; i < n; i++) {
        if (!shade_tile(img, &src, i, pool, cancel)) {
            terrain_source_free(&src);
            terrain_image_free(img);
            return TERRAIN_CANCELLED;
        }
    }
    terrain_source_free(&src);
    return 0;
}
