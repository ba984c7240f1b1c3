#!/usr/bin/env bash
# Submits a recording in N parts as a Slurm job array and its join as a job that starts only when
# every part has succeeded (afterok). Prints both job ids.
#
#   bash deploy/slurm/submit.sh SCENE N PARTS_DIR OUTPUT [lamina record options]
#   e.g. bash deploy/slurm/submit.sh scenes/confetti.yaml 8 /shared/confetti-parts /shared/confetti.mp4 --duration 20 --size 3840x2560
set -euo pipefail
[ $# -ge 4 ] || { echo "usage: $0 SCENE N PARTS_DIR OUTPUT [lamina record options]" >&2; exit 2; }
scene=$1; n=$2; parts=$3; output=$4; shift 4
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
array=$(sbatch --parsable --array="1-$n" "$here/record-parts.sbatch" "$scene" "$parts" "$n" "$@")
array=${array%%;*}
join=$(sbatch --parsable --dependency="afterok:$array" "$here/join.sbatch" "$parts" "$output")
echo "parts: job array $array (1-$n); join: job ${join%%;*} (after every part succeeded)"
