/* world: the map the game starts on, from a file, a seed or the shipped set. */
#include "world.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/mapgen.h"
#include "core/paths.h"

static int has_png_suffix(const char *name)
{
    size_t n = strlen(name);
    return n > 4 && strcmp(name + n - 4, ".png") == 0;
}

/* The first *.png of the shipped maps by byte order into out; -1 if none. */
static int first_shipped_map(char *out, size_t cap)
{
    char dir[PATHS_MAX];
    if (paths_data_file("maps", dir, sizeof dir) != 0) return -1;
    DIR *d = opendir(dir);
    if (!d) return -1;
    char best[256] = "";
    struct dirent *de;
    while ((de = readdir(d)) != NULL) {
        if (!has_png_suffix(de->d_name) || strlen(de->d_name) >= sizeof best) continue;
        if (!best[0] || strcmp(de->d_name, best) < 0) snprintf(best, sizeof best, "%s", de->d_name);
    }
    closedir(d);
    if (!best[0]) return -1;
    int n = snprintf(out, cap, "%s/%s", dir, best);
    return n > 0 && (size_t)n < cap ? 0 : -1;
}

static int generate(Map *m, uint32_t seed, Err *e)
{
    MapGenParams p;
    mapgen_defaults(&p);
    p.seed = seed;
    return mapgen_generate(m, &p, e) == 0 ? 0 : -2;
}

/* A map file, refused when it holds no water: no fish, shark or ship
 * could be placed, and the sea's own message would not name the file. */
static int load_file(Map *m, const char *path, Err *e)
{
    if (map_load(m, path, e) != 0) return -1;
    size_t n = (size_t)m->w * (size_t)m->h, land = 0;
    for (size_t i = 0; i < n; i++) land += m->land[i] != 0;
    if (land < n) return 0;
    map_free(m);
    return err_set(e, "%s: the map is all land; the sea needs water (paint some with shoal-editor)",
                   path);
}

int world_load(Map *m, const GameOptions *o, Err *e)
{
    if (o->map_path) return load_file(m, o->map_path, e);
    if (o->has_seed) return generate(m, o->seed, e);
    char path[PATHS_MAX];
    if (first_shipped_map(path, sizeof path) == 0) return load_file(m, path, e);
    return generate(m, 1, e);
}
