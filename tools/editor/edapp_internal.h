/* edapp_internal: what the files of the edapp module share. Calls point one
 * way: edapp.c uses the other three; edapp_session.c uses edapp_input.c and
 * edapp_sync.c; edapp_input.c uses edapp_sync.c; edapp_sync.c uses none. */
#ifndef SHOAL_ED_EDAPP_INTERNAL_H
#define SHOAL_ED_EDAPP_INTERNAL_H

#include "edapp.h"

/* The interface font, points at a pixel ratio of 1. */
#define EDAPP_FONT_PT 14

/* ------------------------------------------------------- edapp_sync.c */

/* Show a passing message in the status bar (printf-style). */
void edapp_status(EdApp *a, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
/* The window's title from the file, the map's name and the dirty mark. */
void edapp_update_title(EdApp *a);
/* Output size and pixel ratio from the renderer (font size, camera). */
void edapp_sync_view(EdApp *a);
/* The map changed size (load, generate, undo of generate): rebuild all. */
int edapp_rebuild(EdApp *a, Err *e);
/* The Map panel's copies of the model's settings (force: even while a
 * slider is held). */
void edapp_sync_meta(EdApp *a, bool force);
/* Take the model's changes: the picture during a stroke, a re-bake after. */
void edapp_sync_model(EdApp *a);
/* Run the validation into a->report (not shown by itself). */
void edapp_revalidate(EdApp *a);
/* Restart the live sea on the current field, when it is on. */
void edapp_restart_sea(EdApp *a);
/* Build the sailable-hex chart if the map or hex size changed. */
void edapp_ensure_chart(EdApp *a);
/* Height of the status bar at the bottom, output px. */
int edapp_status_bar_h(const EdApp *a);

/* ------------------------------------------------------ edapp_input.c */

/* Forget an open stroke or line (the model's stroke is the caller's). */
void edapp_end_pointer_ops(EdApp *a);
/* Brush diameter, clamped to EDIT_BRUSH_MIN..EDIT_BRUSH_MAX. */
void edapp_set_brush(EdApp *a, int size);
/* One step smaller (dir -1) or larger (+1). */
void edapp_step_brush(EdApp *a, int dir);
/* Key state (held keys, modifiers) from a key or focus event. */
void edapp_track_keys(EdApp *a, const SDL_Event *ev);
/* Mouse motion, buttons and wheel over the map. */
void edapp_mouse_event(EdApp *a, const SDL_Event *ev);
/* Held keys pan and zoom for dt seconds. */
void edapp_held_keys(EdApp *a, double dt);
/* Whether a held key moves the camera. */
bool edapp_keys_moving(const EdApp *a);

/* ---------------------------------------------------- edapp_session.c */

/* Replace the session's map by m (taken over) from path (NULL: keep the
 * path and recovery copy, as a restore does; "": untitled). offer: ask
 * about a recovery copy of it. */
int edapp_load_session(EdApp *a, Map *m, const char *path, bool offer, Err *e);
/* Write the recovery copy when its interval is up and there is news. */
void edapp_autosave(EdApp *a);
/* Save to the map's file, or ask for one (as: always ask). */
void edapp_save(EdApp *a, bool as);
/* Ask for a map to open (then about unsaved changes). */
void edapp_open(EdApp *a);
/* Close the session, asking first about unsaved changes. */
void edapp_request_quit(EdApp *a);
/* Dialogs for the map's name and the generator's seed. */
void edapp_rename(EdApp *a);
void edapp_ask_seed(EdApp *a);
/* Button b of the dialog of the given EdDialogKind was chosen. */
void edapp_answer(EdApp *a, int kind, int b);

#endif
