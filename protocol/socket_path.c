/*
 * Where the socket lives. Pure: the caller passes its effective uid and
 * the environment values, so both the daemon and libdcclient share one
 * rule and tests need no environment.
 */
#include <errno.h>
#include <stdio.h>
#include <sys/un.h>

#include "dcd_protocol.h"

/* What fits sun_path with its terminating NUL. */
#define SUN_PATH_MAX (sizeof(((struct sockaddr_un *)0)->sun_path) - 1)

static int put_path(char *buf, size_t size, const char *dir, const char *name)
{
	int n;

	if (dir[0] != '/')
		return -EINVAL;
	n = name ? snprintf(buf, size, "%s/%s", dir, name) : snprintf(buf, size, "%s", dir);
	if (n < 0)
		return -EINVAL;
	if ((size_t)n > SUN_PATH_MAX || (size_t)n >= size)
		return -ENAMETOOLONG;
	return 0;
}

static bool set(const char *s)
{
	return s && s[0];
}

int dcp_socket_path_server(char *buf, size_t size, uid_t euid, const char *xdg_runtime_dir,
			   const char *override)
{
	if (set(override))
		return put_path(buf, size, override, NULL);
	if (euid == 0)
		return put_path(buf, size, DCP_SOCKET_SYSTEM, NULL);
	if (set(xdg_runtime_dir))
		return put_path(buf, size, xdg_runtime_dir, DCP_SOCKET_NAME);
	return -ENOENT;
}

int dcp_socket_path_client(char *buf, size_t size, unsigned n, const char *xdg_runtime_dir,
			   const char *override)
{
	if (set(override))
		return n == 0 ? put_path(buf, size, override, NULL) : -ENOENT;
	if (set(xdg_runtime_dir)) {
		if (n == 0)
			return put_path(buf, size, xdg_runtime_dir, DCP_SOCKET_NAME);
		n--;
	}
	return n == 0 ? put_path(buf, size, DCP_SOCKET_SYSTEM, NULL) : -ENOENT;
}
