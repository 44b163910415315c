/* theme: the UI's colours and sizes by name, shared by the widgets, the
 * dialogs, the game's HUD and battle view, and the editor, so one look is
 * kept in one place (raylib's LIGHTGRAY style). Colours are SDL_Color
 * compound literals; theme_alpha gives one at another opacity. */
#ifndef SHOAL_UI_THEME_H
#define SHOAL_UI_THEME_H

#include <SDL.h>

/* ---------------------------------------------------------------- sizes */

/* Design px; callers multiply by their px ratio. */
#define THEME_PAD        10.0f /* inside a widget panel, around its rows */
#define THEME_GAP        7.0f  /* between a panel's rows */
#define THEME_DIALOG_PAD 18.0f /* inside a dialog box */
#define THEME_DIALOG_GAP 10.0f /* between a dialog's parts */

/* ----------------------------------------------------------------- text */

#define THEME_INK        ((SDL_Color){236, 244, 248, 255}) /* text */
#define THEME_DIM        ((SDL_Color){160, 190, 205, 255}) /* secondary text, keys */
#define THEME_DIALOG_DIM ((SDL_Color){170, 198, 212, 255}) /* a dialog's secondary text */
#define THEME_GOLD       ((SDL_Color){245, 214, 140, 255}) /* titles, messages, selection */
#define THEME_BAD        ((SDL_Color){255, 140, 120, 255}) /* damage, failures */
#define THEME_ERROR      ((SDL_Color){255, 110, 100, 255}) /* an error's tag */
#define THEME_WARNING    ((SDL_Color){255, 200, 90, 255})  /* a warning's tag */
#define THEME_WHITE      ((SDL_Color){255, 255, 255, 255})

/* ------------------------------------------------------ panels, widgets */

#define THEME_PANEL        ((SDL_Color){6, 20, 36, 205})    /* panel and box backgrounds */
#define THEME_EDGE         ((SDL_Color){120, 180, 200, 70}) /* panel and button edges */
#define THEME_BAR          ((SDL_Color){4, 14, 26, 235})    /* the editor's status bar */
#define THEME_SHADE        ((SDL_Color){4, 14, 28, 110})    /* the menu's veil over the sea */
#define THEME_BUTTON       ((SDL_Color){24, 60, 86, 220})
#define THEME_BUTTON_HOVER ((SDL_Color){40, 90, 120, 220})
#define THEME_BUTTON_HELD  ((SDL_Color){60, 120, 150, 230})
#define THEME_WELL         ((SDL_Color){10, 34, 54, 255}) /* check box, slider track */
#define THEME_WELL_EDGE    ((SDL_Color){150, 200, 220, 200})
#define THEME_ACCENT       ((SDL_Color){110, 200, 235, 255}) /* a check mark, graph bars */
#define THEME_FILL         ((SDL_Color){70, 150, 190, 255})  /* a slider's filled part */
#define THEME_KNOB         ((SDL_Color){200, 220, 230, 255})
#define THEME_HOT          ((SDL_Color){245, 150, 90, 230}) /* graph bars over budget */
#define THEME_ROW_HOVER    ((SDL_Color){30, 70, 96, 220})   /* a list row under the pointer */
#define THEME_ROW_PICKED   ((SDL_Color){50, 100, 130, 230}) /* the chosen list row */
#define THEME_NONE         ((SDL_Color){0, 0, 0, 0})
#define THEME_TIP          ((SDL_Color){14, 40, 62, 245})    /* a tooltip's box */
#define THEME_TIP_EDGE     ((SDL_Color){245, 214, 140, 200}) /* ... its gold edge */

/* -------------------------------------------------------------- dialogs */

#define THEME_SCRIM               ((SDL_Color){2, 8, 16, 140}) /* over everything behind a dialog */
#define THEME_DIALOG              ((SDL_Color){8, 26, 44, 245})
#define THEME_DIALOG_EDGE         ((SDL_Color){140, 200, 220, 160})
#define THEME_FIELD               ((SDL_Color){2, 12, 22, 255}) /* a text field */
#define THEME_DIALOG_BUTTON_HOVER ((SDL_Color){44, 96, 126, 255})
#define THEME_DIALOG_BUTTON_HELD  ((SDL_Color){70, 130, 160, 255})

/* ---------------------------------------------------------- sea and map */

#define THEME_SEA_CLEAR    ((SDL_Color){6, 18, 34, 255})   /* behind the editor's map */
#define THEME_CURTAIN      ((SDL_Color){7, 22, 44, 255})   /* the hot-seat curtain */
#define THEME_THUMB_WATER  ((SDL_Color){28, 84, 130, 255}) /* a save's map picture */
#define THEME_THUMB_LAND   ((SDL_Color){104, 150, 78, 255})
#define THEME_ROSE         ((SDL_Color){160, 200, 220, 160}) /* wind rose ring and ticks */
#define THEME_ROSE_TEXT    ((SDL_Color){200, 225, 235, 255})
#define THEME_WIND         ((SDL_Color){240, 248, 255, 255}) /* the game's wind arrow */
#define THEME_SKY          ((SDL_Color){140, 220, 255, 255}) /* water cursor, editor wind arrow */
#define THEME_SAND         ((SDL_Color){250, 226, 160, 255}) /* land cursor */
#define THEME_LEGEND_INK   ((SDL_Color){220, 235, 242, 255}) /* the heat map's key */
#define THEME_SHADOW       ((SDL_Color){0, 0, 0, 150})
#define THEME_GRID_LINE    ((SDL_Color){235, 245, 255, 60}) /* the editor's hex grid */
#define THEME_GRID_ON_HEAT ((SDL_Color){0, 0, 0, 90})       /* ... over the heat map */
#define THEME_SAILABLE     ((SDL_Color){60, 235, 170, 58})
#define THEME_UNSAILABLE   ((SDL_Color){12, 4, 24, 120})
#define THEME_FLEET1       ((SDL_Color){236, 92, 72, 255}) /* the editor's spawns */
#define THEME_FLEET2       ((SDL_Color){250, 206, 72, 255})
#define THEME_SPAWN_LABEL  ((SDL_Color){20, 16, 10, 255})
#define THEME_MIRROR       ((SDL_Color){236, 140, 255, 220}) /* the mirror's centre */
#define THEME_PICK_ERROR   ((SDL_Color){255, 84, 84, 255})   /* a picked finding on the map */
#define THEME_PICK_WARNING ((SDL_Color){255, 196, 64, 255})

/* -------------------------------------------------------------- battles */

#define THEME_SIDE_A        ((SDL_Color){120, 170, 255, 255}) /* ship labels: the ships' paint */
#define THEME_SIDE_B        ((SDL_Color){255, 120, 105, 255})
#define THEME_SIDE_A_TEXT   ((SDL_Color){135, 180, 255, 255}) /* ... lighter in the HUD's text */
#define THEME_SIDE_B_TEXT   ((SDL_Color){255, 135, 120, 255})
#define THEME_STRUCK        ((SDL_Color){220, 220, 220, 255})
#define THEME_REACH         ((SDL_Color){160, 232, 255, 64}) /* hexes she can reach */
#define THEME_ENEMY_REACH   ((SDL_Color){255, 150, 130, 34})
#define THEME_ARC_PORT      ((SDL_Color){255, 200, 90, 110}) /* firing arcs' outlines */
#define THEME_ARC_STBD      ((SDL_Color){255, 130, 195, 110})
#define THEME_ARC_PORT_FILL ((SDL_Color){255, 200, 90, 22})
#define THEME_ARC_STBD_FILL ((SDL_Color){255, 120, 190, 22})
#define THEME_PATH          ((SDL_Color){255, 240, 190, 230}) /* plotted paths */
#define THEME_ROUTE         ((SDL_Color){190, 235, 255, 200}) /* a route's later turns */
#define THEME_BATTLE_GRID   ((SDL_Color){255, 255, 255, 24})
#define THEME_GHOST         ((SDL_Color){255, 255, 255, 110}) /* where her orders take her */
#define THEME_BARS_BG       ((SDL_Color){5, 15, 28, 170})     /* behind a ship's bars */
#define THEME_BAR_TRACK     ((SDL_Color){60, 60, 70, 200})
#define THEME_RIGGING       ((SDL_Color){215, 235, 250, 255})
#define THEME_CREW          ((SDL_Color){250, 200, 90, 255})
#define THEME_SAIL_FILL     ((SDL_Color){150, 255, 205, 85})  /* the points-of-sail rose */
#define THEME_SAIL_NOW_FILL ((SDL_Color){245, 214, 140, 120}) /* ... her heading's petal */
#define THEME_SAIL_EDGE     ((SDL_Color){150, 255, 205, 235})
#define THEME_SAIL_RING     ((SDL_Color){150, 255, 205, 40}) /* ... a ring a hex apart */
#define THEME_SAIL_LABEL_BG ((SDL_Color){4, 14, 26, 175})
#define THEME_ROPE          ((SDL_Color){214, 180, 120, 235}) /* grapples between lashed ships */
#define THEME_GOAL_SHADOW   ((SDL_Color){2, 10, 22, 150})     /* under an exit's or bay's lines */
#define THEME_SHOT_TRAIL    ((SDL_Color){255, 244, 220, 190}) /* shot in flight, over dark sea */

/* c at opacity a (0..255), its colour unchanged. */
/* c with its alpha scaled by a (0..1: a fading mark). */
static inline SDL_Color theme_fade(SDL_Color c, float a)
{
    float k = a < 0.0f ? 0.0f : a > 1.0f ? 1.0f : a;
    c.a = (Uint8)(k * (float)c.a + 0.5f);
    return c;
}

static inline SDL_Color theme_alpha(SDL_Color c, Uint8 a)
{
    c.a = a;
    return c;
}

/* r's draw colour set to c. */
static inline void theme_draw_color(SDL_Renderer *r, SDL_Color c)
{
    SDL_SetRenderDrawColor(r, c.r, c.g, c.b, c.a);
}

#endif
