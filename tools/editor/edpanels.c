/* edpanels: immediate-mode panels (ui/widgets.h) drawn from an EdPanelsFrame,
 * the clickable validation list, the status bar and the help overlay. */
#include "edpanels.h"

#include <assert.h>
#include <stdio.h>
#include <string.h>

#include "core/hex.h"
#include "ui/draw.h"
#include "ui/theme.h"
#include "core/words.h"

static void fill(SDL_Renderer *r, float x, float y, float w, float h, SDL_Color c)
{
    SDL_SetRenderDrawBlendMode(r, SDL_BLENDMODE_BLEND);
    theme_draw_color(r, c);
    SDL_Rect rc = {(int)x, (int)y, (int)w, (int)h};
    draw_fill_rect(r, &rc);
}

/* One radio row: a toggle that is on for the current choice. */
static bool radio(Ui *ui, const char *label, bool on)
{
    int v = on;
    return ui_toggle(ui, label, &v) && !on;
}

void edpanels_init(EdPanels *p)
{
    *p = (EdPanels){0};
    p->shown = true;
    mapgen_defaults(&p->gen);
}

int edpanels_status_bar_h(Text *t, float px_ratio)
{
    return text_line_height(t) + (int)(10 * px_ratio);
}

EdAct edpanels_tools(EdPanels *p, const EdPanelsFrame *f)
{
    Ui *ui = f->ui;
    float s = f->px_ratio;
    EdAct act = {EDACT_NONE, 0};
    p->p_tools.x = 10 * s;
    p->p_tools.y = 10 * s;
    p->p_tools.w = 232 * s;
    p->p_tools.title = "Tools";
    ui_panel_begin(ui, &p->p_tools);
    /* A radio row shows a choice made on a row above it at once. */
    EdTool tool = f->tool;
    for (int t = 0; t < TOOL_COUNT; t++)
        if (radio(ui, edact_label(EDACT_TOOL_BRUSH + t), tool == (EdTool)t)) {
            tool = (EdTool)t;
            act.kind = EDACT_TOOL_BRUSH + t;
        }
    ui_label(ui, edact_label(EDACT_SWAP_VALUE));
    bool land = f->land;
    if (radio(ui, "Land", land)) {
        land = true;
        act.kind = EDACT_SWAP_VALUE;
    }
    if (radio(ui, "Water", !land)) act.kind = EDACT_SWAP_VALUE;
    int b = f->brush;
    if (ui_slider_int(ui, edact_label(EDACT_BRUSH_SMALLER), &b, EDIT_BRUSH_MIN, EDIT_BRUSH_MAX,
                      UI_LOG))
        act = (EdAct){EDACT_SET_BRUSH, b};
    int mirror = f->mirror;
    if (ui_toggle(ui, edact_label(EDACT_MIRROR), &mirror)) act.kind = EDACT_MIRROR;
    ui_label(ui, "Overlays");
    for (int i = 0; i < 4; i++) {
        int v = f->overlay[i];
        if (ui_toggle(ui, edact_label(EDACT_HEAT + i), &v)) act.kind = EDACT_HEAT + i;
    }
    static const EdActKind buttons[] = {EDACT_UNDO, EDACT_REDO,    EDACT_VALIDATE,
                                        EDACT_SAVE, EDACT_SAVE_AS, EDACT_OPEN};
    for (size_t i = 0; i < sizeof buttons / sizeof buttons[0]; i++)
        if (ui_button(ui, edact_label(buttons[i]))) act.kind = buttons[i];
    ui_panel_end(ui);
    return act;
}

EdAct edpanels_map(EdPanels *p, const EdPanelsFrame *f)
{
    Ui *ui = f->ui;
    float s = f->px_ratio;
    const Map *m = f->map;
    EdAct act = {EDACT_NONE, 0};
    p->p_map.w = 262 * s;
    p->p_map.x = (float)f->view_w - p->p_map.w - 10 * s;
    p->p_map.y = 10 * s;
    p->p_map.title = "Map settings";
    ui_panel_begin(ui, &p->p_map);
    char line[160];
    snprintf(line, sizeof line, "%s  \xC2\xB7  %d\xC3\x97%d px", m->meta.name, m->w, m->h);
    ui_label(ui, line);
    if (ui_button(ui, "Rename\xE2\x80\xA6")) act.kind = EDACT_RENAME;
    assert(p->wind_dir >= 0 && p->wind_dir < HEX_DIRS);
    snprintf(line, sizeof line, "Wind from %s, strength %d of %d", hex_dir_names[p->wind_dir],
             p->wind_strength, MAP_WIND_MAX);
    ui_label(ui, line);
    ui_slider_int(ui, "Wind direction (0 = E, CCW)", &p->wind_dir, 0, HEX_DIRS - 1, UI_LINEAR);
    ui_slider_int(ui, "Wind strength", &p->wind_strength, 0, MAP_WIND_MAX, UI_LINEAR);
    ui_slider_int(ui, "Hex size (px)", &p->hex_size, MAP_HEX_SIZE_MIN, MAP_HEX_SIZE_MAX, UI_LINEAR);
    snprintf(line, sizeof line, "Spawns: fleet 1 %d, fleet 2 %d", m->meta.spawn_count[0],
             m->meta.spawn_count[1]);
    ui_label(ui, line);
    int g = p->gen_open;
    if (ui_toggle(ui, "Generator panel", &g)) p->gen_open = g != 0;
    if (ui_button(ui, edact_label(EDACT_PLAY))) act.kind = EDACT_PLAY;
    ui_panel_end(ui);
    return act;
}

EdAct edpanels_gen(EdPanels *p, const EdPanelsFrame *f)
{
    Ui *ui = f->ui;
    float s = f->px_ratio;
    EdAct act = {EDACT_NONE, 0};
    p->p_gen.w = p->p_map.w;
    p->p_gen.x = p->p_map.x;
    p->p_gen.y = p->p_map.y + p->p_map.h + 10 * s;
    p->p_gen.title = "Generate";
    ui_panel_begin(ui, &p->p_gen);
    char line[64];
    snprintf(line, sizeof line, "Seed %u", (unsigned)p->gen.seed);
    ui_label(ui, line);
    if (ui_button(ui, "New random seed")) {
        uint64_t t = SDL_GetPerformanceCounter();
        uint32_t h = (uint32_t)(t ^ (t >> 29)) * 2654435761u;
        p->gen.seed = h ^ (h >> 15);
    }
    if (ui_button(ui, "Type a seed\xE2\x80\xA6")) act.kind = EDACT_ASK_SEED;
    ui_slider_int(ui, "Width", &p->gen.w, 64, 8192, UI_LOG);
    ui_slider_int(ui, "Height", &p->gen.h, 64, 8192, UI_LOG);
    ui_slider_float(ui, "Land fraction", &p->gen.land, 0.0f, 0.9f, 2, "");
    ui_slider_float(ui, "Roughness", &p->gen.roughness, 0.0f, 1.0f, 2, "");
    ui_slider_int(ui, "Islands", &p->gen.islands, 0, 64, UI_LINEAR);
    int mir = p->gen.mirror;
    if (ui_toggle(ui, "Mirror symmetry", &mir)) p->gen.mirror = mir != 0;
    /* The settings are in view here: the button needs no question. */
    if (ui_button(ui, edact_label(EDACT_GENERATE))) act = (EdAct){EDACT_GENERATE, 1};
    ui_panel_end(ui);
    return act;
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

EdAct edpanels_report(EdPanels *p, const EdPanelsFrame *f)
{
    Ui *ui = f->ui;
    float s = f->px_ratio;
    EdAct act = {EDACT_NONE, 0};
    float w = (float)f->view_w - 2 * (p->p_tools.x + p->p_tools.w + 10 * s);
    if (w > 720 * s) w = 720 * s;
    if (w < 300 * s) w = (float)f->view_w - 20 * s;
    p->p_report.w = w;
    p->p_report.x = ((float)f->view_w - w) / 2;
    float bottom = (float)(f->view_h - f->status_bar_h) - 10 * s;
    p->p_report.y = bottom - (p->p_report.h > 0 ? p->p_report.h : 120 * s);
    char title[96];
    const ValidateReport *r = f->report;
    bool stale = f->report_stale;
    if (!f->report_ok)
        snprintf(title, sizeof title, "Validation");
    else
        snprintf(title, sizeof title, "Validation: %d %s, %d %s%s", r->errors,
                 words_plural(r->errors, "error", "errors"), r->warnings,
                 words_plural(r->warnings, "warning", "warnings"),
                 stale ? "  (changed since; V re-checks)" : "");
    p->p_report.title = title;
    ui_panel_begin(ui, &p->p_report);
    if (f->report_ok && r->count == 0) ui_label(ui, "No problems found: both fleets can meet.");
    int lh = text_line_height(f->text);
    float row_w = w - 2 * THEME_PAD * s;
    for (int i = 0; f->report_ok && i < r->count; i++) {
        const ValidateFinding *fi = &r->items[i];
        SDL_FRect rc = {ui->cx, ui->cy, row_w, (float)lh + 4 * s};
        ui->cy += rc.h + 2 * s;
        uint32_t id = 0x7e570000u + (uint32_t)i;
        bool hover =
            ui->mx >= rc.x && ui->mx < rc.x + rc.w && ui->my >= rc.y && ui->my < rc.y + rc.h;
        bool press_in = ui->press_x >= rc.x && ui->press_x < rc.x + rc.w && ui->press_y >= rc.y &&
                        ui->press_y < rc.y + rc.h;
        if (ui->pressed && ui->active == 0 && press_in) ui->active = id;
        if (ui->active == id && ui->released && hover) act = (EdAct){EDACT_PICK, i};
        SDL_Color bg = f->pick == i ? THEME_ROW_PICKED : hover ? THEME_ROW_HOVER : THEME_NONE;
        if (bg.a) fill(f->r, rc.x, rc.y, rc.w, rc.h, bg);
        bool err = fi->severity == VALIDATE_ERROR;
        const char *tag = err ? "error" : "warning";
        int tw = text_draw(f->text, tag, (int)(rc.x + 4 * s), (int)(rc.y + 2 * s),
                           err ? THEME_ERROR : THEME_WARNING);
        char where[48] = "";
        if (fi->x >= 0) snprintf(where, sizeof where, "  (%d, %d)", fi->x, fi->y);
        char full[256], cut[256];
        snprintf(full, sizeof full, "%s%s", fi->msg, where);
        float tx = rc.x + 4 * s + 62 * s;
        (void)tw;
        fit_text(f->text, full, rc.x + rc.w - tx - 4 * s, cut, sizeof cut);
        text_draw(f->text, cut, (int)tx, (int)(rc.y + 2 * s), f->pick == i ? THEME_INK : THEME_DIM);
    }
    if (f->report_ok && r->count > 0) ui_label(ui, "Click a finding to go to it.");
    if (ui_button(ui, edact_label(EDACT_ESCAPE))) act.kind = EDACT_CLOSE_REPORT;
    ui_panel_end(ui);
    return act;
}

void edpanels_status_bar(const EdPanelsFrame *f)
{
    assert(f->tool >= 0 && f->tool < TOOL_COUNT);
    float s = f->px_ratio;
    int h = f->status_bar_h;
    float y = (float)(f->view_h - h);
    fill(f->r, 0, y, (float)f->view_w, (float)h, THEME_BAR);
    fill(f->r, 0, y, (float)f->view_w, 1, THEME_EDGE);
    static const char *const tool[TOOL_COUNT] = {"Brush", "Fill", "Fleet 1 spawn", "Fleet 2 spawn"};
    const Map *m = f->map;
    char where[96] = "";
    if (f->pointer_in) {
        double wx, wy;
        cam_screen_to_world(f->cam, f->mx, f->my, &wx, &wy);
        if (wx >= 0 && wy >= 0 && wx < m->w && wy < m->h) {
            Hex hx = hex_from_pixel((float)wx, (float)wy, (float)m->meta.hex_size);
            snprintf(where, sizeof where, "  \xC2\xB7  px %d, %d  \xC2\xB7  hex %d, %d", (int)wx,
                     (int)wy, hx.q, hx.r);
        }
    }
    char line[320];
    char what[64];
    if (f->tool == TOOL_BRUSH)
        snprintf(what, sizeof what, "Brush %d px  \xC2\xB7  %s", f->brush,
                 f->land ? "land" : "water");
    else if (f->tool == TOOL_FILL)
        snprintf(what, sizeof what, "Fill  \xC2\xB7  %s", f->land ? "land" : "water");
    else
        snprintf(what, sizeof what, "%s", tool[f->tool]);
    snprintf(line, sizeof line, "%s  \xC2\xB7  mirror %s%s  \xC2\xB7  zoom %.0f%%", what,
             f->mirror ? "on" : "off", where, f->cam->zoom * 100.0);
    int ty = (int)(y + 5 * s);
    int lw = text_draw(f->text, line, (int)(8 * s), ty, THEME_INK);
    const char *mark = f->dirty ? "\xE2\x97\x8F unsaved" : "saved";
    int mw, mh;
    text_measure(f->text, mark, &mw, &mh);
    text_draw(f->text, mark, f->view_w - mw - (int)(10 * s), ty, f->dirty ? THEME_GOLD : THEME_DIM);
    if (f->status[0]) {
        char cut[512];
        float room = (float)(f->view_w - mw) - 40 * s - (float)lw - 8 * s;
        if (room > 60 * s) {
            fit_text(f->text, f->status, room, cut, sizeof cut);
            text_draw(f->text, cut, (int)(8 * s) + lw + (int)(24 * s), ty, THEME_GOLD);
        }
    }
    (void)mh;
}

void edpanels_help(const EdPanelsFrame *f)
{
    /* The rows of the key table that open one. */
    const EdActKey *rows[64];
    int n = 0;
    for (int i = 0; i < edact_key_count; i++)
        if (edact_keys[i].help) {
            assert(n < (int)(sizeof rows / sizeof rows[0]) && edact_keys[i].keys);
            rows[n++] = &edact_keys[i];
        }
    float s = f->px_ratio;
    int lh = text_line_height(f->text), kw = 0, dw = 0, w, h;
    for (int i = 0; i < n; i++) {
        text_measure(f->text, rows[i]->keys, &w, &h);
        kw = w > kw ? w : kw;
        text_measure(f->text, rows[i]->help, &w, &h);
        dw = w > dw ? w : dw;
    }
    float pad = 18 * s, gap = 26 * s;
    float pw = (float)(kw + dw) + gap + 2 * pad, ph = (float)((n + 2) * lh) + 2 * pad;
    float x = ((float)f->view_w - pw) / 2, y = ((float)f->view_h - ph) / 2;
    fill(f->r, x, y, pw, ph, theme_alpha(THEME_PANEL, 235));
    const char *title = "shoal-editor keys";
    text_measure(f->text, title, &w, &h);
    text_draw(f->text, title, (int)(x + (pw - (float)w) / 2), (int)(y + pad), THEME_GOLD);
    for (int i = 0; i < n; i++) {
        int ry = (int)(y + pad) + (i + 2) * lh;
        text_draw(f->text, rows[i]->keys, (int)(x + pad), ry, THEME_DIM);
        text_draw(f->text, rows[i]->help, (int)(x + pad + (float)kw + gap), ry, THEME_INK);
    }
}
