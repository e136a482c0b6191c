/*
 * Pixel clocks: the display PLLs and the per-CRTC DP DTO.
 *
 * DP streams run their CRTC from the pipe's DP DTO (DPREFCLK x PHASE /
 * MODULO, in Hz as the public driver writes it), selected by
 * CRTCn_PIXEL_RATE_CNTL.DP_DTOn_ENABLE. TMDS streams run it from a display
 * PLL. The public register headers expose the PLLs only as opaque
 * DCCG_PLLn_PLL_MACRO_CNTL_RESERVED words: the real driver sets them
 * through VBIOS command tables. dcd programs them through the simulator
 * extension (SIMEXT_PLL_*, SIMEXT_CRTC_CLK_SEL; docs/sim.md), which only
 * exists on the simulator: dc/core checks dce110_simext_present() first
 * and refuses TMDS streams elsewhere.
 */
#include <errno.h>

#include "dce110.h"
#include "dce110_regs.h"

#define PLL(reg, pll)	 ((reg) + dce110_simext_pll_offsets[pll])
#define PIXCLK(reg, tg)	 ((reg) + dce110_pixclk_offsets[tg])
#define PLL_LOCK_POLL_NS 10000
#define PLL_LOCK_MAX_NS	 1000000
#define DTO_ENABLE_MASK	 CRTC0_PIXEL_RATE_CNTL__DP_DTO0_ENABLE_MASK

uint32_t dce110_simext_refclk_khz(struct dc_hw *hw)
{
	return dc_hw_read(hw, mmSIMEXT_REFCLK_KHZ);
}

uint32_t dce110_simext_dprefclk_khz(struct dc_hw *hw)
{
	return dc_hw_read(hw, mmSIMEXT_DPREFCLK_KHZ);
}

static bool pll_runs_with(struct dc_hw *hw, unsigned pll, const struct dc_pll_dividers *d)
{
	uint32_t cntl = dc_hw_read(hw, PLL(mmSIMEXT_PLL_CNTL, pll));

	return !(cntl & (SIMEXT_PLL_CNTL__PLL_RESET_MASK | SIMEXT_PLL_CNTL__PLL_POWER_DOWN_MASK)) &&
	       dc_hw_read(hw, PLL(mmSIMEXT_PLL_REF_DIV, pll)) == d->ref_div &&
	       dc_hw_read(hw, PLL(mmSIMEXT_PLL_FB_DIV, pll)) == d->fb_div &&
	       dc_hw_read(hw, PLL(mmSIMEXT_PLL_FB_DIV_FRAC, pll)) == d->fb_frac &&
	       dc_hw_read(hw, PLL(mmSIMEXT_PLL_POST_DIV, pll)) == d->post_div;
}

int dce110_pll_program(struct dc_hw *hw, unsigned pll, const struct dc_pll_dividers *d)
{
	if (!pll_runs_with(hw, pll, d)) {
		/* hold it in reset while the dividers change, as the VBIOS table does */
		dc_hw_write(hw, PLL(mmSIMEXT_PLL_CNTL, pll), SIMEXT_PLL_CNTL__PLL_RESET_MASK);
		dc_hw_write(hw, PLL(mmSIMEXT_PLL_REF_DIV, pll),
			    DC_FIELD(SIMEXT_PLL_REF_DIV, PLL_REF_DIV, d->ref_div));
		dc_hw_write(hw, PLL(mmSIMEXT_PLL_FB_DIV, pll),
			    DC_FIELD(SIMEXT_PLL_FB_DIV, PLL_FB_DIV, d->fb_div));
		dc_hw_write(hw, PLL(mmSIMEXT_PLL_FB_DIV_FRAC, pll),
			    DC_FIELD(SIMEXT_PLL_FB_DIV_FRAC, PLL_FB_DIV_FRACTION, d->fb_frac));
		dc_hw_write(hw, PLL(mmSIMEXT_PLL_POST_DIV, pll),
			    DC_FIELD(SIMEXT_PLL_POST_DIV, PLL_POST_DIV_PIXCLK, d->post_div));
		dc_hw_write(hw, PLL(mmSIMEXT_PLL_CNTL, pll), 0);
	}
	return dc_hw_wait(hw, PLL(mmSIMEXT_PLL_CNTL, pll), SIMEXT_PLL_CNTL__PLL_LOCK_MASK,
			  SIMEXT_PLL_CNTL__PLL_LOCK_MASK, PLL_LOCK_POLL_NS, PLL_LOCK_MAX_NS, NULL);
}

void dce110_pll_power_down(struct dc_hw *hw, unsigned pll)
{
	const uint32_t off = SIMEXT_PLL_CNTL__PLL_RESET_MASK | SIMEXT_PLL_CNTL__PLL_POWER_DOWN_MASK;

	dc_hw_update(hw, PLL(mmSIMEXT_PLL_CNTL, pll), off, off);
}

void dce110_clk_select_pll(struct dc_hw *hw, unsigned tg, unsigned pll)
{
	dc_hw_update(hw, PIXCLK(mmCRTC0_PIXEL_RATE_CNTL, tg), DTO_ENABLE_MASK, 0);
	dc_hw_update(hw, mmSIMEXT_CRTC_CLK_SEL + tg, SIMEXT_CRTC_CLK_SEL__CRTC_PLL_SEL_MASK,
		     DC_FIELD(SIMEXT_CRTC_CLK_SEL, CRTC_PLL_SEL, pll));
}

void dce110_clk_select_dto(struct dc_hw *hw, unsigned tg, const struct dc_dp_dto *dto)
{
	/* the modulo first: the DTO must never run with phase > modulo */
	dc_hw_update(hw, PIXCLK(mmDP_DTO0_MODULO, tg), 0xffffffff, dto->modulo);
	dc_hw_update(hw, PIXCLK(mmDP_DTO0_PHASE, tg), 0xffffffff, dto->phase);
	dc_hw_update(hw, PIXCLK(mmCRTC0_PIXEL_RATE_CNTL, tg), DTO_ENABLE_MASK, DTO_ENABLE_MASK);
}

void dce110_clk_release(struct dc_hw *hw, unsigned tg)
{
	dc_hw_update(hw, PIXCLK(mmCRTC0_PIXEL_RATE_CNTL, tg), DTO_ENABLE_MASK, 0);
	if (dce110_simext_present(hw))
		dc_hw_update(hw, mmSIMEXT_CRTC_CLK_SEL + tg, SIMEXT_CRTC_CLK_SEL__CRTC_PLL_SEL_MASK,
			     DC_FIELD(SIMEXT_CRTC_CLK_SEL, CRTC_PLL_SEL, SIMEXT_CRTC_PLL_NONE));
}

static void read_pll(struct dc_hw *hw, unsigned pll, struct dce110_pixel_rate *rate)
{
	uint64_t ref_hz = (uint64_t)dce110_simext_refclk_khz(hw) * 1000;
	uint32_t cntl = dc_hw_read(hw, PLL(mmSIMEXT_PLL_CNTL, pll));
	uint64_t rd = DC_FIELD_GET(dc_hw_read(hw, PLL(mmSIMEXT_PLL_REF_DIV, pll)),
				   SIMEXT_PLL_REF_DIV, PLL_REF_DIV);
	uint64_t fb = DC_FIELD_GET(dc_hw_read(hw, PLL(mmSIMEXT_PLL_FB_DIV, pll)), SIMEXT_PLL_FB_DIV,
				   PLL_FB_DIV);
	uint64_t frac = DC_FIELD_GET(dc_hw_read(hw, PLL(mmSIMEXT_PLL_FB_DIV_FRAC, pll)),
				     SIMEXT_PLL_FB_DIV_FRAC, PLL_FB_DIV_FRACTION);
	uint64_t pd = DC_FIELD_GET(dc_hw_read(hw, PLL(mmSIMEXT_PLL_POST_DIV, pll)),
				   SIMEXT_PLL_POST_DIV, PLL_POST_DIV_PIXCLK);

	if (!(cntl & SIMEXT_PLL_CNTL__PLL_LOCK_MASK) || !rd || !pd)
		return;
	/* ref x (fb + frac / 10^6) / (rd x pd) */
	rate->hz_num = ref_hz * (fb * 1000000 + frac);
	rate->hz_den = rd * pd * 1000000;
}

void dce110_clk_read(struct dc_hw *hw, unsigned tg, uint32_t dprefclk_khz,
		     struct dce110_pixel_rate *rate)
{
	uint32_t cntl = dc_hw_read(hw, PIXCLK(mmCRTC0_PIXEL_RATE_CNTL, tg));
	bool simext = dce110_simext_present(hw);
	uint32_t sel;

	*rate = (struct dce110_pixel_rate){ .hz_num = 0, .hz_den = 1, .source = -1 };
	if (cntl & DTO_ENABLE_MASK) {
		uint64_t phase = dc_hw_read(hw, PIXCLK(mmDP_DTO0_PHASE, tg));
		uint64_t modulo = dc_hw_read(hw, PIXCLK(mmDP_DTO0_MODULO, tg));

		rate->source = DC_CLOCK_SOURCE_DP_DTO;
		if (phase && modulo && phase <= modulo) {
			rate->hz_num = (uint64_t)dprefclk_khz * 1000 * phase;
			rate->hz_den = modulo;
		}
		return;
	}
	if (!simext)
		return;
	sel = DC_FIELD_GET(dc_hw_read(hw, mmSIMEXT_CRTC_CLK_SEL + tg), SIMEXT_CRTC_CLK_SEL,
			   CRTC_PLL_SEL);
	if (sel >= DCE110_SIMEXT_NUM_PLLS)
		return;
	rate->source = (int)sel;
	read_pll(hw, sel, rate);
}
