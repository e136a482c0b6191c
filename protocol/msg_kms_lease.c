/*
 * KMS leases (protocol 1.2): KMS_LEASE_REQUEST names outputs, and
 * KMS_LEASE_GRANTED answers with the lessee's DRM fd (SCM_RIGHTS), dcd's
 * lease id, the kernel's lessee id and a name for the lease. The lease
 * ends like any other: LEASE_RELEASE, LEASE_REVOKED.
 */
#include <errno.h>
#include <string.h>

#include "wire.h"

static void enc_kms_lease_request(struct dcp_writer *w, const void *body)
{
	const struct dcp_kms_lease_request *m = body;

	wr_u32(w, m->name_count);
	for (uint32_t i = 0; i < m->name_count; i++)
		wr_str(w, m->names[i]);
}

static void dec_kms_lease_request(struct dcp_reader *r, void *body)
{
	struct dcp_kms_lease_request *m = body;

	m->name_count = rd_u32(r);
	/* a name takes at least its length and terminator: 3 bytes */
	if (!rd_count_ok(r, m->name_count, DCP_MAX_LINKS, 3, "name count"))
		return;
	for (uint32_t i = 0; i < m->name_count; i++)
		rd_str(r, m->names[i], DCP_MAX_LINK_NAME, "output name");
}

static int check_kms_lease_request(const void *body, const char *msg, struct dcp_error *err)
{
	const struct dcp_kms_lease_request *m = body;

	if (m->name_count == 0 || m->name_count > DCP_MAX_LINKS)
		return dcp_invalid(err, "%s: name count %u outside 1..%u", msg, m->name_count,
				   DCP_MAX_LINKS);
	for (uint32_t i = 0; i < m->name_count; i++) {
		int r = dcp_check_name(msg, "output name", m->names[i], sizeof(m->names[i]), err);

		if (r < 0)
			return r;
		if (!m->names[i][0])
			return dcp_invalid(err, "%s: output name %u is empty", msg, i);
		for (uint32_t k = 0; k < i; k++) {
			if (!strcmp(m->names[k], m->names[i]))
				return dcp_invalid(err, "%s: output %s listed twice", msg,
						   m->names[i]);
		}
	}
	return 0;
}

static void enc_kms_lease_granted(struct dcp_writer *w, const void *body)
{
	const struct dcp_kms_lease_granted *m = body;

	wr_u32(w, m->lease_id);
	wr_u32(w, m->lessee_id);
	wr_str(w, m->name);
}

static void dec_kms_lease_granted(struct dcp_reader *r, void *body)
{
	struct dcp_kms_lease_granted *m = body;

	m->lease_id = rd_u32(r);
	m->lessee_id = rd_u32(r);
	rd_str(r, m->name, DCP_MAX_LEASE_NAME, "lease name");
}

static int check_kms_lease_granted(const void *body, const char *msg, struct dcp_error *err)
{
	const struct dcp_kms_lease_granted *m = body;

	if (m->lease_id == 0 || m->lessee_id == 0)
		return dcp_invalid(err, "%s: lease id %u, lessee id %u: 0 is never valid", msg,
				   m->lease_id, m->lessee_id);
	return dcp_check_name(msg, "lease name", m->name, sizeof(m->name), err);
}

/* clang-format off */
const struct dcp_msg_desc dcp_msgs_kms_lease[] = {
	{ .opcode = DCP_REQ_KMS_LEASE_REQUEST, .name = "KMS_LEASE_REQUEST",
	  .body_size = sizeof(struct dcp_kms_lease_request),
	  .encode = enc_kms_lease_request, .decode = dec_kms_lease_request,
	  .check = check_kms_lease_request },
	{ .opcode = DCP_REPLY_KMS_LEASE_GRANTED, .name = "KMS_LEASE_GRANTED", .nfds = 1,
	  .serial_nonzero_ok = true,
	  .body_size = sizeof(struct dcp_kms_lease_granted),
	  .encode = enc_kms_lease_granted, .decode = dec_kms_lease_granted,
	  .check = check_kms_lease_granted },
};
/* clang-format on */
const size_t dcp_msgs_kms_lease_count = sizeof(dcp_msgs_kms_lease) / sizeof(dcp_msgs_kms_lease[0]);
