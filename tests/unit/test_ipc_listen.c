/*
 * The listening socket: created with its parent directories and mode,
 * stale sockets replaced, live ones and foreign files left alone, unsafe
 * parents refused; adopted sockets checked; accept and credentials.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

#include <cmocka.h>

#include "dcd_ipc.h"

static char root[64];

/* Paths under root are short: the socket paths below fit sun_path. */
#define PATH_LEN 96

static int setup(void **state)
{
	snprintf(root, sizeof(root), "%s/dcd-listen-XXXXXX",
		 getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp");
	assert_non_null(mkdtemp(root));
	(void)state;
	return 0;
}

static int teardown(void **state)
{
	char cmd[128];

	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", root);
	assert_int_equal(system(cmd), 0);
	(void)state;
	return 0;
}

static void set_addr(struct sockaddr_un *addr, const char *path)
{
	assert_true(strlen(path) < sizeof(addr->sun_path));
	memcpy(addr->sun_path, path, strlen(path) + 1);
}

static int connect_to(const char *path)
{
	struct sockaddr_un addr = { .sun_family = AF_UNIX };
	int fd = socket(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0);

	assert_true(fd >= 0);
	set_addr(&addr, path);
	if (connect(fd, (struct sockaddr *)&addr, sizeof(addr)) < 0) {
		int ret = -errno;

		close(fd);
		return ret;
	}
	return fd;
}

static void listen_accept_and_credentials(void **state)
{
	char path[PATH_LEN];
	struct dcp_error err;
	struct ucred cred;
	struct stat st;
	int lfd, cfd, sfd;

	/* two directory levels that do not exist yet */
	snprintf(path, sizeof(path), "%s/run/dcd/dcd.sock", root);
	assert_int_equal(dci_listen(path, 0660, &lfd, &err), 0);
	assert_int_equal(stat(path, &st), 0);
	assert_true(S_ISSOCK(st.st_mode));
	assert_int_equal(st.st_mode & 0777, 0660);
	assert_true(fcntl(lfd, F_GETFL) & O_NONBLOCK);
	assert_true(fcntl(lfd, F_GETFD) & FD_CLOEXEC);
	assert_int_equal(dci_accept(lfd, &sfd), -EAGAIN);

	cfd = connect_to(path);
	assert_true(cfd >= 0);
	assert_int_equal(dci_accept(lfd, &sfd), 0);
	assert_true(fcntl(sfd, F_GETFL) & O_NONBLOCK);
	assert_true(fcntl(sfd, F_GETFD) & FD_CLOEXEC);
	assert_int_equal(dci_peer_cred(sfd, &cred), 0);
	assert_int_equal(cred.pid, getpid());
	assert_int_equal(cred.uid, geteuid());
	/* and it is a SOCK_SEQPACKET: one datagram stays one */
	assert_int_equal(send(cfd, "ab", 2, 0), 2);
	assert_int_equal(send(cfd, "cde", 3, 0), 3);
	char buf[8];
	assert_int_equal(recv(sfd, buf, sizeof(buf), 0), 2);
	assert_int_equal(recv(sfd, buf, sizeof(buf), 0), 3);
	close(cfd);
	close(sfd);
	close(lfd);
	(void)state;
}

static void stale_socket_is_replaced_live_one_is_not(void **state)
{
	struct sockaddr_un addr = { .sun_family = AF_UNIX };
	char path[PATH_LEN];
	struct dcp_error err;
	int dead, lfd, lfd2, cfd;

	/* a socket file nobody listens on: what a crashed daemon leaves */
	snprintf(path, sizeof(path), "%s/dcd.sock", root);
	set_addr(&addr, path);
	dead = socket(AF_UNIX, SOCK_SEQPACKET, 0);
	assert_int_equal(bind(dead, (struct sockaddr *)&addr, sizeof(addr)), 0);
	close(dead);
	assert_int_equal(connect_to(path), -ECONNREFUSED);
	assert_int_equal(dci_listen(path, 0600, &lfd, &err), 0);
	cfd = connect_to(path);
	assert_true(cfd >= 0);
	close(cfd);
	/* a second server must not steal the live socket */
	assert_int_equal(dci_listen(path, 0600, &lfd2, &err), -EADDRINUSE);
	assert_non_null(strstr(err.text, "another server is listening"));
	cfd = connect_to(path);
	assert_true(cfd >= 0);
	close(cfd);
	close(lfd);
	(void)state;
}

static void foreign_file_is_left_alone(void **state)
{
	char path[PATH_LEN];
	struct dcp_error err;
	struct stat st;
	int fd, lfd;

	snprintf(path, sizeof(path), "%s/notasocket", root);
	fd = open(path, O_CREAT | O_WRONLY | O_CLOEXEC, 0600);
	assert_int_equal(write(fd, "keep", 4), 4);
	close(fd);
	assert_int_equal(dci_listen(path, 0600, &lfd, &err), -EEXIST);
	assert_non_null(strstr(err.text, "is not a socket; not removing it"));
	assert_int_equal(stat(path, &st), 0);
	assert_int_equal(st.st_size, 4);
	(void)state;
}

static void unsafe_parent_is_refused(void **state)
{
	char dir[PATH_LEN], path[PATH_LEN + 16];
	struct dcp_error err;
	int lfd;

	snprintf(dir, sizeof(dir), "%s/open", root);
	assert_int_equal(mkdir(dir, 0700), 0);
	assert_int_equal(chmod(dir, 0777), 0);
	snprintf(path, sizeof(path), "%s/dcd.sock", dir);
	assert_int_equal(dci_listen(path, 0600, &lfd, &err), -EPERM);
	assert_non_null(strstr(err.text, "(mode 0777) is writable by others and not sticky"));
	/* sticky, like /tmp, is fine */
	assert_int_equal(chmod(dir, 01777), 0);
	assert_int_equal(dci_listen(path, 0600, &lfd, &err), 0);
	close(lfd);
	/* a parent that is a file */
	snprintf(path, sizeof(path), "%s/dcd.sock/x.sock", dir);
	assert_int_equal(dci_listen(path, 0600, &lfd, &err), -ENOTDIR);
	(void)state;
}

static void bad_paths(void **state)
{
	char path[200];
	struct dcp_error err;
	int lfd;

	assert_int_equal(dci_listen("relative.sock", 0600, &lfd, &err), -EINVAL);
	memset(path, 'a', sizeof(path));
	path[0] = '/';
	path[sizeof(path) - 1] = '\0';
	assert_int_equal(dci_listen(path, 0600, &lfd, &err), -ENAMETOOLONG);
	assert_non_null(strstr(err.text, "longer than 107 bytes"));
	(void)state;
}

static void adopt_checks_the_socket(void **state)
{
	struct sockaddr_un addr = { .sun_family = AF_UNIX };
	struct dcp_error err;
	int seq, stream, idle, p[2];

	char path[PATH_LEN];

	snprintf(path, sizeof(path), "%s/adopt.sock", root);
	set_addr(&addr, path);
	seq = socket(AF_UNIX, SOCK_SEQPACKET, 0);
	assert_int_equal(bind(seq, (struct sockaddr *)&addr, sizeof(addr)), 0);
	assert_int_equal(listen(seq, 4), 0);
	assert_int_equal(dci_listen_adopt(seq, &err), 0);
	assert_true(fcntl(seq, F_GETFL) & O_NONBLOCK);
	assert_true(fcntl(seq, F_GETFD) & FD_CLOEXEC);

	stream = socket(AF_UNIX, SOCK_STREAM, 0);
	assert_int_equal(dci_listen_adopt(stream, &err), -EPROTOTYPE);
	idle = socket(AF_UNIX, SOCK_SEQPACKET, 0);
	assert_int_equal(dci_listen_adopt(idle, &err), -EINVAL);
	assert_non_null(strstr(err.text, "is not listening"));
	assert_int_equal(pipe(p), 0);
	assert_int_equal(dci_listen_adopt(p[0], &err), -ENOTSOCK);
	close(p[0]);
	close(p[1]);
	close(idle);
	close(stream);
	close(seq);
	(void)state;
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(listen_accept_and_credentials, setup, teardown),
		cmocka_unit_test_setup_teardown(stale_socket_is_replaced_live_one_is_not, setup,
						teardown),
		cmocka_unit_test_setup_teardown(foreign_file_is_left_alone, setup, teardown),
		cmocka_unit_test_setup_teardown(unsafe_parent_is_refused, setup, teardown),
		cmocka_unit_test_setup_teardown(bad_paths, setup, teardown),
		cmocka_unit_test_setup_teardown(adopt_checks_the_socket, setup, teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
