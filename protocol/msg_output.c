/*
 * Output messages: the configuration of VALIDATE and COMMIT, FLIP and
 * FLIP_DONE, CURSOR_SET and CURSOR_MOVE, VBLANK_SUBSCRIBE and VBLANK,
 * OUTPUT_CHANGED.
 */
#include <errno.h>
#include <string.h>

#include "wire.h"

/* Hot spots and cursor positions: a cursor is at most 256 pixels wide. */
#define CURSOR_HOT_MAX 255
#define CURSOR_POS_MIN (-32768)
#define CURSOR_POS_MAX 32767

/* An error about one plane (or -1) of one link: the ERROR names both. */
#define bad_plane(err, link, plane, ...)                                        \
	dcp_error_at(err, (link) < DCP_MAX_LINKS ? (int32_t)(link) : -1, plane, \
		     dcp_invalid(err, __VA_ARGS__))

/* ---- VALIDATE, COMMIT ----------------------------------------------------------- */

#define COMMIT_FLAGS_KNOWN (DCP_COMMIT_ALLOW_MODESET | DCP_COMMIT_NONBLOCK)
#define OUTPUT_FLAGS_KNOWN \
	(DCP_OUTPUT_ENABLED | DCP_OUTPUT_PRIMARY | DCP_OUTPUT_CURSOR | DCP_OUTPUT_VRR)
#define OUTPUT_WIRE_SIZE (16 + DCP_WIRE_MODE_SIZE + 36 + 20)

static void enc_output(struct dcp_writer *w, const struct dcp_output_config *o)
{
	wr_u32(w, o->link);
	wr_u32(w, o->flags);
	wr_u8(w, o->encoding);
	wr_u8(w, o->bpc);
	wr_zero(w, 2);
	wr_u32(w, o->blank_color);
	wr_mode(w, &o->mode);
	wr_u32(w, o->primary.fb_id);
	wr_u32(w, o->primary.src_x);
	wr_u32(w, o->primary.src_y);
	wr_u32(w, o->primary.src_w);
	wr_u32(w, o->primary.src_h);
	wr_u32(w, (uint32_t)o->primary.dst_x);
	wr_u32(w, (uint32_t)o->primary.dst_y);
	wr_u32(w, o->primary.dst_w);
	wr_u32(w, o->primary.dst_h);
	wr_u32(w, o->cursor.fb_id);
	wr_u32(w, (uint32_t)o->cursor.x);
	wr_u32(w, (uint32_t)o->cursor.y);
	wr_u32(w, o->cursor.hot_x);
	wr_u32(w, o->cursor.hot_y);
}

static void dec_output(struct dcp_reader *r, struct dcp_output_config *o)
{
	o->link = rd_u32(r);
	o->flags = rd_u32(r);
	o->encoding = rd_u8(r);
	o->bpc = rd_u8(r);
	rd_reserved(r, 2);
	o->blank_color = rd_u32(r);
	rd_mode(r, &o->mode);
	o->primary.fb_id = rd_u32(r);
	o->primary.src_x = rd_u32(r);
	o->primary.src_y = rd_u32(r);
	o->primary.src_w = rd_u32(r);
	o->primary.src_h = rd_u32(r);
	o->primary.dst_x = rd_i32(r);
	o->primary.dst_y = rd_i32(r);
	o->primary.dst_w = rd_u32(r);
	o->primary.dst_h = rd_u32(r);
	o->cursor.fb_id = rd_u32(r);
	o->cursor.x = rd_i32(r);
	o->cursor.y = rd_i32(r);
	o->cursor.hot_x = rd_u32(r);
	o->cursor.hot_y = rd_u32(r);
}

static void enc_config(struct dcp_writer *w, const void *body)
{
	const struct dcp_config *m = body;

	wr_u32(w, m->flags);
	wr_u32(w, m->output_count);
	for (uint32_t i = 0; i < m->output_count; i++)
		enc_output(w, &m->outputs[i]);
}

static void dec_config(struct dcp_reader *r, void *body)
{
	struct dcp_config *m = body;

	m->flags = rd_u32(r);
	m->output_count = rd_u32(r);
	if (!rd_count_ok(r, m->output_count, DCP_MAX_OUTPUTS, OUTPUT_WIRE_SIZE, "output count"))
		return;
	for (uint32_t i = 0; i < m->output_count; i++)
		dec_output(r, &m->outputs[i]);
}

static bool plane_is_zero(const struct dcp_plane_config *p)
{
	static const struct dcp_plane_config zero;

	return memcmp(p, &zero, sizeof(zero)) == 0;
}

static bool cursor_is_zero(const struct dcp_cursor_config *c)
{
	static const struct dcp_cursor_config zero;

	return memcmp(c, &zero, sizeof(zero)) == 0;
}

static int check_primary(const struct dcp_output_config *o, const char *msg, struct dcp_error *err)
{
	const struct dcp_plane_config *p = &o->primary;
	const uint64_t src_max = (uint64_t)DCP_MAX_FB_DIM << 16;

	if (!(o->flags & DCP_OUTPUT_PRIMARY)) {
		if (!plane_is_zero(p))
			return bad_plane(err, o->link, DCP_PLANE_PRIMARY,
					 "%s: link %u: primary plane fields set without "
					 "DCP_OUTPUT_PRIMARY",
					 msg, o->link);
		return 0;
	}
	if (p->fb_id == 0)
		return bad_plane(err, o->link, DCP_PLANE_PRIMARY,
				 "%s: link %u: primary plane without a framebuffer (fb 0)", msg,
				 o->link);
	if (p->src_w == 0 || p->src_h == 0 || p->dst_w == 0 || p->dst_h == 0)
		return bad_plane(err, o->link, DCP_PLANE_PRIMARY,
				 "%s: link %u: empty primary rectangle: source %ux%u (16.16), "
				 "destination %ux%u",
				 msg, o->link, p->src_w, p->src_h, p->dst_w, p->dst_h);
	if ((uint64_t)p->src_x + p->src_w > src_max || (uint64_t)p->src_y + p->src_h > src_max)
		return bad_plane(err, o->link, DCP_PLANE_PRIMARY,
				 "%s: link %u: source rectangle ends past %u pixels", msg, o->link,
				 DCP_MAX_FB_DIM);
	if (p->dst_w > DCP_MAX_FB_DIM || p->dst_h > DCP_MAX_FB_DIM || p->dst_x < -DCP_MAX_FB_DIM ||
	    p->dst_x > DCP_MAX_FB_DIM || p->dst_y < -DCP_MAX_FB_DIM || p->dst_y > DCP_MAX_FB_DIM)
		return bad_plane(err, o->link, DCP_PLANE_PRIMARY,
				 "%s: link %u: destination %ux%u%+d%+d outside +-%u pixels", msg,
				 o->link, p->dst_w, p->dst_h, p->dst_x, p->dst_y, DCP_MAX_FB_DIM);
	return 0;
}

static int check_cursor_config(const struct dcp_output_config *o, const char *msg,
			       struct dcp_error *err)
{
	const struct dcp_cursor_config *c = &o->cursor;

	if (!(o->flags & DCP_OUTPUT_CURSOR)) {
		if (!cursor_is_zero(c))
			return bad_plane(err, o->link, DCP_PLANE_CURSOR,
					 "%s: link %u: cursor fields set without DCP_OUTPUT_CURSOR",
					 msg, o->link);
		return 0;
	}
	if (c->fb_id == 0)
		return bad_plane(err, o->link, DCP_PLANE_CURSOR,
				 "%s: link %u: cursor without a framebuffer (fb 0)", msg, o->link);
	if (c->hot_x > CURSOR_HOT_MAX || c->hot_y > CURSOR_HOT_MAX)
		return bad_plane(err, o->link, DCP_PLANE_CURSOR,
				 "%s: link %u: cursor hot spot %u,%u beyond %u", msg, o->link,
				 c->hot_x, c->hot_y, CURSOR_HOT_MAX);
	if (c->x < CURSOR_POS_MIN || c->x > CURSOR_POS_MAX || c->y < CURSOR_POS_MIN ||
	    c->y > CURSOR_POS_MAX)
		return bad_plane(err, o->link, DCP_PLANE_CURSOR,
				 "%s: link %u: cursor position %d,%d outside %d..%d", msg, o->link,
				 c->x, c->y, CURSOR_POS_MIN, CURSOR_POS_MAX);
	return 0;
}

static int check_output(const struct dcp_output_config *o, const char *msg, struct dcp_error *err)
{
	int ret;

	if (o->flags & ~OUTPUT_FLAGS_KNOWN)
		return bad_plane(err, o->link, -1,
				 "%s: link %u: output flags 0x%x have unknown bits", msg, o->link,
				 o->flags);
	if (!(o->flags & DCP_OUTPUT_ENABLED)) {
		if (o->flags || o->encoding || o->bpc || o->blank_color ||
		    !dcp_mode_is_zero(&o->mode) || !plane_is_zero(&o->primary) ||
		    !cursor_is_zero(&o->cursor))
			return bad_plane(err, o->link, -1,
					 "%s: link %u: a disabled output carries only its link "
					 "and flags 0",
					 msg, o->link);
		return 0;
	}
	if (o->encoding >= DCP_ENCODING_COUNT)
		return bad_plane(err, o->link, -1, "%s: link %u: pixel encoding %u outside 0..%u",
				 msg, o->link, o->encoding, DCP_ENCODING_COUNT - 1);
	if (!dcp_bpc_valid(o->bpc))
		return bad_plane(err, o->link, -1,
				 "%s: link %u: %u bits per component, must be 6, 8, 10 or 12", msg,
				 o->link, o->bpc);
	if (o->blank_color >> 24)
		return bad_plane(err, o->link, -1,
				 "%s: link %u: blank color 0x%08x is not XRGB8888 (top byte 0)",
				 msg, o->link, o->blank_color);
	ret = dcp_check_mode_bits(msg, "mode", &o->mode, err);
	if (ret)
		return dcp_error_at(err, (int32_t)o->link, -1, ret);
	ret = check_primary(o, msg, err);
	return ret ? ret : check_cursor_config(o, msg, err);
}

static int check_config(const void *body, const char *msg, struct dcp_error *err)
{
	const struct dcp_config *m = body;
	uint32_t seen = 0;
	int ret;

	if (m->flags & ~COMMIT_FLAGS_KNOWN)
		return dcp_invalid(err, "%s: flags 0x%x have unknown bits 0x%x", msg, m->flags,
				   m->flags & ~COMMIT_FLAGS_KNOWN);
	if (m->output_count == 0 || m->output_count > DCP_MAX_OUTPUTS)
		return dcp_invalid(err, "%s: output count %u outside 1..%u", msg, m->output_count,
				   DCP_MAX_OUTPUTS);
	for (uint32_t i = 0; i < m->output_count; i++) {
		const struct dcp_output_config *o = &m->outputs[i];

		ret = dcp_check_link(msg, o->link, err);
		if (ret)
			return ret;
		if (seen & 1u << o->link)
			return bad_plane(err, o->link, -1, "%s: link %u listed twice", msg,
					 o->link);
		seen |= 1u << o->link;
		ret = check_output(o, msg, err);
		if (ret)
			return ret;
	}
	return 0;
}

/* ---- FLIP, FLIP_DONE ------------------------------------------------------------- */

static void enc_flip(struct dcp_writer *w, const void *body)
{
	const struct dcp_flip *m = body;

	wr_u32(w, m->link);
	wr_u32(w, m->fb_id);
	wr_u32(w, m->flags);
	wr_u8(w, m->plane);
	wr_zero(w, 3);
	wr_u64(w, m->user_data);
}

static void dec_flip(struct dcp_reader *r, void *body)
{
	struct dcp_flip *m = body;

	m->link = rd_u32(r);
	m->fb_id = rd_u32(r);
	m->flags = rd_u32(r);
	m->plane = rd_u8(r);
	rd_reserved(r, 3);
	m->user_data = rd_u64(r);
}

static int check_flip(const void *body, const char *msg, struct dcp_error *err)
{
	const struct dcp_flip *m = body;
	int ret = dcp_check_link(msg, m->link, err);

	if (ret)
		return ret;
	if (m->plane != DCP_PLANE_PRIMARY)
		return bad_plane(err, m->link, -1,
				 "%s: plane %u: flips go to the primary plane (0); the cursor "
				 "has CURSOR_SET",
				 msg, m->plane);
	if (m->fb_id == 0)
		return bad_plane(err, m->link, m->plane, "%s: framebuffer 0", msg);
	if (m->flags != DCP_FLIP_VSYNC && m->flags != DCP_FLIP_ASYNC)
		return bad_plane(err, m->link, m->plane,
				 "%s: flags 0x%x, must be exactly one of VSYNC (0x1) and ASYNC "
				 "(0x2)",
				 msg, m->flags);
	return 0;
}

static void enc_flip_done(struct dcp_writer *w, const void *body)
{
	const struct dcp_flip_done *m = body;

	wr_u32(w, m->link);
	wr_u8(w, m->plane);
	wr_zero(w, 3);
	wr_u64(w, m->user_data);
	wr_u64(w, m->sequence);
	wr_u64(w, m->timestamp_ns);
}

static void dec_flip_done(struct dcp_reader *r, void *body)
{
	struct dcp_flip_done *m = body;

	m->link = rd_u32(r);
	m->plane = rd_u8(r);
	rd_reserved(r, 3);
	m->user_data = rd_u64(r);
	m->sequence = rd_u64(r);
	m->timestamp_ns = rd_u64(r);
}

static int check_flip_done(const void *body, const char *msg, struct dcp_error *err)
{
	const struct dcp_flip_done *m = body;
	int ret = dcp_check_link(msg, m->link, err);

	if (ret)
		return ret;
	if (m->plane != DCP_PLANE_PRIMARY)
		return dcp_invalid(err, "%s: plane %u is not the primary plane", msg, m->plane);
	return 0;
}

/* ---- CURSOR_SET, CURSOR_MOVE ------------------------------------------------------ */

static void enc_cursor_set(struct dcp_writer *w, const void *body)
{
	const struct dcp_cursor_set *m = body;

	wr_u32(w, m->link);
	wr_u32(w, m->fb_id);
	wr_u32(w, m->hot_x);
	wr_u32(w, m->hot_y);
}

static void dec_cursor_set(struct dcp_reader *r, void *body)
{
	struct dcp_cursor_set *m = body;

	m->link = rd_u32(r);
	m->fb_id = rd_u32(r);
	m->hot_x = rd_u32(r);
	m->hot_y = rd_u32(r);
}

static int check_cursor_set(const void *body, const char *msg, struct dcp_error *err)
{
	const struct dcp_cursor_set *m = body;
	int ret = dcp_check_link(msg, m->link, err);

	if (ret)
		return ret;
	if (m->fb_id == 0 && (m->hot_x || m->hot_y))
		return bad_plane(err, m->link, DCP_PLANE_CURSOR,
				 "%s: hot spot %u,%u given for a hidden cursor (fb 0)", msg,
				 m->hot_x, m->hot_y);
	if (m->hot_x > CURSOR_HOT_MAX || m->hot_y > CURSOR_HOT_MAX)
		return bad_plane(err, m->link, DCP_PLANE_CURSOR, "%s: hot spot %u,%u beyond %u",
				 msg, m->hot_x, m->hot_y, CURSOR_HOT_MAX);
	return 0;
}

static void enc_cursor_move(struct dcp_writer *w, const void *body)
{
	const struct dcp_cursor_move *m = body;

	wr_u32(w, m->link);
	wr_u32(w, (uint32_t)m->x);
	wr_u32(w, (uint32_t)m->y);
}

static void dec_cursor_move(struct dcp_reader *r, void *body)
{
	struct dcp_cursor_move *m = body;

	m->link = rd_u32(r);
	m->x = rd_i32(r);
	m->y = rd_i32(r);
}

static int check_cursor_move(const void *body, const char *msg, struct dcp_error *err)
{
	const struct dcp_cursor_move *m = body;
	int ret = dcp_check_link(msg, m->link, err);

	if (ret)
		return ret;
	if (m->x < CURSOR_POS_MIN || m->x > CURSOR_POS_MAX || m->y < CURSOR_POS_MIN ||
	    m->y > CURSOR_POS_MAX)
		return bad_plane(err, m->link, DCP_PLANE_CURSOR,
				 "%s: position %d,%d outside %d..%d", msg, m->x, m->y,
				 CURSOR_POS_MIN, CURSOR_POS_MAX);
	return 0;
}

/* ---- VBLANK_SUBSCRIBE, VBLANK ------------------------------------------------------ */

static void enc_vblank_subscribe(struct dcp_writer *w, const void *body)
{
	const struct dcp_vblank_subscribe *m = body;

	wr_u32(w, m->link);
	wr_u8(w, m->enable);
	wr_zero(w, 3);
}

static void dec_vblank_subscribe(struct dcp_reader *r, void *body)
{
	struct dcp_vblank_subscribe *m = body;

	m->link = rd_u32(r);
	m->enable = rd_bool(r, "enable");
	rd_reserved(r, 3);
}

static int check_vblank_subscribe(const void *body, const char *msg, struct dcp_error *err)
{
	return dcp_check_link(msg, ((const struct dcp_vblank_subscribe *)body)->link, err);
}

static void enc_vblank(struct dcp_writer *w, const void *body)
{
	const struct dcp_vblank *m = body;

	wr_u32(w, m->link);
	wr_u32(w, m->skipped);
	wr_u64(w, m->sequence);
	wr_u64(w, m->timestamp_ns);
}

static void dec_vblank(struct dcp_reader *r, void *body)
{
	struct dcp_vblank *m = body;

	m->link = rd_u32(r);
	m->skipped = rd_u32(r);
	m->sequence = rd_u64(r);
	m->timestamp_ns = rd_u64(r);
}

static int check_vblank(const void *body, const char *msg, struct dcp_error *err)
{
	return dcp_check_link(msg, ((const struct dcp_vblank *)body)->link, err);
}

/* ---- OUTPUT_CHANGED ------------------------------------------------------------------ */

#define CHANGES_KNOWN (DCP_CHANGE_MODE | DCP_CHANGE_LEASE | DCP_CHANGE_LINK)

static void enc_output_changed(struct dcp_writer *w, const void *body)
{
	const struct dcp_output_changed *m = body;

	wr_u32(w, m->link);
	wr_u32(w, m->changes);
	wr_u8(w, m->lease_state);
	wr_u8(w, m->active);
	wr_u8(w, m->encoding);
	wr_u8(w, m->bpc);
	wr_u32(w, m->lease_id);
	wr_mode(w, &m->mode);
}

static void dec_output_changed(struct dcp_reader *r, void *body)
{
	struct dcp_output_changed *m = body;

	m->link = rd_u32(r);
	m->changes = rd_u32(r);
	m->lease_state = rd_u8(r);
	m->active = rd_bool(r, "active");
	m->encoding = rd_u8(r);
	m->bpc = rd_u8(r);
	m->lease_id = rd_u32(r);
	rd_mode(r, &m->mode);
}

static int check_output_changed(const void *body, const char *msg, struct dcp_error *err)
{
	const struct dcp_output_changed *m = body;
	int ret = dcp_check_link(msg, m->link, err);

	if (ret)
		return ret;
	if (m->changes == 0 || (m->changes & ~CHANGES_KNOWN))
		return dcp_invalid(err, "%s: changes 0x%x: none or unknown bits", msg, m->changes);
	ret = dcp_check_lease_state(msg, m->lease_state, m->lease_id, err);
	if (ret)
		return ret;
	return dcp_check_output_state(msg, m->active, m->encoding, m->bpc, &m->mode, err);
}

/* clang-format off */
const struct dcp_msg_desc dcp_msgs_output[] = {
	{ .opcode = DCP_REQ_VALIDATE, .name = "VALIDATE",
	  .body_size = sizeof(struct dcp_config),
	  .encode = enc_config, .decode = dec_config, .check = check_config },
	{ .opcode = DCP_REQ_COMMIT, .name = "COMMIT", .no_reply_ok = true,
	  .body_size = sizeof(struct dcp_config),
	  .encode = enc_config, .decode = dec_config, .check = check_config },
	{ .opcode = DCP_REQ_FLIP, .name = "FLIP",
	  .body_size = sizeof(struct dcp_flip),
	  .encode = enc_flip, .decode = dec_flip, .check = check_flip },
	{ .opcode = DCP_REQ_CURSOR_SET, .name = "CURSOR_SET", .no_reply_ok = true,
	  .body_size = sizeof(struct dcp_cursor_set),
	  .encode = enc_cursor_set, .decode = dec_cursor_set, .check = check_cursor_set },
	{ .opcode = DCP_REQ_CURSOR_MOVE, .name = "CURSOR_MOVE", .no_reply_ok = true,
	  .body_size = sizeof(struct dcp_cursor_move),
	  .encode = enc_cursor_move, .decode = dec_cursor_move, .check = check_cursor_move },
	{ .opcode = DCP_REQ_VBLANK_SUBSCRIBE, .name = "VBLANK_SUBSCRIBE", .no_reply_ok = true,
	  .body_size = sizeof(struct dcp_vblank_subscribe),
	  .encode = enc_vblank_subscribe, .decode = dec_vblank_subscribe,
	  .check = check_vblank_subscribe },
	{ .opcode = DCP_EVENT_FLIP_DONE, .name = "FLIP_DONE", .serial_nonzero_ok = true,
	  .body_size = sizeof(struct dcp_flip_done),
	  .encode = enc_flip_done, .decode = dec_flip_done, .check = check_flip_done },
	{ .opcode = DCP_EVENT_VBLANK, .name = "VBLANK", .serial_zero_ok = true,
	  .body_size = sizeof(struct dcp_vblank),
	  .encode = enc_vblank, .decode = dec_vblank, .check = check_vblank },
	{ .opcode = DCP_EVENT_OUTPUT_CHANGED, .name = "OUTPUT_CHANGED", .serial_zero_ok = true,
	  .body_size = sizeof(struct dcp_output_changed),
	  .encode = enc_output_changed, .decode = dec_output_changed,
	  .check = check_output_changed },
};
/* clang-format on */
const size_t dcp_msgs_output_count = sizeof(dcp_msgs_output) / sizeof(dcp_msgs_output[0]);
