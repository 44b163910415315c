/* shore: distance-to-shore field by a two-pass 7x7 chamfer, stored quantised, and its smooth
 * sampling. */
#include "shore.h"

#include "bigmem.h"

#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

/* Chamfer weights of the 7x7 mask, one per step family: (1,0), (1,1),
 * (2,1), (3,1), (3,2) and their mirror images. A 5x5 mask whose orthogonal
 * step is exactly 1 cannot do better than 1.87% worst-case error (5-7-11 is
 * at 1.98%); with the two extra 7x7 families the worst case over every
 * direction is 0.894% (minimax fit with the orthogonal step held at 1, so a
 * pixel beside land reads exactly 1, and the diagonal at sqrt 2). Adjacent
 * families are consecutive Farey vectors, so every pixel offset is a whole
 * number of steps of the two families around it: the chamfer value is the
 * polygon norm itself and the bound holds at short range too. */
#define W_A 1.0f
#define W_B 1.41421356f
#define W_C 2.2226f
#define W_D 3.13400919f
#define W_E 3.6144f

/* Border of padding around each ring row: the reach of the 7x7 mask. */
#define PAD 3

/* What water starts at before any land reaches it, and what the rows
 * beyond the map hold: beyond SHORE_CAP, so it encodes as the cap, and
 * small enough that adding a few mask weights stays exact. */
#define SEED_FAR 65536.0f

static inline float minf(float a, float b)
{
    return b < a ? b : a;
}

/* Best of the water value t and every mask step that reaches x from the
 * three rows r1, r2, r3 (one, two and three rows away, in the direction
 * the pass came from). The mask is symmetric in x, so both passes share
 * this. */
static inline float steps_from_rows(float t, const float *r1, const float *r2, const float *r3,
                                    ptrdiff_t x)
{
    t = minf(t, r1[x] + W_A);
    t = minf(t, minf(r1[x - 1], r1[x + 1]) + W_B);
    t = minf(t, minf(minf(r1[x - 2], r1[x + 2]), minf(r2[x - 1], r2[x + 1])) + W_C);
    t = minf(t, minf(minf(r1[x - 3], r1[x + 3]), minf(r3[x - 1], r3[x + 1])) + W_D);
    t = minf(t, minf(minf(r2[x - 3], r2[x + 3]), minf(r3[x - 2], r3[x + 2])) + W_E);
    return t;
}

/* Forward pass over pixels [x0, x1) of one row, left to right; t is the
 * padded ring row being written (t[x0 - 1] already final). */
static void forward_scalar(float *t, const float *r1, const float *r2, const float *r3,
                           const uint8_t *land, ptrdiff_t x0, ptrdiff_t x1)
{
    float left = t[x0 - 1];
    for (ptrdiff_t x = x0; x < x1; x++) {
        float v = land[x] ? 0.0f : SEED_FAR;
        v = steps_from_rows(v, r1, r2, r3, x);
        v = minf(v, left + W_A);
        t[x] = v;
        left = v;
    }
}

/* Backward pass over pixels [x0, x1) of one row, right to left; t holds
 * the forward values and receives the final ones in place (t[x1] already
 * final). */
static void backward_scalar(float *t, const float *r1, const float *r2, const float *r3,
                            ptrdiff_t x0, ptrdiff_t x1)
{
    float right = t[x1];
    for (ptrdiff_t x = x1 - 1; x >= x0; x--) {
        float v = steps_from_rows(t[x], r1, r2, r3, x);
        v = minf(v, right + W_A);
        t[x] = v;
        right = v;
    }
}

#if defined(__SSE2__)
/* Four pixels of steps_from_rows at once. */
static inline __m128 steps_from_rows4(__m128 t, const float *r1, const float *r2, const float *r3)
{
#define LD(p) _mm_loadu_ps(p)
    __m128 a = LD(r1);
    __m128 b = _mm_min_ps(LD(r1 - 1), LD(r1 + 1));
    __m128 c = _mm_min_ps(_mm_min_ps(LD(r1 - 2), LD(r1 + 2)), _mm_min_ps(LD(r2 - 1), LD(r2 + 1)));
    __m128 d = _mm_min_ps(_mm_min_ps(LD(r1 - 3), LD(r1 + 3)), _mm_min_ps(LD(r3 - 1), LD(r3 + 1)));
    __m128 e = _mm_min_ps(_mm_min_ps(LD(r2 - 3), LD(r2 + 3)), _mm_min_ps(LD(r3 - 2), LD(r3 + 2)));
#undef LD
    a = _mm_min_ps(_mm_add_ps(a, _mm_set1_ps(W_A)), _mm_add_ps(b, _mm_set1_ps(W_B)));
    c = _mm_min_ps(_mm_add_ps(c, _mm_set1_ps(W_C)), _mm_add_ps(d, _mm_set1_ps(W_D)));
    e = _mm_add_ps(e, _mm_set1_ps(W_E));
    return _mm_min_ps(_mm_min_ps(t, a), _mm_min_ps(c, e));
}

/* The in-row step t[x] = min(t[x], t[x-1] + 1) is a serial chain; doing it
 * as a 4-lane prefix (two log steps, then the carry from the block to the
 * left) leaves only one add and one min per block on the critical path. */
static inline __m128 prefix_left(__m128 v, __m128 carry)
{
    const __m128 far1 = _mm_setr_ps(SEED_FAR, 0.0f, 0.0f, 0.0f);
    const __m128 far2 = _mm_setr_ps(SEED_FAR, SEED_FAR, 0.0f, 0.0f);
    __m128 s = _mm_or_ps(_mm_castsi128_ps(_mm_slli_si128(_mm_castps_si128(v), 4)), far1);
    v = _mm_min_ps(v, _mm_add_ps(s, _mm_set1_ps(W_A)));
    s = _mm_or_ps(_mm_castsi128_ps(_mm_slli_si128(_mm_castps_si128(v), 8)), far2);
    v = _mm_min_ps(v, _mm_add_ps(s, _mm_set1_ps(2 * W_A)));
    return _mm_min_ps(v, _mm_add_ps(carry, _mm_setr_ps(W_A, 2 * W_A, 3 * W_A, 4 * W_A)));
}

/* Mirror of prefix_left for the right-to-left pass. */
static inline __m128 prefix_right(__m128 v, __m128 carry)
{
    const __m128 far1 = _mm_setr_ps(0.0f, 0.0f, 0.0f, SEED_FAR);
    const __m128 far2 = _mm_setr_ps(0.0f, 0.0f, SEED_FAR, SEED_FAR);
    __m128 s = _mm_or_ps(_mm_castsi128_ps(_mm_srli_si128(_mm_castps_si128(v), 4)), far1);
    v = _mm_min_ps(v, _mm_add_ps(s, _mm_set1_ps(W_A)));
    s = _mm_or_ps(_mm_castsi128_ps(_mm_srli_si128(_mm_castps_si128(v), 8)), far2);
    v = _mm_min_ps(v, _mm_add_ps(s, _mm_set1_ps(2 * W_A)));
    return _mm_min_ps(v, _mm_add_ps(carry, _mm_setr_ps(4 * W_A, 3 * W_A, 2 * W_A, W_A)));
}
#endif

static void forward_row(float *t, const float *r1, const float *r2, const float *r3,
                        const uint8_t *land, size_t w)
{
    size_t x = 0;
#if defined(__SSE2__)
    const __m128i zero = _mm_setzero_si128();
    const __m128 far = _mm_set1_ps(SEED_FAR);
    __m128 carry = _mm_set1_ps(t[-1]);
    for (; x + 4 <= w; x += 4) {
        uint32_t bytes;
        memcpy(&bytes, land + x, sizeof bytes);
        __m128i m = _mm_cvtsi32_si128((int)bytes);
        m = _mm_unpacklo_epi16(_mm_unpacklo_epi8(m, zero), zero);
        __m128 v = _mm_and_ps(_mm_castsi128_ps(_mm_cmpeq_epi32(m, zero)), far);
        v = steps_from_rows4(v, r1 + x, r2 + x, r3 + x);
        v = prefix_left(v, carry);
        _mm_storeu_ps(t + x, v);
        carry = _mm_shuffle_ps(v, v, _MM_SHUFFLE(3, 3, 3, 3));
    }
#endif
    forward_scalar(t, r1, r2, r3, land, (ptrdiff_t)x, (ptrdiff_t)w);
}

static void backward_row(float *t, const float *r1, const float *r2, const float *r3, size_t w)
{
#if defined(__SSE2__)
    /* The ragged tail sits at the right, where this pass starts. */
    size_t x = w & ~(size_t)3;
    backward_scalar(t, r1, r2, r3, (ptrdiff_t)x, (ptrdiff_t)w);
    __m128 carry = _mm_set1_ps(t[x]);
    while (x >= 4) {
        x -= 4;
        __m128 v = steps_from_rows4(_mm_loadu_ps(t + x), r1 + x, r2 + x, r3 + x);
        v = prefix_right(v, carry);
        _mm_storeu_ps(t + x, v);
        carry = _mm_shuffle_ps(v, v, _MM_SHUFFLE(0, 0, 0, 0));
    }
#else
    backward_scalar(t, r1, r2, r3, 0, (ptrdiff_t)w);
#endif
}

/* The row's codes, eight at a time: the same multiply, clamp, add and
 * truncation as shore_encode, so SIMD and scalar builds store the same
 * bits. Done by hand because the passes are each only a few instructions
 * per pixel: scalar coding made the 2048^2 bake 75% slower. */
static void encode_row(uint16_t *out, const float *t, size_t w)
{
    size_t x = 0;
#if defined(__SSE2__)
    const __m128 scale = _mm_set1_ps(SHORE_SCALE), top = _mm_set1_ps(SHORE_CODE_MAX);
    const __m128 half = _mm_set1_ps(0.5f);
    const __m128i bias32 = _mm_set1_epi32(32768), bias16 = _mm_set1_epi16((short)0x8000);
    for (; x + 8 <= w; x += 8) {
        /* min(c, top) gives top for a NaN c, as shore_encode does. */
        __m128 a = _mm_add_ps(_mm_min_ps(_mm_mul_ps(_mm_loadu_ps(t + x), scale), top), half);
        __m128 b = _mm_add_ps(_mm_min_ps(_mm_mul_ps(_mm_loadu_ps(t + x + 4), scale), top), half);
        /* SSE2 packs only signed: shift 0..65535 to int16 and back. */
        __m128i qa = _mm_sub_epi32(_mm_cvttps_epi32(a), bias32);
        __m128i qb = _mm_sub_epi32(_mm_cvttps_epi32(b), bias32);
        __m128i q = _mm_xor_si128(_mm_packs_epi32(qa, qb), bias16);
        _mm_storeu_si128((__m128i *)(void *)(out + x), q);
    }
#endif
    for (; x < w; x++) out[x] = shore_encode(t[x]);
}

static void decode_row(float *t, const uint16_t *in, size_t w)
{
    size_t x = 0;
#if defined(__SSE2__)
    const __m128 inv = _mm_set1_ps(1.0f / SHORE_SCALE);
    const __m128i zero = _mm_setzero_si128();
    for (; x + 8 <= w; x += 8) {
        __m128i q = _mm_loadu_si128((const __m128i *)(const void *)(in + x));
        __m128 a = _mm_cvtepi32_ps(_mm_unpacklo_epi16(q, zero));
        __m128 b = _mm_cvtepi32_ps(_mm_unpackhi_epi16(q, zero));
        _mm_storeu_ps(t + x, _mm_mul_ps(a, inv));
        _mm_storeu_ps(t + x + 4, _mm_mul_ps(b, inv));
    }
#endif
    for (; x < w; x++) t[x] = shore_decode(in[x]);
}

int shore_bake(ShoreField *f, const uint8_t *land, int w, int h, Err *e)
{
    if (!f) return err_set(e, "shore: no field to bake into");
    memset(f, 0, sizeof *f);
    if (w <= 0 || h <= 0)
        return err_set(e, "shore: %dx%d mask; a distance field needs at least 1x1 pixels", w, h);
    if (!land) return err_set(e, "shore: no land mask given for a %dx%d distance field", w, h);
    size_t sw = (size_t)w, sh = (size_t)h;
    if (sw > SIZE_MAX / sizeof(uint16_t) / sh)
        return err_set(e, "shore: %dx%d mask is too large to address", w, h);
    size_t stride = sw + 2 * PAD;
    uint16_t *dist = bigmem_alloc(sw * sh * sizeof *dist);
    float *ring = malloc(4 * stride * sizeof *ring);
    if (!dist || !ring) {
        free(dist);
        free(ring);
        return err_set(e, "shore: out of memory for a %dx%d distance field (%zu MiB)", w, h,
                       (sw * sh * sizeof *dist) >> 20);
    }

    /* Two raster passes: top-down left-to-right, then back. Each pass only
     * reads its own last three rows, kept padded in a ring of four so the
     * inner loop needs no bounds tests; dist holds the forward result in
     * between, encoded, so no full-size float ever exists (at 16384^2 that
     * would be 1 GiB beside the 512 MiB field). Every step of the mask lies
     * in one of the two passes' half planes (or on the row, swept both
     * ways), which is what makes two passes give the exact chamfer
     * distance. Storing the forward value rounded costs <= 1/128 px, and a
     * saturated one loses nothing: the final value is the least of it and
     * the backward steps, so it is min(exact, SHORE_CAP) either way. Rows
     * beyond the map and the padding stay at SEED_FAR: the map edge is open
     * sea, never land. */
    float *row[4];
    for (size_t i = 0; i < 4 * stride; i++) ring[i] = SEED_FAR;
    for (int i = 0; i < 4; i++) row[i] = ring + (size_t)i * stride + PAD;
    for (size_t y = 0; y < sh; y++) {
        float *t = row[y & 3];
        forward_row(t, row[(y + 3) & 3], row[(y + 2) & 3], row[(y + 1) & 3], land + y * sw, sw);
        encode_row(dist + y * sw, t, sw);
    }
    for (size_t i = 0; i < 4 * stride; i++) ring[i] = SEED_FAR;
    for (size_t k = 0; k < sh; k++) {
        size_t y = sh - 1 - k;
        float *t = row[k & 3];
        decode_row(t, dist + y * sw, sw);
        backward_row(t, row[(k + 3) & 3], row[(k + 2) & 3], row[(k + 1) & 3], sw);
        encode_row(dist + y * sw, t, sw);
    }
    free(ring);

    f->w = w;
    f->h = h;
    f->dist = dist;
    return 0;
}

void shore_free(ShoreField *f)
{
    if (!f) return;
    free(f->dist);
    memset(f, 0, sizeof *f);
}

/* The cell of the bilinear lookup around map position (x, y): corner
 * columns i0, i1 and rows j0, j1 (equal at the clamped borders) and the
 * weights tx, ty of the second corner. */
typedef struct Cell {
    size_t i0, i1, j0, j1;
    float tx, ty;
} Cell;

static inline void find_cell(const ShoreField *f, float x, float y, Cell *c)
{
    float fx = x - 0.5f, fy = y - 0.5f;
    float mx = (float)(f->w - 1), my = (float)(f->h - 1);
    /* Written so that NaN lands on 0 rather than reaching the int cast. */
    if (!(fx > 0.0f)) fx = 0.0f;
    if (fx > mx) fx = mx;
    if (!(fy > 0.0f)) fy = 0.0f;
    if (fy > my) fy = my;
    int i0 = (int)fx, j0 = (int)fy;
    c->tx = fx - (float)i0;
    c->ty = fy - (float)j0;
    c->i0 = (size_t)i0;
    c->j0 = (size_t)j0;
    c->i1 = (size_t)(i0 + (i0 < f->w - 1));
    c->j1 = (size_t)(j0 + (j0 < f->h - 1));
}

static inline float lerp(float a, float b, float t)
{
    return a + (b - a) * t;
}

/* The samplers blend raw codes and scale once at the end: the scale is a
 * power of two, so this is bit for bit the blend of shore_decode'd values,
 * with one multiply instead of one per corner. */
#define CODE(p, i) ((float)(p)[i])

float shore_distance(const ShoreField *f, float x, float y)
{
    Cell c;
    find_cell(f, x, y, &c);
    const uint16_t *r0 = f->dist + c.j0 * (size_t)f->w, *r1 = f->dist + c.j1 * (size_t)f->w;
    float q = lerp(lerp(CODE(r0, c.i0), CODE(r0, c.i1), c.tx),
                   lerp(CODE(r1, c.i0), CODE(r1, c.i1), c.tx), c.ty);
    return q * (1.0f / SHORE_SCALE);
}

/* Below this squared length the interpolated gradient has no direction:
 * every difference around it was zero or cancelled out. Real slopes of a
 * distance field are near 1. */
#define FLAT_EPS2 1e-8f

/* Distance and unit gradient at (x, y). The gradient is the bilinear blend
 * of central differences at the four surrounding pixel centres (one-sided
 * at the map border), so it is continuous across pixel boundaries, unlike
 * the derivative of the bilinear distance itself. Returns 0 when flat. */
static inline int sample(const ShoreField *f, float x, float y, float *d, float *gx, float *gy)
{
    /* 1 / (index span) of a clamped central difference; span 0 only on a
     * one-pixel-wide map, where that axis has no slope. */
    static const float inv_span[3] = {0.0f, 1.0f, 0.5f};
    Cell c;
    find_cell(f, x, y, &c);
    size_t w = (size_t)f->w, h = (size_t)f->h;
    size_t i0 = c.i0, i1 = c.i1, j0 = c.j0, j1 = c.j1;
    size_t im = i0 > 0 ? i0 - 1 : 0, ip = i1 + 1 < w ? i1 + 1 : i1;
    size_t jm = j0 > 0 ? j0 - 1 : 0, jp = j1 + 1 < h ? j1 + 1 : j1;
    const uint16_t *p = f->dist;
    const uint16_t *r0 = p + j0 * w, *r1 = p + j1 * w;
    float d00 = CODE(r0, i0), d10 = CODE(r0, i1), d01 = CODE(r1, i0), d11 = CODE(r1, i1);

    float sx0 = inv_span[i1 - im], sx1 = inv_span[ip - i0];
    float sy0 = inv_span[j1 - jm], sy1 = inv_span[jp - j0];
    float gx00 = (d10 - CODE(r0, im)) * sx0, gx10 = (CODE(r0, ip) - d00) * sx1;
    float gx01 = (d11 - CODE(r1, im)) * sx0, gx11 = (CODE(r1, ip) - d01) * sx1;
    const uint16_t *rm = p + jm * w, *rp = p + jp * w;
    float gy00 = (d01 - CODE(rm, i0)) * sy0, gy01 = (CODE(rp, i0) - d00) * sy1;
    float gy10 = (d11 - CODE(rm, i1)) * sy0, gy11 = (CODE(rp, i1) - d10) * sy1;

    const float inv = 1.0f / SHORE_SCALE;
    *d = lerp(lerp(d00, d10, c.tx), lerp(d01, d11, c.tx), c.ty) * inv;
    float vx = lerp(lerp(gx00, gx10, c.tx), lerp(gx01, gx11, c.tx), c.ty) * inv;
    float vy = lerp(lerp(gy00, gy10, c.tx), lerp(gy01, gy11, c.tx), c.ty) * inv;
    float len2 = vx * vx + vy * vy;
    if (!(len2 > FLAT_EPS2)) {
        *gx = 0.0f;
        *gy = 0.0f;
        return 0;
    }
    float norm = 1.0f / sqrtf(len2);
    *gx = vx * norm;
    *gy = vy * norm;
    return 1;
}

int shore_gradient(const ShoreField *f, float x, float y, float *gx, float *gy)
{
    float d;
    return sample(f, x, y, &d, gx, gy);
}

float shore_sample(const ShoreField *f, float x, float y, float *gx, float *gy)
{
    float d;
    sample(f, x, y, &d, gx, gy);
    return d;
}
