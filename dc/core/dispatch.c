/*
 * dc_next_deadline / dc_dispatch: DC has no timers of its own; the caller's
 * event loop asks when DC wants to run and calls dc_dispatch then. Each
 * area with deferred work is one source below (a deadline and a run
 * function); add a line to add a source.
 */
#include "dc_priv.h"

struct deadline_source {
	uint64_t (*next)(const struct dc *dc);
	int (*run)(struct dc *dc, uint64_t now);
};

static const struct deadline_source sources[] = {
	/* debounced hot-plug detection and DP link checks (dc/link) */
	{ dc_link_next_deadline, dc_link_dispatch },
};

#define SOURCE_COUNT (sizeof(sources) / sizeof(sources[0]))

uint64_t dc_next_deadline(const struct dc *dc)
{
	uint64_t next = UINT64_MAX;

	for (size_t i = 0; i < SOURCE_COUNT; i++) {
		uint64_t t = sources[i].next(dc);

		if (t < next)
			next = t;
	}
	return next;
}

int dc_dispatch(struct dc *dc)
{
	uint64_t now = dc_hw_now_ns(dc->hw);
	int ret = 0;

	for (size_t i = 0; i < SOURCE_COUNT; i++) {
		int r;

		if (sources[i].next(dc) > now)
			continue;
		r = sources[i].run(dc, now);
		if (r && !ret)
			ret = r;
	}
	return ret;
}
