#!/bin/sh
# Runs a libFuzzer target for a while: run-fuzzer.sh TARGET SECONDS SEED_DIR...
# New corpus entries go to a temporary folder (the seeds are never written).
set -eu
target=$1
seconds=$2
shift 2
corpus=$(mktemp -d "${TMPDIR:-/tmp}/dcd-fuzz.XXXXXX")
trap 'rm -rf "$corpus"' EXIT
"$target" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=1024 -print_final_stats=1 \
	"$corpus" "$@"
