/*
 * A DRM lease used by a separate process with plain libdrm (no kms/): it
 * sees only the leased objects, modesets and flips on its own while the
 * parent keeps flipping another output where the driver has one; after
 * revocation its next commit fails and the parent takes the output back.
 */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include <drm_fourcc.h>
#include <xf86drm.h>
#include <xf86drmMode.h>

#include "guest.h"

#define LESSEE_FLIPS 60

static void lessee_flip_done(int fd, unsigned seq, unsigned sec, unsigned usec, void *data)
{
	(*(int *)data)++;
}

static uint32_t lessee_fb(int fd, const drmModeModeInfo *m)
{
	uint32_t handle, pitch, fb = 0;
	uint64_t size;

	if (drmModeCreateDumbBuffer(fd, m->hdisplay, m->vdisplay, 32, 0, &handle, &pitch, &size))
		return 0;
	if (drmModeAddFB(fd, m->hdisplay, m->vdisplay, 24, 32, pitch, handle, &fb))
		return 0;
	return fb;
}

/* The lessee: plain libdrm on the fd it was given. Reports on wr, waits on rd. */
static int lessee(int fd, int rd, int wr)
{
	drmEventContext ec = { .version = 2, .page_flip_handler = lessee_flip_done };
	drmModeRes *res;
	drmModePlaneRes *planes;
	drmModeConnector *conn = NULL;
	drmModeModeInfo *mode = NULL;
	uint32_t fb[2] = { 0, 0 }, conn_id = 0, crtc_id = 0;
	int flips = 0, setcrtc = -1, nplanes = -1;
	char line[160];

	drmSetClientCap(fd, DRM_CLIENT_CAP_UNIVERSAL_PLANES, 1);
	res = drmModeGetResources(fd);
	planes = drmModeGetPlaneResources(fd);
	if (planes)
		nplanes = (int)planes->count_planes;
	if (res && res->count_connectors == 1 && res->count_crtcs == 1) {
		conn_id = res->connectors[0];
		crtc_id = res->crtcs[0];
		conn = drmModeGetConnector(fd, conn_id);
	}
	if (conn && conn->count_modes > 0) {
		/* 1024x768 where listed: two buffers of the largest mode would be 80 MB. */
		for (int i = 0; i < conn->count_modes; i++)
			if (conn->modes[i].hdisplay == 1024 && conn->modes[i].vdisplay == 768)
				mode = &conn->modes[i];
		if (!mode)
			mode = &conn->modes[0];
		fb[0] = lessee_fb(fd, mode);
		fb[1] = lessee_fb(fd, mode);
		setcrtc = drmModeSetCrtc(fd, crtc_id, fb[0], 0, 0, &conn_id, 1, mode);
	}
	for (int i = 0; setcrtc == 0 && fb[1] && i < LESSEE_FLIPS; i++) {
		int before = flips;
		if (drmModePageFlip(fd, crtc_id, fb[(i + 1) & 1], DRM_MODE_PAGE_FLIP_EVENT, &flips))
			break;
		while (flips == before && wait_readable(fd, 2000))
			drmHandleEvent(fd, &ec);
		if (flips == before)
			break;
	}
	snprintf(line, sizeof(line), "%d %d %d %u %u %d %d\n", res ? res->count_connectors : -1,
		 res ? res->count_crtcs : -1, nplanes, conn_id, crtc_id, setcrtc, flips);
	if (write(wr, line, strlen(line)) < 0)
		return 1;
	/* Wait for the parent's revocation, then try to commit again. */
	if (read(rd, line, sizeof(line)) <= 0)
		return 1;
	int e1 = drmModePageFlip(fd, crtc_id, fb[0], DRM_MODE_PAGE_FLIP_EVENT, &flips) ? errno : 0;
	int e2 = mode && drmModeSetCrtc(fd, crtc_id, fb[0], 0, 0, &conn_id, 1, mode) ? errno : 0;
	snprintf(line, sizeof(line), "%d %d\n", e1, e2);
	return write(wr, line, strlen(line)) < 0;
}

/* Reads one report line from the lessee, flipping main_out meanwhile when it may. */
static bool read_report(struct guest *g, int rd, bool flip, char *line, size_t size, int *flips)
{
	struct kms_flip_event ev;
	uint64_t deadline = now_ns() + 30000000000ull;

	while (now_ns() < deadline) {
		if (flip) {
			if (kms_flip(g->dev, (size_t)g->main_out, g->buf[*flips & 1].fb_id, 0, NULL,
				     NULL) < 0 ||
			    !wait_flip(g, g->main_out, &ev))
				return false;
			(*flips)++;
		}
		if (wait_readable(rd, flip ? 0 : 1000)) {
			ssize_t n = read(rd, line, size - 1);
			if (n <= 0)
				return false;
			line[n] = 0;
			return true;
		}
	}
	return false;
}

void check_lease(struct guest *g)
{
	const struct kms_output *o = kms_output(g->dev, (size_t)g->lease_out);
	bool other = g->lease_out != g->main_out;
	struct kms_error err = { "" };
	size_t out = (size_t)g->lease_out;
	uint32_t lessee_id = 0, ids[4];
	int to_child[2], to_parent[2], lfd = -1, parent_flips = 0, status = 0;
	int conns = -1, crtcs = -1, planes = -1, setcrtc = -1, flips = -1, e1 = -1, e2 = -1;
	unsigned conn_id = 0, crtc_id = 0;
	size_t count = 0;
	char line[160] = "";
	pid_t pid;
	int r;

	uint32_t want_crtc = 0, want_conn = o->connector_id;
	r = kms_lease_create(g->dev, &out, 1, &lessee_id, &lfd, &err);
	want_crtc = o->crtc_id;
	if (r < 0 || pipe2(to_child, O_CLOEXEC) || pipe2(to_parent, O_CLOEXEC)) {
		result("kms-lease-isolated", false, "lease of %s: r %d %s", o->name, r,
		       err.message);
		return;
	}
	pid = fork();
	if (pid == 0) {
		close(kms_fd(g->dev));
		_exit(lessee(lfd, to_child[0], to_parent[1]));
	}
	close(lfd);
	bool got = read_report(g, to_parent[0], other, line, sizeof(line), &parent_flips);
	if (got)
		sscanf(line, "%d %d %d %u %u %d %d", &conns, &crtcs, &planes, &conn_id, &crtc_id,
		       &setcrtc, &flips);
	result("kms-lease-isolated",
	       got && conns == 1 && crtcs == 1 && conn_id == want_conn && crtc_id == want_crtc &&
		       planes == (o->cursor_id ? 2 : 1),
	       "lessee %u of %s sees %d connector(s) (id %u, leased %u), %d CRTC(s) (id %u, leased "
	       "%u), %d plane(s)",
	       lessee_id, o->name, conns, conn_id, want_conn, crtcs, crtc_id, want_crtc, planes);

	/* The lessor keeps its hands off a leased output. */
	r = kms_flip(g->dev, out, g->buf[0].fb_id, 0, NULL, &err);
	result("kms-leased-refused",
	       r == -EBUSY && !strncmp(err.message, o->name, strlen(o->name)) &&
		       strstr(err.message, "leased"),
	       "r %d: %s", r, err.message);

	r = kms_lease_list(g->dev, ids, 4, &count, &err);
	result("kms-lease-list", r == 0 && count == 1 && ids[0] == lessee_id,
	       "r %d: %zu lessee(s), first %u (want %u)", r, count, count ? ids[0] : 0, lessee_id);

	result("kms-lease-flips",
	       setcrtc == 0 && flips == LESSEE_FLIPS && (!other || parent_flips > 0),
	       "the lessee's own modeset %d and %d of %d flips with events; meanwhile the parent "
	       "flipped %s %d times%s",
	       setcrtc, flips, LESSEE_FLIPS, kms_output(g->dev, (size_t)g->main_out)->name,
	       parent_flips,
	       other ? "" : " (none: the driver has one CRTC, which the lessee holds)");

	r = kms_lease_revoke(g->dev, lessee_id, &err);
	if (r == 0 && write(to_child[1], "revoked\n", 8) == 8 &&
	    read_report(g, to_parent[0], false, line, sizeof(line), &parent_flips))
		sscanf(line, "%d %d", &e1, &e2);
	waitpid(pid, &status, 0);
	count = 99;
	kms_lease_list(g->dev, ids, 4, &count, NULL);
	result("kms-lease-revoke", r == 0 && e1 > 0 && e2 > 0 && count == 0,
	       "revoke %d; the lessee's next flip failed with %s, its modeset with %s; %zu lessees "
	       "left; lessee exit status %d",
	       r, e1 > 0 ? strerror(e1) : "success", e2 > 0 ? strerror(e2) : "success", count,
	       status);
	close(to_child[0]);
	close(to_child[1]);
	close(to_parent[0]);
	close(to_parent[1]);

	/* Back with the lessor: a modeset of its own on the output. */
	struct kms_buffer b = { 0 };
	drmModeModeInfo m;
	r = preferred_mode(o, &m) ? 0 : -ENOENT;
	if (r == 0)
		r = kms_buffer_create(g->dev, m.hdisplay, m.vdisplay, DRM_FORMAT_XRGB8888, &b,
				      &err);
	if (r == 0) {
		struct kms_output_config cfg = { .output = out,
						 .active = true,
						 .mode = m,
						 .fb_id = b.fb_id,
						 .fb_width = b.width,
						 .fb_height = b.height };
		r = kms_commit(g->dev, &cfg, 1, &err);
	}
	struct kms_flip_event ev = { 0 };
	if (r == 0)
		r = kms_flip(g->dev, out, b.fb_id, 0, NULL, &err);
	bool flipped = r == 0 && wait_flip(g, (int)out, &ev);
	result("kms-lease-back", r == 0 && flipped && o->active,
	       "%s lit again by the lessor (r %d) and flipped (%d) %s", o->name, r, flipped,
	       r ? err.message : "");
	/* The buffer stays: the output shows it until the end. */
}
