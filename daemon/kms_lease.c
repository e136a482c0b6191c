/*
 * KMS leases (protocol 1.2, docs/kms.md "KMS leases through dcd"): a
 * client the configuration allows asks for outputs by name and receives a
 * DRM lessee fd with their connector, CRTC, primary and cursor planes.
 * dcd records the lease beside its own (struct dcd_lease with kms set), so
 * the outputs are refused to everyone else, count against the client's
 * lease budget, and end the same ways: LEASE_RELEASE, the client going
 * away, an admin's revocation (lease.c's dcd_lease_end asks the engine to
 * revoke it). The engine makes the lease; an engine that cannot (Display
 * Core) says why, and this file never asks which engine runs.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "dcd.h"

#define WHAT "KMS_LEASE_REQUEST"

bool dcd_kms_leases_supported(struct dcd *dcd)
{
	char why[128];

	return !dcd->engine->lost && dcd->engine->ops->kms_lease(dcd->engine, NULL, 0, NULL, NULL,
								 NULL, 0, why, sizeof(why)) == 0;
}

/* "Virtual-1, Virtual-2" of this engine, for a sentence about an unknown name. */
static void output_list(struct dcd *dcd, char *buf, size_t size)
{
	size_t used = 0;

	buf[0] = 0;
	for (unsigned i = 0; i < dcd->link_count && used < size; i++)
		used += (size_t)snprintf(buf + used, size - used, "%s%s", i ? ", " : "",
					 dcd_link_name(dcd, i));
}

/* The named outputs as a link mask, each free for c. */
static int links_of(struct dcd_client *c, const struct dcp_kms_lease_request *kr, uint32_t *links,
		    struct dcp_error *err)
{
	struct dcd *dcd = c->dcd;

	*links = 0;
	for (uint32_t i = 0; i < kr->name_count; i++) {
		int link = dcd->engine->ops->link_by_name(dcd->engine, kr->names[i]);
		int r;

		if (link < 0 || (unsigned)link >= dcd->link_count) {
			char all[256];

			output_list(dcd, all, sizeof(all));
			return dcp_error_set(err, -ENOENT, DCP_REASON_UNKNOWN_ID, 0,
					     WHAT ": no output called %s (this engine has %s)",
					     kr->names[i], all);
		}
		r = dcd_lease_check_free(c, WHAT, (uint32_t)link, err);
		if (r < 0)
			return r;
		*links |= 1u << link;
	}
	return 0;
}

/*
 * The lessee gets its outputs dark: what dcd showed there (the idle
 * picture) is switched off through dcd, so dcd's record of what is lit
 * and the framebuffers it holds stay true.
 */
static int switch_off(struct dcd *dcd, uint32_t links, struct dcp_error *err)
{
	struct dcd_plan plan;
	struct dc_error derr = { 0 };
	int r;

	dcd_plan_current(dcd, &plan);
	for (unsigned i = 0; i < dcd->link_count; i++) {
		if ((links & (1u << i)) && dcd_current_stream(dcd, i)) {
			dcd_state_remove_stream(&plan.state, i);
			plan.links |= 1u << i;
		}
	}
	if (!plan.links)
		return 0;
	r = dcd_apply(dcd, &plan, "KMS lease", NULL, &derr);
	if (r < 0)
		return dcp_error_set(err, r, DCP_REASON_INTERNAL, 0,
				     WHAT ": switching the outputs off for the lessee failed: %s",
				     derr.message);
	return 0;
}

int dcd_handle_kms_lease_request(struct dcd_client *c, const struct dcp_request *req,
				 struct dcp_error *err)
{
	const struct dcp_kms_lease_request *kr = &req->kms_lease_request;
	struct dcd *dcd = c->dcd;
	struct dcp_kms_lease_granted granted = { 0 };
	struct dcd_lease *lease;
	unsigned links_list[DC_MAX_LINKS];
	size_t n = 0;
	uint32_t links, lessee_id = 0;
	char why[256] = "";
	int fd = -1, r;

	/* a 1.1 client cannot know the message: it is not part of its protocol */
	if (c->minor < 2)
		return dcp_error_set(err, -EPROTO, DCP_REASON_PROTOCOL, 0,
				     WHAT ": the connection speaks protocol 1.%u; KMS leases "
					  "came with 1.2",
				     c->minor);
	if (dcd->engine->lost)
		return dcp_error_set(err, -ENODEV, DCP_REASON_INTERNAL, 0,
				     WHAT ": the display device is gone");
	r = dcd->engine->ops->kms_lease(dcd->engine, NULL, 0, NULL, NULL, NULL, 0, why,
					sizeof(why));
	if (r < 0)
		return dcp_error_set(err, r, DCP_REASON_ARGUMENT, 0, WHAT ": %s", why);
	if (!c->may_kms_lease)
		return dcp_error_set(err, -EPERM, DCP_REASON_PERMISSION, 0,
				     WHAT
				     ": uid %u may not hold KMS leases (root, admins and "
				     "the \"kms_lease\" users and groups of the configuration)",
				     (unsigned)c->cred.uid);
	r = links_of(c, kr, &links, err);
	if (r == 0)
		r = dcd_lease_check_budget(c, WHAT, err);
	if (r == 0)
		r = switch_off(dcd, links, err);
	if (r < 0)
		return r;
	for (unsigned i = 0; i < dcd->link_count; i++) {
		if (links & (1u << i))
			links_list[n++] = i;
	}
	r = dcd->engine->ops->kms_lease(dcd->engine, links_list, n, &lessee_id, &fd, granted.name,
					sizeof(granted.name), why, sizeof(why));
	if (r < 0) {
		/* the outputs are free again: their idle picture comes back */
		for (size_t i = 0; i < n; i++)
			dcd_output_mark_idle(dcd, dcd_output(dcd, links_list[i]));
		return dcp_error_set(err, r, DCP_REASON_INTERNAL, 0, WHAT ": %s", why);
	}
	lease = dcd_lease_add(c, links);
	if (!lease) {
		close(fd);
		dcd->engine->ops->kms_lease_revoke(dcd->engine, lessee_id, why, sizeof(why));
		return -ENOMEM;
	}
	lease->kms = true;
	lease->lessee_id = lessee_id;
	snprintf(lease->name, sizeof(lease->name), "%s", granted.name);
	for (size_t i = 0; i < n; i++)
		dcd_output_cancel_idle(dcd_output(dcd, links_list[i]));
	dcd_lease_record(dcd, lease);
	granted.lease_id = lease->id;
	granted.lessee_id = lessee_id;
	dcd_client_send_fd(c, DCP_REPLY_KMS_LEASE_GRANTED, req->hdr.serial, &granted, fd);
	close(fd);
	dcd_lease_announce(dcd, lease);
	return 0;
}
