/*
 * The modes a link can show: its sink's list less what dc_validate refuses
 * for that mode alone on that link (the link's bandwidth as trained or as
 * the receiver claims, the encoder's TMDS limits, the timing generator,
 * DISPCLK for a full-screen XRGB8888 plane at 8bpc RGB). It is what a DRM
 * connector's mode_valid does: a compositor or the idle configuration
 * picking from the list, its preferred mode first, gets a mode that
 * commits. Other outputs are not considered: two modes that fit alone may
 * still not fit together, which validation says when it happens.
 *
 * The list is kept per link and made again when the sink or the verified
 * DP capability changes.
 */
#include <drm_fourcc.h>
#include <errno.h>
#include <stdlib.h>

#include "dc_priv.h"

static bool fits_alone(struct dc *dc, unsigned link, const struct drm_mode_modeinfo *m)
{
	struct dc_state st = { .stream_count = 1 };
	struct dc_stream *s = &st.streams[0];
	struct dc_error err;

	s->link = (uint8_t)link;
	s->mode = *m;
	s->encoding = DC_ENCODING_RGB;
	s->bpc = 8;
	s->primary = (struct dc_plane){
		.enabled = true,
		.format = DRM_FORMAT_XRGB8888,
		.modifier = DRM_FORMAT_MOD_LINEAR,
		.width = m->hdisplay,
		.height = m->vdisplay,
		.pitch = (m->hdisplay * 4u + 255u) & ~255u,
		.src_w = (uint32_t)m->hdisplay << 16,
		.src_h = (uint32_t)m->vdisplay << 16,
		.dst_w = m->hdisplay,
		.dst_h = m->vdisplay,
	};
	return dc_validate(dc, &st, &err) == 0;
}

void dc_link_modes_drop(struct dc_link *l)
{
	free(l->modes);
	l->modes = NULL;
	l->mode_count = 0;
	l->modes_for = NULL;
}

const struct dc_mode *dc_link_modes(struct dc *dc, unsigned link, size_t *count)
{
	const struct dc_mode *all;
	struct dc_link *l;
	size_t n, kept = 0;

	*count = 0;
	if (!dc || link >= dc->link_count || !dc->links[link].sink)
		return NULL;
	l = &dc->links[link];
	if (l->modes_for == l->sink && l->modes_rate_mbps == l->verified_rate_mbps &&
	    l->modes_lanes == l->verified_lanes) {
		*count = l->mode_count;
		return l->modes;
	}
	dc_link_modes_drop(l);
	all = dc_sink_modes(l->sink, &n);
	l->modes = calloc(n ? n : 1, sizeof(*l->modes));
	if (!l->modes)
		return NULL;
	for (size_t i = 0; i < n; i++) {
		if (fits_alone(dc, link, &all[i].info))
			l->modes[kept++] = all[i];
	}
	if (kept < n)
		dc_log(dc, DC_LOG_DEBUG, "%s: %zu of the monitor's %zu modes do not fit this link",
		       l->name, n - kept, n);
	l->mode_count = kept;
	l->modes_for = l->sink;
	l->modes_rate_mbps = l->verified_rate_mbps;
	l->modes_lanes = l->verified_lanes;
	*count = kept;
	return l->modes;
}
