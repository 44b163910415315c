/* edapp_sync: the model and its picture kept in step — the distance
 * field, map picture, chart, live sea and report re-made after edits, the
 * view's size and the window's title. */
#include "edapp_internal.h"

#include <assert.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "core/testev.h"

#define STATUS_SECONDS 5.0
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
    testev_say("note %s", a->status);
}

bool edapp_dirty(const EdApp *a)
{
    return a->ed && (edit_dirty(a->ed) || a->files.restored);
}

void edapp_update_title(EdApp *a)
{
    char t[sizeof a->title];
    const Map *m = edit_map(a->ed);
    snprintf(t, sizeof t, "%s%s \xE2\x80\x94 %s \xE2\x80\x94 shoal-editor",
             edapp_dirty(a) ? "*" : "",
             a->files.path[0] ? paths_base_name(a->files.path) : "untitled", m->meta.name);
    if (strcmp(t, a->title) != 0) {
        memcpy(a->title, t, sizeof t);
        if (a->win) SDL_SetWindowTitle(a->win, a->title);
    }
}

void edapp_sync_view(EdApp *a)
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
        if (text_set_size(a->text, (int)(EDAPP_FONT_PT * ratio + 0.5f), &e) != 0)
            fprintf(stderr, "shoal-editor: %s\n", e.msg);
        a->px_ratio = ratio;
    }
    if (ow != a->view.w || oh != a->view.h) {
        a->view.w = ow;
        a->view.h = oh;
        cam_set_view(&a->view.cam, ow, oh);
    }
}

void edapp_map_to_screen(const EdApp *a, double x, double y, double *sx, double *sy)
{
    cam_world_to_screen(&a->view.cam, x, y, sx, sy);
}

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
    assert(a->w == b->w && a->h == b->h);
    int w = a->w, h = a->h, x0 = w, y0 = h, x1 = -1, y1 = -1;
    for (int y = 0; y < h; y++) {
        /* Equal codes, equal distances: no need to decode. */
        const uint16_t *p = a->dist + (size_t)y * (size_t)w, *q = b->dist + (size_t)y * (size_t)w;
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

void edapp_restart_sea(EdApp *a)
{
    seaprev_stop(&a->view.sea);
    if (!(a->overlays & OVL_SEA) || !a->view.sea_ok) return;
    Err e = {{0}};
    if (seaprev_start(&a->view.sea, &a->view.shore, a->pool, &e) != 0) edapp_status(a, "%s", e.msg);
}

void edapp_revalidate(EdApp *a)
{
    Err e = {{0}};
    if (validate_map(edit_map(a->ed), &a->report.r, &e) != 0) {
        edapp_status(a, "%s", e.msg);
        a->report.ok = false;
        return;
    }
    a->report.ok = true;
    a->report.rev = edit_revision(a->ed);
    if (a->report.pick >= a->report.r.count) a->report.pick = -1;
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
    EditRect box = a->view.shore.dist && a->view.shore.w == m->w && a->view.shore.h == m->h
                       ? field_diff(&a->view.shore, &nf)
                       : (EditRect){0, 0, m->w, m->h};
    seaprev_stop(&a->view.sea); /* it reads the old field */
    shore_free(&a->view.shore);
    a->view.shore = nf;
    a->view.field_stale = false;
    if (box.w > 0 &&
        mapview_update(&a->view.map, m, &a->view.shore, grow(box, RIM, m), a->pool, &e) != 0)
        edapp_status(a, "%s", e.msg);
    a->view.chart_stale = true;
    edapp_restart_sea(a);
    if (a->report.show) edapp_revalidate(a);
    a->view.bake_ms = ms_since(t0);
}

int edapp_rebuild(EdApp *a, Err *e)
{
    const Map *m = edit_map(a->ed);
    seaprev_stop(&a->view.sea);
    mapview_deinit(&a->view.map);
    if (mapview_init(&a->view.map, a->r, m->w, m->h, e) != 0) return -1;
    SeaParams sp;
    sea_params_default(&sp);
    a->view.map.margin = sp.shore_margin;
    a->view.map.mode = a->overlays & OVL_HEAT ? MAPVIEW_HEAT : MAPVIEW_CHART;
    shore_free(&a->view.shore);
    if (shore_bake(&a->view.shore, m->land, m->w, m->h, e) != 0) return -1;
    a->view.field_stale = false;
    if (mapview_update(&a->view.map, m, &a->view.shore, (EditRect){0, 0, m->w, m->h}, a->pool, e) !=
        0)
        return -1;
    if (a->view.cam.world_w != m->w || a->view.cam.world_h != m->h)
        cam_init(&a->view.cam, m->w, m->h, a->view.w, a->view.h);
    a->view.chart_stale = true;
    a->ptr.has_last = false;
    edapp_restart_sea(a);
    if (a->report.show) edapp_revalidate(a);
    return 0;
}

void edapp_sync_meta(EdApp *a, bool force)
{
    const MapMeta *mm = &edit_map(a->ed)->meta;
    if (a->panels.hex_size != mm->hex_size) a->view.chart_stale = true;
    /* Not under a slider being dragged: it commits on release. */
    if (force || !a->ui.down) {
        a->panels.wind_dir = mm->wind_dir;
        a->panels.wind_strength = mm->wind_strength;
        a->panels.hex_size = mm->hex_size;
    }
}

void edapp_sync_model(EdApp *a)
{
    EditChanges ch;
    if (edit_take_changes(a->ed, &ch)) {
        Err e = {{0}};
        if (ch.resized) {
            if (edapp_rebuild(a, &e) != 0) edapp_status(a, "%s", e.msg);
        } else if (ch.pixels.w > 0) {
            /* During a stroke: only the painted area, with the old field. */
            uint64_t t0 = SDL_GetPerformanceCounter();
            const Map *m = edit_map(a->ed);
            if (mapview_update(&a->view.map, m, &a->view.shore, grow(ch.pixels, RIM, m), a->pool,
                               &e) != 0)
                edapp_status(a, "%s", e.msg);
            a->view.update_ms = ms_since(t0);
            a->view.field_stale = true;
        }
        if (ch.meta || ch.resized) {
            edapp_sync_meta(a, false);
            if (a->report.show) edapp_revalidate(a);
        }
    }
    if (a->view.field_stale && !edit_stroke_open(a->ed)) rebake(a);
}

void edapp_ensure_chart(EdApp *a)
{
    if (!a->view.chart_stale && a->view.chart_ok) return;
    if (a->view.chart_ok) chart_deinit(&a->view.chart);
    a->view.chart_ok = false;
    const Map *m = edit_map(a->ed);
    Err e = {{0}};
    if (chart_init(&a->view.chart, m, (float)m->meta.hex_size, &e) != 0) {
        edapp_status(a, "%s", e.msg);
        a->view.chart_stale = false;
        return;
    }
    a->view.chart_ok = true;
    a->view.chart_stale = false;
}

int edapp_status_bar_h(const EdApp *a)
{
    return edpanels_status_bar_h(a->text, a->px_ratio);
}
