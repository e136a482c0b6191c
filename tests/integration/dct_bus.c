/* A private D-Bus bus for the tests: see dct.h. */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "dct.h"

int dct_bus_start(struct dct_bus *b, const char *address)
{
	const char *config = getenv("DCT_BUS_CONFIG");
	char arg[160], path[128];
	int r = -ETIMEDOUT;

	memset(b, 0, sizeof(*b));
	if (!config) {
		fprintf(stderr, "DCT_BUS_CONFIG is not set (meson test sets it)\n");
		return -EINVAL;
	}
	if (address) {
		snprintf(b->address, sizeof(b->address), "%s", address);
	} else {
		snprintf(b->dir, sizeof(b->dir), "/tmp/dcd-bus-XXXXXX");
		if (!mkdtemp(b->dir))
			return -errno;
		chmod(b->dir, 0755);
		snprintf(b->address, sizeof(b->address), "unix:path=%s/bus", b->dir);
	}
	if (strncmp(b->address, "unix:path=", 10))
		return -EINVAL;
	snprintf(path, sizeof(path), "%s", b->address + 10);
	snprintf(arg, sizeof(arg), "--address=%s", b->address);
	b->pid = fork();
	if (b->pid < 0)
		return -errno;
	if (b->pid == 0) {
		char conf[256];

		/* the bus carries clients' calls: it is no more urgent than they are */
		dct_client_priority();

		snprintf(conf, sizeof(conf), "--config-file=%s", config);
		prctl(PR_SET_PDEATHSIG, SIGTERM);
		int null = open("/dev/null", O_WRONLY | O_CLOEXEC);

		/* Its complaint about the fd limit (no CAP_SYS_RESOURCE here) is noise. */
		if (null >= 0)
			dup2(null, STDERR_FILENO);
		execlp("dbus-daemon", "dbus-daemon", conf, arg, "--nofork", "--nopidfile",
		       (char *)NULL);
		_exit(127);
	}
	/* The socket appears when it listens; nothing else to wait for. */
	for (int i = 0; i < 2000; i++) {
		struct stat st;
		int status;

		if (stat(path, &st) == 0 && S_ISSOCK(st.st_mode)) {
			r = 0;
			break;
		}
		if (waitpid(b->pid, &status, WNOHANG) == b->pid) {
			b->pid = 0;
			r = -ECHILD;
			break;
		}
		usleep(10000);
	}
	if (r == 0)
		r = setenv("DBUS_SESSION_BUS_ADDRESS", b->address, 1) ? -errno : 0;
	if (r < 0) {
		fprintf(stderr, "dbus-daemon did not listen on %s: %s\n", b->address, strerror(-r));
		dct_bus_stop(b);
	}
	return r;
}

void dct_bus_stop(struct dct_bus *b)
{
	char path[128];

	if (b->pid > 0) {
		kill(b->pid, SIGTERM);
		waitpid(b->pid, NULL, 0);
	}
	b->pid = 0;
	snprintf(path, sizeof(path), "%s",
		 b->address + (strncmp(b->address, "unix:path=", 10) ? 0 : 10));
	if (b->address[0])
		unlink(path);
	if (b->dir[0])
		rmdir(b->dir);
	b->dir[0] = 0;
}
