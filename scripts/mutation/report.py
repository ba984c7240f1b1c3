"""The JSON report and the summary table."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path


def load_report(path: Path) -> dict:
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as err:
        sys.exit(f"mutate: cannot read the report {path}: {err}")


def write_report(path: Path, report: dict) -> None:
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(json.dumps(report, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    os.replace(tmp, path)


def verdict_text(r: dict) -> str:
    s = r["status"]
    text = f"KILLED by {r.get('killed_by')}" if s == "KILLED" else s
    if r.get("flaky"):
        text += f" (flaky, skipped: {', '.join(r['flaky'])})"
    return text


def summary(results: list[dict], modules: list[str], seed, out=sys.stdout) -> None:
    def rate(rs):
        killed = sum(r["status"] in ("KILLED", "TIMEOUT") for r in rs)
        survived = sum(r["status"] == "SURVIVED" for r in rs)
        return killed, survived
    print("", file=out)
    print("Kill rate = killed (including timeouts) / (killed + survived); mutants that did not compile "
          "and equivalent ones are left out.", file=out)
    print(f"{'module':<15} {'killed':>6} {'survived':>8} {'rate':>7} {'no-compile':>10} {'equivalent':>10} "
          f"{'timeout':>7}", file=out)
    for mod in modules + ["overall"]:
        rs = results if mod == "overall" else [r for r in results if r["module"] == mod]
        if not rs:
            continue
        k, s = rate(rs)
        nc = sum(r["status"] == "DID NOT COMPILE" for r in rs)
        eq = sum(r["status"] == "EQUIVALENT" for r in rs)
        to = sum(r["status"] == "TIMEOUT" for r in rs)
        pct = f"{100 * k / (k + s):.0f}%" if k + s else "-"
        print(f"{mod:<15} {k:>6} {s:>8} {pct:>7} {nc:>10} {eq:>10} {to:>7}", file=out)
    ran = [r for r in results if r["status"] not in ("EQUIVALENT",)]
    nc = sum(r["status"] == "DID NOT COMPILE" for r in ran)
    if ran:
        print(f"did not compile: {nc} of {len(ran)} ({100 * nc / len(ran):.0f}%)", file=out)
    timed = [r for r in ran if r["status"] in ("KILLED", "SURVIVED", "TIMEOUT", "DID NOT COMPILE", "COMPILED")]
    if timed:
        avg = sum(r.get("seconds", 0) for r in timed) / len(timed)
        avg_b = sum(r.get("build_seconds", 0) for r in timed) / len(timed)
        avg_t = sum(r.get("test_seconds", 0) for r in timed) / len(timed)
        print(f"time per mutant: {avg:.0f} s on average (build {avg_b:.0f} s, tests {avg_t:.0f} s)", file=out)
    survivors = [r for r in results if r["status"] == "SURVIVED"]
    if survivors:
        print(f"\nSurvivors ({len(survivors)}):", file=out)
        for r in survivors:
            print(f"\n{r['id']}  {r['file']}:{r['line']}  [{r['operator']}] {r['mutation']}", file=out)
            print(r.get("diff", ""), file=out)
    print(f"\nseed: {seed}", file=out)
