/*
 * A timing generator's timing, its start and its stop, as the kernel's DC
 * does them on DCE 10/11.
 *
 * Timing: the video BIOS's SetCRTC_UsingDTDTiming (content revision 3,
 * SET_CRTC_USING_DTD_TIMING_PARAMETERS) where the image has it (AMD's
 * Carrizo and Stoney images, our own), else the CRTC registers
 * (dce110_tg_program_timing); then the start line of the pipe's requests
 * (dce110_tg_advanced_request), as the kernel does after the table.
 *
 * Start and stop: the video BIOS's EnableCRTC 1.1 where the image has
 * it (AMD's Carrizo and Stoney images, our own). The table also switches
 * the pipe's front-end clock (DCFE_CLOCK_CONTROL.DCFE_CLOCK_ENABLE) with
 * the CRTC: on before CRTC_MASTER_EN when starting; off once
 * CRTC_CURRENT_MASTER_EN_STATE says the CRTC has stopped (docs/bios.md).
 *
 * Without the table (no image, or one without it) Display Core does the
 * same with the registers itself, so that a stopped pipe's front end is
 * never left clocked and a started one never unclocked.
 *
 * Parameters: ENABLE_CRTC_PARAMETERS (atombios.h): the CRTC (ATOM_CRTC1
 * = 0, ...) in byte 0, ATOM_ENABLE or ATOM_DISABLE in byte 1.
 */
#include <errno.h>

#include "../dce110/dce110.h"
#include "../dce110/dce110_regs.h"
#include "dc_bios.h"
#include "dc_priv.h"

/* atombios.h */
#define ATOM_DISABLE	    0
#define ATOM_ENABLE	    1
#define ENABLE_CRTC_REV_1   1
#define DTD_TIMING_REV_3    3
/* ATOM_MODE_MISC_INFO: a sync's polarity bit set means active low */
#define ATOM_HSYNC_POLARITY 0x02
#define ATOM_VSYNC_POLARITY 0x04

/* The timing table programs a handful of registers: well under a millisecond. */
#define TIMING_LIMIT_NS (10ull * 1000 * 1000)

/* A stop waits for the CRTC to finish its frame: at most one frame (under 42 ms at 24 Hz). */
#define CRTC_LIMIT_NS (100ull * 1000 * 1000)
#define CRTC_POLL_NS  (10ull * 1000)

void dc_bios_crtc_init(struct dc *dc)
{
	struct dc_bios_table t;

	dc->bios_crtc = dc->bios && !dc_bios_cmd_table(dc->bios, DC_BIOS_CMD_ENABLE_CRTC, &t) &&
			t.format_rev == 1 && t.content_rev == ENABLE_CRTC_REV_1;
	dc->bios_dtd = dc->bios &&
		       !dc_bios_cmd_table(dc->bios, DC_BIOS_CMD_SET_CRTC_USING_DTD_TIMING, &t) &&
		       t.content_rev == DTD_TIMING_REV_3;
}

/* Two 16-bit parameters in one dword, the first in the low half. */
static uint32_t pair(unsigned lo, unsigned hi)
{
	return (lo & 0xffff) | (uint32_t)(hi & 0xffff) << 16;
}

int dc_crtc_program_timing(struct dc *dc, unsigned tg, const struct drm_mode_modeinfo *m)
{
	const struct dc_bios_run_limits lim = { .time_limit_ns = TIMING_LIMIT_NS };
	struct dc_bios_error berr = { 0 };
	uint32_t ps[8] = { 0 };
	unsigned misc = 0;

	if (!dc->bios_dtd) {
		dce110_tg_program_timing(dc->hw, tg, m);
		dce110_tg_advanced_request(dc->hw, dc->pool->regs, tg, m);
		return 0;
	}
	/*
	 * SET_CRTC_USING_DTD_TIMING_PARAMETERS: sizes and blanking, sync
	 * offsets and widths as 16-bit pairs, the misc word (borders 0),
	 * ucCRTC (ATOM_CRTC1 = 0) in byte 20
	 */
	if (!(m->flags & DRM_MODE_FLAG_PHSYNC))
		misc |= ATOM_HSYNC_POLARITY;
	if (!(m->flags & DRM_MODE_FLAG_PVSYNC))
		misc |= ATOM_VSYNC_POLARITY;
	ps[0] = pair(m->hdisplay, m->htotal - m->hdisplay);
	ps[1] = pair(m->vdisplay, m->vtotal - m->vdisplay);
	ps[2] = pair(m->hsync_start - m->hdisplay, m->hsync_end - m->hsync_start);
	ps[3] = pair(m->vsync_start - m->vdisplay, m->vsync_end - m->vsync_start);
	ps[4] = misc;
	ps[5] = tg;
	if (dc_bios_run(dc->bios, dc->hw, DC_BIOS_CMD_SET_CRTC_USING_DTD_TIMING, ps, 8, &lim,
			&berr) < 0) {
		dc_log(dc, DC_LOG_ERROR, "CRTC %u: SetCRTC_UsingDTDTiming: %s", tg, berr.message);
		return -EIO;
	}
	dce110_tg_advanced_request(dc->hw, dc->pool->regs, tg, m);
	return 0;
}

/* What the table does, for an image without it. */
static int crtc_by_registers(struct dc *dc, unsigned tg, bool enable)
{
	uint32_t reg = mmCRTC_CONTROL + dce110_crtc_offsets[tg];
	uint32_t last = 0;
	int r;

	if (enable) {
		dce110_fe_clock_enable(dc->hw, tg, true);
		dce110_tg_enable(dc->hw, tg, true);
		return 0;
	}
	dce110_tg_enable(dc->hw, tg, false);
	r = dc_hw_wait(dc->hw, reg, CRTC_CONTROL__CRTC_CURRENT_MASTER_EN_STATE_MASK, 0,
		       CRTC_POLL_NS, CRTC_LIMIT_NS, &last);
	if (r < 0) {
		dc_log(dc, DC_LOG_ERROR, "CRTC %u did not stop: CRTC_CONTROL 0x%08x after %llu ms",
		       tg, last, (unsigned long long)(CRTC_LIMIT_NS / 1000000));
		return -EIO;
	}
	dce110_fe_clock_enable(dc->hw, tg, false);
	return 0;
}

int dc_crtc_enable(struct dc *dc, unsigned tg, bool enable)
{
	const struct dc_bios_run_limits lim = { .time_limit_ns = CRTC_LIMIT_NS };
	struct dc_bios_error berr = { 0 };
	uint32_t ps[8] = { tg | (uint32_t)(enable ? ATOM_ENABLE : ATOM_DISABLE) << 8 };

	if (!dc->bios_crtc)
		return crtc_by_registers(dc, tg, enable);
	if (dc_bios_run(dc->bios, dc->hw, DC_BIOS_CMD_ENABLE_CRTC, ps, 8, &lim, &berr) < 0) {
		dc_log(dc, DC_LOG_ERROR, "CRTC %u: EnableCRTC (%s): %s", tg,
		       enable ? "enable" : "disable", berr.message);
		return -EIO;
	}
	return 0;
}
