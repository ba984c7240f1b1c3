#!/usr/bin/env python3
# Reference values for BlendFormulaTests: the W3C Compositing and Blending Level 1 formulas
# (https://www.w3.org/TR/compositing-1/, §9.1 Porter-Duff, §10 blend modes) written out again,
# independently of Lamina's Swift code, in exact rational arithmetic (Fraction; only softLight's
# square root goes through a float). Premultiplied 8-bit ARGB in, rounded to nearest 8-bit out
# (colour clamped to 0...alpha). Run:  python3 Tests/CompositorTests/Support/blend_reference.py
# It prints a Swift table, pasted into BlendFormulaTests.expected, and fails if any result lies
# within 1e-6 of a rounding tie (where two correct implementations could round differently).
from fractions import Fraction as F
import math, sys

PAIRS = [  # (backdrop, source), premultiplied 0xAARRGGBB
    (0xFF4080C0, 0xFFC08040),
    (0xFF202020, 0xFFE0E0E0),
    (0x80402000, 0xC0604020),
    (0xFF10A0F0, 0x80604000),
    (0x00000000, 0x80808080),
    (0xFFC86432, 0xFF3278C8),
]
MODES = ["multiply", "screen", "overlay", "darken", "lighten", "colorDodge", "colorBurn", "hardLight",
         "softLight", "difference", "exclusion", "hue", "saturation", "color", "luminosity",
         "clear", "copy", "destinationOver", "sourceIn", "destinationIn", "sourceOut", "destinationOut",
         "sourceAtop", "destinationAtop", "xor", "plusLighter", "plusDarker"]
PD = {"clear": lambda a, b: (0, 0), "copy": lambda a, b: (1, 0), "destinationOver": lambda a, b: (1 - b, 1),
      "sourceIn": lambda a, b: (b, 0), "destinationIn": lambda a, b: (0, a), "sourceOut": lambda a, b: (1 - b, 0),
      "destinationOut": lambda a, b: (0, 1 - a), "sourceAtop": lambda a, b: (b, 1 - a),
      "destinationAtop": lambda a, b: (1 - b, a), "xor": lambda a, b: (1 - b, 1 - a), "plusLighter": lambda a, b: (1, 1)}

def split(p):
    return F(p >> 24, 255), [F((p >> s) & 255, 255) for s in (16, 8, 0)]

def screen(b, s): return b + s - b * s
def hard(b, s): return b * 2 * s if s <= F(1, 2) else screen(b, 2 * s - 1)
def soft(b, s):
    if s <= F(1, 2): return b - (1 - 2 * s) * b * (1 - b)
    d = ((16 * b - 12) * b + 4) * b if b <= F(1, 4) else F(math.sqrt(b))
    return b + (2 * s - 1) * (d - b)
def dodge(b, s):
    if b == 0: return F(0)
    if s == 1: return F(1)
    return min(F(1), b / (1 - s))
def burn(b, s):
    if b == 1: return F(1)
    if s == 0: return F(0)
    return 1 - min(F(1), (1 - b) / s)
SEP = {"multiply": lambda b, s: b * s, "screen": screen, "overlay": lambda b, s: hard(s, b),
       "darken": min, "lighten": max, "colorDodge": dodge, "colorBurn": burn, "hardLight": hard,
       "softLight": soft, "difference": lambda b, s: abs(b - s), "exclusion": lambda b, s: b + s - 2 * b * s}

def lum(c): return F(3, 10) * c[0] + F(59, 100) * c[1] + F(11, 100) * c[2]
def clip_color(c):
    l = lum(c); n = min(c); x = max(c)
    if n < 0: c = [l + (v - l) * l / (l - n) for v in c]
    if x > 1: c = [l + (v - l) * (1 - l) / (x - l) for v in c]
    return c
def set_lum(c, l):
    d = l - lum(c)
    return clip_color([v + d for v in c])
def sat(c): return max(c) - min(c)
def set_sat(c, s):
    x, n = max(c), min(c)
    if x == n: return [F(0)] * 3
    return [(v - n) * s / (x - n) for v in c]
NONSEP = {"hue": lambda b, s: set_lum(set_sat(s, sat(b)), lum(b)),
          "saturation": lambda b, s: set_lum(set_sat(b, sat(s)), lum(b)),
          "color": lambda b, s: set_lum(s, lum(b)),
          "luminosity": lambda b, s: set_lum(b, lum(s))}

def blend(dst, src, mode):
    ab, cb = split(dst); as_, cs = split(src)
    if mode == "plusDarker":  # Apple's R = max(0, 1 - ((1 - D) + (1 - S))) with alpha as Safari composites it
        ao = min(as_ + ab, 1)
        co = [max(F(0), ao - (as_ - s) - (ab - b)) for s, b in zip(cs, cb)]
    elif mode in PD:
        fa, fb = PD[mode](as_, ab)
        co = [fa * s + fb * b for s, b in zip(cs, cb)]
        ao = fa * as_ + fb * ab
        if mode == "plusLighter": ao = min(ao, 1); co = [min(v, 1) for v in co]
    else:
        Cs = [v / as_ if as_ else F(0) for v in cs]; Cb = [v / ab if ab else F(0) for v in cb]
        B = [SEP[mode](b, s) for b, s in zip(Cb, Cs)] if mode in SEP else NONSEP[mode](Cb, Cs)
        co = [s * (1 - ab) + b * (1 - as_) + as_ * ab * m for s, b, m in zip(cs, cb, B)]
        ao = as_ + ab * (1 - as_)
    def q(v, limit=255):
        x = min(max(v, F(0)), F(1)) * 255
        frac = x - math.floor(x)
        if abs(frac - F(1, 2)) < F(1, 10**6): sys.exit(f"rounding tie: {mode} {dst:08X} {src:08X}")
        return min(math.floor(x + F(1, 2)), limit)
    A = q(ao)
    return A << 24 | q(co[0], A) << 16 | q(co[1], A) << 8 | q(co[2], A)

print("    static let pairs: [(backdrop: UInt32, source: UInt32)] = [" + ", ".join(f"(0x{d:08X}, 0x{s:08X})" for d, s in PAIRS) + "]")
print("    static let expected: [BlendMode: [UInt32]] = [")
for m in MODES:
    print(f"        .{m}: [" + ", ".join(f"0x{blend(d, s, m):08X}" for d, s in PAIRS) + "],")
print("    ]")
