"""Building and testing one mutant after another in the work folder."""

from __future__ import annotations

import sys
import time
from pathlib import Path

from .mutant import Mutant
from .presentation import apply
from .processes import RunResult, run
from .relevant_tests import TestIndex, filter_regex
from .workdir import write_newer
from .xctest_output import failing_tests, first_compile_error, first_failure, test_regex


class Runner:
    def __init__(self, args, repo: Path, workdir: Path):
        self.args = args
        self.repo = repo
        self.workdir = workdir
        self.logdir = workdir / ".mutate-logs"
        self.logdir.mkdir(parents=True, exist_ok=True)
        self.index: TestIndex | None = None
        self.timeout = args.timeout

    def build(self, log) -> RunResult:
        return run(["swift", "build", "--build-tests"], self.workdir, self.args.build_timeout, log)

    def baseline(self) -> dict:
        """Builds the unmutated copy, lists the tests, runs the whole suite; it must pass."""
        with open(self.logdir / "baseline.log", "w") as log:
            print("baseline: building the unmutated copy (the first build takes several minutes) ...", flush=True)
            b = self.build(log)
            if b.code != 0:
                sys.exit(f"mutate: the unmutated tree does not build; see {self.logdir / 'baseline.log'}")
            if self.args.compile_only:
                print(f"baseline: built in {b.seconds:.0f} s", flush=True)
                return {"build_seconds": round(b.seconds, 1)}
            listing = run(["swift", "test", "list", "--skip-build"], self.workdir, 600, log)
            if listing.code != 0:
                sys.exit(f"mutate: `swift test list` failed; see {self.logdir / 'baseline.log'}")
            self.index = TestIndex(self.workdir, listing.output)
            print(f"baseline: built in {b.seconds:.0f} s; running the whole suite "
                  f"({len(self.index.tests)} tests) ...", flush=True)
            t0 = time.monotonic()
            outcome, detail, flaky = self.run_tests(None, [], t0 + self.args.build_timeout, log)
            seconds = time.monotonic() - t0
            if outcome != "pass":
                sys.exit(f"mutate: the unmutated suite fails ({detail or outcome}); every mutant would "
                         f"look killed; see {self.logdir / 'baseline.log'}")
        if flaky:
            print(f"baseline: warning: flaky tests (failed, then passed alone): {', '.join(flaky)}", flush=True)
        if self.timeout is None:
            self.timeout = max(120.0, 10 * seconds)
        print(f"baseline: suite passed in {seconds:.0f} s; test timeout per mutant {self.timeout:.0f} s",
              flush=True)
        return {"build_seconds": round(b.seconds, 1), "suite_seconds": round(seconds, 1),
                "tests": len(self.index.tests), "timeout": round(self.timeout, 1), "flaky": flaky}

    def run_mutant(self, m: Mutant, compile_only: bool = False) -> dict:
        path = self.workdir / m.file
        original = path.read_text(encoding="utf-8")
        expected = (self.repo / m.file).read_text(encoding="utf-8")
        if original != expected:
            sys.exit(f"mutate: {path} differs from the repository's copy; re-run to resync")
        mutated = apply(original, m)
        result = {"status": "", "killed_by": None, "build_seconds": 0.0, "test_seconds": 0.0}
        t0 = time.monotonic()
        with open(self.logdir / f"{m.id}.log", "w") as log:
            try:
                write_newer(path, mutated)
                b = self.build(log)
                result["build_seconds"] = round(b.seconds, 1)
                if b.code is None:
                    result["status"] = "ERROR"
                    result["error"] = f"build exceeded {self.args.build_timeout:.0f} s"
                elif b.code != 0:
                    result["status"] = "DID NOT COMPILE"
                    result["error"] = first_compile_error(b.output)
                elif compile_only:
                    result["status"] = "COMPILED"
                else:
                    self._test(m, result, log)
            finally:
                write_newer(path, original)
        result["seconds"] = round(time.monotonic() - t0, 1)
        return result

    def _test(self, m: Mutant, result: dict, log) -> None:
        assert self.index is not None
        deadline = time.monotonic() + self.timeout
        classes = self.index.related(self.workdir, m)
        result["subset"] = len(classes)
        phases: list[tuple[str | None, list[str]]] = []
        if classes:
            rx = filter_regex(classes)
            phases = [(rx, []), (None, [rx])]     # the related classes, then all the others
        else:
            phases = [(None, [])]
        t0 = time.monotonic()
        flaky: list[str] = []
        try:
            for n, (flt, skip) in enumerate(phases):
                outcome, detail, fl = self.run_tests(flt, skip, deadline, log)
                flaky += fl
                if outcome == "timeout":
                    result["status"] = "TIMEOUT"
                    result["killed_by"] = f"(tests did not finish in {self.timeout:.0f} s)"
                    return
                if outcome == "fail":
                    result["status"] = "KILLED"
                    result["killed_by"] = detail
                    result["phase"] = "subset" if n == 0 and len(phases) > 1 else "suite"
                    return
            result["status"] = "SURVIVED"
        finally:
            result["test_seconds"] = round(time.monotonic() - t0, 1)
            if flaky:
                result["flaky"] = flaky

    def run_tests(self, flt: str | None, skip: list[str], deadline: float, log) -> tuple[str, str | None, list[str]]:
        """Runs tests; a failure counts only if the failing tests fail again when re-run alone
        (tests that then pass are flaky: they are skipped and the run is repeated, at most twice).
        Returns ("pass" | "fail" | "timeout", the first failing test, the flaky tests)."""
        flaky: list[str] = []
        for _ in range(3):
            cmd = ["swift", "test", "--skip-build"]
            if flt:
                cmd += ["--filter", flt]
            skips = skip + [test_regex(f) for f in flaky]
            if skips:
                cmd += ["--skip", "|".join(skips)]
            r = run(cmd, self.workdir, max(1.0, deadline - time.monotonic()), log)
            if r.code is None:
                return "timeout", None, flaky
            if r.code == 0:
                return "pass", None, flaky
            names = failing_tests(r.output)
            if not names:
                return "fail", first_failure(r.output), flaky
            again = run(["swift", "test", "--skip-build", "--filter", "|".join(test_regex(t) for t in names)],
                        self.workdir, max(1.0, deadline - time.monotonic()), log)
            if again.code is None:
                return "timeout", None, flaky
            if again.code != 0:
                return "fail", first_failure(again.output), flaky
            log.write(f"[flaky: {', '.join(names)} failed, then passed alone; skipping them]\n")
            flaky += names
        return "pass", None, flaky
