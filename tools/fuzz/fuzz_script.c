/* fuzz_script: the editor's --script parser (script_load) on arbitrary
 * files, with no window and no SDL_Init: the input is written to a memfd
 * and loaded through its /proc path, so the real reading loop runs.
 * script.c is compiled in here to see its private command records.
 * Accepted, every command is well formed (known op, finite numbers in the
 * documented count, a whole wait, a real key); refused, nothing is kept
 * and the message is one line naming the file. Each word is also parsed
 * as a key combo and compared with a reference that has no length limit. */
#define _GNU_SOURCE /* memfd_create */
#include <stddef.h>
#include <stdint.h>
#include <sys/mman.h>
#include <unistd.h>

#include "../editor/script.c"
#include "fuzz_util.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define MODS_ALLOWED (KMOD_LCTRL | KMOD_LSHIFT | KMOD_LALT)

/* parse_combo's rules on a copy as long as the input: modifiers joined by
 * '+', a trailing '+' being the key itself, then one key name. */
static int ref_combo(const char *s, Uint16 *mod, SDL_Keycode *key)
{
    char *buf = strdup(s);
    FUZZ_CHECK(buf, "out of memory");
    int rc = 0;
    *mod = 0;
    char *p = buf;
    for (;;) {
        char *plus = strchr(p, '+');
        if (!plus || plus[1] == '\0') break;
        *plus = '\0';
        if (!SDL_strcasecmp(p, "ctrl"))
            *mod |= KMOD_LCTRL;
        else if (!SDL_strcasecmp(p, "shift"))
            *mod |= KMOD_LSHIFT;
        else if (!SDL_strcasecmp(p, "alt"))
            *mod |= KMOD_LALT;
        else {
            rc = -1;
            break;
        }
        p = plus + 1;
    }
    if (rc == 0) {
        static const struct {
            const char *name;
            SDL_Keycode key;
        } alias[] = {{"shift", SDLK_LSHIFT},
                     {"ctrl", SDLK_LCTRL},
                     {"alt", SDLK_LALT},
                     {"enter", SDLK_RETURN},
                     {"esc", SDLK_ESCAPE}};
        *key = SDLK_UNKNOWN;
        int aliased = 0;
        for (size_t i = 0; i < sizeof alias / sizeof alias[0]; i++)
            if (!SDL_strcasecmp(p, alias[i].name)) {
                *key = alias[i].key;
                aliased = 1;
            }
        if (!aliased) *key = SDL_GetKeyFromName(p);
        if (*key == SDLK_UNKNOWN) rc = -1;
    }
    free(buf);
    return rc;
}

static void check_combo(const char *s)
{
    ScriptCmd c;
    memset(&c, 0, sizeof c);
    Uint16 mod;
    SDL_Keycode key;
    int got = parse_combo(s, &c), want = ref_combo(s, &mod, &key);
    /* parse_combo may refuse a combo too long for its buffer (127 bytes,
     * far beyond any real one), never read it as another. */
    if (got != 0 && strlen(s) >= 128) return;
    FUZZ_CHECK(got == want, "key '%s': parse_combo says %d, the rules say %d", s, got, want);
    if (got == 0)
        FUZZ_CHECK(c.mod == mod && c.key == key, "key '%s' read as mod %#x key %#x, not %#x %#x", s,
                   c.mod, (unsigned)c.key, mod, (unsigned)key);
}

static void check_text(const char *t, const char *what)
{
    FUZZ_CHECK(t && t[0], "%s without text", what);
    size_t n = strlen(t);
    FUZZ_CHECK(!isspace((unsigned char)t[0]) && !isspace((unsigned char)t[n - 1]),
               "%s text '%s' not trimmed", what, t);
    FUZZ_CHECK(!strchr(t, '\n'), "%s text holds a newline", what);
}

static void check_cmd(const ScriptCmd *c)
{
    int k = -1;
    for (size_t i = 0; i < sizeof ops / sizeof ops[0]; i++)
        if (ops[i].op == c->op) k = (int)i;
    FUZZ_CHECK(k >= 0, "unknown op %d", (int)c->op);
    switch (c->op) {
    case OP_KEY:
    case OP_KEYDOWN:
    case OP_KEYUP:
        FUZZ_CHECK(c->key != SDLK_UNKNOWN, "%s without a key", ops[k].name);
        FUZZ_CHECK((c->mod & ~MODS_ALLOWED) == 0, "%s with modifiers %#x", ops[k].name, c->mod);
        break;
    case OP_TYPE:
    case OP_SHOT:
    case OP_WAIT_FILE:
        check_text(c->text, ops[k].name);
        break;
    case OP_COORDS:
        FUZZ_CHECK(c->n == 0 || c->n == 1, "coords %d", c->n);
        break;
    case OP_PRINT:
    case OP_QUIT:
        break;
    default:
        FUZZ_CHECK(c->nv >= ops[k].min && c->nv <= ops[k].max, "%s with %d numbers", ops[k].name,
                   c->nv);
        FUZZ_CHECK(!(c->op == OP_WHEEL && c->nv == 2), "wheel with 2 numbers");
        for (int i = 0; i < c->nv; i++)
            FUZZ_CHECK(isfinite(c->v[i]), "%s number %d is %g", ops[k].name, i, c->v[i]);
        FUZZ_CHECK(c->button == SDL_BUTTON_LEFT || c->button == SDL_BUTTON_MIDDLE ||
                       c->button == SDL_BUTTON_RIGHT,
                   "button %d", c->button);
        if (c->op == OP_WAIT)
            FUZZ_CHECK(c->n >= 0 && c->n <= 1000000 && c->n == c->v[0], "wait %d (%g)", c->n,
                       c->v[0]);
    }
    if (c->op != OP_TYPE && c->op != OP_SHOT && c->op != OP_WAIT_FILE)
        FUZZ_CHECK(c->text == NULL, "%s keeps text", ops[k].name);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static int fd = -1;
    static char path[64];
    if (fd < 0) {
        fd = memfd_create("fuzz.script", 0);
        FUZZ_CHECK(fd >= 0, "memfd_create failed");
        snprintf(path, sizeof path, "/proc/self/fd/%d", fd);
    }
    FUZZ_CHECK(ftruncate(fd, 0) == 0, "ftruncate failed");
    FUZZ_CHECK(size == 0 || pwrite(fd, data, size, 0) == (ssize_t)size, "pwrite failed");

    Script s;
    Err e;
    e.msg[0] = '\0';
    if (script_load(&s, path, &e) == 0) {
        long lines = 1;
        for (size_t i = 0; i < size; i++) lines += data[i] == '\n';
        FUZZ_CHECK(s.n >= 0 && s.n <= lines, "%d commands from %ld lines", s.n, lines);
        FUZZ_CHECK(s.at == 0 && s.phase == 0 && s.wait == 0, "a loaded script has started");
        for (int i = 0; i < s.n; i++) check_cmd(&s.cmd[i]);
        script_free(&s);
    } else {
        char prefix[80];
        snprintf(prefix, sizeof prefix, "%s:", path);
        fuzz_check_err(&e, prefix);
        FUZZ_CHECK(s.cmd == NULL && s.n == 0, "a refused script kept %d commands", s.n);
        /* A line is called too long only when one is. */
        if (strstr(e.msg, ": line longer than")) {
            size_t longest = 0, run = 0;
            for (size_t i = 0; i < size; i++) {
                run = data[i] == '\n' ? 0 : run + 1;
                if (run > longest) longest = run;
            }
            FUZZ_CHECK(longest > LINE_MAX_LEN - 2, "'%s', yet the longest line has %zu bytes",
                       e.msg, longest);
        }
    }

    /* Every word of the input (up to a NUL) as a key combo. */
    size_t at = 0;
    while (at < size) {
        while (at < size && isspace(data[at])) at++;
        size_t n = 0;
        while (at + n < size && !isspace(data[at + n])) n++;
        if (n == 0) break;
        char *word = malloc(n + 1);
        FUZZ_CHECK(word, "out of memory");
        memcpy(word, data + at, n);
        word[n] = '\0';
        check_combo(word);
        free(word);
        at += n;
    }
    return 0;
}
