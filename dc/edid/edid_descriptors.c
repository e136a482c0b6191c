/*
 * 18-byte descriptors (E-EDID 1.4 sections 3.10 and 3.11): detailed timing
 * descriptors, and the display descriptors of the base block (also found in
 * CTA-861 extensions): strings, range limits, color points, standard timing
 * identifiers, CVT 3-byte codes and established timings III.
 */
#include <string.h>

#include "edid_priv.h"

void edid_decode_dtd(struct edid_ctx *c, uint8_t block, const uint8_t *d,
		     enum dc_edid_timing_source source)
{
	struct dc_edid *e = c->e;
	struct dc_edid_timing *t;
	uint16_t hblank, vblank;
	uint8_t flags = d[17];

	if (source != DC_EDID_TIMING_VTB_DTD)
		c->dtd_count++;
	if (e->num_dtds >= c->cap.dtds)
		return;
	t = &e->dtds[e->num_dtds++];
	t->source = source;
	t->block = block;
	t->dtd_number = source == DC_EDID_TIMING_VTB_DTD ? 0 : c->dtd_count;
	/* EDID 1.3 made the first DTD always preferred; before, byte 24 bit 1 says so */
	t->preferred = source == DC_EDID_TIMING_BASE_DTD && c->dtd_count == 1 &&
		       (e->base.preferred_is_native ||
			(e->base.version == 1 && e->base.revision >= 3) || e->base.version > 1);
	t->pixel_clock_khz = edid_le16(d) * 10u;
	t->hactive = (uint16_t)(d[2] | (d[4] & 0xf0) << 4);
	hblank = (uint16_t)(d[3] | (d[4] & 0x0f) << 8);
	t->vactive = (uint16_t)(d[5] | (d[7] & 0xf0) << 4);
	vblank = (uint16_t)(d[6] | (d[7] & 0x0f) << 8);
	t->hfront = (uint16_t)(d[8] | (d[11] & 0xc0) << 2);
	t->hsync = (uint16_t)(d[9] | (d[11] & 0x30) << 4);
	t->vfront = (uint16_t)(d[10] >> 4 | (d[11] & 0x0c) << 2);
	t->vsync = (uint16_t)((d[10] & 0x0f) | (d[11] & 0x03) << 4);
	t->width_mm = (uint16_t)(d[12] | (d[14] & 0xf0) << 4);
	t->height_mm = (uint16_t)(d[13] | (d[14] & 0x0f) << 8);
	t->hborder = d[15];
	t->vborder = d[16];
	t->hback = (int32_t)hblank - t->hfront - t->hsync - 2 * t->hborder;
	t->vback = (int32_t)vblank - t->vfront - t->vsync - 2 * t->vborder;

	t->interlaced = flags & 0x80;
	if (t->interlaced)
		t->vactive = (uint16_t)(t->vactive * 2); /* the DTD codes one field */
	t->stereo = flags & 0x61;
	t->sync = (enum dc_edid_sync)((flags >> 3) & 3);
	t->vsync_stated = t->sync != DC_EDID_SYNC_DIGITAL_COMPOSITE;
	if (t->sync == DC_EDID_SYNC_DIGITAL_COMPOSITE || t->sync == DC_EDID_SYNC_DIGITAL_SEPARATE)
		t->hsync_positive = flags & 0x02;
	if (t->sync == DC_EDID_SYNC_DIGITAL_SEPARATE)
		t->vsync_positive = flags & 0x04;

	if (t->pixel_clock_khz < 10000)
		edid_warn(c, block, DC_EDID_WARN_INVALID,
			  "DTD %u: pixel clock %u kHz is below the 10 MHz minimum", t->dtd_number,
			  t->pixel_clock_khz);
	if (t->hback <= 0 || t->vback <= 0 || !t->hactive || !t->vactive)
		edid_warn(c, block, DC_EDID_WARN_INVALID,
			  "DTD %u: %ux%u with back porches %d/%d is not a usable timing",
			  t->dtd_number, t->hactive, t->vactive, t->hback, t->vback);
}

/*
 * Descriptor strings hold up to 13 characters ended by 0x0a and padded with
 * spaces. The copy stops at the newline or at the first unprintable byte;
 * spaces before the newline are kept as stored.
 */
void edid_copy_string(char *dst, const uint8_t *src, size_t len)
{
	size_t i;

	for (i = 0; i < len; i++) {
		if (src[i] < 0x20 || src[i] > 0x7e)
			break;
		dst[i] = (char)src[i];
	}
	dst[i] = '\0';
}

void edid_add_cvt_code(struct edid_ctx *c, uint8_t block, const uint8_t *code)
{
	struct dc_edid *e = c->e;
	struct dc_edid_cvt_code *cvt;

	if (!code[0] && !code[1] && !code[2])
		return;
	if (e->num_cvt_codes >= c->cap.cvt_codes)
		return;
	cvt = &e->cvt_codes[e->num_cvt_codes++];
	/* 12-bit (lines / 2) - 1 */
	cvt->vactive = (uint16_t)(((code[1] >> 4) << 8 | code[0]) + 1) * 2;
	cvt->aspect = (code[1] >> 2) & 3;
	cvt->preferred_rate = (code[2] >> 5) & 3;
	cvt->rates = code[2] & 0x1f;
	if (code[1] & 0x03 || code[2] & 0x80)
		edid_warn(c, block, DC_EDID_WARN_RESERVED, "CVT 3-byte code: reserved bits set");
}

static void decode_range_limits(struct edid_ctx *c, uint8_t block, const uint8_t *d)
{
	struct dc_edid_range_limits *r = &c->e->base.range;
	uint8_t off = d[4];

	r->present = true;
	r->min_vfreq_hz = (uint16_t)(d[5] + ((off & 0x03) == 0x03 ? 255 : 0));
	r->max_vfreq_hz = (uint16_t)(d[6] + (off & 0x02 ? 255 : 0));
	r->min_hfreq_khz = (uint16_t)(d[7] + ((off & 0x0c) == 0x0c ? 255 : 0));
	r->max_hfreq_khz = (uint16_t)(d[8] + (off & 0x08 ? 255 : 0));
	r->max_pixel_clock_mhz = (uint16_t)(d[9] * 10);
	r->timing_support = d[10];
	if (r->min_vfreq_hz > r->max_vfreq_hz || r->min_hfreq_khz > r->max_hfreq_khz)
		edid_warn(c, block, DC_EDID_WARN_INVALID,
			  "range limits: minimum above maximum (%u-%u Hz, %u-%u kHz)",
			  r->min_vfreq_hz, r->max_vfreq_hz, r->min_hfreq_khz, r->max_hfreq_khz);
	switch (d[10]) {
	case 0x00:
	case 0x01:
		break;
	case 0x02:
		r->gtf_start_hfreq_khz = (uint16_t)(d[12] * 2);
		r->gtf_c2 = d[13];
		r->gtf_m = edid_le16(d + 14);
		r->gtf_k = d[16];
		r->gtf_j2 = d[17];
		break;
	case 0x04:
		r->cvt_version = d[11];
		r->cvt_max_pixel_clock_khz = d[9] * 10000u - (d[12] >> 2) * 250u;
		r->cvt_max_hactive = (uint16_t)(((d[12] & 3) << 8 | d[13]) * 8);
		r->cvt_aspects = d[14] & 0xf8;
		r->cvt_preferred_aspect = d[15] >> 5;
		r->cvt_reduced_blanking = d[15] & 0x10;
		r->cvt_standard_blanking = d[15] & 0x08;
		r->cvt_scaling = d[16] & 0xf0;
		r->cvt_preferred_refresh_hz = d[17];
		if (d[14] & 0x07 || d[15] & 0x07 || d[16] & 0x0f)
			edid_warn(c, block, DC_EDID_WARN_RESERVED,
				  "range limits CVT block: reserved bits set");
		break;
	default:
		edid_warn(c, block, DC_EDID_WARN_RESERVED,
			  "range limits: timing support code 0x%02x is reserved", d[10]);
		break;
	}
}

static void decode_color_point(struct edid_ctx *c, const uint8_t *d)
{
	for (int i = 0; i < 2; i++) {
		const uint8_t *p = d + 5 + 5 * i;
		struct dc_edid_white_point *w = &c->e->base.white_points[i];

		w->index = p[0];
		w->x = (uint16_t)(p[2] << 2 | ((p[1] >> 2) & 3));
		w->y = (uint16_t)(p[3] << 2 | (p[1] & 3));
		w->gamma = p[4];
	}
}

static void keep_descriptor(struct edid_ctx *c, uint8_t block, const uint8_t *d)
{
	struct dc_edid *e = c->e;
	struct dc_edid_descriptor *desc;

	if (e->num_descriptors >= c->cap.descriptors)
		return;
	desc = &e->descriptors[e->num_descriptors++];
	desc->block = block;
	desc->tag = d[3];
	memcpy(desc->bytes, d, sizeof(desc->bytes));
}

void edid_decode_descriptor(struct edid_ctx *c, uint8_t block, const uint8_t *d)
{
	struct dc_edid *e = c->e;
	struct dc_edid_base *b = &e->base;
	bool base = block == 0;

	if (d[0] || d[1]) {
		edid_decode_dtd(c, block, d,
				base ? DC_EDID_TIMING_BASE_DTD : DC_EDID_TIMING_CTA_DTD);
		return;
	}
	keep_descriptor(c, block, d);
	if (d[2] || (d[4] && d[3] != 0xfd))
		edid_warn(c, block, DC_EDID_WARN_RESERVED,
			  "display descriptor 0x%02x: reserved byte 2 or 4 is not 0", d[3]);

	switch (d[3]) {
	case 0xff:
		if (base && !b->has_serial_string) {
			edid_copy_string(b->serial_string, d + 5, 13);
			b->has_serial_string = true;
		}
		break;
	case 0xfe:
		if (base && !b->has_data_string) {
			edid_copy_string(b->data_string, d + 5, 13);
			b->has_data_string = true;
		}
		break;
	case 0xfd:
		if (base)
			decode_range_limits(c, block, d);
		break;
	case 0xfc:
		if (base && !b->has_name) {
			edid_copy_string(b->name, d + 5, 13);
			b->has_name = true;
		}
		break;
	case 0xfb:
		if (base)
			decode_color_point(c, d);
		break;
	case 0xfa:
		for (int i = 0; i < 6; i++)
			edid_add_std_timing(c, block, d + 5 + 2 * i, true);
		break;
	case 0xf9:
		break; /* display color management: kept raw */
	case 0xf8:
		if (d[5] != 0x01)
			edid_warn(c, block, DC_EDID_WARN_INVALID,
				  "CVT 3-byte code descriptor version %u, expected 1", d[5]);
		for (int i = 0; i < 4; i++)
			edid_add_cvt_code(c, block, d + 6 + 3 * i);
		break;
	case 0xf7:
		/* bits 17-60 of established: byte 6 bit 7 first, 44 bits */
		for (unsigned i = 0; i < 44; i++)
			if (d[6 + i / 8] & (0x80 >> (i % 8)))
				e->established |= 1ull << (17 + i);
		b->has_established3 = true;
		break;
	case 0x10:
		break; /* dummy */
	default:
		if (d[3] > 0x0f)
			edid_warn(c, block, DC_EDID_WARN_UNKNOWN,
				  "display descriptor tag 0x%02x is unknown, kept raw", d[3]);
		break; /* 0x00-0x0f: manufacturer specified, kept raw */
	}
}
