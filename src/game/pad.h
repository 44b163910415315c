/* pad: a gamepad (SDL_GameController), plugged in or out at any time.
 * In menus it moves a focus over the widgets the last frame laid out
 * (ui->prev_hot) by warping the pointer there, and A clicks it: the
 * widgets stay mouse widgets, and whatever a click does, A does. In
 * battle it keeps a hex cursor of its own that the pointer follows (so
 * the hover shows where a plot would go): the shoulders cycle the ship,
 * the D-pad or left stick moves the cursor, A selects the ship under it
 * or plots there, X aims at the enemy under it, B clears her orders,
 * Start or Y ends the turn (BATTLE_ACT_END_TURN: the game still asks). */
#ifndef SHOAL_PAD_H
#define SHOAL_PAD_H

#include <SDL.h>
#include <stdbool.h>

#include "battle.h"
#include "ui/camera.h"
#include "ui/widgets.h"

/* A stick past this (of 32767) is a push in that direction; it must come
 * back under the half of it before the next push counts. */
#define PAD_STICK_PUSH 20000

/* A direction held (D-pad or stick) repeats after PAD_REPEAT_FIRST, then
 * every PAD_REPEAT_EVERY: a cursor crosses the sea without a tap per hex. */
#define PAD_REPEAT_FIRST 0.35f /* s */
#define PAD_REPEAT_EVERY 0.09f /* s */

/* What a pad press means, before the screen decides what it does. */
enum {
    PAD_NONE,
    PAD_UP,
    PAD_DOWN,
    PAD_LEFT,
    PAD_RIGHT,
    PAD_A,    /* activate: click, select, plot */
    PAD_B,    /* back, cancel, clear */
    PAD_X,    /* aim */
    PAD_END,  /* Start or Y: end the turn */
    PAD_PREV, /* left shoulder */
    PAD_NEXT, /* right shoulder */
    PAD_MENU, /* Back (Select): the menu */
};

typedef struct Pad {
    bool sdl;               /* the game controller subsystem is up */
    SDL_GameController *gc; /* the pad in use, NULL none */
    SDL_JoystickID id;      /* its instance id */
    char name[96];          /* its name, or "no gamepad" */
    int stick_x, stick_y;   /* -1, 0, 1: where the left stick is pushed */
    int held;               /* the direction (PAD_UP..PAD_RIGHT) held now, PAD_NONE none */
    float held_t;           /* s until it repeats */
    int focus;              /* menus: the hot widget focused, -1 none */
    const Battle *battle;   /* battle: the one the cursor is on (a new one resets it) */
    bool cursor_on;         /* battle: the cursor has a place */
    float cx, cy;           /* battle: the cursor, map px */
} Pad;

/* Start the controller subsystem (failing quietly: no pad then) and open
 * the first pad already plugged in. */
void pad_init(Pad *p);
void pad_deinit(Pad *p);

/* A device event: open a pad plugged in when none is open, close the one
 * pulled out (and open another if there is one). Returns true when the
 * pad in use changed (its name with it). */
bool pad_device_event(Pad *p, const SDL_Event *ev);
/* What ev means as a PAD_* press (buttons going down, the stick pushed
 * past PAD_STICK_PUSH), or PAD_NONE; events from other pads are ignored. */
int pad_press(Pad *p, const SDL_Event *ev);

/* The held direction's repeat due after dt more seconds, or PAD_NONE. */
int pad_repeat(Pad *p, float dt);

/* Battle: act on press (PAD_*) for b, the cursor kept on hexes of the
 * map; returns BATTLE_ACT_* (BATTLE_ACT_TOOK when the press was used). */
int pad_battle(Pad *p, Battle *b, int press);
/* The cursor's point (map px), after pad_battle placed it: false while it
 * has none. */
bool pad_cursor(const Pad *p, float *x, float *y);

/* Menus: move the focus over ui's widgets of the last frame, or click the
 * one focused (A), stepping a slider left or right. Fills *x, *y (output
 * px) with where the pointer should go and returns 1 to move it there,
 * 2 to click there too; 0 for a press menus don't use. */
int pad_menu(Pad *p, const Ui *ui, int press, float *x, float *y);

#endif
