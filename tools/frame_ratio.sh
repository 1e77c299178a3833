#!/usr/bin/env bash
# Times the full board against an empty Bevy+egui window of the same size, one after the other
# in one virtual X display, and prints both reports and the ratio of their medians (issue 18's
# goal: at most 1.5).
#
#   tools/frame_ratio.sh [-n FRAMES] [-b BINARY] [-- ARGS FOR THE BOARD RUN]
#
# Defaults: 200 frames, target/release/regnum, the 1444 board as it opens. Arguments after `--`
# go to the board run only (for example `--autoplay 4` for a board full of pieces).
# Needs xvfb-run; uses Mesa's software Vulkan driver (lavapipe) when it is installed and no
# other driver is asked for.
set -euo pipefail
frames=200
binary=target/release/regnum
while getopts "n:b:" opt; do
    case $opt in
        n) frames=$OPTARG ;;
        b) binary=$OPTARG ;;
        *) echo "usage: $0 [-n FRAMES] [-b BINARY] [-- BOARD ARGS]" >&2; exit 2 ;;
    esac
done
shift $((OPTIND - 1))
[ "${1:-}" = "--" ] && shift
lavapipe=/usr/share/vulkan/icd.d/lvp_icd.x86_64.json
if [ -z "${VK_ICD_FILENAMES:-}" ] && [ -f "$lavapipe" ]; then
    export VK_ICD_FILENAMES=$lavapipe WGPU_BACKEND=${WGPU_BACKEND:-vulkan}
fi
export XDG_RUNTIME_DIR=${XDG_RUNTIME_DIR:-/tmp}
out=$(mktemp)
log=$(mktemp)
trap 'rm -f "$out" "$log"' EXIT
# Either run may fail (no display, no renderer): its report is then missing, which is said
# below with the runs' own messages.
xvfb-run -a -s "-screen 0 1280x800x24" bash -c '
    "$1" --frames "$2" --empty-window
    shift 2
    "$@"
' _ "$binary" "$frames" "$binary" --frames "$frames" "$@" > "$out" 2> "$log" || true
grep '^frames:' "$out" || true
empty=$(sed -n 's/^frames: .* of an empty window: .* median \([0-9.]*\) ms.*/\1/p' "$out" | head -1)
board=$(sed -n 's/^frames: .* of the full board: .* median \([0-9.]*\) ms.*/\1/p' "$out" | head -1)
if [ -z "$empty" ] || [ -z "$board" ]; then
    echo "frame_ratio: a run printed no report; its messages:" >&2
    tail -20 "$log" >&2
    exit 1
fi
awk -v b="$board" -v e="$empty" 'BEGIN { printf "ratio: the full board takes %.2f times an empty window (median %.1f ms against %.1f ms)\n", b / e, b, e }'
