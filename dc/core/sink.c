/*
 * Sinks: what is attached to a link. Made from the EDID bytes (decoded
 * here, once), the DP receiver caps and a DP++ adaptor, with the signal the
 * link will carry and the mode list. Reference counted: the link holds one
 * reference, callers that keep a sink past the next detection take their
 * own.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "dc_priv.h"

/* VESA DMT 0x04, 640x480@60: what every display must accept. */
#define FAILSAFE_DMT_ID 0x04

static enum dc_signal decide_signal(const struct dc_sink_init *init, const struct dc_edid *edid)
{
	bool hdmi = edid && edid->caps.hdmi;

	switch (init->link_type) {
	case DC_LINK_EDP:
		return DC_SIGNAL_EDP;
	case DC_LINK_DP:
		/* behind a DP++ adaptor the connector carries TMDS, never dual link */
		if (init->dongle && init->dongle->type != DC_DONGLE_NONE)
			return hdmi ? DC_SIGNAL_HDMI : DC_SIGNAL_DVI_SINGLE;
		return DC_SIGNAL_DP;
	case DC_LINK_HDMI_A:
		return hdmi ? DC_SIGNAL_HDMI : DC_SIGNAL_DVI_SINGLE;
	case DC_LINK_DVI_D:
		if (hdmi)
			return DC_SIGNAL_HDMI;
		return init->dual_link ? DC_SIGNAL_DVI_DUAL : DC_SIGNAL_DVI_SINGLE;
	}
	return DC_SIGNAL_NONE;
}

/*
 * The EDID's modes less the interlaced ones: validation refuses those (no
 * interlaced scanout), so offering them would only invite a failed commit,
 * as DRM connectors without interlace_allowed leave them out.
 */
static int copy_modes(struct dc *dc, struct dc_sink *sink, const struct dc_mode_list *list)
{
	size_t n = dc_mode_list_count(list), kept = 0;

	if (!n)
		return 0;
	sink->modes = calloc(n, sizeof(*sink->modes));
	if (!sink->modes)
		return -ENOMEM;
	for (size_t i = 0; i < n; i++) {
		const struct dc_mode *m = dc_mode_list_get(list, i);

		if (!(m->info.flags & DRM_MODE_FLAG_INTERLACE))
			sink->modes[kept++] = *m;
	}
	if (kept < n)
		dc_log(dc, DC_LOG_DEBUG,
		       "sink: %zu of the EDID's %zu modes are interlaced, left out", n - kept, n);
	if (!kept) {
		/* the caller offers the failsafe mode in a list of its own */
		free(sink->modes);
		sink->modes = NULL;
	}
	sink->mode_count = kept;
	return 0;
}

static int build_modes(struct dc *dc, struct dc_sink *sink)
{
	struct dc_mode_list *list = NULL;
	int ret;

	if (sink->edid) {
		ret = dc_mode_list_from_edid(sink->edid, &list);
		if (ret)
			return ret;
		ret = copy_modes(dc, sink, list);
		dc_mode_list_destroy(list);
		if (ret || sink->mode_count)
			return ret;
		dc_log(dc, DC_LOG_WARNING,
		       "sink: the EDID lists no usable mode, offering 640x480@60");
	}
	sink->modes = calloc(1, sizeof(*sink->modes));
	if (!sink->modes)
		return -ENOMEM;
	ret = dc_mode_from_dmt_id(&sink->modes[0], FAILSAFE_DMT_ID);
	if (ret)
		return ret;
	dc_mode_set_preferred(&sink->modes[0], true);
	sink->mode_count = 1;
	return 0;
}

static int decode_edid(struct dc *dc, struct dc_sink *sink, const uint8_t *edid, size_t size)
{
	int ret;

	if (!edid || !size) {
		dc_log(dc, DC_LOG_WARNING, "sink: no EDID");
		return 0;
	}
	sink->edid_raw = malloc(size);
	if (!sink->edid_raw)
		return -ENOMEM;
	memcpy(sink->edid_raw, edid, size);
	sink->edid_size = size;
	ret = dc_edid_parse(edid, size, &sink->edid);
	if (ret == -ENOMEM)
		return ret;
	if (ret) {
		/* still a sink: what is on the other end just does not describe itself */
		dc_log(dc, DC_LOG_WARNING, "sink: %zu EDID bytes without an EDID header, ignored",
		       size);
		sink->edid = NULL;
	}
	return 0;
}

int dc_sink_create(struct dc *dc, const struct dc_sink_init *init, struct dc_sink **out)
{
	struct dc_sink *sink;
	int ret;

	if (!init || !out || init->link_type > DC_LINK_DVI_D)
		return -EINVAL;
	sink = calloc(1, sizeof(*sink));
	if (!sink)
		return -ENOMEM;
	sink->refcount = 1;
	ret = decode_edid(dc, sink, init->edid, init->edid_size);
	if (!ret)
		ret = build_modes(dc, sink);
	if (ret) {
		dc_sink_unref(sink);
		return ret;
	}
	if (init->dp_caps) {
		sink->has_dp_caps = true;
		sink->dp_caps = *init->dp_caps;
	}
	if (init->dongle && init->dongle->type != DC_DONGLE_NONE) {
		sink->has_dongle = true;
		sink->dongle = *init->dongle;
	}
	sink->signal = decide_signal(init, sink->edid);
	*out = sink;
	return 0;
}

struct dc_sink *dc_sink_ref(struct dc_sink *sink)
{
	if (sink)
		sink->refcount++;
	return sink;
}

void dc_sink_unref(struct dc_sink *sink)
{
	if (!sink || --sink->refcount > 0)
		return;
	dc_edid_destroy(sink->edid);
	free(sink->edid_raw);
	free(sink->modes);
	free(sink);
}

enum dc_signal dc_sink_signal(const struct dc_sink *sink)
{
	return sink->signal;
}

const uint8_t *dc_sink_edid(const struct dc_sink *sink, size_t *size)
{
	if (size)
		*size = sink->edid_size;
	return sink->edid_raw;
}

const struct dc_edid *dc_sink_edid_info(const struct dc_sink *sink)
{
	return sink->edid;
}

const struct dc_mode *dc_sink_modes(const struct dc_sink *sink, size_t *count)
{
	if (count)
		*count = sink->mode_count;
	return sink->modes;
}

const struct dc_dp_caps *dc_sink_dp_caps(const struct dc_sink *sink)
{
	return sink->has_dp_caps ? &sink->dp_caps : NULL;
}

const struct dc_dongle *dc_sink_dongle(const struct dc_sink *sink)
{
	return sink->has_dongle ? &sink->dongle : NULL;
}

const struct dc_edid_caps *dc_sink_caps(const struct dc_sink *sink)
{
	static const struct dc_edid_caps none;

	return sink->edid ? &sink->edid->caps : &none;
}
