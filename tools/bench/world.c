/* world: the map a benchmark swims in (loaded or generated to a density)
 * and the ships sailing across it. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench.h"
#include "core/mapgen.h"

int bench_map_side(int fish, float neighbor_radius)
{
    /* fish within r of a fish = density * pi r^2, so the water area that
     * gives BENCH_NEIGHBOURS at an even spread is fish * pi r^2 /
     * BENCH_NEIGHBOURS; schools bunch by BENCH_CLUMPING over that */
    double r = neighbor_radius;
    double water = (double)fish * 3.14159265358979 * r * r * BENCH_CLUMPING / BENCH_NEIGHBOURS;
    double side = sqrt(water / (1.0 - (double)BENCH_LAND));
    double s = ceil(side / 64.0) * 64.0;
    if (!(s >= BENCH_MIN_SIDE)) s = BENCH_MIN_SIDE;
    if (s > MAP_MAX_SIDE) s = MAP_MAX_SIDE;
    return (int)s;
}

static int bake(BenchWorld *w, Err *e)
{
    size_t n = (size_t)w->map.w * (size_t)w->map.h, land = 0;
    for (size_t i = 0; i < n; i++) land += w->map.land[i] != 0;
    w->land_fraction = (double)land / (double)n;
    if (land == n) {
        map_free(&w->map);
        return err_set(e, "%s: the map is all land; the fish need water", w->desc);
    }
    int rc = shore_bake(&w->shore, w->map.land, w->map.w, w->map.h, e);
    free(w->map.land);
    w->map.land = NULL;
    if (rc != 0) {
        map_free(&w->map);
        return -1;
    }
    w->mb = (double)n * sizeof *w->shore.dist / (1024.0 * 1024.0);
    return 0;
}

int bench_world_generate(BenchWorld *w, uint32_t seed, int fish, float neighbor_radius, Err *e)
{
    memset(w, 0, sizeof *w);
    MapGenParams p;
    mapgen_defaults(&p);
    int side = bench_map_side(fish, neighbor_radius);
    p.seed = seed;
    p.w = side;
    p.h = side;
    p.land = BENCH_LAND;
    /* about one island per 700x700 px, so big maps keep a coast-rich sea */
    long isl = lround((double)side * side / (700.0 * 700.0));
    p.islands = (int)(isl < 4 ? 4 : isl > 64 ? 64 : isl);
    if (mapgen_generate(&w->map, &p, e) != 0) return -1;
    snprintf(w->desc, sizeof w->desc, "seed %u (%dx%d)", (unsigned)seed, side, side);
    return bake(w, e);
}

int bench_world_load(BenchWorld *w, const char *path, Err *e)
{
    memset(w, 0, sizeof *w);
    if (map_load(&w->map, path, e) != 0) return -1;
    snprintf(w->desc, sizeof w->desc, "%.120s (%dx%d)", path, w->map.w, w->map.h);
    return bake(w, e);
}

void bench_world_free(BenchWorld *w)
{
    shore_free(&w->shore);
    map_free(&w->map);
}

/* ---------------------------------------------------------------- ships */

/* splitmix64: the ships' own randomness, independent of the sea's. */
static uint64_t mix(uint64_t z)
{
    z += 0x9e3779b97f4a7c15ull;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

static float unit(uint32_t seed, uint64_t k)
{
    return (float)(mix(((uint64_t)seed << 32) ^ k) >> 40) * (1.0f / 16777216.0f);
}

int bench_ships_init(BenchShips *s, const BenchWorld *w, int n, uint32_t seed, Err *e)
{
    const ShoreField *f = &w->shore;
    memset(s, 0, sizeof *s);
    if (n > SEA_MAX_HULLS) n = SEA_MAX_HULLS;
    const float r = BENCH_SHIP_RADIUS;
    uint64_t k = 0x5417u;
    for (int i = 0; i < n; i++) {
        int placed = 0;
        for (int t = 0; t < 10000 && !placed; t++) {
            float x = r + ((float)f->w - 2.0f * r) * unit(seed, k++);
            float y = r + ((float)f->h - 2.0f * r) * unit(seed, k++);
            /* a hull's width of clear water, so it starts free to sail */
            if (shore_distance(f, x, y) < 2.0f * r) continue;
            float a = 6.2831853f * unit(seed, k++);
            s->c[i] = (SeaCircle){x, y, BENCH_SHIP_SPEED * cosf(a), BENCH_SHIP_SPEED * sinf(a), r};
            placed = 1;
        }
        if (!placed && i == 0)
            return err_set(e,
                           "%s: no open water %.0f px from shore for a ship; give --ships 0, "
                           "or a map with more open sea",
                           w->desc, (double)(2.0f * r));
        if (!placed)
            return err_set(e,
                           "%s: no open water %.0f px from shore for ship %d of %d; give "
                           "--ships %d or fewer, or a map with more open sea",
                           w->desc, (double)(2.0f * r), i + 1, n, i);
        s->n++;
    }
    return 0;
}

void bench_ships_step(BenchShips *s, const ShoreField *f, float dt)
{
    for (int i = 0; i < s->n; i++) {
        SeaCircle *c = &s->c[i];
        float nx = c->x + c->vx * dt, ny = c->y + c->vy * dt;
        if ((nx < c->radius && c->vx < 0) || (nx > (float)f->w - c->radius && c->vx > 0))
            c->vx = -c->vx;
        if ((ny < c->radius && c->vy < 0) || (ny > (float)f->h - c->radius && c->vy > 0))
            c->vy = -c->vy;
        nx = c->x + c->vx * dt;
        ny = c->y + c->vy * dt;
        if (shore_distance(f, nx, ny) < c->radius) {
            /* bounce like light off the coast: mirror the velocity about
             * the shore normal (which points to deeper water) */
            float gx, gy;
            float dot = 0.0f;
            if (shore_gradient(f, c->x, c->y, &gx, &gy)) dot = c->vx * gx + c->vy * gy;
            if (dot < 0.0f) {
                c->vx -= 2.0f * dot * gx;
                c->vy -= 2.0f * dot * gy;
            } else {
                c->vx = -c->vx;
                c->vy = -c->vy;
            }
            continue; /* hold position this step; sail off on the next */
        }
        c->x = nx;
        c->y = ny;
    }
}
