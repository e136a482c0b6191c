/*
 * FMT bit depth reduction committed by Display Core on the simulated
 * engine: an eDP panel whose EDID says 6 bpc is dithered to 6 bits (the
 * registers, and the captured pixels: low two bits 0, the documented 4x4
 * ordered pattern of the simulator), also behind an 8 bpc link; an 8 bpc
 * display gets every bit of an 8-bit surface; 10 bpc passes; YCbCr 4:2:2
 * sets the FMT pixel encoding.
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

/* The default scenario with the eDP panel's EDID saying 6 bits per color. */
static char *scenario_6bpc_panel(void)
{
	const char *def = sim_default_scenario();
	char *json = strdup(def);
	char *panel, *bpc;

	assert_non_null(json);
	panel = strstr(json, "dcd eDP panel");
	assert_non_null(panel);
	bpc = strstr(panel, "\"bpc\": 8");
	assert_non_null(bpc);
	bpc[strlen("\"bpc\": ")] = '6';
	return json;
}

/* Odd values in every component, so truncation shows. */
static uint32_t pattern(unsigned x, unsigned y)
{
	return ((x * 7 + y * 3 + 1) & 0xff) << 16 | ((x * 5 + 0x13) & 0xff) << 8 |
	       ((y * 9 + 0x81) & 0xff);
}

static uint64_t pattern_fb(struct dst *t, unsigned w, unsigned h)
{
	uint64_t address = dst_fb(t, w, h, 0);
	uint32_t *p = t->fbs[t->nfbs - 1].mem;

	for (unsigned y = 0; y < h; y++)
		for (unsigned x = 0; x < w; x++)
			p[(size_t)y * dst_pitch(w) / 4 + x] = pattern(x, y);
	return address;
}

static unsigned comp(uint32_t xrgb, int c)
{
	return (xrgb >> (16 - 8 * c)) & 0xff;
}

/* The eDP stream at bpc in its preferred mode, full-screen pattern; its pipe. */
static unsigned commit_edp(struct dst *t, unsigned bpc)
{
	struct dc_state st = { .stream_count = 1 };
	struct dc_error err;
	unsigned link = dst_link(t, "eDP-1");

	dst_stream(t, link, &st.streams[0], 0);
	st.streams[0].bpc = (uint8_t)bpc;
	st.streams[0].primary.address =
		pattern_fb(t, st.streams[0].mode.hdisplay, st.streams[0].mode.vdisplay);
	if (dc_commit(t->dc, &st, &err))
		fail_msg("%s", err.message);
	dst_run(t, 20000000, 1000000);
	return (unsigned)dc_current_state(t->dc)->streams[0].res.timing_generator;
}

static uint32_t fmt_depth(struct dst *t, unsigned tg)
{
	return dc_hw_read(t->hw, mmFMT_BIT_DEPTH_CONTROL + dce110_crtc_offsets[tg]);
}

static void assert_dithers_to_6(struct dst *t, unsigned tg)
{
	uint32_t v = fmt_depth(t, tg);

	assert_int_equal(DC_FIELD_GET(v, FMT_BIT_DEPTH_CONTROL, FMT_SPATIAL_DITHER_EN), 1);
	assert_int_equal(DC_FIELD_GET(v, FMT_BIT_DEPTH_CONTROL, FMT_SPATIAL_DITHER_DEPTH),
			 FMT_DEPTH_6BPC);
	assert_int_equal(DC_FIELD_GET(v, FMT_BIT_DEPTH_CONTROL, FMT_TRUNCATE_EN), 0);
	assert_int_equal(DC_FIELD_GET(v, FMT_BIT_DEPTH_CONTROL, FMT_TEMPORAL_DITHER_EN), 0);
}

static void edp_6bpc_panel_is_dithered(void **state)
{
	/* docs/sim.md: the simulator's spatial dither pattern */
	static const unsigned bayer[4][4] = {
		{ 0, 8, 2, 10 }, { 12, 4, 14, 6 }, { 3, 11, 1, 9 }, { 15, 7, 13, 5 }
	};
	char *json = scenario_6bpc_panel();
	struct dst *t = dst_create(json, DC_ASIC_CARRIZO);
	const struct dc_edid *edid = dc_sink_edid_info(dc_link_sink(t->dc, dst_link(t, "eDP-1")));
	unsigned tg, w, h;
	size_t wrong = 0, low_bits = 0;
	uint8_t *rgb;

	assert_non_null(edid);
	assert_int_equal(edid->base.bpc, 6);
	tg = commit_edp(t, 6);
	assert_dithers_to_6(t, tg);
	assert_int_equal(sim_capture_rgb(t->sim, tg, &rgb, &w, &h), 0);
	for (unsigned y = 0; y < h; y++)
		for (unsigned x = 0; x < w; x++)
			for (int c = 0; c < 3; c++) {
				unsigned v8 = comp(pattern(x, y), c), v10 = v8 << 2 | v8 >> 6;
				unsigned v6 = (v10 + bayer[y % 4][x % 4]) >> 4;
				uint8_t got = rgb[((size_t)y * w + x) * 3 + c];

				wrong += got != (v6 > 63 ? 63 : v6) << 2;
				low_bits += got & 3;
			}
	free(rgb);
	assert_int_equal(low_bits, 0);
	assert_int_equal(wrong, 0);
	dst_destroy(t);
	free(json);
}

/* The panel shows 6 bits even when the link carries 8: FMT still dithers to 6. */
static void edp_6bpc_panel_behind_8bpc_link(void **state)
{
	char *json = scenario_6bpc_panel();
	struct dst *t = dst_create(json, DC_ASIC_CARRIZO);

	assert_dithers_to_6(t, commit_edp(t, 8));
	dst_destroy(t);
	free(json);
}

/* An 8 bpc panel: nothing reduced, the low bits of the surface arrive. */
static void bpc8_truncates_nothing(void **state)
{
	struct dst *t = dst_create(NULL, DC_ASIC_CARRIZO);
	unsigned tg = commit_edp(t, 8), w, h;
	size_t wrong = 0, low_bits = 0;
	uint8_t *rgb;

	assert_int_equal(fmt_depth(t, tg), 0);
	assert_int_equal(sim_capture_rgb(t->sim, tg, &rgb, &w, &h), 0);
	for (unsigned y = 0; y < h; y++)
		for (unsigned x = 0; x < w; x++)
			for (int c = 0; c < 3; c++) {
				uint8_t got = rgb[((size_t)y * w + x) * 3 + c];

				wrong += got != comp(pattern(x, y), c);
				low_bits += got & 3;
			}
	free(rgb);
	assert_int_equal(wrong, 0);
	assert_true(low_bits > 0);
	dst_destroy(t);
}

/*
 * 6 bpc then 8 bpc on the 8 bpc panel (a modeset): dithering goes on, then
 * off again; committing the same state again writes nothing.
 */
static void depth_change_reprograms_fmt(void **state)
{
	struct dst *t = dst_create(NULL, DC_ASIC_CARRIZO);
	struct dc_error err;
	unsigned tg;

	assert_dithers_to_6(t, commit_edp(t, 6));
	tg = commit_edp(t, 8);
	assert_int_equal(fmt_depth(t, tg), 0);
	assert_int_equal(sim_trace_start(t->sim, 1024), 0);
	assert_int_equal(dc_commit(t->dc, dc_current_state(t->dc), &err), 0);
	assert_int_equal(sim_trace_count(t->sim), 0);
	dst_destroy(t);
}

/* 10 bpc on DP-1 (its EDID says 10): a 10-bit surface passes FMT untouched. */
static void bpc10_passes(void **state)
{
	struct dst *t = dst_create(NULL, DC_ASIC_CARRIZO);
	struct dc_state st = { .stream_count = 1 };
	struct dc_error err;
	uint32_t *p;
	unsigned tg, w, h;
	uint8_t *rgb;

	dst_stream_vic(t, dst_link(t, "DP-1"), 16, &st.streams[0], dst_fb(t, 1920, 1080, 0));
	st.streams[0].bpc = 10;
	st.streams[0].primary.format = DRM_FORMAT_XRGB2101010;
	p = t->fbs[t->nfbs - 1].mem;
	p[0] = 0x3ff << 20 | 0x155 << 10 | 0x003; /* red 1023, green 341, blue 3 */
	assert_int_equal(dc_commit(t->dc, &st, &err), 0);
	tg = (unsigned)dc_current_state(t->dc)->streams[0].res.timing_generator;
	dst_run(t, 20000000, 1000000);
	assert_int_equal(fmt_depth(t, tg), 0);
	assert_int_equal(sim_capture_rgb(t->sim, tg, &rgb, &w, &h), 0);
	assert_int_equal(rgb[0], 0xff);
	assert_int_equal(rgb[1], 0x155 >> 2);
	assert_int_equal(rgb[2], 0);
	free(rgb);
	dst_destroy(t);
}

/* YCbCr 4:2:2 on HDMI: FMT packs 4:2:2 (FMT_PIXEL_ENCODING 1); RGB clears it. */
static void ycbcr422_sets_pixel_encoding(void **state)
{
	struct dst *t = dst_create(NULL, DC_ASIC_CARRIZO);
	struct dc_state st = { .stream_count = 1 };
	struct dc_error err;
	unsigned tg;

	dst_stream_vic(t, dst_link(t, "HDMI-A-1"), 16, &st.streams[0], dst_fb(t, 1920, 1080, 0));
	st.streams[0].encoding = DC_ENCODING_YCBCR422;
	if (dc_commit(t->dc, &st, &err))
		fail_msg("%s", err.message);
	tg = (unsigned)dc_current_state(t->dc)->streams[0].res.timing_generator;
	assert_int_equal(DC_FIELD_GET(dc_hw_read(t->hw, mmFMT_CONTROL + dce110_crtc_offsets[tg]),
				      FMT_CONTROL, FMT_PIXEL_ENCODING),
			 1);
	assert_int_equal(dc_hw_read(t->hw, mmFMT_CLAMP_CNTL + dce110_crtc_offsets[tg]), 0);
	st.streams[0].encoding = DC_ENCODING_RGB;
	assert_int_equal(dc_commit(t->dc, &st, &err), 0);
	tg = (unsigned)dc_current_state(t->dc)->streams[0].res.timing_generator;
	assert_int_equal(DC_FIELD_GET(dc_hw_read(t->hw, mmFMT_CONTROL + dce110_crtc_offsets[tg]),
				      FMT_CONTROL, FMT_PIXEL_ENCODING),
			 0);
	dst_destroy(t);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(edp_6bpc_panel_is_dithered),
		cmocka_unit_test(edp_6bpc_panel_behind_8bpc_link),
		cmocka_unit_test(bpc8_truncates_nothing),
		cmocka_unit_test(depth_change_reprograms_fmt),
		cmocka_unit_test(bpc10_passes),
		cmocka_unit_test(ycbcr422_sets_pixel_encoding),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
