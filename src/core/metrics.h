/* metrics: quality measures of a sea state (schools, spacing, fish on land,
 * shore jitter, shark reach), computed through a spatial grid. */
#ifndef SHOAL_METRICS_H
#define SHOAL_METRICS_H

#include <stdint.h>

#include "err.h"
#include "grid.h"
#include "jobs.h"
#include "sea.h"
#include "shore.h"

/* A fish "jitters" when it makes this many reversals inside the shore
 * margin within jitter_window seconds ("more than twice within 1 s"). */
#define METRICS_JITTER_REVERSALS 3
/* Aligned schools link two fish of one kind within link_radius only when their headings
 * are within 60 degrees (cosine above this), so that a carpet of schools
 * swimming different ways that touch is several schools, not one. */
#define METRICS_ALIGN_COS 0.5f
/* Aligned schools of at least this many fish count as schools for the
 * collective states and the "schools of >= 20" count. */
#define METRICS_BIG_SCHOOL 20
/* Tunstrom et al. 2013: a school is polarized when O_p > 0.65 and
 * O_r < 0.35, milling when O_r > 0.65 and O_p < 0.35, a swarm when both
 * are below 0.35, else transitional. */
#define METRICS_STATE_HIGH 0.65
#define METRICS_STATE_LOW  0.35

/* What the metrics need to know about the sea they measure. */
typedef struct MetricsConfig {
    float link_radius;   /* px: fish at most this far apart are in one school */
    float shore_margin;  /* px: reversals count only closer than this to shore */
    float dt;            /* s per sea step: step numbers become time */
    float jitter_window; /* s: METRICS_JITTER_REVERSALS within it = jitter */
    float max_speed;     /* px/s: a longer jump between observations is a respawn */
    int kinds;           /* fish kinds (SeaParams.kinds): a school is of one kind */
} MetricsConfig;

/* One measurement. Distances in px; NAN where undefined (see each field). */
typedef struct Metrics {
    int fish, sharks;
    int fish_on_land;            /* fish whose pixel is land (shore distance 0) */
    int fish_off_map;            /* fish outside [0,w)x[0,h) or with a NaN/inf position */
    int schools;                 /* link components of >= 2 fish (of in-map fish) */
    int loners;                  /* in-map fish with no other fish within link_radius */
    int largest_school;          /* fish in the largest school, 0 if there is none */
    double largest_polarization; /* |mean unit velocity| of it, NAN if none */
    double mean_polarization;    /* fish-weighted mean over schools, NAN if none */
    /* Aligned schools (METRICS_ALIGN_COS): components of the graph of fish
     * within link_radius whose headings also agree. O_p of a school is
     * |mean unit heading|, O_r (milling) |mean of r_i x u_i / |r_i||, with
     * r_i the fish's offset from the school's centre and u_i its heading. */
    int aligned_schools;          /* aligned components of >= 2 fish */
    int aligned_big;              /* of them, those of >= METRICS_BIG_SCHOOL */
    int aligned_largest;          /* fish in the largest, 0 if none */
    double aligned_largest_share; /* aligned_largest / in-map fish, NAN if none */
    double aligned_largest_op;    /* O_p of the largest, NAN if none */
    double aligned_largest_or;    /* O_r of the largest, NAN if none */
    double order_p, order_r;      /* fish-weighted mean O_p, O_r over the big
                                   * aligned schools; NAN if there is none */
    /* Shares of the in-map fish (NAN if none) in big aligned schools that are
     * polarized, milling, a swarm, or transitional (Tunstrom's states); the
     * rest swim in smaller groups or alone (share_small). */
    double share_polarized, share_milling, share_swarm, share_transitional, share_small;
    double mean_neighbors;     /* other fish within link_radius, per in-map fish */
    double mean_nn_dist;       /* nearest other fish, mean over in-map fish; NAN if < 2 */
    double shark_nearest_mean; /* shark to nearest in-map fish, mean; NAN if none */
    int shore_jitter;          /* fish that jittered since init / reset */
    uint64_t shore_reversals;  /* reversals seen inside the margin since then */
    uint64_t observed_steps;   /* distinct steps metrics_observe has seen */
} Metrics;

/* Scratch and per-fish history; fields are internal. */
typedef struct MetricsCtx {
    MetricsConfig cfg;
    const ShoreField *shore;
    JobPool *pool;
    int cap;
    Grid grid;
    /* metrics_compute scratch: in-map fish compacted in id order */
    float *px, *py;
    int *id;     /* compact index -> fish id */
    int *parent; /* union-find over compact indices */
    int *comp_n; /* fish per component (by root) */
    int *roots;  /* component roots in order of their lowest fish id */
    float *nn;   /* nearest-neighbour distance per compact index */
    int *nbr;    /* neighbours within link_radius per compact index */
    double *comp_ux, *comp_uy;
    float *ux, *uy;            /* unit heading per compact index (0 if still) */
    int *kind;                 /* the fish's kind (sea_kind) per compact index */
    double *comp_cx, *comp_cy; /* aligned schools: position sums, then centre */
    double *comp_rx;           /* aligned schools: sum of r x u / |r| */
    /* metrics_observe history (metrics_observe.c), by fish id */
    float *ref_vx, *ref_vy; /* heading at the last reversal (or first seen);
                               cap + 1 entries, the last a spare for gathers */
    uint32_t *rev;          /* steps of the last two reversals in the margin */
    uint8_t *state;         /* reversals held in rev (0..2) | JITTERED flag */
    /* and each fish's last position, kept in view order so that observing
     * streams it: the positions of the last observed view by slot, and
     * each id's slot in it (cap + 1 entries: the last takes ids out of
     * range). Two of each: [last_view] was written by the last observe. */
    float *last_x[2], *last_y[2];
    int *slot[2];
    int last_view;
    int avx2;     /* 1: eight fish at a time with AVX2 (0 forces the scalar loop) */
    int obs_fish; /* fish with a history (ids below this) */
    uint64_t last_step;
    int observed_any;
    uint32_t window_steps;
    int jittered;
    uint64_t reversals, observed_steps;
    size_t bytes; /* allocated here, besides the grid */
} MetricsCtx;

/* Config for a sea running with params p (link = neighbor_radius). */
void metrics_config_from_params(MetricsConfig *c, const SeaParams *p);
/* e names the bad field and its range. */
int metrics_config_validate(const MetricsConfig *c, Err *e);

/* Allocate everything for up to `cap` fish over `shore` (kept by pointer,
 * must outlive m); pool may be NULL (single-threaded) and is kept too.
 * Nothing allocates after this. */
int metrics_init(MetricsCtx *m, const MetricsConfig *c, const ShoreField *shore, int cap,
                 JobPool *pool, Err *e);
void metrics_deinit(MetricsCtx *m);
/* Bytes allocated by m (for memory reports). */
size_t metrics_bytes(const MetricsCtx *m);

/* Feed the state after a step (call after every step for exact jitter).
 * A reversal is a heading more than 90 degrees away from the fish's heading
 * at its previous reversal; it counts when the fish is inside the shore
 * margin. Observing the same step twice is a no-op. Refuses more fish
 * than cap. */
int metrics_observe(MetricsCtx *m, const SeaView *v, Err *e);
/* Forget all jitter history (counts restart from zero). */
void metrics_reset_jitter(MetricsCtx *m);

/* Measure v (plus the jitter seen so far) into out. Refuses more fish than
 * cap. Same result for any pool size. */
int metrics_compute(MetricsCtx *m, const SeaView *v, Metrics *out, Err *e);

/* ---------------------------------------------------------------- probes */

/* A disk is "in a school" of the control sea when it holds at least this
 * many fish per neighbour circle (pi neighbor_radius^2): half the density
 * the bench's maps are sized for (BENCH_NEIGHBOURS = 10). */
#define METRICS_PROBE_SCHOOL 5.0

/* Fish counted in one disk of a stimulus sea and of its control sea (same
 * seed, map and fish, no stimulus), over the steps the control disk was in
 * a school. */
typedef struct MetricsProbe {
    double stim, ctrl; /* fish summed over the sampled steps */
    long samples;      /* steps sampled */
} MetricsProbe;

/* Fewest control fish a disk of radius r holds when it is in a school
 * (METRICS_PROBE_SCHOOL per neighbour circle of radius neighbor_radius). */
double metrics_probe_min(float r, float neighbor_radius);
/* Count the fish within r of (x, y) in stim and in ctrl (sea_count_within);
 * when ctrl has at least min_ctrl of them, add both counts to p. Returns 1
 * when the step was sampled. The seas are only read. */
int metrics_probe_add(MetricsProbe *p, const Sea *stim, const Sea *ctrl, float x, float y, float r,
                      double min_ctrl);
/* Density ratio stimulus / control over the sampled steps (sum over sum),
 * NAN when nothing was sampled. Exactly 1 when both seas are the same. */
double metrics_probe_ratio(const MetricsProbe *p);

#endif
