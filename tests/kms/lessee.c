/*
 * dcd-kms-lessee: a client of the real dcd --kms in the QEMU guest that
 * gets a KMS lease through libdcclient (dcc_kms_lease_create) and drives
 * it with plain libdrm, as a VR compositor or a kiosk would. Static like
 * dcd-kms-guest (libdcclient's objects and libdrm linked in), so it needs
 * nothing from the guest but the kernel.
 *
 *   dcd-kms-lessee SOCKET DRIVER checks   RESULT lines (guest-dcd-lease.sh)
 *   dcd-kms-lessee SOCKET DRIVER bench N  one JSON line: kms_flip_latency
 *   dcd-kms-lessee SOCKET DRIVER restart back|away|admin
 *                                         a KMS lease across a dcd restart
 *                                         (guest-dcd-restart.sh, below)
 *   dcd-kms-lessee SOCKET DRIVER serve INNER_SOCKET
 *                                         a compositor's part when dcd runs
 *                                         beside it: leases the output and
 *                                         starts a second dcd on the lessee
 *                                         fd (dcd --kms-fd 3) serving
 *                                         INNER_SOCKET; holds the lease until
 *                                         SIGTERM, then stops that dcd and
 *                                         prints "inner dcd: exit N"
 *
 * The checks: the grant and its name, what the lessee fd shows (only its
 * objects), refusals to other clients, dcctl leases (kind kms), a modeset
 * and flips on the fd while dc-demo flips the other output through dcd
 * (virtio-gpu; vkms has one CRTC), and the three ends of a lease: the
 * client's release, dcctl revoke, the client's disconnect (each: the
 * lessee's next request fails), and the refusal to a uid the
 * configuration does not name.
 */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <xf86drm.h>
#include <xf86drmMode.h>

#include "dcclient.h"
#include "guest_result.h"

#define FLIPS 60

static const char *sock_path, *driver;
/*
 * The output leased in the checks: Virtual-1 on vkms (its only one);
 * Virtual-2 on virtio-gpu, forced on by the script, so that dc-demo
 * flips Virtual-1 (1024x768) through dcd meanwhile. The benchmark
 * measures both paths on Virtual-1.
 */
static const char *lease_out = "Virtual-1";

static uint64_t now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

static struct dcc_client *connect_flags(const char *name, uint32_t flags)
{
	struct dcc_client *c;

	if (dcc_client_create(name, &c) < 0)
		return NULL;
	if (dcc_client_connect(c, sock_path, flags) < 0) {
		fprintf(stderr, "%s: connect: %s\n", name, dcc_last_error_text(c));
		dcc_client_destroy(c);
		return NULL;
	}
	return c;
}

static struct dcc_client *connect_as(const char *name)
{
	return connect_flags(name, 0);
}

static struct dcc_link *link_named(struct dcc_client *c, const char *name)
{
	for (unsigned i = 0; i < dcc_get_link_count(c); i++) {
		if (!strcmp(dcc_link_get_name(dcc_get_link(c, i)), name))
			return dcc_get_link(c, i);
	}
	return NULL;
}

static int kms_lease(struct dcc_client *c, uint32_t *id, char *name, size_t size)
{
	const char *outputs[] = { lease_out };

	return dcc_kms_lease_create(c, outputs, 1, id, name, size);
}

/* ---- the lessee's side: plain libdrm ---------------------------------------------- */

struct lessee {
	int fd;
	uint32_t crtc, connector;
	drmModeModeInfo mode;
	uint32_t fb[2], handle[2];
	bool smallest; /* the smallest mode (Virtual-2 forced on prefers 5120x2160) */
	unsigned events;
	uint64_t *lat_ns; /* bench: receive time - the event's timestamp */
	unsigned nlat;
};

/* The lessee's one CRTC and connector, and the connector's preferred mode. */
static int lessee_objects(struct lessee *l, char *why, size_t size)
{
	drmModeRes *res = drmModeGetResources(l->fd);
	drmModeConnector *conn;
	int r = -1;

	if (!res) {
		snprintf(why, size, "drmModeGetResources: %s", strerror(errno));
		return -1;
	}
	if (res->count_crtcs != 1 || res->count_connectors != 1) {
		snprintf(why, size, "sees %d CRTCs and %d connectors, not 1 and 1",
			 res->count_crtcs, res->count_connectors);
		drmModeFreeResources(res);
		return -1;
	}
	l->crtc = res->crtcs[0];
	l->connector = res->connectors[0];
	drmModeFreeResources(res);
	conn = drmModeGetConnector(l->fd, l->connector);
	if (conn && conn->count_modes > 0 && conn->connector_type == DRM_MODE_CONNECTOR_VIRTUAL &&
	    conn->connector_type_id == (uint32_t)atoi(lease_out + strlen("Virtual-"))) {
		l->mode = conn->modes[0];
		for (int i = 0; i < conn->count_modes; i++) {
			const drmModeModeInfo *m = &conn->modes[i];

			if (l->smallest ? m->hdisplay * m->vdisplay <
						  l->mode.hdisplay * l->mode.vdisplay
					: (m->type & DRM_MODE_TYPE_PREFERRED) != 0)
				l->mode = *m;
		}
		r = 0;
	} else {
		snprintf(why, size, "connector %u is not %s with modes", l->connector, lease_out);
	}
	drmModeFreeConnector(conn);
	return r;
}

static int lessee_planes(struct lessee *l)
{
	drmModePlaneRes *pr;
	int n;

	drmSetClientCap(l->fd, DRM_CLIENT_CAP_UNIVERSAL_PLANES, 1);
	pr = drmModeGetPlaneResources(l->fd);
	n = pr ? (int)pr->count_planes : -1;
	drmModeFreePlaneResources(pr);
	return n;
}

static int dumb_fb(struct lessee *l, unsigned i, uint32_t color)
{
	struct drm_mode_create_dumb create = { .width = l->mode.hdisplay,
					       .height = l->mode.vdisplay,
					       .bpp = 32 };
	struct drm_mode_map_dumb map = { 0 };
	uint32_t *px;

	if (drmIoctl(l->fd, DRM_IOCTL_MODE_CREATE_DUMB, &create) < 0)
		return -errno;
	l->handle[i] = map.handle = create.handle;
	if (drmModeAddFB(l->fd, create.width, create.height, 24, 32, create.pitch, create.handle,
			 &l->fb[i]) < 0)
		return -errno;
	if (drmIoctl(l->fd, DRM_IOCTL_MODE_MAP_DUMB, &map) < 0)
		return -errno;
	px = mmap(NULL, create.size, PROT_WRITE, MAP_SHARED, l->fd, (off_t)map.offset);
	if (px == MAP_FAILED)
		return -errno;
	for (uint64_t k = 0; k < create.size / 4; k++)
		px[k] = color;
	munmap(px, create.size);
	return 0;
}

/* Both buffers and the preferred mode on the lessee's CRTC: 0 or -errno. */
static int lessee_modeset(struct lessee *l)
{
	int r = dumb_fb(l, 0, 0x00c04000);

	if (r == 0)
		r = dumb_fb(l, 1, 0x000040c0);
	if (r == 0 &&
	    drmModeSetCrtc(l->fd, l->crtc, l->fb[0], 0, 0, &l->connector, 1, &l->mode) < 0)
		r = -errno;
	return r;
}

static void on_flip(int fd, unsigned seq, unsigned sec, unsigned usec, void *data)
{
	struct lessee *l = data;
	uint64_t ts = (uint64_t)sec * 1000000000ull + (uint64_t)usec * 1000ull, now = now_ns();

	if (l->lat_ns)
		l->lat_ns[l->nlat++] = now > ts ? now - ts : 0;
	l->events++;
}

/* n flips with events, each waited for (1 s at most): how many completed. */
static unsigned lessee_flips(struct lessee *l, unsigned n)
{
	drmEventContext ctx = { .version = 2, .page_flip_handler = on_flip };

	l->events = 0;
	for (unsigned i = 0; i < n; i++) {
		struct pollfd p = { .fd = l->fd, .events = POLLIN };
		unsigned before = l->events;

		if (drmModePageFlip(l->fd, l->crtc, l->fb[(i + 1) & 1], DRM_MODE_PAGE_FLIP_EVENT,
				    l) < 0)
			break;
		while (l->events == before && poll(&p, 1, 1000) > 0)
			drmHandleEvent(l->fd, &ctx);
		if (l->events == before)
			break;
	}
	return l->events;
}

/* Whether the lessee's next request fails (the lease is gone): up to 3 s for dcd to act. */
static int lessee_refused(struct lessee *l)
{
	for (int i = 0; i < 300; i++) {
		if (drmModeSetCrtc(l->fd, l->crtc, l->fb[0], 0, 0, &l->connector, 1, &l->mode) < 0)
			return errno;
		usleep(10000);
	}
	return 0;
}

/* A new KMS lease of c, lit with two buffers. */
static int lessee_start(struct dcc_client *c, struct lessee *l, bool smallest, uint32_t *id,
			char *why, size_t size)
{
	char name[64];

	memset(l, 0, sizeof(*l));
	l->smallest = smallest;
	l->fd = kms_lease(c, id, name, sizeof(name));
	if (l->fd < 0) {
		snprintf(why, size, "dcc_kms_lease_create: %s", dcc_last_error_text(c));
		return -1;
	}
	if (lessee_objects(l, why, size) < 0)
		return -1;
	if (lessee_modeset(l) < 0) {
		snprintf(why, size, "modeset on the lessee fd: %s", strerror(errno));
		return -1;
	}
	return 0;
}

/* "disabled" in /sys/class/drm/card0-NAME/enabled: no CRTC drives it. */
static bool output_dark(void)
{
	char buf[16] = "", path[96];
	FILE *f;

	snprintf(path, sizeof(path), "/sys/class/drm/card0-%s/enabled", lease_out);
	f = fopen(path, "r");
	if (f) {
		if (!fgets(buf, sizeof(buf), f))
			buf[0] = 0;
		fclose(f);
	}
	return !strncmp(buf, "disabled", 8);
}

/* ---- the checks ---------------------------------------------------------------------- */

static pid_t start_demo(void)
{
	pid_t pid = fork();

	if (pid == 0) {
		int fd = open("/tmp/demo-lease.log", O_WRONLY | O_CREAT | O_TRUNC, 0644);

		dup2(fd, 1);
		dup2(fd, 2);
		execlp("dc-demo", "dc-demo", "--socket", sock_path, "--duration", "3",
		       (char *)NULL);
		_exit(127);
	}
	return pid;
}

/*
 * From dc-demo's log: its flips on Virtual-1 (-1 when it reported none),
 * and whether it lit the leased output.
 */
static int demo_flips(bool *lit_leased)
{
	char line[256], lit[64];
	int flips = -1;
	FILE *f = fopen("/tmp/demo-lease.log", "r");

	snprintf(lit, sizeof(lit), "%s: lit", lease_out);
	*lit_leased = false;
	while (f && fgets(line, sizeof(line), f)) {
		const char *p = strstr(line, " flips");

		if (!strncmp(line, "Virtual-1 ", 10) && p) {
			while (p > line && p[-1] >= '0' && p[-1] <= '9')
				p--;
			flips = atoi(p);
		}
		*lit_leased |= strstr(line, lit) != NULL;
	}
	if (f)
		fclose(f);
	return flips;
}

/* The busy refusals another client gets while Virtual-1 is KMS-leased. */
static void check_busy(struct dcc_client *other, const char *holder)
{
	struct dcc_link *v1 = link_named(other, lease_out);
	struct dcc_lease *lease = NULL;
	uint32_t id;
	char text[512], paren[40];
	int r1 = v1 ? dcc_lease_create(other, &v1, 1, &lease) : -ENOENT, r2;

	snprintf(text, sizeof(text), "%s", dcc_last_error_text(other));
	r2 = kms_lease(other, &id, NULL, 0);
	snprintf(paren, sizeof(paren), "(%s)", lease_out);
	result("dcd-kms-lease-busy",
	       r1 == -EBUSY && r2 == -EBUSY && strstr(text, paren) && strstr(text, "KMS lease") &&
		       strstr(text, holder),
	       "dcd lease %d: \"%s\"; KMS lease %d: \"%s\"", r1, text, r2,
	       dcc_last_error_text(other));
	if (r1 == 0)
		dcc_lease_destroy(lease);
}

/* dcctl leases (D-Bus ListLeases) lists the lease with kind kms. */
static void check_dcctl(uint32_t id)
{
	char cmd[128], line[256], want[32];
	bool found = false;
	FILE *f;

	snprintf(cmd, sizeof(cmd), "dcctl --bus session leases 2>&1");
	snprintf(want, sizeof(want), "%u", id);
	f = popen(cmd, "r");
	line[0] = 0;
	while (f && !found && fgets(line, sizeof(line), f)) {
		char lid[16], kind[16];

		found = sscanf(line, "%15s %15s", lid, kind) == 2 && !strcmp(lid, want) &&
			!strcmp(kind, "kms") && strstr(line, lease_out);
	}
	if (f)
		pclose(f);
	result("dcd-kms-lease-dcctl", found, "lease %u: %s", id,
	       found ? line : "not listed with kind kms");
}

/* A uid outside "kms_lease" (nobody) is told so, and WELCOME offered it nothing. */
static void check_permission(void)
{
	int pfd[2], status = 0;
	char text[300] = "";
	pid_t pid;
	ssize_t n;

	if (pipe(pfd) < 0)
		return;
	pid = fork();
	if (pid == 0) {
		struct dcc_client *c;
		int r = -1;

		close(pfd[0]);
		if (setgid(65534) == 0 && setuid(65534) == 0 && (c = connect_as("nobody"))) {
			r = kms_lease(c, NULL, NULL, 0);
			dprintf(pfd[1], "caps 0x%x, %d: %s", dcc_get_capabilities(c), r,
				dcc_last_error_text(c));
			r = r == -EPERM && !(dcc_get_capabilities(c) & DCC_CAP_KMS_LEASES) ? 0 : 1;
		}
		_exit(r == 0 ? 0 : 1);
	}
	close(pfd[1]);
	n = read(pfd[0], text, sizeof(text) - 1);
	text[n > 0 ? n : 0] = 0;
	close(pfd[0]);
	waitpid(pid, &status, 0);
	result("dcd-kms-lease-perm",
	       WIFEXITED(status) && WEXITSTATUS(status) == 0 &&
		       strstr(text, "may not hold KMS leases"),
	       "uid 65534: %s", text);
}

static int checks(void)
{
	struct dcc_client *a = connect_as("lessee"), *b = connect_as("other"), *c;
	struct lessee l, l2, l3;
	uint32_t id = 0, id2 = 0, id3 = 0;
	char name[64] = "", why[256] = "";
	int planes, r, flips;
	bool lit_leased;
	unsigned done, more;
	uint64_t t0;
	pid_t demo, reaped = 0;

	if (!a || !b) {
		result("dcd-kms-lease-caps", false, "cannot connect to %s", sock_path);
		return 1;
	}
	result("dcd-kms-lease-caps", dcc_get_capabilities(a) & DCC_CAP_KMS_LEASES,
	       "WELCOME capabilities 0x%x (root: an admin)", dcc_get_capabilities(a));

	memset(&l, 0, sizeof(l));
	l.fd = kms_lease(a, &id, name, sizeof(name));
	snprintf(why, sizeof(why), "card0-%s", lease_out);
	result("dcd-kms-lease-grant", l.fd >= 0 && id && !strcmp(name, why),
	       "fd %d, lease %u, name \"%s\"%s%s", l.fd, id, name, l.fd < 0 ? ": " : "",
	       l.fd < 0 ? dcc_last_error_text(a) : "");
	if (l.fd < 0)
		return 1;
	why[0] = 0;
	l.smallest = true;
	r = lessee_objects(&l, why, sizeof(why));
	planes = lessee_planes(&l);
	result("dcd-kms-lease-isolated", r == 0 && planes == 2,
	       "%s%sCRTC %u, connector %u (%s), %d planes (primary, cursor)", why,
	       why[0] ? "; " : "", l.crtc, l.connector, lease_out, planes);

	check_busy(b, "\"lessee\"");
	check_dcctl(id);

	/* dc-demo through dcd beside the lessee: it finds the leased output taken */
	demo = start_demo();
	r = lessee_modeset(&l);
	{
		drmModeCrtc *crtc = drmModeGetCrtc(l.fd, l.crtc);

		result("dcd-kms-lease-modeset",
		       r == 0 && crtc && crtc->mode_valid && crtc->buffer_id == l.fb[0],
		       "%ux%u on CRTC %u: %s", l.mode.hdisplay, l.mode.vdisplay, l.crtc,
		       r ? strerror(-r) : "set, as drmModeGetCrtc reports");
		drmModeFreeCrtc(crtc);
	}
	t0 = now_ns();
	done = lessee_flips(&l, FLIPS);
	result("dcd-kms-lease-flips", done == FLIPS, "%u of %u flips with events in %.2f s", done,
	       FLIPS, (now_ns() - t0) / 1e9);
	/*
	 * On until dc-demo is done, at about 60 Hz: virtio-gpu completes flips
	 * at once (the 60 above took no time), and a lessee flipping flat out
	 * would only starve the guest's one CPU.
	 */
	more = 0;
	while (done == FLIPS && (reaped = waitpid(demo, &r, WNOHANG)) == 0 &&
	       now_ns() - t0 < 20000000000ull) {
		if (lessee_flips(&l, 1) < 1)
			done = 0;
		more++;
		usleep(16667);
	}
	if (reaped != demo)
		waitpid(demo, &r, 0);
	flips = demo_flips(&lit_leased);
	if (!strcmp(driver, "virtio_gpu"))
		result("dcd-kms-lease-beside", flips >= 10 && !lit_leased && done == FLIPS,
		       "dc-demo flipped Virtual-1 through dcd %d times while the lessee flipped "
		       "Virtual-2 %u more times%s",
		       flips, more, lit_leased ? ", and lit the leased Virtual-2" : "");
	else
		result("dcd-kms-lease-beside", flips < 0 && !lit_leased && WIFEXITED(r),
		       "vkms has one CRTC, which the lessee holds: dc-demo (exit %d) left "
		       "Virtual-1 "
		       "alone while the lessee flipped %u more times%s",
		       WIFEXITED(r) ? WEXITSTATUS(r) : -1, more,
		       lit_leased ? " -- no, it lit it" : "");

	/* the client's release: the fd loses its objects, dcd switches the output off */
	r = dcc_kms_lease_release(a, id);
	{
		int refused = lessee_refused(&l);
		struct dcc_link *v1 = link_named(b, lease_out);
		struct dcc_lease *lease = NULL;
		int again = v1 ? dcc_lease_create(b, &v1, 1, &lease) : -ENOENT;

		result("dcd-kms-lease-release", r == 0 && refused && output_dark() && again == 0,
		       "release %d; the lessee's next modeset: %s; %s %s; another client "
		       "leases it: %d",
		       r, refused ? strerror(refused) : "accepted", lease_out,
		       output_dark() ? "dark" : "still driven", again);
		dcc_lease_destroy(lease);
		dcc_roundtrip(b);
	}
	close(l.fd);

	/* an admin's revocation through dcctl (D-Bus RevokeLease) */
	if (lessee_start(a, &l2, true, &id2, why, sizeof(why)) == 0) {
		char cmd[96];
		int rc, refused;

		snprintf(cmd, sizeof(cmd), "dcctl --bus session revoke %u >/tmp/revoke.log 2>&1",
			 id2);
		rc = system(cmd);
		refused = lessee_refused(&l2);
		dcc_roundtrip(a);
		result("dcd-kms-lease-revoke", rc == 0 && refused,
		       "dcctl revoke %u: exit %d; the lessee's next modeset: %s", id2, rc,
		       refused ? strerror(refused) : "accepted");
		close(l2.fd);
	} else {
		result("dcd-kms-lease-revoke", false, "%s", why);
	}

	/* the client goes away: its lease ends, whoever holds the fd */
	c = connect_as("short-lived");
	if (c && lessee_start(c, &l3, true, &id3, why, sizeof(why)) == 0) {
		int refused;

		dcc_client_destroy(c);
		refused = lessee_refused(&l3);
		result("dcd-kms-lease-disconnect", refused,
		       "lease %u; the client disconnected; the fd's next modeset: %s", id3,
		       refused ? strerror(refused) : "accepted");
		close(l3.fd);
	} else {
		result("dcd-kms-lease-disconnect", false, "%s", why);
		dcc_client_destroy(c);
	}

	check_permission();
	dcc_client_destroy(b);
	dcc_client_destroy(a);
	return 0;
}

/* ---- a KMS lease across a restart of dcd ------------------------------------------- */

/*
 * Flips on the lessee fd at about 60 Hz until the connection to dcd ends
 * (dcd was killed; 60 s at most): how many, -1 when a flip failed.
 */
static int flip_until_gone(struct dcc_client *c, struct lessee *l)
{
	uint64_t t0 = now_ns();
	int flips = 0;

	while (now_ns() - t0 < 60000000000ull) {
		struct pollfd p = { .fd = dcc_get_fd(c), .events = POLLIN };

		if (poll(&p, 1, 0) > 0 && dcc_dispatch(c) < 0)
			return flips;
		if (lessee_flips(l, 1) < 1)
			return -1;
		flips++;
		usleep(16667);
	}
	return -1;
}

/* The same client (name) connects again while dcd restarts: up to 30 s. */
static struct dcc_client *reconnect(const char *name)
{
	for (int i = 0; i < 150; i++) {
		struct dcc_client *c;

		if (dcc_client_create(name, &c) < 0)
			return NULL;
		if (dcc_client_connect(c, sock_path, DCC_CONNECT_NO_RECONNECT) == 0)
			return c;
		dcc_client_destroy(c);
		usleep(200000);
	}
	return NULL;
}

/*
 * The lease is made through dcd, lit and flipped by this process; the
 * script SIGKILLs dcd (the fake systemd keeps its DRM file) once LEASED is
 * printed, and starts it again once DOWN is. Meanwhile the lessee's fd
 * must go on flipping. how "back": the client connects again with the
 * same name and has its lease back (same id, the link its own), flips on,
 * and releases it by that id (the fd loses its objects). "away": it never
 * comes back, and the restarted dcd revokes the lease when its restart
 * grace ends. "admin": it never comes back either, and the script revokes
 * the held lease with dcctl first.
 */
static int restart(const char *how)
{
	bool back = !strcmp(how, "back");
	char name[32], rname[64];
	struct dcc_client *c;
	struct lessee l;
	uint32_t id = 0;
	char why[256] = "";
	int before, until, down, refused = 0;
	uint64_t t0;

	snprintf(name, sizeof(name), "vr-%s", how);
	/* its end seen as such (dcc_dispatch -ENOTCONN), not bridged by the library */
	c = connect_flags(name, DCC_CONNECT_NO_RECONNECT);
	if (!c || lessee_start(c, &l, true, &id, why, sizeof(why)) < 0) {
		printf("LEASE-FAILED %s\n", c ? why : "no connection");
		return 1;
	}
	before = (int)lessee_flips(&l, 10);
	printf("LEASED %u %d\n", id, before);
	fflush(stdout);
	until = flip_until_gone(c, &l);
	dcc_client_destroy(c);
	/* dcd is dead: the fake systemd holds its DRM file, and with it the lease */
	t0 = now_ns();
	down = 0;
	while (now_ns() - t0 < 1000000000ull && lessee_flips(&l, 1) == 1) {
		down++;
		usleep(16667);
	}
	snprintf(rname, sizeof(rname), "dcd-kms-restart-lessee-down-%s", how);
	result(rname, before == 10 && until >= 0 && down >= 10,
	       "lease %u: 10 flips of %d before the kill, %d until dcd's connection ended, %d "
	       "on the lessee fd in the second after it (dcd dead)",
	       id, before, until, down);
	printf("DOWN\n");
	fflush(stdout);
	if (back) {
		struct dcc_client *again = reconnect(name);
		struct dcc_link *link = again ? link_named(again, lease_out) : NULL;
		int state = link ? (int)dcc_link_get_lease_state(link) : -1;
		unsigned more = lessee_flips(&l, 10);
		int r = again ? dcc_kms_lease_release(again, id) : -ENOTCONN;

		refused = lessee_refused(&l);
		result("dcd-kms-restart-lessee-back",
		       state == DCC_LEASE_OURS && more == 10 && r == 0 && refused,
		       "%s again: %s %s; 10 flips of %u on the fd; its release of lease %u: %d; "
		       "the fd's next modeset: %s",
		       name, lease_out,
		       state == DCC_LEASE_OURS ? "its own"
		       : state < 0	       ? "not seen"
					       : "not its own",
		       more, id, r, refused ? strerror(refused) : "accepted");
		dcc_client_destroy(again);
	} else {
		/* the restart grace (10 s by default) and dcd's start: 40 s at most */
		t0 = now_ns();
		while (!refused && now_ns() - t0 < 40000000000ull) {
			if (drmModeSetCrtc(l.fd, l.crtc, l.fb[0], 0, 0, &l.connector, 1, &l.mode) <
			    0)
				refused = errno;
			else
				usleep(100000);
		}
		snprintf(rname, sizeof(rname), "dcd-kms-restart-lessee-%s", how);
		result(rname, refused,
		       "%s never came back; the fd's modeset %s %.1f s after the restart", name,
		       refused ? "failed" : "still worked", (now_ns() - t0) / 1e9);
	}
	close(l.fd);
	return 0;
}

/* ---- the benchmark ------------------------------------------------------------------- */

struct through_dcd {
	struct dcc_client *c;
	struct dcc_link *link;
	struct dcc_fb *fb[2];
	unsigned done, n;
	uint64_t *lat_ns;
	bool failed;
};

static int flip_through(struct through_dcd *t);

static void flip_done(struct dcc_client *c, struct dcc_link *link, int status, uint64_t sequence,
		      uint64_t timestamp_ns, void *data)
{
	struct through_dcd *t = data;
	uint64_t now = now_ns();

	if (status) {
		t->failed = true;
		return;
	}
	t->lat_ns[t->done++] = now > timestamp_ns ? now - timestamp_ns : 0;
	if (t->done < t->n && flip_through(t) < 0)
		t->failed = true;
}

static int flip_through(struct through_dcd *t)
{
	return dcc_flip(t->c, t->link, t->fb[t->done & 1], DCC_FLIP_VSYNC, flip_done, t);
}

/* n flips through dcd (a dcd lease of Virtual-1): their FLIP_DONE delays. */
static int bench_dcd(uint64_t *lat, unsigned n)
{
	struct through_dcd t = { .n = n, .lat_ns = lat };
	struct dcc_lease *lease = NULL;
	struct dcc_config *cfg = NULL;
	const struct dcc_mode *mode;
	int r = -1;

	t.c = connect_as("bench-dcd");
	t.link = t.c ? link_named(t.c, lease_out) : NULL;
	mode = t.link ? dcc_link_get_preferred_mode(t.link) : NULL;
	if (mode && dcc_lease_create(t.c, &t.link, 1, &lease) == 0 &&
	    dcc_fb_create_memfd(t.c, DCC_FORMAT_XRGB8888, dcc_mode_get_width(mode),
				dcc_mode_get_height(mode), &t.fb[0]) == 0 &&
	    dcc_fb_create_memfd(t.c, DCC_FORMAT_XRGB8888, dcc_mode_get_width(mode),
				dcc_mode_get_height(mode), &t.fb[1]) == 0 &&
	    dcc_config_create(t.c, &cfg) == 0 &&
	    dcc_config_set_output(cfg, t.link, mode, t.fb[0]) == 0 &&
	    dcc_commit_sync(t.c, cfg, DCC_COMMIT_ALLOW_MODESET) == 0 && flip_through(&t) == 0) {
		uint64_t deadline = now_ns() + (uint64_t)n * 100000000ull;

		while (t.done < n && !t.failed && now_ns() < deadline) {
			struct pollfd p = { .fd = dcc_get_fd(t.c), .events = POLLIN };

			if (poll(&p, 1, 1000) > 0)
				dcc_dispatch(t.c);
		}
		r = t.done == n ? 0 : -1;
	}
	if (r < 0)
		fprintf(stderr, "bench through dcd: %u of %u flips: %s\n", t.done, n,
			t.c ? dcc_last_error_text(t.c) : "no connection");
	dcc_config_destroy(cfg);
	dcc_lease_destroy(lease);
	dcc_fb_destroy(t.fb[0]);
	dcc_fb_destroy(t.fb[1]);
	dcc_client_destroy(t.c);
	return r;
}

/* n flips on a KMS lease's fd: the delay of the lessee's own DRM events. */
static int bench_direct(uint64_t *lat, unsigned n)
{
	struct dcc_client *c = connect_as("bench-lessee");
	struct lessee l;
	uint32_t id;
	char why[256];
	int r = -1;

	if (c && lessee_start(c, &l, false, &id, why, sizeof(why)) == 0) {
		l.lat_ns = lat;
		l.nlat = 0;
		r = lessee_flips(&l, n) == n ? 0 : -1;
		close(l.fd);
	}
	if (r < 0)
		fprintf(stderr, "bench on the lessee fd: %s\n", c ? why : "no connection");
	dcc_client_destroy(c);
	return r;
}

static int cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return x < y ? -1 : x > y;
}

static double pct_us(uint64_t *v, unsigned n, unsigned p)
{
	qsort(v, n, sizeof(*v), cmp_u64);
	return v[(size_t)(n - 1) * p / 100] / 1000.0;
}

static int bench(unsigned n)
{
	uint64_t *dcd = calloc(n, sizeof(*dcd)), *direct = calloc(n, sizeof(*direct));
	int r = -1;

	if (dcd && direct && bench_dcd(dcd, n) == 0 && bench_direct(direct, n) == 0) {
		printf("{\"bench\":\"kms_flip_latency\",\"driver\":\"%s\",\"output\":\"%s\","
		       "\"flips\":%u,\"measures\":\"FLIP_DONE received through dcd after the "
		       "kernel's flip timestamp\",\"p50_us\":%.1f,\"p99_us\":%.1f,"
		       "\"baseline\":\"lessee_direct\",\"baseline_p50_us\":%.1f,"
		       "\"baseline_p99_us\":%.1f}\n",
		       driver, lease_out, n, pct_us(dcd, n, 50), pct_us(dcd, n, 99),
		       pct_us(direct, n, 50), pct_us(direct, n, 99));
		r = 0;
	}
	free(dcd);
	free(direct);
	return r;
}

/* ---- a dcd on a lease (dcd --kms-fd) -------------------------------------------- */

static volatile sig_atomic_t stop;

static void on_term(int sig)
{
	(void)sig;
	stop = 1;
}

static int serve(const char *inner)
{
	struct dcc_client *c = connect_as("compositor");
	char name[64] = "";
	uint32_t id = 0;
	int fd = c ? kms_lease(c, &id, name, sizeof(name)) : -1, status = 0;
	pid_t pid;

	if (fd < 0) {
		fprintf(stderr, "serve: no lease of %s: %s\n", lease_out,
			c ? dcc_last_error_text(c) : "no connection");
		return 1;
	}
	signal(SIGTERM, on_term);
	pid = fork();
	if (pid == 0) {
		/* the lessee fd as the inner dcd's descriptor 3, nothing else of ours */
		if (dup2(fd, 3) < 0)
			_exit(127);
		for (int i = 4; i < 1024; i++)
			close(i);
		execl("/bin/dcd", "dcd", "--kms-fd", "3", "--bus", "none", "--socket", inner,
		      "--verbose", (char *)NULL);
		_exit(127);
	}
	close(fd);
	printf("lease %u (%s) of %s served by dcd %d on %s\n", id, name, lease_out, (int)pid,
	       inner);
	fflush(stdout);
	/* the lease lives while this connection does: hold it until told */
	while (!stop && waitpid(pid, &status, WNOHANG) == 0)
		usleep(20000);
	if (stop) {
		kill(pid, SIGTERM);
		waitpid(pid, &status, 0);
	}
	printf("inner dcd: exit %d\n", WIFEXITED(status) ? WEXITSTATUS(status) : 128);
	dcc_client_destroy(c);
	return 0;
}

int main(int argc, char **argv)
{
	if (argc >= 4 && !strcmp(argv[3], "checks")) {
		sock_path = argv[1];
		driver = argv[2];
		if (!strcmp(driver, "virtio_gpu"))
			lease_out = "Virtual-2";
		return checks();
	}
	if (argc == 5 && !strcmp(argv[3], "bench") && atoi(argv[4]) > 0) {
		sock_path = argv[1];
		driver = argv[2];
		return bench((unsigned)atoi(argv[4])) == 0 ? 0 : 1;
	}
	if (argc == 5 && !strcmp(argv[3], "restart") &&
	    (!strcmp(argv[4], "back") || !strcmp(argv[4], "away") || !strcmp(argv[4], "admin"))) {
		sock_path = argv[1];
		driver = argv[2];
		return restart(argv[4]);
	}
	if (argc == 5 && !strcmp(argv[3], "serve")) {
		sock_path = argv[1];
		driver = argv[2];
		if (!strcmp(driver, "virtio_gpu"))
			lease_out = "Virtual-2";
		return serve(argv[4]);
	}
	fprintf(stderr, "usage: dcd-kms-lessee SOCKET DRIVER checks | bench FLIPS | restart "
			"back|away|admin | serve INNER_SOCKET\n");
	return 2;
}
