/*
 * Restart grace: after a restart the outputs dcd adopted are held for the
 * client that leased them before (its uid and HELLO name, which the state
 * file records) for restart_grace_ms. Others asking for them get EBUSY
 * "reserved" and see lease state `reserved`; the client itself sees them
 * free and leases them as before. When the period ends, what nobody came
 * back for is released and shows the idle configuration. Without this the
 * first lease-capable client to connect after a crash could take the
 * previous compositor's screens.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "dcd.h"
#include "recovery.h"

static int on_grace_end(sd_event_source *s, uint64_t usec, void *data)
{
	struct dcd *dcd = data;

	dcd_for_each_output(dcd, o) {
		unsigned i = o->link;

		if (!o->reserved.active)
			continue;
		log_notice("%s: the restart grace of %u ms is over and its lessee (uid %u) did not "
			   "come back: released",
			   dcd_link_name(dcd, i), dcd->config.restart_grace_ms,
			   (unsigned)o->reserved.uid);
		dcd_output_unreserve(o);
		dcd_output_mark_idle(dcd, o);
		dcd_notify_output(dcd, i, DCP_CHANGE_LEASE, NULL);
	}
	dcd_kms_leases_expire(dcd);
	dcd->grace_src = sd_event_source_disable_unref(dcd->grace_src);
	dcd_state_write(dcd);
	dcd_process(dcd);
	return 0;
}

bool dcd_grace_arm(struct dcd *dcd)
{
	int r;

	if (!dcd->config.restart_grace_ms)
		return false;
	if (dcd->grace_src)
		return true;
	dcd->grace_end_ns = dcd_now_ns() + dcd->config.restart_grace_ms * 1000000ull;
	r = sd_event_add_time_relative(dcd->event, &dcd->grace_src, CLOCK_MONOTONIC,
				       dcd->config.restart_grace_ms * 1000ull, 1000, on_grace_end,
				       dcd);
	if (r < 0) {
		log_warning("restart grace: timer: %s; nothing is held for clients", strerror(-r));
		return false;
	}
	return true;
}

void dcd_grace_start(struct dcd *dcd, const struct dcd_saved_state *st, uint32_t links)
{
	unsigned n = 0;

	if (!dcd->config.restart_grace_ms)
		return;
	for (unsigned k = 0; k < st->n_outputs; k++) {
		const struct dcd_saved_output *so = &st->outputs[k];
		struct dcd_output *o = dcd_output(dcd, so->stream.link);

		if (!o || !so->leased || !(links & (1u << so->stream.link)))
			continue;
		dcd_output_reserve(o, (uid_t)so->lessee_uid, so->lessee_name);
		log_notice("%s: reserved for %u ms for its lessee before the restart (uid %u)",
			   so->link, dcd->config.restart_grace_ms, so->lessee_uid);
		n++;
	}
	if (n && !dcd_grace_arm(dcd)) {
		/* no end to it would keep the outputs from everyone: release now */
		dcd_for_each_output(dcd, o)
			dcd_output_unreserve(o);
	}
}

bool dcd_grace_blocks(const struct dcd_client *c, unsigned link)
{
	return dcd_output_reserved_for_other(dcd_output(c->dcd, link), c->cred.uid, c->name);
}

unsigned dcd_grace_left_ms(const struct dcd *dcd)
{
	uint64_t now = dcd_now_ns();

	return now >= dcd->grace_end_ns ? 0 : (unsigned)((dcd->grace_end_ns - now) / 1000000);
}
