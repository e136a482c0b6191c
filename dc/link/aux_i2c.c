/*
 * I2C-over-AUX: the EDID of a DP receiver. The I2C transfer stays open
 * across AUX requests with MOT (middle-of-transaction) set: the E-DDC
 * segment pointer write, the offset write and the 16-byte reads form one
 * I2C transaction with repeated STARTs; an address-only request without
 * MOT ends it with a STOP (which also resets the segment pointer). DEFER
 * and I2C_DEFER replies are retried like native ones; a reply with fewer
 * bytes than asked is continued.
 */
#include <errno.h>
#include <string.h>

#include "link_priv.h"

static int i2c_write_byte(struct dc *dc, unsigned link, uint8_t addr7, uint8_t v)
{
	int n = dc_aux_request(dc, link, DP_AUX_I2C_WRITE | DP_AUX_I2C_MOT, addr7, &v, 1);

	return n < 0 ? n : 0;
}

static int aux_edid_block(struct dc *dc, unsigned link, unsigned block, uint8_t *buf)
{
	uint8_t segment = (uint8_t)(block / 2);
	int ret = 0;

	if (segment)
		ret = i2c_write_byte(dc, link, DDC_SEGMENT_ADDR, segment);
	if (!ret)
		ret = i2c_write_byte(dc, link, DDC_ADDR, (uint8_t)(block % 2 * DC_EDID_BLOCK));
	if (!ret)
		ret = dc_aux_transfer(dc, link, DP_AUX_I2C_READ | DP_AUX_I2C_MOT, DDC_ADDR, false,
				      buf, DC_EDID_BLOCK);
	/* STOP: an address-only request without MOT (also after a failure) */
	if (ret != -ENODEV && ret != -ETIMEDOUT)
		dc_aux_request(dc, link, DP_AUX_I2C_READ, DDC_ADDR, NULL, 0);
	return ret;
}

int dc_aux_read_edid(struct dc *dc, unsigned link, uint8_t **edid, size_t *size)
{
	return dc_edid_read(dc, link, "I2C-over-AUX", aux_edid_block, edid, size);
}
