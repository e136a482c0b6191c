/*
 * dcd's D-Bus service on a private bus (suite dbus): the Manager's
 * properties and methods, the Link objects and their PropertiesChanged,
 * leases (LeaseGranted, ListLeases, RevokeLease by root, by a member of the
 * configured admin group, refused to nobody; the lessee's LEASE_REVOKED),
 * GetEdid and ListLeases for admins only (serials, other users' processes),
 * Validate and Commit with their errors. Sim is in test_dbus_sim.c.
 *
 * Run as root (meson test as root, as `make check` is): the refused and the
 * group-admin callers are forked children that become nobody. Otherwise
 * those checks are skipped and said so.
 */
#include <errno.h>
#include <poll.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <zlib.h>

#include <cmocka.h>

#include "dbus_test.h"
#include "dc_edid.h"
#include "status_dict.h"

#define P_DP1  DBT_PATH "/link/DP_1"
#define P_HDMI DBT_PATH "/link/HDMI_A_1"
#define P_EDP  DBT_PATH "/link/eDP_1"
#define P_DP2  DBT_PATH "/link/DP_2"

struct fixture {
	struct dbt t;
	struct dcp_server_msg *msg;
	struct dcp_link_info *infos;
	/* test_lease_and_light's lessee, for test_revoke */
	struct dct_client *lessee;
	uint32_t lease;
	int dp1;
};

static int setup(void **state)
{
	struct fixture *f = calloc(1, sizeof(*f));

	assert_non_null(f);
	f->msg = malloc(sizeof(*f->msg));
	f->infos = calloc(DCP_MAX_LINKS, sizeof(*f->infos));
	assert_int_equal(dbt_start(&f->t, NULL), 0);
	*state = f;
	return 0;
}

static int teardown(void **state)
{
	struct fixture *f = *state;

	if (!f)
		return 0;
	/* dcd leaves cleanly (no leak under LeakSanitizer) after all of it. */
	assert_true(dct_daemon_alive(&f->t.d));
	assert_int_equal(dct_daemon_stop(&f->t.d), 0);
	dbt_stop(&f->t, false);
	free(f->infos);
	free(f->msg);
	free(f);
	return 0;
}

static void test_manager_properties(void **state)
{
	struct fixture *f = *state;
	struct dbt *t = &f->t;
	struct dct_client *c;
	sd_bus_message *m;
	char s[64];

	assert_string_equal(dbt_get_s(t, DBT_PATH, DBT_MANAGER, "Backend", s, sizeof(s)), "sim");
	assert_string_equal(dbt_get_s(t, DBT_PATH, DBT_MANAGER, "Asic", s, sizeof(s)), "Carrizo");
	assert_string_equal(dbt_get_s(t, DBT_PATH, DBT_MANAGER, "Version", s, sizeof(s)),
			    DCD_VERSION);
	assert_int_equal(dbt_get_u(t, DBT_PATH, DBT_MANAGER, "NLinks"), 4);
	assert_int_equal(dbt_get_u(t, DBT_PATH, DBT_MANAGER, "NLeases"), 0);
	/* dct_daemon_start's probe connection may still be on its way out */
	DCT_WAIT_UNTIL(dbt_get_u(t, DBT_PATH, DBT_MANAGER, "NClients") == 0, DCT_TIMEOUT_MS);
	assert_int_equal(dbt_get_u(t, DBT_PATH, DBT_MANAGER, "NClients"), 0);
	dbt_clear_signals(t);

	/* a socket client comes and goes: NClients follows, with PropertiesChanged */
	assert_int_equal(dct_connect(t->d.socket, "counted", &c), 0);
	assert_int_equal(dbt_get_u(t, DBT_PATH, DBT_MANAGER, "NClients"), 1);
	m = dbt_wait_signal(t, "PropertiesChanged", DBT_PATH, DBT_MANAGER, DCT_TIMEOUT_MS);
	assert_non_null(m);
	assert_true(dbt_properties_changed_has(m, "NClients"));
	sd_bus_message_unref(m);
	dct_close(c);
	DCT_WAIT_UNTIL(dbt_get_u(t, DBT_PATH, DBT_MANAGER, "NClients") == 0, DCT_TIMEOUT_MS);
	assert_int_equal(dbt_get_u(t, DBT_PATH, DBT_MANAGER, "NClients"), 0);
	/* read-only: Set is refused */
	assert_true(sd_bus_set_property(t->conn, DBT_NAME, DBT_PATH, DBT_MANAGER, "NLinks", NULL,
					"u", 7) < 0);
}

static void test_links(void **state)
{
	static const char *const names[] = { "DP-1", "HDMI-A-1", "eDP-1", "DP-2" };
	static const char *const paths[] = { P_DP1, P_HDMI, P_EDP, P_DP2 };
	static const char *const types[] = { "DP", "HDMI-A", "eDP", "DP" };
	struct dbt *t = &((struct fixture *)*state)->t;
	sd_bus_message *m;
	const char *name, *path;
	char s[64];
	unsigned n = 0;

	assert_int_equal(dbt_call(t, DBT_MANAGER, "ListLinks", &m, ""), 0);
	assert_int_equal(sd_bus_message_enter_container(m, 'a', "(so)"), 1);
	while (sd_bus_message_read(m, "(so)", &name, &path) > 0) {
		assert_true(n < 4);
		assert_string_equal(name, names[n]);
		assert_string_equal(path, paths[n]);
		assert_string_equal(dbt_get_s(t, path, DBT_LINK, "Name", s, sizeof(s)), names[n]);
		assert_string_equal(dbt_get_s(t, path, DBT_LINK, "Type", s, sizeof(s)), types[n]);
		n++;
	}
	assert_int_equal(n, 4);
	sd_bus_message_unref(m);
}

static void test_link_properties(void **state)
{
	struct dbt *t = &((struct fixture *)*state)->t;
	sd_bus_error e = SD_BUS_ERROR_NULL;
	sd_bus_message *m = NULL;
	uint32_t w, h, mhz;
	char s[64];

	assert_true(dbt_get_b(t, P_DP1, DBT_LINK, "Connected"));
	assert_string_equal(dbt_get_s(t, P_DP1, DBT_LINK, "Signal", s, sizeof(s)), "DP");
	assert_string_equal(dbt_get_s(t, P_DP1, DBT_LINK, "Manufacturer", s, sizeof(s)), "DCD");
	assert_string_equal(dbt_get_s(t, P_DP1, DBT_LINK, "MonitorName", s, sizeof(s)), "test DP");
	assert_int_equal(dbt_get_u(t, P_DP1, DBT_LINK, "ProductCode"), 1);
	assert_string_equal(dbt_get_s(t, P_HDMI, DBT_LINK, "Signal", s, sizeof(s)), "HDMI");
	assert_string_equal(dbt_get_s(t, P_EDP, DBT_LINK, "MonitorName", s, sizeof(s)),
			    "test panel");
	/* nothing lit yet: no mode, no link */
	assert_int_equal(
		sd_bus_get_property(t->conn, DBT_NAME, P_DP1, DBT_LINK, "Mode", &e, &m, "(uuu)"),
		0);
	assert_int_equal(sd_bus_message_read(m, "(uuu)", &w, &h, &mhz), 1);
	assert_true(w == 0 && h == 0 && mhz == 0);
	sd_bus_message_unref(m);
	assert_int_equal(dbt_get_u(t, P_DP1, DBT_LINK, "LinkRateMbps"), 0);
	assert_int_equal(dbt_get_u(t, P_DP1, DBT_LINK, "LaneCount"), 0);
	assert_int_equal(dbt_get_u(t, P_DP1, DBT_LINK, "Lease"), 0);
	/* the empty connector */
	assert_false(dbt_get_b(t, P_DP2, DBT_LINK, "Connected"));
	assert_string_equal(dbt_get_s(t, P_DP2, DBT_LINK, "Signal", s, sizeof(s)), "none");
	assert_string_equal(dbt_get_s(t, P_DP2, DBT_LINK, "Manufacturer", s, sizeof(s)), "");
	assert_string_equal(dbt_get_s(t, P_DP2, DBT_LINK, "MonitorName", s, sizeof(s)), "");
	assert_int_equal(dbt_get_u(t, P_DP2, DBT_LINK, "ProductCode"), 0);
	/* no such object */
	assert_true(sd_bus_get_property(t->conn, DBT_NAME, DBT_PATH "/link/DP_9", DBT_LINK, "Name",
					&e, &m, "s") < 0);
	sd_bus_error_free(&e);
}

/* GetModes equals the modes the socket protocol's LINK_INFO carries. */
static void check_modes(struct fixture *f, struct dct_client *c, const char *name)
{
	struct dbt *t = &f->t;
	const struct dcp_link_info *info = f->infos;
	sd_bus_message *m;
	uint32_t v[11];
	int preferred;
	unsigned n = 0, count = 0;

	assert_int_equal(dct_topology(c, f->infos, DCP_MAX_LINKS, &count), 0);
	while (info < f->infos + count && strcmp(info->name, name))
		info++;
	assert_true(info < f->infos + count);
	assert_true(info->mode_count > 1);
	assert_int_equal(dbt_call(t, DBT_MANAGER, "GetModes", &m, "s", name), 0);
	assert_int_equal(sd_bus_message_enter_container(m, 'a', "(uuuuuuuuuuub)"), 1);
	while (sd_bus_message_read(m, "(uuuuuuuuuuub)", &v[0], &v[1], &v[2], &v[3], &v[4], &v[5],
				   &v[6], &v[7], &v[8], &v[9], &v[10], &preferred) > 0) {
		const struct dcp_mode *w = &info->modes[n];

		assert_true(n < info->mode_count);
		assert_int_equal(v[0], w->info.hdisplay);
		assert_int_equal(v[1], w->info.vdisplay);
		assert_int_equal(v[2], w->refresh_mhz);
		assert_int_equal(v[3], w->info.clock);
		assert_int_equal(v[4], w->info.hsync_start);
		assert_int_equal(v[5], w->info.hsync_end);
		assert_int_equal(v[6], w->info.htotal);
		assert_int_equal(v[7], w->info.vsync_start);
		assert_int_equal(v[8], w->info.vsync_end);
		assert_int_equal(v[9], w->info.vtotal);
		assert_int_equal(v[10], w->info.flags);
		/* preferred first, and only the first */
		assert_int_equal(preferred, n == 0);
		n++;
	}
	assert_int_equal(n, info->mode_count);
	sd_bus_message_unref(m);
}

static void test_edid_and_modes(void **state)
{
	struct fixture *f = *state;
	struct dbt *t = &f->t;
	static const uint8_t header[8] = { 0, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0 };
	struct dct_client *c;
	struct dc_edid *edid;
	sd_bus_message *m;
	const void *bytes;
	size_t size;

	assert_int_equal(dbt_call(t, DBT_MANAGER, "GetEdid", &m, "s", "DP-1"), 0);
	assert_int_equal(sd_bus_message_read_array(m, 'y', &bytes, &size), 1);
	assert_true(size >= 128 && size % 128 == 0);
	assert_memory_equal(bytes, header, 8);
	assert_int_equal(dc_edid_parse(bytes, size, &edid), 0);
	assert_string_equal(edid->base.name, "test DP");
	dc_edid_destroy(edid);
	sd_bus_message_unref(m);
	/* nothing connected: empty, not an error */
	assert_int_equal(dbt_call(t, DBT_MANAGER, "GetEdid", &m, "s", "DP-2"), 0);
	assert_int_equal(sd_bus_message_read_array(m, 'y', &bytes, &size), 1);
	assert_int_equal(size, 0);
	sd_bus_message_unref(m);
	assert_int_equal(dbt_call(t, DBT_MANAGER, "GetModes", &m, "s", "DP-2"), 0);
	assert_int_equal(sd_bus_message_enter_container(m, 'a', "(uuuuuuuuuuub)"), 1);
	assert_int_equal(sd_bus_message_at_end(m, false), 1);
	sd_bus_message_unref(m);

	assert_int_equal(dct_connect(t->d.socket, "modes", &c), 0);
	check_modes(f, c, "DP-1");
	check_modes(f, c, "HDMI-A-1");
	dct_close(c);

	/* unknown links */
	assert_true(dbt_failed_with(t, dbt_call(t, DBT_MANAGER, "GetEdid", NULL, "s", "DP-9"),
				    DBT_ERR_NOT_FOUND));
	assert_non_null(strstr(t->error_message, "DP-1, HDMI-A-1, eDP-1, DP-2"));
	assert_true(dbt_failed_with(t, dbt_call(t, DBT_MANAGER, "GetModes", NULL, "s", ""),
				    DBT_ERR_NOT_FOUND));
	assert_true(dbt_failed_with(t,
				    dbt_call(t, DBT_MANAGER, "GetLinkStatus", NULL, "s", "HDMI-1"),
				    DBT_ERR_NOT_FOUND));
}

#define COMMON_KEYS "active,audio,connected,lease,mode,name,pixel_clock_khz,signal,type"
#define DP_KEYS                                                                 \
	"cr_tries,eq_tries,fallbacks,lane_count,link_rate_mbps,max_lane_count," \
	"max_link_rate_mbps,pre_emphasis,training_result,voltage_swing"
#define RESOURCE_KEYS                                                                        \
	"clock_source,dmif_hiding_ns,line_time_ns,link_encoder,nbp_hidden,nbp_watermark_ns," \
	"pipe,planes,stream_encoder,stutter,stutter_exit_watermark_ns,timing_generator,"     \
	"urgent_watermark_ns"

static sd_bus_message *link_status(struct dbt *t, const char *link)
{
	sd_bus_message *m = NULL;

	assert_int_equal(dbt_call(t, DBT_MANAGER, "GetLinkStatus", &m, "s", link), 0);
	return m;
}

static void test_link_status_idle(void **state)
{
	struct dbt *t = &((struct fixture *)*state)->t;
	sd_bus_message *m;
	char keys[1024], s[64];
	uint32_t mode[3];

	m = link_status(t, "DP-1");
	status_keys(m, keys, sizeof(keys));
	/* sorted: the common and DP keys interleave */
	assert_string_equal(keys, "active,audio,connected,cr_tries,eq_tries,fallbacks,lane_count,"
				  "lease,link_rate_mbps,max_lane_count,max_link_rate_mbps,mode,"
				  "name,pixel_clock_khz,pre_emphasis,signal,training_result,type,"
				  "voltage_swing");
	assert_false(status_b(m, "active"));
	assert_true(status_b(m, "connected"));
	assert_string_equal(status_s(m, "signal", s, sizeof(s)), "DP");
	/* the link was trained once at detection to verify it (docs/dc.md) */
	assert_int_equal(status_u(m, "max_link_rate_mbps"), 2700);
	assert_int_equal(status_u(m, "max_lane_count"), 4);
	assert_string_equal(status_s(m, "training_result", s, sizeof(s)), "ok");
	assert_int_equal(status_u(m, "link_rate_mbps"), 0);
	assert_true(status_mode(m, "mode", mode));
	assert_true(mode[0] == 0 && mode[1] == 0 && mode[2] == 0);
	assert_string_equal(status_type(m, "voltage_swing"), "au");
	sd_bus_message_unref(m);

	m = link_status(t, "HDMI-A-1");
	status_keys(m, keys, sizeof(keys));
	assert_string_equal(keys, "active,audio,connected,hdmi_scrambling,lease,mode,name,"
				  "pixel_clock_khz,signal,type");
	assert_false(status_b(m, "hdmi_scrambling"));
	sd_bus_message_unref(m);

	m = link_status(t, "DP-2");
	assert_false(status_b(m, "connected"));
	assert_string_equal(status_s(m, "signal", s, sizeof(s)), "none");
	assert_string_equal(status_s(m, "training_result", s, sizeof(s)), "none");
	sd_bus_message_unref(m);
}

/* A lessee lights DP-1: lease, commit, the properties, status and signals that follow. */
static void test_lease_and_light(void **state)
{
	struct fixture *f = *state;
	struct dbt *t = &f->t;
	struct dct_client *c;
	sd_bus_message *m;
	uint32_t lease, mode[3], id, pid, uid;
	const char *client, *link;
	char keys[1024], s[64];
	int dp1;

	dbt_clear_signals(t);
	assert_int_equal(dct_connect(t->d.socket, "lessee", &c), 0);
	dp1 = dct_link_id(c, "DP-1");
	assert_true(dp1 >= 0);
	assert_int_equal(dct_lease(c, (uint32_t[]){ (uint32_t)dp1 }, 1, &lease), 0);

	m = dbt_wait_signal(t, "LeaseGranted", DBT_PATH, NULL, DCT_TIMEOUT_MS);
	assert_non_null(m);
	assert_int_equal(sd_bus_message_read(m, "us", &id, &client), 1);
	assert_int_equal(id, lease);
	assert_string_equal(client, "lessee");
	assert_int_equal(sd_bus_message_enter_container(m, 'a', "s"), 1);
	assert_int_equal(sd_bus_message_read(m, "s", &link), 1);
	assert_string_equal(link, "DP-1");
	assert_int_equal(sd_bus_message_at_end(m, false), 1);
	sd_bus_message_unref(m);
	assert_int_equal(dbt_get_u(t, P_DP1, DBT_LINK, "Lease"), lease);
	assert_int_equal(dbt_get_u(t, DBT_PATH, DBT_MANAGER, "NLeases"), 1);

	assert_int_equal(dbt_call(t, DBT_MANAGER, "ListLeases", &m, ""), 0);
	assert_int_equal(sd_bus_message_enter_container(m, 'a', "(uuusass)"), 1);
	assert_int_equal(sd_bus_message_enter_container(m, 'r', "uuusass"), 1);
	assert_int_equal(sd_bus_message_read(m, "uuus", &id, &pid, &uid, &client), 1);
	assert_int_equal(id, lease);
	assert_int_equal(pid, getpid());
	assert_int_equal(uid, geteuid());
	assert_string_equal(client, "lessee");
	assert_int_equal(sd_bus_message_enter_container(m, 'a', "s"), 1);
	assert_int_equal(sd_bus_message_read(m, "s", &link), 1);
	assert_string_equal(link, "DP-1");
	assert_int_equal(sd_bus_message_exit_container(m), 1);
	assert_int_equal(sd_bus_message_read(m, "s", &link), 1);
	assert_string_equal(link, "dcd"); /* the kind: flips through dcd */
	sd_bus_message_unref(m);

	/* lit: Mode and the trained link, announced */
	assert_int_equal(
		dct_commit_one(c, (uint32_t)dp1, NULL, 0, DCP_COMMIT_ALLOW_MODESET, f->msg), 0);
	assert_true(dbt_link_status_is(t, "DP-1", "mode"));
	m = dbt_wait_signal(t, "PropertiesChanged", P_DP1, DBT_LINK, DCT_TIMEOUT_MS);
	assert_non_null(m);
	while (m && !dbt_properties_changed_has(m, "Mode")) {
		sd_bus_message_unref(m);
		m = dbt_wait_signal(t, "PropertiesChanged", P_DP1, DBT_LINK, DCT_TIMEOUT_MS);
	}
	assert_non_null(m);
	assert_true(dbt_properties_changed_has(m, "LinkRateMbps"));
	sd_bus_message_unref(m);
	assert_int_equal(dbt_get_u(t, P_DP1, DBT_LINK, "LinkRateMbps"), 2700);
	assert_int_equal(dbt_get_u(t, P_DP1, DBT_LINK, "LaneCount"), 4);

	m = link_status(t, "DP-1");
	status_keys(m, keys, sizeof(keys));
	assert_string_equal(keys,
			    "active,audio,clock_source,connected,cr_tries,dmif_hiding_ns,eq_tries,"
			    "fallbacks,lane_count,lease,line_time_ns,link_encoder,link_rate_mbps,"
			    "max_lane_count,max_link_rate_mbps,mode,name,nbp_hidden,"
			    "nbp_watermark_ns,pipe,pixel_clock_khz,planes,pre_emphasis,signal,"
			    "stream_encoder,stutter,stutter_exit_watermark_ns,timing_generator,"
			    "training_result,type,urgent_watermark_ns,voltage_swing");
	assert_true(status_b(m, "active"));
	assert_int_equal(status_u(m, "lease"), lease);
	assert_true(status_mode(m, "mode", mode));
	assert_int_equal(mode[0], 720);
	assert_int_equal(mode[1], 480);
	assert_int_equal(mode[2], 59940);
	assert_int_equal(status_u(m, "pixel_clock_khz"), 27000);
	assert_int_equal(status_u(m, "link_rate_mbps"), 2700);
	assert_int_equal(status_u(m, "lane_count"), 4);
	assert_true(status_i(m, "pipe") >= 0);
	assert_true(status_i(m, "link_encoder") >= 0);
	assert_string_equal(status_s(m, "clock_source", s, sizeof(s)), "DP DTO");
	/* no framebuffer committed: no plane */
	assert_string_equal(status_strv(m, "planes", s, sizeof(s)), "");
	/* watermarks: one line of 858 pixels at 27 MHz is 31777.8 ns; nothing fetched */
	assert_int_equal(status_u(m, "line_time_ns"), 31778);
	assert_true(status_u(m, "urgent_watermark_ns") > 4000); /* Carrizo's urgent latency */
	assert_int_equal(status_u(m, "dmif_hiding_ns"), UINT32_MAX);
	assert_true(status_b(m, "stutter"));
	sd_bus_message_unref(m);

	/* the lessee stays for test_revoke */
	f->lessee = c;
	f->lease = lease;
	f->dp1 = dp1;
}

static int revoke_as_child(sd_bus *bus, void *data)
{
	sd_bus_error e = SD_BUS_ERROR_NULL;
	int r = sd_bus_call_method(bus, DBT_NAME, DBT_PATH, DBT_MANAGER, "RevokeLease", &e, NULL,
				   "us", *(uint32_t *)data, "from a test child");

	return dbt_exit_code(r, &e);
}

/* A read-only admin method (member, with a link name or none) as a child. */
static int admin_read_as_child(sd_bus *bus, void *data)
{
	sd_bus_error e = SD_BUS_ERROR_NULL;
	const char *member = data;
	int r = !strcmp(member, "GetEdid")
			? sd_bus_call_method(bus, DBT_NAME, DBT_PATH, DBT_MANAGER, member, &e, NULL,
					     "s", "DP-1")
			: sd_bus_call_method(bus, DBT_NAME, DBT_PATH, DBT_MANAGER, member, &e, NULL,
					     "");

	return dbt_exit_code(r, &e);
}

/* A monitor's serial (GetEdid) and other users' processes (ListLeases): admins only. */
static void test_admin_reads(void **state)
{
	const gid_t admin[1] = { DBT_ADMIN_GID };
	static const char *const members[] = { "GetEdid", "ListLeases" };
	static gid_t many[100];

	if (!dbt_root())
		skip(); /* callers of other credentials are forked children that need root */
	/* the admin group as the 81st of 100: the bus's whole list is read */
	for (unsigned i = 0; i < 100; i++)
		many[i] = 5000 + i;
	many[80] = DBT_ADMIN_GID;
	assert_int_equal(dbt_as(DBT_NOBODY, many, 100, admin_read_as_child, (char *)"ListLeases"),
			 0);
	for (unsigned i = 0; i < 2; i++) {
		char *member = (char *)members[i];

		/* nobody: AccessDenied from dcd itself (the private bus lets anyone call) */
		assert_int_equal(dbt_as(DBT_NOBODY, NULL, 0, admin_read_as_child, member), 3);
		/* a member of the configured admin group, as root */
		assert_int_equal(dbt_as(DBT_NOBODY, admin, 1, admin_read_as_child, member), 0);
	}
	(void)state;
}

static void test_revoke(void **state)
{
	struct fixture *f = *state;
	struct dbt *t = &f->t;
	struct dct_client *c = f->lessee, *c2;
	uint32_t lease = f->lease, lease2;
	const gid_t admin[1] = { DBT_ADMIN_GID };
	int dp1 = f->dp1;

	assert_non_null(c);
	f->lessee = NULL;
	if (dbt_root()) {
		/* nobody is no admin: AccessDenied, and the lease stays */
		assert_int_equal(dbt_as(DBT_NOBODY, NULL, 0, revoke_as_child, &lease), 3);
		assert_int_equal(dbt_get_u(t, DBT_PATH, DBT_MANAGER, "NLeases"), 1);
	} else {
		print_message("not root: the refusal to nobody is not checked\n");
	}
	assert_true(dbt_failed_with(
		t, dbt_call(t, DBT_MANAGER, "RevokeLease", NULL, "us", 999, "no such lease"),
		DBT_ERR_NOT_FOUND));

	/* root revokes: the lessee is told why, the bus too */
	dbt_clear_signals(t);
	assert_int_equal(dbt_call(t, DBT_MANAGER, "RevokeLease", NULL, "us", lease, "maintenance"),
			 0);
	assert_int_equal(dct_wait_event(c, DCP_EVENT_LEASE_REVOKED, f->msg, DCT_TIMEOUT_MS), 0);
	assert_int_equal(f->msg->lease_revoked.lease_id, lease);
	assert_int_equal(f->msg->lease_revoked.reason, DCP_REVOKE_ADMIN);
	printf("  the lessee reads: %s\n", f->msg->lease_revoked.text);
	assert_non_null(strstr(f->msg->lease_revoked.text, "revoked by uid 0"));
	assert_non_null(strstr(f->msg->lease_revoked.text, ": maintenance"));
	assert_true(dbt_lease_ended_is(t, lease, "revoked"));
	assert_int_equal(dbt_get_u(t, P_DP1, DBT_LINK, "Lease"), 0);
	assert_int_equal(dbt_get_u(t, DBT_PATH, DBT_MANAGER, "NLeases"), 0);
	assert_true(dbt_failed_with(t,
				    dbt_call(t, DBT_MANAGER, "RevokeLease", NULL, "us", lease, ""),
				    DBT_ERR_NOT_FOUND));

	/* a member of the configured admin group may; a release says "released" */
	assert_int_equal(dct_connect(t->d.socket, "lessee-2", &c2), 0);
	assert_int_equal(dct_lease(c2, (uint32_t[]){ (uint32_t)dp1 }, 1, &lease2), 0);
	if (dbt_root()) {
		assert_int_equal(dbt_as(DBT_NOBODY, admin, 1, revoke_as_child, &lease2), 0);
		assert_int_equal(
			dct_wait_event(c2, DCP_EVENT_LEASE_REVOKED, f->msg, DCT_TIMEOUT_MS), 0);
		assert_non_null(strstr(f->msg->lease_revoked.text, "revoked by uid 65534"));
	} else {
		assert_int_equal(dbt_call(t, DBT_MANAGER, "RevokeLease", NULL, "us", lease2, ""),
				 0);
	}
	assert_int_equal(dbt_get_u(t, DBT_PATH, DBT_MANAGER, "NLeases"), 0);
	dbt_clear_signals(t);
	dct_close(c2);
	assert_int_equal(dct_lease(c, (uint32_t[]){ (uint32_t)dp1 }, 1, &lease2), 0);
	dct_close(c);
	assert_true(dbt_lease_ended_is(t, lease2, "client-gone"));
}

/* Calls Validate or Commit with one output: link -> { key: value, ... } (keys NULL-ended). */
static int configure(struct dbt *t, const char *member, const char *link, ...)
{
	sd_bus_error e = SD_BUS_ERROR_NULL;
	sd_bus_message *m = NULL, *reply = NULL;
	const char *key;
	va_list ap;
	int r;

	r = sd_bus_message_new_method_call(t->conn, &m, DBT_NAME, DBT_PATH, DBT_MANAGER, member);
	assert_true(r >= 0);
	assert_true(sd_bus_message_open_container(m, 'a', "{sa{sv}}") >= 0);
	assert_true(sd_bus_message_open_container(m, 'e', "sa{sv}") >= 0);
	assert_true(sd_bus_message_append(m, "s", link) >= 0);
	assert_true(sd_bus_message_open_container(m, 'a', "{sv}") >= 0);
	va_start(ap, link);
	while ((key = va_arg(ap, const char *))) {
		const char *type = va_arg(ap, const char *);

		assert_true(sd_bus_message_open_container(m, 'e', "sv") >= 0);
		assert_true(sd_bus_message_append(m, "s", key) >= 0);
		if (!strcmp(type, "s"))
			r = sd_bus_message_append(m, "v", "s", va_arg(ap, const char *));
		else if (!strcmp(type, "b"))
			r = sd_bus_message_append(m, "v", "b", va_arg(ap, int));
		else
			r = sd_bus_message_append(m, "v", "u", va_arg(ap, uint32_t));
		assert_true(r >= 0);
		assert_true(sd_bus_message_close_container(m) >= 0);
	}
	va_end(ap);
	for (int i = 0; i < 3; i++)
		assert_true(sd_bus_message_close_container(m) >= 0);
	r = sd_bus_call(t->conn, m, 0, &e, &reply);
	snprintf(t->error_name, sizeof(t->error_name), "%s", e.name ? e.name : "");
	snprintf(t->error_message, sizeof(t->error_message), "%s", e.message ? e.message : "");
	if (r < 0)
		printf("  %s %s: %s: %s\n", member, link, t->error_name, t->error_message);
	sd_bus_error_free(&e);
	sd_bus_message_unref(reply);
	sd_bus_message_unref(m);
	return r < 0 ? r : 0;
}

static void mode_of(struct dbt *t, const char *path, uint32_t mode[3])
{
	sd_bus_error e = SD_BUS_ERROR_NULL;
	sd_bus_message *m = NULL;

	assert_int_equal(
		sd_bus_get_property(t->conn, DBT_NAME, path, DBT_LINK, "Mode", &e, &m, "(uuu)"), 0);
	assert_int_equal(sd_bus_message_read(m, "(uuu)", &mode[0], &mode[1], &mode[2]), 1);
	sd_bus_message_unref(m);
}

static int commit_as_child(sd_bus *bus, void *data)
{
	sd_bus_error e = SD_BUS_ERROR_NULL;
	int r = sd_bus_call_method(bus, DBT_NAME, DBT_PATH, DBT_MANAGER, "Commit", &e, NULL,
				   "a{sa{sv}}", 1, "HDMI-A-1", 1, "enabled", "b", 0);

	return dbt_exit_code(r, &e);
}

static void test_validate_commit(void **state)
{
	struct fixture *f = *state;
	struct dbt *t = &f->t;
	struct dct_client *c;
	sd_bus_message *m;
	uint32_t mode[3], crc;
	const void *png;
	size_t size;
	int dp1;

	/* Validate changes nothing */
	assert_int_equal(configure(t, "Validate", "HDMI-A-1", "mode", "s", "1280x720@60", "color",
				   "u", 0x102040u, NULL),
			 0);
	mode_of(t, P_HDMI, mode);
	assert_int_equal(mode[0], 0);
	/* Commit makes it so */
	assert_int_equal(configure(t, "Commit", "HDMI-A-1", "mode", "s", "1280x720@60", "color",
				   "u", 0x102040u, NULL),
			 0);
	mode_of(t, P_HDMI, mode);
	assert_int_equal(mode[0], 1280);
	assert_int_equal(mode[1], 720);
	assert_int_equal(mode[2], 60000);
	/* and the screen shows the color: the screenshot's CRC is that of a plain frame */
	assert_int_equal(dbt_call(t, DBT_SIM, "Screenshot", &m, "s", "HDMI-A-1"), 0);
	assert_int_equal(sd_bus_message_read_array(m, 'y', &png, &size), 1);
	assert_int_equal(sd_bus_message_read(m, "u", &crc), 1);
	assert_true(size > 33);
	assert_memory_equal(png, "\x89PNG\r\n\x1a\n", 8);
	{
		static uint8_t row[1280 * 3];
		uLong want = crc32(0, NULL, 0);

		for (unsigned x = 0; x < 1280; x++)
			memcpy(&row[x * 3], "\x10\x20\x40", 3);
		for (unsigned y = 0; y < 720; y++)
			want = crc32(want, row, sizeof(row));
		assert_int_equal(crc, (uint32_t)want);
	}
	sd_bus_message_unref(m);
	/* without a mode the current timing stays; preferred is the monitor's first */
	assert_int_equal(configure(t, "Commit", "HDMI-A-1", "color", "u", 0u, NULL), 0);
	mode_of(t, P_HDMI, mode);
	assert_int_equal(mode[0], 1280);
	assert_int_equal(configure(t, "Commit", "HDMI-A-1", "mode", "s", "preferred", NULL), 0);
	mode_of(t, P_HDMI, mode);
	assert_int_equal(mode[0], 720);

	/* errors, each with its sentence */
	assert_true(
		dbt_failed_with(t, configure(t, "Validate", "HDMI-A-9", NULL), DBT_ERR_NOT_FOUND));
	assert_true(dbt_failed_with(t, configure(t, "Validate", "DP-2", NULL), DBT_ERR_NOT_FOUND));
	assert_non_null(strstr(t->error_message, "no monitor"));
	assert_true(dbt_failed_with(
		t, configure(t, "Validate", "HDMI-A-1", "mode", "s", "3840x2160", NULL),
		DBT_ERR_INVALID));
	assert_true(dbt_failed_with(t, configure(t, "Commit", "HDMI-A-1", "mode", "s", "big", NULL),
				    DBT_ERR_INVALID));
	assert_true(dbt_failed_with(t, configure(t, "Commit", "HDMI-A-1", "colour", "u", 1u, NULL),
				    DBT_ERR_INVALID));
	assert_true(dbt_failed_with(t, configure(t, "Commit", "HDMI-A-1", "mode", "u", 60u, NULL),
				    DBT_ERR_INVALID));
	assert_true(dbt_failed_with(
		t, configure(t, "Commit", "HDMI-A-1", "color", "u", 0x01000000u, NULL),
		DBT_ERR_INVALID));
	assert_true(dbt_failed_with(t, dbt_call(t, DBT_MANAGER, "Commit", NULL, "a{sa{sv}}", 0),
				    DBT_ERR_INVALID));
	/* what was refused changed nothing */
	mode_of(t, P_HDMI, mode);
	assert_int_equal(mode[0], 720);

	/* a leased output is the lessee's */
	assert_int_equal(dct_connect(t->d.socket, "holder", &c), 0);
	dp1 = dct_link_id(c, "DP-1");
	assert_int_equal(dct_lease(c, (uint32_t[]){ (uint32_t)dp1 }, 1, &mode[0]), 0);
	assert_true(dbt_failed_with(t, configure(t, "Commit", "DP-1", "color", "u", 1u, NULL),
				    DBT_ERR_BUSY));
	dct_close(c);

	/* nobody may not */
	if (dbt_root())
		assert_int_equal(dbt_as(DBT_NOBODY, NULL, 0, commit_as_child, NULL), 3);
	mode_of(t, P_HDMI, mode);
	assert_int_equal(mode[0], 720);
	/* switched off */
	assert_int_equal(configure(t, "Commit", "HDMI-A-1", "enabled", "b", 0, NULL), 0);
	mode_of(t, P_HDMI, mode);
	assert_int_equal(mode[0], 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_manager_properties),
		cmocka_unit_test(test_links),
		cmocka_unit_test(test_link_properties),
		cmocka_unit_test(test_edid_and_modes),
		cmocka_unit_test(test_link_status_idle),
		cmocka_unit_test(test_lease_and_light),
		cmocka_unit_test(test_revoke),
		cmocka_unit_test(test_admin_reads),
		cmocka_unit_test(test_validate_commit),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
