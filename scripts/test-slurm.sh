#!/usr/bin/env bash
# CI step: a real one-node Slurm runs deploy/slurm's job array and its dependent join
# (scripts/slurm-one-node.sh). Installs Debian's slurm-wlm and munge when they are missing.
# Needs root, as the README's machine is; a machine where Slurm cannot start fails here with the
# reason (never skipped silently).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
if ! command -v slurmctld >/dev/null || ! command -v munged >/dev/null; then
  [ "$(id -u)" -eq 0 ] || { echo "test-slurm: slurm-wlm and munge are missing and only root can install them" >&2; exit 1; }
  # Daemons are not started by the packages' scripts here: this step starts its own.
  printf '#!/bin/sh\nexit 101\n' > /usr/sbin/policy-rc.d.lamina
  chmod +x /usr/sbin/policy-rc.d.lamina
  had_policy=""; [ -e /usr/sbin/policy-rc.d ] && had_policy=1
  [ -n "$had_policy" ] || cp /usr/sbin/policy-rc.d.lamina /usr/sbin/policy-rc.d
  DEBIAN_FRONTEND=noninteractive apt-get install -y -q slurm-wlm munge >/dev/null \
    || { apt-get update -q >/dev/null && DEBIAN_FRONTEND=noninteractive apt-get install -y -q slurm-wlm munge >/dev/null; }
  [ -n "$had_policy" ] || rm -f /usr/sbin/policy-rc.d
  rm -f /usr/sbin/policy-rc.d.lamina
fi
swift build --product lamina >/dev/null
LAMINA="$root/.build/debug/lamina" bash scripts/slurm-one-node.sh
