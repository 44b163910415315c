#!/usr/bin/python3
"""make_sounds: synthesises shoal's sound effects and ambience into data/sounds.

Usage: tools/sounds/make_sounds.py [OUT_DIR]   (default: data/sounds)

Every sound is built from seeded noise and oscillators through a few
filters (a state-variable filter, a one-pole), envelopes and modal
resonators; nothing is recorded. SOUNDS below is the one table of what is
made: name, kind (a one-shot or a seamless loop), length, loudness and the
builder. Each sound has its own random stream, seeded from SEED and its
name (crc32, not Python's salted hash()), drawn only through random() and
integers(), whose streams numpy keeps stable: the same script writes
byte-identical files.

Files are WAV, PCM 16-bit, mono, 22050 Hz. One-shots start at the sound and
fade to true zero; loops are built circular (noise shaped in the frequency
domain, curves of whole cycles, events wrapping round), so the last sample
leads into the first. Each is normalised to
its target loudness (the RMS of its loud part: the 50 ms windows within
12 dB of its loudest, or the whole sound when shorter than a window), then
limited to a peak below -1 dBFS. Writes NAME.wav for each sound and
a README listing them.
"""
import math
import os
import sys
import wave
import zlib

import numpy as np

SEED = 2126  # issue #21; change it and every sound changes
SR = 22050  # Hz: the game's mixer rate; nothing here needs more than 11 kHz
CEILING_DB = -1.1  # the peak limit, a little under -1 dBFS for rounding
WIN = 0.05  # s: loudness windows
GATE_DB = 12  # windows this far under the loudest are not the loud part


def db(x):
    return 10.0 ** (x / 20.0)


def secs(n):
    return np.arange(n) / SR


# ------------------------------------------------------------ building blocks

def noise(rng, n):
    """White noise, uniform in [-1, 1)."""
    return rng.random(n) * 2 - 1


def wander(rng, n, rate, lo, hi):
    """A smooth random control curve between lo and hi, about `rate` new
    values a second, cosine-interpolated."""
    pts = lo + (hi - lo) * rng.random(int(n / SR * rate) + 3)
    pos = secs(n) * rate
    i = pos.astype(int)
    f = (1 - np.cos(math.pi * (pos - i))) / 2
    return pts[i] * (1 - f) + pts[i + 1] * f


def sine(freq, n, phase=0.0):
    """A sine whose frequency (Hz, scalar or per sample) may glide."""
    f = np.broadcast_to(np.asarray(freq, float), (n,))
    return np.sin(phase + 2 * math.pi * np.cumsum(f) / SR)


def glide(n, f0, f1, tau):
    """A frequency falling (or rising) exponentially from f0 towards f1."""
    return f1 + (f0 - f1) * np.exp(-secs(n) / tau)


def env(n, points):
    """A piecewise-linear envelope through (seconds, level) points."""
    ts, vs = zip(*points)
    return np.interp(secs(n), ts, vs)


def decay(n, tau, attack=0.001):
    """A fast linear attack, then an exponential decay with time constant tau."""
    t = secs(n)
    return np.minimum(t / attack, 1.0) * np.exp(-t / tau)


def svf(x, fc, q=0.707, mode="lp"):
    """A state-variable filter (Simper's trapezoidal form, stable however fc
    moves): lp, bp (unity gain at fc) or hp. fc in Hz, scalar or per sample."""
    n = len(x)
    fc = np.clip(np.broadcast_to(np.asarray(fc, float), (n,)), 10.0, 0.45 * SR)
    g = np.tan(math.pi * fc / SR)
    k = 1.0 / q
    a1 = 1.0 / (1.0 + g * (g + k))
    a2 = g * a1
    a3 = g * a2
    ic1 = ic2 = 0.0
    bp = [0.0] * n
    lp = [0.0] * n
    for i, (v0, b1, b2, b3) in enumerate(zip(x.tolist(), a1.tolist(), a2.tolist(), a3.tolist())):
        v3 = v0 - ic2
        v1 = b1 * ic1 + b2 * v3
        v2 = ic2 + b2 * ic1 + b3 * v3
        ic1 = 2 * v1 - ic1
        ic2 = 2 * v2 - ic2
        bp[i] = v1
        lp[i] = v2
    bp, lp = np.array(bp), np.array(lp)
    if mode == "lp":
        return lp
    if mode == "bp":
        return k * bp
    return x - k * bp - lp


def band(x, lo=None, hi=None):
    """Steep band limits (24 dB/octave): two 2-pole high-passes at lo, two
    low-passes at hi (either may be None, and hi may move per sample). One
    SVF alone falls only 6 dB/octave off its band, and noise through it
    stays white."""
    for _ in range(2):
        if lo is not None:
            x = svf(x, lo, 0.707, "hp")
        if hi is not None:
            x = svf(x, hi, 0.707, "lp")
    return x


def onepole(x, fc):
    """A one-pole low-pass (6 dB/octave) at fc Hz; x - onepole(x) is its high-pass."""
    a = 1 - math.exp(-2 * math.pi * fc / SR)
    y, out = 0.0, [0.0] * len(x)
    for i, v in enumerate(x.tolist()):
        y += a * (v - y)
        out[i] = y
    return np.array(out)


def modes(n, freqs, taus, amps, rng=None):
    """Damped sines: the ringing of a struck body (a modal resonator's
    impulse response). With rng, each mode starts at a random phase."""
    t = secs(n)
    out = np.zeros(n)
    for f, tau, a in zip(freqs, taus, amps):
        ph = 2 * math.pi * rng.random() if rng is not None else 0.0
        out += a * np.exp(-t / tau) * np.sin(2 * math.pi * f * t + ph)
    return out * np.minimum(t / 0.0005, 1)  # struck, not stepped: no click


def place(out, grain, at):
    """Adds grain into out starting at sample `at`, cut at the end."""
    at = int(at)
    if at >= len(out):
        return
    m = min(len(grain), len(out) - at)
    out[at:at + m] += grain[:m]


def bubble(f0, dur, amp, rise=1.6):
    """One bubble: a decaying sine whose pitch rises as it nears the
    surface (its Minnaert resonance climbs)."""
    n = max(int(dur * SR), 8)
    t = secs(n)
    return amp * sine(f0 * (1 + rise * t / dur), n) * np.exp(-t / (dur / 3)) * np.minimum(t / 0.0015, 1)


def crackle(rng, n, times, amps, lo, hi, tau):
    """Short cracks: a burst of noise ringing a random resonance in [lo, hi] Hz."""
    out = np.zeros(n)
    g = int(5 * tau * SR)
    for at, a in zip(times, amps):
        f = lo + (hi - lo) * rng.random()
        burst = band(noise(rng, g), 0.6 * f, 1.6 * f) * decay(g, tau, 0.0003)
        burst += modes(g, [f, f * 1.71], [tau * 2, tau], [0.8, 0.4], rng)
        place(out, a * burst, at * SR)
    return out


def event_times(rng, count, start, end, shape=1.0):
    """count random moments in [start, end] s, bunched towards start when
    shape > 1 (e.g. splinters thinning out)."""
    return np.sort(start + (end - start) * rng.random(count) ** shape)


# ------------------------------------------------------------------ guns

GUNS = {
    # boom from f0 to f1 Hz, body low-pass from b0 Hz, tail decay (s),
    # and when the echo comes back (s)
    "gun_1": dict(f0=120, f1=52, b0=900, tail=0.55, echo=0.31),
    "gun_2": dict(f0=100, f1=44, b0=700, tail=0.70, echo=0.37),
    "gun_3": dict(f0=140, f1=62, b0=1100, tail=0.45, echo=0.26),
}


def rumble(rng, n, fc, rate):
    """Low-passed noise whose level rolls unevenly: thunder-like rumble."""
    return band(noise(rng, n), 30, fc) * wander(rng, n, rate, 0.25, 1.0) ** 2


def build_gun(rng, n, name):
    p = GUNS[name]
    t = secs(n)
    # The crack: a few ms of bright noise, the muzzle blast's leading edge.
    crack = svf(noise(rng, n), 2500, 0.7, "hp") * decay(n, 0.006, 0.0004)
    crack += 0.5 * svf(noise(rng, n), 1200, 1.2, "bp") * decay(n, 0.018, 0.0008)
    # The boom: a low sine dropping in pitch, saturated so its harmonics
    # carry on small speakers, and a low-passed noise body closing down.
    boom = np.tanh(3.0 * sine(glide(n, p["f0"], p["f1"], 0.09), n) * decay(n, 0.17, 0.003))
    body = band(noise(rng, n), None, glide(n, p["b0"], 220, 0.1)) * decay(n, 0.2, 0.002)
    # The tail: rolling rumble that swells in after the blast, deep and
    # in the low mids (so small speakers still carry it), and the echo off
    # the water and nearby hulls (of the noise only: an echo of the sine
    # would beat against it).
    swell = env(n, [(0, 0), (0.06, 1), (n / SR, 1)]) * np.exp(-t / p["tail"])
    tail = (rumble(rng, n, 250, 9) + 1.0 * band(rumble(rng, n, 700, 7), 120, None)) * swell
    echo = np.zeros(n)
    place(echo, band(body, None, 500), p["echo"] * SR)
    return 0.9 * crack + 1.0 * boom + 1.3 * body + 0.9 * tail + 0.35 * echo


def build_gun_far(rng, n, name):
    t = secs(n)
    # No crack; the air has taken the highs and blurred the attack.
    boom = sine(glide(n, 85, 40, 0.12), n) * env(n, [(0, 0), (0.035, 1), (2.5, 1)]) * np.exp(-t / 0.35)
    body = band(noise(rng, n), None, 350) * env(n, [(0, 0), (0.05, 1), (2.5, 1)]) * np.exp(-t / 0.3)
    roll = np.zeros(n)
    for at, a in ((0.12, 0.8), (0.45, 0.6), (0.85, 0.45), (1.3, 0.3)):
        m = n - int(at * SR)
        place(roll, a * rumble(rng, m, 180, 6) * decay(m, 0.45, 0.08), at * SR)
    return band(0.8 * boom + 1.0 * body + 1.1 * roll, None, 500)


# ------------------------------------------------------------ hits, splashes

HITS = {
    # wood modes (Hz), splinter count, thud pitch (Hz)
    "hit_1": dict(wood=(170, 390, 720, 1130), count=26, thud=85),
    "hit_2": dict(wood=(140, 330, 610, 980, 1500), count=34, thud=70),
}


def build_hit(rng, n, name):
    p = HITS[name]
    # The blow: a thud, and the hull planking ringing briefly.
    thud = sine(glide(n, p["thud"] * 1.6, p["thud"], 0.03), n) * decay(n, 0.06, 0.001)
    wood = modes(n, p["wood"], [0.05, 0.035, 0.025, 0.018, 0.012], [1, 0.8, 0.6, 0.45, 0.3], rng)
    # The crunch: planks giving way, mid-band noise with an uneven grain.
    crunch = band(svf(noise(rng, n), wander(rng, n, 40, 500, 1600), 1.1, "bp"), 150, 3000)
    crunch *= decay(n, 0.07, 0.002) * wander(rng, n, 60, 0.3, 1.0)
    # Splinters: sharp cracks thinning out over the first half second.
    times = event_times(rng, p["count"], 0.004, 0.45, 2.2)
    amps = 0.25 + 0.75 * rng.random(p["count"])
    amps *= np.exp(-times / 0.15)
    splinters = crackle(rng, n, times, amps, 1800, 4500, 0.004)
    return 1.0 * thud + 0.6 * wood + 1.4 * crunch + 0.6 * splinters


SPLASHES = {
    # plunge pitch, spray band (Hz), droplets
    "splash_1": dict(plunge=260, spray=(1800, 5200), drops=90),
    "splash_2": dict(plunge=210, spray=(1500, 4600), drops=120),
}


def build_splash(rng, n, name):
    p = SPLASHES[name]
    t = secs(n)
    # The plunge: a low whump of displaced water and the cavity's gulp
    # closing behind the ball (a big bubble rising in pitch).
    whump = band(noise(rng, n), None, glide(n, 900, 150, 0.05)) * decay(n, 0.07, 0.003)
    gulp = np.zeros(n)
    place(gulp, bubble(p["plunge"], 0.09, 1.0, 1.2), 0.03 * SR)
    # The column of spray going up and falling back: bright noise swelling
    # then thinning, its band sinking as the drops fall.
    lo, hi = p["spray"]
    top = hi - (hi - lo) * np.minimum(t / 0.8, 1)
    spray = band(noise(rng, n), 0.5 * lo, top)
    spray *= env(n, [(0, 0), (0.03, 1), (0.12, 0.8), (1.1, 0.8)]) * np.exp(-t / 0.18)
    spray *= wander(rng, n, 80, 0.4, 1.0)
    # Drops pattering back onto the sea, small bubbles, later and later.
    drops = np.zeros(n)
    for at in event_times(rng, p["drops"], 0.05, 0.85 * n / SR, 1.5):
        f = 900 + 2600 * rng.random()
        place(drops, bubble(f, 0.006 + 0.012 * rng.random(), math.exp(-at / 0.3)), at * SR)
    return 1.6 * whump + 0.8 * gulp + 0.6 * spray + 0.4 * drops


def build_rigging(rng, n, name):
    t = secs(n)
    # The chain shot whirring in, tumbling (the noise throbs at its spin).
    whirr = band(svf(noise(rng, n), glide(n, 2200, 700, 0.12), 2.0, "bp"), None, 3500)
    whirr *= env(n, [(0, 0.4), (0.1, 1), (0.16, 0)]) * (0.6 + 0.4 * np.sin(2 * math.pi * 28 * t))
    # Ropes parting: a crack and the freed line slapping, a damped low twang.
    snaps = np.zeros(n)
    for at, f in ((0.14, 190), (0.27, 240), (0.41, 150), (0.63, 210)):
        m = int(0.25 * SR)
        twang = np.tanh(3 * sine(glide(m, f * 1.5, f, 0.02), m) * decay(m, 0.05, 0.0005))
        crack = svf(noise(rng, m), 3000, 0.7, "hp") * decay(m, 0.004, 0.0002)
        place(snaps, (0.6 + 0.4 * rng.random()) * (twang + 1.5 * crack), at * SR)
    # Canvas ripping: a fast irregular train of tiny tears in a mid band.
    rip = band(svf(noise(rng, n), wander(rng, n, 12, 900, 2600), 1.4, "bp"), 400, 4500)
    tears = np.clip(wander(rng, n, 70, -0.6, 1.0), 0, None) ** 1.5
    rip *= tears * env(n, [(0, 0), (0.18, 0), (0.24, 1), (0.7, 0.8), (1.0, 0.2), (1.3, 0)])
    return 0.5 * whirr + 0.9 * snaps + 1.6 * rip


# ------------------------------------------------------- bell, sink, creaks

# A ship's bell's partials as ratios of its prime (hum, prime, tierce,
# quint, nominal, and the upper ones), with relative levels and decays (s).
BELL = [
    (0.50, 0.35, 2.2), (1.00, 0.50, 1.6), (1.19, 0.60, 1.3), (1.51, 0.30, 0.9),
    (2.00, 1.00, 1.1), (2.51, 0.45, 0.6), (2.66, 0.35, 0.5), (3.01, 0.30, 0.4),
    (4.17, 0.25, 0.25), (5.43, 0.18, 0.15),
]
BELL_PRIME = 523.0  # Hz: a small bronze bell, strike note near 1 kHz


def bell_strike(rng, n):
    t = secs(n)
    out = np.zeros(n)
    for ratio, amp, tau in BELL:
        f = BELL_PRIME * ratio
        beat = 0.3 + 1.2 * rng.random()  # the bell's slight asymmetry beats
        for df in (-beat / 2, beat / 2):
            ph = 2 * math.pi * rng.random()
            out += 0.5 * amp * np.exp(-t / tau) * np.sin(2 * math.pi * (f + df) * t + ph)
    clang = svf(noise(rng, n), 3200, 1.5, "bp") * decay(n, 0.004, 0.0003)
    return (out + 0.8 * clang) * np.minimum(t / 0.001, 1)


def build_bell(rng, n, name):
    out = np.zeros(n)
    for at, a in ((0.0, 1.0), (0.62, 0.85)):  # ding-ding
        place(out, a * bell_strike(rng, n), at * SR)
    return out


def stick_slip(rng, n, rate, jitter):
    """Friction's impulse train: the timber sticks, then slips with a tick,
    `rate` ticks a second (per sample), each a little irregular."""
    out = np.zeros(n)
    pos = 0.0
    while True:
        pos += SR / max(float(rate[min(int(pos), n - 1)]), 1.0) * (1 + jitter * (rng.random() - 0.5))
        if pos >= n:
            return out
        out[int(pos)] = 0.6 + 0.4 * rng.random()


def build_sink(rng, n, name):
    t = secs(n)
    # The groan: the hull's frames straining, a slow stick-slip gliding down.
    rate = 70 - 40 * np.minimum(t / 2.5, 1) + 10 * np.sin(2 * math.pi * 0.7 * t)
    ticks = stick_slip(rng, n, rate, 0.3)
    ir = modes(int(0.12 * SR), (95, 180, 310, 520), (0.06, 0.04, 0.03, 0.02), (1, 0.8, 0.5, 0.3), rng)
    groan = np.convolve(ticks, ir)[:n] * env(n, [(0, 0.15), (0.05, 1), (1.4, 0.9), (2.4, 0.3), (3.0, 0)])
    # Water rushing in and over her: a swelling wash, low-passed roar.
    wash = band(noise(rng, n), 250, wander(rng, n, 3, 700, 1600)) * wander(rng, n, 5, 0.5, 1.0)
    roar = band(noise(rng, n), 40, 300)
    water = (0.8 * wash + 1.0 * roar) * env(n, [(0, 0.2), (0.4, 0.7), (1.5, 1), (2.8, 0.6), (4.0, 0)])
    # Air escaping: bubbles, big low gulps at first, then smaller, then few.
    bubbles = np.zeros(n)
    for at in event_times(rng, 140, 0.3, 3.6, 1.3):
        size = rng.random()
        f = 140 + 700 * size
        a = (0.4 + 0.6 * (1 - size)) * math.exp(-at / 2.0)
        place(bubbles, bubble(f, 0.025 + 0.06 * (1 - size), a), at * SR)
    return 1.0 * groan + 0.8 * water + 0.5 * bubbles


CREAKS = {
    # tick rate contour ((s, Hz) over the creak), wood modes (Hz)
    "creak_1": dict(rate=((0, 18), (0.4, 55), (0.8, 30), (1.1, 12)),
                    wood=(420, 910, 1560)),
    "creak_2": dict(rate=((0, 12), (0.3, 35), (0.6, 70), (1.0, 40), (1.4, 15)),
                    wood=(330, 760, 1280, 2050)),
}


def build_creak(rng, n, name):
    p = CREAKS[name]
    rate = env(n, p["rate"])
    ticks = stick_slip(rng, n, rate, 0.25)
    m = int(0.06 * SR)
    ir = modes(m, p["wood"], [0.02, 0.012, 0.008, 0.006], [1, 0.7, 0.45, 0.3], rng)
    # The rubbing grows and fades with the roll of the ship.
    L = n / SR
    swell = env(n, [(0, 0.02), (0.3, 1), (0.5 * L, 0.6), (0.8 * L, 0.2), (L, 0)])
    return np.convolve(ticks, ir)[:n] * swell


def build_click(rng, n, name):
    # A soft wooden tap: a short knock on two modes, the edge taken off.
    low = name == "click_back"
    freqs = (820, 1450) if low else (1650, 2900)
    tap = modes(n, freqs, (0.009, 0.005) if low else (0.006, 0.004), (1, 0.45), rng)
    tap += 0.2 * svf(noise(rng, n), freqs[1], 1.0, "bp") * decay(n, 0.002, 0.0002)
    return onepole(tap * np.minimum(secs(n) / 0.0005, 1), 3500)


# ------------------------------------------------------------------ loops
#
# A loop is built circular: its noise is shaped in the frequency domain
# (periodic by construction), its slow curves complete whole cycles and its
# events wrap round, so the last sample leads into the first with nothing
# to crossfade. The sea is swell and surf, not hiss: what lies above 2 kHz
# is 30 dB and more down, and nothing in it repeats faster than the loop
# (a periodic band or a steady tick is what an ear finds first).

def cnoise(rng, n, lo=None, hi=None, order=4):
    """Periodic noise of n samples band-limited to [lo, hi] Hz (either may
    be None): white noise shaped by Butterworth-like magnitudes of `order`
    (6 dB/octave each) in the frequency domain, at unit RMS."""
    spec = np.fft.rfft(rng.standard_normal(n))
    f = np.fft.rfftfreq(n, 1.0 / SR)
    gain = np.ones(len(f))
    if lo is not None:
        with np.errstate(divide="ignore"):
            gain /= np.sqrt(1 + (lo / np.maximum(f, 1e-9)) ** (2 * order))
    if hi is not None:
        gain /= np.sqrt(1 + (f / hi) ** (2 * order))
    gain[0] = 0.0
    x = np.fft.irfft(spec * gain, n)
    return x / (np.sqrt(np.mean(x * x)) + 1e-20)


def cycles(rng, n, periods, depth):
    """A smooth periodic curve in [0, 1]: sines of about the given periods
    (s), each rounded to a whole number of cycles per loop so the curve
    joins itself, at random phases; depth[i] weighs the i-th."""
    t = secs(n)
    L = n / SR
    out = np.zeros(n)
    for p, d in zip(periods, depth):
        k = max(1, round(L / p))
        out += d * np.sin(2 * math.pi * k * t / L + 2 * math.pi * rng.random())
    lo, hi = out.min(), out.max()
    return (out - lo) / (hi - lo)


def events(n, times, rise, fall):
    """A periodic envelope of events at `times` (s): each swells in over
    about rise s (a half Gaussian) and dies away with time constant fall
    (s, one per event); an event near the end runs on over the start."""
    t = secs(n)
    L = n / SR
    out = np.zeros(n)
    for at, tau in zip(times, fall):
        d = (t - at + L / 2) % L - L / 2  # signed circular distance, s
        out += np.where(d < 0, np.exp(-(d / rise) ** 2), np.exp(-d / tau))
    return out


def cplace(out, grain, at):
    """Adds grain into out from sample `at`, what runs past the end wrapping
    round to the start."""
    n = len(out)
    idx = (int(at) + np.arange(len(grain))) % n
    np.add.at(out, idx, grain)


def build_wind(rng, n, name):
    # A steady wind over open water: a low breath rising and easing in
    # gusts every few seconds (about 6 dB), brighter as it rises, with no
    # whistle (a narrow resonance is a band the ear follows round the loop).
    gust = cycles(rng, n, (6.5, 3.7, 2.3), (1.0, 0.6, 0.3))
    low = cnoise(rng, n, 45, 180)
    breath = cnoise(rng, n, 150, 520)
    bright = cnoise(rng, n, 250, 1100)
    return (0.5 + 0.5 * gust) * (0.8 * low + 0.7 * breath + 0.5 * gust ** 2 * bright)


# Surf: when each wave breaks (fraction of the loop) and how long its
# wash runs out (s). Uneven on purpose: a regular beat is a clock.
SURF = ((0.10, 2.2), (0.46, 1.4), (0.71, 2.6))


def build_waves(rng, n, name):
    L = n / SR
    # The swell: deep low-passed noise heaving over seconds (about 6 dB),
    # opening up a little at each crest.
    swell = cycles(rng, n, (5.5, 8.0, 3.1), (1.0, 0.7, 0.35))
    deep = cnoise(rng, n, 30, 160)
    body = cnoise(rng, n, 70, 420)
    sea = (0.55 + 0.45 * swell) * (0.9 * deep + (0.35 + 0.45 * swell ** 1.5) * body)
    # The surf: now and then a wave breaks, a wash of foam that swells in
    # and runs out over a second or two, its brightness held low.
    times = [f * L + 0.4 * (rng.random() - 0.5) for f, _ in SURF]
    surf = events(n, times, 0.35, [d for _, d in SURF])
    wash = cnoise(rng, n, 180, 900) + 0.25 * cnoise(rng, n, 900, 2200)
    return sea + 0.7 * surf * wash


def build_ripple(rng, n, name):
    # A fish school at the surface: soft lapping and a scatter of small
    # bubbles, thicker and thinner by turns (never a steady tick), the
    # fizz above them kept far down.
    L = n / SR
    busy = cycles(rng, n, (1.9, 1.1, 0.7), (1.0, 0.7, 0.5))
    lap = cnoise(rng, n, 250, 1400) * (0.45 + 0.55 * busy)
    drops = np.zeros(n)
    count = int(L * 35)
    for at in rng.random(count) * L:
        k = min(int(at * SR), n - 1)
        f = 600 + 1600 * rng.random()
        a = (0.2 + 0.8 * rng.random()) * (0.4 + 0.6 * busy[k])
        cplace(drops, bubble(f, 0.008 + 0.012 * rng.random(), a, 0.8), at * SR)
    fizz = cnoise(rng, n, 1500, 3500) * (0.35 + 0.65 * busy)
    return 0.6 * lap + 4.0 * drops + 0.12 * fizz


# ---------------------------------------------------------------- stings

def horn(rng, n, freq, start, dur, amp, bright=0.8, harmonics=10):
    """One brass-like note: additive harmonics that brighten with loudness,
    a soft breathy onset and vibrato coming in after the attack."""
    out = np.zeros(n)
    m = min(int(dur * SR), n - int(start * SR))
    t = secs(m)
    a = env(m, [(0, 0), (0.03, 1.1), (0.09, 1.0), (max(dur - 0.12, 0.1), 0.9), (dur, 0)])
    vib_in = np.clip((t - 0.15) / 0.3, 0, 1)
    vib = 1 + 0.004 * vib_in * np.sin(2 * math.pi * 5.3 * t + 2 * math.pi * rng.random())
    note = np.zeros(m)
    for k in range(1, harmonics + 1):
        if freq * k > 0.4 * SR:
            break
        for cents in (-3, 3):  # two players a hair apart
            f = freq * k * 2 ** (cents / 1200)
            note += k ** -bright * a ** (1 + 0.25 * k) * sine(f * vib, m, 2 * math.pi * rng.random())
    breath = svf(noise(rng, m), freq * 3, 2, "bp") * env(m, [(0, 0), (0.02, 1), (0.08, 0), (dur, 0)])
    place(out, amp * (note + 0.3 * breath), start * SR)
    return out


def build_win(rng, n, name):
    # A rising D major call, A3 D4 F#4 A4, then the chord held: D3 D4 F#4 A4 D5.
    out = np.zeros(n)
    for i, f in enumerate((220.0, 293.66, 369.99, 440.0)):
        out += horn(rng, n, f, 0.17 * i, 0.2, 0.9, 0.8)
    for f in (146.83, 293.66, 369.99, 440.0, 587.33):
        out += horn(rng, n, f, 0.7, 2.3, 0.55, 0.9)
    return out * env(n, [(0, 1), (2.3, 1), (3.0, 0)])


def build_lose(rng, n, name):
    # A falling D minor figure in a low, dark voice, then the minor chord
    # sinking away: A3 F3 E3 D3, then D2 D3 F3 A3.
    out = np.zeros(n)
    for i, f in enumerate((220.0, 174.61, 164.81, 146.83)):
        out += horn(rng, n, f, 0.32 * i, 0.36, 0.9, 1.6, 6)
    for f in (73.42, 146.83, 174.61, 220.0):
        out += horn(rng, n, f, 1.28, 2.2, 0.5, 1.8, 6)
    return onepole(out, 1400) * env(n, [(0, 1), (1.4, 1), (2.4, 0.3), (3.5, 0)])


# ------------------------------------------------------------------ table

# name, kind, length (s), loudness (dBFS RMS of the loud part), builder
SOUNDS = [
    ("gun_1", "once", 1.8, -14, build_gun),
    ("gun_2", "once", 2.1, -14, build_gun),
    ("gun_3", "once", 1.6, -14, build_gun),
    ("gun_far", "once", 2.2, -18, build_gun_far),
    ("hit_1", "once", 0.7, -18, build_hit),
    ("hit_2", "once", 0.8, -18, build_hit),
    ("splash_1", "once", 0.9, -18, build_splash),
    ("splash_2", "once", 1.0, -18, build_splash),
    ("rigging", "once", 1.2, -18, build_rigging),
    ("bell", "once", 2.8, -18, build_bell),
    ("sink", "once", 4.0, -18, build_sink),
    ("creak_1", "once", 1.1, -22, build_creak),
    ("creak_2", "once", 1.4, -22, build_creak),
    ("click", "once", 0.05, -20, build_click),
    ("click_back", "once", 0.07, -20, build_click),
    # Lengths apart and long (the three repeat together only every 1573 s),
    # and past the 8 s a swell of seconds would be heard coming round.
    ("wind", "loop", 11.0, -24, build_wind),
    ("waves", "loop", 13.0, -24, build_waves),
    ("ripple", "loop", 5.5, -24, build_ripple),
    ("win", "once", 3.2, -18, build_win),
    ("lose", "once", 3.6, -18, build_lose),
]


# --------------------------------------------------------------- mastering

def loudness(x):
    """RMS (dBFS) of the loud part: the WIN windows within GATE_DB of the
    loudest, or the whole sound when it is shorter than one window."""
    w = int(WIN * SR)
    if len(x) < w:
        return 10 * math.log10(np.mean(x * x) + 1e-20)
    ms = np.mean(x[:len(x) // w * w].reshape(-1, w) ** 2, axis=1)
    loud = ms[ms >= ms.max() * db(-GATE_DB) ** 2]
    return 10 * math.log10(np.mean(loud) + 1e-20)


def limit(x, ceiling):
    """Gain riding so no sample exceeds ceiling: the needed gain's running
    minimum over 8 ms, smoothed by a 4 ms box (each box term is a minimum
    over a window holding the sample, so the peak never gets through)."""
    need = np.minimum(1.0, ceiling / np.maximum(np.abs(x), 1e-12))
    if need.min() >= 1.0:
        return x
    h = int(0.004 * SR)
    pad = np.pad(need, h, constant_values=1.0)
    held = np.lib.stride_tricks.sliding_window_view(pad, 2 * h + 1).min(axis=1)
    b = h // 2
    c = np.concatenate(([0.0], np.cumsum(np.pad(held, b, mode="edge"))))
    gain = (c[2 * b + 1:] - c[:-2 * b - 1]) / (2 * b + 1)
    return np.clip(x * gain, -ceiling, ceiling)


def master(x, kind, target):
    if kind == "once":
        first = np.argmax(np.abs(x) > np.abs(x).max() * db(-50))
        x = x[first:]
        fade = min(int(0.03 * SR), len(x) // 3)
        x[-fade:] *= 0.5 + 0.5 * np.cos(math.pi * np.arange(1, fade + 1) / fade)
        x[-1] = 0.0
    ceiling = db(CEILING_DB)
    for _ in range(3):  # limiting takes a little loudness; give it back
        x = limit(x * db(target - loudness(x)), ceiling)
    return x


def seed_of(name):
    return zlib.crc32(name.encode(), SEED)


def render(name, kind, length, target, builder):
    rng = np.random.default_rng(seed_of(name))
    n = int(round(length * SR))
    x = builder(rng, n, name)
    if kind == "loop":
        # Circular already (its noise has no DC); a filter here would
        # start cold and break the join.
        x = x - np.mean(x)
    else:
        x = x - onepole(x, 20)  # no DC, no sub-audio drift
    return master(x, kind, target)


def write_wav(path, x):
    pcm = np.round(x * 32767).astype("<i2")
    try:
        with open(path, "wb") as f, wave.open(f, "wb") as w:
            w.setnchannels(1)
            w.setsampwidth(2)
            w.setframerate(SR)
            w.writeframes(pcm.tobytes())
    except OSError as e:
        sys.exit(f"make_sounds: cannot write {path}: {e.strerror}")


def main():
    out_dir = sys.argv[1] if len(sys.argv) > 1 else "data/sounds"
    try:
        os.makedirs(out_dir, exist_ok=True)
    except OSError as e:
        sys.exit(f"make_sounds: cannot make {out_dir}: {e.strerror}")
    lines = ["shoal's sounds, written by tools/sounds/make_sounds.py: WAV, PCM 16-bit,",
             f"mono, {SR} Hz. kind: once (a one-shot) or loop (seamless); length in s;",
             "loudness: the target RMS of the loud part, dBFS; seed: crc32(name, SEED).",
             "",
             "name        kind  length  loudness  seed"]
    for name, kind, length, target, builder in SOUNDS:
        x = render(name, kind, length, target, builder)
        write_wav(os.path.join(out_dir, name + ".wav"), x)
        lines.append(f"{name:<11} {kind:<5} {len(x) / SR:6.3f}  {target:8d}  {seed_of(name)}")
    with open(os.path.join(out_dir, "README"), "w") as f:
        f.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
