"""The mutations of one number literal."""

from __future__ import annotations

import re


def mutate_number(text: str, lang: str) -> list[str]:
    """Replacements for a numeric literal: 0→1, 1→0, n→n+1 (n−1 at all-ones maxima), 0.5→0.25,
    other fractions halved, other floats doubled."""
    suffix = ""
    body = text
    if lang == "c":
        hexa = text[:2] in ("0x", "0X")
        m = re.match(r"(.*?)([uUlL]*)$" if hexa else r"(.*?)([uUlLfF]*)$", text)
        body, suffix = m.group(1), m.group(2)
    clean = body.replace("_", "")
    try:
        if re.fullmatch(r"0[xX][0-9a-fA-F]+", clean):
            v = int(clean, 16)
            width = len(clean) - 2
            nv = v - 1 if v > 0 and (v + 1) & v == 0 else v + 1
            return [f"0x{nv:0{width}X}{suffix}"]
        if re.fullmatch(r"0b[01]+|0o[0-7]+", clean):
            v = int(clean, 0)
            return [str(v + 1) + suffix]
        if re.fullmatch(r"[0-9]+", clean):
            v = int(clean)
            if v == 0:
                return ["1" + suffix]
            if v == 1:
                return ["0" + suffix]
            nv = v - 1 if (v + 1) & v == 0 and v >= 255 else v + 1
            return [str(nv) + suffix]
        v = float(clean)
    except ValueError:
        return []
    if "e" in clean.lower():
        m = re.fullmatch(r"([0-9.]+)[eE]([+-]?[0-9]+)", clean)
        if not m:
            return []
        return [f"{m.group(1)}e{int(m.group(2)) + 1}{suffix}"]
    if v == 0:
        nv = 1.0
    elif v == 1:
        nv = 0.0
    elif v < 1:
        nv = v / 2
    elif v == int(v):
        nv = v + 1
    else:
        nv = v * 2
    s = repr(nv)
    if "e" in s or "inf" in s:
        return []
    if "." not in s:
        s += ".0"
    return [s + suffix]
