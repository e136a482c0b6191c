/*
 * UIO access through uio_pci_generic: the BAR mapped from its sysfs
 * resource file by libpciaccess, interrupts from /dev/uioN.
 *
 * uio_pci_generic masks INTx by setting the INTx-disable bit of the
 * command register when an interrupt arrives (and writing to /dev/uioN
 * returns ENOSYS), so re-arming clears that bit through sysfs config.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <pciaccess.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "dcv_internal.h"

#define PCI_COMMAND		 0x04
#define PCI_COMMAND_INTX_DISABLE 0x400

/* The uioN name under the device's uio/ directory. */
static int find_uio(struct dcv_device *dev, char *name, size_t len, struct dcv_error *err)
{
	char path[4096];

	dcv_pci_path(path, sizeof(path), dev->sysfs_root, dev->address, "uio");
	DIR *d = opendir(path);
	if (!d)
		return dcv_fail(err, -ENOENT,
				"%s is bound to uio_pci_generic but has no %s: the driver refused "
				"it (uio_pci_generic needs a device with an INTx pin and "
				"INTx masking; see the kernel log)",
				dev->address, path);
	int r = -ENOENT;
	for (struct dirent *e; (e = readdir(d));) {
		if (strncmp(e->d_name, "uio", 3) == 0 && e->d_name[3]) {
			snprintf(name, len, "%s", e->d_name);
			r = 0;
			break;
		}
	}
	closedir(d);
	if (r < 0)
		return dcv_fail(err, r, "%s lists no uioN device", path);
	return 0;
}

static int open_irq(struct dcv_device *dev, enum dcv_irq_mode want, struct dcv_error *err)
{
	char name[256], path[4096];

	if (want == DCV_IRQ_NONE)
		return 0;
	if (want == DCV_IRQ_MSI)
		return dcv_fail(err, -ENOTSUP,
				"uio_pci_generic delivers INTx only; use VFIO access for MSI");
	int r = find_uio(dev, name, sizeof(name), err);
	if (r < 0)
		return r;
	snprintf(path, sizeof(path), "%s/%s", dev->dev_root, name);
	int fd =
		dcv_open_node(path, O_RDWR | O_NONBLOCK,
			      "udev or devtmpfs should have created it when the driver bound", err);
	if (fd < 0)
		return fd;
	dev->irq_fd = fd;
	dev->irq_mode = DCV_IRQ_INTX;
	return 0;
}

int dcv_uio_open(struct dcv_device *dev, const struct dcv_open_opts *opts, struct dcv_error *err)
{
	struct dcv_bar_info info;
	int r = dcv_check_bound(dev->sysfs_root, dev->address, "uio_pci_generic", err);

	if (r == 0)
		r = dcv_check_bar(dev->sysfs_root, dev->address, opts->bar, opts->min_bar_size,
				  &info, err);
	if (r == 0)
		r = open_irq(dev, opts->irq, err);
	if (r == 0)
		r = dcv_pci_attach(dev, err);
	if (r < 0)
		return r;

	const struct pci_mem_region *region = &dev->pci->regions[opts->bar];
	r = dcv_check_bar_size(dev->address, opts->bar, region->size, opts->min_bar_size, err);
	if (r < 0)
		return r;
	void *p = NULL;
	r = pci_device_map_range(dev->pci, region->base_addr, region->size,
				 PCI_DEV_MAP_FLAG_WRITABLE, &p);
	if (r == EACCES || r == EPERM)
		return dcv_fail(err, -r,
				"permission denied mapping BAR %d of %s through %s/bus/pci/devices/"
				"%s/resource%d: run dcd as root (sysfs resource files are root's)",
				opts->bar, dev->address, dev->sysfs_root, dev->address, opts->bar);
	if (r)
		return dcv_fail(err, -r, "mapping BAR %d of %s failed: %s", opts->bar, dev->address,
				strerror(r));
	dev->bar = (struct dcv_bar){ p, region->size };
	/* Start with the line enabled, whatever an earlier user left. */
	return dev->irq_fd >= 0 ? dcv_uio_irq_rearm(dev) : 0;
}

int dcv_uio_irq_rearm(struct dcv_device *dev)
{
	uint16_t cmd;

	if (dev->irq_mode != DCV_IRQ_INTX)
		return 0;
	int r = pci_device_cfg_read_u16(dev->pci, &cmd, PCI_COMMAND);
	if (r)
		return -r;
	if (!(cmd & PCI_COMMAND_INTX_DISABLE))
		return 0;
	r = pci_device_cfg_write_u16(dev->pci, cmd & ~PCI_COMMAND_INTX_DISABLE, PCI_COMMAND);
	return r ? -r : 0;
}

void dcv_uio_release(struct dcv_device *dev)
{
	if (dev->bar.base && dev->pci)
		pci_device_unmap_range(dev->pci, (void *)dev->bar.base, dev->bar.size);
	dev->bar = (struct dcv_bar){ NULL, 0 };
}

void dcv_uio_close(struct dcv_device *dev)
{
	dcv_uio_release(dev);
	if (dev->irq_fd >= 0)
		close(dev->irq_fd);
	dev->irq_fd = -1;
}
