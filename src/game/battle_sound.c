/* battle_sound: a battle's cues into queued sounds, and the ambience. */
#include "battle_sound.h"

#include <math.h>

/* A small, fixed scatter for cue c's k-th part (0..1): the same battle
 * sounds the same every time it is watched. */
static float scatter(const BattleCue *c, int k)
{
    uint32_t h = (uint32_t)(c->event + 1) * 2654435761u ^ (uint32_t)(k + 1) * 40503u ^
                 (uint32_t)(c->ship + 2) * 97u;
    h ^= h >> 15;
    h *= 2246822519u;
    h ^= h >> 13;
    return (float)(h & 0xffff) / 65535.0f;
}

static void broadside(Audio *a, const BattleCue *c, float pan, float gain)
{
    int n = c->guns < BATTLE_SOUND_GUNS_MAX ? c->guns : BATTLE_SOUND_GUNS_MAX;
    bool far = gain < BATTLE_SOUND_FAR_GAIN;
    for (int k = 0; k < n; k++) {
        float j = scatter(c, k);
        int s = far ? AUDIO_GUN_FAR : AUDIO_GUN_1 + (k + c->event) % 3;
        /* Down the ship's side, guns a little apart in the stereo too. */
        float p = pan + ((float)k / (float)(n > 1 ? n - 1 : 1) - 0.5f) * 0.06f;
        float delay = (float)k * BATTLE_SOUND_RIPPLE_S + (j - 0.5f) * 0.02f;
        /* From her: her guns pair up on the voices (AUDIO_MERGE_S). */
        audio_play_from(a, s, delay > 0.0f ? delay : 0.0f, p, gain * (0.85f + 0.15f * j), c->ship);
    }
}

static void impact(Audio *a, const BattleCue *c, float pan, float gain)
{
    int hits = c->hits < 3 ? c->hits : 3;
    int misses = c->guns - c->hits;
    if (misses > 3) misses = 3;
    if (c->shot == FLEET_GRAPE) {
        /* Grape patters: many light knocks on her side, close together. */
        hits = c->hits < 6 ? c->hits : 6;
        for (int k = 0; k < hits; k++)
            audio_play(a, AUDIO_HIT_1, (float)k * 0.035f + 0.02f * scatter(c, k), pan,
                       gain * (0.55f + 0.1f * scatter(c, 20 + k)));
    } else {
        for (int k = 0; k < hits; k++)
            audio_play(a, k % 2 ? AUDIO_HIT_2 : AUDIO_HIT_1,
                       (float)k * 0.07f + 0.02f * scatter(c, k), pan, gain);
    }
    if (c->hits > 0 && c->shot == FLEET_CHAIN) audio_play(a, AUDIO_RIGGING, 0.04f, pan, gain);
    for (int k = 0; k < misses; k++) {
        float j = scatter(c, 10 + k);
        audio_play(a, k % 2 ? AUDIO_SPLASH_2 : AUDIO_SPLASH_1, (float)k * 0.09f + 0.03f * j,
                   pan + (j - 0.5f) * 0.1f, gain * 0.8f);
    }
}

void battle_sound_cue(Audio *a, const AudioEar *ear, const BattleCue *c, int ours)
{
    float pan = 0.0f, gain = 1.0f;
    if (c->kind != BATTLE_CUE_OVER) audio_place(ear, c->x, c->y, &pan, &gain);
    switch (c->kind) {
    case BATTLE_CUE_FIRE:
        broadside(a, c, pan, gain);
        /* A gun bursting: the crack of iron and timber aboard her, after
         * the first guns of the broadside. */
        if (c->burst > 0) audio_play(a, AUDIO_HIT_2, 0.08f, pan, gain);
        break;
    case BATTLE_CUE_IMPACT:
        impact(a, c, pan, gain);
        break;
    case BATTLE_CUE_STRUCK:
        /* The news of the turn: heard across the whole view. */
        audio_play(a, AUDIO_BELL, 0.0f, pan, 0.45f + 0.55f * gain);
        break;
    case BATTLE_CUE_SANK:
        audio_play(a, AUDIO_SINK, 0.0f, pan, 0.45f + 0.55f * gain);
        break;
    case BATTLE_CUE_CREAK:
        /* Colour, under the sea rather than over it, and spread over a
         * moment: a fleet under sail creaks in many hulls on one step,
         * and four creaks at once stood out above the sea. */
        audio_play(a, c->ship % 2 ? AUDIO_CREAK_2 : AUDIO_CREAK_1, 0.4f * scatter(c, 0), pan,
                   gain * 0.35f);
        break;
    case BATTLE_CUE_AGROUND:
        /* Her keel on the rocks: the timber crunch of a hit, and the hull
         * groaning after it. */
        audio_play(a, AUDIO_HIT_2, 0.0f, pan, gain);
        audio_play(a, AUDIO_CREAK_1, 0.12f, pan, gain * 0.9f);
        break;
    case BATTLE_CUE_ANCHOR:
        audio_play(a, AUDIO_CREAK_2, 0.0f, pan, gain * 0.6f);
        break;
    case BATTLE_CUE_OVER: {
        /* Against the computer, or a friend over the network, the sting
         * is our side's: a victory or a defeat. Two people at one screen,
         * or one watching: a win is a win for someone here; a draw falls
         * flat. */
        bool won = ours >= 0 ? c->winner == ours : c->winner >= 0;
        audio_sting(a, won ? AUDIO_WIN : AUDIO_LOSE);
        break;
    }
    default:
        break;
    }
}

void battle_sound_ambience(const AudioEar *ear, int wind_strength, int fish_in_view,
                           float level[AUDIO_AMBS])
{
    float w = (float)(wind_strength < 0 ? 0 : wind_strength > 5 ? 5 : wind_strength) / 5.0f;
    /* 0 close in (the near width or less) .. 1 four times as wide. */
    float out = ear->half_w / AUDIO_NEAR_HALF_W;
    out = out <= 1.0f ? 0.0f : out >= 4.0f ? 1.0f : (out - 1.0f) / 3.0f;
    level[AUDIO_AMB_WIND] = BATTLE_SOUND_SEA * (0.25f + 0.75f * w) * (0.7f + 0.3f * out);
    level[AUDIO_AMB_WAVES] = BATTLE_SOUND_SEA * (0.45f + 0.55f * w) * (1.0f - 0.5f * out);
    /* A school of a few hundred close by is heard; a thousand specks from
     * high up are not. */
    float f = (float)fish_in_view / 300.0f;
    level[AUDIO_AMB_RIPPLE] = BATTLE_SOUND_SEA * (f > 1.0f ? 1.0f : f) * (1.0f - 0.8f * out);
}
