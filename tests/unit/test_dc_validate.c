/*
 * dc_validate: the acceptance points of the Display Core issue in their
 * validation form. Sinks come from real EDIDs of tests/data/edid:
 *   Dell-DEL4284-ab750b39   HDMI 2.0 4K60 monitor: HF-VSDB 600 MHz, SCDC
 *   Sony-SNY7C04-d21cca96   HDMI 1.4 4K30 TV: VSDB max TMDS 300 MHz, no HF-VSDB
 *   Eizo-ENC1887-5ea426bb   DVI monitor (EDID 1.3, no extension), 1920x1200
 *   AOC-AOC2401-5b860272    HDMI monitor without deep color
 * Every test runs on the fake engine that fails on any register write and
 * ends asserting that not even a read happened; the exact message text is
 * asserted for representative errors.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "dc_test.h"

#define HDMI20_4K "Dell-DEL4284-ab750b39"
#define HDMI14_4K "Sony-SNY7C04-d21cca96"
#define DVI_EIZO  "Eizo-ENC1887-5ea426bb"
#define HDMI_8BPC "AOC-AOC2401-5b860272"

#define RGB DC_ENCODING_RGB

/* One test's engine, core, state and error. */
struct vt {
	struct fake_hw f;
	struct dc *dc;
	struct dc_state st;
	struct dc_error err;
	struct dc_board board;
};

/* n connectors of the given types, connector i on DIG i (tweak v->board, then vt_create). */
static void vt_board(struct vt *v, enum dc_asic asic, unsigned n, const enum dc_link_type *types)
{
	memset(v, 0, sizeof(*v));
	dct_board(&v->board, asic, n, types);
}

static void vt_create(struct vt *v)
{
	v->dc = dct_create(&v->f, &v->board);
}

static void vt_init(struct vt *v, enum dc_asic asic, enum dc_link_type type, bool hdmi_6g)
{
	vt_board(v, asic, 1, &type);
	v->board.connectors[0].hdmi_6g = hdmi_6g;
	vt_create(v);
}

static void vt_done(struct vt *v)
{
	assert_int_equal(v->f.writes, 0);
	assert_int_equal(v->f.reads, 0);
	dc_destroy(v->dc);
}

static struct dc_stream_resources *res(struct vt *v, unsigned i)
{
	return &v->st.streams[i].res;
}

/* Validates n streams on links 0..n-1 with the given modes, RGB 8bpc. */
static int vt_streams(struct vt *v, unsigned n, const struct drm_mode_modeinfo *const *modes)
{
	memset(&v->st, 0, sizeof(v->st));
	v->st.stream_count = n;
	for (unsigned i = 0; i < n; i++)
		dct_stream(&v->st.streams[i], i, modes[i]);
	return dc_validate(v->dc, &v->st, &v->err);
}

/* Validates one stream on link 0. */
static int vt_one(struct vt *v, const struct drm_mode_modeinfo *m, enum dc_pixel_encoding enc,
		  unsigned bpc)
{
	memset(&v->st, 0, sizeof(v->st));
	v->st.stream_count = 1;
	dct_stream(&v->st.streams[0], 0, m);
	v->st.streams[0].encoding = enc;
	v->st.streams[0].bpc = (uint8_t)bpc;
	return dc_validate(v->dc, &v->st, &v->err);
}

/* ret came from a validation: it failed with code and (when not NULL) message. */
static void vt_failed(struct vt *v, int ret, int expected, enum dc_error_code code,
		      const char *message)
{
	assert_int_equal(ret, expected);
	assert_int_equal(v->err.code, code);
	if (message)
		assert_string_equal(v->err.message, message);
	for (unsigned i = 0; i < v->st.stream_count && i < DC_MAX_STREAMS; i++)
		assert_int_equal(res(v, i)->timing_generator, -1);
}

/* ---- DP link bandwidth ---------------------------------------------------- */

static void test_dp_2_lanes_hbr_rejects_4k60(void **state)
{
	struct dc_dp_caps caps = dct_dp_caps(DC_DP_RATE_HBR, 2);
	struct drm_mode_modeinfo m;
	struct vt v;

	vt_init(&v, DC_ASIC_CARRIZO, DC_LINK_DP, false);
	dct_attach(v.dc, 0, HDMI20_4K, &caps, NULL);
	/* CVT-RB 3840x2160@60: 533.25 MHz x 24 bpp = 12.80 Gbit/s; 2 x 2.16 = 4.32 */
	dct_mode_cvt(&m, 3840, 2160, 60, DC_CVT_RB_V1);
	assert_int_equal(m.clock, 533250);
	vt_failed(&v, vt_one(&v, &m, RGB, 8), -ERANGE, DC_ERR_LINK_BANDWIDTH,
		  "DP-1: 2 lanes x HBR = 4.32 Gbit/s effective, 3840x2160@60 RGB 8bpc needs "
		  "12.80 Gbit/s");
	assert_int_equal(v.err.stream, 0);
	assert_int_equal(v.err.plane, -1);
	/* the CTA timing (594 MHz) needs 14.26 */
	dct_mode_vic(&m, 97);
	vt_failed(&v, vt_one(&v, &m, RGB, 8), -ERANGE, DC_ERR_LINK_BANDWIDTH, NULL);
	assert_non_null(strstr(v.err.message, "needs 14.26 Gbit/s"));
	/* RBR on one lane, 10bpc: 1.30 available */
	caps = dct_dp_caps(DC_DP_RATE_RBR, 1);
	dct_attach(v.dc, 0, HDMI20_4K, &caps, NULL);
	dct_mode_vic(&m, 16);
	vt_failed(&v, vt_one(&v, &m, RGB, 10), -ERANGE, DC_ERR_LINK_BANDWIDTH,
		  "DP-1: 1 lane x RBR = 1.30 Gbit/s effective, 1920x1080@60 RGB 10bpc needs 4.46 "
		  "Gbit/s");
	vt_done(&v);
}

static void test_dp_4_lanes_hbr2_accepts_4k60(void **state)
{
	struct dc_dp_caps caps = dct_dp_caps(DC_DP_RATE_HBR2, 4);
	struct drm_mode_modeinfo m;
	struct vt v;

	vt_init(&v, DC_ASIC_CARRIZO, DC_LINK_DP, false);
	dct_attach(v.dc, 0, HDMI20_4K, &caps, NULL);
	dct_mode_cvt(&m, 3840, 2160, 60, DC_CVT_RB_V1);
	assert_int_equal(vt_one(&v, &m, RGB, 8), 0);
	assert_int_equal(v.err.code, DC_ERR_NONE);
	assert_int_equal(res(&v, 0)->signal, DC_SIGNAL_DP);
	assert_int_equal(res(&v, 0)->clock_source, DC_CLOCK_SOURCE_DP_DTO);
	assert_int_equal(res(&v, 0)->pixel_clock_khz, 533250);
	assert_int_equal(res(&v, 0)->timing_generator, 0);
	assert_int_equal(res(&v, 0)->link_encoder, 0);
	assert_int_equal(res(&v, 0)->audio, 0); /* the sink has SADs: DP carries audio */
	/* 594 MHz needs 14.26 of 17.28 Gbit/s */
	dct_mode_vic(&m, 97);
	assert_int_equal(vt_one(&v, &m, RGB, 8), 0);
	/* a sink that claims HBR3 is held to the encoder's HBR2 */
	caps = dct_dp_caps(DC_DP_RATE_HBR3, 4);
	dct_attach(v.dc, 0, HDMI20_4K, &caps, NULL);
	dct_mode_cvt(&m, 5120, 2880, 60, DC_CVT_RB_V2);
	vt_failed(&v, vt_one(&v, &m, RGB, 8), -ERANGE, DC_ERR_LINK_BANDWIDTH, NULL);
	assert_non_null(strstr(v.err.message, "DP-1: 4 lanes x HBR2 = 17.28 Gbit/s effective"));
	vt_done(&v);
}

/* ---- HDMI / DVI / DP++ TMDS limits ---------------------------------------- */

static void test_hdmi_4k60_needs_scdc_sink(void **state)
{
	struct drm_mode_modeinfo m;
	struct vt v;

	/* HDMI 2.0 needs DCE 11.2: Polaris with HDMI_6GB_EN */
	vt_init(&v, DC_ASIC_POLARIS10, DC_LINK_HDMI_A, true);
	dct_mode_vic(&m, 97);
	assert_int_equal(m.clock, 594000);
	/* HF-VSDB with SCDC and 600 MHz: scrambled HDMI 2.0 */
	assert_int_equal(dct_attach(v.dc, 0, HDMI20_4K, NULL, NULL)->signal, DC_SIGNAL_HDMI);
	assert_int_equal(vt_one(&v, &m, RGB, 8), 0);
	assert_int_equal(res(&v, 0)->signal, DC_SIGNAL_HDMI);
	assert_true(res(&v, 0)->hdmi_scrambling);
	assert_int_equal(res(&v, 0)->pixel_clock_khz, 594000);
	assert_int_equal(res(&v, 0)->clock_source, 0);

	/* HDMI 1.4 sink: no SCDC, no TMDS above 340 MHz */
	dct_attach(v.dc, 0, HDMI14_4K, NULL, NULL);
	vt_failed(&v, vt_one(&v, &m, RGB, 8), -ERANGE, DC_ERR_SINK_TMDS,
		  "HDMI-A-1: the sink takes TMDS up to 340.00 MHz (no SCDC in its HF-VSDB), "
		  "3840x2160@60 RGB 8bpc needs 594.00 MHz");
	/* its own 4K30 (297 MHz, under its 300 MHz max TMDS) is fine, unscrambled */
	dct_mode_vic(&m, 95);
	assert_int_equal(vt_one(&v, &m, RGB, 8), 0);
	assert_false(res(&v, 0)->hdmi_scrambling);
	/* 4K30 at 10bpc (it announces DC_30bit): 371.25 MHz TMDS, above 340 again */
	vt_failed(&v, vt_one(&v, &m, RGB, 10), -ERANGE, DC_ERR_SINK_TMDS,
		  "HDMI-A-1: the sink takes TMDS up to 340.00 MHz (no SCDC in its HF-VSDB), "
		  "3840x2160@30 RGB 10bpc needs 371.25 MHz");
	/* a sink without deep color in its HDMI VSDB gets 8bpc only */
	dct_attach(v.dc, 0, HDMI_8BPC, NULL, NULL);
	dct_mode_vic(&m, 16);
	vt_failed(&v, vt_one(&v, &m, RGB, 10), -EINVAL, DC_ERR_MODE,
		  "HDMI-A-1: 1920x1080@60 RGB 10bpc: the sink's EDID does not announce 10bpc RGB");
	vt_done(&v);
}

static void test_hdmi_sink_max_tmds(void **state)
{
	struct drm_mode_modeinfo m;
	struct vt v;

	vt_init(&v, DC_ASIC_POLARIS11, DC_LINK_HDMI_A, true);
	dct_attach(v.dc, 0, HDMI14_4K, NULL, NULL);
	/* 2560x1440@60 CVT: 312.25 MHz, under 340 but over the sink's 300 */
	dct_mode_cvt(&m, 2560, 1440, 60, DC_CVT_NORMAL);
	vt_failed(&v, vt_one(&v, &m, RGB, 8), -ERANGE, DC_ERR_SINK_TMDS,
		  "HDMI-A-1: the sink takes TMDS up to 300.00 MHz (its EDID's max TMDS clock), "
		  "2560x1440@59.96 RGB 8bpc needs 312.25 MHz");
	vt_done(&v);
}

static void test_hdmi_encoder_without_6g(void **state)
{
	struct drm_mode_modeinfo m;
	struct vt v;

	vt_init(&v, DC_ASIC_POLARIS12, DC_LINK_HDMI_A, false);
	dct_attach(v.dc, 0, HDMI20_4K, NULL, NULL);
	dct_mode_vic(&m, 97);
	vt_failed(&v, vt_one(&v, &m, RGB, 8), -ERANGE, DC_ERR_TMDS_CLOCK,
		  "HDMI-A-1: link encoder DIG 0 drives TMDS up to 300.00 MHz (no HDMI_6GB_EN), "
		  "3840x2160@60 RGB 8bpc needs 594.00 MHz");
	vt_done(&v);
}

/*
 * DCE 10 and 11.0 are HDMI 1.4 parts: 300 MHz TMDS even where the VBIOS
 * says HDMI_6GB_EN, as the kernel applies it. 4K30 (297 MHz) fits.
 */
static void test_hdmi_14_asics_stop_at_300(void **state)
{
	static const enum dc_asic asics[] = { DC_ASIC_CARRIZO, DC_ASIC_STONEY, DC_ASIC_TONGA,
					      DC_ASIC_FIJI };
	static const char *const why[] = { "Carrizo, DCE 11.0", "Stoney, DCE 11.0",
					   "Tonga, DCE 10.0", "Fiji, DCE 10.0" };
	struct drm_mode_modeinfo m;
	char expect[256];
	struct vt v;

	for (size_t i = 0; i < sizeof(asics) / sizeof(asics[0]); i++) {
		vt_init(&v, asics[i], DC_LINK_HDMI_A, true);
		dct_attach(v.dc, 0, HDMI20_4K, NULL, NULL);
		dct_mode_vic(&m, 97);
		snprintf(expect, sizeof(expect),
			 "HDMI-A-1: link encoder DIG 0 drives TMDS up to 300.00 MHz (%s, is an "
			 "HDMI 1.4 part), 3840x2160@60 RGB 8bpc needs 594.00 MHz",
			 why[i]);
		vt_failed(&v, vt_one(&v, &m, RGB, 8), -ERANGE, DC_ERR_TMDS_CLOCK, expect);
		dct_mode_vic(&m, 95);
		assert_int_equal(vt_one(&v, &m, RGB, 8), 0);
		assert_int_equal(res(&v, 0)->pixel_clock_khz, 297000);
		assert_false(res(&v, 0)->hdmi_scrambling);
		vt_done(&v);
	}
	(void)state;
}

static void test_hdmi_deep_color_past_600(void **state)
{
	struct dc_tmds_config cfg = {
		.hdmi = true, .encoder_max_khz = 600000, .sink_max_khz = 600000, .sink_scdc = true
	};
	struct drm_mode_modeinfo m;
	struct dc_tmds_result r;
	struct vt v;

	/* the limit the validation names for 4K60 at 10bpc: 742.5 MHz */
	assert_int_equal(dc_tmds_check(&cfg, 594000, DC_ENCODING_RGB, 10, &r), -ERANGE);
	assert_int_equal(r.limit, DC_TMDS_LIMIT_HDMI20);
	assert_int_equal(r.limit_khz, 600000);
	assert_int_equal(fixed32_32_floor(r.needed_khz), 742500);
	vt_init(&v, DC_ASIC_POLARIS10, DC_LINK_HDMI_A, true);
	dct_attach(v.dc, 0, HDMI20_4K, NULL, NULL);
	dct_mode_vic(&m, 97);
	vt_failed(&v, vt_one(&v, &m, RGB, 10), -ERANGE, DC_ERR_TMDS_CLOCK,
		  "HDMI-A-1: HDMI 2.0 carries TMDS up to 600.00 MHz, 3840x2160@60 RGB 10bpc needs "
		  "742.50 MHz");
	/* 4:2:2 carries 12 bits in the 8-bit clock: fits */
	assert_int_equal(vt_one(&v, &m, DC_ENCODING_YCBCR422, 12), 0);
	vt_done(&v);
}

static void test_dvi_single_link_165(void **state)
{
	struct drm_mode_modeinfo m;
	struct vt v;

	vt_init(&v, DC_ASIC_CARRIZO, DC_LINK_DVI_D, false);
	assert_int_equal(dct_attach(v.dc, 0, DVI_EIZO, NULL, NULL)->signal, DC_SIGNAL_DVI_SINGLE);
	/* its own 1920x1200@60 RB: 154 MHz */
	dct_mode_cvt(&m, 1920, 1200, 60, DC_CVT_RB_V1);
	assert_int_equal(vt_one(&v, &m, RGB, 8), 0);
	assert_int_equal(res(&v, 0)->signal, DC_SIGNAL_DVI_SINGLE);
	assert_int_equal(res(&v, 0)->audio, -1);
	/* DVI carries RGB 8bpc only */
	vt_failed(&v, vt_one(&v, &m, DC_ENCODING_YCBCR444, 8), -EINVAL, DC_ERR_MODE,
		  "DVI-D-1: 1920x1200@59.95 YCbCr 4:4:4 8bpc: DVI carries RGB at up to 8bpc");
	/* normal blanking: 193.25 MHz */
	dct_mode_cvt(&m, 1920, 1200, 60, DC_CVT_NORMAL);
	vt_failed(&v, vt_one(&v, &m, RGB, 8), -ERANGE, DC_ERR_TMDS_CLOCK,
		  "DVI-D-1: single-link DVI carries up to 165.00 MHz, 1920x1200@59.89 RGB 8bpc "
		  "needs 193.25 MHz");
	vt_done(&v);
}

static void test_dvi_dual_link(void **state)
{
	enum dc_link_type types[2] = { DC_LINK_DVI_D, DC_LINK_HDMI_A };
	struct drm_mode_modeinfo m;
	struct dc_error err;
	struct vt v;

	vt_board(&v, DC_ASIC_TONGA, 2, types);
	v.board.connectors[0].dual_link = true; /* DIG 0 and 1 */
	v.board.connectors[1].dig_be = 2;
	vt_create(&v);
	assert_int_equal(dct_attach(v.dc, 0, DVI_EIZO, NULL, NULL)->signal, DC_SIGNAL_DVI_DUAL);
	/* 2560x1600@60 RB: 268.5 MHz, two links of 134.25 */
	dct_mode_cvt(&m, 2560, 1600, 60, DC_CVT_RB_V1);
	assert_int_equal(vt_one(&v, &m, RGB, 8), 0);
	assert_int_equal(res(&v, 0)->signal, DC_SIGNAL_DVI_DUAL);
	assert_int_equal(res(&v, 0)->link_encoder, 0);
	assert_int_equal(res(&v, 0)->pixel_clock_khz, 268500);
	/* a slow mode on the same connector is single link */
	dct_mode_vic(&m, 4);
	assert_int_equal(vt_one(&v, &m, RGB, 8), 0);
	assert_int_equal(res(&v, 0)->signal, DC_SIGNAL_DVI_SINGLE);
	/* normal blanking: 348.5 MHz, past 2 x 165 */
	dct_mode_cvt(&m, 2560, 1600, 60, DC_CVT_NORMAL);
	vt_failed(&v, vt_one(&v, &m, RGB, 8), -ERANGE, DC_ERR_TMDS_CLOCK,
		  "DVI-D-1: dual-link DVI carries pixel clocks up to 330.00 MHz, 2560x1600@59.99 "
		  "RGB 8bpc needs 348.50 MHz");
	vt_done(&v);

	/* dual link takes the odd DIG of the pair: no other connector may use it */
	v.board.connectors[1].dig_be = 1;
	assert_int_equal(dc_board_check(&v.board, &err), -EINVAL);
	assert_string_equal(err.message, "board connector 1: link encoder DIG 1 is already wired "
					 "to another connector");
	v.board.connectors[1].dig_be = 2;
	v.board.connectors[0].dig_be = 3;
	assert_int_equal(dc_board_check(&v.board, &err), -EINVAL);
	assert_non_null(strstr(err.message, "dual link needs a DVI-D connector on an even link "
					    "encoder"));
}

static void test_dp_dual_mode_adaptors(void **state)
{
	struct dc_dongle type2 = { DC_DONGLE_DP_HDMI_TYPE2, 300000 };
	struct dc_dongle type1 = { DC_DONGLE_DP_DVI_TYPE1, 0 };
	struct drm_mode_modeinfo m;
	struct vt v;

	vt_init(&v, DC_ASIC_POLARIS10, DC_LINK_DP, true); /* only the adaptor limits */
	/* an HDMI 2.0 monitor behind a 300 MHz type 2 adaptor: HDMI signal */
	assert_int_equal(dct_attach(v.dc, 0, HDMI20_4K, NULL, &type2)->signal, DC_SIGNAL_HDMI);
	dct_mode_vic(&m, 95);
	assert_int_equal(vt_one(&v, &m, RGB, 8), 0);
	assert_int_equal(res(&v, 0)->signal, DC_SIGNAL_HDMI);
	assert_int_equal(res(&v, 0)->clock_source, 0); /* a PLL, not the DP DTO */
	dct_mode_vic(&m, 97);
	vt_failed(&v, vt_one(&v, &m, RGB, 8), -ERANGE, DC_ERR_DONGLE,
		  "DP-1: the DP++ type 2 adaptor carries TMDS up to 300.00 MHz, 3840x2160@60 RGB "
		  "8bpc needs 594.00 MHz");
	/* a DVI monitor behind a type 1 adaptor: 165 MHz */
	assert_int_equal(dct_attach(v.dc, 0, DVI_EIZO, NULL, &type1)->signal, DC_SIGNAL_DVI_SINGLE);
	dct_mode_cvt(&m, 1600, 1200, 60, DC_CVT_NORMAL); /* 161 MHz: fits */
	assert_int_equal(vt_one(&v, &m, RGB, 8), 0);
	type1.type = DC_DONGLE_DP_HDMI_TYPE1;
	dct_attach(v.dc, 0, HDMI20_4K, NULL, &type1);
	dct_mode_cvt(&m, 1920, 1200, 60, DC_CVT_NORMAL);
	vt_failed(&v, vt_one(&v, &m, RGB, 8), -ERANGE, DC_ERR_DONGLE,
		  "DP-1: the DP++ type 1 adaptor carries TMDS up to 165.00 MHz, 1920x1200@59.89 "
		  "RGB 8bpc needs 193.25 MHz");
	vt_done(&v);
}

/* ---- timing generators ---------------------------------------------------- */

static void test_carrizo_rejects_fourth_stream(void **state)
{
	enum dc_link_type types[4] = { DC_LINK_DP, DC_LINK_DP, DC_LINK_HDMI_A, DC_LINK_DVI_D };
	struct dc_dp_caps caps = dct_dp_caps(DC_DP_RATE_HBR2, 4);
	struct drm_mode_modeinfo m;
	const struct drm_mode_modeinfo *modes[4] = { &m, &m, &m, &m };
	struct vt v;

	vt_board(&v, DC_ASIC_CARRIZO, 4, types);
	vt_create(&v);
	dct_attach(v.dc, 0, HDMI20_4K, &caps, NULL);
	dct_attach(v.dc, 1, HDMI20_4K, &caps, NULL);
	dct_attach(v.dc, 2, HDMI20_4K, NULL, NULL);
	dct_attach(v.dc, 3, DVI_EIZO, NULL, NULL);
	dct_mode_vic(&m, 16);
	assert_int_equal(vt_streams(&v, 3, modes), 0);
	for (unsigned i = 0; i < 3; i++)
		assert_int_equal(res(&v, i)->timing_generator, i);
	vt_failed(&v, vt_streams(&v, 4, modes), -ENOSPC, DC_ERR_TIMING_GENERATOR,
		  "DVI-D-1: no free timing generator, Carrizo has 3, in use by DP-1, DP-2, "
		  "HDMI-A-1");
	assert_int_equal(v.err.stream, 3);
	vt_done(&v);

	/* Stoney has two */
	vt_board(&v, DC_ASIC_STONEY, 3, types);
	vt_create(&v);
	for (unsigned i = 0; i < 3; i++)
		dct_attach(v.dc, i, HDMI20_4K, &caps, NULL);
	vt_failed(&v, vt_streams(&v, 3, modes), -ENOSPC, DC_ERR_TIMING_GENERATOR,
		  "HDMI-A-1: no free timing generator, Stoney has 2, in use by DP-1, DP-2");
	vt_done(&v);
}

static void test_tonga_accepts_six(void **state)
{
	enum dc_link_type types[6] = { DC_LINK_DP,     DC_LINK_DP,     DC_LINK_DP,
				       DC_LINK_HDMI_A, DC_LINK_HDMI_A, DC_LINK_DVI_D };
	struct dc_dp_caps caps = dct_dp_caps(DC_DP_RATE_HBR2, 4);
	struct drm_mode_modeinfo uhd, fhd;
	const struct drm_mode_modeinfo *modes[6] = { &uhd, &uhd, &uhd, &fhd, &fhd, &fhd };
	unsigned tg_mask = 0, se_mask = 0;
	struct vt v;

	vt_board(&v, DC_ASIC_TONGA, 6, types);
	vt_create(&v);
	for (unsigned i = 0; i < 3; i++)
		dct_attach(v.dc, i, HDMI20_4K, &caps, NULL);
	dct_attach(v.dc, 3, HDMI20_4K, NULL, NULL);
	dct_attach(v.dc, 4, HDMI14_4K, NULL, NULL);
	dct_attach(v.dc, 5, DVI_EIZO, NULL, NULL);
	dct_mode_cvt(&uhd, 3840, 2160, 60, DC_CVT_RB_V1);
	dct_mode_vic(&fhd, 16);
	assert_int_equal(vt_streams(&v, 6, modes), 0);
	for (unsigned i = 0; i < 6; i++) {
		tg_mask |= 1u << res(&v, i)->timing_generator;
		se_mask |= 1u << res(&v, i)->stream_encoder;
		assert_int_equal(res(&v, i)->pipe, res(&v, i)->timing_generator);
		assert_int_equal(res(&v, i)->link_encoder, i);
	}
	assert_int_equal(tg_mask, 0x3f);
	assert_int_equal(se_mask, 0x3f);
	/* three 148.5 MHz TMDS streams share one PLL; DP uses the pipe's DTO */
	for (unsigned i = 3; i < 6; i++)
		assert_int_equal(res(&v, i)->clock_source, 0);
	assert_int_equal(res(&v, 0)->clock_source, DC_CLOCK_SOURCE_DP_DTO);
	vt_done(&v);
}

/* ---- PLL sharing ---------------------------------------------------------- */

static void test_pll_sharing(void **state)
{
	enum dc_link_type types[3] = { DC_LINK_HDMI_A, DC_LINK_HDMI_A, DC_LINK_DVI_D };
	struct drm_mode_modeinfo fhd, hd, vga;
	const struct drm_mode_modeinfo *same[2] = { &fhd, &fhd }, *two[2] = { &fhd, &hd };
	const struct drm_mode_modeinfo *three[3] = { &fhd, &hd, &vga },
				       *shared[3] = { &fhd, &hd, &hd };
	struct vt v;

	vt_board(&v, DC_ASIC_CARRIZO, 3, types);
	vt_create(&v);
	dct_attach(v.dc, 0, HDMI20_4K, NULL, NULL);
	dct_attach(v.dc, 1, HDMI14_4K, NULL, NULL);
	dct_attach(v.dc, 2, DVI_EIZO, NULL, NULL);
	dct_mode_vic(&fhd, 16);
	dct_mode_vic(&hd, 4);
	dct_mode_vic(&vga, 1);
	/* same pixel clock: one PLL */
	assert_int_equal(vt_streams(&v, 2, same), 0);
	assert_int_equal(res(&v, 0)->clock_source, 0);
	assert_int_equal(res(&v, 1)->clock_source, 0);
	/* different clocks: two */
	assert_int_equal(vt_streams(&v, 2, two), 0);
	assert_int_equal(res(&v, 0)->clock_source, 0);
	assert_int_equal(res(&v, 1)->clock_source, 1);
	/* a third distinct clock on Carrizo's two PLLs */
	vt_failed(&v, vt_streams(&v, 3, three), -ENOSPC, DC_ERR_CLOCK_SOURCE,
		  "DVI-D-1: no clock source for 25.18 MHz, Carrizo's 2 PLLs run at 148.50 MHz "
		  "(HDMI-A-1), 74.25 MHz (HDMI-A-2)");
	assert_int_equal(v.err.stream, 2);
	/* ... which shares when it matches one of them */
	assert_int_equal(vt_streams(&v, 3, shared), 0);
	assert_int_equal(res(&v, 2)->clock_source, 1);
	vt_done(&v);
}

static void test_pll_not_shared_hdmi_with_dual_link(void **state)
{
	enum dc_link_type types[2] = { DC_LINK_HDMI_A, DC_LINK_DVI_D };
	struct drm_mode_modeinfo m;
	const struct drm_mode_modeinfo *modes[2] = { &m, &m };
	struct vt v;

	vt_board(&v, DC_ASIC_TONGA, 2, types);
	v.board.connectors[0].dig_be = 2;
	v.board.connectors[0].hdmi_6g = true;
	v.board.connectors[1].dig_be = 0;
	v.board.connectors[1].dual_link = true;
	vt_create(&v);
	dct_attach(v.dc, 0, HDMI20_4K, NULL, NULL);
	dct_attach(v.dc, 1, DVI_EIZO, NULL, NULL);
	dct_mode_cvt(&m, 2560, 1600, 60, DC_CVT_RB_V1); /* 268.5 MHz: dual-link DVI */
	assert_int_equal(vt_streams(&v, 2, modes), 0);
	assert_int_equal(res(&v, 1)->signal, DC_SIGNAL_DVI_DUAL);
	assert_int_equal(res(&v, 0)->pixel_clock_khz, res(&v, 1)->pixel_clock_khz);
	assert_int_not_equal(res(&v, 0)->clock_source, res(&v, 1)->clock_source);
	vt_done(&v);
}

/* ---- unchanged streams keep their resources ------------------------------- */

static void test_unchanged_streams_keep_resources(void **state)
{
	enum dc_link_type types[3] = { DC_LINK_DP, DC_LINK_HDMI_A, DC_LINK_HDMI_A };
	struct dc_dp_caps caps = dct_dp_caps(DC_DP_RATE_HBR2, 4);
	struct drm_mode_modeinfo fhd, hd;
	const struct drm_mode_modeinfo *modes[3] = { &fhd, &fhd, &hd };
	struct dc_link_status ls;
	struct vt v;

	vt_board(&v, DC_ASIC_CARRIZO, 3, types);
	vt_create(&v);
	dct_attach(v.dc, 0, HDMI20_4K, &caps, NULL);
	dct_attach(v.dc, 1, HDMI20_4K, NULL, NULL);
	dct_attach(v.dc, 2, HDMI14_4K, NULL, NULL);
	dct_mode_vic(&fhd, 16);
	dct_mode_vic(&hd, 4);
	assert_int_equal(vt_streams(&v, 3, modes), 0);
	assert_int_equal(res(&v, 2)->timing_generator, 2);
	assert_int_equal(res(&v, 2)->clock_source, 1);
	v.dc->current = v.st; /* as a commit would leave it */
	assert_int_equal(dc_link_get_status(v.dc, 2, &ls), 0);
	assert_true(ls.active);
	assert_int_equal(ls.pixel_clock_khz, 74250);

	/* DP-1 goes away and HDMI-A-2 comes first: it keeps TG 2 and PLL 1 */
	memset(&v.st, 0, sizeof(v.st));
	v.st.stream_count = 2;
	dct_stream(&v.st.streams[0], 2, &hd);
	dct_stream(&v.st.streams[1], 1, &fhd);
	v.st.streams[0].primary.address = 0x200000; /* a new buffer is no change */
	assert_int_equal(dc_validate(v.dc, &v.st, &v.err), 0);
	assert_int_equal(res(&v, 0)->timing_generator, 2);
	assert_int_equal(res(&v, 0)->clock_source, 1);
	assert_int_equal(res(&v, 1)->timing_generator, 1);
	assert_int_equal(res(&v, 1)->clock_source, 0);
	/* a changed stream gets fresh resources: the first free ones */
	dct_stream(&v.st.streams[1], 1, &hd);
	assert_int_equal(dc_validate(v.dc, &v.st, &v.err), 0);
	assert_int_equal(res(&v, 0)->timing_generator, 2);
	assert_int_equal(res(&v, 1)->timing_generator, 0);
	assert_int_equal(res(&v, 1)->clock_source, 1); /* shares 74.25 MHz */
	/* the committed state itself was not touched */
	assert_int_equal(v.dc->current.stream_count, 3);
	assert_int_equal(v.dc->current.streams[1].res.timing_generator, 1);
	vt_done(&v);
}

/* ---- the modes a link offers ------------------------------------------------ */

static bool has_timing(const struct dc_mode *modes, size_t n, const struct drm_mode_modeinfo *m)
{
	for (size_t i = 0; i < n; i++) {
		if (dc_timing_equal(&modes[i].info, m))
			return true;
	}
	return false;
}

/* Each sink mode is in the link's list exactly when it validates alone. */
static size_t check_link_modes(struct vt *v)
{
	size_t all_n, n;
	const struct dc_mode *all = dc_sink_modes(dc_link_sink(v->dc, 0), &all_n);
	const struct dc_mode *link = dc_link_modes(v->dc, 0, &n);

	assert_true(n <= all_n);
	for (size_t i = 0; i < all_n; i++) {
		int r = vt_one(v, &all[i].info, RGB, 8);

		assert_int_equal(r == 0, has_timing(link, n, &all[i].info));
	}
	return n;
}

static void test_link_modes_leave_out_what_does_not_fit(void **state)
{
	struct dc_dp_caps caps = dct_dp_caps(DC_DP_RATE_HBR2, 4);
	struct drm_mode_modeinfo m4k60, m4k30, m;
	const struct dc_mode *modes;
	size_t n, n_hbr2, all_n;
	struct vt v;

	dct_mode_vic(&m4k60, 97);
	dct_mode_vic(&m4k30, 95);
	/* DP, 4 lanes of HBR2: the Dell's 4K60 (preferred, first), not its 4K100-144 */
	vt_init(&v, DC_ASIC_CARRIZO, DC_LINK_DP, false);
	assert_null(dc_link_modes(v.dc, 0, &n));
	assert_int_equal(n, 0);
	dct_attach(v.dc, 0, HDMI20_4K, &caps, NULL);
	dc_sink_modes(dc_link_sink(v.dc, 0), &all_n);
	n_hbr2 = check_link_modes(&v);
	assert_int_equal(n_hbr2, all_n - 5);
	dct_mode_vic(&m, 118); /* 3840x2160@120, 1188 MHz: 28.51 of 17.28 Gbit/s */
	assert_false(has_timing(dc_link_modes(v.dc, 0, &n), n, &m));
	modes = dc_link_modes(v.dc, 0, &n);
	assert_int_equal(modes[0].info.clock, 594000);
	assert_true(modes[0].preferred);
	/* training verified 2 lanes of HBR only (4.32 Gbit/s): 4K goes, 1080p60 stays */
	v.dc->links[0].verified_rate_mbps = DC_DP_RATE_HBR;
	v.dc->links[0].verified_lanes = 2;
	assert_true(check_link_modes(&v) < n_hbr2);
	modes = dc_link_modes(v.dc, 0, &n);
	assert_false(has_timing(modes, n, &m4k60));
	assert_false(has_timing(modes, n, &m4k30));
	dct_mode_vic(&m, 16);
	assert_true(has_timing(modes, n, &m));
	dc_destroy(v.dc);

	/* HDMI on Carrizo without the 6 Gbit/s board flag: 300 MHz, 4K30 yes, 4K60 no */
	vt_init(&v, DC_ASIC_CARRIZO, DC_LINK_HDMI_A, false);
	dct_attach(v.dc, 0, HDMI20_4K, NULL, NULL);
	assert_true(check_link_modes(&v) < all_n);
	modes = dc_link_modes(v.dc, 0, &n);
	assert_false(has_timing(modes, n, &m4k60));
	assert_true(has_timing(modes, n, &m4k30));
	/* a new sink, a new list: the HDMI 1.4 4K monitor's */
	dct_attach(v.dc, 0, HDMI14_4K, NULL, NULL);
	check_link_modes(&v);
	/* unplugged: nothing */
	assert_int_equal(dc_link_set_sink(v.dc, 0, NULL), 0);
	assert_null(dc_link_modes(v.dc, 0, &n));
	assert_int_equal(n, 0);
	vt_done(&v);
}

/* ---- malformed states ----------------------------------------------------- */

static void test_malformed_states(void **state)
{
	enum dc_link_type types[2] = { DC_LINK_HDMI_A, DC_LINK_DP };
	struct drm_mode_modeinfo m;
	struct vt v;

	vt_board(&v, DC_ASIC_FIJI, 2, types);
	vt_create(&v);
	dct_attach(v.dc, 0, HDMI20_4K, NULL, NULL);
	dct_mode_vic(&m, 16);

	v.st.stream_count = 7;
	vt_failed(&v, dc_validate(v.dc, &v.st, &v.err), -EINVAL, DC_ERR_INVALID,
		  "state: 7 streams, at most 6");
	v.st.stream_count = 1;
	dct_stream(&v.st.streams[0], 5, &m);
	vt_failed(&v, dc_validate(v.dc, &v.st, &v.err), -EINVAL, DC_ERR_INVALID,
		  "stream 0: link 5 does not exist, the board has 2");
	dct_stream(&v.st.streams[0], 1, &m);
	vt_failed(&v, dc_validate(v.dc, &v.st, &v.err), -EINVAL, DC_ERR_NOT_CONNECTED,
		  "DP-1: nothing connected");
	v.st.stream_count = 2;
	dct_stream(&v.st.streams[0], 0, &m);
	dct_stream(&v.st.streams[1], 0, &m);
	vt_failed(&v, dc_validate(v.dc, &v.st, &v.err), -EINVAL, DC_ERR_INVALID,
		  "HDMI-A-1: in streams 0 and 1; a link shows one stream");
	v.st.stream_count = 1;
	v.st.streams[0].mode.hsync_start = 3000; /* past htotal 2200 */
	vt_failed(&v, dc_validate(v.dc, &v.st, &v.err), -EINVAL, DC_ERR_MODE,
		  "HDMI-A-1: impossible timing: clock 148500 kHz, horizontal 1920 3000 2052 2200, "
		  "vertical 1080 1084 1089 1125 (need active <= sync start <= sync end <= total)");
	/* VIC 5, 1920x1080i: no interlaced scanout */
	dct_mode_vic(&m, 5);
	vt_failed(&v, vt_one(&v, &m, RGB, 8), -EINVAL, DC_ERR_MODE,
		  "HDMI-A-1: interlaced timing 1920x1080, dcd drives progressive timings only");
	dct_mode_vic(&m, 16);
	vt_failed(&v, vt_one(&v, &m, RGB, 7), -EINVAL, DC_ERR_MODE,
		  "HDMI-A-1: 1920x1080@60 RGB 7bpc: DCE 10.0 encoders carry 6, 8, 10 or 12 bits "
		  "per component");
	vt_failed(&v, vt_one(&v, &m, DC_ENCODING_YCBCR420, 8), -EINVAL, DC_ERR_MODE,
		  "HDMI-A-1: 1920x1080@60 YCbCr 4:2:0 8bpc: DCE 10.0 encoders do not output YCbCr "
		  "4:2:0");
	assert_int_equal(vt_one(&v, &m, DC_ENCODING_YCBCR422, 8), 0); /* the Dell lists 4:2:2 */
	/* nonsense that must be refused, not computed with: no active area, no clock */
	dct_stream(&v.st.streams[0], 0, &m);
	v.st.streams[0].primary.enabled = false;
	v.st.streams[0].mode.hdisplay = 0;
	vt_failed(&v, dc_validate(v.dc, &v.st, &v.err), -EINVAL, DC_ERR_MODE, NULL);
	dct_stream(&v.st.streams[0], 0, &m);
	v.st.streams[0].mode.clock = 0;
	vt_failed(&v, dc_validate(v.dc, &v.st, &v.err), -EINVAL, DC_ERR_MODE, NULL);
	/* a clock no PLL makes: 1 MHz */
	dct_stream(&v.st.streams[0], 0, &m);
	v.st.streams[0].mode.clock = 1000;
	vt_failed(&v, dc_validate(v.dc, &v.st, &v.err), -ENOSPC, DC_ERR_CLOCK_SOURCE,
		  "HDMI-A-1: 1920x1080@0.4 RGB 8bpc needs a 1000 kHz clock, no PLL setting makes "
		  "it (VCO 600000-1200000 kHz, post divider 1-127)");
	assert_int_equal(dc_validate(NULL, &v.st, &v.err), -EINVAL);
	vt_done(&v);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_dp_2_lanes_hbr_rejects_4k60),
		cmocka_unit_test(test_dp_4_lanes_hbr2_accepts_4k60),
		cmocka_unit_test(test_link_modes_leave_out_what_does_not_fit),
		cmocka_unit_test(test_hdmi_4k60_needs_scdc_sink),
		cmocka_unit_test(test_hdmi_sink_max_tmds),
		cmocka_unit_test(test_hdmi_encoder_without_6g),
		cmocka_unit_test(test_hdmi_14_asics_stop_at_300),
		cmocka_unit_test(test_hdmi_deep_color_past_600),
		cmocka_unit_test(test_dvi_single_link_165),
		cmocka_unit_test(test_dvi_dual_link),
		cmocka_unit_test(test_dp_dual_mode_adaptors),
		cmocka_unit_test(test_carrizo_rejects_fourth_stream),
		cmocka_unit_test(test_tonga_accepts_six),
		cmocka_unit_test(test_pll_sharing),
		cmocka_unit_test(test_pll_not_shared_hdmi_with_dual_link),
		cmocka_unit_test(test_unchanged_streams_keep_resources),
		cmocka_unit_test(test_malformed_states),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
