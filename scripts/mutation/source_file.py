"""A source file ready for site finding: tokens, brackets, dead lines, scopes; the site finders are mixed in."""

from __future__ import annotations

import bisect
import re

from .config import C_KEYWORDS, SWIFT_KEYWORDS, UNMUTATED_CALLS
from .lexer import Tok, lex_c, lex_swift
from .mutant import Mutant, mutant_id
from .operator_sites import OperatorSites
from .statement_sites import StatementSites
from .swap_sites import SwapSites


class SourceFile(OperatorSites, SwapSites, StatementSites):
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
