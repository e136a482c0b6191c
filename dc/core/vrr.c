/*
 * Variable refresh (DP Adaptive-Sync, what AMD calls FreeSync): whether a
 * link can vary its refresh, and the frame lengths a stream with vrr gets.
 *
 * A sink varies its refresh when three things hold: the signal is DP (dcd
 * drives Adaptive-Sync, not HDMI's VRR or AMD's FreeSync over HDMI), its DP
 * receiver sets MSA_TIMING_PAR_IGNORED (DOWN_STREAM_PORT_COUNT bit 6: it
 * follows the frames it gets instead of the timing in the MSA), and its
 * EDID states a range (dc_edid_caps.vrr_min_hz/vrr_max_hz: AMD VSDB,
 * DisplayID adaptive-sync, or range limits with continuous frequency).
 *
 * The mode's own timing is the shortest frame (V_TOTAL_MIN + 1 = vtotal),
 * so its refresh must lie in the range; the longest frame (V_TOTAL_MAX + 1)
 * has as many lines as the minimum rate allows, rounded down so the sink
 * never sees a frame longer than its minimum rate allows.
 *
 * Low-framerate compensation (showing each buffer two or more times when the
 * client renders below the minimum) is the client's job, not dcd's: only the
 * client knows the pace it renders at and when its next buffer is due, and
 * it can flip the same buffer again, which ends a frame like any flip. dcd
 * keeps the floor: when no flip comes, V_TOTAL_MAX ends the frame and the
 * last buffer shows again.
 */
#include <errno.h>
#include <stdio.h>

#include "../link/dpcd_regs.h"
#include "dc_priv.h"

int dc_link_vrr_range(const struct dc *dc, unsigned link, uint16_t *min_hz, uint16_t *max_hz,
		      char *why, size_t why_len)
{
	const struct dc_link *l;
	const struct dc_edid_caps *caps;

	*min_hz = *max_hz = 0;
	if (!dc || link >= dc->link_count)
		return -EINVAL;
	l = &dc->links[link];
	if (!l->sink) {
		snprintf(why, why_len, "%s: nothing connected", l->name);
		return -ENODEV;
	}
	if (l->sink->signal != DC_SIGNAL_DP && l->sink->signal != DC_SIGNAL_EDP) {
		snprintf(why, why_len,
			 "%s: the sink takes %s; dcd varies the refresh on DP Adaptive-Sync only",
			 l->name, dc_signal_name(l->sink->signal));
		return -EOPNOTSUPP;
	}
	if (!l->sink->has_dp_caps || l->sink->has_dongle ||
	    !l->sink->dp_caps.msa_timing_par_ignored) {
		snprintf(why, why_len,
			 "%s: the DP receiver does not set MSA_TIMING_PAR_IGNORED (DPCD 0x%03x bit "
			 "6), so it cannot follow a varying frame length",
			 l->name, DP_DOWN_STREAM_PORT_COUNT);
		return -EOPNOTSUPP;
	}
	caps = dc_sink_caps(l->sink);
	if (!caps->vrr_min_hz || caps->vrr_min_hz >= caps->vrr_max_hz) {
		snprintf(why, why_len,
			 "%s: the EDID states no refresh range (AMD VSDB, DisplayID "
			 "adaptive-sync, or range limits with continuous frequency)",
			 l->name);
		return -EOPNOTSUPP;
	}
	*min_hz = caps->vrr_min_hz;
	*max_hz = caps->vrr_max_hz;
	return 0;
}

int dc_vrr_plan(const struct dc *dc, const struct dc_stream *s, int index,
		struct dc_stream_plan *plan, struct dc_error *err)
{
	const struct drm_mode_modeinfo *m = &s->mode;
	const char *name = dc->links[s->link].name;
	uint64_t frame_px = (uint64_t)m->htotal * m->vtotal, hz1000, lines;
	uint16_t min_hz, max_hz;
	char why[200];

	plan->vrr_vtotal_max = 0;
	if (!s->vrr)
		return 0;
	if (dc_link_vrr_range(dc, s->link, &min_hz, &max_hz, why, sizeof(why)))
		return dc_error_set(err, DC_ERR_VRR, index, -1, "%s", why);
	/* the mode's refresh in mHz; it is the shortest frame */
	hz1000 = (uint64_t)m->clock * 1000000 / frame_px;
	if (hz1000 > (uint64_t)max_hz * 1000 + 500 || hz1000 < (uint64_t)min_hz * 1000)
		return dc_error_set(err, DC_ERR_VRR, index, -1,
				    "%s: %ux%u at %llu.%03llu Hz is outside the sink's variable "
				    "refresh range %u-%u Hz",
				    name, m->hdisplay, m->vdisplay,
				    (unsigned long long)(hz1000 / 1000),
				    (unsigned long long)(hz1000 % 1000), min_hz, max_hz);
	lines = (uint64_t)m->clock * 1000 / ((uint64_t)m->htotal * min_hz);
	if (lines > dc->pool->max_vtotal)
		return dc_error_set(err, DC_ERR_VRR, index, -1,
				    "%s: a frame at the sink's minimum of %u Hz has %llu lines, "
				    "CRTC_V_TOTAL_MAX counts to %u",
				    name, min_hz, (unsigned long long)lines, dc->pool->max_vtotal);
	if (lines <= m->vtotal)
		return dc_error_set(err, DC_ERR_VRR, index, -1,
				    "%s: the mode's %u lines leave no room to stretch below %u Hz",
				    name, m->vtotal, min_hz);
	plan->vrr_vtotal_max = (uint16_t)lines;
	return 0;
}
