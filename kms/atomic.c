/*
 * Building atomic requests: one output's connector, CRTC and primary plane.
 * Validation, commit and flips all build their requests here so that what
 * is tested is exactly what is committed.
 */
#include <errno.h>
#include <string.h>

#include "kms_priv.h"

static int add(drmModeAtomicReq *req, uint32_t obj, uint32_t prop, uint64_t value)
{
	return drmModeAtomicAddProperty(req, obj, prop, value) < 0 ? -ENOMEM : 0;
}

int kms_request_plane(struct kms_device *dev, drmModeAtomicReq *req, const struct kms_output *o,
		      uint32_t fb_id, uint32_t fb_width, uint32_t fb_height, uint32_t mode_w,
		      uint32_t mode_h)
{
	struct kms_plane *p = kms_plane_by_id(dev, o->primary_id);
	int r = 0;

	if (!p)
		return -ENOENT;
	if (!fb_id) {
		r |= add(req, p->id, p->prop_fb_id, 0);
		r |= add(req, p->id, p->prop_crtc_id, 0);
		return r ? -ENOMEM : 0;
	}
	/* Source rectangle in 16.16 fixed point; the whole framebuffer on the whole CRTC. */
	r |= add(req, p->id, p->prop_fb_id, fb_id);
	r |= add(req, p->id, p->prop_crtc_id, o->crtc_id);
	r |= add(req, p->id, p->prop_src_x, 0);
	r |= add(req, p->id, p->prop_src_y, 0);
	r |= add(req, p->id, p->prop_src_w, (uint64_t)fb_width << 16);
	r |= add(req, p->id, p->prop_src_h, (uint64_t)fb_height << 16);
	r |= add(req, p->id, p->prop_crtc_x, 0);
	r |= add(req, p->id, p->prop_crtc_y, 0);
	r |= add(req, p->id, p->prop_crtc_w, mode_w);
	r |= add(req, p->id, p->prop_crtc_h, mode_h);
	return r ? -ENOMEM : 0;
}

int kms_send_blocking(struct kms_device *dev, drmModeAtomicReq *req, bool build_failed,
		      const char *name, struct kms_error *err)
{
	int r;

	if (build_failed) {
		drmModeAtomicFree(req);
		return kms_fail(err, -ENOMEM, "%s: out of memory", name);
	}
	r = drmModeAtomicCommit(dev->fd, req, 0, NULL) < 0 ? -errno : 0;
	drmModeAtomicFree(req);
	return r;
}

int kms_request_output(struct kms_device *dev, drmModeAtomicReq *req,
		       const struct kms_output_config *cfg, uint32_t *blob, struct kms_error *err)
{
	struct kms_output *o = &dev->outputs[cfg->output];
	struct kms_crtc *c = kms_crtc_by_id(dev, o->crtc_id);
	uint32_t conn_prop = dev->prop_connector_crtc[cfg->output];
	int r = 0;

	*blob = 0;
	if (!c || !conn_prop)
		return kms_fail(err, -EINVAL, "%s: no CRTC assigned (or no CRTC_ID property)",
				o->name);
	if (!cfg->active) {
		r |= add(req, o->connector_id, conn_prop, 0);
		r |= add(req, c->id, c->prop_active, 0);
		r |= add(req, c->id, c->prop_mode_id, 0);
		r |= kms_request_plane(dev, req, o, 0, 0, 0, 0, 0);
		r |= kms_writeback_detach(dev, req, c->id);
		return r ? kms_fail(err, -ENOMEM, "%s: out of memory", o->name) : 0;
	}
	if (drmModeCreatePropertyBlob(dev->fd, &cfg->mode, sizeof(cfg->mode), blob) < 0)
		return kms_fail(err, -errno, "%s: cannot create a mode blob for %ux%u: %s", o->name,
				cfg->mode.hdisplay, cfg->mode.vdisplay, strerror(errno));
	r |= add(req, o->connector_id, conn_prop, c->id);
	r |= add(req, c->id, c->prop_active, 1);
	r |= add(req, c->id, c->prop_mode_id, *blob);
	r |= kms_request_plane(dev, req, o, cfg->fb_id, cfg->fb_width, cfg->fb_height,
			       cfg->mode.hdisplay, cfg->mode.vdisplay);
	return r ? kms_fail(err, -ENOMEM, "%s: out of memory", o->name) : 0;
}
