/* headless: the runs without a window — a screenshot after N frames, and
 * the sea-life comparison table — on SDL's software renderer. */
#ifndef SHOAL_HEADLESS_H
#define SHOAL_HEADLESS_H

#include <stdio.h>

#include "game.h"

/* One frame of exactly one sea step (1/60 s of play, so runs repeat
 * exactly): events drained, drawn, figures recorded, not yet presented. */
void headless_frame(Game *g);
/* Finish the frame drawn by headless_frame. */
void headless_present(Game *g);

/* Render g->o->frames frames and save the last as g->o->screenshot.
 * Returns the exit code (0, or 1 after one line on stderr). */
int headless_screenshot(Game *g);

/* --compare-sea-life: `frames` frames with sea life on, then `frames`
 * with it off, and a table of the medians written to out (the figures of
 * the performance HUD). Returns the exit code. */
int headless_compare(Game *g, int frames, FILE *out);

#endif
