#!/bin/sh
# In the guest, called from the end of guest-dcd.sh: KMS leases served by
# the real dcd --kms to dcd-kms-lessee (libdcclient's dcc_kms_lease_create,
# then plain libdrm on the lessee fd), and the kms_flip_latency benchmark.
# Usage: guest-dcd-lease.sh DRIVER (vkms or virtio_gpu)
# RESULT lines (dcd-kms-lessee prints most; run-kms-test checks them):
#   dcd-kms-lease-start       dcd --kms with a session bus (for dcctl) serves its socket
#   dcd-kms-lease-caps        WELCOME offers KMS_LEASES to root (an admin)
#   dcd-kms-lease-grant       the lessee fd and the lease name card0-NAME
#   dcd-kms-lease-isolated    the fd shows one CRTC, one connector, two planes
#   dcd-kms-lease-busy        another client: dcd lease and KMS lease EBUSY, naming
#                             the output (and, to an admin, the holder)
#   dcd-kms-lease-dcctl       dcctl leases lists it with kind kms
#   dcd-kms-lease-modeset     the lessee's own modeset on its CRTC
#   dcd-kms-lease-flips       60 flips with events on the lessee fd
#   dcd-kms-lease-beside      virtio-gpu: dc-demo flips Virtual-1 through dcd meanwhile
#                             (Virtual-2 is leased); vkms (one CRTC): dc-demo leaves it alone
#   dcd-kms-lease-release     the client's release: the fd's next modeset fails, the
#                             output is dark, another client may lease it
#   dcd-kms-lease-revoke      dcctl revoke: the fd's next modeset fails
#   dcd-kms-lease-disconnect  the client disconnects: the fd's next modeset fails
#   dcd-kms-lease-perm        uid 65534 (not in dcd.json's kms_lease) gets EPERM
#   dcd-kms-lease-bench       the benchmark ran (its JSON line follows it)
#   dcd-kms-fballoc-*, dcd-kms-dmabuf-*, dcd-kms-screenshot*  dcd-kms-fbclient's
#                             (fbclient.c; the screenshot through dcctl on this bus)
#   dcd-sim-dmabuf-refused    a dcd --sim beside it refuses a real dma-buf (fbclient.c)
#   dcd-kms-on-lease          dcd beside a compositor: a client of dcd (the
#                             "compositor") leases an output and starts a second
#                             dcd on the lessee fd (dcd --kms-fd 3); that dcd
#                             serves exactly the leased output, dc-demo flips it
#                             through that dcd for 2 s (>= 30 flips), and it
#                             exits 0 when stopped
#   dcd-kms-on-lease-beside   virtio-gpu: meanwhile a dc-demo of the first dcd
#                             flips Virtual-1 (>= 30 flips)
driver=$1
result() { # NAME OK TEXT
	if [ "$2" = 1 ]; then echo "RESULT $1 PASS $3"; else echo "RESULT $1 FAIL $3"; fi
}
wait_socket() { # SOCKET PID: up to 10 s for a dcd to serve SOCKET, while it lives
	i=0
	while [ ! -S "$1" ] && [ $i -lt 100 ] && kill -0 "$2" 2>/dev/null; do
		sleep 0.1
		i=$((i + 1))
	done
	[ -S "$1" ]
}

# dcctl talks to dcd over D-Bus: a private bus (guest-bus.sh)
. /bin/guest-bus.sh
start_bus bus

# virtio-gpu: Virtual-2 forced on and leased; dc-demo flips Virtual-1 beside it
if [ "$driver" = virtio_gpu ]; then
	echo on >/sys/class/drm/card0-Virtual-2/status
fi
# uid 1000 may hold KMS leases, 65534 (the refused one) may not
echo '{ "kms_lease": { "users": [1000] } }' >/tmp/dcd-lease.json
dcd --kms /dev/dri/card0 --bus session --config /tmp/dcd-lease.json \
	--socket /tmp/dcd-lease.sock --verbose 2>/tmp/dcd-lease.log &
pid=$!
if ! wait_socket /tmp/dcd-lease.sock $pid; then
	result dcd-kms-lease-start 0 "no socket after 10 s"
	cat /tmp/dcd-lease.log /tmp/bus.log
	kill $buspid
	exit 1
fi
# wait until dcd owns its bus name, so dcctl finds it
i=0
until dcctl --bus session status >/dev/null 2>&1 || [ $i -ge 50 ]; do sleep 0.1; i=$((i + 1)); done
ok=0
dcctl --bus session status >/dev/null 2>&1 && ok=1
result dcd-kms-lease-start $ok "dcd on the session bus: $(dcctl --bus session status 2>&1 | head -n 1)"
# the refused uid must reach dcd to be refused by it
chmod 666 /tmp/dcd-lease.sock

dcd-kms-lessee /tmp/dcd-lease.sock "$driver" checks
dcd-kms-lessee /tmp/dcd-lease.sock "$driver" bench 120 >/tmp/bench.json
rc=$?
ok=0
[ $rc = 0 ] && grep -q '^{"bench":"kms_flip_latency"' /tmp/bench.json && ok=1
result dcd-kms-lease-bench $ok "exit $rc"
cat /tmp/bench.json
# framebuffers the kernel scans out: FB_ALLOC and a client's dma-buf (fbclient.c)
dcd-kms-fbclient /tmp/dcd-lease.sock "$driver" $pid
# and a dcd on the simulator beside it, sent a real dma-buf of card0: refused
mkdir -p /tmp/sim-state
DCD_VBIOS_DIR=/vbios dcd --sim --bus none --state-dir /tmp/sim-state --socket /tmp/dcd-sim.sock 2>/tmp/dcd-sim.log &
simpid=$!
if wait_socket /tmp/dcd-sim.sock $simpid; then
	dcd-kms-fbclient /tmp/dcd-sim.sock sim
else
	result dcd-sim-dmabuf-refused 0 "dcd --sim: no socket after 10 s: $(tail -n 3 /tmp/dcd-sim.log)"
fi
kill $simpid
wait $simpid
# dcd beside a compositor, on a lease it granted (docs/kms.md, "On a desktop")
other=Virtual-2
lease_out=Virtual-1
[ "$driver" = virtio_gpu ] && other=Virtual-1 && lease_out=Virtual-2
rm -f /tmp/inner.sock
dcd-kms-lessee /tmp/dcd-lease.sock "$driver" serve /tmp/inner.sock >/tmp/serve.log 2>&1 &
servepid=$!
outer=
if wait_socket /tmp/inner.sock $servepid; then
	if [ "$driver" = virtio_gpu ]; then
		dc-demo --socket /tmp/dcd-lease.sock --duration 2 >/tmp/demo-outer.log 2>&1 &
		outer=$!
	fi
	dc-demo --socket /tmp/inner.sock --duration 2 >/tmp/demo-inner.log 2>&1
	rc=$?
	[ -n "$outer" ] && wait $outer
	orc=$?
else
	rc=none
fi
kill $servepid
wait $servepid
flips=$(sed -n "s/^$lease_out .*(\([0-9]*\) flips.*/\1/p" /tmp/demo-inner.log)
ok=0
[ "$rc" = 0 ] && [ -n "$flips" ] && [ "$flips" -ge 30 ] &&
	! grep -q "^$other " /tmp/demo-inner.log &&
	grep -q 'an inherited file) through KMS: 1 connectors' /tmp/serve.log &&
	grep -q '^inner dcd: exit 0$' /tmp/serve.log && ok=1
result dcd-kms-on-lease $ok "dc-demo exit $rc on the inner dcd: $(grep -m1 "^$lease_out " /tmp/demo-inner.log); $(grep -m1 'through KMS' /tmp/serve.log | sed 's/^\[[^]]*\] //'); $(grep 'inner dcd: exit' /tmp/serve.log)"
[ $ok = 1 ] || { cat /tmp/serve.log /tmp/demo-inner.log; }
if [ "$driver" = virtio_gpu ]; then
	flips=$(sed -n "s/^$other .*(\([0-9]*\) flips.*/\1/p" /tmp/demo-outer.log)
	ok=0
	[ "$orc" = 0 ] && [ -n "$flips" ] && [ "$flips" -ge 30 ] && ok=1
	result dcd-kms-on-lease-beside $ok "dc-demo exit $orc on the first dcd: $(grep -m1 "^$other " /tmp/demo-outer.log)"
	[ $ok = 1 ] || cat /tmp/demo-outer.log
fi
echo "---- dcd's log (KMS leases) ----"
grep -i 'lease' /tmp/dcd-lease.log | sed 's/^\[[^]]*\] //' | tail -n 30
kill $pid
wait $pid
kill $buspid
