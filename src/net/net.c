/* net: a link to one peer over ENet (net.h). */
#include "net.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <arpa/inet.h>
#include <ifaddrs.h>
#include <net/if.h>
#include <netinet/in.h>
#include <sys/socket.h>

#include <enet/enet.h>

#include "core/cli.h"

/* The longest one ENet service call sleeps (ms). */
#define SERVICE_MS 20
/* How long a closing link waits for its last packets to be taken (ms). */
#define CLOSE_MS 10000

/* A peer of the link: slot k of NetLink.slot. */
typedef struct Slot {
    ENetPeer *peer; /* NULL: free */
    bool connected; /* the connection is made (not just asked for) */
    char name[64];  /* "address:port" */
} Slot;

struct NetLink {
    ENetHost *host;
    Slot slot[NET_PEERS];
    ENetPacket *held; /* the last packet received: a message's blob points into it */
    bool listening;
    long dropped; /* datagrams too large for ENet, dropped unread */
};

/* ENet is started once per link and stopped with it: its own counting is
 * not needed on Unix, where both calls only set up sockets' defaults. */
static int start_enet(Err *e)
{
    if (enet_initialize() != 0) return err_set(e, "network: ENet would not start");
    return 0;
}

static void name_slot(Slot *s)
{
    char ip[48];
    if (!s->peer || enet_address_get_host_ip(&s->peer->address, ip, sizeof ip) != 0)
        snprintf(ip, sizeof ip, "?");
    snprintf(s->name, sizeof s->name, "%s:%u", ip, (unsigned)(s->peer ? s->peer->address.port : 0));
}

/* Links carry one battle's packets: none larger than a battle's text (or
 * a map's picture). */
static NetLink *make_link(const ENetAddress *addr, Err *e)
{
    NetLink *l = calloc(1, sizeof *l);
    if (!l) {
        err_set(e, "network: out of memory");
        return NULL;
    }
    if (start_enet(e) != 0) {
        free(l);
        return NULL;
    }
    /* Its peers, plus slots to turn latecomers away and to let a peer
     * forgotten (refused, or silent) go while the next one comes. */
    l->host = enet_host_create(addr, NET_PEERS + 2, 1, 0, 0);
    if (!l->host) {
        enet_deinitialize();
        free(l);
        if (addr)
            err_set(e, "network: can't listen on UDP port %u (in use, or not allowed)",
                    (unsigned)addr->port);
        else
            err_set(e, "network: can't open a UDP socket");
        return NULL;
    }
    l->host->maximumPacketSize = NET_PACKET_LIMIT;
    for (int k = 0; k < NET_PEERS; k++)
        snprintf(l->slot[k].name, sizeof l->slot[k].name, "no peer");
    return l;
}

NetLink *net_listen(int port, Err *e)
{
    ENetAddress addr = {.host = ENET_HOST_ANY, .port = (enet_uint16)port};
    NetLink *l = make_link(&addr, e);
    if (l) l->listening = true;
    return l;
}

/* Wait for one event (up to wait_ms); 1 with ev, 0 none, -1 failure.
 * ENet reads datagrams into a 4,096-byte buffer and fails the whole
 * service call on a larger one (recvmsg's MSG_TRUNC), although that
 * datagram is gone from the socket and the socket is fine: anyone who
 * knows the port could end a battle with one packet. Such a failure is a
 * datagram dropped, counted (net_dropped); only a socket that reports an
 * error of its own, or is no socket any more, has failed. */
static int service(NetLink *l, ENetEvent *ev, int wait_ms, Err *e)
{
    int rc = enet_host_service(l->host, ev, wait_ms < 0 ? 0 : (enet_uint32)wait_ms);
    if (rc >= 0) return rc;
    int soerr = 0;
    socklen_t n = sizeof soerr;
    if (getsockopt(l->host->socket, SOL_SOCKET, SO_ERROR, &soerr, &n) != 0 || soerr != 0)
        return err_set(e, "network: the socket failed");
    l->dropped++;
    return 0;
}

long net_dropped(const NetLink *l)
{
    return l->dropped;
}

int net_local_port(const NetLink *l)
{
    ENetAddress a;
    if (enet_socket_get_address(l->host->socket, &a) != 0) return 0;
    return a.port;
}

static void drop_held(NetLink *l)
{
    if (l->held) {
        enet_packet_destroy(l->held);
        l->held = NULL;
    }
}

static bool slot_ok(const NetLink *l, int k)
{
    return k >= 0 && k < NET_PEERS && l->slot[k].peer;
}

void net_forget(NetLink *l, int k)
{
    if (k < 0 || k >= NET_PEERS) return;
    Slot *s = &l->slot[k];
    /* A peer still connected (one refused) is let go politely, so what
     * was last sent it (the refusal) reaches it; it is no longer heard. */
    if (s->peer && s->connected)
        enet_peer_disconnect_later(s->peer, 0);
    else if (s->peer)
        enet_peer_reset(s->peer);
    enet_host_flush(l->host);
    s->peer = NULL;
    s->connected = false;
    snprintf(s->name, sizeof s->name, "no peer");
}

NetLink *net_connect(const char *host, int port, Err *e)
{
    ENetAddress addr;
    if (enet_initialize() != 0) {
        err_set(e, "network: ENet would not start");
        return NULL;
    }
    int bad = enet_address_set_host(&addr, host);
    enet_deinitialize();
    if (bad != 0) {
        err_set(e, "%s: no such host", host);
        return NULL;
    }
    addr.port = (enet_uint16)port;
    NetLink *l = make_link(NULL, e);
    if (!l) return NULL;
    l->slot[0].peer = enet_host_connect(l->host, &addr, 1, 0);
    if (!l->slot[0].peer) {
        net_close(l, NULL);
        err_set(e, "%s:%d: can't connect (no free peer)", host, port);
        return NULL;
    }
    snprintf(l->slot[0].name, sizeof l->slot[0].name, "%s:%d", host, port);
    return l;
}

bool net_connected(const NetLink *l, int k)
{
    return slot_ok(l, k) && l->slot[k].connected;
}

int net_send(NetLink *l, int k, const NetMsg *m, Err *e)
{
    if (!net_connected(l, k)) return err_set(e, "network: no peer to send to");
    uint8_t *buf = malloc(NET_PACKET_LIMIT);
    if (!buf) return err_set(e, "network: out of memory");
    long n = net_msg_encode(m, buf, NET_PACKET_LIMIT);
    ENetPacket *p = n > 0 ? enet_packet_create(buf, (size_t)n, ENET_PACKET_FLAG_RELIABLE) : NULL;
    free(buf);
    if (n <= 0) return err_set(e, "network: %s would not encode", net_msg_phrase(m->kind));
    if (!p || enet_peer_send(l->slot[k].peer, 0, p) != 0) {
        if (p) enet_packet_destroy(p);
        return err_set(e, "peer %s: can't send", l->slot[k].name);
    }
    enet_host_flush(l->host);
    return 0;
}

/* The slot of peer p, -1 none. */
static int slot_of(const NetLink *l, const ENetPeer *p)
{
    for (int k = 0; k < NET_PEERS; k++)
        if (l->slot[k].peer == p) return k;
    return -1;
}

int net_recv(NetLink *l, NetMsg *m, int *from, int wait_ms, Err *e)
{
    drop_held(l);
    *from = -1;
    if (!l->listening && !l->slot[0].peer) {
        err_set(e, "network: no peer");
        return NET_RECV_GONE;
    }
    enet_uint32 until = enet_time_get() + (enet_uint32)(wait_ms < 0 ? 0 : wait_ms);
    for (;;) {
        int left = (int)(until - enet_time_get());
        if (left < 0 || left > wait_ms) left = 0;
        ENetEvent ev;
        /* Short waits: ENet resends lost packets only from within a
         * service call, never while one sleeps in it (two ends each
         * asleep for a whole --wait waited for each other's lost packet). */
        int rc = service(l, &ev, left > SERVICE_MS ? SERVICE_MS : left, e);
        if (rc < 0) return NET_RECV_GONE;
        if (rc == 0) {
            if (left == 0) return 0;
            continue;
        }
        int k = slot_of(l, ev.peer);
        if (ev.type == ENET_EVENT_TYPE_CONNECT) {
            if (k < 0 && l->listening) k = slot_of(l, NULL);
            if (k < 0) {
                /* Every slot taken: a latecomer is turned away. */
                enet_peer_disconnect_now(ev.peer, 0);
                continue;
            }
            Slot *s = &l->slot[k];
            s->peer = ev.peer;
            s->connected = true;
            if (l->listening) name_slot(s);
            *from = k;
            return NET_RECV_JOINED;
        }
        if (k < 0) {
            if (ev.type == ENET_EVENT_TYPE_RECEIVE) enet_packet_destroy(ev.packet);
            continue;
        }
        *from = k;
        if (ev.type == ENET_EVENT_TYPE_DISCONNECT) {
            Slot *s = &l->slot[k];
            err_set(e, "peer %s: the connection dropped", s->name);
            s->peer = NULL;
            s->connected = false;
            return NET_RECV_GONE;
        }
        if (ev.type != ENET_EVENT_TYPE_RECEIVE) continue;
        l->held = ev.packet;
        Err why;
        if (net_msg_decode(ev.packet->data, ev.packet->dataLength, m, &why) != 0) {
            err_set(e, "peer %s: bad packet: %s", l->slot[k].name, why.msg);
            return NET_RECV_BAD;
        }
        return 1;
    }
}

const char *net_peer_name(const NetLink *l, int k)
{
    return k >= 0 && k < NET_PEERS ? l->slot[k].name : "no peer";
}

void net_close(NetLink *l, const char *why)
{
    if (!l) return;
    drop_held(l);
    int parting = 0;
    for (int k = 0; k < NET_PEERS; k++) {
        Slot *s = &l->slot[k];
        if (s->peer && !s->connected) enet_peer_reset(s->peer);
        if (!s->peer || !s->connected) continue;
        if (why) {
            NetMsg m = {.kind = NET_BYE};
            snprintf(m.text, sizeof m.text, "%s", why);
            Err ignored;
            net_send(l, k, &m, &ignored);
        }
        enet_peer_disconnect_later(s->peer, 0);
        parting++;
    }
    /* Let what is queued go out, then part politely: after a battle a
     * peer may still be waiting for our last packet, which a lossy link
     * takes a few resends to carry (up to CLOSE_MS); leaving on a fault,
     * a second is enough for the BYE. */
    enet_uint32 until = enet_time_get() + (why ? 1000 : CLOSE_MS);
    ENetEvent ev;
    int rc;
    Err ignored;
    while (parting > 0 && (int)(until - enet_time_get()) > 0 &&
           (rc = service(l, &ev, SERVICE_MS, &ignored)) >= 0) {
        if (rc == 0) continue;
        if (ev.type == ENET_EVENT_TYPE_RECEIVE) enet_packet_destroy(ev.packet);
        if (ev.type == ENET_EVENT_TYPE_DISCONNECT && slot_of(l, ev.peer) >= 0) parting--;
    }
    enet_host_destroy(l->host);
    enet_deinitialize();
    free(l);
}

int net_text_check(const char *flag, const char *text, Err *e)
{
    if (cli_need(flag, text, e)) return -1;
    if (strlen(text) > NET_TEXT_MAX)
        return err_set(e, "%s: longer than %d bytes", flag, NET_TEXT_MAX);
    for (const char *c = text; *c; c++)
        if ((unsigned char)*c < 0x20 || *c == 0x7f)
            return err_set(e, "%s: holds a control character", flag);
    return 0;
}

int net_parse_address(const char *flag, const char *text, char *host, size_t cap, int *port, Err *e)
{
    if (cli_need(flag, text, e)) return -1;
    const char *colon = strrchr(text, ':');
    size_t n = colon ? (size_t)(colon - text) : strlen(text);
    if (n == 0 || n >= cap) return err_set(e, "%s '%.60s': expected HOST or HOST:PORT", flag, text);
    memcpy(host, text, n);
    host[n] = '\0';
    *port = NET_PORT_DEFAULT;
    if (colon && cli_int(flag, colon + 1, 1, 65535, port, e)) return -1;
    return 0;
}

void net_local_addresses(char *buf, size_t cap)
{
    buf[0] = '\0';
    struct ifaddrs *all = NULL;
    if (getifaddrs(&all) != 0) return;
    size_t used = 0;
    for (const struct ifaddrs *i = all; i; i = i->ifa_next) {
        if (!i->ifa_addr || i->ifa_addr->sa_family != AF_INET) continue;
        if ((i->ifa_flags & IFF_LOOPBACK) || !(i->ifa_flags & IFF_UP)) continue;
        char ip[INET_ADDRSTRLEN];
        const struct sockaddr_in *a = (const struct sockaddr_in *)(const void *)i->ifa_addr;
        if (!inet_ntop(AF_INET, &a->sin_addr, ip, sizeof ip)) continue;
        int n = snprintf(buf + used, cap - used, "%s%s", used ? ", " : "", ip);
        if (n < 0 || (size_t)n >= cap - used) break;
        used += (size_t)n;
    }
    freeifaddrs(all);
}
