/* hex: pointy-top axial hex math (Red Blob Games' conventions, see hex.h). */
#include "hex.h"

#include <assert.h>
#include <ctype.h>
#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

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
    assert(x && y);
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
    assert(x && y);
    float cx, cy;
    hex_to_pixel(h, size, &cx, &cy);
    int k = ((i % HEX_DIRS) + HEX_DIRS) % HEX_DIRS;
    *x = (float)((double)cx + (double)size * hex_corner_dx[k]);
    *y = (float)((double)cy + (double)size * hex_corner_dy[k]);
}

void hex_corner_unit(int i, double *dx, double *dy)
{
    assert(dx && dy);
    int k = ((i % HEX_DIRS) + HEX_DIRS) % HEX_DIRS;
    *dx = hex_corner_dx[k];
    *dy = hex_corner_dy[k];
}

/* ------------------------------------------------------------------------
 * Lines, ranges and rotation. */

Hex hex_round(double q, double r)
{
    double s = -q - r;
    double rq = round(q), rr = round(r), rs = round(s);
    double dq = fabs(rq - q), dr = fabs(rr - r), ds = fabs(rs - s);
    if (dq > dr && dq > ds)
        rq = -rr - rs;
    else if (dr > ds)
        rr = -rq - rs;
    return hex_make(hex_clamp(rq), hex_clamp(rr));
}

Hex hex_rotate(Hex h, Hex centre, int steps)
{
    int q = h.q - centre.q, r = h.r - centre.r;
    int k = ((steps % HEX_DIRS) + HEX_DIRS) % HEX_DIRS;
    /* One step in direction order is (q, r, s) -> (-s, -q, -r) in cube
     * coordinates: E (1,0,-1) becomes NE (1,-1,0). */
    for (int i = 0; i < k; i++) {
        int s = -q - r;
        int nq = -s, nr = -q;
        q = nq;
        r = nr;
    }
    return hex_make(centre.q + q, centre.r + r);
}

int hex_line(Hex a, Hex b, Hex *out, int cap)
{
    assert(out || cap <= 0);
    int n = hex_distance(a, b);
    /* The nudge (+1e-6, +1e-6, -2e-6 in cube terms) keeps lerp points off
     * the edges between hexes, where rounding would be a coin toss. */
    const double eq = 1e-6, er = 1e-6;
    double aq = (double)a.q + eq, ar = (double)a.r + er;
    double bq = (double)b.q + eq, br = (double)b.r + er;
    for (int i = 0; i <= n && i < cap; i++) {
        double t = n == 0 ? 0.0 : (double)i / (double)n;
        out[i] = hex_round(aq + (bq - aq) * t, ar + (br - ar) * t);
    }
    return n + 1;
}

int hex_range(Hex c, int n, Hex *out, int cap)
{
    assert(out || cap <= 0);
    if (n < 0) return 0;
    int k = 0;
    for (int dq = -n; dq <= n; dq++) {
        int lo = -n > -dq - n ? -n : -dq - n;
        int hi = n < -dq + n ? n : -dq + n;
        for (int dr = lo; dr <= hi; dr++, k++)
            if (k < cap) out[k] = hex_make(c.q + dq, c.r + dr);
    }
    return k;
}

/* ------------------------------------------------------------------------
 * Poses. */

HexPose hex_pose_step(HexPose p, int step)
{
    if (step == HEX_STEP_FORWARD)
        p.hex = hex_neighbor(p.hex, p.facing);
    else if (step == HEX_STEP_PORT)
        p.facing = (p.facing + 1) % HEX_DIRS;
    else if (step == HEX_STEP_STARBOARD)
        p.facing = (p.facing + HEX_DIRS - 1) % HEX_DIRS;
    return p;
}
