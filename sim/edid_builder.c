/*
 * EDID 1.4 + CTA-861 generator. Layout of what it produces:
 *   base block: the preferred timing as the first detailed descriptor, then
 *     display range limits (or a dummy descriptor), the monitor name and the
 *     serial string (or a dummy);
 *   first CTA-861 (revision 3) extension, when any CTA feature or extra mode
 *     is asked for: video (VICs), audio (SADs), speaker allocation, HDMI VSDB,
 *     HF-VSDB data blocks, then the extra modes as detailed descriptors;
 *   further CTA extensions for extra modes that did not fit, and empty ones
 *     up to min_blocks.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "edid_builder.h"

static int fail(char *err, size_t errlen, int ret, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

static int fail(char *err, size_t errlen, int ret, const char *fmt, ...)
{
	va_list ap;

	if (err && errlen) {
		va_start(ap, fmt);
		vsnprintf(err, errlen, fmt, ap);
		va_end(ap);
	}
	return ret;
}

void edid_block_checksum(uint8_t *block)
{
	uint8_t sum = 0;

	for (int i = 0; i < 127; i++)
		sum += block[i];
	block[127] = (uint8_t)(0x100 - sum);
}

int edid_encode_dtd(const struct edid_timing *t, uint16_t width_mm, uint16_t height_mm,
		    uint8_t out[18])
{
	uint32_t hblank = (uint32_t)t->hfront + t->hsync + t->hback;
	uint32_t vblank = (uint32_t)t->vfront + t->vsync + t->vback;
	uint32_t clk = t->pixel_khz / 10;

	if (t->pixel_khz % 10 || clk == 0 || clk > 0xffff || t->hactive == 0 || t->vactive == 0 ||
	    t->hactive > 4095 || t->vactive > 4095 || hblank > 4095 || vblank > 4095 ||
	    t->hfront > 1023 || t->hsync > 1023 || t->vfront > 63 || t->vsync > 63 ||
	    width_mm > 4095 || height_mm > 4095)
		return -EINVAL;

	out[0] = clk & 0xff;
	out[1] = clk >> 8;
	out[2] = t->hactive & 0xff;
	out[3] = hblank & 0xff;
	out[4] = (uint8_t)(((t->hactive >> 8) << 4) | (hblank >> 8));
	out[5] = t->vactive & 0xff;
	out[6] = vblank & 0xff;
	out[7] = (uint8_t)(((t->vactive >> 8) << 4) | (vblank >> 8));
	out[8] = t->hfront & 0xff;
	out[9] = t->hsync & 0xff;
	out[10] = (uint8_t)(((t->vfront & 0xf) << 4) | (t->vsync & 0xf));
	out[11] = (uint8_t)(((t->hfront >> 8) << 6) | ((t->hsync >> 8) << 4) |
			    ((t->vfront >> 4) << 2) | (t->vsync >> 4));
	out[12] = width_mm & 0xff;
	out[13] = height_mm & 0xff;
	out[14] = (uint8_t)(((width_mm >> 8) << 4) | (height_mm >> 8));
	out[15] = 0;
	out[16] = 0;
	/* digital separate sync (bits 4:3 = 11), polarities in bits 2 and 1 */
	out[17] = (uint8_t)((t->interlaced ? 0x80 : 0) | 0x18 | (t->vsync_pos ? 0x04 : 0) |
			    (t->hsync_pos ? 0x02 : 0));
	return 0;
}

/* A display descriptor with text (name 0xfc, serial 0xff). */
static void text_descriptor(uint8_t *d, uint8_t tag, const char *text)
{
	size_t n = strnlen(text, 13);

	memset(d, 0, 18);
	d[3] = tag;
	memset(d + 5, 0x20, 13);
	memcpy(d + 5, text, n);
	if (n < 13)
		d[5 + n] = 0x0a;
}

static void dummy_descriptor(uint8_t *d)
{
	memset(d, 0, 18);
	d[3] = 0x10;
}

static void range_descriptor(uint8_t *d, const struct edid_desc *desc)
{
	memset(d, 0, 18);
	d[3] = 0xfd;
	d[5] = desc->vmin_hz;
	d[6] = desc->vmax_hz;
	d[7] = desc->hmin_khz;
	d[8] = desc->hmax_khz;
	d[9] = (uint8_t)((desc->max_pixel_mhz + 9) / 10);
	d[10] = 0x01; /* range limits only */
	d[11] = 0x0a;
	memset(d + 12, 0x20, 6);
}

static uint8_t depth_bits(uint8_t bpc)
{
	switch (bpc) {
	case 6:
		return 1;
	case 8:
		return 2;
	case 10:
		return 3;
	case 12:
		return 4;
	case 14:
		return 5;
	case 16:
		return 6;
	default:
		return 0;
	}
}

/* sRGB primaries and D65 white point as 10-bit CIE coordinates. */
static const uint16_t srgb_xy[8] = {
	655, 338, /* red */
	307, 614, /* green */
	154, 61,  /* blue */
	320, 337, /* white */
};

static int build_base(const struct edid_desc *d, uint8_t *b, unsigned extensions, char *err,
		      size_t errlen)
{
	static const uint8_t header[8] = { 0x00, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x00 };
	uint16_t mfg;
	uint8_t features;

	for (int i = 0; i < 3; i++)
		if (d->vendor[i] < 'A' || d->vendor[i] > 'Z')
			return fail(err, errlen, -EINVAL,
				    "vendor \"%.3s\" is not a three-letter upper-case PNP ID",
				    d->vendor);
	if (d->year < 1990 || d->year > 2245)
		return fail(err, errlen, -EINVAL, "year %u is outside 1990..2245", d->year);
	if (d->week > 54)
		return fail(err, errlen, -EINVAL, "week %u is outside 0..54", d->week);
	if (d->bpc && !depth_bits(d->bpc))
		return fail(err, errlen, -EINVAL, "bpc %u is not 6, 8, 10, 12, 14 or 16", d->bpc);

	memset(b, 0, EDID_BLOCK_SIZE);
	memcpy(b, header, sizeof(header));
	mfg = (uint16_t)(((d->vendor[0] - 'A' + 1) << 10) | ((d->vendor[1] - 'A' + 1) << 5) |
			 (d->vendor[2] - 'A' + 1));
	b[8] = mfg >> 8;
	b[9] = mfg & 0xff;
	b[10] = d->product & 0xff;
	b[11] = d->product >> 8;
	for (int i = 0; i < 4; i++)
		b[12 + i] = (uint8_t)(d->serial >> (8 * i));
	b[16] = d->week;
	b[17] = (uint8_t)(d->year - 1990);
	b[18] = 1;
	b[19] = 4;
	b[20] = (uint8_t)(0x80 | (depth_bits(d->bpc) << 4) | (d->input & 0xf));
	b[21] = (uint8_t)((d->width_mm + 5) / 10);
	b[22] = (uint8_t)((d->height_mm + 5) / 10);
	b[23] = 120; /* gamma 2.2 */
	/* DPMS active-off, RGB 4:4:4 (+ YCbCr 4:4:4 and 4:2:2 for HDMI), sRGB,
	 * preferred timing is native, continuous frequency with range limits */
	features = 0x20 | 0x04 | 0x02;
	if (d->hdmi)
		features |= 0x18;
	if (d->range)
		features |= 0x01;
	b[24] = features;
	b[25] = (uint8_t)(((srgb_xy[0] & 3) << 6) | ((srgb_xy[1] & 3) << 4) |
			  ((srgb_xy[2] & 3) << 2) | (srgb_xy[3] & 3));
	b[26] = (uint8_t)(((srgb_xy[4] & 3) << 6) | ((srgb_xy[5] & 3) << 4) |
			  ((srgb_xy[6] & 3) << 2) | (srgb_xy[7] & 3));
	for (int i = 0; i < 8; i++)
		b[27 + i] = (uint8_t)(srgb_xy[i] >> 2);
	b[35] = 0x20; /* 640x480@60 */
	for (int i = 38; i < 54; i++)
		b[i] = 0x01; /* no standard timings */

	if (edid_encode_dtd(&d->preferred, d->width_mm, d->height_mm, b + 54) < 0)
		return fail(err, errlen, -EINVAL,
			    "preferred timing %ux%u at %u kHz cannot be encoded in a detailed "
			    "timing descriptor",
			    d->preferred.hactive, d->preferred.vactive, d->preferred.pixel_khz);
	if (d->range)
		range_descriptor(b + 72, d);
	else
		dummy_descriptor(b + 72);
	text_descriptor(b + 90, 0xfc, d->name);
	if (d->serial_text[0])
		text_descriptor(b + 108, 0xff, d->serial_text);
	else
		dummy_descriptor(b + 108);
	b[126] = (uint8_t)extensions;
	edid_block_checksum(b);
	return 0;
}

/* Appends a data block (tag, payload) at *pos of a CTA block. */
static int put_data_block(uint8_t *b, unsigned *pos, uint8_t tag, const uint8_t *payload,
			  unsigned len)
{
	if (len > 31 || *pos + 1 + len > 127)
		return -ENOSPC;
	b[(*pos)++] = (uint8_t)((tag << 5) | len);
	memcpy(b + *pos, payload, len);
	*pos += len;
	return 0;
}

static int cta_data_blocks(const struct edid_desc *d, uint8_t *b, unsigned *pos)
{
	uint8_t p[32];
	unsigned n;

	if (d->nvics && put_data_block(b, pos, 2, d->vics, d->nvics) < 0)
		return -ENOSPC;
	if (d->nsads) {
		for (n = 0; n < d->nsads; n++) {
			p[3 * n] = (uint8_t)(((d->sads[n].format & 0xf) << 3) |
					     ((d->sads[n].channels - 1) & 7));
			p[3 * n + 1] = d->sads[n].rates & 0x7f;
			p[3 * n + 2] = d->sads[n].byte3;
		}
		if (put_data_block(b, pos, 1, p, 3 * n) < 0)
			return -ENOSPC;
		p[0] = d->speakers ? d->speakers : 0x01;
		p[1] = 0;
		p[2] = 0;
		if (put_data_block(b, pos, 4, p, 3) < 0)
			return -ENOSPC;
	}
	if (d->hdmi) {
		n = 0;
		p[n++] = 0x03; /* OUI 00-0C-03, least significant byte first */
		p[n++] = 0x0c;
		p[n++] = 0x00;
		p[n++] = 0x10; /* physical address 1.0.0.0 */
		p[n++] = 0x00;
		if (d->hdmi_max_tmds_mhz || d->hdmi_dc_flags) {
			p[n++] = d->hdmi_dc_flags & 0x78;
			p[n++] = (uint8_t)(d->hdmi_max_tmds_mhz / 5);
		}
		if (put_data_block(b, pos, 3, p, n) < 0)
			return -ENOSPC;
	}
	if (d->head_mounted == EDID_HMD_MICROSOFT) {
		/* "EDID extension for head-mounted and specialized monitors": the OUI,
		 * version 3, use case 7 (VR headset) without desktop usage, and a
		 * 16-byte container ID */
		memset(p, 0, 21);
		p[0] = 0x5c; /* OUI CA-12-5C */
		p[1] = 0x12;
		p[2] = 0xca;
		p[3] = 3;
		p[4] = 7;
		for (n = 0; n < 16; n++)
			p[5 + n] = (uint8_t)(0xd0 + n);
		if (put_data_block(b, pos, 3, p, 21) < 0)
			return -ENOSPC;
	}
	if (d->hf_vsdb) {
		n = 0;
		p[n++] = 0xd8; /* OUI C4-5D-D8 */
		p[n++] = 0x5d;
		p[n++] = 0xc4;
		p[n++] = 1; /* version */
		p[n++] = (uint8_t)(d->max_tmds_char_rate_mhz / 5);
		p[n++] = (uint8_t)((d->scdc_present ? 0x80 : 0) | (d->rr_capable ? 0x40 : 0) |
				   (d->lte_340mcsc_scramble ? 0x08 : 0));
		p[n++] = 0;
		if (put_data_block(b, pos, 3, p, n) < 0)
			return -ENOSPC;
	}
	return 0;
}

int edid_build(const struct edid_desc *d, uint8_t *out, size_t cap, size_t *len, char *err,
	       size_t errlen)
{
	uint8_t blocks[EDID_MAX_BLOCKS][EDID_BLOCK_SIZE];
	unsigned nblocks = 1, next_extra = 0;
	bool want_cta = d->cta || d->nextra || d->nvics || d->nsads || d->hdmi || d->hf_vsdb ||
			d->head_mounted == EDID_HMD_MICROSOFT || d->min_blocks > 1;
	int ret;

	if (d->nextra > EDID_MAX_EXTRA || d->nvics > EDID_MAX_VICS || d->nsads > EDID_MAX_SADS)
		return fail(err, errlen, -EINVAL, "too many modes, VICs or audio descriptors");
	if (d->min_blocks > EDID_MAX_BLOCKS)
		return fail(err, errlen, -ENOSPC, "%u blocks asked, at most %d", d->min_blocks,
			    EDID_MAX_BLOCKS);
	for (unsigned i = 0; i < d->nsads; i++)
		if (d->sads[i].channels < 1 || d->sads[i].channels > 8 || !d->sads[i].format ||
		    d->sads[i].format > 15)
			return fail(err, errlen, -EINVAL,
				    "audio descriptor %u: format %u with %u channels is invalid", i,
				    d->sads[i].format, d->sads[i].channels);
	for (unsigned i = 0; i < d->nvics; i++)
		if (d->vics[i] == 0 || d->vics[i] == 128 || d->vics[i] > 219)
			return fail(err, errlen, -EINVAL,
				    "VIC %u is not a valid short video descriptor", d->vics[i]);

	while (want_cta) {
		uint8_t *b = blocks[nblocks];
		unsigned pos = 4;

		if (nblocks >= EDID_MAX_BLOCKS)
			return fail(err, errlen, -ENOSPC,
				    "the extra modes need more than %d blocks", EDID_MAX_BLOCKS);
		memset(b, 0, EDID_BLOCK_SIZE);
		b[0] = 0x02;
		b[1] = 3;
		if (nblocks == 1) {
			if (cta_data_blocks(d, b, &pos) < 0)
				return fail(err, errlen, -ENOSPC,
					    "the CTA-861 data blocks do not fit in one extension");
			b[3] = (uint8_t)((d->nsads ? 0x40 : 0) | (d->hdmi ? 0x30 : 0) | 1);
		}
		b[2] = (uint8_t)pos;
		while (next_extra < d->nextra && pos + 18 <= 127) {
			ret = edid_encode_dtd(&d->extra[next_extra], d->width_mm, d->height_mm,
					      b + pos);
			if (ret < 0)
				return fail(err, errlen, ret,
					    "mode %u (%ux%u at %u kHz) cannot be encoded in a "
					    "detailed timing descriptor",
					    next_extra, d->extra[next_extra].hactive,
					    d->extra[next_extra].vactive,
					    d->extra[next_extra].pixel_khz);
			pos += 18;
			next_extra++;
		}
		edid_block_checksum(b);
		nblocks++;
		want_cta = next_extra < d->nextra || nblocks < d->min_blocks;
	}

	if (d->head_mounted == EDID_HMD_DISPLAYID) {
		/* DisplayID 2.0, primary use case 7 (VR headset), no data blocks */
		uint8_t *b = blocks[nblocks];

		if (nblocks >= EDID_MAX_BLOCKS)
			return fail(err, errlen, -ENOSPC, "no room for the DisplayID extension");
		memset(b, 0, EDID_BLOCK_SIZE);
		b[0] = 0x70;
		b[1] = 0x20;
		b[3] = 7;
		b[5] = (uint8_t) - (b[1] + b[2] + b[3] + b[4]); /* section checksum */
		edid_block_checksum(b);
		nblocks++;
	}
	ret = build_base(d, blocks[0], nblocks - 1, err, errlen);
	if (ret < 0)
		return ret;
	if (cap < (size_t)nblocks * EDID_BLOCK_SIZE)
		return fail(err, errlen, -ENOSPC, "EDID of %u blocks does not fit in %zu bytes",
			    nblocks, cap);
	memcpy(out, blocks, (size_t)nblocks * EDID_BLOCK_SIZE);
	*len = (size_t)nblocks * EDID_BLOCK_SIZE;
	return 0;
}
