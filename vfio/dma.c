/*
 * DMA mapping of framebuffer memory into the device's IOVA space
 * (VFIO_IOMMU_MAP_DMA / UNMAP), with addresses from the allocator in
 * iova.c over the ranges the IOMMU reports usable.
 */
#include <errno.h>
#include <linux/vfio.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>

#include "dcv_internal.h"

#define DEFAULT_IOVA_BASE (1ull << 20)
#define DEFAULT_IOVA_END  (1ull << 40)
#define LARGE_PAGE	  (2ull << 20)
#define MAX_IOVA_RANGES	  64

/*
 * The IOMMU's usable IOVA ranges from the VFIO_IOMMU_TYPE1_INFO_CAP_IOVA_RANGE
 * capability; the whole 64-bit space when the kernel does not say.
 */
static int query_iommu(struct dcv_device *dev, struct dcv_iova_range *ranges, size_t *n,
		       uint64_t *pgsize, struct dcv_error *err)
{
	struct vfio_iommu_type1_info probe = { .argsz = sizeof(probe) };

	*n = 0;
	*pgsize = 4096;
	if (ioctl(dev->container_fd, VFIO_IOMMU_GET_INFO, &probe) < 0)
		return dcv_fail(err, -errno, "VFIO_IOMMU_GET_INFO failed for %s: %s", dev->address,
				strerror(errno));
	if ((probe.flags & VFIO_IOMMU_INFO_PGSIZES) && probe.iova_pgsizes)
		*pgsize = probe.iova_pgsizes & -probe.iova_pgsizes;

	if ((probe.flags & VFIO_IOMMU_INFO_CAPS) && probe.argsz > sizeof(probe)) {
		struct vfio_iommu_type1_info *info = calloc(1, probe.argsz);

		if (!info)
			return dcv_fail(err, -ENOMEM, "out of memory");
		info->argsz = probe.argsz;
		if (ioctl(dev->container_fd, VFIO_IOMMU_GET_INFO, info) == 0) {
			uint32_t off = info->cap_offset;

			/* Each header sits inside the buffer; next offsets only grow. */
			while (off >= sizeof(*info) &&
			       off + sizeof(struct vfio_info_cap_header) <= info->argsz) {
				struct vfio_info_cap_header *h = (void *)((char *)info + off);

				if (h->id == VFIO_IOMMU_TYPE1_INFO_CAP_IOVA_RANGE &&
				    off + sizeof(struct vfio_iommu_type1_info_cap_iova_range) <=
					    info->argsz) {
					struct vfio_iommu_type1_info_cap_iova_range *cap =
						(void *)h;
					size_t room = (info->argsz - off - sizeof(*cap)) /
						      sizeof(cap->iova_ranges[0]);
					for (uint32_t i = 0;
					     i < cap->nr_iovas && i < room && *n < MAX_IOVA_RANGES;
					     i++)
						ranges[(*n)++] = (struct dcv_iova_range){
							cap->iova_ranges[i].start,
							cap->iova_ranges[i].end
						};
				}
				if (h->next <= off)
					break;
				off = h->next;
			}
		}
		free(info);
	}
	if (*n == 0)
		ranges[(*n)++] = (struct dcv_iova_range){ 0, UINT64_MAX };
	return 0;
}

int dcv_vfio_dma_init(struct dcv_device *dev, uint64_t base, uint64_t size, struct dcv_error *err)
{
	struct dcv_iova_range ranges[MAX_IOVA_RANGES];
	size_t n;
	uint64_t pgsize;

	if (base == 0 && size == 0) {
		base = DEFAULT_IOVA_BASE;
		size = DEFAULT_IOVA_END - DEFAULT_IOVA_BASE;
	}
	int r = query_iommu(dev, ranges, &n, &pgsize, err);
	if (r < 0)
		return r;
	r = dcv_iova_init(&dev->iova, ranges, n, base, size);
	if (r == -ENOSPC)
		return dcv_fail(err, r,
				"the IOVA window [0x%llx, 0x%llx) holds no address the IOMMU of %s "
				"can map",
				(unsigned long long)base, (unsigned long long)(base + size),
				dev->address);
	if (r < 0)
		return dcv_fail(err, r, "bad IOVA window [0x%llx + 0x%llx): %s",
				(unsigned long long)base, (unsigned long long)size, strerror(-r));
	dev->iova_pgsize = pgsize;
	dev->iova_window_base = base;
	dev->iova_window_size = size;
	dev->dma_ready = true;
	return 0;
}

void dcv_vfio_dma_fini(struct dcv_device *dev)
{
	/* Closing the container unmaps and unpins whatever is still mapped. */
	if (dev->dma_ready)
		dcv_iova_fini(&dev->iova);
	dev->dma_ready = false;
}

int dcv_dma_map(struct dcv_device *dev, void *vaddr, uint64_t size, enum dcv_dma_access access,
		uint64_t *iova, struct dcv_error *err)
{
	uint32_t flags = VFIO_DMA_MAP_FLAG_READ;

	if (access == DCV_DMA_DEVICE_READS_WRITES)
		flags |= VFIO_DMA_MAP_FLAG_WRITE;
	else if (access != DCV_DMA_DEVICE_READS)
		return dcv_fail(err, -EINVAL, "unknown DMA access %d", (int)access);
	if (dev->access != DCV_ACCESS_VFIO || !dev->dma_ready)
		return dcv_fail(err, -ENOTSUP,
				"DMA mapping of %s needs VFIO access: UIO gives no control of the "
				"IOMMU.",
				dev->address);
	if (dev->removed)
		return dcv_fail(err, -ENODEV, "%s is gone; nothing to map for", dev->address);
	uint64_t pg = dev->iova_pgsize;
	if (size == 0 || size % pg || (uintptr_t)vaddr % pg)
		return dcv_fail(err, -EINVAL,
				"DMA buffer %p of %llu bytes: address and size must be multiples "
				"of the IOMMU page size %llu",
				vaddr, (unsigned long long)size, (unsigned long long)pg);

	uint64_t align = size >= LARGE_PAGE && LARGE_PAGE > pg ? LARGE_PAGE : pg;
	int r = dcv_iova_alloc(&dev->iova, size, align, iova);
	if (r == -ENOSPC)
		return dcv_fail(err, r,
				"no free IOVA range of %llu bytes is left in [0x%llx, 0x%llx) "
				"(%zu mappings in use): unmap buffers first",
				(unsigned long long)size, (unsigned long long)dev->iova_window_base,
				(unsigned long long)(dev->iova_window_base + dev->iova_window_size),
				dev->iova.n_used);
	if (r < 0)
		return dcv_fail(err, r, "IOVA allocation failed: %s", strerror(-r));

	struct vfio_iommu_type1_dma_map map = {
		.argsz = sizeof(map),
		.flags = flags,
		.vaddr = (uintptr_t)vaddr,
		.iova = *iova,
		.size = size,
	};
	if (ioctl(dev->container_fd, VFIO_IOMMU_MAP_DMA, &map) < 0) {
		int e = errno;

		dcv_iova_free(&dev->iova, *iova, NULL);
		return dcv_fail(err, -e,
				"VFIO_IOMMU_MAP_DMA of %llu bytes at IOVA 0x%llx failed for %s: "
				"%s%s",
				(unsigned long long)size, (unsigned long long)*iova, dev->address,
				strerror(e),
				e == ENOMEM ? " (pinned memory counts against RLIMIT_MEMLOCK: "
					      "raise LimitMEMLOCK= for dcd)"
				: e == EFAULT && (flags & VFIO_DMA_MAP_FLAG_WRITE)
					? " (device writes need memory this process may write)"
					: "");
	}
	return 0;
}

int dcv_dma_unmap(struct dcv_device *dev, uint64_t iova)
{
	uint64_t size;

	if (!dev->dma_ready)
		return -ENOENT;
	int r = dcv_iova_lookup(&dev->iova, iova, &size);
	if (r < 0)
		return r;
	/* After removal the group has left the container: nothing is mapped. */
	if (dev->removed)
		return dcv_iova_free(&dev->iova, iova, NULL);
	struct vfio_iommu_type1_dma_unmap unmap = {
		.argsz = sizeof(unmap),
		.iova = iova,
		.size = size,
	};
	if (ioctl(dev->container_fd, VFIO_IOMMU_UNMAP_DMA, &unmap) < 0)
		return -errno;
	return dcv_iova_free(&dev->iova, iova, NULL);
}
