/* audio: the queue of sounds to come, the voices they start on, the log,
 * the ambience levels and the headroom that keeps the mix from clipping.
 * The device and the clips are audio_mix.c's. */
#include "ui/audio.h"

#include <assert.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/paths.h"
#include "ui/audio_internal.h"

/* Priorities: what a player must not miss keeps its voice. The UI answers
 * a click every time; a ship striking or sinking is the news of the turn;
 * guns and hits, near or far, are the fight (AUDIO_PRIO_FIGHT and up
 * however faint: 62 * 0.7); rigging, splashes and creaks are colour and
 * give way first. */
const AudioSoundInfo audio_sounds[AUDIO_SOUNDS] = {
    [AUDIO_GUN_1] = {"gun_1", AUDIO_BUS_EFFECTS, 70},
    [AUDIO_GUN_2] = {"gun_2", AUDIO_BUS_EFFECTS, 70},
    [AUDIO_GUN_3] = {"gun_3", AUDIO_BUS_EFFECTS, 70},
    [AUDIO_GUN_FAR] = {"gun_far", AUDIO_BUS_EFFECTS, 62},
    [AUDIO_HIT_1] = {"hit_1", AUDIO_BUS_EFFECTS, 65},
    [AUDIO_HIT_2] = {"hit_2", AUDIO_BUS_EFFECTS, 65},
    [AUDIO_SPLASH_1] = {"splash_1", AUDIO_BUS_EFFECTS, 35},
    [AUDIO_SPLASH_2] = {"splash_2", AUDIO_BUS_EFFECTS, 35},
    [AUDIO_RIGGING] = {"rigging", AUDIO_BUS_EFFECTS, 40},
    [AUDIO_BELL] = {"bell", AUDIO_BUS_EFFECTS, 90},
    [AUDIO_SINK] = {"sink", AUDIO_BUS_EFFECTS, 85},
    [AUDIO_CREAK_1] = {"creak_1", AUDIO_BUS_EFFECTS, 15},
    [AUDIO_CREAK_2] = {"creak_2", AUDIO_BUS_EFFECTS, 15},
    [AUDIO_CLICK] = {"click", AUDIO_BUS_EFFECTS, 100},
    [AUDIO_CLICK_BACK] = {"click_back", AUDIO_BUS_EFFECTS, 100},
    [AUDIO_WIND] = {"wind", AUDIO_BUS_AMBIENCE, 0},
    [AUDIO_WAVES] = {"waves", AUDIO_BUS_AMBIENCE, 0},
    [AUDIO_RIPPLE] = {"ripple", AUDIO_BUS_AMBIENCE, 0},
    [AUDIO_WIN] = {"win", AUDIO_BUS_MUSIC, 0},
    [AUDIO_LOSE] = {"lose", AUDIO_BUS_MUSIC, 0},
};

static float clampf(float v, float lo, float hi)
{
    return v < lo ? lo : v > hi ? hi : v;
}

void audio_place(const AudioEar *ear, float x, float y, float *pan, float *gain)
{
    float hw = ear->half_w > 1.0f ? ear->half_w : 1.0f;
    float hh = ear->half_h > 1.0f ? ear->half_h : 1.0f;
    float nx = (x - ear->cx) / hw, ny = (y - ear->cy) / hh;
    /* Never wholly in one ear: a ship at the edge is still heard by both. */
    *pan = clampf(nx, -1.0f, 1.0f) * 0.85f;
    float d = sqrtf(nx * nx + ny * ny); /* 0 middle, 1 an edge, 1.41 a corner */
    float g = 1.0f / (1.0f + 0.35f * d * d);
    if (d > 1.0f) g /= 1.0f + 2.5f * (d - 1.0f) * (d - 1.0f);
    /* Zoomed out, the whole fight is farther off: half the gain at four
     * times the near width. */
    float far = hw / AUDIO_NEAR_HALF_W;
    if (far > 1.0f) g /= sqrtf(far);
    *gain = clampf(g, 0.0f, 1.0f);
}

int audio_priority(int sound, float gain)
{
    assert(sound >= 0 && sound < AUDIO_SOUNDS);
    float p = (float)audio_sounds[sound].priority * (0.7f + 0.3f * clampf(gain, 0.0f, 1.0f));
    return (int)lroundf(p);
}

float audio_voice_worth(const AudioVoice *v)
{
    return (float)v->priority * (1.0f - 0.5f * clampf(v->spent, 0.0f, 1.0f));
}

int audio_pick_voice(const AudioVoice *v, int n, double now, int priority)
{
    for (int i = 0; i < n; i++)
        if (v[i].sound < 0 || v[i].t1 <= now) return i;
    int low = 0;
    float low_w = audio_voice_worth(&v[0]);
    for (int i = 1; i < n; i++) {
        float w = audio_voice_worth(&v[i]);
        if (w < low_w || (w == low_w && v[i].t0 < v[low].t0)) {
            low = i;
            low_w = w;
        }
    }
    return low_w < (float)priority ? low : -1;
}

static bool is_gun(int s)
{
    return s == AUDIO_GUN_1 || s == AUDIO_GUN_2 || s == AUDIO_GUN_3 || s == AUDIO_GUN_FAR;
}

/* ------------------------------------------------------------ headroom */

static float bus_gain(const Audio *a, int bus)
{
    if (a->vol.mute) return 0.0f;
    int b = bus == AUDIO_BUS_EFFECTS    ? a->vol.effects
            : bus == AUDIO_BUS_AMBIENCE ? a->vol.ambience
                                        : a->vol.music;
    return (float)a->vol.master / 100.0f * (float)b / 100.0f;
}

/* Mixer volumes are 0..128; rounding down keeps the sums below true. */
static int vol128(float g)
{
    int v = (int)(clampf(g, 0.0f, 1.0f) * 128.0f);
    return v > 128 ? 128 : v;
}

/* The most clip s can still reach `age` seconds after it began (age 0: its
 * peak, what a loop is counted at). A clip never measured counts as full
 * scale. */
static float clip_reach(const AudioClip *c, double age)
{
    if (!c->env || c->nenv <= 0) return 1.0f;
    if (age <= 0.0) return c->env[0];
    long k = (long)(age / AUDIO_ENV_S);
    return k < c->nenv ? c->env[k] : 0.0f;
}

static bool voice_on(const AudioVoice *v, double now)
{
    return v->sound >= 0 && v->t1 > now;
}

/* What the effect voices can still reach at full effects volume, each
 * voice's `spent` brought up to date on the way. */
static float effects_reach(Audio *a)
{
    float eff = 0.0f, fx = bus_gain(a, AUDIO_BUS_EFFECTS);
    for (int i = 0; i < AUDIO_VOICES; i++) {
        AudioVoice *v = &a->voice[i];
        if (!voice_on(v, a->now)) continue;
        const AudioClip *c = &a->clip[v->sound];
        float r = clip_reach(c, a->now - v->t0 - AUDIO_LAG_S), top = clip_reach(c, 0.0);
        v->spent = top > 0.0f ? 1.0f - r / top : 1.0f;
        eff += v->gain * fx * r;
    }
    return eff;
}

/* Where the sea is headed under effects reaching eff: AUDIO_BED_DUCK at
 * AUDIO_BED_DUCK_AT and above, none with nothing playing. */
static float bed_target(float eff)
{
    return 1.0f - (1.0f - AUDIO_BED_DUCK) * clampf(eff / AUDIO_BED_DUCK_AT, 0.0f, 1.0f);
}

/* Set every channel's volume so that what all of them can still reach,
 * summed, stays under AUDIO_HEADROOM: ambience (ducked under the fight)
 * and music first, the effects share the rest (duck). Panning is counted
 * at full scale on both sides (the mixer may play a buffer before a new
 * pan is set). The sea dips at once under the fight (a gun starting
 * finds it already down) and swells back over dt s as the fight dies
 * away (0: a start, no time passed). */
static void apply_levels(Audio *a, double dt)
{
    float eff = effects_reach(a);
    float bt = bed_target(eff);
    if (bt < a->bed_duck)
        a->bed_duck = bt;
    else if (dt > 0.0)
        a->bed_duck += (bt - a->bed_duck) * (1.0f - expf(-(float)dt / AUDIO_BED_RELEASE_S));
    /* The sea and the music: each channel's volume and what it can reach. */
    int amb_vol[AUDIO_AMBS], music_vol = 0;
    float amb_reach[AUDIO_AMBS], music_reach = 0.0f, rest = 0.0f;
    for (int k = 0; k < AUDIO_AMBS; k++) {
        amb_vol[k] = vol128(a->amb_level[k] * a->bed_duck * bus_gain(a, AUDIO_BUS_AMBIENCE));
        amb_reach[k] = clip_reach(&a->clip[AUDIO_WIND + k], 0.0);
        rest += (float)amb_vol[k] / 128.0f * amb_reach[k];
    }
    if (a->music >= 0) {
        music_vol = vol128(bus_gain(a, AUDIO_BUS_MUSIC));
        music_reach = clip_reach(&a->clip[a->music], a->now - a->music_t0 - AUDIO_LAG_S);
        rest += (float)music_vol / 128.0f * music_reach;
    }
    /* They never take more than half the room, however loud a modder's
     * loops are: the guns must still be heard. */
    if (rest > AUDIO_HEADROOM * 0.5f) {
        float k = AUDIO_HEADROOM * 0.5f / rest;
        rest = 0.0f;
        for (int m = 0; m < AUDIO_AMBS; m++) {
            amb_vol[m] = (int)((float)amb_vol[m] * k);
            rest += (float)amb_vol[m] / 128.0f * amb_reach[m];
        }
        music_vol = (int)((float)music_vol * k);
        rest += (float)music_vol / 128.0f * music_reach;
    }
    float fx = bus_gain(a, AUDIO_BUS_EFFECTS);
    float room = AUDIO_HEADROOM - rest;
    a->duck = eff > room ? (room > 0.0f ? room / eff : 0.0f) : 1.0f;
    for (int i = 0; i < AUDIO_VOICES; i++) {
        const AudioVoice *v = &a->voice[i];
        int vol = voice_on(v, a->now) ? vol128(v->gain * fx * a->duck) : 0;
        int l, r;
        audio_pan_levels(voice_on(v, a->now) ? v->pan : 0.0f, &l, &r);
        audio_mix_level(a, i, vol, l, r);
    }
    for (int k = 0; k < AUDIO_AMBS; k++)
        audio_mix_level(a, AUDIO_CH_AMBIENCE + k, amb_vol[k], 255, 255);
    audio_mix_level(a, AUDIO_CH_MUSIC, music_vol, 255, 255);
}

void audio_pan_levels(float pan, int *left, int *right)
{
    float th = (clampf(pan, -1.0f, 1.0f) + 1.0f) * 0.25f * 3.14159265f;
    *left = (int)lroundf(255.0f * cosf(th));
    *right = (int)lroundf(255.0f * sinf(th));
}

/* ---------------------------------------------------------- open, close */

int audio_open(Audio *a, const char *dir, bool want_device, const AudioVolumes *vol, Err *e)
{
    memset(a, 0, sizeof *a);
    a->vol = *vol;
    a->music = -1;
    a->duck = 1.0f;
    a->bed_duck = 1.0f;
    for (int i = 0; i < AUDIO_VOICES; i++) a->voice[i].sound = -1;
    for (int c = 0; c < AUDIO_CHANNELS; c++) a->ch_vol[c] = -1;
    for (int c = 0; c < AUDIO_VOICES; c++) a->ch_pan[c] = -1;
    a->open = true;
    int rc = 0;
    Err why = {{0}};
    if (want_device && audio_mix_open(a, &why) != 0) {
        err_set(e, "no audio device (%s): playing without sound", why.msg);
        rc = 1;
    }
    a->first_silent = -1;
    Err first = {{0}};
    for (int s = 0; s < AUDIO_SOUNDS; s++) {
        char path[PATHS_MAX];
        int n = snprintf(path, sizeof path, "%s/%s.wav", dir, audio_sounds[s].name);
        Err le = {{0}};
        if (n < 0 || (size_t)n >= sizeof path) {
            err_set(&le, "%s: sound folder path too long", dir);
        } else if (audio_mix_load(a, s, path, &le) == 0) {
            continue;
        }
        if (a->silent++ == 0) {
            a->first_silent = s;
            first = le;
        }
    }
    /* One line: no device says it all; else the first file that failed. */
    if (a->silent > 0 && rc == 0) {
        if (a->silent == 1)
            err_set(e, "%.450s; that sound is silent", first.msg);
        else
            err_set(e, "%.400s; that sound is silent (and %d more sound files)", first.msg,
                    a->silent - 1);
    }
    if (a->silent > 0) rc = 1;
    for (int k = 0; k < AUDIO_AMBS; k++)
        audio_mix_start(a, AUDIO_CH_AMBIENCE + k, AUDIO_WIND + k, true);
    apply_levels(a, 0.0);
    return rc;
}

void audio_close(Audio *a)
{
    if (!a->open) return;
    audio_mix_close(a);
    for (int s = 0; s < AUDIO_SOUNDS; s++) audio_mix_free(&a->clip[s]);
    if (a->log_file) fflush(a->log_file);
    a->open = false;
}

void audio_set_volumes(Audio *a, const AudioVolumes *vol)
{
    a->vol = *vol;
    apply_levels(a, 0.0);
}

int audio_voices(const Audio *a)
{
    int n = 0;
    for (int i = 0; i < AUDIO_VOICES; i++) n += voice_on(&a->voice[i], a->now);
    return n;
}

void audio_log_to(Audio *a, FILE *f)
{
    a->log_file = f;
    /* A line as each sound starts, not a buffer written at exit: the log
     * is read while the game runs (a capture beside it, a crash). */
    if (f) setvbuf(f, NULL, _IOLBF, 0);
}

/* ---------------------------------------------------------------- play */

void audio_play(Audio *a, int sound, float delay, float pan, float gain)
{
    audio_play_from(a, sound, delay, pan, gain, -1);
}

void audio_play_from(Audio *a, int sound, float delay, float pan, float gain, int source)
{
    assert(sound >= 0 && sound < AUDIO_SOUNDS);
    if (!a->open) return;
    if (a->nqueue >= AUDIO_QUEUE) {
        a->drops++;
        return;
    }
    AudioPending *p = &a->queue[a->nqueue++];
    p->t = a->now + (delay > 0.0f ? (double)delay : 0.0);
    p->sound = sound;
    p->pan = clampf(pan, -1.0f, 1.0f);
    p->gain = clampf(gain, 0.0f, 1.0f);
    p->source = source;
}

static void log_start(Audio *a, const AudioPending *p, int voice, bool merged);

void audio_sting(Audio *a, int sound)
{
    assert(sound >= 0 && sound < AUDIO_SOUNDS);
    if (!a->open) return;
    a->music = sound;
    a->music_t0 = a->now;
    audio_mix_level(a, AUDIO_CH_MUSIC, 0, 255, 255);
    audio_mix_start(a, AUDIO_CH_MUSIC, sound, false);
    apply_levels(a, 0.0);
    log_start(a, &(AudioPending){a->now, sound, 0.0f, 1.0f, -1}, AUDIO_CH_MUSIC, false);
}

void audio_ambience(Audio *a, const float level[AUDIO_AMBS])
{
    for (int k = 0; k < AUDIO_AMBS; k++) a->amb_target[k] = clampf(level[k], 0.0f, 1.0f);
}

double audio_clock(const Audio *a)
{
    return a->device ? a->now + (audio_mix_clock() - a->clock_last) : a->now;
}

void audio_flush(Audio *a)
{
    a->nqueue = 0;
}

static void log_start(Audio *a, const AudioPending *p, int voice, bool merged)
{
    if (a->nlog < AUDIO_LOG_MAX)
        a->log[a->nlog++] = (AudioLogEntry){a->now, p->sound, p->pan, p->gain, voice, merged};
    if (a->log_file)
        fprintf(a->log_file, "t=%.3f sound=%s pan=%+.3f gain=%.3f voice=%d\n", a->now,
                audio_sounds[p->sound].name, (double)p->pan, (double)p->gain, voice);
}

/* Sounds of one kind blend when they join: 0 a near gun, 1 a distant
 * one, 2 a hit; -1 anything else. */
static int kind_of(int s)
{
    return is_gun(s) ? (s == AUDIO_GUN_FAR ? 1 : 0) : s == AUDIO_HIT_1 || s == AUDIO_HIT_2 ? 2 : -1;
}

/* The voice a gun of p's source started on within AUDIO_MERGE_S (near
 * with near, far with far), or -1. */
static int merge_voice(const Audio *a, const AudioPending *p)
{
    if (p->source < 0 || !is_gun(p->sound)) return -1;
    for (int i = 0; i < AUDIO_VOICES; i++) {
        const AudioVoice *v = &a->voice[i];
        if (voice_on(v, a->now) && v->source == p->source &&
            kind_of(v->sound) == kind_of(p->sound) && a->now - v->t0 <= AUDIO_MERGE_S + 1e-9)
            return i;
    }
    return -1;
}

/* Of p's kind, the voice that started last, or -1. */
static int kin_voice(const Audio *a, const AudioPending *p)
{
    int kind = kind_of(p->sound), best = -1;
    for (int i = 0; i < AUDIO_VOICES && kind >= 0; i++) {
        const AudioVoice *v = &a->voice[i];
        if (voice_on(v, a->now) && kind_of(v->sound) == kind &&
            (best < 0 || v->t0 > a->voice[best].t0))
            best = i;
    }
    return best;
}

/* p joins voice m: two shots as one, as loud as both together (their
 * powers add). */
static void join(Audio *a, int m, const AudioPending *p)
{
    AudioVoice *v = &a->voice[m];
    float g = sqrtf(v->gain * v->gain + p->gain * p->gain);
    v->gain = g < 1.0f ? g : 1.0f;
    int prio = audio_priority(v->sound, v->gain);
    if (prio > v->priority) v->priority = prio;
    a->merges++;
    log_start(a, p, m, true);
    apply_levels(a, 0.0);
}

static void start(Audio *a, const AudioPending *p)
{
    int m = merge_voice(a, p);
    if (m >= 0) {
        join(a, m, p);
        return;
    }
    int prio = audio_priority(p->sound, p->gain);
    int i = audio_pick_voice(a->voice, AUDIO_VOICES, a->now, prio);
    /* The fight is never dropped: with every voice worth as much, a gun
     * or a hit joins the latest of its kind (a dozen broadsides at once
     * are one roar, not a dozen more voices). */
    if (i < 0 && prio >= AUDIO_PRIO_FIGHT && (m = kin_voice(a, p)) >= 0) {
        join(a, m, p);
        return;
    }
    log_start(a, p, i, false);
    if (i < 0) {
        a->drops++;
        return;
    }
    a->starts++;
    AudioVoice *v = &a->voice[i];
    /* Silence the voice before it changes sound, so the old one cannot
     * play on at the new one's level while the levels are worked out. */
    audio_mix_level(a, i, 0, 255, 255);
    *v = (AudioVoice){.sound = p->sound,
                      .t0 = a->now,
                      .t1 = a->now + a->clip[p->sound].seconds,
                      .pan = p->pan,
                      .gain = p->gain,
                      .priority = prio,
                      .source = p->source};
    apply_levels(a, 0.0);
    audio_mix_start(a, i, p->sound, false);
}

void audio_update(Audio *a, double dt)
{
    if (!a->open) return;
    if (a->device) {
        double t = audio_mix_clock();
        dt = t - a->clock_last;
        a->clock_last = t;
    }
    if (dt > 0.0) a->now += dt;
    /* What is due, in the order it was due. */
    for (;;) {
        int first = -1;
        for (int k = 0; k < a->nqueue; k++)
            if (a->queue[k].t <= a->now && (first < 0 || a->queue[k].t < a->queue[first].t))
                first = k;
        if (first < 0) break;
        AudioPending p = a->queue[first];
        a->queue[first] = a->queue[--a->nqueue];
        start(a, &p);
    }
    float k = dt > 0.0 ? 1.0f - expf(-(float)dt / AUDIO_AMBIENCE_TAU_S) : 0.0f;
    for (int m = 0; m < AUDIO_AMBS; m++)
        a->amb_level[m] += (a->amb_target[m] - a->amb_level[m]) * k;
    if (a->music >= 0 && a->now - a->music_t0 >= a->clip[a->music].seconds) a->music = -1;
    apply_levels(a, dt);
}
