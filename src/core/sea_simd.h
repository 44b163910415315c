/* sea_simd: the eight-lane vectors the fish kernel (sea_step.c) is written
 * in: GCC vector types, one AVX register in the kernel's AVX2 copy or two
 * SSE ones in the other, the same IEEE results in both. Only sea_step.c
 * includes this; with SEA_NO_SIMD or without SSE2, SEA_VEC8 is 0 and the
 * kernel runs its plain-C lanes instead. */
#ifndef SHOAL_SEA_SIMD_H
#define SHOAL_SEA_SIMD_H

#include <stdint.h>
#include <string.h>

#if defined(__SSE2__) && !defined(SEA_NO_SIMD)
/* immintrin.h (not just emmintrin.h) declares the AVX builtins that the
 * AVX2 copy of the fish stage uses. */
#include <immintrin.h>
#endif

/* GCC on x86-64: the fish stage also exists as an AVX2 build of the same
 * code, picked at run time (see fish_range_avx). Clang refuses the AVX
 * builtins in the SSE copy even where they are dead code, so it builds the
 * SSE copy only (same results). */
#if defined(__SSE2__) && !defined(SEA_NO_SIMD) && !defined(SEA_NO_AVX) && defined(__x86_64__) &&   \
    defined(__GNUC__) && !defined(__clang__)
#define SEA_AVX_CLONE 1
#else
#define SEA_AVX_CLONE 0
#endif
#if defined(__GNUC__)
#define SEA_ALWAYS_INLINE __attribute__((always_inline))
#else
#define SEA_ALWAYS_INLINE
#endif

#if defined(__GNUC__) && defined(__SSE2__) && !defined(SEA_NO_SIMD)
#define SEA_VEC8 1
/* The 8-wide helpers are always inlined, so GCC's note that returning a
 * 32-byte vector from a non-AVX function changes the ABI does not apply. */
#pragma GCC diagnostic ignored "-Wpsabi"
typedef float SeaF8 __attribute__((vector_size(32)));
typedef int32_t SeaI8 __attribute__((vector_size(32)));
typedef uint32_t SeaU8 __attribute__((vector_size(32)));

/* Eight floats from anywhere (the grid pads its arrays for the last block). */
SEA_ALWAYS_INLINE static inline SeaF8 ld8(const float *p)
{
    SeaF8 v;
    memcpy(&v, p, sizeof v);
    return v;
}

/* v where the mask is all ones, +0 where it is zero. */
SEA_ALWAYS_INLINE static inline SeaF8 and8(SeaI8 m, SeaF8 v)
{
    return (SeaF8)(m & (SeaI8)v);
}

SEA_ALWAYS_INLINE static inline __m128 lo4(SeaF8 v)
{
    __m128 r;
    memcpy(&r, &v, sizeof r);
    return r;
}

SEA_ALWAYS_INLINE static inline __m128 hi4(SeaF8 v)
{
    __m128 r;
    memcpy(&r, (const char *)&v + sizeof r, sizeof r);
    return r;
}

SEA_ALWAYS_INLINE static inline SeaF8 join4(__m128 lo, __m128 hi)
{
    SeaF8 r;
    memcpy(&r, &lo, sizeof lo);
    memcpy((char *)&r + sizeof lo, &hi, sizeof hi);
    return r;
}

/* min, max and sqrt of eight lanes: one AVX instruction in the AVX2 copy
 * (avx = 1), two SSE ones in the other; the same IEEE results, including
 * minps/maxps's rule (the second operand when unordered or equal). */
SEA_ALWAYS_INLINE static inline SeaF8 min8(SeaF8 a, SeaF8 b, int avx)
{
#if SEA_AVX_CLONE
    if (avx) return __builtin_ia32_minps256(a, b);
#endif
    (void)avx;
    return join4(_mm_min_ps(lo4(a), lo4(b)), _mm_min_ps(hi4(a), hi4(b)));
}

SEA_ALWAYS_INLINE static inline SeaF8 max8(SeaF8 a, SeaF8 b, int avx)
{
#if SEA_AVX_CLONE
    if (avx) return __builtin_ia32_maxps256(a, b);
#endif
    (void)avx;
    return join4(_mm_max_ps(lo4(a), lo4(b)), _mm_max_ps(hi4(a), hi4(b)));
}

SEA_ALWAYS_INLINE static inline SeaF8 sqrt8(SeaF8 a, int avx)
{
#if SEA_AVX_CLONE
    if (avx) return __builtin_ia32_sqrtps256(a);
#endif
    (void)avx;
    return join4(_mm_sqrt_ps(lo4(a)), _mm_sqrt_ps(hi4(a)));
}

/* Eight ones then eight zeros: loading eight from (8 - k) gives the mask
 * of the first k lanes. */
static const int32_t lane_window[16] = {-1, -1, -1, -1, -1, -1, -1, -1, 0, 0, 0, 0, 0, 0, 0, 0};

/* Any lane of the mask set. */
SEA_ALWAYS_INLINE static inline int any8(SeaI8 m)
{
    SeaF8 f = (SeaF8)m;
    return _mm_movemask_ps(_mm_or_ps(lo4(f), hi4(f))) != 0;
}

/* (c ? a : b) lane by lane, c all ones or all zeros. */
SEA_ALWAYS_INLINE static inline SeaF8 sel8(SeaI8 c, SeaF8 a, SeaF8 b)
{
    return (SeaF8)((c & (SeaI8)a) | (~c & (SeaI8)b));
}

SEA_ALWAYS_INLINE static inline SeaF8 clamp8(SeaF8 v, SeaF8 lo, SeaF8 hi, int avx)
{
    return max8(lo, min8(hi, v, avx), avx);
}

SEA_ALWAYS_INLINE static inline SeaU8 hash8(SeaU8 x)
{
    x ^= x >> 16;
    x *= 0x7feb352du;
    x ^= x >> 15;
    x *= 0x846ca68bu;
    return x ^ (x >> 16);
}

SEA_ALWAYS_INLINE static inline SeaF8 u2f8(SeaU8 v)
{
    return __builtin_convertvector((SeaI8)v, SeaF8);
}

/* The lane sums of eight fish at once: lane f of the result is fish f's
 * ((l0 + l4) + (l2 + l6)) + ((l1 + l5) + (l3 + l7)), the order hsum8 of
 * the scalar build (sea_step.c) adds in. A transpose by shuffles: 21 operations for
 * eight fish instead of a horizontal sum for each. */
static const SeaI8 red_lo = {0, 1, 2, 3, 8, 9, 10, 11}, red_hi = {4, 5, 6, 7, 12, 13, 14, 15};
static const SeaI8 red_ev = {0, 1, 8, 9, 4, 5, 12, 13}, red_od = {2, 3, 10, 11, 6, 7, 14, 15};
static const SeaI8 red_e2 = {0, 2, 8, 10, 4, 6, 12, 14}, red_o2 = {1, 3, 9, 11, 5, 7, 13, 15};

SEA_ALWAYS_INLINE static inline SeaF8 fold2(SeaF8 a, SeaF8 b, SeaI8 x, SeaI8 y)
{
    return __builtin_shuffle(a, b, x) + __builtin_shuffle(a, b, y);
}

SEA_ALWAYS_INLINE static inline SeaF8 reduce8(SeaF8 a0, SeaF8 a1, SeaF8 a2, SeaF8 a3, SeaF8 a4,
                                              SeaF8 a5, SeaF8 a6, SeaF8 a7)
{
    SeaF8 h04 = fold2(a0, a4, red_lo, red_hi), h15 = fold2(a1, a5, red_lo, red_hi);
    SeaF8 h26 = fold2(a2, a6, red_lo, red_hi), h37 = fold2(a3, a7, red_lo, red_hi);
    return fold2(fold2(h04, h15, red_ev, red_od), fold2(h26, h37, red_ev, red_od), red_e2, red_o2);
}
#else
#define SEA_VEC8 0
#endif

#endif
