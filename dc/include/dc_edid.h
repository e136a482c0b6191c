/*
 * dc_edid.h: EDID 1.3/1.4, CTA-861 and DisplayID decoding, and ELD building.
 *
 * The decoder turns bytes into facts. It does no I/O, keeps no global state
 * and never reads outside the buffer it is given: any byte sequence of any
 * length decodes without a crash. What it finds wrong (bad checksums,
 * truncated blocks, reserved values, unknown tags) is listed as warnings and
 * per-block flags; decoding carries on wherever the bytes still make sense.
 *
 * The result is a documented, read-only struct dc_edid that callers walk
 * directly (dc/modes builds the sink's mode list from it). Arrays are
 * pointer + count pairs owned by the struct; all of it is released by
 * dc_edid_destroy(). Nothing in it points into the caller's buffer.
 *
 * Conventions used throughout:
 * - Block numbers count 128-byte blocks from 0 (the base block).
 * - A detailed timing's vactive is the frame height (1080 for 1080i); its
 *   vertical porches and sync are those of one field, as the DTD codes them.
 * - Back porches follow the layout active, border, front porch, sync, back
 *   porch, border: hback = hblank - hfront - hsync - 2 * hborder. Garbage
 *   descriptors can make them negative; they are kept as decoded.
 * - Values that the bytes do not state are 0 with a "present"/"has_" flag
 *   false, never a guess.
 */
#ifndef DC_EDID_H
#define DC_EDID_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <drm_mode.h>

#define DC_EDID_BLOCK_SIZE   128
/* The base block's extension count is one byte: at most 255 extensions. */
#define DC_EDID_MAX_BLOCKS   256
/* Warnings kept per EDID; more are counted in warnings_dropped. */
#define DC_EDID_MAX_WARNINGS 128

/* Byte 0 of an extension block (VESA E-EDID 1.4, table 2.7). */
enum dc_edid_ext_tag {
	DC_EDID_EXT_CTA = 0x02,
	DC_EDID_EXT_VTB = 0x10,
	DC_EDID_EXT_DI = 0x40,
	DC_EDID_EXT_LS = 0x50,
	DC_EDID_EXT_DPVL = 0x60,
	DC_EDID_EXT_DISPLAYID = 0x70,
	DC_EDID_EXT_BLOCK_MAP = 0xf0,
	DC_EDID_EXT_VENDOR = 0xff,
};

struct dc_edid_block {
	uint8_t tag;		   /* byte 0; meaningless for the base block */
	bool is_base;		   /* block 0 */
	uint16_t bytes;		   /* bytes present in the input, 1..128 */
	bool declared;		   /* within the base block's extension count */
	bool checksum_ok;	   /* all 128 bytes present and summing to 0 mod 256 */
	uint8_t checksum;	   /* byte 127 as stored (0 when truncated) */
	uint8_t checksum_expected; /* the value that would make the sum 0 */
	uint8_t revision;	   /* byte 1 of an extension (CTA, VTB, DisplayID version) */
	/* DisplayID blocks: the section checksum inside the block */
	bool displayid_checksum_ok;
	/*
	 * The block can be trusted: all 128 bytes present, checksum right,
	 * and for DisplayID blocks the section checksum right too. Invalid
	 * blocks are decoded all the same; their warnings say what is wrong.
	 */
	bool valid;
};

enum dc_edid_warning_kind {
	DC_EDID_WARN_CHECKSUM,	/* a block or DisplayID section checksum is wrong */
	DC_EDID_WARN_TRUNCATED, /* fewer bytes than a block or data block needs */
	DC_EDID_WARN_RESERVED,	/* a reserved bit or value is used */
	DC_EDID_WARN_UNKNOWN,	/* an unknown tag, kept raw */
	DC_EDID_WARN_INVALID,	/* a field holds an impossible value */
	DC_EDID_WARN_BLOCKS,	/* extension count and blocks present disagree */
};

struct dc_edid_warning {
	int block; /* block number, or -1 for the whole EDID */
	enum dc_edid_warning_kind kind;
	char text[112]; /* one sentence naming the field and the numbers */
};

/* Where a detailed timing was found. */
enum dc_edid_timing_source {
	DC_EDID_TIMING_BASE_DTD,	/* 18-byte DTD in the base block */
	DC_EDID_TIMING_CTA_DTD,		/* 18-byte DTD in a CTA-861 extension */
	DC_EDID_TIMING_VTB_DTD,		/* 18-byte DTD in a VTB-EXT block */
	DC_EDID_TIMING_DISPLAYID_TYPE1, /* DisplayID 1.x type I detailed timing */
	DC_EDID_TIMING_DISPLAYID_TYPE7, /* DisplayID 2.x type VII detailed timing */
	DC_EDID_TIMING_CTA_TYPE7,	/* type VII timing in a CTA data block */
};

/* DTD byte 17 bits 4-3 (E-EDID 1.4 table 3.22). */
enum dc_edid_sync {
	DC_EDID_SYNC_ANALOG_COMPOSITE,
	DC_EDID_SYNC_BIPOLAR_ANALOG_COMPOSITE,
	DC_EDID_SYNC_DIGITAL_COMPOSITE,
	DC_EDID_SYNC_DIGITAL_SEPARATE,
};

/*
 * A detailed timing as coded, from a DTD or a DisplayID type I/VII
 * descriptor. Totals: htotal = hactive + hfront + hsync + hback + 2*hborder;
 * per field vtotal = vactive / (interlaced ? 2 : 1) + vfront + vsync + vback
 * + 2*vborder.
 */
struct dc_edid_timing {
	uint32_t pixel_clock_khz;
	uint16_t hactive, hfront, hsync, hborder;
	int32_t hback;
	uint16_t vactive, vfront, vsync, vborder;
	int32_t vback;
	bool interlaced;
	enum dc_edid_sync sync;
	/*
	 * Sync polarities. DTDs state them only for digital sync; a digital
	 * composite DTD states no vertical polarity (vsync_stated false).
	 * DisplayID timings always state both.
	 */
	bool hsync_positive, vsync_positive, vsync_stated;
	uint8_t stereo;		      /* DTD: byte 17 bits 6,5,0; DisplayID: bits 6-5 */
	uint16_t width_mm, height_mm; /* image size (DTDs only; 0 if unstated) */
	uint8_t aspect;		      /* DisplayID aspect ratio code (0-15), else 0 */
	enum dc_edid_timing_source source;
	uint8_t block;
	/*
	 * DTDs of the base and CTA blocks are numbered 1, 2, ... in order over
	 * the whole EDID (CTA-861 "DTD n" references use this numbering); 0 for
	 * VTB and DisplayID timings.
	 */
	uint8_t dtd_number;
	/*
	 * DisplayID: the timing's "preferred" flag. DTDs: the base block's
	 * first DTD when the EDID marks it preferred (always in EDID 1.3+,
	 * byte 24 bit 1 before).
	 */
	bool preferred;
};

/* Standard timing (2 bytes; E-EDID 1.4 section 3.9). */
enum dc_edid_std_aspect {
	DC_EDID_ASPECT_16_10, /* code 0 in EDID 1.3+, 1:1 before (see below) */
	DC_EDID_ASPECT_4_3,
	DC_EDID_ASPECT_5_4,
	DC_EDID_ASPECT_16_9,
	DC_EDID_ASPECT_1_1, /* code 0 in EDID 1.0-1.2 */
};

struct dc_edid_std_timing {
	uint16_t hactive, vactive; /* vactive derived from the aspect code */
	uint8_t refresh_hz;
	enum dc_edid_std_aspect aspect;
	uint8_t code[2]; /* the two bytes as stored */
	uint8_t block;
	bool from_descriptor; /* from a 0xFA descriptor */
};

/* A CVT 3-byte code (descriptor 0xF8). */
struct dc_edid_cvt_code {
	uint16_t vactive;
	uint8_t aspect;		/* 0 4:3, 1 16:9, 2 16:10, 3 15:9 */
	uint8_t preferred_rate; /* 0 50 Hz, 1 60, 2 75, 3 85 */
	uint8_t rates;		/* bit 4 50 Hz, 3 60, 2 75, 1 85, 0 60 Hz reduced blanking */
};

/* What an established timing bit means (E-EDID 1.4 tables 3.18 and 4.5). */
struct dc_edid_est_mode {
	uint16_t hactive, vactive;
	uint8_t refresh_hz;
	uint8_t dmt_id; /* VESA DMT ID, 0 for the IBM/Apple modes */
	bool reduced_blanking;
	bool interlaced; /* only 1024x768@87 (DMT 0x0f) */
};

/* Display range limits descriptor (0xFD). */
struct dc_edid_range_limits {
	bool present;
	uint16_t min_vfreq_hz, max_vfreq_hz; /* with the EDID 1.4 +255 offsets applied */
	uint16_t min_hfreq_khz, max_hfreq_khz;
	uint16_t max_pixel_clock_mhz; /* 0 when unstated */
	/* byte 10: 0 default GTF, 1 range limits only, 2 secondary GTF, 4 CVT */
	uint8_t timing_support;
	/* secondary GTF curve (timing_support 2) */
	uint16_t gtf_start_hfreq_khz;
	uint8_t gtf_c2, gtf_k, gtf_j2; /* C and J are stored doubled */
	uint16_t gtf_m;
	/* CVT (timing_support 4) */
	uint8_t cvt_version;		  /* 0x11 for CVT 1.1 */
	uint32_t cvt_max_pixel_clock_khz; /* refined maximum */
	uint16_t cvt_max_hactive;	  /* 0 = no limit */
	uint8_t cvt_aspects;		  /* byte 14 bits 7-3: 4:3 16:9 16:10 5:4 15:9 */
	uint8_t cvt_preferred_aspect;
	bool cvt_standard_blanking, cvt_reduced_blanking;
	uint8_t cvt_scaling; /* byte 16 bits 7-4 */
	uint8_t cvt_preferred_refresh_hz;
};

/* Color point descriptor (0xFB): up to two extra white points. */
struct dc_edid_white_point {
	uint8_t index; /* 0 = unused */
	uint16_t x, y; /* 10-bit CIE coordinates, value / 1024 */
	uint8_t gamma; /* (gamma * 100) - 100; 0xff = in an extension */
};

/* An 18-byte display descriptor that is not a timing, kept whole. */
struct dc_edid_descriptor {
	uint8_t block;
	uint8_t tag; /* byte 3 */
	uint8_t bytes[18];
};

enum dc_edid_interface {
	DC_EDID_IFACE_UNDEFINED = 0,
	DC_EDID_IFACE_DVI = 1,
	DC_EDID_IFACE_HDMI_A = 2,
	DC_EDID_IFACE_HDMI_B = 3,
	DC_EDID_IFACE_MDDI = 4,
	DC_EDID_IFACE_DISPLAYPORT = 5,
};

struct dc_edid_base {
	char manufacturer[4]; /* PNP ID, e.g. "SAM": '@' + each 5-bit code (1-26 are A-Z) */
	uint16_t product_code;
	uint32_t serial;
	uint8_t week;  /* 0 unstated, 1-54, 0xff: year is a model year */
	uint16_t year; /* 1990 + byte 17 */
	bool model_year;
	uint8_t version, revision;
	bool digital;
	/* digital input (EDID 1.4): */
	uint8_t bpc; /* 6..16, 0 undefined */
	enum dc_edid_interface interface;
	bool dfp1_compatible; /* EDID 1.3 digital: VESA DFP 1.x */
	/* analog input: */
	uint8_t signal_level; /* bits 6-5 of byte 20 */
	bool blank_to_black, separate_sync, composite_sync, sync_on_green, serration;
	/* byte 21-22: size in cm, or an aspect ratio when one of them is 0 */
	uint8_t width_cm, height_cm;
	uint16_t aspect_x100; /* landscape w/h * 100, or portrait h/w * 100 */
	bool aspect_portrait;
	uint16_t gamma_x100; /* 100..355; 0 = stated in an extension */
	bool dpms_standby, dpms_suspend, dpms_off;
	uint8_t color_type; /* byte 24 bits 4-3 (analog type / 1.4 encodings) */
	bool srgb_default;
	bool preferred_is_native; /* byte 24 bit 1: first DTD is preferred (1.4: native) */
	bool continuous_freq;	  /* byte 24 bit 0 (1.4); "GTF supported" in 1.3 */
	/* chromaticity, 10-bit values / 1024 */
	uint16_t red_x, red_y, green_x, green_y, blue_x, blue_y, white_x, white_y;
	uint8_t extension_count;
	/* descriptors */
	char name[14];		/* first 0xFC descriptor, up to 13 characters */
	char serial_string[14]; /* first 0xFF descriptor */
	char data_string[14];	/* first 0xFE descriptor */
	bool has_name, has_serial_string, has_data_string;
	struct dc_edid_range_limits range;
	struct dc_edid_white_point white_points[2];
	bool has_established3;
};

/* Short Video Descriptor of a CTA Video Data Block. */
struct dc_edid_svd {
	uint8_t vic; /* 1-127 or 193-255 (unknown numbers are kept) */
	bool native;
	bool ycbcr420; /* marked by the 4:2:0 Capability Map */
	uint8_t block;
	/*
	 * Position among all SVD bytes of the Video Data Blocks, reserved
	 * bytes included: the 4:2:0 Capability Map refers to SVDs by it.
	 */
	uint16_t position;
};

/* Short Audio Descriptor (CTA-861 7.5.2). */
struct dc_edid_sad {
	uint8_t format;	    /* Audio Format Code 1-15 (0 is reserved, kept) */
	uint8_t ext_format; /* Audio Coding Extension Type when format is 15 */
	uint8_t channels;   /* max channels */
	uint8_t rates;	    /* bit 0 32 kHz .. bit 6 192 kHz */
	uint8_t byte3;	    /* format-dependent: sizes, bitrate/8 kbps, flags */
	uint8_t bytes[3];   /* as stored */
	uint8_t block;
};

/* HDMI 1.4 Vendor-Specific Data Block (OUI 00-0C-03). */
struct dc_edid_hdmi_vsdb {
	bool present;
	uint8_t block;
	uint16_t physical_address; /* a.b.c.d as nibbles */
	bool supports_ai, dc_48bit, dc_36bit, dc_30bit, dc_y444, dvi_dual;
	uint16_t max_tmds_mhz; /* 0 when unstated */
	uint8_t content_types; /* CNC3..0 */
	bool has_latency, has_interlaced_latency;
	uint8_t video_latency, audio_latency, interlaced_video_latency, interlaced_audio_latency;
	bool hdmi_video_present, has_3d;
	uint8_t multi_3d, image_size;
	uint8_t num_hdmi_vics;
	uint8_t hdmi_vics[7];
};

/* HDMI Forum VSDB (OUI C4-5D-D8) or SCDB (extended tag 0x79). */
struct dc_edid_hdmi_forum {
	bool present;
	bool is_scdb;
	uint8_t block;
	uint8_t version;
	uint16_t max_tmds_char_rate_mhz; /* 0: no more than 340 Mcsc */
	bool scdc_present, rr_capable, ccbpci, lte_340mcsc_scramble;
	bool independent_view, dual_view, osd_disparity_3d;
	uint8_t max_frl_rate; /* 0-6 (HDMI 2.1 table 10-6); 7-15 reserved */
	/* Max_FRL_Rate as lanes x Gbit/s per lane (0 x 0 when FRL is not supported) */
	uint8_t max_frl_lanes, max_frl_gbps_per_lane;
	bool uhd_vic, dc_420_48bit, dc_420_36bit, dc_420_30bit;
	bool mdelta, cinema_vrr, neg_mvrr, fva, allm, fapa_start_location;
	bool has_vrr;
	uint16_t vrr_min_hz, vrr_max_hz;
	bool dsc_1p2, dsc_native_420, dsc_all_bpp, dsc_16bpc, dsc_12bpc, dsc_10bpc;
	uint8_t dsc_max_slices, dsc_max_frl_rate;
	uint8_t dsc_max_frl_lanes, dsc_max_frl_gbps_per_lane;
	uint8_t dsc_total_chunk_kbytes; /* (value + 1) * 1024 bytes when non-zero */
};

/* AMD VSDB (OUI 00-00-1A): the FreeSync range. */
struct dc_edid_amd_vsdb {
	bool present;
	uint8_t block;
	uint8_t version_major, version_minor;
	uint8_t min_refresh_hz, max_refresh_hz;
	uint8_t flags;
};

/* Microsoft VSDB (OUI CA-12-5C): head-mounted and specialized displays. */
struct dc_edid_microsoft_vsdb {
	bool present;
	uint8_t block;
	uint8_t version;
	uint8_t primary_use_case; /* 7: VR headset, 8: AR */
	bool desktop_usage, third_party_usage;
	uint8_t container_id[16];
};

/* HDR Static Metadata Data Block (CTA-861 7.5.13). */
struct dc_edid_hdr_static {
	bool present;
	uint8_t block;
	uint8_t eotfs; /* bit 0 SDR gamma, 1 HDR gamma, 2 ST 2084, 3 HLG */
	uint8_t metadata_types;
	bool has_max_luminance, has_max_fall, has_min_luminance;
	uint8_t max_luminance, max_fall, min_luminance; /* coded values */
};

/* Any CTA data block, known or not, kept raw. */
struct dc_edid_data_block {
	uint8_t block;		/* EDID block number */
	bool in_displayid;	/* inside a DisplayID CTA data block (tag 0x81) */
	uint8_t tag;		/* 1 audio, 2 video, 3 vendor, 4 speakers, 7 extended, ... */
	uint8_t ext_tag;	/* for tag 7 */
	uint32_t oui;		/* vendor-specific blocks: the OUI as 0xAABBCC */
	bool known;		/* decoded into one of the fields of struct dc_edid_cta */
	uint8_t length;		/* payload bytes after the header byte */
	const uint8_t *payload; /* points into struct dc_edid raw (never the caller's) */
};

struct dc_edid_cta {
	unsigned num_blocks;
	uint8_t revision; /* of the first CTA block */
	/* byte 3 of the first CTA block (revision 2+) */
	bool underscan, basic_audio, ycbcr444, ycbcr422;
	uint8_t native_dtds;
	struct dc_edid_svd *svds; /* all Video Data Blocks, in order */
	size_t num_svds;
	uint8_t *y420_vics; /* YCbCr 4:2:0 Video Data Block(s) */
	size_t num_y420_vics;
	bool has_y420_cmdb;
	bool y420_cmdb_all; /* a map with no bitmap: every SVD */
	struct dc_edid_sad *sads;
	size_t num_sads;
	bool has_speaker_allocation;
	uint8_t speaker_allocation[3];
	bool has_colorimetry;
	uint16_t colorimetry; /* byte 1 | byte 2 << 8 */
	bool has_video_capability;
	uint8_t video_capability; /* QY QS S_PT S_IT S_CE */
	struct dc_edid_hdr_static hdr;
	struct dc_edid_hdmi_vsdb hdmi;
	struct dc_edid_hdmi_forum hf;
	struct dc_edid_amd_vsdb amd;
	struct dc_edid_microsoft_vsdb microsoft;
	struct dc_edid_data_block *data_blocks;
	size_t num_data_blocks;
};

/* A DisplayID data block as found: header fields and the payload. */
struct dc_edid_displayid_block {
	uint8_t block; /* EDID block number */
	uint8_t tag;
	uint8_t revision;	/* byte 1: revision and block-specific flags */
	uint8_t length;		/* payload bytes */
	bool known;		/* decoded into struct dc_edid_displayid or the timings */
	const uint8_t *payload; /* points into struct dc_edid raw */
};

/* DisplayID (1.3 and 2.x) data gathered over all DisplayID blocks. */
struct dc_edid_displayid {
	bool present;
	uint8_t version;      /* 0x12, 0x13, 0x20, 0x21 */
	uint8_t product_type; /* 1.x product type / 2.x primary use case */
	bool has_product_id;
	char vendor[4]; /* 1.x: three ASCII letters */
	uint32_t oui;	/* 2.x */
	uint16_t product_code;
	uint32_t serial;
	uint8_t week;
	uint16_t year;
	char product_name[32];
	bool has_display_params;
	uint32_t width_mm10, height_mm10; /* image size in 0.1 mm */
	uint16_t native_width, native_height;
	uint8_t native_bpc; /* 2.x; 0 unknown */
	bool has_tiled;
	uint8_t tile_block;
	uint8_t tile_caps;
	uint8_t h_tiles, v_tiles, h_location, v_location;
	uint16_t tile_width, tile_height;
	char tile_vendor[4]; /* 1.x */
	uint32_t tile_oui;   /* 2.x */
	uint16_t tile_product_code;
	uint32_t tile_serial;
	/* Dynamic Video Timing Range Limits (2.x tag 0x25) */
	bool has_dynamic_range;
	uint32_t dyn_min_pixel_clock_khz, dyn_max_pixel_clock_khz;
	uint16_t dyn_min_refresh_hz, dyn_max_refresh_hz;
	bool dyn_seamless;
	/* Adaptive-Sync descriptors (2.1 tag 0x2B) */
	uint8_t num_adaptive_sync;
	struct {
		uint8_t flags;
		uint16_t min_refresh_hz, max_refresh_hz;
	} adaptive_sync[4];
	/* Every DisplayID data block, known or not, kept raw */
	struct dc_edid_displayid_block *data_blocks;
	size_t num_data_blocks;
};

enum dc_edid_non_desktop {
	DC_EDID_DESKTOP = 0,
	DC_EDID_NON_DESKTOP_MICROSOFT_VSDB, /* Microsoft VSDB: specialized display */
	DC_EDID_NON_DESKTOP_DISPLAYID,	    /* DisplayID 2 use case VR/AR */
	DC_EDID_NON_DESKTOP_KNOWN_HMD,	    /* a known headset's vendor/product */
};

enum dc_edid_vrr_source {
	DC_EDID_VRR_NONE = 0,
	DC_EDID_VRR_HDMI_FORUM, /* HF-VSDB VRRmin/VRRmax */
	DC_EDID_VRR_AMD,	/* AMD VSDB FreeSync range */
	DC_EDID_VRR_DISPLAYID,	/* DisplayID adaptive-sync / dynamic range */
	DC_EDID_VRR_RANGE,	/* EDID 1.4 range limits with continuous frequency */
};

/* Bits of the *_bpc masks below. */
#define DC_EDID_BPC_6  (1u << 0)
#define DC_EDID_BPC_8  (1u << 1)
#define DC_EDID_BPC_10 (1u << 2)
#define DC_EDID_BPC_12 (1u << 3)
#define DC_EDID_BPC_14 (1u << 4)
#define DC_EDID_BPC_16 (1u << 5)

/* What the sink can do, summarised from all blocks. */
struct dc_edid_caps {
	bool hdmi;	       /* HDMI VSDB present: the sink speaks HDMI, not DVI */
	bool hdmi_forum;       /* HF-VSDB or SCDB present */
	uint32_t max_tmds_khz; /* HF rate if non-zero, else HDMI VSDB, else 0 (unstated) */
	bool scdc, scrambling_below_340;
	enum dc_edid_non_desktop non_desktop;
	enum dc_edid_vrr_source vrr_source;
	uint16_t vrr_min_hz, vrr_max_hz;
	bool hdr;				     /* HDR static metadata present */
	uint8_t hdr_eotfs;			     /* as dc_edid_hdr_static.eotfs */
	bool ycbcr444, ycbcr422, ycbcr420;	     /* RGB is always supported */
	uint8_t rgb_bpc, ycbcr444_bpc, ycbcr420_bpc; /* DC_EDID_BPC_* masks */
	bool audio;				     /* basic audio or any SAD */
};

struct dc_edid {
	uint8_t *raw;	     /* a copy of the input, zero-padded to whole blocks */
	size_t size;	     /* bytes given to dc_edid_parse() */
	unsigned num_blocks; /* blocks present, a partial last block included */
	struct dc_edid_block *blocks;

	struct dc_edid_base base;

	/* DTDs of the base, CTA and VTB blocks, in block order */
	struct dc_edid_timing *dtds;
	size_t num_dtds;
	/* DisplayID type I/VII timings (DisplayID blocks and CTA tag 0x34) */
	struct dc_edid_timing *displayid_timings;
	size_t num_displayid_timings;
	/* Established timings I, II (bits 0-16) and III (bits 17-60): see dc_edid_est_mode() */
	uint64_t established;
	uint8_t manufacturer_timings; /* byte 37 bits 6-0 */
	struct dc_edid_std_timing *std_timings;
	size_t num_std_timings;
	struct dc_edid_cvt_code *cvt_codes;
	size_t num_cvt_codes;
	struct dc_edid_descriptor *descriptors; /* non-timing descriptors, all blocks */
	size_t num_descriptors;

	struct dc_edid_cta cta;
	struct dc_edid_displayid displayid;
	struct dc_edid_caps caps;

	struct dc_edid_warning *warnings;
	size_t num_warnings;
	size_t warnings_dropped;
};

/*
 * Decodes size bytes of EDID. On success *out is a new struct dc_edid to be
 * released with dc_edid_destroy(), and 0 is returned, also for an EDID with
 * bad checksums or truncated blocks (see blocks[] and warnings[]).
 * Returns -EINVAL when data does not start with a base block header (at
 * least 6 of its 8 bytes 00 ff ff ff ff ff ff 00 must match, as the Linux
 * kernel also accepts), -ENOMEM when out of memory.
 */
int dc_edid_parse(const uint8_t *data, size_t size, struct dc_edid **out);

/* Releases everything dc_edid_parse() allocated. NULL is allowed. */
void dc_edid_destroy(struct dc_edid *edid);

/*
 * The meaning of bit i (0-60) of struct dc_edid.established: 0-16 are the
 * established timings I/II from byte 35 bit 7 to byte 37 bit 7, 17-60 the
 * established timings III from descriptor byte 6 bit 7 onwards. Returns NULL
 * for i > 60.
 */
const struct dc_edid_est_mode *dc_edid_est_mode(unsigned i);

/* The base block's first DTD, else the first DisplayID timing flagged
 * preferred, else NULL. */
const struct dc_edid_timing *dc_edid_preferred_timing(const struct dc_edid *edid);

/* htotal and the per-field vtotal as defined at struct dc_edid_timing. */
int32_t dc_edid_timing_htotal(const struct dc_edid_timing *t);
int32_t dc_edid_timing_vtotal(const struct dc_edid_timing *t);

/*
 * Vertical refresh in Hz: the field rate for interlaced timings, whose
 * field has vtotal + 0.5 lines. 0 when a total is not positive.
 */
double dc_edid_timing_refresh_hz(const struct dc_edid_timing *t);

/*
 * Converts a detailed timing to libdrm's mode layout: clock in kHz, sync
 * start = active + border + front porch, total = active + blanking (the
 * border counted in the blanking), interlaced modes with frame values and
 * an odd vtotal (2 * field + 1), sync flags, DRM_MODE_TYPE_DRIVER (plus
 * DRM_MODE_TYPE_PREFERRED when t->preferred), name "WxH" or "WxHi".
 * Returns -ERANGE when a value does not fit the 16-bit fields or a total
 * is not positive; mode is then left untouched.
 */
int dc_edid_timing_to_modeinfo(const struct dc_edid_timing *t, struct drm_mode_modeinfo *mode);

/*
 * Writes a block's name as edid-decode prints it ("CTA-861 Extension Block",
 * "Unknown EDID Extension Block 0x3b") to buf; returns what snprintf returns.
 */
int dc_edid_block_name(const struct dc_edid_block *block, char *buf, size_t size);

/*
 * Writes a SAD's audio format name ("Linear PCM", "AC-3", "Unknown Audio
 * Ext Format (0x1f)", CTA-861-H tables 39 and 41) to buf; returns what
 * snprintf returns.
 */
int dc_edid_audio_format_name(const struct dc_edid_sad *sad, char *buf, size_t size);

/*
 * Builds the ELD (EDID-Like Data, HDA spec 7.3.3.34 version 2) that audio
 * drivers expect, from the CTA audio data: a 4-byte header (ELD version 2,
 * baseline length in dwords) and the baseline block: CEA revision and name
 * length, SAD count and connection type, audio/video sync delay from the
 * HDMI VSDB latencies, speaker allocation, port ID 0, manufacturer and
 * product code bytes, the monitor name (at most 16 bytes) and up to 15 SADs
 * (reserved format 0 skipped), padded to a dword. dp selects the
 * DisplayPort connection type (else HDMI).
 * Returns the ELD length in bytes (at most 128), -ENOSPC when size is too
 * small, -ENODATA when the EDID describes no audio sink (no CTA block with
 * basic audio or SADs).
 */
int dc_edid_build_eld(const struct dc_edid *edid, bool dp, uint8_t *eld, size_t size);

/* The size of the buffer dc_edid_build_eld() needs at most. */
#define DC_EDID_ELD_MAX_BYTES 128

#endif
