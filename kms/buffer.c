/*
 * Scanout buffers: dumb buffers, which every KMS driver can allocate and
 * scan out, with a framebuffer id and a CPU mapping; exported as dma-buf
 * so a client maps and draws into the very memory that is scanned out.
 */
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/mman.h>

#include <drm_fourcc.h>

#include "kms_priv.h"

int kms_buffer_create(struct kms_device *dev, uint32_t width, uint32_t height, uint32_t format,
		      struct kms_buffer *out, struct kms_error *err)
{
	struct kms_buffer b = { .width = width, .height = height, .format = format };
	uint32_t handles[4] = { 0 }, pitches[4] = { 0 }, offsets[4] = { 0 };
	uint64_t offset;
	int r;

	if (format != DRM_FORMAT_XRGB8888 && format != DRM_FORMAT_ARGB8888)
		return kms_fail(err, -EINVAL,
				"%s: dumb buffers are made in XRGB8888 or ARGB8888, not 0x%08x",
				dev->path, format);
	if (!width || !height)
		return kms_fail(err, -EINVAL, "%s: a %ux%u buffer is empty", dev->path, width,
				height);
	if (drmModeCreateDumbBuffer(dev->fd, width, height, 32, 0, &b.handle, &b.pitch, &b.size) <
	    0)
		return kms_fail(err, -errno, "%s: cannot create a %ux%u dumb buffer: %s", dev->path,
				width, height, strerror(errno));
	handles[0] = b.handle;
	pitches[0] = b.pitch;
	if (drmModeAddFB2(dev->fd, width, height, format, handles, pitches, offsets, &b.fb_id, 0) <
	    0) {
		r = kms_fail(err, -errno, "%s: cannot add a %ux%u framebuffer (pitch %u): %s",
			     dev->path, width, height, b.pitch, strerror(errno));
		goto fail;
	}
	if (drmModeMapDumbBuffer(dev->fd, b.handle, &offset) < 0) {
		r = kms_fail(err, -errno, "%s: cannot map dumb buffer %u: %s", dev->path, b.handle,
			     strerror(errno));
		goto fail;
	}
	b.map = mmap(NULL, b.size, PROT_READ | PROT_WRITE, MAP_SHARED, dev->fd, (off_t)offset);
	if (b.map == MAP_FAILED) {
		b.map = NULL;
		r = kms_fail(err, -errno, "%s: mmap of a %llu-byte dumb buffer: %s", dev->path,
			     (unsigned long long)b.size, strerror(errno));
		goto fail;
	}
	*out = b;
	return 0;
fail:
	kms_buffer_destroy(dev, &b);
	return r;
}

int kms_buffer_export(struct kms_device *dev, const struct kms_buffer *buf, int *fd,
		      struct kms_error *err)
{
	if (drmPrimeHandleToFD(dev->fd, buf->handle, DRM_CLOEXEC | DRM_RDWR, fd) < 0)
		return kms_fail(err, -errno,
				"%s: cannot export buffer %u (framebuffer %u) as dma-buf: %s",
				dev->path, buf->handle, buf->fb_id, strerror(errno));
	return 0;
}

void kms_buffer_destroy(struct kms_device *dev, struct kms_buffer *buf)
{
	if (buf->map)
		munmap(buf->map, buf->size);
	if (buf->fb_id)
		drmModeRmFB(dev->fd, buf->fb_id);
	if (buf->imported) {
		for (int i = 0; i < 4; i++) {
			bool seen = false;
			for (int k = 0; k < i; k++)
				seen |= buf->plane_handles[k] == buf->plane_handles[i];
			if (buf->plane_handles[i] && !seen)
				drmCloseBufferHandle(dev->fd, buf->plane_handles[i]);
		}
	} else if (buf->handle) {
		drmModeDestroyDumbBuffer(dev->fd, buf->handle);
	}
	memset(buf, 0, sizeof(*buf));
}
