#!/usr/bin/env bash
# Installs what Lamina needs that a fresh Debian 12 machine with Swift 6.3 lacks. Idempotent.
# What each package is for (Sources/QuartzCore/QuartzCore.docc/Installing.md):
#   pkg-config            finds FreeType's include folder for the build
#   libsdl2-dev           the window host (SDLHost): windows, input, presenting frames
#   libx11-dev libxext-dev  the window host on X11: frames drawn into MIT-SHM images (libsdl2-dev
#                         brings them too; named because CSDL2 links X11 and Xext itself)
#   libfreetype-dev       glyphs for CATextLayer and scene text
#   libpng-dev            PNG files: reading images, writing frames and goldens
#   libjpeg62-turbo-dev   JPEG files: reading images, lamina render -o x.jpg
#   libgif-dev            GIF files: ImageIO's CGImageSource reads every frame
#   libwebp-dev           WebP files: still images in CGImageSource and Lottie image assets
#   ffmpeg                recording to video (lamina record, lamina run --record, F5); the tests
#                         that record run only when it is installed
#   parallel              GNU parallel: the tests of recordings split in parts run them side by side
# Xvfb (only to run windows without a screen) stays optional: apt-get install xvfb. `swift test`
# does not need it (SDL's offscreen driver); test-all.sh's x11 step installs it when missing.
set -euo pipefail
if ! command -v swift >/dev/null 2>&1; then
  echo "setup: the Swift 6.3 toolchain is required (swift not found on PATH)" >&2
  exit 1
fi
packages=(pkg-config libsdl2-dev libx11-dev libxext-dev libfreetype-dev libpng-dev libjpeg62-turbo-dev libgif-dev libwebp-dev ffmpeg parallel)
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
