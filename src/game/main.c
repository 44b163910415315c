/* main: shoal's entry — the command line, the starting map, then the run. */
#include <stdio.h>

#include "app.h"
#include "bakebench.h"
#include "core/map.h"
#include "options.h"
#include "world.h"

int main(int argc, char **argv)
{
    GameOptions o;
    int rc = options_parse(argc, argv, &o);
    if (rc >= 0) return rc;

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
