/*
 * EDID builder: the produced bytes checked structurally with small
 * independent decoders (header, checksums, vendor, DTDs, CTA-861 data
 * blocks). The round trip through dc/edid is test_sim_edid_roundtrip.c.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "edid_builder.h"
#include "sim_modes.h"

static void check_checksums(const uint8_t *e, size_t len)
{
	assert_int_equal(len % 128, 0);
	for (size_t b = 0; b < len / 128; b++) {
		uint8_t sum = 0;

		for (int i = 0; i < 128; i++)
			sum += e[b * 128 + i];
		assert_int_equal(sum, 0);
	}
}

/* Decodes an 18-byte DTD (the EDID 1.4 layout) independently of the builder. */
static void decode_dtd(const uint8_t *d, struct edid_timing *t, unsigned *wmm, unsigned *hmm)
{
	unsigned hblank = d[3] | (d[4] & 0x0f) << 8;
	unsigned vblank = d[6] | (d[7] & 0x0f) << 8;

	memset(t, 0, sizeof(*t));
	t->pixel_khz = (uint32_t)(d[0] | d[1] << 8) * 10;
	t->hactive = (uint16_t)(d[2] | (d[4] >> 4) << 8);
	t->vactive = (uint16_t)(d[5] | (d[7] >> 4) << 8);
	t->hfront = (uint16_t)(d[8] | (d[11] >> 6) << 8);
	t->hsync = (uint16_t)(d[9] | ((d[11] >> 4) & 3) << 8);
	t->vfront = (uint16_t)((d[10] >> 4) | ((d[11] >> 2) & 3) << 4);
	t->vsync = (uint16_t)((d[10] & 0xf) | (d[11] & 3) << 4);
	t->hback = (uint16_t)(hblank - t->hfront - t->hsync);
	t->vback = (uint16_t)(vblank - t->vfront - t->vsync);
	t->interlaced = d[17] & 0x80;
	assert_int_equal(d[17] & 0x18, 0x18); /* digital separate sync */
	t->vsync_pos = d[17] & 0x04;
	t->hsync_pos = d[17] & 0x02;
	*wmm = d[12] | (d[14] >> 4) << 8;
	*hmm = d[13] | (d[14] & 0xf) << 8;
}

static void assert_timing_equal(const struct edid_timing *a, const struct edid_timing *b)
{
	assert_int_equal(a->pixel_khz, b->pixel_khz);
	assert_int_equal(a->hactive, b->hactive);
	assert_int_equal(a->hfront, b->hfront);
	assert_int_equal(a->hsync, b->hsync);
	assert_int_equal(a->hback, b->hback);
	assert_int_equal(a->vactive, b->vactive);
	assert_int_equal(a->vfront, b->vfront);
	assert_int_equal(a->vsync, b->vsync);
	assert_int_equal(a->vback, b->vback);
	assert_int_equal(a->hsync_pos, b->hsync_pos);
	assert_int_equal(a->vsync_pos, b->vsync_pos);
	assert_int_equal(a->interlaced, b->interlaced);
}

/* Finds CTA data block with tag (and for tag 3 the OUI) in block b; fails the
 * test if there is none. */
static const uint8_t *find_block(const uint8_t *b, unsigned tag, uint32_t oui, unsigned *len)
{
	static const uint8_t none[32];

	for (unsigned pos = 4; pos < b[2];) {
		unsigned t = b[pos] >> 5, n = b[pos] & 31;

		if (t == tag && (tag != 3 || (uint32_t)(b[pos + 1] | b[pos + 2] << 8 |
							b[pos + 3] << 16) == oui)) {
			*len = n;
			return b + pos + 1;
		}
		pos += 1 + n;
	}
	fail_msg("no CTA data block with tag %u (OUI %06x)", tag, oui);
	*len = 0;
	return none;
}

static struct edid_desc hdmi_desc(void)
{
	struct edid_desc d;

	memset(&d, 0, sizeof(d));
	memcpy(d.vendor, "SAM", 4);
	d.product = 0x1234;
	d.serial = 0xdeadbeef;
	strcpy(d.name, "Big TV");
	strcpy(d.serial_text, "SN0042");
	d.week = 12;
	d.year = 2021;
	d.width_mm = 1210;
	d.height_mm = 680;
	d.input = EDID_INPUT_HDMI_A;
	d.bpc = 10;
	d.preferred = sim_mode_find("cta-4k60")->t;
	d.extra[0] = sim_mode_find("cta-1080p60")->t;
	d.extra[1] = sim_mode_find("cta-720p60")->t;
	d.nextra = 2;
	d.vics[0] = 97;
	d.vics[1] = 16;
	d.nvics = 2;
	d.hdmi = true;
	d.hdmi_max_tmds_mhz = 340;
	d.hdmi_dc_flags = 0x30;
	d.hf_vsdb = true;
	d.max_tmds_char_rate_mhz = 600;
	d.scdc_present = true;
	d.lte_340mcsc_scramble = true;
	d.sads[0] = (struct edid_sad){ .format = 1, .channels = 2, .rates = 0x07, .byte3 = 0x07 };
	d.sads[1] = (struct edid_sad){ .format = 2, .channels = 6, .rates = 0x06, .byte3 = 80 };
	d.nsads = 2;
	d.range = true;
	d.vmin_hz = 24;
	d.vmax_hz = 60;
	d.hmin_khz = 15;
	d.hmax_khz = 140;
	d.max_pixel_mhz = 600;
	return d;
}

static void test_base_block(void **state)
{
	struct edid_desc d = hdmi_desc();
	uint8_t e[EDID_MAX_BLOCKS * 128];
	static const uint8_t header[8] = { 0, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0 };
	struct edid_timing t;
	unsigned wmm, hmm;
	char err[128];
	size_t len;

	(void)state;
	assert_int_equal(edid_build(&d, e, sizeof(e), &len, err, sizeof(err)), 0);
	assert_int_equal(len, 256);
	check_checksums(e, len);
	assert_memory_equal(e, header, 8);
	/* "SAM": S=19, A=1, M=13 in 5-bit letters, big-endian */
	assert_int_equal(e[8] << 8 | e[9], 19 << 10 | 1 << 5 | 13);
	assert_int_equal(e[10] | e[11] << 8, 0x1234);
	assert_int_equal((uint32_t)(e[12] | e[13] << 8 | e[14] << 16 | (uint32_t)e[15] << 24),
			 0xdeadbeefu);
	assert_int_equal(e[16], 12);
	assert_int_equal(e[17], 2021 - 1990);
	assert_int_equal(e[18], 1);
	assert_int_equal(e[19], 4);
	assert_int_equal(e[20], 0x80 | 3 << 4 | 2); /* digital, 10 bpc, HDMI-a */
	assert_int_equal(e[21], 121);
	assert_int_equal(e[22], 68);
	assert_int_equal(e[126], 1);

	decode_dtd(e + 54, &t, &wmm, &hmm);
	assert_timing_equal(&t, &d.preferred);
	assert_int_equal(t.pixel_khz, 594000);
	assert_int_equal(edid_timing_htotal(&t), 4400);
	assert_int_equal(edid_timing_vtotal(&t), 2250);
	assert_int_equal(wmm, 1210);
	assert_int_equal(hmm, 680);
	/* range limits, then name and serial text */
	assert_int_equal(e[72 + 3], 0xfd);
	assert_int_equal(e[72 + 5], 24);
	assert_int_equal(e[72 + 6], 60);
	assert_int_equal(e[72 + 9], 60);
	assert_int_equal(e[90 + 3], 0xfc);
	assert_memory_equal(e + 95, "Big TV\n", 7);
	assert_int_equal(e[108 + 3], 0xff);
	assert_memory_equal(e + 113, "SN0042\n", 7);
}

static void test_cta_block(void **state)
{
	struct edid_desc d = hdmi_desc();
	uint8_t e[EDID_MAX_BLOCKS * 128];
	const uint8_t *c = e + 128, *p;
	struct edid_timing t;
	unsigned n, wmm, hmm;
	size_t len;

	(void)state;
	assert_int_equal(edid_build(&d, e, sizeof(e), &len, NULL, 0), 0);
	assert_int_equal(c[0], 0x02);
	assert_int_equal(c[1], 3);
	assert_int_equal(c[3] & 0x40, 0x40); /* basic audio */
	/* video data block */
	p = find_block(c, 2, 0, &n);
	assert_int_equal(n, 2);
	assert_int_equal(p[0], 97);
	assert_int_equal(p[1], 16);
	/* audio: LPCM 2 ch 32/44.1/48 kHz 16/20/24 bit; AC-3 6 ch 640 kbit/s */
	p = find_block(c, 1, 0, &n);
	assert_int_equal(n, 6);
	assert_int_equal(p[0], 1 << 3 | 1);
	assert_int_equal(p[1], 0x07);
	assert_int_equal(p[2], 0x07);
	assert_int_equal(p[3], 2 << 3 | 5);
	assert_int_equal(p[5], 80);
	find_block(c, 4, 0, &n); /* speaker allocation */
	assert_int_equal(n, 3);
	/* HDMI VSDB: physical address 1.0.0.0, DC_36bit | DC_30bit, 340 MHz */
	p = find_block(c, 3, 0x000c03, &n);
	assert_int_equal(n, 7);
	assert_int_equal(p[3], 0x10);
	assert_int_equal(p[5], 0x30);
	assert_int_equal(p[6], 340 / 5);
	/* HF-VSDB: version 1, 600 MHz, SCDC present, LTE_340Mcsc_scramble */
	p = find_block(c, 3, 0xc45dd8, &n);
	assert_int_equal(p[3], 1);
	assert_int_equal(p[4], 600 / 5);
	assert_int_equal(p[5] & 0x88, 0x88);
	assert_int_equal(p[5] & 0x40, 0);
	/* the extra modes as DTDs after the data blocks */
	decode_dtd(c + c[2], &t, &wmm, &hmm);
	assert_timing_equal(&t, &d.extra[0]);
	decode_dtd(c + c[2] + 18, &t, &wmm, &hmm);
	assert_timing_equal(&t, &d.extra[1]);
}

static void test_padding_and_overflow(void **state)
{
	struct edid_desc d;
	uint8_t e[EDID_MAX_BLOCKS * 128];
	char err[128];
	size_t len;

	(void)state;
	memset(&d, 0, sizeof(d));
	memcpy(d.vendor, "DCD", 4);
	d.year = 2020;
	d.preferred = sim_mode_find("cvt-rb-1920x1080@60")->t;
	assert_int_equal(edid_build(&d, e, sizeof(e), &len, err, sizeof(err)), 0);
	assert_int_equal(len, 128); /* no CTA feature: base block only */
	assert_int_equal(e[126], 0);
	check_checksums(e, len);

	d.min_blocks = 4;
	assert_int_equal(edid_build(&d, e, sizeof(e), &len, err, sizeof(err)), 0);
	assert_int_equal(len, 512);
	assert_int_equal(e[126], 3);
	check_checksums(e, len);
	for (int b = 1; b < 4; b++)
		assert_int_equal(e[b * 128], 0x02);

	/* 20 extra modes spill into a second CTA block (6 DTDs fit in one) */
	d.min_blocks = 0;
	for (unsigned i = 0; i < 20; i++)
		d.extra[i] = sim_modes[i % sim_mode_count].t;
	d.nextra = 20;
	assert_int_equal(edid_build(&d, e, sizeof(e), &len, err, sizeof(err)), 0);
	assert_int_equal(len, 5 * 128);
	check_checksums(e, len);

	/* too small a buffer, unencodable timing, bad vendor */
	assert_int_equal(edid_build(&d, e, 256, &len, err, sizeof(err)), -ENOSPC);
	d.nextra = 0;
	d.preferred.hactive = 5000;
	assert_int_equal(edid_build(&d, e, sizeof(e), &len, err, sizeof(err)), -EINVAL);
	assert_non_null(strstr(err, "preferred timing"));
	d.preferred = sim_modes[0].t;
	memcpy(d.vendor, "dcd", 4);
	assert_int_equal(edid_build(&d, e, sizeof(e), &len, err, sizeof(err)), -EINVAL);
	assert_non_null(strstr(err, "PNP"));
}

static void test_named_modes(void **state)
{
	const struct sim_named_mode *m;

	(void)state;
	m = sim_mode_find("cta-1080p60");
	assert_non_null(m);
	assert_int_equal(m->vic, 16);
	assert_int_equal(m->t.pixel_khz, 148500);
	assert_int_equal(edid_timing_htotal(&m->t), 2200);
	assert_int_equal(edid_timing_vtotal(&m->t), 1125);
	m = sim_mode_find("cta-4k60");
	assert_int_equal(m->t.pixel_khz, 594000);
	assert_int_equal(edid_timing_htotal(&m->t), 4400);
	assert_int_equal(edid_timing_vtotal(&m->t), 2250);
	m = sim_mode_find("cvt-rb-1920x1080@60");
	assert_int_equal(edid_timing_htotal(&m->t), 2080);
	assert_int_equal(edid_timing_vtotal(&m->t), 1111);
	assert_null(sim_mode_find("cta-8k60"));
	/* every named mode is about its refresh rate and encodable */
	for (unsigned i = 0; i < sim_mode_count; i++) {
		const struct edid_timing *t = &sim_modes[i].t;
		uint64_t mhz = (uint64_t)t->pixel_khz * 1000000 /
			       ((uint64_t)edid_timing_htotal(t) * edid_timing_vtotal(t));
		uint8_t dtd[18];

		assert_true(mhz >= 23900 && mhz <= 60100);
		assert_int_equal(edid_encode_dtd(t, 600, 340, dtd), 0);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_base_block),
		cmocka_unit_test(test_cta_block),
		cmocka_unit_test(test_padding_and_overflow),
		cmocka_unit_test(test_named_modes),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
