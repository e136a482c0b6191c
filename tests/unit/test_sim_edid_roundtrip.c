/*
 * The simulator's EDID builder round trip: a description is built into
 * bytes by sim/edid_builder.c and decoded by dc/edid, and the decoder must
 * give back every part of the description, with valid blocks and no
 * warnings. The two were written independently, so a wrong bit in either
 * shows up here.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "dc_edid.h"
#include "edid_builder.h"

/* CTA 1080p60 and 4K60 (VIC 16 and 97 timings) and a DMT-like 1280x1024@60. */
static const struct edid_timing t1080p = {
	.pixel_khz = 148500,
	.hactive = 1920,
	.hfront = 88,
	.hsync = 44,
	.hback = 148,
	.vactive = 1080,
	.vfront = 4,
	.vsync = 5,
	.vback = 36,
	.hsync_pos = true,
	.vsync_pos = true,
};
static const struct edid_timing t2160p = {
	.pixel_khz = 594000,
	.hactive = 3840,
	.hfront = 176,
	.hsync = 88,
	.hback = 296,
	.vactive = 2160,
	.vfront = 8,
	.vsync = 10,
	.vback = 72,
	.hsync_pos = true,
	.vsync_pos = true,
};
static const struct edid_timing t1280 = {
	.pixel_khz = 108000,
	.hactive = 1280,
	.hfront = 48,
	.hsync = 112,
	.hback = 248,
	.vactive = 1024,
	.vfront = 1,
	.vsync = 3,
	.vback = 38,
	.hsync_pos = true,
	.vsync_pos = false,
};

static void full_desc(struct edid_desc *d)
{
	memset(d, 0, sizeof(*d));
	memcpy(d->vendor, "DCD", 4);
	d->product = 0x4b60;
	d->serial = 0x01020304;
	strcpy(d->name, "Sim 4K HDMI");
	strcpy(d->serial_text, "SN-0042");
	d->week = 17;
	d->year = 2024;
	d->width_mm = 600;
	d->height_mm = 340;
	d->input = EDID_INPUT_HDMI_A;
	d->bpc = 10;
	d->preferred = t2160p;
	d->extra[0] = t1080p;
	d->extra[1] = t1280;
	d->nextra = 2;
	d->vics[0] = 97;
	d->vics[1] = 16;
	d->vics[2] = 4;
	d->nvics = 3;
	d->hdmi = true;
	d->hdmi_max_tmds_mhz = 300;
	d->hf_vsdb = true;
	d->max_tmds_char_rate_mhz = 600;
	d->scdc_present = true;
	d->rr_capable = false;
	d->lte_340mcsc_scramble = true;
	d->sads[0] = (struct edid_sad){ .format = 1, .channels = 2, .rates = 0x07, .byte3 = 0x07 };
	d->sads[1] = (struct edid_sad){ .format = 2, .channels = 6, .rates = 0x06, .byte3 = 80 };
	d->nsads = 2;
	d->speakers = 0x0b;
	d->range = true;
	d->vmin_hz = 24;
	d->vmax_hz = 75;
	d->hmin_khz = 15;
	d->hmax_khz = 160;
	d->max_pixel_mhz = 600;
}

static struct dc_edid *build_and_parse(const struct edid_desc *d, size_t *len_out)
{
	static uint8_t bytes[EDID_MAX_BLOCKS * 128];
	char err[256] = "";
	struct dc_edid *edid = NULL;
	size_t len = 0;

	assert_int_equal(edid_build(d, bytes, sizeof(bytes), &len, err, sizeof(err)), 0);
	assert_int_equal(dc_edid_parse(bytes, len, &edid), 0);
	if (len_out)
		*len_out = len;
	return edid;
}

/* A decoded DTD equals the builder's timing, field by field. */
static void assert_timing(const struct dc_edid_timing *got, const struct edid_timing *want)
{
	assert_int_equal(got->pixel_clock_khz, want->pixel_khz);
	assert_int_equal(got->hactive, want->hactive);
	assert_int_equal(got->hfront, want->hfront);
	assert_int_equal(got->hsync, want->hsync);
	assert_int_equal(got->hback, want->hback);
	assert_int_equal(got->vactive, want->vactive);
	assert_int_equal(got->vfront, want->vfront);
	assert_int_equal(got->vsync, want->vsync);
	assert_int_equal(got->vback, want->vback);
	assert_int_equal(got->hborder, 0);
	assert_int_equal(got->vborder, 0);
	assert_int_equal(got->interlaced, want->interlaced);
	assert_int_equal(got->sync, DC_EDID_SYNC_DIGITAL_SEPARATE);
	assert_int_equal(got->hsync_positive, want->hsync_pos);
	assert_int_equal(got->vsync_positive, want->vsync_pos);
}

static void identity_and_base_block(void **state)
{
	struct edid_desc d;
	size_t len;

	full_desc(&d);
	struct dc_edid *e = build_and_parse(&d, &len);

	assert_int_equal(e->num_blocks, len / 128);
	assert_true(e->num_blocks >= 2);
	for (unsigned b = 0; b < e->num_blocks; b++)
		assert_true(e->blocks[b].valid);
	assert_int_equal(e->num_warnings, 0);

	assert_string_equal(e->base.manufacturer, "DCD");
	assert_int_equal(e->base.product_code, 0x4b60);
	assert_int_equal(e->base.serial, 0x01020304);
	assert_true(e->base.has_name);
	assert_string_equal(e->base.name, "Sim 4K HDMI");
	assert_true(e->base.has_serial_string);
	assert_string_equal(e->base.serial_string, "SN-0042");
	assert_int_equal(e->base.week, 17);
	assert_int_equal(e->base.year, 2024);
	assert_false(e->base.model_year);
	assert_int_equal(e->base.version, 1);
	assert_int_equal(e->base.revision, 4);
	assert_true(e->base.digital);
	assert_int_equal(e->base.bpc, 10);
	assert_int_equal(e->base.interface, DC_EDID_IFACE_HDMI_A);
	assert_int_equal(e->base.width_cm, 60);
	assert_int_equal(e->base.height_cm, 34);
	assert_int_equal(e->base.extension_count, e->num_blocks - 1);
	dc_edid_destroy(e);
}

static void timings(void **state)
{
	struct edid_desc d;

	full_desc(&d);
	struct dc_edid *e = build_and_parse(&d, NULL);
	const struct dc_edid_timing *pref = dc_edid_preferred_timing(e);

	assert_non_null(pref);
	assert_timing(pref, &d.preferred);
	assert_true(pref->preferred);
	assert_int_equal(pref->width_mm, 600);
	assert_int_equal(pref->height_mm, 340);

	/* The preferred DTD first, then every extra timing, in order. */
	assert_true(e->num_dtds >= 3);
	assert_timing(&e->dtds[0], &d.preferred);
	assert_timing(&e->dtds[1], &d.extra[0]);
	assert_timing(&e->dtds[2], &d.extra[1]);
	assert_int_equal(e->num_dtds, 1 + d.nextra);
	dc_edid_destroy(e);
}

static void range_limits(void **state)
{
	struct edid_desc d;

	full_desc(&d);
	struct dc_edid *e = build_and_parse(&d, NULL);

	assert_true(e->base.range.present);
	assert_int_equal(e->base.range.min_vfreq_hz, 24);
	assert_int_equal(e->base.range.max_vfreq_hz, 75);
	assert_int_equal(e->base.range.min_hfreq_khz, 15);
	assert_int_equal(e->base.range.max_hfreq_khz, 160);
	assert_int_equal(e->base.range.max_pixel_clock_mhz, 600);
	dc_edid_destroy(e);
}

/* head_mounted: each way the decoder knows a headset, and valid checksums. */
static void head_mounted(void **state)
{
	struct edid_desc d;
	size_t len;

	full_desc(&d);
	d.head_mounted = EDID_HMD_MICROSOFT;
	struct dc_edid *e = build_and_parse(&d, &len);

	assert_true(e->cta.microsoft.present);
	assert_int_equal(e->cta.microsoft.version, 3);
	assert_int_equal(e->cta.microsoft.primary_use_case, 7);
	assert_false(e->cta.microsoft.desktop_usage);
	assert_int_equal(e->caps.non_desktop, DC_EDID_NON_DESKTOP_MICROSOFT_VSDB);
	dc_edid_destroy(e);

	d.head_mounted = EDID_HMD_DISPLAYID;
	e = build_and_parse(&d, &len);
	assert_false(e->cta.microsoft.present);
	assert_true(e->displayid.present);
	assert_int_equal(e->displayid.version, 0x20);
	assert_int_equal(e->displayid.product_type, 7);
	assert_int_equal(e->caps.non_desktop, DC_EDID_NON_DESKTOP_DISPLAYID);
	for (unsigned i = 0; i < e->num_blocks; i++)
		assert_true(e->blocks[i].checksum_ok);
	assert_true(e->blocks[e->num_blocks - 1].displayid_checksum_ok);
	dc_edid_destroy(e);
	(void)state;
}

static void cta_video_audio_hdmi(void **state)
{
	struct edid_desc d;

	full_desc(&d);
	struct dc_edid *e = build_and_parse(&d, NULL);

	assert_true(e->cta.num_blocks >= 1);
	assert_int_equal(e->cta.num_svds, d.nvics);
	for (unsigned i = 0; i < d.nvics; i++)
		assert_int_equal(e->cta.svds[i].vic, d.vics[i]);

	assert_int_equal(e->cta.num_sads, d.nsads);
	for (unsigned i = 0; i < d.nsads; i++) {
		assert_int_equal(e->cta.sads[i].format, d.sads[i].format);
		assert_int_equal(e->cta.sads[i].channels, d.sads[i].channels);
		assert_int_equal(e->cta.sads[i].rates, d.sads[i].rates);
		assert_int_equal(e->cta.sads[i].byte3, d.sads[i].byte3);
	}
	assert_true(e->cta.has_speaker_allocation);
	assert_int_equal(e->cta.speaker_allocation[0], d.speakers);

	assert_true(e->cta.hdmi.present);
	assert_int_equal(e->cta.hdmi.max_tmds_mhz, 300);
	assert_true(e->cta.hf.present);
	assert_int_equal(e->cta.hf.max_tmds_char_rate_mhz, 600);
	assert_true(e->cta.hf.scdc_present);
	assert_false(e->cta.hf.rr_capable);
	assert_true(e->cta.hf.lte_340mcsc_scramble);

	/* The summary DC validates against. */
	assert_true(e->caps.hdmi);
	assert_true(e->caps.hdmi_forum);
	assert_int_equal(e->caps.max_tmds_khz, 600000);
	assert_true(e->caps.scdc);
	assert_true(e->caps.scrambling_below_340);
	assert_true(e->caps.audio);
	assert_int_equal(e->caps.non_desktop, DC_EDID_DESKTOP);
	dc_edid_destroy(e);
}

/* A DVI monitor: no CTA block unless asked, no HDMI, analog-free digital. */
static void dvi_monitor_without_extensions(void **state)
{
	struct edid_desc d;

	memset(&d, 0, sizeof(d));
	memcpy(d.vendor, "DVI", 4);
	d.product = 7;
	strcpy(d.name, "Plain DVI");
	d.year = 2012;
	d.input = EDID_INPUT_DVI;
	d.width_mm = 380;
	d.height_mm = 300;
	d.preferred = t1280;

	size_t len;
	struct dc_edid *e = build_and_parse(&d, &len);

	assert_int_equal(len, 128);
	assert_int_equal(e->num_blocks, 1);
	assert_true(e->blocks[0].valid);
	assert_int_equal(e->num_warnings, 0);
	assert_int_equal(e->base.interface, DC_EDID_IFACE_DVI);
	assert_false(e->caps.hdmi);
	assert_false(e->caps.audio);
	assert_int_equal(e->cta.num_blocks, 0);
	assert_timing(dc_edid_preferred_timing(e), &t1280);
	dc_edid_destroy(e);
}

/* Padding to four blocks (the E-DDC segment test case) still decodes cleanly. */
static void padded_to_four_blocks(void **state)
{
	struct edid_desc d;

	full_desc(&d);
	d.min_blocks = 4;
	size_t len;
	struct dc_edid *e = build_and_parse(&d, &len);

	assert_int_equal(len, 4 * 128);
	assert_int_equal(e->num_blocks, 4);
	assert_int_equal(e->base.extension_count, 3);
	for (unsigned b = 0; b < 4; b++)
		assert_true(e->blocks[b].valid);
	assert_int_equal(e->num_warnings, 0);
	/* The data of the first CTA block is not lost among the empty ones. */
	assert_int_equal(e->cta.num_svds, d.nvics);
	assert_true(e->cta.hf.present);
	dc_edid_destroy(e);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(identity_and_base_block),
		cmocka_unit_test(timings),
		cmocka_unit_test(range_limits),
		cmocka_unit_test(head_mounted),
		cmocka_unit_test(cta_video_audio_hdmi),
		cmocka_unit_test(dvi_monitor_without_extensions),
		cmocka_unit_test(padded_to_four_blocks),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
