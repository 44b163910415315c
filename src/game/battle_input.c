/* battle_input: keys, clicks and picking hexes under the cursor. */
#include <math.h>

#include "battle_view.h"
#include "keys.h"

/* A right press that moves less than this (output px) is a click, not a pan. */
#define RIGHT_CLICK_SLOP 4.0f

Hex battle_pick_hex(const Camera *c, float hex_size, double sx, double sy)
{
    double wx, wy;
    cam_screen_to_world(c, sx, sy, &wx, &wy);
    return battle_hex_at((float)wx, (float)wy, hex_size);
}

void battle_view_click(BattleView *v, const Camera *c, double sx, double sy)
{
    Battle *b = v->battle;
    if (!b || b->phase == BATTLE_CURTAIN) return;
    /* Whatever the hover showed: a click does what the cursor says. */
    BattleHover h;
    battle_view_hover(v, c, sx, sy, &h);
    switch (h.kind) {
    case BATTLE_HOVER_SELECT:
        battle_select(b, h.ship);
        break;
    case BATTLE_HOVER_PLOT:
    case BATTLE_HOVER_TURN:
    case BATTLE_HOVER_LAND:
        battle_plot(b, h.hex);
        break;
    case BATTLE_HOVER_DESELECT:
        battle_select(b, -1);
        break;
    default:
        break;
    }
}

static void right_click(BattleView *v, const Camera *c, double sx, double sy)
{
    Battle *b = v->battle;
    if (!b || b->phase != BATTLE_PLOT) return;
    int i = battle_view_ship_at(v, c, sx, sy);
    if (!battle_can_order(b, b->selected)) return;
    if (i >= 0 && b->sk.ships[i].side != b->side)
        battle_aim_at(b, i);
    else
        battle_clear_path(b);
}

/* Keys arrive as keys_table's defaults (game.c turns the player's own
 * bindings into them with keys_to_default), so the table stays the one
 * place that says which key does what. */
static int key(BattleView *v, const SDL_KeyboardEvent *k)
{
    Battle *b = v->battle;
    SDL_Keycode sym = k->keysym.sym;
    if (k->repeat) return 0;
    if (b->phase == BATTLE_CURTAIN) {
        /* Behind the curtain no orders can be given: only the hand-over,
         * the menu, and the game's own keys (help, screenshot...). Not
         * Space: it skips the replay, and a player skipping one as it ends
         * would lift the next side's curtain on the board. */
        if (sym == SDLK_RETURN || sym == SDLK_KP_ENTER) {
            battle_lift_curtain(b);
            return BATTLE_ACT_TOOK;
        }
        if (sym == SDLK_ESCAPE) return BATTLE_ACT_MENU | BATTLE_ACT_TOOK;
        if (sym == keys_table[KEYS_QUICKSAVE].def) return BATTLE_ACT_QUICKSAVE | BATTLE_ACT_TOOK;
        if (sym == keys_table[KEYS_QUICKLOAD].def) return BATTLE_ACT_QUICKLOAD | BATTLE_ACT_TOOK;
        return 0;
    }
    if (sym == keys_table[KEYS_END_TURN].def || sym == SDLK_KP_ENTER) {
        if (b->phase == BATTLE_PLOT) return BATTLE_ACT_END_TURN | BATTLE_ACT_TOOK;
        battle_skip_animation(b);
        return BATTLE_ACT_TOOK;
    }
    if (sym == keys_table[KEYS_SKIP].def) {
        battle_skip_animation(b);
        return BATTLE_ACT_TOOK;
    }
    if (sym == keys_table[KEYS_ANCHOR].def) {
        battle_toggle_anchor(b, b->selected);
        return BATTLE_ACT_TOOK;
    }
    if (sym == keys_table[KEYS_BOARD].def) {
        battle_cycle_board(b, b->selected);
        return BATTLE_ACT_TOOK;
    }
    if (sym == keys_table[KEYS_NEXT_SHIP].def) {
        int dir = (k->keysym.mod & KMOD_SHIFT) ? -1 : 1;
        if (battle_select_unordered(b, dir) < 0) return BATTLE_ACT_TOOK;
        return BATTLE_ACT_CENTRE | BATTLE_ACT_TOOK;
    }
    if (sym == keys_table[KEYS_CLEAR].def || sym == SDLK_DELETE) {
        battle_clear_path(b);
        return BATTLE_ACT_TOOK;
    }
    if (sym == keys_table[KEYS_QUICKSAVE].def) return BATTLE_ACT_QUICKSAVE | BATTLE_ACT_TOOK;
    if (sym == keys_table[KEYS_QUICKLOAD].def) return BATTLE_ACT_QUICKLOAD | BATTLE_ACT_TOOK;
    if (sym == keys_table[KEYS_REWATCH].def) {
        battle_rewatch(b);
        return BATTLE_ACT_TOOK;
    }
    if (sym == keys_table[KEYS_SLOWER].def || sym == keys_table[KEYS_FASTER].def) {
        battle_set_speed(b, battle_speed_step(b->speed, sym == keys_table[KEYS_FASTER].def));
        battle_note(b, 0, "replays play at %gx", (double)b->speed);
        return BATTLE_ACT_SPEED | BATTLE_ACT_TOOK;
    }
    if (sym == keys_table[KEYS_GRID].def) {
        v->show_grid = !v->show_grid;
        return BATTLE_ACT_GRID | BATTLE_ACT_TOOK;
    }
    switch (sym) {
    case SDLK_ESCAPE:
        /* First the route she keeps, then the selection, then the menu. */
        if (battle_has_route(b, b->selected) && battle_can_order(b, b->selected)) {
            battle_clear_path(b);
            battle_note(b, 0, "route cancelled");
            return BATTLE_ACT_TOOK;
        }
        if (b->selected >= 0) {
            battle_select(b, -1);
            return BATTLE_ACT_TOOK;
        }
        return BATTLE_ACT_MENU | BATTLE_ACT_TOOK;
    case SDLK_p:
        v->panels.hidden = !v->panels.hidden;
        return BATTLE_ACT_TOOK;
    default:
        if (sym >= SDLK_1 && sym <= SDLK_8) {
            battle_select_nth(b, (int)(sym - SDLK_1));
            return BATTLE_ACT_CENTRE | BATTLE_ACT_TOOK;
        }
        return 0;
    }
}

int battle_view_event(BattleView *v, const SDL_Event *ev, const Camera *c, float px_ratio)
{
    if (!v->battle) return 0;
    switch (ev->type) {
    case SDL_KEYDOWN:
        return key(v, &ev->key);
    case SDL_MOUSEBUTTONDOWN:
        if (ev->button.button == SDL_BUTTON_RIGHT) {
            v->right_down = 1;
            v->right_x = (float)ev->button.x * px_ratio;
            v->right_y = (float)ev->button.y * px_ratio;
            v->right_moved = 0.0f;
        }
        return 0;
    case SDL_MOUSEMOTION:
        v->mouse_seen = true;
        v->mouse_x = (float)ev->motion.x * px_ratio;
        v->mouse_y = (float)ev->motion.y * px_ratio;
        if (v->right_down)
            v->right_moved += fabsf((float)ev->motion.xrel) + fabsf((float)ev->motion.yrel);
        return 0;
    case SDL_MOUSEBUTTONUP:
        if (ev->button.button == SDL_BUTTON_RIGHT && v->right_down) {
            v->right_down = 0;
            if (v->right_moved * px_ratio < RIGHT_CLICK_SLOP)
                right_click(v, c, v->right_x, v->right_y);
        }
        return 0;
    default:
        return 0;
    }
}
