/* app: window and renderer set-up, the frame loop, headless screenshots. */
#include "app.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <SDL.h>

#include "core/jobs.h"
#include "core/paths.h"
#include "core/shore.h"
#include "hud.h"
#include "input.h"
#include "ui/camera.h"
#include "ui/screenshot.h"
#include "ui/terrain.h"
#include "ui/text.h"

#define FONT_FILE "fonts/DejaVuSans.ttf"
#define FONT_PT   14
/* The loop never runs faster than this when vsync is unavailable. */
#define FALLBACK_HZ    60
#define STATUS_SECONDS 4.0

typedef struct App {
    const GameOptions *o;
    const Map *m;
    SDL_Window *win;     /* NULL when headless */
    SDL_Surface *canvas; /* the headless render target */
    SDL_Renderer *r;
    JobPool *pool;
    ShoreField shore;
    Terrain terrain;
    Text *text;
    Camera cam;
    Input in;
    int view_w, view_h;
    int help;
    double fps;         /* shown figure; < 0 until first measured */
    int fps_frames;     /* frames since the figure was last updated */
    double fps_elapsed; /* seconds since then */
    char status[256];
    double status_left; /* seconds the status stays on screen */
} App;

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

/* Err lines already name their subject. */
static int fail_err(const Err *e)
{
    fprintf(stderr, "shoal: %s\n", e->msg);
    return 1;
}

static int open_output(App *a)
{
    const GameOptions *o = a->o;
    if (o->screenshot) {
        /* Headless: draw with the software renderer into a plain surface,
         * so no display or GPU is needed. */
        a->canvas =
            SDL_CreateRGBSurfaceWithFormat(0, o->width, o->height, 32, SDL_PIXELFORMAT_ARGB8888);
        if (!a->canvas) return fail("screenshot canvas", SDL_GetError());
        a->r = SDL_CreateSoftwareRenderer(a->canvas);
        if (!a->r) return fail("software renderer", SDL_GetError());
        return 0;
    }
    char title[128];
    snprintf(title, sizeof title, "shoal \xE2\x80\x94 %s", a->m->meta.name);
    a->win = SDL_CreateWindow(title, SDL_WINDOWPOS_CENTERED, SDL_WINDOWPOS_CENTERED, o->width,
                              o->height, SDL_WINDOW_RESIZABLE | SDL_WINDOW_ALLOW_HIGHDPI);
    if (!a->win) return fail("window", SDL_GetError());
    a->r = SDL_CreateRenderer(a->win, -1, SDL_RENDERER_ACCELERATED | SDL_RENDERER_PRESENTVSYNC);
    /* No GPU (a VM, a remote X): SDL's software renderer still works. */
    if (!a->r) a->r = SDL_CreateRenderer(a->win, -1, SDL_RENDERER_SOFTWARE);
    if (!a->r) return fail("renderer", SDL_GetError());
    SDL_SetWindowMinimumSize(a->win, 320, 200);
    return 0;
}

/* Output size and pixel density; called at start and after a resize. */
static void sync_view(App *a)
{
    int ow, oh;
    if (SDL_GetRendererOutputSize(a->r, &ow, &oh) != 0 || ow <= 0 || oh <= 0) return;
    float ratio = 1.0f;
    if (a->win) {
        int ww, wh;
        SDL_GetWindowSize(a->win, &ww, &wh);
        if (ww > 0) ratio = (float)ow / (float)ww;
    }
    if (ratio != a->in.px_ratio) {
        Err e;
        if (text_set_size(a->text, (int)(FONT_PT * ratio + 0.5f), &e) != 0)
            fprintf(stderr, "shoal: %s\n", e.msg);
    }
    a->in.px_ratio = ratio;
    a->view_w = ow;
    a->view_h = oh;
    cam_set_view(&a->cam, ow, oh);
}

/* Something to look at while a large map bakes (it can take seconds). */
static void draw_loading(App *a)
{
    if (!a->win) return;
    char msg[MAP_NAME_MAX + 32];
    snprintf(msg, sizeof msg, "Charting %s\xE2\x80\xA6", a->m->meta.name);
    int w, h;
    text_measure(a->text, msg, &w, &h);
    SDL_SetRenderDrawColor(a->r, 7, 22, 44, 255);
    SDL_RenderClear(a->r);
    SDL_Color ink = {200, 225, 235, 255};
    text_draw(a->text, msg, (a->view_w - w) / 2, (a->view_h - h) / 2, ink);
    SDL_RenderPresent(a->r);
}

/* Prints its own one-line message; returns 0 or the exit code 1. */
static int app_init(App *a)
{
    Err e = {{0}};
    if (open_output(a) != 0) return 1;
    char font[4096];
    if (paths_data_file(FONT_FILE, font, sizeof font) != 0)
        return fail(FONT_FILE, "data directory path too long");
    /* The font first: a broken install fails at once, not after a bake. */
    if (text_init(&a->text, a->r, font, FONT_PT, &e) != 0) return fail_err(&e);
    if (SDL_GetRendererOutputSize(a->r, &a->view_w, &a->view_h) != 0)
        return fail("renderer", SDL_GetError());
    cam_init(&a->cam, a->m->w, a->m->h, a->view_w, a->view_h);
    sync_view(a);
    draw_loading(a);
    if (jobs_init(&a->pool, jobs_pick_threads(0), &e) != 0) return fail_err(&e);
    if (shore_bake(&a->shore, a->m->land, a->m->w, a->m->h, &e) != 0) return fail_err(&e);
    if (terrain_init(&a->terrain, a->r, a->m, &a->shore, a->pool, &e) != 0) return fail_err(&e);
    a->fps = -1.0;
    return 0;
}

static void app_deinit(App *a)
{
    text_deinit(a->text);
    terrain_deinit(&a->terrain);
    shore_free(&a->shore);
    if (a->pool) jobs_deinit(a->pool);
    if (a->r) SDL_DestroyRenderer(a->r);
    if (a->win) SDL_DestroyWindow(a->win);
    if (a->canvas) SDL_FreeSurface(a->canvas);
}

/* One picture, bottom to top: the world layers through the camera, then
 * the screen-space UI. Later layers slot in here in this order: terrain,
 * sea (fish and sharks), overlays (hex grid, ships, effects), UI. */
static void draw_frame(App *a)
{
    SDL_SetRenderDrawColor(a->r, 7, 22, 44, 255);
    SDL_RenderClear(a->r);
    terrain_draw(&a->terrain, a->r, &a->cam);

    HudInfo h = {a->m->meta.name, a->m->w, a->m->h,
                 a->cam.zoom,     a->fps,  a->status_left > 0 ? a->status : NULL};
    hud_draw(a->text, a->r, &h, a->in.px_ratio);
    if (a->help) hud_draw_help(a->text, a->r, a->view_w, a->view_h, a->in.px_ratio);
}

/* Show msg under the status line for a few seconds (cut to fit). */
static void set_status(App *a, const char *msg)
{
    size_t n = strlen(msg);
    if (n >= sizeof a->status) n = sizeof a->status - 1;
    memcpy(a->status, msg, n);
    a->status[n] = '\0';
    a->status_left = STATUS_SECONDS;
}

/* F12: save the frame just drawn beside the working directory. */
static void save_shot(App *a)
{
    char name[64];
    time_t t = time(NULL);
    struct tm tm;
    localtime_r(&t, &tm);
    strftime(name, sizeof name, "shoal-%Y%m%d-%H%M%S.png", &tm);
    Err e = {{0}};
    if (shot_save_png(a->r, name, &e) == 0) {
        snprintf(e.msg, sizeof e.msg, "saved %s", name);
        set_status(a, e.msg);
    } else {
        set_status(a, e.msg);
        fprintf(stderr, "shoal: %s\n", e.msg);
    }
}

static void count_frame(App *a, double dt)
{
    a->fps_frames++;
    a->fps_elapsed += dt;
    /* A first figure at once, then a steadier one twice a second. */
    if (a->fps_elapsed >= 0.5 || (a->fps < 0 && a->fps_elapsed > 0)) {
        a->fps = a->fps_frames / a->fps_elapsed;
        a->fps_frames = 0;
        a->fps_elapsed = 0;
    }
    if (a->status_left > 0) a->status_left -= dt;
}

static int run_interactive(App *a)
{
    SDL_DisplayMode mode;
    int hz = FALLBACK_HZ;
    if (SDL_GetWindowDisplayMode(a->win, &mode) == 0 && mode.refresh_rate > 0)
        hz = mode.refresh_rate;
    double period = 1.0 / hz;
    double last = now_seconds();
    for (;;) {
        /* Minimised: sleep in the event queue instead of spinning. */
        if (SDL_GetWindowFlags(a->win) & SDL_WINDOW_MINIMIZED) SDL_WaitEvent(NULL);
        SDL_Event ev;
        int actions = 0, shot = 0;
        while (SDL_PollEvent(&ev)) {
            a->in.help_open = a->help;
            actions = input_event(&a->in, &ev, &a->cam);
            if (actions & INPUT_QUIT) return 0;
            if (actions & INPUT_TOGGLE_HELP) a->help = !a->help;
            if (actions & INPUT_SCREENSHOT) shot = 1;
            if (actions & INPUT_RESIZED) sync_view(a);
        }
        double t = now_seconds();
        double dt = t - last;
        last = t;
        /* After a stall (a window drag, a slow disk) keys must not jump. */
        input_keys(&a->in, &a->cam, dt < 0.1 ? dt : 0.1);
        draw_frame(a);
        if (shot) save_shot(a);
        SDL_RenderPresent(a->r);
        text_frame_end(a->text);
        count_frame(a, dt);
        /* Without vsync (or a driver that ignores it) cap the rate so the
         * game does not burn a core. */
        double spent = now_seconds() - t;
        if (spent < period) SDL_Delay((Uint32)((period - spent) * 1000.0));
    }
}

static int run_headless(App *a)
{
    double last = now_seconds();
    for (int i = 0; i < a->o->frames; i++) {
        SDL_Event ev;
        while (SDL_PollEvent(&ev)) {
        }
        draw_frame(a);
        if (i == a->o->frames - 1) {
            Err e = {{0}};
            if (shot_save_png(a->r, a->o->screenshot, &e) != 0) return fail_err(&e);
        }
        SDL_RenderPresent(a->r);
        text_frame_end(a->text);
        double t = now_seconds();
        count_frame(a, t - last);
        last = t;
    }
    return 0;
}

int app_run(const GameOptions *o, const Map *m)
{
    /* Headless runs must not need (or open) a display. */
    if (o->screenshot) setenv("SDL_VIDEODRIVER", "dummy", 1);
    if (SDL_Init(SDL_INIT_VIDEO | SDL_INIT_EVENTS) != 0) return fail("SDL", SDL_GetError());
    App a;
    memset(&a, 0, sizeof a);
    a.in.px_ratio = 1.0f; /* the font is opened at this density */
    a.o = o;
    a.m = m;
    int rc = app_init(&a);
    if (rc == 0) rc = o->screenshot ? run_headless(&a) : run_interactive(&a);
    app_deinit(&a);
    SDL_Quit();
    return rc;
}
