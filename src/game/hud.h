/* hud: the status line, the help overlay, the performance overlay and
 * the loading panel drawn over the map. */
#ifndef SHOAL_HUD_H
#define SHOAL_HUD_H

#include <SDL.h>

#include "keys.h"
#include "perf.h"
#include "ui/text.h"
#include "ui/widgets.h"

typedef struct HudInfo {
    const char *map_name;
    int map_w, map_h;
    double zoom;        /* screen px per map px */
    double fps;         /* < 0: not measured yet */
    int fish;           /* fish in the sea */
    int sea_on;         /* sea life switched on */
    int following;      /* the camera follows a fish */
    const char *status; /* a passing message ("saved x.png"), or NULL */
} HudInfo;

/* The status line in a translucent strip at the top left. ui is the
 * output px per window point, for padding. */
void hud_draw(Text *t, SDL_Renderer *r, const HudInfo *h, float ui);
/* The controls, centred on a view_w x view_h output; with battle, the
 * battle's controls too, keys as bound in keys. */
void hud_draw_help(Text *t, SDL_Renderer *r, int view_w, int view_h, float ui, int battle,
                   const Keys *keys);

/* What the performance overlay shows. */
typedef struct HudStats {
    const Perf *perf;
    int fish, sharks, threads;
    int sea_on;
    const char *renderer; /* SDL's name for the renderer drawing */
} HudStats;

/* The performance overlay (F3) at the bottom left of a view_h px high
 * view: FPS, frame ms, sea ms on the main thread and on the workers, the
 * bake, fish count, draw calls, and a graph of recent frame times. */
void hud_draw_stats(Text *t, SDL_Renderer *r, const HudStats *s, int view_h, float ui);
/* Output px the performance overlay takes at the bottom of the view, its
 * margin included (for what else sits down there). */
int hud_stats_height(Text *t, float ui);

/* What the loading panel shows. */
typedef struct HudLoading {
    const char *title; /* what is loading ("Loading quicksave.sav") */
    const char *step;  /* the step under way ("Baking the shore") */
    double step_s;     /* seconds into the step, < 0: not shown */
    float fraction;    /* 0..1 of the whole */
    int cancel;        /* offer a Cancel button */
} HudLoading;

/* The loading panel in the middle of a view_w x view_h view, over a
 * scrim that marks the view behind as taking no input: the title, the
 * step and its time, a bar, and Cancel. p keeps the panel's size from
 * frame to frame (start it zeroed). Returns 1 when Cancel was clicked. */
int hud_draw_loading(Ui *ui, UiPanel *p, const HudLoading *l, int view_w, int view_h);

#endif
