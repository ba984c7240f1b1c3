#!/usr/bin/env bash
# The window presenters on a real X server: `swift test` runs the window host on SDL's offscreen
# driver, where SharedImagesPresenterTests (frames drawn straight into MIT-SHM images) skip, as
# they need X. This starts an Xvfb of its own on a free display, runs them there with SDL's x11
# driver, and fails if they did not run. Installs xvfb from Debian when it is missing.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
if ! command -v Xvfb >/dev/null 2>&1; then
  SUDO=""
  [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq xvfb
fi
# A display no server holds (its socket and lock file absent).
n=70
while [ -e "/tmp/.X11-unix/X$n" ] || [ -e "/tmp/.X$n-lock" ]; do n=$((n + 1)); done
Xvfb ":$n" -screen 0 1280x800x24 -nolisten tcp >/dev/null 2>&1 &
xvfb=$!
out=$(mktemp)
trap 'kill "$xvfb" 2>/dev/null || true; rm -f "$out"' EXIT
for _ in $(seq 100); do [ -e "/tmp/.X11-unix/X$n" ] && break; sleep 0.1; done
[ -e "/tmp/.X11-unix/X$n" ] || { echo "test-x11: Xvfb :$n did not start" >&2; exit 1; }
DISPLAY=":$n" swift test --filter 'SDLHostTests.SharedImagesPresenterTests' 2>&1 | tee "$out"
# Every test ran (none skipped for want of a display) and at least one did.
if grep -q "skipped" "$out"; then
  echo "test-x11: SharedImagesPresenterTests were skipped on Xvfb :$n" >&2
  exit 1
fi
grep -Eq "Executed [1-9][0-9]* tests?, with 0 failures" "$out" || { echo "test-x11: no presenter test ran" >&2; exit 1; }
echo "test-x11: SharedImagesPresenterTests passed on Xvfb :$n"
