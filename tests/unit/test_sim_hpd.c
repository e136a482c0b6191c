/*
 * Hot plug: plug/unplug raise DC_HPD interrupts through the toggle filter
 * and make the interrupt fd readable; acks clear them; short pulses are DP
 * IRQs.
 */
#include <errno.h>
#include <poll.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "sim_test_util.h"

#define MS 1000000ull

static bool irq_readable(struct sim *sim)
{
	struct pollfd pfd = { .fd = sim_irq_fd(sim), .events = POLLIN };

	return poll(&pfd, 1, 0) == 1;
}

static uint32_t hpd_status(struct dc_hw *hw, unsigned hpd)
{
	return dc_hw_read(hw, mmDC_HPD_INT_STATUS + dce110_hpd_offsets[hpd]);
}

static void test_plug_unplug(void **state)
{
	struct sim *sim = st_create(ST_LINES_SCENARIO);
	struct dc_hw *hw = sim_hw(sim);
	unsigned dp2 = (unsigned)sim_connector_find(sim, "DP-2");
	uint32_t ctl = mmDC_HPD_INT_CONTROL + dce110_hpd_offsets[3];

	(void)state;
	st_hpd_enable(hw, 3); /* 10 ms filters */
	/* enabled with polarity 0 (disconnect) while disconnected: latched */
	assert_true(hpd_status(hw, 3) & DC_HPD_INT_STATUS__DC_HPD_INT_STATUS_MASK);
	dc_hw_write(hw, ctl,
		    DC_FIELD(DC_HPD_INT_CONTROL, DC_HPD_INT_EN, 1) |
			    DC_FIELD(DC_HPD_INT_CONTROL, DC_HPD_INT_ACK, 1) |
			    DC_FIELD(DC_HPD_INT_CONTROL, DC_HPD_INT_POLARITY, 1));
	assert_false(hpd_status(hw, 3) & DC_HPD_INT_STATUS__DC_HPD_SENSE_MASK);
	assert_false(irq_readable(sim));

	assert_int_equal(sim_plug(sim, dp2, NULL, 0), -ENODATA); /* nothing configured */
	{
		uint8_t edid[128] = { 0, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0 };

		assert_int_equal(sim_plug(sim, dp2, edid, sizeof(edid)), 0);
		assert_int_equal(sim_plug(sim, dp2, edid, sizeof(edid)), -EBUSY);
	}
	/* the line is up at once, the filtered sense after 10 ms */
	assert_true(hpd_status(hw, 3) & DC_HPD_INT_STATUS__DC_HPD_SENSE_MASK);
	assert_false(hpd_status(hw, 3) & DC_HPD_INT_STATUS__DC_HPD_SENSE_DELAYED_MASK);
	assert_false(irq_readable(sim));
	sim_advance(sim, 9 * MS);
	assert_false(hpd_status(hw, 3) & DC_HPD_INT_STATUS__DC_HPD_INT_STATUS_MASK);
	sim_advance(sim, 1 * MS);
	assert_true(hpd_status(hw, 3) & DC_HPD_INT_STATUS__DC_HPD_SENSE_DELAYED_MASK);
	assert_true(hpd_status(hw, 3) & DC_HPD_INT_STATUS__DC_HPD_INT_STATUS_MASK);
	assert_true(dc_hw_read(hw, mmDISP_INTERRUPT_STATUS_CONTINUE3) &
		    DISP_INTERRUPT_STATUS__DC_HPD1_INTERRUPT_MASK);
	assert_true(irq_readable(sim));

	/* ack, and wait for the disconnect next */
	dc_hw_write(hw, ctl,
		    DC_FIELD(DC_HPD_INT_CONTROL, DC_HPD_INT_EN, 1) |
			    DC_FIELD(DC_HPD_INT_CONTROL, DC_HPD_INT_ACK, 1) |
			    DC_FIELD(DC_HPD_INT_CONTROL, DC_HPD_INT_POLARITY, 0));
	assert_false(hpd_status(hw, 3) & DC_HPD_INT_STATUS__DC_HPD_INT_STATUS_MASK);
	assert_false(irq_readable(sim));

	assert_int_equal(sim_unplug(sim, dp2), 0);
	assert_int_equal(sim_unplug(sim, dp2), -ENOTCONN);
	assert_false(hpd_status(hw, 3) & DC_HPD_INT_STATUS__DC_HPD_SENSE_MASK);
	sim_advance(sim, 5 * MS);
	assert_false(irq_readable(sim));
	sim_advance(sim, 5 * MS);
	assert_true(hpd_status(hw, 3) & DC_HPD_INT_STATUS__DC_HPD_INT_STATUS_MASK);
	assert_false(hpd_status(hw, 3) & DC_HPD_INT_STATUS__DC_HPD_SENSE_DELAYED_MASK);
	assert_true(irq_readable(sim));
	dc_hw_write(hw, ctl, DC_FIELD(DC_HPD_INT_CONTROL, DC_HPD_INT_ACK, 1));
	assert_false(irq_readable(sim));
	sim_destroy(sim);
}

static void test_interrupt_needs_enable(void **state)
{
	struct sim *sim = st_create(ST_LINES_SCENARIO);
	struct dc_hw *hw = sim_hw(sim);
	unsigned dp2 = (unsigned)sim_connector_find(sim, "DP-2");
	uint8_t edid[128] = { 0 };

	(void)state;
	st_hpd_enable(hw, 3);
	dc_hw_write(hw, mmDC_HPD_INT_CONTROL + dce110_hpd_offsets[3],
		    DC_FIELD(DC_HPD_INT_CONTROL, DC_HPD_INT_ACK, 1) |
			    DC_FIELD(DC_HPD_INT_CONTROL, DC_HPD_INT_POLARITY, 1));
	assert_int_equal(sim_plug(sim, dp2, edid, sizeof(edid)), 0);
	sim_advance(sim, 20 * MS);
	/* status latched, but the interrupt is masked */
	assert_true(hpd_status(hw, 3) & DC_HPD_INT_STATUS__DC_HPD_INT_STATUS_MASK);
	assert_false(irq_readable(sim));
	dc_hw_write(hw, mmDC_HPD_INT_CONTROL + dce110_hpd_offsets[3],
		    DC_FIELD(DC_HPD_INT_CONTROL, DC_HPD_INT_POLARITY, 1) |
			    DC_FIELD(DC_HPD_INT_CONTROL, DC_HPD_INT_EN, 1));
	assert_true(irq_readable(sim));
	sim_destroy(sim);
}

static void test_short_pulse_is_dp_irq(void **state)
{
	struct sim *sim = st_create(ST_LINES_SCENARIO);
	struct dc_hw *hw = sim_hw(sim);
	uint32_t ctl = mmDC_HPD_INT_CONTROL;
	uint8_t vec;

	(void)state;
	st_hpd_enable(hw, 0);
	dc_hw_write(hw, ctl,
		    DC_FIELD(DC_HPD_INT_CONTROL, DC_HPD_INT_EN, 1) |
			    DC_FIELD(DC_HPD_INT_CONTROL, DC_HPD_RX_INT_EN, 1) |
			    DC_FIELD(DC_HPD_INT_CONTROL, DC_HPD_INT_POLARITY, 0));
	assert_int_equal(sim_dp_irq(sim, 0, 0x02), 0);
	assert_false(hpd_status(hw, 0) & DC_HPD_INT_STATUS__DC_HPD_SENSE_MASK);
	assert_false(irq_readable(sim));
	sim_advance(sim, 1 * MS);
	assert_true(hpd_status(hw, 0) & DC_HPD_INT_STATUS__DC_HPD_SENSE_MASK);
	assert_true(hpd_status(hw, 0) & DC_HPD_INT_STATUS__DC_HPD_RX_INT_STATUS_MASK);
	assert_true(dc_hw_read(hw, mmDISP_INTERRUPT_STATUS) &
		    DISP_INTERRUPT_STATUS__DC_HPD1_RX_INTERRUPT_MASK);
	assert_true(irq_readable(sim));
	sim_advance(sim, 20 * MS);
	/* never seen as a disconnect */
	assert_false(hpd_status(hw, 0) & DC_HPD_INT_STATUS__DC_HPD_INT_STATUS_MASK);
	assert_true(hpd_status(hw, 0) & DC_HPD_INT_STATUS__DC_HPD_SENSE_DELAYED_MASK);
	st_dpcd_read(hw, 0, 0x201, &vec, 1);
	assert_int_equal(vec, 0x02);
	st_dpcd_read(hw, 0, 0x2003, &vec, 1);
	assert_int_equal(vec, 0x02);
	vec = 0x02;
	st_dpcd_write(hw, 0, 0x201, &vec, 1);
	st_dpcd_read(hw, 0, 0x201, &vec, 1);
	assert_int_equal(vec, 0);
	dc_hw_write(hw, ctl,
		    DC_FIELD(DC_HPD_INT_CONTROL, DC_HPD_INT_EN, 1) |
			    DC_FIELD(DC_HPD_INT_CONTROL, DC_HPD_RX_INT_EN, 1) |
			    DC_FIELD(DC_HPD_INT_CONTROL, DC_HPD_RX_INT_ACK, 1));
	assert_false(hpd_status(hw, 0) & DC_HPD_INT_STATUS__DC_HPD_RX_INT_STATUS_MASK);
	assert_false(irq_readable(sim));

	/* not for HDMI sinks */
	assert_int_equal(sim_dp_irq(sim, 1, 0x02), -EOPNOTSUPP);
	sim_destroy(sim);
}

static void test_plug_json(void **state)
{
	struct sim *sim = st_create(ST_LINES_SCENARIO);
	struct dc_hw *hw = sim_hw(sim);
	unsigned dp2 = (unsigned)sim_connector_find(sim, "DP-2");
	struct sim_error err = { { 0 } };
	uint8_t caps[3];

	(void)state;
	assert_int_equal(sim_plug_json(sim, dp2, "{ \"edid\": { \"preferred\": \"nope\" } }", &err),
			 -EINVAL);
	assert_non_null(strstr(err.msg, "edid.preferred"));
	assert_int_equal(sim_plug_json(sim, dp2,
				       "{ \"edid\": { \"preferred\": \"cta-1080p60\" },"
				       "  \"dp\": { \"max_rate\": \"HBR\", \"max_lanes\": 2 } }",
				       &err),
			 0);
	st_hpd_enable(hw, 3);
	st_dpcd_read(hw, 3, 0, caps, 3);
	assert_int_equal(caps[1], 0x0a);
	assert_int_equal(caps[2] & 0x1f, 2);
	sim_destroy(sim);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_plug_unplug),
		cmocka_unit_test(test_interrupt_needs_enable),
		cmocka_unit_test(test_short_pulse_is_dp_irq),
		cmocka_unit_test(test_plug_json),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
