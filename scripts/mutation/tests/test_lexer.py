"""The lexer: tokens of Swift and C that site finding relies on."""

import unittest
from mutation.lexer import lex_c, lex_swift


class LexerTests(unittest.TestCase):
    def test_arrow_ranges_and_generics_are_single_tokens(self):
        toks = [t.text for t in lex_swift("func f<T>(a: [T]) -> Int { 0..<3; 1...2 }")]
        self.assertIn("->", toks)
        self.assertIn("..<", toks)
        self.assertIn("...", toks)
        self.assertNotIn("-", toks)

    def test_strings_with_interpolation_are_one_token(self):
        toks = lex_swift('let s = "a < b \\(x + ")") c"\nlet t = 1')
        strs = [t for t in toks if t.kind == "str"]
        self.assertEqual([t.text for t in strs], ['"a < b \\(x + ")") c"'])
        self.assertEqual([t.text for t in toks][-4:], ["let", "t", "=", "1"])

    def test_raw_and_multiline_strings(self):
        src = 'let a = #"x "quoted" < y"#\nlet b = """\n  1 + 2\n  """\nlet c = 3'
        self.assertEqual([t.text for t in lex_swift(src) if t.kind == "num"], ["3"])

    def test_comments_are_dropped_and_nest(self):
        src = "/// a < b\n// 1 + 2\n/* x /* y */ 3 * 4 */ let z = 5"
        self.assertEqual([t.text for t in lex_swift(src)], ["let", "z", "=", "5"])

    def test_c_preprocessor_and_literals(self):
        toks = [t.text for t in lex_c('#define N (1 + 2)\nint x = \'a\' + 1.5f; // 3\n')]
        self.assertEqual(toks, ["int", "x", "=", "'a'", "+", "1.5f", ";"])
