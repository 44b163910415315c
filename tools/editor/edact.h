/* edact: what the editor can be asked to do (EDACT_*), and the one table
 * of key bindings that feeds the key handler, the panels' labels and the
 * F1 help. Keys and panels both turn into an EdAct; edapp applies it. */
#ifndef SHOAL_ED_EDACT_H
#define SHOAL_ED_EDACT_H

#include <SDL.h>
#include <stdbool.h>

/* The painting tools, in the order of EDACT_TOOL_*. */
typedef enum EdTool { TOOL_BRUSH, TOOL_FILL, TOOL_SPAWN1, TOOL_SPAWN2, TOOL_COUNT } EdTool;

typedef enum EdActKind {
    EDACT_NONE,
    EDACT_UNDO,
    EDACT_REDO,
    EDACT_SAVE,
    EDACT_SAVE_AS,
    EDACT_OPEN,
    EDACT_QUIT,
    EDACT_GENERATE, /* arg 0 (the key): ask first; 1 (the panel's button): go */
    EDACT_VALIDATE,
    EDACT_ESCAPE, /* close the help, else drop a line, else close the report */
    EDACT_HELP,   /* show / hide the F1 help */
    EDACT_PANELS, /* show / hide the panels */
    EDACT_FIT,    /* the whole map in view */
    EDACT_SHOT,   /* a screenshot of this frame, named by the time */
    EDACT_BRUSH_SMALLER,
    EDACT_BRUSH_BIGGER,
    EDACT_TOOL_BRUSH, /* the four tools in EdTool order */
    EDACT_TOOL_FILL,
    EDACT_TOOL_SPAWN1,
    EDACT_TOOL_SPAWN2,
    EDACT_SWAP_VALUE, /* paint land <-> water */
    EDACT_MIRROR,     /* mirror painting on <-> off */
    EDACT_HEAT,       /* the four overlays on <-> off */
    EDACT_GRID,
    EDACT_SAIL,
    EDACT_SEA,
    EDACT_PLAY, /* a skirmish on this map in the game */
    /* From the panels only. */
    EDACT_SET_BRUSH, /* arg: the brush diameter */
    EDACT_RENAME,    /* ask for the map's name */
    EDACT_ASK_SEED,  /* ask for the generator's seed */
    EDACT_PICK,      /* arg: the validation finding to go to */
    EDACT_CLOSE_REPORT,
} EdActKind;

/* One request; arg only where the kind says. */
typedef struct EdAct {
    EdActKind kind;
    int arg;
} EdAct;

/* Which modifiers a binding wants. Plain keys ignore Shift and Alt but
 * never act under Ctrl (Ctrl+S is not S); a Ctrl+Shift binding is tried
 * before the Ctrl one of the same key. */
typedef enum EdActMod {
    EDACT_MOD_PLAIN,
    EDACT_MOD_CTRL,
    EDACT_MOD_CTRL_SHIFT,
    EDACT_MOD_ANY, /* whatever is held (F12) */
} EdActMod;

/* One binding, in the order of the F1 help. */
typedef struct EdActKey {
    EdActMod mod;
    SDL_Keycode key; /* SDLK_UNKNOWN: a row of the help only (mouse, held keys) */
    EdActKind action;
    bool repeat;       /* also acts on the key's auto-repeat */
    const char *label; /* the panels' text for the action, NULL: none */
    const char *keys;  /* the help row this binding opens: its keys column, */
    const char *help;  /* and what they do; NULL: told in an earlier row */
} EdActKey;

extern const EdActKey edact_keys[];
extern const int edact_key_count;

/* The action key event k is bound to, or EDACT_NONE. */
EdActKind edact_for_key(const SDL_KeyboardEvent *k);
/* The panels' label of action a (never NULL: "" when none). */
const char *edact_label(EdActKind a);

#endif
