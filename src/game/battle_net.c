/* battle_net: what a battle joined over the network keeps of its host's
 * map (battle.h): the PNG and sidecar the host sent, written once under
 * settings_received_maps_dir, named by the map's file stem and a hash of
 * its bytes, so a save of the battle loads again on this machine. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "battle.h"
#include "core/afile.h"
#include "core/paths.h"
#include "settings.h"

static uint64_t fnv(const void *p, size_t n, uint64_t h)
{
    const uint8_t *c = p;
    for (size_t k = 0; k < n; k++) h = (h ^ c[k]) * 0x100000001b3ull;
    return h;
}

/* path holds exactly n bytes of p. */
static bool holds(const char *path, const void *p, size_t n)
{
    char *have = NULL;
    size_t len = 0;
    Err e;
    if (afile_read(path, n + 1, &have, &len, &e) != 0) return false;
    bool same = len == n && memcmp(have, p, n) == 0;
    free(have);
    return same;
}

void battle_keep_map(Battle *b, const NetPeerMap *pm)
{
    char dir[PATHS_MAX], png[PATHS_MAX + 96], ini[PATHS_MAX + 96], stem[64];
    const char *base = paths_base_name(b->sk.map_path);
    snprintf(stem, sizeof stem, "%.*s", (int)strcspn(base, "."), base);
    uint64_t h = fnv(pm->ini, pm->ini_len, fnv(pm->png, pm->png_len, 0xcbf29ce484222325ull));
    Err e = {{0}};
    int rc = settings_received_maps_dir(dir, sizeof dir) == 0
                 ? 0
                 : err_set(&e, "no home folder to keep it in (HOME is not set)");
    snprintf(png, sizeof png, "%s/%s-%08x.png", dir, stem[0] ? stem : "map", (unsigned)h);
    map_sidecar_path(png, ini, sizeof ini);
    /* No sidecar came: none is written, and the map's defaults hold. */
    bool has_ini = pm->ini_len > 0;
    if (rc == 0 &&
        !(holds(png, pm->png, pm->png_len) && (!has_ini || holds(ini, pm->ini, pm->ini_len))))
        rc = paths_mkdirs(dir, &e) == 0 &&
                     (!has_ini || afile_write(ini, pm->ini, pm->ini_len, &e) == 0) &&
                     afile_write(png, pm->png, pm->png_len, &e) == 0
                 ? 0
                 : -1;
    char line[BATTLE_LOG_TEXT];
    if (rc != 0 || strlen(png) >= sizeof b->map_kept) {
        snprintf(line, sizeof line, "the host's map was not kept (%.100s): saves need it", e.msg);
        battle_log_add(b, line, -1, -1);
        return;
    }
    memcpy(b->map_kept, png, strlen(png) + 1); /* it fits: checked above */
}
