/*
 * HPD interrupts and the deferred work they cause.
 *
 * dc_irq_handle_hpd reads every armed line's status and acknowledges it. A
 * long pulse (plug, unplug) is not acted upon at once: monitors bounce the
 * line while they power up, so detection runs DC_HPD_DEBOUNCE_NS after the
 * last pulse of a burst (at most DC_HPD_DEBOUNCE_MAX_NS after the first).
 * A DP short pulse (IRQ_HPD) is handled at once unless a detection is
 * pending anyway.
 *
 * dc_link_dispatch runs what is due: the debounced detection, with the
 * hotplug callback when the link went from nothing to a sink, from a sink
 * to nothing, or to a different sink; and link checks (retraining) of
 * enabled DP links. Each in a bus-wait scope of its link (core/bus_wait.c):
 * its DDC and training waits serve the other links' flips and vblanks.
 */
#include "link_priv.h"

static void schedule_detect(struct dc_link *l, uint64_t now)
{
	uint64_t due;

	if (!l->rt.detect_pending) {
		l->rt.detect_pending = true;
		l->rt.debounce_start_ns = now;
	}
	due = now + DC_HPD_DEBOUNCE_NS;
	if (due > l->rt.debounce_start_ns + DC_HPD_DEBOUNCE_MAX_NS)
		due = l->rt.debounce_start_ns + DC_HPD_DEBOUNCE_MAX_NS;
	l->rt.detect_ns = due;
	dc_link_update_deadline(l);
}

static void service_link(struct dc *dc, unsigned i)
{
	struct dc_link *l = &dc->links[i];
	struct dce110_hpd_events ev;

	dce110_hpd_service(dc->hw, l->desc.hpd, &ev);
	if (ev.long_pulse) {
		dc_log(dc, DC_LOG_DEBUG, "%s: hot plug: line %s", l->name,
		       ev.connected ? "up" : "down");
		schedule_detect(l, dc_hw_now_ns(dc->hw));
	}
	if (ev.short_pulse && dc_link_is_dp(l) && !l->rt.detect_pending && l->sink)
		dc_dp_short_pulse(dc, i);
}

void dc_irq_handle_hpd(struct dc *dc)
{
	for (unsigned i = 0; i < dc->link_count; i++)
		service_link(dc, i);
}

bool dc_irq_handle_hpd_line(struct dc *dc, unsigned hpd)
{
	bool found = false;

	for (unsigned i = 0; i < dc->link_count; i++) {
		if (dc->links[i].desc.hpd == hpd) {
			service_link(dc, i);
			found = true;
		}
	}
	return found;
}

uint64_t dc_link_next_deadline(const struct dc *dc)
{
	uint64_t next = UINT64_MAX;

	for (unsigned i = 0; i < dc->link_count; i++) {
		if (dc->links[i].deadline_ns < next)
			next = dc->links[i].deadline_ns;
	}
	return next;
}

static int run_detect(struct dc *dc, unsigned link)
{
	struct dc_link *l = &dc->links[link];
	struct dc_sink *old = dc_sink_ref(l->sink);
	int ret = dc_link_detect(dc, link);

	if (l->sink != old) {
		dc_log(dc, DC_LOG_INFO, "%s: hot plug: %s", l->name,
		       !l->sink ? "disconnected"
		       : old	? "a different display"
				: "connected");
		if (dc->events.hotplug)
			dc->events.hotplug(dc, link, l->sink != NULL, dc->events_data);
	}
	/* a monitor that went away and came back has lost the link */
	if (l->sink && l->rt.enabled && dc_link_is_dp(l))
		dc_link_schedule_retrain(dc, link, dc_hw_now_ns(dc->hw));
	dc_sink_unref(old);
	return ret;
}

int dc_link_dispatch(struct dc *dc, uint64_t now)
{
	int ret = 0, r;

	for (unsigned i = 0; i < dc->link_count; i++) {
		struct dc_link *l = &dc->links[i];

		if (l->rt.detect_pending && l->rt.detect_ns <= now) {
			l->rt.detect_pending = false;
			dc_link_update_deadline(l);
			dc_bus_wait_begin(dc, i);
			r = run_detect(dc, i);
			dc_bus_wait_end(dc);
			if (r && !ret)
				ret = r;
			/* one job per call: what else is due stays due (dc.h, dc_dispatch) */
			return ret;
		}
		if (l->rt.retrain_pending && l->rt.retrain_ns <= now) {
			l->rt.retrain_pending = false;
			dc_link_update_deadline(l);
			dc_bus_wait_begin(dc, i);
			dc_dp_check_link(dc, i);
			dc_bus_wait_end(dc);
			return ret;
		}
	}
	return ret;
}
