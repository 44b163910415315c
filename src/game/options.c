/* options: shoal's command line — every flag checked, one line per mistake. */
#include "options.h"

#include <assert.h>
#include <stdio.h>
#include <string.h>

#include "battle.h"
#include "core/cli.h"
#include "core/jobs.h"
#include "core/map.h"
#include "core/sea.h"
#include "core/hex.h"
#include "core/skirmish.h"
#include "net/net.h"
#include "ui/camera.h"

#ifndef SHOAL_VERSION
#define SHOAL_VERSION "0.1.0"
#endif

/* Window and screenshot sides allowed by --size. */
#define SIZE_MIN      64
#define SIZE_MAX_SIDE 8192
#define FRAMES_MAX    100000

static const char USAGE[] =
    "usage: shoal [--map FILE.png | --seed N] [--size WxH] [--fish N] [--sharks N]\n"
    "             [--sea-life on|off] [--threads T] [--zoom Z] [--center X,Y]\n"
    "             [--ui none|status|all]\n"
    "             [--screenshot OUT.png | --compare-sea-life | --bench-batch]\n"
    "             [--frames N] [--menu | --tutorial] [--mute] [--sound-log FILE]\n"
    "             [--skirmish [--opponent ai|hotseat|watch] [--ships A[,B]]\n"
    "              [--classes LIST[/LIST]] [--wind DIR[,S]] [--ai easy|normal|hard]\n"
    "              [--turns T] [--advance K]]\n"
    "             [--host [--port N] | --join HOST[:PORT] | --watch HOST[:PORT]] [--pass TEXT]\n"
    "       shoal --autoplay [--ai-vs-ai] [--seed N] [--map FILE] [--turns T] [--json]\n"
    "             (see shoal --autoplay --help)\n"
    "\n";

/* main sends --autoplay to autoplay_main before options_parse runs, so it
 * has no row in the table. */
static const char FOOTER[] =
    "  --autoplay ...       a whole battle without a window (shoal --autoplay --help)\n"
    "\n"
    "In the game press F1 or H for the controls.\n";

/* Report a bad flag in one line; main returns the 2 this gives. */
#define bad(...) cli_fail("shoal", __VA_ARGS__)

/* Where each flag was given (its argv index), 0 when it was not. */
typedef struct Given {
    int seed, frames, fish, sharks, sea, center, size;
    int opponent, ships, turns, advance, classes, wind, ai;
    int port, join, watch, pass;
} Given;

static void defaults(GameOptions *o)
{
    memset(o, 0, sizeof *o);
    o->frames = OPTIONS_DEFAULT_FRAMES;
    o->width = OPTIONS_DEFAULT_W;
    o->height = OPTIONS_DEFAULT_H;
    o->fish = OPTIONS_DEFAULT_FISH;
    o->sharks = OPTIONS_DEFAULT_SHARKS;
    o->sea_on = 1;
    o->ui = UI_SHOW_STATUS;
    o->opponent = BATTLE_VS_AI;
    o->ships[0] = o->ships[1] = 3;
    o->turns = 60;
}

/* The flags that only mean something in a battle, the last one given. */
static const char *battle_flag(const Given *g)
{
    const struct {
        int at;
        const char *name;
    } seen[] = {{g->opponent, "--opponent"},
                {g->ships, "--ships"},
                {g->turns, "--turns"},
                {g->advance, "--advance"},
                {g->classes, "--classes"},
                {g->wind, "--wind"},
                {g->ai, "--ai"}};
    const char *last = NULL;
    int at = 0;
    for (size_t k = 0; k < sizeof seen / sizeof seen[0]; k++)
        if (seen[k].at > at) {
            at = seen[k].at;
            last = seen[k].name;
        }
    return last;
}

/* The network flags against the rest: a host's battle is the one the
 * flags set up; a joiner's and a watcher's is the host's. */
static int check_net(GameOptions *o, const Given *g)
{
    const char *joins = g->watch ? "--watch" : "--join";
    if (g->join && g->watch) return bad("--watch", "give --join or --watch, not both");
    if (o->net_host && (g->join || g->watch)) return bad(joins, "not with --host");
    if (g->port && !o->net_host)
        return bad("--port", "only with --host (%s takes HOST:PORT)", joins);
    if (g->pass && !o->net_host && !g->join && !g->watch)
        return bad("--pass", "only with --host, --join or --watch");
    bool net = o->net_host || g->join || g->watch;
    if (net && (o->screenshot || o->compare || o->bench_batch))
        return bad(o->net_host ? "--host" : joins, "needs a window: not with --screenshot, "
                                                   "--compare-sea-life or --bench-batch");
    if (net && (o->menu || o->tutorial))
        return bad(o->net_host ? "--host" : joins, "not with --menu or --tutorial");
    if (o->net_host && (g->opponent || g->advance))
        return bad("--host", "side B is the friend who joins: not with --opponent or --advance");
    if ((g->join || g->watch) &&
        (o->skirmish || o->scenario || o->map_path || o->has_seed || battle_flag(g)))
        return bad(joins, "the host sets the battle (drop --skirmish, --scenario, --map, --seed "
                          "and the battle's flags)");
    o->net_watch = g->watch > 0;
    /* Hosting is a skirmish's, unless it is a scenario's. */
    if (o->net_host && !o->scenario) o->skirmish = 1;
    return -1;
}

/* The flags that go together, checked once every flag has been read. */
static int check_together(GameOptions *o, const Given *g)
{
    int net = check_net(o, g);
    if (net >= 0) return net;
    const char *battle = battle_flag(g);
    if (o->map_path && o->has_seed) return bad("--map", "give --map or --seed, not both");
    if (!!o->screenshot + o->compare + o->bench_batch > 1)
        return bad(o->compare ? "--compare-sea-life" : "--bench-batch",
                   "give one of --screenshot, --compare-sea-life and --bench-batch");
    if (g->frames && !o->screenshot && !o->compare && !o->bench_batch)
        return bad("--frames", "only used with --screenshot, --compare-sea-life or --bench-batch");
    if (o->compare && !g->frames) o->frames = OPTIONS_COMPARE_FRAMES;
    if (o->bench_batch && !g->frames) o->frames = OPTIONS_BATCH_RUNS;
    if (o->bench_batch && !g->fish) o->fish = OPTIONS_BATCH_FISH;
    if (o->scenario && (g->ships || g->turns || g->classes || g->wind))
        return bad("--scenario", "the scenario sets the fleets, wind and turns: not with "
                                 "--ships, --turns, --classes or --wind");
    if (o->scenario && (o->skirmish || o->tutorial || o->menu || o->map_path || o->has_seed))
        return bad("--scenario", "the scenario has its own sea: not with --skirmish, "
                                 "--tutorial, --menu, --map or --seed");
    if (battle && !o->skirmish && !o->scenario) return bad(battle, "only used with --skirmish");
    if (o->skirmish && (o->compare || o->bench_batch))
        return bad("--skirmish", "not with --compare-sea-life or --bench-batch");
    if (o->skirmish && o->menu) return bad("--menu", "give --menu or --skirmish, not both");
    for (int side = 0; o->classes_set && side < 2; side++) {
        if (!g->ships) o->ships[side] = o->class_count[side];
        if (o->ships[side] != o->class_count[side])
            return bad("--classes", "side %c lists %d ships but --ships gives %d", "AB"[side],
                       o -> class_count[side], o -> ships[side]);
    }
    if (o->tutorial && (o->skirmish || o->menu || o->map_path || o->has_seed))
        return bad("--tutorial", "the guided battle has its own sea: not with --skirmish, "
                                 "--menu, --map or --seed");
    if (o->tutorial && (o->compare || o->bench_batch))
        return bad("--tutorial", "not with --compare-sea-life or --bench-batch");
    if (o->advance > o->turns)
        return bad("--advance", "%d turns is more than the battle's %d", o->advance, o->turns);
    return -1;
}

/* --join / --watch HOST[:PORT]. */
static int parse_join(const CliFlag *f, const char *v, Err *e)
{
    GameOptions *o = f->to;
    return net_parse_address(f->name, v, o->net_join, sizeof o->net_join, &o->net_join_port, e);
}

/* --pass TEXT: at most NET_TEXT_MAX bytes, no control characters. */
static int parse_pass(const CliFlag *f, const char *v, Err *e)
{
    GameOptions *o = f->to;
    if (net_text_check(f->name, v, e) != 0) return -1;
    snprintf(o->net_pass, sizeof o->net_pass, "%s", v);
    return 0;
}

/* --classes LIST[/LIST]: side A's list and side B's (one list: both). */
static int parse_classes(const CliFlag *f, const char *v, Err *e)
{
    GameOptions *o = f->to;
    char a[160];
    const char *slash = strchr(v, '/');
    size_t n = slash ? (size_t)(slash - v) : strlen(v);
    if (n < sizeof a) {
        memcpy(a, v, n);
        a[n] = '\0';
    }
    o->class_count[0] = n < sizeof a ? skirmish_classes_parse(a, o->classes[0]) : -1;
    o->class_count[1] = skirmish_classes_parse(slash ? slash + 1 : a, o->classes[1]);
    if (o->class_count[0] < 0 || o->class_count[1] < 0)
        return err_set(e,
                       "%s '%.60s': expected 1 to %d of sloop, frigate, line with commas, "
                       "and /side B's after side A's",
                       f->name, v, SKIRMISH_SIDE_SHIPS);
    o->classes_set = 1;
    return 0;
}

/* --wind DIR[,STRENGTH]: where it blows from and how hard (default 3). */
static int parse_wind(const CliFlag *f, const char *v, Err *e)
{
    GameOptions *o = f->to;
    char dir[8];
    const char *comma = strchr(v, ',');
    size_t n = comma ? (size_t)(comma - v) : strlen(v);
    int d = -1;
    if (n < sizeof dir) {
        memcpy(dir, v, n);
        dir[n] = '\0';
        d = hex_dir_from_name(dir);
    }
    int st = OPTIONS_DEFAULT_WIND;
    if (d < 0 || (comma && cli_int(f->name, comma + 1, 0, MAP_WIND_MAX, &st, e) != 0))
        return err_set(e,
                       "%s '%.40s': expected DIR[,STRENGTH], DIR one of E NE NW W SW SE, "
                       "STRENGTH 0..%d",
                       f->name, v, MAP_WIND_MAX);
    o->wind_set = 1;
    o->wind_dir = d;
    o->wind_strength = st;
    return 0;
}

/* steady and green: the two levels' names before there were three. */
static const char *const ai_names[] = {"easy", "normal", "hard", "steady", "green", NULL};
static const int ai_v[] = {SKIRMISH_AI_EASY, SKIRMISH_AI_NORMAL, SKIRMISH_AI_HARD,
                           SKIRMISH_AI_NORMAL, SKIRMISH_AI_EASY};

static const char *const opponents[] = {"ai", "hotseat", "watch", NULL};
static const int opponent_v[] = {BATTLE_VS_AI, BATTLE_HOTSEAT, BATTLE_WATCH};
static const char *const uis[] = {"none", "status", "all", NULL};
static const int ui_v[] = {UI_SHOW_NONE, UI_SHOW_STATUS, UI_SHOW_ALL};
static const char *const on_off[] = {"on", "off", NULL};
static const int on_off_v[] = {1, 0};

#define SEA_FLAGS    18
#define BATTLE_FLAGS 16
#define GAME_FLAGS   (SEA_FLAGS + BATTLE_FLAGS)

/* The game's flags, one row each: what they set, their ranges and help.
 * Rows point into o, g and *ui, so the table is built per parse. First
 * the sea, the view, the headless runs and the sound. */
static void sea_flags(CliFlag out[SEA_FLAGS], GameOptions *o, Given *g, int *ui,
                      const char *zoom_expect)
{
    /* clang-format off */
    const CliFlag flags[] = {
        {.name = "--map", .kind = CLI_FILE, .to = &o->map_path, .arg = "FILE.png",
         .help = "play on this map (PNG mask, NAME.ini beside it)"},
        {.name = "--seed", .kind = CLI_U32, .to = &o->seed, .lo = 0, .hi = 4294967295L,
         .given = &g->seed, .arg = "N",
         .help = "play on a generated map (N = 0..4294967295); also\n"
                 "seeds the fish. With neither: the first shipped\n"
                 "map, else seed 1"},
        {.name = "--size", .kind = CLI_SIZE, .to = &o->width, .to2 = &o->height, .lo = SIZE_MIN,
         .hi = SIZE_MAX_SIDE, .given = &g->size, .arg = "WxH",
         .help = "window size in pixels (default " CLI_STR(OPTIONS_DEFAULT_W) "x"
                 CLI_STR(OPTIONS_DEFAULT_H) ")"},
        {.name = "--fish", .kind = CLI_INT, .to = &o->fish, .lo = 0, .hi = SEA_MAX_FISH,
         .given = &g->fish, .arg = "N",
         .help = "fish in the sea (0.." CLI_STR(SEA_MAX_FISH) ", default "
                 CLI_STR(OPTIONS_DEFAULT_FISH) ")"},
        {.name = "--sharks", .kind = CLI_INT, .to = &o->sharks, .lo = 0, .hi = SEA_MAX_SHARKS,
         .given = &g->sharks, .arg = "N",
         .help = "sharks (0.." CLI_STR(SEA_MAX_SHARKS) ", default " CLI_STR(OPTIONS_DEFAULT_SHARKS)
                 ")"},
        {.name = "--sea-life", .kind = CLI_CHOICE, .to = &o->sea_on, .names = on_off,
         .values = on_off_v, .given = &g->sea, .arg = "on|off",
         .help = "start with all sea life on (default) or off"},
        {.name = "--threads", .kind = CLI_INT, .to = &o->threads, .lo = 1, .hi = JOBS_MAX_THREADS,
         .arg = "T",
         .help = "worker threads, the main one included (1.." CLI_STR(JOBS_MAX_THREADS) ";\n"
                 "default SHOAL_THREADS, else one per core)"},
        {.name = "--zoom", .kind = CLI_REAL, .to = &o->zoom, .dlo = 0.001, .dhi = CAM_ZOOM_MAX,
         .expect = zoom_expect, .arg = "Z",
         .help = "screen px per map px at start (default: whole map)"},
        {.name = "--center", .kind = CLI_POINT, .to = &o->center_x, .to2 = &o->center_y, .dlo = 0,
         .dhi = MAP_MAX_SIDE, .expect = "X,Y with both map coordinates >= 0", .given = &g->center,
         .arg = "X,Y", .help = "map point at the centre of the view at start"},
        {.name = "--ui", .kind = CLI_CHOICE, .to = ui, .names = uis, .values = ui_v,
         .arg = "MODE",
         .help = "overlays at start: none, status (default), or all\n"
                 "(adds the performance overlay and controls panel)"},
        {.name = "--screenshot", .kind = CLI_FILE, .to = &o->screenshot, .arg = "OUT",
         .help = "render headless, save OUT as PNG and exit"},
        {.name = "--compare-sea-life", .kind = CLI_SWITCH, .to = &o->compare,
         .help = "render headless with sea life on, then off, and\n"
                 "print a table of median frame costs"},
        {.name = "--bench-batch", .kind = CLI_SWITCH, .to = &o->bench_batch,
         .help = "time the sprite-vertex bake of --fish fish (default\n"
                 CLI_STR(OPTIONS_BATCH_FISH) ") alone and inside sea steps; print medians"},
        {.name = "--frames", .kind = CLI_INT, .to = &o->frames, .lo = 1, .hi = FRAMES_MAX,
         .given = &g->frames, .arg = "N",
         .help = "frames rendered before the screenshot (default " CLI_STR(OPTIONS_DEFAULT_FRAMES)
                 "),\n"
                 "per half of the comparison (default " CLI_STR(OPTIONS_COMPARE_FRAMES) "), or runs\n"
                 "of --bench-batch (default " CLI_STR(OPTIONS_BATCH_RUNS) ")"},
        {.name = "--mute", .kind = CLI_SWITCH, .to = &o->mute,
         .help = "start with the sound off (M turns it on; settings.ini\n"
                 "keeps what M chose, not this flag)"},
        {.name = "--sound-log", .kind = CLI_FILE, .to = &o->sound_log, .arg = "FILE",
         .help = "write every sound started (time, name, pan, gain,\n"
                 "voice) to FILE, one per line; with --screenshot the\n"
                 "sound is mixed (SDL_AUDIODRIVER picks where to)"},
        {.name = "--menu", .kind = CLI_SWITCH, .to = &o->menu,
         .help = "open on the main menu (the default in a window\n"
                 "without --map, --seed or --skirmish)"},
        {.name = "--tutorial", .kind = CLI_SWITCH, .to = &o->tutorial,
         .help = "start straight in the guided first battle (also\n"
                 "on the main menu)"},
    };
    /* clang-format on */
    _Static_assert(sizeof flags / sizeof flags[0] == SEA_FLAGS, "SEA_FLAGS counts the rows");
    memcpy(out, flags, sizeof flags);
}

/* ... then the battle's, and --help and --version. */
static void battle_flags(CliFlag out[BATTLE_FLAGS], GameOptions *o, Given *g)
{
    /* clang-format off */
    const CliFlag flags[] = {
        {.name = "--skirmish", .kind = CLI_SWITCH, .to = &o->skirmish,
         .help = "start straight in a naval battle on the --map, or on\n"
                 "the sea generated from --seed (default 1)"},
        {.name = "--scenario", .kind = CLI_FILE, .to = &o->scenario, .arg = "NAME",
         .help = "start straight in data/scenarios/NAME.ini (its sea,\n"
                 "fleets, wind, turn limit and objectives; also on the\n"
                 "main menu); --opponent, --ai and --advance apply"},
        {.name = "--opponent", .kind = CLI_CHOICE, .to = &o->opponent, .names = opponents,
         .values = opponent_v, .given = &g->opponent, .arg = "MODE",
         .help = "side B: ai (default), hotseat (a second player at\n"
                 "this screen) or watch (the computer plays both)"},
        {.name = "--ships", .kind = CLI_PAIR, .to = o->ships, .lo = 1, .hi = SKIRMISH_SIDE_SHIPS,
         .given = &g->ships, .arg = "A[,B]",
         .help = "ships per side, 1.." CLI_STR(SKIRMISH_SIDE_SHIPS) " (default 3)"},
        {.name = "--turns", .kind = CLI_INT, .to = &o->turns, .lo = 1, .hi = SKIRMISH_MAX_TURNS,
         .given = &g->turns, .arg = "T",
         .help = "the battle's turn limit, 1.." CLI_STR(SKIRMISH_MAX_TURNS) " (default 60)"},
        {.name = "--classes", .kind = CLI_CALL, .to = o, .parse = parse_classes,
         .given = &g->classes, .arg = "LIST[/LIST]",
         .help = "each side's ships, e.g. line,frigate/sloop,sloop\n"
                 "(sloop, frigate, line; one list: both sides; default\n"
                 "a mix by fleet size); sets --ships"},
        {.name = "--wind", .kind = CLI_CALL, .to = o, .parse = parse_wind, .given = &g->wind,
         .arg = "DIR[,S]",
         .help = "the wind the battle opens with: from E NE NW W SW\n"
                 "SE, strength 0..5 (default " CLI_STR(OPTIONS_DEFAULT_WIND) "); default the map's own"},
        {.name = "--ai", .kind = CLI_CHOICE, .to = &o->ai_level, .names = ai_names,
         .values = ai_v, .given = &g->ai, .arg = "LEVEL",
         .help = "the computer's side B: easy (blunders, for learning),\n"
                 "normal (default) or hard"},
        {.name = "--advance", .kind = CLI_INT, .to = &o->advance, .lo = 0,
         .hi = SKIRMISH_MAX_TURNS, .given = &g->advance, .arg = "K",
         .help = "the computer plays both sides for K turns first;\n"
                 "the last one is still playing out when shown"},
        {.name = "--host", .kind = CLI_SWITCH, .to = &o->net_host,
         .help = "host this battle (--skirmish's, or --scenario's)\n"
                 "for a friend who joins over the network: you\n"
                 "command side A, they side B"},
        {.name = "--port", .kind = CLI_INT, .to = &o->net_port, .lo = 1, .hi = 65535,
         .given = &g->port, .arg = "N",
         .help = "the UDP port --host listens on (default settings.ini's\n"
                 "net_port, 27960)"},
        {.name = "--join", .kind = CLI_CALL, .to = o, .parse = parse_join, .given = &g->join,
         .arg = "HOST[:PORT]",
         .help = "join the battle hosted at HOST as side B"},
        {.name = "--watch", .kind = CLI_CALL, .to = o, .parse = parse_join, .given = &g->watch,
         .arg = "HOST[:PORT]",
         .help = "watch the battle hosted at HOST, each turn as it\n"
                 "resolves"},
        {.name = "--pass", .kind = CLI_CALL, .to = o, .parse = parse_pass, .given = &g->pass,
         .arg = "TEXT",
         .help = "the passphrase --host asks of joiners, or --join and\n"
                 "--watch give"},
        {.name = "--help", .alias = "-h", .kind = CLI_HELP, .help = "show this and exit"},
        {.name = "--version", .kind = CLI_VERSION, .help = "show the version and exit"},
    };
    /* clang-format on */
    _Static_assert(sizeof flags / sizeof flags[0] == BATTLE_FLAGS, "BATTLE_FLAGS counts the rows");
    memcpy(out, flags, sizeof flags);
}

static size_t game_flags(CliFlag out[GAME_FLAGS], GameOptions *o, Given *g, int *ui,
                         const char *zoom_expect)
{
    sea_flags(out, o, g, ui, zoom_expect);
    battle_flags(out + SEA_FLAGS, o, g);
    return GAME_FLAGS;
}

int options_parse(int argc, char **argv, GameOptions *o)
{
    assert(argc >= 1 && argv && o);
    defaults(o);
    Given g = {0};
    char zoom_expect[64];
    snprintf(zoom_expect, sizeof zoom_expect, "a number above 0 and at most %g", CAM_ZOOM_MAX);
    int ui = (int)o->ui;
    CliFlag flags[GAME_FLAGS];
    size_t count = game_flags(flags, o, &g, &ui, zoom_expect);
    const CliSpec spec = {.prog = "shoal",
                          .version = SHOAL_VERSION,
                          .usage = USAGE,
                          .footer = FOOTER,
                          .flags = flags,
                          .count = count,
                          .column = 23,
                          .opts = CLI_EQUALS | CLI_STRICT};
    Err e;
    int rc = cli_scan(&spec, argc, argv, &e);
    o->ui = (UiShow)ui;
    o->has_seed = g.seed > 0;
    o->fish_given = g.fish > 0;
    o->size_given = g.size > 0;
    o->sharks_given = g.sharks > 0;
    o->sea_given = g.sea > 0;
    o->has_center = g.center > 0;
    if (rc == CLI_SCAN_FAIL) return fprintf(stderr, "shoal: %s\n", e.msg), 2;
    if (rc == CLI_SCAN_HELP) return cli_help(stdout, &spec), 0;
    if (rc == CLI_SCAN_VERSION) return cli_version(stdout, &spec), 0;
    return check_together(o, &g);
}
