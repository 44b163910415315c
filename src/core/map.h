/* map: the water/land mask of a map, its PNG form and its .ini sidecar. */
#ifndef SHOAL_MAP_H
#define SHOAL_MAP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "err.h"
#include "hex.h"

/* Size limits, enforced before any pixel buffer is allocated. */
#define MAP_MIN_SIDE     16
#define MAP_MAX_SIDE     16384
#define MAP_MAX_SPAWNS   16
#define MAP_NAME_MAX     64
#define MAP_HEX_SIZE_MIN 8
#define MAP_HEX_SIZE_MAX 128
#define MAP_WIND_MAX     5
/* Sidecar files larger than this are refused as not being a sidecar. */
#define MAP_SIDECAR_MAX_BYTES (64 * 1024)

/* Game settings carried by NAME.ini beside NAME.png. */
typedef struct MapMeta {
    char name[MAP_NAME_MAX];
    int hex_size;      /* hex centre-to-corner in map pixels */
    int wind_dir;      /* hex direction the wind blows FROM, 0..5 (hex.h) */
    int wind_strength; /* 0 (calm) .. MAP_WIND_MAX (gale) */
    int spawn_count[2];
    Hex spawns[2][MAP_MAX_SPAWNS]; /* per fleet; empty = the game places */
} MapMeta;

typedef struct Map {
    int w, h;
    uint8_t *land; /* w*h bytes, row-major from the top-left: 1 land, 0 water */
    MapMeta meta;
} Map;

/* Statistics printed by `shoal-map info`. */
typedef struct MapStats {
    double water_fraction; /* water pixels / all pixels */
    int islands;           /* 8-connected land components */
    int water_bodies;      /* 4-connected water components */
    double largest_water;  /* largest water body / all water (0 if none) */
} MapStats;

/* Fill meta with defaults; the name is taken from path's file stem
 * (or "Untitled" when path is NULL). */
void map_meta_default(MapMeta *meta, const char *path);

/* An all-water w x h map with default meta. Refuses sizes outside
 * MAP_MIN_SIDE..MAP_MAX_SIDE. */
int map_init(Map *m, int w, int h, Err *e);
void map_free(Map *m);

/* Load PNG path and, when it exists, its sidecar (map_sidecar_path).
 * On failure m is left empty and e names the file and the problem. */
int map_load(Map *m, const char *path, Err *e);
/* Decode a PNG held in memory; `name` is used in messages. */
int map_load_png_memory(Map *m, const unsigned char *buf, size_t len, const char *name, Err *e);
/* A PNG map's size from its signature and IHDR alone, nothing decoded:
 * the first of map_load_png_memory's checks (MAP_MIN_SIDE..MAP_MAX_SIDE).
 * -1 with e naming `name` when it is no PNG or no size a map can have. */
int map_png_size(const unsigned char *buf, size_t len, const char *name, int *w, int *h, Err *e);

/* Parse sidecar text into meta (which should hold defaults first). Values
 * are checked against a map of map_w x map_h pixels. */
int map_meta_parse(MapMeta *meta, const char *text, size_t len, const char *name, int map_w,
                   int map_h, Err *e);
/* Render meta as sidecar text into buf; returns the length or -1 when buf
 * is too small. */
int map_meta_format(const MapMeta *meta, char *buf, size_t cap);

/* True when the centre of hex hx (hexes of hex_size) lies on a w x h map:
 * where a spawn hex must be. */
bool map_hex_inside(Hex hx, int hex_size, int w, int h);
/* True when a and b say the same: every sidecar field, names compared up
 * to their NUL, only the spawns in use. */
bool map_meta_equal(const MapMeta *a, const MapMeta *b);
/* 0 when meta is what the sidecar can hold and map_load accepts for a
 * w x h map (name 1..MAP_NAME_MAX-1 bytes of UTF-8 without control
 * characters or edge spaces that reads back the same, hex_size, wind and
 * strength in range, at most MAP_MAX_SPAWNS spawns per fleet, each
 * inside the map); else -1 with e naming the field. */
int map_meta_check(const MapMeta *meta, int w, int h, Err *e);

/* Write the mask PNG and its sidecar (map_sidecar_path: through a symlink
 * both go beside its target) together, as an afile group, so a failed
 * save never damages an existing map nor leaves one file of each. */
int map_save(const Map *m, const char *path, Err *e);
/* The sidecar path for a PNG path ("a/b.png" -> "a/b.ini"), beside the
 * file a symlink there leads to (afile_target: "link.png" -> "t.png" gives
 * "t.ini"), so a save through the link and a read of either name agree. */
void map_sidecar_path(const char *png_path, char *out, size_t cap);

static inline int map_is_land(const Map *m, int x, int y)
{
    return m->land[(size_t)y * (size_t)m->w + (size_t)x];
}

void map_stats(const Map *m, MapStats *st);

/* A 64-bit digest of what is drawn from m: its size, name (the terrain's
 * noise seed) and every land byte; the rest of the sidecar is left out.
 * Equal digests: the same shore field and painted coast, so the game keeps
 * those it has (a quick load on the map on screen). Not for untrusted
 * input: collisions can be made on purpose. 8192^2 in ~20 ms. */
uint64_t map_digest(const Map *m);

#endif
