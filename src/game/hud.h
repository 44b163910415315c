/* hud: the status line and the help overlay drawn over the map. */
#ifndef SHOAL_HUD_H
#define SHOAL_HUD_H

#include <SDL.h>

#include "ui/text.h"

typedef struct HudInfo {
    const char *map_name;
    int map_w, map_h;
    double zoom;        /* screen px per map px */
    double fps;         /* < 0: not measured yet */
    const char *status; /* a passing message ("saved x.png"), or NULL */
} HudInfo;

/* The status line in a translucent strip at the top left. ui is the
 * output px per window point, for padding. */
void hud_draw(Text *t, SDL_Renderer *r, const HudInfo *h, float ui);
/* The controls, centred on a view_w x view_h output. */
void hud_draw_help(Text *t, SDL_Renderer *r, int view_w, int view_h, float ui);

#endif
