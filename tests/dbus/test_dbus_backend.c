/*
 * The Sim interface of a dcd that drives a GPU answers NotSupported (suite
 * dbus). There is no GPU here, so this dcd runs in the test process on the
 * simulator and is then told its engine is a device (backend.kind, the one
 * field the D-Bus service and the admin functions decide by); the test's
 * own bus connection shares the daemon's event loop. The kind is put back
 * before dcd_free, which closes the engine by it.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "dbus_internal.h"
#include "dct.h"

struct call {
	bool done;
	char name[128];
	char message[256];
};

static int on_reply(sd_bus_message *m, void *data, sd_bus_error *e)
{
	struct call *c = data;
	const sd_bus_error *err = sd_bus_message_get_error(m);

	c->done = true;
	if (err) {
		snprintf(c->name, sizeof(c->name), "%s", err->name);
		snprintf(c->message, sizeof(c->message), "%s", err->message ? err->message : "");
	}
	return 0;
}

static void run_until(struct dcd *dcd, const bool *cond)
{
	uint64_t end = dct_now_ns() + DCT_TIMEOUT_MS * 1000000ull;

	while (!*cond && dct_now_ns() < end)
		sd_event_run(dcd->event, 100000);
	assert_true(*cond);
}

static void test_sim_on_a_gpu(void **state)
{
	static const char *const members[] = { "Plug", "Unplug", "PulseIrq", "DropLink",
					       "Screenshot" };
	struct dcd_options opts = { .backend = DCD_BACKEND_SIM,
				    .socket_fd = -1,
				    .bus = DCD_BUS_SESSION };
	struct dct_bus bus;
	struct dcd *dcd;
	struct sim *sim;
	sd_bus *conn;
	char sock[128];

	assert_int_equal(dct_bus_start(&bus, NULL), 0);
	snprintf(sock, sizeof(sock), "%s/dcd.sock", bus.dir);
	opts.socket_path = sock;
	assert_int_equal(dcd_new(&opts, &dcd), 0);
	assert_int_equal(sd_bus_open_user(&conn), 0);
	assert_int_equal(sd_bus_attach_event(conn, dcd->event, 0), 0);
	run_until(dcd, &dcd->dbus->ready);

	/* as on a GPU: the engine has no simulator controls */
	sim = dcd->engine->sim;
	dcd->engine->sim = NULL;
	for (size_t i = 0; i < sizeof(members) / sizeof(members[0]); i++) {
		struct call c = { 0 };
		int r;

		if (!strcmp(members[i], "Plug"))
			r = sd_bus_call_method_async(conn, NULL, DCD_DBUS_NAME, DCD_DBUS_PATH,
						     DCD_DBUS_IFACE_SIM, members[i], on_reply, &c,
						     "says", "DP-2", 0, "");
		else if (!strcmp(members[i], "PulseIrq"))
			r = sd_bus_call_method_async(conn, NULL, DCD_DBUS_NAME, DCD_DBUS_PATH,
						     DCD_DBUS_IFACE_SIM, members[i], on_reply, &c,
						     "sy", "DP-1", 0);
		else
			r = sd_bus_call_method_async(conn, NULL, DCD_DBUS_NAME, DCD_DBUS_PATH,
						     DCD_DBUS_IFACE_SIM, members[i], on_reply, &c,
						     "s", "DP-1");
		assert_true(r >= 0);
		run_until(dcd, &c.done);
		printf("  Sim.%s: %s: %s\n", members[i], c.name, c.message);
		assert_string_equal(c.name, DCD_DBUS_ERROR_NOT_SUPPORTED);
		assert_non_null(strstr(c.message, "not the simulated engine"));
	}
	dcd->engine->sim = sim;

	sd_bus_flush_close_unref(conn);
	dcd_free(dcd);
	dct_bus_stop(&bus);
}

static void test_link_path(void **state)
{
	char path[96];

	dcd_dbus_link_path("HDMI-A-1", path, sizeof(path));
	assert_string_equal(path, "/org/dcd/Display1/link/HDMI_A_1");
	dcd_dbus_link_path("eDP-1", path, sizeof(path));
	assert_string_equal(path, "/org/dcd/Display1/link/eDP_1");
	/* cut, still a string */
	dcd_dbus_link_path("DVI-D-1", path, 26);
	assert_string_equal(path, "/org/dcd/Display1/link/DV");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_sim_on_a_gpu),
		cmocka_unit_test(test_link_path),
	};

	dcd_log_init(false);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
