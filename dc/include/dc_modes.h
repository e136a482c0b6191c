/*
 * dc/modes: display modes, the tables and formulas that produce them, and
 * a sink's mode list.
 *
 * Pure computation: no I/O, no allocation except inside struct
 * dc_mode_list. Every function returns 0 or a negative errno. The rules
 * (rounding, which standard clause wins where implementations disagree, how
 * interlaced and margin timings are laid out) are in docs/modes.md.
 *
 * A mode's timing lives in libdrm's struct drm_mode_modeinfo so it can be
 * handed to anything that speaks KMS without translation. Conventions:
 *   - info.clock is the pixel clock in kHz as sent on the wire;
 *   - interlaced modes give vertical values in frame lines (vdisplay 1080
 *     for 1080i, vtotal 1125), like the kernel's CEA table;
 *   - info.name is "WxH" or "WxHi", info.vrefresh the rounded field rate;
 *   - info.type is DRM_MODE_TYPE_DRIVER, plus DRM_MODE_TYPE_PREFERRED when
 *     dc_mode.preferred is set;
 *   - info.flags carries sync polarities, interlace and the CTA picture
 *     aspect ratio (DRM_MODE_FLAG_PIC_AR_*).
 */
#ifndef DC_MODES_H
#define DC_MODES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <drm_mode.h>

/*
 * Where a mode came from. The order is the merge priority of
 * dc_mode_list_finish(): when two candidates have the same timing, the one
 * with the higher value is kept (a timing the sink spelled out beats one
 * we looked up, which beats one we computed).
 */
enum dc_mode_source {
	DC_MODE_SOURCE_NONE = 0,
	DC_MODE_SOURCE_GTF,	    /* computed by the GTF formula */
	DC_MODE_SOURCE_CVT,	    /* computed by the CVT formula */
	DC_MODE_SOURCE_ESTABLISHED, /* an established timing bit (I/II/III) */
	DC_MODE_SOURCE_STD,	    /* an EDID standard timing (2-byte code) */
	DC_MODE_SOURCE_DMT,	    /* a VESA DMT table entry */
	DC_MODE_SOURCE_CTA_VIC,	    /* a CTA-861 VIC */
	DC_MODE_SOURCE_DISPLAYID,   /* a DisplayID detailed timing */
	DC_MODE_SOURCE_DTD,	    /* an EDID detailed timing descriptor */
};

/* CTA-861 picture aspect ratio; mirrored in info.flags as PIC_AR_*. */
enum dc_picture_aspect {
	DC_PIC_AR_NONE = 0,
	DC_PIC_AR_4_3,
	DC_PIC_AR_16_9,
	DC_PIC_AR_64_27,
	DC_PIC_AR_256_135,
};

struct dc_mode {
	struct drm_mode_modeinfo info;
	/*
	 * Exact field rate in mHz: clock * 1e6 / (htotal * vtotal), times 2
	 * for interlaced, divided by 2 for doublescan, rounded to nearest.
	 */
	uint32_t refresh_mhz;
	enum dc_mode_source source;
	bool preferred;
	/* VESA DMT ID when the timing is a DMT entry (from any source), else 0. */
	uint8_t dmt_id;
	/* CTA-861 metadata; vic 0 means "not a CTA format". */
	uint8_t vic;
	enum dc_picture_aspect picture_aspect;
	/*
	 * Pixel repetition: info is the wire timing (VIC 6 is 1440x480i at
	 * 27 MHz); the source image is hdisplay / pixel_repetition wide.
	 * pixel_repetition is the factor the format requires (1 = none);
	 * pixel_repetition_allowed has bit (n - 1) set for every factor n
	 * CTA-861 allows for it (bit 0 alone for most formats).
	 */
	uint8_t pixel_repetition;
	uint16_t pixel_repetition_allowed;
	/*
	 * CTA-861 YCbCr 4:2:0: ycbcr420 when the sink takes the timing in
	 * 4:2:0 (a 4:2:0 Video Data Block or the Capability Map lists it),
	 * ycbcr420_only when every source of the timing allows 4:2:0 only
	 * (a 4:2:0 Video Data Block, nothing else).
	 */
	bool ycbcr420, ycbcr420_only;
};

/*
 * Builds a mode from a bare timing (a DTD, a DisplayID timing, a user
 * modeline): copies info, recomputes name, vrefresh, refresh_mhz and the
 * picture-aspect flags from the other fields, and sets the metadata.
 * -EINVAL when the timing is impossible (zero clock or totals, sync
 * outside the blanking, totals not larger than the active size).
 */
int dc_mode_from_timing(struct dc_mode *out, const struct drm_mode_modeinfo *info,
			enum dc_mode_source source, bool preferred);

/*
 * A short name for a mode source, as dcctl and the JSON print it: "dtd",
 * "displayid", "cta_vic", "dmt", "std", "established", "cvt", "gtf"
 * ("none" for DC_MODE_SOURCE_NONE or an unknown value).
 */
const char *dc_mode_source_name(enum dc_mode_source source);

/* Checks the ordering active <= sync start <= sync end <= total, 0 or -EINVAL. */
int dc_mode_check_timing(const struct drm_mode_modeinfo *info);

/* Exact field rate in mHz of a timing (see dc_mode.refresh_mhz); 0 if undefined. */
uint32_t dc_mode_refresh_mhz(const struct drm_mode_modeinfo *info);

/* Sets preferred and the matching DRM_MODE_TYPE_PREFERRED bit. */
void dc_mode_set_preferred(struct dc_mode *mode, bool preferred);

/*
 * True when two modes have the same timing: clock, every h/v field, vscan
 * and the flags other than the picture aspect ratio, and aspect ratios
 * that are equal or unspecified on one side.
 */
bool dc_mode_same_timing(const struct dc_mode *a, const struct dc_mode *b);

/* ---- VESA DMT (DMT 1.0 rev 13) and EDID codes that refer to it ---- */

/* DMT ID 0x01..0x58; -ENOENT for an unassigned ID. */
int dc_mode_from_dmt_id(struct dc_mode *out, unsigned dmt_id);

/*
 * The DMT entry that a standard timing 2-byte code names in the DMT
 * document (e.g. 0xd1 0xc0 = 1920x1080@60); -ENOENT when the code names no
 * DMT entry (then resolve it with dc_std_code_decode + dc_mode_from_std).
 */
int dc_mode_from_std_code(struct dc_mode *out, uint8_t byte1, uint8_t byte2);

/*
 * Established timings I and II: bit 0..16 counts from EDID byte 0x23 bit 7
 * (720x400@70) to byte 0x25 bit 7 (1152x870@75), i.e. byte 0x23 + bit / 8,
 * mask 0x80 >> (bit % 8). The manufacturer bits (0x25 bits 6..0) are not
 * timings: -ENOENT.
 */
int dc_mode_from_established(struct dc_mode *out, unsigned bit);

/*
 * Established timings III (display descriptor tag 0xf7): bit 0..43 counts
 * from descriptor byte 6 bit 7 (640x350@85), byte 6 + bit / 8, mask
 * 0x80 >> (bit % 8). Reserved bits: -ENOENT.
 */
int dc_mode_from_established3(struct dc_mode *out, unsigned bit);

/*
 * Decodes a standard timing 2-byte code into width, height and refresh in
 * Hz. edid_revision is the EDID 1.x minor version: aspect code 0 means
 * 1:1 before EDID 1.3 and 16:10 from 1.3 on. -ENOENT for the unused code
 * 0x01 0x01 (and 0x00 0x00, 0x20 0x20), -EINVAL for a reserved first byte.
 */
int dc_std_code_decode(uint8_t byte1, uint8_t byte2, unsigned edid_revision, unsigned *width,
		       unsigned *height, unsigned *refresh_hz);

/* How a standard timing that is not in DMT becomes a timing. */
enum dc_std_formula {
	DC_STD_DMT_ONLY, /* not in DMT: -ENOENT */
	DC_STD_GTF,	 /* GTF default curve */
	DC_STD_GTF2,	 /* GTF with the range descriptor's secondary curve */
	DC_STD_CVT,	 /* CVT normal blanking */
	DC_STD_CVT_RB,	 /* CVT reduced blanking v1 */
};

struct dc_gtf_secondary;

/*
 * Resolves (width, height, refresh) like an EDID standard timing: the DMT
 * entry with that size and nominal refresh first (its reduced-blanking
 * variant when prefer_rb is set and both exist), otherwise the formula.
 * gtf2 is used only with DC_STD_GTF2. The result's source is
 * DC_MODE_SOURCE_STD; dmt_id says whether DMT answered.
 */
int dc_mode_from_std(struct dc_mode *out, unsigned width, unsigned height, unsigned refresh_hz,
		     enum dc_std_formula formula, bool prefer_rb,
		     const struct dc_gtf_secondary *gtf2);

/* Number of DMT table entries, and entry i (0-based), for iteration. */
size_t dc_dmt_count(void);
int dc_mode_from_dmt_index(struct dc_mode *out, size_t index);

/* ---- CTA-861 VICs (1..127 and 193..219, CTA-861-H) ---- */

/* The VIC's timing as the table lists it; -ENOENT for an undefined VIC. */
int dc_mode_from_vic(struct dc_mode *out, unsigned vic);

/*
 * The 1000/1001 companion of a CTA mode (59.94 for a 60 Hz VIC, 60 for
 * the 59.94 Hz 480-line VICs), for VICs whose rate is a multiple of 6 Hz;
 * -ENOENT for the others (25/50/100 Hz families).
 */
int dc_mode_vic_fractional(struct dc_mode *out, const struct dc_mode *vic_mode);

/*
 * Reverse lookup for the AVI InfoFrame: the VIC whose timing equals info
 * (every h/v field, interlace and sync polarities; the clock equal to the
 * VIC's or its 1000/1001 companion within 5 kHz, the rounding of a DTD).
 * When info has a picture aspect flag only a VIC with that aspect
 * matches; without one the lowest matching VIC is returned. Returns the
 * VIC, or 0 when none matches.
 */
unsigned dc_vic_match(const struct drm_mode_modeinfo *info);

/* ---- Formulas ---- */

enum dc_cvt_blanking {
	DC_CVT_NORMAL,
	DC_CVT_RB_V1,
	DC_CVT_RB_V2,
};

struct dc_cvt_params {
	unsigned hdisplay, vdisplay;
	/*
	 * The standard's I/P_FREQ_RQD in mHz: the frame rate, also for
	 * interlaced modes (whose field rate is twice it).
	 */
	uint32_t refresh_mhz;
	enum dc_cvt_blanking blanking;
	bool interlaced;
	bool margins;	      /* 1.8 % borders, folded into the blanking */
	bool video_optimized; /* RB v2 only: pixel clock times 1000/1001 */
};

/* VESA CVT 1.2. -EINVAL for out-of-range input, -ERANGE if a field overflows. */
int dc_cvt_mode(struct dc_mode *out, const struct dc_cvt_params *p);

/*
 * The GTF secondary curve of an EDID range limits descriptor (secondary
 * GTF supported, bytes 12..17), in the descriptor's own units: start
 * frequency in kHz (= byte 12 * 2), C and J doubled (= bytes 13 and 17),
 * M (bytes 14..15) and K (byte 16) as stored.
 */
struct dc_gtf_secondary {
	unsigned start_khz;
	unsigned c_x2, m, k, j_x2;
};

struct dc_gtf_params {
	unsigned hdisplay, vdisplay;
	uint32_t refresh_mhz; /* frame rate, as for CVT */
	bool interlaced;
	bool margins;
	/* NULL: the default curve (C=40, M=600, K=128, J=20) only. */
	const struct dc_gtf_secondary *secondary;
};

/* VESA GTF 1.1 by vertical refresh. -EINVAL / -ERANGE as for CVT. */
int dc_gtf_mode(struct dc_mode *out, const struct dc_gtf_params *p);

/* ---- A sink's mode list ---- */

/* Range limits; 0 in a field means "no limit". */
struct dc_range_limits {
	unsigned min_vfreq_hz, max_vfreq_hz;
	unsigned min_hfreq_khz, max_hfreq_khz;
	unsigned max_pixel_clock_khz;
};

/*
 * Opaque. Created empty; candidates are added in any order; finish()
 * merges, filters and sorts; after that the list is read-only (adds return
 * -EBUSY) and its modes stay valid until dc_mode_list_destroy(). The list
 * owns copies of everything added; pointers it returns point into it.
 */
struct dc_mode_list;

int dc_mode_list_create(struct dc_mode_list **out);
void dc_mode_list_destroy(struct dc_mode_list *list); /* accepts NULL */

/* A complete mode (a DTD or DisplayID timing through dc_mode_from_timing, or any other). */
int dc_mode_list_add(struct dc_mode_list *list, const struct dc_mode *mode);
/* A full timing with its source: the glue for DTDs and DisplayID detailed timings. */
int dc_mode_list_add_timing(struct dc_mode_list *list, const struct drm_mode_modeinfo *info,
			    enum dc_mode_source source, bool preferred);
int dc_mode_list_add_dmt(struct dc_mode_list *list, unsigned dmt_id);
int dc_mode_list_add_established(struct dc_mode_list *list, unsigned bit);
int dc_mode_list_add_established3(struct dc_mode_list *list, unsigned bit);
/* A standard timing, resolved by dc_mode_from_std(). */
int dc_mode_list_add_std(struct dc_mode_list *list, unsigned width, unsigned height,
			 unsigned refresh_hz, enum dc_std_formula formula, bool prefer_rb,
			 const struct dc_gtf_secondary *gtf2);
/* A VIC and, where CTA-861 defines one, its 1000/1001 companion (never preferred). */
int dc_mode_list_add_vic(struct dc_mode_list *list, unsigned vic, bool preferred);

/* Optional; applied by finish(). NULL removes limits set before. */
void dc_mode_list_set_range(struct dc_mode_list *list, const struct dc_range_limits *range);

/*
 * Merges candidates with the same timing (dc_mode_same_timing): keeps the
 * highest source, ORs preferred and ycbcr420, ANDs ycbcr420_only, keeps
 * DMT/VIC metadata from whichever had it. Drops modes outside the range
 * limits except those from DTDs, DisplayID and CTA VICs. Sorts: the
 * preferred mode first (the first one added, if several), then larger
 * area, wider, progressive before interlaced, higher refresh, higher
 * source, higher clock, insertion order.
 */
int dc_mode_list_finish(struct dc_mode_list *list);

size_t dc_mode_list_count(const struct dc_mode_list *list);
/* Mode i (0-based) in list order, NULL past the end. */
const struct dc_mode *dc_mode_list_get(const struct dc_mode_list *list, size_t i);

struct dc_edid;

/*
 * The mode list of a decoded EDID (dc_edid.h), finished: DTDs and
 * DisplayID timings, established timings I-III, standard timings (the
 * formula chosen as docs/modes.md says), CVT 3-byte codes, the VICs of the
 * Video Data Blocks (with their 4:2:0 Capability Map flags), 4:2:0-only
 * VICs and the HDMI VSDB's 4K VICs, filtered by the range limits
 * descriptor; the preferred mode first. *out is a new list to destroy with
 * dc_mode_list_destroy(). -ENOMEM; timings that do not decode are skipped.
 */
int dc_mode_list_from_edid(const struct dc_edid *edid, struct dc_mode_list **out);

/*
 * Finds a mode by "WxH[i][@R]" (R in Hz with up to 3 decimals, e.g.
 * "1920x1080@60", "3840x2160@59.94", "1920x1080i@60"). Size is exact; "i"
 * selects interlaced modes and its absence progressive ones; without "@R"
 * the first mode of that size in list order wins; with it, the mode whose
 * refresh is closest to R, within max(half a unit of R's last digit,
 * 0.1 % of R). -EINVAL for a malformed string, -ENOENT for no match.
 * Works on a finished or unfinished list (then in insertion order).
 */
int dc_mode_list_find(const struct dc_mode_list *list, const char *spec,
		      const struct dc_mode **out);
/*
 * The same search over an array of count modes (a sink's, dc_sink_modes).
 * With count 0 it only checks the string: -EINVAL malformed, else -ENOENT.
 */
int dc_mode_find(const struct dc_mode *modes, size_t count, const char *spec,
		 const struct dc_mode **out);

#endif
