/*
 * EDID builder: valid EDID 1.4 base blocks and CTA-861 extensions from a
 * short description, so scenarios need no binary files.
 *
 * No I/O and no allocation: fill a struct edid_desc, call edid_build() with
 * an output buffer. Errors come back as text in err (errlen bytes) and a
 * negative errno.
 */
#ifndef DCD_EDID_BUILDER_H
#define DCD_EDID_BUILDER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define EDID_BLOCK_SIZE 128
#define EDID_MAX_BLOCKS 32
#define EDID_MAX_EXTRA	32
#define EDID_MAX_VICS	32
#define EDID_MAX_SADS	8

/* A video timing with porches, as a DTD carries it. */
struct edid_timing {
	uint32_t pixel_khz;
	uint16_t hactive, hfront, hsync, hback;
	uint16_t vactive, vfront, vsync, vback;
	bool hsync_pos, vsync_pos;
	bool interlaced;
};

static inline uint32_t edid_timing_htotal(const struct edid_timing *t)
{
	return (uint32_t)t->hactive + t->hfront + t->hsync + t->hback;
}

static inline uint32_t edid_timing_vtotal(const struct edid_timing *t)
{
	return (uint32_t)t->vactive + t->vfront + t->vsync + t->vback;
}

/* Video input interface of the base block (byte 20, bits 3:0). */
enum edid_input {
	EDID_INPUT_UNDEFINED = 0,
	EDID_INPUT_DVI = 1,
	EDID_INPUT_HDMI_A = 2,
	EDID_INPUT_DP = 5,
};

/* CTA-861 short audio descriptor. */
struct edid_sad {
	uint8_t format;	  /* 1 = LPCM, 2 = AC-3, ... (CTA audio format code) */
	uint8_t channels; /* 1..8 */
	uint8_t rates;	  /* bit 0 32 kHz, 1 44.1, 2 48, 3 88.2, 4 96, 5 176.4, 6 192 */
	uint8_t byte3;	  /* LPCM: bit 0 16, 1 20, 2 24 bit; else max bit rate / 8 kHz */
};

enum edid_head_mounted {
	EDID_HMD_NONE,
	EDID_HMD_MICROSOFT, /* Microsoft VSDB */
	EDID_HMD_DISPLAYID, /* DisplayID 2.0 primary use case 7 */
};

struct edid_desc {
	char vendor[4]; /* PNP ID, three upper-case letters */
	uint16_t product;
	uint32_t serial;
	char name[14];	      /* monitor name, up to 13 characters */
	char serial_text[14]; /* optional serial number string */
	uint8_t week;
	uint16_t year; /* 1990 .. 2245 */
	uint16_t width_mm, height_mm;
	uint8_t input; /* enum edid_input */
	uint8_t bpc;   /* 6, 8, 10, 12, 14, 16 or 0 (undefined) */

	struct edid_timing preferred;
	struct edid_timing extra[EDID_MAX_EXTRA];
	unsigned nextra;
	uint8_t vics[EDID_MAX_VICS]; /* CTA short video descriptors */
	unsigned nvics;

	/* HDMI vendor-specific data block (OUI 00-0C-03) */
	bool hdmi;
	uint16_t hdmi_max_tmds_mhz; /* 0: field omitted (<= 165 MHz) */
	uint8_t hdmi_dc_flags;	    /* byte 6: DC_48bit .. DC_Y444 (bits 6..3) */
	/* HDMI Forum VSDB (OUI C4-5D-D8) */
	bool hf_vsdb;
	uint16_t max_tmds_char_rate_mhz; /* 0 if <= 340 MHz */
	bool scdc_present;
	bool rr_capable;
	bool lte_340mcsc_scramble;

	struct edid_sad sads[EDID_MAX_SADS];
	unsigned nsads;
	uint8_t speakers; /* speaker allocation byte 1, 0: FL/FR when audio */

	bool range; /* display range limits descriptor */
	uint8_t vmin_hz, vmax_hz, hmin_khz, hmax_khz;
	uint16_t max_pixel_mhz;

	/* a head-mounted display: Microsoft's VSDB (OUI CA-12-5C, version 3, use
	 * case VR headset, not for desktop use) in the CTA extension, or a
	 * DisplayID 2.0 extension whose primary use case is VR headset */
	uint8_t head_mounted; /* enum edid_head_mounted */

	bool cta;	     /* force a CTA-861 extension */
	unsigned min_blocks; /* pad with empty CTA extensions up to this */
};

/*
 * Fills out[] (cap bytes, a multiple of 128 is enough) with the EDID and sets
 * *len. Returns 0, -EINVAL for a description that cannot be encoded, -ENOSPC
 * when it does not fit in cap or EDID_MAX_BLOCKS.
 */
int edid_build(const struct edid_desc *desc, uint8_t *out, size_t cap, size_t *len, char *err,
	       size_t errlen);

/* One 18-byte detailed timing descriptor. Returns 0 or -EINVAL (out of range). */
int edid_encode_dtd(const struct edid_timing *t, uint16_t width_mm, uint16_t height_mm,
		    uint8_t out[18]);

/* Sets the checksum byte (127) of a 128-byte block. */
void edid_block_checksum(uint8_t *block);

#endif
