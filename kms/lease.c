/*
 * DRM leases: a lessee gets its own DRM fd holding one or more outputs'
 * connector, CRTC, primary and cursor planes, and uses plain libdrm on it.
 * The kernel lets the lessor keep touching leased objects, so this library
 * marks the outputs and refuses to commit to them until the lease ends.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
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

int kms_lease_describe(const struct kms_device *dev, uint32_t lessee_id,
		       struct kms_lease_output *out, size_t max, size_t *n, struct kms_error *err)
{
	*n = 0;
	for (size_t i = 0; i < dev->num_outputs; i++) {
		const struct kms_output *o = &dev->outputs[i];
		if (o->lessee_id != lessee_id || !lessee_id)
			continue;
		if (*n < max) {
			struct kms_lease_output *r = &out[*n];
			memset(r, 0, sizeof(*r));
			snprintf(r->name, sizeof(r->name), "%s", o->name);
			r->connector_id = o->connector_id;
			r->crtc_id = o->crtc_id;
			r->primary_id = o->primary_id;
			r->cursor_id = o->cursor_id;
		}
		(*n)++;
	}
	if (!*n)
		return kms_fail(err, -ENOENT, "%s: no lease %u was made here", dev->path,
				lessee_id);
	return 0;
}

static bool listed(struct kms_device *dev, uint32_t lessee_id)
{
	drmModeLesseeListPtr list = drmModeListLessees(dev->fd);
	bool found = false;

	for (uint32_t i = 0; list && i < list->count; i++)
		found |= list->lessees[i] == lessee_id;
	drmFree(list);
	return found;
}

/* Why record r cannot be output index's lease on this device; NULL when it can. */
static const char *mismatch(struct kms_device *dev, const struct kms_lease_output *r, int index)
{
	const struct kms_output *o;
	int crtc;
	const struct kms_plane *p;

	if (index < 0)
		return "no such output";
	o = &dev->outputs[index];
	if (o->connector_id != r->connector_id)
		return "another connector has that name now";
	if (o->lessee_id)
		return "already leased";
	crtc = kms_crtc_index(dev, r->crtc_id);
	if (crtc < 0 || !(o->possible_crtcs & (1u << crtc)))
		return "the recorded CRTC is not one the connector reaches";
	p = kms_plane_by_id(dev, r->primary_id);
	if (!p || p->type != DRM_PLANE_TYPE_PRIMARY || !(p->possible_crtcs & (1u << crtc)))
		return "the recorded primary plane is not the CRTC's";
	p = r->cursor_id ? kms_plane_by_id(dev, r->cursor_id) : NULL;
	if (r->cursor_id && (!p || p->type != DRM_PLANE_TYPE_CURSOR))
		return "the recorded cursor plane is not there";
	for (size_t i = 0; i < dev->num_outputs; i++)
		if ((int)i != index && dev->outputs[i].crtc_id == r->crtc_id)
			return "another output holds the recorded CRTC";
	return NULL;
}

int kms_lease_adopt(struct kms_device *dev, uint32_t lessee_id, const struct kms_lease_output *outs,
		    size_t n, struct kms_error *err)
{
	if (!listed(dev, lessee_id))
		return kms_fail(err, -ENOENT,
				"%s: lease %u ended while dcd was down (the kernel lists no such "
				"lessee: its holder closed the fd)",
				dev->path, lessee_id);
	for (size_t i = 0; i < n; i++) {
		int index = kms_output_find(dev, outs[i].name);
		const char *why = mismatch(dev, &outs[i], index);

		if (!why)
			continue;
		if (drmModeRevokeLease(dev->fd, lessee_id) < 0 && errno != ENOENT)
			return kms_fail(err, -errno,
					"%s: lease %u of %s cannot be kept (%s), and the kernel "
					"refused revoking it: %s",
					dev->path, lessee_id, outs[i].name, why, strerror(errno));
		return kms_fail(err, -ESTALE, "%s: lease %u of %s revoked: %s", dev->path,
				lessee_id, outs[i].name, why);
	}
	for (size_t i = 0; i < n; i++) {
		struct kms_output *o = &dev->outputs[kms_output_find(dev, outs[i].name)];
		struct kms_crtc *c = kms_crtc_by_id(dev, outs[i].crtc_id);

		/* What the lessee shows is its business, as when the lease was made. */
		o->lessee_id = lessee_id;
		o->crtc_id = outs[i].crtc_id;
		o->primary_id = outs[i].primary_id;
		o->cursor_id = outs[i].cursor_id;
		o->active = false;
		o->fb_id = 0;
		c->flip_pending = false;
	}
	return 0;
}
