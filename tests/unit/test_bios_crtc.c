/*
 * Starting and stopping a CRTC with its pipe's front-end clock
 * (DCFE_CLOCK_CONTROL.DCFE_CLOCK_ENABLE): through the video BIOS's
 * EnableCRTC 1.1 (ENABLE_CRTC_PARAMETERS: the CRTC, then ATOM_ENABLE or
 * ATOM_DISABLE, as the kernel's DC calls it), run against the simulator on
 * AMD's Carrizo and Stoney images and on our own Tonga and Polaris images;
 * by the registers where an image has no such table.
 *
 * A pipe whose front end has no clock fetches nothing (the simulator's
 * model): its CRTC keeps its timing and its frames carry no picture. So a
 * Display Core that lit a pipe without the clock would show nothing.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "bios_rom.h"
#include "dc_bios.h"
#include "dc_link_test.h"
#include "dc_sim_test.h"
#include "dce110.h"

#define ATOM_DISABLE 0
#define ATOM_ENABLE  1

#define MS 1000000ull

/* bif_5_0_d.h: a scratch register no table of ours writes, for the recorder below */
#define mmBIOS_SCRATCH_0 0x5c9

#define SCENARIO(asic)                                                                        \
	"{ \"asic\": \"" asic "\", \"connectors\": [ { \"name\": \"DP-1\", \"type\": \"DP\"," \
	"  \"hpd\": 1, \"ddc\": 1, \"aux\": 1, \"encoder\": 0 } ] }"

static uint32_t crtc_reg(struct dc_hw *hw, unsigned pipe, uint32_t generic)
{
	return dc_hw_read(hw, generic + dce110_crtc_offsets[pipe]);
}

static bool fe_clocked(struct dc_hw *hw, unsigned pipe)
{
	return crtc_reg(hw, pipe, mmDCFE_CLOCK_CONTROL) &
	       DCFE_CLOCK_CONTROL__DCFE_CLOCK_ENABLE_MASK;
}

static bool master_en(struct dc_hw *hw, unsigned pipe)
{
	return crtc_reg(hw, pipe, mmCRTC_CONTROL) & CRTC_CONTROL__CRTC_MASTER_EN_MASK;
}

static int run_enable_crtc(struct dclt *t, unsigned pipe, unsigned action,
			   struct dc_bios_error *err)
{
	const struct dc_bios_run_limits lim = { .time_limit_ns = 100 * MS };
	uint32_t ps[8] = { pipe | action << 8 }; /* ucCRTC, ucEnable */

	return dc_bios_run(t->dc->bios, t->inner, DC_BIOS_CMD_ENABLE_CRTC, ps, 8, &lim, err);
}

/* Each pipe in turn: started with its clock, stopped without, the others left alone. */
static void start_and_stop_each_pipe(const char *json, enum dc_asic asic, unsigned pipes)
{
	struct dclt *t = dclt_create(json, asic);
	struct dc_bios_error err = { 0 };
	struct sim_stats ss;

	assert_non_null(t->dc->bios);
	for (unsigned p = 0; p < pipes; p++) {
		assert_false(fe_clocked(t->inner, p));
		assert_false(master_en(t->inner, p));
	}
	for (unsigned p = 0; p < pipes; p++) {
		if (run_enable_crtc(t, p, ATOM_ENABLE, &err))
			fail_msg("starting CRTC %u: %s", p, err.message);
		for (unsigned o = 0; o < pipes; o++) {
			assert_int_equal(fe_clocked(t->inner, o), o == p);
			assert_int_equal(master_en(t->inner, o), o == p);
		}
		if (run_enable_crtc(t, p, ATOM_DISABLE, &err))
			fail_msg("stopping CRTC %u: %s", p, err.message);
		assert_false(fe_clocked(t->inner, p));
		assert_false(master_en(t->inner, p));
		assert_false(crtc_reg(t->inner, p, mmCRTC_CONTROL) &
			     CRTC_CONTROL__CRTC_CURRENT_MASTER_EN_STATE_MASK);
	}
	sim_get_stats(t->sim, &ss);
	assert_int_equal(ss.bad_reg_accesses, 0);
	dclt_destroy(t);
}

static void carrizo_image(void **state)
{
	(void)state;
	start_and_stop_each_pipe(SCENARIO("carrizo"), DC_ASIC_CARRIZO, 3);
}

static void stoney_image(void **state)
{
	(void)state;
	start_and_stop_each_pipe(SCENARIO("stoney"), DC_ASIC_STONEY, 2);
}

static void own_tonga_image(void **state)
{
	(void)state;
	start_and_stop_each_pipe(SCENARIO("tonga"), DC_ASIC_TONGA, 6);
}

static void own_polaris_image(void **state)
{
	(void)state;
	start_and_stop_each_pipe(SCENARIO("polaris10"), DC_ASIC_POLARIS10, 6);
}

/*
 * Display Core on AMD's Carrizo image: a commit leaves each new stream's
 * pipe running with its front end clocked, and pictures on screen; the
 * pipe of a stream that goes is stopped with its clock off; the pipe that
 * stays keeps both and its pictures.
 */
static void display_core_clocks_the_pipes_it_runs(void **state)
{
	struct dst *t = dst_create(NULL, DC_ASIC_CARRIZO);
	unsigned hdmi = dst_link(t, "HDMI-A-1"), edp = dst_link(t, "eDP-1");
	const unsigned both[] = { hdmi, edp };
	unsigned frames, pictures;
	int ph, pe;

	(void)state;
	assert_true(t->dc->bios_crtc);
	dst_commit_links(t, both, 2, 0x808080);
	ph = dst_pipe_of(t, hdmi);
	pe = dst_pipe_of(t, edp);
	assert_true(ph >= 0 && pe >= 0);
	for (unsigned i = 0; i < 2; i++) {
		unsigned p = (unsigned)(i ? pe : ph);

		assert_true(fe_clocked(t->hw, p));
		assert_true(master_en(t->hw, p));
		dst_watch(t, p, 100 * MS, &frames, &pictures);
		assert_true(frames >= 5);
		assert_int_equal(pictures, frames);
	}

	dst_commit_links(t, &edp, 1, 0x808080);
	assert_int_equal(dst_pipe_of(t, edp), pe);
	assert_false(master_en(t->hw, (unsigned)ph));
	assert_false(fe_clocked(t->hw, (unsigned)ph));
	assert_true(fe_clocked(t->hw, (unsigned)pe));
	dst_watch(t, (unsigned)pe, 100 * MS, &frames, &pictures);
	assert_true(frames >= 5);
	assert_int_equal(pictures, frames);
	dst_destroy(t);
}

/*
 * Without the front end's clock a running pipe shows no picture (frames
 * go on, with nothing fetched); with it back, the picture is back.
 */
static void a_pipe_without_its_clock_fetches_nothing(void **state)
{
	struct dst *t = dst_create(NULL, DC_ASIC_CARRIZO);
	unsigned edp = dst_link(t, "eDP-1");
	unsigned frames, pictures, p;
	uint32_t reg;

	(void)state;
	dst_commit_links(t, &edp, 1, 0x808080);
	p = (unsigned)dst_pipe_of(t, edp);
	reg = mmDCFE_CLOCK_CONTROL + dce110_crtc_offsets[p];
	dc_hw_write(t->hw, reg, 0);
	dst_watch(t, p, 100 * MS, &frames, &pictures);
	assert_true(frames >= 5);
	assert_int_equal(pictures, 0);

	dc_hw_write(t->hw, reg, DCFE_CLOCK_CONTROL__DCFE_CLOCK_ENABLE_MASK);
	dst_watch(t, p, 100 * MS, &frames, &pictures);
	assert_true(frames >= 5);
	assert_int_equal(pictures, frames);
	dst_destroy(t);
}

/*
 * Display Core runs the image's EnableCRTC with the CRTC and the action,
 * the kernel's way: a table of the test's own that only records its
 * parameters in a scratch register leaves the CRTC as it was. An image
 * without the table gets the same result as AMD's from the registers.
 */
static void display_core_runs_the_images_table(void **state)
{
	struct dst *t = dst_create(SCENARIO("tonga"), DC_ASIC_TONGA);
	static const uint32_t scratch0 = mmBIOS_SCRATCH_0;
	struct dc_error err;
	struct rom rom;

	(void)state;
	rom_init_for_dc(&rom);
	rom_add_recording_cmd(&rom, DC_BIOS_CMD_ENABLE_CRTC, 1, 4, &scratch0, 1);
	rom_finish(&rom);
	assert_int_equal(dc_set_vbios(t->dc, rom.b, sizeof(rom.b), &err), 0);
	assert_true(t->dc->bios_crtc);
	assert_int_equal(dc_crtc_enable(t->dc, 4, true), 0);
	assert_int_equal(dc_hw_read(t->hw, mmBIOS_SCRATCH_0), 4 | ATOM_ENABLE << 8);
	assert_false(master_en(t->hw, 4));
	assert_false(fe_clocked(t->hw, 4));
	assert_int_equal(dc_crtc_enable(t->dc, 3, false), 0);
	assert_int_equal(dc_hw_read(t->hw, mmBIOS_SCRATCH_0), 3 | ATOM_DISABLE << 8);

	/* the same image without EnableCRTC: the registers */
	rom_init_for_dc(&rom);
	rom_finish(&rom);
	assert_int_equal(dc_set_vbios(t->dc, rom.b, sizeof(rom.b), &err), 0);
	assert_false(t->dc->bios_crtc);
	dc_hw_write(t->hw, mmBIOS_SCRATCH_0, 0);
	assert_int_equal(dc_crtc_enable(t->dc, 4, true), 0);
	assert_true(master_en(t->hw, 4));
	assert_true(fe_clocked(t->hw, 4));
	assert_int_equal(dc_crtc_enable(t->dc, 4, false), 0);
	assert_false(master_en(t->hw, 4));
	assert_false(fe_clocked(t->hw, 4));
	assert_int_equal(dc_hw_read(t->hw, mmBIOS_SCRATCH_0), 0);
	dst_destroy(t);
}

/* The CRTC's timing registers read back as m, sync polarities included. */
static void assert_timing(struct dc_hw *hw, unsigned pipe, const struct drm_mode_modeinfo *m)
{
	struct drm_mode_modeinfo back = { 0 };
	const uint32_t pol = DRM_MODE_FLAG_PHSYNC | DRM_MODE_FLAG_NHSYNC | DRM_MODE_FLAG_PVSYNC |
			     DRM_MODE_FLAG_NVSYNC;

	assert_int_equal(dce110_tg_read_timing(hw, pipe, &back), 0);
	assert_int_equal(back.hdisplay, m->hdisplay);
	assert_int_equal(back.hsync_start, m->hsync_start);
	assert_int_equal(back.hsync_end, m->hsync_end);
	assert_int_equal(back.htotal, m->htotal);
	assert_int_equal(back.vdisplay, m->vdisplay);
	assert_int_equal(back.vsync_start, m->vsync_start);
	assert_int_equal(back.vsync_end, m->vsync_end);
	assert_int_equal(back.vtotal, m->vtotal);
	assert_int_equal(back.flags & pol, m->flags & pol);
}

#define HDMI_SCENARIO(asic)                                                                \
	"{ \"asic\": \"" asic "\", \"clock\": \"virtual\", \"connectors\": [ { \"name\": " \
	"\"HDMI-A-1\", \"type\": \"HDMI\", \"hpd\": 1, \"ddc\": 1, \"encoder\": 1, "       \
	"\"display\": { \"edid\": { \"input\": \"hdmi\", \"preferred\": \"cta-1080p60\", " \
	"\"vics\": [ 1, 4, 16 ] } } } ] }"

/*
 * The images' SetCRTC_UsingDTDTiming times the CRTC (AMD's Carrizo image,
 * our own Tonga and Polaris images): for CTA VICs 1 (both syncs
 * negative), 4 and 16 the registers read back as the mode, the frames
 * come at its rate, and the start line of the pipe's requests is what the
 * kernel sets after the table (line 4, prefetch).
 */
static void times_crtcs_through_the_table(const char *json, enum dc_asic asic)
{
	static const unsigned vics[] = { 1, 4, 16 };
	struct dst *t = dst_create(json, asic);
	unsigned hdmi = dst_link(t, "HDMI-A-1");

	assert_true(t->dc->bios_dtd);
	for (unsigned i = 0; i < 3; i++) {
		struct dc_state st = { .stream_count = 1 };
		const struct dc_stream *s;
		struct sim_frame h[8];
		struct dc_error err;
		unsigned p;
		uint64_t frame_ns;

		dst_stream_vic(t, hdmi, vics[i], &st.streams[0], dst_fb(t, 640, 480, 0x2040ff));
		if (dc_commit(t->dc, &st, &err))
			fail_msg("VIC %u: %s", vics[i], err.message);
		s = &dc_current_state(t->dc)->streams[0];
		p = (unsigned)s->res.timing_generator;
		assert_timing(t->hw, p, &s->mode);
		/* the prefetch and legacy requestor bits lie elsewhere on DCE 10 */
		assert_int_equal(
			crtc_reg(t->hw, p, mmCRTC_START_LINE_CONTROL) &
				(CRTC_START_LINE_CONTROL__CRTC_ADVANCED_START_LINE_POSITION_MASK |
				 t->dc->pool->regs->start_line_prefetch_mask |
				 t->dc->pool->regs->start_line_legacy_requestor_mask),
			DC_FIELD(CRTC_START_LINE_CONTROL, CRTC_ADVANCED_START_LINE_POSITION, 4) |
				t->dc->pool->regs->start_line_prefetch_mask);
		assert_int_equal(sim_advance(t->sim, 200 * MS), 0);
		assert_int_equal(sim_scanout_history(t->sim, p, h, 8), 8);
		frame_ns = (uint64_t)s->mode.htotal * s->mode.vtotal * 1000000000ull /
			   ((uint64_t)s->mode.clock * 1000);
		for (unsigned f = 1; f < 8; f++) {
			uint64_t dt = h[f].start_ns - h[f - 1].start_ns; /* oldest first */

			if (dt + frame_ns / 1000 < frame_ns || dt > frame_ns + frame_ns / 1000)
				fail_msg("VIC %u: frames %llu ns apart, %llu ns expected", vics[i],
					 (unsigned long long)dt, (unsigned long long)frame_ns);
		}
	}
	dst_destroy(t);
}

static void carrizo_times_crtcs_through_its_table(void **state)
{
	(void)state;
	times_crtcs_through_the_table(NULL, DC_ASIC_CARRIZO);
}

static void own_images_time_crtcs_through_their_table(void **state)
{
	(void)state;
	times_crtcs_through_the_table(HDMI_SCENARIO("tonga"), DC_ASIC_TONGA);
	times_crtcs_through_the_table(HDMI_SCENARIO("polaris10"), DC_ASIC_POLARIS10);
}

/*
 * Display Core hands SetCRTC_UsingDTDTiming the mode as the kernel does
 * (SET_CRTC_USING_DTD_TIMING_PARAMETERS: sizes, blanking, sync offsets
 * and widths, active-low syncs in the misc bits, no borders, the CRTC): a
 * table of the test's own copies its parameters to scratch registers.
 * Without the table, the registers get the timing directly.
 */
static void display_core_hands_the_table_the_mode(void **state)
{
	struct dst *t = dst_create(SCENARIO("tonga"), DC_ASIC_TONGA);
	struct dc_mode mode;
	const struct drm_mode_modeinfo *m = &mode.info;
	uint32_t scratch[6];
	struct dc_error err;
	struct rom rom;

	(void)state;
	assert_int_equal(dc_mode_from_vic(&mode, 1), 0); /* 640x480, both syncs negative */
	for (unsigned d = 0; d < 6; d++)
		scratch[d] = mmBIOS_SCRATCH_0 + d;
	rom_init_for_dc(&rom);
	rom_add_recording_cmd(&rom, DC_BIOS_CMD_SET_CRTC_USING_DTD_TIMING, 3, 24, scratch, 6);
	rom_finish(&rom);
	assert_int_equal(dc_set_vbios(t->dc, rom.b, sizeof(rom.b), &err), 0);
	assert_true(t->dc->bios_dtd);
	assert_int_equal(dc_crtc_program_timing(t->dc, 5, m), 0);
	assert_int_equal(dc_hw_read(t->hw, mmBIOS_SCRATCH_0), 640 | 160 << 16);
	assert_int_equal(dc_hw_read(t->hw, mmBIOS_SCRATCH_0 + 1), 480 | 45 << 16);
	assert_int_equal(dc_hw_read(t->hw, mmBIOS_SCRATCH_0 + 2), 16 | 96 << 16);
	assert_int_equal(dc_hw_read(t->hw, mmBIOS_SCRATCH_0 + 3), 10 | 2 << 16);
	assert_int_equal(dc_hw_read(t->hw, mmBIOS_SCRATCH_0 + 4), 0x2 | 0x4); /* H, V active low */
	assert_int_equal(dc_hw_read(t->hw, mmBIOS_SCRATCH_0 + 5), 5);
	assert_int_equal(crtc_reg(t->hw, 5, mmCRTC_H_TOTAL), 0); /* left to the table */

	/* our own Tonga image has no such table: the registers, DCE 10's start-line bits */
	t->dc->bios_dtd = false;
	assert_int_equal(dc_crtc_program_timing(t->dc, 5, m), 0);
	assert_timing(t->hw, 5, m);
	assert_int_equal(crtc_reg(t->hw, 5, mmCRTC_START_LINE_CONTROL) &
				 DCE100_CRTC_START_LINE_CONTROL__CRTC_PREFETCH_EN_MASK,
			 DCE100_CRTC_START_LINE_CONTROL__CRTC_PREFETCH_EN_MASK);
	dst_destroy(t);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(carrizo_image),
		cmocka_unit_test(stoney_image),
		cmocka_unit_test(own_tonga_image),
		cmocka_unit_test(own_polaris_image),
		cmocka_unit_test(display_core_clocks_the_pipes_it_runs),
		cmocka_unit_test(a_pipe_without_its_clock_fetches_nothing),
		cmocka_unit_test(display_core_runs_the_images_table),
		cmocka_unit_test(carrizo_times_crtcs_through_its_table),
		cmocka_unit_test(own_images_time_crtcs_through_their_table),
		cmocka_unit_test(display_core_hands_the_table_the_mode),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
