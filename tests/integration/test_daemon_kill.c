/*
 * A lessee killed with SIGKILL: its output shows the idle configuration
 * from the frame after dcd noticed, its framebuffers are unmapped, the
 * other lessee's flips go on without a missed frame. And 1000 cycles of
 * connect, lease, framebuffers, flip, SIGKILL leave dcd with the
 * descriptors and memory it had after the first ten.
 */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cmocka.h>
#include <drm_fourcc.h>

#include "dce110_regs.h"
#include "dct.h"
#include "dct_flipper.h"
#include "sim.h"

#define MS 1000000ull

/* CTA-861 1280x720@60 (VIC 4): the victim's mode, so its pipe is told apart. */
static const struct drm_mode_modeinfo mode_720p = {
	.clock = 74250,
	.hdisplay = 1280,
	.hsync_start = 1390,
	.hsync_end = 1430,
	.htotal = 1650,
	.vdisplay = 720,
	.vsync_start = 725,
	.vsync_end = 730,
	.vtotal = 750,
	.vrefresh = 60,
	.flags = DRM_MODE_FLAG_PHSYNC | DRM_MODE_FLAG_PVSYNC,
};

/* The CLOCK_MONOTONIC time of the first log line containing needle ("[  12.345678] ..."). */
static uint64_t log_time(struct dct_daemon *d, const char *needle)
{
	char line[2048];
	unsigned long long s, us;
	uint64_t t = 0;
	FILE *f = fopen(d->log, "r");

	assert_non_null(f);
	while (fgets(line, sizeof(line), f)) {
		if (strstr(line, needle) && sscanf(line, "[%llu.%llu]", &s, &us) == 2) {
			t = s * 1000000000ull + us * 1000ull;
			break;
		}
	}
	fclose(f);
	return t;
}

/* The pipe whose timing generator runs vtotal lines, or -1. */
static int pipe_with_vtotal(struct sim_view *view, unsigned vtotal)
{
	for (unsigned p = 0; p < sim_view_pipe_count(view); p++) {
		uint32_t v = 0;

		sim_view_reg(view, mmCRTC_V_TOTAL + dce110_crtc_offsets[p], &v);
		if (sim_view_pipe_running(view, p) && v + 1 == vtotal)
			return (int)p;
	}
	return -1;
}

static void test_sigkill_lessee(void **state)
{
	struct dct_flipper_opts sv = { .name = "flipper-survivor",
				       .link_name = "HDMI-A-1",
				       .width = 720,
				       .height = 480,
				       .ready_after = 30,
				       .flips = 150,
				       .tolerance_ns = 200000 };
	struct dct_flipper_opts vi = { .name = "flipper-victim",
				       .link_name = "DP-1",
				       .mode = &mode_720p,
				       .width = 1280,
				       .height = 720,
				       .ready_after = 30,
				       .tolerance_ns = 200000 };
	struct dct_flipper survivor, victim;
	struct dct_flipper_report report;
	struct sim_frame frames[64];
	struct sim_error err;
	struct sim_view *view;
	struct dct_daemon d;
	uint64_t notice, frame_ns = 16683333;
	unsigned after = 0;
	int pipe, n, fds;

	assert_int_equal(dct_daemon_start(&d, NULL, NULL, NULL), 0);
	sv.socket = vi.socket = d.socket;
	assert_int_equal(dct_flipper_start(&sv, &survivor), 0);
	assert_int_equal(dct_flipper_start(&vi, &victim), 0);
	assert_int_equal(dct_flipper_wait_ready(&survivor), 0);
	assert_int_equal(dct_flipper_wait_ready(&victim), 0);
	/* Four framebuffers mapped: two per client. */
	assert_int_equal(dct_daemon_maps_count(&d, "dct-fb"), 4);
	fds = dct_daemon_fd_count(&d);

	dct_flipper_kill(&victim);
	assert_true(dct_log_wait(&d, "\"flipper-victim\"): disconnected", DCT_TIMEOUT_MS));
	notice = log_time(&d, "\"flipper-victim\"): disconnected");
	assert_true(notice > 0);
	assert_true(
		dct_log_wait(&d, "\"flipper-victim\") ended (client gone): DP-1", DCT_TIMEOUT_MS));

	/* What the engine showed on the victim's pipe since. */
	assert_int_equal(sim_view_open(d.state, &view, &err), 0);
	DCT_WAIT_UNTIL(sim_view_synced_ns(view) > notice + 4 * frame_ns, DCT_TIMEOUT_MS);
	pipe = pipe_with_vtotal(view, 750);
	assert_true(pipe >= 0); /* idle keeps the timing: the pipe still runs */
	n = sim_view_history(view, (unsigned)pipe, frames, 64);
	for (int i = 0; i < n; i++) {
		if (frames[i].start_ns <= notice)
			continue;
		/* The frame after the one in which the kill was noticed is idle. */
		if (!frames[i].blanked)
			fprintf(stderr, "frame %llu at +%.3f ms after the notice is not blank\n",
				(unsigned long long)frames[i].frame,
				(double)(frames[i].start_ns - notice) / 1e6);
		assert_true(frames[i].blanked);
		after++;
	}
	assert_true(after >= 3);
	sim_view_close(view);

	/* Its framebuffers are unmapped once off screen; its socket is closed. */
	DCT_WAIT_UNTIL(dct_daemon_maps_count(&d, "dct-fb") == 2, DCT_TIMEOUT_MS);
	assert_int_equal(dct_daemon_maps_count(&d, "dct-fb"), 2);
	assert_int_equal(dct_daemon_fd_count(&d), fds - 1);

	/* The other lessee did not miss a frame. */
	assert_int_equal(dct_flipper_stop(&survivor, &report), 0);
	assert_int_equal(report.failed, 0);
	/* 150 flips: 30 before the kill, the rest through and after it */
	assert_int_equal(report.flips, 150);
	assert_int_equal(dct_flipper_dcd_gaps(&d, &report), 0);
	assert_int_equal(report.bad_times, 0);

	assert_true(dct_daemon_alive(&d));
	assert_int_equal(dct_daemon_stop(&d), 0);
	dct_daemon_cleanup(&d, false);
}

#ifndef __has_feature
#define __has_feature(x) 0
#endif
#if defined(__SANITIZE_ADDRESS__) || __has_feature(address_sanitizer)
/* ASan keeps freed memory in quarantine: RSS says nothing there (LSan checks at exit). */
#define CHECK_RSS 0
#else
#define CHECK_RSS 1
#endif

#define CYCLES	     1000
#define RSS_SLACK_KB 256

/* One short-lived client: lease, two framebuffers, a commit, an async flip; then it waits to die.
 */
static void cycle_client(const char *socket, int ready_fd)
{
	struct dcp_server_msg *msg = malloc(sizeof(*msg));
	struct drm_mode_modeinfo mode;
	struct dct_client *c;
	struct dcp_flip fl = { .flags = DCP_FLIP_ASYNC, .user_data = 1 };
	uint32_t link, fbs[2];
	char ch = 'R';
	int id;

	dct_mode_480p(&mode);
	if (!msg || dct_connect(socket, "cycle", &c) < 0)
		_exit(2);
	id = dct_link_id(c, "DP-1");
	link = (uint32_t)id;
	if (id < 0 || dct_lease(c, &link, 1, NULL) < 0)
		_exit(3);
	for (unsigned i = 0; i < 2; i++) {
		if (dct_fb_create(c, DRM_FORMAT_XRGB8888, 720, 480, 0x00808080, &fbs[i]) < 0)
			_exit(4);
	}
	if (dct_commit_one(c, link, &mode, fbs[0], DCP_COMMIT_ALLOW_MODESET | DCP_COMMIT_NONBLOCK,
			   msg) < 0)
		_exit(5);
	fl.link = link;
	fl.fb_id = fbs[1];
	if (dct_call(c, DCP_REQ_FLIP, &fl, -1, msg) < 0 || msg->hdr.opcode != DCP_EVENT_FLIP_DONE)
		_exit(6);
	if (write(ready_fd, &ch, 1) != 1)
		_exit(7);
	for (;;)
		pause();
}

/* Waits until the observer hears that DP-1 is free again. */
static void wait_free(struct dct_client *observer, uint32_t link, struct dcp_server_msg *msg)
{
	for (;;) {
		assert_int_equal(
			dct_wait_event(observer, DCP_EVENT_OUTPUT_CHANGED, msg, DCT_TIMEOUT_MS), 0);
		if (msg->output_changed.link == link &&
		    (msg->output_changed.changes & DCP_CHANGE_LEASE) &&
		    msg->output_changed.lease_state == DCP_LEASE_FREE)
			return;
	}
}

static void test_1000_sigkill_cycles(void **state)
{
	struct dcp_server_msg *msg = malloc(sizeof(*msg));
	struct dct_client *observer;
	struct dct_daemon d;
	int fds10 = 0, fds_end;
	long rss10 = 0, rss_end;
	uint64_t t0 = dct_now_ns();
	uint32_t dp1;
	int ready[2];

	assert_int_equal(dct_daemon_start(&d, NULL, NULL, NULL), 0);
	assert_int_equal(dct_connect(d.socket, "observer", &observer), 0);
	dp1 = (uint32_t)dct_link_id(observer, "DP-1");
	assert_int_equal(pipe2(ready, O_CLOEXEC), 0);
	for (unsigned i = 1; i <= CYCLES; i++) {
		pid_t pid = fork();
		char ch;

		assert_true(pid >= 0);
		if (pid == 0) {
			dct_client_priority();
			close(ready[0]);
			cycle_client(d.socket, ready[1]);
		}
		assert_int_equal(read(ready[0], &ch, 1), 1);
		kill(pid, SIGKILL);
		assert_int_equal(waitpid(pid, NULL, 0), pid);
		wait_free(observer, dp1, msg);
		if (i == 10 || i == CYCLES) {
			/* Settled: every framebuffer off screen and unmapped. */
			DCT_WAIT_UNTIL(dct_daemon_maps_count(&d, "dct-fb") == 0, DCT_TIMEOUT_MS);
			assert_int_equal(dct_daemon_maps_count(&d, "dct-fb"), 0);
			if (i == 10) {
				fds10 = dct_daemon_fd_count(&d);
				rss10 = dct_daemon_rss_kb(&d);
			}
		}
	}
	fds_end = dct_daemon_fd_count(&d);
	rss_end = dct_daemon_rss_kb(&d);
	fprintf(stderr, "%u cycles in %.1f s; daemon fds %d -> %d, VmRSS %ld -> %ld KiB\n", CYCLES,
		(double)(dct_now_ns() - t0) / 1e9, fds10, fds_end, rss10, rss_end);
	assert_int_equal(fds_end, fds10);
	if (CHECK_RSS)
		assert_true(rss_end <= rss10 + RSS_SLACK_KB);
	assert_int_equal(dct_log_count(&d, "\"cycle\") ended (client gone): DP-1"), CYCLES);
	close(ready[0]);
	close(ready[1]);
	dct_close(observer);
	free(msg);
	assert_true(dct_daemon_alive(&d));
	assert_int_equal(dct_daemon_stop(&d), 0);
	dct_daemon_cleanup(&d, false);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_sigkill_lessee),
		cmocka_unit_test(test_1000_sigkill_cycles),
	};

	if (dct_drop_root() < 0)
		return 1;
	return cmocka_run_group_tests(tests, NULL, NULL);
}
