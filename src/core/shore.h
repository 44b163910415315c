/* shore: distance-to-shore field baked from a mask, and its gradient. */
#ifndef SHOAL_SHORE_H
#define SHOAL_SHORE_H

#include <stdint.h>

#include "err.h"

/* Distance given to every water pixel of a map with no land at all: large
 * but finite, so arithmetic on it stays well defined. */
#define SHORE_FAR 65536.0f

/* Coordinates are map pixels; the centre of pixel (i, j) is (i+0.5, j+0.5).
 * The map edge is NOT shore: fish and ships are kept on the map by other
 * means, so an island-free sea is uniformly deep. */
typedef struct ShoreField {
    int w, h;
    float *dist; /* w*h: 0 on land, else Euclidean-like px distance to the
                    nearest land pixel centre (capped at SHORE_FAR) */
} ShoreField;

/* Bake the field from a w*h mask (1 land, 0 water). Chamfer 5x5 or better:
 * relative error against exact Euclidean distance within 2% for d >= 5. */
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
