/*
 * Malformed and hostile input to a live dcd: each kind gets its ERROR (and
 * the connection stays usable) or a fatal ERROR and a disconnect with a log
 * line naming the client; dcd stays up, and a client flipping beside it
 * all the while misses no frame. The codec's own tests cover every byte
 * of every message; this sends them to the daemon.
 */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cmocka.h>
#include <drm_fourcc.h>

#include "dct.h"
#include "dct_flipper.h"
#include "protocol_samples.h"

enum outcome {
	REFUSED, /* an ERROR with status and reason; SYNC works afterwards */
	FATAL,	 /* an ERROR with FATAL, then the connection closes, with a log line */
	DROPPED, /* the connection closes (with a log line), no ERROR */
	RENAME,	 /* a HELLO refused (not fatal); a HELLO with a proper name then works */
};

struct ctx {
	struct dct_daemon *d;
	struct dct_client *c;	  /* the offender */
	struct dct_client *other; /* a well-behaved client with a lease and a framebuffer */
	uint32_t other_link, other_fb, other_lease, edp, dp1;
	uint8_t buf[DCP_MAX_MESSAGE_SIZE + 64];
	size_t len;
	uint32_t serial; /* of the message sent, for the ERROR */
};

struct mcase {
	const char *name;
	bool hello;
	enum outcome outcome;
	int status;
	unsigned reason;
	void (*send)(struct ctx *x);
};

/* ---- building blocks ----------------------------------------------------------------- */

static size_t encode(struct ctx *x, uint16_t opcode, uint16_t flags, const void *body)
{
	struct dcp_header hdr = { .opcode = opcode, .flags = flags, .serial = 4242 };
	struct dcp_error err;

	if (dcp_encode(x->buf, sizeof(x->buf), &hdr, body, &x->len, &err) < 0)
		fail_msg("encoding 0x%04x: %s", opcode, err.text);
	x->serial = hdr.serial;
	return x->len;
}

static void send_buf(struct ctx *x, const int *fds, unsigned nfds)
{
	assert_int_equal(dct_send_raw(x->c, x->buf, x->len, fds, nfds), 0);
}

static void send_req(struct ctx *x, uint16_t opcode, const void *body, int fd)
{
	encode(x, opcode, 0, body);
	send_buf(x, &fd, fd >= 0 ? 1 : 0);
}

static void fb_create(struct ctx *x, const struct dcp_fb_create *fb, int fd)
{
	send_req(x, DCP_REQ_FB_CREATE, fb, fd);
	close(fd);
}

/*
 * A valid 64x64 FB_CREATE with the u32 at payload offset off replaced (the
 * encoder refuses what the daemon must refuse), sent with a sealed memfd.
 */
static void fb_create_patched(struct ctx *x, size_t off, uint32_t value)
{
	struct dcp_fb_create fb = { .format = DRM_FORMAT_XRGB8888,
				    .modifier = DRM_FORMAT_MOD_LINEAR,
				    .width = 64,
				    .height = 64,
				    .pitches = { 256 } };
	int fd = dct_memfd(65536, true);

	encode(x, DCP_REQ_FB_CREATE, 0, &fb);
	patch_u32(x->buf, off, value);
	send_buf(x, &fd, 1);
	close(fd);
}

static void xrgb(struct dcp_fb_create *fb, uint32_t w, uint32_t h)
{
	*fb = (struct dcp_fb_create){ .format = DRM_FORMAT_XRGB8888,
				      .modifier = DRM_FORMAT_MOD_LINEAR,
				      .width = w,
				      .height = h };
	fb->pitches[0] = (w * 4 + 255) & ~255u;
}

/* ---- before HELLO -------------------------------------------------------------------- */

static void sync_before_hello(struct ctx *x)
{
	send_req(x, DCP_REQ_SYNC, NULL, -1);
}

static void hello_major_2(struct ctx *x)
{
	struct dcp_hello h = { .major = 2, .name = "future" };

	send_req(x, DCP_REQ_HELLO, &h, -1);
}

static void hello_name_not_utf8(struct ctx *x)
{
	struct dcp_hello h = { .major = 1, .name = "abc" };

	encode(x, DCP_REQ_HELLO, 0, &h);
	x->buf[DCP_HEADER_SIZE + 6] = 0xc3; /* a lead byte with no continuation */
	x->buf[DCP_HEADER_SIZE + 7] = 0x28;
	send_buf(x, NULL, 0);
}

/* A HELLO whose name is these bytes: past the encoder, which refuses them too. */
static void hello_raw_name(struct ctx *x, const char *name)
{
	struct dcp_hello h = { .major = 1, .name = "x" };
	size_t n = strlen(name);

	encode(x, DCP_REQ_HELLO, 0, &h);
	patch_u16(x->buf, 4, (uint16_t)n);
	memcpy(x->buf + DCP_HEADER_SIZE + 6, name, n + 1);
	x->len = DCP_HEADER_SIZE + 6 + n + 1;
	patch_length(x->buf, x->len);
	send_buf(x, NULL, 0);
}

/* Would forge a log line: under journald with a priority of its own. */
static void hello_name_newline(struct ctx *x)
{
	hello_raw_name(x, "c\n<0>FORGED emergency\n[   1.000000] error: FORGED");
}

static void hello_name_terminal_escape(struct ctx *x)
{
	hello_raw_name(x, "\x1b]0;FORGED title\a\x1b[2J\x1b[31mred");
}

static void hello_name_c1_csi(struct ctx *x)
{
	hello_raw_name(x, "csi \xc2\x9b"
			  "2J FORGED");
}

static void hello_name_bidi_override(struct ctx *x)
{
	hello_raw_name(x, "admin \xe2\x80\xae"
			  "FORGED");
}

static void hello_name_overlong(struct ctx *x)
{
	char name[200];

	memset(name, 'n', sizeof(name) - 1);
	name[sizeof(name) - 1] = 0;
	hello_raw_name(x, name);
}

static void hello_string_length_past_end(struct ctx *x)
{
	struct dcp_hello h = { .major = 1, .name = "abc" };

	encode(x, DCP_REQ_HELLO, 0, &h);
	patch_u16(x->buf, 4, 60);
	send_buf(x, NULL, 0);
}

static void five_bytes(struct ctx *x)
{
	encode(x, DCP_REQ_SYNC, 0, NULL);
	x->len = 5;
	send_buf(x, NULL, 0);
}

static void close_without_hello(struct ctx *x)
{
	/* the runner sees the EOF it causes itself: nothing to send */
	shutdown(dct_fd(x->c), SHUT_WR);
}

/* ---- framing after HELLO ------------------------------------------------------------- */

static void second_hello(struct ctx *x)
{
	struct dcp_hello h = { .major = 1, .name = "again" };

	send_req(x, DCP_REQ_HELLO, &h, -1);
}

static void length_field_wrong(struct ctx *x)
{
	encode(x, DCP_REQ_SYNC, 0, NULL);
	patch_length(x->buf, 16);
	send_buf(x, NULL, 0);
}

static void too_large(struct ctx *x)
{
	encode(x, DCP_REQ_SYNC, 0, NULL);
	memset(x->buf + DCP_HEADER_SIZE, 0, 9000);
	x->len = 9000;
	patch_length(x->buf, x->len);
	send_buf(x, NULL, 0);
}

static void unknown_opcode(struct ctx *x)
{
	encode(x, DCP_REQ_SYNC, 0, NULL);
	x->buf[0] = 0x77;
	send_buf(x, NULL, 0);
}

static void server_opcode(struct ctx *x)
{
	encode(x, DCP_REQ_SYNC, 0, NULL);
	x->buf[0] = (uint8_t)DCP_REPLY_OK;
	x->buf[1] = (uint8_t)(DCP_REPLY_OK >> 8);
	send_buf(x, NULL, 0);
}

static void reserved_header_flag(struct ctx *x)
{
	encode(x, DCP_REQ_SYNC, 0, NULL);
	x->buf[3] = 0x80;
	send_buf(x, NULL, 0);
}

static void no_reply_on_topology(struct ctx *x)
{
	encode(x, DCP_REQ_SYNC, 0, NULL);
	x->buf[0] = (uint8_t)DCP_REQ_GET_TOPOLOGY;
	x->buf[2] = DCP_HEADER_NO_REPLY;
	send_buf(x, NULL, 0);
}

static void serial_zero(struct ctx *x)
{
	encode(x, DCP_REQ_SYNC, 0, NULL);
	memset(x->buf + 8, 0, 4);
	x->serial = 0;
	send_buf(x, NULL, 0);
}

static void payload_short(struct ctx *x)
{
	struct dcp_lease_request lr = { .link_count = 2, .links = { 0, 1 } };

	encode(x, DCP_REQ_LEASE_REQUEST, 0, &lr);
	x->len -= 4;
	patch_length(x->buf, x->len);
	send_buf(x, NULL, 0);
}

static void payload_extra(struct ctx *x)
{
	encode(x, DCP_REQ_SYNC, 0, NULL);
	x->len += 8;
	memset(x->buf + DCP_HEADER_SIZE, 0, 8);
	patch_length(x->buf, x->len);
	send_buf(x, NULL, 0);
}

static void count_above_maximum(struct ctx *x)
{
	struct dcp_lease_request lr = { .link_count = 1 };

	encode(x, DCP_REQ_LEASE_REQUEST, 0, &lr);
	patch_u32(x->buf, 0, 17);
	send_buf(x, NULL, 0);
}

static void reserved_bytes(struct ctx *x)
{
	struct dcp_flip f = { .link = 0, .fb_id = 1, .flags = DCP_FLIP_VSYNC };

	encode(x, DCP_REQ_FLIP, 0, &f);
	patch_u8(x->buf, 14, 1);
	send_buf(x, NULL, 0);
}

static void fb_create_without_fd(struct ctx *x)
{
	struct dcp_fb_create fb;

	xrgb(&fb, 64, 64);
	send_req(x, DCP_REQ_FB_CREATE, &fb, -1);
}

static void sync_with_fd(struct ctx *x)
{
	int fd = dct_memfd(4096, true);

	send_req(x, DCP_REQ_SYNC, NULL, fd);
	close(fd);
}

static void two_fds(struct ctx *x)
{
	struct dcp_fb_create fb;
	int fds[2] = { dct_memfd(65536, true), dct_memfd(65536, true) };

	xrgb(&fb, 64, 64);
	encode(x, DCP_REQ_FB_CREATE, 0, &fb);
	send_buf(x, fds, 2);
	close(fds[0]);
	close(fds[1]);
}

/* A client that never reads: its queue passes the limit (64 KiB here). */
static void never_reads(struct ctx *x)
{
	for (unsigned i = 0; i < 2000; i++) {
		encode(x, DCP_REQ_GET_TOPOLOGY, 0, NULL);
		if (dct_send_raw(x->c, x->buf, x->len, NULL, 0) < 0)
			break; /* disconnected already */
	}
}

/* ---- refused requests ------------------------------------------------------------------ */

static void fb_unsealed(struct ctx *x)
{
	struct dcp_fb_create fb;

	xrgb(&fb, 64, 64);
	fb_create(x, &fb, dct_memfd(65536, false));
}

static void fb_too_small(struct ctx *x)
{
	struct dcp_fb_create fb;

	xrgb(&fb, 64, 64);
	fb_create(x, &fb, dct_memfd(4096, true));
}

static void fb_pipe(struct ctx *x)
{
	struct dcp_fb_create fb;
	int p[2];

	assert_int_equal(pipe(p), 0);
	xrgb(&fb, 64, 64);
	fb_create(x, &fb, p[0]);
	close(p[1]);
}

static void fb_unknown_format(struct ctx *x)
{
	fb_create_patched(x, 0, 0x20202020); /* format */
}

static void fb_absurd_width(struct ctx *x)
{
	fb_create_patched(x, 12, 100000); /* width */
}

static void fb_modifier(struct ctx *x)
{
	fb_create_patched(x, 8, 0x01000000); /* modifier, high word: a vendor tiling */
}

static void fb_pitch_small(struct ctx *x)
{
	fb_create_patched(x, 20, 100); /* pitch of plane 0 */
}

static void fb_destroy_other(struct ctx *x)
{
	struct dcp_fb_destroy d = { .fb_id = x->other_fb };

	send_req(x, DCP_REQ_FB_DESTROY, &d, -1);
}

static void release_other_lease(struct ctx *x)
{
	struct dcp_lease_release r = { .lease_id = x->other_lease };

	send_req(x, DCP_REQ_LEASE_RELEASE, &r, -1);
}

static void lease_no_such_link(struct ctx *x)
{
	struct dcp_lease_request lr = { .link_count = 1, .links = { 15 } };

	send_req(x, DCP_REQ_LEASE_REQUEST, &lr, -1);
}

static void lease_link_twice(struct ctx *x)
{
	struct dcp_lease_request lr = { .link_count = 1, .links = { 0 } };

	encode(x, DCP_REQ_LEASE_REQUEST, 0, &lr);
	/* the same message with a count of 2 and the id twice */
	memmove(x->buf + DCP_HEADER_SIZE + 8, x->buf + DCP_HEADER_SIZE + 4, 4);
	patch_u32(x->buf, 0, 2);
	x->len += 4;
	patch_length(x->buf, x->len);
	send_buf(x, NULL, 0);
}

static void lease_held_link(struct ctx *x)
{
	struct dcp_lease_request lr = { .link_count = 1, .links = { x->other_link } };

	send_req(x, DCP_REQ_LEASE_REQUEST, &lr, -1);
}

static void commit_bpc_7(struct ctx *x)
{
	static struct dcp_config cfg;

	cfg = (struct dcp_config){ .flags = DCP_COMMIT_ALLOW_MODESET, .output_count = 1 };
	cfg.outputs[0].link = x->edp;
	cfg.outputs[0].flags = DCP_OUTPUT_ENABLED;
	cfg.outputs[0].bpc = 8;
	dct_mode_480p(&cfg.outputs[0].mode);
	encode(x, DCP_REQ_COMMIT, 0, &cfg);
	patch_u8(x->buf, 8 + 9, 7);
	send_buf(x, NULL, 0);
}

static void commit_others_output(struct ctx *x)
{
	static struct dcp_config cfg;

	cfg = (struct dcp_config){ .flags = DCP_COMMIT_ALLOW_MODESET, .output_count = 1 };
	cfg.outputs[0].link = x->other_link;
	cfg.outputs[0].flags = DCP_OUTPUT_ENABLED;
	cfg.outputs[0].bpc = 8;
	dct_mode_480p(&cfg.outputs[0].mode);
	send_req(x, DCP_REQ_COMMIT, &cfg, -1);
}

static void commit_missing_fb(struct ctx *x)
{
	static struct dcp_config cfg;
	struct dcp_lease_request lr = { .link_count = 1, .links = { x->edp } };
	static struct dcp_server_msg msg;

	assert_int_equal(dct_call(x->c, DCP_REQ_LEASE_REQUEST, &lr, -1, &msg), 0);
	cfg = (struct dcp_config){ .flags = DCP_COMMIT_ALLOW_MODESET, .output_count = 1 };
	cfg.outputs[0].link = x->edp;
	cfg.outputs[0].flags = DCP_OUTPUT_ENABLED | DCP_OUTPUT_PRIMARY;
	cfg.outputs[0].bpc = 8;
	dct_mode_480p(&cfg.outputs[0].mode);
	cfg.outputs[0].primary = (struct dcp_plane_config){ .fb_id = x->other_fb,
							    .src_w = 720 << 16,
							    .src_h = 480 << 16,
							    .dst_w = 720,
							    .dst_h = 480 };
	send_req(x, DCP_REQ_COMMIT, &cfg, -1);
}

static void flip_without_mode(struct ctx *x)
{
	struct dcp_lease_request lr = { .link_count = 1, .links = { x->edp } };
	struct dcp_flip f = { .link = x->edp, .flags = DCP_FLIP_VSYNC };
	static struct dcp_server_msg msg;

	assert_int_equal(dct_call(x->c, DCP_REQ_LEASE_REQUEST, &lr, -1, &msg), 0);
	assert_int_equal(dct_fb_create(x->c, DRM_FORMAT_XRGB8888, 720, 480, 0, &f.fb_id), 0);
	send_req(x, DCP_REQ_FLIP, &f, -1);
}

static void flip_others_fb(struct ctx *x)
{
	struct dcp_lease_request lr = { .link_count = 1, .links = { x->edp } };
	struct dcp_flip f = { .link = x->edp, .fb_id = x->other_fb, .flags = DCP_FLIP_VSYNC };
	static struct dcp_server_msg msg;

	assert_int_equal(dct_call(x->c, DCP_REQ_LEASE_REQUEST, &lr, -1, &msg), 0);
	send_req(x, DCP_REQ_FLIP, &f, -1);
}

static void flip_others_output(struct ctx *x)
{
	struct dcp_flip f = { .link = x->other_link, .fb_id = 1, .flags = DCP_FLIP_VSYNC };

	send_req(x, DCP_REQ_FLIP, &f, -1);
}

static void vblank_others_output(struct ctx *x)
{
	struct dcp_vblank_subscribe v = { .link = x->other_link, .enable = true };

	send_req(x, DCP_REQ_VBLANK_SUBSCRIBE, &v, -1);
}

static void cursor_wrong_image(struct ctx *x)
{
	struct dcp_lease_request lr = { .link_count = 1, .links = { x->edp } };
	struct dcp_cursor_set cs = { .link = x->edp };
	struct drm_mode_modeinfo mode;
	static struct dcp_server_msg msg;

	dct_mode_480p(&mode);
	assert_int_equal(dct_call(x->c, DCP_REQ_LEASE_REQUEST, &lr, -1, &msg), 0);
	assert_int_equal(dct_commit_one(x->c, x->edp, &mode, 0, DCP_COMMIT_ALLOW_MODESET, &msg), 0);
	assert_int_equal(dct_fb_create(x->c, DRM_FORMAT_XRGB8888, 48, 48, 0, &cs.fb_id), 0);
	send_req(x, DCP_REQ_CURSOR_SET, &cs, -1);
}

static void fb_over_limit(struct ctx *x)
{
	uint32_t id;

	/* the configuration allows 4 */
	for (unsigned i = 0; i < 4; i++)
		assert_int_equal(dct_fb_create(x->c, DRM_FORMAT_XRGB8888, 16, 16, 0, &id), 0);
	assert_int_equal(dct_fb_create(x->c, DRM_FORMAT_XRGB8888, 16, 16, 0, &id), -EDQUOT);
	/* and once more for the runner to see */
	{
		struct dcp_fb_create fb;

		xrgb(&fb, 16, 16);
		fb_create(x, &fb, dct_memfd(65536, true));
	}
}

static void commit_sixteen_unknown_links(struct ctx *x)
{
	static struct dcp_config cfg;

	/* links 4-15: the scenario has four */
	cfg = (struct dcp_config){ .output_count = 12 };
	for (unsigned i = 0; i < 12; i++)
		cfg.outputs[i].link = 4 + i; /* off: link and flags 0 only */
	send_req(x, DCP_REQ_COMMIT, &cfg, -1);
}

/* 2000 requests without reading in between: all answered, nobody starved. */
static void request_flood(struct ctx *x)
{
	static struct dcp_server_msg msg;
	int last = 0;

	for (unsigned i = 0; i < 2000; i++)
		last = dct_send(x->c, DCP_REQ_SYNC, 0, NULL, -1);
	assert_true(last > 0);
	assert_int_equal(dct_wait_reply(x->c, (uint32_t)last, &msg, DCT_TIMEOUT_MS), 0);
	/* the runner then checks a bad FB_DESTROY */
	fb_destroy_other(x);
}

// clang-format off
static const struct mcase cases[] = {
	{ "request before HELLO", false, FATAL, -EPROTO, DCP_REASON_SEQUENCE, sync_before_hello },
	{ "HELLO of major 2", false, FATAL, -EPROTONOSUPPORT, DCP_REASON_VERSION, hello_major_2 },
	{ "HELLO name not UTF-8", false, FATAL, -EPROTO, DCP_REASON_PROTOCOL, hello_name_not_utf8 },
	{ "HELLO name with newlines", false, RENAME, -EINVAL, DCP_REASON_ARGUMENT, hello_name_newline },
	{ "HELLO name with ESC [", false, RENAME, -EINVAL, DCP_REASON_ARGUMENT, hello_name_terminal_escape },
	{ "HELLO name with a C1 CSI", false, RENAME, -EINVAL, DCP_REASON_ARGUMENT, hello_name_c1_csi },
	{ "HELLO name with U+202E", false, RENAME, -EINVAL, DCP_REASON_ARGUMENT, hello_name_bidi_override },
	{ "HELLO name of 199 bytes", false, FATAL, -EPROTO, DCP_REASON_PROTOCOL, hello_name_overlong },
	{ "string length past the end", false, FATAL, -EPROTO, DCP_REASON_PROTOCOL, hello_string_length_past_end },
	{ "5-byte datagram", false, FATAL, -EPROTO, DCP_REASON_PROTOCOL, five_bytes },
	{ "hang-up before HELLO", false, DROPPED, 0, 0, close_without_hello },
	{ "second HELLO", true, FATAL, -EPROTO, DCP_REASON_SEQUENCE, second_hello },
	{ "length field not the size", true, FATAL, -EPROTO, DCP_REASON_PROTOCOL, length_field_wrong },
	{ "message above the limit", true, FATAL, -EMSGSIZE, DCP_REASON_PROTOCOL, too_large },
	{ "unknown opcode", true, FATAL, -EPROTO, DCP_REASON_PROTOCOL, unknown_opcode },
	{ "server opcode from a client", true, FATAL, -EPROTO, DCP_REASON_PROTOCOL, server_opcode },
	{ "reserved header flag", true, FATAL, -EPROTO, DCP_REASON_PROTOCOL, reserved_header_flag },
	{ "NO_REPLY where not allowed", true, FATAL, -EPROTO, DCP_REASON_PROTOCOL, no_reply_on_topology },
	{ "serial 0", true, FATAL, -EPROTO, DCP_REASON_PROTOCOL, serial_zero },
	{ "payload too short", true, FATAL, -EPROTO, DCP_REASON_PROTOCOL, payload_short },
	{ "payload too long", true, FATAL, -EPROTO, DCP_REASON_PROTOCOL, payload_extra },
	{ "count above the maximum", true, FATAL, -EPROTO, DCP_REASON_PROTOCOL, count_above_maximum },
	{ "reserved bytes set", true, FATAL, -EPROTO, DCP_REASON_PROTOCOL, reserved_bytes },
	{ "FB_CREATE without its fd", true, FATAL, -EPROTO, DCP_REASON_PROTOCOL, fb_create_without_fd },
	{ "SYNC with an fd", true, FATAL, -EPROTO, DCP_REASON_PROTOCOL, sync_with_fd },
	{ "two fds", true, FATAL, -EPROTO, DCP_REASON_PROTOCOL, two_fds },
	{ "a client that never reads", true, DROPPED, 0, 0, never_reads },
	{ "unsealed memfd", true, REFUSED, -EINVAL, DCP_REASON_FB_UNSEALED, fb_unsealed },
	{ "memfd too small", true, REFUSED, -EINVAL, DCP_REASON_FB_TOO_SMALL, fb_too_small },
	{ "a pipe as framebuffer", true, REFUSED, -EINVAL, DCP_REASON_FB_FD, fb_pipe },
	{ "unknown format", true, REFUSED, -EINVAL, DCP_REASON_FB_FORMAT, fb_unknown_format },
	{ "absurd width", true, REFUSED, -EINVAL, DCP_REASON_FB_LAYOUT, fb_absurd_width },
	{ "tiled modifier", true, REFUSED, -EINVAL, DCP_REASON_FB_MODIFIER, fb_modifier },
	{ "pitch too small", true, REFUSED, -EINVAL, DCP_REASON_FB_LAYOUT, fb_pitch_small },
	{ "framebuffer limit", true, REFUSED, -EDQUOT, DCP_REASON_LIMIT, fb_over_limit },
	{ "FB_DESTROY of another's id", true, REFUSED, -ENOENT, DCP_REASON_UNKNOWN_ID, fb_destroy_other },
	{ "LEASE_RELEASE of another's lease", true, REFUSED, -ENOENT, DCP_REASON_UNKNOWN_ID, release_other_lease },
	{ "lease of link 15", true, REFUSED, -ENOENT, DCP_REASON_UNKNOWN_ID, lease_no_such_link },
	{ "a link listed twice", true, REFUSED, -EINVAL, DCP_REASON_ARGUMENT, lease_link_twice },
	{ "lease of a held link", true, REFUSED, -EBUSY, DCP_REASON_LEASE_BUSY, lease_held_link },
	{ "7 bits per component", true, REFUSED, -EINVAL, DCP_REASON_ARGUMENT, commit_bpc_7 },
	{ "COMMIT of another's output", true, REFUSED, -EACCES, DCP_REASON_NOT_LEASED, commit_others_output },
	{ "COMMIT with another's framebuffer", true, REFUSED, -ENOENT, DCP_REASON_UNKNOWN_ID, commit_missing_fb },
	{ "FLIP with nothing shown", true, REFUSED, -ENOENT, DCP_REASON_NO_STREAM, flip_without_mode },
	{ "FLIP of another's framebuffer", true, REFUSED, -ENOENT, DCP_REASON_UNKNOWN_ID, flip_others_fb },
	{ "FLIP of another's output", true, REFUSED, -EACCES, DCP_REASON_NOT_LEASED, flip_others_output },
	{ "VBLANK_SUBSCRIBE of another's output", true, REFUSED, -EACCES, DCP_REASON_NOT_LEASED, vblank_others_output },
	{ "cursor of 48x48 XRGB", true, REFUSED, -EINVAL, DCP_REASON_CURSOR, cursor_wrong_image },
	{ "12 outputs on links that do not exist", true, REFUSED, -ENOENT, DCP_REASON_UNKNOWN_ID, commit_sixteen_unknown_links },
	{ "2000 requests unread, then a bad one", true, REFUSED, -ENOENT, DCP_REASON_UNKNOWN_ID, request_flood },
};
// clang-format on

static void run_case(struct ctx *x, const struct mcase *mc, struct dcp_server_msg *msg)
{
	unsigned violations = dct_log_count(x->d, "disconnected: protocol violation");
	unsigned dropped = dct_log_count(x->d, "): disconnected");
	char name[64];
	int r;

	snprintf(name, sizeof(name), "bad-%td", mc - cases);
	if (mc->hello)
		assert_int_equal(dct_connect(x->d->socket, name, &x->c), 0);
	else
		assert_int_equal(dct_connect_raw(x->d->socket, &x->c), 0);
	mc->send(x);
	switch (mc->outcome) {
	case REFUSED:
		r = dct_wait_reply(x->c, x->serial, msg, DCT_TIMEOUT_MS);
		if (r != mc->status)
			fprintf(stderr, "%s: %d (%s)\n", mc->name, r,
				msg->hdr.opcode == DCP_REPLY_ERROR ? msg->error.text : "");
		assert_int_equal(r, mc->status);
		assert_int_equal(msg->error.reason, mc->reason);
		assert_false(msg->error.flags & DCP_ERROR_FATAL);
		assert_true(msg->error.text[0] != 0);
		/* still connected and served */
		assert_int_equal(dct_call(x->c, DCP_REQ_SYNC, NULL, -1, msg), 0);
		break;
	case FATAL:
		r = dct_next(x->c, msg, DCT_TIMEOUT_MS);
		assert_true(r >= 0);
		if (msg->hdr.opcode != DCP_REPLY_ERROR || msg->error.status != mc->status)
			fprintf(stderr, "%s: opcode 0x%x status %d (%s)\n", mc->name,
				msg->hdr.opcode, msg->error.status, msg->error.text);
		assert_int_equal(msg->hdr.opcode, DCP_REPLY_ERROR);
		assert_int_equal(msg->error.status, mc->status);
		assert_int_equal(msg->error.reason, mc->reason);
		assert_true(msg->error.flags & DCP_ERROR_FATAL);
		assert_int_equal(dct_wait_eof(x->c, DCT_TIMEOUT_MS), 0);
		assert_true(dct_log_wait_count(x->d, "disconnected: protocol violation",
					       violations + 1, DCT_TIMEOUT_MS));
		break;
	case RENAME: {
		struct dcp_hello h = { .major = 1, .name = "renamed" };

		r = dct_wait_reply(x->c, x->serial, msg, DCT_TIMEOUT_MS);
		assert_int_equal(r, mc->status);
		assert_int_equal(msg->error.reason, mc->reason);
		assert_false(msg->error.flags & DCP_ERROR_FATAL);
		assert_non_null(strstr(msg->error.text, "unprintable character"));
		assert_null(strstr(msg->error.text, "FORGED")); /* the name is not echoed */
		assert_int_equal(dct_call(x->c, DCP_REQ_HELLO, &h, -1, msg), 0);
		assert_int_equal(msg->hdr.opcode, DCP_REPLY_WELCOME);
		assert_int_equal(dct_call(x->c, DCP_REQ_SYNC, NULL, -1, msg), 0);
		break;
	}
	case DROPPED:
		assert_int_equal(dct_wait_eof(x->c, DCT_TIMEOUT_MS), 0);
		assert_true(
			dct_log_wait_count(x->d, "): disconnected", dropped + 1, DCT_TIMEOUT_MS));
		break;
	}
	dct_close(x->c);
	x->c = NULL;
	assert_true(dct_daemon_alive(x->d));
}

static void test_malformed_input(void **state)
{
	struct dct_flipper_opts fo = { .name = "flipper-beside",
				       .link_name = "HDMI-A-1",
				       .width = 720,
				       .height = 480,
				       .ready_after = 5,
				       .tolerance_ns = 200000 };
	struct dcp_server_msg *msg = malloc(sizeof(*msg));
	struct dct_flipper_report report;
	struct dct_flipper flipper;
	struct dct_daemon d;
	struct ctx x = { .d = &d };
	uint64_t t0, t1;
	char cfg[256];

	snprintf(cfg, sizeof(cfg),
		 "{ \"lease\": { \"users\": [ %u ] }, \"limits\": { \"max_framebuffers\": 4, "
		 "\"max_queued_bytes\": 65536 } }",
		 (unsigned)geteuid());
	assert_int_equal(dct_daemon_start(&d, NULL, cfg, NULL), 0);
	fo.socket = d.socket;
	assert_int_equal(dct_flipper_start(&fo, &flipper), 0);

	/* A well-behaved client whose ids the offenders try to use. */
	assert_int_equal(dct_connect(d.socket, "other", &x.other), 0);
	x.dp1 = (uint32_t)dct_link_id(x.other, "DP-1");
	x.edp = (uint32_t)dct_link_id(x.other, "eDP-1");
	x.other_link = x.dp1;
	assert_int_equal(dct_lease(x.other, &x.other_link, 1, &x.other_lease), 0);
	assert_int_equal(dct_fb_create(x.other, DRM_FORMAT_XRGB8888, 720, 480, 0, &x.other_fb), 0);

	assert_int_equal(dct_flipper_wait_ready(&flipper), 0);
	t0 = dct_now_ns();
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++)
		run_case(&x, &cases[i], msg);
	t1 = dct_now_ns();
	assert_true(sizeof(cases) / sizeof(cases[0]) >= 30);

	/* The other client noticed nothing, the flipper missed no frame. */
	assert_int_equal(dct_call(x.other, DCP_REQ_SYNC, NULL, -1, msg), 0);
	assert_int_equal(dct_flipper_stop(&flipper, &report), 0);
	assert_int_equal(report.failed, 0);
	/* it flipped all through the cases */
	assert_true(report.flips >= 5);
	assert_true(report.last_ts + 2 * report.frame_ns >= t1);
	assert_true(report.flips + report.missed >= 5 + (t1 - t0) / report.frame_ns - 2);
	assert_int_equal(dct_flipper_dcd_gaps(&d, &report), 0);
	assert_int_equal(report.bad_times, 0);
	assert_true(dct_log_count(&d, "not reading") >= 1);
	/* No name reached the log: every line is one of dcd's, none forged. */
	assert_int_equal(dct_log_count(&d, "FORGED"), 0);
	assert_int_equal(dct_log_count(&d, "\x1b"), 0);
	assert_int_equal(dct_log_count(&d, "\xc2\x9b"), 0);
	assert_true(dct_log_count(&d, "client name has an unprintable character") >= 4);
	dct_close(x.other);
	free(msg);
	assert_true(dct_daemon_alive(&d));
	assert_int_equal(dct_daemon_stop(&d), 0);
	dct_daemon_cleanup(&d, false);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_malformed_input),
	};

	if (dct_drop_root() < 0)
		return 1;
	return cmocka_run_group_tests(tests, NULL, NULL);
}
