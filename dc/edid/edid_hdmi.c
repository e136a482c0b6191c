/*
 * Vendor-specific data blocks of CTA-861 extensions, by IEEE OUI: the HDMI
 * 1.4 VSDB (HDMI 1.4b section 8.3.2), the HDMI Forum VSDB / SCDB (HDMI 2.1
 * section 10.3.2), AMD's FreeSync VSDB and Microsoft's VSDB for head-mounted
 * and specialized displays. Each decoder gets the payload after the OUI.
 */
#include <string.h>

#include "edid_priv.h"

#define OUI_HDMI       0x000c03
#define OUI_HDMI_FORUM 0xc45dd8
#define OUI_AMD	       0x00001a
#define OUI_MICROSOFT  0xca125c

static void decode_hdmi_video(struct edid_ctx *c, uint8_t block, const uint8_t *p, size_t len,
			      size_t b)
{
	struct dc_edid_hdmi_vsdb *h = &c->e->cta.hdmi;
	size_t vic_len;

	if (b + 2 > len) {
		edid_warn(c, block, DC_EDID_WARN_TRUNCATED,
			  "HDMI VSDB: HDMI_Video_present set but the block ends at byte %zu", len);
		return;
	}
	h->hdmi_video_present = true;
	h->has_3d = p[b] & 0x80;
	h->multi_3d = (p[b] >> 5) & 3;
	h->image_size = (p[b] >> 3) & 3;
	vic_len = p[b + 1] >> 5;
	b += 2;
	if (b + vic_len > len) {
		edid_warn(c, block, DC_EDID_WARN_TRUNCATED,
			  "HDMI VSDB: %zu HDMI VICs announced, %zu bytes left", vic_len, len - b);
		vic_len = len - b;
	}
	for (size_t i = 0; i < vic_len; i++)
		h->hdmi_vics[h->num_hdmi_vics++] = p[b + i];
}

static void decode_hdmi(struct edid_ctx *c, uint8_t block, const uint8_t *p, size_t len)
{
	struct dc_edid_hdmi_vsdb *h = &c->e->cta.hdmi;
	size_t b;

	if (h->present) {
		edid_warn(c, block, DC_EDID_WARN_INVALID, "second HDMI VSDB ignored");
		return;
	}
	h->present = true;
	h->block = block;
	if (len < 2) {
		edid_warn(c, block, DC_EDID_WARN_TRUNCATED,
			  "HDMI VSDB: %zu bytes after the OUI, needs 2 for the physical address",
			  len);
		return;
	}
	h->physical_address = (uint16_t)(p[0] << 8 | p[1]);
	if (len < 3)
		return;
	h->supports_ai = p[2] & 0x80;
	h->dc_48bit = p[2] & 0x40;
	h->dc_36bit = p[2] & 0x20;
	h->dc_30bit = p[2] & 0x10;
	h->dc_y444 = p[2] & 0x08;
	h->dvi_dual = p[2] & 0x01;
	if (len < 4)
		return;
	h->max_tmds_mhz = (uint16_t)(p[3] * 5);
	if (len < 5)
		return;
	h->content_types = p[4] & 0x0f;
	b = 5;
	if (p[4] & 0x80) {
		if (b + 2 > len) {
			edid_warn(c, block, DC_EDID_WARN_TRUNCATED,
				  "HDMI VSDB: latency fields announced but missing");
			return;
		}
		h->has_latency = true;
		h->video_latency = p[b];
		h->audio_latency = p[b + 1];
		b += 2;
		if (p[4] & 0x40) {
			if (b + 2 > len) {
				edid_warn(c, block, DC_EDID_WARN_TRUNCATED,
					  "HDMI VSDB: interlaced latency fields missing");
				return;
			}
			h->has_interlaced_latency = true;
			h->interlaced_video_latency = p[b];
			h->interlaced_audio_latency = p[b + 1];
			b += 2;
		}
	}
	if (p[4] & 0x20)
		decode_hdmi_video(c, block, p, len, b);
}

/* HDMI 2.1 table 10-6: Max_FRL_Rate 1-6 as lanes and Gbit/s per lane */
static void frl_rate(uint8_t rate, uint8_t *lanes, uint8_t *gbps)
{
	static const uint8_t frl_lanes[7] = { 0, 3, 3, 4, 4, 4, 4 };
	static const uint8_t frl_gbps[7] = { 0, 3, 6, 6, 8, 10, 12 };

	*lanes = rate <= 6 ? frl_lanes[rate] : 0;
	*gbps = rate <= 6 ? frl_gbps[rate] : 0;
}

void edid_decode_hf_scdb(struct edid_ctx *c, uint8_t block, const uint8_t *p, size_t len,
			 bool is_scdb)
{
	struct dc_edid_hdmi_forum *hf = &c->e->cta.hf;

	if (hf->present) {
		edid_warn(c, block, DC_EDID_WARN_INVALID, "second HDMI Forum VSDB/SCDB ignored");
		return;
	}
	hf->present = true;
	hf->is_scdb = is_scdb;
	hf->block = block;
	if (len < 4) {
		edid_warn(c, block, DC_EDID_WARN_TRUNCATED, "HDMI Forum %s: %zu bytes, needs 4",
			  is_scdb ? "SCDB" : "VSDB", len);
		return;
	}
	hf->version = p[0];
	hf->max_tmds_char_rate_mhz = (uint16_t)(p[1] * 5);
	if (hf->max_tmds_char_rate_mhz &&
	    (hf->max_tmds_char_rate_mhz <= 340 || hf->max_tmds_char_rate_mhz > 600))
		edid_warn(c, block, DC_EDID_WARN_INVALID,
			  "HDMI Forum: max TMDS character rate %u MHz is not 345-600",
			  hf->max_tmds_char_rate_mhz);
	hf->scdc_present = p[2] & 0x80;
	hf->rr_capable = p[2] & 0x40;
	hf->ccbpci = p[2] & 0x10;
	hf->lte_340mcsc_scramble = p[2] & 0x08;
	hf->independent_view = p[2] & 0x04;
	hf->dual_view = p[2] & 0x02;
	hf->osd_disparity_3d = p[2] & 0x01;
	hf->max_frl_rate = p[3] >> 4;
	if (hf->max_frl_rate > 6)
		edid_warn(c, block, DC_EDID_WARN_RESERVED,
			  "HDMI Forum: Max_FRL_Rate %u is reserved", hf->max_frl_rate);
	frl_rate(hf->max_frl_rate, &hf->max_frl_lanes, &hf->max_frl_gbps_per_lane);
	hf->uhd_vic = p[3] & 0x08;
	hf->dc_420_48bit = p[3] & 0x04;
	hf->dc_420_36bit = p[3] & 0x02;
	hf->dc_420_30bit = p[3] & 0x01;
	if (len < 5)
		return;
	hf->mdelta = p[4] & 0x20;
	hf->cinema_vrr = p[4] & 0x10;
	hf->neg_mvrr = p[4] & 0x08;
	hf->fva = p[4] & 0x04;
	hf->allm = p[4] & 0x02;
	hf->fapa_start_location = p[4] & 0x01;
	if (len < 7)
		return;
	hf->has_vrr = true;
	hf->vrr_min_hz = p[5] & 0x3f;
	hf->vrr_max_hz = (uint16_t)((p[5] & 0xc0) << 2 | p[6]);
	if (len < 9)
		return;
	hf->dsc_1p2 = p[7] & 0x80;
	hf->dsc_native_420 = p[7] & 0x40;
	hf->dsc_all_bpp = p[7] & 0x08;
	hf->dsc_16bpc = p[7] & 0x04;
	hf->dsc_12bpc = p[7] & 0x02;
	hf->dsc_10bpc = p[7] & 0x01;
	hf->dsc_max_frl_rate = p[8] >> 4;
	frl_rate(hf->dsc_max_frl_rate, &hf->dsc_max_frl_lanes, &hf->dsc_max_frl_gbps_per_lane);
	hf->dsc_max_slices = p[8] & 0x0f;
	if (len < 10)
		return;
	hf->dsc_total_chunk_kbytes = p[9] & 0x3f;
}

static void decode_amd(struct edid_ctx *c, uint8_t block, const uint8_t *p, size_t len)
{
	struct dc_edid_amd_vsdb *amd = &c->e->cta.amd;

	/* Not a published standard: the layout is what FreeSync monitors carry. */
	if (len < 5) {
		edid_warn(c, block, DC_EDID_WARN_TRUNCATED,
			  "AMD VSDB: %zu bytes after the OUI, needs 5", len);
		return;
	}
	amd->present = true;
	amd->block = block;
	amd->version_major = p[0];
	amd->version_minor = p[1];
	amd->min_refresh_hz = p[2];
	amd->max_refresh_hz = p[3];
	amd->flags = p[4];
}

static void decode_microsoft(struct edid_ctx *c, uint8_t block, const uint8_t *p, size_t len)
{
	struct dc_edid_microsoft_vsdb *ms = &c->e->cta.microsoft;

	/* Microsoft's "EDID extension for head-mounted and specialized monitors": 18 bytes. */
	if (len < 18) {
		edid_warn(c, block, DC_EDID_WARN_TRUNCATED,
			  "Microsoft VSDB: %zu bytes after the OUI, needs 18", len);
		return;
	}
	ms->present = true;
	ms->block = block;
	ms->version = p[0];
	ms->desktop_usage = p[1] & 0x40;
	ms->third_party_usage = p[1] & 0x20;
	ms->primary_use_case = p[1] & 0x1f;
	memcpy(ms->container_id, p + 2, sizeof(ms->container_id));
}

bool edid_decode_vsdb(struct edid_ctx *c, uint8_t block, uint32_t oui, const uint8_t *p, size_t len)
{
	switch (oui) {
	case OUI_HDMI:
		decode_hdmi(c, block, p, len);
		return true;
	case OUI_HDMI_FORUM:
		edid_decode_hf_scdb(c, block, p, len, false);
		return true;
	case OUI_AMD:
		decode_amd(c, block, p, len);
		return c->e->cta.amd.present;
	case OUI_MICROSOFT:
		decode_microsoft(c, block, p, len);
		return c->e->cta.microsoft.present;
	default:
		return false; /* other vendors: kept raw */
	}
}
