/*
 * Real-time mode: the timer fd wakes the owner for the next vertical
 * interrupt, sim_dispatch() raises it, and the frame counter follows
 * CLOCK_MONOTONIC. Runs for a quarter of a second of wall time.
 */
#include <errno.h>
#include <poll.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <time.h>

#include <cmocka.h>

#include "sim_test_util.h"

#define RUN_NS 250000000ull

static uint64_t monotonic_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

static void test_timer_and_frames(void **state)
{
	struct sim_options opts = { .scenario_json = st_no_vbios_default(),
				    .clock = SIM_CLOCK_REAL };
	struct sim_error err = { { 0 } };
	struct sim *sim;
	struct dc_hw *hw;
	const uint32_t vi =
		CRTC_VERTICAL_INTERRUPT0_CONTROL__CRTC_VERTICAL_INTERRUPT0_INT_ENABLE_MASK;
	unsigned timer_wakeups = 0, interrupts = 0;
	uint64_t t_enable, t_end, now, frames, expect;

	(void)state;
	assert_int_equal(sim_create(&opts, &sim, &err), 0);
	assert_false(sim_is_virtual(sim));
	assert_int_equal(sim_advance(sim, 1), -EPERM);
	assert_true(sim_timer_fd(sim) >= 0);
	hw = sim_hw(sim);
	st_pll_program(hw, 0, 1, 44, 8); /* really sleeps 100 us */
	dc_hw_write(hw, mmCRTC_VERTICAL_INTERRUPT0_POSITION,
		    DC_FIELD(CRTC_VERTICAL_INTERRUPT0_POSITION, CRTC_VERTICAL_INTERRUPT0_LINE_START,
			     1102));
	dc_hw_write(hw, mmCRTC_VERTICAL_INTERRUPT0_CONTROL, vi);
	t_enable = monotonic_ns();
	st_crtc_program(hw, 0, 0, 2200, 1920, 1125, 1080);
	t_end = t_enable + RUN_NS;

	while ((now = monotonic_ns()) < t_end) {
		struct pollfd pfd[2] = {
			{ .fd = sim_timer_fd(sim), .events = POLLIN },
			{ .fd = sim_irq_fd(sim), .events = POLLIN },
		};
		int ms = (int)((t_end - now) / 1000000) + 1;

		assert_true(poll(pfd, 2, ms) >= 0);
		if (pfd[0].revents & POLLIN) {
			timer_wakeups++;
			assert_int_equal(sim_dispatch(sim), 0);
		}
		if (dc_hw_read(hw, mmCRTC_VERTICAL_INTERRUPT0_CONTROL) &
		    CRTC_VERTICAL_INTERRUPT0_CONTROL__CRTC_VERTICAL_INTERRUPT0_INT_STATUS_MASK) {
			interrupts++;
			dc_hw_write(
				hw, mmCRTC_VERTICAL_INTERRUPT0_CONTROL,
				vi | CRTC_VERTICAL_INTERRUPT0_CONTROL__CRTC_VERTICAL_INTERRUPT0_CLEAR_MASK);
		}
	}
	now = monotonic_ns();
	frames = dc_hw_read(hw, mmCRTC_STATUS_FRAME_COUNT);
	/* 60 Hz since the CRTC started, between t_enable and the read */
	expect = (now - t_enable) * 60 / 1000000000ull;
	assert_true(frames + 1 >= expect && frames <= expect + 1);
	/* one vertical interrupt per frame (the last may still be to come) */
	assert_true(interrupts + 1 >= frames && interrupts <= frames + 1);
	/* the owner was woken by the timer, not by polling */
	assert_true(timer_wakeups >= frames);
	assert_true(frames >= 12);
	sim_destroy(sim);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_timer_and_frames),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
