#!/usr/bin/env python3
"""net_relay: a bad network between one shoal joiner and its host, on
127.0.0.1 only. Every datagram either way is dropped on LOSS, else held
DELAY seconds give or take JITTER (so later ones overtake earlier ones:
reordering) and passed on. ENet must make a whole battle of it.

Usage: net_relay.py LISTEN_PORT HOST_PORT LOSS DELAY JITTER SECONDS SEED
It stops by itself after SECONDS, and prints what it did to stderr."""
import heapq
import random
import select
import socket
import sys
import time


def main():
    listen_port, host_port = int(sys.argv[1]), int(sys.argv[2])
    loss, delay, jitter = float(sys.argv[3]), float(sys.argv[4]), float(sys.argv[5])
    seconds, seed = float(sys.argv[6]), int(sys.argv[7])
    rng = random.Random(seed)
    front = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)  # the joiner's side
    front.bind(("127.0.0.1", listen_port))
    back = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)  # the host's side
    back.bind(("127.0.0.1", 0))
    host = ("127.0.0.1", host_port)
    joiner = None
    queue = []  # (due, n, socket, data, address)
    n = dropped = passed = 0
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        now = time.monotonic()
        while queue and queue[0][0] <= now:
            _, _, sock, data, addr = heapq.heappop(queue)
            sock.sendto(data, addr)
            passed += 1
        wait = min(0.01, max(0.0, end - now))
        if queue:
            wait = min(wait, max(0.0, queue[0][0] - now))
        ready, _, _ = select.select([front, back], [], [], wait)
        for sock in ready:
            data, addr = sock.recvfrom(65536)
            if sock is front:
                joiner = addr
                out, to = back, host
            elif joiner is not None:
                out, to = front, joiner
            else:
                continue
            if rng.random() < loss:
                dropped += 1
                continue
            n += 1
            due = time.monotonic() + max(0.0, delay + rng.uniform(-jitter, jitter))
            heapq.heappush(queue, (due, n, out, data, to))
    print(f"net_relay: {passed} datagrams passed, {dropped} dropped", file=sys.stderr)


if __name__ == "__main__":
    main()
