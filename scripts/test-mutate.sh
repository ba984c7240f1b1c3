#!/usr/bin/env bash
# The mutation tool's own tests (scripts/mutation/tests; Python 3 standard library only), part of
# the README's test command. Quick (about a second) and independent of `swift test`. Installs
# Debian's python3 first when it is missing (a fresh machine may have none).
set -euo pipefail
cd "$(dirname "$0")"
if ! command -v python3 >/dev/null 2>&1; then
  SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  echo "test-mutate: installing python3 (Debian package)"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq python3 >/dev/null
fi
exec python3 -m unittest discover -s mutation/tests -t . "$@"
