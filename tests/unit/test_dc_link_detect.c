/*
 * Link detection on the simulated engine: the default scenario's three
 * displays with their exact EDIDs, signals and DP caps; the verified link
 * capability and that verifying leaves nothing behind; hot plug through
 * interrupts, debouncing and the hotplug callback; register discipline.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "dc_link_test.h"
#include "dce110_link.h"
#include "sim_test_util.h"

static void detect_all(struct dclt *t)
{
	for (unsigned i = 0; i < dc_link_count(t->dc); i++)
		assert_int_equal(dc_link_detect(t->dc, i), 0);
}

static void assert_edid(const struct dc_sink *sink, const uint8_t *ref, size_t size)
{
	size_t got = 0;
	const uint8_t *edid = dc_sink_edid(sink, &got);

	assert_int_equal(got, size);
	assert_memory_equal(edid, ref, size);
}

static void test_default_scenario(void **state)
{
	struct dclt *t = dclt_create(NULL, DC_ASIC_CARRIZO);
	unsigned dp = dclt_link(t, "DP-1"), hdmi = dclt_link(t, "HDMI-A-1");
	unsigned edp = dclt_link(t, "eDP-1");
	uint8_t ref[256];
	const struct dc_dp_caps *caps;
	struct dc_sink *sink;

	(void)state;
	detect_all(t);

	/* DP-1: the 4K60 monitor, one EDID block over I2C-over-AUX */
	sink = dc_link_sink(t->dc, dp);
	assert_non_null(sink);
	assert_int_equal(dc_sink_signal(sink), DC_SIGNAL_DP);
	dclt_ref_edid_aux(t, dclt_conn(t, "DP-1"), ref, 2);
	assert_int_equal(ref[126], 1); /* base + CTA extension with the extra modes */
	assert_edid(sink, ref, 256);
	caps = dc_sink_dp_caps(sink);
	assert_non_null(caps);
	assert_int_equal(caps->dpcd_rev, 0x12);
	assert_int_equal(caps->max_rate_mbps, 5400);
	assert_int_equal(caps->max_lanes, 4);
	assert_true(caps->tps3);
	assert_true(caps->enhanced_framing);
	assert_false(caps->mst);
	assert_int_equal(caps->sink_count, 1);
	assert_false(caps->downstream_port);
	assert_null(dc_sink_dongle(sink));
	assert_int_equal(dc_sink_modes(sink, NULL)[0].info.hdisplay, 3840);

	/* HDMI-A-1: 1080p with audio, base + CTA block over DDC */
	sink = dc_link_sink(t->dc, hdmi);
	assert_non_null(sink);
	assert_int_equal(dc_sink_signal(sink), DC_SIGNAL_HDMI);
	dclt_ref_edid_ddc(t, dclt_conn(t, "HDMI-A-1"), ref, 2);
	assert_edid(sink, ref, 256);
	assert_true(dc_sink_caps(sink)->audio);
	assert_null(dc_sink_dp_caps(sink));
	assert_int_equal(dc_sink_modes(sink, NULL)[0].info.hdisplay, 1920);

	/* eDP-1: the panel, HBR x 4 without TPS3 */
	sink = dc_link_sink(t->dc, edp);
	assert_non_null(sink);
	assert_int_equal(dc_sink_signal(sink), DC_SIGNAL_EDP);
	dclt_ref_edid_aux(t, dclt_conn(t, "eDP-1"), ref, 1);
	assert_int_equal(ref[126], 0);
	assert_edid(sink, ref, 128);
	caps = dc_sink_dp_caps(sink);
	assert_int_equal(caps->max_rate_mbps, 2700);
	assert_int_equal(caps->max_lanes, 4);
	assert_false(caps->tps3);

	assert_int_equal(dc_link_count(t->dc), 3);
	assert_true(dclt_logged(t, "DP-1", "DP receiver, DPCD 1.2, 4 lanes x HBR2", NULL));
	dclt_destroy(t);
}

/* DP-1's transmitter on the default board (the image's DP path). */
#define DP1_DIG 2

/* The link rate UNIPHY C's PHY runs at (0 while its PLL is off), as the table left it. */
static uint32_t phy_rate(struct dclt *t)
{
	uint8_t swing[4], pre[4];
	uint32_t rate;

	return dce110_uniphy_dp_read(t->inner, DP1_DIG, &rate, swing, pre) ? rate : 0;
}

static uint32_t phy_pll_enabled(struct dclt *t)
{
	return dc_hw_read(t->inner, mmUNIPHY_PLL_CONTROL1 + dce110_uniphy_offsets[DP1_DIG]) &
	       UNIPHY_PLL_CONTROL1__UNIPHY_PLL_ENABLE_MASK;
}

/* Verifying DP-1's capability trained it at HBR2 x 4 and turned it off again. */
static void test_verified_capability(void **state)
{
	struct dclt *t = dclt_create(NULL, DC_ASIC_CARRIZO);
	unsigned dp = dclt_link(t, "DP-1");
	unsigned conn = dclt_conn(t, "DP-1");
	struct dc_link_status st;
	uint8_t lane[4], power;

	static const uint32_t dig_regs[] = {
		mmDIG_BE_CNTL,		mmDIG_BE_EN_CNTL,  mmDP_CONFIG,
		mmDP_LINK_CNTL,		mmDIG_LANE_ENABLE, mmDP_DPHY_TRAINING_PATTERN_SEL,
		mmDP_LINK_FRAMING_CNTL,
	};
	uint32_t before[9];

	(void)state;
	/* something a previous owner left in the transmitter's registers */
	dc_hw_write(t->inner, mmDIG_BE_CNTL + dce110_dig_offsets[DP1_DIG],
		    DC_FIELD(DIG_BE_CNTL, DIG_MODE, 2));
	dc_hw_write(t->inner, mmDP_CONFIG + dce110_dig_offsets[DP1_DIG], 1);
	for (unsigned i = 0; i < 7; i++)
		before[i] = dc_hw_read(t->inner, dig_regs[i] + dce110_dig_offsets[DP1_DIG]);
	/* the PHY (UNIPHY C, the video BIOS table's): its PLL and what the
	 * receiver model sees of it (sim_uniphy.c) */
	before[7] = phy_pll_enabled(t);
	before[8] = phy_rate(t);
	assert_int_equal(dc_link_detect(t->dc, dp), 0);
	for (unsigned i = 0; i < 7; i++)
		assert_int_equal(dc_hw_read(t->inner, dig_regs[i] + dce110_dig_offsets[DP1_DIG]),
				 before[i]);
	assert_int_equal(phy_pll_enabled(t), before[7]);
	assert_int_equal(phy_rate(t), before[8]);
	assert_int_equal(dc_link_get_status(t->dc, dp, &st), 0);
	assert_true(st.connected);
	assert_int_equal(st.signal, DC_SIGNAL_DP);
	assert_false(st.active);
	assert_int_equal(st.max_rate_mbps, 5400);
	assert_int_equal(st.max_lanes, 4);
	assert_int_equal(t->dc->links[dp].verified_rate_mbps, 5400);
	assert_int_equal(t->dc->links[dp].verified_lanes, 4);
	assert_int_equal(st.training.result, 0);
	assert_int_equal(st.training.rate_mbps, 5400);
	assert_int_equal(st.training.lanes, 4);
	assert_true(dclt_logged(t, "DP-1: verified link capability 4 lanes x HBR2", NULL));

	/* nothing left behind: transmitter off, receiver untrained and in D0 as before */
	assert_int_equal(dc_hw_read(t->inner, mmDIG_BE_EN_CNTL + dce110_dig_offsets[DP1_DIG]), 0);
	assert_int_equal(phy_rate(t), 0);
	/* the PHY (UNIPHY C) powered down again through the video BIOS */
	assert_int_equal(phy_pll_enabled(t), 0);
	assert_int_equal(sim_dpcd_peek(t->sim, conn, 0x202, lane, 4), 0);
	assert_int_equal(lane[0], 0);
	assert_int_equal(lane[2] & 1, 0);
	assert_int_equal(sim_dpcd_peek(t->sim, conn, 0x102, &power, 1), 0);
	assert_int_equal(power, 0);
	assert_int_equal(sim_dpcd_peek(t->sim, conn, 0x600, &power, 1), 0);
	assert_int_equal(power, 1);
	dclt_destroy(t);
}

static const char dp_monitor[] =
	"{ \"edid\": { \"vendor\": \"ABC\", \"product\": 77, \"name\": \"plugged\","
	"  \"preferred\": \"cta-1080p60\" }, \"dp\": { \"max_rate\": \"HBR\", \"max_lanes\": 2 } }";

static void test_hotplug(void **state)
{
	struct dclt *t = dclt_create(st_default_unplugged("DP-1"), DC_ASIC_CARRIZO);
	unsigned dp = dclt_link(t, "DP-1"), conn = dclt_conn(t, "DP-1");
	struct sim_error err;
	struct dc_sink *sink;
	uint8_t ref[128];

	(void)state;
	detect_all(t);
	assert_null(dc_link_sink(t->dc, dp));
	assert_int_equal(dc_next_deadline(t->dc), UINT64_MAX);
	dclt_run(t, 100 * DCLT_MS);
	assert_int_equal(t->nevents, 0); /* arming the lines raised nothing */

	/* plug: HPD filter 50 ms, debounce 50 ms, then one callback */
	assert_int_equal(sim_plug_json(t->sim, conn, dp_monitor, &err), 0);
	dclt_run(t, 80 * DCLT_MS);
	assert_int_equal(dclt_count_hotplug(t, dp, true), 0); /* still debouncing */
	assert_true(dc_next_deadline(t->dc) != UINT64_MAX);
	dclt_run(t, 100 * DCLT_MS);
	assert_int_equal(dclt_count_hotplug(t, dp, true), 1);
	assert_int_equal(t->nevents, 1);
	sink = dc_link_sink(t->dc, dp);
	assert_non_null(sink);
	assert_int_equal(dc_sink_signal(sink), DC_SIGNAL_DP);
	assert_int_equal(dc_sink_dp_caps(sink)->max_rate_mbps, 2700);
	assert_int_equal(dc_sink_dp_caps(sink)->max_lanes, 2);
	dclt_ref_edid_aux(t, conn, ref, 1);
	assert_memory_equal(dc_sink_edid(sink, NULL), ref, 128);
	assert_int_equal(t->dc->links[dp].verified_lanes, 2);
	assert_int_equal(dc_next_deadline(t->dc), UINT64_MAX);

	/* unplug: disconnected */
	assert_int_equal(sim_unplug(t->sim, conn), 0);
	dclt_run(t, 200 * DCLT_MS);
	assert_int_equal(dclt_count_hotplug(t, dp, false), 1);
	assert_null(dc_link_sink(t->dc, dp));

	/* a bouncing plug (in, out, in within the debounce) is one callback */
	assert_int_equal(sim_plug_json(t->sim, conn, dp_monitor, &err), 0);
	dclt_run(t, 60 * DCLT_MS);
	assert_int_equal(sim_unplug(t->sim, conn), 0);
	dclt_run(t, 20 * DCLT_MS);
	assert_int_equal(sim_plug_json(t->sim, conn, dp_monitor, &err), 0);
	dclt_run(t, 300 * DCLT_MS);
	assert_int_equal(dclt_count_hotplug(t, dp, true), 2);
	assert_int_equal(dclt_count_hotplug(t, dp, false), 1);
	assert_non_null(dc_link_sink(t->dc, dp));

	/* out and back in with the same monitor while debouncing: no callback at all */
	sink = dc_link_sink(t->dc, dp);
	assert_int_equal(sim_unplug(t->sim, conn), 0);
	dclt_run(t, 20 * DCLT_MS);
	assert_int_equal(sim_plug_json(t->sim, conn, dp_monitor, &err), 0);
	dclt_run(t, 300 * DCLT_MS);
	assert_int_equal(t->nevents, 3);
	assert_ptr_equal(dc_link_sink(t->dc, dp), sink); /* the same object */
	dclt_destroy(t);
}

/* A different monitor replacing the old one between two detections is reported. */
static void test_sink_change(void **state)
{
	struct dclt *t = dclt_create(NULL, DC_ASIC_CARRIZO);
	unsigned hdmi = dclt_link(t, "HDMI-A-1"), conn = dclt_conn(t, "HDMI-A-1");
	uint8_t edid[256];
	struct dc_sink *before;

	(void)state;
	detect_all(t);
	before = dc_sink_ref(dc_link_sink(t->dc, hdmi));
	dclt_ref_edid_ddc(t, conn, edid, 2);
	assert_int_equal(sim_unplug(t->sim, conn), 0);
	dclt_run(t, 30 * DCLT_MS);
	edid[17]++; /* another year of manufacture, checksum kept right */
	edid[127]--;
	assert_int_equal(sim_plug(t->sim, conn, edid, sizeof(edid)), 0);
	dclt_run(t, 300 * DCLT_MS);
	assert_int_equal(dclt_count_hotplug(t, hdmi, true), 1);
	assert_int_equal(dclt_count_hotplug(t, hdmi, false), 0);
	assert_ptr_not_equal(dc_link_sink(t->dc, hdmi), before);
	assert_memory_equal(dc_sink_edid(dc_link_sink(t->dc, hdmi), NULL), edid, 256);
	assert_true(dclt_logged(t, "HDMI-A-1: hot plug: a different display", NULL));
	assert_false(dclt_logged(t, "checksum", NULL));
	dc_sink_unref(before);
	dclt_destroy(t);
}

#define mmDCIO_SOFT_RESET 0x4836 /* dce_11_0_d.h */

static size_t count_reg(struct sim *sim, uint32_t reg)
{
	struct sim_trace_entry e;
	size_t n = 0;

	for (size_t i = 0; i < sim_trace_count(sim); i++)
		if (sim_trace_get(sim, i, &e) == 0 && e.reg == reg)
			n++;
	return n;
}

/* Detection of one link writes only its own HPD, AUX and DIG (and the shared DDC engine). */
static void test_register_discipline(void **state)
{
	struct dclt *t = dclt_create(NULL, DC_ASIC_CARRIZO);

	(void)state;
	for (unsigned l = 0; l < dc_link_count(t->dc); l++) {
		struct sim_connector_info info;
		unsigned conn = dclt_conn(t, dc_link_name(t->dc, l));
		size_t total;

		assert_int_equal(sim_connector_info(t->sim, conn, &info), 0);
		assert_int_equal(sim_trace_start(t->sim, 100000), 0);
		assert_int_equal(dc_link_detect(t->dc, l), 0);
		total = sim_trace_count(t->sim);
		assert_true(total > 0);
		assert_true(total < 100000);
		assert_int_equal(sim_trace_count_block(t->sim, SIM_BLOCK_CRTC, -1), 0);
		assert_int_equal(sim_trace_count_block(t->sim, SIM_BLOCK_DCP, -1), 0);
		assert_int_equal(sim_trace_count_block(t->sim, SIM_BLOCK_DCCG, -1), 0);
		{ /* nothing outside the register aperture (no simulator-only register) */
			struct sim_stats ss;

			sim_get_stats(t->sim, &ss);
			assert_int_equal(ss.bad_reg_accesses, 0);
		}
		/* outside the blocks: only DCIO_SOFT_RESET, the UNIPHYs' shared soft reset,
		 * which the video BIOS's UNIPHYTransmitterControl writes */
		assert_int_equal(sim_trace_count_block(t->sim, SIM_BLOCK_OTHER, -1),
				 count_reg(t->sim, mmDCIO_SOFT_RESET));
		assert_int_equal(sim_trace_count_block(t->sim, SIM_BLOCK_HPD, -1),
				 sim_trace_count_block(t->sim, SIM_BLOCK_HPD, (int)info.hpd));
		assert_int_equal(sim_trace_count_block(t->sim, SIM_BLOCK_DIG, -1),
				 sim_trace_count_block(t->sim, SIM_BLOCK_DIG, (int)info.encoder));
		if (info.aux >= 0)
			assert_int_equal(sim_trace_count_block(t->sim, SIM_BLOCK_AUX, -1),
					 sim_trace_count_block(t->sim, SIM_BLOCK_AUX, info.aux));
		else
			assert_int_equal(sim_trace_count_block(t->sim, SIM_BLOCK_AUX, -1), 0);
		/* every write is accounted for by the link's own blocks and the DDC engine */
		assert_int_equal(total, sim_trace_count_block(t->sim, SIM_BLOCK_HPD, -1) +
						sim_trace_count_block(t->sim, SIM_BLOCK_AUX, -1) +
						sim_trace_count_block(t->sim, SIM_BLOCK_DIG, -1) +
						sim_trace_count_block(t->sim, SIM_BLOCK_I2C, -1) +
						count_reg(t->sim, mmDCIO_SOFT_RESET));
		/* the DP monitor's capability check trained its own link */
		if (!strcmp(info.name, "DP-1"))
			assert_true(sim_trace_count_block(t->sim, SIM_BLOCK_DIG,
							  (int)info.encoder) > 0);
		sim_trace_stop(t->sim);
	}
	/* detecting again changes nothing in the HPD setup */
	assert_int_equal(sim_trace_start(t->sim, 1000), 0);
	assert_int_equal(dc_link_detect(t->dc, dclt_link(t, "HDMI-A-1")), 0);
	assert_int_equal(sim_trace_count_block(t->sim, SIM_BLOCK_HPD, -1), 0);
	sim_trace_stop(t->sim);
	dclt_destroy(t);
}

/* A core created over a running engine programs nothing until detection. */
static void test_create_writes_nothing(void **state)
{
	struct dclt *t;

	(void)state;
	t = dclt_create(NULL, DC_ASIC_CARRIZO);
	assert_int_equal(sim_trace_start(t->sim, 16), 0);
	dclt_run(t, 10 * DCLT_MS);
	assert_int_equal(sim_trace_count(t->sim), 0);
	sim_trace_stop(t->sim);
	dclt_destroy(t);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_default_scenario),
		cmocka_unit_test(test_verified_capability),
		cmocka_unit_test(test_hotplug),
		cmocka_unit_test(test_sink_change),
		cmocka_unit_test(test_register_discipline),
		cmocka_unit_test(test_create_writes_nothing),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
