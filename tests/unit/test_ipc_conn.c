/*
 * The connection object over socketpair(SOCK_SEQPACKET): credentials,
 * receiving with descriptors (taken or closed), the outgoing queue when
 * the peer does not read (order kept, descriptors kept, EAGAIN until it
 * drains), the byte limit that breaks a connection whose client never
 * reads, and the sticky errors.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "dcd_ipc.h"
#include "ipc_fds.h"
#include "protocol_samples.h"

/* A connection on one end of a fresh pair; *peer is the other end. */
static struct dci_conn *conn_pair(int *peer, const struct dci_limits *lim)
{
	struct dci_conn *c;
	int sv[2];

	seqpacket_pair(sv, true);
	assert_int_equal(dci_conn_new(sv[0], lim, &c), 0);
	*peer = sv[1];
	return c;
}

static void credentials_of_the_peer(void **state)
{
	int peer;
	struct dci_conn *c = conn_pair(&peer, NULL);
	const struct ucred *cred = dci_conn_cred(c);

	assert_int_equal(cred->pid, getpid());
	assert_int_equal(cred->uid, geteuid());
	assert_int_equal(cred->gid, getegid());
	dci_conn_destroy(c);
	close(peer);
	dci_conn_destroy(NULL);
	(void)state;
}

static void receive_with_fds_taken_or_closed(void **state)
{
	struct dci_limits lim = { 1024, 2, 4096 };
	int before = open_fd_count(), peer, fds[2], kept;
	struct dci_conn *c = conn_pair(&peer, &lim);
	const uint8_t *data;
	unsigned nfds;
	size_t len;

	assert_int_equal(dci_conn_recv(c, &data, &len, &nfds), -EAGAIN);
	fds[0] = tagged_fd('k');
	fds[1] = tagged_fd('d');
	assert_int_equal(dci_msg_send(peer, "fb", 2, fds, 2), 2);
	close(fds[0]);
	close(fds[1]);
	assert_int_equal(dci_conn_recv(c, &data, &len, &nfds), 0);
	assert_int_equal(len, 2);
	assert_memory_equal(data, "fb", 2);
	assert_int_equal(nfds, 2);
	kept = dci_conn_take_fd(c, 0);
	assert_true(kept >= 0);
	assert_int_equal(dci_conn_take_fd(c, 0), -EBADF); /* already taken */
	assert_int_equal(dci_conn_take_fd(c, 2), -EBADF);
	/* the next message closes the fd nobody took, not the taken one */
	assert_int_equal(dci_msg_send(peer, "x", 1, NULL, 0), 1);
	assert_int_equal(dci_conn_recv(c, &data, &len, &nfds), 0);
	assert_int_equal(nfds, 0);
	assert_int_equal(read_tag(kept), 'k');
	close(kept);
	/* an unread fd at destroy is closed too */
	fds[0] = tagged_fd('u');
	assert_int_equal(dci_msg_send(peer, "y", 1, fds, 1), 1);
	close(fds[0]);
	assert_int_equal(dci_conn_recv(c, &data, &len, &nfds), 0);
	dci_conn_destroy(c);
	close(peer);
	assert_int_equal(open_fd_count(), before);
	(void)state;
}

static void violations_on_receive(void **state)
{
	struct dci_limits lim = { 64, 1, 4096 };
	int peer, fds[2];
	struct dci_conn *c = conn_pair(&peer, &lim);
	uint8_t big[65] = { 0 };
	const uint8_t *data;
	unsigned nfds;
	size_t len;

	assert_int_equal(dci_msg_send(peer, big, sizeof(big), NULL, 0), (ssize_t)sizeof(big));
	assert_int_equal(dci_conn_recv(c, &data, &len, &nfds), -EMSGSIZE);
	fds[0] = tagged_fd('a');
	fds[1] = tagged_fd('b');
	assert_int_equal(dci_msg_send(peer, "x", 1, fds, 2), 1);
	close(fds[0]);
	close(fds[1]);
	assert_int_equal(dci_conn_recv(c, &data, &len, &nfds), -ETOOMANYREFS);
	close(peer);
	assert_int_equal(dci_conn_recv(c, &data, &len, &nfds), -ECONNRESET);
	dci_conn_destroy(c);
	(void)state;
}

static void bad_limits(void **state)
{
	struct dci_limits small = { DCP_HEADER_SIZE - 1, 1, 4096 };
	struct dci_limits big = { DCP_MAX_MESSAGE_SIZE + 1, 1, 4096 };
	struct dci_limits fds = { 1024, DCP_MAX_FDS + 1, 4096 };
	struct dci_conn *c;
	int sv[2], pipe_fd = tagged_fd('p');

	seqpacket_pair(sv, true);
	assert_int_equal(dci_conn_new(sv[0], &small, &c), -EINVAL);
	assert_int_equal(dci_conn_new(sv[0], &big, &c), -EINVAL);
	assert_int_equal(dci_conn_new(sv[0], &fds, &c), -EINVAL);
	/* not a socket: no credentials */
	assert_int_equal(dci_conn_new(pipe_fd, NULL, &c), -ENOTSOCK);
	close(pipe_fd);
	close(sv[0]);
	close(sv[1]);
	(void)state;
}

/* A 1 KiB message carrying a sequence number. */
static void numbered(uint8_t *msg, uint32_t seq)
{
	memset(msg, (int)(seq & 0xff), 1024);
	memcpy(msg, &seq, sizeof(seq));
}

static void client_that_never_reads_is_cut_off(void **state)
{
	struct dci_limits lim = { 1024, 1, 64 * 1024 };
	int peer;
	struct dci_conn *c = conn_pair(&peer, &lim);
	uint8_t msg[1024];
	uint32_t sent = 0;
	int ret = 0;

	/* the socket's own buffer fills first, then our queue, then the limit */
	while (sent < 100000) {
		numbered(msg, sent);
		ret = dci_conn_send(c, msg, sizeof(msg), NULL, 0);
		if (ret)
			break;
		sent++;
	}
	assert_int_equal(ret, -ENOBUFS);
	assert_true(dci_conn_queued_bytes(c) > 0);
	assert_true(dci_conn_queued_bytes(c) <= lim.max_queued_bytes);
	assert_true(dci_conn_queued_bytes(c) + sizeof(msg) > lim.max_queued_bytes);
	/* broken for good: sends and flushes keep saying so, memory stays bounded */
	assert_int_equal(dci_conn_send(c, msg, 1, NULL, 0), -ENOBUFS);
	assert_int_equal(dci_conn_flush(c), -ENOBUFS);
	assert_true(dci_conn_queued_bytes(c) <= lim.max_queued_bytes);
	dci_conn_destroy(c);
	close(peer);
	(void)state;
}

static void queue_keeps_order_and_fds(void **state)
{
	struct dci_limits lim = { 2048, 1, 1024 * 1024 };
	int peer, fd, got_fd[DCP_MAX_FDS];
	struct dci_conn *c = conn_pair(&peer, &lim);
	uint8_t msg[1024], in[2048];
	uint32_t sent = 0, next = 0, tagged_at;
	bool saw_tag = false;
	unsigned n;
	ssize_t len;

	/* fill until messages queue up: the socket says EAGAIN */
	while (dci_conn_queued_bytes(c) == 0) {
		numbered(msg, sent++);
		assert_int_equal(dci_conn_send(c, msg, sizeof(msg), NULL, 0), 0);
	}
	assert_int_equal(dci_conn_flush(c), -EAGAIN);
	/* a message with a descriptor waits in the queue; the caller closes its copy */
	tagged_at = sent;
	numbered(msg, sent++);
	fd = tagged_fd('t');
	assert_int_equal(dci_conn_send(c, msg, sizeof(msg), &fd, 1), 0);
	close(fd);
	for (int i = 0; i < 10; i++) {
		numbered(msg, sent++);
		assert_int_equal(dci_conn_send(c, msg, sizeof(msg), NULL, 0), 0);
	}
	/* the peer drains, the daemon flushes as it goes: every message once, in order */
	while (next < sent) {
		uint32_t seq;
		int ret;

		len = dci_msg_recv(peer, in, sizeof(in), got_fd, 1, &n);
		if (len == -EAGAIN) {
			ret = dci_conn_flush(c);
			assert_true(ret == 0 || ret == -EAGAIN);
			continue;
		}
		assert_int_equal(len, 1024);
		memcpy(&seq, in, sizeof(seq));
		assert_int_equal(seq, next);
		if (seq == tagged_at) {
			assert_int_equal(n, 1);
			assert_int_equal(read_tag(got_fd[0]), 't');
			close(got_fd[0]);
			saw_tag = true;
		} else {
			assert_int_equal(n, 0);
		}
		next++;
	}
	assert_int_equal(dci_msg_recv(peer, in, sizeof(in), got_fd, 1, &n), -EAGAIN);
	assert_int_equal(next, sent);
	assert_true(saw_tag);
	assert_int_equal(dci_conn_queued_bytes(c), 0);
	assert_int_equal(dci_conn_flush(c), 0);
	dci_conn_destroy(c);
	close(peer);
	(void)state;
}

static void destroy_closes_queued_fds(void **state)
{
	int before = open_fd_count(), peer, fd;
	struct dci_conn *c = conn_pair(&peer, NULL);
	uint8_t msg[1024] = { 0 };

	while (dci_conn_queued_bytes(c) == 0)
		assert_int_equal(dci_conn_send(c, msg, sizeof(msg), NULL, 0), 0);
	fd = tagged_fd('x');
	assert_int_equal(dci_conn_send(c, msg, sizeof(msg), &fd, 1), 0);
	close(fd);
	dci_conn_destroy(c);
	close(peer);
	assert_int_equal(open_fd_count(), before);
	(void)state;
}

static void vanished_peer_is_sticky(void **state)
{
	int peer;
	struct dci_conn *c = conn_pair(&peer, NULL);

	close(peer);
	assert_int_equal(dci_conn_send(c, "abc", 3, NULL, 0), -EPIPE);
	assert_int_equal(dci_conn_send(c, "abc", 3, NULL, 0), -EPIPE);
	assert_int_equal(dci_conn_flush(c), -EPIPE);
	dci_conn_destroy(c);
	(void)state;
}

static void send_msg_encodes_large_messages(void **state)
{
	static struct dcp_link_info li;
	static struct dcp_server_msg dec;
	static uint8_t in[DCP_MAX_MESSAGE_SIZE];
	struct dcp_header hdr = { .opcode = DCP_REPLY_LINK_INFO, .serial = 3 };
	struct dcp_header bad = { .opcode = DCP_REPLY_OK, .serial = 0 };
	int peer, fds[DCP_MAX_FDS];
	struct dci_conn *c = conn_pair(&peer, NULL);
	struct dcp_error err;
	unsigned n;
	ssize_t len;

	/* 300 modes: far beyond the stack buffer */
	sample_link_info(&li, 2, 300);
	assert_int_equal(dci_conn_send_msg(c, &hdr, &li, &err), 0);
	len = dci_msg_recv(peer, in, sizeof(in), fds, 1, &n);
	assert_true(len > 12000);
	assert_int_equal(dcp_decode_server(in, (size_t)len, n, &dec, &err), 0);
	assert_memory_equal(&dec.link_info, &li, sizeof(li));
	/* an encoding error is the caller's bug, not the connection's */
	assert_int_equal(dci_conn_send_msg(c, &bad, NULL, &err), -EPROTO);
	assert_int_equal(
		dci_conn_send_msg(c, &(struct dcp_header){ .opcode = DCP_REPLY_OK, .serial = 4 },
				  NULL, &err),
		0);
	assert_int_equal(dci_msg_recv(peer, in, sizeof(in), fds, 1, &n), 12);
	dci_conn_destroy(c);
	close(peer);
	(void)state;
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(credentials_of_the_peer),
		cmocka_unit_test(receive_with_fds_taken_or_closed),
		cmocka_unit_test(violations_on_receive),
		cmocka_unit_test(bad_limits),
		cmocka_unit_test(client_that_never_reads_is_cut_off),
		cmocka_unit_test(queue_keeps_order_and_fds),
		cmocka_unit_test(destroy_closes_queued_fds),
		cmocka_unit_test(vanished_peer_is_sticky),
		cmocka_unit_test(send_msg_encodes_large_messages),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
