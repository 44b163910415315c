/* fuzz_net: the network packet parser (net_msg_decode) on arbitrary bytes,
 * as a hostile peer would send them. The contract: a packet is refused
 * with one line, or read into a message that encodes back to the very
 * same bytes (nothing read that was not there, nothing dropped), and whose
 * orders are in range for the rules to check; a map's PNG is judged by
 * its header (net_map_check) with one line too.
 *
 * Real packets run to NET_PACKET_LIMIT (a map of 16 MiB), far past what
 * libFuzzer grows an input to, so an input that starts with 0xFF (no
 * packet does: they start "SH") is a recipe for a large one:
 *   0xFF, LEN (4 bytes, big-endian), H (1 byte), HEAD (H bytes), TAIL, FILL (1 byte)
 * makes the packet HEAD, then FILL repeated, then TAIL, LEN bytes in all
 * (LEN up to NET_PACKET_LIMIT + 16, past the limit too; a LEN shorter than
 * HEAD and TAIL cuts them). So a welcome, a state or a map of any real
 * size, with its length fields right or wrong, is a few bytes away. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "net/net_msg.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void one_packet(const uint8_t *data, size_t size);

/* The recipes' packets and every encoding back, kept from run to run (two
 * 16 MiB mallocs a run were most of the fuzzer's time). What is in use
 * sits at the end of its buffer, so reading or writing past it meets the
 * redzone AddressSanitizer puts after the array. */
static uint8_t big_buf[NET_PACKET_LIMIT + 17], again_buf[NET_PACKET_LIMIT + 17];

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 7 || data[0] != 0xFF) {
        one_packet(data, size);
        return 0;
    }
    size_t want = (size_t)data[1] << 24 | (size_t)data[2] << 16 | (size_t)data[3] << 8 | data[4];
    want %= (size_t)NET_PACKET_LIMIT + 17;
    size_t h = data[5] < size - 7 ? data[5] : size - 7;
    const uint8_t *head = data + 6, *tail = data + 6 + h;
    size_t tlen = size - 7 - h;
    uint8_t fill = data[size - 1];
    uint8_t *big = big_buf + sizeof big_buf - want;
    size_t hn = h < want ? h : want;
    size_t tn = tlen < want - hn ? tlen : want - hn;
    memcpy(big, head, hn);
    memset(big + hn, fill, want - hn - tn);
    memcpy(big + want - tn, tail, tn);
    one_packet(big, want);
    return 0;
}

static void one_packet(const uint8_t *data, size_t size)
{
    NetMsg *m = malloc(sizeof *m);
    /* Room for exactly what came: an encoding any longer fails, as it
     * fails the check that it is the very same bytes. */
    if (!m || size > sizeof again_buf) abort();
    uint8_t *again = again_buf + sizeof again_buf - size;
    Err e = {{0}};
    if (net_msg_decode(data, size, m, &e) != 0) {
        if (!e.msg[0] || strchr(e.msg, '\n')) abort();
    } else {
        if (m->kind <= 0 || m->kind >= NET_KINDS) abort();
        if (m->blob &&
            (m->blob < (const char *)data || m->blob + m->blob_len > (const char *)data + size))
            abort();
        if (m->png && (m->png < data || m->png + m->png_len > data + size)) abort();
        if (m->ini &&
            (m->ini < (const char *)data || m->ini + m->ini_len > (const char *)data + size))
            abort();
        for (int k = 0; k < m->nships; k++)
            for (int s = 0; s < m->orders[k].nsteps; s++)
                if (m->orders[k].steps[s] >= HEX_STEPS) abort();
        long n = net_msg_encode(m, again, size);
        if (n != (long)size || memcmp(again, data, size) != 0) abort();
        if (m->kind == NET_MAP && net_map_check(m->png, m->png_len, "host's map", &e) != 0 &&
            (!e.msg[0] || strchr(e.msg, '\n')))
            abort();
    }
    free(m);
}
