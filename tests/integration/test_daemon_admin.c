/*
 * The admin functions of daemon/admin.h, the ones the D-Bus service will
 * call, on a dcd running in this process (its sd-event loop pumped here)
 * with protocol clients on its socket: link information, EDID, modes,
 * status, the lease list, revoking a lease, a configuration as admin, and
 * the simulator's plug, unplug and screenshot with the HOTPLUG events
 * clients see. Also the edges only an in-process test reaches: engine
 * callbacks and handlers given links out of range, DC's errno carried to
 * the ERROR, and who is admin or may lease with many groups or only a
 * primary group (forked peers with other credentials; needs root).
 */
#include <errno.h>
#include <grp.h>
#include <limits.h>
#include <poll.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cmocka.h>
#include <drm_fourcc.h>

#include "admin.h"
#include "dct.h"
#include "sim.h"

struct fixture {
	char dir[64], socket[128], scenario[128], config[128];
	struct dcd *dcd;
	struct dcp_server_msg *msg;
	struct dcp_link_info *info;
};

/* Runs the daemon's loop until the client has a message (or timeout_ms). */
static int pump_next(struct fixture *f, struct dct_client *c, int timeout_ms)
{
	uint64_t end = dct_now_ns() + (uint64_t)timeout_ms * 1000000ull;

	while (dct_now_ns() < end) {
		int r = dct_next(c, f->msg, 0);

		if (r != -ETIMEDOUT)
			return r;
		sd_event_run(f->dcd->event, 10000);
	}
	return -ETIMEDOUT;
}

/* The next message of opcode, the loop pumped meanwhile. */
static int pump_event(struct fixture *f, struct dct_client *c, uint16_t opcode, int timeout_ms)
{
	uint64_t end = dct_now_ns() + (uint64_t)timeout_ms * 1000000ull;
	int r;

	do {
		r = pump_next(f, c, timeout_ms);
		if (r >= 0 && f->msg->hdr.opcode == opcode)
			return 0;
	} while (r >= 0 && dct_now_ns() < end);
	return r < 0 ? r : -ETIMEDOUT;
}

/* Sends a request and pumps until its answer: 0 or the ERROR's status. */
static int pump_call(struct fixture *f, struct dct_client *c, uint16_t opcode, const void *body,
		     int fd)
{
	int serial = dct_send(c, opcode, 0, body, fd);
	int r;

	if (serial < 0)
		return serial;
	for (;;) {
		r = pump_next(f, c, DCT_TIMEOUT_MS);
		if (r < 0)
			return r;
		if (f->msg->hdr.serial == (uint32_t)serial && !DCP_OPCODE_EVENT(f->msg->hdr.opcode))
			return f->msg->hdr.opcode == DCP_REPLY_ERROR ? f->msg->error.status : 0;
	}
}

static struct dct_client *pump_connect(struct fixture *f, const char *name)
{
	struct dcp_hello hello = { .major = 1 };
	struct dct_client *c;

	snprintf(hello.name, sizeof(hello.name), "%s", name);
	assert_int_equal(dct_connect_raw(f->socket, &c), 0);
	assert_int_equal(pump_call(f, c, DCP_REQ_HELLO, &hello, -1), 0);
	return c;
}

/* A 4K60 monitor behind 2 lanes of HBR (4.32 Gbit/s; 4K60 needs 14.26). */
// clang-format off
static const char scenario_narrow_dp[] =
"{ \"asic\": \"carrizo\", \"clock\": \"real\", \"connectors\": [\n"
"  { \"name\": \"DP-1\", \"type\": \"DP\", \"hpd\": 1, \"ddc\": 1, \"aux\": 1, \"encoder\": 0,\n"
"    \"display\": { \"edid\": { \"name\": \"narrow DP\", \"preferred\": \"cta-4k60\",\n"
"      \"modes\": [ \"cta-4k30\", \"cta-1080p60\" ] }, \"dp\": { \"max_rate\": \"HBR\", \"max_lanes\": 2 } } }\n"
"] }\n";
// clang-format on

/* Writes text to dir/name, the path in path. */
static void write_file(const char *dir, const char *name, const char *text, char *path, size_t size)
{
	FILE *fp;

	snprintf(path, size, "%s/%s", dir, name);
	fp = fopen(path, "w");
	assert_non_null(fp);
	fputs(text, fp);
	fclose(fp);
}

static int setup_scenario_config(void **state, const char *scenario, const char *config)
{
	struct fixture *f = calloc(1, sizeof(*f));
	struct dcd_options opts = { .backend = DCD_BACKEND_SIM,
				    .socket_fd = -1,
				    .bus = DCD_BUS_NONE };

	assert_non_null(f);
	snprintf(f->dir, sizeof(f->dir), "/tmp/dcd-admin-XXXXXX");
	assert_non_null(mkdtemp(f->dir));
	snprintf(f->socket, sizeof(f->socket), "%s/dcd.sock", f->dir);
	write_file(f->dir, "scenario.json", scenario, f->scenario, sizeof(f->scenario));
	opts.scenario = f->scenario;
	if (config) {
		write_file(f->dir, "dcd.json", config, f->config, sizeof(f->config));
		opts.config_path = f->config;
	}
	opts.socket_path = f->socket;
	opts.state_dir = f->dir;
	dcd_log_init(getenv("DCT_PRINT_LOG") != NULL);
	assert_int_equal(dcd_new(&opts, &f->dcd), 0);
	f->msg = malloc(sizeof(*f->msg));
	f->info = malloc(sizeof(*f->info));
	*state = f;
	return 0;
}

static int setup(void **state)
{
	return setup_scenario_config(state, dct_scenario_small, NULL);
}

static int setup_narrow_dp(void **state)
{
	return setup_scenario_config(state, scenario_narrow_dp, NULL);
}

/* Group 4242 is admin and may lease; uid 65534 alone is neither. */
#define TEST_GROUP 4242
static int setup_group(void **state)
{
	return setup_scenario_config(state, dct_scenario_small,
				     "{ \"admin\": { \"groups\": [ 4242 ] }, "
				     "\"lease\": { \"groups\": [ 4242 ] } }");
}

static int teardown(void **state)
{
	struct fixture *f = *state;
	char path[192];

	dcd_free(f->dcd);
	snprintf(path, sizeof(path), "%s/sim-state", f->dir);
	unlink(path);
	unlink(f->scenario);
	if (f->config[0])
		unlink(f->config);
	snprintf(path, sizeof(path), "%s/shot.png", f->dir);
	unlink(path);
	snprintf(path, sizeof(path), "%s/dcd-state.json", f->dir);
	unlink(path);
	rmdir(f->dir);
	free(f->msg);
	free(f->info);
	free(f);
	return 0;
}

static void test_links(void **state)
{
	struct fixture *f = *state;
	const struct dc_mode *modes;
	struct dc_link_status st;
	const uint8_t *edid;
	size_t size, count;
	int dp1 = dcd_admin_link_by_name(f->dcd, "DP-1"),
	    dp2 = dcd_admin_link_by_name(f->dcd, "DP-2");

	assert_int_equal(dcd_admin_link_count(f->dcd), 4);
	assert_true(dp1 >= 0 && dp2 >= 0);
	assert_int_equal(dcd_admin_link_by_name(f->dcd, "VGA-1"), -ENOENT);
	assert_int_equal(dcd_admin_link_info(f->dcd, (unsigned)dp1, f->info), 0);
	assert_string_equal(f->info->name, "DP-1");
	assert_int_equal(f->info->connection, DCP_CONNECTED);
	assert_string_equal(f->info->sink.name, "test DP");
	assert_int_equal(f->info->sink.serial, 11);
	assert_int_equal(f->info->lease_state, DCP_LEASE_FREE);
	assert_int_equal(dcd_admin_link_edid(f->dcd, (unsigned)dp1, &edid, &size), 0);
	assert_true(size >= 128 && size % 128 == 0);
	assert_int_equal(edid[1], 0xff); /* the EDID header */
	assert_int_equal(dcd_admin_link_modes(f->dcd, (unsigned)dp1, &modes, &count), 0);
	assert_true(count >= 2);
	assert_int_equal(modes[0].info.hdisplay, 720); /* the preferred one first */
	assert_int_equal(dcd_admin_link_status(f->dcd, (unsigned)dp1, &st), 0);
	assert_true(st.connected);
	assert_int_equal(st.signal, DC_SIGNAL_DP);
	/* the empty connector */
	assert_int_equal(dcd_admin_link_edid(f->dcd, (unsigned)dp2, &edid, &size), -ENOENT);
	assert_int_equal(dcd_admin_link_info(f->dcd, 9, f->info), -ENOENT);
}

static void test_revoke(void **state)
{
	struct fixture *f = *state;
	struct dct_client *c = pump_connect(f, "lessee");
	struct dcp_lease_request lr = { .link_count = 1 };
	struct dcp_flip fl = { .flags = DCP_FLIP_VSYNC, .user_data = 9 };
	struct dcd_admin_lease leases[4];
	struct dcp_error err;
	uint32_t fbs[2];
	int serial;

	lr.links[0] = (uint32_t)dcd_admin_link_by_name(f->dcd, "HDMI-A-1");
	assert_int_equal(pump_call(f, c, DCP_REQ_LEASE_REQUEST, &lr, -1), 0);
	assert_int_equal(dcd_admin_leases(f->dcd, leases, 4), 1);
	assert_int_equal(leases[0].links, 1u << lr.links[0]);
	assert_string_equal(leases[0].client_name, "lessee");
	assert_int_equal(leases[0].uid, geteuid());
	for (unsigned i = 0; i < 2; i++) {
		struct dcp_fb_create fb = { .format = DRM_FORMAT_XRGB8888,
					    .modifier = DRM_FORMAT_MOD_LINEAR,
					    .width = 720,
					    .height = 480,
					    .pitches = { 3072 } };
		int fd = dct_memfd(3072 * 480, true);

		assert_int_equal(pump_call(f, c, DCP_REQ_FB_CREATE, &fb, fd), 0);
		close(fd);
		fbs[i] = f->msg->fb_created.fb_id;
	}
	{
		static struct dcp_config cfg;

		cfg = (struct dcp_config){ .flags = DCP_COMMIT_ALLOW_MODESET | DCP_COMMIT_NONBLOCK,
					   .output_count = 1 };
		cfg.outputs[0] = (struct dcp_output_config){
			.link = lr.links[0],
			.flags = DCP_OUTPUT_ENABLED | DCP_OUTPUT_PRIMARY,
			.bpc = 8,
			.primary = { .fb_id = fbs[0],
				     .src_w = 720 << 16,
				     .src_h = 480 << 16,
				     .dst_w = 720,
				     .dst_h = 480 },
		};
		dct_mode_480p(&cfg.outputs[0].mode);
		assert_int_equal(pump_call(f, c, DCP_REQ_COMMIT, &cfg, -1), 0);
	}
	/* a flip pending when the admin revokes: it is cancelled */
	fl.link = lr.links[0];
	fl.fb_id = fbs[1];
	serial = dct_send(c, DCP_REQ_FLIP, 0, &fl, -1);
	assert_true(serial > 0);
	sd_event_run(f->dcd->event, 0);
	assert_int_equal(dcd_admin_revoke(f->dcd, 12345, DCP_REVOKE_ADMIN, "x", &err), -ENOENT);
	assert_int_equal(dcd_admin_revoke(f->dcd, leases[0].id, DCP_REVOKE_ADMIN,
					  "revoked by uid 0 through D-Bus", &err),
			 0);
	assert_int_equal(dcd_admin_leases(f->dcd, leases, 4), 0);
	assert_int_equal(pump_event(f, c, DCP_EVENT_LEASE_REVOKED, DCT_TIMEOUT_MS), 0);
	assert_int_equal(f->msg->lease_revoked.reason, DCP_REVOKE_ADMIN);
	assert_string_equal(f->msg->lease_revoked.text, "revoked by uid 0 through D-Bus");
	/* exactly one answer for the FLIP: ECANCELED (or FLIP_DONE had it latched first) */
	for (;;) {
		assert_true(pump_next(f, c, DCT_TIMEOUT_MS) >= 0);
		if (f->msg->hdr.serial == (uint32_t)serial)
			break;
	}
	if (f->msg->hdr.opcode == DCP_REPLY_ERROR) {
		assert_int_equal(f->msg->error.status, -ECANCELED);
		assert_int_equal(f->msg->error.reason, DCP_REASON_CANCELLED);
	} else {
		assert_int_equal(f->msg->hdr.opcode, DCP_EVENT_FLIP_DONE);
	}
	/* the output shows the idle picture: timing kept, no plane */
	assert_int_equal(dcd_admin_link_info(f->dcd, lr.links[0], f->info), 0);
	assert_true(f->info->active);
	assert_int_equal(f->info->lease_state, DCP_LEASE_FREE);
	assert_false(f->dcd->outputs[lr.links[0]].scanout);
	/* and the client may not flip there any more */
	assert_int_equal(pump_call(f, c, DCP_REQ_FLIP, &fl, -1), -EACCES);
	dct_close(c);
	sd_event_run(f->dcd->event, 10000);
}

static void test_admin_commit(void **state)
{
	struct fixture *f = *state;
	struct dct_client *observer = pump_connect(f, "observer");
	struct dct_client *lessee = pump_connect(f, "holder");
	struct dcp_lease_request lr = { .link_count = 1 };
	static struct dcp_config cfg;
	struct dcp_error err;
	char path[192];
	struct stat st;
	uint32_t crc = 0, crc2 = 1;
	unsigned edp = (unsigned)dcd_admin_link_by_name(f->dcd, "eDP-1");

	cfg = (struct dcp_config){ .output_count = 1 };
	cfg.outputs[0] = (struct dcp_output_config){
		.link = edp, .flags = DCP_OUTPUT_ENABLED, .bpc = 8, .blank_color = 0x00204080
	};
	/* 3840x2160@60 over the panel's 2 lanes x HBR: the admin gets DC's reason */
	cfg.outputs[0].mode = (struct drm_mode_modeinfo){ .clock = 594000,
							  .hdisplay = 3840,
							  .hsync_start = 4016,
							  .hsync_end = 4104,
							  .htotal = 4400,
							  .vdisplay = 2160,
							  .vsync_start = 2168,
							  .vsync_end = 2178,
							  .vtotal = 2250,
							  .vrefresh = 60 };
	assert_true(dcd_admin_validate(f->dcd, &cfg, &err) < 0);
	assert_int_equal(err.reason, DCP_REASON_LINK_BANDWIDTH);
	assert_int_equal(err.link, (int32_t)edp);
	assert_non_null(strstr(err.text, "eDP-1"));
	{
		const struct dc_mode *modes;
		size_t n;

		assert_int_equal(dcd_admin_link_modes(f->dcd, edp, &modes, &n), 0);
		assert_true(n >= 1);
		cfg.outputs[0].mode = modes[0].info;
		memset(cfg.outputs[0].mode.name, 0, sizeof(cfg.outputs[0].mode.name));
	}
	assert_int_equal(dcd_admin_validate(f->dcd, &cfg, &err), 0);
	assert_int_equal(dcd_admin_commit(f->dcd, &cfg, "admin uid 0", &err), 0);
	assert_int_equal(pump_event(f, observer, DCP_EVENT_OUTPUT_CHANGED, DCT_TIMEOUT_MS), 0);
	assert_int_equal(f->msg->output_changed.link, edp);
	assert_true(f->msg->output_changed.active);
	assert_int_equal(f->msg->output_changed.mode.hdisplay, cfg.outputs[0].mode.hdisplay);
	/* a screenshot of it: the blank color, as a PNG */
	snprintf(path, sizeof(path), "%s/shot.png", f->dir);
	assert_int_equal(dcd_admin_sim_screenshot(f->dcd, edp, path, &crc, &err), 0);
	assert_int_equal(stat(path, &st), 0);
	assert_true(st.st_size > 0);
	/* the CRC is the frame's: a still blank color, so a second capture agrees */
	assert_int_equal(
		sim_capture_crc(f->dcd->engine->sim,
				(unsigned)dcd_current_stream(f->dcd, edp)->res.timing_generator,
				&crc2),
		0);
	assert_int_equal(crc, crc2);
	assert_int_equal(dcd_admin_sim_screenshot(f->dcd,
						  (unsigned)dcd_admin_link_by_name(f->dcd, "DP-2"),
						  path, NULL, &err),
			 -ENOENT);
	/* framebuffers are the lessees' business */
	cfg.outputs[0].flags |= DCP_OUTPUT_PRIMARY;
	assert_int_equal(dcd_admin_commit(f->dcd, &cfg, "admin uid 0", &err), -EINVAL);
	/* a leased output is the lessee's until the lease ends */
	lr.links[0] = edp;
	assert_int_equal(pump_call(f, lessee, DCP_REQ_LEASE_REQUEST, &lr, -1), 0);
	cfg.outputs[0].flags = 0;
	memset(&cfg.outputs[0].mode, 0, sizeof(cfg.outputs[0].mode));
	cfg.outputs[0].bpc = 0;
	cfg.outputs[0].blank_color = 0;
	assert_int_equal(dcd_admin_commit(f->dcd, &cfg, "admin uid 0", &err), -EBUSY);
	assert_int_equal(err.reason, DCP_REASON_LEASE_BUSY);
	dct_close(lessee);
	dct_close(observer);
	sd_event_run(f->dcd->event, 10000);
}

/* The in-process client whose HELLO said name. */
static struct dcd_client *daemon_client(struct fixture *f, const char *name)
{
	for (struct dcd_client *c = f->dcd->clients; c; c = c->next) {
		if (c->hello_done && !strcmp(c->name, name))
			return c;
	}
	fail_msg("no client called %s", name);
	abort(); /* fail_msg does not return */
}

static void test_sim_plug(void **state)
{
	struct fixture *f = *state;
	struct dct_client *observer = pump_connect(f, "watcher");
	struct dct_client *plain = pump_connect(f, "no-admin");
	unsigned hdmi = (unsigned)dcd_admin_link_by_name(f->dcd, "HDMI-A-1");
	struct dcp_error err;

	/* The test runs as root, always an admin: this one is judged a plain
	 * client, to see what a client without admin or lease is told. */
	daemon_client(f, "no-admin")->admin = false;
	assert_int_equal(dcd_admin_sim_unplug(f->dcd, "HDMI-A-1", &err), 0);
	assert_int_equal(pump_event(f, observer, DCP_EVENT_HOTPLUG, DCT_TIMEOUT_MS), 0);
	assert_int_equal(f->msg->hotplug.link, hdmi);
	assert_int_equal(f->msg->hotplug.connection, DCP_DISCONNECTED);
	assert_int_equal(dcd_admin_link_info(f->dcd, hdmi, f->info), 0);
	assert_int_equal(f->info->connection, DCP_DISCONNECTED);
	assert_int_equal(f->info->mode_count, 0);

	assert_int_equal(dcd_admin_sim_plug(f->dcd, "HDMI-A-1", NULL, &err), 0);
	assert_int_equal(pump_event(f, observer, DCP_EVENT_HOTPLUG, DCT_TIMEOUT_MS), 0);
	assert_int_equal(f->msg->hotplug.connection, DCP_CONNECTED);
	assert_string_equal(f->msg->hotplug.sink.name, "test HDMI");
	assert_int_equal(f->msg->hotplug.sink.serial, 22);
	/* the plain client: the monitor, not its serial number */
	do
		assert_int_equal(pump_event(f, plain, DCP_EVENT_HOTPLUG, DCT_TIMEOUT_MS), 0);
	while (f->msg->hotplug.connection != DCP_CONNECTED);
	assert_string_equal(f->msg->hotplug.sink.name, "test HDMI");
	assert_true(f->msg->hotplug.sink.product != 0);
	assert_int_equal(f->msg->hotplug.sink.serial, 0);
	dct_close(plain);

	assert_int_equal(dcd_admin_sim_plug(f->dcd, "HDMI-A-1", NULL, &err), -EBUSY);
	assert_int_equal(dcd_admin_sim_unplug(f->dcd, "VGA-9", &err), -ENOENT);
	assert_non_null(strstr(err.text, "VGA-9"));
	assert_int_equal(dcd_admin_sim_irq(f->dcd, "HDMI-A-1", 0x02, &err) < 0, true);
	assert_int_equal(dcd_admin_sim_link_loss(f->dcd, "DP-1", &err), 0);
	dct_close(observer);
	sd_event_run(f->dcd->event, 10000);
}

/*
 * The modes offered for a link are the ones it can carry: the monitor's
 * preferred 4K60 and its 4K30 do not fit 2 lanes of HBR, so 1080p60 comes
 * first, to D-Bus (admin) and to protocol clients (LINK_INFO) alike; the
 * EDID still lists all three.
 */
static void test_modes_fit_the_link(void **state)
{
	struct fixture *f = *state;
	int dp1 = dcd_admin_link_by_name(f->dcd, "DP-1");
	struct dcd_engine_sink sink;
	const struct dc_mode *modes;
	size_t count;

	assert_true(dp1 >= 0);
	assert_int_equal(dcd_admin_link_modes(f->dcd, (unsigned)dp1, &modes, &count), 0);
	assert_true(count >= 1);
	assert_int_equal(modes[0].info.hdisplay, 1920);
	assert_int_equal(modes[0].info.clock, 148500);
	for (size_t i = 0; i < count; i++)
		assert_true(modes[i].info.hdisplay < 3840);
	assert_int_equal(f->dcd->engine->ops->link_sink(f->dcd->engine, (unsigned)dp1, &sink), 0);
	assert_true(sink.modes[0].info.clock == 594000);
	assert_int_equal(dcd_admin_link_info(f->dcd, (unsigned)dp1, f->info), 0);
	assert_true(f->info->mode_count >= 1);
	assert_int_equal(f->info->modes[0].info.hdisplay, 1920);
	for (unsigned i = 0; i < f->info->mode_count; i++)
		assert_true(f->info->modes[i].info.hdisplay < 3840);
}

/* Engine callbacks and handlers with a link past the end: refused, nothing read. */
static void test_links_out_of_range(void **state)
{
	struct fixture *f = *state;
	struct dct_client *c = pump_connect(f, "edges");
	struct dcd_client *dc = daemon_client(f, "edges");
	struct dcp_request req = { .hdr = { .opcode = DCP_REQ_VBLANK_SUBSCRIBE, .serial = 7 } };
	struct dcp_error err = { 0 };
	unsigned n = 0;

	/* output.c's one lookup finds the engine's links and nothing past them. */
	assert_null(dcd_output(f->dcd, f->dcd->link_count));
	assert_null(dcd_output(f->dcd, UINT_MAX));
	dcd_for_each_output(f->dcd, o) {
		assert_int_equal(o->link, n);
		assert_ptr_equal(dcd_output(f->dcd, n), o);
		n++;
	}
	assert_true(n > 0);
	assert_int_equal(n, f->dcd->link_count);
	/* An engine event for a link that does not exist is ignored before any
	 * output is read (outputs[UINT_MAX] is far outside dcd) or anything is
	 * shifted by it. */
	dcd_engine_events.flip_done(f->dcd, UINT_MAX, 1, 1);
	dcd_engine_events.flip_done(f->dcd, f->dcd->link_count, 1, 1);
	dcd_engine_events.vblank(f->dcd, UINT_MAX, 1, 1);
	dcd_engine_events.hotplug(f->dcd, UINT_MAX, true);
	dcd_engine_events.flip_window(f->dcd, UINT_MAX);
	/* A link of 40 is refused before anything is shifted by it (the
	 * sanitizer build halts on the shift otherwise). */
	req.vblank_subscribe = (struct dcp_vblank_subscribe){ .link = 40, .enable = 1 };
	assert_int_equal(dcd_handle_vblank_subscribe(dc, &req, &err), -ENOENT);
	assert_int_equal(err.reason, DCP_REASON_UNKNOWN_ID);
	assert_int_equal(dc->vblank_links, 0);
	assert_int_equal(pump_call(f, c, DCP_REQ_SYNC, NULL, -1), 0);
	dct_close(c);
}

/* DC's own errno reaches the client; only what is no errno becomes EIO. */
static void test_dc_errno_carried(void **state)
{
	struct fixture *f = *state;
	struct dc_state st = { 0 };
	struct dc_error derr = { .code = DC_ERR_NONE, .stream = -1, .plane = -1 };
	struct dcp_error err;

	snprintf(derr.message, sizeof(derr.message), "DP-1: the sink did not answer");
	dcd_error_from_dc(f->dcd, NULL, &st, -ETIMEDOUT, &derr, &err);
	assert_int_equal(err.status, -ETIMEDOUT);
	dcd_error_from_dc(f->dcd, NULL, &st, -ENODEV, &derr, &err);
	assert_int_equal(err.status, -ENODEV);
	dcd_error_from_dc(f->dcd, NULL, &st, 5, &derr, &err);
	assert_int_equal(err.status, -EIO);
	assert_string_equal(err.text, "DP-1: the sink did not answer");
}

/*
 * DC's sentence about an output another client leased names its mode: a
 * client that is neither admin nor that lessee reads only the link and the
 * limit; the lessee and admins read DC's sentence.
 */
static void test_dc_error_about_others(void **state)
{
	struct fixture *f = *state;
	struct dct_client *lessee = pump_connect(f, "holder"), *other = pump_connect(f, "other");
	struct dcp_lease_request lr = { .link_count = 1 };
	struct dc_state st = { .stream_count = 1 };
	struct dc_error derr = { .code = DC_ERR_DISPLAY_CLOCK, .stream = 0, .plane = -1 };
	struct dcp_error err;
	int hdmi = dcd_admin_link_by_name(f->dcd, "HDMI-A-1");

	assert_true(hdmi >= 0);
	lr.links[0] = (uint32_t)hdmi;
	assert_int_equal(pump_call(f, lessee, DCP_REQ_LEASE_REQUEST, &lr, -1), 0);
	daemon_client(f, "other")->admin = false;
	daemon_client(f, "holder")->admin = false;
	st.streams[0].link = (unsigned)hdmi;
	snprintf(derr.message, sizeof(derr.message),
		 "HDMI-A-1: 720x480@60 with its plane needs DISPCLK 700 MHz");
	dcd_error_from_dc(f->dcd, daemon_client(f, "other"), &st, -ERANGE, &derr, &err);
	assert_int_equal(err.status, -ERANGE);
	assert_int_equal(err.reason, DCP_REASON_DISPLAY_CLOCK);
	assert_int_equal(err.link, hdmi);
	assert_string_equal(err.text, "HDMI-A-1, another client's output, is at the engine's "
				      "display-clock limit with yours");
	dcd_error_from_dc(f->dcd, daemon_client(f, "holder"), &st, -ERANGE, &derr, &err);
	assert_string_equal(err.text, derr.message);
	dcd_error_from_dc(f->dcd, NULL, &st, -ERANGE, &derr, &err);
	assert_string_equal(err.text, derr.message);
	dct_close(lessee);
	dct_close(other);
	sd_event_run(f->dcd->event, 10000);
}

/*
 * The stream table of a plan holds DC_MAX_STREAMS: one more is -ENOSPC and
 * changes nothing (the idle configuration goes through this since it
 * could write past the table; the simulator has at most 6 connectors, so
 * no scenario reaches it).
 */
static void test_state_stream_limit(void **state)
{
	struct dc_state st = { 0 };
	struct dc_stream s = { 0 };

	for (unsigned i = 0; i < DC_MAX_STREAMS; i++) {
		s.link = i;
		assert_int_equal(dcd_state_put_stream(&st, &s), 0);
	}
	s.link = DC_MAX_STREAMS;
	assert_int_equal(dcd_state_put_stream(&st, &s), -ENOSPC);
	assert_int_equal(st.stream_count, DC_MAX_STREAMS);
	/* an existing link's stream is replaced, not added */
	s.link = 2;
	s.bpc = 10;
	assert_int_equal(dcd_state_put_stream(&st, &s), 0);
	assert_int_equal(dcd_state_stream(&st, 2)->bpc, 10);
	dcd_state_remove_stream(&st, 2);
	assert_int_equal(st.stream_count, DC_MAX_STREAMS - 1);
	assert_null(dcd_state_stream(&st, 2));
	(void)state;
}

/*
 * A peer as uid 65534 with primary group gid and supplementary groups
 * groups: whether dcd takes it for an admin and a lessee.
 */
static void judge_peer(struct fixture *f, gid_t gid, const gid_t *groups, size_t n, bool *admin,
		       bool *may_lease)
{
	struct dcd_client *found = NULL;
	int go[2];
	pid_t pid;
	int status;
	uint64_t end;

	assert_int_equal(pipe(go), 0);
	pid = fork();
	assert_true(pid >= 0);
	if (pid == 0) {
		struct dct_client *c;
		char b;

		close(go[1]);
		if (setgroups(n, groups) < 0 || setgid(gid) < 0 || setuid(65534) < 0 ||
		    dct_connect_raw(f->socket, &c) < 0)
			_exit(1);
		(void)!read(go[0], &b, 1); /* until the parent has judged */
		_exit(0);
	}
	close(go[0]);
	end = dct_now_ns() + (uint64_t)DCT_TIMEOUT_MS * 1000000ull;
	while (!found && dct_now_ns() < end) {
		sd_event_run(f->dcd->event, 10000);
		for (struct dcd_client *c = f->dcd->clients; c; c = c->next) {
			if (c->cred.pid == pid && !c->dead)
				found = c;
		}
	}
	if (!found)
		fail_msg("the peer of pid %d never connected", (int)pid);
	else
		*admin = found->admin, *may_lease = found->may_lease;
	close(go[1]);
	assert_int_equal(waitpid(pid, &status, 0), pid);
	assert_true(WIFEXITED(status) && WEXITSTATUS(status) == 0);
}

static void test_peer_groups(void **state)
{
	struct fixture *f = *state;
	static gid_t many[100];
	gid_t one = 5000;
	bool admin, may_lease;

	if (geteuid() != 0)
		skip(); /* forking peers of other credentials needs root */
	/* the peer must reach the socket as uid 65534 */
	assert_int_equal(chmod(f->dir, 0755), 0);
	assert_int_equal(chmod(f->socket, 0666), 0);
	/* the group that counts is the 81st of 100: none of them is cut */
	for (unsigned i = 0; i < 100; i++)
		many[i] = 5000 + i;
	many[80] = TEST_GROUP;
	judge_peer(f, 5000, many, 100, &admin, &may_lease);
	assert_true(admin);
	assert_true(may_lease);
	/* a primary group alone is not asked, on the socket as on D-Bus */
	judge_peer(f, TEST_GROUP, &one, 1, &admin, &may_lease);
	assert_false(admin);
	assert_false(may_lease);
	/* nor is anything else */
	judge_peer(f, 5000, &one, 1, &admin, &may_lease);
	assert_false(admin);
	assert_false(may_lease);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_links, setup, teardown),
		cmocka_unit_test_setup_teardown(test_revoke, setup, teardown),
		cmocka_unit_test_setup_teardown(test_admin_commit, setup, teardown),
		cmocka_unit_test_setup_teardown(test_sim_plug, setup, teardown),
		cmocka_unit_test_setup_teardown(test_modes_fit_the_link, setup_narrow_dp, teardown),
		cmocka_unit_test_setup_teardown(test_links_out_of_range, setup, teardown),
		cmocka_unit_test_setup_teardown(test_dc_errno_carried, setup, teardown),
		cmocka_unit_test_setup_teardown(test_peer_groups, setup_group, teardown),
		cmocka_unit_test(test_state_stream_limit),
		cmocka_unit_test_setup_teardown(test_dc_error_about_others, setup, teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
