/*
 * Leases: a set of links this client drives. The object outlives the
 * lease itself (revoked, lost with the connection) so the application
 * can tell what it had, and dcc_restore can ask for the same links again.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "client_internal.h"

struct dcc_lease *dcc_lease_by_id(struct dcc_client *c, uint32_t id)
{
	for (struct dcc_lease *l = c->leases; l; l = l->next) {
		if (id && l->id == id)
			return l;
	}
	return NULL;
}

static void set_links(struct dcc_client *c, const struct dcc_lease *lease, uint8_t state)
{
	for (unsigned i = 0; i < lease->link_count; i++) {
		struct dcc_link *link = &c->links[lease->links[i]];

		link->lease_state = state;
		link->lease_id = state == DCP_LEASE_OURS ? lease->id : 0;
	}
}

/* LEASE_REQUEST for the lease's links; 0 with lease->id set, or the error. */
int dcc_lease_renew(struct dcc_lease *lease)
{
	struct dcc_client *c = lease->client;
	struct dcp_lease_request req = { .link_count = lease->link_count };
	uint32_t id;
	int ret;

	memcpy(req.links, lease->links, sizeof(req.links));
	ret = dcc_call(c, DCP_REQ_LEASE_REQUEST, &req, -1, &id);
	if (ret)
		return ret;
	lease->id = id;
	lease->lost = false;
	set_links(c, lease, DCP_LEASE_OURS);
	return 0;
}

DCC_EXPORT int dcc_lease_create(struct dcc_client *c, struct dcc_link *const *links, unsigned count,
				struct dcc_lease **out)
{
	struct dcc_lease *lease;
	int ret;

	*out = NULL;
	ret = dcc_check_connected(c);
	if (ret)
		return ret;
	if (count == 0 || count > DCP_MAX_LINKS)
		return dcc_fail(c, -EINVAL, "a lease holds 1 to %d links, not %u", DCP_MAX_LINKS,
				count);
	lease = calloc(1, sizeof(*lease));
	if (!lease)
		return dcc_fail(c, -ENOMEM, "out of memory");
	lease->client = c;
	lease->link_count = count;
	for (unsigned i = 0; i < count; i++) {
		if (!links[i] || links[i]->client != c) {
			free(lease);
			return dcc_fail(c, -EINVAL,
					"link %u of the lease is not one of this client's", i);
		}
		lease->links[i] = links[i]->id;
	}
	ret = dcc_lease_renew(lease);
	if (ret) {
		free(lease);
		return ret;
	}
	lease->next = c->leases;
	c->leases = lease;
	*out = lease;
	return 0;
}

DCC_EXPORT int dcc_lease_create_desktop(struct dcc_client *c, struct dcc_lease **out)
{
	struct dcc_link *links[DCP_MAX_LINKS];
	unsigned n = 0;
	int ret;

	*out = NULL;
	ret = dcc_check_connected(c);
	if (ret)
		return ret;
	for (unsigned i = 0; i < dcc_get_link_count(c); i++) {
		struct dcc_link *l = dcc_get_link(c, i);

		/* a headset is leased only by a client that names it */
		if (l->connection == DCP_CONNECTED && l->lease_state != DCP_LEASE_OTHER &&
		    !dcc_link_is_non_desktop(l))
			links[n++] = l;
	}
	if (!n)
		return dcc_fail(c, -ENODEV,
				"no connected desktop output is free (head-mounted displays are "
				"leased by name)");
	return dcc_lease_create(c, links, n, out);
}

DCC_EXPORT void dcc_lease_destroy(struct dcc_lease *lease)
{
	struct dcc_client *c;

	if (!lease)
		return;
	c = lease->client;
	if (c) {
		for (struct dcc_lease **p = &c->leases; *p; p = &(*p)->next) {
			if (*p == lease) {
				*p = lease->next;
				break;
			}
		}
		if (lease->id && dcc_is_connected(c)) {
			struct dcp_lease_release rel = { .lease_id = lease->id };

			dcc_send(c, DCP_REQ_LEASE_RELEASE, DCP_HEADER_NO_REPLY, &rel, -1, NULL);
			set_links(c, lease, DCP_LEASE_FREE);
		}
		for (unsigned i = 0; i < lease->link_count; i++)
			c->links[lease->links[i]].saved.valid = false;
	}
	free(lease);
}

void dcc_lease_revoked(struct dcc_client *c, const struct dcp_lease_revoked *lr)
{
	struct dcc_lease *lease = dcc_lease_by_id(c, lr->lease_id);
	struct dcc_event *ev;

	if (!lease) {
		dcc_log(c, DCC_LOG_DEBUG, "ignoring LEASE_REVOKED of unknown lease %u",
			lr->lease_id);
		return;
	}
	set_links(c, lease, DCP_LEASE_FREE);
	lease->revoked_id = lease->id;
	lease->id = 0;
	lease->lost = false;
	ev = dcc_event_new(c, DCC_EV_LEASE_REVOKED);
	if (!ev)
		return;
	ev->value = lease->revoked_id;
	ev->status = lr->reason;
	memcpy(ev->text, lr->text, sizeof(ev->text));
	dcc_event_queue(c, ev);
}

DCC_EXPORT bool dcc_lease_is_active(const struct dcc_lease *lease)
{
	return lease->id != 0;
}

DCC_EXPORT uint32_t dcc_lease_get_id(const struct dcc_lease *lease)
{
	return lease->id;
}

DCC_EXPORT unsigned dcc_lease_get_link_count(const struct dcc_lease *lease)
{
	return lease->link_count;
}

DCC_EXPORT struct dcc_link *dcc_lease_get_link(const struct dcc_lease *lease, unsigned index)
{
	if (!lease->client || index >= lease->link_count)
		return NULL;
	return &lease->client->links[lease->links[index]];
}
