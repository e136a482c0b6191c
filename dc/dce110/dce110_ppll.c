/*
 * Reading back a display PLL that the VBIOS programmed
 * (dc/core/bios_clock.c), with the public registers of the generation
 * (dce110_regs_pll.h) and the reference of the image's FirmwareInfo:
 *
 *  - DCE 10.0/11.0, BPHYC_PLLn, public field semantics:
 *      clock = reference x PLL_FB_DIV / (PLL_REF_DIV x PLL_POST_DIV_PIXCLK)
 *    no clock in reset, powered down or not PLL_LOCKED;
 *  - DCE 11.2, DC_DISPLAYPLLREGSn, our reading of the field names (the
 *    simulator's, docs/sim.md):
 *      clock = reference x (fcw0_int + fcw0_frac / fcw_denom) / postdiv
 *    no clock while reg_tmg_pwr_state is 0 or pc_pw_pll_rdy is not set.
 */
#include "dce110.h"
#include "dce110_regs.h"
#include "dce110_regs_gen.h"
#include "dce110_regs_pll.h"

#define PPLL(reg, pll) ((reg) + (pll)*DCE110_PPLL_STRIDE)

static uint32_t field(uint32_t v, uint32_t mask)
{
	return (v & mask) / (mask & -mask);
}

static void read_dce112(struct dc_hw *hw, unsigned pll, uint64_t ref_hz,
			struct dce110_pixel_rate *rate)
{
	uint32_t mode = dc_hw_read(hw, PPLL(DCE112_mmDC_DISPLAYPLLREGS0_PPLL_MODE_CNTL, pll));
	uint32_t ctrl0 = dc_hw_read(hw, PPLL(DCE112_mmDC_DISPLAYPLLREGS0_PPLL_FREQ_CTRL0, pll));
	uint32_t ctrl3 = dc_hw_read(hw, PPLL(DCE112_mmDC_DISPLAYPLLREGS0_PPLL_FREQ_CTRL3, pll));
	uint32_t upd = dc_hw_read(hw, PPLL(DCE112_mmDC_DISPLAYPLLREGS0_PPLL_UPDATE_CNTL, pll));
	uint64_t fcw = field(ctrl0, DCE112_PPLL_FREQ_CTRL0__reg_tmg_fcw0_int_MASK);
	uint64_t frac = field(ctrl0, DCE112_PPLL_FREQ_CTRL0__reg_tmg_fcw0_frac_MASK), den = 1;
	uint64_t post = field(dc_hw_read(hw, PPLL(DCE112_mmDC_DISPLAYPLLREGS0_PPLL_POSTDIV, pll)),
			      DCE112_PPLL_POSTDIV__reg_tmg_postdiv_MASK);

	if (ctrl3 & DCE112_PPLL_FREQ_CTRL3__reg_tmg_fracn_en_MASK)
		den = field(dc_hw_read(hw, PPLL(DCE112_mmDC_DISPLAYPLLREGS0_PPLL_FREQ_CTRL2, pll)),
			    DCE112_PPLL_FREQ_CTRL2__reg_tmg_fcw_denom_MASK);
	else
		frac = 0;
	if (!(mode & DCE112_PPLL_MODE_CNTL__reg_tmg_pwr_state_MASK) ||
	    !(upd & DCE112_PPLL_UPDATE_CNTL__pc_pw_pll_rdy_MASK) || !fcw || !post || !den)
		return;
	rate->hz_num = ref_hz * (fcw * den + frac);
	rate->hz_den = den * post;
}

void dce110_ppll_rate(struct dc_hw *hw, const struct dce110_regs_gen *g, unsigned pll,
		      uint32_t ref_khz, struct dce110_pixel_rate *rate)
{
	uint32_t cntl;
	uint64_t rd, fb, pd;

	if (g->ppll_dce112) {
		read_dce112(hw, pll, (uint64_t)ref_khz * 1000, rate);
		return;
	}
	cntl = dc_hw_read(hw, PPLL(mmBPHYC_PLL0_PLL_CNTL, pll));
	rd = DC_FIELD_GET(dc_hw_read(hw, PPLL(mmBPHYC_PLL0_PLL_REF_DIV, pll)), PLL_REF_DIV,
			  PLL_REF_DIV);
	fb = DC_FIELD_GET(dc_hw_read(hw, PPLL(mmBPHYC_PLL0_PLL_FB_DIV, pll)), PLL_FB_DIV,
			  PLL_FB_DIV);
	pd = DC_FIELD_GET(dc_hw_read(hw, PPLL(mmBPHYC_PLL0_PLL_POST_DIV, pll)), PLL_POST_DIV,
			  PLL_POST_DIV_PIXCLK);
	if ((cntl & (PLL_CNTL__PLL_RESET_MASK | PLL_CNTL__PLL_POWER_DOWN_MASK)) ||
	    !(cntl & PLL_CNTL__PLL_LOCKED_MASK) || !rd || !pd)
		return;
	rate->hz_num = (uint64_t)ref_khz * 1000 * fb;
	rate->hz_den = rd * pd;
}
