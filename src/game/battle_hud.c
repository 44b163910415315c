/* battle_hud: the battle's screen-space overlays — turn and wind, the
 * buttons, the selected ship's panel and broadside orders, the log, the
 * passing note and the hot-seat curtain (the end screen is battle_end.c). */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "battle_layout.h"
#include "battle_view.h"
#include "ui/draw.h"
#include "core/mathx.h"
#include "core/words.h"
#include "ui/theme.h"

/* The name of the key action a is bound to (the default without bindings). */
static const char *bound_key(const BattleView *v, int a)
{
    return keys_name(v->keys ? v->keys->key[a] : keys_table[a].def);
}

/* Side s's colour in the log (0 or 1). */
static SDL_Color side_ink(int s)
{
    return s ? THEME_SIDE_B_TEXT : THEME_SIDE_A_TEXT;
}

static const char *const wind_names[6] = {
    "calm", "light air", "light breeze", "moderate breeze", "fresh breeze", "gale"};

/* ----------------------------------------------------------------- tips */

/* What each field of the HUD means, shown when the pointer rests on it
 * (ui_tip). Numbers stay in the rules' tables and the F1 Rules page; a
 * tip says what a field is and what a click does. */
enum {
    TIP_TURN,
    TIP_WIND,
    TIP_MODE,
    TIP_STATUS,
    TIP_SHORE,
    TIP_ANCHOR,
    TIP_LASHED,
    TIP_BOARD,
    TIP_HULL,
    TIP_RIGGING,
    TIP_CREW,
    TIP_GUNS,
    TIP_SAIL,
    TIP_PATH,
    TIP_TARGET,
    TIP_SHOT,
    TIP_AIM,
    TIP_RELOAD,
    TIP_ENEMY,
    TIP_END_TURN,
    TIP_SKIP,
    TIP_SPEED,
    TIP_REWATCH,
    TIP_RESULTS,
    TIP_SAVE,
    TIP_QUICKSAVE,
    TIP_QUICKLOAD,
    TIP_MENU,
    TIP_GRID,
    TIP_BATTLE_TITLE,
    TIP_LOG,
    TIP_COUNT
};

/* The shot buttons' words, by FLEET_ROUND..: what each is for. */
static const char *const shot_labels[FLEET_SHOTS] = {"round shot (hull)", "chain shot (rigging)",
                                                     "grape (crew)",
                                                     "double shot (first broadside, short)"};

static const char *const tips[TIP_COUNT] = {
    [TIP_TURN] = "The turn on screen and the battle's turn limit. At the limit the side with the "
                 "most points wins.",
    [TIP_WIND] = "Where the wind blows from and how hard. It sets every ship's speed on each "
                 "heading (the rose round a selected ship); after a turn it may veer, freshen "
                 "or slacken.",
    [TIP_MODE] = "Who acts now. Both sides give orders, then everything happens at once.",
    [TIP_STATUS] = "Afloat and fighting; or struck (a wreck that blocks her hex and drifts "
                   "with the wind); or sunk.",
    [TIP_SHORE] = "At anchor she neither sails nor drifts. Aground she cannot sail: she kedges "
                  "off (about one turn in three) or floats free when the wind no longer sets her "
                  "on the land, and a strong wind pounds her hull.",
    [TIP_ANCHOR] = "Let go the anchor where her path ends (she will not drift), or weigh it: "
                   "weighing takes the turn, she sails the next. A ship that lies still or ends "
                   "in irons drifts a hex downwind on a chance that grows with the wind.",
    [TIP_LASHED] = "Lashed to another ship (grappled, or fouled in a collision): neither sails "
                   "nor drifts until one cuts loose. A prize fights for the side that took her, "
                   "with the prize crew it spared.",
    [TIP_BOARD] = "Click to change: grapple an enemy (or a wreck) she can get alongside this "
                  "turn and board her (her path is plotted to end beside her); lashed, board her "
                  "or cut loose. Boarders fight by crew numbers; a ship carried, or a wreck "
                  "held, is taken as a prize.",
    [TIP_HULL] = "Hull: round shot takes it. At 0 she sinks; below a quarter she may strike "
                 "each turn.",
    [TIP_RIGGING] = "Rigging: her masts and sails. Chain shot takes it, and her speed falls "
                    "with it.",
    [TIP_CREW] = "Crew: with under half, fewer guns are worked; below a quarter she strikes. "
                 "Grape takes it.",
    [TIP_GUNS] = "Guns of each broadside that can still fire; round shot can dismount them.",
    [TIP_SAIL] = "Her point of sail now (the angle between her heading and the wind) and the "
                 "movement points it gives this turn. The rose round her shows every heading.",
    [TIP_PATH] = "This turn's steps and the heading she ends on. Click a hex to plot a route; "
                 "click its end again to change that heading.",
    [TIP_TARGET] = "Click to change: fire at will (the nearest enemy in the arc, raking first), "
                   "hold fire, or aim at each enemy in turn. Broadsides fire after moving.",
    [TIP_SHOT] = "Click to switch: round shot holes the hull, kills crew, dismounts guns; chain "
                 "shot tears rigging; grape kills crew close aboard; neither reaches long range. "
                 "Double shot, for a broadside's first fire only, hits hardest at 1-2 hexes but "
                 "may burst a gun; farther off she holds her fire.",
    [TIP_AIM] = "The enemy this broadside would bear on from where her path ends (its arc is "
                "outlined on the sea).",
    [TIP_RELOAD] = "This broadside fired last turn and cannot fire this one.",
    [TIP_ENEMY] = "Her orders are hidden; the tinted hexes and the rose show what she can do.",
    [TIP_END_TURN] = "Your orders are given: both sides' orders are carried out together.",
    [TIP_SKIP] = "Jump to the end of the turn being played.",
    [TIP_SPEED] = "How fast turns play out: 0.5x, 1x, 2x or 4x; the one in brackets plays "
                  "now (kept in settings.ini).",
    [TIP_REWATCH] = "Play the last turn again while you plot this one: your orders, the "
                    "selection and the rules are left as they are. Saves don't keep it.",
    [TIP_RESULTS] = "The end screen again: the winner, losses and points.",
    [TIP_SAVE] = "Save the battle under a new name, the orders plotted so far included.",
    [TIP_QUICKSAVE] = "Save to the quick save, over the last one.",
    [TIP_QUICKLOAD] = "Load the quick save (asks first when this battle has unsaved orders).",
    [TIP_MENU] = "The main menu: a new battle, load, settings, quit. The battle waits.",
    [TIP_GRID] = "Show or hide the hex grid.",
    [TIP_BATTLE_TITLE] = "Click to fold or unfold this panel.",
    [TIP_LOG] = "What happened in the turns played. Click to show 3 lines or 12.",
};

/* The tip of the part of the label or line just laid out at r whose text
 * runs from byte `from` to byte `to` of text. */
static void tip_span(Text *t, Ui *ui, SDL_FRect r, const char *text, size_t from, size_t to,
                     const char *tip)
{
    char buf[256];
    int x0 = 0, x1 = 0, h;
    snprintf(buf, from + 1 < sizeof buf ? from + 1 : sizeof buf, "%s", text);
    if (from > 0) text_measure(t, buf, &x0, &h);
    snprintf(buf, to + 1 < sizeof buf ? to + 1 : sizeof buf, "%s", text);
    text_measure(t, buf, &x1, &h);
    ui_tip_rect(ui, (SDL_FRect){r.x + (float)x0, r.y, (float)(x1 - x0), r.h}, tip);
}

/* The tip of a panel's title row, as ui_panel_begin lays it out. */
static void tip_title(Ui *ui, const UiPanel *p, const char *tip)
{
    float h = (THEME_PAD + THEME_GAP / 2) * ui->scale + (float)text_line_height(ui->text);
    ui_tip_rect(ui, (SDL_FRect){p->x, p->y, p->w, h}, tip);
}

/* Shown after a panel's title: a click there folds or unfolds it. */
#define FOLD_OPEN " \xE2\x80\x93" /* an en dash: click to fold */
#define FOLD_SHUT " +"

/* True when this frame's click (press and release) landed on the title
 * row of panel p, as ui_panel_begin lays it out. */
static bool title_clicked(const Ui *ui, const UiPanel *p)
{
    if (!ui->released || p->h <= 0.0f) return false;
    float h = (THEME_PAD + THEME_GAP / 2) * ui->scale + (float)text_line_height(ui->text);
    bool press = ui->press_x >= p->x && ui->press_x < p->x + p->w && ui->press_y >= p->y &&
                 ui->press_y < p->y + h;
    bool now = ui->mx >= p->x && ui->mx < p->x + p->w && ui->my >= p->y && ui->my < p->y + h;
    return press && now;
}

/* The wind rose: a circle and an arrow pointing where the wind blows. */
static void wind_rose(SDL_Renderer *r, float cx, float cy, float rad, int from, int strength)
{
    SDL_FPoint circle[33];
    for (int k = 0; k <= 32; k++) {
        float a = 2.0f * MATHX_PI_F * (float)k / 32.0f;
        circle[k] = (SDL_FPoint){cx + cosf(a) * rad, cy + sinf(a) * rad};
    }
    theme_draw_color(r, THEME_ROSE);
    draw_lines_f(r, circle, 33);
    float a = -(float)from * MATHX_PI_F / 3.0f + MATHX_PI_F; /* blows away from `from` */
    float tx = cx + cosf(a) * rad * 0.9f, ty = cy + sinf(a) * rad * 0.9f;
    float bx = cx - cosf(a) * rad * 0.9f, by = cy - sinf(a) * rad * 0.9f;
    float hl = rad * 0.45f;
    SDL_FPoint arrow[5] = {{bx, by},
                           {tx, ty},
                           {tx + cosf(a + 2.5f) * hl, ty + sinf(a + 2.5f) * hl},
                           {tx, ty},
                           {tx + cosf(a - 2.5f) * hl, ty + sinf(a - 2.5f) * hl}};
    theme_draw_color(r, theme_alpha(THEME_WIND, strength > 0 ? 255 : 90));
    draw_lines_f(r, arrow, 5);
}

static const char *mode_line(const Battle *b, char *buf, size_t cap)
{
    const char *who = battle_side_name(b->side);
    switch (b->phase) {
    case BATTLE_PLOT:
        if (b->mode == BATTLE_HOTSEAT)
            snprintf(buf, cap, "side %s: give your orders", who);
        else if (b->mode == BATTLE_NET)
            snprintf(buf, cap, "your orders (side %s, %s)", who, b->side == 0 ? "blue" : "red");
        else
            snprintf(buf, cap, "your orders (side A, blue)");
        break;
    case BATTLE_CURTAIN:
        snprintf(buf, cap, "hand the screen to side %s", who);
        break;
    case BATTLE_WAIT:
        snprintf(buf, cap, "your orders are in: waiting for side %s's",
                 battle_side_name(1 - b->side));
        break;
    case BATTLE_ANIMATE:
        if (b->rewatching) {
            snprintf(buf, cap, "re-watching the last turn (your orders wait)");
            break;
        }
        snprintf(buf, cap,
                 b->mode == BATTLE_WATCH ? "watching the computer fight both sides"
                                         : "the turn plays out");
        break;
    default:
        snprintf(buf, cap, "the battle is over");
        break;
    }
    return buf;
}

/* A scenario's objectives under the top bar, a line a side (A is the
 * player's against the computer); returns the y below them. */
static float goal_bar(BattleView *v, const Skirmish *sk, int view_w, float y, float pad)
{
    for (int side = 0; side < SKIRMISH_SIDES; side++) {
        char goal[160], line[200];
        skirmish_goal_brief(sk, side, goal, sizeof goal);
        snprintf(line, sizeof line, "Side %c: %s", "AB"[side], goal);
        int tw, th;
        text_measure(v->text, line, &tw, &th);
        float x = ((float)view_w - (float)tw) / 2 - pad;
        battle_view_box(v->r, x, y, (float)tw + 2 * pad, (float)th + pad / 2, 185);
        text_draw(v->text, line, (int)(x + pad), (int)(y + pad / 4),
                  side == 0 ? THEME_GOLD : THEME_INK);
        y += (float)th + pad / 2;
    }
    return y + pad;
}

/* The top bar's line (turn, wind, who plots) into line, and the bar's
 * width and height (output px). */
static void top_bar_line(BattleView *v, const Battle *b, char *line, size_t cap, float *w, float *h)
{
    char mode[96];
    int ws = b->sk.wind_strength < 0 ? 0 : b->sk.wind_strength > 5 ? 5 : b->sk.wind_strength;
    snprintf(line, cap, "Turn %d of %d   \xC2\xB7   wind from %s, %s   \xC2\xB7   %s",
             battle_turn_shown(b), b->sk.turn_limit, hex_dir_names[b->sk.wind_dir % HEX_DIRS],
             wind_names[ws], mode_line(b, mode, sizeof mode));
    int tw, th;
    text_measure(v->text, line, &tw, &th);
    float pad = 8 * v->ui, rose = (float)th * 0.62f;
    *w = (float)tw + 2 * pad + 2 * rose + pad;
    *h = (float)th + pad;
}

static void top_bar(BattleView *v, const Battle *b, Ui *ui, int view_w)
{
    char line[256];
    int ws = b->sk.wind_strength < 0 ? 0 : b->sk.wind_strength > 5 ? 5 : b->sk.wind_strength;
    float w, bar_h;
    top_bar_line(v, b, line, sizeof line, &w, &bar_h);
    int tw, th;
    text_measure(v->text, line, &tw, &th);
    float u = v->ui, pad = 8 * u, rose = (float)th * 0.62f;
    /* Where the layout put it: centred in the width the Battle panel leaves. */
    float x = v->lay.bar.w > 0 ? v->lay.bar.x : ((float)view_w - w) / 2, y = 44 * u;
    battle_view_box(v->r, x, y, w, (float)th + pad, 185);
    /* No hover under the bar: a click there is not meant for the sea. */
    if (v->mouse_x >= x && v->mouse_x < x + w && v->mouse_y >= y &&
        v->mouse_y < y + (float)th + pad)
        v->over_panel = true;
    wind_rose(v->r, x + pad + rose, y + (float)th / 2 + pad / 2, rose, b->sk.wind_dir, ws);
    text_draw(v->text, line, (int)(x + pad + 2 * rose + pad), (int)(y + pad / 2), THEME_INK);
    /* Its three parts, split where the dots are, and the rose. */
    const char *dot = "   \xC2\xB7   ", *d1 = strstr(line, dot),
               *d2 = d1 ? strstr(d1 + 1, dot) : NULL;
    SDL_FRect row = {x + pad + 2 * rose + pad, y, (float)tw, (float)th + pad};
    ui_tip_rect(ui, (SDL_FRect){x, y, 2 * rose + 2 * pad, (float)th + pad}, tips[TIP_WIND]);
    if (d1 && d2) {
        size_t a = (size_t)(d1 - line), c = (size_t)(d2 - line), n = strlen(dot);
        tip_span(v->text, ui, row, line, 0, a, tips[TIP_TURN]);
        tip_span(v->text, ui, row, line, a + n, c, tips[TIP_WIND]);
        tip_span(v->text, ui, row, line, c + n, strlen(line), tips[TIP_MODE]);
    }
    float ny = y + (float)th + 2 * pad;
    if (b->sk.scenario[0]) ny = goal_bar(v, &b->sk, view_w, ny, pad);
    v->bar_bottom = ny;
    /* What goes under the HUD (the network panel) keeps clear of the note's line. */
    v->top_end = ny + (float)th + 2 * pad;
    if (b->note_left > 0.0f && b->note[0]) {
        int nw, nh;
        text_measure(v->text, b->note, &nw, &nh);
        battle_view_box(v->r, ((float)view_w - (float)nw) / 2 - pad, ny, (float)nw + 2 * pad,
                        (float)nh + pad, 185);
        text_draw(v->text, b->note, (int)(((float)view_w - (float)nw) / 2), (int)(ny + pad / 2),
                  b->note_bad ? THEME_BAD : THEME_GOLD);
    }
}

/* The replay's speed: a button for each of battle_speeds, the one in use
 * in brackets; the tip names the keys that step it. Set before a turn
 * plays, or while it does (it goes on from where it is). */
static int speed_row(BattleView *v, Battle *b, Ui *ui)
{
    char cells[BATTLE_SPEEDS][16], tip[UI_TIP_MAX], slower[32];
    const char *labels[BATTLE_SPEEDS];
    for (int k = 0; k < BATTLE_SPEEDS; k++) {
        bool on = fabsf(b->speed - battle_speeds[k]) < 1e-3f;
        snprintf(cells[k], sizeof cells[k], on ? "[%gx]" : "%gx", (double)battle_speeds[k]);
        labels[k] = cells[k];
    }
    int k = ui_button_row(ui, "replay speed", labels, BATTLE_SPEEDS);
    /* Copied: SDL names a printable key in one static buffer. */
    snprintf(slower, sizeof slower, "%s", bound_key(v, KEYS_SLOWER));
    snprintf(tip, sizeof tip, "%s Keys: %s slower, %s faster.", tips[TIP_SPEED], slower,
             bound_key(v, KEYS_FASTER));
    ui_tip(ui, tip);
    if (k < 0 || fabsf(b->speed - battle_speeds[k]) < 1e-3f) return 0;
    battle_set_speed(b, battle_speeds[k]);
    return BATTLE_ACT_SPEED;
}

/* While plotting, Re-watch (or why not). */
static int replay_buttons(BattleView *v, Battle *b, Ui *ui)
{
    if (!b->replay_kept) {
        ui_label(ui, b->sk.turn > 1 ? "Re-watch: not kept in saves" : "Re-watch: no turn yet");
        ui_tip(ui, tips[TIP_REWATCH]);
        return 0;
    }
    snprintf(v->speed_label, sizeof v->speed_label, "Re-watch turn %d  \xC2\xB7  %s",
             b->sk.turn - 1, bound_key(v, KEYS_REWATCH));
    if (ui_button(ui, v->speed_label)) battle_rewatch(b);
    ui_tip(ui, tips[TIP_REWATCH]);
    return 0;
}

static int buttons(BattleView *v, Battle *b, Ui *ui)
{
    UiPanel *panel = &v->p_buttons;
    if (title_clicked(ui, panel)) v->panels.menu_folded = !v->panels.menu_folded;
    snprintf(v->menu_title, sizeof v->menu_title, "Battle%s",
             v->panels.menu_folded ? FOLD_SHUT : FOLD_OPEN);
    panel->title = v->menu_title;
    /* Where the layout put it (battle_layout). */
    panel->w = v->lay.battle.w;
    panel->x = v->lay.battle.x;
    panel->y = v->lay.battle.y;
    int act = 0;
    ui_panel_begin(ui, panel);
    tip_title(ui, panel, tips[TIP_BATTLE_TITLE]);
    if (v->panels.menu_folded) {
        ui_panel_end(ui);
        return act;
    }
    /* The buttons name the keys as the player has bound them. */
    char label[5][64];
    snprintf(label[0], sizeof label[0], "End turn  \xC2\xB7  %s", bound_key(v, KEYS_END_TURN));
    snprintf(label[1], sizeof label[1], "Skip  \xC2\xB7  %s", bound_key(v, KEYS_SKIP));
    snprintf(label[2], sizeof label[2], "Quick save  \xC2\xB7  %s", bound_key(v, KEYS_QUICKSAVE));
    snprintf(label[3], sizeof label[3], "Quick load  \xC2\xB7  %s", bound_key(v, KEYS_QUICKLOAD));
    snprintf(label[4], sizeof label[4], "Hex grid  (%s)", bound_key(v, KEYS_GRID));
    if (b->phase == BATTLE_PLOT) {
        if (ui_button(ui, label[0])) act |= BATTLE_ACT_END_TURN;
        ui_tip(ui, tips[TIP_END_TURN]);
        act |= replay_buttons(v, b, ui);
        act |= speed_row(v, b, ui);
    } else if (b->phase == BATTLE_ANIMATE) {
        if (ui_button(ui, label[1])) battle_skip_animation(b);
        ui_tip(ui, tips[TIP_SKIP]);
        act |= speed_row(v, b, ui);
    } else if (b->phase == BATTLE_OVER && v->end_hidden) {
        if (ui_button(ui, "Results")) v->end_hidden = 0;
        ui_tip(ui, tips[TIP_RESULTS]);
    }
    if (ui_button(ui, "Save game")) act |= BATTLE_ACT_SAVE;
    ui_tip(ui, tips[TIP_SAVE]);
    if (ui_button(ui, label[2])) act |= BATTLE_ACT_QUICKSAVE;
    ui_tip(ui, tips[TIP_QUICKSAVE]);
    if (ui_button(ui, label[3])) act |= BATTLE_ACT_QUICKLOAD;
    ui_tip(ui, tips[TIP_QUICKLOAD]);
    if (ui_button(ui, "Main menu  \xC2\xB7  Esc")) act |= BATTLE_ACT_MENU;
    ui_tip(ui, tips[TIP_MENU]);
    if (ui_toggle(ui, label[4], &v->show_grid)) act |= BATTLE_ACT_GRID;
    ui_tip(ui, tips[TIP_GRID]);
    ui_panel_end(ui);
    return act;
}

static const char *target_text(const Battle *b, int t, char *buf, size_t cap)
{
    if (t == SKIRMISH_ANY) return "fire at will";
    if (t == SKIRMISH_HOLD) return "hold fire";
    char lab[16];
    skirmish_ship_label(&b->sk, t, lab, sizeof lab);
    snprintf(buf, cap, "aim at %s, %s", lab, battle_class_name(b->sk.ships[t].cls));
    return buf;
}

/* The ship panel's title tip: her class's numbers. */
static void ship_tip_title(Ui *ui, const UiPanel *panel, int cls)
{
    const FleetClass *k = &fleet_classes[cls];
    char tip[UI_TIP_MAX];
    snprintf(tip, sizeof tip,
             "A %s: hull %d, rigging %d, crew %d, %d guns a side; a turn of one side costs %d "
             "points; taking her scores %d. Click to fold or unfold this panel.",
             battle_class_name(cls), k->hull, k->rigging, k->crew, k->guns, k->turn_cost, k->value);
    tip_title(ui, panel, tip);
}

/* Her standing, hull, rigging, crew and guns, each with its tip. */
static void ship_state(BattleView *v, const Battle *b, Ui *ui, const FleetShip *s)
{
    const FleetClass *k = &fleet_classes[s->cls];
    char line[160];
    const char *st = s->status == FLEET_SUNK     ? "sunk"
                     : s->status == FLEET_STRUCK ? "has struck her colours"
                                                 : "afloat and fighting";
    ui_label(ui, st);
    ui_tip(ui, tips[TIP_STATUS]);
    if (s->aground || s->anchored) {
        ui_label(ui, s->aground ? "aground on a lee shore" : "at anchor");
        ui_tip(ui, tips[TIP_SHORE]);
    }
    if (s->lashed >= 0 || s->prize) {
        char lab[16] = "";
        if (s->lashed >= 0) skirmish_ship_label(&b->sk, s->lashed, lab, sizeof lab);
        snprintf(line, sizeof line, "%s%s%s%s", s->prize ? "a prize, taken from side " : "",
                 s->prize ? battle_side_name(!s->side) : "", s->prize && s->lashed >= 0 ? "; " : "",
                 s->lashed >= 0 ? "lashed to " : "");
        strncat(line, lab, sizeof line - strlen(line) - 1);
        ui_label(ui, line);
        ui_tip(ui, tips[TIP_LASHED]);
    }
    snprintf(line, sizeof line, "hull %d/%d   rigging %d/%d   crew %d/%d", s->hull, k->hull,
             s->rigging, k->rigging, s->crew, k->crew);
    ui_label(ui, line);
    size_t rig = (size_t)(strstr(line, "rigging") - line),
           crew = (size_t)(strstr(line, "crew") - line);
    tip_span(v->text, ui, ui->last, line, 0, rig, tips[TIP_HULL]);
    tip_span(v->text, ui, ui->last, line, rig, crew, tips[TIP_RIGGING]);
    tip_span(v->text, ui, ui->last, line, crew, strlen(line), tips[TIP_CREW]);
    snprintf(line, sizeof line, "guns: port %d/%d, starboard %d/%d", s->guns[FLEET_PORT], k->guns,
             s->guns[FLEET_STARBOARD], k->guns);
    ui_label(ui, line);
    ui_tip(ui, tips[TIP_GUNS]);
}

/* Her board order as a button that cycles it (battle_cycle_board), when
 * there is anyone to board (the key tells why not, when there isn't). */
static void board_button(const BattleView *v, Battle *b, Ui *ui, int i)
{
    if (!battle_board_offered(b, i)) return;
    const SkirmishOrders *o = &b->sk.orders[i];
    const FleetShip *s = &b->sk.ships[i];
    char tl[16], what[96], line[160];
    skirmish_ship_label(&b->sk, o->board_target, tl, sizeof tl);
    if (o->board == SKIRMISH_BOARD_CUT)
        snprintf(what, sizeof what, "Board: cut loose from %s", tl);
    else if (o->board == SKIRMISH_BOARD)
        snprintf(what, sizeof what,
                 s->lashed >= 0 ? "Board: boarders away into %s"
                                : "Board: grapple %s where her path ends",
                 tl);
    else
        snprintf(what, sizeof what, "%s",
                 s->lashed >= 0 ? "Board: hold on, repel boarders" : "Board: none");
    snprintf(line, sizeof line, "%s  [%s]", what, bound_key(v, KEYS_BOARD));
    if (ui_button(ui, line)) battle_cycle_board(b, i);
    ui_tip(ui, tips[TIP_BOARD]);
}

/* A ship's label, and a scenario's ship her name too: "A1 Indiaman Ceres". */
static void named_label(const Skirmish *sk, int i, char *lab, size_t cap)
{
    skirmish_ship_label(sk, i, lab, cap);
    if (sk->names[i][0]) snprintf(lab + strlen(lab), cap - strlen(lab), " %s", sk->names[i]);
}

/* The selected ship: her state, and for her own side her orders. */
static void ship_panel(BattleView *v, Battle *b, Ui *ui)
{
    UiPanel *panel = &v->p_ship;
    int i = b->selected;
    if (i < 0 || b->phase == BATTLE_CURTAIN) return;
    BattleShipLook l;
    battle_ship_look(b, i, &l);
    const FleetShip *s = l.ship;
    char lab[48], line[160];
    named_label(&b->sk, i, lab, sizeof lab);
    if (title_clicked(ui, panel)) v->panels.ship_folded = !v->panels.ship_folded;
    bool folded = v->panels.ship_folded;
    snprintf(v->ship_title, sizeof v->ship_title, "%s  \xC2\xB7  %s  (side %s)%s", lab,
             battle_class_name(s->cls), battle_side_name(s->side), folded ? FOLD_SHUT : FOLD_OPEN);
    panel->title = v->ship_title;
    panel->w = v->lay.ship.w;
    panel->x = v->lay.ship.x;
    panel->y = v->lay.ship.y;
    ui_panel_begin(ui, panel);
    ship_tip_title(ui, panel, s->cls);
    if (folded) {
        ui_panel_end(ui);
        return;
    }
    ship_state(v, b, ui, s);
    bool mine = battle_can_order(b, i);
    if (fleet_ship_manned(s) && b->phase == BATTLE_PLOT) {
        int sail = fleet_point_of_sail(s->pose.facing, b->sk.wind_dir);
        snprintf(line, sizeof line, "%s, %d movement points", fleet_sail_name(sail),
                 skirmish_allowance(&b->sk, i));
        ui_label(ui, line);
        ui_tip(ui, tips[TIP_SAIL]);
    }
    if (mine) {
        const SkirmishOrders *o = &b->sk.orders[i];
        HexPose e = battle_path_end(b, i);
        if (o->nsteps == 0)
            snprintf(line, sizeof line, "no path: %s, facing %s",
                     s->anchored || s->aground || o->anchor ? "she holds her place"
                                                            : "she lies still and may drift",
                     hex_dir_names[e.facing % HEX_DIRS]);
        else
            snprintf(line, sizeof line, "path: %d %s, ends facing %s", o->nsteps,
                     words_plural(o->nsteps, "step", "steps"), hex_dir_names[e.facing % HEX_DIRS]);
        ui_label(ui, line);
        ui_tip(ui, tips[TIP_PATH]);
        if (!s->aground) {
            const char *what = s->anchored ? (o->anchor ? "Anchor: she stays at anchor"
                                                        : "Anchor: weighing (sails next turn)")
                                           : (o->anchor ? "Anchor: let go where her path ends"
                                                        : "Anchor: under way");
            snprintf(line, sizeof line, "%s  [%s]", what, bound_key(v, KEYS_ANCHOR));
            if (ui_button(ui, line)) battle_toggle_anchor(b, i);
            ui_tip(ui, tips[TIP_ANCHOR]);
        }
        board_button(v, b, ui, i);
        if (s->prize) {
            ui_label(ui, "guns: her prize crew can sail her, not fight her");
            ui_tip(ui, tips[TIP_LASHED]);
        }
        for (int bs = 0; bs < FLEET_BROADSIDES && !s->prize; bs++) {
            const char *side = bs == FLEET_PORT ? "Port" : "Starboard";
            if (s->reload[bs] > 0) {
                snprintf(line, sizeof line, "%s: reloading, ready next turn", side);
                ui_label(ui, line);
                ui_tip(ui, tips[TIP_RELOAD]);
                continue;
            }
            char tb[64], who[160];
            int t = o->fire[bs].target;
            snprintf(line, sizeof line, "%s: %s", side, target_text(b, t, tb, sizeof tb));
            if (ui_button(ui, line)) battle_cycle_target(b, i, bs);
            ui_tip(ui, tips[TIP_TARGET]);
            int sh = o->fire[bs].shot >= 0 && o->fire[bs].shot < FLEET_SHOTS ? o->fire[bs].shot : 0;
            snprintf(line, sizeof line, "%s: %s", side, shot_labels[sh]);
            if (ui_button(ui, line)) battle_cycle_shot(b, i, bs);
            ui_tip(ui, tips[TIP_SHOT]);
            if (b->aim[bs] >= 0) {
                skirmish_ship_label(&b->sk, b->aim[bs], tb, sizeof tb);
                snprintf(who, sizeof who, "   %s in this arc where her path ends", tb);
            } else {
                snprintf(who, sizeof who, "   no enemy in this arc where her path ends");
            }
            ui_label(ui, who);
            ui_tip(ui, tips[TIP_AIM]);
        }
        ui_label(ui, "Click a hex: her path. Its end again: turn");
        char hint[96];
        snprintf(hint, sizeof hint, "Right-click an enemy: aim. %s: clear",
                 bound_key(v, KEYS_CLEAR));
        ui_label(ui, hint);
    } else if (b->phase == BATTLE_PLOT && s->side != b->side) {
        ui_label(ui, "Enemy: blue hexes show where she could sail");
        ui_tip(ui, tips[TIP_ENEMY]);
    }
    ui_panel_end(ui);
}

/* The rows a log box shows at most: its open lines, wrapped. */
#define LOG_ROWS (BATTLE_LOG_OPEN * 4)

/* The colour of log line l. */
static SDL_Color log_ink(const BattleLogLine *l)
{
    if (l->kind < 0 || l->kind == SKIRMISH_EV_SANK || l->kind == SKIRMISH_EV_STRUCK ||
        l->kind == SKIRMISH_EV_AGROUND || l->kind == SKIRMISH_EV_GAME_OVER)
        return THEME_GOLD;
    return l->side >= 0 && l->side < 2  ? side_ink(l->side)
           : l->kind == SKIRMISH_EV_HIT ? THEME_INK
                                        : THEME_DIM;
}

/* The log: its latest BATTLE_LOG_SHUT lines, or BATTLE_LOG_OPEN when
 * opened (click its title), in the bottom corner battle_layout gives it. */
static void log_box(BattleView *v, const Battle *b, Ui *ui)
{
    UiPanel *panel = &v->p_log;
    int lines = v->panels.log_open ? BATTLE_LOG_OPEN : BATTLE_LOG_SHUT;
    int n = b->log_n < lines ? b->log_n : lines;
    if (n == 0) return;
    if (title_clicked(ui, panel)) v->panels.log_open = !v->panels.log_open;
    snprintf(v->log_title, sizeof v->log_title, "Log%s",
             v->panels.log_open ? FOLD_OPEN : FOLD_SHUT);
    panel->title = v->log_title;
    panel->w = v->lay.log.w;
    panel->x = v->lay.log.x;
    panel->y = v->lay.log.y;
    ui_panel_begin(ui, panel);
    tip_title(ui, panel, tips[TIP_LOG]);
    /* A line too long for the box wraps (the box grows), never cut; where
     * the layout leaves less height than the lines take, the newest that
     * fit are shown. */
    float width = panel->w - 2 * THEME_PAD * v->ui;
    float pitch = (float)text_line_height(v->text) + THEME_GAP * v->ui;
    float head = ui->cy - panel->y; /* its title, above the lines */
    int room = (int)((v->lay.log_room - head - THEME_PAD * v->ui + THEME_GAP * v->ui) / pitch);
    /* Wrapped once, newest line first, while they fit (the newest always
     * does); then drawn oldest first. */
    static char rows[LOG_ROWS][BATTLE_LOG_TEXT];
    int first[BATTLE_LOG_OPEN + 1], nrows = 0, shown = 0;
    for (int k = 0; k < n; k++) {
        const char *t = battle_log_line(b, k)->text;
        int at = nrows;
        size_t used;
        for (; nrows < LOG_ROWS &&
               (used = text_wrap_line(v->text, t, width, rows[nrows], sizeof rows[nrows]));
             t += used)
            nrows++;
        if (k > 0 && nrows > room) {
            nrows = at;
            break;
        }
        first[k] = at;
        shown = k + 1;
    }
    first[shown] = nrows;
    for (int k = shown - 1; k >= 0; k--) {
        SDL_Color c = log_ink(battle_log_line(b, k));
        for (int r = first[k]; r < first[k + 1]; r++) {
            ui_label(ui, "");
            text_draw(v->text, rows[r], (int)ui->last.x, (int)ui->last.y, c);
        }
    }
    ui_panel_end(ui);
}

/* With the panels put away, a tab at the top right says how to bring
 * them back. */
static void hidden_tab(BattleView *v, int view_w)
{
    const char *t = "panels hidden  \xC2\xB7  P shows them";
    int tw, th;
    text_measure(v->text, t, &tw, &th);
    float u = v->ui, pad = 8 * u, x = (float)view_w - (float)tw - 2 * pad - 10 * u - v->right_inset;
    battle_view_box(v->r, x, 44 * u, (float)tw + 2 * pad, (float)th + pad, 185);
    text_draw(v->text, t, (int)(x + pad), (int)(44 * u + pad / 2), THEME_DIM);
}

/* Hot-seat: nothing of the board shows until the next commander is ready. */
static void curtain(BattleView *v, Battle *b, Ui *ui, int view_w, int view_h)
{
    UiPanel *panel = &v->p_curtain;
    SDL_SetRenderDrawBlendMode(v->r, SDL_BLENDMODE_NONE);
    theme_draw_color(v->r, THEME_CURTAIN);
    SDL_Rect all = {0, 0, view_w, view_h};
    draw_fill_rect(v->r, &all);
    float u = v->ui;
    panel->title = "Hot-seat";
    panel->w = 440 * u;
    panel->x = ((float)view_w - panel->w) / 2;
    panel->y = ((float)view_h - (panel->h > 0 ? panel->h : 200 * u)) / 2;
    char line[160];
    const char *who = battle_side_name(b->side);
    ui_panel_begin(ui, panel);
    if (b->sk.submitted[1 - b->side])
        snprintf(line, sizeof line, "Side %s has given its orders; they stay hidden.",
                 battle_side_name(1 - b->side));
    else
        snprintf(line, sizeof line, "Turn %d begins.", b->sk.turn);
    ui_label(ui, line);
    snprintf(line, sizeof line, "Hand the screen to the commander of side %s.", who);
    ui_label(ui, line);
    snprintf(v->curtain_button, sizeof v->curtain_button,
             "I command side %s: show my fleet  \xC2\xB7  Enter", who);
    if (ui_button(ui, v->curtain_button)) battle_lift_curtain(b);
    ui_panel_end(ui);
}

/* The panels' places this frame (battle_layout): what they keep clear of
 * is every ship's marker (the selected one weighs four) and the ends of
 * her plotted path; the top bar's width; the panels' heights as last
 * drawn. */
static void layout(BattleView *v, const Battle *b, const Camera *c, int view_w, int view_h)
{
    BattleLayoutIn in = {.view_w = (float)view_w,
                         .view_h = (float)view_h,
                         .scale = v->ui,
                         .right_inset = v->right_inset,
                         .bottom_inset = v->bottom_inset,
                         .battle_h = v->p_buttons.h,
                         .ship_h = v->p_ship.h,
                         .log_h = v->p_log.h,
                         .ship = b->selected >= 0,
                         .log = b->log_n > 0,
                         .last = v->lay.way};
    char line[256];
    top_bar_line(v, b, line, sizeof line, &in.bar_w, &in.bar_h);
    /* The goal bar under it, as last drawn. */
    if (v->bar_bottom > BATTLE_LAYOUT_BAR_Y * v->ui + in.bar_h)
        in.bar_h = v->bar_bottom - BATTLE_LAYOUT_BAR_Y * v->ui;
    for (int k = 0; k < v->nplot; k++) battle_layout_mark(&in, v->plot_x[k], v->plot_y[k], 0, 1);
    for (int i = 0; i < b->sk.nships; i++) {
        float sx, sy, r;
        if (battle_view_marker_at(v, c, i, &sx, &sy, &r))
            battle_layout_mark(&in, sx, sy, r, i == b->selected ? 4 : 1);
    }
    battle_layout(&in, &v->lay);
}

int battle_view_hud(BattleView *v, Ui *ui, const Camera *c, int view_w, int view_h)
{
    Battle *b = v->battle;
    if (!b) return 0;
    v->ui = ui->scale;
    if (b->phase != BATTLE_OVER) v->end_hidden = 0;
    if (b->phase == BATTLE_CURTAIN) {
        /* The next commander's panels are laid out afresh: the way kept
         * from the last one's plotting (her path's ends) would tell where
         * she sailed. */
        v->lay = (BattleLayout){0};
        curtain(v, b, ui, view_w, view_h);
        return 0;
    }
    v->over_panel = ui_wants_mouse(ui);
    if (v->panels.hidden)
        v->lay = (BattleLayout){.way = v->lay.way};
    else
        layout(v, b, c, view_w, view_h);
    top_bar(v, b, ui, view_w);
    int act = 0;
    if (v->panels.hidden) {
        hidden_tab(v, view_w);
    } else {
        ship_panel(v, b, ui);
        log_box(v, b, ui);
        act |= buttons(v, b, ui);
    }
    battle_view_hint(v, ui, view_w, view_h);
    if (b->phase == BATTLE_OVER && !v->end_hidden) act |= battle_end_screen(v, ui, view_w, view_h);
    return act;
}
