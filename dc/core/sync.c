/*
 * Timing synchronization: streams committed together with identical
 * timings start their timing generators in lockstep, so their frames begin
 * at the same instant (what the original DC called timing sync, useful for
 * video walls and for displays viewed side by side).
 *
 * DCE resets a group of CRTCs together with a trigger (CRTC_TRIGA) or the
 * global swap lock; the simulator does not model either, and a stopped
 * CRTC needs neither: dcd programs every new pipe stopped (stage 2) and
 * starts each group here with back-to-back starts (dc_crtc_enable: the
 * video BIOS's EnableCRTC, or CRTC_MASTER_EN). On the simulator's manual
 * clock those take no time, so the group starts at one instant and, with
 * equal pixel rates, stays in exact lockstep; on hardware and on the
 * real-time simulator they are microseconds apart. A new stream is not aligned to a running one:
 * that would mean resetting a display the commit must leave alone.
 */
#include <errno.h>
#include <stdio.h>

#include "../dce110/dce110.h"
#include "dc_priv.h"

static bool starting(const struct dc_commit *c, unsigned i)
{
	return c->update[i] == DC_UPDATE_MODESET && !(c->done[i] & DC_DONE_UNBLANK);
}

int dc_sync_start(struct dc *dc, struct dc_commit *c, struct dc_error *err)
{
	bool started[DC_MAX_STREAMS] = { false };

	for (unsigned i = 0; i < c->state.stream_count; i++) {
		const struct dc_stream *s = &c->state.streams[i];
		char names[96];
		unsigned n = 0;
		size_t used;

		if (!starting(c, i) || started[i])
			continue;
		used = (size_t)snprintf(names, sizeof(names), "%s", dc->links[s->link].name);
		for (unsigned j = i; j < c->state.stream_count; j++) {
			const struct dc_stream *t = &c->state.streams[j];

			if (!starting(c, j) || started[j] || !dc_timing_equal(&s->mode, &t->mode))
				continue;
			if (dc_crtc_enable(dc, (unsigned)t->res.timing_generator, true)) {
				dc_error_set(err, DC_ERR_TIMING_GENERATOR, (int)j, -1,
					     "%s: pipe %d could not be started (EnableCRTC)",
					     dc->links[t->link].name, t->res.timing_generator);
				return -EIO;
			}
			started[j] = true;
			if (n++ && used < sizeof(names))
				used += (size_t)snprintf(names + used, sizeof(names) - used, ", %s",
							 dc->links[t->link].name);
		}
		if (n > 1)
			dc_log(dc, DC_LOG_INFO, "%s: identical timings, started in lockstep",
			       names);
	}
	return 0;
}
