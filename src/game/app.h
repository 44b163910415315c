/* app: the shoal window, its main loop and the headless runs (screenshot,
 * sea-life comparison). */
#ifndef SHOAL_APP_H
#define SHOAL_APP_H

#include <stdint.h>

#include "core/map.h"

struct Battle;

#define APP_DEFAULT_W      1280
#define APP_DEFAULT_H      720
#define APP_DEFAULT_FRAMES 3
/* Frames per half of --compare-sea-life unless --frames says. */
#define APP_COMPARE_FRAMES 120
#define APP_DEFAULT_FISH   2000
#define APP_DEFAULT_SHARKS 3

/* Which overlays show at start (--ui). */
typedef enum UiShow {
    UI_SHOW_NONE,   /* only the world: map, fish, sharks */
    UI_SHOW_STATUS, /* plus the status line (the default) */
    UI_SHOW_ALL,    /* plus the performance overlay and the controls panel */
} UiShow;

/* What the command line asked for (main.c fills it). */
typedef struct GameOptions {
    const char *map_path; /* --map, or NULL */
    int has_seed;         /* --seed given */
    uint32_t seed;
    const char *screenshot; /* --screenshot OUT.png, or NULL: interactive */
    int compare;            /* --compare-sea-life */
    int bench_batch;        /* --bench-batch */
    int frames;             /* frames rendered before the screenshot / per half */
    int width, height;      /* window / screenshot size in pixels */
    int fish, sharks;       /* --fish, --sharks */
    int sea_on;             /* --sea-life on|off */
    int threads;            /* --threads; 0: SHOAL_THREADS or the core count */
    double zoom;            /* --zoom; 0: the whole map */
    int has_center;         /* --center X,Y given */
    double center_x, center_y;
    UiShow ui;
    int fish_given, sharks_given, sea_given; /* these flags beat settings.ini */
    int menu;                                /* --menu: open on the main menu (also headless) */
    int skirmish;                            /* --skirmish: straight into a battle */
    int opponent;                            /* --opponent: BATTLE_VS_AI / _HOTSEAT / _WATCH */
    int ships[2];                            /* --ships A[,B] */
    int turns;                               /* --turns: the battle's turn limit */
    int advance;                             /* --advance K: the computer plays K turns first */
    struct Battle *battle;                   /* the battle --skirmish starts in (main makes it,
                                                the game owns it from app_run on) */
} GameOptions;

/* Run the game on map m (owned by the caller; with o->battle, the
 * battle's map) until the player quits or, with o->screenshot, until the
 * picture is written, or with o->compare until the table is printed.
 * Takes o->battle over and frees it. Returns the process exit code: 0 ok,
 * 1 runtime failure (after printing one line). */
int app_run(const GameOptions *o, const Map *m);

#endif
