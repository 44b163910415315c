/* run: one timed sea (ships moved and jitter observed outside the timing),
 * and the statistics of its per-step times. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

#include "bench.h"
#include "core/clock.h"

int bench_run_init(BenchRun *r, const BenchWorld *w, const BenchSetup *s, JobPool *pool, Err *e)
{
    memset(r, 0, sizeof *r);
    r->world = w;
    r->setup = *s;
    r->pool = pool;
    SeaParams p;
    sea_params_default(&p);
    p.brute = s->brute;
    r->ms = calloc((size_t)(s->steps > 0 ? s->steps : 1), sizeof *r->ms);
    if (!r->ms) return err_set(e, "bench: out of memory for %d step times", s->steps);
    if (sea_init(&r->sea, &w->shore, &p, s->seed, s->fish, s->sharks, pool, e) != 0) {
        bench_run_deinit(r);
        return -1;
    }
    if (bench_ships_init(&r->ships, w, s->ships, s->seed, e) != 0) {
        bench_run_deinit(r);
        return -1;
    }
    if (s->metrics) {
        MetricsConfig mc;
        metrics_config_from_params(&mc, &p);
        if (metrics_init(&r->metrics, &mc, &w->shore, s->fish, pool, e) != 0) {
            bench_run_deinit(r);
            return -1;
        }
        r->has_metrics = 1;
        SeaView v;
        sea_view(r->sea, &v);
        if (metrics_observe(&r->metrics, &v, e) != 0) {
            bench_run_deinit(r);
            return -1;
        }
    }
    return 0;
}

void bench_run_deinit(BenchRun *r)
{
    if (r->has_metrics) metrics_deinit(&r->metrics);
    if (r->sea) sea_deinit(r->sea);
    free(r->ms);
    memset(r, 0, sizeof *r);
}

int bench_run_step(BenchRun *r, Err *e)
{
    if (r->setup.ships > 0) {
        bench_ships_step(&r->ships, &r->world->shore, sea_params(r->sea)->dt);
        sea_set_hulls(r->sea, r->ships.c, r->ships.n);
    }
    double t0 = clock_now_ms();
    sea_step(r->sea);
    double t = clock_now_ms() - t0;
    int k = r->stepped - r->setup.warmup;
    if (k >= 0 && k < r->setup.steps) r->ms[k] = t;
    r->stepped++;
    if (r->has_metrics) {
        SeaView v;
        sea_view(r->sea, &v);
        if (metrics_observe(&r->metrics, &v, e) != 0) return -1;
    }
    return 0;
}

int bench_run_all(BenchRun *r, Err *e)
{
    int total = r->setup.warmup + r->setup.steps;
    while (r->stepped < total)
        if (bench_run_step(r, e) != 0) return -1;
    return 0;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

void bench_percentiles(double *ms, int n, double *median, double *p95)
{
    if (n <= 0) {
        *median = *p95 = 0.0;
        return;
    }
    qsort(ms, (size_t)n, sizeof *ms, cmp_double);
    *median = n % 2 ? ms[n / 2] : 0.5 * (ms[n / 2 - 1] + ms[n / 2]);
    /* nearest rank: the smallest time that at least 95% of steps beat or tie */
    int rank = (95 * n + 99) / 100;
    *p95 = ms[rank - 1];
}

void bench_run_stats(const BenchRun *r, BenchStats *st)
{
    int n = r->stepped - r->setup.warmup;
    if (n < 0) n = 0;
    if (n > r->setup.steps) n = r->setup.steps;
    memset(st, 0, sizeof *st);
    st->steps = n;
    if (n <= 0) return;
    double sum = 0.0;
    for (int i = 0; i < n; i++) sum += r->ms[i];
    st->mean_ms = sum / n;
    st->fish_per_s = sum > 0.0 ? (double)r->setup.fish * n / (sum * 1e-3) : 0.0;
    /* sort a copy: the run's own times stay in step order */
    double *tmp = malloc((size_t)n * sizeof *tmp);
    if (!tmp) {
        st->median_ms = st->p95_ms = st->mean_ms;
        return;
    }
    memcpy(tmp, r->ms, (size_t)n * sizeof *tmp);
    bench_percentiles(tmp, n, &st->median_ms, &st->p95_ms);
    free(tmp);
}

int bench_reset_peak_rss(void)
{
    /* Linux >= 4.0: "5" resets the high-water mark to the current size */
    FILE *f = fopen("/proc/self/clear_refs", "w");
    if (!f) return 0;
    int ok = fputs("5", f) >= 0;
    ok &= fclose(f) == 0;
    return ok;
}

double bench_peak_rss_mb(void)
{
    struct rusage ru;
    if (getrusage(RUSAGE_SELF, &ru) != 0) return 0.0;
    return (double)ru.ru_maxrss / 1024.0; /* Linux reports KiB */
}
