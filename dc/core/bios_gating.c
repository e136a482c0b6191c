/*
 * Pipe power gating through the video BIOS, as the kernel's DC does it on
 * DCE 10/11: EnableDispPowerGating un-gates a pipe before its timing is
 * programmed for a new stream, and gates it once its stream is shut down.
 * AMD's Carrizo and Stoney images carry the table (revision 2.1); our own
 * images do not, and then nothing is gated or un-gated (pipes stay as the
 * VBIOS left them: powered).
 *
 * Parameters: ENABLE_DISP_POWER_GATING_PARAMETERS_V2_1 (atombios.h): the
 * pipe (ATOM_CRTC1 = 0, ...), ATOM_ENABLE to gate, ATOM_DISABLE to un-gate.
 * The kernel also resets CRTC_MASTER_UPDATE_MODE after the table because
 * some images set it; AMD's Carrizo and Stoney tables do not touch it.
 * ATOM_INIT (the kernel's ASIC_PIPE_INIT for pipe 0 when it takes the
 * hardware over) is not run: dcd adopts what runs instead (docs/bios.md).
 */
#include <errno.h>

#include "dc_bios.h"
#include "dc_priv.h"

/* atombios.h */
#define ATOM_DISABLE	   0
#define ATOM_ENABLE	   1
#define POWER_GATING_REV_1 1

/* Un-gating waits for the pipe's power-gating state machine: well under 1 ms. */
#define GATING_LIMIT_NS (10ull * 1000 * 1000)

void dc_bios_gating_init(struct dc *dc)
{
	struct dc_bios_table t;

	dc->bios_pg = dc->bios &&
		      !dc_bios_cmd_table(dc->bios, DC_BIOS_CMD_ENABLE_DISP_POWER_GATING, &t) &&
		      t.format_rev == 2 && t.content_rev == POWER_GATING_REV_1;
}

int dc_bios_pipe_power(struct dc *dc, unsigned pipe, bool on)
{
	const struct dc_bios_run_limits lim = { .time_limit_ns = GATING_LIMIT_NS };
	struct dc_bios_error berr = { 0 };
	uint32_t ps[8] = { pipe | (uint32_t)(on ? ATOM_DISABLE : ATOM_ENABLE) << 8 };

	if (!dc->bios_pg)
		return 0;
	if (dc_bios_run(dc->bios, dc->hw, DC_BIOS_CMD_ENABLE_DISP_POWER_GATING, ps, 8, &lim,
			&berr) < 0) {
		dc_log(dc, on ? DC_LOG_ERROR : DC_LOG_WARNING,
		       "pipe %u: EnableDispPowerGating (%s): %s", pipe, on ? "un-gate" : "gate",
		       berr.message);
		return -EIO;
	}
	return 0;
}
