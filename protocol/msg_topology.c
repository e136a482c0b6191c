/*
 * Topology messages: LINK_INFO (one link: connector, sink, what it shows,
 * its modes and planes), LINK_CAPS (1.1: head-mounted, variable refresh
 * range) and HOTPLUG (a link's connection and sink summary).
 */
#include <errno.h>
#include <string.h>

#include <drm_fourcc.h>

#include "wire.h"

#define MODE_ENTRY_WIRE_SIZE (DCP_WIRE_MODE_SIZE + 4)
#define PLANE_HEAD_WIRE_SIZE 12
#define LINK_FLAGS_KNOWN     DCP_LINK_MODES_TRUNCATED
#define SINK_ENCODINGS_KNOWN ((1u << DCP_ENCODING_COUNT) - 1)

/* ---- sink summary --------------------------------------------------------------- */

static void enc_sink(struct dcp_writer *w, const struct dcp_sink_info *s)
{
	wr_u32(w, s->serial);
	wr_u16(w, s->product);
	wr_u16(w, s->width_mm);
	wr_u16(w, s->height_mm);
	wr_u8(w, s->max_bpc);
	wr_u8(w, s->encodings);
	wr_str(w, s->vendor);
	wr_str(w, s->name);
}

static void dec_sink(struct dcp_reader *r, struct dcp_sink_info *s)
{
	s->serial = rd_u32(r);
	s->product = rd_u16(r);
	s->width_mm = rd_u16(r);
	s->height_mm = rd_u16(r);
	s->max_bpc = rd_u8(r);
	s->encodings = rd_u8(r);
	rd_str(r, s->vendor, DCP_MAX_VENDOR, "sink vendor");
	rd_str(r, s->name, DCP_MAX_MONITOR_NAME, "sink name");
}

static bool sink_is_zero(const struct dcp_sink_info *s)
{
	return !s->vendor[0] && !s->name[0] && !s->product && !s->serial && !s->width_mm &&
	       !s->height_mm && !s->max_bpc && !s->encodings;
}

static int check_sink(const struct dcp_sink_info *s, uint8_t connection, const char *msg,
		      struct dcp_error *err)
{
	int ret;

	if (connection >= DCP_CONNECTION_COUNT)
		return dcp_invalid(err, "%s: connection %u outside 0..%u", msg, connection,
				   DCP_CONNECTION_COUNT - 1);
	if (connection != DCP_CONNECTED && !sink_is_zero(s))
		return dcp_invalid(err, "%s: a sink described on a link that is %s", msg,
				   dcp_connection_name(connection));
	if (s->encodings & ~SINK_ENCODINGS_KNOWN)
		return dcp_invalid(err, "%s: sink encodings 0x%x have unknown bits", msg,
				   s->encodings);
	if (s->max_bpc && (s->max_bpc < 6 || s->max_bpc > 16 || s->max_bpc % 2))
		return dcp_invalid(err, "%s: sink max bpc %u, must be 0 or 6..16 even", msg,
				   s->max_bpc);
	ret = dcp_check_str(msg, "sink vendor", s->vendor, sizeof(s->vendor), err);
	return ret ? ret : dcp_check_str(msg, "sink name", s->name, sizeof(s->name), err);
}

/* ---- LINK_INFO -------------------------------------------------------------------- */

static void enc_plane(struct dcp_writer *w, const struct dcp_plane_info *p)
{
	wr_u8(w, p->type);
	wr_zero(w, 1);
	wr_u16(w, p->max_width);
	wr_u16(w, p->max_height);
	wr_u16(w, p->format_count);
	wr_u16(w, p->modifier_count);
	wr_zero(w, 2);
	for (unsigned i = 0; i < p->format_count; i++)
		wr_u32(w, p->formats[i]);
	for (unsigned i = 0; i < p->modifier_count; i++)
		wr_u64(w, p->modifiers[i]);
}

static void dec_plane(struct dcp_reader *r, struct dcp_plane_info *p)
{
	p->type = rd_u8(r);
	rd_reserved(r, 1);
	p->max_width = rd_u16(r);
	p->max_height = rd_u16(r);
	p->format_count = rd_u16(r);
	p->modifier_count = rd_u16(r);
	rd_reserved(r, 2);
	if (!rd_count_ok(r, p->format_count, DCP_MAX_FORMATS, 4, "plane format count"))
		return;
	for (unsigned i = 0; i < p->format_count; i++)
		p->formats[i] = rd_u32(r);
	if (!rd_count_ok(r, p->modifier_count, DCP_MAX_MODIFIERS, 8, "plane modifier count"))
		return;
	for (unsigned i = 0; i < p->modifier_count; i++)
		p->modifiers[i] = rd_u64(r);
}

static void enc_link_info(struct dcp_writer *w, const void *body)
{
	const struct dcp_link_info *m = body;

	wr_u32(w, m->link);
	wr_u8(w, m->type);
	wr_u8(w, m->connection);
	wr_u8(w, m->lease_state);
	wr_u8(w, m->flags);
	wr_u32(w, m->lease_id);
	wr_u8(w, m->active);
	wr_u8(w, m->encoding);
	wr_u8(w, m->bpc);
	wr_zero(w, 1);
	wr_mode(w, &m->mode);
	wr_u16(w, m->mode_count);
	wr_u8(w, m->plane_count);
	wr_zero(w, 1);
	wr_str(w, m->name);
	enc_sink(w, &m->sink);
	for (unsigned i = 0; i < m->mode_count; i++) {
		wr_mode(w, &m->modes[i].info);
		wr_u32(w, m->modes[i].refresh_mhz);
	}
	for (unsigned i = 0; i < m->plane_count; i++)
		enc_plane(w, &m->planes[i]);
}

static void dec_link_info(struct dcp_reader *r, void *body)
{
	struct dcp_link_info *m = body;

	m->link = rd_u32(r);
	m->type = rd_u8(r);
	m->connection = rd_u8(r);
	m->lease_state = rd_u8(r);
	m->flags = rd_u8(r);
	m->lease_id = rd_u32(r);
	m->active = rd_bool(r, "active");
	m->encoding = rd_u8(r);
	m->bpc = rd_u8(r);
	rd_reserved(r, 1);
	rd_mode(r, &m->mode);
	m->mode_count = rd_u16(r);
	m->plane_count = rd_u8(r);
	rd_reserved(r, 1);
	rd_str(r, m->name, DCP_MAX_LINK_NAME, "link name");
	dec_sink(r, &m->sink);
	if (!rd_count_ok(r, m->mode_count, DCP_MAX_MODES, MODE_ENTRY_WIRE_SIZE, "mode count"))
		return;
	for (unsigned i = 0; i < m->mode_count; i++) {
		rd_mode(r, &m->modes[i].info);
		m->modes[i].refresh_mhz = rd_u32(r);
	}
	if (!rd_count_ok(r, m->plane_count, DCP_MAX_PLANES, PLANE_HEAD_WIRE_SIZE, "plane count"))
		return;
	for (unsigned i = 0; i < m->plane_count; i++)
		dec_plane(r, &m->planes[i]);
}

static int check_plane_info(const struct dcp_plane_info *p, const char *msg, struct dcp_error *err)
{
	if (p->type >= DCP_PLANE_TYPE_COUNT)
		return dcp_invalid(err, "%s: plane type %u outside 0..%u", msg, p->type,
				   DCP_PLANE_TYPE_COUNT - 1);
	if (p->format_count > DCP_MAX_FORMATS || p->modifier_count > DCP_MAX_MODIFIERS)
		return dcp_invalid(err, "%s: %u formats / %u modifiers, at most %u / %u", msg,
				   p->format_count, p->modifier_count, DCP_MAX_FORMATS,
				   DCP_MAX_MODIFIERS);
	for (unsigned i = 0; i < p->format_count; i++) {
		if (!dcp_format_info(p->formats[i]))
			return dcp_invalid(err,
					   "%s: plane format 0x%08x is not a format the "
					   "protocol knows",
					   msg, p->formats[i]);
	}
	for (unsigned i = 0; i < p->modifier_count; i++) {
		if (p->modifiers[i] != DRM_FORMAT_MOD_LINEAR)
			return dcp_invalid(err, "%s: plane modifier 0x%016llx is not linear", msg,
					   (unsigned long long)p->modifiers[i]);
	}
	return 0;
}

static int check_link_info(const void *body, const char *msg, struct dcp_error *err)
{
	const struct dcp_link_info *m = body;
	int ret = dcp_check_link(msg, m->link, err);

	if (ret)
		return ret;
	if (m->type >= DCP_LINK_TYPE_COUNT)
		return dcp_invalid(err, "%s: link type %u outside 0..%u", msg, m->type,
				   DCP_LINK_TYPE_COUNT - 1);
	if (m->flags & ~LINK_FLAGS_KNOWN)
		return dcp_invalid(err, "%s: flags 0x%x have unknown bits", msg, m->flags);
	ret = check_sink(&m->sink, m->connection, msg, err);
	if (ret)
		return ret;
	if (m->mode_count > DCP_MAX_MODES || m->plane_count > DCP_MAX_PLANES)
		return dcp_invalid(err, "%s: %u modes / %u planes, at most %u / %u", msg,
				   m->mode_count, m->plane_count, DCP_MAX_MODES, DCP_MAX_PLANES);
	if ((m->flags & DCP_LINK_MODES_TRUNCATED) && m->mode_count != DCP_MAX_MODES)
		return dcp_invalid(err, "%s: modes marked truncated at %u, not at %u", msg,
				   m->mode_count, DCP_MAX_MODES);
	if (m->connection != DCP_CONNECTED && m->mode_count)
		return dcp_invalid(err, "%s: %u modes on a link that is not connected", msg,
				   m->mode_count);
	ret = dcp_check_str(msg, "link name", m->name, sizeof(m->name), err);
	if (!ret)
		ret = dcp_check_lease_state(msg, m->lease_state, m->lease_id, err);
	if (!ret)
		ret = dcp_check_output_state(msg, m->active, m->encoding, m->bpc, &m->mode, err);
	for (unsigned i = 0; !ret && i < m->mode_count; i++)
		ret = dcp_check_mode_bits(msg, "sink mode", &m->modes[i].info, err);
	for (unsigned i = 0; !ret && i < m->plane_count; i++)
		ret = check_plane_info(&m->planes[i], msg, err);
	return ret;
}

/* ---- HOTPLUG ----------------------------------------------------------------------- */

static void enc_hotplug(struct dcp_writer *w, const void *body)
{
	const struct dcp_hotplug *m = body;

	wr_u32(w, m->link);
	wr_u8(w, m->connection);
	wr_zero(w, 3);
	enc_sink(w, &m->sink);
}

static void dec_hotplug(struct dcp_reader *r, void *body)
{
	struct dcp_hotplug *m = body;

	m->link = rd_u32(r);
	m->connection = rd_u8(r);
	rd_reserved(r, 3);
	dec_sink(r, &m->sink);
}

static int check_hotplug(const void *body, const char *msg, struct dcp_error *err)
{
	const struct dcp_hotplug *m = body;
	int ret = dcp_check_link(msg, m->link, err);

	return ret ? ret : check_sink(&m->sink, m->connection, msg, err);
}

/* ---- LINK_CAPS (1.1) -------------------------------------------------------------- */

static void enc_link_caps(struct dcp_writer *w, const void *body)
{
	const struct dcp_link_caps *m = body;

	wr_u32(w, m->link);
	wr_u8(w, m->flags);
	wr_zero(w, 1);
	wr_u16(w, m->vrr_min_hz);
	wr_u16(w, m->vrr_max_hz);
	wr_zero(w, 2);
}

static void dec_link_caps(struct dcp_reader *r, void *body)
{
	struct dcp_link_caps *m = body;

	m->link = rd_u32(r);
	m->flags = rd_u8(r);
	rd_reserved(r, 1);
	m->vrr_min_hz = rd_u16(r);
	m->vrr_max_hz = rd_u16(r);
	rd_reserved(r, 2);
}

static int check_link_caps(const void *body, const char *msg, struct dcp_error *err)
{
	const struct dcp_link_caps *m = body;
	int ret = dcp_check_link(msg, m->link, err);

	if (ret)
		return ret;
	if (m->flags & ~DCP_LINK_CAPS_NON_DESKTOP)
		return dcp_invalid(err, "%s: flags 0x%x have unknown bits", msg, m->flags);
	if ((m->vrr_min_hz || m->vrr_max_hz) && (!m->vrr_min_hz || m->vrr_min_hz >= m->vrr_max_hz))
		return dcp_invalid(err,
				   "%s: variable refresh range %u-%u Hz, need 0-0 or min < max",
				   msg, m->vrr_min_hz, m->vrr_max_hz);
	return 0;
}

/* clang-format off */
const struct dcp_msg_desc dcp_msgs_topology[] = {
	{ .opcode = DCP_REPLY_LINK_INFO, .name = "LINK_INFO", .serial_nonzero_ok = true,
	  .body_size = sizeof(struct dcp_link_info),
	  .encode = enc_link_info, .decode = dec_link_info, .check = check_link_info },
	{ .opcode = DCP_REPLY_LINK_CAPS, .name = "LINK_CAPS", .serial_zero_ok = true,
	  .serial_nonzero_ok = true, .body_size = sizeof(struct dcp_link_caps),
	  .encode = enc_link_caps, .decode = dec_link_caps, .check = check_link_caps },
	{ .opcode = DCP_EVENT_HOTPLUG, .name = "HOTPLUG", .serial_zero_ok = true,
	  .body_size = sizeof(struct dcp_hotplug),
	  .encode = enc_hotplug, .decode = dec_hotplug, .check = check_hotplug },
};
/* clang-format on */
const size_t dcp_msgs_topology_count = sizeof(dcp_msgs_topology) / sizeof(dcp_msgs_topology[0]);
