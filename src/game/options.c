/* options: shoal's command line — every flag checked, one line per mistake. */
#include "options.h"

#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bakebench.h"
#include "battle.h"
#include "core/cli.h"
#include "core/jobs.h"
#include "core/map.h"
#include "core/sea.h"
#include "core/skirmish.h"
#include "ui/camera.h"

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
            "usage: shoal [--map FILE.png | --seed N] [--size WxH] [--fish N] [--sharks N]\n"
            "             [--sea-life on|off] [--threads T] [--zoom Z] [--center X,Y]\n"
            "             [--ui none|status|all]\n"
            "             [--screenshot OUT.png | --compare-sea-life | --bench-batch]\n"
            "             [--frames N] [--menu]\n"
            "             [--skirmish [--opponent ai|hotseat|watch] [--ships A[,B]]\n"
            "              [--turns T] [--advance K]]\n"
            "       shoal --autoplay [--ai-vs-ai] [--seed N] [--map FILE] [--turns T] [--json]\n"
            "             (see shoal --autoplay --help)\n"
            "\n"
            "  --map FILE.png       play on this map (PNG mask, NAME.ini beside it)\n"
            "  --seed N             play on a generated map (N = 0..4294967295); also\n"
            "                       seeds the fish. With neither: the first shipped\n"
            "                       map, else seed 1\n"
            "  --size WxH           window size in pixels (default %dx%d)\n"
            "  --fish N             fish in the sea (0..%d, default %d)\n"
            "  --sharks N           sharks (0..%d, default %d)\n"
            "  --sea-life on|off    start with all sea life on (default) or off\n"
            "  --threads T          worker threads, the main one included (1..%d;\n"
            "                       default SHOAL_THREADS, else one per core)\n"
            "  --zoom Z             screen px per map px at start (default: whole map)\n"
            "  --center X,Y         map point at the centre of the view at start\n"
            "  --ui MODE            overlays at start: none, status (default), or all\n"
            "                       (adds the performance overlay and controls panel)\n"
            "  --screenshot OUT     render headless, save OUT as PNG and exit\n"
            "  --compare-sea-life   render headless with sea life on, then off, and\n"
            "                       print a table of median frame costs\n"
            "  --bench-batch        time the sprite-vertex bake of --fish fish (default\n"
            "                       %d) alone and inside sea steps; print medians\n"
            "  --frames N           frames rendered before the screenshot (default %d),\n"
            "                       per half of the comparison (default %d), or runs\n"
            "                       of --bench-batch (default %d)\n"
            "  --menu               open on the main menu (the default in a window\n"
            "                       without --map, --seed or --skirmish)\n"
            "  --skirmish           start straight in a naval battle on the --map, or on\n"
            "                       the sea generated from --seed (default 1)\n"
            "  --opponent MODE      side B: ai (default), hotseat (a second player at\n"
            "                       this screen) or watch (the computer plays both)\n"
            "  --ships A[,B]        ships per side, 1..%d (default 3)\n"
            "  --turns T            the battle's turn limit, 1..%d (default 60)\n"
            "  --advance K          the computer plays both sides for K turns first;\n"
            "                       the last one is still playing out when shown\n"
            "  --autoplay ...       a whole battle without a window (shoal --autoplay --help)\n"
            "  --help               show this and exit\n"
            "  --version            show the version and exit\n"
            "\n"
            "In the game press F1 or H for the controls.\n",
            APP_DEFAULT_W, APP_DEFAULT_H, SEA_MAX_FISH, APP_DEFAULT_FISH, SEA_MAX_SHARKS,
            APP_DEFAULT_SHARKS, JOBS_MAX_THREADS, BAKEBENCH_FISH, APP_DEFAULT_FRAMES,
            APP_COMPARE_FRAMES, BAKEBENCH_RUNS, SKIRMISH_SIDE_SHIPS, SKIRMISH_MAX_TURNS);
}

/* Report a bad flag in one line; main returns the 2 this gives. */
#define bad(...) cli_fail("shoal", __VA_ARGS__)

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

/* Strict decimal fraction ("1", "2.5"; no sign, exponent or spaces)
 * within lo..hi. */
static int parse_real(const char *s, double lo, double hi, double *out)
{
    if (!isdigit((unsigned char)s[0])) return -1;
    for (const char *p = s; *p; p++)
        if (!isdigit((unsigned char)*p) && *p != '.') return -1;
    errno = 0;
    char *end;
    double v = strtod(s, &end);
    if (errno || *end || !(v >= lo && v <= hi)) return -1;
    *out = v;
    return 0;
}

/* "X,Y": two map coordinates. */
static int parse_point(const char *s, double *x, double *y)
{
    const char *comma = strchr(s, ',');
    if (!comma || comma == s || (size_t)(comma - s) >= 32) return -1;
    char left[32];
    memcpy(left, s, (size_t)(comma - s));
    left[comma - s] = '\0';
    return parse_real(left, 0, MAP_MAX_SIDE, x) || parse_real(comma + 1, 0, MAP_MAX_SIDE, y) ? -1
                                                                                             : 0;
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

/* "A" or "A,B", each a whole number of ships. */
static int parse_ships(const char *s, int out[2])
{
    const char *comma = strchr(s, ',');
    long long a, b;
    if (!comma) {
        if (parse_num(s, 1, SKIRMISH_SIDE_SHIPS, &a)) return -1;
        out[0] = out[1] = (int)a;
        return 0;
    }
    char left[16];
    if (comma == s || (size_t)(comma - s) >= sizeof left) return -1;
    memcpy(left, s, (size_t)(comma - s));
    left[comma - s] = '\0';
    if (parse_num(left, 1, SKIRMISH_SIDE_SHIPS, &a) ||
        parse_num(comma + 1, 1, SKIRMISH_SIDE_SHIPS, &b))
        return -1;
    out[0] = (int)a;
    out[1] = (int)b;
    return 0;
}

int options_parse(int argc, char **argv, GameOptions *o)
{
    int frames_given = 0, fish_given = 0, help = 0, version = 0;
    const char *battle_flag = NULL; /* a battle flag seen, for "needs --skirmish" */
    memset(o, 0, sizeof *o);
    o->frames = APP_DEFAULT_FRAMES;
    o->width = APP_DEFAULT_W;
    o->height = APP_DEFAULT_H;
    o->fish = APP_DEFAULT_FISH;
    o->sharks = APP_DEFAULT_SHARKS;
    o->sea_on = 1;
    o->ui = UI_SHOW_STATUS;
    o->opponent = BATTLE_VS_AI;
    o->ships[0] = o->ships[1] = 3;
    o->turns = 60;
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

        if (!strcmp(flag, "--compare-sea-life") || !strcmp(flag, "--bench-batch") ||
            !strcmp(flag, "--menu") || !strcmp(flag, "--skirmish")) {
            if (value) return bad(flag, "takes no value (got '%s')", value);
            if (!strcmp(flag, "--compare-sea-life"))
                o->compare = 1;
            else if (!strcmp(flag, "--bench-batch"))
                o->bench_batch = 1;
            else if (!strcmp(flag, "--menu"))
                o->menu = 1;
            else
                o->skirmish = 1;
            continue;
        }
        if (!strcmp(flag, "--help") || !strcmp(flag, "-h") || !strcmp(flag, "--version")) {
            if (value) return bad(flag, "takes no value (got '%s')", value);
            if (flag[2] == 'v')
                version = 1;
            else
                help = 1;
            continue;
        }
        if (arg[0] != '-') return bad(arg, "unexpected argument (see --help)");
        static const char *const valued[] = {
            "--map",      "--seed",    "--screenshot", "--frames",  "--size", "--fish",
            "--sharks",   "--threads", "--zoom",       "--center",  "--ui",   "--sea-life",
            "--opponent", "--ships",   "--turns",      "--advance",
        };
        int known = 0;
        for (size_t k = 0; k < sizeof valued / sizeof valued[0]; k++)
            known |= !strcmp(flag, valued[k]);
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
        } else if (!strcmp(flag, "--size")) {
            if (parse_size(value, &o->width, &o->height))
                return bad(flag, "'%s' is not WxH with each side in 64..8192", value);
        } else if (!strcmp(flag, "--fish")) {
            if (parse_num(value, 0, SEA_MAX_FISH, &v))
                return bad(flag, "'%s' is not a whole number in 0..%d", value, SEA_MAX_FISH);
            o->fish = (int)v;
            fish_given = 1;
        } else if (!strcmp(flag, "--sharks")) {
            if (parse_num(value, 0, SEA_MAX_SHARKS, &v))
                return bad(flag, "'%s' is not a whole number in 0..%d", value, SEA_MAX_SHARKS);
            o->sharks = (int)v;
            o->sharks_given = 1;
        } else if (!strcmp(flag, "--opponent")) {
            battle_flag = "--opponent";
            if (!strcmp(value, "ai"))
                o->opponent = BATTLE_VS_AI;
            else if (!strcmp(value, "hotseat"))
                o->opponent = BATTLE_HOTSEAT;
            else if (!strcmp(value, "watch"))
                o->opponent = BATTLE_WATCH;
            else
                return bad(flag, "'%s' is not one of ai, hotseat, watch", value);
        } else if (!strcmp(flag, "--ships")) {
            battle_flag = "--ships";
            if (parse_ships(value, o->ships))
                return bad(flag, "'%s' is not N or N,M with each in 1..%d", value,
                           SKIRMISH_SIDE_SHIPS);
        } else if (!strcmp(flag, "--turns")) {
            battle_flag = "--turns";
            if (parse_num(value, 1, SKIRMISH_MAX_TURNS, &v))
                return bad(flag, "'%s' is not a whole number in 1..%d", value, SKIRMISH_MAX_TURNS);
            o->turns = (int)v;
        } else if (!strcmp(flag, "--advance")) {
            battle_flag = "--advance";
            if (parse_num(value, 0, SKIRMISH_MAX_TURNS, &v))
                return bad(flag, "'%s' is not a whole number in 0..%d", value, SKIRMISH_MAX_TURNS);
            o->advance = (int)v;
        } else if (!strcmp(flag, "--threads")) {
            if (parse_num(value, 1, JOBS_MAX_THREADS, &v))
                return bad(flag, "'%s' is not a whole number in 1..%d", value, JOBS_MAX_THREADS);
            o->threads = (int)v;
        } else if (!strcmp(flag, "--zoom")) {
            if (parse_real(value, 0.001, CAM_ZOOM_MAX, &o->zoom) || !(o->zoom > 0))
                return bad(flag, "'%s' is not a number above 0 and at most %g", value,
                           CAM_ZOOM_MAX);
        } else if (!strcmp(flag, "--center")) {
            if (parse_point(value, &o->center_x, &o->center_y))
                return bad(flag, "'%s' is not X,Y with both map coordinates >= 0", value);
            o->has_center = 1;
        } else if (!strcmp(flag, "--ui")) {
            if (!strcmp(value, "none"))
                o->ui = UI_SHOW_NONE;
            else if (!strcmp(value, "status"))
                o->ui = UI_SHOW_STATUS;
            else if (!strcmp(value, "all"))
                o->ui = UI_SHOW_ALL;
            else
                return bad(flag, "'%s' is not one of none, status, all", value);
        } else {
            if (strcmp(value, "on") && strcmp(value, "off"))
                return bad(flag, "'%s' is not on or off", value);
            o->sea_on = !strcmp(value, "on");
            o->sea_given = 1;
        }
    }
    o->fish_given = fish_given;
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
    if (!!o->screenshot + o->compare + o->bench_batch > 1)
        return bad(o->compare ? "--compare-sea-life" : "--bench-batch",
                   "give one of --screenshot, --compare-sea-life and --bench-batch");
    if (frames_given && !o->screenshot && !o->compare && !o->bench_batch)
        return bad("--frames", "only used with --screenshot, --compare-sea-life or --bench-batch");
    if (o->compare && !frames_given) o->frames = APP_COMPARE_FRAMES;
    if (o->bench_batch && !frames_given) o->frames = BAKEBENCH_RUNS;
    if (o->bench_batch && !fish_given) o->fish = BAKEBENCH_FISH;
    if (battle_flag && !o->skirmish) return bad(battle_flag, "only used with --skirmish");
    if (o->skirmish && (o->compare || o->bench_batch))
        return bad("--skirmish", "not with --compare-sea-life or --bench-batch");
    if (o->skirmish && o->menu) return bad("--menu", "give --menu or --skirmish, not both");
    if (o->advance > o->turns)
        return bad("--advance", "%d turns is more than the battle's %d", o->advance, o->turns);
    return -1;
}
