/* save_route: the optional [route.N] sections of a save — each ship's
 * standing route (goal hex, the heading wanted there, the turns it took
 * when first plotted), written, read and checked against the battle. */
#include "save_internal.h"

#include <stdio.h>
#include <string.h>

#include "chart.h"
#include "kv.h"

static const char *const route_keys[SAVE_ROUTE_COUNT] = {"goal", "facing", "first_turns"};

/* "q,r" with both whole numbers in the range a save's hexes use. */
static bool parse_hex(const char *v, Hex *out)
{
    const char *mid = strchr(v, ',');
    if (!mid || mid - v >= 24) return false;
    char left[24];
    memcpy(left, v, (size_t)(mid - v));
    left[mid - v] = '\0';
    long q, r;
    if (kv_parse_int(left, -100000, 100000, &q) != 0 || kv_parse_int(mid + 1, -100000, 100000, &r))
        return false;
    out->q = (int)q;
    out->r = (int)r;
    return true;
}

int save_route_line(SaveData *d, int idx, const char *section, const char *key, const char *v,
                    int line, Err *e)
{
    int k = -1;
    for (int i = 0; i < SAVE_ROUTE_COUNT; i++)
        if (strcmp(route_keys[i], key) == 0) k = i;
    if (k < 0) return SAVE_BAD("unknown key '%.40s' in [%s]", key, section);
    if (d->rline[idx][k])
        return SAVE_BAD("'%s' of route %d given twice (first on line %d)", key, idx,
                        d->rline[idx][k]);
    if (!d->route_line[idx]) d->route_line[idx] = line;
    d->rline[idx][k] = line;
    SaveRoute *r = &d->route[idx];
    r->on = true;
    long n;
    switch (k) {
    case SAVE_ROUTE_GOAL:
        if (!parse_hex(v, &r->goal)) return SAVE_BAD("route %d: goal '%.40s' is not 'q,r'", idx, v);
        return 0;
    case SAVE_ROUTE_FACING:
        r->goal_facing = strcmp(v, "any") == 0 ? -1 : hex_dir_from_name(v);
        if (r->goal_facing < 0 && strcmp(v, "any") != 0)
            return SAVE_BAD("route %d: facing '%.40s' is not any or one of E NE NW W SW SE", idx,
                            v);
        return 0;
    default:
        if (kv_parse_int(v, 1, SAVE_ROUTE_TURNS_MAX, &n) != 0)
            return SAVE_BAD("route %d: first_turns '%.40s' is not a whole number from 1 to %d", idx,
                            v, SAVE_ROUTE_TURNS_MAX);
        r->first_turns = (int)n;
        return 0;
    }
}

int save_route_check(const SaveData *d, const Skirmish *sk, SaveExtras *x, Err *e)
{
    for (int i = 0; i < SKIRMISH_MAX_SHIPS; i++) {
        if (!d->route_line[i]) continue;
        int line = d->route_line[i];
        for (int k = 0; k < SAVE_ROUTE_COUNT; k++)
            if (!d->rline[i][k])
                return SAVE_BAD("incomplete save: [route.%d] has no '%s'", i, route_keys[k]);
        if (i >= sk->nships)
            return SAVE_BAD("[route.%d] is for a ship the battle does not have (it has %d)", i,
                            sk->nships);
        if (!fleet_ship_manned(&sk->ships[i]))
            return SAVE_BAD("[route.%d] is for ship %d, who is %s: only a ship afloat keeps a "
                            "route",
                            i, i, save_status_names[sk->ships[i].status % 3]);
        line = d->rline[i][SAVE_ROUTE_GOAL];
        Hex g = d->route[i].goal;
        if (!chart_sailable(&sk->chart, g))
            return SAVE_BAD("route %d: goal %d,%d is land or off the map", i, g.q, g.r);
    }
    if (x) {
        memset(x, 0, sizeof *x);
        for (int i = 0; i < sk->nships; i++) x->route[i] = d->route[i];
        for (int s = 0; s < SKIRMISH_SIDES; s++) x->person[s] = d->person[s];
    }
    return 0;
}

bool save_route_format(const Skirmish *sk, const SaveExtras *x, char *buf, size_t cap, size_t *len)
{
    if (!x) return true;
    bool ok = true;
    for (int i = 0; i < sk->nships; i++) {
        const SaveRoute *r = &x->route[i];
        if (!r->on || !fleet_ship_manned(&sk->ships[i])) continue;
        const char *facing = r->goal_facing >= 0 && r->goal_facing < HEX_DIRS
                                 ? hex_dir_names[r->goal_facing]
                                 : "any";
        int turns = r->first_turns < 1                      ? 1
                    : r->first_turns > SAVE_ROUTE_TURNS_MAX ? SAVE_ROUTE_TURNS_MAX
                                                            : r->first_turns;
        ok = ok && kv_appendf(buf, cap, len,
                              "\n[route.%d]\ngoal = %d,%d\nfacing = %s\nfirst_turns = %d\n", i,
                              r->goal.q, r->goal.r, facing, turns);
    }
    return ok;
}
