/* edoverlay: what the editor draws over the map picture — sailable hexes,
 * the hex grid, the live sea, spawns, the mirror centre, the validation
 * highlight, the brush cursor and line preview, and the wind rose. */
#ifndef SHOAL_ED_EDOVERLAY_H
#define SHOAL_ED_EDOVERLAY_H

#include "edapp.h"

/* Draw every overlay of a's current state through its camera. */
void edoverlay_draw(EdApp *a);
/* Free the vertex buffers the overlays keep between frames. */
void edoverlay_free(void);

#endif
