#!/bin/sh
# dcd on a private bus as busctl sees it: `busctl --user introspect
# org.dcd.Display1 /org/dcd/Display1` (and a link object) lists exactly the
# members of protocol/org.dcd.Display1.xml, each with its signature, and
# docs/dbus.md names every one of them.
# Usage: test-dbus-introspect.sh SOURCE_ROOT
# Environment: DCD, TOPOLOGY, DCT_BUS_CONFIG.
set -u
src=$1
xml=$src/protocol/org.dcd.Display1.xml
doc=$src/docs/dbus.md
. "$src/tests/client/dcd-env.sh"
command -v busctl >/dev/null || { echo "busctl is missing (systemd)"; exit 77; }
fail=0

start_bus
start_dcd --bus session
await_start "$dcd_pid" "dcd on the bus" "$tmp/dcd.log" /dev/null \
	busctl --user introspect org.dcd.Display1 /org/dcd/Display1

# "INTERFACE .Member kind IN OUT" for every member of the XML ("-" for none;
# a property's IN is its type).
awk '
	/<interface name="/ { sub(/.*<interface name="/, ""); sub(/".*/, ""); iface = $0 }
	/<(method|signal) name="/ {
		kind = $0 ~ /<method/ ? "method" : "signal"
		sub(/.*name="/, ""); sub(/".*/, ""); name = $0; in_ = ""; out = ""
	}
	/<arg / {
		t = $0; sub(/.*type="/, "", t); sub(/".*/, "", t)
		if ($0 ~ /direction="out"/) out = out t; else in_ = in_ t
	}
	/<\/method>|<\/signal>/ { print iface, "." name, kind, (in_ == "" ? "-" : in_), (out == "" ? "-" : out) }
	/<method name=".*"\/>/ { print iface, "." name, kind, "-", "-" }
	/<property name="/ {
		n = $0; sub(/.*name="/, "", n); sub(/".*/, "", n)
		t = $0; sub(/.*type="/, "", t); sub(/".*/, "", t)
		print iface, "." n, "property", t, "-"
	}
' "$xml" | sort >"$tmp/xml-members"
[ "$(wc -l <"$tmp/xml-members")" -gt 20 ] || { echo "FAIL: the XML parse found too little"; cat "$tmp/xml-members"; exit 1; }

# The same from busctl: "INTERFACE .Member kind SIGNATURE RESULT" for org.dcd interfaces.
introspect() { # PATH
	busctl --user introspect --no-legend org.dcd.Display1 "$1" | awk '
		$2 == "interface" { iface = $1; next }
		iface ~ /^org\.dcd\./ {
			if ($2 == "property") print iface, $1, $2, $3, "-"
			else print iface, $1, $2, $3, $4
		}'
}
{
	introspect /org/dcd/Display1
	introspect /org/dcd/Display1/link/HDMI_A_1
} | sort >"$tmp/bus-members"

if ! diff "$tmp/xml-members" "$tmp/bus-members" >"$tmp/diff"; then
	echo "FAIL: introspection and protocol/org.dcd.Display1.xml differ (< XML, > bus):"
	cat "$tmp/diff"
	fail=1
fi
echo "busctl introspect lists the $(wc -l <"$tmp/bus-members") members of the XML:"
cat "$tmp/bus-members"

# Every member documented.
while read -r iface member kind rest; do
	name=${member#.}
	grep -qE "\`$name[\`(]" "$doc" || { echo "FAIL: docs/dbus.md does not document $iface.$name"; fail=1; }
done <"$tmp/xml-members"

# Every link has its object.
busctl --user tree --list org.dcd.Display1 >"$tmp/tree"
for path in /org/dcd/Display1/link/DP_1 /org/dcd/Display1/link/HDMI_A_1 \
	/org/dcd/Display1/link/eDP_1; do
	grep -qx "$path" "$tmp/tree" || { echo "FAIL: no object $path"; fail=1; }
done
# and no other: the default board has three connectors
links=$(grep -c '^/org/dcd/Display1/link/[^/]*$' "$tmp/tree")
[ "$links" -eq 3 ] || { echo "FAIL: $links link objects, the default board has 3"; fail=1; }
[ $fail -eq 0 ] && echo "test-dbus-introspect: the XML, the bus and docs/dbus.md agree"
exit $fail
