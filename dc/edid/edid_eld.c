/*
 * ELD (EDID-Like Data), the audio sink description HDA and DP/HDMI audio
 * drivers read: layout of the Intel High Definition Audio specification
 * section 7.3.3.34, ELD version 2, as the Linux kernel's drm_eld.h also
 * lays it out.
 */
#include <errno.h>
#include <string.h>

#include "edid_priv.h"

enum {
	ELD_VER = 0,	      /* bits 7-3: ELD version */
	ELD_BASELINE_LEN = 2, /* baseline block length in dwords */
	ELD_HEADER_SIZE = 4,
	ELD_CEA_VER_MNL = 4, /* bits 7-5: CEA-861 revision, 4-0: name length */
	ELD_SAD_CONN = 5,    /* bits 7-4: SAD count, 3-2: connection, 1: S_AI */
	ELD_SYNC_DELAY = 6,  /* audio delay to add, in 2 ms units */
	ELD_SPEAKERS = 7,
	ELD_PORT_ID = 8,       /* 8 bytes, left 0 for the driver */
	ELD_MANUFACTURER = 16, /* EDID bytes 8-9 */
	ELD_PRODUCT = 18,      /* EDID bytes 10-11 */
	ELD_NAME = 20,
};

#define ELD_VERSION_2	 2
#define ELD_MAX_NAME	 16
#define ELD_MAX_SADS	 15
#define ELD_CONN_TYPE_DP (1 << 2)
#define ELD_SUPPORTS_AI	 (1 << 1)

/* HDMI 1.4b 8.3.2: latency = ms / 2 + 1; 0 unknown, 255 no audio/video. */
static int latency_ms(uint8_t v)
{
	if (v == 0 || v > 251)
		return -1;
	return 2 * (v - 1);
}

static uint8_t sync_delay(const struct dc_edid_hdmi_vsdb *h)
{
	int video, audio, delay;

	if (!h->has_latency)
		return 0;
	video = latency_ms(h->video_latency);
	audio = latency_ms(h->audio_latency);
	if (video < 0 || audio < 0 || video <= audio)
		return 0;
	delay = video - audio;
	if (delay > 500)
		delay = 500;
	return (uint8_t)(delay / 2);
}

int dc_edid_build_eld(const struct dc_edid *edid, bool dp, uint8_t *eld, size_t size)
{
	const struct dc_edid_cta *cta = &edid->cta;
	uint8_t buf[DC_EDID_ELD_MAX_BYTES] = { 0 };
	size_t name_len = strlen(edid->base.name);
	size_t sads = 0, len, off;

	if (!cta->num_blocks || !edid->caps.audio)
		return -ENODATA;
	if (name_len > ELD_MAX_NAME)
		name_len = ELD_MAX_NAME;

	buf[ELD_VER] = ELD_VERSION_2 << 3;
	buf[ELD_CEA_VER_MNL] = (uint8_t)((cta->revision & 7) << 5 | name_len);
	buf[ELD_SYNC_DELAY] = sync_delay(&cta->hdmi);
	if (cta->has_speaker_allocation)
		buf[ELD_SPEAKERS] = cta->speaker_allocation[0] & 0x7f;
	memcpy(buf + ELD_MANUFACTURER, edid->raw + 8, 4);
	memcpy(buf + ELD_NAME, edid->base.name, name_len);
	off = ELD_NAME + name_len;
	for (size_t i = 0; i < cta->num_sads && sads < ELD_MAX_SADS; i++) {
		if (!cta->sads[i].format)
			continue;
		memcpy(buf + off, cta->sads[i].bytes, 3);
		off += 3;
		sads++;
	}
	buf[ELD_SAD_CONN] = (uint8_t)(sads << 4 | (dp ? ELD_CONN_TYPE_DP : 0) |
				      (cta->hdmi.supports_ai ? ELD_SUPPORTS_AI : 0));
	/* the baseline block (from byte 4) padded to whole dwords */
	buf[ELD_BASELINE_LEN] = (uint8_t)((off - ELD_HEADER_SIZE + 3) / 4);
	len = ELD_HEADER_SIZE + buf[ELD_BASELINE_LEN] * 4u;
	if (size < len)
		return -ENOSPC;
	memcpy(eld, buf, len);
	return (int)len;
}
