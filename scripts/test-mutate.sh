#!/usr/bin/env bash
# The mutation tool's own tests (scripts/mutation/tests; Python 3.11 standard library only).
# Quick (about a second) and independent of `swift test`: CI can run `bash scripts/test-mutate.sh`.
set -euo pipefail
cd "$(dirname "$0")"
exec python3 -m unittest discover -s mutation/tests -t . "$@"
