/*
 * EDID decoding entry point: splits the input into 128-byte blocks, checks
 * each block's checksum, sizes the result arrays and hands every block to
 * the decoder for its tag.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "edid_priv.h"

static const uint8_t edid_header[8] = { 0x00, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x00 };

/* Upper bounds of what one 128-byte block can hold, per kind of block. */
enum {
	MAX_DESCRIPTORS_PER_BLOCK = 6,	     /* (127 - 4) / 18 */
	MAX_STD_PER_DESCRIPTOR = 6,	     /* 0xFA descriptor */
	MAX_CVT_PER_DESCRIPTOR = 4,	     /* 0xF8 descriptor */
	MAX_VTB_STD = 61,		     /* (127 - 5) / 2 */
	MAX_VTB_CVT = 40,		     /* (127 - 5) / 3 */
	MAX_TYPE7_PER_BLOCK = 6,	     /* 20-byte descriptors in 121 bytes */
	MAX_DATA_BYTES_PER_BLOCK = 124,	     /* one entry per byte at most */
	MAX_SADS_PER_BLOCK = 42,	     /* 3-byte descriptors */
	MAX_DISPLAYID_BLOCKS_PER_BLOCK = 40, /* 3-byte headers in 121 bytes */
};

static int header_score(const uint8_t *data, size_t size)
{
	int score = 0;

	for (size_t i = 0; i < sizeof(edid_header) && i < size; i++)
		score += data[i] == edid_header[i];
	return score;
}

/*
 * Arrays are sized once from the block tags, so the decoders append without
 * reallocating and an append past capacity is a decoder bug, not an input
 * problem (it is still checked).
 */
static int edid_alloc(struct edid_ctx *c)
{
	struct dc_edid *e = c->e;
	struct edid_caps_alloc *cap = &c->cap;
	size_t cta = 0, vtb = 0, displayid = 0;

	for (unsigned b = 1; b < e->num_blocks; b++) {
		switch (e->raw[b * DC_EDID_BLOCK_SIZE]) {
		case DC_EDID_EXT_CTA:
			cta++;
			break;
		case DC_EDID_EXT_VTB:
			vtb++;
			break;
		case DC_EDID_EXT_DISPLAYID:
			displayid++;
			break;
		default:
			break;
		}
	}
	size_t desc_blocks = 1 + cta;
	size_t data_blocks = cta + displayid;

	cap->dtds = 4 + (cta + vtb) * MAX_DESCRIPTORS_PER_BLOCK;
	cap->displayid_timings = data_blocks * MAX_TYPE7_PER_BLOCK;
	cap->std_timings = 8 + desc_blocks * MAX_DESCRIPTORS_PER_BLOCK * MAX_STD_PER_DESCRIPTOR +
			   vtb * MAX_VTB_STD;
	cap->cvt_codes = desc_blocks * MAX_DESCRIPTORS_PER_BLOCK * MAX_CVT_PER_DESCRIPTOR +
			 vtb * MAX_VTB_CVT;
	cap->descriptors = desc_blocks * MAX_DESCRIPTORS_PER_BLOCK;
	cap->svds = data_blocks * MAX_DATA_BYTES_PER_BLOCK;
	cap->y420_vics = cap->svds;
	cap->sads = data_blocks * MAX_SADS_PER_BLOCK;
	cap->data_blocks = data_blocks * MAX_DATA_BYTES_PER_BLOCK;
	cap->displayid_blocks = displayid * MAX_DISPLAYID_BLOCKS_PER_BLOCK;

	e->blocks = calloc(e->num_blocks, sizeof(*e->blocks));
	e->warnings = calloc(DC_EDID_MAX_WARNINGS, sizeof(*e->warnings));
	e->dtds = calloc(cap->dtds, sizeof(*e->dtds));
	e->std_timings = calloc(cap->std_timings, sizeof(*e->std_timings));
	e->cvt_codes = calloc(cap->cvt_codes, sizeof(*e->cvt_codes));
	e->descriptors = calloc(cap->descriptors, sizeof(*e->descriptors));
	if (!e->blocks || !e->warnings || !e->dtds || !e->std_timings || !e->cvt_codes ||
	    !e->descriptors)
		return -ENOMEM;
	if (data_blocks) {
		e->displayid_timings =
			calloc(cap->displayid_timings, sizeof(*e->displayid_timings));
		e->cta.svds = calloc(cap->svds, sizeof(*e->cta.svds));
		e->cta.y420_vics = calloc(cap->y420_vics, 1);
		e->cta.sads = calloc(cap->sads, sizeof(*e->cta.sads));
		e->cta.data_blocks = calloc(cap->data_blocks, sizeof(*e->cta.data_blocks));
		if (!e->displayid_timings || !e->cta.svds || !e->cta.y420_vics || !e->cta.sads ||
		    !e->cta.data_blocks)
			return -ENOMEM;
	}
	if (displayid) {
		e->displayid.data_blocks =
			calloc(cap->displayid_blocks, sizeof(*e->displayid.data_blocks));
		if (!e->displayid.data_blocks)
			return -ENOMEM;
	}
	return 0;
}

static void check_block(struct edid_ctx *c, unsigned b)
{
	struct dc_edid *e = c->e;
	struct dc_edid_block *blk = &e->blocks[b];
	const uint8_t *x = e->raw + b * DC_EDID_BLOCK_SIZE;
	size_t start = (size_t)b * DC_EDID_BLOCK_SIZE;
	uint8_t sum = 0;

	blk->is_base = b == 0;
	blk->tag = x[0];
	blk->revision = x[1];
	blk->bytes = e->size - start >= DC_EDID_BLOCK_SIZE ? DC_EDID_BLOCK_SIZE
							   : (uint16_t)(e->size - start);
	for (unsigned i = 0; i < DC_EDID_BLOCK_SIZE - 1; i++)
		sum += x[i];
	blk->checksum_expected = (uint8_t)(0x100 - sum);
	if (blk->bytes < DC_EDID_BLOCK_SIZE) {
		edid_warn(c, (int)b, DC_EDID_WARN_TRUNCATED,
			  "%u of 128 bytes present, the rest read as 0", blk->bytes);
		return;
	}
	blk->checksum = x[DC_EDID_BLOCK_SIZE - 1];
	blk->checksum_ok = blk->checksum == blk->checksum_expected;
	blk->valid = blk->checksum_ok;
	if (!blk->checksum_ok)
		edid_warn(c, (int)b, DC_EDID_WARN_CHECKSUM, "checksum 0x%02x, expected 0x%02x",
			  blk->checksum, blk->checksum_expected);
}

static void decode_extension(struct edid_ctx *c, unsigned b)
{
	const uint8_t *x = c->e->raw + b * DC_EDID_BLOCK_SIZE;
	uint8_t block = (uint8_t)b;

	switch (x[0]) {
	case DC_EDID_EXT_CTA:
		edid_decode_cta(c, block, x);
		break;
	case DC_EDID_EXT_VTB:
		edid_decode_vtb(c, block, x);
		break;
	case DC_EDID_EXT_DISPLAYID:
		edid_decode_displayid(c, block, x);
		break;
	case DC_EDID_EXT_DI:
	case DC_EDID_EXT_LS:
	case DC_EDID_EXT_DPVL:
	case DC_EDID_EXT_BLOCK_MAP:
	case DC_EDID_EXT_VENDOR:
		/* Known tags whose contents nothing in dcd uses; kept in raw. */
		break;
	default:
		edid_warn(c, (int)b, DC_EDID_WARN_UNKNOWN, "unknown extension tag 0x%02x, kept raw",
			  x[0]);
		break;
	}
}

static void check_block_count(struct edid_ctx *c)
{
	struct dc_edid *e = c->e;
	unsigned declared = e->base.extension_count;

	for (unsigned b = 1; b < e->num_blocks; b++)
		e->blocks[b].declared = b <= declared;
	if (declared + 1 > e->num_blocks)
		edid_warn(c, -1, DC_EDID_WARN_BLOCKS,
			  "EDID declares %u extension blocks but %u are present", declared,
			  e->num_blocks - 1);
	else if (declared + 1 < e->num_blocks)
		edid_warn(c, -1, DC_EDID_WARN_BLOCKS,
			  "EDID declares %u extension blocks, %u are present: the extra ones are "
			  "decoded too",
			  declared, e->num_blocks - 1);
}

int dc_edid_parse(const uint8_t *data, size_t size, struct dc_edid **out)
{
	struct edid_ctx c = { 0 };
	struct dc_edid *e;
	size_t kept = size;
	int score, ret;

	if (!out)
		return -EINVAL;
	*out = NULL;
	if (!data || size < sizeof(edid_header))
		return -EINVAL;
	score = header_score(data, size);
	if (score < 6)
		return -EINVAL;

	e = calloc(1, sizeof(*e));
	if (!e)
		return -ENOMEM;
	c.e = e;
	if (kept > (size_t)DC_EDID_MAX_BLOCKS * DC_EDID_BLOCK_SIZE)
		kept = (size_t)DC_EDID_MAX_BLOCKS * DC_EDID_BLOCK_SIZE;
	e->size = kept;
	e->num_blocks = (unsigned)((kept + DC_EDID_BLOCK_SIZE - 1) / DC_EDID_BLOCK_SIZE);
	e->raw = calloc(e->num_blocks, DC_EDID_BLOCK_SIZE);
	if (!e->raw) {
		ret = -ENOMEM;
		goto fail;
	}
	memcpy(e->raw, data, kept);
	ret = edid_alloc(&c);
	if (ret)
		goto fail;

	if (kept < size)
		edid_warn(&c, -1, DC_EDID_WARN_BLOCKS,
			  "EDID of %zu bytes: only the first %u blocks (%zu bytes) are decoded",
			  size, DC_EDID_MAX_BLOCKS, kept);
	if (score < 8)
		edid_warn(&c, 0, DC_EDID_WARN_INVALID,
			  "EDID header: %d of 8 bytes differ from 00 ff ff ff ff ff ff 00",
			  8 - score);
	for (unsigned b = 0; b < e->num_blocks; b++)
		check_block(&c, b);

	edid_decode_base(&c, e->raw);
	check_block_count(&c);
	for (unsigned b = 1; b < e->num_blocks; b++)
		decode_extension(&c, b);
	edid_apply_y420_cmdb(&c);
	edid_summarise(e);

	*out = e;
	return 0;
fail:
	dc_edid_destroy(e);
	return ret;
}

void dc_edid_destroy(struct dc_edid *edid)
{
	if (!edid)
		return;
	free(edid->raw);
	free(edid->blocks);
	free(edid->dtds);
	free(edid->displayid_timings);
	free(edid->std_timings);
	free(edid->cvt_codes);
	free(edid->descriptors);
	free(edid->cta.svds);
	free(edid->cta.y420_vics);
	free(edid->cta.sads);
	free(edid->cta.data_blocks);
	free(edid->displayid.data_blocks);
	free(edid->warnings);
	free(edid);
}

static const char *block_tag_name(uint8_t tag)
{
	switch (tag) {
	case DC_EDID_EXT_CTA:
		return "CTA-861 Extension Block";
	case DC_EDID_EXT_VTB:
		return "Video Timing Extension Block";
	case 0x20:
		return "EDID 2.0 Extension Block";
	case DC_EDID_EXT_DI:
		return "Display Information Extension Block";
	case DC_EDID_EXT_LS:
		return "Localized String Extension Block";
	case DC_EDID_EXT_DPVL:
		return "DPVL Extension Block";
	case DC_EDID_EXT_DISPLAYID:
		return "DisplayID Extension Block";
	case DC_EDID_EXT_BLOCK_MAP:
		return "Block Map Extension Block";
	case DC_EDID_EXT_VENDOR:
		return "Manufacturer-Specific Extension Block";
	default:
		return NULL;
	}
}

int dc_edid_block_name(const struct dc_edid_block *block, char *buf, size_t size)
{
	const char *name = block->is_base ? "Base EDID" : block_tag_name(block->tag);

	if (name)
		return snprintf(buf, size, "%s", name);
	return snprintf(buf, size, "Unknown EDID Extension Block 0x%02x", block->tag);
}
