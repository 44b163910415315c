/* edapp: the editing session — model sync and re-bakes, tools, keys, files,
 * recovery and the frame. Drawing lives in edoverlay.c and edpanels.c. */
#include "edapp.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "core/paths.h"
#include "edoverlay.h"
#include "edpanels.h"
#include "files.h"
#include "ui/draw.h"
#include "ui/screenshot.h"

#define FONT_FILE      "fonts/DejaVuSans.ttf"
#define FONT_PT        14
#define STATUS_SECONDS 5.0
/* Each wheel notch zooms by this factor (as in the game). */
#define WHEEL_STEP 1.2
/* Key panning crosses this fraction of the view per second. */
#define KEY_PAN_VIEWS 0.9
#define KEY_ZOOM_RATE 1.5
/* Rim pixels around a change whose colour depends on it (sand rims). */
#define RIM 2

static double ms_since(uint64_t t0)
{
    return (double)(SDL_GetPerformanceCounter() - t0) * 1000.0 /
           (double)SDL_GetPerformanceFrequency();
}

void edapp_status(EdApp *a, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(a->status, sizeof a->status, fmt, ap);
    va_end(ap);
    a->status_left = STATUS_SECONDS;
}

static void message(EdApp *a, const char *title, const char *msg)
{
    static const char *const ok[] = {"OK"};
    dialog_open(&a->dlg, DLG_MESSAGE, title, msg, ok, 1, 0, 0);
}

bool edapp_dirty(const EdApp *a)
{
    return a->ed && (edit_dirty(a->ed) || a->restored);
}

static void update_title(EdApp *a)
{
    char t[sizeof a->title];
    const Map *m = edit_map(a->ed);
    snprintf(t, sizeof t, "%s%s \xE2\x80\x94 %s \xE2\x80\x94 shoal-editor",
             edapp_dirty(a) ? "*" : "", a->path[0] ? paths_base_name(a->path) : "untitled",
             m->meta.name);
    if (strcmp(t, a->title) != 0) {
        memcpy(a->title, t, sizeof t);
        if (a->win) SDL_SetWindowTitle(a->win, a->title);
    }
}

/* ------------------------------------------------------------------ view */

static void sync_view(EdApp *a)
{
    int ow, oh;
    if (SDL_GetRendererOutputSize(a->r, &ow, &oh) != 0 || ow <= 0 || oh <= 0) return;
    float ratio = 1.0f;
    if (a->win) {
        int ww, wh;
        SDL_GetWindowSize(a->win, &ww, &wh);
        if (ww > 0) ratio = (float)ow / (float)ww;
    }
    if (ratio != a->px_ratio) {
        Err e;
        if (text_set_size(a->text, (int)(FONT_PT * ratio + 0.5f), &e) != 0)
            fprintf(stderr, "shoal-editor: %s\n", e.msg);
        a->px_ratio = ratio;
    }
    if (ow != a->view_w || oh != a->view_h) {
        a->view_w = ow;
        a->view_h = oh;
        cam_set_view(&a->cam, ow, oh);
    }
}

void edapp_map_to_screen(const EdApp *a, double x, double y, double *sx, double *sy)
{
    cam_world_to_screen(&a->cam, x, y, sx, sy);
}

/* ------------------------------------------------------- model -> view */

static EditRect grow(EditRect r, int by, const Map *m)
{
    int x0 = r.x - by < 0 ? 0 : r.x - by, y0 = r.y - by < 0 ? 0 : r.y - by;
    int x1 = r.x + r.w + by > m->w ? m->w : r.x + r.w + by;
    int y1 = r.y + r.h + by > m->h ? m->h : r.y + r.h + by;
    return (EditRect){x0, y0, x1 - x0, y1 - y0};
}

/* Bounding box of the pixels whose distance differs between two fields of
 * one size (empty when none does). */
static EditRect field_diff(const ShoreField *a, const ShoreField *b)
{
    int w = a->w, h = a->h, x0 = w, y0 = h, x1 = -1, y1 = -1;
    for (int y = 0; y < h; y++) {
        const float *p = a->dist + (size_t)y * (size_t)w, *q = b->dist + (size_t)y * (size_t)w;
        if (memcmp(p, q, (size_t)w * sizeof *p) == 0) continue;
        int l = 0, r = w - 1;
        while (p[l] == q[l]) l++;
        while (p[r] == q[r]) r--;
        x0 = l < x0 ? l : x0;
        x1 = r > x1 ? r : x1;
        y0 = y < y0 ? y : y0;
        y1 = y;
    }
    if (x1 < 0) return (EditRect){0, 0, 0, 0};
    return (EditRect){x0, y0, x1 - x0 + 1, y1 - y0 + 1};
}

static void restart_sea(EdApp *a)
{
    seaprev_stop(&a->sea);
    if (!(a->overlays & OVL_SEA) || !a->sea_ok) return;
    Err e = {{0}};
    if (seaprev_start(&a->sea, &a->shore, a->pool, &e) != 0) edapp_status(a, "%s", e.msg);
}

static void revalidate(EdApp *a)
{
    Err e = {{0}};
    if (validate_map(edit_map(a->ed), &a->report, &e) != 0) {
        edapp_status(a, "%s", e.msg);
        a->report_ok = false;
        return;
    }
    a->report_ok = true;
    a->report_rev = edit_revision(a->ed);
    if (a->pick >= a->report.count) a->pick = -1;
}

/* After a stroke (never during one): distance field, the picture where the
 * field changed, the chart, the sea, and the open validation report. */
static void rebake(EdApp *a)
{
    uint64_t t0 = SDL_GetPerformanceCounter();
    const Map *m = edit_map(a->ed);
    Err e = {{0}};
    ShoreField nf;
    if (shore_bake(&nf, m->land, m->w, m->h, &e) != 0) {
        edapp_status(a, "%s", e.msg);
        return;
    }
    EditRect box = a->shore.dist && a->shore.w == m->w && a->shore.h == m->h
                       ? field_diff(&a->shore, &nf)
                       : (EditRect){0, 0, m->w, m->h};
    seaprev_stop(&a->sea); /* it reads the old field */
    shore_free(&a->shore);
    a->shore = nf;
    a->field_stale = false;
    if (box.w > 0 && mapview_update(&a->view, m, &a->shore, grow(box, RIM, m), a->pool, &e) != 0)
        edapp_status(a, "%s", e.msg);
    a->chart_stale = true;
    restart_sea(a);
    if (a->show_report) revalidate(a);
    a->bake_ms = ms_since(t0);
}

/* The map changed size (load, generate, undo of generate): rebuild all. */
static int rebuild(EdApp *a, Err *e)
{
    const Map *m = edit_map(a->ed);
    seaprev_stop(&a->sea);
    mapview_deinit(&a->view);
    if (mapview_init(&a->view, a->r, m->w, m->h, e) != 0) return -1;
    SeaParams sp;
    sea_params_default(&sp);
    a->view.margin = sp.shore_margin;
    a->view.mode = a->overlays & OVL_HEAT ? MAPVIEW_HEAT : MAPVIEW_CHART;
    shore_free(&a->shore);
    if (shore_bake(&a->shore, m->land, m->w, m->h, e) != 0) return -1;
    a->field_stale = false;
    if (mapview_update(&a->view, m, &a->shore, (EditRect){0, 0, m->w, m->h}, a->pool, e) != 0)
        return -1;
    if (a->cam.world_w != m->w || a->cam.world_h != m->h)
        cam_init(&a->cam, m->w, m->h, a->view_w, a->view_h);
    a->chart_stale = true;
    a->has_last = false;
    restart_sea(a);
    if (a->show_report) revalidate(a);
    return 0;
}

static void sync_meta(EdApp *a, bool force)
{
    const MapMeta *mm = &edit_map(a->ed)->meta;
    if (a->hex_size != mm->hex_size) a->chart_stale = true;
    /* Not under a slider being dragged: it commits on release. */
    if (force || !a->ui.down) {
        a->wind_dir = mm->wind_dir;
        a->wind_strength = mm->wind_strength;
        a->hex_size = mm->hex_size;
    }
}

static void sync_model(EdApp *a)
{
    EditChanges ch;
    if (edit_take_changes(a->ed, &ch)) {
        Err e = {{0}};
        if (ch.resized) {
            if (rebuild(a, &e) != 0) edapp_status(a, "%s", e.msg);
        } else if (ch.pixels.w > 0) {
            /* During a stroke: only the painted area, with the old field. */
            uint64_t t0 = SDL_GetPerformanceCounter();
            const Map *m = edit_map(a->ed);
            if (mapview_update(&a->view, m, &a->shore, grow(ch.pixels, RIM, m), a->pool, &e) != 0)
                edapp_status(a, "%s", e.msg);
            a->update_ms = ms_since(t0);
            a->field_stale = true;
        }
        if (ch.meta || ch.resized) {
            sync_meta(a, false);
            if (a->show_report) revalidate(a);
        }
    }
    if (a->field_stale && !edit_stroke_open(a->ed)) rebake(a);
}

void edapp_ensure_chart(EdApp *a)
{
    if (!a->chart_stale && a->chart_ok) return;
    if (a->chart_ok) chart_deinit(&a->chart);
    a->chart_ok = false;
    const Map *m = edit_map(a->ed);
    Err e = {{0}};
    if (chart_init(&a->chart, m, (float)m->meta.hex_size, &e) != 0) {
        edapp_status(a, "%s", e.msg);
        a->chart_stale = false;
        return;
    }
    a->chart_ok = true;
    a->chart_stale = false;
}

/* --------------------------------------------------------------- session */

static void offer_restore(EdApp *a)
{
    if (!a->recovery[0] || !files_exists(a->recovery)) return;
    char when[64] = "earlier";
    time_t t = files_mtime(a->recovery);
    struct tm tm;
    if (t && localtime_r(&t, &tm)) strftime(when, sizeof when, "%Y-%m-%d %H:%M", &tm);
    char msg[DIALOG_MSG_MAX];
    snprintf(msg, sizeof msg,
             "Unsaved changes to %.200s were autosaved at %s and not saved since.\n"
             "Restore them, or discard the recovery copy (%.500s)?",
             a->path[0] ? paths_base_name(a->path) : "a new map", when, a->recovery);
    static const char *const b[] = {"Restore", "Discard"};
    dialog_open(&a->dlg, DLG_RESTORE, "Recover unsaved work", msg, b, 2, 0, -1);
}

/* Replace the session's map by m (taken over) from path (NULL or "":
 * untitled). keep_path leaves path and recovery as they are (restore). */
static int load_session(EdApp *a, Map *m, const char *path, bool offer, Err *e)
{
    Editor *ned;
    if (edit_init(&ned, m, 0, e) != 0) return -1;
    if (a->painting || a->lining) a->painting = a->lining = false;
    if (a->ed) edit_deinit(a->ed);
    a->ed = ned;
    edit_set_mirror(a->ed, false);
    if (path) {
        snprintf(a->path, sizeof a->path, "%s", path);
        Err re = {{0}};
        if (files_recovery_path(a->path, a->recovery, sizeof a->recovery, false, &re) != 0)
            a->recovery[0] = '\0';
    }
    a->restored = false;
    a->autosaved_any = false;
    a->report_ok = false;
    a->pick = -1;
    a->cam.world_w = 0; /* force a camera fit for the new map */
    EditChanges ch;
    edit_take_changes(a->ed, &ch);
    if (rebuild(a, e) != 0) return -1;
    sync_meta(a, true);
    const Map *mm = edit_map(a->ed);
    a->gen.w = mm->w;
    a->gen.h = mm->h;
    update_title(a);
    if (offer) offer_restore(a);
    return 0;
}

/* Paint the pixels where rec differs from the map as one undo step (1 px
 * lines over each run), then its settings as a second, so Ctrl+Z goes
 * back to the file on disk. False when the sizes differ or an edit
 * fails; the map may then hold part of it, which the caller replaces. */
static bool restore_as_edits(EdApp *a, const Map *rec)
{
    const Map *m = edit_map(a->ed);
    if (m->w != rec->w || m->h != rec->h) return false;
    Err e = {{0}};
    bool open = false;
    for (int y = 0; y < m->h; y++) {
        const uint8_t *cur = m->land + (size_t)y * (size_t)m->w;
        const uint8_t *want = rec->land + (size_t)y * (size_t)m->w;
        for (int x = 0; x < m->w;) {
            int v = want[x] != 0;
            if ((cur[x] != 0) == v) {
                x++;
                continue;
            }
            int x1 = x;
            while (x1 + 1 < m->w && (want[x1 + 1] != 0) == v && (cur[x1 + 1] != 0) != v) x1++;
            float fy = (float)y + 0.5f;
            if (!open) {
                if (edit_stroke_begin(a->ed, (float)x + 0.5f, fy, v, 1, &e) != 0) return false;
                open = true;
            }
            if (edit_line(a->ed, (float)x + 0.5f, fy, (float)x1 + 0.5f, fy, v, 1, &e) != 0)
                return false;
            m = edit_map(a->ed);
            cur = m->land + (size_t)y * (size_t)m->w;
            x = x1 + 1;
        }
    }
    if (open && edit_stroke_end(a->ed, &e) != 0) return false;
    m = edit_map(a->ed);
    if (memcmp(m->land, rec->land, (size_t)m->w * (size_t)m->h) != 0) return false;
    return edit_set_meta(a->ed, &rec->meta, &e) == 0;
}

static void restore(EdApp *a)
{
    Map m;
    Err e = {{0}};
    if (map_load(&m, a->recovery, &e) != 0) {
        message(a, "Could not restore", e.msg);
        return;
    }
    edit_set_mirror(a->ed, false);
    if (restore_as_edits(a, &m)) {
        map_free(&m);
        update_title(a);
        edapp_status(a, "Restored the autosaved copy (Ctrl+Z goes back to the saved file)");
        return;
    }
    if (load_session(a, &m, NULL, false, &e) != 0) {
        map_free(&m);
        message(a, "Could not restore", e.msg);
        return;
    }
    a->restored = true;
    update_title(a);
    edapp_status(a, "Restored the autosaved copy; save to keep it");
}

static void drop_recovery(EdApp *a)
{
    if (a->recovery[0] && files_exists(a->recovery)) files_remove_map(a->recovery);
    a->autosaved_any = false;
}

static void autosave(EdApp *a)
{
    if (a->o->autosave_s <= 0 || a->clock < a->autosave_at) return;
    a->autosave_at = a->clock + a->o->autosave_s;
    if (!edapp_dirty(a)) return;
    if (a->autosaved_any && a->autosaved_rev == edit_revision(a->ed) && !edit_stroke_open(a->ed))
        return;
    Err e = {{0}};
    if (files_recovery_path(a->path, a->recovery, sizeof a->recovery, true, &e) != 0 ||
        edit_autosave(a->ed, a->recovery, &e) != 0) {
        edapp_status(a, "autosave failed: %s", e.msg);
        return;
    }
    a->autosaved_any = true;
    a->autosaved_rev = edit_revision(a->ed);
    edapp_status(a, "Autosaved a recovery copy (%s)", a->recovery);
}

/* ------------------------------------------------------------------ files */

static void continue_pending(EdApp *a);

static bool save_to(EdApp *a, const char *path)
{
    Err e = {{0}};
    if (a->painting || a->lining) {
        a->painting = a->lining = false;
    }
    revalidate(a);
    if (edit_save(a->ed, path, &e) != 0) {
        fprintf(stderr, "shoal-editor: %s\n", e.msg);
        char msg[DIALOG_MSG_MAX];
        snprintf(msg, sizeof msg, "%s\nNothing was written; any file already at %s is unchanged.",
                 e.msg, path);
        message(a, "Could not save", msg);
        edapp_status(a, "save failed: %s", e.msg);
        return false;
    }
    if (strcmp(path, a->path) != 0) {
        drop_recovery(a);
        snprintf(a->path, sizeof a->path, "%s", path);
        Err re = {{0}};
        if (files_recovery_path(a->path, a->recovery, sizeof a->recovery, false, &re) != 0)
            a->recovery[0] = '\0';
    }
    drop_recovery(a);
    a->restored = false;
    update_title(a);
    if (a->report_ok && a->report.count > 0) {
        a->show_report = true;
        edapp_status(a, "Saved %s \xE2\x80\x94 %d error%s, %d warning%s (see Validation)", path,
                     a->report.errors, a->report.errors == 1 ? "" : "s", a->report.warnings,
                     a->report.warnings == 1 ? "" : "s");
    } else {
        edapp_status(a, "Saved %s", path);
    }
    return true;
}

/* A file name from the map's name: "Twin Reefs" -> "twin-reefs.png". */
static void suggest_path(EdApp *a, char *out, size_t cap)
{
    if (a->path[0]) {
        snprintf(out, cap, "%s", a->path);
        return;
    }
    char slug[MAP_NAME_MAX];
    size_t n = 0;
    for (const char *p = edit_map(a->ed)->meta.name; *p && n + 1 < sizeof slug; p++) {
        unsigned char c = (unsigned char)*p;
        if ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9'))
            slug[n++] = (char)c;
        else if (c >= 'A' && c <= 'Z')
            slug[n++] = (char)(c - 'A' + 'a');
        else if (n > 0 && slug[n - 1] != '-')
            slug[n++] = '-';
    }
    while (n > 0 && slug[n - 1] == '-') n--;
    slug[n] = '\0';
    snprintf(out, cap, "%s.png", n ? slug : "untitled");
}

static void ask_save_as(EdApp *a)
{
    static const char *const b[] = {"Save", "Cancel"};
    dialog_open(&a->dlg, DLG_SAVE_AS, "Save map as",
                "PNG file to write (its .ini sidecar goes beside it). Tab completes.", b, 2, 0, 1);
    char p[PATHS_MAX];
    suggest_path(a, p, sizeof p);
    dialog_set_field(&a->dlg, p, files_complete, (void *)".png");
}

void edapp_save(EdApp *a, bool as)
{
    if (as || !a->path[0]) {
        ask_save_as(a);
        return;
    }
    if (save_to(a, a->path))
        continue_pending(a);
    else
        a->pending = PENDING_NONE;
}

void edapp_open(EdApp *a)
{
    static const char *const b[] = {"Open", "Cancel"};
    dialog_open(&a->dlg, DLG_OPEN, "Open map", "PNG map to open. Tab completes.", b, 2, 0, 1);
    /* The current map's folder, ready for a name and Tab. */
    char dir[PATHS_MAX] = "";
    const char *slash = strrchr(a->path, '/');
    if (slash) {
        snprintf(dir, sizeof dir, "%.*s/", (int)(slash - a->path), a->path);
    } else if (a->path[0]) {
        dir[0] = '\0';
    } else if (paths_data_file("maps/", dir, sizeof dir) != 0) {
        dir[0] = '\0';
    }
    dialog_set_field(&a->dlg, dir, files_complete, (void *)".png");
}

static void do_open(EdApp *a, const char *path)
{
    Map m;
    Err e = {{0}};
    if (map_load(&m, path, &e) != 0) {
        fprintf(stderr, "shoal-editor: %s\n", e.msg);
        message(a, "Could not open", e.msg);
        return;
    }
    if (load_session(a, &m, path, true, &e) != 0) {
        map_free(&m);
        message(a, "Could not open", e.msg);
        return;
    }
    edapp_status(a, "Opened %s", path);
}

static void continue_pending(EdApp *a)
{
    EdPending p = a->pending;
    a->pending = PENDING_NONE;
    if (p == PENDING_QUIT) a->quit = true;
    if (p == PENDING_OPEN) do_open(a, a->pending_path);
}

/* Run `p` now, or first ask about unsaved changes. */
static void request(EdApp *a, EdPending p)
{
    a->pending = p;
    if (!edapp_dirty(a)) {
        if (p == PENDING_QUIT) drop_recovery(a);
        continue_pending(a);
        return;
    }
    char msg[DIALOG_MSG_MAX];
    snprintf(msg, sizeof msg, "%.300s has unsaved changes. Save them before %s?",
             a->path[0] ? paths_base_name(a->path) : "This new map",
             p == PENDING_QUIT ? "closing" : "opening another map");
    static const char *const b[] = {"Save", "Discard", "Cancel"};
    dialog_open(&a->dlg, DLG_UNSAVED, "Unsaved changes", msg, b, 3, 0, 2);
}

void edapp_request_quit(EdApp *a)
{
    request(a, PENDING_QUIT);
}

/* "x" -> "x.png"; "~/x" -> "$HOME/x". */
static void normalise_path(const char *in, char *out, size_t cap)
{
    const char *home = getenv("HOME");
    size_t n = strlen(in);
    while (n > 0 && (in[n - 1] == ' ')) n--;
    while (*in == ' ' && n > 0) {
        in++;
        n--;
    }
    char t[PATHS_MAX];
    if (in[0] == '~' && (n == 1 || in[1] == '/') && home)
        snprintf(t, sizeof t, "%s%.*s", home, (int)n - 1, in + 1);
    else
        snprintf(t, sizeof t, "%.*s", (int)n, in);
    size_t k = strlen(t);
    bool png = k >= 4 && (strcmp(t + k - 4, ".png") == 0 || strcmp(t + k - 4, ".PNG") == 0);
    if (snprintf(out, cap, "%s%s", t, png || k == 0 || t[k - 1] == '/' ? "" : ".png") >= (int)cap)
        out[0] = '\0'; /* too long to be a path: treated as none given */
}

static void answer(EdApp *a, int kind, int b)
{
    char path[PATHS_MAX];
    switch ((EdDialogKind)kind) {
    case DLG_UNSAVED:
        if (b == 0)
            edapp_save(a, false);
        else if (b == 1) {
            drop_recovery(a);
            a->restored = false;
            continue_pending(a);
        } else
            a->pending = PENDING_NONE;
        break;
    case DLG_OPEN:
        if (b != 0) break;
        normalise_path(a->dlg.field, path, sizeof path);
        if (!path[0]) break;
        snprintf(a->pending_path, sizeof a->pending_path, "%s", path);
        request(a, PENDING_OPEN);
        break;
    case DLG_SAVE_AS:
        if (b != 0) {
            a->pending = PENDING_NONE;
            break;
        }
        normalise_path(a->dlg.field, path, sizeof path);
        if (!path[0]) {
            a->pending = PENDING_NONE;
            break;
        }
        snprintf(a->save_as_path, sizeof a->save_as_path, "%s", path);
        if (strcmp(path, a->path) != 0 && files_exists(path)) {
            char msg[DIALOG_MSG_MAX];
            snprintf(msg, sizeof msg, "%.900s already exists. Replace it?", path);
            static const char *const rb[] = {"Replace", "Cancel"};
            dialog_open(&a->dlg, DLG_REPLACE, "Replace file", msg, rb, 2, 1, 1);
            break;
        }
        if (save_to(a, path))
            continue_pending(a);
        else
            a->pending = PENDING_NONE;
        break;
    case DLG_REPLACE:
        if (b == 0 && save_to(a, a->save_as_path))
            continue_pending(a);
        else
            a->pending = PENDING_NONE;
        break;
    case DLG_RESTORE:
        if (b == 0)
            restore(a);
        else {
            drop_recovery(a);
            edapp_status(a, "Discarded the recovery copy");
        }
        break;
    case DLG_RENAME:
        if (b == 0) {
            MapMeta mm = edit_map(a->ed)->meta;
            size_t n = strnlen(a->dlg.field, sizeof mm.name - 1);
            memcpy(mm.name, a->dlg.field, n);
            mm.name[n] = '\0';
            Err e = {{0}};
            if (edit_set_meta(a->ed, &mm, &e) != 0) edapp_status(a, "%s", e.msg);
        }
        break;
    case DLG_SEED:
        if (b == 0) {
            char *end;
            unsigned long long v = strtoull(a->dlg.field, &end, 10);
            if (end == a->dlg.field || *end || v > 4294967295ULL)
                edapp_status(a, "seed '%s': expected a whole number from 0 to 4294967295",
                             a->dlg.field);
            else
                a->gen.seed = (uint32_t)v;
        }
        break;
    case DLG_MESSAGE:
    case DLG_NONE:
        break;
    }
}

void edapp_rename(EdApp *a)
{
    static const char *const b[] = {"OK", "Cancel"};
    dialog_open(&a->dlg, DLG_RENAME, "Map name", "The name the game shows for this map.", b, 2, 0,
                1);
    dialog_set_field(&a->dlg, edit_map(a->ed)->meta.name, NULL, NULL);
}

void edapp_ask_seed(EdApp *a)
{
    static const char *const b[] = {"OK", "Cancel"};
    dialog_open(&a->dlg, DLG_SEED, "Generator seed", "A whole number from 0 to 4294967295.", b, 2,
                0, 1);
    char s[16];
    snprintf(s, sizeof s, "%u", (unsigned)a->gen.seed);
    dialog_set_field(&a->dlg, s, NULL, NULL);
}

/* ---------------------------------------------------------------- actions */

static void end_pointer_ops(EdApp *a)
{
    a->painting = false;
    a->lining = false;
}

void edapp_undo(EdApp *a)
{
    end_pointer_ops(a);
    Err e = {{0}};
    int rc = edit_undo(a->ed, &e);
    if (rc < 0)
        edapp_status(a, "%s", e.msg);
    else
        edapp_status(a, rc ? "Undone (%d more)" : "Nothing to undo", edit_undo_count(a->ed));
    a->has_last = false;
}

void edapp_redo(EdApp *a)
{
    end_pointer_ops(a);
    Err e = {{0}};
    int rc = edit_redo(a->ed, &e);
    if (rc < 0)
        edapp_status(a, "%s", e.msg);
    else
        edapp_status(a, rc ? "Redone (%d more)" : "Nothing to redo", edit_redo_count(a->ed));
    a->has_last = false;
}

void edapp_validate(EdApp *a)
{
    revalidate(a);
    if (!a->report_ok) return;
    a->show_report = true;
    a->pick = -1;
    if (a->report.count == 0)
        edapp_status(a, "Validation: no problems found");
    else
        edapp_status(a, "Validation: %d error%s, %d warning%s", a->report.errors,
                     a->report.errors == 1 ? "" : "s", a->report.warnings,
                     a->report.warnings == 1 ? "" : "s");
}

void edapp_pick(EdApp *a, int i)
{
    if (i < 0 || i >= a->report.count) return;
    const ValidateFinding *f = &a->report.items[i];
    a->pick = i;
    a->pick_time = 0.0;
    if (f->x < 0) {
        cam_fit(&a->cam);
        return;
    }
    /* Close enough that the hex reads clearly, never zooming out. */
    double want = 36.0 * a->px_ratio / edit_map(a->ed)->meta.hex_size;
    if (want > a->cam.zoom) a->cam.zoom = want;
    a->cam.cx = f->x;
    a->cam.cy = f->y;
    cam_clamp(&a->cam);
}

void edapp_generate(EdApp *a)
{
    end_pointer_ops(a);
    Err e = {{0}};
    if (edit_generate(a->ed, &a->gen, &e) != 0) {
        edapp_status(a, "%s", e.msg);
        return;
    }
    edapp_status(a, "Generated seed %u, %dx%d (Ctrl+Z undoes)", (unsigned)a->gen.seed, a->gen.w,
                 a->gen.h);
}

void edapp_set_overlay(EdApp *a, unsigned bit, bool on)
{
    bool was = (a->overlays & bit) != 0;
    if (was == on) return;
    a->overlays = on ? a->overlays | bit : a->overlays & ~bit;
    if (bit == OVL_HEAT) {
        a->view.mode = on ? MAPVIEW_HEAT : MAPVIEW_CHART;
        const Map *m = edit_map(a->ed);
        Err e = {{0}};
        if (mapview_update(&a->view, m, &a->shore, (EditRect){0, 0, m->w, m->h}, a->pool, &e) != 0)
            edapp_status(a, "%s", e.msg);
    }
    if (bit == OVL_SEA) {
        if (on && !a->sea_ok) {
            edapp_status(a, "live sea unavailable: the fish sprites did not load");
            a->overlays &= ~OVL_SEA;
            return;
        }
        if (on && !a->field_stale) restart_sea(a);
        if (!on) seaprev_stop(&a->sea);
    }
}

void edapp_set_mirror(EdApp *a, bool on)
{
    edit_set_mirror(a->ed, on);
    edapp_status(a, on ? "Mirror on: every edit is repeated turned 180\xC2\xB0 about the centre"
                       : "Mirror off");
}

void edapp_set_brush(EdApp *a, int size)
{
    a->brush = size < EDIT_BRUSH_MIN   ? EDIT_BRUSH_MIN
               : size > EDIT_BRUSH_MAX ? EDIT_BRUSH_MAX
                                       : size;
}

/* The meta the panel's sliders hold, committed when no slider is held. */
void edapp_commit_meta(EdApp *a)
{
    if (a->ui.down) return;
    const MapMeta *mm = &edit_map(a->ed)->meta;
    Err e = {{0}};
    if (a->wind_dir != mm->wind_dir || a->wind_strength != mm->wind_strength) {
        if (edit_set_wind(a->ed, a->wind_dir, a->wind_strength, &e) != 0) {
            edapp_status(a, "%s", e.msg);
            a->wind_dir = mm->wind_dir;
            a->wind_strength = mm->wind_strength;
        }
    }
    if (a->hex_size != mm->hex_size) {
        if (edit_set_hex_size(a->ed, a->hex_size, &e) != 0) {
            edapp_status(a, "%s", e.msg);
            a->hex_size = mm->hex_size;
        } else {
            a->chart_stale = true;
        }
    }
}

/* ------------------------------------------------------------- pointer */

static void world_at(const EdApp *a, float sx, float sy, float *wx, float *wy)
{
    double x, y;
    cam_screen_to_world(&a->cam, sx, sy, &x, &y);
    *wx = (float)x;
    *wy = (float)y;
}

int edapp_status_bar_h(const EdApp *a)
{
    return text_line_height(a->text) + (int)(10 * a->px_ratio);
}

static void press(EdApp *a)
{
    float wx, wy;
    world_at(a, a->mx, a->my, &wx, &wy);
    Err e = {{0}};
    const Map *m = edit_map(a->ed);
    switch (a->tool) {
    case TOOL_BRUSH:
        if (a->mod & KMOD_CTRL) {
            if (edit_fill(a->ed, wx, wy, a->value, &e) != 0) edapp_status(a, "%s", e.msg);
        } else if (a->mod & KMOD_SHIFT) {
            a->lining = true;
            a->anchor_x = a->has_last ? a->last_x : wx;
            a->anchor_y = a->has_last ? a->last_y : wy;
        } else if (edit_stroke_begin(a->ed, wx, wy, a->value, a->brush, &e) == 0) {
            a->painting = true;
        } else {
            edapp_status(a, "%s", e.msg);
        }
        break;
    case TOOL_FILL:
        if (edit_fill(a->ed, wx, wy, a->value, &e) != 0) edapp_status(a, "%s", e.msg);
        break;
    case TOOL_SPAWN1:
    case TOOL_SPAWN2: {
        int fleet = a->tool == TOOL_SPAWN1 ? 0 : 1;
        Hex h = hex_from_pixel(wx, wy, (float)m->meta.hex_size);
        int before = m->meta.spawn_count[fleet];
        if (edit_toggle_spawn(a->ed, fleet, h, &e) != 0) {
            edapp_status(a, "%s", e.msg);
        } else {
            int after = edit_map(a->ed)->meta.spawn_count[fleet];
            edapp_status(a, "Fleet %d spawn %s hex %d,%d (%d in all)", fleet + 1,
                         after > before ? "placed on" : "removed from", h.q, h.r, after);
        }
        break;
    }
    default:
        break;
    }
}

static void release(EdApp *a)
{
    float wx, wy;
    world_at(a, a->mx, a->my, &wx, &wy);
    Err e = {{0}};
    if (a->painting) {
        a->painting = false;
        if (edit_stroke_to(a->ed, wx, wy, &e) != 0 || edit_stroke_end(a->ed, &e) != 0)
            edapp_status(a, "%s", e.msg);
        a->has_last = true;
        a->last_x = wx;
        a->last_y = wy;
    }
    if (a->lining) {
        a->lining = false;
        if (edit_line(a->ed, a->anchor_x, a->anchor_y, wx, wy, a->value, a->brush, &e) != 0)
            edapp_status(a, "%s", e.msg);
        a->has_last = true;
        a->last_x = wx;
        a->last_y = wy;
    }
}

static bool over_status_bar(const EdApp *a, float y)
{
    return y >= (float)(a->view_h - edapp_status_bar_h(a));
}

static void mouse_event(EdApp *a, const SDL_Event *ev)
{
    float k = a->px_ratio;
    switch (ev->type) {
    case SDL_MOUSEMOTION:
        a->mx = (float)ev->motion.x * k;
        a->my = (float)ev->motion.y * k;
        a->mouse_in = true;
        if (a->panning) cam_pan(&a->cam, ev->motion.xrel * k, ev->motion.yrel * k);
        if (a->painting) {
            float wx, wy;
            world_at(a, a->mx, a->my, &wx, &wy);
            Err e = {{0}};
            if (edit_stroke_to(a->ed, wx, wy, &e) != 0) edapp_status(a, "%s", e.msg);
        }
        break;
    case SDL_MOUSEBUTTONDOWN:
        a->mx = (float)ev->button.x * k;
        a->my = (float)ev->button.y * k;
        if (ev->button.button == SDL_BUTTON_LEFT) {
            /* Space + left drag pans, as in most paint programs. */
            if (a->keys[SDL_SCANCODE_SPACE]) {
                a->panning = true;
                a->space_pan = true;
            } else if (!a->panning && !over_status_bar(a, a->my)) {
                press(a);
            }
        } else if (ev->button.button == SDL_BUTTON_MIDDLE ||
                   ev->button.button == SDL_BUTTON_RIGHT) {
            a->panning = true;
        }
        break;
    case SDL_MOUSEBUTTONUP:
        a->mx = (float)ev->button.x * k;
        a->my = (float)ev->button.y * k;
        if (ev->button.button == SDL_BUTTON_LEFT && a->space_pan)
            a->panning = a->space_pan = false;
        else if (ev->button.button == SDL_BUTTON_LEFT)
            release(a);
        else if (ev->button.button == SDL_BUTTON_MIDDLE || ev->button.button == SDL_BUTTON_RIGHT)
            a->panning = false;
        break;
    case SDL_MOUSEWHEEL: {
        /* Ctrl+wheel sizes the brush; the wheel alone zooms (as in the
         * game, not un-flipped for "natural scrolling"). */
        float steps = ev->wheel.preciseY;
        if (a->mod & KMOD_CTRL) {
            int d = steps > 0 ? 1 : steps < 0 ? -1 : 0;
            edapp_set_brush(a, a->brush + d * (a->brush >= 16 ? a->brush / 8 : 1));
        } else {
            cam_zoom_at(&a->cam, pow(WHEEL_STEP, steps), a->mx, a->my);
        }
        break;
    }
    default:
        break;
    }
}

/* ------------------------------------------------------------------ keys */

static int brush_step(int size, int dir)
{
    /* One px at a time while small, about an eighth when large. */
    int d = size >= 16 ? size / 8 : 1;
    return size + dir * d;
}

static void key_down(EdApp *a, const SDL_KeyboardEvent *k)
{
    SDL_Keycode sym = k->keysym.sym;
    bool ctrl = (k->keysym.mod & KMOD_CTRL) != 0, shift = (k->keysym.mod & KMOD_SHIFT) != 0;
    if (ctrl) {
        switch (sym) {
        case SDLK_z:
            if (shift)
                edapp_redo(a);
            else
                edapp_undo(a);
            return;
        case SDLK_y:
            edapp_redo(a);
            return;
        case SDLK_s:
            if (!k->repeat) edapp_save(a, shift);
            return;
        case SDLK_o:
            if (!k->repeat) edapp_open(a);
            return;
        case SDLK_q:
            if (!k->repeat) edapp_request_quit(a);
            return;
        case SDLK_g:
            if (!k->repeat) edapp_generate(a);
            return;
        default:
            return;
        }
    }
    if (k->repeat && sym != SDLK_LEFTBRACKET && sym != SDLK_RIGHTBRACKET) return;
    switch (sym) {
    case SDLK_ESCAPE:
        if (a->help)
            a->help = false;
        else if (a->lining)
            a->lining = false;
        else if (a->show_report)
            a->show_report = false, a->pick = -1;
        break;
    case SDLK_F1:
        a->help = !a->help;
        break;
    case SDLK_LEFTBRACKET:
        edapp_set_brush(a, brush_step(a->brush, -1));
        break;
    case SDLK_RIGHTBRACKET:
        edapp_set_brush(a, brush_step(a->brush, 1));
        break;
    case SDLK_b:
        a->tool = TOOL_BRUSH;
        break;
    case SDLK_f:
        a->tool = TOOL_FILL;
        break;
    case SDLK_1:
        a->tool = TOOL_SPAWN1;
        break;
    case SDLK_2:
        a->tool = TOOL_SPAWN2;
        break;
    case SDLK_x:
        a->value = a->value == EDIT_LAND ? EDIT_WATER : EDIT_LAND;
        break;
    case SDLK_m:
        edapp_set_mirror(a, !edit_mirror(a->ed));
        break;
    case SDLK_h:
        edapp_set_overlay(a, OVL_HEAT, !(a->overlays & OVL_HEAT));
        break;
    case SDLK_g:
        edapp_set_overlay(a, OVL_GRID, !(a->overlays & OVL_GRID));
        break;
    case SDLK_n:
        edapp_set_overlay(a, OVL_SAIL, !(a->overlays & OVL_SAIL));
        break;
    case SDLK_l:
        edapp_set_overlay(a, OVL_SEA, !(a->overlays & OVL_SEA));
        break;
    case SDLK_v:
        edapp_validate(a);
        break;
    case SDLK_TAB:
        a->panels = !a->panels;
        break;
    case SDLK_0:
    case SDLK_KP_0:
    case SDLK_HOME:
        cam_fit(&a->cam);
        break;
    default:
        break;
    }
}

void edapp_event(EdApp *a, const SDL_Event *ev)
{
    if (ev->type == SDL_QUIT) {
        if (!a->dlg.open) edapp_request_quit(a);
        return;
    }
    if (ev->type == SDL_WINDOWEVENT) {
        if (ev->window.event == SDL_WINDOWEVENT_SIZE_CHANGED) sync_view(a);
        if (ev->window.event == SDL_WINDOWEVENT_LEAVE) a->mouse_in = false;
        if (ev->window.event == SDL_WINDOWEVENT_FOCUS_LOST) {
            /* Keys released elsewhere never come back as key-ups. */
            memset(a->keys, 0, sizeof a->keys);
            a->mod = KMOD_NONE;
        }
        return;
    }
    if (ev->type == SDL_KEYDOWN || ev->type == SDL_KEYUP) {
        /* Modifiers from the events themselves, so scripted input (which
         * SDL's own keyboard state never sees) behaves like real keys. */
        a->mod = ev->key.keysym.mod;
        SDL_Scancode sc = ev->key.keysym.scancode;
        if (sc > SDL_SCANCODE_UNKNOWN && sc < SDL_NUM_SCANCODES)
            a->keys[sc] = ev->type == SDL_KEYDOWN;
    }
    /* A screenshot may show a dialog too. */
    if (ev->type == SDL_KEYDOWN && ev->key.keysym.sym == SDLK_F12 && !ev->key.repeat) {
        a->want_shot = true;
        return;
    }
    if (dialog_event(&a->dlg, ev)) {
        int kind, b = dialog_take(&a->dlg, &kind);
        if (b >= 0) answer(a, kind, b);
        return;
    }
    if (ev->type == SDL_KEYDOWN) {
        key_down(a, &ev->key);
        return;
    }
    if (ev->type == SDL_MOUSEMOTION) {
        a->mx = (float)ev->motion.x * a->px_ratio;
        a->my = (float)ev->motion.y * a->px_ratio;
    }
    if (a->panels && ui_event(&a->ui, ev)) return;
    mouse_event(a, ev);
}

/* Held keys pan and zoom for dt seconds (not with Ctrl: Ctrl+S saves). */
static void held_keys(EdApp *a, double dt)
{
    if (a->dlg.open || (a->mod & (KMOD_CTRL | KMOD_ALT | KMOD_GUI))) return;
    const bool *k = a->keys;
    Camera *c = &a->cam;
    double speed = KEY_PAN_VIEWS * (c->view_w > c->view_h ? c->view_w : c->view_h) * dt;
    if (a->mod & KMOD_SHIFT) speed *= 2.5;
    double dx = 0, dy = 0;
    if (k[SDL_SCANCODE_A] || k[SDL_SCANCODE_LEFT]) dx += speed;
    if (k[SDL_SCANCODE_D] || k[SDL_SCANCODE_RIGHT]) dx -= speed;
    if (k[SDL_SCANCODE_W] || k[SDL_SCANCODE_UP]) dy += speed;
    if (k[SDL_SCANCODE_S] || k[SDL_SCANCODE_DOWN]) dy -= speed;
    if (dx != 0 || dy != 0) cam_pan(c, dx, dy);
    double z = 0;
    if (k[SDL_SCANCODE_EQUALS] || k[SDL_SCANCODE_KP_PLUS]) z += 1;
    if (k[SDL_SCANCODE_MINUS] || k[SDL_SCANCODE_KP_MINUS]) z -= 1;
    if (z != 0) cam_zoom_at(c, pow(2.0, z * KEY_ZOOM_RATE * dt), c->view_w / 2.0, c->view_h / 2.0);
}

bool edapp_animating(const EdApp *a)
{
    static const SDL_Scancode held[] = {
        SDL_SCANCODE_A,      SDL_SCANCODE_D,     SDL_SCANCODE_W,       SDL_SCANCODE_S,
        SDL_SCANCODE_LEFT,   SDL_SCANCODE_RIGHT, SDL_SCANCODE_UP,      SDL_SCANCODE_DOWN,
        SDL_SCANCODE_EQUALS, SDL_SCANCODE_MINUS, SDL_SCANCODE_KP_PLUS, SDL_SCANCODE_KP_MINUS};
    if (a->sea.sea || a->status_left > 0 || (a->pick >= 0 && a->pick_time < 3.0)) return true;
    for (size_t i = 0; i < sizeof held / sizeof held[0]; i++)
        if (a->keys[held[i]]) return true;
    return false;
}

/* ----------------------------------------------------------------- frame */

void edapp_frame(EdApp *a, double dt)
{
    a->clock += dt;
    draw_counts_reset();
    /* A dialog took the mouse mid-stroke: its button-up never comes. */
    if (a->dlg.open && (a->painting || a->lining)) {
        Err e = {{0}};
        if (a->painting && edit_stroke_end(a->ed, &e) != 0) edapp_status(a, "%s", e.msg);
        end_pointer_ops(a);
    }
    sync_view(a);
    held_keys(a, dt < 0.1 ? dt : 0.1);
    sync_model(a);
    autosave(a);
    if ((a->overlays & OVL_SAIL) && (a->chart_stale || !a->chart_ok)) edapp_ensure_chart(a);
    seaprev_update(&a->sea, dt, &a->cam);
    if (a->pick >= 0) a->pick_time += dt;
    if (a->status_left > 0) a->status_left -= dt;
    SDL_SetRenderDrawColor(a->r, 6, 18, 34, 255);
    SDL_RenderClear(a->r);
    mapview_draw(&a->view, &a->cam);
    edoverlay_draw(a);
    edpanels_draw(a);
    if (a->want_shot) {
        a->want_shot = false;
        char name[64];
        time_t t = time(NULL);
        struct tm tm;
        localtime_r(&t, &tm);
        strftime(name, sizeof name, "shoal-editor-%Y%m%d-%H%M%S.png", &tm);
        Err e = {{0}};
        if (shot_save_png(a->r, name, &e) == 0)
            edapp_status(a, "Saved %s", name);
        else
            edapp_status(a, "%s", e.msg);
    }
    update_title(a);
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

static const char *const tool_names[TOOL_COUNT] = {"brush", "fill", "spawn1", "spawn2"};

void edapp_describe(const EdApp *a, char *out, size_t cap)
{
    const Map *m = edit_map(a->ed);
    snprintf(out, cap,
             "title=\"%s\" dirty=%d undo=%d redo=%d tool=%s brush=%d value=%s mirror=%d "
             "overlays=%s%s%s%s zoom=%.3f map=%dx%d hex=%d wind=%s/%d spawns=%d,%d "
             "findings=%d errors=%d dialog=%s bake_ms=%.1f update_ms=%.2f status=\"%s\"",
             a->title, edapp_dirty(a) ? 1 : 0, edit_undo_count(a->ed), edit_redo_count(a->ed),
             tool_names[a->tool], a->brush, a->value == EDIT_LAND ? "land" : "water",
             edit_mirror(a->ed) ? 1 : 0, a->overlays & OVL_HEAT ? "h" : "",
             a->overlays & OVL_GRID ? "g" : "", a->overlays & OVL_SAIL ? "n" : "",
             a->overlays & OVL_SEA ? "l" : "", a->cam.zoom, m->w, m->h, m->meta.hex_size,
             hex_dir_names[m->meta.wind_dir], m->meta.wind_strength, m->meta.spawn_count[0],
             m->meta.spawn_count[1], a->report_ok ? a->report.count : -1,
             a->report_ok ? a->report.errors : -1, a->dlg.open ? a->dlg.title : "none", a->bake_ms,
             a->update_ms, a->status_left > 0 ? a->status : "");
}

/* ------------------------------------------------------------ lifecycle */

int edapp_init(EdApp *a, const EdOptions *o, Map *m, const char *path, SDL_Window *win,
               SDL_Renderer *r, Err *e)
{
    memset(a, 0, sizeof *a);
    a->o = o;
    a->win = win;
    a->r = r;
    a->px_ratio = 1.0f;
    a->pick = -1;
    a->tool = TOOL_BRUSH;
    a->value = EDIT_LAND;
    a->brush = 8;
    a->panels = true;
    a->overlays = o->overlays;
    dialog_init(&a->dlg);
    mapgen_defaults(&a->gen);
    char font[PATHS_MAX];
    if (paths_data_file(FONT_FILE, font, sizeof font) != 0)
        return err_set(e, "%s: data directory path too long", FONT_FILE);
    if (text_init(&a->text, r, font, FONT_PT, e) != 0) return -1;
    ui_init(&a->ui, r, a->text);
    if (SDL_GetRendererOutputSize(r, &a->view_w, &a->view_h) != 0)
        return err_set(e, "renderer: %s", SDL_GetError());
    cam_init(&a->cam, m->w, m->h, a->view_w, a->view_h);
    sync_view(a);
    if (jobs_init(&a->pool, jobs_pick_threads(0), e) != 0) return -1;
    Err se = {{0}};
    a->sea_ok = seaprev_init(&a->sea, r, &se) == 0;
    if (!a->sea_ok) {
        a->overlays &= ~OVL_SEA;
        fprintf(stderr, "shoal-editor: live sea unavailable: %s\n", se.msg);
    }
    if (load_session(a, m, path ? path : "", true, e) != 0) return -1;
    a->autosave_at = o->autosave_s;
    return 0;
}

void edapp_deinit(EdApp *a)
{
    seaprev_deinit(&a->sea);
    edoverlay_free();
    if (a->chart_ok) chart_deinit(&a->chart);
    mapview_deinit(&a->view);
    shore_free(&a->shore);
    if (a->ed) edit_deinit(a->ed);
    if (a->pool) jobs_deinit(a->pool);
    if (a->text) text_deinit(a->text);
    a->ed = NULL;
    a->pool = NULL;
    a->text = NULL;
}
