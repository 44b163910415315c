/* app: the shoal window, its main loop and the headless screenshot run. */
#ifndef SHOAL_APP_H
#define SHOAL_APP_H

#include <stdint.h>

#include "core/map.h"

#define APP_DEFAULT_W      1280
#define APP_DEFAULT_H      720
#define APP_DEFAULT_FRAMES 3

/* What the command line asked for (main.c fills it). */
typedef struct GameOptions {
    const char *map_path; /* --map, or NULL */
    int has_seed;         /* --seed given */
    uint32_t seed;
    const char *screenshot; /* --screenshot OUT.png, or NULL: interactive */
    int frames;             /* frames rendered before the screenshot */
    int width, height;      /* window / screenshot size in pixels */
} GameOptions;

/* Run the game on map m (owned by the caller) until the player quits or,
 * with o->screenshot, until the picture is written. Returns the process
 * exit code: 0 ok, 1 runtime failure (after printing one line). */
int app_run(const GameOptions *o, const Map *m);

#endif
