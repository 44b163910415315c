/* audio_internal: what audio.c (the queue, voices and headroom) asks of
 * audio_mix.c (SDL2_mixer: the device, the clips, the channels). */
#ifndef SHOAL_AUDIO_INTERNAL_H
#define SHOAL_AUDIO_INTERNAL_H

#include "ui/audio.h"

/* Mixer channels: the effect voices first, then one per ambience loop,
 * then the music. */
#define AUDIO_CH_AMBIENCE AUDIO_VOICES
#define AUDIO_CH_MUSIC    (AUDIO_VOICES + AUDIO_AMBS)
#define AUDIO_CHANNELS    (AUDIO_CH_MUSIC + 1)

/* Open the device; 0, or -1 with the reason in e. */
int audio_mix_open(Audio *a, Err *e);
void audio_mix_close(Audio *a);
/* Load clip s from path (through the device's format when open, else
 * only measured); 0, or -1 with the reason in e. */
int audio_mix_load(Audio *a, int s, const char *path, Err *e);
void audio_mix_free(AudioClip *c);
/* Start clip s on channel ch (looping for ever when loop), or stop ch
 * (s < 0). No-ops without a device. */
void audio_mix_start(Audio *a, int ch, int s, bool loop);
/* Channel ch's volume (0..128) and pan (left, right: 0..255). */
void audio_mix_level(Audio *a, int ch, int volume, int left, int right);

/* Seconds on a steady real clock. */
double audio_mix_clock(void);

/* A pan's left and right levels (0..255, equal power). */
void audio_pan_levels(float pan, int *left, int *right);

#endif
