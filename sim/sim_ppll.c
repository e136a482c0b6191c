/*
 * The display PLLs of an engine that serves a VBIOS image: the public
 * BPHYC_PLL0..2 register blocks of the DCE 11 header, as the image's
 * SetPixelClock table programs them. Modelled, with the public field
 * semantics:
 *   PLL_REF_DIV.PLL_REF_DIV, PLL_FB_DIV.PLL_FB_DIV (integer feedback),
 *   PLL_POST_DIV.PLL_POST_DIV_PIXCLK:
 *     PIXCLK = reference x PLL_FB_DIV / (PLL_REF_DIV x PLL_POST_DIV_PIXCLK)
 *   with the reference and the VCO range (reference x FB / REF) from the
 *   image's FirmwareInfo;
 *   PLL_CNTL: PLL_RESET and PLL_POWER_DOWN stop the PLL; PLL_CALIB_DONE and
 *   PLL_LOCKED (read only) read 1 once it has run with the same dividers
 *   for the lock time, like the extension's PLLs (sim_pll.c).
 * The fractional feedback fields, spread spectrum and the analog and debug
 * registers of the block are kept as written and recorded as unmodelled
 * (sim_unmodelled): their meaning is not in the public headers, and Display
 * Core asks the table for integer dividers only.
 */
#include "sim_internal.h"

#include "dce110_regs_pll.h"

#define PPLL_STRIDE DCE110_PPLL_STRIDE
#define PPLL_STATUS DCE110_PPLL_STATUS

int sim_ppll_of(const struct sim_state *st, uint32_t reg, uint32_t *generic)
{
	uint32_t off = reg - mmBPHYC_PLL0_PLL_REF_DIV;

	if (!st->cfg.vbios_len || reg < mmBPHYC_PLL0_PLL_REF_DIV ||
	    off >= DCE110_SIMEXT_NUM_PLLS * PPLL_STRIDE)
		return -1;
	*generic = mmBPHYC_PLL0_PLL_REF_DIV + off % PPLL_STRIDE;
	return (int)(off / PPLL_STRIDE);
}

static uint32_t reg_of(unsigned pll, uint32_t generic)
{
	return generic + pll * PPLL_STRIDE;
}

static void recompute(struct sim *sim, unsigned pll)
{
	const struct sim_state *st = sim->st;
	uint32_t cntl = st->regs[reg_of(pll, mmBPHYC_PLL0_PLL_CNTL)];
	uint64_t ref =
		SIM_GET(st->regs[reg_of(pll, mmBPHYC_PLL0_PLL_REF_DIV)], PLL_REF_DIV, PLL_REF_DIV);
	uint64_t fb =
		SIM_GET(st->regs[reg_of(pll, mmBPHYC_PLL0_PLL_FB_DIV)], PLL_FB_DIV, PLL_FB_DIV);
	uint64_t post = SIM_GET(st->regs[reg_of(pll, mmBPHYC_PLL0_PLL_POST_DIV)], PLL_POST_DIV,
				PLL_POST_DIV_PIXCLK);
	uint64_t ref_khz = st->cfg.ref_khz;
	bool valid = !(cntl & (PLL_CNTL__PLL_RESET_MASK | PLL_CNTL__PLL_POWER_DOWN_MASK)) && ref &&
		     fb && post;

	if (valid) {
		uint64_t vco_khz = ref_khz * fb / ref;

		valid = vco_khz >= st->cfg.ppll_min_khz && vco_khz <= st->cfg.ppll_max_khz;
	}
	sim_pll_set(sim, pll, valid, ref_khz * 1000 * fb, ref * post);
}

void sim_ppll_write(struct sim *sim, unsigned pll, uint32_t generic, uint32_t value)
{
	uint32_t reg = reg_of(pll, generic);

	switch (generic) {
	case mmBPHYC_PLL0_PLL_CNTL:
	case mmBPHYC_PLL0_PLL_REF_DIV:
	case mmBPHYC_PLL0_PLL_FB_DIV:
	case mmBPHYC_PLL0_PLL_POST_DIV:
		/* CALIB_DONE and LOCKED are the PLL's to say, not software's */
		if (generic == mmBPHYC_PLL0_PLL_CNTL)
			value &= ~(uint32_t)PPLL_STATUS;
		sim->st->regs[reg] = value;
		recompute(sim, pll);
		break;
	default:
		sim->st->regs[reg] = value;
		sim_unmodelled_write(sim, reg);
	}
}

uint32_t sim_ppll_read(struct sim *sim, unsigned pll, uint32_t generic)
{
	uint32_t v = sim->st->regs[reg_of(pll, generic)];

	if (generic == mmBPHYC_PLL0_PLL_CNTL && sim->st->pll[pll].locked)
		v |= PPLL_STATUS;
	return v;
}

void sim_ppll_reset(struct sim *sim)
{
	for (unsigned p = 0; p < DCE110_SIMEXT_NUM_PLLS; p++)
		sim->st->regs[reg_of(p, mmBPHYC_PLL0_PLL_CNTL)] = PLL_CNTL__PLL_RESET_MASK;
}
