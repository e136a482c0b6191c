/*
 * The simulated hardware: one contiguous, pointer-free block (fixed-size
 * arrays, indexes instead of pointers, a magic and a version), so that it can
 * live in a shared file and outlive the process that drives it (sim_attach).
 * Everything that is not "hardware" (fds, memory mappings, the trace ring)
 * lives in struct sim (sim_internal.h) instead.
 */
#ifndef DCD_SIM_STATE_H
#define DCD_SIM_STATE_H

#include <stdbool.h>
#include <stdint.h>

#include "dce110_regs.h"
#include "dce110_regs_pll.h"

#define SIM_STATE_MAGIC 0x6174536d69536344ull /* "DcSimSta" */
#define SIM_STATE_VERSION                                                      \
	13 /* 2: write counters; 3: SCL double buffering; 4: VRR, MSA ignore;  \
	   5: DMIF; 6: IH; 7: the VBIOS image and its PLLs, unmodelled writes; \
	   8: the public PLL registers on every ASIC, no extension PLLs;       \
	   9: VRAM after the state, the MC registers; 10: no extension;        \
	   11: accesses to power-gated pipes; 12: the VGA console;             \
	   13: the DENTIST */

#define SIM_REG_COUNT	     0x6000 /* dword offsets 0 .. 0x5fff: the DCE aperture */
#define SIM_MAX_CONNECTORS   9
#define SIM_EDID_MAX	     (32 * 128)
#define SIM_DPCD_SIZE	     0x800 /* DPCD 0x00000 .. 0x007ff */
#define SIM_DPCD_ESI_BASE    0x2000
#define SIM_DPCD_ESI_SIZE    0x100 /* DPCD 0x02000 .. 0x020ff */
#define SIM_HISTORY	     64
#define SIM_HPD_QUEUE	     8
#define SIM_MAX_TRAIN_REQS   4
/* SCL registers double-buffered at V_UPDATE: SCL_MODE .. EXT_OVERSCAN_TOP_BOTTOM */
#define SIM_SCL_FIRST	     mmSCL_MODE
#define SIM_SCL_WORDS	     (mmEXT_OVERSCAN_TOP_BOTTOM - mmSCL_MODE + 1)
#define SIM_SCL_TYPES	     8		  /* SCL_C_RAM_FILTER_TYPE: 3 bits */
#define SIM_SCL_PAIRS	     2		  /* tap pairs modelled: up to 4 taps */
#define SIM_BOOT_ID_LEN	     40		  /* /proc/sys/kernel/random/boot_id, 36 characters */
#define SIM_VBIOS_MAX	     (128 * 1024) /* the largest expansion ROM image served */
#define SIM_UNMODELLED_MAX   64		  /* distinct unmodelled registers remembered */
#define SIM_VRAM_DEFAULT_MIB 256	  /* the scenario's "vram_mib" when it says none */
#define SIM_VRAM_MAX_MIB     8192

enum sim_asic {
	SIM_ASIC_CARRIZO,
	SIM_ASIC_STONEY,
	SIM_ASIC_TONGA,
	SIM_ASIC_FIJI,
	SIM_ASIC_POLARIS10,
	SIM_ASIC_POLARIS11,
	SIM_ASIC_POLARIS12,
};
#define SIM_ASIC_LAST SIM_ASIC_POLARIS12

/* DP link rates as DPCD LINK_BW_SET codes. */
#define SIM_DP_RBR  0x06
#define SIM_DP_HBR  0x0a
#define SIM_DP_HBR2 0x14

/* Training behaviour of a virtual DP receiver. */
struct sim_dp_training {
	struct {
		uint8_t rate;  /* LINK_BW_SET code, 0 = any rate */
		uint8_t swing; /* minimum VOLTAGE_SWING_SET 0..3 */
		uint8_t pre;   /* minimum PRE_EMPHASIS_SET 0..3 */
	} req[SIM_MAX_TRAIN_REQS];
	uint8_t nreq;
	uint8_t fail_cr_rates; /* bit 0 RBR, 1 HBR, 2 HBR2: clock recovery never locks */
	uint8_t fail_eq_rates; /* same bits: channel equalization never completes */
	uint8_t fail_lanes;    /* bit 0: 1 lane, 1: 2 lanes, 2: 4 lanes never train */
};

struct sim_dp_caps {
	uint8_t dpcd_rev;  /* 0x11 or 0x12 */
	uint8_t max_rate;  /* SIM_DP_* */
	uint8_t max_lanes; /* 1, 2 or 4 */
	bool tps3;
	bool mst;
	bool enhanced_framing;
	uint8_t aux_rd_interval; /* TRAINING_AUX_RD_INTERVAL (DPCD 0x00e) */
	bool msa_ignored;	 /* MSA_TIMING_PAR_IGNORED (DPCD 0x007 bit 6): Adaptive-Sync */
	uint32_t aux_defer;	 /* DEFER replies before each native request is served */
	struct sim_dp_training training;
};

/* What is (or would be) attached to a connector. */
struct sim_display {
	bool present;	     /* a display is configured for this connector */
	bool dp;	     /* DP receiver (AUX, DPCD); otherwise a TMDS sink on DDC */
	bool hdmi;	     /* TMDS sink is HDMI (not DVI) */
	bool scdc;	     /* HDMI 2.0 sink with SCDC at I2C 0x54 */
	bool dongle;	     /* DP++ adaptor between DP connector and a TMDS sink */
	uint8_t dongle_type; /* 1 or 2 */
	uint16_t dongle_max_tmds_mhz;
	uint16_t edid_len;
	uint8_t edid[SIM_EDID_MAX];
	struct sim_dp_caps dp_caps;
};

/* Devices on one I2C bus (DDC line or I2C-over-AUX): their address pointers. */
struct sim_i2c_bus {
	uint8_t segment;       /* E-DDC segment pointer (0x30), valid until STOP */
	uint8_t edid_offset;   /* word offset of the EDID device (0x50) */
	uint8_t scdc_offset;   /* SCDC (0x54) */
	uint8_t dongle_offset; /* DP++ adaptor ID (0x40) */
	uint8_t addr;	       /* device addressed in the open transfer, 0 = none */
	bool first_write;      /* next written byte is the offset */
	bool reading;	       /* direction of the open transfer */
};

struct sim_connector {
	char name[16];
	uint8_t type; /* enum sim_connector_type */
	uint8_t hpd;  /* HPD instance 0..5 */
	uint8_t ddc;  /* DDC line 0..5 */
	int8_t aux;   /* DP_AUX instance 0..5, -1 none */
	uint8_t dig;  /* DIG (encoder) instance */
	bool plugged;
	struct sim_display display;

	/* DP receiver runtime state */
	uint8_t dpcd[SIM_DPCD_SIZE];
	uint8_t dpcd_esi[SIM_DPCD_ESI_SIZE];
	uint64_t tx_change_ns; /* last change of pattern / drive / link config */
	uint32_t tx_signature; /* what the source transmits, to detect changes */
	uint32_t defer_left;
	bool rx_cr;		    /* clock recovery locked on the active lanes */
	bool rx_eq;		    /* channel equalization, symbol lock and alignment done */
	bool rx_lost;		    /* link dropped (sim_drop_link) until retraining starts */
	struct sim_i2c_bus aux_bus; /* I2C-over-AUX */

	/* TMDS sink runtime state */
	uint8_t scdc[256];
	uint8_t scdc_flags;    /* STATUS_FLAGS_0 last reported, for UPDATE_0 */
	uint8_t dongle_ctl[4]; /* DP++ adaptor registers 0x20..0x23 */
	struct sim_i2c_bus ddc_bus;
};

/* Configuration from the scenario (what sim_scenario parses into). */
struct sim_config {
	uint8_t asic;	    /* enum sim_asic */
	uint8_t clock_real; /* scenario asks for real time */
	bool ddc_timing;    /* DDC transactions take bytes x 9 bits / SCL */
	bool unposted;	    /* the firmware did not run ASIC_Init (BIOS_SCRATCH_7) */
	int8_t vga_console; /* the connector the firmware's VGA console is on (pipe 0), or -1 */
	uint32_t ref_khz;   /* PLL and DDC reference clock */
	uint32_t dpref_khz; /* DP DTO reference clock, and DISPCLK at power on */
	uint32_t dentist_vco_khz; /* the DENTIST's VCO (sim_dentist.c) */
	/* the video BIOS the engine serves (sim_vbios.c): its bytes, and from
	 * its FirmwareInfo the PPLL output range; with an image the display
	 * PLLs are the public BPHYC_PLLn registers (sim_ppll.c) */
	uint32_t vbios_len; /* 0: none, the PLLs of the simulator extension */
	uint32_t ppll_min_khz, ppll_max_khz;
	char vbios_name[64]; /* the file name, for messages */
	uint32_t vram_mib;   /* VRAM size (a multiple of 16) */
	uint8_t vbios[SIM_VBIOS_MAX];
	uint8_t nconnectors;
	struct sim_connector connectors[SIM_MAX_CONNECTORS];
};

/* ---- Runtime state of the engine blocks --------------------------------- */

struct sim_pll {
	bool valid; /* dividers in range, out of reset and powered */
	bool locked;
	uint64_t lock_ns;	 /* when it locks (valid only) */
	uint64_t hz_num, hz_den; /* output frequency in Hz = num / den */
};

struct sim_frame_rec {
	uint64_t frame;
	uint64_t start_ns;
	uint64_t address;
	uint8_t blanked;
};

struct sim_crtc {
	bool running;		 /* master enabled and clocked */
	uint64_t base_ns;	 /* timeline origin */
	uint64_t base_frame;	 /* frame counter at base_ns */
	uint64_t base_pos;	 /* pixel position in that frame at base_ns */
	uint64_t hz_num, hz_den; /* pixel clock */
	uint32_t htotal, vtotal; /* pixels per line, lines per frame */
	uint64_t done_px;	 /* pixels since base already processed */
	uint64_t last_frame;	 /* frame counter when stopped */
	uint64_t frame_reset;	 /* CRTC_COUNT_RESET subtracts this */
	/* variable refresh (CRTC_V_TOTAL_CONTROL MIN_SEL and MAX_SEL): vtotal is
	 * then V_TOTAL_MAX + 1 and a flip cuts the frame at vrr_cut (absolute
	 * pixel position, 0 for none), never before line V_TOTAL_MIN ends */
	bool vrr;
	uint32_t vrr_min; /* V_TOTAL_MIN: the last line of the shortest frame */
	uint64_t vrr_cut;

	/* surface (GRPH) double buffering */
	uint64_t inuse_addr;
	uint64_t pending_addr;
	bool flip_pending;
	bool flip_hretrace;

	/* cursor double buffering: the registers in effect */
	bool cur_pending;
	uint32_t cur_control, cur_addr, cur_addr_high, cur_size, cur_pos, cur_hot;

	/* scaler double buffering: the SCL registers in effect (sim_scl.c) */
	bool scl_pending;
	uint32_t scl[SIM_SCL_WORDS];
	/* filter coefficient RAM: SCL_COEF_RAM_TAP_DATA words per type, phase, pair */
	uint32_t scl_coef[SIM_SCL_TYPES][SCL_PHASES][SIM_SCL_PAIRS];

	struct sim_frame_rec hist[SIM_HISTORY];
	uint32_t hist_next; /* the next record to write: never shown (sim_crtc_history) */
	uint32_t hist_count;
};

struct sim_hpd {
	bool line;	  /* electrical level the monitor drives */
	bool delayed;	  /* after the toggle filter: DC_HPD_SENSE_DELAYED */
	bool cond;	  /* last (delayed == polarity) seen, for the edge */
	uint64_t line_ns; /* last change of line */
	uint64_t low_ns;  /* start of the current low phase */
	uint8_t nqueue;
	struct {
		uint64_t t;
		uint8_t level;
	} queue[SIM_HPD_QUEUE]; /* future line changes (pulses), sorted */
};

struct sim_i2c_engine {
	uint8_t buf[256];
	uint8_t index;
	bool read_mode;
	bool busy;
	uint64_t done_ns;
	uint32_t result;   /* DC_I2C_SW_STATUS bits to show when done */
	uint16_t stage_at; /* received bytes go to buf[stage_at ..] when done */
	uint16_t stage_len;
	uint8_t stage[256];
};

struct sim_aux_engine {
	uint8_t buf[32];
	uint8_t index;
	bool read_mode;
	bool busy;
	uint64_t done_ns;
	uint32_t result; /* AUX_SW_STATUS bits when done */
	uint8_t reply_len;
	uint8_t reply[32];
};

/* Watermark sets a select field can name (three bits on DCE 11.2). */
#define SIM_WM_SETS 8

/* A pipe's DMIF buffers and the watermarks written into its DPG sets (sim_dmif.c). */
struct sim_dmif {
	uint64_t done_ns;	       /* when a requested allocation change completes */
	bool pending;		       /* requested, not completed yet */
	uint32_t urgency[SIM_WM_SETS]; /* DPG_PIPE_URGENCY_CONTROL per set */
	uint32_t stutter[SIM_WM_SETS]; /* STUTTER_EXIT_SELF_REFRESH_WATERMARK per set */
	uint32_t nbp[SIM_WM_SETS];     /* NB_PSTATE_CHANGE_WATERMARK per set */
};

struct sim_state {
	uint64_t magic;
	uint32_t version;
	uint32_t size;		       /* sizeof(struct sim_state) */
	char boot_id[SIM_BOOT_ID_LEN]; /* the boot the hardware runs in (real time) */
	uint64_t now_ns;	       /* virtual clock (unused in real time) */
	uint64_t synced_ns;	       /* time up to which events have been processed */
	uint8_t real_time;

	/* profile */
	uint8_t npipes;	    /* timing generators usable on this ASIC */
	uint8_t ncrtc_regs; /* CRTC register instances (6 DCE 11, 7 DCE 10) */
	uint8_t ndigs;
	uint8_t nhpds;
	uint8_t dce; /* 110, 100 or 112 (DCE 11.2) */

	struct sim_config cfg;

	uint32_t regs[SIM_REG_COUNT];

	struct sim_pll pll[DCE110_PPLLS];
	struct sim_crtc crtc[DCE110_MAX_PIPES];
	struct sim_hpd hpd[DCE110_MAX_HPDS];
	struct sim_i2c_engine i2c;
	bool i2c_sw_owner;
	struct sim_aux_engine aux[DCE110_MAX_AUXES];
	bool aux_sw_owner[DCE110_MAX_AUXES];

	uint64_t reg_reads, reg_writes, bad_accesses;
	uint64_t gated_accesses; /* to a power-gated pipe's registers (sim_pg.c) */
	/* writes to registers no block model claims (kept as plain storage) */
	uint64_t unmodelled_writes;
	uint32_t nunmodelled;
	uint32_t unmodelled[SIM_UNMODELLED_MAX]; /* the first distinct ones */
	uint64_t class_writes[3];		 /* per enum sim_write_class */

	struct sim_dmif dmif[DCE110_MAX_PIPES];
	bool dmif_stuck; /* fault: allocation changes never complete */
	/* IH (sim_ih.c): the level of every display source at the last look
	 * (bit per source, a vector goes out when one rises), and counters */
	uint64_t ih_levels;
	uint64_t ih_vectors, ih_dropped, ih_faults, ih_msis;
	/* VRAM: this many bytes follow the state in its file, at
	 * SIM_VRAM_OFFSET (sim_mc.c); the MC registers are in regs[] */
	uint64_t vram_bytes;
};

/* Where VRAM starts in a state file: the state rounded up to whole pages. */
#define SIM_VRAM_OFFSET ((sizeof(struct sim_state) + 4095) & ~(size_t)4095)

#endif
