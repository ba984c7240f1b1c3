"""`python3 -m mutation` (from scripts/): the same command line as scripts/mutate.py."""

import sys

from .cli import main

sys.exit(main())
