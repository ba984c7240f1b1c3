#!/usr/bin/env bash
# Installs what Lamina needs that a fresh Debian 12 machine with Swift 6.3 lacks. Idempotent.
# Today the QuartzCore engine needs only the Swift toolchain; SDL2, SDL2_ttf, SDL2_image, ffmpeg
# and Xvfb join this list with the compositor, host and recording work.
set -euo pipefail
if ! command -v swift >/dev/null 2>&1; then
  echo "setup: the Swift 6.3 toolchain is required (swift not found on PATH)" >&2
  exit 1
fi
packages=()
missing=()
for p in "${packages[@]}"; do
  dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  SUDO=""
  [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${missing[@]}"
fi
