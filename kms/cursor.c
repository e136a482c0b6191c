/*
 * The cursor on the driver's cursor plane, positioned in CRTC coordinates.
 * Blocking: a cursor move is small and the caller has no event to wait for.
 */
#include <errno.h>
#include <string.h>

#include "kms_priv.h"

int kms_cursor_set(struct kms_device *dev, size_t output, uint32_t fb_id, uint32_t width,
		   uint32_t height, int32_t x, int32_t y, struct kms_error *err)
{
	struct kms_output *o;
	struct kms_plane *p;
	drmModeAtomicReq *req;
	int r = 0, bad;

	if ((r = kms_output_usable(dev, output, err)) < 0)
		return r;
	o = &dev->outputs[output];
	if (!o->active)
		return kms_fail(err, -EINVAL, "%s: not lit; no cursor without a mode", o->name);
	p = kms_plane_by_id(dev, o->cursor_id);
	if (!p)
		return kms_fail(err, -EOPNOTSUPP, "%s: driver %s gives CRTC %u no cursor plane",
				o->name, dev->driver, o->crtc_id);
	req = drmModeAtomicAlloc();
	if (!req)
		return kms_fail(err, -ENOMEM, "%s: out of memory", o->name);
	if (!fb_id) {
		r |= drmModeAtomicAddProperty(req, p->id, p->prop_fb_id, 0) < 0;
		r |= drmModeAtomicAddProperty(req, p->id, p->prop_crtc_id, 0) < 0;
	} else {
		const struct {
			uint32_t prop;
			uint64_t value;
		} v[] = {
			{ p->prop_fb_id, fb_id },
			{ p->prop_crtc_id, o->crtc_id },
			{ p->prop_src_x, 0 },
			{ p->prop_src_y, 0 },
			{ p->prop_src_w, (uint64_t)width << 16 },
			{ p->prop_src_h, (uint64_t)height << 16 },
			/* Signed CRTC coordinates travel as their 64-bit two's complement. */
			{ p->prop_crtc_x, (uint64_t)(int64_t)x },
			{ p->prop_crtc_y, (uint64_t)(int64_t)y },
			{ p->prop_crtc_w, width },
			{ p->prop_crtc_h, height },
		};
		for (size_t i = 0; i < sizeof(v) / sizeof(v[0]); i++)
			r |= drmModeAtomicAddProperty(req, p->id, v[i].prop, v[i].value) < 0;
	}
	bad = r;
	r = kms_send_blocking(dev, req, bad, o->name, err);
	if (r < 0 && bad)
		return r;
	if (r < 0)
		return kms_fail(err, r,
				"%s: the kernel refused cursor framebuffer %u (%ux%u) at %d,%d on "
				"cursor plane %u of CRTC %u: %s",
				o->name, fb_id, width, height, x, y, p->id, o->crtc_id,
				strerror(-r));
	return 0;
}
