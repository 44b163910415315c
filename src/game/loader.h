/* loader: the slow, SDL-free part of starting or loading a battle — the
 * map read (or the sea generated), charted, the fleets placed, the shore
 * baked, the coast painted, the sea stocked — on a thread of its own, so the window keeps
 * drawing. Progress is read through atomics; a cancel is honoured between
 * steps, and within the painting. */
#ifndef SHOAL_LOADER_H
#define SHOAL_LOADER_H

#include <stdbool.h>

#include "battle.h"
#include "core/err.h"
#include "core/shore.h"
#include "net/net_session.h"
#include "sealife.h"
#include "ui/terrain.h"

/* What a loader does. */
enum {
    LOADER_NEW,  /* battle_new(setup) */
    LOADER_LOAD, /* battle_load(path, mode) */
    LOADER_PEER, /* battle_from_peer(text, peer): a host's battle, joined */
};

/* A job; loader_start copies it, strings included. */
typedef struct LoaderJob {
    int kind;             /* LOADER_NEW or LOADER_LOAD */
    BattleSetup setup;    /* LOADER_NEW (setup.map_path NULL: a generated sea) */
    const char *path;     /* LOADER_LOAD: the save */
    int mode;             /* LOADER_LOAD: BATTLE_VS_AI ... */
    const char *text;     /* LOADER_PEER: the host's battle as save text, */
    size_t text_len;      /* its length, */
    NetPeerMap peer_map;  /* the map file it sent (png NULL: none), */
    const char *peer;     /* the host's "address:port", */
    int own;              /* and the side this window takes (SKIRMISH_SIDES: watching) */
    float speed;          /* animation speed of the battle made */
    int terrain_tile;     /* > 0: also paint the terrain image, in tiles of this
                             side (terrain_tile_side of the renderer that will
                             show it); 0: no painting step */
    int threads;          /* the painting's own pool (a pool has one driver, and
                             the main thread drives its own for the sea every
                             frame); <= 1: the loader's thread alone */
    bool stock;           /* also stock the sea life (sealife_stock) with: */
    int fish, sharks;     /* its counts, */
    SeaParams sea_params; /* its params, */
    uint32_t sea_seed;    /* its seed */
    uint64_t world;       /* map_digest of the map on screen, 0 none: a battle
                             on that very map keeps the world on screen, so
                             nothing is baked, painted or stocked for it */
} LoaderJob;

/* Where a load is, in the order it goes. The map read is one step with
 * its charting and the fleets' placement: battle_new and battle_load do
 * them in one call, and the chart takes 3 ms of the 2.9 s an 8192^2 map
 * costs (0.8 s reading, 0.7 s baking, 1.4 s painting on 2 threads). */
enum {
    LOADER_READING,   /* the map (or the save and its map) read or generated */
    LOADER_BAKING,    /* the shore field baked */
    LOADER_PAINTING,  /* the terrain image shaded (job.terrain_tile > 0) */
    LOADER_STOCKING,  /* the sea life stocked (job.stock) */
    LOADER_DONE,      /* finished: a battle, its shore (and image, stock) to take */
    LOADER_FAILED,    /* finished: loader_take says why */
    LOADER_CANCELLED, /* finished: cancelled, nothing made is left */
};

typedef struct LoaderProgress {
    int phase;        /* LOADER_* */
    float fraction;   /* 0..1 of the whole, advanced as the steps end */
    double phase_s;   /* seconds since this step began */
    const char *what; /* the step in words ("Baking the shore"); static */
} LoaderProgress;

typedef struct Loader Loader;

/* Start job on a new thread. NULL with e set when no thread can be made
 * (then nothing was started). */
Loader *loader_start(const LoaderJob *job, Err *e);

/* The job as given to loader_start (its strings are the loader's copies,
 * valid until loader_free). */
const LoaderJob *loader_job(const Loader *l);

/* Where the load is now (p may be NULL); returns p->phase. Never blocks. */
int loader_poll(const Loader *l, LoaderProgress *p);

/* Ask the load to stop. It stops at the next step's start, or within tens
 * of ms while painting (other steps are not interrupted: a 16384^2 PNG
 * decode runs to its end, and so do the shore bakes, the painting's own
 * inland one too: 0.6 s at 8192^2) and frees what it made; the phase then ends as LOADER_CANCELLED,
 * unless it had already finished. Never blocks. */
void loader_cancel(Loader *l);

/* Wait up to `seconds` (< 0: for ever) for the load to finish; true when
 * it has. */
bool loader_wait(Loader *l, double seconds);

/* After LOADER_DONE: true when the battle's map was job.world, so the
 * shore, image and stock loader_take hands over are empty (none was made). */
bool loader_kept_world(const Loader *l);

/* After LOADER_DONE: hand over the battle (the caller's to battle_free),
 * its map's shore field (the caller's to shore_free), when img is not
 * NULL the terrain image (the caller's to terrain_image_free or
 * terrain_upload; empty when the job painted none) and, when stock is not
 * NULL, the sea life stocked over that shore (the caller's to
 * sealife_init_stocked or sealife_stock_free; empty when the job stocked
 * none); all three empty when loader_kept_world; returns 0. Else
 * returns -1 with e saying why ("cancelled" when it was), *b NULL, *img
 * and *stock empty. Once only. */
int loader_take(Loader *l, Battle **b, ShoreField *shore, TerrainImage *img, SeaLifeStock *stock,
                Err *e);

/* Cancel and let go. A finished loader's thread is joined and whatever
 * was not taken is freed. A thread still inside a step is detached
 * rather than waited for: it frees the loader and what it made when the
 * step ends, so this never blocks (at process exit the OS takes what it
 * holds). NULL is ignored. */
void loader_free(Loader *l);

/* The synchronous form for headless runs and tests: start, wait, take,
 * free. Same results as loader_take. */
int loader_run(const LoaderJob *job, Battle **b, ShoreField *shore, TerrainImage *img,
               SeaLifeStock *stock, Err *e);

#endif
