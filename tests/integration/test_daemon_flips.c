/*
 * Flips, commits and their refusals through a live dcd: two lessees
 * flipping 300 frames each (checked by the clients and on the simulated
 * engine's scanout history), the errors a COMMIT or FLIP can get, SHARED
 * limits, vblank events and their coalescing, the cursor beside a pending
 * flip.
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

#include <cmocka.h>
#include <drm_fourcc.h>

#include "dce110_regs.h"
#include "dct.h"
#include "dct_flipper.h"
#include "sim.h"

#define MS 1000000ull

struct fixture {
	struct dct_daemon d;
	struct dcp_server_msg *msg;
};

static int setup_scenario(void **state, const char *scenario)
{
	struct fixture *f = calloc(1, sizeof(*f));

	assert_non_null(f);
	f->msg = malloc(sizeof(*f->msg));
	assert_int_equal(dct_daemon_start(&f->d, scenario, NULL, NULL), 0);
	*state = f;
	return 0;
}

static int setup(void **state)
{
	return setup_scenario(state, NULL);
}

static int teardown(void **state)
{
	struct fixture *f = *state;
	bool alive = dct_daemon_alive(&f->d);
	int status = dct_daemon_stop(&f->d);

	dct_daemon_cleanup(&f->d, !alive || status != 0);
	assert_true(alive);
	assert_int_equal(status, 0);
	free(f->msg);
	free(f);
	return 0;
}

/*
 * The frames of every running pipe that started in (from, to] alternate
 * between two surfaces, none blank: a surface shown twice only where the
 * machine stood still (dct_canary_stalled_ns), dcd not running. Returns how
 * many were checked.
 */
static unsigned check_alternating(struct dct_daemon *d, uint64_t from, uint64_t to)
{
	struct sim_frame frames[64];
	struct sim_error err;
	struct sim_view *view;
	unsigned checked = 0, pipes = 0;

	assert_int_equal(sim_view_open(d->state, &view, &err), 0);
	for (unsigned p = 0; p < sim_view_pipe_count(view); p++) {
		int n;
		uint64_t prev = 0, prev_start = 0;

		if (!sim_view_pipe_running(view, p))
			continue;
		pipes++;
		n = sim_view_history(view, p, frames, 64);
		assert_true(n > 0);
		for (int i = 0; i < n; i++) {
			if (frames[i].start_ns <= from || frames[i].start_ns > to)
				continue;
			assert_false(frames[i].blanked);
			assert_true(frames[i].address != 0);
			/* the flip it missed was due in the frame before the last */
			if (prev && frames[i].address == prev &&
			    !dct_canary_stalled_ns(prev_start - (frames[i].start_ns - prev_start),
						   frames[i].start_ns))
				fail_msg("pipe %u showed %#llx twice, at [%llu.%06llu]", p,
					 (unsigned long long)prev,
					 (unsigned long long)(frames[i].start_ns / 1000000000ull),
					 (unsigned long long)(frames[i].start_ns % 1000000000ull /
							      1000));
			prev = frames[i].address;
			prev_start = frames[i].start_ns;
			checked++;
		}
	}
	sim_view_close(view);
	assert_int_equal(pipes, 2);
	return checked;
}

/* Two clients lease disjoint outputs, commit, flip 300 frames each. */
static void test_two_lessees_300_flips(void **state)
{
	struct fixture *f = *state;
	struct dct_flipper_opts a = { .socket = f->d.socket,
				      .name = "flipper-dp",
				      .link_name = "DP-1",
				      .width = 720,
				      .height = 480,
				      .flips = 300,
				      .tolerance_ns = 200000,
				      .hold = true };
	struct dct_flipper_opts b = a;
	struct dct_flipper fa, fb;
	struct dct_flipper_report ra, rb;
	uint64_t to;

	b.name = "flipper-hdmi";
	b.link_name = "HDMI-A-1";
	assert_int_equal(dct_flipper_start(&a, &fa), 0);
	assert_int_equal(dct_flipper_start(&b, &fb), 0);
	assert_int_equal(dct_flipper_report(&fa, &ra), 0);
	assert_int_equal(dct_flipper_report(&fb, &rb), 0);
	/* The engine's own record: both pipes changed surface every frame. */
	to = ra.last_ts < rb.last_ts ? ra.last_ts : rb.last_ts;
	assert_true(check_alternating(&f->d, to - 50 * ra.frame_ns, to) >= 80);
	assert_int_equal(dct_flipper_stop(&fa, &ra), 0);
	assert_int_equal(dct_flipper_stop(&fb, &rb), 0);
	for (unsigned i = 0; i < 2; i++) {
		const struct dct_flipper_report *r = i ? &rb : &ra;

		assert_int_equal(r->failed, 0);
		assert_int_equal(r->flips, 300);
		assert_int_equal(dct_flipper_dcd_gaps(&f->d, r), 0);
		assert_int_equal(r->bad_times, 0);
		assert_int_equal(r->last_seq - r->first_seq, 299 + r->missed);
		/* 720x480 at 27 MHz: 16.683 ms a frame */
		assert_int_equal(r->frame_ns, 16683333);
		/* DC reads position and clock one after the other: 0.2 ms covers a
		 * preemption between the two, a missed frame is 16.7 ms */
		assert_true(r->last_ts - r->first_ts > (299 + r->missed) * r->frame_ns - 200000);
		assert_true(r->last_ts - r->first_ts < (299 + r->missed) * r->frame_ns + 200000);
	}
	assert_true(dct_log_wait(&f->d, "commit (client", DCT_TIMEOUT_MS));
}

/* A lessee with one output lit (fb on the primary plane), for the error tests. */
struct lit {
	struct dct_client *c;
	uint32_t link, fbs[2];
	struct drm_mode_modeinfo mode;
};

static void light(struct fixture *f, const char *name, const char *link, struct lit *l)
{
	int id;

	assert_int_equal(dct_connect(f->d.socket, name, &l->c), 0);
	id = dct_link_id(l->c, link);
	assert_true(id >= 0);
	l->link = (uint32_t)id;
	assert_int_equal(dct_lease(l->c, &l->link, 1, NULL), 0);
	assert_int_equal(dct_preferred_mode(l->c, l->link, &l->mode), 0);
	assert_int_equal(dct_fb_create(l->c, DRM_FORMAT_XRGB8888, l->mode.hdisplay,
				       l->mode.vdisplay, 0x123456, &l->fbs[0]),
			 0);
	assert_int_equal(dct_fb_create(l->c, DRM_FORMAT_XRGB8888, l->mode.hdisplay,
				       l->mode.vdisplay, 0x654321, &l->fbs[1]),
			 0);
	assert_int_equal(dct_commit_one(l->c, l->link, &l->mode, l->fbs[0],
					DCP_COMMIT_ALLOW_MODESET, f->msg),
			 0);
}

static int flip_call(struct lit *l, uint32_t fb, uint32_t flags, struct dcp_server_msg *msg)
{
	struct dcp_flip fl = { .link = l->link, .fb_id = fb, .flags = flags, .user_data = 7 };

	return dct_call(l->c, DCP_REQ_FLIP, &fl, -1, msg);
}

static void test_commit_and_flip_errors(void **state)
{
	struct fixture *f = *state;
	struct dcp_flip fl;
	struct drm_mode_modeinfo other;
	struct lit l;
	uint32_t small, edp, s1, s2, s3;
	int r;

	light(f, "errors", "DP-1", &l);

	/* Another mode without ALLOW_MODESET */
	assert_int_equal(dct_preferred_mode(l.c, l.link, &other), 0);
	other = l.mode;
	{
		unsigned n;
		struct dcp_link_info *info = calloc(1, sizeof(*info));

		assert_int_equal(dct_topology(l.c, info, 1, &n), 0);
		assert_true(info->mode_count >= 2);
		other = info->modes[1].info;
		assert_true(info->active);
		assert_int_equal(info->mode.hdisplay, 720);
		free(info);
	}
	r = dct_commit_one(l.c, l.link, &other, 0, 0, f->msg);
	assert_int_equal(r, -EINVAL);
	assert_int_equal(f->msg->error.reason, DCP_REASON_MODESET_REQUIRED);
	assert_non_null(strstr(f->msg->error.text, "ALLOW_MODESET"));
	/* A plane change alone is no modeset: fb 1 instead of fb 0, and back. */
	assert_int_equal(dct_commit_one(l.c, l.link, &l.mode, l.fbs[1], 0, f->msg), 0);
	assert_int_equal(dct_commit_one(l.c, l.link, &l.mode, l.fbs[0], 0, f->msg), 0);

	/* A framebuffer of another size cannot be flipped to. */
	assert_int_equal(dct_fb_create(l.c, DRM_FORMAT_XRGB8888, 64, 64, 0, &small), 0);
	r = flip_call(&l, small, DCP_FLIP_VSYNC, f->msg);
	assert_int_equal(r, -EINVAL);
	assert_non_null(strstr(f->msg->error.text, "64x64"));
	/* An id that is not ours */
	r = flip_call(&l, 999999, DCP_FLIP_VSYNC, f->msg);
	assert_int_equal(r, -ENOENT);
	assert_int_equal(f->msg->error.reason, DCP_REASON_UNKNOWN_ID);

	/* Depth 1: one pending, one queued, the third is refused. */
	fl = (struct dcp_flip){ .link = l.link, .fb_id = l.fbs[1], .flags = DCP_FLIP_VSYNC };
	s1 = (uint32_t)dct_send(l.c, DCP_REQ_FLIP, 0, &fl, -1);
	fl.fb_id = l.fbs[0];
	s2 = (uint32_t)dct_send(l.c, DCP_REQ_FLIP, 0, &fl, -1);
	s3 = (uint32_t)dct_send(l.c, DCP_REQ_FLIP, 0, &fl, -1);
	/* NONBLOCK COMMIT while flips are pending: EBUSY. */
	r = dct_commit_one(l.c, l.link, &l.mode, l.fbs[0], DCP_COMMIT_NONBLOCK, f->msg);
	assert_int_equal(r, -EBUSY);
	assert_int_equal(dct_wait_reply(l.c, s3, f->msg, DCT_TIMEOUT_MS), -EBUSY);
	assert_int_equal(f->msg->error.reason, DCP_REASON_FLIP_QUEUE_FULL);
	assert_int_equal(dct_wait_reply(l.c, s1, f->msg, DCT_TIMEOUT_MS), 0);
	assert_int_equal(f->msg->hdr.opcode, DCP_EVENT_FLIP_DONE);
	assert_int_equal(dct_wait_reply(l.c, s2, f->msg, DCT_TIMEOUT_MS), 0);
	assert_int_equal(f->msg->hdr.opcode, DCP_EVENT_FLIP_DONE);

	/* A blocking COMMIT waits for the flips, then answers after its first frame. */
	s1 = (uint32_t)dct_send(l.c, DCP_REQ_FLIP, 0, &fl, -1);
	r = dct_commit_one(l.c, l.link, &l.mode, l.fbs[1], 0, f->msg);
	assert_int_equal(r, 0);
	/* ... so the flip's FLIP_DONE came first. */
	assert_int_equal(dct_wait_reply(l.c, s1, f->msg, 0), 0);

	/* Switched off: flips have nothing to show on. */
	{
		struct dcp_config *cfg = calloc(1, sizeof(*cfg));

		cfg->flags = DCP_COMMIT_ALLOW_MODESET;
		cfg->output_count = 1;
		cfg->outputs[0].link = l.link;
		assert_int_equal(dct_call(l.c, DCP_REQ_COMMIT, cfg, -1, f->msg), 0);
		free(cfg);
	}
	r = flip_call(&l, l.fbs[0], DCP_FLIP_VSYNC, f->msg);
	assert_int_equal(r, -ENOENT);
	assert_int_equal(f->msg->error.reason, DCP_REASON_NO_STREAM);

	/* What the monitor cannot take: Display Core's reason, as it says it. */
	other = l.mode;
	other.clock = 600000;
	other.htotal = 4400;
	other.hdisplay = 3840;
	other.hsync_start = 4016;
	other.hsync_end = 4104;
	other.vdisplay = 2160;
	other.vsync_start = 2168;
	other.vsync_end = 2178;
	other.vtotal = 2250;
	r = dct_commit_one(l.c, l.link, &other, 0, DCP_COMMIT_ALLOW_MODESET, f->msg);
	assert_true(r == -EINVAL || r == -ERANGE || r == -ENOSPC);
	assert_true(f->msg->error.reason >= 1 && f->msg->error.reason <= DCP_REASON_DC_LAST);
	assert_int_equal(f->msg->error.link, (int32_t)l.link);
	assert_false(f->msg->error.flags & DCP_ERROR_SHARED);
	assert_non_null(strstr(f->msg->error.text, "DP-1"));
	/* VALIDATE says the same and changes nothing. */
	edp = l.link;
	(void)edp;
	dct_close(l.c);
}

/* Four monitors on three timing generators: the fourth output is refused, SHARED. */
// clang-format off
static const char scenario_four[] =
"{ \"asic\": \"carrizo\", \"clock\": \"real\", \"connectors\": [\n"
"  { \"name\": \"DP-1\", \"type\": \"DP\", \"hpd\": 1, \"ddc\": 1, \"aux\": 1, \"encoder\": 0,\n"
"    \"display\": { \"edid\": { \"preferred\": \"cta-480p60\" }, \"dp\": { \"max_rate\": \"HBR\" } } },\n"
"  { \"name\": \"HDMI-A-1\", \"type\": \"HDMI\", \"hpd\": 2, \"ddc\": 2, \"encoder\": 3,\n"
"    \"display\": { \"edid\": { \"input\": \"hdmi\", \"preferred\": \"cta-480p60\", \"hdmi\": { \"max_tmds_mhz\": 165 } } } },\n"
"  { \"name\": \"eDP-1\", \"type\": \"eDP\", \"hpd\": 3, \"ddc\": 3, \"aux\": 3, \"encoder\": 2,\n"
"    \"display\": { \"edid\": { \"preferred\": \"cta-480p60\" }, \"dp\": { \"max_rate\": \"HBR\" } } },\n"
"  { \"name\": \"DP-2\", \"type\": \"DP\", \"hpd\": 4, \"ddc\": 4, \"aux\": 4, \"encoder\": 1,\n"
"    \"display\": { \"edid\": { \"preferred\": \"cta-480p60\" }, \"dp\": { \"max_rate\": \"HBR\" } } }\n"
"] }\n";
// clang-format on

static int setup_four(void **state)
{
	return setup_scenario(state, scenario_four);
}

static void test_shared_limit(void **state)
{
	struct fixture *f = *state;
	struct dct_client *a, *b;
	struct drm_mode_modeinfo mode;
	const char *mine[] = { "DP-1", "eDP-1", "DP-2" };
	uint32_t hdmi, links[3];
	int r;

	dct_mode_480p(&mode);
	assert_int_equal(dct_connect(f->d.socket, "three", &a), 0);
	assert_int_equal(dct_connect(f->d.socket, "fourth", &b), 0);
	hdmi = (uint32_t)dct_link_id(b, "HDMI-A-1");
	for (unsigned i = 0; i < 3; i++)
		links[i] = (uint32_t)dct_link_id(a, mine[i]);
	for (unsigned i = 0; i < 3; i++) {
		assert_int_equal(dct_lease(a, &links[i], 1, NULL), 0);
		assert_int_equal(
			dct_commit_one(a, links[i], &mode, 0, DCP_COMMIT_ALLOW_MODESET, f->msg), 0);
	}
	assert_int_equal(dct_lease(b, &hdmi, 1, NULL), 0);
	r = dct_commit_one(b, hdmi, &mode, 0, DCP_COMMIT_ALLOW_MODESET, f->msg);
	assert_true(r < 0);
	assert_int_equal(f->msg->error.reason, DCP_REASON_TIMING_GENERATOR);
	assert_true(f->msg->error.flags & DCP_ERROR_SHARED);
	assert_non_null(strstr(f->msg->error.text, "shared with"));
	/* which output is in the way, but not whose it is nor what it shows:
	 * the fourth's lessee is no admin */
	printf("  the fourth's lessee reads: %s\n", f->msg->error.text);
	assert_non_null(strstr(f->msg->error.text, "of another client"));
	assert_null(strstr(f->msg->error.text, "of client"));
	assert_null(strstr(f->msg->error.text, "720x480"));
	/* The lessee of three is not told SHARED when its own fourth does not fit. */
	dct_close(a);
	dct_close(b);
}

/* Vblank events, one per frame; a slow reader gets them merged, not a backlog. */
static void test_vblank(void **state)
{
	struct fixture *f = *state;
	struct dcp_vblank_subscribe vs;
	uint64_t seq = 0, ts = 0;
	bool merged = false;
	struct lit l;

	light(f, "vblank", "HDMI-A-1", &l);
	vs = (struct dcp_vblank_subscribe){ .link = l.link, .enable = true };
	assert_int_equal(dct_call(l.c, DCP_REQ_VBLANK_SUBSCRIBE, &vs, -1, f->msg), 0);
	for (unsigned i = 0; i < 30; i++) {
		assert_int_equal(dct_wait_event(l.c, DCP_EVENT_VBLANK, f->msg, DCT_TIMEOUT_MS), 0);
		if (i) {
			assert_int_equal(f->msg->vblank.sequence, seq + 1 + f->msg->vblank.skipped);
			assert_true(f->msg->vblank.timestamp_ns > ts);
		}
		assert_int_equal(f->msg->vblank.link, l.link);
		seq = f->msg->vblank.sequence;
		ts = f->msg->vblank.timestamp_ns;
	}
	/*
	 * Stop reading while replies pile up in the daemon's queue (the socket
	 * is full): the vblanks of that time come as one, with skipped > 0.
	 */
	for (unsigned i = 0; i < 300; i++)
		assert_true(dct_send(l.c, DCP_REQ_GET_TOPOLOGY, 0, NULL, -1) > 0);
	{
		struct dcp_server_msg *m = f->msg;
		unsigned vblanks = 0;
		uint64_t until = dct_now_ns() + 200 * MS;

		/* Let frames pass while nothing is read. */
		while (dct_now_ns() < until)
			poll(NULL, 0, 20);
		for (;;) {
			int r = dct_next(l.c, m, 200);

			if (r == -ETIMEDOUT)
				break;
			assert_true(r >= 0);
			if (m->hdr.opcode != DCP_EVENT_VBLANK)
				continue;
			vblanks++;
			if (m->vblank.skipped)
				merged = true;
			if (merged)
				break;
		}
		assert_true(merged);
	}
	vs.enable = false;
	assert_int_equal(dct_call(l.c, DCP_REQ_VBLANK_SUBSCRIBE, &vs, -1, f->msg), 0);
	dct_close(l.c);
}

/* The cursor is set and moved at once, also while a flip waits for its vblank. */
static void test_cursor_beside_flip(void **state)
{
	struct fixture *f = *state;
	struct dcp_cursor_set cs;
	struct dcp_cursor_move cm;
	struct dcp_flip fl;
	struct sim_error err;
	struct sim_view *view;
	uint32_t cursor, bad;
	int flip_serial, r;
	struct lit l;

	light(f, "cursor", "DP-1", &l);
	assert_int_equal(dct_fb_create(l.c, DRM_FORMAT_ARGB8888, 64, 64, 0xff00ff00, &cursor), 0);
	assert_int_equal(dct_fb_create(l.c, DRM_FORMAT_XRGB8888, 64, 64, 0, &bad), 0);
	cs = (struct dcp_cursor_set){ .link = l.link, .fb_id = bad };
	r = dct_call(l.c, DCP_REQ_CURSOR_SET, &cs, -1, f->msg);
	assert_int_equal(r, -EINVAL);
	assert_int_equal(f->msg->error.reason, DCP_REASON_CURSOR);

	fl = (struct dcp_flip){ .link = l.link, .fb_id = l.fbs[1], .flags = DCP_FLIP_VSYNC };
	flip_serial = dct_send(l.c, DCP_REQ_FLIP, 0, &fl, -1);
	cs = (struct dcp_cursor_set){ .link = l.link, .fb_id = cursor, .hot_x = 1, .hot_y = 2 };
	assert_int_equal(dct_call(l.c, DCP_REQ_CURSOR_SET, &cs, -1, f->msg), 0);
	cm = (struct dcp_cursor_move){ .link = l.link, .x = 100, .y = 50 };
	assert_int_equal(dct_call(l.c, DCP_REQ_CURSOR_MOVE, &cm, -1, f->msg), 0);
	assert_int_equal(dct_wait_reply(l.c, (uint32_t)flip_serial, f->msg, DCT_TIMEOUT_MS), 0);
	/* Once a frame has passed, the engine's cursor registers hold it. */
	assert_int_equal(flip_call(&l, l.fbs[0], DCP_FLIP_VSYNC, f->msg), 0);
	assert_int_equal(sim_view_open(f->d.state, &view, &err), 0);
	{
		bool found = false;

		for (unsigned p = 0; p < sim_view_pipe_count(view); p++) {
			uint32_t pos = 0, ctl = 0;

			sim_view_reg(view, mmCUR_POSITION + dce110_crtc_offsets[p], &pos);
			sim_view_reg(view, mmCUR_CONTROL + dce110_crtc_offsets[p], &ctl);
			/* the top-left corner: position minus hot spot */
			if (pos == ((99u << 16) | 48u) && (ctl & CUR_CONTROL__CURSOR_EN_MASK))
				found = true;
		}
		assert_true(found);
	}
	sim_view_close(view);
	/* A 0 framebuffer hides it. */
	cs = (struct dcp_cursor_set){ .link = l.link };
	assert_int_equal(dct_call(l.c, DCP_REQ_CURSOR_SET, &cs, -1, f->msg), 0);
	dct_close(l.c);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_two_lessees_300_flips, setup, teardown),
		cmocka_unit_test_setup_teardown(test_commit_and_flip_errors, setup, teardown),
		cmocka_unit_test_setup_teardown(test_shared_limit, setup_four, teardown),
		cmocka_unit_test_setup_teardown(test_vblank, setup, teardown),
		cmocka_unit_test_setup_teardown(test_cursor_beside_flip, setup, teardown),
	};

	if (dct_drop_root() < 0)
		return 1;
	return cmocka_run_group_tests(tests, NULL, NULL);
}
