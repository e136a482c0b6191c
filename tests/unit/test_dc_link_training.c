/*
 * DP link training on the simulated receivers: the right sequence ends
 * trained at the maximum; insufficient drive goes through adjust requests;
 * clock recovery, equalization and lane failures fall back (lower rate
 * first, then fewer lanes) and lower the verified capability that
 * dc_validate holds streams against; a PHY no video BIOS table
 * programs is refused with a reason.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "dc_link_test.h"

#define VIC_1080P60 16
#define VIC_4K30    95
#define VIC_4K60    97

#define DP_SCENARIO(dp)                                                                          \
	"{ \"asic\": \"carrizo\", \"connectors\": [ { \"type\": \"DP\", \"hpd\": 1, \"ddc\": 1," \
	"  \"aux\": 1, \"encoder\": 0, \"display\": { \"edid\": { \"preferred\": \"cta-4k60\","  \
	"  \"modes\": [ \"cta-4k30\", \"cta-1080p60\" ] }, \"dp\": " dp " } } ] }"

/* How often DIG 0's training pattern select was written with value (TPS value + 1). */
static unsigned pattern_writes(struct dclt *t, unsigned dig, uint32_t value)
{
	unsigned n = 0;

	for (size_t i = 0; i < sim_trace_count(t->sim); i++) {
		struct sim_trace_entry e;

		assert_int_equal(sim_trace_get(t->sim, i, &e), 0);
		n += e.reg == mmDP_DPHY_TRAINING_PATTERN_SEL + dce110_dig_offsets[dig] &&
		     e.value == value;
	}
	return n;
}

static void assert_trained(struct dclt *t, unsigned conn, unsigned lanes)
{
	uint8_t s[4];

	assert_int_equal(sim_dpcd_peek(t->sim, conn, 0x202, s, 4), 0);
	assert_int_equal(s[0], 0x77); /* CR_DONE, CHANNEL_EQ_DONE, SYMBOL_LOCKED: lanes 0, 1 */
	assert_int_equal(s[1], lanes == 4 ? 0x77 : 0x00);
	assert_int_equal(s[2] & 0x01, 0x01); /* INTERLANE_ALIGN_DONE */
	assert_int_equal(s[3] & 0x01, 0x01); /* SINK_STATUS: in sync, out of training */
}

static void test_default_dp_trains_at_max(void **state)
{
	struct dclt *t = dclt_create(NULL, DC_ASIC_CARRIZO);
	unsigned link = dclt_link(t, "DP-1"), conn = dclt_conn(t, "DP-1");
	struct dc_link_status st;
	struct dc_stream s;
	struct dc_error err;
	uint8_t cfg[9], power;

	(void)state;
	assert_int_equal(dc_link_detect(t->dc, link), 0);
	dclt_stream(t, &s, link, VIC_4K60);
	/* UNIPHY C: the DP path of the default board (AMD's Carrizo image) */
	assert_int_equal(s.res.link_encoder, 2);
	assert_int_equal(sim_trace_start(t->sim, 100000), 0);
	assert_int_equal(dc_link_enable(t->dc, link, &s, &err), 0);
	assert_int_equal(err.code, DC_ERR_NONE);
	assert_trained(t, conn, 4);
	assert_int_equal(sim_dpcd_peek(t->sim, conn, 0x100, cfg, 9), 0);
	assert_int_equal(cfg[0], 0x14);		      /* LINK_BW_SET: HBR2 */
	assert_int_equal(cfg[1], 0x84);		      /* 4 lanes, enhanced framing */
	assert_int_equal(cfg[2], 0x00);		      /* training pattern off */
	assert_int_equal(cfg[8], 0x01);		      /* ANSI 8b/10b */
	assert_int_equal(pattern_writes(t, 2, 2), 1); /* TPS3 at HBR2 (the sink has it) */
	assert_int_equal(dc_hw_read(t->inner, mmDP_LINK_CNTL + dce110_dig_offsets[2]) &
				 DP_LINK_CNTL__DP_LINK_TRAINING_COMPLETE_MASK,
			 DP_LINK_CNTL__DP_LINK_TRAINING_COMPLETE_MASK);
	sim_trace_stop(t->sim);

	assert_int_equal(dc_link_get_status(t->dc, link, &st), 0);
	assert_int_equal(st.training.result, 0);
	assert_int_equal(st.training.rate_mbps, 5400);
	assert_int_equal(st.training.lanes, 4);
	assert_int_equal(st.training.cr_tries, 1);
	assert_int_equal(st.training.eq_tries, 1);
	assert_int_equal(st.training.fallbacks, 0);
	assert_int_equal(st.max_rate_mbps, 5400);
	assert_int_equal(st.max_lanes, 4);
	assert_false(st.hdmi_scrambling);

	/* disable: receiver to D3, transmitter off, link gone */
	assert_int_equal(dc_link_disable(t->dc, link), 0);
	assert_int_equal(sim_dpcd_peek(t->sim, conn, 0x600, &power, 1), 0);
	assert_int_equal(power, 2);
	assert_int_equal(dc_hw_read(t->inner, mmDIG_BE_EN_CNTL + dce110_dig_offsets[2]) &
				 DIG_BE_EN_CNTL__DIG_ENABLE_MASK,
			 0);
	assert_int_equal(sim_dpcd_peek(t->sim, conn, 0x202, cfg, 1), 0);
	assert_int_equal(cfg[0], 0);
	/* and up again, from D3 */
	assert_int_equal(dc_link_enable(t->dc, link, &s, &err), 0);
	assert_trained(t, conn, 4);
	dclt_destroy(t);
}

static void test_edp_uses_tps2(void **state)
{
	struct dclt *t = dclt_create(NULL, DC_ASIC_CARRIZO);
	unsigned link = dclt_link(t, "eDP-1"), conn = dclt_conn(t, "eDP-1");
	struct sim_connector_info info;
	struct dc_link_status st;
	struct dc_stream s;
	struct dc_error err;

	(void)state;
	assert_int_equal(sim_connector_info(t->sim, conn, &info), 0);
	assert_int_equal(dc_link_detect(t->dc, link), 0);
	/* eDP is not verified at detection: the panel's claim stands until trained */
	assert_int_equal(t->dc->links[link].verified_lanes, 0);
	/* the panel's own 1920x1080 CVT-RB timing, as commit would pass it */
	s = (struct dc_stream){ .link = (uint8_t)link, .bpc = 8 };
	s.mode = dc_sink_modes(dc_link_sink(t->dc, link), NULL)[0].info;
	s.res.link_encoder = -1;
	s.res.signal = DC_SIGNAL_EDP;
	assert_int_equal(sim_trace_start(t->sim, 100000), 0);
	assert_int_equal(dc_link_enable(t->dc, link, &s, &err), 0);
	assert_trained(t, conn, 4);
	assert_int_equal(pattern_writes(t, info.encoder, 2), 0); /* no TPS3 */
	assert_int_equal(pattern_writes(t, info.encoder, 1), 1); /* TPS2 */
	sim_trace_stop(t->sim);
	assert_int_equal(dc_link_get_status(t->dc, link, &st), 0);
	assert_int_equal(st.training.rate_mbps, 2700);
	assert_int_equal(st.training.lanes, 4);
	dclt_destroy(t);
}

static void test_adjust_requests(void **state)
{
	struct dclt *t = dclt_create(
		DP_SCENARIO("{ \"training\": { \"requirements\": ["
			    " { \"rate\": \"HBR2\", \"swing\": 2, \"pre_emphasis\": 1 } ] } }"),
		DC_ASIC_CARRIZO);
	unsigned link = dclt_link(t, "DP-1");
	struct dc_link_status st;
	struct dc_stream s;
	struct dc_error err;
	uint8_t set[4];

	(void)state;
	assert_int_equal(dc_link_detect(t->dc, link), 0);
	dclt_stream(t, &s, link, VIC_4K60);
	assert_int_equal(dc_link_enable(t->dc, link, &s, &err), 0);
	assert_trained(t, 0, 4);
	assert_int_equal(dc_link_get_status(t->dc, link, &st), 0);
	assert_int_equal(st.training.rate_mbps, 5400);
	assert_int_equal(st.training.lanes, 4);
	assert_true(st.training.cr_tries > 1);
	assert_int_equal(st.training.fallbacks, 0);
	for (unsigned i = 0; i < 4; i++) {
		assert_int_equal(st.training.swing[i], 2);
		assert_int_equal(st.training.preemphasis[i], 1);
	}
	/* what the receiver was told matches: swing 2, pre-emphasis 1, max pre-emphasis reached */
	assert_int_equal(sim_dpcd_peek(t->sim, 0, 0x103, set, 4), 0);
	for (unsigned i = 0; i < 4; i++)
		assert_int_equal(set[i], 0x02 | 1 << 3 | 0x20);
	/* the PHY (UNIPHY A) as the video BIOS's table left it: swing 2, pre-emphasis 1 */
	for (unsigned i = 0; i < 4; i++) {
		uint32_t tx = dc_hw_read(t->inner, mmUNIPHY_TX_CONTROL1);

		assert_int_equal(tx >> (UNIPHY_TX_CONTROL1__UNIPHY_TX_VS0__SHIFT + 2 * i) & 3, 2);
		assert_int_equal(tx >> (UNIPHY_TX_CONTROL1__UNIPHY_PREMPH_STR0__SHIFT + 4 * i) & 7,
				 1);
	}
	assert_true(dclt_logged(t,
				"DP-1: link trained at 4 lanes x HBR2: swing 2/2/2/2, "
				"pre-emphasis 1/1/1/1, 2 clock recovery",
				NULL));
	dclt_destroy(t);
}

/* Clock recovery never works at HBR2: HBR x 4 is the capability, 4K60 RGB 8bpc no longer fits. */
static void test_cr_fails_at_hbr2(void **state)
{
	struct dclt *t = dclt_create(
		DP_SCENARIO("{ \"training\": { \"fail_rates\": [ \"HBR2\" ] } }"), DC_ASIC_CARRIZO);
	unsigned link = dclt_link(t, "DP-1");
	struct dc_link_status st;
	struct dc_state state4k = { .stream_count = 1 };
	struct drm_mode_modeinfo m;
	struct dc_stream s;
	struct dc_error err;

	(void)state;
	assert_int_equal(dc_link_detect(t->dc, link), 0);
	assert_int_equal(dc_link_get_status(t->dc, link, &st), 0);
	assert_int_equal(st.max_rate_mbps, 2700);
	assert_int_equal(st.max_lanes, 4);
	assert_int_equal(st.training.fallbacks, 1);
	assert_true(dclt_logged(t,
				"DP-1: link training failed at 4 lanes x HBR2: clock recovery: "
				"no lock after 5 tries at swing 0",
				NULL));
	assert_true(dclt_logged(t, "DP-1: verified link capability 4 lanes x HBR", NULL));
	/* the receiver still claims HBR2: only the verified capability knows better */
	assert_int_equal(dc_sink_dp_caps(dc_link_sink(t->dc, link))->max_rate_mbps, 5400);

	dct_mode_vic(&m, VIC_4K60);
	dct_stream(&state4k.streams[0], link, &m);
	assert_int_equal(dc_validate(t->dc, &state4k, &err), -ERANGE);
	assert_int_equal(err.code, DC_ERR_LINK_BANDWIDTH);
	assert_non_null(strstr(err.message, "DP-1"));
	assert_non_null(strstr(err.message, "4 lanes x HBR = 8.64 Gbit/s"));
	assert_non_null(strstr(err.message, "3840x2160@60 RGB 8bpc needs 14.26 Gbit/s"));

	/* 4K30 fits: it trains at HBR x 4 directly */
	dclt_stream(t, &s, link, VIC_4K30);
	assert_int_equal(dc_link_enable(t->dc, link, &s, &err), 0);
	assert_trained(t, 0, 4);
	assert_int_equal(dc_link_get_status(t->dc, link, &st), 0);
	assert_int_equal(st.training.rate_mbps, 2700);
	assert_int_equal(st.training.fallbacks, 0);
	assert_int_equal(dc_link_disable(t->dc, link), 0);

	/* a 4K60 stream that got past an older validation: the link refuses it with the numbers */
	s.mode = m;
	assert_int_equal(dc_link_enable(t->dc, link, &s, &err), -ERANGE);
	assert_int_equal(err.code, DC_ERR_LINK_BANDWIDTH);
	assert_string_equal(err.message,
			    "DP-1: the link trains only at 4 lanes x HBR = 8.64 Gbit/s "
			    "effective, 3840x2160@60 RGB 8bpc needs 14.26 Gbit/s");
	assert_int_equal(dc_hw_read(t->inner, mmDIG_BE_EN_CNTL) & DIG_BE_EN_CNTL__DIG_ENABLE_MASK,
			 0);
	dclt_destroy(t);
}

/* A board whose video BIOS qualifies the DP encoder for HBR only (no HBR2_EN). */
static void board_without_hbr2(struct dc_board *board)
{
	board->connectors[0].max_dp_rate_mbps = DC_DP_RATE_HBR;
}

/*
 * The board's limit caps the link as the kernel's encoder caps do: an HBR2
 * receiver trains at HBR at once (no failed HBR2 try first), says why in
 * the log, and 4K60, which needs HBR2, does not validate.
 */
static void test_board_limits_the_rate(void **state)
{
	struct dclt *t = dclt_create_board(DP_SCENARIO("{ }"), DC_ASIC_CARRIZO, board_without_hbr2);
	unsigned link = dclt_link(t, "DP-1");
	struct dc_state state4k = { .stream_count = 1 };
	struct drm_mode_modeinfo m;
	struct dc_link_status st;
	struct dc_stream s;
	struct dc_error err;
	uint8_t bw;

	(void)state;
	assert_int_equal(dc_link_detect(t->dc, link), 0);
	assert_int_equal(dc_link_get_status(t->dc, link, &st), 0);
	assert_int_equal(st.max_rate_mbps, DC_DP_RATE_HBR);
	assert_int_equal(st.training.fallbacks, 0);
	assert_int_equal(dc_sink_dp_caps(dc_link_sink(t->dc, link))->max_rate_mbps,
			 DC_DP_RATE_HBR2);
	assert_true(dclt_logged(t,
				"DP-1: the receiver takes HBR2, the board qualifies this "
				"encoder up to HBR",
				NULL));

	dct_mode_vic(&m, VIC_4K60);
	dct_stream(&state4k.streams[0], link, &m);
	assert_int_equal(dc_validate(t->dc, &state4k, &err), -ERANGE);
	assert_int_equal(err.code, DC_ERR_LINK_BANDWIDTH);

	dclt_stream(t, &s, link, VIC_4K30);
	assert_int_equal(dc_link_enable(t->dc, link, &s, &err), 0);
	assert_trained(t, 0, 4);
	assert_int_equal(sim_dpcd_peek(t->sim, 0, 0x100, &bw, 1), 0);
	assert_int_equal(bw, 0x0a); /* LINK_BW_SET: HBR */
	dclt_destroy(t);
}

static void test_eq_fails_at_hbr2(void **state)
{
	struct dclt *t = dclt_create(
		DP_SCENARIO("{ \"training\": { \"fail_channel_eq_rates\": [ \"HBR2\" ] } }"),
		DC_ASIC_CARRIZO);
	unsigned link = dclt_link(t, "DP-1");

	(void)state;
	assert_int_equal(dc_link_detect(t->dc, link), 0);
	assert_int_equal(t->dc->links[link].verified_rate_mbps, 2700);
	assert_int_equal(t->dc->links[link].verified_lanes, 4);
	assert_true(dclt_logged(t,
				"failed at 4 lanes x HBR2: channel equalization (TPS3): no lock "
				"after 5 tries",
				NULL));
	dclt_destroy(t);
}

/* Four lanes never train: every rate at 4 lanes first, then HBR2 at 2 lanes. */
static void test_fallback_order(void **state)
{
	struct dclt *t = dclt_create(
		DP_SCENARIO("{ \"training\": { \"fail_lane_counts\": [ 4 ] } }"), DC_ASIC_CARRIZO);
	unsigned link = dclt_link(t, "DP-1");
	struct dc_link_status st;
	const char *order[] = { "failed at 4 lanes x HBR2",
				"failed at 4 lanes x HBR:", "failed at 4 lanes x RBR" };

	(void)state;
	assert_int_equal(dc_link_detect(t->dc, link), 0);
	assert_int_equal(dc_link_get_status(t->dc, link, &st), 0);
	assert_int_equal(st.max_rate_mbps, 5400);
	assert_int_equal(st.max_lanes, 2);
	assert_int_equal(st.training.fallbacks, 3);
	for (unsigned i = 0, line = 0; i < 3; i++) {
		while (line < t->nlog && !strstr(t->log[line], order[i]))
			line++;
		assert_true(line < t->nlog); /* found, after the previous one */
	}
	dclt_destroy(t);
}

static void test_nothing_trains(void **state)
{
	struct dclt *t = dclt_create(
		DP_SCENARIO("{ \"training\": { \"fail_rates\": [ \"RBR\", \"HBR\", \"HBR2\" ] } }"),
		DC_ASIC_CARRIZO);
	unsigned link = dclt_link(t, "DP-1");
	struct dc_link_status st;
	struct dc_stream s;
	struct dc_error err;

	(void)state;
	assert_int_equal(dc_link_detect(t->dc, link), 0);
	assert_true(dclt_logged(t, "DP-1: the link trained at no setting; assuming 1 lane x RBR",
				NULL));
	assert_int_equal(dc_link_get_status(t->dc, link, &st), 0);
	assert_int_equal(st.max_rate_mbps, 1620);
	assert_int_equal(st.max_lanes, 1);
	assert_int_equal(st.training.result, -EIO);
	assert_int_equal(st.training.fallbacks, 9);
	/* 640x480 fits one RBR lane on paper; training still fails and says so */
	dclt_stream(t, &s, link, 1);
	assert_int_equal(dc_link_enable(t->dc, link, &s, &err), -EIO);
	assert_int_equal(err.code, DC_ERR_LINK_TRAINING);
	assert_string_equal(err.message,
			    "DP-1: link training failed at every setting from 1 lane x "
			    "RBR down to 1 lane x RBR (see the log)");
	assert_int_equal(dc_hw_read(t->inner, mmDIG_BE_EN_CNTL) & DIG_BE_EN_CNTL__DIG_ENABLE_MASK,
			 0);
	dclt_destroy(t);
}

/*
 * DCE 11.2 (our own Polaris image): its UNIPHYTransmitterControl powers
 * TMDS PHYs up, but DP training needs the PHY read back, whose registers
 * the public header leaves reserved; so detection does not verify and a
 * DP commit is refused, each with a sentence saying so; the transmitter
 * stays off. (An image without the table: test bios-tmds.)
 */
static void test_polaris_dp_refused(void **state)
{
	struct dclt *t = dclt_create(
		"{ \"asic\": \"polaris10\", \"connectors\": [ { \"type\": \"DP\", \"hpd\": 1,"
		"  \"ddc\": 1, \"aux\": 1, \"encoder\": 0, \"display\": { \"edid\": {"
		"  \"preferred\": \"cta-1080p60\" } } } ] }",
		DC_ASIC_POLARIS10);
	unsigned link = 0;
	struct dc_stream s;
	struct dc_error err;

	(void)state;
	assert_false(dc_bios_phy(t->dc, 0));
	assert_int_equal(dc_link_detect(t->dc, link), 0);
	assert_true(
		dclt_logged(t,
			    "DP-1: link capability not verified: the DP PHY cannot be programmed "
			    "(the UNIPHY registers of DCE 11.2 are reserved in its public header: "
			    "dcd cannot read the PHY back)",
			    NULL));
	dclt_stream(t, &s, link, VIC_1080P60);
	assert_int_equal(dc_link_enable(t->dc, link, &s, &err), -EOPNOTSUPP);
	assert_int_equal(err.code, DC_ERR_LINK_TRAINING);
	assert_string_equal(err.message,
			    "DP-1: DP output refused: the DP PHY cannot be programmed (the UNIPHY "
			    "registers of DCE 11.2 are reserved in its public header: dcd cannot "
			    "read the PHY back)");
	assert_int_equal(dc_hw_read(t->inner, mmDIG_BE_EN_CNTL) & DIG_BE_EN_CNTL__DIG_ENABLE_MASK,
			 0);
	dclt_destroy(t);
}

/*
 * A DP connector on a transmitter AMD's Carrizo image does not drive
 * (UNIPHY D; its board has A..C): no table programs that PHY and nothing
 * else may, so detection does not verify and a commit is refused naming
 * the link, the transmitter and the image; the transmitter stays off and
 * nothing goes outside the register aperture.
 */
static void test_transmitter_off_the_board(void **state)
{
	struct dclt *t = dclt_create(
		"{ \"asic\": \"carrizo\", \"connectors\": [ { \"type\": \"DP\", \"hpd\": 4,"
		"  \"ddc\": 4, \"aux\": 4, \"encoder\": 3, \"display\": { \"edid\": {"
		"  \"preferred\": \"cta-1080p60\" } } } ] }",
		DC_ASIC_CARRIZO);
	unsigned link = 0;
	struct sim_stats ss;
	struct dc_stream s;
	struct dc_error err;

	(void)state;
	assert_false(dc_bios_phy(t->dc, 3));
	assert_int_equal(dc_link_detect(t->dc, link), 0);
	assert_true(dclt_logged(t,
				"DP-1: link capability not verified: the DP PHY cannot be "
				"programmed (UNIPHY D is not on the board of video BIOS",
				NULL));
	dclt_stream(t, &s, link, VIC_1080P60);
	assert_int_equal(dc_link_enable(t->dc, link, &s, &err), -EOPNOTSUPP);
	print_message("%s\n", err.message);
	assert_int_equal(err.code, DC_ERR_LINK_TRAINING);
	assert_non_null(strstr(err.message,
			       "DP-1: DP output refused: the DP PHY cannot be "
			       "programmed (UNIPHY D is not on the board of video BIOS "));
	assert_non_null(strstr(err.message, "drives only its own transmitters"));
	assert_int_equal(dc_hw_read(t->inner, mmDIG_BE_EN_CNTL + dce110_dig_offsets[3]) &
				 DIG_BE_EN_CNTL__DIG_ENABLE_MASK,
			 0);
	sim_get_stats(t->sim, &ss);
	assert_int_equal(ss.bad_reg_accesses, 0);
	dclt_destroy(t);
}

/*
 * On AMD's Carrizo image the PHY of DP-1 (UNIPHY A, on the image's board)
 * is the video BIOS's: the link verifies, trains and carries a stream with
 * no register outside the aperture.
 */
static void test_phy_by_table_only(void **state)
{
	struct dclt *t = dclt_create(NULL, DC_ASIC_CARRIZO);
	unsigned link = dclt_link(t, "DP-1");
	struct dc_link_status st;
	struct dc_stream s;
	struct dc_error err;

	(void)state;
	assert_int_equal(sim_trace_start(t->sim, 100000), 0);
	assert_int_equal(dc_link_detect(t->dc, link), 0);
	assert_non_null(dc_link_sink(t->dc, link));
	assert_true(dclt_logged(t, "DP-1: verified link capability 4 lanes x HBR2", NULL));
	assert_int_equal(dc_link_get_status(t->dc, link, &st), 0);
	assert_int_equal(st.max_rate_mbps, 5400);
	dclt_stream(t, &s, link, VIC_1080P60);
	assert_int_equal(dc_link_enable(t->dc, link, &s, &err), 0);
	assert_trained(t, 0, 4);
	{ /* nothing outside the register aperture (no simulator-only register) */
		struct sim_stats ss;

		sim_get_stats(t->sim, &ss);
		assert_int_equal(ss.bad_reg_accesses, 0);
	}
	sim_trace_stop(t->sim);
	dclt_destroy(t);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_default_dp_trains_at_max),
		cmocka_unit_test(test_edp_uses_tps2),
		cmocka_unit_test(test_adjust_requests),
		cmocka_unit_test(test_cr_fails_at_hbr2),
		cmocka_unit_test(test_board_limits_the_rate),
		cmocka_unit_test(test_eq_fails_at_hbr2),
		cmocka_unit_test(test_fallback_order),
		cmocka_unit_test(test_nothing_trains),
		cmocka_unit_test(test_phy_by_table_only),
		cmocka_unit_test(test_transmitter_off_the_board),
		cmocka_unit_test(test_polaris_dp_refused),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
