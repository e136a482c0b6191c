/*
 * CTA-861 extension blocks (CTA-861-H section 7): the header flags, the data
 * block collection (video, audio, speaker allocation, vendor-specific and
 * the extended tags) and the detailed timing descriptors after it. Every
 * data block is also kept raw in cta.data_blocks, known or not.
 */
#include <stdio.h>
#include <string.h>

#include "edid_priv.h"

/* CTA-861-H table 54 data block tags, table 55 extended tags */
enum {
	CTA_TAG_AUDIO = 1,
	CTA_TAG_VIDEO = 2,
	CTA_TAG_VENDOR = 3,
	CTA_TAG_SPEAKER = 4,
	CTA_TAG_VESA_DTC = 5,
	CTA_TAG_EXTENDED = 7,
};

enum {
	CTA_EXT_VIDEO_CAP = 0x00,
	CTA_EXT_VENDOR_VIDEO = 0x01,
	CTA_EXT_VESA_DISPLAY_DEVICE = 0x02,
	CTA_EXT_COLORIMETRY = 0x05,
	CTA_EXT_HDR_STATIC = 0x06,
	CTA_EXT_HDR_DYNAMIC = 0x07,
	CTA_EXT_VIDEO_FORMAT_PREF = 0x0d,
	CTA_EXT_Y420_VIDEO = 0x0e,
	CTA_EXT_Y420_CMDB = 0x0f,
	CTA_EXT_VENDOR_AUDIO = 0x11,
	CTA_EXT_HDMI_AUDIO = 0x12,
	CTA_EXT_ROOM_CONFIG = 0x13,
	CTA_EXT_SPEAKER_LOCATION = 0x14,
	CTA_EXT_INFOFRAME = 0x20,
	CTA_EXT_DISPLAYID_TYPE7 = 0x22,
	CTA_EXT_DISPLAYID_TYPE8 = 0x23,
	CTA_EXT_DISPLAYID_TYPE10 = 0x2a,
	CTA_EXT_HF_EEODB = 0x78,
	CTA_EXT_HF_SCDB = 0x79,
};

/*
 * SVD byte to VIC (CTA-861-H 7.5.1): 1-64 plain, 129-192 the same VICs
 * flagged native, 65-127 and 193-255 plain VIC numbers. 0 and 128 are
 * reserved.
 */
static bool svd_to_vic(uint8_t svd, uint8_t *vic, bool *native)
{
	if ((svd & 0x7f) == 0)
		return false;
	if ((svd - 1) & 0x40) {
		*vic = svd;
		*native = false;
	} else {
		*vic = svd & 0x7f;
		*native = svd & 0x80;
	}
	return true;
}

static bool vic_is_defined(uint8_t vic)
{
	return (vic >= 1 && vic <= 127) || (vic >= 193 && vic <= 219);
}

static void decode_vdb(struct edid_ctx *c, uint8_t block, const uint8_t *p, size_t len)
{
	struct dc_edid_cta *cta = &c->e->cta;

	for (size_t i = 0; i < len; i++, c->svd_bytes++) {
		struct dc_edid_svd *svd;
		uint8_t vic;
		bool native;

		if (!svd_to_vic(p[i], &vic, &native)) {
			edid_warn(c, block, DC_EDID_WARN_RESERVED,
				  "Video Data Block: SVD 0x%02x is reserved", p[i]);
			continue;
		}
		if (!vic_is_defined(vic))
			edid_warn(c, block, DC_EDID_WARN_RESERVED,
				  "Video Data Block: VIC %u is not defined (kept)", vic);
		if (cta->num_svds >= c->cap.svds)
			continue;
		svd = &cta->svds[cta->num_svds++];
		svd->vic = vic;
		svd->native = native;
		svd->block = block;
		svd->position = c->svd_bytes;
	}
}

static void decode_y420_vdb(struct edid_ctx *c, uint8_t block, const uint8_t *p, size_t len)
{
	struct dc_edid_cta *cta = &c->e->cta;

	for (size_t i = 0; i < len; i++) {
		uint8_t vic;
		bool native;

		if (!svd_to_vic(p[i], &vic, &native)) {
			edid_warn(c, block, DC_EDID_WARN_RESERVED,
				  "YCbCr 4:2:0 Video Data Block: SVD 0x%02x is reserved", p[i]);
			continue;
		}
		if (cta->num_y420_vics < c->cap.y420_vics)
			cta->y420_vics[cta->num_y420_vics++] = vic;
	}
}

static void decode_y420_cmdb(struct edid_ctx *c, uint8_t block, const uint8_t *p, size_t len)
{
	struct dc_edid_cta *cta = &c->e->cta;

	cta->has_y420_cmdb = true;
	if (!len) {
		cta->y420_cmdb_all = true;
		return;
	}
	for (size_t i = 0; i < len && i < sizeof(c->y420_map); i++)
		c->y420_map[i] |= p[i];
	if (len > sizeof(c->y420_map))
		edid_warn(c, block, DC_EDID_WARN_INVALID,
			  "YCbCr 4:2:0 Capability Map: %zu bytes map more SVDs than can exist",
			  len);
}

static void decode_adb(struct edid_ctx *c, uint8_t block, const uint8_t *p, size_t len)
{
	struct dc_edid_cta *cta = &c->e->cta;

	if (len % 3)
		edid_warn(c, block, DC_EDID_WARN_INVALID,
			  "Audio Data Block: length %zu is not a multiple of 3", len);
	for (size_t i = 0; i + 3 <= len; i += 3) {
		struct dc_edid_sad *sad;

		if (cta->num_sads >= c->cap.sads)
			break;
		sad = &cta->sads[cta->num_sads++];
		memcpy(sad->bytes, p + i, 3);
		sad->block = block;
		sad->format = (p[i] >> 3) & 0x0f;
		sad->channels = (uint8_t)((p[i] & 0x07) + 1);
		sad->rates = p[i + 1] & 0x7f;
		sad->byte3 = p[i + 2];
		if (sad->format == 15) {
			sad->ext_format = p[i + 2] >> 3;
			/* L-PCM 3D audio: 5-bit channel count over three bytes */
			if (sad->ext_format == 13)
				sad->channels = (uint8_t)((((p[i + 1] & 0x80) >> 3) |
							   ((p[i] & 0x80) >> 4) | (p[i] & 0x07)) +
							  1);
		}
		if (sad->format == 0)
			edid_warn(c, block, DC_EDID_WARN_RESERVED,
				  "Audio Data Block: audio format code 0 is reserved");
	}
}

static void decode_hdr_static(struct edid_ctx *c, uint8_t block, const uint8_t *p, size_t len)
{
	struct dc_edid_hdr_static *hdr = &c->e->cta.hdr;

	hdr->present = true;
	hdr->block = block;
	if (len < 2) {
		edid_warn(c, block, DC_EDID_WARN_TRUNCATED,
			  "HDR Static Metadata Data Block: %zu payload bytes, needs 2", len);
		if (len)
			hdr->eotfs = p[0] & 0x3f;
		return;
	}
	hdr->eotfs = p[0] & 0x3f;
	hdr->metadata_types = p[1];
	if (p[0] & 0xf0)
		edid_warn(c, block, DC_EDID_WARN_RESERVED,
			  "HDR Static Metadata Data Block: reserved EOTF bits 0x%02x", p[0] & 0xf0);
	if (len > 2) {
		hdr->has_max_luminance = true;
		hdr->max_luminance = p[2];
	}
	if (len > 3) {
		hdr->has_max_fall = true;
		hdr->max_fall = p[3];
	}
	if (len > 4) {
		hdr->has_min_luminance = true;
		hdr->min_luminance = p[4];
	}
}

static bool decode_extended(struct edid_ctx *c, uint8_t block, uint8_t ext, const uint8_t *p,
			    size_t len)
{
	struct dc_edid_cta *cta = &c->e->cta;

	switch (ext) {
	case CTA_EXT_VIDEO_CAP:
		if (!len)
			return false;
		cta->has_video_capability = true;
		cta->video_capability = p[0];
		return true;
	case CTA_EXT_COLORIMETRY:
		if (len < 2)
			return false;
		cta->has_colorimetry = true;
		cta->colorimetry = (uint16_t)(p[0] | p[1] << 8);
		return true;
	case CTA_EXT_HDR_STATIC:
		decode_hdr_static(c, block, p, len);
		return true;
	case CTA_EXT_Y420_VIDEO:
		decode_y420_vdb(c, block, p, len);
		return true;
	case CTA_EXT_Y420_CMDB:
		decode_y420_cmdb(c, block, p, len);
		return true;
	case CTA_EXT_HF_SCDB:
		/* two reserved bytes, then the HF-VSDB layout from its version byte */
		if (len < 3) {
			edid_warn(c, block, DC_EDID_WARN_TRUNCATED,
				  "HDMI Forum SCDB: %zu payload bytes, needs 3", len);
			return false;
		}
		edid_decode_hf_scdb(c, block, p + 2, len - 2, true);
		return true;
	case CTA_EXT_DISPLAYID_TYPE7:
		/* one revision byte, then one 20-byte type VII descriptor */
		if (len < 21) {
			edid_warn(c, block, DC_EDID_WARN_TRUNCATED,
				  "DisplayID type VII data block: %zu payload bytes, needs 21",
				  len);
			return false;
		}
		edid_decode_displayid_timing(c, block, p + 1, DC_EDID_TIMING_CTA_TYPE7);
		return true;
	case CTA_EXT_VENDOR_VIDEO:
	case CTA_EXT_VESA_DISPLAY_DEVICE:
	case CTA_EXT_HDR_DYNAMIC:
	case CTA_EXT_VIDEO_FORMAT_PREF:
	case CTA_EXT_VENDOR_AUDIO:
	case CTA_EXT_HDMI_AUDIO:
	case CTA_EXT_ROOM_CONFIG:
	case CTA_EXT_SPEAKER_LOCATION:
	case CTA_EXT_INFOFRAME:
	case CTA_EXT_DISPLAYID_TYPE8:
	case CTA_EXT_DISPLAYID_TYPE10:
	case CTA_EXT_HF_EEODB:
		return false; /* defined, not needed by dcd yet: kept raw */
	default:
		edid_warn(c, block, DC_EDID_WARN_UNKNOWN,
			  "CTA-861 extended tag 0x%02x is unknown, kept raw", ext);
		return false;
	}
}

static bool decode_data_block(struct edid_ctx *c, uint8_t block, struct dc_edid_data_block *db)
{
	struct dc_edid_cta *cta = &c->e->cta;
	const uint8_t *p = db->payload;
	size_t len = db->length;
	bool was_hdmi_vsdb = c->last_was_hdmi_vsdb;

	c->last_was_hdmi_vsdb = false;
	switch (db->tag) {
	case CTA_TAG_AUDIO:
		decode_adb(c, block, p, len);
		return true;
	case CTA_TAG_VIDEO:
		decode_vdb(c, block, p, len);
		return true;
	case CTA_TAG_VENDOR:
		if (len < 3) {
			edid_warn(
				c, block, DC_EDID_WARN_TRUNCATED,
				"Vendor-Specific Data Block: %zu payload bytes, no room for an OUI",
				len);
			return false;
		}
		db->oui = (uint32_t)p[2] << 16 | (uint32_t)p[1] << 8 | p[0];
		if (db->oui == 0xc45dd8 && !was_hdmi_vsdb)
			edid_warn(c, block, DC_EDID_WARN_INVALID,
				  "HDMI Forum VSDB does not follow the HDMI VSDB");
		if (!edid_decode_vsdb(c, block, db->oui, p + 3, len - 3))
			return false;
		c->last_was_hdmi_vsdb = db->oui == 0x000c03;
		return true;
	case CTA_TAG_SPEAKER:
		if (len < 3) {
			edid_warn(c, block, DC_EDID_WARN_TRUNCATED,
				  "Speaker Allocation Data Block: %zu payload bytes, needs 3", len);
			return false;
		}
		cta->has_speaker_allocation = true;
		memcpy(cta->speaker_allocation, p, 3);
		return true;
	case CTA_TAG_VESA_DTC:
		return false;
	case CTA_TAG_EXTENDED:
		if (!len) {
			edid_warn(c, block, DC_EDID_WARN_TRUNCATED,
				  "extended data block without an extended tag");
			return false;
		}
		db->ext_tag = p[0];
		return decode_extended(c, block, p[0], p + 1, len - 1);
	default:
		edid_warn(c, block, DC_EDID_WARN_RESERVED,
			  "CTA-861 data block tag %u is reserved, kept raw", db->tag);
		return false;
	}
}

void edid_decode_cta_data_blocks(struct edid_ctx *c, uint8_t block, const uint8_t *p, size_t len,
				 bool in_displayid)
{
	struct dc_edid_cta *cta = &c->e->cta;
	size_t i = 0;

	c->last_was_hdmi_vsdb = false;
	while (i < len) {
		struct dc_edid_data_block *db;
		size_t dlen = p[i] & 0x1f;

		if (i + 1 + dlen > len) {
			edid_warn(c, block, DC_EDID_WARN_TRUNCATED,
				  "CTA-861 data block at byte %zu: length %zu runs past the "
				  "collection end (%zu bytes left)",
				  i, dlen, len - i - 1);
			dlen = len - i - 1;
		}
		if (cta->num_data_blocks >= c->cap.data_blocks)
			return;
		db = &cta->data_blocks[cta->num_data_blocks++];
		db->block = block;
		db->in_displayid = in_displayid;
		db->tag = p[i] >> 5;
		db->length = (uint8_t)dlen;
		db->payload = p + i + 1;
		db->known = decode_data_block(c, block, db);
		i += 1 + dlen;
	}
}

static void decode_header(struct edid_ctx *c, uint8_t block, const uint8_t *x)
{
	struct dc_edid_cta *cta = &c->e->cta;

	if (x[1] == 0 || x[1] > 3)
		edid_warn(c, block, DC_EDID_WARN_INVALID, "CTA-861 block: revision %u is not 1-3",
			  x[1]);
	if (x[1] < 2 || c->seen_cta)
		return;
	c->seen_cta = true;
	cta->underscan = x[3] & 0x80;
	cta->basic_audio = x[3] & 0x40;
	cta->ycbcr444 = x[3] & 0x20;
	cta->ycbcr422 = x[3] & 0x10;
	cta->native_dtds = x[3] & 0x0f;
}

void edid_decode_cta(struct edid_ctx *c, uint8_t block, const uint8_t *x)
{
	struct dc_edid_cta *cta = &c->e->cta;
	unsigned offset = x[2];
	/* Data blocks live in bytes 4 .. offset - 1; byte 127 is the checksum. */
	unsigned data_end = offset > 127 ? 127 : offset;

	if (!cta->num_blocks++)
		cta->revision = x[1];
	decode_header(c, block, x);

	if (offset != 0 && offset < 4) {
		edid_warn(c, block, DC_EDID_WARN_INVALID,
			  "CTA-861 block: DTD offset %u points into the header", offset);
		return;
	}
	if (offset > 127)
		edid_warn(c, block, DC_EDID_WARN_INVALID,
			  "CTA-861 block: DTD offset %u is past the block end", offset);
	if (x[1] >= 3 && data_end > 4)
		edid_decode_cta_data_blocks(c, block, x + 4, data_end - 4, false);
	if (offset < 4)
		return;

	/* DTDs from the offset until an all-zero descriptor or the padding. */
	for (unsigned d = offset; d + 18 <= 127; d += 18) {
		static const uint8_t zero[18];

		if (!memcmp(x + d, zero, sizeof(zero)))
			break;
		edid_decode_descriptor(c, block, x + d);
	}
}

/*
 * The 4:2:0 Capability Map refers to SVDs by position, and usually follows
 * the Video Data Block: it is applied once all blocks are decoded.
 */
void edid_apply_y420_cmdb(struct edid_ctx *c)
{
	struct dc_edid_cta *cta = &c->e->cta;

	for (size_t i = 0; i < cta->num_svds; i++) {
		struct dc_edid_svd *svd = &cta->svds[i];
		unsigned pos = svd->position;

		svd->ycbcr420 = cta->y420_cmdb_all || (pos < 8 * sizeof(c->y420_map) &&
						       (c->y420_map[pos / 8] >> (pos % 8)) & 1);
	}
}

int dc_edid_audio_format_name(const struct dc_edid_sad *sad, char *buf, size_t size)
{
	/* Audio Format Codes, CTA-861-H table 39, and extension types, table 41 */
	static const char *const formats[16] = {
		[1] = "Linear PCM",
		[2] = "AC-3",
		[3] = "MPEG 1 (Layers 1 & 2)",
		[4] = "MPEG 1 Layer 3 (MP3)",
		[5] = "MPEG2 (multichannel)",
		[6] = "AAC LC",
		[7] = "DTS",
		[8] = "ATRAC",
		[9] = "One Bit Audio",
		[10] = "Enhanced AC-3 (DD+)",
		[11] = "DTS-HD",
		[12] = "MAT (MLP)",
		[13] = "DST",
		[14] = "WMA Pro",
	};
	static const char *const ext_formats[32] = {
		[4] = "MPEG-4 HE AAC",
		[5] = "MPEG-4 HE AAC v2",
		[6] = "MPEG-4 AAC LC",
		[7] = "DRA",
		[8] = "MPEG-4 HE AAC + MPEG Surround",
		[10] = "MPEG-4 AAC LC + MPEG Surround",
		[11] = "MPEG-H 3D Audio",
		[12] = "AC-4",
		[13] = "L-PCM 3D Audio",
	};

	if (sad->format == 15) {
		if (ext_formats[sad->ext_format & 0x1f])
			return snprintf(buf, size, "%s", ext_formats[sad->ext_format & 0x1f]);
		return snprintf(buf, size, "Unknown Audio Ext Format (0x%02x)", sad->ext_format);
	}
	if (formats[sad->format & 0x0f])
		return snprintf(buf, size, "%s", formats[sad->format & 0x0f]);
	return snprintf(buf, size, "Reserved (0x%02x)", sad->format);
}
