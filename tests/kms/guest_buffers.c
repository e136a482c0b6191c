/*
 * Scanout buffers exported as dma-buf, the cursor plane, and validation
 * refusals turned into sentences.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include <drm_fourcc.h>
#include <xf86drm.h>

#include "guest.h"

static void check_dmabuf(struct guest *g)
{
	struct kms_error err = { "" };
	struct kms_buffer b;
	int fd = -1, r;
	bool same = false;

	r = kms_buffer_create(g->dev, 256, 64, DRM_FORMAT_XRGB8888, &b, &err);
	if (r == 0)
		r = kms_buffer_export(g->dev, &b, &fd, &err);
	if (r == 0) {
		/* What a client writes through the dma-buf is in the scanout buffer. */
		uint32_t *m = mmap(NULL, b.size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
		if (m != MAP_FAILED) {
			for (size_t i = 0; i < b.size / 4; i++)
				m[i] = (uint32_t)(i * 2654435761u);
			same = true;
			for (size_t i = 0; i < b.size / 4; i++)
				same = same &&
				       ((uint32_t *)b.map)[i] == (uint32_t)(i * 2654435761u);
			munmap(m, b.size);
		} else {
			r = -errno;
		}
		close(fd);
	}
	result("kms-dmabuf", r == 0 && same,
	       "r %d fd %d, %llu bytes written through the dma-buf %s %s", r, fd,
	       r == 0 ? (unsigned long long)b.size : 0ull,
	       same ? "read back from the dumb buffer" : "NOT seen in the dumb buffer",
	       r ? err.message : "");
	if (b.handle)
		kms_buffer_destroy(g->dev, &b);
}

static void check_cursor(struct guest *g)
{
	const struct kms_output *o = kms_output(g->dev, (size_t)g->main_out);
	struct kms_error err = { "" };
	struct kms_buffer c = { 0 };
	drmModePlane *p = NULL;
	int r;

	r = kms_buffer_create(g->dev, 64, 64, DRM_FORMAT_ARGB8888, &c, &err);
	if (r == 0)
		r = kms_cursor_set(g->dev, (size_t)g->main_out, c.fb_id, 64, 64, 100, 50, &err);
	if (r == 0)
		p = drmModeGetPlane(kms_fd(g->dev), o->cursor_id);
	int64_t x = object_prop(kms_fd(g->dev), o->cursor_id, DRM_MODE_OBJECT_PLANE, "CRTC_X");
	int64_t y = object_prop(kms_fd(g->dev), o->cursor_id, DRM_MODE_OBJECT_PLANE, "CRTC_Y");
	bool shown = p && p->fb_id == c.fb_id && p->crtc_id == o->crtc_id && x == 100 && y == 50;
	uint32_t shown_fb = p ? p->fb_id : 0, shown_crtc = p ? p->crtc_id : 0;
	drmModeFreePlane(p);
	p = NULL;
	int r2 = r == 0 ? kms_cursor_set(g->dev, (size_t)g->main_out, 0, 0, 0, 0, 0, &err) : r;
	if (r2 == 0)
		p = drmModeGetPlane(kms_fd(g->dev), o->cursor_id);
	bool hidden = p && p->fb_id == 0;
	drmModeFreePlane(p);
	result("kms-cursor", r == 0 && shown && r2 == 0 && hidden,
	       "cursor plane %u: fb %u on CRTC %u at %lld,%lld (want %u on %u at 100,50), then "
	       "hidden %d (r %d/%d) %s",
	       o->cursor_id, shown_fb, shown_crtc, (long long)x, (long long)y, c.fb_id, o->crtc_id,
	       hidden, r, r2, r || r2 ? err.message : "");
	if (c.handle)
		kms_buffer_destroy(g->dev, &c);
}

void check_buffers_and_cursor(struct guest *g)
{
	check_dmabuf(g);
	check_cursor(g);
}

void check_refusals(struct guest *g)
{
	const struct kms_output *o = kms_output(g->dev, (size_t)g->main_out);
	struct kms_output_config cfg = {
		.output = (size_t)g->main_out,
		.active = true,
		.mode = g->mode,
		.fb_id = g->buf[0].fb_id,
		.fb_width = g->buf[0].width,
		.fb_height = g->buf[0].height,
	};
	struct kms_error err = { "" };
	struct kms_buffer small = { 0 };
	char want[64];
	int r;

	/* A 64x64 framebuffer on the whole CRTC needs scaling these drivers lack. */
	r = kms_buffer_create(g->dev, 64, 64, DRM_FORMAT_XRGB8888, &small, &err);
	if (r == 0) {
		cfg.fb_id = small.fb_id;
		cfg.fb_width = cfg.fb_height = 64;
		r = kms_validate(g->dev, &cfg, 1, &err);
	}
	snprintf(want, sizeof(want), "primary plane %u", o->primary_id);
	/* The kernel's errno is its own (vkms EINVAL, virtio-gpu ERANGE); the sentence is ours. */
	result("kms-refuse-plane",
	       (r == -EINVAL || r == -ERANGE) && !strncmp(err.message, o->name, strlen(o->name)) &&
		       strstr(err.message, want) && strstr(err.message, "(64x64)"),
	       "r %d: %s", r, err.message);
	if (small.handle)
		kms_buffer_destroy(g->dev, &small);

	/* A timing whose sync starts inside the active area. */
	cfg.fb_id = g->buf[0].fb_id;
	cfg.fb_width = g->buf[0].width;
	cfg.fb_height = g->buf[0].height;
	cfg.mode.hsync_start = (uint16_t)(cfg.mode.hdisplay - 8);
	err.message[0] = 0;
	r = kms_validate(g->dev, &cfg, 1, &err);
	snprintf(want, sizeof(want), "refused mode %ux%u", g->mode.hdisplay, g->mode.vdisplay);
	result("kms-refuse-mode",
	       r == -EINVAL && !strncmp(err.message, o->name, strlen(o->name)) &&
		       strstr(err.message, want),
	       "r %d: %s", r, err.message);
}
