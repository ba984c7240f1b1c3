"""A mutant applied, shown as a diff or a one-line before/after."""

from __future__ import annotations

import difflib

from .mutant import Mutant


def apply(text: str, m: Mutant) -> str:
    return text[:m.start] + m.replacement + text[m.end:]


def diff_of(text: str, m: Mutant, context: int = 2) -> str:
    new = apply(text, m)
    lines = difflib.unified_diff(text.splitlines(), new.splitlines(), f"a/{m.file}", f"b/{m.file}",
                                 n=context, lineterm="")
    return "\n".join(lines)


def _clip(s: str, a: int, b: int, width: int = 36) -> str:
    lo = max(0, a - width)
    hi = min(len(s), b + width)
    return ("…" if lo > 0 else "") + s[lo:hi] + ("…" if hi < len(s) else "")


def describe(text: str, m: Mutant) -> tuple[str, str]:
    """The original and mutated fragments of the line, around the change."""
    a = text.rfind("\n", 0, m.start) + 1
    b = text.find("\n", m.end)
    b = len(text) if b < 0 else b
    line = text[a:b]
    indent = len(line) - len(line.lstrip())
    line = line.strip()
    s, e = m.start - a - indent, m.end - a - indent
    if m.operator == "statement":
        return _clip(line, 0, len(line), 60), "(deleted)"
    mutated = line[:s] + m.replacement + line[e:]
    return _clip(line, s, e), _clip(mutated, s, s + len(m.replacement))
