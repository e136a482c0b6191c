/*
 * Pipe power gating through the video BIOS, as the kernel's DC does it on
 * DCE 10/11: EnableDispPowerGating un-gates a pipe before its timing is
 * programmed for a new stream, and gates it once its stream is shut down.
 * AMD's Carrizo and Stoney images carry the table (revision 2.1), and so
 * do our own (sim_own_vbios.c); without it nothing is gated or un-gated
 * (pipes stay as the VBIOS left them: powered).
 *
 * Parameters: ENABLE_DISP_POWER_GATING_PARAMETERS_V2_1 (atombios.h): the
 * pipe (ATOM_CRTC1 = 0, ...), ATOM_ENABLE to gate, ATOM_DISABLE to un-gate.
 * The kernel also resets CRTC_MASTER_UPDATE_MODE after the table because
 * some images set it; AMD's Carrizo and Stoney tables do not touch it
 * when they gate or un-gate, but ATOM_INIT leaves it 2.
 *
 * ATOM_INIT: the kernel runs it for pipe 0 (ATOM_CRTC1) when it
 * initialises the engine, before anything is lit; AMD's Carrizo table
 * then writes registers all over the engine (clock generator, time
 * bases, PLL 0, DDC and PHY blocks). dcd runs it where it takes the
 * engine over from the video BIOS's console (takeover.c), never over an
 * engine it adopts: a restarted dcd finds no console.
 */
#include <errno.h>

#include "../dce110/dce110_regs.h"
#include "dc_bios.h"
#include "dc_priv.h"

/* atombios.h */
#define ATOM_DISABLE	   0
#define ATOM_ENABLE	   1
#define ATOM_INIT	   7
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

/*
 * What the kernel's DC does after every un-gate and init (its
 * dce110_init_pte): DVMM_PTE_REQ's page table requests at 255 in flight
 * and 4 x 4 per chunk for horizontally flipped scanout, unless the chunk
 * fields already say 4 and 4. Carrizo and Stoney scan out through the
 * GART (docs/hardware.md, "Scanout memory").
 */
static void init_pte(struct dc *dc)
{
	uint32_t v;

	if (!dc->pool->regs->dvmm_pte_req)
		return;
	v = dc_hw_read(dc->hw, mmDVMM_PTE_REQ);
	if (DC_FIELD_GET(v, DVMM_PTE_REQ, HFLIP_PTEREQ_PER_CHUNK_INT) == 4 &&
	    DC_FIELD_GET(v, DVMM_PTE_REQ, HFLIP_PTEREQ_PER_CHUNK_MULTIPLIER) == 4)
		return;
	v &= ~(uint32_t)(DVMM_PTE_REQ__MAX_PTEREQ_TO_ISSUE_MASK |
			 DVMM_PTE_REQ__HFLIP_PTEREQ_PER_CHUNK_INT_MASK |
			 DVMM_PTE_REQ__HFLIP_PTEREQ_PER_CHUNK_MULTIPLIER_MASK);
	v |= DC_FIELD(DVMM_PTE_REQ, MAX_PTEREQ_TO_ISSUE, 255) |
	     DC_FIELD(DVMM_PTE_REQ, HFLIP_PTEREQ_PER_CHUNK_INT, 4) |
	     DC_FIELD(DVMM_PTE_REQ, HFLIP_PTEREQ_PER_CHUNK_MULTIPLIER, 4);
	dc_hw_write(dc->hw, mmDVMM_PTE_REQ, v);
}

static int run_gating(struct dc *dc, unsigned pipe, uint32_t action, struct dc_bios_error *berr)
{
	const struct dc_bios_run_limits lim = { .time_limit_ns = GATING_LIMIT_NS };
	uint32_t ps[8] = { pipe | action << 8 };

	return dc_bios_run(dc->bios, dc->hw, DC_BIOS_CMD_ENABLE_DISP_POWER_GATING, ps, 8, &lim,
			   berr);
}

int dc_bios_pipe_power(struct dc *dc, unsigned pipe, bool on)
{
	struct dc_bios_error berr = { 0 };

	if (dc->bios_pg && run_gating(dc, pipe, on ? ATOM_DISABLE : ATOM_ENABLE, &berr) < 0) {
		dc_log(dc, on ? DC_LOG_ERROR : DC_LOG_WARNING,
		       "pipe %u: EnableDispPowerGating (%s): %s", pipe, on ? "un-gate" : "gate",
		       berr.message);
		return -EIO;
	}
	if (on)
		init_pte(dc);
	return 0;
}

int dc_bios_pipes_init(struct dc *dc)
{
	struct dc_bios_error berr = { 0 };

	if (!dc->bios_pg)
		return 0;
	if (run_gating(dc, 0, ATOM_INIT, &berr) < 0) {
		dc_log(dc, DC_LOG_ERROR, "EnableDispPowerGating (init): %s", berr.message);
		return -EIO;
	}
	dc_hw_write(dc->hw, mmCRTC_MASTER_UPDATE_MODE + dce110_crtc_offsets[0], 0);
	init_pte(dc);
	return 0;
}
