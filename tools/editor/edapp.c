/* edapp: the editing session — its init, the actions that keys and panels
 * ask for, the event dispatch and the frame. The model's picture is kept in
 * step in edapp_sync.c, files in edapp_session.c, the pointer in
 * edapp_input.c; drawing lives in edoverlay.c and edpanels.c. */
#include "edapp_internal.h"

#include <assert.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "ui/draw.h"
#include "ui/screenshot.h"
#include "ui/theme.h"
#include "core/words.h"

#define FONT_FILE "fonts/DejaVuSans.ttf"
/* A finding's highlight pulses this long after it is picked, seconds. */
#define PICK_PULSE_S 3.0

/* --------------------------------------------------------------- actions */

static void undo(EdApp *a)
{
    edapp_end_pointer_ops(a);
    Err e = {{0}};
    int rc = edit_undo(a->ed, &e);
    if (rc < 0)
        edapp_status(a, "%s", e.msg);
    else
        edapp_status(a, rc ? "Undone (%d more)" : "Nothing to undo", edit_undo_count(a->ed));
    a->ptr.has_last = false;
}

static void redo(EdApp *a)
{
    edapp_end_pointer_ops(a);
    Err e = {{0}};
    int rc = edit_redo(a->ed, &e);
    if (rc < 0)
        edapp_status(a, "%s", e.msg);
    else
        edapp_status(a, rc ? "Redone (%d more)" : "Nothing to redo", edit_redo_count(a->ed));
    a->ptr.has_last = false;
}

static void validate(EdApp *a)
{
    edapp_revalidate(a);
    if (!a->report.ok) return;
    a->report.show = true;
    a->report.pick = -1;
    if (a->report.r.count == 0)
        edapp_status(a, "Validation: no problems found");
    else
        edapp_status(a, "Validation: %d %s, %d %s", a->report.r.errors,
                     words_plural(a->report.r.errors, "error", "errors"), a->report.r.warnings,
                     words_plural(a->report.r.warnings, "warning", "warnings"));
}

static void pick(EdApp *a, int i)
{
    if (i < 0 || i >= a->report.r.count) return;
    const ValidateFinding *f = &a->report.r.items[i];
    a->report.pick = i;
    a->report.pick_time = 0.0;
    if (f->x < 0) {
        cam_fit(&a->view.cam);
        return;
    }
    /* Close enough that the hex reads clearly, never zooming out. */
    double want = 36.0 * a->px_ratio / edit_map(a->ed)->meta.hex_size;
    if (want > a->view.cam.zoom) a->view.cam.zoom = want;
    a->view.cam.cx = f->x;
    a->view.cam.cy = f->y;
    cam_clamp(&a->view.cam);
}

static void generate(EdApp *a)
{
    edapp_end_pointer_ops(a);
    Err e = {{0}};
    if (edit_generate(a->ed, &a->panels.gen, &e) != 0) {
        edapp_status(a, "%s", e.msg);
        return;
    }
    edapp_status(a, "Generated seed %u, %dx%d (Ctrl+Z undoes)", (unsigned)a->panels.gen.seed,
                 a->panels.gen.w, a->panels.gen.h);
}

/* Ctrl+G replaces the whole map, its size and name with it: show the
 * settings it will use and ask (the panel's own button goes at once). */
static void ask_generate(EdApp *a)
{
    a->panels.shown = true;
    a->panels.gen_open = true;
    const MapGenParams *g = &a->panels.gen;
    char msg[400];
    snprintf(msg, sizeof msg,
             "Replace the whole map (%s) with a new %dx%d sea from seed %u, as the Generate "
             "panel is set? Its land, size and name all change; Ctrl+Z undoes it.",
             edit_map(a->ed)->meta.name, g->w, g->h, (unsigned)g->seed);
    static const char *const b[] = {"Generate", "Cancel"};
    dialog_open(&a->dlg, EDAPP_DLG_GENERATE, "Generate a new map?", msg, b, 2, 0, 1);
}

/* A skirmish in the game on the map as it is now: its own file when that
 * holds every change, else a temp copy (the user's file is never written). */
static void play(EdApp *a)
{
    edapp_end_pointer_ops(a);
    const Map *m = edit_map(a->ed);
    bool saved = a->files.path[0] && !edapp_dirty(a);
    char name[PATHS_MAX];
    snprintf(name, sizeof name, "%s", a->files.path[0] ? paths_base_name(a->files.path) : "");
    size_t n = strlen(name);
    if (n > 4 && !strcmp(name + n - 4, ".png")) name[n - 4] = '\0';
    Err e = {{0}};
    if (play_start(&a->play, m, saved ? a->files.path : NULL, name, &e) != 0) {
        edapp_status(a, "%s", e.msg);
        return;
    }
    edapp_status(a, "Playing %s in the game%s", m->meta.name,
                 saved ? "" : " (a copy with the unsaved changes)");
}

static void set_overlay(EdApp *a, unsigned bit, bool on)
{
    assert(bit == OVL_HEAT || bit == OVL_GRID || bit == OVL_SAIL || bit == OVL_SEA);
    bool was = (a->overlays & bit) != 0;
    if (was == on) return;
    a->overlays = on ? a->overlays | bit : a->overlays & ~bit;
    if (bit == OVL_HEAT) {
        a->view.map.mode = on ? MAPVIEW_HEAT : MAPVIEW_CHART;
        const Map *m = edit_map(a->ed);
        Err e = {{0}};
        if (mapview_update(&a->view.map, m, &a->view.shore, (EditRect){0, 0, m->w, m->h}, a->pool,
                           &e) != 0)
            edapp_status(a, "%s", e.msg);
    }
    if (bit == OVL_SEA) {
        if (on && !a->view.sea_ok) {
            edapp_status(a, "live sea unavailable: the fish sprites did not load");
            a->overlays &= ~OVL_SEA;
            return;
        }
        if (on && !a->view.field_stale) edapp_restart_sea(a);
        if (!on) seaprev_stop(&a->view.sea);
    }
}

static void set_mirror(EdApp *a, bool on)
{
    edit_set_mirror(a->ed, on);
    edapp_status(a, on ? "Mirror on: every edit is repeated turned 180\xC2\xB0 about the centre"
                       : "Mirror off");
}

/* The meta the panel's sliders hold, committed when no slider is held. */
static void commit_meta(EdApp *a)
{
    if (a->ui.down) return;
    const MapMeta *mm = &edit_map(a->ed)->meta;
    Err e = {{0}};
    if (a->panels.wind_dir != mm->wind_dir || a->panels.wind_strength != mm->wind_strength) {
        if (edit_set_wind(a->ed, a->panels.wind_dir, a->panels.wind_strength, &e) != 0) {
            edapp_status(a, "%s", e.msg);
            a->panels.wind_dir = mm->wind_dir;
            a->panels.wind_strength = mm->wind_strength;
        }
    }
    if (a->panels.hex_size != mm->hex_size) {
        if (edit_set_hex_size(a->ed, a->panels.hex_size, &e) != 0) {
            edapp_status(a, "%s", e.msg);
            a->panels.hex_size = mm->hex_size;
        } else {
            a->view.chart_stale = true;
        }
    }
}

/* Actions on the model, its file and the report. */
static void apply_edit(EdApp *a, EdAct act)
{
    switch (act.kind) {
    case EDACT_UNDO:
        undo(a);
        break;
    case EDACT_REDO:
        redo(a);
        break;
    case EDACT_SAVE:
    case EDACT_SAVE_AS:
        edapp_save(a, act.kind == EDACT_SAVE_AS);
        break;
    case EDACT_OPEN:
        edapp_open(a);
        break;
    case EDACT_QUIT:
        edapp_request_quit(a);
        break;
    case EDACT_GENERATE:
        if (act.arg)
            generate(a);
        else
            ask_generate(a);
        break;
    case EDACT_PLAY:
        play(a);
        break;
    case EDACT_VALIDATE:
        validate(a);
        break;
    case EDACT_RENAME:
        edapp_rename(a);
        break;
    case EDACT_ASK_SEED:
        edapp_ask_seed(a);
        break;
    case EDACT_PICK:
        pick(a, act.arg);
        break;
    case EDACT_CLOSE_REPORT:
        a->report.show = false;
        a->report.pick = -1;
        break;
    case EDACT_MIRROR:
        set_mirror(a, !edit_mirror(a->ed));
        break;
    default:
        break;
    }
}

/* Esc: close the help, else drop a line, else close the report. */
static void escape(EdApp *a)
{
    if (a->help) {
        a->help = false;
    } else if (a->ptr.lining) {
        a->ptr.lining = false;
    } else if (a->report.show) {
        a->report.show = false;
        a->report.pick = -1;
    }
}

/* Actions on the tools, the overlays and the view. */
static void apply_view(EdApp *a, EdAct act)
{
    static const unsigned overlay_bit[] = {OVL_HEAT, OVL_GRID, OVL_SAIL, OVL_SEA};
    switch (act.kind) {
    case EDACT_ESCAPE:
        escape(a);
        break;
    case EDACT_HELP:
        a->help = !a->help;
        break;
    case EDACT_PANELS:
        a->panels.shown = !a->panels.shown;
        break;
    case EDACT_FIT:
        cam_fit(&a->view.cam);
        break;
    case EDACT_SHOT:
        a->want_shot = true;
        break;
    case EDACT_BRUSH_SMALLER:
    case EDACT_BRUSH_BIGGER:
        edapp_step_brush(a, act.kind == EDACT_BRUSH_BIGGER ? 1 : -1);
        break;
    case EDACT_SET_BRUSH:
        edapp_set_brush(a, act.arg);
        break;
    case EDACT_TOOL_BRUSH:
    case EDACT_TOOL_FILL:
    case EDACT_TOOL_SPAWN1:
    case EDACT_TOOL_SPAWN2:
        a->tools.tool = (EdTool)(act.kind - EDACT_TOOL_BRUSH);
        break;
    case EDACT_SWAP_VALUE:
        a->tools.value = a->tools.value == EDIT_LAND ? EDIT_WATER : EDIT_LAND;
        break;
    case EDACT_HEAT:
    case EDACT_GRID:
    case EDACT_SAIL:
    case EDACT_SEA: {
        unsigned bit = overlay_bit[act.kind - EDACT_HEAT];
        set_overlay(a, bit, !(a->overlays & bit));
        break;
    }
    default:
        apply_edit(a, act);
        break;
    }
}

/* Do what a key or a panel asked. */
static void apply(EdApp *a, EdAct act)
{
    if (act.kind != EDACT_NONE) apply_view(a, act);
}

/* ------------------------------------------------------------ the frames */

static EdOverlayCursor cursor_kind(const EdApp *a)
{
    const EdPointer *p = &a->ptr;
    if (!p->in || a->dlg.open || a->help || p->panning) return EDOVERLAY_CURSOR_NONE;
    if (a->panels.shown && ui_wants_mouse(&a->ui) && !p->painting && !p->lining)
        return EDOVERLAY_CURSOR_NONE;
    if (p->my >= (float)(a->view.h - edapp_status_bar_h(a))) return EDOVERLAY_CURSOR_NONE;
    if (a->tools.tool == TOOL_SPAWN1 || a->tools.tool == TOOL_SPAWN2) return EDOVERLAY_CURSOR_SPAWN;
    if (a->tools.tool == TOOL_FILL || (p->mod & KMOD_CTRL)) return EDOVERLAY_CURSOR_FILL;
    return EDOVERLAY_CURSOR_BRUSH;
}

static void overlay_frame(EdApp *a, EdOverlayFrame *f)
{
    const EdPointer *p = &a->ptr;
    const EdReport *rep = &a->report;
    bool pick = rep->pick >= 0 && rep->show && rep->pick < rep->r.count;
    *f = (EdOverlayFrame){
        .r = a->r,
        .text = a->text,
        .cam = &a->view.cam,
        .map = edit_map(a->ed),
        .px_ratio = a->px_ratio,
        .view_w = a->view.w,
        .view_h = a->view.h,
        .status_bar_h = edapp_status_bar_h(a),
        .wind_right = a->panels.shown && a->panels.gen_open ? a->panels.p_gen.x : (float)a->view.w,
        .heat = (a->overlays & OVL_HEAT) != 0,
        .grid = (a->overlays & OVL_GRID) != 0,
        .sail = (a->overlays & OVL_SAIL) && a->view.chart_ok ? &a->view.chart : NULL,
        .sea = &a->view.sea,
        .fish_margin = a->view.map.margin,
        .mirror = edit_mirror(a->ed),
        .pick = pick ? &rep->r.items[rep->pick] : NULL,
        .pick_time = rep->pick_time,
        .cursor = cursor_kind(a),
        .mx = p->mx,
        .my = p->my,
        .fleet = a->tools.tool == TOOL_SPAWN2 ? 1 : 0,
        .land = a->tools.value == EDIT_LAND,
        .brush = a->tools.brush,
        .line = p->lining || ((p->mod & KMOD_SHIFT) && p->has_last && !p->painting),
        .line_x = p->lining ? p->anchor_x : p->last_x,
        .line_y = p->lining ? p->anchor_y : p->last_y,
    };
}

static void panels_frame(EdApp *a, EdPanelsFrame *f)
{
    *f = (EdPanelsFrame){
        .r = a->r,
        .text = a->text,
        .ui = &a->ui,
        .px_ratio = a->px_ratio,
        .view_w = a->view.w,
        .view_h = a->view.h,
        .status_bar_h = edapp_status_bar_h(a),
        .map = edit_map(a->ed),
        .cam = &a->view.cam,
        .tool = a->tools.tool,
        .land = a->tools.value == EDIT_LAND,
        .brush = a->tools.brush,
        .mirror = edit_mirror(a->ed),
        .overlay = {(a->overlays & OVL_HEAT) != 0, (a->overlays & OVL_GRID) != 0,
                    (a->overlays & OVL_SAIL) != 0, (a->overlays & OVL_SEA) != 0},
        .report = &a->report.r,
        .report_ok = a->report.ok,
        .report_stale = a->report.rev != edit_revision(a->ed),
        .pick = a->report.pick,
        .pointer_in = a->ptr.in,
        .mx = a->ptr.mx,
        .my = a->ptr.my,
        .dirty = edapp_dirty(a),
        .status = a->status_left > 0 ? a->status : "",
    };
}

/* The panels, each one's action applied before the next is drawn, then
 * the status bar, the help and the dialog. */
static void draw_panels(EdApp *a)
{
    EdPanelsFrame f;
    ui_begin(&a->ui, a->px_ratio);
    if (a->panels.shown) {
        panels_frame(a, &f);
        apply(a, edpanels_tools(&a->panels, &f));
        panels_frame(a, &f);
        apply(a, edpanels_map(&a->panels, &f));
        commit_meta(a);
        if (a->panels.gen_open) {
            panels_frame(a, &f);
            apply(a, edpanels_gen(&a->panels, &f));
        }
        if (a->report.show) {
            panels_frame(a, &f);
            apply(a, edpanels_report(&a->panels, &f));
        }
    }
    ui_end(&a->ui);
    panels_frame(a, &f);
    edpanels_status_bar(&f);
    if (a->help) edpanels_help(&f);
    dialog_draw(&a->dlg, a->r, a->text, a->view.w, a->view.h, a->px_ratio);
}

/* F12: this frame as shoal-editor-DATE-TIME.png in ~/Pictures/shoal. */
static void save_shot(EdApp *a)
{
    char path[PATHS_MAX], shown[PATHS_MAX];
    Err e = {{0}};
    if (shot_save_dated(a->r, "shoal-editor", path, sizeof path, &e) == 0)
        edapp_status(a, "Screenshot saved to %.200s", paths_tilde(path, shown, sizeof shown));
    else
        edapp_status(a, "%s", e.msg);
}

void edapp_frame(EdApp *a, double dt)
{
    a->clock += dt;
    draw_counts_reset();
    /* A dialog took the mouse mid-stroke: its button-up never comes. */
    if (a->dlg.open && (a->ptr.painting || a->ptr.lining)) {
        Err e = {{0}};
        if (a->ptr.painting && edit_stroke_end(a->ed, &e) != 0) edapp_status(a, "%s", e.msg);
        edapp_end_pointer_ops(a);
    }
    edapp_sync_view(a);
    edapp_held_keys(a, dt < 0.1 ? dt : 0.1);
    edapp_sync_model(a);
    edapp_autosave(a);
    if ((a->overlays & OVL_SAIL) && (a->view.chart_stale || !a->view.chart_ok))
        edapp_ensure_chart(a);
    seaprev_update(&a->view.sea, dt, &a->view.cam);
    if (a->report.pick >= 0) a->report.pick_time += dt;
    if (a->status_left > 0) a->status_left -= dt;
    int played = play_poll(&a->play);
    /* The game says why on stderr (an unplayable map exits 2). */
    if (played > 0) edapp_status(a, "The game ended with exit status %d (see its message)", played);
    theme_draw_color(a->r, THEME_SEA_CLEAR);
    SDL_RenderClear(a->r);
    mapview_draw(&a->view.map, &a->view.cam);
    EdOverlayFrame of;
    overlay_frame(a, &of);
    edoverlay_draw(&a->overlay, &of);
    draw_panels(a);
    if (a->want_shot) {
        a->want_shot = false;
        save_shot(a);
    }
    edapp_update_title(a);
}

void edapp_present(EdApp *a)
{
    SDL_RenderPresent(a->r);
    text_frame_end(a->text);
}

int edapp_screenshot(EdApp *a, const char *path, Err *e)
{
    return shot_save_png(a->r, path, e);
}

/* ---------------------------------------------------------------- events */

void edapp_event(EdApp *a, const SDL_Event *ev)
{
    if (ev->type == SDL_QUIT) {
        if (!a->dlg.open) edapp_request_quit(a);
        return;
    }
    edapp_track_keys(a, ev);
    if (ev->type == SDL_WINDOWEVENT) {
        if (ev->window.event == SDL_WINDOWEVENT_SIZE_CHANGED) edapp_sync_view(a);
        if (ev->window.event == SDL_WINDOWEVENT_LEAVE) a->ptr.in = false;
        return;
    }
    EdActKind key = ev->type == SDL_KEYDOWN ? edact_for_key(&ev->key) : EDACT_NONE;
    /* A screenshot may show a dialog too. */
    if (key == EDACT_SHOT) {
        a->want_shot = true;
        return;
    }
    if (dialog_event(&a->dlg, ev)) {
        int kind, b = dialog_take(&a->dlg, &kind);
        if (b >= 0 && kind == EDAPP_DLG_GENERATE) {
            if (b == 0) generate(a);
        } else if (b >= 0) {
            edapp_answer(a, kind, b);
        }
        return;
    }
    if (ev->type == SDL_KEYDOWN) {
        apply(a, (EdAct){key, 0});
        return;
    }
    if (ev->type == SDL_MOUSEMOTION) {
        a->ptr.mx = (float)ev->motion.x * a->px_ratio;
        a->ptr.my = (float)ev->motion.y * a->px_ratio;
    }
    if (a->panels.shown && ui_event(&a->ui, ev)) return;
    edapp_mouse_event(a, ev);
}

bool edapp_animating(const EdApp *a)
{
    const EdReport *rep = &a->report;
    if (a->view.sea.sea || a->status_left > 0 || (rep->pick >= 0 && rep->pick_time < PICK_PULSE_S))
        return true;
    return edapp_keys_moving(a);
}

/* ------------------------------------------------------------- lifecycle */

static const char *const tool_names[TOOL_COUNT] = {"brush", "fill", "spawn1", "spawn2"};

void edapp_describe(const EdApp *a, char *out, size_t cap)
{
    assert(a->tools.tool >= 0 && a->tools.tool < TOOL_COUNT && cap > 0);
    const Map *m = edit_map(a->ed);
    snprintf(out, cap,
             "title=\"%s\" dirty=%d undo=%d redo=%d tool=%s brush=%d value=%s mirror=%d "
             "overlays=%s%s%s%s zoom=%.3f map=%dx%d hex=%d wind=%s/%d spawns=%d,%d "
             "findings=%d errors=%d dialog=%s bake_ms=%.1f update_ms=%.2f status=\"%s\"",
             a->title, edapp_dirty(a) ? 1 : 0, edit_undo_count(a->ed), edit_redo_count(a->ed),
             tool_names[a->tools.tool], a->tools.brush,
             a->tools.value == EDIT_LAND ? "land" : "water", edit_mirror(a->ed) ? 1 : 0,
             a->overlays & OVL_HEAT ? "h" : "", a->overlays & OVL_GRID ? "g" : "",
             a->overlays & OVL_SAIL ? "n" : "", a->overlays & OVL_SEA ? "l" : "", a->view.cam.zoom,
             m->w, m->h, m->meta.hex_size, hex_dir_names[m->meta.wind_dir], m->meta.wind_strength,
             m->meta.spawn_count[0], m->meta.spawn_count[1], a->report.ok ? a->report.r.count : -1,
             a->report.ok ? a->report.r.errors : -1, a->dlg.open ? a->dlg.title : "none",
             a->view.bake_ms, a->view.update_ms, a->status_left > 0 ? a->status : "");
}

int edapp_init(EdApp *a, const EdOptions *o, Map *m, const char *path, SDL_Window *win,
               SDL_Renderer *r, Err *e)
{
    memset(a, 0, sizeof *a);
    a->o = o;
    a->win = win;
    a->r = r;
    a->px_ratio = 1.0f;
    a->report.pick = -1;
    a->tools.tool = TOOL_BRUSH;
    a->tools.value = EDIT_LAND;
    a->tools.brush = 8;
    a->overlays = o->overlays;
    dialog_init(&a->dlg);
    edpanels_init(&a->panels);
    edoverlay_init(&a->overlay);
    char font[PATHS_MAX];
    if (paths_data_file(FONT_FILE, font, sizeof font) != 0)
        return err_set(e, "%s: data directory path too long", FONT_FILE);
    if (text_init(&a->text, r, font, EDAPP_FONT_PT, e) != 0) return -1;
    ui_init(&a->ui, r, a->text);
    if (SDL_GetRendererOutputSize(r, &a->view.w, &a->view.h) != 0)
        return err_set(e, "renderer: %s", SDL_GetError());
    cam_init(&a->view.cam, m->w, m->h, a->view.w, a->view.h);
    edapp_sync_view(a);
    if (jobs_init(&a->pool, jobs_pick_threads(0), e) != 0) return -1;
    Err se = {{0}};
    a->view.sea_ok = seaprev_init(&a->view.sea, r, &se) == 0;
    if (!a->view.sea_ok) {
        a->overlays &= ~OVL_SEA;
        fprintf(stderr, "shoal-editor: live sea unavailable: %s\n", se.msg);
    }
    if (edapp_load_session(a, m, path ? path : "", true, e) != 0) return -1;
    a->files.autosave_at = o->autosave_s;
    return 0;
}

void edapp_deinit(EdApp *a)
{
    play_deinit(&a->play);
    seaprev_deinit(&a->view.sea);
    edoverlay_deinit(&a->overlay);
    if (a->view.chart_ok) chart_deinit(&a->view.chart);
    mapview_deinit(&a->view.map);
    shore_free(&a->view.shore);
    if (a->ed) edit_deinit(a->ed);
    if (a->pool) jobs_deinit(a->pool);
    if (a->text) text_deinit(a->text);
    a->ed = NULL;
    a->pool = NULL;
    a->text = NULL;
}
