/* keys: the bindable keys' table, binding with swaps, and their lines in
 * settings.ini. */
#include "keys.h"

#include <stdio.h>
#include <string.h>

const KeysAction keys_table[KEYS_COUNT] = {
    [KEYS_END_TURN] = {"end_turn", SDLK_RETURN, "End the turn",
                       "end the turn (skip the replay while it plays)"},
    [KEYS_SKIP] = {"skip_replay", SDLK_SPACE, "Skip the replay", "skip the replay"},
    [KEYS_CLEAR] = {"clear_route", SDLK_BACKSPACE, "Clear her route",
                    "clear the selected ship's path and route"},
    [KEYS_ANCHOR] = {"anchor", SDLK_n, "Anchor / weigh",
                     "let go the selected ship's anchor where her path ends, or weigh it"},
    [KEYS_BOARD] = {"board", SDLK_b, "Board / cut loose",
                    "the selected ship's boarding: none, each enemy she can get alongside "
                    "this turn, or (lashed) board her or cut loose"},
    [KEYS_NEXT_SHIP] = {"next_ship", SDLK_e, "Next ship without orders",
                        "select the next of your ships without orders this turn and centre on "
                        "her (with Shift: the previous)"},
    [KEYS_GRID] = {"grid", SDLK_g, "Hex grid on / off", "hex grid on / off"},
    [KEYS_QUICKSAVE] = {"quick_save", SDLK_F5, "Quick save", "quick save"},
    [KEYS_QUICKLOAD] = {"quick_load", SDLK_F9, "Quick load", "quick load"},
    [KEYS_REWATCH] = {"rewatch", SDLK_r, "Re-watch the last turn",
                      "watch the last turn's replay again (your orders stay)"},
    [KEYS_SLOWER] = {"replay_slower", SDLK_LEFTBRACKET, "Replay slower",
                     "replays slower (0.5x, 1x, 2x, 4x)"},
    [KEYS_FASTER] = {"replay_faster", SDLK_RIGHTBRACKET, "Replay faster",
                     "replays faster (0.5x, 1x, 2x, 4x)"},
    [KEYS_MUTE] = {"mute", SDLK_m, "Sound on / off", "sound on / off (volumes in Settings)"},
    [KEYS_CHAT] = {"chat", SDLK_t, "Say (network battle)",
                   "say a line to the other commander (a network battle)"},
};

void keys_default(Keys *k)
{
    for (int a = 0; a < KEYS_COUNT; a++) k->key[a] = keys_table[a].def;
    k->given = 0;
}

int keys_action_of(const Keys *k, SDL_Keycode sym)
{
    for (int a = 0; a < KEYS_COUNT; a++)
        if (k->key[a] == sym) return a;
    return -1;
}

SDL_Keycode keys_to_default(const Keys *k, SDL_Keycode sym)
{
    int a = keys_action_of(k, sym);
    if (a >= 0) return keys_table[a].def;
    for (int b = 0; b < KEYS_COUNT; b++)
        if (keys_table[b].def == sym) return SDLK_UNKNOWN;
    return sym;
}

/* Keys the game keeps for itself, and keys whose name settings.ini cannot
 * hold ('#' and ';' start a comment there). */
static int fixed(SDL_Keycode sym)
{
    if (sym == SDLK_UNKNOWN || sym == SDLK_ESCAPE || sym == SDLK_DELETE || sym == SDLK_KP_ENTER)
        return 1;
    if (sym == SDLK_F1 || sym == SDLK_F11 || sym == SDLK_F12 || sym == SDLK_q || sym == SDLK_h ||
        sym == SDLK_p)
        return 1;
    /* The view's and the overlays': W A S D pan it; L, Tab, F3, 0 and Home
     * (input.c). */
    if (sym == SDLK_w || sym == SDLK_a || sym == SDLK_s || sym == SDLK_d || sym == SDLK_l ||
        sym == SDLK_TAB || sym == SDLK_0 || sym == SDLK_HOME || sym == SDLK_F3)
        return 1;
    if (sym >= SDLK_1 && sym <= SDLK_8) return 1;
    const char *n = SDL_GetKeyName(sym);
    return !n[0] || n[0] == '#' || n[0] == ';';
}

int keys_bind(Keys *k, int a, SDL_Keycode sym)
{
    if (a < 0 || a >= KEYS_COUNT || fixed(sym)) return -2;
    int other = keys_action_of(k, sym);
    if (other == a) return -1;
    if (other >= 0) k->key[other] = k->key[a];
    k->key[a] = sym;
    return other;
}

const char *keys_name(SDL_Keycode sym)
{
    return SDL_GetKeyName(sym);
}

int keys_parse(Keys *k, const char *action, const char *value, char *msg, size_t cap)
{
    int a = -1;
    for (int i = 0; i < KEYS_COUNT; i++)
        if (!strcmp(action, keys_table[i].name)) a = i;
    if (a < 0) {
        snprintf(msg, cap, "key.%s is not a key shoal binds (ignored)", action);
        return -1;
    }
    SDL_Keycode sym = SDL_GetKeyFromName(value);
    /* Copied: SDL names a printable key in one static buffer. */
    char def[32];
    snprintf(def, sizeof def, "%s", keys_name(k->key[a]));
    if (sym == SDLK_UNKNOWN) {
        snprintf(msg, cap, "key.%s '%s' is not a key name; using %s", action, value, def);
        return -1;
    }
    if (fixed(sym)) {
        snprintf(msg, cap, "key.%s '%s' is a key shoal keeps for itself; using %s", action, value,
                 def);
        return -1;
    }
    int other = keys_action_of(k, sym);
    if (other >= 0 && other != a && (k->given & (1u << other))) {
        snprintf(msg, cap, "key.%s '%s' is key.%s's already; using %s", action, value,
                 keys_table[other].name, def);
        return -1;
    }
    keys_bind(k, a, sym);
    k->given |= 1u << a;
    return 0;
}

int keys_format(const Keys *k, char *buf, size_t cap)
{
    size_t n = 0;
    for (int a = 0; a < KEYS_COUNT; a++) {
        int w =
            snprintf(buf + n, cap - n, "key.%s = %s\n", keys_table[a].name, keys_name(k->key[a]));
        if (w < 0 || (size_t)w >= cap - n) return -1;
        n += (size_t)w;
    }
    return (int)n;
}
