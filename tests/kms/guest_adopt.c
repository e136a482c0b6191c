/*
 * A restart without a modeset: a second struct kms_device opened on a dup
 * of the master fd (what systemd's fd store hands a restarted dcd; the
 * first instance is never touched again, as if it had crashed) finds the
 * lit outputs as the kernel shows them and flips at once, the CRTC's mode
 * blob unchanged.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

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
