/*
 * What dcd sends: each decoded message matched to its request by serial
 * (replies, FLIP_DONE) or turned into an event; the queue of events and
 * completions; dcc_dispatch, which delivers them to the callbacks.
 *
 * Robustness: a message that does not decode breaks the connection with
 * the decoder's sentence (never a crash). Opcodes of a newer protocol in
 * the reply and event ranges are skipped. Answers to requests nobody
 * waits for any more (timed out), LINK_INFO outside a topology fetch and
 * events about unknown links or leases are ignored. A reply whose type
 * does not answer its request is a protocol error.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <unistd.h>

#include "client_internal.h"

struct dcc_event *dcc_event_new(struct dcc_client *c, enum dcc_event_kind kind)
{
	struct dcc_event *ev = calloc(1, sizeof(*ev));

	if (!ev)
		dcc_log(c, DCC_LOG_ERROR, "out of memory: an event is lost");
	else
		ev->kind = kind;
	return ev;
}

void dcc_event_queue(struct dcc_client *c, struct dcc_event *ev)
{
	uint64_t one = 1;

	if (!ev)
		return;
	*c->ev_tail = ev;
	c->ev_tail = &ev->next;
	/* Makes dcc_get_fd() readable even when the socket is drained. */
	if (write(c->eventfd, &one, sizeof(one)) < 0)
		dcc_log(c, DCC_LOG_ERROR, "eventfd write failed");
}

void dcc_events_free(struct dcc_client *c)
{
	while (c->ev_head) {
		struct dcc_event *ev = c->ev_head;

		c->ev_head = ev->next;
		free(ev);
	}
	c->ev_tail = &c->ev_head;
}

/* The reply opcode that answers a request (FLIP: FLIP_DONE). */
static uint16_t reply_of(uint16_t request)
{
	switch (request) {
	case DCP_REQ_HELLO:
		return DCP_REPLY_WELCOME;
	case DCP_REQ_GET_TOPOLOGY:
		return DCP_REPLY_TOPOLOGY_DONE;
	case DCP_REQ_LEASE_REQUEST:
		return DCP_REPLY_LEASE_GRANTED;
	case DCP_REQ_KMS_LEASE_REQUEST:
		return DCP_REPLY_KMS_LEASE_GRANTED;
	case DCP_REQ_FB_CREATE:
		return DCP_REPLY_FB_CREATED;
	case DCP_REQ_FB_ALLOC:
		return DCP_REPLY_FB_ALLOCATED;
	case DCP_REQ_FLIP:
		return DCP_EVENT_FLIP_DONE;
	default:
		return DCP_REPLY_OK;
	}
}

static void queue_flip(struct dcc_client *c, struct dcc_pending *p, int status, uint64_t seq,
		       uint64_t ts)
{
	struct dcc_event *ev = dcc_event_new(c, DCC_EV_FLIP);

	if (p->link->flips_pending)
		p->link->flips_pending--;
	if (!ev)
		return;
	ev->status = status;
	ev->link = p->link->id;
	ev->sequence = seq;
	ev->timestamp_ns = ts;
	ev->flip_done = p->flip_done;
	ev->data = p->data;
	dcc_event_queue(c, ev);
}

static void queue_commit(struct dcc_client *c, struct dcc_pending *p, int status,
			 const struct dcp_error *err)
{
	struct dcc_event *ev = dcc_event_new(c, DCC_EV_COMMIT);

	if (!ev)
		return;
	ev->status = status;
	ev->commit_done = p->commit_done;
	ev->data = p->data;
	if (err) {
		ev->reason = err->reason;
		memcpy(ev->text, err->text, sizeof(ev->text));
	}
	dcc_event_queue(c, ev);
}

/* A successful answer to serial; value for LEASE_GRANTED / FB_CREATED. */
static void complete(struct dcc_client *c, const struct dcp_server_msg *m, uint32_t value)
{
	struct dcc_pending *p = dcc_pending_find(c, m->hdr.serial);

	if (!p) {
		dcc_log(c, DCC_LOG_DEBUG, "ignoring %s for serial %u: nothing waits for it",
			dcp_opcode_name(m->hdr.opcode), m->hdr.serial);
		return;
	}
	if (reply_of(p->opcode) != m->hdr.opcode) {
		dcc_break(c, -EPROTO, "dcd answered %s (serial %u) with %s",
			  dcp_opcode_name(p->opcode), m->hdr.serial,
			  dcp_opcode_name(m->hdr.opcode));
		return;
	}
	switch (p->kind) {
	case DCC_PENDING_WAIT:
		p->done = true;
		p->status = 0;
		p->value = value;
		if (m->hdr.opcode == DCP_REPLY_WELCOME)
			c->welcome = m->welcome;
		if (m->hdr.opcode == DCP_REPLY_KMS_LEASE_GRANTED && c->rx_nfds == 1) {
			p->fd = c->rx_fds[0];
			c->rx_fds[0] = -1;
			memcpy(p->name, m->kms_lease_granted.name, sizeof(p->name));
		}
		if (m->hdr.opcode == DCP_REPLY_FB_ALLOCATED && c->rx_nfds == 1) {
			p->fd = c->rx_fds[0];
			c->rx_fds[0] = -1;
			p->allocated = m->fb_allocated;
		}
		return;
	case DCC_PENDING_COMMIT:
		dcc_config_remember(c, p->saved, p->saved_count);
		queue_commit(c, p, 0, NULL);
		break;
	case DCC_PENDING_FLIP:
		/* The flipped framebuffer is what a restore shows. */
		if (p->link->saved.valid && (p->link->saved.out.flags & DCP_OUTPUT_PRIMARY))
			p->link->saved.primary_fb = p->fb;
		queue_flip(c, p, 0, m->flip_done.sequence, m->flip_done.timestamp_ns);
		break;
	case DCC_PENDING_TOPOLOGY:
		break;
	}
	dcc_pending_remove(c, p);
}

/* Ends a pending request with an error (dcd's, or the library's on a break). */
void dcc_pending_fail(struct dcc_client *c, struct dcc_pending *p, const struct dcp_error *e)
{
	switch (p->kind) {
	case DCC_PENDING_WAIT:
		p->done = true;
		p->status = e->status;
		p->error = *e;
		return;
	case DCC_PENDING_COMMIT:
		queue_commit(c, p, e->status, e);
		break;
	case DCC_PENDING_FLIP:
		queue_flip(c, p, e->status, 0, 0);
		break;
	case DCC_PENDING_TOPOLOGY:
		dcc_log(c, DCC_LOG_ERROR, "topology refresh failed: %s", e->text);
		c->topo_serial = 0;
		break;
	}
	dcc_pending_remove(c, p);
}

static void handle_error(struct dcc_client *c, const struct dcp_error *e, uint32_t serial)
{
	struct dcc_pending *p = serial ? dcc_pending_find(c, serial) : NULL;
	struct dcc_event *ev;

	if (e->flags & DCP_ERROR_FATAL) {
		/* dcd closes the connection next: the EOF reports this text. */
		static const char prefix[] = "dcd closed the connection: ";
		size_t n = strnlen(e->text, sizeof(c->broken_text) - sizeof(prefix));

		memcpy(c->broken_text, prefix, sizeof(prefix) - 1);
		memcpy(c->broken_text + sizeof(prefix) - 1, e->text, n);
		c->broken_text[sizeof(prefix) - 1 + n] = '\0';
		dcc_log(c, DCC_LOG_ERROR, "%s", c->broken_text);
	}
	if (p) {
		dcc_pending_fail(c, p, e);
		return;
	}
	ev = dcc_event_new(c, DCC_EV_ERROR);
	if (ev) {
		ev->status = e->status;
		ev->reason = e->reason;
		memcpy(ev->text, e->text, sizeof(ev->text));
		dcc_event_queue(c, ev);
	}
}

static void handle_topology_done(struct dcc_client *c, const struct dcp_server_msg *m)
{
	if (!c->topo_serial || m->hdr.serial != c->topo_serial) {
		dcc_log(c, DCC_LOG_DEBUG, "ignoring TOPOLOGY_DONE (serial %u) nobody asked for",
			m->hdr.serial);
		return;
	}
	dcc_topology_done(c, &m->topology_done);
	complete(c, m, 0);
	if (c->topo_again && c->sock >= 0) {
		c->topo_again = false;
		dcc_request_topology(c);
	}
}

static void handle_hotplug(struct dcc_client *c, const struct dcp_hotplug *hp)
{
	dcc_log(c, DCC_LOG_INFO, "hotplug: link %u %s", hp->link,
		dcp_connection_name(hp->connection));
	/* Modes come with the topology; the callback runs once it is here. */
	if (hp->link < DCP_MAX_LINKS)
		c->links[hp->link].hotplug_seen = true;
	if (c->topo_serial)
		c->topo_again = true;
	else
		dcc_request_topology(c);
}

static void handle_event(struct dcc_client *c, const struct dcp_server_msg *m)
{
	struct dcc_link *link;
	struct dcc_event *ev;

	switch (m->hdr.opcode) {
	case DCP_EVENT_HOTPLUG:
		handle_hotplug(c, &m->hotplug);
		return;
	case DCP_EVENT_VBLANK:
		link = dcc_link_by_id(c, m->vblank.link);
		if (!link || !link->vblank_subscribed)
			return;
		ev = dcc_event_new(c, DCC_EV_VBLANK);
		if (!ev)
			return;
		ev->link = link->id;
		ev->value = m->vblank.skipped;
		ev->sequence = m->vblank.sequence;
		ev->timestamp_ns = m->vblank.timestamp_ns;
		dcc_event_queue(c, ev);
		return;
	case DCP_EVENT_LEASE_REVOKED:
		dcc_lease_revoked(c, &m->lease_revoked);
		return;
	case DCP_EVENT_OUTPUT_CHANGED:
		link = dcc_link_by_id(c, m->output_changed.link);
		if (!link)
			return;
		dcc_topology_output_changed(c, &m->output_changed);
		ev = dcc_event_new(c, DCC_EV_OUTPUT_CHANGED);
		if (!ev)
			return;
		ev->link = link->id;
		ev->value = m->output_changed.changes;
		dcc_event_queue(c, ev);
		return;
	}
}

void dcc_handle_message(struct dcc_client *c, const uint8_t *buf, size_t len, unsigned nfds)
{
	struct dcp_server_msg *m = c->msg;
	struct dcp_header hdr;
	struct dcp_error err;

	if (dcp_decode_header(buf, len, &hdr, &err)) {
		dcc_break(c, -EPROTO, "dcd sent a malformed message: %s", err.text);
		return;
	}
	if (!dcp_opcode_name(hdr.opcode) &&
	    (DCP_OPCODE_REPLY(hdr.opcode) || DCP_OPCODE_EVENT(hdr.opcode))) {
		dcc_log(c, DCC_LOG_DEBUG, "ignoring message 0x%04x of a newer protocol",
			hdr.opcode);
		return;
	}
	if (dcp_decode_server(buf, len, nfds, m, &err)) {
		dcc_break(c, -EPROTO, "dcd sent a malformed message: %s", err.text);
		return;
	}
	switch (hdr.opcode) {
	case DCP_REPLY_ERROR:
		handle_error(c, &m->error, hdr.serial);
		return;
	case DCP_REPLY_LINK_INFO:
		if (c->topo_serial && hdr.serial == c->topo_serial)
			dcc_topology_link_info(c, &m->link_info);
		else
			dcc_log(c, DCC_LOG_DEBUG, "ignoring LINK_INFO (serial %u)", hdr.serial);
		return;
	case DCP_REPLY_LINK_CAPS:
		/* with a LINK_INFO of the fetch; after a HOTPLUG the refetch brings it */
		if (c->topo_serial && hdr.serial == c->topo_serial)
			dcc_topology_link_caps(c, &m->link_caps);
		return;
	case DCP_REPLY_TOPOLOGY_DONE:
		handle_topology_done(c, m);
		return;
	case DCP_REPLY_LEASE_GRANTED:
		complete(c, m, m->lease_granted.lease_id);
		return;
	case DCP_REPLY_FB_CREATED:
		complete(c, m, m->fb_created.fb_id);
		return;
	case DCP_REPLY_KMS_LEASE_GRANTED:
		complete(c, m, m->kms_lease_granted.lease_id);
		return;
	case DCP_REPLY_FB_ALLOCATED:
		complete(c, m, m->fb_allocated.fb_id);
		return;
	case DCP_REPLY_WELCOME:
	case DCP_REPLY_OK:
	case DCP_EVENT_FLIP_DONE:
		complete(c, m, 0);
		return;
	default:
		handle_event(c, m);
	}
}

static void deliver(struct dcc_client *c, struct dcc_event *ev)
{
	struct dcc_handlers *h = &c->h;
	struct dcc_link *link = dcc_link_by_id(c, ev->link);
	const char *reason = ev->reason ? dcp_reason_name(ev->reason) : NULL;
	struct dcc_lease *lease;

	switch (ev->kind) {
	case DCC_EV_FLIP:
		if (ev->flip_done)
			ev->flip_done(c, link, ev->status, ev->sequence, ev->timestamp_ns,
				      ev->data);
		break;
	case DCC_EV_COMMIT:
		if (ev->commit_done)
			ev->commit_done(c, ev->status, reason, ev->text, ev->data);
		break;
	case DCC_EV_HOTPLUG:
		if (h->hotplug && link)
			h->hotplug(c, link, h->hotplug_data);
		break;
	case DCC_EV_OUTPUT_CHANGED:
		if (h->output_changed && link)
			h->output_changed(c, link, ev->value, h->output_changed_data);
		break;
	case DCC_EV_LEASE_REVOKED:
		lease = c->leases;
		while (lease && lease->revoked_id != ev->value)
			lease = lease->next;
		if (h->lease_revoked && lease)
			h->lease_revoked(c, lease, ev->status, ev->text, h->lease_revoked_data);
		break;
	case DCC_EV_VBLANK:
		if (h->vblank && link && link->vblank_subscribed)
			h->vblank(c, link, ev->sequence, ev->timestamp_ns, ev->value,
				  h->vblank_data);
		break;
	case DCC_EV_ERROR:
		if (h->error)
			h->error(c, ev->status, reason, ev->text, h->error_data);
		break;
	case DCC_EV_DISCONNECTED:
		if (h->disconnected)
			h->disconnected(c, ev->status, ev->text, h->disconnected_data);
		break;
	case DCC_EV_RECONNECTED:
		if (h->reconnected)
			h->reconnected(c, ev->value != 0, h->reconnected_data);
		break;
	}
}

static void deliver_all(struct dcc_client *c)
{
	uint64_t count;

	c->in_callback = true;
	while (c->ev_head) {
		struct dcc_event *ev = c->ev_head;

		c->ev_head = ev->next;
		if (!c->ev_head)
			c->ev_tail = &c->ev_head;
		deliver(c, ev);
		free(ev);
	}
	c->in_callback = false;
	if (read(c->eventfd, &count, sizeof(count)) < 0 && errno != EAGAIN)
		dcc_log(c, DCC_LOG_ERROR, "eventfd read failed");
}

DCC_EXPORT int dcc_dispatch(struct dcc_client *c)
{
	if (c->in_callback)
		return -EBUSY;
	if (c->sock >= 0) {
		dcc_flush_queue(c);
		dcc_read_messages(c);
	} else {
		dcc_reconnect_tick(c);
	}
	deliver_all(c);
	if (c->sock < 0 && !(c->reconnect && c->path))
		return -ENOTCONN;
	return 0;
}

#define SETTER(name, type)                                                                  \
	DCC_EXPORT void dcc_set_##name##_handler(struct dcc_client *c, type fn, void *data) \
	{                                                                                   \
		c->h.name = fn;                                                             \
		c->h.name##_data = data;                                                    \
	}

SETTER(hotplug, dcc_hotplug_fn)
SETTER(output_changed, dcc_output_changed_fn)
SETTER(lease_revoked, dcc_lease_revoked_fn)
SETTER(vblank, dcc_vblank_fn)
SETTER(error, dcc_error_fn)
SETTER(disconnected, dcc_disconnected_fn)
SETTER(reconnected, dcc_reconnected_fn)
