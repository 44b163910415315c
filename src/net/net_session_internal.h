/* net_session_internal: what net_session.c (the turns) and net_greet.c
 * (who comes aboard: hellos, refusals, watchers, the map's bytes) share. */
#ifndef SHOAL_NET_SESSION_INTERNAL_H
#define SHOAL_NET_SESSION_INTERNAL_H

#include "net.h"
#include "net_session.h"

/* How long a commander who connected has to say hello (ms). */
#define HELLO_MS 10000
/* At most one line this often about datagrams dropped, or about a
 * peer's chat dropped (ms). */
#define DROPS_TOLD_MS 60000
/* A peer's chat: this many lines at once, then one a CHAT_EVERY_MS; the
 * rest is dropped (a flood of lines would flood the log and stderr). */
#define CHAT_BURST    5
#define CHAT_EVERY_MS 1000

/* A host's peer, by slot. */
enum {
    PEER_FREE,    /* no one */
    PEER_NEW,     /* connected, no hello yet */
    PEER_PLAYER,  /* side B's commander */
    PEER_WATCHER, /* a watcher, welcomed */
};

/* Things dropped (datagrams, chat lines) and what of them was told:
 * one line at most every DROPS_TOLD_MS, however many come. */
typedef struct NetDrops {
    long count, told; /* dropped so far; of them, told */
    double told_at;   /* when last told */
} NetDrops;

typedef struct NetPeer {
    int role;        /* PEER_* */
    double hello_by; /* PEER_NEW: when its hello is due */
    /* Its chat: lines it may still say at once (refilled one a
     * CHAT_EVERY_MS up to CHAT_BURST) and when that was reckoned; lines
     * dropped for coming too fast. */
    double chat_budget, chat_at;
    NetDrops chat_dropped;
} NetPeer;

struct NetSession {
    NetSessionOptions o;
    char pass[NET_TEXT_MAX + 1];
    char address[256];
    NetLink *link;
    int state, code;
    int side;   /* ours: 0 host, 1 joiner, SKIRMISH_SIDES a watcher */
    int sync;   /* desyncs repaired and rejoins so far: older messages are stale */
    int player; /* the slot of the peer the turns go to: side B's (host), the host's (0); -1 none */
    NetPeer peers[NET_PEERS];
    bool had_peer;   /* host: side B was welcomed once; the next is a rejoin */
    int refused;     /* host: would-be joiners refused during this wait */
    NetDrops drops;  /* datagrams dropped by the link (net_dropped) */
    double deadline; /* clock_now_ms() when the wait under way ends, < 0 none */
    double heard;    /* when the peer was last heard, or we began waiting on it */
    bool sent;       /* this turn's orders are out */
    bool final_sent; /* the battle's end: our last hash is out */
    uint64_t ours;   /* our battle's hash as the turn's orders went out */
    bool have_hash;
    bool have_orders[SKIRMISH_SIDES]; /* the peer's side's (a watcher: both) */
    uint64_t peer_hash;
    int repairs; /* desyncs this turn */
    NetMsg peer_orders[SKIRMISH_SIDES];
    NetMsg in;
    char *text; /* joiner, watcher: the host's battle as it came (save text) */
    size_t text_len;
    /* The map file's bytes: the host's, read to send; a joiner's, as they
     * came (png NULL: none, a generated sea). */
    uint8_t *png;
    size_t png_len;
    char *ini;
    size_t ini_len;
    bool map_read; /* host: the map file was read (or there is none) */
    char *buf;     /* SAVE_MAX_BYTES for the battle as we send it */
    char chat[NET_TEXT_MAX + 1];
    char chat_from[64];
    Err why; /* the failure, said again to every poll after it */
};

/* net_session.c */
void net_tell(NetSession *s, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
double net_now_ms(void);
int net_fail(NetSession *s, int code, Err *e);
int net_failf(NetSession *s, int code, Err *e, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;
const char *net_player_name(const NetSession *s);
/* Whether slot k's chat line may be heard (its budget, CHAT_BURST and
 * CHAT_EVERY_MS); a line dropped is counted and told at most once a
 * minute. */
bool net_chat_allowed(NetSession *s, int k);
/* The battle as save text to slot k: a WELCOME (side, sync) or a STATE. */
int net_send_battle(NetSession *s, int k, int kind, int side, const Skirmish *sk, Err *e);
/* This turn's hash and our orders to the player (again, after a repair
 * or a rejoin made the last ones stale). */
int net_send_turn_to(NetSession *s, const Skirmish *sk, Err *e);
/* Wait for side B (again): for wait_s (or rejoin_s), or as long as it
 * takes when that is 0. */
void net_await_joiner(NetSession *s);

/* net_greet.c */
/* Host: a message from slot k, which has not said hello yet. */
int net_greet(NetSession *s, int k, Skirmish *sk, const NetMsg *m, Err *e);
/* Host: slot k is let go (e says why, in one line); refusals counted.
 * The wait for side B goes on. */
int net_refuse(NetSession *s, int k, Err *e);
/* Host: a message from watcher slot k (a chat, a goodbye); anything else
 * sends it away. */
int net_from_watcher(NetSession *s, int k, const NetMsg *m, Err *e);
/* Host: the turn's hash and both sides' orders to every watcher, as the
 * turn resolves; and the battle's last hash. */
void net_watchers_turn(NetSession *s, const Skirmish *sk);
void net_watchers_final(NetSession *s, const NetMsg *h);
/* Joiner, watcher: a message before the host's welcome. */
int net_on_joining(NetSession *s, const NetMsg *m, Err *e);

#endif
