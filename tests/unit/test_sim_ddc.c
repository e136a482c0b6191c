/*
 * DDC through the DC_I2C engine: EDID reads (with the E-DDC segment pointer),
 * NACKs, SCDC, the DP++ adaptor ID and bus timing.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "sim_test_util.h"

/* An HDMI connector with nothing plugged in, for sim_plug() with our bytes. */
static const char hdmi_empty[] =
	"{ \"asic\": \"carrizo\", \"connectors\": ["
	"{ \"type\": \"HDMI\", \"hpd\": 1, \"ddc\": 1, \"encoder\": 0 } ] }";

static void fill_pattern(uint8_t *b, size_t n, uint32_t seed)
{
	for (size_t i = 0; i < n; i++) {
		seed = seed * 1103515245u + 12345u;
		b[i] = (uint8_t)(seed >> 16);
	}
}

static void test_edid_four_blocks_via_segment(void **state)
{
	struct sim *sim = st_create(hdmi_empty);
	struct dc_hw *hw = sim_hw(sim);
	uint8_t edid[512], got[512];
	uint32_t s;

	(void)state;
	fill_pattern(edid, sizeof(edid), 7);
	assert_int_equal(sim_plug(sim, 0, edid, sizeof(edid)), 0);
	memset(got, 0, sizeof(got));
	/* blocks 0 and 1: segment 0, offsets 0 and 128; blocks 2 and 3: segment 1 */
	for (unsigned blk = 0; blk < 4; blk++) {
		s = st_i2c_read_edid(hw, 0, (uint8_t)(blk / 2), (uint8_t)(blk % 2 * 128),
				     &got[blk * 128], 128);
		assert_true(s & DC_I2C_SW_STATUS__DC_I2C_SW_DONE_MASK);
		assert_int_equal(s & (DC_I2C_SW_STATUS__DC_I2C_SW_NACK0_MASK |
				      DC_I2C_SW_STATUS__DC_I2C_SW_NACK1_MASK |
				      DC_I2C_SW_STATUS__DC_I2C_SW_NACK2_MASK |
				      DC_I2C_SW_STATUS__DC_I2C_SW_STOPPED_ON_NACK_MASK |
				      DC_I2C_SW_STATUS__DC_I2C_SW_TIMEOUT_MASK),
				 0);
	}
	assert_memory_equal(got, edid, sizeof(edid));

	/* The segment pointer resets at STOP: a plain read is segment 0 again. */
	s = st_i2c_read_edid(hw, 0, 0, 0, got, 16);
	assert_memory_equal(got, edid, 16);
	sim_destroy(sim);
}

static void test_short_edid_nacks_segment_pointer(void **state)
{
	struct sim *sim = st_create(hdmi_empty);
	struct dc_hw *hw = sim_hw(sim);
	uint8_t edid[256], got[128];
	uint32_t s;

	(void)state;
	fill_pattern(edid, sizeof(edid), 3);
	assert_int_equal(sim_plug(sim, 0, edid, sizeof(edid)), 0);
	s = st_i2c_read_edid(hw, 0, 1, 0, got, 128);
	assert_true(s & DC_I2C_SW_STATUS__DC_I2C_SW_NACK0_MASK);
	assert_true(s & DC_I2C_SW_STATUS__DC_I2C_SW_STOPPED_ON_NACK_MASK);
	s = st_i2c_read_edid(hw, 0, 0, 128, got, 128);
	assert_false(s & DC_I2C_SW_STATUS__DC_I2C_SW_STOPPED_ON_NACK_MASK);
	assert_memory_equal(got, edid + 128, 128);
	sim_destroy(sim);
}

static void test_empty_connector_nacks(void **state)
{
	struct sim *sim = st_create(ST_LINES_SCENARIO);
	struct dc_hw *hw = sim_hw(sim);
	int dp2 = sim_connector_find(sim, "DP-2");
	struct sim_connector_info info;
	uint8_t got[8];
	uint32_t s;

	(void)state;
	assert_true(dp2 >= 0);
	assert_int_equal(sim_connector_info(sim, (unsigned)dp2, &info), 0);
	assert_false(info.plugged);
	s = st_i2c_read_edid(hw, info.ddc, 0, 0, got, sizeof(got));
	assert_true(s & DC_I2C_SW_STATUS__DC_I2C_SW_DONE_MASK);
	assert_true(s & DC_I2C_SW_STATUS__DC_I2C_SW_NACK0_MASK);
	assert_true(s & DC_I2C_SW_STATUS__DC_I2C_SW_STOPPED_ON_NACK_MASK);

	/* unplugging the HDMI monitor makes its DDC line NACK too */
	assert_int_equal(sim_unplug(sim, (unsigned)sim_connector_find(sim, "HDMI-A-1")), 0);
	s = st_i2c_read_edid(hw, 1, 0, 0, got, sizeof(got));
	assert_true(s & DC_I2C_SW_STATUS__DC_I2C_SW_NACK0_MASK);
	sim_destroy(sim);
}

static void test_default_hdmi_edid_header(void **state)
{
	struct sim *sim = st_create(NULL);
	static const uint8_t header[8] = { 0, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0 };
	uint8_t got[256];
	uint8_t sum = 0;

	(void)state;
	assert_true(st_i2c_read_edid(sim_hw(sim), 1, 0, 0, got, 128) &
		    DC_I2C_SW_STATUS__DC_I2C_SW_DONE_MASK);
	assert_memory_equal(got, header, 8);
	for (int i = 0; i < 128; i++)
		sum += got[i];
	assert_int_equal(sum, 0);
	assert_int_equal(got[126], 1); /* one CTA extension */
	sim_destroy(sim);
}

static void test_engine_not_owned_aborts(void **state)
{
	struct sim *sim = st_create(NULL);
	struct dc_hw *hw = sim_hw(sim);
	uint32_t s;

	(void)state;
	dc_hw_write(hw, mmDC_I2C_DDC2_SETUP, DC_FIELD(DC_I2C_DDC1_SETUP, DC_I2C_DDC1_ENABLE, 1));
	dc_hw_write(hw, mmDC_I2C_TRANSACTION0,
		    DC_FIELD(DC_I2C_TRANSACTION0, DC_I2C_RW0, 1) |
			    DC_FIELD(DC_I2C_TRANSACTION0, DC_I2C_START0, 1) |
			    DC_FIELD(DC_I2C_TRANSACTION0, DC_I2C_STOP0, 1) |
			    DC_FIELD(DC_I2C_TRANSACTION0, DC_I2C_COUNT0, 1));
	dc_hw_write(hw, mmDC_I2C_DATA,
		    DC_FIELD(DC_I2C_DATA, DC_I2C_DATA, 0xa1) |
			    DC_FIELD(DC_I2C_DATA, DC_I2C_INDEX_WRITE, 1));
	dc_hw_write(hw, mmDC_I2C_CONTROL,
		    DC_FIELD(DC_I2C_CONTROL, DC_I2C_GO, 1) |
			    DC_FIELD(DC_I2C_CONTROL, DC_I2C_DDC_SELECT, 1));
	s = dc_hw_read(hw, mmDC_I2C_SW_STATUS);
	assert_true(s & DC_I2C_SW_STATUS__DC_I2C_SW_ABORTED_MASK);

	/* with the engine but the DDC line disabled: timeout */
	dc_hw_write(hw, mmDC_I2C_ARBITRATION,
		    DC_FIELD(DC_I2C_ARBITRATION, DC_I2C_SW_USE_I2C_REG_REQ, 1));
	dc_hw_write(hw, mmDC_I2C_DDC2_SETUP, 0);
	dc_hw_write(hw, mmDC_I2C_CONTROL, DC_FIELD(DC_I2C_CONTROL, DC_I2C_SW_STATUS_RESET, 1));
	dc_hw_write(hw, mmDC_I2C_CONTROL,
		    DC_FIELD(DC_I2C_CONTROL, DC_I2C_GO, 1) |
			    DC_FIELD(DC_I2C_CONTROL, DC_I2C_DDC_SELECT, 1));
	s = dc_hw_read(hw, mmDC_I2C_SW_STATUS);
	assert_true(s & DC_I2C_SW_STATUS__DC_I2C_SW_TIMEOUT_MASK);
	sim_destroy(sim);
}

static const char hdmi20[] =
	"{ \"asic\": \"carrizo\", \"connectors\": ["
	"{ \"type\": \"HDMI\", \"hpd\": 1, \"ddc\": 1, \"encoder\": 0, \"display\": {"
	"  \"edid\": { \"name\": \"uhd tv\", \"preferred\": \"cta-4k60\", \"vics\": [97],"
	"    \"hdmi\": { \"max_tmds_mhz\": 300 },"
	"    \"hf_vsdb\": { \"max_tmds_char_rate_mhz\": 600, \"scdc\": true } } } },"
	"{ \"type\": \"DP\", \"hpd\": 2, \"ddc\": 2, \"aux\": 2, \"encoder\": 1, \"display\": {"
	"  \"edid\": { \"preferred\": \"cta-1080p60\" },"
	"  \"dongle\": { \"type\": 2, \"max_tmds_mhz\": 300 } } } ] }";

static uint8_t scdc_read(struct dc_hw *hw, unsigned ddc, uint8_t offset)
{
	uint8_t v = 0xee;
	struct st_i2c_txn txn[2] = {
		{ .addr7 = 0x54, .data = &offset, .len = 1 },
		{ .addr7 = 0x54, .read = true, .data = &v, .len = 1, .stop = true },
	};

	assert_false(st_i2c(hw, ddc, txn, 2) & DC_I2C_SW_STATUS__DC_I2C_SW_STOPPED_ON_NACK_MASK);
	return v;
}

static void scdc_write(struct dc_hw *hw, unsigned ddc, uint8_t offset, uint8_t value)
{
	uint8_t b[2] = { offset, value };
	struct st_i2c_txn txn = { .addr7 = 0x54, .data = b, .len = 2, .stop = true };

	assert_false(st_i2c(hw, ddc, &txn, 1) & DC_I2C_SW_STATUS__DC_I2C_SW_STOPPED_ON_NACK_MASK);
}

static void test_scdc_scrambling(void **state)
{
	struct sim *sim = st_create(hdmi20);
	struct dc_hw *hw = sim_hw(sim);
	uint8_t scdc[256];

	(void)state;
	assert_int_equal(scdc_read(hw, 0, 0x01), 1); /* sink version */
	scdc_write(hw, 0, 0x02, 1);		     /* source version */
	assert_int_equal(scdc_read(hw, 0, 0x21), 0); /* not scrambled: nothing transmitted */
	assert_int_equal(scdc_read(hw, 0, 0x40), 0);

	/* the sink is told first, then the source scrambles at 1/40 */
	scdc_write(hw, 0, 0x20, 0x03);
	dc_hw_write(hw, mmDIG_BE_CNTL, DC_FIELD(DIG_BE_CNTL, DIG_MODE, DCE110_DIG_MODE_TMDS_HDMI));
	dc_hw_write(hw, mmDIG_BE_EN_CNTL, DC_FIELD(DIG_BE_EN_CNTL, DIG_ENABLE, 1));
	dc_hw_write(hw, mmHDMI_CONTROL,
		    DC_FIELD(HDMI_CONTROL, HDMI_DATA_SCRAMBLE_EN, 1) |
			    DC_FIELD(HDMI_CONTROL, HDMI_CLOCK_CHANNEL_RATE, 1));
	assert_int_equal(scdc_read(hw, 0, 0x21) & 1, 1);
	assert_int_equal(scdc_read(hw, 0, 0x40), 0x0f);	 /* clock detected, 3 channels locked */
	assert_int_equal(scdc_read(hw, 0, 0x10) & 1, 1); /* status update flag */
	scdc_write(hw, 0, 0x10, 1);
	assert_int_equal(scdc_read(hw, 0, 0x10) & 1, 0);

	/* ratio mismatch: the sink loses lock */
	scdc_write(hw, 0, 0x20, 0x01);
	assert_int_equal(scdc_read(hw, 0, 0x40), 0x01);
	assert_int_equal(sim_scdc_peek(sim, 0, scdc), 0);
	assert_int_equal(scdc[0x20], 0x01);
	assert_int_equal(scdc[0x02], 1);
	sim_destroy(sim);
}

static void test_dongle_id(void **state)
{
	struct sim *sim = st_create(hdmi20);
	struct dc_hw *hw = sim_hw(sim);
	uint8_t off = 0, id[32];
	struct st_i2c_txn txn[2] = {
		{ .addr7 = 0x40, .data = &off, .len = 1 },
		{ .addr7 = 0x40, .read = true, .data = id, .len = 32, .stop = true },
	};
	struct sim_connector_info info;

	(void)state;
	assert_int_equal(sim_connector_info(sim, 1, &info), 0);
	assert_true(info.dongle);
	assert_false(info.dp_sink);
	assert_false(st_i2c(hw, 1, txn, 2) & DC_I2C_SW_STATUS__DC_I2C_SW_STOPPED_ON_NACK_MASK);
	assert_memory_equal(id, "DP-HDMI ADAPTOR\x04", 16);
	assert_int_equal(id[0x10], 0xa0);	   /* type 2 */
	assert_int_equal(id[0x1d], 300 * 10 / 25); /* max TMDS clock / 2.5 MHz */
	/* the HDMI monitor behind it answers on the same DDC line */
	assert_true(st_i2c_read_edid(hw, 1, 0, 0, id, 8) & DC_I2C_SW_STATUS__DC_I2C_SW_DONE_MASK);
	assert_int_equal(id[1], 0xff);
	/* and there is no SCDC behind a plain HDMI 1.4 monitor */
	off = 0x01;
	txn[0].addr7 = txn[1].addr7 = 0x54;
	assert_true(st_i2c(hw, 1, txn, 2) & DC_I2C_SW_STATUS__DC_I2C_SW_NACK0_MASK);
	sim_destroy(sim);
}

/* no image: the 27 MHz reference the helper's prescale of 270 assumes */
static const char timed[] =
	"{ \"asic\": \"carrizo\", \"vbios\": \"\", \"ddc_bus_timing\": true, \"connectors\": ["
	"{ \"type\": \"HDMI\", \"hpd\": 1, \"ddc\": 1, \"encoder\": 0, "
	"\"display\": { \"edid\": { \"preferred\": \"cta-1080p60\" } } } ] }";

static void test_bus_timing(void **state)
{
	struct sim *sim = st_create(timed);
	struct dc_hw *hw = sim_hw(sim);
	uint8_t got[128];
	uint64_t t0, dt;
	/* START + address, offset, repeated START + address, 128 bytes, STOP;
	 * 9 bit times per byte at 100 kHz */
	const uint64_t bits = 10 + 9 + 10 + 128 * 9 + 1;
	const uint64_t expect = bits * 10000;

	(void)state;
	t0 = sim_now_ns(sim);
	assert_true(st_i2c_read_edid(hw, 0, 0, 0, got, 128) &
		    DC_I2C_SW_STATUS__DC_I2C_SW_DONE_MASK);
	dt = sim_now_ns(sim) - t0;
	/* the helper polls every 10 us */
	assert_true(dt >= expect);
	assert_true(dt < expect + 20000);
	sim_destroy(sim);

	/* without bus timing the transfer is done at once */
	sim = st_create(hdmi20);
	t0 = sim_now_ns(sim);
	assert_true(st_i2c_read_edid(sim_hw(sim), 0, 0, 0, got, 128) &
		    DC_I2C_SW_STATUS__DC_I2C_SW_DONE_MASK);
	assert_true(sim_now_ns(sim) - t0 < 1000);
	sim_destroy(sim);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_edid_four_blocks_via_segment),
		cmocka_unit_test(test_short_edid_nacks_segment_pointer),
		cmocka_unit_test(test_empty_connector_nacks),
		cmocka_unit_test(test_default_hdmi_edid_header),
		cmocka_unit_test(test_engine_not_owned_aborts),
		cmocka_unit_test(test_scdc_scrambling),
		cmocka_unit_test(test_dongle_id),
		cmocka_unit_test(test_bus_timing),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
