/*
 * Frame sequence and scanout times of the timing generators DC drives, and
 * the vblank events.
 *
 * Every time is computed from where the CRTC is, never from when software
 * looked: a position read (frame counter, line, pixel) at a known time,
 * and the exact pixel rate of the programmed clock (a fraction of Hz),
 * give the time of any other position. Positions are absolute: the 64-bit
 * frame number times the frame's pixels plus the pixel within the frame.
 *
 * The frame sequence extends the 24-bit CRTC_FRAME_COUNT: each read adds
 * the counter's advance modulo 2^24, plus whole turns of the counter when
 * the time since the previous read says that many frames went by (so even
 * a gap of days without a read counts right).
 *
 * Lines, in the timing generator's count (0 = start of vertical sync):
 * vertical blank starts at V_BLANK_START = vtotal - vsync_start + vdisplay
 * (a vblank event, a vsync flip's latch) and the active area at
 * V_BLANK_END = vtotal - vsync_start; a frame's "start of scanout" is the
 * start of its line V_BLANK_END.
 *
 * With variable refresh, positions count in frames of V_TOTAL_MAX + 1 lines,
 * the longest; a frame that a flip ends earlier is handled by flip.c. A
 * vblank event's time is then the latest the next frame can start.
 */
#include <errno.h>

#include "../dce110/dce110.h"
#include "dc_priv.h"

__extension__ typedef unsigned __int128 u128;

#define NS_PER_S   1000000000ull
#define COUNT_MASK ((1ull << DCE110_FRAME_COUNT_BITS) - 1)

int dc_committed_index(const struct dc *dc, unsigned link)
{
	for (unsigned i = 0; i < dc->current.stream_count; i++) {
		if (dc->current.streams[i].link == link)
			return (int)i;
	}
	return -1;
}

uint32_t dc_dprefclk_khz(struct dc *dc)
{
	/* the image's default DISPCLK: the DPREFCLK the DENTIST gives at boot */
	return dc->bios && dc->bios_fw.default_dispclk_khz ? dc->bios_fw.default_dispclk_khz
							   : dc->pool->dprefclk_khz;
}

static uint64_t frame_px(const struct dc_pipe_rt *rt)
{
	return (uint64_t)rt->htotal * rt->vtotal;
}

unsigned dc_vblank_start_line(const struct drm_mode_modeinfo *m)
{
	return (unsigned)(m->vtotal - m->vsync_start + m->vdisplay) % m->vtotal;
}

void dc_pipe_start(struct dc *dc, unsigned tg, const struct dc_stream *s)
{
	struct dc_pipe_rt *rt = &dc->pipes[tg];
	struct dce110_pixel_rate rate;
	struct dce110_tg_position p;

	*rt = (struct dc_pipe_rt){ .active = true, .link = s->link };
	rt->htotal = s->mode.htotal;
	rt->vtotal = s->mode.vtotal;
	if (s->res.vrr_vtotal_max) {
		/* positions count in the longest frame; a flip ends one earlier */
		rt->vtotal = s->res.vrr_vtotal_max;
		rt->vrr_min_lines = s->mode.vtotal;
	}
	rt->vblank_end = (uint32_t)(s->mode.vtotal - s->mode.vsync_start) % s->mode.vtotal;
	rt->vblank_start = dc_vblank_start_line(&s->mode);
	dc_pixel_rate(dc, tg, &rate);
	rt->hz_num = rate.hz_num;
	rt->hz_den = rate.hz_den;
	dce110_tg_position(dc->hw, tg, &p);
	rt->seq = p.frame;
	rt->seq_hw = p.frame;
	rt->seq_ns = p.t_ns;
	rt->running = p.running;
}

void dc_pipe_stop(struct dc *dc, unsigned tg)
{
	dc->pipes[tg] = (struct dc_pipe_rt){ .active = false };
}

uint64_t dc_pipe_now(struct dc *dc, unsigned tg, uint64_t *t_ns)
{
	struct dc_pipe_rt *rt = &dc->pipes[tg];
	struct dce110_tg_position p;
	uint64_t delta, fp = frame_px(rt);

	dce110_tg_position(dc->hw, tg, &p);
	delta = (p.frame - rt->seq_hw) & COUNT_MASK;
	if (rt->hz_num && fp && p.t_ns > rt->seq_ns) {
		/* frames the elapsed time holds: whole turns of the counter beyond delta */
		u128 frames = (u128)(p.t_ns - rt->seq_ns) * rt->hz_num /
			      ((u128)rt->hz_den * NS_PER_S * fp);

		if (frames > delta)
			delta += (uint64_t)((frames - delta + (COUNT_MASK + 1) / 2) >>
					    DCE110_FRAME_COUNT_BITS)
				 << DCE110_FRAME_COUNT_BITS;
	}
	rt->seq += delta;
	rt->seq_hw = p.frame;
	rt->seq_ns = p.t_ns;
	rt->running = p.running;
	*t_ns = p.t_ns;
	return rt->seq * fp + (uint64_t)p.v * rt->htotal + p.h;
}

uint64_t dc_pipe_next_line(const struct dc_pipe_rt *rt, uint32_t line, uint64_t pos, bool after)
{
	uint64_t fp = frame_px(rt);
	uint64_t cand = pos / fp * fp + (uint64_t)line * rt->htotal;

	if (cand < pos || (after && cand == pos))
		cand += fp;
	return cand;
}

uint64_t dc_pipe_prev_line(const struct dc_pipe_rt *rt, uint32_t line, uint64_t pos)
{
	uint64_t fp = frame_px(rt);
	uint64_t cand = pos / fp * fp + (uint64_t)line * rt->htotal;

	if (cand > pos)
		cand = cand >= fp ? cand - fp : 0;
	return cand;
}

uint64_t dc_pipe_time_of(const struct dc_pipe_rt *rt, uint64_t pos, uint64_t ref_pos,
			 uint64_t ref_ns)
{
	u128 diff, ns;

	if (!rt->hz_num)
		return ref_ns;
	/* pixels x 10^9 x den / num, rounded to the nearest ns */
	diff = pos >= ref_pos ? pos - ref_pos : ref_pos - pos;
	ns = (diff * NS_PER_S * rt->hz_den + rt->hz_num / 2) / rt->hz_num;
	return pos >= ref_pos ? ref_ns + (uint64_t)ns : ref_ns - (uint64_t)ns;
}

void dc_vblank_program(struct dc *dc, const struct dc_stream *s)
{
	dce110_irq_vline_enable(dc->hw, (unsigned)s->res.timing_generator, dc->vblank_on[s->link],
				dc_vblank_start_line(&s->mode));
}

int dc_vblank_enable(struct dc *dc, unsigned link, bool enable)
{
	int i;

	if (!dc || link >= dc->link_count)
		return -EINVAL;
	dc->vblank_on[link] = enable;
	i = dc_committed_index(dc, link);
	if (i >= 0)
		dc_vblank_program(dc, &dc->current.streams[i]);
	return 0;
}

void dc_vblank_irq(struct dc *dc, unsigned tg)
{
	struct dc_pipe_rt *rt = &dc->pipes[tg];
	uint64_t now_ns, pos, blank, active;

	if (!dce110_irq_vline_ack(dc->hw, tg))
		return;
	pos = dc_pipe_now(dc, tg, &now_ns);
	/* the latest start of vertical blank, then the frame that follows it */
	blank = dc_pipe_prev_line(rt, rt->vblank_start, pos);
	active = dc_pipe_next_line(rt, rt->vblank_end, blank, false);
	if (dc->vblank_on[rt->link] && dc->events.vblank)
		dc->events.vblank(dc, rt->link, active / frame_px(rt),
				  dc_pipe_time_of(rt, active, pos, now_ns), dc->events_data);
}
