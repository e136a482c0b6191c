/*
 * Small facts about a link shared by the link layer's files: whether a
 * stream is on it, its pending work, and what dc_link_get_status reports
 * beyond the committed state.
 */
#include "link_priv.h"

bool dc_link_busy(const struct dc *dc, unsigned link)
{
	if (dc->links[link].rt.enabled)
		return true;
	for (unsigned i = 0; i < dc->current.stream_count; i++) {
		if (dc->current.streams[i].link == link)
			return true;
	}
	return false;
}

void dc_link_update_deadline(struct dc_link *l)
{
	uint64_t next = UINT64_MAX;

	if (l->rt.detect_pending)
		next = l->rt.detect_ns;
	if (l->rt.retrain_pending && l->rt.retrain_ns < next)
		next = l->rt.retrain_ns;
	l->deadline_ns = next;
}

void dc_link_schedule_retrain(struct dc *dc, unsigned link, uint64_t when)
{
	struct dc_link *l = &dc->links[link];

	if (!l->rt.retrain_pending || when < l->rt.retrain_ns)
		l->rt.retrain_ns = when;
	l->rt.retrain_pending = true;
	dc_link_update_deadline(l);
}

void dc_link_status_fill(const struct dc *dc, unsigned link, struct dc_link_status *out)
{
	const struct dc_link *l = &dc->links[link];

	/* what the hardware was told, not what the state asked for */
	out->hdmi_scrambling = l->rt.enabled && l->rt.hdmi_scrambling;
	if (l->rt.enabled && !out->pixel_clock_khz)
		out->pixel_clock_khz = l->rt.stream.res.pixel_clock_khz;
}
