/*
 * UIO checks (uio_pci_generic) and IOMMU group viability on a real kernel.
 */
#include <errno.h>
#include <fcntl.h>
#include <linux/vfio.h>
#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include "guest.h"

static void check_uio_removal(struct dcv_device *dev, const char *address)
{
	struct dcv_error err = { "" };
	struct dcv_monitor *mon = NULL;
	char path[128];

	int r = dcv_monitor_new(dev, &mon, &err);
	if (r) {
		result("uio-udev-remove", false, "monitor: %s", err.msg);
		return;
	}
	snprintf(path, sizeof(path), "/sys/bus/pci/devices/%s/remove", address);
	r = sysfs_write(path, "1");
	int events = 0;
	for (int i = 0; i < 50 && events >= 0 && !(events & DCV_MONITOR_REMOVED); i++)
		if (wait_readable(dcv_monitor_fd(mon), 100))
			events |= dcv_monitor_dispatch(mon);
	result("uio-udev-remove", r == 0 && events == DCV_MONITOR_REMOVED && dcv_removed(dev),
	       "remove %d events 0x%x", r, (unsigned)events);
	dc_hw_write(dcv_hw(dev), EDU_LIVENESS, 1);
	uint32_t v = dc_hw_read(dcv_hw(dev), EDU_ID);
	result("uio-removed-reads-ones", v == 0xffffffffu, "read 0x%08x", v);
	dcv_monitor_free(mon);
}

void check_uio(const char *address)
{
	struct dcv_open_opts o = {
		.access = DCV_ACCESS_AUTO, .irq = DCV_IRQ_AUTO, .bar = 0, .min_bar_size = 4096
	};
	struct dcv_error err = { "" };
	struct dcv_device *dev = NULL;
	uint64_t iova;
	char buf[4096] __attribute__((aligned(4096)));

	/* Bound to uio_pci_generic: VFIO access must say how to rebind. */
	o.access = DCV_ACCESS_VFIO;
	int r = dcv_open(address, &o, &dev, &err);
	result("vfio-not-bound",
	       r == -ENXIO && strstr(err.msg, "is bound to uio_pci_generic, not vfio-pci") &&
		       strstr(err.msg, "driver_override"),
	       "r=%d %s", r, err.msg);
	if (r == 0)
		dcv_close(dev);

	o.access = DCV_ACCESS_AUTO;
	r = dcv_open(address, &o, &dev, &err);
	result("uio-open",
	       r == 0 && dcv_access_used(dev) == DCV_ACCESS_UIO && dcv_bar_size(dev) == (1u << 20),
	       "r=%d %s", r, r ? err.msg : "auto access chose uio");
	if (r)
		return;
	struct dc_hw *hw = dcv_hw(dev);
	uint32_t id = dc_hw_read(hw, EDU_ID);
	result("uio-id-register", id == EDU_ID_VALUE, "read 0x%08x", id);
	dc_hw_write(hw, EDU_LIVENESS, 0xa5a5a5a5u);
	uint32_t live = dc_hw_read(hw, EDU_LIVENESS);
	result("uio-liveness", live == 0x5a5a5a5au, "wrote 0xa5a5a5a5 read 0x%08x", live);
	/* uio_pci_generic sets INTx-disable at each interrupt. */
	check_intx_masking(dev, "uio");
	r = dcv_dma_map(dev, buf, sizeof(buf), DCV_DMA_DEVICE_READS, &iova, &err);
	result("uio-dma-refused", r == -ENOTSUP && strstr(err.msg, "needs VFIO"), "r=%d %s", r,
	       err.msg);
	check_uio_removal(dev, address);
	dcv_close(dev);
}

/* Asks the kernel directly, not through vfio/, whether the group is viable. */
static int kernel_viable(const char *address)
{
	char path[128], link[256];

	snprintf(path, sizeof(path), "/sys/bus/pci/devices/%s/iommu_group", address);
	ssize_t n = readlink(path, link, sizeof(link) - 1);
	if (n < 0)
		return -errno;
	link[n] = '\0';
	snprintf(path, sizeof(path), "/dev/vfio/%s", strrchr(link, '/') + 1);
	int fd = open(path, O_RDWR);
	if (fd < 0)
		return -errno;
	struct vfio_group_status st = { .argsz = sizeof(st) };
	int r = ioctl(fd, VFIO_GROUP_GET_STATUS, &st) < 0 ? -errno
							  : !!(st.flags & VFIO_GROUP_FLAGS_VIABLE);
	close(fd);
	return r;
}

void check_group(const char *address, const char *other)
{
	struct dcv_open_opts o = { .access = DCV_ACCESS_VFIO, .irq = DCV_IRQ_NONE, .bar = 0 };
	struct dcv_error err = { "" };
	struct dcv_device *dev = NULL;
	char want[128];

	snprintf(want, sizeof(want), "%s (bound to uio_pci_generic)", other);
	int r = dcv_open(address, &o, &dev, &err);
	result("vfio-group-not-viable",
	       r == -EBUSY && strstr(err.msg, "not viable") && strstr(err.msg, want), "r=%d %s", r,
	       err.msg);
	if (r == 0)
		dcv_close(dev);
	int v = kernel_viable(address);
	result("vfio-group-kernel-agrees", v == 0, "VFIO_GROUP_GET_STATUS viable=%d", v);

	int b = bind_driver(other, "vfio-pci");
	r = dcv_open(address, &o, &dev, &err);
	uint32_t id = r == 0 ? dc_hw_read(dcv_hw(dev), EDU_ID) : 0;
	result("vfio-group-viable-after-rebind", b == 0 && r == 0 && id == EDU_ID_VALUE,
	       "rebind %d open %d id 0x%08x %s", b, r, id, r ? err.msg : "");
	if (r == 0)
		dcv_close(dev);
}
