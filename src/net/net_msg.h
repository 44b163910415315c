/* net_msg: the messages two shoal processes exchange to play one battle,
 * and their bytes. Lockstep by turns: the core is deterministic, so only
 * orders travel (and the battle's state as save text, when a joiner comes
 * aboard or after a desync). Every packet from a peer is checked here, by
 * size, kind and range, before anything reads it; the orders' legality for
 * the battle is the session's to check (skirmish_check_orders). Knows no
 * sockets: net.h carries the bytes. */
#ifndef SHOAL_NET_MSG_H
#define SHOAL_NET_MSG_H

#include <stddef.h>
#include <stdint.h>

#include "core/err.h"
#include "core/save.h"
#include "core/skirmish.h"

/* The protocol's version: a peer of another version is refused, naming
 * both. Bump it with any change to the bytes below. */
#define NET_PROTO_VERSION 2
/* The UDP port a host listens on unless told otherwise. */
#define NET_PORT_DEFAULT 27960
/* A passphrase, a chat line or a reason: at most this many bytes. */
#define NET_TEXT_MAX 200
/* The largest packet but a map's: a battle as save text and its header. */
#define NET_PACKET_MAX (SAVE_MAX_BYTES + 64)
/* A map file a host sends (PNG bytes; its sidecar is at most
 * MAP_SIDECAR_MAX_BYTES), and the largest packet of all. */
#define NET_MAP_MAX_BYTES (16 * 1024 * 1024)
#define NET_PACKET_LIMIT  (NET_MAP_MAX_BYTES + MAP_SIDECAR_MAX_BYTES + 64)
/* The largest map a network battle is fought on, per side (pixels): more
 * than twice the shipped maps (1600x1000) and the generated seas; a
 * joiner decodes (at about 3 bytes a pixel) and bakes nothing larger. */
#define NET_MAP_MAX_SIDE 4096
/* Watchers a host takes at once (besides side B's commander). */
#define NET_WATCHERS 4

/* Every packet starts "SH", then its kind. */
enum {
    NET_HELLO = 1, /* joiner -> host: version, role, passphrase */
    NET_WELCOME,   /* host -> joiner: version, the joiner's side, sync, the battle */
    NET_REFUSE,    /* host -> joiner: version, why (then the host disconnects) */
    NET_ORDERS,    /* one side's orders for a turn */
    NET_HASH,      /* the battle's hash as the turn is plotted */
    NET_STATE,     /* host -> joiner: the whole battle, after a desync */
    NET_CHAT,      /* a line between commanders */
    NET_BYE,       /* why a peer leaves */
    NET_MAP,       /* host -> joiner, watcher: the map file (PNG and sidecar), before the welcome */
    NET_KINDS
};

/* What a joiner comes as: a commander of the other side, or a watcher. */
enum { NET_ROLE_PLAYER = 0, NET_ROLE_WATCHER = 1 };

/* One message, decoded. Which fields mean anything depends on kind. */
typedef struct NetMsg {
    int kind;
    int version; /* HELLO, WELCOME, REFUSE */
    int role;    /* HELLO */
    int side;    /* WELCOME: the joiner's (SKIRMISH_SIDES: a watcher); ORDERS: whose orders */
    int turn;    /* ORDERS, HASH, STATE: the turn being plotted */
    int sync;    /* WELCOME, ORDERS, HASH, STATE: desyncs repaired and rejoins so far */
    uint64_t hash;
    /* ORDERS: ships[k] (a skirmish index) gets orders[k]. */
    int nships;
    int ships[SKIRMISH_SIDE_SHIPS];
    SkirmishOrders orders[SKIRMISH_SIDE_SHIPS];
    /* HELLO: the passphrase; REFUSE, BYE: why; CHAT: the line. */
    char text[NET_TEXT_MAX + 1];
    /* WELCOME, STATE: the battle as save text, pointing into the packet
     * decoded (not NUL-terminated). */
    const char *blob;
    size_t blob_len;
    /* MAP: the PNG's bytes and the sidecar's text, pointing into the
     * packet decoded. */
    const uint8_t *png;
    size_t png_len;
    const char *ini;
    size_t ini_len;
} NetMsg;

/* "hello", "welcome", ...: for log lines. */
const char *net_msg_name(int kind);
/* The same as it reads in a sentence: "a hello", "orders", "a hash". */
const char *net_msg_phrase(int kind);

/* The bytes of m into buf; returns their length, or -1 when m does not fit
 * cap or holds what no peer may send (a value out of range). */
long net_msg_encode(const NetMsg *m, uint8_t *buf, size_t cap);

/* Read the len bytes of a packet into m. Returns 0, or -1 with one line in
 * e saying what is wrong (too short or long, not ours, an unknown kind, a
 * value out of range, a text with control characters). m->blob points
 * into data. */
int net_msg_decode(const uint8_t *data, size_t len, NetMsg *m, Err *e);

/* Whether a map of w x h pixels may be fought over the network
 * (NET_MAP_MAX_SIDE); -1 with e naming what ("host 1.2.3.4:5's map",
 * a file) when not. */
int net_map_fits(int w, int h, const char *what, Err *e);
/* The same for a map's PNG bytes as a host sent them, read from its
 * header alone (nothing is decoded); -1 with e set when they are no PNG
 * header or too large a map. */
int net_map_check(const uint8_t *png, size_t len, const char *what, Err *e);

/* The battle as save text with no orders given and nothing submitted
 * (what a host sends: its own orders stay hidden) into buf; returns the
 * length, or -1 with e set. */
int net_battle_text(const Skirmish *sk, char *buf, size_t cap, Err *e);
/* The battle's hash for the lockstep check: FNV-1a of its save text with
 * no orders given, so two processes that agree on it hold the same battle
 * whoever has plotted. -1 with e set when the battle can't be written. */
int net_battle_hash(const Skirmish *sk, uint64_t *hash, Err *e);

#endif
