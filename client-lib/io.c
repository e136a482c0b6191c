/*
 * Moving messages: encoding and sending requests (with a queue for what
 * the socket does not take yet), receiving datagrams, the table of
 * requests waiting for an answer, and the blocking wait behind every
 * blocking call.
 */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <time.h>
#include <unistd.h>

#include "client_internal.h"
#include "msgio.h"

int dcc_epoll_set(struct dcc_client *c, int fd, enum dcc_source src, uint32_t events, bool add)
{
	struct epoll_event ev = { .events = events, .data.u32 = src };

	if (epoll_ctl(c->epfd, add ? EPOLL_CTL_ADD : EPOLL_CTL_MOD, fd, &ev) < 0)
		return -errno;
	return 0;
}

/* Wait for EPOLLOUT only while something is queued, else the fd would spin. */
static void watch_output(struct dcc_client *c, bool on)
{
	if (c->sock >= 0)
		dcc_epoll_set(c, c->sock, DCC_SRC_SOCKET, EPOLLIN | (on ? EPOLLOUT : 0), false);
}

/* The peer is gone while sending: read what it said last (its fatal ERROR). */
static void send_failed(struct dcc_client *c, int status)
{
	dcc_read_messages(c);
	if (c->sock >= 0)
		dcc_break(c, -ECONNRESET, "sending to dcd failed: %s", strerror(-status));
}

static int enqueue(struct dcc_client *c, const uint8_t *buf, size_t len, int fd)
{
	struct dcc_outmsg *m;

	if (c->out_bytes + len > DCC_MAX_QUEUED_BYTES)
		return dcc_fail(c, -ENOBUFS, "%zu bytes of requests wait for dcd to read them",
				c->out_bytes);
	m = malloc(sizeof(*m) + len);
	if (!m)
		return dcc_fail(c, -ENOMEM, "out of memory queueing a request");
	m->next = NULL;
	m->len = len;
	m->fd = -1;
	memcpy(m->data, buf, len);
	if (fd >= 0) {
		m->fd = fcntl(fd, F_DUPFD_CLOEXEC, 0);
		if (m->fd < 0) {
			int ret = -errno;

			free(m);
			return dcc_fail(c, ret, "dup: %s", strerror(-ret));
		}
	}
	if (!c->out_head)
		watch_output(c, true);
	*c->out_tail = m;
	c->out_tail = &m->next;
	c->out_bytes += len;
	return 0;
}

int dcc_send(struct dcc_client *c, uint16_t opcode, uint16_t flags, const void *body, int fd,
	     uint32_t *serial)
{
	uint8_t buf[DCP_DEFAULT_MAX_REQUEST_SIZE];
	struct dcp_header hdr = { .opcode = opcode, .flags = flags };
	struct dcp_error err;
	size_t len;
	ssize_t n;
	int ret;

	if (c->sock < 0)
		return dcc_fail(c, -ENOTCONN, "%s",
				c->broken_text[0] ? c->broken_text : "not connected to dcd");
	hdr.serial = c->next_serial++;
	if (c->next_serial == 0)
		c->next_serial = 1;
	ret = dcp_encode(buf, sizeof(buf), &hdr, body, &len, &err);
	if (ret)
		return dcc_fail(c, ret, "%s", err.text);
	if (c->welcome.max_request_size && len > c->welcome.max_request_size)
		return dcc_fail(c, -EMSGSIZE, "%s: %zu bytes, dcd takes at most %u",
				dcp_opcode_name(opcode), len, c->welcome.max_request_size);
	if (serial)
		*serial = hdr.serial;
	if (c->out_head)
		return enqueue(c, buf, len, fd);
	n = dci_msg_send(c->sock, buf, len, fd >= 0 ? &fd : NULL, fd >= 0 ? 1 : 0);
	if (n == -EAGAIN)
		return enqueue(c, buf, len, fd);
	if (n < 0) {
		send_failed(c, (int)n);
		return dcc_fail(c, -ENOTCONN, "%s", c->broken_text);
	}
	return 0;
}

int dcc_flush_queue(struct dcc_client *c)
{
	while (c->out_head) {
		struct dcc_outmsg *m = c->out_head;
		ssize_t n;

		if (c->sock < 0)
			return -ENOTCONN;
		n = dci_msg_send(c->sock, m->data, m->len, m->fd >= 0 ? &m->fd : NULL,
				 m->fd >= 0 ? 1 : 0);
		if (n == -EAGAIN)
			return -EAGAIN;
		if (n < 0) {
			send_failed(c, (int)n);
			return -ENOTCONN;
		}
		c->out_head = m->next;
		if (!c->out_head)
			c->out_tail = &c->out_head;
		c->out_bytes -= m->len;
		if (m->fd >= 0)
			close(m->fd);
		free(m);
	}
	watch_output(c, false);
	return 0;
}

void dcc_drop_queue(struct dcc_client *c)
{
	while (c->out_head) {
		struct dcc_outmsg *m = c->out_head;

		c->out_head = m->next;
		if (m->fd >= 0)
			close(m->fd);
		free(m);
	}
	c->out_tail = &c->out_head;
	c->out_bytes = 0;
}

DCC_EXPORT int dcc_flush(struct dcc_client *c)
{
	int ret = dcc_check_connected(c);

	return ret ? ret : dcc_flush_queue(c);
}

/* Reads every datagram waiting; 0, or -ENOTCONN once the connection broke. */
int dcc_read_messages(struct dcc_client *c)
{
	for (;;) {
		int fds[DCP_MAX_FDS];
		unsigned nfds;
		ssize_t n;

		if (c->sock < 0)
			return -ENOTCONN;
		n = dci_msg_recv(c->sock, c->rbuf, DCP_MAX_MESSAGE_SIZE, fds, DCP_MAX_FDS, &nfds);
		if (n == -EAGAIN)
			return 0;
		if (n == 0) {
			dcc_break(c, -ECONNRESET, "dcd closed the connection");
			return -ENOTCONN;
		}
		if (n == -EMSGSIZE || n == -ETOOMANYREFS) {
			dcc_break(c, -EPROTO, "dcd sent a message %s",
				  n == -EMSGSIZE ? "larger than 65536 bytes"
						 : "with more than 4 file descriptors");
			return -ENOTCONN;
		}
		if (n < 0) {
			dcc_break(c, -ECONNRESET, "receiving from dcd failed: %s",
				  strerror((int)-n));
			return -ENOTCONN;
		}
		/* KMS_LEASE_GRANTED's and FB_ALLOCATED's handler takes its fd; others are closed */
		memcpy(c->rx_fds, fds, nfds * sizeof(fds[0]));
		c->rx_nfds = nfds;
		dcc_handle_message(c, c->rbuf, (size_t)n, nfds);
		for (unsigned i = 0; i < nfds; i++) {
			if (c->rx_fds[i] >= 0)
				close(c->rx_fds[i]);
		}
		c->rx_nfds = 0;
	}
}

struct dcc_pending *dcc_pending_add(struct dcc_client *c, uint32_t serial, uint16_t opcode,
				    enum dcc_pending_kind kind)
{
	struct dcc_pending *p;

	if (c->pending_count == c->pending_cap) {
		unsigned cap = c->pending_cap ? c->pending_cap * 2 : 16;
		struct dcc_pending *n = realloc(c->pending, cap * sizeof(*n));

		if (!n)
			return NULL;
		c->pending = n;
		c->pending_cap = cap;
	}
	p = &c->pending[c->pending_count++];
	memset(p, 0, sizeof(*p));
	p->serial = serial;
	p->opcode = opcode;
	p->kind = kind;
	p->fd = -1;
	return p;
}

struct dcc_pending *dcc_send_tracked(struct dcc_client *c, uint16_t opcode, const void *body,
				     enum dcc_pending_kind kind, int *ret)
{
	uint32_t serial = c->next_serial; /* the one dcc_send gives it */
	struct dcc_pending *p;

	/* Until sent a plain WAIT entry: a connection lost while sending
	 * fails it without a callback, and the caller gets the error. */
	if (!dcc_pending_add(c, serial, opcode, DCC_PENDING_WAIT)) {
		*ret = dcc_fail(c, -ENOMEM, "out of memory");
		return NULL;
	}
	*ret = dcc_send(c, opcode, 0, body, -1, NULL);
	p = dcc_pending_find(c, serial); /* sending may have reordered the table */
	if (*ret || !p) {
		if (p)
			dcc_pending_remove(c, p);
		if (!*ret)
			*ret = dcc_fail(c, -EIO, "lost track of request %u", serial);
		return NULL;
	}
	p->kind = kind;
	return p;
}

struct dcc_pending *dcc_pending_find(struct dcc_client *c, uint32_t serial)
{
	for (unsigned i = 0; i < c->pending_count; i++) {
		if (c->pending[i].serial == serial)
			return &c->pending[i];
	}
	return NULL;
}

void dcc_pending_remove(struct dcc_client *c, struct dcc_pending *p)
{
	if (p->fd >= 0)
		close(p->fd); /* an answer nobody waits for any more */
	free(p->saved);
	*p = c->pending[--c->pending_count];
}

static int64_t now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/*
 * Reads until the request of serial is answered (or the connection
 * breaks, or DCC_REPLY_TIMEOUT_MS pass); copies its entry into *result and
 * removes it. Events read meanwhile are queued, not delivered.
 */
int dcc_wait(struct dcc_client *c, uint32_t serial, struct dcc_pending *result)
{
	int64_t deadline = now_ms() + DCC_REPLY_TIMEOUT_MS;

	for (;;) {
		struct dcc_pending *p = dcc_pending_find(c, serial);
		struct pollfd pfd;
		int64_t left;
		int n;

		if (!p)
			return dcc_fail(c, -ENOTCONN, "%s", c->broken_text);
		if (p->done) {
			*result = *p;
			result->saved = NULL;
			p->fd = -1; /* the caller's now */
			dcc_pending_remove(c, p);
			return 0;
		}
		if (c->out_head)
			dcc_flush_queue(c);
		left = deadline - now_ms();
		if (left <= 0) {
			uint16_t op = p->opcode;

			dcc_pending_remove(c, p);
			return dcc_fail(c, -ETIMEDOUT, "dcd did not answer %s within %d s",
					dcp_opcode_name(op), DCC_REPLY_TIMEOUT_MS / 1000);
		}
		if (c->sock < 0) {
			dcc_pending_remove(c, p);
			return dcc_fail(c, -ENOTCONN, "%s", c->broken_text);
		}
		pfd.fd = c->sock;
		pfd.events = POLLIN | (c->out_head ? POLLOUT : 0);
		n = poll(&pfd, 1, (int)left);
		if (n < 0 && errno != EINTR)
			return dcc_fail(c, -errno, "poll: %s", strerror(errno));
		if (n > 0)
			dcc_read_messages(c);
	}
}

/* Sends a request and waits for its answer: 0 with *value, or the error. */
int dcc_call_result(struct dcc_client *c, uint16_t opcode, const void *body, int fd,
		    struct dcc_pending *result)
{
	uint32_t serial;
	int ret;

	ret = dcc_send(c, opcode, 0, body, fd, &serial);
	if (ret)
		return ret;
	if (!dcc_pending_add(c, serial, opcode, DCC_PENDING_WAIT))
		return dcc_fail(c, -ENOMEM, "out of memory");
	ret = dcc_wait(c, serial, result);
	if (ret)
		return ret;
	if (result->status) {
		if (result->error.reason)
			return dcc_fail_server(c, &result->error);
		return dcc_fail(c, result->status, "%s", result->error.text);
	}
	return 0;
}

int dcc_call(struct dcc_client *c, uint16_t opcode, const void *body, int fd, uint32_t *value)
{
	struct dcc_pending result;
	int ret = dcc_call_result(c, opcode, body, fd, &result);

	if (ret == 0 && value)
		*value = result.value;
	return ret;
}

DCC_EXPORT int dcc_roundtrip(struct dcc_client *c)
{
	int ret = dcc_check_connected(c);

	return ret ? ret : dcc_call(c, DCP_REQ_SYNC, NULL, -1, NULL);
}
