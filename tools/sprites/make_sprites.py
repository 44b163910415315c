#!/usr/bin/python3
"""make_sprites: draws shoal's fish and shark atlases into data/sprites.

Usage: tools/sprites/make_sprites.py [OUT_DIR]   (default: data/sprites)

Every sprite faces right (+x) with its back at the top of the cell and its
belly at the bottom: the game mirrors a sprite across its length when the
animal swims left, so it is never belly-up. Atlas columns are tail-beat
frames (a travelling body wave), rows are shapes (species). The art is
greyscale so the game's per-fish tint colours it; the shark is drawn in its
own greys.

Each shape is rendered implicitly (per-pixel masks in the fish's bent body
frame) at 8x the largest level, then box-filtered down with premultiplied
alpha so edges stay clean. The same drawing is saved at several cell sizes
(a hand-made mip chain with an identical layout, so the same UVs address
every level); the game picks the level closest to the on-screen size.
Writes NAME-W.png for each level W and NAME.ini describing the layout.
"""
import math
import os
import sys

import cv2
import numpy as np

SS = 8  # supersampling of the largest level

# Margins in cell units (cell = 1 wide, 0.5 high) keep one clear pixel
# around every cell of the smallest level, so filtering never bleeds
# between neighbouring cells.
MARGIN_X = 1.0 / 16
MARGIN_Y = 0.5 / 8


def smoothstep(a, b, x):
    t = np.clip((x - a) / (b - a), 0.0, 1.0)
    return t * t * (3 - 2 * t)


class Canvas:
    """Premultiplied grey + alpha layers composited back to front."""

    def __init__(self, w, h):
        self.w, self.h = w, h
        # Pixel centres in cell units: x in [0, 1), y in [0, 0.5).
        xs = (np.arange(w) + 0.5) / w
        ys = (np.arange(h) + 0.5) / w
        self.X, self.Y = np.meshgrid(xs, ys)
        self.v = np.zeros((h, w))  # premultiplied grey
        self.a = np.zeros((h, w))

    def over(self, mask, value, alpha=1.0):
        """Paint value (scalar or array, 0..1) where mask (0..1) says."""
        a = np.clip(mask, 0.0, 1.0) * alpha
        self.v = value * a + self.v * (1 - a)
        self.a = a + self.a * (1 - a)


def soft(inside_dist, px):
    """Coverage from a signed distance (> 0 inside), one pixel wide."""
    return np.clip(inside_dist / px + 0.5, 0.0, 1.0)


# ------------------------------------------------------------------ fish

# Species: body from x_tail (peduncle) to x_nose, widest half-height w_max
# at fraction peak of the length; tail fin length and spread; how far the
# dorsal and pectoral fins reach; eye size.
FISH = [
    # slender sardine: long silvery body, deep fork
    dict(x_tail=0.27, x_nose=0.93, w_max=0.082, peak=0.52, w_ped=0.018,
         tail_len=0.17, tail_spread=0.085, notch=0.55, dorsal=0.030,
         dorsal_at=(0.40, 0.62), pect=0.05, eye=0.020, stripe=True),
    # deep-bodied bream: tall oval, short tail
    dict(x_tail=0.31, x_nose=0.90, w_max=0.118, peak=0.45, w_ped=0.022,
         tail_len=0.15, tail_spread=0.095, notch=0.62, dorsal=0.042,
         dorsal_at=(0.25, 0.70), pect=0.06, eye=0.024, stripe=False),
    # small tetra: blunt head, big eye, broad tail
    dict(x_tail=0.30, x_nose=0.92, w_max=0.095, peak=0.60, w_ped=0.024,
         tail_len=0.19, tail_spread=0.105, notch=0.70, dorsal=0.034,
         dorsal_at=(0.45, 0.65), pect=0.05, eye=0.030, stripe=True),
]

FRAMES = 4


def midline(X, f, phase, amp):
    """The bent spine: lateral offset grows towards the tail and travels
    backwards along the body (a swimming wave)."""
    x0 = f["x_tail"] - f["tail_len"]
    u = np.clip((f["x_nose"] - X) / (f["x_nose"] - x0), 0.0, 1.2)
    return 0.25 + amp * u * u * np.sin(2 * math.pi * (1.1 * u - phase))


def body_halfwidth(s, f):
    """Half-height of the body at s (0 peduncle .. 1 nose)."""
    s = np.clip(s, 0.0, 1.0)
    p = math.log(0.5) / math.log(f["peak"])
    bulge = np.sin(math.pi * s ** p) ** 0.62
    return f["w_ped"] + (f["w_max"] - f["w_ped"]) * bulge


def draw_fish(c, f, phase, px):
    X, Y = c.X, c.Y
    ym = midline(X, f, phase, 0.045)
    d = Y - ym  # > 0 towards the belly
    L = f["x_nose"] - f["x_tail"]
    s = (X - f["x_tail"]) / L
    w = body_halfwidth(s, f)
    in_len = soft(np.minimum(X - f["x_tail"] + 0.01, f["x_nose"] - X), px)

    # Tail fin: spreads from the peduncle, forked.
    u = (f["x_tail"] + 0.015 - X) / f["tail_len"]  # 0 peduncle .. 1 tip
    spread = f["w_ped"] + f["tail_spread"] * np.clip(u, 0, 1) ** 0.8
    fork = f["notch"] + (1 - f["notch"]) * np.abs(d) / (f["w_ped"] + f["tail_spread"])
    tail = soft(np.minimum.reduce([spread - np.abs(d), fork - u, u + 0.05]) * f["tail_len"], px)
    ray = 0.80 + 0.12 * np.cos(np.abs(d) * 260)  # faint fin rays
    c.over(tail, 0.80 * ray, 0.92)

    # Dorsal fin over the back and a small anal fin under the belly.
    a0, a1 = f["dorsal_at"]
    t = np.clip((s - a0) / (a1 - a0), 0, 1)
    crest = f["dorsal"] * np.sin(math.pi * t ** 0.7) * ((s > a0) & (s < a1))
    dors = soft(np.minimum(w + crest + d, -d - w + 0.01), px) * (crest > 0)
    c.over(dors, 0.62, 0.9)
    t2 = np.clip((s - 0.12) / 0.22, 0, 1)
    anal = 0.5 * f["dorsal"] * np.sin(math.pi * t2) * ((s > 0.12) & (s < 0.34))
    c.over(soft(np.minimum(w + anal - d, d - w + 0.01), px) * (anal > 0), 0.85, 0.85)

    # Body: dark back, silver flank, white belly.
    inside = soft(np.minimum(w - np.abs(d), 1.0), px) * in_len
    tb = d / np.maximum(w, 1e-6)  # -1 back .. +1 belly
    shade = 0.50 + 0.50 * smoothstep(-0.55, 0.45, tb)
    shade = shade * (1 - 0.30 * smoothstep(0.72, 1.0, np.abs(tb)))  # rim
    if f["stripe"]:
        shade = np.where(np.abs(tb + 0.05) < 0.13, np.maximum(shade, 0.98), shade)
    # The head reads darker behind the gill line.
    gill = np.abs(s - 0.78) < 0.012
    shade = np.where(gill & (np.abs(tb) < 0.8), shade * 0.7, shade)
    c.over(inside, shade)

    # Pectoral fin: a leaf swept back from behind the gill, on the flank.
    fx0 = f["x_tail"] + 0.74 * L
    lx = (fx0 - X) / (0.14 * L)
    leaf = f["pect"] * np.sin(math.pi * np.clip(lx, 0, 1)) * 0.55
    pd = d - 0.30 * w - 0.55 * leaf - 0.25 * f["pect"] * lx
    pect = soft(leaf * 0.5 - np.abs(pd), px) * (lx > 0) * (lx < 1)
    c.over(pect, 0.93, 0.75)

    # Eye: dark with a glint.
    ex, ey = f["x_tail"] + 0.87 * L, -0.18
    eyd = d - ey * body_halfwidth((ex - f["x_tail"]) / L, f)
    r = np.hypot(X - ex, eyd)
    c.over(soft(f["eye"] - r, px), 0.10)
    c.over(soft(0.38 * f["eye"] - np.hypot(X - ex - 0.3 * f["eye"], eyd + 0.3 * f["eye"]), px), 1.0)


# ----------------------------------------------------------------- shark

SHARK = dict(x_tail=0.30, x_nose=0.95, w_max=0.078, peak=0.62, w_ped=0.013)


def draw_shark(c, phase, px):
    f = SHARK
    X, Y = c.X, c.Y
    x0 = f["x_tail"] - 0.24
    u = np.clip((f["x_nose"] - X) / (f["x_nose"] - x0), 0.0, 1.2)
    ym = 0.26 + 0.045 * u * u * np.sin(2 * math.pi * (0.9 * u - phase))
    d = Y - ym
    L = f["x_nose"] - f["x_tail"]
    s = (X - f["x_tail"]) / L
    sc = np.clip(s, 0, 1)
    # Torpedo with a pointed snout that slopes down to the mouth.
    w = f["w_ped"] + (f["w_max"] - f["w_ped"]) * np.sin(math.pi * sc ** 1.45) ** 0.55
    snout = np.clip((s - 0.86) / 0.14, 0, 1)
    top = w * (1 - 0.35 * snout)
    bot = w * (1 - 0.15 * snout)

    # Heterocercal tail: a long upper lobe sweeping up, a short lower one.
    ut = (f["x_tail"] + 0.01 - X) / 0.24  # 0 peduncle .. 1 tip
    utc = np.clip(ut, 0, 1)
    up_c = -0.15 * utc ** 1.2
    up_t = 0.026 * (1 - utc) ** 0.7 + 0.004
    upper = soft(np.minimum.reduce([up_t - np.abs(d - up_c), 1 - ut, ut + 0.05]) * 1.0, px)
    lo_u = np.clip(ut / 0.45, 0, 1)
    lo_c = 0.065 * lo_u
    lo_t = 0.016 * (1 - lo_u) ** 0.7 + 0.002
    lower = soft(np.minimum.reduce([lo_t - np.abs(d - lo_c), 0.45 - ut, ut + 0.05]), px)
    c.over(np.maximum(upper, lower), 0.48, 1.0)

    # Dorsal fin: a tall swept triangle rising from the back, its apex
    # leaning back, its trailing edge steep.
    hmax = 0.11
    h = np.where(s >= 0.50, hmax * np.clip((0.66 - s) / 0.16, 0, 1),
                 hmax * np.clip((s - 0.455) / 0.045, 0, 1) ** 0.6)
    dfin = soft(np.minimum(top + h + d, -d - top + 0.012), px) * (h > 0.001)
    c.over(dfin, 0.40, 1.0)
    # A small second dorsal near the tail.
    h2 = 0.028 * np.clip(1 - np.abs(s - 0.10) / 0.06, 0, 1)
    c.over(soft(np.minimum(top + h2 + d, -d - top + 0.012), px) * (h2 > 0.001), 0.42, 1.0)

    # Body: slate back, sharp countershading, white belly.
    in_len = soft(np.minimum(X - f["x_tail"] + 0.01, f["x_nose"] - X), px)
    inside = soft(np.minimum(np.where(d < 0, top + d, bot - d), 1.0), px) * in_len
    tb = np.where(d < 0, d / np.maximum(top, 1e-6), d / np.maximum(bot, 1e-6))
    shade = 0.50 + 0.06 * (1 + tb) + 0.40 * smoothstep(0.18, 0.38, tb)
    shade = shade * (1 - 0.25 * smoothstep(0.75, 1.0, np.abs(tb)))
    gills = (np.abs(((s - 0.70) * 70) % 1 - 0.5) < 0.14) & (s > 0.68) & (s < 0.78) & (np.abs(tb) < 0.45)
    shade = np.where(gills, shade * 0.72, shade)
    c.over(inside, shade)

    # Pectoral fin: a long blade swept down and back below the flank.
    root = f["x_tail"] + 0.70 * L
    lx = (root - X) / (0.22 * L)  # 0 root .. 1 tip
    lxc = np.clip(lx, 0, 1)
    pc = 0.5 * f["w_max"] + 0.085 * lxc ** 0.9
    pt = 0.022 * (1 - lxc) ** 0.6 + 0.002
    pect = soft(np.minimum.reduce([pt - np.abs(d - pc), 1 - lx, lx + 0.02]), px)
    c.over(pect * (d > 0), 0.55, 1.0)

    # Eye.
    ex = f["x_tail"] + 0.90 * L
    r = np.hypot(X - ex, d + 0.30 * w)
    c.over(soft(0.010 - r, px), 0.06)


# ---------------------------------------------------------------- output


def render_sheet(draw, shapes, cell_w, frames):
    """One supersampled sheet: frames across, shapes down."""
    cw, ch = cell_w * SS, cell_w * SS // 2
    sheet = np.zeros((ch * len(shapes), cw * frames, 2))
    px = 1.0 / cw * 1.2  # soft edge width in cell units
    for row, shape in enumerate(shapes):
        for k in range(frames):
            c = Canvas(cw, ch)
            draw(c, shape, k / frames, px)
            sheet[row * ch:(row + 1) * ch, k * cw:(k + 1) * cw, 0] = c.v
            sheet[row * ch:(row + 1) * ch, k * cw:(k + 1) * cw, 1] = c.a
    return sheet


def clear_margins(sheet, cw, ch):
    """Zero a band MARGIN wide around every cell (at full resolution)."""
    mx, my = int(round(MARGIN_X * cw)), int(round(MARGIN_Y * 2 * ch))
    for x in range(0, sheet.shape[1], cw):
        sheet[:, x:x + mx] = 0
        sheet[:, x + cw - mx:x + cw] = 0
    for y in range(0, sheet.shape[0], ch):
        sheet[y:y + my] = 0
        sheet[y + ch - my:y + ch] = 0


def save_level(sheet, cols, rows, cell_w, path):
    w, h = cols * cell_w, rows * cell_w // 2
    small = cv2.resize(sheet, (w, h), interpolation=cv2.INTER_AREA)
    a = small[..., 1]
    v = np.where(a > 1e-4, small[..., 0] / np.maximum(a, 1e-4), 0.0)
    out = np.zeros((h, w, 4), np.uint8)
    grey = np.clip(v * 255 + 0.5, 0, 255).astype(np.uint8)
    out[..., 0] = out[..., 1] = out[..., 2] = grey
    out[..., 3] = np.clip(a * 255 + 0.5, 0, 255).astype(np.uint8)
    if not cv2.imwrite(path, out):
        sys.exit(f"make_sprites: cannot write {path}")


def build(out_dir, name, draw, shapes, levels, note):
    big = levels[-1]
    sheet = render_sheet(draw, shapes, big, FRAMES)
    clear_margins(sheet, big * SS, big * SS // 2)
    files = []
    for cw in levels:
        fn = f"{name}-{cw}.png"
        save_level(sheet, FRAMES, len(shapes), cw, os.path.join(out_dir, fn))
        files.append(fn)
    with open(os.path.join(out_dir, f"{name}.ini"), "w") as f:
        f.write(f"# {name} atlas, written by tools/sprites/make_sprites.py; {note}\n")
        f.write("# columns are tail-beat frames, rows are shapes; every level has the same\n")
        f.write("# layout (cells are level/2 px high), smallest level first.\n")
        f.write(f"frames = {FRAMES}\n")
        f.write(f"shapes = {len(shapes)}\n")
        f.write(f"levels = {' '.join(str(c) for c in levels)}\n")
        # The fraction of a cell's length the animal spans nose to tail.
        f.write(f"body = {1 - 2 * MARGIN_X:.4f}\n")


def main():
    out_dir = sys.argv[1] if len(sys.argv) > 1 else "data/sprites"
    os.makedirs(out_dir, exist_ok=True)
    build(out_dir, "fish", draw_fish, FISH, [16, 32, 64],
          "greyscale, tinted per fish")
    build(out_dir, "shark", lambda c, _s, ph, px: draw_shark(c, ph, px), [None],
          [32, 64, 128], "drawn in its own greys")


if __name__ == "__main__":
    main()
