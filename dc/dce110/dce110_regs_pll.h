/*
 * The display PLLs (BPHYC_PLL0..2) as the public DCE 11.0 header defines
 * them: what the VBIOS SetPixelClock table programs, what Display Core
 * reads back (dce110_ppll.c) and what the simulator models (sim_ppll.c).
 */
#ifndef DCE110_REGS_PLL_H
#define DCE110_REGS_PLL_H

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


#define DCE110_PPLL_STRIDE (mmBPHYC_PLL1_PLL_REF_DIV - mmBPHYC_PLL0_PLL_REF_DIV)
#define DCE110_PPLL_STATUS (PLL_CNTL__PLL_CALIB_DONE_MASK | PLL_CNTL__PLL_LOCKED_MASK)
// clang-format on

#endif
