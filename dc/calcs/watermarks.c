/*
 * Display watermarks: how early each pipe must tell the memory controller
 * that its DMIF buffer runs low (urgency), how long the memory may stay in
 * self-refresh (stutter exit) and how long a memory clock change may take
 * (NB p-state), from the bandwidth model's figures. A small model in the
 * spirit of the public DCE bandwidth calcs: one clock state, no chunking,
 * no compression; docs/bandwidth.md writes it down with worked examples.
 */
#include <errno.h>

#include "dc_calcs.h"

int dc_watermarks_compute(const struct dc_bw_params *p, const struct dc_wm_pipe *pipes, unsigned n,
			  struct dc_watermarks_ns *out)
{
	struct fixed32_32 avail = dc_bw_available_mbyte_s(p), burst;

	if (!n || fixed32_32_is_overflow(avail) || fixed32_32_eq(avail, FIXED32_32_ZERO))
		return -EINVAL;
	for (unsigned i = 0; i < n; i++)
		if (!pipes[i].pixel_khz || !pipes[i].htotal)
			return -EINVAL;
	/* bytes / (MB/s) = us; x 1000 = ns */
	burst = fixed32_32_div(fixed32_32_from_int((uint64_t)n * p->dmif_bytes * 1000), avail);
	for (unsigned i = 0; i < n; i++) {
		struct dc_watermarks_ns *w = &out[i];
		struct fixed32_32 base;

		w->line_ns = fixed32_32_from_fraction((uint64_t)pipes[i].htotal * 1000000,
						      pipes[i].pixel_khz);
		w->burst_ns = burst;
		/* MB/s x ns = 10^-3 bytes: the bytes of one line, at the full rate */
		w->fetch_ns = fixed32_32_div(fixed32_32_mul(pipes[i].mbyte_s, w->line_ns), avail);
		base = fixed32_32_add(burst, w->fetch_ns);
		w->urgent_ns = fixed32_32_add_int(base, p->urgent_latency_ns);
		w->stutter_exit_ns = fixed32_32_add_int(base, p->stutter_exit_latency_ns);
		w->nbp_ns = fixed32_32_add_int(base, p->nbp_latency_ns);
		if (fixed32_32_eq(pipes[i].mbyte_s, FIXED32_32_ZERO))
			w->hiding_ns = FIXED32_32_MAX;
		else
			w->hiding_ns =
				fixed32_32_div(fixed32_32_from_int((uint64_t)p->dmif_bytes * 1000),
					       pipes[i].mbyte_s);
	}
	return 0;
}

uint32_t dc_wm_register_ns(struct fixed32_32 ns, uint32_t max)
{
	uint64_t v = fixed32_32_is_overflow(ns) ? UINT64_MAX : fixed32_32_ceil(ns);

	return v > max ? max : (uint32_t)v;
}
