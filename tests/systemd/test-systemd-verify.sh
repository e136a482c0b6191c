#!/bin/sh
# `systemd-analyze verify` on dcd.service and dcd.socket as `meson install`
# installs them (into a DESTDIR root in the build directory): any message
# at all fails the test, warnings included, since verify reports unknown
# keys and bad values as warnings and still exits 0.
#
# Exit: 0 clean, 1 verify complained (its output is printed), 77 only when
# systemd-analyze is not installed.
set -u
test_name=systemd-verify
. "$(dirname "$0")/common.sh"
need_cmd systemd-analyze systemd

root="$WORK_DIR/verify-root"
stage "$root" systemd,runtime,man

# Default dependencies (sysinit.target, sockets.target, dbus.socket ...) are
# the host's: give the root a copy of its units so verify finds them, as it
# would on the host. The staged units win (cp -n, dcd's own names skipped).
host_units=""
for d in /usr/lib/systemd/system /lib/systemd/system; do
	[ -f "$d/sysinit.target" ] && host_units=$d && break
done
[ -n "$host_units" ] || fail "no systemd unit directory with sysinit.target on this host"
mkdir -p "$root/usr/lib/systemd/system" || fail "mkdir"
for u in "$host_units"/*; do
	case ${u##*/} in dcd.* | dbus-org.dcd.*) continue ;; esac
	cp -Pn "$u" "$root/usr/lib/systemd/system/" 2>/dev/null
done

# verify checks that ExecStart= names an executable (below --root).
if [ -x "$root$BINDIR/dcd" ]; then
	echo "ExecStart= checked against the dcd this build installs ($BINDIR/dcd)"
else
	echo "note: this build installs no dcd yet (daemon/ is not in the tree):" \
		"ExecStart=$BINDIR/dcd is checked against a stand-in executable at that path"
	mkdir -p "$root$BINDIR" && printf '#!/bin/sh\nexit 1\n' >"$root$BINDIR/dcd" &&
		chmod 755 "$root$BINDIR/dcd" || fail "cannot create the stand-in $root$BINDIR/dcd"
fi

# Documentation=man:dcd(8) is checked once the build installs the page.
man_opt=--man=no
if [ -f "$root$MANDIR/man8/dcd.8" ] || [ -f "$root$MANDIR/man8/dcd.8.gz" ]; then
	need_cmd man man-db
	export MANPATH="$root$MANDIR"
	man_opt=--man=yes
	echo "Documentation=man:dcd(8) checked against the installed page"
else
	echo "note: this build installs no dcd(8) yet (man/ is not in the tree):" \
		"Documentation= is not checked (--man=no)"
fi

run_verify() {
	systemd-analyze verify --root="$root" "$man_opt" --generators=no "$@" 2>&1
}

# The checker must be live: a copy with an unknown key has to draw a
# complaint in this very setup, or silence below would prove nothing.
probe_dir="$root/etc/systemd/system"
mkdir -p "$probe_dir" || fail "mkdir $probe_dir"
sed 's/^\[Service\]$/[Service]\nNoSuchSettingForTheProbe=1/' "$root$UNIT_DIR/dcd.service" \
	>"$probe_dir/dcd-verify-probe.service"
probe=$(run_verify "$probe_dir/dcd-verify-probe.service")
rm -f "$probe_dir/dcd-verify-probe.service"
case $probe in
*NoSuchSettingForTheProbe*) ;;
*) fail "verify did not report an unknown key in a probe copy of the unit, so its silence would mean nothing; it printed: $probe" ;;
esac

status=0
for unit in dcd.service dcd.socket; do
	out=$(run_verify "$root$UNIT_DIR/$unit")
	rc=$?
	if [ $rc -ne 0 ] || [ -n "$out" ]; then
		echo "systemd-analyze verify $UNIT_DIR/$unit (exit $rc):"
		echo "$out"
		status=1
	else
		echo "$UNIT_DIR/$unit: verify clean"
	fi
done
[ $status -eq 0 ] || fail "systemd-analyze verify reported problems (above)"
echo "$test_name: PASS"
