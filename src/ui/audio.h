/* audio: the game's sound, SDL2_mixer behind one small module. A sound is
 * asked for with a pan and a gain (audio_place turns a place on the map
 * into both), waits in a queue for its moment, and starts on one of a few
 * voices by priority; every start is logged. Ambience loops follow levels
 * set each frame, stings play on the music bus, and the mix never clips:
 * every start keeps the sum of what each voice can still reach under full
 * scale. With no audio device all of it but the mixing still runs (queue,
 * voices, log), so tests and silent machines behave alike. */
#ifndef SHOAL_AUDIO_H
#define SHOAL_AUDIO_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stdio.h>

#include "core/err.h"

/* Effect voices: a ten-gun broadside rolls over about half a second and
 * each shot rings for 1.5 s; its guns pair up (AUDIO_MERGE_S), so one
 * broadside holds five, and the hits and splashes after it and two more
 * ships' guns take the rest. */
#define AUDIO_VOICES  16
#define AUDIO_QUEUE   256  /* sounds waiting for their moment */
#define AUDIO_LOG_MAX 4096 /* starts kept in memory (tests, --sound-log) */
#define AUDIO_ENV_S   0.01 /* the step of a clip's peak envelope */
/* How far the mixer may be behind the clock: a sound begins at its next
 * buffer (23 ms), and is counted as having played this much less of
 * itself, so its louder start is never forgotten early. */
#define AUDIO_LAG_S 0.05
/* Output samples headroom: the sum of peaks is kept under this. */
#define AUDIO_HEADROOM 0.98f
/* Ambience levels move towards their targets with this time constant, so
 * a zoom or a change of wind swells rather than jumps. */
#define AUDIO_AMBIENCE_TAU_S 0.6f
/* A gun from the same source (a ship) starting this soon after another's
 * start joins its voice, raising its gain, instead of taking a voice of
 * its own: a ripple's shots are 50 ms apart (+-10 ms), so a broadside
 * pairs up and ten guns hold five voices. Each voice counts at its peak
 * towards the headroom, so fewer voices leave each gun more of it. */
#define AUDIO_MERGE_S 0.06
/* The sea dips under the fight: the ambience falls to this share of its
 * level while the effects playing could reach AUDIO_BED_DUCK_AT of full
 * scale (a broadside near by), less for less. It falls within a frame (a
 * gun's crack masks the step) and swells back with AUDIO_BED_RELEASE_S.
 * Ducked, the sea leaves the guns the headroom it held. */
#define AUDIO_BED_DUCK      0.35f
#define AUDIO_BED_DUCK_AT   0.5f
#define AUDIO_BED_RELEASE_S 1.2f
/* Priorities at or above this are the fight itself (guns and hits at any
 * distance): they take a voice from anything worth less, else join the
 * latest voice of their kind; they are never dropped while one sounds.
 * Colour (rigging, splashes, creaks) stays below it however near. */
#define AUDIO_PRIO_FIGHT 43

/* Every sound, in the one table audio_sounds (file data/sounds/NAME.wav). */
typedef enum AudioSound {
    AUDIO_GUN_1,
    AUDIO_GUN_2,
    AUDIO_GUN_3,
    AUDIO_GUN_FAR,
    AUDIO_HIT_1,
    AUDIO_HIT_2,
    AUDIO_SPLASH_1,
    AUDIO_SPLASH_2,
    AUDIO_RIGGING,
    AUDIO_BELL,
    AUDIO_SINK,
    AUDIO_CREAK_1,
    AUDIO_CREAK_2,
    AUDIO_CLICK,
    AUDIO_CLICK_BACK,
    AUDIO_WIND,
    AUDIO_WAVES,
    AUDIO_RIPPLE,
    AUDIO_WIN,
    AUDIO_LOSE,
    AUDIO_SOUNDS
} AudioSound;

/* The volume each sound answers to. */
enum { AUDIO_BUS_EFFECTS, AUDIO_BUS_AMBIENCE, AUDIO_BUS_MUSIC, AUDIO_BUSES };

/* The ambience loops, in the order of audio_ambience's levels. */
enum { AUDIO_AMB_WIND, AUDIO_AMB_WAVES, AUDIO_AMB_RIPPLE, AUDIO_AMBS };

typedef struct AudioSoundInfo {
    const char *name; /* file stem, and the log's name */
    int bus;          /* AUDIO_BUS_* */
    int priority;     /* 0..100: who keeps a voice when all are taken */
} AudioSoundInfo;

extern const AudioSoundInfo audio_sounds[AUDIO_SOUNDS];

/* The player's volumes, 0..100 each (settings.ini), and the mute switch. */
typedef struct AudioVolumes {
    int master, effects, ambience, music;
    bool mute;
} AudioVolumes;

/* The listener: the middle of the view and its half width and height, in
 * map px. A wider view (zoomed out) hears everything from farther off. */
typedef struct AudioEar {
    float cx, cy, half_w, half_h;
} AudioEar;

/* The view half width at which a sound in the middle plays at full gain:
 * about ten hexes across, a close look at a fight. */
#define AUDIO_NEAR_HALF_W 420.0f

/* Pan (-1 left .. 1 right) and gain (0..1) of a sound at map (x, y) for
 * ear: pan follows its place across the view, gain falls with its
 * distance from the middle (slowly on screen, fast beyond the edges) and
 * with the view's width. */
void audio_place(const AudioEar *ear, float x, float y, float *pan, float *gain);

/* One sound playing on a voice. */
typedef struct AudioVoice {
    int sound; /* -1: free */
    double t0, t1;
    float pan, gain;
    int priority;
    float spent; /* 0 fresh .. 1: how much of its peak it can no longer reach */
    int source;  /* who made it (audio_play_from), -1 none */
} AudioVoice;

/* How much a voice is still worth keeping: its priority, down to half of
 * it as its sound dies away (a gun's last rumble yields to a new gun,
 * never to a splash). */
float audio_voice_worth(const AudioVoice *v);

/* The voice a sound of `priority` starting at `now` should take among n:
 * a free one (or one whose sound has ended), else the one worth least
 * (audio_voice_worth; the oldest of equals), when that is worth less than
 * this sound, else -1: the sound is dropped. */
int audio_pick_voice(const AudioVoice *v, int n, double now, int priority);

/* A sound's importance when it starts: its table priority, a little lower
 * when it is faint (a distant gun yields to a near one, but stays above
 * AUDIO_PRIO_FIGHT). */
int audio_priority(int sound, float gain);

/* One start (or drop, voice -1) as logged. */
typedef struct AudioLogEntry {
    double t; /* the audio clock, s */
    int sound;
    float pan, gain;
    int voice;
    bool merged; /* it joined the sound already on that voice (AUDIO_MERGE_S,
                    AUDIO_PRIO_FIGHT) */
} AudioLogEntry;

typedef struct AudioPending {
    double t;
    int sound;
    float pan, gain;
    int source;
} AudioPending;

/* A loaded sound: its length, and the highest level it still reaches from
 * each AUDIO_ENV_S step on (never rising: so a start can tell whether
 * anything playing could later clip). */
typedef struct AudioClip {
    void *chunk; /* Mix_Chunk, NULL without a device */
    double seconds;
    float *env;
    int nenv;
} AudioClip;

/* What the audio thread saw of the output (the post-mix hook). */
typedef struct AudioMeter {
    atomic_long samples, clipped; /* output samples, those at full scale */
    atomic_int peak;              /* the largest |sample| */
} AudioMeter;

typedef struct Audio {
    bool open;   /* audio_open succeeded */
    bool device; /* a device is open: the sounds are heard */
    AudioVolumes vol;
    AudioClip clip[AUDIO_SOUNDS];
    double now;        /* s: the frames' clock, or with a device the real one */
    double clock_last; /* with a device: the real clock at the last update */
    AudioVoice voice[AUDIO_VOICES];
    AudioPending queue[AUDIO_QUEUE];
    int nqueue;
    float amb_target[AUDIO_AMBS], amb_level[AUDIO_AMBS];
    int music; /* the sting playing (AUDIO_WIN / AUDIO_LOSE), -1 none */
    double music_t0;
    AudioLogEntry log[AUDIO_LOG_MAX];
    int nlog;
    long starts, drops; /* since open */
    int silent;         /* sound files that would not load (those sounds are silent) */
    int first_silent;   /* the first of them (AudioSound), -1 none */
    FILE *log_file;     /* also every start as a line, when set */
    float duck;         /* the effects' share of the headroom, 0..1 */
    float bed_duck;     /* the ambience under the fight, AUDIO_BED_DUCK..1 */
    long merges;        /* starts that joined a voice (AUDIO_MERGE_S, AUDIO_PRIO_FIGHT) */
    AudioMeter *meter;  /* NULL without a device */
    int ch_vol[AUDIO_VOICES + AUDIO_AMBS + 1]; /* each mixer channel's volume as set */
    int ch_pan[AUDIO_VOICES]; /* ... and an effect voice's pan (left << 8 | right) */
} Audio;

/* Load every sound of audio_sounds from dir and, with want_device, open
 * the default output device (44.1 kHz stereo) and start the ambience
 * loops. Returns 0 when all is well; 1 when the game goes on with less
 * (no device: silent; or a sound file missing or unreadable: that sound
 * silent), with one line in e saying what and why; the clock, queue and
 * log work either way. */
int audio_open(Audio *a, const char *dir, bool want_device, const AudioVolumes *vol, Err *e);
void audio_close(Audio *a);

void audio_set_volumes(Audio *a, const AudioVolumes *vol);

/* Play sound in delay seconds (>= 0) at pan and gain. A full queue drops
 * the sound (counted as a drop). */
void audio_play(Audio *a, int sound, float delay, float pan, float gain);
/* The same, made by source (a ship's index, >= 0): its guns starting
 * within AUDIO_MERGE_S of each other share a voice. */
void audio_play_from(Audio *a, int sound, float delay, float pan, float gain, int source);
/* A sting on the music bus now (a newer one replaces it). */
void audio_sting(Audio *a, int sound);
/* Where the ambience loops should be, 0..1 each (AUDIO_AMB_*). */
void audio_ambience(Audio *a, const float level[AUDIO_AMBS]);
/* Advance the clock by dt s: start what is due, move the ambience. With
 * a device the clock is the real one whatever dt says: the mixer plays in
 * real time, and a frame's dt may not match it (the headroom must know
 * how far into its sound each voice really is). */
void audio_update(Audio *a, double dt);
/* Seconds since audio_open on the clock the voices keep: with a device
 * the real one (read now, between updates too), else the frames'. */
double audio_clock(const Audio *a);
/* Forget everything queued (a replay skipped, a battle left). */
void audio_flush(Audio *a);

/* Effect voices sounding now. */
int audio_voices(const Audio *a);

/* Also write each start to f as a line "t=... sound=... pan=... gain=...
 * voice=..." (NULL: stop). */
void audio_log_to(Audio *a, FILE *f);

#endif
