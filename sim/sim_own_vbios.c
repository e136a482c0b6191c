/*
 * The video BIOS image of our own that the simulator serves for Tonga,
 * Fiji and Polaris, which have no public image (docs/bios.md, "Our own
 * image"). Written by this project from the public AtomBIOS structure
 * definitions (atombios.h, atom.h): the ROM and ATOM headers, the master
 * command and data lists, FirmwareInfo 2.2 with the scenario's reference
 * clock, DP reference (as the default DISPCLK), PPLL range and the
 * DENTIST's VCO, and these command tables in ATOM bytecode:
 *
 *  - AdjustDisplayPll 1.3: the pixel clock comes back unchanged, with no
 *    reference or post divider asked for.
 *  - UNIPHYTransmitterControl 1.5 on DCE 10 (the DP PHY: enable at a
 *    rate, drive levels, disable, on the UNIPHY registers AMD's Carrizo
 *    table programs) and 1.6 on DCE 11.2, whose header names those
 *    registers only as reserved (the transmitter's link enable alone).
 *  - EnableCRTC 1.1: a CRTC started or stopped with its pipe's front-end
 *    clock (what AMD's Carrizo and Stoney tables do, docs/bios.md).
 *  - EnableDispPowerGating 2.1: a pipe gated, or un-gated once its
 *    power-gating state machine reads on.
 *  - SetCRTC_UsingDTDTiming 2.3: a CRTC's timing registers from the
 *    mode's sizes, blanking and syncs, as dce110_tg.c maps them.
 *  - SetPixelClock in the revision the public driver uses on that DCE:
 *    1.6 on DCE 10 (dcd's dividers, written to BPHYC_PLLn as on DCE 11.0)
 *    and 1.7 on DCE 11.2 (a clock only: the table picks the post divider
 *    and the frequency control word of DC_DISPLAYPLLREGSn). Either way it
 *    holds the PLL off while it changes, waits for the PLL to report
 *    ready, then selects it in CRTCn_PIXEL_RATE_CNTL (source, DP DTO off);
 *    a clock of 0 turns the PLL off. With the DFS as the PLL (ATOM_EXT_PLL1,
 *    DCE 10) it sets DISPCLK instead, as SetDCEClock 2.1 does on DCE 11.2:
 *    the lowest DENTIST step at or above the clock, from the 3.6 GHz VCO
 *    FirmwareInfo's GPU PLL output gives.
 *
 * What the registers mean is in sim_ppll.c; the DCE 11.2 reading of the
 * PLL's fields is ours (docs/sim.md).
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "atom_image.h"
#include "dc_bios.h"
#include "dce110_regs_pll.h"
#include "sim_internal.h"
#include "sim_json.h"
#include "sim_scenario.h"

#define IMAGE_SIZE 4096u
#define FWI_SIZE   96u

/* ATOM opcodes (atom.h numbering): the first of each destination group. */
enum {
	MOVE = 1,
	AND = 7,
	OR = 13,
	SHIFT_LEFT = 19,
	SHIFT_RIGHT = 25,
	MUL = 31,
	DIV = 37,
	ADD = 43,
	SUB = 49,
	COMPARE = 60,
	SWITCH = 66,
	JUMP = 67,
	TEST = 74,
	DELAY_US = 81,
	EOT = 91,
	MASK = 92,
};
enum {
	D_REG = 0,
	D_PS = 1,
	D_WS = 2
}; /* destination kinds: opcode + kind */
enum {
	K_REG = 0,
	K_PS = 1,
	K_WS = 2,
	K_IMM = 5
}; /* source kinds */
enum {
	A_DW = 0,
	A_W0 = 1,
	A_B0 = 4,
	A_B8 = 5,
	A_B16 = 6,
	A_B24 = 7
};
enum {
	J_ALWAYS = 0,
	J_EQUAL = 1,
	J_BELOW = 2,
	J_ABOVE = 3,
	J_BELOW_OR_EQUAL = 4,
	J_ABOVE_OR_EQUAL = 5,
	J_NOT_EQUAL = 6
};
#define ATTR(kind, align) ((uint8_t)((kind) | (align) << 3))
#define WS_QUOTIENT	  0x40
#define WS_REMAINDER	  0x41
#define WS_REG_BLOCK	  0x48 /* writing it sets the register block */
#define CASE		  0x63
#define CASE_END	  0x5a5a

/* atombios.h */
#define ATOM_PPLL1		0
#define ATOM_PPLL2		1
#define ATOM_PPLL0		2
#define ATOM_CRTC_INVALID	0xff
#define ATOM_EXT_PLL1		8 /* SetPixelClock's PLL id of the DFS (DISPCLK) */
#define DCE_CLOCK_TYPE_DISPCLK	0
#define DCE_CLOCK_TYPE_DPREFCLK 1
#define ATOM_DISABLE		0
#define ATOM_ENABLE		1

/* Workspace dwords the tables use. */
enum {
	W_PLL,
	W_CRTC,
	W_CLOCK,
	W_A,
	W_B,
	W_C,
	W_COUNT
};

/* OP reg, imm32 */
static void reg_imm(struct atom_table *t, uint8_t op, uint16_t reg, uint32_t imm)
{
	atom_table_u8(t, op + D_REG);
	atom_table_u8(t, ATTR(K_IMM, A_DW));
	atom_table_u16(t, reg);
	atom_table_u32(t, imm);
}

/* OP reg, ws (dword) */
static void reg_ws(struct atom_table *t, uint8_t op, uint16_t reg, uint8_t ws)
{
	atom_table_u8(t, op + D_REG);
	atom_table_u8(t, ATTR(K_WS, A_DW));
	atom_table_u16(t, reg);
	atom_table_u8(t, ws);
}

/* OP ws, imm32 */
static void ws_imm(struct atom_table *t, uint8_t op, uint8_t ws, uint32_t imm)
{
	atom_table_u8(t, op + D_WS);
	atom_table_u8(t, ATTR(K_IMM, A_DW));
	atom_table_u8(t, ws);
	atom_table_u32(t, imm);
}

/* OP ws, src (a PS or WS field of the given alignment; the destination is a dword) */
static void ws_src(struct atom_table *t, uint8_t op, uint8_t ws, uint8_t kind, uint8_t align,
		   uint8_t src)
{
	/* destination select 3 with a word source, 0 with a byte source (into a zeroed dword) */
	uint8_t sel = align == A_DW ? 0 : align <= 3 ? 3 : 0;

	atom_table_u8(t, op + D_WS);
	atom_table_u8(t, (uint8_t)(ATTR(kind, align) | sel << 6));
	atom_table_u8(t, ws);
	atom_table_u8(t, src);
}

static void shift(struct atom_table *t, uint8_t op, uint8_t ws, uint8_t count)
{
	atom_table_u8(t, op + D_WS);
	atom_table_u8(t, ATTR(0, A_DW));
	atom_table_u8(t, ws);
	atom_table_u8(t, count);
}

static void shift_left(struct atom_table *t, uint8_t ws, uint8_t count)
{
	atom_table_u8(t, SHIFT_LEFT + D_WS);
	atom_table_u8(t, ATTR(0, A_DW));
	atom_table_u8(t, ws);
	atom_table_u8(t, count);
}

/* JUMP cond, returns where its target goes (patch()). */
static size_t jump(struct atom_table *t, unsigned cond)
{
	atom_table_u8(t, JUMP + cond);
	atom_table_u16(t, 0);
	return t->n - 2;
}

/*
 * SWITCH on a parameter byte (dword ps, the alignment attr selects): a
 * case per value whose target the caller patches (cases[i]); any other
 * value ends the table.
 */
static void switch_cases(struct atom_table *t, uint8_t attr, uint8_t ps, const uint8_t *values,
			 unsigned n, size_t *cases)
{
	atom_table_u8(t, SWITCH);
	atom_table_u8(t, attr);
	atom_table_u8(t, ps);
	for (unsigned i = 0; i < n; i++) {
		atom_table_u8(t, CASE);
		atom_table_u8(t, values[i]);
		atom_table_u16(t, 0);
		cases[i] = t->n - 2;
	}
	atom_table_u16(t, CASE_END);
	atom_table_u8(t, EOT);
}

/*
 * W_PLL = the register block index of the ATOM PLL id in PS dword ps, byte
 * 0 (PPLL0, PPLL1, PPLL2: BPHYC_PLL0..2 / DC_DISPLAYPLLREGS0..2), and the
 * register block set to it; an id that is no display PLL ends the table.
 */
static void select_pll(struct atom_table *t, uint8_t ps)
{
	static const uint8_t ids[] = { ATOM_PPLL0, ATOM_PPLL1, ATOM_PPLL2 };
	size_t cases[3], done[3];

	switch_cases(t, ATTR(K_PS, A_B0), ps, ids, 3, cases);
	for (unsigned i = 0; i < 3; i++) {
		atom_table_patch(t, cases[i]);
		ws_imm(t, MOVE, W_PLL, i);
		done[i] = jump(t, J_ALWAYS);
	}
	for (unsigned i = 0; i < 3; i++)
		atom_table_patch(t, done[i]);
	ws_imm(t, MUL, W_PLL, DCE110_PPLL_STRIDE);
	ws_src(t, MOVE, WS_REG_BLOCK, K_WS, A_DW, WS_QUOTIENT);
}

/* Polls reg (in the current block) until mask reads set (or clear), 10 us apart (dc bounds the
 * run). */
static void wait_bits(struct atom_table *t, uint16_t reg, uint32_t mask, bool set)
{
	size_t again = t->n, done;

	reg_imm(t, TEST, reg, mask);
	done = jump(t, set ? J_NOT_EQUAL : J_EQUAL);
	atom_table_u8(t, DELAY_US);
	atom_table_u8(t, 10);
	t->b[jump(t, J_ALWAYS)] = (uint8_t)again;
	t->b[t->n - 1] = (uint8_t)(again >> 8);
	atom_table_patch(t, done);
}

/* CRTCn_PIXEL_RATE_CNTL of the ATOM CRTC id in PS (ps, align): source W_PLL, DP DTO off. */
static void route_crtc(struct atom_table *t, uint8_t ps, uint8_t align)
{
	size_t none;

	ws_src(t, MOVE, W_CRTC, K_PS, align, ps);
	ws_imm(t, COMPARE, W_CRTC, ATOM_CRTC_INVALID);
	none = jump(t, J_EQUAL);
	ws_imm(t, MUL, W_CRTC, mmCRTC1_PIXEL_RATE_CNTL - mmCRTC0_PIXEL_RATE_CNTL);
	ws_src(t, MOVE, WS_REG_BLOCK, K_WS, A_DW, WS_QUOTIENT);
	atom_table_u8(t, MASK + D_REG);
	atom_table_u8(t, ATTR(K_WS, A_DW));
	atom_table_u16(t, mmCRTC0_PIXEL_RATE_CNTL);
	atom_table_u32(t, ~(uint32_t)(CRTC0_PIXEL_RATE_CNTL__CRTC0_PIXEL_RATE_SOURCE_MASK |
				      CRTC0_PIXEL_RATE_CNTL__DP_DTO0_ENABLE_MASK));
	atom_table_u8(t, W_PLL);
	atom_table_patch(t, none);
}

/*
 * DISPCLK from the DENTIST (DENTIST_DISPCLK_CNTL): the clock asked for in
 * PS dword 0 (10 kHz) becomes the largest divider, in quarters, whose clock
 * is still at least that: q = VCO x 4 / clock, within 2..62 and rounded
 * down to its range's step (0.25 below 16, 0.5 below 32, 1 above), its
 * divider ID written to DENTIST_DISPCLK_WDIVIDER; the table then waits for
 * DENTIST_DISPCLK_CHG_DONE and answers the clock it set in PS dword 0.
 * A clock of 0 asks for the slowest.
 */
static void dentist_dispclk(struct atom_table *t, uint32_t vco_khz)
{
	const uint32_t vco4 = vco_khz / 10 * 4;
	size_t zero, clamp_low, clamp_high, range1, range2, done;

	ws_imm(t, MOVE, WS_REG_BLOCK, 0);
	ws_src(t, MOVE, W_CLOCK, K_PS, A_DW, 0);
	ws_imm(t, MOVE, W_A, 248);
	ws_imm(t, COMPARE, W_CLOCK, 0);
	zero = jump(t, J_EQUAL);
	ws_imm(t, MOVE, W_A, vco4);
	ws_src(t, DIV, W_A, K_WS, A_DW, W_CLOCK);
	ws_src(t, MOVE, W_A, K_WS, A_DW, WS_QUOTIENT);
	atom_table_patch(t, zero);
	/* q within 8..248 */
	ws_imm(t, COMPARE, W_A, 8);
	clamp_low = jump(t, J_ABOVE_OR_EQUAL);
	ws_imm(t, MOVE, W_A, 8);
	atom_table_patch(t, clamp_low);
	ws_imm(t, COMPARE, W_A, 248);
	clamp_high = jump(t, J_BELOW_OR_EQUAL);
	ws_imm(t, MOVE, W_A, 248);
	atom_table_patch(t, clamp_high);
	/* below 16 (q < 64): quarters, DID = q */
	ws_src(t, MOVE, W_B, K_WS, A_DW, W_A);
	ws_imm(t, COMPARE, W_A, 64);
	range1 = jump(t, J_BELOW);
	ws_imm(t, COMPARE, W_A, 128);
	range2 = jump(t, J_BELOW);
	/* from 32: whole steps, DID = q / 4 + 64 */
	ws_imm(t, AND, W_A, ~3u);
	ws_src(t, MOVE, W_B, K_WS, A_DW, W_A);
	shift(t, SHIFT_RIGHT, W_B, 2);
	ws_imm(t, ADD, W_B, 64);
	done = jump(t, J_ALWAYS);
	/* 16 to 32: halves, DID = q / 2 + 32 */
	atom_table_patch(t, range2);
	ws_imm(t, AND, W_A, ~1u);
	ws_src(t, MOVE, W_B, K_WS, A_DW, W_A);
	shift(t, SHIFT_RIGHT, W_B, 1);
	ws_imm(t, ADD, W_B, 32);
	atom_table_patch(t, range1);
	atom_table_patch(t, done);
	atom_table_u8(t, MASK + D_REG);
	atom_table_u8(t, ATTR(K_WS, A_DW));
	atom_table_u16(t, mmDENTIST_DISPCLK_CNTL);
	atom_table_u32(t, ~(uint32_t)DENTIST_DISPCLK_CNTL__DENTIST_DISPCLK_WDIVIDER_MASK);
	atom_table_u8(t, W_B);
	wait_bits(t, mmDENTIST_DISPCLK_CNTL, DENTIST_DISPCLK_CNTL__DENTIST_DISPCLK_CHG_DONE_MASK,
		  true);
	/* the clock set, in 10 kHz: VCO x 4 / q */
	ws_imm(t, MOVE, W_C, vco4);
	ws_src(t, DIV, W_C, K_WS, A_DW, W_A);
	atom_table_u8(t, MOVE + D_PS);
	atom_table_u8(t, ATTR(K_WS, A_DW));
	atom_table_u8(t, 0);
	atom_table_u8(t, WS_QUOTIENT);
}

/*
 * SetPixelClock 1.6 (PIXEL_CLOCK_PARAMETERS_V6): dword 0 the clock in
 * 10 kHz (bits 0..23) and the CRTC (24..31), dword 1 the feedback (word 0),
 * post (byte 2) and reference (byte 3) dividers, dword 2 the PLL (byte 0).
 */
static void set_pixel_clock_v6(struct atom_table *t, uint32_t vco_khz)
{
	size_t off, dfs;

	atom_table_begin(t, 6, W_COUNT, 16);
	/* the DFS: DISPCLK (the clock a whole dword) */
	ws_src(t, MOVE, W_PLL, K_PS, A_B0, 2);
	ws_imm(t, COMPARE, W_PLL, ATOM_EXT_PLL1);
	dfs = jump(t, J_EQUAL);
	select_pll(t, 2);
	ws_src(t, MOVE, W_CLOCK, K_PS, A_DW, 0);
	ws_imm(t, AND, W_CLOCK, 0xffffff);
	ws_imm(t, COMPARE, W_CLOCK, 0);
	off = jump(t, J_EQUAL);
	reg_imm(t, MOVE, mmBPHYC_PLL0_PLL_CNTL, PLL_CNTL__PLL_RESET_MASK);
	ws_src(t, MOVE, W_A, K_PS, A_B24, 1);
	reg_ws(t, MOVE, mmBPHYC_PLL0_PLL_REF_DIV, W_A);
	ws_src(t, MOVE, W_B, K_PS, A_W0, 1);
	shift_left(t, W_B, PLL_FB_DIV__PLL_FB_DIV__SHIFT);
	reg_ws(t, MOVE, mmBPHYC_PLL0_PLL_FB_DIV, W_B);
	ws_src(t, MOVE, W_C, K_PS, A_B16, 1);
	reg_ws(t, MOVE, mmBPHYC_PLL0_PLL_POST_DIV, W_C);
	reg_imm(t, MOVE, mmBPHYC_PLL0_PLL_CNTL, 0);
	wait_bits(t, mmBPHYC_PLL0_PLL_CNTL, PLL_CNTL__PLL_LOCKED_MASK, true);
	route_crtc(t, 0, A_B24);
	atom_table_u8(t, EOT);
	atom_table_patch(t, off);
	reg_imm(t, MOVE, mmBPHYC_PLL0_PLL_CNTL,
		PLL_CNTL__PLL_RESET_MASK | PLL_CNTL__PLL_POWER_DOWN_MASK);
	atom_table_u8(t, EOT);
	atom_table_patch(t, dfs);
	dentist_dispclk(t, vco_khz);
	atom_table_u8(t, EOT);
	atom_table_end(t);
}

/*
 * SetDCEClock 2.1 (SET_DCE_CLOCK_PARAMETERS_V2_1) on DCE 11.2: dword 0 the
 * clock in 10 kHz, byte 4 the clock type. DISPCLK comes from the DENTIST
 * as above; DPREFCLK stays the boot clock (the public driver asks the
 * table to choose it, with 0) and is answered in dword 0; other types end
 * the table.
 */
static void set_dce_clock_v1(struct atom_table *t, uint32_t vco_khz, uint32_t dpref_khz)
{
	static const uint8_t types[] = { DCE_CLOCK_TYPE_DISPCLK, DCE_CLOCK_TYPE_DPREFCLK };
	size_t cases[2];

	atom_table_begin(t, 1, W_COUNT, 8);
	t->b[2] = 2; /* format revision 2 */
	switch_cases(t, ATTR(K_PS, A_B0), 1, types, 2, cases);
	atom_table_patch(t, cases[0]);
	dentist_dispclk(t, vco_khz);
	atom_table_u8(t, EOT);
	atom_table_patch(t, cases[1]);
	atom_table_u8(t, MOVE + D_PS);
	atom_table_u8(t, ATTR(K_IMM, A_DW));
	atom_table_u8(t, 0);
	atom_table_u32(t, dpref_khz / 10);
	atom_table_u8(t, EOT);
	atom_table_end(t);
}

/*
 * SetPixelClock 1.7 (PIXEL_CLOCK_PARAMETERS_V7): dword 0 the clock in
 * 100 Hz, dword 1 the PLL (byte 0), dword 2 the CRTC (byte 0). The table
 * takes the smallest post divider (1..15) that puts the VCO at or above
 * the PPLL minimum, and the frequency control word VCO / reference as
 * integer and fraction over a denominator of (reference / scale) kHz.
 */
static void set_pixel_clock_v7(struct atom_table *t, uint32_t ref_khz, uint32_t vco_min_khz)
{
	uint32_t scale = 1;
	size_t off, bad;

	while (ref_khz / scale > 0xffff)
		scale *= 10;
	atom_table_begin(t, 7, W_COUNT, 16);
	select_pll(t, 1);
	ws_src(t, MOVE, W_CLOCK, K_PS, A_DW, 0);
	ws_imm(t, COMPARE, W_CLOCK, 0);
	off = jump(t, J_EQUAL);
	ws_imm(t, DIV, W_CLOCK, 10); /* kHz */
	ws_src(t, MOVE, W_CLOCK, K_WS, A_DW, WS_QUOTIENT);
	/* post = ceil(vco_min / clock) */
	ws_imm(t, MOVE, W_C, vco_min_khz - 1);
	ws_src(t, ADD, W_C, K_WS, A_DW, W_CLOCK);
	ws_src(t, DIV, W_C, K_WS, A_DW, W_CLOCK);
	ws_src(t, MOVE, W_C, K_WS, A_DW, WS_QUOTIENT);
	ws_imm(t, COMPARE, W_C,
	       DCE112_PPLL_POSTDIV__reg_tmg_postdiv_MASK >>
		       DCE112_PPLL_POSTDIV__reg_tmg_postdiv__SHIFT);
	bad = jump(t, J_ABOVE);
	/* fcw = clock x post / reference */
	ws_src(t, MUL, W_CLOCK, K_WS, A_DW, W_C);
	ws_src(t, MOVE, W_A, K_WS, A_DW, WS_QUOTIENT);
	ws_imm(t, DIV, W_A, ref_khz);
	ws_src(t, MOVE, W_A, K_WS, A_DW, WS_QUOTIENT);
	ws_src(t, MOVE, W_B, K_WS, A_DW, WS_REMAINDER);
	if (scale > 1) {
		ws_imm(t, DIV, W_B, scale);
		ws_src(t, MOVE, W_B, K_WS, A_DW, WS_QUOTIENT);
	}
	shift_left(t, W_A, DCE112_PPLL_FREQ_CTRL0__reg_tmg_fcw0_int__SHIFT);
	ws_src(t, OR, W_A, K_WS, A_DW, W_B);
	shift_left(t, W_C, DCE112_PPLL_POSTDIV__reg_tmg_postdiv__SHIFT);
	reg_imm(t, MOVE, DCE112_mmDC_DISPLAYPLLREGS0_PPLL_MODE_CNTL, 0);
	reg_ws(t, MOVE, DCE112_mmDC_DISPLAYPLLREGS0_PPLL_FREQ_CTRL0, W_A);
	reg_imm(t, MOVE, DCE112_mmDC_DISPLAYPLLREGS0_PPLL_FREQ_CTRL2, ref_khz / scale);
	reg_imm(t, MOVE, DCE112_mmDC_DISPLAYPLLREGS0_PPLL_FREQ_CTRL3,
		DCE112_PPLL_FREQ_CTRL3__reg_tmg_fracn_en_MASK);
	reg_ws(t, MOVE, DCE112_mmDC_DISPLAYPLLREGS0_PPLL_POSTDIV, W_C);
	reg_imm(t, MOVE, DCE112_mmDC_DISPLAYPLLREGS0_PPLL_MODE_CNTL,
		1u << DCE112_PPLL_MODE_CNTL__reg_tmg_pwr_state__SHIFT);
	wait_bits(t, DCE112_mmDC_DISPLAYPLLREGS0_PPLL_UPDATE_CNTL,
		  DCE112_PPLL_UPDATE_CNTL__pc_pw_pll_rdy_MASK, true);
	route_crtc(t, 2, A_B0);
	atom_table_u8(t, EOT);
	atom_table_patch(t, off);
	atom_table_patch(t, bad);
	reg_imm(t, MOVE, DCE112_mmDC_DISPLAYPLLREGS0_PPLL_MODE_CNTL, 0);
	atom_table_u8(t, EOT);
	atom_table_end(t);
}

/* atombios.h: UNIPHYTransmitterControl actions */
#define ATOM_TRANSMITTER_ACTION_DISABLE	     0
#define ATOM_TRANSMITTER_ACTION_ENABLE	     1
#define ATOM_TRANSMITTER_ACTION_SETUP_VSEMPH 11

/*
 * UNIPHYTransmitterControl 1.5 (DIG_TRANSMITTER_CONTROL_PARAMETERS_V1_5) on
 * DCE 10: dword 0 the symbol clock in 10 kHz (word 0), the PHY (byte 2)
 * and the action (byte 3); dword 2 byte 1 the DPCD lane setting. It
 * programs the UNIPHY macro of the PHY (BPHYC_UNIPHYn, the registers
 * AMD's Carrizo table programs, with our reading of their fields, docs/
 * sim.md "The DP PHY"):
 *  - ENABLE: UNIPHY_PLL_CONTROL2.UNIPHY_PDIVFRAC_SEL, the feedback divider
 *    (integer and 14-bit fraction) = clock x 2.5 / 100 MHz, i.e. the
 *    register = clock (10 kHz) x 4096 / 25, then UNIPHY_PLL_ENABLE and
 *    drive level 0 on every lane;
 *  - SETUP_VSEMPH: UNIPHY_TX_VS0..3 = swing, UNIPHY_PREMPH_STR0..3 =
 *    pre-emphasis of the lane setting, every lane alike;
 *  - DISABLE: the PLL off.
 * The DIG side (mode, lanes) is Display Core's.
 */
static void transmitter_control_v5(struct atom_table *t)
{
	size_t cases[3], done[3];

	atom_table_begin(t, 5, W_COUNT, 12);
	/* the PHY's register block: BPHYC_UNIPHYn = + 0x20 n */
	ws_src(t, MOVE, W_PLL, K_PS, A_B16, 0);
	ws_imm(t, MUL, W_PLL, 0x20);
	ws_src(t, MOVE, WS_REG_BLOCK, K_WS, A_DW, WS_QUOTIENT);
	static const uint8_t actions[] = { ATOM_TRANSMITTER_ACTION_ENABLE,
					   ATOM_TRANSMITTER_ACTION_SETUP_VSEMPH,
					   ATOM_TRANSMITTER_ACTION_DISABLE };
	switch_cases(t, ATTR(K_PS, A_B24), 0, actions, 3, cases);
	/* ENABLE */
	atom_table_patch(t, cases[0]);
	reg_imm(t, MOVE, mmUNIPHY_PLL_CONTROL1, 0);
	ws_src(t, MOVE, W_CLOCK, K_PS, A_W0, 0);
	ws_imm(t, MUL, W_CLOCK, 4096);
	ws_src(t, MOVE, W_CLOCK, K_WS, A_DW, WS_QUOTIENT);
	ws_imm(t, DIV, W_CLOCK, 25);
	reg_imm(t, MOVE, mmUNIPHY_PLL_CONTROL2, UNIPHY_PLL_CONTROL2__UNIPHY_PDIVFRAC_SEL_MASK);
	reg_ws(t, MOVE, mmUNIPHY_PLL_FBDIV, WS_QUOTIENT);
	reg_imm(t, MOVE, mmUNIPHY_TX_CONTROL1, 0);
	reg_imm(t, MOVE, mmUNIPHY_PLL_CONTROL1, UNIPHY_PLL_CONTROL1__UNIPHY_PLL_ENABLE_MASK);
	done[0] = jump(t, J_ALWAYS);
	/* SETUP_VSEMPH: swing x (one per TX_VSn), pre-emphasis x (one per PREMPH_STRn) */
	atom_table_patch(t, cases[1]);
	ws_src(t, MOVE, W_A, K_PS, A_B8, 2);
	ws_src(t, MOVE, W_B, K_WS, A_DW, W_A);
	ws_imm(t, AND, W_A, 3);
	ws_imm(t, MUL, W_A, 0x05500000);
	ws_src(t, MOVE, W_A, K_WS, A_DW, WS_QUOTIENT);
	shift(t, SHIFT_RIGHT, W_B, 3);
	ws_imm(t, AND, W_B, 3);
	ws_imm(t, MUL, W_B, 0x1111);
	ws_src(t, OR, W_A, K_WS, A_DW, WS_QUOTIENT);
	reg_ws(t, MOVE, mmUNIPHY_TX_CONTROL1, W_A);
	done[1] = jump(t, J_ALWAYS);
	/* DISABLE */
	atom_table_patch(t, cases[2]);
	reg_imm(t, MOVE, mmUNIPHY_PLL_CONTROL1, 0);
	done[2] = jump(t, J_ALWAYS);
	for (unsigned i = 0; i < 3; i++)
		atom_table_patch(t, done[i]);
	atom_table_u8(t, EOT);
	atom_table_end(t);
}

/*
 * UNIPHYTransmitterControl 1.6 (DIG_TRANSMITTER_CONTROL_PARAMETERS_V1_6) on
 * DCE 11.2: the PHY in byte 0, the action in byte 1. DCE 11.2's header
 * names the PHY macro's registers only as reserved, so this table leaves
 * them alone and sets the one public field of the transmitter it can name:
 * ENABLE sets UNIPHYx_CHANNEL_XBAR_CNTL.UNIPHY_LINK_ENABLE, DISABLE clears
 * it, other actions do nothing. It stands where AMD's Polaris images have
 * their own 1.6 table (which the kernel runs for HDMI and DVI), so Display
 * Core takes the same path with both; the simulator has no DCE 11.2 PHY
 * model (docs/bios.md, "Our own image").
 */
static void transmitter_control_v6(struct atom_table *t)
{
	size_t cases[2], done;

	atom_table_begin(t, 6, W_COUNT, 12);
	/* the transmitter's register pair: UNIPHYx_LINK_CNTL, _CHANNEL_XBAR_CNTL = + 2 x */
	ws_src(t, MOVE, W_PLL, K_PS, A_B0, 0);
	ws_imm(t, MUL, W_PLL, 2);
	ws_src(t, MOVE, WS_REG_BLOCK, K_WS, A_DW, WS_QUOTIENT);
	static const uint8_t actions[] = { ATOM_TRANSMITTER_ACTION_ENABLE,
					   ATOM_TRANSMITTER_ACTION_DISABLE };
	switch_cases(t, ATTR(K_PS, A_B8), 0, actions, 2, cases);
	atom_table_patch(t, cases[0]);
	reg_imm(t, OR, mmUNIPHYA_CHANNEL_XBAR_CNTL,
		UNIPHYA_CHANNEL_XBAR_CNTL__UNIPHY_LINK_ENABLE_MASK);
	done = jump(t, J_ALWAYS);
	atom_table_patch(t, cases[1]);
	reg_imm(t, AND, mmUNIPHYA_CHANNEL_XBAR_CNTL,
		~(uint32_t)UNIPHYA_CHANNEL_XBAR_CNTL__UNIPHY_LINK_ENABLE_MASK);
	atom_table_patch(t, done);
	atom_table_u8(t, EOT);
	atom_table_end(t);
}

/*
 * The source attr/idx names (a byte: 0..5) selects the register block
 * offsets[n]; another value ends the table.
 */
static void select_block(struct atom_table *t, uint8_t attr, uint8_t idx, const uint32_t *offsets)
{
	static const uint8_t ids[] = { 0, 1, 2, 3, 4, 5 };
	size_t cases[6], done[6];

	switch_cases(t, attr, idx, ids, 6, cases);
	for (unsigned i = 0; i < 6; i++) {
		atom_table_patch(t, cases[i]);
		ws_imm(t, MOVE, WS_REG_BLOCK, offsets[i]);
		done[i] = jump(t, J_ALWAYS);
	}
	for (unsigned i = 0; i < 6; i++)
		atom_table_patch(t, done[i]);
}

/* The pipe in byte 0 of PS dword ps (ATOM_CRTC1..6 = 0..5) selects its register block. */
static void select_pipe(struct atom_table *t, uint8_t ps, const uint32_t *offsets)
{
	select_block(t, ATTR(K_PS, A_B0), ps, offsets);
}

/*
 * The pipe in PS byte 0 selects the register block offsets[pipe]; then a
 * switch on the action in byte 1, ATOM_ENABLE to act[0] and ATOM_DISABLE
 * to act[1]. Another pipe or action ends the table.
 */
static void pipe_action(struct atom_table *t, const uint32_t *offsets, size_t act[2])
{
	static const uint8_t actions[] = { ATOM_ENABLE, ATOM_DISABLE };

	select_pipe(t, 0, offsets);
	switch_cases(t, ATTR(K_PS, A_B8), 0, actions, 2, act);
}

/* atombios.h: DIGxEncoderControl */
#define ATOM_ENCODER_CMD_SETUP 0x0f
#define ATOM_ENCODER_MODE_DVI  2
#define ATOM_ENCODER_MODE_HDMI 3
/* The TMDS clock channel's 10-bit character: five ones, then five zeros (DVI 1.0). */
#define TMDS_CLOCK_PATTERN     0x1f

/*
 * DIGxEncoderControl 1.4 (DIG_ENCODER_CONTROL_PARAMETERS_V4, DCE 10: the
 * action in byte 3, the front end in bits 4-6 of byte 2, the mode in
 * byte 4) and 1.5 (ENCODER_STREAM_SETUP_PARAMETERS_V5, DCE 11.2: the front
 * end in byte 0, the action in byte 1, the mode in byte 2). SETUP in HDMI
 * or DVI mode sets the front end up for TMDS: RGB at 8 bits per colour
 * (DIG_FE_CNTL's TMDS_PIXEL_ENCODING and TMDS_COLOR_FORMAT cleared; the
 * driver sets its stream's afterwards) and the TMDS clock character in
 * DIG_CLOCK_PATTERN. Other actions and modes end the table. The clock,
 * lanes and depth are not used: the display PLL and the transmitter table
 * carry them.
 */
static void dig_encoder_control(struct atom_table *t, bool v5)
{
	static const uint8_t setup[] = { ATOM_ENCODER_CMD_SETUP };
	static const uint8_t modes[] = { ATOM_ENCODER_MODE_HDMI, ATOM_ENCODER_MODE_DVI };
	size_t act, mode[2];

	atom_table_begin(t, v5 ? 5 : 4, W_COUNT, v5 ? 12 : 8);
	switch_cases(t, ATTR(K_PS, v5 ? A_B8 : A_B24), 0, setup, 1, &act);
	atom_table_patch(t, act);
	switch_cases(t, ATTR(K_PS, v5 ? A_B16 : A_B0), v5 ? 0 : 1, modes, 2, mode);
	atom_table_patch(t, mode[0]);
	atom_table_patch(t, mode[1]);
	if (v5) {
		select_block(t, ATTR(K_PS, A_B0), 0, dce110_dig_offsets);
	} else {
		ws_src(t, MOVE, W_A, K_PS, A_B16, 0);
		shift(t, SHIFT_RIGHT, W_A, 4);
		ws_imm(t, AND, W_A, 7);
		select_block(t, ATTR(K_WS, A_B0), W_A, dce110_dig_offsets);
	}
	reg_imm(t, AND, mmDIG_FE_CNTL,
		~(uint32_t)(DIG_FE_CNTL__TMDS_PIXEL_ENCODING_MASK |
			    DIG_FE_CNTL__TMDS_COLOR_FORMAT_MASK));
	reg_imm(t, MOVE, mmDIG_CLOCK_PATTERN, TMDS_CLOCK_PATTERN);
	atom_table_u8(t, EOT);
	atom_table_end(t);
}

/* ATOM_MODE_MISC_INFO (atombios.h): a sync polarity bit set means active low */
#define ATOM_HSYNC_POLARITY 0x02
#define ATOM_VSYNC_POLARITY 0x04

/*
 * One direction of SetCRTC_UsingDTDTiming: PS dword size holds (active,
 * blanking), dword sync (sync offset, sync width), 16 bits each, low half
 * first; the misc word (dword 4) holds the polarity bit pol. The CRTC's
 * registers as dce110_tg.c maps a timing: TOTAL = active + blanking - 1,
 * SYNC_A = [0, width), BLANK_END = blanking - offset, BLANK_START =
 * BLANK_END + active, SYNC_A_POL = 1 for active low.
 */
static void dtd_axis(struct atom_table *t, uint8_t size, uint8_t sync, uint32_t pol,
		     const uint16_t regs[4])
{
	size_t positive;

	ws_src(t, MOVE, W_A, K_PS, A_DW, size);
	ws_imm(t, AND, W_A, 0xffff);
	ws_src(t, MOVE, W_B, K_PS, A_DW, size);
	shift(t, SHIFT_RIGHT, W_B, 16);
	ws_src(t, MOVE, W_C, K_PS, A_DW, sync);
	ws_imm(t, AND, W_C, 0xffff);
	ws_src(t, MOVE, W_CLOCK, K_PS, A_DW, sync);
	shift(t, SHIFT_RIGHT, W_CLOCK, 16);
	/* TOTAL */
	ws_src(t, MOVE, W_PLL, K_WS, A_DW, W_A);
	ws_src(t, ADD, W_PLL, K_WS, A_DW, W_B);
	ws_imm(t, SUB, W_PLL, 1);
	reg_ws(t, MOVE, regs[0], W_PLL);
	/* SYNC_A: from 0 to the width */
	shift_left(t, W_CLOCK, CRTC_H_SYNC_A__CRTC_H_SYNC_A_END__SHIFT);
	reg_ws(t, MOVE, regs[1], W_CLOCK);
	/* BLANK_START_END */
	ws_src(t, SUB, W_B, K_WS, A_DW, W_C);
	ws_src(t, ADD, W_A, K_WS, A_DW, W_B);
	shift_left(t, W_B, CRTC_H_BLANK_START_END__CRTC_H_BLANK_END__SHIFT);
	ws_src(t, OR, W_A, K_WS, A_DW, W_B);
	reg_ws(t, MOVE, regs[2], W_A);
	/* polarity */
	reg_imm(t, AND, regs[3], ~(uint32_t)CRTC_H_SYNC_A_CNTL__CRTC_H_SYNC_A_POL_MASK);
	ws_src(t, MOVE, W_CRTC, K_PS, A_DW, 4);
	ws_imm(t, AND, W_CRTC, pol);
	ws_imm(t, COMPARE, W_CRTC, 0);
	positive = jump(t, J_EQUAL);
	reg_imm(t, OR, regs[3], CRTC_H_SYNC_A_CNTL__CRTC_H_SYNC_A_POL_MASK);
	atom_table_patch(t, positive);
}

/*
 * SetCRTC_UsingDTDTiming 2.3 (SET_CRTC_USING_DTD_TIMING_PARAMETERS): the
 * CRTC (ATOM_CRTC1 = 0) in byte 20; both directions as dtd_axis says,
 * then interlace off. Borders are not used (dcd asks for none).
 */
static void set_crtc_dtd_timing_v3(struct atom_table *t)
{
	static const uint16_t h[4] = { mmCRTC_H_TOTAL, mmCRTC_H_SYNC_A, mmCRTC_H_BLANK_START_END,
				       mmCRTC_H_SYNC_A_CNTL };
	static const uint16_t v[4] = { mmCRTC_V_TOTAL, mmCRTC_V_SYNC_A, mmCRTC_V_BLANK_START_END,
				       mmCRTC_V_SYNC_A_CNTL };

	atom_table_begin(t, 3, W_COUNT, 24);
	t->b[2] = 2; /* format revision 2 */
	select_pipe(t, 5, dce110_crtc_offsets);
	dtd_axis(t, 0, 2, ATOM_HSYNC_POLARITY, h);
	dtd_axis(t, 1, 3, ATOM_VSYNC_POLARITY, v);
	reg_imm(t, AND, mmCRTC_INTERLACE_CONTROL,
		~(uint32_t)CRTC_INTERLACE_CONTROL__CRTC_INTERLACE_ENABLE_MASK);
	atom_table_u8(t, EOT);
	atom_table_end(t);
}

/*
 * EnableCRTC 1.1 (ENABLE_CRTC_PARAMETERS): the CRTC in byte 0, ATOM_ENABLE
 * or ATOM_DISABLE in byte 1. ENABLE clocks the pipe's front end
 * (DCFE_CLOCK_CONTROL.DCFE_CLOCK_ENABLE), then sets CRTC_MASTER_EN;
 * DISABLE clears CRTC_MASTER_EN, waits for CRTC_CURRENT_MASTER_EN_STATE
 * to clear, then stops the front end's clock. Another CRTC or action ends
 * the table.
 */
static void enable_crtc_v1(struct atom_table *t)
{
	size_t act[2], end;

	atom_table_begin(t, 1, W_COUNT, 4);
	pipe_action(t, dce110_crtc_offsets, act);
	atom_table_patch(t, act[0]);
	reg_imm(t, OR, mmDCFE_CLOCK_CONTROL, DCFE_CLOCK_CONTROL__DCFE_CLOCK_ENABLE_MASK);
	reg_imm(t, OR, mmCRTC_CONTROL, CRTC_CONTROL__CRTC_MASTER_EN_MASK);
	end = jump(t, J_ALWAYS);
	atom_table_patch(t, act[1]);
	reg_imm(t, AND, mmCRTC_CONTROL, ~(uint32_t)CRTC_CONTROL__CRTC_MASTER_EN_MASK);
	wait_bits(t, mmCRTC_CONTROL, CRTC_CONTROL__CRTC_CURRENT_MASTER_EN_STATE_MASK, false);
	reg_imm(t, AND, mmDCFE_CLOCK_CONTROL,
		~(uint32_t)DCFE_CLOCK_CONTROL__DCFE_CLOCK_ENABLE_MASK);
	atom_table_patch(t, end);
	atom_table_u8(t, EOT);
	atom_table_end(t);
}

/*
 * EnableDispPowerGating 2.1 (ENABLE_DISP_POWER_GATING_PARAMETERS_V2_1): the
 * pipe in byte 0 (ATOM_CRTC1..6 = 0..5), the action in byte 1. ATOM_ENABLE
 * gates the pipe (PIPEn_PG_ENABLE.PIPEn_POWER_GATE); ATOM_DISABLE clears
 * that and waits, 10 us apart, for PIPEn_PG_STATUS.PIPEn_PGFSM_PWR_STATUS
 * to read on (0). Another pipe or action (ATOM_INIT among them: these
 * images have no engine init) ends the table.
 */
static void enable_disp_power_gating_v1(struct atom_table *t)
{
	size_t act[2], end;

	atom_table_begin(t, 1, W_COUNT, 4);
	t->b[2] = 2; /* format revision 2 */
	pipe_action(t, dce110_pg_offsets, act);
	atom_table_patch(t, act[0]);
	reg_imm(t, OR, mmPIPE0_PG_ENABLE, PIPE0_PG_ENABLE__PIPE0_POWER_GATE_MASK);
	end = jump(t, J_ALWAYS);
	atom_table_patch(t, act[1]);
	reg_imm(t, AND, mmPIPE0_PG_ENABLE, ~(uint32_t)PIPE0_PG_ENABLE__PIPE0_POWER_GATE_MASK);
	wait_bits(t, mmPIPE0_PG_STATUS, PIPE0_PG_STATUS__PIPE0_PGFSM_PWR_STATUS_MASK, false);
	atom_table_patch(t, end);
	atom_table_u8(t, EOT);
	atom_table_end(t);
}

/*
 * AdjustDisplayPll 1.3: in, the clock in 10 kHz in word 0; out
 * (ADJUST_DISPLAY_PLL_OUTPUT_PARAMETERS_V3), the PLL frequency in 10 kHz
 * in dword 0 and reference and post dividers (0: no constraint) in dword 1.
 */
static void adjust_display_pll(struct atom_table *t)
{
	atom_table_begin(t, 3, W_COUNT, 8);
	ws_src(t, MOVE, W_CLOCK, K_PS, A_W0, 0);
	atom_table_u8(t, MOVE + D_PS);
	atom_table_u8(t, ATTR(K_WS, A_DW));
	atom_table_u8(t, 0);
	atom_table_u8(t, W_CLOCK);
	atom_table_u8(t, MOVE + D_PS);
	atom_table_u8(t, ATTR(K_IMM, A_DW));
	atom_table_u8(t, 1);
	atom_table_u32(t, 0);
	atom_table_u8(t, EOT);
	atom_table_end(t);
}

static void put16(uint8_t *p, uint32_t v)
{
	p[0] = (uint8_t)v;
	p[1] = (uint8_t)(v >> 8);
}

static void put32(uint8_t *p, uint32_t v)
{
	put16(p, v);
	put16(p + 2, v >> 16);
}

static uint16_t pci_device(unsigned asic)
{
	switch (asic) {
	case SIM_ASIC_TONGA:
		return 0x6939;
	case SIM_ASIC_FIJI:
		return 0x7300;
	case SIM_ASIC_POLARIS10:
		return 0x67df;
	case SIM_ASIC_POLARIS11:
		return 0x67ef;
	default:
		return 0x699f;
	}
}

int sim_own_vbios_build(struct sj_ctx *ctx, struct sim_config *cfg)
{
	bool dce112 = cfg->asic >= SIM_ASIC_POLARIS10;
	const struct atom_image_id id = {
		.pci_device = pci_device(cfg->asic),
		.date = "12/04/26 00:00",
		.version = dce112 ? SIM_OWN_VBIOS_DCE112 : SIM_OWN_VBIOS_DCE100,
	};
	uint8_t fwi[FWI_SIZE] = { 0 };
	uint32_t vco_min = dce112 ? SIM_OWN_VBIOS_DCE112_VCO_MIN_KHZ : SIM_OWN_VBIOS_VCO_MIN_KHZ;
	struct atom_table spc, adj, utc, crtc, dce, pg, dtd, dec;
	struct atom_image img;

	if (cfg->ref_khz % 10 || cfg->dpref_khz % 10)
		return sj_fail(ctx, "ref_clock_khz",
			       "%u kHz and dp_ref_clock_khz %u kHz: the simulator's own video "
			       "BIOS image holds them in steps of 10 kHz",
			       cfg->ref_khz, cfg->dpref_khz);
	if (dce112)
		set_pixel_clock_v7(&spc, cfg->ref_khz, vco_min);
	else
		set_pixel_clock_v6(&spc, SIM_OWN_VBIOS_DENTIST_VCO_KHZ);
	if (dce112)
		set_dce_clock_v1(&dce, SIM_OWN_VBIOS_DENTIST_VCO_KHZ, cfg->dpref_khz);
	adjust_display_pll(&adj);
	if (dce112)
		transmitter_control_v6(&utc);
	else
		transmitter_control_v5(&utc);
	enable_crtc_v1(&crtc);
	enable_disp_power_gating_v1(&pg);
	set_crtc_dtd_timing_v3(&dtd);
	dig_encoder_control(&dec, dce112);

	/* ATOM_FIRMWARE_INFO_V2_2: clocks in 10 kHz */
	put16(fwi, FWI_SIZE);
	fwi[2] = 2;
	fwi[3] = 2;
	put32(fwi + 20,
	      SIM_OWN_VBIOS_DENTIST_VCO_KHZ / 10); /* ulGPUPLL_OutputFreq: the DENTIST's VCO */
	put32(fwi + 32, SIM_OWN_VBIOS_VCO_MAX_KHZ / 10);
	put32(fwi + 40, cfg->dpref_khz / 10);
	put32(fwi + 56, vco_min / 10);
	put16(fwi + 74, SIM_OWN_VBIOS_PD_MIN_KHZ / 10);
	put16(fwi + 76, SIM_OWN_VBIOS_PD_MAX_KHZ / 10);
	put16(fwi + 82, cfg->ref_khz / 10);

	atom_image_begin(&img, cfg->vbios, IMAGE_SIZE, &id);
	if (atom_image_add_data(&img, DC_BIOS_DATA_FIRMWARE_INFO, fwi, sizeof(fwi)) < 0 ||
	    atom_image_add_cmd(&img, DC_BIOS_CMD_SET_PIXEL_CLOCK, &spc) < 0 ||
	    atom_image_add_cmd(&img, DC_BIOS_CMD_ADJUST_DISPLAY_PLL, &adj) < 0 ||
	    atom_image_add_cmd(&img, DC_BIOS_CMD_UNIPHY_TRANSMITTER_CONTROL, &utc) < 0 ||
	    atom_image_add_cmd(&img, DC_BIOS_CMD_ENABLE_CRTC, &crtc) < 0 ||
	    atom_image_add_cmd(&img, DC_BIOS_CMD_ENABLE_DISP_POWER_GATING, &pg) < 0 ||
	    atom_image_add_cmd(&img, DC_BIOS_CMD_SET_CRTC_USING_DTD_TIMING, &dtd) < 0 ||
	    atom_image_add_cmd(&img, DC_BIOS_CMD_DIG_ENCODER_CONTROL, &dec) < 0 ||
	    (dce112 && atom_image_add_cmd(&img, DC_BIOS_CMD_SET_DCE_CLOCK, &dce) < 0))
		return sj_fail(ctx, "vbios",
			       "the simulator's own video BIOS: a table overflows or the %u-byte "
			       "image is full",
			       IMAGE_SIZE);
	atom_image_finish(&img);
	cfg->vbios_len = IMAGE_SIZE;
	return 0;
}
