"""Mutants marked equivalent (scripts/mutation-equivalents.txt)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

from .config import EQUIVALENTS_FILE
from .mutant import Mutant


def load_equivalents(repo: Path) -> list[dict]:
    path = repo / EQUIVALENTS_FILE
    entries = []
    if not path.exists():
        return entries
    for n, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        s = raw.strip()
        if not s or s.startswith("#"):
            continue
        try:
            e = json.loads(s)
        except json.JSONDecodeError as err:
            sys.exit(f"mutate: {EQUIVALENTS_FILE}:{n}: not a JSON object ({err})")
        entries.append(e)
    return entries


def equivalent_key(e: dict) -> tuple:
    return (e.get("file"), e.get("line"), e.get("mutation"), e.get("occurrence", 0))


def mark_equivalent(repo: Path, mutants: list[Mutant], mid: str, reason: str) -> None:
    m = next((x for x in mutants if x.id == mid), None)
    if m is None:
        sys.exit(f"mutate: no mutant {mid} in the current tree (IDs come from --list)")
    if not reason.strip():
        sys.exit("mutate: --mark-equivalent needs --reason \"why it cannot change behaviour\"")
    for e in load_equivalents(repo):
        if equivalent_key(e) == equivalent_key(m.key()):
            print(f"{mid} is already marked equivalent: {e.get('reason')}")
            return
    entry = {"id": m.id, **m.key(), "reason": reason.strip()}
    path = repo / EQUIVALENTS_FILE
    with path.open("a", encoding="utf-8") as f:
        f.write(json.dumps(entry, ensure_ascii=False) + "\n")
    print(f"marked {mid} equivalent in {EQUIVALENTS_FILE}:")
    print(f"  {m.file}:{m.line}  {m.mutation}  ({m.line_text})")
