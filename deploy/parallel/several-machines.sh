#!/usr/bin/env bash
# GNU parallel over ssh: the parts of a recording rendered on several machines (each with lamina
# installed and the scene at the same path), sent back here (--return) and joined here.
#
#   HOSTS=2/render1,2/render2,1/: bash deploy/parallel/several-machines.sh SCENE N OUTPUT [lamina record options]
#
# HOSTS is parallel's --sshlogin list: "2/render1" runs two parts at a time on render1, ":" is
# this machine. Parts are written in a folder of the same name on each machine, returned, and
# removed there (--cleanup). A part that fails is retried once on another machine (--retries 2).
# Needs GNU parallel here, and rsync here and on every host. An entry of HOSTS may be a whole ssh
# command ("1/ssh -p 2222 -i KEY user@host"), as parallel allows.
set -euo pipefail
[ $# -ge 3 ] || { echo "usage: HOSTS=... $0 SCENE N OUTPUT [lamina record options]" >&2; exit 2; }
: "${HOSTS:?set HOSTS to a --sshlogin list, as 2/host1,2/host2}"
# --return copies the parts back with rsync, here and on every host.
command -v rsync >/dev/null || { echo "$0: needs rsync, here and on every host (GNU parallel's --return uses it): apt-get install rsync" >&2; exit 1; }
scene=$1; n=$2; output=$3; shift 3
lamina=${LAMINA:-lamina}
parts=lamina-parts-$$
mkdir -p "$parts"
seq 1 "$n" | parallel -q --sshlogin "$HOSTS" --retries 2 --halt now,fail=1 \
  --return "$parts/part-{}.mkv" --return "$parts/part-{}.mkv.lamina-part.json" --cleanup \
  bash -c 'mkdir -p "$1" && exec "$2" record "$3" --part "$4/$5" --lossless -o "$1/part-$4.mkv" "${@:6}"' \
  bash "$parts" "$lamina" "$scene" {} "$n" "$@"
"$lamina" join "$parts"/part-*.mkv -o "$output"
rm -rf "$parts"
