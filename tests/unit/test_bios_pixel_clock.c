/*
 * SetPixelClock from AMD's real Carrizo image, run the way the public DC
 * driver orders it (AdjustDisplayPll, then SetPixelClock with the
 * dividers), against a register file whose PLLs calibrate and lock at
 * once. Asserted: the PLL the table was asked for (PPLL1) is left with
 * dividers whose output, from the public field semantics and the
 * reference clock of FirmwareInfo, is the pixel clock, and no other
 * PLL's dividers change. Integer feedback dividers only: how the
 * fractional part lands in the delta-sigma fields is not in the public
 * headers (docs/bios.md).
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "dc_bios.h"
#include "dc_hw.h"

#define VBIOS DCD_SOURCE_ROOT "/tests/data/vbios/CarrizoGenericVbios.bin"

/* Public register facts (dce_11_0_d.h, dce_11_0_sh_mask.h). */
#define PLL0_BASE	     0x1700u /* mmBPHYC_PLL0_PLL_REF_DIV */
#define PLL_STRIDE	     0x2au   /* PLL1 at 0x172a, PLL2 at 0x1754 */
#define PLL_REF_DIV	     0x0u
#define PLL_FB_DIV	     0x1u
#define PLL_POST_DIV	     0x2u
#define PLL_CNTL	     0x7u
#define REF_DIV_MASK	     0x3ffu
#define FB_DIV_MASK	     0xfff0000u
#define FB_DIV_SHIFT	     16
#define FB_FRACTION_MASK     0xfu
#define POST_DIV_PIXCLK_MASK 0x7fu
#define PLL_CNTL_RESET	     0x1u
#define PLL_CNTL_POWER_DOWN  0x2u
#define PLL_CNTL_CALIB_DONE  0x100000u
#define PLL_CNTL_LOCKED	     0x200000u
#define REGS		     0x10000u

/* Public parameter facts (atombios.h). */
#define ENCODER_UNIPHY	  0x1e /* ENCODER_OBJECT_ID_INTERNAL_UNIPHY */
#define ENCODER_MODE_HDMI 3
#define ATOM_PPLL1	  0
#define ATOM_CRTC1	  0

struct pll_hw {
	struct dc_hw base;
	uint32_t regs[REGS];
	uint64_t now;
};

static uint32_t rd(struct dc_hw *hw, uint32_t reg)
{
	struct pll_hw *h = (struct pll_hw *)hw;
	uint32_t v = h->regs[reg % REGS];

	/* A PLL control register reports calibrated and locked. */
	for (unsigned p = 0; p < 3; p++)
		if (reg == PLL0_BASE + p * PLL_STRIDE + PLL_CNTL)
			v |= PLL_CNTL_CALIB_DONE | PLL_CNTL_LOCKED;
	return v;
}

static void wr(struct dc_hw *hw, uint32_t reg, uint32_t value)
{
	((struct pll_hw *)hw)->regs[reg % REGS] = value;
}

static uint64_t now(struct dc_hw *hw)
{
	return ((struct pll_hw *)hw)->now;
}

static void delay(struct dc_hw *hw, uint64_t ns)
{
	((struct pll_hw *)hw)->now += ns;
}

static const struct dc_hw_ops ops = {
	.read32 = rd, .write32 = wr, .now_ns = now, .delay_ns = delay
};

static struct dc_bios *load(void)
{
	static uint8_t buf[1 << 17];
	struct dc_bios_error err;
	struct dc_bios *b;
	FILE *f = fopen(VBIOS, "rb");
	size_t n;

	assert_non_null(f);
	n = fread(buf, 1, sizeof(buf), f);
	fclose(f);
	assert_int_equal(dc_bios_load(buf, n, &b, &err), 0);
	return b;
}

struct case_ {
	uint32_t khz;
	unsigned ref_div, fb_div, post_div;
};

static void run_case(struct dc_bios *b, const struct dc_bios_firmware_info *fw,
		     const struct case_ *c)
{
	struct pll_hw *hw = calloc(1, sizeof(*hw));
	struct dc_bios_error err = { 0 };
	uint32_t ps[8] = { 0 };
	uint32_t base = PLL0_BASE + PLL_STRIDE; /* PPLL1 */
	uint32_t ref, fb, post;
	uint64_t out_hz;

	assert_non_null(hw);
	hw->base.ops = &ops;
	/* AdjustDisplayPll v1.3: pixel clock (10 kHz), transmitter, mode. */
	ps[0] = (c->khz / 10) | ENCODER_UNIPHY << 16 | (uint32_t)ENCODER_MODE_HDMI << 24;
	assert_int_equal(
		dc_bios_run(b, &hw->base, DC_BIOS_CMD_ADJUST_DISPLAY_PLL, ps, 8, NULL, &err), 0);
	/* For HDMI it leaves the clock as asked. */
	assert_int_equal(ps[0], c->khz / 10);
	/* SetPixelClock v1.6: clock and CRTC, dividers, PLL/transmitter/mode, fraction. */
	memset(ps, 0, sizeof(ps));
	ps[0] = (c->khz / 10) | (uint32_t)ATOM_CRTC1 << 24;
	ps[1] = c->fb_div | c->post_div << 16 | c->ref_div << 24;
	ps[2] = ATOM_PPLL1 | ENCODER_UNIPHY << 8 | ENCODER_MODE_HDMI << 16;
	ps[3] = 0;
	if (dc_bios_run(b, &hw->base, DC_BIOS_CMD_SET_PIXEL_CLOCK, ps, 8, NULL, &err))
		fail_msg("%u kHz: %s", c->khz, err.message);
	ref = hw->regs[base + PLL_REF_DIV] & REF_DIV_MASK;
	fb = (hw->regs[base + PLL_FB_DIV] & FB_DIV_MASK) >> FB_DIV_SHIFT;
	post = hw->regs[base + PLL_POST_DIV] & POST_DIV_PIXCLK_MASK;
	assert_true(ref && post);
	assert_int_equal(hw->regs[base + PLL_FB_DIV] & FB_FRACTION_MASK, 0);
	/* PLL output = reference x FB_DIV / (REF_DIV x POST_DIV_PIXCLK). */
	out_hz = (uint64_t)fw->ref_clock_khz * 1000u * fb / ((uint64_t)ref * post);
	if (out_hz != (uint64_t)c->khz * 1000u)
		fail_msg("%u kHz: PLL1 ref %u fb %u post %u gives %llu Hz", c->khz, ref, fb, post,
			 (unsigned long long)out_hz);
	/* The VCO stays in FirmwareInfo's PPLL output range. */
	assert_in_range((uint64_t)fw->ref_clock_khz * fb / ref, fw->ppll_min_output_khz,
			fw->ppll_max_output_khz);
	/* Running, not held in reset or powered down. */
	assert_int_equal(hw->regs[base + PLL_CNTL] & (PLL_CNTL_RESET | PLL_CNTL_POWER_DOWN), 0);
	/* The other PLLs' dividers are untouched. */
	for (unsigned r = 0; r < 3; r++) {
		assert_int_equal(hw->regs[PLL0_BASE + r], 0);
		assert_int_equal(hw->regs[PLL0_BASE + 2 * PLL_STRIDE + r], 0);
	}
	free(hw);
}

static void test_set_pixel_clock(void **state)
{
	/* 48 MHz / 4 = 12 MHz at the phase detector, VCO 600..1200 MHz. */
	static const struct case_ cases[] = {
		{ 74250, 4, 99, 16 }, { 148500, 4, 99, 8 }, { 297000, 4, 99, 4 },
		{ 162000, 4, 54, 4 }, { 27000, 4, 54, 24 },
	};
	struct dc_bios_firmware_info fw;
	struct dc_bios_error err;
	struct dc_bios_table t;
	struct dc_bios *b = load();

	(void)state;
	assert_int_equal(dc_bios_firmware_info(b, &fw, &err), 0);
	/* The parameter layouts used above are those of these revisions. */
	assert_int_equal(dc_bios_cmd_table(b, DC_BIOS_CMD_SET_PIXEL_CLOCK, &t), 0);
	assert_int_equal(t.format_rev * 10 + t.content_rev, 16);
	assert_int_equal(dc_bios_cmd_table(b, DC_BIOS_CMD_ADJUST_DISPLAY_PLL, &t), 0);
	assert_int_equal(t.format_rev * 10 + t.content_rev, 13);
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++)
		run_case(b, &fw, &cases[i]);
	dc_bios_destroy(b);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_set_pixel_clock),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
