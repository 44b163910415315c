/* settings: the player's choices kept between runs in
 * ~/.config/shoal/settings.ini (sea life, animation speed, the last new
 * skirmish), and where saves live (~/.local/share/shoal/saves). */
#ifndef SHOAL_SETTINGS_H
#define SHOAL_SETTINGS_H

#include <stddef.h>
#include <stdint.h>

#include "core/err.h"
#include "core/skirmish.h"
#include "keys.h"

#define SETTINGS_MAX_BYTES  (16 * 1024)
#define SETTINGS_MAP_MAX    128
#define SETTINGS_FISH_MAX   200000
#define SETTINGS_SHARKS_MAX 64
#define SETTINGS_SPEED_MIN  0.25f
#define SETTINGS_SPEED_MAX  4.0f
/* A window_size must lie in these bounds (the window's minimum size, and
 * --size's upper bound). */
#define SETTINGS_WIN_MIN_W 320
#define SETTINGS_WIN_MIN_H 200
#define SETTINGS_WIN_MAX   16384

/* The sound's volumes, 0..100 each, in this order (volume_NAME). */
enum {
    SETTINGS_VOL_MASTER,
    SETTINGS_VOL_EFFECTS,
    SETTINGS_VOL_AMBIENCE,
    SETTINGS_VOL_MUSIC,
    SETTINGS_VOLUMES
};
extern const char *const settings_volume_names[SETTINGS_VOLUMES];

/* The guided first battle: not offered yet (a first start, with no
 * settings.ini), offered once at start, or played to its end. */
enum { SETTINGS_TUTORIAL_NEW = 0, SETTINGS_TUTORIAL_OFFERED = 1, SETTINGS_TUTORIAL_DONE = 2 };

/* Who sits across the table in a new skirmish. */
enum {
    SETTINGS_VS_AI = 0,
    SETTINGS_HOTSEAT = 1,
    SETTINGS_WATCH = 2,
    SETTINGS_NETWORK = 3, /* a friend over the network: this window hosts */
    SETTINGS_OPPONENTS = 4
};

/* Network play: hosts joined lately, newest first ("HOST" or "HOST:PORT",
 * letters, digits and . : - _ only). */
#define SETTINGS_RECENT_HOSTS 4
#define SETTINGS_HOST_MAX     80

typedef struct Settings {
    int sea_life;               /* 1: fish and sharks on */
    int fish, sharks;           /* 0..SETTINGS_FISH_MAX, 0..SETTINGS_SHARKS_MAX */
    float anim_speed;           /* battle animation speed, SETTINGS_SPEED_MIN..MAX */
    int show_grid;              /* 1: hex grid over the sea in battle */
    int ask_end_turn;           /* 1: ask before a turn ends with ships left without orders */
    int fullscreen;             /* 1: the window fills the screen (F11 toggles it) */
    int win_w, win_h;           /* window size; 0x0: --size or the default */
    int fleet[2];               /* ships per side, 1..8 */
    int opponent;               /* SETTINGS_VS_AI / _HOTSEAT / _WATCH */
    int turn_limit;             /* 1..999 */
    char map[SETTINGS_MAP_MAX]; /* shipped map file ("open-waters.png"); "" = generated */
    uint32_t map_seed;          /* seed of a generated map */
    /* The classes (classes_a / classes_b = mix: the usual mix) and the
     * opening wind (wind = map: the map's own). */
    SkirmishPick pick;
    int ai_level;                 /* SKIRMISH_AI_* of side B (computer = ...) */
    int tutorial;                 /* SETTINGS_TUTORIAL_*: the guided battle offered, done */
    int volume[SETTINGS_VOLUMES]; /* 0..100 */
    int mute;                     /* 1: no sound (M) */
    int net_port;                 /* the UDP port this window hosts on */
    int net_rejoin;               /* s a host waits for side B to rejoin, 5..3600 */
    char net_recent[SETTINGS_RECENT_HOSTS][SETTINGS_HOST_MAX]; /* "" unused */
    Keys keys;      /* the battle's bindable keys (key.ACTION lines) */
    char note[320]; /* "file:line: ..." about a key line skipped, "" none */
} Settings;

/* The defaults: sea life on, 2000 fish, 3 sharks, speed 1, grid on, the
 * end-turn check on, the guided battle counted as offered, three
 * ships a side against the computer, 60 turns, the first shipped map. */
void settings_default(Settings *s);

/* Parse settings text (`name` is used in messages) over the values already
 * in s. Every key is optional; an unknown key, a value out of range or a
 * malformed line fails with "name:line: what is wrong", and s is then
 * reset to the defaults (a half-applied file helps no one). A bad
 * key.ACTION line only keeps that action's default: the first one is
 * told in s->note, and the rest of the file still counts. */
int settings_parse(Settings *s, const char *text, size_t len, const char *name, Err *e);
/* s as settings text; returns the length or -1 when cap is too small. */
int settings_format(const Settings *s, char *buf, size_t cap);

/* Copy the New skirmish choices (fleets and their classes, opponent,
 * turn limit, map, wind, computer) from `from` into to; the rest of to
 * stays. */
void settings_take_skirmish(Settings *to, const Settings *from);
/* Put host (an address as typed) first among the recent hosts, once. */
void settings_recent_host(Settings *s, const char *host);
/* host is an address settings.ini may keep (SETTINGS_RECENT_HOSTS' rules). */
int settings_host_ok(const char *host);

/* Load path into s. A missing file gives the defaults and returns 0 (a
 * first run: tutorial is then SETTINGS_TUTORIAL_NEW; a file without the
 * key is a player from before the tutorial, who is not offered it); an
 * unreadable or bad file gives the defaults and returns -1 with one line
 * in e. The caller must then not save over the user's file (see
 * settings_save). */
int settings_load(Settings *s, const char *path, Err *e);
/* Write s to path atomically, creating its folder. */
int settings_save(const Settings *s, const char *path, Err *e);

/* $XDG_CONFIG_HOME/shoal/settings.ini, else $HOME/.config/shoal/settings.ini.
 * Returns 0, or -1 when neither variable is set or the path is too long. */
int settings_path(char *out, size_t cap);
/* $XDG_DATA_HOME/shoal/saves, else $HOME/.local/share/shoal/saves (not
 * created here). Returns 0 or -1 like settings_path. */
int settings_save_dir(char *out, size_t cap);
/* $XDG_DATA_HOME/shoal/maps/received (else under $HOME/.local/share):
 * where maps a network host sent are kept, so saves of its battle load
 * again. Returns 0 or -1 like settings_path. */
int settings_received_maps_dir(char *out, size_t cap);

#endif
