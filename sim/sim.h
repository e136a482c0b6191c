/*
 * libdcsim: a simulated DCE 11.0 / 10.0 display engine with virtual monitors.
 *
 * A struct sim stands behind the same struct dc_hw seam that the VFIO/UIO
 * backends implement: Display Core programs its registers (the mmFOO numbers
 * of dc/dce110/dce110_regs.h) and the simulator reacts like the chip and the
 * attached monitors would: hot-plug lines, the DDC engine, AUX channels and
 * DPCD receivers with link training, timing generators driven by the
 * programmed pixel clock, surface flips and interrupts. docs/sim.md describes
 * every modelled register; docs/scenarios.md the scenario JSON.
 *
 * Conventions: functions return 0 (or a count) or a negative errno. Errors
 * that need explaining (scenarios, EDID files, plug descriptions) come back
 * as text in a struct sim_error; the library never prints. No threads: the
 * owner polls sim_msi_fd() (the IH's interrupt) and sim_timer_fd() and
 * calls sim_dispatch().
 *
 * Clocks: in virtual time nothing moves unless sim_advance() (or a DC delay
 * through dc_hw) moves it, so tests are exact and fast. In real time the
 * simulator follows CLOCK_MONOTONIC.
 *
 * The simulated hardware (registers, monitors, clock base, scanout history)
 * lives in one position-independent block of memory, anonymous or a file
 * (sim_options.state_path), so that a restarted process can re-attach to it
 * with sim_attach() and find the "hardware" exactly as it was left.
 */
#ifndef DCD_SIM_H
#define DCD_SIM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct dc_hw;
struct sim;

/* Text of a failure, e.g. "default.json: connectors[2].hpd: 7 is out of range 1..6". */
struct sim_error {
	char msg[512];
};

enum sim_clock_mode {
	SIM_CLOCK_SCENARIO = 0, /* as the scenario says (virtual unless "clock": "real") */
	SIM_CLOCK_VIRTUAL,
	SIM_CLOCK_REAL,
};

struct sim_options {
	/* Scenario file; NULL with scenario_json NULL selects the built-in default. */
	const char *scenario_path;
	/* Scenario given as text instead of a file ("file" EDIDs are refused). */
	const char *scenario_json;
	/* NULL: anonymous memory. Otherwise the hardware state is kept in this
	 * file (created or truncated, mode 0600) so sim_attach() can reopen it. */
	const char *state_path;
	enum sim_clock_mode clock;
	/*
	 * A video BIOS image file that replaces the scenario's "vbios" (dcd
	 * --vbios): found as given (not next to the scenario), checked the
	 * same way. NULL: the scenario's.
	 */
	const char *vbios_path;
};

/*
 * Builds the simulated engine. opts may be NULL (built-in default scenario,
 * its clock mode, anonymous memory). Returns 0 or -errno with err filled.
 */
int sim_create(const struct sim_options *opts, struct sim **out, struct sim_error *err);

/*
 * Re-opens the hardware state a previous sim_create() left in state_path:
 * registers, monitors, timelines and history continue where they were.
 * Host-side things (memory mappings, trace) start empty.
 */
int sim_attach(const char *state_path, struct sim **out, struct sim_error *err);

/* Frees the host side; the state file (if any) stays. NULL is accepted. */
void sim_destroy(struct sim *sim);

/* The register/clock/interrupt seam Display Core uses. Owned by sim. */
struct dc_hw *sim_hw(struct sim *sim);

/*
 * The ASIC the scenario simulates, as the scenario spells it: "carrizo",
 * "stoney", "tonga", "fiji", "polaris10", "polaris11" or "polaris12" (what a
 * program builds its struct dc_board
 * for; the words are dc_asic_name()'s in lower case).
 */
const char *sim_asic_name(struct sim *sim);

/*
 * The video BIOS image the engine serves (the scenario's "vbios"), or NULL
 * (and *len 0) without one ("vbios": ""). Borrowed, valid while the engine
 * lives: AMD's image on Carrizo and Stoney, the simulator's own on Tonga,
 * Fiji and Polaris (docs/bios.md). Its SetPixelClock table programs the
 * display PLLs, the public registers of the generation (docs/sim.md).
 */
const uint8_t *sim_vbios(struct sim *sim, size_t *len);

/*
 * Writes to registers no block model of the simulator claims (they are kept
 * as plain storage): the total, and up to max of the first distinct
 * registers in regs (*count: how many distinct ones are remembered, at most
 * 64). Shows what a VBIOS table programs that the simulator does not model.
 */
uint64_t sim_unmodelled(struct sim *sim, uint32_t *regs, size_t max, size_t *count);

/* The built-in default scenario (Carrizo, DP 4K60, HDMI 1080p, eDP, empty DP). */
const char *sim_default_scenario(void);

/*
 * Parses and validates a scenario without building anything (used by the
 * fuzzer and by tools that check files). name appears in error messages;
 * dir resolves relative EDID file names (NULL refuses EDID files).
 */
int sim_scenario_check(const char *json, size_t len, const char *name, const char *dir,
		       struct sim_error *err);

/* ---- Time ---------------------------------------------------------------- */

uint64_t sim_now_ns(struct sim *sim);
bool sim_is_virtual(struct sim *sim);

/* Virtual time only (-EPERM otherwise): moves the clock and runs what falls due. */
int sim_advance(struct sim *sim, uint64_t ns);

/*
 * Real time: a timerfd armed for the next internal event (a transaction
 * completing, a hot-plug filter expiring, a vertical interrupt that is
 * enabled, a pending flip). Poll it readable, then call sim_dispatch().
 * Returns -1 in virtual time.
 */
int sim_timer_fd(struct sim *sim);

/*
 * The display engine's interrupt line: an eventfd that is readable while
 * any enabled interrupt source is pending. On a GPU the host never sees
 * this line (it feeds the IH block); it is here for tests of the blocks.
 */
int sim_irq_fd(struct sim *sim);

/*
 * The IH's message signalled interrupt (dc_hw's irq_fd): an eventfd the IH
 * writes after it put vectors into the ring (docs/sim.md, "IH"). The owner
 * reads it to clear it. Nothing arrives here while the ring is off.
 */
int sim_msi_fd(struct sim *sim);

struct sim_ih_stats {
	uint64_t vectors; /* written into the ring */
	uint64_t dropped; /* lost to a full ring */
	uint64_t faults;  /* device writes to memory not mapped with sim_map_memory_rw */
	uint64_t msis;	  /* interrupts raised */
};

void sim_ih_get_stats(struct sim *sim, struct sim_ih_stats *stats);

/* Processes everything due now, re-arms the timer, updates the irq fd. */
int sim_dispatch(struct sim *sim);

/* ---- Topology and runtime control ---------------------------------------- */

enum sim_connector_type {
	SIM_CONN_DP,
	SIM_CONN_HDMI,
	SIM_CONN_DVI,
	SIM_CONN_EDP,
};

struct sim_connector_info {
	char name[16]; /* "DP-1", "HDMI-A-1", "DVI-D-1", "eDP-1" */
	enum sim_connector_type type;
	unsigned hpd;	  /* HPD instance 0..5 (DC_HPD1..6) */
	unsigned ddc;	  /* DDC line 0..5 (DC_I2C_DDC1..6) */
	int aux;	  /* DP_AUX instance 0..5, -1 for none */
	unsigned encoder; /* DIG instance */
	bool plugged;	  /* a display is attached */
	bool dp_sink;	  /* the attached display speaks DP (AUX/DPCD) */
	bool dongle;	  /* a DP++ adaptor sits between connector and display */
};

int sim_connector_count(struct sim *sim);
int sim_connector_info(struct sim *sim, unsigned conn, struct sim_connector_info *info);
/* Connector index by name ("HDMI-A-1"), or -ENOENT. */
int sim_connector_find(struct sim *sim, const char *name);

/*
 * Attaches a display: with edid != NULL the connector's configured display
 * (or a plain one of the connector's kind) gets these EDID bytes; with edid
 * NULL the display the scenario configured. Raises the HPD line (a long
 * pulse as seen by DC_HPD). -EBUSY if something is plugged already.
 */
int sim_plug(struct sim *sim, unsigned conn, const uint8_t *edid, size_t edid_len);

/* Attaches a display described as scenario JSON (the "display" object). */
int sim_plug_json(struct sim *sim, unsigned conn, const char *display_json, struct sim_error *err);

int sim_unplug(struct sim *sim, unsigned conn);

/*
 * DP sinks: a short HPD pulse (0.5 ms) after setting DEVICE_SERVICE_IRQ_VECTOR
 * (DPCD 0x201, mirrored at 0x2003) bits.
 */
int sim_dp_irq(struct sim *sim, unsigned conn, uint8_t irq_vector);

/*
 * DP sinks: the receiver loses the link (lane status drops, LINK_STATUS_UPDATED
 * is set) and signals it with a short HPD pulse.
 */
int sim_drop_link(struct sim *sim, unsigned conn);

/*
 * DP sinks: SINK_COUNT (DPCD 0x200 bits 5:0, mirrored at 0x2002) becomes
 * count (0..63), as when displays behind a branch come and go, signalled
 * with a short HPD pulse. -EINVAL above 63.
 */
int sim_set_sink_count(struct sim *sim, unsigned conn, uint8_t count);

/* DP sinks: the next native AUX requests are answered with n DEFERs each. */
int sim_set_aux_defer(struct sim *sim, unsigned conn, unsigned n);

/* Back door for tests and tools: the receiver's DPCD as the sink sees it. */
int sim_dpcd_peek(struct sim *sim, unsigned conn, uint32_t addr, uint8_t *buf, size_t len);
/* The sink's SCDC register file (HDMI 2.0 sinks), 256 bytes. */
int sim_scdc_peek(struct sim *sim, unsigned conn, uint8_t scdc[256]);

/* ---- Scanout memory and capture ------------------------------------------ */

/*
 * The simulator's IOMMU: bus addresses gpu_addr .. gpu_addr + size are
 * read from host_ptr. Ranges must not overlap. host memory must outlive
 * the map. The display engine reaches them through the memory controller
 * (docs/sim.md, "Memory controller and VRAM"): MC addresses outside the
 * frame buffer range pass through as bus addresses while
 * MC_VM_MX_L1_TLB_CNTL.SYSTEM_ACCESS_MODE is 0 (power-on).
 */
int sim_map_memory(struct sim *sim, uint64_t gpu_addr, void *host_ptr, size_t size);
/*
 * The same for memory the device writes (the IH ring and its write pointer
 * writeback, as VFIO maps them with device write access). The IH writes
 * only into such mappings; a write anywhere else is dropped and counted
 * (sim_ih_stats.faults), as an IOMMU would stop it.
 */
int sim_map_memory_rw(struct sim *sim, uint64_t gpu_addr, void *host_ptr, size_t size);
int sim_unmap_memory(struct sim *sim, uint64_t gpu_addr);

/*
 * VRAM as the host sees it through the BAR: *size bytes (the scenario's
 * "vram_mib"); VRAM offset o is MC address FB_BASE + o. It is hardware
 * state: in the state file, it outlives the process. NULL if there is none.
 */
void *sim_vram(struct sim *sim, uint64_t *size);

/*
 * The visible frame of pipe (timing generator) n as the monitor would show
 * it, 8-bit RGB, width x height of the CRTC's active area: the GRPH surface
 * converted from its format, the cursor composited, black when the CRTC is
 * off and the blank color when blanked. *rgb is malloc'd; caller frees.
 */
int sim_capture_rgb(struct sim *sim, unsigned pipe, uint8_t **rgb, unsigned *width,
		    unsigned *height);

/* CRC-32 (IEEE 802.3, as zlib's crc32) over the bytes sim_capture_rgb returns. */
int sim_capture_crc(struct sim *sim, unsigned pipe, uint32_t *crc);

/* The same frame as an 8-bit RGB PNG file. */
int sim_capture_png(struct sim *sim, unsigned pipe, const char *path);
/* The PNG file and (crc not NULL) the CRC-32 of sim_capture_crc, of one and the same frame. */
int sim_capture_png_crc(struct sim *sim, unsigned pipe, const char *path, uint32_t *crc);
/*
 * The same of the engine as last brought up to date, without advancing the
 * simulation (which writes its shared state): for a process forked from
 * the one that runs the engine, so a large frame is encoded beside it
 * instead of holding up its frames (dcd's D-Bus Screenshot).
 */
int sim_capture_png_unsynced(struct sim *sim, unsigned pipe, const char *path, uint32_t *crc);
/*
 * The writer and CRC behind these, for a frame captured elsewhere (dcd's
 * KMS engine through a writeback connector): 8-bit RGB rows of w pixels.
 */
int sim_png_write_rgb(const char *path, const uint8_t *rgb, unsigned w, unsigned h, uint32_t *crc);

/* One scanned-out frame in the history of a pipe. */
struct sim_frame {
	uint64_t frame;	   /* CRTC frame counter at the frame's start */
	uint64_t start_ns; /* time of the frame's first line (vertical count 0) */
	uint64_t address;  /* surface address in use (0 if graphics disabled) */
	bool blanked;	   /* black/blank color instead of the surface */
};

/* The frames a pipe's history shows: the newest whole records (sim_crtc.c, append_record). */
#define SIM_SCANOUT_HISTORY 63
/* Copies up to max most recent frames (SIM_SCANOUT_HISTORY at most), oldest first; the count. */
int sim_scanout_history(struct sim *sim, unsigned pipe, struct sim_frame *frames, unsigned max);

struct sim_stats {
	uint64_t reg_reads;
	uint64_t reg_writes;
	uint64_t bad_reg_accesses; /* offsets outside the register file */
	/* reads and writes of a power-gated pipe's registers: they read 0 and
	 * writes are lost (docs/sim.md, "Pipe power gating") */
	uint64_t gated_reg_accesses;
	uint64_t unmapped_pixels;  /* scanned out from unmapped memory */
	uint64_t underflow_pixels; /* shown by a pipe without DMIF buffers or DISPCLK enough */
	uint64_t garbage_pixels;   /* fetched from MC addresses the MC maps nowhere */
};

void sim_get_stats(struct sim *sim, struct sim_stats *stats);

/*
 * Register writes that change what a monitor receives, counted by the
 * simulated hardware itself since the engine was created (they live in the
 * state file, so they count across processes and a sim_view sees them):
 * proof that a restarted daemon adopted a running configuration without a
 * modeset. Writes of interrupt, lock, blank and surface registers are not
 * in any class (flips and plane updates write those every frame).
 */
enum sim_write_class {
	/* the CRTC's timing, enable, sync, interlace and counter registers:
	 * every register of the CRTC window except interrupts, update locks,
	 * blanking (BLANK_CONTROL, DOUBLE_BUFFER_CONTROL, BLANK_DATA_COLOR) and
	 * the read-only status registers */
	SIM_WRITES_TIMING,
	/* pixel clocks: the display PLLs, CRTCn_PIXEL_RATE_CNTL,
	 * DP_DTOn_PHASE/MODULO, PIXCLKn_RESYNC_CNTL */
	SIM_WRITES_CLOCK,
	/* encoders: the DIG windows (stream and link encoders, DP, HDMI,
	 * AFMT) and the UNIPHY transmitters */
	SIM_WRITES_ENCODER,
	SIM_WRITE_CLASSES,
};

/* The count of one class (0 for an unknown class). */
uint64_t sim_write_count(struct sim *sim, enum sim_write_class cls);

/* The class a register write falls in, or -1 for none. */
int sim_reg_write_class(struct sim *sim, uint32_t reg);

/* ---- Register trace ------------------------------------------------------- */

enum sim_block {
	SIM_BLOCK_OTHER,
	SIM_BLOCK_CRTC, /* CRTC and FMT (instance = pipe) */
	SIM_BLOCK_DCP,	/* GRPH, CUR and the rest of DCP (instance = pipe) */
	SIM_BLOCK_DIG,	/* DIG, HDMI, AFMT, TMDS, DP, UNIPHY (instance = DIG) */
	SIM_BLOCK_HPD,
	SIM_BLOCK_AUX,
	SIM_BLOCK_I2C,	/* DC_I2C (instance -1) */
	SIM_BLOCK_DCCG, /* pixel rate, DTO (instance = CRTC, -1 for shared) */
	SIM_BLOCK_SCL,	/* scaler (SCL) and line buffer (LB) (instance = pipe) */
	SIM_BLOCK_PLL,	/* BPHYC_PLLn / DC_DISPLAYPLLREGSn (instance = PLL) */
};

/* Which block (and instance, or -1) a register belongs to. */
enum sim_block sim_reg_block(struct sim *sim, uint32_t reg, int *instance);

struct sim_trace_entry {
	uint64_t time_ns;
	uint32_t reg;
	uint32_t value;
};

/* Starts recording writes into a ring of capacity entries (replaces any old one). */
int sim_trace_start(struct sim *sim, size_t capacity);
void sim_trace_stop(struct sim *sim);
/* Recorded writes still in the ring (oldest first: index 0). */
size_t sim_trace_count(struct sim *sim);
int sim_trace_get(struct sim *sim, size_t index, struct sim_trace_entry *entry);
/* Writes in the ring that hit block (any instance when instance < 0). */
size_t sim_trace_count_block(struct sim *sim, enum sim_block block, int instance);

typedef void (*sim_trace_fn)(void *data, const struct sim_trace_entry *entry);
/* Called for every register write (NULL removes it). */
void sim_set_trace_callback(struct sim *sim, sim_trace_fn fn, void *data);

/* ---- DMIF buffers and watermarks (sim_dmif.c) ---------------------------- */

/* Simulated time a DMIF allocation or release takes to complete. */
#define SIM_DMIF_ALLOC_NS 20000

/* What a pipe's DMIF and DPG registers hold (for tests and tools). */
struct sim_dmif_info {
	unsigned buffers; /* DMIF_BUFFERS_ALLOCATED */
	bool completed;	  /* DMIF_BUFFERS_ALLOCATION_COMPLETED */
	/* per watermark set (select value 0..7) */
	uint16_t urgency_low[8], urgency_high[8], stutter_exit[8];
	uint32_t nbp[8];
	bool stutter_enable, nbp_enable;
};

/* -EINVAL for a pipe without a DMIF control register. */
int sim_dmif_info(struct sim *sim, unsigned pipe, struct sim_dmif_info *out);
/* Fault: from now on, allocation changes never complete (false: they do again). */
void sim_dmif_set_stuck(struct sim *sim, bool stuck);

/* ---- Read-only view from another process ------------------------------- */

/*
 * A test or tool may look at the hardware of a simulator that another
 * process (the daemon) drives, through its state file. sim_attach() must
 * not be used for that: every access through a struct sim processes what
 * is due and writes the shared state, and two processes doing so at once
 * race. A view maps the file read-only and only copies from it, retrying
 * until two copies agree, so it never disturbs the owner. It shows the
 * state as of the owner's last access (sim_view_synced_ns): the owner
 * processes frames whenever it touches a register or its timer fires,
 * which is at least once per frame while a vertical or flip interrupt is
 * enabled.
 */
struct sim_view;

int sim_view_open(const char *state_path, struct sim_view **out, struct sim_error *err);
void sim_view_close(struct sim_view *view); /* NULL is accepted */
/* sim_scanout_history() of the view. -EINVAL for a pipe the profile lacks. */
int sim_view_history(struct sim_view *view, unsigned pipe, struct sim_frame *frames, unsigned max);
/* The register file word at dword offset reg (below 0x6000) as stored. */
int sim_view_reg(struct sim_view *view, uint32_t reg, uint32_t *value);
/* The time up to which the owner has processed events. */
uint64_t sim_view_synced_ns(struct sim_view *view);
unsigned sim_view_pipe_count(struct sim_view *view);
/* The timing generator runs (enabled and clocked). */
bool sim_view_pipe_running(struct sim_view *view, unsigned pipe);
/* sim_write_count() of the view (0 for an unknown class). */
uint64_t sim_view_write_count(struct sim_view *view, enum sim_write_class cls);
/* len bytes of VRAM from offset (as the BAR shows it; not copied twice). -ERANGE past its end. */
int sim_view_vram(struct sim_view *view, uint64_t offset, void *buf, size_t len);

#endif
