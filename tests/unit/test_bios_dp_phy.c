/*
 * The DP PHY through AMD's real video BIOS images (Carrizo and Stoney),
 * and through our own image's table on Tonga and Fiji (DCE 10):
 * Display Core trains a DP link at RBR, HBR and HBR2 on 1, 2 and 4 lanes
 * on the transmitter of the image's DP connector (UNIPHY C) with the PHY
 * programmed by the image's UNIPHYTransmitterControl. Asserted at register
 * level: the public fields the table set give the rate and lanes asked
 * (the PHY PLL's feedback divider read as docs/bios.md says, DP_CONFIG,
 * DIG_LANE_ENABLE), each active lane's drive levels in UNIPHY_TX_CONTROL1
 * are the levels the simulated receiver asked for, the receiver reports
 * the link trained, what a restarted dcd adopts without running a table
 * (dce110_link_enc_dp_read) is the same, nothing went outside the register
 * aperture, and the PHY is off again after the transmitter is.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "dc_link_test.h"
#include "link_priv.h"

#define UNIPHY_C 2

/* One DP receiver on UNIPHY C that needs swing 1 and pre-emphasis 1 at every rate. */
#define SCENARIO(asic)                                                                             \
	"{ \"asic\": \"" asic "\", \"connectors\": [ { \"name\": \"DP-1\", \"type\": \"DP\","      \
	"  \"hpd\": 3, \"ddc\": 3, \"aux\": 3, \"encoder\": 2, \"display\": { \"edid\": {"         \
	"  \"preferred\": \"cta-1080p60\" }, \"dp\": { \"max_rate\": \"HBR2\", \"max_lanes\": 4,"  \
	"  \"training\": { \"requirements\": [ { \"swing\": 1, \"pre_emphasis\": 1 } ] } } } } ] " \
	"}"

static uint32_t uniphy(struct dclt *t, uint32_t generic)
{
	return dc_hw_read(t->inner, generic + dce110_uniphy_offsets[UNIPHY_C]);
}

static uint32_t dig(struct dclt *t, uint32_t generic)
{
	return dc_hw_read(t->inner, generic + dce110_dig_offsets[UNIPHY_C]);
}

/* The link rate per lane from the PHY PLL's public fields (our reading, docs/bios.md). */
static uint32_t phy_rate_mbps(struct dclt *t)
{
	uint32_t fb = uniphy(t, mmUNIPHY_PLL_FBDIV);
	uint64_t r = ((uint64_t)DC_FIELD_GET(fb, UNIPHY_PLL_FBDIV, UNIPHY_PLL_FBDIV) << 14 |
		      DC_FIELD_GET(fb, UNIPHY_PLL_FBDIV, UNIPHY_PLL_FBDIV_FRACTION)) *
		     100;

	if (uniphy(t, mmUNIPHY_PLL_CONTROL2) & UNIPHY_PLL_CONTROL2__UNIPHY_PDIVFRAC_SEL_MASK)
		r = r * 2 / 5;
	return (uint32_t)(r >> 14);
}

static void train_all(const char *json, enum dc_asic asic)
{
	static const uint32_t rates[] = { 1620, 2700, 5400 };
	static const uint8_t lane_counts[] = { 1, 2, 4 };
	struct dclt *t = dclt_create(json, asic);
	unsigned link = dclt_link(t, "DP-1"), conn = dclt_conn(t, "DP-1");
	const struct dc_dp_caps *caps;

	assert_true(dc_bios_phy(t->dc, UNIPHY_C));
	assert_int_equal(dc_link_detect(t->dc, link), 0);
	caps = dc_sink_dp_caps(dc_link_sink(t->dc, link));
	assert_non_null(caps);
	for (unsigned r = 0; r < 3; r++) {
		for (unsigned n = 0; n < 3; n++) {
			struct dc_link_training tr;
			uint8_t st[4];
			uint32_t tx;

			assert_int_equal(sim_trace_start(t->sim, 100000), 0);
			if (dc_dp_train(t->dc, link, caps, rates[r], lane_counts[n], &tr))
				fail_msg("%u lanes x %u Mbit/s did not train", lane_counts[n],
					 rates[r]);
			assert_int_equal(tr.rate_mbps, rates[r]);
			assert_int_equal(tr.lanes, lane_counts[n]);
			/* the PHY: PLL on at the rate asked */
			assert_true(uniphy(t, mmUNIPHY_PLL_CONTROL1) &
				    UNIPHY_PLL_CONTROL1__UNIPHY_PLL_ENABLE_MASK);
			assert_int_equal(phy_rate_mbps(t), rates[r]);
			/* the lanes: DP_CONFIG and DIG_LANE_ENABLE */
			assert_int_equal(DC_FIELD_GET(dig(t, mmDP_CONFIG), DP_CONFIG, DP_UDI_LANES),
					 lane_counts[n] - 1u);
			assert_int_equal(dig(t, mmDIG_LANE_ENABLE) & 0xf,
					 (1u << lane_counts[n]) - 1);
			/* the drive levels SETUP_VSEMPH left: the receiver's, on every active lane
			 */
			tx = uniphy(t, mmUNIPHY_TX_CONTROL1);
			for (unsigned i = 0; i < lane_counts[n]; i++) {
				assert_int_equal(tx >> (UNIPHY_TX_CONTROL1__UNIPHY_TX_VS0__SHIFT +
							DCE110_UNIPHY_TX_VS_STRIDE * i) &
							 3,
						 1);
				assert_int_equal(
					tx >> (UNIPHY_TX_CONTROL1__UNIPHY_PREMPH_STR0__SHIFT +
					       DCE110_UNIPHY_PREMPH_STR_STRIDE * i) &
						7,
					1);
				assert_int_equal(tr.swing[i], 1);
				assert_int_equal(tr.preemphasis[i], 1);
			}
			assert_true(tr.cr_tries > 1); /* the receiver asked for more than level 0 */
			/* what a restarted dcd adopts (no table run): the same, from the registers
			 */
			{
				uint32_t rate;
				unsigned lanes;
				uint8_t sw[4], pe[4];

				dce110_link_enc_dp_read(t->inner, UNIPHY_C, true, &rate, &lanes, sw,
							pe);
				assert_int_equal(rate, rates[r]);
				assert_int_equal(lanes, lane_counts[n]);
				assert_int_equal(sw[lane_counts[n] - 1], 1);
				assert_int_equal(pe[lane_counts[n] - 1], 1);
			}
			/* the receiver: clock recovery, equalization, symbol lock, alignment */
			assert_int_equal(sim_dpcd_peek(t->sim, conn, 0x202, st, 4), 0);
			assert_int_equal(st[0] & 0x7, 0x7);
			assert_int_equal(st[2] & 0x01, 0x01);
			{ /* nothing outside the register aperture (no simulator-only register) */
				struct sim_stats ss;

				sim_get_stats(t->sim, &ss);
				assert_int_equal(ss.bad_reg_accesses, 0);
			}
			sim_trace_stop(t->sim);
		}
	}
	dc_link_dp_transmitter_off(t->dc, link);
	assert_int_equal(
		uniphy(t, mmUNIPHY_PLL_CONTROL1) & UNIPHY_PLL_CONTROL1__UNIPHY_PLL_ENABLE_MASK, 0);
	assert_int_equal(dig(t, mmDIG_BE_EN_CNTL) & DIG_BE_EN_CNTL__DIG_ENABLE_MASK, 0);
	dclt_destroy(t);
}

static void test_carrizo(void **state)
{
	(void)state;
	train_all(SCENARIO("carrizo"), DC_ASIC_CARRIZO);
}

static void test_stoney(void **state)
{
	(void)state;
	train_all(SCENARIO("stoney"), DC_ASIC_STONEY);
}

/* Our own image's UNIPHYTransmitterControl 1.5 (sim/sim_own_vbios.c) on DCE 10. */
static void test_tonga(void **state)
{
	(void)state;
	train_all(SCENARIO("tonga"), DC_ASIC_TONGA);
}

static void test_fiji(void **state)
{
	(void)state;
	train_all(SCENARIO("fiji"), DC_ASIC_FIJI);
}

/*
 * DCE 11.2 (Polaris): even an image with UNIPHYTransmitterControl 1.5
 * (Carrizo's, given to a Polaris 10) does not drive the PHY, since its
 * registers are reserved in the public header: the reason names the
 * generation.
 */
static void test_polaris_keeps_off_reserved_uniphy(void **state)
{
	static const char json[] =
		"{ \"asic\": \"polaris10\", \"connectors\": [ { \"name\": \"DP-1\","
		"  \"type\": \"DP\", \"hpd\": 3, \"ddc\": 3, \"aux\": 3, \"encoder\": 2,"
		"  \"display\": { \"edid\": { \"preferred\": \"cta-1080p60\" } } } ] }";
	struct dclt *t = dclt_create(json, DC_ASIC_POLARIS10);
	struct dc_error err = { 0 };
	char why[256];
	void *image;
	size_t len;

	(void)state;
	image = dct_read_data("vbios/CarrizoGenericVbios.bin", &len);
	assert_int_equal(dc_set_vbios(t->dc, image, len, &err), 0);
	free(image);
	assert_false(dc_bios_phy(t->dc, UNIPHY_C));
	dc_bios_phy_why_not(t->dc, UNIPHY_C, why, sizeof(why));
	print_message("%s\n", why);
	assert_non_null(strstr(why, "DCE 11.2"));
	assert_non_null(strstr(why, "reserved"));
	dclt_destroy(t);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_carrizo),
		cmocka_unit_test(test_stoney),
		cmocka_unit_test(test_tonga),
		cmocka_unit_test(test_fiji),
		cmocka_unit_test(test_polaris_keeps_off_reserved_uniphy),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
