"""Which test classes are related to a mutated file."""

from __future__ import annotations

import re
from pathlib import Path

from .config import MODULE_TEST_TARGETS
from .mutant import Mutant


class TestIndex:
    """All tests (from `swift test list`) and which test classes each test file declares."""

    def __init__(self, workdir: Path, listing: str):
        self.tests = [ln.strip() for ln in listing.splitlines() if re.fullmatch(r"\w+\.\w+/\w+", ln.strip())]
        self.classes = sorted({t.split("/")[0] for t in self.tests})   # Target.Class
        by_name = {c.split(".")[1]: c for c in self.classes}
        self.file_classes: dict[str, set[str]] = {}
        self.file_text: dict[str, str] = {}
        for path in sorted((workdir / "Tests").rglob("*.swift")):
            text = path.read_text(encoding="utf-8", errors="replace")
            declared = set(re.findall(r"\b(?:class|extension)\s+(\w+)", text))
            found = {by_name[c] for c in declared if c in by_name}
            rel = path.relative_to(workdir).as_posix()
            self.file_text[rel] = text
            self.file_classes[rel] = found

    def related(self, workdir: Path, m: Mutant) -> list[str]:
        """Test classes for a mutant: those of the module's test targets that mention a name
        declared in the mutated file; all of those targets if none does; plus any other test
        class mentioning one of the names."""
        text = (workdir / m.file).read_text(encoding="utf-8")
        names = set(re.findall(r"\b(?:class|struct|enum|protocol|extension|actor|typealias|func)\s+(\w+)", text))
        if m.file.endswith((".c", ".h")):
            names |= set(re.findall(r"\b(lamina_\w+|\w+_kernel\w*)\s*\(", text))
            names.add("CPixelKernels")
        stem = Path(m.file).stem.split("+")[0]
        names.add(stem)
        names = {n for n in names if len(n) >= 4 and n not in ("init", "main")}
        if not names:
            return []
        pattern = re.compile(r"\b(" + "|".join(sorted(map(re.escape, names))) + r")\b")
        classes: set[str] = set()
        for rel, body in self.file_text.items():
            if pattern.search(body):
                classes |= self.file_classes[rel]
        targets = MODULE_TEST_TARGETS.get(m.module, [])
        primary = {c for c in classes if c.split(".")[0] in targets}
        if not primary:
            classes |= {c for c in self.classes if c.split(".")[0] in targets}
        return sorted(classes)


def filter_regex(classes: list[str]) -> str:
    return "^(" + "|".join(re.escape(c) for c in classes) + ")/"
