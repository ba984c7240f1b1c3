"""Removed-statement sites (Swift and C)."""

import unittest
from mutation.tests.snippets import mutants, mutated_lines


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
