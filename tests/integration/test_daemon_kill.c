/*
 * A lessee killed with SIGKILL: its output shows the idle configuration
 * from the frame after dcd noticed, its framebuffers are unmapped, the
 * other lessee's flips go on without a missed frame. And 1000 cycles of
 * connect, lease, framebuffers, flip, SIGKILL leave dcd with the
 * descriptors and memory it had after the first ten.
 */
#include <errno.h>
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

/* Polls cond on a state dcd changes on its own, for up to timeout_ms. */
#define WAIT_UNTIL(cond, timeout_ms)                                      \
	do {                                                              \
		uint64_t end_ = dct_now_ns() + (uint64_t)(timeout_ms)*MS; \
		while (!(cond) && dct_now_ns() < end_)                    \
			poll(NULL, 0, 5);                                 \
	} while (0)

static void test_sigkill_lessee(void **state)
{
	struct dct_flipper_opts sv = { .name = "flipper-survivor",
				       .link_name = "HDMI-A-1",
				       .width = 720,
				       .height = 480,
				       .ready_after = 30,
				       .flips = 150,
				       .tolerance_ns = 20000 };
	struct dct_flipper_opts vi = { .name = "flipper-victim",
				       .link_name = "DP-1",
				       .mode = &mode_720p,
				       .width = 1280,
				       .height = 720,
				       .ready_after = 30,
				       .tolerance_ns = 20000 };
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
	WAIT_UNTIL(sim_view_synced_ns(view) > notice + 4 * frame_ns, DCT_TIMEOUT_MS);
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
	WAIT_UNTIL(dct_daemon_maps_count(&d, "dct-fb") == 2, DCT_TIMEOUT_MS);
	assert_int_equal(dct_daemon_maps_count(&d, "dct-fb"), 2);
	assert_int_equal(dct_daemon_fd_count(&d), fds - 1);

	/* The other lessee did not miss a frame. */
	assert_int_equal(dct_flipper_stop(&survivor, &report), 0);
	assert_int_equal(report.failed, 0);
	/* 150 flips: 30 before the kill, the rest through and after it */
	assert_int_equal(report.flips, 150);
	assert_int_equal(report.gaps, 0);
	assert_int_equal(report.bad_times, 0);

	assert_true(dct_daemon_alive(&d));
	assert_int_equal(dct_daemon_stop(&d), 0);
	dct_daemon_cleanup(&d, false);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_sigkill_lessee),
	};

	if (dct_drop_root() < 0)
		return 1;
	return cmocka_run_group_tests(tests, NULL, NULL);
}
