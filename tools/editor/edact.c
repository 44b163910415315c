/* edact: the key table and its look-ups. */
#include "edact.h"

#include <assert.h>
#include <stddef.h>

/* clang-format off */
const EdActKey edact_keys[] = {
    {EDACT_MOD_PLAIN, SDLK_UNKNOWN, EDACT_NONE, false, NULL,
     "Left drag", "paint with the brush (land or water)"},
    {EDACT_MOD_PLAIN, SDLK_UNKNOWN, EDACT_NONE, false, NULL,
     "Shift + click / drag", "straight line from the last point / along the drag"},
    {EDACT_MOD_PLAIN, SDLK_f, EDACT_TOOL_FILL, false, "Fill  (F, or Ctrl+click)",
     "Ctrl + click, or F then click", "flood fill"},
    {EDACT_MOD_PLAIN, SDLK_LEFTBRACKET, EDACT_BRUSH_SMALLER, true, "Brush size  [ ]",
     "[  ]  or Ctrl + wheel", "brush size (1 to 64 px)"},
    {EDACT_MOD_PLAIN, SDLK_RIGHTBRACKET, EDACT_BRUSH_BIGGER, true, NULL, NULL, NULL},
    {EDACT_MOD_PLAIN, SDLK_x, EDACT_SWAP_VALUE, false, "Paint  (X swaps)",
     "X", "swap land / water"},
    {EDACT_MOD_PLAIN, SDLK_b, EDACT_TOOL_BRUSH, false, "Brush  (B)",
     "B  F  1  2", "brush, fill, fleet 1 / fleet 2 spawn tool (click a hex)"},
    {EDACT_MOD_PLAIN, SDLK_1, EDACT_TOOL_SPAWN1, false, "Fleet 1 spawns  (1)", NULL, NULL},
    {EDACT_MOD_PLAIN, SDLK_2, EDACT_TOOL_SPAWN2, false, "Fleet 2 spawns  (2)", NULL, NULL},
    {EDACT_MOD_PLAIN, SDLK_m, EDACT_MIRROR, false, "Mirror painting  (M)",
     "M", "mirror painting (180\xC2\xB0 about the centre)"},
    {EDACT_MOD_CTRL, SDLK_z, EDACT_UNDO, true, "Undo  (Ctrl+Z)",
     "Ctrl+Z,  Ctrl+Y or Ctrl+Shift+Z", "undo, redo"},
    {EDACT_MOD_CTRL, SDLK_y, EDACT_REDO, true, "Redo  (Ctrl+Y)", NULL, NULL},
    {EDACT_MOD_CTRL_SHIFT, SDLK_z, EDACT_REDO, true, NULL, NULL, NULL},
    {EDACT_MOD_PLAIN, SDLK_UNKNOWN, EDACT_NONE, false, NULL, "Mouse wheel,  + / -", "zoom"},
    {EDACT_MOD_PLAIN, SDLK_UNKNOWN, EDACT_NONE, false, NULL,
     "Middle or right drag, Space + drag", "pan"},
    {EDACT_MOD_PLAIN, SDLK_UNKNOWN, EDACT_NONE, false, NULL,
     "W A S D / arrows", "pan (Shift: faster)"},
    {EDACT_MOD_PLAIN, SDLK_0, EDACT_FIT, false, NULL, "0 or Home", "show the whole map"},
    {EDACT_MOD_PLAIN, SDLK_KP_0, EDACT_FIT, false, NULL, NULL, NULL},
    {EDACT_MOD_PLAIN, SDLK_HOME, EDACT_FIT, false, NULL, NULL, NULL},
    {EDACT_MOD_PLAIN, SDLK_h, EDACT_HEAT, false, "Shore distance  (H)",
     "H  G  N  L", "shore distance, hex grid, sailable hexes, live sea"},
    {EDACT_MOD_PLAIN, SDLK_g, EDACT_GRID, false, "Hex grid  (G)", NULL, NULL},
    {EDACT_MOD_PLAIN, SDLK_n, EDACT_SAIL, false, "Sailable hexes  (N)", NULL, NULL},
    {EDACT_MOD_PLAIN, SDLK_l, EDACT_SEA, false, "Live sea  (L)", NULL, NULL},
    {EDACT_MOD_PLAIN, SDLK_v, EDACT_VALIDATE, false, "Validate  (V)",
     "V", "validate (also on save); click a finding to go to it"},
    {EDACT_MOD_CTRL, SDLK_g, EDACT_GENERATE, false, "Generate  (Ctrl+G, undoable)",
     "Ctrl+G", "generate a new map with the Generate panel's settings (asks; undoable)"},
    {EDACT_MOD_PLAIN, SDLK_F5, EDACT_PLAY, false, "Play this map  (F5)",
     "F5", "play a skirmish on this map in the game (unsaved: on a copy)"},
    {EDACT_MOD_CTRL, SDLK_s, EDACT_SAVE, false, "Save  (Ctrl+S)",
     "Ctrl+S,  Ctrl+Shift+S,  Ctrl+O", "save, save as, open"},
    {EDACT_MOD_CTRL_SHIFT, SDLK_s, EDACT_SAVE_AS, false,
     "Save as\xE2\x80\xA6  (Ctrl+Shift+S)", NULL, NULL},
    {EDACT_MOD_CTRL, SDLK_o, EDACT_OPEN, false, "Open\xE2\x80\xA6  (Ctrl+O)", NULL, NULL},
    {EDACT_MOD_PLAIN, SDLK_TAB, EDACT_PANELS, false, NULL, "Tab", "hide / show the panels"},
    {EDACT_MOD_ANY, SDLK_F12, EDACT_SHOT, false, NULL,
     "F12", "screenshot (to ~/Pictures/shoal)"},
    {EDACT_MOD_PLAIN, SDLK_F1, EDACT_HELP, false, NULL, "F1,  Esc", "this help; Esc closes it"},
    {EDACT_MOD_PLAIN, SDLK_ESCAPE, EDACT_ESCAPE, false, "Close  (Esc)", NULL, NULL},
    {EDACT_MOD_CTRL, SDLK_q, EDACT_QUIT, false, NULL,
     "Ctrl+Q or close the window", "quit (asks about unsaved changes)"},
};
/* clang-format on */

const int edact_key_count = (int)(sizeof edact_keys / sizeof edact_keys[0]);

/* The binding of key under mod, or NULL. */
static const EdActKey *find(EdActMod mod, SDL_Keycode key)
{
    for (int i = 0; i < edact_key_count; i++)
        if (edact_keys[i].key == key && edact_keys[i].mod == mod) return &edact_keys[i];
    return NULL;
}

EdActKind edact_for_key(const SDL_KeyboardEvent *k)
{
    assert(k);
    SDL_Keycode sym = k->keysym.sym;
    if (sym == SDLK_UNKNOWN) return EDACT_NONE;
    bool ctrl = (k->keysym.mod & KMOD_CTRL) != 0, shift = (k->keysym.mod & KMOD_SHIFT) != 0;
    const EdActKey *b = NULL;
    if (ctrl && shift) b = find(EDACT_MOD_CTRL_SHIFT, sym);
    if (!b) b = find(ctrl ? EDACT_MOD_CTRL : EDACT_MOD_PLAIN, sym);
    if (!b) b = find(EDACT_MOD_ANY, sym);
    if (!b || (k->repeat && !b->repeat)) return EDACT_NONE;
    return b->action;
}

const char *edact_label(EdActKind a)
{
    for (int i = 0; i < edact_key_count; i++)
        if (edact_keys[i].action == a && edact_keys[i].label) return edact_keys[i].label;
    return "";
}
