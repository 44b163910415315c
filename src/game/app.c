/* app: SDL start-up, the window or headless canvas, and the three loops:
 * interactive, --screenshot and --compare-sea-life. */
#include "app.h"

#include <assert.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <SDL.h>

#include "battle.h"
#include "core/stop.h"
#include "core/testev.h"
#include "game.h"
#include "headless.h"
#include "ui/testin.h"
#include "ui/wintitle.h"

/* The loop never runs faster than this when vsync is unavailable. */
#define FALLBACK_HZ 60

typedef struct Output {
    SDL_Window *win;
    SDL_Renderer *r;
    int headless; /* win is a hidden window of the dummy video driver */
} Output;

static double now_seconds(void)
{
    return (double)SDL_GetPerformanceCounter() / (double)SDL_GetPerformanceFrequency();
}

/* One line for a runtime failure: what names the step, for SDL messages
 * that don't say it. */
static int fail(const char *what, const char *detail)
{
    fprintf(stderr, "shoal: %s: %s\n", what, detail);
    return 1;
}

static int open_output(Output *out, const GameOptions *o, const Map *m)
{
    if (o->screenshot || o->compare) {
        /* Headless: SDL's software renderer on a hidden window of the
         * dummy video driver, so no display or GPU is needed. Unlike a
         * renderer made with SDL_CreateSoftwareRenderer it batches its
         * draw calls as a window's renderer does (drawing happens when the
         * frame is read back or presented), so the figures measured here
         * have the shape they have in a window. */
        out->win = SDL_CreateWindow("shoal", 0, 0, o->width, o->height, SDL_WINDOW_HIDDEN);
        if (!out->win) return fail("headless window", SDL_GetError());
        out->r = SDL_CreateRenderer(out->win, -1, SDL_RENDERER_SOFTWARE);
        if (!out->r) return fail("software renderer", SDL_GetError());
        out->headless = 1;
        return 0;
    }
    char title[128];
    snprintf(title, sizeof title, "shoal \xE2\x80\x94 %s", m->meta.name);
    out->win = SDL_CreateWindow(title, SDL_WINDOWPOS_CENTERED, SDL_WINDOWPOS_CENTERED, o->width,
                                o->height, SDL_WINDOW_RESIZABLE | SDL_WINDOW_ALLOW_HIGHDPI);
    if (!out->win) return fail("window", SDL_GetError());
    out->r = SDL_CreateRenderer(out->win, -1, SDL_RENDERER_ACCELERATED | SDL_RENDERER_PRESENTVSYNC);
    /* No GPU (a VM, a remote X): SDL's software renderer still works. */
    if (!out->r) out->r = SDL_CreateRenderer(out->win, -1, SDL_RENDERER_SOFTWARE);
    if (!out->r) return fail("renderer", SDL_GetError());
    SDL_SetWindowMinimumSize(out->win, 320, 200);
    return 0;
}

static void close_output(Output *out)
{
    if (out->r) SDL_DestroyRenderer(out->r);
    if (out->win) SDL_DestroyWindow(out->win);
}

static int run_interactive(Game *g)
{
    SDL_DisplayMode mode;
    int hz = FALLBACK_HZ;
    if (SDL_GetWindowDisplayMode(g->win, &mode) == 0 && mode.refresh_rate > 0)
        hz = mode.refresh_rate;
    double period = 1.0 / hz;
    double last = now_seconds();
    for (unsigned long frame = 1;; frame++) {
        /* Minimised: sleep in the event queue instead of spinning. */
        if (SDL_GetWindowFlags(g->win) & SDL_WINDOW_MINIMIZED) SDL_WaitEvent(NULL);
        double t = now_seconds();
        double dt = t - last;
        last = t;
        game_frame_begin(g);
        SDL_Event ev;
        while (SDL_PollEvent(&ev)) {
            if (game_event(g, &ev)) return 0;
            testin_event(&ev);
        }
        if (stop_requested()) return stop_exit_status();
        game_frame(g, dt);
        if (g->quit) return g->exit_code;
        game_testev_frame(g);
        game_frame_done(g, dt);
        if (g->want_shot) {
            game_save_shot(g);
            g->want_shot = 0;
        }
        SDL_RenderPresent(g->r);
        testev_frame(frame);
        text_frame_end(g->text);
        /* Without vsync (or a driver that ignores it) cap the rate so the
         * game does not burn a core. */
        double spent = now_seconds() - t;
        if (spent < period) SDL_Delay((Uint32)((period - spent) * 1000.0));
    }
}

int app_run(const GameOptions *o, const Map *m)
{
    assert(o && m);
    /* The battle brings its own map: app_run is handed that one. */
    assert(!o->battle || m == &o->battle->map);
    /* Headless runs must not need (or open) a display. */
    if (o->screenshot || o->compare) setenv("SDL_VIDEODRIVER", "dummy", 1);
    /* SDL would turn SIGINT/SIGTERM into an SDL_QUIT that the headless
     * loops never read (a stopped --screenshot ran on for seconds): core/
     * stop handles them instead (main). */
    SDL_SetHint(SDL_HINT_NO_SIGNAL_HANDLERS, "1");
    /* The title "shoal — MAP" must reach X as UTF-8. */
    wintitle_init();
    if (SDL_Init(SDL_INIT_VIDEO | SDL_INIT_EVENTS) != 0) {
        battle_free(o->battle);
        return fail("SDL", SDL_GetError());
    }
    /* The sound log first: a bad path is the user's mistake (exit 2),
     * found before anything is drawn. */
    FILE *log = NULL;
    if (o->sound_log && !(log = fopen(o->sound_log, "w"))) {
        fprintf(stderr, "shoal: --sound-log %s: %s\n", o->sound_log, strerror(errno));
        battle_free(o->battle);
        SDL_Quit();
        return 2;
    }
    Output out = {0};
    Game g;
    memset(&g, 0, sizeof g);
    int rc = open_output(&out, o, m);
    if (rc != 0) battle_free(o->battle); /* the game never took it over */
    if (rc == 0) {
        Err e = {{0}};
        if (game_init(&g, o, m, out.headless ? NULL : out.win, out.r, &e) != 0) {
            fprintf(stderr, "shoal: %s\n", e.msg);
            rc = 1;
        } else {
            game_sound_init(&g, log);
        }
    }
    if (rc == 0) {
        if (o->compare)
            rc = headless_compare(&g, o->frames, stdout);
        else if (o->screenshot)
            rc = headless_screenshot(&g);
        else
            rc = run_interactive(&g);
    }
    game_deinit(&g);
    close_output(&out);
    if (log && fclose(log) != 0 && rc == 0) {
        fprintf(stderr, "shoal: --sound-log %s: %s\n", o->sound_log, strerror(errno));
        rc = 1;
    }
    SDL_Quit();
    return rc;
}
