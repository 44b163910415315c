/* mapgen: procedural ocean maps (stb_perlin fBm + radial island bumps,
 * thresholded at the quantile that gives the requested land fraction). */
#include "mapgen_internal.h"

#include <assert.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <stb_perlin.h>

/* Bit-identical output on every machine rests on three rules kept below:
 * only + - * / sqrtf floorf on floats (IEEE-exact), no libm transcendental
 * of a non-exact value, and all randomness from mg_hash of the seed. A
 * fourth is the compiler's: a*b+c must not be fused into one FMA (GCC
 * keeps them apart under -std=c11; clang needs telling, here and, for
 * stb_perlin, by -ffp-contract=off where stb_impl.c is built). */
#if defined(__clang__)
#pragma STDC FP_CONTRACT OFF
#endif

#define MG_MAX_ISLANDS 64
#define MG_MAX_OCTAVES 7
#define MG_HEX_SIZE    24
/* Octaves this long or longer (in pixels) are sampled on a coarse grid. */
#define MG_COARSE        4
#define MG_COARSE_MIN_WL 128.0f

/* Counter-based hash (splitmix64's finaliser over seed and a counter), so
 * every draw is independent of how many came before it. */
static uint64_t mg_hash(uint32_t seed, uint64_t counter)
{
    uint64_t z = ((uint64_t)seed << 32 | 0x5eedu) + (counter + 1) * 0x9e3779b97f4a7c15ull;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

/* Uniform float in [0, 1) with 24 random bits: exact, no rounding. */
static float mg_unit(uint32_t seed, uint64_t counter)
{
    return (float)(mg_hash(seed, counter) >> 40) * (1.0f / 16777216.0f);
}

/* Counter ranges of the independent draws, far apart so they never meet. */
enum {
    MG_C_NOISE = 0,      /* 4 per octave: x, y, z offset, perlin seed */
    MG_C_ISLANDS = 1000, /* per candidate: x, y; per island: its shape draws */
    MG_C_META = 1000000, /* wind */
};

/* The defaults shoal-map gen --help advertises (land 0.25, roughness 0.5,
 * 6 islands), with seed 1 and 1024x768 for callers that set none. */
void mapgen_defaults(MapGenParams *p)
{
    assert(p);
    p->seed = 1;
    p->w = 1024;
    p->h = 768;
    p->land = 0.25f;
    p->roughness = 0.5f;
    p->islands = 6;
    p->mirror = false;
}

int mapgen_validate(const MapGenParams *p, Err *e)
{
    assert(p);
    if (p->w < MAP_MIN_SIDE || p->w > MAP_MAX_SIDE || p->h < MAP_MIN_SIDE || p->h > MAP_MAX_SIDE)
        return err_set(e, "--size %dx%d: width and height must be between %d and %d pixels", p->w,
                       p->h, MAP_MIN_SIDE, MAP_MAX_SIDE);
    /* Written so NaN fails the test too. */
    if (!(p->land >= 0.0f && p->land <= 0.9f))
        return err_set(e, "--land %g: land fraction must be between 0 and 0.9", (double)p->land);
    if (!(p->roughness >= 0.0f && p->roughness <= 1.0f))
        return err_set(e, "--roughness %g: roughness must be between 0 and 1",
                       (double)p->roughness);
    if (p->islands < 0 || p->islands > MG_MAX_ISLANDS)
        return err_set(e, "--islands %d: island count must be between 0 and %d", p->islands,
                       MG_MAX_ISLANDS);
    return 0;
}

/* ------------------------------------------------------------ height field */

typedef struct MgNoise {
    int octaves;
    int coarse;                 /* the first `coarse` octaves go through MgCoarse */
    float step[MG_MAX_OCTAVES]; /* lattice units per pixel */
    float amp[MG_MAX_OCTAVES];  /* already divided by the amplitude sum */
    float ox[MG_MAX_OCTAVES], oy[MG_MAX_OCTAVES], oz[MG_MAX_OCTAVES];
    int pseed[MG_MAX_OCTAVES];
} MgNoise;

typedef struct MgBump {
    float x, y;   /* centre in pixel coordinates (pixel i spans [i, i+1)) */
    float ux, uy; /* unit long axis */
    float inv_a2; /* 1 / (long semi-axis)^2 */
    float inv_b2; /* 1 / (short semi-axis)^2 */
    float r;      /* long semi-axis: the bounding radius */
    float height;
} MgBump;

/* Octave plan: roughness raises the gain (more high-frequency share) and so
 * the octave count; octaves finer than ~2 px are never worth their cost. */
static void mg_noise_plan(MgNoise *nz, const MapGenParams *p, float wavelength)
{
    float gain = 0.38f + 0.27f * p->roughness;
    float a = 1.0f, sum = 0.0f, wl = wavelength;
    int n = 0;
    while (n < MG_MAX_OCTAVES && (n < 2 || (a >= 0.03f && wl >= 2.0f))) {
        nz->amp[n] = a;
        nz->step[n] = 1.0f / wl;
        /* Offsets on a 1/256 lattice-unit grid: exact floats in [0, 256). */
        nz->ox[n] = (float)(mg_hash(p->seed, MG_C_NOISE + 4 * n) >> 48) * (1.0f / 256.0f);
        nz->oy[n] = (float)(mg_hash(p->seed, MG_C_NOISE + 4 * n + 1) >> 48) * (1.0f / 256.0f);
        nz->oz[n] = (float)(mg_hash(p->seed, MG_C_NOISE + 4 * n + 2) >> 48) * (1.0f / 256.0f);
        nz->pseed[n] = (int)(mg_hash(p->seed, MG_C_NOISE + 4 * n + 3) >> 56);
        sum += a;
        a *= gain;
        wl *= 0.5f;
        n++;
    }
    nz->octaves = n;
    nz->coarse = 0;
    while (nz->coarse < n && 1.0f / nz->step[nz->coarse] >= MG_COARSE_MIN_WL) nz->coarse++;
    /* x2 so the sum spans roughly -1..1 like a bump's height. */
    for (int i = 0; i < n; i++) nz->amp[i] = 2.0f * nz->amp[i] / sum;
}

/* Octaves from..to-1 of the noise at pixel position (px, py). */
static float mg_fbm(const MgNoise *nz, int from, int to, float px, float py)
{
    float v = 0.0f;
    for (int i = from; i < to; i++)
        v += nz->amp[i] * stb_perlin_noise3_seed(px * nz->step[i] + nz->ox[i],
                                                 py * nz->step[i] + nz->oy[i], nz->oz[i], 0, 0, 0,
                                                 nz->pseed[i]);
    return v;
}

/* The long octaves sampled every MG_COARSE pixels and interpolated: they
 * are smooth at that spacing (the error is ~0.1% of their amplitude) and
 * this halves the cost of a big map, most of which is perlin calls. */
typedef struct MgCoarse {
    float *v;
    int gw, gh;
} MgCoarse;

static int mg_coarse_init(MgCoarse *c, const MgNoise *nz, int w, int h)
{
    c->gw = (w - 1) / MG_COARSE + 2;
    c->gh = (h - 1) / MG_COARSE + 2;
    c->v = malloc((size_t)c->gw * (size_t)c->gh * sizeof *c->v);
    if (!c->v) return -1;
    for (int gy = 0; gy < c->gh; gy++)
        for (int gx = 0; gx < c->gw; gx++)
            c->v[(size_t)gy * (size_t)c->gw + (size_t)gx] = mg_fbm(
                nz, 0, nz->coarse, (float)(gx * MG_COARSE) + 0.5f, (float)(gy * MG_COARSE) + 0.5f);
    return 0;
}

/* Bilinear; the weights are multiples of 1/MG_COARSE, exact in float. */
static float mg_coarse_at(const MgCoarse *c, int x, int y)
{
    const float inv = 1.0f / (float)MG_COARSE;
    float fx = (float)(x % MG_COARSE) * inv, fy = (float)(y % MG_COARSE) * inv;
    const float *r0 = c->v + (size_t)(y / MG_COARSE) * (size_t)c->gw + (size_t)(x / MG_COARSE);
    const float *r1 = r0 + c->gw;
    float a = r0[0] + (r0[1] - r0[0]) * fx;
    float b = r1[0] + (r1[1] - r1[0]) * fx;
    return a + (b - a) * fy;
}

/* The whole noise at pixel (x, y). */
static float mg_noise_at(const MgNoise *nz, const MgCoarse *c, int x, int y)
{
    return mg_coarse_at(c, x, y) +
           mg_fbm(nz, nz->coarse, nz->octaves, (float)x + 0.5f, (float)y + 0.5f);
}

enum { MG_SIZE_DRAWS = 20 }; /* counters one island's shape consumes */

/* Shape and height of one island from draws c .. c+MG_SIZE_DRAWS-1: an
 * ellipse of random stretch and direction. The bump reaches further than
 * the coast: the threshold cuts it part-way down, where the noise shapes
 * the shoreline. */
static void mg_island_size(MgBump *b, float base_r, uint32_t seed, uint64_t c)
{
    float u = mg_unit(seed, c), v = mg_unit(seed, c + 1);
    float stretch = 1.0f + 1.2f * mg_unit(seed, c + 2);
    /* A random direction without trig: a random point of the square,
     * normalised (redrawn when too close to the centre). */
    float dx = 1.0f, dy = 0.0f;
    for (uint64_t t = 0; t < 8; t++) {
        float px = 2.0f * mg_unit(seed, c + 3 + 2 * t) - 1.0f;
        float py = 2.0f * mg_unit(seed, c + 4 + 2 * t) - 1.0f;
        float l2 = px * px + py * py;
        if (l2 > 0.0625f && l2 <= 1.0f) {
            float l = sqrtf(l2);
            dx = px / l;
            dy = py / l;
            break;
        }
    }
    /* Same area as a disc of the base radius scaled by the reach factor. */
    float reach = base_r * (1.0f + 0.5f * u);
    float a = reach * sqrtf(stretch), bb = reach / sqrtf(stretch);
    b->ux = dx;
    b->uy = dy;
    b->r = a;
    b->inv_a2 = 1.0f / (a * a);
    b->inv_b2 = 1.0f / (bb * bb);
    b->height = 0.75f + 0.5f * v;
}

/* Radius of a disc holding one island's share of the land. */
static float mg_island_radius(const MapGenParams *p)
{
    float area = p->land * (float)p->w * (float)p->h / (float)p->islands;
    return sqrtf(area / 3.14159265f);
}

/* Island centres by best-candidate sampling: of a few random points, keep
 * the one farthest from those placed already, so islands spread out and
 * leave channels between them. With mirror they come in 180-degree pairs
 * (plus one at the centre for an odd count). Returns the count placed. */
static int mg_place_islands(MgBump *b, const MapGenParams *p)
{
    const float w = (float)p->w, h = (float)p->h;
    int k = p->islands;
    if (k <= 0) return 0;
    float base_r = mg_island_radius(p);
    /* Keep centres off the spawn sides and a little off the other edges. */
    float x0 = 0.18f * w, x1 = 0.82f * w, y0 = 0.1f * h, y1 = 0.9f * h;
    int n = 0;
    if (p->mirror && (k & 1)) {
        b[n].x = 0.5f * w;
        b[n].y = 0.5f * h;
        n++;
    }
    uint64_t c = MG_C_ISLANDS;
    for (int i = 0; i < n; i++, c += MG_SIZE_DRAWS) mg_island_size(&b[i], base_r, p->seed, c);
    while (n < k) {
        float bx = 0.0f, by = 0.0f, best = -1.0f;
        for (int t = 0; t < 12; t++) {
            float x = x0 + (x1 - x0) * mg_unit(p->seed, c++);
            float y = y0 + (y1 - y0) * mg_unit(p->seed, c++);
            float d = 3.4e38f;
            for (int i = 0; i < n; i++) d = fminf(d, mg_sq(x - b[i].x) + mg_sq(y - b[i].y));
            if (p->mirror) d = fminf(d, mg_sq(w - x - x) + mg_sq(h - y - y));
            if (d > best) {
                best = d;
                bx = x;
                by = y;
            }
        }
        b[n].x = bx;
        b[n].y = by;
        mg_island_size(&b[n], base_r, p->seed, c);
        c += MG_SIZE_DRAWS;
        n++;
        if (p->mirror) {
            /* The image shares size and height, so the mirrored field
             * barely needs the blend in mg_heights. */
            b[n] = b[n - 1];
            b[n].x = w - bx;
            b[n].y = h - by;
            n++;
        }
    }
    return n;
}

/* Add each island's bump (1 - t)^2, t the squared elliptical distance, over
 * its bounding box. */
static void mg_add_bumps(float *hf, int w, int h, const MgBump *b, int n)
{
    for (int i = 0; i < n; i++) {
        int xa = (int)floorf(b[i].x - b[i].r), xb = (int)floorf(b[i].x + b[i].r) + 1;
        int ya = (int)floorf(b[i].y - b[i].r), yb = (int)floorf(b[i].y + b[i].r) + 1;
        if (xa < 0) xa = 0;
        if (ya < 0) ya = 0;
        if (xb > w) xb = w;
        if (yb > h) yb = h;
        for (int y = ya; y < yb; y++) {
            float dy = (float)y + 0.5f - b[i].y;
            float *row = hf + (size_t)y * (size_t)w;
            for (int x = xa; x < xb; x++) {
                float dx = (float)x + 0.5f - b[i].x;
                float along = dx * b[i].ux + dy * b[i].uy, across = dx * b[i].uy - dy * b[i].ux;
                float t = along * along * b[i].inv_a2 + across * across * b[i].inv_b2;
                if (t < 1.0f) row[x] += b[i].height * mg_sq(1.0f - t);
            }
        }
    }
}

/* The push below sea near the map's edges: wide margins left and right
 * where the fleets start, narrow ones top and bottom. */
typedef struct MgEdge {
    float strength;
    float mx, my; /* margin widths in pixels */
} MgEdge;

/* Written with min(a, b) of both sides so it is exactly 180-degree
 * symmetric. */
static float mg_edge(const MgEdge *ed, int x, int y, int w, int h)
{
    float dx = fminf((float)x + 0.5f, (float)w - (float)x - 0.5f);
    float dy = fminf((float)y + 0.5f, (float)h - (float)y - 0.5f);
    float tx = dx < ed->mx ? 1.0f - dx / ed->mx : 0.0f;
    float ty = dy < ed->my ? 1.0f - dy / ed->my : 0.0f;
    return -ed->strength * (tx * tx + ty * ty);
}

/* Mirror blend weight of a pixel from its signed offset d = 2x + 1 - w from
 * the seam (1 on the left, 0 on the right, a smooth band in between). */
static float mg_side_weight(int d, float inv_band)
{
    float u = (float)d * inv_band;
    if (u <= -1.0f) return 1.0f;
    if (u >= 1.0f) return 0.0f;
    return 0.5f - 0.25f * u * (3.0f - u * u);
}

/* Fill hf with the height field. hf holds the island bumps on entry.
 * Returns -1 when out of memory. */
static int mg_heights(float *hf, const MapGenParams *p, const MgNoise *nz, float noise_w,
                      const MgEdge *ed)
{
    const int w = p->w, h = p->h;
    const size_t n = (size_t)w * (size_t)h;
    MgCoarse c;
    if (mg_coarse_init(&c, nz, w, h)) return -1;
    if (!p->mirror) {
        for (int y = 0; y < h; y++) {
            float *row = hf + (size_t)y * (size_t)w;
            for (int x = 0; x < w; x++)
                row[x] += noise_w * mg_noise_at(nz, &c, x, y) + mg_edge(ed, x, y, w, h);
        }
        free(c.v);
        return 0;
    }
    /* Mirror: pixel i pairs with j = n-1-i, its 180-degree image. The left
     * half keeps its own noise, the right half gets the left's image, and a
     * band around the seam blends the two; dividing by the weights' norm
     * keeps the noise's contrast in the band. Every expression below uses
     * i's and j's values in commutative pairs, so both get the same bits. */
    float inv_band = 1.0f / (0.3f * (float)w);
    for (size_t i = 0; i <= n - 1 - i; i++) {
        size_t j = n - 1 - i;
        int x = (int)(i % (size_t)w), y = (int)(i / (size_t)w);
        int xj = w - 1 - x, yj = h - 1 - y;
        float si = mg_side_weight(2 * x + 1 - w, inv_band);
        float sj = mg_side_weight(2 * xj + 1 - w, inv_band);
        float ni = mg_noise_at(nz, &c, x, y);
        float nj = mg_noise_at(nz, &c, xj, yj);
        float norm = sqrtf(si * si + sj * sj);
        float noise = (si * ni + sj * nj) / norm;
        float bump = (si * hf[i] + sj * hf[j]) / (si + sj);
        float v = noise_w * noise + bump + mg_edge(ed, x, y, w, h);
        hf[i] = v;
        hf[j] = v;
    }
    free(c.v);
    return 0;
}

/* Order-preserving map of a finite float onto uint32 keys. */
static uint32_t mg_key(float f)
{
    uint32_t u;
    memcpy(&u, &f, sizeof u);
    return (u & 0x80000000u) ? ~u : (u | 0x80000000u);
}

/* Key of the k-th smallest height (0-based), by a two-pass radix select
 * over 16-bit histograms: exact, O(n), no sorted copy needed. */
static uint32_t mg_select(const float *hf, size_t n, size_t k, uint32_t *hist)
{
    memset(hist, 0, 65536 * sizeof *hist);
    for (size_t i = 0; i < n; i++) hist[mg_key(hf[i]) >> 16]++;
    uint32_t hi = 0;
    size_t below = 0;
    while (below + hist[hi] <= k) below += hist[hi++];
    memset(hist, 0, 65536 * sizeof *hist);
    for (size_t i = 0; i < n; i++) {
        uint32_t key = mg_key(hf[i]);
        if (key >> 16 == hi) hist[key & 0xffffu]++;
    }
    uint32_t lo = 0;
    while (below + hist[lo] <= k) below += hist[lo++];
    return hi << 16 | lo;
}

/* Land where the height is at or above the quantile that leaves `land` of
 * the pixels above sea. Ties at the threshold fall all one way, so an
 * exactly symmetric field gives an exactly symmetric mask. */
static void mg_threshold(Map *m, const float *hf, float land, uint32_t *hist)
{
    size_t n = (size_t)m->w * (size_t)m->h;
    size_t want = (size_t)llround((double)land * (double)n);
    if (want == 0) {
        memset(m->land, 0, n);
        return;
    }
    uint32_t t = mg_select(hf, n, n - want, hist);
    size_t ge = 0, gt = 0;
    for (size_t i = 0; i < n; i++) {
        uint32_t key = mg_key(hf[i]);
        ge += key >= t;
        gt += key > t;
    }
    /* ge >= want > gt; choose the closer of the two counts. */
    int strict = (want - gt) < (ge - want);
    for (size_t i = 0; i < n; i++) {
        uint32_t key = mg_key(hf[i]);
        m->land[i] = (uint8_t)(strict ? key > t : key >= t);
    }
}

/* ------------------------------------------------------------------- main */

/* Hex size: MG_HEX_SIZE, smaller on small maps so about 8 hexes fit across
 * (8 columns of sqrt(3)*size, 8 rows of 1.5*size), never below the
 * sidecar's minimum. */
static int mg_hex_size(int w, int h)
{
    float by_w = (float)w / (8.0f * MG_SQRT3), by_h = (float)h / (8.0f * 1.5f);
    int s = (int)floorf(fminf(by_w, by_h));
    if (s > MG_HEX_SIZE) s = MG_HEX_SIZE;
    if (s < MAP_HEX_SIZE_MIN) s = MAP_HEX_SIZE_MIN;
    return s;
}

int mapgen_generate(Map *out, const MapGenParams *p, Err *e)
{
    assert(out && p);
    /* On any failure out is left empty, so map_free(out) is always safe. */
    memset(out, 0, sizeof *out);
    if (mapgen_validate(p, e)) return -1;
    if (map_init(out, p->w, p->h, e)) return -1;
    const size_t n = (size_t)p->w * (size_t)p->h;
    const int hex_size = mg_hex_size(p->w, p->h);

    if (p->land > 0.0f) {
        float *hf = calloc(n, sizeof *hf);
        uint32_t *hist = malloc(65536 * sizeof *hist);
        if (!hf || !hist) {
            free(hf);
            free(hist);
            map_free(out);
            return err_set(e, "--size %dx%d: out of memory for the height field", p->w, p->h);
        }
        MgBump bumps[MG_MAX_ISLANDS];
        int nb = mg_place_islands(bumps, p);
        mg_add_bumps(hf, p->w, p->h, bumps, nb);
        /* Base wavelength: without islands, a few features across the map
         * whatever its size, so a map looks alike at any resolution; with
         * them, about an island's size, so the noise carves each island's
         * bays and capes but leaves the island count to the bumps. */
        float side = sqrtf((float)p->w * (float)p->h);
        float wl = 0.3f * side;
        if (nb) wl = fminf(fmaxf(3.0f * mg_island_radius(p), 16.0f), 0.4f * side);
        MgNoise nz;
        mg_noise_plan(&nz, p, wl);
        /* With islands the noise shapes coasts and adds rocks, more of it
         * the rougher; without, it is the whole relief. */
        float noise_w = nb ? 0.6f + 0.6f * p->roughness : 1.0f;
        /* Side margins of about three hex columns (a fleet's depth), at
         * least a sixth of the width, at most 30% of it. */
        float hex_w = MG_SQRT3 * (float)hex_size;
        MgEdge ed = {nb ? 3.0f : 1.2f,
                     fminf(fmaxf(0.16f * (float)p->w, 3.0f * hex_w), 0.3f * (float)p->w),
                     fminf(fmaxf(0.09f * (float)p->h, 1.5f * (float)hex_size), 0.2f * (float)p->h)};
        int rc = mg_heights(hf, p, &nz, noise_w, &ed);
        if (rc == 0) mg_threshold(out, hf, p->land, hist);
        free(hf);
        free(hist);
        if (rc) {
            map_free(out);
            return err_set(e, "--size %dx%d: out of memory for the height field", p->w, p->h);
        }
    }

    map_meta_default(&out->meta, NULL);
    MapMeta *meta = &out->meta;
    snprintf(meta->name, sizeof meta->name, "Sea %u", (unsigned)p->seed);
    meta->hex_size = hex_size;
    uint64_t wind = mg_hash(p->seed, MG_C_META);
    meta->wind_dir = (int)(wind % HEX_DIRS);
    meta->wind_strength = 1 + (int)((wind >> 8) % 4);
    if (mapgen_spawns(out, p->mirror, (float)meta->hex_size)) {
        map_free(out);
        return err_set(e, "--size %dx%d: out of memory placing spawns", p->w, p->h);
    }
    return 0;
}
