/*
 * Framebuffer layouts: the DRM formats the protocol knows (bytes per
 * pixel and subsampling of each memory plane, facts from drm_fourcc.h's
 * format descriptions) and the arithmetic that says how many bytes a
 * layout needs, with overflow checks. Whether the display engine can scan
 * a format out is Display Core's decision, not this table's.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>

#include <drm_fourcc.h>

#include "wire.h"

#define F(fmt, nplanes, c0, c1, c2, hs, vs)                             \
	{                                                               \
		DRM_FORMAT_##fmt, #fmt, nplanes, { c0, c1, c2 }, hs, vs \
	}

/* clang-format off */
static const struct dcp_format_info formats[] = {
	F(RGB565,        1, 2, 0, 0, 1, 1),
	F(BGR565,        1, 2, 0, 0, 1, 1),
	F(XRGB1555,      1, 2, 0, 0, 1, 1),
	F(ARGB1555,      1, 2, 0, 0, 1, 1),
	F(XRGB8888,      1, 4, 0, 0, 1, 1),
	F(ARGB8888,      1, 4, 0, 0, 1, 1),
	F(XBGR8888,      1, 4, 0, 0, 1, 1),
	F(ABGR8888,      1, 4, 0, 0, 1, 1),
	F(RGBX8888,      1, 4, 0, 0, 1, 1),
	F(RGBA8888,      1, 4, 0, 0, 1, 1),
	F(BGRX8888,      1, 4, 0, 0, 1, 1),
	F(BGRA8888,      1, 4, 0, 0, 1, 1),
	F(XRGB2101010,   1, 4, 0, 0, 1, 1),
	F(ARGB2101010,   1, 4, 0, 0, 1, 1),
	F(XBGR2101010,   1, 4, 0, 0, 1, 1),
	F(ABGR2101010,   1, 4, 0, 0, 1, 1),
	F(XRGB16161616F, 1, 8, 0, 0, 1, 1),
	F(ARGB16161616F, 1, 8, 0, 0, 1, 1),
	F(XBGR16161616F, 1, 8, 0, 0, 1, 1),
	F(ABGR16161616F, 1, 8, 0, 0, 1, 1),
	/* packed 4:2:2: two pixels in four bytes, so 2 bytes a pixel */
	F(YUYV,          1, 2, 0, 0, 1, 1),
	F(UYVY,          1, 2, 0, 0, 1, 1),
	F(NV12,          2, 1, 2, 0, 2, 2),
	F(NV21,          2, 1, 2, 0, 2, 2),
	F(NV16,          2, 1, 2, 0, 2, 1),
	F(P010,          2, 2, 4, 0, 2, 2),
	F(YUV420,        3, 1, 1, 1, 2, 2),
};
/* clang-format on */

const struct dcp_format_info *dcp_format_info(uint32_t format)
{
	for (size_t i = 0; i < sizeof(formats) / sizeof(formats[0]); i++) {
		if (formats[i].format == format)
			return &formats[i];
	}
	return NULL;
}

/* "XR24", or "0x12345678" when the code is not four printable characters. */
static void fourcc_text(uint32_t code, char out[16])
{
	char c[4];

	for (int i = 0; i < 4; i++) {
		c[i] = (char)(code >> (8 * i));
		if (c[i] < 0x20 || c[i] > 0x7e) {
			snprintf(out, 16, "0x%08x", code);
			return;
		}
	}
	snprintf(out, 16, "'%.4s'", c);
}

static int bad_layout(struct dcp_error *err, int status, enum dcp_reason reason, const char *fmt,
		      ...) __attribute__((format(printf, 4, 5)));

static int bad_layout(struct dcp_error *err, int status, enum dcp_reason reason, const char *fmt,
		      ...)
{
	char text[DCP_MAX_TEXT + 1];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(text, sizeof(text), fmt, ap);
	va_end(ap);
	return dcp_error_set(err, status, reason, 0, "FB_CREATE: %s", text);
}

/* Checks one memory plane and returns the byte just past it in *end. */
static int plane_end(const struct dcp_fb_create *fb, const struct dcp_format_info *f, unsigned i,
		     uint64_t *end, struct dcp_error *err)
{
	uint32_t w = i ? (fb->width + f->hsub - 1) / f->hsub : fb->width;
	uint32_t h = i ? (fb->height + f->vsub - 1) / f->vsub : fb->height;
	uint64_t row = (uint64_t)w * f->cpp[i];
	uint64_t bytes;

	if (fb->pitches[i] < row)
		return bad_layout(err, -EINVAL, DCP_REASON_FB_LAYOUT,
				  "%s plane %u: pitch %u < %u pixels x %u bytes = %llu", f->name, i,
				  fb->pitches[i], w, f->cpp[i], (unsigned long long)row);
	if (fb->pitches[i] % f->cpp[i])
		return bad_layout(err, -EINVAL, DCP_REASON_FB_LAYOUT,
				  "%s plane %u: pitch %u is not a multiple of %u bytes a pixel",
				  f->name, i, fb->pitches[i], f->cpp[i]);
	if (fb->pitches[i] > DCP_MAX_FB_PITCH)
		return bad_layout(err, -EINVAL, DCP_REASON_FB_LAYOUT,
				  "%s plane %u: pitch %u exceeds %u", f->name, i, fb->pitches[i],
				  DCP_MAX_FB_PITCH);
	if (__builtin_mul_overflow((uint64_t)fb->pitches[i], (uint64_t)h, &bytes) ||
	    __builtin_add_overflow(bytes, (uint64_t)fb->offsets[i], end) || *end > DCP_MAX_FB_BYTES)
		return bad_layout(err, -EOVERFLOW, DCP_REASON_FB_LAYOUT,
				  "%s plane %u: offset %u + pitch %u x %u rows does not fit in "
				  "%llu bytes",
				  f->name, i, fb->offsets[i], fb->pitches[i], h,
				  (unsigned long long)DCP_MAX_FB_BYTES);
	return 0;
}

static int fb_layout(const struct dcp_fb_create *fb, bool any_modifier, uint64_t *bytes,
		     struct dcp_error *err)
{
	const struct dcp_format_info *f = dcp_format_info(fb->format);
	uint64_t size = 0, end = 0;
	char code[16];
	int ret;

	if (!f) {
		fourcc_text(fb->format, code);
		return bad_layout(err, -EINVAL, DCP_REASON_FB_FORMAT,
				  "format %s is not a DRM format the protocol knows", code);
	}
	if (fb->modifier == DRM_FORMAT_MOD_INVALID)
		return bad_layout(err, -EINVAL, DCP_REASON_FB_MODIFIER,
				  "modifier DRM_FORMAT_MOD_INVALID; use DRM_FORMAT_MOD_LINEAR");
	if (fb->modifier != DRM_FORMAT_MOD_LINEAR && !any_modifier)
		return bad_layout(err, -EINVAL, DCP_REASON_FB_MODIFIER,
				  "modifier 0x%016llx (vendor %u) not supported: memfds and "
				  "protocol 1.0-1.2 framebuffers are linear",
				  (unsigned long long)fb->modifier,
				  (unsigned)fourcc_mod_get_vendor(fb->modifier));
	if (fb->width == 0 || fb->height == 0 || fb->width > DCP_MAX_FB_DIM ||
	    fb->height > DCP_MAX_FB_DIM)
		return bad_layout(err, -EINVAL, DCP_REASON_FB_LAYOUT,
				  "size %ux%u outside 1x1..%ux%u", fb->width, fb->height,
				  DCP_MAX_FB_DIM, DCP_MAX_FB_DIM);
	for (unsigned i = f->plane_count; i < DCP_MAX_FB_PLANES; i++) {
		if (fb->pitches[i] || fb->offsets[i])
			return bad_layout(err, -EINVAL, DCP_REASON_FB_LAYOUT,
					  "%s has %u plane(s) but plane %u has pitch %u offset %u",
					  f->name, f->plane_count, i, fb->pitches[i],
					  fb->offsets[i]);
	}
	for (unsigned i = 0; i < f->plane_count; i++) {
		ret = plane_end(fb, f, i, &end, err);
		if (ret)
			return ret;
		if (end > size)
			size = end;
	}
	*bytes = size;
	return 0;
}

int dcp_fb_size(const struct dcp_fb_create *fb, uint64_t *bytes, struct dcp_error *err)
{
	return fb_layout(fb, false, bytes, err);
}

int dcp_fb_size_any_modifier(const struct dcp_fb_create *fb, uint64_t *bytes, struct dcp_error *err)
{
	return fb_layout(fb, true, bytes, err);
}

/* ---- FB_CREATE, FB_CREATED, FB_DESTROY, FB_ALLOC, FB_ALLOCATED -------------------- */

static void enc_fb_create(struct dcp_writer *w, const void *body)
{
	const struct dcp_fb_create *m = body;

	wr_u32(w, m->format);
	wr_u64(w, m->modifier);
	wr_u32(w, m->width);
	wr_u32(w, m->height);
	for (unsigned i = 0; i < DCP_MAX_FB_PLANES; i++)
		wr_u32(w, m->pitches[i]);
	for (unsigned i = 0; i < DCP_MAX_FB_PLANES; i++)
		wr_u32(w, m->offsets[i]);
}

static void dec_fb_create(struct dcp_reader *r, void *body)
{
	struct dcp_fb_create *m = body;

	m->format = rd_u32(r);
	m->modifier = rd_u64(r);
	m->width = rd_u32(r);
	m->height = rd_u32(r);
	for (unsigned i = 0; i < DCP_MAX_FB_PLANES; i++)
		m->pitches[i] = rd_u32(r);
	for (unsigned i = 0; i < DCP_MAX_FB_PLANES; i++)
		m->offsets[i] = rd_u32(r);
}

/*
 * Whether the modifier suits the fd and the connection's version is the
 * server's to judge (a memfd is linear, 1.2 is linear): the wire takes
 * what 1.3 may send.
 */
static int check_fb_create(const void *body, const char *msg, struct dcp_error *err)
{
	uint64_t bytes;

	return dcp_fb_size_any_modifier(body, &bytes, err);
}

static void enc_fb_alloc(struct dcp_writer *w, const void *body)
{
	const struct dcp_fb_alloc *m = body;

	wr_u32(w, m->format);
	wr_u32(w, m->width);
	wr_u32(w, m->height);
}

static void dec_fb_alloc(struct dcp_reader *r, void *body)
{
	struct dcp_fb_alloc *m = body;

	m->format = rd_u32(r);
	m->width = rd_u32(r);
	m->height = rd_u32(r);
}

static int check_fb_alloc(const void *body, const char *msg, struct dcp_error *err)
{
	const struct dcp_fb_alloc *m = body;
	const struct dcp_format_info *f = dcp_format_info(m->format);
	char code[16];

	if (!f) {
		fourcc_text(m->format, code);
		return dcp_error_set(err, -EINVAL, DCP_REASON_FB_FORMAT, 0,
				     "%s: format %s is not a DRM format the protocol knows", msg,
				     code);
	}
	if (f->plane_count != 1)
		return dcp_error_set(err, -EINVAL, DCP_REASON_FB_FORMAT, 0,
				     "%s: %s has %u planes; dcd allocates one-plane formats only",
				     msg, f->name, f->plane_count);
	if (m->width == 0 || m->height == 0 || m->width > DCP_MAX_FB_DIM ||
	    m->height > DCP_MAX_FB_DIM)
		return dcp_error_set(err, -EINVAL, DCP_REASON_FB_LAYOUT, 0,
				     "%s: size %ux%u outside 1x1..%ux%u", msg, m->width, m->height,
				     DCP_MAX_FB_DIM, DCP_MAX_FB_DIM);
	return 0;
}

static void enc_fb_allocated(struct dcp_writer *w, const void *body)
{
	const struct dcp_fb_allocated *m = body;

	wr_u32(w, m->fb_id);
	wr_u32(w, m->pitch);
	wr_u32(w, m->offset);
	wr_u64(w, m->size);
}

static void dec_fb_allocated(struct dcp_reader *r, void *body)
{
	struct dcp_fb_allocated *m = body;

	m->fb_id = rd_u32(r);
	m->pitch = rd_u32(r);
	m->offset = rd_u32(r);
	m->size = rd_u64(r);
}

static int check_fb_allocated(const void *body, const char *msg, struct dcp_error *err)
{
	const struct dcp_fb_allocated *m = body;

	if (m->fb_id == 0)
		return dcp_invalid(err, "%s: framebuffer id 0 is never valid", msg);
	if (m->pitch == 0 || m->pitch > DCP_MAX_FB_PITCH)
		return dcp_invalid(err, "%s: pitch %u outside 1..%u", msg, m->pitch,
				   DCP_MAX_FB_PITCH);
	if (m->size == 0 || m->size > DCP_MAX_FB_BYTES || m->offset >= m->size ||
	    m->size - m->offset < m->pitch)
		return dcp_invalid(err,
				   "%s: offset %u and pitch %u do not fit in %llu bytes (at most "
				   "%llu)",
				   msg, m->offset, m->pitch, (unsigned long long)m->size,
				   (unsigned long long)DCP_MAX_FB_BYTES);
	return 0;
}

/* clang-format off */
const struct dcp_msg_desc dcp_msgs_fb[] = {
	{ .opcode = DCP_REQ_FB_CREATE, .name = "FB_CREATE", .nfds = 1,
	  .body_size = sizeof(struct dcp_fb_create),
	  .encode = enc_fb_create, .decode = dec_fb_create, .check = check_fb_create },
	{ .opcode = DCP_REQ_FB_DESTROY, .name = "FB_DESTROY", .no_reply_ok = true,
	  .body_size = sizeof(struct dcp_fb_destroy),
	  .encode = dcp_enc_id, .decode = dcp_dec_id, .check = dcp_check_id },
	{ .opcode = DCP_REPLY_FB_CREATED, .name = "FB_CREATED", .serial_nonzero_ok = true,
	  .body_size = sizeof(struct dcp_fb_created),
	  .encode = dcp_enc_id, .decode = dcp_dec_id, .check = dcp_check_id },
	{ .opcode = DCP_REQ_FB_ALLOC, .name = "FB_ALLOC",
	  .body_size = sizeof(struct dcp_fb_alloc),
	  .encode = enc_fb_alloc, .decode = dec_fb_alloc, .check = check_fb_alloc },
	{ .opcode = DCP_REPLY_FB_ALLOCATED, .name = "FB_ALLOCATED", .nfds = 1,
	  .serial_nonzero_ok = true,
	  .body_size = sizeof(struct dcp_fb_allocated),
	  .encode = enc_fb_allocated, .decode = dec_fb_allocated, .check = check_fb_allocated },
};
/* clang-format on */
const size_t dcp_msgs_fb_count = sizeof(dcp_msgs_fb) / sizeof(dcp_msgs_fb[0]);
