/*
 * dcd-fsd: systemd's part for dcd --kms in the kms suite's guest
 * (guest-dcd-restart.sh). tests/recovery/fake_systemd.c plays it (notify
 * socket, fd store kept across restarts, the start with LISTEN_FDS and
 * LISTEN_FDNAMES, the listening client socket); this program holds it
 * across dcd's deaths and takes commands, one a line on stdin, answering
 * on stdout with lines that end in one starting with "# COMMAND":
 *
 *   start            start dcd with what the store holds       # start PID
 *   ready N SECONDS  wait until READY=1 came N times           # ready N MS_SINCE_KILL | # ready
 * FAIL kill             SIGKILL dcd, reap it                      # kill term             SIGTERM
 * dcd, reap it                      # term STATUS store            the names the store holds #
 * store NAME... forget           close everything stored (a lost store)    # forget N crtc the
 * first active CRTC as a new, unprivileged opener of /dev/dri/card0 reads it          # crtc ID
 * BLOB WxH CLOCK FB | # crtc none lease            on the stored DRM file (dcd dead: nobody else is
 * its master), a lease of the first lit connector, its CRTC and primary plane, as a lease dcd made
 * # lease LESSEE CONNECTOR | # lease FAIL why lessee           what the lessee's fd sees # lessee
 * CONNECTORS CRTCS
 *
 * Usage: dcd-fsd DIR SOCKET UNIT_FILE DCD ARGS...
 * The store's limit is FileDescriptorStoreMax= of UNIT_FILE (a copy of
 * systemd/dcd.service.in), as the host-side tests read it.
 */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <xf86drm.h>
#include <xf86drmMode.h>

#include "fake_systemd.h"

static struct fsd fsd;
static pid_t dcd_pid = -1;
static uint64_t start_ns;
static int lessee_fd = -1;

static uint64_t now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

static uint64_t prop(int fd, uint32_t obj, uint32_t type, const char *name)
{
	drmModeObjectProperties *props = drmModeObjectGetProperties(fd, obj, type);
	uint64_t v = 0;

	for (uint32_t i = 0; props && i < props->count_props; i++) {
		drmModePropertyRes *p = drmModeGetProperty(fd, props->props[i]);

		if (p && !strcmp(p->name, name))
			v = props->prop_values[i];
		drmModeFreeProperty(p);
	}
	drmModeFreeObjectProperties(props);
	return v;
}

/* The primary plane on crtc, 0 when none. */
static uint32_t primary_of(int fd, uint32_t crtc)
{
	drmModePlaneRes *pr = drmModeGetPlaneResources(fd);
	uint32_t id = 0;

	for (uint32_t i = 0; pr && i < pr->count_planes && !id; i++) {
		if (prop(fd, pr->planes[i], DRM_MODE_OBJECT_PLANE, "type") ==
			    DRM_PLANE_TYPE_PRIMARY &&
		    prop(fd, pr->planes[i], DRM_MODE_OBJECT_PLANE, "CRTC_ID") == crtc)
			id = pr->planes[i];
	}
	drmModeFreePlaneResources(pr);
	return id;
}

static void cmd_crtc(void)
{
	int fd = open("/dev/dri/card0", O_RDWR | O_CLOEXEC);
	drmModeRes *res;
	bool found = false;

	if (fd < 0) {
		printf("# crtc FAIL /dev/dri/card0: %s\n", strerror(errno));
		return;
	}
	drmSetClientCap(fd, DRM_CLIENT_CAP_UNIVERSAL_PLANES, 1);
	drmSetClientCap(fd, DRM_CLIENT_CAP_ATOMIC, 1);
	res = drmModeGetResources(fd);
	for (int i = 0; res && i < res->count_crtcs && !found; i++) {
		uint32_t c = res->crtcs[i];
		uint64_t blob = prop(fd, c, DRM_MODE_OBJECT_CRTC, "MODE_ID");
		drmModePropertyBlobRes *b;
		drmModeModeInfo m;

		if (!prop(fd, c, DRM_MODE_OBJECT_CRTC, "ACTIVE") || !blob)
			continue;
		b = drmModeGetPropertyBlob(fd, (uint32_t)blob);
		if (!b || b->length != sizeof(m)) {
			drmModeFreePropertyBlob(b);
			continue;
		}
		memcpy(&m, b->data, sizeof(m));
		drmModeFreePropertyBlob(b);
		printf("# crtc %u %llu %ux%u %u %llu\n", c, (unsigned long long)blob, m.hdisplay,
		       m.vdisplay, m.clock,
		       (unsigned long long)prop(fd, primary_of(fd, c), DRM_MODE_OBJECT_PLANE,
						"FB_ID"));
		found = true;
	}
	drmModeFreeResources(res);
	/* not master (dcd or the store's file is): closing it changes nothing on screen */
	close(fd);
	if (!found)
		printf("# crtc none\n");
}

static void cmd_seq(void)
{
	int fd = open("/dev/dri/card0", O_RDWR | O_CLOEXEC);
	drmModeRes *res = fd >= 0 ? drmModeGetResources(fd) : NULL;
	uint64_t seq, ns;
	bool found = false;

	drmSetClientCap(fd, DRM_CLIENT_CAP_ATOMIC, 1); /* ACTIVE is an atomic property */
	for (int i = 0; res && i < res->count_crtcs && !found; i++) {
		if (prop(fd, res->crtcs[i], DRM_MODE_OBJECT_CRTC, "ACTIVE") &&
		    drmCrtcGetSequence(fd, res->crtcs[i], &seq, &ns) == 0) {
			printf("# seq %llu\n", (unsigned long long)seq);
			found = true;
		}
	}
	drmModeFreeResources(res);
	if (fd >= 0)
		close(fd);
	if (!found)
		printf("# seq FAIL %s\n",
		       fd < 0 ? strerror(errno) : "no active CRTC with a counter");
}

static void cmd_lease(void)
{
	int fd = fsd_stored_fd(&fsd, "drm");
	drmModeRes *res = fd >= 0 ? drmModeGetResources(fd) : NULL;
	uint32_t objs[3], lessee = 0;
	char name[32] = "";

	if (!res) {
		printf("# lease FAIL %s\n", fd < 0 ? "no \"drm\" in the store" : strerror(errno));
		return;
	}
	for (int i = 0; i < res->count_connectors && !name[0]; i++) {
		uint32_t conn = res->connectors[i];
		uint32_t crtc = (uint32_t)prop(fd, conn, DRM_MODE_OBJECT_CONNECTOR, "CRTC_ID");
		drmModeConnector *c;

		if (!crtc || !(objs[2] = primary_of(fd, crtc)))
			continue;
		objs[0] = conn;
		objs[1] = crtc;
		c = drmModeGetConnector(fd, conn);
		if (c)
			snprintf(name, sizeof(name), "%s-%u",
				 drmModeGetConnectorTypeName(c->connector_type),
				 c->connector_type_id);
		drmModeFreeConnector(c);
	}
	drmModeFreeResources(res);
	if (!name[0]) {
		printf("# lease FAIL no lit connector\n");
		return;
	}
	lessee_fd = drmModeCreateLease(fd, objs, 3, O_CLOEXEC, &lessee);
	if (lessee_fd < 0)
		printf("# lease FAIL drmModeCreateLease: %s\n", strerror(errno));
	else
		printf("# lease %u %s\n", lessee, name);
}

static void cmd_lessee(void)
{
	drmModeRes *res = lessee_fd >= 0 ? drmModeGetResources(lessee_fd) : NULL;

	if (!res) {
		printf("# lessee FAIL %s\n", lessee_fd < 0 ? "no lease" : strerror(errno));
		return;
	}
	printf("# lessee %d %d\n", res->count_connectors, res->count_crtcs);
	drmModeFreeResources(res);
}

static void reap(int sig, const char *what)
{
	int status = -1;

	if (dcd_pid > 0) {
		kill(dcd_pid, sig);
		waitpid(dcd_pid, &status, 0);
		/* what it sent before dying */
		fsd_pump(&fsd, 0);
	}
	dcd_pid = -1;
	printf("# %s %d\n", what, WIFEXITED(status) ? WEXITSTATUS(status) : -1);
}

static void cmd_ready(unsigned n, unsigned seconds)
{
	uint64_t end = now_ns() + seconds * 1000000000ull;

	int status;

	while (fsd.ready < n && now_ns() < end) {
		fsd_pump(&fsd, 50);
		if (dcd_pid > 0 && waitpid(dcd_pid, &status, WNOHANG) == dcd_pid) {
			dcd_pid = -1;
			printf("# ready FAIL dcd died: %s %d\n",
			       WIFSIGNALED(status) ? "signal" : "exit",
			       WIFSIGNALED(status) ? WTERMSIG(status) : WEXITSTATUS(status));
			return;
		}
	}
	if (fsd.ready >= n)
		printf("# ready %u %llu\n", fsd.ready,
		       (unsigned long long)((fsd.last_ready_ns - start_ns) / 1000000));
	else
		printf("# ready FAIL %u of %u\n", fsd.ready, n);
}

static void command(char *line, const char *log, const char *const *argv)
{
	char *nl = strchr(line, '\n');
	unsigned a = 0, b = 0;

	if (nl)
		*nl = 0;
	if (!strcmp(line, "start")) {
		start_ns = now_ns();
		dcd_pid = fsd_spawn(&fsd, argv, log, NULL);
		printf("# start %d\n", (int)dcd_pid);
	} else if (sscanf(line, "ready %u %u", &a, &b) == 2) {
		cmd_ready(a, b);
	} else if (!strcmp(line, "kill")) {
		reap(SIGKILL, "kill");
	} else if (!strcmp(line, "term")) {
		reap(SIGTERM, "term");
	} else if (!strcmp(line, "store")) {
		fsd_pump(&fsd, 0);
		printf("# store");
		for (unsigned i = 0; i < fsd.n_stored; i++)
			printf(" %s", fsd.store[i].name);
		printf("\n");
	} else if (!strcmp(line, "forget")) {
		unsigned n = fsd.n_stored;

		for (unsigned i = 0; i < fsd.n_stored; i++)
			close(fsd.store[i].fd);
		fsd.n_stored = 0;
		printf("# forget %u\n", n);
	} else if (!strcmp(line, "crtc")) {
		cmd_crtc();
	} else if (!strcmp(line, "seq")) {
		cmd_seq();
	} else if (!strcmp(line, "lease")) {
		cmd_lease();
	} else if (!strcmp(line, "lessee")) {
		cmd_lessee();
	} else {
		printf("# unknown %s\n", line);
	}
	fflush(stdout);
}

int main(int argc, char **argv)
{
	char log[256], line[256];
	int limit, r;

	if (argc < 5) {
		fprintf(stderr, "usage: dcd-fsd DIR SOCKET UNIT_FILE DCD ARGS...\n");
		return 2;
	}
	limit = fsd_unit_store_max(argv[3]);
	if (limit < 0) {
		fprintf(stderr, "dcd-fsd: %s: no FileDescriptorStoreMax=: %s\n", argv[3],
			strerror(-limit));
		return 1;
	}
	r = fsd_open_limit(&fsd, argv[1], argv[2], (unsigned)limit);
	if (r < 0) {
		fprintf(stderr, "dcd-fsd: notify socket in %s: %s\n", argv[1], strerror(-r));
		return 1;
	}
	snprintf(log, sizeof(log), "%s/dcd.log", argv[1]);
	setvbuf(stdout, NULL, _IOLBF, 0);
	for (;;) {
		struct pollfd p[2] = { { STDIN_FILENO, POLLIN, 0 }, { fsd.notify_fd, POLLIN, 0 } };

		if (poll(p, 2, -1) < 0 && errno != EINTR)
			break;
		if (p[1].revents & POLLIN)
			fsd_pump(&fsd, 0);
		if (p[0].revents & (POLLIN | POLLHUP)) {
			if (!fgets(line, sizeof(line), stdin))
				break;
			command(line, log, (const char *const *)argv + 4);
		}
	}
	if (dcd_pid > 0)
		reap(SIGTERM, "term");
	fsd_close(&fsd);
	return 0;
}
