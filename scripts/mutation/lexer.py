"""Tokens of Swift and C sources (enough to find mutation sites, not a parser)."""

from __future__ import annotations

import dataclasses
import re


@dataclasses.dataclass(frozen=True)
class Tok:
    """One token: kind is id, num, str, op, punct, pound (#if, #available ...) or attr (@foo)."""
    kind: str
    text: str
    start: int
    end: int


SWIFT_OP_CHARS = set("/=-+!*%<>&|^~?")
C_OPERATORS = sorted(
    ["<<=", ">>=", "...", "->", "++", "--", "<<", ">>", "<=", ">=", "==", "!=", "&&", "||", "+=",
     "-=", "*=", "/=", "%=", "&=", "^=", "|=", "+", "-", "*", "/", "%", "<", ">", "=", "!", "~",
     "&", "|", "^", "?"], key=len, reverse=True)
SWIFT_NUMBER = re.compile(
    r"0x[0-9a-fA-F_]+(?:\.[0-9a-fA-F_]+)?(?:[pP][+-]?[0-9_]+)?|0b[01_]+|0o[0-7_]+"
    r"|[0-9][0-9_]*(?:\.[0-9][0-9_]*)?(?:[eE][+-]?[0-9_]+)?")
C_NUMBER = re.compile(
    r"(?:0[xX][0-9a-fA-F]+|(?:[0-9]+\.[0-9]*|\.[0-9]+|[0-9]+)(?:[eE][+-]?[0-9]+)?)[uUlLfF]*")


def _is_ident_start(c: str) -> bool:
    return c == "_" or c.isalpha()


def _is_ident_char(c: str) -> bool:
    return c == "_" or c.isalnum()


def _skip_swift_string(s: str, i: int) -> int:
    """Index just past the string literal (raw, multi-line, interpolated) starting at s[i]."""
    n = len(s)
    hashes = 0
    while i + hashes < n and s[i + hashes] == "#":
        hashes += 1
    j = i + hashes
    multi = s.startswith('"""', j)
    j += 3 if multi else 1
    close = ('"""' if multi else '"') + "#" * hashes
    escape = "\\" + "#" * hashes
    while j < n:
        if s.startswith(escape, j):
            k = j + len(escape)
            if k < n and s[k] == "(":
                j = _skip_interpolation(s, k + 1)
            else:
                j = k + 1
            continue
        if s.startswith(close, j):
            return j + len(close)
        if not multi and s[j] == "\n":
            return j
        j += 1
    return n


def _skip_interpolation(s: str, j: int) -> int:
    """Index just past the `)` that closes an interpolation whose body starts at s[j]."""
    depth = 1
    n = len(s)
    while j < n:
        c = s[j]
        if c == '"' or (c == "#" and re.match(r'#+"', s[j:j + 8])):
            j = _skip_swift_string(s, j)
            continue
        if c == "(":
            depth += 1
        elif c == ")":
            depth -= 1
            if depth == 0:
                return j + 1
        j += 1
    return n


def lex_swift(s: str) -> list[Tok]:
    """Tokens of Swift source; comments and whitespace are dropped, string literals are one token."""
    toks: list[Tok] = []
    i, n = 0, len(s)
    while i < n:
        c = s[i]
        if c.isspace():
            i += 1
            continue
        if s.startswith("//", i):
            j = s.find("\n", i)
            i = n if j < 0 else j
            continue
        if s.startswith("/*", i):
            depth, j = 1, i + 2
            while j < n and depth:
                if s.startswith("/*", j):
                    depth, j = depth + 1, j + 2
                elif s.startswith("*/", j):
                    depth, j = depth - 1, j + 2
                else:
                    j += 1
            i = j
            continue
        if c == '"' or (c == "#" and re.match(r'#+"', s[i:i + 8])):
            j = _skip_swift_string(s, i)
            toks.append(Tok("str", s[i:j], i, j))
            i = j
            continue
        if c == "#" or c == "@":
            j = i + 1
            while j < n and _is_ident_char(s[j]):
                j += 1
            toks.append(Tok("pound" if c == "#" else "attr", s[i:j], i, j))
            i = j
            continue
        if c.isdigit():
            m = SWIFT_NUMBER.match(s, i)
            toks.append(Tok("num", m.group(0), i, m.end()))
            i = m.end()
            continue
        if _is_ident_start(c) or c == "$":
            j = i + 1
            while j < n and _is_ident_char(s[j]):
                j += 1
            toks.append(Tok("id", s[i:j], i, j))
            i = j
            continue
        if c == "`":
            j = s.find("`", i + 1)
            j = n if j < 0 else j + 1
            toks.append(Tok("id", s[i:j], i, j))
            i = j
            continue
        if c == ".":
            j = i + 1
            while j < n and (s[j] == "." or s[j] in SWIFT_OP_CHARS) and not s.startswith("//", j) \
                    and not s.startswith("/*", j):
                j += 1
            toks.append(Tok("punct" if j == i + 1 else "op", s[i:j], i, j))
            i = j
            continue
        if c in SWIFT_OP_CHARS:
            j = i + 1
            while j < n and s[j] in SWIFT_OP_CHARS and not s.startswith("//", j) \
                    and not s.startswith("/*", j):
                j += 1
            toks.append(Tok("op", s[i:j], i, j))
            i = j
            continue
        toks.append(Tok("punct", c, i, i + 1))
        i += 1
    return toks


def lex_c(s: str) -> list[Tok]:
    """Tokens of C source; comments and preprocessor lines are dropped, literals are one token."""
    toks: list[Tok] = []
    i, n = 0, len(s)
    line_start = True
    while i < n:
        c = s[i]
        if c == "\n":
            line_start = True
            i += 1
            continue
        if c.isspace():
            i += 1
            continue
        if c == "#" and line_start:  # a preprocessor line, with its continuations
            j = i
            while True:
                k = s.find("\n", j)
                if k < 0:
                    j = n
                    break
                if s[k - 1] == "\\":
                    j = k + 1
                    continue
                j = k
                break
            i = j
            continue
        line_start = False
        if s.startswith("//", i):
            j = s.find("\n", i)
            i = n if j < 0 else j
            continue
        if s.startswith("/*", i):
            j = s.find("*/", i + 2)
            i = n if j < 0 else j + 2
            continue
        if c in "\"'":
            j = i + 1
            while j < n and s[j] != c and s[j] != "\n":
                j += 2 if s[j] == "\\" else 1
            j = min(j + 1, n)
            toks.append(Tok("str", s[i:j], i, j))
            i = j
            continue
        if c.isdigit() or (c == "." and i + 1 < n and s[i + 1].isdigit()):
            m = C_NUMBER.match(s, i)
            toks.append(Tok("num", m.group(0), i, m.end()))
            i = m.end()
            continue
        if _is_ident_start(c):
            j = i + 1
            while j < n and _is_ident_char(s[j]):
                j += 1
            toks.append(Tok("id", s[i:j], i, j))
            i = j
            continue
        for op in C_OPERATORS:
            if s.startswith(op, i):
                toks.append(Tok("op", op, i, i + len(op)))
                i += len(op)
                break
        else:
            toks.append(Tok("punct", c, i, i + 1))
            i += 1
    return toks
