#!/usr/bin/env python3
"""Mutation testing for Lamina (a developer tool; not part of `swift test`).

The tool finds mutation sites in the production sources of CoreGraphics, Compositor, CPixelKernels,
QuartzCore and Scenes, picks a sample of them from a seed, and for each mutant builds a copy of the
repository, runs the tests most related to the mutated file first and then the whole suite, and
reports whether some test failed (KILLED), none did (SURVIVED), the mutant did not build (DID NOT
COMPILE) or the tests hung (TIMEOUT, counted as killed).

The developer's working tree is never written to (except `scripts/mutation-equivalents.txt` by
--mark-equivalent). The checked-in files plus uncommitted changes (`git ls-files --cached --others
--exclude-standard`, read from the working tree) are copied into a work folder (default
/tmp/lamina-mutate) whose `.build` is reused between mutants and between runs, so each mutant is an
incremental build. Only files whose content changed are rewritten, so a second run starts fast.

Typical use:
    python3 scripts/mutate.py --seed 1 --count 8 --list          # what would be tried
    python3 scripts/mutate.py --seed 1 --count 8 --json m.json    # run them
    python3 scripts/mutate.py --seed 1 --count 40 --resume m.json # go on after an interruption
    python3 scripts/mutate.py --only CATransform3D-1a2b3c4d       # re-run one mutant, with its diff
    python3 scripts/mutate.py --mark-equivalent ID --reason "..." # record an equivalent mutant

Python 3.11 standard library only.
"""

from __future__ import annotations

import argparse
import bisect
import dataclasses
import difflib
import fnmatch
import hashlib
import json
import os
import random
import re
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

# ----------------------------------------------------------------------------------------------
# Configuration

MODULES = ["CoreGraphics", "Compositor", "CPixelKernels", "QuartzCore", "Scenes"]
SKIPPED_DIRS = ["Sources/Scenes/Fuzz/"]  # fuzzer tooling, not library behaviour
SOURCE_SUFFIXES = (".swift", ".c", ".h")

# The test targets that exercise each module directly (the quick subset starts from these).
MODULE_TEST_TARGETS = {
    "CoreGraphics": ["CoreGraphicsTests"],
    "Compositor": ["CompositorTests"],
    "CPixelKernels": ["CompositorTests"],
    "QuartzCore": ["QuartzCoreTests"],
    "Scenes": ["RenderTests"],
}

EQUIVALENTS_FILE = "scripts/mutation-equivalents.txt"
DEFAULT_WORKDIR = "/tmp/lamina-mutate"
WORKDIR_MARKER = ".lamina-mutate-workdir"

# Calls whose arguments are not mutated and whose statements are never removed: messages of
# unreachable paths, assertions (a failing one traps, which XCTest cannot observe) and printing.
UNMUTATED_CALLS = {
    "fatalError", "preconditionFailure", "assertionFailure", "precondition", "assert",
    "dispatchPrecondition", "print", "debugPrint",
}
# Functions whose two arguments commute: swapping them is equivalent by construction.
SYMMETRIC_CALLS = {"min", "max", "hypot", "fmin", "fmax", "Swift.min", "Swift.max"}

SWIFT_KEYWORDS = {
    "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import",
    "init", "inout", "internal", "let", "open", "operator", "private", "precedencegroup",
    "protocol", "public", "rethrows", "static", "struct", "subscript", "typealias", "var",
    "break", "case", "catch", "continue", "default", "defer", "do", "else", "fallthrough", "for",
    "guard", "if", "in", "repeat", "return", "throw", "switch", "where", "while", "as", "is",
    "nil", "true", "false", "self", "Self", "super", "throws", "try", "await", "async", "some",
    "any", "final", "override", "mutating", "nonmutating", "lazy", "weak", "unowned",
    "convenience", "required", "indirect", "dynamic", "optional", "get", "set", "willSet",
    "didSet", "actor", "nonisolated", "isolated", "consuming", "borrowing", "package", "Type",
}
C_KEYWORDS = {
    "auto", "break", "case", "char", "const", "continue", "default", "do", "double", "else",
    "enum", "extern", "float", "for", "goto", "if", "inline", "int", "long", "register",
    "restrict", "return", "short", "signed", "sizeof", "static", "struct", "switch", "typedef",
    "union", "unsigned", "void", "volatile", "while", "_Bool", "_Atomic", "__attribute__",
    "bool",
}

RELATIONAL = {
    "<": ["<=", ">"], "<=": ["<", ">"], ">": [">=", "<"], ">=": [">", "<"],
    "==": ["!="], "!=": ["=="], "===": ["!=="], "!==": ["==="],
}
ARITHMETIC = {
    "+": ["-"], "-": ["+"], "*": ["/"], "/": ["*"], "%": ["*"],
    "&+": ["&-"], "&-": ["&+"], "&*": ["&+"],
}
COMPOUND = {"+=": ["-="], "-=": ["+="], "*=": ["/="], "/=": ["*="], "&+=": ["&-="], "&-=": ["&+="]}
BOOLEAN = {"&&": ["||"], "||": ["&&"]}
ASSIGNMENT_OPS = {"=", "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", "<<=", ">>=", "&+=", "&-=",
                  "&*="}

OPERATOR_KINDS = ["relational", "arithmetic", "sign", "boolean", "constant", "swap", "statement"]

# ----------------------------------------------------------------------------------------------
# Lexing


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


# ----------------------------------------------------------------------------------------------
# Mutants


@dataclasses.dataclass
class Mutant:
    """One mutation: replace text[start:end] of `file` by `replacement`."""
    file: str          # path relative to the repository
    module: str
    line: int          # 1-based line of the mutation's start
    start: int
    end: int
    replacement: str
    operator: str      # one of OPERATOR_KINDS
    mutation: str      # e.g. "< → <=", "delete statement"
    line_text: str     # the original line, stripped (part of the stable key)
    occurrence: int = 0
    id: str = ""

    def key(self) -> dict:
        """What identifies this mutant across runs (no line number: lines move)."""
        return {"file": self.file, "line": self.line_text, "mutation": self.mutation,
                "occurrence": self.occurrence}

    def location(self) -> tuple:
        return (self.file, self.start)


def mutant_id(file: str, line_text: str, mutation: str, occurrence: int) -> str:
    """The stable ID: file stem plus a hash of the key (file, line text, mutation, occurrence)."""
    payload = json.dumps([file, line_text, mutation, occurrence], ensure_ascii=False)
    digest = hashlib.sha1(payload.encode("utf-8")).hexdigest()[:8]
    stem = re.sub(r"[^A-Za-z0-9]+", "", Path(file).stem) or "file"
    return f"{stem}-{digest}"


class SourceFile:
    """A source file with its tokens, line table and per-token context, ready for site finding."""

    def __init__(self, rel: str, module: str, text: str):
        self.rel = rel
        self.module = module
        self.text = text
        self.lang = "swift" if rel.endswith(".swift") else "c"
        self.toks = lex_swift(text) if self.lang == "swift" else lex_c(text)
        self.line_starts = [0] + [m.end() for m in re.finditer("\n", text)]
        self.tok_line = [self.line_of(t.start) for t in self.toks]
        self.by_line: dict[int, list[int]] = {}
        for k, ln in enumerate(self.tok_line):
            self.by_line.setdefault(ln, []).append(k)
        self.code_lines = sorted(self.by_line)
        self.skip = [False] * len(self.toks)       # tokens never mutated
        self.match = self._match_brackets()
        self.dead_lines = self._dead_lines()
        self._mark_skips()
        self.scope_at_line = self._scopes()

    # -- positions

    def line_of(self, offset: int) -> int:
        return bisect.bisect_right(self.line_starts, offset)

    def line_text(self, line: int) -> str:
        a = self.line_starts[line - 1]
        b = self.line_starts[line] - 1 if line < len(self.line_starts) else len(self.text)
        return self.text[a:b]

    def ws_before(self, t: Tok) -> bool:
        return t.start == 0 or self.text[t.start - 1].isspace()

    def ws_after(self, t: Tok) -> bool:
        return t.end >= len(self.text) or self.text[t.end].isspace()

    def left_bound(self, t: Tok) -> bool:
        return t.start > 0 and not self.text[t.start - 1].isspace() and self.text[t.start - 1] not in "([{,;:"

    def right_bound(self, t: Tok) -> bool:
        return t.end < len(self.text) and not self.text[t.end].isspace() and self.text[t.end] not in ")]},;:"

    def tok(self, k: int) -> Tok | None:
        return self.toks[k] if 0 <= k < len(self.toks) else None

    # -- structure

    def _match_brackets(self) -> dict[int, int]:
        pairs = {"(": ")", "[": "]", "{": "}"}
        stack: list[int] = []
        match: dict[int, int] = {}
        for k, t in enumerate(self.toks):
            if t.kind != "punct":
                continue
            if t.text in pairs:
                stack.append(k)
            elif t.text in ")]}":
                while stack and pairs[self.toks[stack[-1]].text] != t.text:
                    stack.pop()  # tolerate unbalanced input
                if stack:
                    o = stack.pop()
                    match[o], match[k] = k, o
        return match

    def _dead_lines(self) -> set[int]:
        """Lines in #if branches that are not compiled on Linux (Swift), and the directives."""
        dead: set[int] = set()
        if self.lang != "swift":
            return dead
        truths = {"canImport(Glibc)": True, "os(Linux)": True, "canImport(Foundation)": True,
                  "canImport(Darwin)": False, "os(macOS)": False, "os(iOS)": False,
                  "canImport(UIKit)": False, "canImport(AppKit)": False}

        def evaluate(cond: str) -> bool:
            cond = cond.replace(" ", "")
            neg = cond.startswith("!")
            value = truths.get(cond.lstrip("!"), True)
            return (not value) if neg else value

        stack: list[list[bool]] = []  # [branch active, some branch taken]
        for ln in range(1, len(self.line_starts) + 1):
            s = self.line_text(ln).strip()
            m = re.match(r"#(if|elseif|else|endif)\b\s*(.*)", s)
            if m:
                dead.add(ln)
                kind, cond = m.group(1), m.group(2).split("//")[0].strip()
                if kind == "if":
                    v = evaluate(cond)
                    stack.append([v, v])
                elif kind == "elseif" and stack:
                    v = (not stack[-1][1]) and evaluate(cond)
                    stack[-1] = [v, stack[-1][1] or v]
                elif kind == "else" and stack:
                    stack[-1] = [not stack[-1][1], True]
                elif kind == "endif" and stack:
                    stack.pop()
                continue
            if any(not active for active, _ in stack):
                dead.add(ln)
        return dead

    def _mark_skips(self) -> None:
        toks = self.toks
        for k, t in enumerate(toks):
            ln = self.tok_line[k]
            if ln in self.dead_lines:
                self.skip[k] = True
            # attribute arguments: @available(macOS 10.15, *), __attribute__((...))
            if (t.kind == "attr" or t.text == "__attribute__") and k + 1 < len(toks) \
                    and toks[k + 1].text == "(" and (k + 1) in self.match:
                for j in range(k, self.match[k + 1] + 1):
                    self.skip[j] = True
            # arguments of assertions and unreachable-path messages
            if t.kind == "id" and t.text in UNMUTATED_CALLS and k + 1 < len(toks) \
                    and toks[k + 1].text == "(" and (k + 1) in self.match:
                for j in range(k, self.match[k + 1] + 1):
                    self.skip[j] = True
            # pound expressions: #available(...), #selector(...), #file
            if t.kind == "pound" and k + 1 < len(toks) and toks[k + 1].text == "(" and (k + 1) in self.match:
                for j in range(k, self.match[k + 1] + 1):
                    self.skip[j] = True
        for ln, ks in self.by_line.items():
            first = toks[ks[0]]
            if first.text in ("import", "@_exported", "@_implementationOnly", "precedencegroup") \
                    or first.kind == "pound" and first.text in ("#if", "#elseif", "#else", "#endif",
                                                                "#warning", "#error", "#sourceLocation"):
                for k in ks:
                    self.skip[k] = True

    def _scopes(self) -> dict[int, list[str]]:
        """For each code line, the stack of open brackets at its start: '(' '[' or a brace's kind."""
        stack: list[str] = []
        at_line: dict[int, list[str]] = {}
        last_line = 0
        for k, t in enumerate(self.toks):
            ln = self.tok_line[k]
            if ln != last_line:
                at_line[ln] = list(stack)
                last_line = ln
            if t.kind != "punct":
                continue
            if t.text in "([":
                stack.append(t.text)
            elif t.text == "{":
                stack.append(self._brace_kind(k))
            elif t.text in ")]}" and stack:
                stack.pop()
        return at_line

    def _header(self, k: int) -> list[Tok]:
        """The tokens of the statement whose `{` is token k (back to the statement's start)."""
        toks = self.toks
        j = k - 1
        depth = 0
        while j >= 0:
            t = toks[j]
            if t.kind == "punct" and t.text in ")]":
                depth += 1
            elif t.kind == "punct" and t.text in "([":
                if depth == 0:
                    break
                depth -= 1
            elif depth == 0 and t.kind == "punct" and t.text in "{};":
                break
            if depth == 0 and j > 0 and self.tok_line[j - 1] != self.tok_line[j]:
                # a line break: the statement starts here unless this line continues the last one
                if not self._continues(j):
                    return toks[j:k]
            j -= 1
        return toks[j + 1:k]

    def _continues(self, j: int) -> bool:
        t = self.toks[j]
        prev = self.toks[j - 1]
        if t.text in (".", "->", "where", "throws", "rethrows", "async", "?", ":", "else") \
                or (t.kind == "op" and not self.right_bound(t)):
            return True
        return prev.text in (",", "->", ":", "=", "(", "[") or (prev.kind == "op" and not self.left_bound(prev)
                                                                   and prev.text not in ("?", "!"))

    def _brace_kind(self, k: int) -> str:
        header = [t for t in self._header(k) if t.kind not in ("attr",)]
        if self.lang == "c":
            words = [t.text for t in header]
            if any(w in ("if", "else", "for", "while", "do", "switch") for w in words[:1]):
                return "control"
            if words and words[-1] == ")" and "=" not in words:
                return "cfunc"
            return "type"
        words = [t.text for t in header]
        modifiers = {"public", "private", "fileprivate", "internal", "open", "static", "final",
                     "override", "mutating", "nonmutating", "convenience", "required", "class",
                     "lazy", "nonisolated", "indirect", "package", "@MainActor"}
        i = 0
        while i < len(words) and words[i] in modifiers and not (words[i] == "class" and i + 1 < len(words)
                                                                and words[i + 1] not in ("func", "var", "let")):
            i += 1
        first = words[i] if i < len(words) else ""
        if first in ("if", "else", "for", "while", "guard", "do", "catch", "defer", "repeat", "}"):
            return "control"
        if first == "switch":
            return "switch"
        if first == "func":
            return "valuefunc" if "->" in words else "voidfunc"
        if first == "init":
            return "init"
        if first == "deinit":
            return "voidfunc"
        if first in ("subscript", "get"):
            return "valuefunc"
        if first in ("set", "willSet", "didSet"):
            return "voidfunc"
        if first in ("class", "struct", "enum", "extension", "protocol", "actor"):
            return "type"
        if first in ("var", "let"):
            depth = 0
            for w in words:
                depth += 1 if w in ("(", "[") else -1 if w in (")", "]") else 0
                if w == "=" and depth == 0:
                    return "closure"  # `let x = f {` or `var x = {`: a closure's body
            return "valuefunc"        # `var x: T {`: a computed property's getter
        return "closure"

    # -- site finding

    def mutants(self) -> list[Mutant]:
        out: list[Mutant] = []
        self._operator_mutants(out)
        self._constant_mutants(out)
        self._swap_mutants(out)
        self._statement_mutants(out)
        out.sort(key=lambda m: (m.start, m.end, m.mutation))
        seen: dict[tuple, int] = {}
        for m in out:
            key = (m.line_text, m.mutation)
            m.occurrence = seen.get(key, 0)
            seen[key] = m.occurrence + 1
            m.id = mutant_id(m.file, m.line_text, m.mutation, m.occurrence)
        return out

    def _add(self, out: list[Mutant], start: int, end: int, replacement: str, operator: str,
             mutation: str) -> None:
        line = self.line_of(start)
        out.append(Mutant(self.rel, self.module, line, start, end, replacement, operator, mutation,
                          self.line_text(line).strip()))

    def _value_like_before(self, k: int) -> bool:
        p = self.tok(k - 1)
        return p is not None and (p.kind in ("id", "num", "str") and p.text not in SWIFT_KEYWORDS | C_KEYWORDS
                                  or p.text in (")", "]", "self", "nil", "true", "false")
                                  or (p.kind == "op" and p.text in ("?", "!") and self.left_bound(p)))

    def _value_like_after(self, k: int) -> bool:
        q = self.tok(k + 1)
        return q is not None and (q.kind in ("id", "num", "str") and q.text not in ("in", "else", "where", "as", "is")
                                  or q.text in ("(", "[", ".", "self", "nil", "true", "false", "\\")
                                  or (q.kind == "op" and self.right_bound(q) and not self.left_bound(q)))

    def _is_binary(self, k: int) -> bool:
        """A binary operator written with spaces on both sides, between two operands."""
        t = self.toks[k]
        if not (self.ws_before(t) and self.ws_after(t)):
            return False
        # (`static func == (` is not binary: `func` is a keyword, not an operand)
        return self._value_like_before(k) and self._value_like_after(k)

    def _is_array_literal(self, k: int) -> bool:
        """Whether the `[` at token k opens an array literal (not a subscript)."""
        return k >= 0 and not self._value_like_before(k)

    def _line_has_string(self, k: int) -> bool:
        ln = self.tok_line[k]
        return any(self.toks[j].kind == "str" for j in self.by_line.get(ln, []))

    def _line_text_has(self, k: int, pattern: str) -> bool:
        return re.search(pattern, self.line_text(self.tok_line[k])) is not None

    def _operator_mutants(self, out: list[Mutant]) -> None:
        # `-x` does not compile for unsigned x; Swift files that use UInt only get it on float lines
        uint_file = self.lang == "swift" and re.search(r"\bUInt", self.text) is not None
        for k, t in enumerate(self.toks):
            if self.skip[k] or t.kind != "op":
                continue
            p, q = self.tok(k - 1), self.tok(k + 1)
            if self._is_binary(k):
                if t.text in RELATIONAL:
                    # `where T == Int`: a type constraint, not a comparison
                    if p.kind == "id" and q.kind == "id" and p.text[:1].isupper() and q.text[:1].isupper() \
                            and self._line_text_has(k, r"\bwhere\b") and self.lang == "swift":
                        continue
                    for r in RELATIONAL[t.text]:
                        self._add(out, t.start, t.end, r, "relational", f"{t.text} → {r}")
                elif t.text in ARITHMETIC:
                    if t.text in ("+", "-") and (self._line_has_string(k) or q.text == "[" or p.text == "]"
                                                 and self._is_array_literal(self.match.get(k - 1, -1))):
                        continue  # string or array concatenation
                    for r in ARITHMETIC[t.text]:
                        self._add(out, t.start, t.end, r, "arithmetic", f"{t.text} → {r}")
                    if t.text in ("*", "/") and q.text != "-" and (q.kind in ("id", "num") or q.text == "(") \
                            and q.text not in SWIFT_KEYWORDS:
                        if self.lang == "c" or not uint_file or self._line_text_has(
                                k, r"CGFloat|Double|Float|\d\.\d"):
                            self._add(out, q.start, q.start, "-", "sign", f"{t.text} {q.text} → {t.text} -{q.text}")
                elif t.text in COMPOUND:
                    rest = [self.toks[j].text for j in self.by_line[self.tok_line[k]] if j > k]
                    if self._line_has_string(k) or q.text == "[" or "{" in rest:
                        continue  # strings, arrays (literals, or made by map { ... })
                    for r in COMPOUND[t.text]:
                        self._add(out, t.start, t.end, r, "arithmetic", f"{t.text} → {r}")
                elif t.text in BOOLEAN:
                    for r in BOOLEAN[t.text]:
                        self._add(out, t.start, t.end, r, "boolean", f"{t.text} → {r}")
            elif t.text in ("-", "!") and not self.ws_after(t) and q is not None and (
                    q.kind in ("id", "num") or q.text in ("(", ".")) and q.text not in ("in",):
                # a prefix operator: nothing value-like bound on its left
                if self.lang == "swift" and self.left_bound(t):
                    continue
                if self.lang == "c" and self._value_like_before(k) and p.text != "return":
                    continue
                if t.text == "-":
                    self._add(out, t.start, t.end, "", "sign", f"-{q.text} → {q.text}")
                else:
                    self._add(out, t.start, t.end, "", "boolean", f"!{q.text} → {q.text}")

    def _constant_mutants(self, out: list[Mutant]) -> None:
        for k, t in enumerate(self.toks):
            if self.skip[k] or t.kind != "num":
                continue
            p = self.tok(k - 1)
            if p is not None and p.text == "." and p.end == t.start:
                continue  # tuple element access: pair.0
            if self.lang == "c" and p is not None and p.text == "[" and self._c_declared_array(k):
                continue  # the size of a declared array: a larger one behaves the same
            ln = self.tok_line[k]
            first = self.toks[self.by_line[ln][0]]
            if first.text == "case" and self.scope_at_line.get(ln, [""])[-1:] == ["type"]:
                continue  # an enum case's raw value
            r = mutate_number(t.text, self.lang)
            for new in r:
                self._add(out, t.start, t.end, new, "constant", f"{t.text} → {new}")

    def _c_declared_array(self, k: int) -> bool:
        """Whether number token k is the size in a C declaration such as `int32_t t0[4], t1[4];`."""
        ks = self.by_line[self.tok_line[k]]
        first = self.toks[ks[0]]
        second = self.toks[ks[1]] if len(ks) > 1 else None
        name = self.tok(k - 2)
        before = self.tok(k - 3)
        return (first.kind == "id" and second is not None and second.kind == "id"
                and name is not None and name.kind == "id" and before is not None
                and (before.kind == "id" or before.text in (",", "*")))

    def _swap_mutants(self, out: list[Mutant]) -> None:
        toks = self.toks
        for k, t in enumerate(toks):
            if t.text != "(" or t.kind != "punct" or self.skip[k] or k not in self.match:
                continue
            close = self.match[k]
            if self.tok_line[close] != self.tok_line[k]:
                continue
            callee = self.tok(k - 1)
            if callee is None or callee.kind != "id" or callee.end != t.start:
                continue
            kw = SWIFT_KEYWORDS if self.lang == "swift" else C_KEYWORDS
            before = self.tok(k - 2)
            if callee.text in ("init", "subscript") and not (before is not None and before.text == "."):
                continue
            if callee.text in kw and callee.text not in ("init",):
                continue
            if callee.text in SYMMETRIC_CALLS or callee.text in UNMUTATED_CALLS:
                continue
            if before is not None and before.text in ("func", "case", "let", "var", "enum", "struct"):
                continue
            if self.lang == "c" and before is not None and before.kind == "id" and before.text != "return":
                continue  # a C declaration: `int f(int a, int b)`
            first = toks[self.by_line[self.tok_line[k]][0]]
            if first.text in ("case", "func") or first.kind == "attr" and first.text != "@discardableResult":
                continue
            args = self._split_args(k + 1, close)
            for a, b in zip(args, args[1:]):
                self._swap(out, a, b, callee.text)

    def _split_args(self, lo: int, hi: int) -> list[tuple[int, int]]:
        """Top-level comma-separated token ranges [a, b) between lo and hi."""
        args = []
        j, start = lo, lo
        while j < hi:
            t = self.toks[j]
            if t.text in "([{" and t.kind == "punct" and j in self.match:
                j = self.match[j] + 1
                continue
            if t.text == "," and t.kind == "punct":
                args.append((start, j))
                start = j + 1
            j += 1
        if start < hi:
            args.append((start, hi))
        return args

    def _arg_parts(self, rng: tuple[int, int]) -> tuple[str | None, int, int]:
        """(label, first value token, end) of an argument."""
        a, b = rng
        toks = self.toks
        if b - a >= 3 and toks[a].kind == "id" and toks[a + 1].text == ":" and self.lang == "swift":
            return toks[a].text, a + 2, b
        return None, a, b

    def _arg_kind(self, a: int, b: int) -> str:
        toks = self.toks[a:b]
        if not toks:
            return "empty"
        texts = [t.text for t in toks]
        if any(self.skip[j] for j in range(a, b)):
            return "skipped"
        if len(toks) == 1 and toks[0].kind == "num" or len(toks) == 2 and texts[0] == "-" and toks[1].kind == "num":
            return "num"
        if len(toks) == 1 and toks[0].kind == "str":
            return "str"
        if texts[0] in ("true", "false") and len(toks) == 1:
            return "bool"
        if texts[0] == "nil" and len(toks) == 1:
            return "nil"
        if "{" in texts or "in" in texts:
            return "closure"
        if "\\" in texts:
            return "keypath"
        if texts[0] == "[":
            return "array"
        if texts[0] == "&":
            return "inout"
        if texts[0] == "." and len(toks) == 2:
            return "dot"
        if any(t in ("let", "var", "_") for t in texts):
            return "pattern"
        for x, y in zip(toks, toks[1:]):
            if x.kind == "id" and y.kind == "id":
                return "declaration"
            if self.lang == "c" and x.kind == "id" and y.text == "*" and not (self.ws_before(y) and self.ws_after(y)):
                return "declaration"
        if all(t.kind == "id" or t.text == "." for t in toks) and toks[0].kind == "id":
            return "ident"
        return "expr"

    def _swap(self, out: list[Mutant], a: tuple[int, int], b: tuple[int, int], callee: str) -> None:
        la, a0, a1 = self._arg_parts(a)
        lb, b0, b1 = self._arg_parts(b)
        if (la is None) != (lb is None) or a0 >= a1 or b0 >= b1:
            return
        ka, kb = self._arg_kind(a0, a1), self._arg_kind(b0, b1)
        if ka != kb or ka not in ("num", "ident", "expr", "dot", "bool"):
            return
        s = self.text
        va = s[self.toks[a0].start:self.toks[a1 - 1].end]
        vb = s[self.toks[b0].start:self.toks[b1 - 1].end]
        if va == vb:
            return
        # "same apparent kind": the arguments probably have the same type, so the swap compiles
        if ka != "num":
            if la is not None and not similar_names(la, lb):
                return
            if ka == "ident" and not similar_chains(va, vb):
                return
            if ka == "expr" and not self._similar_exprs(a0, a1, b0, b1):
                return
        middle = s[self.toks[a1 - 1].end:self.toks[b0].start]
        start, end = self.toks[a0].start, self.toks[b1 - 1].end
        if la is None:
            desc = f"swap {callee}({va}, {vb}) → ({vb}, {va})"
        else:
            desc = f"swap {callee}({la}: {va}, {lb}: {vb}) → ({la}: {vb}, {lb}: {va})"
        self._add(out, start, end, vb + middle + va, "swap", desc)

    def _similar_exprs(self, a0: int, a1: int, b0: int, b1: int) -> bool:
        """Both arithmetic, both calls of the same function, or both subscripts of the same base."""
        ta, tb = self.toks[a0:a1], self.toks[b0:b1]
        arith = {"+", "-", "*", "/", "&+", "&-", "&*"}

        def is_arith(ts: list[Tok]) -> bool:
            return any(t.kind == "op" and t.text in arith for t in self._top_level(ts))

        def head(ts: list[Tok]) -> str | None:
            if len(ts) >= 2 and ts[0].kind == "id" and ts[1].text in ("(", "["):
                return ts[0].text + ts[1].text
            return None

        if is_arith(ta) and is_arith(tb):
            return True
        return head(ta) is not None and head(ta) == head(tb)

    # -- statement removal

    def _statement_mutants(self, out: list[Mutant]) -> None:
        uninitialized = set(re.findall(r"\b(?:let|var)\s+(\w+)\s*:\s*[^=\n{]+$", self.text, re.M)) \
            if self.lang == "swift" else set()
        for idx, ln in enumerate(self.code_lines):
            ks = self.by_line[ln]
            if any(self.skip[k] for k in ks):
                continue
            stack = self.scope_at_line.get(ln, [])
            if not stack or stack[-1] in ("(", "[", "type"):
                continue
            prev_ln = self.code_lines[idx - 1] if idx > 0 else None
            next_ln = self.code_lines[idx + 1] if idx + 1 < len(self.code_lines) else None
            toks = [self.toks[k] for k in ks]
            ok = self._swift_statement(ks, toks, stack, prev_ln, next_ln, uninitialized) if self.lang == "swift" \
                else self._c_statement(ks, toks, prev_ln)
            if not ok:
                continue
            a = self.line_starts[ln - 1]
            line = self.line_text(ln)
            indent = len(line) - len(line.lstrip())
            self._add(out, a + indent, a + len(line), "", "statement", "delete statement")

    def _balanced(self, toks: list[Tok]) -> bool:
        depth = 0
        for t in toks:
            if t.kind == "punct" and t.text in "([{":
                depth += 1
            elif t.kind == "punct" and t.text in ")]}":
                depth -= 1
                if depth < 0:
                    return False
        return depth == 0

    def _top_level(self, toks: list[Tok]) -> list[Tok]:
        depth, res = 0, []
        for t in toks:
            if t.kind == "punct" and t.text in "([{":
                if depth == 0:
                    res.append(t)
                depth += 1
            elif t.kind == "punct" and t.text in ")]}":
                depth -= 1
                if depth == 0:
                    res.append(t)
            elif depth == 0:
                res.append(t)
        return res

    def _ends_open(self, ln: int) -> bool:
        last = self.toks[self.by_line[ln][-1]]
        return last.text in (",", "(", "[", "=", ".", "->") or (
            last.kind == "op" and last.text not in ("?", "!") and not self.left_bound(last))

    def _starts_continuation(self, ln: int) -> bool:
        first = self.toks[self.by_line[ln][0]]
        return first.text in (".", "?", ":", "where", "->", "else", "catch") and first.text != "else" \
            or (first.kind == "op" and not self.right_bound(first))

    def _swift_statement(self, ks, toks, stack, prev_ln, next_ln, uninitialized) -> bool:
        first, last = toks[0], toks[-1]
        if first.kind in ("attr", "pound", "str", "num") or first.kind == "punct" and first.text != "_":
            return False
        allowed_first = {"self", "super", "try", "await", "_"}
        if first.text in SWIFT_KEYWORDS and first.text not in allowed_first:
            return False
        if first.kind == "op":
            return False
        if any(t.text == ";" for t in toks) or not self._balanced(toks):
            return False
        if last.text in ("{", ",", "(", "[", ".") or (last.kind == "op" and not self.left_bound(last)):
            return False
        if prev_ln is not None and self._ends_open(prev_ln):
            return False
        if next_ln is not None and self._starts_continuation(next_ln):
            return False
        texts = [t.text for t in toks]
        if "init" in texts and ("super" in texts or "self" in texts or texts[0] == "."):
            return False
        if any(t.kind == "id" and t.text in UNMUTATED_CALLS for t in toks):
            return False
        top = self._top_level(toks)
        assign = next((j for j, t in enumerate(top) if t.kind == "op" and t.text in ASSIGNMENT_OPS), None)
        sole = prev_ln is not None and next_ln is not None \
            and self.toks[self.by_line[prev_ln][-1]].text == "{" and self.toks[self.by_line[next_ln][0]].text == "}"
        case_body = prev_ln is not None and self.toks[self.by_line[prev_ln][0]].text in ("case", "default", "@unknown") \
            and self.toks[self.by_line[prev_ln][-1]].text == ":" and next_ln is not None \
            and self.toks[self.by_line[next_ln][0]].text in ("case", "default", "@unknown", "}")
        if case_body:
            return False
        if assign is not None:
            lhs = top[:assign]
            if not lhs or any(t.kind == "op" and t.text not in ("?", "!") for t in lhs):
                return False
            if any(t.text in SWIFT_KEYWORDS and t.text not in ("self", "_") for t in lhs):
                return False
            if top[assign].text == "=":
                if "init" in stack:
                    return False  # stored properties must be initialised
                if len(lhs) == 1 and lhs[0].text in uninitialized:
                    return False
            return True
        # a call statement: a postfix chain ending in a call or trailing closure, nothing else on top
        if last.text not in (")", "}"):
            return False
        if any(t.kind == "op" and not (t.text in ("?", "!") and self.left_bound(t)) for t in top):
            return False
        if any(t.kind == "id" and t.text in SWIFT_KEYWORDS and t.text not in allowed_first for t in top):
            return False
        if not any(t.text in ("(", "{") for t in top):
            return False
        if sole and stack[-1] in ("valuefunc", "closure"):
            return False  # maybe the block's value
        return True

    def _c_statement(self, ks, toks, prev_ln) -> bool:
        first, last = toks[0], toks[-1]
        if last.text != ";" or sum(t.text == ";" for t in toks) != 1 or not self._balanced(toks):
            return False
        if first.kind == "id":
            if first.text in C_KEYWORDS or first.text.endswith("_t") or first.text.startswith("__m"):
                return False
            second = toks[1] if len(toks) > 1 else None
            if second is None or second.kind == "id" or second.text == "*":
                return False
            if second.text not in ASSIGNMENT_OPS | {"[", "(", ".", "->", "++", "--"}:
                return False
        elif first.text not in ("*", "++", "--"):
            return False
        if prev_ln is not None:
            pl = self.toks[self.by_line[prev_ln][-1]]
            if pl.text not in (";", "{", "}", ":"):
                return False  # a brace-less body or a continued expression
        return True


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


# ----------------------------------------------------------------------------------------------
# The source tree


def repo_root() -> Path:
    here = Path(__file__).resolve().parent
    out = subprocess.run(["git", "rev-parse", "--show-toplevel"], cwd=here, capture_output=True, text=True)
    if out.returncode != 0:
        sys.exit("mutate: not inside a git repository")
    return Path(out.stdout.strip())


def tree_files(repo: Path) -> list[str]:
    """Checked-in files plus untracked, not-ignored ones, that exist in the working tree."""
    out = subprocess.run(["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
                         cwd=repo, capture_output=True, check=True)
    names = sorted({n for n in out.stdout.decode("utf-8").split("\0") if n})
    return [n for n in names if (repo / n).is_file()]


def module_of(rel: str) -> str | None:
    parts = rel.split("/")
    if len(parts) < 3 or parts[0] != "Sources" or parts[1] not in MODULES:
        return None
    if any(rel.startswith(d) for d in SKIPPED_DIRS) or not rel.endswith(SOURCE_SUFFIXES):
        return None
    return parts[1]


def all_mutants(repo: Path, files: list[str], modules: list[str]) -> list[Mutant]:
    out: list[Mutant] = []
    for rel in files:
        mod = module_of(rel)
        if mod is None or mod not in modules:
            continue
        text = (repo / rel).read_text(encoding="utf-8")
        out.extend(SourceFile(rel, mod, text).mutants())
    return out


def tree_fingerprint(repo: Path, files: list[str]) -> str:
    h = hashlib.sha1()
    for rel in files:
        h.update(rel.encode())
        h.update(hashlib.sha1((repo / rel).read_bytes()).digest())
    return h.hexdigest()[:16]


# ----------------------------------------------------------------------------------------------
# Sampling


def select(mutants: list[Mutant], modules: list[str], seed: int, count: int | None,
           per_module: int | None) -> list[Mutant]:
    """Mutation sites picked at random from the seed, one mutant each, spread over the modules.

    Each module's sites are shuffled (from the seed and the module's name) and one of each site's
    mutants is drawn; the modules then take turns, in an order drawn from the seed. So `--count K`
    takes the first K of that sequence and a larger count only adds to a smaller one (a run can be
    extended with --resume), and `--per-module K` takes the first K of each module."""
    sites: dict[str, dict[tuple, list[Mutant]]] = {m: {} for m in modules}
    for m in mutants:
        if m.module in sites:
            sites[m.module].setdefault(m.location(), []).append(m)
    queues: dict[str, list[Mutant]] = {}
    for mod in modules:
        rng = random.Random(f"{seed}:{mod}")
        locs = sorted(sites[mod])
        rng.shuffle(locs)
        queues[mod] = [rng.choice(sites[mod][loc]) for loc in locs]
    if per_module is not None:
        queues = {mod: q[:per_module] for mod, q in queues.items()}
    order = list(modules)
    random.Random(seed).shuffle(order)
    picked: list[Mutant] = []
    limit = None if per_module is not None else (count or 0)
    while any(queues.values()) and (limit is None or len(picked) < limit):
        for mod in order:
            if queues[mod] and (limit is None or len(picked) < limit):
                picked.append(queues[mod].pop(0))
    return picked


# ----------------------------------------------------------------------------------------------
# Equivalent mutants


def load_equivalents(repo: Path) -> list[dict]:
    path = repo / EQUIVALENTS_FILE
    entries = []
    if not path.exists():
        return entries
    for n, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        s = raw.strip()
        if not s or s.startswith("#"):
            continue
        try:
            e = json.loads(s)
        except json.JSONDecodeError as err:
            sys.exit(f"mutate: {EQUIVALENTS_FILE}:{n}: not a JSON object ({err})")
        entries.append(e)
    return entries


def equivalent_key(e: dict) -> tuple:
    return (e.get("file"), e.get("line"), e.get("mutation"), e.get("occurrence", 0))


def mark_equivalent(repo: Path, mutants: list[Mutant], mid: str, reason: str) -> None:
    m = next((x for x in mutants if x.id == mid), None)
    if m is None:
        sys.exit(f"mutate: no mutant {mid} in the current tree (IDs come from --list)")
    if not reason.strip():
        sys.exit("mutate: --mark-equivalent needs --reason \"why it cannot change behaviour\"")
    for e in load_equivalents(repo):
        if equivalent_key(e) == equivalent_key(m.key()):
            print(f"{mid} is already marked equivalent: {e.get('reason')}")
            return
    entry = {"id": m.id, **m.key(), "reason": reason.strip()}
    path = repo / EQUIVALENTS_FILE
    with path.open("a", encoding="utf-8") as f:
        f.write(json.dumps(entry, ensure_ascii=False) + "\n")
    print(f"marked {mid} equivalent in {EQUIVALENTS_FILE}:")
    print(f"  {m.file}:{m.line}  {m.mutation}  ({m.line_text})")


# ----------------------------------------------------------------------------------------------
# Presentation


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


# ----------------------------------------------------------------------------------------------
# The work folder


def sync_workdir(repo: Path, workdir: Path, files: list[str]) -> int:
    """Makes workdir hold exactly `files` of the repo (plus its .build); returns files written."""
    if workdir.resolve() == repo.resolve() or repo.resolve() in workdir.resolve().parents:
        sys.exit(f"mutate: the work folder {workdir} must be outside the repository")
    if workdir.exists() and any(workdir.iterdir()) and not (workdir / WORKDIR_MARKER).exists():
        sys.exit(f"mutate: {workdir} is not empty and was not made by this tool; choose another --workdir")
    workdir.mkdir(parents=True, exist_ok=True)
    (workdir / WORKDIR_MARKER).write_text("made by scripts/mutate.py; safe to delete\n")
    wanted = set(files)
    extra = ["Package.resolved"] if (repo / "Package.resolved").is_file() else []
    written = 0
    for rel in files + extra:
        src, dst = repo / rel, workdir / rel
        data = src.read_bytes()
        if dst.is_file() and dst.stat().st_size == len(data) and dst.read_bytes() == data:
            continue
        dst.parent.mkdir(parents=True, exist_ok=True)
        dst.write_bytes(data)
        shutil.copymode(src, dst)
        written += 1
    keep_top = {".build", WORKDIR_MARKER, "Package.resolved", ".mutate-logs"}
    for dirpath, dirnames, filenames in os.walk(workdir, topdown=True):
        rel_dir = Path(dirpath).relative_to(workdir)
        if rel_dir == Path("."):
            dirnames[:] = [d for d in dirnames if d not in keep_top]
            filenames = [f for f in filenames if f not in keep_top]
        for f in filenames:
            rel = (rel_dir / f).as_posix()
            if rel not in wanted:
                (Path(dirpath) / f).unlink()
    return written


def write_newer(path: Path, text: str) -> None:
    """Writes text and makes sure the modification time moves forward, so the incremental build
    notices the change even when the mutant has the original's size and the clock is coarse."""
    before = path.stat().st_mtime_ns
    path.write_text(text, encoding="utf-8")
    if path.stat().st_mtime_ns <= before:
        os.utime(path, ns=(before + 1_000_000, before + 1_000_000))


@dataclasses.dataclass
class RunResult:
    code: int | None   # None: timed out
    output: str
    seconds: float


def run(cmd: list[str], cwd: Path, timeout: float, log) -> RunResult:
    """Runs cmd in its own process group; on timeout the whole group is killed."""
    t0 = time.monotonic()
    log.write(f"$ {' '.join(cmd)}\n")
    log.flush()
    proc = subprocess.Popen(cmd, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                            start_new_session=True)
    try:
        out, _ = proc.communicate(timeout=timeout)
        code = proc.returncode
    except subprocess.TimeoutExpired:
        kill_tree(proc.pid)
        out, _ = proc.communicate()
        code = None
    except BaseException:
        kill_tree(proc.pid)
        proc.communicate()
        raise
    text = out.decode("utf-8", "replace")
    log.write(text)
    log.write(f"[exit {code}, {time.monotonic() - t0:.1f} s]\n")
    log.flush()
    return RunResult(code, text, time.monotonic() - t0)


def kill_tree(pid: int) -> None:
    """Kills the process pid started, its process group and every descendant (`swift test` runs
    the test bundle in a process group of its own, so killing the group alone leaves it running)."""
    children: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as f:
                ppid = int(f.read().rsplit(")", 1)[1].split()[1])
        except (OSError, ValueError, IndexError):
            continue
        children.setdefault(ppid, []).append(int(entry))
    tree, stack = [], [pid]
    while stack:
        for c in children.get(stack.pop(), []):
            tree.append(c)
            stack.append(c)
    for p in [pid] + tree:
        try:
            os.kill(p, signal.SIGKILL)
        except ProcessLookupError:
            pass
    try:
        os.killpg(pid, signal.SIGKILL)
    except ProcessLookupError:
        pass


FAILED_TEST = re.compile(r"Test Case '([^']+)' failed")
STARTED_TEST = re.compile(r"Test Case '([^']+)' started")
FINISHED_TEST = re.compile(r"Test Case '([^']+)' (?:passed|failed|skipped)")


def first_failure(output: str) -> str:
    m = FAILED_TEST.search(output)
    if m:
        return m.group(1)
    started = STARTED_TEST.findall(output)
    finished = set(FINISHED_TEST.findall(output))
    unfinished = [s for s in started if s not in finished]
    if unfinished:
        return f"{unfinished[-1]} (crashed)"
    m = re.search(r"error: (.*)", output)
    return f"(test run failed: {m.group(1).strip()[:80]})" if m else "(test run failed)"


def failing_tests(output: str) -> list[str]:
    """Class.method of every failed test, or of the test that was running when the process died."""
    failed = list(dict.fromkeys(FAILED_TEST.findall(output)))
    if failed:
        return failed
    finished = set(FINISHED_TEST.findall(output))
    unfinished = [s for s in STARTED_TEST.findall(output) if s not in finished]
    return unfinished[-1:]


def test_regex(name: str) -> str:
    """A --filter/--skip pattern for exactly one test given as Class.method."""
    cls, _, method = name.partition(".")
    return rf"\.{re.escape(cls)}/{re.escape(method)}$"


def first_compile_error(output: str) -> str:
    m = re.search(r"^(.*?: error: .*)$", output, re.M)
    return m.group(1).strip()[:200] if m else output.strip().splitlines()[-1][:200] if output.strip() else ""


# ----------------------------------------------------------------------------------------------
# Relevant tests


class TestIndex:
    """All tests (from `swift test list`) and which test classes each test file declares."""

    def __init__(self, workdir: Path, listing: str):
        self.tests = [ln.strip() for ln in listing.splitlines() if re.fullmatch(r"\w+\.\w+/\w+", ln.strip())]
        self.classes = sorted({t.split("/")[0] for t in self.tests})   # Target.Class
        by_name = {c.split(".")[1]: c for c in self.classes}
        self.file_classes: dict[str, set[str]] = {}
        self.file_text: dict[str, str] = {}
        for path in sorted((workdir / "Tests").rglob("*.swift")):
            text = path.read_text(encoding="utf-8", errors="replace")
            declared = set(re.findall(r"\b(?:class|extension)\s+(\w+)", text))
            found = {by_name[c] for c in declared if c in by_name}
            rel = path.relative_to(workdir).as_posix()
            self.file_text[rel] = text
            self.file_classes[rel] = found

    def related(self, workdir: Path, m: Mutant) -> list[str]:
        """Test classes for a mutant: those of the module's test targets that mention a name
        declared in the mutated file; all of those targets if none does; plus any other test
        class mentioning one of the names."""
        text = (workdir / m.file).read_text(encoding="utf-8")
        names = set(re.findall(r"\b(?:class|struct|enum|protocol|extension|actor|typealias|func)\s+(\w+)", text))
        if m.file.endswith((".c", ".h")):
            names |= set(re.findall(r"\b(lamina_\w+|\w+_kernel\w*)\s*\(", text))
            names.add("CPixelKernels")
        stem = Path(m.file).stem.split("+")[0]
        names.add(stem)
        names = {n for n in names if len(n) >= 4 and n not in ("init", "main")}
        if not names:
            return []
        pattern = re.compile(r"\b(" + "|".join(sorted(map(re.escape, names))) + r")\b")
        classes: set[str] = set()
        for rel, body in self.file_text.items():
            if pattern.search(body):
                classes |= self.file_classes[rel]
        targets = MODULE_TEST_TARGETS.get(m.module, [])
        primary = {c for c in classes if c.split(".")[0] in targets}
        if not primary:
            classes |= {c for c in self.classes if c.split(".")[0] in targets}
        return sorted(classes)


def filter_regex(classes: list[str]) -> str:
    return "^(" + "|".join(re.escape(c) for c in classes) + ")/"


# ----------------------------------------------------------------------------------------------
# Running mutants


class Runner:
    def __init__(self, args, repo: Path, workdir: Path):
        self.args = args
        self.repo = repo
        self.workdir = workdir
        self.logdir = workdir / ".mutate-logs"
        self.logdir.mkdir(parents=True, exist_ok=True)
        self.index: TestIndex | None = None
        self.timeout = args.timeout

    def build(self, log) -> RunResult:
        return run(["swift", "build", "--build-tests"], self.workdir, self.args.build_timeout, log)

    def baseline(self) -> dict:
        """Builds the unmutated copy, lists the tests, runs the whole suite; it must pass."""
        with open(self.logdir / "baseline.log", "w") as log:
            print("baseline: building the unmutated copy (the first build takes several minutes) ...", flush=True)
            b = self.build(log)
            if b.code != 0:
                sys.exit(f"mutate: the unmutated tree does not build; see {self.logdir / 'baseline.log'}")
            if self.args.compile_only:
                print(f"baseline: built in {b.seconds:.0f} s", flush=True)
                return {"build_seconds": round(b.seconds, 1)}
            listing = run(["swift", "test", "list", "--skip-build"], self.workdir, 600, log)
            if listing.code != 0:
                sys.exit(f"mutate: `swift test list` failed; see {self.logdir / 'baseline.log'}")
            self.index = TestIndex(self.workdir, listing.output)
            print(f"baseline: built in {b.seconds:.0f} s; running the whole suite "
                  f"({len(self.index.tests)} tests) ...", flush=True)
            t0 = time.monotonic()
            outcome, detail, flaky = self.run_tests(None, [], t0 + self.args.build_timeout, log)
            seconds = time.monotonic() - t0
            if outcome != "pass":
                sys.exit(f"mutate: the unmutated suite fails ({detail or outcome}); every mutant would "
                         f"look killed; see {self.logdir / 'baseline.log'}")
        if flaky:
            print(f"baseline: warning: flaky tests (failed, then passed alone): {', '.join(flaky)}", flush=True)
        if self.timeout is None:
            self.timeout = max(120.0, 10 * seconds)
        print(f"baseline: suite passed in {seconds:.0f} s; test timeout per mutant {self.timeout:.0f} s",
              flush=True)
        return {"build_seconds": round(b.seconds, 1), "suite_seconds": round(seconds, 1),
                "tests": len(self.index.tests), "timeout": round(self.timeout, 1), "flaky": flaky}

    def run_mutant(self, m: Mutant, compile_only: bool = False) -> dict:
        path = self.workdir / m.file
        original = path.read_text(encoding="utf-8")
        expected = (self.repo / m.file).read_text(encoding="utf-8")
        if original != expected:
            sys.exit(f"mutate: {path} differs from the repository's copy; re-run to resync")
        mutated = apply(original, m)
        result = {"status": "", "killed_by": None, "build_seconds": 0.0, "test_seconds": 0.0}
        t0 = time.monotonic()
        with open(self.logdir / f"{m.id}.log", "w") as log:
            try:
                write_newer(path, mutated)
                b = self.build(log)
                result["build_seconds"] = round(b.seconds, 1)
                if b.code is None:
                    result["status"] = "ERROR"
                    result["error"] = f"build exceeded {self.args.build_timeout:.0f} s"
                elif b.code != 0:
                    result["status"] = "DID NOT COMPILE"
                    result["error"] = first_compile_error(b.output)
                elif compile_only:
                    result["status"] = "COMPILED"
                else:
                    self._test(m, result, log)
            finally:
                write_newer(path, original)
        result["seconds"] = round(time.monotonic() - t0, 1)
        return result

    def _test(self, m: Mutant, result: dict, log) -> None:
        assert self.index is not None
        deadline = time.monotonic() + self.timeout
        classes = self.index.related(self.workdir, m)
        result["subset"] = len(classes)
        phases: list[tuple[str | None, list[str]]] = []
        if classes:
            rx = filter_regex(classes)
            phases = [(rx, []), (None, [rx])]     # the related classes, then all the others
        else:
            phases = [(None, [])]
        t0 = time.monotonic()
        flaky: list[str] = []
        try:
            for n, (flt, skip) in enumerate(phases):
                outcome, detail, fl = self.run_tests(flt, skip, deadline, log)
                flaky += fl
                if outcome == "timeout":
                    result["status"] = "TIMEOUT"
                    result["killed_by"] = f"(tests did not finish in {self.timeout:.0f} s)"
                    return
                if outcome == "fail":
                    result["status"] = "KILLED"
                    result["killed_by"] = detail
                    result["phase"] = "subset" if n == 0 and len(phases) > 1 else "suite"
                    return
            result["status"] = "SURVIVED"
        finally:
            result["test_seconds"] = round(time.monotonic() - t0, 1)
            if flaky:
                result["flaky"] = flaky

    def run_tests(self, flt: str | None, skip: list[str], deadline: float, log) -> tuple[str, str | None, list[str]]:
        """Runs tests; a failure counts only if the failing tests fail again when re-run alone
        (tests that then pass are flaky: they are skipped and the run is repeated, at most twice).
        Returns ("pass" | "fail" | "timeout", the first failing test, the flaky tests)."""
        flaky: list[str] = []
        for _ in range(3):
            cmd = ["swift", "test", "--skip-build"]
            if flt:
                cmd += ["--filter", flt]
            skips = skip + [test_regex(f) for f in flaky]
            if skips:
                cmd += ["--skip", "|".join(skips)]
            r = run(cmd, self.workdir, max(1.0, deadline - time.monotonic()), log)
            if r.code is None:
                return "timeout", None, flaky
            if r.code == 0:
                return "pass", None, flaky
            names = failing_tests(r.output)
            if not names:
                return "fail", first_failure(r.output), flaky
            again = run(["swift", "test", "--skip-build", "--filter", "|".join(test_regex(t) for t in names)],
                        self.workdir, max(1.0, deadline - time.monotonic()), log)
            if again.code is None:
                return "timeout", None, flaky
            if again.code != 0:
                return "fail", first_failure(again.output), flaky
            log.write(f"[flaky: {', '.join(names)} failed, then passed alone; skipping them]\n")
            flaky += names
        return "pass", None, flaky


# ----------------------------------------------------------------------------------------------
# Reports


def load_report(path: Path) -> dict:
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as err:
        sys.exit(f"mutate: cannot read the report {path}: {err}")


def write_report(path: Path, report: dict) -> None:
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(json.dumps(report, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    os.replace(tmp, path)


def verdict_text(r: dict) -> str:
    s = r["status"]
    text = f"KILLED by {r.get('killed_by')}" if s == "KILLED" else s
    if r.get("flaky"):
        text += f" (flaky, skipped: {', '.join(r['flaky'])})"
    return text


def summary(results: list[dict], modules: list[str], seed, out=sys.stdout) -> None:
    def rate(rs):
        killed = sum(r["status"] in ("KILLED", "TIMEOUT") for r in rs)
        survived = sum(r["status"] == "SURVIVED" for r in rs)
        return killed, survived
    print("", file=out)
    print("Kill rate = killed (including timeouts) / (killed + survived); mutants that did not compile "
          "and equivalent ones are left out.", file=out)
    print(f"{'module':<15} {'killed':>6} {'survived':>8} {'rate':>7} {'no-compile':>10} {'equivalent':>10} "
          f"{'timeout':>7}", file=out)
    for mod in modules + ["overall"]:
        rs = results if mod == "overall" else [r for r in results if r["module"] == mod]
        if not rs:
            continue
        k, s = rate(rs)
        nc = sum(r["status"] == "DID NOT COMPILE" for r in rs)
        eq = sum(r["status"] == "EQUIVALENT" for r in rs)
        to = sum(r["status"] == "TIMEOUT" for r in rs)
        pct = f"{100 * k / (k + s):.0f}%" if k + s else "-"
        print(f"{mod:<15} {k:>6} {s:>8} {pct:>7} {nc:>10} {eq:>10} {to:>7}", file=out)
    ran = [r for r in results if r["status"] not in ("EQUIVALENT",)]
    nc = sum(r["status"] == "DID NOT COMPILE" for r in ran)
    if ran:
        print(f"did not compile: {nc} of {len(ran)} ({100 * nc / len(ran):.0f}%)", file=out)
    timed = [r for r in ran if r["status"] in ("KILLED", "SURVIVED", "TIMEOUT", "DID NOT COMPILE", "COMPILED")]
    if timed:
        avg = sum(r.get("seconds", 0) for r in timed) / len(timed)
        avg_b = sum(r.get("build_seconds", 0) for r in timed) / len(timed)
        avg_t = sum(r.get("test_seconds", 0) for r in timed) / len(timed)
        print(f"time per mutant: {avg:.0f} s on average (build {avg_b:.0f} s, tests {avg_t:.0f} s)", file=out)
    survivors = [r for r in results if r["status"] == "SURVIVED"]
    if survivors:
        print(f"\nSurvivors ({len(survivors)}):", file=out)
        for r in survivors:
            print(f"\n{r['id']}  {r['file']}:{r['line']}  [{r['operator']}] {r['mutation']}", file=out)
            print(r.get("diff", ""), file=out)
    print(f"\nseed: {seed}", file=out)


# ----------------------------------------------------------------------------------------------
# Command line

HELP_EPILOG = """\
statuses:
  KILLED by T      a test failed (T is the first failing test; "(crashed)" if the test process died)
  SURVIVED         the related tests and then the whole suite passed
  TIMEOUT          the tests did not finish in the time limit (an infinite loop); counted as killed
  DID NOT COMPILE  `swift build --build-tests` failed; left out of the kill rate
  EQUIVALENT       marked in scripts/mutation-equivalents.txt; not run, left out of the kill rate
  ERROR            the build itself exceeded --build-timeout; left out

a failing test is re-run alone before it counts; one that then passes is reported as flaky and
skipped, so a flaky test cannot kill a mutant.

the work folder holds a copy of `git ls-files --cached --others --exclude-standard` (the checked-in
files plus uncommitted changes); only changed files are rewritten, so its .build stays warm.
builds and test output of every mutant are kept in <workdir>/.mutate-logs/<ID>.log.

mutant IDs are <file stem>-<hash of (file, original line text, mutation, occurrence)>; they do not
depend on line numbers or on the seed, so `--only ID` and the equivalents file keep working while
other code moves. The sample depends on the seed and the source tree.

examples:
  python3 scripts/mutate.py --seed 1 --count 8 --list
  python3 scripts/mutate.py --seed 1 --count 8 --json mutants.json
  python3 scripts/mutate.py --seed 7 --per-module 20 --modules QuartzCore,Scenes --resume run.json
  python3 scripts/mutate.py --only CATransform3D-0123abcd
  python3 scripts/mutate.py --mark-equivalent CATransform3D-0123abcd --reason "len is never negative"
"""


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    p = argparse.ArgumentParser(
        prog="scripts/mutate.py",
        description="Mutation testing for Lamina: mutate the production sources one site at a time "
                    "(relational, arithmetic, sign, boolean, constant, swapped-argument and "
                    "removed-statement mutants), build a copy of the repository and run the tests; "
                    "report which mutants no test notices.",
        epilog=HELP_EPILOG, formatter_class=argparse.RawDescriptionHelpFormatter)
    sel = p.add_argument_group("choosing mutants")
    sel.add_argument("--seed", type=int, default=1, help="random seed of the sample (default 1)")
    sel.add_argument("--count", type=int, default=20, help="number of mutation sites, spread over the modules (default 20)")
    sel.add_argument("--per-module", type=int, metavar="K", help="K sites from each module instead of --count")
    sel.add_argument("--all", action="store_true", help="every mutant (hours; for a full run)")
    sel.add_argument("--modules", default=",".join(MODULES), help=f"comma-separated modules (default {','.join(MODULES)})")
    sel.add_argument("--files", metavar="GLOB", help="only files whose path matches this glob (e.g. '*CATransform3D*')")
    sel.add_argument("--operators", default=",".join(OPERATOR_KINDS),
                     help=f"comma-separated operator kinds (default all: {','.join(OPERATOR_KINDS)})")
    sel.add_argument("--only", action="append", metavar="ID", help="run just this mutant (repeatable); prints its diff")
    sel.add_argument("--list", action="store_true", help="print the chosen mutants and exit without building")
    sel.add_argument("--stats", action="store_true", help="print how many mutants each module and operator has, and exit")
    runo = p.add_argument_group("running")
    runo.add_argument("--workdir", default=DEFAULT_WORKDIR, help=f"the copy of the repository (default {DEFAULT_WORKDIR}); its .build is reused")
    runo.add_argument("--timeout", type=float, help="seconds the tests of one mutant may take before TIMEOUT (default 10x the baseline suite, at least 120)")
    runo.add_argument("--build-timeout", type=float, default=1800, help="seconds one build may take (default 1800)")
    runo.add_argument("--compile-only", action="store_true", help="only build each mutant (to measure how many compile); no tests")
    rep = p.add_argument_group("reports")
    rep.add_argument("--json", metavar="FILE", help="write a machine-readable report (rewritten after every mutant)")
    rep.add_argument("--resume", metavar="FILE", help="skip mutants already in this JSON report and add to it (it is also the --json output unless --json is given)")
    eq = p.add_argument_group("equivalent mutants")
    eq.add_argument("--mark-equivalent", metavar="ID", help=f"record mutant ID as equivalent in {EQUIVALENTS_FILE}")
    eq.add_argument("--reason", default="", help="why the marked mutant cannot change behaviour (required with --mark-equivalent)")
    args = p.parse_args(argv)
    args.modules = [m.strip() for m in args.modules.split(",") if m.strip()]
    unknown = [m for m in args.modules if m not in MODULES]
    if unknown:
        p.error(f"unknown module(s) {', '.join(unknown)}; choose from {', '.join(MODULES)}")
    args.operators = [o.strip() for o in args.operators.split(",") if o.strip()]
    bad = [o for o in args.operators if o not in OPERATOR_KINDS]
    if bad:
        p.error(f"unknown operator kind(s) {', '.join(bad)}; choose from {', '.join(OPERATOR_KINDS)}")
    return args


def main(argv: list[str] | None = None) -> int:
    signal.signal(signal.SIGPIPE, signal.SIG_DFL)  # `... --list | head` ends quietly
    args = parse_args(argv)
    repo = repo_root()
    files = tree_files(repo)
    everything = all_mutants(repo, files, MODULES)
    by_id = {m.id: m for m in everything}

    if args.mark_equivalent:
        mark_equivalent(repo, everything, args.mark_equivalent, args.reason)
        return 0

    pool = [m for m in everything if m.module in args.modules and m.operator in args.operators
            and (args.files is None or fnmatch.fnmatch(m.file, args.files))]
    if args.stats:
        print(f"{'module':<15}" + "".join(f"{o:>11}" for o in OPERATOR_KINDS) + f"{'total':>8}{'sites':>7}")
        for mod in args.modules:
            ms = [m for m in pool if m.module == mod]
            print(f"{mod:<15}" + "".join(f"{sum(m.operator == o for m in ms):>11}" for o in OPERATOR_KINDS)
                  + f"{len(ms):>8}{len({m.location() for m in ms}):>7}")
        return 0

    if args.only:
        missing = [i for i in args.only if i not in by_id]
        if missing:
            sys.exit(f"mutate: no mutant {', '.join(missing)} in the current tree")
        chosen = [by_id[i] for i in args.only]
    elif args.all:
        chosen = pool
    else:
        chosen = select(pool, args.modules, args.seed, args.count, args.per_module)

    equivalents = {equivalent_key(e): e for e in load_equivalents(repo)}
    live_keys = {equivalent_key(m.key()) for m in everything}
    stale = [e for k, e in equivalents.items() if k not in live_keys]
    texts = {rel: (repo / rel).read_text(encoding="utf-8") for rel in {m.file for m in chosen}}

    if args.list:
        for m in chosen:
            o, n = describe(texts[m.file], m)
            eq = "  EQUIVALENT" if equivalent_key(m.key()) in equivalents else ""
            print(f"{m.id:<28} {m.file}:{m.line}  [{m.operator}] {o} → {n}{eq}")
        print(f"{len(chosen)} mutants of {len(pool)} ({len({m.location() for m in pool})} sites); seed {args.seed}")
        return 0

    report_path = Path(args.json or args.resume) if (args.json or args.resume) else None
    previous: dict[str, dict] = {}
    if args.resume:
        if Path(args.resume).exists():
            for r in load_report(Path(args.resume)).get("results", []):
                if r.get("status") not in ("", "ERROR"):
                    previous[r["id"]] = r
        else:
            print(f"mutate: {args.resume} does not exist yet; starting a new report")

    for r in previous.values():  # marked equivalent since that run
        e = equivalents.get((r.get("file"), r.get("line_text"), r.get("mutation"), r.get("occurrence", 0)))
        if e is not None and r["status"] != "EQUIVALENT":
            r.update(status="EQUIVALENT", reason=e.get("reason", ""), killed_by=None)

    if stale:
        print(f"note: {len(stale)} entr{'y' if len(stale) == 1 else 'ies'} of {EQUIVALENTS_FILE} match no "
              f"mutant of the current tree (the line changed); review them")

    workdir = Path(args.workdir).resolve()
    written = sync_workdir(repo, workdir, files)
    print(f"work folder {workdir}: {written} file(s) updated from {repo}", flush=True)
    runner = Runner(args, repo, workdir)
    report = {"tool": "scripts/mutate.py", "format": 1, "seed": args.seed,
              "selection": {"count": args.count, "per_module": args.per_module, "all": args.all,
                            "only": args.only, "modules": args.modules, "operators": args.operators},
              "tree": tree_fingerprint(repo, files), "started": time.strftime("%Y-%m-%dT%H:%M:%S"),
              "baseline": None, "results": list(previous.values())}
    todo = [m for m in chosen if m.id not in previous]
    need_run = [m for m in todo if equivalent_key(m.key()) not in equivalents]
    if need_run:
        report["baseline"] = runner.baseline()
    results = report["results"]
    for i, m in enumerate(todo, 1):
        text = texts[m.file]
        o, n = describe(text, m)
        if args.only:
            print(f"\n{m.id}  [{m.operator}] {m.mutation}\n{diff_of(text, m)}\n", flush=True)
        base = {"id": m.id, "file": m.file, "line": m.line, "module": m.module, "operator": m.operator,
                "mutation": m.mutation, "line_text": m.line_text, "occurrence": m.occurrence,
                "original": o, "mutated": n, "diff": diff_of(text, m)}
        eq = equivalents.get(equivalent_key(m.key()))
        if eq is not None:
            r = {**base, "status": "EQUIVALENT", "reason": eq.get("reason", "")}
        else:
            try:
                r = {**base, **runner.run_mutant(m, args.compile_only)}
            except KeyboardInterrupt:
                print("\ninterrupted; the work folder's file was restored. Resume with --resume.", file=sys.stderr)
                if report_path:
                    write_report(report_path, report)
                return 130
        results.append(r)
        took = f", {r['seconds']:.0f} s" if "seconds" in r else ""
        print(f"{m.file}:{m.line}  {o} → {n}  {verdict_text(r)}  ({m.id}, {len(previous) + i}/{len(chosen)}{took})",
              flush=True)
        if report_path:
            write_report(report_path, report)
    chosen_ids = {m.id for m in chosen}
    shown = [r for r in results if r["id"] in chosen_ids]
    summary(shown, args.modules, args.seed)
    if report_path:
        write_report(report_path, report)
        print(f"report: {report_path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
