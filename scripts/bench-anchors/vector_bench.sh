#!/bin/sh
# vector_bench.sh - the vector rows of `lamina bench compositor` and the same inputs drawn by Blend2D and Skia,
# in one invocation: the machine, Lamina's rows, the anchors' rows, then one table (row, Lamina ms, Blend2D ms,
# Skia ms, ratio to the fastest anchor).  Logs go to a new folder run-STAMP.XXXXXX in $ANCHORS_OUT/vector (default
# /tmp/lamina-anchors/vector).
#
#   swift build -c release --product lamina
#   pip install skia-python blend2d-python numpy pillow        # benchmarks only; a missing wheel's rows are left out
#   scripts/bench-anchors/vector_bench.sh [filter]             # e.g. "stroke" or "text2000.13px"
#   ROUNDS=21 TARGET=0.1 scripts/bench-anchors/vector_bench.sh # more / longer repetitions (defaults 11 x 0.05 s)
#   PNG=/tmp/vpng scripts/bench-anchors/vector_bench.sh        # also one PNG per row and library, compared with Lamina's
#   ORDER="anchors lamina" scripts/bench-anchors/vector_bench.sh   # which part runs first (alternate between runs)
#   LAMINA_SIMD=avx2 BL_CPU_FEATURES=0x7F scripts/bench-anchors/vector_bench.sh   # both capped at AVX2
#   LAMINA=/path/to/lamina scripts/bench-anchors/vector_bench.sh
#   INTERLEAVE=3 scripts/bench-anchors/vector_bench.sh        # row by row: Lamina's row, then the anchors' same row,
#                                                             # 3 pairs a row, one table a pair (a host whose speed
#                                                             # drifts over minutes moves both sides of a ratio alike)
#   BEST=1 scripts/bench-anchors/vector_bench.sh              # also a table of each side's fastest round (ms_min)
# On a shared machine run it in a session of its own with a raised autogroup (root):
#   setsid sh -c 'echo -20 > /proc/self/autogroup; exec scripts/bench-anchors/vector_bench.sh'
set -eu
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
out=${ANCHORS_OUT:-/tmp/lamina-anchors}/vector
lamina=${LAMINA:-$repo/.build/release/lamina}
rounds=${ROUNDS:-11}
target=${TARGET:-0.05}
filter=${1:-}
if [ ! -x "$lamina" ]; then
    echo "vector_bench.sh: no $lamina: build it (swift build -c release --product lamina) or set LAMINA" >&2
    exit 1
fi
mkdir -p "$out"
stamp=$(date +%Y%m%d-%H%M%S)
# This run's logs in a folder of its own, made new by mktemp (never an existing path or a link to
# one), so the truncations and tee below write only files this run created.
run=$(mktemp -d "$out/run-$stamp.XXXXXX")
lam="$run/lamina.txt"
anc="$run/anchors.txt"
log="$run/vector-bench.txt"
{
    echo "# $(date -u +%Y-%m-%dT%H:%M:%SZ) $(uname -srm) | $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ //')"
    echo "# load average $(cut -d' ' -f1-3 /proc/loadavg) | LAMINA_SIMD=${LAMINA_SIMD:-unset} BL_CPU_FEATURES=${BL_CPU_FEATURES:-unset} | autogroup nice $(cut -d' ' -f3 /proc/self/autogroup 2>/dev/null || echo ?)"
    # Stop when the inputs are not written (a filter matching no row): the anchors would read an older file.
    rm -f "$out/inputs/vector-inputs.json"
    "$lamina" bench compositor --set vector --dump-inputs "$out/inputs" ${filter:+--filter "$filter"} || exit 1
    if [ -n "${INTERLEAVE:-}" ]; then
        # Row by row, each row's Lamina run and anchor run seconds apart, INTERLEAVE pairs a row; the
        # pairs' logs apart (pair k of every row in $lam.k and $anc.k), one table each.
        case $INTERLEAVE in *[!0-9]*|0) echo "INTERLEAVE: a number of pairs (1 or more), not '$INTERLEAVE'" >&2; exit 1 ;; esac
        names=$(python3 -c 'import json, sys; print("\n".join(r["name"] for r in json.load(open(sys.argv[1]))["rows"]))' "$out/inputs/vector-inputs.json")
        for k in $(seq "$INTERLEAVE"); do : > "$lam.$k"; : > "$anc.$k"; done
        for name in $names; do
            for k in $(seq "$INTERLEAVE"); do
                for part in ${ORDER:-lamina anchors}; do
                    case $part in
                    lamina) "$lamina" bench compositor --set vector --threads 1,2 --rounds "$rounds" --target "$target" \
                                --filter "$name\$" | tee -a "$lam.$k" ;;
                    anchors) python3 -u "$here/vector_anchors.py" "$out/inputs" "$name\$" -r "$rounds" -t "$target" | tee -a "$anc.$k" ;;
                    *) echo "ORDER: unknown part '$part' (lamina, anchors)" >&2; exit 1 ;;
                    esac
                done
                echo "# load average $(cut -d' ' -f1-3 /proc/loadavg) after $name, pair $k"
            done
        done
        for k in $(seq "$INTERLEAVE"); do
            echo
            echo "# pair $k of every row"
            python3 "$here/vector_anchors.py" --table "$lam.$k" "$anc.$k"
            if [ -n "${BEST:-}" ]; then python3 "$here/vector_anchors.py" --table "$lam.$k" "$anc.$k" --best; fi
        done
        exit 0
    fi
    : > "$lam"; : > "$anc"
    for part in ${ORDER:-lamina anchors}; do
        case $part in
        lamina) "$lamina" bench compositor --set vector --threads 1,2 --rounds "$rounds" --target "$target" \
                    ${filter:+--filter "$filter"} ${PNG:+--png "$PNG"} | tee "$lam" ;;
        anchors) python3 -u "$here/vector_anchors.py" "$out/inputs" -r "$rounds" -t "$target" ${PNG:+-p "$PNG"} | tee "$anc" ;;
        *) echo "ORDER: unknown part '$part' (lamina, anchors)" >&2; exit 1 ;;
        esac
        echo "# load average $(cut -d' ' -f1-3 /proc/loadavg) after $part"
    done
    echo
    python3 "$here/vector_anchors.py" --table "$lam" "$anc"
    if [ -n "${BEST:-}" ]; then echo; python3 "$here/vector_anchors.py" --table "$lam" "$anc" --best; fi
    if [ -n "${PNG:-}" ]; then echo; python3 "$here/vector_anchors.py" --compare "$PNG"; fi
} 2>&1 | tee "$log"
echo "# saved $log"
