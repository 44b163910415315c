/* shoal-bench: headless sea benchmark: step times, throughput, memory and
 * the quality metrics of the school, plus sweeps and A/B comparisons. */
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bench.h"
#include "core/afile.h"
#include "core/stop.h"
#include "core/cli.h"
#include "core/clock.h"

/* Timed runs keep one time per step; a soak keeps none. */
#define BENCH_MAX_STEPS      1000000
#define BENCH_SOAK_MAX_STEPS 100000000

static const char USAGE[] =
    "usage: shoal-bench [--map FILE | --seed N] [--fish N] [--sharks K] [--ships S]\n"
    "                   [--steps S] [--warmup W] [--threads T] [--brute] [--json]\n"
    "                   [--bytes-per-fish]\n"
    "       shoal-bench --sweep [--csv FILE] [--svg FILE] [options above but --fish]\n"
    "       shoal-bench --compare brute|threads|scale [options above]\n"
    "       shoal-bench --soak [--steps S] [--fish N] [--sharks K] [--ships S]\n"
    "                   [--threads T] [--map FILE | --seed N] [--json]\n"
    "       shoal-bench --probe cursor|shark|hull [--speed PX_S] [--fish N]\n"
    "                   [--warmup W] [--threads T] [--map FILE | --seed N] [--json]\n"
    "\n"
    "Runs the sea headless and reports the median and p95 time per step, fish\n"
    "updates per second, peak memory and the quality metrics of the school;\n"
    "with --bytes-per-fish also the sea's memory per fish.\n"
    "\n";

static const char FOOTER[] = "\n"
                             "Exit status: 0 ok, 1 runtime failure, 2 bad usage or bad input.\n";

/* What the command line asked for; each *_set is the argv index where
 * that flag was given, 0 when it was not. */
typedef struct Opts {
    const char *map;
    uint32_t seed;
    int seed_set;
    int fish, fish_set;
    int sharks, sharks_set, ships, ships_set;
    int steps, steps_set;
    int warmup, warmup_set;
    int threads, threads_set;
    int brute, json, sweep, soak;
    const char *csv, *svg;
    const char *compare;
    int probe, probe_set; /* a BenchProbeKind */
    double speed;
    int speed_set;
    int every, every_set;
    int bpf; /* --bytes-per-fish */
} Opts;

/* Rows in bench_spec's table. */
enum { BENCH_FLAG_COUNT = 20 };

/* --compare WHAT: the run to compare, kept as typed. */
static int parse_compare(const CliFlag *f, const char *v, Err *e)
{
    if (strcmp(v, "brute") && strcmp(v, "threads") && strcmp(v, "scale"))
        return err_set(e, "%s '%.40s': expected brute, threads or scale", f->name, v);
    *(const char **)f->to = v;
    return 0;
}

static const int PROBE_KINDS[] = {BENCH_PROBE_CURSOR, BENCH_PROBE_SHARK, BENCH_PROBE_HULL};

/* The whole command line as a table: every flag, its value's range, and
 * its --help text; the values land in o. */
static CliSpec bench_spec(Opts *o, CliFlag out[BENCH_FLAG_COUNT])
{
    /* clang-format off */
    const CliFlag flags[] = {
        {.name = "--map", .kind = CLI_TEXT, .to = &o->map, .arg = "FILE",
         .help = "swim in this map (PNG mask + optional .ini sidecar); the\n"
                 "sea and ships are then seeded with 1"},
        {.name = "--seed", .kind = CLI_U32, .to = &o->seed, .lo = 0, .hi = 4294967295L,
         .given = &o->seed_set, .arg = "N",
         .help = "generate the map from seed N (default 1), sized so that\n"
                 "the water holds ~10 fish per neighbour circle; N also\n"
                 "seeds the sea and the ships"},
        {.name = "--fish", .kind = CLI_INT, .to = &o->fish, .lo = 1, .hi = SEA_MAX_FISH,
         .given = &o->fish_set, .arg = "N",
         .help = "fish, 1.." CLI_STR(SEA_MAX_FISH) " (default 10000; --compare brute: 4096;\n"
                 "--probe: 2000)"},
        {.name = "--sharks", .kind = CLI_INT, .to = &o->sharks, .lo = 0, .hi = SEA_MAX_SHARKS,
         .given = &o->sharks_set, .arg = "K",
         .help = "sharks, 0.." CLI_STR(SEA_MAX_SHARKS) " (default 0)"},
        {.name = "--ships", .kind = CLI_INT, .to = &o->ships, .lo = 0, .hi = SEA_MAX_HULLS,
         .given = &o->ships_set, .arg = "S",
         .help = "ships: 20 px hulls sailing straight, bouncing off\n"
                 "coasts, 0.." CLI_STR(SEA_MAX_HULLS) " (default 0)"},
        {.name = "--steps", .kind = CLI_INT, .to = &o->steps, .lo = 1, .hi = BENCH_SOAK_MAX_STEPS,
         .given = &o->steps_set, .arg = "S",
         .help = "measured steps, 1.." CLI_STR(BENCH_MAX_STEPS) " (default 4000000/fish,\n"
                 "kept within 20..300); with --soak 1.." CLI_STR(BENCH_SOAK_MAX_STEPS) "\n"
                 "(default 1000000)"},
        {.name = "--warmup", .kind = CLI_INT, .to = &o->warmup, .lo = 0, .hi = 100000,
         .given = &o->warmup_set, .arg = "W",
         .help = "unmeasured steps first, 0..100000 (default steps/10, >= 3)"},
        {.name = "--threads", .kind = CLI_INT, .to = &o->threads, .lo = 1, .hi = JOBS_MAX_THREADS,
         .given = &o->threads_set, .arg = "T",
         .help = "worker threads incl. the main one, 1.." CLI_STR(JOBS_MAX_THREADS)
                 " (default: SHOAL_THREADS\n"
                 "or the number of cores)"},
        {.name = "--brute", .kind = CLI_SWITCH, .to = &o->brute,
         .help = "all-pairs neighbour search instead of the grid (baseline)"},
        {.name = "--json", .kind = CLI_SWITCH, .to = &o->json,
         .help = "print one JSON object instead of text"},
        {.name = "--bytes-per-fish", .kind = CLI_SWITCH, .to = &o->bpf,
         .help = "also measure the sea's memory per fish: after the run,\n"
                 "grow the sea from N fish to 2N (at least N + " CLI_STR(BENCH_BPF_MIN_GROWTH) "),\n"
                 "step it twice and divide the growth of the resident set\n"
                 "by the fish added (slow on a small map, where so many\n"
                 "fish crowd together)"},
        {.name = "--sweep", .kind = CLI_SWITCH, .to = &o->sweep,
         .help = "time 1k, 2k, 4k, 10k, 100k and 1M fish on 1..T threads"},
        {.name = "--csv", .kind = CLI_TEXT, .to = &o->csv, .arg = "FILE",
         .help = "with --sweep: also write the table as CSV"},
        {.name = "--svg", .kind = CLI_TEXT, .to = &o->svg, .arg = "FILE",
         .help = "with --sweep: also write a log-log chart as SVG"},
        {.name = "--compare", .kind = CLI_CALL, .to = &o->compare, .parse = parse_compare,
         .arg = "WHAT",
         .help = "two seas stepped in turn in one process, and their ratio:\n"
                 "brute   = grid vs all-pairs at --fish\n"
                 "threads = 1 thread vs --threads (default 2)\n"
                 "scale   = --fish vs 10x --fish"},
        {.name = "--soak", .kind = CLI_SWITCH, .to = &o->soak,
         .help = "a long run (default 10000 fish, 16 sharks, 8 ships) checked\n"
                 "every 10000 steps and at the end: no fish or shark NaN or\n"
                 "infinite, no fish on land or off the map, counts unchanged;\n"
                 "one line per check, then the verdict (exit 1 on the first\n"
                 "failure, naming the step and what failed)"},
        {.name = "--probe", .kind = CLI_CHOICE, .to = &o->probe, .names = BENCH_PROBE_NAMES,
         .values = PROBE_KINDS, .given = &o->probe_set, .arg = "WHAT",
         .help = "a stimulus sea beside its control sea (same seed, map and\n"
                 "fish; default 2000 fish): " CLI_STR(BENCH_PROBE_PASSES) " passes, each in fresh seas\n"
                 "settled for --warmup (default " CLI_STR(BENCH_PROBE_WARMUP) "), of the stimulus through\n"
                 "a school; the density of fish in disks along its path\n"
                 "over the same disks' in the control sea, while they are\n"
                 "in a school. cursor = the game's cursor moving straight,\n"
                 "shark = one shark hunting, hull = a 20 px hull sailing"},
        {.name = "--speed", .kind = CLI_REAL, .to = &o->speed, .dlo = 0, .dhi = 1000,
         .given = &o->speed_set, .arg = "PX_S",
         .help = "with --probe cursor or hull: its speed, 0..1000 px/s\n"
                 "(default 60 for the cursor, 40 for the hull)"},
        {.name = "--every", .kind = CLI_INT, .to = &o->every, .lo = 1, .hi = BENCH_MAX_STEPS,
         .given = &o->every_set, .arg = "K",
         .help = "also measure the school every K steps (warmup included):\n"
                 "one line each, JSON lines with --json"},
        {.name = "--help", .alias = "-h", .kind = CLI_HELP, .help = "this text"},
    };
    /* clang-format on */
    _Static_assert(sizeof flags / sizeof flags[0] == BENCH_FLAG_COUNT, "one row per flag");
    memcpy(out, flags, sizeof flags);
    return (CliSpec){.prog = "shoal-bench",
                     .usage = USAGE,
                     .footer = FOOTER,
                     .flags = out,
                     .count = BENCH_FLAG_COUNT,
                     .column = 18,
                     .opts = CLI_HELP_FIRST,
                     .clip = 60};
}

/* Parse argv into o; 0 ok, 1 help wanted, -1 bad usage (e filled). */
static int parse(int argc, char **argv, Opts *o, Err *e)
{
    memset(o, 0, sizeof *o);
    o->seed = 1;
    CliFlag flags[BENCH_FLAG_COUNT];
    CliSpec spec = bench_spec(o, flags);
    int rc = cli_scan(&spec, argc, argv, e);
    if (rc == CLI_SCAN_HELP) return 1;
    if (rc == CLI_SCAN_FAIL) return -1;

    if (o->map && o->seed_set) return err_set(e, "--map and --seed: give one or the other");
    if ((o->csv || o->svg) && !o->sweep)
        return err_set(e, "%s: only with --sweep", o->csv ? "--csv" : "--svg");
    if (o->sweep && o->compare) return err_set(e, "--sweep and --compare: give one or the other");
    if (o->soak && (o->sweep || o->compare))
        return err_set(e, "--soak and %s: give one or the other",
                       o->sweep ? "--sweep" : "--compare");
    if (o->soak && o->brute)
        return err_set(e, "--brute: not with --soak (all pairs for a million steps)");
    if (o->soak && o->warmup_set)
        return err_set(e, "--warmup: not with --soak (every step of a soak is checked alike)");
    if (!o->soak && o->steps_set && o->steps > BENCH_MAX_STEPS)
        return err_set(e, "--steps %d: at most %d (more only with --soak)", o->steps,
                       BENCH_MAX_STEPS);
    if (o->soak) {
        if (!o->steps_set) o->steps = 1000000;
        if (!o->sharks_set) o->sharks = 16;
        if (!o->ships_set) o->ships = 8;
    }
    if (o->sweep && o->fish_set)
        return err_set(e, "--fish: not with --sweep (the sweep sets the fish counts)");
    if (o->sweep && o->brute)
        return err_set(e, "--brute: not with --sweep (all pairs at 1M fish take hours a step)");
    if (o->compare && o->brute)
        return err_set(e, "--brute: not with --compare (--compare brute runs both searches)");
    if (o->compare && !strcmp(o->compare, "scale") && o->fish_set && o->fish > SEA_MAX_FISH / 10)
        return err_set(e, "--fish %d: --compare scale also runs 10x that, so at most %d", o->fish,
                       SEA_MAX_FISH / 10);
    const char *mode = o->sweep       ? "--sweep"
                       : o->compare   ? "--compare"
                       : o->soak      ? "--soak"
                       : o->probe_set ? "--probe"
                                      : NULL;
    if (o->bpf && mode)
        return err_set(e, "--bytes-per-fish: not with %s (it measures a single run)", mode);
    if (o->bpf && o->brute)
        return err_set(e,
                       "--bytes-per-fish: not with --brute (two all-pairs steps of %d fish "
                       "or more would take minutes)",
                       BENCH_BPF_MIN_GROWTH);
    if (o->every_set && mode)
        return err_set(e, "--every: not with %s (it measures a single run)", mode);
    if (o->probe_set) {
        if (o->sweep || o->compare || o->soak)
            return err_set(e, "--probe and %s: give one or the other",
                           o->sweep     ? "--sweep"
                           : o->compare ? "--compare"
                                        : "--soak");
        if (o->brute || o->ships_set || o->sharks_set)
            return err_set(e, "%s: not with --probe (the control sea must have no stimulus)",
                           o->brute       ? "--brute"
                           : o->ships_set ? "--ships"
                                          : "--sharks");
        if (o->steps_set)
            return err_set(e,
                           "--steps: not with --probe (a probe is %d passes through a "
                           "school; --warmup sets how long each sea settles first)",
                           BENCH_PROBE_PASSES);
        if (o->speed_set && o->probe == BENCH_PROBE_SHARK)
            return err_set(e, "--speed: not with --probe shark (a shark swims at its own speed)");
        if (!o->speed_set) o->speed = o->probe == BENCH_PROBE_HULL ? 40.0 : 60.0;
    } else if (o->speed_set) {
        return err_set(e, "--speed: only with --probe cursor or --probe hull");
    }
    /* a probe's default is the game's live battle: some 2000 fish */
    if (!o->fish_set)
        o->fish = o->probe_set ? 2000 : o->compare && !strcmp(o->compare, "brute") ? 4096 : 10000;
    return 0;
}

static int default_steps(int fish)
{
    long s = 4000000L / fish;
    return (int)(s < 20 ? 20 : s > 300 ? 300 : s);
}

static void make_setup(const Opts *o, int fish, int metrics, BenchSetup *s)
{
    memset(s, 0, sizeof *s);
    s->seed = o->seed;
    s->fish = fish;
    s->sharks = o->sharks;
    s->ships = o->ships;
    s->steps = o->steps_set ? o->steps : default_steps(fish);
    s->warmup = o->warmup_set ? o->warmup : (s->steps / 10 < 3 ? 3 : s->steps / 10);
    s->brute = o->brute;
    s->metrics = metrics;
}

static float default_radius(void)
{
    SeaParams p;
    sea_params_default(&p);
    return p.neighbor_radius;
}

/* Load --map or generate for `fish`; returns the exit code on failure. */
static int world_for(const Opts *o, int fish, BenchWorld *w)
{
    Err e = {""};
    int rc = o->map ? bench_world_load(w, o->map, &e)
                    : bench_world_generate(w, o->seed, fish, default_radius(), &e);
    /* A map too tight for the ships is bad input too: found here, before
     * any run, it exits 2 with the way out. */
    BenchShips probe;
    if (rc == 0 && bench_ships_init(&probe, w, o->ships, o->seed, &e) != 0) {
        bench_world_free(w);
        rc = -1;
    }
    if (rc != 0) {
        fprintf(stderr, "shoal-bench: %s\n", e.msg);
        return 2;
    }
    return 0;
}

static int start_pool(int threads, JobPool **pool)
{
    Err e = {""};
    if (jobs_init(pool, threads, &e) != 0) {
        fprintf(stderr, "shoal-bench: %s\n", e.msg);
        return 1;
    }
    return 0;
}

/* ---------------------------------------------------------------- modes */

/* The world of --fish fish and a pool of the chosen thread count, for
 * the single run and the soak; on failure nothing is left to free. */
static int open_world(const Opts *o, BenchWorld *w, int *threads, JobPool **pool)
{
    int rc = world_for(o, o->fish, w);
    if (rc) return rc;
    *threads = jobs_pick_threads(o->threads_set ? o->threads : 0);
    *pool = NULL;
    if ((rc = start_pool(*threads, pool)) != 0) bench_world_free(w);
    return rc;
}

/* All of r's steps; with --every, the school measured every K of them. */
static int run_steps(const Opts *o, BenchRun *r, Err *e)
{
    if (!o->every_set) return bench_run_all(r, e);
    int total = r->setup.warmup + r->setup.steps;
    while (r->stepped < total) {
        if (bench_run_step(r, e) != 0) return -1;
        if (r->stepped % o->every != 0) continue;
        SeaView v;
        sea_view(r->sea, &v);
        Metrics m;
        if (metrics_compute(&r->metrics, &v, &m, e) != 0) return -1;
        bench_print_every(o->json, &v, &m);
    }
    return 0;
}

static int run_single(const Opts *o)
{
    BenchWorld w;
    int threads;
    JobPool *pool;
    int rc = open_world(o, &w, &threads, &pool);
    if (rc) return rc;
    BenchSetup s;
    make_setup(o, o->fish, 1, &s);
    BenchRun r;
    Err e = {""};
    rc = 1;
    /* the map generator's buffers are gone: measure from here */
    int rss_reset = bench_reset_peak_rss();
    if (bench_run_init(&r, &w, &s, pool, &e) == 0) {
        Metrics m;
        if (run_steps(o, &r, &e) == 0) {
            /* before metrics_compute touches its scratch: the run's peak */
            double rss = bench_peak_rss_mb();
            SeaView v;
            sea_view(r.sea, &v);
            double bpf = NAN;
            if (metrics_compute(&r.metrics, &v, &m, &e) == 0) {
                uint64_t hash = sea_hash(r.sea);
                /* last, and only when asked: it grows the sea past the
                 * run, to 65k fish at least, which on a small map all fall
                 * in a few grid cells (one step of 200 fish on a 32x32
                 * map took 3 to 8 s here, 64 s where it was found) */
                if (!o->bpf || bench_bytes_per_fish(r.sea, 2, &bpf, &e) == 0) {
                    BenchStats st;
                    bench_run_stats(&r, &st);
                    bench_print_single(o->json, &r, &st, threads, &m, rss, rss_reset, bpf, hash);
                    rc = 0;
                }
            }
        }
        bench_run_deinit(&r);
    }
    if (rc) fprintf(stderr, "shoal-bench: %s\n", e.msg);
    jobs_deinit(pool);
    bench_world_free(&w);
    return rc;
}

static int run_sweep(const Opts *o)
{
    static const int counts[] = {1000, 2000, 4000, 10000, 100000, 1000000};
    const int ncounts = (int)(sizeof counts / sizeof counts[0]);
    int tmax = o->threads_set ? o->threads : jobs_pick_threads(0);
    /* The outputs are checked before the sweep's minutes, not after. */
    Err ce = {""};
    if ((o->csv && afile_check_writable(o->csv, &ce)) ||
        (o->svg && afile_check_writable(o->svg, &ce))) {
        fprintf(stderr, "shoal-bench: %s\n", ce.msg);
        return 2;
    }
    SweepRow *rows = calloc((size_t)(ncounts * tmax), sizeof *rows);
    if (!rows) {
        fprintf(stderr, "shoal-bench: out of memory for the sweep table\n");
        return 1;
    }
    int n = 0, rc = 0;
    BenchWorld loaded;
    if (o->map && (rc = world_for(o, 0, &loaded)) != 0) {
        free(rows);
        return rc;
    }
    for (int c = 0; c < ncounts && !rc; c++) {
        BenchWorld generated, *w = &loaded;
        if (!o->map) {
            if ((rc = world_for(o, counts[c], &generated)) != 0) break;
            w = &generated;
        }
        for (int t = 1; t <= tmax && !rc; t++) {
            fprintf(stderr, "sweep: %d fish on %s, %d thread%s\n", counts[c], w->desc, t,
                    t == 1 ? "" : "s");
            JobPool *pool = NULL;
            if ((rc = start_pool(t, &pool)) != 0) break;
            BenchSetup s;
            make_setup(o, counts[c], 0, &s);
            BenchRun r;
            Err e = {""};
            if (bench_run_init(&r, w, &s, pool, &e) == 0 && bench_run_all(&r, &e) == 0) {
                BenchStats st;
                bench_run_stats(&r, &st);
                rows[n++] = (SweepRow){counts[c],    t,         w->map.w,     st.steps,
                                       st.median_ms, st.p95_ms, st.fish_per_s};
                bench_run_deinit(&r);
            } else {
                fprintf(stderr, "shoal-bench: %s\n", e.msg);
                rc = 1;
            }
            jobs_deinit(pool);
        }
        if (!o->map) bench_world_free(&generated);
    }
    if (o->map) bench_world_free(&loaded);
    if (!rc) {
        if (o->json)
            bench_sweep_json(stdout, rows, n);
        else
            bench_sweep_print(stdout, rows, n);
        Err e = {""};
        if (o->csv && bench_sweep_csv(o->csv, rows, n, &e) != 0) rc = 1;
        if (!rc && o->svg && bench_sweep_svg(o->svg, rows, n, &e) != 0) rc = 1;
        if (rc) fprintf(stderr, "shoal-bench: %s\n", e.msg);
    }
    free(rows);
    return rc;
}

/* Step two seas in turn, so that whatever else the machine does lands on
 * both alike, and report each one's times and the ratio b/a. */
/* The two sides of --compare once stepped: what the report prints. */
typedef struct Compared {
    const char *what; /* brute, threads or scale */
    const BenchRun *run[2];
    BenchStats st[2];
    uint64_t hash[2];
    int threads[2];
    char label[2][64];
    const char *ratio_name;
    double ratio;
} Compared;

/* Labels and the ratio, in the words of each kind of comparison. */
static void compare_name(Compared *c)
{
    const int *t = c->threads;
    if (!strcmp(c->what, "brute")) {
        snprintf(c->label[0], sizeof c->label[0], "grid");
        snprintf(c->label[1], sizeof c->label[1], "brute");
        c->ratio_name = "brute/grid";
    } else if (!strcmp(c->what, "threads")) {
        snprintf(c->label[0], sizeof c->label[0], "1 thread");
        snprintf(c->label[1], sizeof c->label[1], "%d threads", t[1]);
        c->ratio_name = "speed-up (1 thread / N threads)";
    } else {
        snprintf(c->label[0], sizeof c->label[0], "%d fish", c->run[0]->setup.fish);
        snprintf(c->label[1], sizeof c->label[1], "%d fish", c->run[1]->setup.fish);
        c->ratio_name = "10x fish / 1x fish";
    }
    /* Always slower over faster, so the ratio reads as a gain above 1. */
    c->ratio = !strcmp(c->what, "threads") ? c->st[0].median_ms / c->st[1].median_ms
                                           : c->st[1].median_ms / c->st[0].median_ms;
}

static void compare_print_json(const Compared *c)
{
    printf("{\"mode\":\"compare\"");
    bench_json_str(stdout, "compare", c->what);
    bench_json_str(stdout, "ratio_name", c->ratio_name);
    bench_json_num(stdout, "ratio", c->ratio);
    printf(",\"same_state\":%s", c->hash[0] == c->hash[1] ? "true" : "false");
    for (int i = 0; i < 2; i++) {
        const BenchRun *r = c->run[i];
        printf(",\"%s\":{", i ? "b" : "a");
        printf("\"label\":\"%s\",\"fish\":%d,\"threads\":%d,\"brute\":%s,\"steps\":%d,"
               "\"warmup\":%d",
               c->label[i], r->setup.fish, c->threads[i], r->setup.brute ? "true" : "false",
               c->st[i].steps, r->setup.warmup);
        bench_json_str(stdout, "map", r->world->desc);
        bench_json_num(stdout, "median_ms", c->st[i].median_ms);
        bench_json_num(stdout, "p95_ms", c->st[i].p95_ms);
        bench_json_num(stdout, "fish_per_s", c->st[i].fish_per_s);
        printf(",\"state_hash\":\"%016" PRIx64 "\"}", c->hash[i]);
    }
    printf("}\n");
}

static void compare_print_text(const Compared *c)
{
    printf("compare %s: %d steps each after %d warmup, stepped in turn\n", c->what, c->st[0].steps,
           c->run[0]->setup.warmup);
    for (int i = 0; i < 2; i++) {
        const BenchRun *r = c->run[i];
        printf("  %-10s %8d fish, %2d thread%s on %s: median %9.3f ms, p95 %9.3f ms, "
               "%.3g fish/s\n",
               c->label[i], r->setup.fish, c->threads[i], c->threads[i] == 1 ? " " : "s",
               r->world->desc, c->st[i].median_ms, c->st[i].p95_ms, c->st[i].fish_per_s);
    }
    printf("  %s = %.2f\n", c->ratio_name, c->ratio);
    if (c->run[0]->setup.fish == c->run[1]->setup.fish)
        printf("  final states %s\n", c->hash[0] == c->hash[1] ? "identical" : "differ");
}

/* Step a and b in turn, warm-up included, and gather their figures. */
static int compare_step(Compared *c, BenchRun *ra, BenchRun *rb, Err *e)
{
    for (int k = 0; k < ra->setup.warmup + ra->setup.steps; k++)
        if (bench_run_step(ra, e) != 0 || bench_run_step(rb, e) != 0) return 1;
    c->run[0] = ra;
    c->run[1] = rb;
    bench_run_stats(ra, &c->st[0]);
    bench_run_stats(rb, &c->st[1]);
    c->hash[0] = sea_hash(ra->sea);
    c->hash[1] = sea_hash(rb->sea);
    return 0;
}

static int run_compare(const Opts *o)
{
    Compared c = {.what = o->compare};
    int is_threads = !strcmp(c.what, "threads");
    int fish_b = !strcmp(c.what, "scale") ? o->fish * 10 : o->fish;
    c.threads[1] = o->threads_set ? o->threads : is_threads ? 2 : jobs_pick_threads(0);
    c.threads[0] = is_threads ? 1 : c.threads[1];
    BenchWorld wa, wb;
    int rc = world_for(o, o->fish, &wa);
    if (rc) return rc;
    int own_b = !o->map && fish_b != o->fish;
    if (own_b && (rc = world_for(o, fish_b, &wb)) != 0) {
        bench_world_free(&wa);
        return rc;
    }
    JobPool *pa = NULL, *pb = NULL;
    BenchRun ra, rb;
    int inited = 0;
    Err e = {""};
    if ((rc = start_pool(c.threads[0], &pa)) != 0) goto out;
    if ((rc = start_pool(c.threads[1], &pb)) != 0) goto out;
    BenchSetup sa, sb;
    make_setup(o, o->fish, 0, &sa);
    make_setup(o, fish_b, 0, &sb);
    /* a and b take the same number of steps, so that both see the same
     * stretch of the school's life */
    sb.steps = sa.steps;
    sb.warmup = sa.warmup;
    sb.brute = !strcmp(c.what, "brute");
    rc = 1;
    if (bench_run_init(&ra, &wa, &sa, pa, &e) != 0) goto out;
    inited = 1;
    if (bench_run_init(&rb, own_b ? &wb : &wa, &sb, pb, &e) != 0) goto out;
    inited = 2;
    if (compare_step(&c, &ra, &rb, &e) != 0) goto out;
    compare_name(&c);
    if (o->json)
        compare_print_json(&c);
    else
        compare_print_text(&c);
    rc = 0;
out:
    if (rc) fprintf(stderr, "shoal-bench: %s\n", e.msg);
    if (inited >= 2) bench_run_deinit(&rb);
    if (inited >= 1) bench_run_deinit(&ra);
    if (pb) jobs_deinit(pb);
    if (pa) jobs_deinit(pa);
    if (own_b) bench_world_free(&wb);
    bench_world_free(&wa);
    return rc;
}

/* A long run checked every BENCH_SOAK_EVERY steps and at the end; stops
 * at the first failed check. Progress goes to stdout, or to stderr under
 * --json so that stdout stays one JSON object. */
/* What a soak found: its checks, and the line naming the first failure. */
typedef struct SoakTally {
    int checks, failures;
    double elapsed; /* s */
    char line[200]; /* "" while every check passed */
} SoakTally;

/* Step r to o->steps, checking the school every BENCH_SOAK_EVERY steps
 * and after the last; progress goes to prog. Stops at the first failure.
 * Returns 0, or 1 with t->line set. */
static int soak_loop(const Opts *o, const BenchWorld *w, BenchRun *r, FILE *prog, SoakTally *t)
{
    double t0 = (clock_now_ms() / 1e3);
    char msg[160] = "";
    Err e = {""};
    int rc = 0;
    while (r->stepped < o->steps) {
        if (bench_run_step(r, &e) != 0) {
            snprintf(t->line, sizeof t->line, "soak: step %d: %.150s", r->stepped, e.msg);
            rc = 1;
            break;
        }
        if (r->stepped % BENCH_SOAK_EVERY != 0 && r->stepped != o->steps) continue;
        SeaView v;
        sea_view(r->sea, &v);
        SoakCheck c;
        bench_soak_check(w, &v, o->fish, o->sharks, &c, msg, sizeof msg);
        t->checks++;
        fprintf(prog,
                "soak: step %d, %.1f s: fish on land %d, off map %d, non-finite %d, count %s\n",
                r->stepped, (clock_now_ms() / 1e3) - t0, c.on_land, c.off_map, c.non_finite,
                c.count_ok ? "ok" : "WRONG");
        fflush(prog);
        if (c.failed) {
            t->failures++;
            snprintf(t->line, sizeof t->line, "soak: step %d: %s", r->stepped, msg);
            rc = 1;
            break;
        }
    }
    t->elapsed = (clock_now_ms() / 1e3) - t0;
    return rc;
}

/* The verdict: one JSON object, or the "passed" line (a failure's line
 * goes to stderr, from run_soak). */
static void soak_report(const Opts *o, const BenchRun *r, int threads, const SoakTally *t, int rc)
{
    uint64_t hash = sea_hash(r->sea);
    if (o->json) {
        printf("{\"mode\":\"soak\"");
        bench_json_str(stdout, "map", r->world->desc);
        printf(",\"seed\":%u,\"fish\":%d,\"sharks\":%d,\"ships\":%d,\"threads\":%d,"
               "\"steps\":%d,\"stepped\":%d,\"checks\":%d,\"failures\":%d",
               (unsigned)r->setup.seed, o->fish, o->sharks, o->ships, threads, o->steps, r->stepped,
               t->checks, t->failures);
        bench_json_num(stdout, "elapsed", t->elapsed);
        bench_json_str(stdout, "failure", t->line);
        printf(",\"eaten\":%" PRIu64 ",\"state_hash\":\"%016" PRIx64 "\"}\n", sea_eaten(r->sea),
               hash);
    } else if (!rc) {
        printf("soak: passed: %d checks over %d steps in %.1f s (%.3f ms/step), %" PRIu64
               " fish eaten, state hash %016" PRIx64 "\n",
               t->checks, r->stepped, t->elapsed, 1e3 * t->elapsed / (r->stepped ? r->stepped : 1),
               sea_eaten(r->sea), hash);
    }
}

static int run_soak(const Opts *o)
{
    BenchWorld w;
    int threads;
    JobPool *pool;
    int rc = open_world(o, &w, &threads, &pool);
    if (rc) return rc;
    BenchSetup s;
    make_setup(o, o->fish, 0, &s);
    /* bench_run_step keeps the times of the first `steps` steps only:
     * one is enough, so a soak of any length holds one double */
    s.steps = 1;
    s.warmup = 0;
    BenchRun r;
    Err e = {""};
    if (bench_run_init(&r, &w, &s, pool, &e) != 0) {
        fprintf(stderr, "shoal-bench: %s\n", e.msg);
        jobs_deinit(pool);
        bench_world_free(&w);
        return 1;
    }
    FILE *prog = o->json ? stderr : stdout;
    if (!o->json)
        printf("soak: %d fish, %d sharks, %d ships on %s; %d thread%s, %d steps, checked every "
               "%d\n",
               o->fish, o->sharks, o->ships, w.desc, threads, threads == 1 ? "" : "s", o->steps,
               BENCH_SOAK_EVERY);
    fflush(prog);
    SoakTally t = {0};
    rc = soak_loop(o, &w, &r, prog, &t);
    soak_report(o, &r, threads, &t, rc);
    if (rc) fprintf(stderr, "%s\n", t.line);
    bench_run_deinit(&r);
    jobs_deinit(pool);
    bench_world_free(&w);
    return rc;
}

static int run_probe(const Opts *o)
{
    BenchWorld w;
    int threads;
    JobPool *pool;
    int rc = open_world(o, &w, &threads, &pool);
    if (rc) return rc;
    BenchProbeSetup s = {.kind = (BenchProbeKind)o->probe,
                         .seed = o->seed,
                         .fish = o->fish,
                         .speed = (float)o->speed,
                         .warmup = o->warmup_set ? o->warmup : BENCH_PROBE_WARMUP,
                         .passes = BENCH_PROBE_PASSES,
                         .stimulus = true};
    BenchProbeResult pr;
    Err e = {""};
    rc = bench_probe_run(&w, &s, pool, &pr, &e);
    if (rc == 0)
        bench_probe_print(o->json, &w, &s, threads, &pr);
    else
        fprintf(stderr, "shoal-bench: %s\n", e.msg);
    jobs_deinit(pool);
    bench_world_free(&w);
    return rc ? 1 : 0;
}

int main(int argc, char **argv)
{
    /* SIGINT/SIGTERM end a run at once: a bench keeps nothing that a
     * stop could lose, and a CSV being written goes with its temp file. */
    stop_catch(false);
    Opts o;
    Err e = {""};
    int p = parse(argc, argv, &o, &e);
    if (p == 1) {
        CliFlag flags[BENCH_FLAG_COUNT];
        CliSpec spec = bench_spec(&o, flags);
        cli_help(stdout, &spec);
        return 0;
    }
    if (p < 0) {
        fprintf(stderr, "shoal-bench: %s\n", e.msg);
        return 2;
    }
    if (o.sweep) return run_sweep(&o);
    if (o.compare) return run_compare(&o);
    if (o.soak) return run_soak(&o);
    if (o.probe_set) return run_probe(&o);
    return run_single(&o);
}
