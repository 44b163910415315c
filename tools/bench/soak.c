/* soak: the checks of a long run — every fish and shark finite, every fish
 * on the map and in water, the counts unchanged — and the sea's memory per
 * fish. */
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "bench.h"

/* "NaN" or "an infinite" for a non-finite value, for the failure line. */
static const char *kind(float v)
{
    return isnan(v) ? "a NaN" : "an infinite";
}

/* Note the first failure only: later ones are its consequences. */
static void fail(SoakCheck *c, char *msg, size_t cap, const char *what, int i, const char *k,
                 const char *field)
{
    if (c->failed) return;
    c->failed = 1;
    snprintf(msg, cap, "%s %d has %s %s", what, i, k, field);
}

void bench_soak_check(const BenchWorld *w, const SeaView *v, int fish, int sharks, SoakCheck *c,
                      char *msg, size_t cap)
{
    memset(c, 0, sizeof *c);
    if (cap) msg[0] = '\0';
    const int mw = w->map.w, mh = w->map.h;
    for (int i = 0; i < v->fish; i++) {
        float x = v->x[i], y = v->y[i], vx = v->vx[i], vy = v->vy[i];
        const int id = v->id[i]; /* messages name the fish, not its slot */
        if (!isfinite(x) || !isfinite(y)) {
            c->non_finite++;
            fail(c, msg, cap, "fish", id, kind(isfinite(x) ? y : x), "position");
            continue;
        }
        if (!isfinite(vx) || !isfinite(vy)) {
            c->non_finite++;
            fail(c, msg, cap, "fish", id, kind(isfinite(vx) ? vy : vx), "velocity");
        }
        /* the negative test first: (int) truncates -0.5 to pixel 0 */
        if (!(x >= 0.0f && y >= 0.0f && x < (float)mw && y < (float)mh)) {
            c->off_map++;
            if (!c->failed) {
                c->failed = 1;
                snprintf(msg, cap, "fish %d is off the %dx%d map at (%.2f, %.2f)", id, mw, mh,
                         (double)x, (double)y);
            }
            continue;
        }
        int px = (int)x, py = (int)y;
        /* float rounding can land just on the edge; that is the last pixel */
        if (px >= mw) px = mw - 1;
        if (py >= mh) py = mh - 1;
        if (!shore_wet(&w->shore, (size_t)py * (size_t)mw + (size_t)px)) {
            c->on_land++;
            if (!c->failed) {
                c->failed = 1;
                snprintf(msg, cap, "fish %d is on land at (%.2f, %.2f)", id, (double)x, (double)y);
            }
        }
    }
    for (int i = 0; i < v->sharks; i++) {
        float x = v->sx[i], y = v->sy[i], vx = v->svx[i], vy = v->svy[i];
        if (!isfinite(x) || !isfinite(y)) {
            c->non_finite++;
            fail(c, msg, cap, "shark", i, kind(isfinite(x) ? y : x), "position");
        } else if (!isfinite(vx) || !isfinite(vy)) {
            c->non_finite++;
            fail(c, msg, cap, "shark", i, kind(isfinite(vx) ? vy : vx), "velocity");
        }
    }
    c->count_ok = v->fish == fish && v->sharks == sharks;
    if (!c->count_ok && !c->failed) {
        c->failed = 1;
        snprintf(msg, cap, "%d fish and %d sharks; the run started with %d and %d", v->fish,
                 v->sharks, fish, sharks);
    }
}

double bench_rss_bytes(void)
{
    /* statm's second field: resident pages now (getrusage only has the peak) */
    FILE *f = fopen("/proc/self/statm", "r");
    if (!f) return NAN;
    unsigned long size = 0, resident = 0;
    int got = fscanf(f, "%lu %lu", &size, &resident);
    fclose(f);
    long page = sysconf(_SC_PAGESIZE);
    if (got != 2 || page <= 0) return NAN;
    return (double)resident * (double)page;
}

int bench_bpf_target(int fish)
{
    /* at least BENCH_BPF_MIN_GROWTH more, so that each array grows by
     * whole fresh mappings and page rounding and heap reuse stay small */
    long n = 2L * fish;
    if (n < (long)fish + BENCH_BPF_MIN_GROWTH) n = (long)fish + BENCH_BPF_MIN_GROWTH;
    return (int)(n > SEA_MAX_FISH ? SEA_MAX_FISH : n);
}

int bench_bytes_per_fish(Sea *sea, int steps, double *out, Err *e)
{
    *out = NAN;
    SeaView v;
    sea_view(sea, &v);
    int n0 = v.fish;
    int n1 = bench_bpf_target(n0);
    if (n0 <= 0 || n1 <= n0) return 0;
    /* step first so that both buffers and the grid are touched (resident)
     * at n0; then growing to n1 adds only what scales with the fish */
    for (int k = 0; k < steps; k++) sea_step(sea);
    double r0 = bench_rss_bytes();
    if (sea_set_fish_count(sea, n1, e) != 0) return -1;
    for (int k = 0; k < steps; k++) sea_step(sea);
    double r1 = bench_rss_bytes();
    if (isfinite(r0) && isfinite(r1)) *out = (r1 - r0) / (double)(n1 - n0);
    return 0;
}
