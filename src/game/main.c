/* main: shoal's command line — flags, the starting map, then the window. */
#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app.h"
#include "core/map.h"
#include "world.h"

#ifndef SHOAL_VERSION
#define SHOAL_VERSION "0.1.0"
#endif

/* Window and screenshot sides allowed by --size. */
#define SIZE_MIN      64
#define SIZE_MAX_SIDE 8192
#define FRAMES_MAX    100000

static void usage(FILE *f)
{
    fprintf(f,
            "usage: shoal [--map FILE.png | --seed N] [--size WxH]\n"
            "             [--screenshot OUT.png [--frames N]]\n"
            "\n"
            "  --map FILE.png     play on this map (PNG mask, NAME.ini beside it)\n"
            "  --seed N           play on a generated map (N = 0..4294967295)\n"
            "                     with neither: the first shipped map, else seed 1\n"
            "  --size WxH         window size in pixels (default %dx%d)\n"
            "  --screenshot OUT   render headless, save OUT as PNG and exit\n"
            "  --frames N         frames rendered before the screenshot (default %d)\n"
            "  --help             show this and exit\n"
            "  --version          show the version and exit\n"
            "\n"
            "In the game press F1 or H for the controls.\n",
            APP_DEFAULT_W, APP_DEFAULT_H, APP_DEFAULT_FRAMES);
}

/* Report a bad flag in one line; main returns the 2 this gives. */
#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
static int
bad(const char *flag, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "shoal: %s: ", flag);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
    return 2;
}

/* Strict decimal: digits only (no sign, no spaces), within lo..hi. */
static int parse_num(const char *s, long long lo, long long hi, long long *out)
{
    if (!isdigit((unsigned char)s[0])) return -1;
    errno = 0;
    char *end;
    long long v = strtoll(s, &end, 10);
    if (errno || *end || v < lo || v > hi) return -1;
    *out = v;
    return 0;
}

static int parse_size(const char *s, int *w, int *h)
{
    const char *x = strchr(s, 'x');
    if (!x || x == s || (size_t)(x - s) >= 16) return -1;
    char left[16];
    memcpy(left, s, (size_t)(x - s));
    left[x - s] = '\0';
    long long a, b;
    if (parse_num(left, SIZE_MIN, SIZE_MAX_SIDE, &a) ||
        parse_num(x + 1, SIZE_MIN, SIZE_MAX_SIDE, &b))
        return -1;
    *w = (int)a;
    *h = (int)b;
    return 0;
}

/* Fill o from argv. Returns -1 to go on, else the exit code (0 after
 * --help/--version, 2 after one line naming a bad flag). */
static int parse_args(int argc, char **argv, GameOptions *o)
{
    int frames_given = 0, help = 0, version = 0;
    memset(o, 0, sizeof *o);
    o->frames = APP_DEFAULT_FRAMES;
    o->width = APP_DEFAULT_W;
    o->height = APP_DEFAULT_H;
    for (int i = 1; i < argc; i++) {
        char flag[64];
        const char *arg = argv[i];
        const char *value = NULL;
        /* Accept both "--flag value" and "--flag=value". */
        const char *eq = strncmp(arg, "--", 2) == 0 ? strchr(arg, '=') : NULL;
        size_t n = eq ? (size_t)(eq - arg) : strlen(arg);
        if (n >= sizeof flag) n = sizeof flag - 1;
        memcpy(flag, arg, n);
        flag[n] = '\0';
        if (eq) value = eq + 1;

        if (!strcmp(flag, "--help") || !strcmp(flag, "-h") || !strcmp(flag, "--version")) {
            if (value) return bad(flag, "takes no value (got '%s')", value);
            if (flag[2] == 'v')
                version = 1;
            else
                help = 1;
            continue;
        }
        if (arg[0] != '-') return bad(arg, "unexpected argument (see --help)");
        int known = !strcmp(flag, "--map") || !strcmp(flag, "--seed") ||
                    !strcmp(flag, "--screenshot") || !strcmp(flag, "--frames") ||
                    !strcmp(flag, "--size");
        if (!known) return bad(arg, "unknown flag (see --help)");
        if (!value) {
            if (i + 1 >= argc) return bad(flag, "missing value");
            value = argv[++i];
        }
        long long v;
        if (!strcmp(flag, "--map")) {
            if (!value[0]) return bad(flag, "empty file name");
            o->map_path = value;
        } else if (!strcmp(flag, "--seed")) {
            if (parse_num(value, 0, 4294967295LL, &v))
                return bad(flag, "'%s' is not a whole number in 0..4294967295", value);
            o->has_seed = 1;
            o->seed = (uint32_t)v;
        } else if (!strcmp(flag, "--screenshot")) {
            if (!value[0]) return bad(flag, "empty file name");
            o->screenshot = value;
        } else if (!strcmp(flag, "--frames")) {
            if (parse_num(value, 1, FRAMES_MAX, &v))
                return bad(flag, "'%s' is not a whole number in 1..100000", value);
            o->frames = (int)v;
            frames_given = 1;
        } else if (parse_size(value, &o->width, &o->height)) {
            return bad(flag, "'%s' is not WxH with each side in 64..8192", value);
        }
    }
    /* Acted on only once every flag has been checked. */
    if (help) {
        usage(stdout);
        return 0;
    }
    if (version) {
        printf("shoal %s\n", SHOAL_VERSION);
        return 0;
    }
    if (o->map_path && o->has_seed) return bad("--map", "give --map or --seed, not both");
    if (frames_given && !o->screenshot) return bad("--frames", "only used with --screenshot");
    return -1;
}

int main(int argc, char **argv)
{
    GameOptions o;
    int rc = parse_args(argc, argv, &o);
    if (rc >= 0) return rc;

    Map m;
    Err e = {{0}};
    rc = world_load(&m, &o, &e);
    if (rc != 0) {
        fprintf(stderr, "shoal: %s\n", e.msg);
        return rc == -1 ? 2 : 1;
    }
    rc = app_run(&o, &m);
    map_free(&m);
    return rc;
}
