/* game_tutorial: the guided first battle in a running game — started from
 * the menu, by --tutorial or from the first start's question; its battle
 * made the tutorial's as it comes on screen; its panel's choices acted
 * on; settings.ini told once it has been offered and once it is won. */
#include "game.h"

#include <stdio.h>

void game_tutorial_start(Game *g)
{
    BattleSetup st;
    char map[PATHS_MAX];
    Err e = {{0}};
    if (tutorial_setup(&st, map, sizeof map, &e) != 0) {
        char msg[sizeof e.msg + 32];
        snprintf(msg, sizeof msg, "no guided battle: %s", e.msg);
        game_tell(g, 1, msg);
        return;
    }
    tutorial_end(&g->tut);
    g->tut_pending = true;
    g->tut_before = g->battle;
    game_new_battle(g, &st); /* copies the map's path */
}

void game_scenario_start(Game *g)
{
    const Menu *m = &g->menu;
    if (m->scen_choice < 0 || m->scen_choice >= m->nscen) return;
    BattleSetup st;
    char map[PATHS_MAX];
    Err e = {{0}};
    if (battle_setup_scenario(&st, m->scen[m->scen_choice].name, map, sizeof map, &e) != 0) {
        game_tell(g, 1, e.msg);
        return;
    }
    tutorial_end(&g->tut);
    if (m->scen_hosted)
        game_net_host(g, &st); /* copies the map's path too */
    else
        game_new_battle(g, &st); /* copies the map's path */
}

void game_tutorial_open(Game *g)
{
    const GameOptions *o = g->o;
    if (o->tutorial) {
        game_tutorial_start(g);
        return;
    }
    /* Only a plain start into the menu of a brand-new player: the flags
     * that pick what to show, and a settings.ini already there, mean
     * someone who knows what they want (every test is one). */
    if (!g->win || !g->menu_open || o->menu || !g->settings_ok ||
        g->settings.tutorial != SETTINGS_TUTORIAL_NEW)
        return;
    g->settings.tutorial = SETTINGS_TUTORIAL_OFFERED;
    g->menu.edit.tutorial = SETTINGS_TUTORIAL_OFFERED;
    game_settings_store(g);
    static const char *const buttons[] = {"Guided first battle", "Not now"};
    dialog_open(&g->ask, GAME_ASK_TUTORIAL_OFFER, "Welcome aboard",
                "New to shoal? The guided first battle shows you, step by step, how to sail by "
                "the wind, aim a broadside and rake an enemy, against one small sloop.\n"
                "It stays on the main menu for later.",
                buttons, 2, 0, 1);
}

void game_tutorial_answer(Game *g, int kind)
{
    if (kind == GAME_ASK_TUTORIAL || kind == GAME_ASK_TUTORIAL_OFFER) game_tutorial_start(g);
}

/* The view between the two ships (the battle opened it on the fleet's
 * spawn, before they were placed). */
static void centre_view(Game *g)
{
    const Battle *b = g->battle;
    float hs = (float)b->map.meta.hex_size, ax, ay, ex, ey;
    hex_to_pixel(b->sk.ships[g->tut.ship].pose.hex, hs, &ax, &ay);
    hex_to_pixel(b->sk.ships[g->tut.enemy].pose.hex, hs, &ex, &ey);
    g->cam.cx = (ax + ex) / 2;
    g->cam.cy = (ay + ey) / 2;
    cam_clamp(&g->cam);
}

/* The menu, on its main screen or on the New skirmish one. */
static void open_menu(Game *g, int screen)
{
    tutorial_end(&g->tut);
    g->menu_open = 1;
    g->menu.edit = g->settings;
    menu_show(&g->menu, screen);
}

/* What the panel chose last frame. */
static void apply(Game *g, int act)
{
    if (act & TUTORIAL_ACT_NEXT) g->tut_next = true;
    if (act & TUTORIAL_ACT_LEAVE) open_menu(g, MENU_MAIN);
    if (act & TUTORIAL_ACT_SKIRMISH) open_menu(g, MENU_NEW);
    if (act & TUTORIAL_ACT_AGAIN) game_tutorial_start(g);
}

void game_tutorial_frame(Game *g)
{
    int act = g->tut_act;
    g->tut_act = TUTORIAL_ACT_NONE;
    g->bview.rake_on = false;
    if (g->tut_pending && !g->loader) {
        /* Loaded (a new battle is on screen), or failed (the old one stays). */
        g->tut_pending = false;
        if (g->battle && g->battle != g->tut_before) {
            tutorial_begin(&g->tut, g->battle);
            centre_view(g);
        }
        g->tut_before = NULL;
    }
    if (!g->tut.on) return;
    if (g->battle != g->tut.dressed) {
        tutorial_end(&g->tut);
        return;
    }
    apply(g, act);
    if (!g->tut.on || g->menu_open || g->loader) return;
    TutorialSeen s = {g->bview.hover.kind, g->bview.hover.hex, g->tut_next};
    g->tut_next = false;
    bool was_done = g->tut.step == TUTORIAL_DONE;
    tutorial_update(&g->tut, g->battle, &s);
    /* The Rake step shows the lines it asks for on the board. */
    g->bview.rake_on = g->tut.on && g->tut.step == TUTORIAL_RAKE;
    g->bview.rake_ship = g->tut.enemy;
    if (!was_done && g->tut.step == TUTORIAL_DONE && g->battle->sk.winner == 0 &&
        g->settings.tutorial != SETTINGS_TUTORIAL_DONE) {
        g->settings.tutorial = SETTINGS_TUTORIAL_DONE;
        g->menu.edit.tutorial = SETTINGS_TUTORIAL_DONE;
        game_settings_store(g);
    }
}

void game_tutorial_hud(Game *g, const Camera *c)
{
    if (!g->tut.on || g->loader || g->battle != g->tut.dressed) return;
    g->tut_act |= tutorial_draw(&g->tut, &g->bview, &g->ui, c, g->view_w, g->view_h);
}
