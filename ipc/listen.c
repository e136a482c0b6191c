/*
 * The listening socket: create it at a path (parent directory, stale
 * socket, permissions) or adopt one from systemd; accept clients; read
 * their credentials.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

#include "dcd_ipc.h"

#define SYS_ERR(err, status, ...) dcp_error_set(err, status, DCP_REASON_INTERNAL, 0, __VA_ARGS__)

static int make_dirs(char *dir, struct dcp_error *err)
{
	/* mkdir -p: each prefix in turn, existing ones are fine. */
	for (char *p = dir + 1;; p++) {
		if (*p != '/' && *p != '\0')
			continue;
		char saved = *p;

		*p = '\0';
		if (mkdir(dir, 0755) < 0 && errno != EEXIST) {
			int ret = -errno;

			*p = saved;
			return SYS_ERR(err, ret, "cannot create directory %s: %s", dir,
				       strerror(-ret));
		}
		*p = saved;
		if (!saved)
			return 0;
	}
}

/* The parent must not let anyone else replace our socket. */
static int check_parent(const char *dir, struct dcp_error *err)
{
	struct stat st;

	if (lstat(dir, &st) < 0)
		return SYS_ERR(err, -errno, "cannot stat %s: %s", dir, strerror(errno));
	if (!S_ISDIR(st.st_mode))
		return SYS_ERR(err, -ENOTDIR, "%s is not a directory", dir);
	if (st.st_uid != geteuid() && st.st_uid != 0)
		return SYS_ERR(err, -EPERM, "%s belongs to uid %u, not to us (%u) or root", dir,
			       (unsigned)st.st_uid, (unsigned)geteuid());
	if ((st.st_mode & (S_IWGRP | S_IWOTH)) && !(st.st_mode & S_ISVTX))
		return SYS_ERR(err, -EPERM,
			       "%s (mode %04o) is writable by others and not sticky: anyone "
			       "could replace the socket",
			       dir, (unsigned)(st.st_mode & 07777));
	return 0;
}

static int fill_addr(struct sockaddr_un *addr, const char *path)
{
	memset(addr, 0, sizeof(*addr));
	addr->sun_family = AF_UNIX;
	if (strlen(path) >= sizeof(addr->sun_path))
		return -ENAMETOOLONG;
	memcpy(addr->sun_path, path, strlen(path) + 1);
	return 0;
}

/* Removes a socket file left behind by a dead server; refuses live ones. */
static int remove_stale(const char *path, const struct sockaddr_un *addr, struct dcp_error *err)
{
	struct stat st;
	int probe, ret;

	if (lstat(path, &st) < 0)
		return errno == ENOENT
			       ? 0
			       : SYS_ERR(err, -errno, "cannot stat %s: %s", path, strerror(errno));
	if (!S_ISSOCK(st.st_mode))
		return SYS_ERR(err, -EEXIST, "%s exists and is not a socket; not removing it",
			       path);
	probe = socket(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC | SOCK_NONBLOCK, 0);
	if (probe < 0)
		return SYS_ERR(err, -errno, "socket: %s", strerror(errno));
	ret = connect(probe, (const struct sockaddr *)addr, sizeof(*addr)) < 0 ? -errno : 0;
	close(probe);
	if (ret != -ECONNREFUSED)
		return SYS_ERR(err, -EADDRINUSE, "%s: another server is listening there", path);
	if (unlink(path) < 0)
		return SYS_ERR(err, -errno, "cannot remove stale socket %s: %s", path,
			       strerror(errno));
	return 0;
}

int dci_listen(const char *path, mode_t mode, int *out_fd, struct dcp_error *err)
{
	struct sockaddr_un addr;
	char dir[PATH_MAX];
	char *slash;
	int fd, ret;

	if (path[0] != '/')
		return SYS_ERR(err, -EINVAL, "socket path %s is not absolute", path);
	if (fill_addr(&addr, path))
		return SYS_ERR(err, -ENAMETOOLONG, "socket path %s is longer than %zu bytes", path,
			       sizeof(addr.sun_path) - 1);
	snprintf(dir, sizeof(dir), "%s", path);
	slash = strrchr(dir, '/');
	if (slash == dir)
		slash[1] = '\0'; /* directly in / */
	else
		*slash = '\0';
	ret = make_dirs(dir, err);
	if (!ret)
		ret = check_parent(dir, err);
	if (!ret)
		ret = remove_stale(path, &addr, err);
	if (ret)
		return ret;

	fd = socket(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC | SOCK_NONBLOCK, 0);
	if (fd < 0)
		return SYS_ERR(err, -errno, "socket: %s", strerror(errno));
	if (bind(fd, (const struct sockaddr *)&addr, sizeof(addr)) < 0) {
		ret = SYS_ERR(err, -errno, "bind %s: %s", path, strerror(errno));
		close(fd);
		return ret;
	}
	/* Before listen(): nobody can connect while the mode is the umask's. */
	if (chmod(path, mode) < 0 || listen(fd, SOMAXCONN) < 0) {
		ret = SYS_ERR(err, -errno, "chmod/listen %s: %s", path, strerror(errno));
		unlink(path);
		close(fd);
		return ret;
	}
	*out_fd = fd;
	return 0;
}

static int sockopt(int fd, int name, int *value)
{
	socklen_t len = sizeof(*value);

	return getsockopt(fd, SOL_SOCKET, name, value, &len) < 0 ? -errno : 0;
}

int dci_listen_adopt(int fd, struct dcp_error *err)
{
	int domain, type, listening, flags;

	if (sockopt(fd, SO_DOMAIN, &domain) || sockopt(fd, SO_TYPE, &type) ||
	    sockopt(fd, SO_ACCEPTCONN, &listening))
		return SYS_ERR(err, -ENOTSOCK, "fd %d is not a socket", fd);
	if (domain != AF_UNIX || type != SOCK_SEQPACKET)
		return SYS_ERR(err, -EPROTOTYPE,
			       "fd %d is a socket of domain %d type %d, not AF_UNIX SOCK_SEQPACKET",
			       fd, domain, type);
	if (!listening)
		return SYS_ERR(err, -EINVAL, "fd %d is not listening", fd);
	flags = fcntl(fd, F_GETFL);
	if (flags < 0 || fcntl(fd, F_SETFL, flags | O_NONBLOCK) < 0 ||
	    fcntl(fd, F_SETFD, FD_CLOEXEC) < 0)
		return SYS_ERR(err, -errno, "fd %d: fcntl: %s", fd, strerror(errno));
	return 0;
}

int dci_accept(int listen_fd, int *out_fd)
{
	int fd;

	do {
		fd = accept4(listen_fd, NULL, NULL, SOCK_CLOEXEC | SOCK_NONBLOCK);
	} while (fd < 0 && errno == EINTR);
	if (fd < 0)
		return -errno;
	*out_fd = fd;
	return 0;
}

int dci_peer_cred(int fd, struct ucred *out)
{
	socklen_t len = sizeof(*out);

	if (getsockopt(fd, SOL_SOCKET, SO_PEERCRED, out, &len) < 0)
		return -errno;
	return len == sizeof(*out) ? 0 : -EIO;
}
