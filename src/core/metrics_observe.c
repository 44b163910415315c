/* metrics_observe: the per-step shore-jitter history of metrics.h. Each
 * fish's last position is kept in view order (the last view's positions
 * by slot, and each id's slot in it), so observing streams it instead of
 * storing by id; with AVX2, eight fish at a time are tested for anything
 * to do at all (a jump, a reversal, a new fish), and only the few that
 * have something go through the scalar code, which alone decides. */
#include <assert.h>
#include <string.h>

#include "metrics.h"
#include "metrics_internal.h"

#if defined(__GNUC__) && defined(__x86_64__)
#include <immintrin.h>
#define METRICS_AVX2 1
#else
#define METRICS_AVX2 0
#endif

#define STATE_COUNT_MASK 0x03u
#define STATE_JITTERED   0x04u
/* Below this speed (px/s) a fish has no meaningful heading. */
#define STILL_SPEED2 1e-6f
#define GRAIN        1024

/* Per-worker counters, padded so workers never share a cache line. */
typedef struct WorkerCount {
    uint64_t reversals;
    int jittered;
    char pad[64 - sizeof(uint64_t) - sizeof(int)];
} WorkerCount;

typedef struct ObserveJob {
    MetricsCtx *m;
    const SeaView *v;
    const float *px, *py; /* the last view's positions, by its slots */
    const int *pslot;     /* each id's slot in the last view */
    float *nx, *ny;       /* this view's, for the next observe */
    int *nslot;
    int known; /* ids below this have a history (min of obs_fish, fish) */
    float jump2;
    uint32_t step;
    WorkerCount count[JOBS_MAX_THREADS];
} ObserveJob;

void metrics_observe_init(MetricsCtx *m)
{
    /* a slot is only read for a fish of the last view, whose entry that
     * view wrote; zeros keep even a stale one inside the arrays */
    size_t n = (size_t)m->cap;
    for (int b = 0; b < 2; b++) {
        memset(m->slot[b], 0, (n + 1) * sizeof *m->slot[b]);
        memset(m->last_x[b], 0, n * sizeof *m->last_x[b]);
        memset(m->last_y[b], 0, n * sizeof *m->last_y[b]);
    }
    /* the AVX2 loop reads the lanes of new fish (and the spare entry)
     * before it knows to drop them: defined values, for valgrind too */
    memset(m->ref_vx, 0, (n + 1) * sizeof *m->ref_vx);
    memset(m->ref_vy, 0, (n + 1) * sizeof *m->ref_vy);
    m->last_view = 0;
#if METRICS_AVX2
    m->avx2 = __builtin_cpu_supports("avx2") != 0;
#else
    m->avx2 = 0;
#endif
}

static void start_history(MetricsCtx *m, int i, float vx, float vy)
{
    m->ref_vx[i] = vx;
    m->ref_vy[i] = vy;
    m->state[i] &= (uint8_t)~STATE_COUNT_MASK;
}

/* Record a reversal in the margin; returns 1 when it makes the fish
 * jitter for the first time. */
static int record_reversal(MetricsCtx *m, int i, uint32_t step)
{
    uint32_t *r = m->rev + 2 * (size_t)i;
    unsigned st = m->state[i];
    unsigned count = st & STATE_COUNT_MASK;
    int newly = 0;
    /* unsigned difference stays right across the 2^32-step wrap */
    if (count == 2 && step - r[0] <= m->window_steps && !(st & STATE_JITTERED)) {
        st |= STATE_JITTERED;
        newly = 1;
    }
    if (count >= 1) r[0] = r[1];
    r[1] = step;
    if (count < 2) count++;
    m->state[i] = (uint8_t)((st & ~STATE_COUNT_MASK) | count);
    return newly;
}

/* The fish in slot k of the view: its history, by id. */
static void observe_fish(ObserveJob *job, WorkerCount *wc, int k)
{
    MetricsCtx *m = job->m;
    const SeaView *v = job->v;
    float x = v->x[k], y = v->y[k], vx = v->vx[k], vy = v->vy[k];
    int i = v->id[k];
    if ((unsigned)i >= (unsigned)v->fish) return;
    if (i >= job->known) {
        m->state[i] = 0;
        start_history(m, i, vx, vy);
        return;
    }
    int p = job->pslot[i];
    float dx = x - job->px[p], dy = y - job->py[p];
    /* NaN jumps compare false: such a fish just keeps its history */
    if (dx * dx + dy * dy > job->jump2) {
        /* eaten and respawned elsewhere: a new fish, a new history */
        start_history(m, i, vx, vy);
        return;
    }
    if (vx * vx + vy * vy < STILL_SPEED2) return;
    float rx = m->ref_vx[i], ry = m->ref_vy[i];
    if (rx * rx + ry * ry < STILL_SPEED2) {
        m->ref_vx[i] = vx;
        m->ref_vy[i] = vy;
        return;
    }
    if (vx * rx + vy * ry >= 0.0f) return; /* within 90 degrees */
    m->ref_vx[i] = vx;
    m->ref_vy[i] = vy;
    if (!(shore_distance(m->shore, x, y) < m->cfg.shore_margin)) return;
    wc->reversals++;
    wc->jittered += record_reversal(m, i, job->step);
}

#if METRICS_AVX2
/* Slots begin.. in blocks of eight; returns where the blocks end. A lane
 * goes to observe_fish when the same comparisons observe_fish makes say
 * it would do more than return: it jumped, its reference is still, its
 * heading is not within 90 degrees of it (NaN included), or its id is
 * new or out of range. The sums are those of observe_fish to the bit (no
 * FMA: the build has -ffp-contract=off). */
__attribute__((target("avx2"))) static int observe_avx2(ObserveJob *job, WorkerCount *wc, int begin,
                                                        int end)
{
    const MetricsCtx *m = job->m;
    const SeaView *v = job->v;
    const __m256i sign = _mm256_set1_epi32(INT32_MIN), spare = _mm256_set1_epi32(m->cap);
    /* id < known as unsigned: both sides shifted by the sign bit */
    const __m256i known = _mm256_set1_epi32((int32_t)((uint32_t)job->known ^ 0x80000000u));
    const __m256 zero = _mm256_setzero_ps(), jump2 = _mm256_set1_ps(job->jump2);
    const __m256 still = _mm256_set1_ps(STILL_SPEED2);
    /* in locals: the calls to observe_fish would make them reloads */
    const int *vid = v->id, *pslot = job->pslot;
    const float *vxs = v->x, *vys = v->y, *vvx = v->vx, *vvy = v->vy, *px = job->px, *py = job->py;
    const float *ref_vx = m->ref_vx, *ref_vy = m->ref_vy;
    float *nx = job->nx, *ny = job->ny;
    int *nslot = job->nslot;
    int k = begin;
    for (; k + 8 <= end; k += 8) {
        __m256i id = _mm256_loadu_si256((const __m256i *)(const void *)(vid + k));
        __m256 x = _mm256_loadu_ps(vxs + k), y = _mm256_loadu_ps(vys + k);
        _mm256_storeu_ps(nx + k, x);
        _mm256_storeu_ps(ny + k, y);
        /* ids clamped to the spare entry: every gather below stays inside
         * its array without a mask (a lane out of range goes to
         * observe_fish, which drops it) */
        __m256i cid = _mm256_min_epu32(id, spare);
        uint32_t to[8];
        _mm256_storeu_si256((__m256i *)(void *)to, cid);
        /* written out: a loop here cost twice the instructions */
        nslot[to[0]] = k;
        nslot[to[1]] = k + 1;
        nslot[to[2]] = k + 2;
        nslot[to[3]] = k + 3;
        nslot[to[4]] = k + 4;
        nslot[to[5]] = k + 5;
        nslot[to[6]] = k + 6;
        nslot[to[7]] = k + 7;
        __m256 hadf = _mm256_castsi256_ps(_mm256_cmpgt_epi32(known, _mm256_xor_si256(id, sign)));
        __m256i p = _mm256_i32gather_epi32(pslot, cid, 4);
        __m256 dx = _mm256_sub_ps(x, _mm256_i32gather_ps(px, p, 4));
        __m256 dy = _mm256_sub_ps(y, _mm256_i32gather_ps(py, p, 4));
        __m256 rx = _mm256_i32gather_ps(ref_vx, cid, 4);
        __m256 ry = _mm256_i32gather_ps(ref_vy, cid, 4);
        __m256 vx = _mm256_loadu_ps(vvx + k), vy = _mm256_loadu_ps(vvy + k);
        __m256 d2 = _mm256_add_ps(_mm256_mul_ps(dx, dx), _mm256_mul_ps(dy, dy));
        __m256 r2 = _mm256_add_ps(_mm256_mul_ps(rx, rx), _mm256_mul_ps(ry, ry));
        __m256 dot = _mm256_add_ps(_mm256_mul_ps(vx, rx), _mm256_mul_ps(vy, ry));
        __m256 act = _mm256_or_ps(_mm256_cmp_ps(d2, jump2, _CMP_GT_OQ),
                                  _mm256_cmp_ps(r2, still, _CMP_LT_OQ));
        act = _mm256_or_ps(act, _mm256_cmp_ps(dot, zero, _CMP_NGE_UQ));
        unsigned hm = (unsigned)_mm256_movemask_ps(hadf);
        unsigned todo = ((unsigned)_mm256_movemask_ps(act) & hm) | (~hm & 0xffu);
        while (todo) {
            observe_fish(job, wc, k + __builtin_ctz(todo));
            todo &= todo - 1;
        }
    }
    return k;
}
#endif

static void observe_range(void *ctx, int begin, int end, int worker)
{
    ObserveJob *job = ctx;
    assert(worker >= 0 && worker < JOBS_MAX_THREADS);
    WorkerCount *wc = &job->count[worker];
    int k = begin;
#if METRICS_AVX2
    if (job->m->avx2) k = observe_avx2(job, wc, begin, end);
#endif
    /* One at a time, the same test: most fish only pass it. In locals,
     * as the stores below could otherwise alias the job's fields. */
    const MetricsCtx *m = job->m;
    const SeaView *v = job->v;
    const int *vid = v->id, *pslot = job->pslot;
    const float *vxs = v->x, *vys = v->y, *vvx = v->vx, *vvy = v->vy, *px = job->px, *py = job->py;
    const float *ref_vx = m->ref_vx, *ref_vy = m->ref_vy;
    float *nx = job->nx, *ny = job->ny, jump2 = job->jump2;
    int *nslot = job->nslot;
    unsigned spare = (unsigned)m->cap, known = (unsigned)job->known;
    for (; k < end; k++) {
        unsigned id = (unsigned)vid[k];
        float x = vxs[k], y = vys[k];
        nx[k] = x;
        ny[k] = y;
        nslot[id < spare ? id : spare] = k;
        if (id < known) {
            int p = pslot[id];
            float dx = x - px[p], dy = y - py[p];
            float rx = ref_vx[id], ry = ref_vy[id];
            if (!(dx * dx + dy * dy > jump2) && !(rx * rx + ry * ry < STILL_SPEED2) &&
                vvx[k] * rx + vvy[k] * ry >= 0.0f)
                continue;
        }
        observe_fish(job, wc, k);
    }
}

void metrics_reset_jitter(MetricsCtx *m)
{
    m->obs_fish = 0;
    m->observed_any = 0;
    m->last_step = 0;
    m->jittered = 0;
    m->reversals = 0;
    m->observed_steps = 0;
}

int metrics_observe(MetricsCtx *m, const SeaView *v, Err *e)
{
    assert(m->cap > 0 && v); /* metrics_init succeeded */
    if (v->fish < 0 || v->fish > m->cap)
        return err_set(e, "metrics: %d fish is more than the capacity of %d", v->fish, m->cap);
    if (m->observed_any && v->step == m->last_step) return 0;
    if (m->observed_any && v->step < m->last_step)
        return err_set(e, "metrics: step %llu comes before the last observed step %llu",
                       (unsigned long long)v->step, (unsigned long long)m->last_step);
    ObserveJob job;
    memset(job.count, 0, sizeof job.count);
    job.m = m;
    job.v = v;
    int last = m->last_view, next = 1 - last;
    job.px = m->last_x[last];
    job.py = m->last_y[last];
    job.pslot = m->slot[last];
    job.nx = m->last_x[next];
    job.ny = m->last_y[next];
    job.nslot = m->slot[next];
    job.known = m->obs_fish < v->fish ? m->obs_fish : v->fish;
    job.step = (uint32_t)v->step;
    uint64_t elapsed = m->observed_any ? v->step - m->last_step : 1;
    /* twice the fastest legal move, plus a pixel for the shore safety net */
    double jump = 2.0 * (double)m->cfg.max_speed * (double)m->cfg.dt * (double)elapsed + 1.0;
    job.jump2 = (float)(jump * jump);
    if (m->pool && v->fish > 0)
        jobs_parallel_for(m->pool, v->fish, GRAIN, observe_range, &job);
    else if (v->fish > 0)
        observe_range(&job, 0, v->fish, 0);
    for (int w = 0; w < JOBS_MAX_THREADS; w++) {
        m->reversals += job.count[w].reversals;
        m->jittered += job.count[w].jittered;
    }
    m->last_view = next;
    m->obs_fish = v->fish;
    m->last_step = v->step;
    m->observed_any = 1;
    m->observed_steps++;
    return 0;
}
