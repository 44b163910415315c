/* autoplay: headless computer-vs-computer skirmishes from the command line. */
#include "autoplay.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/ai.h"
#include "core/cli.h"
#include "core/map.h"
#include "core/mapgen.h"
#include "core/paths.h"
#include "core/scenario.h"
#include "net/net.h"
#include "net/net_play.h"

static void usage(FILE *f)
{
    fprintf(f,
            "usage: shoal --autoplay [--ai-vs-ai] [--seed N] [--map FILE.png] [--turns T]\n"
            "             [--ships A[,B]] [--players P,Q] [--scenario NAME] [--json]\n"
            "             [--host [--port N] | --join HOST[:PORT] | --watch HOST[:PORT]]\n"
            "             [--wait S] [--pass TEXT]\n"
            "             [--say TEXT]\n"
            "\n"
            "Plays a whole skirmish with the computer commanding both sides and prints\n"
            "the outcome. The same flags always give the same battle.\n"
            "\n"
            "  --ai-vs-ai       both sides played by the computer admiral (the default)\n"
            "  --seed N         dice and, without --map, the generated sea (0..4294967295,\n"
            "                   default 1)\n"
            "  --map FILE.png   fight on this map instead of a sea generated from the seed\n"
            "  --turns T        turn limit, 1..%d (default 60)\n"
            "  --ships A[,B]    ships per side, 1..%d (default 3; one number for both)\n"
            "  --players P,Q    who plots each side: the admiral at a level, easy,\n"
            "                   normal or hard, or random orders (default normal,normal)\n"
            "  --scenario NAME  play data/scenarios/NAME.ini (its map, fleets, wind, turn\n"
            "                   limit and objectives; --seed replaces its dice, and\n"
            "                   --map, --turns and --ships do not go with it)\n"
            "  --host           play side A here and wait for a commander to --join from\n"
            "                   another process or machine for side B (UDP port --port)\n"
            "  --port N         the UDP port to host on, 1..65535 (default %d)\n"
            "  --join HOST[:PORT]  play side B of the battle hosted at HOST (the host\n"
            "                   sets the sea, fleets and turns; --players' second name\n"
            "                   plots here)\n"
            "  --watch HOST[:PORT]  watch the battle hosted at HOST: each turn as it\n"
            "                   resolves, and the same report at its end\n"
            "  --wait S         seconds to wait for the peer to join or answer, 1..3600\n"
            "                   (default 60)\n"
            "  --pass TEXT      a passphrase the joiner must give (at most %d bytes)\n"
            "  --say TEXT       a line to the other commander as the battle opens\n"
            "  --json           print one JSON object: seed, map, winner (\"A\", \"B\" or\n"
            "                   \"draw\"), turns, turn_limit, and per side [A,B]: ships,\n"
            "                   sunk, struck, broadsides, shots, hits, damage, points\n"
            "                   (and more: boardings, prizes, shot types, the goals),\n"
            "                   what decided it (decided_by, decided_side,\n"
            "                   decided_goal, and in words: verdict), then ship_turns,\n"
            "                   why ships lay still (still) and the longest spell\n"
            "                   without a shot (quiet_max), and the turn the first\n"
            "                   broadside flew (first_broadside)\n",
            SKIRMISH_MAX_TURNS, SKIRMISH_SIDE_SHIPS, NET_PORT_DEFAULT, NET_TEXT_MAX);
}

int autoplay_wanted(int argc, char **argv)
{
    for (int i = 1; i < argc; i++)
        if (!strcmp(argv[i], "--autoplay")) return 1;
    return 0;
}

/* "A" or "A,B" of whole numbers in lo..hi. */
static int parse_pair(const char *flag, const char *v, int lo, int hi, int out[2], Err *e)
{
    if (cli_need(flag, v, e)) return -1;
    const char *comma = strchr(v, ',');
    if (!comma) {
        if (cli_int(flag, v, lo, hi, &out[0], e)) return -1;
        out[1] = out[0];
        return 0;
    }
    char left[32];
    size_t n = (size_t)(comma - v);
    if (n == 0 || n >= sizeof left)
        return err_set(e, "%s '%.40s': expected N or N,M with each in %d..%d", flag, v, lo, hi);
    memcpy(left, v, n);
    left[n] = '\0';
    if (cli_int(flag, left, lo, hi, &out[0], e) || cli_int(flag, comma + 1, lo, hi, &out[1], e))
        return -1;
    return 0;
}

static int parse_players(const char *flag, const char *v, int out[2], Err *e)
{
    if (cli_need(flag, v, e)) return -1;
    char buf[64];
    snprintf(buf, sizeof buf, "%s", v);
    char *comma = strchr(buf, ',');
    if (!comma)
        return err_set(e, "%s '%.40s': expected P,Q with each easy, normal, hard or random", flag,
                       v);
    *comma = '\0';
    out[0] = ai_player_from_name(buf);
    out[1] = ai_player_from_name(comma + 1);
    if (out[0] < 0 || out[1] < 0)
        return err_set(e, "%s '%.40s': expected P,Q with each easy, normal, hard or random", flag,
                       v);
    return 0;
}

/* The network flags against the rest: a joiner takes the host's battle. */
static int net_flags_clash(const AutoplayOptions *o, int shape_given, int port_given, Err *e)
{
    const char *joins = o->net == AUTOPLAY_WATCH ? "--watch" : "--join";
    if (o->net >= AUTOPLAY_JOIN && (shape_given || o->scenario || o->seed_set))
        return err_set(e,
                       "%s: the host sets the battle (drop --seed, --map, --turns, "
                       "--ships and --scenario)",
                       joins);
    if (port_given && o->net != AUTOPLAY_HOST)
        return err_set(e, "--port: only with --host (%s takes HOST:PORT)", joins);
    if (o->pass[0] && o->net == AUTOPLAY_LOCAL)
        return err_set(e, "--pass: only with --host, --join or --watch");
    if (o->say[0] && o->net == AUTOPLAY_LOCAL)
        return err_set(e, "--say: only with --host, --join or --watch");
    return 0;
}

/* The flags that take a value ("--seed 7" or "--seed=7"). */
static bool takes_value(const char *flag)
{
    static const char *const with[] = {"--seed",    "--map",      "--turns", "--ships",
                                       "--players", "--scenario", "--port",  "--join",
                                       "--watch",   "--wait",     "--pass",  "--say"};
    for (size_t k = 0; k < sizeof with / sizeof with[0]; k++)
        if (!strcmp(flag, with[k])) return true;
    return false;
}

int autoplay_parse(int argc, char **argv, AutoplayOptions *o, Err *e)
{
    memset(o, 0, sizeof *o);
    o->seed = 1;
    o->turns = 60;
    o->ships[0] = o->ships[1] = 3;
    o->players[0] = o->players[1] = AI_PLAYER_NORMAL;
    o->port = NET_PORT_DEFAULT;
    o->wait_s = 60;
    o->pass = "";
    o->say = "";
    int help = 0, players_given = 0, ai_vs_ai = 0, shape_given = 0, port_given = 0;
    for (int i = 1; i < argc; i++) {
        char flag[64];
        const char *arg = argv[i];
        if (strncmp(arg, "--", 2) != 0) return err_set(e, "%s: unexpected argument", arg);
        /* "--flag value" and "--flag=value" alike. */
        const char *eq = strchr(arg, '=');
        size_t n = eq ? (size_t)(eq - arg) : strlen(arg);
        if (n >= sizeof flag) return err_set(e, "%.60s: unknown flag (see --autoplay --help)", arg);
        memcpy(flag, arg, n);
        flag[n] = '\0';
        const char *value = eq ? eq + 1 : NULL;
        int takes = takes_value(flag);
        if (!takes) {
            if (value) return err_set(e, "%s: takes no value (got '%.40s')", flag, value);
            if (!strcmp(flag, "--autoplay"))
                continue;
            else if (!strcmp(flag, "--ai-vs-ai"))
                ai_vs_ai = 1;
            else if (!strcmp(flag, "--json"))
                o->json = 1;
            else if (!strcmp(flag, "--host")) {
                if (o->net != AUTOPLAY_LOCAL)
                    return err_set(e, "--host: not with --join or --watch");
                o->net = AUTOPLAY_HOST;
            } else if (!strcmp(flag, "--help"))
                help = 1;
            else
                return err_set(e, "%s: unknown flag with --autoplay (see --autoplay --help)", flag);
            continue;
        }
        if (!value) value = i + 1 < argc ? argv[++i] : NULL;
        long v;
        if (!strcmp(flag, "--seed")) {
            if (cli_long(flag, value, 0, 4294967295L, &v, e)) return -1;
            o->seed = (uint64_t)v;
            o->seed_set = true;
        } else if (!strcmp(flag, "--scenario")) {
            if (cli_need(flag, value, e)) return -1;
            if (!value[0]) return err_set(e, "--scenario: empty name");
            o->scenario = value;
        } else if (!strcmp(flag, "--port")) {
            if (cli_int(flag, value, 1, 65535, &o->port, e)) return -1;
            port_given = 1;
        } else if (!strcmp(flag, "--join") || !strcmp(flag, "--watch")) {
            if (o->net != AUTOPLAY_LOCAL)
                return err_set(e, "%s: only one of --host, --join and --watch", flag);
            if (net_parse_address(flag, value, o->join, sizeof o->join, &o->port, e)) return -1;
            o->net = !strcmp(flag, "--join") ? AUTOPLAY_JOIN : AUTOPLAY_WATCH;
        } else if (!strcmp(flag, "--wait")) {
            if (cli_int(flag, value, 1, 3600, &o->wait_s, e)) return -1;
        } else if (!strcmp(flag, "--pass") || !strcmp(flag, "--say")) {
            if (net_text_check(flag, value, e)) return -1;
            if (!strcmp(flag, "--pass"))
                o->pass = value;
            else
                o->say = value;
        } else if (!strcmp(flag, "--map")) {
            if (cli_need(flag, value, e)) return -1;
            if (!value[0]) return err_set(e, "--map: empty file name");
            o->map_path = value;
            shape_given = 1;
        } else if (!strcmp(flag, "--turns")) {
            if (cli_int(flag, value, 1, SKIRMISH_MAX_TURNS, &o->turns, e)) return -1;
            shape_given = 1;
        } else if (!strcmp(flag, "--ships")) {
            if (parse_pair(flag, value, 1, SKIRMISH_SIDE_SHIPS, o->ships, e)) return -1;
            shape_given = 1;
        } else {
            if (parse_players(flag, value, o->players, e)) return -1;
            players_given = 1;
        }
    }
    if (help) {
        usage(stdout);
        return 1;
    }
    if (net_flags_clash(o, shape_given, port_given, e)) return -1;
    if (o->scenario && shape_given)
        return err_set(e, "--scenario: the scenario sets the map, turns and ships (drop --map, "
                          "--turns and --ships)");
    if (ai_vs_ai && players_given &&
        (o->players[0] != AI_PLAYER_NORMAL || o->players[1] != AI_PLAYER_NORMAL))
        return err_set(e, "--players: contradicts --ai-vs-ai");
    return 0;
}

static void print_table(const SkirmishOutcome *r, FILE *out)
{
    const char *w = r->winner == 0 ? "side A wins" : r->winner == 1 ? "side B wins" : "a draw";
    fprintf(out, "%s%s%s (seed %llu): %s after %d of %d turns\n%s\n", r->scenario,
            r->scenario[0] ? " on " : "", r->map, (unsigned long long)r->seed, w, r->turns,
            r->turn_limit, r->verdict);
    fprintf(out, "%-6s %6s %5s %7s %11s %6s %5s %7s %7s %8s\n", "side", "ships", "sunk", "struck",
            "broadsides", "shots", "hits", "damage", "points", "escaped");
    for (int s = 0; s < SKIRMISH_SIDES; s++)
        fprintf(out, "%-6c %6d %5d %7d %11d %6d %5d %7d %7d %8d\n", "AB"[s], r -> ships[s],
                r -> sunk[s], r -> struck[s], r -> broadsides[s], r -> shots[s], r -> hits[s],
                r -> damage[s], r -> points[s], r -> escaped[s]);
}

/* The scenario's setup and map (a bad file or a map it does not fit is
 * bad input, -1; a sea that can't be generated -2). */
static int scenario_setup(const AutoplayOptions *o, Scenario *sc, Map *m, char *path, size_t cap,
                          MapGenParams *gen, Err *e)
{
    if (scenario_find(sc, o->scenario, e) != 0) return -1;
    if (o->seed_set) sc->setup.seed = o->seed;
    return scenario_map_load(sc, m, path, cap, gen, e);
}

/* The outcome as the flags ask: one JSON line, or the table. */
static int print_outcome(const AutoplayOptions *o, const SkirmishOutcome *r, FILE *out, Err *e)
{
    if (o->json) {
        char buf[SKIRMISH_OUTCOME_JSON_MAX];
        if (skirmish_outcome_json(r, buf, sizeof buf) < 0) {
            err_set(e, "autoplay: outcome too long to print");
            return -2;
        }
        fprintf(out, "%s\n", buf);
    } else {
        print_table(r, out);
    }
    if (fflush(out) != 0 || ferror(out)) {
        err_set(e, "autoplay: cannot write the outcome");
        return -2;
    }
    return 0;
}

static NetPlayOptions net_options(const AutoplayOptions *o, int side)
{
    NetPlayOptions n = {.port = o->port,
                        .wait_s = o->wait_s,
                        .player = o->players[side],
                        .pass = o->pass,
                        .say = o->say,
                        .log = stderr};
    return n;
}

int autoplay_run(const AutoplayOptions *o, FILE *out, Err *e)
{
    if (o->net >= AUTOPLAY_JOIN) {
        SkirmishOutcome r;
        NetPlayOptions n = net_options(o, 1);
        int rc = net_play_join(o->join, o->net == AUTOPLAY_WATCH, &n, &r, e);
        return rc != 0 ? rc : print_outcome(o, &r, out, e);
    }
    Scenario *sc = calloc(1, sizeof *sc);
    char *path = malloc(PATHS_MAX);
    if (!sc || !path) {
        free(sc);
        free(path);
        err_set(e, "autoplay: out of memory");
        return -2;
    }
    SkirmishSetup *setup = &sc->setup;
    skirmish_setup_default(setup);
    setup->seed = o->seed;
    setup->ships[0] = o->ships[0];
    setup->ships[1] = o->ships[1];
    setup->turn_limit = o->turns;
    Map m;
    MapGenParams gen;
    /* A map file that won't load is bad input (-1); a sea that can't be
     * generated is a runtime failure (-2). */
    int lrc = o->net == AUTOPLAY_HOST && o->map_path && !o->scenario
                  ? net_play_map_file_fits(o->map_path, e)
                  : 0;
    if (lrc == 0)
        lrc = o->scenario ? scenario_setup(o, sc, &m, path, PATHS_MAX, &gen, e)
                          : skirmish_map_load(o->map_path, o->seed, &m, &gen, setup, e);
    SkirmishOutcome r;
    /* What fails past loading is the setup against this map (a sea too
     * small for the fleets): bad input, like the map itself. */
    NetPlayOptions n = net_options(o, 0);
    int rc = lrc != 0                  ? 0
             : o->net == AUTOPLAY_HOST ? net_play_host(&m, setup, &n, &r, e)
                                       : (ai_autoplay(&m, setup, o->players, &r, e) != 0 ? -1 : 0);
    if (lrc == 0) map_free(&m);
    free(sc);
    free(path);
    if (lrc != 0) return lrc;
    if (rc != 0) return rc;
    return print_outcome(o, &r, out, e);
}

int autoplay_main(int argc, char **argv)
{
    AutoplayOptions o;
    Err e = {{0}};
    int rc = autoplay_parse(argc, argv, &o, &e);
    if (rc == 1) return 0;
    if (rc != 0) {
        fprintf(stderr, "shoal: %s\n", e.msg);
        return 2;
    }
    rc = autoplay_run(&o, stdout, &e);
    if (rc == 0) return 0;
    fprintf(stderr, "shoal: %s\n", e.msg);
    return rc == -1 ? 2 : 1;
}
