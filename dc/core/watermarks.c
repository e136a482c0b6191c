/*
 * The display watermarks of a state, at validation: every pipe's from the
 * bandwidth model (dc/calcs/watermarks.c) with all pipes of the state
 * sharing the memory, stored in each stream's res.wm for the commit to
 * write and for dcd to show. A pipe whose DMIF buffer runs dry before its
 * urgent watermark (the memory cannot answer in time) is refused with the
 * numbers on both sides.
 */
#include <stdio.h>

#include "dc_priv.h"

static uint32_t wm_ns(struct fixed32_32 ns)
{
	return dc_wm_register_ns(ns, UINT32_MAX);
}

int dc_validate_watermarks(const struct dc *dc, struct dc_state *state,
			   const struct dc_plane_load *load, struct dc_error *err)
{
	const struct dc_bw_params *bw = &dc->pool->bw;
	struct dc_wm_pipe pipes[DC_MAX_STREAMS];
	struct dc_watermarks_ns w[DC_MAX_STREAMS];
	unsigned n = state->stream_count;

	if (!n)
		return 0;
	for (unsigned i = 0; i < n; i++)
		pipes[i] = (struct dc_wm_pipe){ .pixel_khz = state->streams[i].mode.clock,
						.htotal = state->streams[i].mode.htotal,
						.mbyte_s = load[i].mbyte_s };
	if (dc_watermarks_compute(bw, pipes, n, w))
		return dc_error_set(err, DC_ERR_INVALID, -1, -1,
				    "state: a stream without pixel clock or line length");
	for (unsigned i = 0; i < n; i++) {
		struct dc_stream *s = &state->streams[i];
		char what[80], rate[24], hide[24], urg[24], burst[24], fetch[24];

		if (fixed32_32_lt(w[i].hiding_ns, w[i].urgent_ns)) {
			dc_fmt_stream(what, sizeof(what), s);
			dc_fmt_fixed(rate, sizeof(rate), load[i].mbyte_s, 1, 2);
			dc_fmt_fixed(hide, sizeof(hide), w[i].hiding_ns, 1000, 3);
			dc_fmt_fixed(urg, sizeof(urg), w[i].urgent_ns, 1000, 3);
			dc_fmt_fixed(burst, sizeof(burst), w[i].burst_ns, 1000, 3);
			dc_fmt_fixed(fetch, sizeof(fetch), w[i].fetch_ns, 1000, 3);
			return dc_error_set(
				err, DC_ERR_MEMORY_BANDWIDTH, (int)i, -1,
				"%s: %s fetches %s MB/s, so its DMIF buffer of %u bytes lasts %s "
				"us, less than its urgent watermark of %s us (latency %u ns + "
				"refilling %u DMIF buffers %s us + one line %s us)",
				dc->links[s->link].name, what, rate, bw->dmif_bytes, hide, urg,
				bw->urgent_latency_ns, n, burst, fetch);
		}
		s->res.wm = (struct dc_watermarks){
			.urgent_ns = wm_ns(w[i].urgent_ns),
			.line_ns = wm_ns(w[i].line_ns),
			.stutter_exit_ns = wm_ns(w[i].stutter_exit_ns),
			.nbp_ns = wm_ns(w[i].nbp_ns),
			.hiding_ns = wm_ns(w[i].hiding_ns),
			.stutter = fixed32_32_le(w[i].stutter_exit_ns, w[i].hiding_ns),
			.nbp_hidden = fixed32_32_le(w[i].nbp_ns, w[i].hiding_ns),
		};
	}
	return 0;
}

void dc_watermarks_fill(const struct dc *dc, struct dc_state *state)
{
	struct dc_plane_load load[DC_MAX_STREAMS];

	if (state->stream_count > DC_MAX_STREAMS)
		return;
	for (unsigned i = 0; i < state->stream_count; i++)
		if (dc_validate_planes(dc, &state->streams[i], (int)i, &load[i], NULL))
			return;
	dc_validate_watermarks(dc, state, load, NULL);
}
