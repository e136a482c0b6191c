/*
 * dc_commit: the default sequence over the stages of commit_stages.c, and
 * the two ends around them: prepare (validate a copy, work out what
 * changes) and finish or rollback.
 *
 * What "unchanged" means: a stream of the new state is compared with the
 * committed stream on the same link. The same timing (every field and
 * flag but the picture aspect, and the clock), encoding, depth and
 * resources (validation keeps an unchanged stream on what it has) make it
 * DC_UPDATE_NONE when its planes, cursor and blank color are the same too,
 * DC_UPDATE_PLANES when only those differ; anything else is a modeset that
 * shuts the old stream down first. Nothing is written for NONE streams, so
 * a commit on one display never disturbs another.
 *
 * All or nothing: validation and everything prepare checks happen before
 * the first register write. A hardware failure in a stage (a link that no
 * longer trains, a PLL that does not lock) is rolled back: the new streams
 * are shut down, changed planes restored and the removed streams brought
 * up again one by one; one that cannot come back is left off, logged, and
 * missing from dc_current_state.
 */
#include <errno.h>
#include <string.h>

#include "../dce110/dce110.h"
#include "dc_priv.h"

static bool uses_pll(const struct dc_stream *s)
{
	return s->res.clock_source >= 0 && s->res.clock_source < DC_CLOCK_SOURCE_DP_DTO;
}

static bool same_config(const struct dc_stream *a, const struct dc_stream *b)
{
	return a->link == b->link && dc_timing_equal(&a->mode, &b->mode) &&
	       a->mode.clock == b->mode.clock && a->encoding == b->encoding && a->bpc == b->bpc &&
	       dc_resources_equal(&a->res, &b->res);
}

static bool planes_same(const struct dc_stream *a, const struct dc_stream *b)
{
	const struct dc_plane *p = &a->primary, *q = &b->primary;
	const struct dc_cursor *c = &a->cursor, *d = &b->cursor;

	if (a->blank_color != b->blank_color || p->enabled != q->enabled ||
	    c->enabled != d->enabled)
		return false;
	if (p->enabled &&
	    (p->format != q->format || p->modifier != q->modifier || p->width != q->width ||
	     p->height != q->height || p->pitch != q->pitch || p->address != q->address ||
	     p->src_x != q->src_x || p->src_y != q->src_y || p->src_w != q->src_w ||
	     p->src_h != q->src_h || p->dst_x != q->dst_x || p->dst_y != q->dst_y ||
	     p->dst_w != q->dst_w || p->dst_h != q->dst_h))
		return false;
	return !c->enabled ||
	       (c->width == d->width && c->height == d->height && c->address == d->address &&
		c->x == d->x && c->y == d->y && c->hot_x == d->hot_x && c->hot_y == d->hot_y);
}

/* What the hardware and the flips allow, before any write. */
static int check_commit(struct dc *dc, const struct dc_commit *c, struct dc_error *err)
{
	for (unsigned i = 0; i < c->state.stream_count; i++) {
		const struct dc_stream *s = &c->state.streams[i];
		const char *name = dc->links[s->link].name;

		if (c->update[i] != DC_UPDATE_MODESET)
			continue;
		if (uses_pll(s) && !dc->bios) {
			dc_log(dc, DC_LOG_ERROR,
			       "%s: TMDS pixel clocks need the display PLLs, which this engine "
			       "programs through VBIOS tables, and dcd has no video BIOS image",
			       name);
			dc_error_set(err, DC_ERR_CLOCK_SOURCE, (int)i, -1,
				     "%s: PLL %d cannot be programmed on this hardware (no VBIOS "
				     "tables)",
				     name, s->res.clock_source);
			return -EOPNOTSUPP;
		}
		/* the PHY: refused before anything is written (DP and TMDS alike) */
		if (dc_bios_phy_check(dc, s->link, s->res.signal, (int)i, err))
			return -EOPNOTSUPP;
		/* the PLL, through its one deep colour divider, clocks the CRTC: sharers need
		 * equal pixel clocks */
		for (unsigned j = 0; j < c->state.stream_count; j++) {
			const struct dc_stream *t = &c->state.streams[j];

			if (j != i && uses_pll(s) && t->res.clock_source == s->res.clock_source &&
			    t->mode.clock != s->mode.clock)
				return dc_error_set(err, DC_ERR_CLOCK_SOURCE, (int)i, -1,
						    "%s: PLL %d would clock %u kHz here and %u kHz "
						    "on %s",
						    name, s->res.clock_source, s->mode.clock,
						    t->mode.clock, dc->links[t->link].name);
		}
	}
	for (unsigned i = 0; i < c->state.stream_count; i++) {
		const struct dc_stream *s = &c->state.streams[i];
		int from = c->from[i];

		if (from < 0 || !dc->pipes[c->old.streams[from].res.timing_generator].flip_pending)
			continue;
		/*
		 * Turning the primary plane off needs no wait: the screen blanks
		 * at once, the pending address still latches unseen and its flip
		 * completes at the vblank (an ended lease goes idle this way
		 * before its next frame).
		 */
		if (c->update[i] == DC_UPDATE_MODESET ||
		    (c->update[i] == DC_UPDATE_PLANES && s->primary.enabled &&
		     (!c->old.streams[from].primary.enabled ||
		      s->primary.address != c->old.streams[from].primary.address))) {
			dc_error_set(err, DC_ERR_INVALID, (int)i, 0,
				     "%s: a page flip is pending on the primary plane",
				     dc->links[s->link].name);
			return -EBUSY;
		}
	}
	for (unsigned j = 0; j < c->old.stream_count; j++) {
		const struct dc_stream *o = &c->old.streams[j];

		if (c->remove[j] && dc->pipes[o->res.timing_generator].flip_pending) {
			dc_error_set(err, DC_ERR_INVALID, -1, 0,
				     "%s: a page flip is pending on the primary plane",
				     dc->links[o->link].name);
			return -EBUSY;
		}
	}
	return 0;
}

int dc_commit_prepare(struct dc *dc, const struct dc_state *state, struct dc_commit *c,
		      struct dc_error *err)
{
	int ret;

	if (!dc || !state || !c)
		return -EINVAL;
	memset(c, 0, sizeof(*c));
	c->old = dc->current;
	c->state = *state;
	ret = dc_validate(dc, &c->state, err);
	if (ret)
		return ret;
	for (unsigned j = 0; j < c->old.stream_count; j++)
		c->remove[j] = true;
	for (unsigned i = 0; i < c->state.stream_count; i++) {
		const struct dc_stream *s = &c->state.streams[i];
		int from = dc_committed_index(dc, s->link);

		c->from[i] = (int8_t)from;
		if (from >= 0 && same_config(&c->old.streams[from], s)) {
			c->remove[from] = false;
			c->update[i] = planes_same(&c->old.streams[from], s) ? DC_UPDATE_NONE
									     : DC_UPDATE_PLANES;
		} else {
			c->update[i] = DC_UPDATE_MODESET;
		}
	}
	return check_commit(dc, c, err);
}

void dc_commit_finish(struct dc *dc, struct dc_commit *c)
{
	dc->current = c->state;
	/* what no pipe needs any more (raised in stage 1) */
	dc_dispclk_lower(dc, c->state.dispclk_khz);
	for (unsigned i = 0; i < c->state.stream_count; i++) {
		if (c->update[i] == DC_UPDATE_MODESET)
			dc_pipe_start(dc, (unsigned)c->state.streams[i].res.timing_generator,
				      &c->state.streams[i]);
	}
}

int dc_commit(struct dc *dc, const struct dc_state *state, struct dc_error *err)
{
	struct dc_commit c;
	int ret;

	ret = dc_commit_prepare(dc, state, &c, err);
	if (ret)
		return ret;
	ret = dc_commit_disable_removed(dc, &c, err);
	if (!ret)
		ret = dc_commit_program_timing(dc, &c, err);
	if (!ret)
		ret = dc_commit_program_planes(dc, &c, err);
	if (!ret)
		ret = dc_commit_enable_links(dc, &c, err);
	if (!ret)
		ret = dc_commit_unblank(dc, &c, err);
	if (ret) {
		dc_commit_rollback(dc, &c);
		return ret;
	}
	dc_commit_finish(dc, &c);
	return 0;
}

/* Runs stages 2 to 5 for one stream of a commit; a failure shuts it down again. */
static int bring_up(struct dc *dc, struct dc_commit *c, unsigned i)
{
	struct dc_error err;
	int ret;

	ret = dc_commit_program_timing(dc, c, &err);
	if (!ret)
		ret = dc_commit_program_planes(dc, c, &err);
	if (!ret)
		ret = dc_commit_enable_links(dc, c, &err);
	if (!ret)
		ret = dc_commit_unblank(dc, c, &err);
	if (ret) {
		dc_log(dc, DC_LOG_ERROR, "%s: could not be restored, left off: %s",
		       dc->links[c->state.streams[i].link].name, err.message);
		dc_stream_shutdown(dc, &c->state.streams[i]);
	}
	return ret;
}

void dc_commit_rollback(struct dc *dc, struct dc_commit *c)
{
	struct dc_state result = { .stream_count = 0 };
	bool gone[DC_MAX_STREAMS] = { false };
	unsigned plls = 0;

	if (!dc || !c)
		return;
	/* 1. what the new state brought up goes down; changed planes go back */
	for (unsigned i = 0; i < c->state.stream_count; i++) {
		const struct dc_stream *s = &c->state.streams[i];

		if (c->update[i] == DC_UPDATE_MODESET && c->done[i]) {
			dc_stream_shutdown(dc, s);
			if (uses_pll(s))
				plls |= 1u << s->res.clock_source;
		} else if (c->update[i] == DC_UPDATE_PLANES && c->done[i]) {
			const struct dc_stream *o = &c->old.streams[c->from[i]];

			dc_stream_program_planes(dc, o, s);
			dce110_tg_blank(dc->hw, (unsigned)o->res.timing_generator,
					!o->primary.enabled);
		}
	}
	dc_plls_release(dc, plls, c->old.streams, c->old.stream_count, c->removed);

	/* 2. the old streams that were shut down come back, one at a time */
	for (unsigned j = 0; j < c->old.stream_count; j++) {
		struct dc_commit back = { .old = c->old };

		if (!c->removed[j])
			continue;
		back.state = c->old;
		for (unsigned k = 0; k < back.state.stream_count; k++) {
			back.update[k] = k == j ? DC_UPDATE_MODESET : DC_UPDATE_NONE;
			back.from[k] = (int8_t)k;
		}
		if (bring_up(dc, &back, j)) {
			gone[j] = true;
			if (uses_pll(&c->old.streams[j]))
				plls |= 1u << c->old.streams[j].res.clock_source;
		} else {
			dc_pipe_start(dc, (unsigned)c->old.streams[j].res.timing_generator,
				      &c->old.streams[j]);
		}
	}
	for (unsigned j = 0; j < c->old.stream_count; j++) {
		if (!gone[j])
			result.streams[result.stream_count++] = c->old.streams[j];
	}
	dc_plls_release(dc, plls, result.streams, result.stream_count, NULL);
	dc->current = result;
}
