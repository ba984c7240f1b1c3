#!/usr/bin/env bash
# Every test, in the order CI runs them (.ci/run runs the README's test command, which is
# `bash scripts/setup.sh && bash scripts/test-all.sh`). Each step installs what it needs from
# Debian's packages when it is missing; the first failing step stops the run and is named.
#
#   bash scripts/test-all.sh          # every step
#   bash scripts/test-all.sh --list   # the steps, one a line
#   bash scripts/test-all.sh fuzz-smoke slurm   # only the named steps
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

# name|command|what it checks
steps=(
  "swift-test|swift test|SwiftPM's tests: every test target (about 1,500 tests)"
  "x11|bash scripts/test-x11.sh|the window presenters on a real X server (Xvfb): frames drawn into shared-memory images"
  "fuzz-smoke|bash scripts/fuzz-smoke.sh|a short run of the scene fuzzer over its corpus"
  "cmake|bash CMakeHelpers/ci-build.sh|the CMake + Ninja build of the library, the command and an embedding example"
  "check-dependent|bash scripts/check-dependent.sh|a package outside the repository that depends on this checkout (no warnings allowed)"
  "build-docs|bash scripts/build-docs.sh|the DocC archives of every library product (no warnings allowed)"
  "arm64-kernels|bash scripts/test-arm64-kernels.sh|the C pixel kernels cross-compiled for arm64 and run under qemu, and natively"
  "install|bash scripts/test-install.sh|an install into a temporary prefix, run with a cleared environment"
  "mutate|bash scripts/test-mutate.sh|the mutation tool's own tests"
  "slurm|bash scripts/test-slurm.sh|a real one-node Slurm runs deploy/slurm's job array of parts and its join (root)"
  "ssh-parallel|bash scripts/test-ssh-parallel.sh|GNU parallel sends parts to a real sshd on 127.0.0.1 and joins what it returns (root)"
  "tsan|bash scripts/test-tsan.sh|ThreadSanitizer over the QuartzCore and window-host tests, Mutex seen through checked hooks (x86-64)"
)

if [ "${1:-}" = "--list" ]; then
  for s in "${steps[@]}"; do IFS='|' read -r name cmd what <<<"$s"; printf '%-16s %s\n' "$name" "$what"; done
  exit 0
fi
wanted=("$@")
for w in "${wanted[@]}"; do
  found=""
  for s in "${steps[@]}"; do [ "${s%%|*}" = "$w" ] && found=1; done
  [ -n "$found" ] || { echo "test-all: no step named '$w' (see --list)" >&2; exit 2; }
done

start=$(date +%s)
report=()
for s in "${steps[@]}"; do
  IFS='|' read -r name cmd what <<<"$s"
  if [ "${#wanted[@]}" -gt 0 ]; then
    keep=""
    for w in "${wanted[@]}"; do [ "$w" = "$name" ] && keep=1; done
    [ -n "$keep" ] || continue
  fi
  echo "== test-all: $name: $what"
  t0=$(date +%s)
  if ! bash -c "$cmd"; then
    echo "== test-all: FAILED at step '$name' ($cmd) after $(( $(date +%s) - t0 )) s" >&2
    exit 1
  fi
  report+=("$(printf '%-16s passed in %4d s' "$name" "$(( $(date +%s) - t0 ))")")
done
echo "== test-all: every step passed in $(( $(date +%s) - start )) s"
for r in "${report[@]}"; do echo "   $r"; done
