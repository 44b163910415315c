/* shoal-map: headless map tool — generate, inspect and bake ocean maps. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "core/stop.h"
#include "core/afile.h"
#include "core/cli.h"
#include "core/map.h"
#include "core/mapgen.h"
#include "core/shore.h"
#include "core/clock.h"

static const char USAGE[] =
    "usage: shoal-map COMMAND [options]\n"
    "\n"
    "commands:\n"
    "  gen  --seed N --size WxH [--land F] [--roughness R] [--islands K] [--mirror] -o OUT.png\n"
    "       generate a map: writes OUT.png (the mask) and OUT.ini (its settings)\n"
    "  info MAP.png\n"
    "       size, water fraction, islands, largest water body, largest shore distance\n"
    "  bake MAP.png --distance OUT.pfm [--repeat N]\n"
    "       write the distance-to-shore field as a PFM; --repeat times the bake\n"
    "\n"
    "Run 'shoal-map COMMAND --help' for a command's options. Exit codes: 0 ok,\n"
    "1 runtime failure, 2 bad usage or bad input.\n";

static const char GEN_USAGE[] = "usage: shoal-map gen --seed N --size WxH [options] -o OUT.png\n";

static const char INFO_HELP[] = "usage: shoal-map info MAP.png\n"
                                "  prints size, water fraction, islands (8-connected land "
                                "components),\n"
                                "  water bodies, the largest water body's share of all water, "
                                "and the\n"
                                "  largest distance from any water pixel to the shore.\n";

static const char BAKE_USAGE[] = "usage: shoal-map bake MAP.png --distance OUT.pfm [--repeat N]\n";

static int fail(const Err *e)
{
    fprintf(stderr, "shoal-map: %s\n", e->msg);
    return 2;
}

static int is_help(const char *a)
{
    return !strcmp(a, "--help") || !strcmp(a, "-h");
}

/* What a command's scan fills besides its table's values. */
typedef struct CmdArgs {
    const char *cmd;  /* "gen", "info", "bake": names the command in messages */
    const char *path; /* info, bake: MAP.png */
} CmdArgs;

/* gen takes no MAP.png: any word or unknown flag is an unknown option. */
static int gen_stray(void *ctx, const char *word, Err *e)
{
    (void)ctx;
    return err_set(e, "gen: unknown option '%.60s' (see shoal-map gen --help)", word);
}

/* info and bake: the one MAP.png; a second word or a flag they lack is
 * refused alike. */
static int map_word(void *ctx, const char *word, Err *e)
{
    CmdArgs *c = ctx;
    /* A lone "-" is a flag to these commands (no map comes from stdin). */
    if (c->path || word[0] == '-')
        return err_set(e, "%s: unexpected argument '%.60s' (see shoal-map %s --help)", c->cmd, word,
                       c->cmd);
    c->path = word;
    return 0;
}

static int map_unknown(void *ctx, const char *flag, Err *e)
{
    CmdArgs *c = ctx;
    return err_set(e, "%s: unexpected argument '%.60s' (see shoal-map %s --help)", c->cmd, flag,
                   c->cmd);
}

/* Scan a command's argv (argv[0] is the command) through its table.
 * Returns -1 to go on, else the exit code (help printed, or a bad flag). */
static int scan(const CliSpec *spec, int argc, char **argv)
{
    Err e = {{0}};
    int rc = cli_scan(spec, argc, argv, &e);
    if (rc == CLI_SCAN_HELP) return cli_help(stdout, spec), 0;
    if (rc == CLI_SCAN_FAIL) return fail(&e);
    return -1;
}

static int cmd_gen(int argc, char **argv)
{
    Err e = {{0}};
    MapGenParams p;
    mapgen_defaults(&p);
    const char *out = NULL;
    double land = p.land, roughness = p.roughness;
    int have_seed = 0, have_size = 0, mirror = p.mirror;
    /* clang-format off */
    const CliFlag flags[] = {
        {.name = "--seed", .kind = CLI_U32, .to = &p.seed, .lo = 0, .hi = 4294967295L,
         .given = &have_seed, .arg = "N",
         .help = "any whole number 0..4294967295; same seed, same map"},
        {.name = "--size", .kind = CLI_SIZE, .to = &p.w, .to2 = &p.h, .lo = MAP_MIN_SIDE,
         .hi = MAP_MAX_SIDE, .given = &have_size, .arg = "WxH",
         .help = CLI_STR(MAP_MIN_SIDE) ".." CLI_STR(MAP_MAX_SIDE) " pixels per side"},
        {.name = "--land", .kind = CLI_REAL, .to = &land, .dlo = 0.0, .dhi = 0.9, .arg = "F",
         .help = "land fraction 0..0.9 (default 0.25), hit within 0.02"},
        {.name = "--roughness", .kind = CLI_REAL, .to = &roughness, .dlo = 0.0, .dhi = 1.0,
         .arg = "R", .help = "0 smooth coasts .. 1 ragged (default 0.5)"},
        {.name = "--islands", .kind = CLI_INT, .to = &p.islands, .lo = 0, .hi = 64, .arg = "K",
         .help = "island centres to shape, 0..64 (default 6)"},
        {.name = "--mirror", .kind = CLI_SWITCH, .to = &mirror,
         .help = "180-degree rotational symmetry, for fair two-fleet maps"},
        {.name = "-o", .alias = "--output", .kind = CLI_TEXT, .to = &out, .arg = "OUT.png",
         .help = "output mask; OUT.ini is written beside it"},
        {.name = "--help", .alias = "-h", .kind = CLI_HELP},
    };
    /* clang-format on */
    const CliSpec spec = {.prog = "shoal-map",
                          .usage = GEN_USAGE,
                          .flags = flags,
                          .count = sizeof flags / sizeof flags[0],
                          .column = 18,
                          .opts = CLI_HELP_FIRST,
                          .positional = gen_stray,
                          .unknown = gen_stray};
    int rc = scan(&spec, argc, argv);
    if (rc >= 0) return rc;
    p.land = (float)land;
    p.roughness = (float)roughness;
    p.mirror = mirror != 0;
    if (!have_seed)
        err_set(&e, "gen: --seed is required");
    else if (!have_size)
        err_set(&e, "gen: --size is required");
    else if (!out)
        err_set(&e, "gen: -o OUT.png is required");
    if (e.msg[0]) return fail(&e);
    size_t ol = strlen(out);
    if (ol < 5 || strcmp(out + ol - 4, ".png") != 0) {
        err_set(&e, "-o '%.200s': the output must be a .png file", out);
        return fail(&e);
    }
    if (mapgen_validate(&p, &e)) return fail(&e);
    Map m;
    if (mapgen_generate(&m, &p, &e)) {
        fprintf(stderr, "shoal-map: %s\n", e.msg);
        return 1;
    }
    rc = map_save(&m, out, &e);
    if (rc == 0) {
        MapStats st;
        map_stats(&m, &st);
        printf("wrote %s (%dx%d, %.1f%% land, %d islands)\n", out, m.w, m.h,
               100.0 * (1.0 - st.water_fraction), st.islands);
    } else {
        fprintf(stderr, "shoal-map: %s\n", e.msg);
    }
    map_free(&m);
    return rc ? 1 : 0;
}

static int cmd_info(int argc, char **argv)
{
    Err e = {{0}};
    CmdArgs c = {.cmd = "info"};
    const CliFlag flags[] = {{.name = "--help", .alias = "-h", .kind = CLI_HELP}};
    const CliSpec spec = {.prog = "shoal-map",
                          .usage = INFO_HELP,
                          .flags = flags,
                          .count = 1,
                          .opts = CLI_HELP_FIRST,
                          .positional = map_word,
                          .unknown = map_unknown,
                          .ctx = &c};
    int rc = scan(&spec, argc, argv);
    if (rc >= 0) return rc;
    const char *path = c.path;
    if (!path) {
        err_set(&e, "info: missing MAP.png");
        return fail(&e);
    }
    Map m;
    if (map_load(&m, path, &e)) return fail(&e);
    MapStats st;
    map_stats(&m, &st);
    ShoreField f;
    if (shore_bake(&f, m.land, m.w, m.h, &e)) {
        map_free(&m);
        fprintf(stderr, "shoal-map: %s\n", e.msg);
        return 1;
    }
    float far = 0.0f;
    size_t n = (size_t)m.w * (size_t)m.h, land = 0;
    for (size_t i = 0; i < n; i++) {
        land += !shore_wet(&f, i);
        if (shore_px(&f, i) > far) far = shore_px(&f, i);
    }
    printf("map:            %s\n", path);
    printf("name:           %s\n", m.meta.name);
    printf("size:           %dx%d\n", m.w, m.h);
    printf("water:          %.1f%%\n", 100.0 * st.water_fraction);
    printf("islands:        %d\n", st.islands);
    printf("water bodies:   %d\n", st.water_bodies);
    printf("largest water:  %.1f%% of all water\n", 100.0 * st.largest_water);
    if (land == 0)
        printf("max shore dist: no land (open sea)\n");
    else if (far >= SHORE_CAP)
        printf("max shore dist: over %.0f px (the field's cap)\n", (double)SHORE_CAP);
    else
        printf("max shore dist: %.1f px\n", (double)far);
    printf("hex size:       %d px\n", m.meta.hex_size);
    printf("wind:           from %s, strength %d\n", hex_dir_names[m.meta.wind_dir],
           m.meta.wind_strength);
    printf("spawns:         fleet1 %d, fleet2 %d\n", m.meta.spawn_count[0], m.meta.spawn_count[1]);
    shore_free(&f);
    map_free(&m);
    return 0;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* Portable FloatMap: "Pf" grayscale, negative scale = little-endian, rows
 * from the bottom up as the format specifies. */
static int write_pfm(const char *path, const ShoreField *f, Err *e)
{
    char head[64];
    int hl = snprintf(head, sizeof head, "Pf\n%d %d\n-1.0\n", f->w, f->h);
    size_t row = (size_t)f->w * 4, len = (size_t)hl + row * (size_t)f->h;
    unsigned char *buf = malloc(len);
    if (!buf) return err_set(e, "%s: out of memory", path);
    memcpy(buf, head, (size_t)hl);
    unsigned char *p = buf + hl;
    for (int y = f->h - 1; y >= 0; y--) {
        size_t at = (size_t)y * (size_t)f->w;
        for (int x = 0; x < f->w; x++) {
            float d = shore_px(f, at + (size_t)x);
            uint32_t bits;
            memcpy(&bits, &d, 4);
            *p++ = (unsigned char)bits;
            *p++ = (unsigned char)(bits >> 8);
            *p++ = (unsigned char)(bits >> 16);
            *p++ = (unsigned char)(bits >> 24);
        }
    }
    int rc = afile_write(path, buf, len, e);
    free(buf);
    return rc;
}

static int cmd_bake(int argc, char **argv)
{
    Err e = {{0}};
    CmdArgs c = {.cmd = "bake"};
    const char *out = NULL;
    int repeat = 1;
    const CliFlag flags[] = {
        {.name = "--distance",
         .kind = CLI_TEXT,
         .to = &out,
         .arg = "OUT.pfm",
         .help = "the shore-distance field, one float per pixel (0 on land),\n"
                 "as a grayscale little-endian Portable FloatMap"},
        {.name = "--repeat",
         .kind = CLI_INT,
         .to = &repeat,
         .lo = 1,
         .hi = 1000,
         .arg = "N",
         .help = "bake N times (1..1000) and print the median time"},
        {.name = "--help", .alias = "-h", .kind = CLI_HELP},
    };
    const CliSpec spec = {.prog = "shoal-map",
                          .usage = BAKE_USAGE,
                          .flags = flags,
                          .count = sizeof flags / sizeof flags[0],
                          .column = 22,
                          .opts = CLI_HELP_FIRST,
                          .positional = map_word,
                          .unknown = map_unknown,
                          .ctx = &c};
    int rc = scan(&spec, argc, argv);
    if (rc >= 0) return rc;
    const char *path = c.path;
    if (!path)
        err_set(&e, "bake: missing MAP.png");
    else if (!out)
        err_set(&e, "bake: --distance OUT.pfm is required");
    if (e.msg[0]) return fail(&e);
    Map m;
    if (map_load(&m, path, &e)) return fail(&e);
    double *ms = malloc(sizeof *ms * (size_t)repeat);
    ShoreField f = {0};
    rc = ms ? 0 : err_set(&e, "out of memory");
    for (int r = 0; rc == 0 && r < repeat; r++) {
        if (r > 0) shore_free(&f);
        double t0 = clock_now_ms();
        rc = shore_bake(&f, m.land, m.w, m.h, &e);
        ms[r] = clock_now_ms() - t0;
    }
    if (rc == 0) rc = write_pfm(out, &f, &e);
    if (rc == 0 && repeat > 1) {
        qsort(ms, (size_t)repeat, sizeof *ms, cmp_double);
        printf("bake: %dx%d, median %.2f ms over %d runs\n", m.w, m.h, ms[repeat / 2], repeat);
    }
    if (rc) fprintf(stderr, "shoal-map: %s\n", e.msg);
    free(ms);
    shore_free(&f);
    map_free(&m);
    return rc ? 1 : 0;
}

int main(int argc, char **argv)
{
    /* SIGINT/SIGTERM end a run at once, removing the temp files of a save
     * in progress: the old map (or none) stays, never half a new one. */
    stop_catch(false);
    if (argc < 2) {
        fputs("shoal-map: missing command: gen, info or bake (see shoal-map --help)\n", stderr);
        return 2;
    }
    const char *cmd = argv[1];
    if (is_help(cmd)) {
        fputs(USAGE, stdout);
        return 0;
    }
    /* Each command scans its own argv, argv[0] being its name. */
    if (!strcmp(cmd, "gen")) return cmd_gen(argc - 1, argv + 1);
    if (!strcmp(cmd, "info")) return cmd_info(argc - 1, argv + 1);
    if (!strcmp(cmd, "bake")) return cmd_bake(argc - 1, argv + 1);
    fprintf(stderr, "shoal-map: unknown command '%.60s' (commands: gen, info, bake)\n", cmd);
    return 2;
}
