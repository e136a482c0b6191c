/*
 * libpciaccess: the PCI device behind a dcv_device for the UIO mapping,
 * config space writes and the ROM.
 *
 * libpciaccess keeps its device list in process-wide state that
 * pci_system_init creates and pci_system_cleanup destroys (unmapping every
 * range of every device). The counter below mirrors that state so that
 * closing one device does not pull the mappings from under another; it is
 * the one piece of global state in vfio/ and exists only because the
 * library's does.
 */
#include <errno.h>
#include <pciaccess.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dcv_internal.h"

static unsigned pci_system_users;

int dcv_pci_attach(struct dcv_device *dev, struct dcv_error *err)
{
	unsigned domain, bus, slot, func;
	uint64_t vendor = 0, device = 0;
	char path[4096];

	if (dev->pci)
		return 0;
	if (sscanf(dev->address, "%x:%x:%x.%x", &domain, &bus, &slot, &func) != 4)
		return dcv_fail(err, -EINVAL, "'%s' is not a PCI address", dev->address);
	if (pci_system_users == 0) {
		int r = pci_system_init();

		if (r)
			return dcv_fail(err, -r, "libpciaccess cannot list PCI devices: %s",
					strerror(r));
	}
	pci_system_users++;
	dev->pci_system_ref = true;

	struct pci_device *pd = pci_device_find_by_slot(domain, bus, slot, func);
	if (!pd)
		return dcv_fail(err, -ENOENT, "libpciaccess does not see %s in /sys/bus/pci",
				dev->address);
	int r = pci_device_probe(pd);
	if (r)
		return dcv_fail(err, -r, "libpciaccess cannot probe %s: %s", dev->address,
				strerror(r));
	/* The decisions were made from dev->sysfs_root; both must agree. */
	dcv_pci_path(path, sizeof(path), dev->sysfs_root, dev->address, "vendor");
	dcv_read_hex(path, &vendor);
	dcv_pci_path(path, sizeof(path), dev->sysfs_root, dev->address, "device");
	dcv_read_hex(path, &device);
	if (pd->vendor_id != vendor || pd->device_id != device)
		return dcv_fail(err, -EIO,
				"libpciaccess sees %s as [%04x:%04x] but %s says [%04llx:%04llx]: "
				"the sysfs root is not this system's",
				dev->address, pd->vendor_id, pd->device_id, dev->sysfs_root,
				(unsigned long long)vendor, (unsigned long long)device);
	dev->pci = pd;
	return 0;
}

void dcv_pci_detach(struct dcv_device *dev)
{
	dev->pci = NULL;
	if (dev->pci_system_ref && --pci_system_users == 0)
		pci_system_cleanup();
	dev->pci_system_ref = false;
}

int dcv_read_rom(struct dcv_device *dev, void **rom, size_t *size, struct dcv_error *err)
{
	*rom = NULL;
	*size = 0;
	if (dev->removed)
		return dcv_fail(err, -ENODEV, "%s is gone", dev->address);
	int r = dcv_pci_attach(dev, err);
	if (r < 0)
		return r;
	if (dev->pci->rom_size == 0)
		return dcv_fail(err, -ENOENT,
				"%s has no expansion ROM (APUs such as Carrizo and Stoney keep "
				"their VBIOS in the ACPI VFCT table instead)",
				dev->address);
	/* zeros where the kernel gives less than the BAR: it stops after the last image */
	void *buf = calloc(1, dev->pci->rom_size);
	if (!buf)
		return dcv_fail(err, -ENOMEM, "out of memory for a %llu-byte ROM",
				(unsigned long long)dev->pci->rom_size);
	r = pci_device_read_rom(dev->pci, buf);
	if (r) {
		free(buf);
		return dcv_fail(err, -r, "reading the ROM of %s failed: %s", dev->address,
				strerror(r));
	}
	*rom = buf;
	*size = dev->pci->rom_size;
	return 0;
}
