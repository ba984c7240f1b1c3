"""Operator and constant sites: what is mutated and what is left alone."""

import unittest
from mutation.operator_numbers import mutate_number
from mutation.tests.snippets import kinds, mutants, mutated_lines


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
            self.assertEqual(mutate_number(text, "swift"), want, text)
        self.assertEqual(mutate_number("1.0f", "c"), ["0.0f"])
        self.assertEqual(mutate_number("0x00FF00FFu", "c"), ["0x00FF0100u"])
