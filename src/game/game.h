/* game: one running game — its state, its events and its frames, the same
 * in a window and headless. */
#ifndef SHOAL_GAME_H
#define SHOAL_GAME_H

#include <SDL.h>
#include <stdint.h>

#include "app.h"
#include "core/jobs.h"
#include "core/map.h"
#include "core/shore.h"
#include "input.h"
#include "perf.h"
#include "scene.h"
#include "sealife.h"
#include "tuning.h"
#include "ui/camera.h"
#include "ui/terrain.h"
#include "ui/text.h"
#include "ui/widgets.h"

typedef struct Game {
    const GameOptions *o;
    const Map *m;
    SDL_Window *win; /* NULL when headless */
    SDL_Renderer *r;
    JobPool *pool;
    ShoreField shore;
    Terrain terrain;
    Text *text;
    Camera cam;
    Input in;
    Ui ui;
    Scene scene;
    SeaLife sea;
    Tuning tuning;
    Perf perf;
    int view_w, view_h;
    int help, stats, panel, status_line;
    int want_shot; /* F12 pressed: save after this frame is drawn */
    char status[256];
    double status_left; /* seconds the status stays on screen */
    uint64_t frame_t0;  /* ticks at the start of the frame */
    double last_wall;   /* headless: wall clock (s) of the last frame, < 0 none */
} Game;

/* Everything of a game on renderer r (and window win, NULL headless):
 * font, worker pool, shore field, terrain, sea life, camera. Prints
 * nothing; e says what failed. */
int game_init(Game *g, const GameOptions *o, const Map *m, SDL_Window *win, SDL_Renderer *r,
              Err *e);
void game_deinit(Game *g);

/* The output size or pixel density changed. */
void game_sync_view(Game *g);

/* A frame is: game_frame_begin, game_event for each event, game_frame,
 * game_frame_done, then present. */
void game_frame_begin(Game *g);
/* Returns 1 when the event asks to quit. */
int game_event(Game *g, const SDL_Event *ev);
/* Advance dt seconds (sea steps are owed at a fixed rate) and draw. */
void game_frame(Game *g, double dt);
/* Record the frame's figures (perf); wall_s is the time since the last
 * frame. Call before presenting: frame ms ends here. */
void game_frame_done(Game *g, double wall_s);

/* Show msg in the status line for a few seconds. */
void game_status(Game *g, const char *msg);
/* F12: save what was just drawn as shoal-DATE-TIME.png; the outcome goes
 * to the status line (and stderr on failure). */
void game_save_shot(Game *g);

/* Switch all sea life off or on (the L key). */
void game_set_sea_life(Game *g, int on);

#endif
