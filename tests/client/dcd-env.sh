# Sourced by the client integration tests: a dcd --sim of their own on a
# socket and state directory in a temporary directory, removed at exit.
# Needs DCD (the dcd binary) and TOPOLOGY (client-topology) in the
# environment. Provides: $tmp, $sock, $statedir, $rt_dcd, $rt_client,
# start_dcd [DCD-ARGS...], kill_dcd, wait_for FILE PATTERN COUNT SECONDS,
# start_bus (a private D-Bus bus; needs DCT_BUS_CONFIG), check_fps FILE [vblanks].
# With AWAKE (keep-cpus-awake) set, every CPU is kept out of its idle halt
# while the test runs, as the C real-time tests do (dct_awake.c), and the
# real-time canary watches for the machine's own stalls (machine_stalls).

# /dev/shm, a tmpfs like /run/dcd: the simulated registers are a shared file
# mapping in $statedir, and writeback of it on a disk filesystem stalls dcd
base=/dev/shm
[ -w $base ] || base=/tmp
tmp=$(mktemp -d $base/dcd-client-test.XXXXXX)
sock=$tmp/dcd.sock
statedir=$tmp/state
dcd_pid=
bus_pid=
awake_pid=
if [ -n "${AWAKE:-}" ]; then
	# with the real-time canary: the machine's own stalls (machine_stalls)
	"$AWAKE" "$tmp/stalls" &
	awake_pid=$!
fi

# machine_stalls: "STALLS MS", the stalls of the machine itself (every CPU's
# canary late at once, or one later than real-time throttling can hold it)
# since the test began, as keep-cpus-awake's canary saw them; "0 0" without it.
machine_stalls() {
	rm -f "$tmp/stalls"
	i=0
	while [ -n "$awake_pid" ] && [ ! -s "$tmp/stalls" ] && [ $i -lt 20 ]; do
		kill -USR1 "$awake_pid" 2>/dev/null || break
		sleep 0.1
		i=$((i + 1))
	done
	if [ -s "$tmp/stalls" ]; then cat "$tmp/stalls"; else echo "0 0"; fi
}

cleanup() {
	[ -n "$awake_pid" ] && kill -TERM "$awake_pid" 2>/dev/null
	[ -n "$dcd_pid" ] && kill -KILL "$dcd_pid" 2>/dev/null
	[ -n "${bg_pid:-}" ] && kill -KILL "$bg_pid" 2>/dev/null
	[ -n "$bus_pid" ] && kill -TERM "$bus_pid" 2>/dev/null
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

# Starts dcd (without D-Bus unless the arguments say --bus) and waits until
# a client gets its topology (10 s at most).
start_dcd() {
	$rt_dcd "$DCD" --sim --socket "$sock" --state-dir "$statedir" --bus none "$@" \
		>>"$tmp/dcd.log" 2>&1 &
	dcd_pid=$!
	await_start "$dcd_pid" dcd "$tmp/dcd.log" "$tmp/links" "$TOPOLOGY" "$sock"
}

# await_start PID WHAT LOG OUT COMMAND...: until COMMAND works (its output in
# OUT), 10 s at most; exits the test showing LOG when PID dies first or time
# runs out.
await_start() {
	pid=$1 what=$2 log=$3 out=$4
	shift 4
	i=0
	until "$@" >"$out" 2>/dev/null; do
		i=$((i + 1))
		if [ $i -ge 100 ] || ! kill -0 "$pid" 2>/dev/null; then
			echo "$what did not come up:" >&2
			cat "$log" >&2
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
	# Through a pipe, grep counts 0 while FILE does not exist yet (a
	# background job's redirection may not have happened).
	while [ "$(cat "$1" 2>/dev/null | grep -cE "$2")" -lt "$3" ]; do
		i=$((i + 1))
		[ $i -ge $(($4 * 10)) ] && return 1
		sleep 0.1
	done
	return 0
}

# A private D-Bus bus for dcd and the test's clients (the configuration of
# tests/integration/test-bus.conf: every user may use it), in $tmp/bus;
# exports DBUS_SESSION_BUS_ADDRESS.
start_bus() {
	chmod 755 "$tmp"
	dbus-daemon --config-file="$DCT_BUS_CONFIG" --address="unix:path=$tmp/bus" --nofork \
		--nopidfile >"$tmp/bus.log" 2>&1 &
	bus_pid=$!
	await_start "$bus_pid" dbus-daemon "$tmp/bus.log" /dev/null test -S "$tmp/bus"
	export DBUS_SESSION_BUS_ADDRESS="unix:path=$tmp/bus"
}

# check_fps's work: its lines for FILE, the rate WHAT, the machine's "STALLS MS".
fps_lines() { # FILE WHAT "STALLS MS"
	awk -v what="$2" -v stalls="${3% *}" -v stall_ms="${3#* }" '
	$2 ~ /^[0-9]+x[0-9]+@[0-9.]+Hz:$/ && $4 == "fps" {
		split($2, m, "@"); want = m[2] + 0; fps = $3 + 0; n++
		flips = substr($5, 2) + 0; missed = $7 + 0
		if (what == "vblanks" && flips > 0) fps = fps * (flips + missed) / flips
		err = (fps - want) / want; if (err < 0) err = -err
		# the pacing of the vblanks is never excused: it counts missed frames too
		machine = what != "vblanks" && stalls > 0 &&
			missed <= int(stall_ms * want / 1000) + 1 + stalls
		printf "%s: %.3f %s/s (%d shown, %d missed), refresh %.3f Hz, off by %.3f%%%s\n",
			$1, fps, what == "vblanks" ? "vblanks" : "frames", flips, missed, want, err * 100,
			(err <= 0.01 ? "" : machine ? "  (the machine stood still: " stalls " stalls, " stall_ms " ms)" : "  FAIL")
		if (err > 0.01 && !machine) bad++
	} END { exit (n == 0 || bad > 0) }' "$1"
}

# check_fps FILE [vblanks]: checks every frame rate line of dc-demo's
# output in FILE ("DP-1 3840x2160@60.000Hz: 59.998 fps (119 flips, 0
# missed)") against the mode's refresh in the same line, within 1%. By
# default the rate checked is the frames shown, which also needs dc-demo to
# keep up with every vblank; with "vblanks" it is the rate of the vblanks
# the flip-done sequences and timestamps span (shown plus missed frames):
# dcd's pacing alone, whatever the machine's scheduling costs the client.
# A shown rate off only by frames the machine's own stalls explain (machine_stalls:
# no more missed frames than the stalls' total covers, plus one per stall)
# is printed as the machine's, not failed: no process meets a vblank the
# machine does not run. Prints each; fails when one is off or there is none.
check_fps() {
	# the canary is asked only about a shown rate that is off
	fps_lines "$1" "${2:-shown}" "0 0" >"$tmp/fps.checked" && { cat "$tmp/fps.checked"; return 0; }
	[ "${2:-shown}" = vblanks ] && { cat "$tmp/fps.checked"; return 1; }
	fps_lines "$1" shown "$(machine_stalls)"
}
