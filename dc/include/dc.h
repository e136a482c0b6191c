/*
 * Display Core: the public API the daemon (and tests) use.
 *
 * DC turns "these monitors are plugged in" and "I want this mode and these
 * buffers on them" into register programming through struct dc_hw, and
 * hardware interrupts back into events delivered to plain callbacks. It
 * never calls any other service: no I/O but struct dc_hw, no threads, no
 * timers of its own (dc_next_deadline tells the caller when to call
 * dc_dispatch).
 *
 * Error convention: every function returning int returns 0 or a negative
 * errno. Validation and commit failures also fill a struct dc_error with a
 * reason code and one sentence naming the output, the limiting resource and
 * the numbers on both sides.
 *
 * Objects:
 *   link    one connector (DP-1, HDMI-A-1, DVI-D-1, eDP-1), addressed by its
 *           index 0..dc_link_count()-1; owned by struct dc.
 *   sink    what is attached to a link: EDID, decoded capabilities, modes,
 *           DPCD caps, dongle. Reference counted: a caller keeping one past
 *           the next detection takes a reference.
 *   stream  a timing on a link (mode, encoding, depth) with its planes.
 *   state   the streams (and their planes) that should be on the screens: a
 *           plain value, copied and compared freely.
 */
#ifndef DC_H
#define DC_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <drm_mode.h>

#include "dc_asic.h"
#include "dc_hw.h"

struct dc;
struct dc_sink;
struct dc_edid;
struct dc_mode;

/* Limits of the largest supported engine (DCE 10.0: 6 pipes, 7 DIGs). */
#define DC_MAX_LINKS   9
#define DC_MAX_STREAMS 6

enum dc_link_type {
	DC_LINK_DP,
	DC_LINK_EDP,
	DC_LINK_HDMI_A,
	DC_LINK_DVI_D,
};

enum dc_signal {
	DC_SIGNAL_NONE,
	DC_SIGNAL_DP,
	DC_SIGNAL_EDP,
	DC_SIGNAL_HDMI,
	DC_SIGNAL_DVI_SINGLE,
	DC_SIGNAL_DVI_DUAL,
};

/*
 * How a connector is wired: on the simulator this comes from the scenario,
 * on hardware from the board description (VBIOS object table, or the
 * default layout of the ASIC).
 */
/* DP link rates, in Mbit/s per lane, raw */
#define DC_DP_RATE_RBR	1620
#define DC_DP_RATE_HBR	2700
#define DC_DP_RATE_HBR2 5400
#define DC_DP_RATE_HBR3 8100

/* "RBR", "HBR", "HBR2", "HBR3", or NULL for another rate. */
const char *dc_dp_rate_name(uint32_t rate_mbps);

struct dc_connector_desc {
	enum dc_link_type type;
	uint8_t hpd;	/* DC_HPD line, 0 for DC_HPD1 */
	uint8_t ddc;	/* DDC line of the DC_I2C engine */
	uint8_t aux;	/* DP_AUX channel (DP and eDP only) */
	uint8_t dig_be; /* link encoder (DIG back end + UNIPHY) of the connector */
	/*
	 * DVI-D only: the connector is wired for dual link, which also takes
	 * the second link of the UNIPHY pair (dig_be + 1; dig_be must be even).
	 */
	bool dual_link;
	/*
	 * The encoder may drive TMDS above 300 MHz (HDMI 2.0, up to 600 MHz):
	 * the VBIOS encoder capability HDMI_6GB_EN. Without it a DCE 10/11
	 * encoder stops at 300 MHz, as the public driver's encoder limits say.
	 */
	bool hdmi_6g;
	/*
	 * DP and eDP: the highest link rate the board qualified for this
	 * encoder, in Mbit/s per lane (2700 HBR, 5400 HBR2, 8100 HBR3; the
	 * VBIOS encoder capabilities HBR2_EN and HBR3_EN). 0: the ASIC's.
	 */
	uint32_t max_dp_rate_mbps;
};

struct dc_board {
	enum dc_asic asic;
	unsigned connector_count;
	struct dc_connector_desc connectors[DC_MAX_LINKS];
};

/* ---- errors ------------------------------------------------------------ */

enum dc_error_code {
	DC_ERR_NONE = 0,
	DC_ERR_INVALID,		 /* malformed state: bad index, duplicate link */
	DC_ERR_NOT_CONNECTED,	 /* stream on a link with no sink */
	DC_ERR_MODE,		 /* timing the sink or signal cannot carry */
	DC_ERR_TIMING_GENERATOR, /* no free timing generator */
	DC_ERR_STREAM_ENCODER,	 /* no free DIG front end */
	DC_ERR_CLOCK_SOURCE,	 /* no PLL can produce the pixel clock */
	DC_ERR_AUDIO,		 /* no free audio endpoint */
	DC_ERR_TMDS_CLOCK,	 /* signal limit: DVI/HDMI TMDS clock */
	DC_ERR_SINK_TMDS,	 /* the sink's own max TMDS / scrambling support */
	DC_ERR_DONGLE,		 /* DP++ adaptor limit */
	DC_ERR_LINK_BANDWIDTH,	 /* DP lanes x rate */
	DC_ERR_DISPLAY_CLOCK,	 /* DISPCLK */
	DC_ERR_MEMORY_BANDWIDTH, /* memory / DMIF bandwidth model */
	DC_ERR_PLANE_FORMAT,	 /* format or modifier not scanned out */
	DC_ERR_PLANE_SIZE,	 /* plane size, pitch or position */
	DC_ERR_SCALER,		 /* scaling ratio or taps */
	DC_ERR_CURSOR,		 /* cursor size or format */
	DC_ERR_LINK_TRAINING,	 /* commit: link training failed */
	DC_ERR_LINK_ENCODER,	 /* link encoder (or its dual-link partner) taken */
	DC_ERR_VRR,		 /* variable refresh the sink, link or timing cannot do */
};

struct dc_error {
	enum dc_error_code code;
	int stream; /* index in the state, or -1 */
	int plane;  /* 0 primary, 1 cursor, or -1 */
	/* One sentence: "DP-1: 2 lanes x HBR = 8.64 Gbit/s effective, ..." */
	char message[256];
};

/* ---- creation and links --------------------------------------------------- */

/*
 * The connectors of a typical board with this ASIC, for when no VBIOS
 * object table is at hand (the simulator's default): Carrizo eDP + DP +
 * HDMI, Stoney eDP + HDMI, Tonga 2 DVI-D (one dual link) + HDMI + DP, Fiji
 * 3 DP + HDMI. -EINVAL for an unknown ASIC. docs/dc.md lists the wiring.
 */
int dc_board_default(enum dc_asic asic, struct dc_board *out);

/*
 * Checks a board against its ASIC: known connector types, HPD/DDC/AUX
 * lines and link encoders that exist, no link encoder wired twice, dual
 * link only on DVI-D with an even link encoder. 0, or -EINVAL with err
 * (may be NULL) naming the connector and the numbers.
 */
int dc_board_check(const struct dc_board *board, struct dc_error *err);

/*
 * Creates the core for the engine behind hw. Reads nothing from the hardware
 * beyond what it needs to know its state; programs nothing. -EINVAL for a
 * board dc_board_check refuses, -ENOMEM.
 */
int dc_create(struct dc_hw *hw, const struct dc_board *board, struct dc **out);
void dc_destroy(struct dc *dc);

/*
 * Hands Display Core the engine's video BIOS image (copied): from then on
 * pixel clocks go through its SetPixelClock table (docs/bios.md). Call
 * once after dc_create, before the first commit. 0, or -EINVAL with err
 * naming what is wrong with the image (damaged, no FirmwareInfo, no
 * SetPixelClock of revision 1.6).
 */
int dc_set_vbios(struct dc *dc, const void *image, size_t len, struct dc_error *err);
/*
 * Posts a GPU the system firmware did not initialise (docs/bios.md,
 * "Posting"): when BIOS_SCRATCH_7 lacks ATOM_S7_ASIC_INIT_COMPLETE, runs
 * the image's ASIC_Init with FirmwareInfo's default engine and memory
 * clocks, as the kernel's amdgpu does. Call after dc_set_vbios. 0 when
 * the GPU was posted already (nothing written), 1 when ASIC_Init posted
 * it, or -errno with err naming why it cannot be posted.
 */
int dc_vbios_post(struct dc *dc, struct dc_error *err);
bool dc_gpu_posted(const struct dc *dc);
/* Whether dc_set_vbios would take the image (before there is a dc): 0 or -EINVAL, err as there. */
int dc_vbios_check(const void *image, size_t len, struct dc_error *err);
/* The image's version ("113-C75100-031") and build date, NULL without one. */
const char *dc_vbios_version(const struct dc *dc);
const char *dc_vbios_date(const struct dc *dc);
/*
 * DISPCLK in effect, kHz, read from the DENTIST: what the video BIOS
 * booted with until a commit needs more (docs/bios.md, "The display clock").
 */
uint32_t dc_dispclk_khz(struct dc *dc);

unsigned dc_link_count(const struct dc *dc);
/* "DP-1", "HDMI-A-1", "DVI-D-1", "eDP-1": numbered per type in board order. */
const char *dc_link_name(const struct dc *dc, unsigned link);
/* The prefix of a type's link names ("DP", "eDP", "HDMI-A", "DVI-D"), NULL if unknown. */
const char *dc_link_type_name(enum dc_link_type type);
enum dc_link_type dc_link_type(const struct dc *dc, unsigned link);
/* Index of the link called name, or -ENOENT. */
int dc_link_by_name(const struct dc *dc, const char *name);

/*
 * Detects what is on the link (HPD sense, EDID over DDC or I2C-over-AUX,
 * DPCD caps, DP++ adaptor) and replaces the link's sink. Returns 0 whether
 * or not something is connected; -EIO when the sink answered but nothing
 * usable could be read (the reason is logged).
 * The first detection of a link also arms its hot-plug line (interrupts on
 * plug, unplug and DP short pulses; nothing on screen changes), so the
 * daemon detects every link once at start-up. On a DP link without a
 * stream it verifies the link capability by training once and turning the
 * link off again; dc_validate then holds DP streams against what trained.
 */
int dc_link_detect(struct dc *dc, unsigned link);

/* The current sink, or NULL when nothing is connected. Borrowed. */
struct dc_sink *dc_link_sink(const struct dc *dc, unsigned link);

/*
 * The modes of the link's sink this link can show, preferred first: the
 * sink's list (dc_sink_modes) less each mode dc_validate refuses by itself
 * on this link (RGB 8bpc with a full-screen XRGB8888 plane): DP bandwidth
 * as trained, TMDS clock limits, the timing generator, DISPCLK. What a
 * compositor should choose from. NULL and *count 0 without a sink. The
 * array is the link's: valid until the next detection of the link or
 * dc_link_set_sink.
 */
const struct dc_mode *dc_link_modes(struct dc *dc, unsigned link, size_t *count);

/* What a DP receiver states in its DPCD receiver capability field (0x0000..). */
struct dc_dp_caps {
	uint8_t dpcd_rev;	     /* DPCD_REV, 0x10..0x14 */
	uint32_t max_rate_mbps;	     /* MAX_LINK_RATE per lane: 1620, 2700, 5400 */
	uint8_t max_lanes;	     /* MAX_LANE_COUNT: 1, 2 or 4 */
	bool tps3;		     /* TPS3_SUPPORTED */
	bool enhanced_framing;	     /* ENHANCED_FRAME_CAP */
	bool mst;		     /* MSTM_CAP */
	uint8_t sink_count;	     /* SINK_COUNT */
	bool downstream_port;	     /* DOWNSTREAM_PORT_PRESENT: a branch device */
	uint8_t downstream_type;     /* DFP type, DOWN_STREAM_PORT_TYPE bits 2:1 */
	bool msa_timing_par_ignored; /* DOWN_STREAM_PORT_COUNT bit 6: Adaptive-Sync */
};

/* A DP++ (dual-mode) adaptor between a DP connector and a TMDS sink. */
enum dc_dongle_type {
	DC_DONGLE_NONE,
	DC_DONGLE_DP_DVI_TYPE1,	 /* type 1: no adaptor ID, 165 MHz */
	DC_DONGLE_DP_HDMI_TYPE1, /* type 1 to HDMI */
	DC_DONGLE_DP_DVI_TYPE2,	 /* type 2: max TMDS clock in its ID buffer */
	DC_DONGLE_DP_HDMI_TYPE2,
};

struct dc_dongle {
	enum dc_dongle_type type;
	/*
	 * Type 2: the adaptor's MAX_TMDS_CLOCK byte x 2.5 MHz; type 1: 165000
	 * (or a value it states), in kHz.
	 */
	uint32_t max_tmds_khz;
};

struct dc_link_training {
	uint32_t rate_mbps;	/* per lane: 1620, 2700 or 5400; 0 untrained */
	uint8_t lanes;		/* 1, 2 or 4 */
	uint8_t swing[4];	/* voltage swing level per lane */
	uint8_t preemphasis[4]; /* pre-emphasis level per lane */
	uint16_t cr_tries;	/* clock recovery iterations */
	uint16_t eq_tries;	/* channel equalization iterations */
	uint8_t fallbacks;	/* rate/lane reductions it took */
	int result;		/* 0, or -errno of the last failure */
};

struct dc_link_status {
	bool connected;
	enum dc_signal signal; /* signal the stream would use */
	bool active;	       /* a stream is committed on it */
	/* DP: the verified link capability and the last training */
	uint32_t max_rate_mbps;
	uint8_t max_lanes;
	struct dc_link_training training;
	/* HDMI: scrambling on (TMDS character rate above 340 Mcsc) */
	bool hdmi_scrambling;
	uint32_t pixel_clock_khz;
	/* the sink is a head-mounted display (dc_edid_caps.non_desktop) */
	bool non_desktop;
	/* the range a stream with vrr may vary in, 0 when the sink or link
	 * cannot (dc_link_vrr_range says why); vrr_active: the committed stream
	 * runs with it */
	uint16_t vrr_min_hz, vrr_max_hz;
	bool vrr_active;
};

int dc_link_get_status(const struct dc *dc, unsigned link, struct dc_link_status *out);

/*
 * The refresh range in which a stream on link may vary (dc_stream.vrr):
 * 0, or -ENODEV (nothing connected) / -EOPNOTSUPP with why filled ("DP-1:
 * the DP receiver does not set MSA_TIMING_PAR_IGNORED ...").
 */
int dc_link_vrr_range(const struct dc *dc, unsigned link, uint16_t *min_hz, uint16_t *max_hz,
		      char *why, size_t why_len);
/* "none", "DP", "eDP", "HDMI", "single-link DVI", "dual-link DVI" (logs, D-Bus). */
const char *dc_signal_name(enum dc_signal signal);

/* Native DPCD access over the link's AUX channel (DP and eDP links). */
int dc_read_dpcd(struct dc *dc, unsigned link, uint32_t address, void *buf, size_t size);
int dc_write_dpcd(struct dc *dc, unsigned link, uint32_t address, const void *buf, size_t size);

/* ---- sinks ----------------------------------------------------------------- */

struct dc_sink *dc_sink_ref(struct dc_sink *sink);
void dc_sink_unref(struct dc_sink *sink);
enum dc_signal dc_sink_signal(const struct dc_sink *sink);
/* The EDID exactly as read (every block). */
const uint8_t *dc_sink_edid(const struct dc_sink *sink, size_t *size);
/* The decoded EDID (dc_edid.h), or NULL when the EDID could not be decoded. */
const struct dc_edid *dc_sink_edid_info(const struct dc_sink *sink);
/* The sink's modes, preferred first (dc_modes.h). */
const struct dc_mode *dc_sink_modes(const struct dc_sink *sink, size_t *count);
/* DP receiver caps (DP and eDP sinks), or NULL. */
const struct dc_dp_caps *dc_sink_dp_caps(const struct dc_sink *sink);
/* The DP++ adaptor the sink is behind, or NULL. */
const struct dc_dongle *dc_sink_dongle(const struct dc_sink *sink);

/* ---- state: streams and planes ------------------------------------------- */

enum dc_pixel_encoding {
	DC_ENCODING_RGB,
	DC_ENCODING_YCBCR444,
	DC_ENCODING_YCBCR422,
	DC_ENCODING_YCBCR420,
};

struct dc_plane {
	bool enabled;
	uint32_t format;	       /* DRM_FORMAT_* */
	uint64_t modifier;	       /* DRM_FORMAT_MOD_LINEAR */
	uint32_t width, height, pitch; /* framebuffer; pitch in bytes */
	uint64_t address;	       /* device address of the first pixel */
	/* Source rectangle in framebuffer pixels, 16.16 fixed point (as DRM). */
	uint32_t src_x, src_y, src_w, src_h;
	/* Destination on the stream's active area, in pixels. */
	int32_t dst_x, dst_y;
	uint32_t dst_w, dst_h;
};

struct dc_cursor {
	bool enabled;
	uint32_t width, height; /* 64x64 or 128x128, ARGB8888 */
	uint64_t address;
	int32_t x, y; /* position of the hot spot on the active area */
	uint32_t hot_x, hot_y;
};

#define DC_MAX_PLANE_FORMATS 16

/*
 * What the primary plane of every pipe scans out (linear surfaces; DRM
 * formats in the order the engine prefers) and the square ARGB8888 cursor
 * sizes. The same on every link of an engine.
 */
struct dc_plane_caps {
	uint32_t max_width, max_height; /* largest surface, pixels */
	unsigned format_count;
	uint32_t formats[DC_MAX_PLANE_FORMATS];
	uint16_t cursor_sizes[2]; /* 64, 128 */
};

int dc_get_plane_caps(const struct dc *dc, struct dc_plane_caps *out);

/* What validation assigned to a stream; -1 where nothing is needed. */
/*
 * A pipe's display watermarks as dc_validate computed them from the
 * bandwidth model (docs/bandwidth.md, "Watermarks"), in ns rounded up;
 * dc_commit writes them into the DPG registers (clamped to the fields).
 */
struct dc_watermarks {
	uint32_t urgent_ns;	  /* URGENCY_LOW_WATERMARK: ask for data urgently */
	uint32_t line_ns;	  /* URGENCY_HIGH_WATERMARK: one line time */
	uint32_t stutter_exit_ns; /* STUTTER_EXIT_SELF_REFRESH_WATERMARK */
	uint32_t nbp_ns;	  /* NB_PSTATE_CHANGE_WATERMARK */
	uint32_t hiding_ns;	  /* how long its DMIF buffer lasts; UINT32_MAX: no fetch */
	bool stutter;		  /* self-refresh allowed: stutter_exit_ns <= hiding_ns */
	bool nbp_hidden;	  /* a memory clock change fits: nbp_ns <= hiding_ns */
};

struct dc_stream_resources {
	int8_t timing_generator;
	int8_t pipe;
	int8_t stream_encoder; /* DIG front end */
	int8_t link_encoder;   /* DIG back end + UNIPHY */
	int8_t clock_source;   /* PLL index, or DC_CLOCK_SOURCE_DP_DTO */
	int8_t audio;
	uint32_t pixel_clock_khz; /* what the clock source produces (TMDS clock on HDMI) */
	enum dc_signal signal;	  /* chosen: DVI single or dual link, HDMI, DP, eDP */
	bool hdmi_scrambling;	  /* TMDS character rate above 340 Mcsc */
	/* variable refresh: lines of the longest frame (the sink's minimum
	 * rate), 0 with VRR off; the shortest is mode.vtotal */
	uint16_t vrr_vtotal_max;
	struct dc_watermarks wm; /* of its pipe, with every stream of the state */
};

#define DC_CLOCK_SOURCE_DP_DTO 16

struct dc_stream {
	uint8_t link;
	struct drm_mode_modeinfo mode;
	enum dc_pixel_encoding encoding;
	uint8_t bpc;	      /* 6, 8, 10 or 12 */
	uint32_t blank_color; /* XRGB8888 shown where no plane covers */
	/*
	 * Variable refresh (DRM's VRR_ENABLED): the front porch stretches until
	 * a flip arrives, from mode's refresh down to the sink's minimum. DP
	 * Adaptive-Sync sinks only; turning it on or off is a modeset.
	 */
	bool vrr;
	struct dc_plane primary;
	struct dc_cursor cursor;
	struct dc_stream_resources res; /* filled by dc_validate */
};

struct dc_state {
	unsigned stream_count;
	struct dc_stream streams[DC_MAX_STREAMS];
	/* Set by dc_validate: the DISPCLK its busiest pipe needs, kHz (0: no stream). */
	uint32_t dispclk_khz;
};

/*
 * Checks that state can be shown as a whole (every stream, against the
 * shared resources of the engine) and fills each stream's res. Stateless:
 * reads the committed state only to keep unchanged streams on the resources
 * they have, never touches hardware or committed state. Returns 0, or
 * -EINVAL / -ERANGE / -ENOSPC with err filled.
 */
int dc_validate(struct dc *dc, struct dc_state *state, struct dc_error *err);

/*
 * Makes state the one on screen, all or nothing: validates a copy, then
 * programs only what changed (dc_commit_prepare, the five stages below in
 * their order, dc_commit_finish). A stream equal to the committed one on
 * its link (timing, encoding, depth and resources) is never blanked: only
 * its plane, cursor and blank color registers that differ are written, and
 * none when nothing differs. Streams not in state are blanked and powered
 * down. Streams committed together with identical timings start in
 * lockstep.
 *
 * Validation failures change nothing. When the hardware fails midway (a
 * link that no longer trains), the outputs are brought back to the
 * previous state as far as the hardware allows (dc_commit_rollback), the
 * error is returned, and dc_current_state says what is on screen.
 * -EBUSY (nothing changed) while a page flip is pending on a stream the
 * commit would reprogram. docs/dc.md, "Commit, flip, interrupts,
 * snapshot", has the details.
 */
int dc_commit(struct dc *dc, const struct dc_state *state, struct dc_error *err);

/* The committed state (what dc_commit last made true; dc_flip updates addresses). */
const struct dc_state *dc_current_state(const struct dc *dc);

/* ---- commit stages (what dc_commit runs, for callers that need their own order) ---- */

enum dc_stream_update {
	DC_UPDATE_NONE,	   /* equal to the committed stream: no register is written */
	DC_UPDATE_PLANES,  /* same timing and resources: plane, cursor, blank color only */
	DC_UPDATE_MODESET, /* new, or its timing, signal or resources changed */
};

/* A commit in progress: a plain value the stages fill in. */
struct dc_commit {
	struct dc_state old;			      /* the committed state it starts from */
	struct dc_state state;			      /* the validated state it makes current */
	enum dc_stream_update update[DC_MAX_STREAMS]; /* per stream of state */
	int8_t from[DC_MAX_STREAMS];		      /* per stream of state: index in old, or -1 */
	bool remove[DC_MAX_STREAMS]; /* per stream of old: goes away (gone, or a modeset) */
	/* progress, for dc_commit_rollback */
	uint8_t done[DC_MAX_STREAMS]; /* per stream of state: stages done (bit n: stage n) */
	bool removed[DC_MAX_STREAMS]; /* per stream of old: shut down */
};

/*
 * Validates a copy of state and works out per stream what changes. May
 * read registers but writes none and changes no state. 0, or -errno with err filled.
 */
int dc_commit_prepare(struct dc *dc, const struct dc_state *state, struct dc_commit *c,
		      struct dc_error *err);
/*
 * Stage 1: DISPCLK up to what the new state needs (through the video BIOS),
 * then blanks and powers down removed streams (link, timing generator, PLL).
 */
int dc_commit_disable_removed(struct dc *dc, struct dc_commit *c, struct dc_error *err);
/* Stage 2: pixel clocks (PLL dividers, DP DTO) and timing generators, blanked and stopped. */
int dc_commit_program_timing(struct dc *dc, struct dc_commit *c, struct dc_error *err);
/* Stage 3: surfaces and cursors (also the plane-only updates of unchanged streams). */
int dc_commit_program_planes(struct dc *dc, struct dc_commit *c, struct dc_error *err);
/* Stage 4: stream encoders, then the links (DP training; HDMI scrambling). */
int dc_commit_enable_links(struct dc *dc, struct dc_commit *c, struct dc_error *err);
/* Stage 5: starts the new timing generators together, DP video on, unblanks. */
int dc_commit_unblank(struct dc *dc, struct dc_commit *c, struct dc_error *err);
/* After the last stage: c->state becomes the committed state; DISPCLK comes down to its need. */
void dc_commit_finish(struct dc *dc, struct dc_commit *c);
/* After a failed stage: undoes what the stages did and restores the old streams. */
void dc_commit_rollback(struct dc *dc, struct dc_commit *c);

/*
 * Reads the hardware back into a state: for every running timing
 * generator (but one in VGA mode: the video BIOS's console) its stream
 * (link from the link encoder, timing from the CRTC, clock from the PLL
 * or DP DTO, encoding and depth from the stream encoder), its primary
 * plane, cursor, blank color and resources. Writes no register.
 * docs/dc.md lists what cannot be read back.
 */
int dc_snapshot(struct dc *dc, struct dc_state *out);
/*
 * Whether stream s as dc_snapshot read it back could be a stream of khz
 * (its mode's clock as committed): the read back is rounded to the kHz,
 * and a display PLL with integer dividers misses some clocks (HDMI deep
 * colour's TMDS clocks on a 48 MHz reference by up to a few tenths of a
 * percent). True when programming khz would run the PLL as it runs.
 */
bool dc_clock_agrees(struct dc *dc, const struct dc_stream *s, uint32_t khz);

/*
 * Takes the engine over from the firmware (dcd does it at start-up,
 * before dc_snapshot): a pipe the video BIOS's VGA console runs on is
 * blanked and stopped and leaves VGA mode, VGA rendering is turned off,
 * and every pipe that runs nothing is power-gated where the image has
 * EnableDispPowerGating. Pipes of the current state and other running
 * pipes are left alone; nothing is written where nothing needs doing.
 * 0, or -EIO when a video BIOS table failed (logged).
 */
int dc_takeover(struct dc *dc);

/*
 * Takes state (normally from dc_snapshot) as committed without programming
 * anything, so a restarted daemon continues what is on screen; the links
 * take their trained configuration from the hardware. -EINVAL for a state
 * whose links or resources do not exist.
 */
int dc_adopt(struct dc *dc, const struct dc_state *state);

/*
 * Whether two states show the same thing: the same links with, per link
 * (in any order), the same timing (clock and every h/v field and flag but
 * the picture aspect), encoding, depth, blank color and resources, primary
 * planes that scan out the same (format up to its ignored alpha, pitch,
 * address, source and destination rectangles) and cursors that look the
 * same (shown or not; size, address and top-left corner). dc_snapshot
 * after dc_commit is equal to the committed state in this sense.
 */
bool dc_state_equal(const struct dc_state *a, const struct dc_state *b);

/* The format as the primary plane scans it out: ARGB8888 as XRGB8888 and so on. */
uint32_t dc_format_opaque(uint32_t fourcc);

/* ---- flips, cursor, vblank ----------------------------------------------- */

enum dc_flip_flags {
	DC_FLIP_VSYNC = 0,
	DC_FLIP_IMMEDIATE = 1 << 0,
};

/*
 * Scans out the framebuffer at address on the link's primary plane (same
 * format, size and pitch as committed): at the next start of vertical
 * blank, or with DC_FLIP_IMMEDIATE at once (tearing). Completes with a
 * flip_done event carrying user_data, delivered by dc_handle_irq: seq is
 * the frame that shows the new buffer (the timing generator's frame
 * counter extended to 64 bits) and ts_ns when its first active line
 * started, computed from the scanout position, so a late dc_handle_irq
 * reports the same; an immediate flip reports the frame and time it
 * latched. -EBUSY while a flip is pending on the plane (until its event),
 * -ENOENT when the link has no stream, -EINVAL without a primary plane or
 * for a misaligned address. Updates the committed state's address.
 */
int dc_flip(struct dc *dc, unsigned link, uint64_t address, uint32_t flags, uint64_t user_data);

/* Sets or moves the cursor now; never waits for a pending flip. */
int dc_cursor_update(struct dc *dc, unsigned link, const struct dc_cursor *cursor);

/*
 * Turns vblank events for the link on or off: one per frame at the start
 * of vertical blank, with the seq and ts_ns of the frame that follows it
 * (the values a flip latched in that blank reports). A late dc_handle_irq
 * reports the latest vblank only. Kept across commits on the link.
 */
int dc_vblank_enable(struct dc *dc, unsigned link, bool enable);

/* ---- interrupts and events ------------------------------------------------ */

enum dc_link_event {
	DC_LINK_EVENT_RETRAINED,       /* link lost and trained again */
	DC_LINK_EVENT_TRAINING_FAILED, /* lost and could not be restored */
	DC_LINK_EVENT_SINK_COUNT,      /* DP sink count changed */
};

struct dc_events {
	void (*hotplug)(struct dc *dc, unsigned link, bool connected, void *data);
	/* seq: 64-bit frame sequence; ts_ns: start of scanout, CLOCK_MONOTONIC */
	void (*flip_done)(struct dc *dc, unsigned link, uint64_t user_data, uint64_t seq,
			  uint64_t ts_ns, void *data);
	void (*vblank)(struct dc *dc, unsigned link, uint64_t seq, uint64_t ts_ns, void *data);
	void (*link_event)(struct dc *dc, unsigned link, enum dc_link_event event, void *data);
	/*
	 * Only from a bus wait (dc_in_bus_wait), for each running pipe on
	 * another link: whenever the wait serves (a vertical event, after its
	 * flip_done and vblank; the end of each bus wait; before each AUX
	 * request) and, when no flip is pending there,
	 * DC_FLIP_WINDOW_GUARD_NS before each start of vertical blank, so
	 * that a dc_flip of this link made now still latches in that blank.
	 * The owner's chance to submit flips its clients sent while DC
	 * waited, which its loop cannot read until the wait ends. NULL: the
	 * wait wakes only for pending flips and enabled vblanks.
	 */
	void (*flip_window)(struct dc *dc, unsigned link, void *data);
};

/*
 * How long before a vblank a bus wait offers flip_window: the owner's
 * wake-up, a socket read and dc_flip's register writes fit in it; a flip
 * sent later than that during a wait latches a frame after.
 */
#define DC_FLIP_WINDOW_GUARD_NS 1000000ull

void dc_set_events(struct dc *dc, const struct dc_events *events, void *data);

/*
 * Handles what interrupted: with an IH ring attached (dc_ih.h) the sources
 * its vectors name, without one every source. Each is read, acknowledged
 * at its block and dispatched: HPD long pulses (debounced re-detection),
 * short pulses (link status, IRQ vector), page flips, vblanks. Call when
 * the hw interrupt fd is readable (or from a timer in poll mode).
 */
int dc_handle_irq(struct dc *dc);

/*
 * True while DC calls flip_done, vblank or flip_window from inside
 * dc_dispatch: a detection or link check waiting on its bus (an EDID takes
 * 23 ms over DDC) serves the other outputs' page flips and vblanks
 * meanwhile, so they keep their frames. Then, and only then, the callback (flip_done, vblank,
 * flip_window) may call dc_flip for its own link (to submit a queued flip
 * at once, or one a client sent during the wait) and no other DC
 * function: the link being detected is not served, and no commit runs.
 */
bool dc_in_bus_wait(const struct dc *dc);

/*
 * Deferred work (debounced detection, retraining): dc_next_deadline returns
 * the dc_hw clock time at which dc_dispatch wants to run, or UINT64_MAX.
 * dc_dispatch runs one link's detection or link check per call: each may
 * wait on its bus for tens of milliseconds (serving other outputs' flips
 * and flip windows meanwhile, but none of the owner's other work), so
 * when several are due, what is left stays due and dc_next_deadline says
 * so at once, and the owner's loop reads its clients in between.
 * Measured in the hotplug storm: DP-1's and HDMI-A-1's detections back to
 * back were 7 + 24 ms without a client request read, and a client keeping
 * two flips in flight missed a frame.
 */
uint64_t dc_next_deadline(const struct dc *dc);
int dc_dispatch(struct dc *dc);

/* ---- logging --------------------------------------------------------------- */

enum dc_log_level {
	DC_LOG_ERROR = 3,
	DC_LOG_WARNING = 4,
	DC_LOG_INFO = 6,
	DC_LOG_DEBUG = 7,
};

typedef void (*dc_log_fn)(enum dc_log_level level, const char *message, void *data);

/* Where DC's log lines go (syslog priorities); default: nowhere. */
void dc_set_log_handler(struct dc *dc, dc_log_fn fn, void *data);

#endif
