/*
 * KMS leases across a dcd restart (docs/kms.md, "Leases across a
 * restart"). The DRM file in systemd's fd store keeps every lease alive
 * while dcd is down: the lessee (a VR runtime, a kiosk) goes on driving
 * its outputs through its own fd. The state file records each lease with
 * its outputs' objects and its client (uid + HELLO name). The restarted
 * dcd has the engine keep the recorded leases it still finds, revoke every
 * other lessee, and holds the kept ones for their client during the
 * restart grace, as it holds adopted outputs (grace.c): the client that
 * says HELLO again with the same uid and name has its lease back, with the
 * same id, and nobody else can take the outputs meanwhile. A lease whose
 * client does not come back is revoked when the grace ends, as if the
 * client had disconnected.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "dcd.h"
#include "recovery.h"

/* The held lease's outputs as links; 0 when none of the names is a link here. */
static uint32_t links_of(struct dcd *dcd, const struct dcd_kms_lease_saved *h)
{
	uint32_t links = 0;

	for (unsigned k = 0; k < h->n && k < DC_MAX_LINKS; k++) {
		int link = dcd->engine->ops->link_by_name(dcd->engine, h->outputs[k].name);

		if (link >= 0 && (unsigned)link < dcd->link_count)
			links |= 1u << link;
	}
	return links;
}

static void revoke_held(struct dcd *dcd, const struct dcd_kms_lease_saved *h, const char *because)
{
	char why[256] = "";

	if (dcd->engine->ops->kms_lease_revoke(dcd->engine, h->lessee_id, why, sizeof(why)) < 0)
		log_warning("KMS lease %u (%s, lessee %u): %s", h->id, h->name, h->lessee_id, why);
	else
		log_notice("KMS lease %u (%s, lessee %u) of %s (uid %u) revoked: %s", h->id,
			   h->name, h->lessee_id, h->client, h->uid, because);
}

void dcd_kms_leases_recover(struct dcd *dcd, const struct dcd_saved_state *st)
{
	bool kept[DC_MAX_LINKS] = { false };
	size_t n = st ? st->n_kms_leases : 0;

	if (!dcd->engine->ops->kms_leases_adopt)
		return;
	dcd->engine->ops->kms_leases_adopt(dcd->engine, n ? st->kms_leases : NULL, n, kept);
	for (size_t i = 0; i < n; i++) {
		struct dcd_kms_lease_saved h = st->kms_leases[i];

		if (!kept[i])
			continue;
		h.links = links_of(dcd, &h);
		/* new leases must not take its id: the client releases it by that id */
		if (dcd->next_lease_id <= h.id)
			dcd->next_lease_id = h.id + 1;
		if (!h.links || !dcd_grace_arm(dcd)) {
			revoke_held(dcd, &h,
				    h.links ? "no restart grace (restart_grace_ms 0) to hold it "
					      "for its "
					      "client"
					    : "none of its outputs is a link of this dcd");
			continue;
		}
		dcd_for_each_output(dcd, o) {
			if (h.links & (1u << o->link)) {
				dcd_output_reserve(o, (uid_t)h.uid, h.client);
				o->kms_held = true;
			}
		}
		dcd->kms_held[dcd->n_kms_held++] = h;
		log_notice("KMS lease %u (%s, lessee %u) held for %s (uid %u) for %u ms: its "
			   "outputs are reserved until it is back",
			   h.id, h.name, h.lessee_id, h.client, h.uid,
			   dcd->config.restart_grace_ms);
	}
}

static void drop_held(struct dcd *dcd, unsigned i)
{
	dcd_for_each_output(dcd, o) {
		if (dcd->kms_held[i].links & (1u << o->link)) {
			dcd_output_unreserve(o);
			o->kms_held = false;
		}
	}
	memmove(&dcd->kms_held[i], &dcd->kms_held[i + 1],
		(dcd->n_kms_held - i - 1) * sizeof(dcd->kms_held[0]));
	dcd->n_kms_held--;
}

void dcd_kms_leases_reclaim(struct dcd_client *c)
{
	struct dcd *dcd = c->dcd;
	unsigned i = 0;

	while (i < dcd->n_kms_held) {
		struct dcd_kms_lease_saved h = dcd->kms_held[i];
		struct dcd_lease *lease;

		/* its client: a lease only a 1.2 client allowed KMS leases can hold */
		if (h.uid != c->cred.uid || strcmp(h.client, c->name) != 0 || c->minor < 2 ||
		    !c->may_kms_lease) {
			i++;
			continue;
		}
		drop_held(dcd, i);
		lease = dcd_lease_add(c, h.links);
		if (!lease) {
			revoke_held(dcd, &h, "out of memory taking it back");
			continue;
		}
		lease->id = h.id;
		lease->kms = true;
		lease->lessee_id = h.lessee_id;
		snprintf(lease->name, sizeof(lease->name), "%s", h.name);
		log_notice("KMS lease %u (%s, kernel lessee %u) is %s's again after the restart",
			   lease->id, lease->name, lease->lessee_id, c->label);
		dcd_state_write(dcd);
		dcd_lease_announce(dcd, lease);
	}
}

/* Ends held lease i: revoked, its outputs free and then idle. */
static void end_held(struct dcd *dcd, unsigned i, const char *because)
{
	struct dcd_kms_lease_saved h = dcd->kms_held[i];

	drop_held(dcd, i);
	revoke_held(dcd, &h, because);
	dcd_for_each_output(dcd, o) {
		if (h.links & (1u << o->link)) {
			dcd_output_mark_idle(dcd, o);
			dcd_notify_output(dcd, o->link, DCP_CHANGE_LEASE, NULL);
		}
	}
	dcd_state_write(dcd);
}

void dcd_kms_leases_expire(struct dcd *dcd)
{
	char because[160];

	snprintf(because, sizeof(because),
		 "its client did not come back within the restart grace of %u ms",
		 dcd->config.restart_grace_ms);
	while (dcd->n_kms_held)
		end_held(dcd, 0, because);
}

int dcd_kms_lease_revoke_held(struct dcd *dcd, uint32_t id, const char *why)
{
	for (unsigned i = 0; i < dcd->n_kms_held; i++) {
		if (dcd->kms_held[i].id == id) {
			end_held(dcd, i, why && why[0] ? why : "revoked by an admin");
			return 0;
		}
	}
	return -ENOENT;
}
