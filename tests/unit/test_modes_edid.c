/*
 * dc_mode_list_from_edid on real EDIDs (tests/data/edid): the preferred
 * mode is the first DTD and comes first, VIC-only modes appear with their
 * 4:2:0 flags, HDMI VICs are mapped, range limits drop listed modes above
 * the sink's maximum clock, and over the whole corpus no list holds a
 * timing twice and the order is the documented one.
 */
#include <dirent.h>
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
#include "dc_modes.h"

static struct dc_edid *load(const char *name)
{
	char path[512];
	uint8_t buf[65536];
	struct dc_edid *edid;
	size_t n;
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", DC_TEST_EDID_DIR, name);
	f = fopen(path, "rb");
	if (!f)
		fail_msg("cannot open %s", path);
	n = fread(buf, 1, sizeof(buf), f);
	fclose(f);
	assert_int_equal(dc_edid_parse(buf, n, &edid), 0);
	return edid;
}

static struct dc_mode_list *modes_of(const struct dc_edid *edid)
{
	struct dc_mode_list *list = NULL;

	assert_int_equal(dc_mode_list_from_edid(edid, &list), 0);
	assert_non_null(list);
	return list;
}

static const struct dc_mode *find(const struct dc_mode_list *list, const char *spec)
{
	const struct dc_mode *m = NULL;

	return dc_mode_list_find(list, spec, &m) == 0 ? m : NULL;
}

/* The mode with that VIC, or that spec; fails the test when there is none. */
static const struct dc_mode *need_vic(const struct dc_mode_list *list, unsigned vic)
{
	static const struct dc_mode none;

	for (size_t i = 0; i < dc_mode_list_count(list); i++) {
		if (dc_mode_list_get(list, i)->vic == vic)
			return dc_mode_list_get(list, i);
	}
	fail_msg("no mode with VIC %u", vic);
	return &none;
}

static const struct dc_mode *need(const struct dc_mode_list *list, const char *spec)
{
	static const struct dc_mode none;
	const struct dc_mode *m = find(list, spec);

	if (!m)
		fail_msg("no mode %s", spec);
	return m ? m : &none;
}

/*
 * The timing the EDID flags as preferred, as a mode; false when it flags
 * none (EDID before 1.3 without feature bit 1) or it does not convert.
 */
static bool preferred_mode(const struct dc_edid *edid, struct dc_mode *out)
{
	const struct dc_edid_timing *t = dc_edid_preferred_timing(edid);
	struct drm_mode_modeinfo info;

	return t && t->preferred && !dc_edid_timing_to_modeinfo(t, &info) &&
	       !dc_mode_from_timing(out, &info, DC_MODE_SOURCE_DTD, true);
}

static void test_hdmi20_monitor(void **state)
{
	struct dc_edid *edid = load("Dell-DEL4284-ab750b39.bin");
	struct dc_mode_list *list = modes_of(edid);
	const struct dc_mode *first = dc_mode_list_get(list, 0), *m;
	struct dc_mode dtd1;

	/* the first DTD, 3840x2160@60 at 594 MHz, is preferred and first */
	assert_true(preferred_mode(edid, &dtd1));
	assert_true(dc_mode_same_timing(first, &dtd1));
	assert_true(first->preferred);
	assert_int_equal(first->source, DC_MODE_SOURCE_DTD);
	/* ... and it is VIC 97, which the 4:2:0 Capability Map marks */
	assert_int_equal(first->vic, 97);
	assert_true(first->ycbcr420);
	assert_false(first->ycbcr420_only);
	for (size_t i = 1; i < dc_mode_list_count(list); i++)
		assert_false(dc_mode_list_get(list, i)->preferred);
	/* VIC 118 (4K120) only from the 4:2:0 Video Data Block: 4:2:0 only */
	m = need_vic(list, 118);
	assert_int_equal(m->info.clock, 1188000);
	assert_true(m->ycbcr420_only);
	assert_true(m->ycbcr420);
	/* a plain VIC carries no 4:2:0 flag */
	m = need_vic(list, 16);
	assert_false(m->ycbcr420);
	/* 59.94 Hz companions of the 60 Hz VICs */
	assert_non_null(find(list, "3840x2160@59.94"));
	dc_mode_list_destroy(list);
	dc_edid_destroy(edid);
}

static void test_vic_only_4k(void **state)
{
	struct dc_edid *edid = load("AOpen-AOP091C-2d23cc8a.bin");
	struct dc_mode_list *list = modes_of(edid);
	const struct dc_mode *first = dc_mode_list_get(list, 0), *uhd;

	for (size_t i = 0; i < edid->num_dtds; i++)
		assert_int_not_equal(edid->dtds[i].hactive, 3840);
	assert_int_equal(first->info.hdisplay, 1920);
	assert_int_equal(first->info.clock, 148500);
	assert_true(first->preferred);
	uhd = need(list, "3840x2160@60");
	assert_int_equal(uhd->vic, 97);
	assert_int_equal(uhd->source, DC_MODE_SOURCE_CTA_VIC);
	assert_int_equal(uhd->info.clock, 594000);
	/* larger area sorts right after the preferred mode */
	assert_int_equal(dc_mode_list_get(list, 1)->info.hdisplay, 3840);
	dc_mode_list_destroy(list);
	dc_edid_destroy(edid);
}

static void test_hdmi_vics(void **state)
{
	struct dc_edid *edid = load("Toshiba-TSB2017-dae8e7dc.bin");
	struct dc_mode_list *list = modes_of(edid);
	bool listed = false;
	const struct dc_mode *m;

	for (size_t i = 0; i < edid->cta.num_svds; i++)
		listed |= edid->cta.svds[i].vic == 98;
	assert_false(listed);
	/* HDMI_VIC 4 of the HDMI VSDB is 4096x2160@24, CTA VIC 98 */
	m = need(list, "4096x2160@24");
	assert_int_equal(m->vic, 98);
	dc_mode_list_destroy(list);
	dc_edid_destroy(edid);
}

static void test_range_limits_drop(void **state)
{
	struct dc_edid *edid = load("Medion-MED5736-d486c913.bin");
	struct dc_mode_list *list = modes_of(edid);
	struct dc_mode est;

	/* established timing 1280x1024@75 (135 MHz) is listed, the range says 130 MHz */
	assert_true(edid->established & (1u << 15));
	assert_int_equal(dc_mode_from_established(&est, 15), 0);
	assert_int_equal(est.info.clock, 135000);
	assert_true(edid->base.range.present);
	assert_int_equal(edid->base.range.max_pixel_clock_mhz, 130);
	assert_null(find(list, "1280x1024@75"));
	assert_non_null(find(list, "1280x1024@60")); /* 108 MHz stays */
	dc_mode_list_destroy(list);
	dc_edid_destroy(edid);

	/* a standard timing: 1920x1200@60 (DMT, 193.25 MHz) over a 170 MHz limit */
	edid = load("NEC-NEC674F-443faf2a.bin");
	list = modes_of(edid);
	assert_int_equal(edid->base.range.max_pixel_clock_mhz, 170);
	for (size_t i = 0; i < dc_mode_list_count(list); i++) {
		const struct dc_mode *m = dc_mode_list_get(list, i);

		if (m->info.hdisplay == 1920 && m->info.vdisplay == 1200)
			assert_int_equal(m->info.clock, 154000); /* only its reduced-blanking DTD */
	}
	assert_int_equal(need(list, "1920x1200@60")->source, DC_MODE_SOURCE_DTD);
	dc_mode_list_destroy(list);
	dc_edid_destroy(edid);
}

/* Every EDID of the corpus: no duplicate timing, preferred first, documented order. */
static void test_corpus_lists(void **state)
{
	DIR *dir = opendir(DC_TEST_EDID_DIR);
	struct dirent *ent;
	unsigned files = 0, with_preferred = 0;

	assert_non_null(dir);
	while ((ent = readdir(dir))) {
		size_t len = strlen(ent->d_name);
		struct dc_mode_list *list;
		struct dc_mode pref;
		struct dc_edid *edid;
		size_t n;

		if (len < 4 || strcmp(ent->d_name + len - 4, ".bin"))
			continue;
		edid = load(ent->d_name);
		list = modes_of(edid);
		n = dc_mode_list_count(list);
		files++;
		for (size_t i = 0; i < n; i++) {
			const struct dc_mode *a = dc_mode_list_get(list, i);

			for (size_t j = i + 1; j < n; j++) {
				if (dc_mode_same_timing(a, dc_mode_list_get(list, j)))
					fail_msg("%s: modes %zu and %zu have the same timing",
						 ent->d_name, i, j);
			}
			if (i > 0 && a->preferred)
				fail_msg("%s: mode %zu is preferred but not first", ent->d_name, i);
			if (i > 1 || (i == 1 && !dc_mode_list_get(list, 0)->preferred)) {
				const struct dc_mode *b = dc_mode_list_get(list, i - 1);
				uint64_t area_a = (uint64_t)a->info.hdisplay * a->info.vdisplay;
				uint64_t area_b = (uint64_t)b->info.hdisplay * b->info.vdisplay;

				if (area_a > area_b)
					fail_msg("%s: mode %zu is larger than mode %zu",
						 ent->d_name, i, i - 1);
			}
		}
		if (preferred_mode(edid, &pref) && !dc_mode_check_timing(&pref.info)) {
			with_preferred++;
			assert_true(n > 0);
			if (!dc_mode_same_timing(dc_mode_list_get(list, 0), &pref) ||
			    !dc_mode_list_get(list, 0)->preferred)
				fail_msg("%s: the first mode is not the preferred timing",
					 ent->d_name);
		}
		dc_mode_list_destroy(list);
		dc_edid_destroy(edid);
	}
	closedir(dir);
	assert_int_equal(files, 400);
	print_message("%u EDIDs, %u with a preferred timing first\n", files, with_preferred);
	assert_true(with_preferred > 390);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_hdmi20_monitor), cmocka_unit_test(test_vic_only_4k),
		cmocka_unit_test(test_hdmi_vics),      cmocka_unit_test(test_range_limits_drop),
		cmocka_unit_test(test_corpus_lists),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
