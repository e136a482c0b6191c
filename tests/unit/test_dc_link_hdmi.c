/*
 * TMDS links: HDMI 2.0 scrambling through SCDC on both sides, and DP++
 * adaptors found by their ID registers with the limit validation then
 * applies. HDMI 2.0 rates exist from DCE 11.2 on: these run on Polaris 10.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "dc_link_test.h"
#include "sim_test_util.h"

#define VIC_1080P60 16
#define VIC_4K30    95
#define VIC_4K60    97

static const char scenario[] =
	"{ \"asic\": \"polaris10\", \"connectors\": ["
	"  { \"type\": \"HDMI\", \"hpd\": 1, \"ddc\": 1, \"encoder\": 0, \"display\": { \"edid\": {"
	"    \"name\": \"hdmi 2.0\", \"preferred\": \"cta-4k60\", \"modes\": [ \"cta-1080p60\" ],"
	"    \"vics\": [ 97, 16 ], \"hdmi\": { \"max_tmds_mhz\": 340 },"
	"    \"hf_vsdb\": { \"max_tmds_char_rate_mhz\": 600, \"scdc\": true } } } },"
	"  { \"type\": \"DP\", \"hpd\": 2, \"ddc\": 2, \"aux\": 2, \"encoder\": 1, \"display\": {"
	"    \"edid\": { \"name\": \"behind type 2\", \"preferred\": \"cta-4k60\","
	"      \"modes\": [ \"cta-1080p60\" ], \"vics\": [ 97, 16 ],"
	"      \"hdmi\": { \"max_tmds_mhz\": 340 },"
	"      \"hf_vsdb\": { \"max_tmds_char_rate_mhz\": 600, \"scdc\": true } },"
	"    \"dongle\": { \"type\": 2, \"max_tmds_mhz\": 300 } } },"
	"  { \"type\": \"DP\", \"hpd\": 3, \"ddc\": 3, \"aux\": 3, \"encoder\": 2, \"display\": {"
	"    \"edid\": { \"name\": \"behind type 1\", \"preferred\": \"cta-1080p60\","
	"      \"modes\": [ \"cta-4k30\" ], \"hdmi\": { \"max_tmds_mhz\": 300 } },"
	"    \"dongle\": { \"type\": 1 } } } ] }";

static uint32_t hdmi_control(struct dclt *t, unsigned dig)
{
	return dc_hw_read(t->inner, mmHDMI_CONTROL + dce110_dig_offsets[dig]) &
	       (HDMI_CONTROL__HDMI_DATA_SCRAMBLE_EN_MASK |
		HDMI_CONTROL__HDMI_CLOCK_CHANNEL_RATE_MASK);
}

static void test_scrambling(void **state)
{
	struct dclt *t = dclt_create(scenario, DC_ASIC_POLARIS10);
	unsigned link = dclt_link(t, "HDMI-A-1"), conn = dclt_conn(t, "HDMI-A-1");
	struct dc_link_status st;
	struct dc_stream s;
	struct dc_error err;
	uint8_t scdc[256];

	(void)state;
	assert_int_equal(dc_link_detect(t->dc, link), 0);
	assert_int_equal(dc_sink_signal(dc_link_sink(t->dc, link)), DC_SIGNAL_HDMI);
	assert_true(dc_sink_caps(dc_link_sink(t->dc, link))->scdc);
	dclt_stream(t, &s, link, VIC_4K60);
	assert_true(s.res.hdmi_scrambling);
	assert_int_equal(s.res.pixel_clock_khz, 594000);

	assert_int_equal(dc_link_enable(t->dc, link, &s, &err), 0);
	assert_int_equal(sim_scdc_peek(t->sim, conn, scdc), 0);
	assert_int_equal(scdc[0x20], 0x03);  /* Scrambling_Enable, TMDS_Bit_Clock_Ratio 1/40 */
	assert_int_equal(scdc[0x02], 0x01);  /* Source Version */
	assert_int_equal(scdc[0x21] & 1, 1); /* the sink sees scrambled data */
	assert_int_equal(scdc[0x40], 0x0f);  /* clock detected, channels locked */
	assert_int_equal(hdmi_control(t, 0), HDMI_CONTROL__HDMI_DATA_SCRAMBLE_EN_MASK |
						     HDMI_CONTROL__HDMI_CLOCK_CHANNEL_RATE_MASK);
	assert_int_equal(DC_FIELD_GET(dc_hw_read(t->inner, mmDIG_BE_CNTL), DIG_BE_CNTL, DIG_MODE),
			 DCE110_DIG_MODE_TMDS_HDMI);
	assert_int_equal(dc_link_get_status(t->dc, link, &st), 0);
	assert_true(st.hdmi_scrambling);
	assert_int_equal(st.pixel_clock_khz, 594000);
	assert_true(dclt_logged(t,
				"HDMI-A-1: TMDS on (HDMI, 594000 kHz), scrambling, TMDS clock "
				"ratio 1/40",
				NULL));

	assert_int_equal(dc_link_disable(t->dc, link), 0);
	assert_int_equal(sim_scdc_peek(t->sim, conn, scdc), 0);
	assert_int_equal(scdc[0x20], 0x00);
	assert_int_equal(scdc[0x40], 0x00); /* no clock */
	assert_int_equal(hdmi_control(t, 0), 0);
	assert_int_equal(dc_hw_read(t->inner, mmDIG_BE_EN_CNTL) & DIG_BE_EN_CNTL__DIG_ENABLE_MASK,
			 0);
	assert_int_equal(dc_link_get_status(t->dc, link, &st), 0);
	assert_false(st.hdmi_scrambling);
	dclt_destroy(t);
}

static void test_no_scrambling_below_340(void **state)
{
	struct dclt *t = dclt_create(scenario, DC_ASIC_POLARIS10);
	unsigned link = dclt_link(t, "HDMI-A-1"), conn = dclt_conn(t, "HDMI-A-1");
	struct dc_stream s4k, s;
	struct dc_error err;
	uint8_t scdc[256];

	(void)state;
	assert_int_equal(dc_link_detect(t->dc, link), 0);
	/* 4K60 first, then 1080p60: the sink's scrambling is cleared, not left over */
	dclt_stream(t, &s4k, link, VIC_4K60);
	assert_int_equal(dc_link_enable(t->dc, link, &s4k, &err), 0);
	dclt_stream(t, &s, link, VIC_1080P60);
	assert_false(s.res.hdmi_scrambling);
	assert_int_equal(dc_link_enable(t->dc, link, &s, &err), 0);
	assert_int_equal(sim_scdc_peek(t->sim, conn, scdc), 0);
	assert_int_equal(scdc[0x20], 0x00);
	assert_int_equal(scdc[0x40], 0x0f);
	assert_int_equal(hdmi_control(t, 0), 0);

	/* scrambling below 340 MHz (LTE_340Mcsc): scrambled, clock ratio 1/10 */
	s.res.hdmi_scrambling = true;
	assert_int_equal(dc_link_enable(t->dc, link, &s, &err), 0);
	assert_int_equal(sim_scdc_peek(t->sim, conn, scdc), 0);
	assert_int_equal(scdc[0x20], 0x01);
	assert_int_equal(scdc[0x21] & 1, 1);
	assert_int_equal(scdc[0x40], 0x0f);
	assert_int_equal(hdmi_control(t, 0), HDMI_CONTROL__HDMI_DATA_SCRAMBLE_EN_MASK);
	dclt_destroy(t);
}

/* TMDS output enable of a DP++ type 2 adaptor (I2C 0x40, offset 0x20), read without DC. */
static uint8_t dongle_tmds_oen(struct dclt *t, unsigned conn)
{
	struct sim_connector_info info;
	uint8_t offset = 0x20, v = 0xff;
	struct st_i2c_txn txn[2] = {
		{ .addr7 = 0x40, .data = &offset, .len = 1 },
		{ .addr7 = 0x40, .read = true, .data = &v, .len = 1, .stop = true },
	};

	assert_int_equal(sim_connector_info(t->sim, conn, &info), 0);
	assert_false(st_i2c(t->inner, info.ddc, txn, 2) &
		     DC_I2C_SW_STATUS__DC_I2C_SW_STOPPED_ON_NACK_MASK);
	return v;
}

static void test_dongle_type2(void **state)
{
	struct dclt *t = dclt_create(scenario, DC_ASIC_POLARIS10);
	unsigned link = dclt_link(t, "DP-1"), conn = dclt_conn(t, "DP-1");
	struct dc_state st4k = { .stream_count = 1 };
	struct drm_mode_modeinfo m;
	struct dc_link_status st;
	const struct dc_dongle *dongle;
	struct dc_sink *sink;
	struct dc_stream s;
	struct dc_error err;
	uint8_t ref[256];

	(void)state;
	assert_int_equal(dc_link_detect(t->dc, link), 0);
	sink = dc_link_sink(t->dc, link);
	assert_non_null(sink);
	assert_int_equal(dc_sink_signal(sink), DC_SIGNAL_HDMI);
	assert_null(dc_sink_dp_caps(sink));
	dongle = dc_sink_dongle(sink);
	assert_non_null(dongle);
	assert_int_equal(dongle->type, DC_DONGLE_DP_HDMI_TYPE2);
	assert_int_equal(dongle->max_tmds_khz, 300000);
	dclt_ref_edid_ddc(t, conn, ref, 2);
	assert_memory_equal(dc_sink_edid(sink, NULL), ref, 256);
	assert_true(dclt_logged(t, "DP-1: DP++ type 2 adaptor to HDMI, max TMDS clock 300.0 MHz",
				NULL));
	assert_int_equal(dc_link_get_status(t->dc, link, &st), 0);
	assert_int_equal(st.signal, DC_SIGNAL_HDMI);
	assert_int_equal(st.max_lanes, 0); /* no DP link here */

	/* validation applies the adaptor's limit, and says it is the adaptor */
	dct_mode_vic(&m, VIC_4K60);
	dct_stream(&st4k.streams[0], link, &m);
	assert_int_equal(dc_validate(t->dc, &st4k, &err), -ERANGE);
	assert_int_equal(err.code, DC_ERR_DONGLE);
	assert_non_null(strstr(err.message, "DP-1"));
	assert_non_null(strstr(err.message, "DP++ type 2 adaptor"));
	assert_non_null(strstr(err.message, "300.00 MHz"));
	assert_non_null(strstr(err.message, "594.00 MHz"));

	/* 1080p60 goes through: TMDS on the DP connector's encoder, adaptor output on */
	dclt_stream(t, &s, link, VIC_1080P60);
	assert_int_equal(s.res.signal, DC_SIGNAL_HDMI);
	assert_int_equal(dc_link_enable(t->dc, link, &s, &err), 0);
	assert_int_equal(DC_FIELD_GET(dc_hw_read(t->inner, mmDIG_BE_CNTL + dce110_dig_offsets[1]),
				      DIG_BE_CNTL, DIG_MODE),
			 DCE110_DIG_MODE_TMDS_HDMI);
	assert_int_equal(dongle_tmds_oen(t, conn), 0x00);
	assert_int_equal(dc_link_disable(t->dc, link), 0);
	assert_int_equal(dongle_tmds_oen(t, conn), 0x01);
	dclt_destroy(t);
}

static void test_dongle_type1(void **state)
{
	struct dclt *t = dclt_create(scenario, DC_ASIC_POLARIS10);
	unsigned link = dclt_link(t, "DP-2");
	struct dc_state st4k = { .stream_count = 1 };
	struct drm_mode_modeinfo m;
	const struct dc_dongle *dongle;
	struct dc_stream s;
	struct dc_error err;

	(void)state;
	assert_int_equal(dc_link_detect(t->dc, link), 0);
	dongle = dc_sink_dongle(dc_link_sink(t->dc, link));
	assert_non_null(dongle);
	assert_int_equal(dongle->type, DC_DONGLE_DP_HDMI_TYPE1);
	assert_int_equal(dongle->max_tmds_khz, 165000);
	dct_mode_vic(&m, VIC_4K30);
	dct_stream(&st4k.streams[0], link, &m);
	assert_int_equal(dc_validate(t->dc, &st4k, &err), -ERANGE);
	assert_int_equal(err.code, DC_ERR_DONGLE);
	assert_non_null(strstr(err.message, "DP++ type 1 adaptor"));
	assert_non_null(strstr(err.message, "165.00 MHz"));
	dclt_stream(t, &s, link, VIC_1080P60);
	assert_int_equal(dc_link_enable(t->dc, link, &s, &err), 0);
	dclt_destroy(t);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_scrambling),
		cmocka_unit_test(test_no_scrambling_below_340),
		cmocka_unit_test(test_dongle_type2),
		cmocka_unit_test(test_dongle_type1),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
