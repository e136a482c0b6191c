/*
 * Page flips and the cursor.
 *
 * A vsync flip writes the new address; the surface latches it at the next
 * V_UPDATE (the first line of vertical blank) and raises the page-flip
 * interrupt. Where it latches is worked out when the flip is submitted,
 * from the position read right after the write and the pending bit read
 * after that: still pending means no V_UPDATE came between the write and
 * that read, so it latches at the first V_UPDATE after the position; not
 * pending (a V_UPDATE fell in those microseconds) means the latest one.
 * The interrupt then only says "done"; sequence and time come from the
 * latch position, so handling the interrupt late changes nothing.
 *
 * The new buffer shows from the first active line after the latch: that
 * frame's number is the flip's sequence, the start of that line its time.
 * An immediate flip latches at the write: sequence and time of that moment.
 *
 * With variable refresh the flip also ends its frame: after line
 * max(v, V_TOTAL_MIN), v the line it was written in (the position read right
 * after the write). It latches at V_BLANK_START when it came before, else
 * at that end, and the new buffer's frame starts at that end: its time is
 * the end's, never the V_TOTAL_MAX a frame without flips would last.
 *
 * Cursor updates never wait for a flip: they are written at once under the
 * cursor's own update lock and take effect at the next V_UPDATE.
 */
#include <errno.h>

#include "../dce110/dce110.h"
#include "dc_priv.h"

int dc_flip(struct dc *dc, unsigned link, uint64_t address, uint32_t flags, uint64_t user_data)
{
	struct dc_stream *s;
	struct dc_pipe_rt *rt;
	uint64_t pos, t_ns;
	bool immediate = flags & DC_FLIP_IMMEDIATE;
	unsigned tg;
	int i;

	if (!dc || link >= dc->link_count || (flags & ~(uint32_t)DC_FLIP_IMMEDIATE))
		return -EINVAL;
	/* from a callback inside a bus wait: never the link whose detection waits */
	if (dc->wait_serving && link == dc->wait_link)
		return -EBUSY;
	i = dc_committed_index(dc, link);
	if (i < 0)
		return -ENOENT;
	s = &dc->current.streams[i];
	tg = (unsigned)s->res.timing_generator;
	rt = &dc->pipes[tg];
	if (!s->primary.enabled || address % dc->pool->address_align || address >> 40) {
		dc_log(dc, DC_LOG_DEBUG, "%s: flip to 0x%llx refused: %s", dc->links[link].name,
		       (unsigned long long)address,
		       s->primary.enabled ? "address not 256-byte aligned below 2^40"
					  : "no primary plane");
		return -EINVAL;
	}
	if (rt->flip_pending)
		return -EBUSY;

	dce110_irq_pflip_enable(dc->hw, tg, true);
	/* an older latch (a commit's address) must not complete this flip */
	dce110_irq_pflip_ack(dc->hw, tg);
	dce110_grph_flip_mode(dc->hw, dc->pool->regs, tg, immediate);
	dce110_grph_set_address(dc->hw, tg, address);

	pos = dc_pipe_now(dc, tg, &t_ns);
	if (immediate || !rt->running) {
		rt->flip_latch = pos; /* a stopped CRTC latches at once too */
		rt->flip_latch_ns = t_ns;
		immediate = true;
	} else if (dce110_grph_update_pending(dc->hw, tg)) {
		rt->flip_latch = dc_pipe_next_line(rt, rt->vblank_start, pos, true);
		if (rt->vrr_min_lines) {
			uint64_t fp = (uint64_t)rt->htotal * rt->vtotal,
				 line = pos % fp / rt->htotal;

			if (line + 1 < rt->vrr_min_lines)
				line = rt->vrr_min_lines - 1;
			rt->flip_cut = pos - pos % fp + (line + 1) * rt->htotal;
			if (rt->flip_latch > rt->flip_cut)
				rt->flip_latch = rt->flip_cut;
		}
	} else {
		pos = dc_pipe_now(dc, tg, &t_ns);
		rt->flip_latch = dc_pipe_prev_line(rt, rt->vblank_start, pos);
		/* it latched at V_BLANK_START, before V_TOTAL_MIN: the shortest frame */
		rt->flip_cut = rt->flip_latch -
			       rt->flip_latch % ((uint64_t)rt->htotal * rt->vtotal) +
			       (uint64_t)rt->vrr_min_lines * rt->htotal;
	}
	rt->flip_pending = true;
	rt->flip_immediate = immediate;
	rt->flip_user_data = user_data;
	s->primary.address = address;
	return 0;
}

void dc_flip_irq(struct dc *dc, unsigned tg)
{
	struct dc_pipe_rt *rt = &dc->pipes[tg];
	uint64_t now_ns, pos, shown, seq, ts;

	if (!dce110_irq_pflip_ack(dc->hw, tg) || !rt->flip_pending)
		return; /* also the latch of an address a commit wrote */
	pos = dc_pipe_now(dc, tg, &now_ns);
	if (rt->flip_immediate) {
		seq = rt->flip_latch / ((uint64_t)rt->htotal * rt->vtotal);
		ts = rt->flip_latch_ns;
	} else if (rt->vrr_min_lines) {
		uint64_t fp = (uint64_t)rt->htotal * rt->vtotal;
		uint64_t next = ((rt->flip_cut - 1) / fp + 1) * fp; /* that frame's position 0 */
		uint64_t active = (uint64_t)rt->vblank_end * rt->htotal;

		seq = next / fp;
		/* before the cut the frame's end is the cut, after it the count restarted */
		ts = pos < rt->flip_cut ? dc_pipe_time_of(rt, rt->flip_cut + active, pos, now_ns)
					: dc_pipe_time_of(rt, next + active, pos, now_ns);
	} else {
		shown = dc_pipe_next_line(rt, rt->vblank_end, rt->flip_latch, false);
		seq = shown / ((uint64_t)rt->htotal * rt->vtotal);
		ts = dc_pipe_time_of(rt, shown, pos, now_ns);
	}
	rt->flip_pending = false;
	if (dc->events.flip_done)
		dc->events.flip_done(dc, rt->link, rt->flip_user_data, seq, ts, dc->events_data);
}

int dc_cursor_update(struct dc *dc, unsigned link, const struct dc_cursor *cursor)
{
	const uint16_t *sizes;
	int i;

	if (!dc || !cursor || link >= dc->link_count)
		return -EINVAL;
	i = dc_committed_index(dc, link);
	if (i < 0)
		return -ENOENT;
	sizes = dc->pool->cursor_sizes;
	if (cursor->enabled && (cursor->width != cursor->height ||
				(cursor->width != sizes[0] && cursor->width != sizes[1]) ||
				cursor->hot_x >= cursor->width || cursor->hot_y >= cursor->height ||
				cursor->address % dc->pool->address_align)) {
		dc_log(dc, DC_LOG_DEBUG,
		       "%s: cursor %ux%u hot spot %u,%u at 0x%llx refused: ARGB8888 %ux%u or "
		       "%ux%u, hot spot inside, 256-byte aligned",
		       dc->links[link].name, cursor->width, cursor->height, cursor->hot_x,
		       cursor->hot_y, (unsigned long long)cursor->address, sizes[0], sizes[0],
		       sizes[1], sizes[1]);
		return -EINVAL;
	}
	dce110_cursor_program(dc->hw, (unsigned)dc->current.streams[i].res.timing_generator,
			      cursor);
	dc->current.streams[i].cursor = *cursor;
	return 0;
}
