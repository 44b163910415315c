/* net: the links between shoal processes over ENet (reliable, ordered
 * UDP made for games): a host listens on a port, a joiner (or a watcher)
 * connects to it, and each sends and receives the messages of net_msg.h. Every packet a
 * peer sends is decoded and checked before the caller sees it; a bad one
 * is an error naming the peer. The core knows nothing of this. */
#ifndef SHOAL_NET_H
#define SHOAL_NET_H

#include <stdbool.h>

#include "core/err.h"
#include "net_msg.h"

typedef struct NetLink NetLink;

/* A link's peers, each in a slot: a joiner's host is slot 0; a host has
 * side B's commander and its watchers wherever they came. */
#define NET_PEERS (1 + NET_WATCHERS)

/* Listen on port (1..65535) of every address. NULL with e set when the
 * port is taken or ENet can't start. */
NetLink *net_listen(int port, Err *e);
/* Forget the peer in slot k (dropped, silent or refused): it is let go
 * and no longer heard. */
void net_forget(NetLink *l, int k);

/* Start connecting to host (a name or an address) at port, as slot 0:
 * net_recv says NET_RECV_JOINED when the host answers. NULL with e naming
 * the host when it is no host at all. */
NetLink *net_connect(const char *host, int port, Err *e);
/* Slot k's connection is made (a joiner's host answered, or a peer came
 * to a listening link and has not left). */
bool net_connected(const NetLink *l, int k);

/* Send m to slot k's peer (reliably, in order). -1 with e set on failure. */
int net_send(NetLink *l, int k, const NetMsg *m, Err *e);
/* Wait up to wait_ms (0: only what is in) for the next event, its peer's
 * slot in *from: 1 with m filled (its blob lives until the next net_recv
 * or net_close), NET_RECV_JOINED when a peer came to a listening link or
 * the host answered a joiner, 0 when nothing came in time, NET_RECV_GONE
 * when the peer left (*from its slot) or the link failed (*from -1),
 * NET_RECV_BAD when it sent a bad packet; e says which ("peer
 * 127.0.0.1:27960: ..."). A peer when every slot is taken is turned away. */
enum { NET_RECV_JOINED = 2, NET_RECV_GONE = -1, NET_RECV_BAD = -2 };
int net_recv(NetLink *l, NetMsg *m, int *from, int wait_ms, Err *e);

/* Datagrams dropped unread so far: too large for the protocol, so from
 * no shoal peer (a stranger's, or an attack's); the link goes on. */
long net_dropped(const NetLink *l);
/* The UDP port this end's socket is bound to (0 when unknown). */
int net_local_port(const NetLink *l);

/* "ADDRESS:PORT" of slot k's peer ("no peer" when there is none). */
const char *net_peer_name(const NetLink *l, int k);

/* Say goodbye to every peer (a BYE with why, when not NULL), let the
 * packets go and free the link. NULL is fine. */
void net_close(NetLink *l, const char *why);

/* A text a message may carry (a passphrase, a chat line): at most
 * NET_TEXT_MAX bytes, no control characters. -1 with e naming flag. */
int net_text_check(const char *flag, const char *text, Err *e);

/* Parse "HOST[:PORT]" into host (cap bytes) and *port (NET_PORT_DEFAULT
 * when none is given). -1 with e naming it when it is not one. */
int net_parse_address(const char *flag, const char *text, char *host, size_t cap, int *port,
                      Err *e);

/* This machine's IPv4 addresses a friend could join ("192.168.1.5,
 * 10.0.0.2"; loopback left out), into buf; "" when none is known. */
void net_local_addresses(char *buf, size_t cap);

#endif
