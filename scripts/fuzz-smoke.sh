#!/usr/bin/env bash
# A short run of the scene fuzzer (300 inputs, a fixed seed), part of the README's test command:
# it fails on a crash, a hang (an input over 600 s) or memory that keeps growing, never on a slow
# machine (an input counts as slow only past 120 s; the slowest takes seconds). Uses the debug
# build `swift test` made. The long runs are `lamina fuzz-scenes --count 100000` (Tests/Fuzz/README.md).
set -euo pipefail
cd "$(dirname "$0")/.."
swift run lamina fuzz-scenes --count 300 --seed 20261123 --slow-limit 120 --hang-limit 600 --max-growth 64
