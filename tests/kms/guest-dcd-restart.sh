#!/bin/sh
# In the guest, from the end of guest-dcd.sh: dcd --kms across its own
# crashes (docs/recovery.md, "The KMS engine across restarts"). dcd runs
# under dcd-fsd (guest_fsd.c: tests/recovery/fake_systemd.c's notify
# socket, fd store and service start, with the unit's FileDescriptorStoreMax),
# dc-demo (libdcclient) flips Virtual-1 through it, and dcd is SIGKILLed
# and started again three times.
# Usage: guest-dcd-restart.sh DRIVER (vkms or virtio_gpu)
# RESULT lines (run-kms-test checks them):
#   dcd-kms-fdstore          the store holds "drm" (dcd's DRM master file) and
#                            dc-demo's framebuffers
#   dcd-kms-restart-adopt    SIGKILL with dc-demo stopped, start with the stored
#                            fds: dcd takes the DRM file back, adopts without a
#                            commit: the CRTC's MODE_ID blob, mode and the primary
#                            plane's framebuffer are the ones before the kill
#   dcd-kms-restart-crc      vkms: the CRC of every composed frame from the kill
#                            to dc-demo's continuing is the last frame's (no blank)
#   dcd-kms-restart-flips    dc-demo reconnects, leases, commits and flips again
#   dcd-kms-restart-lease    a lease of the stored DRM file made while dcd was
#                            down is revoked by the restarted dcd with a line
#                            naming the lessee; its fd then sees no connector
#   dcd-kms-restart-flipping SIGKILL while dc-demo flips: the restarted dcd lives
#                            on (the dead one's flip events are dropped) and
#                            dc-demo resumes
#   dcd-kms-restart-nostore  the store lost: dcd starts, says what it lost, and
#                            dc-demo lights Virtual-1 and flips again
#   dcd-kms-restart-fballoc  dc-demo on buffers dcd allocated (dma-bufs, no
#                            copy): SIGKILL, start with the stored DRM file;
#                            dc-demo registers its dma-bufs again and flips on
#   dcd-kms-restart-lessee-down-back, -down-away, -down-admin
#                            (dcd-kms-lessee) a KMS lease made through dcd: its
#                            fd flips on after dcd's SIGKILL
#   dcd-kms-restart-lessee-back  the client connects again with its name: the
#                            output is its own, the fd flips, its release of the
#                            same lease id ends the lease
#   dcd-kms-restart-lessee-away  the client never comes back: the restarted dcd
#                            revokes the lease when its restart grace ends
#   dcd-kms-restart-lessee-admin the client never comes back, dcctl leases lists
#                            the lease as kms-held, dcctl revoke ends it
#   dcd-kms-restart-lessee-log-back, -log-away, -log-admin  dcd's log: the lease
#                            kept from the state file, then given back, revoked
#                            at the grace's end, revoked by the admin
# (the checks before run dc-demo --memfd: the fd store holds clients' memfds)
driver=$1
dir=/tmp/fsd
state=/tmp/dcd-state
sock=/tmp/dcdr.sock
crc=/sys/kernel/debug/dri/0/crtc-0/crc
mkdir -p $dir $state
rm -f $dir/cmd $state/*
mkfifo $dir/cmd
# dcctl (leases, revoke) talks to dcd over D-Bus: a private bus (guest-bus.sh)
. /bin/guest-bus.sh
start_bus rbus
rbuspid=$buspid
result() { # NAME OK TEXT
	if [ "$2" = 1 ]; then echo "RESULT $1 PASS $3"; else echo "RESULT $1 FAIL $3"; fi
}
dcd-fsd $dir $sock /etc/dcd.service.in /bin/dcd --kms /dev/dri/card0 --bus session \
	--state-dir $state --verbose <$dir/cmd >$dir/out 2>&1 &
fsdpid=$!
exec 3>$dir/cmd
n=0
# (not in a $(...) subshell: n counts the answers)
fsd() { # COMMAND...: sends it to dcd-fsd; its "# " answer in $ans (30 s at most)
	echo "$*" >&3
	n=$((n + 1))
	i=0
	while [ "$(grep -c '^# ' $dir/out)" -lt $n ] && [ $i -lt 300 ]; do
		sleep 0.1
		i=$((i + 1))
	done
	ans=$(grep '^# ' $dir/out | sed -n "${n}p")
}
log() { # the dcd log without its time stamps
	sed 's/^\[[^]]*\] //' $dir/dcd.log
}
# waits (SECONDS at most) until dc-demo's log has PATTERN at least COUNT times
demolog=/tmp/rdemo.log # the dc-demo being watched
wait_demo() { # PATTERN COUNT SECONDS
	i=0
	# through a pipe: the log may not exist yet (dc-demo's shell opens it), and
	# grep -c on stdin always prints a count
	while [ "$(cat $demolog 2>/dev/null | grep -c "$1")" -lt "$2" ] && [ $i -lt $(($3 * 10)) ]; do
		sleep 0.1
		i=$((i + 1))
	done
}
# flips in dc-demo's reports (every 2 s) after its COUNT-th "resumed", added up
flips_after_resume() { # COUNT
	sed -n 's/.*(\([0-9]*\) flips.*/F \1/p; /resumed/p' $demolog |
		awk -v k="$1" '/resumed/ { r++ } r >= k && $1 == "F" { n += $2 } END { print n + 0 }'
}
# waits (SECONDS at most) until dc-demo flipped at least N times after its COUNT-th resume:
# under TCG, with vkms computing CRCs, a 2 s report may hold only a few
wait_flips() { # COUNT N SECONDS
	i=0
	while [ "$(flips_after_resume "$1")" -lt "$2" ] && [ $i -lt $(($3 * 10)) ]; do
		sleep 0.1
		i=$((i + 1))
	done
}
# after "fsd start": its READY (the N-th, in $ready), dc-demo's K-th resume
# and at least 5 flips after it (the count in $flips)
back_and_flipping() { # N K
	fsd ready "$1" 30
	ready=$ans
	wait_demo 'resumed' "$2" 30
	wait_flips "$2" 5 20
	flips=$(flips_after_resume "$2")
}
# "FRAME CRC" lines with the frame (vblank) in decimal: the kernel's CRC
# file writes them in hex, each followed by a NUL
crc_table() { # FILE
	tr -d '\000' <"$1" | grep . | while read -r f c; do echo "$((f)) $c"; done
}

fsd start
fsd ready 1 30
r=$ans
case $r in "# ready 1"*) ;; *)
	result dcd-kms-fdstore 0 "dcd under dcd-fsd not ready: $r"
	cat $dir/out
	log
	exec 3>&-
	wait $fsdpid
	exit 1
	;;
esac

dc-demo --socket $sock --duration 120 --memfd >/tmp/rdemo.log 2>&1 &
demo=$!
wait_demo 'flips' 1 30
fsd store
store=$ans
ok=0
echo "$store" | grep -q ' drm' && echo "$store" | grep -q ' fb-' && ok=1
result dcd-kms-fdstore $ok "${store#\# }"

# ---- 1: SIGKILL and start with the stored fds, dc-demo stopped meanwhile ----
if [ "$driver" = vkms ]; then
	echo auto >$crc/control
	cat $crc/data >/tmp/rcrc.log &
	crcpid=$!
	sleep 1
fi
kill -STOP $demo
sleep 0.5 # its last flip completes
fsd crtc
before=$ans
fsd seq
kseq=${ans#\# seq }
fsd kill
sleep 1 # nobody is master; the stored file keeps the screen
fsd start
fsd ready 2 30
ready=$ans
fsd crtc
after=$ans
sleep 1
fsd seq
cseq=${ans#\# seq }
kill -CONT $demo
ok=0
case $ready in "# ready 2"*) ok=1 ;; esac
log | grep -q 'the DRM file of the dcd before came back from the fd store' || ok=0
log | grep -q 'adopted .* as the hardware shows it' || ok=0
# "# crtc ID BLOB WxH CLOCK FB": the same blob, mode and framebuffer
[ "${before#\# crtc }" != none ] && [ "$before" = "$after" ] || ok=0
result dcd-kms-restart-adopt $ok "before the kill: ${before#\# }; adopted: ${after#\# }; READY=1 ${ready##* } ms after the start; $(log | grep -m1 'adopted')"
[ $ok = 1 ] || log

wait_demo 'resumed' 1 30
wait_flips 1 5 20
flips=$(flips_after_resume 1)
ok=0
[ -n "$flips" ] && [ "$flips" -ge 5 ] && ok=1
if [ "$driver" = vkms ]; then
	kill $crcpid
	tab=/tmp/rcrc.tab
	crc_table /tmp/rcrc.log >$tab
	new=$(awk -v e="$cseq" '$1 > e { print $2 }' $tab | sort -u | wc -l)
	[ "$new" -ge 3 ] || ok=0
	more="; $new different CRCs since"
fi
result dcd-kms-restart-flips $ok "dc-demo: $(grep -m1 'reconnected' /tmp/rdemo.log); $flips flips reported since it resumed$more"
[ $ok = 1 ] || cat /tmp/rdemo.log

if [ "$driver" = vkms ]; then
	# vblanks after the kill up to dc-demo's continuing (the CRC worker lags
	# behind the screen under TCG: frames by their vblank number, not by
	# when their line came): one CRC, the last frame's before the kill
	last=$(awk -v k="$kseq" '$1 <= k { c = $2 } END { print c }' $tab)
	window=$(awk -v k="$kseq" -v e="$cseq" '$1 > k && $1 <= e' $tab)
	frames=$(echo "$window" | grep -c .)
	others=$(echo "$window" | awk -v c="$last" '$2 != c' | grep -c .)
	ok=0
	[ -n "$last" ] && [ "$frames" -ge 10 ] && [ $((frames * 2)) -ge $((cseq - kseq)) ] &&
		[ "$others" = 0 ] && ok=1
	result dcd-kms-restart-crc $ok "$frames frames composed of the $((cseq - kseq)) vblanks from the kill ($kseq) to dc-demo's continuing ($cseq), $others with another CRC than the last frame's before the kill ($last)"
	[ $ok = 1 ] || echo "$window" | awk '{ print $2 }' | sort | uniq -c
fi

# ---- 2: a lease of the stored DRM file, made while dcd is down ----
fsd kill
fsd lease
lease=$ans
fsd lessee
seen=$ans
fsd start
dpid=${ans#\# start }
fsd ready 3 30
ready=$ans
fsd lessee
gone=$ans
lessee=$(echo "$lease" | awk '{ print $3 }')
conn=$(echo "$lease" | awk '{ print $4 }')
ok=0
[ -n "$lessee" ] && [ "$seen" = "# lessee 1 1" ] && [ "$gone" = "# lessee 0 0" ] &&
	log | grep -q "lessee $lessee (a KMS lease of the dcd before this one) revoked" && ok=1
result dcd-kms-restart-lease $ok "lessee $lessee of $conn saw ${seen#\# lessee } connector(s) and CRTC(s) before, ${gone#\# lessee } after; $(log | grep -m1 'revoked')"
# dc-demo was flipping at this kill: the dead dcd's last flip completes
# on the DRM file after the new dcd opened it, and its event carries the
# dead process's user data (the new dcd crashed on it before kms/ checked)
wait_demo 'resumed' 2 30
pstate=$(grep State /proc/"$dpid"/status)
ok=0
[ "$(grep -c resumed /tmp/rdemo.log)" -ge 2 ] && [ "${pstate#*Z}" = "$pstate" ] && ok=1
result dcd-kms-restart-flipping $ok "SIGKILL while dc-demo flipped: dcd ${pstate:-gone}; dc-demo resumed $(grep -c resumed /tmp/rdemo.log) times"
[ $ok = 1 ] || cat /tmp/rdemo.log

# ---- 3: the store lost: dcd starts without the DRM file ----
fsd crtc
shown=$ans
fsd kill
fsd forget
sleep 1
fsd crtc
dark=$ans # what the kernel shows once the master's file closed
seen="CRTC, mode blob and framebuffer before: ${shown#\# crtc }, after: ${dark#\# crtc }"
if [ "$driver" = vkms ]; then
	# what vkms composes now, against the last frame dc-demo showed
	cat $crc/data >/tmp/rcrc2.log &
	crcpid=$!
	sleep 1
	kill $crcpid
	seen="$seen; CRCs composed meanwhile: $(crc_table /tmp/rcrc2.log | awk '{ print $2 }' | sort | uniq -c | tr -s ' \n' ' ')"
fi
fsd start
back_and_flipping 4 3
lost=$(log | grep -m1 'did not come back from the fd store')
ok=0
case $ready in "# ready 4"*) ok=1 ;; esac
[ -n "$lost" ] && [ -n "$flips" ] && [ "$flips" -ge 5 ] || ok=0
result dcd-kms-restart-nostore $ok "the DRM file closed: $seen; then: $lost; dc-demo flipped $flips times after resuming"
[ $ok = 1 ] || { log; cat /tmp/rdemo.log; }

kill -INT $demo
wait $demo

# ---- 4: dc-demo on dcd's buffers (FB_ALLOC: dma-bufs on the plane as they are) ----
demolog=/tmp/rdemo2.log
dc-demo --socket $sock --duration 120 >$demolog 2>&1 &
demo=$!
wait_demo 'flips' 1 30
fsd kill
sleep 0.5
fsd start
back_and_flipping 5 1
ok=0
case $ready in "# ready 5"*) ok=1 ;; esac
# the buffers live on in the DRM file: nothing of them belongs in the fd store
gone=$(log | grep -c 'its descriptor is gone')
grep -q 'dcd allocated (dma-bufs' $demolog && [ "$flips" -ge 5 ] &&
	! grep -q 'not created again' $demolog && [ "$gone" = 0 ] || ok=0
result dcd-kms-restart-fballoc $ok "$(grep -m1 'framebuffers' $demolog); ${ready#\# }; $flips flips after resuming; $gone fd store warnings"
[ $ok = 1 ] || { log | tail -n 20; cat $demolog; }
kill -INT $demo
wait $demo

# ---- 5: a KMS lease through dcd across a restart (dcd-kms-lessee restart) ----
wait_line() { # FILE PATTERN SECONDS
	i=0
	while ! grep -q "$2" "$1" 2>/dev/null && [ $i -lt $(($3 * 10)) ]; do
		sleep 0.1
		i=$((i + 1))
	done
	grep -q "$2" "$1" 2>/dev/null
}
k=6 # the READY dcd-fsd counts next
for how in back away admin; do
	extra=
	llog=/tmp/rlessee-$how.log
	dcd-kms-lessee $sock "$driver" restart $how >$llog 2>&1 &
	lpid=$!
	if wait_line $llog '^LEASED' 30; then
		fsd kill
		wait_line $llog '^DOWN' 30
		fsd start
		fsd ready $k 30
		ready=$ans
		k=$((k + 1))
		if [ $how = admin ]; then
			# held for vr-admin, not back: listed as such, and an admin ends it
			id=$(sed -n 's/^LEASED \([0-9]*\).*/\1/p' $llog)
			i=0
			until dcctl --bus session status >/dev/null 2>&1 || [ $i -ge 50 ]; do
				sleep 0.1
				i=$((i + 1))
			done
			held=$(dcctl --bus session leases 2>&1 | grep "^$id .*kms-held.*vr-admin")
			dcctl --bus session revoke "$id" >/tmp/rrevoke.log 2>&1
			revoked=$?
		fi
	fi
	wait $lpid
	grep '^RESULT' $llog
	# what dcd said: the lease kept and held, then given back or revoked
	id=$(sed -n 's/^LEASED \([0-9]*\).*/\1/p' $llog)
	case $how in
	back) said=$(log | grep -m1 "KMS lease $id .* is client .*\"vr-back\")'s again after the restart") ;;
	away) said=$(log | grep -m1 "KMS lease $id .* revoked: its client did not come back within the restart grace") ;;
	admin)
		said=$(log | grep -m1 "KMS lease $id .* of vr-admin (uid 0) revoked: revoked by")
		[ -n "$held" ] && [ "$revoked" = 0 ] || said=
		extra="; dcctl leases: ${held:-no kms-held line}; dcctl revoke: exit ${revoked:-none} $(cat /tmp/rrevoke.log 2>/dev/null)"
		;;
	esac
	kept=$(log | grep -m1 "KMS lease $id .* of the dcd before lives on")
	ok=0
	[ -n "$id" ] && [ -n "$kept" ] && [ -n "$said" ] && ok=1
	case $ready in "# ready"*) ;; *) ok=0 ;; esac
	result dcd-kms-restart-lessee-log-$how $ok "lease ${id:-none}: ${kept:-not kept}; ${said:-nothing more}$extra"
	[ $ok = 1 ] || { cat $llog; log | tail -n 30; }
done

fsd term
exec 3>&-
wait $fsdpid
kill $rbuspid
