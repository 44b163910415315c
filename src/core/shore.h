/* shore: distance-to-shore field baked from a mask, and its gradient. */
#ifndef SHOAL_SHORE_H
#define SHOAL_SHORE_H

#include <stddef.h>
#include <stdint.h>

#include "err.h"

/* The field is stored quantised, one uint16 per map pixel, SHORE_SCALE
 * codes per px, saturating at SHORE_CAP. Why not float: at 1M fish the
 * bench's 16384^2 map made a float field 1 GiB, 89% of peak RSS, and the
 * field's lines were most of the sea's L2 misses. Why not uint8 at 1/8 px
 * (cap 31.9 px): readers need more than that - the sea spawns fish deeper
 * than shore_margin + neighbor_radius (44 px), the bench's ships want 40 px
 * of water, the editor's heat view spans 160 px and the terrain shades
 * depth out to ~430 px (its 300 px stop under a 0.7 noise stretch).
 * 1/64 px keeps the rounding (<= 1/128 px at each of the bake's two
 * stores, so <= 1/64 px in all) far below the chamfer's own 0.9%, and the
 * cap 1024 px above every reader. These helpers are the only place that
 * knows the encoding: read the field through them or the samplers below. */
#define SHORE_SCALE    64.0f                    /* codes per px */
#define SHORE_CODE_MAX 65535.0f                 /* the saturated code */
#define SHORE_CAP      (65535.0f / SHORE_SCALE) /* px: every distance beyond reads this */

/* The code of a distance d >= 0 px (rounded to nearest, saturating;
 * anything not below SHORE_CAP, NaN included, gives the cap). */
static inline uint16_t shore_encode(float d)
{
    float c = d * SHORE_SCALE;
    if (!(c < SHORE_CODE_MAX)) c = SHORE_CODE_MAX;
    return (uint16_t)(c + 0.5f);
}

/* The distance in px a code stands for (exact: the scale is a power of 2). */
static inline float shore_decode(uint16_t q)
{
    return (float)q * (1.0f / SHORE_SCALE);
}

/* Coordinates are map pixels; the centre of pixel (i, j) is (i+0.5, j+0.5).
 * The map edge is NOT shore: fish and ships are kept on the map by other
 * means, so an island-free sea is uniformly deep. */
typedef struct ShoreField {
    int w, h;
    uint16_t *dist; /* w*h codes (shore_encode): 0 on land, else the
                       Euclidean-like px distance to the nearest land pixel
                       centre, SHORE_CAP where that is further (or none) */
} ShoreField;

/* Distance in px of pixel i (row-major, i < w*h). */
static inline float shore_px(const ShoreField *f, size_t i)
{
    return shore_decode(f->dist[i]);
}

/* Pixel i is water: its distance is above 0 (land is exactly 0). */
static inline int shore_wet(const ShoreField *f, size_t i)
{
    return f->dist[i] != 0;
}

/* Bake the field from a w*h mask (1 land, 0 water). Chamfer 5x5 or better:
 * relative error against exact Euclidean distance within 2% for d >= 5,
 * plus at most 1/64 px of rounding. Needs no full-size temporary: the
 * field itself holds the first pass between the two. */
int shore_bake(ShoreField *f, const uint8_t *land, int w, int h, Err *e);
void shore_free(ShoreField *f);

/* Bilinear distance at any float position (clamped to the map). */
float shore_distance(const ShoreField *f, float x, float y);

/* Unit vector pointing to deeper water at (x, y), bilinearly interpolated.
 * Where the field is flat (open sea with no land in reach, or solid land)
 * the result is (0, 0) and the function returns 0; otherwise 1. */
int shore_gradient(const ShoreField *f, float x, float y, float *gx, float *gy);

/* Distance and gradient in one lookup, for the sea's hot loop. */
float shore_sample(const ShoreField *f, float x, float y, float *gx, float *gy);

#endif
