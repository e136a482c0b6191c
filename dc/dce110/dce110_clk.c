/*
 * Pixel clocks: the per-CRTC DP DTO and reading back what clocks a CRTC.
 *
 * DP streams run their CRTC from the pipe's DP DTO (DPREFCLK x PHASE /
 * MODULO, in Hz as the public driver writes it), selected by
 * CRTCn_PIXEL_RATE_CNTL.DP_DTOn_ENABLE. TMDS streams run it from a display
 * PLL, which the VBIOS SetPixelClock table programs and selects
 * (dc/core/bios_clock.c); dce110_ppll.c reads the PLL back. For HDMI deep
 * colour that PLL runs at the TMDS clock, and on DCE 10/11.0 the DCCG
 * divides it back to the pixel clock for the CRTC (PIXCLKn_RESYNC_CNTL,
 * dce110_regs_pll.h), as the public driver's clock source programs it.
 */
#include <errno.h>

#include "dce110.h"
#include "dce110_regs.h"
#include "dce110_regs_pll.h"

#define PIXCLK(reg, tg) ((reg) + dce110_pixclk_offsets[tg])
#define DTO_ENABLE_MASK CRTC0_PIXEL_RATE_CNTL__DP_DTO0_ENABLE_MASK

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
}

void dce110_pll_set_deep_color(struct dc_hw *hw, const struct dce110_regs_gen *g, unsigned pll,
			       unsigned ratio)
{
	if (g->pll_deep_color && pll < DCE110_PPLLS && ratio < DCE110_DEEP_COLOR_RATIOS)
		dc_hw_update(hw, dce110_pll_resync_regs[pll],
			     PIXCLK0_RESYNC_CNTL__DCCG_DEEP_COLOR_CNTL0_MASK,
			     DC_FIELD(PIXCLK0_RESYNC_CNTL, DCCG_DEEP_COLOR_CNTL0, ratio));
}

unsigned dce110_pll_deep_color(struct dc_hw *hw, const struct dce110_regs_gen *g, unsigned pll)
{
	if (!g->pll_deep_color || pll >= DCE110_PPLLS)
		return 0;
	return DC_FIELD_GET(dc_hw_read(hw, dce110_pll_resync_regs[pll]), PIXCLK0_RESYNC_CNTL,
			    DCCG_DEEP_COLOR_CNTL0);
}

void dce110_clk_read(struct dc_hw *hw, const struct dce110_regs_gen *g, unsigned tg,
		     uint32_t dprefclk_khz, uint32_t ref_khz, struct dce110_pixel_rate *rate)
{
	uint32_t cntl = dc_hw_read(hw, PIXCLK(mmCRTC0_PIXEL_RATE_CNTL, tg));
	uint32_t pll;
	unsigned ratio;

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
	pll = DC_FIELD_GET(cntl, CRTC0_PIXEL_RATE_CNTL, CRTC0_PIXEL_RATE_SOURCE);
	if (pll >= DCE110_PPLLS || !ref_khz)
		return;
	rate->source = (int)pll;
	dce110_ppll_rate(hw, g, pll, ref_khz, rate);
	ratio = dce110_pll_deep_color(hw, g, pll);
	rate->hz_num *= dce110_deep_color_num[ratio];
	rate->hz_den *= dce110_deep_color_den[ratio];
}
