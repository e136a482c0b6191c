/*
 * DP link training against the virtual receiver: the right sequence, adjust
 * requests for insufficient drive, scenario-injected failures, link loss.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "sim_test_util.h"

#define US 1000ull

/*
 * The PHY of UNIPHY dig as a video BIOS UNIPHYTransmitterControl leaves it
 * (sim_uniphy.c, our reading of the public BPHYC_UNIPHYn fields): the PLL
 * on at the DPCD rate code's link rate, every lane at one swing and
 * pre-emphasis.
 */
static void tx_phy(struct dc_hw *hw, unsigned dig, uint8_t rate, uint8_t swing, uint8_t pre)
{
	uint32_t o = dce110_uniphy_offsets[dig], tx = 0;
	/* feedback divider x 100 MHz: 27 (HBR), 54 (HBR2), 40.5 / 2.5 (RBR) */
	uint32_t fb = rate == 0x14 ? 54u << 14 : rate == 0x0a ? 27u << 14 : 81u << 13;

	for (unsigned i = 0; i < 4; i++)
		tx |= (uint32_t)swing << (UNIPHY_TX_CONTROL1__UNIPHY_TX_VS0__SHIFT +
					  DCE110_UNIPHY_TX_VS_STRIDE * i) |
		      (uint32_t)pre << (UNIPHY_TX_CONTROL1__UNIPHY_PREMPH_STR0__SHIFT +
					DCE110_UNIPHY_PREMPH_STR_STRIDE * i);
	dc_hw_write(hw, mmUNIPHY_PLL_CONTROL2 + o,
		    rate == 0x06 ? UNIPHY_PLL_CONTROL2__UNIPHY_PDIVFRAC_SEL_MASK : 0);
	dc_hw_write(hw, mmUNIPHY_PLL_FBDIV + o,
		    DC_FIELD(UNIPHY_PLL_FBDIV, UNIPHY_PLL_FBDIV, fb >> 14) |
			    DC_FIELD(UNIPHY_PLL_FBDIV, UNIPHY_PLL_FBDIV_FRACTION, fb & 0x3fff));
	dc_hw_write(hw, mmUNIPHY_TX_CONTROL1 + o, tx);
	dc_hw_write(hw, mmUNIPHY_PLL_CONTROL1 + o,
		    rate ? UNIPHY_PLL_CONTROL1__UNIPHY_PLL_ENABLE_MASK : 0);
}

/* Source side of DIG dig: DP mode, enabled, lanes, rate and drive levels. */
static void tx_setup(struct dc_hw *hw, unsigned dig, unsigned lanes, uint8_t rate)
{
	uint32_t o = dce110_dig_offsets[dig];

	dc_hw_write(hw, mmDIG_BE_CNTL + o, DC_FIELD(DIG_BE_CNTL, DIG_MODE, DCE110_DIG_MODE_DP));
	dc_hw_write(hw, mmDP_CONFIG + o, DC_FIELD(DP_CONFIG, DP_UDI_LANES, lanes - 1));
	tx_phy(hw, dig, rate, 0, 0);
	dc_hw_write(hw, mmDP_LINK_CNTL + o, 0);
	dc_hw_write(hw, mmDP_DPHY_TRAINING_PATTERN_SEL + o, 0);
	dc_hw_write(hw, mmDIG_BE_EN_CNTL + o, DC_FIELD(DIG_BE_EN_CNTL, DIG_ENABLE, 1));
}

/* Both sides: the transmitter's levels and TRAINING_LANEn_SET. */
static void set_drive(struct dc_hw *hw, unsigned dig, unsigned aux, unsigned lanes, uint8_t swing,
		      uint8_t pre)
{
	uint8_t set[4];
	uint32_t rate = (dc_hw_read(hw, mmUNIPHY_PLL_FBDIV + dce110_uniphy_offsets[dig]) &
			 UNIPHY_PLL_FBDIV__UNIPHY_PLL_FBDIV_MASK) >>
			UNIPHY_PLL_FBDIV__UNIPHY_PLL_FBDIV__SHIFT;

	for (unsigned i = 0; i < 4; i++)
		set[i] = (uint8_t)(swing | pre << 3);
	/* the table sets every lane alike; the rate stays */
	tx_phy(hw, dig, rate == 54 ? 0x14 : rate == 27 ? 0x0a : 0x06, swing, pre);
	st_dpcd_write(hw, aux, 0x103, set, (uint8_t)lanes);
}

/* TPS n on the wire and in TRAINING_PATTERN_SET (scrambling off). */
static void set_pattern(struct dc_hw *hw, unsigned dig, unsigned aux, unsigned tps)
{
	uint8_t v = (uint8_t)(tps | 0x20);

	dc_hw_write(hw, mmDP_DPHY_TRAINING_PATTERN_SEL + dce110_dig_offsets[dig], tps - 1);
	st_dpcd_write(hw, aux, 0x102, &v, 1);
}

static void link_config(struct dc_hw *hw, unsigned aux, uint8_t rate, unsigned lanes)
{
	uint8_t cfg[2] = { rate, (uint8_t)(lanes | 0x80) };

	st_dpcd_write(hw, aux, 0x100, cfg, 2);
}

/* DPCD 0x202..0x207 */
static void status(struct dc_hw *hw, unsigned aux, uint8_t s[6])
{
	st_dpcd_read(hw, aux, 0x202, s, 6);
}

static void test_good_sequence(void **state)
{
	struct sim *sim = st_create(ST_LINES_SCENARIO);
	struct dc_hw *hw = sim_hw(sim);
	uint8_t s[6], zero = 0, sink;

	(void)state;
	st_hpd_enable(hw, 0);
	tx_setup(hw, 0, 4, 0x14);
	link_config(hw, 0, 0x14, 4);
	set_drive(hw, 0, 0, 4, 0, 0);
	set_pattern(hw, 0, 0, 1);
	dc_hw_delay_ns(hw, 100 * US);
	status(hw, 0, s);
	assert_int_equal(s[0], 0x11); /* CR_DONE lanes 0, 1 */
	assert_int_equal(s[1], 0x11); /* lanes 2, 3 */
	assert_int_equal(s[2] & 1, 0);

	set_pattern(hw, 0, 0, 3); /* TPS3 at HBR2 */
	status(hw, 0, s);
	assert_int_equal(s[0], 0x11); /* 400 us have not passed yet */
	dc_hw_delay_ns(hw, 400 * US);
	status(hw, 0, s);
	assert_int_equal(s[0], 0x77); /* CR_DONE, CHANNEL_EQ_DONE, SYMBOL_LOCKED */
	assert_int_equal(s[1], 0x77);
	assert_int_equal(s[2] & 0x01, 0x01); /* INTERLANE_ALIGN_DONE */

	/* training over: normal operation keeps the status */
	st_dpcd_write(hw, 0, 0x102, &zero, 1);
	dc_hw_write(hw, mmDP_LINK_CNTL, DC_FIELD(DP_LINK_CNTL, DP_LINK_TRAINING_COMPLETE, 1));
	dc_hw_delay_ns(hw, 1000 * US);
	status(hw, 0, s);
	assert_int_equal(s[0], 0x77);
	assert_int_equal(s[3] & 1, 1);	   /* SINK_STATUS: in sync */
	st_dpcd_read(hw, 0, 0x200c, s, 4); /* the ESI copy */
	assert_int_equal(s[0], 0x77);
	assert_int_equal(s[2] & 1, 1);

	/* the receiver drops the link: status lost, LINK_STATUS_UPDATED, IRQ_HPD */
	assert_int_equal(sim_drop_link(sim, 0), 0);
	dc_hw_delay_ns(hw, 1000 * US);
	assert_true(dc_hw_read(hw, mmDC_HPD_INT_STATUS) &
		    DC_HPD_INT_STATUS__DC_HPD_RX_INT_STATUS_MASK);
	status(hw, 0, s);
	assert_int_equal(s[0], 0);
	assert_int_equal(s[2] & 0x80, 0x80);
	status(hw, 0, s);
	assert_int_equal(s[2] & 0x80, 0); /* cleared by reading */
	st_dpcd_read(hw, 0, 0x200, &sink, 1);
	assert_int_equal(sink & 0x3f, 1);

	/* retraining restores it */
	dc_hw_write(hw, mmDP_LINK_CNTL, 0);
	set_pattern(hw, 0, 0, 1);
	dc_hw_delay_ns(hw, 100 * US);
	set_pattern(hw, 0, 0, 2);
	dc_hw_delay_ns(hw, 400 * US);
	status(hw, 0, s);
	assert_int_equal(s[0], 0x77);
	sim_destroy(sim);
}

static const char lossy[] =
	"{ \"asic\": \"carrizo\", \"connectors\": [ { \"type\": \"DP\", \"hpd\": 1, \"ddc\": 1,"
	"  \"aux\": 1, \"encoder\": 0, \"display\": { \"edid\": { \"preferred\": \"cta-4k60\" },"
	"  \"dp\": { \"training\": { \"requirements\": ["
	"      { \"rate\": \"HBR2\", \"swing\": 2, \"pre_emphasis\": 1 },"
	"      { \"swing\": 1 } ],"
	"    \"fail_rates\": [ \"HBR2\" ], \"fail_lane_counts\": [ 1 ] } } } } ] }";

static const char needs_drive[] =
	"{ \"asic\": \"carrizo\", \"connectors\": [ { \"type\": \"DP\", \"hpd\": 1, \"ddc\": 1,"
	"  \"aux\": 1, \"encoder\": 0, \"display\": { \"edid\": { \"preferred\": \"cta-4k60\" },"
	"  \"dp\": { \"training\": { \"requirements\": ["
	"      { \"rate\": \"HBR2\", \"swing\": 2, \"pre_emphasis\": 1 } ] } } } } ] }";

static void test_adjust_requests(void **state)
{
	struct sim *sim = st_create(needs_drive);
	struct dc_hw *hw = sim_hw(sim);
	uint8_t s[6];

	(void)state;
	st_hpd_enable(hw, 0);
	tx_setup(hw, 0, 4, 0x14);
	link_config(hw, 0, 0x14, 4);
	set_drive(hw, 0, 0, 4, 0, 0);
	set_pattern(hw, 0, 0, 1);
	dc_hw_delay_ns(hw, 200 * US);
	status(hw, 0, s);
	assert_int_equal(s[0], 0);    /* no clock recovery at swing 0 */
	assert_int_equal(s[4], 0x66); /* lanes 0/1: swing 2, pre-emphasis 1 */
	assert_int_equal(s[5], 0x66);

	/* DPCD says swing 2 but the transmitter still drives 0: no lock */
	{
		uint8_t set[4] = { 0x0a, 0x0a, 0x0a, 0x0a };

		st_dpcd_write(hw, 0, 0x103, set, 4);
	}
	dc_hw_delay_ns(hw, 200 * US);
	status(hw, 0, s);
	assert_int_equal(s[0], 0);

	/* swing 2 but pre-emphasis 0: clock recovery yes, equalization no */
	set_drive(hw, 0, 0, 4, 2, 0);
	dc_hw_delay_ns(hw, 100 * US);
	status(hw, 0, s);
	assert_int_equal(s[0], 0x11);
	set_pattern(hw, 0, 0, 3);
	dc_hw_delay_ns(hw, 500 * US);
	status(hw, 0, s);
	assert_int_equal(s[0], 0x11);
	assert_int_equal(s[4], 0x66);
	set_drive(hw, 0, 0, 4, 2, 1);
	dc_hw_delay_ns(hw, 400 * US);
	status(hw, 0, s);
	assert_int_equal(s[0], 0x77);
	assert_int_equal(s[1], 0x77);
	sim_destroy(sim);
}

static void train(struct dc_hw *hw, uint8_t rate, unsigned lanes, uint8_t swing, uint8_t s[6])
{
	uint8_t zero = 0;

	st_dpcd_write(hw, 0, 0x102, &zero, 1);
	tx_setup(hw, 0, lanes, rate);
	link_config(hw, 0, rate, lanes);
	set_drive(hw, 0, 0, lanes, swing, 0);
	set_pattern(hw, 0, 0, 1);
	dc_hw_delay_ns(hw, 100 * US);
	set_pattern(hw, 0, 0, 2);
	dc_hw_delay_ns(hw, 400 * US);
	status(hw, 0, s);
}

static void test_injected_failures(void **state)
{
	struct sim *sim = st_create(lossy);
	struct dc_hw *hw = sim_hw(sim);
	uint8_t s[6];

	(void)state;
	st_hpd_enable(hw, 0);
	/* HBR2 never locks, whatever the drive */
	train(hw, 0x14, 4, 2, s);
	assert_int_equal(s[0], 0);
	train(hw, 0x14, 4, 3, s);
	assert_int_equal(s[0], 0);
	/* HBR with the generic requirement (swing 1) */
	train(hw, 0x0a, 4, 0, s);
	assert_int_equal(s[0], 0);
	assert_int_equal(s[4], 0x11);
	train(hw, 0x0a, 4, 1, s);
	assert_int_equal(s[0], 0x77);
	assert_int_equal(s[1], 0x77);
	/* one lane never trains; two lanes do, and lanes 2/3 report nothing */
	train(hw, 0x0a, 1, 1, s);
	assert_int_equal(s[0], 0);
	train(hw, 0x0a, 2, 1, s);
	assert_int_equal(s[0], 0x77);
	assert_int_equal(s[1], 0x00);
	sim_destroy(sim);
}

static void test_mismatched_configuration(void **state)
{
	struct sim *sim = st_create(ST_LINES_SCENARIO);
	struct dc_hw *hw = sim_hw(sim);
	uint8_t s[6];

	(void)state;
	st_hpd_enable(hw, 0);
	/* transmitter at HBR, receiver told HBR2: no lock */
	tx_setup(hw, 0, 4, 0x0a);
	link_config(hw, 0, 0x14, 4);
	set_drive(hw, 0, 0, 4, 0, 0);
	set_pattern(hw, 0, 0, 1);
	dc_hw_delay_ns(hw, 200 * US);
	status(hw, 0, s);
	assert_int_equal(s[0], 0);
	/* fixed: locks */
	tx_phy(hw, 0, 0x14, 0, 0);
	dc_hw_delay_ns(hw, 200 * US);
	status(hw, 0, s);
	assert_int_equal(s[0], 0x11);
	/* TPS2 in the DPCD but TPS1 still on the wire: no equalization */
	{
		uint8_t v = 0x22;

		st_dpcd_write(hw, 0, 0x102, &v, 1);
	}
	dc_hw_delay_ns(hw, 500 * US);
	status(hw, 0, s);
	assert_int_equal(s[0], 0x11);
	sim_destroy(sim);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_good_sequence),
		cmocka_unit_test(test_adjust_requests),
		cmocka_unit_test(test_injected_failures),
		cmocka_unit_test(test_mismatched_configuration),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
