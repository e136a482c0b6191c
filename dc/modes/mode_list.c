/*
 * A sink's mode list: candidates from any source go in, finish() merges
 * duplicates, applies the range limits and sorts. The list knows nothing
 * of EDID structures; the EDID glue feeds it DTDs as full timings and the
 * codes (standard timings, established bits, VICs) through the lookups.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "dc_modes.h"
#include "modes_internal.h"

struct dc_mode_entry {
	struct dc_mode mode;
	size_t seq; /* insertion order: ties in sorting, "first preferred" */
};

struct dc_mode_list {
	struct dc_mode_entry *entries;
	size_t count, capacity;
	size_t next_seq;
	bool finished;
	bool has_range;
	struct dc_range_limits range;
};

/* No sink lists this many modes; the cap keeps a hostile EDID bounded. */
#define MODE_LIST_MAX 4096

int dc_mode_list_create(struct dc_mode_list **out)
{
	struct dc_mode_list *list = calloc(1, sizeof(*list));

	if (!list)
		return -ENOMEM;
	*out = list;
	return 0;
}

void dc_mode_list_destroy(struct dc_mode_list *list)
{
	if (!list)
		return;
	free(list->entries);
	free(list);
}

int dc_mode_list_add(struct dc_mode_list *list, const struct dc_mode *mode)
{
	struct dc_mode_entry *e;

	if (list->finished)
		return -EBUSY;
	if (dc_mode_check_timing(&mode->info))
		return -EINVAL;
	if (list->count == list->capacity) {
		size_t cap = list->capacity ? 2 * list->capacity : 32;

		if (list->count >= MODE_LIST_MAX)
			return -ENOSPC;
		e = realloc(list->entries, cap * sizeof(*e));
		if (!e)
			return -ENOMEM;
		list->entries = e;
		list->capacity = cap;
	}
	e = &list->entries[list->count++];
	e->mode = *mode;
	e->seq = list->next_seq++;
	return 0;
}

int dc_mode_list_add_timing(struct dc_mode_list *list, const struct drm_mode_modeinfo *info,
			    enum dc_mode_source source, bool preferred)
{
	struct dc_mode mode;
	int ret = dc_mode_from_timing(&mode, info, source, preferred);

	return ret ? ret : dc_mode_list_add(list, &mode);
}

int dc_mode_list_add_dmt(struct dc_mode_list *list, unsigned dmt_id)
{
	struct dc_mode mode;
	int ret = dc_mode_from_dmt_id(&mode, dmt_id);

	return ret ? ret : dc_mode_list_add(list, &mode);
}

int dc_mode_list_add_established(struct dc_mode_list *list, unsigned bit)
{
	struct dc_mode mode;
	int ret = dc_mode_from_established(&mode, bit);

	return ret ? ret : dc_mode_list_add(list, &mode);
}

int dc_mode_list_add_established3(struct dc_mode_list *list, unsigned bit)
{
	struct dc_mode mode;
	int ret = dc_mode_from_established3(&mode, bit);

	return ret ? ret : dc_mode_list_add(list, &mode);
}

int dc_mode_list_add_std(struct dc_mode_list *list, unsigned width, unsigned height,
			 unsigned refresh_hz, enum dc_std_formula formula, bool prefer_rb,
			 const struct dc_gtf_secondary *gtf2)
{
	struct dc_mode mode;
	int ret = dc_mode_from_std(&mode, width, height, refresh_hz, formula, prefer_rb, gtf2);

	return ret ? ret : dc_mode_list_add(list, &mode);
}

int dc_mode_list_add_vic(struct dc_mode_list *list, unsigned vic, bool preferred)
{
	struct dc_mode mode, fractional;
	int ret = dc_mode_from_vic(&mode, vic);

	if (ret)
		return ret;
	dc_mode_set_preferred(&mode, preferred);
	ret = dc_mode_list_add(list, &mode);
	if (ret)
		return ret;
	if (dc_mode_vic_fractional(&fractional, &mode) == 0)
		ret = dc_mode_list_add(list, &fractional);
	return ret;
}

void dc_mode_list_set_range(struct dc_mode_list *list, const struct dc_range_limits *range)
{
	list->has_range = range != NULL;
	if (range)
		list->range = *range;
}

/* Folds the duplicate src into dst: the better source's timing wins, metadata is kept. */
static void merge_into(struct dc_mode_entry *dst, const struct dc_mode_entry *src)
{
	struct dc_mode keep = dst->mode;
	const struct dc_mode *other = &src->mode;
	bool preferred = keep.preferred || other->preferred;
	bool y420 = keep.ycbcr420 || other->ycbcr420;
	bool y420_only = keep.ycbcr420_only && other->ycbcr420_only;

	if (other->source > keep.source) {
		keep = *other;
		other = &dst->mode;
	}
	if (!keep.dmt_id)
		keep.dmt_id = other->dmt_id;
	if (!keep.vic && other->vic) {
		keep.vic = other->vic;
		keep.pixel_repetition = other->pixel_repetition;
		keep.pixel_repetition_allowed = other->pixel_repetition_allowed;
	}
	if (keep.picture_aspect == DC_PIC_AR_NONE && other->picture_aspect != DC_PIC_AR_NONE) {
		keep.picture_aspect = other->picture_aspect;
		keep.info.flags |= dc_picture_aspect_flags(other->picture_aspect);
	}
	dc_mode_set_preferred(&keep, preferred);
	keep.ycbcr420 = y420;
	keep.ycbcr420_only = y420_only;
	dst->mode = keep;
	if (src->seq < dst->seq)
		dst->seq = src->seq;
}

static void merge_duplicates(struct dc_mode_list *list)
{
	size_t kept = 0;

	for (size_t i = 0; i < list->count; i++) {
		size_t j;

		for (j = 0; j < kept; j++) {
			if (dc_mode_same_timing(&list->entries[j].mode, &list->entries[i].mode))
				break;
		}
		if (j < kept)
			merge_into(&list->entries[j], &list->entries[i]);
		else
			list->entries[kept++] = list->entries[i];
	}
	list->count = kept;
}

/* The sink spelled these timings out; range limits describe everything else. */
static bool range_applies(enum dc_mode_source source)
{
	return source != DC_MODE_SOURCE_DTD && source != DC_MODE_SOURCE_DISPLAYID &&
	       source != DC_MODE_SOURCE_CTA_VIC;
}

static bool in_range(const struct dc_mode *mode, const struct dc_range_limits *r)
{
	uint64_t clock = mode->info.clock, htotal = mode->info.htotal;

	if (r->min_vfreq_hz && mode->refresh_mhz < (uint64_t)r->min_vfreq_hz * 1000)
		return false;
	if (r->max_vfreq_hz && mode->refresh_mhz > (uint64_t)r->max_vfreq_hz * 1000)
		return false;
	/* Line rate clock / htotal in kHz, compared exactly. */
	if (r->min_hfreq_khz && clock < (uint64_t)r->min_hfreq_khz * htotal)
		return false;
	if (r->max_hfreq_khz && clock > (uint64_t)r->max_hfreq_khz * htotal)
		return false;
	if (r->max_pixel_clock_khz && clock > r->max_pixel_clock_khz)
		return false;
	return true;
}

static void apply_range(struct dc_mode_list *list)
{
	size_t kept = 0;

	for (size_t i = 0; i < list->count; i++) {
		const struct dc_mode *m = &list->entries[i].mode;

		if (range_applies(m->source) && !in_range(m, &list->range))
			continue;
		list->entries[kept++] = list->entries[i];
	}
	list->count = kept;
}

/* Only the first mode added as preferred stays preferred. */
static void single_preferred(struct dc_mode_list *list)
{
	struct dc_mode_entry *first = NULL;

	for (size_t i = 0; i < list->count; i++) {
		struct dc_mode_entry *e = &list->entries[i];

		if (e->mode.preferred && (!first || e->seq < first->seq))
			first = e;
	}
	for (size_t i = 0; i < list->count; i++)
		dc_mode_set_preferred(&list->entries[i].mode, &list->entries[i] == first);
}

#define CMP(a, b) ((a) < (b) ? -1 : (a) > (b) ? 1 : 0)

static int compare_entries(const void *pa, const void *pb)
{
	const struct dc_mode_entry *ea = pa, *eb = pb;
	const struct dc_mode *a = &ea->mode, *b = &eb->mode;
	uint64_t area_a = (uint64_t)a->info.hdisplay * a->info.vdisplay;
	uint64_t area_b = (uint64_t)b->info.hdisplay * b->info.vdisplay;
	bool il_a = a->info.flags & DRM_MODE_FLAG_INTERLACE;
	bool il_b = b->info.flags & DRM_MODE_FLAG_INTERLACE;
	int c;

	if ((c = CMP(b->preferred, a->preferred)) || (c = CMP(area_b, area_a)) ||
	    (c = CMP(b->info.hdisplay, a->info.hdisplay)) || (c = CMP(il_a, il_b)) ||
	    (c = CMP(b->refresh_mhz, a->refresh_mhz)) || (c = CMP(b->source, a->source)) ||
	    (c = CMP(b->info.clock, a->info.clock)))
		return c;
	return CMP(ea->seq, eb->seq);
}

int dc_mode_list_finish(struct dc_mode_list *list)
{
	if (list->finished)
		return -EBUSY;
	merge_duplicates(list);
	if (list->has_range)
		apply_range(list);
	single_preferred(list);
	if (list->count)
		qsort(list->entries, list->count, sizeof(list->entries[0]), compare_entries);
	list->finished = true;
	return 0;
}

size_t dc_mode_list_count(const struct dc_mode_list *list)
{
	return list->count;
}

const struct dc_mode *dc_mode_list_get(const struct dc_mode_list *list, size_t i)
{
	return i < list->count ? &list->entries[i].mode : NULL;
}
