/*
 * DisplayID 1.3 and 2.x sections carried in EDID extension blocks (tag
 * 0x70): product identification, display parameters, type I and type VII
 * detailed timings, tiled display topology, timing range and adaptive-sync
 * data, and CTA-861 data blocks wrapped in DisplayID (tag 0x81).
 */
#include <string.h>

#include "edid_priv.h"

/* DisplayID data block tags (1.3 section 4, 2.1 section 4) */
enum {
	DID_PRODUCT_ID = 0x00,
	DID_DISPLAY_PARAMS = 0x01,
	DID_TYPE1_TIMING = 0x03,
	DID_TILED = 0x12,
	DID2_PRODUCT_ID = 0x20,
	DID2_DISPLAY_PARAMS = 0x21,
	DID2_TYPE7_TIMING = 0x22,
	DID2_DYNAMIC_RANGE = 0x25,
	DID2_TILED = 0x28,
	DID2_ADAPTIVE_SYNC = 0x2b,
	DID_CTA_DATA = 0x81,
};

/* Section bytes after the 5-byte header: 128 - 5 - section checksum - EDID checksum. */
#define DID_MAX_SECTION 121

/*
 * Type I (1.3 section 4.4.1) and type VII (2.x section 4.3.1) share one
 * 20-byte layout: every count is stored minus one; the clock is in 10 kHz
 * units for type I and 1 kHz for type VII.
 */
void edid_decode_displayid_timing(struct edid_ctx *c, uint8_t block, const uint8_t *d,
				  enum dc_edid_timing_source source)
{
	struct dc_edid *e = c->e;
	struct dc_edid_timing *t;
	uint32_t hblank, vblank, vfront, vsync;

	if (e->num_displayid_timings >= c->cap.displayid_timings)
		return;
	t = &e->displayid_timings[e->num_displayid_timings++];
	t->source = source;
	t->block = block;
	t->pixel_clock_khz =
		(edid_le24(d) + 1) * (source == DC_EDID_TIMING_DISPLAYID_TYPE1 ? 10 : 1);
	t->preferred = d[3] & 0x80;
	t->stereo = (d[3] >> 5) & 3;
	t->interlaced = d[3] & 0x10;
	t->aspect = d[3] & 0x0f;
	t->hactive = (uint16_t)(edid_le16(d + 4) + 1);
	hblank = edid_le16(d + 6) + 1u;
	t->hfront = (uint16_t)((edid_le16(d + 8) & 0x7fff) + 1);
	t->hsync_positive = d[9] & 0x80;
	t->hsync = (uint16_t)(edid_le16(d + 10) + 1);
	t->hback = (int32_t)hblank - t->hfront - t->hsync;
	t->vactive = (uint16_t)(edid_le16(d + 12) + 1);
	vblank = edid_le16(d + 14) + 1u;
	vfront = (edid_le16(d + 16) & 0x7fffu) + 1;
	t->vsync_positive = d[17] & 0x80;
	t->vsync_stated = true;
	vsync = edid_le16(d + 18) + 1u;
	t->sync = DC_EDID_SYNC_DIGITAL_SEPARATE;
	if (t->interlaced) {
		/* Vertical blanking is coded for the frame: halve it for one field. */
		t->vfront = (uint16_t)(vfront / 2);
		t->vsync = (uint16_t)(vsync / 2);
		t->vback = ((int32_t)vblank - (int32_t)vfront - (int32_t)vsync) / 2;
	} else {
		t->vfront = (uint16_t)vfront;
		t->vsync = (uint16_t)vsync;
		t->vback = (int32_t)vblank - (int32_t)vfront - (int32_t)vsync;
	}
	if (t->stereo == 3)
		edid_warn(c, block, DC_EDID_WARN_RESERVED,
			  "DisplayID timing %ux%u: stereo code 3 is reserved", t->hactive,
			  t->vactive);
	if (t->aspect > 8)
		edid_warn(c, block, DC_EDID_WARN_RESERVED,
			  "DisplayID timing %ux%u: aspect ratio code %u is reserved", t->hactive,
			  t->vactive, t->aspect);
	if (t->hback <= 0 || t->vback <= 0)
		edid_warn(c, block, DC_EDID_WARN_INVALID,
			  "DisplayID timing %ux%u: back porches %d/%d are not positive", t->hactive,
			  t->vactive, t->hback, t->vback);
}

static void decode_product_id(struct edid_ctx *c, const uint8_t *p, size_t len, bool v2)
{
	struct dc_edid_displayid *did = &c->e->displayid;

	if (len < 12 || did->has_product_id)
		return;
	did->has_product_id = true;
	if (v2) {
		did->oui = (uint32_t)p[0] << 16 | (uint32_t)p[1] << 8 | p[2];
	} else {
		edid_copy_string(did->vendor, p, 3);
	}
	did->product_code = edid_le16(p + 3);
	did->serial = edid_le32(p + 5);
	did->week = p[9];
	did->year = (uint16_t)(2000 + p[10]);
	size_t name_len = p[11];

	if (name_len > len - 12)
		name_len = len - 12;
	if (name_len > sizeof(did->product_name) - 1)
		name_len = sizeof(did->product_name) - 1;
	edid_copy_string(did->product_name, p + 12, name_len);
}

static void decode_display_params(struct edid_ctx *c, uint8_t block, uint8_t rev, const uint8_t *p,
				  size_t len, bool v2)
{
	struct dc_edid_displayid *did = &c->e->displayid;

	if (len < (v2 ? 29u : 12u)) {
		edid_warn(c, block, DC_EDID_WARN_TRUNCATED,
			  "DisplayID display parameters: %zu bytes, needs %u", len, v2 ? 29 : 12);
		return;
	}
	did->has_display_params = true;
	did->width_mm10 = edid_le16(p);
	did->height_mm10 = edid_le16(p + 2);
	/* 2.x: byte 1 bit 7 of the block header selects 1 mm units */
	if (v2 && (rev & 0x80)) {
		did->width_mm10 *= 10;
		did->height_mm10 *= 10;
	}
	did->native_width = edid_le16(p + 4);
	did->native_height = edid_le16(p + 6);
	if (v2) {
		static const uint8_t depth[8] = { 6, 8, 10, 12, 14, 16, 0, 0 };

		did->native_bpc = depth[p[27] & 7];
	}
}

static void decode_tiled(struct edid_ctx *c, uint8_t block, const uint8_t *p, size_t len, bool v2)
{
	struct dc_edid_displayid *did = &c->e->displayid;

	if (len < 22) {
		edid_warn(c, block, DC_EDID_WARN_TRUNCATED,
			  "DisplayID tiled display topology: %zu bytes, needs 22", len);
		return;
	}
	did->has_tiled = true;
	did->tile_block = block;
	did->tile_caps = p[0];
	/* 4 low bits in bytes 1-2, 2 high bits each in byte 3 */
	did->h_tiles = (uint8_t)(((p[1] >> 4) | ((p[3] >> 2) & 0x30)) + 1);
	did->v_tiles = (uint8_t)(((p[1] & 0x0f) | (p[3] & 0x30)) + 1);
	did->h_location = (uint8_t)((p[2] >> 4) | ((p[3] >> 2) & 0x03) << 4);
	did->v_location = (uint8_t)((p[2] & 0x0f) | (p[3] & 0x03) << 4);
	did->tile_width = (uint16_t)(edid_le16(p + 4) + 1);
	did->tile_height = (uint16_t)(edid_le16(p + 6) + 1);
	if (v2)
		did->tile_oui = (uint32_t)p[13] << 16 | (uint32_t)p[14] << 8 | p[15];
	else
		edid_copy_string(did->tile_vendor, p + 13, 3);
	did->tile_product_code = edid_le16(p + 16);
	did->tile_serial = edid_le32(p + 18);
}

static void decode_dynamic_range(struct edid_ctx *c, uint8_t block, uint8_t rev, const uint8_t *p,
				 size_t len)
{
	struct dc_edid_displayid *did = &c->e->displayid;

	if (len < 9) {
		edid_warn(c, block, DC_EDID_WARN_TRUNCATED,
			  "DisplayID dynamic video timing range: %zu bytes, needs 9", len);
		return;
	}
	did->has_dynamic_range = true;
	did->dyn_min_pixel_clock_khz = edid_le24(p) + 1;
	did->dyn_max_pixel_clock_khz = edid_le24(p + 3) + 1;
	did->dyn_min_refresh_hz = p[6];
	/* revision 1 adds two high bits of the maximum in byte 8 */
	did->dyn_max_refresh_hz = (uint16_t)(p[7] | ((rev & 7) ? (p[8] & 3) << 8 : 0));
	did->dyn_seamless = p[8] & 0x80;
}

static void decode_adaptive_sync(struct edid_ctx *c, uint8_t rev, const uint8_t *p, size_t len)
{
	struct dc_edid_displayid *did = &c->e->displayid;
	size_t size = 6 + ((rev >> 4) & 7);

	for (size_t i = 0; i + size <= len; i += size) {
		if (did->num_adaptive_sync >= 4)
			break;
		did->adaptive_sync[did->num_adaptive_sync].flags = p[i];
		did->adaptive_sync[did->num_adaptive_sync].min_refresh_hz = p[i + 2];
		did->adaptive_sync[did->num_adaptive_sync].max_refresh_hz =
			(uint16_t)((p[i + 3] | (p[i + 4] & 3) << 8) + 1);
		did->num_adaptive_sync++;
	}
}

/* Tags DisplayID 1.3 (0x00-0x13, 0x7f) and 2.1 (0x20-0x2d, 0x7e, 0x81) define. */
static bool tag_is_defined(uint8_t tag)
{
	return tag <= 0x13 || (tag >= 0x20 && tag <= 0x2d) || tag == 0x7e || tag == 0x7f ||
	       tag == DID_CTA_DATA;
}

/* Returns whether the block was decoded (as opposed to only kept raw). */
static bool decode_data_block(struct edid_ctx *c, uint8_t block, const uint8_t *x, size_t len)
{
	uint8_t tag = x[0], rev = x[1];
	const uint8_t *p = x + 3;
	bool v2 = c->e->displayid.version >= 0x20;

	if ((v2 && tag < 0x20) || (!v2 && tag >= 0x20 && tag <= 0x7e))
		edid_warn(c, block, DC_EDID_WARN_INVALID,
			  "DisplayID %u.%u section uses data block tag 0x%02x of the other version",
			  c->e->displayid.version >> 4, c->e->displayid.version & 0xf, tag);
	switch (tag) {
	case DID_PRODUCT_ID:
	case DID2_PRODUCT_ID:
		decode_product_id(c, p, len, tag == DID2_PRODUCT_ID);
		break;
	case DID_DISPLAY_PARAMS:
	case DID2_DISPLAY_PARAMS:
		decode_display_params(c, block, rev, p, len, tag == DID2_DISPLAY_PARAMS);
		break;
	case DID_TYPE1_TIMING:
	case DID2_TYPE7_TIMING:
		if (len % 20)
			edid_warn(c, block, DC_EDID_WARN_INVALID,
				  "DisplayID detailed timing block: length %zu is not a multiple "
				  "of 20",
				  len);
		for (size_t i = 0; i + 20 <= len; i += 20)
			edid_decode_displayid_timing(c, block, p + i,
						     tag == DID_TYPE1_TIMING
							     ? DC_EDID_TIMING_DISPLAYID_TYPE1
							     : DC_EDID_TIMING_DISPLAYID_TYPE7);
		break;
	case DID_TILED:
	case DID2_TILED:
		decode_tiled(c, block, p, len, tag == DID2_TILED);
		break;
	case DID2_DYNAMIC_RANGE:
		decode_dynamic_range(c, block, rev, p, len);
		break;
	case DID2_ADAPTIVE_SYNC:
		decode_adaptive_sync(c, rev, p, len);
		break;
	case DID_CTA_DATA:
		edid_decode_cta_data_blocks(c, block, p, len, true);
		break;
	default:
		if (!tag_is_defined(tag))
			edid_warn(c, block, DC_EDID_WARN_UNKNOWN,
				  "DisplayID data block tag 0x%02x is unknown, kept raw", tag);
		return false; /* defined blocks dcd does not use yet: kept raw */
	}
	return true;
}

static void keep_data_block(struct edid_ctx *c, uint8_t block, const uint8_t *x, size_t len)
{
	struct dc_edid_displayid *did = &c->e->displayid;
	struct dc_edid_displayid_block *db;

	if (did->num_data_blocks >= c->cap.displayid_blocks)
		return;
	db = &did->data_blocks[did->num_data_blocks++];
	db->block = block;
	db->tag = x[0];
	db->revision = x[1];
	db->length = (uint8_t)len;
	db->payload = x + 3;
	db->known = decode_data_block(c, block, x, len);
}

void edid_decode_displayid(struct edid_ctx *c, uint8_t block, const uint8_t *x)
{
	struct dc_edid_displayid *did = &c->e->displayid;
	struct dc_edid_block *blk = &c->e->blocks[block];
	size_t length = x[2], off = 5;
	uint8_t sum = 0;

	if (!c->seen_displayid) {
		c->seen_displayid = true;
		did->present = true;
		did->version = x[1];
		did->product_type = x[3];
	} else if (x[1] != did->version) {
		edid_warn(c, block, DC_EDID_WARN_INVALID,
			  "DisplayID block version %u.%u differs from the first block's %u.%u",
			  x[1] >> 4, x[1] & 0xf, did->version >> 4, did->version & 0xf);
	}
	if (length > DID_MAX_SECTION) {
		edid_warn(c, block, DC_EDID_WARN_INVALID,
			  "DisplayID section length %zu is more than %u", length, DID_MAX_SECTION);
		length = DID_MAX_SECTION;
	}
	/* The section checksum covers version .. checksum byte, not the 0x70 tag. */
	for (size_t i = 1; i <= length + 5; i++)
		sum += x[i];
	blk->displayid_checksum_ok = sum == 0;
	blk->valid = blk->valid && blk->displayid_checksum_ok;
	if (!blk->displayid_checksum_ok)
		edid_warn(c, block, DC_EDID_WARN_CHECKSUM,
			  "DisplayID section checksum 0x%02x, expected 0x%02x", x[length + 5],
			  (uint8_t)(x[length + 5] - sum));

	while (length > 0) {
		size_t len;

		if (length < 3) {
			if (x[off] || x[off + 1])
				edid_warn(c, block, DC_EDID_WARN_TRUNCATED,
					  "DisplayID: %zu bytes left, too few for a data block",
					  length);
			break;
		}
		len = x[off + 2];
		if (len + 3 > length) {
			edid_warn(c, block, DC_EDID_WARN_TRUNCATED,
				  "DisplayID data block 0x%02x: length %zu exceeds the %zu bytes "
				  "left",
				  x[off], len, length - 3);
			break;
		}
		if (!x[off] && !len)
			break; /* padding */
		keep_data_block(c, block, x + off, len);
		length -= len + 3;
		off += len + 3;
	}
}
