/*
 * KMS leases (protocol 1.2): one call gives the lessee's DRM fd, as AGL's
 * drm-lease-manager does (dlm_get_lease); dcd keeps the record, and the
 * lease ends with dcc_kms_lease_release, the connection, or an admin.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "client_internal.h"

DCC_EXPORT int dcc_kms_lease_create(struct dcc_client *c, const char *const *outputs,
				    unsigned count, uint32_t *lease_id, char *name,
				    size_t name_size)
{
	struct dcp_kms_lease_request req = { .name_count = count };
	struct dcc_pending result;
	int ret = dcc_check_connected(c);

	if (ret)
		return ret;
	if (c->welcome.minor < 2)
		return dcc_fail(c, -EOPNOTSUPP,
				"dcd speaks protocol 1.%u; KMS leases came with 1.2 (dcd --kms)",
				c->welcome.minor);
	if (count == 0 || count > DCP_MAX_LINKS)
		return dcc_fail(c, -EINVAL, "a KMS lease holds 1 to %d outputs, not %u",
				DCP_MAX_LINKS, count);
	for (unsigned i = 0; i < count; i++) {
		if (!outputs[i] || strlen(outputs[i]) > DCP_MAX_LINK_NAME)
			return dcc_fail(c, -EINVAL,
					"output %u of the KMS lease: no name of 1-%d bytes", i,
					DCP_MAX_LINK_NAME);
		snprintf(req.names[i], sizeof(req.names[i]), "%s", outputs[i]);
	}
	ret = dcc_call_result(c, DCP_REQ_KMS_LEASE_REQUEST, &req, -1, &result);
	if (ret)
		return ret;
	if (result.fd < 0)
		return dcc_fail(c, -EPROTO, "dcd granted KMS lease %u without its fd",
				result.value);
	if (lease_id)
		*lease_id = result.value;
	if (name && name_size)
		snprintf(name, name_size, "%s", result.name);
	return result.fd;
}

DCC_EXPORT int dcc_kms_lease_release(struct dcc_client *c, uint32_t lease_id)
{
	struct dcp_lease_release rel = { .lease_id = lease_id };
	int ret = dcc_check_connected(c);

	return ret ? ret : dcc_call(c, DCP_REQ_LEASE_RELEASE, &rel, -1, NULL);
}
