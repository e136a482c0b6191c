#!/bin/sh
# Runs a libFuzzer target for a fixed time from a seed corpus, writing the
# corpus entries it finds to a temporary directory (never the source tree).
# A crashing input is kept in the current (build) directory as
# <fuzzer>-crash-<sha1>.
# Usage: run-fuzzer.sh FUZZER SEED_DIR SEED_SUFFIX SECONDS [FLAG...]
# (FLAGs: the target's own libFuzzer flags, as scripts/fuzz-campaign gives them)
set -eu
fuzzer=$1
seeds=$2
suffix=$3
seconds=$4
shift 4

work=$(mktemp -d "${TMPDIR:-/tmp}/dcd-fuzz.XXXXXX")
trap 'rm -rf "$work"' EXIT INT TERM
mkdir "$work/new" "$work/seed"
# the seed directory holds only the inputs, not their reference files
for f in "$seeds"/*"$suffix"; do
	cp "$f" "$work/seed/"
done
"$fuzzer" -max_total_time="$seconds" -timeout=10 -print_final_stats=1 \
	"$@" -artifact_prefix="$(basename "$fuzzer")-" "$work/new" "$work/seed"
