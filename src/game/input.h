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
};

typedef struct Input {
    int dragging;   /* a pan-drag is in progress (left or right button) */
    float px_ratio; /* output px per window point (2 on a Retina display) */
    int help_open;  /* Esc closes the help before it quits */
} Input;

/* Apply one event to the camera; returns INPUT_* flags for the rest. */
int input_event(Input *in, const SDL_Event *ev, Camera *cam);

/* Held keys (WASD, arrows, +/-) move or zoom the camera for dt seconds. */
void input_keys(const Input *in, Camera *cam, double dt);

#endif
