/*
 * Leases: a client's exclusive hold on a set of links (connectors with
 * their pipes and planes). Granted whole or not at all; ended by
 * LEASE_RELEASE, by the client going away, or by a revocation (admin,
 * device lost, shutdown), after which the links show the idle
 * configuration before their next vblank.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dbus.h"
#include "dcd.h"
#include "recovery.h"

struct dcd_lease *dcd_client_lease_of(const struct dcd_client *c, unsigned link)
{
	for (struct dcd_lease *l = c->leases; l; l = l->next) {
		if (l->links & (1u << link))
			return l;
	}
	return NULL;
}

struct dcd_lease *dcd_lease_find(struct dcd *dcd, uint32_t id)
{
	for (struct dcd_client *c = dcd->clients; c; c = c->next) {
		for (struct dcd_lease *l = c->leases; l; l = l->next) {
			if (l->id == id)
				return l;
		}
	}
	return NULL;
}

/* "DP-1, HDMI-A-1" */
static void link_names(struct dcd *dcd, uint32_t links, char *buf, size_t size)
{
	size_t used = 0;

	buf[0] = 0;
	for (unsigned i = 0; i < dcd->link_count && used < size; i++) {
		if (links & (1u << i))
			used += (size_t)snprintf(buf + used, size - used, "%s%s", used ? ", " : "",
						 dcd_link_name(dcd, i));
	}
}

static int no_link(struct dcd *dcd, const char *what, uint32_t link, struct dcp_error *err)
{
	int r = dcp_error_set(err, -ENOENT, DCP_REASON_UNKNOWN_ID, 0,
			      "%s: no link %u (this engine has %u links)", what, link,
			      dcd->link_count);

	err->link = (int32_t)link;
	return r;
}

int dcd_check_leased(struct dcd_client *c, const char *what, uint32_t link, struct dcp_error *err)
{
	struct dcd *dcd = c->dcd;
	int r;

	if (link >= dcd->link_count)
		return no_link(dcd, what, link, err);
	if (dcd_client_lease_of(c, link) && dcd_client_lease_of(c, link)->kms) {
		r = dcp_error_set(err, -EACCES, DCP_REASON_NOT_LEASED, 0,
				  "%s: link %u (%s) is in your KMS lease %u: drive it through "
				  "the lessee's DRM fd",
				  what, link, dcd_link_name(dcd, link),
				  dcd_client_lease_of(c, link)->id);
		err->link = (int32_t)link;
		return r;
	}
	if (!dcd_client_lease_of(c, link)) {
		const struct dcd_lease *l = dcd_output(dcd, link)->lease;

		r = dcp_error_set(err, -EACCES, DCP_REASON_NOT_LEASED, 0,
				  "%s: link %u (%s) is not in your leases (%s)", what, link,
				  dcd_link_name(dcd, link),
				  l ? "another client holds it" : "lease it first");
		err->link = (int32_t)link;
		return r;
	}
	return 0;
}

int dcd_lease_check_free(struct dcd_client *c, const char *what, uint32_t link,
			 struct dcp_error *err)
{
	struct dcd *dcd = c->dcd;
	const struct dcd_lease *held;
	int r = 0;

	if (link >= dcd->link_count)
		return no_link(dcd, what, link, err);
	held = dcd_output(dcd, link)->lease;
	if (!held && dcd_grace_blocks(c, link)) {
		/* whose it is stays unsaid: another user's business */
		r = dcp_error_set(err, -EBUSY, DCP_REASON_LEASE_BUSY, 0,
				  "%s: link %u (%s) is reserved for its lessee before dcd "
				  "restarted, for %u ms more",
				  what, link, dcd_link_name(dcd, link), dcd_grace_left_ms(dcd));
	} else if (held && held->client == c) {
		r = dcp_error_set(err, -EBUSY, DCP_REASON_LEASE_BUSY, 0,
				  "%s: link %u (%s) is already in your %slease %u", what, link,
				  dcd_link_name(dcd, link), held->kms ? "KMS " : "", held->id);
	} else if (held && c->admin) {
		/* an admin may know who holds it (docs/protocol.md, "Who sees what") */
		r = dcp_error_set(err, -EBUSY, DCP_REASON_LEASE_BUSY, 0,
				  "%s: link %u (%s) is in %slease %u of %s", what, link,
				  dcd_link_name(dcd, link), held->kms ? "KMS " : "", held->id,
				  held->client->label);
	} else if (held) {
		r = dcp_error_set(err, -EBUSY, DCP_REASON_LEASE_BUSY, 0,
				  "%s: link %u (%s) is leased by another client%s", what, link,
				  dcd_link_name(dcd, link), held->kms ? " (a KMS lease)" : "");
	}
	if (r)
		err->link = (int32_t)link;
	return r;
}

int dcd_lease_check_budget(struct dcd_client *c, const char *what, struct dcp_error *err)
{
	unsigned n = 0;

	for (const struct dcd_lease *l = c->leases; l; l = l->next)
		n++;
	if (n < c->dcd->config.max_leases)
		return 0;
	return dcp_error_set(err, -EDQUOT, DCP_REASON_LIMIT, 0,
			     "%s: you hold %u leases, the limit (limits.max_leases, dcd leases "
			     "and KMS leases together) is %u",
			     what, n, c->dcd->config.max_leases);
}

struct dcd_lease *dcd_lease_add(struct dcd_client *c, uint32_t links)
{
	struct dcd *dcd = c->dcd;
	struct dcd_lease *lease = calloc(1, sizeof(*lease));

	if (!lease)
		return NULL;
	lease->id = dcd->next_lease_id++;
	if (!dcd->next_lease_id)
		dcd->next_lease_id = 1;
	lease->client = c;
	lease->links = links;
	lease->next = c->leases;
	c->leases = lease;
	dcd_for_each_output(dcd, o) {
		if (links & (1u << o->link))
			dcd_output_lease(o, lease);
	}
	return lease;
}

void dcd_lease_record(struct dcd *dcd, struct dcd_lease *lease)
{
	char names[128];

	link_names(dcd, lease->links, names, sizeof(names));
	if (lease->kms)
		log_notice("KMS lease %u (%s, kernel lessee %u) granted to %s: %s", lease->id,
			   lease->name, lease->lessee_id, lease->client->label, names);
	else
		log_notice("lease %u granted to %s: %s", lease->id, lease->client->label, names);
	/* a restart holds the outputs for this client (grace.c), before it hears of them */
	dcd_state_write(dcd);
}

void dcd_lease_announce(struct dcd *dcd, struct dcd_lease *lease)
{
	dcd_dbus_lease_granted(dcd, lease);
	for (unsigned i = 0; i < dcd->link_count; i++) {
		if (lease->links & (1u << i))
			dcd_notify_output(dcd, i, DCP_CHANGE_LEASE, lease->client);
	}
}

int dcd_handle_lease_request(struct dcd_client *c, const struct dcp_request *req,
			     struct dcp_error *err)
{
	const struct dcp_lease_request *lr = &req->lease_request;
	struct dcd *dcd = c->dcd;
	struct dcp_lease_granted granted;
	struct dcd_lease *lease;
	uint32_t links = 0;
	int r;

	if (!c->may_lease)
		return dcp_error_set(err, -EPERM, DCP_REASON_PERMISSION, 0,
				     "LEASE_REQUEST: uid %u may not lease outputs (the \"lease\" "
				     "users and groups of the configuration)",
				     (unsigned)c->cred.uid);
	if (dcd->engine->lost)
		return dcp_error_set(err, -ENODEV, DCP_REASON_INTERNAL, 0,
				     "LEASE_REQUEST: the display device is gone");
	for (uint32_t i = 0; i < lr->link_count; i++) {
		r = dcd_lease_check_free(c, "LEASE_REQUEST", lr->links[i], err);
		if (r < 0)
			return r;
		links |= 1u << lr->links[i];
	}
	r = dcd_lease_check_budget(c, "LEASE_REQUEST", err);
	if (r < 0)
		return r;
	lease = dcd_lease_add(c, links);
	if (!lease)
		return -ENOMEM;
	dcd_lease_record(dcd, lease);
	granted.lease_id = lease->id;
	dcd_client_send(c, DCP_REPLY_LEASE_GRANTED, req->hdr.serial, &granted);
	dcd_lease_announce(dcd, lease);
	return 0;
}

void dcd_lease_end(struct dcd *dcd, struct dcd_lease *lease, int revoke_reason, const char *text)
{
	struct dcd_client *c = lease->client;
	struct dcd_lease **pl;
	char names[128];

	for (pl = &c->leases; *pl && *pl != lease; pl = &(*pl)->next)
		;
	if (*pl)
		*pl = lease->next;
	link_names(dcd, lease->links, names, sizeof(names));
	if (lease->kms && !dcd->engine->lost) {
		char why[256] = "";
		/* the lessee's fd loses its objects now; dcd switches them off */
		int r = dcd->engine->ops->kms_lease_revoke(dcd->engine, lease->lessee_id, why,
							   sizeof(why));

		if (r < 0)
			log_warning("KMS lease %u (%s): %s", lease->id, lease->name, why);
	}
	if (revoke_reason) {
		struct dcp_lease_revoked ev = { .lease_id = lease->id,
						.reason = (uint16_t)revoke_reason };

		snprintf(ev.text, sizeof(ev.text), "%s", text ? text : "");
		log_notice("%slease %u of %s revoked (%s: %s): %s", lease->kms ? "KMS " : "",
			   lease->id, c->label, dcp_revoke_reason_name((unsigned)revoke_reason),
			   ev.text, names);
		if (!c->dead)
			dcd_client_send(c, DCP_EVENT_LEASE_REVOKED, 0, &ev);
	} else {
		log_notice("%slease %u of %s ended (%s): %s", lease->kms ? "KMS " : "", lease->id,
			   c->label, c->dead ? "client gone" : "released", names);
	}
	/* A blocking COMMIT on these links can no longer happen. */
	if (c->wait.active && (c->wait.links & lease->links)) {
		struct dcp_error err;

		dcp_error_set(&err, -ECANCELED, DCP_REASON_CANCELLED, 0,
			      "COMMIT: cancelled: the lease on %s ended", names);
		if (!c->dead)
			dcd_client_send_error(c, c->wait.serial, &err);
		dcd_commit_wait_cancel(c);
	}
	dcd_for_each_output(dcd, o) {
		unsigned i = o->link;

		if (!(lease->links & (1u << i)))
			continue;
		dcd_output_unlease(dcd, o);
		dcd_output_vblank_subscribe(c, o, false);
		dcd_notify_output(dcd, i, DCP_CHANGE_LEASE, NULL);
	}
	dcd->work = true;
	dcd_dbus_lease_ended(dcd, lease, revoke_reason);
	free(lease);
}

int dcd_handle_lease_release(struct dcd_client *c, const struct dcp_request *req,
			     struct dcp_error *err)
{
	struct dcd_lease *l;

	for (l = c->leases; l && l->id != req->lease_release.lease_id; l = l->next)
		;
	if (!l)
		return dcp_error_set(err, -ENOENT, DCP_REASON_UNKNOWN_ID, 0,
				     "LEASE_RELEASE: you hold no lease %u",
				     req->lease_release.lease_id);
	dcd_lease_end(c->dcd, l, 0, NULL);
	return dcd_client_send_ok(c, req);
}
