/*
 * Framebuffers. The library keeps a duplicate of every framebuffer's
 * descriptor: dcd forgets framebuffer ids when it restarts, and the same
 * memory is registered again (FB_CREATE) on reconnection, so the dcc_fb
 * objects an application holds keep working. That holds for buffers dcd
 * allocated too (dcc_fb_alloc): their fd is a memfd (Display Core) or a
 * dma-buf of dcd's DRM device (KMS), which a dcd of the same engine takes
 * back with FB_CREATE; one that cannot is reported as any framebuffer
 * that is not created again.
 */
#include <errno.h>
#include <fcntl.h>
#include <linux/dma-buf.h>
#include <linux/magic.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/vfs.h>
#include <unistd.h>

#include "client_internal.h"

/* The display engine scans out pitches that are multiples of 256 bytes. */
#define DCC_PITCH_ALIGN 256u

/* FB_CREATE for fb's descriptor: 0 with fb->id set, or the error. */
int dcc_fb_register(struct dcc_fb *fb)
{
	uint32_t id;
	int ret = dcc_call(fb->client, DCP_REQ_FB_CREATE, &fb->layout, fb->fd, &id);

	if (ret)
		return ret;
	fb->id = id;
	return 0;
}

void dcc_fb_forget_ids(struct dcc_client *c)
{
	for (struct dcc_fb *fb = c->fbs; fb; fb = fb->next)
		fb->id = 0;
}

/* Whether fd is a dma-buf: its filesystem says so. */
static bool is_dmabuf(int fd)
{
	struct statfs sfs;

	return fstatfs(fd, &sfs) == 0 && (unsigned long)sfs.f_type == DMA_BUF_MAGIC;
}

static void fb_free(struct dcc_fb *fb)
{
	if (fb->map)
		munmap(fb->map, fb->map_size);
	if (fb->fd >= 0)
		close(fb->fd);
	free(fb);
}

/* Checks the layout, registers fb (which owns fd and map) and links it in. */
static int fb_finish(struct dcc_client *c, struct dcc_fb *fb, struct dcc_fb **out)
{
	struct dcp_error err;
	int ret;

	ret = fb->dmabuf ? dcp_fb_size_any_modifier(&fb->layout, &fb->size, &err)
			 : dcp_fb_size(&fb->layout, &fb->size, &err);
	if (ret) {
		fb_free(fb);
		return dcc_fail(c, ret, "%s", err.text);
	}
	ret = dcc_fb_register(fb);
	if (ret) {
		fb_free(fb);
		return ret;
	}
	fb->next = c->fbs;
	c->fbs = fb;
	*out = fb;
	return 0;
}

static struct dcc_fb *fb_new(struct dcc_client *c, uint32_t format, uint32_t width, uint32_t height)
{
	struct dcc_fb *fb = calloc(1, sizeof(*fb));

	if (!fb)
		return NULL;
	fb->client = c;
	fb->fd = -1;
	fb->layout.format = format;
	fb->layout.modifier = 0; /* DRM_FORMAT_MOD_LINEAR */
	fb->layout.width = width;
	fb->layout.height = height;
	return fb;
}

/*
 * A framebuffer of the caller's fd (duplicated) with a layout; dmabuf:
 * the fd must be one. dcc_fb_create takes what its fd is: a memfd, or a
 * linear dma-buf where dcd imports them (the same FB_CREATE; dcd tells
 * them apart).
 */
static int fb_of_fd(struct dcc_client *c, int fd, uint32_t format, uint64_t modifier,
		    uint32_t width, uint32_t height, const uint32_t pitches[4],
		    const uint32_t offsets[4], bool dmabuf, struct dcc_fb **out)
{
	struct dcc_fb *fb;
	int ret;

	fb = fb_new(c, format, width, height);
	if (!fb)
		return dcc_fail(c, -ENOMEM, "out of memory");
	fb->layout.modifier = modifier;
	memcpy(fb->layout.pitches, pitches, sizeof(fb->layout.pitches));
	memcpy(fb->layout.offsets, offsets, sizeof(fb->layout.offsets));
	fb->fd = fcntl(fd, F_DUPFD_CLOEXEC, 0);
	if (fb->fd < 0) {
		ret = -errno;
		fb_free(fb);
		return dcc_fail(c, ret, "framebuffer descriptor %d: %s", fd, strerror(-ret));
	}
	fb->dmabuf = is_dmabuf(fb->fd);
	if (dmabuf && !fb->dmabuf) {
		fb_free(fb);
		return dcc_fail(c, -EINVAL, "framebuffer descriptor %d is not a dma-buf", fd);
	}
	return fb_finish(c, fb, out);
}

DCC_EXPORT int dcc_fb_create(struct dcc_client *c, int fd, uint32_t format, uint32_t width,
			     uint32_t height, const uint32_t pitches[4], const uint32_t offsets[4],
			     struct dcc_fb **out)
{
	int ret;

	*out = NULL;
	ret = dcc_check_connected(c);
	if (ret)
		return ret;
	return fb_of_fd(c, fd, format, 0, width, height, pitches, offsets, false, out);
}

DCC_EXPORT int dcc_fb_create_memfd(struct dcc_client *c, uint32_t format, uint32_t width,
				   uint32_t height, struct dcc_fb **out)
{
	const struct dcp_format_info *info = dcp_format_info(format);
	struct dcc_fb *fb;
	uint64_t pitch, size;
	int ret;

	*out = NULL;
	ret = dcc_check_connected(c);
	if (ret)
		return ret;
	if (!info || info->plane_count != 1)
		return dcc_fail(c, -EINVAL, "format 0x%08x: %s", format,
				info ? "has more than one plane" : "unknown to the protocol");
	if (width == 0 || height == 0 || width > DCP_MAX_FB_DIM || height > DCP_MAX_FB_DIM)
		return dcc_fail(c, -EINVAL, "framebuffer %ux%u: sizes are 1 to %d", width, height,
				DCP_MAX_FB_DIM);
	pitch = ((uint64_t)width * info->cpp[0] + DCC_PITCH_ALIGN - 1) / DCC_PITCH_ALIGN *
		DCC_PITCH_ALIGN;
	size = pitch * height;
	fb = fb_new(c, format, width, height);
	if (!fb)
		return dcc_fail(c, -ENOMEM, "out of memory");
	fb->layout.pitches[0] = (uint32_t)pitch;
	fb->fd = memfd_create("dcc-framebuffer", MFD_CLOEXEC | MFD_ALLOW_SEALING);
	if (fb->fd < 0 || ftruncate(fb->fd, (off_t)size) < 0 ||
	    fcntl(fb->fd, F_ADD_SEALS, F_SEAL_SHRINK | F_SEAL_GROW | F_SEAL_SEAL) < 0) {
		ret = -errno;
		fb_free(fb);
		return dcc_fail(c, ret, "memfd of %llu bytes: %s", (unsigned long long)size,
				strerror(-ret));
	}
	fb->map = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_SHARED, fb->fd, 0);
	if (fb->map == MAP_FAILED) {
		ret = -errno;
		fb->map = NULL;
		fb_free(fb);
		return dcc_fail(c, ret, "mapping %llu bytes: %s", (unsigned long long)size,
				strerror(-ret));
	}
	fb->map_size = size;
	return fb_finish(c, fb, out);
}

DCC_EXPORT int dcc_fb_create_dmabuf(struct dcc_client *c, int fd, uint32_t format,
				    uint64_t modifier, uint32_t width, uint32_t height,
				    const uint32_t pitches[4], const uint32_t offsets[4],
				    struct dcc_fb **out)
{
	int ret;

	*out = NULL;
	ret = dcc_check_connected(c);
	if (ret)
		return ret;
	if (!(c->welcome.capabilities & DCP_CAP_FB_DMABUF))
		return dcc_fail(c, -EOPNOTSUPP,
				"dcd takes no dma-bufs (no FB_DMABUF: its engine does not "
				"import them)");
	if (modifier != 0 && c->welcome.minor < 3)
		return dcc_fail(
			c, -EOPNOTSUPP,
			"dcd speaks protocol 1.%u; modifiers other than linear came with 1.3",
			c->welcome.minor);
	return fb_of_fd(c, fd, format, modifier, width, height, pitches, offsets, true, out);
}

DCC_EXPORT int dcc_fb_alloc(struct dcc_client *c, uint32_t format, uint32_t width, uint32_t height,
			    struct dcc_fb **out)
{
	struct dcp_fb_alloc req = { .format = format, .width = width, .height = height };
	struct dcc_pending result;
	struct dcc_fb *fb;
	int ret;

	*out = NULL;
	ret = dcc_check_connected(c);
	if (ret)
		return ret;
	if (!(c->welcome.capabilities & DCP_CAP_FB_ALLOC))
		return dcc_fail(
			c, -EOPNOTSUPP,
			"dcd speaks protocol 1.%u and offers no FB_ALLOC (it came with 1.3)",
			c->welcome.minor);
	ret = dcc_call_result(c, DCP_REQ_FB_ALLOC, &req, -1, &result);
	if (ret)
		return ret;
	if (result.fd < 0)
		return dcc_fail(c, -EPROTO, "dcd allocated framebuffer %u without its fd",
				result.value);
	fb = fb_new(c, format, width, height);
	if (!fb) {
		close(result.fd);
		return dcc_fail(c, -ENOMEM, "out of memory");
	}
	fb->fd = result.fd;
	fb->id = result.value;
	fb->dmabuf = is_dmabuf(fb->fd);
	fb->layout.pitches[0] = result.allocated.pitch;
	fb->layout.offsets[0] = result.allocated.offset;
	fb->size = result.allocated.size;
	fb->map = mmap(NULL, result.allocated.size, PROT_READ | PROT_WRITE, MAP_SHARED, fb->fd, 0);
	if (fb->map == MAP_FAILED) {
		ret = -errno;
		fb->map = NULL;
		dcc_fb_destroy(fb);
		return dcc_fail(c, ret, "mapping the %llu bytes dcd allocated: %s",
				(unsigned long long)result.allocated.size, strerror(-ret));
	}
	fb->map_size = result.allocated.size;
	fb->next = c->fbs;
	c->fbs = fb;
	*out = fb;
	return 0;
}

/* DMA_BUF_IOCTL_SYNC on a dma-buf (retried when interrupted); nothing to do on a memfd. */
static int fb_sync(struct dcc_fb *fb, uint64_t flags)
{
	struct dma_buf_sync sync = { .flags = flags | DMA_BUF_SYNC_RW };

	if (!fb->dmabuf)
		return 0;
	while (ioctl(fb->fd, DMA_BUF_IOCTL_SYNC, &sync) < 0) {
		if (errno != EINTR && errno != EAGAIN)
			return -errno;
	}
	return 0;
}

DCC_EXPORT int dcc_fb_begin_access(struct dcc_fb *fb)
{
	return fb_sync(fb, DMA_BUF_SYNC_START);
}

DCC_EXPORT int dcc_fb_end_access(struct dcc_fb *fb)
{
	return fb_sync(fb, DMA_BUF_SYNC_END);
}

DCC_EXPORT bool dcc_fb_is_dmabuf(const struct dcc_fb *fb)
{
	return fb->dmabuf;
}

DCC_EXPORT void dcc_fb_destroy(struct dcc_fb *fb)
{
	struct dcc_client *c;

	if (!fb)
		return;
	c = fb->client;
	if (c) {
		for (struct dcc_fb **p = &c->fbs; *p; p = &(*p)->next) {
			if (*p == fb) {
				*p = fb->next;
				break;
			}
		}
		if (fb->id && dcc_is_connected(c)) {
			struct dcp_fb_destroy d = { .fb_id = fb->id };

			dcc_send(c, DCP_REQ_FB_DESTROY, DCP_HEADER_NO_REPLY, &d, -1, NULL);
		}
		dcc_configs_drop_fb(c, fb);
	}
	fb_free(fb);
}

DCC_EXPORT void *dcc_fb_get_data(const struct dcc_fb *fb)
{
	return fb->map;
}

DCC_EXPORT uint32_t dcc_fb_get_pitch(const struct dcc_fb *fb, unsigned plane)
{
	return plane < DCP_MAX_FB_PLANES ? fb->layout.pitches[plane] : 0;
}

DCC_EXPORT uint64_t dcc_fb_get_size(const struct dcc_fb *fb)
{
	return fb->size;
}

DCC_EXPORT uint32_t dcc_fb_get_width(const struct dcc_fb *fb)
{
	return fb->layout.width;
}

DCC_EXPORT uint32_t dcc_fb_get_height(const struct dcc_fb *fb)
{
	return fb->layout.height;
}

DCC_EXPORT uint32_t dcc_fb_get_format(const struct dcc_fb *fb)
{
	return fb->layout.format;
}

DCC_EXPORT uint32_t dcc_fb_get_id(const struct dcc_fb *fb)
{
	return fb->id;
}
