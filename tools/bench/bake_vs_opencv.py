#!/usr/bin/python3
"""bake_vs_opencv: times `shoal-map bake` against OpenCV's distance transform on one mask.

Usage: /usr/bin/python3 tools/bench/bake_vs_opencv.py BUILD/shoal-map [--size N]
       [--repeat N] [--rounds N] [--keep DIR]

Writes a deterministic island/open-sea test mask (water dark, land light, the
map colour rule), bakes it with `shoal-map bake --repeat N` and times
cv2.distanceTransform(water, DIST_L2, 5) N times in the same run, alternating
the two for --rounds rounds so load from other processes hits both alike.
Accuracy is measured against OpenCV's exact transform (DIST_MASK_PRECISE) for
true distances >= 5 px. Exit 0 when ours is no slower than OpenCV's 5x5
chamfer and within 2%; 1 when a target is missed or a step fails; 2 on bad
usage.
"""

import argparse
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time

try:
    import cv2
    import numpy as np
except ImportError as exc:  # pragma: no cover - depends on the machine
    sys.stderr.write(f"bake_vs_opencv: needs numpy and OpenCV ({exc}); "
                     "run it with /usr/bin/python3 (Debian python3-opencv)\n")
    sys.exit(2)

SEED = 20240521
LAND_FRACTION = 0.30
MAX_REL_ERROR = 0.02
MIN_DIST = 5.0


def make_mask(n, seed=SEED):
    """Boolean land mask, n x n: archipelagos, open sea, round islands, rocks."""
    rng = np.random.default_rng(seed)

    def smooth_noise(cells, sigma):
        g = rng.standard_normal((cells, cells)).astype(np.float32)
        g = cv2.resize(g, (n, n), interpolation=cv2.INTER_CUBIC)
        g = cv2.GaussianBlur(g, (0, 0), sigma)
        return g / max(float(g.std()), 1e-6)

    # Large scale decides where the archipelagos are and where the sea is
    # open; the medium scale shapes the islands, the fine scale the coasts.
    field = (1.2 * smooth_noise(max(n // 256, 2), n / 16) +
             smooth_noise(max(n // 32, 2), n / 96) +
             0.25 * smooth_noise(max(n // 4, 2), 2.0))
    yy, xx = np.mgrid[0:n, 0:n].astype(np.float32)
    for _ in range(20):  # round volcanic islands, some in open sea
        cx, cy = rng.uniform(0, n, 2)
        r = rng.uniform(0.005, 0.04) * n
        field[(xx - cx) ** 2 + (yy - cy) ** 2 < r * r] += 6.0
    land = field > np.quantile(field, 1.0 - LAND_FRACTION)
    # Lone rocks: single pixels scattered everywhere.
    k = n * n // 2000
    land[rng.integers(0, n, k), rng.integers(0, n, k)] = True
    return land


def read_pfm(path):
    """A 'Pf' PFM as a float32 array with row 0 at the top."""
    with open(path, "rb") as f:
        data = f.read()
    parts = data.split(b"\n", 3)
    if len(parts) < 4 or parts[0].strip() != b"Pf":
        raise ValueError(f"{path}: not a grayscale PFM ('Pf' header)")
    w, h = (int(v) for v in parts[1].split())
    scale = float(parts[2])
    raw = parts[3]
    if len(raw) != 4 * w * h:
        raise ValueError(f"{path}: {len(raw)} bytes of pixels for {w}x{h}")
    img = np.frombuffer(raw, dtype="<f4" if scale < 0 else ">f4").reshape(h, w)
    return np.flipud(img)  # PFM stores the bottom row first


def bake_ours(binary, mask_path, out_path, repeat):
    cmd = [binary, "bake", mask_path, "--distance", out_path, "--repeat", str(repeat)]
    res = subprocess.run(cmd, capture_output=True, text=True, check=False)
    if res.returncode != 0:
        raise RuntimeError(f"{' '.join(cmd)}: exit {res.returncode}: {res.stderr.strip()}")
    m = re.search(r"bake: (\d+)x(\d+), median ([0-9.]+) ms over (\d+) runs", res.stdout)
    if not m:
        raise RuntimeError(f"{binary} bake: no timing line in output: {res.stdout.strip()!r}")
    return float(m.group(3))


def time_opencv(water, repeat):
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        cv2.distanceTransform(water, cv2.DIST_L2, 5)
        times.append((time.perf_counter() - t0) * 1e3)
    return statistics.median(times)


def max_rel_error(dist, exact):
    sel = exact >= MIN_DIST
    return float(np.max(np.abs(dist[sel] - exact[sel]) / exact[sel]))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("binary", help="path to a built shoal-map")
    ap.add_argument("--size", type=int, default=2048, help="mask side in pixels (2048)")
    ap.add_argument("--repeat", type=int, default=15, help="timed bakes per round (15)")
    ap.add_argument("--rounds", type=int, default=3, help="alternating rounds (3)")
    ap.add_argument("--keep", metavar="DIR", help="write the mask and PFM here and keep them")
    args = ap.parse_args()
    if not (16 <= args.size <= 16384 and 1 <= args.repeat <= 1000 and 1 <= args.rounds <= 50):
        ap.error("--size 16..16384, --repeat 1..1000, --rounds 1..50")
    if not os.access(args.binary, os.X_OK):
        ap.error(f"{args.binary}: not an executable shoal-map")

    with tempfile.TemporaryDirectory(prefix="shoal-bake-") as tmp:
        out_dir = args.keep or tmp
        os.makedirs(out_dir, exist_ok=True)
        mask_path = os.path.join(out_dir, f"bench-{args.size}.png")
        pfm_path = os.path.join(out_dir, f"bench-{args.size}.pfm")

        land = make_mask(args.size)
        # Water dark (luma < 128), land light (luma >= 128).
        if not cv2.imwrite(mask_path, np.where(land, 230, 30).astype(np.uint8)):
            raise RuntimeError(f"{mask_path}: cannot write")
        water = (~land).astype(np.uint8)

        ours, theirs = [], []
        try:
            for _ in range(args.rounds):
                ours.append(bake_ours(args.binary, mask_path, pfm_path, args.repeat))
                theirs.append(time_opencv(water, args.repeat))
            dist = read_pfm(pfm_path)
        except (RuntimeError, ValueError, OSError) as exc:
            sys.stderr.write(f"bake_vs_opencv: {exc}\n")
            return 1
        if dist.shape != land.shape:
            sys.stderr.write(f"bake_vs_opencv: {pfm_path}: {dist.shape} field for a "
                             f"{land.shape} mask\n")
            return 1
        # shoal-map must have read the colour rule the same way.
        if not np.array_equal(dist == 0, land):
            sys.stderr.write("bake_vs_opencv: zeros of the field differ from the land mask\n")
            return 1

        exact = cv2.distanceTransform(water, cv2.DIST_L2, cv2.DIST_MASK_PRECISE)
        err_ours = max_rel_error(dist, exact)
        err_cv = max_rel_error(cv2.distanceTransform(water, cv2.DIST_L2, 5), exact)

    ratios = [o / t for o, t in zip(ours, theirs)]
    ours_ms, cv_ms = statistics.median(ours), statistics.median(theirs)
    ratio = statistics.median(ratios)
    n = args.size
    print(f"mask {n}x{n}, seed {SEED}, land {land.mean():.1%}, max distance "
          f"{exact.max():.1f} px; OpenCV {cv2.__version__}, {cv2.getNumThreads()} threads")
    print(f"rounds of {args.repeat} runs, per round ours/opencv ms: " +
          ", ".join(f"{o:.2f}/{t:.2f}" for o, t in zip(ours, theirs)))
    print()
    print(f"{'':24}{'ms (median)':>12}{'max rel err (d>=5)':>20}")
    print(f"{'shoal shore_bake':24}{ours_ms:12.2f}{err_ours:20.4%}")
    print(f"{'opencv L2 mask 5':24}{cv_ms:12.2f}{err_cv:20.4%}")
    print(f"{'ratio ours/opencv':24}{ratio:12.2f}")

    fails = []
    if ratio > 1.0:
        fails.append(f"slower than OpenCV (ratio {ratio:.2f})")
    if err_ours > MAX_REL_ERROR:
        fails.append(f"relative error {err_ours:.4%} above {MAX_REL_ERROR:.0%}")
    print("verdict: " + ("; ".join(fails) if fails else "both targets met"))
    return 1 if fails else 0


if __name__ == "__main__":
    sys.exit(main())
