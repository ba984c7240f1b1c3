"""The repository's files and their mutants."""

from __future__ import annotations

import hashlib
import subprocess
import sys
from pathlib import Path

from .config import MODULES, SKIPPED_DIRS, SOURCE_SUFFIXES
from .mutant import Mutant
from .source_file import SourceFile


def repo_root() -> Path:
    here = Path(__file__).resolve().parent
    out = subprocess.run(["git", "rev-parse", "--show-toplevel"], cwd=here, capture_output=True, text=True)
    if out.returncode != 0:
        sys.exit("mutate: not inside a git repository")
    return Path(out.stdout.strip())


def tree_files(repo: Path) -> list[str]:
    """Checked-in files plus untracked, not-ignored ones, that exist in the working tree."""
    out = subprocess.run(["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
                         cwd=repo, capture_output=True, check=True)
    names = sorted({n for n in out.stdout.decode("utf-8").split("\0") if n})
    return [n for n in names if (repo / n).is_file()]


def module_of(rel: str) -> str | None:
    parts = rel.split("/")
    if len(parts) < 3 or parts[0] != "Sources" or parts[1] not in MODULES:
        return None
    if any(rel.startswith(d) for d in SKIPPED_DIRS) or not rel.endswith(SOURCE_SUFFIXES):
        return None
    return parts[1]


def all_mutants(repo: Path, files: list[str], modules: list[str]) -> list[Mutant]:
    out: list[Mutant] = []
    for rel in files:
        mod = module_of(rel)
        if mod is None or mod not in modules:
            continue
        text = (repo / rel).read_text(encoding="utf-8")
        out.extend(SourceFile(rel, mod, text).mutants())
    return out


def tree_fingerprint(repo: Path, files: list[str]) -> str:
    h = hashlib.sha1()
    for rel in files:
        h.update(rel.encode())
        h.update(hashlib.sha1((repo / rel).read_bytes()).digest())
    return h.hexdigest()[:16]
