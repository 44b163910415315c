/* perf: frame figures, their half-second means and logged medians. */
#include "perf.h"

#include <stdlib.h>
#include <string.h>

/* How often the HUD's figures change (s): fast enough to follow, slow
 * enough to read. */
#define SHOWN_PERIOD 0.5
/* Frame-time graph length in frames (~5 s at 60 fps). */
#define GRAPH_FRAMES 300

void perf_init(Perf *p)
{
    memset(p, 0, sizeof *p);
    graph_init(&p->frame_graph, GRAPH_FRAMES);
    p->fps = -1.0;
}

void perf_free(Perf *p)
{
    free(p->log);
    free(p->scratch);
    p->log = NULL;
    p->scratch = NULL;
    p->log_n = p->log_cap = 0;
}

double perf_value(const PerfSample *s, PerfField f)
{
    switch (f) {
    case PERF_FRAME_MS:
        return s->frame_ms;
    case PERF_SEA_MAIN_MS:
        return s->sea_main_ms;
    case PERF_UPLOAD_MS:
        return s->upload_ms;
    case PERF_SEA_WORK_MS:
        return s->sea_work_ms;
    case PERF_BAKE_MS:
        return s->bake_ms;
    case PERF_DRAW_CALLS:
        return s->draw_calls;
    case PERF_FISH_CALLS:
        return s->fish_calls;
    case PERF_SHARK_CALLS:
        return s->shark_calls;
    default:
        return 0.0;
    }
}

static void add(PerfSample *a, const PerfSample *s)
{
    a->frame_ms += s->frame_ms;
    a->sea_main_ms += s->sea_main_ms;
    a->upload_ms += s->upload_ms;
    a->sea_work_ms += s->sea_work_ms;
    a->bake_ms += s->bake_ms;
    a->draw_calls += s->draw_calls;
    a->fish_calls += s->fish_calls;
    a->shark_calls += s->shark_calls;
    a->steps += s->steps;
    a->sound_ms += s->sound_ms;
}

void perf_record(Perf *p, const PerfSample *s, double wall_s)
{
    p->last = *s;
    graph_push(&p->frame_graph, s->frame_ms);
    if (p->log && p->log_n < p->log_cap) p->log[p->log_n++] = *s;
    add(&p->sum, s);
    p->sum_n++;
    p->sum_wall += wall_s;
    /* A first figure at once, then a steadier one twice a second. */
    if (p->sum_wall >= SHOWN_PERIOD || (p->fps < 0 && p->sum_wall > 0)) {
        float k = 1.0f / (float)p->sum_n;
        PerfSample m = p->sum;
        m.frame_ms *= k;
        m.sea_main_ms *= k;
        m.upload_ms *= k;
        m.sea_work_ms *= k;
        m.bake_ms *= k;
        m.sound_ms *= k;
        /* Counts are shown as they were in the last frame. */
        m.draw_calls = s->draw_calls;
        m.fish_calls = s->fish_calls;
        m.shark_calls = s->shark_calls;
        m.fish = s->fish;
        m.voices = s->voices;
        p->shown = m;
        p->fps = p->sum_n / p->sum_wall;
        memset(&p->sum, 0, sizeof p->sum);
        p->sum_n = 0;
        p->sum_wall = 0;
    }
}

int perf_log_begin(Perf *p, int cap, Err *e)
{
    perf_free(p);
    if (cap <= 0) return 0;
    p->log = malloc((size_t)cap * sizeof *p->log);
    p->scratch = malloc((size_t)cap * sizeof *p->scratch);
    if (!p->log || !p->scratch) {
        perf_free(p);
        return err_set(e, "perf: out of memory for %d frame samples", cap);
    }
    p->log_cap = cap;
    return 0;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

double perf_log_median(const Perf *p, PerfField f)
{
    if (p->log_n == 0) return 0.0;
    double *v = p->scratch;
    for (int i = 0; i < p->log_n; i++) v[i] = perf_value(&p->log[i], f);
    qsort(v, (size_t)p->log_n, sizeof *v, cmp_double);
    int n = p->log_n;
    return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}
