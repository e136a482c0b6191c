/*
 * The three display PLLs, with the public register blocks of the profile's
 * generation (dce110_regs_pll.h), as a VBIOS SetPixelClock table programs
 * them. The reference clock and the VCO range come from the image's
 * FirmwareInfo (without an image: the scenario's ref_clock_khz and
 * 600..1200 MHz).
 *
 * DCE 10.0 and 11.0, BPHYC_PLL0..2, public field semantics:
 *   PIXCLK = reference x PLL_FB_DIV / (PLL_REF_DIV x PLL_POST_DIV_PIXCLK)
 *   (integer feedback; VCO = reference x FB / REF); PLL_CNTL: PLL_RESET and
 *   PLL_POWER_DOWN stop the PLL; PLL_CALIB_DONE and PLL_LOCKED (read only)
 *   read 1 once it has run with the same dividers for the lock time.
 *
 * DCE 11.2, DC_DISPLAYPLLREGS0..2: the header gives the fields' names, not
 * their arithmetic; this reading of them is ours (docs/sim.md), and our own
 * image's SetPixelClock 1.7 (sim_own_vbios.c) is written against it:
 *   VCO    = reference x FCW, FCW = reg_tmg_fcw0_int
 *            (+ reg_tmg_fcw0_frac / reg_tmg_fcw_denom with reg_tmg_fracn_en)
 *   PIXCLK = VCO / reg_tmg_postdiv
 *   PPLL_MODE_CNTL.reg_tmg_pwr_state 0 (the power-on value) is off, any
 *   other value runs the PLL; PPLL_UPDATE_CNTL.pc_pw_pll_rdy (read only)
 *   reads 1 once it has run with the same settings for the lock time.
 *
 * Either way a PLL with bad settings or a VCO out of range never locks and
 * gives no clock. The other registers of the blocks (fractional feedback
 * and spread spectrum of BPHYC, the analog and debug registers) are kept
 * as written and recorded as unmodelled (sim_unmodelled).
 */
#include "sim_internal.h"

#include "dce110_regs_pll.h"

#define PPLL_STRIDE DCE110_PPLL_STRIDE
#define PPLL_BASE   mmBPHYC_PLL0_PLL_REF_DIV
#define VCO_MIN_KHZ 600000 /* without an image */
#define VCO_MAX_KHZ 1200000

int sim_ppll_of(const struct sim_state *st, uint32_t reg, uint32_t *generic)
{
	uint32_t off = reg - PPLL_BASE;

	(void)st;
	if (reg < PPLL_BASE || off >= DCE110_PPLLS * PPLL_STRIDE)
		return -1;
	*generic = PPLL_BASE + off % PPLL_STRIDE;
	return (int)(off / PPLL_STRIDE);
}

static uint32_t reg_of(unsigned pll, uint32_t generic)
{
	return generic + pll * PPLL_STRIDE;
}

static uint32_t field(const struct sim_state *st, unsigned pll, uint32_t generic, uint32_t mask)
{
	uint32_t v = st->regs[reg_of(pll, generic)] & mask;

	return mask ? v / (mask & -mask) : 0;
}

static void vco_range(const struct sim_state *st, uint64_t *min_khz, uint64_t *max_khz)
{
	*min_khz = st->cfg.vbios_len ? st->cfg.ppll_min_khz : VCO_MIN_KHZ;
	*max_khz = st->cfg.vbios_len ? st->cfg.ppll_max_khz : VCO_MAX_KHZ;
}

/* BPHYC_PLLn: ref x FB / (REF x POST) */
static void recompute_bphyc(struct sim *sim, unsigned pll)
{
	const struct sim_state *st = sim->st;
	uint32_t cntl = st->regs[reg_of(pll, mmBPHYC_PLL0_PLL_CNTL)];
	uint64_t ref = field(st, pll, mmBPHYC_PLL0_PLL_REF_DIV, PLL_REF_DIV__PLL_REF_DIV_MASK);
	uint64_t fb = field(st, pll, mmBPHYC_PLL0_PLL_FB_DIV, PLL_FB_DIV__PLL_FB_DIV_MASK);
	uint64_t post =
		field(st, pll, mmBPHYC_PLL0_PLL_POST_DIV, PLL_POST_DIV__PLL_POST_DIV_PIXCLK_MASK);
	uint64_t ref_khz = st->cfg.ref_khz, lo, hi;
	bool valid = !(cntl & (PLL_CNTL__PLL_RESET_MASK | PLL_CNTL__PLL_POWER_DOWN_MASK)) && ref &&
		     fb && post;

	if (valid) {
		uint64_t vco_khz = ref_khz * fb / ref;

		vco_range(st, &lo, &hi);
		valid = vco_khz >= lo && vco_khz <= hi;
	}
	sim_pll_set(sim, pll, valid, ref_khz * 1000 * fb, ref * post);
}

/* DC_DISPLAYPLLREGSn: ref x (INT + FRAC / DENOM) / POSTDIV */
static void recompute_dce112(struct sim *sim, unsigned pll)
{
	const struct sim_state *st = sim->st;
	uint64_t on = field(st, pll, DCE112_mmDC_DISPLAYPLLREGS0_PPLL_MODE_CNTL,
			    DCE112_PPLL_MODE_CNTL__reg_tmg_pwr_state_MASK);
	uint64_t fcw = field(st, pll, DCE112_mmDC_DISPLAYPLLREGS0_PPLL_FREQ_CTRL0,
			     DCE112_PPLL_FREQ_CTRL0__reg_tmg_fcw0_int_MASK);
	uint64_t frac = field(st, pll, DCE112_mmDC_DISPLAYPLLREGS0_PPLL_FREQ_CTRL0,
			      DCE112_PPLL_FREQ_CTRL0__reg_tmg_fcw0_frac_MASK);
	uint64_t den = 1;
	uint64_t post = field(st, pll, DCE112_mmDC_DISPLAYPLLREGS0_PPLL_POSTDIV,
			      DCE112_PPLL_POSTDIV__reg_tmg_postdiv_MASK);
	uint64_t ref_khz = st->cfg.ref_khz, lo, hi;
	bool valid;

	if (field(st, pll, DCE112_mmDC_DISPLAYPLLREGS0_PPLL_FREQ_CTRL3,
		  DCE112_PPLL_FREQ_CTRL3__reg_tmg_fracn_en_MASK))
		den = field(st, pll, DCE112_mmDC_DISPLAYPLLREGS0_PPLL_FREQ_CTRL2,
			    DCE112_PPLL_FREQ_CTRL2__reg_tmg_fcw_denom_MASK);
	else
		frac = 0;
	valid = on && fcw && post && den && frac < den;
	if (valid) {
		uint64_t vco_khz = ref_khz * (fcw * den + frac) / den;

		vco_range(st, &lo, &hi);
		valid = vco_khz >= lo && vco_khz <= hi;
	}
	sim_pll_set(sim, pll, valid, ref_khz * 1000 * (fcw * den + frac), den * post);
}

/* The registers the model reads, and the read-only status bits of each. */
static bool modelled(const struct sim *sim, uint32_t generic, uint32_t *status)
{
	*status = 0;
	if (sim_gen(sim)->ppll_dce112) {
		switch (generic) {
		case DCE112_mmDC_DISPLAYPLLREGS0_PPLL_UPDATE_CNTL:
			*status = DCE112_PPLL_STATUS;
			return true;
		case DCE112_mmDC_DISPLAYPLLREGS0_PPLL_MODE_CNTL:
		case DCE112_mmDC_DISPLAYPLLREGS0_PPLL_FREQ_CTRL0:
		case DCE112_mmDC_DISPLAYPLLREGS0_PPLL_FREQ_CTRL2:
		case DCE112_mmDC_DISPLAYPLLREGS0_PPLL_FREQ_CTRL3:
		case DCE112_mmDC_DISPLAYPLLREGS0_PPLL_POSTDIV:
			return true;
		default:
			return false;
		}
	}
	switch (generic) {
	case mmBPHYC_PLL0_PLL_CNTL:
		*status = DCE110_PPLL_STATUS;
		return true;
	case mmBPHYC_PLL0_PLL_REF_DIV:
	case mmBPHYC_PLL0_PLL_FB_DIV:
	case mmBPHYC_PLL0_PLL_POST_DIV:
		return true;
	default:
		return false;
	}
}

void sim_ppll_write(struct sim *sim, unsigned pll, uint32_t generic, uint32_t value)
{
	uint32_t reg = reg_of(pll, generic), status;

	if (!modelled(sim, generic, &status)) {
		sim->st->regs[reg] = value;
		sim_unmodelled_write(sim, reg);
		return;
	}
	/* the ready/locked bits are the PLL's to say, not software's */
	sim->st->regs[reg] = value & ~status;
	if (sim_gen(sim)->ppll_dce112)
		recompute_dce112(sim, pll);
	else
		recompute_bphyc(sim, pll);
}

uint32_t sim_ppll_read(struct sim *sim, unsigned pll, uint32_t generic)
{
	uint32_t v = sim->st->regs[reg_of(pll, generic)], status;

	if (modelled(sim, generic, &status) && sim->st->pll[pll].locked) {
		/* ready, and no divider update pending */
		v |= status & ~DCE112_PPLL_UPDATE_CNTL__tmg_reg_UPDATE_PENDING_MASK;
	}
	return v;
}

void sim_ppll_reset(struct sim *sim)
{
	/* DCE 11.2: all 0, the PLLs off; BPHYC: held in reset */
	for (unsigned p = 0; p < DCE110_PPLLS && !sim_gen(sim)->ppll_dce112; p++)
		sim->st->regs[reg_of(p, mmBPHYC_PLL0_PLL_CNTL)] = PLL_CNTL__PLL_RESET_MASK;
}
