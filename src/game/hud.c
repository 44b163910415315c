/* hud: status line, help overlay, performance overlay, loading panel. */
#include "hud.h"

#include <stdio.h>

#include "ui/audio.h"
#include "ui/draw.h"
#include "ui/graph.h"
#include "ui/theme.h"

static void panel(SDL_Renderer *r, int x, int y, int w, int h, Uint8 alpha)
{
    SDL_SetRenderDrawBlendMode(r, SDL_BLENDMODE_BLEND);
    theme_draw_color(r, theme_alpha(THEME_PANEL, alpha));
    SDL_Rect rc = {x, y, w, h};
    draw_fill_rect(r, &rc);
    theme_draw_color(r, theme_alpha(THEME_EDGE, (Uint8)(alpha / 3)));
    draw_rect(r, &rc);
}

void hud_draw(Text *t, SDL_Renderer *r, const HudInfo *h, float ui)
{
    char line[320], fps[32], sea[64];
    if (h->fps >= 0)
        snprintf(fps, sizeof fps, "%.0f fps", h->fps);
    else
        snprintf(fps, sizeof fps, "-- fps");
    if (h->sea_on)
        snprintf(sea, sizeof sea, "%d fish%s", h->fish, h->following ? ", following one" : "");
    else
        snprintf(sea, sizeof sea, "sea life off");
    /* The FPS figure changes at most twice a second, so this string
     * stays cached between those changes. */
    snprintf(line, sizeof line,
             "%s  \xC2\xB7  %d\xC3\x97%d  \xC2\xB7  zoom %.0f%%  \xC2\xB7  %s  \xC2\xB7  %s",
             h->map_name, h->map_w, h->map_h, h->zoom * 100.0, sea, fps);
    const char *hint = "F1  help";
    int pad = (int)(8 * ui), gap = (int)(18 * ui);
    int lw, lh, hw, hh;
    text_measure(t, line, &lw, &lh);
    text_measure(t, hint, &hw, &hh);
    int x = pad, y = pad;
    panel(r, x, y, lw + gap + hw + 2 * pad, lh + pad, 170);
    text_draw(t, line, x + pad, y + pad / 2, THEME_INK);
    text_draw(t, hint, x + pad + lw + gap, y + pad / 2, THEME_DIM);
    if (h->status && h->status[0]) {
        int sw, sh;
        text_measure(t, h->status, &sw, &sh);
        int sy = y + lh + 2 * pad;
        panel(r, x, sy, sw + 2 * pad, sh + pad, 170);
        text_draw(t, h->status, x + pad, sy + pad / 2, THEME_GOLD);
    }
}

int hud_help_next(int page, bool battle)
{
    if (!battle) return page == HUD_HELP_CLOSED ? HUD_HELP_SEA : HUD_HELP_CLOSED;
    if (page == HUD_HELP_CLOSED) return HUD_HELP_KEYS;
    return page == HUD_HELP_RULES ? HUD_HELP_CLOSED : HUD_HELP_RULES;
}

static const char *const sea_rows[][2] = {
    {"Mouse wheel", "zoom at the cursor"},
    {"Left or right drag", "pan (stops following a fish)"},
    {"W A S D / arrows", "pan (hold Shift: faster)"},
    {"+ / -", "zoom in / out"},
    {"0 or Home", "show the whole map"},
    {"Mouse over the sea", "the school parts around the cursor"},
    {"Click a fish", "follow it with the camera (Esc stops)"},
    {"L", "sea life off / on"},
    {"Tab", "controls panel: boid weights, fish, sharks"},
    {"F3", "performance overlay"},
    {"F11", "fullscreen on / off"},
    {"F12", "save a screenshot (to ~/Pictures/shoal)"},
    {"F9", "load the quick save"},
    {"F1 or H", "show / hide this help"},
    {"Esc", "the menu (Esc closes this help first)"},
    {"Q", "quit"},
};
/* The battle's rows: clicks, the keys of keys_table (as bound now),
 * then the keys that stay fixed. */
static const char *const battle_head[][2] = {
    {"Click a ship", "select her (any ship, to see her state)"},
    {"Click a hex", "plot her route there (the hint by the cursor says what a click does)"},
    {"Click the path's end", "again: change the heading she ends on"},
    {"Click her own hex", "turn in place"},
    {"Right-click an enemy", "aim the broadside that will bear on her"},
    {"Right-click the sea", "clear her path and route"},
    {"1 .. 8", "select your ship N and centre the view on her"},
};
static const char *const battle_tail[][2] = {
    {"P", "hide / show the panels"},
    {"Click a panel's title", "fold / unfold it (the log: 3 lines or 12)"},
    {"Pointer on a field", "a moment: what it means"},
    {"Drag, wheel, W A S D", "move and zoom the view"},
    {"L, Tab, F3, F12", "sea life, sea controls, performance, screenshot"},
    {"F11", "fullscreen on / off"},
    {"F1 or H", "the rules, then close"},
    {"Esc or Q", "cancel her route, deselect, then the menu"},
    {"Gamepad", "LB/RB ship, stick cursor, A plot, X aim, B clear, Start end turn"},
};
enum { HELP_HEAD = sizeof battle_head / sizeof battle_head[0] };
enum { HELP_TAIL = sizeof battle_tail / sizeof battle_tail[0] };
enum { HELP_ROWS_MAX = HELP_HEAD + KEYS_COUNT + HELP_TAIL + HUD_RULES_MAX };

/* The rows of page `page` into rows (names and rules hold the strings
 * they point to); returns how many. */
static int help_rows(int page, const Keys *keys, const char *rows[HELP_ROWS_MAX][2],
                     char names[KEYS_COUNT][32], HudRulesRow *rules)
{
    int n = 0;
    if (page == HUD_HELP_RULES) {
        int k = hud_rules_rows(rules, HUD_RULES_MAX);
        for (int i = 0; i < k; i++, n++) rows[n][0] = rules[i].topic, rows[n][1] = rules[i].text;
        return n;
    }
    if (page != HUD_HELP_KEYS) {
        for (size_t i = 0; i < sizeof sea_rows / sizeof sea_rows[0]; i++, n++)
            rows[n][0] = sea_rows[i][0], rows[n][1] = sea_rows[i][1];
        return n;
    }
    for (int i = 0; i < HELP_HEAD; i++, n++)
        rows[n][0] = battle_head[i][0], rows[n][1] = battle_head[i][1];
    for (int a = 0; a < KEYS_COUNT; a++, n++) {
        /* Copied: SDL names a printable key in one buffer. */
        snprintf(names[a], sizeof names[a], "%s", keys_name(keys->key[a]));
        rows[n][0] = names[a];
        rows[n][1] = keys_table[a].help;
    }
    for (int i = 0; i < HELP_TAIL; i++, n++)
        rows[n][0] = battle_tail[i][0], rows[n][1] = battle_tail[i][1];
    return n;
}

/* The page's title: in a battle both pages' names, this one's in gold. */
static void help_title(Text *t, SDL_Renderer *r, int page, int cx, int y, int gap)
{
    if (page == HUD_HELP_SEA) {
        int tw, th;
        text_measure(t, "Controls", &tw, &th);
        text_draw(t, "Controls", cx - tw / 2, y, THEME_GOLD);
        return;
    }
    const char *tab[2] = {"Battle controls", "Rules"};
    int w[2], h;
    text_measure(t, tab[0], &w[0], &h);
    text_measure(t, tab[1], &w[1], &h);
    int x = cx - (w[0] + gap + w[1]) / 2;
    for (int k = 0; k < 2; k++) {
        bool on = (page == HUD_HELP_RULES) == (k == 1);
        text_draw(t, tab[k], x, y, on ? THEME_GOLD : THEME_DIM);
        if (on) {
            theme_draw_color(r, THEME_GOLD);
            SDL_Rect line = {x, y + h, w[k], 2};
            draw_fill_rect(r, &line);
        }
        x += w[k] + gap;
    }
}

void hud_draw_help(Text *t, SDL_Renderer *r, int view_w, int view_h, float ui, int page,
                   const Keys *keys)
{
    const char *rows[HELP_ROWS_MAX][2];
    char names[KEYS_COUNT][32];
    HudRulesRow rules[HUD_RULES_MAX];
    int n = help_rows(page, keys, rows, names, rules);
    const char *foot =
        page == HUD_HELP_KEYS ? "F1: the rules   \xC2\xB7   Esc: close" : "F1 or Esc: close";
    int lh = text_line_height(t);
    int pad = (int)(18 * ui), gap = (int)(28 * ui);
    int kw = 0, dw = 0, w, h;
    for (int i = 0; i < n; i++) {
        text_measure(t, rows[i][0], &w, &h);
        if (w > kw) kw = w;
        text_measure(t, rows[i][1], &w, &h);
        if (w > dw) dw = w;
    }
    int pw = kw + gap + dw + 2 * pad;
    int ph = (n + 4) * lh + 2 * pad;
    int x = (view_w - pw) / 2, y = (view_h - ph) / 2;
    panel(r, x, y, pw, ph, 225);
    help_title(t, r, page, x + pw / 2, y + pad, gap);
    for (int i = 0; i < n; i++) {
        int ry = y + pad + (i + 2) * lh;
        text_draw(t, rows[i][0], x + pad, ry, THEME_DIM);
        text_draw(t, rows[i][1], x + pad + kw + gap, ry, THEME_INK);
    }
    text_measure(t, foot, &w, &h);
    text_draw(t, foot, x + (pw - w) / 2, y + pad + (n + 3) * lh, THEME_DIM);
}

/* The overlay always has this many rows of text above its graph. */
#define STATS_ROWS 6

int hud_stats_height(Text *t, float ui)
{
    int pad = (int)(8 * ui);
    return STATS_ROWS * text_line_height(t) + (int)(60 * ui) + 4 * pad;
}

void hud_draw_stats(Text *t, SDL_Renderer *r, const HudStats *s, int view_h, float ui)
{
    const PerfSample *m = &s->perf->shown;
    char rows[STATS_ROWS][96];
    int n = 0;
    if (s->perf->fps >= 0)
        snprintf(rows[n++], sizeof rows[0], "%.0f fps   frame %.2f ms", s->perf->fps,
                 (double)m->frame_ms);
    else
        snprintf(rows[n++], sizeof rows[0], "-- fps");
    snprintf(rows[n++], sizeof rows[0], "sea, main thread  %.3f ms  (upload %.3f)",
             (double)m->sea_main_ms, (double)m->upload_ms);
    snprintf(rows[n++], sizeof rows[0], "sea, workers  %.3f ms  (bake %.3f)  %d threads",
             (double)m->sea_work_ms, (double)m->bake_ms, s->threads);
    if (s->sea_on)
        snprintf(rows[n++], sizeof rows[0], "%d fish   %d sharks", s->fish, s->sharks);
    else
        snprintf(rows[n++], sizeof rows[0], "sea life off (L)");
    snprintf(rows[n++], sizeof rows[0], "draw calls %d   school %d + sharks %d   (%s)",
             m->draw_calls, m->fish_calls, m->shark_calls, s->renderer);
    snprintf(rows[n++], sizeof rows[0], "sound, main thread  %.3f ms  %d/%d voices  %s",
             (double)m->sound_ms, m->voices, AUDIO_VOICES, s->sound);
    int lh = text_line_height(t);
    int pad = (int)(8 * ui);
    int w = 0, tw, th;
    for (int i = 0; i < n; i++) {
        text_measure(t, rows[i], &tw, &th);
        if (tw > w) w = tw;
    }
    int gw = w > (int)(240 * ui) ? w : (int)(240 * ui), gh = (int)(60 * ui);
    int ph = n * lh + gh + 3 * pad;
    int x = pad, y = view_h - ph - pad;
    panel(r, x, y, gw + 2 * pad, ph, 190);
    for (int i = 0; i < n; i++)
        text_draw(t, rows[i], x + pad, y + pad + i * lh, i ? THEME_DIM : THEME_INK);
    /* Scale to the worst recent frame, at least one 60 Hz frame tall. */
    const Graph *g = &s->perf->frame_graph;
    float vmax = graph_max(g) * 1.1f;
    if (vmax < 20.0f) vmax = 20.0f;
    const float marks[2] = {1000.0f / 60.0f, 1000.0f / 30.0f};
    SDL_FRect area = {(float)(x + pad), (float)(y + 2 * pad + n * lh), (float)gw, (float)gh};
    graph_draw(g, r, area, vmax, 1000.0f / 60.0f, marks, 2);
}

/* Design px: the loading panel's width, the bar's height. */
#define LOADING_W     380.0f
#define LOADING_BAR_H 8.0f

int hud_draw_loading(Ui *ui, UiPanel *p, const HudLoading *l, int view_w, int view_h)
{
    SDL_Renderer *r = ui->r;
    float s = ui->scale;
    SDL_SetRenderDrawBlendMode(r, SDL_BLENDMODE_BLEND);
    theme_draw_color(r, THEME_SCRIM);
    SDL_Rect all = {0, 0, view_w, view_h};
    draw_fill_rect(r, &all);
    int lh = text_line_height(ui->text);
    /* Widgets learn a panel's height as they lay it out, for the next
     * frame; a panel shown for one frame (a bake on the main thread) has
     * none, so it is worked out here: title, step, bar, button rows. */
    if (p->h <= 0.0f) {
        float rows = 3.0f * ((float)lh + THEME_GAP * s);
        if (l->cancel) rows += (float)lh + 8.0f * s + THEME_GAP * s;
        p->h = rows + (2.0f * THEME_PAD - THEME_GAP) * s;
    }
    p->w = LOADING_W * s;
    if (p->w > (float)view_w - 20.0f * s) p->w = (float)view_w - 20.0f * s;
    p->x = ((float)view_w - p->w) / 2;
    p->y = ((float)view_h - p->h) / 2;
    p->title = l->title;
    ui_panel_begin(ui, p);
    char line[160];
    if (l->step_s >= 0)
        snprintf(line, sizeof line, "%s\xE2\x80\xA6  %.1f s", l->step, l->step_s);
    else
        snprintf(line, sizeof line, "%s\xE2\x80\xA6", l->step);
    ui_label(ui, line);
    /* The bar sits in a row of its own, as tall as a line of text. */
    ui_label(ui, "");
    SDL_FRect row = ui->last;
    float f = l->fraction < 0.0f ? 0.0f : l->fraction > 1.0f ? 1.0f : l->fraction;
    float bh = LOADING_BAR_H * s, by = row.y + (row.h - bh) / 2;
    SDL_Rect track = {(int)row.x, (int)by, (int)row.w, (int)bh};
    SDL_Rect done = {(int)row.x, (int)by, (int)(row.w * f), (int)bh};
    theme_draw_color(r, THEME_WELL);
    draw_fill_rect(r, &track);
    theme_draw_color(r, THEME_FILL);
    if (done.w > 0) draw_fill_rect(r, &done);
    theme_draw_color(r, THEME_WELL_EDGE);
    draw_rect(r, &track);
    int clicked = l->cancel && ui_button(ui, "Cancel");
    ui_panel_end(ui);
    return clicked;
}
