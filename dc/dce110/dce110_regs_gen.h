/*
 * What differs between the display engine generations dcd drives, as data:
 * one row per generation, chosen by ASIC (dc's resource pool, the
 * simulator's profile). Code reads a register or field from the row instead
 * of asking which generation runs; a 0 says "this generation has none".
 *
 * Part of the DCE register map: include dce110_regs.h, not this file. The
 * names below with a DCE100_ / DCE112_ prefix are the public names of the
 * dce_10_0 / dce_11_2 headers where those differ from dce_11_0 (the prefix
 * keeps them apart in C); tests/regs checks them there without the prefix.
 *
 * Registers and fields of the DCE 11.0 map that DCE 10.0 does not have
 * (dce_10_0_d.h / _sh_mask.h), and what dcd does instead:
 *  - AFMT_CNTL (audio clock gate): DCE 10 has no audio clock gate; whether a
 *    stream sends audio is AFMT_AUDIO_PACKET_CONTROL.AFMT_AUDIO_SAMPLE_SEND.
 *  - AUX_CONTROL.AUX_RESET / AUX_RESET_DONE: a stuck AUX engine is reset by
 *    turning AUX_EN off and on.
 *  - HDMI_CONTROL.HDMI_DATA_SCRAMBLE_EN: no HDMI 2.0 scrambling (TMDS stays
 *    at or below 340 MHz; dc's pool limits it to 300 MHz anyway).
 *  - GRPH_FLIP_CONTROL.GRPH_SURFACE_UPDATE_IMMEDIATE_EN (and _PENDING_MODE):
 *    an immediate flip latches at the next horizontal retrace
 *    (GRPH_SURFACE_UPDATE_H_RETRACE_EN).
 *  - CRTC_MASTER_UPDATE_LOCK / _MODE, DCE_VERSION, DIG_VERSION,
 *    GRPH_PIPE_OUTSTANDING_REQUEST_LIMIT, GRPH_ENABLE.GRPH_KEYER_ALPHA_SEL,
 *    DP_VID_TIMING.DP_VID_M_N_DOUBLE_BUFFER_MODE: dc writes none of them.
 *  - CRTC_START_LINE_CONTROL: CRTC_INTERLACE_START_LINE_EARLY, CRTC_PREFETCH_EN
 *    and CRTC_LEGACY_REQUESTOR_EN sit at other bits (below; the row says which).
 * The DIG_FE_CNTL.TMDS_PIXEL_ENCODING field (HDMI 4:2:2) is in both headers
 * at the same bit; TMDS_CNTL has only TMDS_SYNC_PHASE in both.
 *
 * DCE 11.2 (Polaris) against DCE 11.0, for what dc writes: FMT_CONTROL's
 * FMT_PIXEL_ENCODING is two bits (4:2:0 exists) and FMT_SUBSAMPLING_MODE /
 * _ORDER moved up; PIXCLK1/2_RESYNC_CNTL do not exist; wider fields of
 * AFMT_AVI_INFO0/1, LB_MEMORY_CTRL and DC_I2C_TRANSACTION0/DATA hold the same
 * values dc writes.
 *
 * Pipe setup (dce110_regs_dmif.h): DCE 11.2 selects among four watermark
 * sets with three-bit fields and has a 17-bit NB p-state watermark; DCE
 * 10.0 and 11.0 have two-bit selects, and the kernel writes sets 2 (its set
 * A) and 1 (its set D) there, sets 0..3 on DCE 11.2. Only DCE 10.0 limits
 * the memory hub's DMIF read requests while one display runs
 * (MC_HUB_RDREQ_DMIF_LIMIT.ENABLE = 2, as the kernel's dce100 resource
 * does); DISABLE_FLIP_URGENT, which DCE 10.0 lacks, is never written.
 */
#ifndef DCE110_REGS_GEN_H
#define DCE110_REGS_GEN_H

#include <stdbool.h>
#include <stdint.h>

// clang-format off

/* DCE 10.0 positions (dce_10_0_sh_mask.h) */
#define DCE100_CRTC_START_LINE_CONTROL__CRTC_INTERLACE_START_LINE_EARLY_MASK   0x100
#define DCE100_CRTC_START_LINE_CONTROL__CRTC_INTERLACE_START_LINE_EARLY__SHIFT 0x8
#define DCE100_CRTC_START_LINE_CONTROL__CRTC_LEGACY_REQUESTOR_EN_MASK          0x100000
#define DCE100_CRTC_START_LINE_CONTROL__CRTC_LEGACY_REQUESTOR_EN__SHIFT        0x14
#define DCE100_CRTC_START_LINE_CONTROL__CRTC_PREFETCH_EN_MASK                  0x10000000
#define DCE100_CRTC_START_LINE_CONTROL__CRTC_PREFETCH_EN__SHIFT                0x1c

/* DCE 11.2 positions (dce_11_2_sh_mask.h) */
#define DCE112_FMT_CONTROL__FMT_PIXEL_ENCODING_MASK     0x30000
#define DCE112_FMT_CONTROL__FMT_PIXEL_ENCODING__SHIFT   0x10
#define DCE112_FMT_CONTROL__FMT_SUBSAMPLING_MODE_MASK   0xc0000
#define DCE112_FMT_CONTROL__FMT_SUBSAMPLING_MODE__SHIFT 0x12

/* Same in all three headers; used through the table below. */
#define AFMT_AUDIO_PACKET_CONTROL__AFMT_AUDIO_SAMPLE_SEND_MASK   0x1
#define AFMT_AUDIO_PACKET_CONTROL__AFMT_AUDIO_SAMPLE_SEND__SHIFT 0x0

enum dce110_gen {
	DCE110_GEN_11_0, /* Carrizo, Stoney */
	DCE110_GEN_10_0, /* Tonga, Fiji */
	DCE110_GEN_11_2, /* Polaris 10, 11, 12 */
};
#define DCE110_GEN_COUNT 3

struct dce110_regs_gen {
	const char *name; /* "DCE 11.0" */
	/* a DIG register and field that says a stream sends audio; dc sets it with the audio */
	uint32_t audio_on_reg, audio_on_mask;
	/*
	 * AUX engine reset: AUX_CONTROL bits `aux_reset_mask` are set to
	 * `aux_reset_assert`, then to their complement within the mask.
	 */
	uint32_t aux_reset_mask, aux_reset_assert;
	uint32_t aux_reset_done_mask;	/* AUX_CONTROL reads it while the engine is idle; or 0 */
	uint32_t hdmi_scramble_mask;	/* HDMI_CONTROL.HDMI_DATA_SCRAMBLE_EN, or 0 */
	uint32_t flip_immediate_mask;	/* GRPH_FLIP_CONTROL bit dc sets for an immediate flip */
	uint32_t grph_immediate_en_mask; /* GRPH_SURFACE_UPDATE_IMMEDIATE_EN, or 0 */
	uint32_t master_update_lock_reg; /* CRTC_MASTER_UPDATE_LOCK, or 0 */
	/* CRTC_START_LINE_CONTROL fields whose bits differ by generation */
	uint32_t start_line_interlace_early_mask, start_line_legacy_requestor_mask;
	uint32_t start_line_prefetch_mask;
	/* FMT_CONTROL: 4:2:2 packing (value 1) and the subsampling mode dc clears */
	uint32_t fmt_pixel_encoding_mask, fmt_pixel_encoding_shift;
	uint32_t fmt_subsampling_mode_mask;
	/* DPG_WATERMARK_MASK_CONTROL: the set select fields of urgency, stutter, NB p-state */
	uint32_t wm_urgency_sel_mask, wm_stutter_sel_mask, wm_nbp_sel_mask;
	/* DPG_PIPE_NB_PSTATE_CHANGE_CONTROL.NB_PSTATE_CHANGE_WATERMARK */
	uint32_t nbp_wm_mask;
	/* the watermark sets written, as select values */
	uint8_t wm_sets[4];
	uint8_t wm_set_count;
	/* MC_HUB_RDREQ_DMIF_LIMIT.ENABLE with a single display, 0: not written */
	uint8_t rdreq_dmif_limit;
	/* the display PLLs are DC_DISPLAYPLLREGSn (DCE 11.2), not BPHYC_PLLn (dce110_regs_pll.h) */
	bool ppll_dce112;
	/* each PLL has PIXCLKn_RESYNC_CNTL's deep colour divider (dce110_regs_pll.h) */
	bool pll_deep_color;
	/* DVMM_PTE_REQ exists (DCE 11.0, 11.2): its page table requests set as the kernel does */
	bool dvmm_pte_req;
	/* DISPCLK through SetDCEClock (DCE 11.2), not SetPixelClock's DFS (dc/core/dispclk.c) */
	bool dispclk_dce_clock;
	/*
	 * DCE 11.2's header names the UNIPHY macro's registers only
	 * ..._RESERVEDn, at other offsets than BPHYC_UNIPHYn of DCE 10/11.0:
	 * dcd can neither read back what UNIPHYTransmitterControl programmed
	 * nor check it, so it does not run the table there.
	 */
	bool uniphy_reserved;
};

/* What DCE 11.0 and 11.2 share. */
#define DCE11_COMMON \
	.audio_on_reg = mmAFMT_CNTL, \
	.audio_on_mask = AFMT_CNTL__AFMT_AUDIO_CLOCK_EN_MASK, \
	.aux_reset_mask = AUX_CONTROL__AUX_RESET_MASK, \
	.aux_reset_assert = AUX_CONTROL__AUX_RESET_MASK, \
	.aux_reset_done_mask = AUX_CONTROL__AUX_RESET_DONE_MASK, \
	.hdmi_scramble_mask = HDMI_CONTROL__HDMI_DATA_SCRAMBLE_EN_MASK, \
	.flip_immediate_mask = GRPH_FLIP_CONTROL__GRPH_SURFACE_UPDATE_IMMEDIATE_EN_MASK, \
	.grph_immediate_en_mask = GRPH_FLIP_CONTROL__GRPH_SURFACE_UPDATE_IMMEDIATE_EN_MASK, \
	.master_update_lock_reg = mmCRTC_MASTER_UPDATE_LOCK, \
	.start_line_interlace_early_mask = CRTC_START_LINE_CONTROL__CRTC_INTERLACE_START_LINE_EARLY_MASK, \
	.start_line_legacy_requestor_mask = CRTC_START_LINE_CONTROL__CRTC_LEGACY_REQUESTOR_EN_MASK, \
	.start_line_prefetch_mask = CRTC_START_LINE_CONTROL__CRTC_PREFETCH_EN_MASK, \
	.dvmm_pte_req = true

/* DCE 10.0 and 11.0: two-bit watermark set selects, sets A (2) and D (1) */
#define DCE_WM_2BIT \
	.wm_urgency_sel_mask = DPG_WATERMARK_MASK_CONTROL__URGENCY_WATERMARK_MASK_MASK, \
	.wm_stutter_sel_mask = DPG_WATERMARK_MASK_CONTROL__STUTTER_EXIT_SELF_REFRESH_WATERMARK_MASK_MASK, \
	.wm_nbp_sel_mask = DPG_WATERMARK_MASK_CONTROL__NB_PSTATE_CHANGE_WATERMARK_MASK_MASK, \
	.nbp_wm_mask = DPG_PIPE_NB_PSTATE_CHANGE_CONTROL__NB_PSTATE_CHANGE_WATERMARK_MASK, \
	.wm_sets = { 2, 1 }, \
	.wm_set_count = 2

static const struct dce110_regs_gen dce110_regs_gens[DCE110_GEN_COUNT] DCE110_MAYBE_UNUSED = {
	[DCE110_GEN_11_0] = {
		.name = "DCE 11.0",
		DCE11_COMMON,
		DCE_WM_2BIT,
		.fmt_pixel_encoding_mask = FMT_CONTROL__FMT_PIXEL_ENCODING_MASK,
		.fmt_pixel_encoding_shift = FMT_CONTROL__FMT_PIXEL_ENCODING__SHIFT,
		.fmt_subsampling_mode_mask = FMT_CONTROL__FMT_SUBSAMPLING_MODE_MASK,
		.pll_deep_color = true,
	},
	[DCE110_GEN_10_0] = {
		.name = "DCE 10.0",
		.audio_on_reg = mmAFMT_AUDIO_PACKET_CONTROL,
		.audio_on_mask = AFMT_AUDIO_PACKET_CONTROL__AFMT_AUDIO_SAMPLE_SEND_MASK,
		.aux_reset_mask = AUX_CONTROL__AUX_EN_MASK,
		.aux_reset_assert = 0,
		.aux_reset_done_mask = 0,
		.hdmi_scramble_mask = 0,
		.flip_immediate_mask = GRPH_FLIP_CONTROL__GRPH_SURFACE_UPDATE_H_RETRACE_EN_MASK,
		.grph_immediate_en_mask = 0,
		.master_update_lock_reg = 0,
		.start_line_interlace_early_mask =
			DCE100_CRTC_START_LINE_CONTROL__CRTC_INTERLACE_START_LINE_EARLY_MASK,
		.start_line_legacy_requestor_mask =
			DCE100_CRTC_START_LINE_CONTROL__CRTC_LEGACY_REQUESTOR_EN_MASK,
		.start_line_prefetch_mask = DCE100_CRTC_START_LINE_CONTROL__CRTC_PREFETCH_EN_MASK,
		.fmt_pixel_encoding_mask = FMT_CONTROL__FMT_PIXEL_ENCODING_MASK,
		.fmt_pixel_encoding_shift = FMT_CONTROL__FMT_PIXEL_ENCODING__SHIFT,
		.fmt_subsampling_mode_mask = FMT_CONTROL__FMT_SUBSAMPLING_MODE_MASK,
		DCE_WM_2BIT,
		.rdreq_dmif_limit = 2,
		.pll_deep_color = true,
	},
	[DCE110_GEN_11_2] = {
		.name = "DCE 11.2",
		DCE11_COMMON,
		.fmt_pixel_encoding_mask = DCE112_FMT_CONTROL__FMT_PIXEL_ENCODING_MASK,
		.fmt_pixel_encoding_shift = DCE112_FMT_CONTROL__FMT_PIXEL_ENCODING__SHIFT,
		.fmt_subsampling_mode_mask = DCE112_FMT_CONTROL__FMT_SUBSAMPLING_MODE_MASK,
		.wm_urgency_sel_mask = DCE112_DPG_WATERMARK_MASK_CONTROL__URGENCY_WATERMARK_MASK_MASK,
		.wm_stutter_sel_mask =
			DCE112_DPG_WATERMARK_MASK_CONTROL__STUTTER_EXIT_SELF_REFRESH_WATERMARK_MASK_MASK,
		.wm_nbp_sel_mask = DCE112_DPG_WATERMARK_MASK_CONTROL__NB_PSTATE_CHANGE_WATERMARK_MASK_MASK,
		.nbp_wm_mask = DCE112_DPG_PIPE_NB_PSTATE_CHANGE_CONTROL__NB_PSTATE_CHANGE_WATERMARK_MASK,
		.wm_sets = { 0, 1, 2, 3 },
		.wm_set_count = 4,
		.ppll_dce112 = true,
		.dispclk_dce_clock = true,
		.uniphy_reserved = true,
	},
};

#undef DCE11_COMMON
#undef DCE_WM_2BIT

// clang-format on

#endif
