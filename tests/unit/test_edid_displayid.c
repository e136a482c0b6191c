/*
 * DisplayID 1.3 / 2.0 extension blocks and VTB-EXT blocks built by hand:
 * type I and VII timings, product ID, tiled topology, adaptive-sync and
 * dynamic ranges, CTA data inside DisplayID, section checksums and lengths
 * that do not fit.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "dc_edid.h"
#include "edid_build.h"

/* A DisplayID extension with these data blocks and a correct section checksum. */
static void displayid_block(uint8_t *x, uint8_t version, uint8_t type, const uint8_t *data,
			    size_t len)
{
	uint8_t sum = 0;

	memset(x, 0, 128);
	x[0] = 0x70;
	x[1] = version;
	x[2] = (uint8_t)len;
	x[3] = type;
	if (len)
		memcpy(x + 5, data, len);
	for (size_t i = 1; i < 5 + len; i++)
		sum += x[i];
	x[5 + len] = (uint8_t)(0x100 - sum);
}

/* Base block without any DTD (four dummy descriptors), then ext. */
static struct dc_edid *parse_no_dtd(const uint8_t *ext)
{
	uint8_t two[256];

	edid_two_blocks(two, ext);
	edid_descriptor(two + 54, 0x10, NULL, 0);
	edid_fix_checksum(two);
	return edid_test_parse(two, sizeof(two));
}

static const uint8_t v13_blocks[] = {
	/* product ID: ABC, 0x1234, serial 1, week 5 of 2020, no name */
	0x00,
	0x00,
	12,
	'A',
	'B',
	'C',
	0x34,
	0x12,
	1,
	0,
	0,
	0,
	5,
	20,
	0,
	/* type I: 3840x2160@60, 594 MHz, preferred, 16:9, +h +v sync */
	0x03,
	0x00,
	20,
	0x07,
	0xe8,
	0x00,
	0x84,
	0xff,
	0x0e,
	0x2f,
	0x02,
	0xaf,
	0x80,
	0x57,
	0x00,
	0x6f,
	0x08,
	0x59,
	0x00,
	0x07,
	0x80,
	0x09,
	0x00,
	/* tiled: 2x1 tiles, this one at (1, 0), 1920x2160 each, ABC 0x1234 serial 7 */
	0x12,
	0x00,
	22,
	0x82,
	0x10,
	0x10,
	0x00,
	0x7f,
	0x07,
	0x6f,
	0x08,
	0,
	0,
	0,
	0,
	0,
	'A',
	'B',
	'C',
	0x34,
	0x12,
	7,
	0,
	0,
	0,
};

static void test_displayid_13(void **state)
{
	uint8_t x[128];
	struct dc_edid *e;

	displayid_block(x, 0x13, 3, v13_blocks, sizeof(v13_blocks));
	e = parse_no_dtd(x);
	const struct dc_edid_displayid *did = &e->displayid;

	assert_true(e->blocks[1].displayid_checksum_ok);
	assert_true(e->blocks[1].valid);
	assert_true(did->present);
	assert_int_equal(did->version, 0x13);
	assert_int_equal(did->product_type, 3);
	assert_true(did->has_product_id);
	assert_string_equal(did->vendor, "ABC");
	assert_int_equal(did->product_code, 0x1234);
	assert_int_equal(did->year, 2020);

	assert_int_equal(e->num_displayid_timings, 1);
	const struct dc_edid_timing *t = &e->displayid_timings[0];

	assert_int_equal(t->source, DC_EDID_TIMING_DISPLAYID_TYPE1);
	assert_int_equal(t->pixel_clock_khz, 594000);
	assert_int_equal(t->hactive, 3840);
	assert_int_equal(t->hfront, 176);
	assert_int_equal(t->hsync, 88);
	assert_int_equal(t->hback, 296);
	assert_int_equal(t->vactive, 2160);
	assert_int_equal(t->vfront, 8);
	assert_int_equal(t->vsync, 10);
	assert_int_equal(t->vback, 72);
	assert_true(t->hsync_positive && t->vsync_positive && t->preferred);
	assert_int_equal(t->aspect, 4);
	assert_int_equal(t->block, 1);
	/* no DTD in the base block: the DisplayID preferred timing is the preferred mode */
	assert_ptr_equal(dc_edid_preferred_timing(e), t);
	struct drm_mode_modeinfo m;

	assert_int_equal(dc_edid_timing_to_modeinfo(t, &m), 0);
	assert_int_equal(m.htotal, 4400);
	assert_int_equal(m.vtotal, 2250);
	assert_int_equal(m.vrefresh, 60);
	assert_true(m.type & DRM_MODE_TYPE_PREFERRED);

	assert_int_equal(did->num_data_blocks, 3);
	for (size_t i = 0; i < did->num_data_blocks; i++)
		assert_true(did->data_blocks[i].known);
	assert_int_equal(did->data_blocks[2].tag, 0x12);
	assert_int_equal(did->data_blocks[2].length, 22);
	assert_true(did->has_tiled);
	assert_int_equal(did->tile_block, 1);
	assert_int_equal(did->h_tiles, 2);
	assert_int_equal(did->v_tiles, 1);
	assert_int_equal(did->h_location, 1);
	assert_int_equal(did->v_location, 0);
	assert_int_equal(did->tile_width, 1920);
	assert_int_equal(did->tile_height, 2160);
	assert_string_equal(did->tile_vendor, "ABC");
	assert_int_equal(did->tile_serial, 7);
	assert_int_equal(e->caps.non_desktop, DC_EDID_DESKTOP);
	dc_edid_destroy(e);
}

static void test_displayid_20(void **state)
{
	static const uint8_t blocks[] = {
		/* type VII: 2880x1920@120, 798.72 MHz, preferred, -h -v */
		0x22,
		0x00,
		20,
		0xff,
		0x2f,
		0x0c,
		0x80,
		0x3f,
		0x0b,
		0x71,
		0x01,
		0x9b,
		0x00,
		0x1f,
		0x00,
		0x7f,
		0x07,
		0x7f,
		0x00,
		0x17,
		0x00,
		0x05,
		0x00,
		/* adaptive sync: 48-240 Hz */
		0x2b,
		0x00,
		6,
		0x05,
		0x14,
		0x30,
		0xef,
		0x00,
		0x08,
		/* dynamic range (revision 1): 40-300 Hz, seamless */
		0x25,
		0x01,
		9,
		0,
		0,
		0,
		0xff,
		0xff,
		0x0f,
		40,
		0x2c,
		0x81,
		/* CTA data in DisplayID: HDR static metadata, SDR + PQ */
		0x81,
		0x00,
		4,
		0xe3,
		0x06,
		0x05,
		0x01,
	};
	uint8_t x[128];
	struct dc_edid *e;

	displayid_block(x, 0x20, 7, blocks, sizeof(blocks));
	e = parse_no_dtd(x);
	assert_int_equal(e->num_displayid_timings, 1);
	const struct dc_edid_timing *t = &e->displayid_timings[0];

	assert_int_equal(t->source, DC_EDID_TIMING_DISPLAYID_TYPE7);
	assert_int_equal(t->pixel_clock_khz, 798720);
	assert_int_equal(t->hactive, 2880);
	assert_int_equal(t->hback, 182);
	assert_int_equal(t->vactive, 1920);
	assert_int_equal(t->vback, 98);
	assert_false(t->hsync_positive || t->vsync_positive);
	assert_true(dc_edid_timing_refresh_hz(t) > 119.999 &&
		    dc_edid_timing_refresh_hz(t) < 120.001);

	const struct dc_edid_displayid *did = &e->displayid;

	assert_int_equal(did->num_adaptive_sync, 1);
	assert_int_equal(did->adaptive_sync[0].min_refresh_hz, 48);
	assert_int_equal(did->adaptive_sync[0].max_refresh_hz, 240);
	assert_true(did->has_dynamic_range);
	assert_int_equal(did->dyn_min_refresh_hz, 40);
	assert_int_equal(did->dyn_max_refresh_hz, 300);
	assert_int_equal(did->dyn_max_pixel_clock_khz, 0x0fffff + 1);
	assert_true(did->dyn_seamless);

	assert_true(e->cta.hdr.present);
	assert_int_equal(e->cta.hdr.eotfs, 0x05);
	assert_int_equal(e->cta.num_data_blocks, 1);
	assert_true(e->cta.data_blocks[0].in_displayid);
	assert_int_equal(e->cta.num_blocks, 0);

	assert_int_equal(e->caps.non_desktop, DC_EDID_NON_DESKTOP_DISPLAYID);
	assert_int_equal(e->caps.vrr_source, DC_EDID_VRR_DISPLAYID);
	assert_int_equal(e->caps.vrr_min_hz, 48);
	assert_int_equal(e->caps.vrr_max_hz, 240);
	assert_true(e->caps.hdr);
	dc_edid_destroy(e);
}

static void test_displayid_damage(void **state)
{
	uint8_t x[128];
	struct dc_edid *e;

	/* a wrong section checksum: flagged, content still decoded */
	displayid_block(x, 0x13, 3, v13_blocks, sizeof(v13_blocks));
	x[5 + sizeof(v13_blocks)] ^= 0x01;
	e = parse_no_dtd(x);
	assert_false(e->blocks[1].displayid_checksum_ok);
	assert_true(e->blocks[1].checksum_ok);
	assert_false(e->blocks[1].valid);
	assert_true(edid_has_warning(e, DC_EDID_WARN_CHECKSUM, "DisplayID section checksum"));
	assert_int_equal(e->num_displayid_timings, 1);
	dc_edid_destroy(e);

	/* a data block longer than the section, and a section longer than 121 */
	static const uint8_t overlong[] = { 0x03, 0x00, 40, 1, 2, 3 };

	displayid_block(x, 0x13, 3, overlong, sizeof(overlong));
	e = parse_no_dtd(x);
	assert_true(edid_has_warning(e, DC_EDID_WARN_TRUNCATED, "length 40 exceeds"));
	assert_int_equal(e->num_displayid_timings, 0);
	dc_edid_destroy(e);

	displayid_block(x, 0x13, 3, NULL, 0);
	x[2] = 250;
	memset(x + 5, 0x03, 122);
	e = parse_no_dtd(x);
	assert_true(edid_has_warning(e, DC_EDID_WARN_INVALID, "section length 250"));
	dc_edid_destroy(e);

	/* 2.0 tags in a 1.3 section are flagged (and still read) */
	static const uint8_t wrong_version[] = {
		0x2b, 0x00, 6, 0x05, 0x14, 0x30, 0xef, 0x00, 0x08
	};

	displayid_block(x, 0x13, 3, wrong_version, sizeof(wrong_version));
	e = parse_no_dtd(x);
	assert_true(edid_has_warning(e, DC_EDID_WARN_INVALID, "tag 0x2b of the other version"));
	dc_edid_destroy(e);
}

static void test_displayid_unknown_kept_raw(void **state)
{
	static const uint8_t blocks[] = {
		0x55, 0x01, 2, 0xaa, 0xbb, /* undefined tag */
		0x02, 0x00, 1, 0x00,	   /* color characteristics: defined, not decoded */
	};
	uint8_t x[128];
	struct dc_edid *e;

	displayid_block(x, 0x13, 3, blocks, sizeof(blocks));
	e = parse_no_dtd(x);
	const struct dc_edid_displayid *did = &e->displayid;

	assert_int_equal(did->num_data_blocks, 2);
	assert_int_equal(did->data_blocks[0].tag, 0x55);
	assert_int_equal(did->data_blocks[0].revision, 0x01);
	assert_int_equal(did->data_blocks[0].length, 2);
	assert_memory_equal(did->data_blocks[0].payload, blocks + 3, 2);
	assert_false(did->data_blocks[0].known);
	assert_false(did->data_blocks[1].known);
	assert_true(edid_has_warning(e, DC_EDID_WARN_UNKNOWN, "tag 0x55 is unknown"));
	assert_false(edid_has_warning(e, DC_EDID_WARN_UNKNOWN, "tag 0x02"));
	dc_edid_destroy(e);
}

static void test_vtb(void **state)
{
	uint8_t x[128];
	struct dc_edid *e;

	memset(x, 0, sizeof(x));
	x[0] = 0x10;
	x[1] = 1;
	x[2] = 1;
	x[3] = 1;
	x[4] = 2;
	memcpy(x + 5, dtd_1080p, 18);
	x[23] = 0x1b; /* CVT 1080 lines 16:9, 60 Hz */
	x[24] = 0x24;
	x[25] = 0x28;
	x[26] = (1600 / 8) - 31; /* 1600x900@60 */
	x[27] = 0xc0;
	x[28] = (1280 / 8) - 31; /* 1280x1024@75 */
	x[29] = 0x8f;
	e = parse_no_dtd(x);
	assert_int_equal(e->num_dtds, 1);
	assert_int_equal(e->dtds[0].source, DC_EDID_TIMING_VTB_DTD);
	assert_int_equal(e->dtds[0].dtd_number, 0);
	assert_int_equal(e->num_cvt_codes, 1);
	assert_int_equal(e->num_std_timings, 2);
	assert_int_equal(e->std_timings[1].vactive, 1024);
	/* the base block has no DTD and VTB DTDs are not preferred */
	assert_null(dc_edid_preferred_timing(e));
	dc_edid_destroy(e);

	/* counts that cannot fit: decoding stops at the checksum byte */
	x[2] = 200;
	x[3] = 200;
	x[4] = 200;
	e = parse_no_dtd(x);
	assert_true(edid_has_warning(e, DC_EDID_WARN_INVALID, "do not fit"));
	assert_int_equal(e->num_dtds, 6);
	dc_edid_destroy(e);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_displayid_13),
		cmocka_unit_test(test_displayid_20),
		cmocka_unit_test(test_displayid_damage),
		cmocka_unit_test(test_displayid_unknown_kept_raw),
		cmocka_unit_test(test_vtb),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
