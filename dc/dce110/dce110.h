/*
 * Register programming of the DCE 11.0 / 10.0 blocks a commit, a flip and an
 * interrupt touch: one small set of functions per block, each taking the
 * struct dc_hw and the block instance. No policy lives here (which pipe,
 * which PLL, when): dc/core decides, these functions only know the
 * registers. Order of writes and field values follow the public AMD driver
 * and docs/sim.md.
 *
 * Internal to dc/ (dc/core includes it); not installed.
 */
#ifndef DCE110_H
#define DCE110_H

#include <stdbool.h>
#include <stdint.h>

#include <drm_mode.h>

#include "../calcs/dc_calcs.h"
#include "dc.h"
#include "dc_hw.h"
#include "dce110_link.h"

/* ---- timing generator (dce110_tg.c) --------------------------------------- */

/*
 * Programs a progressive timing into CRTC tg (totals, blanking, sync A,
 * polarities, interlace off) as the AMD timing generator counts it:
 * vertical count 0 is the start of vertical sync, active video follows
 * sync and back porch. Does not start the CRTC.
 */
void dce110_tg_program_timing(struct dc_hw *hw, unsigned tg, const struct drm_mode_modeinfo *m);
/*
 * CRTC_START_LINE_CONTROL after a timing, as the kernel's DCE 10/11 timing
 * generator sets it: the advanced requestor (not the legacy one) from
 * line 4 with prefetch, or line 3 without when the vertical front porch
 * and sync together are 3 lines or fewer; start lines early.
 */
void dce110_tg_advanced_request(struct dc_hw *hw, const struct dce110_regs_gen *g, unsigned tg,
				const struct drm_mode_modeinfo *m);

/*
 * Reads the timing back into m (every h/v field and the sync polarity
 * flags; clock left 0, name and vrefresh left to the caller). -ENODATA
 * when the registers hold no usable timing.
 */
int dce110_tg_read_timing(struct dc_hw *hw, unsigned tg, struct drm_mode_modeinfo *m);

/*
 * Variable refresh: CRTC_V_TOTAL_MIN/MAX = lines - 1 and CRTC_V_TOTAL_CONTROL
 * V_TOTAL_MIN_SEL/V_TOTAL_MAX_SEL, so a frame lasts min_lines and stretches
 * until a flip, max_lines at most. max_lines 0 turns it off (all zero).
 */
void dce110_tg_set_vrr(struct dc_hw *hw, unsigned tg, unsigned min_lines, unsigned max_lines);
/* The longest frame in lines with variable refresh on, 0 when off. */
unsigned dce110_tg_read_vrr(struct dc_hw *hw, unsigned tg);

/* CRTC_MASTER_EN: the CRTC runs (once it has a clock) or stops. */
void dce110_tg_enable(struct dc_hw *hw, unsigned tg, bool enable);
/* CRTC_MASTER_EN as programmed. */
bool dce110_tg_enabled(struct dc_hw *hw, unsigned tg);

/* CRTC_BLANK_DATA_EN: shows the blank color instead of the planes (at once). */
void dce110_tg_blank(struct dc_hw *hw, unsigned tg, bool blank);
bool dce110_tg_blanked(struct dc_hw *hw, unsigned tg);

/*
 * The blank color from XRGB8888 into the 10-bit CRTC_BLANK_DATA_COLOR and
 * CRTC_OVERSCAN_COLOR: what shows while blanked and around a destination
 * smaller than the active area.
 */
void dce110_tg_set_blank_color(struct dc_hw *hw, unsigned tg, uint32_t xrgb8888);
/* CRTC_BLANK_DATA_COLOR as XRGB8888 (top 8 bits of each 10-bit component). */
uint32_t dce110_tg_blank_color(struct dc_hw *hw, unsigned tg);

/* Where the CRTC was at time t_ns: frame counter (24 bits) and position. */
struct dce110_tg_position {
	uint32_t frame; /* CRTC_FRAME_COUNT */
	uint32_t v, h;	/* CRTC_VERT_COUNT, CRTC_HORZ_COUNT */
	uint64_t t_ns;	/* dc_hw clock when it was read */
	bool running;	/* CRTC_CURRENT_MASTER_EN_STATE */
};

#define DCE110_FRAME_COUNT_BITS 24

/* Reads frame counter and position consistently (no frame boundary between them). */
void dce110_tg_position(struct dc_hw *hw, unsigned tg, struct dce110_tg_position *p);

/* ---- pixel clocks (dce110_clk.c) -------------------------------------------- */

/* CRTC tg takes its pixel clock from its DP DTO with these values. */
void dce110_clk_select_dto(struct dc_hw *hw, unsigned tg, const struct dc_dp_dto *dto);
/* CRTC tg no longer runs from its DP DTO (a PLL it selects is the VBIOS table's). */
void dce110_clk_release(struct dc_hw *hw, unsigned tg);

/* A CRTC's pixel rate as read from the clock registers: hz_num / hz_den Hz. */
struct dce110_pixel_rate {
	uint64_t hz_num, hz_den;
	int source; /* PLL index, DC_CLOCK_SOURCE_DP_DTO, or -1 for none */
};

struct dce110_regs_gen;
/*
 * HDMI deep colour on DCE 10/11.0: what the CRTC gets of PLL pll's (TMDS)
 * clock, as DCCG_DEEP_COLOR_CNTL says it (0: all, 1: 4/5, 2: 2/3, 3: 1/2;
 * dce110_regs_pll.h). Generations without the divider write nothing and
 * read 0.
 */
void dce110_pll_set_deep_color(struct dc_hw *hw, const struct dce110_regs_gen *g, unsigned pll,
			       unsigned ratio);
unsigned dce110_pll_deep_color(struct dc_hw *hw, const struct dce110_regs_gen *g, unsigned pll);
/*
 * What clocks CRTC tg, as the engine decides: its DP DTO when enabled (from
 * dprefclk_khz), else the display PLL CRTCn_PIXEL_RATE_SOURCE names, read
 * with dce110_ppll_rate from ref_khz (0: no reference known, no PLL clock)
 * and divided by its deep colour divider. An unlocked PLL reads rate 0.
 */
void dce110_clk_read(struct dc_hw *hw, const struct dce110_regs_gen *g, unsigned tg,
		     uint32_t dprefclk_khz, uint32_t ref_khz, struct dce110_pixel_rate *rate);
/* The clock of display PLL pll from its registers of generation g (dce110_ppll.c). */
void dce110_ppll_rate(struct dc_hw *hw, const struct dce110_regs_gen *g, unsigned pll,
		      uint32_t ref_khz, struct dce110_pixel_rate *rate);

/*
 * The DENTIST (dce110_dentist.c): DISPCLK and DPREFCLK are its VCO divided
 * by the divider a divider ID (DID) names, in quarters.
 */
#define DCE110_DENTIST_DID_MIN 0x08u
uint32_t dce110_dentist_quarters(uint32_t did);
/* The clock DID gives from vco_khz. */
uint32_t dce110_dentist_khz(uint32_t vco_khz, uint32_t did);
/* The DID of the lowest clock of at least khz (the highest, VCO / 2, when none is). */
uint32_t dce110_dentist_did(uint32_t vco_khz, uint32_t khz);
/* DISPCLK in effect: DENTIST_DISPCLK_RDIVIDER's clock from vco_khz. */
uint32_t dce110_dispclk_read(struct dc_hw *hw, uint32_t vco_khz);

/* ---- surfaces and cursor (dce110_grph.c) ----------------------------------- */

/*
 * DCFE_CLOCK_CONTROL.DCFE_CLOCK_ENABLE of pipe: its front end's clock,
 * without which it fetches nothing. Set by dce110_grph_program and by the
 * video BIOS's EnableCRTC; cleared by EnableCRTC's disable
 * (dc/core/bios_crtc.c).
 */
void dce110_fe_clock_enable(struct dc_hw *hw, unsigned pipe, bool enable);
bool dce110_fe_clock_enabled(struct dc_hw *hw, unsigned pipe);

/*
 * Programs the primary surface of pipe: its front-end clock, format, swap,
 * pitch and its extent (GRPH_X/Y_START 0, GRPH_X/Y_END the framebuffer's
 * width and height; the part shown is the scaler's viewport), then enables
 * it. The address is
 * set separately. Each register is written only when it changes.
 */
void dce110_grph_program(struct dc_hw *hw, unsigned pipe, const struct dc_plane *p);
void dce110_grph_disable(struct dc_hw *hw, unsigned pipe);

/* The address to scan out: high word, then the low word (which makes it pending). */
void dce110_grph_set_address(struct dc_hw *hw, unsigned pipe, uint64_t address);
/* GRPH_PRIMARY_SURFACE_ADDRESS(_HIGH): the last address written. */
uint64_t dce110_grph_address(struct dc_hw *hw, unsigned pipe);
/* GRPH_UPDATE_LOCK: holds a written address until released (several registers, one frame). */
void dce110_grph_lock(struct dc_hw *hw, unsigned pipe, bool lock);
/* Immediate flips latch at the address write, vsync flips at the next V_UPDATE. */
void dce110_grph_flip_mode(struct dc_hw *hw, const struct dce110_regs_gen *g, unsigned pipe,
			   bool immediate);
/* GRPH_SURFACE_UPDATE_PENDING: a written address has not latched yet. */
bool dce110_grph_update_pending(struct dc_hw *hw, unsigned pipe);

/*
 * Reads the surface back: enabled, format (the X variant for formats whose
 * alpha the hardware ignores), pitch, address, the framebuffer size from
 * the extent, and as source rectangle that extent (the caller narrows it
 * to the scaler's viewport). -ENODATA for a format the registers cannot
 * mean.
 */
int dce110_grph_read(struct dc_hw *hw, unsigned pipe, struct dc_plane *p);

/*
 * Programs the cursor at once under CURSOR_UPDATE_LOCK (every register
 * takes effect together at the next V_UPDATE): ARGB8888 straight alpha,
 * size, address, position and hot spot; positions left of or above the
 * active area move into the hot spot, as the hardware wants.
 */
void dce110_cursor_program(struct dc_hw *hw, unsigned pipe, const struct dc_cursor *c);
void dce110_cursor_read(struct dc_hw *hw, unsigned pipe, struct dc_cursor *c);

/* ---- scaler and line buffer (dce110_scl.c) ---------------------------------- */

/* What the scaler of a pipe does, from dc_scaler_compute and the plane. */
struct dce110_scl_config {
	uint32_t vp_x, vp_y, vp_w, vp_h;      /* viewport, whole surface pixels */
	uint32_t active_w, active_h;	      /* the stream's active area */
	uint32_t dst_x, dst_y, dst_w, dst_h;  /* destination on it */
	struct fixed31_32 h_ratio, v_ratio;   /* source / destination */
	struct fixed31_32 h_offset, v_offset; /* source start past the viewport's, 0 .. <1 */
	uint8_t h_taps, v_taps;		      /* 1: that direction is 1:1 */
	uint8_t lb_bpp;			      /* line buffer depth: 30 or 24 */
};

/*
 * Programs viewport, destination (as overscan borders), line buffer depth,
 * and either bypass (both directions 1:1) or taps, ratios, initial phases
 * and the filter coefficients, under SCL_UPDATE_LOCK (one V_UPDATE takes
 * it all). Writes only what changes.
 */
void dce110_scl_program(struct dc_hw *hw, unsigned pipe, const struct dce110_scl_config *cfg);

/* The scaler as programmed, for snapshots. */
struct dce110_scl_state {
	uint32_t vp_x, vp_y, vp_w, vp_h;   /* VIEWPORT_*: size 0 when never set */
	uint32_t left, right, top, bottom; /* EXT_OVERSCAN_* */
	bool scaling;			   /* SCL_MODE is not bypass */
};
void dce110_scl_read(struct dc_hw *hw, unsigned pipe, struct dce110_scl_state *st);

/* ---- output formatter (dce110_fmt.c) ----------------------------------------- */

/*
 * Bit depth reduction for a display showing depth_bpc bits (6: spatial
 * dither to 6; more: none), pixel encoding (4:2:2 packing), no clamping.
 */
void dce110_fmt_program(struct dc_hw *hw, const struct dce110_regs_gen *g, unsigned pipe,
			unsigned depth_bpc, enum dc_pixel_encoding encoding);

/* ---- interrupt sources of a pipe (dce110_irq.c) ---------------------------- */

/* Page flip: GRPH_PFLIP_INT_MASK on/off, as programmed. */
void dce110_irq_pflip_enable(struct dc_hw *hw, unsigned pipe, bool enable);
bool dce110_irq_pflip_enabled(struct dc_hw *hw, unsigned pipe);
/* True (and acknowledged) when a surface address latched since the last ack. */
bool dce110_irq_pflip_ack(struct dc_hw *hw, unsigned pipe);

/* Vertical interrupt 0 at line (DC's vblank interrupt): on or off. */
void dce110_irq_vline_enable(struct dc_hw *hw, unsigned tg, bool enable, unsigned line);
bool dce110_irq_vline_enabled(struct dc_hw *hw, unsigned tg);
/* True (and acknowledged) when the enabled interrupt fired since the last ack. */
bool dce110_irq_vline_ack(struct dc_hw *hw, unsigned tg);

/* V_UPDATE: acknowledged when it interrupts (DC does not enable it; another driver may have). */
bool dce110_irq_vupdate_ack(struct dc_hw *hw, unsigned tg);

/* ---- stream encoder: DIG front end, HDMI, DP stream (dce110_stream_enc.c) ---- */

struct dce110_stream_config {
	enum dc_signal signal;
	enum dc_pixel_encoding encoding;
	uint8_t bpc;
	unsigned tg; /* CRTC feeding the front end */
	int audio;   /* audio endpoint, or -1 */
	const struct drm_mode_modeinfo *mode;
};

/*
 * Sets up front end se for the stream (source CRTC, pixel encoding, deep
 * color; HDMI: AVI InfoFrame, general control and audio packets) and
 * connects link encoder be to it. DP video stays off until
 * dce110_se_dp_video.
 */
void dce110_se_setup(struct dc_hw *hw, const struct dce110_regs_gen *g, unsigned se, unsigned be,
		     const struct dce110_stream_config *cfg);
/* DP: MSA/M-N for the trained link rate (per lane, Mbit/s). */
void dce110_se_dp_link_params(struct dc_hw *hw, unsigned se, uint32_t pixel_khz,
			      uint32_t link_rate_mbps);
/* DP: video stream on (after training) or off (before the link goes down). */
void dce110_se_dp_video(struct dc_hw *hw, unsigned se, bool enable);
/* Stops the front end: packets, DP video, audio; disconnects link encoder be. */
void dce110_se_disable(struct dc_hw *hw, const struct dce110_regs_gen *g, unsigned se, unsigned be);

/* What a front end is doing, for snapshots. */
struct dce110_se_state {
	bool active; /* DIG_SYMCLK_FE_ON */
	unsigned tg; /* DIG_SOURCE_SELECT */
	enum dc_pixel_encoding encoding;
	uint8_t bpc; /* 0 when not readable */
	int audio;   /* AFMT_AUDIO_SRC_SELECT when audio is on, else -1 */
};
void dce110_se_read(struct dc_hw *hw, const struct dce110_regs_gen *g, unsigned se,
		    enum dc_signal signal, struct dce110_se_state *st);

/* Link encoder be as the stream layer sees it: enabled, mode, the FEs it takes. */
struct dce110_be_state {
	bool enabled;	  /* DIG_ENABLE */
	unsigned mode;	  /* DIG_MODE (DCE110_DIG_MODE_*) */
	bool dual_link;	  /* DIG_DUAL_LINK_ENABLE */
	uint32_t fe_mask; /* DIG_FE_SOURCE_SELECT */
	bool scrambling;  /* HDMI_DATA_SCRAMBLE_EN */
	uint8_t dp_lanes; /* DP_UDI_LANES + 1 */
};
void dce110_be_read(struct dc_hw *hw, const struct dce110_regs_gen *g, unsigned be,
		    struct dce110_be_state *st);

/* HDMI AVI InfoFrame: header 0x82, version, length 13; PB0 (checksum) .. PB13. */
struct dce110_avi {
	uint8_t version; /* 2, or 3 for a VIC above 127 */
	uint8_t pb[14];
};
/* Builds the AVI InfoFrame for a stream (exported for tests). */
void dce110_avi_build(const struct drm_mode_modeinfo *mode, enum dc_pixel_encoding encoding,
		      struct dce110_avi *avi);

#endif
