/*
 * The sink mode list: merging duplicates, range limits, the preferred mode
 * first, ordering, and the "WxH[i][@R]" matcher.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "dc_modes.h"

static struct dc_mode_list *new_list(void)
{
	struct dc_mode_list *list;

	assert_int_equal(dc_mode_list_create(&list), 0);
	return list;
}

/* VIC 16's timing as a DTD: no aspect flag, 148.5 MHz. */
static struct drm_mode_modeinfo dtd_1080p60(void)
{
	struct dc_mode m;

	assert_int_equal(dc_mode_from_vic(&m, 16), 0);
	m.info.flags &= ~DRM_MODE_FLAG_PIC_AR_MASK;
	return m.info;
}

static void test_merge_duplicates(void **state)
{
	struct dc_mode_list *list = new_list();
	struct drm_mode_modeinfo dtd = dtd_1080p60();
	const struct dc_mode *m;

	/* The same 1080p60 timing four times: DMT, VIC (+ its 59.94 companion), DTD, std. */
	assert_int_equal(dc_mode_list_add_dmt(list, 0x52), 0);
	assert_int_equal(dc_mode_list_add_vic(list, 16, false), 0);
	assert_int_equal(dc_mode_list_add_timing(list, &dtd, DC_MODE_SOURCE_DTD, true), 0);
	assert_int_equal(dc_mode_list_add_std(list, 1920, 1080, 60, DC_STD_CVT, false, NULL), 0);
	assert_int_equal(dc_mode_list_count(list), 5);
	assert_int_equal(dc_mode_list_finish(list), 0);

	assert_int_equal(dc_mode_list_count(list), 2);
	m = dc_mode_list_get(list, 0);
	/* The DTD wins, keeps preferred, and picks up the DMT ID and the VIC metadata. */
	assert_int_equal(m->source, DC_MODE_SOURCE_DTD);
	assert_true(m->preferred);
	assert_true(m->info.type & DRM_MODE_TYPE_PREFERRED);
	assert_int_equal(m->dmt_id, 0x52);
	assert_int_equal(m->vic, 16);
	assert_int_equal(m->picture_aspect, DC_PIC_AR_16_9);
	assert_int_equal(m->info.flags & DRM_MODE_FLAG_PIC_AR_MASK, DRM_MODE_FLAG_PIC_AR_16_9);
	assert_int_equal(m->info.clock, 148500);
	/* The 59.94 Hz companion is a different timing and stays. */
	m = dc_mode_list_get(list, 1);
	assert_int_equal(m->info.clock, 148352);
	assert_int_equal(m->vic, 16);
	assert_false(m->preferred);
	assert_null(dc_mode_list_get(list, 2));

	/* Finished lists are read-only. */
	assert_int_equal(dc_mode_list_add_dmt(list, 0x10), -EBUSY);
	assert_int_equal(dc_mode_list_finish(list), -EBUSY);
	dc_mode_list_destroy(list);
}

/* Different aspect ratios are different modes (VIC 2 and 3); a DTD merges into one. */
static void test_merge_aspect(void **state)
{
	struct dc_mode_list *list = new_list();
	struct dc_mode vic3;

	assert_int_equal(dc_mode_list_add_vic(list, 2, false), 0);
	assert_int_equal(dc_mode_list_add_vic(list, 3, false), 0);
	assert_int_equal(dc_mode_from_vic(&vic3, 3), 0);
	vic3.info.flags &= ~DRM_MODE_FLAG_PIC_AR_MASK;
	assert_int_equal(dc_mode_list_add_timing(list, &vic3.info, DC_MODE_SOURCE_DTD, false), 0);
	assert_int_equal(dc_mode_list_finish(list), 0);
	/* 4:3 and 16:9 at 59.94 and 60 Hz; the DTD folded into VIC 2 (added first). */
	assert_int_equal(dc_mode_list_count(list), 4);
	for (size_t i = 0; i < 4; i++) {
		const struct dc_mode *m = dc_mode_list_get(list, i);

		assert_true(m->vic == 2 || m->vic == 3);
		assert_int_equal(m->source, (m->vic == 2 && m->info.clock == 27000)
						    ? DC_MODE_SOURCE_DTD
						    : DC_MODE_SOURCE_CTA_VIC);
	}
	dc_mode_list_destroy(list);
}

static void test_range_limits(void **state)
{
	struct dc_mode_list *list = new_list();
	struct dc_range_limits range = {
		.min_vfreq_hz = 56,
		.max_vfreq_hz = 76,
		.min_hfreq_khz = 30,
		.max_hfreq_khz = 83,
		.max_pixel_clock_khz = 170000,
	};
	struct dc_mode big;
	bool seen_dtd = false, seen_vic = false;

	assert_int_equal(dc_mode_list_add_dmt(list, 0x04), 0);	    /* 31.5 kHz, 60 Hz: kept */
	assert_int_equal(dc_mode_list_add_dmt(list, 0x07), 0);	    /* 85 Hz: dropped */
	assert_int_equal(dc_mode_list_add_established(list, 0), 0); /* 70 Hz, 31.5 kHz: kept */
	assert_int_equal(dc_mode_list_add_established(list, 1), 0); /* 88 Hz: dropped */
	assert_int_equal(dc_mode_list_add_dmt(list, 0x33), 0);	    /* 162 MHz, 75 kHz: kept */
	assert_int_equal(dc_mode_list_add_dmt(list, 0x36), 0);	    /* 93.75 kHz: dropped */
	assert_int_equal(dc_mode_list_add_dmt(list, 0x45), 0);	    /* 193.25 MHz: dropped */
	assert_int_equal(dc_mode_list_add_std(list, 1600, 900, 60, DC_STD_DMT_ONLY, false, NULL),
			 0); /* 0x53: 60 kHz, 108 MHz: kept */
	/* A 24 Hz CVT mode below 56 Hz: dropped. */
	assert_int_equal(dc_mode_list_add_std(list, 1920, 1080, 24, DC_STD_CVT, false, NULL), 0);
	/* A DTD and a VIC beyond every limit: never dropped. */
	assert_int_equal(dc_mode_from_vic(&big, 97), 0);
	assert_int_equal(dc_mode_list_add_timing(list, &big.info, DC_MODE_SOURCE_DTD, false), 0);
	assert_int_equal(dc_mode_list_add_vic(list, 118, false), 0);
	dc_mode_list_set_range(list, &range);
	assert_int_equal(dc_mode_list_finish(list), 0);

	for (size_t i = 0; i < dc_mode_list_count(list); i++) {
		const struct dc_mode *m = dc_mode_list_get(list, i);

		if (m->source == DC_MODE_SOURCE_DTD)
			seen_dtd = true;
		else if (m->source == DC_MODE_SOURCE_CTA_VIC)
			seen_vic = true;
		else
			assert_true(m->dmt_id == 0x04 || m->dmt_id == 0x33 || m->dmt_id == 0x53 ||
				    (m->source == DC_MODE_SOURCE_ESTABLISHED && !m->dmt_id &&
				     m->info.vrefresh == 70));
	}
	assert_true(seen_dtd && seen_vic);
	/* DTD (merged with VIC 97 only if listed, so alone), VIC 118 + companion, 4 others. */
	assert_int_equal(dc_mode_list_count(list), 1 + 2 + 4);
	dc_mode_list_destroy(list);
}

static void test_range_limits_cleared(void **state)
{
	struct dc_mode_list *list = new_list();
	struct dc_range_limits range = { .max_pixel_clock_khz = 1000 };

	assert_int_equal(dc_mode_list_add_dmt(list, 0x04), 0);
	dc_mode_list_set_range(list, &range);
	dc_mode_list_set_range(list, NULL);
	assert_int_equal(dc_mode_list_finish(list), 0);
	assert_int_equal(dc_mode_list_count(list), 1);
	dc_mode_list_destroy(list);
}

static void test_preferred_first_and_order(void **state)
{
	struct dc_mode_list *list = new_list();
	struct dc_mode cvt;
	struct dc_cvt_params p = { 1280, 1024, 60000, DC_CVT_RB_V1, false, false, false };
	static const struct {
		unsigned w, h;
		uint32_t mhz_min, mhz_max;
		bool interlaced;
	} order[] = {
		{ 1280, 720, 60000, 60000, false },  /* preferred */
		{ 1920, 1080, 60000, 60000, false }, /* next largest area, 60 Hz */
		{ 1920, 1080, 59940, 59940, false }, /* then its 59.94 companion */
		{ 1920, 1080, 50000, 50000, false }, /* then 50 Hz */
		{ 1920, 1080, 60000, 60000, true },  /* interlaced after all progressive */
		{ 1920, 1080, 59940, 59940, true },
		{ 1280, 1024, 75000, 75100, false }, /* same area: higher refresh first */
		{ 1280, 1024, 60000, 60100, false }, /* DMT 0x23, clock 108 MHz */
		{ 1280, 1024, 59000, 60000, false }, /* CVT-RB, clock lower */
		{ 1280, 720, 59940, 59940, false },
		{ 1024, 768, 60000, 60100, false },
	};

	assert_int_equal(dc_mode_list_add_dmt(list, 0x10), 0);
	assert_int_equal(dc_mode_list_add_dmt(list, 0x23), 0);
	assert_int_equal(dc_mode_list_add_dmt(list, 0x24), 0);
	assert_int_equal(dc_cvt_mode(&cvt, &p), 0);
	assert_int_equal(dc_mode_list_add(list, &cvt), 0);
	assert_int_equal(dc_mode_list_add_vic(list, 5, false), 0);
	assert_int_equal(dc_mode_list_add_vic(list, 31, false), 0);
	assert_int_equal(dc_mode_list_add_vic(list, 16, false), 0);
	assert_int_equal(dc_mode_list_add_vic(list, 4, true), 0);
	/* A second preferred candidate loses the flag: the first one added wins. */
	assert_int_equal(dc_mode_list_add_vic(list, 97, true), 0);
	assert_int_equal(dc_mode_list_finish(list), 0);

	/* VIC 97 (+ companion) sorts first among the rest by area. */
	const struct dc_mode *m = dc_mode_list_get(list, 0);
	assert_int_equal(m->vic, 4);
	assert_true(m->preferred);
	for (size_t i = 1; i < dc_mode_list_count(list); i++)
		assert_false(dc_mode_list_get(list, i)->preferred);
	assert_int_equal(dc_mode_list_get(list, 1)->info.hdisplay, 3840);
	assert_int_equal(dc_mode_list_get(list, 1)->refresh_mhz, 60000);
	assert_int_equal(dc_mode_list_get(list, 2)->refresh_mhz, 59940);

	assert_int_equal(dc_mode_list_count(list), 2 + sizeof(order) / sizeof(order[0]));
	for (size_t i = 1; i < sizeof(order) / sizeof(order[0]); i++) {
		m = dc_mode_list_get(list, i + 2);
		assert_int_equal(m->info.hdisplay, order[i].w);
		assert_int_equal(m->info.vdisplay, order[i].h);
		assert_in_range(m->refresh_mhz, order[i].mhz_min, order[i].mhz_max);
		assert_int_equal(!!(m->info.flags & DRM_MODE_FLAG_INTERLACE), order[i].interlaced);
	}
	dc_mode_list_destroy(list);
}

static struct dc_mode_list *tv_list(void)
{
	struct dc_mode_list *list = new_list();

	assert_int_equal(dc_mode_list_add_vic(list, 16, true), 0);  /* 1080p60 + 59.94 */
	assert_int_equal(dc_mode_list_add_vic(list, 31, false), 0); /* 1080p50 */
	assert_int_equal(dc_mode_list_add_vic(list, 5, false), 0);  /* 1080i60 + 59.94 */
	assert_int_equal(dc_mode_list_add_vic(list, 97, false), 0); /* 2160p60 + 59.94 */
	assert_int_equal(dc_mode_list_add_vic(list, 93, false), 0); /* 2160p24 + 23.976 */
	assert_int_equal(dc_mode_list_add_dmt(list, 0x10), 0);	    /* 1024x768@60 */
	return list;
}

/* dc_mode_find: the same search over a plain array; count 0 checks the string. */
static void test_find_array(void **state)
{
	struct dc_mode_list *list = tv_list();
	const struct dc_mode *m, *from_list;
	struct dc_mode modes[16];
	size_t n;

	assert_int_equal(dc_mode_list_finish(list), 0);
	n = dc_mode_list_count(list);
	assert_true(n <= 16);
	for (size_t i = 0; i < n; i++)
		modes[i] = *dc_mode_list_get(list, i);
	static const char *const specs[] = { "1920x1080@60", "3840x2160@59.9", "1024x768@60.01",
					     "1920x1080i", "3840x2160" };
	for (size_t i = 0; i < sizeof(specs) / sizeof(specs[0]); i++) {
		assert_int_equal(dc_mode_list_find(list, specs[i], &from_list), 0);
		assert_int_equal(dc_mode_find(modes, n, specs[i], &m), 0);
		/* the array's own element, at the list's position */
		size_t at = 0;

		while (dc_mode_list_get(list, at) != from_list)
			at++;
		assert_ptr_equal(m, &modes[at]);
	}
	assert_int_equal(dc_mode_find(modes, n, "1920x1080@55", &m), -ENOENT);
	assert_int_equal(dc_mode_find(NULL, 0, "1920x1080@60", &m), -ENOENT);
	assert_int_equal(dc_mode_find(NULL, 0, "1920x@60", &m), -EINVAL);
	assert_int_equal(dc_mode_find(NULL, 3, "1920x1080", &m), -EINVAL);
	dc_mode_list_destroy(list);
}

static void test_find(void **state)
{
	struct dc_mode_list *list = tv_list();
	const struct dc_mode *m;

	assert_int_equal(dc_mode_list_finish(list), 0);

	/* Exact. */
	assert_int_equal(dc_mode_list_find(list, "1920x1080@60", &m), 0);
	assert_int_equal(m->refresh_mhz, 60000);
	assert_false(m->info.flags & DRM_MODE_FLAG_INTERLACE);
	assert_int_equal(dc_mode_list_find(list, "1920x1080@50", &m), 0);
	assert_int_equal(m->vic, 31);
	/* Fractional rates: the closest within tolerance. */
	assert_int_equal(dc_mode_list_find(list, "3840x2160@59.94", &m), 0);
	assert_int_equal(m->refresh_mhz, 59940);
	assert_int_equal(dc_mode_list_find(list, "3840x2160@23.976", &m), 0);
	assert_int_equal(m->refresh_mhz, 23976);
	assert_int_equal(dc_mode_list_find(list, "3840x2160@24", &m), 0);
	assert_int_equal(m->refresh_mhz, 24000);
	assert_int_equal(dc_mode_list_find(list, "3840x2160@59.9", &m), 0);
	assert_int_equal(m->refresh_mhz, 59940);
	/* 1024x768@60 is really 60.004 Hz. */
	assert_int_equal(dc_mode_list_find(list, "1024x768@60", &m), 0);
	assert_int_equal(m->dmt_id, 0x10);
	assert_int_equal(dc_mode_list_find(list, "1024x768@60.004", &m), 0);
	/* 0.1 % of the rate is the least tolerance: 60.01 is 0.006 Hz away, 60.1 too far. */
	assert_int_equal(dc_mode_list_find(list, "1024x768@60.01", &m), 0);
	assert_int_equal(dc_mode_list_find(list, "1024x768@60.1", &m), -ENOENT);
	assert_int_equal(dc_mode_list_find(list, "1920x1080@55", &m), -ENOENT);
	assert_int_equal(dc_mode_list_find(list, "3840x2160@30", &m), -ENOENT);
	/* Interlace. */
	assert_int_equal(dc_mode_list_find(list, "1920x1080i@60", &m), 0);
	assert_true(m->info.flags & DRM_MODE_FLAG_INTERLACE);
	assert_int_equal(m->refresh_mhz, 60000);
	assert_int_equal(dc_mode_list_find(list, "1920x1080i", &m), 0);
	assert_true(m->info.flags & DRM_MODE_FLAG_INTERLACE);
	assert_int_equal(dc_mode_list_find(list, "1024x768i", &m), -ENOENT);
	/* No rate: the first in list order (the preferred 60 Hz one here). */
	assert_int_equal(dc_mode_list_find(list, "1920x1080", &m), 0);
	assert_true(m->preferred);
	assert_int_equal(dc_mode_list_find(list, "3840x2160", &m), 0);
	assert_int_equal(m->refresh_mhz, 60000);
	/* Not found. */
	assert_int_equal(dc_mode_list_find(list, "1280x720@60", &m), -ENOENT);
	assert_int_equal(dc_mode_list_find(list, "1920x1200", &m), -ENOENT);
	dc_mode_list_destroy(list);
}

static void test_find_malformed(void **state)
{
	static const char *const bad[] = {
		"",
		"x",
		"1920",
		"1920x",
		"x1080",
		"1920x1080@",
		"1920x1080@60.",
		"1920x1080@.5",
		"1920x1080@60.1234",
		"1920X1080",
		"1920x1080 ",
		" 1920x1080",
		"1920x1080p",
		"1920x1080ii",
		"0x1080",
		"1920x0",
		"1920x1080@0",
		"99999x1080",
		"1920x1080@-60",
		"1920x1080@60Hz",
		"1920*1080",
		"1920x1080@99999",
		"+1920x1080",
	};
	struct dc_mode_list *list = tv_list();
	const struct dc_mode *m = NULL;

	assert_int_equal(dc_mode_list_finish(list), 0);
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		if (dc_mode_list_find(list, bad[i], &m) != -EINVAL)
			fail_msg("\"%s\" was not refused", bad[i]);
	}
	assert_null(m);
	assert_int_equal(dc_mode_list_find(list, NULL, &m), -EINVAL);
	assert_int_equal(dc_mode_list_find(NULL, "1920x1080", &m), -EINVAL);
	dc_mode_list_destroy(list);
}

/* Before finish() the list is searched in insertion order. */
static void test_find_unfinished(void **state)
{
	struct dc_mode_list *list = new_list();
	const struct dc_mode *m;

	assert_int_equal(dc_mode_list_add_vic(list, 31, false), 0);
	assert_int_equal(dc_mode_list_add_vic(list, 16, false), 0);
	assert_int_equal(dc_mode_list_find(list, "1920x1080", &m), 0);
	assert_int_equal(m->vic, 31);
	dc_mode_list_destroy(list);
	dc_mode_list_destroy(NULL);
}

static void test_add_errors(void **state)
{
	struct dc_mode_list *list = new_list();
	struct drm_mode_modeinfo broken = dtd_1080p60();

	broken.htotal = 1000; /* smaller than the active width */
	assert_int_equal(dc_mode_list_add_timing(list, &broken, DC_MODE_SOURCE_DTD, true), -EINVAL);
	assert_int_equal(dc_mode_list_add_vic(list, 0, false), -ENOENT);
	assert_int_equal(dc_mode_list_add_vic(list, 128, false), -ENOENT);
	assert_int_equal(dc_mode_list_add_dmt(list, 0x59), -ENOENT);
	assert_int_equal(dc_mode_list_add_established(list, 20), -ENOENT);
	assert_int_equal(dc_mode_list_add_established3(list, 50), -ENOENT);
	assert_int_equal(dc_mode_list_add_std(list, 1920, 1080, 75, DC_STD_DMT_ONLY, false, NULL),
			 -ENOENT);
	assert_int_equal(dc_mode_list_count(list), 0);
	/* A hostile number of candidates is bounded, not an unbounded allocation. */
	int ret = 0;
	for (unsigned i = 0; i < 5000 && ret == 0; i++)
		ret = dc_mode_list_add_dmt(list, 0x10);
	assert_int_equal(ret, -ENOSPC);
	assert_int_equal(dc_mode_list_finish(list), 0);
	assert_int_equal(dc_mode_list_count(list), 1);
	dc_mode_list_destroy(list);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_merge_duplicates),
		cmocka_unit_test(test_merge_aspect),
		cmocka_unit_test(test_range_limits),
		cmocka_unit_test(test_range_limits_cleared),
		cmocka_unit_test(test_preferred_first_and_order),
		cmocka_unit_test(test_find),
		cmocka_unit_test(test_find_array),
		cmocka_unit_test(test_find_malformed),
		cmocka_unit_test(test_find_unfinished),
		cmocka_unit_test(test_add_errors),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
