/*
 * Text from someone else: a client's name with control characters,
 * terminal escapes, line separators or bidirectional overrides is refused
 * at HELLO (not fatal: the client may say hello again with a proper name),
 * by the encoder as by the decoder; dcp_text_escape turns what is not
 * printable into "\xNN" for logs and dcctl, and cuts only between whole
 * characters and escapes.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "protocol_expect.h"
#include "protocol_samples.h"

static uint8_t m[DCP_MAX_MESSAGE_SIZE];

/* A HELLO whose name is the n bytes given (the encoder would refuse them). */
static size_t hello_with(const char *bytes, uint16_t n)
{
	size_t len;

	sample_encode_op(DCP_REQ_HELLO, m, sizeof(m));
	patch_u16(m, 4, n);
	memcpy(m + DCP_HEADER_SIZE + 6, bytes, n);
	m[DCP_HEADER_SIZE + 6 + n] = 0;
	len = DCP_HEADER_SIZE + 6 + n + 1u;
	patch_length(m, len);
	return len;
}

static const char *const unprintable_names[] = {
	"compositor\n[  1.000000] error: forged line", /* a log line of its own */
	"<3>forged journal priority\n<0>x",
	"\x1b[2J\x1b[31mred", /* ESC [: terminal commands */
	"bell\a",	      /* C0 */
	"tab\there",	      /* a control character too */
	"del\x7f",	      /* DEL */
	"csi\xc2\x9b"
	"31m", /* U+009B, the C1 CSI */
	"rtl\xe2\x80\xae"
	"gpj",		       /* U+202E RIGHT-TO-LEFT OVERRIDE */
	"isolate\xe2\x81\xa6", /* U+2066 */
	"line\xe2\x80\xa8sep", /* U+2028 LINE SEPARATOR */
};

static void unprintable_names_are_refused_at_hello(void **state)
{
	for (size_t i = 0; i < sizeof(unprintable_names) / sizeof(unprintable_names[0]); i++) {
		const char *name = unprintable_names[i];
		size_t len = hello_with(name, (uint16_t)strlen(name));
		struct dcp_header hdr = { .opcode = DCP_REQ_HELLO, .serial = 1 };
		struct dcp_hello hello = { .major = 1 };
		struct dcp_error err;
		size_t out;

		expect_invalid(m, len, 0, -EINVAL,
			       "HELLO: client name has an unprintable character");
		/* the encoder refuses it too: libdcclient never sends it */
		snprintf(hello.name, sizeof(hello.name), "%s", name);
		assert_int_equal(dcp_encode(m, sizeof(m), &hdr, &hello, &out, &err), -EINVAL);
		assert_non_null(strstr(err.text, "unprintable"));
	}
	(void)state;
}

static void printable_names_pass(void **state)
{
	static const char *const good[] = { "weston", "dc-demo 0.1 (pid 42)", "Ünïcødé 表示",
					    "emoji \xf0\x9f\x96\xa5", "back\\slash" };

	for (size_t i = 0; i < sizeof(good) / sizeof(good[0]); i++) {
		struct dcp_request req;
		struct dcp_error err;
		size_t len = hello_with(good[i], (uint16_t)strlen(good[i]));

		assert_int_equal(dcp_decode_request(m, len, 0, &req, &err), 0);
		assert_string_equal(req.hello.name, good[i]);
		assert_int_equal(dcp_text_unprintable(good[i], strlen(good[i])), strlen(good[i]));
	}
	(void)state;
}

static void offset_of_the_first_unprintable(void **state)
{
	assert_int_equal(dcp_text_unprintable("ab\ncd", 5), 2);
	assert_int_equal(dcp_text_unprintable("\xc3\xa9\x1b", 3), 2);
	assert_int_equal(dcp_text_unprintable("ok\xff", 3), 2);	  /* not UTF-8 */
	assert_int_equal(dcp_text_unprintable("\xe2\x80", 2), 0); /* cut */
	(void)state;
}

static void escape_writes_bytes_as_hex(void **state)
{
	char out[128];

	assert_int_equal(dcp_text_escape(out, sizeof(out), "a\nb"), 6);
	assert_string_equal(out, "a\\x0ab");
	dcp_text_escape(out, sizeof(out), "\x1b[31mred");
	assert_string_equal(out, "\\x1b[31mred");
	dcp_text_escape(out, sizeof(out),
			"c1\xc2\x9b"
			"x");
	assert_string_equal(out, "c1\\xc2\\x9bx");
	dcp_text_escape(out, sizeof(out), "bad\xff\xfe");
	assert_string_equal(out, "bad\\xff\\xfe");
	dcp_text_escape(out, sizeof(out), "caf\xc3\xa9 \xe8\xa1\xa8");
	assert_string_equal(out, "caf\xc3\xa9 \xe8\xa1\xa8"); /* printable stays as it is */
	/* escaping twice changes nothing: a backslash is printable */
	dcp_text_escape(out, sizeof(out), "a\\x0ab");
	assert_string_equal(out, "a\\x0ab");
	(void)state;
}

static void escape_cuts_between_pieces(void **state)
{
	char out[8];

	/* "ab" + "\x1b" (4) = 6 fits in 7 + NUL; the next escape does not */
	assert_int_equal(dcp_text_escape(out, sizeof(out), "ab\x1b\x1b"), 10);
	assert_string_equal(out, "ab\\x1b");
	/* never half a UTF-8 character: 5 ASCII + a 3-byte character > 7 */
	dcp_text_escape(out, sizeof(out), "abcde\xe8\xa1\xa8z");
	assert_string_equal(out, "abcde");
	/* a size of 0 only measures */
	assert_int_equal(dcp_text_escape(NULL, 0, "\n"), 4);
	(void)state;
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(unprintable_names_are_refused_at_hello),
		cmocka_unit_test(printable_names_pass),
		cmocka_unit_test(offset_of_the_first_unprintable),
		cmocka_unit_test(escape_writes_bytes_as_hex),
		cmocka_unit_test(escape_cuts_between_pieces),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
