"""Swapped-argument sites."""

import unittest
from mutation.tests.snippets import kinds, mutated_lines


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
