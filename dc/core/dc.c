/*
 * struct dc: creation from a board description, links and their names,
 * event and log handlers, link status.
 *
 * dc_create only builds data structures: it reads no register that has
 * side effects and writes none, so a restarted daemon can create the core
 * over a running engine and adopt what is on screen.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dc_bios.h"
#include "dc_priv.h"

const char *dc_link_type_name(enum dc_link_type type)
{
	switch (type) {
	case DC_LINK_DP:
		return "DP";
	case DC_LINK_EDP:
		return "eDP";
	case DC_LINK_HDMI_A:
		return "HDMI-A";
	case DC_LINK_DVI_D:
		return "DVI-D";
	}
	return NULL;
}

static bool is_dp(enum dc_link_type type)
{
	return type == DC_LINK_DP || type == DC_LINK_EDP;
}

/* Lines and encoders the connectors checked so far are wired to. */
struct wiring {
	uint16_t hpd, ddc, dig;
};

/* Checks one connector against the pool; fills err and returns -EINVAL. */
static int check_connector(const struct dc_resource_pool *pool, const struct dc_board *board,
			   unsigned i, struct wiring *used, struct dc_error *err)
{
	const struct dc_connector_desc *c = &board->connectors[i];
	const char *asic = dc_asic_name(board->asic);
	unsigned last_dig = c->dig_be + (c->dual_link ? 1u : 0u);

	if (!dc_link_type_name(c->type))
		return dc_error_set(err, DC_ERR_INVALID, -1, -1,
				    "board connector %u: unknown connector type %d", i, c->type);
	if (c->hpd >= pool->hpd)
		return dc_error_set(err, DC_ERR_INVALID, -1, -1,
				    "board connector %u: HPD line %u, %s has %u", i, c->hpd, asic,
				    pool->hpd);
	if (c->ddc >= pool->ddc)
		return dc_error_set(err, DC_ERR_INVALID, -1, -1,
				    "board connector %u: DDC line %u, %s has %u", i, c->ddc, asic,
				    pool->ddc);
	if (is_dp(c->type) && c->aux >= pool->aux)
		return dc_error_set(err, DC_ERR_INVALID, -1, -1,
				    "board connector %u: AUX channel %u, %s has %u", i, c->aux,
				    asic, pool->aux);
	if (c->max_dp_rate_mbps && !dc_dp_rate_name(c->max_dp_rate_mbps))
		return dc_error_set(err, DC_ERR_INVALID, -1, -1,
				    "board connector %u: DP link rate limit %u Mbit/s per lane is "
				    "not RBR, HBR, HBR2 or HBR3",
				    i, c->max_dp_rate_mbps);
	if (c->dual_link && (c->type != DC_LINK_DVI_D || c->dig_be % 2))
		return dc_error_set(
			err, DC_ERR_INVALID, -1, -1,
			"board connector %u: dual link needs a DVI-D connector on an even "
			"link encoder (the first of a UNIPHY pair), got DIG %u",
			i, c->dig_be);
	if (last_dig >= pool->link_encoders)
		return dc_error_set(err, DC_ERR_INVALID, -1, -1,
				    "board connector %u: link encoder DIG %u, %s has %u", i,
				    last_dig, asic, pool->link_encoders);
	if (used->hpd & (1u << c->hpd))
		return dc_error_set(err, DC_ERR_INVALID, -1, -1,
				    "board connector %u: HPD line %u is already wired to another "
				    "connector",
				    i, c->hpd);
	if (used->ddc & (1u << c->ddc))
		return dc_error_set(err, DC_ERR_INVALID, -1, -1,
				    "board connector %u: DDC line %u is already wired to another "
				    "connector",
				    i, c->ddc);
	for (unsigned d = c->dig_be; d <= last_dig; d++) {
		if (used->dig & (1u << d))
			return dc_error_set(err, DC_ERR_INVALID, -1, -1,
					    "board connector %u: link encoder DIG %u is already "
					    "wired to another connector",
					    i, d);
		used->dig |= (uint16_t)(1u << d);
	}
	used->hpd |= (uint16_t)(1u << c->hpd);
	used->ddc |= (uint16_t)(1u << c->ddc);
	return 0;
}

int dc_board_check(const struct dc_board *board, struct dc_error *err)
{
	const struct dc_resource_pool *pool = dc_resource_pool_get(board->asic);
	struct wiring used = { 0 };
	int ret;

	if (!pool)
		return dc_error_set(err, DC_ERR_INVALID, -1, -1, "board: unknown ASIC %d",
				    board->asic);
	if (board->connector_count == 0 || board->connector_count > DC_MAX_LINKS)
		return dc_error_set(err, DC_ERR_INVALID, -1, -1,
				    "board: %u connectors, expected 1 to %u",
				    board->connector_count, DC_MAX_LINKS);
	for (unsigned i = 0; i < board->connector_count; i++) {
		ret = check_connector(pool, board, i, &used, err);
		if (ret)
			return ret;
	}
	if (err)
		*err = (struct dc_error){ .code = DC_ERR_NONE, .stream = -1, .plane = -1 };
	return 0;
}

static void name_links(struct dc *dc)
{
	unsigned count[DC_LINK_DVI_D + 1] = { 0 };

	for (unsigned i = 0; i < dc->link_count; i++) {
		struct dc_link *l = &dc->links[i];

		snprintf(l->name, sizeof(l->name), "%s-%u", dc_link_type_name(l->desc.type),
			 ++count[l->desc.type]);
	}
}

int dc_create(struct dc_hw *hw, const struct dc_board *board, struct dc **out)
{
	struct dc *dc;
	int ret;

	if (!hw || !hw->ops || !board || !out)
		return -EINVAL;
	ret = dc_board_check(board, NULL);
	if (ret)
		return ret;
	dc = calloc(1, sizeof(*dc));
	if (!dc)
		return -ENOMEM;
	dc->hw = hw;
	dc->board = *board;
	dc->pool = dc_resource_pool_get(board->asic);
	dc->link_count = board->connector_count;
	for (unsigned i = 0; i < dc->link_count; i++) {
		dc->links[i].desc = board->connectors[i];
		dc->links[i].deadline_ns = UINT64_MAX;
	}
	name_links(dc);
	dc_dispclk_init(dc);
	*out = dc;
	return 0;
}

void dc_destroy(struct dc *dc)
{
	if (!dc)
		return;
	/* the ring's memory is the caller's and goes away next: no more vectors into it */
	dc_ih_detach(dc);
	for (unsigned i = 0; i < dc->link_count; i++) {
		dc_link_modes_drop(&dc->links[i]);
		dc_sink_unref(dc->links[i].sink);
	}
	dc_bios_destroy(dc->bios);
	free(dc);
}

unsigned dc_link_count(const struct dc *dc)
{
	return dc->link_count;
}

const char *dc_link_name(const struct dc *dc, unsigned link)
{
	return link < dc->link_count ? dc->links[link].name : NULL;
}

enum dc_link_type dc_link_type(const struct dc *dc, unsigned link)
{
	return link < dc->link_count ? dc->links[link].desc.type : DC_LINK_DP;
}

int dc_link_by_name(const struct dc *dc, const char *name)
{
	for (unsigned i = 0; i < dc->link_count; i++) {
		if (!strcmp(dc->links[i].name, name))
			return (int)i;
	}
	return -ENOENT;
}

struct dc_sink *dc_link_sink(const struct dc *dc, unsigned link)
{
	return link < dc->link_count ? dc->links[link].sink : NULL;
}

int dc_link_set_sink(struct dc *dc, unsigned link, struct dc_sink *sink)
{
	struct dc_sink *old;

	if (link >= dc->link_count)
		return -EINVAL;
	old = dc->links[link].sink;
	/* a new sink may be allocated where the old one was: forget by pointer now */
	dc_link_modes_drop(&dc->links[link]);
	dc->links[link].sink = sink ? dc_sink_ref(sink) : NULL;
	dc_sink_unref(old);
	return 0;
}

int dc_link_create_sink(struct dc *dc, unsigned link, const uint8_t *edid, size_t edid_size,
			const struct dc_dp_caps *dp_caps, const struct dc_dongle *dongle,
			struct dc_sink **out)
{
	const struct dc_link *l;
	struct dc_sink_init init;

	if (link >= dc->link_count)
		return -EINVAL;
	l = &dc->links[link];
	init = (struct dc_sink_init){
		.link_type = l->desc.type,
		.dual_link = l->desc.dual_link,
		.edid = edid,
		.edid_size = edid_size,
		.dp_caps = dp_caps,
		.dongle = dongle,
	};
	return dc_sink_create(dc, &init, out);
}

void dc_set_events(struct dc *dc, const struct dc_events *events, void *data)
{
	if (events)
		dc->events = *events;
	else
		memset(&dc->events, 0, sizeof(dc->events));
	dc->events_data = data;
}

void dc_set_log_handler(struct dc *dc, dc_log_fn fn, void *data)
{
	dc->log_fn = fn;
	dc->log_data = data;
}

void dc_log(const struct dc *dc, enum dc_log_level level, const char *fmt, ...)
{
	char line[512];
	va_list ap;

	if (!dc || !dc->log_fn)
		return;
	va_start(ap, fmt);
	vsnprintf(line, sizeof(line), fmt, ap);
	va_end(ap);
	dc->log_fn(level, line, dc->log_data);
}

const struct dc_state *dc_current_state(const struct dc *dc)
{
	return &dc->current;
}

static const struct dc_stream *committed_stream(const struct dc *dc, unsigned link)
{
	for (unsigned i = 0; i < dc->current.stream_count; i++) {
		if (dc->current.streams[i].link == link)
			return &dc->current.streams[i];
	}
	return NULL;
}

int dc_link_get_status(const struct dc *dc, unsigned link, struct dc_link_status *out)
{
	const struct dc_link *l;
	const struct dc_stream *s;

	if (link >= dc->link_count || !out)
		return -EINVAL;
	l = &dc->links[link];
	*out = (struct dc_link_status){ .connected = l->sink != NULL };
	if (l->sink)
		out->signal = l->sink->signal;
	if (l->verified_lanes) {
		out->max_rate_mbps = l->verified_rate_mbps;
		out->max_lanes = l->verified_lanes;
	} else if (l->sink && l->sink->has_dp_caps && !l->sink->has_dongle) {
		/* not trained yet: what both ends claim */
		uint32_t rate = l->sink->dp_caps.max_rate_mbps;
		uint8_t lanes = l->sink->dp_caps.max_lanes;

		out->max_rate_mbps =
			rate < dc->pool->max_dp_rate_mbps ? rate : dc->pool->max_dp_rate_mbps;
		out->max_lanes = lanes < dc->pool->max_dp_lanes ? lanes : dc->pool->max_dp_lanes;
	}
	out->training = l->training;
	s = committed_stream(dc, link);
	if (s) {
		out->active = true;
		out->signal = s->res.signal;
		out->hdmi_scrambling = s->res.hdmi_scrambling;
		out->pixel_clock_khz = s->res.pixel_clock_khz;
		out->vrr_active = s->res.vrr_vtotal_max != 0;
	}
	if (l->sink) {
		char why[200];

		out->non_desktop = dc_sink_caps(l->sink)->non_desktop != DC_EDID_DESKTOP;
		dc_link_vrr_range(dc, link, &out->vrr_min_hz, &out->vrr_max_hz, why, sizeof(why));
	}
	dc_link_status_fill(dc, link, out);
	return 0;
}
