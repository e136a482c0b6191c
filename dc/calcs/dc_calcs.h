/*
 * dc/calcs: the numbers behind validation and commit, as pure functions.
 *
 * Nothing here touches hardware, allocates or keeps state: each function
 * takes the parameters it needs (an ASIC's limits come in as plain structs
 * from dc/core/resource.c) and returns 0 or a negative errno. Clock and
 * bandwidth figures are struct fixed32_32 (dc_fixpt.h) in the unit their
 * name says (_khz, _kbps, _mbyte_s); docs/bandwidth.md writes the formulas
 * down with the parameter values and where they come from.
 *
 * Internal to dc/ (the core and its tests include it); not installed.
 */
#ifndef DC_CALCS_H
#define DC_CALCS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "dc.h"
#include "dc_fixpt.h"

/* ---- formatting (calcs_format.c) ---------------------------------------- */

/*
 * Writes x / divisor rounded to `decimals` places (ties away from zero),
 * e.g. (12798000 kbit/s, 1000000, 2) -> "12.80". Returns what snprintf
 * returns; "overflow" for the overflow marker.
 */
int dc_fmt_fixed(char *buf, size_t size, struct fixed32_32 x, uint32_t divisor, unsigned decimals);

/* "3840x2160@60", "1920x1080i@50", "1920x1080@59.94": field rate, up to 2 decimals. */
int dc_fmt_mode(char *buf, size_t size, const struct drm_mode_modeinfo *mode);

/* "RGB", "YCbCr 4:4:4", "YCbCr 4:2:2", "YCbCr 4:2:0". */
const char *dc_encoding_name(enum dc_pixel_encoding encoding);

/*
 * a x ratio / den as a fixed32_32, correctly rounded (halves up) from the
 * exact 128-bit product; the overflow marker when it does not fit, when
 * den is 0 or ratio is negative or a marker. For rates scaled by a scaler
 * ratio without rounding twice.
 */
struct fixed32_32 dc_fixed_muldiv(uint64_t a, struct fixed31_32 ratio, uint64_t den);

/* ---- DP link bandwidth (link_bandwidth.c) -------------------------------- */

/* DC_DP_RATE_RBR..HBR3 and dc_dp_rate_name are in dc.h (a board's DP limit is one of them). */

/*
 * Bits per pixel on the wire, times 2 so 4:2:0 stays an integer: RGB and
 * 4:4:4 carry 3 x bpc, 4:2:2 2 x bpc, 4:2:0 1.5 x bpc. 0 for bpc outside
 * 6..16.
 */
unsigned dc_bpp_x2(enum dc_pixel_encoding encoding, unsigned bpc);

/* Effective link rate: lanes x rate x 8/10 (8b/10b), in kbit/s. */
struct fixed32_32 dc_dp_link_kbps(unsigned lanes, uint32_t rate_mbps);

/* What the stream puts on the link: pixel clock x bpp, in kbit/s. */
struct fixed32_32 dc_dp_stream_kbps(uint32_t pixel_khz, enum dc_pixel_encoding encoding,
				    unsigned bpc);

/* ---- TMDS (tmds.c) -------------------------------------------------------- */

#define DC_TMDS_DVI_SINGLE_KHZ	  165000 /* DVI 1.0 single link */
#define DC_TMDS_HDMI14_KHZ	  340000 /* HDMI 1.4; above it HDMI 2.0 scrambles */
#define DC_TMDS_HDMI20_KHZ	  600000 /* HDMI 2.0 */
#define DC_TMDS_DP_DUAL_TYPE1_KHZ 165000 /* DP++ type 1 adaptor */

/*
 * TMDS character rate: the pixel clock, times bpc / 8 for deep color
 * (RGB, 4:4:4), unchanged for 4:2:2 (up to 12 bits ride in 24), halved for
 * 4:2:0 (then times bpc / 8). Exact, in kHz.
 */
struct fixed32_32 dc_tmds_clock_khz(uint32_t pixel_khz, enum dc_pixel_encoding encoding,
				    unsigned bpc);

/* Which limit a TMDS stream runs into (see dc_tmds_check). */
enum dc_tmds_limit {
	DC_TMDS_OK,
	DC_TMDS_LIMIT_DVI_SINGLE, /* single-link DVI: 165 MHz */
	DC_TMDS_LIMIT_DVI_DUAL,	  /* dual-link DVI: 2 x 165 MHz of pixel clock */
	DC_TMDS_LIMIT_HDMI20,	  /* HDMI 2.0 ends at 600 MHz */
	DC_TMDS_LIMIT_ENCODER,	  /* the link encoder's TMDS limit */
	DC_TMDS_LIMIT_SCDC,	  /* above 340 MHz without SCDC in the sink's HF-VSDB */
	DC_TMDS_LIMIT_SINK,	  /* the sink's max TMDS clock */
	DC_TMDS_LIMIT_DONGLE,	  /* the DP++ adaptor's limit */
};

struct dc_tmds_config {
	bool hdmi;		  /* HDMI signal; else DVI */
	bool dual_link_capable;	  /* DVI: connector and encoder can do dual link */
	uint32_t encoder_max_khz; /* HDMI: 300000, or 600000 with HDMI_6GB_EN */
	uint32_t sink_max_khz;	  /* EDID max TMDS clock, 0 when unstated */
	/*
	 * HF-VSDB SCDC_Present. (LTE_340Mcsc_scramble only allows scrambling
	 * below 340 MHz; nothing needs it, so no limit depends on it.)
	 */
	bool sink_scdc;
	uint32_t dongle_max_khz; /* DP++ adaptor, 0 when there is none */
};

struct dc_tmds_result {
	struct fixed32_32 tmds_khz; /* character rate (per link for dual-link DVI) */
	enum dc_signal signal;	    /* HDMI, DVI single or dual link */
	bool scrambling;	    /* TMDS above 340 MHz: scrambled, SCDC clock ratio 1/40 */
	enum dc_tmds_limit limit;   /* the first limit violated, or DC_TMDS_OK */
	uint32_t limit_khz;	    /* its value */
	/* What was held against it: the TMDS clock, the pixel clock for dual-link DVI. */
	struct fixed32_32 needed_khz;
};

/*
 * Checks a TMDS stream against the signal's limits, the encoder, the sink
 * and the adaptor, in that order, and picks DVI single or dual link
 * (dual only above 165 MHz and when capable). 0, or -ERANGE with
 * out->limit and out->limit_khz saying what was exceeded. -EINVAL for a
 * bpc the encoding cannot carry.
 */
int dc_tmds_check(const struct dc_tmds_config *cfg, uint32_t pixel_khz,
		  enum dc_pixel_encoding encoding, unsigned bpc, struct dc_tmds_result *out);

/* ---- PLL dividers and DP DTO (pll.c) ------------------------------------- */

/*
 * A display PLL as the public driver's divider search describes it (the
 * limits of a SetPixelClock 1.6 table come from the image's FirmwareInfo,
 * dc/core/bios_clock.c):
 *   VCO   = ref x (fb_div + fb_frac / fb_frac_den) / ref_div
 *   clock = VCO / post_div
 */
struct dc_pll_limits {
	uint32_t ref_khz;		       /* reference (crystal) clock */
	uint32_t min_input_khz, max_input_khz; /* ref / ref_div at the phase detector */
	uint16_t ref_div_min, ref_div_max;     /* PLL_REF_DIV: 1..1023 */
	uint16_t fb_div_min, fb_div_max;       /* PLL_FB_DIV integer part: 1..4095 */
	uint32_t fb_frac_den;		       /* fraction unit: 1000000 (millionths) */
	uint16_t post_div_min, post_div_max;   /* PLL_POST_DIV_PIXCLK: 1..127 */
	uint32_t vco_min_khz, vco_max_khz;     /* VCO lock range */
};

struct dc_pll_dividers {
	uint16_t ref_div;
	uint16_t fb_div;
	uint32_t fb_frac; /* in 1 / fb_frac_den */
	uint16_t post_div;
	struct fixed32_32 vco_khz;   /* achieved, to 2^-32 kHz */
	struct fixed32_32 clock_khz; /* achieved output clock */
	struct fixed31_32 error_ppm; /* (achieved - target) / target x 10^6 */
};

/*
 * The dividers whose output is closest to target_khz within the limits;
 * among equally close ones the highest VCO (least jitter), then the
 * smallest reference divider. -EINVAL for a zero target or bad limits,
 * -ERANGE when no post divider puts the VCO in range.
 */
int dc_pll_compute(const struct dc_pll_limits *lim, uint32_t target_khz,
		   struct dc_pll_dividers *out);

/*
 * The DP DTO of a pipe: clock = dprefclk x phase / modulo, phase <= modulo,
 * both in Hz as the public driver programs DP_DTO0_PHASE / DP_DTO0_MODULO,
 * so every kHz clock is exact.
 */
struct dc_dp_dto {
	uint32_t phase;
	uint32_t modulo;
};

/* -EINVAL for a zero clock or reference, -ERANGE above the reference or 2^32 Hz. */
int dc_dp_dto_compute(uint32_t dprefclk_khz, uint32_t pixel_khz, struct dc_dp_dto *out);

/* ---- scaler (scaler.c) ---------------------------------------------------- */

struct dc_scaler_limits {
	uint32_t max_downscale; /* source / destination must stay below this */
	uint32_t max_upscale;	/* destination / source at most this */
	uint8_t max_taps;	/* 4: the 4-tap 16-phase filters */
	uint16_t lb_entries;	/* line buffer entries (LB_TOTAL_NUMBER_OF_ENTRIES) */
	uint16_t lb_entry_bits; /* bits per entry (LB_BITS_PER_ENTRY) */
};

enum dc_scaler_limit {
	DC_SCALER_OK,
	DC_SCALER_EMPTY, /* zero-sized source or destination */
	DC_SCALER_DOWNSCALE_H,
	DC_SCALER_DOWNSCALE_V,
	DC_SCALER_UPSCALE_H,
	DC_SCALER_UPSCALE_V,
	DC_SCALER_LINE_BUFFER, /* too few lines for a vertical filter */
};

struct dc_scaler_result {
	/* Viewport: whole pixels covering the 16.16 source rectangle. */
	uint32_t vp_x, vp_y, vp_w, vp_h;
	struct fixed31_32 h_ratio, v_ratio; /* source / destination, exact 16.16 / int */
	uint8_t h_taps, v_taps;		    /* 1 when that direction is unscaled */
	uint8_t lb_bpp;			    /* 30 or 24: line buffer pixel depth used */
	uint16_t lb_lines;		    /* lines the line buffer holds at that width */
	enum dc_scaler_limit limit;
};

/*
 * Ratios, taps and line buffer use for a plane scanned from the 16.16
 * source rectangle to dst_w x dst_h. Vertical scaling needs at least 2
 * taps and taps < lines held; a 30 bpp line buffer is tried first, then
 * 24 bpp (as the public driver does). 0, or -ERANGE with out->limit set.
 */
int dc_scaler_compute(const struct dc_scaler_limits *lim, uint32_t src_x, uint32_t src_y,
		      uint32_t src_w, uint32_t src_h, uint32_t dst_w, uint32_t dst_h,
		      struct dc_scaler_result *out);

/* ---- display clock (dispclk.c) ------------------------------------------- */

/* The margin the pipe needs over the pixel rate (display_pipe_throughput_factor). */
#define DC_DISPCLK_MARGIN_PCT 105

/*
 * DISPCLK one pipe needs: the pixel clock, or, when the line buffer must
 * take more source pixels per line time than the CRTC sends out (source
 * wider than htotal, or vertical downscaling), that rate; times 1.05.
 *   pixel_khz x max(1, vp_w x max(1, v_ratio) / htotal) x 1.05
 */
struct fixed32_32 dc_dispclk_pipe_khz(uint32_t pixel_khz, uint32_t htotal, uint32_t vp_w,
				      struct fixed31_32 v_ratio);

/* ---- memory bandwidth (bandwidth.c) -------------------------------------- */

struct dc_bw_params {
	uint8_t dram_channels;		  /* memory channels */
	uint16_t dram_channel_bits;	  /* bits per channel */
	uint32_t dram_mts;		  /* transfers per second per pin, millions (yclk) */
	uint8_t dram_efficiency_pct;	  /* share of the peak that is usable */
	uint16_t return_bus_bytes;	  /* data return bus width, 0: no separate limit */
	uint32_t sclk_mhz;		  /* clock of the return bus */
	uint32_t urgent_latency_ns;	  /* worst DMIF request latency (dmifmc_urgent_latency) */
	uint32_t dmif_bytes;		  /* DMIF buffer one pipe may use */
	uint32_t stutter_exit_latency_ns; /* memory's self-refresh exit
					     (stutter_self_refresh_exit_latency) */
	uint32_t nbp_latency_ns; /* NB p-state / memory clock change (nbp_state_change_latency) */
};

/*
 * What one plane fetches, in MB/s (10^6 bytes/s): every source line of
 * the viewport once per output line it feeds, in one line time:
 *   vp_w x bytes_pp x max(1, v_ratio) x pixel_khz / htotal / 1000
 */
struct fixed32_32 dc_bw_plane_mbyte_s(uint32_t pixel_khz, uint32_t htotal, uint32_t vp_w,
				      unsigned bytes_pp, struct fixed31_32 v_ratio);

/*
 * What the memory gives the display in MB/s: the lesser of channels x
 * width x rate x efficiency and return bus x sclk.
 */
struct fixed32_32 dc_bw_available_mbyte_s(const struct dc_bw_params *p);

/* Bytes a plane drains from its DMIF buffer while a request is outstanding. */
struct fixed32_32 dc_bw_dmif_bytes(struct fixed32_32 plane_mbyte_s, uint32_t latency_ns);

/* ---- display watermarks (watermarks.c) ----------------------------------- */

/* One pipe as the watermarks see it. */
struct dc_wm_pipe {
	uint32_t pixel_khz, htotal;
	struct fixed32_32 mbyte_s; /* what its planes fetch (plane + cursor), 0 for none */
};

/*
 * A pipe's watermarks in ns (docs/bandwidth.md, "Watermarks"):
 *   line    = htotal x 10^6 / pixel_khz
 *   burst   = pipes x dmif_bytes x 1000 / available     (refilling every DMIF buffer)
 *   fetch   = mbyte_s x line / available                (one line's data at full rate)
 *   urgent  = urgent_latency + burst + fetch
 *   stutter = stutter_exit_latency + burst + fetch
 *   nbp     = nbp_latency + burst + fetch
 *   hiding  = dmif_bytes x 1000 / mbyte_s               (how long the buffer lasts)
 */
struct dc_watermarks_ns {
	struct fixed32_32 line_ns, burst_ns, fetch_ns;
	struct fixed32_32 urgent_ns, stutter_exit_ns, nbp_ns;
	struct fixed32_32 hiding_ns; /* FIXED32_32_MAX for a pipe that fetches nothing */
};

/*
 * Watermarks of n pipes sharing the memory of p. -EINVAL for n 0, a pipe
 * without clock or htotal, or no memory bandwidth.
 */
int dc_watermarks_compute(const struct dc_bw_params *p, const struct dc_wm_pipe *pipes, unsigned n,
			  struct dc_watermarks_ns *out);

/* A watermark as a register holds it: whole ns rounded up, at most max. */
uint32_t dc_wm_register_ns(struct fixed32_32 ns, uint32_t max);

#endif
