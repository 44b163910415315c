/* hud: the status line, the help overlay, the performance overlay and
 * the loading panel drawn over the map. */
#ifndef SHOAL_HUD_H
#define SHOAL_HUD_H

#include <SDL.h>
#include <stdbool.h>

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
/* The help's pages: the sea's controls; in a battle its controls, then
 * its rules. */
enum { HUD_HELP_CLOSED = 0, HUD_HELP_SEA, HUD_HELP_KEYS, HUD_HELP_RULES };
/* The page F1 (or H) turns to from page: in a battle Keys, Rules, closed;
 * elsewhere the sea's page and closed. */
int hud_help_next(int page, bool battle);
/* Help page `page` (HUD_HELP_*), centred on a view_w x view_h output,
 * keys as bound in keys, with a line saying how to turn it. */
void hud_draw_help(Text *t, SDL_Renderer *r, int view_w, int view_h, float ui, int page,
                   const Keys *keys);

/* A line of the Rules page: its topic ("Raking", "" to go on the last
 * one) and what the rules say, numbers from core/fleet.h's tables. */
typedef struct HudRulesRow {
    char topic[40];
    char text[128];
} HudRulesRow;
#define HUD_RULES_MAX 40
/* The Rules page's lines (hud_rules.c) into rows; returns how many (at
 * most cap). */
int hud_rules_rows(HudRulesRow *rows, int cap);

/* What the performance overlay shows. */
typedef struct HudStats {
    const Perf *perf;
    int fish, sharks, threads;
    int sea_on;
    const char *renderer; /* SDL's name for the renderer drawing */
    const char *sound;    /* the sound's state: "on", "muted (M)", ... */
} HudStats;

/* The performance overlay (F3) at the bottom left of a view_h px high
 * view: FPS, frame ms, sea ms on the main thread and on the workers, the
 * bake, fish count, draw calls, the sound's main-thread time and voices,
 * and a graph of recent frame times. */
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
