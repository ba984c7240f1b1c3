#!/usr/bin/env python3
"""Mutation testing for Lamina (a developer tool; not part of `swift test`).

What it does, and the package's modules: scripts/mutation/__init__.py.

Typical use:
    python3 scripts/mutate.py --seed 1 --count 8 --list          # what would be tried
    python3 scripts/mutate.py --seed 1 --count 8 --json m.json    # run them
    python3 scripts/mutate.py --seed 1 --count 40 --resume m.json # go on after an interruption
    python3 scripts/mutate.py --only CATransform3D-1a2b3c4d       # re-run one mutant, with its diff
    python3 scripts/mutate.py --mark-equivalent ID --reason "..." # record an equivalent mutant

This file is the package's command (the same as `python3 -m mutation` from scripts/).
Python 3.11 standard library only.
"""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from mutation.cli import main  # noqa: E402  (after the path is set)

if __name__ == "__main__":
    sys.exit(main())
