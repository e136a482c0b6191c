#!/bin/sh
# The guest side of run-boot-test: runs as root in a Debian booted by
# systemd (dcd-boot-harness.service) after dcd's files were installed as
# `meson install` lays them out, with dcd-sandbox-probe as the dcd binary;
# then the real dcd --sim through a drop-in (/usr/lib/dcd-boot-test/dcd).
# Writes "RESULT NAME PASS|FAIL detail" lines to the second serial port,
# then "RESULT-END", then powers off.
#
# Usage: boot-harness.sh DCD_BINARY
set -u
probe=$1
out=/dev/ttyS1
sock=/run/dcd/dcd.sock

result() { # NAME OK(0/1) DETAIL
	if [ "$2" -eq 0 ]; then
		echo "RESULT $1 PASS $3" >$out
	else
		echo "RESULT $1 FAIL $3" >$out
	fi
}
expect_eq() { # NAME GOT WANT
	[ "$2" = "$3" ]
	result "$1" $? "got '$2', want '$3'"
}
client() { # MSG: the probe's client mode, as whoever runs it
	"$probe" --probe-client "$sock" "$1"
}
# report_results PREFIX REPORT: one RESULT per "ok|FAIL NAME detail" line.
report_results() {
	echo "$2" | while read -r status name detail; do
		case $status in
		ok) result "$1$name" 0 "$detail" ;;
		FAIL) result "$1$name" 1 "$detail" ;;
		esac
	done
}
unit_prop() { systemctl show -p "$2" --value "$1"; }
wait_active() { # UNIT SECONDS
	i=0
	until [ "$(systemctl is-active "$1")" = active ]; do
		i=$((i + 1))
		[ $i -le $(($2 * 10)) ] || return 1
		sleep 0.1
	done
}

# Boot-time files: sysusers made the user and groups, tmpfiles /run/dcd,
# dcd.socket the socket with its owner and mode.
client_gid=$(getent group dcd-client | cut -d: -f3)
id dcd >/dev/null 2>&1 && [ -n "$client_gid" ] && getent group dcd-admin >/dev/null
result users $? "$(id dcd 2>&1); dcd-client gid $client_gid"
expect_eq run-dir "$(stat -c '%U %G %a' /run/dcd 2>&1)" "dcd dcd 755"
expect_eq socket-file "$(stat -c '%F %U %G %a' $sock 2>&1)" "socket root dcd-client 660"
expect_eq socket-activation-lazy "$(systemctl is-active dcd.service)" inactive

# What udev and an admin do for real hardware (udevd is masked in this
# boot): load VFIO and give /dev/vfio/vfio mode 0666 (Debian's
# 50-udev-default.rules), hand dcd a PCI attribute as an admin's rule would
# (the host bridge's config space here, opened but never written).
# The two edu devices of run-boot-test's QEMU go to vfio-pci and
# uio_pci_generic; their nodes and the UIO BAR become dcd's.
modprobe vfio-pci && modprobe uio_pci_generic && chmod 0666 /dev/vfio/vfio
chown dcd /sys/bus/pci/devices/0000:00:00.0/config
bind() { # PCI-ADDRESS DRIVER
	echo "$2" >"/sys/bus/pci/devices/$1/driver_override" &&
		echo "$1" >/sys/bus/pci/drivers_probe &&
		[ "$(basename "$(readlink "/sys/bus/pci/devices/$1/driver")")" = "$2" ]
}
bind 0000:00:04.0 vfio-pci
result bind-vfio $? "0000:00:04.0 -> $(readlink /sys/bus/pci/devices/0000:00:04.0/driver)"
bind 0000:00:05.0 uio_pci_generic
result bind-uio $? "0000:00:05.0 -> $(readlink /sys/bus/pci/devices/0000:00:05.0/driver)"
group=$(basename "$(readlink /sys/bus/pci/devices/0000:00:04.0/iommu_group)")
chown dcd "/dev/vfio/$group" /dev/uio0 /sys/bus/pci/devices/0000:00:05.0/resource0

# A member of the client group connects: systemd starts dcd, which answers
# with its checks and sees the peer's real UID.
report=$(setpriv --reuid=4242 --regid=4242 --groups="$client_gid" -- "$probe" \
	--probe-client $sock report 2>&1)
expect_eq socket-activation "$(systemctl is-active dcd.service)" active
expect_eq generation "$(echo "$report" | sed -n 's/^generation //p')" 1
expect_eq peer-cred "$(echo "$report" | sed -n 's/^peer uid \([0-9]*\) .*/\1/p')" 4242
report_results probe- "$report"
out_refused=$(setpriv --reuid=4243 --regid=4243 --clear-groups -- "$probe" \
	--probe-client $sock report 2>&1)
case $out_refused in *"Permission denied"*) ok=0 ;; *) ok=1 ;; esac
result socket-mode-refuses $ok "a user outside dcd-client: $out_refused"

# Kernel uevents reach dcd in its private network namespace.
(sleep 0.3 && echo change >/sys/devices/virtual/mem/null/uevent) &
got=$(client uevent-wait)
wait
case $got in change*) ok=0 ;; *) ok=1 ;; esac
result uevent-delivered $ok "$got"

# The system bus: dcd's user owns the name; sd_notify reached systemd.
dcd_uid=$(id -u dcd)
owner=$(busctl call org.freedesktop.DBus /org/freedesktop/DBus org.freedesktop.DBus \
	GetConnectionUnixUser s org.dcd.Display1 2>&1)
expect_eq dbus-owner "$owner" "u $dcd_uid"
expect_eq notify-status "$(unit_prop dcd.service StatusText)" "probe generation 1"
expect_eq fdstore-count "$(unit_prop dcd.service NFileDescriptorStore)" 1

# Crash: systemd restarts dcd, which gets the same socket, its fd store and
# its state file back.
got=$(client crash)
expect_eq crash-acknowledged "$got" crashing
i=0
while [ "$(unit_prop dcd.service NRestarts)" != 1 ] && [ $i -lt 100 ]; do
	i=$((i + 1))
	sleep 0.1
done
wait_active dcd.service 10
result restart $? "NRestarts $(unit_prop dcd.service NRestarts), $(systemctl is-active dcd.service)"
report=$(client report)
expect_eq restart-generation "$(echo "$report" | sed -n 's/^generation //p')" 2
report_results restart- "$report"

# run-boot-test enabled dcd.service offline (systemctl --root), which
# installed the alias D-Bus activation goes through: a stopped dcd is
# started by a call to its name, afresh (the fd store emptied on stop).
systemctl stop dcd.service
expect_eq stopped "$(systemctl is-active dcd.service)" inactive
ping=$(busctl call org.dcd.Display1 /org/dcd/Display1 org.freedesktop.DBus.Peer Ping 2>&1)
result dbus-activation $? "Ping: '$ping', dcd.service $(systemctl is-active dcd.service)"
report=$(client report)
expect_eq stop-starts-afresh "$(echo "$report" | sed -n 's/^generation //p')" 1

# The real dcd on the simulated engine, through a drop-in as docs/systemd.md
# shows, in the same sandbox: socket activation, READY=1 and STATUS=, a
# framebuffer in the fd store, the state file; then a crash (SIGSEGV)
# while a compositor holds a lease: systemd restarts dcd, which adopts the
# output without a modeset and gets the buffer back from the store.
real=/usr/lib/dcd-boot-test/dcd
t0=$(date +%s.%N)
systemctl stop dcd.service
mkdir -p /run/systemd/system/dcd.service.d
printf '[Service]\nExecStart=\nExecStart=%s --bus system --state-dir /run/dcd --sim %s\n' "$real" \
	/usr/lib/dcd-boot-test/scenario.json \
	>/run/systemd/system/dcd.service.d/real-dcd.conf
systemctl daemon-reload
/usr/lib/dcd-boot-test/dcd-boot-client $sock HDMI-A-1 >/run/boot-client.out 2>&1 &
client_pid=$!
i=0
until grep -q '^lit ' /run/boot-client.out || [ $i -ge 300 ]; do
	i=$((i + 1))
	sleep 0.1
done
t1=$(date +%s.%N)
expect_eq real-socket-activation "$(systemctl is-active dcd.service) $(unit_prop dcd.service ExecMainPID | grep -c -v '^0$')" "active 1"
[ "$(grep -c '^lit ' /run/boot-client.out)" = 1 ]
result real-ready $? "client: $(head -n 3 /run/boot-client.out)"
expect_eq real-status "$(unit_prop dcd.service StatusText)" "1 output lit, 1 client, 1 leased"
# the simulator's hardware ("device") and the client's framebuffer
expect_eq real-fdstore "$(unit_prop dcd.service NFileDescriptorStore)" 2
expect_eq real-state-file "$(stat -c '%U %a' /run/dcd/dcd-state.json 2>&1) $(grep -c '"fd_name":"fb-1"' /run/dcd/dcd-state.json)" "dcd 600 1"
restarts=$(unit_prop dcd.service NRestarts)
systemctl kill -s SEGV dcd.service
i=0
while [ "$(unit_prop dcd.service NRestarts)" = "$restarts" ] && [ $i -lt 100 ]; do
	i=$((i + 1))
	sleep 0.1
done
wait_active dcd.service 20
t2=$(date +%s.%N)
result real-crash-restart $? "NRestarts $restarts -> $(unit_prop dcd.service NRestarts), $(systemctl is-active dcd.service)"
i=0
until [ "$(unit_prop dcd.service StatusText)" = "1 output lit, 0 clients, 0 leased" ] || [ $i -ge 100 ]; do
	i=$((i + 1))
	sleep 0.1
done
journal=$(journalctl --no-pager -b -u dcd.service -o cat _PID="$(unit_prop dcd.service ExecMainPID)" 2>&1)
echo "$journal" | grep -q 'HDMI-A-1: adopted 720x480@59.94 as the hardware shows it'
result real-adopted $? "$(echo "$journal" | grep adopted | head -n 2)"
echo "$journal" | grep -q 'fd store: fb-1 mapped again'
result real-buffer-back $? "$(echo "$journal" | grep 'fd store' | head -n 2)"
! echo "$journal" | grep -q 'differs: \|; ignored: \|did not survive'
result real-no-differences $? "$(echo "$journal" | grep 'differs: \|; ignored: \|did not survive' | head -n 2)"
expect_eq real-status-after "$(unit_prop dcd.service StatusText)" "1 output lit, 0 clients, 0 leased"
expect_eq real-fdstore-after "$(unit_prop dcd.service NFileDescriptorStore)" 2
wait "$client_pid" 2>/dev/null
echo "LOG timing: real dcd lit after $(echo "$t1 - $t0" | bc) s, restarted after $(echo "$t2 - $t1" | bc) s, checked after $(echo "$(date +%s.%N) - $t2" | bc) s" >$out
echo "$journal" | sed 's/^/LOG real dcd: /' | tail -n 25 >$out

systemctl --no-pager status dcd.service dcd.socket 2>&1 | sed 's/^/LOG /' >$out
journalctl --no-pager -b -u dcd.service 2>&1 | tail -n 30 | sed 's/^/LOG /' >$out
echo RESULT-END >$out
systemctl -ff poweroff
