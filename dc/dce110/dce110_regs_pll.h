/*
 * The display PLLs as the public headers define them: what the VBIOS
 * SetPixelClock table programs, what Display Core reads back
 * (dce110_ppll.c) and what the simulator models (sim_ppll.c).
 *
 * DCE 10.0 and 11.0: BPHYC_PLL0..2 (the same offsets and fields in both
 * headers). DCE 11.2: DC_DISPLAYPLLREGS0..2, a different PLL at the same
 * offsets and stride (names with DCE112_, checked against dce_11_2_*.h).
 */
#ifndef DCE110_REGS_PLL_H
#define DCE110_REGS_PLL_H

#include "dce110_regs.h" /* DCE110_MAYBE_UNUSED */

// clang-format off
#define mmBPHYC_PLL0_PLL_REF_DIV		0x1700
#define mmBPHYC_PLL0_PLL_FB_DIV			0x1701
#define mmBPHYC_PLL0_PLL_POST_DIV		0x1702
#define mmBPHYC_PLL0_PLL_CNTL			0x1707
#define mmBPHYC_PLL1_PLL_REF_DIV		0x172a
#define PLL_REF_DIV__PLL_REF_DIV_MASK		0x3ff
#define PLL_REF_DIV__PLL_REF_DIV__SHIFT		0x0
#define PLL_FB_DIV__PLL_FB_DIV_MASK		0xfff0000
#define PLL_FB_DIV__PLL_FB_DIV__SHIFT		0x10
#define PLL_POST_DIV__PLL_POST_DIV_PIXCLK_MASK	0x7f
#define PLL_POST_DIV__PLL_POST_DIV_PIXCLK__SHIFT 0x0
#define PLL_CNTL__PLL_RESET_MASK		0x1
#define PLL_CNTL__PLL_POWER_DOWN_MASK		0x2
#define PLL_CNTL__PLL_CALIB_DONE_MASK		0x100000
#define PLL_CNTL__PLL_LOCKED_MASK		0x200000


/* DCE 11.2 (instance 0; instance n at + n x DCE110_PPLL_STRIDE) */
#define DCE112_mmDC_DISPLAYPLLREGS0_PPLL_MODE_CNTL	0x1701
#define DCE112_mmDC_DISPLAYPLLREGS0_PPLL_FREQ_CTRL0	0x1702
#define DCE112_mmDC_DISPLAYPLLREGS0_PPLL_FREQ_CTRL2	0x1704
#define DCE112_mmDC_DISPLAYPLLREGS0_PPLL_FREQ_CTRL3	0x1705
#define DCE112_mmDC_DISPLAYPLLREGS0_PPLL_POSTDIV	0x171c
#define DCE112_mmDC_DISPLAYPLLREGS0_PPLL_UPDATE_CNTL	0x1724
#define DCE112_mmDC_DISPLAYPLLREGS1_PPLL_VREG_CFG	0x172a
#define DCE112_PPLL_MODE_CNTL__reg_tmg_pwr_state_MASK	0x30000
#define DCE112_PPLL_MODE_CNTL__reg_tmg_pwr_state__SHIFT	0x10
#define DCE112_PPLL_FREQ_CTRL0__reg_tmg_fcw0_frac_MASK	0xffff
#define DCE112_PPLL_FREQ_CTRL0__reg_tmg_fcw0_frac__SHIFT 0x0
#define DCE112_PPLL_FREQ_CTRL0__reg_tmg_fcw0_int_MASK	0x1ff0000
#define DCE112_PPLL_FREQ_CTRL0__reg_tmg_fcw0_int__SHIFT	0x10
#define DCE112_PPLL_FREQ_CTRL2__reg_tmg_fcw_denom_MASK	0xffff
#define DCE112_PPLL_FREQ_CTRL2__reg_tmg_fcw_denom__SHIFT 0x0
#define DCE112_PPLL_FREQ_CTRL3__reg_tmg_fracn_en_MASK	0x40
#define DCE112_PPLL_FREQ_CTRL3__reg_tmg_fracn_en__SHIFT	0x6
#define DCE112_PPLL_POSTDIV__reg_tmg_postdiv_MASK	0xf00
#define DCE112_PPLL_POSTDIV__reg_tmg_postdiv__SHIFT	0x8
#define DCE112_PPLL_UPDATE_CNTL__pc_pw_pll_rdy_MASK	0x200
#define DCE112_PPLL_UPDATE_CNTL__pc_pw_pll_rdy__SHIFT	0x9
#define DCE112_PPLL_UPDATE_CNTL__tmg_reg_UPDATE_PENDING_MASK 0x100
#define DCE112_PPLL_UPDATE_CNTL__tmg_reg_UPDATE_PENDING__SHIFT 0x8

#define DCE110_PPLL_STRIDE (mmBPHYC_PLL1_PLL_REF_DIV - mmBPHYC_PLL0_PLL_REF_DIV)
#define DCE110_PPLL_STATUS (PLL_CNTL__PLL_CALIB_DONE_MASK | PLL_CNTL__PLL_LOCKED_MASK)
#define DCE110_PPLLS	   3 /* PLL 0..2 */
#define DCE112_PPLL_STATUS                                 \
	(DCE112_PPLL_UPDATE_CNTL__pc_pw_pll_rdy_MASK |     \
	 DCE112_PPLL_UPDATE_CNTL__tmg_reg_UPDATE_PENDING_MASK)
/*
 * DCE 10.0 and 11.0: the DCCG's deep colour divider of PLL n, in
 * PIXCLKn_RESYNC_CNTL (PLL 0, 1, 2 at 0x13a, 0x138, 0x139). For HDMI deep
 * colour the PLL runs at the TMDS clock and the CRTC gets it divided back
 * to the pixel clock: DCCG_DEEP_COLOR_CNTLn 0 passes it on (24 bits), 1
 * gives 4/5 (30 bits), 2 gives 2/3 (36 bits), 3 gives 1/2 (48 bits), as
 * the public driver's clock source sets it. DCE 11.2 has PIXCLK0 only,
 * and the kernel clocks TMDS there from other PLLs (docs/hardware.md).
 */
#define mmPIXCLK1_RESYNC_CNTL				0x138
#define mmPIXCLK2_RESYNC_CNTL				0x139
#define mmPIXCLK0_RESYNC_CNTL				0x13a
#define PIXCLK0_RESYNC_CNTL__DCCG_DEEP_COLOR_CNTL0_MASK	0x30
#define PIXCLK0_RESYNC_CNTL__DCCG_DEEP_COLOR_CNTL0__SHIFT 0x4
#define PIXCLK1_RESYNC_CNTL__DCCG_DEEP_COLOR_CNTL1_MASK	0x30
#define PIXCLK2_RESYNC_CNTL__DCCG_DEEP_COLOR_CNTL2_MASK	0x30
#define DCE110_DEEP_COLOR_RATIOS 4
static const uint32_t dce110_pll_resync_regs[DCE110_PPLLS] DCE110_MAYBE_UNUSED = {
	mmPIXCLK0_RESYNC_CNTL, mmPIXCLK1_RESYNC_CNTL, mmPIXCLK2_RESYNC_CNTL
};
/* What the CRTC gets of the PLL's clock, per DCCG_DEEP_COLOR_CNTL value: num / den. */
static const uint8_t dce110_deep_color_num[DCE110_DEEP_COLOR_RATIOS] DCE110_MAYBE_UNUSED = {
	1, 4, 2, 1
};
static const uint8_t dce110_deep_color_den[DCE110_DEEP_COLOR_RATIOS] DCE110_MAYBE_UNUSED = {
	1, 5, 3, 2
};

/*
 * The PLLs lock this long after their last change: the simulator's model,
 * and what the tables poll for (well under the 50 ms dc gives SetPixelClock).
 */
#define DCE110_PPLL_LOCK_TIME_NS 100000
// clang-format on

#endif
