/*
 * Bringing a link up for a stream and down again (dc/link/link.h).
 *
 * DP / eDP: receiver to D0, then training with fallback (dp_training.c) at
 * the verified capability; the stream must still fit what trained.
 * HDMI / DVI: the transmitter in TMDS mode. HDMI 2.0 scrambling, when the
 * stream needs it: first the sink's SCDC TMDS_Config (scrambling, and the
 * 1/40 TMDS bit clock ratio above 340 MHz), then the source's scrambler,
 * then the TMDS output, so the sink knows what is coming before it comes.
 * A DP++ type 2 adaptor has its TMDS output turned on.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "link_priv.h"

#define HDMI_RATIO_40_ABOVE_KHZ 340000 /* TMDS character rate: 1/40 clock above */

static void fmt_setting(char *buf, size_t size, uint8_t lanes, uint32_t rate)
{
	const char *name = dc_dp_rate_name(rate);

	if (name)
		snprintf(buf, size, "%u lane%s x %s", lanes, lanes == 1 ? "" : "s", name);
	else
		snprintf(buf, size, "%u lane%s x %u Mbit/s", lanes, lanes == 1 ? "" : "s", rate);
}

static int enable_dp(struct dc *dc, unsigned link, const struct dc_stream *s, struct dc_error *err)
{
	struct dc_link *l = &dc->links[link];
	const struct dc_dp_caps *caps = dc_link_dp_caps(l);
	struct dc_link_training t;
	struct fixed32_32 have, need;
	char from[32], got[32], have_s[16], need_s[16], what[80];
	uint32_t rate;
	uint8_t lanes;
	int ret;

	if (!caps) {
		dc_error_set(err, DC_ERR_NOT_CONNECTED, -1, -1,
			     "%s: no DP receiver caps (detect the link first)", l->name);
		return -ENODEV;
	}
	dc_dp_max_setting(dc, link, caps, &rate, &lanes);
	fmt_setting(from, sizeof(from), lanes, rate);
	l->rt.msa_ignore = s->res.vrr_vtotal_max != 0;
	ret = dc_dp_set_power(dc, link, true);
	if (ret) {
		dc_error_set(err, DC_ERR_LINK_TRAINING, -1, -1,
			     "%s: the DP receiver does not take power state D0 over AUX (%s)",
			     l->name, strerror(-ret));
		return ret == -ENODEV ? ret : -EIO;
	}
	ret = dc_dp_train(dc, link, caps, rate, lanes, &t);
	if (ret == -EOPNOTSUPP) { /* no table drives the PHY: the check's sentence */
		dc_bios_phy_check(dc, link, DC_SIGNAL_DP, -1, err);
		return -EOPNOTSUPP;
	}
	if (ret) {
		dc_link_dp_transmitter_off(dc, link);
		dc_error_set(err, DC_ERR_LINK_TRAINING, -1, -1,
			     "%s: link training failed at every setting from %s down to 1 lane x "
			     "RBR (%s)",
			     l->name, from, ret == -EIO ? "see the log" : strerror(-ret));
		return ret == -ENODEV ? ret : -EIO;
	}
	have = dc_dp_link_kbps(t.lanes, t.rate_mbps);
	need = dc_dp_stream_kbps(s->mode.clock, s->encoding, s->bpc);
	if (fixed32_32_lt(have, need)) {
		dc_link_dp_transmitter_off(dc, link);
		fmt_setting(got, sizeof(got), t.lanes, t.rate_mbps);
		dc_fmt_fixed(have_s, sizeof(have_s), have, 1000000, 2);
		dc_fmt_fixed(need_s, sizeof(need_s), need, 1000000, 2);
		dc_fmt_stream(what, sizeof(what), s);
		return dc_error_set(
			err, DC_ERR_LINK_BANDWIDTH, -1, -1,
			"%s: the link trains only at %s = %s Gbit/s effective, %s needs "
			"%s Gbit/s",
			l->name, got, have_s, what, need_s);
	}
	return 0;
}

static int enable_tmds(struct dc *dc, unsigned link, const struct dc_stream *s,
		       struct dc_error *err)
{
	struct dc_link *l = &dc->links[link];
	enum dc_signal signal = s->res.signal != DC_SIGNAL_NONE ? s->res.signal : l->sink->signal;
	bool hdmi = signal == DC_SIGNAL_HDMI;
	bool scramble = hdmi && s->res.hdmi_scrambling;
	bool ratio40 = scramble && s->res.pixel_clock_khz > HDMI_RATIO_40_ABOVE_KHZ;
	bool scdc = hdmi && dc_sink_caps(l->sink)->scdc;
	bool scrambled = false;
	int ret;

	if (scramble && !scdc)
		return dc_error_set(err, DC_ERR_SINK_TMDS, -1, -1,
				    "%s: the stream needs scrambling, the sink has no SCDC",
				    l->name);
	if (l->sink->has_dongle && l->sink->dongle.type >= DC_DONGLE_DP_DVI_TYPE2 &&
	    dc_dongle_tmds_output(dc, link, true))
		dc_log(dc, DC_LOG_WARNING,
		       "%s: the DP++ adaptor's TMDS output could not be enabled", l->name);
	if (scdc) {
		/* also when not scrambling: clear what an earlier mode left */
		ret = dc_scdc_set_tmds_config(dc, link, scramble, ratio40);
		if (ret && scramble) {
			dc_error_set(err, DC_ERR_SINK_TMDS, -1, -1,
				     "%s: the sink did not take SCDC TMDS_Config over DDC (%s)",
				     l->name, strerror(-ret));
			return -EIO;
		}
	}
	dce110_link_enc_hdmi_scrambling(dc->hw, dc->pool->regs, l->desc.dig_be, scramble, ratio40);
	/*
	 * The DIG side (mode, lanes, DIG_ENABLE) is Display Core's, then the
	 * table powers the PHY up, as for DP. AMD's table also sets the lanes
	 * and DIG_ENABLE itself (the kernel leaves them to it), so it has the
	 * last word there; our own table leaves the DIG alone.
	 */
	dce110_link_enc_tmds_enable(dc->hw, l->desc.dig_be, l->desc.hpd, hdmi,
				    signal == DC_SIGNAL_DVI_DUAL);
	if (dc_bios_phy_tmds(dc, l->desc.dig_be) &&
	    dc_bios_phy_tmds_enable(dc, link, signal, s->res.pixel_clock_khz,
				    (unsigned)s->res.clock_source)) {
		dce110_link_enc_disable(dc->hw, l->desc.dig_be);
		dc_error_set(err, DC_ERR_LINK_TRAINING, -1, -1,
			     "%s: the video BIOS's UNIPHYTransmitterControl did not enable "
			     "UNIPHY %c for TMDS",
			     l->name, 'A' + (char)l->desc.dig_be);
		return -EIO;
	}
	l->rt.hdmi_scrambling = scramble;
	if (scramble && !dc_scdc_scrambled(dc, link, &scrambled) && !scrambled)
		dc_log(dc, DC_LOG_WARNING, "%s: the sink does not report scrambled data yet",
		       l->name);
	dc_log(dc, DC_LOG_INFO, "%s: TMDS on (%s, %u kHz)%s%s", l->name,
	       hdmi			      ? "HDMI"
	       : signal == DC_SIGNAL_DVI_DUAL ? "dual-link DVI"
					      : "DVI",
	       s->res.pixel_clock_khz, scramble ? ", scrambling" : "",
	       ratio40 ? ", TMDS clock ratio 1/40" : "");
	return 0;
}

int dc_link_enable(struct dc *dc, unsigned link, const struct dc_stream *stream,
		   struct dc_error *err)
{
	struct dc_link *l;
	int ret;

	if (!dc || link >= dc->link_count || !stream)
		return dc_error_set(err, DC_ERR_INVALID, -1, -1, "link %u does not exist", link);
	l = &dc->links[link];
	if (stream->res.link_encoder >= 0 && stream->res.link_encoder != l->desc.dig_be)
		return dc_error_set(err, DC_ERR_INVALID, -1, -1,
				    "%s: stream assigned link encoder DIG %d, the connector is "
				    "wired to DIG %u",
				    l->name, stream->res.link_encoder, l->desc.dig_be);
	if (!l->sink) {
		dc_error_set(err, DC_ERR_NOT_CONNECTED, -1, -1, "%s: nothing connected", l->name);
		return -ENODEV;
	}
	dce110_hpd_init(dc->hw, l->desc.hpd); /* AUX and DDC want the line set up */
	if (l->sink->signal == DC_SIGNAL_DP || l->sink->signal == DC_SIGNAL_EDP)
		ret = enable_dp(dc, link, stream, err);
	else
		ret = enable_tmds(dc, link, stream, err);
	if (ret)
		return ret;
	l->rt.enabled = true;
	l->rt.stream = *stream;
	if (err)
		*err = (struct dc_error){ .code = DC_ERR_NONE, .stream = -1, .plane = -1 };
	return 0;
}

int dc_link_disable(struct dc *dc, unsigned link)
{
	struct dc_link *l;
	bool dp, was_scrambling;
	enum dc_signal signal;

	if (!dc || link >= dc->link_count)
		return -EINVAL;
	l = &dc->links[link];
	/* what the transmitter carries: the stream's signal, else the sink's */
	signal = l->rt.enabled ? l->rt.stream.res.signal
		 : l->sink     ? l->sink->signal
			       : DC_SIGNAL_NONE;
	dp = l->rt.enabled ? l->rt.stream.res.signal == DC_SIGNAL_DP ||
				     l->rt.stream.res.signal == DC_SIGNAL_EDP
			   : dc_link_is_dp(l) && !(l->sink && l->sink->has_dongle);
	was_scrambling = l->rt.hdmi_scrambling;
	l->rt.enabled = false;
	l->rt.hdmi_scrambling = false;
	l->rt.msa_ignore = false;
	l->rt.retrain_pending = false;
	dc_link_update_deadline(l);
	if (dp) {
		/* the receiver may be gone already; the transmitter goes off regardless */
		if (l->sink && dce110_hpd_sense(dc->hw, l->desc.hpd))
			dc_dp_set_power(dc, link, false);
		dc_link_dp_transmitter_off(dc, link);
		return 0;
	}
	dce110_link_enc_hdmi_scrambling(dc->hw, dc->pool->regs, l->desc.dig_be, false, false);
	if (dc_bios_phy_tmds(dc, l->desc.dig_be))
		dc_bios_phy_disable(dc, link, signal);
	dce110_link_enc_disable(dc->hw, l->desc.dig_be);
	if (l->sink && (was_scrambling || dc_sink_caps(l->sink)->scdc) &&
	    dc_scdc_set_tmds_config(dc, link, false, false) && was_scrambling)
		dc_log(dc, DC_LOG_WARNING, "%s: the sink's SCDC scrambling could not be cleared",
		       l->name);
	if (l->sink && l->sink->has_dongle && l->sink->dongle.type >= DC_DONGLE_DP_DVI_TYPE2)
		dc_dongle_tmds_output(dc, link, false);
	return 0;
}

int dc_link_adopt(struct dc *dc, unsigned link, const struct dc_stream *stream)
{
	struct dc_link *l;
	struct dc_link_training *t;
	uint32_t rate;
	unsigned lanes;

	if (!dc || link >= dc->link_count || !stream)
		return -EINVAL;
	l = &dc->links[link];
	l->rt.enabled = true;
	l->rt.stream = *stream;
	if (stream->res.signal == DC_SIGNAL_DP || stream->res.signal == DC_SIGNAL_EDP) {
		t = &l->training;
		*t = (struct dc_link_training){ 0 };
		dce110_link_enc_dp_read(dc->hw, l->desc.dig_be, dc_bios_phy(dc, l->desc.dig_be),
					&rate, &lanes, t->swing, t->preemphasis);
		t->rate_mbps = rate;
		t->lanes = rate ? (uint8_t)lanes : 0;
		if (rate && !l->verified_lanes) {
			l->verified_rate_mbps = rate;
			l->verified_lanes = t->lanes;
		}
	} else {
		l->rt.hdmi_scrambling =
			dce110_link_enc_hdmi_scrambling_on(dc->hw, dc->pool->regs, l->desc.dig_be);
	}
	return 0;
}
