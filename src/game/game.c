/* game: set-up, events and the frame — input, sea, scene, HUD. */
#include "game.h"

#include <stdio.h>
#include <string.h>
#include <time.h>

#include "core/paths.h"
#include "hud.h"
#include "ui/draw.h"
#include "ui/screenshot.h"

#define FONT_FILE      "fonts/DejaVuSans.ttf"
#define FONT_PT        14
#define STATUS_SECONDS 4.0
/* The cursor is a stone of this radius (window points) in the school:
 * sized on screen, so it parts the fish the same at every zoom. */
#define CURSOR_PT 40.0
/* A click picks the nearest fish within this many window points: the
 * fish keep away from the cursor, so the reach goes past its stone. */
#define PICK_PT (CURSOR_PT + 16.0)

static uint64_t ticks(void)
{
    return SDL_GetPerformanceCounter();
}

static double seconds(uint64_t t)
{
    return (double)t / (double)SDL_GetPerformanceFrequency();
}

static void draw_terrain(void *ctx, SDL_Renderer *r, const Camera *c)
{
    Game *g = ctx;
    terrain_draw(&g->terrain, r, c);
}

/* Screen-space overlays: status line, performance, controls, help. */
static void draw_hud(void *ctx, SDL_Renderer *r, const Camera *c)
{
    Game *g = ctx;
    float ui = g->in.px_ratio;
    ui_begin(&g->ui, ui);
    if (g->status_line) {
        HudInfo h = {g->m->meta.name,
                     g->m->w,
                     g->m->h,
                     c->zoom,
                     g->perf.fps,
                     sealife_fish(&g->sea),
                     g->sea.on,
                     g->sea.follow >= 0,
                     g->status_left > 0 ? g->status : NULL};
        hud_draw(g->text, r, &h, ui);
    }
    if (g->stats) {
        SDL_RendererInfo info;
        if (SDL_GetRendererInfo(r, &info) != 0) info.name = "?";
        HudStats s = {&g->perf,
                      sealife_fish(&g->sea),
                      sealife_shark_count(&g->sea),
                      jobs_threads(g->pool),
                      g->sea.on,
                      info.name};
        hud_draw_stats(g->text, r, &s, g->view_h, ui);
    }
    if (g->panel) {
        g->tuning.sea_on = g->sea.on;
        tuning_draw(&g->tuning, &g->ui, g->view_w);
    }
    ui_end(&g->ui);
    if (g->help) hud_draw_help(g->text, r, g->view_w, g->view_h, ui);
}

/* Something to look at while a large map bakes (it can take seconds). */
static void draw_loading(Game *g)
{
    if (!g->win) return;
    char msg[MAP_NAME_MAX + 32];
    snprintf(msg, sizeof msg, "Charting %s\xE2\x80\xA6", g->m->meta.name);
    int w, h;
    text_measure(g->text, msg, &w, &h);
    SDL_SetRenderDrawColor(g->r, 7, 22, 44, 255);
    SDL_RenderClear(g->r);
    SDL_Color ink = {200, 225, 235, 255};
    text_draw(g->text, msg, (g->view_w - w) / 2, (g->view_h - h) / 2, ink);
    SDL_RenderPresent(g->r);
}

/* --zoom and --center: the opening view. */
static void place_camera(Game *g)
{
    const GameOptions *o = g->o;
    if (o->zoom > 0) g->cam.zoom = o->zoom;
    if (o->has_center) {
        g->cam.cx = o->center_x;
        g->cam.cy = o->center_y;
    }
    cam_clamp(&g->cam);
}

int game_init(Game *g, const GameOptions *o, const Map *m, SDL_Window *win, SDL_Renderer *r, Err *e)
{
    memset(g, 0, sizeof *g);
    g->o = o;
    g->m = m;
    g->win = win;
    g->r = r;
    g->in.px_ratio = 1.0f; /* the font is opened at this density */
    g->sea.follow = -1;
    g->last_wall = -1.0;
    perf_init(&g->perf);
    char font[4096];
    if (paths_data_file(FONT_FILE, font, sizeof font) != 0)
        return err_set(e, "%s: data directory path too long", FONT_FILE);
    /* The font first: a broken install fails at once, not after a bake. */
    if (text_init(&g->text, r, font, FONT_PT, e) != 0) return -1;
    ui_init(&g->ui, r, g->text);
    if (SDL_GetRendererOutputSize(r, &g->view_w, &g->view_h) != 0)
        return err_set(e, "renderer: %s", SDL_GetError());
    cam_init(&g->cam, m->w, m->h, g->view_w, g->view_h);
    game_sync_view(g);
    draw_loading(g);
    if (jobs_init(&g->pool, jobs_pick_threads(o->threads), e) != 0) return -1;
    if (shore_bake(&g->shore, m->land, m->w, m->h, e) != 0) return -1;
    if (terrain_init(&g->terrain, r, m, &g->shore, g->pool, e) != 0) return -1;
    uint32_t seed = o->has_seed ? o->seed : 1;
    if (sealife_init(&g->sea, r, &g->shore, g->pool, seed, o->fish, o->sharks, e) != 0) return -1;
    if (!o->sea_on) sealife_set_on(&g->sea, 0);
    const SeaParams *p = &g->sea.params;
    tuning_init(&g->tuning, p->sep_weight, p->ali_weight, p->coh_weight, o->fish, o->sharks,
                g->sea.on);
    place_camera(g);
    g->status_line = o->ui >= UI_SHOW_STATUS;
    g->stats = g->panel = o->ui >= UI_SHOW_ALL;
    scene_set(&g->scene, LAYER_TERRAIN, draw_terrain, g);
    scene_set(&g->scene, LAYER_FISH, sealife_draw_fish, &g->sea);
    scene_set(&g->scene, LAYER_SHARKS, sealife_draw_sharks, &g->sea);
    scene_set(&g->scene, LAYER_MARKERS, sealife_draw_marker, &g->sea);
    scene_set(&g->scene, LAYER_HUD, draw_hud, g);
    return 0;
}

void game_deinit(Game *g)
{
    sealife_deinit(&g->sea);
    if (g->text) text_deinit(g->text);
    terrain_deinit(&g->terrain);
    shore_free(&g->shore);
    if (g->pool) jobs_deinit(g->pool);
    perf_free(&g->perf);
    g->text = NULL;
    g->pool = NULL;
}

void game_sync_view(Game *g)
{
    int ow, oh;
    if (SDL_GetRendererOutputSize(g->r, &ow, &oh) != 0 || ow <= 0 || oh <= 0) return;
    float ratio = 1.0f;
    if (g->win) {
        int ww, wh;
        SDL_GetWindowSize(g->win, &ww, &wh);
        if (ww > 0) ratio = (float)ow / (float)ww;
    }
    if (ratio != g->in.px_ratio) {
        Err e;
        if (text_set_size(g->text, (int)(FONT_PT * ratio + 0.5f), &e) != 0)
            fprintf(stderr, "shoal: %s\n", e.msg);
    }
    g->in.px_ratio = ratio;
    g->ui.px_ratio = ratio;
    g->view_w = ow;
    g->view_h = oh;
    cam_set_view(&g->cam, ow, oh);
}

void game_status(Game *g, const char *msg)
{
    /* Cut to fit. */
    size_t n = strlen(msg);
    if (n >= sizeof g->status) n = sizeof g->status - 1;
    memcpy(g->status, msg, n);
    g->status[n] = '\0';
    g->status_left = STATUS_SECONDS;
}

void game_save_shot(Game *g)
{
    char name[64];
    time_t t = time(NULL);
    struct tm tm;
    localtime_r(&t, &tm);
    strftime(name, sizeof name, "shoal-%Y%m%d-%H%M%S.png", &tm);
    Err e = {{0}};
    if (shot_save_png(g->r, name, &e) == 0) {
        snprintf(e.msg, sizeof e.msg, "saved %s", name);
        game_status(g, e.msg);
    } else {
        game_status(g, e.msg);
        fprintf(stderr, "shoal: %s\n", e.msg);
    }
}

void game_set_sea_life(Game *g, int on)
{
    sealife_set_on(&g->sea, on);
    g->tuning.sea_on = g->sea.on;
    game_status(g, on ? "sea life on" : "sea life off: no fish are simulated or drawn");
}

/* Click: follow the nearest fish under the cursor. */
static void pick_fish(Game *g, double sx, double sy)
{
    double wx, wy;
    cam_screen_to_world(&g->cam, sx, sy, &wx, &wy);
    float r = (float)(PICK_PT * g->in.px_ratio / g->cam.zoom);
    if (sealife_follow_at(&g->sea, (float)wx, (float)wy, r)) {
        char msg[96];
        snprintf(msg, sizeof msg, "following fish %d (drag, pan or Esc to stop)", g->sea.follow);
        game_status(g, msg);
    }
}

void game_frame_begin(Game *g)
{
    g->frame_t0 = ticks();
}

int game_event(Game *g, const SDL_Event *ev)
{
    /* Widgets first: what they take never reaches the camera. */
    if (ui_event(&g->ui, ev)) return 0;
    g->in.help_open = g->help;
    g->in.following = g->sea.follow >= 0;
    int a = input_event(&g->in, ev, &g->cam);
    if (a & INPUT_QUIT) return 1;
    if (a & INPUT_TOGGLE_HELP) g->help = !g->help;
    if (a & INPUT_SCREENSHOT) g->want_shot = 1;
    if (a & INPUT_RESIZED) game_sync_view(g);
    if (a & INPUT_TOGGLE_STATS) g->stats = !g->stats;
    if (a & INPUT_TOGGLE_PANEL) g->panel = !g->panel;
    if (a & INPUT_TOGGLE_SEALIFE) game_set_sea_life(g, !g->sea.on);
    if (a & (INPUT_PANNED | INPUT_UNFOLLOW)) sealife_unfollow(&g->sea);
    if (a & INPUT_CLICK) pick_fish(g, g->in.click_x, g->in.click_y);
    return 0;
}

/* The controls panel's changes of the last frame, applied while no step
 * is in flight. */
static void apply_tuning(Game *g)
{
    Tuning *t = &g->tuning;
    int c = tuning_take(t);
    if (!c) return;
    Err e = {{0}};
    int rc = 0;
    if (c & TUNE_DEFAULTS) {
        SeaParams d;
        sea_params_default(&d);
        t->sep = d.sep_weight;
        t->ali = d.ali_weight;
        t->coh = d.coh_weight;
        c |= TUNE_WEIGHTS;
    }
    if (c & TUNE_WEIGHTS) rc |= sealife_set_weights(&g->sea, t->sep, t->ali, t->coh, &e);
    if (c & TUNE_SHARKS) rc |= sealife_set_sharks(&g->sea, t->sharks, &e);
    if (c & TUNE_FISH) rc |= sealife_set_fish(&g->sea, t->fish, &e);
    if (c & TUNE_SEALIFE) game_set_sea_life(g, t->sea_on);
    if (rc != 0) game_status(g, e.msg);
}

/* Where the cursor scares fish: over the map, not over a panel. */
static void update_cursor(Game *g)
{
    int mx, my;
    int on = g->win && SDL_GetMouseFocus() == g->win && !ui_wants_mouse(&g->ui);
    if (on) {
        SDL_GetMouseState(&mx, &my);
        double wx, wy;
        cam_screen_to_world(&g->cam, mx * g->in.px_ratio, my * g->in.px_ratio, &wx, &wy);
        sealife_cursor(&g->sea, (float)wx, (float)wy,
                       (float)(CURSOR_PT * g->in.px_ratio / g->cam.zoom));
    } else {
        sealife_cursor(&g->sea, 0.0f, 0.0f, 0.0f);
    }
}

void game_frame(Game *g, double dt)
{
    draw_counts_reset();
    apply_tuning(g);
    if (g->win) {
        /* After a stall (a window drag, a slow disk) keys must not jump. */
        if (input_keys(&g->in, &g->cam, dt < 0.1 ? dt : 0.1) & INPUT_PANNED)
            sealife_unfollow(&g->sea);
        update_cursor(g);
    }
    float fx, fy;
    if (sealife_followed(&g->sea, &fx, &fy)) {
        g->cam.cx = fx;
        g->cam.cy = fy;
        cam_clamp(&g->cam);
    }
    sealife_update(&g->sea, dt, &g->cam);
    SDL_SetRenderDrawColor(g->r, 7, 22, 44, 255);
    SDL_RenderClear(g->r);
    scene_draw(&g->scene, g->r, &g->cam);
    /* Renderers batch their draw calls: make this one do its work now,
     * while the workers still step the sea, rather than at present (where
     * vsync would hide it from the frame's figures). */
    SDL_RenderFlush(g->r);
    sealife_finish(&g->sea);
    if (g->status_left > 0) g->status_left -= dt;
}

void game_frame_done(Game *g, double wall_s)
{
    SeaLifeTiming t = sealife_timing(&g->sea);
    DrawCounts dc = draw_counts();
    PerfSample s = {
        (float)(seconds(ticks() - g->frame_t0) * 1000.0),
        (float)t.main_ms,
        (float)t.upload_ms,
        (float)t.work_ms,
        (float)t.bake_ms,
        draw_counts_total(&dc),
        t.fish_calls,
        t.shark_calls,
        g->sea.on ? sealife_fish(&g->sea) : 0,
        t.steps,
    };
    perf_record(&g->perf, &s, wall_s);
}
