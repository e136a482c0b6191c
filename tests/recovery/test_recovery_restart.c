/*
 * 100 crashes of dcd while a compositor flips on three outputs: each time
 * dcd is killed with SIGKILL and started again as systemd would (the same
 * listening socket, the fd store handed back), and each time
 *  - it adopts what the screens show with zero writes to timing
 *    generator, clock (PLL, DTO) and encoder registers, counted by the
 *    simulated hardware itself across the whole run;
 *  - the monitors never lose their picture: every frame every lit pipe
 *    scanned out during the run is in the history the test read (none
 *    fell out unseen), the frame numbers run on without a gap (the timing
 *    generators never stopped) and no frame was blank (the framebuffers
 *    came back from the fd store, mapped at their old addresses);
 *  - the compositor (libdcclient with auto-restore) reconnects, leases and
 *    commits again without a modeset, and flips again on every output.
 * Prints the time from the kill to READY=1 and to the first flip after
 * the restart.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "rct.h"

#define MIN_WATCH_NS 1200000000ull /* 72 frames at 60 Hz */

#define RESTARTS 100

static const char *const links[] = { "DP-1", "HDMI-A-1", "eDP-1" };

static int cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return x < y ? -1 : x > y;
}

/*
 * restarts crashes on the engine of scenario (JSON), lit on outs (three
 * link names, each LINK or LINK@BPC); each restart must log kept_line
 * kept_per_restart times (how the scanout memory came back).
 */
static void run_restarts(const char *scenario, const char *const *outs, unsigned restarts,
			 const char *kept_line, unsigned kept_per_restart)
{
	static uint64_t ready_ns[RESTARTS], flipping_ns[RESTARTS];
	const char *flipper = getenv("RECOVERY_FLIPPER");
	uint64_t base[SIM_WRITE_CLASSES], now[SIM_WRITE_CLASSES], t0, t_all, t_start;
	const char *argv[8];
	struct rct_child ch;
	char line[64];
	struct rct t;
	unsigned lit = 0, kept;
	bool failed = false;
	char why[200] = ""; /* the first reason, printed after dcd's log */

	assert_true(restarts <= RESTARTS);
	assert_non_null(flipper);
	assert_int_equal(rct_setup_scenario(&t, scenario), 0);
	assert_int_equal(rct_start(&t, NULL), 0);
	argv[0] = flipper;
	argv[1] = t.d.socket;
	for (unsigned i = 0; i < 3; i++)
		argv[2 + i] = outs[i];
	argv[5] = NULL;
	assert_int_equal(rct_child_start(&ch, argv), 0);
	if (!rct_wait_line(&t, &ch, "lit", DCT_TIMEOUT_MS))
		fail_msg("the flipper did not light its outputs");
	/* the modeset is done; from here on the counts must not move */
	assert_int_equal(rct_watch_begin(&t), 0);
	for (unsigned p = 0; p < RCT_PIPES; p++)
		lit += t.pipes[p].watched;
	assert_int_equal(lit, 3);
	rct_modeset_writes(&t, base);
	printf("after the first modeset: %llu timing, %llu clock, %llu encoder register writes\n",
	       (unsigned long long)base[0], (unsigned long long)base[1],
	       (unsigned long long)base[2]);

	t_all = t_start = dct_now_ns();
	for (unsigned i = 0; i < restarts && !failed; i++) {
		rct_kill(&t);
		t0 = dct_now_ns();
		if (rct_start(&t, NULL) < 0) {
			snprintf(why, sizeof(why), "restart %u: dcd did not become ready", i + 1);
			failed = true;
			break;
		}
		ready_ns[i] = dct_now_ns() - t0;
		snprintf(line, sizeof(line), "flipping %u", i + 1);
		if (!rct_wait_line(&t, &ch, line, DCT_TIMEOUT_MS)) {
			snprintf(why, sizeof(why), "restart %u: the flipper did not flip again",
				 i + 1);
			failed = true;
			break;
		}
		flipping_ns[i] = dct_now_ns() - t0;
		if (rct_modeset_writes(&t, now) != rct_modeset_writes(&t, base) ||
		    memcmp(now, base, sizeof(now))) {
			snprintf(
				why, sizeof(why),
				"restart %u: %llu timing, %llu clock, %llu encoder register writes "
				"since the first modeset",
				i + 1, (unsigned long long)(now[0] - base[0]),
				(unsigned long long)(now[1] - base[1]),
				(unsigned long long)(now[2] - base[2]));
			failed = true;
		}
	}
	t_all = dct_now_ns() - t_all;
	/*
	 * The pipes are judged over at least 60 frames: ten fast restarts end
	 * in under a second, so the watcher (every 10 ms, well inside the 64
	 * frames of history) goes on until 1.2 s have passed since the first.
	 */
	while (!failed && dct_now_ns() - t_start < MIN_WATCH_NS)
		usleep(20000);
	rct_watch_end(&t);
	rct_modeset_writes(&t, now);
	printf("%u restarts in %.2f s; writes since the first modeset: %llu timing, %llu clock, "
	       "%llu encoder\n",
	       restarts, (double)t_all / 1e9, (unsigned long long)(now[0] - base[0]),
	       (unsigned long long)(now[1] - base[1]), (unsigned long long)(now[2] - base[2]));
	if (!failed) {
		qsort(ready_ns, restarts, sizeof(uint64_t), cmp_u64);
		qsort(flipping_ns, restarts, sizeof(uint64_t), cmp_u64);
		printf("kill to READY=1: median %.1f ms, max %.1f ms; kill to flipping on all "
		       "outputs: median %.1f ms, max %.1f ms\n",
		       (double)ready_ns[restarts / 2] / 1e6, (double)ready_ns[restarts - 1] / 1e6,
		       (double)flipping_ns[restarts / 2] / 1e6,
		       (double)flipping_ns[restarts - 1] / 1e6);
	}
	for (unsigned p = 0; p < RCT_PIPES; p++) {
		const struct rct_pipe *pp = &t.pipes[p];

		if (!pp->watched)
			continue;
		printf("pipe %u: %llu frames seen, %u blank, %u gaps, %u polls too late\n", p,
		       (unsigned long long)pp->frames, pp->blanked, pp->gaps, pp->unseen);
		if (pp->gaps)
			printf("pipe %u: the first gap: frame %llu (started [%.6f]) then %llu "
			       "([%.6f]); polled at [%.6f] and [%.6f]\n",
			       p, (unsigned long long)pp->gap[0].frame, pp->gap[0].start_ns / 1e9,
			       (unsigned long long)pp->gap[1].frame, pp->gap[1].start_ns / 1e9,
			       pp->gap_poll_ns[0] / 1e9, pp->gap_poll_ns[1] / 1e9);
		for (unsigned k = 0; pp->gaps && k < pp->gap_hist_n; k++)
			printf("  history %u: frame %llu at [%.6f]\n", k,
			       (unsigned long long)pp->gap_hist[k].frame,
			       pp->gap_hist[k].start_ns / 1e9);
		if (pp->blanked || pp->gaps || pp->unseen || pp->frames < 60) {
			if (!why[0])
				snprintf(why, sizeof(why),
					 "pipe %u: %llu frames seen, %u blank, %u gaps, %u polls "
					 "too late",
					 p, (unsigned long long)pp->frames, pp->blanked, pp->gaps,
					 pp->unseen);
			failed = true;
		}
	}
	/*
	 * Scanout memory comes back, not re-created mid-scanout: Carrizo's
	 * GART keeps its table, Tonga's VRAM keeps each output's picture
	 * (and its second buffer) out of the free space.
	 */
	kept = dct_log_count(&t.d, kept_line);
	printf("\"%s\": %u times in %u restarts\n", kept_line, kept, restarts);
	if (kept != restarts * kept_per_restart) {
		if (!why[0])
			snprintf(why, sizeof(why), "\"%s\" logged %u times in %u restarts, not %u",
				 kept_line, kept, restarts, restarts * kept_per_restart);
		failed = true;
	}
	/* where the file and the hardware agree nothing is reported as differing */
	if (dct_log_count(&t.d, "differs:")) {
		if (!why[0])
			snprintf(why, sizeof(why), "recovery reported differences (see the log)");
		failed = true;
	}
	printf("flip-done deliveries more than 8 ms after the start of their frame: %u\n", ch.late);
	printf("%u fds in the fake fd store at the end (%u framebuffers)\n", t.sd.n_stored,
	       fsd_stored_count(&t.sd, "fb-"));
	rct_child_stop(&ch);
	rct_teardown(&t, failed);
	/* After dcd's log, so that the end of the output says what failed, and
	 * whether the machine stopped even the canary meanwhile (dct_canary.c). */
	if (failed) {
		dct_canary_print(t_start, dct_now_ns());
		fail_msg("%s", why[0] ? why : "see above");
	}
}

static void test_hundred_restarts(void **state)
{
	(void)state;
	run_restarts(dct_scenario_small, links, RESTARTS, "kept (its table at", 1);
}

/* A discrete GPU: each output's picture is dcd's copy in VRAM, which must survive too. */
static void test_tonga_restarts(void **state)
{
	char scenario[4096];

	(void)state;
	assert_int_equal(dct_scenario_on_asic("tonga", 0, scenario, sizeof(scenario)), 0);
	run_restarts(scenario, links, 10, "its picture stays in VRAM at", 3);
}

/*
 * HDMI deep colour on Carrizo: 1080p60 at 10 bits runs the PLL at the
 * TMDS clock, which integer dividers from the 48 MHz reference miss
 * (185.6 MHz for 185.625), so the pixel clock read back is 148.48 MHz.
 * A restarted dcd must still take the state file's 148.5 MHz as the same
 * mode (docs/recovery.md): no difference logged, no modeset.
 */
static void test_deep_colour_restarts(void **state)
{
	static const char *const deep[] = { "DP-1", "HDMI-A-1@10", "eDP-1" };
	static const char hdmi_small[] =
		"\"preferred\": \"cta-480p60\", \"modes\": [ \"cta-720p60\" ], "
		"\"hdmi\": { \"max_tmds_mhz\": 165 }";
	static const char hdmi_deep[] =
		"\"preferred\": \"cta-1080p60\", "
		"\"hdmi\": { \"max_tmds_mhz\": 300, \"deep_color\": [ 30 ] }";
	const char *at = strstr(dct_scenario_small, hdmi_small);
	char scenario[4096];

	(void)state;
	assert_non_null(at);
	snprintf(scenario, sizeof(scenario), "%.*s%s%s", (int)(at - dct_scenario_small),
		 dct_scenario_small, hdmi_deep, at + strlen(hdmi_small));
	run_restarts(scenario, deep, 5, "kept (its table at", 1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_hundred_restarts),
		cmocka_unit_test(test_tonga_restarts),
		cmocka_unit_test(test_deep_colour_restarts),
	};

	if (dct_drop_root() < 0)
		return 1;
	return cmocka_run_group_tests(tests, NULL, NULL);
}
