/*
 * dc_bios: an AMD video BIOS (PCI expansion ROM holding an ATOM BIOS) as a
 * driver uses it: the image checked and indexed, the data tables a display
 * driver reads (firmware info, display objects, spread spectrum, integrated
 * system info) decoded, and command tables run by an interpreter against
 * struct dc_hw. No I/O: the caller brings the bytes (a file, the PCI ROM
 * BAR, ACPI VFCT). Layouts are the public ones of atombios.h (docs/bios.md).
 */
#ifndef DC_BIOS_H
#define DC_BIOS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "dc_asic.h"

struct dc_hw;
struct dc_board;

/* What went wrong and where: one sentence naming the table and the offset. */
struct dc_bios_error {
	char message[256];
};

/* Number of entries in the ATOM master command and data table lists. */
#define DC_BIOS_CMD_COUNT  81
#define DC_BIOS_DATA_COUNT 35

/* Indices in the master lists a display driver uses (atombios.h order). */
enum dc_bios_cmd {
	DC_BIOS_CMD_ASIC_INIT = 0,
	DC_BIOS_CMD_DIG_ENCODER_CONTROL = 4,
	DC_BIOS_CMD_SET_PIXEL_CLOCK = 12,
	DC_BIOS_CMD_ENABLE_DISP_POWER_GATING = 13,
	DC_BIOS_CMD_ADJUST_DISPLAY_PLL = 17,
	DC_BIOS_CMD_ENABLE_CRTC = 35,
	DC_BIOS_CMD_SET_DCE_CLOCK = 46,
	DC_BIOS_CMD_SET_CRTC_USING_DTD_TIMING = 49,
	DC_BIOS_CMD_ENABLE_SPREAD_SPECTRUM_ON_PPLL = 65,
	DC_BIOS_CMD_UNIPHY_TRANSMITTER_CONTROL = 76,
};

enum dc_bios_data {
	DC_BIOS_DATA_FIRMWARE_INFO = 4,
	DC_BIOS_DATA_GPIO_I2C_INFO = 10,
	DC_BIOS_DATA_VRAM_USAGE_BY_FIRMWARE = 11,
	DC_BIOS_DATA_GPIO_PIN_LUT = 12,
	DC_BIOS_DATA_OBJECT_HEADER = 22,
	DC_BIOS_DATA_INDIRECT_IO_ACCESS = 23,
	DC_BIOS_DATA_ASIC_INTERNAL_SS_INFO = 26,
	DC_BIOS_DATA_INTEGRATED_SYSTEM_INFO = 30,
};

/* Name of a master list entry ("SetPixelClock"), or NULL past the list. */
const char *dc_bios_cmd_name(unsigned index);
const char *dc_bios_data_name(unsigned index);

/* ---- the image ------------------------------------------------------------ */

struct dc_bios;

/* A table of a master list: where it is, its size and revisions. */
struct dc_bios_table {
	uint16_t offset; /* byte offset in the image, 0 when absent */
	uint16_t size;	 /* structure size from its common header */
	uint8_t format_rev;
	uint8_t content_rev;
};

/*
 * Checks and indexes an image (copied; data may be freed afterwards): the
 * PCI expansion ROM header (0x55AA, image length), the PCI data structure
 * (AMD vendor ID), the byte checksum, the ATOM ROM header and both master
 * lists with every table inside the image. Returns 0, -EINVAL with err
 * saying what is wrong and at which offset (damaged, truncated or foreign
 * image), -ENOMEM.
 */
int dc_bios_load(const void *data, size_t size, struct dc_bios **out, struct dc_bios_error *err);
void dc_bios_destroy(struct dc_bios *bios);

/* The image bytes (the ROM image, not the trailing part of a longer file). */
const uint8_t *dc_bios_image(const struct dc_bios *bios, size_t *size);

/* The part number as amdgpu's sysfs vbios_version shows it ("113-C75100-031"). */
const char *dc_bios_version(const struct dc_bios *bios);
/* The build date "2016-09-13 17:22" from the image's date stamp, "" if none. */
const char *dc_bios_date(const struct dc_bios *bios);
/* PCI vendor and device ID from the ROM's PCI data structure. */
void dc_bios_pci_id(const struct dc_bios *bios, uint16_t *vendor, uint16_t *device);
/* The ASIC family of the ROM's PCI device ID; -ENOENT for another device. */
int dc_bios_asic(const struct dc_bios *bios, enum dc_asic *asic);

/* 0 and the table, or -ENOENT when the image has none at that index. */
int dc_bios_cmd_table(const struct dc_bios *bios, unsigned index, struct dc_bios_table *out);
int dc_bios_data_table(const struct dc_bios *bios, unsigned index, struct dc_bios_table *out);

/* ---- data tables ----------------------------------------------------------- */

/* FirmwareInfo 2.1/2.2: the clocks a display driver needs, in kHz. */
struct dc_bios_firmware_info {
	uint8_t format_rev, content_rev;
	uint32_t firmware_revision;
	uint32_t default_engine_clock_khz;
	uint32_t default_memory_clock_khz;
	uint32_t default_dispclk_khz;
	uint32_t gpu_pll_output_khz; /* 2.2: the DENTIST's VCO on discrete parts, 0 if not said */
	uint32_t ref_clock_khz;	     /* crystal: the PPLL reference */
	uint32_t ppll_min_input_khz, ppll_max_input_khz;
	uint32_t ppll_min_output_khz, ppll_max_output_khz;
	uint32_t dp_ext_clock_khz; /* UNIPHY DP reference from outside, 0: from a PPLL */
};

/* 0, -ENOENT without the table, -EINVAL (err) for a revision or size not known. */
int dc_bios_firmware_info(const struct dc_bios *bios, struct dc_bios_firmware_info *out,
			  struct dc_bios_error *err);

/* One connector of the display object table and what it is wired to. */
struct dc_bios_connector {
	uint16_t connector_id; /* object ID (type, enum, id) */
	uint16_t encoder_id;   /* first graphic object of its display path */
	uint16_t device_tag;   /* ATOM_DEVICE_* support bit of the path */
	int hpd;	       /* DC_HPD line (0 = HPD1), -1 without an HPD record */
	int ddc;	       /* DC_GPIO_DDC line (0 = DDC1, 6 = DDCVGA), -1 without */
	uint8_t i2c_id;	       /* the I2C record's id byte */
	uint8_t hpd_gpio_id;   /* the HPD record's GPIO id */
	bool has_encoder_caps;
	uint16_t encoder_caps; /* ATOM_ENCODER_CAP_RECORD_V2 bits: MST, HBR2, HDMI6G, HBR3 */
};

#define DC_BIOS_MAX_CONNECTORS	   16
#define DC_BIOS_ENCODER_CAP_MST	   0x1
#define DC_BIOS_ENCODER_CAP_HBR2   0x2
#define DC_BIOS_ENCODER_CAP_HDMI6G 0x4
#define DC_BIOS_ENCODER_CAP_HBR3   0x8

/*
 * The display paths of the object table in table order. 0, -ENOENT without
 * an object table, -EINVAL (err) for one that points outside itself.
 */
int dc_bios_connectors(const struct dc_bios *bios, struct dc_bios_connector *out, unsigned max,
		       unsigned *count, struct dc_bios_error *err);

/* "DisplayPort", "HDMI-A", "DVI-D dual link", "eDP", ... for a connector object ID. */
const char *dc_bios_connector_type_name(uint16_t connector_id);
/* "UNIPHY A".."UNIPHY G", or NULL for an encoder DCE 10/11 does not have. */
const char *dc_bios_encoder_name(uint16_t encoder_id);

/*
 * The board Display Core drives: the connectors it knows (DP, eDP, HDMI A,
 * DVI-D) with their HPD/DDC/AUX lines, link encoder and HDMI_6GB_EN.
 * Connectors of other kinds (VGA, LVDS) are left out. 0, or -EINVAL (err)
 * when a connector has no HPD/DDC line, an unknown encoder or the result
 * is no board (none, or more than DC_MAX_LINKS).
 */
int dc_bios_board(const struct dc_bios *bios, enum dc_asic asic, struct dc_board *out,
		  struct dc_bios_error *err);

/* ASIC_InternalSS_Info 2.x/3.x entries. */
struct dc_bios_ss {
	uint32_t target_clock_khz;
	uint16_t percentage;	     /* in units of 1/percentage_divider % */
	uint16_t percentage_divider; /* 100 or 1000 */
	uint32_t rate_hz;
	uint8_t clock_id; /* ASIC_INTERNAL_SS_ON_TMDS (4), _HDMI (5), _DP (7), ... */
	bool center_spread;
	bool external;
};

#define DC_BIOS_MAX_SS 32
int dc_bios_ss_info(const struct dc_bios *bios, struct dc_bios_ss *out, unsigned max,
		    unsigned *count, struct dc_bios_error *err);

/* IntegratedSystemInfo 1.8/1.9 (APUs): boot clocks and DISPCLK levels, kHz. */
struct dc_bios_integrated_info {
	uint8_t format_rev, content_rev;
	uint32_t boot_engine_clock_khz;
	uint32_t dentist_vco_khz;
	uint32_t boot_uma_clock_khz;
	uint32_t dispclk_level_khz[4];
	uint8_t memory_type;
	uint8_t uma_channels;
};

int dc_bios_integrated_info(const struct dc_bios *bios, struct dc_bios_integrated_info *out,
			    struct dc_bios_error *err);

/*
 * The DENTIST's VCO (DISPCLK and DPREFCLK divide it): IntegratedSystemInfo's
 * on an APU, else FirmwareInfo 2.2's GPU PLL output, else the 3.6 GHz the
 * public driver assumes. bios may be NULL (the default then).
 */
#define DC_BIOS_DENTIST_VCO_DEFAULT_KHZ 3600000u
uint32_t dc_bios_dentist_vco_khz(const struct dc_bios *bios);

/* ---- command tables ---------------------------------------------------------- */

/*
 * How a table runs. The PLL and MC indirect spaces reach registers through
 * an index/data pair of the MMIO space (0: the space is not wired and a
 * table using it is stopped with an error).
 */
struct dc_bios_run_limits {
	uint64_t time_limit_ns; /* on dc_hw's clock; 0: 5 s */
	uint64_t step_limit;	/* opcodes executed, calls included; 0: 1,000,000 */
	uint32_t pll_index_reg, pll_data_reg;
	uint32_t mc_index_reg, mc_data_reg;
};

/*
 * Runs command table `index` with its parameter space params[0..count)
 * (read and written back: tables return results there) against hw. Returns
 * 0; -ENOENT when the image has no such table; -EINVAL (err) when the table
 * does something the language does not define or reaches outside the image,
 * its parameter space, workspace or scratch; -ETIMEDOUT (err) when it runs
 * past the time or step bound. Errors name the table and the offset.
 */
int dc_bios_run(struct dc_bios *bios, struct dc_hw *hw, unsigned index, uint32_t *params,
		unsigned count, const struct dc_bios_run_limits *limits, struct dc_bios_error *err);

/* Dword d of the firmware scratch (the FB space) tables share, 0 past it. */
uint32_t dc_bios_scratch(const struct dc_bios *bios, unsigned d);

#endif
