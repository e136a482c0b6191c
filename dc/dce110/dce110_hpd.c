/*
 * DC_HPD: the hot-plug detect lines (HPD0..5 in the register headers).
 *
 * The block raises DC_HPD_INT_STATUS when the filtered sense becomes equal
 * to DC_HPD_INT_POLARITY, so a line interrupts on one direction at a time:
 * after every long pulse the polarity is turned around to catch the next
 * change. DP IRQ_HPD pulses are shorter than the disconnect filter and show
 * up only as DC_HPD_RX_INT_STATUS.
 */
#include "dce110_link.h"
#include "dce110_regs.h"

static uint32_t reg(unsigned hpd, uint32_t generic)
{
	return generic + dce110_hpd_offsets[hpd];
}

#define INT_ENABLES \
	(DC_HPD_INT_CONTROL__DC_HPD_INT_EN_MASK | DC_HPD_INT_CONTROL__DC_HPD_RX_INT_EN_MASK)

/* Polarity that interrupts on the next change away from `connected`. */
static uint32_t polarity_for(bool connected)
{
	return DC_FIELD(DC_HPD_INT_CONTROL, DC_HPD_INT_POLARITY, connected ? 0 : 1);
}

static bool sense_delayed(struct dc_hw *hw, unsigned hpd)
{
	return dc_hw_read(hw, reg(hpd, mmDC_HPD_INT_STATUS)) &
	       DC_HPD_INT_STATUS__DC_HPD_SENSE_DELAYED_MASK;
}

bool dce110_hpd_ready(struct dc_hw *hw, unsigned hpd)
{
	uint32_t ctl = dc_hw_read(hw, reg(hpd, mmDC_HPD_CONTROL));
	uint32_t irq = dc_hw_read(hw, reg(hpd, mmDC_HPD_INT_CONTROL));

	return (ctl & DC_HPD_CONTROL__DC_HPD_EN_MASK) && (irq & INT_ENABLES) == INT_ENABLES;
}

void dce110_hpd_init(struct dc_hw *hw, unsigned hpd)
{
	uint32_t ctl, want;
	bool connected;

	dc_hw_update(hw, reg(hpd, mmDC_HPD_TOGGLE_FILT_CNTL),
		     DC_HPD_TOGGLE_FILT_CNTL__DC_HPD_CONNECT_INT_DELAY_MASK |
			     DC_HPD_TOGGLE_FILT_CNTL__DC_HPD_DISCONNECT_INT_DELAY_MASK,
		     DC_FIELD(DC_HPD_TOGGLE_FILT_CNTL, DC_HPD_CONNECT_INT_DELAY,
			      DCE110_HPD_CONNECT_FILTER_MS) |
			     DC_FIELD(DC_HPD_TOGGLE_FILT_CNTL, DC_HPD_DISCONNECT_INT_DELAY,
				      DCE110_HPD_DISCONNECT_FILTER_MS));
	dc_hw_update(hw, reg(hpd, mmDC_HPD_CONTROL), DC_HPD_CONTROL__DC_HPD_EN_MASK,
		     DC_HPD_CONTROL__DC_HPD_EN_MASK);
	if (dce110_hpd_ready(hw, hpd))
		return; /* armed before (by us, or by the daemon we replace) */
	/*
	 * Enabling may have latched a status for the state the line is in;
	 * acknowledge it with the polarity that waits for the next change.
	 */
	connected = sense_delayed(hw, hpd);
	ctl = dc_hw_read(hw, reg(hpd, mmDC_HPD_INT_CONTROL));
	want = (ctl & ~(uint32_t)DC_HPD_INT_CONTROL__DC_HPD_INT_POLARITY_MASK) |
	       polarity_for(connected) | INT_ENABLES;
	dc_hw_write(hw, reg(hpd, mmDC_HPD_INT_CONTROL),
		    want | DC_HPD_INT_CONTROL__DC_HPD_INT_ACK_MASK);
}

bool dce110_hpd_sense(struct dc_hw *hw, unsigned hpd)
{
	return dc_hw_read(hw, reg(hpd, mmDC_HPD_INT_STATUS)) & DC_HPD_INT_STATUS__DC_HPD_SENSE_MASK;
}

void dce110_hpd_service(struct dc_hw *hw, unsigned hpd, struct dce110_hpd_events *ev)
{
	uint32_t status = dc_hw_read(hw, reg(hpd, mmDC_HPD_INT_STATUS));
	uint32_t ctl, ack = 0;

	ev->long_pulse = status & DC_HPD_INT_STATUS__DC_HPD_INT_STATUS_MASK;
	ev->short_pulse = status & DC_HPD_INT_STATUS__DC_HPD_RX_INT_STATUS_MASK;
	ev->connected = status & DC_HPD_INT_STATUS__DC_HPD_SENSE_DELAYED_MASK;
	if (!ev->long_pulse && !ev->short_pulse)
		return;
	ctl = dc_hw_read(hw, reg(hpd, mmDC_HPD_INT_CONTROL));
	if (ev->long_pulse) {
		ack |= DC_HPD_INT_CONTROL__DC_HPD_INT_ACK_MASK;
		ctl = (ctl & ~(uint32_t)DC_HPD_INT_CONTROL__DC_HPD_INT_POLARITY_MASK) |
		      polarity_for(ev->connected);
	}
	if (ev->short_pulse)
		ack |= DC_HPD_INT_CONTROL__DC_HPD_RX_INT_ACK_MASK;
	/* the ack and the new polarity in one write: nothing falls between */
	dc_hw_write(hw, reg(hpd, mmDC_HPD_INT_CONTROL), ctl | ack);
}
