"""The command line: options, and main()."""

from __future__ import annotations

import argparse
import fnmatch
import signal
import sys
import time
from pathlib import Path

from .config import DEFAULT_WORKDIR, EQUIVALENTS_FILE, MODULES, OPERATOR_KINDS
from .equivalents import equivalent_key, load_equivalents, mark_equivalent
from .presentation import describe, diff_of
from .report import load_report, summary, verdict_text, write_report
from .runner import Runner
from .sampling import select
from .tree import all_mutants, repo_root, tree_files, tree_fingerprint
from .workdir import sync_workdir


HELP_EPILOG = """\
statuses:
  KILLED by T      a test failed (T is the first failing test; "(crashed)" if the test process died)
  SURVIVED         the related tests and then the whole suite passed
  TIMEOUT          the tests did not finish in the time limit (an infinite loop); counted as killed
  DID NOT COMPILE  `swift build --build-tests` failed; left out of the kill rate
  EQUIVALENT       marked in scripts/mutation-equivalents.txt; not run, left out of the kill rate
  ERROR            the build itself exceeded --build-timeout; left out

a failing test is re-run alone before it counts; one that then passes is reported as flaky and
skipped, so a flaky test cannot kill a mutant.

the work folder holds a copy of `git ls-files --cached --others --exclude-standard` (the checked-in
files plus uncommitted changes); only changed files are rewritten, so its .build stays warm.
builds and test output of every mutant are kept in <workdir>/.mutate-logs/<ID>.log.

mutant IDs are <file stem>-<hash of (file, original line text, mutation, occurrence)>; they do not
depend on line numbers or on the seed, so `--only ID` and the equivalents file keep working while
other code moves. The sample depends on the seed and the source tree.

examples:
  python3 scripts/mutate.py --seed 1 --count 8 --list
  python3 scripts/mutate.py --seed 1 --count 8 --json mutants.json
  python3 scripts/mutate.py --seed 7 --per-module 20 --modules QuartzCore,Scenes --resume run.json
  python3 scripts/mutate.py --only CATransform3D-0123abcd
  python3 scripts/mutate.py --mark-equivalent CATransform3D-0123abcd --reason "len is never negative"
"""


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    p = argparse.ArgumentParser(
        prog="scripts/mutate.py",
        description="Mutation testing for Lamina: mutate the production sources one site at a time "
                    "(relational, arithmetic, sign, boolean, constant, swapped-argument and "
                    "removed-statement mutants), build a copy of the repository and run the tests; "
                    "report which mutants no test notices.",
        epilog=HELP_EPILOG, formatter_class=argparse.RawDescriptionHelpFormatter)
    sel = p.add_argument_group("choosing mutants")
    sel.add_argument("--seed", type=int, default=1, help="random seed of the sample (default 1)")
    sel.add_argument("--count", type=int, default=20, help="number of mutation sites, spread over the modules (default 20)")
    sel.add_argument("--per-module", type=int, metavar="K", help="K sites from each module instead of --count")
    sel.add_argument("--all", action="store_true", help="every mutant (hours; for a full run)")
    sel.add_argument("--modules", default=",".join(MODULES), help=f"comma-separated modules (default {','.join(MODULES)})")
    sel.add_argument("--files", metavar="GLOB", help="only files whose path matches this glob (e.g. '*CATransform3D*')")
    sel.add_argument("--operators", default=",".join(OPERATOR_KINDS),
                     help=f"comma-separated operator kinds (default all: {','.join(OPERATOR_KINDS)})")
    sel.add_argument("--only", action="append", metavar="ID", help="run just this mutant (repeatable); prints its diff")
    sel.add_argument("--list", action="store_true", help="print the chosen mutants and exit without building")
    sel.add_argument("--stats", action="store_true", help="print how many mutants each module and operator has, and exit")
    runo = p.add_argument_group("running")
    runo.add_argument("--workdir", default=DEFAULT_WORKDIR, help=f"the copy of the repository (default {DEFAULT_WORKDIR}); its .build is reused")
    runo.add_argument("--timeout", type=float, help="seconds the tests of one mutant may take before TIMEOUT (default 10x the baseline suite, at least 120)")
    runo.add_argument("--build-timeout", type=float, default=1800, help="seconds one build may take (default 1800)")
    runo.add_argument("--compile-only", action="store_true", help="only build each mutant (to measure how many compile); no tests")
    rep = p.add_argument_group("reports")
    rep.add_argument("--json", metavar="FILE", help="write a machine-readable report (rewritten after every mutant)")
    rep.add_argument("--resume", metavar="FILE", help="skip mutants already in this JSON report and add to it (it is also the --json output unless --json is given)")
    eq = p.add_argument_group("equivalent mutants")
    eq.add_argument("--mark-equivalent", metavar="ID", help=f"record mutant ID as equivalent in {EQUIVALENTS_FILE}")
    eq.add_argument("--reason", default="", help="why the marked mutant cannot change behaviour (required with --mark-equivalent)")
    args = p.parse_args(argv)
    args.modules = [m.strip() for m in args.modules.split(",") if m.strip()]
    unknown = [m for m in args.modules if m not in MODULES]
    if unknown:
        p.error(f"unknown module(s) {', '.join(unknown)}; choose from {', '.join(MODULES)}")
    args.operators = [o.strip() for o in args.operators.split(",") if o.strip()]
    bad = [o for o in args.operators if o not in OPERATOR_KINDS]
    if bad:
        p.error(f"unknown operator kind(s) {', '.join(bad)}; choose from {', '.join(OPERATOR_KINDS)}")
    return args


def main(argv: list[str] | None = None) -> int:
    signal.signal(signal.SIGPIPE, signal.SIG_DFL)  # `... --list | head` ends quietly
    args = parse_args(argv)
    repo = repo_root()
    files = tree_files(repo)
    everything = all_mutants(repo, files, MODULES)
    by_id = {m.id: m for m in everything}

    if args.mark_equivalent:
        mark_equivalent(repo, everything, args.mark_equivalent, args.reason)
        return 0

    pool = [m for m in everything if m.module in args.modules and m.operator in args.operators
            and (args.files is None or fnmatch.fnmatch(m.file, args.files))]
    if args.stats:
        print(f"{'module':<15}" + "".join(f"{o:>11}" for o in OPERATOR_KINDS) + f"{'total':>8}{'sites':>7}")
        for mod in args.modules:
            ms = [m for m in pool if m.module == mod]
            print(f"{mod:<15}" + "".join(f"{sum(m.operator == o for m in ms):>11}" for o in OPERATOR_KINDS)
                  + f"{len(ms):>8}{len({m.location() for m in ms}):>7}")
        return 0

    if args.only:
        missing = [i for i in args.only if i not in by_id]
        if missing:
            sys.exit(f"mutate: no mutant {', '.join(missing)} in the current tree")
        chosen = [by_id[i] for i in args.only]
    elif args.all:
        chosen = pool
    else:
        chosen = select(pool, args.modules, args.seed, args.count, args.per_module)

    equivalents = {equivalent_key(e): e for e in load_equivalents(repo)}
    live_keys = {equivalent_key(m.key()) for m in everything}
    stale = [e for k, e in equivalents.items() if k not in live_keys]
    texts = {rel: (repo / rel).read_text(encoding="utf-8") for rel in {m.file for m in chosen}}

    if args.list:
        for m in chosen:
            o, n = describe(texts[m.file], m)
            eq = "  EQUIVALENT" if equivalent_key(m.key()) in equivalents else ""
            print(f"{m.id:<28} {m.file}:{m.line}  [{m.operator}] {o} → {n}{eq}")
        print(f"{len(chosen)} mutants of {len(pool)} ({len({m.location() for m in pool})} sites); seed {args.seed}")
        return 0

    report_path = Path(args.json or args.resume) if (args.json or args.resume) else None
    previous: dict[str, dict] = {}
    if args.resume:
        if Path(args.resume).exists():
            for r in load_report(Path(args.resume)).get("results", []):
                if r.get("status") not in ("", "ERROR"):
                    previous[r["id"]] = r
        else:
            print(f"mutate: {args.resume} does not exist yet; starting a new report")

    for r in previous.values():  # marked equivalent since that run
        e = equivalents.get((r.get("file"), r.get("line_text"), r.get("mutation"), r.get("occurrence", 0)))
        if e is not None and r["status"] != "EQUIVALENT":
            r.update(status="EQUIVALENT", reason=e.get("reason", ""), killed_by=None)

    if stale:
        print(f"note: {len(stale)} entr{'y' if len(stale) == 1 else 'ies'} of {EQUIVALENTS_FILE} match no "
              f"mutant of the current tree (the line changed); review them")

    workdir = Path(args.workdir).resolve()
    written = sync_workdir(repo, workdir, files)
    print(f"work folder {workdir}: {written} file(s) updated from {repo}", flush=True)
    runner = Runner(args, repo, workdir)
    report = {"tool": "scripts/mutate.py", "format": 1, "seed": args.seed,
              "selection": {"count": args.count, "per_module": args.per_module, "all": args.all,
                            "only": args.only, "modules": args.modules, "operators": args.operators},
              "tree": tree_fingerprint(repo, files), "started": time.strftime("%Y-%m-%dT%H:%M:%S"),
              "baseline": None, "results": list(previous.values())}
    todo = [m for m in chosen if m.id not in previous]
    need_run = [m for m in todo if equivalent_key(m.key()) not in equivalents]
    if need_run:
        report["baseline"] = runner.baseline()
    results = report["results"]
    for i, m in enumerate(todo, 1):
        text = texts[m.file]
        o, n = describe(text, m)
        if args.only:
            print(f"\n{m.id}  [{m.operator}] {m.mutation}\n{diff_of(text, m)}\n", flush=True)
        base = {"id": m.id, "file": m.file, "line": m.line, "module": m.module, "operator": m.operator,
                "mutation": m.mutation, "line_text": m.line_text, "occurrence": m.occurrence,
                "original": o, "mutated": n, "diff": diff_of(text, m)}
        eq = equivalents.get(equivalent_key(m.key()))
        if eq is not None:
            r = {**base, "status": "EQUIVALENT", "reason": eq.get("reason", "")}
        else:
            try:
                r = {**base, **runner.run_mutant(m, args.compile_only)}
            except KeyboardInterrupt:
                print("\ninterrupted; the work folder's file was restored. Resume with --resume.", file=sys.stderr)
                if report_path:
                    write_report(report_path, report)
                return 130
        results.append(r)
        took = f", {r['seconds']:.0f} s" if "seconds" in r else ""
        print(f"{m.file}:{m.line}  {o} → {n}  {verdict_text(r)}  ({m.id}, {len(previous) + i}/{len(chosen)}{took})",
              flush=True)
        if report_path:
            write_report(report_path, report)
    chosen_ids = {m.id for m in chosen}
    shown = [r for r in results if r["id"] in chosen_ids]
    summary(shown, args.modules, args.seed)
    if report_path:
        write_report(report_path, report)
        print(f"report: {report_path}")
    return 0
