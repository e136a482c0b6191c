/*
 * See protocol_expect.h.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "protocol_expect.h"

int decode_any(const uint8_t *msg, size_t len, unsigned nfds, struct dcp_error *err)
{
	static struct dcp_server_msg srv;
	struct dcp_request req;
	uint16_t op = len >= 2 ? (uint16_t)(msg[0] | msg[1] << 8) : 0;

	memset(err, 0, sizeof(*err));
	if (DCP_OPCODE_REQUEST(op) || op == 0)
		return dcp_decode_request(msg, len, nfds, &req, err);
	return dcp_decode_server(msg, len, nfds, &srv, err);
}

static void expect(const uint8_t *msg, size_t len, unsigned nfds, int status, bool fatal,
		   const char *part)
{
	struct dcp_error err;
	int ret = decode_any(msg, len, nfds, &err);

	if (ret != status || err.status != status || !!(err.flags & DCP_ERROR_FATAL) != fatal ||
	    !strstr(err.text, part))
		fail_msg("decode returned %d (want %d), fatal %d (want %d), text \"%s\" "
			 "(want \"%s\" in it)",
			 ret, status, !!(err.flags & DCP_ERROR_FATAL), fatal, err.text, part);
}

void expect_fatal(const uint8_t *msg, size_t len, unsigned nfds, const char *part)
{
	expect(msg, len, nfds, -EPROTO, true, part);
}

void expect_invalid(const uint8_t *msg, size_t len, unsigned nfds, int status, const char *part)
{
	expect(msg, len, nfds, status, false, part);
}
