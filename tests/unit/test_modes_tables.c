/*
 * The DMT and CTA-861 tables: spot checks against the standards' values
 * (every field), whole-table consistency, a full cross-check with
 * edid-decode, the EDID codes that point into DMT, the 1000/1001
 * companions and the reverse VIC lookup.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "dc_modes.h"
#include "modes_edid_decode.h"

#define N(a) (sizeof(a) / sizeof((a)[0]))

#define PH DRM_MODE_FLAG_PHSYNC
#define NH DRM_MODE_FLAG_NHSYNC
#define PV DRM_MODE_FLAG_PVSYNC
#define NV DRM_MODE_FLAG_NVSYNC
#define IL DRM_MODE_FLAG_INTERLACE

struct expected {
	unsigned id; /* VIC, or DMT ID | 0x1000 */
	uint32_t clock;
	uint16_t hd, hss, hse, ht, vd, vss, vse, vt;
	uint32_t flags;
	enum dc_picture_aspect ar;
	unsigned pr;
	uint32_t refresh_mhz;
};

#define DMT(id) (0x1000 | (id))

/* Values as CTA-861-H and DMT 1.0 rev 13 list them (wire timings, frame lines). */
// clang-format off
static const struct expected spot[] = {
	{ 1,   25175,  640,  656,  752,  800,  480,  490,  492,  525, NH | NV, DC_PIC_AR_4_3, 1, 59940 },
	{ 2,   27000,  720,  736,  798,  858,  480,  489,  495,  525, NH | NV, DC_PIC_AR_4_3, 1, 59940 },
	{ 3,   27000,  720,  736,  798,  858,  480,  489,  495,  525, NH | NV, DC_PIC_AR_16_9, 1, 59940 },
	{ 4,   74250, 1280, 1390, 1430, 1650,  720,  725,  730,  750, PH | PV, DC_PIC_AR_16_9, 1, 60000 },
	{ 5,   74250, 1920, 2008, 2052, 2200, 1080, 1084, 1094, 1125, PH | PV | IL, DC_PIC_AR_16_9, 1, 60000 },
	{ 6,   27000, 1440, 1478, 1602, 1716,  480,  488,  494,  525, NH | NV | IL, DC_PIC_AR_4_3, 2, 59940 },
	{ 16, 148500, 1920, 2008, 2052, 2200, 1080, 1084, 1089, 1125, PH | PV, DC_PIC_AR_16_9, 1, 60000 },
	{ 17,  27000,  720,  732,  796,  864,  576,  581,  586,  625, NH | NV, DC_PIC_AR_4_3, 1, 50000 },
	{ 19,  74250, 1280, 1720, 1760, 1980,  720,  725,  730,  750, PH | PV, DC_PIC_AR_16_9, 1, 50000 },
	{ 20,  74250, 1920, 2448, 2492, 2640, 1080, 1084, 1094, 1125, PH | PV | IL, DC_PIC_AR_16_9, 1, 50000 },
	{ 21,  27000, 1440, 1464, 1590, 1728,  576,  580,  586,  625, NH | NV | IL, DC_PIC_AR_4_3, 2, 50000 },
	{ 31, 148500, 1920, 2448, 2492, 2640, 1080, 1084, 1089, 1125, PH | PV, DC_PIC_AR_16_9, 1, 50000 },
	{ 32,  74250, 1920, 2558, 2602, 2750, 1080, 1084, 1089, 1125, PH | PV, DC_PIC_AR_16_9, 1, 24000 },
	{ 34,  74250, 1920, 2008, 2052, 2200, 1080, 1084, 1089, 1125, PH | PV, DC_PIC_AR_16_9, 1, 30000 },
	{ 39,  72000, 1920, 1952, 2120, 2304, 1080, 1126, 1136, 1250, PH | NV | IL, DC_PIC_AR_16_9, 1, 50000 },
	{ 63, 297000, 1920, 2008, 2052, 2200, 1080, 1084, 1089, 1125, PH | PV, DC_PIC_AR_16_9, 1, 120000 },
	{ 93, 297000, 3840, 5116, 5204, 5500, 2160, 2168, 2178, 2250, PH | PV, DC_PIC_AR_16_9, 1, 24000 },
	{ 95, 297000, 3840, 4016, 4104, 4400, 2160, 2168, 2178, 2250, PH | PV, DC_PIC_AR_16_9, 1, 30000 },
	{ 96, 594000, 3840, 4896, 4984, 5280, 2160, 2168, 2178, 2250, PH | PV, DC_PIC_AR_16_9, 1, 50000 },
	{ 97, 594000, 3840, 4016, 4104, 4400, 2160, 2168, 2178, 2250, PH | PV, DC_PIC_AR_16_9, 1, 60000 },
	{ 98, 297000, 4096, 5116, 5204, 5500, 2160, 2168, 2178, 2250, PH | PV, DC_PIC_AR_256_135, 1, 24000 },
	{ 102, 594000, 4096, 4184, 4272, 4400, 2160, 2168, 2178, 2250, PH | PV, DC_PIC_AR_256_135, 1, 60000 },
	{ 107, 594000, 3840, 4016, 4104, 4400, 2160, 2168, 2178, 2250, PH | PV, DC_PIC_AR_64_27, 1, 60000 },
	{ 117, 1188000, 3840, 4896, 4984, 5280, 2160, 2168, 2178, 2250, PH | PV, DC_PIC_AR_16_9, 1, 100000 },
	{ 118, 1188000, 3840, 4016, 4104, 4400, 2160, 2168, 2178, 2250, PH | PV, DC_PIC_AR_16_9, 1, 120000 },
	{ 194, 1188000, 7680, 10232, 10408, 11000, 4320, 4336, 4356, 4500, PH | PV, DC_PIC_AR_16_9, 1, 24000 },
	{ 196, 1188000, 7680, 8232, 8408, 9000, 4320, 4336, 4356, 4400, PH | PV, DC_PIC_AR_16_9, 1, 30000 },
	{ 199, 2376000, 7680, 8232, 8408, 9000, 4320, 4336, 4356, 4400, PH | PV, DC_PIC_AR_16_9, 1, 60000 },
	{ 201, 4752000, 7680, 8032, 8208, 8800, 4320, 4336, 4356, 4500, PH | PV, DC_PIC_AR_16_9, 1, 120000 },
	{ 210, 1485000, 10240, 11732, 11908, 12500, 4320, 4336, 4356, 4950, PH | PV, DC_PIC_AR_64_27, 1, 24000 },
	{ 215, 2970000, 10240, 10528, 10704, 11000, 4320, 4336, 4356, 4500, PH | PV, DC_PIC_AR_64_27, 1, 60000 },
	{ 219, 1188000, 4096, 4184, 4272, 4400, 2160, 2168, 2178, 2250, PH | PV, DC_PIC_AR_256_135, 1, 120000 },
	{ DMT(0x04), 25175,  640,  656,  752,  800,  480,  490,  492,  525, NH | NV, 0, 1, 59940 },
	{ DMT(0x09), 40000,  800,  840,  968, 1056,  600,  601,  605,  628, PH | PV, 0, 1, 60317 },
	{ DMT(0x0f), 44900, 1024, 1032, 1208, 1264,  768,  768,  776,  817, PH | PV | IL, 0, 1, 86958 },
	{ DMT(0x10), 65000, 1024, 1048, 1184, 1344,  768,  771,  777,  806, NH | NV, 0, 1, 60004 },
	{ DMT(0x23), 108000, 1280, 1328, 1440, 1688, 1024, 1025, 1028, 1066, PH | PV, 0, 1, 60020 },
	{ DMT(0x2f), 106500, 1440, 1520, 1672, 1904,  900,  903,  909,  934, NH | PV, 0, 1, 59887 },
	{ DMT(0x3a), 146250, 1680, 1784, 1960, 2240, 1050, 1053, 1059, 1089, NH | PV, 0, 1, 59954 },
	{ DMT(0x44), 154000, 1920, 1968, 2000, 2080, 1200, 1203, 1209, 1235, PH | NV, 0, 1, 59950 },
	{ DMT(0x4d), 348500, 2560, 2752, 3032, 3504, 1600, 1603, 1609, 1658, NH | PV, 0, 1, 59987 },
	{ DMT(0x51),  85500, 1366, 1436, 1579, 1792,  768,  771,  774,  798, PH | PV, 0, 1, 59790 },
	{ DMT(0x52), 148500, 1920, 2008, 2052, 2200, 1080, 1084, 1089, 1125, PH | PV, 0, 1, 60000 },
	{ DMT(0x55),  74250, 1280, 1390, 1430, 1650,  720,  725,  730,  750, PH | PV, 0, 1, 60000 },
	{ DMT(0x57), 556744, 4096, 4104, 4136, 4176, 2160, 2208, 2216, 2222, PH | NV, 0, 1, 60000 },
	{ DMT(0x58), 556188, 4096, 4104, 4136, 4176, 2160, 2208, 2216, 2222, PH | NV, 0, 1, 59940 },
};
// clang-format on

static void test_spot_checks(void **state)
{
	for (size_t i = 0; i < N(spot); i++) {
		const struct expected *e = &spot[i];
		bool dmt = e->id & 0x1000;
		struct dc_mode m;
		char name[32];

		if (dmt)
			assert_int_equal(dc_mode_from_dmt_id(&m, e->id & 0xff), 0);
		else
			assert_int_equal(dc_mode_from_vic(&m, e->id), 0);
		assert_int_equal(m.info.clock, e->clock);
		assert_int_equal(m.info.hdisplay, e->hd);
		assert_int_equal(m.info.hsync_start, e->hss);
		assert_int_equal(m.info.hsync_end, e->hse);
		assert_int_equal(m.info.htotal, e->ht);
		assert_int_equal(m.info.hskew, 0);
		assert_int_equal(m.info.vdisplay, e->vd);
		assert_int_equal(m.info.vsync_start, e->vss);
		assert_int_equal(m.info.vsync_end, e->vse);
		assert_int_equal(m.info.vtotal, e->vt);
		assert_int_equal(m.info.vscan, 0);
		assert_int_equal(m.info.flags & ~DRM_MODE_FLAG_PIC_AR_MASK, e->flags);
		assert_int_equal(m.picture_aspect, e->ar);
		assert_int_equal(m.pixel_repetition, e->pr);
		assert_int_equal(m.refresh_mhz, e->refresh_mhz);
		assert_int_equal(m.info.vrefresh, (e->refresh_mhz + 500) / 1000);
		assert_int_equal(m.info.type, DRM_MODE_TYPE_DRIVER);
		snprintf(name, sizeof(name), "%ux%u%s", e->hd, e->vd, (e->flags & IL) ? "i" : "");
		assert_string_equal(m.info.name, name);
		if (dmt) {
			assert_int_equal(m.source, DC_MODE_SOURCE_DMT);
			assert_int_equal(m.dmt_id, e->id & 0xff);
			assert_int_equal(m.vic, 0);
			assert_int_equal(m.info.flags & DRM_MODE_FLAG_PIC_AR_MASK, 0);
		} else {
			uint32_t ar_flags[] = { DRM_MODE_FLAG_PIC_AR_NONE, DRM_MODE_FLAG_PIC_AR_4_3,
						DRM_MODE_FLAG_PIC_AR_16_9,
						DRM_MODE_FLAG_PIC_AR_64_27,
						DRM_MODE_FLAG_PIC_AR_256_135 };

			assert_int_equal(m.source, DC_MODE_SOURCE_CTA_VIC);
			assert_int_equal(m.vic, e->id);
			assert_int_equal(m.info.flags & DRM_MODE_FLAG_PIC_AR_MASK, ar_flags[e->ar]);
		}
	}
	assert_true(N(spot) >= 30);
}

/* Properties every entry of a timing table must have. */
static void check_consistent(const struct dc_mode *m, uint32_t nominal_mhz)
{
	const struct drm_mode_modeinfo *i = &m->info;
	uint64_t exact_x1000;

	assert_true(i->htotal > i->hsync_end && i->hsync_end > i->hsync_start &&
		    i->hsync_start >= i->hdisplay);
	assert_true(i->vtotal > i->vsync_end && i->vsync_end > i->vsync_start &&
		    i->vsync_start >= i->vdisplay);
	assert_true(!!(i->flags & DRM_MODE_FLAG_PHSYNC) + !!(i->flags & DRM_MODE_FLAG_NHSYNC) == 1);
	assert_true(!!(i->flags & DRM_MODE_FLAG_PVSYNC) + !!(i->flags & DRM_MODE_FLAG_NVSYNC) == 1);
	/* refresh_mhz is the exact rate rounded: within half a mHz. */
	exact_x1000 = (uint64_t)i->clock * 1000000000ULL * ((i->flags & IL) ? 2 : 1) /
		      ((uint64_t)i->htotal * i->vtotal);
	assert_true(exact_x1000 + 500 >= (uint64_t)m->refresh_mhz * 1000 &&
		    exact_x1000 <= (uint64_t)m->refresh_mhz * 1000 + 500);
	if (nominal_mhz) {
		/* Within 0.1 % of nominal, or of its 1000/1001 rate. */
		uint64_t r = m->refresh_mhz;
		uint64_t fractional = nominal_mhz * 1000 / 1001;
		bool near_nominal = r * 1000 >= nominal_mhz * 999 && r * 1000 <= nominal_mhz * 1001;
		bool near_fractional =
			r * 1000 >= fractional * 999 && r * 1000 <= fractional * 1001;

		assert_true(near_nominal || near_fractional);
	}
}

static void test_dmt_table_consistency(void **state)
{
	bool seen[256] = { false };
	unsigned prev = 0;

	assert_int_equal(dc_dmt_count(), 88);
	for (size_t k = 0; k < dc_dmt_count(); k++) {
		struct dc_mode m;

		assert_int_equal(dc_mode_from_dmt_index(&m, k), 0);
		assert_false(seen[m.dmt_id]);
		seen[m.dmt_id] = true;
		/* Not sorted by ID (0x54 sits after 0x4b, as in DMT), but all in 0x01..0x58. */
		assert_in_range(m.dmt_id, 0x01, 0x58);
		check_consistent(&m, 0);
		/* DMT names its rates to the Hz; none is more than 0.6 % off. */
		assert_true(m.refresh_mhz * 1000ULL > (uint64_t)m.info.vrefresh * 994000 &&
			    m.refresh_mhz * 1000ULL < (uint64_t)m.info.vrefresh * 1006000);
		prev = m.dmt_id;
	}
	for (unsigned id = 1; id <= 0x58; id++)
		assert_true(seen[id]);
	assert_int_not_equal(prev, 0);
	assert_int_equal(dc_mode_from_dmt_index(&(struct dc_mode){ 0 }, 88), -ENOENT);
	assert_int_equal(dc_mode_from_dmt_id(&(struct dc_mode){ 0 }, 0), -ENOENT);
	assert_int_equal(dc_mode_from_dmt_id(&(struct dc_mode){ 0 }, 0x59), -ENOENT);
}

static void test_vic_table_consistency(void **state)
{
	unsigned count = 0;

	for (unsigned vic = 0; vic < 256; vic++) {
		struct dc_mode m;
		int ret = dc_mode_from_vic(&m, vic);
		bool defined = (vic >= 1 && vic <= 127) || (vic >= 193 && vic <= 219);

		assert_int_equal(ret, defined ? 0 : -ENOENT);
		if (ret)
			continue;
		count++;
		assert_int_equal(m.vic, vic);
		assert_true(m.picture_aspect >= DC_PIC_AR_4_3 &&
			    m.picture_aspect <= DC_PIC_AR_256_135);
		assert_true(m.pixel_repetition >= 1 && m.pixel_repetition <= 2);
		assert_true(m.pixel_repetition_allowed & (1u << (m.pixel_repetition - 1)));
		/* The source image is a whole number of pixels wide. */
		assert_int_equal(m.info.hdisplay % m.pixel_repetition, 0);
		/*
		 * The 288-line formats run at 50.080 Hz (312 lines), which
		 * CTA-861 lists as such; all others at their nominal rate.
		 */
		if (vic == 23 || vic == 24 || vic == 27 || vic == 28)
			check_consistent(&m, 50080);
		else
			check_consistent(&m, m.info.vrefresh * 1000);
	}
	assert_int_equal(count, 127 + 27);
}

/* Every table entry, converted, equals what edid-decode reports for it. */
static void test_tables_vs_edid_decode(void **state)
{
	unsigned n = 0;

	for (unsigned id = 1; id <= 0x58; id++) {
		struct drm_mode_modeinfo theirs;
		struct ed_timing t;
		struct dc_mode m;
		char args[32];

		snprintf(args, sizeof(args), "--dmt 0x%02x -L", id);
		assert_int_equal(ed_run(args, &t), 0);
		ed_to_modeinfo(&t, &theirs);
		assert_int_equal(dc_mode_from_dmt_id(&m, id), 0);
		assert_true(ed_same_timing(args, &m.info, &theirs));
		n++;
	}
	for (unsigned vic = 1; vic <= 219; vic++) {
		struct drm_mode_modeinfo theirs;
		struct ed_timing t;
		struct dc_mode m;
		char args[32];

		if (vic > 127 && vic < 193)
			continue;
		snprintf(args, sizeof(args), "--vic %u -L", vic);
		assert_int_equal(ed_run(args, &t), 0);
		ed_to_modeinfo(&t, &theirs);
		assert_int_equal(dc_mode_from_vic(&m, vic), 0);
		assert_true(ed_same_timing(args, &m.info, &theirs));
		assert_int_equal(t.ratio_w * (m.picture_aspect == DC_PIC_AR_4_3 ? 3 : 1) *
					 (m.picture_aspect == DC_PIC_AR_16_9 ? 9 : 1) *
					 (m.picture_aspect == DC_PIC_AR_64_27 ? 27 : 1) *
					 (m.picture_aspect == DC_PIC_AR_256_135 ? 135 : 1),
				 t.ratio_h * (m.picture_aspect == DC_PIC_AR_4_3 ? 4 : 1) *
					 (m.picture_aspect == DC_PIC_AR_16_9 ? 16 : 1) *
					 (m.picture_aspect == DC_PIC_AR_64_27 ? 64 : 1) *
					 (m.picture_aspect == DC_PIC_AR_256_135 ? 256 : 1));
		n++;
	}
	assert_int_equal(n, 88 + 154);
}

static void test_established(void **state)
{
	struct dc_mode m;

	/* I/II bit 0: IBM 720x400@70, not in DMT. */
	assert_int_equal(dc_mode_from_established(&m, 0), 0);
	assert_int_equal(m.info.clock, 28320);
	assert_int_equal(m.info.hdisplay, 720);
	assert_int_equal(m.info.htotal, 900);
	assert_int_equal(m.info.vtotal, 449);
	assert_int_equal(m.dmt_id, 0);
	assert_int_equal(m.source, DC_MODE_SOURCE_ESTABLISHED);
	/* Bit 2 (0x23 bit 5) is DMT 0x04, bit 11 (0x24 bit 4) the interlaced 0x0f. */
	assert_int_equal(dc_mode_from_established(&m, 2), 0);
	assert_int_equal(m.dmt_id, 0x04);
	assert_int_equal(m.source, DC_MODE_SOURCE_ESTABLISHED);
	assert_int_equal(dc_mode_from_established(&m, 11), 0);
	assert_int_equal(m.dmt_id, 0x0f);
	assert_true(m.info.flags & DRM_MODE_FLAG_INTERLACE);
	/* Bit 16 (0x25 bit 7): Apple 1152x870@75. */
	assert_int_equal(dc_mode_from_established(&m, 16), 0);
	assert_int_equal(m.info.hdisplay, 1152);
	assert_int_equal(m.info.vdisplay, 870);
	assert_int_equal(m.info.clock, 100000);
	assert_int_equal(dc_mode_from_established(&m, 17), -ENOENT);

	/* III: byte 6 bit 7 is DMT 0x01, byte 11 bit 4 (bit 43) DMT 0x4a. */
	assert_int_equal(dc_mode_from_established3(&m, 0), 0);
	assert_int_equal(m.dmt_id, 0x01);
	assert_int_equal(dc_mode_from_established3(&m, 43), 0);
	assert_int_equal(m.dmt_id, 0x4a);
	assert_int_equal(dc_mode_from_established3(&m, 44), -ENOENT);

	/* Every bit gives a valid timing. */
	for (unsigned bit = 0; bit < 17; bit++) {
		assert_int_equal(dc_mode_from_established(&m, bit), 0);
		check_consistent(&m, 0);
	}
	for (unsigned bit = 0; bit < 44; bit++) {
		assert_int_equal(dc_mode_from_established3(&m, bit), 0);
		check_consistent(&m, 0);
	}
}

static void test_standard_timings(void **state)
{
	struct dc_gtf_secondary gtf2 = { 30, 80, 600, 128, 40 };
	struct dc_mode m, ref;
	unsigned w, h, hz;

	/* The DMT document's codes. */
	assert_int_equal(dc_mode_from_std_code(&m, 0xd1, 0xc0), 0);
	assert_int_equal(m.dmt_id, 0x52);
	assert_int_equal(dc_mode_from_std_code(&m, 0x81, 0x80), 0);
	assert_int_equal(m.dmt_id, 0x23);
	assert_int_equal(dc_mode_from_std_code(&m, 0x61, 0x4c), 0);
	assert_int_equal(m.dmt_id, 0x11); /* as DMT lists it */
	assert_int_equal(dc_mode_from_std_code(&m, 0xd1, 0xc1), -ENOENT);

	/* Decoding: 0xd1 0xc0 is 1920x1080@60; aspect 00 is 16:10 from EDID 1.3 on. */
	assert_int_equal(dc_std_code_decode(0xd1, 0xc0, 4, &w, &h, &hz), 0);
	assert_true(w == 1920 && h == 1080 && hz == 60);
	assert_int_equal(dc_std_code_decode(0x81, 0x00, 3, &w, &h, &hz), 0);
	assert_true(w == 1280 && h == 800 && hz == 60);
	assert_int_equal(dc_std_code_decode(0x81, 0x00, 2, &w, &h, &hz), 0);
	assert_true(w == 1280 && h == 1280);
	assert_int_equal(dc_std_code_decode(0x61, 0x59, 4, &w, &h, &hz), 0);
	assert_true(w == 1024 && h == 768 && hz == 85);
	assert_int_equal(dc_std_code_decode(0x81, 0x8f, 4, &w, &h, &hz), 0);
	assert_true(w == 1280 && h == 1024 && hz == 75);
	assert_int_equal(dc_std_code_decode(0x01, 0x01, 4, &w, &h, &hz), -ENOENT);
	assert_int_equal(dc_std_code_decode(0x00, 0x40, 4, &w, &h, &hz), -EINVAL);

	/* DMT first; its RB variant when the sink prefers reduced blanking. */
	assert_int_equal(dc_mode_from_std(&m, 1280, 800, 60, DC_STD_CVT, false, NULL), 0);
	assert_int_equal(m.dmt_id, 0x1c);
	assert_int_equal(m.source, DC_MODE_SOURCE_STD);
	assert_int_equal(dc_mode_from_std(&m, 1280, 800, 60, DC_STD_CVT, true, NULL), 0);
	assert_int_equal(m.dmt_id, 0x1b);
	/* Only an RB entry exists at 800x600@120: taken either way. */
	assert_int_equal(dc_mode_from_std(&m, 800, 600, 120, DC_STD_DMT_ONLY, false, NULL), 0);
	assert_int_equal(m.dmt_id, 0x0d);

	/* Not in DMT: the formula. */
	struct dc_cvt_params cvt = { 1920, 1080, 75000, DC_CVT_NORMAL, false, false, false };
	assert_int_equal(dc_mode_from_std(&m, 1920, 1080, 75, DC_STD_CVT, false, NULL), 0);
	assert_int_equal(dc_cvt_mode(&ref, &cvt), 0);
	assert_memory_equal(&m.info, &ref.info, sizeof(m.info));
	assert_int_equal(m.dmt_id, 0);
	assert_int_equal(m.source, DC_MODE_SOURCE_STD);
	cvt.blanking = DC_CVT_RB_V1;
	assert_int_equal(dc_mode_from_std(&m, 1920, 1080, 75, DC_STD_CVT_RB, false, NULL), 0);
	assert_int_equal(dc_cvt_mode(&ref, &cvt), 0);
	assert_memory_equal(&m.info, &ref.info, sizeof(m.info));

	struct dc_gtf_params gtf = { 1920, 1080, 75000, false, false, NULL };
	assert_int_equal(dc_mode_from_std(&m, 1920, 1080, 75, DC_STD_GTF, false, NULL), 0);
	assert_int_equal(dc_gtf_mode(&ref, &gtf), 0);
	assert_memory_equal(&m.info, &ref.info, sizeof(m.info));
	gtf.secondary = &gtf2;
	assert_int_equal(dc_mode_from_std(&m, 1920, 1080, 75, DC_STD_GTF2, false, &gtf2), 0);
	assert_int_equal(dc_gtf_mode(&ref, &gtf), 0);
	assert_memory_equal(&m.info, &ref.info, sizeof(m.info));
	assert_int_equal(dc_mode_from_std(&m, 1920, 1080, 75, DC_STD_GTF2, false, NULL), -EINVAL);
	assert_int_equal(dc_mode_from_std(&m, 1920, 1080, 75, DC_STD_DMT_ONLY, false, NULL),
			 -ENOENT);
}

static void test_vic_fractional(void **state)
{
	struct dc_mode base, frac, back;

	assert_int_equal(dc_mode_from_vic(&base, 16), 0);
	assert_int_equal(dc_mode_vic_fractional(&frac, &base), 0);
	assert_int_equal(frac.info.clock, 148352); /* 148.5 MHz * 1000 / 1001 */
	assert_int_equal(frac.refresh_mhz, 59940);
	assert_int_equal(frac.vic, 16);
	assert_int_equal(frac.info.htotal, base.info.htotal);
	assert_int_equal(dc_mode_vic_fractional(&back, &frac), 0);
	assert_int_equal(back.info.clock, 148500);

	/* The 480-line formats are listed at 59.94 Hz: the companion is 60 Hz. */
	assert_int_equal(dc_mode_from_vic(&base, 2), 0);
	assert_int_equal(dc_mode_vic_fractional(&frac, &base), 0);
	assert_int_equal(frac.info.clock, 27027);
	assert_int_equal(frac.refresh_mhz, 60000);

	/* 8K60 and 4K24. */
	assert_int_equal(dc_mode_from_vic(&base, 199), 0);
	assert_int_equal(dc_mode_vic_fractional(&frac, &base), 0);
	assert_int_equal(frac.info.clock, 2373626);
	assert_int_equal(frac.refresh_mhz, 59940);
	assert_int_equal(dc_mode_from_vic(&base, 93), 0);
	assert_int_equal(dc_mode_vic_fractional(&frac, &base), 0);
	assert_int_equal(frac.refresh_mhz, 23976);

	/* The 50 Hz family has none. */
	assert_int_equal(dc_mode_from_vic(&base, 31), 0);
	assert_int_equal(dc_mode_vic_fractional(&frac, &base), -ENOENT);
	/* A mode that is not a VIC has none either. */
	assert_int_equal(dc_mode_from_dmt_id(&base, 0x52), 0);
	assert_int_equal(dc_mode_vic_fractional(&frac, &base), -ENOENT);
}

static void test_vic_match(void **state)
{
	struct dc_mode m;
	struct drm_mode_modeinfo info;

	for (unsigned vic = 1; vic <= 219; vic++) {
		if (dc_mode_from_vic(&m, vic))
			continue;
		/* Each VIC finds itself when its aspect ratio is given. */
		assert_int_equal(dc_vic_match(&m.info), vic);
	}
	/* A DTD has no aspect flag: the lowest VIC with the timing. */
	assert_int_equal(dc_mode_from_vic(&m, 3), 0);
	info = m.info;
	info.flags &= ~DRM_MODE_FLAG_PIC_AR_MASK;
	assert_int_equal(dc_vic_match(&info), 2);
	/* DMT 0x52 is VIC 16's timing. */
	assert_int_equal(dc_mode_from_dmt_id(&m, 0x52), 0);
	assert_int_equal(dc_vic_match(&m.info), 16);
	/* 59.94 Hz as a DTD stores it (10 kHz steps): 148.35 MHz. */
	info = m.info;
	info.clock = 148350;
	assert_int_equal(dc_vic_match(&info), 16);
	info.clock = 148340;
	assert_int_equal(dc_vic_match(&info), 0);
	/* Polarity is part of the format. */
	info = m.info;
	info.flags = (info.flags & ~DRM_MODE_FLAG_PHSYNC) | DRM_MODE_FLAG_NHSYNC;
	assert_int_equal(dc_vic_match(&info), 0);
	/* CVT 1920x1080@60 is no CTA format. */
	struct dc_cvt_params p = { 1920, 1080, 60000, DC_CVT_NORMAL, false, false, false };
	assert_int_equal(dc_cvt_mode(&m, &p), 0);
	assert_int_equal(dc_vic_match(&m.info), 0);
}

static void test_mode_from_timing(void **state)
{
	struct drm_mode_modeinfo info = { 0 };
	struct dc_mode m;

	info.clock = 148500;
	info.hdisplay = 1920;
	info.hsync_start = 2008;
	info.hsync_end = 2052;
	info.htotal = 2200;
	info.vdisplay = 1080;
	info.vsync_start = 1084;
	info.vsync_end = 1089;
	info.vtotal = 1125;
	info.flags = PH | PV | DRM_MODE_FLAG_PIC_AR_16_9;
	assert_int_equal(dc_mode_from_timing(&m, &info, DC_MODE_SOURCE_DTD, true), 0);
	assert_string_equal(m.info.name, "1920x1080");
	assert_int_equal(m.info.vrefresh, 60);
	assert_int_equal(m.refresh_mhz, 60000);
	assert_int_equal(m.info.type, DRM_MODE_TYPE_DRIVER | DRM_MODE_TYPE_PREFERRED);
	assert_int_equal(m.picture_aspect, DC_PIC_AR_16_9);
	assert_int_equal(m.source, DC_MODE_SOURCE_DTD);
	dc_mode_set_preferred(&m, false);
	assert_int_equal(m.info.type, DRM_MODE_TYPE_DRIVER);

	/* Doublescan halves the rate. */
	info.flags |= DRM_MODE_FLAG_DBLSCAN;
	assert_int_equal(dc_mode_refresh_mhz(&info), 30000);
	info.flags &= ~DRM_MODE_FLAG_DBLSCAN;

	info.hsync_start = 1900; /* sync inside the active area */
	assert_int_equal(dc_mode_from_timing(&m, &info, DC_MODE_SOURCE_DTD, false), -EINVAL);
	info.hsync_start = 2008;
	info.vtotal = 1080;
	assert_int_equal(dc_mode_from_timing(&m, &info, DC_MODE_SOURCE_DTD, false), -EINVAL);
	info.vtotal = 1125;
	info.clock = 0;
	assert_int_equal(dc_mode_from_timing(&m, &info, DC_MODE_SOURCE_DTD, false), -EINVAL);
	assert_int_equal(dc_mode_refresh_mhz(&info), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_spot_checks),
		cmocka_unit_test(test_dmt_table_consistency),
		cmocka_unit_test(test_vic_table_consistency),
		cmocka_unit_test(test_tables_vs_edid_decode),
		cmocka_unit_test(test_established),
		cmocka_unit_test(test_standard_timings),
		cmocka_unit_test(test_vic_fractional),
		cmocka_unit_test(test_vic_match),
		cmocka_unit_test(test_mode_from_timing),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
