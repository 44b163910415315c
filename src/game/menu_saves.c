/* menu_saves: the load screen's rows — what each save holds (core's
 * save_summary: map, turn, fleets), a picture of its map made once per
 * distinct map with the ships on it as dots, and one clear line for a
 * save that can't be read. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "menu.h"
#include "ui/draw.h"
#include "ui/theme.h"
#include "core/hex.h"
#include "core/words.h"

/* Samples per thumbnail pixel along each axis when shrinking the mask:
 * enough for the coast to read, cheap on a 1280x800 map (~90k reads). */
#define THUMB_SAMPLES 4

void menu_deinit(Menu *m)
{
    for (int i = 0; i < m->nthumbs; i++)
        if (m->thumbs[i].tex) SDL_DestroyTexture(m->thumbs[i].tex);
    m->nthumbs = 0;
}

static void thumb_key(const SaveSummary *s, char *out, size_t cap)
{
    const MapGenParams *g = &s->gen;
    if (s->generated)
        snprintf(out, cap, "generated %u %dx%d %.9g %.9g %d %d", (unsigned)g->seed, g->w, g->h,
                 (double)g->land, (double)g->roughness, g->islands, g->mirror ? 1 : 0);
    else
        snprintf(out, cap, "file %s", s->map_path);
}

static const char *stem_of(const char *path, char *out, size_t cap)
{
    const char *base = strrchr(path, '/');
    base = base ? base + 1 : path;
    const char *dot = strrchr(base, '.');
    int n = dot && dot > base ? (int)(dot - base) : (int)strlen(base);
    snprintf(out, cap, "%.*s", n, base);
    return out;
}

/* The row's text: its button (name, map, turn) and the line under it
 * (fleets, date; or why its map can't be shown). */
static void row_text(Menu *m, MenuSave *sv)
{
    const SaveSummary *s = &sv->sum;
    const MenuThumb *t = sv->thumb >= 0 ? &m->thumbs[sv->thumb] : NULL;
    char stem[96], mstem[96], map[MAP_NAME_MAX + 16], when[64], state[64];
    stem_of(sv->path, stem, sizeof stem);
    if (t && t->name[0])
        snprintf(map, sizeof map, "%s", t->name);
    else if (s->generated)
        snprintf(map, sizeof map, "Sea %u", (unsigned)s->gen.seed);
    else
        snprintf(map, sizeof map, "%s", stem_of(s->map_path, mstem, sizeof mstem));
    if (s->over)
        snprintf(state, sizeof state, "over after turn %d, %s", s->turn,
                 s->winner == 0   ? "A won"
                 : s->winner == 1 ? "B won"
                                  : "drawn");
    else
        snprintf(state, sizeof state, "turn %d of %d", s->turn, s->turn_limit);
    snprintf(sv->label, sizeof sv->label, "%.56s  \xC2\xB7  %.50s  \xC2\xB7  %.40s", stem, map,
             state);
    struct tm tm;
    localtime_r(&sv->mtime, &tm);
    strftime(when, sizeof when, "%d %b %H:%M", &tm);
    char fleet[SKIRMISH_SIDES][80];
    for (int k = 0; k < SKIRMISH_SIDES; k++) {
        /* Who commanded her: a person, or the computer at its level. */
        char who[32];
        int lv = s->ai_level[k] >= 0 && s->ai_level[k] < SKIRMISH_AI_LEVELS ? s->ai_level[k] : 0;
        snprintf(who, sizeof who, "%s%s", s->person[k] ? "player" : "computer, ",
                 s->person[k] ? "" : skirmish_ai_names[lv]);
        int n = snprintf(fleet[k], sizeof fleet[k], "%c (%s) %d of %d%s", "AB"[k], who,
                         s -> afloat[k], s -> ships[k], k == 0 ? " afloat" : "");
        if (s->prizes[k] > 0 && n > 0 && (size_t)n < sizeof fleet[k])
            snprintf(fleet[k] + n, sizeof fleet[k] - (size_t)n, ", %d %s taken", s->prizes[k],
                     words_plural(s->prizes[k], "prize", "prizes"));
    }
    if (t && !t->tex)
        snprintf(sv->sides, sizeof sv->sides, "%s", t->why);
    else
        snprintf(sv->sides, sizeof sv->sides, "%s  \xC2\xB7  %s  \xC2\xB7  %s", fleet[0], fleet[1],
                 when);
}

void menu_saves_read(Menu *m)
{
    m->save_first = 0;
    for (int i = 0; i < m->nsaves; i++) {
        MenuSave *sv = &m->saves[i];
        Err e = {{0}};
        sv->thumb = -1;
        sv->ok = save_summary(sv->path, &sv->sum, &e) == 0;
        if (!sv->ok) {
            /* Named by file alone, as the menu's notes are. */
            const char *base = strrchr(e.msg, '/');
            snprintf(sv->why, sizeof sv->why, "can't be read: %.230s", base ? base + 1 : e.msg);
            continue;
        }
        char key[sizeof m->thumbs[0].key];
        thumb_key(&sv->sum, key, sizeof key);
        for (int k = 0; k < m->nthumbs; k++)
            if (!strcmp(m->thumbs[k].key, key)) sv->thumb = k;
        row_text(m, sv);
    }
}

/* The mask shrunk into pixels (RGBA bytes), land blended over water by
 * how much of each pixel's patch is land. */
static void shrink(const Map *map, int tw, int th, uint8_t *px)
{
    const SDL_Color water = THEME_THUMB_WATER, land = THEME_THUMB_LAND;
    for (int y = 0; y < th; y++)
        for (int x = 0; x < tw; x++) {
            int n = 0;
            for (int sy = 0; sy < THUMB_SAMPLES; sy++)
                for (int sx = 0; sx < THUMB_SAMPLES; sx++) {
                    int mx = (int)(((float)x + ((float)sx + 0.5f) / THUMB_SAMPLES) * (float)map->w /
                                   (float)tw);
                    int my = (int)(((float)y + ((float)sy + 0.5f) / THUMB_SAMPLES) * (float)map->h /
                                   (float)th);
                    n += map_is_land(map, mx < map->w ? mx : map->w - 1,
                                     my < map->h ? my : map->h - 1);
                }
            float f = (float)n / (THUMB_SAMPLES * THUMB_SAMPLES);
            uint8_t *p = px + 4 * ((size_t)y * (size_t)tw + (size_t)x);
            p[0] = (uint8_t)((float)water.r + f * (float)(land.r - water.r));
            p[1] = (uint8_t)((float)water.g + f * (float)(land.g - water.g));
            p[2] = (uint8_t)((float)water.b + f * (float)(land.b - water.b));
            p[3] = 255;
        }
}

/* t's texture from the map (fit in MENU_THUMB_W x MENU_THUMB_H, its shape kept). */
static void picture(MenuThumb *t, SDL_Renderer *r, const Map *map)
{
    float k = (float)MENU_THUMB_W / (float)map->w;
    if ((float)MENU_THUMB_H / (float)map->h < k) k = (float)MENU_THUMB_H / (float)map->h;
    int tw = (int)((float)map->w * k + 0.5f), th = (int)((float)map->h * k + 0.5f);
    tw = tw < 1 ? 1 : tw;
    th = th < 1 ? 1 : th;
    uint8_t *px = malloc((size_t)tw * (size_t)th * 4);
    if (px) {
        shrink(map, tw, th, px);
        t->tex = SDL_CreateTexture(r, SDL_PIXELFORMAT_RGBA32, SDL_TEXTUREACCESS_STATIC, tw, th);
        if (t->tex) SDL_UpdateTexture(t->tex, NULL, px, tw * 4);
        free(px);
    }
    if (!t->tex) snprintf(t->why, sizeof t->why, "no picture of its map: %s", SDL_GetError());
    t->w = (float)tw;
    t->h = (float)th;
}

/* The picture of sv's map, made now if no save before had the same map. */
static int thumb_for(Menu *m, SDL_Renderer *r, MenuSave *sv)
{
    char key[sizeof m->thumbs[0].key];
    thumb_key(&sv->sum, key, sizeof key);
    for (int k = 0; k < m->nthumbs; k++)
        if (!strcmp(m->thumbs[k].key, key)) return k;
    /* Full (other saves, other maps, since the menu began): start afresh;
     * the rows find theirs again as they are drawn. */
    if (m->nthumbs == MENU_MAX_SAVES) {
        menu_deinit(m);
        for (int i = 0; i < m->nsaves; i++) m->saves[i].thumb = -1;
    }
    MenuThumb *t = &m->thumbs[m->nthumbs];
    memset(t, 0, sizeof *t);
    snprintf(t->key, sizeof t->key, "%s", key);
    Map map;
    Err e = {{0}};
    if (save_summary_map(&sv->sum, sv->path, &map, &e) != 0) {
        const char *base = strrchr(e.msg, '/');
        snprintf(t->why, sizeof t->why, "its map can't be opened: %.170s", base ? base + 1 : e.msg);
    } else {
        snprintf(t->name, sizeof t->name, "%s", map.meta.name);
        t->map_w = map.w;
        t->map_h = map.h;
        t->hex_size = map.meta.hex_size;
        picture(t, r, &map);
        map_free(&map);
    }
    return m->nthumbs++;
}

/* The picture in the box at (x, y) and the ships afloat or struck on it. */
static void draw_thumb(const Menu *m, SDL_Renderer *r, const MenuSave *sv, float x, float y,
                       float scale)
{
    if (sv->thumb < 0) return;
    const MenuThumb *t = &m->thumbs[sv->thumb];
    if (!t->tex) return;
    SDL_FRect dst = {x + ((float)MENU_THUMB_W - t->w) * scale / 2,
                     y + ((float)MENU_THUMB_H - t->h) * scale / 2, t->w * scale, t->h * scale};
    draw_copy_f(r, t->tex, NULL, &dst);
    SDL_SetRenderDrawBlendMode(r, SDL_BLENDMODE_BLEND);
    theme_draw_color(r, theme_alpha(THEME_EDGE, 160));
    SDL_Rect edge = {(int)dst.x, (int)dst.y, (int)dst.w, (int)dst.h};
    draw_rect(r, &edge);
    const SaveSummary *s = &sv->sum;
    float dot = 4.0f * scale;
    for (int i = 0; i < s->nships; i++) {
        if (s->status[i] == FLEET_SUNK) continue;
        float px, py;
        hex_to_pixel(s->hex[i], (float)t->hex_size, &px, &py);
        SDL_Color c = s->status[i] == FLEET_STRUCK ? THEME_STRUCK
                      : s->side[i]                 ? THEME_SIDE_B
                                                   : THEME_SIDE_A;
        theme_draw_color(r, c);
        SDL_FRect d = {dst.x + px / (float)t->map_w * dst.w - dot / 2,
                       dst.y + py / (float)t->map_h * dst.h - dot / 2, dot, dot};
        draw_fill_rects_f(r, &d, 1);
    }
}

/* src cut (with an ellipsis) to fit width output px. */
static const char *fit(Ui *ui, const char *src, float width, char *out, size_t cap)
{
    snprintf(out, cap, "%s", src);
    int w, h;
    text_measure(ui->text, out, &w, &h);
    size_t n = strlen(out);
    while ((float)w > width && n > 4) {
        n--;
        while (n > 0 && ((unsigned char)out[n] & 0xC0) == 0x80) n--; /* whole UTF-8 characters */
        snprintf(out + n, cap - n, "\xE2\x80\xA6");
        text_measure(ui->text, out, &w, &h);
    }
    return out;
}

/* One save: picture at the left, button and line beside it. */
static int row(Menu *m, Ui *ui, SDL_Renderer *r, MenuSave *sv)
{
    float s = ui->scale, x0 = ui->cx, y0 = ui->cy, w0 = ui->panel->w;
    float inset = ((float)MENU_THUMB_W + 8.0f) * s;
    ui->cx += inset;
    ui->panel->w -= inset;
    float width = ui->panel->w - 2 * THEME_PAD * s;
    char line[256];
    int clicked = 0;
    if (sv->ok) {
        clicked = ui_button(ui, fit(ui, sv->label, width, line, sizeof line));
        ui_label(ui, fit(ui, sv->sides, width, line, sizeof line));
    } else {
        char stem[96];
        ui_label(ui, stem_of(sv->path, stem, sizeof stem));
        ui_label(ui, fit(ui, sv->why, width, line, sizeof line));
    }
    ui->cx = x0;
    ui->panel->w = w0;
    float bottom = y0 + ((float)MENU_THUMB_H + THEME_GAP) * s;
    if (ui->cy < bottom) ui->cy = bottom;
    draw_thumb(m, r, sv, x0, y0, s);
    return clicked;
}

int menu_saves_rows(Menu *m, Ui *ui, SDL_Renderer *r, int view_h)
{
    float s = ui->scale;
    /* As many rows as fit under the title and above the two buttons. */
    int per = (int)(((float)view_h - 300.0f * s) / (((float)MENU_THUMB_H + THEME_GAP) * s));
    if (per < 1) per = 1;
    if (m->save_first >= m->nsaves) m->save_first = 0;
    int act = 0;
    if (m->save_first > 0 && ui_button(ui, "\xE2\x80\xB9  Newer saves"))
        m->save_first = m->save_first > per ? m->save_first - per : 0;
    bool made = false;
    int end = m->save_first + per < m->nsaves ? m->save_first + per : m->nsaves;
    for (int i = m->save_first; i < end; i++) {
        MenuSave *sv = &m->saves[i];
        if (sv->ok && sv->thumb < 0 && !made) {
            sv->thumb = thumb_for(m, r, sv);
            row_text(m, sv);
            made = true;
        }
        if (row(m, ui, r, sv)) {
            snprintf(m->load_path, sizeof m->load_path, "%s", sv->path);
            act = 1;
        }
    }
    if (end < m->nsaves && ui_button(ui, "Older saves  \xE2\x80\xBA")) m->save_first = end;
    return act;
}
