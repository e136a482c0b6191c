/*
 * Page flips: a nonblocking atomic commit of the primary plane's
 * framebuffer with an event. The event's 32-bit sequence is extended to 64
 * bits against the last one seen on the CRTC (seeded from the kernel's
 * 64-bit counter at modeset), so a long-running output never wraps.
 */
#include <errno.h>
#include <string.h>

#include "kms_priv.h"

/* An asynchronous flip through the legacy ioctl, where the driver offers it. */
static int flip_async(struct kms_device *dev, struct kms_output *o, uint32_t fb_id)
{
	uint64_t cap = 0;

	if (drmGetCap(dev->fd, DRM_CAP_ASYNC_PAGE_FLIP, &cap) < 0 || !cap)
		return -EOPNOTSUPP;
	return drmModePageFlip(dev->fd, o->crtc_id, fb_id,
			       DRM_MODE_PAGE_FLIP_EVENT | DRM_MODE_PAGE_FLIP_ASYNC,
			       (void *)(uintptr_t)dev->cookie) < 0
		       ? -errno
		       : 0;
}

int kms_flip(struct kms_device *dev, size_t output, uint32_t fb_id, uint32_t flags, void *user_data,
	     struct kms_error *err)
{
	struct kms_output *o;
	struct kms_crtc *c;
	drmModeAtomicReq *req;
	int r;

	if ((r = kms_output_usable(dev, output, err)) < 0)
		return r;
	o = &dev->outputs[output];
	c = kms_crtc_by_id(dev, o->crtc_id);
	if (!o->active || !c)
		return kms_fail(err, -EINVAL, "%s: not lit; commit a mode before flipping",
				o->name);
	if (c->flip_pending)
		return kms_fail(err, -EBUSY, "%s: the previous flip on CRTC %u is still pending",
				o->name, c->id);
	if (flags & ~KMS_FLIP_ASYNC)
		return kms_fail(err, -EINVAL, "%s: unknown flip flags 0x%x", o->name,
				flags & ~KMS_FLIP_ASYNC);
	if (flags & KMS_FLIP_ASYNC) {
		r = flip_async(dev, o, fb_id);
		if (r == -EOPNOTSUPP)
			return kms_fail(err, r,
					"%s: driver %s takes no asynchronous flips "
					"(DRM_CAP_ASYNC_PAGE_FLIP is 0); flip at vblank instead",
					o->name, dev->driver);
		if (r < 0)
			return kms_fail(
				err, r,
				"%s: the kernel refused an asynchronous flip to framebuffer "
				"%u on CRTC %u: %s",
				o->name, fb_id, c->id, strerror(-r));
		goto queued;
	}
	req = drmModeAtomicAlloc();
	if (!req)
		return kms_fail(err, -ENOMEM, "%s: out of memory", o->name);
	/* The framebuffer keeps the size it was committed with: only FB_ID moves. */
	struct kms_plane *p = kms_plane_by_id(dev, o->primary_id);
	if (!p || drmModeAtomicAddProperty(req, p->id, p->prop_fb_id, fb_id) < 0) {
		drmModeAtomicFree(req);
		return kms_fail(err, -ENOMEM, "%s: cannot build the flip request", o->name);
	}
	r = drmModeAtomicCommit(dev->fd, req, DRM_MODE_ATOMIC_NONBLOCK | DRM_MODE_PAGE_FLIP_EVENT,
				(void *)(uintptr_t)dev->cookie);
	drmModeAtomicFree(req);
	if (r < 0)
		return kms_fail(err, -errno,
				"%s: the kernel refused flipping to framebuffer %u on "
				"primary plane %u of CRTC %u: %s",
				o->name, fb_id, o->primary_id, c->id, strerror(errno));
queued:
	c->flip_pending = true;
	c->flip_output = output;
	c->flip_user_data = user_data;
	o->fb_id = fb_id;
	return 0;
}

bool kms_flip_pending(const struct kms_device *dev, size_t output)
{
	const struct kms_output *o;

	if (output >= dev->num_outputs)
		return false;
	o = &dev->outputs[output];
	for (size_t i = 0; i < dev->num_crtcs; i++)
		if (dev->crtcs[i].id == o->crtc_id)
			return dev->crtcs[i].flip_pending;
	return false;
}

uint64_t kms_sequence_extend(uint64_t last, uint32_t seq)
{
	return last + (uint32_t)(seq - (uint32_t)last);
}

/* The device kms_dispatch reads events for (the library has no threads). */
static struct kms_device *dispatching;

static void flip_done(int fd, unsigned int sequence, unsigned int tv_sec, unsigned int tv_usec,
		      unsigned int crtc_id, void *user)
{
	struct kms_device *dev = dispatching;
	struct kms_crtc *c;
	struct kms_flip_event ev;

	/* a flip the process before us queued on this file: not ours to report */
	if ((uint64_t)(uintptr_t)user != dev->cookie)
		return;
	c = kms_crtc_by_id(dev, crtc_id);
	if (!c || !c->flip_pending)
		return;
	c->flip_pending = false;
	if (c->vblank)
		c->last_sequence = kms_sequence_extend(c->last_sequence, sequence);
	else
		c->last_sequence++;
	ev = (struct kms_flip_event){
		.output = c->flip_output,
		.sequence = c->last_sequence,
		.kernel_sequence = c->vblank,
		.time_ns = (uint64_t)tv_sec * 1000000000u + (uint64_t)tv_usec * 1000u,
		.user_data = c->flip_user_data,
	};
	if (dev->dispatch_events && dev->dispatch_events->flip_done)
		dev->dispatch_events->flip_done(&ev, dev->dispatch_data);
}

static void vblank_done(int fd, uint64_t sequence, uint64_t ns, uint64_t user)
{
	struct kms_device *dev = dispatching;
	struct kms_vblank_req *req;
	struct kms_vblank_event ev;

	if ((user & ~0xffull) != dev->cookie || (user & 0xff) >= KMS_MAX_OUTPUTS)
		return; /* requested by the process before us on this file */
	req = &dev->vblank_req[user & 0xff];
	ev = (struct kms_vblank_event){
		.output = req->output,
		.sequence = sequence,
		.time_ns = ns,
		.user_data = req->user_data,
	};
	if (!req->pending)
		return;
	req->pending = false;
	if (dev->dispatch_events && dev->dispatch_events->vblank)
		dev->dispatch_events->vblank(&ev, dev->dispatch_data);
}

int kms_vblank_request(struct kms_device *dev, size_t output, void *user_data,
		       struct kms_error *err)
{
	struct kms_vblank_req *req;
	const struct kms_output *o;
	uint64_t queued;
	int r;

	if ((r = kms_output_usable(dev, output, err)) < 0)
		return r;
	o = &dev->outputs[output];
	req = &dev->vblank_req[output];
	if (!o->active)
		return kms_fail(err, -EINVAL, "%s: not lit, no vblank to wait for", o->name);
	if (req->pending)
		return kms_fail(err, -EBUSY, "%s: a vblank request is already pending", o->name);
	*req = (struct kms_vblank_req){ dev, output, user_data, true };
	if (drmCrtcQueueSequence(dev->fd, o->crtc_id,
				 DRM_CRTC_SEQUENCE_RELATIVE | DRM_CRTC_SEQUENCE_NEXT_ON_MISS, 1,
				 &queued, dev->cookie | output) < 0) {
		req->pending = false;
		return kms_fail(err, errno == EINVAL ? -EOPNOTSUPP : -errno,
				"%s: CRTC %u gives no vblank events (driver %s): %s", o->name,
				o->crtc_id, dev->driver, strerror(errno));
	}
	return 0;
}

int kms_dispatch(struct kms_device *dev, const struct kms_events *events, void *data)
{
	drmEventContext ec = {
		.version = 4,
		.page_flip_handler2 = flip_done,
		.sequence_handler = vblank_done,
	};
	int r;

	/* Every request's user data is dev's cookie; the callbacks ride on dev for this call. */
	dev->dispatch_events = events;
	dev->dispatch_data = data;
	dispatching = dev;
	r = drmHandleEvent(dev->fd, &ec) < 0 ? -errno : 0;
	dispatching = NULL;
	dev->dispatch_events = NULL;
	dev->dispatch_data = NULL;
	return r;
}

int kms_vblank_now(struct kms_device *dev, size_t output, uint64_t *sequence, uint64_t *time_ns,
		   struct kms_error *err)
{
	const struct kms_output *o = kms_output(dev, output);

	if (!o || !o->crtc_id)
		return kms_fail(err, -EINVAL, "%s: not lit, no CRTC to read the vblank counter of",
				o ? o->name : "no such output");
	if (drmCrtcGetSequence(dev->fd, o->crtc_id, sequence, time_ns) < 0)
		return kms_fail(err, errno == EINVAL ? -EOPNOTSUPP : -errno,
				"%s: CRTC %u keeps no vblank counter (driver %s): %s", o->name,
				o->crtc_id, dev->driver, strerror(errno));
	return 0;
}
