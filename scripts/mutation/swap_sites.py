"""Swapped-argument mutation sites: two alike arguments of one call exchanged."""

from __future__ import annotations

from .config import C_KEYWORDS, SWIFT_KEYWORDS, SYMMETRIC_CALLS, UNMUTATED_CALLS
from .lexer import Tok
from .mutant import Mutant
from .similarity import similar_chains, similar_names


class SwapSites:
    """Mixed into SourceFile (its tokens and context helpers are on self)."""

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
