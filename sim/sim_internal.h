/*
 * Internals of libdcsim shared between its source files. The host side of a
 * simulator (struct sim) points at the hardware state (struct sim_state).
 */
#ifndef DCD_SIM_INTERNAL_H
#define DCD_SIM_INTERNAL_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include "dc_hw.h"
#include "sim.h"
#include "sim_state.h"

struct sim_mapping {
	uint64_t gpu_addr;
	size_t size;
	uint8_t *host;
	bool device_writes; /* sim_map_memory_rw: the IH may write it */
};

struct sim {
	struct dc_hw hw;
	struct sim_state *st;
	uint8_t *vram;		 /* st->vram_bytes: after the state in a file, else vram_own */
	size_t vram_own;	 /* bytes of a mapping of its own (an engine in memory), else 0 */
	size_t st_size;		 /* of the file's mapping; 0: in memory (sim_state_get) */
	int irq_fd;		 /* eventfd */
	int timer_fd;		 /* timerfd (real time), -1 in virtual time */
	uint64_t timer_armed_ns; /* what timer_fd is set to (UINT64_MAX: off, 0: unknown) */
	bool irq_level;		 /* what the eventfd currently says */
	int msi_fd;		 /* eventfd: the IH's message signalled interrupt */
	uint64_t unmapped_pixels;
	uint64_t underflow_pixels;
	uint64_t garbage_pixels; /* fetched from MC addresses mapped nowhere */
	uint32_t scratch;	 /* what sim_reg() returns for offsets outside the file */

	struct sim_mapping *maps;
	size_t nmaps;

	struct sim_trace_entry *trace;
	size_t trace_cap, trace_len, trace_head;
	sim_trace_fn trace_fn;
	void *trace_data;
};

/*
 * The register differences of the profile's generation (st->dce: 100, 110
 * or 112), the same row dc's resource pool picks for that ASIC.
 */
static inline const struct dce110_regs_gen *sim_gen(const struct sim *sim)
{
	switch (sim->st->dce) {
	case 100:
		return &dce110_regs_gens[DCE110_GEN_10_0];
	case 112:
		return &dce110_regs_gens[DCE110_GEN_11_2];
	default:
		return &dce110_regs_gens[DCE110_GEN_11_0];
	}
}

static inline struct sim *sim_from_hw(struct dc_hw *hw)
{
	return (struct sim *)((char *)hw - offsetof(struct sim, hw));
}

/* 128-bit intermediate products of time and clock arithmetic. */
__extension__ typedef unsigned __int128 sim_u128;

/* Field helpers on raw values, with the REG__FIELD_MASK/__SHIFT names. */
#define SIM_GET(v, reg, field) DC_FIELD_GET(v, reg, field)

/* Register file access (no side effects). */
uint32_t *sim_reg(struct sim *sim, uint32_t reg);

/* ---- time (sim_clock.c) ---- */
uint64_t sim_clock_now(struct sim *sim);
/* Processes every event up to now (real time: CLOCK_MONOTONIC). */
void sim_sync(struct sim *sim);
/* Processes events up to t (t >= synced time). */
void sim_run_until(struct sim *sim, uint64_t t);
/* Earliest future event that must wake the owner, UINT64_MAX if none. */
uint64_t sim_next_event(struct sim *sim);
/* Re-evaluates the interrupt line and the timer after a state change. */
void sim_update_irq(struct sim *sim);
/* Like sim_update_irq, but re-signals even if the owner drained the eventfd. */
void sim_irq_rearm(struct sim *sim);
void sim_rearm_timer(struct sim *sim);
/* a * b / c without overflow for the values used here (b, c < 2^63). */
uint64_t sim_muldiv(uint64_t a, uint64_t b, uint64_t c);
uint64_t sim_muldiv_up(uint64_t a, uint64_t b, uint64_t c);

/* ---- errors ---- */
void sim_errorf(struct sim_error *err, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* ---- register dispatch (sim_regs.c) ---- */
uint32_t sim_reg_read(struct sim *sim, uint32_t reg);
void sim_reg_write(struct sim *sim, uint32_t reg, uint32_t value);
void sim_regs_reset(struct sim *sim);
/* Decodes reg into the pipe window it belongs to; returns the pipe or -1. */
int sim_pipe_of(const struct sim_state *st, uint32_t reg, uint32_t *generic);
int sim_dig_of(const struct sim_state *st, uint32_t reg, uint32_t *generic);

/* ---- CRTC, clocks, surfaces (sim_crtc.c, sim_pll.c, sim_flip.c) ---- */
void sim_pll_sync(struct sim *sim, uint64_t t);
/* A PLL's output changed: valid (runs) and its frequency in Hz = num / den. */
void sim_pll_set(struct sim *sim, unsigned pll, bool valid, uint64_t hz_num, uint64_t hz_den);
/* The PLL whose deep colour divider reg is (PIXCLKn_RESYNC_CNTL, DCE 10/11.0), or -1. */
int sim_pll_resync_of(const struct sim *sim, uint32_t reg);
void sim_pll_resync_write(struct sim *sim, unsigned pll, uint32_t value);
/* What a CRTC gets of PLL pll: its clock through the deep colour divider; 0 unlocked. */
void sim_pll_crtc_clock(const struct sim *sim, unsigned pll, uint64_t *num, uint64_t *den);
/* The display PLL registers of the profile's generation (sim_ppll.c). */
int sim_ppll_of(const struct sim_state *st, uint32_t reg, uint32_t *generic);
void sim_ppll_write(struct sim *sim, unsigned pll, uint32_t generic, uint32_t value);
uint32_t sim_ppll_read(struct sim *sim, unsigned pll, uint32_t generic);
void sim_ppll_reset(struct sim *sim); /* every PLL off, as at power on */
/* The PLL a CRTC's pixel rate source selects, or -1 (DP DTO or none). */
int sim_crtc_pll(const struct sim_state *st, unsigned n);
void sim_unmodelled_write(struct sim *sim, uint32_t reg);
uint64_t sim_pll_next_event(struct sim *sim);
/* The pixel clock feeding CRTC n right now, as num/den Hz (0/1 if none). */
void sim_crtc_clock(struct sim *sim, unsigned n, uint64_t *num, uint64_t *den);
/* Re-derives CRTC n's timeline after a timing or clock change at time t. */
void sim_crtc_retime(struct sim *sim, unsigned n, uint64_t t);
void sim_crtc_retime_all(struct sim *sim, uint64_t t);
void sim_crtc_sync(struct sim *sim, unsigned n, uint64_t t);
/*
 * Copies up to max of c's most recent published frames, oldest first (at
 * most SIM_HISTORY - 1: the slot being written is never shown); the count.
 */
unsigned sim_crtc_history(const struct sim_crtc *c, struct sim_frame *frames, unsigned max);
uint64_t sim_crtc_next_event(struct sim *sim, unsigned n);
/* A flip request on a VRR CRTC: cuts the current frame (sim_crtc.c). */
void sim_crtc_vrr_flip(struct sim *sim, unsigned n);
/* Next enabled vertical/update interrupt of CRTC n (wakes a real-time owner). */
uint64_t sim_crtc_next_wake(struct sim *sim, unsigned n);
uint32_t sim_crtc_read(struct sim *sim, unsigned n, uint32_t generic);
void sim_crtc_write(struct sim *sim, unsigned n, uint32_t generic, uint32_t value);
/* The CRTC's read-only status registers (writes are ignored). */
bool sim_crtc_reg_is_status(uint32_t generic);
/* The VGA console (sim_vga.c): pipe in VGA mode; the console at power-on, if the scenario has one.
 */
bool sim_vga_mode(const struct sim *sim, unsigned pipe);
void sim_vga_power_on(struct sim *sim);
/*
 * Pipe n scans its surface out: GRPH_ENABLE, its front end clocked
 * (DCFE_CLOCK_ENABLE) and not in VGA mode.
 */
bool sim_dcp_fetching(const struct sim *sim, unsigned n);
uint32_t sim_dcp_read(struct sim *sim, unsigned n, uint32_t generic);
void sim_dcp_write(struct sim *sim, unsigned n, uint32_t generic, uint32_t value);
bool sim_crtc_irq_pending(struct sim *sim, unsigned n);
/* Which interrupt sources of CRTC n are raised (status and enable): */
#define SIM_CRTC_IRQ_V_UPDATE 1u
#define SIM_CRTC_IRQ_PFLIP    2u
#define SIM_CRTC_IRQ_VLINE0   4u
unsigned sim_crtc_irq_sources(struct sim *sim, unsigned n);
/* Surface/cursor double buffering (sim_dcp.c): is a latch due at the next
 * V_UPDATE (or line start with *hretrace), and perform it. */
bool sim_dcp_latch_wanted(struct sim *sim, unsigned n, bool *hretrace);
void sim_dcp_latch(struct sim *sim, unsigned n, uint64_t t);
/* SCL registers (sim_scl.c): double buffer, coefficient RAM. */
uint32_t sim_scl_read(struct sim *sim, unsigned n, uint32_t generic);
void sim_scl_write(struct sim *sim, unsigned n, uint32_t generic, uint32_t value);
bool sim_scl_latch_wanted(struct sim *sim, unsigned n);
void sim_scl_latch(struct sim *sim, unsigned n);
/* The value of an SCL register the scaler uses now (the latched copy). */
uint32_t sim_scl_in_effect(struct sim *sim, unsigned n, uint32_t generic);
/* Coefficient of tap (0 .. taps-1) at phase (0..15) of a filter type, in 1/4096. */
int32_t sim_scl_coef(struct sim *sim, unsigned n, unsigned type, unsigned phase, unsigned tap,
		     unsigned taps);
/* CRTC n is scanning out at time t: frame counter, vertical/horizontal count. */
bool sim_crtc_position(struct sim *sim, unsigned n, uint64_t t, uint64_t *frame, uint32_t *vcount,
		       uint32_t *hcount);

/* ---- scanout (sim_capture.c, sim_scanout.c, sim_fmt.c) ---- */
/* Host address of len bytes at gpu address addr, or NULL if not all mapped. */
const uint8_t *sim_mem_lookup(struct sim *sim, uint64_t addr, size_t len);
/* The same for a device write (the IH): NULL unless mapped with sim_map_memory_rw. */
uint8_t *sim_mem_lookup_writable(struct sim *sim, uint64_t addr, size_t len);
/* A little-endian word of bytes (1..4) after GRPH_ENDIAN_SWAP swap (0, 1, 2). */
uint32_t sim_mem_word(const uint8_t *p, unsigned bytes, unsigned swap);
/* The active area of a running, unblanked pipe at 10 bits: planes, scaler, overscan. */
void sim_scanout_render(struct sim *sim, unsigned pipe, uint16_t *frame, unsigned w, unsigned h);
/* FMT bit depth reduction of a 10-bit frame. */
void sim_fmt_apply(struct sim *sim, unsigned pipe, uint16_t *frame, unsigned w, unsigned h);

/* ---- memory controller and VRAM (sim_mc.c) ---- */
static inline uint8_t *sim_vram_base(struct sim *sim)
{
	return sim->vram;
}
bool sim_mc_reg(uint32_t reg);
/* The MC registers as the VBIOS leaves them (VRAM at MC address 0). */
void sim_mc_reset(struct sim *sim);
/*
 * Host address of len bytes a display fetch reads at MC address addr:
 * VRAM, or system memory through the IOMMU (NULL when not mapped there:
 * magenta). NULL with *garbage when the MC maps the address nowhere:
 * sim_mc_garbage() gives what such a fetch returns.
 */
const uint8_t *sim_mc_lookup(struct sim *sim, uint64_t addr, size_t len, bool *garbage);
void sim_mc_garbage(uint64_t addr, uint8_t *out, size_t len);

/* ---- DMIF buffers and DPG watermarks (sim_dmif.c) ---- */
/* reg is a PIPEn_DMIF_BUFFER_CONTROL or a banked DPG watermark register: handles it. */
bool sim_dmif_read(struct sim *sim, uint32_t reg, uint32_t *value);
bool sim_dmif_write(struct sim *sim, uint32_t reg, uint32_t value);
/* Pipe n holds DMIF buffers, so its surface is fetched. */
bool sim_dmif_fetching(struct sim *sim, unsigned n);

/* ---- IH ring (sim_ih.c) ---- */
bool sim_ih_reg(uint32_t reg);
uint32_t sim_ih_read(struct sim *sim, uint32_t reg);
void sim_ih_write(struct sim *sim, uint32_t reg, uint32_t value);
/* Vectors for the display sources that rose since the last look. */
void sim_ih_update(struct sim *sim);

/* ---- HPD (sim_hpd.c) ---- */
void sim_hpd_set_line(struct sim *sim, unsigned hpd, bool level, uint64_t t);
void sim_hpd_pulse(struct sim *sim, unsigned hpd, uint64_t width_ns);
void sim_hpd_sync(struct sim *sim, unsigned hpd, uint64_t t);
uint64_t sim_hpd_next_event(struct sim *sim, unsigned hpd);
uint32_t sim_hpd_read(struct sim *sim, unsigned hpd, uint32_t generic);
void sim_hpd_write(struct sim *sim, unsigned hpd, uint32_t generic, uint32_t value);
bool sim_hpd_irq_pending(struct sim *sim, unsigned hpd, bool *rx);
/* The hot-plug source (returned) and the HPD RX source (*rx) of line hpd. */
bool sim_hpd_irq_sources(struct sim *sim, unsigned hpd, bool *rx);
bool sim_hpd_sense(struct sim *sim, unsigned hpd);

/* ---- DDC engine and I2C devices (sim_i2c.c, sim_i2c_dev.c) ---- */
uint32_t sim_i2c_read(struct sim *sim, uint32_t reg);
void sim_i2c_write(struct sim *sim, uint32_t reg, uint32_t value);
void sim_i2c_sync(struct sim *sim, uint64_t t);
uint64_t sim_i2c_next_event(struct sim *sim);
bool sim_i2c_irq_pending(struct sim *sim);
/* One I2C byte-level bus: start/stop and byte transfers to the devices of
 * connector c. Returns false on NACK. */
void sim_i2c_bus_stop(struct sim_i2c_bus *bus);
bool sim_i2c_bus_start(struct sim *sim, struct sim_connector *c, struct sim_i2c_bus *bus,
		       uint8_t addr7, bool over_aux);
bool sim_i2c_bus_write(struct sim *sim, struct sim_connector *c, struct sim_i2c_bus *bus,
		       uint8_t byte);
uint8_t sim_i2c_bus_read(struct sim *sim, struct sim_connector *c, struct sim_i2c_bus *bus);
struct sim_connector *sim_connector_on_ddc(struct sim *sim, unsigned ddc);

/* ---- AUX engine and DP receiver (sim_aux.c, sim_dpcd.c) ---- */
uint32_t sim_aux_read(struct sim *sim, unsigned aux, uint32_t generic);
void sim_aux_write(struct sim *sim, unsigned aux, uint32_t generic, uint32_t value);
void sim_aux_sync(struct sim *sim, unsigned aux, uint64_t t);
uint64_t sim_aux_next_event(struct sim *sim, unsigned aux);
bool sim_aux_irq_pending(struct sim *sim, unsigned aux);
void sim_dpcd_init(struct sim *sim, struct sim_connector *c);
/* Native DPCD access as an AUX request sees it: returns DCE110_AUX_REPLY_* */
uint8_t sim_dpcd_read(struct sim *sim, struct sim_connector *c, uint32_t addr, uint8_t *buf,
		      unsigned len);
uint8_t sim_dpcd_write(struct sim *sim, struct sim_connector *c, uint32_t addr, const uint8_t *buf,
		       unsigned len);
/* Around a change of the source side (DIG registers): settle the receivers
 * of DIG dig before it, restart their timers after it. */
void sim_dp_tx_before(struct sim *sim, unsigned dig);
void sim_dp_tx_changed(struct sim *sim, unsigned dig);
void sim_dp_link_lost(struct sim *sim, struct sim_connector *c);

/*
 * The bus interface's indirect pair (bif_5_0_d.h): MM_INDEX takes a byte
 * address, MM_DATA reads and writes the register there. Video BIOS tables
 * reach registers through it; sim.c resolves a write to the register it
 * reaches (traced and counted as that register).
 */
#define BIF50_mmMM_INDEX 0x0
#define BIF50_mmMM_DATA	 0x1

/* ---- pipe power gating (sim_pg.c) ---- */
/* PIPEn_PG_* register reg: n, and the PIPE0 name in *generic; else -1. */
/* ---- the DENTIST: DISPCLK (sim_dentist.c) ------------------------------- */

void sim_dentist_reset(struct sim *sim); /* the boot clocks: DISPCLK and DPREFCLK */
void sim_dentist_write(struct sim *sim, uint32_t value);
/* DISPCLK in kHz, from DENTIST_DISPCLK_RDIVIDER and the VCO. */
uint32_t sim_dispclk_khz(struct sim *sim);
/*
 * Pipe n cannot keep up at this DISPCLK: its pixel clock, or the line
 * buffer's fill (vp_w source pixels x max(1, vp_h / dst_h) source lines
 * per output line of htotal pixel clocks), runs faster than DISPCLK.
 */
bool sim_dispclk_starved(struct sim *sim, unsigned n, unsigned vp_w, unsigned vp_h, unsigned dst_h);

int sim_pg_of(const struct sim_state *st, uint32_t reg, uint32_t *generic);
uint32_t sim_pg_read(struct sim *sim, unsigned n, uint32_t generic);
void sim_pg_write(struct sim *sim, unsigned n, uint32_t generic, uint32_t value);
/* Pipe n is power-gated: its registers do not answer, its CRTC does not run. */
bool sim_pg_gated(const struct sim *sim, unsigned n);

/* ---- the UNIPHY PHY macro (sim_uniphy.c) ---- */
/* Transmitter n of UNIPHYx_LINK_CNTL, UNIPHYx_CHANNEL_XBAR_CNTL or SYMCLKx_CLOCK_ENABLE, or -1. */
int sim_uniphy_link_of(const struct sim_state *st, uint32_t reg);
/* Transmitter n of a BPHYC_UNIPHYn register (DCE 10/11.0), with its generic offset; or -1. */
int sim_uniphy_of(const struct sim_state *st, uint32_t reg, uint32_t *generic);
uint32_t sim_uniphy_read(struct sim *sim, unsigned n, uint32_t generic);
void sim_uniphy_write(struct sim *sim, unsigned n, uint32_t generic, uint32_t value);
/* The PHY of transmitter n runs a DP link: its rate and per-lane levels (false: PLL off). */
bool sim_uniphy_dp(struct sim *sim, unsigned n, uint32_t *rate_mbps, uint8_t swing[4],
		   uint8_t pre[4]);

/* ---- DIG/HDMI side effects (sim_dig.c) ---- */
void sim_dig_write(struct sim *sim, unsigned dig, uint32_t generic, uint32_t value);
uint32_t sim_dig_read(struct sim *sim, unsigned dig, uint32_t generic);
struct sim_connector *sim_connector_on_dig(struct sim *sim, unsigned dig);
void sim_scdc_init(struct sim_connector *c);
uint8_t sim_scdc_read_byte(struct sim *sim, struct sim_connector *c, uint8_t offset);
void sim_scdc_write_byte(struct sim *sim, struct sim_connector *c, uint8_t offset, uint8_t v);

/* ---- scenario (sim_scenario*.c) ---- */
int sim_scenario_parse(const char *json, size_t len, const char *name, const char *dir,
		       struct sim_config *cfg, struct sim_error *err);
/* Parses one "display" object into d for connector type ctype. */
int sim_display_parse_json(const char *json, uint8_t ctype, struct sim_display *d,
			   struct sim_error *err);

/* ---- connectors and trace (sim_control.c, sim_trace.c) ---- */
void sim_connector_reset_sink(struct sim *sim, struct sim_connector *c);
void sim_display_default(struct sim_display *d, uint8_t ctype);
void sim_trace_record(struct sim *sim, uint32_t reg, uint32_t value);

/* ---- in-memory states (sim.c) ---- */
/*
 * An all-zero state in memory: the one the last engine destroyed left
 * (cleared), or a new mapping; NULL with errno when mmap fails.
 */
struct sim_state *sim_state_get(void);
/* Gives one back: kept for the next sim_state_get (of any thread), or unmapped. NULL is allowed. */
void sim_state_put(struct sim_state *st);

/* ---- state file checks (sim_state_check.c) ---- */
void sim_read_boot_id(char out[SIM_BOOT_ID_LEN]);
/* 0, or -EINVAL / -ESTALE with err naming path and what is wrong. */
int sim_state_check(const struct sim_state *st, const char *path, struct sim_error *err);

/* ---- profile ---- */
void sim_profile_apply(struct sim_state *st);

#endif
