#!/usr/bin/env bash
# GNU parallel on one machine: a recording in N parts, J at a time, then joined.
# Worth it when one process leaves cores idle (a small scene, or --threads 1 rendering); on a
# machine whose cores the encoder already fills, parts mostly trade memory for nothing.
#
#   bash deploy/parallel/one-machine.sh SCENE N OUTPUT [lamina record options]
set -euo pipefail
[ $# -ge 3 ] || { echo "usage: $0 SCENE N OUTPUT [lamina record options]" >&2; exit 2; }
scene=$1; n=$2; output=$3; shift 3
lamina=${LAMINA:-lamina}
parts=$(mktemp -d "${TMPDIR:-/tmp}/lamina-parts.XXXXXXXX")
trap 'rm -rf "$parts"' EXIT
# -q: every argument passed as it is (spaces, quotes); --halt: stop at the first part that fails.
seq 1 "$n" | parallel -q -j "${JOBS:-$(nproc)}" --halt now,fail=1 \
  "$lamina" record "$scene" "$@" --part "{}/$n" --lossless -o "$parts/part-{}.mkv"
"$lamina" join "$parts"/part-*.mkv -o "$output"
