/* app: the shoal window, its main loop and the headless runs (screenshot,
 * sea-life comparison). The top of the game: app uses game and headless,
 * and neither of them knows app. */
#ifndef SHOAL_APP_H
#define SHOAL_APP_H

#include "core/map.h"
#include "options.h"

/* Run the game on map m (owned by the caller; with o->battle, the
 * battle's map) until the player quits or, with o->screenshot, until the
 * picture is written, or with o->compare until the table is printed.
 * Takes o->battle over and frees it. Returns the process exit code: 0 ok,
 * 1 runtime failure (after printing one line). */
int app_run(const GameOptions *o, const Map *m);

#endif
