/*
 * The KMS engine's DRM leases (engine_kms.h): a lessee DRM fd of outputs
 * (connector, CRTC, primary and cursor plane) for a client, revoked on
 * release; what each lessee holds, for the state file; and at a restart,
 * the leases of the dcd before: those the state file recorded are kept,
 * every other lessee of the DRM file is revoked (docs/kms.md, "Leases
 * across a restart").
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include <xf86drm.h>
#include <xf86drmMode.h>

#include "dcd.h"
#include "engine_kms.h"

int ke_kms_lease(struct dcd_engine *e, const unsigned *links, size_t n, uint32_t *lessee_id,
		 int *fd, char *name, size_t name_size, char *why, size_t why_size)
{
	struct kms_engine *ke = to_kms(e);
	struct kms_error err = { "" };
	size_t outputs[DC_MAX_LINKS];
	const char *dev = strrchr(kms_path(ke->dev), '/');
	size_t used;
	int r;

	if (n == 0)
		return 0;
	if (n > DC_MAX_LINKS)
		return -EINVAL;
	for (size_t i = 0; i < n; i++)
		outputs[i] = links[i];
	r = kms_lease_create(ke->dev, outputs, n, lessee_id, fd, &err);
	if (r < 0) {
		snprintf(why, why_size, "%s", err.message);
		return r;
	}
	/* the kernel's names: card0 and card0-Virtual-1 in /sys/class/drm */
	used = (size_t)snprintf(name, name_size, "%s", dev ? dev + 1 : kms_path(ke->dev));
	for (size_t i = 0; i < n && used < name_size; i++)
		used += (size_t)snprintf(name + used, name_size - used, "%s%s", i ? "+" : "-",
					 kms_output(ke->dev, links[i])->name);
	for (size_t i = 0; i < n; i++) {
		ke->link[links[i]].vblank_on = false;
		ke->link[links[i]].vblank_requested = false;
	}
	return 0;
}

int ke_kms_lease_revoke(struct dcd_engine *e, uint32_t lessee_id, char *why, size_t why_size)
{
	struct kms_engine *ke = to_kms(e);
	struct kms_error err = { "" };
	uint32_t links = 0;
	int r;

	for (unsigned i = 0; i < ke->links; i++) {
		if (kms_output(ke->dev, i)->lessee_id == lessee_id)
			links |= 1u << i;
	}
	r = kms_lease_revoke(ke->dev, lessee_id, &err);
	for (unsigned i = 0; r == 0 && i < ke->links; i++) {
		if ((links & (1u << i)) && kms_output_off(ke->dev, i, &err) < 0)
			r = -EIO;
	}
	if (r < 0)
		snprintf(why, why_size, "%s", err.message);
	return r;
}

int ke_kms_lease_describe(struct dcd_engine *e, uint32_t lessee_id,
			  struct dcd_kms_lease_output *out, size_t max, size_t *n)
{
	struct kms_engine *ke = to_kms(e);
	struct kms_lease_output recs[DC_MAX_LINKS];
	struct kms_error err = { "" };
	size_t all = 0;
	int r = kms_lease_describe(ke->dev, lessee_id, recs, DC_MAX_LINKS, &all, &err);

	*n = 0;
	if (r < 0)
		return r;
	for (size_t i = 0; i < all && i < DC_MAX_LINKS && *n < max; i++, (*n)++) {
		memset(&out[i], 0, sizeof(out[i]));
		memcpy(out[i].name, recs[i].name, sizeof(out[i].name));
		out[i].name[sizeof(out[i].name) - 1] = 0;
		out[i].connector = recs[i].connector_id;
		out[i].crtc = recs[i].crtc_id;
		out[i].primary = recs[i].primary_id;
		out[i].cursor = recs[i].cursor_id;
	}
	return 0;
}

void ke_kms_leases_adopt(struct dcd_engine *e, const struct dcd_kms_lease_saved *saved, size_t n,
			 bool *kept)
{
	struct kms_engine *ke = to_kms(e);

	for (size_t i = 0; i < n; i++) {
		const struct dcd_kms_lease_saved *s = &saved[i];
		struct kms_lease_output recs[DC_MAX_LINKS];
		struct kms_error err = { "" };

		for (unsigned k = 0; k < s->n && k < DC_MAX_LINKS; k++) {
			memset(&recs[k], 0, sizeof(recs[k]));
			snprintf(recs[k].name, sizeof(recs[k].name), "%s", s->outputs[k].name);
			recs[k].connector_id = s->outputs[k].connector;
			recs[k].crtc_id = s->outputs[k].crtc;
			recs[k].primary_id = s->outputs[k].primary;
			recs[k].cursor_id = s->outputs[k].cursor;
		}
		kept[i] = kms_lease_adopt(ke->dev, s->lessee_id, recs, s->n, &err) == 0;
		if (kept[i])
			log_notice(
				"%s: KMS lease %u (%s, lessee %u) of the dcd before lives on: its "
				"outputs stay the lessee's",
				kms_path(ke->dev), s->id, s->name, s->lessee_id);
		else
			log_warning("%s", err.message);
	}
	ke_revoke_old_leases(ke);
	/* what a kept lessee shows is its own, no stream of dcd's to adopt */
	ke->current.stream_count = 0;
	ke_read_current(ke);
}

/*
 * Leases the dcd before made live on in its DRM file, but which objects
 * each lessee holds the kernel does not tell a lessor (only their ids),
 * and this dcd would hand those outputs out again: every lessee no record
 * kept (ke_kms_leases_adopt) is revoked with a line naming it (docs/kms.md,
 * "Leases across a restart"). Outputs that show a framebuffer of another
 * file are named as the likely lessee's; the lessee's fd reaches no object
 * afterwards.
 */
void ke_revoke_old_leases(struct kms_engine *ke)
{
	struct kms_error err = { "" };
	uint32_t ids[32];
	size_t n = 0;
	char shown[256] = "";
	drmModeRes *res;

	if (kms_lease_list(ke->dev, ids, sizeof(ids) / sizeof(ids[0]), &n, &err) < 0) {
		log_warning("%s", err.message);
		return;
	}
	if (!n)
		return;
	res = drmModeGetResources(kms_fd(ke->dev));
	for (unsigned i = 0; res && i < ke->links; i++) {
		const struct kms_output *o = kms_output(ke->dev, i);

		if (o->active && o->fb_id && !ke_own_fb(res, o->fb_id))
			snprintf(shown + strlen(shown), sizeof(shown) - strlen(shown), "%s%s",
				 shown[0] ? ", " : "", o->name);
	}
	drmModeFreeResources(res);
	for (size_t i = 0; i < n && i < sizeof(ids) / sizeof(ids[0]); i++) {
		bool kept = false;

		for (unsigned k = 0; k < ke->links; k++)
			kept |= kms_output(ke->dev, k)->lessee_id == ids[i];
		if (kept)
			continue;
		/* kms_lease_revoke knows only leases of this kms_device: the kernel's call */
		if (drmModeRevokeLease(kms_fd(ke->dev), ids[i]) < 0) {
			log_warning("%s: revoking lessee %u of the dcd before: %s",
				    kms_path(ke->dev), ids[i], strerror(errno));
			continue;
		}
		log_warning("%s: lessee %u (a KMS lease of the dcd before this one) revoked: the "
			    "kernel does not tell a lessor which outputs a lessee holds and the "
			    "state file records no such lease, so they could not be kept from "
			    "other clients; %s%s; its DRM fd reaches no object now",
			    kms_path(ke->dev), ids[i],
			    shown[0] ? "outputs showing another file's framebuffer: "
				     : "no lit output shows another file's framebuffer",
			    shown);
	}
}
