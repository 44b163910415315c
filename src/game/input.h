/* input: mouse and keyboard -> camera moves and game actions. */
#ifndef SHOAL_INPUT_H
#define SHOAL_INPUT_H

#include <SDL.h>

#include "ui/camera.h"

/* What an event asks of the game beyond moving the camera. */
enum {
    INPUT_NONE = 0,
    INPUT_QUIT = 1 << 0,
    INPUT_TOGGLE_HELP = 1 << 1,
    INPUT_SCREENSHOT = 1 << 2,
    INPUT_RESIZED = 1 << 3,
    INPUT_TOGGLE_STATS = 1 << 4,   /* F3: the performance HUD */
    INPUT_TOGGLE_PANEL = 1 << 5,   /* Tab: the controls panel */
    INPUT_TOGGLE_SEALIFE = 1 << 6, /* L: all sea life off / on */
    INPUT_CLICK = 1 << 7,          /* a left click (no drag) at click_x, click_y */
    INPUT_PANNED = 1 << 8,         /* the player moved the camera by hand */
    INPUT_UNFOLLOW = 1 << 9,       /* Esc while following a fish */
    INPUT_FULLSCREEN = 1 << 10,    /* F11: fullscreen on / off */
    INPUT_CLOSE_HELP = 1 << 11,    /* Esc while the help is open */
};

/* A press that moves less than this (output px) before release is a click. */
#define INPUT_CLICK_SLOP 4.0

typedef struct Input {
    int dragging;            /* a pan-drag is in progress (left or right button) */
    float px_ratio;          /* output px per window point (2 on a Retina display) */
    int help_open;           /* Esc closes the help before anything else */
    int following;           /* Esc stops following before it quits */
    double press_x, press_y; /* where the left button went down, output px */
    double drag_dist;        /* how far it has moved since, output px */
    int left_down;
    double click_x, click_y; /* the last INPUT_CLICK, output px */
} Input;

/* Apply one event to the camera; returns INPUT_* flags for the rest. */
int input_event(Input *in, const SDL_Event *ev, Camera *cam);

/* Held keys (WASD, arrows, +/-) move or zoom the camera for dt seconds;
 * returns INPUT_PANNED when they moved it. */
int input_keys(const Input *in, Camera *cam, double dt);

#endif
