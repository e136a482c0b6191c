/*
 * Pipe setup at commit, as the public AMD driver's DCE 11 hardware sequencer
 * does it: a pipe gets its DMIF buffers before its surface is programmed and
 * gives them back once its timing generator stopped; its watermarks are
 * written whenever they change (they depend on every pipe of the state, so a
 * stream that is otherwise unchanged gets new ones when another comes or
 * goes); DCE 10 limits the memory hub's DMIF requests while one display
 * runs. docs/dc.md, "Pipe setup".
 */
#include <errno.h>
#include <string.h>

#include "../dce110/dce110_mem_input.h"
#include "dc_priv.h"

static bool wm_same(const struct dc_watermarks *a, const struct dc_watermarks *b)
{
	return a->urgent_ns == b->urgent_ns && a->line_ns == b->line_ns &&
	       a->stutter_exit_ns == b->stutter_exit_ns && a->nbp_ns == b->nbp_ns &&
	       a->stutter == b->stutter;
}

static uint32_t clamp(uint32_t v, uint32_t max)
{
	return v > max ? max : v;
}

static void program_marks(struct dc *dc, const struct dc_stream *s)
{
	const struct dce110_regs_gen *g = dc->pool->regs;
	const struct dc_watermarks *w = &s->res.wm;
	const struct dce110_wm_regs r = {
		.urgency_low = clamp(w->urgent_ns, DCE110_WM_MAX),
		.urgency_high = clamp(w->line_ns, DCE110_WM_MAX),
		.stutter_exit = clamp(w->stutter_exit_ns, DCE110_WM_MAX),
		.nbp = clamp(w->nbp_ns, dce110_wm_nbp_max(g)),
		.stutter = w->stutter,
	};

	dce110_wm_program(dc->hw, g, (unsigned)s->res.timing_generator, &r);
}

int dc_pipe_setup(struct dc *dc, const struct dc_stream *s, int index, const struct dc_stream *prev,
		  struct dc_error *err)
{
	unsigned pipe = (unsigned)s->res.timing_generator;
	uint32_t last = 0;

	if (!prev && dce110_dmif_alloc(dc->hw, pipe, s->mode.clock, &last)) {
		dc_log(dc, DC_LOG_ERROR, "%s: pipe %u DMIF allocation timed out (0x%08x)",
		       dc->links[s->link].name, pipe, last);
		/* the memory interface of the pipe; a hardware timeout, not a limit */
		dc_error_set(err, DC_ERR_MEMORY_BANDWIDTH, index, -1,
			     "%s: pipe %u did not get its DMIF buffers within %llu ms "
			     "(PIPE%u_DMIF_BUFFER_CONTROL reads 0x%08x, allocation never "
			     "completed)",
			     dc->links[s->link].name, pipe,
			     (unsigned long long)(DCE110_DMIF_ALLOC_TIMEOUT_NS / 1000000), pipe,
			     last);
		return -ETIMEDOUT;
	}
	if (!prev || !wm_same(&prev->res.wm, &s->res.wm))
		program_marks(dc, s);
	return 0;
}

void dc_pipe_setup_others(struct dc *dc, const struct dc_commit *c)
{
	for (unsigned i = 0; i < c->state.stream_count; i++) {
		const struct dc_stream *s = &c->state.streams[i];

		if (c->update[i] == DC_UPDATE_NONE && c->from[i] >= 0 &&
		    !wm_same(&c->old.streams[c->from[i]].res.wm, &s->res.wm))
			program_marks(dc, s);
	}
	dce110_dmif_limit(dc->hw, dc->pool->regs, c->state.stream_count);
}

void dc_pipe_release(struct dc *dc, const struct dc_stream *s)
{
	unsigned pipe = (unsigned)s->res.timing_generator;
	uint32_t last = 0;

	if (dce110_dmif_free(dc->hw, pipe, &last))
		dc_log(dc, DC_LOG_ERROR,
		       "%s: pipe %u did not release its DMIF buffers within %llu ms (0x%08x)",
		       dc->links[s->link].name, pipe,
		       (unsigned long long)(DCE110_DMIF_FREE_TIMEOUT_NS / 1000000), last);
}
