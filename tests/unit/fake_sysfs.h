/*
 * A fake sysfs + /dev tree in a temporary directory, shaped like the parts
 * of /sys/bus/pci, /sys/kernel/iommu_groups and /dev/vfio that vfio/ reads,
 * for the discovery and open tests.
 */
#ifndef FAKE_SYSFS_H
#define FAKE_SYSFS_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "dc_vfio.h"

struct fake_sys {
	char root[256];
	char sys[300];
	char dev[300];
	struct dcv_paths paths;
};

/* Creates the tree; fails the test on error. */
void fake_sys_create(struct fake_sys *f);
/* Removes it. */
void fake_sys_destroy(struct fake_sys *f);

/* A PCI function with vendor, device and class attributes and all-zero BARs. */
void fake_pci_add(struct fake_sys *f, const char *address, uint16_t vendor, uint16_t device,
		  uint32_t class_code);
/* Writes one line of the resource attribute (bars 0-5, 6 = ROM). */
void fake_pci_bar(struct fake_sys *f, const char *address, int bar, uint64_t start, uint64_t size,
		  uint64_t flags);
/* The driver symlink, as a bound driver makes it. */
void fake_pci_driver(struct fake_sys *f, const char *address, const char *driver);
/* The iommu_group link and the group's devices/ entry. */
void fake_pci_group(struct fake_sys *f, const char *address, int group);
/* A uio/uioN directory, as uio_pci_generic makes it. */
void fake_pci_uio(struct fake_sys *f, const char *address, int n);
/* A file at path (relative to the root, e.g. "sys/bus/pci/devices/X/vendor"). */
void fake_write(struct fake_sys *f, const char *rel, const char *content, mode_t mode);
/* Binary contents at rel (mode 0600), its folders made as needed. */
void fake_write_bytes(struct fake_sys *f, const char *rel, const void *data, size_t len);

/* The usual supported GPU: an AMD Tonga at address with a 256 KiB BAR 5. */
void fake_gpu(struct fake_sys *f, const char *address, uint16_t device);

/*
 * Drops (false) or restores (true) the capabilities that let root ignore
 * file permissions, so a mode-000 file gives the real EACCES even to root.
 */
void fake_dac_override(int enable);

#endif
