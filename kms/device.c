/*
 * Opening a DRM device: master, client capabilities, the objects. Without
 * master there is no modeset; without atomic there is no TEST_ONLY to
 * validate with, so both are conditions of opening, not options.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <unistd.h>

#include "dc_edid.h"
#include "kms_priv.h"

static int set_cap(struct kms_device *dev, uint64_t cap, const char *name, struct kms_error *err)
{
	if (drmSetClientCap(dev->fd, cap, 1) < 0)
		return kms_fail(err, errno == EINVAL ? -EOPNOTSUPP : -errno,
				"%s (driver %s): the kernel refused client capability %s: %s",
				dev->path, dev->driver, name, strerror(errno));
	return 0;
}

int kms_open_fd(int fd, const char *path, struct kms_device **out, struct kms_error *err)
{
	struct kms_device *dev = calloc(1, sizeof(*dev));
	drmVersion *ver;
	int r;

	if (!dev) {
		close(fd);
		return kms_fail(err, -ENOMEM, "%s: out of memory", path);
	}
	dev->fd = fd;
	snprintf(dev->path, sizeof(dev->path), "%s", path);
	if (getrandom(&dev->cookie, sizeof(dev->cookie), 0) != sizeof(dev->cookie))
		dev->cookie = (uint64_t)(uintptr_t)dev ^ ((uint64_t)getpid() << 40);
	dev->cookie = (dev->cookie & ~0xffull) | 0x100; /* never 0 */
	ver = drmGetVersion(fd);
	if (!ver) {
		r = kms_fail(err, -ENOTTY, "%s is not a DRM device (DRM_IOCTL_VERSION: %s)", path,
			     strerror(errno));
		goto fail;
	}
	snprintf(dev->driver, sizeof(dev->driver), "%s", ver->name);
	drmFreeVersion(ver);
	/*
	 * Already master (a new fd of a device nobody holds is made master by
	 * the kernel; an fd from the fd store stays master) or become it now.
	 */
	if (drmIsMaster(fd) == 0 && drmSetMaster(fd) < 0) {
		int e = errno;
		r = kms_fail(err, e == EACCES || e == EPERM || e == EBUSY ? -EBUSY : -e,
			     "%s (driver %s): another process is the DRM master (a running "
			     "compositor?): drmSetMaster: %s",
			     path, dev->driver, strerror(e));
		goto fail;
	}
	if ((r = set_cap(dev, DRM_CLIENT_CAP_UNIVERSAL_PLANES, "UNIVERSAL_PLANES", err)) < 0 ||
	    (r = set_cap(dev, DRM_CLIENT_CAP_ATOMIC, "ATOMIC", err)) < 0)
		goto fail;
	if ((r = kms_objects_read(dev, err)) < 0)
		goto fail;
	kms_writeback_read(dev);
	if ((r = kms_probe(dev, NULL, err)) < 0)
		goto fail;
	kms_adopt(dev);
	kms_writeback_adopt(dev);
	*out = dev;
	return 0;
fail:
	kms_close(dev);
	return r;
}

int kms_open(const char *path, struct kms_device **out, struct kms_error *err)
{
	int fd = open(path, O_RDWR | O_CLOEXEC);

	if (fd < 0)
		return kms_fail(err, -errno, "%s: cannot open: %s", path, strerror(errno));
	return kms_open_fd(fd, path, out, err);
}

void kms_close(struct kms_device *dev)
{
	if (!dev)
		return;
	for (size_t i = 0; i < dev->num_outputs; i++)
		kms_output_clear(&dev->outputs[i]);
	for (size_t i = 0; i < dev->num_crtcs; i++)
		if (dev->crtcs[i].mode_blob)
			drmModeDestroyPropertyBlob(dev->fd, dev->crtcs[i].mode_blob);
	close(dev->fd);
	free(dev);
}

int kms_fd(const struct kms_device *dev)
{
	return dev->fd;
}

const char *kms_path(const struct kms_device *dev)
{
	return dev->path;
}

const char *kms_driver(const struct kms_device *dev)
{
	return dev->driver;
}

size_t kms_output_count(const struct kms_device *dev)
{
	return dev->num_outputs;
}

const struct kms_output *kms_output(const struct kms_device *dev, size_t index)
{
	return index < dev->num_outputs ? &dev->outputs[index] : NULL;
}

int kms_output_find(const struct kms_device *dev, const char *name)
{
	for (size_t i = 0; i < dev->num_outputs; i++)
		if (!strcmp(dev->outputs[i].name, name))
			return (int)i;
	return -ENOENT;
}

int kms_output_usable(const struct kms_device *dev, size_t output, struct kms_error *err)
{
	if (output >= dev->num_outputs)
		return kms_fail(err, -ENOENT, "%s: no output %zu (there are %zu)", dev->path,
				output, dev->num_outputs);
	if (dev->outputs[output].lessee_id)
		return kms_fail(err, -EBUSY, "%s: leased to lessee %u; not touched until revoked",
				dev->outputs[output].name, dev->outputs[output].lessee_id);
	return 0;
}
