/* hud: status line and help overlay. */
#include "hud.h"

#include <stdio.h>

static const SDL_Color ink = {236, 244, 248, 255};
static const SDL_Color dim = {160, 190, 205, 255};
static const SDL_Color gold = {245, 214, 140, 255};

static void panel(SDL_Renderer *r, int x, int y, int w, int h, Uint8 alpha)
{
    SDL_SetRenderDrawBlendMode(r, SDL_BLENDMODE_BLEND);
    SDL_SetRenderDrawColor(r, 6, 20, 36, alpha);
    SDL_Rect rc = {x, y, w, h};
    SDL_RenderFillRect(r, &rc);
    SDL_SetRenderDrawColor(r, 120, 180, 200, (Uint8)(alpha / 3));
    SDL_RenderDrawRect(r, &rc);
}

void hud_draw(Text *t, SDL_Renderer *r, const HudInfo *h, float ui)
{
    char line[256], fps[32];
    if (h->fps >= 0)
        snprintf(fps, sizeof fps, "%.0f fps", h->fps);
    else
        snprintf(fps, sizeof fps, "-- fps");
    /* The FPS figure changes at most twice a second, so this string
     * stays cached between those changes. */
    snprintf(line, sizeof line, "%s  \xC2\xB7  %d\xC3\x97%d  \xC2\xB7  zoom %.0f%%  \xC2\xB7  %s",
             h->map_name, h->map_w, h->map_h, h->zoom * 100.0, fps);
    const char *hint = "F1  help";
    int pad = (int)(8 * ui), gap = (int)(18 * ui);
    int lw, lh, hw, hh;
    text_measure(t, line, &lw, &lh);
    text_measure(t, hint, &hw, &hh);
    int x = pad, y = pad;
    panel(r, x, y, lw + gap + hw + 2 * pad, lh + pad, 170);
    text_draw(t, line, x + pad, y + pad / 2, ink);
    text_draw(t, hint, x + pad + lw + gap, y + pad / 2, dim);
    if (h->status && h->status[0]) {
        int sw, sh;
        text_measure(t, h->status, &sw, &sh);
        int sy = y + lh + 2 * pad;
        panel(r, x, sy, sw + 2 * pad, sh + pad, 170);
        text_draw(t, h->status, x + pad, sy + pad / 2, gold);
    }
}

void hud_draw_help(Text *t, SDL_Renderer *r, int view_w, int view_h, float ui)
{
    static const char *const rows[][2] = {
        {"Mouse wheel", "zoom at the cursor"},
        {"Left or right drag", "pan"},
        {"W A S D / arrows", "pan (hold Shift: faster)"},
        {"+ / -", "zoom in / out"},
        {"0 or Home", "show the whole map"},
        {"F12", "save a screenshot (shoal-DATE-TIME.png)"},
        {"F1 or H", "show / hide this help"},
        {"Esc or Q", "quit (Esc closes this help first)"},
    };
    const int n = (int)(sizeof rows / sizeof rows[0]);
    const char *title = "Controls";
    int lh = text_line_height(t);
    int pad = (int)(18 * ui), gap = (int)(28 * ui);
    int kw = 0, dw = 0, w, h;
    for (int i = 0; i < n; i++) {
        text_measure(t, rows[i][0], &w, &h);
        if (w > kw) kw = w;
        text_measure(t, rows[i][1], &w, &h);
        if (w > dw) dw = w;
    }
    int pw = kw + gap + dw + 2 * pad;
    int ph = (n + 2) * lh + 2 * pad;
    int x = (view_w - pw) / 2, y = (view_h - ph) / 2;
    panel(r, x, y, pw, ph, 215);
    int tw, th;
    text_measure(t, title, &tw, &th);
    text_draw(t, title, x + (pw - tw) / 2, y + pad, gold);
    for (int i = 0; i < n; i++) {
        int ry = y + pad + (i + 2) * lh;
        text_draw(t, rows[i][0], x + pad, ry, dim);
        text_draw(t, rows[i][1], x + pad + kw + gap, ry, ink);
    }
}
