/* sea_nbr: the fish stage's neighbour sums (only sea_step.c includes
 * this). For each fish: the count and velocity sum of the fish of its kind
 * within the neighbour radius, their offset sum (for cohesion) and the
 * separation push. Branch-free: every candidate is weighted by a 0/1 mask.
 *
 * Every fish adds its candidates one by one, in increasing storage slot,
 * into sums of its own. A candidate beyond the radius adds exact zeros
 * (+0 or -0 to a sum that starts at +0 and so never is -0: no change), so
 * the sums are those of its true neighbours in slot order, whatever else
 * was looked at. That is what keeps the builds bit-identical: the plain C
 * one scans each fish's own 3x3 cells; the vector one puts eight fish in
 * the lanes, one per lane, and streams candidates past them, one broadcast
 * at a time, from the hull of their cells' 3x3 blocks (consecutive slots
 * are in cell order, so eight fish share one or two cells and almost all
 * their candidates); the all-pairs search streams every fish. No lane
 * reduction, no tail mask: per candidate, eight fish's worth of work.
 *
 * The fish of a group in one row of cells share one scan of the hull of
 * their blocks, however far apart: measured (count-ir, 10,000 fish), a
 * second, masked scan for fish more than 1, 3, 5 or 8 cells apart cost
 * 17, 4, 2 and 1 % more than the wider hull. Only a group that spans two
 * rows of cells (at a row's end) scans twice. Cells of half the radius
 * (5x5 blocks) cost 17 % more: eight consecutive fish then spread along
 * the row, and the hull grows as the cells shrink. */
#ifndef SHOAL_SEA_NBR_H
#define SHOAL_SEA_NBR_H

#include "sea_internal.h"
#include "sea_simd.h"

/* Candidates listed for the separation push before it is summed. */
#define SEA_SEP_LIST 64

/* One fish's sums, the steering pass's input. */
typedef struct SeaSums {
    float *cnt, *vx, *vy, *ox, *oy, *sx, *sy; /* per fish of the batch */
} SeaSums;

typedef struct SeaNbrK {
    float nr2, s2, eps;
    int32_t kind_mask; /* a candidate's kind is id & kind_mask */
} SeaNbrK;

/* The sorted ranges [ra[r], rb[r]) of the 3x3 blocks around the cells
 * cx0..cx1 of row cy (cells are the neighbour radius), clamped to the
 * grid: one run per row of cells. */
static inline int sea_hull_ranges(const Grid *g, int cy, int cx0, int cx1, int *ra, int *rb)
{
    const int cols = g->cols, *cs = g->cell_start;
    int x0 = cx0 > 0 ? cx0 - 1 : 0, x1 = cx1 < cols - 1 ? cx1 + 1 : cols - 1;
    int y0 = cy > 0 ? cy - 1 : 0, y1 = cy < g->rows - 1 ? cy + 1 : g->rows - 1;
    int n = 0;
    for (int ry = y0; ry <= y1; ry++, n++) {
        ra[n] = cs[ry * cols + x0];
        rb[n] = cs[ry * cols + x1 + 1];
    }
    return n;
}

#if SEA_VEC8
typedef struct SeaAcc8 {
    SeaI8 cnt; /* neighbours per lane (a lane mask is -1: subtracted) */
    SeaF8 vx, vy, ox, oy, sx, sy;
} SeaAcc8;

/* Candidate j into every lane's flock sums; returns whether it is within
 * the separation radius of any lane. `masked` is a constant after
 * inlining: only a group whose fish need two scans pays for the mask. */
SEA_ALWAYS_INLINE static inline int nbr_cand(const Grid *g, int j, SeaF8 px, SeaF8 py, SeaI8 kind,
                                             const SeaNbrK *q, int masked, SeaI8 lanes, SeaAcc8 *a,
                                             int avx)
{
    SeaF8 dx = px - bc8(g->sx[j], avx), dy = py - bc8(g->sy[j], avx);
    SeaF8 d2 = dx * dx + dy * dy;
    /* Alignment and cohesion count the fish's own kind only. */
    SeaI8 kin = (bci8(g->sid[j], avx) & bci8(q->kind_mask, avx)) == kind;
    SeaI8 m = (d2 < bc8(q->nr2, avx)) & kin;
    if (masked) m &= lanes;
    a->cnt -= m;
    a->vx += and8(m, bc8(g->su[j], avx));
    a->vy += and8(m, bc8(g->sv[j], avx));
    a->ox += and8(m, dx);
    a->oy += and8(m, dy);
    return any8(d2 < bc8(q->s2, avx), avx);
}

/* The separation push of the listed candidates (those within its radius
 * of some lane; the rest push exactly nothing), in order. */
SEA_ALWAYS_INLINE static inline void nbr_sep(const Grid *g, const int *list, int n, SeaF8 px,
                                             SeaF8 py, SeaI8 kind, const SeaNbrK *q, int masked,
                                             SeaI8 lanes, SeaAcc8 *a, int avx)
{
    const SeaF8 zero = {0.0f};
    for (int k = 0; k < n; k++) {
        int j = list[k];
        SeaF8 dx = px - bc8(g->sx[j], avx), dy = py - bc8(g->sy[j], avx);
        SeaF8 d2 = dx * dx + dy * dy;
        SeaI8 kin = (bci8(g->sid[j], avx) & bci8(q->kind_mask, avx)) == kind;
        /* Push ~ (s^2 - d^2) / d away: 0 at the separation radius, strong
         * up close; the fish itself (dx = dy = 0) adds exactly nothing. */
        SeaF8 t = max8(bc8(q->s2, avx) - d2, zero, avx) / (d2 + bc8(q->eps, avx));
        /* A fish keeps twice the distance from other kinds (t + t is
         * exactly 2t in every build): kinds sort themselves into schools
         * of one. */
        t = t + and8(~kin, t);
        if (masked) t = and8(lanes, t);
        a->sx += dx * t;
        a->sy += dy * t;
    }
}

/* Candidates past the lanes: the flock sums of each, and the few within
 * the separation radius of a lane listed (branch-free) for the push,
 * whose division would otherwise be paid for every candidate. */
SEA_ALWAYS_INLINE static inline void nbr_scan(const Grid *g, const int *ra, const int *rb, int nr,
                                              SeaF8 px, SeaF8 py, SeaI8 kind, const SeaNbrK *q,
                                              int masked, SeaI8 lanes, SeaAcc8 *a, int avx)
{
    int list[SEA_SEP_LIST], n = 0;
    for (int r = 0; r < nr; r++) {
        for (int j = ra[r]; j < rb[r];) {
            /* A stretch that cannot fill the list: no check inside. */
            int stop = rb[r] - j < SEA_SEP_LIST - n ? rb[r] : j + (SEA_SEP_LIST - n);
            for (; j < stop; j++) {
                list[n] = j;
                n += nbr_cand(g, j, px, py, kind, q, masked, lanes, a, avx);
            }
            if (n == SEA_SEP_LIST) {
                nbr_sep(g, list, n, px, py, kind, q, masked, lanes, a, avx);
                n = 0;
            }
        }
    }
    nbr_sep(g, list, n, px, py, kind, q, masked, lanes, a, avx);
}

/* The sums of the batch's fish i..i+7 (nl of them real; the rest pad the
 * group and are never stored), whose cells are cx[], cy[]. */
SEA_ALWAYS_INLINE static inline void nbr_group(const Grid *g, const SeaNbrK *q, int brute,
                                               const float *px_, const float *py_,
                                               const int32_t *kind_, const int *cx, const int *cy,
                                               int nl, SeaSums *out, int i, int avx)
{
    const SeaF8 zero = {0.0f};
    const SeaI8 none = {0};
    SeaF8 px = ld8(px_ + i), py = ld8(py_ + i);
    SeaI8 kind;
    memcpy(&kind, kind_ + i, sizeof kind);
    SeaAcc8 a = {none, zero, zero, zero, zero, zero, zero};
    int ra[3], rb[3];
    if (brute) {
        ra[0] = 0;
        rb[0] = g->n;
        nbr_scan(g, ra, rb, 1, px, py, kind, q, 0, none, &a, avx);
    } else {
        const SeaI8 lane = {0, 1, 2, 3, 4, 5, 6, 7};
        for (int l = i, e; l < i + nl; l = e) {
            int x0 = cx[l], x1 = x0;
            for (e = l + 1; e < i + nl && cy[e] == cy[l]; e++) x1 = cx[e];
            int nr = sea_hull_ranges(g, cy[l], x0, x1, ra, rb);
            if (l == i && e == i + nl)
                nbr_scan(g, ra, rb, nr, px, py, kind, q, 0, none, &a, avx);
            else
                nbr_scan(g, ra, rb, nr, px, py, kind, q, 1,
                         (lane >= (none + (l - i))) & (lane < (none + (e - i))), &a, avx);
        }
    }
    SeaF8 cnt = __builtin_convertvector(a.cnt, SeaF8);
    memcpy(out->cnt + i, &cnt, sizeof cnt);
    memcpy(out->vx + i, &a.vx, sizeof a.vx);
    memcpy(out->vy + i, &a.vy, sizeof a.vy);
    memcpy(out->ox + i, &a.ox, sizeof a.ox);
    memcpy(out->oy + i, &a.oy, sizeof a.oy);
    memcpy(out->sx + i, &a.sx, sizeof a.sx);
    memcpy(out->sy + i, &a.sy, sizeof a.sy);
}

#if SEA_AVX_CLONE
/* nbr_group for AVX-512VL, on the same 256-bit lanes: the masks live in
 * mask registers, so a masked-off lane's add is skipped (it would add
 * +0 or -0 to a sum that is never -0: the same bits) and the candidate's
 * broadcasts fold into the arithmetic. Ten fewer instructions per
 * candidate than nbr_cand. */
/* nbr_sep for AVX-512VL. */
__attribute__((target("avx512f,avx512vl,avx512bw,avx512dq"))) static inline void
sep512(const Grid *g, const int *list, int n, __m256 px, __m256 py, __m256i kind, const SeaNbrK *q,
       __mmask8 lanes, __m256 *sx, __m256 *sy)
{
    const __m256 zero = _mm256_setzero_ps(), s2 = _mm256_set1_ps(q->s2);
    const __m256 eps = _mm256_set1_ps(q->eps);
    const __m256i kmask = _mm256_set1_epi32(q->kind_mask);
    __m256 ax = *sx, ay = *sy;
    for (int k = 0; k < n; k++) {
        int j = list[k];
        __m256 dx = _mm256_sub_ps(px, _mm256_set1_ps(g->sx[j]));
        __m256 dy = _mm256_sub_ps(py, _mm256_set1_ps(g->sy[j]));
        __m256 d2 = _mm256_add_ps(_mm256_mul_ps(dx, dx), _mm256_mul_ps(dy, dy));
        __mmask8 kin =
            _mm256_cmpeq_epi32_mask(_mm256_and_si256(_mm256_set1_epi32(g->sid[j]), kmask), kind);
        __m256 t =
            _mm256_div_ps(_mm256_max_ps(_mm256_sub_ps(s2, d2), zero), _mm256_add_ps(d2, eps));
        t = _mm256_mask_add_ps(t, (__mmask8)~kin, t, t);
        ax = _mm256_mask_add_ps(ax, lanes, ax, _mm256_mul_ps(dx, t));
        ay = _mm256_mask_add_ps(ay, lanes, ay, _mm256_mul_ps(dy, t));
    }
    *sx = ax;
    *sy = ay;
}

__attribute__((target("avx512f,avx512vl,avx512bw,avx512dq"))) static inline void
nbr_scan512(const Grid *g, const int *ra, const int *rb, int nr, __m256 px, __m256 py, __m256i kind,
            const SeaNbrK *q, __mmask8 lanes, __m256i *cnt, __m256 acc[6])
{
    const float *X = g->sx, *Y = g->sy, *U = g->su, *V = g->sv;
    const int32_t *I = g->sid;
    const __m256 nr2 = _mm256_set1_ps(q->nr2), s2 = _mm256_set1_ps(q->s2);
    const __m256i kmask = _mm256_set1_epi32(q->kind_mask), one = _mm256_set1_epi32(1);
    __m256i n = *cnt;
    __m256 vx = acc[0], vy = acc[1], ox = acc[2], oy = acc[3], sx = acc[4], sy = acc[5];
    int list[SEA_SEP_LIST], nl = 0;
    for (int r = 0; r < nr; r++) {
        for (int j = ra[r]; j < rb[r];) {
            int stop = rb[r] - j < SEA_SEP_LIST - nl ? rb[r] : j + (SEA_SEP_LIST - nl);
            for (; j < stop; j++) {
                __m256 dx = _mm256_sub_ps(px, _mm256_set1_ps(X[j]));
                __m256 dy = _mm256_sub_ps(py, _mm256_set1_ps(Y[j]));
                __m256 d2 = _mm256_add_ps(_mm256_mul_ps(dx, dx), _mm256_mul_ps(dy, dy));
                __mmask8 kin =
                    _mm256_cmpeq_epi32_mask(_mm256_and_si256(_mm256_set1_epi32(I[j]), kmask), kind);
                __mmask8 m = _mm256_mask_cmp_ps_mask((__mmask8)(kin & lanes), d2, nr2, _CMP_LT_OQ);
                n = _mm256_mask_add_epi32(n, m, n, one);
                vx = _mm256_mask_add_ps(vx, m, vx, _mm256_set1_ps(U[j]));
                vy = _mm256_mask_add_ps(vy, m, vy, _mm256_set1_ps(V[j]));
                ox = _mm256_mask_add_ps(ox, m, ox, dx);
                oy = _mm256_mask_add_ps(oy, m, oy, dy);
                list[nl] = j;
                nl += _mm256_cmp_ps_mask(d2, s2, _CMP_LT_OQ) != 0;
            }
            if (nl == SEA_SEP_LIST) {
                sep512(g, list, nl, px, py, kind, q, lanes, &sx, &sy);
                nl = 0;
            }
        }
    }
    sep512(g, list, nl, px, py, kind, q, lanes, &sx, &sy);
    *cnt = n;
    acc[0] = vx;
    acc[1] = vy;
    acc[2] = ox;
    acc[3] = oy;
    acc[4] = sx;
    acc[5] = sy;
}

__attribute__((target("avx512f,avx512vl,avx512bw,avx512dq"))) static inline void
nbr_group512(const Grid *g, const SeaNbrK *q, int brute, const float *px_, const float *py_,
             const int32_t *kind_, const int *cx, const int *cy, int nl, SeaSums *out, int i)
{
    __m256 px = _mm256_loadu_ps(px_ + i), py = _mm256_loadu_ps(py_ + i);
    __m256i kind = _mm256_loadu_si256((const __m256i *)(const void *)(kind_ + i));
    __m256i cnt = _mm256_setzero_si256();
    __m256 acc[6];
    for (int k = 0; k < 6; k++) acc[k] = _mm256_setzero_ps();
    int ra[3], rb[3];
    if (brute) {
        ra[0] = 0;
        rb[0] = g->n;
        nbr_scan512(g, ra, rb, 1, px, py, kind, q, 0xff, &cnt, acc);
    } else {
        for (int l = i, e; l < i + nl; l = e) {
            int x0 = cx[l], x1 = x0;
            for (e = l + 1; e < i + nl && cy[e] == cy[l]; e++) x1 = cx[e];
            int nr = sea_hull_ranges(g, cy[l], x0, x1, ra, rb);
            /* One scan for the whole group (pad lanes too) when it can. */
            unsigned lanes =
                l == i && e == i + nl ? 0xffu : (0xffu << (l - i)) & (0xffu >> (8 - (e - i)));
            nbr_scan512(g, ra, rb, nr, px, py, kind, q, (__mmask8)lanes, &cnt, acc);
        }
    }
    _mm256_storeu_ps(out->cnt + i, _mm256_cvtepi32_ps(cnt));
    _mm256_storeu_ps(out->vx + i, acc[0]);
    _mm256_storeu_ps(out->vy + i, acc[1]);
    _mm256_storeu_ps(out->ox + i, acc[2]);
    _mm256_storeu_ps(out->oy + i, acc[3]);
    _mm256_storeu_ps(out->sx + i, acc[4]);
    _mm256_storeu_ps(out->sy + i, acc[5]);
}
#endif

#else
/* The sums of fish i of the batch at (px, py) in cell (cx, cy), alone. */
static inline void nbr_one(const Grid *g, const SeaNbrK *q, int brute, float px, float py,
                           int32_t kind, int cx, int cy, SeaSums *out, int i)
{
    const float *X = g->sx, *Y = g->sy, *U = g->su, *V = g->sv;
    const int32_t *I = g->sid;
    int ra[3], rb[3], nr;
    if (brute) {
        ra[0] = 0;
        rb[0] = g->n;
        nr = 1;
    } else {
        nr = sea_hull_ranges(g, cy, cx, cx, ra, rb);
    }
    float cnt = 0.0f, vx = 0.0f, vy = 0.0f, ox = 0.0f, oy = 0.0f, sx = 0.0f, sy = 0.0f;
    for (int r = 0; r < nr; r++) {
        for (int j = ra[r]; j < rb[r]; j++) {
            float dx = px - X[j], dy = py - Y[j];
            float d2 = dx * dx + dy * dy;
            int kin = (I[j] & q->kind_mask) == kind;
            if (d2 < q->nr2 && kin) {
                cnt += 1.0f;
                vx += U[j];
                vy += V[j];
                ox += dx;
                oy += dy;
            }
            float close = q->s2 - d2;
            close = close > 0.0f ? close : 0.0f;
            float t = close / (d2 + q->eps);
            t = kin ? t : t + t;
            sx += dx * t;
            sy += dy * t;
        }
    }
    out->cnt[i] = cnt;
    out->vx[i] = vx;
    out->vy[i] = vy;
    out->ox[i] = ox;
    out->oy[i] = oy;
    out->sx[i] = sx;
    out->sy[i] = sy;
}
#endif

#endif
