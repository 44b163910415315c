/* terrain_shade: the pure pixel function of the terrain (mask + distance
 * fields -> RGBA), kept free of SDL state so it can be tested and run on
 * worker threads. */
#include "terrain.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "core/mathx.h"

typedef struct Rgb {
    float r, g, b;
} Rgb;

typedef struct Stop {
    float at; /* distance in map px */
    Rgb c;
} Stop;

/* Water by distance to shore: pale turquoise shallows, through reef blue,
 * to deep navy. Interpolated in log(1 + d) so the shallows get room. */
static const Stop water_ramp[] = {
    {0.0f, {150, 232, 220}}, {3.0f, {102, 212, 208}}, {8.0f, {58, 182, 198}},
    {18.0f, {38, 142, 188}}, {40.0f, {30, 104, 164}}, {80.0f, {24, 76, 136}},
    {150.0f, {18, 56, 110}}, {300.0f, {13, 41, 88}},
};

/* Land by distance to water: beach, meadow, forest, upland, bare rock. */
static const Stop land_ramp[] = {
    {0.0f, {222, 200, 146}}, {1.4f, {242, 226, 178}}, {2.5f, {236, 218, 166}},
    {3.5f, {142, 192, 96}},  {10.0f, {104, 166, 74}}, {24.0f, {74, 140, 64}},
    {45.0f, {58, 118, 60}},  {75.0f, {92, 112, 70}},  {120.0f, {138, 134, 116}},
};

static const Rgb foam = {242, 251, 248};

static float smooth(float e0, float e1, float x)
{
    float t = mathx_clampf((x - e0) / (e1 - e0), 0.0f, 1.0f);
    return t * t * (3.0f - 2.0f * t);
}

static Rgb mix(Rgb a, Rgb b, float t)
{
    Rgb o = {a.r + (b.r - a.r) * t, a.g + (b.g - a.g) * t, a.b + (b.b - a.b) * t};
    return o;
}

static Rgb scale(Rgb a, float k)
{
    Rgb o = {a.r * k, a.g * k, a.b * k};
    return o;
}

static Rgb ramp(const Stop *s, int n, float d, int logscale)
{
    if (d <= s[0].at) return s[0].c;
    for (int i = 1; i < n; i++) {
        if (d < s[i].at) {
            float a = s[i - 1].at, b = s[i].at, x = d;
            if (logscale) {
                a = logf(1.0f + a);
                b = logf(1.0f + b);
                x = logf(1.0f + d);
            }
            return mix(s[i - 1].c, s[i].c, (x - a) / (b - a));
        }
    }
    return s[n - 1].c;
}

/* Bilinear sample of the smoothed coast field (> 0 water, < 0 land) over
 * pixel centres, clamped to the map. */
static float signed_at(const TerrainSource *s, float x, float y)
{
    float fx = mathx_clampf(x - 0.5f, 0.0f, (float)(s->w - 1));
    float fy = mathx_clampf(y - 0.5f, 0.0f, (float)(s->h - 1));
    int x0 = (int)fx, y0 = (int)fy;
    int x1 = x0 + 1 < s->w ? x0 + 1 : x0;
    int y1 = y0 + 1 < s->h ? y0 + 1 : y0;
    float tx = fx - (float)x0, ty = fy - (float)y0;
    const float *r0 = s->coast + (size_t)y0 * (size_t)s->w;
    const float *r1 = s->coast + (size_t)y1 * (size_t)s->w;
    float top = r0[x0] + (r0[x1] - r0[x0]) * tx;
    float bot = r1[x0] + (r1[x1] - r1[x0]) * tx;
    return top + (bot - top) * ty;
}

static uint32_t hash3(uint32_t seed, int32_t x, int32_t y)
{
    uint32_t h = seed * 0x9E3779B9u ^ (uint32_t)x * 0x85EBCA6Bu ^ (uint32_t)y * 0xC2B2AE35u;
    h ^= h >> 16;
    h *= 0x7FEB352Du;
    h ^= h >> 15;
    h *= 0x846CA68Bu;
    h ^= h >> 16;
    return h;
}

/* Smooth value noise in [0, 1] with a lattice step of 1. */
static float vnoise(uint32_t seed, float x, float y)
{
    float fx = floorf(x), fy = floorf(y);
    int32_t ix = (int32_t)fx, iy = (int32_t)fy;
    float tx = x - fx, ty = y - fy;
    tx = tx * tx * (3.0f - 2.0f * tx);
    ty = ty * ty * (3.0f - 2.0f * ty);
    const float k = 1.0f / 4294967295.0f;
    float a = (float)hash3(seed, ix, iy) * k, b = (float)hash3(seed, ix + 1, iy) * k;
    float c = (float)hash3(seed, ix, iy + 1) * k, d = (float)hash3(seed, ix + 1, iy + 1) * k;
    float top = a + (b - a) * tx, bot = c + (d - c) * tx;
    return top + (bot - top) * ty;
}

/* Octaves of value noise (each twice the frequency, 0.6 the weight of
 * the last), feature size `cell` map px, in [0, 1]. */
static float fbm(uint32_t seed, float x, float y, float cell, int octaves)
{
    float f = 1.0f / cell, a = 1.0f, sum = 0.0f, norm = 0.0f;
    for (int i = 0; i < octaves; i++) {
        sum += a * vnoise(seed + (uint32_t)i, x * f, y * f);
        norm += a;
        f *= 2.03f;
        a *= 0.6f;
    }
    return sum / norm;
}

/* Distance to the coastline: the smoothed coast field close in (so bands
 * hugging the coast follow its curve), the exact field beyond. */
static float near_far(float smooth_d, float exact_d)
{
    return smooth_d + (exact_d - smooth_d) * smooth(1.8f, 3.0f, exact_d);
}

static Rgb shade_water(const TerrainSource *s, float x, float y, float sd)
{
    float d = near_far(sd, shore_distance(s->sea, x, y));
    /* Irregular shallows: stretch the depth ramp by low-frequency noise so
     * reefs and banks do not follow the coast exactly. */
    float n = fbm(s->seed, x, y, 48.0f, 2);
    float depth = d * (0.7f + 0.6f * n);
    Rgb c = ramp(water_ramp, (int)(sizeof water_ramp / sizeof water_ramp[0]), depth, 1);

    /* Faint depth contours, like isobaths on a chart. */
    static const float iso[] = {10.0f, 24.0f, 48.0f, 96.0f};
    for (size_t i = 0; i < sizeof iso / sizeof iso[0]; i++) {
        float w = 1.0f - smooth(0.0f, 0.9f, fabsf(depth - iso[i]));
        c = mix(c, scale(c, 1.16f), w * 0.55f);
    }

    /* A soft swell line a few px out, broken up by noise. */
    float ring = 1.0f - smooth(0.0f, 0.8f, fabsf(d - 4.5f));
    if (ring > 0.0f) {
        float breakup = smooth(0.45f, 0.7f, fbm(s->seed + 7, x, y, 6.0f, 2));
        c = mix(c, foam, ring * breakup * 0.35f);
    }

    /* Gentle mottling so open water is not a flat fill. */
    float m = fbm(s->seed + 11, x, y, 22.0f, 2);
    c = scale(c, 0.95f + 0.1f * m);

    /* Land casts a short soft shadow towards the lower right. */
    float shadow = smooth(0.0f, 1.5f, -signed_at(s, x - 1.6f, y - 1.6f));
    c = scale(c, 1.0f - 0.22f * shadow);

    /* Surf: a foam line on the water right at the coast. */
    float surf = 1.0f - smooth(1.05f, 1.9f, sd);
    c = mix(c, foam, surf * 0.92f);
    return c;
}

/* Terrain height for hill shading: rises inland and levels off. */
static float height_at(const TerrainSource *s, float x, float y)
{
    float t = shore_distance(&s->inland, x, y);
    return 24.0f * (1.0f - expf(-t / 22.0f));
}

static Rgb shade_land(const TerrainSource *s, float x, float y, float sd)
{
    float t = near_far(-sd, shore_distance(&s->inland, x, y));
    /* Patchy vegetation: shift where the colour bands fall. */
    float n = fbm(s->seed + 31, x, y, 18.0f, 3);
    float tt = t < 3.0f ? t : 3.0f + (t - 3.0f) * (0.6f + 0.8f * n);
    Rgb c = ramp(land_ramp, (int)(sizeof land_ramp / sizeof land_ramp[0]), tt, 0);

    /* Hill shading with light from the upper left. */
    float gx = height_at(s, x + 1.0f, y) - height_at(s, x - 1.0f, y);
    float gy = height_at(s, x, y + 1.0f) - height_at(s, x, y - 1.0f);
    float lit = mathx_clampf(1.0f - 0.09f * (gx + gy), 0.72f, 1.22f);
    /* Beaches stay bright and flat. */
    float k = smooth(1.5f, 4.0f, t);
    c = scale(c, 1.0f + (lit - 1.0f) * k);
    /* Fine grain so large islands don't look airbrushed. */
    c = scale(c, 0.96f + 0.08f * vnoise(s->seed + 41, x * 0.4f, y * 0.4f));
    return c;
}

/* The coast field only matters within a few px of the coastline. */
#define COAST_CLAMP 4.0f
/* No pixel's own centre gets closer to the coastline than this, so
 * smoothing rounds corners but never flips a pixel between land and water. */
#define COAST_KEEP 0.35f
/* Texels this close to the coastline blend land and water. */
#define COAST_AA_MAX 0.3f

/* Rows of the coast field smoothed between two looks at the cancel flag:
 * both passes over an 8192^2 map take ~0.6 s, so 256 rows are ~10 ms. */
#define COAST_BAND_ROWS 256

static const float binomial5[5] = {1.0f / 16, 4.0f / 16, 6.0f / 16, 4.0f / 16, 1.0f / 16};

/* The raw signed distance at pixel i, clamped to where it matters. */
static float coast_raw(const TerrainSource *s, size_t i)
{
    return mathx_clampf(shore_px(s->sea, i) - shore_px(&s->inland, i), -COAST_CLAMP, COAST_CLAMP);
}

/* Fill s->coast: the raw signed distance blurred by a separable binomial
 * 5x5 (edges clamped), computed in place with three spare rows so a
 * 16384^2 map needs no second full-size buffer; then every pixel is held
 * at least COAST_KEEP on its own side. */
static bool coast_bake(TerrainSource *s, const uint8_t *land, float *rows,
                       const atomic_bool *cancel)
{
    const int w = s->w, h = s->h;
    float *in = rows, *prev2 = rows + w, *prev1 = rows + 2 * (size_t)w;
    for (int y = 0; y < h; y++) {
        if (y % COAST_BAND_ROWS == 0 && cancel && atomic_load(cancel)) return false;
        float *out = s->coast + (size_t)y * (size_t)w;
        for (int x = 0; x < w; x++) in[x] = coast_raw(s, (size_t)y * (size_t)w + (size_t)x);
        for (int x = 0; x < w; x++) {
            float acc = 0.0f;
            for (int o = -2; o <= 2; o++) {
                int j = x + o < 0 ? 0 : x + o >= w ? w - 1 : x + o;
                acc += binomial5[o + 2] * in[j];
            }
            out[x] = acc;
        }
    }
    /* Vertical pass, top to bottom: rows above y are already overwritten,
     * so their horizontal-pass values ride along in prev1 / prev2. */
    for (int y = 0; y < h; y++) {
        if (y % COAST_BAND_ROWS == 0 && cancel && atomic_load(cancel)) return false;
        float *row = s->coast + (size_t)y * (size_t)w;
        const float *n1 = s->coast + (size_t)(y + 1 < h ? y + 1 : h - 1) * (size_t)w;
        const float *n2 = s->coast + (size_t)(y + 2 < h ? y + 2 : h - 1) * (size_t)w;
        memcpy(in, row, (size_t)w * sizeof *in);
        if (y == 0) {
            memcpy(prev1, in, (size_t)w * sizeof *in);
            memcpy(prev2, in, (size_t)w * sizeof *in);
        }
        const uint8_t *lrow = land + (size_t)y * (size_t)w;
        for (int x = 0; x < w; x++) {
            float v = binomial5[0] * prev2[x] + binomial5[1] * prev1[x] + binomial5[2] * in[x] +
                      binomial5[3] * n1[x] + binomial5[4] * n2[x];
            if (lrow[x])
                row[x] = v < -COAST_KEEP ? v : -COAST_KEEP;
            else
                row[x] = v > COAST_KEEP ? v : COAST_KEEP;
        }
        float *t = prev2;
        prev2 = prev1;
        prev1 = in;
        in = t;
    }
    return true;
}

int terrain_source_init(TerrainSource *s, const Map *m, const ShoreField *sea,
                        const atomic_bool *cancel, Err *e)
{
    memset(s, 0, sizeof *s);
    s->w = m->w;
    s->h = m->h;
    s->land = m->land;
    s->sea = sea;
    /* The noise follows the map, not the session. */
    for (size_t i = 0; i < sizeof m->meta.name && m->meta.name[i]; i++)
        s->seed = s->seed * 31u + (uint8_t)m->meta.name[i];

    size_t n = (size_t)m->w * (size_t)m->h;
    uint8_t *water = calloc(n, 1);
    if (!water) return err_set(e, "terrain: out of memory for a %dx%d map", m->w, m->h);
    for (size_t i = 0; i < n; i++) water[i] = (uint8_t)!m->land[i];
    int rc = shore_bake(&s->inland, water, m->w, m->h, e);
    free(water);
    if (rc != 0) return -1;
    s->coast = malloc(n * sizeof *s->coast);
    float *rows = malloc(3 * (size_t)m->w * sizeof *rows);
    if (!s->coast || !rows) {
        free(rows);
        terrain_source_free(s);
        return err_set(e, "terrain: out of memory for a %dx%d map", m->w, m->h);
    }
    bool done = coast_bake(s, m->land, rows, cancel);
    free(rows);
    if (!done) {
        terrain_source_free(s);
        return TERRAIN_CANCELLED;
    }
    return 0;
}

void terrain_source_free(TerrainSource *s)
{
    shore_free(&s->inland);
    free(s->coast);
    s->coast = NULL;
}

static uint8_t to_byte(float v)
{
    return (uint8_t)(mathx_clampf(v, 0.0f, 255.0f) + 0.5f);
}

void terrain_shade(const TerrainSource *src, float res, int x0, int y0, int tw, int th,
                   uint8_t *rgba, size_t pitch)
{
    float inv = 1.0f / res;
    /* Half a texel, but never as far as a pixel centre (COAST_KEEP): a
     * pixel's own colour is never a blend, at any resolution. */
    float aa = fminf(0.5f * inv, COAST_AA_MAX);
    for (int j = 0; j < th; j++) {
        uint8_t *row = rgba + (size_t)j * pitch;
        float y = ((float)(y0 + j) + 0.5f) * inv;
        for (int i = 0; i < tw; i++) {
            float x = ((float)(x0 + i) + 0.5f) * inv;
            float sd = signed_at(src, x, y);
            Rgb c;
            int kind; /* 1 water, 0 land, -1 straddling the coastline */
            if (sd > aa) {
                c = shade_water(src, x, y, sd);
                kind = 1;
            } else if (sd < -aa) {
                c = shade_land(src, x, y, sd);
                kind = 0;
            } else {
                /* Blend by coverage so the coast is antialiased. */
                c = mix(shade_land(src, x, y, sd), shade_water(src, x, y, sd), smooth(-aa, aa, sd));
                kind = -1;
            }
            uint8_t r = to_byte(c.r), g = to_byte(c.g), b = to_byte(c.b);
            /* Keep the palette contract exact even where shading saturates. */
            if (kind == 1 && b <= r) {
                if (b == 0) b = 1;
                r = (uint8_t)(b - 1);
            }
            if (kind == 0 && r <= b) {
                if (r == 0) r = 1;
                b = (uint8_t)(r - 1);
            }
            row[4 * i + 0] = r;
            row[4 * i + 1] = g;
            row[4 * i + 2] = b;
            row[4 * i + 3] = 255;
        }
    }
}

float terrain_pick_res(int w, int h)
{
    float res = TERRAIN_RES_MAX;
    double texels = (double)w * (double)h;
    while (res > 1.0f / 64.0f && texels * res * res > (double)TERRAIN_TEXEL_BUDGET) res *= 0.5f;
    return res;
}
