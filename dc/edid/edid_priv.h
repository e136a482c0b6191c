/*
 * Internal interfaces of the EDID decoder. Each decoder takes the parse
 * context and one whole 128-byte block (the input is copied into a
 * zero-padded buffer first, so a decoder may index any byte of its block;
 * truncation is flagged per block, not by short reads).
 */
#ifndef DC_EDID_PRIV_H
#define DC_EDID_PRIV_H

#include <stdarg.h>

#include "dc_edid.h"

/* Array capacities, fixed once the blocks are known (see edid_alloc()). */
struct edid_caps_alloc {
	size_t dtds, displayid_timings, std_timings, cvt_codes, descriptors;
	size_t svds, y420_vics, sads, data_blocks, displayid_blocks;
};

struct edid_ctx {
	struct dc_edid *e;
	struct edid_caps_alloc cap;
	uint8_t dtd_count;	 /* DTD numbering over base and CTA blocks */
	bool seen_cta;		 /* a CTA block's byte 3 has been recorded */
	bool seen_displayid;	 /* the first DisplayID block sets the version */
	bool last_was_hdmi_vsdb; /* for the HF-VSDB placement check */
	uint16_t svd_bytes;	 /* SVD bytes of Video Data Blocks seen so far */
	uint8_t y420_map[32];	 /* 4:2:0 Capability Map bits, by SVD position */
};

/* edid_warn.c */
__attribute__((format(printf, 4, 5))) void edid_warn(struct edid_ctx *c, int block,
						     enum dc_edid_warning_kind kind,
						     const char *fmt, ...);

/* edid_base.c */
void edid_decode_base(struct edid_ctx *c, const uint8_t *x);
void edid_add_std_timing(struct edid_ctx *c, uint8_t block, const uint8_t code[2],
			 bool from_descriptor);

/* edid_descriptors.c */
void edid_decode_descriptor(struct edid_ctx *c, uint8_t block, const uint8_t *d);
void edid_decode_dtd(struct edid_ctx *c, uint8_t block, const uint8_t *d,
		     enum dc_edid_timing_source source);
void edid_add_cvt_code(struct edid_ctx *c, uint8_t block, const uint8_t *code);
void edid_copy_string(char *dst, const uint8_t *src, size_t len);

/* edid_cta.c */
void edid_decode_cta(struct edid_ctx *c, uint8_t block, const uint8_t *x);
void edid_decode_cta_data_blocks(struct edid_ctx *c, uint8_t block, const uint8_t *p, size_t len,
				 bool in_displayid);
void edid_apply_y420_cmdb(struct edid_ctx *c);

/* edid_hdmi.c: vendor-specific data blocks; payload starts after the OUI */
bool edid_decode_vsdb(struct edid_ctx *c, uint8_t block, uint32_t oui, const uint8_t *p,
		      size_t len);
void edid_decode_hf_scdb(struct edid_ctx *c, uint8_t block, const uint8_t *p, size_t len,
			 bool is_scdb);

/* edid_displayid.c */
void edid_decode_displayid(struct edid_ctx *c, uint8_t block, const uint8_t *x);
void edid_decode_displayid_timing(struct edid_ctx *c, uint8_t block, const uint8_t *d,
				  enum dc_edid_timing_source source);

/* edid_vtb.c */
void edid_decode_vtb(struct edid_ctx *c, uint8_t block, const uint8_t *x);

/* edid_caps.c */
void edid_summarise(struct dc_edid *e);

static inline uint16_t edid_le16(const uint8_t *p)
{
	return (uint16_t)(p[0] | p[1] << 8);
}

static inline uint32_t edid_le24(const uint8_t *p)
{
	return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16;
}

static inline uint32_t edid_le32(const uint8_t *p)
{
	return edid_le24(p) | (uint32_t)p[3] << 24;
}

#endif
