/* main: shoal's entry — the command line, the starting map or battle, then
 * the run (or a whole battle played headless with --autoplay). */
#include <stdio.h>
#include <string.h>

#include "app.h"
#include "autoplay.h"
#include "bakebench.h"
#include "battle.h"
#include "core/map.h"
#include "core/paths.h"
#include "core/stop.h"
#include "core/testev.h"
#include "options.h"
#include "world.h"

static int run_battle(GameOptions *o, const BattleSetup *st);

/* --skirmish: the battle to start in, on --map or the sea of --seed. */
static int start_battle(GameOptions *o)
{
    BattleSetup st = {.mode = o->net_host ? BATTLE_NET : o->opponent,
                      .map_path = o->map_path,
                      .seed = o->has_seed ? o->seed : 1,
                      .ships = {o->ships[0], o->ships[1]},
                      .turn_limit = o->turns,
                      .map_seed = o->has_seed ? o->seed : 1,
                      .pick = {.classes_set = {o->classes_set, o->classes_set},
                               .wind_set = o->wind_set,
                               .wind_dir = o->wind_dir,
                               .wind_strength = o->wind_strength},
                      .ai_level = o->ai_level};
    memcpy(st.pick.classes, o->classes, sizeof st.pick.classes);
    return run_battle(o, &st);
}

/* --scenario NAME: its battle, against whom --opponent says. */
static int start_scenario(GameOptions *o)
{
    BattleSetup st;
    static char path[PATHS_MAX];
    Err e = {{0}};
    if (battle_setup_scenario(&st, o->scenario, path, sizeof path, &e) != 0) {
        fprintf(stderr, "shoal: %s\n", e.msg);
        return 2;
    }
    st.mode = o->net_host ? BATTLE_NET : o->opponent;
    st.ai_level = o->ai_level;
    return run_battle(o, &st);
}

static int run_battle(GameOptions *o, const BattleSetup *st)
{
    Err e = {{0}};
    Battle *b = battle_new(st, 1.0f, &e);
    if (!b) {
        /* A map that won't load or holds too little sea for the fleets. */
        fprintf(stderr, "shoal: %s\n", e.msg);
        return 2;
    }
    if (o->advance > 0 && battle_advance(b, o->advance, &e) != 0) {
        fprintf(stderr, "shoal: %s\n", e.msg);
        battle_free(b);
        return 1;
    }
    o->battle = b;
    return app_run(o, &b->map);
}

int main(int argc, char **argv)
{
    /* SIGINT and SIGTERM: a run without a window ends at once (its temp
     * files removed); a window's loop ends the game itself. */
    if (autoplay_wanted(argc, argv)) {
        stop_catch(false);
        return autoplay_main(argc, argv);
    }
    GameOptions o;
    int rc = options_parse(argc, argv, &o);
    if (rc >= 0) return rc;
    stop_catch(!(o.screenshot || o.compare || o.bench_batch));
    if (testev_open("shoal") != 0) return 2;
    if (o.skirmish) return start_battle(&o);
    if (o.scenario) return start_scenario(&o);

    Map m;
    Err e = {{0}};
    rc = world_load(&m, &o, &e);
    if (rc != 0) {
        fprintf(stderr, "shoal: %s\n", e.msg);
        return rc == -1 ? 2 : 1;
    }
    rc = o.bench_batch ? bakebench_run(&o, &m) : app_run(&o, &m);
    map_free(&m);
    return rc;
}
