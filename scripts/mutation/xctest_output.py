"""Reading XCTest's output: failing tests, first failure, compile errors."""

from __future__ import annotations

import re


FAILED_TEST = re.compile(r"Test Case '([^']+)' failed")
STARTED_TEST = re.compile(r"Test Case '([^']+)' started")
FINISHED_TEST = re.compile(r"Test Case '([^']+)' (?:passed|failed|skipped)")


def first_failure(output: str) -> str:
    m = FAILED_TEST.search(output)
    if m:
        return m.group(1)
    started = STARTED_TEST.findall(output)
    finished = set(FINISHED_TEST.findall(output))
    unfinished = [s for s in started if s not in finished]
    if unfinished:
        return f"{unfinished[-1]} (crashed)"
    m = re.search(r"error: (.*)", output)
    return f"(test run failed: {m.group(1).strip()[:80]})" if m else "(test run failed)"


def failing_tests(output: str) -> list[str]:
    """Class.method of every failed test, or of the test that was running when the process died."""
    failed = list(dict.fromkeys(FAILED_TEST.findall(output)))
    if failed:
        return failed
    finished = set(FINISHED_TEST.findall(output))
    unfinished = [s for s in STARTED_TEST.findall(output) if s not in finished]
    return unfinished[-1:]


def test_regex(name: str) -> str:
    """A --filter/--skip pattern for exactly one test given as Class.method."""
    cls, _, method = name.partition(".")
    return rf"\.{re.escape(cls)}/{re.escape(method)}$"


def first_compile_error(output: str) -> str:
    m = re.search(r"^(.*?: error: .*)$", output, re.M)
    return m.group(1).strip()[:200] if m else output.strip().splitlines()[-1][:200] if output.strip() else ""
