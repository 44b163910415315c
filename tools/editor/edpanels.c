/* edpanels: immediate-mode panels (ui/widgets.h) bound to the session, the
 * clickable validation list, the status bar and the help overlay. */
#include "edpanels.h"

#include <stdio.h>
#include <string.h>

#include "core/hex.h"
#include "ui/draw.h"

/* Widget padding of ui/widgets.c, for the rows drawn here by hand. */
#define PAD 10.0f
#define GAP 7.0f

static const SDL_Color ink = {236, 244, 248, 255};
static const SDL_Color dim = {160, 190, 205, 255};
static const SDL_Color gold = {245, 214, 140, 255};
static const SDL_Color red = {255, 110, 100, 255};
static const SDL_Color amber = {255, 200, 90, 255};

static void fill(SDL_Renderer *r, float x, float y, float w, float h, SDL_Color c)
{
    SDL_SetRenderDrawBlendMode(r, SDL_BLENDMODE_BLEND);
    SDL_SetRenderDrawColor(r, c.r, c.g, c.b, c.a);
    SDL_Rect rc = {(int)x, (int)y, (int)w, (int)h};
    draw_fill_rect(r, &rc);
}

/* One radio row: a toggle that is on for the current choice. */
static bool radio(Ui *ui, const char *label, bool on)
{
    int v = on;
    return ui_toggle(ui, label, &v) && !on;
}

static void tools_panel(EdApp *a)
{
    Ui *ui = &a->ui;
    float s = a->px_ratio;
    a->p_tools.x = 10 * s;
    a->p_tools.y = 10 * s;
    a->p_tools.w = 232 * s;
    a->p_tools.title = "Tools";
    ui_panel_begin(ui, &a->p_tools);
    static const char *const names[TOOL_COUNT] = {"Brush  (B)", "Fill  (F, or Ctrl+click)",
                                                  "Fleet 1 spawns  (1)", "Fleet 2 spawns  (2)"};
    for (int t = 0; t < TOOL_COUNT; t++)
        if (radio(ui, names[t], a->tool == (EdTool)t)) a->tool = (EdTool)t;
    ui_label(ui, "Paint  (X swaps)");
    if (radio(ui, "Land", a->value == EDIT_LAND)) a->value = EDIT_LAND;
    if (radio(ui, "Water", a->value == EDIT_WATER)) a->value = EDIT_WATER;
    int b = a->brush;
    if (ui_slider_int(ui, "Brush size  [ ]", &b, EDIT_BRUSH_MIN, EDIT_BRUSH_MAX, UI_LOG))
        edapp_set_brush(a, b);
    int mirror = edit_mirror(a->ed);
    if (ui_toggle(ui, "Mirror painting  (M)", &mirror)) edapp_set_mirror(a, mirror != 0);
    ui_label(ui, "Overlays");
    static const struct {
        const char *label;
        unsigned bit;
    } ovl[] = {{"Shore distance  (H)", OVL_HEAT},
               {"Hex grid  (G)", OVL_GRID},
               {"Sailable hexes  (N)", OVL_SAIL},
               {"Live sea  (L)", OVL_SEA}};
    for (size_t i = 0; i < sizeof ovl / sizeof ovl[0]; i++) {
        int v = (a->overlays & ovl[i].bit) != 0;
        if (ui_toggle(ui, ovl[i].label, &v)) edapp_set_overlay(a, ovl[i].bit, v != 0);
    }
    if (ui_button(ui, "Undo  (Ctrl+Z)")) edapp_undo(a);
    if (ui_button(ui, "Redo  (Ctrl+Y)")) edapp_redo(a);
    if (ui_button(ui, "Validate  (V)")) edapp_validate(a);
    if (ui_button(ui, "Save  (Ctrl+S)")) edapp_save(a, false);
    if (ui_button(ui, "Save as\xE2\x80\xA6  (Ctrl+Shift+S)")) edapp_save(a, true);
    if (ui_button(ui, "Open\xE2\x80\xA6  (Ctrl+O)")) edapp_open(a);
    ui_panel_end(ui);
}

static void map_panel(EdApp *a)
{
    Ui *ui = &a->ui;
    float s = a->px_ratio;
    const Map *m = edit_map(a->ed);
    a->p_map.w = 262 * s;
    a->p_map.x = (float)a->view_w - a->p_map.w - 10 * s;
    a->p_map.y = 10 * s;
    a->p_map.title = "Map settings";
    ui_panel_begin(ui, &a->p_map);
    char line[160];
    snprintf(line, sizeof line, "%s  \xC2\xB7  %d\xC3\x97%d px", m->meta.name, m->w, m->h);
    ui_label(ui, line);
    if (ui_button(ui, "Rename\xE2\x80\xA6")) edapp_rename(a);
    snprintf(line, sizeof line, "Wind from %s, strength %d of %d", hex_dir_names[a->wind_dir],
             a->wind_strength, MAP_WIND_MAX);
    ui_label(ui, line);
    ui_slider_int(ui, "Wind direction (0 = E, CCW)", &a->wind_dir, 0, HEX_DIRS - 1, UI_LINEAR);
    ui_slider_int(ui, "Wind strength", &a->wind_strength, 0, MAP_WIND_MAX, UI_LINEAR);
    ui_slider_int(ui, "Hex size (px)", &a->hex_size, MAP_HEX_SIZE_MIN, MAP_HEX_SIZE_MAX, UI_LINEAR);
    snprintf(line, sizeof line, "Spawns: fleet 1 %d, fleet 2 %d", m->meta.spawn_count[0],
             m->meta.spawn_count[1]);
    ui_label(ui, line);
    int g = a->gen_open;
    if (ui_toggle(ui, "Generator panel", &g)) a->gen_open = g != 0;
    ui_panel_end(ui);
    edapp_commit_meta(a);
}

static void gen_panel(EdApp *a)
{
    Ui *ui = &a->ui;
    float s = a->px_ratio;
    a->p_gen.w = a->p_map.w;
    a->p_gen.x = a->p_map.x;
    a->p_gen.y = a->p_map.y + a->p_map.h + 10 * s;
    a->p_gen.title = "Generate";
    ui_panel_begin(ui, &a->p_gen);
    char line[64];
    snprintf(line, sizeof line, "Seed %u", (unsigned)a->gen.seed);
    ui_label(ui, line);
    if (ui_button(ui, "New random seed")) {
        uint64_t t = SDL_GetPerformanceCounter();
        uint32_t h = (uint32_t)(t ^ (t >> 29)) * 2654435761u;
        a->gen.seed = h ^ (h >> 15);
    }
    if (ui_button(ui, "Type a seed\xE2\x80\xA6")) edapp_ask_seed(a);
    ui_slider_int(ui, "Width", &a->gen.w, 64, 8192, UI_LOG);
    ui_slider_int(ui, "Height", &a->gen.h, 64, 8192, UI_LOG);
    ui_slider_float(ui, "Land fraction", &a->gen.land, 0.0f, 0.9f, 2, "");
    ui_slider_float(ui, "Roughness", &a->gen.roughness, 0.0f, 1.0f, 2, "");
    ui_slider_int(ui, "Islands", &a->gen.islands, 0, 64, UI_LINEAR);
    int mir = a->gen.mirror;
    if (ui_toggle(ui, "Mirror symmetry", &mir)) a->gen.mirror = mir != 0;
    if (ui_button(ui, "Generate  (Ctrl+G, undoable)")) edapp_generate(a);
    ui_panel_end(ui);
}

/* s cut with an ellipsis to fit w px. */
static void fit_text(Text *t, const char *s, float w, char *out, size_t cap)
{
    snprintf(out, cap, "%s", s);
    int tw, th;
    text_measure(t, out, &tw, &th);
    if ((float)tw <= w) return;
    size_t n = strlen(out);
    while (n > 0) {
        n--;
        while (n > 0 && ((unsigned char)out[n] & 0xC0) == 0x80) n--;
        snprintf(out + n, cap - n, "\xE2\x80\xA6");
        text_measure(t, out, &tw, &th);
        if ((float)tw <= w) return;
    }
}

static void report_panel(EdApp *a)
{
    Ui *ui = &a->ui;
    float s = a->px_ratio;
    float w = (float)a->view_w - 2 * (a->p_tools.x + a->p_tools.w + 10 * s);
    if (w > 720 * s) w = 720 * s;
    if (w < 300 * s) w = (float)a->view_w - 20 * s;
    a->p_report.w = w;
    a->p_report.x = ((float)a->view_w - w) / 2;
    float bottom = (float)(a->view_h - edapp_status_bar_h(a)) - 10 * s;
    a->p_report.y = bottom - (a->p_report.h > 0 ? a->p_report.h : 120 * s);
    char title[96];
    const ValidateReport *r = &a->report;
    bool stale = a->report_rev != edit_revision(a->ed);
    if (!a->report_ok)
        snprintf(title, sizeof title, "Validation");
    else
        snprintf(title, sizeof title, "Validation: %d error%s, %d warning%s%s", r->errors,
                 r->errors == 1 ? "" : "s", r->warnings, r->warnings == 1 ? "" : "s",
                 stale ? "  (changed since; V re-checks)" : "");
    a->p_report.title = title;
    ui_panel_begin(ui, &a->p_report);
    if (a->report_ok && r->count == 0) ui_label(ui, "No problems found: both fleets can meet.");
    int lh = text_line_height(a->text);
    float row_w = w - 2 * PAD * s;
    for (int i = 0; a->report_ok && i < r->count; i++) {
        const ValidateFinding *f = &r->items[i];
        SDL_FRect rc = {ui->cx, ui->cy, row_w, (float)lh + 4 * s};
        ui->cy += rc.h + 2 * s;
        uint32_t id = 0x7e570000u + (uint32_t)i;
        bool hover =
            ui->mx >= rc.x && ui->mx < rc.x + rc.w && ui->my >= rc.y && ui->my < rc.y + rc.h;
        bool press_in = ui->press_x >= rc.x && ui->press_x < rc.x + rc.w && ui->press_y >= rc.y &&
                        ui->press_y < rc.y + rc.h;
        if (ui->pressed && ui->active == 0 && press_in) ui->active = id;
        if (ui->active == id && ui->released && hover) edapp_pick(a, i);
        SDL_Color bg = a->pick == i ? (SDL_Color){50, 100, 130, 230}
                       : hover      ? (SDL_Color){30, 70, 96, 220}
                                    : (SDL_Color){0, 0, 0, 0};
        if (bg.a) fill(a->r, rc.x, rc.y, rc.w, rc.h, bg);
        bool err = f->severity == VALIDATE_ERROR;
        const char *tag = err ? "error" : "warning";
        int tw =
            text_draw(a->text, tag, (int)(rc.x + 4 * s), (int)(rc.y + 2 * s), err ? red : amber);
        char where[48] = "";
        if (f->x >= 0) snprintf(where, sizeof where, "  (%d, %d)", f->x, f->y);
        char full[256], cut[256];
        snprintf(full, sizeof full, "%s%s", f->msg, where);
        float tx = rc.x + 4 * s + 62 * s;
        (void)tw;
        fit_text(a->text, full, rc.x + rc.w - tx - 4 * s, cut, sizeof cut);
        text_draw(a->text, cut, (int)tx, (int)(rc.y + 2 * s), a->pick == i ? ink : dim);
    }
    if (a->report_ok && r->count > 0) ui_label(ui, "Click a finding to go to it.");
    if (ui_button(ui, "Close  (Esc)")) {
        a->show_report = false;
        a->pick = -1;
    }
    ui_panel_end(ui);
}

static void status_bar(EdApp *a)
{
    float s = a->px_ratio;
    int h = edapp_status_bar_h(a);
    float y = (float)(a->view_h - h);
    fill(a->r, 0, y, (float)a->view_w, (float)h, (SDL_Color){4, 14, 26, 235});
    fill(a->r, 0, y, (float)a->view_w, 1, (SDL_Color){120, 180, 200, 70});
    static const char *const tool[TOOL_COUNT] = {"Brush", "Fill", "Fleet 1 spawn", "Fleet 2 spawn"};
    const Map *m = edit_map(a->ed);
    char where[96] = "";
    if (a->mouse_in) {
        double wx, wy;
        cam_screen_to_world(&a->cam, a->mx, a->my, &wx, &wy);
        if (wx >= 0 && wy >= 0 && wx < m->w && wy < m->h) {
            Hex hx = hex_from_pixel((float)wx, (float)wy, (float)m->meta.hex_size);
            snprintf(where, sizeof where, "  \xC2\xB7  px %d, %d  \xC2\xB7  hex %d, %d", (int)wx,
                     (int)wy, hx.q, hx.r);
        }
    }
    char line[320];
    char what[64];
    if (a->tool == TOOL_BRUSH)
        snprintf(what, sizeof what, "Brush %d px  \xC2\xB7  %s", a->brush,
                 a->value == EDIT_LAND ? "land" : "water");
    else if (a->tool == TOOL_FILL)
        snprintf(what, sizeof what, "Fill  \xC2\xB7  %s", a->value == EDIT_LAND ? "land" : "water");
    else
        snprintf(what, sizeof what, "%s", tool[a->tool]);
    snprintf(line, sizeof line, "%s  \xC2\xB7  mirror %s%s  \xC2\xB7  zoom %.0f%%", what,
             edit_mirror(a->ed) ? "on" : "off", where, a->cam.zoom * 100.0);
    int ty = (int)(y + 5 * s);
    int lw = text_draw(a->text, line, (int)(8 * s), ty, ink);
    const char *mark = edapp_dirty(a) ? "\xE2\x97\x8F unsaved" : "saved";
    int mw, mh;
    text_measure(a->text, mark, &mw, &mh);
    text_draw(a->text, mark, a->view_w - mw - (int)(10 * s), ty, edapp_dirty(a) ? gold : dim);
    if (a->status_left > 0 && a->status[0]) {
        char cut[512];
        float room = (float)(a->view_w - mw) - 40 * s - (float)lw - 8 * s;
        if (room > 60 * s) {
            fit_text(a->text, a->status, room, cut, sizeof cut);
            text_draw(a->text, cut, (int)(8 * s) + lw + (int)(24 * s), ty, gold);
        }
    }
    (void)mh;
}

static void help_overlay(EdApp *a)
{
    static const char *const rows[][2] = {
        {"Left drag", "paint with the brush (land or water)"},
        {"Shift + click / drag", "straight line from the last point / along the drag"},
        {"Ctrl + click, or F then click", "flood fill"},
        {"[  ]  or Ctrl + wheel", "brush size (1 to 64 px)"},
        {"X", "swap land / water"},
        {"B  F  1  2", "brush, fill, fleet 1 / fleet 2 spawn tool (click a hex)"},
        {"M", "mirror painting (180\xC2\xB0 about the centre)"},
        {"Ctrl+Z,  Ctrl+Y or Ctrl+Shift+Z", "undo, redo"},
        {"Mouse wheel,  + / -", "zoom"},
        {"Middle or right drag, Space + drag", "pan"},
        {"W A S D / arrows", "pan (Shift: faster)"},
        {"0 or Home", "show the whole map"},
        {"H  G  N  L", "shore distance, hex grid, sailable hexes, live sea"},
        {"V", "validate (also on save); click a finding to go to it"},
        {"Ctrl+G", "generate with the Generate panel's settings (undoable)"},
        {"Ctrl+S,  Ctrl+Shift+S,  Ctrl+O", "save, save as, open"},
        {"Tab", "hide / show the panels"},
        {"F12", "screenshot (shoal-editor-DATE-TIME.png)"},
        {"F1,  Esc", "this help; Esc closes it"},
        {"Ctrl+Q or close the window", "quit (asks about unsaved changes)"},
    };
    const int n = (int)(sizeof rows / sizeof rows[0]);
    float s = a->px_ratio;
    int lh = text_line_height(a->text), kw = 0, dw = 0, w, h;
    for (int i = 0; i < n; i++) {
        text_measure(a->text, rows[i][0], &w, &h);
        kw = w > kw ? w : kw;
        text_measure(a->text, rows[i][1], &w, &h);
        dw = w > dw ? w : dw;
    }
    float pad = 18 * s, gap = 26 * s;
    float pw = (float)(kw + dw) + gap + 2 * pad, ph = (float)((n + 2) * lh) + 2 * pad;
    float x = ((float)a->view_w - pw) / 2, y = ((float)a->view_h - ph) / 2;
    fill(a->r, x, y, pw, ph, (SDL_Color){6, 20, 36, 235});
    const char *title = "shoal-editor keys";
    text_measure(a->text, title, &w, &h);
    text_draw(a->text, title, (int)(x + (pw - (float)w) / 2), (int)(y + pad), gold);
    for (int i = 0; i < n; i++) {
        int ry = (int)(y + pad) + (i + 2) * lh;
        text_draw(a->text, rows[i][0], (int)(x + pad), ry, dim);
        text_draw(a->text, rows[i][1], (int)(x + pad + (float)kw + gap), ry, ink);
    }
}

void edpanels_draw(EdApp *a)
{
    ui_begin(&a->ui, a->px_ratio);
    if (a->panels) {
        tools_panel(a);
        map_panel(a);
        if (a->gen_open) gen_panel(a);
        if (a->show_report) report_panel(a);
    }
    ui_end(&a->ui);
    status_bar(a);
    if (a->help) help_overlay(a);
    dialog_draw(&a->dlg, a->r, a->text, a->view_w, a->view_h, a->px_ratio);
}
