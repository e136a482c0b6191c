/*
 * Client connections: accept (with the peer's credentials checked against
 * the configuration), read and dispatch requests, send replies and events
 * through the bounded queue, disconnect on protocol violations and on a
 * queue that passes its limit. A disconnected client is only marked dead;
 * dcd_process() frees it once no handler is using it any more.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "dcd.h"

/*
 * A client's burst per wakeup: so many requests, or this much of dcd's
 * time, whichever ends it first (at least one request each time). The
 * count keeps one flooding client from starving the others; the time
 * bounds the cost of what it asks: 32 GET_TOPOLOGY (a LINK_INFO per link
 * each) held the loop for 9-13 ms of CPU in the sanitizer build, and a
 * flip completion behind them missed its vblank (daemon-chaos,
 * test_stopped_reader; none of those dispatches with the bound). The
 * engine's interrupt and the other clients come in between; the client's
 * socket stays readable and the loop comes back to it.
 */
#define MAX_REQUESTS_PER_WAKEUP 32
#define MAX_BURST_NS		(2ull * 1000 * 1000)

typedef int (*request_fn)(struct dcd_client *c, const struct dcp_request *req,
			  struct dcp_error *err);

static int handle_sync(struct dcd_client *c, const struct dcp_request *req, struct dcp_error *err)
{
	return dcd_client_send_ok(c, req);
}

// clang-format off
static const request_fn handlers[] = {
	[DCP_REQ_HELLO] = dcd_handle_hello,
	[DCP_REQ_SYNC] = handle_sync,
	[DCP_REQ_GET_TOPOLOGY] = dcd_handle_topology,
	[DCP_REQ_LEASE_REQUEST] = dcd_handle_lease_request,
	[DCP_REQ_LEASE_RELEASE] = dcd_handle_lease_release,
	[DCP_REQ_FB_CREATE] = dcd_handle_fb_create,
	[DCP_REQ_FB_DESTROY] = dcd_handle_fb_destroy,
	[DCP_REQ_VALIDATE] = dcd_handle_validate,
	[DCP_REQ_COMMIT] = dcd_handle_commit,
	[DCP_REQ_FLIP] = dcd_handle_flip,
	[DCP_REQ_CURSOR_SET] = dcd_handle_cursor_set,
	[DCP_REQ_CURSOR_MOVE] = dcd_handle_cursor_move,
	[DCP_REQ_VBLANK_SUBSCRIBE] = dcd_handle_vblank_subscribe,
	[DCP_REQ_KMS_LEASE_REQUEST] = dcd_handle_kms_lease_request,
	[DCP_REQ_FB_ALLOC] = dcd_handle_fb_alloc,
};
// clang-format on

static const char *op_name(uint16_t opcode)
{
	const char *name = dcp_opcode_name(opcode);

	return name ? name : "message";
}

/* ---- sending ------------------------------------------------------------------ */

static void want_write(struct dcd_client *c)
{
	uint32_t events = EPOLLIN;

	if (c->dead)
		return;
	if (c->wait.active)
		events = 0;
	if (dci_conn_queued_bytes(c->conn) > 0)
		events |= EPOLLOUT;
	sd_event_source_set_io_events(c->io, events);
}

/* Encodes and sends (fd: -1, or one descriptor to pass along). */
static int send_msg(struct dcd_client *c, uint16_t opcode, uint32_t serial, const void *body,
		    int fd)
{
	struct dcp_header hdr = { .opcode = opcode, .serial = serial };
	struct dcp_error err;
	bool was_empty;
	int r;

	if (c->dead)
		return -ECONNRESET;
	was_empty = dci_conn_queued_bytes(c->conn) == 0;
	if (fd < 0) {
		r = dci_conn_send_msg(c->conn, &hdr, body, &err);
	} else {
		/* only small replies carry a descriptor (KMS_LEASE_GRANTED) */
		uint8_t buf[512];
		size_t len;

		r = dcp_encode(buf, sizeof(buf), &hdr, body, &len, &err);
		if (r < 0) {
			log_error("%s: cannot send %s: %s", c->label, op_name(opcode), err.text);
			return r;
		}
		r = dci_conn_send(c->conn, buf, len, &fd, 1);
	}
	if (r == -ENOBUFS) {
		char why[128];

		snprintf(why, sizeof(why), "not reading: more than %u bytes of output queued",
			 c->dcd->config.limits.max_queued_bytes);
		dcd_client_kill(c, why);
		return r;
	}
	if (r == -EPIPE || r == -ECONNRESET) {
		dcd_client_kill(c, NULL);
		return r;
	}
	if (r < 0) {
		/* Our own message did not encode: a daemon bug, not the client's. */
		log_error("%s: cannot send %s: %s", c->label, op_name(opcode),
			  fd >= 0 ? strerror(-r) : err.text);
		return r;
	}
	if (was_empty && dci_conn_queued_bytes(c->conn) > 0)
		want_write(c);
	return 0;
}

int dcd_client_send(struct dcd_client *c, uint16_t opcode, uint32_t serial, const void *body)
{
	return send_msg(c, opcode, serial, body, -1);
}

int dcd_client_send_fd(struct dcd_client *c, uint16_t opcode, uint32_t serial, const void *body,
		       int fd)
{
	return send_msg(c, opcode, serial, body, fd);
}

int dcd_client_send_error(struct dcd_client *c, uint32_t serial, const struct dcp_error *err)
{
	return dcd_client_send(c, DCP_REPLY_ERROR, serial, err);
}

int dcd_client_send_ok(struct dcd_client *c, const struct dcp_request *req)
{
	if (req->hdr.flags & DCP_HEADER_NO_REPLY)
		return 0;
	return dcd_client_send(c, DCP_REPLY_OK, req->hdr.serial, NULL);
}

/* ---- life cycle ------------------------------------------------------------------ */

void dcd_client_kill(struct dcd_client *c, const char *reason)
{
	if (c->dead)
		return;
	if (reason)
		log_notice("%s: disconnected: %s", c->label, reason);
	else
		log_info("%s: disconnected", c->label);
	c->dead = true;
	sd_event_source_set_enabled(c->io, SD_EVENT_OFF);
	c->dcd->work = true;
}

static void client_free(struct dcd *dcd, struct dcd_client *c)
{
	dcd_commit_wait_cancel(c);
	while (c->leases)
		dcd_lease_end(dcd, c->leases, 0, NULL);
	dcd_for_each_output(dcd, o) {
		/* Flips of other clients never name c, but a lease that moved on
		 * may have left its flips here: forget the client either way. */
		if (o->pending.client == c)
			o->pending.client = NULL;
		if (o->queued.client == c)
			o->queued.client = NULL;
		dcd_output_vblank_subscribe(c, o, false);
	}
	dcd_fb_drop_client(c);
	sd_event_source_disable_unref(c->hello_timer);
	sd_event_source_disable_unref(c->io);
	dci_conn_destroy(c->conn);
	dcd->client_count--;
	free(c);
}

void dcd_client_reap(struct dcd *dcd)
{
	struct dcd_client **pc = &dcd->clients;

	while (*pc) {
		struct dcd_client *c = *pc;

		if (c->dead) {
			*pc = c->next;
			client_free(dcd, c);
		} else {
			pc = &c->next;
		}
	}
}

void dcd_client_pause(struct dcd_client *c, bool paused)
{
	(void)paused; /* c->wait.active already says it */
	want_write(c);
}

bool dcd_client_sees(const struct dcd_client *c, unsigned link)
{
	if (c->admin || !c->leases)
		return true;
	return dcd_client_lease_of(c, link) != NULL;
}

/* ---- receiving -------------------------------------------------------------------- */

static void protocol_violation(struct dcd_client *c, uint32_t serial, struct dcp_error *err)
{
	char why[DCP_MAX_TEXT + 32];

	err->flags |= DCP_ERROR_FATAL;
	dcd_client_send_error(c, serial, err);
	dci_conn_flush(c->conn);
	snprintf(why, sizeof(why), "protocol violation: %s", err->text);
	dcd_client_kill(c, why);
}

/* Handles one request; true when it was a FLIP the engine took. */
static bool handle_message(struct dcd_client *c, const uint8_t *data, size_t len, unsigned nfds)
{
	struct dcp_request req;
	struct dcp_error err = { 0 };
	int r;

	r = dcp_decode_request(data, len, nfds, &req, &err);
	if (r == 0)
		r = dcp_check_sequence(c->hello_done, req.hdr.opcode, &err);
	if (r < 0) {
		if (err.flags & DCP_ERROR_FATAL) {
			protocol_violation(c, req.hdr.serial, &err);
			return false;
		}
		log_ratelimited(&c->log_rl, LOG_INFO, "%s: %s refused: %s", c->label,
				op_name(req.hdr.opcode), err.text);
		dcd_client_send_error(c, req.hdr.serial, &err);
		return false;
	}
	err = (struct dcp_error){ 0 };
	r = handlers[req.hdr.opcode](c, &req, &err);
	if (c->hello_done && c->hello_timer)
		c->hello_timer = sd_event_source_disable_unref(c->hello_timer);
	if (r < 0 && !c->dead) {
		if (!err.status)
			dcp_error_set(&err, r, DCP_REASON_INTERNAL, 0, "%s: %s",
				      op_name(req.hdr.opcode), strerror(-r));
		if (err.flags & DCP_ERROR_FATAL) {
			protocol_violation(c, req.hdr.serial, &err);
			return false;
		}
		log_ratelimited(&c->log_rl, LOG_INFO, "%s: %s refused: %s", c->label,
				op_name(req.hdr.opcode), err.text);
		dcd_client_send_error(c, req.hdr.serial, &err);
	}
	return r == 0 && req.hdr.opcode == DCP_REQ_FLIP;
}

/* A message past a receive limit (its size, or its file descriptors) ends the client. */
static void receive_limit_violation(struct dcd_client *c, int r)
{
	const struct dci_limits *lim = &c->dcd->config.limits;
	struct dcp_error err;

	if (r == -EMSGSIZE)
		dcp_error_set(&err, -EMSGSIZE, DCP_REASON_PROTOCOL, DCP_ERROR_FATAL,
			      "message larger than the limit of %u bytes", lim->max_message_size);
	else
		dcp_error_set(&err, -EPROTO, DCP_REASON_PROTOCOL, DCP_ERROR_FATAL,
			      "more than %u file descriptors on one message", lim->max_fds);
	protocol_violation(c, 0, &err);
}

/*
 * Receives and handles one request: 1 when it was a FLIP the engine took,
 * 0 for anything else, -EAGAIN when nothing waits, or another -errno once
 * the client is dropped.
 */
static int read_one(struct dcd_client *c)
{
	const uint8_t *data;
	size_t len;
	unsigned nfds;
	int r = dci_conn_recv(c->conn, &data, &len, &nfds);

	if (r == -EAGAIN)
		return r;
	if (r == -ECONNRESET) {
		dcd_client_kill(c, NULL);
		return r;
	}
	if (r == -EMSGSIZE || r == -ETOOMANYREFS) {
		receive_limit_violation(c, r);
		return r;
	}
	if (r < 0) {
		char why[64];

		snprintf(why, sizeof(why), "receive failed: %s", strerror(-r));
		dcd_client_kill(c, why);
		return r;
	}
	return handle_message(c, data, len, nfds) ? 1 : 0;
}

static void read_requests(struct dcd_client *c)
{
	uint64_t until = dcd_now_ns() + MAX_BURST_NS;

	for (unsigned n = 0; n < MAX_REQUESTS_PER_WAKEUP && !c->dead && !c->wait.active; n++) {
		if (n && dcd_now_ns() >= until)
			return;
		/*
		 * A FLIP ends the burst: its FLIP_DONE comes from the engine's
		 * interrupt, which the loop serves before clients, and the
		 * client usually waits for it, so reading on would mostly cost
		 * a recvmsg that finds nothing (docs/daemon.md, flip_rtt). The
		 * socket stays readable if more is queued; the loop comes back.
		 */
		if (read_one(c) != 0)
			return;
	}
}

void dcd_client_serve_flip(struct dcd_client *c, uint32_t link)
{
	/* a FLIP is far smaller; anything longer is something else */
	uint8_t head[DCP_HEADER_SIZE + 64];
	struct dcp_request req;
	struct dcp_error err;
	ssize_t n;

	if (c->dead || c->wait.active || !c->hello_done)
		return;
	/* MSG_TRUNC: the message's whole length, however much was copied */
	n = recv(dci_conn_fd(c->conn), head, sizeof(head), MSG_PEEK | MSG_DONTWAIT | MSG_TRUNC);
	if (n <= 0 || (size_t)n > sizeof(head))
		return;
	if (dcp_decode_request(head, (size_t)n, 0, &req, &err) < 0 ||
	    req.hdr.opcode != DCP_REQ_FLIP || req.flip.link != link)
		return;
	read_one(c);
}

static int on_client_io(sd_event_source *s, int fd, uint32_t revents, void *data)
{
	struct dcd_client *c = data;
	struct dcd *dcd = c->dcd;

	if (revents & EPOLLOUT) {
		int r = dci_conn_flush(c->conn);

		if (r == 0) {
			want_write(c);
			if (c->vblank_held)
				dcd_vblank_flush_held(c);
		} else if (r != -EAGAIN) {
			dcd_client_kill(c, NULL);
		}
	}
	if (revents & EPOLLIN)
		read_requests(c);
	else if (revents & (EPOLLHUP | EPOLLERR))
		dcd_client_kill(c, NULL);
	dcd_process(dcd);
	return 0;
}

/*
 * SO_PEERGROUPS: every supplementary group the peer had at connect(),
 * however many (up to NGROUPS_MAX, 65536): a list cut short could drop the
 * very group that makes the peer an admin. The kernel answers ERANGE with
 * the length it needs. 0 with *groups malloc'd, or -errno.
 */
static int peer_groups(int fd, gid_t **groups, size_t *n)
{
	socklen_t len = 64 * sizeof(gid_t);

	for (;;) {
		socklen_t got = len;
		gid_t *g = malloc(len ? len : sizeof(gid_t));

		if (!g)
			return -ENOMEM;
		if (getsockopt(fd, SOL_SOCKET, SO_PEERGROUPS, g, &got) == 0) {
			*groups = g;
			*n = got / sizeof(gid_t);
			return 0;
		}
		free(g);
		if (errno != ERANGE || got <= len)
			return errno == ERANGE ? -EIO : -errno;
		len = got;
	}
}

/* A connection that sent no HELLO in time holds a slot for nothing. */
static int on_hello_deadline(sd_event_source *s, uint64_t usec, void *data)
{
	struct dcd_client *c = data;
	char why[96];

	snprintf(why, sizeof(why), "no HELLO within %u ms (limit handshake_timeout_ms)",
		 c->dcd->config.handshake_timeout_ms);
	dcd_client_kill(c, why);
	dcd_process(c->dcd);
	return 0;
}

/* Connections of uid, HELLO sent or not: a slot is taken at accept. */
static unsigned clients_of_uid(const struct dcd *dcd, uid_t uid)
{
	unsigned n = 0;

	for (const struct dcd_client *c = dcd->clients; c; c = c->next)
		n += !c->dead && c->cred.uid == uid;
	return n;
}

/* The connection's slot: max_clients in all, max_clients_per_uid for one uid. */
static int check_slots(struct dcd *dcd, int fd)
{
	struct ucred cred;
	socklen_t len = sizeof(cred);
	unsigned mine;

	if (dcd->client_count >= dcd->config.max_clients) {
		log_ratelimited(&dcd->accept_rl, LOG_WARNING,
				"connection refused: %u clients already (limit max_clients)",
				dcd->client_count);
		return -EMFILE;
	}
	if (getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &cred, &len) < 0)
		return -errno;
	mine = clients_of_uid(dcd, cred.uid);
	if (mine >= dcd->config.max_clients_per_uid) {
		log_ratelimited(&dcd->accept_rl, LOG_WARNING,
				"connection of uid %u (pid %d) refused: it has %u connections of "
				"its %u (limit max_clients_per_uid)",
				(unsigned)cred.uid, (int)cred.pid, mine,
				dcd->config.max_clients_per_uid);
		return -EMFILE;
	}
	return 0;
}

int dcd_client_accept(struct dcd *dcd, int fd)
{
	gid_t *groups = NULL;
	struct dcd_client *c;
	size_t ngroups = 0;
	int r;

	r = check_slots(dcd, fd);
	if (r < 0) {
		close(fd);
		return r;
	}
	c = calloc(1, sizeof(*c));
	if (!c) {
		close(fd);
		return -ENOMEM;
	}
	c->dcd = dcd;
	c->log_rl = DCD_RATELIMIT_INIT(5000, 10);
	r = dci_conn_new(fd, &dcd->config.limits, &c->conn);
	if (r < 0) {
		log_warning("connection refused: %s", strerror(-r));
		close(fd);
		free(c);
		return r;
	}
	c->cred = *dci_conn_cred(c->conn);
	r = peer_groups(fd, &groups, &ngroups);
	if (r < 0) {
		log_warning("connection of uid %u refused: its groups: %s", (unsigned)c->cred.uid,
			    strerror(-r));
		dci_conn_destroy(c->conn);
		free(c);
		return r;
	}
	/* The same rule as D-Bus (dcd_who_matches): uid and supplementary groups. */
	c->admin = c->cred.uid == 0 ||
		   dcd_who_matches(&dcd->config.admin, c->cred.uid, groups, ngroups);
	c->may_lease = c->cred.uid == 0 ||
		       dcd_who_matches(&dcd->config.lease, c->cred.uid, groups, ngroups);
	/* a DRM fd of one's own bypasses dcd: root and admins unless configured */
	c->may_kms_lease =
		c->admin || dcd_who_matches(&dcd->config.kms_lease, c->cred.uid, groups, ngroups);
	free(groups);
	r = sd_event_add_io(dcd->event, &c->io, fd, EPOLLIN, on_client_io, c);
	if (r < 0) {
		log_warning("connection refused: event loop: %s", strerror(-r));
		dci_conn_destroy(c->conn);
		free(c);
		return r;
	}
	r = sd_event_add_time_relative(dcd->event, &c->hello_timer, CLOCK_MONOTONIC,
				       (uint64_t)dcd->config.handshake_timeout_ms * 1000, 1000,
				       on_hello_deadline, c);
	if (r < 0) {
		log_warning("connection refused: event loop: %s", strerror(-r));
		sd_event_source_disable_unref(c->io);
		dci_conn_destroy(c->conn);
		free(c);
		return r;
	}
	c->id = dcd->next_client_id++;
	snprintf(c->label, sizeof(c->label), "client %u (pid %d, uid %u)", c->id, (int)c->cred.pid,
		 (unsigned)c->cred.uid);
	c->next = dcd->clients;
	dcd->clients = c;
	dcd->client_count++;
	log_info("%s: connected%s%s%s", c->label, c->admin ? ", admin" : "",
		 c->may_lease ? ", may lease" : "",
		 c->may_kms_lease ? ", may hold KMS leases" : "");
	return 0;
}
