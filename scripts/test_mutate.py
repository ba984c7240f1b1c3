#!/usr/bin/env python3
"""Tests of scripts/mutate.py's site finder, IDs and sampling (not part of `swift test`).

Run with: python3 scripts/test_mutate.py
Every expected mutant below was written out by hand from the operator rules in mutate.py's docs.
"""

import importlib.util
import random
import sys
import unittest
from pathlib import Path

_spec = importlib.util.spec_from_file_location("mutate", Path(__file__).with_name("mutate.py"))
mutate = importlib.util.module_from_spec(_spec)
sys.modules["mutate"] = mutate
_spec.loader.exec_module(mutate)


def mutants(src: str, rel: str = "Sources/QuartzCore/Sample.swift", module: str = "QuartzCore"):
    return mutate.SourceFile(rel, module, src).mutants()


def mutated_lines(src: str, **kw) -> list[str]:
    """Each mutant (in source order) as the stripped mutated line (a deleted statement gives '')."""
    out = []
    for m in mutants(src, **kw):
        text = mutate.apply(src, m)
        out.append(text.splitlines()[m.line - 1].strip())
    return out


def kinds(src: str, **kw) -> list[str]:
    return [m.operator for m in mutants(src, **kw)]


class LexerTests(unittest.TestCase):
    def test_arrow_ranges_and_generics_are_single_tokens(self):
        toks = [t.text for t in mutate.lex_swift("func f<T>(a: [T]) -> Int { 0..<3; 1...2 }")]
        self.assertIn("->", toks)
        self.assertIn("..<", toks)
        self.assertIn("...", toks)
        self.assertNotIn("-", toks)

    def test_strings_with_interpolation_are_one_token(self):
        toks = mutate.lex_swift('let s = "a < b \\(x + ")") c"\nlet t = 1')
        strs = [t for t in toks if t.kind == "str"]
        self.assertEqual([t.text for t in strs], ['"a < b \\(x + ")") c"'])
        self.assertEqual([t.text for t in toks][-4:], ["let", "t", "=", "1"])

    def test_raw_and_multiline_strings(self):
        src = 'let a = #"x "quoted" < y"#\nlet b = """\n  1 + 2\n  """\nlet c = 3'
        self.assertEqual([t.text for t in mutate.lex_swift(src) if t.kind == "num"], ["3"])

    def test_comments_are_dropped_and_nest(self):
        src = "/// a < b\n// 1 + 2\n/* x /* y */ 3 * 4 */ let z = 5"
        self.assertEqual([t.text for t in mutate.lex_swift(src)], ["let", "z", "=", "5"])

    def test_c_preprocessor_and_literals(self):
        toks = [t.text for t in mutate.lex_c('#define N (1 + 2)\nint x = \'a\' + 1.5f; // 3\n')]
        self.assertEqual(toks, ["int", "x", "=", "'a'", "+", "1.5f", ";"])


class SiteFinderTests(unittest.TestCase):
    def test_no_mutants_in_arrows_generics_ranges_strings_comments(self):
        src = ('/// Returns a < b.\n'
               'func f<T: Comparable>(_ a: Array<T>) -> Set<Int> {\n'
               '    // 1 + 2 < 3\n'
               '    let s = "x < y && 1 + 2"\n'
               '    for _ in a.indices.prefix(a.count) {}\n'
               '    return s.isEmpty ? [] : Set<Int>()\n'
               '}\n')
        self.assertEqual(mutants(src), [])

    def test_spaced_relational_operator(self):
        self.assertEqual(mutated_lines("func f() -> Bool {\n    return a < b\n}\n"),
                         ["return a <= b", "return a > b"])

    def test_optionals_and_force_unwrap_keep_their_marks(self):
        got = mutated_lines("func f() {\n    g(x! == y?.z)\n}\n")
        self.assertEqual(got, ["", "g(x! != y?.z)"])  # the call statement removed, then the comparison

    def test_wrapping_operators(self):
        got = mutated_lines("func f(a: UInt32, b: UInt32) -> UInt32 {\n    return a &+ b\n}\n")
        self.assertEqual(got, ["return a &- b"])

    def test_arithmetic_sign_and_compound(self):
        src = "func f() {\n    x += a * b\n}\n"
        self.assertEqual(mutated_lines(src), ["", "x -= a * b", "x += a / b", "x += a * -b"])

    def test_prefix_minus_removed_and_not(self):
        src = "func f() -> Bool {\n    return -a < 0 && !done\n}\n"
        self.assertEqual(mutated_lines(src),
                         ["return a < 0 && !done", "return -a <= 0 && !done", "return -a > 0 && !done",
                          "return -a < 1 && !done", "return -a < 0 || !done", "return -a < 0 && done"])

    def test_string_concatenation_is_not_mutated(self):
        self.assertEqual(kinds('func f() {\n    name = a + "x"\n}\n'), ["statement"])

    def test_operator_declarations_and_type_constraints_are_left_alone(self):
        src = ("static func == (a: P, b: P) -> Bool { a.x == b.x }\n"
               "extension Array where Element == Int {}\n")
        self.assertEqual(mutated_lines(src), ["static func == (a: P, b: P) -> Bool { a.x != b.x }"])

    def test_tuple_elements_and_enum_raw_values_are_not_constants(self):
        src = "enum E: Int {\n    case a = 1\n}\nfunc f() -> Double { p.0 + 2 }\n"
        self.assertEqual(mutated_lines(src), ["func f() -> Double { p.0 - 2 }", "func f() -> Double { p.0 + 3 }"])

    def test_unreachable_messages_and_attributes_are_skipped(self):
        src = ('@available(macOS 10.15, *)\n'
               'func f() -> Int {\n'
               '    fatalError("bad \\(1 + 2)")\n'
               '    precondition(x > 0)\n'
               '}\n')
        self.assertEqual(mutants(src), [])

    def test_inactive_conditional_branch_is_skipped(self):
        src = "#if canImport(Glibc)\nlet a = 1\n#else\nlet b = 2\n#endif\n"
        self.assertEqual(mutated_lines(src), ["let a = 0"])

    def test_numbers(self):
        cases = {"0": ["1"], "1": ["0"], "2": ["3"], "255": ["254"], "0x00FF": ["0x00FE"],
                 "0x10": ["0x11"], "0.5": ["0.25"], "1.0": ["0.0"], "0.0": ["1.0"], "2.5": ["5.0"],
                 "3.0": ["4.0"], "1e-12": ["1e-11"], "1_000": ["1001"]}
        for text, want in cases.items():
            self.assertEqual(mutate.mutate_number(text, "swift"), want, text)
        self.assertEqual(mutate.mutate_number("1.0f", "c"), ["0.0f"])
        self.assertEqual(mutate.mutate_number("0x00FF00FFu", "c"), ["0x00FF0100u"])


class SwapTests(unittest.TestCase):
    def test_labeled_arguments_keep_their_labels(self):
        src = "func f() {\n    let p = CGPoint(x: a.x, y: a.y)\n}\n"
        self.assertEqual([ln for ln, k in zip(mutated_lines(src), kinds(src)) if k == "swap"],
                         ["let p = CGPoint(x: a.y, y: a.x)"])

    def test_unlabeled_arguments(self):
        src = "func f() {\n    t = make(tx, ty, 0)\n}\n"
        got = [ln for ln, k in zip(mutated_lines(src), kinds(src)) if k == "swap"]
        self.assertEqual(got, ["t = make(ty, tx, 0)"])

    def test_no_swap_in_declarations_patterns_or_unlike_arguments(self):
        src = ("func f(a: Int, b: Int) {}\n"
               "func g() {\n"
               "    if case .pair(let a, let b) = v { }\n"
               "    h(layer, forKey: key)\n"
               "    k(bytes.baseAddress, bytes.count)\n"
               "    m(from: a, transform: b)\n"
               "    n(min(a, b))\n"
               "    sample(tex, texWidth)\n"
               "    sample(x1, u0)\n"
               "}\n")
        self.assertNotIn("swap", kinds(src))


class StatementTests(unittest.TestCase):
    def deleted(self, src: str) -> list[int]:
        return [m.line for m in mutants(src) if m.operator == "statement"]

    def test_simple_statements_are_removed(self):
        src = ("func f() {\n"
               "    x = 1\n"
               "    total += y\n"
               "    items.append(z)\n"
               "    let k = 2\n"
               "    return\n"
               "}\n")
        self.assertEqual(self.deleted(src), [2, 3, 4])

    def test_statements_that_would_not_compile_are_kept(self):
        src = ("struct S {\n"
               "    var a: Int\n"
               "    init(a: Int) {\n"
               "        self.a = a\n"                     # stored property in init
               "    }\n"
               "    var v: Int {\n"
               "        compute()\n"                      # the getter's value
               "    }\n"
               "    func g() {\n"
               "        switch k {\n"
               "        case 1:\n"
               "            run()\n"                      # the case's only statement
               "        default:\n"
               "            break\n"
               "        }\n"
               "        let q = a\n"
               "            + b\n"                        # a continued expression
               "        call(x,\n"
               "             y)\n"                        # inside an open call
               "    }\n"
               "}\n")
        self.assertEqual(self.deleted(src), [])

    def test_c_statements(self):
        src = ("static void f(int *p, int n) {\n"
               "    int k = 0;\n"
               "    p[0] = n;\n"
               "    if (n)\n"
               "        k = 1;\n"
               "    g(p, k);\n"
               "}\n")
        got = [m.line for m in mutants(src, rel="Sources/CPixelKernels/k.c", module="CPixelKernels")
               if m.operator == "statement"]
        self.assertEqual(got, [3, 6])

    def test_c_array_sizes_in_declarations_are_not_constants(self):
        src = "void f(void) {\n    int32_t t0[4], t1[4];\n    t0[1] = 2;\n}\n"
        got = mutated_lines(src, rel="Sources/CPixelKernels/k.c", module="CPixelKernels")
        self.assertEqual(got, ["", "t0[0] = 2;", "t0[1] = 3;"])


class IdentityTests(unittest.TestCase):
    def test_ids_do_not_depend_on_line_numbers(self):
        src = "func f() {\n    x = a + b\n}\n"
        moved = "// a new comment\n\n" + src
        self.assertEqual([m.id for m in mutants(src)], [m.id for m in mutants(moved)])

    def test_identical_lines_get_distinct_occurrences(self):
        src = "func f() {\n    x = a + b\n    x = a + b\n}\n"
        ms = [m for m in mutants(src) if m.mutation == "+ → -"]
        self.assertEqual([m.occurrence for m in ms], [0, 1])
        self.assertNotEqual(ms[0].id, ms[1].id)

    def test_selection_is_deterministic_and_spread(self):
        pool = []
        for mod in ("CoreGraphics", "QuartzCore"):
            for i in range(30):
                src = f"func f{i}() {{\n    x = a + {i + 2}\n}}\n"
                pool += mutants(src, rel=f"Sources/{mod}/F{i}.swift", module=mod)
        a = mutate.select(pool, ["CoreGraphics", "QuartzCore"], seed=7, count=6, per_module=None)
        b = mutate.select(pool, ["CoreGraphics", "QuartzCore"], seed=7, count=6, per_module=None)
        c = mutate.select(pool, ["CoreGraphics", "QuartzCore"], seed=8, count=6, per_module=None)
        self.assertEqual([m.id for m in a], [m.id for m in b])
        self.assertNotEqual([m.id for m in a], [m.id for m in c])
        self.assertEqual(sorted(m.module for m in a), ["CoreGraphics"] * 3 + ["QuartzCore"] * 3)
        self.assertEqual(len({m.location() for m in a}), 6)
        per = mutate.select(pool, ["CoreGraphics", "QuartzCore"], seed=1, count=None, per_module=4)
        self.assertEqual(len(per), 8)
        self.assertEqual(sorted(m.module for m in per), ["CoreGraphics"] * 4 + ["QuartzCore"] * 4)

    def test_a_larger_count_extends_a_smaller_one(self):
        pool = []
        for mod in ("CoreGraphics", "Compositor", "Scenes"):
            for i in range(10):
                pool += mutants(f"func f() {{\n    x = a < {i + 2}\n}}\n", rel=f"Sources/{mod}/F{i}.swift", module=mod)
        small = mutate.select(pool, ["CoreGraphics", "Compositor", "Scenes"], seed=3, count=4, per_module=None)
        large = mutate.select(pool, ["CoreGraphics", "Compositor", "Scenes"], seed=3, count=11, per_module=None)
        self.assertEqual([m.id for m in large[:4]], [m.id for m in small])
        self.assertEqual(len(large), 11)


class ReportParsingTests(unittest.TestCase):
    def test_first_failing_test(self):
        out = ("Test Case 'TransformTests.testA' started at 2025\n"
               "Test Case 'TransformTests.testA' passed (0.001 seconds)\n"
               "Test Case 'TransformTests.testB' started at 2025\n"
               "/x.swift:3: error: TransformTests.testB : XCTAssertEqual failed\n"
               "Test Case 'TransformTests.testB' failed (0.002 seconds)\n")
        self.assertEqual(mutate.first_failure(out), "TransformTests.testB")

    def test_crashed_test(self):
        out = ("Test Case 'PathTests.testA' started at 2025\n"
               "Fatal error: Index out of range\n")
        self.assertEqual(mutate.first_failure(out), "PathTests.testA (crashed)")


class FlakyTestTests(unittest.TestCase):
    """Runner.run_tests with a scripted `swift test`: a failure counts only if it repeats alone."""

    def scripted(self, outputs):
        calls = []

        def fake_run(cmd, cwd, timeout, log):
            calls.append(cmd)
            code, out = outputs.pop(0)
            return mutate.RunResult(code, out, 0.1)

        runner = mutate.Runner.__new__(mutate.Runner)
        runner.workdir = Path("/nonexistent")
        saved = mutate.run
        mutate.run = fake_run
        self.addCleanup(setattr, mutate, "run", saved)
        return runner, calls

    FAIL_B = ("Test Case 'T.testB' started at x\nTest Case 'T.testB' failed (0.1 seconds)\n")

    def test_failure_that_repeats_kills(self):
        runner, calls = self.scripted([(1, self.FAIL_B), (1, self.FAIL_B)])
        got = runner.run_tests("^(X\\.T)/", [], deadline=1e12, log=None)
        self.assertEqual(got, ("fail", "T.testB", []))
        self.assertEqual(calls[1], ["swift", "test", "--skip-build", "--filter", r"\.T/testB$"])

    def test_failure_that_does_not_repeat_is_flaky_and_skipped(self):
        runner, calls = self.scripted([(1, self.FAIL_B), (0, ""), (0, "")])
        got = runner.run_tests(None, ["^(X\\.A)/"], deadline=1e12, log=_NullLog())
        self.assertEqual(got, ("pass", None, ["T.testB"]))
        self.assertEqual(calls[2], ["swift", "test", "--skip-build", "--skip", r"^(X\.A)/|\.T/testB$"])

    def test_hang_is_a_timeout(self):
        runner, _ = self.scripted([(None, "")])
        self.assertEqual(runner.run_tests(None, [], deadline=1e12, log=None)[0], "timeout")


class _NullLog:
    def write(self, _):
        pass


if __name__ == "__main__":
    random.seed(0)
    unittest.main()
