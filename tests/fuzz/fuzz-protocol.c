/*
 * libFuzzer target for the protocol decoder. Input: one byte whose low
 * three bits are the number of file descriptors the message "came with",
 * then the message. Every input is decoded both as a client request and
 * as a server message; it must be refused or decoded without a sanitizer
 * report. Whatever decodes must encode again to exactly the same bytes
 * (the encoding is canonical: reserved bytes zero, bools 0/1, exact
 * lengths), and decode again to the same struct.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "dcd_protocol.h"
#include "wire.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static uint8_t out[DCP_MAX_MESSAGE_SIZE];

/* Re-encodes a decoded message; returns its descriptor or aborts. */
static const struct dcp_msg_desc *encode_again(const uint8_t *msg, size_t len,
					       const struct dcp_header *hdr, const void *body)
{
	const struct dcp_msg_desc *d = dcp_msg_lookup(hdr->opcode);
	struct dcp_error err;
	size_t n;

	if (!d)
		abort(); /* decoded an opcode it does not know */
	if (dcp_encode(out, sizeof(out), hdr, d->body_size ? body : NULL, &n, &err))
		abort(); /* decoded but does not encode: decoder and encoder rules differ */
	if (n != len || memcmp(out, msg, len))
		abort(); /* two encodings of one message */
	return d;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct dcp_server_msg srv, srv2;
	static struct dcp_request req, req2;
	const struct dcp_msg_desc *d;
	struct dcp_error err;
	unsigned nfds;

	if (size < 1)
		return 0;
	nfds = data[0] & 7;
	data++;
	size--;
	if (dcp_decode_request(data, size, nfds, &req, &err) == 0) {
		d = encode_again(data, size, &req.hdr, &req.hello);
		if (dcp_decode_request(out, size, nfds, &req2, &err) ||
		    memcmp(&req2.hello, &req.hello, d->body_size))
			abort();
	} else if (!err.text[0] || err.status >= 0) {
		abort(); /* every refusal says why */
	}
	if (dcp_decode_server(data, size, nfds, &srv, &err) == 0) {
		d = encode_again(data, size, &srv.hdr, &srv.error);
		if (dcp_decode_server(out, size, nfds, &srv2, &err) ||
		    memcmp(&srv2.error, &srv.error, d->body_size))
			abort();
	} else if (!err.text[0] || err.status >= 0) {
		abort();
	}
	return 0;
}
