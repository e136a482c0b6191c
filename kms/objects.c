/*
 * CRTCs and planes: read once at open (the kernel never adds or removes
 * them), with the property ids every atomic request needs.
 */
#include <errno.h>
#include <string.h>

#include "kms_priv.h"

uint32_t kms_prop_id(int fd, uint32_t object, uint32_t type, const char *name)
{
	drmModeObjectProperties *props = drmModeObjectGetProperties(fd, object, type);
	uint32_t id = 0;

	if (!props)
		return 0;
	for (uint32_t i = 0; i < props->count_props && !id; i++) {
		drmModePropertyRes *p = drmModeGetProperty(fd, props->props[i]);
		if (p && !strcmp(p->name, name))
			id = p->prop_id;
		drmModeFreeProperty(p);
	}
	drmModeFreeObjectProperties(props);
	return id;
}

int kms_prop_value(int fd, uint32_t object, uint32_t type, const char *name, uint64_t *value)
{
	drmModeObjectProperties *props = drmModeObjectGetProperties(fd, object, type);
	int r = -ENOENT;

	if (!props)
		return -errno;
	for (uint32_t i = 0; i < props->count_props && r == -ENOENT; i++) {
		drmModePropertyRes *p = drmModeGetProperty(fd, props->props[i]);
		if (p && !strcmp(p->name, name)) {
			*value = props->prop_values[i];
			r = 0;
		}
		drmModeFreeProperty(p);
	}
	drmModeFreeObjectProperties(props);
	return r;
}

static int read_plane(struct kms_device *dev, uint32_t id, struct kms_error *err)
{
	drmModePlane *p = drmModeGetPlane(dev->fd, id);
	struct kms_plane *pl;
	uint64_t type;
	int r;

	if (!p)
		return kms_fail(err, -errno, "%s: cannot read plane %u: %s", dev->path, id,
				strerror(errno));
	pl = &dev->planes[dev->num_planes];
	memset(pl, 0, sizeof(*pl));
	pl->id = id;
	pl->possible_crtcs = p->possible_crtcs;
	drmModeFreePlane(p);
	r = kms_prop_value(dev->fd, id, DRM_MODE_OBJECT_PLANE, "type", &type);
	if (r < 0)
		return kms_fail(err, r, "%s: plane %u has no type property", dev->path, id);
	pl->type = (uint32_t)type;
	static const struct {
		size_t offset;
		const char *name;
	} props[] = {
		{ offsetof(struct kms_plane, prop_fb_id), "FB_ID" },
		{ offsetof(struct kms_plane, prop_crtc_id), "CRTC_ID" },
		{ offsetof(struct kms_plane, prop_src_x), "SRC_X" },
		{ offsetof(struct kms_plane, prop_src_y), "SRC_Y" },
		{ offsetof(struct kms_plane, prop_src_w), "SRC_W" },
		{ offsetof(struct kms_plane, prop_src_h), "SRC_H" },
		{ offsetof(struct kms_plane, prop_crtc_x), "CRTC_X" },
		{ offsetof(struct kms_plane, prop_crtc_y), "CRTC_Y" },
		{ offsetof(struct kms_plane, prop_crtc_w), "CRTC_W" },
		{ offsetof(struct kms_plane, prop_crtc_h), "CRTC_H" },
	};
	for (size_t i = 0; i < sizeof(props) / sizeof(props[0]); i++) {
		uint32_t pid = kms_prop_id(dev->fd, id, DRM_MODE_OBJECT_PLANE, props[i].name);
		if (!pid)
			return kms_fail(err, -EOPNOTSUPP, "%s: %s plane %u has no %s property",
					dev->path, kms_plane_type_name(pl->type), id,
					props[i].name);
		memcpy((char *)pl + props[i].offset, &pid, sizeof(pid));
	}
	dev->num_planes++;
	return 0;
}

int kms_objects_read(struct kms_device *dev, struct kms_error *err)
{
	drmModeRes *res = drmModeGetResources(dev->fd);
	drmModePlaneRes *planes;
	int r = 0;

	if (!res)
		return kms_fail(err, -errno, "%s: cannot read the mode resources: %s", dev->path,
				strerror(errno));
	if ((size_t)res->count_crtcs > KMS_MAX_CRTCS) {
		r = kms_fail(err, -E2BIG, "%s: %d CRTCs, at most %d are supported", dev->path,
			     res->count_crtcs, KMS_MAX_CRTCS);
		goto out;
	}
	for (int i = 0; i < res->count_crtcs; i++) {
		struct kms_crtc *c = &dev->crtcs[i];
		memset(c, 0, sizeof(*c));
		c->id = res->crtcs[i];
		c->prop_active = kms_prop_id(dev->fd, c->id, DRM_MODE_OBJECT_CRTC, "ACTIVE");
		c->prop_mode_id = kms_prop_id(dev->fd, c->id, DRM_MODE_OBJECT_CRTC, "MODE_ID");
		if (!c->prop_active || !c->prop_mode_id) {
			r = kms_fail(err, -EOPNOTSUPP, "%s: CRTC %u lacks ACTIVE or MODE_ID",
				     dev->path, c->id);
			goto out;
		}
	}
	dev->num_crtcs = (size_t)res->count_crtcs;
	planes = drmModeGetPlaneResources(dev->fd);
	if (!planes) {
		r = kms_fail(err, -errno, "%s: cannot list planes: %s", dev->path, strerror(errno));
		goto out;
	}
	for (uint32_t i = 0; i < planes->count_planes && r == 0; i++) {
		if (dev->num_planes == KMS_MAX_PLANES)
			break; /* more overlays than we use */
		r = read_plane(dev, planes->planes[i], err);
	}
	drmModeFreePlaneResources(planes);
out:
	drmModeFreeResources(res);
	return r;
}

struct kms_crtc *kms_crtc_by_id(struct kms_device *dev, uint32_t id)
{
	int i = kms_crtc_index(dev, id);

	return i < 0 ? NULL : &dev->crtcs[i];
}

int kms_crtc_index(const struct kms_device *dev, uint32_t id)
{
	for (size_t i = 0; i < dev->num_crtcs; i++)
		if (dev->crtcs[i].id == id)
			return (int)i;
	return -ENOENT;
}

struct kms_plane *kms_plane_by_id(struct kms_device *dev, uint32_t id)
{
	for (size_t i = 0; i < dev->num_planes; i++)
		if (dev->planes[i].id == id)
			return &dev->planes[i];
	return NULL;
}
