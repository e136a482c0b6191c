# Sourced by the client integration tests: a dcd --sim of their own on a
# socket and state directory in a temporary directory, removed at exit.
# Needs DCD (the dcd binary) and TOPOLOGY (client-topology) in the
# environment. Provides: $tmp, $sock, $statedir, $rt_dcd, $rt_client,
# start_dcd, kill_dcd, wait_for FILE PATTERN COUNT SECONDS.

tmp=$(mktemp -d /tmp/dcd-client-test.XXXXXX)
sock=$tmp/dcd.sock
statedir=$tmp/state
dcd_pid=

cleanup() {
	[ -n "$dcd_pid" ] && kill -KILL "$dcd_pid" 2>/dev/null
	[ -n "${bg_pid:-}" ] && kill -KILL "$bg_pid" 2>/dev/null
	wait 2>/dev/null
	rm -rf "$tmp"
}
trap cleanup EXIT

# A display server and its compositor run at real-time priority where they
# are deployed; on a loaded machine without it, other processes delay
# frames by 20-120 ms (measured on the 2-core test machine), which no
# frame-rate check survives. Where SCHED_FIFO is not allowed, run as is.
if chrt -f 10 true 2>/dev/null; then
	rt_dcd="chrt -f 20"
	rt_client="chrt -f 10"
else
	rt_dcd=
	rt_client=
	echo "note: SCHED_FIFO not allowed here; frame timing follows the machine's load"
fi

# Starts dcd and waits until a client gets its topology (10 s at most).
start_dcd() {
	$rt_dcd "$DCD" --sim --socket "$sock" --state-dir "$statedir" >>"$tmp/dcd.log" 2>&1 &
	dcd_pid=$!
	i=0
	until "$TOPOLOGY" "$sock" >"$tmp/links" 2>/dev/null; do
		i=$((i + 1))
		if [ $i -ge 100 ] || ! kill -0 "$dcd_pid" 2>/dev/null; then
			echo "dcd did not come up:" >&2
			cat "$tmp/dcd.log" >&2
			exit 1
		fi
		sleep 0.1
	done
}

# Kills dcd as a crash would: no cleanup, the socket file stays.
kill_dcd() {
	kill -KILL "$dcd_pid"
	wait "$dcd_pid" 2>/dev/null
	dcd_pid=
}

# Waits until FILE has COUNT lines matching PATTERN (grep -E), SECONDS at most.
wait_for() {
	i=0
	while [ "$(grep -cE "$2" "$1" 2>/dev/null)" -lt "$3" ]; do
		i=$((i + 1))
		[ $i -ge $(($4 * 10)) ] && return 1
		sleep 0.1
	done
	return 0
}
