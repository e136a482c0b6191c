/*
 * Committing a configuration: one atomic request for all listed outputs,
 * ALLOW_MODESET only when a mode, an output's activity or its CRTC
 * changes, so a framebuffer change never blanks a screen.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "kms_priv.h"

bool kms_needs_modeset(const struct kms_device *dev, const struct kms_output_config *cfg, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		const struct kms_output *o = kms_output(dev, cfg[i].output);
		if (!o)
			continue; /* kms_commit refuses it by name */
		if (cfg[i].active != o->active)
			return true;
		if (cfg[i].active && memcmp(&cfg[i].mode, &o->mode, sizeof(o->mode)) != 0)
			return true;
	}
	return false;
}

int kms_config_prepare(struct kms_device *dev, const struct kms_output_config *cfg, size_t n,
		       uint32_t *assigned, struct kms_error *err)
{
	int r;

	*assigned = 0;
	for (size_t i = 0; i < n; i++) {
		if ((r = kms_output_usable(dev, cfg[i].output, err)) < 0)
			goto undo;
		if (!cfg[i].active || dev->outputs[cfg[i].output].crtc_id)
			continue;
		if ((r = kms_assign(dev, cfg[i].output, err)) < 0)
			goto undo;
		*assigned |= 1u << cfg[i].output;
	}
	return 0;
undo:
	kms_config_unassign(dev, *assigned);
	*assigned = 0;
	return r;
}

void kms_config_unassign(struct kms_device *dev, uint32_t assigned)
{
	for (size_t i = 0; i < dev->num_outputs; i++) {
		if (!(assigned & (1u << i)))
			continue;
		dev->outputs[i].crtc_id = 0;
		dev->outputs[i].primary_id = 0;
		dev->outputs[i].cursor_id = 0;
	}
}

/* One atomic request for cfg; route: writeback connectors go to the CRTCs lit (a modeset). */
static int send_request(struct kms_device *dev, const struct kms_output_config *cfg, size_t n,
			uint32_t flags, uint32_t *blobs, bool route, bool *routed,
			struct kms_error *err)
{
	drmModeAtomicReq *req = drmModeAtomicAlloc();
	int r = 0;

	*routed = false;
	if (!req)
		return kms_fail(err, -ENOMEM, "%s: out of memory", dev->path);
	for (size_t i = 0; i < n && r == 0; i++) {
		const struct kms_output *o = &dev->outputs[cfg[i].output];

		blobs[i] = 0;
		if (!o->crtc_id)
			continue;
		r = kms_request_output(dev, req, &cfg[i], &blobs[i], err);
		if (r == 0 && route && cfg[i].active) {
			int w = kms_writeback_route(dev, req, o->crtc_id, o->connector_id);
			if (w < 0)
				r = kms_fail(err, w, "%s: out of memory", o->name);
			*routed = *routed || w > 0;
		}
	}
	if (r == 0 && drmModeAtomicCommit(dev->fd, req, flags, NULL) < 0)
		r = -errno;
	drmModeAtomicFree(req);
	return r;
}

int kms_config_request(struct kms_device *dev, const struct kms_output_config *cfg, size_t n,
		       uint32_t flags, uint32_t *blobs, struct kms_error *err)
{
	bool routed;
	int r = send_request(dev, cfg, n, flags, blobs, flags & DRM_MODE_ATOMIC_ALLOW_MODESET,
			     &routed, err);

	/* never dark for the sake of screenshots: the same without writeback routing */
	if (r < 0 && routed) {
		kms_blobs_destroy(dev, blobs, n);
		kms_writeback_settle(dev, false);
		r = send_request(dev, cfg, n, flags, blobs, false, &routed, err);
	}
	kms_writeback_settle(dev, r == 0 && !(flags & DRM_MODE_ATOMIC_TEST_ONLY));
	return r;
}

void kms_blobs_destroy(struct kms_device *dev, uint32_t *blobs, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (blobs[i])
			drmModeDestroyPropertyBlob(dev->fd, blobs[i]);
}

/* After a successful commit: remember what is lit, seed the flip sequence. */
static void committed(struct kms_device *dev, const struct kms_output_config *cfg, uint32_t blob)
{
	struct kms_output *o = &dev->outputs[cfg->output];
	struct kms_crtc *c = kms_crtc_by_id(dev, o->crtc_id);
	uint64_t seq, ns;

	if (!c)
		return;
	if (c->mode_blob)
		drmModeDestroyPropertyBlob(dev->fd, c->mode_blob);
	c->mode_blob = blob;
	o->active = cfg->active;
	o->fb_id = cfg->active ? cfg->fb_id : 0;
	if (!cfg->active) {
		kms_writeback_detached(dev, c->id);
		memset(&o->mode, 0, sizeof(o->mode));
		c->flip_pending = false;
		o->crtc_id = o->primary_id = o->cursor_id = 0;
		return;
	}
	o->mode = cfg->mode;
	/* A driver without vblank support (virtio-gpu) has no counter to read. */
	c->vblank = drmCrtcGetSequence(dev->fd, c->id, &seq, &ns) == 0;
	if (c->vblank)
		c->last_sequence = seq;
}

int kms_commit(struct kms_device *dev, const struct kms_output_config *cfg, size_t n,
	       struct kms_error *err)
{
	uint32_t assigned, flags = 0;
	uint32_t *blobs;
	int r;

	if (!n)
		return 0;
	blobs = calloc(n, sizeof(*blobs));
	if (!blobs)
		return kms_fail(err, -ENOMEM, "%s: out of memory", dev->path);
	if ((r = kms_config_prepare(dev, cfg, n, &assigned, err)) < 0)
		goto out;
	if (kms_needs_modeset(dev, cfg, n))
		flags |= DRM_MODE_ATOMIC_ALLOW_MODESET;
	r = kms_config_request(dev, cfg, n, flags, blobs, err);
	if (r < 0) {
		kms_blobs_destroy(dev, blobs, n);
		/* The test narrows the kernel's errno down to the piece it refused. */
		kms_diagnose(dev, cfg, n, r, err);
		kms_config_unassign(dev, assigned);
		goto out;
	}
	for (size_t i = 0; i < n; i++)
		committed(dev, &cfg[i], blobs[i]);
out:
	free(blobs);
	return r;
}

int kms_output_off(struct kms_device *dev, size_t output, struct kms_error *err)
{
	struct kms_output_config cfg = { .output = output, .active = false };
	uint32_t blob = 0;
	int r = kms_output_usable(dev, output, err);

	if (r < 0)
		return r;
	if (!dev->outputs[output].crtc_id)
		return 0; /* no CRTC: nothing to switch off */
	/* what a lessee left lit is a modeset away from off, whatever dev remembers */
	r = kms_config_request(dev, &cfg, 1, DRM_MODE_ATOMIC_ALLOW_MODESET, &blob, err);
	if (r < 0)
		return kms_fail(err, r, "%s: the kernel refused switching it off: %s",
				dev->outputs[output].name, strerror(-r));
	committed(dev, &cfg, 0);
	return 0;
}
