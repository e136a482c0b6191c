/*
 * The EDID decoder on hand-made base blocks: identity and display fields,
 * descriptors, checksums, header tolerance, truncation, timing arithmetic
 * and the libdrm mode conversion.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "dc_edid.h"
#include "edid_build.h"

static void test_identity(void **state)
{
	uint8_t b[128];
	struct dc_edid *e;

	edid_base(b);
	e = edid_test_parse(b, sizeof(b));
	assert_string_equal(e->base.manufacturer, "DEL");
	assert_int_equal(e->base.product_code, 0xa0a4);
	assert_int_equal(e->base.serial, 0x12345678);
	assert_int_equal(e->base.week, 10);
	assert_int_equal(e->base.year, 2020);
	assert_false(e->base.model_year);
	assert_int_equal(e->base.version, 1);
	assert_int_equal(e->base.revision, 4);
	assert_true(e->base.digital);
	assert_int_equal(e->base.bpc, 10);
	assert_int_equal(e->base.interface, DC_EDID_IFACE_DISPLAYPORT);
	assert_int_equal(e->base.width_cm, 60);
	assert_int_equal(e->base.height_cm, 34);
	assert_int_equal(e->base.gamma_x100, 220);
	assert_true(e->base.preferred_is_native);
	assert_int_equal(e->base.color_type, 1);
	/* 0x55 everywhere: high 8 bits 0x55, low 2 bits 01 */
	assert_int_equal(e->base.red_x, 0x55 << 2 | 1);
	assert_int_equal(e->base.white_y, 0x55 << 2 | 1);
	assert_int_equal(e->num_blocks, 1);
	assert_true(e->blocks[0].checksum_ok);
	assert_true(e->blocks[0].valid);
	assert_int_equal(e->num_warnings, 0);
	assert_int_equal(e->num_std_timings, 0); /* 01 01 slots are unused */
	assert_true(e->caps.ycbcr444);
	assert_int_equal(e->caps.rgb_bpc, DC_EDID_BPC_8 | DC_EDID_BPC_10);
	dc_edid_destroy(e);
}

static void test_bad_checksum_still_decoded(void **state)
{
	uint8_t b[128];
	struct dc_edid *e;

	edid_base(b);
	b[127] ^= 0x5a;
	e = edid_test_parse(b, sizeof(b));
	assert_false(e->blocks[0].checksum_ok);
	assert_false(e->blocks[0].valid);
	assert_int_equal(e->blocks[0].checksum, b[127]);
	assert_int_equal(e->blocks[0].checksum_expected, b[127] ^ 0x5a);
	assert_string_equal(e->base.manufacturer, "DEL");
	assert_int_equal(e->num_dtds, 1);
	char text[64];

	snprintf(text, sizeof(text), "EDID block 0: checksum 0x%02x, expected 0x%02x", b[127],
		 b[127] ^ 0x5a);
	assert_true(edid_has_warning(e, DC_EDID_WARN_CHECKSUM, text));
	dc_edid_destroy(e);
}

static void test_header(void **state)
{
	uint8_t b[128];
	struct dc_edid *e = (struct dc_edid *)&e;

	edid_base(b);
	assert_int_equal(dc_edid_parse(NULL, 128, &e), -EINVAL);
	assert_null(e);
	assert_int_equal(dc_edid_parse(b, 7, &e), -EINVAL);
	assert_int_equal(dc_edid_parse(b, 128, NULL), -EINVAL);
	/* two damaged header bytes are tolerated, three are not */
	b[1] = 0x00;
	b[7] = 0xff;
	e = edid_test_parse(b, sizeof(b));
	assert_true(edid_has_warning(e, DC_EDID_WARN_INVALID, "2 of 8 bytes differ"));
	dc_edid_destroy(e);
	b[2] = 0x12;
	assert_int_equal(dc_edid_parse(b, sizeof(b), &e), -EINVAL);
	assert_null(e);
}

static void test_truncated(void **state)
{
	uint8_t b[128];
	struct dc_edid *e;

	edid_base(b);
	b[126] = 1; /* declares an extension that is not there */
	edid_fix_checksum(b);
	e = edid_test_parse(b, 100);
	assert_int_equal(e->num_blocks, 1);
	assert_int_equal(e->blocks[0].bytes, 100);
	assert_false(e->blocks[0].checksum_ok);
	assert_false(e->blocks[0].valid);
	assert_true(edid_has_warning(e, DC_EDID_WARN_TRUNCATED, "100 of 128 bytes"));
	/* byte 126 was cut off: read as 0 */
	assert_int_equal(e->base.extension_count, 0);
	dc_edid_destroy(e);

	e = edid_test_parse(b, 128);
	assert_true(edid_has_warning(e, DC_EDID_WARN_BLOCKS, "declares 1 extension blocks but 0"));
	dc_edid_destroy(e);

	/* every prefix of a two-block EDID decodes without error */
	uint8_t two[256];

	memcpy(two, b, 128);
	edid_cta_header(two + 128, 4, 0);
	edid_fix_checksum(two + 128);
	for (size_t n = 8; n <= sizeof(two); n++) {
		e = edid_test_parse(two, n);
		assert_int_equal(e->num_blocks, (n + 127) / 128);
		assert_int_equal(e->size, n);
		dc_edid_destroy(e);
	}
}

static void test_dtd_fields(void **state)
{
	uint8_t b[128];
	struct dc_edid *e;
	const struct dc_edid_timing *t;

	edid_base(b);
	e = edid_test_parse(b, sizeof(b));
	assert_int_equal(e->num_dtds, 1);
	t = &e->dtds[0];
	assert_int_equal(t->pixel_clock_khz, 148500);
	assert_int_equal(t->hactive, 1920);
	assert_int_equal(t->hfront, 88);
	assert_int_equal(t->hsync, 44);
	assert_int_equal(t->hback, 148);
	assert_int_equal(t->vactive, 1080);
	assert_int_equal(t->vfront, 4);
	assert_int_equal(t->vsync, 5);
	assert_int_equal(t->vback, 36);
	assert_int_equal(t->width_mm, 527);
	assert_int_equal(t->height_mm, 296);
	assert_int_equal(t->sync, DC_EDID_SYNC_DIGITAL_SEPARATE);
	assert_true(t->hsync_positive);
	assert_true(t->vsync_positive);
	assert_int_equal(t->dtd_number, 1);
	assert_int_equal(t->source, DC_EDID_TIMING_BASE_DTD);
	assert_true(t->preferred);
	assert_int_equal(dc_edid_timing_htotal(t), 2200);
	assert_int_equal(dc_edid_timing_vtotal(t), 1125);
	assert_true(dc_edid_timing_refresh_hz(t) > 59.9999 &&
		    dc_edid_timing_refresh_hz(t) < 60.0001);
	assert_ptr_equal(dc_edid_preferred_timing(e), t);

	struct drm_mode_modeinfo m;

	assert_int_equal(dc_edid_timing_to_modeinfo(t, &m), 0);
	assert_int_equal(m.clock, 148500);
	assert_int_equal(m.hsync_start, 2008);
	assert_int_equal(m.hsync_end, 2052);
	assert_int_equal(m.htotal, 2200);
	assert_int_equal(m.vsync_start, 1084);
	assert_int_equal(m.vsync_end, 1089);
	assert_int_equal(m.vtotal, 1125);
	assert_int_equal(m.vrefresh, 60);
	assert_int_equal(m.flags, DRM_MODE_FLAG_PHSYNC | DRM_MODE_FLAG_PVSYNC);
	assert_string_equal(m.name, "1920x1080");
	assert_int_equal(m.type, DRM_MODE_TYPE_DRIVER | DRM_MODE_TYPE_PREFERRED);
	dc_edid_destroy(e);
}

static void test_dtd_interlaced_and_borders(void **state)
{
	uint8_t b[128];
	struct dc_edid *e;
	struct drm_mode_modeinfo m;

	edid_base(b);
	memcpy(b + 72, dtd_1080i, 18);
	/* a third DTD: 1080i with 2-pixel/1-line borders and analog composite sync */
	memcpy(b + 90, dtd_1080i, 18);
	b[90 + 15] = 2;
	b[90 + 16] = 1;
	b[90 + 17] = 0x80;
	edid_fix_checksum(b);
	e = edid_test_parse(b, sizeof(b));
	assert_int_equal(e->num_dtds, 3);

	const struct dc_edid_timing *t = &e->dtds[1];

	assert_false(t->preferred); /* only the first DTD */
	assert_true(t->interlaced);
	assert_int_equal(t->vactive, 1080);
	assert_int_equal(t->vfront, 2);
	assert_int_equal(t->vsync, 5);
	assert_int_equal(t->vback, 15);
	assert_int_equal(dc_edid_timing_vtotal(t), 562);
	assert_true(dc_edid_timing_refresh_hz(t) > 59.9999 &&
		    dc_edid_timing_refresh_hz(t) < 60.0001);
	assert_int_equal(dc_edid_timing_to_modeinfo(t, &m), 0);
	assert_int_equal(m.vdisplay, 1080);
	assert_int_equal(m.vsync_start, 1084);
	assert_int_equal(m.vsync_end, 1094);
	assert_int_equal(m.vtotal, 1125);
	assert_int_equal(m.vrefresh, 60);
	assert_true(m.flags & DRM_MODE_FLAG_INTERLACE);
	assert_string_equal(m.name, "1920x1080i");

	t = &e->dtds[2];
	/* borders come out of the back porch: hback = 280 - 88 - 44 - 2*2 */
	assert_int_equal(t->hborder, 2);
	assert_int_equal(t->hback, 144);
	assert_int_equal(t->vback, 13);
	assert_int_equal(dc_edid_timing_htotal(t), 2200);
	assert_int_equal(t->sync, DC_EDID_SYNC_ANALOG_COMPOSITE);
	assert_true(t->vsync_stated);
	assert_false(t->hsync_positive);
	assert_int_equal(dc_edid_timing_to_modeinfo(t, &m), 0);
	assert_int_equal(m.hsync_start, 1920 + 2 + 88);
	assert_true(m.flags & DRM_MODE_FLAG_CSYNC);
	dc_edid_destroy(e);
}

static void test_modeinfo_range(void **state)
{
	struct dc_edid_timing t = { 0 };
	struct drm_mode_modeinfo m = { .clock = 1234 };

	t.pixel_clock_khz = 100000;
	t.sync = DC_EDID_SYNC_DIGITAL_SEPARATE;
	t.hactive = 1000;
	t.hfront = 10;
	t.hsync = 10;
	t.hback = -30; /* a garbage DTD: total below sync end */
	t.vactive = 500;
	t.vfront = 1;
	t.vsync = 1;
	t.vback = 10;
	assert_int_equal(dc_edid_timing_to_modeinfo(&t, &m), -ERANGE);
	assert_int_equal(m.clock, 1234); /* untouched */
	t.hback = 70000;		 /* total over 65535 */
	assert_int_equal(dc_edid_timing_to_modeinfo(&t, &m), -ERANGE);
	t.hback = 100;
	assert_int_equal(dc_edid_timing_to_modeinfo(&t, &m), 0);
	assert_int_equal(m.htotal, 1120);
	assert_int_equal(m.flags, DRM_MODE_FLAG_NHSYNC | DRM_MODE_FLAG_NVSYNC);
	t.hactive = 0;
	assert_int_equal(dc_edid_timing_to_modeinfo(&t, &m), -ERANGE);
	assert_true(dc_edid_timing_refresh_hz(&(struct dc_edid_timing){ 0 }) == 0.0);
}

static void test_descriptors(void **state)
{
	uint8_t b[128];
	struct dc_edid *e;

	edid_base(b);
	edid_descriptor(b + 72, 0xfc, "Monitor X\n   ", 13);
	/* range limits, EDID 1.4 offsets: max V +255, CVT block */
	uint8_t *r = b + 90;

	memset(r, 0, 18);
	r[3] = 0xfd;
	r[4] = 0x02;
	r[5] = 48;
	r[6] = 25; /* 280 Hz */
	r[7] = 30;
	r[8] = 160;
	r[9] = 60; /* 600 MHz */
	r[10] = 0x04;
	r[11] = 0x11;
	r[12] = 0x04 << 2 | 0x01; /* -1 MHz, 256 high */
	r[13] = 0x40;		  /* (256 + 64) * 8 = 2560 */
	r[14] = 0xc8;
	r[15] = 0x38;
	r[17] = 60;
	/* unknown tag 0x42: kept raw and flagged */
	edid_descriptor(b + 108, 0x42, "raw", 3);
	edid_fix_checksum(b);
	e = edid_test_parse(b, sizeof(b));
	assert_true(e->base.has_name);
	assert_string_equal(e->base.name, "Monitor X");
	const struct dc_edid_range_limits *l = &e->base.range;

	assert_true(l->present);
	assert_int_equal(l->min_vfreq_hz, 48);
	assert_int_equal(l->max_vfreq_hz, 280);
	assert_int_equal(l->max_pixel_clock_mhz, 600);
	assert_int_equal(l->timing_support, 4);
	assert_int_equal(l->cvt_max_pixel_clock_khz, 599000);
	assert_int_equal(l->cvt_max_hactive, 2560);
	assert_true(l->cvt_reduced_blanking);
	assert_true(l->cvt_standard_blanking);
	assert_int_equal(l->cvt_preferred_refresh_hz, 60);
	assert_int_equal(e->num_descriptors, 3);
	assert_int_equal(e->descriptors[2].tag, 0x42);
	assert_memory_equal(e->descriptors[2].bytes + 5, "raw", 3);
	assert_true(edid_has_warning(e, DC_EDID_WARN_UNKNOWN, "tag 0x42"));
	dc_edid_destroy(e);
}

static void test_name_stops_at_unprintable(void **state)
{
	uint8_t b[128];
	struct dc_edid *e;

	edid_base(b);
	edid_descriptor(b + 72, 0xfc, "AB C \x01ZZZ", 9);
	edid_fix_checksum(b);
	e = edid_test_parse(b, sizeof(b));
	assert_string_equal(e->base.name, "AB C ");
	dc_edid_destroy(e);
}

static void test_short_timings(void **state)
{
	uint8_t b[128];
	struct dc_edid *e;

	edid_base(b);
	b[35] = 0x20;		 /* 640x480@60 */
	b[36] = 0x01;		 /* 1280x1024@75 */
	b[38] = (1920 / 8) - 31; /* 1920x1080@60 16:9 */
	b[39] = 0xc0;
	b[40] = (1280 / 8) - 31; /* 1280x800@75 16:10 */
	b[41] = 0x0f;
	uint8_t *d = b + 72; /* established timings III and CVT codes */

	edid_descriptor(d, 0xf7, NULL, 0);
	d[5] = 10;
	d[6] = 0x80;  /* 640x350@85 */
	d[11] = 0x10; /* 1920x1440@75, the last of 44 bits */
	d = b + 90;
	edid_descriptor(d, 0xf8, NULL, 0);
	d[5] = 1;
	d[6] = 0x1b; /* (0x21b + 1) * 2 = 1080 lines */
	d[7] = 0x24; /* 16:9 */
	d[8] = 0x2a; /* preferred 60 Hz; 60 Hz and 85 Hz */
	edid_fix_checksum(b);
	e = edid_test_parse(b, sizeof(b));
	assert_int_equal(e->established, 1ull << 2 | 1ull << 15 | 1ull << 17 | 1ull << 60);
	assert_int_equal(dc_edid_est_mode(2)->dmt_id, 0x04);
	assert_int_equal(dc_edid_est_mode(15)->hactive, 1280);
	assert_true(dc_edid_est_mode(11)->interlaced);
	assert_false(dc_edid_est_mode(12)->interlaced);
	assert_int_equal(dc_edid_est_mode(17)->vactive, 350);
	assert_int_equal(dc_edid_est_mode(60)->hactive, 1920);
	assert_int_equal(dc_edid_est_mode(60)->refresh_hz, 75);
	assert_null(dc_edid_est_mode(61));
	assert_int_equal(e->num_std_timings, 2);
	assert_int_equal(e->std_timings[0].hactive, 1920);
	assert_int_equal(e->std_timings[0].vactive, 1080);
	assert_int_equal(e->std_timings[0].refresh_hz, 60);
	assert_int_equal(e->std_timings[1].vactive, 800);
	assert_int_equal(e->std_timings[1].refresh_hz, 75);
	assert_int_equal(e->num_cvt_codes, 1);
	assert_int_equal(e->cvt_codes[0].vactive, 1080);
	assert_int_equal(e->cvt_codes[0].aspect, 1);
	assert_int_equal(e->cvt_codes[0].preferred_rate, 1);
	assert_int_equal(e->cvt_codes[0].rates, 0x0a);
	dc_edid_destroy(e);

	/* before EDID 1.3 aspect code 0 meant 1:1 */
	edid_base(b);
	b[19] = 2;
	b[38] = (1024 / 8) - 31;
	b[39] = 0x00;
	edid_fix_checksum(b);
	e = edid_test_parse(b, sizeof(b));
	assert_int_equal(e->std_timings[0].aspect, DC_EDID_ASPECT_1_1);
	assert_int_equal(e->std_timings[0].vactive, 1024);
	dc_edid_destroy(e);
}

static void test_model_year_and_analog(void **state)
{
	uint8_t b[128];
	struct dc_edid *e;

	edid_base(b);
	b[16] = 0xff;
	b[17] = 32;
	b[19] = 3;
	b[20] = 0x0e; /* analog: separate, composite, sync on green */
	b[21] = 0;
	b[22] = 79; /* portrait 100 / (79 + 99) */
	edid_fix_checksum(b);
	e = edid_test_parse(b, sizeof(b));
	assert_true(e->base.model_year);
	assert_int_equal(e->base.year, 2022);
	assert_false(e->base.digital);
	assert_true(e->base.separate_sync);
	assert_true(e->base.sync_on_green);
	assert_false(e->base.serration);
	assert_int_equal(e->base.width_cm, 0);
	assert_true(e->base.aspect_portrait);
	assert_int_equal(e->base.aspect_x100, 178);
	assert_int_equal(e->caps.rgb_bpc, 0);
	dc_edid_destroy(e);
}

/* The HMD table by vendor and product code: a hit, its neighbours, another vendor. */
static void test_known_hmd(void **state)
{
	static const struct {
		const char *pnp;
		uint16_t product;
		enum dc_edid_non_desktop want;
	} cases[] = {
		{ "SVR", 0x1019, DC_EDID_NON_DESKTOP_KNOWN_HMD }, /* OSVR HDK */
		{ "SVR", 0x1018, DC_EDID_DESKTOP },
		{ "VLV", 0x91bf, DC_EDID_NON_DESKTOP_KNOWN_HMD },
		{ "VLV", 0x91c0, DC_EDID_DESKTOP },
		{ "SEC", 0x144a, DC_EDID_NON_DESKTOP_KNOWN_HMD },
		{ "SEN", 0x144a, DC_EDID_DESKTOP },
	};
	uint8_t b[128];

	(void)state;
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		const char *p = cases[i].pnp;
		struct dc_edid *e;
		uint16_t id = (uint16_t)((p[0] - '@') << 10 | (p[1] - '@') << 5 | (p[2] - '@'));

		edid_base(b);
		b[8] = (uint8_t)(id >> 8);
		b[9] = (uint8_t)id;
		b[10] = (uint8_t)cases[i].product;
		b[11] = (uint8_t)(cases[i].product >> 8);
		edid_fix_checksum(b);
		e = edid_test_parse(b, sizeof(b));
		assert_string_equal(e->base.manufacturer, p);
		if (e->caps.non_desktop != cases[i].want)
			fail_msg("%s %04x: non_desktop %d, expected %d", p, cases[i].product,
				 e->caps.non_desktop, cases[i].want);
		dc_edid_destroy(e);
	}
}

static void test_block_names(void **state)
{
	struct dc_edid_block blk = { .is_base = true };
	char name[64];

	dc_edid_block_name(&blk, name, sizeof(name));
	assert_string_equal(name, "Base EDID");
	blk.is_base = false;
	blk.tag = 0x70;
	dc_edid_block_name(&blk, name, sizeof(name));
	assert_string_equal(name, "DisplayID Extension Block");
	blk.tag = 0x3b;
	dc_edid_block_name(&blk, name, sizeof(name));
	assert_string_equal(name, "Unknown EDID Extension Block 0x3b");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_identity),
		cmocka_unit_test(test_bad_checksum_still_decoded),
		cmocka_unit_test(test_header),
		cmocka_unit_test(test_truncated),
		cmocka_unit_test(test_dtd_fields),
		cmocka_unit_test(test_dtd_interlaced_and_borders),
		cmocka_unit_test(test_modeinfo_range),
		cmocka_unit_test(test_descriptors),
		cmocka_unit_test(test_name_stops_at_unprintable),
		cmocka_unit_test(test_short_timings),
		cmocka_unit_test(test_model_year_and_analog),
		cmocka_unit_test(test_known_hmd),
		cmocka_unit_test(test_block_names),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
