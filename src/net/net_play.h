/* net_play: one battle between two processes in lockstep by turns. The
 * host sets the battle up and sends it whole (as save text) to the joiner;
 * then each turn both send the hash of the battle they hold and their
 * side's orders, neither sees the other's before its own are sent, and
 * both resolve the turn themselves. A hash that differs is a desync: both
 * hashes go to the log and the host sends the whole battle again, which
 * the joiner takes in place of its own. Headless: the computer plots each
 * process's side (the game's windows come later). */
#ifndef SHOAL_NET_PLAY_H
#define SHOAL_NET_PLAY_H

#include <stdbool.h>
#include <stdio.h>

#include "core/err.h"
#include "core/map.h"
#include "core/skirmish.h"

typedef struct NetPlayOptions {
    int port;         /* the host's UDP port */
    int wait_s;       /* how long to wait for the peer to join, answer or move */
    int player;       /* AI_PLAYER_*: who plots this process's side */
    const char *pass; /* the passphrase a joiner must give ("" or NULL: none) */
    const char *say;  /* a line to the other commander as the battle opens ("" or NULL) */
    FILE *log;        /* where the session says what happens (stderr) */
} NetPlayOptions;

/* Host the battle of setup on map (side A is ours), wait for a joiner,
 * play it to its end and fill out as ai_autoplay would. Returns 0; -1
 * when the peer was bad (a wrong version or passphrase, a bad packet,
 * orders the rules refuse; e says which: bad input, exit 2); -2 when the
 * network failed or the peer left or timed out (exit 1). */
int net_play_host(const Map *map, const SkirmishSetup *setup, const NetPlayOptions *o,
                  SkirmishOutcome *out, Err *e);

/* Whether the map file at path may be hosted (net_map_check, read from
 * its header before the map is loaded: a 16384x16384 map takes a host
 * most of a minute to load, only to be told). -1 with e set. */
int net_play_map_file_fits(const char *path, Err *e);

/* Join the host at host:port as side B (or watch: as a watcher, who sees
 * each turn as both sides' orders come from the host), take its battle
 * (a generated sea, or the map file it sends) and play it to its end.
 * Returns as net_play_host does. */
int net_play_join(const char *host, bool watch, const NetPlayOptions *o, SkirmishOutcome *out,
                  Err *e);

#endif
