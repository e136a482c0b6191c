/*
 * Events from a fake dcd: hotplug (after the library fetched the new
 * topology), lease revoked, output changed; unknown opcodes of a newer
 * protocol and answers or events nobody asked for are ignored; malformed
 * messages break the connection with a sentence, never a crash.
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
#include "msgio.h"

static int hotplugs;
static char hotplug_names[4][32];
static int hotplug_connection[4];
static unsigned hotplug_modes[4];

static void on_hotplug(struct dcc_client *c, struct dcc_link *link, void *data)
{
	if (hotplugs < 4) {
		snprintf(hotplug_names[hotplugs], 32, "%s", dcc_link_get_name(link));
		hotplug_connection[hotplugs] = dcc_link_get_connection(link);
		hotplug_modes[hotplugs] = dcc_link_get_mode_count(link);
	}
	hotplugs++;
}

static void hotplug_after_topology(void **state)
{
	struct fake_server s;
	struct dcc_client *c;
	struct dcp_hotplug hp = { .link = 2, .connection = DCP_CONNECTED };

	fake_init(&s, 1);
	c = connect_fake(&s, "test-hotplug");
	dcc_set_hotplug_handler(c, on_hotplug, NULL);
	hotplugs = 0;
	assert_int_equal(dcc_link_get_mode_count(dcc_find_link(c, "DP-2")), 0);

	pthread_mutex_lock(&s.lock);
	fake_link(&s.links[2], 2, "DP-2", DCP_LINK_DP, true);
	s.generation++;
	pthread_mutex_unlock(&s.lock);
	hp.sink = s.links[2].sink;
	fake_send(&s, DCP_EVENT_HOTPLUG, 0, &hp);
	assert_true(pump_count(c, &hotplugs, 1, 2000));
	assert_string_equal(hotplug_names[0], "DP-2");
	assert_int_equal(hotplug_connection[0], DCC_CONNECTED);
	assert_int_equal(hotplug_modes[0], 2); /* the modes arrived before the callback */
	assert_int_equal(fake_count(&s, DCP_REQ_GET_TOPOLOGY), 2);

	/* Two at once: both links are reported, unplugged ones too. */
	pthread_mutex_lock(&s.lock);
	fake_link(&s.links[1], 1, "HDMI-A-1", DCP_LINK_HDMI_A, false);
	fake_link(&s.links[2], 2, "DP-2", DCP_LINK_DP, false);
	pthread_mutex_unlock(&s.lock);
	hp = (struct dcp_hotplug){ .link = 1, .connection = DCP_DISCONNECTED };
	fake_send(&s, DCP_EVENT_HOTPLUG, 0, &hp);
	hp.link = 2;
	fake_send(&s, DCP_EVENT_HOTPLUG, 0, &hp);
	assert_true(pump_count(c, &hotplugs, 3, 2000));
	pump_until(c, NULL, 30);
	assert_int_equal(hotplugs, 3);
	assert_string_equal(hotplug_names[1], "HDMI-A-1");
	assert_int_equal(hotplug_connection[1], DCC_DISCONNECTED);
	assert_string_equal(hotplug_names[2], "DP-2");
	assert_int_equal(hotplug_modes[2], 0);
	dcc_client_destroy(c);
	fake_fini(&s);
	(void)state;
}

static int revokes;
static struct dcc_lease *revoked_lease;
static int revoke_reason;
static char revoke_text[256];

static void on_revoked(struct dcc_client *c, struct dcc_lease *lease, int reason, const char *text,
		       void *data)
{
	revoked_lease = lease;
	revoke_reason = reason;
	snprintf(revoke_text, sizeof(revoke_text), "%s", text);
	revokes++;
}

static int changes_seen;
static uint32_t changes_bits;

static void on_changed(struct dcc_client *c, struct dcc_link *link, uint32_t changes, void *data)
{
	assert_string_equal(dcc_link_get_name(link), "HDMI-A-1");
	changes_bits = changes;
	changes_seen++;
}

static void lease_revoked_and_output_changed(void **state)
{
	struct fake_server s;
	struct dcc_client *c;
	struct dcc_link *dp, *hdmi;
	struct dcc_lease *lease;
	struct dcp_lease_revoked lr = { .lease_id = 10, .reason = DCP_REVOKE_ADMIN };
	struct dcp_output_changed oc = {
		.link = 1,
		.changes = DCP_CHANGE_MODE | DCP_CHANGE_LEASE,
		.lease_state = DCP_LEASE_OTHER,
		.active = true,
		.encoding = DCP_ENCODING_RGB,
		.bpc = 8,
	};
	const struct dcc_mode *m;

	fake_init(&s, 1);
	c = connect_fake(&s, "test-revoke");
	dcc_set_lease_revoked_handler(c, on_revoked, NULL);
	dcc_set_output_changed_handler(c, on_changed, NULL);
	revokes = changes_seen = 0;
	dp = dcc_find_link(c, "DP-1");
	hdmi = dcc_find_link(c, "HDMI-A-1");
	assert_int_equal(dcc_lease_create(c, &dp, 1, &lease), 0);
	assert_int_equal(dcc_lease_get_id(lease), 10);

	snprintf(lr.text, sizeof(lr.text), "revoked by uid 0 through D-Bus");
	fake_send(&s, DCP_EVENT_LEASE_REVOKED, 0, &lr);
	lr.lease_id = 99; /* not ours: ignored */
	fake_send(&s, DCP_EVENT_LEASE_REVOKED, 0, &lr);
	assert_true(pump_count(c, &revokes, 1, 2000));
	pump_until(c, NULL, 20);
	assert_int_equal(revokes, 1);
	assert_ptr_equal(revoked_lease, lease);
	assert_int_equal(revoke_reason, DCC_REVOKE_ADMIN);
	assert_string_equal(revoke_text, "revoked by uid 0 through D-Bus");
	assert_false(dcc_lease_is_active(lease));
	assert_int_equal(dcc_lease_get_id(lease), 0);
	assert_int_equal(dcc_link_get_lease_state(dp), DCC_LEASE_FREE);
	dcc_lease_destroy(lease); /* nothing to release any more */
	assert_int_equal(dcc_roundtrip(c), 0);
	assert_int_equal(fake_count(&s, DCP_REQ_LEASE_RELEASE), 0);

	fake_mode(&oc.mode, 1920, 1080, 148500, false);
	fake_send(&s, DCP_EVENT_OUTPUT_CHANGED, 0, &oc);
	assert_true(pump_count(c, &changes_seen, 1, 2000));
	assert_int_equal(changes_bits, DCC_CHANGE_MODE | DCC_CHANGE_LEASE);
	assert_true(dcc_link_is_active(hdmi));
	assert_int_equal(dcc_link_get_lease_state(hdmi), DCC_LEASE_OTHER);
	m = dcc_link_get_current_mode(hdmi);
	assert_non_null(m);
	assert_int_equal(dcc_mode_get_width(m), 1920);
	assert_int_equal(dcc_mode_get_refresh_mhz(m), 59940); /* the monitor's exact rate */
	dcc_client_destroy(c);
	fake_fini(&s);
	(void)state;
}

static int callbacks;

static void count_flip(struct dcc_client *c, struct dcc_link *link, int status, uint64_t seq,
		       uint64_t ts, void *data)
{
	callbacks++;
}

static void count_hotplug(struct dcc_client *c, struct dcc_link *link, void *data)
{
	callbacks++;
}

static void count_changed(struct dcc_client *c, struct dcc_link *link, uint32_t ch, void *data)
{
	callbacks++;
}

static void count_vblank(struct dcc_client *c, struct dcc_link *link, uint64_t seq, uint64_t ts,
			 uint32_t skipped, void *data)
{
	callbacks++;
}

static void send_header_only(struct fake_server *s, uint16_t opcode)
{
	uint8_t msg[DCP_HEADER_SIZE] = { (uint8_t)opcode, (uint8_t)(opcode >> 8), 0, 0,
					 DCP_HEADER_SIZE };

	fake_send_raw(s, msg, sizeof(msg));
}

static void unknown_and_unasked_are_ignored(void **state)
{
	struct fake_server s;
	struct dcc_client *c;
	struct dcp_flip_done fd_ = { .link = 0, .sequence = 3 };
	struct dcp_topology_done td = { 0, 9 };
	struct dcp_vblank vb = { .link = 15 };
	struct dcp_output_changed oc = { .link = 15, .changes = DCP_CHANGE_LINK };
	struct dcp_link_info *li = calloc(1, sizeof(*li));

	fake_init(&s, 1);
	c = connect_fake(&s, "test-ignore");
	dcc_set_hotplug_handler(c, count_hotplug, NULL);
	dcc_set_output_changed_handler(c, count_changed, NULL);
	dcc_set_vblank_handler(c, count_vblank, NULL);
	callbacks = 0;

	send_header_only(&s, 0x02ff); /* an event of a newer protocol */
	send_header_only(&s, 0x0180); /* a reply of a newer protocol */
	fake_send(&s, DCP_EVENT_FLIP_DONE, 9999, &fd_);
	fake_send(&s, DCP_REPLY_TOPOLOGY_DONE, 9998, &td);
	fake_send(&s, DCP_REPLY_OK, 9997, NULL);
	fake_link(li, 0, "DP-9", DCP_LINK_DP, true);
	fake_send(&s, DCP_REPLY_LINK_INFO, 9996, li);
	fake_send(&s, DCP_EVENT_VBLANK, 0, &vb);
	fake_send(&s, DCP_EVENT_OUTPUT_CHANGED, 0, &oc);
	pump_until(c, NULL, 50);

	assert_true(dcc_is_connected(c));
	assert_int_equal(callbacks, 0);
	assert_int_equal(dcc_roundtrip(c), 0);
	assert_int_equal(dcc_get_link_count(c), 3);
	assert_non_null(dcc_find_link(c, "DP-1"));
	assert_null(dcc_find_link(c, "DP-9"));
	free(li);
	dcc_client_destroy(c);
	fake_fini(&s);
	(void)state;
}

/* A valid message of opcode, encoded, for damaging. */
static size_t encode(uint8_t *buf, uint16_t opcode, uint32_t serial, const void *body)
{
	struct dcp_header hdr = { .opcode = opcode, .serial = serial };
	struct dcp_error err;
	size_t len;

	assert_int_equal(dcp_encode(buf, DCP_MAX_MESSAGE_SIZE, &hdr, body, &len, &err), 0);
	return len;
}

static bool granted_with_ok(struct fake_server *s, const struct dcp_request *req, int fd)
{
	if (req->hdr.opcode != DCP_REQ_LEASE_REQUEST)
		return false;
	fake_send(s, DCP_REPLY_OK, req->hdr.serial, NULL);
	return true;
}

static int disconnects;
static int disconnect_status;
static char disconnect_text[256];

static void on_disconnected(struct dcc_client *c, int status, const char *text, void *data)
{
	disconnect_status = status;
	snprintf(disconnect_text, sizeof(disconnect_text), "%s", text);
	disconnects++;
}

/* Each way a server message can be malformed; the client must break cleanly. */
enum damage {
	SHORT_HEADER,
	LENGTH_MISMATCH,
	REQUEST_OPCODE,
	TRUNCATED_WELCOME,
	MODE_COUNT_TOO_BIG,
	BAD_STRING,
	WITH_A_DESCRIPTOR,
	OVERSIZED,
	WRONG_REPLY_TYPE,
	DAMAGE_COUNT,
};

static const char *const damage_text[DAMAGE_COUNT] = {
	[SHORT_HEADER] = "malformed",
	[LENGTH_MISMATCH] = "malformed",
	[REQUEST_OPCODE] = "malformed",
	[TRUNCATED_WELCOME] = "malformed",
	[MODE_COUNT_TOO_BIG] = "malformed",
	[BAD_STRING] = "malformed",
	[WITH_A_DESCRIPTOR] = "malformed",
	[OVERSIZED] = "larger than 65536",
	[WRONG_REPLY_TYPE] = "answered LEASE_REQUEST",
};

static void send_damaged(struct fake_server *s, enum damage d, uint8_t *buf)
{
	struct dcp_welcome w = s->welcome;
	struct dcp_hotplug hp = { .link = 1, .connection = DCP_CONNECTED };
	size_t len;
	int fd;

	switch (d) {
	case SHORT_HEADER:
		fake_send_raw(s, "\x02\x02\x00", 3);
		break;
	case LENGTH_MISMATCH:
		len = encode(buf, DCP_REPLY_OK, 5, NULL);
		buf[4] = 40;
		fake_send_raw(s, buf, len);
		break;
	case REQUEST_OPCODE:
		len = encode(buf, DCP_REQ_SYNC, 5, NULL);
		fake_send_raw(s, buf, len);
		break;
	case TRUNCATED_WELCOME:
		len = encode(buf, DCP_REPLY_WELCOME, 5, &w);
		buf[4] = (uint8_t)(len - 1);
		fake_send_raw(s, buf, len - 1);
		break;
	case MODE_COUNT_TOO_BIG:
		len = encode(buf, DCP_REPLY_LINK_INFO, 5, &s->links[0]);
		buf[DCP_HEADER_SIZE + 52] = 0x58; /* 600 modes */
		buf[DCP_HEADER_SIZE + 53] = 0x02;
		fake_send_raw(s, buf, len);
		break;
	case BAD_STRING:
		snprintf(hp.sink.name, sizeof(hp.sink.name), "AAAA");
		len = encode(buf, DCP_EVENT_HOTPLUG, 0, &hp);
		buf[len - 3] = 0xff; /* not UTF-8 */
		fake_send_raw(s, buf, len);
		break;
	case WITH_A_DESCRIPTOR:
		len = encode(buf, DCP_REPLY_OK, 5, NULL);
		fd = dup(1);
		dci_msg_send(s->fd, buf, len, &fd, 1);
		close(fd);
		break;
	case OVERSIZED:
		memset(buf, 0, DCP_MAX_MESSAGE_SIZE + 100);
		len = encode(buf, DCP_REPLY_OK, 5, NULL);
		fake_send_raw(s, buf, DCP_MAX_MESSAGE_SIZE + 100);
		break;
	case WRONG_REPLY_TYPE:
	case DAMAGE_COUNT:
		break;
	}
}

static void malformed_messages_break_the_connection(void **state)
{
	uint8_t *buf = malloc(DCP_MAX_MESSAGE_SIZE + 100);

	for (int d = 0; d < DAMAGE_COUNT; d++) {
		struct fake_server s;
		struct dcc_client *c;
		struct dcc_link *dp;
		struct dcc_lease *lease;

		fake_init(&s, 1);
		c = connect_fake(&s, "test-malformed");
		dcc_set_disconnected_handler(c, on_disconnected, NULL);
		disconnects = 0;
		if (d == WRONG_REPLY_TYPE) {
			s.hook = granted_with_ok;
			dp = dcc_find_link(c, "DP-1");
			assert_int_equal(dcc_lease_create(c, &dp, 1, &lease), -ENOTCONN);
		} else {
			send_damaged(&s, (enum damage)d, buf);
		}
		pump_until(c, NULL, 50);
		print_message("damage %d: %s\n", d, disconnect_text);
		assert_int_equal(disconnects, 1);
		assert_int_equal(disconnect_status, -EPROTO);
		assert_non_null(strstr(disconnect_text, damage_text[d]));
		assert_false(dcc_is_connected(c));
		assert_int_equal(dcc_roundtrip(c), -ENOTCONN);
		assert_int_equal(dcc_dispatch(c), -ENOTCONN);
		dcc_client_destroy(c);
		fake_fini(&s);
	}
	free(buf);
	(void)state;
}

static void destroy_with_requests_in_flight(void **state)
{
	struct fake_server s;
	struct dcc_client *c;
	struct dcc_link *dp;
	struct dcc_lease *lease;
	struct dcc_fb *fb;
	struct dcc_config *cfg;

	fake_init(&s, 1);
	c = connect_fake(&s, "test-destroy");
	dp = dcc_find_link(c, "DP-1");
	assert_int_equal(dcc_lease_create(c, &dp, 1, &lease), 0);
	assert_int_equal(dcc_fb_create_memfd(c, DCC_FORMAT_XRGB8888, 64, 64, &fb), 0);
	assert_int_equal(dcc_config_create(c, &cfg), 0);
	assert_int_equal(dcc_config_set_output(cfg, dp, dcc_link_get_preferred_mode(dp), fb), 0);
	assert_int_equal(dcc_commit(c, cfg, 0, NULL, NULL), 0);
	callbacks = 0;
	assert_int_equal(dcc_flip(c, dp, fb, DCC_FLIP_VSYNC, count_flip, NULL), 0);
	/* Callbacks of requests still in flight are not called; objects outlive c. */
	dcc_client_destroy(c);
	assert_int_equal(callbacks, 0);
	assert_non_null(dcc_fb_get_data(fb));
	assert_null(dcc_lease_get_link(lease, 0));
	dcc_config_destroy(cfg);
	dcc_fb_destroy(fb);
	dcc_lease_destroy(lease);
	fake_fini(&s);
	(void)state;
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(hotplug_after_topology),
		cmocka_unit_test(lease_revoked_and_output_changed),
		cmocka_unit_test(unknown_and_unasked_are_ignored),
		cmocka_unit_test(malformed_messages_break_the_connection),
		cmocka_unit_test(destroy_with_requests_in_flight),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
