/* geo: a growable list of coloured (or textured) triangles built on the
 * CPU and sent in one SDL_RenderGeometry call — quads, lines as quads,
 * rings, convex polygons and hexes through a camera. Shared by the
 * battle view and the editor's overlays. */
#ifndef SHOAL_UI_GEO_H
#define SHOAL_UI_GEO_H

#include <SDL.h>
#include <stdbool.h>

#include "core/hex.h"
#include "ui/camera.h"

/* The list; zero it (or geo_init) before first use. It grows on demand
 * and is kept between frames, so drawing allocates only when a frame
 * needs more than any before. */
typedef struct GeoList {
    SDL_Vertex *v;
    int *idx;
    int nv, ni, cap_v, cap_i;
    bool no_memory; /* a grow failed: the rest of this batch is dropped */
} GeoList;

void geo_init(GeoList *g);
/* Free the buffers; g is empty (and usable) again. */
void geo_free(GeoList *g);

/* Drop the triangles (keep the memory) and forget a failed grow. */
void geo_reset(GeoList *g);
/* Room for nv more vertices and ni more indices: 0, or -1 when memory
 * ran out (then nothing more is added until geo_reset). */
int geo_reserve(GeoList *g, int nv, int ni);

/* A quad from four corners in order, xy = x0 y0 .. x3 y3 (two triangles),
 * textured from (u0, v0) at the first corner to (u1, v1) at the third. */
void geo_quad(GeoList *g, const float xy[8], SDL_Color c, float u0, float v0, float u1, float v1);
/* An axis-aligned rectangle, untextured. */
void geo_rect(GeoList *g, float x, float y, float w, float h, SDL_Color c);
/* A line w px wide as a quad; nothing for a line shorter than 1e-3 px. */
void geo_line(GeoList *g, float x0, float y0, float x1, float y1, float w, SDL_Color c);
/* A convex polygon of n >= 3 corners, fanned from the first. */
void geo_poly(GeoList *g, const float *x, const float *y, int n, SDL_Color c);
/* A circle of radius r as segs lines w px wide. */
void geo_ring(GeoList *g, float x, float y, float r, float w, int segs, SDL_Color c);

/* The six screen corners of hex h of the given size through camera cam. */
void geo_hex_corners(const Camera *cam, Hex h, float size, float x[6], float y[6]);
/* A filled hex: six triangles round its centre. */
void geo_hex_fill(GeoList *g, const Camera *cam, Hex h, float size, SDL_Color c);
/* A hex's six sides as lines w px wide. */
void geo_hex_outline(GeoList *g, const Camera *cam, Hex h, float size, float w, SDL_Color c);
/* The same drawn `scale` of the way from its centre to its corners (under
 * 1: inside it, clear of its neighbours' outlines). Not geo_hex_outline
 * with a smaller size: that moves the hex too, towards the map's corner
 * by (1 - scale) of the way (two hexes at the east edge of a 1600 px map
 * for 0.96). */
void geo_hex_inset(GeoList *g, const Camera *cam, Hex h, float size, float scale, float w,
                   SDL_Color c);

/* Draw the list on r (textured with tex, or NULL), when it holds any
 * triangle, in the renderer's current blend mode; then geo_reset. */
void geo_flush(GeoList *g, SDL_Renderer *r, SDL_Texture *tex);

#endif
