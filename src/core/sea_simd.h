/* sea_simd: the eight-lane vectors the fish kernel (sea_step.c) is written
 * in: GCC vector types, one AVX register in the kernel's AVX2 and AVX-512 copies or two
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
 * 32-byte vector from a non-AVX function changes the ABI does not apply.
 * (GCC 12 prints the like note for a vector parameter past this pragma:
 * the Makefile gives sea_step.o -Wno-psabi for that one.) */
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

/* x in every lane: one broadcast (zero + x would add +0 to x first, as
 * -0 + +0 is +0, and an initializer is built lane by lane). */
SEA_ALWAYS_INLINE static inline SeaF8 bc8(float x, int avx)
{
#if SEA_AVX_CLONE
    if (avx) return __builtin_ia32_vbroadcastss_ps256(_mm_set_ss(x));
#endif
    (void)avx;
    __m128 v = _mm_set1_ps(x);
    return join4(v, v);
}

SEA_ALWAYS_INLINE static inline SeaI8 bci8(int32_t x, int avx)
{
    float f;
    memcpy(&f, &x, sizeof f);
    return (SeaI8)bc8(f, avx);
}

/* Any lane of the mask set. */
SEA_ALWAYS_INLINE static inline int any8(SeaI8 m, int avx)
{
    SeaF8 f = (SeaF8)m;
#if SEA_AVX_CLONE
    if (avx) return __builtin_ia32_movmskps256(f) != 0;
#endif
    (void)avx;
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

#else
#define SEA_VEC8 0
#endif

#endif
