/* report: shoal-bench's output: JSON fields and numbers, the single run's
 * report, the school's order parameters and states (--every), and the
 * figures of a probe. */
#include <inttypes.h>
#include <math.h>
#include <stdio.h>

#include "bench.h"

void bench_json_num(FILE *f, const char *key, double v)
{
    if (isfinite(v))
        fprintf(f, ",\"%s\":%.6g", key, v);
    else
        fprintf(f, ",\"%s\":null", key);
}

void bench_json_str(FILE *f, const char *key, const char *s)
{
    fprintf(f, ",\"%s\":\"", key);
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\')
            fprintf(f, "\\%c", c);
        else if (c < 0x20)
            fprintf(f, "\\u%04x", c);
        else
            fputc(c, f);
    }
    fputc('"', f);
}

const char *bench_nan_text(double v, char *buf, size_t cap, int decimals)
{
    if (!isfinite(v)) return "n/a";
    snprintf(buf, cap, "%.*f", decimals, v);
    return buf;
}

/* The aligned schools and their states, as JSON fields. */
static void json_aligned(FILE *f, const Metrics *m)
{
    fprintf(f, ",\"aligned_schools\":%d,\"schools_20\":%d,\"aligned_largest\":%d",
            m->aligned_schools, m->aligned_big, m->aligned_largest);
    bench_json_num(f, "largest_share", m->aligned_largest_share);
    bench_json_num(f, "largest_op", m->aligned_largest_op);
    bench_json_num(f, "largest_or", m->aligned_largest_or);
    bench_json_num(f, "op", m->order_p);
    bench_json_num(f, "or", m->order_r);
    bench_json_num(f, "share_polarized", m->share_polarized);
    bench_json_num(f, "share_milling", m->share_milling);
    bench_json_num(f, "share_swarm", m->share_swarm);
    bench_json_num(f, "share_transitional", m->share_transitional);
    bench_json_num(f, "share_small", m->share_small);
}

static const char *pct(double v, char *buf, size_t cap)
{
    if (!isfinite(v)) return "n/a";
    snprintf(buf, cap, "%.0f%%", 100.0 * v);
    return buf;
}

/* The same in two lines of text, each starting with `lead`. */
static void print_aligned(FILE *f, const char *lead, const Metrics *m)
{
    char b[8][32];
    fprintf(f,
            "%sO_p %s, O_r %s over %d schools of >= %d (%d aligned schools); largest %d fish "
            "= %s of the fish, O_p %s, O_r %s\n",
            lead, bench_nan_text(m->order_p, b[0], sizeof b[0], 3),
            bench_nan_text(m->order_r, b[1], sizeof b[1], 3), m->aligned_big, METRICS_BIG_SCHOOL,
            m->aligned_schools, m->aligned_largest,
            pct(m->aligned_largest_share, b[2], sizeof b[2]),
            bench_nan_text(m->aligned_largest_op, b[3], sizeof b[3], 3),
            bench_nan_text(m->aligned_largest_or, b[4], sizeof b[4], 3));
    fprintf(f, "%sfish polarized %s, milling %s, swarm %s, transitional %s, in smaller groups %s\n",
            lead, pct(m->share_polarized, b[0], sizeof b[0]),
            pct(m->share_milling, b[1], sizeof b[1]), pct(m->share_swarm, b[2], sizeof b[2]),
            pct(m->share_transitional, b[3], sizeof b[3]), pct(m->share_small, b[4], sizeof b[4]));
}

/* One --every line: the school at this step. */
void bench_print_every(bool json, const SeaView *v, const Metrics *m)
{
    if (json) {
        printf("{\"mode\":\"every\",\"step\":%" PRIu64 ",\"fish\":%d,\"schools\":%d,"
               "\"largest_school\":%d",
               v->step, m->fish, m->schools, m->largest_school);
        bench_json_num(stdout, "largest_polarization", m->largest_polarization);
        bench_json_num(stdout, "mean_polarization", m->mean_polarization);
        json_aligned(stdout, m);
        printf("}\n");
    } else {
        char lead[32];
        snprintf(lead, sizeof lead, "step %6" PRIu64 ": ", v->step);
        print_aligned(stdout, lead, m);
    }
    fflush(stdout);
}

void bench_print_single(bool json, const BenchRun *r, const BenchStats *st, int threads,
                        const Metrics *m, double rss, int rss_reset, double bpf, uint64_t hash)
{
    const BenchWorld *w = r->world;
    const BenchSetup *s = &r->setup;
    double met_mb = (double)metrics_bytes(&r->metrics) / (1024.0 * 1024.0);
    float radius = sea_params(r->sea)->neighbor_radius;
    /* The sea's fish now: the most it held, as only --bytes-per-fish grows
     * it (after the run). A figure load cannot move, for the tests. */
    SeaView now;
    sea_view(r->sea, &now);
    if (json) {
        printf("{\"mode\":\"single\"");
        bench_json_str(stdout, "map", w->desc);
        printf(",\"map_w\":%d,\"map_h\":%d", w->map.w, w->map.h);
        bench_json_num(stdout, "land_fraction", w->land_fraction);
        printf(",\"seed\":%u,\"fish\":%d,\"sharks\":%d,\"ships\":%d,\"threads\":%d,"
               "\"brute\":%s,\"steps\":%d,\"warmup\":%d",
               (unsigned)s->seed, s->fish, s->sharks, s->ships, threads,
               s->brute ? "true" : "false", st->steps, s->warmup);
        bench_json_num(stdout, "median_ms", st->median_ms);
        bench_json_num(stdout, "p95_ms", st->p95_ms);
        bench_json_num(stdout, "mean_ms", st->mean_ms);
        bench_json_num(stdout, "fish_per_s", st->fish_per_s);
        bench_json_num(stdout, "peak_rss_mb", rss);
        printf(",\"peak_rss_scope\":\"%s\"", rss_reset ? "run" : "process");
        bench_json_num(stdout, "world_mb", w->mb);
        bench_json_num(stdout, "metrics_mb", met_mb);
        bench_json_num(stdout, "bytes_per_fish", bpf);
        printf(",\"fish_peak\":%d", now.fish);
        printf(",\"schools\":%d,\"loners\":%d,\"largest_school\":%d", m->schools, m->loners,
               m->largest_school);
        bench_json_num(stdout, "largest_polarization", m->largest_polarization);
        bench_json_num(stdout, "mean_polarization", m->mean_polarization);
        json_aligned(stdout, m);
        bench_json_num(stdout, "mean_neighbors", m->mean_neighbors);
        bench_json_num(stdout, "neighbor_radius", radius);
        bench_json_num(stdout, "mean_nn_dist", m->mean_nn_dist);
        printf(",\"fish_on_land\":%d,\"fish_off_map\":%d,\"shore_jitter\":%d,"
               "\"shore_reversals\":%" PRIu64 ",\"observed_steps\":%" PRIu64,
               m->fish_on_land, m->fish_off_map, m->shore_jitter, m->shore_reversals,
               m->observed_steps);
        bench_json_num(stdout, "shark_nearest_mean", m->shark_nearest_mean);
        printf(",\"eaten\":%" PRIu64 ",\"state_hash\":\"%016" PRIx64 "\"}\n", sea_eaten(r->sea),
               hash);
        return;
    }
    char b1[32], b2[32], b3[32], b4[32];
    printf("shoal-bench: %d fish, %d sharks, %d ships on %s, %.1f%% land; %d thread%s, %s "
           "search\n",
           s->fish, s->sharks, s->ships, w->desc, 100.0 * w->land_fraction, threads,
           threads == 1 ? "" : "s", s->brute ? "all-pairs" : "grid");
    printf("time:    %d steps after %d warmup: median %.3f ms, p95 %.3f ms, mean %.3f ms\n",
           st->steps, s->warmup, st->median_ms, st->p95_ms, st->mean_ms);
    printf("speed:   %.3g fish updates/s\n", st->fish_per_s);
    printf("memory:  peak %.1f MB %s (of it shore field %.1f MB, metrics %.1f MB)\n", rss,
           rss_reset ? "during the run" : "of the process", w->mb, met_mb);
    if (isfinite(bpf))
        printf("per fish: %.1f bytes of sea (resident growth from %d to %d fish)\n", bpf, s->fish,
               now.fish);
    else if (now.fish > s->fish)
        printf("per fish: n/a (the system does not tell the resident size)\n");
    else if (s->fish >= SEA_MAX_FISH)
        printf("per fish: not measured (the sea cannot grow past %d fish)\n", SEA_MAX_FISH);
    else
        printf("per fish: not measured (--bytes-per-fish measures it)\n");
    printf("schools: %d (largest %d fish, polarization %s; fish-weighted mean %s), %d loners\n",
           m->schools, m->largest_school, bench_nan_text(m->largest_polarization, b1, sizeof b1, 3),
           bench_nan_text(m->mean_polarization, b2, sizeof b2, 3), m->loners);
    print_aligned(stdout, "aligned: ", m);
    printf("spacing: nearest neighbour %s px on average, %s neighbours within %.0f px\n",
           bench_nan_text(m->mean_nn_dist, b3, sizeof b3, 2),
           bench_nan_text(m->mean_neighbors, b4, sizeof b4, 1), (double)radius);
    printf("land:    %d fish on land, %d off the map\n", m->fish_on_land, m->fish_off_map);
    printf("shore:   %d jittering fish (%" PRIu64 " reversals in the margin over %" PRIu64
           " steps)\n",
           m->shore_jitter, m->shore_reversals, m->observed_steps);
    printf("sharks:  nearest fish %s px away on average, %" PRIu64 " fish eaten\n",
           bench_nan_text(m->shark_nearest_mean, b1, sizeof b1, 1), sea_eaten(r->sea));
    printf("state:   hash %016" PRIx64 "\n", hash);
}

void bench_probe_print(bool json, const BenchWorld *w, const BenchProbeSetup *s, int threads,
                       const BenchProbeResult *pr)
{
    const char *what = BENCH_PROBE_NAMES[s->kind];
    if (json) {
        printf("{\"mode\":\"probe\"");
        bench_json_str(stdout, "probe", what);
        bench_json_str(stdout, "map", w->desc);
        printf(",\"seed\":%u,\"fish\":%d,\"threads\":%d,\"warmup\":%d,\"passes\":%d,"
               "\"steps\":%d",
               (unsigned)s->seed, s->fish, threads, s->warmup, pr->passes, pr->steps);
        bench_json_num(stdout, "speed", s->kind == BENCH_PROBE_SHARK ? NAN : s->speed);
        bench_json_num(stdout, "radius", pr->radius);
        for (int i = 0; i < pr->nslots; i++) {
            const BenchProbeSlot *sl = &pr->slot[i];
            char k[48];
            snprintf(k, sizeof k, "%s_ratio", sl->name);
            bench_json_num(stdout, k, sl->ratio);
            snprintf(k, sizeof k, "%s_radius", sl->name);
            bench_json_num(stdout, k, sl->radius);
            snprintf(k, sizeof k, "%s_samples", sl->name);
            printf(",\"%s\":%ld", k, sl->m.samples);
            snprintf(k, sizeof k, "%s_control_fish", sl->name);
            bench_json_num(stdout, k, sl->m.samples ? sl->m.ctrl / (double)sl->m.samples : NAN);
        }
        printf(",\"eaten\":%" PRIu64 ",\"stimulus_hash\":\"%016" PRIx64
               "\",\"control_hash\":\"%016" PRIx64 "\"}\n",
               pr->eaten, pr->hash_stim, pr->hash_ctrl);
        return;
    }
    printf("probe %s: %d fish on %s, %d thread%s; %d passes through a school after %d steps to "
           "settle, %d steps with the %s",
           what, s->fish, w->desc, threads, threads == 1 ? "" : "s", pr->passes, s->warmup,
           pr->steps, what);
    if (s->kind != BENCH_PROBE_SHARK) printf(" at %.0f px/s", (double)s->speed);
    printf("\n");
    for (int i = 0; i < pr->nslots; i++) {
        const BenchProbeSlot *sl = &pr->slot[i];
        char b1[32], b2[32];
        printf("  %-9s r %4.1f px, %.0f s behind: density %s x the control's (%ld steps in a "
               "school, %s control fish in the disk)\n",
               sl->name, (double)sl->radius, (double)sl->behind,
               bench_nan_text(sl->ratio, b1, sizeof b1, 2), sl->m.samples,
               bench_nan_text(sl->m.samples ? sl->m.ctrl / (double)sl->m.samples : NAN, b2,
                              sizeof b2, 1));
    }
}
