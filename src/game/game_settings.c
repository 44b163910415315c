/* game_settings: the player's settings.ini for a running game — read at
 * the start, written when a choice changes, and the Settings screen's
 * choices applied to the sea and the battle. */
#include "game.h"

#include <stdio.h>

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
    if (s->fish != sealife_fish(&g->sea)) rc |= sealife_set_fish(&g->sea, s->fish, &e);
    if (s->sharks != sealife_shark_count(&g->sea)) rc |= sealife_set_sharks(&g->sea, s->sharks, &e);
    g->tuning.fish = sealife_fish(&g->sea);
    g->tuning.sharks = sealife_shark_count(&g->sea);
    if (s->sea_life != g->sea.on) game_set_sea_life(g, s->sea_life);
    g->bview.show_grid = s->show_grid;
    if (g->battle) g->battle->speed = s->anim_speed;
    if (rc != 0) game_status(g, e.msg);
    game_settings_store(g);
}
