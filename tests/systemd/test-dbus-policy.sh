#!/bin/sh
# systemd/org.dcd.Display1.conf and org.dcd.Display1.service as `meson
# install` installs them, loaded by a private dbus-daemon whose default
# policy is Debian's system bus policy; then the bus is asked what each
# user may do: dcd-policy-peer plays dcd (as the user dcd) and the clients
# (nobody, a member of the admin group, root) through setpriv.
#
# The users dcd and the admin group do not exist on the host and must not
# be added to it: dbus-daemon runs in a private mount namespace in which
# copies of /etc/passwd and /etc/group with them added are bind-mounted.
#
# Usage: test-dbus-policy.sh PEER_PROGRAM
# Exit: 0 as expected, 1 not, 77 when a tool is missing or (for the
# namespace and setpriv) the test is not run as root.
set -u
test_name=dbus-policy
. "$(dirname "$0")/common.sh"
peer_program=$1
need_cmd dbus-daemon dbus-daemon
need_cmd xmllint libxml2-utils
need_cmd busctl systemd

stage_dir="$WORK_DIR/dbus-stage"
stage "$stage_dir" systemd
policy="$stage_dir$DBUS_POLICY_DIR/org.dcd.Display1.conf"
services="$stage_dir$DBUS_SERVICES_DIR"
out=$(xmllint --noout "$policy" 2>&1) || fail "$policy is not well-formed XML: $out"

[ "$(id -u)" -eq 0 ] || skip "the policy is well-formed XML; loading and asking the bus needs root (a private mount namespace for the test users, setpriv for the clients)"
need_cmd unshare util-linux
need_cmd setpriv util-linux

tmp=$(mktemp -d /tmp/dcd-dbus-policy.XXXXXX) || fail "mktemp"
chmod 755 "$tmp"
daemon_pid=""
serve_pid=""
cleanup() {
	[ -n "$serve_pid" ] && kill "$serve_pid" 2>/dev/null
	[ -n "$daemon_pid" ] && kill "$daemon_pid" 2>/dev/null && wait "$daemon_pid" 2>/dev/null
	rm -rf "$tmp"
}
trap cleanup EXIT
trap 'exit 1' INT TERM

# IDs free on this host for the test's users and groups (next_id sets
# $id; no command substitution, whose subshell would forget $used_ids).
used_ids=$(cut -d: -f3 /etc/passwd /etc/group)
id=63999
next_id() {
	id=$((id + 1))
	while echo "$used_ids" | grep -qx "$id"; do id=$((id + 1)); done
}
next_id
dcd_id=$id
next_id
admin_uid=$id
next_id
admin_gid=$id
nobody=65534
admin_user=dcdtest-admin

grep -v -e '^dcd:' -e "^$admin_user:" /etc/passwd >"$tmp/passwd"
cat >>"$tmp/passwd" <<EOT
dcd:x:$dcd_id:$dcd_id:dcd:/:/usr/sbin/nologin
$admin_user:x:$admin_uid:$admin_uid:dcd policy test:/:/usr/sbin/nologin
EOT
grep -v -e '^dcd:' -e "^$admin_user:" -e "^$ADMIN_GROUP:" /etc/group >"$tmp/group"
cat >>"$tmp/group" <<EOT
dcd:x:$dcd_id:
$admin_user:x:$admin_uid:
$ADMIN_GROUP:x:$admin_gid:$admin_user
EOT

# The test bus: Debian's system.conf default policy, listening in $tmp,
# with dcd's policy and activation file included from the DESTDIR.
cat >"$tmp/bus.conf" <<EOT
<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
 "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig>
  <type>system</type>
  <listen>unix:path=$tmp/bus</listen>
  <auth>EXTERNAL</auth>
  <servicedir>$services</servicedir>
  <policy context="default">
    <allow user="*"/>
    <deny own="*"/>
    <deny send_type="method_call"/>
    <allow send_type="signal"/>
    <allow send_requested_reply="true" send_type="method_return"/>
    <allow send_requested_reply="true" send_type="error"/>
    <allow receive_type="method_call"/>
    <allow receive_type="method_return"/>
    <allow receive_type="error"/>
    <allow receive_type="signal"/>
    <allow send_destination="org.freedesktop.DBus" send_interface="org.freedesktop.DBus"/>
    <allow send_destination="org.freedesktop.DBus" send_interface="org.freedesktop.DBus.Introspectable"/>
    <allow send_destination="org.freedesktop.DBus" send_interface="org.freedesktop.DBus.Properties"/>
  </policy>
  <include>$policy</include>
</busconfig>
EOT

cp "$peer_program" "$tmp/peer" && chmod 755 "$tmp/peer" || fail "copy $peer_program"
unshare --mount --propagation private -- sh -c \
	'mount --bind "$1" /etc/passwd && mount --bind "$2" /etc/group &&
	 exec dbus-daemon --config-file="$3" --nofork --nopidfile --nosyslog' \
	sh "$tmp/passwd" "$tmp/group" "$tmp/bus.conf" >"$tmp/daemon.log" 2>&1 &
daemon_pid=$!
addr="unix:path=$tmp/bus"
i=0
until [ -S "$tmp/bus" ]; do
	kill -0 "$daemon_pid" 2>/dev/null || {
		daemon_pid=""
		fail "dbus-daemon refused the configuration with dcd's policy: $(cat "$tmp/daemon.log")"
	}
	i=$((i + 1))
	[ $i -lt 100 ] || fail "dbus-daemon did not listen within 10 s: $(cat "$tmp/daemon.log")"
	sleep 0.1
done

# dbus-daemon has read its configuration and found nothing to say about it
# (an unknown user or group, a bad rule or service file would be logged by
# now). Only raising its own fd limit may fail where it runs (a container
# without CAP_SYS_RESOURCE); that is not about the configuration.
complaints=$(grep -v 'Failed to set fd limit' "$tmp/daemon.log")
[ -z "$complaints" ] || fail "dbus-daemon complained about the configuration: $complaints"

# The activation file parses and names the service.
names=$(busctl --address="$addr" call org.freedesktop.DBus /org/freedesktop/DBus \
	org.freedesktop.DBus ListActivatableNames 2>&1) || fail "ListActivatableNames: $names"
case " $names " in
*'"org.dcd.Display1"'*) echo "org.dcd.Display1.service: activatable" ;;
*) fail "org.dcd.Display1 is not activatable: $services/org.dcd.Display1.service was not accepted ($names; $(cat "$tmp/daemon.log"))" ;;
esac

failures=0
# expect allowed|denied WHO CREDS... -- PEER-ARGS...: run the peer as WHO.
expect() {
	want=$1 who=$2
	shift 2
	creds=""
	while [ "$1" != "--" ]; do
		creds="$creds $1"
		shift
	done
	shift
	# shellcheck disable=SC2086
	err=$(setpriv $creds -- "$tmp/peer" "$addr" "$@" 2>&1)
	case $? in
	0) got=allowed ;;
	3) got=denied ;;
	*) got="broken: $err" ;;
	esac
	if [ "$got" = "$want" ]; then
		echo "ok: $who: $* -> $got"
	else
		echo "WRONG: $who: $* -> $got, expected $want"
		failures=$((failures + 1))
	fi
}
as_nobody="--reuid=$nobody --regid=$nobody --clear-groups"
as_admin="--reuid=$admin_uid --regid=$admin_uid --groups=$admin_gid"
as_dcd="--reuid=$dcd_id --regid=$dcd_id --clear-groups"
as_root="--reuid=0 --regid=0 --keep-groups"

# Owning the name: dcd only (and root).
expect denied nobody $as_nobody -- own
expect denied "$ADMIN_GROUP member" $as_admin -- own
mkdir "$tmp/serve" && chown "$dcd_id" "$tmp/serve" || fail "mkdir $tmp/serve"
# shellcheck disable=SC2086
setpriv $as_dcd -- "$tmp/peer" "$addr" serve "$tmp/serve/ready" >"$tmp/serve.log" 2>&1 &
serve_pid=$!
i=0
until [ -f "$tmp/serve/ready" ]; do
	kill -0 "$serve_pid" 2>/dev/null || fail "dcd (the user) could not own org.dcd.Display1: $(cat "$tmp/serve.log")"
	i=$((i + 1))
	[ $i -lt 100 ] || fail "the serving peer did not own the name within 10 s"
	sleep 0.1
done
echo "ok: dcd: own -> allowed"
expect allowed root $as_root -- own

M=org.dcd.Display1.Manager
L=org.dcd.Display1.Link
S=org.dcd.Display1.Sim
P=org.freedesktop.DBus.Properties
# Everyone: the read-only methods, properties, introspection, Peer, signals.
for call in "org.freedesktop.DBus.Introspectable Introspect" "org.freedesktop.DBus.Peer Ping" \
	"$P Get" "$P GetAll" "$M ListLinks" "$M GetModes" "$M GetLinkStatus" \
	"$L GetLinkStatus" "$S GetState"; do
	# shellcheck disable=SC2086
	expect allowed nobody $as_nobody -- call $call
done
expect allowed nobody $as_nobody -- call "$M" ListLinks signal
# Admin only: monitor serials and other users' processes (GetEdid,
# ListLeases), changes to leases, the screen, properties and the simulator;
# also without an interface field, and on interfaces the policy does not
# name.
for call in "$M GetEdid" "$M ListLeases" "$M RevokeLease" "$M Validate" "$M Commit" "$S Plug" "$S Unplug" "$S PulseIrq" \
	"$S DropLink" "$S Screenshot" "$P Set" "- RevokeLease" "- Commit" \
	"org.dcd.Display1.Future Anything"; do
	# shellcheck disable=SC2086
	expect denied nobody $as_nobody -- call $call
	# shellcheck disable=SC2086
	expect allowed "$ADMIN_GROUP member" $as_admin -- call $call
	# shellcheck disable=SC2086
	expect allowed root $as_root -- call $call
done
expect allowed "$ADMIN_GROUP member" $as_admin -- call "$M" ListLinks signal

kill "$serve_pid" 2>/dev/null
serve_pid=""
[ $failures -eq 0 ] || fail "$failures checks of the D-Bus policy went wrong (above)"
echo "$test_name: PASS"
