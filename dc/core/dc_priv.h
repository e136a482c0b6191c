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
#include "../link/link.h"
#include "dc.h"
#include "dc_bios.h"
#include "dc_edid.h"
#include "dc_ih.h"
#include "dc_modes.h"

struct dce110_regs_gen;

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
	const char *dce; /* "DCE 11.0" */
	/* the generation's register differences (dc/dce110/dce110_regs_gen.h) */
	const struct dce110_regs_gen *regs;
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
	uint32_t max_viewport;		 /* VIEWPORT_SIZE fields: 14 bits */
	uint32_t max_border;		 /* EXT_OVERSCAN_* fields: 13 bits */
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
	struct dc_link_runtime rt; /* the link layer's state (dc/link/link.h) */
	/* dc_link_modes: the sink's modes this link can show, and what they were made for */
	struct dc_mode *modes;
	size_t mode_count;
	const struct dc_sink *modes_for;
	uint32_t modes_rate_mbps;
	uint8_t modes_lanes;
};

/*
 * What DC keeps about a timing generator it drives, beyond the committed
 * state: the frame geometry and pixel rate for the timestamp math, the
 * 64-bit frame sequence and the page flip in flight (vblank.c, flip.c).
 * Positions are absolute: frame x (htotal x vtotal) + line x htotal + pixel.
 */
struct dc_pipe_rt {
	bool active;  /* a committed stream runs on it */
	bool running; /* CRTC_CURRENT_MASTER_EN_STATE at the last read */
	uint8_t link;
	uint32_t htotal, vtotal;
	uint32_t vblank_start, vblank_end; /* lines: first of vertical blank, first active */
	uint64_t hz_num, hz_den;	   /* pixel rate as programmed, Hz (0 when unknown) */
	/* CRTC_FRAME_COUNT extended to 64 bits: value, counter and time at the last read */
	uint64_t seq;
	uint32_t seq_hw;
	uint64_t seq_ns;
	bool flip_pending, flip_immediate;
	uint64_t flip_user_data;
	uint64_t flip_latch; /* position where the flip latched or will latch */
	/* variable refresh: vtotal is the longest frame, vrr_min_lines the
	 * shortest; flip_cut the position where the flip ends its frame */
	uint32_t vrr_min_lines;
	uint64_t flip_cut;
	uint64_t flip_latch_ns; /* immediate flips: the time it latched */
};

/* The IH ring as dc_ih_attach set it up (dc/ih/ih.c). */
struct dc_ih_rt {
	bool attached;
	bool no_interrupt;
	unsigned gen; /* enum dc_ih_gen_id */
	const volatile uint32_t *ring;
	const volatile uint32_t *wptr;
	uint32_t mask; /* ring bytes - 1 */
	uint32_t rptr; /* byte offset of the next vector to read */
	struct dc_ih_stats stats;
	unsigned complaints; /* ignored vectors logged so far (rate limit) */
};

/* The video BIOS table that sets DISPCLK (dispclk.c). */
enum dc_dispclk_table {
	DC_DISPCLK_NONE,
	DC_DISPCLK_SET_PIXEL_CLOCK, /* SetPixelClock 1.6 with the DFS (DCE 10, 11.0) */
	DC_DISPCLK_SET_DCE_CLOCK,   /* SetDCEClock 2.1 (DCE 11.2) */
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
	/* commit, flips and interrupts (dc/core/commit*.c, flip.c, vblank.c, irq.c) */
	struct dc_pipe_rt pipes[DC_MAX_PIPES];
	bool vblank_on[DC_MAX_LINKS]; /* dc_vblank_enable */
	struct dc_ih_rt ih;	      /* the IH ring (dc/ih/) */
	/* the video BIOS (dc_set_vbios): pixel clocks through its tables */
	struct dc_bios *bios;
	struct dc_bios_firmware_info bios_fw;
	uint8_t bios_spc_rev;	/* SetPixelClock 1.x: 6 or 7 */
	uint8_t bios_utc_rev;	/* UNIPHYTransmitterControl 1.x: 5 or 6, 0: none dcd knows */
	bool bios_phy_readback; /* the PHY's public registers can be read back (DP) */
	char bios_phy_why[128]; /* why not (bios_utc_rev 0, or no readback) */
	uint32_t bios_phy_mask; /* link encoders on the image's board (its display paths) */
	uint8_t bios_dec_rev;	/* DIGxEncoderControl 1.x: 4 or 5, 0: none dcd knows */
	bool bios_pg;		/* EnableDispPowerGating 2.1 gates and un-gates pipes */
	bool bios_crtc;		/* EnableCRTC 1.1 starts and stops timing generators */
	bool bios_dtd;		/* SetCRTC_UsingDTDTiming x.3 programs their timing */
	enum dc_dispclk_table dispclk_table; /* how the image sets DISPCLK (dispclk.c) */
	uint32_t dentist_vco_khz;	     /* the DENTIST's VCO: DISPCLK x its divider */
	/*
	 * dc_bus_wait (bus_wait.c): inside a scope, the waits of wait_link's
	 * detection or link check serve the other pipes' flips and vblanks;
	 * wait_serving while their callbacks run.
	 */
	bool wait_scope, wait_serving;
	unsigned wait_link;
};

/* ---- the display clock (dispclk.c) ----------------------------------------- */

/* The DENTIST's VCO and the image's DISPCLK table (dispclk_table, dentist_vco_khz). */
void dc_dispclk_init(struct dc *dc);
/*
 * Before a commit: DISPCLK up to need_khz (at least the boot clock) when it
 * is lower. 0, or -ERANGE (DC_ERR_DISPLAY_CLOCK) with err naming the clocks
 * and why.
 */
int dc_dispclk_raise(struct dc *dc, uint32_t need_khz, struct dc_error *err);
/* After a commit: DISPCLK down to need_khz, never below the boot clock (logged). */
void dc_dispclk_lower(struct dc *dc, uint32_t need_khz);
/* Stream s's CRTC clocked by its DP DTO from DPREFCLK (commit_stages.c). */
int dc_stream_program_dto(struct dc *dc, const struct dc_stream *s, int index,
			  struct dc_error *err);

/* ---- the video BIOS (bios_clock.c) --------------------------------------- */

/* The crystal reference: the video BIOS's, else the ASIC's. */
uint32_t dc_ref_khz(struct dc *dc);
/*
 * Whether a display PLL read back at have_khz runs as programming want_khz
 * would run it (dc/calcs' integer dividers cannot make every clock, and a
 * read back is rounded): an adopted stream's PLL then needs no change.
 */
bool dc_pll_agrees(const struct dc *dc, uint32_t want_khz, uint32_t have_khz);
/* What a clock source makes for a stream of pixel_khz: the TMDS clock for HDMI, else pixel_khz. */
uint32_t dc_pll_target_khz(enum dc_signal signal, uint32_t pixel_khz,
			   enum dc_pixel_encoding encoding, uint8_t bpc);
/* Programs the stream's PLL through SetPixelClock (1.6 or 1.7, the image's). */
int dc_bios_pixel_clock(struct dc *dc, const struct dc_stream *s, struct dc_error *err, int index);
void dc_bios_pll_power_down(struct dc *dc, unsigned pll);
/* ---- pipe power gating through the video BIOS (bios_gating.c) ---------- */

/* Looks up EnableDispPowerGating 2.1 in dc->bios (bios_pg). */
void dc_bios_gating_init(struct dc *dc);
/*
 * Pipe pipe powered (on) or gated: 0, also when the image has no such
 * table; -EIO (logged) when the table fails.
 */
int dc_bios_pipe_power(struct dc *dc, unsigned pipe, bool on);
/*
 * The image's ATOM_INIT for pipe 0, as the kernel runs it when it
 * initialises the engine, then CRTC_MASTER_UPDATE_MODE 0 again. 0, also
 * without the table; -EIO (logged) when the table fails.
 */
int dc_bios_pipes_init(struct dc *dc);

/* ---- starting and stopping a CRTC (bios_crtc.c) ----------------------------- */

/* Looks up EnableCRTC 1.1 and SetCRTC_UsingDTDTiming x.3 in dc->bios (bios_crtc, bios_dtd). */
void dc_bios_crtc_init(struct dc *dc);
/*
 * Programs the timing of (stopped) timing generator tg for mode m:
 * through SetCRTC_UsingDTDTiming where the image has it, else by the
 * registers; then the start line of its requests. 0, or -EIO (logged).
 */
int dc_crtc_program_timing(struct dc *dc, unsigned tg, const struct drm_mode_modeinfo *m);
/*
 * Starts (enable) or stops timing generator tg with its front-end clock:
 * through EnableCRTC where the image has it, else by the registers. A stop
 * returns once the CRTC has stopped. 0, or -EIO (logged).
 */
int dc_crtc_enable(struct dc *dc, unsigned tg, bool enable);

/*
 * What carries pipe tg's pixels, read from the encoders (snapshot.c): the
 * stream and link encoders, the link wired to that link encoder and the
 * signal its mode says. -ENODEV when no enabled encoder takes them.
 */
int dc_pipe_output(struct dc *dc, unsigned tg, unsigned *se, unsigned *be, unsigned *link,
		   enum dc_signal *signal);
/* Pipe tg shows the VGA engine's picture (DxVGA_CONTROL.DxVGA_MODE_ENABLE; takeover.c). */
bool dc_pipe_in_vga_mode(struct dc *dc, unsigned tg);

/* ---- the TMDS front end through the video BIOS (bios_encoder.c) --------- */

/* Looks up DIGxEncoderControl 1.4 or 1.5 in dc->bios (bios_dec_rev). */
void dc_bios_encoder_init(struct dc *dc);
/*
 * DIGxEncoderControl SETUP for an HDMI or DVI stream's front end, before
 * dce110_se_setup; 0 (also when the image has no such table or the stream
 * is DP) or -EIO with err filled.
 */
int dc_bios_encoder_setup(struct dc *dc, const struct dc_stream *s, struct dc_error *err);

/* ---- the transmitter's PHY through the video BIOS (bios_phy.c) --------- */

/* Looks up UNIPHYTransmitterControl in dc->bios (bios_utc_rev, or bios_phy_why). */
void dc_bios_phy_init(struct dc *dc);
/*
 * The image has a UNIPHYTransmitterControl dcd can run, and link encoder
 * dig is on its board: the table drives the transmitters its display
 * paths use. dc_bios_phy_tmds is enough for HDMI and DVI; DP also reads
 * the PHY back (dc_bios_phy), which DCE 11.2's public header does not
 * allow.
 */
bool dc_bios_phy_tmds(const struct dc *dc, unsigned dig);
bool dc_bios_phy(const struct dc *dc, unsigned dig);
/* Why not (dc_bios_phy false), one clause naming the table and its revision. */
void dc_bios_phy_why_not(const struct dc *dc, unsigned dig, char *buf, size_t n);
/*
 * Before a stream of signal goes up on link: 0 when a table can program
 * its PHY (DP: dc_bios_phy, TMDS: dc_bios_phy_tmds), else -EOPNOTSUPP,
 * logged, with err naming the link, transmitter and reason (stream index
 * in err->stream; -1 outside a commit).
 */
int dc_bios_phy_check(struct dc *dc, unsigned link, enum dc_signal signal, int stream,
		      struct dc_error *err);
/* PHY of link's transmitter on at rate_mbps x lanes in DP mode; 0 or -EIO (logged). */
int dc_bios_phy_dp_enable(struct dc *dc, unsigned link, uint32_t rate_mbps, unsigned lanes);
/* Voltage swing and pre-emphasis (0..3) of every lane; 0 or -EIO (logged). */
int dc_bios_phy_dp_drive(struct dc *dc, unsigned link, uint32_t rate_mbps, unsigned lanes,
			 uint8_t swing, uint8_t pre);
/*
 * PHY of link's transmitter on for TMDS (signal HDMI or DVI) at the TMDS
 * clock, referenced to display PLL pll; 0 or -EIO (logged).
 */
int dc_bios_phy_tmds_enable(struct dc *dc, unsigned link, enum dc_signal signal, uint32_t tmds_khz,
			    unsigned pll);
/* PHY off; signal: what it carried (DP, HDMI or DVI). */
void dc_bios_phy_disable(struct dc *dc, unsigned link, enum dc_signal signal);

struct dce110_pixel_rate;
/* What clocks CRTC tg: the DP DTO or the display PLL (with the image's reference). */
void dc_pixel_rate(struct dc *dc, unsigned tg, struct dce110_pixel_rate *rate);

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
	bool uses_pll;		 /* TMDS: a PLL; DP / eDP: the pipe's DP DTO */
	uint32_t pll_khz;	 /* the clock source output (rounded to kHz) */
	bool audio;		 /* wants an audio endpoint */
	bool unchanged;		 /* equal to the committed stream on that link */
	int committed;		 /* index of that committed stream, or -1 */
	uint16_t vrr_vtotal_max; /* dc_stream_resources.vrr_vtotal_max */
};

/* Stream checks: link, sink, mode, signal limits, DP bandwidth (validate_stream.c). */
int dc_validate_stream(const struct dc *dc, const struct dc_stream *s, int index,
		       struct dc_stream_plan *plan, struct dc_error *err);

/* A stream's variable refresh: the sink, link and timing allow it (vrr.c). */
int dc_vrr_plan(const struct dc *dc, const struct dc_stream *s, int index,
		struct dc_stream_plan *plan, struct dc_error *err);

/* Plane and cursor checks, DISPCLK and bandwidth figures (validate_plane.c). */
struct dc_plane_load {
	struct fixed32_32 dispclk_khz;
	struct fixed32_32 mbyte_s;
};
int dc_validate_planes(const struct dc *dc, const struct dc_stream *s, int index,
		       struct dc_plane_load *load, struct dc_error *err);

/*
 * Every stream's display watermarks with all streams of the state, into
 * res.wm; refuses a pipe whose DMIF buffer runs dry before its urgent
 * watermark (watermarks.c).
 */
int dc_validate_watermarks(const struct dc *dc, struct dc_state *state,
			   const struct dc_plane_load *load, struct dc_error *err);
/*
 * res.wm of an adopted state (what its pipes' registers hold, since the
 * banked registers are not read back), so the next commit of the same
 * state writes nothing. Left as they are when the planes do not validate.
 */
void dc_watermarks_fill(const struct dc *dc, struct dc_state *state);

/* Assigns pipes, encoders, clock sources and audio over the whole state (assign.c). */
int dc_assign_resources(const struct dc *dc, struct dc_state *state,
			const struct dc_stream_plan *plans, struct dc_error *err);

/* "3840x2160@60 RGB 8bpc" for messages. */
int dc_fmt_stream(char *buf, size_t size, const struct dc_stream *s);

/* ---- pipe setup at commit (pipe_setup.c) --------------------------------------- */

struct dc_commit;
/*
 * DMIF buffers for a new pipe (prev NULL; waits for the allocation through
 * the hw clock, -ETIMEDOUT with err filled when it never completes) and
 * its watermarks when new or changed against prev.
 */
int dc_pipe_setup(struct dc *dc, const struct dc_stream *s, int index, const struct dc_stream *prev,
		  struct dc_error *err);
/* Watermarks of the unchanged streams whose marks moved; the DMIF request limit. */
void dc_pipe_setup_others(struct dc *dc, const struct dc_commit *c);
/* Gives a stopped pipe's DMIF buffers back (a timeout is logged). */
void dc_pipe_release(struct dc *dc, const struct dc_stream *s);

/* ---- pipes at run time: frame sequence and scanout times (vblank.c) ---------- */

/* Index of the committed stream on link, or -1. */
int dc_committed_index(const struct dc *dc, unsigned link);

/* The DP DTO reference: the image's default DISPCLK, else the pool's. */
uint32_t dc_dprefclk_khz(struct dc *dc);

/* V_BLANK_START of a timing: the line where vertical blank (and a vsync flip) starts. */
unsigned dc_vblank_start_line(const struct drm_mode_modeinfo *m);
/* Programs the vblank interrupt of s's timing generator as dc_vblank_enable asks. */
void dc_vblank_program(struct dc *dc, const struct dc_stream *s);

/*
 * Starts following timing generator tg for stream s: frame geometry, the
 * pixel rate read from the clock registers, the frame sequence from the
 * counter. Reads registers only.
 */
void dc_pipe_start(struct dc *dc, unsigned tg, const struct dc_stream *s);
/* Forgets tg (no stream on it any more; a pending flip is dropped). */
void dc_pipe_stop(struct dc *dc, unsigned tg);

/* Reads the position of tg now (extending the frame sequence); *t_ns: when. */
uint64_t dc_pipe_now(struct dc *dc, unsigned tg, uint64_t *t_ns);
/* First position at or after pos (after: strictly) where line `line` starts. */
uint64_t dc_pipe_next_line(const struct dc_pipe_rt *rt, uint32_t line, uint64_t pos, bool after);
/* Last position at or before pos where line `line` starts (pos itself counts). */
uint64_t dc_pipe_prev_line(const struct dc_pipe_rt *rt, uint32_t line, uint64_t pos);
/* Time of position pos given that ref_pos was at ref_ns (either may be later). */
uint64_t dc_pipe_time_of(const struct dc_pipe_rt *rt, uint64_t pos, uint64_t ref_pos,
			 uint64_t ref_ns);

/*
 * Waits ns on the hw clock. Inside a scope (begin/end around one link's
 * detection or link check, never a commit) it serves the flips and vblanks
 * of running pipes on other links meanwhile (bus_wait.c: the rule on what
 * their callbacks may call); outside it is dc_hw_delay_ns.
 */
void dc_bus_wait(struct dc *dc, uint64_t ns);
/*
 * Inside a scope, serves at once what other pipes have pending, without
 * waiting: between short bus transactions (AUX requests) that are not
 * worth a wait of their own but add up to most of a frame.
 */
void dc_bus_serve(struct dc *dc);
void dc_bus_wait_begin(struct dc *dc, unsigned link);
void dc_bus_wait_end(struct dc *dc);

/* Interrupt halves (irq.c calls them per active pipe): flip done, vblank. */
void dc_flip_irq(struct dc *dc, unsigned tg);
void dc_vblank_irq(struct dc *dc, unsigned tg);
/* Every source once, as dc_handle_irq did before the ring (irq.c). */
void dc_irq_scan(struct dc *dc);
/* Drains the IH ring and acts on its vectors (dc/ih/ih.c). */
void dc_ih_drain(struct dc *dc);

/* ---- commit internals (commit_stages.c, sync.c) ------------------------------- */

/* Progress bits of struct dc_commit.done: bit n for stage n. */
#define DC_DONE_TIMING	(1u << 2)
#define DC_DONE_PLANES	(1u << 3)
#define DC_DONE_LINK	(1u << 4)
#define DC_DONE_UNBLANK (1u << 5)

/* Starts the timing generators of the streams being set up, timing groups in lockstep. */
int dc_sync_start(struct dc *dc, struct dc_commit *c, struct dc_error *err);

/*
 * Blanks and powers down one stream's pipe, stream encoder and link (its
 * PLL stays: see dc_plls_release). Used by stage 1 and by rollback.
 */
void dc_stream_shutdown(struct dc *dc, const struct dc_stream *s);
/* Powers down the PLLs in mask that none of the n streams in live uses. */
void dc_plls_release(struct dc *dc, unsigned mask, const struct dc_stream *live, unsigned n,
		     const bool *skip);
/*
 * Programs s's primary plane, cursor and blank color; prev is what the
 * running pipe shows now (only what differs is written) or NULL for a
 * stopped pipe being set up.
 */
void dc_stream_program_planes(struct dc *dc, const struct dc_stream *s,
			      const struct dc_stream *prev);

/* Timing fields and flags equal, the picture aspect flags aside (snapshot.c). */
/* Forgets the link's dc_link_modes list (link_modes.c). */
void dc_link_modes_drop(struct dc_link *l);

bool dc_timing_equal(const struct drm_mode_modeinfo *a, const struct drm_mode_modeinfo *b);
/* Every field of the resources equal. */
bool dc_resources_equal(const struct dc_stream_resources *a, const struct dc_stream_resources *b);

#endif
