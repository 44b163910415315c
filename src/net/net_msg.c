/* net_msg: the network messages' bytes, written and checked (net_msg.h).
 * Integers are little-endian; a text is a length byte and its bytes. */
#include "net_msg.h"

#include <stdlib.h>
#include <string.h>

static const char *const kind_names[NET_KINDS] = {
    "?", "hello", "welcome", "refuse", "orders", "hash", "state", "chat", "bye", "map",
};

/* As a message reads in a sentence ("peer X: orders for turn 9"). */
static const char *const kind_phrases[NET_KINDS] = {
    "?",      "a hello",        "a welcome",   "a refusal", "orders",
    "a hash", "a battle state", "a chat line", "a goodbye", "a map",
};

const char *net_msg_name(int kind)
{
    return kind > 0 && kind < NET_KINDS ? kind_names[kind] : "unknown";
}

const char *net_msg_phrase(int kind)
{
    return kind > 0 && kind < NET_KINDS ? kind_phrases[kind] : "an unknown message";
}

/* ------------------------------------------------------------- writing */

typedef struct Out {
    uint8_t *p;
    size_t len, cap;
    int ok;
} Out;

static void put(Out *o, const void *src, size_t n)
{
    if (!o->ok || n > o->cap - o->len) {
        o->ok = 0;
        return;
    }
    memcpy(o->p + o->len, src, n);
    o->len += n;
}

static void put_u8(Out *o, unsigned v)
{
    uint8_t b = (uint8_t)v;
    put(o, &b, 1);
}

static void put_uint(Out *o, uint64_t v, int bytes)
{
    for (int k = 0; k < bytes; k++) put_u8(o, (unsigned)(v >> (8 * k)) & 0xffu);
}

static void put_text(Out *o, const char *s)
{
    size_t n = strlen(s);
    if (n > NET_TEXT_MAX) {
        o->ok = 0;
        return;
    }
    put_u8(o, (unsigned)n);
    put(o, s, n);
}

static int orders_fit(const NetMsg *m)
{
    if (m->side < 0 || m->side >= SKIRMISH_SIDES || m->nships < 0 ||
        m->nships > SKIRMISH_SIDE_SHIPS)
        return 0;
    for (int k = 0; k < m->nships; k++) {
        const SkirmishOrders *so = &m->orders[k];
        if (m->ships[k] < 0 || m->ships[k] >= SKIRMISH_MAX_SHIPS || so->nsteps < 0 ||
            so->nsteps > SKIRMISH_MAX_STEPS || so->board < 0 || so->board > SKIRMISH_BOARD_CUT ||
            so->board_target < -1 || so->board_target >= SKIRMISH_MAX_SHIPS)
            return 0;
        for (int b = 0; b < FLEET_BROADSIDES; b++)
            if (so->fire[b].target < SKIRMISH_ANY || so->fire[b].target >= SKIRMISH_MAX_SHIPS ||
                so->fire[b].shot < 0 || so->fire[b].shot >= FLEET_SHOTS)
                return 0;
    }
    return 1;
}

long net_msg_encode(const NetMsg *m, uint8_t *buf, size_t cap)
{
    Out o = {buf, 0, cap, 1};
    put(&o, "SH", 2);
    put_u8(&o, (unsigned)m->kind);
    switch (m->kind) {
    case NET_HELLO:
        put_uint(&o, (uint64_t)m->version, 2);
        put_u8(&o, (unsigned)m->role);
        put_text(&o, m->text);
        break;
    case NET_WELCOME:
    case NET_STATE:
        if (m->kind == NET_WELCOME) {
            put_uint(&o, (uint64_t)m->version, 2);
            put_u8(&o, (unsigned)m->side);
            put_u8(&o, (unsigned)m->sync);
        } else {
            put_uint(&o, (uint64_t)m->turn, 2);
            put_u8(&o, (unsigned)m->sync);
        }
        if (!m->blob || m->blob_len == 0 || m->blob_len > SAVE_MAX_BYTES) return -1;
        put_uint(&o, m->blob_len, 4);
        put(&o, m->blob, m->blob_len);
        break;
    case NET_REFUSE:
        put_uint(&o, (uint64_t)m->version, 2);
        put_text(&o, m->text);
        break;
    case NET_ORDERS:
        if (!orders_fit(m)) return -1;
        put_uint(&o, (uint64_t)m->turn, 2);
        put_u8(&o, (unsigned)m->sync);
        put_u8(&o, (unsigned)m->side);
        put_u8(&o, (unsigned)m->nships);
        for (int k = 0; k < m->nships; k++) {
            const SkirmishOrders *so = &m->orders[k];
            put_u8(&o, (unsigned)m->ships[k]);
            put_u8(&o, (unsigned)so->nsteps);
            for (int s = 0; s < so->nsteps; s++) put_u8(&o, so->steps[s]);
            for (int b = 0; b < FLEET_BROADSIDES; b++) {
                /* Targets from -2 (any) up, shifted to a byte. */
                put_u8(&o, (unsigned)(so->fire[b].target + 2));
                put_u8(&o, (unsigned)so->fire[b].shot);
            }
            put_u8(&o, so->anchor ? 1u : 0u);
            put_u8(&o, (unsigned)so->board);
            put_u8(&o, (unsigned)(so->board_target + 1));
        }
        break;
    case NET_HASH:
        put_uint(&o, (uint64_t)m->turn, 2);
        put_u8(&o, (unsigned)m->sync);
        put_uint(&o, m->hash, 8);
        break;
    case NET_CHAT:
    case NET_BYE:
        put_text(&o, m->text);
        break;
    case NET_MAP:
        if (!m->png || m->png_len == 0 || m->png_len > NET_MAP_MAX_BYTES || !m->ini ||
            m->ini_len > MAP_SIDECAR_MAX_BYTES)
            return -1;
        put_uint(&o, m->png_len, 4);
        put(&o, m->png, m->png_len);
        put_uint(&o, m->ini_len, 4);
        put(&o, m->ini, m->ini_len);
        break;
    default:
        return -1;
    }
    if (m->turn < 0 || m->turn > 0xffff || m->sync < 0 || m->sync > 0xff || m->version < 0 ||
        m->version > 0xffff)
        return -1;
    return o.ok ? (long)o.len : -1;
}

/* ------------------------------------------------------------- reading */

typedef struct In {
    const uint8_t *p;
    size_t len, at;
    Err *e;
    int ok;
} In;

/* The first failure's words stand; later reads return zeros. */
static int fail(In *in, const char *what)
{
    if (in->ok) err_set(in->e, "%s", what);
    in->ok = 0;
    return 0;
}

static uint64_t get_uint(In *in, int bytes)
{
    if (!in->ok) return 0;
    if ((size_t)bytes > in->len - in->at) return (uint64_t)fail(in, "packet cut short");
    uint64_t v = 0;
    for (int k = 0; k < bytes; k++) v |= (uint64_t)in->p[in->at + (size_t)k] << (8 * k);
    in->at += (size_t)bytes;
    return v;
}

static int get_range(In *in, int bytes, int lo, int hi, const char *what)
{
    uint64_t v = get_uint(in, bytes);
    if (!in->ok) return 0;
    if (v < (uint64_t)(lo < 0 ? 0 : lo) || v > (uint64_t)hi) {
        if (in->ok)
            err_set(in->e, "%s %llu is out of range %d..%d", what, (unsigned long long)v, lo, hi);
        in->ok = 0;
        return 0;
    }
    return (int)v;
}

/* A text: printable bytes (UTF-8 passes; control characters do not). */
static void get_text(In *in, char *out)
{
    int n = get_range(in, 1, 0, NET_TEXT_MAX, "text length");
    out[0] = '\0';
    if (!in->ok) return;
    if ((size_t)n > in->len - in->at) {
        fail(in, "packet cut short in a text");
        return;
    }
    for (int k = 0; k < n; k++) {
        uint8_t c = in->p[in->at + (size_t)k];
        if (c < 0x20 || c == 0x7f) {
            fail(in, "a text holds a control character");
            return;
        }
        out[k] = (char)c;
    }
    out[n] = '\0';
    in->at += (size_t)n;
}

static void get_blob(In *in, NetMsg *m)
{
    uint64_t n = get_uint(in, 4);
    if (!in->ok) return;
    if (n == 0 || n > SAVE_MAX_BYTES) {
        fail(in, "battle text length out of range");
        return;
    }
    if (n > in->len - in->at) {
        fail(in, "packet cut short in the battle text");
        return;
    }
    m->blob = (const char *)in->p + in->at;
    m->blob_len = (size_t)n;
    in->at += (size_t)n;
}

/* len bytes (1..max, or 0..max when empty is fine) in place: where they
 * start, NULL on failure. */
static const uint8_t *get_bytes(In *in, size_t min, size_t max, size_t *len, const char *what)
{
    uint64_t n = get_uint(in, 4);
    *len = 0;
    if (!in->ok) return NULL;
    if (n < min || n > max) {
        err_set(in->e, "%s of %llu bytes: out of range %zu..%zu", what, (unsigned long long)n, min,
                max);
        in->ok = 0;
        return NULL;
    }
    if (n > in->len - in->at) {
        fail(in, "packet cut short");
        return NULL;
    }
    const uint8_t *p = in->p + in->at;
    in->at += (size_t)n;
    *len = (size_t)n;
    return p;
}

static void get_orders(In *in, NetMsg *m)
{
    m->turn = get_range(in, 2, 1, SKIRMISH_MAX_TURNS, "turn");
    m->sync = get_range(in, 1, 0, 255, "sync");
    m->side = get_range(in, 1, 0, SKIRMISH_SIDES - 1, "side");
    m->nships = get_range(in, 1, 0, SKIRMISH_SIDE_SHIPS, "ship count");
    for (int k = 0; k < m->nships && in->ok; k++) {
        SkirmishOrders *so = &m->orders[k];
        memset(so, 0, sizeof *so);
        m->ships[k] = get_range(in, 1, 0, SKIRMISH_MAX_SHIPS - 1, "ship");
        for (int j = 0; j < k; j++)
            if (in->ok && m->ships[j] == m->ships[k]) fail(in, "orders for one ship twice");
        so->nsteps = get_range(in, 1, 0, SKIRMISH_MAX_STEPS, "steps");
        for (int s = 0; s < so->nsteps; s++)
            so->steps[s] = (uint8_t)get_range(in, 1, 0, HEX_STEPS - 1, "step");
        for (int b = 0; b < FLEET_BROADSIDES; b++) {
            so->fire[b].target = get_range(in, 1, 0, SKIRMISH_MAX_SHIPS + 1, "fire target") - 2;
            so->fire[b].shot = get_range(in, 1, 0, FLEET_SHOTS - 1, "shot");
        }
        so->anchor = get_range(in, 1, 0, 1, "anchor") != 0;
        so->board = get_range(in, 1, 0, SKIRMISH_BOARD_CUT, "board order");
        so->board_target = get_range(in, 1, 0, SKIRMISH_MAX_SHIPS, "board target") - 1;
    }
}

int net_msg_decode(const uint8_t *data, size_t len, NetMsg *m, Err *e)
{
    memset(m, 0, sizeof *m);
    In in = {data, len, 0, e, 1};
    if (len > NET_PACKET_LIMIT)
        return err_set(e, "packet of %zu bytes: more than %d", len, NET_PACKET_LIMIT);
    if (len > NET_PACKET_MAX && len >= 3 && data[2] != NET_MAP)
        return err_set(e, "packet of %zu bytes: more than %d", len, NET_PACKET_MAX);
    if (len < 3 || data[0] != 'S' || data[1] != 'H') return err_set(e, "not a shoal packet");
    in.at = 3;
    m->kind = data[2];
    switch (m->kind) {
    case NET_HELLO:
        m->version = (int)get_uint(&in, 2);
        m->role = get_range(&in, 1, 0, NET_ROLE_WATCHER, "role");
        get_text(&in, m->text);
        break;
    case NET_WELCOME:
        m->version = (int)get_uint(&in, 2);
        m->side = get_range(&in, 1, 0, SKIRMISH_SIDES, "side");
        m->sync = get_range(&in, 1, 0, 255, "sync");
        get_blob(&in, m);
        break;
    case NET_REFUSE:
        m->version = (int)get_uint(&in, 2);
        get_text(&in, m->text);
        break;
    case NET_ORDERS:
        get_orders(&in, m);
        break;
    case NET_HASH:
        m->turn = get_range(&in, 2, 1, SKIRMISH_MAX_TURNS + 1, "turn");
        m->sync = get_range(&in, 1, 0, 255, "sync");
        m->hash = get_uint(&in, 8);
        break;
    case NET_STATE:
        m->turn = get_range(&in, 2, 1, SKIRMISH_MAX_TURNS + 1, "turn");
        m->sync = get_range(&in, 1, 0, 255, "sync");
        get_blob(&in, m);
        break;
    case NET_CHAT:
    case NET_BYE:
        get_text(&in, m->text);
        break;
    case NET_MAP:
        m->png = get_bytes(&in, 1, NET_MAP_MAX_BYTES, &m->png_len, "map picture");
        m->ini = (const char *)get_bytes(&in, 0, MAP_SIDECAR_MAX_BYTES, &m->ini_len, "map sidecar");
        break;
    default:
        return err_set(e, "unknown packet kind %d", m->kind);
    }
    if (!in.ok) return -1;
    if (in.at != len)
        return err_set(e, "%zu bytes past the end of the %s packet", len - in.at,
                       net_msg_name(m->kind));
    return 0;
}

int net_battle_text(const Skirmish *sk, char *buf, size_t cap, Err *e)
{
    /* The battle without anyone's orders: each side hashes before it
     * plots, and a battle sent whole must not show the sender's. */
    Skirmish *bare = malloc(sizeof *bare);
    if (!bare) return err_set(e, "network: out of memory writing the battle");
    *bare = *sk;
    for (int i = 0; i < bare->nships; i++) skirmish_default_orders(bare, i, &bare->orders[i]);
    for (int s = 0; s < SKIRMISH_SIDES; s++) bare->submitted[s] = false;
    int n = save_format(bare, buf, cap, e);
    free(bare);
    return n;
}

int net_map_fits(int w, int h, const char *what, Err *e)
{
    if (w <= NET_MAP_MAX_SIDE && h <= NET_MAP_MAX_SIDE) return 0;
    return err_set(e, "%s is %dx%d pixels; a network battle takes maps up to %dx%d", what, w, h,
                   NET_MAP_MAX_SIDE, NET_MAP_MAX_SIDE);
}

int net_map_check(const uint8_t *png, size_t len, const char *what, Err *e)
{
    int w, h;
    if (map_png_size(png, len, what, &w, &h, e)) return -1;
    return net_map_fits(w, h, what, e);
}

int net_battle_hash(const Skirmish *sk, uint64_t *hash, Err *e)
{
    char *buf = malloc(SAVE_MAX_BYTES);
    if (!buf) return err_set(e, "network: out of memory hashing the battle");
    int n = net_battle_text(sk, buf, SAVE_MAX_BYTES, e);
    if (n < 0) {
        free(buf);
        return -1;
    }
    uint64_t h = 0xcbf29ce484222325ull;
    for (int k = 0; k < n; k++) {
        h ^= (uint8_t)buf[k];
        h *= 0x100000001b3ull;
    }
    free(buf);
    *hash = h;
    return 0;
}
