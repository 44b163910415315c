/* battle_fx: short particle effects of a battle — powder smoke and muzzle
 * flashes along a firing broadside, round shot in flight, splashes where
 * shot falls, splinters where it strikes, foam in a ship's wake and
 * bubbles where she goes down — in one fixed pool (nothing is allocated
 * while playing). Splashes also leave scares for the fish. Pure: no SDL. */
#ifndef SHOAL_BATTLE_FX_H
#define SHOAL_BATTLE_FX_H

#include <stdint.h>

#define BATTLE_FX_MAX    3072
#define BATTLE_FX_SCARES 64

enum {
    BATTLE_FX_SMOKE,    /* grows and drifts downwind, fades slowly */
    BATTLE_FX_FLASH,    /* a muzzle flash: bright, gone in a blink */
    BATTLE_FX_BALL,     /* round or chain shot on its way */
    BATTLE_FX_SPLASH,   /* a ring of white water spreading */
    BATTLE_FX_SPRAY,    /* droplets thrown up by a splash */
    BATTLE_FX_SPLINTER, /* wood flying off a hit */
    BATTLE_FX_FOAM,     /* a ship's wake */
    BATTLE_FX_BUBBLE,   /* a sinking ship's last air */
    BATTLE_FX_KINDS
};

typedef struct BattleParticle {
    float x, y, vx, vy; /* map px, px/s */
    float age, life;    /* s */
    float size0, size1; /* diameter in map px at birth and at death */
    float alpha;        /* opacity at birth, 0..1 */
    float drift;        /* how strongly the wind carries it, 0..1 */
    uint8_t kind;
    uint8_t r, g, b;
} BattleParticle;

/* Where a splash frightened the fish (drained by battle_fx_take_scares). */
typedef struct BattleScare {
    float x, y, radius, seconds;
} BattleScare;

typedef struct BattleFx {
    BattleParticle p[BATTLE_FX_MAX];
    int n;
    uint32_t rng;
    BattleScare scare[BATTLE_FX_SCARES];
    int nscare;
} BattleFx;

void battle_fx_init(BattleFx *fx, uint32_t seed);
/* Drop every particle and pending scare. */
void battle_fx_clear(BattleFx *fx);

/* Age everything by dt seconds: move, slow, carry smoke with the wind
 * (wx, wy in px/s), drop what has lived its life. */
void battle_fx_step(BattleFx *fx, float dt, float wx, float wy);

/* A broadside fired from a ship at (x, y) heading `heading` (radians),
 * `len` px long: a flash and a smoke puff at each of `guns` ports along
 * the side (port = the ship's left). */
void battle_fx_broadside(BattleFx *fx, float x, float y, float heading, int port, float len,
                         int guns);
/* A shot (FLEET_ROUND..) flying from (x0, y0) to (x1, y1) in `flight`
 * seconds: chain shot is drawn larger and darker, double shot a little
 * larger, grape as one small pale ball of its spray. */
void battle_fx_ball(BattleFx *fx, float x0, float y0, float x1, float y1, float flight, int shot);
/* Shot falling into the sea at (x, y): a ring, spray, and a scare of
 * radius `scare` px for the fish. */
void battle_fx_splash(BattleFx *fx, float x, float y, float size, float scare);
/* Shot striking a ship at (x, y): splinters and a little smoke. */
void battle_fx_hit(BattleFx *fx, float x, float y, float size);
/* A puff of foam at a ship's stern. */
void battle_fx_foam(BattleFx *fx, float x, float y, float vx, float vy, float size);
/* Bubbles and foam where a ship is going down. */
void battle_fx_sink(BattleFx *fx, float x, float y, float size);

/* Copy out (at most cap) and forget the scares left since the last call;
 * returns how many were copied. */
int battle_fx_take_scares(BattleFx *fx, BattleScare *out, int cap);

/* A particle's diameter and opacity now (for drawing). */
float battle_fx_size(const BattleParticle *p);
float battle_fx_alpha(const BattleParticle *p);

#endif
