/*
 * ACPI VFCT tables the tests build themselves (the public layout of
 * atombios.h's UEFI_ACPI_VFCT and VFCT_IMAGE_HEADER; vfio/vfct.c), with
 * the images the caller gives.
 */
#ifndef VFCT_BUILD_H
#define VFCT_BUILD_H

#include <stddef.h>
#include <stdint.h>

#define VFCT_T_HEADER 76u
#define VFCT_T_RECORD 28u

struct vfct_t_image {
	uint8_t bus, device, function;
	uint16_t vendor_id, device_id;
	const void *bytes;
	uint32_t length;
};

/*
 * Writes a VFCT table with the images in order into buf (cap bytes) and
 * returns its length, the checksum set; 0 when it does not fit. Used by
 * the unit tests and, on the host, by the QEMU test (tests/qemu).
 */
size_t vfct_t_build(uint8_t *buf, size_t cap, const struct vfct_t_image *images, size_t n);

/* Sets byte 9 so that the first len bytes sum to 0 (after the test changed some). */
void vfct_t_fix_checksum(uint8_t *table, size_t len);

void vfct_t_put32(uint8_t *p, uint32_t v);

#endif
