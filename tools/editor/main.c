/* main: shoal-editor's command line, the starting map, the window and the
 * loops (interactive, scripted, screenshot). */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <SDL.h>

#include "core/cli.h"
#include "core/map.h"
#include "core/mapgen.h"
#include "edapp.h"
#include "script.h"

#ifndef SHOAL_VERSION
#define SHOAL_VERSION "0.1.0"
#endif

#define FRAMES_DEFAULT 3
#define FRAMES_MAX     100000
#define FALLBACK_HZ    60
/* An idle window wakes this often (ms) to keep the autosave on time. */
#define IDLE_WAKE_MS 500

static void usage(FILE *f)
{
    fprintf(f,
            "usage: shoal-editor [MAP.png] [--new WxH | --seed N] [--size WxH]\n"
            "                    [--overlays LIST] [--autosave SECONDS]\n"
            "                    [--screenshot OUT.png [--frames N]] [--script FILE]\n"
            "\n"
            "Paint, generate and check shoal maps (a PNG mask with NAME.ini beside it).\n"
            "Without MAP.png: a new map generated with the default settings.\n"
            "\n"
            "  --new WxH            start from an empty sea of W x H pixels (%d..%d)\n"
            "  --seed N             start from a generated map (N = 0..4294967295)\n"
            "  --size WxH           window size (default %dx%d)\n"
            "  --overlays LIST      overlays shown at start, comma-separated: heat,\n"
            "                       grid, sailable, sea (or none, all)\n"
            "  --autosave SECONDS   recovery copy interval while there are unsaved\n"
            "                       changes (default %d; 0 turns it off). Copies go to\n"
            "                       $XDG_DATA_HOME/shoal/recovery (else\n"
            "                       ~/.local/share/shoal/recovery); the next start on\n"
            "                       the same map offers to restore them\n"
            "  --screenshot OUT     render without a display, save OUT as PNG, exit\n"
            "  --frames N           frames rendered before the screenshot (default %d)\n"
            "  --script FILE        replay scripted input (see README: key, type,\n"
            "                       mouse_down, drag, wait, print, ...), then exit\n"
            "  --help, --version\n"
            "\n"
            "In the editor press F1 for the keys.\n",
            MAP_MIN_SIDE, MAP_MAX_SIDE, EDAPP_DEFAULT_W, EDAPP_DEFAULT_H, EDAPP_DEFAULT_AUTOSAVE,
            FRAMES_DEFAULT);
}

#define bad(...) cli_fail("shoal-editor", __VA_ARGS__)

static int parse_overlays(const char *s, unsigned *out)
{
    static const struct {
        const char *name;
        unsigned bits;
    } names[] = {
        {"heat", OVL_HEAT}, {"grid", OVL_GRID}, {"sailable", OVL_SAIL},
        {"sea", OVL_SEA},   {"none", 0},        {"all", OVL_HEAT | OVL_GRID | OVL_SAIL | OVL_SEA}};
    unsigned v = 0;
    const char *p = s;
    for (;;) {
        const char *comma = strchr(p, ',');
        size_t n = comma ? (size_t)(comma - p) : strlen(p);
        int found = 0;
        for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
            if (strlen(names[i].name) == n && !strncmp(p, names[i].name, n)) {
                v |= names[i].bits;
                found = 1;
            }
        if (!found) return -1;
        if (!comma) break;
        p = comma + 1;
    }
    *out = v;
    return 0;
}

/* Fill o from argv. Returns -1 to go on, else the exit code. */
static int parse_args(int argc, char **argv, EdOptions *o)
{
    int help = 0, version = 0, frames_given = 0;
    memset(o, 0, sizeof *o);
    o->frames = FRAMES_DEFAULT;
    o->width = EDAPP_DEFAULT_W;
    o->height = EDAPP_DEFAULT_H;
    o->autosave_s = EDAPP_DEFAULT_AUTOSAVE;
    Err e = {{0}};
    for (int i = 1; i < argc; i++) {
        const char *arg = argv[i];
        if (arg[0] != '-' || arg[1] == '\0') {
            if (o->map_path)
                return bad(arg, "only one map can be opened (already given %s)", o->map_path);
            if (!arg[0]) return bad("MAP.png", "empty file name");
            o->map_path = arg;
            continue;
        }
        char flag[64];
        const char *eq = strncmp(arg, "--", 2) == 0 ? strchr(arg, '=') : NULL;
        size_t n = eq ? (size_t)(eq - arg) : strlen(arg);
        if (n >= sizeof flag) n = sizeof flag - 1;
        memcpy(flag, arg, n);
        flag[n] = '\0';
        const char *value = eq ? eq + 1 : NULL;
        if (!strcmp(flag, "--help") || !strcmp(flag, "-h") || !strcmp(flag, "--version")) {
            if (value) return bad(flag, "takes no value (got '%s')", value);
            if (flag[2] == 'v')
                version = 1;
            else
                help = 1;
            continue;
        }
        static const char *const valued[] = {"--new",      "--seed",       "--size",   "--overlays",
                                             "--autosave", "--screenshot", "--frames", "--script"};
        int known = 0;
        for (size_t k = 0; k < sizeof valued / sizeof valued[0]; k++)
            known |= !strcmp(flag, valued[k]);
        if (!known) return bad(arg, "unknown flag (see --help)");
        if (!value) {
            if (i + 1 >= argc) return bad(flag, "missing value");
            value = argv[++i];
        }
        if (!strcmp(flag, "--new")) {
            if (cli_size(flag, value, MAP_MIN_SIDE, MAP_MAX_SIDE, &o->new_w, &o->new_h, &e) != 0)
                return fprintf(stderr, "shoal-editor: %s\n", e.msg), 2;
        } else if (!strcmp(flag, "--seed")) {
            long v;
            if (cli_long(flag, value, 0, 4294967295L, &v, &e) != 0)
                return fprintf(stderr, "shoal-editor: %s\n", e.msg), 2;
            o->has_seed = 1;
            o->seed = (uint32_t)v;
        } else if (!strcmp(flag, "--size")) {
            if (cli_size(flag, value, 64, 8192, &o->width, &o->height, &e) != 0)
                return fprintf(stderr, "shoal-editor: %s\n", e.msg), 2;
        } else if (!strcmp(flag, "--overlays")) {
            if (parse_overlays(value, &o->overlays) != 0)
                return bad(flag,
                           "'%s' is not a comma-separated list of heat, grid, sailable, sea "
                           "(or none, all)",
                           value);
        } else if (!strcmp(flag, "--autosave")) {
            if (cli_int(flag, value, 0, 86400, &o->autosave_s, &e) != 0)
                return fprintf(stderr, "shoal-editor: %s\n", e.msg), 2;
        } else if (!strcmp(flag, "--screenshot")) {
            if (!value[0]) return bad(flag, "empty file name");
            o->screenshot = value;
        } else if (!strcmp(flag, "--frames")) {
            if (cli_int(flag, value, 1, FRAMES_MAX, &o->frames, &e) != 0)
                return fprintf(stderr, "shoal-editor: %s\n", e.msg), 2;
            frames_given = 1;
        } else {
            if (!value[0]) return bad(flag, "empty file name");
            o->script = value;
        }
    }
    if (help) {
        usage(stdout);
        return 0;
    }
    if (version) {
        printf("shoal-editor %s\n", SHOAL_VERSION);
        return 0;
    }
    int starts = (o->map_path != NULL) + (o->new_w > 0) + o->has_seed;
    if (starts > 1)
        return bad(o->map_path ? o->map_path : "--new", "give one of MAP.png, --new, --seed");
    if (frames_given && !o->screenshot) return bad("--frames", "only used with --screenshot");
    return -1;
}

/* The map the session starts on. Returns 0, or the exit code. */
static int first_map(const EdOptions *o, Map *m)
{
    Err e = {{0}};
    if (o->map_path) {
        if (map_load(m, o->map_path, &e) != 0) {
            fprintf(stderr, "shoal-editor: %s\n", e.msg);
            return 2;
        }
        return 0;
    }
    if (o->new_w > 0) {
        if (map_init(m, o->new_w, o->new_h, &e) != 0) {
            fprintf(stderr, "shoal-editor: %s\n", e.msg);
            return 2;
        }
        return 0;
    }
    MapGenParams p;
    mapgen_defaults(&p);
    if (o->has_seed) p.seed = o->seed;
    if (mapgen_generate(m, &p, &e) != 0) {
        fprintf(stderr, "shoal-editor: %s\n", e.msg);
        return 1;
    }
    return 0;
}

static double now_seconds(void)
{
    return (double)SDL_GetPerformanceCounter() / (double)SDL_GetPerformanceFrequency();
}

static int run(EdApp *a, const EdOptions *o, Script *script)
{
    bool headless = o->screenshot || script;
    double period = 1.0 / FALLBACK_HZ, last = now_seconds();
    SDL_DisplayMode mode;
    if (!headless && SDL_GetWindowDisplayMode(a->win, &mode) == 0 && mode.refresh_rate > 0)
        period = 1.0 / mode.refresh_rate;
    bool script_done = false;
    for (int frame = 0;; frame++) {
        double t = now_seconds();
        SDL_Event ev;
        /* The script starts once a frame is up, as a user would: panels
         * know their places only after being drawn. */
        if (script && !script_done && frame > 0) script_done = script_step(script, a);
        if (!headless && !edapp_animating(a) && SDL_WaitEventTimeout(&ev, IDLE_WAKE_MS)) {
            /* Idle: sleep in the event queue instead of redrawing. */
            edapp_event(a, &ev);
            t = now_seconds();
        }
        while (SDL_PollEvent(&ev)) edapp_event(a, &ev);
        if (a->quit) return 0;
        double dt = headless ? 1.0 / 60.0 : t - last;
        last = t;
        edapp_frame(a, dt);
        Err e = {{0}};
        if (script && script->shot[0] && edapp_screenshot(a, script->shot, &e) != 0) {
            fprintf(stderr, "shoal-editor: %s\n", e.msg);
            return 1;
        }
        bool last_frame = script ? script_done : o->screenshot && frame + 1 >= o->frames;
        if (last_frame && o->screenshot && edapp_screenshot(a, o->screenshot, &e) != 0) {
            fprintf(stderr, "shoal-editor: %s\n", e.msg);
            return 1;
        }
        edapp_present(a);
        if (last_frame) return 0;
        if (!headless) {
            double spent = now_seconds() - t;
            if (spent < period) SDL_Delay((Uint32)((period - spent) * 1000.0));
        }
    }
}

int main(int argc, char **argv)
{
    EdOptions o;
    int rc = parse_args(argc, argv, &o);
    if (rc >= 0) return rc;
    Script script, *sp = NULL;
    Err e = {{0}};
    if (o.script) {
        if (script_load(&script, o.script, &e) != 0) {
            fprintf(stderr, "shoal-editor: %s\n", e.msg);
            return 2;
        }
        sp = &script;
    }
    Map m;
    rc = first_map(&o, &m);
    if (rc != 0) {
        if (sp) script_free(sp);
        return rc;
    }
    /* A screenshot needs no display; a script runs wherever SDL points. */
    if (o.screenshot) setenv("SDL_VIDEODRIVER", "dummy", 1);
    if (SDL_Init(SDL_INIT_VIDEO | SDL_INIT_EVENTS) != 0) {
        fprintf(stderr, "shoal-editor: SDL: %s\n", SDL_GetError());
        map_free(&m);
        if (sp) script_free(sp);
        return 1;
    }
    SDL_Window *win =
        SDL_CreateWindow("shoal-editor", SDL_WINDOWPOS_CENTERED, SDL_WINDOWPOS_CENTERED, o.width,
                         o.height, SDL_WINDOW_RESIZABLE | SDL_WINDOW_ALLOW_HIGHDPI);
    SDL_Renderer *r = NULL;
    if (win) {
        r = SDL_CreateRenderer(win, -1, SDL_RENDERER_ACCELERATED | SDL_RENDERER_PRESENTVSYNC);
        /* No GPU (a VM, a remote X, the dummy driver): software still works. */
        if (!r) r = SDL_CreateRenderer(win, -1, SDL_RENDERER_SOFTWARE);
    }
    rc = 0;
    if (!win || !r) {
        fprintf(stderr, "shoal-editor: %s: %s\n", win ? "renderer" : "window", SDL_GetError());
        rc = 1;
    }
    EdApp a;
    memset(&a, 0, sizeof a);
    if (rc == 0) {
        SDL_SetWindowMinimumSize(win, 480, 360);
        const char *path = o.map_path ? o.map_path : NULL;
        if (edapp_init(&a, &o, &m, path, win, r, &e) != 0) {
            fprintf(stderr, "shoal-editor: %s\n", e.msg);
            rc = 1;
        } else {
            a.headless = o.screenshot || sp;
            rc = run(&a, &o, sp);
        }
    }
    edapp_deinit(&a);
    map_free(&m);
    if (r) SDL_DestroyRenderer(r);
    if (win) SDL_DestroyWindow(win);
    SDL_Quit();
    if (sp) script_free(sp);
    return rc;
}
