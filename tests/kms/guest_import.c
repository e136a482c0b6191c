/*
 * A client's dma-buf as a framebuffer (kms_buffer_import): the "client" is
 * a second open file of the device (as a GBM client on another node would
 * be), which allocates and draws a buffer and exports it; kms/ imports it,
 * the kernel reports the framebuffer as described, and it is flipped to
 * the screen. Refusals: an fd that is not a dma-buf, and a modifier the
 * driver cannot scan out, each with a sentence.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include <drm_fourcc.h>
#include <xf86drm.h>

#include "guest.h"

struct client_buffer {
	int fd; /* the client's own file of the device */
	uint32_t handle, pitch;
	uint64_t size;
	int dmabuf;
};

static bool client_buffer(struct client_buffer *c, uint32_t w, uint32_t h)
{
	uint64_t offset;
	uint32_t *map;

	c->fd = open("/dev/dri/card0", O_RDWR | O_CLOEXEC);
	c->dmabuf = -1;
	if (c->fd < 0 ||
	    drmModeCreateDumbBuffer(c->fd, w, h, 32, 0, &c->handle, &c->pitch, &c->size) < 0 ||
	    drmModeMapDumbBuffer(c->fd, c->handle, &offset) < 0)
		return false;
	map = mmap(NULL, c->size, PROT_READ | PROT_WRITE, MAP_SHARED, c->fd, (off_t)offset);
	if (map == MAP_FAILED)
		return false;
	for (size_t i = 0; i < c->size / 4; i++)
		map[i] = (uint32_t)(i * 2654435761u) & 0xffffff;
	munmap(map, c->size);
	return drmPrimeHandleToFD(c->fd, c->handle, DRM_CLOEXEC | DRM_RDWR, &c->dmabuf) == 0;
}

void check_import(struct guest *g)
{
	uint32_t w = g->mode.hdisplay, h = g->mode.vdisplay;
	struct client_buffer c = { .fd = -1, .dmabuf = -1 };
	struct kms_dmabuf d = { .width = w,
				.height = h,
				.format = DRM_FORMAT_XRGB8888,
				.modifier = DRM_FORMAT_MOD_LINEAR,
				.planes = 1 };
	struct kms_error err = { "" };
	struct kms_buffer b = { 0 }, refused = { 0 };
	struct kms_flip_event ev;
	drmModeFB2 *fb = NULL;
	bool made = client_buffer(&c, w, h), flipped = false;
	int r = -ENOMEM, memfd;

	if (made) {
		d.fds[0] = c.dmabuf;
		d.pitches[0] = c.pitch;
		r = kms_buffer_import(g->dev, &d, &b, &err);
	}
	if (r == 0) {
		fb = drmModeGetFB2(kms_fd(g->dev), b.fb_id);
		flipped = kms_flip(g->dev, (size_t)g->main_out, b.fb_id, 0, NULL, &err) == 0 &&
			  wait_flip(g, g->main_out, &ev);
	}
	result("kms-import",
	       r == 0 && fb && fb->width == w && fb->height == h &&
		       fb->pixel_format == DRM_FORMAT_XRGB8888 && fb->pitches[0] == c.pitch &&
		       (!(fb->flags & DRM_MODE_FB_MODIFIERS) ||
			fb->modifier == DRM_FORMAT_MOD_LINEAR) &&
		       flipped,
	       "a %ux%u linear XRGB8888 dma-buf of another file (pitch %u): r %d, the kernel's "
	       "framebuffer %u is %ux%u pitch %u %s, flipped %d %s",
	       w, h, c.pitch, r, b.fb_id, fb ? fb->width : 0, fb ? fb->height : 0,
	       fb ? fb->pitches[0] : 0,
	       fb && (fb->flags & DRM_MODE_FB_MODIFIERS) ? "with modifier" : "without modifier",
	       flipped, r ? err.message : "");
	drmModeFreeFB2(fb);
	/* back to a buffer of our own before the import goes */
	if (kms_flip(g->dev, (size_t)g->main_out, g->buf[0].fb_id, 0, NULL, NULL) == 0)
		wait_flip(g, g->main_out, &ev);
	if (r == 0)
		kms_buffer_destroy(g->dev, &b);

	/* a memfd is not a dma-buf: the kernel's PRIME refusal, in a sentence */
	memfd = memfd_create("not-a-dmabuf", MFD_CLOEXEC);
	d.fds[0] = memfd;
	r = memfd >= 0 && ftruncate(memfd, (off_t)c.size) == 0
		    ? kms_buffer_import(g->dev, &d, &refused, &err)
		    : -errno;
	result("kms-import-not-dmabuf",
	       r < 0 && strstr(err.message, "cannot import plane 0") && !refused.fb_id, "r %d: %s",
	       r, err.message);
	if (memfd >= 0)
		close(memfd);

	/* a tiled layout no primary plane here scans out (or no modifiers at all) */
	d.fds[0] = c.dmabuf;
	d.modifier = I915_FORMAT_MOD_X_TILED;
	r = c.dmabuf >= 0 ? kms_buffer_import(g->dev, &d, &refused, &err) : -EBADF;
	result("kms-import-modifier",
	       (r == -EINVAL || r == -EOPNOTSUPP) && strstr(err.message, "modifier") &&
		       strstr(err.message, "XR24") && !refused.fb_id,
	       "r %d: %s", r, err.message);

	if (c.dmabuf >= 0)
		close(c.dmabuf);
	if (c.fd >= 0)
		close(c.fd);
}
