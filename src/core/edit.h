/* edit: the map editor's model — brush, line and fill painting with an
 * optional 180-degree mirror, memory-bounded undo/redo, generate and meta
 * edits, unsaved-change tracking and change rectangles for the UI. */
#ifndef SHOAL_EDIT_H
#define SHOAL_EDIT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "err.h"
#include "hex.h"
#include "map.h"
#include "mapgen.h"

/* Pixel values a brush or fill writes. */
enum { EDIT_WATER = 0, EDIT_LAND = 1 };

/* Round brush diameter in map pixels. */
#define EDIT_BRUSH_MIN 1
#define EDIT_BRUSH_MAX 64

/* Undo history: every step is charged its stored bytes plus a fixed
 * overhead; the oldest steps are dropped while the total exceeds the
 * budget. 64 MiB holds far more than 100 steps of ordinary painting. */
#define EDIT_BUDGET_DEFAULT ((size_t)64 << 20)
#define EDIT_BUDGET_MIN     ((size_t)64 << 10)

typedef struct Editor Editor;

/* A pixel rectangle [x, x+w) x [y, y+h); w == 0 means empty. */
typedef struct EditRect {
    int x, y, w, h;
} EditRect;

/* What changed since the last edit_take_changes: the UI re-bakes the shore
 * field over `pixels`, redraws spawns and wind on `meta`, and rebuilds
 * everything sized by the map on `resized` (pixels then covers the map). */
typedef struct EditChanges {
    EditRect pixels;
    bool meta;
    bool resized;
} EditChanges;

/* Start editing *map, which the editor takes over (the caller's Map is
 * left empty; the editor frees it). Land bytes other than 0 are read as
 * land. budget is the undo history's byte budget: 0 picks
 * EDIT_BUDGET_DEFAULT, anything below EDIT_BUDGET_MIN is refused. The map
 * starts clean (as if just saved) with an empty history. On failure *map
 * is left untouched and still the caller's. */
int edit_init(Editor **out, Map *map, size_t budget, Err *e);
void edit_deinit(Editor *ed);

/* The map being edited. Valid until the next edit, undo or redo (generate
 * and its undo replace the pixel buffer); callers must not write to it. */
const Map *edit_map(const Editor *ed);

/* Mirror mode: every paint, line and fill is also applied rotated 180
 * degrees about the map centre, pixel (x, y) <-> (w-1-x, h-1-y), so a
 * symmetric map stays exactly symmetric. Off by default. */
void edit_set_mirror(Editor *ed, bool on);
bool edit_mirror(const Editor *ed);

/* Positions below are map pixels as floats (pixel (i, j) spans
 * [i, i+1) x [j, j+1)); they may lie off the map, where painting is
 * clipped. A brush of diameter d covers the pixels whose centres lie
 * within d/2 of its centre, which snaps to a pixel centre for odd d and to
 * a pixel corner for even d, so every size paints a symmetric disc.
 * value is EDIT_WATER or EDIT_LAND; size EDIT_BRUSH_MIN..EDIT_BRUSH_MAX.
 * Non-finite positions, bad values and bad sizes are refused with e set
 * and nothing changed. */

/* Start a stroke: paint one dab at (x, y). Everything until
 * edit_stroke_end is one undo step. An open stroke is ended first. */
int edit_stroke_begin(Editor *ed, float x, float y, int value, int size, Err *e);
/* Continue the open stroke to (x, y), dabbing along the segment from the
 * previous point closely enough that no gap opens however fast the
 * pointer moved. Refused when no stroke is open. */
int edit_stroke_to(Editor *ed, float x, float y, Err *e);
/* Close the open stroke (or line/fill group) into one undo step, none if
 * it changed nothing; without one it does nothing. Fails only when memory
 * for the step runs out: the edit stays, the undo history is cleared.
 * Every other call that ends an open stroke implicitly (undo, redo,
 * generate, meta edits, a new stroke) reports that failure the same way,
 * except saving, where the state saved is still right. */
int edit_stroke_end(Editor *ed, Err *e);
bool edit_stroke_open(const Editor *ed);

/* A straight brush line from (x0, y0) to (x1, y1), both ends included:
 * its own undo step, or part of the open stroke when there is one. */
int edit_line(Editor *ed, float x0, float y0, float x1, float y1, int value, int size, Err *e);
/* Flood-fill the 4-connected region of equal pixels under (x, y) with
 * value (no-op off the map or when the region already has that value).
 * Iterative span fill: any region size, no recursion. Its own undo step,
 * or part of the open stroke. Fails only when out of memory; what was
 * filled by then stays and is undoable. */
int edit_fill(Editor *ed, float x, float y, int value, Err *e);

/* Replace the whole map (pixels, size and meta) by mapgen_generate(p);
 * one undo step that restores the old map, size included. On failure
 * nothing changes. (Like any step, one larger than the whole budget is
 * not kept: the history is cleared instead.) */
int edit_generate(Editor *ed, const MapGenParams *p, Err *e);

/* Meta edits, each one undo step (none when nothing changes). The whole
 * sidecar: name 1..MAP_NAME_MAX-1 chars, hex_size and wind in their
 * sidecar ranges, spawn counts 0..MAP_MAX_SPAWNS, spawn centres on the
 * map; e names the bad field. */
int edit_set_meta(Editor *ed, const MapMeta *meta, Err *e);
int edit_set_wind(Editor *ed, int dir, int strength, Err *e);
/* Spawns keep their axial coordinates, so a new size is refused when a
 * spawn's centre would leave the map. */
int edit_set_hex_size(Editor *ed, int hex_size, Err *e);
/* A click with fleet `fleet`'s (0 or 1) spawn tool on hex h: removes h
 * from that fleet when present, else adds it (taking it from the other
 * fleet if that one had it). Refuses a hex whose centre is off the map or
 * a fleet that already has MAP_MAX_SPAWNS. */
int edit_toggle_spawn(Editor *ed, int fleet, Hex h, Err *e);

/* Undo / redo one step (an open stroke is ended first). Return 1 when a
 * step was applied, 0 when there was none, -1 when memory for restoring a
 * generated map's old size ran out (nothing changed then). A new edit
 * drops every redo step. */
int edit_undo(Editor *ed, Err *e);
int edit_redo(Editor *ed, Err *e);
int edit_undo_count(const Editor *ed);
int edit_redo_count(const Editor *ed);
/* Bytes the history is charged (never above the budget). */
size_t edit_history_bytes(const Editor *ed);
size_t edit_budget(const Editor *ed);

/* Revision of the current state: each recorded edit gets a new number;
 * undo and redo move between them. */
uint64_t edit_revision(const Editor *ed);
/* True when the current state differs from the last saved one (also
 * while an open stroke has changed pixels). Undoing back to the saved
 * state makes it clean again. */
bool edit_dirty(const Editor *ed);
/* Declare the current state saved (ends an open stroke). */
void edit_mark_saved(Editor *ed);

/* Save with map_save (PNG + sidecar, atomically) and mark saved. Ends an
 * open stroke first. Refuses, writing nothing, a map whose sidecar
 * map_load would reject. */
int edit_save(Editor *ed, const char *path, Err *e);
/* Write a recovery copy with map_save to path; the saved revision and the
 * history are untouched, and an open stroke stays open. */
int edit_autosave(const Editor *ed, const char *path, Err *e);

/* Union of everything changed since the previous call (including undo,
 * redo and each dab of an open stroke), then reset. Returns true when
 * anything changed. */
bool edit_take_changes(Editor *ed, EditChanges *out);

#endif
