/*
 * DP AUX channels: native DPCD reads, timeouts and HPD disconnects on empty
 * connectors, I2C-over-AUX EDID reads, DEFER replies, the payload limit and
 * the done interrupt.
 */
#include <poll.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "sim_test_util.h"

#define CMD_I2C_WRITE_MOT 0x4
#define CMD_I2C_READ_MOT  0x5
#define CMD_I2C_READ	  0x1
#define CMD_NATIVE_READ	  0x9

static void test_dpcd_caps(void **state)
{
	struct sim *sim = st_create(NULL);
	struct dc_hw *hw = sim_hw(sim);
	uint8_t caps[16], mst, sink;

	(void)state;
	/* DP-1 on HPD 3 / AUX 3 (index 2) */
	st_hpd_enable(hw, 2);
	st_dpcd_read(hw, 2, 0x000, caps, sizeof(caps));
	assert_int_equal(caps[0], 0x12);	    /* DPCD 1.2 */
	assert_int_equal(caps[1], 0x14);	    /* HBR2 */
	assert_int_equal(caps[2], 0x80 | 0x40 | 4); /* enhanced framing, TPS3, 4 lanes */
	assert_int_equal(caps[6], 0x01);	    /* 8b/10b */
	st_dpcd_read(hw, 2, 0x021, &mst, 1);
	assert_int_equal(mst, 0);
	st_dpcd_read(hw, 2, 0x200, &sink, 1);
	assert_int_equal(sink & 0x3f, 1);

	/* the eDP panel on AUX 1 (index 0): HBR, no TPS3, eDP revision */
	st_hpd_enable(hw, 0);
	st_dpcd_read(hw, 0, 0x000, caps, 3);
	assert_int_equal(caps[1], 0x0a);
	assert_int_equal(caps[2], 0x80 | 4);
	st_dpcd_read(hw, 0, 0x700, caps, 1);
	assert_int_equal(caps[0], 0x02);
	sim_destroy(sim);
}

static void test_empty_connector_timeout(void **state)
{
	struct sim *sim = st_create(NULL);
	struct dc_hw *hw = sim_hw(sim);
	uint8_t cmd = 0xaa;
	unsigned len = 99;
	uint64_t t0;
	uint32_t s;

	(void)state;
	/* DP-1 (HPD 3 / AUX 3, index 2) unplugged: the HPD gate says so */
	assert_int_equal(sim_unplug(sim, (unsigned)sim_connector_find(sim, "DP-1")), 0);
	st_hpd_enable(hw, 2);
	s = st_aux(hw, 2, CMD_NATIVE_READ, 0, NULL, 0, 1, &cmd, NULL, &len);
	assert_true(s & AUX_SW_STATUS__AUX_SW_HPD_DISCON_MASK);
	assert_false(s & AUX_SW_STATUS__AUX_SW_RX_TIMEOUT_MASK);

	/* ignoring HPD, nobody answers: a reply timeout after 400 us */
	dc_hw_write(hw, mmAUX_CONTROL + dce110_aux_offsets[2],
		    DC_FIELD(AUX_CONTROL, AUX_IGNORE_HPD_DISCON, 1));
	t0 = sim_now_ns(sim);
	s = st_aux(hw, 2, CMD_NATIVE_READ, 0, NULL, 0, 1, &cmd, NULL, &len);
	assert_true(s & AUX_SW_STATUS__AUX_SW_RX_TIMEOUT_MASK);
	assert_int_equal(DC_FIELD_GET(s, AUX_SW_STATUS, AUX_SW_RX_TIMEOUT_STATE), 1);
	assert_int_equal(DC_FIELD_GET(s, AUX_SW_STATUS, AUX_SW_REPLY_BYTE_COUNT), 0);
	assert_int_equal(len, 0);
	assert_true(sim_now_ns(sim) - t0 >= 400000);
	assert_true(sim_now_ns(sim) - t0 < 600000);
	sim_destroy(sim);
}

/* Reads len bytes of EDID at segment/offset over I2C-over-AUX, 16 at a time. */
static void aux_edid(struct dc_hw *hw, unsigned aux, uint8_t segment, uint8_t offset, uint8_t *buf,
		     unsigned len)
{
	uint8_t cmd;
	unsigned got;

	if (segment) {
		st_aux(hw, aux, CMD_I2C_WRITE_MOT, 0x30, &segment, 1, 0, &cmd, NULL, NULL);
		assert_int_equal(cmd, 0);
	}
	st_aux(hw, aux, CMD_I2C_WRITE_MOT, 0x50, &offset, 1, 0, &cmd, NULL, NULL);
	assert_int_equal(cmd, 0);
	for (unsigned i = 0; i < len; i += 16) {
		st_aux(hw, aux, CMD_I2C_READ_MOT, 0x50, NULL, 0, 16, &cmd, buf + i, &got);
		assert_int_equal(cmd, 0);
		assert_int_equal(got, 16);
	}
	/* address-only read without MOT: STOP */
	st_aux(hw, aux, CMD_I2C_READ, 0x50, NULL, 0, 0, &cmd, NULL, NULL);
	assert_int_equal(cmd, 0);
}

static void test_i2c_over_aux_edid(void **state)
{
	struct sim *sim = st_create(NULL);
	struct dc_hw *hw = sim_hw(sim);
	int dp1 = sim_connector_find(sim, "DP-1");
	uint8_t edid[512], got[512], cmd;
	struct sim_connector_info info;

	(void)state;
	for (unsigned i = 0; i < sizeof(edid); i++)
		edid[i] = (uint8_t)(i * 7 + i / 128);
	assert_int_equal(sim_unplug(sim, (unsigned)dp1), 0);
	assert_int_equal(sim_plug(sim, (unsigned)dp1, edid, sizeof(edid)), 0);
	assert_int_equal(sim_connector_info(sim, (unsigned)dp1, &info), 0);
	assert_true(info.dp_sink);
	st_hpd_enable(hw, 2);
	dc_hw_delay_ns(hw, 20000000); /* through the HPD filter */
	for (unsigned blk = 0; blk < 4; blk++)
		aux_edid(hw, 2, (uint8_t)(blk / 2), (uint8_t)(blk % 2 * 128), got + blk * 128, 128);
	assert_memory_equal(got, edid, sizeof(edid));

	/* no device at 0x37: I2C NACK in the reply */
	st_aux(hw, 2, CMD_I2C_READ_MOT, 0x37, NULL, 0, 1, &cmd, NULL, NULL);
	assert_int_equal(cmd >> 4, DCE110_AUX_REPLY_I2C_NACK);
	/* and the DP sink has no DDC devices: the DDC line NACKs */
	assert_true(st_i2c_read_edid(hw, info.ddc, 0, 0, got, 8) &
		    DC_I2C_SW_STATUS__DC_I2C_SW_NACK0_MASK);
	sim_destroy(sim);
}

static void test_defer_and_payload_limit(void **state)
{
	struct sim *sim = st_create(NULL);
	struct dc_hw *hw = sim_hw(sim);
	uint8_t cmd, buf[32];
	unsigned got;

	(void)state;
	st_hpd_enable(hw, 2); /* DP-1 */
	assert_int_equal(sim_set_aux_defer(sim, 0, 2), 0);
	for (int i = 0; i < 2; i++) {
		st_aux(hw, 2, CMD_NATIVE_READ, 0, NULL, 0, 1, &cmd, buf, &got);
		assert_int_equal(cmd >> 4, DCE110_AUX_REPLY_DEFER);
		assert_int_equal(got, 0);
	}
	st_aux(hw, 2, CMD_NATIVE_READ, 0, NULL, 0, 1, &cmd, buf, &got);
	assert_int_equal(cmd >> 4, DCE110_AUX_REPLY_ACK);
	assert_int_equal(buf[0], 0x12);
	/* the next request is deferred twice again */
	st_aux(hw, 2, CMD_NATIVE_READ, 0, NULL, 0, 1, &cmd, buf, &got);
	assert_int_equal(cmd >> 4, DCE110_AUX_REPLY_DEFER);
	assert_int_equal(sim_set_aux_defer(sim, 0, 0), 0);

	/* 17 bytes are more than an AUX transaction carries */
	st_aux(hw, 2, CMD_NATIVE_READ, 0, NULL, 0, 17, &cmd, buf, &got);
	assert_int_equal(cmd >> 4, DCE110_AUX_REPLY_NACK);
	st_aux(hw, 2, CMD_NATIVE_READ, 0, NULL, 0, 16, &cmd, buf, &got);
	assert_int_equal(cmd >> 4, DCE110_AUX_REPLY_ACK);
	assert_int_equal(got, 16);
	sim_destroy(sim);
}

static void test_done_interrupt(void **state)
{
	struct sim *sim = st_create(NULL);
	struct dc_hw *hw = sim_hw(sim);
	struct pollfd pfd = { .fd = sim_irq_fd(sim), .events = POLLIN };
	uint32_t base = dce110_aux_offsets[0];

	(void)state;
	st_hpd_enable(hw, 0);
	dc_hw_write(hw, mmAUX_CONTROL + base, DC_FIELD(AUX_CONTROL, AUX_EN, 1));
	dc_hw_write(hw, mmAUX_ARB_CONTROL + base,
		    DC_FIELD(AUX_ARB_CONTROL, AUX_SW_USE_AUX_REG_REQ, 1));
	dc_hw_write(hw, mmAUX_INTERRUPT_CONTROL + base,
		    DC_FIELD(AUX_INTERRUPT_CONTROL, AUX_SW_DONE_MASK, 1));
	dc_hw_write(hw, mmAUX_SW_DATA + base,
		    DC_FIELD(AUX_SW_DATA, AUX_SW_DATA, 0x90) |
			    DC_FIELD(AUX_SW_DATA, AUX_SW_AUTOINCREMENT_DISABLE, 1));
	dc_hw_write(hw, mmAUX_SW_DATA + base, 0);
	dc_hw_write(hw, mmAUX_SW_DATA + base, 0);
	dc_hw_write(hw, mmAUX_SW_DATA + base, 0);
	dc_hw_write(hw, mmAUX_SW_CONTROL + base,
		    DC_FIELD(AUX_SW_CONTROL, AUX_SW_WR_BYTES, 4) |
			    DC_FIELD(AUX_SW_CONTROL, AUX_SW_GO, 1));
	assert_int_equal(poll(&pfd, 1, 0), 0);
	assert_true(dc_hw_read(hw, mmAUX_SW_STATUS + base) & AUX_SW_STATUS__AUX_SW_REQ_MASK);
	/* 44 us + 8 us x (4 request + 2 reply bytes) */
	assert_int_equal(sim_advance(sim, 91000), 0);
	assert_int_equal(poll(&pfd, 1, 0), 0);
	assert_int_equal(sim_advance(sim, 1000), 0);
	assert_int_equal(poll(&pfd, 1, 0), 1);
	assert_true(dc_hw_read(hw, mmDISP_INTERRUPT_STATUS) &
		    DISP_INTERRUPT_STATUS__AUX1_SW_DONE_INTERRUPT_MASK);
	dc_hw_write(hw, mmAUX_INTERRUPT_CONTROL + base,
		    DC_FIELD(AUX_INTERRUPT_CONTROL, AUX_SW_DONE_ACK, 1) |
			    DC_FIELD(AUX_INTERRUPT_CONTROL, AUX_SW_DONE_MASK, 1));
	assert_int_equal(poll(&pfd, 1, 0), 0);
	sim_destroy(sim);
}

/* A native read of DPCD 0 on AUX 0, started and left running. */
static void start_read(struct dc_hw *hw)
{
	uint32_t base = dce110_aux_offsets[0];

	st_hpd_enable(hw, 0);
	dc_hw_write(hw, mmAUX_CONTROL + base, DC_FIELD(AUX_CONTROL, AUX_EN, 1));
	dc_hw_write(hw, mmAUX_ARB_CONTROL + base,
		    DC_FIELD(AUX_ARB_CONTROL, AUX_SW_USE_AUX_REG_REQ, 1));
	dc_hw_write(hw, mmAUX_SW_DATA + base,
		    DC_FIELD(AUX_SW_DATA, AUX_SW_DATA, 0x90) |
			    DC_FIELD(AUX_SW_DATA, AUX_SW_AUTOINCREMENT_DISABLE, 1));
	for (unsigned i = 0; i < 3; i++)
		dc_hw_write(hw, mmAUX_SW_DATA + base, 0);
	dc_hw_write(hw, mmAUX_SW_CONTROL + base,
		    DC_FIELD(AUX_SW_CONTROL, AUX_SW_WR_BYTES, 4) |
			    DC_FIELD(AUX_SW_CONTROL, AUX_SW_GO, 1));
	assert_true(dc_hw_read(hw, mmAUX_SW_STATUS + base) & AUX_SW_STATUS__AUX_SW_REQ_MASK);
}

/*
 * The engine reset per register generation: AUX_RESET (and AUX_RESET_DONE)
 * on DCE 11; DCE 10 has neither, its engine starts over when AUX_EN goes 0.
 */
static void test_reset_per_generation(void **state)
{
	static const char tonga[] =
		"{ \"asic\": \"tonga\", \"connectors\": [ { \"type\": \"DP\", \"hpd\": 1, "
		"\"ddc\": 1, \"aux\": 1, \"encoder\": 0, \"display\": { \"edid\": { "
		"\"preferred\": \"cta-1080p60\" }, \"dp\": { \"max_rate\": \"HBR2\", "
		"\"max_lanes\": 4 } } } ] }";
	const uint32_t en = DC_FIELD(AUX_CONTROL, AUX_EN, 1);
	struct sim *sim = st_create(NULL);
	struct dc_hw *hw = sim_hw(sim);

	(void)state;
	start_read(hw);
	assert_true(dc_hw_read(hw, mmAUX_CONTROL) & AUX_CONTROL__AUX_RESET_DONE_MASK);
	dc_hw_write(hw, mmAUX_CONTROL, en | AUX_CONTROL__AUX_RESET_MASK);
	assert_int_equal(dc_hw_read(hw, mmAUX_SW_STATUS), 0);
	sim_destroy(sim);

	sim = st_create(tonga);
	hw = sim_hw(sim);
	start_read(hw);
	assert_false(dc_hw_read(hw, mmAUX_CONTROL) & AUX_CONTROL__AUX_RESET_DONE_MASK);
	/* bit 4 is no field on DCE 10: the transaction goes on */
	dc_hw_write(hw, mmAUX_CONTROL, en | AUX_CONTROL__AUX_RESET_MASK);
	assert_true(dc_hw_read(hw, mmAUX_SW_STATUS) & AUX_SW_STATUS__AUX_SW_REQ_MASK);
	dc_hw_write(hw, mmAUX_CONTROL, 0);
	assert_int_equal(dc_hw_read(hw, mmAUX_SW_STATUS), 0);
	sim_destroy(sim);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_dpcd_caps),
		cmocka_unit_test(test_empty_connector_timeout),
		cmocka_unit_test(test_i2c_over_aux_edid),
		cmocka_unit_test(test_defer_and_payload_limit),
		cmocka_unit_test(test_done_interrupt),
		cmocka_unit_test(test_reset_per_generation),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
