"""Tests of the mutation tool (`bash scripts/test-mutate.sh`; not part of `swift test`).

Every expected mutant was written out by hand from the operator rules in the package's docs.
"""
