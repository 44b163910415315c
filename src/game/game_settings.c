/* game_settings: the player's settings.ini for a running game — read at
 * the start, written when a choice changes, and the Settings screen's
 * choices applied to the sea and the battle. */
#include "game.h"

#include <stdbool.h>
#include <stdio.h>

/* The window as the settings ask: its size (unless --size was given, or
 * the setting is "default") and fullscreen on the desktop's own mode, so
 * leaving it is instant and never changes the monitor's resolution.
 * resize: the size setting is new (else a window the player resized by
 * hand keeps its size, unless it leaves fullscreen). */
static void apply_window(Game *g, bool resize)
{
    if (!g->win) return;
    Uint32 full = SDL_GetWindowFlags(g->win) & SDL_WINDOW_FULLSCREEN_DESKTOP;
    const Settings *s = &g->settings;
    int want_w = g->o ? g->o->width : s->win_w, want_h = g->o ? g->o->height : s->win_h;
    if (s->win_w > 0 && s->win_h > 0 && !(g->o && g->o->size_given)) {
        want_w = s->win_w;
        want_h = s->win_h;
    }
    if (!s->fullscreen != !full &&
        SDL_SetWindowFullscreen(g->win, s->fullscreen ? SDL_WINDOW_FULLSCREEN_DESKTOP : 0) != 0) {
        char msg[300];
        snprintf(msg, sizeof msg, "fullscreen: %s", SDL_GetError());
        game_status(g, msg);
    }
    /* Out of fullscreen, the size is set again even when it looks right:
     * with no window manager (Xvfb) X never reports the window back at its
     * old size, and SDL would go on drawing at the screen's. */
    if (!s->fullscreen && want_w > 0 && want_h > 0 && (resize || full)) {
        SDL_SetWindowSize(g->win, want_w, want_h);
        if (!full) SDL_SetWindowPosition(g->win, SDL_WINDOWPOS_CENTERED, SDL_WINDOWPOS_CENTERED);
    }
    /* The view follows at once; the resize event that comes later syncs it again. */
    game_sync_view(g);
}

void game_settings_fullscreen(Game *g)
{
    g->settings.fullscreen = !g->settings.fullscreen;
    g->menu.edit.fullscreen = g->settings.fullscreen;
    apply_window(g, false);
    game_settings_store(g);
}

void game_settings_load(Game *g)
{
    settings_default(&g->settings);
    g->settings_ok = 0;
    g->settings_file[0] = '\0';
    if (!g->win || settings_path(g->settings_file, sizeof g->settings_file) != 0) return;
    Err e = {{0}};
    if (settings_load(&g->settings, g->settings_file, &e) != 0) {
        char msg[600];
        snprintf(msg, sizeof msg, "%s (using the defaults; the file is left as it is)", e.msg);
        fprintf(stderr, "shoal: %s\n", msg);
        game_status(g, msg);
        return;
    }
    g->settings_ok = 1;
    if (g->settings.note[0]) {
        fprintf(stderr, "shoal: %s\n", g->settings.note);
        game_status(g, g->settings.note);
    }
    apply_window(g, g->settings.win_w > 0);
}

void game_settings_store(Game *g)
{
    if (!g->settings_file[0]) return;
    if (!g->settings_ok) {
        game_status(g, "settings apply for this session only: settings.ini has an error "
                       "(fix or delete it to save them)");
        return;
    }
    Err e = {{0}};
    if (settings_save(&g->settings, g->settings_file, &e) != 0) game_status(g, e.msg);
}

void game_settings_take(Game *g, int battle_act)
{
    if (!(battle_act & (BATTLE_ACT_GRID | BATTLE_ACT_SPEED))) return;
    if (battle_act & BATTLE_ACT_GRID) g->settings.show_grid = g->bview.show_grid;
    if ((battle_act & BATTLE_ACT_SPEED) && g->battle) {
        float sp = g->battle->speed;
        if (sp < SETTINGS_SPEED_MIN) sp = SETTINGS_SPEED_MIN;
        if (sp > SETTINGS_SPEED_MAX) sp = SETTINGS_SPEED_MAX;
        g->settings.anim_speed = sp;
    }
    game_settings_store(g);
}

void game_settings_store_soon(Game *g)
{
    /* A slider drags through many values: the file is written once it
     * rests (game_sound_frame), or at the end (game_deinit). */
    g->store_in = SETTINGS_STORE_S;
}

void game_settings_apply(Game *g, const Settings *s)
{
    Err e = {{0}};
    int rc = 0;
    g->settings.sea_life = s->sea_life;
    g->settings.fish = s->fish;
    g->settings.sharks = s->sharks;
    g->settings.anim_speed = s->anim_speed;
    g->settings.show_grid = s->show_grid;
    g->settings.ask_end_turn = s->ask_end_turn;
    bool resize = s->win_w != g->settings.win_w || s->win_h != g->settings.win_h;
    g->settings.fullscreen = s->fullscreen;
    g->settings.win_w = s->win_w;
    g->settings.win_h = s->win_h;
    g->settings.keys = s->keys;
    apply_window(g, resize);
    if (s->fish != sealife_fish(&g->sea)) rc |= sealife_set_fish(&g->sea, s->fish, &e);
    if (s->sharks != sealife_shark_count(&g->sea)) rc |= sealife_set_sharks(&g->sea, s->sharks, &e);
    g->tuning.fish = sealife_fish(&g->sea);
    g->tuning.sharks = sealife_shark_count(&g->sea);
    if (s->sea_life != g->sea.on) game_set_sea_life(g, s->sea_life);
    g->bview.show_grid = s->show_grid;
    if (g->battle) battle_set_speed(g->battle, s->anim_speed);
    if (rc != 0) game_status(g, e.msg);
    game_settings_store_soon(g);
}
