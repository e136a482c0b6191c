/*
 * dc_bus_wait: the long waits of detection and link checks (a DDC transfer's
 * bus time, a DP training interval) that let other outputs' frames go on.
 *
 * DC runs on its owner's one thread. A detection reads the EDID over DDC,
 * 23 ms for two blocks at 100 kHz: longer than a frame. Slept through
 * blindly, the flips and vblanks of every other output would wait for it.
 * So inside a wait scope (dc_bus_wait_begin/_end around one link's
 * detection or link check, dc/link/hpd_irq.c), dc_bus_wait sleeps only
 * until the next vertical event a running pipe of another link expects (a
 * pending flip's latch, the start of vertical blank with vblank events on),
 * then reads and acknowledges that pipe's page-flip and vblank status as
 * dc_handle_irq would and calls the owner's flip_done / vblank callbacks.
 * Then it offers the owner a flip window on each such pipe: the owner's
 * loop reads no client during the wait, so a flip a client sent meanwhile
 * would wait for the wait's end, frames too late. A pipe with no flip
 * pending gets a window DC_FLIP_WINDOW_GUARD_NS before each vblank too,
 * so a client that keeps one flip in flight, sent late in the frame (to
 * show what it drew as fresh as it can), still makes that vblank.
 * Everything else that may be pending (hot plug, AUX, DDC, V_UPDATE)
 * stays for the owner's next dc_handle_irq. An AUX transaction is under a
 * millisecond (dce110_aux.c polls for it) and not a wait of its own, but a
 * DP detection makes twenty of them (DPCD caps, the EDID in 16-byte
 * pieces): 6-9 ms, half a frame, measured in the hotplug storm. So
 * dc_bus_serve serves what is pending before each request (dpcd.c), and a
 * DEFER's 400 us pause is a dc_bus_wait.
 *
 * The wake-up time is computed from the CRTC position (vblank.c), not
 * taken from the interrupt fd: a hot-plug status left pending for the
 * owner keeps that line asserted and would turn a poll into a spin, and
 * the simulator in real time raises its line only when it runs.
 *
 * The re-entrancy rule: while serving (dc_in_bus_wait), the owner may call
 * dc_flip for a link other than the scope's and nothing else of DC. Such
 * a flip touches only its own pipe's surface and interrupt registers and
 * dc_pipe_rt, and the committed state's address of that plane; detection
 * and link checks touch only their own link (its DDC/AUX, encoder and
 * sink), and no commit runs in a scope (commits never open one).
 */
#include "../dce110/dce110.h"
#include "dc_priv.h"

/* Wake-up after the computed time: the status bit must be set when read. */
#define WAKE_SLACK_NS 20000ull

void dc_bus_wait_begin(struct dc *dc, unsigned link)
{
	dc->wait_scope = true;
	dc->wait_link = link;
}

void dc_bus_wait_end(struct dc *dc)
{
	dc->wait_scope = false;
}

bool dc_in_bus_wait(const struct dc *dc)
{
	return dc && dc->wait_serving;
}

/*
 * Pipes a wait serves: running, on another link, expecting a vertical
 * event, or any such pipe when the owner takes flip windows.
 */
static bool served(const struct dc *dc, unsigned tg)
{
	const struct dc_pipe_rt *rt = &dc->pipes[tg];

	return rt->active && rt->running && rt->hz_num && rt->link != dc->wait_link &&
	       (rt->flip_pending || dc->vblank_on[rt->link] || dc->events.flip_window);
}

/*
 * When a pipe with no flip pending next offers its flip window: the guard
 * before its next start of vertical blank, or before the one after when
 * that moment has passed (the window of this frame was offered already).
 */
static uint64_t next_window(const struct dc_pipe_rt *rt, uint64_t pos, uint64_t t_ns)
{
	uint64_t at = dc_pipe_next_line(rt, rt->vblank_start, pos, true);
	uint64_t t = dc_pipe_time_of(rt, at, pos, t_ns);

	if (t < t_ns + DC_FLIP_WINDOW_GUARD_NS)
		t = dc_pipe_time_of(rt, at + (uint64_t)rt->htotal * rt->vtotal, pos, t_ns);
	return t - DC_FLIP_WINDOW_GUARD_NS;
}

/* The earliest time a served pipe's flip latches or its vblank starts; UINT64_MAX: none. */
static uint64_t next_vertical(struct dc *dc)
{
	uint64_t next = UINT64_MAX;

	for (unsigned tg = 0; tg < dc->pool->timing_generators; tg++) {
		struct dc_pipe_rt *rt = &dc->pipes[tg];
		uint64_t t_ns, pos, at, t;

		if (!served(dc, tg))
			continue;
		pos = dc_pipe_now(dc, tg, &t_ns);
		if (!rt->flip_pending && dc->events.flip_window) {
			t = next_window(rt, pos, t_ns);
			if (t < next)
				next = t;
		}
		if (!rt->flip_pending && !dc->vblank_on[rt->link])
			continue;
		at = dc_pipe_next_line(rt, rt->vblank_start, pos, true);
		if (rt->flip_pending && rt->flip_immediate)
			at = pos; /* latched at its write: its interrupt is up already */
		else if (rt->flip_pending && rt->flip_latch > pos && rt->flip_latch < at)
			at = rt->flip_latch; /* variable refresh: ends its frame early */
		t = dc_pipe_time_of(rt, at, pos, t_ns);
		if (t < next)
			next = t;
	}
	return next;
}

/* The vertical half of dc_handle_irq, for the served pipes only. */
static void serve(struct dc *dc)
{
	dc->wait_serving = true;
	for (unsigned tg = 0; tg < dc->pool->timing_generators; tg++) {
		if (!served(dc, tg))
			continue;
		dc_flip_irq(dc, tg);
		dc_vblank_irq(dc, tg);
		if (dc->events.flip_window)
			dc->events.flip_window(dc, dc->pipes[tg].link, dc->events_data);
	}
	dc->wait_serving = false;
}

void dc_bus_serve(struct dc *dc)
{
	if (dc->wait_scope && !dc->wait_serving)
		serve(dc);
}

void dc_bus_wait(struct dc *dc, uint64_t ns)
{
	uint64_t now, end;

	if (!dc->wait_scope || dc->wait_serving) {
		dc_hw_delay_ns(dc->hw, ns);
		return;
	}
	now = dc_hw_now_ns(dc->hw);
	end = now + ns;
	while (now < end) {
		uint64_t step = end - now, next = next_vertical(dc);

		/* next is after the latest position read, so after now but for rounding */
		if (next != UINT64_MAX) {
			uint64_t wake = next > now ? next - now + WAKE_SLACK_NS : WAKE_SLACK_NS;

			if (wake < step)
				step = wake;
		}
		dc_hw_delay_ns(dc->hw, step);
		serve(dc);
		now = dc_hw_now_ns(dc->hw);
	}
}
