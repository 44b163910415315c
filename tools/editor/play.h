/* play: "Play this map" — the game started on the map being edited, as a
 * separate process the editor keeps no hold on. */
#ifndef SHOAL_ED_PLAY_H
#define SHOAL_ED_PLAY_H

#include <stdbool.h>
#include <sys/types.h>

#include "core/err.h"
#include "core/map.h"
#include "core/paths.h"

typedef struct EdPlay {
    pid_t pid;                /* the game started last, 0 none (or reaped) */
    char tmpdir[PATHS_MAX];   /* a folder holding the map copy it plays, "" none */
    char map_path[PATHS_MAX]; /* the map file the game was given */
} EdPlay;

/* Start `shoal --skirmish --map FILE` (the shoal beside this binary, else
 * the one on PATH). FILE is saved_path when the map there is what is being
 * edited (saved, no unsaved changes), else a copy of m written to a fresh
 * temp folder, so the user's file is never written. A game still running
 * from an earlier call is left to run. Returns 0, or -1 with e (the copy
 * could not be written, the game could not be started). */
int play_start(EdPlay *p, const Map *m, const char *saved_path, const char *name, Err *e);
/* Reap the game once it has ended: returns its exit status then (and
 * removes its temp copy), -1 while it runs or when there is none. */
int play_poll(EdPlay *p);
/* Forget the game (it runs on) and remove the temp copy. */
void play_deinit(EdPlay *p);

#endif
