/*
 * DRM leases: a lessee gets its own DRM fd holding one or more outputs'
 * connector, CRTC, primary and cursor planes, and uses plain libdrm on it.
 * The kernel lets the lessor keep touching leased objects, so this library
 * marks the outputs and refuses to commit to them until the lease ends.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>

#include "kms_priv.h"

int kms_lease_create(struct kms_device *dev, const size_t *outputs, size_t n, uint32_t *lessee_id,
		     int *lessee_fd, struct kms_error *err)
{
	uint32_t objects[KMS_MAX_OUTPUTS * 4];
	uint32_t assigned = 0, id;
	int num = 0, fd, r;

	if (!n || n > KMS_MAX_OUTPUTS)
		return kms_fail(err, -EINVAL, "%s: a lease holds 1 to %d outputs, not %zu",
				dev->path, KMS_MAX_OUTPUTS, n);
	for (size_t i = 0; i < n; i++) {
		struct kms_output *o;
		if ((r = kms_output_usable(dev, outputs[i], err)) < 0)
			goto undo;
		o = &dev->outputs[outputs[i]];
		if (!o->crtc_id) {
			if ((r = kms_assign(dev, outputs[i], err)) < 0)
				goto undo;
			assigned |= 1u << outputs[i];
		}
		objects[num++] = o->connector_id;
		objects[num++] = o->crtc_id;
		objects[num++] = o->primary_id;
		if (o->cursor_id)
			objects[num++] = o->cursor_id;
	}
	fd = drmModeCreateLease(dev->fd, objects, num, O_CLOEXEC, &id);
	if (fd < 0) {
		r = kms_fail(err, fd, "%s: the kernel refused leasing %s%s (%d objects): %s",
			     dev->path, dev->outputs[outputs[0]].name, n > 1 ? " and more" : "",
			     num, strerror(-fd));
		goto undo;
	}
	for (size_t i = 0; i < n; i++) {
		struct kms_output *o = &dev->outputs[outputs[i]];
		/* What the lessee does with the CRTC is its business now. */
		o->lessee_id = id;
		o->active = false;
		o->fb_id = 0;
		kms_crtc_by_id(dev, o->crtc_id)->flip_pending = false;
	}
	*lessee_id = id;
	*lessee_fd = fd;
	return 0;
undo:
	kms_config_unassign(dev, assigned);
	return r;
}

int kms_lease_revoke(struct kms_device *dev, uint32_t lessee_id, struct kms_error *err)
{
	bool found = false;

	for (size_t i = 0; i < dev->num_outputs; i++)
		found |= dev->outputs[i].lessee_id == lessee_id;
	if (!found)
		return kms_fail(err, -ENOENT, "%s: no lease %u was made here", dev->path,
				lessee_id);
	if (drmModeRevokeLease(dev->fd, lessee_id) < 0 && errno != ENOENT)
		return kms_fail(err, -errno, "%s: the kernel refused revoking lease %u: %s",
				dev->path, lessee_id, strerror(errno));
	/*
	 * ENOENT: the lessee closed its fd and the kernel dropped the lease
	 * already. Either way the outputs come back unlit but still assigned:
	 * the lessee may have left a mode on the CRTC, and the next commit
	 * (with ALLOW_MODESET, since active is false) takes it over.
	 */
	for (size_t i = 0; i < dev->num_outputs; i++)
		if (dev->outputs[i].lessee_id == lessee_id)
			dev->outputs[i].lessee_id = 0;
	return 0;
}

int kms_lease_list(struct kms_device *dev, uint32_t *ids, size_t max, size_t *count,
		   struct kms_error *err)
{
	drmModeLesseeListPtr list = drmModeListLessees(dev->fd);

	if (!list)
		return kms_fail(err, -errno, "%s: cannot list lessees: %s", dev->path,
				strerror(errno));
	for (uint32_t i = 0; i < list->count && i < max; i++)
		ids[i] = list->lessees[i];
	*count = list->count;
	drmFree(list);
	return 0;
}
