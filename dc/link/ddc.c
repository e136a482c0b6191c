/*
 * The link's DDC line through the DC_I2C engine: register access on the
 * I2C devices of a TMDS sink (SCDC at 0x54, a DP++ adaptor at 0x40) and
 * EDID blocks with the E-DDC segment pointer (0x30) for blocks 2 and up.
 * Standard-mode DDC: 100 kHz.
 */
#include <errno.h>
#include <string.h>

#include "link_priv.h"

#define DDC_SCL_KHZ   100
#define DDC_WRITE_MAX 32

static int transfer(struct dc *dc, unsigned link, struct dce110_i2c_txn *txn, unsigned n)
{
	const struct dc_link *l = &dc->links[link];
	uint32_t ref_khz = dc_ref_khz(dc);
	uint64_t bus_ns;
	int ret = dce110_i2c_start(dc->hw, l->desc.ddc, ref_khz, DDC_SCL_KHZ, txn, n, &bus_ns);

	if (ret)
		return ret;
	/* an EDID block is 12 ms at 100 kHz: other pipes' flips go on meanwhile */
	dc_bus_wait(dc, bus_ns);
	return dce110_i2c_finish(dc->hw, txn, n);
}

int dc_ddc_read(struct dc *dc, unsigned link, uint8_t addr7, uint8_t offset, uint8_t *buf,
		size_t len)
{
	struct dce110_i2c_txn txn[2] = {
		{ .addr7 = addr7, .data = &offset, .len = 1 },
		{ .addr7 = addr7, .read = true, .data = buf, .len = (uint16_t)len },
	};

	if (len == 0 || len > DCE110_I2C_BUFFER - 3)
		return -EINVAL;
	return transfer(dc, link, txn, 2);
}

int dc_ddc_write(struct dc *dc, unsigned link, uint8_t addr7, uint8_t offset, const uint8_t *buf,
		 size_t len)
{
	uint8_t data[1 + DDC_WRITE_MAX];
	struct dce110_i2c_txn txn = { .addr7 = addr7, .data = data, .len = (uint16_t)(1 + len) };

	if (len > DDC_WRITE_MAX)
		return -EINVAL;
	data[0] = offset;
	if (len)
		memcpy(&data[1], buf, len);
	return transfer(dc, link, &txn, 1);
}

/* Segment pointer (only past the first two blocks), offset, 128 bytes. */
static int ddc_edid_block(struct dc *dc, unsigned link, unsigned block, uint8_t *buf)
{
	uint8_t segment = (uint8_t)(block / 2);
	uint8_t offset = (uint8_t)(block % 2 * DC_EDID_BLOCK);
	struct dce110_i2c_txn txn[3];
	unsigned n = 0;

	if (segment)
		txn[n++] = (struct dce110_i2c_txn){ .addr7 = DDC_SEGMENT_ADDR,
						    .data = &segment,
						    .len = 1 };
	txn[n++] = (struct dce110_i2c_txn){ .addr7 = DDC_ADDR, .data = &offset, .len = 1 };
	txn[n++] = (struct dce110_i2c_txn){
		.addr7 = DDC_ADDR, .read = true, .data = buf, .len = DC_EDID_BLOCK
	};
	return transfer(dc, link, txn, n);
}

int dc_ddc_read_edid(struct dc *dc, unsigned link, uint8_t **edid, size_t *size)
{
	return dc_edid_read(dc, link, "DDC", ddc_edid_block, edid, size);
}
