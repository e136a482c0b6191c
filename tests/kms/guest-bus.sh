# Sourced by the guest scripts that use dcctl (guest-dcd-lease.sh,
# guest-dcd-restart.sh): dcctl talks to dcd over D-Bus, here a private bus
# of the session type that lets everyone in (the guest runs as root; the
# policy under test is dcd's own admin check, not the bus's).
# start_bus NAME: a dbus-daemon listening on /tmp/NAME, its pid in $buspid,
# DBUS_SESSION_BUS_ADDRESS exported; up to 5 s for its socket.
start_bus() {
	mkdir -p /etc
	[ -s /etc/passwd ] || printf 'root:x:0:0::/:/bin/sh\nnobody:x:65534:65534::/:/bin/false\n' >/etc/passwd
	[ -s /etc/group ] || printf 'root:x:0:\nnogroup:x:65534:\n' >/etc/group
	[ -s /etc/machine-id ] || echo 5f3c0c5e2d6a4b1e9a4c1d2e3f405162 >/etc/machine-id
	cat >/tmp/"$1".conf <<EOF_BUS
<busconfig>
  <type>session</type>
  <listen>unix:path=/tmp/$1</listen>
  <auth>EXTERNAL</auth>
  <policy context="default">
    <allow user="*"/>
    <allow own="*"/>
    <allow send_destination="*" eavesdrop="true"/>
    <allow eavesdrop="true"/>
  </policy>
</busconfig>
EOF_BUS
	dbus-daemon --config-file=/tmp/"$1".conf --nofork --nopidfile 2>/tmp/"$1".log &
	buspid=$!
	export DBUS_SESSION_BUS_ADDRESS=unix:path=/tmp/$1
	i=0
	while [ ! -S /tmp/"$1" ] && [ $i -lt 50 ]; do
		sleep 0.1
		i=$((i + 1))
	done
}
