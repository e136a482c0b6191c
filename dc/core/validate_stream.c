/*
 * One stream by itself: its link and sink, the timing, the pixel encoding
 * and depth, and what the signal can carry (TMDS clock limits, DP link
 * bandwidth, the clock source's range). Fills a dc_stream_plan for the
 * resource assignment.
 */
#include <errno.h>
#include <stdio.h>

#include "dc_priv.h"

static int check_timing(const struct dc *dc, const struct dc_stream *s, int index, const char *name,
			struct dc_error *err)
{
	const struct drm_mode_modeinfo *m = &s->mode;

	if (!m->clock || !m->hdisplay || !m->vdisplay || dc_mode_check_timing(m))
		return dc_error_set(err, DC_ERR_MODE, index, -1,
				    "%s: impossible timing: clock %u kHz, horizontal %u %u %u %u, "
				    "vertical %u %u %u %u (need active <= sync start <= sync end "
				    "<= total)",
				    name, m->clock, m->hdisplay, m->hsync_start, m->hsync_end,
				    m->htotal, m->vdisplay, m->vsync_start, m->vsync_end,
				    m->vtotal);
	if (m->htotal > dc->pool->max_htotal || m->vtotal > dc->pool->max_vtotal)
		return dc_error_set(err, DC_ERR_MODE, index, -1,
				    "%s: timing totals %ux%u, the timing generator counts to %ux%u",
				    name, m->htotal, m->vtotal, dc->pool->max_htotal,
				    dc->pool->max_vtotal);
	/* CRTC_INTERLACE_CONTROL exists, but neither dcd nor the simulator drive it */
	if (m->flags & DRM_MODE_FLAG_INTERLACE)
		return dc_error_set(err, DC_ERR_MODE, index, -1,
				    "%s: interlaced timing %ux%u, dcd drives progressive timings "
				    "only",
				    name, m->hdisplay, m->vdisplay);
	if (m->flags & DRM_MODE_FLAG_DBLSCAN)
		return dc_error_set(err, DC_ERR_MODE, index, -1,
				    "%s: doublescan timing %ux%u, the timing generator does not "
				    "repeat lines",
				    name, m->hdisplay, m->vdisplay);
	return 0;
}

static bool bpc_in_mask(uint8_t mask, unsigned bpc)
{
	return (mask >> ((bpc - 6) / 2)) & 1;
}

static int check_encoding(const struct dc *dc, const struct dc_stream *s, int index,
			  const char *name, struct dc_error *err)
{
	const struct dc_sink *sink = dc->links[s->link].sink;
	const struct dc_edid_caps *caps = dc_sink_caps(sink);
	bool tmds = sink->signal != DC_SIGNAL_DP && sink->signal != DC_SIGNAL_EDP;
	char what[80];
	uint8_t mask = 0;

	dc_fmt_stream(what, sizeof(what), s);
	if (s->bpc != 6 && s->bpc != 8 && s->bpc != 10 && s->bpc != 12)
		return dc_error_set(err, DC_ERR_MODE, index, -1,
				    "%s: %s: %s encoders carry 6, 8, 10 or 12 bits per component",
				    name, what, dc->pool->dce);
	if (s->encoding > DC_ENCODING_YCBCR420)
		return dc_error_set(err, DC_ERR_MODE, index, -1, "%s: unknown pixel encoding %d",
				    name, s->encoding);
	if (s->encoding == DC_ENCODING_YCBCR420 && !dc->pool->ycbcr420)
		return dc_error_set(err, DC_ERR_MODE, index, -1,
				    "%s: %s: %s encoders do not output YCbCr 4:2:0", name, what,
				    dc->pool->dce);
	if (sink->signal == DC_SIGNAL_DVI_SINGLE || sink->signal == DC_SIGNAL_DVI_DUAL) {
		if (s->encoding != DC_ENCODING_RGB || s->bpc > 8)
			return dc_error_set(err, DC_ERR_MODE, index, -1,
					    "%s: %s: DVI carries RGB at up to 8bpc", name, what);
		return 0;
	}
	if (tmds && s->bpc == 6)
		return dc_error_set(err, DC_ERR_MODE, index, -1,
				    "%s: %s: HDMI carries at least 8bpc", name, what);
	if ((s->encoding == DC_ENCODING_YCBCR444 && !caps->ycbcr444) ||
	    (s->encoding == DC_ENCODING_YCBCR422 && !caps->ycbcr422))
		return dc_error_set(err, DC_ERR_MODE, index, -1,
				    "%s: %s: the sink's EDID does not list %s", name, what,
				    dc_encoding_name(s->encoding));
	if (tmds && s->bpc > dc->pool->max_hdmi_bpc)
		return dc_error_set(err, DC_ERR_MODE, index, -1,
				    "%s: %s: %s encoders send HDMI deep color up to %ubpc", name,
				    what, dc->pool->dce, dc->pool->max_hdmi_bpc);
	/* deep color must be announced (HDMI VSDB DC_30bit/36bit, EDID 1.4 depth) */
	if (s->encoding == DC_ENCODING_RGB)
		mask = caps->rgb_bpc;
	else if (s->encoding == DC_ENCODING_YCBCR444)
		mask = caps->ycbcr444_bpc;
	if (s->bpc > 8 && s->encoding != DC_ENCODING_YCBCR422 && !bpc_in_mask(mask, s->bpc))
		return dc_error_set(err, DC_ERR_MODE, index, -1,
				    "%s: %s: the sink's EDID does not announce %ubpc %s", name,
				    what, s->bpc, dc_encoding_name(s->encoding));
	return 0;
}

static int check_dp(const struct dc *dc, const struct dc_stream *s, int index, const char *name,
		    struct dc_stream_plan *plan, struct dc_error *err)
{
	const struct dc_link *l = &dc->links[s->link];
	const struct dc_sink *sink = l->sink;
	uint32_t rate = dc->pool->max_dp_rate_mbps;
	unsigned lanes = dc->pool->max_dp_lanes;
	struct fixed32_32 have, need;
	char have_s[16], need_s[16], rate_s[24], what[80];
	const char *rate_name;

	if (l->verified_lanes) {
		rate = l->verified_rate_mbps;
		lanes = l->verified_lanes;
	} else if (sink->has_dp_caps) {
		if (sink->dp_caps.max_rate_mbps < rate)
			rate = sink->dp_caps.max_rate_mbps;
		if (sink->dp_caps.max_lanes < lanes)
			lanes = sink->dp_caps.max_lanes;
	} else {
		return dc_error_set(err, DC_ERR_NOT_CONNECTED, index, -1,
				    "%s: the DP sink's receiver caps (DPCD) are unknown", name);
	}
	have = dc_dp_link_kbps(lanes, rate);
	need = dc_dp_stream_kbps(s->mode.clock, s->encoding, s->bpc);
	if (fixed32_32_lt(have, need)) {
		rate_name = dc_dp_rate_name(rate);
		if (rate_name)
			snprintf(rate_s, sizeof(rate_s), "%s", rate_name);
		else
			snprintf(rate_s, sizeof(rate_s), "%u Mbit/s", rate);
		dc_fmt_fixed(have_s, sizeof(have_s), have, 1000000, 2);
		dc_fmt_fixed(need_s, sizeof(need_s), need, 1000000, 2);
		dc_fmt_stream(what, sizeof(what), s);
		return dc_error_set(err, DC_ERR_LINK_BANDWIDTH, index, -1,
				    "%s: %u lane%s x %s = %s Gbit/s effective, %s needs %s Gbit/s",
				    name, lanes, lanes == 1 ? "" : "s", rate_s, have_s, what,
				    need_s);
	}
	plan->signal = sink->signal;
	plan->uses_pll = false;
	plan->pll_khz = s->mode.clock;
	if (s->mode.clock > dc->pool->dprefclk_khz) {
		dc_fmt_stream(what, sizeof(what), s);
		return dc_error_set(err, DC_ERR_CLOCK_SOURCE, index, -1,
				    "%s: %s needs a %u kHz pixel clock, the DP DTO divides the "
				    "%u kHz DP reference clock",
				    name, what, s->mode.clock, dc->pool->dprefclk_khz);
	}
	return 0;
}

static int tmds_error(const struct dc *dc, const struct dc_stream *s, int index, const char *name,
		      const struct dc_tmds_result *r, struct dc_error *err)
{
	const struct dc_link *l = &dc->links[s->link];
	enum dc_error_code code = DC_ERR_TMDS_CLOCK;
	char limit[16], need[16], what[80], who[64], why[64] = "";

	dc_fmt_fixed(limit, sizeof(limit), fixed32_32_from_int(r->limit_khz), 1000, 2);
	dc_fmt_fixed(need, sizeof(need), r->needed_khz, 1000, 2);
	dc_fmt_stream(what, sizeof(what), s);
	switch (r->limit) {
	case DC_TMDS_LIMIT_DVI_SINGLE:
		snprintf(who, sizeof(who), "single-link DVI carries");
		break;
	case DC_TMDS_LIMIT_DVI_DUAL:
		snprintf(who, sizeof(who), "dual-link DVI carries pixel clocks");
		break;
	case DC_TMDS_LIMIT_HDMI20:
		snprintf(who, sizeof(who), "HDMI 2.0 carries TMDS");
		break;
	case DC_TMDS_LIMIT_ENCODER:
		snprintf(who, sizeof(who), "link encoder DIG %u drives TMDS", l->desc.dig_be);
		/* an HDMI 1.4 engine, or a board whose VBIOS did not enable 6 Gbit/s */
		if (dc->pool->max_hdmi_6g_khz <= dc->pool->max_hdmi_khz)
			snprintf(why, sizeof(why), " (%s, %s, is an HDMI 1.4 part)",
				 dc_asic_name(dc->pool->asic), dc->pool->dce);
		else
			snprintf(why, sizeof(why), " (no HDMI_6GB_EN)");
		break;
	case DC_TMDS_LIMIT_SCDC:
		code = DC_ERR_SINK_TMDS;
		snprintf(who, sizeof(who), "the sink takes TMDS");
		snprintf(why, sizeof(why), " (no SCDC in its HF-VSDB)");
		break;
	case DC_TMDS_LIMIT_SINK:
		code = DC_ERR_SINK_TMDS;
		snprintf(who, sizeof(who), "the sink takes TMDS");
		snprintf(why, sizeof(why), " (its EDID's max TMDS clock)");
		break;
	case DC_TMDS_LIMIT_DONGLE:
		code = DC_ERR_DONGLE;
		snprintf(who, sizeof(who), "the DP++ type %u adaptor carries TMDS",
			 l->sink->dongle.type >= DC_DONGLE_DP_DVI_TYPE2 ? 2 : 1);
		break;
	case DC_TMDS_OK:
		who[0] = '\0';
		break;
	}
	return dc_error_set(err, code, index, -1, "%s: %s up to %s MHz%s, %s needs %s MHz", name,
			    who, limit, why, what, need);
}

static int check_tmds(const struct dc *dc, const struct dc_stream *s, int index, const char *name,
		      struct dc_stream_plan *plan, struct dc_error *err)
{
	const struct dc_link *l = &dc->links[s->link];
	const struct dc_sink *sink = l->sink;
	const struct dc_edid_caps *caps = dc_sink_caps(sink);
	struct dc_tmds_config cfg = {
		.hdmi = sink->signal == DC_SIGNAL_HDMI,
		.dual_link_capable = sink->signal == DC_SIGNAL_DVI_DUAL,
		.encoder_max_khz =
			l->desc.hdmi_6g ? dc->pool->max_hdmi_6g_khz : dc->pool->max_hdmi_khz,
		.sink_max_khz = caps->max_tmds_khz,
		.sink_scdc = caps->scdc,
	};
	struct dc_tmds_result r;
	struct dc_pll_dividers div;
	char what[80];
	int ret;

	if (sink->has_dongle) {
		cfg.dongle_max_khz = sink->dongle.max_tmds_khz;
		if (!cfg.dongle_max_khz && sink->dongle.type < DC_DONGLE_DP_DVI_TYPE2)
			cfg.dongle_max_khz = DC_TMDS_DP_DUAL_TYPE1_KHZ;
	}
	ret = dc_tmds_check(&cfg, s->mode.clock, s->encoding, s->bpc, &r);
	if (ret == -ERANGE)
		return tmds_error(dc, s, index, name, &r, err);
	if (ret)
		return dc_error_set(err, DC_ERR_MODE, index, -1,
				    "%s: %ubpc %s is not a TMDS format", name, s->bpc,
				    dc_encoding_name(s->encoding));
	plan->signal = r.signal;
	plan->hdmi_scrambling = r.scrambling;
	plan->uses_pll = true;
	/* HDMI: the PLL makes the TMDS clock; DVI (also dual link): the pixel clock */
	plan->pll_khz =
		r.signal == DC_SIGNAL_HDMI ? (uint32_t)fixed32_32_round(r.tmds_khz) : s->mode.clock;
	if (dc_pll_compute(&dc->pool->pll, plan->pll_khz, &div)) {
		dc_fmt_stream(what, sizeof(what), s);
		return dc_error_set(err, DC_ERR_CLOCK_SOURCE, index, -1,
				    "%s: %s needs a %u kHz clock, no PLL setting makes it (VCO "
				    "%u-%u kHz, post divider %u-%u)",
				    name, what, plan->pll_khz, dc->pool->pll.vco_min_khz,
				    dc->pool->pll.vco_max_khz, dc->pool->pll.post_div_min,
				    dc->pool->pll.post_div_max);
	}
	return 0;
}

int dc_validate_stream(const struct dc *dc, const struct dc_stream *s, int index,
		       struct dc_stream_plan *plan, struct dc_error *err)
{
	const struct dc_link *l;
	int ret;

	*plan = (struct dc_stream_plan){ .signal = DC_SIGNAL_NONE, .committed = -1 };
	if (s->link >= dc->link_count)
		return dc_error_set(err, DC_ERR_INVALID, index, -1,
				    "stream %d: link %u does not exist, the board has %u", index,
				    s->link, dc->link_count);
	l = &dc->links[s->link];
	if (!l->sink)
		return dc_error_set(err, DC_ERR_NOT_CONNECTED, index, -1, "%s: nothing connected",
				    l->name);
	ret = check_timing(dc, s, index, l->name, err);
	if (!ret)
		ret = check_encoding(dc, s, index, l->name, err);
	if (ret)
		return ret;
	if (l->sink->signal == DC_SIGNAL_DP || l->sink->signal == DC_SIGNAL_EDP)
		ret = check_dp(dc, s, index, l->name, plan, err);
	else
		ret = check_tmds(dc, s, index, l->name, plan, err);
	if (!ret)
		ret = dc_vrr_plan(dc, s, index, plan, err);
	plan->audio = !ret && dc_sink_caps(l->sink)->audio && plan->signal != DC_SIGNAL_EDP &&
		      plan->signal != DC_SIGNAL_DVI_SINGLE && plan->signal != DC_SIGNAL_DVI_DUAL;
	return ret;
}
