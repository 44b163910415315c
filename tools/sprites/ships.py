#!/usr/bin/python3
"""ships: draws shoal's sailing-ship atlas into data/sprites.

Usage: tools/sprites/ships.py [OUT_DIR]   (default: data/sprites)

Top-down sailing ships of the three classes of the skirmish rules, seen
from above with the bow to the right (+x), as the game's atlas convention
wants: rows are classes in fleet.h order (sloop, frigate, ship of the
line); columns are side A, side B, side A struck, side B struck. Hull,
deck planking, guns run out, bowsprit, masts with yards and billowing
square sails (fore-and-aft rig for the sloop), a pennant at the main
masthead and the ensign astern in the side's colours. Side A paints a blue
band and flies blue over white canvas, side B a red band over tanned
canvas. A struck ship has her sails clewed up and a white flag where her
colours flew.

Full colour (the sides differ in paint, canvas and flags, so no tint is
needed). Each cell is drawn with anti-aliased polygons at 4x the largest
level and area-filtered down with premultiplied alpha, at several cell
sizes with one layout (a hand-made mip chain: the same UVs address every
level). Writes ships-W.png for each level W (cell length) and ships.ini.
"""
import math
import os
import sys

import cv2
import numpy as np

SS = 4  # supersampling of the largest level
LEVELS = [64, 128, 256]  # cell length in px; cells are half as high
SHIFT = 4  # sub-pixel bits for cv2's polygon rasteriser

# Classes in fleet.h order.
SLOOP, FRIGATE, LINE = 0, 1, 2

WOOD = (92, 60, 38)
WOOD_DARK = (48, 30, 20)
DECK = (172, 136, 90)
DECK_LINE = (140, 106, 68)
IRON = (40, 40, 44)
SPAR = (70, 46, 30)
FURLED = (226, 220, 204)
FURLED_SHADE = (180, 172, 156)
WHITE = (250, 250, 250)

# Side paint: the band along the hull, the flags, the canvas.
SIDES = [
    dict(band=(36, 80, 178), flag=(30, 66, 168), flag2=(245, 245, 245),
         sail=(248, 248, 244)),  # A: blue, white canvas
    dict(band=(186, 40, 32), flag=(204, 34, 28), flag2=(250, 222, 90),
         sail=(240, 222, 182)),  # B: red, tanned canvas
]

# Per class: hull from stern xs to bow xb (cell units, cell = 1 x 0.5),
# half beam, masts as (x, yard half length, sail bulge), guns per side and
# gun decks.
CLASSES = {
    SLOOP: dict(xs=0.14, xb=0.84, beam=0.088, masts=[(0.56, 0.12, 0.066)], guns=4, decks=1),
    FRIGATE: dict(xs=0.10, xb=0.87, beam=0.080,
                  masts=[(0.29, 0.140, 0.074), (0.49, 0.172, 0.092), (0.68, 0.158, 0.084)],
                  guns=8, decks=1),
    LINE: dict(xs=0.08, xb=0.87, beam=0.096,
               masts=[(0.27, 0.150, 0.078), (0.48, 0.186, 0.096), (0.68, 0.172, 0.088)],
               guns=10, decks=2),
}
YC = 0.25  # centreline


class Cell:
    """One cell as premultiplied float RGBA, drawn in cell units."""

    def __init__(self, length):
        self.n = length  # px per cell unit
        self.w, self.h = length, length // 2
        self.rgb = np.zeros((self.h, self.w, 3))
        self.a = np.zeros((self.h, self.w))
        ys = (np.arange(self.h) + 0.5) / self.n
        xs = (np.arange(self.w) + 0.5) / self.n
        self.X, self.Y = np.meshgrid(xs, ys)

    def _pts(self, pts):
        k = self.n * (1 << SHIFT)
        return np.array([[int(round(x * k)), int(round(y * k))] for x, y in pts], np.int32)

    def mask_poly(self, pts):
        m = np.zeros((self.h, self.w), np.uint8)
        cv2.fillPoly(m, [self._pts(pts)], 255, cv2.LINE_AA, SHIFT)
        return m / 255.0

    def mask_line(self, pts, width):
        m = np.zeros((self.h, self.w), np.uint8)
        t = max(1, int(round(width * self.n)))
        cv2.polylines(m, [self._pts(pts)], False, 255, t, cv2.LINE_AA, SHIFT)
        return m / 255.0

    def mask_circle(self, x, y, r):
        m = np.zeros((self.h, self.w), np.uint8)
        k = 1 << SHIFT
        cv2.circle(m, (int(round(x * self.n * k)), int(round(y * self.n * k))),
                   int(round(r * self.n * k)), 255, -1, cv2.LINE_AA, SHIFT)
        return m / 255.0

    def over(self, mask, colour, alpha=1.0):
        """Paint colour (RGB 0..255, a tuple or an h x w x 3 array) where mask says."""
        a = np.clip(mask, 0.0, 1.0) * alpha
        c = np.asarray(colour, dtype=float) / 255.0
        self.rgb = c * a[..., None] + self.rgb * (1 - a[..., None])
        self.a = a + self.a * (1 - a)

    def ramp(self, t, dark, light):
        """Per-pixel colour from dark (t = 0) to light (t = 1)."""
        d = np.asarray(dark, float)[None, None, :]
        li = np.asarray(light, float)[None, None, :]
        return d * (1 - t[..., None]) + li * t[..., None]


def halfwidth_at(xs, xb, beam, x):
    """The hull's half beam at x: rounded quarters into the transom astern,
    straight sides amidships, an ogive bow."""
    u = (x - xs) / (xb - xs)
    if u < 0.08:
        return beam * (0.78 + 0.22 * math.sin(u / 0.08 * math.pi / 2))
    if u > 0.60:
        t = min((u - 0.60) / 0.40, 1.0)
        return beam * (1 - t ** 2.3) ** 0.62
    return beam


def hull_outline(xs, xb, beam, inset=0.0):
    """The hull's outline seen from above, shrunk by inset."""
    xs, xb, w = xs + inset, xb - inset * 1.8, beam - inset
    n = 48
    top = []
    for i in range(n + 1):
        x = xs + i / n * (xb - xs)
        top.append((x, YC - halfwidth_at(xs, xb, w, x)))
    bottom = [(x, 2 * YC - y) for x, y in reversed(top)]
    return top + bottom


def square_sail(c, x, half, bulge, colour, furled):
    """A square sail on its yard at x, billowing towards the bow: from
    above, a crescent between the yard and the curved foot."""
    if furled:
        c.over(c.mask_line([(x + 0.004, YC - half), (x + 0.004, YC + half)], 0.014), FURLED)
        c.over(c.mask_line([(x + 0.004, YC - half), (x + 0.004, YC + half)], 0.005), FURLED_SHADE)
    else:
        n = 24
        foot = [(x + bulge * (1 - v * v) ** 0.8 + 0.006, YC + v * half)
                for v in (-1 + 2 * i / n for i in range(n + 1))]
        pts = foot + [(x - 0.004, YC + half * 0.96), (x - 0.004, YC - half * 0.96)]
        # Light from the bow side: the belly is brighter than the yard.
        dark = tuple(v * 0.74 for v in colour)
        t = np.clip((c.X - x) / (bulge + 0.006), 0.0, 1.0) ** 0.7
        c.over(c.mask_poly(pts), c.ramp(t, dark, colour))
        # Seams across the cloth and the foot's edge, for shape at any size.
        for k in (-0.5, 0.0, 0.5):
            y = YC + k * half
            c.over(c.mask_line([(x, y), (x + bulge * (1 - k * k) ** 0.8, y)], 0.0018), dark, 0.5)
        c.over(c.mask_line(foot, 0.003), dark, 0.8)
    c.over(c.mask_line([(x, YC - half * 1.04), (x, YC + half * 1.04)], 0.0055), SPAR)


def flag(c, x, y, length, height, colours, wave=0.25):
    """A flag flying aft (towards -x) from its staff at (x, y): a waving
    quad in the first colour with a canton of the second."""
    n = 12
    top, bot = [], []
    for i in range(n + 1):
        u = i / n
        dy = math.sin(u * math.pi * 1.6) * height * wave * u
        top.append((x - u * length, y - height / 2 + dy))
        bot.append((x - u * length, y + height / 2 + dy))
    c.over(c.mask_poly(top + list(reversed(bot))), colours[0])
    if len(colours) > 1:
        k = n // 2
        canton = top[: k + 1] + [(p[0], (p[1] + q[1]) / 2) for p, q in zip(top[k::-1], bot[k::-1])]
        c.over(c.mask_poly(canton), colours[1])


def pennant(c, x, y, length, colour):
    """A long streamer from the masthead, tapering aft."""
    n = 14
    up, down = [], []
    for i in range(n + 1):
        u = i / n
        wave = math.sin(u * 5.5) * 0.006 * u
        up.append((x - u * length, y - 0.006 * (1 - u) + wave))
        down.append((x - u * length, y + 0.006 * (1 - u) + wave))
    c.over(c.mask_poly(up + list(reversed(down))), colour)


def draw_ship(c, cls, side, struck):
    k = CLASSES[cls]
    s = SIDES[side]
    xs, xb, beam = k["xs"], k["xb"], k["beam"]
    masts = k["masts"]
    sail = s["sail"]

    # A soft shadow on the water, offset down-right.
    sh = c.mask_poly([(x + 0.006, y + 0.008) for x, y in hull_outline(xs, xb, beam + 0.006)])
    sh = cv2.GaussianBlur(sh, (0, 0), c.n * 0.006)
    c.over(sh, (0, 10, 25), 0.35)

    # Guns run out through the ports (a struck ship has them in).
    if not struck:
        n = k["guns"]
        for deck in range(k["decks"]):
            for i in range(n):
                x = xs + (xb - xs) * (0.16 + 0.56 * (i + 0.5 * deck) / n)
                hw = halfwidth_at(xs, xb, beam, x)
                for sgn in (-1, 1):
                    y0 = YC + sgn * (hw - 0.004)
                    y1 = YC + sgn * (hw + 0.011 - 0.003 * deck)
                    c.over(c.mask_line([(x, y0), (x, y1)], 0.0055), IRON)

    # Bowsprit and jib boom.
    c.over(c.mask_line([(xb - 0.04, YC), (min(xb + 0.10, 0.96), YC)], 0.008), SPAR)

    # Hull, the side's band, the deck and its planking.
    c.over(c.mask_poly(hull_outline(xs, xb, beam)), WOOD_DARK)
    c.over(c.mask_poly(hull_outline(xs, xb, beam, 0.0035)), s["band"])
    c.over(c.mask_poly(hull_outline(xs, xb, beam, 0.011)), WOOD)
    deck = c.mask_poly(hull_outline(xs, xb, beam, 0.014))
    c.over(deck, DECK)
    planks = (np.mod((c.Y - YC) / 0.011, 1.0) < 0.16).astype(float)
    c.over(deck * planks, DECK_LINE, 0.7)
    # Gratings and hatches down the centreline, between the masts.
    for a, b in zip(masts, masts[1:]):
        x0, x1 = a[0] + 0.035, b[0] - 0.035
        if x1 > x0:
            c.over(c.mask_poly([(x0, YC - 0.014), (x1, YC - 0.014), (x1, YC + 0.014),
                                (x0, YC + 0.014)]), (110, 80, 52))
    # Quarterdeck rail astern.
    rail = [(xs + 0.02, YC - beam + 0.02), (xs + 0.12, YC - beam + 0.02),
            (xs + 0.12, YC + beam - 0.02), (xs + 0.02, YC + beam - 0.02)]
    c.over(c.mask_line(rail, 0.004), WOOD_DARK, 0.8)

    if cls == SLOOP:
        x, half, bulge = masts[0]
        # Jib from the mast to the end of the bowsprit.
        if struck:
            c.over(c.mask_line([(x + 0.02, YC), (xb + 0.09, YC)], 0.008), FURLED)
        else:
            c.over(c.mask_poly([(x + 0.02, YC), (xb + 0.095, YC + 0.002),
                                (x + 0.15, YC + 0.030)]), sail)
        # Fore-and-aft mainsail on its boom, bellied out to starboard.
        boom_end = xs - 0.015
        if struck:
            c.over(c.mask_line([(x, YC), (boom_end, YC)], 0.014), FURLED)
        else:
            n = 20
            belly = [(x + (boom_end - x) * u,
                      YC + 0.072 * math.sin(u * math.pi) ** 0.9 + 0.010 * u)
                     for u in (i / n for i in range(n + 1))]
            back = [(x + (boom_end - x) * (1 - i / n), YC + 0.010 * (1 - i / n))
                    for i in range(1, n)]
            dark = tuple(v * 0.74 for v in sail)
            t = np.clip((c.Y - YC) / 0.07, 0, 1)
            c.over(c.mask_poly(belly + back), c.ramp(t, dark, sail))
            c.over(c.mask_line(belly, 0.003), dark, 0.8)
        c.over(c.mask_line([(x, YC), (boom_end, YC + (0.0 if struck else 0.010))], 0.006), SPAR)
        # A square topsail above it.
        square_sail(c, x + 0.004, half, bulge, sail, struck)
        c.over(c.mask_circle(x + 0.004, YC, 0.008), SPAR)
        top = (x + 0.004, YC)
    else:
        mizzen, main, fore = masts
        # Spanker on the mizzen, along the centreline, and jibs forward.
        if struck:
            c.over(c.mask_line([(mizzen[0], YC), (xs - 0.01, YC)], 0.010), FURLED)
            c.over(c.mask_line([(fore[0] + 0.03, YC), (xb + 0.09, YC)], 0.007), FURLED)
        else:
            c.over(c.mask_poly([(mizzen[0], YC), (xs - 0.012, YC + 0.006),
                                (xs + 0.06, YC + 0.034)]), sail)
            c.over(c.mask_poly([(fore[0] + 0.03, YC), (xb + 0.095, YC + 0.002),
                                (fore[0] + 0.16, YC + 0.026)]), sail)
        c.over(c.mask_line([(mizzen[0], YC), (xs - 0.012, YC)], 0.005), SPAR)
        for x, half, bulge in masts:
            # Course, topsail and topgallant: each smaller and higher, so
            # from above they stack up towards the masthead.
            square_sail(c, x, half, bulge, sail, struck)
            if not struck:
                square_sail(c, x + 0.010, half * 0.80, bulge * 0.80, sail, False)
                square_sail(c, x + 0.018, half * 0.58, bulge * 0.62, sail, False)
            c.over(c.mask_circle(x + 0.018, YC, 0.0075), SPAR)
        top = (main[0] + 0.018, YC)

    # Colours: the pennant at the main masthead and the ensign astern; a
    # struck ship shows a white flag instead.
    if struck:
        flag(c, top[0], top[1], 0.05, 0.032, [WHITE])
    else:
        pennant(c, top[0], top[1], 0.15 if cls != SLOOP else 0.11, s["flag"])
        flag(c, xs + 0.004, YC, 0.075, 0.052, [s["flag"], s["flag2"]])
        c.over(c.mask_circle(xs + 0.004, YC, 0.004), SPAR)


def render_level(cell_len):
    big = cell_len * SS
    cols, rows = 4, 3
    sheet = np.zeros((rows * big // 2, cols * big, 4), np.float64)
    for cls in range(rows):
        for col in range(cols):
            c = Cell(big)
            draw_ship(c, cls, col % 2, col >= 2)
            y0, x0 = cls * big // 2, col * big
            sheet[y0:y0 + big // 2, x0:x0 + big, :3] = c.rgb
            sheet[y0:y0 + big // 2, x0:x0 + big, 3] = c.a
    # Area filter the premultiplied colour, then un-premultiply.
    small = cv2.resize(sheet, (cols * cell_len, rows * cell_len // 2), interpolation=cv2.INTER_AREA)
    a = small[..., 3:4]
    rgb = np.where(a > 1e-6, small[..., :3] / np.maximum(a, 1e-6), 0.0)
    out = np.clip(np.round(np.concatenate([rgb, a], axis=2) * 255), 0, 255).astype(np.uint8)
    return cv2.cvtColor(out, cv2.COLOR_RGBA2BGRA)


def main():
    out_dir = sys.argv[1] if len(sys.argv) > 1 else "data/sprites"
    os.makedirs(out_dir, exist_ok=True)
    for lvl in LEVELS:
        path = os.path.join(out_dir, f"ships-{lvl}.png")
        if not cv2.imwrite(path, render_level(lvl)):
            sys.exit(f"ships.py: cannot write {path}")
    with open(os.path.join(out_dir, "ships.ini"), "w") as f:
        f.write("# ship atlas, written by tools/sprites/ships.py; full colour, bow to the right\n"
                "# columns: side A, side B, side A struck, side B struck; rows: sloop,\n"
                "# frigate, ship of the line (fleet.h order); smallest level first.\n"
                "frames = 4\nshapes = 3\nlevels = " + " ".join(str(v) for v in LEVELS) + "\n"
                "body = 0.9000\n")


if __name__ == "__main__":
    main()
