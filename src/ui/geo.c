/* geo: triangle lists for SDL_RenderGeometry, grown on demand. */
#include "ui/geo.h"

#include <assert.h>
#include <math.h>
#include <stdlib.h>

#include "core/mathx.h"
#include "ui/draw.h"

/* First capacities: a frame of a few hundred hexes fits without a grow. */
#define GEO_FIRST_VERTS   1024
#define GEO_FIRST_INDICES 1536

void geo_init(GeoList *g)
{
    *g = (GeoList){0};
}

void geo_free(GeoList *g)
{
    free(g->v);
    free(g->idx);
    geo_init(g);
}

void geo_reset(GeoList *g)
{
    g->nv = g->ni = 0;
    g->no_memory = false;
}

/* *cap grown by doubling from first until it holds need; -1 on failure. */
static int grow(void **p, int *cap, int need, int first, size_t size)
{
    if (need <= *cap) return 0;
    int c = *cap ? *cap : first;
    while (c < need) c *= 2;
    void *q = realloc(*p, (size_t)c * size);
    if (!q) return -1;
    *p = q;
    *cap = c;
    return 0;
}

int geo_reserve(GeoList *g, int nv, int ni)
{
    assert(nv >= 0 && ni >= 0);
    if (g->no_memory) return -1;
    if (grow((void **)&g->v, &g->cap_v, g->nv + nv, GEO_FIRST_VERTS, sizeof *g->v) != 0 ||
        grow((void **)&g->idx, &g->cap_i, g->ni + ni, GEO_FIRST_INDICES, sizeof *g->idx) != 0) {
        g->no_memory = true;
        return -1;
    }
    return 0;
}

static void vert(GeoList *g, float x, float y, SDL_Color c, float u, float v)
{
    g->v[g->nv++] = (SDL_Vertex){{x, y}, c, {u, v}};
}

static void tri(GeoList *g, int a, int b, int c)
{
    g->idx[g->ni++] = a;
    g->idx[g->ni++] = b;
    g->idx[g->ni++] = c;
}

void geo_quad(GeoList *g, const float xy[8], SDL_Color c, float u0, float v0, float u1, float v1)
{
    if (geo_reserve(g, 4, 6) != 0) return;
    int b = g->nv;
    vert(g, xy[0], xy[1], c, u0, v0);
    vert(g, xy[2], xy[3], c, u1, v0);
    vert(g, xy[4], xy[5], c, u1, v1);
    vert(g, xy[6], xy[7], c, u0, v1);
    tri(g, b, b + 1, b + 2);
    tri(g, b, b + 2, b + 3);
}

void geo_rect(GeoList *g, float x, float y, float w, float h, SDL_Color c)
{
    float xy[8] = {x, y, x + w, y, x + w, y + h, x, y + h};
    geo_quad(g, xy, c, 0, 0, 0, 0);
}

void geo_line(GeoList *g, float x0, float y0, float x1, float y1, float w, SDL_Color c)
{
    float dx = x1 - x0, dy = y1 - y0, l = sqrtf(dx * dx + dy * dy);
    if (l < 1e-3f) return;
    float nx = -dy / l * w * 0.5f, ny = dx / l * w * 0.5f;
    float xy[8] = {x0 + nx, y0 + ny, x1 + nx, y1 + ny, x1 - nx, y1 - ny, x0 - nx, y0 - ny};
    geo_quad(g, xy, c, 0, 0, 0, 0);
}

void geo_poly(GeoList *g, const float *x, const float *y, int n, SDL_Color c)
{
    assert(n >= 3);
    if (geo_reserve(g, n, 3 * (n - 2)) != 0) return;
    int b = g->nv;
    for (int i = 0; i < n; i++) vert(g, x[i], y[i], c, 0, 0);
    for (int i = 1; i + 1 < n; i++) tri(g, b, b + i, b + i + 1);
}

void geo_ring(GeoList *g, float x, float y, float r, float w, int segs, SDL_Color c)
{
    assert(segs >= 3);
    for (int k = 0; k < segs; k++) {
        float a0 = 2.0f * MATHX_PI_F * (float)k / (float)segs;
        float a1 = 2.0f * MATHX_PI_F * (float)(k + 1) / (float)segs;
        geo_line(g, x + cosf(a0) * r, y + sinf(a0) * r, x + cosf(a1) * r, y + sinf(a1) * r, w, c);
    }
}

void geo_hex_corners(const Camera *cam, Hex h, float size, float x[6], float y[6])
{
    for (int k = 0; k < 6; k++) {
        float wx, wy;
        hex_corner(h, size, k, &wx, &wy);
        cam_world_to_screenf(cam, wx, wy, &x[k], &y[k]);
    }
}

void geo_hex_fill(GeoList *g, const Camera *cam, Hex h, float size, SDL_Color c)
{
    if (geo_reserve(g, 7, 18) != 0) return;
    float cx, cy, sx, sy, x[6], y[6];
    hex_to_pixel(h, size, &cx, &cy);
    cam_world_to_screenf(cam, cx, cy, &sx, &sy);
    geo_hex_corners(cam, h, size, x, y);
    int b = g->nv;
    vert(g, sx, sy, c, 0, 0);
    for (int k = 0; k < 6; k++) vert(g, x[k], y[k], c, 0, 0);
    for (int k = 0; k < 6; k++) tri(g, b, b + 1 + k, b + 1 + (k + 1) % 6);
}

void geo_hex_outline(GeoList *g, const Camera *cam, Hex h, float size, float w, SDL_Color c)
{
    float x[6], y[6];
    geo_hex_corners(cam, h, size, x, y);
    for (int k = 0; k < 6; k++) geo_line(g, x[k], y[k], x[(k + 1) % 6], y[(k + 1) % 6], w, c);
}

void geo_hex_inset(GeoList *g, const Camera *cam, Hex h, float size, float scale, float w,
                   SDL_Color c)
{
    float cx, cy, x[6], y[6];
    hex_to_pixel(h, size, &cx, &cy);
    for (int k = 0; k < 6; k++) {
        float wx, wy;
        hex_corner(h, size, k, &wx, &wy);
        cam_world_to_screenf(cam, cx + (wx - cx) * scale, cy + (wy - cy) * scale, &x[k], &y[k]);
    }
    for (int k = 0; k < 6; k++) geo_line(g, x[k], y[k], x[(k + 1) % 6], y[(k + 1) % 6], w, c);
}

void geo_flush(GeoList *g, SDL_Renderer *r, SDL_Texture *tex)
{
    if (g->ni > 0) draw_geometry(r, tex, g->v, g->nv, g->idx, g->ni);
    geo_reset(g);
}
