/*
 * Display Core internals: struct dc, links, the per-ASIC resource pools,
 * sinks, logging and the validation helpers. Shared by the files of dc/
 * and by the tests (which include it to attach sinks and look inside);
 * never installed. docs/dc.md describes the objects and the rules.
 */
#ifndef DC_PRIV_H
#define DC_PRIV_H

#include <stdarg.h>

#include "../calcs/dc_calcs.h"
#include "dc.h"
#include "dc_edid.h"
#include "dc_modes.h"

/* ---- resource pools (resource.c) ---------------------------------------- */

#define DC_MAX_PIPES 6
#define DC_MAX_PLLS  3
#define DC_MAX_DIGS  9
#define DC_MAX_AUDIO 6
#define DC_MAX_HPD   6
#define DC_MAX_DDC   6
#define DC_MAX_AUX   6

/* A scanout format: DRM fourcc, bytes per pixel, its 4-letter name. */
struct dc_plane_format {
	uint32_t fourcc;
	uint8_t cpp;
	char name[5];
};

/*
 * What one display engine generation has, as data: counts of each block,
 * clock and signal limits, scaler, surface and memory parameters.
 * docs/dc.md lists every value and its source.
 */
struct dc_resource_pool {
	enum dc_asic asic;
	const char *dce;	   /* "DCE 11.0" */
	uint8_t timing_generators; /* CRTCs; one pipe each */
	uint8_t stream_encoders;   /* DIG front ends */
	uint8_t link_encoders;	   /* DIG back ends + UNIPHY links */
	uint8_t hpd, ddc, aux;	   /* hot-plug lines, DDC engines, AUX channels */
	uint8_t plls;		   /* display PLLs for pixel clocks */
	uint8_t audio;		   /* audio endpoints (AZ) */
	uint32_t max_dispclk_khz;  /* DISPCLK at the highest voltage state */
	uint32_t max_hdmi_khz;	   /* encoder TMDS limit without HDMI_6GB_EN */
	uint32_t max_hdmi_6g_khz;  /* with HDMI_6GB_EN */
	uint8_t max_hdmi_bpc;	   /* deepest HDMI color */
	uint32_t max_dp_rate_mbps; /* HBR2 capable: 5400 */
	uint8_t max_dp_lanes;
	bool ycbcr420;	       /* encoders output 4:2:0 */
	uint32_t dprefclk_khz; /* DP DTO reference */
	struct dc_pll_limits pll;
	struct dc_scaler_limits scaler;
	struct dc_bw_params bw;
	const char *memory;		 /* "2 x 64-bit DDR3-1600" */
	uint16_t cursor_sizes[2];	 /* square ARGB8888 cursors: 64, 128 */
	uint32_t max_surface;		 /* widest / tallest surface, pixels */
	uint32_t max_pitch_px;		 /* GRPH_PITCH: 15 bits */
	uint32_t pitch_align_bytes;	 /* linear pitch alignment */
	uint32_t address_align;		 /* GRPH_PRIMARY_SURFACE_ADDRESS low bits */
	uint32_t max_htotal, max_vtotal; /* CRTC_H_TOTAL / CRTC_V_TOTAL + 1 */
	const struct dc_plane_format *formats;
	uint8_t format_count;
};

/* The pool of asic, or NULL for a value outside enum dc_asic. */
const struct dc_resource_pool *dc_resource_pool_get(enum dc_asic asic);

/* The format entry of a fourcc in the pool, or NULL. */
const struct dc_plane_format *dc_pool_format(const struct dc_resource_pool *pool, uint32_t fourcc);

/* ---- sinks (sink.c) --------------------------------------------------------- */

struct dc;

struct dc_sink_init {
	enum dc_link_type link_type; /* decides DP / eDP; HDMI vs DVI comes from the EDID */
	bool dual_link;		     /* DVI-D connector wired (and encoder able) for dual link */
	const uint8_t *edid;	     /* may be NULL (then no modes but a failsafe) */
	size_t edid_size;
	const struct dc_dp_caps *dp_caps; /* NULL when not a DP receiver */
	const struct dc_dongle *dongle;	  /* NULL when no DP++ adaptor */
};

struct dc_sink {
	int refcount;
	uint8_t *edid_raw;
	size_t edid_size;
	struct dc_edid *edid; /* NULL when undecodable */
	struct dc_mode *modes;
	size_t mode_count;
	enum dc_signal signal;
	bool has_dp_caps;
	struct dc_dp_caps dp_caps;
	bool has_dongle;
	struct dc_dongle dongle;
};

/*
 * A new sink with refcount 1. The EDID is copied and decoded; one that
 * does not decode still makes a sink (warned about through dc's log, dc
 * may be NULL), with only the 640x480@60 failsafe mode. -ENOMEM, or
 * -EINVAL for bad init values.
 */
int dc_sink_create(struct dc *dc, const struct dc_sink_init *init, struct dc_sink **out);

/* EDID summary caps, or a zeroed struct when there is no decoded EDID. */
const struct dc_edid_caps *dc_sink_caps(const struct dc_sink *sink);

/* ---- struct dc (dc.c) ----------------------------------------------------- */

struct dc_link {
	char name[16];		       /* "DP-1" */
	struct dc_connector_desc desc; /* how it is wired */
	struct dc_sink *sink;	       /* owned reference, or NULL */
	/* DP: capability verified by training (0 until a link was trained) */
	uint32_t verified_rate_mbps;
	uint8_t verified_lanes;
	struct dc_link_training training;
	/* dc_dispatch work for this link: time, or UINT64_MAX for none */
	uint64_t deadline_ns;
};

struct dc {
	struct dc_hw *hw;
	struct dc_board board;
	const struct dc_resource_pool *pool;
	unsigned link_count;
	struct dc_link links[DC_MAX_LINKS];
	/* what dc_commit last made true (empty until the first commit) */
	struct dc_state current;
	struct dc_events events;
	void *events_data;
	dc_log_fn log_fn;
	void *log_data;
};

/* printf-style log line to the handler set with dc_set_log_handler (if any). */
__attribute__((format(printf, 3, 4))) void dc_log(const struct dc *dc, enum dc_log_level level,
						  const char *fmt, ...);

/*
 * Replaces the link's sink (NULL: nothing connected): takes a reference on
 * the new one and drops the old. Used by detection and by tests.
 */
int dc_link_set_sink(struct dc *dc, unsigned link, struct dc_sink *sink);

/* dc_sink_create with the link's type and wiring; does not attach it. */
int dc_link_create_sink(struct dc *dc, unsigned link, const uint8_t *edid, size_t edid_size,
			const struct dc_dp_caps *dp_caps, const struct dc_dongle *dongle,
			struct dc_sink **out);

/* ---- validation (validate*.c, assign.c) ------------------------------------- */

/*
 * Fills err (if not NULL) and returns the errno its code maps to: -EINVAL
 * for malformed states and unsupported formats, -ERANGE for limits,
 * -ENOSPC for exhausted resources.
 */
__attribute__((format(printf, 5, 6))) int dc_error_set(struct dc_error *err,
						       enum dc_error_code code, int stream,
						       int plane, const char *fmt, ...);

/* What the stream checks found out about one stream, for the assignment. */
struct dc_stream_plan {
	enum dc_signal signal;
	bool hdmi_scrambling;
	bool uses_pll;	  /* TMDS: a PLL; DP / eDP: the pipe's DP DTO */
	uint32_t pll_khz; /* the clock source output (rounded to kHz) */
	bool audio;	  /* wants an audio endpoint */
	bool unchanged;	  /* equal to the committed stream on that link */
	int committed;	  /* index of that committed stream, or -1 */
};

/* Stream checks: link, sink, mode, signal limits, DP bandwidth (validate_stream.c). */
int dc_validate_stream(const struct dc *dc, const struct dc_stream *s, int index,
		       struct dc_stream_plan *plan, struct dc_error *err);

/* Plane and cursor checks, DISPCLK and bandwidth figures (validate_plane.c). */
struct dc_plane_load {
	struct fixed32_32 dispclk_khz;
	struct fixed32_32 mbyte_s;
};
int dc_validate_planes(const struct dc *dc, const struct dc_stream *s, int index,
		       struct dc_plane_load *load, struct dc_error *err);

/* Assigns pipes, encoders, clock sources and audio over the whole state (assign.c). */
int dc_assign_resources(const struct dc *dc, struct dc_state *state,
			const struct dc_stream_plan *plans, struct dc_error *err);

/* "3840x2160@60 RGB 8bpc" for messages. */
int dc_fmt_stream(char *buf, size_t size, const struct dc_stream *s);

#endif
