/*
 * See ipc_fds.h.
 */
#include <dirent.h>
#include <fcntl.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cmocka.h>

#include "ipc_fds.h"

int open_fd_count(void)
{
	DIR *d = opendir("/proc/self/fd");
	int n = 0;

	assert_non_null(d);
	while (readdir(d))
		n++;
	closedir(d);
	return n - 3; /* ".", ".." and the directory's own fd */
}

void seqpacket_pair(int sv[2], bool nonblock)
{
	int type = SOCK_SEQPACKET | SOCK_CLOEXEC | (nonblock ? SOCK_NONBLOCK : 0);

	assert_int_equal(socketpair(AF_UNIX, type, 0, sv), 0);
}

int tagged_fd(char tag)
{
	int p[2];

	assert_int_equal(pipe2(p, O_CLOEXEC), 0);
	assert_int_equal(write(p[1], &tag, 1), 1);
	close(p[1]);
	return p[0];
}

char read_tag(int fd)
{
	char c = 0;

	assert_int_equal(read(fd, &c, 1), 1);
	return c;
}
