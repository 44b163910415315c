/* battle_play: what a replay shows as it plays: the cues heard, the state
 * shown (damage as its shot lands, fates, the shore), and the log told as
 * each event comes on screen. */
#include <math.h>
#include <string.h>

#include "battle.h"

static void ship_point(const Battle *b, int i, float t, float *x, float *y, float *h)
{
    battle_anim_pose(&b->anim, i, t, x, y, h);
}

/* A new cue to fill in, or NULL when the turn has more than can be heard. */
BattleCue *battle_cue(Battle *b, int kind, int ship, float x, float y, int event)
{
    if (b->ncue >= BATTLE_CUES) return NULL;
    BattleCue *c = &b->cue[b->ncue++];
    *c = (BattleCue){kind, x, y, ship, 0, 0, 0, event, -1, 0};
    return c;
}

int battle_take_cues(Battle *b, BattleCue *out, int cap)
{
    int n = b->ncue < cap ? b->ncue : cap;
    memcpy(out, b->cue, (size_t)n * sizeof *out);
    memmove(b->cue, b->cue + n, (size_t)(b->ncue - n) * sizeof *out);
    b->ncue -= n;
    return n;
}

/* The volley's shot leaving the firer and, at impact, falling around the
 * target: splashes for the misses, splinters for the hits. */
static void play_fire(Battle *b, const BattleVolley *v)
{
    float x, y, h, tx, ty, th;
    ship_point(b, v->ship, v->t_fire, &x, &y, &h);
    ship_point(b, v->target, v->t_fire, &tx, &ty, &th);
    float len = battle_ship_length(b, b->sk.ships[v->ship].cls);
    battle_fx_broadside(&b->fx, x, y, h, v->broadside == FLEET_PORT, len, v->guns);
    BattleCue *c = battle_cue(b, BATTLE_CUE_FIRE, v->ship, x, y, v->event);
    if (c) {
        c->guns = v->guns;
        c->shot = v->shot;
    }
    /* Grape is a spray: four small balls a gun, flung wider. */
    bool grape = v->shot == FLEET_GRAPE;
    int balls = grape ? (v->guns > 4 ? 16 : 4 * v->guns) : v->guns > 6 ? 6 : v->guns;
    float flight = v->t_impact - v->t_fire;
    float hs = (float)b->map.meta.hex_size, spread = hs * (grape ? 1.5f : 0.8f);
    for (int k = 0; k < balls; k++) {
        float jx = ((float)((k * 37 + v->event * 11) % 17) / 16.0f - 0.5f) * spread;
        float jy = ((float)((k * 53 + v->event * 7) % 13) / 12.0f - 0.5f) * spread;
        /* The spray leaves the muzzles in a fan, not from one point. */
        float ox = grape ? jx * 0.15f : 0.0f, oy = grape ? jy * 0.15f : 0.0f;
        battle_fx_ball(&b->fx, x + ox, y + oy, tx + jx, ty + jy, flight, v->shot);
    }
    /* Guns that burst: splinters flying aboard her, and heard. */
    const SkirmishEvent *ev = &b->sk.events[v->event];
    if (ev->burst > 0) {
        battle_fx_hit(&b->fx, x, y, hs * 0.45f);
        if (c) c->burst = ev->burst;
    }
}

/* The guns that burst as she fires, and their crews, lost as shown. */
static void show_burst(Battle *b, const BattleVolley *v)
{
    const SkirmishEvent *ev = &b->sk.events[v->event];
    FleetShip *s = &b->shown[v->ship];
    s->crew -= ev->damage.crew;
    for (int g = 0; g < FLEET_BROADSIDES; g++) s->guns[g] -= ev->damage.guns[g];
}

static void play_impact(Battle *b, const BattleVolley *v, const SkirmishEvent *hit)
{
    float tx, ty, th;
    ship_point(b, v->target, v->t_impact, &tx, &ty, &th);
    float hs = (float)b->map.meta.hex_size;
    BattleCue *c = battle_cue(b, BATTLE_CUE_IMPACT, v->target, tx, ty,
                              v->hit_event >= 0 ? v->hit_event : v->event);
    if (c) {
        c->guns = v->guns;
        c->hits = v->hits;
        c->shot = v->shot;
    }
    int misses = v->guns - v->hits;
    if (misses > 8) misses = 8;
    for (int k = 0; k < misses; k++) {
        /* Round the target, short or over, never on her deck. */
        float a = (float)(k * 2.39996) + (float)v->event;
        float r = hs * (0.75f + 0.5f * (float)((k * 7 + v->event) % 5) / 4.0f);
        battle_fx_splash(&b->fx, tx + cosf(a) * r, ty + sinf(a) * r, hs * 0.45f, hs * 1.6f);
    }
    int hits = v->hits > 6 ? 6 : v->hits;
    for (int k = 0; k < hits; k++) {
        float a = (float)k * 2.1f + (float)v->event, r = hs * 0.25f;
        battle_fx_hit(&b->fx, tx + cosf(a) * r, ty + sinf(a) * r, hs * 0.45f);
    }
    if (hit) {
        FleetShip *s = &b->shown[v->target];
        const FleetDamage *d = &hit->damage;
        s->hull -= d->hull;
        s->rigging -= d->rigging;
        s->crew -= d->crew;
        for (int g = 0; g < FLEET_BROADSIDES; g++) s->guns[g] -= d->guns[g];
    }
    b->shown[v->ship].reload[v->broadside] = FLEET_RELOAD_TURNS;
}

/* The shore and the anchor as they show: a ship grounding (a lurch at the
 * drift, hull lost), pounding, kedging or floating off, letting go or
 * weighing her anchor. */
static void play_shore(Battle *b, float t0, float t1, bool effects)
{
    const BattleAnim *a = &b->anim;
    for (int e = 0; e < b->sk.nevents; e++) {
        const SkirmishEvent *ev = &b->sk.events[e];
        int k = ev->kind;
        if (k != SKIRMISH_EV_AGROUND && k != SKIRMISH_EV_REFLOATED && k != SKIRMISH_EV_ANCHORED)
            continue;
        if (!(a->event_t[e] > t0 && a->event_t[e] <= t1) || ev->ship < 0 ||
            ev->ship >= b->sk.nships)
            continue;
        FleetShip *s = &b->shown[ev->ship];
        if (k == SKIRMISH_EV_AGROUND) {
            s->aground = true;
            s->hull -= ev->damage.hull;
        } else if (k == SKIRMISH_EV_REFLOATED) {
            s->aground = false;
        } else {
            s->anchored = ev->a != 0;
        }
        if (!effects) continue;
        float x, y, h;
        ship_point(b, ev->ship, a->event_t[e], &x, &y, &h);
        battle_cue(b, k == SKIRMISH_EV_AGROUND ? BATTLE_CUE_AGROUND : BATTLE_CUE_ANCHOR, ev->ship,
                   x, y, e);
        if (k == SKIRMISH_EV_AGROUND) {
            float hs = (float)b->map.meta.hex_size, lx, ly;
            hex_to_pixel(ev->to, hs, &lx, &ly);
            /* Spray and splinters where her bow meets the shore. */
            battle_fx_splash(&b->fx, x + (lx - x) * 0.45f, y + (ly - y) * 0.45f, hs * 0.5f,
                             hs * 1.2f);
            battle_fx_hit(&b->fx, x + (lx - x) * 0.3f, y + (ly - y) * 0.3f, hs * 0.45f);
        }
    }
}

/* Timbers work as a ship gets under way, turns or is brought up short:
 * about one ship-phase in four creaks (all the bumps), so a fleet under
 * sail is heard without a creak for every hex. */
static void play_creaks(Battle *b, float t0, float t1)
{
    const BattleAnim *a = &b->anim;
    for (int p = 0; p < a->nphases; p++) {
        float t = ((float)p + 0.1f) * a->phase_s;
        if (!(t > t0 && t <= t1)) continue;
        for (int i = 0; i < a->nships; i++) {
            int k = a->moves[p][i].kind;
            if (k == BATTLE_MOVE_HOLD) continue;
            if (k != BATTLE_MOVE_BLOCKED && (b->sk.turn * 3 + p * 5 + i * 7) % 4 != 0) continue;
            float x, y, h;
            ship_point(b, i, t, &x, &y, &h);
            battle_cue(b, BATTLE_CUE_CREAK, i, x, y, -1);
        }
    }
}

static int event_side(const Battle *b, const SkirmishEvent *ev)
{
    if (ev->kind == SKIRMISH_EV_HIT) return ev->other >= 0 ? b->sk.ships[ev->other].side : -1;
    if (ev->kind == SKIRMISH_EV_GAME_OVER) return ev->a;
    return ev->ship >= 0 && ev->ship < b->sk.nships ? b->sk.ships[ev->ship].side : -1;
}

/* What happens in (t0, t1] of the replay. */
void battle_play_span(Battle *b, float t0, float t1, bool effects)
{
    const BattleAnim *a = &b->anim;
    for (int k = 0; k < a->nvolleys; k++) {
        const BattleVolley *v = &a->volleys[k];
        if (v->t_fire > t0 && v->t_fire <= t1) {
            show_burst(b, v);
            if (effects) play_fire(b, v);
        }
        if (v->t_impact > t0 && v->t_impact <= t1) {
            const SkirmishEvent *hit = v->hit_event >= 0 ? &b->sk.events[v->hit_event] : NULL;
            if (effects) {
                play_impact(b, v, hit);
            } else if (hit) {
                FleetShip *s = &b->shown[v->target];
                s->hull -= hit->damage.hull;
                s->rigging -= hit->damage.rigging;
                s->crew -= hit->damage.crew;
                for (int g = 0; g < FLEET_BROADSIDES; g++) s->guns[g] -= hit->damage.guns[g];
            }
        }
    }
    for (int k = 0; k < a->nfates; k++) {
        const BattleFate *f = &a->fates[k];
        if (!(f->t > t0 && f->t <= t1)) continue;
        if (f->kind == SKIRMISH_EV_STRUCK) b->shown[f->ship].status = FLEET_STRUCK;
        if (effects) {
            float x, y, h;
            ship_point(b, f->ship, f->t, &x, &y, &h);
            battle_cue(b, f->kind == SKIRMISH_EV_STRUCK ? BATTLE_CUE_STRUCK : BATTLE_CUE_SANK,
                       f->ship, x, y, f->event);
        }
    }
    play_shore(b, t0, t1, effects);
    if (effects) play_creaks(b, t0, t1);
    if (b->rewatching) return; /* the log told it the first time */
    /* The log tells what happened as it happens (not every hex sailed),
     * in the order it happens on screen, however long the span. */
    int order[SKIRMISH_MAX_EVENTS], n = 0;
    for (int e = 0; e < b->sk.nevents; e++) {
        const SkirmishEvent *ev = &b->sk.events[e];
        if (ev->kind == SKIRMISH_EV_MOVED || ev->kind == SKIRMISH_EV_TURNED) continue;
        if (!(a->event_t[e] > t0 && a->event_t[e] <= t1)) continue;
        int k = n++;
        while (k > 0 && a->event_t[order[k - 1]] > a->event_t[e]) {
            order[k] = order[k - 1];
            k--;
        }
        order[k] = e;
    }
    for (int k = 0; k < n; k++) {
        const SkirmishEvent *ev = &b->sk.events[order[k]];
        char line[BATTLE_LOG_TEXT];
        skirmish_event_text(&b->sk, ev, line, sizeof line);
        battle_log_add(b, line, ev->kind, event_side(b, ev));
        if (ev->kind == SKIRMISH_EV_GAME_OVER) battle_log_verdict(b);
    }
}
