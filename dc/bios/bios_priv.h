/*
 * Internals of dc/bios: the indexed image and little-endian readers that
 * never read past it.
 */
#ifndef DC_BIOS_PRIV_H
#define DC_BIOS_PRIV_H

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>

#include "dc_bios.h"

struct dc_bios {
	uint8_t *rom;
	size_t size; /* the ROM image: byte 2 x 512, at most 64 KiB of ATOM space */
	uint16_t rom_header;
	uint16_t cmd_list, data_list;
	struct dc_bios_table cmd[DC_BIOS_CMD_COUNT];
	struct dc_bios_table data[DC_BIOS_DATA_COUNT];
	uint16_t vendor, device;
	char version[48];
	char date[20];
	/* Start of each indirect IO program (IndirectIOAccess), 0 if none. */
	uint16_t iio[128];
	/* The firmware scratch tables see as the FB space. */
	uint32_t *scratch;
	unsigned scratch_dwords;
};

static inline uint8_t bios_u8(const struct dc_bios *b, size_t off)
{
	return off < b->size ? b->rom[off] : 0;
}

static inline uint16_t bios_u16(const struct dc_bios *b, size_t off)
{
	return (uint16_t)(bios_u8(b, off) | bios_u8(b, off + 1) << 8);
}

static inline uint32_t bios_u32(const struct dc_bios *b, size_t off)
{
	return (uint32_t)bios_u16(b, off) | (uint32_t)bios_u16(b, off + 2) << 16;
}

/* True when [off, off + len) lies inside the image. */
static inline bool bios_has(const struct dc_bios *b, size_t off, size_t len)
{
	return off <= b->size && len <= b->size - off;
}

/* Formats err (may be NULL) and returns ret: `return bios_fail(err, -EINVAL, ...)`. */
__attribute__((format(printf, 3, 4))) static inline int bios_fail(struct dc_bios_error *err,
								  int ret, const char *fmt, ...)
{
	if (err) {
		va_list ap;

		va_start(ap, fmt);
		vsnprintf(err->message, sizeof(err->message), fmt, ap);
		va_end(ap);
	}
	return ret;
}

/*
 * A data table that must be there with a known format revision and at
 * least min_size bytes: 0 and *t, -ENOENT, or -EINVAL naming the table.
 */
int bios_data_need(const struct dc_bios *b, unsigned index, uint8_t min_frev, uint8_t max_frev,
		   uint16_t min_size, struct dc_bios_table *t, struct dc_bios_error *err);

#endif
