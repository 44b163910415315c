/* test_ui_sound: the sound without a device — placing a sound in the
 * view, the voices and their priorities, the queue and its log, the
 * headroom that keeps twenty broadsides from clipping, the volumes and
 * the mute, the ambience; and a whole battle replayed headless, its log
 * of sounds checked against the battle's events: every broadside, hit,
 * miss, strike and sinking has its sound, at its moment, with the pan
 * and gain of where it happened.
 */
#include <math.h>
#include <stdlib.h>

#include "testutil.h"

#include "game/battle.h"
#include "game/battle_sound.h"
#include "ui/audio.h"

static const AudioVolumes FULL = {100, 100, 100, 100, false};

/* An Audio without a device or files, each clip `seconds` long reaching
 * `peak` all through (the log and voices work all the same). */
static void open_fake(Audio *a, double seconds, float peak)
{
    Err e = {{0}};
    ck_assert_int_eq(audio_open(a, "/nonexistent-sounds", false, &FULL, &e), 1);
    ck_assert_ptr_nonnull(strstr(e.msg, "missing"));
    for (int s = 0; s < AUDIO_SOUNDS; s++) {
        AudioClip *c = &a->clip[s];
        c->seconds = seconds;
        c->nenv = (int)(seconds / AUDIO_ENV_S);
        c->env = malloc((size_t)c->nenv * sizeof *c->env);
        for (int k = 0; k < c->nenv; k++) c->env[k] = peak;
    }
}

START_TEST(test_place_follows_the_view)
{
    AudioEar ear = {500.0f, 400.0f, 400.0f, 250.0f};
    float pan, gain, pan2, gain2;
    audio_place(&ear, 500.0f, 400.0f, &pan, &gain);
    ck_assert_float_eq_tol(pan, 0.0f, 1e-6f);
    ck_assert_float_eq_tol(gain, 1.0f, 1e-6f);
    /* Right of the middle: right; at the edge, still in both ears. */
    audio_place(&ear, 700.0f, 400.0f, &pan, &gain);
    ck_assert(pan > 0.3f && pan < 0.5f);
    audio_place(&ear, 900.0f, 400.0f, &pan2, &gain2);
    ck_assert(pan2 > pan && pan2 <= 0.85f + 1e-6f);
    ck_assert(gain2 < gain && gain2 > 0.6f);
    /* Mirrored on the left. */
    audio_place(&ear, 100.0f, 400.0f, &pan, &gain);
    ck_assert_float_eq_tol(pan, -pan2, 1e-6f);
    ck_assert_float_eq_tol(gain, gain2, 1e-6f);
    /* Off screen it falls away fast. */
    audio_place(&ear, 1700.0f, 400.0f, &pan, &gain);
    ck_assert(gain < 0.5f * gain2);
    /* Zoomed out four times: the middle is half as loud. */
    AudioEar wide = {500.0f, 400.0f, 4.0f * AUDIO_NEAR_HALF_W, 1000.0f};
    audio_place(&wide, 500.0f, 400.0f, &pan, &gain);
    ck_assert_float_eq_tol(gain, 0.5f, 1e-4f);
}
END_TEST

START_TEST(test_voices_by_priority)
{
    AudioVoice v[3] = {{AUDIO_GUN_1, 0.0, 2.0, 0, 1, 60, 0.0f, -1},
                       {AUDIO_SPLASH_1, 0.5, 2.0, 0, 1, 35, 0.0f, -1},
                       {AUDIO_SPLASH_2, 0.2, 2.0, 0, 1, 35, 0.0f, -1}};
    /* All busy: the least important goes, the oldest of equals. */
    ck_assert_int_eq(audio_pick_voice(v, 3, 1.0, 50), 2);
    /* Nothing is less important than a creak: it is dropped. */
    ck_assert_int_eq(audio_pick_voice(v, 3, 1.0, 15), -1);
    ck_assert_int_eq(audio_pick_voice(v, 3, 1.0, 35), -1);
    /* A voice whose sound has ended is free. */
    v[0].t1 = 0.9;
    ck_assert_int_eq(audio_pick_voice(v, 3, 1.0, 15), 0);
    v[1].sound = -1;
    ck_assert_int_eq(audio_pick_voice(v, 3, 0.5, 15), 1);
    /* A faint sound matters less than the same one near. */
    ck_assert_int_lt(audio_priority(AUDIO_GUN_1, 0.1f), audio_priority(AUDIO_GUN_1, 1.0f));
    /* A bell, played at 0.45 gain at least, still beats a gun close by. */
    ck_assert_int_gt(audio_priority(AUDIO_BELL, 0.45f), audio_priority(AUDIO_GUN_1, 1.0f));
    /* The fight, however faint, outranks colour, however near. */
    static const int fight[] = {AUDIO_GUN_1, AUDIO_GUN_FAR, AUDIO_HIT_1, AUDIO_HIT_2};
    static const int colour[] = {AUDIO_RIGGING, AUDIO_SPLASH_1, AUDIO_SPLASH_2, AUDIO_CREAK_1};
    for (int k = 0; k < 4; k++) {
        ck_assert_int_ge(audio_priority(fight[k], 0.0f), AUDIO_PRIO_FIGHT);
        ck_assert_int_lt(audio_priority(colour[k], 1.0f), AUDIO_PRIO_FIGHT);
    }
    /* A gun dying away is worth less, but a splash never takes its voice;
     * a new gun takes the gun furthest gone. */
    AudioVoice g[2] = {{AUDIO_GUN_1, 0.0, 2.0, 0, 1, 70, 0.9f, 1},
                       {AUDIO_GUN_2, 0.1, 2.0, 0, 1, 70, 0.4f, 2}};
    ck_assert_float_lt(audio_voice_worth(&g[0]), audio_voice_worth(&g[1]));
    ck_assert_int_eq(audio_pick_voice(g, 2, 1.0, audio_priority(AUDIO_SPLASH_1, 1.0f)), -1);
    ck_assert_int_eq(audio_pick_voice(g, 2, 1.0, audio_priority(AUDIO_GUN_3, 0.5f)), 0);
}
END_TEST

START_TEST(test_queue_starts_in_time_and_logs)
{
    Audio a;
    open_fake(&a, 0.5, 0.5f);
    audio_play(&a, AUDIO_HIT_1, 0.10f, -0.5f, 0.8f);
    audio_play(&a, AUDIO_GUN_1, 0.0f, 0.25f, 1.0f);
    audio_play(&a, AUDIO_SPLASH_1, 0.05f, 0.0f, 0.4f);
    audio_update(&a, 0.02);
    ck_assert_int_eq(a.nlog, 1);
    ck_assert_int_eq(a.log[0].sound, AUDIO_GUN_1);
    ck_assert_float_eq_tol(a.log[0].pan, 0.25f, 1e-6f);
    audio_update(&a, 0.2);
    ck_assert_int_eq(a.nlog, 3);
    ck_assert_int_eq(a.log[1].sound, AUDIO_SPLASH_1); /* due first */
    ck_assert_int_eq(a.log[2].sound, AUDIO_HIT_1);
    ck_assert_float_eq_tol(a.log[2].gain, 0.8f, 1e-6f);
    ck_assert_int_eq(audio_voices(&a), 3);
    audio_update(&a, 0.5);
    ck_assert_int_eq(audio_voices(&a), 0);
    /* A full queue drops, and says so. */
    for (int k = 0; k < AUDIO_QUEUE + 5; k++) audio_play(&a, AUDIO_CREAK_1, 1.0f, 0, 1);
    ck_assert_int_eq(a.nqueue, AUDIO_QUEUE);
    ck_assert_int_eq(a.drops, 5);
    audio_flush(&a);
    audio_update(&a, 2.0);
    ck_assert_int_eq(a.nlog, 3);
    audio_close(&a);
}
END_TEST

/* What every channel can still reach, summed, from the levels set. */
static float reach(const Audio *a)
{
    float sum = 0.0f;
    for (int i = 0; i < AUDIO_VOICES; i++) {
        const AudioVoice *v = &a->voice[i];
        if (v->sound < 0 || v->t1 <= a->now) continue;
        long k = (long)((a->now - v->t0) / AUDIO_ENV_S);
        const AudioClip *c = &a->clip[v->sound];
        sum += (float)a->ch_vol[i] / 128.0f * (k < c->nenv ? c->env[k] : 0.0f);
    }
    for (int k = 0; k < AUDIO_AMBS; k++)
        sum += (float)a->ch_vol[AUDIO_VOICES + k] / 128.0f * a->clip[AUDIO_WIND + k].env[0];
    return sum;
}

/* The bell was logged on a voice of its own. */
static bool bell_kept(const Audio *a)
{
    bool bell = false;
    for (int k = 0; k < a->nlog; k++)
        if (a->log[k].sound == AUDIO_BELL) bell = a->log[k].voice >= 0 && !a->log[k].merged;
    return bell;
}

START_TEST(test_twenty_broadsides_never_clip)
{
    Audio a;
    open_fake(&a, 1.5, 0.89f);
    /* A loud sea under it. */
    float amb[AUDIO_AMBS] = {1.0f, 1.0f, 1.0f};
    audio_ambience(&a, amb);
    for (int f = 0; f < 120; f++) audio_update(&a, 1.0 / 60.0);
    /* Twenty ships, ten guns each, all in the middle of the view. */
    AudioEar ear = {0, 0, 400, 300};
    for (int s = 0; s < 20; s++) {
        BattleCue c = {BATTLE_CUE_FIRE, (float)(s % 5) * 40.0f, 0, s, 10, 0, FLEET_ROUND, s, -1, 0};
        battle_sound_cue(&a, &ear, &c, -1);
    }
    /* A bell among them. */
    audio_play(&a, AUDIO_BELL, 0.3f, 0, 1);
    float worst = 0.0f;
    int most = 0;
    for (int f = 0; f < 180; f++) {
        audio_update(&a, 1.0 / 60.0);
        float r = reach(&a);
        if (r > worst) worst = r;
        if (audio_voices(&a) > most) most = audio_voices(&a);
    }
    ck_assert_msg(worst <= AUDIO_HEADROOM, "the mix could reach %.3f of full scale", (double)worst);
    ck_assert_int_eq(most, AUDIO_VOICES);
    /* 200 shots: none dropped, many joined another's voice. */
    ck_assert_int_eq(a.drops, 0);
    ck_assert_int_gt(a.merges, 100);
    ck_assert_msg(bell_kept(&a), "the bell lost its voice to the guns");
    /* Once the guns have died away the effects come back to full level. */
    for (int f = 0; f < 240; f++) audio_update(&a, 1.0 / 60.0);
    audio_play(&a, AUDIO_GUN_1, 0, 0, 1.0f);
    audio_update(&a, 0.01);
    ck_assert_float_eq_tol(a.duck, 1.0f - 0.0f, 0.5f);
    audio_close(&a);
}
END_TEST

/* How many of `sound` the log holds past its first `from` entries; the
 * loudest one's gain into *loudest (when given). */
static int logged(const Audio *a, int from, int sound, float *loudest)
{
    int n = 0;
    for (int k = from; k < a->nlog; k++)
        if (a->log[k].sound == sound) {
            n++;
            if (loudest && a->log[k].gain > *loudest) *loudest = a->log[k].gain;
        }
    return n;
}

/* Grape patters (many light knocks of hit_1, quieter than round shot's
 * hits); a gun that bursts cracks aboard the firer (hit_2). */
START_TEST(test_grape_patters_and_guns_burst)
{
    Audio a;
    open_fake(&a, 0.5, 0.2f);
    AudioEar ear = {0, 0, 400, 300};
    BattleCue round = {BATTLE_CUE_IMPACT, 0, 0, 1, 6, 2, FLEET_ROUND, 3, -1, 0};
    battle_sound_cue(&a, &ear, &round, -1);
    for (int f = 0; f < 60; f++) audio_update(&a, 1.0 / 60.0);
    float loud_round = 0.0f, loud_grape = 0.0f;
    logged(&a, 0, AUDIO_HIT_1, &loud_round);
    ck_assert_int_eq(logged(&a, 0, AUDIO_HIT_2, NULL), 1);
    int from = a.nlog;
    BattleCue grape = {BATTLE_CUE_IMPACT, 0, 0, 1, 10, 5, FLEET_GRAPE, 4, -1, 0};
    battle_sound_cue(&a, &ear, &grape, -1);
    for (int f = 0; f < 60; f++) audio_update(&a, 1.0 / 60.0);
    ck_assert_int_eq(logged(&a, from, AUDIO_HIT_1, &loud_grape), 5);
    ck_assert_int_eq(logged(&a, from, AUDIO_HIT_2, NULL) + logged(&a, from, AUDIO_RIGGING, NULL),
                     0);
    ck_assert_float_lt(loud_grape, loud_round);
    from = a.nlog;
    BattleCue fire = {BATTLE_CUE_FIRE, 0, 0, 0, 6, 0, FLEET_DOUBLE, 5, -1, 0};
    battle_sound_cue(&a, &ear, &fire, -1);
    for (int f = 0; f < 60; f++) audio_update(&a, 1.0 / 60.0);
    ck_assert_int_eq(logged(&a, from, AUDIO_HIT_2, NULL), 0);
    from = a.nlog;
    fire.burst = 1;
    battle_sound_cue(&a, &ear, &fire, -1);
    for (int f = 0; f < 60; f++) audio_update(&a, 1.0 / 60.0);
    ck_assert_int_eq(logged(&a, from, AUDIO_HIT_2, NULL), 1);
    audio_close(&a);
}
END_TEST

START_TEST(test_volumes_and_mute)
{
    Audio a;
    open_fake(&a, 2.0, 0.2f);
    audio_play(&a, AUDIO_GUN_1, 0, 0, 1.0f);
    audio_update(&a, 0.01);
    int i = a.log[0].voice, full = a.ch_vol[i];
    ck_assert_int_eq(full, 128);
    AudioVolumes v = {50, 100, 100, 100, false};
    audio_set_volumes(&a, &v);
    ck_assert_int_eq(a.ch_vol[i], 64);
    v.effects = 50;
    audio_set_volumes(&a, &v);
    ck_assert_int_eq(a.ch_vol[i], 32);
    v.mute = true;
    audio_set_volumes(&a, &v);
    for (int c = 0; c < AUDIO_VOICES + AUDIO_AMBS + 1; c++) ck_assert_int_eq(a.ch_vol[c], 0);
    audio_close(&a);
}
END_TEST

START_TEST(test_ambience_follows_wind_zoom_and_fish)
{
    AudioEar near = {0, 0, AUDIO_NEAR_HALF_W, 300}, far = {0, 0, 5 * AUDIO_NEAR_HALF_W, 1500};
    float calm[AUDIO_AMBS], gale[AUDIO_AMBS], high[AUDIO_AMBS], school[AUDIO_AMBS];
    battle_sound_ambience(&near, 0, 0, calm);
    battle_sound_ambience(&near, 5, 0, gale);
    battle_sound_ambience(&far, 5, 0, high);
    battle_sound_ambience(&near, 0, 400, school);
    ck_assert(gale[AUDIO_AMB_WIND] > 2.0f * calm[AUDIO_AMB_WIND]);
    ck_assert(gale[AUDIO_AMB_WAVES] > calm[AUDIO_AMB_WAVES]);
    ck_assert(high[AUDIO_AMB_WIND] > gale[AUDIO_AMB_WIND]);   /* high over the sea */
    ck_assert(high[AUDIO_AMB_WAVES] < gale[AUDIO_AMB_WAVES]); /* the waves far below */
    ck_assert_float_eq(calm[AUDIO_AMB_RIPPLE], 0.0f);
    ck_assert(school[AUDIO_AMB_RIPPLE] > 0.9f * BATTLE_SOUND_SEA);
    /* Levels swell to a new target, they do not jump. */
    Audio a;
    open_fake(&a, 1.0, 0.3f);
    audio_ambience(&a, gale);
    audio_update(&a, 1.0 / 60.0);
    ck_assert(a.amb_level[AUDIO_AMB_WIND] < 0.1f * gale[AUDIO_AMB_WIND]);
    for (int f = 0; f < 240; f++) audio_update(&a, 1.0 / 60.0);
    ck_assert_float_eq_tol(a.amb_level[AUDIO_AMB_WIND], gale[AUDIO_AMB_WIND], 0.01f);
    ck_assert_int_gt(a.ch_vol[AUDIO_VOICES + AUDIO_AMB_WIND], 0);
    audio_close(&a);
}
END_TEST

/* One turn of an eight-ship-a-side fight, as its cues come: twelve
 * broadsides of ten guns (pairs of ships trading them at the same
 * moment), each landing 0.35 s later (round shot: hits and splashes;
 * chain: torn rigging), a bell, and a fleet under sail creaking every
 * 0.4 s. Queued and played frame by frame on the shipped sounds. */
static void flood_turn(Audio *a, const AudioEar *ear)
{
    int fired = 0;
    for (int f = 0; f < 60 * 7; f++) {
        for (int k = 0; k < 12; k++) {
            /* Pairs at 0.2, 0.5, 0.8 ... s (frame 12, 30, 48 ...): ship k
             * and her opponent; each lands 0.35 s (21 frames) later. */
            int at = 12 + 18 * (k / 2), ship = k % 2 ? 8 + k / 2 : k / 2;
            BattleCue c = {.x = (float)(k % 8) * 120.0f - 400.0f,
                           .ship = ship,
                           .guns = 10,
                           .shot = k % 4 == 3 ? FLEET_CHAIN : FLEET_ROUND,
                           .event = 40 + k,
                           .winner = -1};
            if (f == at) {
                c.kind = BATTLE_CUE_FIRE;
                battle_sound_cue(a, ear, &c, -1);
                fired++;
            }
            if (f == at + 21) {
                c.kind = BATTLE_CUE_IMPACT;
                c.x = -c.x;
                c.ship = ship ^ 8;
                c.hits = 3 + k % 3;
                battle_sound_cue(a, ear, &c, -1);
            }
        }
        for (int s = 0; s < 16 && f % 24 == 0 && f < 270; s += 4) {
            BattleCue c = {.kind = BATTLE_CUE_CREAK,
                           .x = (float)s * 50.0f - 400.0f,
                           .y = -80,
                           .ship = s + f % 3,
                           .event = -1,
                           .winner = -1};
            battle_sound_cue(a, ear, &c, -1);
        }
        if (f == 90) {
            BattleCue c = {
                .kind = BATTLE_CUE_STRUCK, .x = 100, .ship = 3, .event = 60, .winner = -1};
            battle_sound_cue(a, ear, &c, -1);
        }
        audio_update(a, 1.0 / 60.0);
    }
    ck_assert_int_eq(fired, 12);
}

static bool is_fight(int s)
{
    return s == AUDIO_GUN_1 || s == AUDIO_GUN_2 || s == AUDIO_GUN_3 || s == AUDIO_GUN_FAR ||
           s == AUDIO_HIT_1 || s == AUDIO_HIT_2;
}

/* The voices go by priority: in a full turn of an 8v8 fight no gun or hit
 * is dropped (a ripple's guns pair up on a voice), what gives way is
 * colour, and the mix still keeps under the headroom. */
START_TEST(test_a_full_turn_drops_no_gun_or_hit)
{
    char dir[512], sounds[600];
    tu_data_dir(dir, sizeof dir);
    snprintf(sounds, sizeof sounds, "%s/sounds", dir);
    Audio *a = malloc(sizeof *a);
    Err e = {{0}};
    ck_assert_msg(audio_open(a, sounds, false, &FULL, &e) == 0, "%s", e.msg);
    AudioEar ear = {0, 0, 600, 340};
    flood_turn(a, &ear);
    int guns = 0, hits = 0, dropped = 0, colour = 0, joined = 0;
    for (int k = 0; k < a->nlog; k++) {
        const AudioLogEntry *l = &a->log[k];
        bool gun = is_fight(l->sound) && l->sound != AUDIO_HIT_1 && l->sound != AUDIO_HIT_2;
        guns += gun;
        hits += is_fight(l->sound) && !gun;
        joined += l->merged;
        colour += !is_fight(l->sound) && l->sound != AUDIO_BELL;
        if (l->voice >= 0) continue;
        dropped++;
        ck_assert_msg(audio_priority(l->sound, l->gain) < AUDIO_PRIO_FIGHT,
                      "%s at %.3f s (gain %.2f) was dropped", audio_sounds[l->sound].name, l->t,
                      (double)l->gain);
    }
    /* Every shot of every broadside, and every hit, is in the log. */
    ck_assert_int_eq(guns, 12 * 10);
    ck_assert_int_ge(hits, 12 * 3);
    /* The flood is real: colour was dropped, and guns shared voices. */
    ck_assert_msg(dropped > 0 && dropped < colour, "%d dropped of %d colour sounds", dropped,
                  colour);
    ck_assert_int_ge(joined, 12 * 4);
    ck_assert_int_eq(a->drops, dropped);
    ck_assert(bell_kept(a));
    audio_close(a);
    free(a);
}
END_TEST

/* The sea dips under the guns at once and swells back after them; ducked,
 * it leaves the guns the headroom it held. */
START_TEST(test_the_sea_dips_under_the_guns)
{
    Audio a;
    open_fake(&a, 1.0, 0.6f);
    float amb[AUDIO_AMBS] = {0.4f, 0.4f, 0.0f};
    audio_ambience(&a, amb);
    for (int f = 0; f < 300; f++) audio_update(&a, 1.0 / 60.0);
    int calm = a.ch_vol[AUDIO_VOICES + AUDIO_AMB_WAVES];
    ck_assert_int_gt(calm, 40);
    ck_assert_float_eq_tol(a.bed_duck, 1.0f, 1e-3f);
    /* A near gun: the sea is down on the frame it starts. */
    audio_play(&a, AUDIO_GUN_1, 0, 0, 1.0f);
    audio_update(&a, 1.0 / 60.0);
    int under = a.ch_vol[AUDIO_VOICES + AUDIO_AMB_WAVES];
    ck_assert_msg(under <= (int)((float)calm * AUDIO_BED_DUCK * 1.05f) + 1,
                  "the sea at %d under a gun, %d calm", under, calm);
    /* The gun plays at its full level: the headroom is not the sea's. */
    ck_assert_float_eq_tol(a.duck, 1.0f, 1e-6f);
    /* It stays down while the gun sounds (a second), then swells back,
     * not at once: part way a second later. */
    for (int f = 0; f < 120; f++) audio_update(&a, 1.0 / 60.0);
    int after = a.ch_vol[AUDIO_VOICES + AUDIO_AMB_WAVES];
    ck_assert_msg(after > under + 5 && after < calm - 5, "a second after: %d (%d .. %d)", after,
                  under, calm);
    for (int f = 0; f < 360; f++) audio_update(&a, 1.0 / 60.0);
    ck_assert_int_ge(a.ch_vol[AUDIO_VOICES + AUDIO_AMB_WAVES], calm - 1);
    audio_close(&a);
}
END_TEST

/* ---------------------------------------------------- a battle, heard */

/* One resolved turn as it played: its timeline and log, and the audio
 * clock when its replay began. */
typedef struct Turn {
    BattleAnim anim;
    SkirmishEvent ev[SKIRMISH_MAX_EVENTS];
    int nev;
    double offset;
} Turn;

static bool is_gun(int s)
{
    return s == AUDIO_GUN_1 || s == AUDIO_GUN_2 || s == AUDIO_GUN_3 || s == AUDIO_GUN_FAR;
}

/* The log entry of one of sounds (a, b) in [t0, t1] nearest pan, or NULL. */
static const AudioLogEntry *find(const Audio *au, int a, int b, double t0, double t1, float pan)
{
    const AudioLogEntry *best = NULL;
    for (int k = 0; k < au->nlog; k++) {
        const AudioLogEntry *e = &au->log[k];
        if ((e->sound != a && e->sound != b) || e->t < t0 - 1e-9 || e->t > t1 + 1e-9) continue;
        if (!best || fabsf(e->pan - pan) < fabsf(best->pan - pan)) best = e;
    }
    return best;
}

/* The gun start in [t0, t1] nearest to (pan, gain): a ship's first shot,
 * told from the ripple of a broadside fired just before hers (ten guns
 * ring for half a second) by where and how loud it is. */
static const AudioLogEntry *find_gun(const Audio *au, double t0, double t1, float pan, float gain)
{
    const AudioLogEntry *best = NULL;
    float best_d = 0.0f;
    for (int k = 0; k < au->nlog; k++) {
        const AudioLogEntry *e = &au->log[k];
        if (!is_gun(e->sound) || e->t < t0 - 1e-9 || e->t > t1 + 1e-9) continue;
        float d = fabsf(e->pan - pan) + fabsf(e->gain - gain);
        if (!best || d < best_d) {
            best = e;
            best_d = d;
        }
    }
    return best;
}

static int count_in(const Audio *au, bool (*kind)(int), double t0, double t1)
{
    int n = 0;
    for (int k = 0; k < au->nlog; k++)
        if (kind(au->log[k].sound) && au->log[k].t >= t0 - 1e-9 && au->log[k].t < t1 - 1e-9) n++;
    return n;
}

static bool is_bell(int s)
{
    return s == AUDIO_BELL;
}

static bool is_sink(int s)
{
    return s == AUDIO_SINK;
}

/* Turn t's sounds against its events (its window: [offset, end)). */
static void check_turn(const Audio *au, const AudioEar *ear, const Turn *t, double end, float dt,
                       int *volleys, int *hits, int *fates)
{
    const BattleAnim *an = &t->anim;
    int guns = 0;
    for (int k = 0; k < an->nvolleys; k++) {
        const BattleVolley *v = &an->volleys[k];
        int n = v->guns < BATTLE_SOUND_GUNS_MAX ? v->guns : BATTLE_SOUND_GUNS_MAX;
        guns += n;
        float x, y, h, pan, gain;
        battle_anim_pose(an, v->ship, v->t_fire, &x, &y, &h);
        audio_place(ear, x, y, &pan, &gain);
        /* Its first shot as the smoke appears, panned and as loud as where she is. */
        double at = t->offset + v->t_fire;
        const AudioLogEntry *e = find_gun(au, at, at + dt + 0.011, pan, gain);
        ck_assert_msg(e, "no gun at %.3f for the broadside of ship %d", at, v->ship);
        ck_assert_msg(fabsf(e->pan - pan) <= 0.031f, "gun pan %.3f, she is at %.3f", (double)e->pan,
                      (double)pan);
        ck_assert_msg(e->gain <= gain + 1e-5f && e->gain >= 0.85f * gain - 1e-5f,
                      "gun gain %.3f at %.3f, she is heard at %.3f", (double)e->gain, at,
                      (double)gain);
        ck_assert(gain >= BATTLE_SOUND_FAR_GAIN ? e->sound != AUDIO_GUN_FAR
                                                : e->sound == AUDIO_GUN_FAR);
        (*volleys)++;
        /* Where it lands: wood for hits, water for misses. */
        battle_anim_pose(an, v->target, v->t_impact, &x, &y, &h);
        audio_place(ear, x, y, &pan, &gain);
        double it = t->offset + v->t_impact;
        if (v->hits > 0) {
            e = find(au, AUDIO_HIT_1, AUDIO_HIT_2, it, it + dt + 0.021, pan);
            ck_assert_msg(e && fabsf(e->pan - pan) < 1e-4f, "no hit at %.3f", it);
            if (v->shot == FLEET_CHAIN)
                ck_assert(find(au, AUDIO_RIGGING, AUDIO_RIGGING, it, it + dt + 0.05, pan));
            (*hits)++;
        }
        if (v->guns > v->hits)
            ck_assert_msg(find(au, AUDIO_SPLASH_1, AUDIO_SPLASH_2, it, it + dt + 0.031, pan),
                          "no splash at %.3f", it);
    }
    ck_assert_int_eq(count_in(au, is_gun, t->offset, end), guns);
    int struck = 0, sank = 0;
    for (int k = 0; k < an->nfates; k++) {
        const BattleFate *f = &an->fates[k];
        float x, y, h, pan, gain;
        battle_anim_pose(an, f->ship, f->t, &x, &y, &h);
        audio_place(ear, x, y, &pan, &gain);
        double at = t->offset + f->t;
        int s = f->kind == SKIRMISH_EV_STRUCK ? AUDIO_BELL : AUDIO_SINK;
        const AudioLogEntry *e = find(au, s, s, at, at + dt + 1e-4, pan);
        ck_assert_msg(e && fabsf(e->pan - pan) < 1e-4f, "no %s at %.3f", audio_sounds[s].name, at);
        ck_assert_float_eq_tol(e->gain, 0.45f + 0.55f * gain, 1e-4f);
        struck += f->kind == SKIRMISH_EV_STRUCK;
        sank += f->kind == SKIRMISH_EV_SANK;
        (*fates)++;
    }
    /* No bell or sinking without its event. */
    ck_assert_int_eq(count_in(au, is_bell, t->offset, end), struck);
    ck_assert_int_eq(count_in(au, is_sink, t->offset, end), sank);
}

START_TEST(test_a_battle_sounds_as_it_plays)
{
    /* Seed 6: seed 5's battle, since grape and double shot, ends with both
     * fleets taken on one turn, a draw with no sting. */
    BattleSetup st = {
        .mode = BATTLE_WATCH, .seed = 6, .ships = {3, 3}, .turn_limit = 60, .map_seed = 6};
    Err e = {{0}};
    Battle *b = battle_new(&st, 1.0f, &e);
    if (!b) ck_abort_msg("battle_new: %s", e.msg);
    char dir[512], sounds[600];
    tu_data_dir(dir, sizeof dir);
    snprintf(sounds, sizeof sounds, "%s/sounds", dir);
    Audio *au = malloc(sizeof *au);
    audio_open(au, sounds, false, &FULL, &e);
    /* The view: the middle half of the map, so ships are heard from
     * either side and some from off screen. */
    AudioEar ear = {(float)b->map.w * 0.5f, (float)b->map.h * 0.5f, (float)b->map.w * 0.25f,
                    (float)b->map.h * 0.25f};
    static Turn turn;
    const float dt = 1.0f / 60.0f;
    int volleys = 0, hits = 0, fates = 0, turns = 0;
    bool have = false;
    for (int f = 0; f < 60 * 60 * 20 && b->phase != BATTLE_OVER; f++) {
        float before = b->anim_t;
        battle_update(b, dt);
        BattleCue cues[BATTLE_CUES];
        int n = battle_take_cues(b, cues, BATTLE_CUES);
        for (int k = 0; k < n; k++) battle_sound_cue(au, &ear, &cues[k], battle_our_side(b));
        audio_update(au, dt);
        if (b->anim_t < before || !have) {
            /* A turn began to play (its clock went back to 0; the last
             * turn's number does not move): the one before is over. */
            if (have) check_turn(au, &ear, &turn, au->now - 1e-6, dt, &volleys, &hits, &fates);
            memcpy(&turn.anim, &b->anim, sizeof turn.anim);
            turn.offset = au->now - b->anim_t;
            have = true;
            turns++;
        }
    }
    ck_assert_int_eq(b->phase, BATTLE_OVER);
    for (int f = 0; f < 60; f++) audio_update(au, dt); /* the last ripples */
    check_turn(au, &ear, &turn, au->now + 1.0, dt, &volleys, &hits, &fates);
    /* The end has its sting: somebody won, and watching that is a win. */
    ck_assert_int_ge(b->sk.winner, 0);
    ck_assert_int_eq(au->log[au->nlog - 1].sound, AUDIO_WIN);
    ck_assert_msg(volleys >= 10 && hits >= 5 && fates >= 1,
                  "a battle of %d turns with %d broadsides, %d hits and %d fates checks too little",
                  turns, volleys, hits, fates);
    ck_assert_int_lt(au->nlog, AUDIO_LOG_MAX);
    audio_close(au);
    free(au);
    battle_free(b);
}
END_TEST

START_TEST(test_shipped_sounds_all_load)
{
    char dir[512], sounds[600];
    tu_data_dir(dir, sizeof dir);
    snprintf(sounds, sizeof sounds, "%s/sounds", dir);
    Audio a;
    Err e = {{0}};
    ck_assert_msg(audio_open(&a, sounds, false, &FULL, &e) == 0, "%s", e.msg);
    for (int s = 0; s < AUDIO_SOUNDS; s++) {
        ck_assert_msg(a.clip[s].seconds > 0.01, "%s is empty", audio_sounds[s].name);
        ck_assert_msg(a.clip[s].env[0] > 0.05f && a.clip[s].env[0] < 0.9f, "%s peaks at %.3f",
                      audio_sounds[s].name, (double)a.clip[s].env[0]);
    }
    audio_close(&a);
    /* A broken file is one line naming it, and the rest still load. */
    char tmp[64], path[128];
    tu_tempdir(tmp, sizeof tmp);
    for (int s = 0; s < AUDIO_SOUNDS; s++) {
        char from[700];
        snprintf(from, sizeof from, "%s/%s.wav", sounds, audio_sounds[s].name);
        snprintf(path, sizeof path, "%s/%s.wav", tmp, audio_sounds[s].name);
        FILE *in = fopen(from, "rb");
        ck_assert_ptr_nonnull(in);
        static char buf[4 << 20];
        size_t len = fread(buf, 1, sizeof buf, in);
        fclose(in);
        tu_write(path, buf, s == AUDIO_BELL ? 30 : len);
    }
    ck_assert_int_eq(audio_open(&a, tmp, false, &FULL, &e), 1);
    ck_assert_msg(strstr(e.msg, "bell.wav") && !strchr(e.msg, '\n'), "%s", e.msg);
    ck_assert(a.clip[AUDIO_GUN_1].seconds > 0.5);
    audio_play(&a, AUDIO_BELL, 0, 0, 1); /* silent, and no harm */
    audio_update(&a, 0.1);
    ck_assert_int_eq(a.nlog, 1);
    audio_close(&a);
}
END_TEST

static Suite *make_suite(void)
{
    Suite *s = suite_create("ui_sound");
    TCase *tc = tcase_create("sound");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, test_place_follows_the_view);
    tcase_add_test(tc, test_voices_by_priority);
    tcase_add_test(tc, test_queue_starts_in_time_and_logs);
    tcase_add_test(tc, test_twenty_broadsides_never_clip);
    tcase_add_test(tc, test_grape_patters_and_guns_burst);
    tcase_add_test(tc, test_a_full_turn_drops_no_gun_or_hit);
    tcase_add_test(tc, test_the_sea_dips_under_the_guns);
    tcase_add_test(tc, test_volumes_and_mute);
    tcase_add_test(tc, test_ambience_follows_wind_zoom_and_fish);
    tcase_add_test(tc, test_a_battle_sounds_as_it_plays);
    tcase_add_test(tc, test_shipped_sounds_all_load);
    suite_add_tcase(s, tc);
    return s;
}

SHOAL_CHECK_MAIN(make_suite)
