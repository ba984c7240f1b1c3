#!/usr/bin/env bash
# The API documentation: one DocC archive per library product's main target (QuartzCore,
# CoreGraphics, ImageIO, LaminaWindow, LaminaRecording, Scenes, LaminaViews, Lottie), built with swift-docc-plugin. Fails on any
# DocC warning (a broken ``symbol link``, a malformed parameter list, a missing article ...).
#
#   bash scripts/build-docs.sh
#
# The plugin is a dependency only when LAMINA_DOCS=1 (Package.swift), so everyday builds never
# resolve it. This script builds in its own scratch folder (.build/docs, so the everyday .build
# is not rebuilt in another configuration) and puts Package.resolved back as it found it.
#
# Environment: LAMINA_DOCS_OUT (default: .build/docs/archives) is where the .doccarchive folders
# go; LAMINA_DOCS_SCRATCH (default: .build/docs) the scratch folder.
set -euo pipefail
start=$(date +%s)
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
scratch="${LAMINA_DOCS_SCRATCH:-$root/.build/docs}"
out="${LAMINA_DOCS_OUT:-$scratch/archives}"
targets=(QuartzCore CoreGraphics ImageIO LaminaWindow LaminaRecording Scenes LaminaViews Lottie)
elapsed() { echo "$(( $(date +%s) - start ))s"; }

# Package.resolved: kept as it was (resolving the plugin would add a pin to it).
resolved_backup=""
if [ -f Package.resolved ]; then
  resolved_backup="$(mktemp /tmp/lamina-docs-resolved.XXXXXX)"
  cp Package.resolved "$resolved_backup"
fi
restore_resolved() {
  if [ -n "$resolved_backup" ]; then
    cp "$resolved_backup" Package.resolved && rm -f "$resolved_backup"
  else
    rm -f Package.resolved
  fi
}
trap restore_resolved EXIT

mkdir -p "$scratch" "$out"
for t in "${targets[@]}"; do rm -rf "${out:?}/$t.doccarchive"; done   # no archive of an earlier run
log="$scratch/build-docs.log"
target_args=()
for t in "${targets[@]}"; do target_args+=(--target "$t"); done

echo "build-docs: ${targets[*]} -> $out"
status=0
LAMINA_DOCS=1 swift package --scratch-path "$scratch" \
  --allow-writing-to-directory "$out" \
  generate-documentation "${target_args[@]}" \
  --output-path "$out" --disable-indexing --warnings-as-errors \
  >"$log" 2>&1 || status=$?

# DocC's diagnostics and the plugin's start their line with "warning:" or "error:" (the compiler's
# start with a file name: they are the build's business, not this script's). With
# --warnings-as-errors DocC reports warnings as errors, and the plugin goes on to the next target,
# so every one of them is looked for, and shown with the location DocC prints under it.
# SwiftPM's note that ZIPFoundation (a dependency) ships a file its Linux target does not declare
# is not DocC's, nor Lamina's: that one line is left out.
problems="$(grep -vF "warning: 'zipfoundation': found 1 file(s) which are unhandled; explicitly declare them as resources or exclude from the target" "$log" \
  | awk '/^(warning|error): /{p=1; print; next} p && /^( +-->|[0-9]+ +[|+])/{print; next} {p=0}')"
if [ "$status" -ne 0 ] || [ -n "$problems" ]; then
  if [ -n "$problems" ]; then echo "$problems" >&2; else tail -n 40 "$log" >&2; fi
  echo "build-docs: FAILED (exit $status, after $(elapsed); full log in $log)" >&2
  exit 1
fi
for t in "${targets[@]}"; do
  [ -d "$out/$t.doccarchive" ] || { echo "build-docs: FAILED: no $out/$t.doccarchive (log in $log)" >&2; exit 1; }
done
echo "build-docs: ${#targets[@]} archives in $out (took $(elapsed))"
