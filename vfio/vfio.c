/*
 * VFIO access: container, IOMMU group, device fd, the register BAR by mmap
 * and interrupts on eventfds through VFIO_DEVICE_SET_IRQS.
 */
#include <errno.h>
#include <fcntl.h>
#include <linux/vfio.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/eventfd.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <unistd.h>

#include "dcv_internal.h"

#define PCI_COMMAND	   0x04
#define PCI_COMMAND_MEMORY 0x2
#define PCI_COMMAND_MASTER 0x4

static int kernel_fail(struct dcv_error *err, const char *what, const char *address)
{
	int e = errno;

	return dcv_fail(err, -e, "%s failed for %s: %s", what, address, strerror(e));
}

static int open_group(struct dcv_device *dev, int group, struct dcv_error *err)
{
	char path[4096];

	snprintf(path, sizeof(path), "%s/vfio/vfio", dev->dev_root);
	dev->container_fd = dcv_open_node(path, O_RDWR, "load VFIO: modprobe vfio-pci", err);
	if (dev->container_fd < 0)
		return dev->container_fd;
	snprintf(path, sizeof(path), "%s/vfio/%d", dev->dev_root, group);
	dev->group_fd = dcv_open_node(
		path, O_RDWR, "the group node appears once vfio-pci is bound to the device", err);
	if (dev->group_fd < 0)
		return dev->group_fd;

	int version = ioctl(dev->container_fd, VFIO_GET_API_VERSION);
	if (version < 0)
		return dcv_fail(err, -errno, "%s/vfio/vfio is not a VFIO container: %s",
				dev->dev_root, strerror(errno));
	if (version != VFIO_API_VERSION)
		return dcv_fail(err, -EPROTO, "the kernel's VFIO API is version %d, dcd knows %d",
				version, VFIO_API_VERSION);

	struct vfio_group_status status = { .argsz = sizeof(status) };
	if (ioctl(dev->group_fd, VFIO_GROUP_GET_STATUS, &status) < 0)
		return kernel_fail(err, "VFIO_GROUP_GET_STATUS", dev->address);
	if (!(status.flags & VFIO_GROUP_FLAGS_VIABLE))
		return dcv_check_group(dev->sysfs_root, dev->address, group, true, err);
	if (ioctl(dev->group_fd, VFIO_GROUP_SET_CONTAINER, &dev->container_fd) < 0)
		return kernel_fail(err, "VFIO_GROUP_SET_CONTAINER", dev->address);

	int type = VFIO_TYPE1v2_IOMMU;
	if (ioctl(dev->container_fd, VFIO_CHECK_EXTENSION, type) != 1)
		type = VFIO_TYPE1_IOMMU;
	if (ioctl(dev->container_fd, VFIO_CHECK_EXTENSION, type) != 1)
		return dcv_fail(
			err, -ENOTSUP,
			"the kernel's VFIO offers no type1 IOMMU: modprobe vfio_iommu_type1");
	if (ioctl(dev->container_fd, VFIO_SET_IOMMU, type) < 0)
		return kernel_fail(err, "VFIO_SET_IOMMU (type1)", dev->address);

	dev->device_fd = ioctl(dev->group_fd, VFIO_GROUP_GET_DEVICE_FD, dev->address);
	if (dev->device_fd < 0)
		return kernel_fail(err, "VFIO_GROUP_GET_DEVICE_FD", dev->address);
	return 0;
}

static int region_info(struct dcv_device *dev, unsigned index, struct vfio_region_info *ri,
		       struct dcv_error *err)
{
	*ri = (struct vfio_region_info){ .argsz = sizeof(*ri), .index = index };
	if (ioctl(dev->device_fd, VFIO_DEVICE_GET_REGION_INFO, ri) < 0)
		return kernel_fail(err, "VFIO_DEVICE_GET_REGION_INFO", dev->address);
	return 0;
}

static int map_bar(struct dcv_device *dev, const struct dcv_open_opts *opts, struct dcv_error *err)
{
	struct vfio_region_info ri;
	int r = region_info(dev, VFIO_PCI_BAR0_REGION_INDEX + (unsigned)opts->bar, &ri, err);

	if (r < 0)
		return r;
	if (ri.size == 0)
		return dcv_fail(err, -ENXIO, "BAR %d of %s is not implemented (VFIO region size 0)",
				opts->bar, dev->address);
	r = dcv_check_bar_size(dev->address, opts->bar, ri.size, opts->min_bar_size, err);
	if (r < 0)
		return r;
	if (!(ri.flags & VFIO_REGION_INFO_FLAG_MMAP))
		return dcv_fail(err, -ENOTSUP,
				"BAR %d of %s cannot be mmapped through VFIO (it is smaller than a "
				"page or shares one with other registers)",
				opts->bar, dev->address);
	void *p = mmap(NULL, ri.size, PROT_READ | PROT_WRITE, MAP_SHARED, dev->device_fd,
		       (off_t)ri.offset);
	if (p == MAP_FAILED)
		return kernel_fail(err, "mmap of the register BAR", dev->address);
	dev->bar = (struct dcv_bar){ p, ri.size };

	r = region_info(dev, VFIO_PCI_CONFIG_REGION_INDEX, &ri, err);
	if (r < 0)
		return r;
	dev->config_offset = ri.offset;
	return 0;
}

int dcv_vram_map(struct dcv_device *dev, void **ptr, uint64_t *size, struct dcv_error *err)
{
	struct vfio_region_info ri;
	void *p;
	int r;

	if (dev->vram.base) {
		*ptr = (void *)dev->vram.base;
		*size = dev->vram.size;
		return 0;
	}
	if (dev->access != DCV_ACCESS_VFIO || dev->device_fd < 0)
		return dcv_fail(err, -ENOTSUP,
				"the VRAM BAR of %s is mapped through VFIO only (UIO access gives "
				"dcd no scanout memory)",
				dev->address);
	if (dev->removed)
		return dcv_fail(err, -ENODEV, "%s is gone; no VRAM to map", dev->address);
	r = region_info(dev, VFIO_PCI_BAR0_REGION_INDEX + DCV_VRAM_BAR, &ri, err);
	if (r < 0)
		return r;
	if (ri.size == 0 || !(ri.flags & VFIO_REGION_INFO_FLAG_MMAP))
		return dcv_fail(err, -ENXIO,
				"BAR %d of %s (VRAM) is %s: dcd has no memory the display engine "
				"can fetch",
				DCV_VRAM_BAR, dev->address,
				ri.size ? "not mmappable through VFIO" : "not implemented");
	p = mmap(NULL, ri.size, PROT_READ | PROT_WRITE, MAP_SHARED, dev->device_fd,
		 (off_t)ri.offset);
	if (p == MAP_FAILED)
		return kernel_fail(err, "mmap of the VRAM BAR", dev->address);
	dev->vram = (struct dcv_bar){ p, ri.size };
	*ptr = p;
	*size = ri.size;
	return 0;
}

/* Memory decoding for the BAR, bus mastering for the engine's DMA. */
static int enable_device(struct dcv_device *dev, struct dcv_error *err)
{
	uint16_t cmd;
	off_t at = (off_t)(dev->config_offset + PCI_COMMAND);

	if (pread(dev->device_fd, &cmd, sizeof(cmd), at) != sizeof(cmd))
		return kernel_fail(err, "reading the PCI command register", dev->address);
	cmd |= PCI_COMMAND_MEMORY | PCI_COMMAND_MASTER;
	if (pwrite(dev->device_fd, &cmd, sizeof(cmd), at) != sizeof(cmd))
		return kernel_fail(err, "writing the PCI command register", dev->address);
	return 0;
}

static unsigned irq_count(struct dcv_device *dev, unsigned index)
{
	struct vfio_irq_info info = { .argsz = sizeof(info), .index = index };

	if (ioctl(dev->device_fd, VFIO_DEVICE_GET_IRQ_INFO, &info) < 0)
		return 0;
	return (info.flags & VFIO_IRQ_INFO_EVENTFD) ? info.count : 0;
}

static int set_trigger(struct dcv_device *dev, unsigned index, int fd)
{
	/* struct vfio_irq_set followed by one eventfd in its data[] */
	_Alignas(struct vfio_irq_set) char buf[sizeof(struct vfio_irq_set) + sizeof(int32_t)];
	struct vfio_irq_set *set = (struct vfio_irq_set *)buf;
	int32_t fd32 = fd;

	*set = (struct vfio_irq_set){ .argsz = sizeof(buf),
				      .flags = VFIO_IRQ_SET_DATA_EVENTFD |
					       VFIO_IRQ_SET_ACTION_TRIGGER,
				      .index = index,
				      .start = 0,
				      .count = 1 };
	memcpy(set->data, &fd32, sizeof(fd32));
	return ioctl(dev->device_fd, VFIO_DEVICE_SET_IRQS, set) < 0 ? -errno : 0;
}

static int setup_irq(struct dcv_device *dev, enum dcv_irq_mode want, struct dcv_error *err)
{
	if (want == DCV_IRQ_NONE)
		return 0;
	dev->irq_fd = eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC);
	if (dev->irq_fd < 0)
		return kernel_fail(err, "eventfd", dev->address);

	int r = -ENOTSUP;
	if (want != DCV_IRQ_INTX && irq_count(dev, VFIO_PCI_MSI_IRQ_INDEX) > 0) {
		r = set_trigger(dev, VFIO_PCI_MSI_IRQ_INDEX, dev->irq_fd);
		if (r == 0) {
			dev->irq_mode = DCV_IRQ_MSI;
			return 0;
		}
	}
	if (want == DCV_IRQ_MSI)
		return dcv_fail(err, r, "%s: MSI through VFIO is not available: %s", dev->address,
				strerror(-r));
	if (irq_count(dev, VFIO_PCI_INTX_IRQ_INDEX) > 0) {
		r = set_trigger(dev, VFIO_PCI_INTX_IRQ_INDEX, dev->irq_fd);
		if (r == 0) {
			dev->irq_mode = DCV_IRQ_INTX;
			return 0;
		}
	}
	return dcv_fail(err, r,
			"%s has no interrupt VFIO can deliver (neither MSI nor an INTx pin): %s",
			dev->address, strerror(-r));
}

/* The kernel signals this eventfd when it wants the device back. */
static void setup_release_request(struct dcv_device *dev)
{
	if (irq_count(dev, VFIO_PCI_REQ_IRQ_INDEX) == 0)
		return;
	dev->req_fd = eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC);
	if (dev->req_fd >= 0 && set_trigger(dev, VFIO_PCI_REQ_IRQ_INDEX, dev->req_fd) < 0) {
		close(dev->req_fd);
		dev->req_fd = -1;
	}
}

static int reset_device(struct dcv_device *dev, struct dcv_error *err)
{
	struct vfio_device_info info = { .argsz = sizeof(info) };

	if (ioctl(dev->device_fd, VFIO_DEVICE_GET_INFO, &info) < 0)
		return kernel_fail(err, "VFIO_DEVICE_GET_INFO", dev->address);
	if (!(info.flags & VFIO_DEVICE_FLAGS_RESET))
		return dcv_fail(
			err, -ENOTSUP,
			"%s offers no reset VFIO can use (no FLR, PM or bus reset): open it "
			"without asking for one.",
			dev->address);
	if (ioctl(dev->device_fd, VFIO_DEVICE_RESET) < 0)
		return kernel_fail(err, "VFIO_DEVICE_RESET", dev->address);
	return 0;
}

int dcv_vfio_open(struct dcv_device *dev, const struct dcv_open_opts *opts, struct dcv_error *err)
{
	struct dcv_bar_info info;
	int group;
	int r = dcv_check_bound(dev->sysfs_root, dev->address, "vfio-pci", err);

	if (r == 0)
		r = dcv_check_bar(dev->sysfs_root, dev->address, opts->bar, opts->min_bar_size,
				  &info, err);
	if (r == 0)
		r = dcv_iommu_group(dev->sysfs_root, dev->address, &group, err);
	if (r == 0)
		r = dcv_check_group(dev->sysfs_root, dev->address, group, false, err);
	if (r == 0)
		r = open_group(dev, group, err);
	if (r == 0 && opts->reset)
		r = reset_device(dev, err);
	if (r == 0)
		r = map_bar(dev, opts, err);
	if (r == 0)
		r = enable_device(dev, err);
	if (r == 0)
		r = setup_irq(dev, opts->irq, err);
	if (r == 0) {
		setup_release_request(dev);
		r = dcv_vfio_dma_init(dev, opts->iova_base, opts->iova_size, err);
	}
	return r;
}

int dcv_vfio_irq_rearm(struct dcv_device *dev)
{
	if (dev->irq_mode != DCV_IRQ_INTX)
		return 0;
	struct vfio_irq_set set = {
		.argsz = sizeof(set),
		.flags = VFIO_IRQ_SET_DATA_NONE | VFIO_IRQ_SET_ACTION_UNMASK,
		.index = VFIO_PCI_INTX_IRQ_INDEX,
		.start = 0,
		.count = 1,
	};
	return ioctl(dev->device_fd, VFIO_DEVICE_SET_IRQS, &set) < 0 ? -errno : 0;
}

void dcv_vfio_release(struct dcv_device *dev)
{
	/* The mapping holds the device file open: drop it first. */
	if (dev->bar.base)
		munmap((void *)dev->bar.base, dev->bar.size);
	dev->bar = (struct dcv_bar){ NULL, 0 };
	if (dev->vram.base)
		munmap((void *)dev->vram.base, dev->vram.size);
	dev->vram = (struct dcv_bar){ NULL, 0 };
	if (dev->device_fd >= 0)
		close(dev->device_fd);
	dev->device_fd = -1;
	/*
	 * Some kernels also wait for the group to leave its container before
	 * the last device of a group is gone; leaving it drops the DMA
	 * mappings, which are of no use without the device anyway.
	 */
	if (dev->group_fd >= 0)
		close(dev->group_fd);
	dev->group_fd = -1;
}

void dcv_vfio_close(struct dcv_device *dev)
{
	dcv_vfio_release(dev);
	dcv_vfio_dma_fini(dev);
	if (dev->req_fd >= 0)
		close(dev->req_fd);
	if (dev->irq_fd >= 0)
		close(dev->irq_fd);
	if (dev->group_fd >= 0)
		close(dev->group_fd);
	if (dev->container_fd >= 0)
		close(dev->container_fd);
	dev->req_fd = dev->irq_fd = dev->group_fd = dev->container_fd = -1;
}
