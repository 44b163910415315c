/* play: "Play this map" — the game started on the map being edited, as a
 * separate process the editor keeps no hold on. */
#ifndef SHOAL_ED_PLAY_H
#define SHOAL_ED_PLAY_H

#include <stdbool.h>
#include <sys/types.h>

#include "core/err.h"
#include "core/map.h"
#include "core/paths.h"

/* Games started and not yet ended, at most. */
#define PLAY_MAX 8

/* One game started: its process and the map file it was given. */
typedef struct EdPlayGame {
    pid_t pid; /* 0: a free slot */
    bool copy; /* map_path is a temp copy in tmpdir (removed when it ends) */
    char tmpdir[PATHS_MAX];
    char map_path[PATHS_MAX];
} EdPlayGame;

typedef struct EdPlay {
    EdPlayGame games[PLAY_MAX];
} EdPlay;

/* Start `shoal --skirmish --map FILE` (the shoal beside this binary, else
 * the one on PATH). FILE is saved_path when the map there is what is being
 * edited (saved, no unsaved changes), else a copy of m named name.png
 * written to a fresh temp folder, so the user's file is never written.
 * Games started earlier run on. Returns 0, or -1 with e (PLAY_MAX games
 * running, the copy could not be written, the game could not start). */
int play_start(EdPlay *p, const Map *m, const char *saved_path, const char *name, Err *e);
/* Reap the games that have ended (their copies removed): returns the exit
 * status of one that failed (non-zero), else 0. */
int play_poll(EdPlay *p);
/* Forget the games (they run on) and remove their copies; a game still
 * starting has read its map long before an editor can be closed. */
void play_deinit(EdPlay *p);

#endif
