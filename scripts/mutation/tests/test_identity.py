"""Stable mutant IDs and the seeded sample."""

import unittest
from mutation.sampling import select
from mutation.tests.snippets import mutants


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
        a = select(pool, ["CoreGraphics", "QuartzCore"], seed=7, count=6, per_module=None)
        b = select(pool, ["CoreGraphics", "QuartzCore"], seed=7, count=6, per_module=None)
        c = select(pool, ["CoreGraphics", "QuartzCore"], seed=8, count=6, per_module=None)
        self.assertEqual([m.id for m in a], [m.id for m in b])
        self.assertNotEqual([m.id for m in a], [m.id for m in c])
        self.assertEqual(sorted(m.module for m in a), ["CoreGraphics"] * 3 + ["QuartzCore"] * 3)
        self.assertEqual(len({m.location() for m in a}), 6)
        per = select(pool, ["CoreGraphics", "QuartzCore"], seed=1, count=None, per_module=4)
        self.assertEqual(len(per), 8)
        self.assertEqual(sorted(m.module for m in per), ["CoreGraphics"] * 4 + ["QuartzCore"] * 4)

    def test_a_larger_count_extends_a_smaller_one(self):
        pool = []
        for mod in ("CoreGraphics", "Compositor", "Scenes"):
            for i in range(10):
                pool += mutants(f"func f() {{\n    x = a < {i + 2}\n}}\n", rel=f"Sources/{mod}/F{i}.swift", module=mod)
        small = select(pool, ["CoreGraphics", "Compositor", "Scenes"], seed=3, count=4, per_module=None)
        large = select(pool, ["CoreGraphics", "Compositor", "Scenes"], seed=3, count=11, per_module=None)
        self.assertEqual([m.id for m in large[:4]], [m.id for m in small])
        self.assertEqual(len(large), 11)
