/* edapp: one editing session of shoal-editor — the window's state around
 * the core editing model (core/edit.h): tools, view, overlays, panels,
 * dialogs, files and the autosave, the same in a window and headless.
 * The module's files: edapp.c (init, actions, frame), edapp_sync.c (model
 * and view kept in step), edapp_session.c (open, save, recovery, autosave,
 * dialogs) and edapp_input.c (pointer and keys); edapp_internal.h joins them. */
#ifndef SHOAL_ED_EDAPP_H
#define SHOAL_ED_EDAPP_H

#include <SDL.h>
#include <stdbool.h>
#include <stdint.h>

#include "core/edit.h"
#include "core/chart.h"
#include "core/hex.h"
#include "core/jobs.h"
#include "core/paths.h"
#include "core/shore.h"
#include "core/validate.h"
#include "edact.h"
#include "edoverlay.h"
#include "edpanels.h"
#include "mapview.h"
#include "play.h"
#include "seaprev.h"
#include "ui/camera.h"
#include "ui/dialog.h"
#include "ui/text.h"
#include "ui/widgets.h"

#define EDAPP_DEFAULT_W        1280
#define EDAPP_DEFAULT_H        800
#define EDAPP_DEFAULT_AUTOSAVE 60

/* Overlay bits (--overlays and the toggles). */
enum {
    OVL_HEAT = 1 << 0, /* shore-distance heat map */
    OVL_GRID = 1 << 1, /* hex grid */
    OVL_SAIL = 1 << 2, /* sailable hexes shaded */
    OVL_SEA = 1 << 3,  /* live sea preview */
};

/* What the command line asked for (main.c fills it). */
typedef struct EdOptions {
    const char *map_path; /* the map to open, or NULL: a new one */
    int has_seed;         /* --seed: a new generated map from it */
    uint32_t seed;
    int new_w, new_h;       /* --new WxH: an empty sea; 0 when not given */
    const char *screenshot; /* --screenshot OUT.png */
    int frames;             /* frames before the screenshot */
    const char *script;     /* --script FILE */
    int width, height;      /* window size */
    int autosave_s;         /* seconds between autosaves, 0 off */
    unsigned overlays;      /* OVL_* shown at start */
} EdOptions;

/* Where a dialog's answer leads. */
typedef enum EdDialogKind {
    EDAPP_DLG_NONE,
    EDAPP_DLG_UNSAVED,  /* Save / Discard / Cancel before `pending` */
    EDAPP_DLG_OPEN,     /* path field: Open / Cancel */
    EDAPP_DLG_SAVE_AS,  /* path field: Save / Cancel */
    EDAPP_DLG_REPLACE,  /* Save As onto an existing file: Replace / Cancel */
    EDAPP_DLG_RESTORE,  /* a recovery copy exists: Restore / Discard */
    EDAPP_DLG_MESSAGE,  /* OK */
    EDAPP_DLG_RENAME,   /* the map's name */
    EDAPP_DLG_SEED,     /* the generator's seed */
    EDAPP_DLG_GENERATE, /* Ctrl+G: Generate / Cancel */
} EdDialogKind;

/* What waits for the unsaved-changes question (or a Save As). */
typedef enum EdPending { EDAPP_PENDING_NONE, EDAPP_PENDING_QUIT, EDAPP_PENDING_OPEN } EdPending;

/* The picture of the model and how it is looked at. */
typedef struct EdView {
    ShoreField shore;
    bool field_stale; /* pixels changed since the last bake */
    double bake_ms;   /* the last re-bake: field + picture + chart + sea */
    double update_ms; /* the last in-stroke picture update */
    MapView map;
    Chart chart;
    bool chart_ok, chart_stale;
    SeaPreview sea;
    bool sea_ok; /* fish sprites loaded */
    Camera cam;
    int w, h; /* output px */
} EdView;

/* The painting tool and what it paints. */
typedef struct EdTools {
    EdTool tool;
    int value; /* EDIT_LAND or EDIT_WATER */
    int brush;
} EdTools;

/* Pointer and keys, in output px. */
typedef struct EdPointer {
    float mx, my;
    bool in;                  /* over the window */
    bool painting;            /* a brush stroke is open */
    bool lining;              /* a Shift line is being dragged */
    bool panning;             /* middle or right button held, or Space + left */
    bool space_pan;           /* the pan is Space + left */
    float anchor_x, anchor_y; /* a line's start, map px */
    bool has_last;
    float last_x, last_y; /* where the last stroke or line ended, map px */
    SDL_Keymod mod;
    bool keys[SDL_NUM_SCANCODES];
} EdPointer;

/* Validation. */
typedef struct EdReport {
    bool show;
    ValidateReport r;
    uint64_t rev;     /* the model's revision it was made at */
    bool ok;          /* r holds a result */
    int pick;         /* finding highlighted, -1 none */
    double pick_time; /* seconds since it was picked */
} EdReport;

/* The map's file, its recovery copy and what waits on a question. */
typedef struct EdFiles {
    char path[PATHS_MAX];     /* the map's file; "" while untitled */
    char recovery[PATHS_MAX]; /* its recovery copy; "" when none */
    bool restored;            /* a restored copy not saved yet */
    EdPending pending;
    char pending_path[PATHS_MAX];
    char save_as_path[PATHS_MAX];
    double autosave_at; /* clock of the next autosave */
    uint64_t autosaved_rev;
    bool autosaved_any;
} EdFiles;

typedef struct EdApp {
    const EdOptions *o;
    SDL_Window *win;
    SDL_Renderer *r;
    Text *text;
    Ui ui;
    Dialog dlg;
    JobPool *pool;
    int headless; /* fixed 60 Hz frames, no waiting (script, screenshot) */
    Editor *ed;
    float px_ratio;

    EdView view;
    EdTools tools;
    unsigned overlays; /* OVL_* */
    EdPointer ptr;
    EdReport report;
    EdFiles files;
    EdPanels panels;
    EdOverlay overlay;
    EdPlay play; /* the game started by "Play this map" */
    bool help;   /* the F1 help is shown */

    char status[512];
    double status_left;
    char title[PATHS_MAX + 128];
    double clock; /* seconds of editing (frames x dt when headless) */
    bool want_shot;
    bool quit;
} EdApp;

/* Everything of a session on renderer r (and window win, NULL never:
 * headless runs use SDL's dummy video driver) for map m, which the session
 * takes over (m is left empty). path is m's file or NULL for a new map.
 * Offers a recovery copy of it when one exists. e says what failed. */
int edapp_init(EdApp *a, const EdOptions *o, Map *m, const char *path, SDL_Window *win,
               SDL_Renderer *r, Err *e);
void edapp_deinit(EdApp *a);

/* One event; sets a->quit when the session is over. */
void edapp_event(EdApp *a, const SDL_Event *ev);
/* Advance dt seconds (camera keys, sea, autosave, re-bakes) and draw. */
void edapp_frame(EdApp *a, double dt);
/* Finish the frame (present). */
void edapp_present(EdApp *a);

/* Whether anything moves on its own, so the window loop may sleep until
 * the next event when false. */
bool edapp_animating(const EdApp *a);

/* Unsaved changes (the title's '*'). */
bool edapp_dirty(const EdApp *a);

/* Before a stop by SIGINT or SIGTERM: unsaved work is written as the
 * recovery copy (which the next start on the map offers to restore) and
 * stderr says where; nothing is saved over the map itself. */
void edapp_keep_unsaved(EdApp *a);

/* Map point (x, y) in output px, for scripts. */
void edapp_map_to_screen(const EdApp *a, double x, double y, double *sx, double *sy);
/* One line describing the state, for scripts and tests: title, dirty,
 * undo/redo counts, tool, brush, value, mirror, overlays, zoom, findings,
 * dialog, status. */
void edapp_describe(const EdApp *a, char *out, size_t cap);
/* Save what was drawn this frame as a PNG (call before present). */
int edapp_screenshot(EdApp *a, const char *path, Err *e);

#endif
