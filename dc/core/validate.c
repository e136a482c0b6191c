/*
 * dc_validate: whether a state can be shown as a whole.
 *
 * Stateless: it reads the committed state only to keep unchanged streams
 * on their resources, and touches neither hardware nor committed state.
 * The order is the order of the causes: each stream by itself (link, sink,
 * mode, signal limits), each stream's planes, then what the streams share
 * (pipes, encoders, clock sources, audio), then DISPCLK, memory
 * bandwidth and the display watermarks over all of them. The first failure fills struct dc_error
 * with one sentence naming the output and the numbers on both sides.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "dc_priv.h"

static int code_errno(enum dc_error_code code)
{
	switch (code) {
	case DC_ERR_TIMING_GENERATOR:
	case DC_ERR_STREAM_ENCODER:
	case DC_ERR_CLOCK_SOURCE:
	case DC_ERR_AUDIO:
	case DC_ERR_LINK_ENCODER:
		return -ENOSPC;
	case DC_ERR_TMDS_CLOCK:
	case DC_ERR_SINK_TMDS:
	case DC_ERR_DONGLE:
	case DC_ERR_LINK_BANDWIDTH:
	case DC_ERR_DISPLAY_CLOCK:
	case DC_ERR_MEMORY_BANDWIDTH:
	case DC_ERR_SCALER:
		return -ERANGE;
	default:
		return -EINVAL;
	}
}

int dc_error_set(struct dc_error *err, enum dc_error_code code, int stream, int plane,
		 const char *fmt, ...)
{
	va_list ap;

	if (err) {
		err->code = code;
		err->stream = stream;
		err->plane = plane;
		va_start(ap, fmt);
		vsnprintf(err->message, sizeof(err->message), fmt, ap);
		va_end(ap);
	}
	return code_errno(code);
}

int dc_fmt_stream(char *buf, size_t size, const struct dc_stream *s)
{
	char mode[48];

	dc_fmt_mode(mode, sizeof(mode), &s->mode);
	return snprintf(buf, size, "%s %s %ubpc", mode, dc_encoding_name(s->encoding), s->bpc);
}

static bool same_timing(const struct drm_mode_modeinfo *a, const struct drm_mode_modeinfo *b)
{
	return a->clock == b->clock && a->hdisplay == b->hdisplay &&
	       a->hsync_start == b->hsync_start && a->hsync_end == b->hsync_end &&
	       a->htotal == b->htotal && a->hskew == b->hskew && a->vdisplay == b->vdisplay &&
	       a->vsync_start == b->vsync_start && a->vsync_end == b->vsync_end &&
	       a->vtotal == b->vtotal && a->vscan == b->vscan && a->flags == b->flags;
}

/* Marks a stream unchanged when the committed one on its link has the same timing and signal. */
static void match_committed(const struct dc *dc, const struct dc_stream *s,
			    struct dc_stream_plan *plan)
{
	plan->committed = -1;
	plan->unchanged = false;
	for (unsigned i = 0; i < dc->current.stream_count; i++) {
		const struct dc_stream *c = &dc->current.streams[i];

		if (c->link != s->link)
			continue;
		plan->committed = (int)i;
		plan->unchanged = same_timing(&c->mode, &s->mode) && c->encoding == s->encoding &&
				  c->bpc == s->bpc && c->res.signal == plan->signal &&
				  dc_pll_agrees(dc, plan->pll_khz, c->res.pixel_clock_khz) &&
				  c->res.vrr_vtotal_max == plan->vrr_vtotal_max;
		return;
	}
}

static int check_links_unique(const struct dc *dc, const struct dc_state *state,
			      struct dc_error *err)
{
	for (unsigned i = 0; i < state->stream_count; i++) {
		for (unsigned j = i + 1; j < state->stream_count; j++) {
			unsigned link = state->streams[i].link;

			if (link == state->streams[j].link && link < dc->link_count)
				return dc_error_set(
					err, DC_ERR_INVALID, (int)j, -1,
					"%s: in streams %u and %u; a link shows one stream",
					dc->links[link].name, i, j);
		}
	}
	return 0;
}

static int check_dispclk(const struct dc *dc, const struct dc_state *state,
			 const struct dc_plane_load *load, struct dc_error *err)
{
	struct fixed32_32 max = fixed32_32_from_int(dc->pool->max_dispclk_khz);
	char need[24], have[24], what[80];

	for (unsigned i = 0; i < state->stream_count; i++) {
		const struct dc_stream *s = &state->streams[i];

		if (!fixed32_32_lt(max, load[i].dispclk_khz))
			continue;
		dc_fmt_fixed(need, sizeof(need), load[i].dispclk_khz, 1000, 2);
		dc_fmt_fixed(have, sizeof(have), max, 1000, 2);
		dc_fmt_stream(what, sizeof(what), s);
		return dc_error_set(err, DC_ERR_DISPLAY_CLOCK, (int)i, -1,
				    "%s: %s with its plane needs DISPCLK %s MHz, %s runs it at "
				    "most at %s MHz",
				    dc->links[s->link].name, what, need,
				    dc_asic_name(dc->pool->asic), have);
	}
	return 0;
}

static int check_memory(const struct dc *dc, const struct dc_state *state,
			const struct dc_plane_load *load, struct dc_error *err)
{
	const struct dc_bw_params *bw = &dc->pool->bw;
	struct fixed32_32 have = dc_bw_available_mbyte_s(bw), sum = FIXED32_32_ZERO;
	char need_s[24], have_s[24];

	for (unsigned i = 0; i < state->stream_count; i++) {
		sum = fixed32_32_add(sum, load[i].mbyte_s);
		if (!fixed32_32_lt(have, sum))
			continue;
		dc_fmt_fixed(need_s, sizeof(need_s), sum, 1, 2);
		dc_fmt_fixed(have_s, sizeof(have_s), have, 1, 2);
		return dc_error_set(
			err, DC_ERR_MEMORY_BANDWIDTH, (int)i, -1,
			"%s: with this stream the planes fetch %s MB/s, %s's memory (%s "
			"at %u %%) gives the display %s MB/s",
			dc->links[state->streams[i].link].name, need_s,
			dc_asic_name(dc->pool->asic), dc->pool->memory, bw->dram_efficiency_pct,
			have_s);
	}
	return 0;
}

static void clear_resources(struct dc_state *state)
{
	unsigned n = state->stream_count < DC_MAX_STREAMS ? state->stream_count : DC_MAX_STREAMS;

	for (unsigned i = 0; i < n; i++)
		state->streams[i].res = (struct dc_stream_resources){
			.timing_generator = -1,
			.pipe = -1,
			.stream_encoder = -1,
			.link_encoder = -1,
			.clock_source = -1,
			.audio = -1,
		};
}

int dc_validate(struct dc *dc, struct dc_state *state, struct dc_error *err)
{
	struct dc_stream_plan plans[DC_MAX_STREAMS];
	struct dc_plane_load load[DC_MAX_STREAMS];
	int ret;

	if (!dc || !state)
		return -EINVAL;
	if (err)
		*err = (struct dc_error){ .code = DC_ERR_NONE, .stream = -1, .plane = -1 };
	clear_resources(state);
	if (state->stream_count > DC_MAX_STREAMS)
		return dc_error_set(err, DC_ERR_INVALID, -1, -1, "state: %u streams, at most %u",
				    state->stream_count, DC_MAX_STREAMS);
	ret = check_links_unique(dc, state, err);
	for (unsigned i = 0; i < state->stream_count && !ret; i++) {
		ret = dc_validate_stream(dc, &state->streams[i], (int)i, &plans[i], err);
		if (!ret)
			match_committed(dc, &state->streams[i], &plans[i]);
	}
	for (unsigned i = 0; i < state->stream_count && !ret; i++)
		ret = dc_validate_planes(dc, &state->streams[i], (int)i, &load[i], err);
	if (!ret)
		ret = dc_assign_resources(dc, state, plans, err);
	if (!ret)
		ret = check_dispclk(dc, state, load, err);
	state->dispclk_khz = 0;
	for (unsigned i = 0; i < state->stream_count && !ret; i++) {
		uint64_t khz = fixed32_32_ceil(load[i].dispclk_khz);

		if (khz > state->dispclk_khz)
			state->dispclk_khz = (uint32_t)khz;
	}
	if (!ret)
		ret = check_memory(dc, state, load, err);
	if (!ret)
		ret = dc_validate_watermarks(dc, state, load, err);
	if (ret)
		clear_resources(state); /* a rejected state carries no half-made assignment */
	return ret;
}
