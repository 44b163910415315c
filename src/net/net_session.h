/* net_session: one battle between two processes in lockstep by turns,
 * driven without blocking, so a window keeps drawing while it waits and a
 * headless run simply polls in a loop (net_play.h).
 *
 * The host sets the battle up and sends it whole (as save text, with no
 * orders in it) to the joiner; then each turn both send the hash of the
 * battle they hold and their side's orders, neither sees the other's
 * before its own are sent, and both resolve the turn themselves. A hash
 * that differs is a desync: both hashes are told and the host sends the
 * whole battle again, which the joiner takes in place of its own. A joiner
 * that drops or falls silent may come back: the host waits for it and
 * welcomes it with the battle as it stands. Every message from the peer
 * is checked (net_msg.h) and its orders go through the rules
 * (skirmish_order), ship by ship. */
#ifndef SHOAL_NET_SESSION_H
#define SHOAL_NET_SESSION_H

#include <stdbool.h>
#include <stddef.h>

#include "core/err.h"
#include "core/map.h"
#include "core/skirmish.h"

/* Where the session says what happens (one line, no "shoal: " and no
 * newline): joins, desyncs and their repair, a peer's departure. */
typedef void (*NetTellFn)(void *ctx, const char *line);

typedef struct NetSessionOptions {
    bool host;           /* host the battle (side A), or join one (side B) */
    bool watch;          /* joiner: come aboard as a watcher, not side B */
    const char *address; /* joiner: the host's name or address */
    int port;            /* the host's UDP port */
    /* How long (s) to wait for a commander to join (0: as long as it
     * takes), and for a host to answer a joiner (0: 30 s). */
    int wait_s;
    /* How long (s) a host waits for side B to rejoin after a drop (0:
     * wait_s, and then 0 is as long as it takes). */
    int rejoin_s;
    /* > 0: a peer silent this long while its turn is awaited counts as
     * gone (headless commanders answer at once); 0: only ENet's own
     * check that the peer is alive (a player may think for minutes). */
    int silence_s;
    const char *pass; /* the passphrase a joiner gives / a host asks ("" or NULL: none) */
    NetTellFn tell;   /* may be NULL */
    void *tell_ctx;
} NetSessionOptions;

/* Where a session is. */
enum {
    NET_S_WAITING, /* host: for a commander to join, or to rejoin */
    NET_S_JOINING, /* joiner: for the host to answer and send its battle */
    NET_S_PLAYING, /* turns go back and forth */
    NET_S_OVER,    /* the battle ended with both holding the same one */
    NET_S_FAILED,  /* net_session_code and the poll's e say why */
};

/* What a poll brings (at most one; poll again for the next). */
enum {
    NET_SE_NONE,
    NET_SE_JOINED, /* host: side B came (or came back) and has the battle */
    NET_SE_BATTLE, /* joiner, watcher: the host's battle is in (net_session_take_battle) */
    NET_SE_STATE,  /* joiner: the host's battle replaced sk: plot the turn again */
    NET_SE_TURN,   /* both sides' orders are in, the peer's given to sk: submit both */
    NET_SE_CHAT,   /* a line from the other commander or a watcher (net_session_chat) */
    NET_SE_AWAY,   /* host: side B dropped or fell silent; waiting for it */
    NET_SE_OVER,   /* the battle's end: both hold the same battle */
    NET_SE_FAILED, /* the session failed: e says why */
};

/* What a failure was: the peer's fault (bad input: exit 2), or the
 * network's or a peer that left or never came (exit 1). */
enum { NET_BAD_PEER = -1, NET_FAILED = -2 };

typedef struct NetSession NetSession;

/* Listen (host) or start connecting (joiner). NULL with e set when the
 * port is taken, the host is no host, or ENet can't start. */
NetSession *net_session_open(const NetSessionOptions *o, Err *e);
/* Leave (telling the peer why, when not NULL) and free. NULL is fine. */
void net_session_close(NetSession *s, const char *why);

/* Hear the peer for up to wait_ms (0: only what is in) and act on it;
 * returns NET_SE_*. sk is the battle being played: the host's from the
 * start, the joiner's once taken (NULL before). */
int net_session_poll(NetSession *s, Skirmish *sk, int wait_ms, Err *e);

/* Send our side's orders as sk holds them, with the battle's hash. */
int net_session_send_turn(NetSession *s, const Skirmish *sk, Err *e);
/* The battle is over: send its final hash; a poll says NET_SE_OVER once
 * the peer's agrees. */
int net_session_send_final(NetSession *s, const Skirmish *sk, Err *e);
/* A line to the other commander (net_text_check's rules). */
int net_session_say(NetSession *s, const char *text, Err *e);

/* The map file a host sent (its PNG bytes and sidecar text), png NULL
 * when none came (a generated sea). */
typedef struct NetPeerMap {
    const uint8_t *png;
    size_t png_len;
    const char *ini;
    size_t ini_len;
} NetPeerMap;

/* Joiner, watcher, after NET_SE_BATTLE: the host's battle into sk, on
 * its map (a generated sea, or the map file it sent) into map.
 * NET_BAD_PEER with e set. */
int net_session_take_battle(NetSession *s, Map *map, Skirmish *sk, Err *e);
/* The same from a host's battle as save text (len bytes) and its map
 * (pm; NULL or empty: a generated sea, or from no map sent a shipped
 * map by its file name, never a path the peer gives); who names the peer
 * in messages. -1 with e set. */
int net_peer_battle(const char *text, size_t len, const NetPeerMap *pm, const char *who, Map *map,
                    Skirmish *sk, Err *e);
/* The host's battle as it came (save text) and its map, after
 * NET_SE_BATTLE: valid until the session closes. */
const char *net_session_battle_text(const NetSession *s, size_t *len, NetPeerMap *pm);

/* A host that gave up waiting for side B (NET_S_FAILED after an
 * NET_SE_AWAY): wait wait_s more. 0, or -1 when it can't. */
int net_session_wait_more(NetSession *s);

int net_session_state(const NetSession *s);
int net_session_side(const NetSession *s); /* ours: 0 host, 1 joiner, SKIRMISH_SIDES watcher */
int net_session_code(const NetSession *s); /* after a failure: NET_BAD_PEER or NET_FAILED */
/* Whole seconds left of the wait under way (to join, rejoin, answer),
 * -1 when none is timed. */
int net_session_wait_left(const NetSession *s);
/* We have sent this turn's orders and wait for the peer's. */
bool net_session_sent(const NetSession *s);
/* "ADDRESS:PORT" of the peer, "no peer" while there is none. */
const char *net_session_peer(const NetSession *s);
/* The last chat line heard (after NET_SE_CHAT), and who said it in *from
 * (when not NULL): "ADDRESS:PORT", or "watcher ADDRESS:PORT". */
const char *net_session_chat(const NetSession *s, const char **from);
/* Host: the watchers aboard. */
int net_session_watchers(const NetSession *s);
/* The UDP port our end's socket is bound to (a joiner's is the system's
 * pick), 0 when unknown. */
int net_session_port(const NetSession *s);

#endif
