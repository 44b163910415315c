/* perf: what a frame cost — measured once, shown by the HUD and tabled by
 * --compare-sea-life, so both always report the same figures. */
#ifndef SHOAL_PERF_H
#define SHOAL_PERF_H

#include "core/err.h"
#include "ui/graph.h"

/* One frame's figures. */
typedef struct PerfSample {
    float frame_ms;    /* the frame's work, from its first event to before presenting */
    float sea_main_ms; /* sea time on the main thread: steps caught up, schedule,
                          upload (re-map + the school's draw calls), complete wait */
    float upload_ms;   /* the upload part of sea_main_ms */
    float sea_work_ms; /* the step chain's span on the workers */
    float bake_ms;     /* the vertex-bake stage's span (part of sea_work_ms) */
    int draw_calls;    /* every counted draw call of the frame */
    int fish_calls;    /* SDL_RenderGeometry calls for the fish */
    int shark_calls;   /* ... and for the sharks */
    int fish;          /* fish alive (0 with sea life off) */
    int steps;         /* sea steps run this frame */
    float sound_ms;    /* the sound on the main thread: cues, queue, levels (game_sound_frame) */
    int voices;        /* effect voices sounding */
} PerfSample;

/* Which figure of a sample (for medians). */
typedef enum PerfField {
    PERF_FRAME_MS,
    PERF_SEA_MAIN_MS,
    PERF_UPLOAD_MS,
    PERF_SEA_WORK_MS,
    PERF_BAKE_MS,
    PERF_DRAW_CALLS,
    PERF_FISH_CALLS,
    PERF_SHARK_CALLS,
    PERF_FIELDS
} PerfField;

typedef struct Perf {
    Graph frame_graph; /* frame_ms of the last few seconds */
    PerfSample last;
    /* Means over about half a second, so HUD text stays readable. */
    PerfSample shown;
    double fps; /* < 0 until first measured */
    PerfSample sum;
    int sum_n;
    double sum_wall;
    /* Optional log of every sample (perf_log_begin). */
    PerfSample *log;
    double *scratch; /* log_cap values, for sorting out a median */
    int log_n, log_cap;
} Perf;

/* Empty figures (FPS not yet measured), a graph of ~5 s, no log. */
void perf_init(Perf *p);
/* Drops the log (the figures stay). */
void perf_free(Perf *p);

/* Record a frame; wall_s is the wall time since the previous frame (FPS). */
void perf_record(Perf *p, const PerfSample *s, double wall_s);

/* Keep the next `cap` samples as well (replacing any earlier log). */
int perf_log_begin(Perf *p, int cap, Err *e);
/* Median of one figure over the logged samples (0 when none). */
double perf_log_median(const Perf *p, PerfField f);

/* The value of figure f in s. */
double perf_value(const PerfSample *s, PerfField f);

#endif
