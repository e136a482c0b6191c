/*
 * The Sim interface on a private bus (suite dbus): hotplug through Plug and
 * Unplug with the Hotplug signal naming the link's object path, plugging
 * the built-in monitor, EDID bytes and a description, DP IRQ and link
 * loss (LinkStatusChanged), screenshots, the errors of each, and a Display
 * Core refusal (one output more than the timing generators) through
 * Commit. Then dcd and a bus that is not there yet, comes, goes and comes
 * back.
 */
#include <errno.h>
#include <poll.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cmocka.h>

#include "dbus_test.h"

#define P_DP1 DBT_PATH "/link/DP_1"
#define P_DP2 DBT_PATH "/link/DP_2"

static int setup(void **state)
{
	struct dbt *t = calloc(1, sizeof(*t));

	assert_non_null(t);
	assert_int_equal(dbt_start(t, NULL), 0);
	*state = t;
	return 0;
}

static int teardown(void **state)
{
	struct dbt *t = *state;

	if (!t)
		return 0;
	assert_true(dct_daemon_alive(&t->d));
	assert_int_equal(dct_daemon_stop(&t->d), 0);
	dbt_stop(t, getenv("DBT_LOG") != NULL);
	free(t);
	return 0;
}

static int plug(struct dbt *t, const char *link, const void *edid, size_t size,
		const char *description)
{
	sd_bus_error e = SD_BUS_ERROR_NULL;
	sd_bus_message *m = NULL;
	int r;

	r = sd_bus_message_new_method_call(t->conn, &m, DBT_NAME, DBT_PATH, DBT_SIM, "Plug");
	if (r >= 0)
		r = sd_bus_message_append(m, "s", link);
	if (r >= 0)
		r = sd_bus_message_append_array(m, 'y', size ? edid : "", size);
	if (r >= 0)
		r = sd_bus_message_append(m, "s", description);
	if (r >= 0)
		r = sd_bus_call(t->conn, m, 0, &e, NULL);
	snprintf(t->error_name, sizeof(t->error_name), "%s", e.name ? e.name : "");
	snprintf(t->error_message, sizeof(t->error_message), "%s", e.message ? e.message : "");
	if (r < 0)
		printf("  Plug %s: %s: %s\n", link, t->error_name, t->error_message);
	sd_bus_error_free(&e);
	sd_bus_message_unref(m);
	return r < 0 ? r : 0;
}

/* The Hotplug signal for link: its path and state. */
static void expect_hotplug(struct dbt *t, const char *link, const char *path, bool connected)
{
	sd_bus_message *m = dbt_wait_signal(t, "Hotplug", DBT_PATH, link, DCT_TIMEOUT_MS);
	const char *name, *p;
	int c;

	assert_non_null(m);
	assert_int_equal(sd_bus_message_read(m, "sob", &name, &p, &c), 1);
	assert_string_equal(p, path);
	assert_int_equal(c, connected);
	sd_bus_message_unref(m);
}

static void test_plug_builtin(void **state)
{
	struct dbt *t = *state;
	char s[64];

	dbt_clear_signals(t);
	assert_int_equal(plug(t, "DP-2", NULL, 0, ""), 0);
	expect_hotplug(t, "DP-2", P_DP2, true);
	assert_true(dbt_get_b(t, P_DP2, DBT_LINK, "Connected"));
	assert_string_equal(dbt_get_s(t, P_DP2, DBT_LINK, "MonitorName", s, sizeof(s)),
			    "dcd hotplug");
	assert_string_equal(dbt_get_s(t, P_DP2, DBT_LINK, "Signal", s, sizeof(s)), "DP");
	/* taken */
	assert_true(dbt_failed_with(t, plug(t, "DP-2", NULL, 0, ""), DBT_ERR_BUSY));
	assert_true(dbt_failed_with(t, plug(t, "DP-7", NULL, 0, ""), DBT_ERR_NOT_FOUND));

	dbt_clear_signals(t);
	assert_int_equal(dbt_call(t, DBT_SIM, "Unplug", NULL, "s", "DP-2"), 0);
	expect_hotplug(t, "DP-2", P_DP2, false);
	assert_false(dbt_get_b(t, P_DP2, DBT_LINK, "Connected"));
	assert_string_equal(dbt_get_s(t, P_DP2, DBT_LINK, "MonitorName", s, sizeof(s)), "");
	assert_true(dbt_failed_with(t, dbt_call(t, DBT_SIM, "Unplug", NULL, "s", "DP-2"),
				    DBT_ERR_NOT_FOUND));
}

/* The Link's VrrRangeHz (uu) equals min, max. */
static void vrr_range(struct dbt *t, const char *path, uint32_t min, uint32_t max)
{
	sd_bus_error e = SD_BUS_ERROR_NULL;
	sd_bus_message *m = NULL;
	uint32_t a = 1, b = 1;

	assert_int_equal(sd_bus_get_property(t->conn, DBT_NAME, path, DBT_LINK, "VrrRangeHz", &e,
					     &m, "(uu)"),
			 0);
	assert_int_equal(sd_bus_message_read(m, "(uu)", &a, &b), 1);
	sd_bus_message_unref(m);
	if (a != min || b != max)
		fail_msg("%s: VrrRangeHz %u-%u, expected %u-%u", path, a, b, min, max);
}

/* Plugs description into DP-2, checks NonDesktop and VrrRangeHz, unplugs (then none). */
static void plug_caps(struct dbt *t, const char *description, bool non_desktop, uint32_t min,
		      uint32_t max)
{
	assert_int_equal(plug(t, "DP-2", NULL, 0, description), 0);
	expect_hotplug(t, "DP-2", P_DP2, true);
	assert_int_equal(dbt_get_b(t, P_DP2, DBT_LINK, "NonDesktop"), non_desktop);
	vrr_range(t, P_DP2, min, max);
	assert_int_equal(dbt_call(t, DBT_SIM, "Unplug", NULL, "s", "DP-2"), 0);
	expect_hotplug(t, "DP-2", P_DP2, false);
	assert_false(dbt_get_b(t, P_DP2, DBT_LINK, "NonDesktop"));
	vrr_range(t, P_DP2, 0, 0);
}

static void test_plug_edid_and_description(void **state)
{
	struct dbt *t = *state;
	static const uint8_t junk[100];
	sd_bus_message *m;
	const void *edid;
	size_t size;
	char s[64];

	/* DP-1's monitor, by its EDID bytes */
	assert_int_equal(dbt_call(t, DBT_MANAGER, "GetEdid", &m, "s", "DP-1"), 0);
	assert_int_equal(sd_bus_message_read_array(m, 'y', &edid, &size), 1);
	dbt_clear_signals(t);
	assert_int_equal(plug(t, "DP-2", edid, size, ""), 0);
	sd_bus_message_unref(m);
	expect_hotplug(t, "DP-2", P_DP2, true);
	assert_string_equal(dbt_get_s(t, P_DP2, DBT_LINK, "MonitorName", s, sizeof(s)), "test DP");
	assert_int_equal(dbt_call(t, DBT_SIM, "Unplug", NULL, "s", "DP-2"), 0);
	expect_hotplug(t, "DP-2", P_DP2, false);
	assert_true(dbt_failed_with(t, plug(t, "DP-2", junk, sizeof(junk), ""), DBT_ERR_INVALID));

	/* a scenario description */
	assert_int_equal(plug(t, "DP-2", NULL, 0,
			      "{ \"edid\": { \"name\": \"described\", \"preferred\": "
			      "\"cta-720p60\" }, \"dp\": { \"max_lanes\": 2 } }"),
			 0);
	expect_hotplug(t, "DP-2", P_DP2, true);
	assert_string_equal(dbt_get_s(t, P_DP2, DBT_LINK, "MonitorName", s, sizeof(s)),
			    "described");
	assert_int_equal(dbt_call(t, DBT_SIM, "Unplug", NULL, "s", "DP-2"), 0);
	expect_hotplug(t, "DP-2", P_DP2, false);

	/* a headset (DisplayID use case) and an Adaptive-Sync monitor: NonDesktop, VrrRangeHz */
	plug_caps(t,
		  "{ \"edid\": { \"name\": \"headset\", \"preferred\": \"cta-720p60\", "
		  "\"head_mounted\": \"displayid\" } }",
		  true, 0, 0);
	plug_caps(t,
		  "{ \"edid\": { \"name\": \"adaptive\", \"preferred\": \"cta-720p60\", "
		  "\"range\": { \"v_hz\": [ 40, 60 ], \"h_khz\": [ 30, 100 ], \"max_pixel_mhz\": "
		  "200 } }, \"dp\": { \"msa_timing_par_ignored\": true } }",
		  false, 40, 60);

	assert_true(
		dbt_failed_with(t, plug(t, "DP-2", NULL, 0, "{ \"edid\": 7 }"), DBT_ERR_INVALID));
	assert_true(dbt_failed_with(t, plug(t, "DP-2", NULL, 0, "not json"), DBT_ERR_INVALID));
	assert_false(dbt_get_b(t, P_DP2, DBT_LINK, "Connected"));
}

static void test_irq_and_link_loss(void **state)
{
	struct dbt *t = *state;

	/* DP only */
	assert_true(dbt_failed_with(t,
				    dbt_call(t, DBT_SIM, "PulseIrq", NULL, "sy", "HDMI-A-1", 0x02),
				    DBT_ERR_NOT_SUPPORTED));
	assert_true(dbt_failed_with(t, dbt_call(t, DBT_SIM, "DropLink", NULL, "s", "HDMI-A-1"),
				    DBT_ERR_NOT_SUPPORTED));
	/* nothing there */
	assert_true(dbt_failed_with(t, dbt_call(t, DBT_SIM, "PulseIrq", NULL, "sy", "DP-2", 0),
				    DBT_ERR_NOT_FOUND));
	/* a lit DP link that loses its lock is trained again, and the bus hears of it */
	assert_int_equal(dbt_call(t, DBT_MANAGER, "Commit", NULL, "a{sa{sv}}", 1, "DP-1", 1,
				  "color", "u", 0x336699u),
			 0);
	assert_int_equal(dbt_call(t, DBT_SIM, "PulseIrq", NULL, "sy", "DP-1", 0), 0);
	dbt_clear_signals(t);
	assert_int_equal(dbt_call(t, DBT_SIM, "DropLink", NULL, "s", "DP-1"), 0);
	assert_true(dbt_link_status_is(t, "DP-1", "retrained"));
	assert_int_equal(dbt_get_u(t, P_DP1, DBT_LINK, "LinkRateMbps"), 2700);
}

static void test_screenshot(void **state)
{
	struct dbt *t = *state;
	sd_bus_message *m;
	const uint8_t *png;
	size_t size;
	uint32_t crc, crc2;

	assert_true(dbt_failed_with(t, dbt_call(t, DBT_SIM, "Screenshot", NULL, "s", "DP-2"),
				    DBT_ERR_NOT_FOUND));
	assert_true(dbt_failed_with(t, dbt_call(t, DBT_SIM, "Screenshot", NULL, "s", "VGA-1"),
				    DBT_ERR_NOT_FOUND));
	/* DP-1 shows 0x336699 at 720x480 (test_irq_and_link_loss) */
	assert_int_equal(dbt_call(t, DBT_SIM, "Screenshot", &m, "s", "DP-1"), 0);
	assert_int_equal(sd_bus_message_read_array(m, 'y', (const void **)&png, &size), 1);
	assert_int_equal(sd_bus_message_read(m, "u", &crc), 1);
	assert_true(size > 33);
	assert_memory_equal(png, "\x89PNG\r\n\x1a\n", 8);
	/* IHDR: width and height, big-endian */
	assert_memory_equal(png + 12, "IHDR", 4);
	assert_int_equal((png[16] << 24) | (png[17] << 16) | (png[18] << 8) | png[19], 720);
	assert_int_equal((png[20] << 24) | (png[21] << 16) | (png[22] << 8) | png[23], 480);
	sd_bus_message_unref(m);
	/* the same still picture, the same CRC */
	assert_int_equal(dbt_call(t, DBT_SIM, "Screenshot", &m, "s", "DP-1"), 0);
	assert_int_equal(sd_bus_message_skip(m, "ay"), 1);
	assert_int_equal(sd_bus_message_read(m, "u", &crc2), 1);
	assert_int_equal(crc, crc2);
	sd_bus_message_unref(m);
}

/* Four outputs on Carrizo's three timing generators: Display Core's sentence. */
static void test_commit_refused(void **state)
{
	struct dbt *t = *state;
	uint32_t mode;

	assert_int_equal(plug(t, "DP-2", NULL, 0, ""), 0);
	DCT_WAIT_UNTIL(dbt_get_b(t, P_DP2, DBT_LINK, "Connected"), DCT_TIMEOUT_MS);
	assert_true(dbt_failed_with(t,
				    dbt_call(t, DBT_MANAGER, "Validate", NULL, "a{sa{sv}}", 4,
					     "DP-1", 1, "enabled", "b", 1, "HDMI-A-1", 1, "enabled",
					     "b", 1, "eDP-1", 1, "enabled", "b", 1, "DP-2", 1,
					     "enabled", "b", 1),
				    DBT_ERR_INVALID));
	assert_non_null(strstr(t->error_message, "timing generator"));
	/* all or nothing: DP-2 stays dark */
	assert_true(dbt_failed_with(t,
				    dbt_call(t, DBT_MANAGER, "Commit", NULL, "a{sa{sv}}", 4, "DP-1",
					     1, "enabled", "b", 1, "HDMI-A-1", 1, "enabled", "b", 1,
					     "eDP-1", 1, "enabled", "b", 1, "DP-2", 1, "enabled",
					     "b", 1),
				    DBT_ERR_INVALID));
	mode = dbt_get_u(t, P_DP2, DBT_LINK, "LinkRateMbps");
	assert_int_equal(mode, 0);
	dbt_clear_signals(t);
	assert_int_equal(dbt_call(t, DBT_SIM, "Unplug", NULL, "s", "DP-2"), 0);
	expect_hotplug(t, "DP-2", P_DP2, false);
}

static int sim_as_child(sd_bus *bus, void *data)
{
	const char *member = data;
	sd_bus_error e = SD_BUS_ERROR_NULL;
	int r;

	if (!strcmp(member, "Plug"))
		r = sd_bus_call_method(bus, DBT_NAME, DBT_PATH, DBT_SIM, member, &e, NULL, "says",
				       "DP-2", 0, "");
	else if (!strcmp(member, "PulseIrq"))
		r = sd_bus_call_method(bus, DBT_NAME, DBT_PATH, DBT_SIM, member, &e, NULL, "sy",
				       "DP-1", 0);
	else
		r = sd_bus_call_method(bus, DBT_NAME, DBT_PATH, DBT_SIM, member, &e, NULL, "s",
				       "DP-1");
	return dbt_exit_code(r, &e);
}

static void test_sim_needs_admin(void **state)
{
	static const char *const members[] = { "Plug", "Unplug", "PulseIrq", "DropLink",
					       "Screenshot" };
	struct dbt *t = *state;

	if (!dbt_root()) {
		skip();
		return;
	}
	for (size_t i = 0; i < sizeof(members) / sizeof(members[0]); i++)
		assert_int_equal(dbt_as(DBT_NOBODY, NULL, 0, sim_as_child, (void *)members[i]), 3);
	/* nothing happened: DP-2 is still empty */
	assert_false(dbt_get_b(t, P_DP2, DBT_LINK, "Connected"));
}

/*
 * dcd --bus system started before its bus: it says so once, serves its
 * socket, and is on the bus within a retry interval of the bus appearing;
 * the same after the bus goes away and comes back. (The "system bus" is the
 * test's private one: DBUS_SYSTEM_BUS_ADDRESS names it.)
 */
static void test_bus_comes_and_goes(void **state)
{
	static const char *const extra[] = { "--bus", "system", NULL };
	struct dct_daemon d;
	struct dct_bus bus;
	struct dct_client *c;
	sd_bus *conn;
	char *version = NULL;
	char dir[64] = "/tmp/dcd-later-bus-XXXXXX", address[96];

	/* an address where nothing listens yet */
	assert_non_null(mkdtemp(dir));
	assert_int_equal(chmod(dir, 0755), 0);
	snprintf(address, sizeof(address), "unix:path=%s/bus", dir);
	assert_int_equal(setenv("DBUS_SYSTEM_BUS_ADDRESS", address, 1), 0);
	assert_int_equal(dct_daemon_start(&d, NULL, NULL, extra), 0);
	assert_true(dct_log_wait(&d,
				 "D-Bus: system bus: No such file or directory; serving the "
				 "socket without D-Bus and trying again every 2 s",
				 DCT_TIMEOUT_MS));
	/* the socket works meanwhile */
	assert_int_equal(dct_connect(d.socket, "meanwhile", &c), 0);
	dct_close(c);

	assert_int_equal(dct_bus_start(&bus, address), 0);
	assert_true(dct_log_wait(&d, "D-Bus: org.dcd.Display1 on the system bus", 5000));
	assert_int_equal(sd_bus_open_user(&conn), 0);
	assert_true(sd_bus_get_property_string(conn, DBT_NAME, DBT_PATH, DBT_MANAGER, "Version",
					       NULL, &version) >= 0);
	free(version);
	sd_bus_flush_close_unref(conn);

	dct_bus_stop(&bus);
	assert_true(dct_log_wait(&d, "D-Bus: system bus: the connection was lost", DCT_TIMEOUT_MS));
	assert_int_equal(dct_bus_start(&bus, address), 0);
	assert_true(dct_log_wait_count(&d, "D-Bus: org.dcd.Display1 on the system bus", 2, 5000));
	assert_true(dct_daemon_alive(&d));
	assert_int_equal(dct_daemon_stop(&d), 0);
	dct_daemon_cleanup(&d, false);
	dct_bus_stop(&bus);
	rmdir(dir);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_plug_builtin),
		cmocka_unit_test(test_plug_edid_and_description),
		cmocka_unit_test(test_irq_and_link_loss),
		cmocka_unit_test(test_screenshot),
		cmocka_unit_test(test_commit_refused),
		cmocka_unit_test(test_sim_needs_admin),
	};
	const struct CMUnitTest alone[] = {
		cmocka_unit_test(test_bus_comes_and_goes),
	};
	int failed = cmocka_run_group_tests(tests, setup, teardown);

	return failed + cmocka_run_group_tests_name("bus", alone, NULL, NULL);
}
