/* bench: shared pieces of shoal-bench (worlds, ships, timed runs, sweep
 * output); internal to tools/bench. */
#ifndef SHOAL_BENCH_H
#define SHOAL_BENCH_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "core/err.h"
#include "core/jobs.h"
#include "core/map.h"
#include "core/metrics.h"
#include "core/sea.h"
#include "core/shore.h"

/* Generated maps are sized so that the mean density over water gives
 * this many fish within the default neighbour radius. */
#define BENCH_NEIGHBOURS 10.0
/* Schools bunch: at an even density of BENCH_NEIGHBOURS the settled
 * school measures about this many times as many, so the water is made this
 * much larger to measure ~10 (10k fish on seed 1: a 1664 px map, 9.7
 * neighbours after the default 330 steps). */
#define BENCH_CLUMPING    1.7
#define BENCH_LAND        0.2f
#define BENCH_MIN_SIDE    512
#define BENCH_SHIP_RADIUS 20.0f
#define BENCH_SHIP_SPEED  40.0f

/* The map a run swims in, with its shore field. */
typedef struct BenchWorld {
    Map map; /* its land mask is freed once baked: the shore field's zeros
                are the same pixels, and at 16384^2 the mask is 256 MiB */
    ShoreField shore;
    double land_fraction;
    double mb;      /* the shore field */
    char desc[160]; /* "seed 1 (2048x2048)" or the file name */
} BenchWorld;

/* Side in px of the square generated map for `fish` fish (see
 * BENCH_NEIGHBOURS), a multiple of 64 within BENCH_MIN_SIDE..MAP_MAX_SIDE. */
int bench_map_side(int fish, float neighbor_radius);
/* Generate the default world for `fish` fish from seed, or load path. */
int bench_world_generate(BenchWorld *w, uint32_t seed, int fish, float neighbor_radius, Err *e);
int bench_world_load(BenchWorld *w, const char *path, Err *e);
void bench_world_free(BenchWorld *w);

/* Ships: circles sailing straight across water, bouncing off land and
 * the map's edges. */
typedef struct BenchShips {
    int n;
    SeaCircle c[SEA_MAX_HULLS];
} BenchShips;

/* Place n ships on open water of w from seed (same seed, same places).
 * A map with too little open sea for n fails naming the map, the ship
 * and how many did fit (so --ships can say fewer). */
int bench_ships_init(BenchShips *s, const BenchWorld *w, int n, uint32_t seed, Err *e);
void bench_ships_step(BenchShips *s, const ShoreField *f, float dt);

/* What one run does. */
typedef struct BenchSetup {
    uint32_t seed;
    int fish, sharks, ships;
    int steps, warmup;
    int brute;
    int metrics; /* 1: observe every step and measure at the end */
} BenchSetup;

/* One sea being stepped and timed. */
typedef struct BenchRun {
    const BenchWorld *world;
    BenchSetup setup;
    Sea *sea;
    JobPool *pool; /* not owned */
    BenchShips ships;
    MetricsCtx metrics;
    int has_metrics;
    double *ms;  /* per measured step */
    int stepped; /* steps taken, warmup included */
} BenchRun;

typedef struct BenchStats {
    int steps;
    double median_ms, p95_ms, mean_ms;
    double fish_per_s; /* fish x measured steps / measured time */
} BenchStats;

int bench_run_init(BenchRun *r, const BenchWorld *w, const BenchSetup *s, JobPool *pool, Err *e);
void bench_run_deinit(BenchRun *r);
/* Move the ships, then one timed sea step, then (untimed) the jitter
 * observation. Returns -1 only when the metrics refuse the state. */
int bench_run_step(BenchRun *r, Err *e);
/* Warmup plus measured steps in one go. */
int bench_run_all(BenchRun *r, Err *e);
void bench_run_stats(const BenchRun *r, BenchStats *st);
/* Median and nearest-rank p95 of ms[0..n) (sorted in place). */
void bench_percentiles(double *ms, int n, double *median, double *p95);

/* Peak resident set of this process so far, in MB (getrusage). */
double bench_peak_rss_mb(void);
/* Restart the peak from the current resident size, so that the peak of a
 * run leaves out the map generator's temporary buffers. Returns 1 when
 * the system allowed it (Linux /proc/self/clear_refs), else 0. */
int bench_reset_peak_rss(void);

/* A row of the --sweep table. */
typedef struct SweepRow {
    int fish, threads, map_side, steps;
    double median_ms, p95_ms, fish_per_s;
} SweepRow;

void bench_sweep_print(FILE *f, const SweepRow *rows, int n);
void bench_sweep_json(FILE *f, const SweepRow *rows, int n);
int bench_sweep_csv(const char *path, const SweepRow *rows, int n, Err *e);
int bench_sweep_svg(const char *path, const SweepRow *rows, int n, Err *e);

/* ----------------------------------------------------------------- soak */

/* A soak checks the sea this often (steps), and at the end. */
#define BENCH_SOAK_EVERY 10000

/* What one soak check found. */
typedef struct SoakCheck {
    int on_land;    /* fish on a land pixel of the mask */
    int off_map;    /* fish outside 0..w x 0..h */
    int non_finite; /* fish and sharks with a NaN or infinite x, y, vx or vy */
    int count_ok;   /* fish and shark counts as at the start */
    int failed;     /* any of the above */
} SoakCheck;

/* Check the view v of a sea on w that started with `fish` fish and
 * `sharks` sharks; on a failure msg gets one line naming the first fish
 * or shark at fault ("fish 1234 has a NaN velocity"). Allocates nothing. */
void bench_soak_check(const BenchWorld *w, const SeaView *v, int fish, int sharks, SoakCheck *c,
                      char *msg, size_t cap);

/* Resident set of this process now, in bytes (/proc/self/statm), or NaN
 * where the system does not tell. */
double bench_rss_bytes(void);
/* Fish added to measure the bytes per fish are at least this many. */
#define BENCH_BPF_MIN_GROWTH 65536
/* The count bench_bytes_per_fish grows a sea of `fish` to: twice as many,
 * at least BENCH_BPF_MIN_GROWTH more, at most SEA_MAX_FISH. */
int bench_bpf_target(int fish);
/* The sea's memory per fish: step `steps` times, grow the sea to
 * bench_bpf_target fish, step again, and divide the growth of the resident
 * set by the fish added. Changes the sea (call it last); *out is NaN when
 * the system does not tell or the sea cannot grow. */
int bench_bytes_per_fish(Sea *sea, int steps, double *out, Err *e);

/* ---------------------------------------------------------------- probe */

/* The game's cursor scares fish within 40 pt of it; at the battle's zoom
 * (36 pt a hex) on a map of 24 px hexes that is 40 * 24 / 36 map px. */
#define BENCH_CURSOR_RADIUS 26.7f
#define BENCH_PROBE_SLOTS   6
/* A probe is BENCH_PROBE_PASSES passes, each in a fresh pair of seas
 * (both from one seed, a new seed a pass): the pair settles for the
 * warmup (default 10 s), then the stimulus appears BENCH_PROBE_START px
 * from the densest school, or BENCH_PROBE_LEAD s away if that is further,
 * and sails on for BENCH_PROBE_CROSS s after meeting it. Short passes in
 * fresh seas, because two seas that differ by one fish's move drift apart
 * everywhere within seconds (boids are chaotic): over a long run the
 * control disk no longer holds the same school (one 60 s run put the
 * cursor's track 2 s behind it at 0.64 of the control at 30 px/s, emptier
 * than the cursor's own disk). */
#define BENCH_PROBE_PASSES 24
#define BENCH_PROBE_WARMUP 600
#define BENCH_PROBE_START  160.0f /* px: beyond a school's edge and the flee reach */
#define BENCH_PROBE_LEAD   1.5f   /* s */
#define BENCH_PROBE_CROSS  4.0f   /* s */
/* px: the school a pass aims at is the fish with most others this close */
#define BENCH_PROBE_AIM_R 40.0f

typedef enum BenchProbeKind {
    BENCH_PROBE_CURSOR,
    BENCH_PROBE_SHARK,
    BENCH_PROBE_HULL
} BenchProbeKind;

/* What a probe runs: a stimulus sea beside its control sea. */
typedef struct BenchProbeSetup {
    BenchProbeKind kind;
    uint32_t seed;
    int fish;
    float speed; /* px/s of the cursor or hull (a shark swims its own) */
    int warmup;  /* steps each pair of seas settles before a pass */
    int passes;
    bool stimulus; /* false: the stimulus sea gets none (ratios are 1) */
} BenchProbeSetup;

/* One disk measured along the stimulus's path. */
typedef struct BenchProbeSlot {
    const char *name; /* "inside", "track_1s", "r20", "along", "wake_2s" */
    float radius;     /* px */
    float behind;     /* s: the disk sits where the stimulus was this long ago */
    MetricsProbe m;
    double ratio; /* stimulus / control density, NAN when never in a school */
} BenchProbeSlot;

typedef struct BenchProbeResult {
    int nslots;
    BenchProbeSlot slot[BENCH_PROBE_SLOTS];
    int passes;   /* run (a pass with no start in water is left out) */
    int steps;    /* with the stimulus, over all passes */
    float radius; /* of the stimulus (cursor, hull; 0: shark) */
    int map_w, map_h;
    uint64_t hash_stim, hash_ctrl; /* sea_hash of the seas after each pass, folded */
    uint64_t eaten;                /* by the shark (stimulus sea) */
} BenchProbeResult;

/* "cursor", "shark", "hull" by BenchProbeKind, then NULL. */
extern const char *const BENCH_PROBE_NAMES[];

/* Run s->passes passes of the probe on w (see BENCH_PROBE_PASSES): in each,
 * two seas of s->fish fish from one seed (s->seed for the first pass),
 * stepped alike on pool (NULL: single-threaded), the stimulus in one of
 * them: a cursor (BENCH_CURSOR_RADIUS) or a hull (BENCH_SHIP_RADIUS)
 * sailing straight through the aimed school at s->speed, bouncing off
 * coasts like the bench's ships, or one shark set on that line at full
 * speed that then hunts on its own. Each step, each slot's disk is counted
 * in both seas when the control disk is in a school (metrics_probe_add).
 * The same numbers for any thread count. */
int bench_probe_run(const BenchWorld *w, const BenchProbeSetup *s, JobPool *pool,
                    BenchProbeResult *out, Err *e);

/* --------------------------------------------------------------- report */

/* ,"key":v (null when not finite) and ,"key":"s" (escaped) onto f. */
void bench_json_num(FILE *f, const char *key, double v);
void bench_json_str(FILE *f, const char *key, const char *s);
/* v with `decimals` decimals in buf, or "n/a" when not finite. */
const char *bench_nan_text(double v, char *buf, size_t cap, int decimals);
/* The single run's report to stdout: one JSON object, or text. */
void bench_print_single(bool json, const BenchRun *r, const BenchStats *st, int threads,
                        const Metrics *m, double rss, int rss_reset, double bpf, uint64_t hash);
/* One --every line to stdout (flushed): the school at v's step. */
void bench_print_every(bool json, const SeaView *v, const Metrics *m);
/* A probe's figures to stdout: one JSON object, or a line per slot. */
void bench_probe_print(bool json, const BenchWorld *w, const BenchProbeSetup *s, int threads,
                       const BenchProbeResult *pr);

#endif
