/* script: parse a command file up front (so a typo fails before any window
 * opens), then turn one command per frame into SDL events. */
#include "script.h"

#include <assert.h>
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define LINE_MAX_LEN 1024
#define DRAG_STEPS   8
/* wait_file gives up after this many frames of 10 ms or more (~20 s). */
#define WAIT_FILE_FRAMES 2000

typedef enum ScriptOp {
    OP_KEY,
    OP_KEYDOWN,
    OP_KEYUP,
    OP_TYPE,
    OP_MOVE,
    OP_DOWN,
    OP_UP,
    OP_CLICK,
    OP_DRAG,
    OP_WHEEL,
    OP_COORDS,
    OP_WAIT,
    OP_SHOT,
    OP_PRINT,
    OP_QUIT,
    OP_WAIT_FILE,
} ScriptOp;

struct ScriptCmd {
    ScriptOp op;
    SDL_Keycode key;
    Uint16 mod;
    double v[4];
    int nv;     /* coordinates given */
    int button; /* SDL_BUTTON_* */
    int n;      /* wait frames, coords mode */
    char *text; /* type, screenshot */
};

typedef struct ScriptOpInfo {
    const char *name;
    ScriptOp op;
    int min, max; /* numeric arguments */
} ScriptOpInfo;

static const ScriptOpInfo ops[] = {
    {"key", OP_KEY, 0, 0},         {"keydown", OP_KEYDOWN, 0, 0},
    {"keyup", OP_KEYUP, 0, 0},     {"type", OP_TYPE, 0, 0},
    {"mouse_move", OP_MOVE, 2, 2}, {"mouse_down", OP_DOWN, 2, 2},
    {"mouse_up", OP_UP, 2, 2},     {"click", OP_CLICK, 2, 2},
    {"drag", OP_DRAG, 4, 4},       {"wheel", OP_WHEEL, 1, 3},
    {"coords", OP_COORDS, 0, 0},   {"wait", OP_WAIT, 1, 1},
    {"screenshot", OP_SHOT, 0, 0}, {"print", OP_PRINT, 0, 0},
    {"quit", OP_QUIT, 0, 0},       {"wait_file", OP_WAIT_FILE, 0, 0},
};

static Uint16 mod_of_key(SDL_Keycode k)
{
    switch (k) {
    case SDLK_LSHIFT:
        return KMOD_LSHIFT;
    case SDLK_RSHIFT:
        return KMOD_RSHIFT;
    case SDLK_LCTRL:
        return KMOD_LCTRL;
    case SDLK_RCTRL:
        return KMOD_RCTRL;
    case SDLK_LALT:
        return KMOD_LALT;
    case SDLK_RALT:
        return KMOD_RALT;
    default:
        return 0;
    }
}

/* "ctrl+shift+z": modifiers, then one key by SDL's key name. */
static int parse_combo(const char *s, ScriptCmd *c)
{
    char buf[128];
    /* Cut short, "ctrl+...+f10" would read as ctrl+f1: refuse instead. */
    if (strlen(s) >= sizeof buf) return -1;
    snprintf(buf, sizeof buf, "%s", s);
    c->mod = 0;
    char *p = buf;
    for (;;) {
        char *plus = strchr(p, '+');
        /* A '+' as the last character is the key itself. */
        if (!plus || plus[1] == '\0') break;
        *plus = '\0';
        if (!SDL_strcasecmp(p, "ctrl"))
            c->mod |= KMOD_LCTRL;
        else if (!SDL_strcasecmp(p, "shift"))
            c->mod |= KMOD_LSHIFT;
        else if (!SDL_strcasecmp(p, "alt"))
            c->mod |= KMOD_LALT;
        else
            return -1;
        p = plus + 1;
    }
    if (!SDL_strcasecmp(p, "shift"))
        c->key = SDLK_LSHIFT;
    else if (!SDL_strcasecmp(p, "ctrl"))
        c->key = SDLK_LCTRL;
    else if (!SDL_strcasecmp(p, "alt"))
        c->key = SDLK_LALT;
    else if (!SDL_strcasecmp(p, "enter"))
        c->key = SDLK_RETURN;
    else if (!SDL_strcasecmp(p, "esc"))
        c->key = SDLK_ESCAPE;
    else
        c->key = SDL_GetKeyFromName(p);
    return c->key == SDLK_UNKNOWN ? -1 : 0;
}

static int parse_button(const char *s)
{
    if (!strcmp(s, "left")) return SDL_BUTTON_LEFT;
    if (!strcmp(s, "middle")) return SDL_BUTTON_MIDDLE;
    if (!strcmp(s, "right")) return SDL_BUTTON_RIGHT;
    return -1;
}

static int parse_number(const char *s, double *v)
{
    errno = 0;
    char *end;
    *v = strtod(s, &end);
    return end == s || *end || errno || !isfinite(*v) ? -1 : 0;
}

static int add(Script *s, const ScriptCmd *c, Err *e)
{
    if (s->n == s->cap) {
        int cap = s->cap ? s->cap * 2 : 64;
        ScriptCmd *p = realloc(s->cmd, (size_t)cap * sizeof *p);
        if (!p) return err_set(e, "%s: out of memory", s->path);
        s->cmd = p;
        s->cap = cap;
    }
    s->cmd[s->n++] = *c;
    return 0;
}

/* Cut the comment and trailing blanks off line; returns its first word
 * (NUL-terminated in place, "" for a blank line) and sets *rest to the
 * text after it, leading blanks skipped. */
static char *first_word(char *line, char **rest)
{
    char *hash = strchr(line, '#');
    /* `type` keeps a '#' that is part of its text only after a space
     * boundary is unambiguous: comments start lines or follow a blank. */
    if (hash && (hash == line || isspace((unsigned char)hash[-1]))) *hash = '\0';
    size_t len = strlen(line);
    while (len > 0 && isspace((unsigned char)line[len - 1])) line[--len] = '\0';
    char *p = line;
    while (isspace((unsigned char)*p)) p++;
    char *word = p;
    while (*p && !isspace((unsigned char)*p)) p++;
    if (*p) *p++ = '\0';
    while (isspace((unsigned char)*p)) p++;
    *rest = p;
    return word;
}

/* A command whose argument is the rest of the line (type, screenshot,
 * wait_file). */
static int add_text_cmd(Script *s, ScriptCmd *c, const char *word, const char *p, int ln, Err *e)
{
    if (!*p)
        return err_set(e, "%s:%d: %s needs %s", s->path, ln, word,
                       c->op == OP_TYPE ? "some text" : "a file name");
    c->text = strdup(p);
    if (!c->text) return err_set(e, "%s: out of memory", s->path);
    if (add(s, c, e) != 0) {
        free(c->text);
        return -1;
    }
    return 0;
}

/* The numbers (and the optional button) of a pointer or wait command,
 * whose ops entry is op. */
static int parse_numbers(Script *s, ScriptCmd *c, const ScriptOpInfo *op, char **arg, int na,
                         int ln, Err *e)
{
    int nums = na;
    bool has_button = c->op == OP_DOWN || c->op == OP_UP || c->op == OP_CLICK || c->op == OP_DRAG;
    if (has_button && na == op->max + 1) {
        c->button = parse_button(arg[na - 1]);
        if (c->button < 0)
            return err_set(e, "%s:%d: unknown button '%s' (left, middle or right)", s->path, ln,
                           arg[na - 1]);
        nums--;
    }
    if (nums < op->min || nums > op->max || (c->op == OP_WHEEL && nums == 2))
        return err_set(e, "%s:%d: wrong number of arguments to %s", s->path, ln, op->name);
    for (int i = 0; i < nums; i++)
        if (parse_number(arg[i], &c->v[i]) != 0)
            return err_set(e, "%s:%d: '%s' is not a number", s->path, ln, arg[i]);
    c->nv = nums;
    if (c->op == OP_WAIT) {
        if (c->v[0] < 0 || c->v[0] > 1e6 || c->v[0] != floor(c->v[0]))
            return err_set(e, "%s:%d: wait takes a whole number of frames", s->path, ln);
        c->n = (int)c->v[0];
    }
    return 0;
}

static int parse_line(Script *s, char *line, int ln, Err *e)
{
    char *p;
    char *word = first_word(line, &p);
    if (!*word) return 0;
    int k = -1;
    for (size_t i = 0; i < sizeof ops / sizeof ops[0]; i++)
        if (!strcmp(word, ops[i].name)) k = (int)i;
    if (k < 0) return err_set(e, "%s:%d: unknown command '%s'", s->path, ln, word);
    ScriptCmd c;
    memset(&c, 0, sizeof c);
    c.op = ops[k].op;
    c.button = SDL_BUTTON_LEFT;
    if (c.op == OP_TYPE || c.op == OP_SHOT || c.op == OP_WAIT_FILE)
        return add_text_cmd(s, &c, word, p, ln, e);
    char *arg[8];
    int na = 0;
    while (*p && na < 8) {
        arg[na++] = p;
        while (*p && !isspace((unsigned char)*p)) p++;
        if (*p) *p++ = '\0';
        while (isspace((unsigned char)*p)) p++;
    }
    if (*p) return err_set(e, "%s:%d: too many arguments to %s", s->path, ln, word);
    switch (c.op) {
    case OP_KEY:
    case OP_KEYDOWN:
    case OP_KEYUP:
        if (na != 1) return err_set(e, "%s:%d: %s needs one key, e.g. ctrl+z", s->path, ln, word);
        if (parse_combo(arg[0], &c) != 0)
            return err_set(e, "%s:%d: unknown key '%s'", s->path, ln, arg[0]);
        break;
    case OP_COORDS:
        if (na != 1 || (strcmp(arg[0], "map") && strcmp(arg[0], "screen")))
            return err_set(e, "%s:%d: coords takes map or screen", s->path, ln);
        c.n = !strcmp(arg[0], "map");
        break;
    case OP_PRINT:
    case OP_QUIT:
        if (na) return err_set(e, "%s:%d: %s takes no arguments", s->path, ln, word);
        break;
    default:
        if (parse_numbers(s, &c, &ops[k], arg, na, ln, e) != 0) return -1;
    }
    return add(s, &c, e);
}

int script_load(Script *s, const char *path, Err *e)
{
    memset(s, 0, sizeof *s);
    snprintf(s->path, sizeof s->path, "%s", path);
    FILE *f = fopen(path, "r");
    if (!f) return err_set(e, "%s: cannot read the script: %s", path, strerror(errno));
    /* getline, not fgets: it tells how many bytes it read, so a NUL byte
     * inside a line is seen instead of cutting the line short (fgets then
     * made it look too long, or silently dropped the rest of a last line). */
    char *line = NULL;
    size_t cap = 0;
    ssize_t got;
    int ln = 0, rc = 0;
    while ((got = getline(&line, &cap, f)) >= 0) {
        ln++;
        size_t n = (size_t)got;
        if (n > 0 && line[n - 1] == '\n') n--;
        if (n > LINE_MAX_LEN - 2) {
            rc = err_set(e, "%s:%d: line longer than %d characters", path, ln, LINE_MAX_LEN - 2);
            break;
        }
        if (memchr(line, '\0', n)) {
            rc = err_set(e, "%s:%d: not a text file (a NUL byte)", path, ln);
            break;
        }
        if ((rc = parse_line(s, line, ln, e)) != 0) break;
    }
    if (rc == 0 && ferror(f)) rc = err_set(e, "%s: read error", path);
    free(line);
    fclose(f);
    if (rc != 0) script_free(s);
    return rc;
}

void script_free(Script *s)
{
    for (int i = 0; i < s->n; i++) free(s->cmd[i].text);
    free(s->cmd);
    s->cmd = NULL;
    s->n = s->cap = 0;
}

/* ----------------------------------------------------------------- replay */

static Uint32 window_id(const EdApp *a)
{
    return a->win ? SDL_GetWindowID(a->win) : 0;
}

/* Command coordinates -> window points. */
static void point(const Script *s, const EdApp *a, double x, double y, double *px, double *py)
{
    if (s->map_coords) edapp_map_to_screen(a, x, y, &x, &y);
    float k = a->px_ratio > 0 ? a->px_ratio : 1.0f;
    *px = x / k;
    *py = y / k;
}

static void push_key(const EdApp *a, Uint32 type, const ScriptCmd *c, Uint16 mod)
{
    SDL_Event ev;
    memset(&ev, 0, sizeof ev);
    ev.type = type;
    ev.key.windowID = window_id(a);
    ev.key.state = type == SDL_KEYDOWN ? SDL_PRESSED : SDL_RELEASED;
    ev.key.keysym.sym = c->key;
    /* Looked up now, not when the script was read: that is before
     * SDL_Init, when SDL's keymap is still empty and every key gives
     * scancode 0 (held keys such as Space for panning then did nothing). */
    ev.key.keysym.scancode = SDL_GetScancodeFromKey(c->key);
    ev.key.keysym.mod = mod;
    SDL_PushEvent(&ev);
}

static void push_motion(Script *s, const EdApp *a, double x, double y)
{
    SDL_Event ev;
    memset(&ev, 0, sizeof ev);
    ev.type = SDL_MOUSEMOTION;
    ev.motion.windowID = window_id(a);
    ev.motion.state = s->buttons;
    ev.motion.x = (Sint32)lround(x);
    ev.motion.y = (Sint32)lround(y);
    ev.motion.xrel = (Sint32)lround(x) - (Sint32)lround(s->mx);
    ev.motion.yrel = (Sint32)lround(y) - (Sint32)lround(s->my);
    s->mx = x;
    s->my = y;
    SDL_PushEvent(&ev);
}

static void push_button(Script *s, const EdApp *a, Uint32 type, int button, double x, double y)
{
    if (x != s->mx || y != s->my) push_motion(s, a, x, y);
    if (type == SDL_MOUSEBUTTONDOWN)
        s->buttons |= SDL_BUTTON(button);
    else
        s->buttons &= ~SDL_BUTTON(button);
    SDL_Event ev;
    memset(&ev, 0, sizeof ev);
    ev.type = type;
    ev.button.windowID = window_id(a);
    ev.button.button = (Uint8)button;
    ev.button.state = type == SDL_MOUSEBUTTONDOWN ? SDL_PRESSED : SDL_RELEASED;
    ev.button.clicks = 1;
    ev.button.x = (Sint32)lround(x);
    ev.button.y = (Sint32)lround(y);
    SDL_PushEvent(&ev);
}

static void push_text(const EdApp *a, const char *t)
{
    size_t n = strlen(t);
    while (n > 0) {
        /* Whole UTF-8 characters per event. */
        size_t k = n < SDL_TEXTINPUTEVENT_TEXT_SIZE - 1 ? n : SDL_TEXTINPUTEVENT_TEXT_SIZE - 1;
        while (k < n && k > 0 && ((unsigned char)t[k] & 0xC0) == 0x80) k--;
        SDL_Event ev;
        memset(&ev, 0, sizeof ev);
        ev.type = SDL_TEXTINPUT;
        ev.text.windowID = window_id(a);
        memcpy(ev.text.text, t, k);
        ev.text.text[k] = '\0';
        SDL_PushEvent(&ev);
        t += k;
        n -= k;
    }
}

/* One frame of a drag: the press, DRAG_STEPS moves, the release. Returns
 * true when done. */
static bool run_drag(Script *s, EdApp *a, const ScriptCmd *c)
{
    double x, y, x1, y1;
    /* Both ends converted now: a drag that pans moves the map under
     * the pointer, and its map coordinates mean where it started. */
    point(s, a, c->v[0], c->v[1], &x, &y);
    point(s, a, c->v[2], c->v[3], &x1, &y1);
    if (s->phase == 0) {
        s->v0x = x;
        s->v0y = y;
        s->v1x = x1;
        s->v1y = y1;
        push_button(s, a, SDL_MOUSEBUTTONDOWN, c->button, x, y);
        return false;
    }
    if (s->phase <= DRAG_STEPS) {
        double t = (double)s->phase / DRAG_STEPS;
        push_motion(s, a, s->v0x + (s->v1x - s->v0x) * t, s->v0y + (s->v1y - s->v0y) * t);
        return false;
    }
    push_button(s, a, SDL_MOUSEBUTTONUP, c->button, s->v1x, s->v1y);
    return true;
}

static void push_wheel(Script *s, EdApp *a, const ScriptCmd *c)
{
    if (c->nv == 3) {
        double x, y;
        point(s, a, c->v[1], c->v[2], &x, &y);
        push_motion(s, a, x, y);
    }
    SDL_Event ev;
    memset(&ev, 0, sizeof ev);
    ev.type = SDL_MOUSEWHEEL;
    ev.wheel.windowID = window_id(a);
    ev.wheel.y = (Sint32)lround(c->v[0]);
    ev.wheel.preciseY = (float)c->v[0];
    ev.wheel.direction = SDL_MOUSEWHEEL_NORMAL;
    SDL_PushEvent(&ev);
}

static void print_state(const EdApp *a)
{
    char line[8192];
    edapp_describe(a, line, sizeof line);
    printf("%s\n", line);
    fflush(stdout);
}

/* Frames keep coming (the window stays alive) while another process
 * prepares something; gives up after WAIT_FILE_FRAMES. True when done. */
static bool run_wait_file(const Script *s, const ScriptCmd *c)
{
    if (access(c->text, F_OK) == 0) return true;
    if (s->phase >= WAIT_FILE_FRAMES) {
        fprintf(stderr, "shoal-editor: %s: wait_file %s: still missing after %d frames\n", s->path,
                c->text, WAIT_FILE_FRAMES);
        return true;
    }
    SDL_Delay(10);
    return false;
}

static void push_quit(void)
{
    SDL_Event ev;
    memset(&ev, 0, sizeof ev);
    ev.type = SDL_QUIT;
    SDL_PushEvent(&ev);
}

/* Run the current command's step; returns true when it is done. */
static bool run(Script *s, EdApp *a, const ScriptCmd *c)
{
    double x, y;
    switch (c->op) {
    case OP_KEY:
        push_key(a, SDL_KEYDOWN, c, (Uint16)(s->held | c->mod));
        push_key(a, SDL_KEYUP, c, (Uint16)(s->held | c->mod));
        return true;
    case OP_KEYDOWN:
        s->held |= (Uint16)(c->mod | mod_of_key(c->key));
        push_key(a, SDL_KEYDOWN, c, s->held);
        return true;
    case OP_KEYUP:
        s->held &= (Uint16) ~(c->mod | mod_of_key(c->key));
        push_key(a, SDL_KEYUP, c, s->held);
        return true;
    case OP_TYPE:
        push_text(a, c->text);
        return true;
    case OP_MOVE:
        point(s, a, c->v[0], c->v[1], &x, &y);
        push_motion(s, a, x, y);
        return true;
    case OP_DOWN:
    case OP_UP:
        point(s, a, c->v[0], c->v[1], &x, &y);
        push_button(s, a, c->op == OP_DOWN ? SDL_MOUSEBUTTONDOWN : SDL_MOUSEBUTTONUP, c->button, x,
                    y);
        return true;
    case OP_CLICK:
        point(s, a, c->v[0], c->v[1], &x, &y);
        push_button(s, a, s->phase == 0 ? SDL_MOUSEBUTTONDOWN : SDL_MOUSEBUTTONUP, c->button, x, y);
        return s->phase == 1;
    case OP_DRAG:
        return run_drag(s, a, c);
    case OP_WHEEL:
        push_wheel(s, a, c);
        return true;
    case OP_COORDS:
        s->map_coords = c->n != 0;
        return true;
    case OP_WAIT:
        return s->phase + 1 >= c->n;
    case OP_SHOT:
        snprintf(s->shot, sizeof s->shot, "%s", c->text);
        return true;
    case OP_PRINT:
        print_state(a);
        return true;
    case OP_WAIT_FILE:
        return run_wait_file(s, c);
    case OP_QUIT:
        push_quit();
        return true;
    }
    return true;
}

bool script_step(Script *s, EdApp *a)
{
    assert(s && a);
    s->shot[0] = '\0';
    while (s->at < s->n) {
        const ScriptCmd *c = &s->cmd[s->at];
        bool done = run(s, a, c);
        if (done) {
            s->at++;
            s->phase = 0;
        } else {
            s->phase++;
        }
        /* Instant commands that push nothing don't take a frame. */
        if (!done || !(c->op == OP_COORDS)) break;
    }
    return s->at >= s->n;
}
