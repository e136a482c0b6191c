/*
 * Reading back the pixel clock of a CRTC on an engine whose PLLs the VBIOS
 * programs (dc/core/bios_clock.c): the DP DTO when enabled, else the PLL
 * that CRTCn_PIXEL_RATE_CNTL.CRTCn_PIXEL_RATE_SOURCE selects, from its
 * BPHYC_PLLn dividers with the public field semantics and the reference of
 * the image's FirmwareInfo:
 *   clock = reference x PLL_FB_DIV / (PLL_REF_DIV x PLL_POST_DIV_PIXCLK)
 * A PLL in reset, powered down or not PLL_LOCKED gives no clock.
 */
#include "dce110.h"
#include "dce110_regs.h"
#include "dce110_regs_pll.h"

#define PIXCLK(reg, tg) ((reg) + dce110_pixclk_offsets[tg])
#define PPLL(reg, pll)	((reg) + (pll)*DCE110_PPLL_STRIDE)

void dce110_ppll_read(struct dc_hw *hw, unsigned tg, uint32_t dprefclk_khz, uint32_t ref_khz,
		      struct dce110_pixel_rate *rate)
{
	uint32_t cntl = dc_hw_read(hw, PIXCLK(mmCRTC0_PIXEL_RATE_CNTL, tg));
	uint32_t pll, pcntl;
	uint64_t rd, fb, pd;

	if (cntl & CRTC0_PIXEL_RATE_CNTL__DP_DTO0_ENABLE_MASK) {
		dce110_clk_read(hw, tg, dprefclk_khz, rate);
		return;
	}
	*rate = (struct dce110_pixel_rate){ .hz_num = 0, .hz_den = 1, .source = -1 };
	pll = DC_FIELD_GET(cntl, CRTC0_PIXEL_RATE_CNTL, CRTC0_PIXEL_RATE_SOURCE);
	if (pll >= DCE110_SIMEXT_NUM_PLLS)
		return;
	rate->source = (int)pll;
	pcntl = dc_hw_read(hw, PPLL(mmBPHYC_PLL0_PLL_CNTL, pll));
	rd = DC_FIELD_GET(dc_hw_read(hw, PPLL(mmBPHYC_PLL0_PLL_REF_DIV, pll)), PLL_REF_DIV,
			  PLL_REF_DIV);
	fb = DC_FIELD_GET(dc_hw_read(hw, PPLL(mmBPHYC_PLL0_PLL_FB_DIV, pll)), PLL_FB_DIV,
			  PLL_FB_DIV);
	pd = DC_FIELD_GET(dc_hw_read(hw, PPLL(mmBPHYC_PLL0_PLL_POST_DIV, pll)), PLL_POST_DIV,
			  PLL_POST_DIV_PIXCLK);
	if ((pcntl & (PLL_CNTL__PLL_RESET_MASK | PLL_CNTL__PLL_POWER_DOWN_MASK)) ||
	    !(pcntl & PLL_CNTL__PLL_LOCKED_MASK) || !rd || !pd)
		return;
	rate->hz_num = (uint64_t)ref_khz * 1000 * fb;
	rate->hz_den = rd * pd;
}
