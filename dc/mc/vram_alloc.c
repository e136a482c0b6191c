/*
 * The VRAM allocator: a sorted list of free ranges, first fit from the
 * lowest offset, merged with both neighbours on free. Scanout buffers are
 * few (two per plane, one per cursor) and large, so a list beats a tree
 * here, and first fit keeps long-lived buffers low and the top free for
 * the next large one. No hardware access: the caller maps offsets to MC
 * addresses (dc_vram_view.fb_base + offset) and to the BAR.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dc_vram.h"

static uint64_t round_up(uint64_t v, uint64_t a)
{
	return (v + a - 1) & ~(a - 1);
}

int dc_vram_init(struct dc_vram *v, uint64_t size)
{
	memset(v, 0, sizeof(*v));
	size &= ~(uint64_t)(DC_VRAM_ALIGN - 1);
	if (!size)
		return -EINVAL;
	v->free = malloc(sizeof(*v->free) * 8);
	if (!v->free)
		return -ENOMEM;
	v->cap = 8;
	v->size = size;
	v->free[0] = (struct dc_vram_range){ 0, size };
	v->nfree = 1;
	return 0;
}

void dc_vram_fini(struct dc_vram *v)
{
	free(v->free);
	memset(v, 0, sizeof(*v));
}

/* Room for one more free range (a split or a hole). */
static int grow(struct dc_vram *v)
{
	struct dc_vram_range *p;

	if (v->nfree < v->cap)
		return 0;
	p = realloc(v->free, sizeof(*p) * v->cap * 2);
	if (!p)
		return -ENOMEM;
	v->free = p;
	v->cap *= 2;
	return 0;
}

/* Cuts [off, off + size) out of free range i, which holds it. */
static int carve(struct dc_vram *v, unsigned i, uint64_t off, uint64_t size)
{
	struct dc_vram_range *f = &v->free[i];
	uint64_t head = off - f->offset, tail = f->offset + f->size - (off + size);

	if (head && tail) {
		if (grow(v) < 0)
			return -ENOMEM;
		f = &v->free[i];
		memmove(&v->free[i + 2], &v->free[i + 1], sizeof(*f) * (v->nfree - i - 1));
		v->free[i + 1] = (struct dc_vram_range){ off + size, tail };
		f->size = head;
		v->nfree++;
	} else if (head) {
		f->size = head;
	} else if (tail) {
		f->offset = off + size;
		f->size = tail;
	} else {
		memmove(f, f + 1, sizeof(*f) * (v->nfree - i - 1));
		v->nfree--;
	}
	v->used += size;
	v->count++;
	return 0;
}

static const char *mib(char *buf, size_t n, uint64_t bytes)
{
	snprintf(buf, n, "%.1f MiB", (double)bytes / (1u << 20));
	return buf;
}

int dc_vram_alloc(struct dc_vram *v, uint64_t size, uint64_t align, uint64_t *offset, char *why,
		  size_t why_size)
{
	char a[32], b[32], c[32], d[32];

	if (!size || size > v->size || (align & (align - 1)))
		goto nospace;
	size = round_up(size, DC_VRAM_ALIGN);
	if (align < DC_VRAM_ALIGN)
		align = DC_VRAM_ALIGN;
	for (unsigned i = 0; i < v->nfree; i++) {
		const struct dc_vram_range *f = &v->free[i];
		uint64_t off = round_up(f->offset, align);

		if (off >= f->offset + f->size || f->offset + f->size - off < size)
			continue;
		if (carve(v, i, off, size) < 0)
			return -ENOMEM;
		*offset = off;
		return 0;
	}
nospace:
	snprintf(why, why_size,
		 "no VRAM range of %s (%llu bytes, aligned to %llu) is free: %s of %s free in %u "
		 "ranges, the largest %s, %u buffers allocated",
		 mib(a, sizeof(a), size), (unsigned long long)size, (unsigned long long)align,
		 mib(b, sizeof(b), v->size - v->used), mib(c, sizeof(c), v->size), v->nfree,
		 mib(d, sizeof(d), dc_vram_largest_free(v)), v->count);
	return -ENOSPC;
}

int dc_vram_reserve(struct dc_vram *v, uint64_t offset, uint64_t size)
{
	size = round_up(size, DC_VRAM_ALIGN);
	if (offset % DC_VRAM_ALIGN || !size)
		return -EINVAL;
	for (unsigned i = 0; i < v->nfree; i++) {
		const struct dc_vram_range *f = &v->free[i];

		if (offset >= f->offset && offset - f->offset <= f->size &&
		    f->offset + f->size - offset >= size)
			return carve(v, i, offset, size);
	}
	return -EBUSY;
}

int dc_vram_free(struct dc_vram *v, uint64_t offset, uint64_t size)
{
	unsigned i;

	size = round_up(size, DC_VRAM_ALIGN);
	if (!size || offset > v->size || size > v->size - offset)
		return -EINVAL;
	for (i = 0; i < v->nfree && v->free[i].offset < offset; i++)
		;
	/* it must not overlap a free neighbour: that would be a double free */
	if ((i > 0 && v->free[i - 1].offset + v->free[i - 1].size > offset) ||
	    (i < v->nfree && offset + size > v->free[i].offset))
		return -EINVAL;
	if (i > 0 && v->free[i - 1].offset + v->free[i - 1].size == offset) {
		v->free[i - 1].size += size;
		if (i < v->nfree && offset + size == v->free[i].offset) {
			v->free[i - 1].size += v->free[i].size;
			memmove(&v->free[i], &v->free[i + 1],
				sizeof(v->free[0]) * (v->nfree - i - 1));
			v->nfree--;
		}
	} else if (i < v->nfree && offset + size == v->free[i].offset) {
		v->free[i].offset = offset;
		v->free[i].size += size;
	} else {
		if (grow(v) < 0)
			return -ENOMEM;
		memmove(&v->free[i + 1], &v->free[i], sizeof(v->free[0]) * (v->nfree - i));
		v->free[i] = (struct dc_vram_range){ offset, size };
		v->nfree++;
	}
	v->used -= size;
	v->count--;
	return 0;
}

uint64_t dc_vram_largest_free(const struct dc_vram *v)
{
	uint64_t m = 0;

	for (unsigned i = 0; i < v->nfree; i++)
		if (v->free[i].size > m)
			m = v->free[i].size;
	return m;
}
