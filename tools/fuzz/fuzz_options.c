/* fuzz_options: shoal's whole command line on arbitrary argv arrays (the
 * input split on NUL bytes), dispatched as main does: to autoplay_parse
 * when an argument is --autoplay, else to options_parse. The contract:
 * accepted, every value is within the range --help documents and the
 * flags agree; refused, one clean line on stderr and exit code 2. */
#include <math.h>
#include <stddef.h>
#include <stdint.h>

#include "core/ai.h"
#include "core/jobs.h"
#include "core/map.h"
#include "core/sea.h"
#include "core/skirmish.h"
#include "fuzz_argv.h"
#include "game/app.h"
#include "game/autoplay.h"
#include "game/bakebench.h"
#include "game/battle.h"
#include "game/options.h"
#include "ui/camera.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* The limits options.c keeps to itself, as its --help states them. */
#define OPT_SIZE_MIN   64
#define OPT_SIZE_MAX   8192
#define OPT_FRAMES_MAX 100000

/* p, when set, is a non-empty value taken from the command line. */
static void check_value(const FuzzArgv *a, const char *p, const char *what)
{
    if (!p) return;
    FUZZ_CHECK(fuzz_argv_owns(a, p), "%s does not point into argv", what);
    FUZZ_CHECK(p[0] != '\0', "%s is empty", what);
}

static void check_accepted(const FuzzArgv *a, const GameOptions *o)
{
    check_value(a, o->map_path, "--map");
    check_value(a, o->screenshot, "--screenshot");
    check_value(a, o->sound_log, "--sound-log");
    FUZZ_CHECK(!(o->map_path && o->has_seed), "both --map and --seed");
    FUZZ_CHECK(o->frames >= 1 && o->frames <= OPT_FRAMES_MAX, "frames %d", o->frames);
    FUZZ_CHECK(o->width >= OPT_SIZE_MIN && o->width <= OPT_SIZE_MAX && o->height >= OPT_SIZE_MIN &&
                   o->height <= OPT_SIZE_MAX,
               "size %dx%d", o->width, o->height);
    FUZZ_CHECK(o->fish >= 0 && o->fish <= SEA_MAX_FISH, "fish %d", o->fish);
    FUZZ_CHECK(o->sharks >= 0 && o->sharks <= SEA_MAX_SHARKS, "sharks %d", o->sharks);
    FUZZ_CHECK(o->sea_on == 0 || o->sea_on == 1, "sea_on %d", o->sea_on);
    FUZZ_CHECK(o->threads == 0 || (o->threads >= 1 && o->threads <= JOBS_MAX_THREADS), "threads %d",
               o->threads);
    FUZZ_CHECK(o->zoom == 0 || (isfinite(o->zoom) && o->zoom > 0 && o->zoom <= CAM_ZOOM_MAX),
               "zoom %g", o->zoom);
    if (o->has_center)
        FUZZ_CHECK(o->center_x >= 0 && o->center_x <= MAP_MAX_SIDE && o->center_y >= 0 &&
                       o->center_y <= MAP_MAX_SIDE,
                   "center %g,%g", o->center_x, o->center_y);
    else
        FUZZ_CHECK(o->center_x == 0 && o->center_y == 0, "a center without --center");
    FUZZ_CHECK(o->ui == UI_SHOW_NONE || o->ui == UI_SHOW_STATUS || o->ui == UI_SHOW_ALL, "ui %d",
               (int)o->ui);
    FUZZ_CHECK(o->opponent == BATTLE_VS_AI || o->opponent == BATTLE_HOTSEAT ||
                   o->opponent == BATTLE_WATCH,
               "opponent %d", o->opponent);
    for (int s = 0; s < 2; s++)
        FUZZ_CHECK(o->ships[s] >= 1 && o->ships[s] <= SKIRMISH_SIDE_SHIPS, "ships %d", o->ships[s]);
    FUZZ_CHECK(o->turns >= 1 && o->turns <= SKIRMISH_MAX_TURNS, "turns %d", o->turns);
    FUZZ_CHECK(o->net_port >= 0 && o->net_port <= 65535, "port %d", o->net_port);
    FUZZ_CHECK(!o->net_join[0] || (o->net_join_port >= 1 && o->net_join_port <= 65535),
               "join port %d", o->net_join_port);
    FUZZ_CHECK(!(o->net_host && o->net_join[0]), "both --host and --join");
    FUZZ_CHECK(o->advance >= 0 && o->advance <= o->turns, "advance %d of %d turns", o->advance,
               o->turns);
    FUZZ_CHECK(!!o->screenshot + o->compare + o->bench_batch <= 1, "two headless runs at once");
    /* --frames only with a headless run: else it is the default. */
    if (!o->screenshot && !o->compare && !o->bench_batch)
        FUZZ_CHECK(o->frames == OPTIONS_DEFAULT_FRAMES, "frames %d without a headless run",
                   o->frames);
    if (o->skirmish) {
        FUZZ_CHECK(!o->compare && !o->bench_batch && !o->menu, "--skirmish with a conflicting run");
    } else if (o->scenario) {
        /* A scenario sets its fleets and turns; --opponent, --ai and
         * --advance apply to it. */
        FUZZ_CHECK(o->ships[0] == 3 && o->ships[1] == 3 && o->turns == 60,
                   "fleets or turns given with --scenario");
    } else {
        /* The battle flags are refused without --skirmish. */
        FUZZ_CHECK(o->opponent == BATTLE_VS_AI && o->ships[0] == 3 && o->ships[1] == 3 &&
                       o->turns == 60 && o->advance == 0,
                   "battle settings without --skirmish");
    }
    FUZZ_CHECK(o->battle == NULL, "the parser made a battle");
    int flags[] = {o->has_seed,     o->compare,   o->bench_batch, o->has_center, o->fish_given,
                   o->sharks_given, o->sea_given, o->menu,        o->skirmish};
    for (size_t i = 0; i < sizeof flags / sizeof flags[0]; i++)
        FUZZ_CHECK(flags[i] == 0 || flags[i] == 1, "flag %zu is %d", i, flags[i]);
}

static void run_options(const FuzzArgv *a)
{
    GameOptions o;
    FuzzCapture c;
    fuzz_capture_begin(&c);
    int rc = options_parse(a->argc, a->argv, &o);
    fuzz_capture_end(&c);
    if (rc == -1) {
        FUZZ_CHECK(c.out_len == 0 && c.err_len == 0, "accepted, yet printed '%s%s'", c.out_text,
                   c.err_text);
        check_accepted(a, &o);
    } else if (rc == 0) {
        FUZZ_CHECK(fuzz_argv_has(a, "--help") || fuzz_argv_has(a, "-h") ||
                       fuzz_argv_has(a, "--version"),
                   "exit 0 without --help or --version");
        FUZZ_CHECK(c.err_len == 0, "help printed on stderr: '%s'", c.err_text);
        FUZZ_CHECK(c.out_len > 0 && c.out_text[c.out_len - 1] == '\n', "no help text on stdout");
    } else {
        FUZZ_CHECK(rc == 2, "options_parse returned %d", rc);
        fuzz_check_one_line(&c, "shoal: ");
    }
    fuzz_capture_free(&c);
}

static void run_autoplay(const FuzzArgv *a)
{
    AutoplayOptions o;
    Err e;
    e.msg[0] = '\0';
    FuzzCapture c;
    fuzz_capture_begin(&c);
    int rc = autoplay_parse(a->argc, a->argv, &o, &e);
    fuzz_capture_end(&c);
    if (rc == 1) {
        FUZZ_CHECK(fuzz_argv_has(a, "--help"), "help without --help");
        FUZZ_CHECK(c.err_len == 0 && c.out_len > 0, "help not on stdout alone");
    } else {
        FUZZ_CHECK(c.out_len == 0 && c.err_len == 0, "the parser printed '%s%s'", c.out_text,
                   c.err_text);
        if (rc == 0) {
            check_value(a, o.map_path, "--map");
            FUZZ_CHECK(o.seed <= 4294967295u, "seed %llu", (unsigned long long)o.seed);
            FUZZ_CHECK(o.turns >= 1 && o.turns <= SKIRMISH_MAX_TURNS, "turns %d", o.turns);
            for (int s = 0; s < SKIRMISH_SIDES; s++) {
                FUZZ_CHECK(o.ships[s] >= 1 && o.ships[s] <= SKIRMISH_SIDE_SHIPS, "ships %d",
                           o.ships[s]);
                FUZZ_CHECK(o.players[s] >= 0 && o.players[s] < AI_PLAYERS, "player %d",
                           o.players[s]);
            }
            FUZZ_CHECK(o.json == 0 || o.json == 1, "json %d", o.json);
            FUZZ_CHECK(o.port >= 1 && o.port <= 65535, "port %d", o.port);
            FUZZ_CHECK(o.wait_s >= 1 && o.wait_s <= 3600, "wait %d", o.wait_s);
            FUZZ_CHECK(o.net != AUTOPLAY_JOIN || (o.join[0] && !o.seed_set && !o.scenario),
                       "--join with a battle of its own");
            FUZZ_CHECK(o.net == AUTOPLAY_HOST || !fuzz_argv_has(a, "--port"), "--port not hosting");
        } else {
            FUZZ_CHECK(rc == -1, "autoplay_parse returned %d", rc);
            /* autoplay_main prints "shoal: " and this message. */
            fuzz_check_err(&e, "");
        }
    }
    fuzz_capture_free(&c);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    FuzzArgv a;
    fuzz_argv_make(&a, data, size, "shoal");
    if (autoplay_wanted(a.argc, a.argv))
        run_autoplay(&a);
    else
        run_options(&a);
    fuzz_argv_free(&a);
    return 0;
}
