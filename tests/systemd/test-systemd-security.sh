#!/bin/sh
# `systemd-analyze security --offline=true` on dcd.service as `meson install`
# installs it: the overall exposure must be at most 2.0 (systemd-logind's
# own unit scores 3.0 with the same tool). Prints the figure and the
# settings still counted against it; above the limit, the whole table.
#
# Exit: 0 at or below the limit, 1 above it or unreadable, 77 only when
# systemd-analyze is not installed.
set -u
test_name=systemd-security
. "$(dirname "$0")/common.sh"
need_cmd systemd-analyze systemd
limit=2.0

root="$WORK_DIR/security-root"
stage "$root" systemd

# exposure UNIT_FILE: the table in the file $table, the figure on stdout.
table="$root/security-table"
exposure() {
	systemd-analyze security --offline=true --root="$root" --no-pager "$1" >"$table" 2>&1
	sed -n 's/.*Overall exposure level for [^:]*: \([0-9][0-9.]*\) .*/\1/p' "$table"
}

# The reading must be live: a unit without any sandboxing has to score far
# above the limit in this very setup.
probe="$root/etc/systemd/system/dcd-security-probe.service"
mkdir -p "${probe%/*}" && printf '[Service]\nExecStart=/bin/true\n' >"$probe" || fail "write $probe"
probe_level=$(exposure "$probe")
[ -n "$probe_level" ] || fail "no 'Overall exposure level' line for an unsandboxed probe unit: $(cat "$table")"
awk -v x="$probe_level" -v l="$limit" 'BEGIN { exit !(x > l) }' ||
	fail "an unsandboxed probe unit scored $probe_level, not above $limit: the reading is broken"

level=$(exposure "$root$UNIT_DIR/dcd.service")
[ -n "$level" ] || fail "no 'Overall exposure level' line in the output of systemd-analyze security: $(cat "$table")"
if awk -v x="$level" -v l="$limit" 'BEGIN { exit !(x <= l) }'; then
	echo "dcd.service: overall exposure $level (limit $limit; an unsandboxed unit: $probe_level)"
	echo "settings still counted against it:"
	grep -E '[0-9]\.[0-9][[:space:]]*$' "$table"
	echo "$test_name: PASS"
	exit 0
fi
cat "$table"
fail "dcd.service: overall exposure $level is above the limit $limit (table above)"
