/*
 * Reading back what the kernel shows, at open: which connector is routed
 * to which active CRTC with which mode, and which framebuffer its primary
 * plane scans out. A dcd restarted on the DRM fd it kept in systemd's fd
 * store finds its outputs lit and takes them over as they are, so its
 * first flip needs no modeset (and no blank frame).
 */
#include <errno.h>
#include <string.h>

#include "kms_priv.h"

static uint64_t value_or_zero(struct kms_device *dev, uint32_t obj, uint32_t type, const char *name)
{
	uint64_t v = 0;

	return kms_prop_value(dev->fd, obj, type, name, &v) == 0 ? v : 0;
}

static int adopt_output(struct kms_device *dev, struct kms_output *o)
{
	uint64_t crtc_id =
		value_or_zero(dev, o->connector_id, DRM_MODE_OBJECT_CONNECTOR, "CRTC_ID");
	struct kms_crtc *c = crtc_id ? kms_crtc_by_id(dev, (uint32_t)crtc_id) : NULL;
	drmModePropertyBlobRes *blob;
	uint64_t blob_id;
	int index;

	if (!c || !value_or_zero(dev, c->id, DRM_MODE_OBJECT_CRTC, "ACTIVE"))
		return 0;
	blob_id = value_or_zero(dev, c->id, DRM_MODE_OBJECT_CRTC, "MODE_ID");
	blob = blob_id ? drmModeGetPropertyBlob(dev->fd, (uint32_t)blob_id) : NULL;
	if (!blob)
		return 0;
	if (blob->length == sizeof(o->mode))
		memcpy(&o->mode, blob->data, sizeof(o->mode));
	drmModeFreePropertyBlob(blob);
	index = kms_crtc_index(dev, c->id);
	for (size_t i = 0; i < dev->num_planes; i++) {
		struct kms_plane *p = &dev->planes[i];
		if (value_or_zero(dev, p->id, DRM_MODE_OBJECT_PLANE, "CRTC_ID") != c->id)
			continue;
		if (p->type == DRM_PLANE_TYPE_PRIMARY) {
			o->primary_id = p->id;
			o->fb_id =
				(uint32_t)value_or_zero(dev, p->id, DRM_MODE_OBJECT_PLANE, "FB_ID");
		}
	}
	if (!o->primary_id || !o->mode.clock) {
		memset(&o->mode, 0, sizeof(o->mode));
		o->primary_id = o->fb_id = 0;
		return 0;
	}
	o->crtc_id = c->id;
	o->active = true;
	/* The cursor plane is ours to pick again: it is hidden until set. */
	for (size_t i = 0; i < dev->num_planes && !o->cursor_id; i++)
		if (dev->planes[i].type == DRM_PLANE_TYPE_CURSOR &&
		    (dev->planes[i].possible_crtcs & (1u << index)))
			o->cursor_id = dev->planes[i].id;
	/*
	 * The mode blob is not ours to destroy (mode_blob stays 0): it belongs
	 * to whichever file created it. The vblank counter goes on.
	 */
	uint64_t seq, ns;
	c->vblank = drmCrtcGetSequence(dev->fd, c->id, &seq, &ns) == 0;
	c->last_sequence = c->vblank ? seq : 0;
	return 1;
}

int kms_adopt(struct kms_device *dev)
{
	int n = 0;

	for (size_t i = 0; i < dev->num_outputs; i++)
		n += adopt_output(dev, &dev->outputs[i]);
	return n;
}
