/* screenshot: save what a renderer has drawn as a PNG. */
#ifndef SHOAL_SCREENSHOT_H
#define SHOAL_SCREENSHOT_H

#include <SDL.h>

#include "core/err.h"

/* Read back r's current output (call after drawing a frame and BEFORE
 * SDL_RenderPresent, which leaves the back buffer undefined) and write it
 * to path as an RGB PNG, through afile_write: encoded whole in memory,
 * then written beside path under a temp name, every write and the flush
 * checked, and renamed over it, so a failed save (a full disk) leaves the
 * old file whole and no temp file. A symlink is written through; a
 * folder, FIFO or device at path is refused. e names the file on
 * failure. */
int shot_save_png(SDL_Renderer *r, const char *path, Err *e);

/* F12's picture: shot_save_png to "PREFIX-YYYYmmdd-HHMMSS.png" (-2, -3 ...
 * when that is taken) in the user's pictures folder under shoal/
 * (paths_pictures_dir: ~/Pictures/shoal on most desktops), made when
 * missing, never in the working folder (a game started from the source
 * tree would litter it). Its path into path (cap bytes), and on the test
 * channel "shot PATH". */
int shot_save_dated(SDL_Renderer *r, const char *prefix, char *path, size_t cap, Err *e);

#endif
