/*
 * Byte-level reading and writing of protocol messages: explicit
 * little-endian fields, strings, modes, and the error text helper.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "wire.h"

/* Cuts a string that vsnprintf truncated back to a whole UTF-8 character. */
static void trim_partial_utf8(char *s)
{
	size_t n = strlen(s);
	size_t start = n;

	/* Find the lead byte of the last character. */
	while (start > 0 && ((unsigned char)s[start - 1] & 0xc0) == 0x80)
		start--;
	if (start == 0)
		return;
	unsigned char lead = (unsigned char)s[start - 1];
	size_t need = lead >= 0xf0 ? 4 : lead >= 0xe0 ? 3 : lead >= 0xc0 ? 2 : 1;
	if (n - (start - 1) < need)
		s[start - 1] = '\0';
}

int dcp_error_set(struct dcp_error *err, int status, enum dcp_reason reason, unsigned flags,
		  const char *fmt, ...)
{
	va_list ap;
	int n;

	if (!err)
		return status;
	err->status = status;
	err->reason = (uint16_t)reason;
	err->flags = (uint16_t)flags;
	err->link = -1;
	err->plane = -1;
	va_start(ap, fmt);
	n = vsnprintf(err->text, sizeof(err->text), fmt, ap);
	va_end(ap);
	if (n < 0)
		err->text[0] = '\0';
	else if ((size_t)n >= sizeof(err->text))
		trim_partial_utf8(err->text);
	return status;
}

int dcp_error_at(struct dcp_error *err, int32_t link, int plane, int status)
{
	if (err) {
		err->link = link;
		err->plane = (int16_t)plane;
	}
	return status;
}

/* ---- writer ----------------------------------------------------------------- */

static void wr_bytes(struct dcp_writer *w, const void *src, size_t n)
{
	if (w->pos <= w->size && n <= w->size - w->pos)
		memcpy(w->buf + w->pos, src, n);
	w->pos += n;
}

void wr_u8(struct dcp_writer *w, uint8_t v)
{
	wr_bytes(w, &v, 1);
}

void wr_u16(struct dcp_writer *w, uint16_t v)
{
	uint8_t b[2] = { (uint8_t)v, (uint8_t)(v >> 8) };

	wr_bytes(w, b, sizeof(b));
}

void wr_u32(struct dcp_writer *w, uint32_t v)
{
	uint8_t b[4] = { (uint8_t)v, (uint8_t)(v >> 8), (uint8_t)(v >> 16), (uint8_t)(v >> 24) };

	wr_bytes(w, b, sizeof(b));
}

void wr_u64(struct dcp_writer *w, uint64_t v)
{
	wr_u32(w, (uint32_t)v);
	wr_u32(w, (uint32_t)(v >> 32));
}

void wr_zero(struct dcp_writer *w, size_t n)
{
	while (n--)
		wr_u8(w, 0);
}

void wr_str(struct dcp_writer *w, const char *s)
{
	size_t n = strlen(s);

	wr_u16(w, (uint16_t)n);
	wr_bytes(w, s, n);
	wr_u8(w, 0);
}

/* ---- reader ----------------------------------------------------------------- */

void rd_fail(struct dcp_reader *r, bool fatal, const char *fmt, ...)
{
	char text[DCP_MAX_TEXT + 1];
	va_list ap;

	if (r->failed)
		return;
	r->failed = true;
	r->status = fatal ? -EPROTO : -EINVAL;
	va_start(ap, fmt);
	vsnprintf(text, sizeof(text), fmt, ap);
	va_end(ap);
	if (fatal)
		dcp_error_set(r->err, -EPROTO, DCP_REASON_PROTOCOL, DCP_ERROR_FATAL, "%s: %s",
			      r->msg, text);
	else
		dcp_error_set(r->err, -EINVAL, DCP_REASON_ARGUMENT, 0, "%s: %s", r->msg, text);
}

/* Pointer to the next n bytes, or NULL (and a fatal failure) past the end. */
static const uint8_t *rd_take(struct dcp_reader *r, size_t n)
{
	const uint8_t *p;

	if (r->failed)
		return NULL;
	if (n > r->len - r->pos) {
		rd_fail(r, true, "payload ends at byte %zu, the next field needs %zu more", r->len,
			n - (r->len - r->pos));
		return NULL;
	}
	p = r->p + r->pos;
	r->pos += n;
	return p;
}

uint8_t rd_u8(struct dcp_reader *r)
{
	const uint8_t *p = rd_take(r, 1);

	return p ? p[0] : 0;
}

uint16_t rd_u16(struct dcp_reader *r)
{
	const uint8_t *p = rd_take(r, 2);

	return p ? (uint16_t)(p[0] | p[1] << 8) : 0;
}

uint32_t rd_u32(struct dcp_reader *r)
{
	const uint8_t *p = rd_take(r, 4);

	if (!p)
		return 0;
	return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

uint64_t rd_u64(struct dcp_reader *r)
{
	uint64_t lo = rd_u32(r);

	return lo | (uint64_t)rd_u32(r) << 32;
}

int32_t rd_i32(struct dcp_reader *r)
{
	return (int32_t)rd_u32(r);
}

int16_t rd_i16(struct dcp_reader *r)
{
	return (int16_t)rd_u16(r);
}

bool rd_bool(struct dcp_reader *r, const char *field)
{
	uint8_t v = rd_u8(r);

	if (v > 1)
		rd_fail(r, false, "%s is %u, must be 0 or 1", field, v);
	return v == 1;
}

void rd_reserved(struct dcp_reader *r, size_t n)
{
	size_t at = r->pos;
	const uint8_t *p = rd_take(r, n);

	for (size_t i = 0; p && i < n; i++) {
		if (p[i]) {
			rd_fail(r, true, "reserved byte %zu is 0x%02x, must be 0", at + i, p[i]);
			return;
		}
	}
}

void rd_str(struct dcp_reader *r, char *out, size_t max, const char *field)
{
	uint16_t n = rd_u16(r);
	const uint8_t *p;

	out[0] = '\0';
	if (r->failed)
		return;
	if (n > max) {
		rd_fail(r, true, "%s is %u bytes long, at most %zu allowed", field, n, max);
		return;
	}
	p = rd_take(r, (size_t)n + 1);
	if (!p)
		return;
	if (p[n] != 0) {
		rd_fail(r, true, "%s of %u bytes is not NUL-terminated (0x%02x)", field, n, p[n]);
		return;
	}
	if (memchr(p, 0, n)) {
		rd_fail(r, true, "%s contains a NUL byte inside its %u bytes", field, n);
		return;
	}
	if (!dcp_utf8_valid((const char *)p, n)) {
		rd_fail(r, true, "%s is not valid UTF-8", field);
		return;
	}
	memcpy(out, p, (size_t)n + 1);
}

bool rd_count_ok(struct dcp_reader *r, uint32_t count, uint32_t max, size_t elem_size,
		 const char *field)
{
	size_t left;

	if (r->failed)
		return false;
	if (count > max) {
		rd_fail(r, true, "%s %u exceeds the maximum %u", field, count, max);
		return false;
	}
	left = r->len - r->pos;
	if (elem_size && count > left / elem_size) {
		rd_fail(r, true, "%s %u needs %zu bytes, only %zu left", field, count,
			(size_t)count * elem_size, left);
		return false;
	}
	return true;
}

void rd_end(struct dcp_reader *r)
{
	if (!r->failed && r->pos != r->len)
		rd_fail(r, true, "%zu bytes of payload left over after the last field",
			r->len - r->pos);
}

bool dcp_utf8_valid(const char *str, size_t len)
{
	const unsigned char *s = (const unsigned char *)str;

	for (size_t i = 0; i < len;) {
		uint32_t cp;
		size_t n = dcp_utf8_char(s + i, len - i, &cp);

		if (!n || !cp)
			return false;
		i += n;
	}
	return true;
}

int dcp_check_str(const char *msg, const char *field, const char *s, size_t cap,
		  struct dcp_error *err)
{
	size_t n = strnlen(s, cap);

	if (n == cap)
		return dcp_invalid(err, "%s: %s is not NUL-terminated within %zu bytes", msg, field,
				   cap);
	if (!dcp_utf8_valid(s, n))
		return dcp_invalid(err, "%s: %s is not valid UTF-8", msg, field);
	return 0;
}

/* ---- modes ------------------------------------------------------------------ */

void wr_mode(struct dcp_writer *w, const struct drm_mode_modeinfo *m)
{
	wr_u32(w, m->clock);
	wr_u16(w, m->hdisplay);
	wr_u16(w, m->hsync_start);
	wr_u16(w, m->hsync_end);
	wr_u16(w, m->htotal);
	wr_u16(w, m->hskew);
	wr_u16(w, m->vdisplay);
	wr_u16(w, m->vsync_start);
	wr_u16(w, m->vsync_end);
	wr_u16(w, m->vtotal);
	wr_u16(w, m->vscan);
	wr_u32(w, m->vrefresh);
	wr_u32(w, m->flags);
	wr_u32(w, m->type);
}

void rd_mode(struct dcp_reader *r, struct drm_mode_modeinfo *m)
{
	memset(m, 0, sizeof(*m));
	m->clock = rd_u32(r);
	m->hdisplay = rd_u16(r);
	m->hsync_start = rd_u16(r);
	m->hsync_end = rd_u16(r);
	m->htotal = rd_u16(r);
	m->hskew = rd_u16(r);
	m->vdisplay = rd_u16(r);
	m->vsync_start = rd_u16(r);
	m->vsync_end = rd_u16(r);
	m->vtotal = rd_u16(r);
	m->vscan = rd_u16(r);
	m->vrefresh = rd_u32(r);
	m->flags = rd_u32(r);
	m->type = rd_u32(r);
}

/* The largest 3D layout and picture aspect value drm_mode.h defines. */
#define MODE_3D_LAST	 (DRM_MODE_FLAG_3D_SIDE_BY_SIDE_HALF >> 14)
#define MODE_PIC_AR_LAST DRM_MODE_PICTURE_ASPECT_256_135

int dcp_check_mode_bits(const char *msg, const char *field, const struct drm_mode_modeinfo *m,
			struct dcp_error *err)
{
	uint32_t known = DRM_MODE_FLAG_ALL | DRM_MODE_FLAG_PIC_AR_MASK;
	uint32_t layout_3d = (m->flags & DRM_MODE_FLAG_3D_MASK) >> 14;
	uint32_t aspect = (m->flags & DRM_MODE_FLAG_PIC_AR_MASK) >> 19;

	if (m->flags & ~known)
		return dcp_invalid(err, "%s: %s flags 0x%x have bits libdrm does not define (0x%x)",
				   msg, field, m->flags, m->flags & ~known);
	if (layout_3d > MODE_3D_LAST)
		return dcp_invalid(err, "%s: %s 3D layout %u is not defined (last is %u)", msg,
				   field, layout_3d, MODE_3D_LAST);
	if (aspect > MODE_PIC_AR_LAST)
		return dcp_invalid(err, "%s: %s picture aspect %u is not defined (last is %u)", msg,
				   field, aspect, MODE_PIC_AR_LAST);
	if (m->type & ~(uint32_t)DRM_MODE_TYPE_ALL)
		return dcp_invalid(err, "%s: %s type 0x%x has bits outside DRM_MODE_TYPE_ALL", msg,
				   field, m->type);
	return 0;
}

/* ---- shared payloads and rules -------------------------------------------------- */

void dcp_enc_id(struct dcp_writer *w, const void *body)
{
	wr_u32(w, *(const uint32_t *)body);
}

void dcp_dec_id(struct dcp_reader *r, void *body)
{
	*(uint32_t *)body = rd_u32(r);
}

int dcp_check_id(const void *body, const char *msg, struct dcp_error *err)
{
	if (*(const uint32_t *)body == 0)
		return dcp_invalid(err, "%s: id 0 is never valid", msg);
	return 0;
}

int dcp_check_link(const char *msg, uint32_t link, struct dcp_error *err)
{
	if (link >= DCP_MAX_LINKS)
		return dcp_invalid(err, "%s: link %u outside 0..%u", msg, link, DCP_MAX_LINKS - 1);
	return 0;
}

bool dcp_bpc_valid(uint8_t bpc)
{
	return bpc == 6 || bpc == 8 || bpc == 10 || bpc == 12;
}

bool dcp_mode_is_zero(const struct drm_mode_modeinfo *m)
{
	return !(m->clock | m->hdisplay | m->hsync_start | m->hsync_end | m->htotal | m->hskew |
		 m->vdisplay | m->vsync_start | m->vsync_end | m->vtotal | m->vscan | m->vrefresh |
		 m->flags | m->type);
}

int dcp_check_output_state(const char *msg, bool active, uint8_t encoding, uint8_t bpc,
			   const struct drm_mode_modeinfo *mode, struct dcp_error *err)
{
	if (!active) {
		if (encoding || bpc || !dcp_mode_is_zero(mode))
			return dcp_invalid(
				err, "%s: an inactive output has a mode, encoding or depth", msg);
		return 0;
	}
	if (encoding >= DCP_ENCODING_COUNT)
		return dcp_invalid(err, "%s: pixel encoding %u outside 0..%u", msg, encoding,
				   DCP_ENCODING_COUNT - 1);
	if (!dcp_bpc_valid(bpc))
		return dcp_invalid(err, "%s: %u bits per component, must be 6, 8, 10 or 12", msg,
				   bpc);
	return dcp_check_mode_bits(msg, "mode", mode, err);
}

int dcp_check_lease_state(const char *msg, uint8_t state, uint32_t lease_id, struct dcp_error *err)
{
	if (state >= DCP_LEASE_STATE_COUNT)
		return dcp_invalid(err, "%s: lease state %u outside 0..%u", msg, state,
				   DCP_LEASE_STATE_COUNT - 1);
	if ((state == DCP_LEASE_OURS) != (lease_id != 0))
		return dcp_invalid(err, "%s: lease id %u with lease state %s", msg, lease_id,
				   dcp_lease_state_name(state));
	return 0;
}
