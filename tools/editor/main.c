/* main: shoal-editor's command line, the starting map, the window and the
 * loops (interactive, scripted, screenshot). */
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <SDL.h>

#include "core/stop.h"
#include "core/testev.h"
#include "core/cli.h"
#include "core/map.h"
#include "core/mapgen.h"
#include "edapp.h"
#include "script.h"
#include "ui/testin.h"
#include "ui/wintitle.h"

#ifndef SHOAL_VERSION
#define SHOAL_VERSION "0.1.0"
#endif

#define FRAMES_DEFAULT 3
#define FRAMES_MAX     100000
#define FALLBACK_HZ    60
/* An idle window redraws this often (ms) to keep the autosave on time,
 * and looks for a stop (SIGINT, SIGTERM) every STOP_LOOK_MS meanwhile:
 * SDL's wait is not cut short by a signal, and a stop seen half a second
 * late was a second late on a busy machine. */
#define IDLE_WAKE_MS 500
#define STOP_LOOK_MS 50

static const char USAGE[] =
    "usage: shoal-editor [MAP.png] [--new WxH | --seed N] [--size WxH]\n"
    "                    [--overlays LIST] [--autosave SECONDS]\n"
    "                    [--screenshot OUT.png [--frames N]] [--script FILE]\n"
    "\n"
    "Paint, generate and check shoal maps (a PNG mask with NAME.ini beside it).\n"
    "Without MAP.png: a new map generated with the default settings.\n"
    "\n";

static const char FOOTER[] = "\n"
                             "In the editor press F1 for the keys.\n";

#define bad(...) cli_fail("shoal-editor", __VA_ARGS__)

/* --overlays: a comma-separated list of overlay names into OVL_* bits. */
static int parse_overlays(const CliFlag *f, const char *s, Err *e)
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
        if (!found)
            return err_set(e,
                           "%s: '%s' is not a comma-separated list of heat, grid, sailable, sea "
                           "(or none, all)",
                           f->name, s);
        if (!comma) break;
        p = comma + 1;
    }
    *(unsigned *)f->to = v;
    return 0;
}

/* MAP.png: the one word that is not a flag. */
static int take_map(void *ctx, const char *word, Err *e)
{
    EdOptions *o = ctx;
    if (o->map_path)
        return err_set(e, "%s: only one map can be opened (already given %s)", word, o->map_path);
    if (!word[0]) return err_set(e, "MAP.png: empty file name");
    o->map_path = word;
    return 0;
}

/* Fill o from argv. Returns -1 to go on, else the exit code. */
static int parse_args(int argc, char **argv, EdOptions *o)
{
    assert(argc >= 1 && argv && o);
    memset(o, 0, sizeof *o);
    o->frames = FRAMES_DEFAULT;
    o->width = EDAPP_DEFAULT_W;
    o->height = EDAPP_DEFAULT_H;
    o->autosave_s = EDAPP_DEFAULT_AUTOSAVE;
    int seed_at = 0, frames_at = 0;
    /* clang-format off */
    const CliFlag flags[] = {
        {.name = "--new", .kind = CLI_SIZE, .to = &o->new_w, .to2 = &o->new_h, .lo = MAP_MIN_SIDE,
         .hi = MAP_MAX_SIDE, .arg = "WxH",
         .help = "start from an empty sea of W x H pixels (" CLI_STR(MAP_MIN_SIDE) ".."
                 CLI_STR(MAP_MAX_SIDE) ")"},
        {.name = "--seed", .kind = CLI_U32, .to = &o->seed, .lo = 0, .hi = 4294967295L,
         .given = &seed_at, .arg = "N", .help = "start from a generated map (N = 0..4294967295)"},
        {.name = "--size", .kind = CLI_SIZE, .to = &o->width, .to2 = &o->height, .lo = 64,
         .hi = 8192, .arg = "WxH",
         .help = "window size (default " CLI_STR(EDAPP_DEFAULT_W) "x" CLI_STR(EDAPP_DEFAULT_H) ")"},
        {.name = "--overlays", .kind = CLI_CALL, .to = &o->overlays, .parse = parse_overlays,
         .arg = "LIST",
         .help = "overlays shown at start, comma-separated: heat,\n"
                 "grid, sailable, sea (or none, all)"},
        {.name = "--autosave", .kind = CLI_INT, .to = &o->autosave_s, .lo = 0, .hi = 86400,
         .arg = "SECONDS",
         .help = "recovery copy interval while there are unsaved\n"
                 "changes (default " CLI_STR(EDAPP_DEFAULT_AUTOSAVE)
                 "; 0 turns it off). Copies go to\n"
                 "$XDG_DATA_HOME/shoal/recovery (else\n"
                 "~/.local/share/shoal/recovery); the next start on\n"
                 "the same map offers to restore them"},
        {.name = "--screenshot", .kind = CLI_FILE, .to = &o->screenshot, .arg = "OUT",
         .help = "render without a display, save OUT as PNG, exit"},
        {.name = "--frames", .kind = CLI_INT, .to = &o->frames, .lo = 1, .hi = FRAMES_MAX,
         .given = &frames_at, .arg = "N",
         .help = "frames rendered before the screenshot (default " CLI_STR(FRAMES_DEFAULT) ")"},
        {.name = "--script", .kind = CLI_FILE, .to = &o->script, .arg = "FILE",
         .help = "replay scripted input (see README: key, type,\n"
                 "mouse_down, drag, wait, print, ...), then exit"},
        {.name = "--help", .alias = "-h", .kind = CLI_HELP, .help = "show this and exit"},
        {.name = "--version", .kind = CLI_VERSION, .help = "show the version and exit"},
    };
    /* clang-format on */
    const CliSpec spec = {.prog = "shoal-editor",
                          .version = SHOAL_VERSION,
                          .usage = USAGE,
                          .footer = FOOTER,
                          .flags = flags,
                          .count = sizeof flags / sizeof flags[0],
                          .column = 23,
                          .opts = CLI_EQUALS,
                          .positional = take_map,
                          .ctx = o};
    Err e;
    int rc = cli_scan(&spec, argc, argv, &e);
    o->has_seed = seed_at > 0;
    if (rc == CLI_SCAN_FAIL) return fprintf(stderr, "shoal-editor: %s\n", e.msg), 2;
    if (rc == CLI_SCAN_HELP) return cli_help(stdout, &spec), 0;
    if (rc == CLI_SCAN_VERSION) return cli_version(stdout, &spec), 0;
    int starts = (o->map_path != NULL) + (o->new_w > 0) + o->has_seed;
    if (starts > 1)
        return bad(o->map_path ? o->map_path : "--new", "give one of MAP.png, --new, --seed");
    if (frames_at && !o->screenshot) return bad("--frames", "only used with --screenshot");
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
        bool woke = false;
        /* Idle: sleep in the event queue instead of redrawing. */
        for (int slept = 0;
             !headless && !edapp_animating(a) && slept < IDLE_WAKE_MS && !stop_requested() && !woke;
             slept += STOP_LOOK_MS)
            woke = SDL_WaitEventTimeout(&ev, STOP_LOOK_MS);
        if (woke) {
            edapp_event(a, &ev);
            testin_event(&ev);
            t = now_seconds();
        }
        while (SDL_PollEvent(&ev)) {
            edapp_event(a, &ev);
            testin_event(&ev);
        }
        if (a->quit) return 0;
        if (stop_requested()) {
            edapp_keep_unsaved(a);
            return stop_exit_status();
        }
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
        testev_frame((unsigned long)frame + 1);
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
    /* SIGINT/SIGTERM end the run loop (keeping unsaved work), not SDL's
     * handlers, which would only queue an SDL_QUIT for the quit dialog. */
    SDL_SetHint(SDL_HINT_NO_SIGNAL_HANDLERS, "1");
    stop_catch(true);
    if (testev_open("shoal-editor") != 0) {
        if (sp) script_free(sp);
        map_free(&m);
        return 2;
    }
    /* Else the title's em dash and file name never reach X (xprop). */
    wintitle_init();
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
