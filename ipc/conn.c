/*
 * A client connection: receive with descriptors, send with an ordered
 * outgoing queue bounded in bytes, so a client that stops reading costs
 * the daemon at most max_queued_bytes before it is disconnected.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "dcd_ipc.h"

/* One message that the socket did not take yet. */
struct dci_out {
	struct dci_out *next;
	size_t len;
	unsigned nfds;
	int fds[DCP_MAX_FDS];
	uint8_t data[];
};

struct dci_conn {
	int fd;
	struct ucred cred;
	struct dci_limits limits;
	int broken; /* sticky -errno once output can no longer be delivered */

	uint8_t *in;
	int in_fds[DCP_MAX_FDS];
	unsigned in_nfds;

	struct dci_out *head, **tail;
	size_t queued_bytes;
};

/* Bytes dci_conn_send_msg encodes into without allocating. */
#define SEND_STACK_BUF 4096

int dci_conn_new(int fd, const struct dci_limits *limits, struct dci_conn **out)
{
	struct dci_limits lim = limits ? *limits : DCI_LIMITS_DEFAULT;
	struct dci_conn *c;
	int ret;

	if (lim.max_message_size < DCP_HEADER_SIZE || lim.max_message_size > DCP_MAX_MESSAGE_SIZE ||
	    lim.max_fds > DCP_MAX_FDS)
		return -EINVAL;
	c = calloc(1, sizeof(*c));
	if (!c)
		return -ENOMEM;
	c->in = malloc(lim.max_message_size);
	if (!c->in) {
		free(c);
		return -ENOMEM;
	}
	ret = dci_peer_cred(fd, &c->cred);
	if (ret) {
		free(c->in);
		free(c);
		return ret;
	}
	c->fd = fd;
	c->limits = lim;
	c->tail = &c->head;
	*out = c;
	return 0;
}

static void close_in_fds(struct dci_conn *c)
{
	for (unsigned i = 0; i < c->in_nfds; i++) {
		if (c->in_fds[i] >= 0)
			close(c->in_fds[i]);
	}
	c->in_nfds = 0;
}

static void free_out(struct dci_out *o)
{
	for (unsigned i = 0; i < o->nfds; i++)
		close(o->fds[i]);
	free(o);
}

void dci_conn_destroy(struct dci_conn *c)
{
	struct dci_out *o, *next;

	if (!c)
		return;
	close_in_fds(c);
	for (o = c->head; o; o = next) {
		next = o->next;
		free_out(o);
	}
	close(c->fd);
	free(c->in);
	free(c);
}

int dci_conn_fd(const struct dci_conn *c)
{
	return c->fd;
}

const struct ucred *dci_conn_cred(const struct dci_conn *c)
{
	return &c->cred;
}

int dci_conn_recv(struct dci_conn *c, const uint8_t **data, size_t *len, unsigned *nfds)
{
	ssize_t n;

	close_in_fds(c);
	n = dci_msg_recv(c->fd, c->in, c->limits.max_message_size, c->in_fds, c->limits.max_fds,
			 &c->in_nfds);
	if (n < 0)
		return (int)n;
	if (n == 0)
		return -ECONNRESET;
	*data = c->in;
	*len = (size_t)n;
	*nfds = c->in_nfds;
	return 0;
}

int dci_conn_take_fd(struct dci_conn *c, unsigned i)
{
	int fd;

	if (i >= c->in_nfds || c->in_fds[i] < 0)
		return -EBADF;
	fd = c->in_fds[i];
	c->in_fds[i] = -1;
	return fd;
}

static int queue(struct dci_conn *c, const void *data, size_t len, const int *fds, unsigned nfds)
{
	struct dci_out *o;

	if (c->queued_bytes + len > c->limits.max_queued_bytes)
		return c->broken = -ENOBUFS;
	o = malloc(sizeof(*o) + len);
	if (!o)
		return c->broken = -ENOMEM;
	o->next = NULL;
	o->len = len;
	o->nfds = 0;
	for (unsigned i = 0; i < nfds; i++) {
		int dup = fcntl(fds[i], F_DUPFD_CLOEXEC, 0);

		if (dup < 0) {
			c->broken = -errno;
			free_out(o);
			return c->broken;
		}
		o->fds[o->nfds++] = dup;
	}
	memcpy(o->data, data, len);
	*c->tail = o;
	c->tail = &o->next;
	c->queued_bytes += len;
	return 0;
}

int dci_conn_send(struct dci_conn *c, const void *data, size_t len, const int *fds, unsigned nfds)
{
	ssize_t n;

	if (c->broken)
		return c->broken;
	if (len > DCP_MAX_MESSAGE_SIZE || nfds > DCP_MAX_FDS)
		return -EINVAL;
	/* Behind queued messages, a new one must wait its turn. */
	if (c->head)
		return queue(c, data, len, fds, nfds);
	n = dci_msg_send(c->fd, data, len, fds, nfds);
	if (n >= 0)
		return 0;
	if (n == -EAGAIN)
		return queue(c, data, len, fds, nfds);
	return c->broken = (int)n;
}

int dci_conn_send_msg(struct dci_conn *c, const struct dcp_header *hdr, const void *body,
		      struct dcp_error *err)
{
	uint8_t stack[SEND_STACK_BUF];
	uint8_t *buf = stack;
	size_t len;
	int ret;

	ret = dcp_encode(stack, sizeof(stack), hdr, body, &len, err);
	if (ret == -ENOBUFS) {
		buf = malloc(len);
		if (!buf)
			return -ENOMEM;
		ret = dcp_encode(buf, len, hdr, body, &len, err);
	}
	if (!ret)
		ret = dci_conn_send(c, buf, len, NULL, 0);
	if (buf != stack)
		free(buf);
	return ret;
}

int dci_conn_flush(struct dci_conn *c)
{
	while (c->head) {
		struct dci_out *o = c->head;
		ssize_t n;

		if (c->broken)
			return c->broken;
		n = dci_msg_send(c->fd, o->data, o->len, o->fds, o->nfds);
		if (n == -EAGAIN)
			return -EAGAIN;
		if (n < 0)
			return c->broken = (int)n;
		c->head = o->next;
		if (!c->head)
			c->tail = &c->head;
		c->queued_bytes -= o->len;
		free_out(o);
	}
	return c->broken;
}

size_t dci_conn_queued_bytes(const struct dci_conn *c)
{
	return c->queued_bytes;
}
