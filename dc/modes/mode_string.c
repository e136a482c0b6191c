/*
 * Mode strings for people: "WxH[i][@R]" as dcctl takes them, matched
 * against a mode list. The grammar is strict so a typo is an error rather
 * than a surprise: decimal sizes, an optional "i", an optional refresh
 * rate in Hz with at most three decimals, nothing else.
 */
#include <errno.h>
#include <stdlib.h>

#include "dc_modes.h"

struct mode_spec {
	unsigned width, height;
	bool interlaced;
	bool has_refresh;
	uint64_t refresh_mhz;
	unsigned decimals;
};

/* Reads 1..max_digits decimal digits. */
static bool parse_uint(const char **s, unsigned max_digits, uint64_t *value)
{
	unsigned n = 0;

	*value = 0;
	while (**s >= '0' && **s <= '9') {
		if (++n > max_digits)
			return false;
		*value = *value * 10 + (uint64_t)(**s - '0');
		(*s)++;
	}
	return n > 0;
}

static int parse_spec(const char *s, struct mode_spec *spec)
{
	uint64_t w, h, hz, frac = 0;

	*spec = (struct mode_spec){ 0 };
	if (!parse_uint(&s, 5, &w) || *s++ != 'x' || !parse_uint(&s, 5, &h))
		return -EINVAL;
	if (!w || !h || w > UINT16_MAX || h > UINT16_MAX)
		return -EINVAL;
	spec->width = (unsigned)w;
	spec->height = (unsigned)h;
	if (*s == 'i') {
		spec->interlaced = true;
		s++;
	}
	if (*s == '@') {
		s++;
		if (!parse_uint(&s, 4, &hz))
			return -EINVAL;
		if (*s == '.') {
			const char *start = ++s;

			if (!parse_uint(&s, 3, &frac))
				return -EINVAL;
			spec->decimals = (unsigned)(s - start);
			for (unsigned d = spec->decimals; d < 3; d++)
				frac *= 10;
		}
		spec->has_refresh = true;
		spec->refresh_mhz = hz * 1000 + frac;
		if (!spec->refresh_mhz)
			return -EINVAL;
	}
	return *s ? -EINVAL : 0;
}

/* The i-th mode of a list or of an array: what the search runs over. */
typedef const struct dc_mode *(*mode_at_fn)(const void *modes, size_t i);

static const struct dc_mode *list_at(const void *modes, size_t i)
{
	return dc_mode_list_get(modes, i);
}

static const struct dc_mode *array_at(const void *modes, size_t i)
{
	return &((const struct dc_mode *)modes)[i];
}

static int find(mode_at_fn at, const void *modes, size_t count, const char *str,
		const struct dc_mode **out)
{
	static const uint64_t half_unit_x2[] = { 1000, 100, 10, 1 };
	const struct dc_mode *best = NULL;
	uint64_t best_diff = 0, tolerance_x2 = 0;
	struct mode_spec spec;
	int ret;

	if (!str || !out)
		return -EINVAL;
	ret = parse_spec(str, &spec);
	if (ret)
		return ret;
	if (spec.has_refresh) {
		/* In units of 0.5 mHz: half a unit of the last digit, or 0.1 %. */
		tolerance_x2 = half_unit_x2[spec.decimals];
		if (2 * spec.refresh_mhz / 1000 > tolerance_x2)
			tolerance_x2 = 2 * spec.refresh_mhz / 1000;
	}

	for (size_t i = 0; i < count; i++) {
		const struct dc_mode *m = at(modes, i);
		bool interlaced = m->info.flags & DRM_MODE_FLAG_INTERLACE;
		uint64_t diff;

		if (m->info.hdisplay != spec.width || m->info.vdisplay != spec.height ||
		    interlaced != spec.interlaced)
			continue;
		if (!spec.has_refresh) {
			*out = m;
			return 0;
		}
		diff = m->refresh_mhz > spec.refresh_mhz ? m->refresh_mhz - spec.refresh_mhz
							 : spec.refresh_mhz - m->refresh_mhz;
		if (2 * diff > tolerance_x2 || (best && diff >= best_diff))
			continue;
		best = m;
		best_diff = diff;
	}
	if (!best)
		return -ENOENT;
	*out = best;
	return 0;
}

int dc_mode_list_find(const struct dc_mode_list *list, const char *str, const struct dc_mode **out)
{
	if (!list)
		return -EINVAL;
	return find(list_at, list, dc_mode_list_count(list), str, out);
}

int dc_mode_find(const struct dc_mode *modes, size_t count, const char *str,
		 const struct dc_mode **out)
{
	if (!modes && count)
		return -EINVAL;
	return find(array_at, modes, count, str, out);
}
