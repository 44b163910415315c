/* script: replay of scripted input (--script FILE) as real SDL events, one
 * command per frame, so the editor can be driven end to end with SDL's
 * dummy video driver and no display.
 *
 * One command per line; '#' starts a comment. Coordinates are output
 * pixels of the window unless `coords map` switched them to map pixels.
 *   key COMBO              press and release, e.g. ctrl+z, ctrl+shift+s, ], f1
 *   keydown COMBO          hold (shift held makes clicks draw lines)
 *   keyup COMBO            release
 *   type TEXT              the rest of the line as typed text
 *   mouse_move X Y
 *   mouse_down X Y [left|middle|right]
 *   mouse_up X Y [left|middle|right]
 *   click X Y [button]     down, then up on the next frame
 *   drag X0 Y0 X1 Y1 [button]  down, 8 moves, up
 *   wheel N [X Y]          N notches (negative: out), at X Y if given
 *   coords screen|map
 *   wait N                 N frames (1/60 s each)
 *   wait_file PATH         frames go on until PATH exists (for test harnesses)
 *   screenshot FILE        save this frame as a PNG
 *   print                  one line of the editor's state on stdout
 *   quit                   close the window (asks about unsaved changes)
 * The editor stops after the last command, as if killed: unsaved work is
 * left to the autosave, as after a crash. */
#ifndef SHOAL_ED_SCRIPT_H
#define SHOAL_ED_SCRIPT_H

#include <SDL.h>
#include <stdbool.h>

#include "core/err.h"
#include "edapp.h"

typedef struct ScriptCmd ScriptCmd;

typedef struct Script {
    char path[1024];
    ScriptCmd *cmd;
    int n, cap;
    int at;    /* next command */
    int phase; /* frames into a multi-frame command */
    int wait;  /* frames still to wait */
    bool map_coords;
    Uint16 held;   /* modifiers held by keydown */
    double mx, my; /* pointer, window points */
    Uint32 buttons;
    double v0x, v0y, v1x, v1y; /* the drag under way, window points */
    char shot[1024];           /* a screenshot asked for this frame, "" none */
} Script;

/* Read and check every line of path; e names the file and line of the
 * first bad one ("run.txt:3: unknown command 'klick'"). */
int script_load(Script *s, const char *path, Err *e);
void script_free(Script *s);

/* Push this frame's events for a (window win, 0 headless id is fine).
 * Returns true once every command has run. */
bool script_step(Script *s, EdApp *a);

#endif
