"""Operator and constant mutation sites (relational, arithmetic, sign, boolean, constant)."""

from __future__ import annotations

import re

from .config import ARITHMETIC, BOOLEAN, COMPOUND, RELATIONAL, SWIFT_KEYWORDS
from .mutant import Mutant
from .operator_numbers import mutate_number


class OperatorSites:
    """Mixed into SourceFile (its tokens and context helpers are on self)."""

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
