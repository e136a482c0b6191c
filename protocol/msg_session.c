/*
 * Session messages: handshake (HELLO, WELCOME), the generic replies (OK,
 * ERROR), SYNC, the topology frame (GET_TOPOLOGY, TOPOLOGY_DONE) and
 * leases (LEASE_REQUEST, LEASE_GRANTED, LEASE_RELEASE, LEASE_REVOKED).
 */
#include <errno.h>
#include <string.h>

#include "wire.h"

/* ---- HELLO ------------------------------------------------------------------ */

/*
 * A name ends up in dcd's log, on D-Bus and in dcctl's tables: printable
 * text only (dcp_text_unprintable), so it cannot forge a log line or send
 * a terminal commands.
 */
int dcp_check_name(const char *msg, const char *field, const char *s, size_t cap,
		   struct dcp_error *err)
{
	int r = dcp_check_str(msg, field, s, cap, err);
	size_t n, at;

	if (r < 0)
		return r;
	n = strlen(s);
	at = dcp_text_unprintable(s, n);
	if (at < n)
		return dcp_invalid(err,
				   "%s: %s has an unprintable character at byte %zu (0x%02x); "
				   "names are printable text",
				   msg, field, at, (unsigned char)s[at]);
	return 0;
}

static void enc_hello(struct dcp_writer *w, const void *body)
{
	const struct dcp_hello *m = body;

	wr_u16(w, m->major);
	wr_u16(w, m->minor);
	wr_str(w, m->name);
}

static void dec_hello(struct dcp_reader *r, void *body)
{
	struct dcp_hello *m = body;

	m->major = rd_u16(r);
	m->minor = rd_u16(r);
	rd_str(r, m->name, DCP_MAX_NAME, "client name");
}

static int check_hello(const void *body, const char *msg, struct dcp_error *err)
{
	const struct dcp_hello *m = body;

	/* The version itself is judged by dcp_negotiate, not here: a HELLO
	 * from any version must decode so the server can answer it. */
	return dcp_check_name(msg, "client name", m->name, sizeof(m->name), err);
}

/* ---- WELCOME ---------------------------------------------------------------- */

#define CAPS_KNOWN                                                                    \
	(DCP_CAP_LEASES | DCP_CAP_FB_MEMFD | DCP_CAP_FB_DMABUF | DCP_CAP_ASYNC_FLIP | \
	 DCP_CAP_CURSOR | DCP_CAP_VBLANK | DCP_CAP_KMS_LEASES | DCP_CAP_FB_ALLOC)

/* The smallest request size limit a server may announce: a full COMMIT. */
#define MIN_REQUEST_LIMIT 4096

static void enc_welcome(struct dcp_writer *w, const void *body)
{
	const struct dcp_welcome *m = body;

	wr_u16(w, m->major);
	wr_u16(w, m->minor);
	wr_u32(w, m->capabilities);
	wr_u64(w, m->instance);
	wr_u32(w, m->client_id);
	wr_u32(w, m->max_request_size);
	wr_u32(w, m->max_fds);
	wr_u32(w, m->max_framebuffers);
	wr_u32(w, m->max_queued_bytes);
	wr_str(w, m->server_name);
}

static void dec_welcome(struct dcp_reader *r, void *body)
{
	struct dcp_welcome *m = body;

	m->major = rd_u16(r);
	m->minor = rd_u16(r);
	m->capabilities = rd_u32(r);
	m->instance = rd_u64(r);
	m->client_id = rd_u32(r);
	m->max_request_size = rd_u32(r);
	m->max_fds = rd_u32(r);
	m->max_framebuffers = rd_u32(r);
	m->max_queued_bytes = rd_u32(r);
	rd_str(r, m->server_name, DCP_MAX_NAME, "server name");
}

static int check_welcome(const void *body, const char *msg, struct dcp_error *err)
{
	const struct dcp_welcome *m = body;

	if (m->capabilities & ~CAPS_KNOWN)
		return dcp_invalid(err, "%s: capabilities 0x%x have unknown bits 0x%x", msg,
				   m->capabilities, m->capabilities & ~CAPS_KNOWN);
	if (m->max_request_size < MIN_REQUEST_LIMIT || m->max_request_size > DCP_MAX_MESSAGE_SIZE)
		return dcp_invalid(err, "%s: max request size %u outside %u..%u", msg,
				   m->max_request_size, MIN_REQUEST_LIMIT, DCP_MAX_MESSAGE_SIZE);
	if (m->max_fds < 1 || m->max_fds > DCP_MAX_FDS)
		return dcp_invalid(err, "%s: max fds %u outside 1..%u", msg, m->max_fds,
				   DCP_MAX_FDS);
	return dcp_check_name(msg, "server name", m->server_name, sizeof(m->server_name), err);
}

/* ---- ERROR ------------------------------------------------------------------ */

#define ERROR_FLAGS_KNOWN (DCP_ERROR_FATAL | DCP_ERROR_SHARED)
#define ERRNO_MAX	  4095

static void enc_error(struct dcp_writer *w, const void *body)
{
	const struct dcp_error *m = body;

	wr_u32(w, (uint32_t)m->status);
	wr_u16(w, m->reason);
	wr_u16(w, m->flags);
	wr_u32(w, (uint32_t)m->link);
	wr_u16(w, (uint16_t)m->plane);
	wr_zero(w, 2);
	wr_str(w, m->text);
}

static void dec_error(struct dcp_reader *r, void *body)
{
	struct dcp_error *m = body;

	m->status = rd_i32(r);
	m->reason = rd_u16(r);
	m->flags = rd_u16(r);
	m->link = rd_i32(r);
	m->plane = rd_i16(r);
	rd_reserved(r, 2);
	rd_str(r, m->text, DCP_MAX_TEXT, "text");
}

static bool reason_known(unsigned reason)
{
	return (reason >= 1 && reason <= DCP_REASON_VRR) ||
	       (reason >= DCP_REASON_PROTOCOL && reason <= DCP_REASON_LAST);
}

static int check_error(const void *body, const char *msg, struct dcp_error *err)
{
	const struct dcp_error *m = body;

	if (m->status >= 0 || m->status < -ERRNO_MAX)
		return dcp_invalid(err, "%s: status %d is not a negative errno", msg, m->status);
	if (!reason_known(m->reason))
		return dcp_invalid(err, "%s: reason %u is not defined", msg, m->reason);
	if (m->flags & ~ERROR_FLAGS_KNOWN)
		return dcp_invalid(err, "%s: flags 0x%x have unknown bits", msg, m->flags);
	if (m->link < -1 || m->link >= DCP_MAX_LINKS)
		return dcp_invalid(err, "%s: link %d outside -1..%d", msg, m->link,
				   DCP_MAX_LINKS - 1);
	if (m->plane < -1 || m->plane >= DCP_PLANE_TYPE_COUNT)
		return dcp_invalid(err, "%s: plane %d outside -1..%d", msg, m->plane,
				   DCP_PLANE_TYPE_COUNT - 1);
	return dcp_check_str(msg, "text", m->text, sizeof(m->text), err);
}

/* ---- TOPOLOGY_DONE ------------------------------------------------------------ */

static void enc_topology_done(struct dcp_writer *w, const void *body)
{
	const struct dcp_topology_done *m = body;

	wr_u32(w, m->link_count);
	wr_u32(w, m->generation);
}

static void dec_topology_done(struct dcp_reader *r, void *body)
{
	struct dcp_topology_done *m = body;

	m->link_count = rd_u32(r);
	m->generation = rd_u32(r);
}

static int check_topology_done(const void *body, const char *msg, struct dcp_error *err)
{
	const struct dcp_topology_done *m = body;

	if (m->link_count > DCP_MAX_LINKS)
		return dcp_invalid(err, "%s: link count %u exceeds %u", msg, m->link_count,
				   DCP_MAX_LINKS);
	return 0;
}

/* ---- leases ------------------------------------------------------------------- */

static void enc_lease_request(struct dcp_writer *w, const void *body)
{
	const struct dcp_lease_request *m = body;

	wr_u32(w, m->link_count);
	for (uint32_t i = 0; i < m->link_count; i++)
		wr_u32(w, m->links[i]);
}

static void dec_lease_request(struct dcp_reader *r, void *body)
{
	struct dcp_lease_request *m = body;

	m->link_count = rd_u32(r);
	if (!rd_count_ok(r, m->link_count, DCP_MAX_LINKS, 4, "link count"))
		return;
	for (uint32_t i = 0; i < m->link_count; i++)
		m->links[i] = rd_u32(r);
}

static int check_lease_request(const void *body, const char *msg, struct dcp_error *err)
{
	const struct dcp_lease_request *m = body;
	uint32_t seen = 0;

	if (m->link_count == 0 || m->link_count > DCP_MAX_LINKS)
		return dcp_invalid(err, "%s: link count %u outside 1..%u", msg, m->link_count,
				   DCP_MAX_LINKS);
	for (uint32_t i = 0; i < m->link_count; i++) {
		if (m->links[i] >= DCP_MAX_LINKS)
			return dcp_invalid(err, "%s: link %u outside 0..%u", msg, m->links[i],
					   DCP_MAX_LINKS - 1);
		if (seen & 1u << m->links[i])
			return dcp_invalid(err, "%s: link %u listed twice", msg, m->links[i]);
		seen |= 1u << m->links[i];
	}
	return 0;
}

static void enc_lease_revoked(struct dcp_writer *w, const void *body)
{
	const struct dcp_lease_revoked *m = body;

	wr_u32(w, m->lease_id);
	wr_u16(w, m->reason);
	wr_zero(w, 2);
	wr_str(w, m->text);
}

static void dec_lease_revoked(struct dcp_reader *r, void *body)
{
	struct dcp_lease_revoked *m = body;

	m->lease_id = rd_u32(r);
	m->reason = rd_u16(r);
	rd_reserved(r, 2);
	rd_str(r, m->text, DCP_MAX_TEXT, "text");
}

static int check_lease_revoked(const void *body, const char *msg, struct dcp_error *err)
{
	const struct dcp_lease_revoked *m = body;

	if (m->lease_id == 0)
		return dcp_invalid(err, "%s: lease id 0 is never valid", msg);
	if (m->reason < DCP_REVOKE_ADMIN || m->reason > DCP_REVOKE_LAST)
		return dcp_invalid(err, "%s: revoke reason %u outside %u..%u", msg, m->reason,
				   DCP_REVOKE_ADMIN, DCP_REVOKE_LAST);
	return dcp_check_str(msg, "text", m->text, sizeof(m->text), err);
}

/* clang-format off */
const struct dcp_msg_desc dcp_msgs_session[] = {
	{ .opcode = DCP_REQ_HELLO, .name = "HELLO",
	  .body_size = sizeof(struct dcp_hello),
	  .encode = enc_hello, .decode = dec_hello, .check = check_hello },
	{ .opcode = DCP_REQ_SYNC, .name = "SYNC" },
	{ .opcode = DCP_REQ_GET_TOPOLOGY, .name = "GET_TOPOLOGY" },
	{ .opcode = DCP_REQ_LEASE_REQUEST, .name = "LEASE_REQUEST",
	  .body_size = sizeof(struct dcp_lease_request),
	  .encode = enc_lease_request, .decode = dec_lease_request, .check = check_lease_request },
	{ .opcode = DCP_REQ_LEASE_RELEASE, .name = "LEASE_RELEASE", .no_reply_ok = true,
	  .body_size = sizeof(struct dcp_lease_release),
	  .encode = dcp_enc_id, .decode = dcp_dec_id, .check = dcp_check_id },
	{ .opcode = DCP_REPLY_ERROR, .name = "ERROR", .serial_zero_ok = true, .serial_nonzero_ok = true,
	  .body_size = sizeof(struct dcp_error),
	  .encode = enc_error, .decode = dec_error, .check = check_error },
	{ .opcode = DCP_REPLY_WELCOME, .name = "WELCOME", .serial_nonzero_ok = true,
	  .body_size = sizeof(struct dcp_welcome),
	  .encode = enc_welcome, .decode = dec_welcome, .check = check_welcome },
	{ .opcode = DCP_REPLY_OK, .name = "OK", .serial_nonzero_ok = true },
	{ .opcode = DCP_REPLY_TOPOLOGY_DONE, .name = "TOPOLOGY_DONE", .serial_nonzero_ok = true,
	  .body_size = sizeof(struct dcp_topology_done),
	  .encode = enc_topology_done, .decode = dec_topology_done, .check = check_topology_done },
	{ .opcode = DCP_REPLY_LEASE_GRANTED, .name = "LEASE_GRANTED", .serial_nonzero_ok = true,
	  .body_size = sizeof(struct dcp_lease_granted),
	  .encode = dcp_enc_id, .decode = dcp_dec_id, .check = dcp_check_id },
	{ .opcode = DCP_EVENT_LEASE_REVOKED, .name = "LEASE_REVOKED", .serial_zero_ok = true,
	  .body_size = sizeof(struct dcp_lease_revoked),
	  .encode = enc_lease_revoked, .decode = dec_lease_revoked, .check = check_lease_revoked },
};
/* clang-format on */
const size_t dcp_msgs_session_count = sizeof(dcp_msgs_session) / sizeof(dcp_msgs_session[0]);
