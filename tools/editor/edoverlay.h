/* edoverlay: what the editor draws over the map picture — sailable hexes,
 * the hex grid, the live sea, spawns, the mirror centre, the validation
 * highlight, the brush cursor and line preview, the wind rose and the heat
 * map's key. It sees one frame's worth of facts (EdOverlayFrame), never
 * the editing session itself. */
#ifndef SHOAL_ED_EDOVERLAY_H
#define SHOAL_ED_EDOVERLAY_H

#include <SDL.h>
#include <stdbool.h>

#include "core/chart.h"
#include "core/hex.h"
#include "core/map.h"
#include "core/validate.h"
#include "seaprev.h"
#include "ui/camera.h"
#include "ui/geo.h"
#include "ui/text.h"

/* The pointer's mark on the map. */
typedef enum EdOverlayCursor {
    EDOVERLAY_CURSOR_NONE,  /* hidden: off the map, under a panel, a dialog */
    EDOVERLAY_CURSOR_BRUSH, /* the brush's ring (and a line's preview) */
    EDOVERLAY_CURSOR_FILL,  /* a crosshair with a swatch */
    EDOVERLAY_CURSOR_SPAWN, /* the hex a spawn tool would toggle */
} EdOverlayCursor;

/* One frame's view of the session: what to draw and where. Pointers are
 * borrowed for the call. */
typedef struct EdOverlayFrame {
    SDL_Renderer *r;
    Text *text;
    const Camera *cam;
    const Map *map;
    float px_ratio;     /* output px per design px */
    int view_w, view_h; /* output px */
    int status_bar_h;   /* output px kept free at the bottom */
    float wind_right;   /* the wind rose sits left of this x */

    bool heat, grid;             /* the heat map's key; the hex grid */
    const Chart *sail;           /* sailable hexes to shade, or NULL */
    SeaPreview *sea;             /* the live sea (drawn when running) */
    float fish_margin;           /* map px, marked on the heat map's key */
    bool mirror;                 /* mirror painting: its centre and ghosts */
    const ValidateFinding *pick; /* the highlighted finding, or NULL */
    double pick_time;            /* seconds since it was picked */

    EdOverlayCursor cursor;
    float mx, my;         /* the pointer, output px */
    int fleet;            /* EDOVERLAY_CURSOR_SPAWN: 0 or 1 */
    bool land;            /* painting land (else water) */
    int brush;            /* diameter, map px */
    bool line;            /* a straight line's preview from (line_x, line_y) */
    float line_x, line_y; /* map px */
} EdOverlayFrame;

/* The overlays' vertex buffers, kept between frames. */
typedef struct EdOverlay {
    GeoList geo;
} EdOverlay;

void edoverlay_init(EdOverlay *o);
void edoverlay_deinit(EdOverlay *o);

/* Draw every overlay of frame f through its camera. */
void edoverlay_draw(EdOverlay *o, const EdOverlayFrame *f);

#endif
