/*
 * Validation is the kernel's atomic TEST_ONLY. The kernel answers a whole
 * request with one errno (usually a bare EINVAL), so a refusal is narrowed
 * down by testing the pieces: each output alone, then its mode without
 * the plane, then the mode with a buffer of the mode's own size. The
 * sentence names the output, the mode or the plane the kernel refused.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <drm_fourcc.h>

#include "kms_priv.h"

static int test(struct kms_device *dev, const struct kms_output_config *cfg, size_t n)
{
	uint32_t flags = DRM_MODE_ATOMIC_TEST_ONLY;
	uint32_t blobs[KMS_MAX_OUTPUTS];
	int r;

	if (n > KMS_MAX_OUTPUTS)
		return -E2BIG;
	if (kms_needs_modeset(dev, cfg, n))
		flags |= DRM_MODE_ATOMIC_ALLOW_MODESET;
	r = kms_config_request(dev, cfg, n, flags, blobs, NULL);
	kms_blobs_destroy(dev, blobs, n);
	return r;
}

static void mode_text(const drmModeModeInfo *m, char *buf, size_t size)
{
	uint32_t mhz = kms_mode_mhz(m);

	snprintf(buf, size, "%ux%u@%u.%03u (%u kHz, total %ux%u)", m->hdisplay, m->vdisplay,
		 mhz / 1000, mhz % 1000, m->clock, m->htotal, m->vtotal);
}

static bool listed_mode(const struct kms_output *o, const drmModeModeInfo *m)
{
	for (size_t i = 0; i < o->num_modes; i++)
		if (!memcmp(&o->modes[i].clock, &m->clock,
			    offsetof(drmModeModeInfo, vrefresh) - offsetof(drmModeModeInfo, clock)))
			return true;
	return false;
}

/* One output refused alone: its mode or its plane? */
static void explain_one(struct kms_device *dev, const struct kms_output_config *cfg, int r,
			struct kms_error *err)
{
	const struct kms_output *o = &dev->outputs[cfg->output];
	struct kms_output_config piece = *cfg;
	struct kms_buffer tmp;
	char mode[96];
	bool mode_ok;

	if (!cfg->active) {
		kms_fail(err, r, "%s: the kernel refused turning it off (atomic TEST_ONLY: %s)",
			 o->name, strerror(-r));
		return;
	}
	mode_text(&cfg->mode, mode, sizeof(mode));
	/* The mode alone, the plane off; some drivers insist on a primary plane. */
	piece.fb_id = 0;
	mode_ok = test(dev, &piece, 1) == 0;
	if (!mode_ok && cfg->fb_id &&
	    kms_buffer_create(dev, cfg->mode.hdisplay, cfg->mode.vdisplay, DRM_FORMAT_XRGB8888,
			      &tmp, NULL) == 0) {
		piece.fb_id = tmp.fb_id;
		piece.fb_width = tmp.width;
		piece.fb_height = tmp.height;
		mode_ok = test(dev, &piece, 1) == 0;
		kms_buffer_destroy(dev, &tmp);
	}
	if (!mode_ok) {
		kms_fail(err, r,
			 "%s: the kernel refused mode %s on CRTC %u%s (atomic TEST_ONLY: %s)",
			 o->name, mode, o->crtc_id,
			 listed_mode(o, &cfg->mode) ? "" : ", not one of the connector's modes",
			 strerror(-r));
		return;
	}
	kms_fail(err, r,
		 "%s: the kernel refused framebuffer %u (%ux%u) on primary plane %u of CRTC %u "
		 "for mode %ux%u%s (atomic TEST_ONLY: %s)",
		 o->name, cfg->fb_id, cfg->fb_width, cfg->fb_height, o->primary_id, o->crtc_id,
		 cfg->mode.hdisplay, cfg->mode.vdisplay,
		 cfg->fb_width != cfg->mode.hdisplay || cfg->fb_height != cfg->mode.vdisplay
			 ? ", which needs scaling"
			 : "",
		 strerror(-r));
}

void kms_diagnose(struct kms_device *dev, const struct kms_output_config *cfg, size_t n, int r,
		  struct kms_error *err)
{
	char names[160] = "";
	size_t len = 0;

	if (r != -EINVAL && r != -ERANGE && r != -ENOSPC) {
		kms_fail(err, r, "%s (driver %s): atomic commit of %zu output(s) failed: %s",
			 dev->path, dev->driver, n, strerror(-r));
		return;
	}
	for (size_t i = 0; i < n; i++) {
		if (n == 1 || test(dev, &cfg[i], 1) < 0) {
			explain_one(dev, &cfg[i], r, err);
			return;
		}
		if (len < sizeof(names))
			len += (size_t)snprintf(names + len, sizeof(names) - len, "%s%s",
						i ? ", " : "", dev->outputs[cfg[i].output].name);
	}
	kms_fail(err, r,
		 "%s: the kernel takes each of the outputs %s alone but refused them together "
		 "(shared clocks, bandwidth or planes; atomic TEST_ONLY: %s)",
		 dev->path, names, strerror(-r));
}

int kms_validate(struct kms_device *dev, const struct kms_output_config *cfg, size_t n,
		 struct kms_error *err)
{
	uint32_t assigned;
	int r;

	if (!n)
		return 0;
	if ((r = kms_config_prepare(dev, cfg, n, &assigned, err)) < 0)
		return r;
	r = test(dev, cfg, n);
	if (r < 0)
		kms_diagnose(dev, cfg, n, r, err);
	kms_config_unassign(dev, assigned);
	return r;
}
