/* dialog: a modal box with buttons and an optional text field; it takes
 * every input event while open so nothing behind it reacts. */
#include "dialog.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "draw.h"
#include "ui/theme.h"

/* Design px, multiplied by the pixel ratio. */
#define BOX_W     560.0f
#define BTN_W     112.0f
#define BTN_PAD   12.0f /* a button's label to its edges */
#define MAX_LINES 16

void dialog_init(Dialog *d)
{
    memset(d, 0, sizeof *d);
    d->answer = -1;
    d->pressed = -1;
    d->px_ratio = 1.0f;
}

void dialog_open(Dialog *d, int kind, const char *title, const char *msg,
                 const char *const *buttons, int n, int def, int cancel)
{
    float ratio = d->px_ratio;
    dialog_init(d);
    d->px_ratio = ratio;
    d->open = 1;
    d->kind = kind;
    snprintf(d->title, sizeof d->title, "%s", title ? title : "");
    snprintf(d->msg, sizeof d->msg, "%s", msg ? msg : "");
    if (n < 1) n = 1;
    if (n > DIALOG_MAX_BUTTONS) n = DIALOG_MAX_BUTTONS;
    d->nbuttons = n;
    for (int i = 0; i < n; i++) snprintf(d->button[i], sizeof d->button[i], "%s", buttons[i]);
    d->def = def >= 0 && def < n ? def : 0;
    d->cancel = cancel >= 0 && cancel < n ? cancel : -1;
}

void dialog_set_field(Dialog *d, const char *text, DialogCompleteFn complete, void *ctx)
{
    d->has_field = 1;
    snprintf(d->field, sizeof d->field, "%s", text ? text : "");
    d->caret = strlen(d->field);
    d->complete = complete;
    d->complete_ctx = ctx;
}

static void choose(Dialog *d, int i)
{
    d->open = 0;
    d->answer = i;
    d->answer_kind = d->kind;
    d->pressed = -1;
}

int dialog_take(Dialog *d, int *kind)
{
    int a = d->answer;
    if (a >= 0 && kind) *kind = d->answer_kind;
    d->answer = -1;
    return a;
}

/* Caret moves step over whole UTF-8 characters. */
static size_t prev_char(const char *s, size_t i)
{
    while (i > 0) {
        i--;
        if (((unsigned char)s[i] & 0xC0) != 0x80) break;
    }
    return i;
}

static size_t next_char(const char *s, size_t i)
{
    size_t n = strlen(s);
    if (i >= n) return n;
    i++;
    while (i < n && ((unsigned char)s[i] & 0xC0) == 0x80) i++;
    return i;
}

static void insert_text(Dialog *d, const char *s)
{
    size_t n = strlen(d->field), k = strlen(s);
    /* Control characters (a pasted newline) have no place in one line. */
    char clean[DIALOG_FIELD_MAX];
    size_t m = 0;
    for (size_t i = 0; i < k && m + 1 < sizeof clean; i++)
        if ((unsigned char)s[i] >= 0x20 && s[i] != 0x7f) clean[m++] = s[i];
    if (n + m >= sizeof d->field) return;
    memmove(d->field + d->caret + m, d->field + d->caret, n - d->caret + 1);
    memcpy(d->field + d->caret, clean, m);
    d->caret += m;
}

static void erase(Dialog *d, size_t from, size_t to)
{
    if (to <= from) return;
    size_t n = strlen(d->field);
    memmove(d->field + from, d->field + to, n - to + 1);
    d->caret = from;
}

static int field_key(Dialog *d, const SDL_KeyboardEvent *k)
{
    int ctrl = (k->keysym.mod & KMOD_CTRL) != 0;
    switch (k->keysym.sym) {
    case SDLK_BACKSPACE:
        if (ctrl) {
            /* Back to the previous '/' or the start: a path component. */
            size_t i = d->caret;
            while (i > 0 && d->field[i - 1] == '/') i--;
            while (i > 0 && d->field[i - 1] != '/') i--;
            erase(d, i, d->caret);
        } else {
            erase(d, prev_char(d->field, d->caret), d->caret);
        }
        return 1;
    case SDLK_DELETE:
        erase(d, d->caret, next_char(d->field, d->caret));
        return 1;
    case SDLK_LEFT:
        d->caret = prev_char(d->field, d->caret);
        return 1;
    case SDLK_RIGHT:
        d->caret = next_char(d->field, d->caret);
        return 1;
    case SDLK_HOME:
        d->caret = 0;
        return 1;
    case SDLK_END:
        d->caret = strlen(d->field);
        return 1;
    case SDLK_TAB:
        if (d->complete) d->complete(d->complete_ctx, d->field, sizeof d->field, &d->caret);
        if (d->caret > strlen(d->field)) d->caret = strlen(d->field);
        return 1;
    case SDLK_a:
        if (ctrl) d->caret = 0;
        return 1;
    case SDLK_e:
        if (ctrl) d->caret = strlen(d->field);
        return 1;
    case SDLK_u:
        if (ctrl) erase(d, 0, d->caret);
        return 1;
    case SDLK_v:
        if (ctrl && SDL_HasClipboardText()) {
            char *c = SDL_GetClipboardText();
            if (c) insert_text(d, c);
            SDL_free(c);
        }
        return 1;
    default:
        return 1;
    }
}

static int key_down(Dialog *d, const SDL_KeyboardEvent *k)
{
    SDL_Keycode sym = k->keysym.sym;
    if (sym == SDLK_RETURN || sym == SDLK_KP_ENTER) {
        choose(d, d->def);
        return 1;
    }
    if (sym == SDLK_ESCAPE) {
        if (d->cancel >= 0) choose(d, d->cancel);
        return 1;
    }
    if (d->has_field) return field_key(d, k);
    if (k->keysym.mod & (KMOD_CTRL | KMOD_ALT | KMOD_GUI)) return 1;
    if (sym == SDLK_LEFT || sym == SDLK_RIGHT) {
        int step = sym == SDLK_LEFT ? d->nbuttons - 1 : 1;
        d->def = (d->def + step) % d->nbuttons;
        return 1;
    }
    if (sym > 0 && sym < 128 && isalnum((int)sym)) {
        for (int i = 0; i < d->nbuttons; i++)
            if (tolower((unsigned char)d->button[i][0]) == tolower((int)sym)) {
                choose(d, i);
                return 1;
            }
    }
    return 1;
}

static int inside(const SDL_FRect *r, float x, float y)
{
    return x >= r->x && x < r->x + r->w && y >= r->y && y < r->y + r->h;
}

static int button_at(const Dialog *d, float x, float y)
{
    for (int i = 0; i < d->nbuttons; i++)
        if (inside(&d->btn[i], x, y)) return i;
    return -1;
}

int dialog_event(Dialog *d, const SDL_Event *ev)
{
    if (!d->open) return 0;
    switch (ev->type) {
    case SDL_KEYDOWN:
        d->swallow_text = 0; /* a key typed in the box: its text is wanted */
        return key_down(d, &ev->key);
    case SDL_KEYUP:
        return 1;
    case SDL_TEXTINPUT:
        if (d->swallow_text) {
            d->swallow_text = 0;
            return 1;
        }
        if (d->has_field) insert_text(d, ev->text.text);
        return 1;
    case SDL_MOUSEMOTION:
        d->mx = (float)ev->motion.x * d->px_ratio;
        d->my = (float)ev->motion.y * d->px_ratio;
        return 1;
    case SDL_MOUSEBUTTONDOWN:
        d->mx = (float)ev->button.x * d->px_ratio;
        d->my = (float)ev->button.y * d->px_ratio;
        if (ev->button.button == SDL_BUTTON_LEFT) d->pressed = button_at(d, d->mx, d->my);
        return 1;
    case SDL_MOUSEBUTTONUP:
        d->mx = (float)ev->button.x * d->px_ratio;
        d->my = (float)ev->button.y * d->px_ratio;
        if (ev->button.button == SDL_BUTTON_LEFT) {
            int b = button_at(d, d->mx, d->my);
            if (b >= 0 && b == d->pressed) choose(d, b);
            d->pressed = -1;
        }
        return 1;
    case SDL_MOUSEWHEEL:
        return 1;
    default:
        return 0;
    }
}

static void fill(SDL_Renderer *r, SDL_FRect rc, SDL_Color c)
{
    SDL_SetRenderDrawBlendMode(r, SDL_BLENDMODE_BLEND);
    theme_draw_color(r, c);
    SDL_Rect i = {(int)rc.x, (int)rc.y, (int)rc.w, (int)rc.h};
    draw_fill_rect(r, &i);
}

static void outline(SDL_Renderer *r, SDL_FRect rc, SDL_Color c)
{
    SDL_SetRenderDrawBlendMode(r, SDL_BLENDMODE_BLEND);
    theme_draw_color(r, c);
    SDL_Rect i = {(int)rc.x, (int)rc.y, (int)rc.w, (int)rc.h};
    draw_rect(r, &i);
}

/* Break msg into at most max lines no wider than w px (text_wrap_line). */
static int wrap(Text *t, const char *msg, float w, char lines[][256], int max)
{
    int n = 0;
    size_t used;
    for (const char *p = msg; n < max && (used = text_wrap_line(t, p, w, lines[n], 256)); p += used)
        n++;
    return n;
}

void dialog_draw(Dialog *d, SDL_Renderer *r, Text *t, int view_w, int view_h, float px_ratio)
{
    if (!d->open) return;
    float s = px_ratio > 0.0f ? px_ratio : 1.0f;
    d->px_ratio = s;
    fill(r, (SDL_FRect){0, 0, (float)view_w, (float)view_h}, THEME_SCRIM);
    float lh = (float)text_line_height(t);
    float bw = BOX_W * s;
    if (bw > (float)view_w - 2 * THEME_DIALOG_GAP * s)
        bw = (float)view_w - 2 * THEME_DIALOG_GAP * s;
    float inner = bw - 2 * THEME_DIALOG_PAD * s;
    char lines[MAX_LINES][256];
    int nl = wrap(t, d->msg, inner, lines, MAX_LINES);
    float field_h = d->has_field ? lh + 12 * s + THEME_DIALOG_GAP * s : 0.0f;
    float btn_h = lh + 12 * s;
    float bh = 2 * THEME_DIALOG_PAD * s + lh + THEME_DIALOG_GAP * s + (float)nl * lh +
               THEME_DIALOG_GAP * s + field_h + btn_h;
    SDL_FRect box = {((float)view_w - bw) / 2, ((float)view_h - bh) / 2, bw, bh};
    d->box = box;
    fill(r, box, THEME_DIALOG);
    outline(r, box, THEME_DIALOG_EDGE);
    float x = box.x + THEME_DIALOG_PAD * s, y = box.y + THEME_DIALOG_PAD * s;
    text_draw(t, d->title, (int)x, (int)y, THEME_GOLD);
    y += lh + THEME_DIALOG_GAP * s;
    for (int i = 0; i < nl; i++) {
        text_draw(t, lines[i], (int)x, (int)y, THEME_INK);
        y += lh;
    }
    y += THEME_DIALOG_GAP * s;
    if (d->has_field) {
        SDL_FRect f = {x, y, inner, lh + 12 * s};
        fill(r, f, THEME_FIELD);
        outline(r, f, theme_alpha(THEME_WELL_EDGE, 220));
        /* Keep the caret in view: scroll the text left when it is long. */
        char head[DIALOG_FIELD_MAX];
        memcpy(head, d->field, d->caret);
        head[d->caret] = '\0';
        int cw = 0, ch, fw = 0;
        if (head[0]) text_measure(t, head, &cw, &ch);
        if (d->field[0]) text_measure(t, d->field, &fw, &ch);
        float room = f.w - 12 * s;
        float shift = (float)cw > room ? (float)cw - room : 0.0f;
        SDL_Rect clip = {(int)f.x + 1, (int)f.y + 1, (int)f.w - 2, (int)f.h - 2};
        SDL_RenderSetClipRect(r, &clip);
        float tx = f.x + 6 * s - shift, ty = f.y + 6 * s;
        if (d->field[0]) text_draw(t, d->field, (int)tx, (int)ty, THEME_INK);
        fill(r, (SDL_FRect){tx + (float)cw, ty, 2 * s, lh}, THEME_GOLD);
        SDL_RenderSetClipRect(r, NULL);
        y += f.h + THEME_DIALOG_GAP * s;
    }
    /* Buttons right-aligned, the default one highlighted; all as wide as
     * the widest label needs ("Don't ask again" outgrows BTN_W). */
    float bwid = BTN_W * s;
    for (int i = 0; i < d->nbuttons; i++) {
        int tw, th;
        text_measure(t, d->button[i], &tw, &th);
        if ((float)tw + 2 * BTN_PAD * s > bwid) bwid = (float)tw + 2 * BTN_PAD * s;
    }
    float bx = box.x + box.w - THEME_DIALOG_PAD * s - (float)d->nbuttons * bwid -
               (float)(d->nbuttons - 1) * THEME_DIALOG_GAP * s;
    for (int i = 0; i < d->nbuttons; i++) {
        SDL_FRect b = {bx + (float)i * (bwid + THEME_DIALOG_GAP * s), y, bwid, btn_h};
        d->btn[i] = b;
        int hover = inside(&b, d->mx, d->my);
        SDL_Color bg = d->pressed == i && hover ? THEME_DIALOG_BUTTON_HELD
                       : hover                  ? THEME_DIALOG_BUTTON_HOVER
                                                : theme_alpha(THEME_BUTTON, 255);
        fill(r, b, bg);
        outline(r, b, i == d->def ? THEME_GOLD : theme_alpha(THEME_EDGE, 160));
        int tw, th;
        text_measure(t, d->button[i], &tw, &th);
        text_draw(t, d->button[i], (int)(b.x + (b.w - (float)tw) / 2), (int)(b.y + 6 * s),
                  i == d->def ? THEME_INK : THEME_DIALOG_DIM);
    }
}
