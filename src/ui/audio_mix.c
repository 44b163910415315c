/* audio_mix: SDL2_mixer under audio.c — the output device, the clips and
 * their peak envelopes, the channels' volumes and pans, and a post-mix
 * meter that counts samples at full scale (what "never clips" is checked
 * by). */
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <SDL.h>
#include <SDL_mixer.h>

#include "ui/audio_internal.h"

#define AUDIO_RATE         44100
#define AUDIO_OUT_CHANNELS 2
/* 1024 frames: 23 ms of latency at 44.1 kHz, a gun fired on the frame its
 * smoke appears; smaller buffers underrun on a loaded 2-core host. */
#define AUDIO_BUFFER 1024
/* A sound file larger than this is refused (a modder's ten-minute WAV
 * would be held whole in memory, converted). */
#define AUDIO_FILE_MAX (16L << 20)

/* On the audio thread, after every channel is mixed. */
static void meter_post(void *ud, Uint8 *stream, int len)
{
    AudioMeter *m = ud;
    const Sint16 *s = (const Sint16 *)(void *)stream;
    int n = len / (int)sizeof(Sint16), peak = 0;
    long clipped = 0;
    for (int i = 0; i < n; i++) {
        int v = s[i] < 0 ? -(int)s[i] : s[i];
        if (v > peak) peak = v;
        if (v >= 32767) clipped++;
    }
    atomic_fetch_add_explicit(&m->samples, n, memory_order_relaxed);
    atomic_fetch_add_explicit(&m->clipped, clipped, memory_order_relaxed);
    int old = atomic_load_explicit(&m->peak, memory_order_relaxed);
    while (peak > old && !atomic_compare_exchange_weak(&m->peak, &old, peak)) {
    }
}

double audio_mix_clock(void)
{
    return (double)SDL_GetPerformanceCounter() / (double)SDL_GetPerformanceFrequency();
}

int audio_mix_open(Audio *a, Err *e)
{
    if (SDL_InitSubSystem(SDL_INIT_AUDIO) != 0) return err_set(e, "%s", SDL_GetError());
    if (Mix_OpenAudio(AUDIO_RATE, AUDIO_S16SYS, AUDIO_OUT_CHANNELS, AUDIO_BUFFER) != 0) {
        err_set(e, "%s", Mix_GetError());
        SDL_QuitSubSystem(SDL_INIT_AUDIO);
        return -1;
    }
    int freq = 0, ch = 0;
    Uint16 fmt = 0;
    if (!Mix_QuerySpec(&freq, &fmt, &ch) || fmt != AUDIO_S16SYS) {
        Mix_CloseAudio();
        SDL_QuitSubSystem(SDL_INIT_AUDIO);
        return err_set(e, "the device gave no 16-bit output");
    }
    Mix_AllocateChannels(AUDIO_CHANNELS);
    a->meter = calloc(1, sizeof *a->meter);
    if (!a->meter) {
        Mix_CloseAudio();
        SDL_QuitSubSystem(SDL_INIT_AUDIO);
        return err_set(e, "out of memory");
    }
    for (int c = 0; c < AUDIO_CHANNELS; c++) Mix_Volume(c, 0);
    Mix_SetPostMix(meter_post, a->meter);
    a->device = true;
    /* The real clock counts from the machine's start: the first update
     * would add all of that to now (a click at t=574 s, ten seconds after
     * launch), so it counts from here. */
    a->clock_last = audio_mix_clock();
    return 0;
}

void audio_mix_close(Audio *a)
{
    if (!a->device) return;
    Mix_HaltChannel(-1);
    Mix_SetPostMix(NULL, NULL);
    /* Chunks must go while the mixer is open; audio_mix_free is next. */
    for (int s = 0; s < AUDIO_SOUNDS; s++)
        if (a->clip[s].chunk) {
            Mix_FreeChunk(a->clip[s].chunk);
            a->clip[s].chunk = NULL;
        }
    Mix_CloseAudio();
    SDL_QuitSubSystem(SDL_INIT_AUDIO);
    free(a->meter);
    a->meter = NULL;
    a->device = false;
}

void audio_mix_free(AudioClip *c)
{
    if (c->chunk) Mix_FreeChunk(c->chunk);
    free(c->env);
    memset(c, 0, sizeof *c);
}

/* A clip's length and its envelope of "the most it still reaches" from
 * 16-bit samples, ch interleaved channels at freq. */
static int measure(AudioClip *c, const Sint16 *s, long frames, int ch, int freq, Err *e,
                   const char *path)
{
    if (frames <= 0 || freq <= 0) return err_set(e, "%s: no samples", path);
    long step = (long)(AUDIO_ENV_S * freq);
    if (step < 1) step = 1;
    int n = (int)((frames + step - 1) / step);
    c->env = malloc((size_t)n * sizeof *c->env);
    if (!c->env) return err_set(e, "%s: out of memory", path);
    c->nenv = n;
    for (int k = 0; k < n; k++) {
        int peak = 0;
        long end = (k + 1) * step < frames ? (k + 1) * step : frames;
        for (long f = k * step; f < end; f++)
            for (int j = 0; j < ch; j++) {
                int v = s[f * ch + j] < 0 ? -(int)s[f * ch + j] : s[f * ch + j];
                if (v > peak) peak = v;
            }
        c->env[k] = (float)peak / 32768.0f;
    }
    for (int k = n - 2; k >= 0; k--)
        if (c->env[k + 1] > c->env[k]) c->env[k] = c->env[k + 1];
    c->seconds = (double)frames / freq;
    return 0;
}

/* Without a device: the file read and converted to 16-bit mono only to be
 * measured (the voices still need each sound's length). */
static int measure_file(AudioClip *c, const char *path, Err *e)
{
    SDL_AudioSpec spec;
    Uint8 *buf = NULL;
    Uint32 len = 0;
    if (!SDL_LoadWAV(path, &spec, &buf, &len)) return err_set(e, "%s: %s", path, SDL_GetError());
    SDL_AudioCVT cvt;
    int rc = 0;
    if (SDL_BuildAudioCVT(&cvt, spec.format, spec.channels, spec.freq, AUDIO_S16SYS, 1, spec.freq) <
        0) {
        rc = err_set(e, "%s: %s", path, SDL_GetError());
    } else if (len > INT_MAX / 8 || !(cvt.buf = malloc((size_t)len * (size_t)cvt.len_mult))) {
        rc = err_set(e, "%s: out of memory", path);
    } else {
        memcpy(cvt.buf, buf, len);
        cvt.len = (int)len;
        if (SDL_ConvertAudio(&cvt) != 0)
            rc = err_set(e, "%s: %s", path, SDL_GetError());
        else
            rc =
                measure(c, (const Sint16 *)(void *)cvt.buf, cvt.len_cvt / 2, 1, spec.freq, e, path);
        free(cvt.buf);
    }
    SDL_FreeWAV(buf);
    return rc;
}

int audio_mix_load(Audio *a, int s, const char *path, Err *e)
{
    AudioClip *c = &a->clip[s];
    struct stat st;
    if (stat(path, &st) != 0) return err_set(e, "%s: missing", path);
    if (st.st_size > AUDIO_FILE_MAX)
        return err_set(e, "%s: %lld bytes, more than a sound may have (%ld)", path,
                       (long long)st.st_size, AUDIO_FILE_MAX);
    if (!a->device) return measure_file(c, path, e);
    Mix_Chunk *ck = Mix_LoadWAV(path);
    if (!ck) return err_set(e, "%s: %s", path, Mix_GetError());
    int freq = 0, ch = 0;
    Uint16 fmt = 0;
    Mix_QuerySpec(&freq, &fmt, &ch);
    if (measure(c, (const Sint16 *)(void *)ck->abuf, (long)ck->alen / (2L * ch), ch, freq, e,
                path) != 0) {
        Mix_FreeChunk(ck);
        return -1;
    }
    c->chunk = ck;
    return 0;
}

void audio_mix_start(Audio *a, int ch, int s, bool loop)
{
    if (!a->device) return;
    if (s < 0 || !a->clip[s].chunk) {
        Mix_HaltChannel(ch);
        return;
    }
    Mix_PlayChannel(ch, a->clip[s].chunk, loop ? -1 : 0);
    /* A channel loses its effects (the pan) when its last sound ends or
     * is replaced: set it again. */
    if (ch < AUDIO_VOICES) {
        int l, r;
        audio_pan_levels(a->voice[ch].pan, &l, &r);
        Mix_SetPanning(ch, (Uint8)l, (Uint8)r);
        a->ch_pan[ch] = l << 8 | r;
    }
}

void audio_mix_level(Audio *a, int ch, int volume, int left, int right)
{
    if (!a->device) {
        a->ch_vol[ch] = volume;
        return;
    }
    if (a->ch_vol[ch] != volume) Mix_Volume(ch, volume);
    a->ch_vol[ch] = volume;
    if (ch < AUDIO_VOICES && a->ch_pan[ch] != (left << 8 | right)) {
        Mix_SetPanning(ch, (Uint8)left, (Uint8)right);
        a->ch_pan[ch] = left << 8 | right;
    }
}
