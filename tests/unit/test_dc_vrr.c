/*
 * Variable refresh on the simulated engine: a DP Adaptive-Sync monitor at
 * 48-144 Hz (EDID range limits with continuous frequency, DPCD
 * MSA_TIMING_PAR_IGNORED) validated, programmed (CRTC_V_TOTAL_MIN/MAX/
 * CONTROL, MSA_TIMING_PAR_IGNORE_EN), and flipped at irregular intervals:
 * every frame's start checked against the register semantics (a frame
 * ends after line max(v, V_TOTAL_MIN) when a flip arrives in line v, after
 * V_TOTAL_MAX without one) within one line time, every flip's timestamp
 * against the frame that shows it. Refusals: a DP sink without the DPCD
 * bit, an HDMI sink, a mode outside the range.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "dc_sim_test.h"
#include "dce110_regs.h"

#define NS_PER_MS 1000000ull

// clang-format off
/* 1920x1080 at exactly 144 Hz: 2080 x 1125 at 336.96 MHz; 48 Hz is 3375 lines */
#define MODE144 "{ \"pixel_khz\": 336960, \"h\": [ 1920, 48, 32, 80 ], \"v\": [ 1080, 3, 5, 37 ] }"
#define RANGE "\"range\": { \"v_hz\": [ 48, 144 ], \"h_khz\": [ 30, 200 ], \"max_pixel_mhz\": 400 }"
static const char scenario[] = "{ \"asic\": \"tonga\", \"connectors\": ["
	"{ \"name\": \"DP-1\", \"type\": \"DP\", \"hpd\": 1, \"ddc\": 1, \"aux\": 1, \"encoder\": 0,"
	"  \"display\": { \"edid\": { \"name\": \"vrr 144\", \"input\": \"dp\","
	"  \"preferred\": " MODE144 ", " RANGE " },"
	"  \"dp\": { \"msa_timing_par_ignored\": true } } },"
	"{ \"name\": \"DP-2\", \"type\": \"DP\", \"hpd\": 2, \"ddc\": 2, \"aux\": 2, \"encoder\": 1,"
	"  \"display\": { \"edid\": { \"name\": \"no msa\", \"input\": \"dp\","
	"  \"preferred\": " MODE144 ", " RANGE " } } },"
	"{ \"name\": \"HDMI-A-1\", \"type\": \"HDMI\", \"hpd\": 3, \"ddc\": 3, \"encoder\": 2,"
	"  \"display\": { \"edid\": { \"name\": \"hdmi range\", \"preferred\": \"cta-1080p60\","
	"  \"vics\": [ 16 ], \"hdmi\": { }, " RANGE " } } } ] }";
// clang-format on

static uint32_t pipe_reg(struct dst *t, unsigned tg, uint32_t reg)
{
	return dc_hw_read(t->hw, reg + dce110_crtc_offsets[tg]);
}

static int validate_vrr(struct dst *t, unsigned link, struct dc_state *st, struct dc_error *err)
{
	*st = (struct dc_state){ .stream_count = 1 };
	dst_stream(t, link, &st->streams[0], dst_fb(t, 1920, 1080, 0x00203040));
	st->streams[0].vrr = true;
	return dc_validate(t->dc, st, err);
}

static void capability_and_refusals(void **state)
{
	struct dst *t = dst_create(scenario, DC_ASIC_TONGA);
	struct dc_link_status ls;
	struct dc_state st;
	struct dc_error err;
	const struct drm_mode_modeinfo *m;
	uint16_t lo, hi;
	char why[200];

	(void)state;
	assert_int_equal(dc_link_get_status(t->dc, dst_link(t, "DP-1"), &ls), 0);
	assert_int_equal(ls.vrr_min_hz, 48);
	assert_int_equal(ls.vrr_max_hz, 144);
	assert_false(ls.non_desktop);
	assert_false(ls.vrr_active);

	/* validation: V_TOTAL_MAX from the minimum rate, rounded down */
	assert_int_equal(validate_vrr(t, dst_link(t, "DP-1"), &st, &err), 0);
	m = &st.streams[0].mode;
	assert_in_range(dst_refresh_mhz(m), 143500, 144500);
	assert_int_equal(st.streams[0].res.vrr_vtotal_max,
			 (uint64_t)m->clock * 1000 / ((uint64_t)m->htotal * 48));

	/* no MSA_TIMING_PAR_IGNORED: no range, and the reason */
	assert_int_equal(dc_link_get_status(t->dc, dst_link(t, "DP-2"), &ls), 0);
	assert_int_equal(ls.vrr_max_hz, 0);
	assert_int_equal(dc_link_vrr_range(t->dc, dst_link(t, "DP-2"), &lo, &hi, why, sizeof(why)),
			 -EOPNOTSUPP);
	assert_non_null(strstr(why, "DP-2: the DP receiver does not set MSA_TIMING_PAR_IGNORED"));
	assert_int_equal(validate_vrr(t, dst_link(t, "DP-2"), &st, &err), -EINVAL);
	assert_int_equal(err.code, DC_ERR_VRR);
	assert_non_null(strstr(err.message, "MSA_TIMING_PAR_IGNORED"));
	/* the same stream without vrr is fine */
	st.streams[0].vrr = false;
	assert_int_equal(dc_validate(t->dc, &st, &err), 0);

	/* HDMI with a range in its EDID: not Adaptive-Sync */
	assert_int_equal(validate_vrr(t, dst_link(t, "HDMI-A-1"), &st, &err), -EINVAL);
	assert_int_equal(err.code, DC_ERR_VRR);
	assert_non_null(strstr(err.message, "HDMI-A-1: the sink takes HDMI"));

	/* a mode faster than the range */
	assert_int_equal(validate_vrr(t, dst_link(t, "DP-1"), &st, &err), 0);
	st.streams[0].mode.clock = st.streams[0].mode.clock / 144 * 160;
	st.streams[0].vrr = true;
	assert_int_equal(dc_validate(t->dc, &st, &err), -EINVAL);
	assert_int_equal(err.code, DC_ERR_VRR);
	assert_non_null(strstr(err.message, "outside the sink's variable refresh range 48-144 Hz"));
	dst_destroy(t);
}

/* The test's own model of the CRTC: one frame's length from its flip request, in lines. */
static unsigned model_lines(uint64_t start, uint64_t flip_ns, double line_ns, unsigned vmin,
			    unsigned vmax)
{
	uint64_t v;

	if (flip_ns < start || (double)(flip_ns - start) >= vmax * line_ns)
		return vmax; /* no flip in this frame: V_TOTAL_MAX ends it */
	v = (uint64_t)((double)(flip_ns - start) / line_ns);
	return (unsigned)(v + 1 > vmin ? v + 1 : vmin);
}

static void irregular_flips(void **state)
{
	struct dst *t = dst_create(scenario, DC_ASIC_TONGA);
	unsigned link = dst_link(t, "DP-1"), tg, vmin, vmax, vbe;
	struct dc_link_status ls;
	struct dc_state st;
	struct dc_error err;
	struct sim_frame h[64];
	uint64_t fb[2], submit[40], seen = 0;
	double line_ns, worst_frame = 0, worst_ts = 0;
	uint32_t lcg = 12345;
	uint8_t ctrl = 0;
	int n, checked = 0;

	(void)state;
	fb[0] = dst_fb(t, 1920, 1080, 0x00ff0000);
	fb[1] = dst_fb(t, 1920, 1080, 0x0000ff00);
	assert_int_equal(validate_vrr(t, link, &st, &err), 0);
	st.streams[0].primary.address = fb[1];
	assert_int_equal(dc_commit(t->dc, &st, &err), 0);
	tg = (unsigned)dc_current_state(t->dc)->streams[0].res.timing_generator;
	vmin = st.streams[0].mode.vtotal;
	vmax = st.streams[0].res.vrr_vtotal_max;
	vbe = st.streams[0].mode.vtotal - st.streams[0].mode.vsync_start;
	line_ns = st.streams[0].mode.htotal * 1e6 / st.streams[0].mode.clock;

	/* programming: the registers and the sink's MSA ignore */
	assert_int_equal(pipe_reg(t, tg, mmCRTC_V_TOTAL_MIN), vmin - 1);
	assert_int_equal(pipe_reg(t, tg, mmCRTC_V_TOTAL_MAX), vmax - 1);
	assert_int_equal(pipe_reg(t, tg, mmCRTC_V_TOTAL_CONTROL) &
				 (CRTC_V_TOTAL_CONTROL__CRTC_V_TOTAL_MIN_SEL_MASK |
				  CRTC_V_TOTAL_CONTROL__CRTC_V_TOTAL_MAX_SEL_MASK),
			 CRTC_V_TOTAL_CONTROL__CRTC_V_TOTAL_MIN_SEL_MASK |
				 CRTC_V_TOTAL_CONTROL__CRTC_V_TOTAL_MAX_SEL_MASK);
	assert_int_equal(dc_read_dpcd(t->dc, link, 0x107, &ctrl, 1), 0);
	assert_int_equal(ctrl & 0x80, 0x80);
	assert_int_equal(dc_link_get_status(t->dc, link, &ls), 0);
	assert_true(ls.vrr_active);

	/* no flips: frames of V_TOTAL_MAX + 1 lines (48 Hz) */
	dst_run(t, 100 * NS_PER_MS, NS_PER_MS);

	for (unsigned i = 0; i < 40; i++) {
		uint64_t extra;

		lcg = lcg * 1103515245u + 12345u;
		/* 0 to 30 ms after the previous flip completed: some frames end at
		 * V_TOTAL_MIN, some at the flip, some at V_TOTAL_MAX */
		extra = (uint64_t)((lcg >> 8) % 30000) * 1000;
		dst_run(t, extra, 100000);
		submit[i] = sim_now_ns(t->sim);
		assert_int_equal(dc_flip(t->dc, link, fb[i % 2], 0, i), 0);
		for (unsigned w = 0; t->nflips <= i && w < 400; w++)
			dst_run(t, 100000, 100000);
		assert_int_equal(t->nflips, i + 1);
	}
	dst_run(t, 30 * NS_PER_MS, 100000);

	/* each frame start against the previous one and the flip requested in it */
	n = sim_scanout_history(t->sim, tg, h, 64);
	assert_true(n > 40);
	for (int k = 0; k + 1 < n; k++) {
		uint64_t flip_ns = UINT64_MAX;
		double got, want, d;

		if (h[k].start_ns < submit[0] - 30 * NS_PER_MS)
			continue;
		for (unsigned i = 0; i < 40; i++)
			if (submit[i] >= h[k].start_ns && submit[i] < h[k + 1].start_ns)
				flip_ns = submit[i];
		got = (double)(h[k + 1].start_ns - h[k].start_ns);
		want = model_lines(h[k].start_ns, flip_ns, line_ns, vmin, vmax) * line_ns;
		d = got > want ? got - want : want - got;
		if (d > line_ns)
			fail_msg("frame %llu: %.0f ns, the registers say %.0f (flip at +%.0f ns)",
				 (unsigned long long)h[k].frame, got, want,
				 flip_ns == UINT64_MAX ? -1.0 : (double)(flip_ns - h[k].start_ns));
		worst_frame = d > worst_frame ? d : worst_frame;
		seen |= flip_ns == UINT64_MAX ? 1 : got < (vmin + 0.5) * line_ns ? 2 : 4;
		checked++;
	}
	/* frames ended by V_TOTAL_MAX, by V_TOTAL_MIN and by a late flip all occurred */
	assert_int_equal(seen, 7);

	/* each flip's time is the start of active video of the frame that shows it */
	for (unsigned i = 0; i < 40; i++) {
		const struct dst_flip *f = &t->flips[i];
		const struct sim_frame *fr = NULL;
		double d;

		for (int k = 0; k < n; k++)
			if (h[k].frame == f->seq)
				fr = &h[k];
		if (!fr)
			continue; /* older than the history */
		assert_int_equal(fr->address, fb[i % 2]);
		d = (double)f->ts_ns - ((double)fr->start_ns + vbe * line_ns);
		d = d < 0 ? -d : d;
		if (d > line_ns)
			fail_msg("flip %u: timestamp %llu, frame %llu starts active at %.0f", i,
				 (unsigned long long)f->ts_ns, (unsigned long long)f->seq,
				 fr->start_ns + vbe * line_ns);
		worst_ts = d > worst_ts ? d : worst_ts;
	}
	print_message("%d frames checked, worst frame length error %.1f ns, worst flip time "
		      "error %.1f ns (line %.1f ns)\n",
		      checked, worst_frame, worst_ts, line_ns);
	dst_destroy(t);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(capability_and_refusals),
		cmocka_unit_test(irregular_flips),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
