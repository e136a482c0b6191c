/*
 * Hand-made EDID bytes for the decoder unit tests: a base block template,
 * known DTDs, the checksum fix-up and two checks shared by the tests.
 * Header-only so each test stays one file; include it after cmocka.h.
 */
#ifndef TEST_EDID_BUILD_H
#define TEST_EDID_BUILD_H

#include <stdint.h>
#include <string.h>

#include "dc_edid.h"

static const uint8_t edid_test_header[8] = { 0x00, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x00 };

/* 1920x1080@60, 148.5 MHz, +hsync +vsync, 527 x 296 mm (CTA VIC 16 layout) */
static const uint8_t dtd_1080p[18] = { 0x02, 0x3a, 0x80, 0x18, 0x71, 0x38, 0x2d, 0x40, 0x58,
				       0x2c, 0x45, 0x00, 0x0f, 0x28, 0x21, 0x00, 0x00, 0x1e };

/* 1920x1080i@60, 74.25 MHz, one field 540 lines + 22 blanking (CTA VIC 5) */
static const uint8_t dtd_1080i[18] = { 0x01, 0x1d, 0x80, 0x18, 0x71, 0x1c, 0x16, 0x20, 0x58,
				       0x2c, 0x25, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x9e };

static inline void edid_fix_checksum(uint8_t *block)
{
	uint8_t sum = 0;

	for (int i = 0; i < 127; i++)
		sum += block[i];
	block[127] = (uint8_t)(0x100 - sum);
}

/* A display descriptor with tag and up to 13 payload bytes. */
static inline void edid_descriptor(uint8_t *d, uint8_t tag, const void *payload, size_t len)
{
	memset(d, 0, 18);
	d[3] = tag;
	if (len > 13)
		len = 13;
	if (len)
		memcpy(d + 5, payload, len);
}

/*
 * An EDID 1.4 base block: manufacturer "DEL" (0x10ac), product 0xa0a4,
 * serial 0x12345678, week 10 of 2020, digital 10 bpc DisplayPort, 60 x 34 cm,
 * gamma 2.2, DTD 1080p60 first, dummy descriptors, no extensions.
 */
static inline void edid_base(uint8_t *b)
{
	memset(b, 0, 128);
	memcpy(b, edid_test_header, 8);
	b[8] = 0x10;
	b[9] = 0xac;
	b[10] = 0xa4;
	b[11] = 0xa0;
	b[12] = 0x78;
	b[13] = 0x56;
	b[14] = 0x34;
	b[15] = 0x12;
	b[16] = 10;
	b[17] = 30;
	b[18] = 1;
	b[19] = 4;
	b[20] = 0x80 | 0x30 | 0x05;
	b[21] = 60;
	b[22] = 34;
	b[23] = 120;
	b[24] = 0x0a; /* RGB + YCbCr 4:4:4, preferred timing native */
	for (int i = 25; i < 35; i++)
		b[i] = 0x55;
	for (int i = 38; i < 54; i++)
		b[i] = 0x01; /* unused standard timings */
	memcpy(b + 54, dtd_1080p, 18);
	for (int i = 1; i < 4; i++)
		edid_descriptor(b + 54 + 18 * i, 0x10, NULL, 0);
	edid_fix_checksum(b);
}

/* A CTA-861 revision 3 block header: data blocks from byte 4, DTDs at offset. */
static inline void edid_cta_header(uint8_t *x, uint8_t offset, uint8_t flags)
{
	memset(x, 0, 128);
	x[0] = 0x02;
	x[1] = 3;
	x[2] = offset;
	x[3] = flags;
}

/*
 * A CTA-861 block with one of every decoded data block (listed in the
 * comments) and a 1080p DTD at offset 70: the reference for the CTA and ELD
 * tests.
 */
static inline void edid_cta_full(uint8_t *x)
{
	static const uint8_t blocks[] = {
		/* Video: VIC 16 native, 4, reserved 0, 193, 97 */
		0x45,
		0x90,
		0x04,
		0x00,
		0xc1,
		0x61,
		/* Audio: LPCM 2 ch 32-48 kHz 16-24 bit; AC-3 6 ch 32-48 kHz 640 kbit/s */
		0x26,
		0x09,
		0x07,
		0x07,
		0x15,
		0x07,
		0x50,
		/* Speaker allocation: FL/FR LFE FC RL/RR (0x0f), 0x40 RLC/RRC */
		0x83,
		0x4f,
		0x00,
		0x00,
		/* HDMI VSDB: 1.0.0.0, AI DC36 DC30 Y444, 300 MHz, latency 11/6,
		 * HDMI video: 3D present, one HDMI VIC (1) */
		0x6d,
		0x03,
		0x0c,
		0x00,
		0x10,
		0x00,
		0xb8,
		0x3c,
		0xa0,
		11,
		6,
		0x80,
		0x20,
		0x01,
		/* HF-VSDB: v1, 600 Mcsc, SCDC + LTE_340, FRL 3 + 4:2:0 30 bit,
		 * ALLM, VRR 48-120, DSC 1.2, DSC FRL 3, 4 slices, chunk 1 */
		0x6d,
		0xd8,
		0x5d,
		0xc4,
		0x01,
		0x78,
		0x88,
		0x31,
		0x02,
		0x30,
		0x78,
		0x80,
		0x34,
		0x01,
		/* Colorimetry: BT2020YCC BT2020RGB */
		0xe3,
		0x05,
		0xc0,
		0x00,
		/* HDR static metadata: SDR, PQ, HLG; type 1; 120/96/16 */
		0xe6,
		0x06,
		0x0d,
		0x01,
		0x78,
		0x60,
		0x10,
		/* Video capability */
		0xe2,
		0x00,
		0xca,
		/* YCbCr 4:2:0 video: VIC 97, 96 */
		0xe3,
		0x0e,
		0x61,
		0x60,
		/* YCbCr 4:2:0 capability map: SVD position 0 */
		0xe2,
		0x0f,
		0x01,
	};

	edid_cta_header(x, 4 + sizeof(blocks), 0xf1);
	memcpy(x + 4, blocks, sizeof(blocks));
	memcpy(x + 4 + sizeof(blocks), dtd_1080p, 18);
	edid_fix_checksum(x);
}

/* Base block (with its extension count set) followed by ext. */
static inline void edid_two_blocks(uint8_t *two, const uint8_t *ext)
{
	edid_base(two);
	two[126] = 1;
	edid_fix_checksum(two);
	memcpy(two + 128, ext, 128);
	edid_fix_checksum(two + 128);
}

/* Parses bytes that must decode; fails the running test otherwise. */
static inline struct dc_edid *edid_test_parse(const uint8_t *data, size_t size)
{
	struct dc_edid *e = NULL;

	assert_int_equal(dc_edid_parse(data, size, &e), 0);
	assert_non_null(e);
	return e;
}

/* Whether a warning of this kind containing text was reported. */
static inline bool edid_has_warning(const struct dc_edid *e, enum dc_edid_warning_kind kind,
				    const char *text)
{
	for (size_t i = 0; i < e->num_warnings; i++)
		if (e->warnings[i].kind == kind && strstr(e->warnings[i].text, text))
			return true;
	return false;
}

#endif
