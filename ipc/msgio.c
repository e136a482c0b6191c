/*
 * sendmsg/recvmsg with SCM_RIGHTS for one datagram. See msgio.h.
 */
#include <errno.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "dcd_protocol.h"
#include "msgio.h"

union fd_control {
	struct cmsghdr align;
	char buf[CMSG_SPACE(sizeof(int) * DCP_MAX_FDS)];
};

ssize_t dci_msg_send(int sock, const void *buf, size_t len, const int *fds, unsigned nfds)
{
	union fd_control ctl;
	struct iovec iov = { .iov_base = (void *)buf, .iov_len = len };
	struct msghdr msg = { .msg_iov = &iov, .msg_iovlen = 1 };
	ssize_t n;

	if (nfds > DCP_MAX_FDS)
		return -EINVAL;
	if (nfds) {
		struct cmsghdr *cmsg;

		memset(&ctl, 0, sizeof(ctl));
		msg.msg_control = ctl.buf;
		msg.msg_controllen = CMSG_SPACE(sizeof(int) * nfds);
		cmsg = CMSG_FIRSTHDR(&msg);
		cmsg->cmsg_level = SOL_SOCKET;
		cmsg->cmsg_type = SCM_RIGHTS;
		cmsg->cmsg_len = CMSG_LEN(sizeof(int) * nfds);
		memcpy(CMSG_DATA(cmsg), fds, sizeof(int) * nfds);
	}
	do {
		n = sendmsg(sock, &msg, MSG_NOSIGNAL);
	} while (n < 0 && errno == EINTR);
	if (n < 0)
		return -errno;
	/* A SOCK_SEQPACKET send is all or nothing; anything else is a bug. */
	return (size_t)n == len ? n : -EIO;
}

static void close_all(int *fds, unsigned n)
{
	for (unsigned i = 0; i < n; i++)
		close(fds[i]);
}

ssize_t dci_msg_recv(int sock, void *buf, size_t size, int *fds, unsigned max_fds, unsigned *nfds)
{
	union fd_control ctl;
	struct iovec iov = { .iov_base = buf, .iov_len = size };
	struct msghdr msg = { .msg_iov = &iov, .msg_iovlen = 1 };
	bool extra = false;
	unsigned got = 0;
	ssize_t n;

	*nfds = 0;
	if (max_fds > DCP_MAX_FDS)
		return -EINVAL;
	if (max_fds) {
		msg.msg_control = ctl.buf;
		msg.msg_controllen = CMSG_SPACE(sizeof(int) * max_fds);
	}
	do {
		n = recvmsg(sock, &msg, MSG_CMSG_CLOEXEC);
	} while (n < 0 && errno == EINTR);
	if (n < 0)
		return -errno;

	for (struct cmsghdr *c = CMSG_FIRSTHDR(&msg); c; c = CMSG_NXTHDR(&msg, c)) {
		size_t count;
		int fd;

		if (c->cmsg_level != SOL_SOCKET || c->cmsg_type != SCM_RIGHTS)
			continue;
		count = (c->cmsg_len - CMSG_LEN(0)) / sizeof(int);
		for (size_t i = 0; i < count; i++) {
			memcpy(&fd, CMSG_DATA(c) + i * sizeof(int), sizeof(int));
			if (got < max_fds) {
				fds[got++] = fd;
			} else {
				close(fd);
				extra = true;
			}
		}
	}
	if (extra || (msg.msg_flags & MSG_CTRUNC)) {
		close_all(fds, got);
		return -ETOOMANYREFS;
	}
	if (msg.msg_flags & MSG_TRUNC) {
		close_all(fds, got);
		return -EMSGSIZE;
	}
	*nfds = got;
	return n;
}
