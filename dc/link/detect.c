/*
 * dc_link_detect: what is on a link now.
 *
 * The first detection of a link also sets up its hot-plug line (DC_HPD:
 * enable, filters, both interrupts; idempotent and invisible on screen), so
 * the daemon's start-up detection of every link arms hot plug. HPD low:
 * nothing. HDMI / DVI: the EDID over DDC (HDMI or DVI is the EDID's call,
 * in dc_sink_create). DP / eDP: dp_detect.c. A sink equal to the one the
 * link has (same EDID bytes, caps, adaptor) keeps the old object, so
 * callers holding it and dc_dispatch's hotplug logic see no change.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "link_priv.h"

static bool same_caps(const struct dc_dp_caps *a, const struct dc_dp_caps *b)
{
	return a->dpcd_rev == b->dpcd_rev && a->max_rate_mbps == b->max_rate_mbps &&
	       a->max_lanes == b->max_lanes && a->tps3 == b->tps3 &&
	       a->enhanced_framing == b->enhanced_framing && a->mst == b->mst &&
	       a->sink_count == b->sink_count && a->downstream_port == b->downstream_port &&
	       a->downstream_type == b->downstream_type &&
	       a->msa_timing_par_ignored == b->msa_timing_par_ignored;
}

static bool same_sink(const struct dc_sink *a, const struct dc_sink *b)
{
	if (!a || !b)
		return a == b;
	if (a->signal != b->signal || a->edid_size != b->edid_size ||
	    (a->edid_size && memcmp(a->edid_raw, b->edid_raw, a->edid_size)) ||
	    a->has_dp_caps != b->has_dp_caps || a->has_dongle != b->has_dongle)
		return false;
	if (a->has_dp_caps && !same_caps(&a->dp_caps, &b->dp_caps))
		return false;
	return !a->has_dongle || (a->dongle.type == b->dongle.type &&
				  a->dongle.max_tmds_khz == b->dongle.max_tmds_khz);
}

static int detect_tmds(struct dc *dc, unsigned link, struct dc_sink **out)
{
	uint8_t *edid;
	size_t size;
	int ret;

	*out = NULL;
	ret = dc_ddc_read_edid(dc, link, &edid, &size);
	if (ret) {
		dc_log(dc, DC_LOG_WARNING, "%s: HPD is up but no EDID answers on DDC (%s)",
		       dc->links[link].name, strerror(-ret));
		return ret == -ENOMEM ? ret : 0;
	}
	ret = dc_link_create_sink(dc, link, edid, size, NULL, NULL, out);
	free(edid);
	return ret;
}

const char *dc_signal_name(enum dc_signal s)
{
	switch (s) {
	case DC_SIGNAL_DP:
		return "DP";
	case DC_SIGNAL_EDP:
		return "eDP";
	case DC_SIGNAL_HDMI:
		return "HDMI";
	case DC_SIGNAL_DVI_SINGLE:
		return "single-link DVI";
	case DC_SIGNAL_DVI_DUAL:
		return "dual-link DVI";
	case DC_SIGNAL_NONE:
		break;
	}
	return "none";
}

static void log_sink(struct dc *dc, unsigned link, const struct dc_sink *sink)
{
	const struct dc_edid *e = sink->edid;

	dc_log(dc, DC_LOG_INFO, "%s: %s sink, EDID %zu bytes (%zu block%s)%s%s, %zu mode%s",
	       dc->links[link].name, dc_signal_name(sink->signal), sink->edid_size,
	       sink->edid_size / DC_EDID_BLOCK, sink->edid_size == DC_EDID_BLOCK ? "" : "s",
	       e && e->base.has_name ? ": " : "", e && e->base.has_name ? e->base.name : "",
	       sink->mode_count, sink->mode_count == 1 ? "" : "s");
}

int dc_link_detect(struct dc *dc, unsigned link)
{
	struct dc_sink *sink = NULL;
	struct dc_link *l;
	int ret;

	if (!dc || link >= dc->link_count)
		return -EINVAL;
	l = &dc->links[link];
	dce110_hpd_init(dc->hw, l->desc.hpd);
	if (!dce110_hpd_sense(dc->hw, l->desc.hpd)) {
		if (l->sink)
			dc_log(dc, DC_LOG_INFO, "%s: disconnected", l->name);
		l->verified_lanes = 0;
		l->verified_rate_mbps = 0;
		return dc_link_set_sink(dc, link, NULL);
	}
	ret = dc_link_is_dp(l) ? dc_dp_detect(dc, link, &sink) : detect_tmds(dc, link, &sink);
	if (ret < 0 && ret != -EIO)
		return ret;
	if (!sink) {
		dc_link_set_sink(dc, link, NULL);
		return ret;
	}
	if (same_sink(sink, l->sink)) {
		dc_sink_unref(sink); /* the same display: keep the object callers know */
		return 0;
	}
	log_sink(dc, link, sink);
	dc_link_set_sink(dc, link, sink);
	dc_sink_unref(sink);
	return 0;
}
