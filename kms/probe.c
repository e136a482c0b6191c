/*
 * Connectors: the kernel's names, status, EDID and modes. kms_probe() is
 * both the first read and the hotplug re-probe; the caller's udev monitor
 * decides when (this library has no event source of its own for that).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dc_edid.h"
#include "kms_priv.h"

void kms_output_clear(struct kms_output *o)
{
	dc_edid_destroy(o->edid);
	free(o->edid_raw);
	free(o->modes);
	o->edid = NULL;
	o->edid_raw = NULL;
	o->edid_size = 0;
	o->modes = NULL;
	o->num_modes = 0;
}

static void read_edid(struct kms_device *dev, struct kms_output *o)
{
	uint64_t blob_id = 0;
	drmModePropertyBlobRes *blob;

	if (kms_prop_value(dev->fd, o->connector_id, DRM_MODE_OBJECT_CONNECTOR, "EDID", &blob_id) <
		    0 ||
	    !blob_id)
		return;
	blob = drmModeGetPropertyBlob(dev->fd, (uint32_t)blob_id);
	if (!blob)
		return;
	o->edid_raw = malloc(blob->length ? blob->length : 1);
	if (o->edid_raw) {
		memcpy(o->edid_raw, blob->data, blob->length);
		o->edid_size = blob->length;
		/* Undecodable bytes stay available raw; edid stays NULL. */
		if (dc_edid_parse(o->edid_raw, o->edid_size, &o->edid) < 0)
			o->edid = NULL;
	}
	drmModeFreePropertyBlob(blob);
}

static uint32_t encoder_crtcs(struct kms_device *dev, const drmModeConnector *c)
{
	uint32_t mask = 0;

	for (int i = 0; i < c->count_encoders; i++) {
		drmModeEncoder *e = drmModeGetEncoder(dev->fd, c->encoders[i]);
		if (e)
			mask |= e->possible_crtcs;
		drmModeFreeEncoder(e);
	}
	return mask;
}

static enum kms_status status_of(drmModeConnection c)
{
	switch (c) {
	case DRM_MODE_CONNECTED:
		return KMS_CONNECTED;
	case DRM_MODE_DISCONNECTED:
		return KMS_DISCONNECTED;
	default:
		return KMS_STATUS_UNKNOWN;
	}
}

/* Reads connector id into o, keeping o's assignment and lit state. */
static int read_connector(struct kms_device *dev, uint32_t id, struct kms_output *o,
			  struct kms_error *err)
{
	drmModeConnector *c = drmModeGetConnector(dev->fd, id);
	const char *type;

	if (!c)
		return kms_fail(err, -errno, "%s: cannot read connector %u: %s", dev->path, id,
				strerror(errno));
	kms_output_clear(o);
	o->connector_id = id;
	o->type = c->connector_type;
	o->type_id = c->connector_type_id;
	type = drmModeGetConnectorTypeName(c->connector_type);
	snprintf(o->name, sizeof(o->name), "%s-%u", type ? type : "Unknown", c->connector_type_id);
	o->status = status_of(c->connection);
	o->possible_crtcs = encoder_crtcs(dev, c);
	if (c->count_modes > 0) {
		o->modes = calloc((size_t)c->count_modes, sizeof(*o->modes));
		if (!o->modes) {
			drmModeFreeConnector(c);
			return kms_fail(err, -ENOMEM, "%s: out of memory for %d modes", o->name,
					c->count_modes);
		}
		memcpy(o->modes, c->modes, (size_t)c->count_modes * sizeof(*o->modes));
		o->num_modes = (size_t)c->count_modes;
	}
	drmModeFreeConnector(c);
	read_edid(dev, o);
	return 0;
}

static bool same_edid(const struct kms_output *a, const uint8_t *raw, size_t size)
{
	return a->edid_size == size && (!size || !memcmp(a->edid_raw, raw, size));
}

int kms_probe(struct kms_device *dev, uint64_t *changed, struct kms_error *err)
{
	drmModeRes *res = drmModeGetResources(dev->fd);
	uint64_t mask = 0;
	size_t n = 0;
	int r = 0;

	if (!res)
		return kms_fail(err, -errno, "%s: cannot read the mode resources: %s", dev->path,
				strerror(errno));
	if ((size_t)res->count_connectors > KMS_MAX_OUTPUTS + dev->num_writebacks) {
		r = kms_fail(err, -E2BIG, "%s: %zu connectors, at most %d are supported", dev->path,
			     (size_t)res->count_connectors - dev->num_writebacks, KMS_MAX_OUTPUTS);
		goto out;
	}
	for (int i = 0; i < res->count_connectors; i++) {
		struct kms_output *o = &dev->outputs[n];
		bool known;
		enum kms_status old_status = o->status;
		uint8_t *old_raw = NULL;
		size_t old_size = o->edid_size;

		/* Writeback connectors are a way to capture, not displays (writeback.c). */
		if (kms_is_writeback(dev, res->connectors[i]))
			continue;
		known = n < dev->num_outputs && o->connector_id == res->connectors[i];
		if (known && old_size) {
			old_raw = malloc(old_size);
			if (old_raw)
				memcpy(old_raw, o->edid_raw, old_size);
		}
		if (!known) {
			/* A different connector at this index (MST): start afresh. */
			if (n < dev->num_outputs)
				kms_output_clear(o);
			memset(o, 0, sizeof(*o));
		}
		r = read_connector(dev, res->connectors[i], o, err);
		if (r == 0 && (!known || old_status != o->status ||
			       !same_edid(o, old_raw, old_raw ? old_size : 0)))
			mask |= 1ull << n;
		free(old_raw);
		if (r < 0)
			goto out;
		if (!known)
			dev->prop_connector_crtc[n] = kms_prop_id(
				dev->fd, o->connector_id, DRM_MODE_OBJECT_CONNECTOR, "CRTC_ID");
		n++;
	}
	dev->num_outputs = n;
out:
	drmModeFreeResources(res);
	if (changed)
		*changed = mask;
	return r;
}
