#!/bin/sh
# dcd's sysusers.d and tmpfiles.d files as `meson install` installs them,
# applied by systemd's own tools to a scratch root in the build directory
# (never the host): systemd-sysusers --root must create the user dcd and
# the admin and client groups, systemd-tmpfiles --root --create must make
# /run/dcd a directory of dcd's with mode 0755; and the names must agree
# with the units and the D-Bus policy that use them.
#
# Exit: 0 all as expected, 1 not, 77 when systemd-sysusers or
# systemd-tmpfiles is missing, or (for tmpfiles, which must chown) when not
# run as root.
set -u
test_name=sysusers-tmpfiles
. "$(dirname "$0")/common.sh"
need_cmd systemd-sysusers systemd
need_cmd systemd-tmpfiles systemd

stage_dir="$WORK_DIR/sysusers-stage"
stage "$stage_dir" systemd
root="$WORK_DIR/sysusers-root"
rm -rf "$root" && mkdir -p "$root/etc" || fail "mkdir $root/etc"

# systemd-sysusers reads a file named on its command line from the host
# path given, and writes passwd/group/shadow below --root.
out=$(systemd-sysusers --root="$root" "$stage_dir$SYSUSERS_DIR/dcd.conf" 2>&1) ||
	fail "systemd-sysusers --root: $out"
echo "$out"

passwd_line=$(grep '^dcd:' "$root/etc/passwd") || fail "no user dcd in $root/etc/passwd: $(cat "$root/etc/passwd")"
IFS=: read -r _ _ uid gid _ _ shell <<EOT
$passwd_line
EOT
[ "$uid" -gt 0 ] && [ "$uid" -lt 1000 ] || fail "dcd got UID $uid, not a system UID (1..999)"
case $shell in */nologin | */false) ;; *) fail "dcd may log in: shell $shell" ;; esac
grep -q "^dcd:[^:]*:$gid:" "$root/etc/group" || fail "dcd's primary group $gid is not the group dcd"
grep -q '^dcd:!' "$root/etc/shadow" || fail "dcd has a usable password: $(grep '^dcd:' "$root/etc/shadow")"
for g in "$ADMIN_GROUP" "$CLIENT_GROUP"; do
	grep -q "^$g:" "$root/etc/group" || fail "no group $g in $root/etc/group: $(cat "$root/etc/group")"
done
echo "user dcd: UID $uid, GID $gid, shell $shell; groups $ADMIN_GROUP and $CLIENT_GROUP exist"

# The names the other files use are the ones sysusers creates.
unit="$stage_dir$UNIT_DIR"
grep -qx 'User=dcd' "$unit/dcd.service" || fail "dcd.service does not run as User=dcd"
grep -qx "SocketGroup=$CLIENT_GROUP" "$unit/dcd.socket" ||
	fail "dcd.socket's SocketGroup= is not $CLIENT_GROUP"
grep -q "<policy group=\"$ADMIN_GROUP\">" "$stage_dir$DBUS_POLICY_DIR/org.dcd.Display1.conf" ||
	fail "the D-Bus policy grants nothing to group $ADMIN_GROUP"

# The directory tmpfiles creates is the one the socket lives in and the
# one the service may write (ProtectSystem=strict makes the rest read-only).
sock=$(sed -n 's/^ListenSequentialPacket=//p' "$unit/dcd.socket")
run_dir=${sock%/*}
grep -q "^d $run_dir " "$stage_dir$TMPFILES_DIR/dcd.conf" ||
	fail "dcd.conf (tmpfiles) does not create $run_dir, the directory of the socket $sock"
grep -Eq "^ReadWritePaths=(.* )?$run_dir( |\$)" "$unit/dcd.service" ||
	fail "dcd.service may not write $run_dir (ReadWritePaths=)"

[ "$(id -u)" -eq 0 ] || skip "users and groups are right; systemd-tmpfiles --create must chown, which needs root"
out=$(systemd-tmpfiles --root="$root" --create "$stage_dir$TMPFILES_DIR/dcd.conf" 2>&1) ||
	fail "systemd-tmpfiles --root --create: $out"
[ -z "$out" ] || fail "systemd-tmpfiles complained: $out"
[ -d "$root$run_dir" ] || fail "systemd-tmpfiles did not create $root$run_dir"
got=$(stat -c '%u %g %a' "$root$run_dir")
[ "$got" = "$uid $gid 755" ] ||
	fail "$run_dir is owner/group/mode $got, expected $uid $gid 755 (dcd's, world-searchable)"
echo "$run_dir: directory, owner dcd ($uid:$gid), mode 0755"
echo "$test_name: PASS"
