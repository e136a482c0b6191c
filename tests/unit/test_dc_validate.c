/*
 * dc_validate: the acceptance points of the Display Core issue in their
 * validation form. Sinks come from real EDIDs of tests/data/edid:
 *   Dell-DEL4284-ab750b39   HDMI 2.0 4K60 monitor: HF-VSDB 600 MHz, SCDC
 *   Sony-SNY7C04-d21cca96   HDMI 1.4 4K30 TV: VSDB max TMDS 300 MHz, no HF-VSDB
 *   Eizo-ENC1887-5ea426bb   DVI monitor (EDID 1.3, no extension), 1920x1200
 *   AOC-AOC2401-5b860272    HDMI monitor without deep color
 * Every test runs on the fake engine that fails on any register write;
 * the exact message text is asserted for representative errors.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "dc_test.h"

#define HDMI20_4K "Dell-DEL4284-ab750b39"
#define HDMI14_4K "Sony-SNY7C04-d21cca96"
#define DVI_EIZO  "Eizo-ENC1887-5ea426bb"
#define HDMI_8BPC "AOC-AOC2401-5b860272"

static struct dc *one_link(struct fake_hw *f, enum dc_asic asic, enum dc_link_type type)
{
	struct dc_board b;

	dct_board(&b, asic, 1, &type);
	return dct_create(f, &b);
}

static int validate_one(struct dc *dc, const struct drm_mode_modeinfo *m, struct dc_error *err,
			struct dc_state *st)
{
	memset(st, 0, sizeof(*st));
	st->stream_count = 1;
	dct_stream(&st->streams[0], 0, m);
	return dc_validate(dc, st, err);
}

/* ---- DP link bandwidth ---------------------------------------------------- */

static void test_dp_2_lanes_hbr_rejects_4k60(void **state)
{
	struct fake_hw f;
	struct dc *dc = one_link(&f, DC_ASIC_CARRIZO, DC_LINK_DP);
	struct dc_dp_caps caps = dct_dp_caps(DC_DP_RATE_HBR, 2);
	struct drm_mode_modeinfo m;
	struct dc_error err;
	struct dc_state st;

	dct_attach(dc, 0, HDMI20_4K, &caps, NULL);
	/* CVT-RB 3840x2160@60: 533.25 MHz x 24 bpp = 12.80 Gbit/s; 2 x 2.16 = 4.32 */
	dct_mode_cvt(&m, 3840, 2160, 60, DC_CVT_RB_V1);
	assert_int_equal(m.clock, 533250);
	assert_int_equal(validate_one(dc, &m, &err, &st), -ERANGE);
	assert_int_equal(err.code, DC_ERR_LINK_BANDWIDTH);
	assert_int_equal(err.stream, 0);
	assert_int_equal(err.plane, -1);
	assert_string_equal(err.message, "DP-1: 2 lanes x HBR = 4.32 Gbit/s effective, "
					 "3840x2160@60 RGB 8bpc needs 12.80 Gbit/s");
	assert_int_equal(st.streams[0].res.timing_generator, -1);

	/* the CTA timing (594 MHz) needs 14.26 */
	dct_mode_vic(&m, 97);
	assert_int_equal(validate_one(dc, &m, &err, &st), -ERANGE);
	assert_non_null(strstr(err.message, "needs 14.26 Gbit/s"));
	/* RBR on one lane, 10bpc: 1.30 available */
	caps = dct_dp_caps(DC_DP_RATE_RBR, 1);
	dct_attach(dc, 0, HDMI20_4K, &caps, NULL);
	dct_mode_vic(&m, 16);
	memset(&st, 0, sizeof(st));
	st.stream_count = 1;
	dct_stream(&st.streams[0], 0, &m);
	st.streams[0].bpc = 10;
	assert_int_equal(dc_validate(dc, &st, &err), -ERANGE);
	assert_string_equal(err.message, "DP-1: 1 lane x RBR = 1.30 Gbit/s effective, "
					 "1920x1080@60 RGB 10bpc needs 4.46 Gbit/s");
	assert_int_equal(f.writes, 0);
	assert_int_equal(f.reads, 0);
	dc_destroy(dc);
}

static void test_dp_4_lanes_hbr2_accepts_4k60(void **state)
{
	struct fake_hw f;
	struct dc *dc = one_link(&f, DC_ASIC_CARRIZO, DC_LINK_DP);
	struct dc_dp_caps caps = dct_dp_caps(DC_DP_RATE_HBR2, 4);
	struct drm_mode_modeinfo m;
	struct dc_error err;
	struct dc_state st;

	dct_attach(dc, 0, HDMI20_4K, &caps, NULL);
	dct_mode_cvt(&m, 3840, 2160, 60, DC_CVT_RB_V1);
	assert_int_equal(validate_one(dc, &m, &err, &st), 0);
	assert_int_equal(err.code, DC_ERR_NONE);
	assert_int_equal(st.streams[0].res.signal, DC_SIGNAL_DP);
	assert_int_equal(st.streams[0].res.clock_source, DC_CLOCK_SOURCE_DP_DTO);
	assert_int_equal(st.streams[0].res.pixel_clock_khz, 533250);
	assert_int_equal(st.streams[0].res.timing_generator, 0);
	assert_int_equal(st.streams[0].res.link_encoder, 0);
	/* the sink has audio (CTA SADs): DP carries it */
	assert_int_equal(st.streams[0].res.audio, 0);
	/* 594 MHz needs 14.26 of 17.28 Gbit/s */
	dct_mode_vic(&m, 97);
	assert_int_equal(validate_one(dc, &m, &err, &st), 0);
	/* a sink that claims HBR3 is held to the encoder's HBR2 */
	caps = dct_dp_caps(DC_DP_RATE_HBR3, 4);
	dct_attach(dc, 0, HDMI20_4K, &caps, NULL);
	dct_mode_cvt(&m, 5120, 2880, 60, DC_CVT_RB_V2);
	assert_int_equal(validate_one(dc, &m, &err, &st), -ERANGE);
	assert_non_null(strstr(err.message, "DP-1: 4 lanes x HBR2 = 17.28 Gbit/s effective"));
	assert_int_equal(f.writes + f.reads, 0);
	dc_destroy(dc);
}

/* ---- HDMI / DVI / DP++ TMDS limits ---------------------------------------- */

static void test_hdmi_4k60_needs_scdc_sink(void **state)
{
	struct fake_hw f;
	struct dc_board b;
	enum dc_link_type t = DC_LINK_HDMI_A;
	struct drm_mode_modeinfo m;
	struct dc_error err;
	struct dc_state st;
	struct dc *dc;

	dct_board(&b, DC_ASIC_CARRIZO, 1, &t);
	b.connectors[0].hdmi_6g = true;
	dc = dct_create(&f, &b);
	dct_mode_vic(&m, 97);
	assert_int_equal(m.clock, 594000);

	/* HF-VSDB with SCDC and 600 MHz: scrambled HDMI 2.0 */
	assert_int_equal(dct_attach(dc, 0, HDMI20_4K, NULL, NULL)->signal, DC_SIGNAL_HDMI);
	assert_int_equal(validate_one(dc, &m, &err, &st), 0);
	assert_int_equal(st.streams[0].res.signal, DC_SIGNAL_HDMI);
	assert_true(st.streams[0].res.hdmi_scrambling);
	assert_int_equal(st.streams[0].res.pixel_clock_khz, 594000);
	assert_int_equal(st.streams[0].res.clock_source, 0);

	/* HDMI 1.4 sink: no SCDC, no TMDS above 340 MHz */
	dct_attach(dc, 0, HDMI14_4K, NULL, NULL);
	assert_int_equal(validate_one(dc, &m, &err, &st), -ERANGE);
	assert_int_equal(err.code, DC_ERR_SINK_TMDS);
	assert_string_equal(err.message,
			    "HDMI-A-1: the sink takes TMDS up to 340.00 MHz (no SCDC in its "
			    "HF-VSDB), 3840x2160@60 RGB 8bpc needs 594.00 MHz");
	/* its own 4K30 (297 MHz, under its 300 MHz max TMDS) is fine, unscrambled */
	dct_mode_vic(&m, 95);
	assert_int_equal(validate_one(dc, &m, &err, &st), 0);
	assert_false(st.streams[0].res.hdmi_scrambling);
	/* 4K30 at 10bpc (it announces DC_30bit): 371.25 MHz TMDS, above 340 again */
	memset(&st, 0, sizeof(st));
	st.stream_count = 1;
	dct_stream(&st.streams[0], 0, &m);
	st.streams[0].bpc = 10;
	assert_int_equal(dc_validate(dc, &st, &err), -ERANGE);
	assert_int_equal(err.code, DC_ERR_SINK_TMDS);
	assert_string_equal(err.message,
			    "HDMI-A-1: the sink takes TMDS up to 340.00 MHz (no SCDC in its "
			    "HF-VSDB), 3840x2160@30 RGB 10bpc needs 371.25 MHz");
	/* a sink without deep color in its HDMI VSDB gets 8bpc only */
	dct_attach(dc, 0, HDMI_8BPC, NULL, NULL);
	dct_mode_vic(&m, 16);
	dct_stream(&st.streams[0], 0, &m);
	st.streams[0].bpc = 10;
	assert_int_equal(dc_validate(dc, &st, &err), -EINVAL);
	assert_string_equal(err.message, "HDMI-A-1: 1920x1080@60 RGB 10bpc: the sink's EDID does "
					 "not announce 10bpc RGB");
	assert_int_equal(f.writes + f.reads, 0);
	dc_destroy(dc);
}

static void test_hdmi_sink_max_tmds(void **state)
{
	struct fake_hw f;
	struct dc_board b;
	enum dc_link_type t = DC_LINK_HDMI_A;
	struct drm_mode_modeinfo m;
	struct dc_error err;
	struct dc_state st;
	struct dc *dc;

	dct_board(&b, DC_ASIC_TONGA, 1, &t);
	b.connectors[0].hdmi_6g = true;
	dc = dct_create(&f, &b);
	dct_attach(dc, 0, HDMI14_4K, NULL, NULL);
	/* 2560x1440@60 CVT: 312.25 MHz, under 340 but over the sink's 300 */
	dct_mode_cvt(&m, 2560, 1440, 60, DC_CVT_NORMAL);
	assert_int_equal(validate_one(dc, &m, &err, &st), -ERANGE);
	assert_int_equal(err.code, DC_ERR_SINK_TMDS);
	assert_string_equal(err.message,
			    "HDMI-A-1: the sink takes TMDS up to 300.00 MHz (its EDID's max TMDS "
			    "clock), 2560x1440@59.96 RGB 8bpc needs 312.25 MHz");
	dc_destroy(dc);
}

static void test_hdmi_encoder_without_6g(void **state)
{
	struct fake_hw f;
	struct dc *dc = one_link(&f, DC_ASIC_FIJI, DC_LINK_HDMI_A);
	struct drm_mode_modeinfo m;
	struct dc_error err;
	struct dc_state st;

	dct_attach(dc, 0, HDMI20_4K, NULL, NULL);
	dct_mode_vic(&m, 97);
	assert_int_equal(validate_one(dc, &m, &err, &st), -ERANGE);
	assert_int_equal(err.code, DC_ERR_TMDS_CLOCK);
	assert_string_equal(err.message,
			    "HDMI-A-1: link encoder DIG 0 drives TMDS up to 300.00 MHz (no "
			    "HDMI_6GB_EN), 3840x2160@60 RGB 8bpc needs 594.00 MHz");
	dc_destroy(dc);
}

static void test_hdmi_deep_color_past_600(void **state)
{
	struct dc_tmds_config cfg = {
		.hdmi = true, .encoder_max_khz = 600000, .sink_max_khz = 600000, .sink_scdc = true
	};
	struct dc_tmds_result r;

	/* the limit that the validation would name for 4K60 at 10bpc: 742.5 MHz */
	assert_int_equal(dc_tmds_check(&cfg, 594000, DC_ENCODING_RGB, 10, &r), -ERANGE);
	assert_int_equal(r.limit, DC_TMDS_LIMIT_HDMI20);
	assert_int_equal(r.limit_khz, 600000);
	assert_int_equal(fixed32_32_floor(r.needed_khz), 742500);
}

static void test_dvi_single_link_165(void **state)
{
	struct fake_hw f;
	struct dc *dc = one_link(&f, DC_ASIC_CARRIZO, DC_LINK_DVI_D);
	struct drm_mode_modeinfo m;
	struct dc_error err;
	struct dc_state st;

	assert_int_equal(dct_attach(dc, 0, DVI_EIZO, NULL, NULL)->signal, DC_SIGNAL_DVI_SINGLE);
	/* its own 1920x1200@60 RB: 154 MHz */
	dct_mode_cvt(&m, 1920, 1200, 60, DC_CVT_RB_V1);
	assert_int_equal(validate_one(dc, &m, &err, &st), 0);
	assert_int_equal(st.streams[0].res.signal, DC_SIGNAL_DVI_SINGLE);
	assert_int_equal(st.streams[0].res.audio, -1);
	/* normal blanking: 193.25 MHz */
	dct_mode_cvt(&m, 1920, 1200, 60, DC_CVT_NORMAL);
	assert_int_equal(validate_one(dc, &m, &err, &st), -ERANGE);
	assert_int_equal(err.code, DC_ERR_TMDS_CLOCK);
	assert_string_equal(err.message, "DVI-D-1: single-link DVI carries up to 165.00 MHz, "
					 "1920x1200@59.89 RGB 8bpc needs 193.25 MHz");
	/* DVI carries RGB 8bpc only */
	memset(&st, 0, sizeof(st));
	st.stream_count = 1;
	dct_mode_cvt(&m, 1920, 1200, 60, DC_CVT_RB_V1);
	dct_stream(&st.streams[0], 0, &m);
	st.streams[0].encoding = DC_ENCODING_YCBCR444;
	assert_int_equal(dc_validate(dc, &st, &err), -EINVAL);
	assert_string_equal(err.message, "DVI-D-1: 1920x1200@59.95 YCbCr 4:4:4 8bpc: DVI carries "
					 "RGB at up to 8bpc");
	assert_int_equal(f.writes + f.reads, 0);
	dc_destroy(dc);
}

static void test_dvi_dual_link(void **state)
{
	struct fake_hw f;
	struct dc_board b;
	enum dc_link_type types[2] = { DC_LINK_DVI_D, DC_LINK_HDMI_A };
	struct drm_mode_modeinfo m;
	struct dc_error err;
	struct dc_state st;
	struct dc *dc;

	dct_board(&b, DC_ASIC_TONGA, 2, types);
	b.connectors[0].dual_link = true; /* DIG 0 and 1 */
	b.connectors[1].dig_be = 2;
	dc = dct_create(&f, &b);
	assert_int_equal(dct_attach(dc, 0, DVI_EIZO, NULL, NULL)->signal, DC_SIGNAL_DVI_DUAL);
	/* 2560x1600@60 RB: 268.5 MHz, two links of 134.25 */
	dct_mode_cvt(&m, 2560, 1600, 60, DC_CVT_RB_V1);
	assert_int_equal(validate_one(dc, &m, &err, &st), 0);
	assert_int_equal(st.streams[0].res.signal, DC_SIGNAL_DVI_DUAL);
	assert_int_equal(st.streams[0].res.link_encoder, 0);
	assert_int_equal(st.streams[0].res.pixel_clock_khz, 268500);
	/* a slow mode on the same connector is single link */
	dct_mode_vic(&m, 4);
	assert_int_equal(validate_one(dc, &m, &err, &st), 0);
	assert_int_equal(st.streams[0].res.signal, DC_SIGNAL_DVI_SINGLE);
	/* normal blanking: 348.5 MHz, past 2 x 165 */
	dct_mode_cvt(&m, 2560, 1600, 60, DC_CVT_NORMAL);
	assert_int_equal(validate_one(dc, &m, &err, &st), -ERANGE);
	assert_string_equal(err.message, "DVI-D-1: dual-link DVI carries pixel clocks up to "
					 "330.00 MHz, 2560x1600@59.99 RGB 8bpc needs 348.50 MHz");
	dc_destroy(dc);

	/* dual link takes the odd DIG of the pair: no other connector may use it */
	b.connectors[1].dig_be = 1;
	assert_int_equal(dc_board_check(&b, &err), -EINVAL);
	assert_string_equal(err.message, "board connector 1: link encoder DIG 1 is already wired "
					 "to another connector");
	b.connectors[1].dig_be = 2;
	b.connectors[0].dig_be = 3;
	assert_int_equal(dc_board_check(&b, &err), -EINVAL);
	assert_non_null(strstr(err.message, "dual link needs a DVI-D connector on an even link "
					    "encoder"));
}

static void test_dp_dual_mode_adaptors(void **state)
{
	struct fake_hw f;
	struct dc_board b;
	enum dc_link_type t = DC_LINK_DP;
	struct dc_dongle type2 = { DC_DONGLE_DP_HDMI_TYPE2, 300000 };
	struct dc_dongle type1 = { DC_DONGLE_DP_DVI_TYPE1, 0 };
	struct drm_mode_modeinfo m;
	struct dc_error err;
	struct dc_state st;
	struct dc *dc;

	dct_board(&b, DC_ASIC_CARRIZO, 1, &t);
	b.connectors[0].hdmi_6g = true; /* only the adaptor limits */
	dc = dct_create(&f, &b);
	/* an HDMI 2.0 monitor behind a 300 MHz type 2 adaptor: HDMI signal */
	assert_int_equal(dct_attach(dc, 0, HDMI20_4K, NULL, &type2)->signal, DC_SIGNAL_HDMI);
	dct_mode_vic(&m, 95);
	assert_int_equal(validate_one(dc, &m, &err, &st), 0);
	assert_int_equal(st.streams[0].res.signal, DC_SIGNAL_HDMI);
	assert_int_equal(st.streams[0].res.clock_source, 0); /* a PLL, not the DP DTO */
	dct_mode_vic(&m, 97);
	assert_int_equal(validate_one(dc, &m, &err, &st), -ERANGE);
	assert_int_equal(err.code, DC_ERR_DONGLE);
	assert_string_equal(err.message, "DP-1: the DP++ type 2 adaptor carries TMDS up to "
					 "300.00 MHz, 3840x2160@60 RGB 8bpc needs 594.00 MHz");
	/* a DVI monitor behind a type 1 adaptor: 165 MHz */
	assert_int_equal(dct_attach(dc, 0, DVI_EIZO, NULL, &type1)->signal, DC_SIGNAL_DVI_SINGLE);
	dct_mode_cvt(&m, 1920, 1200, 60, DC_CVT_RB_V1);
	assert_int_equal(validate_one(dc, &m, &err, &st), 0);
	dct_mode_cvt(&m, 1600, 1200, 60, DC_CVT_NORMAL); /* 161 MHz: fits */
	assert_int_equal(validate_one(dc, &m, &err, &st), 0);
	type1.type = DC_DONGLE_DP_HDMI_TYPE1;
	dct_attach(dc, 0, HDMI20_4K, NULL, &type1);
	dct_mode_cvt(&m, 1920, 1200, 60, DC_CVT_NORMAL);
	assert_int_equal(validate_one(dc, &m, &err, &st), -ERANGE);
	assert_string_equal(err.message, "DP-1: the DP++ type 1 adaptor carries TMDS up to "
					 "165.00 MHz, 1920x1200@59.89 RGB 8bpc needs 193.25 MHz");
	assert_int_equal(f.writes + f.reads, 0);
	dc_destroy(dc);
}

/* ---- timing generators ---------------------------------------------------- */

static void fill_streams(struct dc *dc, struct dc_state *st, unsigned n,
			 const struct drm_mode_modeinfo *m)
{
	memset(st, 0, sizeof(*st));
	st->stream_count = n;
	for (unsigned i = 0; i < n; i++)
		dct_stream(&st->streams[i], i, m);
}

static void test_carrizo_rejects_fourth_stream(void **state)
{
	enum dc_link_type types[4] = { DC_LINK_DP, DC_LINK_DP, DC_LINK_HDMI_A, DC_LINK_DVI_D };
	struct dc_dp_caps caps = dct_dp_caps(DC_DP_RATE_HBR2, 4);
	struct fake_hw f;
	struct dc_board b;
	struct drm_mode_modeinfo m;
	struct dc_error err;
	struct dc_state st;
	struct dc *dc;

	dct_board(&b, DC_ASIC_CARRIZO, 4, types);
	dc = dct_create(&f, &b);
	dct_attach(dc, 0, HDMI20_4K, &caps, NULL);
	dct_attach(dc, 1, HDMI20_4K, &caps, NULL);
	dct_attach(dc, 2, HDMI20_4K, NULL, NULL);
	dct_attach(dc, 3, DVI_EIZO, NULL, NULL);
	dct_mode_vic(&m, 16);
	fill_streams(dc, &st, 3, &m);
	assert_int_equal(dc_validate(dc, &st, &err), 0);
	for (unsigned i = 0; i < 3; i++)
		assert_int_equal(st.streams[i].res.timing_generator, i);
	fill_streams(dc, &st, 4, &m);
	assert_int_equal(dc_validate(dc, &st, &err), -ENOSPC);
	assert_int_equal(err.code, DC_ERR_TIMING_GENERATOR);
	assert_int_equal(err.stream, 3);
	assert_string_equal(err.message, "DVI-D-1: no free timing generator, Carrizo has 3, in "
					 "use by DP-1, DP-2, HDMI-A-1");
	for (unsigned i = 0; i < 4; i++)
		assert_int_equal(st.streams[i].res.timing_generator, -1);
	assert_int_equal(f.writes + f.reads, 0);
	dc_destroy(dc);

	/* Stoney has two */
	dct_board(&b, DC_ASIC_STONEY, 3, types);
	dc = dct_create(&f, &b);
	for (unsigned i = 0; i < 3; i++)
		dct_attach(dc, i, HDMI20_4K, &caps, NULL);
	fill_streams(dc, &st, 3, &m);
	assert_int_equal(dc_validate(dc, &st, &err), -ENOSPC);
	assert_string_equal(err.message, "HDMI-A-1: no free timing generator, Stoney has 2, in "
					 "use by DP-1, DP-2");
	dc_destroy(dc);
}

static void test_tonga_accepts_six(void **state)
{
	enum dc_link_type types[6] = { DC_LINK_DP,     DC_LINK_DP,     DC_LINK_DP,
				       DC_LINK_HDMI_A, DC_LINK_HDMI_A, DC_LINK_DVI_D };
	struct dc_dp_caps caps = dct_dp_caps(DC_DP_RATE_HBR2, 4);
	struct fake_hw f;
	struct dc_board b;
	struct drm_mode_modeinfo uhd, fhd;
	struct dc_error err;
	struct dc_state st;
	unsigned tg_mask = 0, se_mask = 0;
	struct dc *dc;

	dct_board(&b, DC_ASIC_TONGA, 6, types);
	dc = dct_create(&f, &b);
	for (unsigned i = 0; i < 3; i++)
		dct_attach(dc, i, HDMI20_4K, &caps, NULL);
	dct_attach(dc, 3, HDMI20_4K, NULL, NULL);
	dct_attach(dc, 4, HDMI14_4K, NULL, NULL);
	dct_attach(dc, 5, DVI_EIZO, NULL, NULL);
	dct_mode_cvt(&uhd, 3840, 2160, 60, DC_CVT_RB_V1);
	dct_mode_vic(&fhd, 16);
	memset(&st, 0, sizeof(st));
	st.stream_count = 6;
	for (unsigned i = 0; i < 6; i++)
		dct_stream(&st.streams[i], i, i < 3 ? &uhd : &fhd);
	assert_int_equal(dc_validate(dc, &st, &err), 0);
	for (unsigned i = 0; i < 6; i++) {
		const struct dc_stream_resources *r = &st.streams[i].res;

		tg_mask |= 1u << r->timing_generator;
		se_mask |= 1u << r->stream_encoder;
		assert_int_equal(r->pipe, r->timing_generator);
		assert_int_equal(r->link_encoder, i);
	}
	assert_int_equal(tg_mask, 0x3f);
	assert_int_equal(se_mask, 0x3f);
	/* three 148.5 MHz TMDS streams share one PLL */
	assert_int_equal(st.streams[3].res.clock_source, 0);
	assert_int_equal(st.streams[4].res.clock_source, 0);
	assert_int_equal(st.streams[5].res.clock_source, 0);
	assert_int_equal(st.streams[0].res.clock_source, DC_CLOCK_SOURCE_DP_DTO);
	assert_int_equal(f.writes + f.reads, 0);
	dc_destroy(dc);
}

/* ---- PLL sharing ---------------------------------------------------------- */

static void test_pll_sharing(void **state)
{
	enum dc_link_type types[3] = { DC_LINK_HDMI_A, DC_LINK_HDMI_A, DC_LINK_DVI_D };
	struct fake_hw f;
	struct dc_board b;
	struct drm_mode_modeinfo fhd, hd, vga;
	struct dc_error err;
	struct dc_state st;
	struct dc *dc;

	dct_board(&b, DC_ASIC_CARRIZO, 3, types);
	dc = dct_create(&f, &b);
	dct_attach(dc, 0, HDMI20_4K, NULL, NULL);
	dct_attach(dc, 1, HDMI14_4K, NULL, NULL);
	dct_attach(dc, 2, DVI_EIZO, NULL, NULL);
	dct_mode_vic(&fhd, 16);
	dct_mode_vic(&hd, 4);
	dct_mode_vic(&vga, 1);

	/* same pixel clock: one PLL */
	memset(&st, 0, sizeof(st));
	st.stream_count = 2;
	dct_stream(&st.streams[0], 0, &fhd);
	dct_stream(&st.streams[1], 1, &fhd);
	assert_int_equal(dc_validate(dc, &st, &err), 0);
	assert_int_equal(st.streams[0].res.clock_source, 0);
	assert_int_equal(st.streams[1].res.clock_source, 0);

	/* different clocks: two */
	dct_stream(&st.streams[1], 1, &hd);
	assert_int_equal(dc_validate(dc, &st, &err), 0);
	assert_int_equal(st.streams[0].res.clock_source, 0);
	assert_int_equal(st.streams[1].res.clock_source, 1);

	/* a third distinct clock on Carrizo's two PLLs */
	st.stream_count = 3;
	dct_stream(&st.streams[2], 2, &vga);
	assert_int_equal(dc_validate(dc, &st, &err), -ENOSPC);
	assert_int_equal(err.code, DC_ERR_CLOCK_SOURCE);
	assert_int_equal(err.stream, 2);
	assert_string_equal(err.message, "DVI-D-1: no clock source for 25.18 MHz, Carrizo's 2 "
					 "PLLs run at 148.50 MHz (HDMI-A-1), 74.25 MHz (HDMI-A-2)");
	/* ... which shares when it matches one of them */
	dct_stream(&st.streams[2], 2, &hd);
	assert_int_equal(dc_validate(dc, &st, &err), 0);
	assert_int_equal(st.streams[2].res.clock_source, 1);
	assert_int_equal(f.writes + f.reads, 0);
	dc_destroy(dc);
}

static void test_pll_not_shared_hdmi_with_dual_link(void **state)
{
	enum dc_link_type types[2] = { DC_LINK_HDMI_A, DC_LINK_DVI_D };
	struct fake_hw f;
	struct dc_board b;
	struct drm_mode_modeinfo m;
	struct dc_error err;
	struct dc_state st;
	struct dc *dc;

	dct_board(&b, DC_ASIC_TONGA, 2, types);
	b.connectors[0].dig_be = 2;
	b.connectors[0].hdmi_6g = true;
	b.connectors[1].dig_be = 0;
	b.connectors[1].dual_link = true;
	dc = dct_create(&f, &b);
	dct_attach(dc, 0, HDMI20_4K, NULL, NULL);
	dct_attach(dc, 1, DVI_EIZO, NULL, NULL);
	dct_mode_cvt(&m, 2560, 1600, 60, DC_CVT_RB_V1); /* 268.5 MHz: dual-link DVI */
	memset(&st, 0, sizeof(st));
	st.stream_count = 2;
	dct_stream(&st.streams[0], 0, &m);
	dct_stream(&st.streams[1], 1, &m);
	assert_int_equal(dc_validate(dc, &st, &err), 0);
	assert_int_equal(st.streams[1].res.signal, DC_SIGNAL_DVI_DUAL);
	assert_int_equal(st.streams[0].res.pixel_clock_khz, st.streams[1].res.pixel_clock_khz);
	assert_int_not_equal(st.streams[0].res.clock_source, st.streams[1].res.clock_source);
	dc_destroy(dc);
}

/* ---- unchanged streams keep their resources ------------------------------- */

static void test_unchanged_streams_keep_resources(void **state)
{
	enum dc_link_type types[3] = { DC_LINK_DP, DC_LINK_HDMI_A, DC_LINK_HDMI_A };
	struct dc_dp_caps caps = dct_dp_caps(DC_DP_RATE_HBR2, 4);
	struct fake_hw f;
	struct dc_board b;
	struct drm_mode_modeinfo fhd, hd;
	struct dc_error err;
	struct dc_state st;
	struct dc_link_status ls;
	struct dc *dc;

	dct_board(&b, DC_ASIC_CARRIZO, 3, types);
	dc = dct_create(&f, &b);
	dct_attach(dc, 0, HDMI20_4K, &caps, NULL);
	dct_attach(dc, 1, HDMI20_4K, NULL, NULL);
	dct_attach(dc, 2, HDMI14_4K, NULL, NULL);
	dct_mode_vic(&fhd, 16);
	dct_mode_vic(&hd, 4);
	memset(&st, 0, sizeof(st));
	st.stream_count = 3;
	dct_stream(&st.streams[0], 0, &fhd);
	dct_stream(&st.streams[1], 1, &fhd);
	dct_stream(&st.streams[2], 2, &hd);
	assert_int_equal(dc_validate(dc, &st, &err), 0);
	assert_int_equal(st.streams[2].res.timing_generator, 2);
	assert_int_equal(st.streams[2].res.clock_source, 1);
	dc->current = st; /* as a commit would leave it */
	assert_int_equal(dc_link_get_status(dc, 2, &ls), 0);
	assert_true(ls.active);
	assert_int_equal(ls.pixel_clock_khz, 74250);

	/* DP-1 goes away and HDMI-A-2 comes first: it keeps TG 2 and PLL 1 */
	memset(&st, 0, sizeof(st));
	st.stream_count = 2;
	dct_stream(&st.streams[0], 2, &hd);
	dct_stream(&st.streams[1], 1, &fhd);
	st.streams[0].primary.address = 0x200000; /* a new buffer does not count as a change */
	assert_int_equal(dc_validate(dc, &st, &err), 0);
	assert_int_equal(st.streams[0].res.timing_generator, 2);
	assert_int_equal(st.streams[0].res.clock_source, 1);
	assert_int_equal(st.streams[1].res.timing_generator, 1);
	assert_int_equal(st.streams[1].res.clock_source, 0);

	/* a changed stream gets fresh resources: the first free ones */
	dct_stream(&st.streams[1], 1, &hd);
	assert_int_equal(dc_validate(dc, &st, &err), 0);
	assert_int_equal(st.streams[0].res.timing_generator, 2);
	assert_int_equal(st.streams[1].res.timing_generator, 0);
	assert_int_equal(st.streams[1].res.clock_source, 1); /* shares 74.25 MHz */
	/* the committed state itself was not touched */
	assert_int_equal(dc->current.stream_count, 3);
	assert_int_equal(dc->current.streams[1].res.timing_generator, 1);
	assert_int_equal(f.writes + f.reads, 0);
	dc_destroy(dc);
}

/* ---- malformed states ----------------------------------------------------- */

static void test_malformed_states(void **state)
{
	enum dc_link_type types[2] = { DC_LINK_HDMI_A, DC_LINK_DP };
	struct fake_hw f;
	struct dc_board b;
	struct drm_mode_modeinfo m;
	struct dc_error err;
	struct dc_state st;
	struct dc *dc;

	dct_board(&b, DC_ASIC_FIJI, 2, types);
	dc = dct_create(&f, &b);
	dct_attach(dc, 0, HDMI20_4K, NULL, NULL);
	dct_mode_vic(&m, 16);
	memset(&st, 0, sizeof(st));

	st.stream_count = 7;
	assert_int_equal(dc_validate(dc, &st, &err), -EINVAL);
	assert_string_equal(err.message, "state: 7 streams, at most 6");

	st.stream_count = 1;
	dct_stream(&st.streams[0], 5, &m);
	assert_int_equal(dc_validate(dc, &st, &err), -EINVAL);
	assert_string_equal(err.message, "stream 0: link 5 does not exist, the board has 2");

	dct_stream(&st.streams[0], 1, &m);
	assert_int_equal(dc_validate(dc, &st, &err), -EINVAL);
	assert_int_equal(err.code, DC_ERR_NOT_CONNECTED);
	assert_string_equal(err.message, "DP-1: nothing connected");

	st.stream_count = 2;
	dct_stream(&st.streams[0], 0, &m);
	dct_stream(&st.streams[1], 0, &m);
	assert_int_equal(dc_validate(dc, &st, &err), -EINVAL);
	assert_string_equal(err.message, "HDMI-A-1: in streams 0 and 1; a link shows one stream");

	st.stream_count = 1;
	st.streams[0].mode.hsync_start = 3000; /* past htotal 2200 */
	assert_int_equal(dc_validate(dc, &st, &err), -EINVAL);
	assert_int_equal(err.code, DC_ERR_MODE);
	assert_string_equal(err.message,
			    "HDMI-A-1: impossible timing: clock 148500 kHz, horizontal 1920 3000 "
			    "2052 2200, vertical 1080 1084 1089 1125 (need active <= sync start <= "
			    "sync end <= total)");

	dct_stream(&st.streams[0], 0, &m);
	st.streams[0].bpc = 7;
	assert_int_equal(dc_validate(dc, &st, &err), -EINVAL);
	assert_string_equal(err.message, "HDMI-A-1: 1920x1080@60 RGB 7bpc: DCE 10.0 encoders "
					 "carry 6, 8, 10 or 12 bits per component");
	st.streams[0].bpc = 8;
	st.streams[0].encoding = DC_ENCODING_YCBCR420;
	assert_int_equal(dc_validate(dc, &st, &err), -EINVAL);
	assert_string_equal(err.message, "HDMI-A-1: 1920x1080@60 YCbCr 4:2:0 8bpc: DCE 10.0 "
					 "encoders do not output YCbCr 4:2:0");
	st.streams[0].encoding = DC_ENCODING_YCBCR422;
	assert_int_equal(dc_validate(dc, &st, &err), 0); /* the Dell lists 4:2:2 */
	assert_int_equal(dc_validate(NULL, &st, &err), -EINVAL);
	dc_destroy(dc);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_dp_2_lanes_hbr_rejects_4k60),
		cmocka_unit_test(test_dp_4_lanes_hbr2_accepts_4k60),
		cmocka_unit_test(test_hdmi_4k60_needs_scdc_sink),
		cmocka_unit_test(test_hdmi_sink_max_tmds),
		cmocka_unit_test(test_hdmi_encoder_without_6g),
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
