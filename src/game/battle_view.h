/* battle_view: a battle on screen — the hex layer (grid, a scenario's
 * exits and bay, reachable hexes, firing arcs, plotted paths, aims), the
 * ships (one atlas, one draw call), the smoke, splashes and wakes, the
 * bars over each ship, and the HUD: turn and wind, buttons, the selected
 * ship's panel with her broadside orders, the log, the hot-seat curtain
 * and the end screen. */
#ifndef SHOAL_BATTLE_VIEW_H
#define SHOAL_BATTLE_VIEW_H

#include <SDL.h>

#include "battle.h"
#include "battle_layout.h"
#include "keys.h"
#include "ui/atlas.h"
#include "ui/camera.h"
#include "ui/geo.h"
#include "ui/text.h"
#include "ui/widgets.h"

/* What the battle's screens ask of the game (bit flags). */
enum {
    BATTLE_ACT_NONE = 0,
    BATTLE_ACT_MENU = 1 << 0,      /* open the main menu */
    BATTLE_ACT_QUICKSAVE = 1 << 1, /* F5 */
    BATTLE_ACT_QUICKLOAD = 1 << 2, /* F9 */
    BATTLE_ACT_SAVE = 1 << 3,      /* save under a new name */
    BATTLE_ACT_AGAIN = 1 << 4,     /* end screen: a new battle like this one */
    BATTLE_ACT_QUIT = 1 << 5,
    BATTLE_ACT_GRID = 1 << 6,     /* the hex grid was switched */
    BATTLE_ACT_TOOK = 1 << 7,     /* the event was the battle's: act on nothing else */
    BATTLE_ACT_CENTRE = 1 << 8,   /* centre the camera on the selected ship */
    BATTLE_ACT_END_TURN = 1 << 9, /* the plotting side is done (the game may ask first) */
    BATTLE_ACT_SPEED = 1 << 10,   /* the replay speed changed: keep it in the settings */
};

/* What a left click at the cursor would do (battle_view_hover): the
 * highlight and the hint show it, and the click does just that. */
enum {
    BATTLE_HOVER_NONE = 0, /* nothing (no ship selected, open water) */
    BATTLE_HOVER_SELECT,   /* select `ship` */
    BATTLE_HOVER_PLOT,     /* plot the selected ship's route to `hex` */
    BATTLE_HOVER_TURN,     /* her own hex or her path's end: a new heading */
    BATTLE_HOVER_LAND,     /* `hex` is no sea: the click only says so */
    BATTLE_HOVER_DESELECT, /* water, with a ship selected that takes no orders */
};

#define BATTLE_HOVER_HINT 192 /* bytes: both sides' goals may share a hex */

typedef struct BattleHover {
    int kind;   /* BATTLE_HOVER_* */
    int ship;   /* the ship under the cursor, -1 none */
    Hex hex;    /* the hex under the cursor */
    int aim_bs; /* the broadside a right click would aim at `ship`, -1 none */
    char hint[BATTLE_HOVER_HINT];
    /* What `hex` is to the goals, a line under the hint in the side's
     * colour: an exit or the bay (skirmish_goal_hex_text); "" none. */
    int goal_side; /* the side whose goal it is (the first, when both's) */
    char goal[BATTLE_HOVER_HINT];
} BattleHover;

/* Which of the HUD's panels are folded to their title bar or hidden. */
typedef struct BattlePanels {
    bool hidden;      /* every panel put away (the top bar stays) */
    bool ship_folded; /* the ship panel shows only its title */
    bool menu_folded; /* ... and the Battle panel */
    bool log_open;    /* the log shows BATTLE_LOG_OPEN lines, not BATTLE_LOG_SHUT */
} BattlePanels;

#define BATTLE_LOG_SHUT 3
#define BATTLE_LOG_OPEN 12

typedef struct BattleView {
    SDL_Renderer *r;
    Text *text;
    Atlas ships;
    SDL_Texture *fx_tex; /* a soft puff (left half) and a ring (right half) */
    Battle *battle;      /* the battle drawn; NULL draws nothing */
    int show_grid;
    float ui;           /* output px per design px */
    float right_inset;  /* output px taken at the right edge by another panel */
    float bottom_inset; /* ... and at the bottom left (the log sits above it) */
    float top_end;      /* output px below the top bar, the goals and the note's line (last HUD) */
    float bar_bottom;   /* ... below the top bar and the goals (last HUD) */
    BattleLayout lay;   /* the panels' places this frame (battle_layout) */
    /* Scratch geometry, reused every frame (grown, never shrunk). */
    GeoList geo;
    /* Press of the right button, for telling a click from a pan. */
    int right_down;
    float right_x, right_y, right_moved;
    /* The HUD's panels (immediate mode keeps their size between frames)
     * and the strings their titles point to. */
    UiPanel p_buttons, p_ship, p_curtain, p_end;
    char ship_title[96], curtain_button[96];
    int end_hidden; /* the end screen was put away to look at the sea */
    /* The pointer (output px) once it has moved over the window, whether
     * it was over a panel last frame, and what a click there would do. */
    bool mouse_seen, over_panel;
    float mouse_x, mouse_y;
    BattleHover hover;
    BattlePanels panels;
    const Keys *keys; /* the player's key bindings, for the buttons' labels (NULL: defaults) */
    /* Where the selected ship's orders go on screen (her path's end and
     * each turn's end of her route), which the panels keep clear of too. */
    int nplot;
    float plot_x[ROUTE_MAX_TURNS + 1], plot_y[ROUTE_MAX_TURNS + 1];
    UiPanel p_log;
    /* A teaching aid (the guided battle's Rake step): ship rake_ship's
     * bow and stern lines, where a broadside rakes her. */
    bool rake_on;
    int rake_ship;
    char log_title[64], menu_title[32];
    char speed_label[64]; /* the Battle panel's Re-watch button (kept for the frame) */
    /* battle_view_follow: the ship followed and where she was drawn. */
    int follow_ship;
    float follow_x, follow_y;
} BattleView;

/* Load the ship atlas and make the effects texture for r; text is the
 * game's font. */
int battle_view_init(BattleView *v, SDL_Renderer *r, Text *text, Err *e);
void battle_view_deinit(BattleView *v);

/* Scene layers (ctx = the BattleView): the hex layer with the wakes and
 * splash rings on the water, the ships, and the smoke, shot and bars above
 * them. */
void battle_view_hex(void *ctx, SDL_Renderer *r, const Camera *c);
void battle_view_ships(void *ctx, SDL_Renderer *r, const Camera *c);
void battle_view_effects(void *ctx, SDL_Renderer *r, const Camera *c);

/* The battle's screen-space overlays through the widgets (between the
 * caller's ui_begin and ui_end): the top bar, the buttons, the ship
 * panel, the log, the curtain and the end screen. Returns BATTLE_ACT_*. */
int battle_view_hud(BattleView *v, Ui *ui, const Camera *c, int view_w, int view_h);

/* Keys and right clicks for the battle, before the camera gets them.
 * Returns BATTLE_ACT_* (BATTLE_ACT_TOOK when the event was used). */
int battle_view_event(BattleView *v, const SDL_Event *ev, const Camera *c, float px_ratio);
/* A left click (no drag) at output px (sx, sy): select, plot. */
void battle_view_click(BattleView *v, const Camera *c, double sx, double sy);

/* A battle's opening view: the whole fleet of the side that plots first
 * (both sides when nobody does), at the battle's zoom (BATTLE_HEX_PT) when
 * that keeps the panels (battle_layout, at a selected ship's heights) off
 * every ship, else framed in the part of the view a way of laying them
 * out leaves, as close as fits; the map's edges may push it (cam_clamp). */
#define BATTLE_HEX_PT 36.0 /* hex centre to corner, in window points */
void battle_view_open(const Battle *b, Camera *c, double scale);

/* A translucent box in the panels' colour (alpha 0..255), edged. */
void battle_view_box(SDL_Renderer *r, float x, float y, float w, float h, Uint8 alpha);
/* What a click at the pointer would do, in a box beside it, on the side
 * clear of the panels drawn this frame (ui's). */
void battle_view_hint(BattleView *v, const Ui *ui, int view_w, int view_h);

/* The camera and the selected ship, once a frame: with centre, she goes to
 * the middle of the view (keys 1-8); otherwise, when she has moved since
 * the last call and comes near the edge of the view (less the panels'
 * insets), or has just been selected off screen, the view pans just
 * enough to keep her in it. A selected ship standing still leaves the
 * camera alone, so the player can look elsewhere. */
void battle_view_follow(BattleView *v, Camera *c, bool centre);

/* What a left click at output px (sx, sy) would do now (battle_hover.c):
 * a ship is under the cursor when it is in her hex or on her marker
 * (while a turn plays: on her drawn hull or marker); water near a ship is
 * water. With it, what the hex is to either side's goal. */
void battle_view_hover(const BattleView *v, const Camera *c, double sx, double sy,
                       BattleHover *out);
/* The ship under output px (sx, sy) as battle_view_hover sees it, or -1. */
int battle_view_ship_at(const BattleView *v, const Camera *c, double sx, double sy);
/* Radius in output px of ship i's side-coloured marker: her hull's half
 * length, never less than a size a click can find. */
float battle_view_marker_px(const BattleView *v, const Camera *c, int i);
/* ... of a battle not on a view (ui: its scale). */
float battle_marker_px(const Battle *b, const Camera *c, int i, float ui);

/* Where ship i's marker is drawn now: its centre (output px) and radius.
 * False when she is not drawn (sunk and gone). */
bool battle_view_marker_at(const BattleView *v, const Camera *c, int i, float *x, float *y,
                           float *r);

/* The hex under output pixel (sx, sy) for hexes of the given size. */
Hex battle_pick_hex(const Camera *c, float hex_size, double sx, double sy);

/* The points-of-sail rose of a ship (battle_rose.c): on each heading the
 * point of sail under the wind now and her movement allowance there, the
 * limit of the rules' cost table (skirmish_move_cost), in points and in
 * hexes ahead (FLEET_HEX_COST each). */
typedef struct BattleRose {
    int ship;              /* -1: none */
    int facing, wind_from; /* her heading now; where the wind blows from */
    int sail[HEX_DIRS];    /* FLEET_IN_IRONS .. FLEET_RUNNING */
    int points[HEX_DIRS];  /* 0 in irons, or for a ship without rigging */
    int hexes[HEX_DIRS];
} BattleRose;
/* The rose of ship i; false (out->ship = -1) when she is not fighting. */
bool battle_rose_measure(const Skirmish *sk, int i, BattleRose *out);
/* The selected ship's rose while orders are given (any ship, enemies
 * too: wind and rigging are in plain sight): its petals and the wind's
 * arrow into v->geo (the hex layer flushes them), then, after that
 * flush, the labels with their backs. */
void battle_rose_geo(BattleView *v, const Camera *c);
void battle_rose_labels(BattleView *v, const Camera *c);

/* What is drawn over each ship (battle_marks.c), for the effects layer:
 * her marker, her bars and, for a flagship with her colours up
 * (skirmish_flagship), a broad pennant; the lashings; the rings round the
 * selected ship and the one under the cursor; then every ship's name
 * label. Adds to v->geo and flushes it, with what the caller put there
 * before (the shot's trails go under the markers in the same batch). */
void battle_marks_draw(BattleView *v, const Camera *c);

/* Each side's exits and bay (battle_goals.c, for a scenario's escort,
 * blockade or hold) into v->geo, for the hex layer to flush under
 * everything else it draws. */
void battle_goals_geo(BattleView *v, const Camera *c);

/* The end screen (battle_end.c): the outcome and the statistics of both
 * sides, with buttons. Returns BATTLE_ACT_*. */
int battle_end_screen(BattleView *v, Ui *ui, int view_w, int view_h);

#endif
