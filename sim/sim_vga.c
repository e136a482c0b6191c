/*
 * The VGA console a posted GPU's video BIOS leaves on: DxVGA_CONTROL per
 * pipe (D1VGA_CONTROL for pipe 0 .. D6VGA_CONTROL for pipe 5) and
 * VGA_RENDER_CONTROL, public registers of DCE 10, 11.0 and 11.2.
 *
 * While DxVGA_CONTROL.DxVGA_MODE_ENABLE is set the pipe shows the VGA
 * engine's picture, not its GRPH surface (sim_dcp_fetching): a driver
 * that takes a pipe over without turning VGA mode off shows nothing of
 * its own. The simulator does not render VGA text; such a pipe's frames
 * carry no surface (black in captures).
 *
 * A scenario's "vga_console" names the DP or eDP connector the firmware
 * lit its console on. At power-on pipe 0 then runs 720x400 at 70 Hz
 * (28.322 MHz from its DP DTO) in VGA mode with VGA timing selected, its
 * front end clocked, its surface off, and VGA_RENDER_CONTROL lets the VGA
 * engine render. The connector's DIG takes the pipe's pixels in DP mode
 * (front end on, back end enabled); its PHY stays off, which the simulator
 * does not set up outside the video BIOS's tables (docs/sim.md).
 */
#include "sim_internal.h"

/* The IBM VGA text mode: 720x400, 28.322 MHz, -hsync +vsync. */
static const struct {
	unsigned active, sync_start, sync_end, total;
} console_h = { 720, 738, 846, 900 }, console_v = { 400, 412, 414, 449 };
#define CONSOLE_KHZ 28322

bool sim_vga_mode(const struct sim *sim, unsigned pipe)
{
	return pipe < DCE110_VGA_PIPES &&
	       (sim->st->regs[dce110_vga_control[pipe]] & D1VGA_CONTROL__D1VGA_MODE_ENABLE_MASK);
}

/* What a driver's CRTC_H/V_* writes for one direction (fields as dce110_tg.c writes them). */
static void console_axis(struct sim *sim, uint32_t total_reg, uint32_t sync_reg, uint32_t blank_reg,
			 uint32_t sync_cntl_reg, unsigned active, unsigned sync_start,
			 unsigned sync_end, unsigned total, bool negative)
{
	uint32_t blank_end = total - sync_start;

	sim_reg_write(sim, total_reg, DC_FIELD(CRTC_H_TOTAL, CRTC_H_TOTAL, total - 1));
	sim_reg_write(sim, sync_reg,
		      DC_FIELD(CRTC_H_SYNC_A, CRTC_H_SYNC_A_END, sync_end - sync_start));
	sim_reg_write(sim, blank_reg,
		      DC_FIELD(CRTC_H_BLANK_START_END, CRTC_H_BLANK_START, blank_end + active) |
			      DC_FIELD(CRTC_H_BLANK_START_END, CRTC_H_BLANK_END, blank_end));
	sim_reg_write(sim, sync_cntl_reg,
		      DC_FIELD(CRTC_H_SYNC_A_CNTL, CRTC_H_SYNC_A_POL, negative));
}

void sim_vga_power_on(struct sim *sim)
{
	const struct sim_state *st = sim->st;
	uint32_t dig;

	if (st->cfg.vga_console < 0)
		return;
	sim_reg_write(sim, mmVGA_RENDER_CONTROL, DC_FIELD(VGA_RENDER_CONTROL, VGA_VSTATUS_CNTL, 2));
	sim_reg_write(sim, mmD1VGA_CONTROL,
		      D1VGA_CONTROL__D1VGA_MODE_ENABLE_MASK |
			      D1VGA_CONTROL__D1VGA_TIMING_SELECT_MASK);
	sim_reg_write(sim, mmDCFE_CLOCK_CONTROL, DCFE_CLOCK_CONTROL__DCFE_CLOCK_ENABLE_MASK);
	console_axis(sim, mmCRTC_H_TOTAL, mmCRTC_H_SYNC_A, mmCRTC_H_BLANK_START_END,
		     mmCRTC_H_SYNC_A_CNTL, console_h.active, console_h.sync_start,
		     console_h.sync_end, console_h.total, true);
	console_axis(sim, mmCRTC_V_TOTAL, mmCRTC_V_SYNC_A, mmCRTC_V_BLANK_START_END,
		     mmCRTC_V_SYNC_A_CNTL, console_v.active, console_v.sync_start,
		     console_v.sync_end, console_v.total, false);
	sim_reg_write(sim, mmDP_DTO0_PHASE, CONSOLE_KHZ);
	sim_reg_write(sim, mmDP_DTO0_MODULO, st->cfg.dpref_khz);
	sim_reg_write(sim, mmCRTC0_PIXEL_RATE_CNTL, CRTC0_PIXEL_RATE_CNTL__DP_DTO0_ENABLE_MASK);
	sim_reg_write(sim, mmCRTC_CONTROL, CRTC_CONTROL__CRTC_MASTER_EN_MASK);
	/* the connector's DIG carries pipe 0 */
	dig = dce110_dig_offsets[st->cfg.connectors[st->cfg.vga_console].dig];
	sim_reg_write(sim, mmDIG_FE_CNTL + dig,
		      DC_FIELD(DIG_FE_CNTL, DIG_SOURCE_SELECT, 0) |
			      DIG_FE_CNTL__DIG_SYMCLK_FE_ON_MASK);
	sim_reg_write(sim, mmDIG_BE_CNTL + dig,
		      DC_FIELD(DIG_BE_CNTL, DIG_FE_SOURCE_SELECT,
			       1u << st->cfg.connectors[st->cfg.vga_console].dig) |
			      DC_FIELD(DIG_BE_CNTL, DIG_MODE, DCE110_DIG_MODE_DP));
	sim_reg_write(sim, mmDIG_BE_EN_CNTL + dig, DIG_BE_EN_CNTL__DIG_ENABLE_MASK);
}
