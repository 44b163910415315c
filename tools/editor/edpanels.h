/* edpanels: the editor's panels (tools, map settings, generator,
 * validation), its status bar and the F1 help. They draw from one frame's
 * facts (EdPanelsFrame) and return what was clicked as an EdAct for edapp
 * to apply; they never change the session themselves. */
#ifndef SHOAL_ED_EDPANELS_H
#define SHOAL_ED_EDPANELS_H

#include <SDL.h>
#include <stdbool.h>

#include "core/edit.h"
#include "core/map.h"
#include "core/mapgen.h"
#include "core/validate.h"
#include "edact.h"
#include "ui/camera.h"
#include "ui/text.h"
#include "ui/widgets.h"

/* What the panels keep between frames. */
typedef struct EdPanels {
    bool shown;    /* Tab hides them */
    bool gen_open; /* the Generate panel is shown */
    /* The Map panel's copies of the model: sliders move these, and the
     * owner commits them when no slider is held. */
    int wind_dir, wind_strength, hex_size;
    MapGenParams gen; /* the Generate panel's settings */
    /* Places (their heights are learnt while drawing). */
    UiPanel p_tools, p_map, p_gen, p_report;
} EdPanels;

/* One frame's view of the session. Pointers are borrowed for the call. */
typedef struct EdPanelsFrame {
    SDL_Renderer *r;
    Text *text;
    Ui *ui;
    float px_ratio;     /* output px per design px */
    int view_w, view_h; /* output px */
    int status_bar_h;   /* edpanels_status_bar_h */
    const Map *map;
    const Camera *cam;
    EdTool tool;
    bool land; /* painting land (else water) */
    int brush;
    bool mirror;
    bool overlay[4]; /* heat, grid, sailable, sea: in EDACT_HEAT.. order */
    const ValidateReport *report;
    bool report_ok;    /* report holds a result */
    bool report_stale; /* the map changed since it was made */
    int pick;          /* the highlighted finding, -1 none */
    bool pointer_in;   /* the pointer is over the window at (mx, my) */
    float mx, my;
    bool dirty;         /* unsaved changes */
    const char *status; /* the passing message, "" none */
} EdPanelsFrame;

/* Shown, the generator's defaults, no places yet. */
void edpanels_init(EdPanels *p);

/* Each panel between the caller's ui_begin and ui_end; returns what was
 * asked (EDACT_NONE: nothing). */
EdAct edpanels_tools(EdPanels *p, const EdPanelsFrame *f);
EdAct edpanels_map(EdPanels *p, const EdPanelsFrame *f);
EdAct edpanels_gen(EdPanels *p, const EdPanelsFrame *f);
EdAct edpanels_report(EdPanels *p, const EdPanelsFrame *f);

/* The status bar along the bottom, and its height in output px. */
void edpanels_status_bar(const EdPanelsFrame *f);
int edpanels_status_bar_h(Text *t, float px_ratio);
/* The F1 help over everything but dialogs, from edact's key table. */
void edpanels_help(const EdPanelsFrame *f);

#endif
