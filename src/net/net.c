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

#include <enet/enet.h>

#include "core/cli.h"

/* The longest one ENet service call sleeps (ms). */
#define SERVICE_MS 20
/* How long a closing link waits for its last packets to be taken (ms). */
#define CLOSE_MS 10000

struct NetLink {
    ENetHost *host;
    ENetPeer *peer;   /* the one peer, once connected */
    ENetPacket *held; /* the last packet received: a message's blob points into it */
    char name[64];    /* the peer's "address:port" */
    bool listening;
    bool connected; /* the peer's connection is made (not just asked for) */
};

/* ENet is started once per link and stopped with it: its own counting is
 * not needed on Unix, where both calls only set up sockets' defaults. */
static int start_enet(Err *e)
{
    if (enet_initialize() != 0) return err_set(e, "network: ENet would not start");
    return 0;
}

static void name_peer(NetLink *l)
{
    char ip[48];
    if (!l->peer || enet_address_get_host_ip(&l->peer->address, ip, sizeof ip) != 0)
        snprintf(ip, sizeof ip, "?");
    snprintf(l->name, sizeof l->name, "%s:%u", ip, (unsigned)(l->peer ? l->peer->address.port : 0));
}

/* Links carry one battle's packets: none larger than a battle's text. */
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
    /* One peer, plus slots to turn latecomers away and to let a peer
     * forgotten (refused, or silent) go while the next one comes. */
    l->host = enet_host_create(addr, 4, 1, 0, 0);
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
    l->host->maximumPacketSize = NET_PACKET_MAX;
    snprintf(l->name, sizeof l->name, "no peer");
    return l;
}

NetLink *net_listen(int port, Err *e)
{
    ENetAddress addr = {.host = ENET_HOST_ANY, .port = (enet_uint16)port};
    NetLink *l = make_link(&addr, e);
    if (l) l->listening = true;
    return l;
}

/* Wait for one event (up to wait_ms); 1 with ev, 0 none, -1 failure. */
static int service(NetLink *l, ENetEvent *ev, int wait_ms, Err *e)
{
    int rc = enet_host_service(l->host, ev, wait_ms < 0 ? 0 : (enet_uint32)wait_ms);
    if (rc < 0) return err_set(e, "network: the socket failed");
    return rc;
}

void net_forget(NetLink *l)
{
    if (l->held) {
        enet_packet_destroy(l->held);
        l->held = NULL;
    }
    /* A peer still connected (one refused) is let go politely, so what
     * was last sent it (the refusal) reaches it; it is no longer heard. */
    if (l->peer && l->connected)
        enet_peer_disconnect_later(l->peer, 0);
    else if (l->peer)
        enet_peer_reset(l->peer);
    enet_host_flush(l->host);
    l->peer = NULL;
    l->connected = false;
    snprintf(l->name, sizeof l->name, "no peer");
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
    l->peer = enet_host_connect(l->host, &addr, 1, 0);
    if (!l->peer) {
        net_close(l, NULL);
        err_set(e, "%s:%d: can't connect (no free peer)", host, port);
        return NULL;
    }
    snprintf(l->name, sizeof l->name, "%s:%d", host, port);
    return l;
}

bool net_connected(const NetLink *l)
{
    return l->connected;
}

int net_send(NetLink *l, const NetMsg *m, Err *e)
{
    if (!l->peer || !l->connected) return err_set(e, "network: no peer to send to");
    uint8_t *buf = malloc(NET_PACKET_MAX);
    if (!buf) return err_set(e, "network: out of memory");
    long n = net_msg_encode(m, buf, NET_PACKET_MAX);
    ENetPacket *p = n > 0 ? enet_packet_create(buf, (size_t)n, ENET_PACKET_FLAG_RELIABLE) : NULL;
    free(buf);
    if (n <= 0) return err_set(e, "network: a %s message would not encode", net_msg_name(m->kind));
    if (!p || enet_peer_send(l->peer, 0, p) != 0) {
        if (p) enet_packet_destroy(p);
        return err_set(e, "peer %s: can't send", l->name);
    }
    enet_host_flush(l->host);
    return 0;
}

int net_recv(NetLink *l, NetMsg *m, int wait_ms, Err *e)
{
    if (l->held) {
        enet_packet_destroy(l->held);
        l->held = NULL;
    }
    if (!l->peer && !l->listening) {
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
        if (ev.type == ENET_EVENT_TYPE_CONNECT) {
            if (ev.peer == l->peer || (l->listening && !l->peer)) {
                l->peer = ev.peer;
                l->connected = true;
                if (l->listening) name_peer(l);
                return NET_RECV_JOINED;
            }
            /* One peer at a time: a latecomer is turned away. */
            enet_peer_disconnect_now(ev.peer, 0);
            continue;
        }
        if (ev.type == ENET_EVENT_TYPE_DISCONNECT && ev.peer == l->peer) {
            err_set(e, "peer %s: the connection dropped", l->name);
            l->peer = NULL;
            l->connected = false;
            return NET_RECV_GONE;
        }
        if (ev.type != ENET_EVENT_TYPE_RECEIVE) continue;
        if (ev.peer != l->peer) {
            enet_packet_destroy(ev.packet);
            continue;
        }
        l->held = ev.packet;
        Err why;
        if (net_msg_decode(ev.packet->data, ev.packet->dataLength, m, &why) != 0) {
            err_set(e, "peer %s: bad packet: %s", l->name, why.msg);
            return NET_RECV_BAD;
        }
        return 1;
    }
}

const char *net_peer_name(const NetLink *l)
{
    return l->name;
}

void net_close(NetLink *l, const char *why)
{
    if (!l) return;
    if (l->held) enet_packet_destroy(l->held);
    if (l->peer && !l->connected) enet_peer_reset(l->peer);
    if (l->peer && l->connected) {
        if (why) {
            NetMsg m = {.kind = NET_BYE};
            snprintf(m.text, sizeof m.text, "%s", why);
            Err ignored;
            net_send(l, &m, &ignored);
        }
        /* Let what is queued go out, then part politely: after a battle
         * the peer may still be waiting for our last packet, which a lossy
         * link takes a few resends to carry (up to CLOSE_MS); leaving on a
         * fault, a second is enough for the BYE. */
        enet_peer_disconnect_later(l->peer, 0);
        enet_uint32 until = enet_time_get() + (why ? 1000 : CLOSE_MS);
        ENetEvent ev;
        int rc;
        while ((int)(until - enet_time_get()) > 0 &&
               (rc = enet_host_service(l->host, &ev, SERVICE_MS)) >= 0) {
            if (rc == 0) continue;
            if (ev.type == ENET_EVENT_TYPE_RECEIVE) enet_packet_destroy(ev.packet);
            if (ev.type == ENET_EVENT_TYPE_DISCONNECT) break;
        }
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
