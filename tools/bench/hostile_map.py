#!/usr/bin/python3
"""hostile_map: write a map mask meant to trap fish on land: walls pierced
by narrow channels, one-pixel islands and diagonal one-pixel reefs.

usage: hostile_map.py OUT.png [SIDE]   (SIDE px, default 1024)
Then: shoal-bench --map OUT.png --fish 10000 --sharks 16 --steps 100000
and check "0 fish on land"."""
import sys

import cv2
import numpy as np


def main():
    if len(sys.argv) not in (2, 3):
        sys.stderr.write(__doc__)
        return 2
    side = int(sys.argv[2]) if len(sys.argv) == 3 else 1024
    if side < 256:
        sys.stderr.write("hostile_map.py: SIDE %d: at least 256\n" % side)
        return 2
    land = np.zeros((side, side), np.uint8)
    # walls 6 px thick every 160 px, each pierced by channels 2, 3 and 5 px wide
    for x0 in range(150, side - 10, 160):
        land[:, x0:x0 + 6] = 1
        for k, wdt in enumerate((2, 3, 5)):
            y0 = (k + 1) * side // 4
            land[y0:y0 + wdt, x0:x0 + 6] = 0
    for y0 in range(230, side - 10, 240):
        land[y0:y0 + 4, :] = 1
        for k, wdt in enumerate((1, 2, 4)):
            x = (2 * k + 1) * side // 6 + 20
            land[y0:y0 + 4, x:x + wdt] = 0
    # one-pixel islands on a 9 px lattice over the middle band
    land[side // 3:2 * side // 3:9, ::9] = 1
    # one-pixel reefs: a shallow broken stair, and a diagonal whose land
    # pixels touch only at their corners
    for i in range(side // 2):
        land[side // 8 + i // 2, 40 + i] = 1 if i % 3 else 0
        if side // 2 + i < side:
            land[side - 1 - i, side // 2 + i] = 1
    img = np.where(land == 1, 255, 0).astype(np.uint8)
    if not cv2.imwrite(sys.argv[1], img):
        sys.stderr.write("hostile_map.py: %s: cannot write\n" % sys.argv[1])
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
