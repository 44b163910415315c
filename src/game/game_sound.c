/* game_sound: the game's sound — the audio opened with the player's
 * volumes, the battle's cues and the clicks of the widgets turned into
 * sounds each frame, the ambience set from the wind, the zoom and the fish
 * in view, and the mute key. */
#include <stdlib.h>
#include <string.h>

#include "battle_sound.h"
#include "core/clock.h"
#include "game.h"

/* In the sea without a battle, a moderate breeze. */
#define SOUND_SEA_WIND 2
/* A volume is written to settings.ini once its slider has rested this long. */

static AudioVolumes volumes_of(const Settings *s, bool mute)
{
    return (AudioVolumes){s->volume[SETTINGS_VOL_MASTER], s->volume[SETTINGS_VOL_EFFECTS],
                          s->volume[SETTINGS_VOL_AMBIENCE], s->volume[SETTINGS_VOL_MUSIC], mute};
}

int game_sound_init(Game *g, FILE *log)
{
    /* Headless runs are heard only when their sound is asked for. */
    bool headless = !g->win;
    if (headless && !log) return 0;
    g->audio = malloc(sizeof *g->audio);
    if (!g->audio) {
        fprintf(stderr, "shoal: no memory for the sound: playing without it\n");
        return 0;
    }
    g->sound_mute = g->o->mute || g->settings.mute;
    char dir[PATHS_MAX];
    Err e = {{0}};
    AudioVolumes v = volumes_of(&g->settings, g->sound_mute);
    if (paths_data_file("sounds", dir, sizeof dir) != 0) {
        fprintf(stderr, "shoal: sounds: data directory path too long: playing without sound\n");
        free(g->audio);
        g->audio = NULL;
        return 0;
    }
    if (audio_open(g->audio, dir, true, &v, &e) != 0) fprintf(stderr, "shoal: %s\n", e.msg);
    if (!g->audio->device)
        snprintf(g->menu.sound_label, sizeof g->menu.sound_label,
                 "No audio device: playing without sound.");
    else if (g->audio->silent > 0)
        snprintf(g->menu.sound_label, sizeof g->menu.sound_label, "Silent: %s.wav%s",
                 audio_sounds[g->audio->first_silent].name,
                 g->audio->silent > 1 ? ", and more" : "");
    audio_log_to(g->audio, log);
    g->heard_clicks = g->ui.clicks;
    g->heard_back = g->ui.back_clicks;
    return 0;
}

void game_sound_deinit(Game *g)
{
    if (!g->audio) return;
    audio_close(g->audio);
    free(g->audio);
    g->audio = NULL;
}

void game_sound_volumes(Game *g)
{
    if (!g->audio) return;
    AudioVolumes v = volumes_of(&g->settings, g->sound_mute);
    audio_set_volumes(g->audio, &v);
}

void game_sound_take(Game *g, const Settings *s)
{
    memcpy(g->settings.volume, s->volume, sizeof g->settings.volume);
    g->settings.mute = s->mute;
    g->sound_mute = s->mute;
    game_sound_volumes(g);
    game_settings_store_soon(g);
}

bool game_sound_key(Game *g, SDL_Keycode k)
{
    if (k != g->settings.keys.key[KEYS_MUTE]) return false;
    g->sound_mute = !g->sound_mute;
    g->settings.mute = g->sound_mute;
    g->menu.edit.mute = g->sound_mute; /* the Sound screen shows it */
    game_sound_volumes(g);
    game_settings_store(g);
    game_status(g, g->sound_mute ? "sound off (M turns it on)" : "sound on");
    return true;
}

void game_sound_click(Game *g, bool back)
{
    if (g->audio) audio_play(g->audio, back ? AUDIO_CLICK_BACK : AUDIO_CLICK, 0.0f, 0.0f, 1.0f);
}

/* What the player hears from: the view's middle and half extents. */
static AudioEar ear_of(const Camera *c)
{
    double z = c->zoom > 0.0 ? c->zoom : 1.0;
    return (AudioEar){(float)c->cx, (float)c->cy, (float)(c->view_w * 0.5 / z),
                      (float)(c->view_h * 0.5 / z)};
}

void game_sound_frame(Game *g, double dt)
{
    if (g->store_in > 0.0f && (g->store_in -= (float)dt) <= 0.0f) game_settings_store(g);
    if (!g->audio) return;
    double t0 = clock_now_ms();
    Audio *a = g->audio;
    AudioEar ear = ear_of(&g->cam);
    int wind = SOUND_SEA_WIND;
    if (g->battle) {
        BattleCue cues[BATTLE_CUES];
        int n = battle_take_cues(g->battle, cues, BATTLE_CUES);
        for (int k = 0; k < n; k++) battle_sound_cue(a, &ear, &cues[k], battle_our_side(g->battle));
        wind = g->battle->sk.wind_strength;
    }
    /* Each widget clicked since the last frame (the back ones lower). */
    unsigned back = g->ui.back_clicks - g->heard_back, all = g->ui.clicks - g->heard_clicks;
    if (all > 0) audio_play(a, back > 0 ? AUDIO_CLICK_BACK : AUDIO_CLICK, 0.0f, 0.0f, 1.0f);
    g->heard_clicks = g->ui.clicks;
    g->heard_back = g->ui.back_clicks;
    int fish = 0;
    if (g->sea.on && g->sea.sea) {
        float r = ear.half_w < ear.half_h ? ear.half_w : ear.half_h;
        fish = sea_count_within(g->sea.sea, ear.cx, ear.cy, r);
    }
    float level[AUDIO_AMBS];
    battle_sound_ambience(&ear, wind, fish, level);
    audio_ambience(a, level);
    audio_update(a, dt);
    g->sound_ms = (float)(clock_now_ms() - t0);
}

const char *game_sound_state(const Game *g)
{
    if (!g->audio) return "off (headless)";
    if (!g->audio->device) return "no audio device";
    return g->sound_mute ? "muted (M)" : "on";
}
