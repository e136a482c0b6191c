/*
 * libdcclient against a fake dcd: the handshake and WELCOME, the topology
 * as objects (links, monitors, modes, planes), a refused version, the
 * default socket path rules, and the sticky -ENOTCONN once dcd closed the
 * connection.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cmocka.h>

#include "client_test.h"

static void handshake_and_welcome(void **state)
{
	struct fake_server s;
	struct dcc_client *c;
	struct dcp_request hello;

	fake_init(&s, 0x1122334455667788ull);
	c = connect_fake(&s, "test-session");
	assert_true(dcc_is_connected(c));
	assert_string_equal(dcc_get_server_name(c), "fake dcd 1.0");
	assert_int_equal(dcc_get_capabilities(c),
			 DCC_CAP_LEASES | DCC_CAP_FB_MEMFD | DCC_CAP_CURSOR | DCC_CAP_VBLANK);
	assert_true(dcc_get_instance(c) == 0x1122334455667788ull);
	assert_int_equal(dcc_get_client_id(c), 42);
	assert_null(dcc_get_socket_path(c));
	assert_string_equal(dcc_last_error_text(c), "");

	hello = fake_last(&s, DCP_REQ_HELLO);
	assert_int_equal(hello.hello.major, DCP_VERSION_MAJOR);
	assert_int_equal(hello.hello.minor, DCP_VERSION_MINOR);
	assert_string_equal(hello.hello.name, "test-session");
	assert_int_equal(hello.hdr.serial, 1);
	assert_int_equal(fake_count(&s, DCP_REQ_HELLO), 1);
	assert_int_equal(fake_count(&s, DCP_REQ_GET_TOPOLOGY), 1);

	assert_int_equal(dcc_roundtrip(c), 0);
	assert_int_equal(fake_count(&s, DCP_REQ_SYNC), 1);
	dcc_client_destroy(c);
	fake_fini(&s);
	(void)state;
}

static void long_names_are_cut_on_a_character(void **state)
{
	char name[80];
	struct fake_server s;
	struct dcc_client *c;
	struct dcp_request hello;

	/* 62 ASCII bytes and a two-byte character: 64 bytes, one too many. */
	memset(name, 'a', 62);
	strcpy(name + 62, "\xc3\xa9");
	fake_init(&s, 1);
	c = connect_fake(&s, name);
	hello = fake_last(&s, DCP_REQ_HELLO);
	assert_int_equal(strlen(hello.hello.name), 62);
	dcc_client_destroy(c);
	fake_fini(&s);
	(void)state;
}

/*
 * Protocol 1.1: LINK_CAPS make HDMI-A-1 a headset and give DP-1 a 48-144 Hz
 * range; the desktop lease skips the headset; VRR goes out as the output
 * flag, and is refused by the library when dcd speaks 1.0.
 */
static void headsets_and_vrr(void **state)
{
	struct fake_server s;
	struct dcc_client *c;
	struct dcc_link *dp, *hdmi;
	struct dcc_lease *lease;
	struct dcc_config *cfg;
	struct dcp_request req;
	uint32_t lo = 1, hi = 1;

	fake_init(&s, 1);
	s.welcome.minor = 1;
	s.caps[0].vrr_min_hz = 48;
	s.caps[0].vrr_max_hz = 144;
	s.caps[1].flags = DCP_LINK_CAPS_NON_DESKTOP;
	c = connect_fake(&s, "test-hmd");
	dp = dcc_find_link(c, "DP-1");
	hdmi = dcc_find_link(c, "HDMI-A-1");
	assert_false(dcc_link_is_non_desktop(dp));
	assert_true(dcc_link_is_non_desktop(hdmi));
	assert_true(dcc_link_get_vrr_range(dp, &lo, &hi));
	assert_int_equal(lo, 48);
	assert_int_equal(hi, 144);
	assert_false(dcc_link_get_vrr_range(hdmi, &lo, &hi));
	assert_int_equal(lo + hi, 0);

	/* "all outputs": DP-1 only (HDMI-A-1 is a headset, DP-2 is empty) */
	assert_int_equal(dcc_lease_create_desktop(c, &lease), 0);
	req = fake_last(&s, DCP_REQ_LEASE_REQUEST);
	assert_int_equal(req.lease_request.link_count, 1);
	assert_int_equal(req.lease_request.links[0], 0);
	assert_int_equal(dcc_lease_get_link_count(lease), 1);

	assert_int_equal(dcc_config_create(c, &cfg), 0);
	assert_int_equal(dcc_config_set_output(cfg, dp, dcc_link_get_preferred_mode(dp), NULL), 0);
	assert_int_equal(dcc_config_set_vrr(cfg, dp, true), 0);
	assert_int_equal(dcc_validate(c, cfg, DCC_COMMIT_ALLOW_MODESET), 0);
	req = fake_last(&s, DCP_REQ_VALIDATE);
	assert_int_equal(req.config.outputs[0].flags & DCP_OUTPUT_VRR, DCP_OUTPUT_VRR);
	assert_int_equal(dcc_config_set_vrr(cfg, dp, false), 0);
	assert_int_equal(dcc_validate(c, cfg, DCC_COMMIT_ALLOW_MODESET), 0);
	req = fake_last(&s, DCP_REQ_VALIDATE);
	assert_int_equal(req.config.outputs[0].flags & DCP_OUTPUT_VRR, 0);
	dcc_config_destroy(cfg);
	dcc_lease_destroy(lease);
	dcc_client_destroy(c);
	fake_fini(&s);

	/* a 1.0 dcd: no LINK_CAPS, so no headset; VRR refused before it is sent */
	fake_init(&s, 1);
	s.caps[1].flags = DCP_LINK_CAPS_NON_DESKTOP;
	c = connect_fake(&s, "test-hmd-1.0");
	dp = dcc_find_link(c, "DP-1");
	assert_false(dcc_link_is_non_desktop(dcc_find_link(c, "HDMI-A-1")));
	assert_int_equal(dcc_config_create(c, &cfg), 0);
	assert_int_equal(dcc_config_set_output(cfg, dp, dcc_link_get_preferred_mode(dp), NULL), 0);
	assert_int_equal(dcc_config_set_vrr(cfg, dp, true), -EOPNOTSUPP);
	assert_non_null(strstr(dcc_last_error_text(c), "protocol 1.1"));
	dcc_config_destroy(cfg);
	dcc_client_destroy(c);
	fake_fini(&s);
	(void)state;
}

static void topology_as_objects(void **state)
{
	struct fake_server s;
	struct dcc_client *c;
	struct dcc_link *dp, *hdmi, *empty;
	const struct dcc_mode *m;
	const struct dcc_plane *p;
	uint32_t a, b, t;

	fake_init(&s, 1);
	c = connect_fake(&s, "test-topology");
	assert_int_equal(dcc_get_link_count(c), 3);
	dp = dcc_get_link(c, 0);
	assert_non_null(dp);
	assert_null(dcc_get_link(c, 3));
	assert_string_equal(dcc_link_get_name(dp), "DP-1");
	assert_int_equal(dcc_link_get_id(dp), 0);
	assert_int_equal(dcc_link_get_type(dp), DCC_LINK_DP);
	assert_int_equal(dcc_link_get_connection(dp), DCC_CONNECTED);
	assert_int_equal(dcc_link_get_lease_state(dp), DCC_LEASE_FREE);
	assert_false(dcc_link_is_active(dp));
	assert_null(dcc_link_get_current_mode(dp));
	assert_false(dcc_link_modes_truncated(dp));

	assert_int_equal(dcc_link_get_mode_count(dp), 2);
	m = dcc_link_get_preferred_mode(dp);
	assert_ptr_equal(m, dcc_link_get_mode(dp, 0));
	assert_int_equal(dcc_mode_get_width(m), 3840);
	assert_int_equal(dcc_mode_get_height(m), 2160);
	assert_int_equal(dcc_mode_get_refresh_mhz(m), 60000);
	assert_int_equal(dcc_mode_get_clock_khz(m), 594000);
	assert_true(dcc_mode_is_preferred(m));
	dcc_mode_get_htiming(m, &a, &b, &t);
	assert_int_equal(a, 3840 + 88);
	assert_int_equal(b, 3840 + 132);
	assert_int_equal(t, 3840 + 280);
	dcc_mode_get_vtiming(m, &a, &b, &t);
	assert_int_equal(t, 2160 + 45);
	m = dcc_link_get_mode(dp, 1);
	assert_int_equal(dcc_mode_get_width(m), 1920);
	assert_int_equal(dcc_mode_get_refresh_mhz(m), 59940);
	assert_false(dcc_mode_is_preferred(m));
	assert_null(dcc_link_get_mode(dp, 2));

	assert_string_equal(dcc_link_get_monitor_name(dp), "Fake DP-1");
	assert_string_equal(dcc_link_get_vendor(dp), "DEL");
	assert_int_equal(dcc_link_get_product(dp), 0x4000);
	assert_int_equal(dcc_link_get_serial(dp), 1000);
	dcc_link_get_physical_size(dp, &a, &b);
	assert_int_equal(a, 600);
	assert_int_equal(b, 340);
	assert_int_equal(dcc_link_get_max_bpc(dp), 10);
	assert_int_equal(dcc_link_get_encodings(dp), 1u << DCC_ENCODING_RGB);

	assert_int_equal(dcc_link_get_plane_count(dp), 2);
	p = dcc_link_get_plane(dp, 0);
	assert_int_equal(dcc_plane_get_type(p), DCC_PLANE_PRIMARY);
	assert_int_equal(dcc_plane_get_format_count(p), 2);
	assert_int_equal(dcc_plane_get_format(p, 0), DCC_FORMAT_XRGB8888);
	assert_int_equal(dcc_plane_get_format(p, 1), DCC_FORMAT_ARGB8888);
	assert_int_equal(dcc_plane_get_modifier_count(p), 1);
	assert_true(dcc_plane_get_modifier(p, 0) == 0);
	p = dcc_link_get_plane(dp, 1);
	assert_int_equal(dcc_plane_get_type(p), DCC_PLANE_CURSOR);
	dcc_plane_get_max_size(p, &a, &b);
	assert_int_equal(a, 128);
	assert_int_equal(b, 128);
	assert_null(dcc_link_get_plane(dp, 2));

	hdmi = dcc_find_link(c, "HDMI-A-1");
	assert_non_null(hdmi);
	assert_int_equal(dcc_link_get_type(hdmi), DCC_LINK_HDMI_A);
	assert_ptr_equal(hdmi, dcc_get_link(c, 1));
	assert_null(dcc_find_link(c, "DVI-D-1"));
	empty = dcc_find_link(c, "DP-2");
	assert_int_equal(dcc_link_get_connection(empty), DCC_DISCONNECTED);
	assert_int_equal(dcc_link_get_mode_count(empty), 0);
	assert_null(dcc_link_get_preferred_mode(empty));
	assert_string_equal(dcc_link_get_monitor_name(empty), "");

	/* A refresh keeps the link objects and replaces their modes. */
	s.links[0].mode_count = 1;
	assert_int_equal(dcc_refresh_topology(c), 0);
	assert_ptr_equal(dcc_find_link(c, "DP-1"), dp);
	assert_int_equal(dcc_link_get_mode_count(dp), 1);
	dcc_client_destroy(c);
	fake_fini(&s);
	(void)state;
}

static bool refuse_version(struct fake_server *s, const struct dcp_request *req, int fd)
{
	if (req->hdr.opcode != DCP_REQ_HELLO)
		return false;
	fake_send_error(s, req->hdr.serial, -EPROTONOSUPPORT, DCP_REASON_VERSION, DCP_ERROR_FATAL,
			"HELLO: version 1.0; this dcd speaks 2.0");
	shutdown(s->fd, SHUT_RDWR);
	return true;
}

static void refused_version(void **state)
{
	struct fake_server s;
	struct dcc_client *c;
	int fd;

	fake_init(&s, 1);
	s.hook = refuse_version;
	fd = fake_pair(&s);
	fake_start(&s);
	assert_int_equal(dcc_client_create("old", &c), 0);
	assert_int_equal(dcc_client_connect_fd(c, fd), -EPROTONOSUPPORT);
	assert_non_null(strstr(dcc_last_error_text(c), "speaks 2.0"));
	assert_string_equal(dcc_last_error_reason(c), "version");
	assert_false(dcc_is_connected(c));
	assert_int_equal(dcc_dispatch(c), -ENOTCONN);
	assert_int_equal(dcc_roundtrip(c), -ENOTCONN);
	dcc_client_destroy(c);
	fake_fini(&s);
	(void)state;
}

static void default_paths(void **state)
{
	struct dcc_client *c;

	assert_int_equal(dcc_client_create(NULL, &c), 0);
	assert_int_equal(dcc_client_connect(c, "/nonexistent/dcd.sock", 0), -ENOENT);
	assert_non_null(strstr(dcc_last_error_text(c), "/nonexistent/dcd.sock"));

	/* $DCD_SOCKET alone when set. */
	setenv("DCD_SOCKET", "/nonexistent/override.sock", 1);
	assert_int_equal(dcc_client_connect(c, NULL, 0), -ENOENT);
	assert_non_null(strstr(dcc_last_error_text(c), "/nonexistent/override.sock"));
	assert_null(strstr(dcc_last_error_text(c), "/run/dcd"));

	/* Else the user's runtime directory, then the system socket. */
	unsetenv("DCD_SOCKET");
	setenv("XDG_RUNTIME_DIR", "/nonexistent/xdg", 1);
	assert_true(dcc_client_connect(c, NULL, 0) < 0);
	assert_non_null(strstr(dcc_last_error_text(c), "/nonexistent/xdg/dcd.sock"));
	assert_non_null(strstr(dcc_last_error_text(c), "/run/dcd/dcd.sock"));
	assert_int_equal(dcc_dispatch(c), -ENOTCONN);
	dcc_client_destroy(c);
	(void)state;
}

static int disconnects;
static char disconnect_text[256];

static void on_disconnected(struct dcc_client *c, int status, const char *text, void *data)
{
	assert_int_equal(status, -ECONNRESET);
	snprintf(disconnect_text, sizeof(disconnect_text), "%s", text);
	disconnects++;
}

static void sticky_enotconn(void **state)
{
	struct fake_server s;
	struct dcc_client *c;
	struct dcc_link *dp;
	struct dcc_lease *lease = (void *)1;
	struct dcc_fb *fb = (void *)1;
	struct dcc_config *cfg;
	int fd;

	fake_init(&s, 1);
	c = connect_fake(&s, "test-sticky");
	fd = dcc_get_fd(c);
	dp = dcc_find_link(c, "DP-1");
	assert_int_equal(dcc_config_create(c, &cfg), 0);
	assert_int_equal(dcc_config_set_output(cfg, dp, dcc_link_get_preferred_mode(dp), NULL), 0);
	dcc_set_disconnected_handler(c, on_disconnected, NULL);
	disconnects = 0;

	fake_stop(&s);
	pump_until(c, NULL, 50);
	assert_int_equal(disconnects, 1);
	assert_non_null(strstr(disconnect_text, "closed the connection"));
	assert_false(dcc_is_connected(c));
	assert_int_equal(dcc_get_fd(c), fd);

	for (int round = 0; round < 2; round++) {
		assert_int_equal(dcc_dispatch(c), -ENOTCONN);
		assert_int_equal(dcc_roundtrip(c), -ENOTCONN);
		assert_non_null(strstr(dcc_last_error_text(c), "closed the connection"));
		assert_int_equal(dcc_refresh_topology(c), -ENOTCONN);
		assert_int_equal(dcc_lease_create(c, &dp, 1, &lease), -ENOTCONN);
		assert_null(lease);
		assert_int_equal(dcc_fb_create_memfd(c, DCC_FORMAT_XRGB8888, 64, 64, &fb),
				 -ENOTCONN);
		assert_null(fb);
		assert_int_equal(dcc_validate(c, cfg, 0), -ENOTCONN);
		assert_int_equal(dcc_commit(c, cfg, 0, NULL, NULL), -ENOTCONN);
		assert_int_equal(dcc_commit_sync(c, cfg, 0), -ENOTCONN);
		assert_int_equal(dcc_cursor_move(c, dp, 1, 2), -ENOTCONN);
		assert_int_equal(dcc_vblank_subscribe(c, dp, true), -ENOTCONN);
		assert_int_equal(dcc_flush(c), -ENOTCONN);
		assert_int_equal(dcc_restore(c), -ENOTCONN);
	}
	assert_int_equal(disconnects, 1);
	/* The topology stays readable. */
	assert_string_equal(dcc_link_get_name(dp), "DP-1");
	dcc_config_destroy(cfg);
	dcc_client_destroy(c);
	fake_fini(&s);
	(void)state;
}

static bool fatal_on_sync(struct fake_server *s, const struct dcp_request *req, int fd)
{
	if (req->hdr.opcode != DCP_REQ_SYNC)
		return false;
	fake_send_error(s, 0, -EPROTO, DCP_REASON_PROTOCOL, DCP_ERROR_FATAL,
			"SYNC: the fake dcd had enough");
	shutdown(s->fd, SHUT_RDWR);
	return true;
}

static void fatal_error_explains_the_break(void **state)
{
	struct fake_server s;
	struct dcc_client *c;

	fake_init(&s, 1);
	s.hook = fatal_on_sync;
	c = connect_fake(&s, "test-fatal");
	assert_int_equal(dcc_roundtrip(c), -ENOTCONN);
	assert_non_null(strstr(dcc_last_error_text(c), "the fake dcd had enough"));
	assert_int_equal(dcc_refresh_topology(c), -ENOTCONN);
	assert_non_null(strstr(dcc_last_error_text(c), "the fake dcd had enough"));
	dcc_client_destroy(c);
	fake_fini(&s);
	(void)state;
}

static void destroy_accepts_null(void **state)
{
	dcc_client_destroy(NULL);
	dcc_lease_destroy(NULL);
	dcc_fb_destroy(NULL);
	dcc_config_destroy(NULL);
	(void)state;
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(handshake_and_welcome),
		cmocka_unit_test(long_names_are_cut_on_a_character),
		cmocka_unit_test(topology_as_objects),
		cmocka_unit_test(headsets_and_vrr),
		cmocka_unit_test(refused_version),
		cmocka_unit_test(default_paths),
		cmocka_unit_test(sticky_enotconn),
		cmocka_unit_test(fatal_error_explains_the_break),
		cmocka_unit_test(destroy_accepts_null),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
