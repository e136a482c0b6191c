/*
 * The programs that run inside the QEMU guest and exercise vfio/ through
 * its public API against QEMU's "edu" device on a real Linux kernel.
 * Each check prints one line "RESULT <name> PASS|FAIL <detail>" on the
 * results channel; tests/qemu/run-qemu-test asserts every expected name.
 */
#ifndef GUEST_H
#define GUEST_H

#include <stdbool.h>
#include <stdint.h>

#include "dc_vfio.h"
#include "guest_result.h"

/* edu registers, as dword offsets for struct dc_hw */
#define EDU_ID	       (0x00 / 4)
#define EDU_LIVENESS   (0x04 / 4)
#define EDU_IRQ_STATUS (0x24 / 4)
#define EDU_IRQ_RAISE  (0x60 / 4)
#define EDU_IRQ_ACK    (0x64 / 4)
#define EDU_DMA_SRC    (0x80 / 4)
#define EDU_DMA_DST    (0x88 / 4)
#define EDU_DMA_COUNT  (0x90 / 4)
#define EDU_DMA_CMD    (0x98 / 4)

#define EDU_ID_VALUE	0x010000edu
#define EDU_DMA_RUN	0x1
#define EDU_DMA_TO_RAM	0x2
#define EDU_DMA_IRQ	0x4
#define EDU_DMA_IRQ_BIT 0x100
#define EDU_DMA_BUFFER	0x40000u
/* edu addresses RAM through a 28-bit DMA mask. */
#define EDU_DMA_LIMIT	(1u << 28)

/* Raises edu interrupt bit; true when the irq fd saw it, *count from dcv_irq_consume. */
bool raise_seen(struct dcv_device *dev, uint32_t bit, int timeout_ms, int *count);

/*
 * PREFIX-intx, PREFIX-intx-masked, PREFIX-intx-rearm: an INTx interrupt
 * arrives, the next one is held back until irq_rearm, then arrives.
 */
void check_intx_masking(struct dcv_device *dev, const char *prefix);

/* Writes value to a sysfs file, as the admin would with echo. */
int sysfs_write(const char *path, const char *value);

/* Binds a PCI function to driver through driver_override. */
int bind_driver(const char *address, const char *driver);

/*
 * The video BIOS the host gives edu as its expansion ROM (QEMU's romfile=)
 * and in the ACPI VFCT table: AMD's Carrizo image, unmodified, also at
 * this path in the initramfs for comparison.
 */
#define GUEST_VBIOS	    "/vbios.bin"
#define GUEST_VBIOS_VERSION "113-C75100-031"

/* The checks of each area. */
void check_vfio(const char *address);
/* The video BIOS in the ACPI VFCT table for address; other has none there. */
void check_vfct(const char *address, const char *other);
void check_vfio_intx_and_removal(const char *address);
/* A sealed memfd framebuffer mapped read-only, given to the device for reads only. */
void check_fb_dma(struct dcv_device *dev);
void check_uio(const char *address);
void check_group(const char *address, const char *other);

#endif
