/*
 * IOVA allocator: which device addresses are free for the next DMA mapping.
 * Its own library (libdciova, meson iova_dep): libdcvfio uses it for
 * dcv_dma_map, the daemon for framebuffers on the simulated engine.
 *
 * The space is a sorted set of usable ranges (what the IOMMU reports,
 * clipped to a window); allocations are first fit, lowest address first,
 * at the requested power-of-two alignment. Freed ranges are reusable at
 * once. Pure bookkeeping: no syscalls, so it is unit-tested on its own.
 */
#ifndef DCV_IOVA_H
#define DCV_IOVA_H

#include <stddef.h>
#include <stdint.h>

/* Inclusive bounds, so a range may end at UINT64_MAX. */
struct dcv_iova_range {
	uint64_t first;
	uint64_t last;
};

struct dcv_iova_extent {
	uint64_t start;
	uint64_t size;
};

struct dcv_iova_space {
	struct dcv_iova_range *usable;
	size_t n_usable;
	struct dcv_iova_extent *used; /* sorted by start */
	size_t n_used;
	size_t cap_used;
};

/*
 * Sets up the space as ranges[] intersected with [base, base + size).
 * ranges need not be sorted; overlapping ones are fine. Returns 0, -EINVAL
 * (size 0 or base + size overflows), -ENOSPC (nothing usable is left) or
 * -ENOMEM.
 */
int dcv_iova_init(struct dcv_iova_space *space, const struct dcv_iova_range *ranges, size_t n,
		  uint64_t base, uint64_t size);

void dcv_iova_fini(struct dcv_iova_space *space);

/*
 * Finds the lowest free, align-aligned range of size bytes and marks it
 * used. align must be a power of two. Returns 0 and *iova, -EINVAL (size 0,
 * bad align), -ENOSPC or -ENOMEM.
 */
int dcv_iova_alloc(struct dcv_iova_space *space, uint64_t size, uint64_t align, uint64_t *iova);

/* The size of the allocation that starts at iova. Returns 0 or -ENOENT. */
/*
 * Marks [iova, iova + size) used, as dcv_iova_alloc would have: for ranges
 * a previous process allocated and a new one takes over (framebuffers a
 * restarted dcd gets back from systemd's fd store). -EINVAL (size 0 or
 * overflow), -ERANGE (not inside one usable range), -EEXIST (overlaps an
 * allocation), -ENOMEM.
 */
int dcv_iova_reserve(struct dcv_iova_space *space, uint64_t iova, uint64_t size);

int dcv_iova_lookup(const struct dcv_iova_space *space, uint64_t iova, uint64_t *size);

/* Frees the allocation that starts at iova; its size in *size (may be NULL).
 * Returns 0 or -ENOENT. */
int dcv_iova_free(struct dcv_iova_space *space, uint64_t iova, uint64_t *size);

#endif
