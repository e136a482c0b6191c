/* Shared between the files of vfio/; not part of the public API. */
#ifndef DCV_INTERNAL_H
#define DCV_INTERNAL_H

#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>

#include "dc_vfio.h"
#include "iova.h"

struct pci_device;

/* The BAR mapping, whichever way it was made. */
struct dcv_bar {
	volatile uint8_t *base;
	uint64_t size;
};

struct dcv_device {
	struct dc_hw hw;
	char address[DCV_ADDRESS_LEN];
	char *sysfs_root;
	char *dev_root;
	enum dcv_access access;
	enum dcv_irq_mode irq_mode;
	int bar_index;
	struct dcv_bar bar;
	struct dcv_bar vram; /* BAR 0, mapped at the first dcv_vram_map */
	bool removed;
	/* VFIO: an eventfd; UIO: /dev/uioN. -1 without interrupts. */
	int irq_fd;
	/* UIO: the running event count last read, to return differences. */
	uint32_t uio_count;
	bool uio_count_known;

	/* VFIO */
	int container_fd;
	int group_fd;
	int device_fd;
	int req_fd; /* eventfd of VFIO_PCI_REQ_IRQ_INDEX, or -1 */
	uint64_t config_offset;
	bool dma_ready;
	struct dcv_iova_space iova;
	uint64_t iova_pgsize;
	uint64_t iova_window_base;
	uint64_t iova_window_size;

	/* libpciaccess (UIO mapping, ROM, config space) */
	struct pci_device *pci;
	bool pci_system_ref;
};

/*
 * Writes a message into err (when not NULL) and returns code, a negative
 * errno: `return dcv_fail(err, -ENOENT, "no %s", x);`
 */
__attribute__((format(printf, 3, 4))) int dcv_fail(struct dcv_error *err, int code, const char *fmt,
						   ...);

/* ---- sysfs.c: reading the attributes the decisions rest on ---------- */

/* Checks "DDDD:BB:DD.F" (lowercase hex, as sysfs spells it). */
bool dcv_address_valid(const char *address);

/* <root>/bus/pci/devices/<address>[/<attr>] into buf. */
void dcv_pci_path(char *buf, size_t len, const char *root, const char *address, const char *attr);

/* Reads a sysfs hex attribute such as "0x1002\n". -ENOENT, -EACCES, -EIO. */
int dcv_read_hex(const char *path, uint64_t *value);

/* The last path component of a symlink's target ("vfio-pci" for driver),
 * or -ENOENT when there is no link. */
int dcv_link_name(const char *path, char *buf, size_t len);

/* The bound driver's name, or "" when none is bound. */
int dcv_pci_driver(const char *root, const char *address, char *buf, size_t len);

/* Start, size and flags of BAR `bar` from the resource attribute. */
struct dcv_bar_info {
	uint64_t start;
	uint64_t size;
	uint64_t flags;
};
int dcv_pci_bar_info(const char *root, const char *address, int bar, struct dcv_bar_info *info);

#define DCV_IORESOURCE_IO  0x100
#define DCV_IORESOURCE_MEM 0x200

/* ---- checks.c: the sysfs side of dcv_open's checks -------------------- */

/* The function exists and the address is well formed. */
int dcv_check_present(const char *root, const char *address, struct dcv_error *err);

/* Bound to `driver`; the message shows the driver_override commands. */
int dcv_check_bound(const char *root, const char *address, const char *driver,
		    struct dcv_error *err);

/* A memory BAR of at least min_size bytes. Fills *info. */
int dcv_check_bar(const char *root, const char *address, int bar, uint64_t min_size,
		  struct dcv_bar_info *info, struct dcv_error *err);

/* Compares a size the kernel reported with min_size (same message). */
int dcv_check_bar_size(const char *address, int bar, uint64_t size, uint64_t min_size,
		       struct dcv_error *err);

/* The IOMMU group number, or -ENODEV with the message. */
int dcv_iommu_group(const char *root, const char *address, int *group, struct dcv_error *err);

/*
 * Lists the other devices of the group bound to host drivers that keep it
 * from being viable. Returns 0 when there are none, -EBUSY with the list in
 * err otherwise. kernel_says_not_viable: the kernel has spoken, so the
 * message is written even when sysfs shows no culprit.
 */
int dcv_check_group(const char *root, const char *address, int group, bool kernel_says_not_viable,
		    struct dcv_error *err);

/* Opens a device node; EACCES/EPERM/ENOENT get the admin's message. */
int dcv_open_node(const char *path, int flags, const char *what, struct dcv_error *err);

/* ---- vfio.c / uio.c / dma.c ------------------------------------------- */

int dcv_vfio_open(struct dcv_device *dev, const struct dcv_open_opts *opts, struct dcv_error *err);
void dcv_vfio_release(struct dcv_device *dev);
void dcv_vfio_close(struct dcv_device *dev);
int dcv_vfio_irq_rearm(struct dcv_device *dev);

int dcv_vfio_dma_init(struct dcv_device *dev, uint64_t base, uint64_t size, struct dcv_error *err);
void dcv_vfio_dma_fini(struct dcv_device *dev);

int dcv_uio_open(struct dcv_device *dev, const struct dcv_open_opts *opts, struct dcv_error *err);
void dcv_uio_release(struct dcv_device *dev);
void dcv_uio_close(struct dcv_device *dev);

/* device.c: the device is gone; drop the BAR (and VFIO's device fd) so the
 * kernel can finish removing it. Idempotent. */
void dcv_mark_removed(struct dcv_device *dev);
int dcv_uio_irq_rearm(struct dcv_device *dev);

/* ---- pci.c: libpciaccess ----------------------------------------------- */

/* pci_system_init (counted) and the pci_device of dev->address, probed;
 * checks its IDs against sysfs. */
int dcv_pci_attach(struct dcv_device *dev, struct dcv_error *err);
void dcv_pci_detach(struct dcv_device *dev);

#endif
