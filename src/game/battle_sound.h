/* battle_sound: what a battle's cues (battle_take_cues) sound like — a
 * broadside as a ripple of shots, one per gun; the hits, splashes and
 * torn rigging where it lands; a bell when a ship strikes; her sinking;
 * creaking timbers; a sting when the battle is decided. Each is placed by
 * where it happens in the view (audio_place). */
#ifndef SHOAL_BATTLE_SOUND_H
#define SHOAL_BATTLE_SOUND_H

#include "battle.h"
#include "ui/audio.h"

/* The gap between one gun's shot and the next in a broadside: ten guns
 * roll over half a second, as a broadside fired down the deck does. */
#define BATTLE_SOUND_RIPPLE_S 0.05f
/* At most this many shots of one broadside are played (a first-rate's
 * fifty guns would take every voice and roll for two seconds). */
#define BATTLE_SOUND_GUNS_MAX 12
/* Below this gain a gun is heard as distant thunder (gun_far). */
#define BATTLE_SOUND_FAR_GAIN 0.3f
/* The sea's share of its loops' level (-24 dBFS each): a bed under the
 * fight, not over it. At 1.0 the quiet sea measured -27 dBFS RMS and the
 * loudest broadside second only 6 dB above it (issue #36); guns should
 * stand 12 dB and more above the sea. */
#define BATTLE_SOUND_SEA 0.55f

/* Queue the sounds of cue c, heard by ear, in a battle played for side
 * ours (battle_our_side: the victory sting is for its wins only; -1 for
 * anyone's). */
void battle_sound_cue(Audio *a, const AudioEar *ear, const BattleCue *c, int ours);

/* The ambience levels (AUDIO_AMB_*) for a wind of strength 0..5 seen by
 * ear, with fish_in_view fish on screen: wind rises with its strength and
 * as the view widens (high over the sea), waves with the wind and as the
 * view closes in, the ripple with the fish near at hand. */
void battle_sound_ambience(const AudioEar *ear, int wind_strength, int fish_in_view,
                           float level[AUDIO_AMBS]);

#endif
