/*
 * CRTC and plane assignment: an output gets a CRTC its encoders reach that
 * no other output holds, the primary plane that CRTC can show, and a
 * cursor plane when the driver has one for it. Assignments stick until the
 * output is turned off, so flips never move between CRTCs.
 */
#include <errno.h>

#include "kms_priv.h"

static bool crtc_taken(const struct kms_device *dev, size_t self, uint32_t crtc_id)
{
	for (size_t i = 0; i < dev->num_outputs; i++)
		if (i != self && dev->outputs[i].crtc_id == crtc_id)
			return true;
	return false;
}

static bool plane_taken(const struct kms_device *dev, size_t self, uint32_t plane_id)
{
	for (size_t i = 0; i < dev->num_outputs; i++) {
		const struct kms_output *o = &dev->outputs[i];
		if (i != self && (o->primary_id == plane_id || o->cursor_id == plane_id))
			return true;
	}
	return false;
}

static uint32_t pick_plane(const struct kms_device *dev, size_t self, int crtc_index, uint32_t type)
{
	for (size_t i = 0; i < dev->num_planes; i++) {
		const struct kms_plane *p = &dev->planes[i];
		if (p->type == type && (p->possible_crtcs & (1u << crtc_index)) &&
		    !plane_taken(dev, self, p->id))
			return p->id;
	}
	return 0;
}

int kms_assign(struct kms_device *dev, size_t output, struct kms_error *err)
{
	struct kms_output *o;

	if (output >= dev->num_outputs)
		return kms_fail(err, -ENOENT, "%s: no output %zu (there are %zu)", dev->path,
				output, dev->num_outputs);
	o = &dev->outputs[output];
	if (o->crtc_id)
		return 0;
	for (size_t c = 0; c < dev->num_crtcs; c++) {
		uint32_t primary;
		if (!(o->possible_crtcs & (1u << c)) || crtc_taken(dev, output, dev->crtcs[c].id))
			continue;
		primary = pick_plane(dev, output, (int)c, DRM_PLANE_TYPE_PRIMARY);
		if (!primary)
			continue;
		o->crtc_id = dev->crtcs[c].id;
		o->primary_id = primary;
		o->cursor_id = pick_plane(dev, output, (int)c, DRM_PLANE_TYPE_CURSOR);
		return 0;
	}
	return kms_fail(err, -ENOSPC,
			"%s: every CRTC it can reach (mask 0x%x of %zu CRTCs) is held by another "
			"output or lease",
			o->name, o->possible_crtcs, dev->num_crtcs);
}
