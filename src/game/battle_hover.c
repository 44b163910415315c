/* battle_hover: what a click at the cursor would do — the one decision
 * behind the hover highlight, its hint and the click itself, so a click
 * never does something the cursor did not show — and the hint's box. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "battle_view.h"
#include "ui/theme.h"

/* Design px: the smallest marker radius, so a ship a few px long at
 * whole-map zoom can still be seen and clicked. */
#define MARKER_MIN_PX 6.0f

float battle_marker_px(const Battle *b, const Camera *c, int i, float ui)
{
    float len = battle_ship_length(b, b->sk.ships[i].cls) * (float)c->zoom;
    return fmaxf(len * 0.5f, MARKER_MIN_PX * ui);
}

float battle_view_marker_px(const BattleView *v, const Camera *c, int i)
{
    return battle_marker_px(v->battle, c, i, v->ui);
}

bool battle_view_marker_at(const BattleView *v, const Camera *c, int i, float *x, float *y,
                           float *r)
{
    BattleShipLook l;
    battle_ship_look(v->battle, i, &l);
    if (!l.visible) return false;
    double sx, sy;
    cam_world_to_screen(c, l.x, l.y, &sx, &sy);
    *x = (float)sx;
    *y = (float)sy;
    *r = battle_view_marker_px(v, c, i);
    return true;
}

/* Is output px (sx, sy) on ship i's marker (as drawn now)? */
static bool on_marker(const BattleView *v, const Camera *c, int i, double sx, double sy, float *d2)
{
    float x, y, r;
    if (!battle_view_marker_at(v, c, i, &x, &y, &r)) return false;
    float dx = x - (float)sx, dy = y - (float)sy;
    /* Zoomed in, the marker is a ring round the hull: only the inner
     * part of it (the hull itself) counts, not the water at its rim. */
    float len = battle_ship_length(v->battle, v->battle->sk.ships[i].cls) * (float)c->zoom;
    if (len * 0.5f >= MARKER_MIN_PX * v->ui) r = len * 0.3f;
    *d2 = dx * dx + dy * dy;
    return *d2 <= r * r;
}

int battle_view_ship_at(const BattleView *v, const Camera *c, double sx, double sy)
{
    const Battle *b = v->battle;
    if (!b) return -1;
    if (b->phase != BATTLE_ANIMATE) {
        Hex h = battle_pick_hex(c, (float)b->map.meta.hex_size, sx, sy);
        int i = skirmish_ship_at(&b->sk, h);
        if (i >= 0 && b->sk.ships[i].status != FLEET_SUNK) return i;
    }
    int best = -1;
    float bd = 0.0f;
    for (int i = 0; i < b->sk.nships; i++) {
        float d2;
        if (!on_marker(v, c, i, sx, sy, &d2) || (best >= 0 && d2 >= bd)) continue;
        best = i;
        bd = d2;
    }
    return best;
}

static const char *broadside_name(int bs)
{
    return bs == FLEET_PORT ? "port" : "starboard";
}

/* Hexes from the selected ship (her hex or her path's end) within which
 * an enemy she can't board says why under the cursor: one a player might
 * mean to board; further off, the reason is plain and would only crowd
 * the hint. */
#define BOARD_WHY_HEXES 3

/* Boarding, after ship i's hint: that the selected ship can board her
 * this turn (and the key that cycles her board order), else why not when
 * she is near (battle_board_can). */
static void board_hint(const BattleView *v, int i, BattleHover *out)
{
    const Battle *b = v->battle;
    int sel = b->selected;
    const FleetShip *m = &b->sk.ships[i];
    if (!battle_can_order(b, sel) || i == sel || m->side == b->sk.ships[sel].side ||
        m->status == FLEET_SUNK)
        return;
    char why[BATTLE_HOVER_HINT];
    size_t n = strlen(out->hint);
    if (battle_board_can(b, sel, i, why, sizeof why)) {
        SDL_Keycode k = v->keys ? v->keys->key[KEYS_BOARD] : keys_table[KEYS_BOARD].def;
        char sl[16];
        skirmish_ship_label(&b->sk, sel, sl, sizeof sl);
        snprintf(out->hint + n, sizeof out->hint - n, "  \xC2\xB7  %s can board her this turn (%s)",
                 sl, keys_name(k));
        return;
    }
    int near = hex_distance(b->sk.ships[sel].pose.hex, m->pose.hex),
        end = hex_distance(battle_path_end(b, sel).hex, m->pose.hex);
    if (why[0] && (near <= BOARD_WHY_HEXES || end <= BOARD_WHY_HEXES))
        snprintf(out->hint + n, sizeof out->hint - n, "  \xC2\xB7  %s", why);
}

/* The hint for hovering over ship i (a right click's aim added when one
 * of the selected ship's broadsides would bear on her, then boarding). */
static void ship_hint(const BattleView *v, int i, BattleHover *out)
{
    const Battle *b = v->battle;
    char lab[16], sl[16];
    skirmish_ship_label(&b->sk, i, lab, sizeof lab);
    int sel = b->selected;
    out->aim_bs = -1;
    if (battle_can_order(b, sel) && b->sk.ships[i].side != b->sk.ships[sel].side &&
        fleet_ship_active(&b->sk.ships[i])) {
        int bs = fleet_broadside_for(battle_path_end(b, sel), b->sk.ships[i].pose.hex);
        if (bs >= 0 && b->sk.ships[sel].reload[bs] == 0) out->aim_bs = bs;
    }
    if (i == b->selected) {
        snprintf(out->hint, sizeof out->hint, "%s (selected)", lab);
        return;
    }
    if (out->aim_bs < 0) {
        snprintf(out->hint, sizeof out->hint, "select %s", lab);
    } else {
        skirmish_ship_label(&b->sk, sel, sl, sizeof sl);
        snprintf(out->hint, sizeof out->hint,
                 "select %s  \xC2\xB7  right-click: aim %s's %s broadside", lab, sl,
                 broadside_name(out->aim_bs));
    }
    board_hint(v, i, out);
}

/* An exit or the bay under the cursor says whose it is and what for,
 * both sides' (they may share a hex) joined by a dot. */
static void goal_note(const Battle *b, BattleHover *out)
{
    size_t n = 0;
    for (int s = 0; s < SKIRMISH_SIDES; s++) {
        char line[BATTLE_HOVER_HINT];
        skirmish_goal_hex_text(&b->sk, s, out->hex, line, sizeof line);
        if (!line[0]) continue;
        if (n == 0) out->goal_side = s;
        n += (size_t)snprintf(out->goal + n, sizeof out->goal - n, "%s%s", n ? "  \xC2\xB7  " : "",
                              line);
        if (n >= sizeof out->goal) break;
    }
}

/* What a click would do (the hint), for battle_view_hover. */
static void hover_action(const BattleView *v, const Camera *c, double sx, double sy,
                         BattleHover *out)
{
    const Battle *b = v->battle;
    out->ship = battle_view_ship_at(v, c, sx, sy);
    int sel = b->selected;
    char sl[16] = "";
    if (sel >= 0) skirmish_ship_label(&b->sk, sel, sl, sizeof sl);
    /* Orders first: with one of hers selected, her own hex and water plot. */
    if (battle_can_order(b, sel) && (out->ship < 0 || out->ship == sel)) {
        HexPose here = b->sk.ships[sel].pose, end = battle_path_end(b, sel);
        if (!chart_sailable(&b->sk.chart, out->hex)) {
            out->kind = BATTLE_HOVER_LAND;
            snprintf(out->hint, sizeof out->hint, "no sea here: %s can't sail there", sl);
        } else if (b->sk.orders[sel].nsteps > 0 && hex_equal(out->hex, end.hex)) {
            out->kind = BATTLE_HOVER_TURN;
            snprintf(out->hint, sizeof out->hint, "change the heading %s ends on", sl);
        } else if (hex_equal(out->hex, here.hex)) {
            out->kind = BATTLE_HOVER_TURN;
            snprintf(out->hint, sizeof out->hint, "turn %s in place", sl);
        } else {
            out->kind = BATTLE_HOVER_PLOT;
            snprintf(out->hint, sizeof out->hint, "plot %s's route here", sl);
        }
        return;
    }
    if (out->ship >= 0) {
        out->kind = BATTLE_HOVER_SELECT;
        ship_hint(v, out->ship, out);
        if (out->ship == sel) out->kind = BATTLE_HOVER_NONE;
        return;
    }
    if (sel >= 0) {
        out->kind = BATTLE_HOVER_DESELECT;
        snprintf(out->hint, sizeof out->hint, "deselect %s", sl);
    }
}

void battle_view_hover(const BattleView *v, const Camera *c, double sx, double sy, BattleHover *out)
{
    const Battle *b = v->battle;
    *out = (BattleHover){BATTLE_HOVER_NONE, -1, {0, 0}, -1, "", 0, ""};
    if (!b || b->phase == BATTLE_CURTAIN) return;
    out->hex = battle_pick_hex(c, (float)b->map.meta.hex_size, sx, sy);
    hover_action(v, c, sx, sy, out);
    goal_note(b, out);
}

/* What a click at the cursor would do, beside the cursor, and under it
 * what the hex is to the goals (an exit, the bay) in that side's colour. */
void battle_view_hint(BattleView *v, const Ui *ui, int view_w, int view_h)
{
    const BattleHover *h = &v->hover;
    if (!v->mouse_seen || v->over_panel || (!h->hint[0] && !h->goal[0])) return;
    const char *lines[2] = {h->hint, h->goal};
    int tw = 0, th = 0, lw[2] = {0, 0}, lh = 0;
    for (int k = 0; k < 2; k++) {
        if (!lines[k][0]) continue;
        text_measure(v->text, lines[k], &lw[k], &lh);
        if (lw[k] > tw) tw = lw[k];
        th += lh;
    }
    float u = v->ui, pad = 5 * u, bw = (float)tw + 2 * pad, bh = (float)th + pad;
    /* Below right of the pointer; else the other sides of it, the first
     * that stays in the view and clear of the panels drawn this frame. */
    float xs[2] = {v->mouse_x + 18 * u, v->mouse_x - bw - 8 * u};
    float ys[2] = {v->mouse_y + 16 * u, v->mouse_y - bh - 8 * u};
    float x = xs[0], y = ys[0];
    if (x + bw > (float)view_w) x = xs[1];
    if (y + bh > (float)view_h) y = ys[1];
    for (int k = 0; k < 4; k++) {
        SDL_FRect r = {xs[k & 1], ys[k >> 1], bw, bh};
        bool clear = r.x >= 0 && r.y >= 0 && r.x + bw <= (float)view_w && r.y + bh <= (float)view_h;
        for (int p = 0; p < ui->nrects && clear; p++)
            clear = !battle_layout_overlap(&r, &ui->rects[p]);
        if (clear) {
            x = r.x;
            y = r.y;
            break;
        }
    }
    battle_view_box(v->r, x, y, (float)tw + 2 * pad, (float)th + pad, 215);
    SDL_Color ink = h->kind == BATTLE_HOVER_LAND     ? THEME_BAD
                    : h->kind == BATTLE_HOVER_SELECT ? THEME_INK
                                                     : THEME_GOLD;
    SDL_Color side = h->goal_side ? THEME_SIDE_B_TEXT : THEME_SIDE_A_TEXT;
    float ly = y + pad / 2;
    for (int k = 0; k < 2; k++) {
        if (!lines[k][0]) continue;
        text_draw(v->text, lines[k], (int)(x + pad), (int)ly, k ? side : ink);
        ly += (float)lh;
    }
}
