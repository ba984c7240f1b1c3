"""Removed-statement mutation sites (Swift and C)."""

from __future__ import annotations

import re

from .config import ASSIGNMENT_OPS, C_KEYWORDS, SWIFT_KEYWORDS, UNMUTATED_CALLS
from .lexer import Tok
from .mutant import Mutant


class StatementSites:
    """Mixed into SourceFile (its tokens and context helpers are on self)."""

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
