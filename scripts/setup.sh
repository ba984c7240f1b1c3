#!/usr/bin/env bash
# Installs what Lamina needs that a fresh Debian 12 machine with Swift 6.3 lacks. Idempotent.
# SDL2 for the window host; FreeType (found with pkg-config), libpng and libjpeg-turbo for glyphs
# and image files. ffmpeg
# (only for lamina record to video) and Xvfb (only to run windows without a screen) are optional:
# apt-get install ffmpeg xvfb. The tests need neither (they use SDL's offscreen driver).
set -euo pipefail
if ! command -v swift >/dev/null 2>&1; then
  echo "setup: the Swift 6.3 toolchain is required (swift not found on PATH)" >&2
  exit 1
fi
packages=(pkg-config libsdl2-dev libfreetype-dev libpng-dev libjpeg62-turbo-dev libgif-dev)
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
