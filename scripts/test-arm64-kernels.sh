#!/usr/bin/env bash
# The C pixel kernels (Sources/CPixelKernels) on arm64 and x86-64: builds the C test driver
# Tests/CKernels/*.c with the kernels' sources
#   1. cross-compiled for AArch64 (aarch64-linux-gnu-gcc -static) and run under qemu-user: the
#      portable and NEON levels;
#   2. natively (on x86-64: the portable, AVX2 and, where the CPU has it, AVX-512 levels);
# and checks that each run ends with "N passed, 0 failed". Needs no Swift toolchain for AArch64.
#
#   bash scripts/test-arm64-kernels.sh
#
# Installs with apt-get, when missing (sudo when not root; one apt-get update first):
# gcc-aarch64-linux-gnu, libc6-dev-arm64-cross, qemu-user-static, and gcc for the native build when
# there is no C compiler. Exits non-zero, saying why, when a tool cannot be installed, qemu cannot
# run an AArch64 program, a build fails, or any check fails: nothing is skipped.
# Environment: LAMINA_KERNEL_TESTS_DIR  build folder (default: a fresh temporary folder, removed).
set -euo pipefail
start=$(date +%s)
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"

elapsed() { echo "$(( $(date +%s) - start ))s"; }
fail() { echo "test-arm64-kernels: FAILED: $* (after $(elapsed))" >&2; exit 1; }

# ---- tools -----------------------------------------------------------------------------------------
need=()
command -v aarch64-linux-gnu-gcc >/dev/null 2>&1 || need+=(gcc-aarch64-linux-gnu)
dpkg -s libc6-dev-arm64-cross >/dev/null 2>&1 || need+=(libc6-dev-arm64-cross)
if ! command -v qemu-aarch64-static >/dev/null 2>&1 && ! command -v qemu-aarch64 >/dev/null 2>&1; then
  need+=(qemu-user-static)
fi
native_cc="${CC:-}"
if [ -z "$native_cc" ]; then
  for c in cc gcc clang; do
    if command -v "$c" >/dev/null 2>&1; then native_cc="$c"; break; fi
  done
fi
[ -n "$native_cc" ] || need+=(gcc)
if [ ${#need[@]} -gt 0 ]; then
  command -v apt-get >/dev/null 2>&1 || fail "missing ${need[*]} and no apt-get to install them"
  echo "test-arm64-kernels: installing ${need[*]}"
  SUDO=""
  [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  export DEBIAN_FRONTEND=noninteractive
  $SUDO apt-get update -qq >/dev/null || fail "apt-get update"
  $SUDO apt-get install -y -qq "${need[@]}" >/dev/null || fail "apt-get install ${need[*]}"
  [ -n "$native_cc" ] || native_cc=gcc
fi
command -v aarch64-linux-gnu-gcc >/dev/null 2>&1 || fail "aarch64-linux-gnu-gcc not found after installing"
qemu=""
for q in qemu-aarch64-static qemu-aarch64; do
  if command -v "$q" >/dev/null 2>&1; then qemu="$q"; break; fi
done
[ -n "$qemu" ] || fail "qemu-aarch64-static (or qemu-aarch64) not found after installing"

# ---- builds ----------------------------------------------------------------------------------------
if [ -n "${LAMINA_KERNEL_TESTS_DIR:-}" ]; then
  out="$LAMINA_KERNEL_TESTS_DIR"
  mkdir -p "$out"
else
  out="$(mktemp -d "${TMPDIR:-/tmp}/lamina-kernel-tests.XXXXXX")"
  trap 'rm -rf "$out"' EXIT
fi
sources=(Tests/CKernels/*.c Sources/CPixelKernels/*.c)
# -ffp-contract=off: no fused multiply-adds, as the kernels' pragma asks (GCC defaults to fusing).
flags=(-O2 -std=gnu11 -Wall -Wextra -Werror -ffp-contract=off -I Sources/CPixelKernels/include)

# Each run must end with "N passed, 0 failed" (N > 0) and exit 0.
run_checked() {
  local name="$1"; shift
  local log="$out/$name.log" status=0
  "$@" >"$log" 2>&1 || status=$?
  sed 's/^/  /' "$log" | tail -n 30
  local last
  last="$(tail -n 1 "$log")"
  [ "$status" -eq 0 ] || fail "$name exited with status $status"
  [[ "$last" =~ ^[1-9][0-9]*\ passed,\ 0\ failed$ ]] || fail "$name did not end with 'N passed, 0 failed' (last line: $last)"
}

echo "test-arm64-kernels: AArch64 (aarch64-linux-gnu-gcc, run under $qemu)"
aarch64-linux-gnu-gcc "${flags[@]}" -static -o "$out/kernel_tests-aarch64" "${sources[@]}" -lm \
  || fail "cross-compiling for AArch64"
# qemu itself must run an AArch64 program: a failure here is the emulator's, not the kernels'.
printf 'int main(void) { return 42; }\n' > "$out/probe.c"
aarch64-linux-gnu-gcc -static -o "$out/probe-aarch64" "$out/probe.c" || fail "cross-compiling a probe program"
probe=0
"$qemu" "$out/probe-aarch64" || probe=$?
[ "$probe" -eq 42 ] || fail "$qemu cannot run an AArch64 program (probe exit status $probe, expected 42)"
run_checked "aarch64" "$qemu" "$out/kernel_tests-aarch64"

echo "test-arm64-kernels: native $(uname -m) ($native_cc)"
"$native_cc" "${flags[@]}" -o "$out/kernel_tests-native" "${sources[@]}" -lm || fail "building natively with $native_cc"
run_checked "native" "$out/kernel_tests-native"

echo "test-arm64-kernels: passed (in $(elapsed))"
