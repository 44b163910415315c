/* headless: fixed-step frames on the software renderer, screenshots and
 * the sea-life comparison. */
#include "headless.h"

#include <assert.h>

#include <SDL.h>

#include "ui/screenshot.h"

/* Frames run before each measured half so first-use costs (text cache,
 * page faults, waking the workers) stay out of the medians. */
#define WARMUP_FRAMES 10

static double now_seconds(void)
{
    return (double)SDL_GetPerformanceCounter() / (double)SDL_GetPerformanceFrequency();
}

void headless_frame(Game *g)
{
    double t = now_seconds();
    double wall = g->last_wall < 0 ? 0.0 : t - g->last_wall;
    g->last_wall = t;
    game_frame_begin(g);
    SDL_Event ev;
    while (SDL_PollEvent(&ev)) {
    }
    game_frame(g, g->sea.params.dt);
    game_frame_done(g, wall);
}

void headless_present(Game *g)
{
    SDL_RenderPresent(g->r);
    text_frame_end(g->text);
}

/* With a sound device open (--sound-log), frames keep to the mixer's
 * pace: unpaced, a headless run is four to seven times faster than real
 * time, and a capture of its sound (SDL's disk driver) crammed a
 * minute's broadsides into ten seconds, nothing a player hears: every
 * voice taken, no quiet between them. Waits until the audio clock has
 * reached the frames' clock, game_s. */
static void keep_pace(const Game *g, double game_s)
{
    if (!g->audio || !g->audio->device) return;
    double ahead = game_s - audio_clock(g->audio);
    if (ahead > 0.0) SDL_Delay((Uint32)(ahead * 1000.0) + 1);
}

int headless_screenshot(Game *g)
{
    assert(g && g->r && g->o->screenshot && g->o->frames >= 1);
    double game_s = 0.0;
    for (int i = 0; i < g->o->frames; i++) {
        headless_frame(g);
        game_s += g->sea.params.dt;
        keep_pace(g, game_s);
        if (i == g->o->frames - 1) {
            Err e = {{0}};
            if (shot_save_png(g->r, g->o->screenshot, &e) != 0) {
                fprintf(stderr, "shoal: %s\n", e.msg);
                return 1;
            }
        }
        headless_present(g);
    }
    return 0;
}

typedef struct Half {
    double frame, sea_main, upload, sea_work, bake, calls, fish_calls, shark_calls;
} Half;

static int measure(Game *g, int on, int frames, Half *h)
{
    Err e = {{0}};
    game_set_sea_life(g, on);
    for (int i = 0; i < WARMUP_FRAMES; i++) {
        headless_frame(g);
        headless_present(g);
    }
    if (perf_log_begin(&g->perf, frames, &e) != 0) {
        fprintf(stderr, "shoal: %s\n", e.msg);
        return 1;
    }
    for (int i = 0; i < frames; i++) {
        headless_frame(g);
        headless_present(g);
    }
    const Perf *p = &g->perf;
    *h = (Half){perf_log_median(p, PERF_FRAME_MS),   perf_log_median(p, PERF_SEA_MAIN_MS),
                perf_log_median(p, PERF_UPLOAD_MS),  perf_log_median(p, PERF_SEA_WORK_MS),
                perf_log_median(p, PERF_BAKE_MS),    perf_log_median(p, PERF_DRAW_CALLS),
                perf_log_median(p, PERF_FISH_CALLS), perf_log_median(p, PERF_SHARK_CALLS)};
    perf_free(&g->perf);
    return 0;
}

static void row(FILE *out, const char *name, const Half *h)
{
    fprintf(out, "%-13s %9.3f %12.3f %10.3f %15.3f %8.3f %11.0f %11.0f %12.0f\n", name, h->frame,
            h->sea_main, h->upload, h->sea_work, h->bake, h->calls, h->fish_calls, h->shark_calls);
}

int headless_compare(Game *g, int frames, FILE *out)
{
    assert(g && g->r && frames >= 1 && out);
    Half on, off;
    int fish = sealife_fish(&g->sea), sharks = sealife_shark_count(&g->sea);
    if (measure(g, 1, frames, &on) != 0 || measure(g, 0, frames, &off) != 0) return 1;
    fprintf(out,
            "shoal --compare-sea-life: %s (%dx%d), %d fish, %d sharks, %d threads, "
            "%dx%d software renderer, medians of %d frames each\n",
            g->m->meta.name, g->m->w, g->m->h, fish, sharks, jobs_threads(g->pool), g->view_w,
            g->view_h, frames);
    fprintf(out, "%-13s %9s %12s %10s %15s %8s %11s %11s %12s\n", "", "frame ms", "sea main ms",
            "upload ms", "sea workers ms", "bake ms", "draw calls", "fish calls", "shark calls");
    row(out, "sea life on", &on);
    row(out, "sea life off", &off);
    fprintf(out, "sea main = steps caught up + schedule + upload (re-map, shark bake and the "
                 "school's SDL_RenderGeometry calls) + complete wait\n");
    return 0;
}
