/* fuzz_net: the network packet parser (net_msg_decode) on arbitrary bytes,
 * as a hostile peer would send them. The contract: a packet is refused
 * with one line, or read into a message that encodes back to the very
 * same bytes (nothing read that was not there, nothing dropped), and whose
 * orders are in range for the rules to check. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "net/net_msg.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    NetMsg *m = malloc(sizeof *m);
    /* As large as what came: a map's packet may pass NET_PACKET_MAX. */
    size_t cap = size > NET_PACKET_MAX ? size : NET_PACKET_MAX;
    uint8_t *again = malloc(cap);
    if (!m || !again) abort();
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
        long n = net_msg_encode(m, again, cap);
        if (n != (long)size || memcmp(again, data, size) != 0) abort();
    }
    free(again);
    free(m);
    return 0;
}
