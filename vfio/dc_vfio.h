/*
 * libdcvfio: a real PCI display engine behind struct dc_hw.
 *
 * The daemon finds the GPU (dcv_find_gpu), opens it through VFIO or UIO
 * (dcv_open_gpu, or dcv_open for any PCI function), hands dcv_hw() to
 * Display Core, polls dcv_irq_fd() in its event loop, maps framebuffers for
 * the engine's DMA (dcv_dma_map) and watches for removal (dcv_monitor_*).
 * No threads, no globals of our own (libpciaccess keeps process-wide state:
 * see dcv_open), no exit().
 *
 * Errors: every function that can fail returns 0 (or a documented positive
 * value) on success and a negative errno on failure. Functions that take a
 * struct dcv_error also write one or more sentences into it that say what
 * failed and what the administrator can do about it, ready to print as they
 * are. docs/hardware.md lists the messages. err may be NULL when the text is
 * not wanted.
 *
 * Paths: every function that looks at sysfs or /dev takes the roots from
 * struct dcv_paths (NULL members mean "/sys" and "/dev"), so the decisions
 * can be tested against a fake tree. libpciaccess always uses the real /sys.
 */
#ifndef DC_VFIO_H
#define DC_VFIO_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "dc_asic.h"
#include "dc_hw.h"

/* Long enough for the longest message: a group listing or the ID table. */
#define DCV_ERROR_LEN 2048

struct dcv_error {
	char msg[DCV_ERROR_LEN];
};

/* "0000:03:00.0" plus the terminating NUL. */
#define DCV_ADDRESS_LEN 13

/* The register BAR of DCE 10/11 parts and the size it must have at least. */
#define DCV_DCE_REGISTER_BAR   5
/* The VRAM aperture ("frame buffer" BAR) of these GPUs: VRAM offset o at BAR offset o. */
#define DCV_VRAM_BAR	       0
#define DCV_DCE_REGISTER_BYTES (256u * 1024u)

struct dcv_paths {
	const char *sysfs; /* NULL: "/sys" */
	const char *dev;   /* NULL: "/dev" */
};

enum dcv_access {
	DCV_ACCESS_AUTO, /* whatever the bound driver offers: vfio-pci or uio_pci_generic */
	DCV_ACCESS_VFIO,
	DCV_ACCESS_UIO,
};

enum dcv_irq_mode {
	DCV_IRQ_AUTO, /* MSI when the device has it, else INTx */
	DCV_IRQ_MSI,
	DCV_IRQ_INTX,
	DCV_IRQ_NONE, /* no interrupts: dcv_irq_fd() returns -1 */
};

/* "vfio", "uio" or "auto": for messages and command lines. */
const char *dcv_access_name(enum dcv_access access);
/* "msi", "intx", "none" or "auto". */
const char *dcv_irq_mode_name(enum dcv_irq_mode mode);

/*
 * Parses "vfio", "uio" or "auto" (the value of `dcd --access`).
 * Returns 0, or -EINVAL with a message listing the accepted words.
 */
int dcv_access_parse(const char *word, enum dcv_access *access, struct dcv_error *err);

/* ---- Discovery --------------------------------------------------------- */

struct dcv_gpu {
	char address[DCV_ADDRESS_LEN];
	uint16_t vendor_id;
	uint16_t device_id;
	uint32_t class_code; /* 24 bits: base class, subclass, prog-if */
	enum dc_asic asic;
};

/*
 * Chooses the GPU dcd drives, reading <sysfs>/bus/pci/devices. With an
 * address ("0000:03:00.0", the value of `dcd --device`), checks that this
 * function is an AMD display controller whose device ID is in the table of
 * supported DCE 10/11 parts; without one (address NULL), takes the first
 * such function in address order. Fills *gpu with the address, IDs and ASIC
 * profile.
 *
 * Returns 0, or:
 *   -EINVAL  the address is not of the form DDDD:BB:DD.F;
 *   -ENOENT  no such PCI function, or (address NULL) no supported GPU at all:
 *            the message lists the display controllers that were found;
 *   -ENODEV  the function is not a supported GPU: the message prints its
 *            [vendor:device] and class and the supported list;
 *   -EIO     a sysfs attribute could not be read or parsed (named).
 */
int dcv_find_gpu(const struct dcv_paths *paths, const char *address, struct dcv_gpu *gpu,
		 struct dcv_error *err);

/*
 * Looks up a device ID of vendor 0x1002 in the supported table. Returns 0
 * and the profile in *asic, or -ENODEV.
 */
int dcv_lookup_asic(uint16_t vendor_id, uint16_t device_id, enum dc_asic *asic);

/*
 * Writes the supported parts as "Carrizo (1002:9870 ...), Stoney (...)"
 * into buf (always NUL-terminated; truncated to len). For --help and
 * messages.
 */
void dcv_supported_list(char *buf, size_t len);

/* ---- Opening a device -------------------------------------------------- */

struct dcv_device;

struct dcv_open_opts {
	struct dcv_paths paths;
	enum dcv_access access;
	enum dcv_irq_mode irq;
	int bar;	       /* the register BAR, 0-5 */
	uint64_t min_bar_size; /* 0: any size */
	/*
	 * The IOVA window dcv_dma_map() allocates from, intersected with the
	 * ranges the IOMMU reports as usable. Both 0: [1 MiB, 1 TiB), the
	 * 40-bit space a DCE surface address can reach, leaving page 0 and
	 * the first MiB unused so a zero or small address is never valid.
	 */
	uint64_t iova_base;
	uint64_t iova_size;
	/* Reset the function after opening (VFIO only; never done otherwise). */
	bool reset;
};

/*
 * Opens PCI function `address` (required) with no device ID policy: the
 * access path chosen by opts->access (AUTO: by the bound driver), BAR
 * opts->bar mapped, interrupts as opts->irq says. opts NULL means AUTO
 * access, AUTO interrupts, BAR 0, no minimum size.
 *
 * VFIO: opens <dev>/vfio/vfio and the function's IOMMU group, checks that
 * the group is viable, attaches it to the container with the type1 IOMMU,
 * gets the device fd, mmaps the BAR from its region info, enables memory
 * decoding and bus mastering in the command register, and sets up MSI (or
 * INTx with unmask) on an eventfd plus the kernel's release request
 * (VFIO_PCI_REQ_IRQ_INDEX, see dcv_monitor_new). No reset unless
 * opts->reset.
 *
 * UIO: needs uio_pci_generic bound; maps the BAR through its sysfs resource
 * file with libpciaccess (pci_device_map_range) and takes interrupts from
 * <dev>/uioN; INTx is re-enabled by clearing the INTx-disable bit (bit 10 of
 * the command register) through sysfs config. No DMA mapping (no IOMMU
 * control).
 *
 * libpciaccess keeps process-wide state (pci_system_init); dcv counts its
 * users so several devices may be open, but nothing else in the process may
 * call pci_system_cleanup while one is.
 *
 * Returns 0 and *out, or:
 *   -EINVAL  malformed address or options, or the BAR is smaller than
 *            opts->min_bar_size, or an I/O-port BAR;
 *   -ENOENT  no such PCI function, or the vfio/uio device node is missing;
 *   -ENXIO   not bound to the driver the access needs (the message gives the
 *            driver_override commands), or the BAR is not implemented;
 *   -ENODEV  no IOMMU group (IOMMU off);
 *   -EBUSY   the IOMMU group is not viable (the message lists the other
 *            devices in the group and their drivers), or the group is
 *            already open elsewhere;
 *   -EACCES / -EPERM  permission denied on a device node or sysfs file;
 *   -ENOTSUP reset asked of a function that offers none, MSI asked of
 *            UIO or of a function without it;
 *   other -errno from the kernel, named in the message.
 */
int dcv_open(const char *address, const struct dcv_open_opts *opts, struct dcv_device **out,
	     struct dcv_error *err);

/*
 * `dcd --device ADDRESS --access vfio|uio`: dcv_find_gpu(opts->paths,
 * address) then dcv_open() of the GPU's register BAR. address NULL takes the
 * first supported GPU. opts may be NULL; its bar and min_bar_size are
 * ignored (DCV_DCE_REGISTER_BAR and DCV_DCE_REGISTER_BYTES are used).
 * Fills *gpu (may be NULL). Errors: those of both.
 */
int dcv_open_gpu(const char *address, const struct dcv_open_opts *opts, struct dcv_gpu *gpu,
		 struct dcv_device **out, struct dcv_error *err);

/* Releases everything: DMA mappings, interrupts, the BAR, fds. NULL is fine. */
void dcv_close(struct dcv_device *dev);

/*
 * The register window as Display Core sees it: read32/write32 take dword
 * offsets into the BAR (an offset past the end reads 0xffffffff and writes
 * nothing), now_ns is CLOCK_MONOTONIC, delay_ns sleeps, irq_fd is
 * dcv_irq_fd(), irq_rearm is dcv_irq_rearm(). Valid until dcv_close(). After
 * the device is gone (dcv_removed) reads return 0xffffffff and writes do
 * nothing, as on a surprise-removed PCIe device.
 */
struct dc_hw *dcv_hw(struct dcv_device *dev);

const char *dcv_address(const struct dcv_device *dev);
enum dcv_access dcv_access_used(const struct dcv_device *dev);
enum dcv_irq_mode dcv_irq_mode_used(const struct dcv_device *dev);
uint64_t dcv_bar_size(const struct dcv_device *dev);

/* ---- Interrupts -------------------------------------------------------- */

/*
 * The fd that polls readable while an interrupt is pending: a VFIO eventfd
 * or the /dev/uioN node; -1 without interrupts. Clear it with
 * dcv_irq_consume(), not read(): the two kinds need different reads.
 */
int dcv_irq_fd(const struct dcv_device *dev);

/*
 * Reads the interrupt fd without blocking. Returns the number of interrupts
 * since the last call (> 0; the first read of a UIO fd counts as 1), 0 when
 * none is pending, -ENODEV after removal, -ENOTSUP without interrupts,
 * or another -errno.
 */
int dcv_irq_consume(struct dcv_device *dev);

/*
 * Lets the next interrupt through after the device's interrupt status has
 * been acknowledged: VFIO INTx is unmasked (VFIO_IRQ_SET_ACTION_UNMASK),
 * uio_pci_generic's INTx-disable bit is cleared; nothing for MSI. Returns 0
 * or -errno.
 */
int dcv_irq_rearm(struct dcv_device *dev);

/* ---- DMA (VFIO only) --------------------------------------------------- */

/*
 * What the device may do with a DMA mapping. Scanout only reads: client
 * framebuffers are mapped PROT_READ by dcd (ipc/fbmap.c) and the IOMMU
 * refuses the device any write to them. The kernel pins a mapping for
 * writing only when the device may write, so a read-only user mapping can
 * be pinned only as DCV_DMA_DEVICE_READS (with writes it fails with EFAULT).
 * Rings the device fills (interrupt vectors, write-pointer writeback) need
 * DCV_DMA_DEVICE_READS_WRITES.
 */
enum dcv_dma_access {
	DCV_DMA_DEVICE_READS,
	DCV_DMA_DEVICE_READS_WRITES,
};

/*
 * Maps [vaddr, vaddr + size) for the device with the given access and
 * returns the device address in *iova. vaddr and size must be multiples of
 * the IOMMU page size (4096 on x86). The memory is pinned until
 * dcv_dma_unmap().
 *
 * IOVA allocation: first fit over the usable part of the window (the ranges
 * the IOMMU reports minus reserved ones such as the MSI doorbell at
 * 0xfee00000), aligned to the IOMMU page size, and to 2 MiB for mappings of
 * 2 MiB or more so the IOMMU can use large pages. An unmapped range is free
 * for the next mapping at once (lowest address first). Returns 0, -EINVAL
 * (alignment, zero size, unknown access), -ENOSPC (no free range of that
 * size is left), -ENOTSUP (UIO access), -ENODEV (removed) or the kernel's
 * -errno (-EFAULT: memory the process may not write, mapped for device
 * writes).
 */
int dcv_dma_map(struct dcv_device *dev, void *vaddr, uint64_t size, enum dcv_dma_access access,
		uint64_t *iova, struct dcv_error *err);

/*
 * VRAM as the host sees it: BAR 0 mapped (once; later calls return the
 * same mapping) through VFIO, *size bytes from VRAM offset 0. Scanout
 * buffers live here (docs/hardware.md, "Scanout memory"). -ENOTSUP under
 * UIO, -ENXIO when the BAR is absent or cannot be mmapped, -ENODEV when
 * the device is gone. Unmapped at dcv_close.
 */
int dcv_vram_map(struct dcv_device *dev, void **ptr, uint64_t *size, struct dcv_error *err);

int dcv_dma_unmap(struct dcv_device *dev, uint64_t iova);

/* ---- ROM --------------------------------------------------------------- */

/*
 * Reads the expansion ROM (the VBIOS on discrete GPUs) with
 * pci_device_read_rom into a malloc'ed buffer the caller frees. Returns 0,
 * -ENOENT when the function has no ROM (APUs keep their VBIOS in the ACPI
 * VFCT table instead), or -errno.
 */
int dcv_read_rom(struct dcv_device *dev, void **rom, size_t *size, struct dcv_error *err);

/* ---- ACPI VFCT ----------------------------------------------------------- */

/*
 * Finds gpu's video BIOS in the bytes of an ACPI VFCT table (where the
 * firmware of an APU hands it over; docs/bios.md, "Sources on hardware"):
 * checks the ACPI header (signature, declared length against len, byte sum
 * 0), walks the image records from the VFCT header's first-image offset,
 * bounding every offset and length by the declared length, and takes the
 * first image of non-zero length whose PCI bus, device, function, vendor
 * and device ID are gpu's (VFCT records carry no PCI domain: as the
 * kernel, dcv ignores it). *image is a malloc'ed copy the caller frees;
 * its contents are not checked here (dc_bios_load does that).
 *
 * Returns 0, or:
 *   -EINVAL  truncated table, wrong signature, bad checksum, an offset or
 *            an image outside the table (the message names the numbers);
 *   -ENOENT  no image for gpu: the message lists the ones there are
 *            ("... lists images for 0000:00:01.0 1002:9874, not for ...").
 */
int dcv_vfct_image(const void *table, size_t len, const struct dcv_gpu *gpu, void **image,
		   size_t *size, struct dcv_error *err);

/*
 * dcv_vfct_image on <paths->sysfs>/firmware/acpi/tables/VFCT (root only:
 * the kernel makes ACPI tables 0400). -ENOENT also when there is no such
 * table, -EACCES without permission, -EFBIG past 16 MiB.
 */
int dcv_read_vfct(const struct dcv_paths *paths, const struct dcv_gpu *gpu, void **image,
		  size_t *size, struct dcv_error *err);

/* ---- Removal ----------------------------------------------------------- */

struct dcv_monitor;

/* Bits of what dcv_monitor_dispatch() saw. */
enum dcv_monitor_event {
	/* The kernel asked for the device back (VFIO release request, sent
	 * when it is being removed or unbound). dcv has released it. */
	DCV_MONITOR_RELEASED = 1 << 0,
	/* udev reported the device removed or its driver unbound. */
	DCV_MONITOR_REMOVED = 1 << 1,
};

/*
 * Watches dev for removal: a libudev monitor on kernel uevents (no udevd
 * needed) for the PCI function, and for VFIO the kernel's release request.
 * Returns 0 and *out, or -errno (message in err).
 */
int dcv_monitor_new(struct dcv_device *dev, struct dcv_monitor **out, struct dcv_error *err);

/* One fd (an epoll set) that polls readable when dcv_monitor_dispatch has work. */
int dcv_monitor_fd(const struct dcv_monitor *mon);

/*
 * Drains what is pending without blocking. On a release request or removal
 * it marks the device removed (from then on reads return 0xffffffff, writes
 * and DMA mapping do nothing) and drops the BAR mapping and, for VFIO, the
 * device and group fds so the kernel's removal can finish. Returns the
 * DCV_MONITOR_* bits seen in this call (0: nothing about this device; a
 * release and the removal that follows may come in one call) or -errno.
 * The daemon then stops polling dcv_irq_fd(), reports the removal, drops
 * the outputs and keeps serving its clients; dcv_close() frees the rest.
 */
int dcv_monitor_dispatch(struct dcv_monitor *mon);

/* Frees the monitor (not the device). NULL is fine. */
void dcv_monitor_free(struct dcv_monitor *mon);

/* True once the device is gone (released or removed). */
bool dcv_removed(const struct dcv_device *dev);

#endif
