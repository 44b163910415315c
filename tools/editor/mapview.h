/* mapview: the editor's picture of the mask — a chart (water shaded by
 * depth, sand rims, foam) or a heat map of the shore-distance field — kept
 * in tiled textures that are recoloured one rectangle at a time. */
#ifndef SHOAL_ED_MAPVIEW_H
#define SHOAL_ED_MAPVIEW_H

#include <SDL.h>
#include <stddef.h>
#include <stdint.h>

#include "core/edit.h"
#include "core/err.h"
#include "core/jobs.h"
#include "core/map.h"
#include "core/shore.h"
#include "ui/camera.h"

typedef enum MapViewMode { MAPVIEW_CHART, MAPVIEW_HEAT } MapViewMode;

/* Heat-map contour spacing and the band it scales over, map px. */
#define MAPVIEW_HEAT_STEP 8.0f
#define MAPVIEW_HEAT_SPAN 160.0f

typedef struct MapView {
    SDL_Renderer *r;
    int w, h; /* map size */
    int tile; /* tile side in map px (one texel each) */
    int cols, rows;
    SDL_Texture **tex; /* cols * rows */
    uint32_t *buf;     /* staging pixels for one upload */
    size_t buf_cap;    /* in pixels */
    MapViewMode mode;
    float margin; /* the sea's shore margin, drawn as a bright contour */
    int nearest;  /* textures currently sampled nearest (zoomed in) */
} MapView;

/* Textures for a w x h map on r (nothing drawn into them yet). */
int mapview_init(MapView *v, SDL_Renderer *r, int w, int h, Err *e);
void mapview_deinit(MapView *v);

/* Recolour the pixels of rect rc (clipped to the map) from m's mask and
 * the distance field f (same size as m; it may lag behind m during a
 * stroke, in which case pixels that changed show as bare land or shallow
 * water). pool (may be NULL) shares the work. Returns 0 or -1 (e set)
 * when staging memory runs out. */
int mapview_update(MapView *v, const Map *m, const ShoreField *f, EditRect rc, JobPool *pool,
                   Err *e);

/* The colour (0xAARRGGBB) of map pixel (x, y) in mode `mode` (for tests
 * and the legend). */
uint32_t mapview_pixel(const Map *m, const ShoreField *f, int x, int y, MapViewMode mode,
                       float margin);

/* Draw the visible tiles through camera c: nearest sampling when zoomed
 * in past 2 screen px per map px (single pixels stay crisp), linear
 * below. */
void mapview_draw(MapView *v, const Camera *c);

#endif
