/*
 * The sink summary in struct dc_edid_caps, derived from the decoded blocks
 * once all of them are read: HDMI or DVI, TMDS limit, non-desktop (VR)
 * displays, variable refresh range, HDR and the color encodings and depths.
 */
#include <string.h>

#include "edid_priv.h"

/*
 * Head-mounted displays that carry no Microsoft VSDB but must not be used
 * as desktop outputs: the vendor/product pairs the Linux kernel marks
 * EDID_QUIRK_NON_DESKTOP (drivers/gpu/drm/drm_edid.c), as facts.
 */
static const struct {
	char vendor[4];
	uint16_t product_first, product_last;
} known_hmds[] = {
	{ "VLV", 0x91a8, 0x91a8 }, /* Valve Index */
	{ "VLV", 0x91b0, 0x91bf }, /* Valve Index variants */
	{ "HVR", 0xaa01, 0xaa02 }, /* HTC Vive, Vive Pro */
	{ "HVR", 0xaa04, 0xaa04 }, /* HTC Vive Pro 2 */
	{ "OVR", 0x0001, 0x0001 }, /* Oculus Rift DK1 */
	{ "OVR", 0x0003, 0x0004 }, /* Oculus Rift DK2, CV1 */
	{ "OVR", 0x0012, 0x0012 }, /* Oculus Rift S */
	/* Windows Mixed Reality headsets; the kernel lists the ones seen without the
	 * Microsoft VSDB, dcd keeps the two it dropped (HPN, LEN b800) as well */
	{ "ACR", 0x7fce, 0x7fce }, /* Acer AH101 Windows Mixed Reality headset */
	{ "LEN", 0x0408, 0x0408 }, /* Lenovo Explorer */
	{ "LEN", 0xb800, 0xb800 }, /* Lenovo Explorer (later firmware) */
	{ "FUJ", 0x1970, 0x1970 }, /* Fujitsu Windows Mixed Reality headset */
	{ "DEL", 0x7fce, 0x7fce }, /* Dell Visor */
	{ "SEC", 0x144a, 0x144a }, /* Samsung HMD Odyssey */
	{ "AUS", 0xc102, 0xc102 }, /* ASUS HC102 Windows Mixed Reality headset */
	{ "HPN", 0x3515, 0x3515 }, /* HP Windows Mixed Reality headset (VR1000) */
	{ "SNY", 0x0704, 0x0704 }, /* Sony PlayStation VR */
	{ "SEN", 0x1019, 0x1019 }, /* Sensics VR headsets */
	{ "SVR", 0x1019, 0x1019 }, /* OSVR HDK and HDK2 */
};

static bool is_known_hmd(const struct dc_edid_base *b)
{
	for (size_t i = 0; i < sizeof(known_hmds) / sizeof(known_hmds[0]); i++)
		if (!memcmp(b->manufacturer, known_hmds[i].vendor, 3) &&
		    b->product_code >= known_hmds[i].product_first &&
		    b->product_code <= known_hmds[i].product_last)
			return true;
	return false;
}

static enum dc_edid_non_desktop non_desktop(const struct dc_edid *e)
{
	const struct dc_edid_microsoft_vsdb *ms = &e->cta.microsoft;

	/* Versions 1-2 mark every such display; version 3 has a desktop-usage bit. */
	if (ms->present && (ms->version <= 2 || !ms->desktop_usage))
		return DC_EDID_NON_DESKTOP_MICROSOFT_VSDB;
	/* DisplayID 2.x primary use cases 7 (VR) and 8 (AR): head-mounted */
	if (e->displayid.present && e->displayid.version >= 0x20 &&
	    (e->displayid.product_type == 7 || e->displayid.product_type == 8))
		return DC_EDID_NON_DESKTOP_DISPLAYID;
	if (is_known_hmd(&e->base))
		return DC_EDID_NON_DESKTOP_KNOWN_HMD;
	return DC_EDID_DESKTOP;
}

/*
 * The first source that states a usable range wins: HDMI 2.1 VRR, AMD's
 * FreeSync block, DisplayID adaptive-sync data, then EDID 1.4 range limits
 * of a display that declares continuous frequencies.
 */
static void vrr_range(struct dc_edid *e)
{
	struct dc_edid_caps *caps = &e->caps;
	const struct dc_edid_displayid *did = &e->displayid;
	const struct dc_edid_range_limits *r = &e->base.range;

	if (e->cta.hf.has_vrr && e->cta.hf.vrr_min_hz) {
		caps->vrr_source = DC_EDID_VRR_HDMI_FORUM;
		caps->vrr_min_hz = e->cta.hf.vrr_min_hz;
		caps->vrr_max_hz = e->cta.hf.vrr_max_hz;
	} else if (e->cta.amd.present && e->cta.amd.min_refresh_hz &&
		   e->cta.amd.min_refresh_hz < e->cta.amd.max_refresh_hz) {
		caps->vrr_source = DC_EDID_VRR_AMD;
		caps->vrr_min_hz = e->cta.amd.min_refresh_hz;
		caps->vrr_max_hz = e->cta.amd.max_refresh_hz;
	} else if (did->num_adaptive_sync && did->adaptive_sync[0].min_refresh_hz) {
		caps->vrr_source = DC_EDID_VRR_DISPLAYID;
		caps->vrr_min_hz = did->adaptive_sync[0].min_refresh_hz;
		caps->vrr_max_hz = did->adaptive_sync[0].max_refresh_hz;
	} else if (did->has_dynamic_range && did->dyn_min_refresh_hz &&
		   did->dyn_min_refresh_hz < did->dyn_max_refresh_hz) {
		caps->vrr_source = DC_EDID_VRR_DISPLAYID;
		caps->vrr_min_hz = did->dyn_min_refresh_hz;
		caps->vrr_max_hz = did->dyn_max_refresh_hz;
	} else if (r->present && e->base.continuous_freq && e->base.version == 1 &&
		   e->base.revision >= 4 && r->min_vfreq_hz && r->min_vfreq_hz < r->max_vfreq_hz) {
		caps->vrr_source = DC_EDID_VRR_RANGE;
		caps->vrr_min_hz = r->min_vfreq_hz;
		caps->vrr_max_hz = r->max_vfreq_hz;
	}
}

static uint8_t bpc_bit(uint8_t bpc)
{
	switch (bpc) {
	case 6:
		return DC_EDID_BPC_6;
	case 8:
		return DC_EDID_BPC_8;
	case 10:
		return DC_EDID_BPC_10;
	case 12:
		return DC_EDID_BPC_12;
	case 14:
		return DC_EDID_BPC_14;
	case 16:
		return DC_EDID_BPC_16;
	default:
		return 0;
	}
}

static void color_formats(struct dc_edid *e)
{
	struct dc_edid_caps *caps = &e->caps;
	const struct dc_edid_base *b = &e->base;
	const struct dc_edid_hdmi_vsdb *h = &e->cta.hdmi;
	const struct dc_edid_hdmi_forum *hf = &e->cta.hf;
	uint8_t deep = 0;
	bool digital_14 = b->digital && b->version == 1 && b->revision >= 4;

	/* EDID 1.4 digital: byte 24 bits 4-3 list YCbCr 4:4:4 (01), 4:2:2 (10), both (11) */
	caps->ycbcr444 = e->cta.ycbcr444 || (digital_14 && (b->color_type & 1));
	caps->ycbcr422 = e->cta.ycbcr422 || (digital_14 && (b->color_type & 2));
	caps->ycbcr420 = e->cta.num_y420_vics > 0;
	for (size_t i = 0; i < e->cta.num_svds; i++)
		caps->ycbcr420 |= e->cta.svds[i].ycbcr420;

	if (h->dc_30bit)
		deep |= DC_EDID_BPC_10;
	if (h->dc_36bit)
		deep |= DC_EDID_BPC_12;
	if (h->dc_48bit)
		deep |= DC_EDID_BPC_16;
	if (b->digital)
		caps->rgb_bpc = DC_EDID_BPC_8 | bpc_bit(b->bpc) | deep;
	if (caps->ycbcr444)
		caps->ycbcr444_bpc = DC_EDID_BPC_8 | (h->dc_y444 ? deep : 0);
	if (caps->ycbcr420) {
		caps->ycbcr420_bpc = DC_EDID_BPC_8;
		if (hf->dc_420_30bit)
			caps->ycbcr420_bpc |= DC_EDID_BPC_10;
		if (hf->dc_420_36bit)
			caps->ycbcr420_bpc |= DC_EDID_BPC_12;
		if (hf->dc_420_48bit)
			caps->ycbcr420_bpc |= DC_EDID_BPC_16;
	}
}

void edid_summarise(struct dc_edid *e)
{
	struct dc_edid_caps *caps = &e->caps;
	const struct dc_edid_cta *cta = &e->cta;

	caps->hdmi = cta->hdmi.present;
	caps->hdmi_forum = cta->hf.present;
	if (cta->hf.max_tmds_char_rate_mhz)
		caps->max_tmds_khz = cta->hf.max_tmds_char_rate_mhz * 1000u;
	else
		caps->max_tmds_khz = cta->hdmi.max_tmds_mhz * 1000u;
	caps->scdc = cta->hf.scdc_present;
	caps->scrambling_below_340 = cta->hf.lte_340mcsc_scramble;
	caps->non_desktop = non_desktop(e);
	vrr_range(e);
	caps->hdr = cta->hdr.present;
	caps->hdr_eotfs = cta->hdr.eotfs;
	color_formats(e);
	caps->audio = cta->basic_audio;
	for (size_t i = 0; i < cta->num_sads; i++)
		caps->audio |= cta->sads[i].format != 0;
}
