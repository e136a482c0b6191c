/*
 * Interrupt sources of a pipe that DC uses: the page flip (a surface
 * address latched), vertical interrupt 0 (DC's vblank interrupt, at the
 * first line of vertical blank) and V_UPDATE (acknowledged only, in case
 * something left it enabled). Each latches in its status register until
 * acknowledged and interrupts only while enabled (docs/sim.md).
 */
#include "dce110.h"
#include "dce110_regs.h"

#define PIPE(reg, n) ((reg) + dce110_crtc_offsets[n])

void dce110_irq_pflip_enable(struct dc_hw *hw, unsigned pipe, bool enable)
{
	dc_hw_update(hw, PIPE(mmGRPH_INTERRUPT_CONTROL, pipe),
		     GRPH_INTERRUPT_CONTROL__GRPH_PFLIP_INT_MASK_MASK,
		     DC_FIELD(GRPH_INTERRUPT_CONTROL, GRPH_PFLIP_INT_MASK, enable));
}

bool dce110_irq_pflip_enabled(struct dc_hw *hw, unsigned pipe)
{
	return dc_hw_read(hw, PIPE(mmGRPH_INTERRUPT_CONTROL, pipe)) &
	       GRPH_INTERRUPT_CONTROL__GRPH_PFLIP_INT_MASK_MASK;
}

bool dce110_irq_pflip_ack(struct dc_hw *hw, unsigned pipe)
{
	if (!(dc_hw_read(hw, PIPE(mmGRPH_INTERRUPT_STATUS, pipe)) &
	      GRPH_INTERRUPT_STATUS__GRPH_PFLIP_INT_OCCURRED_MASK))
		return false;
	dc_hw_write(hw, PIPE(mmGRPH_INTERRUPT_STATUS, pipe),
		    GRPH_INTERRUPT_STATUS__GRPH_PFLIP_INT_CLEAR_MASK);
	return true;
}

#define VLINE_ENABLE CRTC_VERTICAL_INTERRUPT0_CONTROL__CRTC_VERTICAL_INTERRUPT0_INT_ENABLE_MASK
#define VLINE_STATUS                                                              \
	(CRTC_VERTICAL_INTERRUPT0_CONTROL__CRTC_VERTICAL_INTERRUPT0_STATUS_MASK | \
	 CRTC_VERTICAL_INTERRUPT0_CONTROL__CRTC_VERTICAL_INTERRUPT0_INT_STATUS_MASK)
#define VLINE_CLEAR CRTC_VERTICAL_INTERRUPT0_CONTROL__CRTC_VERTICAL_INTERRUPT0_CLEAR_MASK

void dce110_irq_vline_enable(struct dc_hw *hw, unsigned tg, bool enable, unsigned line)
{
	if (enable)
		dc_hw_update(hw, PIPE(mmCRTC_VERTICAL_INTERRUPT0_POSITION, tg), 0xffffffff,
			     DC_FIELD(CRTC_VERTICAL_INTERRUPT0_POSITION,
				      CRTC_VERTICAL_INTERRUPT0_LINE_START, line) |
				     DC_FIELD(CRTC_VERTICAL_INTERRUPT0_POSITION,
					      CRTC_VERTICAL_INTERRUPT0_LINE_END, line + 1));
	dc_hw_update(hw, PIPE(mmCRTC_VERTICAL_INTERRUPT0_CONTROL, tg), VLINE_ENABLE,
		     enable ? VLINE_ENABLE : 0);
}

bool dce110_irq_vline_enabled(struct dc_hw *hw, unsigned tg)
{
	return dc_hw_read(hw, PIPE(mmCRTC_VERTICAL_INTERRUPT0_CONTROL, tg)) & VLINE_ENABLE;
}

bool dce110_irq_vline_ack(struct dc_hw *hw, unsigned tg)
{
	uint32_t v = dc_hw_read(hw, PIPE(mmCRTC_VERTICAL_INTERRUPT0_CONTROL, tg));

	/* the plain status latches every frame; only the interrupt is worth a write */
	if (!(v & CRTC_VERTICAL_INTERRUPT0_CONTROL__CRTC_VERTICAL_INTERRUPT0_INT_STATUS_MASK))
		return false;
	dc_hw_write(hw, PIPE(mmCRTC_VERTICAL_INTERRUPT0_CONTROL, tg),
		    (v & ~VLINE_STATUS) | VLINE_CLEAR);
	return true;
}

bool dce110_irq_vupdate_ack(struct dc_hw *hw, unsigned tg)
{
	/* the status latches every frame: acknowledge it only where it interrupts */
	if (!(dc_hw_read(hw, PIPE(mmCRTC_INTERRUPT_CONTROL, tg)) &
	      CRTC_INTERRUPT_CONTROL__CRTC_V_UPDATE_INT_MSK_MASK) ||
	    !(dc_hw_read(hw, PIPE(mmCRTC_V_UPDATE_INT_STATUS, tg)) &
	      CRTC_V_UPDATE_INT_STATUS__CRTC_V_UPDATE_INT_OCCURRED_MASK))
		return false;
	dc_hw_write(hw, PIPE(mmCRTC_V_UPDATE_INT_STATUS, tg),
		    CRTC_V_UPDATE_INT_STATUS__CRTC_V_UPDATE_INT_CLEAR_MASK);
	return true;
}
