#!/usr/bin/env python3
"""Mutation testing for Lamina (a developer tool; not part of `swift test`).

The tool finds mutation sites in the production sources of CoreGraphics, Compositor, CPixelKernels,
QuartzCore and Scenes, picks a sample of them from a seed, and for each mutant builds a copy of the
repository, runs the tests most related to the mutated file first and then the whole suite, and
reports whether some test failed (KILLED), none did (SURVIVED), the mutant did not build (DID NOT
COMPILE) or the tests hung (TIMEOUT, counted as killed).

The developer's working tree is never written to (except `scripts/mutation-equivalents.txt` by
--mark-equivalent). The checked-in files plus uncommitted changes (`git ls-files --cached --others
--exclude-standard`, read from the working tree) are copied into a work folder (default
/tmp/lamina-mutate) whose `.build` is reused between mutants and between runs, so each mutant is an
incremental build. Only files whose content changed are rewritten, so a second run starts fast.

Typical use:
    python3 scripts/mutate.py --seed 1 --count 8 --list          # what would be tried
    python3 scripts/mutate.py --seed 1 --count 8 --json m.json    # run them
    python3 scripts/mutate.py --seed 1 --count 40 --resume m.json # go on after an interruption
    python3 scripts/mutate.py --only CATransform3D-1a2b3c4d       # re-run one mutant, with its diff
    python3 scripts/mutate.py --mark-equivalent ID --reason "..." # record an equivalent mutant

The tool itself is the package scripts/mutation/ (modules by concern); this file is its command.
Python 3.11 standard library only.
"""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from mutation.cli import main  # noqa: E402  (after the path is set)

if __name__ == "__main__":
    sys.exit(main())
