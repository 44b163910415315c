/* widgets: small immediate-mode controls (label, button, toggle, float and
 * int sliders) stacked in panels, and tooltips, for the game's panels and
 * the map editor. Each call draws its widget and reports what the mouse
 * did to it this frame; the caller keeps the values. */
#ifndef SHOAL_WIDGETS_H
#define SHOAL_WIDGETS_H

#include <SDL.h>
#include <stdbool.h>
#include <stdint.h>

#include "ui/text.h"

#define UI_MAX_PANELS 8
/* A tooltip shows once the pointer has rested this long on one field:
 * long enough not to flash while the pointer crosses a panel, short
 * enough to feel like an answer (desktop toolkits use 0.4-0.7 s). */
#define UI_TIP_DELAY_S 0.5
#define UI_TIP_MAX     320    /* bytes of one tip's text */
#define UI_TIP_W       330.0f /* design px: a tip wraps at this width */

/* A panel's place (output px, top-left) and width; h is measured by
 * ui_panel_end and used by the next frame's hit test. */
typedef struct UiPanel {
    float x, y, w, h;
    const char *title; /* NULL: none */
} UiPanel;

enum {
    UI_LINEAR = 0,
    UI_LOG = 1, /* int sliders: log scale, values snapped to 2 significant digits */
};

/* A widget that takes clicks, as laid out: where a gamepad's focus can go
 * (pad.h moves the pointer between these and clicks). Sliders also say
 * where their knob travels (x0..x1, output px), where it is (t, 0..1) and
 * into how many steps a press left or right divides the bar; 0: a button. */
#define UI_MAX_HOT 64
typedef struct UiHot {
    SDL_FRect r;
    float x0, x1, t;
    int steps;
} UiHot;

typedef struct Ui {
    SDL_Renderer *r;
    Text *text;
    float px_ratio; /* output px per window point (events come in points) */
    float scale;    /* output px per design px, for padding and bars */
    /* The mouse in output px, as the events left it. */
    float mx, my;
    int down;    /* left button held */
    int pressed; /* a left press landed on a panel this frame */
    float press_x, press_y;
    int released;    /* the left button went up this frame */
    int captured;    /* a press on a panel owns the mouse until release */
    uint32_t active; /* the widget the press landed on, 0 none */
    /* Layout of the panel being built. */
    UiPanel *panel;
    uint32_t panel_id;
    float cx, cy;
    SDL_FRect last; /* the rectangle of the widget laid out last */
    /* Panel rectangles drawn this frame and last frame (hit tests). */
    SDL_FRect rects[UI_MAX_PANELS], prev[UI_MAX_PANELS];
    int nrects, nprev;
    /* Tooltips: the clock (seconds), the tip of the field under the
     * pointer this frame, the one it has rested on since tip_since, and
     * what the last ui_end drew. */
    double now;
    bool own_clock; /* ui_set_clock gives the time, not SDL */
    char tip_next[UI_TIP_MAX];
    uint32_t tip_next_id, tip_id;
    double tip_since;
    char tip[UI_TIP_MAX]; /* "" when none showed */
    SDL_FRect tip_box;
    /* The clickable widgets of this frame and of the last. */
    UiHot hot[UI_MAX_HOT], prev_hot[UI_MAX_HOT];
    int nhot, nprev_hot;
    /* Buttons and toggles clicked since ui_init, and of those the ones
     * that go back (Back, Cancel, Close, No): what the game's clicks
     * sound are counted from. */
    unsigned clicks, back_clicks;
} Ui;

/* Widgets drawn on r with t's font; nothing is allocated. */
void ui_init(Ui *ui, SDL_Renderer *r, Text *t);

/* Offer an event to the widgets first. Returns 1 when they take it (a
 * press on a panel, and every mouse event until that press is released,
 * so a slider drag never pans the camera; a wheel over a panel); the
 * caller must then not act on it. Uses the panels of the last frame. */
int ui_event(Ui *ui, const SDL_Event *ev);
/* 1 while the mouse is over a panel or held by a widget. */
int ui_wants_mouse(const Ui *ui);

/* Start and finish a frame of widgets (ui_end clears this frame's clicks
 * and draws the tooltip, over everything drawn since ui_begin). ui_begin
 * reads SDL's clock unless ui_set_clock has set the time. */
void ui_begin(Ui *ui, float px_ratio);
void ui_end(Ui *ui);
/* From now on the time is the caller's: now_s seconds (tests). */
void ui_set_clock(Ui *ui, double now_s);

/* Tooltips: text (copied; "" or NULL: none) explains whatever lies in r,
 * output px, this frame. When the pointer has rested on the same tip for
 * UI_TIP_DELAY_S (no button held), ui_end draws it in a box beside the
 * pointer, wrapped to UI_TIP_W and kept on screen; '\n' breaks a line.
 * The last tip given for the pointer's place wins (drawn on top). */
void ui_tip_rect(Ui *ui, SDL_FRect r, const char *text);
/* The tip of the widget laid out last (ui->last). */
void ui_tip(Ui *ui, const char *text);
/* What the last ui_end showed: the tip's text, or NULL; its box in *box
 * (may be NULL). */
const char *ui_tip_shown(const Ui *ui, SDL_FRect *box);

/* Panels hold widgets stacked top to bottom; widgets go between these. */
void ui_panel_begin(Ui *ui, UiPanel *p);
void ui_panel_end(Ui *ui);

/* Widgets identify themselves by label: keep labels unique in a panel. */
void ui_label(Ui *ui, const char *text);
/* 1 when clicked (pressed and released on it). */
int ui_button(Ui *ui, const char *label);
/* Flips *v (0/1) when clicked; 1 when it changed. */
int ui_toggle(Ui *ui, const char *label, int *v);
/* n buttons side by side on one row, labels[k] on each; id names the row
 * (unique in the panel). Returns the index clicked, or -1. */
int ui_button_row(Ui *ui, const char *id, const char *const *labels, int n);
/* Drag (or click) along the bar to set *v in [lo, hi]; the value shows
 * beside the label with that many decimals and the unit after it ("x",
 * or ""). 1 when *v changed. */
int ui_slider_float(Ui *ui, const char *label, float *v, float lo, float hi, int decimals,
                    const char *unit);
/* The same for ints; flags UI_LOG spreads a wide range (0..200000) over
 * the bar logarithmically. */
int ui_slider_int(Ui *ui, const char *label, int *v, int lo, int hi, int flags);

/* Where along [lo, hi] a slider puts v, 0..1, and back (for tests). */
float ui_slider_pos(double v, double lo, double hi, int flags);
double ui_slider_value(float t, double lo, double hi, int flags);

#endif
