"""The work folder: a copy of the tree, rewritten only where content changed."""

from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path

from .config import WORKDIR_MARKER


def sync_workdir(repo: Path, workdir: Path, files: list[str]) -> int:
    """Makes workdir hold exactly `files` of the repo (plus its .build); returns files written."""
    if workdir.resolve() == repo.resolve() or repo.resolve() in workdir.resolve().parents:
        sys.exit(f"mutate: the work folder {workdir} must be outside the repository")
    if workdir.exists() and any(workdir.iterdir()) and not (workdir / WORKDIR_MARKER).exists():
        sys.exit(f"mutate: {workdir} is not empty and was not made by this tool; choose another --workdir")
    workdir.mkdir(parents=True, exist_ok=True)
    (workdir / WORKDIR_MARKER).write_text("made by scripts/mutate.py; safe to delete\n")
    wanted = set(files)
    extra = ["Package.resolved"] if (repo / "Package.resolved").is_file() else []
    written = 0
    for rel in files + extra:
        src, dst = repo / rel, workdir / rel
        data = src.read_bytes()
        if dst.is_file() and dst.stat().st_size == len(data) and dst.read_bytes() == data:
            continue
        dst.parent.mkdir(parents=True, exist_ok=True)
        dst.write_bytes(data)
        shutil.copymode(src, dst)
        written += 1
    keep_top = {".build", WORKDIR_MARKER, "Package.resolved", ".mutate-logs"}
    for dirpath, dirnames, filenames in os.walk(workdir, topdown=True):
        rel_dir = Path(dirpath).relative_to(workdir)
        if rel_dir == Path("."):
            dirnames[:] = [d for d in dirnames if d not in keep_top]
            filenames = [f for f in filenames if f not in keep_top]
        for f in filenames:
            rel = (rel_dir / f).as_posix()
            if rel not in wanted:
                (Path(dirpath) / f).unlink()
    return written


def write_newer(path: Path, text: str) -> None:
    """Writes text and makes sure the modification time moves forward, so the incremental build
    notices the change even when the mutant has the original's size and the clock is coarse."""
    before = path.stat().st_mtime_ns
    path.write_text(text, encoding="utf-8")
    if path.stat().st_mtime_ns <= before:
        os.utime(path, ns=(before + 1_000_000, before + 1_000_000))
