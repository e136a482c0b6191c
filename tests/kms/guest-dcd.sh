#!/bin/sh
# In the guest, after dcd-kms-guest: the real dcd on KMS (dcd --kms).
# Usage: guest-dcd.sh DRIVER (vkms or virtio_gpu)
# RESULT lines as guest_result.c prints them (run-kms-test checks them).
#   dcd-kms-start        dcd --kms /dev/dri/card0 serves its socket
#   dcd-kms-master-busy  a second dcd --kms exits 1 saying another process is master
#   dcd-kms-demo         dc-demo (libdcclient) leases Virtual-1, commits and flips
#                        for 2 s through dcd: exit 0, >= 30 flips completed
#                        (vkms under TCG: 50-114 of 120 frames, with the host loaded)
#   dcd-kms-crc          vkms: dc-demo again with vkms's CRCs of the composed
#                        frames: at least 3/4 as many different CRCs as flips (>= 5)
# Then guest-dcd-lease.sh (KMS leases, the kms_flip_latency benchmark).
# virtio-gpu keeps no vblank counter: dcd's vblanks come from a timer there
# (the blocking COMMIT of dc-demo waits for one).
driver=$1
# dcd-kms-guest forced virtio-gpu's Virtual-2 on (5120x2160, whose 44 MB
# buffers would take dc-demo's time): back to what QEMU reports, off.
if [ -e /sys/class/drm/card0-Virtual-2/status ]; then
	echo detect >/sys/class/drm/card0-Virtual-2/status
fi
result() { # NAME OK TEXT
	if [ "$2" = 1 ]; then echo "RESULT $1 PASS $3"; else echo "RESULT $1 FAIL $3"; fi
}

dcd --kms /dev/dri/card0 --bus none --socket /tmp/dcd.sock --verbose 2>/tmp/dcd.log &
pid=$!
i=0
while [ ! -S /tmp/dcd.sock ] && [ $i -lt 100 ] && kill -0 $pid 2>/dev/null; do
	sleep 0.1
	i=$((i + 1))
done
if [ -S /tmp/dcd.sock ]; then
	result dcd-kms-start 1 "$(grep -m1 'through KMS' /tmp/dcd.log | sed 's/^\[[^]]*\] //')"
else
	result dcd-kms-start 0 "no socket after 10 s"
	cat /tmp/dcd.log
	exit 1
fi

dcd --kms /dev/dri/card0 --bus none --socket /tmp/dcd2.sock 2>/tmp/dcd2.log
rc=$?
ok=0
[ $rc = 1 ] && grep -q "another process is the DRM master" /tmp/dcd2.log &&
	grep -q "dcd must be the DRM master of /dev/dri/card0" /tmp/dcd2.log && ok=1
result dcd-kms-master-busy $ok "exit $rc: $(grep -m1 'DRM master' /tmp/dcd2.log | sed 's/^\[[^]]*\] //')"

dc-demo --socket /tmp/dcd.sock --duration 2 >/tmp/demo.log 2>&1
rc=$?
line=$(grep -m1 '^Virtual-1 .* flips' /tmp/demo.log)
flips=$(echo "$line" | sed -n 's/.*(\([0-9]*\) flips.*/\1/p')
ok=0
[ $rc = 0 ] && [ -n "$flips" ] && [ "$flips" -ge 30 ] && ok=1
result dcd-kms-demo $ok "exit $rc: $(grep -m1 'lit' /tmp/demo.log); $line"
[ $ok = 1 ] || { cat /tmp/demo.log; cat /tmp/dcd.log; }

if [ "$driver" = vkms ]; then
	# Again with vkms computing the CRC of every composed frame (which takes
	# most of the guest's CPU under TCG, so fewer flips): dc-demo draws its
	# frame number, so each flip that reaches the screen is a picture of its
	# own. Copied frames give about as many CRCs as flips; the blank colour or
	# a stale buffer would give one or two.
	crc=/sys/kernel/debug/dri/0/crtc-0/crc
	echo auto >$crc/control
	cat $crc/data >/tmp/crc.log &
	crcpid=$!
	dc-demo --socket /tmp/dcd.sock --duration 2 >/tmp/demo2.log 2>&1
	kill $crcpid
	flips=$(sed -n 's/^Virtual-1 .*(\([0-9]*\) flips.*/\1/p' /tmp/demo2.log)
	# each "FRAME CRC" line of the kernel's file is followed by a NUL: without
	# them and the empty lines they leave, one line per composed frame
	tr -d '\000' </tmp/crc.log | grep . >/tmp/crc.frames
	frames=$(wc -l </tmp/crc.frames)
	distinct=$(awk '{ print $2 }' /tmp/crc.frames | sort -u | wc -l)
	ok=0
	[ -n "$flips" ] && [ "$flips" -ge 5 ] && [ $((distinct * 4)) -ge $((flips * 3)) ] && ok=1
	result dcd-kms-crc $ok "$flips flips, $frames frames composed, $distinct different CRCs (debugfs crtc-0/crc)"
fi
kill $pid
wait $pid
sh /bin/guest-dcd-restart.sh "$driver"
sh /bin/guest-dcd-lease.sh "$driver"
