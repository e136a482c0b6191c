/*
 * Well-framed messages with values out of range: enums, flag bits, bools,
 * ids, sizes, mode bits, configuration rules. Each is refused with
 * -EINVAL (not fatal: the daemon replies ERROR and keeps the client) and
 * a sentence naming the field and the numbers. The encoder applies the
 * same rules, so a client cannot send what the server would refuse.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>
#include <drm_fourcc.h>

#include "protocol_expect.h"
#include "protocol_samples.h"

static uint8_t m[DCP_MAX_MESSAGE_SIZE];

/* Payload offsets of the first output of a configuration (docs/protocol.md). */
#define OUT0	       8
#define OUT1	       (8 + 108)
#define O_FLAGS	       4
#define O_ENCODING     8
#define O_BPC	       9
#define O_BLANK	       12
#define O_MODE_FLAGS   (16 + 28)
#define O_MODE_TYPE    (16 + 32)
#define O_PRIMARY_FB   52
#define O_SRC_X	       56
#define O_SRC_W	       64
#define O_DST_W	       80
#define O_CURSOR_FB    88
#define O_CURSOR_HOT_X 100

static size_t commit(void)
{
	return sample_encode_op(DCP_REQ_COMMIT, m, sizeof(m));
}

static void enum_out_of_range(void **state)
{
	size_t len = commit();

	patch_u8(m, OUT0 + O_ENCODING, DCP_ENCODING_COUNT);
	expect_invalid(m, len, 0, -EINVAL, "COMMIT: link 0: pixel encoding 4 outside 0..3");

	len = sample_encode_op(DCP_REPLY_LINK_INFO, m, sizeof(m));
	patch_u8(m, 4, DCP_LINK_TYPE_COUNT);
	expect_invalid(m, len, 0, -EINVAL, "LINK_INFO: link type 4 outside 0..3");
	len = sample_encode_op(DCP_REPLY_LINK_INFO, m, sizeof(m));
	patch_u8(m, 5, DCP_CONNECTION_COUNT);
	expect_invalid(m, len, 0, -EINVAL, "connection 3 outside 0..2");
	len = sample_encode_op(DCP_REPLY_LINK_INFO, m, sizeof(m));
	patch_u8(m, 6, DCP_LEASE_STATE_COUNT);
	expect_invalid(m, len, 0, -EINVAL, "lease state 4 outside 0..3");

	len = sample_encode_op(DCP_REPLY_ERROR, m, sizeof(m));
	patch_u16(m, 4, DCP_REASON_VRR + 1);
	expect_invalid(m, len, 0, -EINVAL, "ERROR: reason 20 is not defined");
	patch_u16(m, 4, DCP_REASON_LAST + 1);
	expect_invalid(m, len, 0, -EINVAL, "reason 84 is not defined");
	patch_u16(m, 4, 0);
	expect_invalid(m, len, 0, -EINVAL, "reason 0 is not defined");

	len = sample_encode_op(DCP_EVENT_LEASE_REVOKED, m, sizeof(m));
	patch_u16(m, 4, DCP_REVOKE_LAST + 1);
	expect_invalid(m, len, 0, -EINVAL, "LEASE_REVOKED: revoke reason 6 outside 1..5");

	len = sample_encode_op(DCP_EVENT_HOTPLUG, m, sizeof(m));
	patch_u8(m, 4, 7);
	expect_invalid(m, len, 0, -EINVAL, "HOTPLUG: connection 7");
	(void)state;
}

static void bool_not_zero_or_one(void **state)
{
	size_t len = sample_encode_op(DCP_REQ_VBLANK_SUBSCRIBE, m, sizeof(m));

	patch_u8(m, 4, 2);
	expect_invalid(m, len, 0, -EINVAL, "VBLANK_SUBSCRIBE: enable is 2, must be 0 or 1");
	len = sample_encode_op(DCP_EVENT_OUTPUT_CHANGED, m, sizeof(m));
	patch_u8(m, 9, 0xff);
	expect_invalid(m, len, 0, -EINVAL, "active is 255");
	(void)state;
}

static void unknown_flag_bits(void **state)
{
	size_t len = commit();

	patch_u32(m, 0, DCP_COMMIT_NONBLOCK | 0x4);
	expect_invalid(m, len, 0, -EINVAL, "COMMIT: flags 0x6 have unknown bits 0x4");
	len = commit();
	patch_u32(m, OUT0 + O_FLAGS, 0x10 | DCP_OUTPUT_ENABLED);
	expect_invalid(m, len, 0, -EINVAL, "link 0: output flags 0x11 have unknown bits");

	len = sample_encode_op(DCP_REPLY_ERROR, m, sizeof(m));
	patch_u16(m, 6, 0x4);
	expect_invalid(m, len, 0, -EINVAL, "ERROR: flags 0x4 have unknown bits");
	len = sample_encode_op(DCP_REPLY_WELCOME, m, sizeof(m));
	patch_u32(m, 4, 0x100);
	expect_invalid(m, len, 0, -EINVAL, "WELCOME: capabilities 0x100 have unknown bits 0x100");
	len = sample_encode_op(DCP_REPLY_LINK_INFO, m, sizeof(m));
	patch_u8(m, 7, 0x2);
	expect_invalid(m, len, 0, -EINVAL, "LINK_INFO: flags 0x2 have unknown bits");
	len = sample_encode_op(DCP_EVENT_OUTPUT_CHANGED, m, sizeof(m));
	patch_u32(m, 4, 0);
	expect_invalid(m, len, 0, -EINVAL, "changes 0x0: none or unknown bits");
	patch_u32(m, 4, 0x10);
	expect_invalid(m, len, 0, -EINVAL, "changes 0x10");
	(void)state;
}

static void flip_flags_and_plane(void **state)
{
	static const uint32_t bad[] = { 0, DCP_FLIP_VSYNC | DCP_FLIP_ASYNC, 0x4, 0x80000001 };
	size_t len;

	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		len = sample_encode_op(DCP_REQ_FLIP, m, sizeof(m));
		patch_u32(m, 8, bad[i]);
		expect_invalid(m, len, 0, -EINVAL, "must be exactly one of VSYNC (0x1) and ASYNC");
	}
	len = sample_encode_op(DCP_REQ_FLIP, m, sizeof(m));
	patch_u8(m, 12, DCP_PLANE_CURSOR);
	expect_invalid(m, len, 0, -EINVAL, "FLIP: plane 1: flips go to the primary plane");
	len = sample_encode_op(DCP_REQ_FLIP, m, sizeof(m));
	patch_u32(m, 4, 0);
	expect_invalid(m, len, 0, -EINVAL, "FLIP: framebuffer 0");
	(void)state;
}

static void ids_of_zero(void **state)
{
	size_t len = sample_encode_op(DCP_REQ_LEASE_RELEASE, m, sizeof(m));

	patch_u32(m, 0, 0);
	expect_invalid(m, len, 0, -EINVAL, "LEASE_RELEASE: id 0 is never valid");
	len = sample_encode_op(DCP_REQ_FB_DESTROY, m, sizeof(m));
	patch_u32(m, 0, 0);
	expect_invalid(m, len, 0, -EINVAL, "FB_DESTROY: id 0");
	len = sample_encode_op(DCP_REPLY_LEASE_GRANTED, m, sizeof(m));
	patch_u32(m, 0, 0);
	expect_invalid(m, len, 0, -EINVAL, "LEASE_GRANTED: id 0");
	len = sample_encode_op(DCP_EVENT_LEASE_REVOKED, m, sizeof(m));
	patch_u32(m, 0, 0);
	expect_invalid(m, len, 0, -EINVAL, "LEASE_REVOKED: lease id 0");
	(void)state;
}

static void links_out_of_range(void **state)
{
	size_t len = sample_encode_op(DCP_REQ_FLIP, m, sizeof(m));

	patch_u32(m, 0, DCP_MAX_LINKS);
	expect_invalid(m, len, 0, -EINVAL, "FLIP: link 16 outside 0..15");
	len = sample_encode_op(DCP_REQ_CURSOR_MOVE, m, sizeof(m));
	patch_u32(m, 0, 0xffffffffu);
	expect_invalid(m, len, 0, -EINVAL, "CURSOR_MOVE: link 4294967295 outside");
	len = sample_encode_op(DCP_REPLY_ERROR, m, sizeof(m));
	patch_u32(m, 8, (uint32_t)-2);
	expect_invalid(m, len, 0, -EINVAL, "ERROR: link -2 outside -1..15");
	len = sample_encode_op(DCP_REPLY_ERROR, m, sizeof(m));
	patch_u16(m, 12, 2);
	expect_invalid(m, len, 0, -EINVAL, "ERROR: plane 2 outside -1..1");
	(void)state;
}

static void lease_request_rules(void **state)
{
	size_t len = sample_encode_op(DCP_REQ_LEASE_REQUEST, m, sizeof(m));

	patch_u32(m, 8, 0); /* links 0, 2, 8 -> 0, 0, 8 */
	expect_invalid(m, len, 0, -EINVAL, "LEASE_REQUEST: link 0 listed twice");
	patch_u32(m, 8, 16);
	expect_invalid(m, len, 0, -EINVAL, "link 16 outside 0..15");
	/* no links at all */
	patch_u32(m, 0, 0);
	patch_length(m, DCP_HEADER_SIZE + 4);
	expect_invalid(m, DCP_HEADER_SIZE + 4, 0, -EINVAL, "link count 0 outside 1..16");
	(void)state;
}

/* Encodes a KMS_LEASE_REQUEST of names; the encoder's verdict. */
static int encode_kms_lease(const char *const *names, uint32_t n, struct dcp_error *err)
{
	struct dcp_header h = { .opcode = DCP_REQ_KMS_LEASE_REQUEST, .serial = 1 };
	struct dcp_kms_lease_request req = { .name_count = n };
	size_t len;

	for (uint32_t i = 0; i < n; i++)
		snprintf(req.names[i], sizeof(req.names[i]), "%s", names[i]);
	return dcp_encode(m, sizeof(m), &h, &req, &len, err);
}

static void kms_lease_rules(void **state)
{
	size_t len = sample_encode_op(DCP_REQ_KMS_LEASE_REQUEST, m, sizeof(m));
	struct dcp_error err;

	/* "Virtual-1" starts at payload byte 6: an ESC there is refused, not fatal */
	patch_u8(m, 6, 0x1b);
	expect_invalid(m, len, 0, -EINVAL,
		       "KMS_LEASE_REQUEST: output name has an unprintable character at byte 0");
	assert_int_equal(encode_kms_lease((const char *[]){ "DP-1", "DP-1" }, 2, &err), -EINVAL);
	assert_non_null(strstr(err.text, "output DP-1 listed twice"));
	assert_int_equal(encode_kms_lease((const char *[]){ "DP-1", "" }, 2, &err), -EINVAL);
	assert_non_null(strstr(err.text, "output name 1 is empty"));
	assert_int_equal(encode_kms_lease(NULL, 0, &err), -EINVAL);
	assert_non_null(strstr(err.text, "name count 0 outside 1..16"));

	/* the grant carries the lessee's fd: without it the message is a lie */
	len = sample_encode_op(DCP_REPLY_KMS_LEASE_GRANTED, m, sizeof(m));
	expect_fatal(m, len, 0, "KMS_LEASE_GRANTED came with 0 file descriptor(s), it takes 1");
	patch_u32(m, 4, 0);
	expect_invalid(m, len, 1, -EINVAL, "lessee id 0: 0 is never valid");
	(void)state;
}

/* FB_ALLOC (1.3): a known one-plane format of a sane size; FB_ALLOCATED: an fd and a layout that
 * fits. */
static void fb_alloc_rules(void **state)
{
	struct dcp_error err;
	size_t len = sample_encode_op(DCP_REQ_FB_ALLOC, m, sizeof(m));

	/* format, width, height */
	patch_u32(m, 0, DRM_FORMAT_NV12);
	expect_invalid(m, len, 0, -EINVAL, "FB_ALLOC: NV12 has 2 planes; dcd allocates one-plane");
	patch_u32(m, 0, 0x30303030);
	expect_invalid(m, len, 0, -EINVAL, "FB_ALLOC: format '0000'");
	patch_u32(m, 0, DRM_FORMAT_XRGB8888);
	patch_u32(m, 4, 0);
	expect_invalid(m, len, 0, -EINVAL, "FB_ALLOC: size 0x1080 outside 1x1..16384x16384");
	patch_u32(m, 4, 1920);
	patch_u32(m, 8, DCP_MAX_FB_DIM + 1);
	expect_invalid(m, len, 0, -EINVAL, "FB_ALLOC: size 1920x16385 outside");
	/* no fd may come with the request */
	patch_u32(m, 8, 1080);
	assert_int_equal(decode_any(m, len, 0, &err), 0);
	expect_fatal(m, len, 1, "FB_ALLOC came with 1 file descriptor(s), it takes 0");
	/* one byte short is a malformed message */
	patch_length(m, len - 1);
	expect_fatal(m, len - 1, 0, "FB_ALLOC");

	/* fb id, pitch, offset, size */
	len = sample_encode_op(DCP_REPLY_FB_ALLOCATED, m, sizeof(m));
	assert_int_equal(decode_any(m, len, 1, &err), 0);
	expect_fatal(m, len, 0, "FB_ALLOCATED came with 0 file descriptor(s), it takes 1");
	patch_u32(m, 0, 0);
	expect_invalid(m, len, 1, -EINVAL, "FB_ALLOCATED: framebuffer id 0 is never valid");
	patch_u32(m, 0, 13);
	patch_u32(m, 4, 0);
	expect_invalid(m, len, 1, -EINVAL, "FB_ALLOCATED: pitch 0 outside 1..262144");
	patch_u32(m, 4, 7680);
	patch_u32(m, 8, 7680 * 1080);
	expect_invalid(m, len, 1, -EINVAL,
		       "FB_ALLOCATED: offset 8294400 and pitch 7680 do not fit in 8294400 bytes");
	(void)state;
}

/* 1.3: the wire takes a dma-buf's tiled modifier; the linear rule is the server's (dcp_fb_size). */
static void fb_create_modifiers(void **state)
{
	struct dcp_error err;
	size_t len = sample_encode_op(DCP_REQ_FB_CREATE, m, sizeof(m));

	/* the modifier is payload bytes 4..11 */
	patch_u32(m, 4, 1);
	patch_u32(m, 8, 0x01000000); /* I915_FORMAT_MOD_X_TILED */
	assert_int_equal(decode_any(m, len, 1, &err), 0);
	patch_u32(m, 4, 0xffffffff); /* DRM_FORMAT_MOD_INVALID */
	patch_u32(m, 8, 0x00ffffff);
	expect_invalid(m, len, 1, -EINVAL, "FB_CREATE: modifier DRM_FORMAT_MOD_INVALID");
	(void)state;
}

static void error_status_must_be_negative_errno(void **state)
{
	static const int32_t bad[] = { 0, 5, -4096, INT32_MIN };

	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		size_t len = sample_encode_op(DCP_REPLY_ERROR, m, sizeof(m));

		patch_u32(m, 0, (uint32_t)bad[i]);
		expect_invalid(m, len, 0, -EINVAL, "is not a negative errno");
	}
	(void)state;
}

static void welcome_limits(void **state)
{
	size_t len = sample_encode_op(DCP_REPLY_WELCOME, m, sizeof(m));

	patch_u32(m, 20, 100);
	expect_invalid(m, len, 0, -EINVAL, "max request size 100 outside 4096..65536");
	len = sample_encode_op(DCP_REPLY_WELCOME, m, sizeof(m));
	patch_u32(m, 24, 0);
	expect_invalid(m, len, 0, -EINVAL, "max fds 0 outside 1..4");
	patch_u32(m, 24, DCP_MAX_FDS + 1);
	expect_invalid(m, len, 0, -EINVAL, "max fds 5");
	(void)state;
}

static void mode_bits(void **state)
{
	size_t len = commit();

	patch_u32(m, OUT0 + O_MODE_FLAGS, 1u << 30);
	expect_invalid(m, len, 0, -EINVAL, "COMMIT: mode flags 0x40000000 have bits");
	patch_u32(m, OUT0 + O_MODE_FLAGS, 9u << 14);
	expect_invalid(m, len, 0, -EINVAL, "mode 3D layout 9 is not defined");
	patch_u32(m, OUT0 + O_MODE_FLAGS, 5u << 19);
	expect_invalid(m, len, 0, -EINVAL, "mode picture aspect 5 is not defined");
	len = commit();
	patch_u32(m, OUT0 + O_MODE_TYPE, DRM_MODE_TYPE_BUILTIN);
	expect_invalid(m, len, 0, -EINVAL, "mode type 0x1 has bits outside DRM_MODE_TYPE_ALL");
	(void)state;
}

static void configuration_rules(void **state)
{
	size_t len = commit();
	struct dcp_request req;
	struct dcp_error err;

	patch_u8(m, OUT0 + O_BPC, 7);
	expect_invalid(m, len, 0, -EINVAL, "link 0: 7 bits per component, must be 6, 8, 10 or 12");
	/* and the error says which link */
	assert_int_equal(dcp_decode_request(m, len, 0, &req, &err), -EINVAL);
	assert_int_equal(err.link, 0);

	len = commit();
	patch_u32(m, OUT0 + O_BLANK, 0xff000000u);
	expect_invalid(m, len, 0, -EINVAL, "blank color 0xff000000 is not XRGB8888");

	len = commit();
	patch_u32(m, OUT1, 0); /* the second output on link 0 too */
	expect_invalid(m, len, 0, -EINVAL, "COMMIT: link 0 listed twice");
	len = commit();
	patch_u32(m, OUT1, DCP_MAX_LINKS);
	expect_invalid(m, len, 0, -EINVAL, "COMMIT: link 16 outside 0..15");

	len = commit();
	patch_u32(m, 4, 0);
	patch_length(m, DCP_HEADER_SIZE + 8);
	expect_invalid(m, DCP_HEADER_SIZE + 8, 0, -EINVAL, "COMMIT: output count 0 outside 1..16");
	(void)state;
}

static void disabled_output_carries_nothing(void **state)
{
	/* the third sample output is disabled (flags 0) */
	size_t off = 8 + 2 * 108, len = commit();

	patch_u8(m, off + O_BPC, 8);
	expect_invalid(m, len, 0, -EINVAL,
		       "link 2: a disabled output carries only its link and flags 0");
	len = commit();
	patch_u32(m, off + O_FLAGS, DCP_OUTPUT_PRIMARY);
	expect_invalid(m, len, 0, -EINVAL, "link 2: a disabled output");
	(void)state;
}

static void plane_rules(void **state)
{
	size_t len = commit();
	struct dcp_request req;
	struct dcp_error err;

	patch_u32(m, OUT0 + O_PRIMARY_FB, 0);
	expect_invalid(m, len, 0, -EINVAL, "link 0: primary plane without a framebuffer (fb 0)");
	assert_int_equal(dcp_decode_request(m, len, 0, &req, &err), -EINVAL);
	assert_int_equal(err.plane, DCP_PLANE_PRIMARY);

	len = commit();
	patch_u32(m, OUT0 + O_SRC_W, 0);
	expect_invalid(m, len, 0, -EINVAL, "empty primary rectangle: source 0x70778880");
	len = commit();
	patch_u32(m, OUT0 + O_DST_W, 0);
	expect_invalid(m, len, 0, -EINVAL, "destination 0x1080");
	len = commit();
	patch_u32(m, OUT0 + O_SRC_X, 0xffff0000u);
	expect_invalid(m, len, 0, -EINVAL, "source rectangle ends past 16384 pixels");
	len = commit();
	patch_u32(m, OUT0 + O_DST_W, 40000);
	expect_invalid(m, len, 0, -EINVAL, "destination 40000x1080+0+0 outside +-16384 pixels");

	/* plane fields without the plane flag */
	len = commit();
	patch_u32(m, OUT0 + O_FLAGS, DCP_OUTPUT_ENABLED | DCP_OUTPUT_CURSOR);
	expect_invalid(m, len, 0, -EINVAL, "primary plane fields set without DCP_OUTPUT_PRIMARY");
	len = commit();
	patch_u32(m, OUT0 + O_FLAGS, DCP_OUTPUT_ENABLED | DCP_OUTPUT_PRIMARY);
	expect_invalid(m, len, 0, -EINVAL, "cursor fields set without DCP_OUTPUT_CURSOR");

	len = commit();
	patch_u32(m, OUT0 + O_CURSOR_FB, 0);
	expect_invalid(m, len, 0, -EINVAL, "cursor without a framebuffer (fb 0)");
	assert_int_equal(dcp_decode_request(m, len, 0, &req, &err), -EINVAL);
	assert_int_equal(err.plane, DCP_PLANE_CURSOR);
	len = commit();
	patch_u32(m, OUT0 + O_CURSOR_HOT_X, 256);
	expect_invalid(m, len, 0, -EINVAL, "cursor hot spot 256,5 beyond 255");
	(void)state;
}

static void cursor_requests(void **state)
{
	size_t len = sample_encode_op(DCP_REQ_CURSOR_SET, m, sizeof(m));

	patch_u32(m, 4, 0); /* hide, but with a hot spot */
	expect_invalid(m, len, 0, -EINVAL, "hot spot 7,9 given for a hidden cursor");
	len = sample_encode_op(DCP_REQ_CURSOR_SET, m, sizeof(m));
	patch_u32(m, 12, 1000);
	expect_invalid(m, len, 0, -EINVAL, "CURSOR_SET: hot spot 7,1000 beyond 255");
	len = sample_encode_op(DCP_REQ_CURSOR_MOVE, m, sizeof(m));
	patch_u32(m, 4, (uint32_t)-40000);
	expect_invalid(m, len, 0, -EINVAL, "position -40000,2000 outside -32768..32767");
	(void)state;
}

static void lease_and_output_state(void **state)
{
	size_t len = sample_encode_op(DCP_REPLY_LINK_INFO, m, sizeof(m));

	/* lease id 7 but state FREE */
	patch_u8(m, 6, DCP_LEASE_FREE);
	expect_invalid(m, len, 0, -EINVAL, "LINK_INFO: lease id 7 with lease state free");
	len = sample_encode_op(DCP_REPLY_LINK_INFO, m, sizeof(m));
	patch_u32(m, 8, 0);
	expect_invalid(m, len, 0, -EINVAL, "lease id 0 with lease state ours");
	len = sample_encode_op(DCP_REPLY_LINK_INFO, m, sizeof(m));
	patch_u8(m, 12, 0); /* inactive, but with a mode */
	expect_invalid(m, len, 0, -EINVAL, "an inactive output has a mode");
	len = sample_encode_op(DCP_EVENT_OUTPUT_CHANGED, m, sizeof(m));
	patch_u8(m, 11, 9);
	expect_invalid(m, len, 0, -EINVAL, "OUTPUT_CHANGED: 9 bits per component");
	(void)state;
}

static void sink_rules(void **state)
{
	size_t len = sample_encode_op(DCP_EVENT_HOTPLUG, m, sizeof(m));

	patch_u8(m, 4, DCP_DISCONNECTED);
	expect_invalid(m, len, 0, -EINVAL,
		       "HOTPLUG: a sink described on a link that is "
		       "disconnected");
	len = sample_encode_op(DCP_EVENT_HOTPLUG, m, sizeof(m));
	patch_u8(m, 18, 7);
	expect_invalid(m, len, 0, -EINVAL, "sink max bpc 7, must be 0 or 6..16 even");
	len = sample_encode_op(DCP_EVENT_HOTPLUG, m, sizeof(m));
	patch_u8(m, 19, 0x10);
	expect_invalid(m, len, 0, -EINVAL, "sink encodings 0x10 have unknown bits");
	(void)state;
}

static void fb_create_values(void **state)
{
	size_t len = sample_encode_op(DCP_REQ_FB_CREATE, m, sizeof(m));

	patch_u32(m, 0, fourcc_code('Z', 'Z', 'Z', 'Z'));
	expect_invalid(m, len, 1, -EINVAL, "format 'ZZZZ' is not a DRM format");
	len = sample_encode_op(DCP_REQ_FB_CREATE, m, sizeof(m));
	patch_u32(m, 12, 0);
	expect_invalid(m, len, 1, -EINVAL, "size 0x1080 outside 1x1..16384x16384");
	len = sample_encode_op(DCP_REQ_FB_CREATE, m, sizeof(m));
	patch_u32(m, 16, 100000);
	expect_invalid(m, len, 1, -EINVAL, "size 1920x100000");
	len = sample_encode_op(DCP_REQ_FB_CREATE, m, sizeof(m));
	patch_u32(m, 20, 100);
	expect_invalid(m, len, 1, -EINVAL, "NV12 plane 0: pitch 100 < 1920 pixels x 1 bytes");
	len = sample_encode_op(DCP_REQ_FB_CREATE, m, sizeof(m));
	patch_u32(m, 8, 0x02000000); /* modifier high word: AMD vendor */
	/* 1.3: the wire takes a dma-buf's modifier; a memfd's layout (dcp_fb_size) refuses it */
	{
		struct dcp_request req;
		struct dcp_error err;
		uint64_t bytes;

		assert_int_equal(dcp_decode_request(m, len, 1, &req, &err), 0);
		assert_int_equal(dcp_fb_size(&req.fb_create, &bytes, &err), -EINVAL);
		assert_non_null(strstr(err.text, "(vendor 2) not supported"));
	}
	(void)state;
}

/* The encoder refuses what the decoder refuses. */
static void encoder_applies_the_same_rules(void **state)
{
	struct dcp_header hdr = { .opcode = DCP_REQ_COMMIT, .serial = 1 };
	struct dcp_hello hello = { DCP_VERSION_MAJOR, 0, "" };
	struct dcp_config c;
	struct dcp_error err;
	size_t len;

	sample_config(&c, 2);
	c.outputs[0].bpc = 9;
	assert_int_equal(dcp_encode(m, sizeof(m), &hdr, &c, &len, &err), -EINVAL);
	assert_non_null(strstr(err.text, "9 bits per component"));
	sample_config(&c, 2);
	c.output_count = DCP_MAX_OUTPUTS + 1;
	assert_int_equal(dcp_encode(m, sizeof(m), &hdr, &c, &len, &err), -EINVAL);
	/* a host string without its terminator never reaches the wire */
	memset(hello.name, 'a', sizeof(hello.name));
	hdr.opcode = DCP_REQ_HELLO;
	assert_int_equal(dcp_encode(m, sizeof(m), &hdr, &hello, &len, &err), -EINVAL);
	assert_non_null(strstr(err.text, "client name is not NUL-terminated within 64 bytes"));
	memcpy(hello.name, "\xc0\xaf", 3);
	assert_int_equal(dcp_encode(m, sizeof(m), &hdr, &hello, &len, &err), -EINVAL);
	/* header rules too */
	snprintf(hello.name, sizeof(hello.name), "ok");
	hdr.serial = 0;
	assert_int_equal(dcp_encode(m, sizeof(m), &hdr, &hello, &len, &err), -EPROTO);
	hdr.serial = 1;
	hdr.flags = DCP_HEADER_NO_REPLY;
	assert_int_equal(dcp_encode(m, sizeof(m), &hdr, &hello, &len, &err), -EPROTO);
	hdr.flags = 0;
	hdr.opcode = 0x0077;
	assert_int_equal(dcp_encode(m, sizeof(m), &hdr, &hello, &len, &err), -EPROTO);
	(void)state;
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(enum_out_of_range),
		cmocka_unit_test(bool_not_zero_or_one),
		cmocka_unit_test(unknown_flag_bits),
		cmocka_unit_test(flip_flags_and_plane),
		cmocka_unit_test(ids_of_zero),
		cmocka_unit_test(links_out_of_range),
		cmocka_unit_test(lease_request_rules),
		cmocka_unit_test(kms_lease_rules),
		cmocka_unit_test(fb_alloc_rules),
		cmocka_unit_test(fb_create_modifiers),
		cmocka_unit_test(error_status_must_be_negative_errno),
		cmocka_unit_test(welcome_limits),
		cmocka_unit_test(mode_bits),
		cmocka_unit_test(configuration_rules),
		cmocka_unit_test(disabled_output_carries_nothing),
		cmocka_unit_test(plane_rules),
		cmocka_unit_test(cursor_requests),
		cmocka_unit_test(lease_and_output_state),
		cmocka_unit_test(sink_rules),
		cmocka_unit_test(fb_create_values),
		cmocka_unit_test(encoder_applies_the_same_rules),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
