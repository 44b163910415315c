/* game: set-up, events and the frame — input, sea, scene, HUD. */
#include "game.h"

#include <assert.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "core/paths.h"
#include "core/testev.h"
#include "hud.h"
#include "ui/draw.h"
#include "ui/screenshot.h"
#include "ui/theme.h"

#define FONT_FILE      "fonts/DejaVuSans.ttf"
#define FONT_PT        14
#define STATUS_SECONDS 4.0
/* The cursor is a stone of this radius (window points) in the school:
 * sized on screen, so it parts the fish the same at every zoom. */
#define CURSOR_PT 40.0
/* A click picks the nearest fish within this many window points: the
 * fish keep away from the cursor, so the reach goes past its stone. */
#define PICK_PT (CURSOR_PT + 16.0)
/* Quitting mid-load waits this long (s) for the loader's step to end, so
 * it can free what it made; past that the thread is left to the process
 * exit. Half a second keeps a quit inside the second every binary ends
 * in on a signal (e2e_signals), teardown included. */
#define LOADER_QUIT_WAIT_S 0.5

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
                      info.name,
                      game_sound_state(g)};
        hud_draw_stats(g->text, r, &s, g->view_h, ui);
    }
    /* The hot-seat curtain shows whatever the overlays: it hides orders. */
    if (g->battle && !g->menu_open && (g->status_line || g->battle->phase == BATTLE_CURTAIN)) {
        g->bview.right_inset = g->panel ? g->tuning.panel.w + 10 * ui : 0.0f;
        g->bview.bottom_inset = g->stats ? (float)hud_stats_height(g->text, ui) : 0.0f;
        int a = battle_view_hud(&g->bview, &g->ui, c, g->view_w, g->view_h);
        game_tutorial_hud(g, c);
        game_net_hud(g, g->ui.scale);
        /* While a load runs the view is only shown: what it chose is dropped. */
        if (!g->loader) g->battle_act |= a;
    }
    if (g->menu_open && g->battle && g->battle->phase == BATTLE_CURTAIN) {
        /* The menu over a hot-seat hand-over: still nothing of the board. */
        SDL_SetRenderDrawBlendMode(r, SDL_BLENDMODE_NONE);
        theme_draw_color(r, THEME_CURTAIN);
        SDL_RenderFillRect(r, NULL);
    }
    /* Joining: the panel shows over the sea (or the battle left). */
    if (!g->menu_open && !(g->battle && g->status_line)) game_net_hud(g, g->ui.scale);
    if (g->menu_open) {
        int a = menu_draw(&g->menu, &g->ui, g->text, r, g->view_w, g->view_h, g->battle != NULL);
        if (a != MENU_ACT_NONE && !g->loader) g->menu_act = a;
    }
    if (g->panel) {
        g->tuning.sea_on = g->sea.on;
        tuning_draw(&g->tuning, &g->ui, g->view_w);
    }
    ui_end(&g->ui);
    if (g->help) hud_draw_help(g->text, r, g->view_w, g->view_h, ui, g->help, &g->settings.keys);
    if (g->loader) game_load_draw(g, ui);
    dialog_draw(&g->ask, r, g->text, g->view_w, g->view_h, ui);
}

/* One frame of the loading panel alone, for work the main thread does
 * itself (the start map's shore, a new map's terrain): nothing else can
 * be drawn meanwhile, and nothing can be cancelled. */
static void draw_loading(Game *g, const char *step, float fraction)
{
    if (!g->win) return;
    char title[MAP_NAME_MAX + 32];
    snprintf(title, sizeof title, "Charting %s", g->m->meta.name);
    theme_draw_color(g->r, THEME_CURTAIN);
    SDL_RenderClear(g->r);
    UiPanel p = {0};
    HudLoading l = {title, step, -1.0, fraction, 0};
    ui_begin(&g->load_ui, g->in.px_ratio);
    hud_draw_loading(&g->load_ui, &p, &l, g->view_w, g->view_h);
    ui_end(&g->load_ui);
    SDL_RenderPresent(g->r);
}

/* A new battle's opening view (battle_view_open). */
static void focus_battle(Game *g)
{
    if (g->battle) battle_view_open(g->battle, &g->cam, g->in.px_ratio);
}

/* Rebuild everything that depends on the map for m: shore field (taken
 * from baked when given: the loader's, for m), terrain (uploaded from
 * painted when given and not empty: the loader's, taken), the sea
 * (dressed from stock when given and not empty: the loader's, taken;
 * either way keeping its counts, weights and switch), camera. */
static int set_world(Game *g, const Map *m, ShoreField *baked, TerrainImage *painted,
                     SeaLifeStock *stock, Err *e)
{
    int fish = sealife_fish(&g->sea), sharks = sealife_shark_count(&g->sea), on = g->sea.on;
    SeaParams p = g->sea.params;
    SeaLifeStock st = {0};
    if (stock) {
        st = *stock;
        memset(stock, 0, sizeof *stock);
    }
    sealife_deinit(&g->sea);
    terrain_deinit(&g->terrain);
    shore_free(&g->shore);
    g->m = m;
    g->world = map_digest(m);
    cam_init(&g->cam, m->w, m->h, g->view_w, g->view_h);
    bool have_image = painted && painted->px;
    if (baked && baked->dist) {
        g->shore = *baked;
        memset(baked, 0, sizeof *baked);
        /* Only a frame's work is left when the loader painted the coast. */
        if (!have_image) draw_loading(g, "Painting the coast", 1.0f);
    } else {
        draw_loading(g, "Baking the shore", 0.0f);
        if (shore_bake(&g->shore, m->land, m->w, m->h, e) != 0) {
            if (painted) terrain_image_free(painted);
            goto fail;
        }
    }
    if (have_image) {
        assert(painted->map_w == m->w && painted->map_h == m->h);
        if (terrain_upload(&g->terrain, g->r, painted, e) != 0) goto fail;
    } else {
        if (painted) terrain_image_free(painted);
        if (terrain_init(&g->terrain, g->r, m, &g->shore, g->pool, e) != 0) goto fail;
    }
    if (st.sea) {
        /* Stocked by the loader over this very field (it was baked). */
        assert(baked);
        if (sealife_init_stocked(&g->sea, g->r, &g->shore, g->pool, &st, e) != 0) return -1;
        if (sealife_fish(&g->sea) != fish && sealife_set_fish(&g->sea, fish, e) != 0) return -1;
        if (sealife_shark_count(&g->sea) != sharks && sealife_set_sharks(&g->sea, sharks, e) != 0)
            return -1;
    } else {
        uint32_t seed = g->o->has_seed ? g->o->seed : 1;
        if (sealife_init(&g->sea, g->r, &g->shore, g->pool, seed, fish, sharks, e) != 0) return -1;
    }
    const SeaParams *now = &g->sea.params;
    if (sealife_weights_differ(now, &p) && sealife_set_weights(&g->sea, &p, e) != 0) return -1;
    if (!on) sealife_set_on(&g->sea, 0);
    if (g->win) {
        char title[128];
        snprintf(title, sizeof title, "shoal \xE2\x80\x94 %s", m->meta.name);
        SDL_SetWindowTitle(g->win, title);
    }
    return 0;
fail:
    sealife_stock_free(&st);
    return -1;
}

/* Maps a and b draw the same world: map_digest's fields, compared whole. */
static bool same_map(const Map *a, const Map *b)
{
    return a->w == b->w && a->h == b->h && a->land && b->land &&
           strncmp(a->meta.name, b->meta.name, sizeof a->meta.name) == 0 &&
           memcmp(a->land, b->land, (size_t)a->w * (size_t)a->h) == 0;
}

int game_set_battle(Game *g, Battle *b, ShoreField *shore, TerrainImage *img, SeaLifeStock *stock,
                    bool keep_view, Err *e)
{
    Battle *old = g->battle;
    if (!b && old && g->m == &old->map) {
        /* No battle now: the world stays as it is, on the old battle's
         * map, which the game keeps when the battle goes. */
        map_free(&g->left_map);
        g->left_map = old->map;
        memset(&old->map, 0, sizeof old->map);
        g->m = &g->left_map;
    }
    const Map *back = g->m;
    const Map *want = b ? &b->map : back;
    /* The map on screen again: its world serves as it is. */
    bool same = want == g->m || same_map(g->m, want);
    if (same) { /* the world stays: not needed */
        if (shore) shore_free(shore);
        if (img) terrain_image_free(img);
        if (stock) sealife_stock_free(stock);
    }
    if (!same && set_world(g, want, shore, img, stock, e) != 0) {
        Err e2 = {{0}};
        if (shore) shore_free(shore);
        if (img) terrain_image_free(img);
        battle_free(b);
        if (set_world(g, back, NULL, NULL, NULL, &e2) != 0) {
            fprintf(stderr, "shoal: %s\n", e2.msg);
            g->quit = 1;
            g->exit_code = 1;
        }
        return -1;
    }
    /* The old battle's map goes with it: the world now stands on b's. */
    g->m = want;
    g->battle = b;
    g->bview.battle = b;
    if (b && old && old != b && same && keep_view) battle_log_carry(b, old);
    if (old != b) battle_free(old);
    if (g->m != &g->left_map) map_free(&g->left_map);
    if (b) {
        b->speed = g->settings.anim_speed;
        if (!(same && keep_view)) focus_battle(g);
    }
    game_mark_saved(g);
    g->asked_end_turn = -1;
    return 0;
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
    assert(g && o && m && r);
    memset(g, 0, sizeof *g);
    g->o = o;
    g->m = m;
    g->world = map_digest(m);
    g->battle = o->battle; /* ours from here on, whatever fails below */
    g->seen_phase = -1;
    g->asked_end_turn = -1;
    dialog_init(&g->ask);
    g->win = win;
    g->r = r;
    g->in.px_ratio = 1.0f; /* the font is opened at this density */
    g->sea.follow = -1;
    g->last_wall = -1.0;
    perf_init(&g->perf);
    char font[PATHS_MAX];
    if (paths_data_file(FONT_FILE, font, sizeof font) != 0)
        return err_set(e, "%s: data directory path too long", FONT_FILE);
    /* The font first: a broken install fails at once, not after a bake. */
    if (text_init(&g->text, r, font, FONT_PT, e) != 0) return -1;
    ui_init(&g->ui, r, g->text);
    if (SDL_GetRendererOutputSize(r, &g->view_w, &g->view_h) != 0)
        return err_set(e, "renderer: %s", SDL_GetError());
    cam_init(&g->cam, m->w, m->h, g->view_w, g->view_h);
    game_sync_view(g);
    ui_init(&g->load_ui, r, g->text);
    draw_loading(g, "Baking the shore", 0.0f);
    game_settings_load(g);
    int fish = o->fish_given || !win ? o->fish : g->settings.fish;
    int sharks = o->sharks_given || !win ? o->sharks : g->settings.sharks;
    int sea_on = o->sea_given || !win ? o->sea_on : g->settings.sea_life;
    if (jobs_init(&g->pool, jobs_pick_threads(o->threads), e) != 0) return -1;
    if (shore_bake(&g->shore, m->land, m->w, m->h, e) != 0) return -1;
    if (terrain_init(&g->terrain, r, m, &g->shore, g->pool, e) != 0) return -1;
    uint32_t seed = o->has_seed ? o->seed : 1;
    if (sealife_init(&g->sea, r, &g->shore, g->pool, seed, fish, sharks, e) != 0) return -1;
    if (!sea_on) sealife_set_on(&g->sea, 0);
    const SeaParams *p = &g->sea.params;
    tuning_init(&g->tuning, p, fish, sharks, g->sea.on);
    if (battle_view_init(&g->bview, r, g->text, e) != 0) return -1;
    g->bview.keys = &g->settings.keys;
    g->bview.show_grid = g->settings.show_grid;
    menu_init(&g->menu, &g->settings);
    game_pad_init(g);
    g->status_line = o->ui >= UI_SHOW_STATUS;
    g->stats = g->panel = o->ui >= UI_SHOW_ALL;
    scene_set(&g->scene, LAYER_TERRAIN, draw_terrain, g);
    scene_set(&g->scene, LAYER_FISH, sealife_draw_fish, &g->sea);
    scene_set(&g->scene, LAYER_SHARKS, sealife_draw_sharks, &g->sea);
    scene_set(&g->scene, LAYER_HEX, battle_view_hex, &g->bview);
    scene_set(&g->scene, LAYER_SHIPS, battle_view_ships, &g->bview);
    scene_set(&g->scene, LAYER_EFFECTS, battle_view_effects, &g->bview);
    scene_set(&g->scene, LAYER_MARKERS, sealife_draw_marker, &g->sea);
    scene_set(&g->scene, LAYER_HUD, draw_hud, g);
    if (g->battle) {
        /* The battle's map is already the world: just put her on. */
        g->bview.battle = g->battle;
        g->battle->speed = g->settings.anim_speed;
        focus_battle(g);
        game_mark_saved(g);
    } else {
        /* In a window with nothing asked for, the menu comes first. */
        g->menu_open = o->menu || (win && !o->map_path && !o->has_seed);
    }
    place_camera(g);
    game_tutorial_open(g);
    game_net_open(g);
    return 0;
}

void game_deinit(Game *g)
{
    /* A change still waiting for its slider to rest is kept. */
    if (g->store_in > 0.0f) game_settings_store(g);
    if (g->loader) {
        /* Quitting mid-load: the loader stops at its next step; a step
         * under way (a 16384^2 decode takes seconds) is not waited out. */
        loader_cancel(g->loader);
        loader_wait(g->loader, LOADER_QUIT_WAIT_S);
        loader_free(g->loader);
        g->loader = NULL;
    }
    game_net_leave(g);
    battle_free(g->battle);
    g->battle = NULL;
    map_free(&g->left_map);
    game_sound_deinit(g);
    pad_deinit(&g->pad);
    battle_view_deinit(&g->bview);
    menu_deinit(&g->menu);
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
    /* A battle on screen has one line for messages, under its top bar. */
    if (g->battle && !g->menu_open) {
        battle_note(g->battle, 0, "%s", msg);
        return;
    }
    testev_say("note %s", msg);
    /* Cut to fit. */
    size_t n = strlen(msg);
    if (n >= sizeof g->status) n = sizeof g->status - 1;
    memcpy(g->status, msg, n);
    g->status[n] = '\0';
    g->status_left = STATUS_SECONDS;
}

void game_save_shot(Game *g)
{
    char path[PATHS_MAX], shown[PATHS_MAX];
    Err e = {{0}};
    if (shot_save_dated(g->r, "shoal", path, sizeof path, &e) == 0) {
        snprintf(e.msg, sizeof e.msg, "screenshot saved to %.200s",
                 paths_tilde(path, shown, sizeof shown));
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

/* Esc in the menu: from a sub-screen back to the first one, from there
 * back to the battle or the sea. */
static void menu_back(Game *g)
{
    if (g->menu.screen != MENU_MAIN)
        menu_show(&g->menu, MENU_MAIN);
    else
        g->menu_open = 0;
}

/* Keys of the menu and the battle, before the camera's. Returns 1 when
 * the key was theirs. */
static int game_key(Game *g, const SDL_Event *ev)
{
    SDL_Keycode k = ev->key.keysym.sym;
    bool fighting = g->battle && g->battle->phase != BATTLE_OVER;
    if (g->help || ev->key.repeat) return 0;
    if (g->menu_open) {
        if (menu_key(&g->menu, k) || game_sound_key(g, k)) return 1;
        if (k == SDLK_ESCAPE) {
            menu_back(g);
            return 1;
        }
        if (k == g->settings.keys.key[KEYS_QUICKLOAD]) {
            g->battle_act |= BATTLE_ACT_QUICKLOAD;
            return 1;
        }
        /* Q would drop a battle under way: the menu's Quit is there. */
        return k == SDLK_q && fighting;
    }
    if (game_sound_key(g, k)) return 1;
    if (g->battle && g->battle->mode == BATTLE_NET && k == g->settings.keys.key[KEYS_CHAT]) {
        game_net_ask(g, GAME_ASK_NET_CHAT);
        g->ask.swallow_text = g->ask.open; /* the key's own letter is not the line's */
        return 1;
    }
    if (g->battle) {
        if (k == SDLK_q && fighting) {
            g->battle_act |= BATTLE_ACT_MENU;
            return 1;
        }
        SDL_Event kev = *ev;
        kev.key.keysym.sym = keys_to_default(&g->settings.keys, k);
        int a = battle_view_event(&g->bview, &kev, &g->cam, g->in.px_ratio);
        g->battle_act |= a & ~BATTLE_ACT_TOOK;
        if (a & BATTLE_ACT_TOOK) return 1;
    }
    if (k == g->settings.keys.key[KEYS_QUICKLOAD]) {
        g->battle_act |= BATTLE_ACT_QUICKLOAD;
        return 1;
    }
    /* Esc opens the menu (which has Quit), unless it stops following a fish. */
    if (k == SDLK_ESCAPE && g->sea.follow < 0) {
        g->menu_open = 1;
        menu_show(&g->menu, MENU_MAIN);
        return 1;
    }
    return 0;
}

int game_event(Game *g, const SDL_Event *ev)
{
    if (game_pad_event(g, ev)) return 0;
    if (g->loader) return game_load_event(g, ev);
    if (g->ask.open) {
        /* A question holds every input, but a screenshot of it is fine. */
        if (ev->type == SDL_KEYDOWN && ev->key.keysym.sym == SDLK_F12 && !ev->key.repeat) {
            g->want_shot = 1;
            return 0;
        }
        if (dialog_event(&g->ask, ev)) return 0;
        if (ev->type == SDL_QUIT) return 1;
        /* The window still resizes under it. */
        if (ev->type == SDL_WINDOWEVENT && (input_event(&g->in, ev, &g->cam) & INPUT_RESIZED))
            game_sync_view(g);
        return 0;
    }
    /* Widgets first: what they take never reaches the camera. */
    if (ui_event(&g->ui, ev)) return 0;
    if (ev->type == SDL_KEYDOWN && game_key(g, ev)) return 0;
    /* The battle watches the right button for clicks; the camera pans
     * with it all the same. */
    if (g->battle && !g->menu_open && ev->type != SDL_KEYDOWN)
        battle_view_event(&g->bview, ev, &g->cam, g->in.px_ratio);
    g->in.help_open = g->help;
    g->in.following = g->sea.follow >= 0;
    int a = input_event(&g->in, ev, &g->cam);
    if (a & INPUT_QUIT) return 1;
    if (a & INPUT_TOGGLE_HELP) g->help = hud_help_next(g->help, g->battle != NULL);
    if (a & INPUT_CLOSE_HELP) g->help = HUD_HELP_CLOSED;
    if (a & INPUT_SCREENSHOT) g->want_shot = 1;
    if (a & INPUT_RESIZED) game_sync_view(g);
    if (a & INPUT_TOGGLE_STATS) g->stats = !g->stats;
    if (a & INPUT_FULLSCREEN) game_settings_fullscreen(g);
    if (a & INPUT_TOGGLE_PANEL) g->panel = !g->panel;
    if (a & INPUT_TOGGLE_SEALIFE) game_set_sea_life(g, !g->sea.on);
    if (a & (INPUT_PANNED | INPUT_UNFOLLOW)) sealife_unfollow(&g->sea);
    if ((a & INPUT_CLICK) && !g->menu_open) {
        if (g->battle)
            battle_view_click(&g->bview, &g->cam, g->in.click_x, g->in.click_y);
        else
            pick_fish(g, g->in.click_x, g->in.click_y);
    }
    return 0;
}

void game_tell(Game *g, int bad, const char *msg)
{
    if (g->menu_open && bad) menu_note(&g->menu, msg);
    if (g->battle && !g->menu_open)
        battle_note(g->battle, bad, "%s", msg);
    else
        game_status(g, msg);
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
        sea_params_default(&t->w);
        c |= TUNE_WEIGHTS;
    }
    if (c & TUNE_WEIGHTS) rc |= sealife_set_weights(&g->sea, &t->w, &e);
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
    game_apply_actions(g);
    game_load_poll(g);
    game_net_frame(g);
    game_pad_frame(g, dt);
    game_tutorial_frame(g);
    if (g->battle) {
        Battle *b = g->battle;
        /* The battle holds still under the menu and while another loads;
         * the hulls keep the fish off. */
        if (!g->menu_open && !g->loader) battle_update(b, (float)dt);
        battle_view_follow(&g->bview, &g->cam, false);
        battle_feed_sea(b, g->sea.sea);
        float xy[2 * SKIRMISH_MAX_SHIPS], radius;
        int n = battle_sea_focus(b, xy, SKIRMISH_MAX_SHIPS, &radius);
        sealife_set_focus(&g->sea, xy, n, radius);
        /* Hot-seat: each commander finds the view on their own fleet (a
         * re-watch, replay to plotting with no curtain, keeps it). */
        bool handed = g->seen_phase == BATTLE_CURTAIN || g->seen_side != b->side;
        if (b->mode == BATTLE_HOTSEAT && b->phase == BATTLE_PLOT && (handed || g->seen_phase < 0))
            focus_battle(g);
        g->seen_phase = b->phase;
        g->seen_side = b->side;
    } else {
        sealife_set_focus(&g->sea, NULL, 0, 0.0f);
    }
    if (g->win && !g->loader) {
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
    game_sound_frame(g, dt);
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
        g->sound_ms,
        g->audio ? audio_voices(g->audio) : 0,
    };
    perf_record(&g->perf, &s, wall_s);
}
