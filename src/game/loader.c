/* loader: a battle started or loaded on its own thread; progress through
 * atomics, the finish through a mutex and condition (for timed waits). */
#include "loader.h"

#include <assert.h>
#include <errno.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "core/jobs.h"
#include "core/paths.h"
#include "core/stop.h"

/* Where the bar is when each step begins, without and with painting.
 * Measured on an 8192^2 map: 0.81 s reading and charting, 0.72 s baking,
 * 1.4 s painting on 2 threads (0.6 s of it the inland bake and 0.6 s the
 * coast smoothing, both single-threaded; 2.1 s on one thread). */
#define LOADER_READ_SHARE    0.5f
#define LOADER_PAINT_BAKE_AT 0.25f
#define LOADER_PAINT_AT      0.45f
/* Stocking the sea: 0.2 s (0.12 s the sea's shore tables and spawn, 0.06 s
 * the clearance summary). */
#define LOADER_STOCK_AT       0.9f
#define LOADER_PAINT_STOCK_AT 0.94f

struct Loader {
    LoaderJob job;
    char map_path[PATHS_MAX];  /* job.setup.map_path points here */
    char save_path[PATHS_MAX]; /* job.path points here */
    char *text;                /* job.text points here, */
    uint8_t *png;              /* job.peer_map.png here */
    char *ini;                 /* and job.peer_map.ini here */
    char peer[64];             /* job.peer points here */
    pthread_t thread;
    /* Read by loader_poll at any time. */
    atomic_int phase;
    atomic_llong phase_t0; /* CLOCK_MONOTONIC ns when the step began */
    atomic_bool cancel;
    /* Two owners, the caller and the thread: whoever lets go last frees. */
    atomic_int refs;
    /* Written by the thread before it sets finished (under mu). */
    pthread_mutex_t mu;
    pthread_cond_t cv;
    bool finished;
    bool taken;
    bool kept_world; /* the battle's map was job.world: nothing baked */
    Battle *battle;
    ShoreField shore;
    TerrainImage image;
    SeaLifeStock stock;
    Err err;
};

static long long now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (long long)ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

static void enter(Loader *l, int phase)
{
    atomic_store(&l->phase_t0, now_ns());
    atomic_store(&l->phase, phase);
}

/* Cancelled by the caller, or a signal is ending the program. */
static bool stopping(const Loader *l)
{
    return atomic_load(&l->cancel) || stop_requested();
}

static void free_results(Loader *l)
{
    battle_free(l->battle);
    l->battle = NULL;
    shore_free(&l->shore);
    terrain_image_free(&l->image);
    sealife_stock_free(&l->stock);
}

static void destroy(Loader *l)
{
    free_results(l);
    free(l->text);
    free(l->png);
    free(l->ini);
    pthread_cond_destroy(&l->cv);
    pthread_mutex_destroy(&l->mu);
    free(l);
}

/* Drop one owner's hold; the last one frees. */
static void release(Loader *l)
{
    if (atomic_fetch_sub(&l->refs, 1) == 1) destroy(l);
}

/* The painting step: LOADER_DONE when it went through. */
static int paint(Loader *l)
{
    const LoaderJob *j = &l->job;
    enter(l, LOADER_PAINTING);
    /* A pool of its own: the main thread's is driven by the sea step. */
    JobPool *pool = NULL;
    Err pe = {{0}};
    if (j->threads > 1 && jobs_init(&pool, j->threads, &pe) != 0) pool = NULL; /* paint alone */
    int rc = terrain_image_shade(&l->image, &l->battle->map, &l->shore, j->terrain_tile, pool,
                                 &l->cancel, &l->err);
    if (pool) jobs_deinit(pool);
    if (rc == TERRAIN_CANCELLED) return LOADER_CANCELLED;
    if (rc != 0) return LOADER_FAILED;
    return stopping(l) ? LOADER_CANCELLED : LOADER_DONE;
}

/* The steps; each leaves the outcome in l and returns the final phase. */
static int work(Loader *l)
{
    const LoaderJob *j = &l->job;
    if (stopping(l)) return LOADER_CANCELLED;
    Battle *b = j->kind == LOADER_NEW    ? battle_new(&j->setup, j->speed, &l->err)
                : j->kind == LOADER_PEER ? battle_from_peer(j->text, j->text_len, &j->peer_map,
                                                            j->peer, j->own, j->speed, &l->err)
                                         : battle_load(j->path, j->mode, j->speed, &l->err);
    if (!b) return LOADER_FAILED;
    l->battle = b;
    if (stopping(l)) return LOADER_CANCELLED;
    /* The map on screen again (a quick load, the same battle once more):
     * its shore, coast and sea are there already; painting them anew took
     * 4 s on an 8192^2 map. */
    if (j->world != 0 && map_digest(&b->map) == j->world) {
        l->kept_world = true;
        return LOADER_DONE;
    }
    enter(l, LOADER_BAKING);
    if (shore_bake(&l->shore, b->map.land, b->map.w, b->map.h, &l->err) != 0) return LOADER_FAILED;
    if (stopping(l)) return LOADER_CANCELLED;
    if (j->terrain_tile > 0) {
        int rc = paint(l);
        if (rc != LOADER_DONE) return rc;
    }
    if (!j->stock) return LOADER_DONE;
    /* The sea keeps a pointer to l->shore: sealife_init_stocked moves it
     * to wherever the caller puts the field. */
    enter(l, LOADER_STOCKING);
    if (sealife_stock(&l->stock, &l->shore, &j->sea_params, j->sea_seed, j->fish, j->sharks,
                      &l->err) != 0)
        return LOADER_FAILED;
    /* The school laid out round the fleets here, so the first frame's
     * focus (the same) finds nothing to do on the main thread. */
    float xy[2 * SKIRMISH_MAX_SHIPS], radius;
    int n = battle_sea_focus(b, xy, SKIRMISH_MAX_SHIPS, &radius);
    sea_set_focus(l->stock.sea, xy, n, radius);
    return stopping(l) ? LOADER_CANCELLED : LOADER_DONE;
}

static void *run(void *arg)
{
    Loader *l = arg;
    int end = work(l);
    if (end != LOADER_DONE) free_results(l);
    if (end == LOADER_CANCELLED) err_set(&l->err, "cancelled");
    pthread_mutex_lock(&l->mu);
    l->finished = true;
    enter(l, end);
    pthread_cond_broadcast(&l->cv);
    pthread_mutex_unlock(&l->mu);
    release(l);
    return NULL;
}

/* Copy s into buf (cap bytes); -1 when it does not fit. */
static int copy_path(char *buf, size_t cap, const char *s, Err *e)
{
    int n = snprintf(buf, cap, "%s", s);
    if (n < 0 || (size_t)n >= cap) return err_set(e, "%.200s...: path too long", s);
    return 0;
}

Loader *loader_start(const LoaderJob *job, Err *e)
{
    assert(job &&
           (job->kind == LOADER_NEW || job->kind == LOADER_LOAD || job->kind == LOADER_PEER));
    assert(job->kind != LOADER_LOAD || job->path);
    assert(job->kind != LOADER_PEER || (job->text && job->peer));
    Loader *l = calloc(1, sizeof *l);
    if (!l) {
        err_set(e, "loader: out of memory");
        return NULL;
    }
    l->job = *job;
    if (job->kind == LOADER_NEW && job->setup.map_path) {
        if (copy_path(l->map_path, sizeof l->map_path, job->setup.map_path, e) != 0) goto fail;
        l->job.setup.map_path = l->map_path;
    }
    if (job->kind == LOADER_LOAD) {
        if (copy_path(l->save_path, sizeof l->save_path, job->path, e) != 0) goto fail;
        l->job.path = l->save_path;
    } else {
        l->job.path = NULL;
    }
    if (job->kind == LOADER_PEER) {
        const NetPeerMap *pm = &job->peer_map;
        l->text = malloc(job->text_len ? job->text_len : 1);
        l->png = pm->png ? malloc(pm->png_len ? pm->png_len : 1) : NULL;
        l->ini = pm->png ? malloc(pm->ini_len ? pm->ini_len : 1) : NULL;
        if (!l->text || (pm->png && (!l->png || !l->ini))) {
            err_set(e, "loader: out of memory");
            goto fail;
        }
        memcpy(l->text, job->text, job->text_len);
        if (pm->png) {
            memcpy(l->png, pm->png, pm->png_len);
            if (pm->ini_len) memcpy(l->ini, pm->ini, pm->ini_len);
            l->job.peer_map = (NetPeerMap){l->png, pm->png_len, l->ini, pm->ini_len};
        }
        snprintf(l->peer, sizeof l->peer, "%s", job->peer);
        l->job.text = l->text;
        l->job.peer = l->peer;
    } else {
        l->job.text = l->job.peer = NULL;
    }
    atomic_init(&l->phase, LOADER_READING);
    atomic_init(&l->phase_t0, now_ns());
    atomic_init(&l->cancel, false);
    atomic_init(&l->refs, 2);
    pthread_condattr_t ca;
    pthread_condattr_init(&ca);
    /* Timed waits measure a duration: immune to the wall clock being set. */
    pthread_condattr_setclock(&ca, CLOCK_MONOTONIC);
    int rc = pthread_cond_init(&l->cv, &ca);
    pthread_condattr_destroy(&ca);
    if (rc != 0) {
        err_set(e, "loader: cannot make a condition variable (error %d)", rc);
        goto fail;
    }
    if (pthread_mutex_init(&l->mu, NULL) != 0) {
        pthread_cond_destroy(&l->cv);
        err_set(e, "loader: cannot make a mutex");
        goto fail;
    }
    rc = pthread_create(&l->thread, NULL, run, l);
    if (rc != 0) {
        err_set(e, "loader: cannot start a thread (%s)", strerror(rc));
        pthread_mutex_destroy(&l->mu);
        pthread_cond_destroy(&l->cv);
        goto fail;
    }
    return l;
fail:
    free(l->text);
    free(l->png);
    free(l->ini);
    free(l);
    return NULL;
}

const LoaderJob *loader_job(const Loader *l)
{
    return &l->job;
}

int loader_poll(const Loader *l, LoaderProgress *p)
{
    int phase = atomic_load(&l->phase);
    if (!p) return phase;
    p->phase = phase;
    p->phase_s = (double)(now_ns() - atomic_load(&l->phase_t0)) * 1e-9;
    const LoaderJob *j = &l->job;
    bool paints = j->terrain_tile > 0;
    p->fraction = phase == LOADER_READING    ? 0.0f
                  : phase == LOADER_BAKING   ? (paints ? LOADER_PAINT_BAKE_AT : LOADER_READ_SHARE)
                  : phase == LOADER_PAINTING ? LOADER_PAINT_AT
                  : phase == LOADER_STOCKING ? (paints ? LOADER_PAINT_STOCK_AT : LOADER_STOCK_AT)
                                             : 1.0f;
    switch (phase) {
    case LOADER_READING:
        p->what = j->kind == LOADER_LOAD   ? "Reading the save and its map"
                  : j->kind == LOADER_PEER ? "Reading the host's battle"
                  : j->setup.map_path      ? "Reading the map"
                                           : "Generating the sea";
        break;
    case LOADER_BAKING:
        p->what = "Baking the shore";
        break;
    case LOADER_PAINTING:
        p->what = "Painting the coast";
        break;
    case LOADER_STOCKING:
        p->what = "Filling the sea";
        break;
    case LOADER_DONE:
        p->what = "Ready";
        break;
    case LOADER_FAILED:
        p->what = "Failed";
        break;
    default:
        p->what = "Cancelled";
        break;
    }
    return phase;
}

void loader_cancel(Loader *l)
{
    atomic_store(&l->cancel, true);
}

bool loader_wait(Loader *l, double seconds)
{
    struct timespec until;
    if (seconds >= 0) {
        clock_gettime(CLOCK_MONOTONIC, &until);
        long long ns = until.tv_nsec + (long long)(seconds * 1e9);
        until.tv_sec += (time_t)(ns / 1000000000LL);
        until.tv_nsec = (long)(ns % 1000000000LL);
    }
    pthread_mutex_lock(&l->mu);
    while (!l->finished) {
        if (seconds < 0) {
            pthread_cond_wait(&l->cv, &l->mu);
        } else if (pthread_cond_timedwait(&l->cv, &l->mu, &until) == ETIMEDOUT) {
            break;
        }
    }
    bool done = l->finished;
    pthread_mutex_unlock(&l->mu);
    return done;
}

bool loader_kept_world(const Loader *l)
{
    return l->kept_world;
}

int loader_take(Loader *l, Battle **b, ShoreField *shore, TerrainImage *img, SeaLifeStock *stock,
                Err *e)
{
    assert(l && b && shore);
    *b = NULL;
    if (img) memset(img, 0, sizeof *img);
    if (stock) memset(stock, 0, sizeof *stock);
    pthread_mutex_lock(&l->mu);
    bool finished = l->finished;
    pthread_mutex_unlock(&l->mu);
    if (!finished) return err_set(e, "loader: still loading");
    if (l->taken) return err_set(e, "loader: already taken");
    l->taken = true;
    if (!l->battle) {
        *e = l->err;
        return -1;
    }
    *b = l->battle;
    *shore = l->shore;
    l->battle = NULL;
    memset(&l->shore, 0, sizeof l->shore);
    if (img) {
        *img = l->image;
        memset(&l->image, 0, sizeof l->image);
    }
    if (stock) {
        *stock = l->stock;
        memset(&l->stock, 0, sizeof l->stock);
    }
    return 0;
}

void loader_free(Loader *l)
{
    if (!l) return;
    loader_cancel(l);
    pthread_mutex_lock(&l->mu);
    bool finished = l->finished;
    pthread_mutex_unlock(&l->mu);
    if (finished) {
        /* It has let go of l (or is about to return): reap it. */
        pthread_join(l->thread, NULL);
        destroy(l);
        return;
    }
    pthread_detach(l->thread);
    release(l);
}

int loader_run(const LoaderJob *job, Battle **b, ShoreField *shore, TerrainImage *img,
               SeaLifeStock *stock, Err *e)
{
    *b = NULL;
    if (img) memset(img, 0, sizeof *img);
    if (stock) memset(stock, 0, sizeof *stock);
    Loader *l = loader_start(job, e);
    if (!l) return -1;
    loader_wait(l, -1.0);
    int rc = loader_take(l, b, shore, img, stock, e);
    loader_free(l);
    return rc;
}
