/* widgets: immediate-mode controls; a press on a panel captures the mouse
 * until release, which is what keeps drags on a slider from panning. */
#include "widgets.h"

#include <math.h>
#include <string.h>
#include <stdio.h>
#include <string.h>

#include "draw.h"
#include "ui/theme.h"

/* Design px, multiplied by ui->scale. */
#define TRACK_H 6.0f
#define KNOB_W  9.0f
#define KNOB_H  16.0f

static uint32_t hash_label(uint32_t h, const char *s)
{
    for (; *s; s++) h = (h ^ (unsigned char)*s) * 16777619u;
    return h ? h : 1;
}

static int inside(const SDL_FRect *r, float x, float y)
{
    return x >= r->x && x < r->x + r->w && y >= r->y && y < r->y + r->h;
}

static void fill(Ui *ui, float x, float y, float w, float h, SDL_Color c)
{
    SDL_SetRenderDrawBlendMode(ui->r, SDL_BLENDMODE_BLEND);
    theme_draw_color(ui->r, c);
    SDL_Rect rc = {(int)lroundf(x), (int)lroundf(y), (int)lroundf(w), (int)lroundf(h)};
    draw_fill_rect(ui->r, &rc);
}

static void outline(Ui *ui, float x, float y, float w, float h, SDL_Color c)
{
    SDL_SetRenderDrawBlendMode(ui->r, SDL_BLENDMODE_BLEND);
    theme_draw_color(ui->r, c);
    SDL_Rect rc = {(int)lroundf(x), (int)lroundf(y), (int)lroundf(w), (int)lroundf(h)};
    draw_rect(ui->r, &rc);
}

void ui_init(Ui *ui, SDL_Renderer *r, Text *t)
{
    *ui = (Ui){0};
    ui->r = r;
    ui->text = t;
    ui->px_ratio = 1.0f;
    ui->scale = 1.0f;
    ui->mx = ui->my = -1.0f;
}

static int over_panel(const Ui *ui, float x, float y)
{
    for (int i = 0; i < ui->nprev; i++)
        if (inside(&ui->prev[i], x, y)) return 1;
    return 0;
}

int ui_event(Ui *ui, const SDL_Event *ev)
{
    switch (ev->type) {
    case SDL_MOUSEMOTION:
        ui->mx = (float)ev->motion.x * ui->px_ratio;
        ui->my = (float)ev->motion.y * ui->px_ratio;
        return ui->captured;
    case SDL_MOUSEBUTTONDOWN:
        ui->mx = (float)ev->button.x * ui->px_ratio;
        ui->my = (float)ev->button.y * ui->px_ratio;
        if (ui->captured) return 1;
        if (!over_panel(ui, ui->mx, ui->my)) return 0;
        ui->captured = 1;
        if (ev->button.button == SDL_BUTTON_LEFT) {
            ui->down = 1;
            ui->pressed = 1;
            ui->press_x = ui->mx;
            ui->press_y = ui->my;
        }
        return 1;
    case SDL_MOUSEBUTTONUP:
        ui->mx = (float)ev->button.x * ui->px_ratio;
        ui->my = (float)ev->button.y * ui->px_ratio;
        if (!ui->captured) return 0;
        if (ev->button.button == SDL_BUTTON_LEFT && ui->down) {
            ui->down = 0;
            ui->released = 1;
        }
        if (!ui->down) ui->captured = 0;
        return 1;
    case SDL_MOUSEWHEEL:
        return ui->captured || over_panel(ui, ui->mx, ui->my);
    default:
        return 0;
    }
}

int ui_wants_mouse(const Ui *ui)
{
    return ui->captured || over_panel(ui, ui->mx, ui->my);
}

void ui_set_clock(Ui *ui, double now_s)
{
    ui->own_clock = true;
    ui->now = now_s;
}

void ui_begin(Ui *ui, float px_ratio)
{
    if (!ui->own_clock) ui->now = (double)SDL_GetTicks64() / 1000.0;
    ui->px_ratio = px_ratio > 0.0f ? px_ratio : 1.0f;
    ui->scale = ui->px_ratio;
    ui->nrects = 0;
    ui->nhot = 0;
    ui->panel = NULL;
}

/* ------------------------------------------------------------- tooltips */

#define TIP_LINES 8

void ui_tip_rect(Ui *ui, SDL_FRect r, const char *text)
{
    if (!text || !text[0] || !inside(&r, ui->mx, ui->my)) return;
    snprintf(ui->tip_next, sizeof ui->tip_next, "%s", text);
    /* The same text on another field is another tip: its delay starts over. */
    uint32_t id = hash_label(2166136261u, text);
    id = (id ^ (uint32_t)lroundf(r.x)) * 16777619u;
    ui->tip_next_id = ((id ^ (uint32_t)lroundf(r.y)) * 16777619u) | 1u;
}

void ui_tip(Ui *ui, const char *text)
{
    ui_tip_rect(ui, ui->last, text);
}

const char *ui_tip_shown(const Ui *ui, SDL_FRect *box)
{
    if (box) *box = ui->tip[0] ? ui->tip_box : (SDL_FRect){0, 0, 0, 0};
    return ui->tip[0] ? ui->tip : NULL;
}

static void tip_draw(Ui *ui)
{
    if (!ui->r || !ui->text) return;
    float s = ui->scale, pad = 6 * s;
    char line[TIP_LINES][UI_TIP_MAX];
    int n = 0;
    size_t used;
    for (const char *p = ui->tip;
         n < TIP_LINES && (used = text_wrap_line(ui->text, p, UI_TIP_W * s, line[n], UI_TIP_MAX));
         p += used)
        n++;
    int lh = text_line_height(ui->text), wmax = 0;
    for (int k = 0; k < n; k++) {
        int w, h;
        text_measure(ui->text, line[k], &w, &h);
        if (w > wmax) wmax = w;
    }
    float w = (float)wmax + 2 * pad, h = (float)(n * lh) + pad;
    int vw = 0, vh = 0;
    if (SDL_GetRendererOutputSize(ui->r, &vw, &vh) != 0) vw = vh = 0;
    /* Below and right of the pointer; above or left of it near an edge. */
    float x = ui->mx + 14 * s, y = ui->my + 20 * s;
    if (x + w > (float)vw - 4 * s) x = (float)vw - w - 4 * s;
    if (y + h > (float)vh - 4 * s) y = ui->my - h - 10 * s;
    x = fmaxf(x, 0.0f);
    y = fmaxf(y, 0.0f);
    ui->tip_box = (SDL_FRect){x, y, w, h};
    fill(ui, x, y, w, h, THEME_TIP);
    outline(ui, x, y, w, h, THEME_TIP_EDGE);
    for (int k = 0; k < n; k++)
        text_draw(ui->text, line[k], (int)(x + pad), (int)(y + pad / 2) + k * lh, THEME_INK);
}

/* Which tip the pointer rests on and for how long; draw it once due. */
static void tip_update(Ui *ui)
{
    if (ui->tip_next_id != ui->tip_id || ui->down) {
        ui->tip_id = ui->tip_next_id;
        ui->tip_since = ui->now;
    }
    ui->tip[0] = '\0';
    if (ui->tip_id && ui->now - ui->tip_since >= UI_TIP_DELAY_S) {
        memcpy(ui->tip, ui->tip_next, sizeof ui->tip);
        tip_draw(ui);
    }
    ui->tip_next_id = 0;
    ui->tip_next[0] = '\0';
}

void ui_end(Ui *ui)
{
    tip_update(ui);
    for (int i = 0; i < ui->nrects; i++) ui->prev[i] = ui->rects[i];
    ui->nprev = ui->nrects;
    memcpy(ui->prev_hot, ui->hot, (size_t)ui->nhot * sizeof ui->hot[0]);
    ui->nprev_hot = ui->nhot;
    ui->pressed = 0;
    ui->released = 0;
    if (!ui->down) ui->active = 0;
}

void ui_panel_begin(Ui *ui, UiPanel *p)
{
    ui->panel = p;
    ui->panel_id = hash_label(2166136261u, p->title ? p->title : "panel");
    float s = ui->scale;
    /* The height is last frame's: immediate mode learns it at the end. */
    if (p->h > 0.0f) {
        fill(ui, p->x, p->y, p->w, p->h, THEME_PANEL);
        outline(ui, p->x, p->y, p->w, p->h, THEME_EDGE);
    }
    ui->cx = p->x + THEME_PAD * s;
    ui->cy = p->y + THEME_PAD * s;
    if (p->title) {
        text_draw(ui->text, p->title, (int)ui->cx, (int)ui->cy, THEME_GOLD);
        ui->cy += (float)text_line_height(ui->text) + THEME_GAP * s;
    }
}

void ui_panel_end(Ui *ui)
{
    UiPanel *p = ui->panel;
    if (!p) return;
    p->h = ui->cy - p->y + (THEME_PAD - THEME_GAP) * ui->scale;
    if (ui->nrects < UI_MAX_PANELS) ui->rects[ui->nrects++] = (SDL_FRect){p->x, p->y, p->w, p->h};
    ui->panel = NULL;
}

/* The row a widget of height h takes in the current panel. */
static SDL_FRect take_row(Ui *ui, float h)
{
    float s = ui->scale;
    float w = ui->panel ? ui->panel->w - 2 * THEME_PAD * s : 200 * s;
    SDL_FRect r = {ui->cx, ui->cy, w, h};
    ui->cy += h + THEME_GAP * s;
    ui->last = r;
    return r;
}

void ui_label(Ui *ui, const char *text)
{
    SDL_FRect r = take_row(ui, (float)text_line_height(ui->text));
    text_draw(ui->text, text, (int)r.x, (int)r.y, THEME_DIM);
}

/* Claim the mouse for widget id when this frame's press landed in r. */
static int press_on(Ui *ui, uint32_t id, const SDL_FRect *r)
{
    /* Every clickable widget passes here: a place for the pad's focus. */
    if (ui->nhot < UI_MAX_HOT) ui->hot[ui->nhot++] = (UiHot){*r, 0, 0, 0, 0};
    if (ui->pressed && ui->active == 0 && inside(r, ui->press_x, ui->press_y)) {
        ui->active = id;
        return 1;
    }
    return 0;
}

/* A click on a button whose label goes back, not forward. */
static bool backs(const char *label)
{
    static const char *const words[] = {"Back", "Cancel", "Close", "No"};
    for (size_t k = 0; k < sizeof words / sizeof words[0]; k++) {
        size_t n = strlen(words[k]);
        if (strncmp(label, words[k], n) == 0 &&
            (label[n] == '\0' || label[n] == ' ' || label[n] == ',' || label[n] == ':'))
            return true;
    }
    return false;
}

static void count_click(Ui *ui, const char *label)
{
    ui->clicks++;
    if (label && backs(label)) ui->back_clicks++;
}

int ui_button(Ui *ui, const char *label)
{
    float s = ui->scale;
    int lh = text_line_height(ui->text);
    SDL_FRect r = take_row(ui, (float)lh + 8 * s);
    uint32_t id = hash_label(ui->panel_id, label);
    press_on(ui, id, &r);
    int held = ui->active == id && ui->down;
    int hover = inside(&r, ui->mx, ui->my);
    int clicked = ui->active == id && ui->released && hover;
    SDL_Color bg = held ? THEME_BUTTON_HELD : hover ? THEME_BUTTON_HOVER : THEME_BUTTON;
    fill(ui, r.x, r.y, r.w, r.h, bg);
    outline(ui, r.x, r.y, r.w, r.h, theme_alpha(THEME_EDGE, 120));
    int tw, th;
    text_measure(ui->text, label, &tw, &th);
    text_draw(ui->text, label, (int)(r.x + (r.w - (float)tw) / 2), (int)(r.y + 4 * s), THEME_INK);
    if (clicked) count_click(ui, label);
    return clicked;
}

int ui_toggle(Ui *ui, const char *label, int *v)
{
    float s = ui->scale;
    int lh = text_line_height(ui->text);
    SDL_FRect r = take_row(ui, (float)lh);
    uint32_t id = hash_label(ui->panel_id, label);
    int changed = 0;
    if (press_on(ui, id, &r)) {
        *v = !*v;
        changed = 1;
        count_click(ui, NULL);
    }
    float box = (float)lh * 0.72f, by = r.y + ((float)lh - box) / 2;
    fill(ui, r.x, by, box, box, THEME_WELL);
    outline(ui, r.x, by, box, box, THEME_WELL_EDGE);
    if (*v) {
        float in = 3 * s;
        fill(ui, r.x + in, by + in, box - 2 * in, box - 2 * in, THEME_ACCENT);
    }
    text_draw(ui->text, label, (int)(r.x + box + 8 * s), (int)r.y, *v ? THEME_INK : THEME_DIM);
    return changed;
}

float ui_slider_pos(double v, double lo, double hi, int flags)
{
    if (!(hi > lo)) return 0.0f;
    double t;
    if (flags & UI_LOG)
        t = log1p(fmax(v - lo, 0.0)) / log1p(hi - lo);
    else
        t = (v - lo) / (hi - lo);
    return (float)fmin(fmax(t, 0.0), 1.0);
}

/* v rounded to two significant digits (12345 -> 12000). */
static double two_digits(double v)
{
    if (v < 100.0) return round(v);
    double p = pow(10.0, floor(log10(v)) - 1.0);
    return round(v / p) * p;
}

double ui_slider_value(float t, double lo, double hi, int flags)
{
    double c = fmin(fmax((double)t, 0.0), 1.0);
    if (flags & UI_LOG) return lo + two_digits(expm1(c * log1p(hi - lo)));
    return lo + c * (hi - lo);
}

/* The common part of the sliders: draws the row with the value text and
 * returns the new position t in [0, 1] while dragged, else -1. */
static float slider_row(Ui *ui, const char *label, const char *value, float t)
{
    float s = ui->scale;
    int lh = text_line_height(ui->text);
    float bar_y = (float)lh + 5 * s;
    SDL_FRect r = take_row(ui, bar_y + KNOB_H * s);
    uint32_t id = hash_label(ui->panel_id, label);
    press_on(ui, id, &r);
    int dragging = ui->active == id && (ui->down || ui->released);
    text_draw(ui->text, label, (int)r.x, (int)r.y, THEME_DIM);
    int vw, vh;
    text_measure(ui->text, value, &vw, &vh);
    text_draw(ui->text, value, (int)(r.x + r.w - (float)vw), (int)r.y, THEME_INK);
    /* The knob's centre travels the bar inset by half a knob each side. */
    float kw = KNOB_W * s, x0 = r.x + kw / 2, x1 = r.x + r.w - kw / 2;
    float nt = -1.0f;
    if (dragging) {
        nt = (ui->mx - x0) / (x1 - x0);
        nt = nt < 0.0f ? 0.0f : nt > 1.0f ? 1.0f : nt;
        t = nt;
    }
    float ty = r.y + bar_y + (KNOB_H - TRACK_H) * s / 2;
    fill(ui, r.x, ty, r.w, TRACK_H * s, THEME_WELL);
    fill(ui, r.x, ty, x0 - r.x + t * (x1 - x0), TRACK_H * s, THEME_FILL);
    int hover = inside(&r, ui->mx, ui->my);
    SDL_Color knob = dragging ? THEME_GOLD : hover ? THEME_INK : THEME_KNOB;
    fill(ui, x0 + t * (x1 - x0) - kw / 2, r.y + bar_y, kw, KNOB_H * s, knob);
    if (ui->nhot > 0) {
        UiHot *h = &ui->hot[ui->nhot - 1];
        *h = (UiHot){r, x0, x1, t, 20};
    }
    return nt;
}

int ui_slider_float(Ui *ui, const char *label, float *v, float lo, float hi, int decimals,
                    const char *unit)
{
    char value[64];
    snprintf(value, sizeof value, "%.*f%s", decimals, (double)*v, unit);
    float t = slider_row(ui, label, value, ui_slider_pos(*v, lo, hi, UI_LINEAR));
    if (t < 0.0f) return 0;
    float nv = (float)ui_slider_value(t, lo, hi, UI_LINEAR);
    if (nv == *v) return 0;
    *v = nv;
    return 1;
}

int ui_slider_int(Ui *ui, const char *label, int *v, int lo, int hi, int flags)
{
    char value[32];
    snprintf(value, sizeof value, "%d", *v);
    float t = slider_row(ui, label, value, ui_slider_pos(*v, lo, hi, flags));
    /* A step of a small range is one value. */
    if (ui->nhot > 0 && flags == UI_LINEAR && hi - lo < 20) ui->hot[ui->nhot - 1].steps = hi - lo;
    if (t < 0.0f) return 0;
    double d = ui_slider_value(t, lo, hi, flags);
    int nv = (int)lround(fmin(fmax(d, lo), hi));
    if (nv == *v) return 0;
    *v = nv;
    return 1;
}

int ui_button_row(Ui *ui, const char *id, const char *const *labels, int n)
{
    float s = ui->scale, gap = THEME_GAP * s;
    int lh = text_line_height(ui->text);
    SDL_FRect row = take_row(ui, (float)lh + 8 * s);
    uint32_t rid = hash_label(ui->panel_id, id);
    float w = n > 0 ? (row.w - gap * (float)(n - 1)) / (float)n : row.w;
    int clicked = -1;
    for (int k = 0; k < n; k++) {
        SDL_FRect r = {row.x + (float)k * (w + gap), row.y, w, row.h};
        uint32_t cid = rid * 31u + (uint32_t)k + 1u;
        press_on(ui, cid, &r);
        int held = ui->active == cid && ui->down;
        int hover = inside(&r, ui->mx, ui->my);
        if (ui->active == cid && ui->released && hover) clicked = k;
        /* As ui_button draws, in a cell of the row. */
        SDL_Color bg = held ? THEME_BUTTON_HELD : hover ? THEME_BUTTON_HOVER : THEME_BUTTON;
        fill(ui, r.x, r.y, r.w, r.h, bg);
        outline(ui, r.x, r.y, r.w, r.h, theme_alpha(THEME_EDGE, 120));
        int tw, th;
        text_measure(ui->text, labels[k], &tw, &th);
        text_draw(ui->text, labels[k], (int)(r.x + (r.w - (float)tw) / 2), (int)(r.y + 4 * s),
                  THEME_INK);
    }
    if (clicked >= 0) count_click(ui, labels[clicked]);
    return clicked;
}
