/* tuning: the controls panel's widgets. */
#include "tuning.h"

#include <stdio.h>

/* Design px, scaled by the UI scale. */
#define PANEL_W 270.0f
#define MARGIN  10.0f
/* Weights above this only make the school jitter or ball up. */
#define WEIGHT_MAX 20.0f
/* Burst speeds, px/s: from cruising flat out (no burst) to about three
 * times it (a fish then crosses a 20 px neighbour cell in 4 steps). */
#define BURST_MAX 300.0f

void tuning_init(Tuning *t, const SeaParams *w, int fish, int sharks, int sea_on)
{
    *t = (Tuning){0};
    t->panel.title = "Sea life (Tab hides)";
    t->w = *w;
    t->fish = fish;
    t->sharks = sharks;
    t->sea_on = sea_on;
}

void tuning_draw(Tuning *t, Ui *ui, int view_w)
{
    float s = ui->scale;
    t->panel.w = PANEL_W * s;
    t->panel.x = (float)view_w - t->panel.w - MARGIN * s;
    t->panel.y = MARGIN * s;
    ui_panel_begin(ui, &t->panel);
    if (ui_toggle(ui, "Sea life (L)", &t->sea_on)) t->changed |= TUNE_SEALIFE;
    SeaParams *w = &t->w;
    if (ui_slider_float(ui, "Separation", &w->sep_weight, 0.0f, WEIGHT_MAX, 2, ""))
        t->changed |= TUNE_WEIGHTS;
    if (ui_slider_float(ui, "Alignment", &w->ali_weight, 0.0f, WEIGHT_MAX, 2, ""))
        t->changed |= TUNE_WEIGHTS;
    if (ui_slider_float(ui, "Cohesion", &w->coh_weight, 0.0f, WEIGHT_MAX, 2, ""))
        t->changed |= TUNE_WEIGHTS;
    if (ui_slider_float(ui, "Flee", &w->flee_weight, 0.0f, WEIGHT_MAX, 2, ""))
        t->changed |= TUNE_WEIGHTS;
    if (ui_slider_float(ui, "Burst speed", &w->flee_speed, w->max_speed, BURST_MAX, 0, " px/s"))
        t->changed |= TUNE_WEIGHTS;
    /* Kinds are 1, 2 or 4 (a power of two: kind = id & (kinds - 1)); the
     * button steps through them. */
    char kinds[48];
    snprintf(kinds, sizeof kinds, "Kinds of fish: %d", w->kinds);
    if (ui_button(ui, kinds)) {
        w->kinds = w->kinds >= SEA_KINDS_MAX ? 1 : w->kinds * 2;
        t->changed |= TUNE_WEIGHTS;
    }
    if (ui_slider_int(ui, "Sharks", &t->sharks, 0, SEA_MAX_SHARKS, UI_LINEAR))
        t->changed |= TUNE_SHARKS;
    if (ui_slider_int(ui, "Fish", &t->fish, 0, TUNING_MAX_FISH, UI_LOG)) t->changed |= TUNE_FISH;
    if (ui_button(ui, "Default weights")) t->changed |= TUNE_DEFAULTS;
    ui_panel_end(ui);
}

int tuning_take(Tuning *t)
{
    int c = t->changed;
    t->changed = 0;
    return c;
}
