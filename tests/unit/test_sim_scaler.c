/*
 * The simulated scaler, line buffer and FMT driven through their registers:
 * bypass is the identity, 2x up and 2x down of a known pattern give what a
 * plain bilinear filter computes (written here independently of the
 * simulator's phase and tap arithmetic), overscan borders show the overscan
 * color, the SCL double buffer latches at V_UPDATE, the line buffer depth
 * drops bits, and FMT truncation, rounding and dithering reduce the output.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "scale_ref.h"
#include "sim_test_util.h"

#define ADDR	0x40000000ull
#define SURF_W	64
#define SURF_H	48
#define MAX_OUT (SURF_W * 2 * SURF_H * 2)

static uint32_t surface[SURF_W * SURF_H];

/* The test pattern: a red ramp across, a green ramp down, blue checks. */
static uint32_t pattern(unsigned x, unsigned y)
{
	return (x * 7 + 3) % 256 << 16 | (y * 11 + 5) % 256 << 8 | ((x + y) % 2 ? 0xe1 : 0x1e);
}

static unsigned comp(uint32_t xrgb, int c)
{
	return (xrgb >> (16 - 8 * c)) & 0xff;
}

/* A running pipe 0 with an active area of aw x ah showing the pattern surface. */
static struct sim *setup(unsigned aw, unsigned ah)
{
	struct sim *sim = st_create(st_no_vbios_default());
	struct dc_hw *hw = sim_hw(sim);

	for (unsigned y = 0; y < SURF_H; y++)
		for (unsigned x = 0; x < SURF_W; x++)
			surface[y * SURF_W + x] = pattern(x, y);
	assert_int_equal(sim_map_memory(sim, ADDR, surface, sizeof(surface)), 0);
	st_grph_program(hw, ADDR, DC_FIELD(GRPH_CONTROL, GRPH_DEPTH, 2), 0, SURF_W, SURF_H);
	st_pll_program(hw, 0, 1, 44, 8);
	st_crtc_program(hw, 0, 0, aw + 40, aw, ah + 20, ah);
	return sim;
}

static void viewport(struct dc_hw *hw, unsigned x, unsigned y, unsigned w, unsigned h)
{
	dc_hw_write(hw, mmVIEWPORT_START,
		    DC_FIELD(VIEWPORT_START, VIEWPORT_X_START, x) |
			    DC_FIELD(VIEWPORT_START, VIEWPORT_Y_START, y));
	dc_hw_write(hw, mmVIEWPORT_SIZE,
		    DC_FIELD(VIEWPORT_SIZE, VIEWPORT_WIDTH, w) |
			    DC_FIELD(VIEWPORT_SIZE, VIEWPORT_HEIGHT, h));
}

/*
 * Linear interpolation as a 4-tap, 16-phase filter: at phase p the two
 * middle taps weigh (16 - p) / 16 and p / 16. Loaded for phases 0..8.
 */
static void load_linear_4tap(struct dc_hw *hw, unsigned type)
{
	for (unsigned p = 0; p <= 8; p++) {
		uint32_t c1 = 256 * (16 - p), c2 = 256 * p;

		for (unsigned pair = 0; pair < 2; pair++) {
			dc_hw_write(hw, mmSCL_COEF_RAM_SELECT,
				    DC_FIELD(SCL_COEF_RAM_SELECT, SCL_C_RAM_FILTER_TYPE, type) |
					    DC_FIELD(SCL_COEF_RAM_SELECT, SCL_C_RAM_PHASE, p) |
					    DC_FIELD(SCL_COEF_RAM_SELECT, SCL_C_RAM_TAP_PAIR_IDX,
						     pair));
			/* pair 0: taps 0 (0) and 1 (c1); pair 1: taps 2 (c2) and 3 (0) */
			dc_hw_write(hw, mmSCL_COEF_RAM_TAP_DATA,
				    DC_FIELD(SCL_COEF_RAM_TAP_DATA, SCL_C_RAM_EVEN_TAP_COEF,
					     pair ? c2 : 0) |
					    SCL_COEF_RAM_TAP_DATA__SCL_C_RAM_EVEN_TAP_COEF_EN_MASK |
					    DC_FIELD(SCL_COEF_RAM_TAP_DATA, SCL_C_RAM_ODD_TAP_COEF,
						     pair ? 0 : c1) |
					    SCL_COEF_RAM_TAP_DATA__SCL_C_RAM_ODD_TAP_COEF_EN_MASK);
		}
	}
}

/* Scaling by src/dst per direction with 4 taps, phases as the public driver defines them. */
static void scale_4tap(struct dc_hw *hw, unsigned src_w, unsigned dst_w, unsigned src_h,
		       unsigned dst_h)
{
	/* ratio in 2.24; initial phase (ratio + taps + 1) / 2 */
	uint64_t hr = ((uint64_t)src_w << 24) / dst_w, vr = ((uint64_t)src_h << 24) / dst_h;
	uint64_t hi = (hr + (5ull << 24)) / 2, vi = (vr + (5ull << 24)) / 2;

	load_linear_4tap(hw, SCL_FILTER_TYPE_RGB_Y_VERTICAL);
	load_linear_4tap(hw, SCL_FILTER_TYPE_RGB_Y_HORIZONTAL);
	dc_hw_write(hw, mmSCL_TAP_CONTROL,
		    DC_FIELD(SCL_TAP_CONTROL, SCL_H_NUM_OF_TAPS, 3) |
			    DC_FIELD(SCL_TAP_CONTROL, SCL_V_NUM_OF_TAPS, 3));
	dc_hw_write(hw, mmSCL_CONTROL, DC_FIELD(SCL_CONTROL, SCL_BOUNDARY_MODE, 1));
	dc_hw_write(hw, mmSCL_HORZ_FILTER_SCALE_RATIO, (uint32_t)hr);
	dc_hw_write(hw, mmSCL_VERT_FILTER_SCALE_RATIO, (uint32_t)vr);
	dc_hw_write(hw, mmSCL_HORZ_FILTER_INIT,
		    DC_FIELD(SCL_HORZ_FILTER_INIT, SCL_H_INIT_INT, hi >> 24) |
			    DC_FIELD(SCL_HORZ_FILTER_INIT, SCL_H_INIT_FRAC, hi & 0xffffff));
	dc_hw_write(hw, mmSCL_VERT_FILTER_INIT,
		    DC_FIELD(SCL_VERT_FILTER_INIT, SCL_V_INIT_INT, vi >> 24) |
			    DC_FIELD(SCL_VERT_FILTER_INIT, SCL_V_INIT_FRAC, vi & 0xffffff));
	dc_hw_write(hw, mmSCL_MODE, DC_FIELD(SCL_MODE, SCL_MODE, SCL_MODE_SCALE_RGB));
}

/* The pattern's w x h rectangle at (x0, y0) as 10-bit components (8 bits replicated). */
static void source10(unsigned x0, unsigned y0, unsigned w, unsigned h, uint16_t *out)
{
	for (unsigned y = 0; y < h; y++)
		for (unsigned x = 0; x < w; x++)
			for (int c = 0; c < 3; c++) {
				out[(y * w + x) * 3 + c] =
					scale_ref_10(comp(pattern(x0 + x, y0 + y), c));
			}
}

/* A frame goes by: the double-buffered SCL registers take effect at V_UPDATE. */
static void next_frame(struct sim *sim)
{
	assert_int_equal(sim_advance(sim, 1000000), 0);
}

static void capture(struct sim *sim, uint8_t **rgb, unsigned w, unsigned h)
{
	unsigned cw, ch;

	assert_int_equal(sim_capture_rgb(sim, 0, rgb, &cw, &ch), 0);
	assert_int_equal(cw, w);
	assert_int_equal(ch, h);
}

/* Every captured pixel is the reference's top 8 bits. */
static void assert_scaled(struct sim *sim, unsigned vx, unsigned vy, unsigned sw, unsigned sh,
			  unsigned dw, unsigned dh)
{
	static uint16_t src[SURF_W * SURF_H * 3], ref[MAX_OUT * 3];
	uint8_t *rgb;
	size_t wrong = 0;

	source10(vx, vy, sw, sh, src);
	scale_ref_bilinear(src, sw, sh, dw, dh, ref);
	next_frame(sim);
	capture(sim, &rgb, dw, dh);
	for (size_t i = 0; i < (size_t)dw * dh * 3; i++)
		wrong += rgb[i] != ref[i] >> 2;
	free(rgb);
	assert_int_equal(wrong, 0);
}

static void bypass_is_identity(void **state)
{
	struct sim *sim = setup(40, 30);
	struct dc_hw *hw = sim_hw(sim);
	uint8_t *rgb;
	size_t wrong = 0;

	(void)state;
	viewport(hw, 9, 7, 40, 30);
	next_frame(sim);
	capture(sim, &rgb, 40, 30);
	for (unsigned y = 0; y < 30; y++)
		for (unsigned x = 0; x < 40; x++)
			for (int c = 0; c < 3; c++)
				wrong +=
					rgb[(y * 40 + x) * 3 + c] != comp(pattern(x + 9, y + 7), c);
	free(rgb);
	assert_int_equal(wrong, 0);
	sim_destroy(sim);
}

static void upscale_2x_is_bilinear(void **state)
{
	struct sim *sim = setup(2 * 24, 2 * 16);
	struct dc_hw *hw = sim_hw(sim);
	uint8_t *rgb;

	(void)state;
	viewport(hw, 5, 3, 24, 16);
	scale_4tap(hw, 24, 48, 16, 32);
	assert_scaled(sim, 5, 3, 24, 16, 48, 32);
	/* spot checks by hand: output (2, 0) is 3/4 of source (1, 0) and 1/4 of (0, 0) */
	capture(sim, &rgb, 48, 32);
	{
		unsigned a = comp(pattern(5, 3), 0), b = comp(pattern(6, 3), 0);

		a = a << 2 | a >> 6;
		b = b << 2 | b >> 6;
		assert_int_equal(rgb[2 * 3], ((a + 3 * b + 2) >> 2) >> 2);
	}
	free(rgb);
	sim_destroy(sim);
}

static void downscale_2x_averages_pairs(void **state)
{
	struct sim *sim = setup(SURF_W / 2, SURF_H / 2);
	struct dc_hw *hw = sim_hw(sim);
	uint8_t *rgb;

	(void)state;
	viewport(hw, 0, 0, SURF_W, SURF_H);
	scale_4tap(hw, SURF_W, SURF_W / 2, SURF_H, SURF_H / 2);
	assert_scaled(sim, 0, 0, SURF_W, SURF_H, SURF_W / 2, SURF_H / 2);
	/* blue checks average out: 10-bit 120 and 903 mix to 512 everywhere (0x80) */
	capture(sim, &rgb, SURF_W / 2, SURF_H / 2);
	for (unsigned i = 0; i < SURF_W / 2 * SURF_H / 2; i++)
		assert_int_equal(rgb[i * 3 + 2], 0x80);
	free(rgb);
	sim_destroy(sim);
}

/* Taps 1 in both directions: nearest (each source pixel twice at 2x). */
static void one_tap_is_nearest(void **state)
{
	struct sim *sim = setup(32, 24);
	struct dc_hw *hw = sim_hw(sim);
	uint8_t *rgb;
	size_t wrong = 0;

	(void)state;
	viewport(hw, 10, 10, 16, 12);
	dc_hw_write(hw, mmSCL_HORZ_FILTER_SCALE_RATIO, 1u << 23);
	dc_hw_write(hw, mmSCL_VERT_FILTER_SCALE_RATIO, 1u << 23);
	/* (ratio + 2) / 2 = 1.25 */
	dc_hw_write(hw, mmSCL_HORZ_FILTER_INIT,
		    DC_FIELD(SCL_HORZ_FILTER_INIT, SCL_H_INIT_INT, 1) |
			    DC_FIELD(SCL_HORZ_FILTER_INIT, SCL_H_INIT_FRAC, 1u << 22));
	dc_hw_write(hw, mmSCL_VERT_FILTER_INIT,
		    DC_FIELD(SCL_VERT_FILTER_INIT, SCL_V_INIT_INT, 1) |
			    DC_FIELD(SCL_VERT_FILTER_INIT, SCL_V_INIT_FRAC, 1u << 22));
	dc_hw_write(hw, mmSCL_MODE, DC_FIELD(SCL_MODE, SCL_MODE, SCL_MODE_SCALE_RGB));
	next_frame(sim);
	capture(sim, &rgb, 32, 24);
	for (unsigned y = 0; y < 24; y++)
		for (unsigned x = 0; x < 32; x++)
			for (int c = 0; c < 3; c++)
				wrong += rgb[(y * 32 + x) * 3 + c] !=
					 comp(pattern(10 + x / 2, 10 + y / 2), c);
	free(rgb);
	assert_int_equal(wrong, 0);
	sim_destroy(sim);
}

/* A destination smaller than the active area: the borders show CRTC_OVERSCAN_COLOR. */
static void overscan_borders(void **state)
{
	struct sim *sim = setup(40, 30);
	struct dc_hw *hw = sim_hw(sim);
	uint8_t *rgb;
	size_t wrong = 0;

	(void)state;
	viewport(hw, 0, 0, 30, 20);
	dc_hw_write(hw, mmEXT_OVERSCAN_LEFT_RIGHT,
		    DC_FIELD(EXT_OVERSCAN_LEFT_RIGHT, EXT_OVERSCAN_LEFT, 6) |
			    DC_FIELD(EXT_OVERSCAN_LEFT_RIGHT, EXT_OVERSCAN_RIGHT, 4));
	dc_hw_write(hw, mmEXT_OVERSCAN_TOP_BOTTOM,
		    DC_FIELD(EXT_OVERSCAN_TOP_BOTTOM, EXT_OVERSCAN_TOP, 3) |
			    DC_FIELD(EXT_OVERSCAN_TOP_BOTTOM, EXT_OVERSCAN_BOTTOM, 7));
	dc_hw_write(hw, mmCRTC_OVERSCAN_COLOR,
		    DC_FIELD(CRTC_OVERSCAN_COLOR, CRTC_OVERSCAN_COLOR_RED, 0x100) |
			    DC_FIELD(CRTC_OVERSCAN_COLOR, CRTC_OVERSCAN_COLOR_GREEN, 0x200) |
			    DC_FIELD(CRTC_OVERSCAN_COLOR, CRTC_OVERSCAN_COLOR_BLUE, 0x3fc));
	next_frame(sim);
	capture(sim, &rgb, 40, 30);
	for (unsigned y = 0; y < 30; y++)
		for (unsigned x = 0; x < 40; x++) {
			bool inside = x >= 6 && x < 36 && y >= 3 && y < 23;
			uint32_t want = inside ? pattern(x - 6, y - 3) : 0x4080ff;

			for (int c = 0; c < 3; c++)
				wrong += rgb[(y * 40 + x) * 3 + c] != comp(want, c);
		}
	free(rgb);
	assert_int_equal(wrong, 0);
	sim_destroy(sim);
}

/* With the CRTC running, SCL writes wait for the lock's release and a V_UPDATE. */
static void scl_double_buffered(void **state)
{
	struct sim *sim = setup(32, 24);
	struct dc_hw *hw = sim_hw(sim);
	uint8_t *rgb;

	(void)state;
	viewport(hw, 0, 0, 32, 24); /* stopped? no: running, so this waits for V_UPDATE */
	assert_true(dc_hw_read(hw, mmSCL_UPDATE) & SCL_UPDATE__SCL_UPDATE_PENDING_MASK);
	assert_int_equal(sim_advance(sim, 100000), 0);
	assert_false(dc_hw_read(hw, mmSCL_UPDATE) & SCL_UPDATE__SCL_UPDATE_PENDING_MASK);

	dc_hw_write(hw, mmSCL_UPDATE, SCL_UPDATE__SCL_UPDATE_LOCK_MASK);
	viewport(hw, 20, 10, 32, 24);
	assert_int_equal(sim_advance(sim, 100000), 0); /* several frames, locked */
	capture(sim, &rgb, 32, 24);
	assert_int_equal(rgb[0], comp(pattern(0, 0), 0));
	free(rgb);
	assert_true(dc_hw_read(hw, mmSCL_UPDATE) & SCL_UPDATE__SCL_UPDATE_PENDING_MASK);
	dc_hw_write(hw, mmSCL_UPDATE, 0);
	capture(sim, &rgb, 32, 24); /* released, but no V_UPDATE yet */
	assert_int_equal(rgb[0], comp(pattern(0, 0), 0));
	free(rgb);
	assert_int_equal(sim_advance(sim, 100000), 0);
	capture(sim, &rgb, 32, 24);
	assert_int_equal(rgb[0], comp(pattern(20, 10), 0));
	assert_int_equal(rgb[1], comp(pattern(20, 10), 1));
	free(rgb);
	assert_false(dc_hw_read(hw, mmSCL_UPDATE) & SCL_UPDATE__SCL_UPDATE_PENDING_MASK);
	sim_destroy(sim);
}

/* SCL_COEF_RAM_TAP_DATA reads back the word at the selected type, phase and pair. */
static void coefficient_ram_reads_back(void **state)
{
	struct sim *sim = setup(16, 16);
	struct dc_hw *hw = sim_hw(sim);

	(void)state;
	load_linear_4tap(hw, SCL_FILTER_TYPE_RGB_Y_HORIZONTAL);
	dc_hw_write(hw, mmSCL_COEF_RAM_SELECT,
		    DC_FIELD(SCL_COEF_RAM_SELECT, SCL_C_RAM_FILTER_TYPE,
			     SCL_FILTER_TYPE_RGB_Y_HORIZONTAL) |
			    DC_FIELD(SCL_COEF_RAM_SELECT, SCL_C_RAM_PHASE, 4));
	assert_int_equal(DC_FIELD_GET(dc_hw_read(hw, mmSCL_COEF_RAM_TAP_DATA),
				      SCL_COEF_RAM_TAP_DATA, SCL_C_RAM_ODD_TAP_COEF),
			 256 * 12);
	dc_hw_write(hw, mmSCL_COEF_RAM_SELECT,
		    DC_FIELD(SCL_COEF_RAM_SELECT, SCL_C_RAM_FILTER_TYPE,
			     SCL_FILTER_TYPE_RGB_Y_VERTICAL) |
			    DC_FIELD(SCL_COEF_RAM_SELECT, SCL_C_RAM_PHASE, 4));
	assert_int_equal(dc_hw_read(hw, mmSCL_COEF_RAM_TAP_DATA), 0);
	sim_destroy(sim);
}

/* LB_DATA_FORMAT 18 bpp keeps 6 bits per component, replicated back. */
static void line_buffer_depth(void **state)
{
	struct sim *sim = setup(16, 16);
	struct dc_hw *hw = sim_hw(sim);
	uint8_t *rgb;
	size_t wrong = 0;

	(void)state;
	dc_hw_write(hw, mmLB_DATA_FORMAT,
		    DC_FIELD(LB_DATA_FORMAT, PIXEL_DEPTH, LB_PIXEL_DEPTH_18BPP) |
			    DC_FIELD(LB_DATA_FORMAT, PIXEL_EXPAN_MODE, 1));
	capture(sim, &rgb, 16, 16);
	for (unsigned y = 0; y < 16; y++)
		for (unsigned x = 0; x < 16; x++)
			for (int c = 0; c < 3; c++) {
				unsigned v6 = comp(pattern(x, y), c) >> 2;

				wrong += rgb[(y * 16 + x) * 3 + c] != (v6 << 2 | v6 >> 4);
			}
	free(rgb);
	assert_int_equal(wrong, 0);
	sim_destroy(sim);
}

/* FMT truncation and rounding to 6 bpc, dither to 6 bpc with the documented 4x4 matrix. */
static void fmt_reduces_depth(void **state)
{
	static const unsigned bayer[4][4] = {
		{ 0, 8, 2, 10 }, { 12, 4, 14, 6 }, { 3, 11, 1, 9 }, { 15, 7, 13, 5 }
	};
	struct sim *sim = setup(16, 16);
	struct dc_hw *hw = sim_hw(sim);
	size_t wrong[3] = { 0 }, low_bits = 0;
	uint8_t *rgb;

	(void)state;
	for (int mode = 0; mode < 3; mode++) {
		dc_hw_write(hw, mmFMT_BIT_DEPTH_CONTROL,
			    mode == 2 ? DC_FIELD(FMT_BIT_DEPTH_CONTROL, FMT_SPATIAL_DITHER_EN, 1) |
						DC_FIELD(FMT_BIT_DEPTH_CONTROL,
							 FMT_SPATIAL_DITHER_DEPTH, FMT_DEPTH_6BPC)
				      : DC_FIELD(FMT_BIT_DEPTH_CONTROL, FMT_TRUNCATE_EN, 1) |
						DC_FIELD(FMT_BIT_DEPTH_CONTROL, FMT_TRUNCATE_MODE,
							 mode) |
						DC_FIELD(FMT_BIT_DEPTH_CONTROL, FMT_TRUNCATE_DEPTH,
							 FMT_DEPTH_6BPC));
		capture(sim, &rgb, 16, 16);
		for (unsigned y = 0; y < 16; y++)
			for (unsigned x = 0; x < 16; x++)
				for (int c = 0; c < 3; c++) {
					unsigned v8 = comp(pattern(x, y), c),
						 v10 = v8 << 2 | v8 >> 6;
					unsigned add = mode == 0   ? 0
						       : mode == 1 ? 8
								   : bayer[y % 4][x % 4];
					unsigned v6 = (v10 + add) >> 4;
					uint8_t got = rgb[(y * 16 + x) * 3 + c];

					v6 = v6 > 63 ? 63 : v6;
					wrong[mode] += got != v6 << 2;
					low_bits += got & 3;
				}
		free(rgb);
	}
	assert_int_equal(wrong[0], 0);
	assert_int_equal(wrong[1], 0);
	assert_int_equal(wrong[2], 0);
	assert_int_equal(low_bits, 0);

	/* off again: the 8 bits pass */
	dc_hw_write(hw, mmFMT_BIT_DEPTH_CONTROL, 0);
	capture(sim, &rgb, 16, 16);
	assert_int_equal(rgb[0], comp(pattern(0, 0), 0));
	assert_int_equal(rgb[1], comp(pattern(0, 0), 1));
	free(rgb);
	sim_destroy(sim);
}

/* Dithering keeps the average: a flat 8-bit level comes out right over a 4x4 tile. */
static void fmt_dither_keeps_the_average(void **state)
{
	struct sim *sim = setup(16, 16);
	struct dc_hw *hw = sim_hw(sim);
	uint8_t *rgb;
	unsigned sum = 0;

	(void)state;
	for (unsigned i = 0; i < SURF_W * SURF_H; i++)
		surface[i] = 0x00828282; /* 130: between the 6-bit levels 128 and 132 */
	dc_hw_write(hw, mmFMT_BIT_DEPTH_CONTROL,
		    DC_FIELD(FMT_BIT_DEPTH_CONTROL, FMT_SPATIAL_DITHER_EN, 1));
	capture(sim, &rgb, 16, 16);
	for (unsigned y = 0; y < 4; y++)
		for (unsigned x = 0; x < 4; x++) {
			uint8_t v = rgb[(y * 16 + x) * 3];

			assert_true(v == 128 || v == 132);
			sum += v;
		}
	free(rgb);
	/* 10-bit 522 = 32.625 x 16: 10 of 16 pixels go up */
	assert_int_equal(sum, 6 * 128 + 10 * 132);
	sim_destroy(sim);
}

/* The write trace files SCL and LB of a pipe under SIM_BLOCK_SCL, FMT under CRTC. */
static void trace_blocks(void **state)
{
	struct sim *sim = st_create(st_no_vbios_default());
	int instance;

	(void)state;
	assert_int_equal(sim_reg_block(sim, mmSCL_MODE + dce110_crtc_offsets[1], &instance),
			 SIM_BLOCK_SCL);
	assert_int_equal(instance, 1);
	assert_int_equal(sim_reg_block(sim, mmEXT_OVERSCAN_TOP_BOTTOM, &instance), SIM_BLOCK_SCL);
	assert_int_equal(sim_reg_block(sim, mmLB_DATA_FORMAT + dce110_crtc_offsets[2], &instance),
			 SIM_BLOCK_SCL);
	assert_int_equal(instance, 2);
	assert_int_equal(sim_reg_block(sim, mmFMT_BIT_DEPTH_CONTROL, &instance), SIM_BLOCK_CRTC);
	assert_int_equal(sim_reg_block(sim, mmGRPH_X_END, &instance), SIM_BLOCK_DCP);
	assert_int_equal(sim_reg_block(sim, mmCRTC_OVERSCAN_COLOR, &instance), SIM_BLOCK_CRTC);
	sim_destroy(sim);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(bypass_is_identity),
		cmocka_unit_test(upscale_2x_is_bilinear),
		cmocka_unit_test(downscale_2x_averages_pairs),
		cmocka_unit_test(one_tap_is_nearest),
		cmocka_unit_test(overscan_borders),
		cmocka_unit_test(scl_double_buffered),
		cmocka_unit_test(coefficient_ram_reads_back),
		cmocka_unit_test(line_buffer_depth),
		cmocka_unit_test(fmt_reduces_depth),
		cmocka_unit_test(fmt_dither_keeps_the_average),
		cmocka_unit_test(trace_blocks),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
