"""The package as the repository uses it: one command line from both entry points, test targets
that exist, modules of one concern each."""

import re
import subprocess
import sys
import unittest
from pathlib import Path

from mutation.config import MODULE_TEST_TARGETS, MODULES

SCRIPTS = Path(__file__).resolve().parents[2]
REPO = SCRIPTS.parent


class LayoutTests(unittest.TestCase):
    def test_the_script_and_the_package_take_the_same_command_line(self):
        script = subprocess.run([sys.executable, str(SCRIPTS / "mutate.py"), "--help"], capture_output=True, text=True)
        package = subprocess.run([sys.executable, "-m", "mutation", "--help"], cwd=SCRIPTS, capture_output=True, text=True)
        self.assertEqual(script.returncode, 0, script.stderr)
        self.assertEqual(package.returncode, 0, package.stderr)
        self.assertTrue(script.stdout.startswith("usage: scripts/mutate.py"), script.stdout[:80])
        self.assertEqual(script.stdout, package.stdout)
        for option in ("--seed", "--count", "--list", "--json", "--resume", "--only", "--mark-equivalent"):
            self.assertIn(option, script.stdout)

    def test_each_module_names_test_targets_the_package_declares(self):
        manifest = (REPO / "Package.swift").read_text(encoding="utf-8")
        declared = set(re.findall(r'\.testTarget\(\s*name:\s*"(\w+)"', manifest))
        self.assertEqual(set(MODULE_TEST_TARGETS), set(MODULES))
        for module, targets in MODULE_TEST_TARGETS.items():
            for target in targets:
                self.assertIn(target, declared, f"{module}'s test target {target} is not in Package.swift")
                self.assertTrue((REPO / "Tests" / target).is_dir(), f"Tests/{target} is missing")

    def test_no_module_over_500_lines(self):
        for path in sorted((SCRIPTS / "mutation").rglob("*.py")):
            lines = path.read_text(encoding="utf-8").count("\n")
            self.assertLessEqual(lines, 500, f"{path.relative_to(SCRIPTS)} has {lines} lines")
