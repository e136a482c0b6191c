/*
 * dc_commit on the simulated engine: the default scenario lit in its
 * preferred modes (capture, CRTC state, refresh rate), commits that change
 * nothing write nothing, validation writes nothing, snapshot and adopt,
 * timing synchronization, and the stage functions.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>
#include <drm_fourcc.h>

#include "dc_sim_test.h"
#include "dce110_regs.h"

#define NS_PER_S 1000000000ull

static const uint32_t colors[] = { 0x00c03010, 0x0010c030, 0x003010c0 };

/* The three displays of the default scenario, lit in their preferred modes. */
static void commit_default(struct dst *t, struct dc_state *st)
{
	static const char *const names[] = { "DP-1", "HDMI-A-1", "eDP-1" };
	struct dc_error err;

	*st = (struct dc_state){ .stream_count = 3 };
	for (unsigned i = 0; i < 3; i++) {
		unsigned link = dst_link(t, names[i]);
		const struct dc_mode *m;
		size_t n;

		m = dc_sink_modes(dc_link_sink(t->dc, link), &n);
		dst_stream(t, link, &st->streams[i],
			   dst_fb(t, m[0].info.hdisplay, m[0].info.vdisplay, colors[i]));
	}
	assert_int_equal(dc_commit(t->dc, st, &err), 0);
}

static uint32_t crtc(struct dst *t, unsigned tg, uint32_t reg)
{
	return dc_hw_read(t->hw, reg + dce110_crtc_offsets[tg]);
}

/* Frames since frame 0 as a fraction: counter plus position in the frame. */
static double frames_now(struct dst *t, unsigned tg, const struct drm_mode_modeinfo *m)
{
	uint32_t f = crtc(t, tg, mmCRTC_STATUS_FRAME_COUNT);
	uint32_t pos = crtc(t, tg, mmCRTC_STATUS_POSITION);
	double px = (double)DC_FIELD_GET(pos, CRTC_STATUS_POSITION, CRTC_VERT_COUNT) * m->htotal +
		    DC_FIELD_GET(pos, CRTC_STATUS_POSITION, CRTC_HORZ_COUNT);

	return DC_FIELD_GET(f, CRTC_STATUS_FRAME_COUNT, CRTC_FRAME_COUNT) +
	       px / ((double)m->htotal * m->vtotal);
}

/* Every pixel of pipe tg's visible frame is xrgb. */
static void assert_shows(struct dst *t, unsigned tg, uint32_t xrgb, unsigned w, unsigned h)
{
	uint8_t *rgb = NULL;
	unsigned cw, ch;
	size_t wrong = 0;

	assert_int_equal(sim_capture_rgb(t->sim, tg, &rgb, &cw, &ch), 0);
	assert_int_equal(cw, w);
	assert_int_equal(ch, h);
	for (size_t i = 0; i < (size_t)w * h; i++)
		wrong += rgb[3 * i] != ((xrgb >> 16) & 0xff) ||
			 rgb[3 * i + 1] != ((xrgb >> 8) & 0xff) || rgb[3 * i + 2] != (xrgb & 0xff);
	free(rgb);
	assert_int_equal(wrong, 0);
}

static void default_scenario_lights_three_displays(void **state)
{
	struct dst *t = dst_create(NULL, DC_ASIC_CARRIZO);
	static const char *const names[] = { "dcd UHD DP", "dcd FHD HDMI", "dcd eDP panel" };
	static const char *const links[] = { "DP-1", "HDMI-A-1", "eDP-1" };
	struct dc_state st;
	double f0[3];

	/* detection: the three displays with exactly the EDIDs the monitors serve */
	for (unsigned i = 0; i < 3; i++) {
		unsigned link = dst_link(t, links[i]);
		struct dc_sink *sink = dc_link_sink(t->dc, link);
		uint8_t ref[512];
		const uint8_t *edid;
		size_t size;

		assert_non_null(sink);
		edid = dc_sink_edid(sink, &size);
		assert_true(size >= 128 && size <= sizeof(ref) && size % 128 == 0);
		if (dc_link_type(t->dc, link) == DC_LINK_HDMI_A)
			dclt_ref_edid_ddc(t->lt, dst_conn(t, link), ref, (unsigned)size / 128);
		else
			dclt_ref_edid_aux(t->lt, dst_conn(t, link), ref, (unsigned)size / 128);
		assert_memory_equal(edid, ref, size);
		assert_int_equal(ref[126], size / 128 - 1);
		assert_string_equal(dc_sink_edid_info(sink)->base.name, names[i]);
	}
	assert_int_equal(dc_link_count(t->dc), 3);
	commit_default(t, &st);

	for (unsigned i = 0; i < 3; i++) {
		const struct dc_stream *s = &dc_current_state(t->dc)->streams[i];
		unsigned tg = (unsigned)s->res.timing_generator;

		assert_true(crtc(t, tg, mmCRTC_CONTROL) &
			    CRTC_CONTROL__CRTC_CURRENT_MASTER_EN_STATE_MASK);
		assert_false(crtc(t, tg, mmCRTC_BLANK_CONTROL) &
			     CRTC_BLANK_CONTROL__CRTC_CURRENT_BLANK_STATE_MASK);
		assert_shows(t, tg, colors[i], s->mode.hdisplay, s->mode.vdisplay);
		f0[i] = frames_now(t, tg, &s->mode);
	}
	assert_int_equal(dc_current_state(t->dc)->streams[0].mode.hdisplay, 3840);

	/* ten seconds of virtual time: the frame counters against the modes' rates */
	assert_int_equal(sim_advance(t->sim, 10 * NS_PER_S), 0);
	for (unsigned i = 0; i < 3; i++) {
		const struct dc_stream *s = &dc_current_state(t->dc)->streams[i];
		double measured =
			(frames_now(t, (unsigned)s->res.timing_generator, &s->mode) - f0[i]) *
			100.0; /* frames per 10 s -> mHz */
		double expected = dst_refresh_mhz(&s->mode);
		double rel = (measured - expected) / expected;

		print_message("%s: %.3f mHz measured, %.3f mHz expected, relative error %.2e\n",
			      links[i], measured, expected, rel);
		assert_true(rel < 1e-4 && rel > -1e-4);
	}
	dst_destroy(t);
}

static void same_state_again_writes_nothing(void **state)
{
	struct dst *t = dst_create(NULL, DC_ASIC_CARRIZO);
	struct dc_state st;
	struct dc_error err;

	commit_default(t, &st);
	assert_int_equal(sim_trace_start(t->sim, 4096), 0);
	assert_int_equal(dc_commit(t->dc, &st, &err), 0);
	assert_int_equal(dc_commit(t->dc, dc_current_state(t->dc), &err), 0);
	assert_int_equal(sim_trace_count(t->sim), 0);
	dst_destroy(t);
}

/* A new format and address on one display: its plane registers, nothing else. */
static void plane_update_touches_only_planes(void **state)
{
	struct dst *t = dst_create(NULL, DC_ASIC_CARRIZO);
	struct dc_state st, next;
	struct dc_error err;
	struct sim_frame h[64];
	unsigned tg;
	int n;

	commit_default(t, &st);
	next = *dc_current_state(t->dc);
	tg = (unsigned)next.streams[1].res.timing_generator;
	next.streams[1].primary.format = DRM_FORMAT_XBGR8888;
	next.streams[1].primary.address = dst_fb(t, 1920, 1080, 0x00c00030);
	assert_int_equal(sim_advance(t->sim, 5000000), 0);
	assert_int_equal(sim_trace_start(t->sim, 4096), 0);
	assert_int_equal(dc_commit(t->dc, &next, &err), 0);
	assert_true(sim_trace_count_block(t->sim, SIM_BLOCK_DCP, (int)tg) > 0);
	assert_int_equal(sim_trace_count(t->sim),
			 sim_trace_count_block(t->sim, SIM_BLOCK_DCP, (int)tg));
	assert_int_equal(sim_advance(t->sim, 40000000), 0);
	/* XBGR: the red and blue bytes swapped on screen */
	assert_shows(t, tg, 0x003000c0, 1920, 1080);
	n = sim_scanout_history(t->sim, tg, h, 64);
	for (int i = 0; i < n; i++)
		assert_false(h[i].blanked);
	dst_destroy(t);
}

static void validate_and_prepare_write_nothing(void **state)
{
	struct dst *t = dst_create(NULL, DC_ASIC_CARRIZO);
	struct dc_state st, copy;
	struct dc_commit c;
	struct dc_error err;

	assert_int_equal(sim_trace_start(t->sim, 4096), 0);
	commit_default(t, &st); /* builds st; the commit itself writes, of course */
	assert_true(sim_trace_count(t->sim) > 0);
	assert_int_equal(sim_trace_start(t->sim, 4096), 0);
	copy = st;
	copy.streams[0].bpc = 7; /* a refused state too */
	assert_int_equal(dc_validate(t->dc, &st, &err), 0);
	assert_true(dc_validate(t->dc, &copy, &err) < 0);
	st.streams[1].primary.address += 0x100000; /* a plane update prepared, not run */
	assert_int_equal(dc_commit_prepare(t->dc, &st, &c, &err), 0);
	assert_int_equal(c.update[1], DC_UPDATE_PLANES);
	assert_int_equal(sim_trace_count(t->sim), 0);
	dst_destroy(t);
}

static void snapshot_equals_commit_and_adopt_writes_nothing(void **state)
{
	struct dst *t = dst_create(NULL, DC_ASIC_CARRIZO);
	struct dc_state st, snap, snap2;
	struct dc_error err;
	struct dc *dc2 = NULL;
	struct dc_board board;

	commit_default(t, &st);
	/* a cursor and a blank color that are not the defaults */
	st.streams[1].cursor = (struct dc_cursor){ .enabled = true,
						   .width = 64,
						   .height = 64,
						   .address = 0x200000000ull,
						   .x = 100,
						   .y = 50,
						   .hot_x = 3,
						   .hot_y = 4 };
	st.streams[1].blank_color = 0x00102030;
	assert_int_equal(dc_commit(t->dc, &st, &err), 0);

	assert_int_equal(dc_snapshot(t->dc, &snap), 0);
	assert_int_equal(snap.stream_count, 3);
	assert_true(dc_state_equal(&snap, dc_current_state(t->dc)));
	assert_true(dc_state_equal(&snap, &st) == false); /* st has no resources filled */
	for (unsigned i = 0; i < 3; i++) {
		const struct dc_stream *c = &dc_current_state(t->dc)->streams[i];
		const struct dc_stream *s = NULL;

		for (unsigned j = 0; j < 3; j++) {
			if (snap.streams[j].link == c->link)
				s = &snap.streams[j];
		}
		assert_non_null(s);
		assert_int_equal(s->mode.clock, c->mode.clock);
		assert_int_equal(s->mode.vtotal, c->mode.vtotal);
		assert_int_equal(s->res.signal, c->res.signal);
		assert_int_equal(s->primary.address, c->primary.address);
	}
	/* equality is not blind: one field off makes it unequal */
	snap2 = snap;
	snap2.streams[2].mode.hsync_end++;
	assert_false(dc_state_equal(&snap2, dc_current_state(t->dc)));
	snap2 = snap;
	snap2.streams[0].res.clock_source = 1;
	assert_false(dc_state_equal(&snap2, dc_current_state(t->dc)));

	/*
	 * A restarted daemon: a new core over the same engine reads the hardware
	 * back and adopts it before it detects (detection of a DP link nobody
	 * drives retrains it to verify its capability: adopted, it is driven).
	 */
	board = t->dc->board;
	assert_int_equal(dc_create(t->hw, &board, &dc2), 0);
	dst_give_vbios(t, dc2);
	assert_int_equal(sim_trace_start(t->sim, 65536), 0);
	assert_int_equal(dc_snapshot(dc2, &snap2), 0);
	assert_true(dc_state_equal(&snap2, &snap));
	assert_int_equal(dc_adopt(dc2, &snap2), 0);
	assert_int_equal(sim_trace_count(t->sim), 0);
	for (unsigned l = 0; l < dc_link_count(dc2); l++)
		assert_int_equal(dc_link_detect(dc2, l), 0);
	/* detection talks over DDC and AUX, and leaves the running outputs alone */
	assert_true(sim_trace_count(t->sim) > 0);
	assert_int_equal(sim_trace_count_block(t->sim, SIM_BLOCK_CRTC, -1), 0);
	assert_int_equal(sim_trace_count_block(t->sim, SIM_BLOCK_DCP, -1), 0);
	assert_int_equal(sim_trace_count_block(t->sim, SIM_BLOCK_DIG, -1), 0);
	assert_int_equal(sim_trace_count_block(t->sim, SIM_BLOCK_DCCG, -1), 0);
	{ /* nothing outside the register aperture (no simulator-only register) */
		struct sim_stats ss;

		sim_get_stats(t->sim, &ss);
		assert_int_equal(ss.bad_reg_accesses, 0);
	}
	assert_int_equal(sim_trace_start(t->sim, 4096), 0);
	assert_int_equal(dc_commit(dc2, &snap2, &err), 0);
	assert_int_equal(dc_commit(dc2, dc_current_state(t->dc), &err), 0);
	assert_int_equal(sim_trace_count(t->sim), 0);
	assert_true(dc_state_equal(dc_current_state(dc2), dc_current_state(t->dc)));
	dc_destroy(dc2);
	dst_destroy(t);
}

/* Two streams with the CTA 1080p60 timing committed together start together. */
static void identical_timings_start_in_lockstep(void **state)
{
	struct dst *t = dst_create(NULL, DC_ASIC_CARRIZO);
	struct dc_state st = { .stream_count = 2 };
	struct sim_frame h0[64], h1[64];
	struct dc_error err;
	unsigned tg0, tg1;
	int n0, n1;

	dst_stream_vic(t, dst_link(t, "DP-1"), 16, &st.streams[0], dst_fb(t, 1920, 1080, 0xff));
	dst_stream_vic(t, dst_link(t, "HDMI-A-1"), 16, &st.streams[1],
		       dst_fb(t, 1920, 1080, 0xff00));
	assert_int_equal(sim_advance(t->sim, 1234567), 0);
	assert_int_equal(dc_commit(t->dc, &st, &err), 0);
	tg0 = (unsigned)dc_current_state(t->dc)->streams[0].res.timing_generator;
	tg1 = (unsigned)dc_current_state(t->dc)->streams[1].res.timing_generator;
	/* different clock sources: DP DTO and a PLL, both exactly 148.5 MHz */
	assert_int_equal(dc_current_state(t->dc)->streams[0].res.clock_source,
			 DC_CLOCK_SOURCE_DP_DTO);
	assert_true(dc_current_state(t->dc)->streams[1].res.clock_source < DC_CLOCK_SOURCE_DP_DTO);
	assert_int_equal(sim_advance(t->sim, 3 * NS_PER_S + 777), 0);
	assert_int_equal(crtc(t, tg0, mmCRTC_STATUS_POSITION),
			 crtc(t, tg1, mmCRTC_STATUS_POSITION));
	n0 = sim_scanout_history(t->sim, tg0, h0, 64);
	n1 = sim_scanout_history(t->sim, tg1, h1, 64);
	assert_int_equal(n0, SIM_SCANOUT_HISTORY);
	assert_int_equal(n1, SIM_SCANOUT_HISTORY);
	for (int i = 0; i < n0; i++)
		assert_int_equal(h0[i].start_ns, h1[i].start_ns);
	dst_destroy(t);
}

/* The stages called one by one do what dc_commit does, and say what changes. */
static void stages_one_by_one(void **state)
{
	struct dst *t = dst_create(NULL, DC_ASIC_CARRIZO);
	struct dc_state st, next;
	struct dc_commit c;
	struct dc_error err;
	unsigned hdmi = dst_link(t, "HDMI-A-1"), edp = dst_link(t, "eDP-1"), tg_hdmi, tg_dp;

	commit_default(t, &st);
	tg_dp = (unsigned)dc_current_state(t->dc)->streams[0].res.timing_generator;
	tg_hdmi = (unsigned)dc_current_state(t->dc)->streams[1].res.timing_generator;
	next = *dc_current_state(t->dc);
	next.streams[0].blank_color = 0x00ffffff; /* DP-1: plane-level only */
	next.streams[1] = next.streams[2];	  /* HDMI goes, eDP moves to index 1 */
	next.stream_count = 2;
	assert_int_equal(dc_commit_prepare(t->dc, &next, &c, &err), 0);
	assert_int_equal(c.update[0], DC_UPDATE_PLANES);
	assert_int_equal(c.update[1], DC_UPDATE_NONE);
	assert_true(c.remove[1]);
	assert_false(c.remove[0] || c.remove[2]);
	assert_int_equal(dc_commit_disable_removed(t->dc, &c, &err), 0);
	assert_int_equal(dc_commit_program_timing(t->dc, &c, &err), 0);
	assert_int_equal(dc_commit_program_planes(t->dc, &c, &err), 0);
	assert_int_equal(dc_commit_enable_links(t->dc, &c, &err), 0);
	assert_int_equal(dc_commit_unblank(t->dc, &c, &err), 0);
	dc_commit_finish(t->dc, &c);
	assert_int_equal(dc_current_state(t->dc)->stream_count, 2);
	assert_int_equal(dc_committed_index(t->dc, hdmi), -1);
	assert_int_equal(dc_committed_index(t->dc, edp), 1);
	assert_false(crtc(t, tg_hdmi, mmCRTC_CONTROL) & CRTC_CONTROL__CRTC_MASTER_EN_MASK);
	assert_int_equal(crtc(t, tg_dp, mmCRTC_BLANK_DATA_COLOR), 0x3fffffff);
	assert_true(crtc(t, tg_dp, mmCRTC_CONTROL) &
		    CRTC_CONTROL__CRTC_CURRENT_MASTER_EN_STATE_MASK);
	dst_destroy(t);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(default_scenario_lights_three_displays),
		cmocka_unit_test(same_state_again_writes_nothing),
		cmocka_unit_test(plane_update_touches_only_planes),
		cmocka_unit_test(validate_and_prepare_write_nothing),
		cmocka_unit_test(snapshot_equals_commit_and_adopt_writes_nothing),
		cmocka_unit_test(identical_timings_start_in_lockstep),
		cmocka_unit_test(stages_one_by_one),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
