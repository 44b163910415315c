/* battle_fx: the particle pool and the recipes of each effect. */
#include "battle_fx.h"

#include <math.h>
#include <string.h>
#include "core/fleet.h"
#include "core/mathx.h"

void battle_fx_init(BattleFx *fx, uint32_t seed)
{
    memset(fx, 0, sizeof *fx);
    fx->rng = seed ? seed : 0x9E3779B9u;
}

void battle_fx_clear(BattleFx *fx)
{
    fx->n = 0;
    fx->nscare = 0;
}

/* xorshift32: looks only, never the rules' dice. */
static float frand(BattleFx *fx)
{
    uint32_t x = fx->rng;
    x ^= x << 13;
    x ^= x >> 17;
    x ^= x << 5;
    fx->rng = x;
    return (float)(x >> 8) * (1.0f / 16777216.0f);
}

static float frange(BattleFx *fx, float lo, float hi)
{
    return lo + (hi - lo) * frand(fx);
}

static BattleParticle *spawn(BattleFx *fx, int kind, float x, float y, float life)
{
    BattleParticle *p;
    if (fx->n < BATTLE_FX_MAX) {
        p = &fx->p[fx->n++];
    } else {
        /* Full: the oldest relative to its life makes way. */
        int worst = 0;
        float wr = -1.0f;
        for (int i = 0; i < fx->n; i++) {
            float r = fx->p[i].age / fx->p[i].life;
            if (r > wr) {
                wr = r;
                worst = i;
            }
        }
        p = &fx->p[worst];
    }
    memset(p, 0, sizeof *p);
    p->kind = (uint8_t)kind;
    p->x = x;
    p->y = y;
    p->life = life > 0.01f ? life : 0.01f;
    p->alpha = 1.0f;
    p->r = p->g = p->b = 255;
    return p;
}

static void colour(BattleParticle *p, uint8_t r, uint8_t g, uint8_t b)
{
    p->r = r;
    p->g = g;
    p->b = b;
}

void battle_fx_step(BattleFx *fx, float dt, float wx, float wy)
{
    int m = 0;
    for (int i = 0; i < fx->n; i++) {
        BattleParticle p = fx->p[i];
        p.age += dt;
        if (p.age >= p.life) continue;
        /* Drag pulls everything towards the wind's velocity. */
        float drag = p.kind == BATTLE_FX_BALL ? 0.0f : p.kind == BATTLE_FX_SMOKE ? 1.6f : 3.0f;
        float k = 1.0f - fminf(drag * dt, 1.0f);
        float tx = wx * p.drift, ty = wy * p.drift;
        p.vx = tx + (p.vx - tx) * k;
        p.vy = ty + (p.vy - ty) * k;
        p.x += p.vx * dt;
        p.y += p.vy * dt;
        fx->p[m++] = p;
    }
    fx->n = m;
}

void battle_fx_broadside(BattleFx *fx, float x, float y, float heading, int port, float len,
                         int guns)
{
    if (guns < 1) guns = 1;
    float fx_ = cosf(heading), fy_ = sinf(heading);
    /* The ship's left on screen (y down) is (fy, -fx). */
    float sx = port ? fy_ : -fy_, sy = port ? -fx_ : fx_;
    int shown = guns > 10 ? 10 : guns;
    for (int g = 0; g < shown; g++) {
        float along = ((float)g + 0.5f) / (float)shown - 0.5f;
        float px = x + fx_ * along * len * 0.55f + sx * len * 0.12f;
        float py = y + fy_ * along * len * 0.55f + sy * len * 0.12f;
        BattleParticle *f = spawn(fx, BATTLE_FX_FLASH, px + sx * len * 0.06f, py + sy * len * 0.06f,
                                  frange(fx, 0.10f, 0.16f));
        f->size0 = len * 0.30f;
        f->size1 = len * 0.12f;
        colour(f, 255, 222, 140);
        /* Powder smoke: a thick bank along the side, blown out from the
         * ports and then carried off by the wind. */
        for (int k = 0; k < 3; k++) {
            float out = frange(fx, 10.0f, 40.0f) * (len / 40.0f);
            BattleParticle *s = spawn(fx, BATTLE_FX_SMOKE, px + sx * len * 0.05f * (float)k,
                                      py + sy * len * 0.05f * (float)k, frange(fx, 2.6f, 4.2f));
            s->vx = sx * out + fx_ * frange(fx, -5.0f, 5.0f);
            s->vy = sy * out + fy_ * frange(fx, -5.0f, 5.0f);
            s->size0 = len * frange(fx, 0.22f, 0.32f);
            s->size1 = len * frange(fx, 0.9f, 1.3f);
            s->alpha = frange(fx, 0.6f, 0.8f);
            s->drift = 0.8f;
            uint8_t v = (uint8_t)frange(fx, 214.0f, 244.0f);
            colour(s, v, v, (uint8_t)(v - 8));
        }
    }
}

void battle_fx_ball(BattleFx *fx, float x0, float y0, float x1, float y1, float flight, int shot)
{
    /* px across and grey, by FLEET_ROUND..: grape's balls are small and
     * catch the light, so the spray reads at any zoom. */
    static const float size[FLEET_SHOTS] = {2.6f, 4.0f, 1.5f, 3.2f};
    static const uint8_t grey[FLEET_SHOTS] = {45, 30, 120, 40};
    int k = shot >= 0 && shot < FLEET_SHOTS ? shot : FLEET_ROUND;
    BattleParticle *b = spawn(fx, BATTLE_FX_BALL, x0, y0, flight);
    b->vx = (x1 - x0) / b->life;
    b->vy = (y1 - y0) / b->life;
    b->size0 = b->size1 = size[k];
    colour(b, grey[k], (uint8_t)(grey[k] - 3), (uint8_t)(grey[k] - 5));
}

void battle_fx_splash(BattleFx *fx, float x, float y, float size, float scare)
{
    BattleParticle *r = spawn(fx, BATTLE_FX_SPLASH, x, y, frange(fx, 0.8f, 1.2f));
    r->size0 = size * 0.3f;
    r->size1 = size * 2.2f;
    r->alpha = 0.95f;
    colour(r, 235, 248, 255);
    /* The column of white water the ball throws up, falling back. */
    BattleParticle *c = spawn(fx, BATTLE_FX_SPRAY, x, y, frange(fx, 0.45f, 0.7f));
    c->size0 = size * 1.1f;
    c->size1 = size * 0.5f;
    c->alpha = 0.9f;
    colour(c, 250, 253, 255);
    for (int k = 0; k < 8; k++) {
        float a = frange(fx, 0.0f, 2.0f * MATHX_PI_F), v = frange(fx, 12.0f, 40.0f) * size / 10.0f;
        BattleParticle *d = spawn(fx, BATTLE_FX_SPRAY, x, y, frange(fx, 0.35f, 0.7f));
        d->vx = cosf(a) * v;
        d->vy = sinf(a) * v;
        d->size0 = size * frange(fx, 0.25f, 0.45f);
        d->size1 = size * 0.1f;
        colour(d, 245, 252, 255);
    }
    if (fx->nscare < BATTLE_FX_SCARES) fx->scare[fx->nscare++] = (BattleScare){x, y, scare, 1.2f};
}

void battle_fx_hit(BattleFx *fx, float x, float y, float size)
{
    for (int k = 0; k < 9; k++) {
        float a = frange(fx, 0.0f, 2.0f * MATHX_PI_F), v = frange(fx, 20.0f, 70.0f) * size / 10.0f;
        BattleParticle *s = spawn(fx, BATTLE_FX_SPLINTER, x, y, frange(fx, 0.35f, 0.8f));
        s->vx = cosf(a) * v;
        s->vy = sinf(a) * v;
        s->size0 = size * frange(fx, 0.18f, 0.32f);
        s->size1 = size * 0.12f;
        colour(s, (uint8_t)frange(fx, 90, 150), (uint8_t)frange(fx, 60, 95), 40);
    }
    BattleParticle *f = spawn(fx, BATTLE_FX_FLASH, x, y, 0.12f);
    f->size0 = size * 1.3f;
    f->size1 = size * 0.5f;
    colour(f, 255, 190, 110);
    BattleParticle *s = spawn(fx, BATTLE_FX_SMOKE, x, y, frange(fx, 1.2f, 2.0f));
    s->size0 = size * 0.6f;
    s->size1 = size * 2.2f;
    s->alpha = 0.55f;
    s->drift = 0.8f;
    colour(s, 120, 112, 104);
}

void battle_fx_foam(BattleFx *fx, float x, float y, float vx, float vy, float size)
{
    BattleParticle *f = spawn(fx, BATTLE_FX_FOAM, x + frange(fx, -1.5f, 1.5f),
                              y + frange(fx, -1.5f, 1.5f), frange(fx, 1.2f, 1.9f));
    f->vx = vx * 0.15f + frange(fx, -4.0f, 4.0f);
    f->vy = vy * 0.15f + frange(fx, -4.0f, 4.0f);
    f->size0 = size * 0.35f;
    f->size1 = size * 1.1f;
    f->alpha = 0.42f;
    colour(f, 230, 246, 252);
}

void battle_fx_sink(BattleFx *fx, float x, float y, float size)
{
    for (int k = 0; k < 3; k++) {
        float a = frange(fx, 0.0f, 2.0f * MATHX_PI_F), r = frange(fx, 0.0f, size * 0.5f);
        BattleParticle *b =
            spawn(fx, BATTLE_FX_BUBBLE, x + cosf(a) * r, y + sinf(a) * r, frange(fx, 0.5f, 1.1f));
        b->size0 = size * frange(fx, 0.06f, 0.14f);
        b->size1 = size * frange(fx, 0.15f, 0.25f);
        b->alpha = 0.8f;
        colour(b, 215, 240, 250);
    }
    BattleParticle *f = spawn(fx, BATTLE_FX_SPLASH, x, y, frange(fx, 1.0f, 1.6f));
    f->size0 = size * 0.5f;
    f->size1 = size * 1.4f;
    f->alpha = 0.35f;
    colour(f, 225, 242, 250);
}

int battle_fx_take_scares(BattleFx *fx, BattleScare *out, int cap)
{
    int n = fx->nscare < cap ? fx->nscare : cap;
    if (n > 0) memcpy(out, fx->scare, (size_t)n * sizeof *out);
    fx->nscare = 0;
    return n;
}

float battle_fx_size(const BattleParticle *p)
{
    float s = p->age / p->life;
    /* Smoke billows out fast and then spreads slowly. */
    if (p->kind == BATTLE_FX_SMOKE || p->kind == BATTLE_FX_SPLASH)
        s = 1.0f - (1.0f - s) * (1.0f - s);
    return p->size0 + (p->size1 - p->size0) * s;
}

float battle_fx_alpha(const BattleParticle *p)
{
    float s = p->age / p->life;
    switch (p->kind) {
    case BATTLE_FX_BALL:
        return 1.0f;
    case BATTLE_FX_SMOKE:
        /* Thickens for a moment, then thins out. */
        return p->alpha * (s < 0.08f ? s / 0.08f : 1.0f - (s - 0.08f) / 0.92f);
    default:
        return p->alpha * (1.0f - s);
    }
}
