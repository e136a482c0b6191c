/*
 * Screenshots through a writeback connector: the display engine writes
 * what a CRTC composes (every plane, the cursor included) into a
 * framebuffer, the way vkms, Arm's Mali-DP/komeda, R-Car DU and msm's DPU
 * do. Writeback connectors are hidden from clients that do not set
 * DRM_CLIENT_CAP_WRITEBACK_CONNECTORS; this library sets it at open, keeps
 * them out of its outputs (they are not displays) and uses them here only.
 *
 * Routing a connector to a CRTC is a modeset (the kernel refuses it
 * without ALLOW_MODESET), and a screenshot must never blank a screen. So
 * the writeback connector is routed by the modeset that lights the output
 * anyway (kms_writeback_route, in the same request) and detached by the
 * one that switches it off; a capture then only adds WRITEBACK_FB_ID (the
 * job) and WRITEBACK_OUT_FENCE_PTR (signalled when the frame is written)
 * to a plain blocking commit and waits for the fence. A request the
 * kernel refuses with the routing is sent again without it
 * (kms_config_request): an output is never left dark for the sake of
 * screenshots. With one writeback connector for several CRTCs, the first
 * output lit gets it.
 *
 * A CRTC drives the writeback connector beside a monitor only when both
 * encoders may be clones of each other (possible_clones; the kernel's
 * drm_atomic_check_valid_clones). vkms as of Linux 6.1 leaves them unset,
 * which the core turns into "only itself": its writeback connector works
 * only on a CRTC that drives no monitor, so it cannot capture what
 * Virtual-1 shows. kms_capture then says exactly that.
 */
#include <errno.h>
#include <poll.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "kms_priv.h"

/* A frame is 16.7 ms at 60 Hz; 50 Hz and slow virtual drivers need more. */
#define CAPTURE_TIMEOUT_MS 1000

static void read_formats(struct kms_device *dev, struct kms_writeback *wb)
{
	uint64_t blob_id = 0;
	drmModePropertyBlobRes *blob;

	wb->num_formats = 0;
	if (kms_prop_value(dev->fd, wb->connector_id, DRM_MODE_OBJECT_CONNECTOR,
			   "WRITEBACK_PIXEL_FORMATS", &blob_id) < 0 ||
	    !blob_id)
		return;
	blob = drmModeGetPropertyBlob(dev->fd, (uint32_t)blob_id);
	if (!blob)
		return;
	for (size_t i = 0; i < blob->length / sizeof(uint32_t) && i < KMS_WB_MAX_FORMATS; i++)
		memcpy(&wb->formats[wb->num_formats++], (const uint8_t *)blob->data + i * 4, 4);
	drmModeFreePropertyBlob(blob);
}

/* The encoder a connector uses (the one routed, else its first), or 0. */
static uint32_t connector_encoder(int fd, uint32_t connector_id)
{
	drmModeConnector *c = drmModeGetConnector(fd, connector_id);
	uint32_t id = 0;

	if (c)
		id = c->encoder_id ? c->encoder_id : c->count_encoders ? c->encoders[0] : 0;
	drmModeFreeConnector(c);
	return id;
}

/* The bit of encoder id in possible_clones masks (its index in the resources), or 0. */
static uint32_t encoder_bit(const drmModeRes *res, uint32_t id)
{
	for (int i = 0; i < res->count_encoders && i < 32; i++)
		if (res->encoders[i] == id)
			return 1u << i;
	return 0;
}

/* May one CRTC drive wb's encoder and the output connector's, as the kernel checks clones. */
static bool clonable(struct kms_device *dev, const struct kms_writeback *wb, uint32_t connector_id)
{
	drmModeRes *res = drmModeGetResources(dev->fd);
	uint32_t ids[2] = { wb->encoder_id, connector_encoder(dev->fd, connector_id) };
	uint32_t mask = 0;
	bool ok = res && ids[1];

	for (int i = 0; ok && i < 2; i++)
		mask |= encoder_bit(res, ids[i]);
	for (int i = 0; ok && i < 2; i++) {
		drmModeEncoder *e = drmModeGetEncoder(dev->fd, ids[i]);
		ok = e && (!e->possible_clones || (mask & e->possible_clones) == mask);
		drmModeFreeEncoder(e);
	}
	drmModeFreeResources(res);
	return ok;
}

static void read_writeback(struct kms_device *dev, const drmModeConnector *c)
{
	struct kms_writeback *wb = &dev->writebacks[dev->num_writebacks];
	static const struct {
		size_t offset;
		const char *name;
	} props[] = {
		{ offsetof(struct kms_writeback, prop_crtc_id), "CRTC_ID" },
		{ offsetof(struct kms_writeback, prop_fb_id), "WRITEBACK_FB_ID" },
		{ offsetof(struct kms_writeback, prop_out_fence), "WRITEBACK_OUT_FENCE_PTR" },
	};

	memset(wb, 0, sizeof(*wb));
	wb->connector_id = c->connector_id;
	wb->encoder_id = c->count_encoders ? c->encoders[0] : 0;
	for (int i = 0; i < c->count_encoders; i++) {
		drmModeEncoder *e = drmModeGetEncoder(dev->fd, c->encoders[i]);
		if (e)
			wb->possible_crtcs |= e->possible_crtcs;
		drmModeFreeEncoder(e);
	}
	for (size_t i = 0; i < sizeof(props) / sizeof(props[0]); i++) {
		uint32_t id = kms_prop_id(dev->fd, wb->connector_id, DRM_MODE_OBJECT_CONNECTOR,
					  props[i].name);
		if (!id)
			return; /* not usable: not counted */
		memcpy((char *)wb + props[i].offset, &id, sizeof(id));
	}
	read_formats(dev, wb);
	dev->num_writebacks++;
}

void kms_writeback_read(struct kms_device *dev)
{
	drmModeRes *res;

	dev->num_writebacks = 0;
	/* Drivers without writeback (and kernels before 4.19) refuse the capability: none. */
	if (drmSetClientCap(dev->fd, DRM_CLIENT_CAP_WRITEBACK_CONNECTORS, 1) < 0)
		return;
	res = drmModeGetResources(dev->fd);
	if (!res)
		return;
	for (int i = 0; i < res->count_connectors && dev->num_writebacks < KMS_MAX_WRITEBACKS;
	     i++) {
		drmModeConnector *c = drmModeGetConnector(dev->fd, res->connectors[i]);
		if (c && c->connector_type == DRM_MODE_CONNECTOR_WRITEBACK)
			read_writeback(dev, c);
		drmModeFreeConnector(c);
	}
	drmModeFreeResources(res);
}

bool kms_is_writeback(const struct kms_device *dev, uint32_t connector_id)
{
	for (size_t i = 0; i < dev->num_writebacks; i++)
		if (dev->writebacks[i].connector_id == connector_id)
			return true;
	return false;
}

/* The writeback connector routed to crtc_id; *any: one exists that could be. */
static struct kms_writeback *writeback_for(struct kms_device *dev, uint32_t crtc_id, bool *any)
{
	int index = kms_crtc_index(dev, crtc_id);

	*any = false;
	for (size_t i = 0; index >= 0 && i < dev->num_writebacks; i++) {
		if (!(dev->writebacks[i].possible_crtcs & (1u << index)))
			continue;
		*any = true;
		if (dev->writebacks[i].attached_crtc == crtc_id)
			return &dev->writebacks[i];
	}
	return NULL;
}

int kms_writeback_route(struct kms_device *dev, drmModeAtomicReq *req, uint32_t crtc_id,
			uint32_t connector_id)
{
	int index = kms_crtc_index(dev, crtc_id);
	struct kms_writeback *pick = NULL;

	for (size_t i = 0; index >= 0 && i < dev->num_writebacks; i++) {
		struct kms_writeback *wb = &dev->writebacks[i];
		if (!(wb->possible_crtcs & (1u << index)))
			continue;
		if (wb->attached_crtc == crtc_id || wb->routing_crtc == crtc_id)
			return 0; /* routed already, or by this request */
		if (!pick && !wb->attached_crtc && !wb->routing_crtc &&
		    clonable(dev, wb, connector_id))
			pick = wb;
	}
	if (!pick)
		return 0;
	if (drmModeAtomicAddProperty(req, pick->connector_id, pick->prop_crtc_id, crtc_id) < 0)
		return -ENOMEM;
	pick->routing_crtc = crtc_id;
	return 1;
}

void kms_writeback_settle(struct kms_device *dev, bool committed)
{
	for (size_t i = 0; i < dev->num_writebacks; i++) {
		struct kms_writeback *wb = &dev->writebacks[i];
		if (committed && wb->routing_crtc)
			wb->attached_crtc = wb->routing_crtc;
		wb->routing_crtc = 0;
	}
}

void kms_writeback_adopt(struct kms_device *dev)
{
	for (size_t i = 0; i < dev->num_writebacks; i++) {
		uint64_t crtc = 0;
		struct kms_writeback *wb = &dev->writebacks[i];
		if (kms_prop_value(dev->fd, wb->connector_id, DRM_MODE_OBJECT_CONNECTOR, "CRTC_ID",
				   &crtc) == 0)
			wb->attached_crtc = (uint32_t)crtc;
	}
}

int kms_writeback_detach(struct kms_device *dev, drmModeAtomicReq *req, uint32_t crtc_id)
{
	for (size_t i = 0; i < dev->num_writebacks; i++) {
		struct kms_writeback *wb = &dev->writebacks[i];
		if (wb->attached_crtc != crtc_id)
			continue;
		if (drmModeAtomicAddProperty(req, wb->connector_id, wb->prop_crtc_id, 0) < 0)
			return -ENOMEM;
	}
	return 0;
}

void kms_writeback_detached(struct kms_device *dev, uint32_t crtc_id)
{
	for (size_t i = 0; i < dev->num_writebacks; i++)
		if (dev->writebacks[i].attached_crtc == crtc_id)
			dev->writebacks[i].attached_crtc = 0;
}

/* Whether some writeback connector reaching o's CRTC could be its clone. */
static bool writeback_for_clone(struct kms_device *dev, const struct kms_output *o)
{
	int index = kms_crtc_index(dev, o->crtc_id);

	for (size_t i = 0; index >= 0 && i < dev->num_writebacks; i++)
		if ((dev->writebacks[i].possible_crtcs & (1u << index)) &&
		    clonable(dev, &dev->writebacks[i], o->connector_id))
			return true;
	return false;
}

static bool has_format(const struct kms_writeback *wb, uint32_t format)
{
	for (size_t i = 0; i < wb->num_formats; i++)
		if (wb->formats[i] == format)
			return true;
	return false;
}

static int wait_fence(int fence, const char *name, struct kms_error *err)
{
	struct pollfd p = { .fd = fence, .events = POLLIN };
	int r;

	do
		r = poll(&p, 1, CAPTURE_TIMEOUT_MS);
	while (r < 0 && errno == EINTR);
	if (r < 0)
		return kms_fail(err, -errno, "%s: waiting for the writeback fence: %s", name,
				strerror(errno));
	if (r == 0)
		return kms_fail(err, -ETIMEDOUT,
				"%s: the writeback frame did not complete within %d ms", name,
				CAPTURE_TIMEOUT_MS);
	return 0;
}

int kms_capture(struct kms_device *dev, size_t output, const struct kms_buffer *buf,
		struct kms_error *err)
{
	const struct kms_output *o;
	struct kms_writeback *wb;
	drmModeAtomicReq *req;
	int32_t fence = -1;
	bool any, bad;
	int r;

	if ((r = kms_output_usable(dev, output, err)) < 0)
		return r;
	o = &dev->outputs[output];
	if (!o->active)
		return kms_fail(err, -EINVAL, "%s: not lit: nothing to capture", o->name);
	if (buf->width != o->mode.hdisplay || buf->height != o->mode.vdisplay)
		return kms_fail(err, -EINVAL,
				"%s: a %ux%u buffer cannot take a capture of mode %ux%u (writeback "
				"does not scale)",
				o->name, buf->width, buf->height, o->mode.hdisplay,
				o->mode.vdisplay);
	wb = writeback_for(dev, o->crtc_id, &any);
	if (!wb && !any)
		return kms_fail(err, -EOPNOTSUPP,
				"%s: driver %s has no writeback connector for CRTC %u: no "
				"screenshots on this device",
				o->name, dev->driver, o->crtc_id);
	if (!wb && any && !writeback_for_clone(dev, o))
		return kms_fail(err, -EOPNOTSUPP,
				"%s: driver %s: its writeback connector cannot share CRTC %u with "
				"this output (the encoders are not possible clones), so it cannot "
				"capture what the monitor shows",
				o->name, dev->driver, o->crtc_id);
	if (!wb)
		return kms_fail(err, -EBUSY,
				"%s: no writeback connector is routed to CRTC %u (another output "
				"holds it, the kernel refused it, or the output was lit before); "
				"routing one is a modeset, which a screenshot never does",
				o->name, o->crtc_id);
	if (!has_format(wb, buf->format))
		return kms_fail(
			err, -EINVAL,
			"%s: writeback connector %u does not write format 0x%08x (%zu formats "
			"offered)",
			o->name, wb->connector_id, buf->format, wb->num_formats);
	req = drmModeAtomicAlloc();
	if (!req)
		return kms_fail(err, -ENOMEM, "%s: out of memory", o->name);
	bad = drmModeAtomicAddProperty(req, wb->connector_id, wb->prop_fb_id, buf->fb_id) < 0 ||
	      drmModeAtomicAddProperty(req, wb->connector_id, wb->prop_out_fence,
				       (uint64_t)(uintptr_t)&fence) < 0;
	r = kms_send_blocking(dev, req, bad, o->name, err);
	if (r < 0 && bad)
		return r;
	if (r < 0)
		return kms_fail(err, r,
				"%s: the kernel refused a writeback job on connector %u of CRTC %u "
				"(framebuffer %u, %ux%u): %s",
				o->name, wb->connector_id, o->crtc_id, buf->fb_id, buf->width,
				buf->height, strerror(-r));
	if (fence < 0)
		return kms_fail(err, -EIO, "%s: the kernel returned no writeback fence", o->name);
	r = wait_fence(fence, o->name, err);
	close(fence);
	return r;
}
