/* First-fit IOVA allocation over a set of usable ranges (see iova.h). */
#include <errno.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "iova.h"

static int cmp_range(const void *a, const void *b)
{
	const struct dcv_iova_range *ra = a, *rb = b;

	if (ra->first != rb->first)
		return ra->first < rb->first ? -1 : 1;
	return 0;
}

int dcv_iova_init(struct dcv_iova_space *space, const struct dcv_iova_range *ranges, size_t n,
		  uint64_t base, uint64_t size)
{
	memset(space, 0, sizeof(*space));
	if (size == 0 || base + (size - 1) < base)
		return -EINVAL;
	uint64_t wlast = base + (size - 1);

	space->usable = calloc(n ? n : 1, sizeof(*space->usable));
	if (!space->usable)
		return -ENOMEM;
	for (size_t i = 0; i < n; i++) {
		uint64_t first = ranges[i].first > base ? ranges[i].first : base;
		uint64_t last = ranges[i].last < wlast ? ranges[i].last : wlast;

		if (ranges[i].first <= ranges[i].last && first <= last)
			space->usable[space->n_usable++] = (struct dcv_iova_range){ first, last };
	}
	qsort(space->usable, space->n_usable, sizeof(*space->usable), cmp_range);
	/* Merge overlapping or touching ranges so a fit can span them. */
	size_t out = 0;
	for (size_t i = 0; i < space->n_usable; i++) {
		struct dcv_iova_range r = space->usable[i];

		if (out && (space->usable[out - 1].last == UINT64_MAX ||
			    r.first <= space->usable[out - 1].last + 1)) {
			if (r.last > space->usable[out - 1].last)
				space->usable[out - 1].last = r.last;
		} else {
			space->usable[out++] = r;
		}
	}
	space->n_usable = out;
	if (out == 0) {
		dcv_iova_fini(space);
		return -ENOSPC;
	}
	return 0;
}

void dcv_iova_fini(struct dcv_iova_space *space)
{
	free(space->usable);
	free(space->used);
	memset(space, 0, sizeof(*space));
}

/* Rounds v up to align; false when that overflows. */
static int align_up(uint64_t v, uint64_t align, uint64_t *out)
{
	uint64_t r = (v + (align - 1)) & ~(align - 1);

	if (r < v)
		return 0;
	*out = r;
	return 1;
}

/* Places size bytes at the lowest aligned address in the free gap [first, last]. */
static int fit_in(uint64_t first, uint64_t last, uint64_t size, uint64_t align, uint64_t *iova)
{
	uint64_t start;

	if (!align_up(first, align, &start) || start > last)
		return 0;
	if (last - start < size - 1)
		return 0;
	*iova = start;
	return 1;
}

/* Room for one more used extent. */
static int grow_used(struct dcv_iova_space *space)
{
	size_t cap = space->cap_used ? space->cap_used * 2 : 16;
	struct dcv_iova_extent *u;

	if (space->n_used < space->cap_used)
		return 0;
	u = realloc(space->used, cap * sizeof(*u));
	if (!u)
		return -ENOMEM;
	space->used = u;
	space->cap_used = cap;
	return 0;
}

int dcv_iova_alloc(struct dcv_iova_space *space, uint64_t size, uint64_t align, uint64_t *iova)
{
	if (size == 0 || align == 0 || (align & (align - 1)))
		return -EINVAL;
	if (grow_used(space) < 0)
		return -ENOMEM;

	size_t k = 0; /* first used extent not yet passed */
	for (size_t i = 0; i < space->n_usable; i++) {
		uint64_t gap_first = space->usable[i].first;
		uint64_t range_last = space->usable[i].last;

		while (k < space->n_used &&
		       space->used[k].start + space->used[k].size - 1 < gap_first)
			k++;
		/* Walk the gaps between used extents inside this range. */
		for (;;) {
			uint64_t gap_last = range_last;
			int more = k < space->n_used && space->used[k].start <= range_last;

			if (more && space->used[k].start > gap_first)
				gap_last = space->used[k].start - 1;
			if ((!more || space->used[k].start > gap_first) &&
			    fit_in(gap_first, gap_last, size, align, iova)) {
				memmove(&space->used[k + 1], &space->used[k],
					(space->n_used - k) * sizeof(*space->used));
				space->used[k] = (struct dcv_iova_extent){ *iova, size };
				space->n_used++;
				return 0;
			}
			if (!more)
				break;
			uint64_t end = space->used[k].start + space->used[k].size - 1;
			k++;
			if (end >= range_last)
				break;
			gap_first = end + 1;
		}
	}
	return -ENOSPC;
}

int dcv_iova_reserve(struct dcv_iova_space *space, uint64_t iova, uint64_t size)
{
	uint64_t last = iova + size - 1;
	bool usable = false;
	size_t k = 0;

	if (size == 0 || last < iova)
		return -EINVAL;
	for (size_t i = 0; i < space->n_usable; i++)
		usable |= space->usable[i].first <= iova && last <= space->usable[i].last;
	if (!usable)
		return -ERANGE;
	while (k < space->n_used && space->used[k].start + space->used[k].size - 1 < iova)
		k++;
	if (k < space->n_used && space->used[k].start <= last)
		return -EEXIST;
	if (grow_used(space) < 0)
		return -ENOMEM;
	memmove(&space->used[k + 1], &space->used[k], (space->n_used - k) * sizeof(*space->used));
	space->used[k] = (struct dcv_iova_extent){ iova, size };
	space->n_used++;
	return 0;
}

int dcv_iova_lookup(const struct dcv_iova_space *space, uint64_t iova, uint64_t *size)
{
	for (size_t i = 0; i < space->n_used; i++) {
		if (space->used[i].start == iova) {
			*size = space->used[i].size;
			return 0;
		}
	}
	return -ENOENT;
}

int dcv_iova_free(struct dcv_iova_space *space, uint64_t iova, uint64_t *size)
{
	for (size_t i = 0; i < space->n_used; i++) {
		if (space->used[i].start != iova)
			continue;
		if (size)
			*size = space->used[i].size;
		memmove(&space->used[i], &space->used[i + 1],
			(space->n_used - i - 1) * sizeof(*space->used));
		space->n_used--;
		return 0;
	}
	return -ENOENT;
}
