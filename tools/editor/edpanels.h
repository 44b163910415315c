/* edpanels: the editor's panels (tools, map settings, generator,
 * validation), its status bar, the help overlay and the open dialog. */
#ifndef SHOAL_ED_EDPANELS_H
#define SHOAL_ED_EDPANELS_H

#include "edapp.h"

/* Draw them over the map and act on this frame's clicks. */
void edpanels_draw(EdApp *a);

#endif
