/*
 * Register map of the DCE 11.0 (Carrizo, Stoney) and DCE 10.0 (Tonga, Fiji)
 * display engine blocks that dcd programs and that sim/ models.
 *
 * The one place that defines register numbers: dc/ and sim/ both include it.
 * The blocks live in dce110_regs_crtc_dcp.h, dce110_regs_dig.h,
 * dce110_regs_hpd_ddc_aux.h and dce110_regs_scl.h, which this header
 * includes (only include this one); the offset tables are here.
 * Offsets are dword offsets (the mmFOO numbers of the public AMD register
 * headers, not byte offsets) and every field comes as REG__FIELD_MASK and
 * REG__FIELD__SHIFT so that DC_FIELD_GET/SET (dc_hw.h) work. Names are kept
 * exactly as in the public headers drivers/gpu/drm/amd/include/asic_reg/dce/
 * dce_11_0_d.h, dce_11_0_sh_mask.h and dce_10_0_d.h (Linux kernel), so any
 * value here can be cross-checked there. Only the registers of the modelled
 * blocks are listed.
 *
 * Per-instance blocks: the generic name (mmCRTC_CONTROL, mmDC_HPD_INT_STATUS,
 * ...) is the address of instance 0; instance n is at generic + the n-th entry
 * of the block's offset table below (dce110_crtc_offsets[] etc.).
 *
 * DCE 11.0 versus DCE 10.0 (and 11.2), for what is listed here:
 *  - Addresses are the same in all three headers; some registers and
 *    fields exist only in some generations or sit at other bits:
 *    dce110_regs_gen.h lists them and gives, per generation, the register
 *    or field dc and sim use instead (tests/regs checks every name here
 *    against the public headers, and dc's writes on DCE 10 profiles).
 *  - DCE 10.0 has a seventh pipe (CRTC6/DCP6, offset 0x2c00); DCE 11.0 has
 *    six. The ASIC profile decides how many instances exist (Carrizo 3
 *    timing generators, Stoney 2, Tonga and Fiji 6), not this header.
 *  - DCE 11.0 has DIG0..8 (nine instances); the Tonga/Fiji profile uses
 *    DIG0..6.
 *  - Both name the hot-plug blocks DC_HPD_* with instances HPD0..5 at
 *    0x1898 + 8n (what is called DC_HPD1..6 elsewhere is HPD0..5 here).
 *  - PHYPLL_PIXCLK_CNTL, SYMCLKG_CLOCK_ENABLE and the DCFEV (underlay)
 *    registers exist only in DCE 11.0 and are not used by dcd.
 *  - HDMI_CONTROL.HDMI_DATA_SCRAMBLE_EN exists in DCE 11.0 and 11.2 only;
 *    the simulator models scrambling where the profile's generation has it.
 *
 * Pixel clocks: the display PLLs are programmed by the video BIOS's
 * SetPixelClock (dc/core/bios_clock.c), as the real driver does; their
 * public registers (BPHYC_PLLn on DCE 10/11.0, DC_DISPLAYPLLREGSn on
 * DCE 11.2) are in dce110_regs_pll.h, which only the clock readers and the
 * simulator include. Pipe power gating (PIPEn_PG_*) is in dce110_regs_pg.h.
 */
#ifndef DCE110_REGS_H
#define DCE110_REGS_H

#include <stdint.h>

#if defined(__GNUC__)
#define DCE110_MAYBE_UNUSED __attribute__((unused))
#else
#define DCE110_MAYBE_UNUSED
#endif

// clang-format off

/* ---- Instance offset tables (add to the generic register number) ------- */

/* CRTC, DCP (GRPH, CUR), LB, SCL and FMT of pipe n: 0..5 (DCE 11.0), 0..6 (DCE 10.0) */
static const uint32_t dce110_crtc_offsets[] DCE110_MAYBE_UNUSED = {
	0x0000, 0x0200, 0x0400, 0x2600, 0x2800, 0x2a00, 0x2c00,
};
/* DIG (FE, BE, HDMI, AFMT, TMDS) and DP blocks of encoder n */
static const uint32_t dce110_dig_offsets[] DCE110_MAYBE_UNUSED = {
	0x000, 0x100, 0x200, 0x300, 0x400, 0x500, 0xa00, 0xc00, 0xd00,
};
/* BPHYC_UNIPHYn_* of UNIPHY transmitter n (A..G) on DCE 10.0 and 11.0 */
static const uint32_t dce110_uniphy_offsets[] DCE110_MAYBE_UNUSED = {
	0x00, 0x20, 0x40, 0x60, 0x80, 0xa0, 0xc0,
};
/* DC_HPD_* of hot-plug line n (HPD0..5) */
static const uint32_t dce110_hpd_offsets[] DCE110_MAYBE_UNUSED = {
	0x00, 0x08, 0x10, 0x18, 0x20, 0x28,
};
/* AUX_* of DP_AUX0..5 */
static const uint32_t dce110_aux_offsets[] DCE110_MAYBE_UNUSED = {
	0x00, 0x1c, 0x38, 0x54, 0x70, 0x8c,
};
/* DC_I2C_DDCn_SPEED / DC_I2C_DDCn_SETUP of DDC line n (DDC1..6 = index 0..5) */
static const uint32_t dce110_ddc_offsets[] DCE110_MAYBE_UNUSED = {
	0x0, 0x2, 0x4, 0x6, 0x8, 0xa,
};
/* CRTCn_PIXEL_RATE_CNTL, DP_DTOn_PHASE, DP_DTOn_MODULO of CRTC n */
static const uint32_t dce110_pixclk_offsets[] DCE110_MAYBE_UNUSED = {
	0x00, 0x04, 0x08, 0x0c, 0x10, 0x14,
};
/* DISP_INTERRUPT_STATUS register that summarises display n (see below) */
static const uint32_t dce110_disp_int_status_offsets[] DCE110_MAYBE_UNUSED = {
	0x0, 0x1, 0x2, 0x3, 0x4, 0x5,
};

#define DCE110_MAX_PIPES 7
#define DCE110_MAX_DIGS  9
#define DCE110_MAX_HPDS  6
#define DCE110_MAX_AUXES 6
#define DCE110_MAX_DDCS  6
#define DCE110_MAX_UNIPHYS 7

// clang-format on

/* The blocks, in parts to keep files small (include only this header). */
#include "dce110_regs_crtc_dcp.h"
#include "dce110_regs_dig.h"
#include "dce110_regs_hpd_ddc_aux.h"
#include "dce110_regs_scl.h"
/* DMIF buffers, watermarks, the memory hub's DMIF limit (pipe setup). */
#include "dce110_regs_dmif.h"
/* Pipe power gating (EnableDispPowerGating's registers). */
#include "dce110_regs_pg.h"
/* BIOS_SCRATCH_7: whether ASIC_Init posted the GPU. */
#include "dce110_regs_bif.h"
/* What differs between DCE 10.0, 11.0 and 11.2, as one row per generation. */
#include "dce110_regs_gen.h"

/* DxVGA_CONTROL of pipe n: 0..5 (no VGA on DCE 10's seventh pipe) */
static const uint32_t dce110_vga_control[] DCE110_MAYBE_UNUSED = {
	mmD1VGA_CONTROL, mmD2VGA_CONTROL, mmD3VGA_CONTROL,
	mmD4VGA_CONTROL, mmD5VGA_CONTROL, mmD6VGA_CONTROL,
};
#define DCE110_VGA_PIPES 6

#endif
