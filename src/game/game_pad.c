/* game_pad: the gamepad's presses sent to whatever is on screen. */
#include "game.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

static void tell_name(Game *g)
{
    if (g->pad.gc)
        snprintf(g->menu.pad_label, sizeof g->menu.pad_label, "Gamepad: %s", g->pad.name);
    else
        snprintf(g->menu.pad_label, sizeof g->menu.pad_label, "No gamepad plugged in");
}

void game_pad_init(Game *g)
{
    /* Headless runs (screenshots, benchmarks) have no one to hold a pad:
     * the subsystem, its threads and its device scan are left out. */
    if (g->win) {
        pad_init(&g->pad);
    } else {
        memset(&g->pad, 0, sizeof g->pad);
        g->pad.focus = -1;
    }
    tell_name(g);
}

/* A key press as if typed: questions, the loader and the menu already
 * answer Return and Esc. */
static void push_key(SDL_Keycode k)
{
    SDL_Event e = {0};
    e.type = SDL_KEYDOWN;
    e.key.state = SDL_PRESSED;
    e.key.keysym.sym = k;
    SDL_PushEvent(&e);
}

/* The pointer to output px (x, y), and a left click there when click. */
static void point(Game *g, float x, float y, bool click)
{
    float r = g->in.px_ratio > 0 ? g->in.px_ratio : 1.0f;
    int wx = (int)lroundf(x / r), wy = (int)lroundf(y / r);
    if (g->win) SDL_WarpMouseInWindow(g->win, wx, wy);
    SDL_Event e = {0};
    e.motion.type = SDL_MOUSEMOTION;
    e.motion.x = wx;
    e.motion.y = wy;
    SDL_PushEvent(&e);
    if (!click) return;
    for (int up = 0; up < 2; up++) {
        SDL_Event c = {0};
        c.button.type = up ? SDL_MOUSEBUTTONUP : SDL_MOUSEBUTTONDOWN;
        c.button.button = SDL_BUTTON_LEFT;
        c.button.state = up ? SDL_RELEASED : SDL_PRESSED;
        c.button.clicks = 1;
        c.button.x = wx;
        c.button.y = wy;
        SDL_PushEvent(&c);
    }
}

static void battle_press(Game *g, int press)
{
    int a = pad_battle(&g->pad, g->battle, press);
    g->battle_act |= a & ~BATTLE_ACT_TOOK;
    float x, y;
    if (!pad_cursor(&g->pad, &x, &y)) return;
    /* The pointer on the cursor: the hover shows what A would do. */
    double sx, sy;
    cam_world_to_screen(&g->cam, x, y, &sx, &sy);
    if (sx < 0 || sy < 0 || sx >= g->view_w || sy >= g->view_h) {
        cam_pan(&g->cam, (double)g->view_w / 2 - sx, (double)g->view_h / 2 - sy);
        cam_world_to_screen(&g->cam, x, y, &sx, &sy);
    }
    point(g, (float)sx, (float)sy, false);
}

/* A press (or a held direction's repeat) to whatever is on screen. */
static void send_press(Game *g, int press)
{
    if (g->loader || g->ask.open) {
        if (press == PAD_A && g->ask.open) push_key(SDLK_RETURN);
        if (press == PAD_B) push_key(SDLK_ESCAPE);
        return;
    }
    if (g->menu_open) {
        float x, y;
        bool back = press == PAD_B || press == PAD_MENU;
        int how = back ? 0 : pad_menu(&g->pad, &g->ui, press, &x, &y);
        if (back) push_key(SDLK_ESCAPE);
        if (how) point(g, x, y, how == 2);
        return;
    }
    g->pad.focus = -1;
    if (g->battle)
        battle_press(g, press);
    else if (press == PAD_END || press == PAD_MENU || press == PAD_B)
        push_key(SDLK_ESCAPE);
}

int game_pad_event(Game *g, const SDL_Event *ev)
{
    if (pad_device_event(&g->pad, ev)) {
        tell_name(g);
        game_status(g, g->menu.pad_label);
        return 1;
    }
    int press = pad_press(&g->pad, ev);
    if (press != PAD_NONE) send_press(g, press);
    /* Every controller event is the pad's, presses or not. */
    return ev->type >= SDL_CONTROLLERAXISMOTION && ev->type <= SDL_CONTROLLERDEVICEREMAPPED;
}

void game_pad_frame(Game *g, double dt)
{
    int press = pad_repeat(&g->pad, (float)dt);
    if (press != PAD_NONE) send_press(g, press);
}
