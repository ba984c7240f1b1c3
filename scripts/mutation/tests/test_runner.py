"""Reading XCTest output, and the runner's repeat-alone rule for failures."""

import unittest
from pathlib import Path

import mutation.runner as runner_module
from mutation.processes import RunResult
from mutation.runner import Runner
from mutation.xctest_output import first_failure


class ReportParsingTests(unittest.TestCase):
    def test_first_failing_test(self):
        out = ("Test Case 'TransformTests.testA' started at 2025\n"
               "Test Case 'TransformTests.testA' passed (0.001 seconds)\n"
               "Test Case 'TransformTests.testB' started at 2025\n"
               "/x.swift:3: error: TransformTests.testB : XCTAssertEqual failed\n"
               "Test Case 'TransformTests.testB' failed (0.002 seconds)\n")
        self.assertEqual(first_failure(out), "TransformTests.testB")

    def test_crashed_test(self):
        out = ("Test Case 'PathTests.testA' started at 2025\n"
               "Fatal error: Index out of range\n")
        self.assertEqual(first_failure(out), "PathTests.testA (crashed)")


class FlakyTestTests(unittest.TestCase):
    """Runner.run_tests with a scripted `swift test`: a failure counts only if it repeats alone."""

    def scripted(self, outputs):
        calls = []

        def fake_run(cmd, cwd, timeout, log):
            calls.append(cmd)
            code, out = outputs.pop(0)
            return RunResult(code, out, 0.1)

        runner = Runner.__new__(Runner)
        runner.workdir = Path("/nonexistent")
        saved = runner_module.run
        runner_module.run = fake_run
        self.addCleanup(setattr, runner_module, "run", saved)
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
