/*
 * GTF 1.1 in dc/modes: the modelines X's gtf utility is known for, a grid
 * against edid-decode (default curve, progressive and interlaced), the
 * secondary curve of a range limits descriptor against edid-decode, and
 * the start frequency that selects the secondary curve.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include <cmocka.h>

#include "dc_modes.h"
#include "modes_edid_decode.h"

#define N(a) (sizeof(a) / sizeof((a)[0]))

static void gtf(struct dc_mode *m, unsigned w, unsigned h, uint32_t mhz, bool interlaced,
		const struct dc_gtf_secondary *secondary)
{
	struct dc_gtf_params p = {
		.hdisplay = w,
		.vdisplay = h,
		.refresh_mhz = mhz,
		.interlaced = interlaced,
		.secondary = secondary,
	};

	assert_int_equal(dc_gtf_mode(m, &p), 0);
}

/*
 * "gtf W H 60" of the X server prints these (clock in MHz to 2 decimals);
 * the classic 1920x1080 one is 172.80 1920 2040 2248 2576 1080 1081 1084
 * 1118 -HSync +Vsync.
 */
static void test_gtf_known_modelines(void **state)
{
	static const struct {
		unsigned w, h;
		uint32_t clock_10khz;
		uint16_t hss, hse, ht, vss, vse, vt;
	} known[] = {
		{ 640, 480, 2386, 656, 720, 800, 481, 484, 497 },
		{ 800, 600, 3822, 832, 912, 1024, 601, 604, 622 },
		{ 1024, 768, 6411, 1080, 1184, 1344, 769, 772, 795 },
		{ 1280, 1024, 10888, 1360, 1496, 1712, 1025, 1028, 1060 },
		{ 1600, 1200, 16096, 1704, 1880, 2160, 1201, 1204, 1242 },
		{ 1920, 1080, 17280, 2040, 2248, 2576, 1081, 1084, 1118 },
	};

	for (size_t i = 0; i < N(known); i++) {
		struct dc_mode m;

		gtf(&m, known[i].w, known[i].h, 60000, false, NULL);
		assert_in_range(m.info.clock, known[i].clock_10khz * 10 - 5,
				known[i].clock_10khz * 10 + 5);
		assert_int_equal(m.info.hdisplay, known[i].w);
		assert_int_equal(m.info.hsync_start, known[i].hss);
		assert_int_equal(m.info.hsync_end, known[i].hse);
		assert_int_equal(m.info.htotal, known[i].ht);
		assert_int_equal(m.info.vdisplay, known[i].h);
		assert_int_equal(m.info.vsync_start, known[i].vss);
		assert_int_equal(m.info.vsync_end, known[i].vse);
		assert_int_equal(m.info.vtotal, known[i].vt);
		assert_int_equal(m.info.flags, DRM_MODE_FLAG_NHSYNC | DRM_MODE_FLAG_PVSYNC);
		assert_int_equal(m.source, DC_MODE_SOURCE_GTF);
		/* H_PERIOD comes from the requested rate: only kHz rounding is left. */
		assert_in_range(m.refresh_mhz, 59990, 60010);
	}
	/* 1920x1080: 2576 * 1118 * 60 Hz = 172.79808 MHz, to the nearest kHz. */
	struct dc_mode m;
	gtf(&m, 1920, 1080, 60000, false, NULL);
	assert_int_equal(m.info.clock, 172798);
}

static void compare_with_edid_decode(unsigned w, unsigned h, unsigned fps, bool interlaced,
				     const struct dc_gtf_secondary *s, const char *curve)
{
	struct drm_mode_modeinfo theirs;
	struct ed_timing t;
	struct dc_mode m;
	char args[160];

	/* edid-decode takes the field rate for interlaced timings; we take the frame rate. */
	snprintf(args, sizeof(args), "--gtf w=%u,h=%u,fps=%u%s%s", w, h, fps,
		 interlaced ? ",interlaced" : "", curve);
	assert_int_equal(ed_run(args, &t), 0);
	ed_to_modeinfo(&t, &theirs);
	gtf(&m, w, h, interlaced ? fps * 500 : fps * 1000, interlaced, s);
	if (s) {
		/* edid-decode marks secondary-curve timings +hsync -vsync; GTF keeps -H +V. */
		theirs.flags &= ~(DRM_MODE_FLAG_PHSYNC | DRM_MODE_FLAG_NVSYNC);
		theirs.flags |= DRM_MODE_FLAG_NHSYNC | DRM_MODE_FLAG_PVSYNC;
	}
	assert_true(ed_same_timing(args, &m.info, &theirs));
}

static void test_gtf_default_vs_edid_decode(void **state)
{
	static const unsigned sizes[][2] = { { 640, 480 },   { 800, 600 },   { 1024, 768 },
					     { 1280, 720 },  { 1280, 1024 }, { 1366, 768 },
					     { 1600, 1200 }, { 1920, 1080 }, { 1920, 1200 },
					     { 2560, 1440 }, { 3840, 2160 }, { 1001, 599 } };
	static const unsigned fps[] = { 50, 60, 75, 85, 100, 120 };
	unsigned n = 0;

	for (size_t s = 0; s < N(sizes); s++) {
		for (size_t f = 0; f < N(fps); f++) {
			compare_with_edid_decode(sizes[s][0], sizes[s][1], fps[f], false, NULL, "");
			n++;
			/* An odd height has no whole number of lines per field to compare. */
			if (sizes[s][1] % 2)
				continue;
			compare_with_edid_decode(sizes[s][0], sizes[s][1], 2 * fps[f], true, NULL,
						 "");
			n++;
		}
	}
	printf("GTF default curve: %u modes compared with edid-decode\n", n);
}

/* Secondary curves as range limits descriptors give them (C and J in half percent). */
static void test_gtf_secondary_vs_edid_decode(void **state)
{
	static const struct {
		struct dc_gtf_secondary curve;
		const char *args;
	} curves[] = {
		{ { 0, 80, 600, 128, 40 }, ",secondary,C=40,M=600,K=128,J=20" },
		{ { 0, 67, 500, 100, 30 }, ",secondary,C=33.5,M=500,K=100,J=15" },
		{ { 0, 80, 300, 128, 40 }, ",secondary,C=40,M=300,K=128,J=20" },
		{ { 0, 60, 450, 200, 21 }, ",secondary,C=30,M=450,K=200,J=10.5" },
	};
	static const unsigned sizes[][2] = {
		{ 1024, 768 }, { 1280, 1024 }, { 1920, 1080 }, { 2560, 1600 }, { 1440, 900 }
	};
	static const unsigned fps[] = { 60, 75, 85 };
	unsigned n = 0;

	for (size_t c = 0; c < N(curves); c++)
		for (size_t s = 0; s < N(sizes); s++)
			for (size_t f = 0; f < N(fps); f++, n++)
				compare_with_edid_decode(sizes[s][0], sizes[s][1], fps[f], false,
							 &curves[c].curve, curves[c].args);
	printf("GTF secondary curve: %u modes compared with edid-decode\n", n);

	/* The secondary curve with the default parameters is the default curve. */
	struct dc_mode a, b;
	gtf(&a, 1920, 1080, 60000, false, NULL);
	gtf(&b, 1920, 1080, 60000, false, &curves[0].curve);
	assert_memory_equal(&a.info, &b.info, sizeof(a.info));
}

/* 1920x1080@60 runs at 67.08 kHz: a start of 68 kHz keeps the default curve, 66 kHz does not. */
static void test_gtf_secondary_start_frequency(void **state)
{
	struct dc_gtf_secondary s = { 68, 67, 500, 100, 30 };
	struct dc_mode def, m;

	gtf(&def, 1920, 1080, 60000, false, NULL);
	gtf(&m, 1920, 1080, 60000, false, &s);
	assert_memory_equal(&m.info, &def.info, sizeof(m.info));

	s.start_khz = 66;
	gtf(&m, 1920, 1080, 60000, false, &s);
	/* edid-decode: Hfront 40 Hsync 192 Hback 232, 159.919 MHz. */
	assert_int_equal(m.info.htotal, 1920 + 464);
	assert_int_equal(m.info.hsync_start, 1920 + 40);
	assert_int_equal(m.info.clock, 159919);
	assert_int_equal(m.info.vtotal, def.info.vtotal);
	assert_true(m.info.clock < def.info.clock);
}

static void test_gtf_bad_input(void **state)
{
	struct dc_gtf_params p = { 1920, 1080, 60000, false, false, NULL };
	struct dc_gtf_secondary zero_c = { 0, 0, 600, 128, 0 };
	struct dc_mode m;

	p.vdisplay = 0;
	assert_int_equal(dc_gtf_mode(&m, &p), -EINVAL);
	p.vdisplay = 1080;
	p.refresh_mhz = 0;
	assert_int_equal(dc_gtf_mode(&m, &p), -EINVAL);
	p.refresh_mhz = 2000000;
	assert_int_equal(dc_gtf_mode(&m, &p), -EINVAL);
	/* 10 kHz lines: the default curve's duty cycle goes negative. */
	p.hdisplay = 320;
	p.vdisplay = 200;
	p.refresh_mhz = 24000;
	assert_int_equal(dc_gtf_mode(&m, &p), -ERANGE);
	/* A secondary curve with no blanking at all. */
	p.hdisplay = 1920;
	p.vdisplay = 1080;
	p.refresh_mhz = 60000;
	p.secondary = &zero_c;
	assert_int_equal(dc_gtf_mode(&m, &p), -ERANGE);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_gtf_known_modelines),
		cmocka_unit_test(test_gtf_default_vs_edid_decode),
		cmocka_unit_test(test_gtf_secondary_vs_edid_decode),
		cmocka_unit_test(test_gtf_secondary_start_frequency),
		cmocka_unit_test(test_gtf_bad_input),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
