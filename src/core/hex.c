/* hex: pointy-top axial hex math (Red Blob Games' conventions, see hex.h). */
#include "hex.h"

#include <ctype.h>
#include <math.h>
#include <stddef.h>
#include <stdlib.h>

#include "map.h"

/* sqrt(3) and its half, spelled out so no libm call decides the bits. */
#define HEX_SQRT3      1.7320508075688772
#define HEX_HALF_SQRT3 0.8660254037844386

const char *const hex_dir_names[HEX_DIRS] = {"E", "NE", "NW", "W", "SW", "SE"};

/* Axial unit steps in hex_dir_names order; with y growing downwards on
 * screen, (+1,-1) is up and to the right, i.e. NE. */
static const Hex hex_dirs[HEX_DIRS] = {{1, 0}, {1, -1}, {0, -1}, {-1, 0}, {-1, 1}, {0, 1}};

/* Corner offsets for a unit hex: top first, then clockwise on screen. */
static const double hex_corner_dx[HEX_DIRS] = {0.0, HEX_HALF_SQRT3,  HEX_HALF_SQRT3,
                                               0.0, -HEX_HALF_SQRT3, -HEX_HALF_SQRT3};
static const double hex_corner_dy[HEX_DIRS] = {-1.0, -0.5, 0.5, 1.0, 0.5, -0.5};

int hex_dir_from_name(const char *name)
{
    if (!name) return -1;
    for (int d = 0; d < HEX_DIRS; d++) {
        const char *a = hex_dir_names[d];
        const char *b = name;
        while (*a && *b && toupper((unsigned char)*b) == *a) {
            a++;
            b++;
        }
        if (!*a && !*b) return d;
    }
    return -1;
}

Hex hex_make(int q, int r)
{
    Hex h = {q, r};
    return h;
}

bool hex_equal(Hex a, Hex b)
{
    return a.q == b.q && a.r == b.r;
}

Hex hex_add(Hex a, Hex b)
{
    return hex_make(a.q + b.q, a.r + b.r);
}

Hex hex_sub(Hex a, Hex b)
{
    return hex_make(a.q - b.q, a.r - b.r);
}

Hex hex_direction(int dir)
{
    return hex_dirs[((dir % HEX_DIRS) + HEX_DIRS) % HEX_DIRS];
}

Hex hex_neighbor(Hex h, int dir)
{
    return hex_add(h, hex_direction(dir));
}

int hex_distance(Hex a, Hex b)
{
    int dq = abs(a.q - b.q);
    int dr = abs(a.r - b.r);
    int ds = abs((a.q + a.r) - (b.q + b.r));
    return (dq + dr + ds) / 2;
}

void hex_to_pixel(Hex h, float size, float *x, float *y)
{
    /* Origin shifted by half a hex width and one size so hex (0,0) touches
     * the map's top and left edges from the inside. */
    double s = size;
    *x = (float)(s * (HEX_SQRT3 * ((double)h.q + 0.5 * (double)h.r) + HEX_HALF_SQRT3));
    *y = (float)(s * (1.5 * (double)h.r + 1.0));
}

/* Axial coordinate as an int. Pixels far off any map (or NaN) would
 * overflow the conversion, which C leaves undefined; they land on a hex far
 * outside every map instead, so callers still see "not on the map". */
static int hex_clamp(double v)
{
    const double lim = 1e8;
    if (!(v > -lim)) return v != v ? (int)lim : -(int)lim;
    if (v > lim) return (int)lim;
    return (int)v;
}

Hex hex_from_pixel(float x, float y, float size)
{
    double px = ((double)x - HEX_HALF_SQRT3 * (double)size) / (double)size;
    double py = ((double)y - (double)size) / (double)size;
    double fq = (HEX_SQRT3 / 3.0) * px - py / 3.0;
    double fr = (2.0 / 3.0) * py;
    double fs = -fq - fr;
    /* Cube rounding: round all three, then repair the one that moved most
     * so q + r + s stays 0. */
    double rq = round(fq), rr = round(fr), rs = round(fs);
    double dq = fabs(rq - fq), dr = fabs(rr - fr), ds = fabs(rs - fs);
    if (dq > dr && dq > ds)
        rq = -rr - rs;
    else if (dr > ds)
        rr = -rq - rs;
    return hex_make(hex_clamp(rq), hex_clamp(rr));
}

void hex_corner(Hex h, float size, int i, float *x, float *y)
{
    float cx, cy;
    hex_to_pixel(h, size, &cx, &cy);
    int k = ((i % HEX_DIRS) + HEX_DIRS) % HEX_DIRS;
    *x = (float)((double)cx + (double)size * hex_corner_dx[k]);
    *y = (float)((double)cy + (double)size * hex_corner_dy[k]);
}

/* True when pixel position (x, y) lies inside m and on water. */
static bool hex_water_at(const Map *m, double x, double y)
{
    if (!(x >= 0.0 && y >= 0.0)) return false; /* also refuses NaN */
    double fx = floor(x), fy = floor(y);
    if (fx >= (double)m->w || fy >= (double)m->h) return false;
    return !map_is_land(m, (int)fx, (int)fy);
}

bool hex_sailable(const Map *m, Hex h, float size)
{
    if (!m || !m->land || !(size > 0.0f)) return false;
    float cx, cy;
    hex_to_pixel(h, size, &cx, &cy);
    if (!hex_water_at(m, cx, cy)) return false;
    /* A corner is shared by three hexes; pulling it 1 px inwards makes the
     * test about this hex's own area, not a neighbour's coast pixel. */
    double inner = (double)size > 1.0 ? (double)size - 1.0 : 0.0;
    for (int i = 0; i < HEX_DIRS; i++) {
        double x = (double)cx + inner * hex_corner_dx[i];
        double y = (double)cy + inner * hex_corner_dy[i];
        if (!hex_water_at(m, x, y)) return false;
    }
    return true;
}
