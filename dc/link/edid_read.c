/*
 * Reading a whole EDID block by block, the same way over DDC and over
 * I2C-over-AUX (the bus comes in as a block reader): block 0 says how many
 * extension blocks follow (byte 126). A block nobody acknowledges is tried
 * again, a block with a wrong checksum is read once more (a glitch on the
 * bus goes away, a broken EDID does not) and then kept as read: dc/edid
 * decodes what it can and flags the block.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "link_priv.h"

#define EXTENSION_COUNT 126

static uint8_t block_sum(const uint8_t *b)
{
	uint8_t sum = 0;

	for (unsigned i = 0; i < DC_EDID_BLOCK; i++)
		sum = (uint8_t)(sum + b[i]);
	return sum;
}

static int read_acked(struct dc *dc, unsigned link, const char *bus, dc_edid_block_fn read_block,
		      unsigned block, uint8_t *buf)
{
	int ret = -EIO;

	for (unsigned attempt = 0; attempt <= DC_EDID_NACK_RETRIES; attempt++) {
		ret = read_block(dc, link, block, buf);
		if (ret != -EIO)
			break;
		dc_log(dc, DC_LOG_DEBUG,
		       "%s: EDID block %u over %s: not acknowledged (try %u of %u)",
		       dc->links[link].name, block, bus, attempt + 1, DC_EDID_NACK_RETRIES + 1);
	}
	return ret;
}

static int read_checked(struct dc *dc, unsigned link, const char *bus, dc_edid_block_fn read_block,
			unsigned block, uint8_t *buf)
{
	const char *name = dc->links[link].name;
	uint8_t sum;
	int ret;

	ret = read_acked(dc, link, bus, read_block, block, buf);
	if (ret || !(sum = block_sum(buf)))
		return ret;
	dc_log(dc, DC_LOG_INFO,
	       "%s: EDID block %u over %s: checksum 0x%02x, expected 0x%02x; reading it again",
	       name, block, bus, buf[DC_EDID_BLOCK - 1], (uint8_t)(buf[DC_EDID_BLOCK - 1] - sum));
	ret = read_acked(dc, link, bus, read_block, block, buf);
	if (ret || !(sum = block_sum(buf)))
		return ret;
	dc_log(dc, DC_LOG_WARNING,
	       "%s: EDID block %u over %s: checksum 0x%02x, expected 0x%02x, again; kept as read",
	       name, block, bus, buf[DC_EDID_BLOCK - 1], (uint8_t)(buf[DC_EDID_BLOCK - 1] - sum));
	return 0;
}

int dc_edid_read(struct dc *dc, unsigned link, const char *bus, dc_edid_block_fn read_block,
		 uint8_t **edid, size_t *size)
{
	const char *name = dc->links[link].name;
	unsigned blocks, got;
	uint8_t *buf;
	int ret;

	*edid = NULL;
	*size = 0;
	buf = malloc(DC_EDID_BLOCK * DC_LINK_EDID_MAX_BLOCKS);
	if (!buf)
		return -ENOMEM;
	ret = read_checked(dc, link, bus, read_block, 0, buf);
	if (ret) {
		free(buf);
		return ret;
	}
	blocks = 1u + buf[EXTENSION_COUNT];
	if (blocks > DC_LINK_EDID_MAX_BLOCKS) {
		dc_log(dc, DC_LOG_WARNING,
		       "%s: EDID announces %u extension blocks, reading the first %u only", name,
		       blocks - 1, DC_LINK_EDID_MAX_BLOCKS - 1);
		blocks = DC_LINK_EDID_MAX_BLOCKS;
	}
	for (got = 1; got < blocks; got++) {
		ret = read_checked(dc, link, bus, read_block, got, buf + got * DC_EDID_BLOCK);
		if (ret) {
			dc_log(dc, DC_LOG_WARNING,
			       "%s: EDID block %u of %u over %s could not be read (%s); keeping %u",
			       name, got, blocks, bus, strerror(-ret), got);
			break;
		}
	}
	*edid = buf;
	*size = (size_t)got * DC_EDID_BLOCK;
	return 0;
}
