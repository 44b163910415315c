/* shoal-map: headless map tool — generate, inspect and bake ocean maps. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

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

static const char GEN_HELP[] =
    "usage: shoal-map gen --seed N --size WxH [options] -o OUT.png\n"
    "  --seed N        any whole number 0..4294967295; same seed, same map\n"
    "  --size WxH      16..16384 pixels per side\n"
    "  --land F        land fraction 0..0.9 (default 0.25), hit within 0.02\n"
    "  --roughness R   0 smooth coasts .. 1 ragged (default 0.5)\n"
    "  --islands K     island centres to shape, 0..64 (default 6)\n"
    "  --mirror        180-degree rotational symmetry, for fair two-fleet maps\n"
    "  -o OUT.png      output mask; OUT.ini is written beside it\n";

static const char INFO_HELP[] = "usage: shoal-map info MAP.png\n"
                                "  prints size, water fraction, islands (8-connected land "
                                "components),\n"
                                "  water bodies, the largest water body's share of all water, "
                                "and the\n"
                                "  largest distance from any water pixel to the shore.\n";

static const char BAKE_HELP[] =
    "usage: shoal-map bake MAP.png --distance OUT.pfm [--repeat N]\n"
    "  --distance OUT.pfm  the shore-distance field, one float per pixel (0 on land),\n"
    "                      as a grayscale little-endian Portable FloatMap\n"
    "  --repeat N          bake N times (1..1000) and print the median time\n";

static int fail(const Err *e)
{
    fprintf(stderr, "shoal-map: %s\n", e->msg);
    return 2;
}

static int is_help(const char *a)
{
    return !strcmp(a, "--help") || !strcmp(a, "-h");
}

static int cmd_gen(int argc, char **argv)
{
    Err e = {{0}};
    MapGenParams p;
    mapgen_defaults(&p);
    const char *out = NULL;
    int have_seed = 0, have_size = 0;
    for (int i = 0; i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        long n;
        double d;
        if (is_help(a)) {
            fputs(GEN_HELP, stdout);
            return 0;
        } else if (!strcmp(a, "--seed")) {
            if (cli_long(a, v, 0, 4294967295L, &n, &e)) return fail(&e);
            p.seed = (uint32_t)n;
            have_seed = 1;
            i++;
        } else if (!strcmp(a, "--size")) {
            if (cli_size(a, v, MAP_MIN_SIDE, MAP_MAX_SIDE, &p.w, &p.h, &e)) return fail(&e);
            have_size = 1;
            i++;
        } else if (!strcmp(a, "--land")) {
            if (cli_double(a, v, 0.0, 0.9, &d, &e)) return fail(&e);
            p.land = (float)d;
            i++;
        } else if (!strcmp(a, "--roughness")) {
            if (cli_double(a, v, 0.0, 1.0, &d, &e)) return fail(&e);
            p.roughness = (float)d;
            i++;
        } else if (!strcmp(a, "--islands")) {
            if (cli_int(a, v, 0, 64, &p.islands, &e)) return fail(&e);
            i++;
        } else if (!strcmp(a, "--mirror")) {
            p.mirror = true;
        } else if (!strcmp(a, "-o") || !strcmp(a, "--output")) {
            if (cli_need(a, v, &e)) return fail(&e);
            out = v;
            i++;
        } else {
            err_set(&e, "gen: unknown option '%.60s' (see shoal-map gen --help)", a);
            return fail(&e);
        }
    }
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
    int rc = map_save(&m, out, &e);
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
    const char *path = NULL;
    for (int i = 0; i < argc; i++) {
        if (is_help(argv[i])) {
            fputs(INFO_HELP, stdout);
            return 0;
        } else if (argv[i][0] == '-' || path) {
            err_set(&e, "info: unexpected argument '%.60s' (see shoal-map info --help)", argv[i]);
            return fail(&e);
        }
        path = argv[i];
    }
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
    size_t n = (size_t)m.w * (size_t)m.h;
    for (size_t i = 0; i < n; i++)
        if (f.dist[i] > far) far = f.dist[i];
    printf("map:            %s\n", path);
    printf("name:           %s\n", m.meta.name);
    printf("size:           %dx%d\n", m.w, m.h);
    printf("water:          %.1f%%\n", 100.0 * st.water_fraction);
    printf("islands:        %d\n", st.islands);
    printf("water bodies:   %d\n", st.water_bodies);
    printf("largest water:  %.1f%% of all water\n", 100.0 * st.largest_water);
    if (far >= SHORE_FAR)
        printf("max shore dist: no land (open sea)\n");
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
        const float *src = f->dist + (size_t)y * (size_t)f->w;
        for (int x = 0; x < f->w; x++) {
            uint32_t bits;
            memcpy(&bits, &src[x], 4);
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
    const char *path = NULL, *out = NULL;
    int repeat = 1;
    for (int i = 0; i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (is_help(a)) {
            fputs(BAKE_HELP, stdout);
            return 0;
        } else if (!strcmp(a, "--distance")) {
            if (cli_need(a, v, &e)) return fail(&e);
            out = v;
            i++;
        } else if (!strcmp(a, "--repeat")) {
            if (cli_int(a, v, 1, 1000, &repeat, &e)) return fail(&e);
            i++;
        } else if (a[0] == '-' || path) {
            err_set(&e, "bake: unexpected argument '%.60s' (see shoal-map bake --help)", a);
            return fail(&e);
        } else {
            path = a;
        }
    }
    if (!path)
        err_set(&e, "bake: missing MAP.png");
    else if (!out)
        err_set(&e, "bake: --distance OUT.pfm is required");
    if (e.msg[0]) return fail(&e);
    Map m;
    if (map_load(&m, path, &e)) return fail(&e);
    double *ms = malloc(sizeof *ms * (size_t)repeat);
    ShoreField f = {0};
    int rc = ms ? 0 : err_set(&e, "out of memory");
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
    if (argc < 2) {
        fputs("shoal-map: missing command: gen, info or bake (see shoal-map --help)\n", stderr);
        return 2;
    }
    const char *cmd = argv[1];
    if (is_help(cmd)) {
        fputs(USAGE, stdout);
        return 0;
    }
    if (!strcmp(cmd, "gen")) return cmd_gen(argc - 2, argv + 2);
    if (!strcmp(cmd, "info")) return cmd_info(argc - 2, argv + 2);
    if (!strcmp(cmd, "bake")) return cmd_bake(argc - 2, argv + 2);
    fprintf(stderr, "shoal-map: unknown command '%.60s' (commands: gen, info, bake)\n", cmd);
    return 2;
}
