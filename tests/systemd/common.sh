# shellcheck shell=sh disable=SC2154 # test_name: set by each test before sourcing
# Shared by the tests in this folder (sourced, not run). The environment comes
# from tests/systemd/meson.build: MESON, BUILD_ROOT, WORK_DIR and the install
# directories UNIT_DIR, DBUS_POLICY_DIR, DBUS_SERVICES_DIR, SYSUSERS_DIR,
# TMPFILES_DIR, BINDIR, MANDIR, ADMIN_GROUP, CLIENT_GROUP.

fail() {
	echo "$test_name: FAIL: $*"
	exit 1
}

skip() {
	echo "$test_name: SKIP: $*"
	exit 77
}

# need_cmd CMD PACKAGE: a missing tool skips the test and says which
# Debian package (scripts/install-deps installs it) would provide it.
need_cmd() {
	command -v "$1" >/dev/null 2>&1 ||
		skip "$1 is not installed (Debian package $2; scripts/install-deps installs it)"
}

# stage DIR TAGS: `meson install` of this build into DESTDIR=DIR, only the
# files with the given install tags, into a fresh DIR. The tests check
# what is installed, where meson installs it.
stage() {
	rm -rf "$1"
	mkdir -p "$1" || fail "mkdir $1"
	"$MESON" install -C "$BUILD_ROOT" --no-rebuild --quiet --destdir "$1" --tags "$2" \
		>"$1.install-log" 2>&1 || {
		cat "$1.install-log"
		fail "meson install --tags $2 --destdir $1 failed"
	}
	for f in "$UNIT_DIR/dcd.service" "$UNIT_DIR/dcd.socket" \
		"$DBUS_POLICY_DIR/org.dcd.Display1.conf" \
		"$DBUS_SERVICES_DIR/org.dcd.Display1.service" \
		"$SYSUSERS_DIR/dcd.conf" "$TMPFILES_DIR/dcd.conf"; do
		[ -f "$1$f" ] || fail "meson install did not install $f (looked in $1$f)"
	done
}
