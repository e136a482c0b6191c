#!/bin/sh
# dcctl edid decode from the outside: exit codes (usage 2, failure 1),
# the text report, --json, stdin input and the pnp.ids vendor lookup.
# Usage: test-dcctl-edid.sh DCCTL DATA_DIR
set -u
dcctl=$1
data=$2
tmp=$(mktemp -d "${TMPDIR:-/tmp}/dcctl-edid.XXXXXX")
trap 'rm -rf "$tmp"' EXIT INT TERM
failures=0

fail() {
	echo "FAIL: $*"
	failures=$((failures + 1))
}

# expect_exit CODE ARGS...: runs dcctl, output in $tmp/out and $tmp/err
expect_exit() {
	want=$1
	shift
	"$dcctl" "$@" >"$tmp/out" 2>"$tmp/err"
	got=$?
	[ "$got" -eq "$want" ] || fail "dcctl $*: exit $got, expected $want ($(head -c 200 "$tmp/err"))"
}

expect_in() { # FILE TEXT WHAT
	grep -qF -- "$2" "$1" || fail "$3: '$2' not in $(basename "$1"): $(head -c 300 "$1")"
}

edid=$data/ABM-ABM0241-f12bbda2.bin
samsung=$data/Samsung-SAM0A7C-f88e51b8.bin

# usage errors: exit 2
expect_exit 2
expect_exit 2 nosuchcommand
expect_in "$tmp/err" "unknown command 'nosuchcommand'" "unknown command"
expect_exit 2 edid
expect_exit 2 edid frobnicate
expect_exit 2 edid decode
expect_in "$tmp/err" "no FILE given" "missing file"
expect_exit 2 edid decode "$edid" "$edid"
expect_exit 2 edid decode --bogus "$edid"
expect_exit 0 --help
expect_in "$tmp/out" "edid" "help lists the edid command"

# failures: exit 1, naming the file and the cause
expect_exit 1 edid decode "$tmp/missing.bin"
expect_in "$tmp/err" "$tmp/missing.bin: No such file or directory" "missing file"
head -c 200 /dev/zero >"$tmp/zeros.bin"
expect_exit 1 edid decode "$tmp/zeros.bin"
expect_in "$tmp/err" "200 bytes without an EDID header" "not an EDID"

# the text report
expect_exit 0 edid decode "$edid"
expect_in "$tmp/out" "Manufacturer:        ABM" "text"
expect_in "$tmp/out" "Monitor name:        'AB238MDP'" "text"
expect_in "$tmp/out" "1920x1080      60.000 Hz    148.500 MHz" "text"
expect_in "$tmp/out" "CTA-861 Extension Block                checksum ok" "text"

# the sink's mode list, preferred first
expect_in "$tmp/out" "Modes (31, preferred first):" "mode list"
first=$(grep -A1 '^Modes (' "$tmp/out" | tail -n 1)
[ "$first" = "  1920x1080      60.000 Hz    148.500 MHz  dtd         VIC 16   preferred" ] ||
	fail "first mode: '$first'"
expect_in "$tmp/out" "  1280x1024      75.025 Hz    135.000 MHz  established" "mode list"

# JSON: one object with the documented fields
expect_exit 0 edid decode "$edid" --json
[ "$(head -c 1 "$tmp/out")" = "{" ] || fail "--json does not start with {"
[ "$(tail -n 1 "$tmp/out")" = "}" ] || fail "--json does not end with }"
expect_in "$tmp/out" '"manufacturer": "ABM"' "json"
expect_in "$tmp/out" '"product_code": 577' "json"
expect_in "$tmp/out" '"hdmi_max_tmds_mhz": 225' "json"
expect_in "$tmp/out" '"cta_vics": [' "json"
expect_in "$tmp/out" '"modes": [' "json modes"
expect_in "$tmp/out" '"source": "cta_vic"' "json modes"

# stdin, and a damaged EDID still decodes (bad checksum is reported, not fatal)
"$dcctl" edid decode - <"$edid" >"$tmp/out" 2>"$tmp/err" || fail "stdin: exit $?"
expect_in "$tmp/out" "AB238MDP" "stdin"
cp "$edid" "$tmp/bad.bin"
printf '\377' | dd of="$tmp/bad.bin" bs=1 seek=255 conv=notrunc 2>/dev/null
expect_exit 0 edid decode "$tmp/bad.bin"
expect_in "$tmp/out" "EDID block 1: checksum 0xff, expected 0xc6" "bad checksum warning"

# vendor names from a pnp.ids file
printf 'ABL\tSomeone Else\nABM\tTest Vendor Inc.\n' >"$tmp/pnp.ids"
expect_exit 0 edid decode "$edid" --pnp-ids "$tmp/pnp.ids"
expect_in "$tmp/out" "ABM (Test Vendor Inc.)" "pnp lookup"
expect_exit 0 edid decode "$edid" --json --pnp-ids "$tmp/pnp.ids"
expect_in "$tmp/out" '"manufacturer_name": "Test Vendor Inc."' "pnp lookup json"
expect_exit 0 edid decode "$edid" --pnp-ids "$tmp/none.ids"
expect_in "$tmp/out" "Manufacturer:        ABM" "without pnp.ids"
if [ -r /usr/share/hwdata/pnp.ids ]; then
	expect_exit 0 edid decode "$samsung"
	expect_in "$tmp/out" "SAM (Samsung Electric Company)" "hwdata pnp.ids"
fi

[ "$failures" -eq 0 ] && echo "dcctl edid: all checks passed"
exit $((failures != 0))
