"""One mutant and its stable ID."""

from __future__ import annotations

import dataclasses
import hashlib
import json
import re
from pathlib import Path


@dataclasses.dataclass
class Mutant:
    """One mutation: replace text[start:end] of `file` by `replacement`."""
    file: str          # path relative to the repository
    module: str
    line: int          # 1-based line of the mutation's start
    start: int
    end: int
    replacement: str
    operator: str      # one of OPERATOR_KINDS
    mutation: str      # e.g. "< → <=", "delete statement"
    line_text: str     # the original line, stripped (part of the stable key)
    occurrence: int = 0
    id: str = ""

    def key(self) -> dict:
        """What identifies this mutant across runs (no line number: lines move)."""
        return {"file": self.file, "line": self.line_text, "mutation": self.mutation,
                "occurrence": self.occurrence}

    def location(self) -> tuple:
        return (self.file, self.start)


def mutant_id(file: str, line_text: str, mutation: str, occurrence: int) -> str:
    """The stable ID: file stem plus a hash of the key (file, line text, mutation, occurrence)."""
    payload = json.dumps([file, line_text, mutation, occurrence], ensure_ascii=False)
    digest = hashlib.sha1(payload.encode("utf-8")).hexdigest()[:8]
    stem = re.sub(r"[^A-Za-z0-9]+", "", Path(file).stem) or "file"
    return f"{stem}-{digest}"
