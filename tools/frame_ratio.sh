#!/usr/bin/env bash
# Times the full board against an empty Bevy+egui window of the same size in one virtual X
# display, in rounds that take turns (one round the empty window first, the next the board
# first), and prints each run's report, each round's ratio of medians and the median of those
# ratios (issue 18's goal: at most 1.5).
#
#   tools/frame_ratio.sh [-n FRAMES] [-r ROUNDS] [-b BINARY] [-- ARGS FOR THE BOARD RUN]
#
# Defaults: 200 frames, 5 rounds, target/release/regnum, the 1444 board as it opens. Arguments
# after `--` go to the board run only (for example `--autoplay 4` for a board full of pieces).
# Needs xvfb-run; uses Mesa's software Vulkan driver (lavapipe) when it is installed and no
# other driver is asked for.
#
# Why rounds: on a small shared virtual machine the speed of the whole machine swings by a
# tenth or more from one minute to the next, so one empty run and one board run a minute apart
# can differ by more than the board's own cost. Runs taken in turns, each pair close together
# and the order swapped every round, put the swings on both sides; the median ratio of several
# rounds is the figure to quote.
set -euo pipefail
frames=200
rounds=5
binary=target/release/regnum
while getopts "n:r:b:" opt; do
    case $opt in
        n) frames=$OPTARG ;;
        r) rounds=$OPTARG ;;
        b) binary=$OPTARG ;;
        *) echo "usage: $0 [-n FRAMES] [-r ROUNDS] [-b BINARY] [-- BOARD ARGS]" >&2; exit 2 ;;
    esac
done
shift $((OPTIND - 1))
[ "${1:-}" = "--" ] && shift
case $rounds in
    '' | *[!0-9]* | 0) echo "frame_ratio: -r takes a number of rounds, 1 or more" >&2; exit 2 ;;
esac
lavapipe=/usr/share/vulkan/icd.d/lvp_icd.x86_64.json
if [ -z "${VK_ICD_FILENAMES:-}" ] && [ -f "$lavapipe" ]; then
    export VK_ICD_FILENAMES=$lavapipe WGPU_BACKEND=${WGPU_BACKEND:-vulkan}
fi
export XDG_RUNTIME_DIR=${XDG_RUNTIME_DIR:-/tmp}
out=$(mktemp)
log=$(mktemp)
trap 'rm -f "$out" "$log"' EXIT
# One display for every run. Each run prints one `frames:` line; a failed run (no display, no
# renderer) prints none, which is said below with the runs' own messages.
xvfb-run -a -s "-screen 0 1280x800x24" bash -c '
    binary=$1 frames=$2 rounds=$3
    shift 3
    empty() { "$binary" --frames "$frames" --empty-window || true; }
    board() { "$binary" --frames "$frames" "$@" || true; }
    for round in $(seq 1 "$rounds"); do
        echo "round: $round"
        if [ $((round % 2)) -eq 1 ]; then
            empty; board "$@"
        else
            board "$@"; empty
        fi
    done
' _ "$binary" "$frames" "$rounds" "$@" > "$out" 2> "$log" || true
grep '^frames:' "$out" || true
# Each round's two medians, paired by the round they were taken in.
awk '
    /^round: / { round = $2 }
    /^frames: .* of an empty window: / { if (match($0, /median [0-9.]+/)) empty[round] = substr($0, RSTART + 7, RLENGTH - 7) }
    /^frames: .* of the full board: / { if (match($0, /median [0-9.]+/)) board[round] = substr($0, RSTART + 7, RLENGTH - 7) }
    END {
        n = 0
        for (r = 1; r <= round; r++) {
            if (!(r in empty) || !(r in board)) continue
            ratio = board[r] / empty[r]
            printf "round %d: the full board takes %.2f times an empty window (median %.1f ms against %.1f ms)\n", r, ratio, board[r], empty[r]
            ratios[++n] = ratio
        }
        if (n == 0) exit 1
        # Median of the rounds ratios (insertion sort: a handful of rounds).
        for (i = 2; i <= n; i++) {
            v = ratios[i]
            for (j = i - 1; j >= 1 && ratios[j] > v; j--) ratios[j + 1] = ratios[j]
            ratios[j + 1] = v
        }
        median = n % 2 ? ratios[(n + 1) / 2] : (ratios[n / 2] + ratios[n / 2 + 1]) / 2
        printf "ratio: the full board takes %.2f times an empty window (median of %d rounds; lowest %.2f, highest %.2f)\n", median, n, ratios[1], ratios[n]
    }
' "$out" || {
    echo "frame_ratio: no round printed both reports; the runs' messages:" >&2
    tail -20 "$log" >&2
    exit 1
}
