/*
 * The message codec: header, opcode dispatch through the message tables,
 * the rules every message shares (direction, header flags, serial, fd
 * count, exact length), and the session rules (order, version).
 */
#include <errno.h>
#include <string.h>

#include "wire.h"

static const struct {
	const struct dcp_msg_desc *rows;
	const size_t *count;
} tables[] = {
	{ dcp_msgs_session, &dcp_msgs_session_count },
	{ dcp_msgs_output, &dcp_msgs_output_count },
	{ dcp_msgs_topology, &dcp_msgs_topology_count },
	{ dcp_msgs_fb, &dcp_msgs_fb_count },
	{ dcp_msgs_kms_lease, &dcp_msgs_kms_lease_count },
};

const struct dcp_msg_desc *dcp_msg_lookup(uint16_t opcode)
{
	for (size_t t = 0; t < sizeof(tables) / sizeof(tables[0]); t++) {
		for (size_t i = 0; i < *tables[t].count; i++) {
			if (tables[t].rows[i].opcode == opcode)
				return &tables[t].rows[i];
		}
	}
	return NULL;
}

const char *dcp_opcode_name(uint16_t opcode)
{
	const struct dcp_msg_desc *d = dcp_msg_lookup(opcode);

	return d ? d->name : NULL;
}

int dcp_opcode_nfds(uint16_t opcode)
{
	const struct dcp_msg_desc *d = dcp_msg_lookup(opcode);

	return d ? d->nfds : -EPROTO;
}

/* The header rules of one known message: flags and serial. */
static int check_header(const struct dcp_msg_desc *d, const struct dcp_header *h,
			struct dcp_error *err)
{
	if (h->flags & ~DCP_HEADER_NO_REPLY)
		return dcp_violation(err, "%s: header flags 0x%04x have reserved bits set", d->name,
				     h->flags);
	if ((h->flags & DCP_HEADER_NO_REPLY) && !d->no_reply_ok)
		return dcp_violation(err, "%s: NO_REPLY is only allowed on requests answered by OK",
				     d->name);
	if (DCP_OPCODE_REQUEST(d->opcode)) {
		if (h->serial == 0)
			return dcp_violation(err, "%s: serial 0 (requests count from 1)", d->name);
	} else if (h->serial == 0 && !d->serial_zero_ok) {
		return dcp_violation(err, "%s: serial 0 on a reply", d->name);
	} else if (h->serial != 0 && !d->serial_nonzero_ok) {
		return dcp_violation(err, "%s: serial %u on an event that carries none", d->name,
				     h->serial);
	}
	return 0;
}

int dcp_encode(uint8_t *buf, size_t size, const struct dcp_header *hdr, const void *body,
	       size_t *len, struct dcp_error *err)
{
	const struct dcp_msg_desc *d = dcp_msg_lookup(hdr->opcode);
	struct dcp_writer w = { buf, size, 0 };
	int ret;

	*len = 0;
	if (!d)
		return dcp_violation(err, "opcode 0x%04x is not defined", hdr->opcode);
	ret = check_header(d, hdr, err);
	if (ret)
		return ret;
	if (d->encode && !body)
		return dcp_invalid(err, "%s: no message body to encode", d->name);
	if (d->check) {
		ret = d->check(body, d->name, err);
		if (ret)
			return ret;
	}
	wr_u16(&w, hdr->opcode);
	wr_u16(&w, hdr->flags);
	wr_u32(&w, 0); /* length, patched below */
	wr_u32(&w, hdr->serial);
	if (d->encode)
		d->encode(&w, body);
	*len = w.pos;
	if (w.pos > DCP_MAX_MESSAGE_SIZE)
		return dcp_error_set(err, -EMSGSIZE, DCP_REASON_LIMIT, 0,
				     "%s: %zu bytes exceed the %u-byte message limit", d->name,
				     w.pos, DCP_MAX_MESSAGE_SIZE);
	if (w.pos > size)
		return dcp_error_set(err, -ENOBUFS, DCP_REASON_LIMIT, 0,
				     "%s: needs %zu bytes, buffer has %zu", d->name, w.pos, size);
	w.pos = 4;
	wr_u32(&w, (uint32_t)*len);
	return 0;
}

int dcp_decode_header(const uint8_t *buf, size_t len, struct dcp_header *out, struct dcp_error *err)
{
	struct dcp_reader r = { .p = buf, .len = len, .msg = "header", .err = err };

	memset(out, 0, sizeof(*out));
	if (len < DCP_HEADER_SIZE)
		return dcp_violation(err, "message of %zu bytes is shorter than the %u-byte header",
				     len, DCP_HEADER_SIZE);
	out->opcode = rd_u16(&r);
	out->flags = rd_u16(&r);
	out->length = rd_u32(&r);
	out->serial = rd_u32(&r);
	/* Fields first: even the ERROR about an oversized message can echo its serial. */
	if (len > DCP_MAX_MESSAGE_SIZE)
		return dcp_violation(err, "message of %zu bytes exceeds %u", len,
				     DCP_MAX_MESSAGE_SIZE);
	if (out->length != len)
		return dcp_violation(err, "header says %u bytes, the message has %zu", out->length,
				     len);
	return 0;
}

static int decode(const uint8_t *buf, size_t len, unsigned nfds, bool from_client,
		  struct dcp_header *hdr, void *body, struct dcp_error *err)
{
	const struct dcp_msg_desc *d;
	struct dcp_reader r;
	int ret = dcp_decode_header(buf, len, hdr, err);

	if (ret)
		return ret;
	d = dcp_msg_lookup(hdr->opcode);
	if (!d)
		return dcp_violation(err, "opcode 0x%04x is not defined", hdr->opcode);
	if (from_client != DCP_OPCODE_REQUEST(hdr->opcode))
		return dcp_violation(err, "%s (0x%04x) travels the other way", d->name,
				     hdr->opcode);
	ret = check_header(d, hdr, err);
	if (ret)
		return ret;
	if (nfds != d->nfds)
		return dcp_violation(err, "%s came with %u file descriptor(s), it takes %u",
				     d->name, nfds, d->nfds);
	memset(body, 0, d->body_size);
	r = (struct dcp_reader){
		.p = buf + DCP_HEADER_SIZE,
		.len = len - DCP_HEADER_SIZE,
		.msg = d->name,
		.err = err,
	};
	if (d->decode)
		d->decode(&r, body);
	rd_end(&r);
	if (r.failed)
		return r.status;
	return d->check ? d->check(body, d->name, err) : 0;
}

int dcp_decode_request(const uint8_t *buf, size_t len, unsigned nfds, struct dcp_request *out,
		       struct dcp_error *err)
{
	return decode(buf, len, nfds, true, &out->hdr, &out->hello, err);
}

int dcp_decode_server(const uint8_t *buf, size_t len, unsigned nfds, struct dcp_server_msg *out,
		      struct dcp_error *err)
{
	return decode(buf, len, nfds, false, &out->hdr, &out->error, err);
}

int dcp_check_sequence(bool hello_done, uint16_t opcode, struct dcp_error *err)
{
	const char *name = dcp_opcode_name(opcode);

	if (!hello_done && opcode != DCP_REQ_HELLO)
		return dcp_error_set(err, -EPROTO, DCP_REASON_SEQUENCE, DCP_ERROR_FATAL,
				     "%s before HELLO: the first message must be HELLO",
				     name ? name : "unknown opcode");
	if (hello_done && opcode == DCP_REQ_HELLO)
		return dcp_error_set(err, -EPROTO, DCP_REASON_SEQUENCE, DCP_ERROR_FATAL,
				     "HELLO: the connection already said HELLO");
	return 0;
}

int dcp_negotiate(const struct dcp_hello *hello, uint16_t *minor, struct dcp_error *err)
{
	if (hello->major != DCP_VERSION_MAJOR)
		return dcp_error_set(err, -EPROTONOSUPPORT, DCP_REASON_VERSION, DCP_ERROR_FATAL,
				     "HELLO: client speaks protocol %u.%u, this server %u.%u; the "
				     "major versions must be equal",
				     hello->major, hello->minor, DCP_VERSION_MAJOR,
				     DCP_VERSION_MINOR);
	*minor = hello->minor > DCP_VERSION_MINOR ? DCP_VERSION_MINOR : hello->minor;
	return 0;
}
