/*
 * dci_msg_send / dci_msg_recv over socketpair(SOCK_SEQPACKET): messages
 * and descriptors arrive intact and close-on-exec; more descriptors than
 * the receiver allows (MSG_CTRUNC) and oversized datagrams (MSG_TRUNC)
 * are reported and leave no descriptor open; EOF, EAGAIN and a vanished
 * peer are told apart, without SIGPIPE.
 */
#include <errno.h>
#include <fcntl.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "dcd_protocol.h"
#include "ipc_fds.h"
#include "msgio.h"

static void message_with_fds_arrives(void **state)
{
	int sv[2], fds[2], got[DCP_MAX_FDS];
	char buf[64];
	unsigned n;

	seqpacket_pair(sv, true);
	fds[0] = tagged_fd('a');
	fds[1] = tagged_fd('b');
	assert_int_equal(dci_msg_send(sv[0], "hello", 5, fds, 2), 5);
	close(fds[0]);
	close(fds[1]);
	assert_int_equal(dci_msg_recv(sv[1], buf, sizeof(buf), got, 2, &n), 5);
	assert_memory_equal(buf, "hello", 5);
	assert_int_equal(n, 2);
	/* the same open files, in order, close-on-exec */
	assert_int_equal(read_tag(got[0]), 'a');
	assert_int_equal(read_tag(got[1]), 'b');
	assert_true(fcntl(got[0], F_GETFD) & FD_CLOEXEC);
	close(got[0]);
	close(got[1]);
	/* and one without */
	assert_int_equal(dci_msg_send(sv[0], "x", 1, NULL, 0), 1);
	assert_int_equal(dci_msg_recv(sv[1], buf, sizeof(buf), got, 2, &n), 1);
	assert_int_equal(n, 0);
	close(sv[0]);
	close(sv[1]);
	(void)state;
}

static void too_many_fds_is_ctrunc(void **state)
{
	int sv[2], fds[3], got[DCP_MAX_FDS];
	int before = open_fd_count();
	char buf[64];
	unsigned n = 99;

	seqpacket_pair(sv, true);
	for (int i = 0; i < 3; i++)
		fds[i] = tagged_fd((char)('a' + i));
	assert_int_equal(dci_msg_send(sv[0], "abc", 3, fds, 3), 3);
	for (int i = 0; i < 3; i++)
		close(fds[i]);
	/* the receiver has room for 1: the kernel truncates the rest */
	assert_int_equal(dci_msg_recv(sv[1], buf, sizeof(buf), got, 1, &n), -ETOOMANYREFS);
	assert_int_equal(n, 0);
	/* nothing kept open: the 1 that arrived was closed */
	close(sv[0]);
	close(sv[1]);
	assert_int_equal(open_fd_count(), before);
	(void)state;
}

static void fd_where_none_are_expected(void **state)
{
	int sv[2], fd, got[DCP_MAX_FDS];
	int before = open_fd_count();
	char buf[64];
	unsigned n;

	seqpacket_pair(sv, true);
	fd = tagged_fd('z');
	assert_int_equal(dci_msg_send(sv[0], "abc", 3, &fd, 1), 3);
	close(fd);
	assert_int_equal(dci_msg_recv(sv[1], buf, sizeof(buf), got, 0, &n), -ETOOMANYREFS);
	close(sv[0]);
	close(sv[1]);
	assert_int_equal(open_fd_count(), before);
	(void)state;
}

static void oversized_datagram_is_trunc(void **state)
{
	int sv[2], fd, got[DCP_MAX_FDS];
	int before = open_fd_count();
	char big[256] = { 0 }, buf[64];
	unsigned n;

	seqpacket_pair(sv, true);
	fd = tagged_fd('q');
	assert_int_equal(dci_msg_send(sv[0], big, sizeof(big), &fd, 1), (ssize_t)sizeof(big));
	close(fd);
	assert_int_equal(dci_msg_recv(sv[1], buf, sizeof(buf), got, 1, &n), -EMSGSIZE);
	assert_int_equal(n, 0);
	/* the datagram is gone entirely; the next one is read whole */
	assert_int_equal(dci_msg_send(sv[0], "ok", 2, NULL, 0), 2);
	assert_int_equal(dci_msg_recv(sv[1], buf, sizeof(buf), got, 1, &n), 2);
	close(sv[0]);
	close(sv[1]);
	assert_int_equal(open_fd_count(), before);
	(void)state;
}

static void eof_eagain_and_epipe(void **state)
{
	int sv[2], got[DCP_MAX_FDS];
	char buf[64];
	unsigned n;

	seqpacket_pair(sv, true);
	assert_int_equal(dci_msg_recv(sv[1], buf, sizeof(buf), got, 1, &n), -EAGAIN);
	close(sv[0]);
	assert_int_equal(dci_msg_recv(sv[1], buf, sizeof(buf), got, 1, &n), 0);
	/* writing to a closed peer: an error, not SIGPIPE (which would kill the test) */
	assert_int_equal(dci_msg_send(sv[1], "x", 1, NULL, 0), -EPIPE);
	close(sv[1]);
	(void)state;
}

static void argument_limits(void **state)
{
	int sv[2], fds[DCP_MAX_FDS + 1] = { 0 }, got[DCP_MAX_FDS + 1];
	char buf[8];
	unsigned n;

	seqpacket_pair(sv, true);
	assert_int_equal(dci_msg_send(sv[0], "x", 1, fds, DCP_MAX_FDS + 1), -EINVAL);
	assert_int_equal(dci_msg_recv(sv[1], buf, sizeof(buf), got, DCP_MAX_FDS + 1, &n), -EINVAL);
	assert_int_equal(dci_msg_send(-1, "x", 1, NULL, 0), -EBADF);
	close(sv[0]);
	close(sv[1]);
	(void)state;
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(message_with_fds_arrives),
		cmocka_unit_test(too_many_fds_is_ctrunc),
		cmocka_unit_test(fd_where_none_are_expected),
		cmocka_unit_test(oversized_datagram_is_trunc),
		cmocka_unit_test(eof_eagain_and_epipe),
		cmocka_unit_test(argument_limits),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
