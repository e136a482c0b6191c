/* The VFCT tables of vfct_build.h. */
#include <stddef.h>
#include <string.h>

#include "vfct_build.h"

void vfct_t_put32(uint8_t *p, uint32_t v)
{
	for (int i = 0; i < 4; i++)
		p[i] = (uint8_t)(v >> (8 * i));
}

static void put16(uint8_t *p, uint16_t v)
{
	p[0] = (uint8_t)v;
	p[1] = (uint8_t)(v >> 8);
}

void vfct_t_fix_checksum(uint8_t *table, size_t len)
{
	uint8_t sum = 0;

	table[9] = 0;
	for (size_t i = 0; i < len; i++)
		sum = (uint8_t)(sum + table[i]);
	table[9] = (uint8_t)(0x100 - sum);
}

size_t vfct_t_build(uint8_t *buf, size_t cap, const struct vfct_t_image *images, size_t n)
{
	size_t len = VFCT_T_HEADER;

	for (size_t i = 0; i < n; i++)
		len += VFCT_T_RECORD + images[i].length;
	if (len > cap)
		return 0;
	memset(buf, 0, len);
	memcpy(buf, "VFCT", 4);
	vfct_t_put32(buf + 4, (uint32_t)len);
	buf[8] = 1; /* revision */
	memcpy(buf + 10, "DCDTST", 6);
	memcpy(buf + 16, "DCD VFCT", 8);
	vfct_t_put32(buf + 52, VFCT_T_HEADER); /* the first image record */
	size_t at = VFCT_T_HEADER;
	for (size_t i = 0; i < n; i++) {
		const struct vfct_t_image *im = &images[i];

		vfct_t_put32(buf + at, im->bus);
		vfct_t_put32(buf + at + 4, im->device);
		vfct_t_put32(buf + at + 8, im->function);
		put16(buf + at + 12, im->vendor_id);
		put16(buf + at + 14, im->device_id);
		put16(buf + at + 16, 0x1002);	   /* subsystem vendor */
		put16(buf + at + 18, 0x0123);	   /* subsystem */
		vfct_t_put32(buf + at + 20, 0xc4); /* revision */
		vfct_t_put32(buf + at + 24, im->length);
		if (im->length)
			memcpy(buf + at + VFCT_T_RECORD, im->bytes, im->length);
		at += VFCT_T_RECORD + im->length;
	}
	vfct_t_fix_checksum(buf, len);
	return len;
}
