/*
 * Every message type survives encode -> decode -> encode unchanged; the
 * encoder reports sizes and refuses small buffers; large topologies fit;
 * the session rules (order, version), names, socket paths; and the
 * committed fuzz corpus is what the samples encode to.
 *
 * With `--write-corpus DIR` the program writes that corpus instead.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "protocol_samples.h"
#include "wire.h"

static uint8_t buf[DCP_MAX_MESSAGE_SIZE];
static uint8_t buf2[DCP_MAX_MESSAGE_SIZE];
static const char *corpus_dir;

static void every_message_round_trips(void **state)
{
	static union sample_body orig, dec;
	struct dcp_error err;

	for (size_t i = 0; i < sample_count(); i++) {
		const struct dcp_msg_desc *d;
		struct dcp_header hdr;
		struct sample s;
		size_t len, len2;
		void *body;
		int ret;

		sample_get(i, &orig, &s);
		d = dcp_msg_lookup(s.hdr.opcode);
		assert_non_null(d);
		assert_int_equal(dcp_encode(buf, sizeof(buf), &s.hdr, s.body, &len, &err), 0);
		assert_int_equal(dcp_decode_header(buf, len, &hdr, &err), 0);
		assert_int_equal(hdr.opcode, s.hdr.opcode);
		assert_int_equal(hdr.length, len);
		memset(&dec, 0xa5, sizeof(dec));
		if (DCP_OPCODE_REQUEST(s.hdr.opcode)) {
			ret = dcp_decode_request(buf, len, s.nfds, &dec.req, &err);
			body = &dec.req.hello;
			hdr = dec.req.hdr;
		} else {
			ret = dcp_decode_server(buf, len, s.nfds, &dec.srv, &err);
			body = &dec.srv.error;
			hdr = dec.srv.hdr;
		}
		if (ret)
			fail_msg("%s: %s", d->name, err.text);
		assert_int_equal(hdr.opcode, s.hdr.opcode);
		assert_int_equal(hdr.flags, s.hdr.flags);
		assert_int_equal(hdr.serial, s.hdr.serial);
		if (d->body_size)
			assert_memory_equal(body, s.body, d->body_size);
		/* and the decoded struct encodes to the same bytes */
		assert_int_equal(dcp_encode(buf2, sizeof(buf2), &hdr, d->body_size ? body : NULL,
					    &len2, &err),
				 0);
		assert_int_equal(len2, len);
		assert_memory_equal(buf2, buf, len);
	}
	(void)state;
}

static void every_opcode_has_a_sample(void **state)
{
	unsigned known = 0;

	for (unsigned op = 0; op <= 0xffff; op++) {
		if (!dcp_opcode_name((uint16_t)op))
			continue;
		known++;
		if (sample_find((uint16_t)op) == (size_t)-1)
			fail_msg("opcode 0x%04x (%s) has no sample", op,
				 dcp_opcode_name((uint16_t)op));
	}
	assert_int_equal(known, sample_count());
	assert_int_equal(dcp_opcode_nfds(DCP_REQ_FB_CREATE), 1);
	assert_int_equal(dcp_opcode_nfds(DCP_REQ_FLIP), 0);
	assert_int_equal(dcp_opcode_nfds(0x0042), -EPROTO);
	(void)state;
}

static void encoder_reports_size_and_refuses_small_buffers(void **state)
{
	size_t full = sample_encode_op(DCP_REQ_COMMIT, buf, sizeof(buf));
	union sample_body b;
	struct dcp_error err;
	struct sample s;
	size_t len;

	sample_get(sample_find(DCP_REQ_COMMIT), &b, &s);
	memset(buf2, 0x5a, sizeof(buf2));
	assert_int_equal(dcp_encode(buf2, full - 1, &s.hdr, s.body, &len, &err), -ENOBUFS);
	assert_int_equal(len, full);
	/* nothing written past the buffer it was given */
	assert_int_equal(buf2[full - 1], 0x5a);
	assert_int_equal(dcp_encode(buf2, 0, &s.hdr, s.body, &len, &err), -ENOBUFS);
	assert_int_equal(len, full);
	/* 12-byte header + flags + count + 3 outputs of 108 bytes */
	assert_int_equal(full, 12 + 8 + 3 * 108);
	/* a body is required where the message has one */
	assert_int_equal(dcp_encode(buf2, sizeof(buf2), &s.hdr, NULL, &len, &err), -EINVAL);
	(void)state;
}

static void large_topology_fits_one_message_per_link(void **state)
{
	static struct dcp_server_msg dec;
	static struct dcp_link_info li;
	struct dcp_header hdr = { .opcode = DCP_REPLY_LINK_INFO, .serial = 77 };
	struct dcp_error err;
	size_t len;

	/* DC_MAX_LINKS (9) links with a full mode list each: every LINK_INFO fits. */
	for (uint32_t link = 0; link < 9; link++) {
		sample_link_info(&li, link, DCP_MAX_MODES);
		assert_int_equal(dcp_encode(buf, sizeof(buf), &hdr, &li, &len, &err), 0);
		assert_true(len <= DCP_MAX_MESSAGE_SIZE);
		assert_int_equal(dcp_decode_server(buf, len, 0, &dec, &err), 0);
		assert_int_equal(dec.link_info.mode_count, DCP_MAX_MODES);
		assert_int_equal(dec.link_info.link, link);
		assert_memory_equal(&dec.link_info, &li, sizeof(li));
	}
	/* 512 modes x 40 bytes plus the rest stays well under the limit */
	assert_true(len < DCP_MAX_MESSAGE_SIZE / 2);
	/* a realistic monitor: 150 modes */
	sample_link_info(&li, 0, 150);
	assert_int_equal(dcp_encode(buf, sizeof(buf), &hdr, &li, &len, &err), 0);
	assert_int_equal(dcp_decode_server(buf, len, 0, &dec, &err), 0);
	assert_int_equal(dec.link_info.mode_count, 150);
	assert_int_equal(dec.link_info.modes[149].refresh_mhz, 59940 + 149);
	(void)state;
}

static void sequence_and_version_rules(void **state)
{
	struct dcp_hello hello = { DCP_VERSION_MAJOR, 7, "x" };
	struct dcp_error err;
	uint16_t minor = 99;

	assert_int_equal(dcp_check_sequence(false, DCP_REQ_HELLO, &err), 0);
	assert_int_equal(dcp_check_sequence(true, DCP_REQ_FLIP, &err), 0);
	assert_int_equal(dcp_check_sequence(false, DCP_REQ_FLIP, &err), -EPROTO);
	assert_int_equal(err.reason, DCP_REASON_SEQUENCE);
	assert_true(err.flags & DCP_ERROR_FATAL);
	assert_non_null(strstr(err.text, "FLIP before HELLO"));
	assert_int_equal(dcp_check_sequence(false, DCP_REQ_GET_TOPOLOGY, &err), -EPROTO);
	assert_int_equal(dcp_check_sequence(true, DCP_REQ_HELLO, &err), -EPROTO);
	assert_true(err.flags & DCP_ERROR_FATAL);

	/* a newer minor speaks ours; an older one its own */
	assert_int_equal(dcp_negotiate(&hello, &minor, &err), 0);
	assert_int_equal(minor, DCP_VERSION_MINOR);
	hello.minor = 0;
	assert_int_equal(dcp_negotiate(&hello, &minor, &err), 0);
	assert_int_equal(minor, 0);
	hello.major = DCP_VERSION_MAJOR + 1;
	assert_int_equal(dcp_negotiate(&hello, &minor, &err), -EPROTONOSUPPORT);
	assert_int_equal(err.reason, DCP_REASON_VERSION);
	assert_true(err.flags & DCP_ERROR_FATAL);
	assert_non_null(strstr(err.text, "protocol 2.0"));
	(void)state;
}

static void every_enum_value_has_a_name(void **state)
{
	for (unsigned v = 0; v < DCP_LINK_TYPE_COUNT; v++)
		assert_non_null(dcp_link_type_name(v));
	assert_null(dcp_link_type_name(DCP_LINK_TYPE_COUNT));
	assert_string_equal(dcp_link_type_name(DCP_LINK_HDMI_A), "HDMI-A");
	for (unsigned v = 0; v < DCP_CONNECTION_COUNT; v++)
		assert_non_null(dcp_connection_name(v));
	for (unsigned v = 0; v < DCP_LEASE_STATE_COUNT; v++)
		assert_non_null(dcp_lease_state_name(v));
	assert_null(dcp_lease_state_name(DCP_LEASE_STATE_COUNT));
	for (unsigned v = 0; v < DCP_ENCODING_COUNT; v++)
		assert_non_null(dcp_encoding_name(v));
	for (unsigned v = 1; v <= DCP_REASON_LAST; v++) {
		bool defined = v <= DCP_REASON_VRR || v >= DCP_REASON_PROTOCOL;

		assert_int_equal(dcp_reason_name(v) != NULL, defined);
	}
	assert_null(dcp_reason_name(DCP_REASON_LAST + 1));
	assert_string_equal(dcp_reason_name(DCP_REASON_FB_UNSEALED), "fb-unsealed");
	for (unsigned v = 1; v <= DCP_REVOKE_LAST; v++)
		assert_non_null(dcp_revoke_reason_name(v));
	assert_null(dcp_revoke_reason_name(0));
	(void)state;
}

static void socket_paths(void **state)
{
	char p[128];
	char longdir[200];

	assert_int_equal(dcp_socket_path_server(p, sizeof(p), 0, "/run/user/0", NULL), 0);
	assert_string_equal(p, "/run/dcd/dcd.sock");
	assert_int_equal(dcp_socket_path_server(p, sizeof(p), 1000, "/run/user/1000", NULL), 0);
	assert_string_equal(p, "/run/user/1000/dcd.sock");
	assert_int_equal(dcp_socket_path_server(p, sizeof(p), 1000, NULL, NULL), -ENOENT);
	assert_int_equal(dcp_socket_path_server(p, sizeof(p), 1000, "", NULL), -ENOENT);
	assert_int_equal(dcp_socket_path_server(p, sizeof(p), 1000, "run", NULL), -EINVAL);
	assert_int_equal(dcp_socket_path_server(p, sizeof(p), 0, NULL, "/tmp/x.sock"), 0);
	assert_string_equal(p, "/tmp/x.sock");
	memset(longdir, 'a', sizeof(longdir));
	longdir[0] = '/';
	longdir[sizeof(longdir) - 1] = '\0';
	assert_int_equal(dcp_socket_path_server(p, sizeof(p), 1, longdir, NULL), -ENAMETOOLONG);

	/* a client looks at its user's daemon first, then the system one */
	assert_int_equal(dcp_socket_path_client(p, sizeof(p), 0, "/run/user/1000", NULL), 0);
	assert_string_equal(p, "/run/user/1000/dcd.sock");
	assert_int_equal(dcp_socket_path_client(p, sizeof(p), 1, "/run/user/1000", NULL), 0);
	assert_string_equal(p, "/run/dcd/dcd.sock");
	assert_int_equal(dcp_socket_path_client(p, sizeof(p), 2, "/run/user/1000", NULL), -ENOENT);
	assert_int_equal(dcp_socket_path_client(p, sizeof(p), 0, NULL, NULL), 0);
	assert_string_equal(p, "/run/dcd/dcd.sock");
	assert_int_equal(dcp_socket_path_client(p, sizeof(p), 1, NULL, NULL), -ENOENT);
	/* the override is the only place tried */
	assert_int_equal(dcp_socket_path_client(p, sizeof(p), 0, "/run/user/1", "/t/s"), 0);
	assert_string_equal(p, "/t/s");
	assert_int_equal(dcp_socket_path_client(p, sizeof(p), 1, "/run/user/1", "/t/s"), -ENOENT);
	(void)state;
}

static void error_text_is_cut_on_a_character_boundary(void **state)
{
	struct dcp_error err;
	char text[400];

	/* 254 ASCII bytes then a 3-byte character: it does not fit in 255 */
	memset(text, 'x', 254);
	memcpy(text + 254, "\xe2\x9c\x93", 4);
	dcp_error_set(&err, -EINVAL, DCP_REASON_ARGUMENT, 0, "%s", text);
	assert_int_equal(strlen(err.text), 254);
	assert_true(dcp_utf8_valid(err.text, strlen(err.text)));
	assert_int_equal(err.link, -1);
	assert_int_equal(err.plane, -1);
	assert_int_equal(dcp_error_set(NULL, -EIO, DCP_REASON_INTERNAL, 0, "x"), -EIO);
	(void)state;
}

/* The corpus file of sample i: the fuzzer's input format, nfds byte + message. */
static size_t corpus_entry(size_t i, uint8_t *out, char *name, size_t name_size)
{
	unsigned nfds;
	size_t len = sample_encode(i, out + 1, DCP_MAX_MESSAGE_SIZE, &nfds);
	struct dcp_header hdr;

	out[0] = (uint8_t)nfds;
	dcp_decode_header(out + 1, len, &hdr, NULL);
	snprintf(name, name_size, "%s.bin", dcp_opcode_name(hdr.opcode));
	for (char *c = name; *c; c++)
		*c = (char)(*c >= 'A' && *c <= 'Z' ? *c - 'A' + 'a' : *c);
	return len + 1;
}

static void committed_corpus_matches_the_samples(void **state)
{
	static uint8_t want[DCP_MAX_MESSAGE_SIZE + 1], have[DCP_MAX_MESSAGE_SIZE + 2];
	char name[64], path[512];

	if (!corpus_dir)
		skip();
	for (size_t i = 0; i < sample_count(); i++) {
		size_t n = corpus_entry(i, want, name, sizeof(name));
		FILE *f;
		size_t got;

		snprintf(path, sizeof(path), "%s/%s", corpus_dir, name);
		f = fopen(path, "rb");
		if (!f)
			fail_msg("%s missing: run test-protocol-roundtrip --write-corpus", path);
		got = fread(have, 1, sizeof(have), f);
		fclose(f);
		if (got != n || memcmp(have, want, n))
			fail_msg("%s is stale: run test-protocol-roundtrip --write-corpus", path);
	}
	(void)state;
}

static int write_corpus(const char *dir)
{
	static uint8_t entry[DCP_MAX_MESSAGE_SIZE + 1];
	char name[64], path[512];

	for (size_t i = 0; i < sample_count(); i++) {
		size_t n = corpus_entry(i, entry, name, sizeof(name));
		FILE *f;

		snprintf(path, sizeof(path), "%s/%s", dir, name);
		f = fopen(path, "wb");
		if (!f || fwrite(entry, 1, n, f) != n || fclose(f)) {
			perror(path);
			return 1;
		}
	}
	return 0;
}

int main(int argc, char **argv)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(every_message_round_trips),
		cmocka_unit_test(every_opcode_has_a_sample),
		cmocka_unit_test(encoder_reports_size_and_refuses_small_buffers),
		cmocka_unit_test(large_topology_fits_one_message_per_link),
		cmocka_unit_test(sequence_and_version_rules),
		cmocka_unit_test(every_enum_value_has_a_name),
		cmocka_unit_test(socket_paths),
		cmocka_unit_test(error_text_is_cut_on_a_character_boundary),
		cmocka_unit_test(committed_corpus_matches_the_samples),
	};

	if (argc == 3 && strcmp(argv[1], "--write-corpus") == 0)
		return write_corpus(argv[2]);
	if (argc == 2)
		corpus_dir = argv[1];
	return cmocka_run_group_tests(tests, NULL, NULL);
}
