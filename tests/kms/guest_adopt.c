/*
 * A restart without a modeset: a second struct kms_device opened on a dup
 * of the master fd (what systemd's fd store hands a restarted dcd; the
 * first instance is never touched again, as if it had crashed) finds the
 * lit outputs as the kernel shows them and flips at once, the CRTC's mode
 * blob unchanged. Leases made before such a restart are taken over from
 * their records, and revoked when the records do not match the device.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include <xf86drm.h>

#include "guest.h"

int64_t object_prop(int fd, uint32_t object, uint32_t type, const char *name)
{
	drmModeObjectProperties *props = drmModeObjectGetProperties(fd, object, type);
	int64_t v = -1;

	for (uint32_t i = 0; props && i < props->count_props; i++) {
		drmModePropertyRes *p = drmModeGetProperty(fd, props->props[i]);
		if (p && !strcmp(p->name, name))
			v = (int64_t)props->prop_values[i];
		drmModeFreeProperty(p);
	}
	drmModeFreeObjectProperties(props);
	return v;
}

void check_adopt(struct guest *g)
{
	struct kms_output before[KMS_MAX_OUTPUTS];
	size_t n = kms_output_count(g->dev);
	struct kms_device *dev = NULL;
	struct kms_error err = { "" };
	char detail[256] = "";
	int lit = 0, same = 0, r;
	int fd = fcntl(kms_fd(g->dev), F_DUPFD_CLOEXEC, 0);

	for (size_t i = 0; i < n; i++) {
		before[i] = *kms_output(g->dev, i);
		lit += before[i].active;
	}
	r = fd < 0 ? -errno : kms_open_fd(fd, "/dev/dri/card0", &dev, &err);
	for (size_t i = 0; r == 0 && i < n; i++) {
		const struct kms_output *o = kms_output(dev, i);
		bool eq = o->active == before[i].active && o->crtc_id == before[i].crtc_id &&
			  o->fb_id == before[i].fb_id &&
			  (!o->active || !memcmp(&o->mode, &before[i].mode, sizeof(o->mode)));
		same += eq && o->active;
		snprintf(detail + strlen(detail), sizeof(detail) - strlen(detail),
			 "%s%s %s CRTC %u fb %u%s", i ? "; " : "", o->name,
			 o->active ? "lit" : "dark", o->crtc_id, o->fb_id, eq ? "" : " (differs)");
	}
	result("kms-adopt", r == 0 && lit == (n > 1 ? 2 : 1) && same == lit,
	       "r %d: %d of %d lit outputs taken over as the kernel shows them: %s %s", r, same,
	       lit, detail, r ? err.message : "");
	if (r < 0)
		return;
	g->old_dev = g->dev;
	g->dev = dev;

	const struct kms_output *o = kms_output(dev, (size_t)g->main_out);
	int64_t blob = object_prop(kms_fd(dev), o->crtc_id, DRM_MODE_OBJECT_CRTC, "MODE_ID");
	struct kms_output_config cfg = { .output = (size_t)g->main_out,
					 .active = true,
					 .mode = o->mode,
					 .fb_id = g->buf[1].fb_id,
					 .fb_width = g->buf[1].width,
					 .fb_height = g->buf[1].height };
	bool needs = kms_needs_modeset(dev, &cfg, 1);
	struct kms_flip_event ev = { 0 };
	r = kms_flip(dev, (size_t)g->main_out, g->buf[1].fb_id, 0, NULL, &err);
	bool flipped = r == 0 && wait_flip(g, g->main_out, &ev);
	int64_t blob_after = object_prop(kms_fd(dev), o->crtc_id, DRM_MODE_OBJECT_CRTC, "MODE_ID");
	result("kms-adopt-flip", !needs && flipped && blob > 0 && blob == blob_after,
	       "%s: same mode needs modeset %d; first flip %d (sequence %llu); CRTC %u mode blob "
	       "%lld before, %lld after %s",
	       o->name, needs, flipped, (unsigned long long)ev.sequence, o->crtc_id,
	       (long long)blob, (long long)blob_after, r ? err.message : "");
}

/* ---- leases across a restart ------------------------------------------------------- */

/* A second instance on a dup of the master fd: what a restarted dcd gets from the fd store. */
static struct kms_device *restarted(struct guest *g)
{
	struct kms_device *dev = NULL;
	int fd = fcntl(kms_fd(g->dev), F_DUPFD_CLOEXEC, 0);

	if (fd < 0 || kms_open_fd(fd, "/dev/dri/card0", &dev, NULL) < 0)
		return NULL;
	return dev;
}

/* Connectors the lessee's fd sees: 1 while its lease lives, 0 once revoked; -1 on error. */
static int lessee_sees(int fd)
{
	drmModeRes *res = drmModeGetResources(fd);
	int n = res ? res->count_connectors : -1;

	drmModeFreeResources(res);
	return n;
}

/* A lease of the lease output made by g->dev (the instance about to "crash"), and its record. */
static bool lease(struct guest *g, uint32_t *id, int *fd, struct kms_lease_output *rec, size_t *n)
{
	size_t out = (size_t)g->lease_out;
	struct kms_error err = { "" };

	if (kms_lease_create(g->dev, &out, 1, id, fd, &err) < 0) {
		fprintf(stderr, "lease: %s\n", err.message);
		return false;
	}
	return kms_lease_describe(g->dev, *id, rec, 1, n, &err) == 0 && *n == 1;
}

void check_lease_restart(struct guest *g)
{
	struct kms_lease_output rec;
	struct kms_error err = { "" };
	struct kms_device *dev;
	uint32_t id;
	size_t n = 0, out = (size_t)g->lease_out;
	int fd = -1, r, flip, seen, after;

	/* kept: the lessee goes on, the restarted instance refuses the output, revokes it later */
	if (!lease(g, &id, &fd, &rec, &n) || !(dev = restarted(g))) {
		result("kms-lease-readopt", false, "no lease or no second instance");
		return;
	}
	r = kms_lease_adopt(dev, id, &rec, n, &err);
	flip = kms_flip(dev, out, g->buf[0].fb_id, 0, NULL, NULL);
	seen = lessee_sees(fd);
	result("kms-lease-readopt",
	       r == 0 && kms_output(dev, out)->lessee_id == id &&
		       kms_output(dev, out)->crtc_id == rec.crtc_id && flip == -EBUSY && seen == 1,
	       "lease %u of %s (CRTC %u, planes %u/%u) taken over: r %d, flip refused %d, the "
	       "lessee sees %d connector(s) %s",
	       id, rec.name, rec.crtc_id, rec.primary_id, rec.cursor_id, r, flip, seen,
	       r ? err.message : "");
	r = kms_lease_revoke(dev, id, &err);
	after = lessee_sees(fd);
	result("kms-lease-readopt-revoke", r == 0 && after == 0 && !kms_output(dev, out)->lessee_id,
	       "revoked by the restarted instance: r %d, the lessee sees %d connector(s) %s", r,
	       after, r ? err.message : "");
	kms_close(dev);
	close(fd);
	kms_lease_revoke(g->dev, id, NULL); /* the kernel says ENOENT: the marker goes */

	/* ended: the lessee closed its fd while "dcd was down" */
	if (lease(g, &id, &fd, &rec, &n) && (dev = restarted(g))) {
		close(fd);
		r = kms_lease_adopt(dev, id, &rec, n, &err);
		result("kms-lease-ended",
		       r == -ENOENT && strstr(err.message, "ended") &&
			       !kms_output(dev, out)->lessee_id,
		       "r %d: %s", r, err.message);
		kms_close(dev);
	} else {
		result("kms-lease-ended", false, "no lease or no second instance");
	}
	kms_lease_revoke(g->dev, id, NULL);

	/* a record that does not match the device: revoked with the reason */
	if (lease(g, &id, &fd, &rec, &n) && (dev = restarted(g))) {
		rec.crtc_id = 0x7fffffff;
		r = kms_lease_adopt(dev, id, &rec, n, &err);
		seen = lessee_sees(fd);
		result("kms-lease-stale",
		       r == -ESTALE && strstr(err.message, "revoked") &&
			       strstr(err.message, "CRTC") && seen == 0 &&
			       !kms_output(dev, out)->lessee_id,
		       "r %d, the lessee sees %d connector(s): %s", r, seen, err.message);
		kms_close(dev);
		close(fd);
	} else {
		result("kms-lease-stale", false, "no lease or no second instance");
	}
	kms_lease_revoke(g->dev, id, NULL);
}
