#!/bin/sh
# scripts/fuzz-campaign stopped early, as a record run that does not fit a
# session is (docs/robustness.md): SIGINT to its fuzzer gives a line with
# "interrupted":true, the executions done, no crash counted, and exit 0.
# Usage: campaign-interrupt.sh SOURCE_ROOT BUILD_DIR
set -u
root=$1
build=$2
store=$(mktemp -d "${TMPDIR:-/tmp}/dcd-campaign-test.XXXXXX")
trap 'rm -rf "$store"' EXIT
fail() {
	echo "FAIL: $*"
	cat "$store/out" "$store/err" 2>/dev/null
	exit 1
}

BUILD=$build FUZZ_CORPUS_DIR=$store "$root/scripts/fuzz-campaign" 120 fuzz-edid \
	>"$store/out" 2>"$store/err" &
campaign=$!
# the fuzzer of this run only: its artifact folder is in our store
me="artifact_prefix=$store/"
i=0
while ! pgrep -f "$me" >/dev/null; do
	i=$((i + 1))
	[ $i -le 200 ] || fail "the fuzzer did not start within 20 s"
	sleep 0.1
done
# let it run a little (libFuzzer prints final statistics only after its start)
sleep 3
pkill -INT -f "$me" || fail "could not signal the fuzzer"
wait $campaign
rc=$?
[ $rc -eq 0 ] || fail "the campaign exited $rc after an interrupt"
grep -q '"target":"fuzz-edid"' "$store/out" || fail "no line for fuzz-edid"
grep -q '"interrupted":true' "$store/out" || fail "the line does not say it was interrupted"
grep -q '"crashes":0' "$store/out" || fail "an interrupt was counted as a crash"
execs=$(sed -n 's/.*"execs":\([0-9]*\).*/\1/p' "$store/out")
[ "${execs:-0}" -gt 0 ] || fail "no executions counted: ${execs:-none}"
echo "interrupted after $execs executions: $(cat "$store/out")"
