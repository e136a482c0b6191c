/*
 * dc/calcs as pure functions: DP link and stream bandwidth, TMDS clocks
 * and limits, scaler ratios/taps/line buffer, DISPCLK, memory bandwidth
 * and DMIF, and the number formatting the error messages use. Expected
 * values are worked out by hand in the comments.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "dc_test.h"

#define KHZ(x) fixed32_32_from_int(x)

static void assert_fixed(struct fixed32_32 got, uint64_t num, uint64_t den)
{
	assert_int_equal(got.value, fixed32_32_from_fraction(num, den).value);
}

static const char *fmt(struct fixed32_32 x, uint32_t div, unsigned dec)
{
	static char buf[32];

	dc_fmt_fixed(buf, sizeof(buf), x, div, dec);
	return buf;
}

static void test_dp_rates(void **state)
{
	assert_string_equal(dc_dp_rate_name(1620), "RBR");
	assert_string_equal(dc_dp_rate_name(2700), "HBR");
	assert_string_equal(dc_dp_rate_name(5400), "HBR2");
	assert_string_equal(dc_dp_rate_name(8100), "HBR3");
	assert_null(dc_dp_rate_name(2430));
	/* 8b/10b: HBR 2.7 Gbit/s raw is 2.16 effective per lane */
	assert_fixed(dc_dp_link_kbps(1, 2700), 2160000, 1);
	assert_fixed(dc_dp_link_kbps(2, 2700), 4320000, 1);
	assert_fixed(dc_dp_link_kbps(2, 5400), 8640000, 1);
	assert_fixed(dc_dp_link_kbps(4, 5400), 17280000, 1);
	assert_fixed(dc_dp_link_kbps(1, 1620), 1296000, 1);
}

static void test_stream_bandwidth(void **state)
{
	/* bits per pixel x 2 */
	assert_int_equal(dc_bpp_x2(DC_ENCODING_RGB, 8), 48);
	assert_int_equal(dc_bpp_x2(DC_ENCODING_YCBCR444, 10), 60);
	assert_int_equal(dc_bpp_x2(DC_ENCODING_YCBCR422, 10), 40);
	assert_int_equal(dc_bpp_x2(DC_ENCODING_YCBCR420, 8), 24);
	assert_int_equal(dc_bpp_x2(DC_ENCODING_RGB, 5), 0);
	/* 4K60: CTA 594 MHz x 24 = 14.256, CVT-RB 533.25 x 24 = 12.798, RB2 522.614 x 24 */
	assert_fixed(dc_dp_stream_kbps(594000, DC_ENCODING_RGB, 8), 14256000, 1);
	assert_fixed(dc_dp_stream_kbps(533250, DC_ENCODING_RGB, 8), 12798000, 1);
	assert_fixed(dc_dp_stream_kbps(522614, DC_ENCODING_RGB, 8), 12542736, 1);
	assert_string_equal(fmt(dc_dp_stream_kbps(522614, DC_ENCODING_RGB, 8), 1000000, 2),
			    "12.54");
	/* 4:2:0 at 10bpc: 15 bpp; 4:2:2 at 12bpc: 24 bpp */
	assert_fixed(dc_dp_stream_kbps(594001, DC_ENCODING_YCBCR420, 10), 594001 * 15, 1);
	assert_fixed(dc_dp_stream_kbps(148500, DC_ENCODING_YCBCR422, 12), 148500 * 24, 1);
	assert_true(fixed32_32_is_overflow(dc_dp_stream_kbps(148500, DC_ENCODING_RGB, 20)));
}

static void test_tmds_clock(void **state)
{
	assert_fixed(dc_tmds_clock_khz(594000, DC_ENCODING_RGB, 8), 594000, 1);
	assert_fixed(dc_tmds_clock_khz(594000, DC_ENCODING_RGB, 10), 742500, 1);
	assert_fixed(dc_tmds_clock_khz(594000, DC_ENCODING_YCBCR444, 12), 891000, 1);
	assert_fixed(dc_tmds_clock_khz(594000, DC_ENCODING_YCBCR422, 12), 594000, 1);
	assert_fixed(dc_tmds_clock_khz(594000, DC_ENCODING_YCBCR420, 8), 297000, 1);
	assert_fixed(dc_tmds_clock_khz(594000, DC_ENCODING_YCBCR420, 10), 371250, 1);
	/* fractional kHz stay exact: 25.175 MHz x 1.25 = 31468.75 kHz */
	assert_fixed(dc_tmds_clock_khz(25175, DC_ENCODING_RGB, 10), 3146875, 100);
}

static int tmds(const struct dc_tmds_config *c, uint32_t khz, enum dc_pixel_encoding e,
		unsigned bpc, struct dc_tmds_result *r)
{
	return dc_tmds_check(c, khz, e, bpc, r);
}

static void test_tmds_limits(void **state)
{
	struct dc_tmds_config dvi = { .hdmi = false }, dual = { .dual_link_capable = true };
	struct dc_tmds_config hdmi = { .hdmi = true, .encoder_max_khz = 600000, .sink_scdc = true };
	struct dc_tmds_result r;

	/* DVI: 165 MHz single link, inclusive */
	assert_int_equal(tmds(&dvi, 165000, DC_ENCODING_RGB, 8, &r), 0);
	assert_int_equal(r.signal, DC_SIGNAL_DVI_SINGLE);
	assert_int_equal(tmds(&dvi, 165001, DC_ENCODING_RGB, 8, &r), -ERANGE);
	assert_int_equal(r.limit, DC_TMDS_LIMIT_DVI_SINGLE);
	assert_int_equal(r.limit_khz, 165000);
	assert_fixed(r.needed_khz, 165001, 1);
	/* dual link: 2 x 165, each link at half the pixel clock */
	assert_int_equal(tmds(&dual, 165000, DC_ENCODING_RGB, 8, &r), 0);
	assert_int_equal(r.signal, DC_SIGNAL_DVI_SINGLE);
	assert_int_equal(tmds(&dual, 330000, DC_ENCODING_RGB, 8, &r), 0);
	assert_int_equal(r.signal, DC_SIGNAL_DVI_DUAL);
	assert_fixed(r.tmds_khz, 165000, 1);
	assert_int_equal(tmds(&dual, 330001, DC_ENCODING_RGB, 8, &r), -ERANGE);
	assert_int_equal(r.limit, DC_TMDS_LIMIT_DVI_DUAL);

	/* HDMI: 340 MHz unscrambled, above it scrambled with SCDC, 600 at most */
	assert_int_equal(tmds(&hdmi, 340000, DC_ENCODING_RGB, 8, &r), 0);
	assert_false(r.scrambling);
	assert_int_equal(tmds(&hdmi, 340001, DC_ENCODING_RGB, 8, &r), 0);
	assert_true(r.scrambling);
	assert_int_equal(tmds(&hdmi, 600000, DC_ENCODING_RGB, 8, &r), 0);
	assert_int_equal(tmds(&hdmi, 600001, DC_ENCODING_RGB, 8, &r), -ERANGE);
	assert_int_equal(r.limit, DC_TMDS_LIMIT_HDMI20);
	/* 4:2:0 brings 4K120 (1188 MHz) down to 594 */
	assert_int_equal(tmds(&hdmi, 1188000, DC_ENCODING_YCBCR420, 8, &r), 0);
	hdmi.sink_scdc = false;
	assert_int_equal(tmds(&hdmi, 340001, DC_ENCODING_RGB, 8, &r), -ERANGE);
	assert_int_equal(r.limit, DC_TMDS_LIMIT_SCDC);
	assert_int_equal(r.limit_khz, 340000);
	/* the encoder comes before the sink */
	hdmi.encoder_max_khz = 300000;
	assert_int_equal(tmds(&hdmi, 340001, DC_ENCODING_RGB, 8, &r), -ERANGE);
	assert_int_equal(r.limit, DC_TMDS_LIMIT_ENCODER);
	hdmi = (struct dc_tmds_config){ .hdmi = true, .sink_max_khz = 225000 };
	assert_int_equal(tmds(&hdmi, 148500, DC_ENCODING_RGB, 12, &r), 0);	 /* 222.75 */
	assert_int_equal(tmds(&hdmi, 148500, DC_ENCODING_RGB, 16, &r), -ERANGE); /* 297 */
	assert_int_equal(r.limit, DC_TMDS_LIMIT_SINK);
	hdmi.dongle_max_khz = 165000;
	assert_int_equal(tmds(&hdmi, 148500, DC_ENCODING_RGB, 10, &r), -ERANGE); /* 185.625 */
	assert_int_equal(r.limit, DC_TMDS_LIMIT_DONGLE);
	assert_fixed(r.needed_khz, 185625, 1);
	assert_int_equal(tmds(&hdmi, 148500, DC_ENCODING_RGB, 5, &r), -EINVAL);
	assert_int_equal(tmds(&hdmi, 0, DC_ENCODING_RGB, 8, &r), -EINVAL);
}

static const struct dc_scaler_limits *scl(void)
{
	return &dc_resource_pool_get(DC_ASIC_CARRIZO)->scaler;
}

#define PX(n) ((uint32_t)(n) << 16)

static void test_scaler(void **state)
{
	struct dc_scaler_result r;

	/* unscaled 1080p: 1 tap each way; 6848 / 1920 = 3 lines at 30 bpp */
	assert_int_equal(dc_scaler_compute(scl(), 0, 0, PX(1920), PX(1080), 1920, 1080, &r), 0);
	assert_int_equal(r.h_taps, 1);
	assert_int_equal(r.v_taps, 1);
	assert_int_equal(r.lb_bpp, 30);
	assert_int_equal(r.lb_lines, 3);
	assert_true(fixed31_32_eq(r.h_ratio, FIXED31_32_ONE));
	/* 2:1 both ways: the prescaler halves the line first: 3 lines of 1920, 2 taps */
	assert_int_equal(dc_scaler_compute(scl(), 0, 0, PX(3840), PX(2160), 1920, 1080, &r), 0);
	assert_true(fixed31_32_eq(r.v_ratio, fixed31_32_from_int(2)));
	assert_int_equal(r.h_taps, 4);
	assert_int_equal(r.v_taps, 2);
	/* 2560 wide, scaled vertically: 2 lines at 30 bpp are too few, 4 at 24 bpp */
	assert_int_equal(dc_scaler_compute(scl(), 0, 0, PX(2560), PX(1440), 2560, 1600, &r), 0);
	assert_int_equal(r.lb_bpp, 24);
	assert_int_equal(r.lb_lines, 4);
	assert_int_equal(r.v_taps, 3);
	/* 3840 wide, scaled vertically: 2 lines even at 24 bpp */
	assert_int_equal(dc_scaler_compute(scl(), 0, 0, PX(3840), PX(2160), 3840, 2000, &r),
			 -ERANGE);
	assert_int_equal(r.limit, DC_SCALER_LINE_BUFFER);
	assert_int_equal(r.lb_lines, 2);
	/* downscaling stays below 4:1 (u2.19 ratio field) */
	assert_int_equal(dc_scaler_compute(scl(), 0, 0, PX(3839), PX(100), 960, 100, &r), 0);
	assert_int_equal(dc_scaler_compute(scl(), 0, 0, PX(3840), PX(100), 960, 100, &r), -ERANGE);
	assert_int_equal(r.limit, DC_SCALER_DOWNSCALE_H);
	assert_int_equal(dc_scaler_compute(scl(), 0, 0, PX(100), PX(400), 100, 100, &r), -ERANGE);
	assert_int_equal(r.limit, DC_SCALER_DOWNSCALE_V);
	/* upscaling up to 16x inclusive */
	assert_int_equal(dc_scaler_compute(scl(), 0, 0, PX(120), PX(68), 1920, 1080, &r), 0);
	assert_int_equal(dc_scaler_compute(scl(), 0, 0, PX(119), PX(68), 1920, 1080, &r), -ERANGE);
	assert_int_equal(r.limit, DC_SCALER_UPSCALE_H);
	assert_int_equal(dc_scaler_compute(scl(), 0, 0, PX(120), PX(67), 1920, 1080, &r), -ERANGE);
	assert_int_equal(r.limit, DC_SCALER_UPSCALE_V);
	/* 16.16 source: x 0.5 .. 100.75 covers pixels 0..100 */
	assert_int_equal(
		dc_scaler_compute(scl(), 0x8000, PX(10) + 1, 0x644000, PX(50), 200, 100, &r), 0);
	assert_int_equal(r.vp_x, 0);
	assert_int_equal(r.vp_w, 101);
	assert_int_equal(r.vp_y, 10);
	assert_int_equal(r.vp_h, 51);
	assert_int_equal(r.h_ratio.value,
			 fixed31_32_from_fraction(0x644000, (int64_t)200 << 16).value);
	assert_int_equal(dc_scaler_compute(scl(), 0, 0, 0, PX(50), 200, 100, &r), -ERANGE);
	assert_int_equal(r.limit, DC_SCALER_EMPTY);
}

static void test_dispclk(void **state)
{
	/* unscaled 4K CVT-RB: 533.25 MHz x 1.05 */
	assert_fixed(dc_dispclk_pipe_khz(533250, 4000, 3840, FIXED31_32_ONE), 55991250, 100);
	/* 7680 source pixels per 4000-pixel line: 533.25 x 1.92 x 1.05 = 1075.032 MHz */
	assert_fixed(dc_dispclk_pipe_khz(533250, 4000, 7680, FIXED31_32_ONE), 1075032, 1);
	/* 1080p with 2 source lines per output line: 148.5 x 1920 x 2 / 2200 x 1.05 */
	assert_fixed(dc_dispclk_pipe_khz(148500, 2200, 1920, fixed31_32_from_int(2)), 272160, 1);
	/* upscaling does not lower it below the pixel rate */
	assert_fixed(dc_dispclk_pipe_khz(148500, 2200, 960, fixed31_32_from_fraction(1, 2)), 155925,
		     1);
	assert_true(fixed32_32_is_overflow(dc_dispclk_pipe_khz(148500, 0, 960, FIXED31_32_ONE)));
}

static void test_memory_bandwidth(void **state)
{
	const struct dc_resource_pool *cz = dc_resource_pool_get(DC_ASIC_CARRIZO);
	const struct dc_resource_pool *st = dc_resource_pool_get(DC_ASIC_STONEY);
	const struct dc_resource_pool *tonga = dc_resource_pool_get(DC_ASIC_TONGA);
	const struct dc_resource_pool *fiji = dc_resource_pool_get(DC_ASIC_FIJI);
	struct fixed32_32 plane;

	/* 4K XRGB8888: 3840 x 4 bytes per 4000-pixel line at 533.25 MHz = 2047.68 MB/s */
	plane = dc_bw_plane_mbyte_s(533250, 4000, 3840, 4, FIXED31_32_ONE);
	assert_fixed(plane, 204768, 100);
	/* twice that with two source lines per output line */
	assert_fixed(dc_bw_plane_mbyte_s(533250, 4000, 3840, 4, fixed31_32_from_int(2)), 409536,
		     100);
	/* drained in 4 us: 8190.72 bytes (to the rounding of the plane figure) */
	assert_string_equal(fmt(dc_bw_dmif_bytes(plane, 4000), 1, 4), "8190.7200");
	/*
	 * Carrizo: DRAM 2 x 8 bytes x 1600 MT/s x 80 % = 20480, return bus 32 x 626 =
	 * 20032: the lesser. Stoney: 8 x 1866 x 0.8 = 11942.4. Tonga: 32 bytes x 5500
	 * x 0.8 = 140800. Fiji: 512 bytes x 1000 x 0.8 = 409600.
	 */
	assert_fixed(dc_bw_available_mbyte_s(&cz->bw), 20032, 1);
	assert_fixed(dc_bw_available_mbyte_s(&st->bw), 119424, 10);
	assert_fixed(dc_bw_available_mbyte_s(&tonga->bw), 140800, 1);
	assert_fixed(dc_bw_available_mbyte_s(&fiji->bw), 409600, 1);
	assert_true(
		fixed32_32_is_overflow(dc_bw_plane_mbyte_s(533250, 0, 3840, 4, FIXED31_32_ONE)));
}

static void test_formatting(void **state)
{
	char buf[48];
	struct drm_mode_modeinfo m;
	struct dc_mode mode, frac;

	assert_string_equal(fmt(KHZ(12795000), 1000000, 2), "12.80"); /* halves away */
	assert_string_equal(fmt(KHZ(12794999), 1000000, 2), "12.79");
	assert_string_equal(fmt(KHZ(594000), 1000, 2), "594.00");
	assert_string_equal(fmt(KHZ(25175), 1000, 2), "25.18");
	assert_string_equal(fmt(KHZ(7), 1, 0), "7");
	assert_string_equal(fmt(FIXED32_32_OVERFLOW, 1, 2), "overflow");

	dct_mode_vic(&m, 16);
	dc_fmt_mode(buf, sizeof(buf), &m);
	assert_string_equal(buf, "1920x1080@60");
	assert_int_equal(dc_mode_from_vic(&mode, 16), 0);
	assert_int_equal(dc_mode_vic_fractional(&frac, &mode), 0);
	dc_fmt_mode(buf, sizeof(buf), &frac.info);
	assert_string_equal(buf, "1920x1080@59.94");
	dct_mode_vic(&m, 5);
	dc_fmt_mode(buf, sizeof(buf), &m);
	assert_string_equal(buf, "1920x1080i@60");
	dct_mode_cvt(&m, 1920, 1200, 60, DC_CVT_NORMAL); /* 59.885 Hz */
	dc_fmt_mode(buf, sizeof(buf), &m);
	assert_string_equal(buf, "1920x1200@59.89");
	dct_mode_vic(&m, 19); /* 720p50 */
	dc_fmt_mode(buf, sizeof(buf), &m);
	assert_string_equal(buf, "1280x720@50");
	assert_string_equal(dc_encoding_name(DC_ENCODING_YCBCR420), "YCbCr 4:2:0");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_dp_rates),	 cmocka_unit_test(test_stream_bandwidth),
		cmocka_unit_test(test_tmds_clock),	 cmocka_unit_test(test_tmds_limits),
		cmocka_unit_test(test_scaler),		 cmocka_unit_test(test_dispclk),
		cmocka_unit_test(test_memory_bandwidth), cmocka_unit_test(test_formatting),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
