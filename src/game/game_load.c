/* game_load: the game's side of starting, loading and saving battles —
 * from the menu, F9 and "play again" — through the loader: the panel
 * while it runs, the input it takes, and the battle put on screen when it
 * ends. */
#include "game.h"

#include <assert.h>
#include <stdio.h>
#include <string.h>

#include "core/paths.h"
#include "hud.h"

/* A started or loaded battle (b NULL: it failed, e says why; cancelled:
 * the player stopped it) goes on screen with its shore, painted terrain
 * and stocked sea (any may be NULL; all taken), or the failure is told;
 * either way what was on screen stays until the new battle is ready. */
static void finish_load(Game *g, const LoaderJob *j, Battle *b, ShoreField *shore,
                        TerrainImage *img, SeaLifeStock *stock, bool cancelled, Err *e)
{
    char msg[700];
    if (cancelled) {
        game_tell(g, 0, j->kind == LOADER_LOAD ? "load cancelled" : "no battle: cancelled");
        return;
    }
    /* A load (F9 most often) on the map on screen keeps the view and the
     * log where the player left them. */
    if (!b || game_set_battle(g, b, shore, img, stock, j->kind == LOADER_LOAD, e) != 0) {
        if (j->kind != LOADER_LOAD) {
            snprintf(msg, sizeof msg, "no battle: %.600s", e->msg);
            g->menu_open = 1;
        } else {
            /* A save that won't load is reported; the game plays on. */
            snprintf(msg, sizeof msg, "cannot load: %.600s", e->msg);
            fprintf(stderr, "shoal: %s\n", msg);
        }
        game_tell(g, 1, msg);
        return;
    }
    g->menu_open = 0;
    if (j->kind == LOADER_PEER) {
        if (j->own >= SKIRMISH_SIDES)
            snprintf(msg, sizeof msg, "watching %.100s's battle", j->peer);
        else
            snprintf(msg, sizeof msg, "joined %.100s's battle: you command side B (red)", j->peer);
        game_tell(g, 0, msg);
        return;
    }
    if (j->kind == LOADER_LOAD) {
        snprintf(msg, sizeof msg, "loaded %.600s", j->path);
        game_tell(g, 0, msg);
        return;
    }
    g->again = j->setup;
    if (j->setup.map_path) {
        snprintf(g->again_map, sizeof g->again_map, "%s", j->setup.map_path);
        g->again.map_path = g->again_map;
    }
    game_tell(g, 0,
              g->battle->mode == BATTLE_HOTSEAT
                  ? "hot-seat: each side gives its orders behind a curtain"
                  : "select a ship, click where she should sail, press Enter to end the turn");
}

/* Start the load `want` on the loader, the coast painted there too for
 * this renderer's tiles, with as many threads as the sea's pool, and the
 * sea stocked. In a
 * window the game draws on while it runs (game_load_poll picks it up);
 * headless, nobody would see a bar, so it is waited for here, through the
 * same loader. */
void game_sea_stock_job(const Game *g, LoaderJob *j)
{
    j->stock = true;
    j->fish = sealife_fish(&g->sea);
    j->sharks = sealife_shark_count(&g->sea);
    sea_params_default(&j->sea_params);
    j->sea_params.sep_weight = g->sea.params.sep_weight;
    j->sea_params.ali_weight = g->sea.params.ali_weight;
    j->sea_params.coh_weight = g->sea.params.coh_weight;
    j->sea_seed = g->o->has_seed ? g->o->seed : 1;
}

static void begin_load(Game *g, const LoaderJob *want)
{
    if (g->loader) return; /* one at a time (no input reaches here meanwhile) */
    LoaderJob job = *want;
    const LoaderJob *j = &job;
    job.terrain_tile = terrain_tile_side(g->r);
    job.threads = jobs_threads(g->pool);
    job.world = g->world;
    game_sea_stock_job(g, &job);
    Err e = {{0}};
    if (!g->win) {
        Battle *b = NULL;
        ShoreField shore = {0};
        TerrainImage img = {0};
        SeaLifeStock stock = {0};
        loader_run(j, &b, &shore, &img, &stock, &e);
        finish_load(g, j, b, &shore, &img, &stock, false, &e);
        return;
    }
    g->loader = loader_start(j, &e);
    if (!g->loader) {
        finish_load(g, j, NULL, NULL, NULL, NULL, false, &e);
        return;
    }
    if (j->kind == LOADER_PEER) {
        snprintf(g->load_title, sizeof g->load_title, "Joining %.100s's battle", j->peer);
    } else if (j->kind == LOADER_LOAD) {
        const char *slash = strrchr(j->path, '/');
        snprintf(g->load_title, sizeof g->load_title, "Loading %.120s",
                 slash ? slash + 1 : j->path);
    } else {
        snprintf(g->load_title, sizeof g->load_title, "Starting a battle");
    }
    g->load_cancel = false;
    g->load_panel = (UiPanel){0};
}

void game_load_poll(Game *g)
{
    Loader *l = g->loader;
    if (!l) return;
    if (g->load_cancel) {
        /* Back at once: the thread, if mid-step, cleans up on its own. */
        g->loader = NULL;
        finish_load(g, loader_job(l), NULL, NULL, NULL, NULL, true, NULL);
        loader_free(l);
        return;
    }
    if (loader_poll(l, NULL) < LOADER_DONE) return;
    g->loader = NULL;
    Battle *b = NULL;
    ShoreField shore = {0};
    TerrainImage img = {0};
    SeaLifeStock stock = {0};
    Err e = {{0}};
    loader_take(l, &b, &shore, &img, &stock, &e);
    finish_load(g, loader_job(l), b, &shore, &img, &stock, false, &e);
    loader_free(l);
}

void game_peer_battle(Game *g, const char *text, size_t len, const NetPeerMap *pm, const char *peer,
                      int own)
{
    LoaderJob j = {.kind = LOADER_PEER,
                   .text = text,
                   .text_len = len,
                   .peer_map = *pm,
                   .peer = peer,
                   .own = own,
                   .speed = g->settings.anim_speed};
    begin_load(g, &j);
}

void game_new_battle(Game *g, const BattleSetup *st)
{
    LoaderJob j = {.kind = LOADER_NEW, .setup = *st, .speed = g->settings.anim_speed};
    begin_load(g, &j);
}

void game_load_battle(Game *g, const char *path, int mode)
{
    LoaderJob j = {
        .kind = LOADER_LOAD, .path = path, .mode = mode, .speed = g->settings.anim_speed};
    begin_load(g, &j);
}

void game_quickload(Game *g)
{
    char dir[PATHS_MAX], path[PATHS_MAX + 128];
    if (settings_save_dir(dir, sizeof dir) != 0) {
        game_tell(g, 1, "cannot load: no home folder (HOME is not set)");
        return;
    }
    snprintf(path, sizeof path, "%s/%s.sav", dir, GAME_QUICKSAVE);
    game_load_battle(g, path, g->battle ? g->battle->mode : g->settings.opponent);
}

void game_play_again(Game *g)
{
    assert(g->battle);
    /* After the guided battle, "another like it" is the lesson again (its
     * fixed sea, ships and dice), not a default battle on its map. */
    if (g->tut.on && g->battle == g->tut.dressed) {
        game_tutorial_start(g);
        return;
    }
    BattleSetup st = g->again;
    if (st.turn_limit == 0) {
        /* Started from the command line or a save: the same sea and fleets. */
        st.mode = g->battle->mode;
        st.map_path = g->battle->sk.map_generated ? NULL : g->battle->sk.map_path;
        st.map_seed = g->battle->sk.gen.seed;
        st.turn_limit = g->battle->sk.turn_limit;
        st.ships[0] = st.ships[1] = 0;
        for (int i = 0; i < g->battle->sk.nships; i++) st.ships[g->battle->sk.ships[i].side & 1]++;
        snprintf(g->again_map, sizeof g->again_map, "%s", st.map_path ? st.map_path : "");
        if (st.map_path) st.map_path = g->again_map;
    }
    st.seed = g->battle->sk.seed * 6364136223846793005ull + 1442695040888963407ull;
    game_new_battle(g, &st);
}

/* ------------------------------------------------------------ the panel */

int game_load_event(Game *g, const SDL_Event *ev)
{
    ui_event(&g->load_ui, ev);
    switch (ev->type) {
    case SDL_QUIT:
        return 1;
    case SDL_WINDOWEVENT:
        if (ev->window.event == SDL_WINDOWEVENT_SIZE_CHANGED) game_sync_view(g);
        return 0;
    case SDL_KEYDOWN:
        if (ev->key.repeat) return 0;
        if (ev->key.keysym.sym == SDLK_ESCAPE) g->load_cancel = true;
        if (ev->key.keysym.sym == SDLK_F12) g->want_shot = 1;
        return 0;
    case SDL_MOUSEBUTTONUP:
        /* A press from before the load must still end, or its drag (or
         * its captured widget) would outlive the load; what the release
         * would do is dropped. */
        ui_event(&g->ui, ev);
        input_event(&g->in, ev, &g->cam);
        return 0;
    default:
        return 0;
    }
}

void game_load_draw(Game *g, float ui)
{
    LoaderProgress p;
    loader_poll(g->loader, &p);
    HudLoading l = {g->load_title, p.what, p.phase_s, p.fraction, 1};
    ui_begin(&g->load_ui, ui);
    if (hud_draw_loading(&g->load_ui, &g->load_panel, &l, g->view_w, g->view_h))
        g->load_cancel = true;
    ui_end(&g->load_ui);
}

int game_save_battle(Game *g, const char *name, char *out, size_t cap, Err *e)
{
    char dir[PATHS_MAX];
    if (!g->battle) return err_set(e, "save: no battle to save");
    if (settings_save_dir(dir, sizeof dir) != 0)
        return err_set(e, "save: no home folder to keep saves in (HOME is not set)");
    if (paths_mkdirs(dir, e) != 0) return -1;
    int n = snprintf(out, cap, "%s/%s.sav", dir, name);
    if (n < 0 || (size_t)n >= cap) return err_set(e, "save: path too long in %s", dir);
    return battle_save(g->battle, out, e);
}
