/* keys: the one table of the battle's bindable keys (action, default key,
 * label, help line), which feeds the battle's key handling, the F1 help
 * and the Settings "Keys" screen; the player's choices, stored in
 * settings.ini as key.ACTION = SDL key name. */
#ifndef SHOAL_KEYS_H
#define SHOAL_KEYS_H

#include <stddef.h>

#include <SDL.h>

/* The bindable actions. Esc (cancel, then the menu), Delete, Enter on the
 * keypad and the ship keys 1..8 stay fixed: Esc is also the Keys screen's
 * own "cancel", so it could never be taken back. */
enum {
    KEYS_END_TURN,
    KEYS_SKIP,
    KEYS_CLEAR,
    KEYS_ANCHOR,
    KEYS_BOARD,
    KEYS_NEXT_SHIP, /* with Shift: the previous one */
    KEYS_GRID,
    KEYS_QUICKSAVE,
    KEYS_QUICKLOAD,
    KEYS_REWATCH,
    KEYS_SLOWER,
    KEYS_FASTER,
    KEYS_MUTE, /* everywhere, not only in battle: the game hears it first */
    KEYS_CHAT, /* a network battle: the game hears it */
    KEYS_COUNT
};

typedef struct KeysAction {
    const char *name;  /* in settings.ini: key.NAME */
    SDL_Keycode def;   /* the default key; the battle's code is written against it */
    const char *label; /* on the Keys screen */
    const char *help;  /* in the F1 help */
} KeysAction;

extern const KeysAction keys_table[KEYS_COUNT];

typedef struct Keys {
    SDL_Keycode key[KEYS_COUNT]; /* the key of each action */
    unsigned given;              /* bit a: settings.ini has set action a (while parsing) */
} Keys;

/* Every action on its default key. */
void keys_default(Keys *k);
/* The action bound to sym, or -1. */
int keys_action_of(const Keys *k, SDL_Keycode sym);
/* What the battle should see for sym: the default key of the action sym is
 * bound to; SDLK_UNKNOWN for an action's default key now bound elsewhere
 * (so it no longer does that action); else sym itself (1..8, Esc...). */
SDL_Keycode keys_to_default(const Keys *k, SDL_Keycode sym);
/* Bind action a to sym. A key another action has is swapped: that action
 * takes a's old key; its index is returned (-1 when there was no swap).
 * Returns -2, binding nothing, for a key that cannot be stored or is
 * fixed (Esc, F1, F11, F12, 1..8, Delete; an unknown key). */
int keys_bind(Keys *k, int a, SDL_Keycode sym);
/* The name settings.ini stores for sym ("Return", "G", "F5"). */
const char *keys_name(SDL_Keycode sym);
/* One "key.NAME = VALUE" line of settings.ini: action (NAME) and value.
 * A key another action has by default is swapped, as on the Keys screen,
 * so a file written after a swap reads back the same. Returns 0 when
 * bound; -1 with a message in msg (the line is skipped and the default
 * kept) for an unknown action, key name, fixed key or a key an earlier
 * line gave another action. */
int keys_parse(Keys *k, const char *action, const char *value, char *msg, size_t cap);
/* The key.NAME = VALUE lines of k into buf; the length, or -1 when cap is
 * too small. */
int keys_format(const Keys *k, char *buf, size_t cap);

#endif
