/*
 * Clients' dma-bufs as framebuffers: what GBM or Vulkan hands a compositor
 * (one fd, offset and pitch per plane, a format and a modifier) imported
 * with PRIME and added with AddFB2, with the modifier where the driver
 * takes modifiers (DRM_CAP_ADDFB2_MODIFIERS).
 *
 * Before asking the kernel, the format and modifier are checked against
 * what the primary planes say they scan out (their IN_FORMATS blob): the
 * kernel's own answer to a modifier it cannot scan out would be a bare
 * EINVAL from AddFB2 or, worse, from the flip much later. A driver
 * without modifiers takes only buffers without one (DRM_FORMAT_MOD_INVALID:
 * the producer's implicit layout) or linear ones, which it is given
 * without a modifier.
 */
#include <errno.h>
#include <string.h>
#include <sys/stat.h>

#include <drm_fourcc.h>

#include "kms_priv.h"

/* A format's four characters for sentences ("XR24"), in buf. */
static const char *fourcc(uint32_t format, char buf[8])
{
	for (int i = 0; i < 4; i++) {
		char c = (char)((format >> (8 * i)) & 0xff);
		buf[i] = c >= 0x20 && c < 0x7f ? c : '?';
	}
	buf[4] = 0;
	return buf;
}

/*
 * Whether some primary plane lists format with modifier in IN_FORMATS;
 * *listed: how many format/modifier pairs the planes list in all (0: no
 * plane has the blob).
 */
static bool plane_takes(struct kms_device *dev, uint32_t format, uint64_t modifier, size_t *listed)
{
	bool found = false;

	*listed = 0;
	for (size_t i = 0; i < dev->num_planes && !found; i++) {
		drmModeFormatModifierIterator it = { 0 };
		drmModePropertyBlobRes *blob;
		uint64_t blob_id = 0;

		if (dev->planes[i].type != DRM_PLANE_TYPE_PRIMARY ||
		    kms_prop_value(dev->fd, dev->planes[i].id, DRM_MODE_OBJECT_PLANE, "IN_FORMATS",
				   &blob_id) < 0 ||
		    !blob_id)
			continue;
		blob = drmModeGetPropertyBlob(dev->fd, (uint32_t)blob_id);
		while (blob && drmModeFormatModifierBlobIterNext(blob, &it)) {
			(*listed)++;
			found |= it.fmt == format && it.mod == modifier;
		}
		drmModeFreePropertyBlob(blob);
	}
	return found;
}

static int check_layout(struct kms_device *dev, const struct kms_dmabuf *d, bool *with_modifier,
			struct kms_error *err)
{
	uint64_t cap = 0;
	char name[8];
	size_t listed;

	if (!d->planes || d->planes > 4)
		return kms_fail(err, -EINVAL, "%s: a dma-buf framebuffer has 1 to 4 planes, not %u",
				dev->path, d->planes);
	if (!d->width || !d->height)
		return kms_fail(err, -EINVAL, "%s: a %ux%u framebuffer is empty", dev->path,
				d->width, d->height);
	for (unsigned i = 0; i < d->planes; i++) {
		struct stat st;
		if (d->fds[i] < 0 || fstat(d->fds[i], &st) < 0)
			return kms_fail(err, -EBADF, "%s: plane %u's dma-buf fd %d is not open",
					dev->path, i, d->fds[i]);
		if (!d->pitches[i])
			return kms_fail(err, -EINVAL, "%s: plane %u of the dma-buf has pitch 0",
					dev->path, i);
	}
	*with_modifier = false;
	if (d->modifier == DRM_FORMAT_MOD_INVALID)
		return 0; /* the producer's implicit layout: the kernel decides */
	if (drmGetCap(dev->fd, DRM_CAP_ADDFB2_MODIFIERS, &cap) < 0 || !cap) {
		if (d->modifier == DRM_FORMAT_MOD_LINEAR)
			return 0;
		return kms_fail(
			err, -EOPNOTSUPP,
			"%s (driver %s): takes no format modifiers "
			"(DRM_CAP_ADDFB2_MODIFIERS is 0), so not %s with modifier 0x%016llx; "
			"only linear or implicit buffers",
			dev->path, dev->driver, fourcc(d->format, name),
			(unsigned long long)d->modifier);
	}
	if (!plane_takes(dev, d->format, d->modifier, &listed) && listed)
		return kms_fail(err, -EINVAL,
				"%s (driver %s): no primary plane scans out %s with modifier "
				"0x%016llx (IN_FORMATS lists %zu format/modifier pairs)",
				dev->path, dev->driver, fourcc(d->format, name),
				(unsigned long long)d->modifier, listed);
	*with_modifier = true;
	return 0;
}

int kms_buffer_import(struct kms_device *dev, const struct kms_dmabuf *d, struct kms_buffer *out,
		      struct kms_error *err)
{
	struct kms_buffer b = { .width = d->width, .height = d->height, .format = d->format };
	uint32_t handles[4] = { 0 }, pitches[4] = { 0 }, offsets[4] = { 0 };
	uint64_t modifiers[4] = { 0 };
	bool with_modifier;
	char name[8];
	int r;

	if ((r = check_layout(dev, d, &with_modifier, err)) < 0)
		return r;
	for (unsigned i = 0; i < d->planes; i++) {
		if (drmPrimeFDToHandle(dev->fd, d->fds[i], &handles[i]) < 0) {
			r = kms_fail(err, -errno,
				     "%s: cannot import plane %u's fd %d as a dma-buf (PRIME): %s",
				     dev->path, i, d->fds[i], strerror(errno));
			goto fail;
		}
		/* the same dma-buf in several planes gives the same handle: closed once */
		b.plane_handles[i] = handles[i];
		pitches[i] = d->pitches[i];
		offsets[i] = d->offsets[i];
		modifiers[i] = d->modifier;
	}
	b.handle = handles[0];
	b.pitch = d->pitches[0];
	b.imported = true;
	if (drmModeAddFB2WithModifiers(dev->fd, d->width, d->height, d->format, handles, pitches,
				       offsets, with_modifier ? modifiers : NULL, &b.fb_id,
				       with_modifier ? DRM_MODE_FB_MODIFIERS : 0) < 0) {
		r = kms_fail(err, -errno,
			     "%s: the kernel refused a %ux%u %s framebuffer from %u dma-buf "
			     "plane(s) (pitch %u, offset %u, modifier 0x%016llx): %s",
			     dev->path, d->width, d->height, fourcc(d->format, name), d->planes,
			     d->pitches[0], d->offsets[0], (unsigned long long)d->modifier,
			     strerror(errno));
		goto fail;
	}
	*out = b;
	return 0;
fail:
	b.imported = true;
	kms_buffer_destroy(dev, &b);
	return r;
}
