/* sktest: what the skirmish rule tests share: open maps with discs of
 * land, ships placed by hand, orders from step strings, a resolved turn and
 * counted events. Included by one test file each (static helpers). */
#ifndef SHOAL_SKTEST_H
#define SHOAL_SKTEST_H

#include "testutil.h"

#include "core/skirmish.h"

/* An open-water map; wind from the west at moderate strength. */
static inline Map open_map(int w, int h)
{
    Map m;
    Err e;
    ck_assert_int_eq(map_init(&m, w, h, &e), 0);
    m.meta.hex_size = 24;
    m.meta.wind_dir = 3;
    m.meta.wind_strength = 3;
    return m;
}

/* Paint a disc of land inside hex h, leaving its neighbours sailable. */
static inline void add_land(Map *m, Hex h)
{
    float cx, cy;
    hex_to_pixel(h, (float)m->meta.hex_size, &cx, &cy);
    int rad = m->meta.hex_size * 4 / 5;
    for (int y = (int)cy - rad; y <= (int)cy + rad; y++)
        for (int x = (int)cx - rad; x <= (int)cx + rad; x++)
            if (x >= 0 && y >= 0 && x < m->w && y < m->h &&
                (x - cx) * (x - cx) + (y - cy) * (y - cy) <= (float)(rad * rad))
                m->land[(size_t)y * (size_t)m->w + (size_t)x] = 1;
}

static inline void sk_empty(Skirmish *sk, const Map *m, uint64_t seed)
{
    Err e;
    ck_assert_int_eq(skirmish_init_empty(sk, m, &e), 0);
    sk->seed = seed;
    sk->turn_limit = 50;
}

static inline int add_ship(Skirmish *sk, int cls, int side, int q, int r, int facing)
{
    int i = sk->nships++;
    HexPose p = {{q, r}, facing};
    ck_assert(chart_sailable(&sk->chart, p.hex));
    fleet_ship_init(&sk->ships[i], cls, side, p);
    skirmish_default_orders(sk, i, &sk->orders[i]);
    return i;
}

/* Ship i at anchor (her orders keep her there): she neither sails nor
 * drifts, for tests of other rules. */
static inline void moor(Skirmish *sk, int i)
{
    sk->ships[i].anchored = true;
    skirmish_default_orders(sk, i, &sk->orders[i]);
}

/* Orders from a string of F/P/S steps; fire targets per broadside. */
static inline void order(Skirmish *sk, int i, const char *steps, int port, int star, int shot)
{
    SkirmishOrders o;
    skirmish_default_orders(sk, i, &o);
    o.nsteps = 0;
    for (const char *p = steps; *p; p++)
        o.steps[o.nsteps++] = *p == 'F'   ? HEX_STEP_FORWARD
                              : *p == 'P' ? HEX_STEP_PORT
                                          : HEX_STEP_STARBOARD;
    o.fire[FLEET_PORT].target = port;
    o.fire[FLEET_STARBOARD].target = star;
    o.fire[FLEET_PORT].shot = o.fire[FLEET_STARBOARD].shot = shot;
    Err e;
    ck_assert_msg(skirmish_order(sk, i, &o, &e) == 0, "%s", e.msg);
}

static inline void resolve(Skirmish *sk)
{
    Err e;
    ck_assert_int_eq(skirmish_submit(sk, 0, &e), 0);
    ck_assert_int_eq(skirmish_submit(sk, 1, &e), 0);
    ck_assert_msg(skirmish_resolve(sk, &e) == 0, "%s", e.msg);
}

static inline int count_events(const Skirmish *sk, int kind, int ship)
{
    int n = 0;
    for (int k = 0; k < sk->nevents; k++)
        n += sk->events[k].kind == kind && (ship < 0 || sk->events[k].ship == ship);
    return n;
}

#endif
