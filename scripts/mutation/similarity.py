"""Whether two names or member chains probably have the same type (for swaps)."""

from __future__ import annotations

import re


LABEL_FAMILIES = [
    {"x", "y", "z", "w"}, {"width", "height", "depth"}, {"dx", "dy", "dz"},
    {"red", "green", "blue", "alpha"}, {"a", "b", "c", "d", "tx", "ty"},
    {"top", "left", "bottom", "right"}, {"minX", "minY", "maxX", "maxY"}, {"from", "to", "lineFrom"},
    {"start", "end"}, {"lower", "upper"}, {"sx", "sy", "sz"}, {"tx", "ty", "tz"},
    {"p", "q"}, {"u", "v"}, {"i", "j", "k"}, {"m", "n"}, {"r", "g", "b"}, {"s", "t"}, {"w", "h"},
    {"lo", "hi"}, {"l", "r"}, {"e", "f", "g", "h"},
]
# Words that name one of several alike things (an axis, a bound, a channel); names that differ only
# in such words from one family (rowX / rowY, x0 / x1, minX / maxX) probably have the same type.
AXIS_FAMILIES = [{"x", "y", "z", "w"}, {"u", "v"}, {"width", "height", "depth"},
                 {"start", "end", "from", "to", "min", "max", "lower", "upper", "lo", "hi"},
                 {"red", "green", "blue", "alpha"}, {"left", "right", "top", "bottom"}, {"0", "1", "2", "3"}]
# Members whose type gives away that two otherwise alike chains differ (a count is not a pointer).
TELLING_MEMBERS = {"count", "isEmpty", "baseAddress", "first", "last", "startIndex", "endIndex",
                   "description", "rawValue", "pointee", "capacity", "indices", "keys", "values"}


def similar_names(a: str, b: str) -> bool:
    """Whether two names look like the same kind of thing: x/y, width/height, x0/y0, rowX/rowY, ca/cb."""
    if a == b or any(a in f and b in f for f in LABEL_FAMILIES):
        return True
    if len(a) == 1 or len(b) == 1:
        return False
    if len(a) == len(b) and sum(p != q for p, q in zip(a, b)) == 1:
        return True
    wa, wb = _words(a), _words(b)
    if len(wa) != len(wb):
        return False
    return all(x == y or any(x.lower() in f and y.lower() in f for f in AXIS_FAMILIES) for x, y in zip(wa, wb))


def _words(name: str) -> list[str]:
    """camelCase and digit runs: rowX → [row, X], x0 → [x, 0], texWidth → [tex, Width]."""
    return re.findall(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])|[0-9]+|_", name)


def similar_chains(a: str, b: str) -> bool:
    """Member chains of the same length whose bases or last members are alike (p.x / p.y)."""
    pa, pb = a.split("."), b.split(".")
    if len(pa) != len(pb):
        return False
    if pa[-1] in TELLING_MEMBERS or pb[-1] in TELLING_MEMBERS:
        return pa[-1] == pb[-1] and similar_names(pa[0], pb[0])
    if len(pa) == 1:
        return similar_names(a, b)
    if pa[:-1] == pb[:-1]:
        return similar_names(pa[-1], pb[-1])
    return pa[-1] == pb[-1] and similar_names(pa[0], pb[0])
