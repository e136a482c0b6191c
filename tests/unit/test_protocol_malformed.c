/*
 * Malformed framing: every way a datagram can lie about its own shape is
 * a protocol violation (-EPROTO, DCP_ERROR_FATAL: the daemon answers with
 * a fatal ERROR and disconnects). Headers, lengths, opcodes, directions,
 * serials, counts, strings, reserved bytes, file descriptor counts; and
 * every truncation and extension of every sample message.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "protocol_expect.h"
#include "protocol_samples.h"

static uint8_t m[DCP_MAX_MESSAGE_SIZE + 16];

/* ---- header ------------------------------------------------------------------ */

static void empty_datagram(void **state)
{
	expect_fatal(m, 0, 0, "shorter than the 12-byte header");
	(void)state;
}

static void truncated_header(void **state)
{
	sample_encode_op(DCP_REQ_SYNC, m, sizeof(m));
	for (size_t len = 1; len < DCP_HEADER_SIZE; len++)
		expect_fatal(m, len, 0, "shorter than the 12-byte header");
	(void)state;
}

static void length_field_larger_than_datagram(void **state)
{
	size_t len = sample_encode_op(DCP_REQ_FLIP, m, sizeof(m));

	patch_length(m, len + 4);
	expect_fatal(m, len, 0, "header says 40 bytes, the message has 36");
	(void)state;
}

static void length_field_smaller_than_datagram(void **state)
{
	size_t len = sample_encode_op(DCP_REQ_FLIP, m, sizeof(m));

	patch_length(m, DCP_HEADER_SIZE);
	expect_fatal(m, len, 0, "header says 12 bytes");
	(void)state;
}

static void datagram_above_the_maximum(void **state)
{
	size_t len = DCP_MAX_MESSAGE_SIZE + 4;

	sample_encode_op(DCP_REQ_SYNC, m, sizeof(m));
	patch_length(m, len);
	expect_fatal(m, len, 0, "exceeds 65536");
	/* the serial is still known, so the ERROR can echo it */
	struct dcp_request req;
	struct dcp_error err;
	assert_int_equal(dcp_decode_request(m, len, 0, &req, &err), -EPROTO);
	assert_int_equal(req.hdr.serial, 2);
	(void)state;
}

static void unknown_opcodes(void **state)
{
	/* the first free ones after what 1.3 defines, and the ranges' edges */
	static const uint16_t unknown[] = { 0x0000, 0x0010, 0x00ff, 0x0100, 0x010b,
					    0x0200, 0x0206, 0x0300, 0xffff };

	for (size_t i = 0; i < sizeof(unknown) / sizeof(unknown[0]); i++) {
		sample_encode_op(DCP_REQ_SYNC, m, sizeof(m));
		m[0] = (uint8_t)unknown[i];
		m[1] = (uint8_t)(unknown[i] >> 8);
		expect_fatal(m, DCP_HEADER_SIZE, 0, "is not defined");
	}
	(void)state;
}

static void server_message_sent_by_a_client(void **state)
{
	struct dcp_request req;
	struct dcp_error err;
	size_t len = sample_encode_op(DCP_REPLY_OK, m, sizeof(m));

	assert_int_equal(dcp_decode_request(m, len, 0, &req, &err), -EPROTO);
	assert_true(err.flags & DCP_ERROR_FATAL);
	assert_non_null(strstr(err.text, "OK (0x0103) travels the other way"));
	/* the serial is known, so the ERROR can echo it */
	assert_int_equal(req.hdr.serial, 2);
	(void)state;
}

static void request_received_by_a_client(void **state)
{
	static struct dcp_server_msg srv;
	struct dcp_error err;
	size_t len = sample_encode_op(DCP_REQ_FLIP, m, sizeof(m));

	assert_int_equal(dcp_decode_server(m, len, 0, &srv, &err), -EPROTO);
	assert_non_null(strstr(err.text, "FLIP (0x000a) travels the other way"));
	(void)state;
}

static void reserved_header_flags(void **state)
{
	size_t len = sample_encode_op(DCP_REQ_FLIP, m, sizeof(m));

	m[2] = 0x02;
	expect_fatal(m, len, 0, "header flags 0x0002 have reserved bits");
	m[2] = 0x00;
	m[3] = 0x80;
	expect_fatal(m, len, 0, "header flags 0x8000");
	(void)state;
}

static void no_reply_on_a_request_with_data_reply(void **state)
{
	size_t len = sample_encode_op(DCP_REQ_GET_TOPOLOGY, m, sizeof(m));

	m[2] = DCP_HEADER_NO_REPLY;
	expect_fatal(m, len, 0, "GET_TOPOLOGY: NO_REPLY is only allowed");
	len = sample_encode_op(DCP_REQ_FLIP, m, sizeof(m));
	m[2] = DCP_HEADER_NO_REPLY;
	expect_fatal(m, len, 0, "FLIP: NO_REPLY");
	(void)state;
}

static void serial_rules(void **state)
{
	size_t len = sample_encode_op(DCP_REQ_FLIP, m, sizeof(m));

	memset(m + 8, 0, 4);
	expect_fatal(m, len, 0, "FLIP: serial 0");
	len = sample_encode_op(DCP_EVENT_HOTPLUG, m, sizeof(m));
	m[8] = 5;
	expect_fatal(m, len, 0, "HOTPLUG: serial 5 on an event");
	len = sample_encode_op(DCP_REPLY_WELCOME, m, sizeof(m));
	memset(m + 8, 0, 4);
	expect_fatal(m, len, 0, "WELCOME: serial 0 on a reply");
	/* a FLIP_DONE answers a FLIP: it carries that serial */
	len = sample_encode_op(DCP_EVENT_FLIP_DONE, m, sizeof(m));
	memset(m + 8, 0, 4);
	expect_fatal(m, len, 0, "FLIP_DONE: serial 0");
	(void)state;
}

/* ---- payload framing ----------------------------------------------------------------- */

static void every_truncation_of_every_sample(void **state)
{
	struct dcp_error err;

	for (size_t i = 0; i < sample_count(); i++) {
		unsigned nfds;
		size_t full = sample_encode(i, m, sizeof(m), &nfds);

		for (size_t len = DCP_HEADER_SIZE; len < full; len++) {
			patch_length(m, len);
			assert_int_equal(decode_any(m, len, nfds, &err), -EPROTO);
			assert_true(err.flags & DCP_ERROR_FATAL);
		}
	}
	(void)state;
}

static void every_sample_with_trailing_bytes(void **state)
{
	for (size_t i = 0; i < sample_count(); i++) {
		unsigned nfds;
		size_t len = sample_encode(i, m, sizeof(m), &nfds);

		m[len] = 0;
		patch_length(m, len + 1);
		expect_fatal(m, len + 1, nfds, "left over after the last field");
	}
	(void)state;
}

static void payload_on_a_message_without_one(void **state)
{
	size_t len = sample_encode_op(DCP_REQ_SYNC, m, sizeof(m));

	memset(m + len, 0, 4);
	patch_length(m, len + 4);
	expect_fatal(m, len + 4, 0, "SYNC: 4 bytes of payload left over");
	(void)state;
}

static void field_cut_in_the_middle(void **state)
{
	size_t len = sample_encode_op(DCP_REQ_FLIP, m, sizeof(m));

	/* user_data is 8 bytes at payload offset 16: give it 5 */
	patch_length(m, len - 3);
	expect_fatal(m, len - 3, 0, "FLIP: payload ends at byte 21, the next field needs 3 more");
	(void)state;
}

static void count_above_the_maximum(void **state)
{
	size_t len = sample_encode_op(DCP_REQ_LEASE_REQUEST, m, sizeof(m));

	patch_u32(m, 0, DCP_MAX_LINKS + 1);
	expect_fatal(m, len, 0, "LEASE_REQUEST: link count 17 exceeds the maximum 16");
	len = sample_encode_op(DCP_REQ_COMMIT, m, sizeof(m));
	patch_u32(m, 4, 0xffffffffu);
	expect_fatal(m, len, 0, "COMMIT: output count 4294967295 exceeds");
	(void)state;
}

static void count_larger_than_the_payload(void **state)
{
	/* 3 links sent, 5 claimed */
	size_t len = sample_encode_op(DCP_REQ_LEASE_REQUEST, m, sizeof(m));

	patch_u32(m, 0, 5);
	expect_fatal(m, len, 0, "link count 5 needs 20 bytes, only 12 left");
	len = sample_encode_op(DCP_REQ_VALIDATE, m, sizeof(m));
	patch_u32(m, 4, 4);
	expect_fatal(m, len, 0, "output count 4 needs 432 bytes, only 324 left");
	(void)state;
}

static void link_info_counts(void **state)
{
	size_t len = sample_encode_op(DCP_REPLY_LINK_INFO, m, sizeof(m));

	/* mode count at payload offset 52 */
	patch_u16(m, 52, DCP_MAX_MODES + 1);
	expect_fatal(m, len, 0, "mode count 513 exceeds the maximum 512");
	len = sample_encode_op(DCP_REPLY_LINK_INFO, m, sizeof(m));
	patch_u16(m, 52, 400);
	expect_fatal(m, len, 0, "mode count 400 needs 16000 bytes");
	len = sample_encode_op(DCP_REPLY_LINK_INFO, m, sizeof(m));
	patch_u8(m, 54, DCP_MAX_PLANES + 1);
	expect_fatal(m, len, 0, "plane count 5 exceeds the maximum 4");
	(void)state;
}

/* ---- strings ----------------------------------------------------------------- */

/* A HELLO whose name field is exactly the given bytes (length prefix n). */
static size_t hello_with(const char *bytes, uint16_t n, uint8_t terminator)
{
	size_t len;

	sample_encode_op(DCP_REQ_HELLO, m, sizeof(m));
	patch_u16(m, 4, n);
	memcpy(m + DCP_HEADER_SIZE + 6, bytes, n);
	m[DCP_HEADER_SIZE + 6 + n] = terminator;
	len = DCP_HEADER_SIZE + 6 + n + 1u;
	patch_length(m, len);
	return len;
}

static void string_too_long(void **state)
{
	char name[80];
	size_t len;

	memset(name, 'a', sizeof(name));
	len = hello_with(name, DCP_MAX_NAME + 1, 0);
	expect_fatal(m, len, 0, "HELLO: client name is 64 bytes long, at most 63 allowed");
	/* exactly the maximum is fine */
	len = hello_with(name, DCP_MAX_NAME, 0);
	expect_invalid(m, len, 0, 0, "");
	(void)state;
}

static void string_without_terminator(void **state)
{
	size_t len = hello_with("weston", 6, 'X');

	expect_fatal(m, len, 0, "client name of 6 bytes is not NUL-terminated (0x58)");
	(void)state;
}

static void string_with_embedded_nul(void **state)
{
	size_t len = hello_with("wes\0on", 6, 0);

	expect_fatal(m, len, 0, "client name contains a NUL byte");
	(void)state;
}

static void string_not_utf8(void **state)
{
	static const char *const bad[] = {
		"\x80",		    /* lone continuation byte */
		"\xc0\xaf",	    /* overlong '/' */
		"\xe0\x80\xaf",	    /* overlong, 3 bytes */
		"\xed\xa0\x80",	    /* UTF-16 surrogate */
		"\xf4\x90\x80\x80", /* above U+10FFFF */
		"\xe2\x9c",	    /* cut multibyte */
		"\xff",
	};

	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		size_t len = hello_with(bad[i], (uint16_t)strlen(bad[i]), 0);

		expect_fatal(m, len, 0, "client name is not valid UTF-8");
	}
	(void)state;
}

static void string_length_past_the_end(void **state)
{
	size_t len = sample_encode_op(DCP_REQ_HELLO, m, sizeof(m));

	patch_u16(m, 4, 60); /* the name is shorter than 60 */
	expect_fatal(m, len, 0, "HELLO: payload ends");
	(void)state;
}

/* ---- reserved bytes and file descriptors ------------------------------------------- */

static void reserved_bytes_not_zero(void **state)
{
	size_t len = sample_encode_op(DCP_REQ_FLIP, m, sizeof(m));

	patch_u8(m, 14, 1); /* FLIP: bytes 13..15 are reserved */
	expect_fatal(m, len, 0, "FLIP: reserved byte 14 is 0x01");
	len = sample_encode_op(DCP_REPLY_ERROR, m, sizeof(m));
	patch_u8(m, 15, 0x80);
	expect_fatal(m, len, 0, "ERROR: reserved byte 15 is 0x80");
	len = sample_encode_op(DCP_REQ_COMMIT, m, sizeof(m));
	patch_u8(m, 8 + 108 + 10, 3); /* second output's reserved bytes */
	expect_fatal(m, len, 0, "COMMIT: reserved byte 126 is 0x03");
	(void)state;
}

static void missing_fd(void **state)
{
	size_t len = sample_encode_op(DCP_REQ_FB_CREATE, m, sizeof(m));

	expect_fatal(m, len, 0, "FB_CREATE came with 0 file descriptor(s), it takes 1");
	(void)state;
}

static void extra_fds(void **state)
{
	size_t len = sample_encode_op(DCP_REQ_FB_CREATE, m, sizeof(m));

	expect_fatal(m, len, 2, "FB_CREATE came with 2 file descriptor(s), it takes 1");
	len = sample_encode_op(DCP_REQ_SYNC, m, sizeof(m));
	expect_fatal(m, len, 1, "SYNC came with 1 file descriptor(s), it takes 0");
	len = sample_encode_op(DCP_EVENT_FLIP_DONE, m, sizeof(m));
	expect_fatal(m, len, 1, "FLIP_DONE came with 1");
	(void)state;
}

/* Decoding failures leave the header readable so the ERROR can echo the serial. */
static void serial_is_known_after_a_payload_error(void **state)
{
	struct dcp_request req;
	struct dcp_error err;
	size_t len = sample_encode_op(DCP_REQ_FLIP, m, sizeof(m));

	patch_u8(m, 13, 9);
	assert_int_equal(dcp_decode_request(m, len, 0, &req, &err), -EPROTO);
	assert_int_equal(req.hdr.serial, 10);
	assert_int_equal(req.hdr.opcode, DCP_REQ_FLIP);
	(void)state;
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(empty_datagram),
		cmocka_unit_test(truncated_header),
		cmocka_unit_test(length_field_larger_than_datagram),
		cmocka_unit_test(length_field_smaller_than_datagram),
		cmocka_unit_test(datagram_above_the_maximum),
		cmocka_unit_test(unknown_opcodes),
		cmocka_unit_test(server_message_sent_by_a_client),
		cmocka_unit_test(request_received_by_a_client),
		cmocka_unit_test(reserved_header_flags),
		cmocka_unit_test(no_reply_on_a_request_with_data_reply),
		cmocka_unit_test(serial_rules),
		cmocka_unit_test(every_truncation_of_every_sample),
		cmocka_unit_test(every_sample_with_trailing_bytes),
		cmocka_unit_test(payload_on_a_message_without_one),
		cmocka_unit_test(field_cut_in_the_middle),
		cmocka_unit_test(count_above_the_maximum),
		cmocka_unit_test(count_larger_than_the_payload),
		cmocka_unit_test(link_info_counts),
		cmocka_unit_test(string_too_long),
		cmocka_unit_test(string_without_terminator),
		cmocka_unit_test(string_with_embedded_nul),
		cmocka_unit_test(string_not_utf8),
		cmocka_unit_test(string_length_past_the_end),
		cmocka_unit_test(reserved_bytes_not_zero),
		cmocka_unit_test(missing_fd),
		cmocka_unit_test(extra_fds),
		cmocka_unit_test(serial_is_known_after_a_payload_error),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
