# Shell functions shared by the real-kernel suites (qemu, kms): find
# Debian's kernel, build an initramfs of busybox, modules and test
# programs, boot it under QEMU (TCG) and check the RESULT lines the guest
# prints. Sourced, not run; every function calls fail() on error.

fail() {
	echo "$(basename "$0"): FAIL: $*"
	exit 1
}

# Packages that must be installed; missing ones fail: scripts/install-deps
# installs them, so a missing one is a broken machine, not a reason to skip.
require_packages() { # PKG...
	command -v dpkg-query >/dev/null 2>&1 ||
		fail "not a Debian system (no dpkg-query); the test needs Debian's kernel image and modules"
	for p in "$@"; do
		[ "$(dpkg-query -W -f='${db:Status-Status}' "$p" 2>/dev/null)" = installed ] ||
			fail "package $p is not installed (scripts/install-deps installs it)"
	done
}

# Sets kver and kernel: the newest /boot/vmlinuz-VER with modules for VER
# (not uname -r: the running kernel need not be Debian's).
find_kernel() {
	kver=""
	for k in $(ls /boot/vmlinuz-* 2>/dev/null | sort -V); do
		v=${k#/boot/vmlinuz-}
		[ -r "$k" ] && [ -f "/lib/modules/$v/modules.dep" ] && kver=$v
	done
	[ -n "$kver" ] || fail "no readable /boot/vmlinuz-VER with /lib/modules/VER/modules.dep although linux-image-amd64 is installed"
	kernel=/boot/vmlinuz-$kver
}

# A fresh initramfs tree in ROOT with busybox and an empty modules.list.
initramfs_start() { # ROOT
	root=$1
	busybox=/bin/busybox
	[ -x "$busybox" ] || fail "$busybox missing although busybox-static is installed"
	[ "$(od -An -c -N4 "$busybox" | tr -d ' ')" = 177ELF ] || fail "$busybox is not an ELF binary"
	rm -rf "$root"
	mkdir -p "$root/bin" "$root/proc" "$root/sys" "$root/dev" "$root/lib/modules" "$root/tmp" || fail "mkdir $root"
	cp "$busybox" "$root/bin/busybox" || fail "copy busybox"
	: >"$root/modules.list"
}

# Copies MODULE and what it needs, in dependency order, into ROOT's
# modules.list. modprobe takes one module per call (further words would be
# parameters). Debian's are signed: copy, never strip.
initramfs_add_module() { # ROOT MODULE
	deps=$(modprobe -S "$kver" --show-depends "$2") || fail "modprobe -S $kver --show-depends $2"
	echo "$deps" | while read -r kind path _; do
		[ "$kind" = insmod ] || continue
		name=$(basename "$path")
		case $name in
		*.ko.xz) out=${name%.xz}; xz -dc "$path" >"$1/lib/modules/$out" ;;
		*.ko.zst) out=${name%.zst}; zstd -qdc "$path" >"$1/lib/modules/$out" ;;
		*.ko.gz) out=${name%.gz}; gzip -dc "$path" >"$1/lib/modules/$out" ;;
		*) out=$name; cp "$path" "$1/lib/modules/$out" ;;
		esac || exit 1
		grep -qx "$out" "$1/modules.list" || echo "$out" >>"$1/modules.list"
	done || fail "copying the modules of $2"
}

# Copies a dynamically linked PROGRAM to ROOT/bin/NAME with the exact
# libraries and loader ldd names (static programs need only the copy).
initramfs_add_program() { # ROOT PROGRAM NAME
	cp "$2" "$1/bin/$3" || fail "copy $2"
	libs=$(ldd "$2" 2>&1)
	case $libs in *"not a dynamic executable"*) return 0 ;; esac
	if echo "$libs" | grep -q "not found"; then
		fail "libraries of $2 not found: $(echo "$libs" | grep 'not found')"
	fi
	for lib in $(echo "$libs" | awk '/=>/ { print $3; next } /^[ \t]*\// { print $1 }'); do
		mkdir -p "$1$(dirname "$lib")" && cp -L "$lib" "$1$lib" || fail "copy $lib"
	done
}

# A library a program loads with dlopen (ldd cannot see it), with what it links.
initramfs_add_library() { # ROOT SONAME
	lib=$(ldconfig -p | awk -v so="$2" '$1 == so && /x86-64/ { print $NF; exit }')
	[ -f "$lib" ] || fail "$2: not in ldconfig's cache"
	for l in "$lib" $(ldd "$lib" | awk '/=>/ { print $3; next } /^[ \t]*\// { print $1 }'); do
		mkdir -p "$1$(dirname "$l")" && cp -L "$l" "$1$l" || fail "copy $l"
	done
}

initramfs_pack() { # ROOT IMAGE
	(cd "$1" && find . | cpio -o -H newc --quiet) >"$2" || fail "cpio"
}

# Prints the guest's logs (on failure).
show_logs() { # WORK
	echo "---- guest console (tail) ----"
	tail -n 40 "$1/console.log" 2>/dev/null
	echo "---- results channel ----"
	cat "$1/results.log" 2>/dev/null
}

# Boots KERNEL with IMAGE; the console goes to WORK/console.log, the
# guest's second serial port (its results) to WORK/results.log. Further
# arguments are QEMU devices. Fails when QEMU does not power off in time.
qemu_boot() { # WORK IMAGE APPEND TIMEOUT [QEMU ARGS...]
	work=$1 image=$2 append=$3 limit=$4
	shift 4
	rm -f "$work/console.log" "$work/results.log"
	echo "$(basename "$0"): booting $kernel under QEMU (TCG)"
	start=$(date +%s)
	timeout "$limit" qemu-system-x86_64 \
		-machine q35,kernel-irqchip=split -accel tcg -cpu max -smp 1 -m 512M \
		-display none -no-reboot -nic none -vga none -monitor none \
		-serial "file:$work/console.log" -serial "file:$work/results.log" \
		"$@" \
		-kernel "$kernel" -initrd "$image" \
		-append "console=ttyS0 rdinit=/init panic=-1 quiet $append"
	qemu_status=$?
	end=$(date +%s)
	echo "$(basename "$0"): QEMU exited with $qemu_status after $((end - start)) s"
	[ $qemu_status -eq 124 ] && { show_logs "$work"; fail "QEMU did not power off within $limit s"; }
	[ $qemu_status -eq 0 ] || { show_logs "$work"; fail "QEMU exited with status $qemu_status"; }
	[ -s "$work/results.log" ] || { show_logs "$work"; fail "the guest wrote no results"; }
}

# Every name in EXPECTED must have a "RESULT name PASS" line in
# WORK/results.log, no other RESULT may appear, and the guest program must
# have printed RESULT-END and exited 0.
check_results() { # WORK EXPECTED
	results=$(tr -d '\r' <"$1/results.log")
	expected=$2
	bad=0
	passed=0
	for name in $expected; do
		# a FAIL anywhere counts, even beside a PASS of the same name
		line=$(echo "$results" | grep "^RESULT $name FAIL" | head -n 1)
		[ -n "$line" ] || line=$(echo "$results" | grep "^RESULT $name " | head -n 1)
		case $line in
		"RESULT $name PASS"*) passed=$((passed + 1)); echo "  ok    $name: ${line#RESULT $name PASS }" ;;
		"RESULT $name FAIL"*) bad=$((bad + 1)); echo "  FAIL  $name: ${line#RESULT $name FAIL }" ;;
		*) bad=$((bad + 1)); echo "  FAIL  $name: no result (the guest never got there)" ;;
		esac
	done
	# A result nobody expects is a test that the list forgot.
	for name in $(echo "$results" | awk '$1 == "RESULT" { print $2 }'); do
		echo " $expected " | tr '\n' ' ' | grep -q " $name " || { bad=$((bad + 1)); echo "  FAIL  $name: not in the expected list"; }
	done
	echo "$results" | grep -q '^RESULT-END$' || { bad=$((bad + 1)); echo "  FAIL  the guest program did not finish"; }
	echo "$results" | grep -q '^GUEST-EXIT 0$' || { bad=$((bad + 1)); echo "  FAIL  the guest program exited non-zero"; }
	total=$(echo $expected | wc -w)
	if [ $bad -ne 0 ]; then
		show_logs "$1"
		fail "$bad of $total checks failed or are missing"
	fi
	echo "$passed passed, 0 failed"
}
