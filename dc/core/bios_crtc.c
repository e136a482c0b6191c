/*
 * Starting and stopping a timing generator, as the kernel's DC does on
 * DCE 10/11: through the video BIOS's EnableCRTC 1.1 where the image has
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
#define ATOM_DISABLE	  0
#define ATOM_ENABLE	  1
#define ENABLE_CRTC_REV_1 1

/* A stop waits for the CRTC to finish its frame: at most one frame (under 42 ms at 24 Hz). */
#define CRTC_LIMIT_NS (100ull * 1000 * 1000)
#define CRTC_POLL_NS  (10ull * 1000)

void dc_bios_crtc_init(struct dc *dc)
{
	struct dc_bios_table t;

	dc->bios_crtc = dc->bios && !dc_bios_cmd_table(dc->bios, DC_BIOS_CMD_ENABLE_CRTC, &t) &&
			t.format_rev == 1 && t.content_rev == ENABLE_CRTC_REV_1;
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
