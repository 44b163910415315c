/* battle_anim: a resolved turn's events laid out in time, and the ships'
 * poses interpolated along it. */
#include "battle_anim.h"

#include <assert.h>
#include <math.h>
#include <string.h>

#include "core/mathx.h"

float battle_dir_angle(int d)
{
    d = ((d % HEX_DIRS) + HEX_DIRS) % HEX_DIRS;
    /* Directions run counter-clockwise on screen, where y points down. */
    return -(float)d * (MATHX_PI_F / 3.0f);
}

float battle_angle_diff(float a, float b)
{
    float d = fmodf(b - a, 2.0f * MATHX_PI_F);
    if (d <= -MATHX_PI_F) d += 2.0f * MATHX_PI_F;
    if (d > MATHX_PI_F) d -= 2.0f * MATHX_PI_F;
    return d;
}

float battle_hermite(float s, float m0, float m1)
{
    if (s <= 0.0f) return 0.0f;
    if (s >= 1.0f) return 1.0f;
    float s2 = s * s, s3 = s2 * s;
    /* h01 + m0 h10 + m1 h11 with p0 = 0, p1 = 1. */
    return (-2.0f * s3 + 3.0f * s2) + m0 * (s3 - 2.0f * s2 + s) + m1 * (s3 - s2);
}

static float smooth(float s)
{
    return battle_hermite(s, 0.0f, 0.0f);
}

static int is_movement(int kind)
{
    return kind == SKIRMISH_EV_TURNED || kind == SKIRMISH_EV_MOVED || kind == SKIRMISH_EV_BLOCKED;
}

/* The drift: one slot after the phases, when any ship drifts or is driven
 * ashore; anchors let go at the path's end come just before it. */
static void lay_out_drift(BattleAnim *a, const SkirmishEvent *ev)
{
    int slot = -1;
    for (int e = 0; e < a->nevents; e++) {
        const SkirmishEvent *v = &ev[e];
        bool shore = v->kind == SKIRMISH_EV_AGROUND && v->a == 0;
        if ((v->kind != SKIRMISH_EV_DRIFTED && !shore) || v->ship < 0 || v->ship >= a->nships)
            continue;
        if (slot < 0) slot = a->nphases++;
        BattleMove *m = &a->moves[slot][v->ship];
        m->from = v->from;
        m->to = v->to;
        m->facing0 = m->facing1 = shore ? -1 : v->b;
        m->kind = shore ? BATTLE_MOVE_BLOCKED : BATTLE_MOVE_DRIFT;
        a->event_t[e] = ((float)slot + 0.5f) * a->phase_s;
    }
    float at = (float)(slot < 0 ? a->nphases : slot) * a->phase_s;
    for (int e = 0; e < a->nevents; e++)
        if (ev[e].kind == SKIRMISH_EV_ANCHORED && ev[e].a == 1)
            a->event_t[e] = at > 0.0f ? at : 0.05f * a->phase_s;
}

/* Movement: the log's phases, with phases nobody moved in dropped. */
static void lay_out_moves(BattleAnim *a, const SkirmishEvent *ev)
{
    int slot[SKIRMISH_MAX_STEPS];
    for (int p = 0; p < SKIRMISH_MAX_STEPS; p++) slot[p] = -1;
    for (int e = 0; e < a->nevents; e++) {
        int p = ev[e].phase;
        if (is_movement(ev[e].kind) && p >= 0 && p < SKIRMISH_MAX_STEPS) slot[p] = 0;
    }
    for (int p = 0; p < SKIRMISH_MAX_STEPS; p++)
        if (slot[p] == 0) slot[p] = a->nphases++;
    for (int e = 0; e < a->nevents; e++) {
        const SkirmishEvent *v = &ev[e];
        int p = v->phase;
        if (!is_movement(v->kind) || p < 0 || p >= SKIRMISH_MAX_STEPS || v->ship < 0 ||
            v->ship >= a->nships) {
            continue;
        }
        BattleMove *m = &a->moves[slot[p]][v->ship];
        m->from = v->from;
        m->to = v->to;
        m->facing0 = v->a;
        m->facing1 = v->b;
        m->kind = v->kind == SKIRMISH_EV_TURNED  ? BATTLE_MOVE_TURN
                  : v->kind == SKIRMISH_EV_MOVED ? BATTLE_MOVE_SAIL
                                                 : BATTLE_MOVE_BLOCKED;
        a->event_t[e] = ((float)slot[p] + 0.5f) * a->phase_s;
    }
    lay_out_drift(a, ev);
    a->move_end = (float)a->nphases * a->phase_s;
}

/* Gunnery: broadsides in log order from t, a hit landing with its shot;
 * k stretches every span. Returns when the last shot lands. */
static float lay_out_volleys(BattleAnim *a, const SkirmishEvent *ev, float t, float k)
{
    float last = t;
    for (int e = 0; e < a->nevents; e++) {
        const SkirmishEvent *v = &ev[e];
        if (v->kind == SKIRMISH_EV_FIRED && a->nvolleys < SKIRMISH_MAX_SHIPS * FLEET_BROADSIDES) {
            BattleVolley *o = &a->volleys[a->nvolleys++];
            o->event = e;
            o->hit_event = -1;
            o->ship = v->ship;
            o->target = v->other;
            o->broadside = v->broadside;
            o->shot = v->shot;
            o->guns = v->guns;
            o->hits = v->hits;
            o->range = v->range;
            o->t_fire = t;
            /* Shot flies longer the farther it goes. */
            o->t_impact = t + (BATTLE_ANIM_FLIGHT_S + BATTLE_ANIM_RANGE_S * (float)v->range) * k;
            a->event_t[e] = o->t_fire;
            if (o->t_impact > last) last = o->t_impact;
            /* The next broadside fires once this one's shot has landed,
             * so the log reads volley by volley: fire, then what it did. */
            t = o->t_impact + BATTLE_ANIM_VOLLEY_S * k;
        } else if (v->kind == SKIRMISH_EV_HIT && a->nvolleys > 0) {
            BattleVolley *o = &a->volleys[a->nvolleys - 1];
            o->hit_event = e;
            a->event_t[e] = o->t_impact;
        }
    }
    return last;
}

/* The shore at the turn's end (pounding, kedging off, anchors weighed),
 * then the fates, one after another, in the log's order.
 * Returns when the last has played out. */
static float lay_out_fates(BattleAnim *a, const SkirmishEvent *ev, float t, float k)
{
    float end = t;
    for (int e = 0; e < a->nevents; e++) {
        const SkirmishEvent *v = &ev[e];
        bool shore = (v->kind == SKIRMISH_EV_AGROUND && v->a == 1) ||
                     (v->kind == SKIRMISH_EV_REFLOATED && v->a == 1) ||
                     (v->kind == SKIRMISH_EV_ANCHORED && v->a == 0);
        if (shore) {
            a->event_t[e] = t;
            t += 0.25f * k;
            if (t > end) end = t;
        } else if ((v->kind == SKIRMISH_EV_STRUCK || v->kind == SKIRMISH_EV_SANK) &&
                   a->nfates < SKIRMISH_MAX_SHIPS) {
            BattleFate *f = &a->fates[a->nfates++];
            f->event = e;
            f->ship = v->ship;
            f->kind = v->kind;
            f->t = t;
            a->event_t[e] = t;
            float done = t + (v->kind == SKIRMISH_EV_SANK ? BATTLE_ANIM_SINK_S * k : 0.5f * k);
            if (done > end) end = done;
            t += 0.35f * k;
        }
    }
    return end;
}

void battle_anim_build(BattleAnim *a, const HexPose *start, int nships, const SkirmishEvent *ev,
                       int nev, float hex_size, float speed)
{
    assert(a && (nships == 0 || start) && (nev == 0 || ev));
    memset(a, 0, sizeof *a);
    if (nships > SKIRMISH_MAX_SHIPS) nships = SKIRMISH_MAX_SHIPS;
    if (nev > SKIRMISH_MAX_EVENTS) nev = SKIRMISH_MAX_EVENTS;
    if (!(speed > 0.0f)) speed = 1.0f;
    a->hex_size = hex_size;
    a->nships = nships;
    a->nevents = nev;
    float k = 1.0f / speed;
    a->phase_s = BATTLE_ANIM_PHASE_S * k;
    for (int i = 0; i < nships; i++) a->start[i] = start[i];
    lay_out_moves(a, ev);
    bool guns = false, over = false;
    for (int e = 0; e < nev; e++) {
        guns |= ev[e].kind == SKIRMISH_EV_FIRED;
        over |= ev[e].kind == SKIRMISH_EV_GAME_OVER;
    }
    /* The board is seen at rest before the first gun fires, even when
     * nobody sailed. */
    float t = a->move_end + (a->nphases > 0 || guns ? BATTLE_ANIM_PAUSE_S * k : 0.0f);
    float last = lay_out_volleys(a, ev, t, k);
    float end = lay_out_fates(a, ev, last + (a->nvolleys > 0 ? BATTLE_ANIM_FATE_S * k : 0.0f), k);
    /* The wind and the end of the battle come last. */
    for (int e = 0; e < nev; e++) {
        int kind = ev[e].kind;
        /* A ship the shifted wind floats off the shore: after the wind. */
        bool freed = kind == SKIRMISH_EV_REFLOATED && ev[e].a == 0;
        if (kind == SKIRMISH_EV_WIND_VEERED || kind == SKIRMISH_EV_WIND_STRENGTH ||
            kind == SKIRMISH_EV_GAME_OVER || freed)
            a->event_t[e] = end;
    }
    a->total = end + BATTLE_ANIM_TAIL_S * k;
    if (a->nvolleys > 0 && a->total < BATTLE_ANIM_GUNNERY_S * k)
        a->total = BATTLE_ANIM_GUNNERY_S * k;
    if (over) a->total += BATTLE_ANIM_OVER_S * k;
}

/* Did ship i sail in the movement slot j (for keeping speed between
 * consecutive hexes)? */
static bool sails(const BattleAnim *a, int j, int i)
{
    return j >= 0 && j < a->nphases && a->moves[j][i].kind == BATTLE_MOVE_SAIL;
}

void battle_anim_pose(const BattleAnim *a, int i, float t, float *x, float *y, float *heading)
{
    if (i < 0 || i >= a->nships) {
        *x = *y = *heading = 0.0f;
        return;
    }
    HexPose p = a->start[i];
    float px, py;
    hex_to_pixel(p.hex, a->hex_size, &px, &py);
    float ang = battle_dir_angle(p.facing);
    for (int j = 0; j < a->nphases; j++) {
        const BattleMove *m = &a->moves[j][i];
        float t0 = (float)j * a->phase_s;
        if (m->kind == BATTLE_MOVE_HOLD) continue;
        float s = (t - t0) / a->phase_s;
        if (s <= 0.0f) break;
        if (s > 1.0f) s = 1.0f;
        float fx, fy, tx, ty;
        hex_to_pixel(m->from, a->hex_size, &fx, &fy);
        hex_to_pixel(m->to, a->hex_size, &tx, &ty);
        if (m->kind == BATTLE_MOVE_TURN) {
            float a0 = battle_dir_angle(m->facing0);
            ang = a0 + battle_angle_diff(a0, battle_dir_angle(m->facing1)) * smooth(s);
            px = fx;
            py = fy;
        } else if (m->kind == BATTLE_MOVE_DRIFT) {
            /* Borne sideways or stern first: slow to start, slow to stop. */
            float h = smooth(s);
            px = fx + (tx - fx) * h;
            py = fy + (ty - fy) * h;
        } else if (m->kind == BATTLE_MOVE_SAIL) {
            float m0 = sails(a, j - 1, i) ? 1.0f : 0.0f;
            float m1 = sails(a, j + 1, i) ? 1.0f : 0.0f;
            float h = battle_hermite(s, m0, m1);
            px = fx + (tx - fx) * h;
            py = fy + (ty - fy) * h;
            ang = battle_dir_angle(m->facing0);
        } else {
            /* Blocked: a lurch towards the hex and back. */
            float h = BATTLE_ANIM_BUMP * sinf(MATHX_PI_F * s);
            px = fx + (tx - fx) * h;
            py = fy + (ty - fy) * h;
        }
        if (s < 1.0f) break;
    }
    *x = px;
    *y = py;
    /* Keep the heading in (-pi, pi]. */
    *heading = battle_angle_diff(0.0f, ang);
}

void battle_anim_velocity(const BattleAnim *a, int i, float t, float *vx, float *vy)
{
    const float h = 1.0f / 120.0f;
    float x0, y0, x1, y1, d0, d1;
    battle_anim_pose(a, i, t - h, &x0, &y0, &d0);
    battle_anim_pose(a, i, t + h, &x1, &y1, &d1);
    *vx = (x1 - x0) / (2.0f * h);
    *vy = (y1 - y0) / (2.0f * h);
}

float battle_anim_sinking(const BattleAnim *a, int i, float t)
{
    for (int k = 0; k < a->nfates; k++)
        if (a->fates[k].ship == i && a->fates[k].kind == SKIRMISH_EV_SANK)
            return t >= a->fates[k].t ? t - a->fates[k].t : -1.0f;
    return -1.0f;
}
