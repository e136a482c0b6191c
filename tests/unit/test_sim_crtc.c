/*
 * Timing generators, pixel clocks, surface flips, scanout history and the
 * register trace, in virtual time.
 */
#include <poll.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "sim_test_util.h"

#define MS 1000000ull
#define S  1000000000ull

/* CTA 1080p60: 148.5 MHz, 2200 x 1125. st_crtc_program puts V_BLANK_START at
 * line (1125 - 1080) / 2 + 1080 = 1102. */
#define HT  2200
#define VT  1125
#define VBS 1102

static bool irq_readable(struct sim *sim)
{
	struct pollfd pfd = { .fd = sim_irq_fd(sim), .events = POLLIN };

	return poll(&pfd, 1, 0) == 1;
}

/* Counts V_UPDATE interrupts (one per frame at V_BLANK_START) over ns. */
static unsigned count_vblanks(struct sim *sim, unsigned n, uint64_t ns)
{
	struct dc_hw *hw = sim_hw(sim);
	uint32_t o = dce110_crtc_offsets[n];
	unsigned count = 0;

	for (uint64_t t = 0; t < ns; t += MS) {
		sim_advance(sim, MS);
		if (dc_hw_read(hw, mmCRTC_V_UPDATE_INT_STATUS + o) &
		    CRTC_V_UPDATE_INT_STATUS__CRTC_V_UPDATE_INT_OCCURRED_MASK) {
			assert_true(irq_readable(sim));
			count++;
			dc_hw_write(hw, mmCRTC_V_UPDATE_INT_STATUS + o,
				    CRTC_V_UPDATE_INT_STATUS__CRTC_V_UPDATE_INT_CLEAR_MASK);
		}
	}
	return count;
}

/* V_BLANK_START lines that begin within P pixels of the frame start. */
static unsigned expected_vblanks(uint64_t pixels)
{
	uint64_t first = (uint64_t)VBS * HT;

	return pixels < first ? 0 : (unsigned)((pixels - first) / ((uint64_t)HT * VT) + 1);
}

static struct sim *setup_1080p(uint32_t ref, uint32_t fb)
{
	struct sim *sim = st_create(st_no_vbios_default());
	struct dc_hw *hw = sim_hw(sim);

	st_pll_program(hw, 0, ref, fb, 8);
	assert_true(dc_hw_read(hw, mmBPHYC_PLL0_PLL_CNTL) & PLL_CNTL__PLL_LOCKED_MASK);
	dc_hw_write(hw, mmCRTC_INTERRUPT_CONTROL,
		    DC_FIELD(CRTC_INTERRUPT_CONTROL, CRTC_V_UPDATE_INT_MSK, 1));
	st_crtc_program(hw, 0, 0, HT, 1920, VT, 1080);
	assert_true(dc_hw_read(hw, mmCRTC_CONTROL) &
		    CRTC_CONTROL__CRTC_CURRENT_MASTER_EN_STATE_MASK);
	return sim;
}

static void test_600_vblanks_in_10s(void **state)
{
	/* 27 MHz x 44 / (1 x 8) = 148.5 MHz */
	struct sim *sim = setup_1080p(1, 44);
	uint32_t frames;

	(void)state;
	assert_int_equal(count_vblanks(sim, 0, 10 * S), 600);
	frames = dc_hw_read(sim_hw(sim), mmCRTC_STATUS_FRAME_COUNT);
	assert_int_equal(DC_FIELD_GET(frames, CRTC_STATUS_FRAME_COUNT, CRTC_FRAME_COUNT), 600);
	sim_destroy(sim);
}

static void test_wrong_dividers_wrong_rate(void **state)
{
	/* 27 MHz x 43 / 8 = 145.125 MHz: 58.64 Hz */
	struct sim *sim = setup_1080p(1, 43);
	unsigned expect = expected_vblanks(145125000ull * 10);

	(void)state;
	assert_int_equal(expect, 586);
	assert_int_equal(count_vblanks(sim, 0, 10 * S), expect);
	sim_destroy(sim);

	/* the reference divider: 27 MHz x 87 / (2 x 8) = 146.8125 MHz, 59.32 Hz */
	sim = setup_1080p(2, 87);
	expect = expected_vblanks(146812500ull * 10);
	assert_int_equal(expect, 593);
	assert_int_equal(count_vblanks(sim, 0, 10 * S), expect);
	sim_destroy(sim);
}

static void test_bad_pll_gives_no_clock(void **state)
{
	struct sim *sim = st_create(st_no_vbios_default());
	struct dc_hw *hw = sim_hw(sim);

	(void)state;
	/* VCO 27 x 50 = 1350 MHz is outside 600..1200: never locks */
	st_pll_program(hw, 0, 1, 50, 8);
	assert_false(dc_hw_read(hw, mmBPHYC_PLL0_PLL_CNTL) & PLL_CNTL__PLL_LOCKED_MASK);
	st_crtc_program(hw, 0, 0, HT, 1920, VT, 1080);
	assert_false(dc_hw_read(hw, mmCRTC_CONTROL) &
		     CRTC_CONTROL__CRTC_CURRENT_MASTER_EN_STATE_MASK);
	sim_advance(sim, 100 * MS);
	assert_int_equal(dc_hw_read(hw, mmCRTC_STATUS_FRAME_COUNT), 0);
	/* fixed dividers: the CRTC starts once the PLL locks */
	st_pll_program(hw, 0, 1, 44, 8);
	assert_true(dc_hw_read(hw, mmCRTC_CONTROL) &
		    CRTC_CONTROL__CRTC_CURRENT_MASTER_EN_STATE_MASK);
	sim_destroy(sim);
}

static void test_dp_dto_clock(void **state)
{
	struct sim *sim = st_create(st_no_vbios_default());
	struct dc_hw *hw = sim_hw(sim);
	uint32_t pos;

	(void)state;
	/* 600 MHz x 1485 / 6000 = 148.5 MHz */
	dc_hw_write(hw, mmDP_DTO0_PHASE, 1485);
	dc_hw_write(hw, mmDP_DTO0_MODULO, 6000);
	dc_hw_write(hw, mmCRTC0_PIXEL_RATE_CNTL, CRTC0_PIXEL_RATE_CNTL__DP_DTO0_ENABLE_MASK);
	dc_hw_write(hw, mmCRTC_INTERRUPT_CONTROL,
		    DC_FIELD(CRTC_INTERRUPT_CONTROL, CRTC_V_UPDATE_INT_MSK, 1));
	st_crtc_program(hw, 0, ST_PLL_NONE, HT, 1920, VT, 1080);
	assert_int_equal(count_vblanks(sim, 0, 10 * S), 600);
	/* 10 s + 1 ms + 10 lines: position counts from the frame start */
	sim_advance(sim, 1 * MS);
	pos = dc_hw_read(hw, mmCRTC_STATUS_POSITION);
	assert_int_equal(DC_FIELD_GET(pos, CRTC_STATUS_POSITION, CRTC_VERT_COUNT),
			 148500 / HT); /* 1 ms = 148500 pixels = 67 lines + 1100 */
	assert_int_equal(DC_FIELD_GET(pos, CRTC_STATUS_POSITION, CRTC_HORZ_COUNT), 148500 % HT);
	sim_destroy(sim);
}

static void grph_setup(struct dc_hw *hw, unsigned n, uint64_t addr)
{
	uint32_t o = dce110_crtc_offsets[n];

	dc_hw_write(hw, mmDCFE_CLOCK_CONTROL + o, DCFE_CLOCK_CONTROL__DCFE_CLOCK_ENABLE_MASK);
	dc_hw_write(hw, mmGRPH_ENABLE + o, 1);
	dc_hw_write(hw, mmGRPH_INTERRUPT_CONTROL + o,
		    DC_FIELD(GRPH_INTERRUPT_CONTROL, GRPH_PFLIP_INT_MASK, 1));
	dc_hw_write(hw, mmGRPH_PRIMARY_SURFACE_ADDRESS_HIGH + o, (uint32_t)(addr >> 32));
	dc_hw_write(hw, mmGRPH_PRIMARY_SURFACE_ADDRESS + o, (uint32_t)addr);
}

static uint64_t inuse(struct dc_hw *hw, unsigned n)
{
	uint32_t o = dce110_crtc_offsets[n];

	return (uint64_t)dc_hw_read(hw, mmGRPH_SURFACE_ADDRESS_HIGH_INUSE + o) << 32 |
	       dc_hw_read(hw, mmGRPH_SURFACE_ADDRESS_INUSE + o);
}

static uint32_t vcount(struct dc_hw *hw, unsigned n)
{
	return DC_FIELD_GET(dc_hw_read(hw, mmCRTC_STATUS_POSITION + dce110_crtc_offsets[n]),
			    CRTC_STATUS_POSITION, CRTC_VERT_COUNT);
}

static void test_flip_latches_at_vblank(void **state)
{
	struct sim *sim = setup_1080p(1, 44);
	struct dc_hw *hw = sim_hw(sim);
	const uint64_t a = 0x100000000ull, b = 0x100800000ull;
	uint64_t line_ns = (uint64_t)HT * 1000000000ull / 148500000ull; /* 14.8 us */

	(void)state;
	grph_setup(hw, 0, a); /* the CRTC runs: pending until V_UPDATE */
	sim_advance(sim, 20 * MS);
	assert_true(inuse(hw, 0) == a);
	dc_hw_write(hw, mmGRPH_INTERRUPT_STATUS, GRPH_INTERRUPT_STATUS__GRPH_PFLIP_INT_CLEAR_MASK);
	dc_hw_write(hw, mmCRTC_V_UPDATE_INT_STATUS,
		    CRTC_V_UPDATE_INT_STATUS__CRTC_V_UPDATE_INT_CLEAR_MASK);
	assert_false(irq_readable(sim));

	/* mid-frame, line ~300 */
	while (vcount(hw, 0) < 300 || vcount(hw, 0) > 400)
		sim_advance(sim, 1 * MS);
	dc_hw_write(hw, mmGRPH_PRIMARY_SURFACE_ADDRESS_HIGH, (uint32_t)(b >> 32));
	dc_hw_write(hw, mmGRPH_PRIMARY_SURFACE_ADDRESS, (uint32_t)b);
	assert_true(dc_hw_read(hw, mmGRPH_UPDATE) & GRPH_UPDATE__GRPH_SURFACE_UPDATE_PENDING_MASK);
	assert_true(inuse(hw, 0) == a);
	/* just before V_BLANK_START: still the old one */
	sim_advance(sim, (VBS - vcount(hw, 0) - 1) * line_ns);
	assert_true(inuse(hw, 0) == a);
	assert_false(dc_hw_read(hw, mmGRPH_INTERRUPT_STATUS) &
		     GRPH_INTERRUPT_STATUS__GRPH_PFLIP_INT_OCCURRED_MASK);
	sim_advance(sim, 2 * line_ns);
	assert_true(inuse(hw, 0) == b);
	assert_false(dc_hw_read(hw, mmGRPH_UPDATE) & GRPH_UPDATE__GRPH_SURFACE_UPDATE_PENDING_MASK);
	assert_true(dc_hw_read(hw, mmGRPH_INTERRUPT_STATUS) &
		    GRPH_INTERRUPT_STATUS__GRPH_PFLIP_INT_OCCURRED_MASK);
	assert_true(irq_readable(sim));
	dc_hw_write(hw, mmGRPH_INTERRUPT_STATUS, GRPH_INTERRUPT_STATUS__GRPH_PFLIP_INT_CLEAR_MASK);
	dc_hw_write(hw, mmCRTC_V_UPDATE_INT_STATUS,
		    CRTC_V_UPDATE_INT_STATUS__CRTC_V_UPDATE_INT_CLEAR_MASK);
	assert_false(irq_readable(sim));

	/* held by GRPH_UPDATE_LOCK across a vblank, taken at the next one */
	dc_hw_write(hw, mmGRPH_UPDATE, GRPH_UPDATE__GRPH_UPDATE_LOCK_MASK);
	dc_hw_write(hw, mmGRPH_PRIMARY_SURFACE_ADDRESS, (uint32_t)a);
	sim_advance(sim, 20 * MS);
	assert_true(inuse(hw, 0) == b);
	dc_hw_write(hw, mmGRPH_UPDATE, 0);
	sim_advance(sim, 20 * MS);
	assert_true(inuse(hw, 0) == a);

	/* immediate flip: at once, with the interrupt */
	dc_hw_write(hw, mmGRPH_INTERRUPT_STATUS, GRPH_INTERRUPT_STATUS__GRPH_PFLIP_INT_CLEAR_MASK);
	dc_hw_write(hw, mmGRPH_FLIP_CONTROL,
		    GRPH_FLIP_CONTROL__GRPH_SURFACE_UPDATE_IMMEDIATE_EN_MASK);
	dc_hw_write(hw, mmGRPH_PRIMARY_SURFACE_ADDRESS, (uint32_t)b);
	assert_true(inuse(hw, 0) == b);
	assert_true(dc_hw_read(hw, mmGRPH_INTERRUPT_STATUS) &
		    GRPH_INTERRUPT_STATUS__GRPH_PFLIP_INT_OCCURRED_MASK);
	sim_destroy(sim);
}

static void test_scanout_history(void **state)
{
	struct sim *sim = setup_1080p(1, 44);
	struct dc_hw *hw = sim_hw(sim);
	struct sim_frame f[8];
	int n;

	(void)state;
	grph_setup(hw, 0, 0x1000);
	sim_advance(sim, 90 * MS); /* frames 0..5 started, the last at 83.4 ms */
	dc_hw_write(hw, mmGRPH_PRIMARY_SURFACE_ADDRESS, 0x2000);
	dc_hw_write(hw, mmCRTC_BLANK_CONTROL, CRTC_BLANK_CONTROL__CRTC_BLANK_DATA_EN_MASK);
	sim_advance(sim, 34 * MS); /* frames 6 and 7 at 100.1 and 116.8 ms */
	n = sim_scanout_history(sim, 0, f, 8);
	assert_int_equal(n, 8);
	for (int i = 0; i < n; i++) {
		assert_int_equal(f[i].frame, (uint64_t)i);
		assert_true(f[i].start_ns >= 100000 + (uint64_t)i * 16666666);
		assert_true(f[i].start_ns <= 100000 + (uint64_t)i * 16666667 + 1);
	}
	/* the first frame started before the surface address was written */
	assert_int_equal(f[0].address, 0);
	assert_int_equal(f[1].address, 0x1000);
	assert_int_equal(f[5].address, 0x1000);
	assert_false(f[5].blanked);
	assert_int_equal(f[6].address, 0x2000);
	assert_true(f[6].blanked);
	assert_true(f[7].blanked);
	n = sim_scanout_history(sim, 0, f, 2);
	assert_int_equal(n, 2);
	assert_int_equal(f[1].frame, 7);
	sim_destroy(sim);
}

static void test_trace_by_block(void **state)
{
	struct sim *sim = st_create(st_no_vbios_default());
	struct dc_hw *hw = sim_hw(sim);
	struct sim_trace_entry e;
	int inst;

	(void)state;
	assert_int_equal(sim_trace_start(sim, 64), 0);
	st_pll_program(hw, 1, 1, 44, 8);
	st_crtc_program(hw, 1, 1, HT, 1920, VT, 1080);
	assert_int_equal(sim_trace_count_block(sim, SIM_BLOCK_CRTC, 0), 0);
	assert_int_equal(sim_trace_count_block(sim, SIM_BLOCK_CRTC, 1), 7);
	assert_int_equal(sim_trace_count_block(sim, SIM_BLOCK_PLL, 1), 5);
	assert_int_equal(sim_trace_count_block(sim, SIM_BLOCK_PLL, 0), 0);
	{ /* nothing outside the register aperture (no simulator-only register) */
		struct sim_stats ss;

		sim_get_stats(sim, &ss);
		assert_int_equal(ss.bad_reg_accesses, 0);
	}
	assert_int_equal(sim_trace_count_block(sim, SIM_BLOCK_DCCG, 1), 1);
	assert_int_equal(sim_trace_count(sim), 13);
	assert_int_equal(sim_trace_get(sim, 12, &e), 0);
	assert_int_equal(e.reg, mmCRTC_CONTROL + dce110_crtc_offsets[1]);
	assert_int_equal(e.value, 1);
	assert_int_equal(sim_reg_block(sim, mmGRPH_ENABLE + dce110_crtc_offsets[2], &inst),
			 SIM_BLOCK_DCP);
	assert_int_equal(inst, 2);
	assert_int_equal(sim_reg_block(sim, mmAUX_SW_DATA + dce110_aux_offsets[5], &inst),
			 SIM_BLOCK_AUX);
	assert_int_equal(inst, 5);
	assert_int_equal(sim_reg_block(sim, mmDP_CONFIG + dce110_dig_offsets[8], &inst),
			 SIM_BLOCK_DIG);
	assert_int_equal(inst, 8);
	/* a ring: old entries fall out */
	for (int i = 0; i < 100; i++)
		dc_hw_write(hw, mmDCO_SCRATCH0, (uint32_t)i);
	assert_int_equal(sim_trace_count(sim), 64);
	assert_int_equal(sim_trace_get(sim, 63, &e), 0);
	assert_int_equal(e.value, 99);
	assert_int_equal(sim_trace_count_block(sim, SIM_BLOCK_CRTC, -1), 0);
	sim_trace_stop(sim);
	sim_destroy(sim);
}

static void test_profile_limits_pipes(void **state)
{
	struct sim *sim = st_create(
		"{ \"asic\": \"stoney\", \"vbios\": \"\", \"connectors\": [ { \"type\": \"HDMI\","
		" \"hpd\": 1, \"ddc\": 1, \"encoder\": 0 } ] }");
	struct dc_hw *hw = sim_hw(sim);

	(void)state;
	st_pll_program(hw, 0, 1, 44, 8);
	st_crtc_program(hw, 2, 0, HT, 1920, VT, 1080); /* Stoney has two */
	assert_false(dc_hw_read(hw, mmCRTC_CONTROL + dce110_crtc_offsets[2]) &
		     CRTC_CONTROL__CRTC_CURRENT_MASTER_EN_STATE_MASK);
	st_crtc_program(hw, 1, 0, HT, 1920, VT, 1080);
	assert_true(dc_hw_read(hw, mmCRTC_CONTROL + dce110_crtc_offsets[1]) &
		    CRTC_CONTROL__CRTC_CURRENT_MASTER_EN_STATE_MASK);
	sim_destroy(sim);
}

/* Lines between the starts of the last two frames in the history, rounded. */
static double last_frame_lines(struct sim *sim, uint64_t *address)
{
	struct sim_frame f[2];

	assert_int_equal(sim_scanout_history(sim, 0, f, 2), 2);
	if (address)
		*address = f[1].address;
	return (double)(f[1].start_ns - f[0].start_ns) * 148.5e6 / 1e9 / HT;
}

/* Runs until the CRTC is in line from..to of the current frame. */
static void run_to_line(struct sim *sim, uint32_t from, uint32_t to)
{
	for (int i = 0;
	     i < 200000 && (vcount(sim_hw(sim), 0) < from || vcount(sim_hw(sim), 0) > to); i++)
		sim_advance(sim, 10000);
	assert_in_range(vcount(sim_hw(sim), 0), from, to);
}

/* Runs until the next frame starts (the vertical count wraps). */
static void run_to_next_frame(struct sim *sim)
{
	uint32_t v = vcount(sim_hw(sim), 0);

	for (int i = 0; i < 200000 && vcount(sim_hw(sim), 0) >= v; i++) {
		v = vcount(sim_hw(sim), 0);
		sim_advance(sim, 10000);
	}
}

static void flip_to(struct dc_hw *hw, uint64_t addr)
{
	dc_hw_write(hw, mmGRPH_PRIMARY_SURFACE_ADDRESS_HIGH, (uint32_t)(addr >> 32));
	dc_hw_write(hw, mmGRPH_PRIMARY_SURFACE_ADDRESS, (uint32_t)addr);
}

/*
 * Variable refresh: V_TOTAL_MIN 1124 (60 Hz), V_TOTAL_MAX 2249 (30 Hz),
 * both SEL bits. Without a flip a frame has 2250 lines; a flip in line v
 * ends it after line max(v, 1124); a flip held by the lock counts when the
 * lock is released; SEL off restores 1125.
 */
static void test_vrr_frame_lengths(void **state)
{
	struct sim *sim = setup_1080p(1, 44);
	struct dc_hw *hw = sim_hw(sim);
	const uint64_t a = 0x100000000ull, b = 0x100800000ull;
	const uint32_t sel = CRTC_V_TOTAL_CONTROL__CRTC_V_TOTAL_MIN_SEL_MASK |
			     CRTC_V_TOTAL_CONTROL__CRTC_V_TOTAL_MAX_SEL_MASK;
	uint64_t shown;
	uint32_t v;

	(void)state;
	grph_setup(hw, 0, a);
	dc_hw_write(hw, mmCRTC_V_TOTAL_MIN, VT - 1);
	dc_hw_write(hw, mmCRTC_V_TOTAL_MAX, 2 * VT - 1);
	dc_hw_write(hw, mmCRTC_V_TOTAL_CONTROL, sel);
	sim_advance(sim, 200 * MS);
	assert_in_range((uint64_t)(last_frame_lines(sim, NULL) + 0.5), 2 * VT, 2 * VT);

	/* a flip in active video: the frame ends after V_TOTAL_MIN, the next shows b */
	run_to_line(sim, 300, 400);
	flip_to(hw, b);
	run_to_next_frame(sim);
	sim_advance(sim, 10000);
	assert_true(last_frame_lines(sim, &shown) > VT - 1 && last_frame_lines(sim, NULL) < VT + 1);
	assert_true(shown == b);

	/* no flip: V_TOTAL_MAX ends the frame and b shows again */
	run_to_next_frame(sim);
	sim_advance(sim, 10000);
	assert_true(last_frame_lines(sim, &shown) > 2 * VT - 1);
	assert_true(shown == b);

	/* a flip in the stretched front porch, line ~1600: the frame ends there */
	run_to_line(sim, 1600, 1650);
	v = vcount(hw, 0);
	flip_to(hw, a);
	assert_true(inuse(hw, 0) == b);
	run_to_next_frame(sim);
	sim_advance(sim, 10000);
	assert_true(inuse(hw, 0) == a);
	if (last_frame_lines(sim, &shown) < v || last_frame_lines(sim, NULL) > v + 2)
		fail_msg("flip in line %u: the frame had %.2f lines", v,
			 last_frame_lines(sim, NULL));
	assert_true(shown == a);

	/* held by GRPH_UPDATE_LOCK: the release is the request */
	run_to_line(sim, 1300, 1350);
	dc_hw_write(hw, mmGRPH_UPDATE, GRPH_UPDATE__GRPH_UPDATE_LOCK_MASK);
	flip_to(hw, b);
	run_to_line(sim, 1800, 1850);
	v = vcount(hw, 0);
	dc_hw_write(hw, mmGRPH_UPDATE, 0);
	run_to_next_frame(sim);
	sim_advance(sim, 10000);
	if (last_frame_lines(sim, &shown) < v || last_frame_lines(sim, NULL) > v + 2)
		fail_msg("lock released in line %u: the frame had %.2f lines", v,
			 last_frame_lines(sim, NULL));
	assert_true(shown == b);

	/* off: fixed frames again */
	dc_hw_write(hw, mmCRTC_V_TOTAL_CONTROL, 0);
	sim_advance(sim, 100 * MS);
	assert_in_range((uint64_t)(last_frame_lines(sim, NULL) + 0.5), VT, VT);
	sim_destroy(sim);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_600_vblanks_in_10s),
		cmocka_unit_test(test_wrong_dividers_wrong_rate),
		cmocka_unit_test(test_bad_pll_gives_no_clock),
		cmocka_unit_test(test_dp_dto_clock),
		cmocka_unit_test(test_flip_latches_at_vblank),
		cmocka_unit_test(test_vrr_frame_lengths),
		cmocka_unit_test(test_scanout_history),
		cmocka_unit_test(test_trace_by_block),
		cmocka_unit_test(test_profile_limits_pipes),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
