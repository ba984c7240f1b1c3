#!/usr/bin/env bash
# Lamina's CMake build, checked once: configures with CMake + Ninja into build-cmake/ (gitignored),
# builds the `lamina` command and the example project of CMakeHelpers/example (a separate CMake
# project that embeds Lamina with add_subdirectory), runs `lamina --help`, `lamina demo --list`,
# `lamina render` of a scene (Yams, the compositor, PNG writing) and the example, and says how long
# it took. Exits non-zero on any failure.
#
#   bash scripts/setup.sh && bash CMakeHelpers/ci-build.sh
#
# Installs cmake and ninja-build with apt-get when missing (sudo when not root). Environment:
#   LAMINA_CMAKE_BUILD_DIR   build folder (default: build-cmake at the top of the checkout)
#   LAMINA_CMAKE_BUILD_TYPE  CMAKE_BUILD_TYPE (default: Release)
#   LAMINA_CI_VERBOSE=1      stream the build output (default: kept in <build>/ci-build.log,
#                            whose end is printed when a step fails)
set -euo pipefail
start=$(date +%s)
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
build="${LAMINA_CMAKE_BUILD_DIR:-build-cmake}"
build_type="${LAMINA_CMAKE_BUILD_TYPE:-Release}"

elapsed() { echo "$(( $(date +%s) - start ))s"; }
fail() { echo "ci-build: FAILED: $* (after $(elapsed))" >&2; exit 1; }

# cmake (3.25 or later) and ninja.
need=()
command -v cmake >/dev/null 2>&1 || need+=(cmake)
command -v ninja >/dev/null 2>&1 || need+=(ninja-build)
if [ ${#need[@]} -gt 0 ]; then
  echo "ci-build: installing ${need[*]}"
  SUDO=""
  [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  export DEBIAN_FRONTEND=noninteractive
  if ! $SUDO apt-get install -y -qq "${need[@]}" >/dev/null 2>&1; then
    $SUDO apt-get update -qq >/dev/null || fail "apt-get update"
    $SUDO apt-get install -y -qq "${need[@]}" >/dev/null || fail "apt-get install ${need[*]}"
  fi
fi
cmake_version=$(cmake --version | sed -n '1s/[^0-9]*\([0-9][0-9.]*\).*/\1/p')
[ "$(printf '%s\n3.25\n' "$cmake_version" | sort -V | head -1)" = "3.25" ] \
  || fail "cmake $cmake_version is older than 3.25"
command -v swiftc >/dev/null 2>&1 || fail "swiftc not found on PATH (the Swift toolchain is needed)"
command -v pkg-config >/dev/null 2>&1 || fail "pkg-config not found (run: bash scripts/setup.sh)"

mkdir -p "$build"
log="$root/$build/ci-build.log"
[ "${build:0:1}" = "/" ] && log="$build/ci-build.log"
: >"$log"
step() {
  local name="$1"; shift
  local t0; t0=$(date +%s)
  echo "ci-build: $name"
  echo "### $name: $*" >>"$log"
  if [ "${LAMINA_CI_VERBOSE:-0}" = "1" ]; then
    "$@" 2>&1 | tee -a "$log"; local rc=${PIPESTATUS[0]}
  else
    local rc=0; "$@" >>"$log" 2>&1 || rc=$?
  fi
  if [ "$rc" -ne 0 ]; then
    [ "${LAMINA_CI_VERBOSE:-0}" = "1" ] || { echo "--- last lines of $log:" >&2; tail -n 60 "$log" >&2; }
    fail "$name (exit $rc)"
  fi
  echo "ci-build:   ok ($(( $(date +%s) - t0 ))s)"
}

step "configure ($build, $build_type)" \
  cmake -G Ninja -S . -B "$build" -DCMAKE_BUILD_TYPE="$build_type"
step "build lamina" ninja -C "$build" lamina
step "configure the example project ($build/example)" \
  cmake -G Ninja -S CMakeHelpers/example -B "$build/example" -DCMAKE_BUILD_TYPE="$build_type" \
    -DLAMINA_SOURCE_DIR="$root"
step "build the example" ninja -C "$build/example"

lamina="$build/bin/lamina"
[ -x "$lamina" ] || fail "$lamina was not built"
help=$("$lamina" --help 2>&1) || fail "lamina --help: $help"
grep -q "USAGE" <<<"$help" || fail "lamina --help printed no usage: $help"
echo "ci-build: lamina --help ok"
demos=$("$lamina" demo --list 2>&1) || fail "lamina demo --list: $demos"
grep -q "folder" <<<"$demos" || fail "lamina demo --list does not list the folder demo: $demos"
echo "ci-build: lamina demo --list ok ($(wc -l <<<"$demos") lines)"
frame="$build/ci-frame.png"
rm -f "$frame"
out=$("$lamina" render scenes/bounce.yaml --at 0.5 -o "$frame" 2>&1) || fail "lamina render: $out"
[ -s "$frame" ] || fail "lamina render wrote no $frame: $out"
echo "ci-build: lamina render scenes/bounce.yaml ok ($out)"
example="$build/example/lamina-cmake-example"
out=$("$example" 2>&1) || fail "the example: $out"
echo "ci-build: $out"
echo "ci-build: passed in $(elapsed)"
