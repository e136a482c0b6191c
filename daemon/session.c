/*
 * The session and what a client learns about the links: HELLO/WELCOME,
 * GET_TOPOLOGY (one LINK_INFO per link the client may see, then
 * TOPOLOGY_DONE), HOTPLUG and OUTPUT_CHANGED events.
 *
 * Who sees what: a client without a lease sees every link with its lease
 * state (to choose what to lease), a lessee only the links it holds, an
 * admin everything. A monitor's serial number tells one person's device
 * from another: only an admin and the link's lessee get it; the others
 * see vendor, product, name and size, enough to choose (docs/protocol.md,
 * "Who sees what").
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "dc_edid.h"
#include "dc_modes.h"
#include <drm_fourcc.h>

#include "dbus.h"
#include "dcd.h"

#define SERVER_NAME "dcd " DCD_VERSION

#define CURSOR_FORMAT DRM_FORMAT_ARGB8888

int dcd_handle_hello(struct dcd_client *c, const struct dcp_request *req, struct dcp_error *err)
{
	struct dcd *dcd = c->dcd;
	struct dcp_welcome w = { 0 };
	int r;

	r = dcp_negotiate(&req->hello, &c->minor, err);
	if (r < 0)
		return r;
	c->hello_done = true;
	snprintf(c->name, sizeof(c->name), "%s", req->hello.name);
	snprintf(c->label, sizeof(c->label), "client %u (pid %d, uid %u, \"%s\")", c->id,
		 (int)c->cred.pid, (unsigned)c->cred.uid, c->name);
	w.major = DCP_VERSION_MAJOR;
	w.minor = DCP_VERSION_MINOR;
	w.capabilities = DCP_CAP_LEASES | DCP_CAP_FB_MEMFD | DCP_CAP_ASYNC_FLIP | DCP_CAP_CURSOR |
			 DCP_CAP_VBLANK;
	/* dma-bufs only where the engine imports them: dcd never maps one (fb.c) */
	if (dcd->engine->imports_dmabuf)
		w.capabilities |= DCP_CAP_FB_DMABUF;
	/* only to 1.3 clients: FB_ALLOCATED is not part of an older protocol */
	if (c->minor >= 3)
		w.capabilities |= DCP_CAP_FB_ALLOC;
	/* only to 1.2 clients, and only what this client could use */
	if (c->minor >= 2 && c->may_kms_lease && dcd_kms_leases_supported(dcd))
		w.capabilities |= DCP_CAP_KMS_LEASES;
	w.instance = dcd->instance;
	w.client_id = c->id;
	w.max_request_size = dcd->config.limits.max_message_size;
	w.max_fds = dcd->config.limits.max_fds;
	w.max_framebuffers = dcd->config.max_framebuffers;
	w.max_queued_bytes = dcd->config.limits.max_queued_bytes;
	snprintf(w.server_name, sizeof(w.server_name), "%s", SERVER_NAME);
	log_info("%s: hello, protocol %u.%u", c->label, req->hello.major, c->minor);
	r = dcd_client_send(c, DCP_REPLY_WELCOME, req->hdr.serial, &w);
	/* a KMS lease of the dcd before, held for this client (kms_lease_restart.c) */
	if (r == 0)
		dcd_kms_leases_reclaim(c);
	return r;
}

/* EDID text is code page 437 at best: keep printable ASCII for the wire's UTF-8. */
static void copy_text(char *dst, size_t size, const char *src)
{
	size_t i = 0;

	for (; src[i] && i + 1 < size; i++)
		dst[i] = (unsigned char)src[i] >= 0x20 && (unsigned char)src[i] < 0x7f ? src[i]
										       : '?';
	dst[i] = 0;
}

void dcd_sink_info(struct dcd *dcd, unsigned link, struct dcp_sink_info *out)
{
	struct dcd_engine_sink sink_buf;
	const struct dcd_engine_sink *sink = dcd_link_sink(dcd, link, &sink_buf);
	const struct dc_edid *edid = sink ? sink->edid_info : NULL;

	memset(out, 0, sizeof(*out));
	if (!edid)
		return;
	copy_text(out->vendor, sizeof(out->vendor), edid->base.manufacturer);
	out->product = edid->base.product_code;
	out->serial = edid->base.serial;
	if (edid->base.has_name)
		copy_text(out->name, sizeof(out->name), edid->base.name);
	out->width_mm = (uint16_t)(edid->base.width_cm * 10);
	out->height_mm = (uint16_t)(edid->base.height_cm * 10);
	if (edid->base.bpc >= 6 && edid->base.bpc <= 16 && !(edid->base.bpc & 1))
		out->max_bpc = edid->base.bpc;
	out->encodings = 1u << DCP_ENCODING_RGB;
	if (edid->caps.ycbcr444)
		out->encodings |= 1u << DCP_ENCODING_YCBCR444;
	if (edid->caps.ycbcr422)
		out->encodings |= 1u << DCP_ENCODING_YCBCR422;
	if (edid->caps.ycbcr420)
		out->encodings |= 1u << DCP_ENCODING_YCBCR420;
}

static bool sees_serial(const struct dcd_client *c, unsigned link)
{
	return !c || c->admin || dcd_client_lease_of(c, link);
}

static void lease_state(const struct dcd *dcd, const struct dcd_client *c, unsigned link,
			uint8_t *state, uint32_t *lease_id)
{
	const struct dcd_output *o = dcd_output(dcd, link);
	const struct dcd_lease *l = o->lease;

	*lease_id = 0;
	if (!l) {
		/* held for its lessee before a restart: free only to that client */
		*state = o->reserved.active && (!c || dcd_grace_blocks(c, link))
				 ? DCP_LEASE_RESERVED
				 : DCP_LEASE_FREE;
	} else if (c && l->client == c) {
		*state = DCP_LEASE_OURS;
		*lease_id = l->id;
	} else {
		*state = DCP_LEASE_OTHER;
	}
}

/* Only bits the protocol carries: DRM's type bits other than these are refused. */
static void wire_mode(struct drm_mode_modeinfo *dst, const struct drm_mode_modeinfo *src)
{
	*dst = *src;
	dst->type &= DRM_MODE_TYPE_PREFERRED | DRM_MODE_TYPE_USERDEF | DRM_MODE_TYPE_DRIVER;
	memset(dst->name, 0, sizeof(dst->name));
}

static void plane_infos(struct dcd *dcd, struct dcp_link_info *out)
{
	const struct dc_plane_caps *caps = &dcd->plane_caps;
	struct dcp_plane_info *p = &out->planes[0];

	*p = (struct dcp_plane_info){ .type = DCP_PLANE_PRIMARY };
	p->max_width =
		(uint16_t)(caps->max_width > DCP_MAX_FB_DIM ? DCP_MAX_FB_DIM : caps->max_width);
	p->max_height =
		(uint16_t)(caps->max_height > DCP_MAX_FB_DIM ? DCP_MAX_FB_DIM : caps->max_height);
	for (unsigned i = 0; i < caps->format_count && p->format_count < DCP_MAX_FORMATS; i++) {
		if (dcp_format_info(caps->formats[i]))
			p->formats[p->format_count++] = caps->formats[i];
	}
	p->modifiers[p->modifier_count++] = DRM_FORMAT_MOD_LINEAR;

	p = &out->planes[1];
	*p = (struct dcp_plane_info){ .type = DCP_PLANE_CURSOR };
	p->max_width = p->max_height =
		caps->cursor_sizes[1] ? caps->cursor_sizes[1] : caps->cursor_sizes[0];
	p->formats[p->format_count++] = CURSOR_FORMAT;
	p->modifiers[p->modifier_count++] = DRM_FORMAT_MOD_LINEAR;
	out->plane_count = 2;
}

void dcd_link_info(struct dcd *dcd, const struct dcd_client *c, unsigned link,
		   struct dcp_link_info *out)
{
	const struct dcd_output *o = dcd_output(dcd, link);
	const struct dc_stream *s = dcd_current_stream(dcd, link);
	struct dcd_engine_sink sink_buf;
	const struct dcd_engine_sink *sink = dcd_link_sink(dcd, link, &sink_buf);

	memset(out, 0, offsetof(struct dcp_link_info, modes));
	out->link = link;
	out->type = (uint8_t)dcd_link_type(dcd, link);
	out->connection = o->connection;
	lease_state(dcd, c, link, &out->lease_state, &out->lease_id);
	snprintf(out->name, sizeof(out->name), "%s", dcd_link_name(dcd, link));
	dcd_sink_info(dcd, link, &out->sink);
	if (!sees_serial(c, link))
		out->sink.serial = 0;
	if (s) {
		out->active = true;
		out->encoding = (uint8_t)s->encoding;
		out->bpc = s->bpc;
		wire_mode(&out->mode, &s->mode);
	}
	if (sink && o->connection == DCP_CONNECTED) {
		size_t count;
		const struct dc_mode *modes = dcd_link_modes(dcd, link, &count);

		if (count > DCP_MAX_MODES) {
			count = DCP_MAX_MODES;
			out->flags |= DCP_LINK_MODES_TRUNCATED;
		}
		for (size_t i = 0; i < count; i++) {
			wire_mode(&out->modes[i].info, &modes[i].info);
			out->modes[i].refresh_mhz = modes[i].refresh_mhz;
		}
		out->mode_count = (uint16_t)count;
	}
	plane_infos(dcd, out);
}

void dcd_link_caps(struct dcd *dcd, unsigned link, struct dcp_link_caps *out)
{
	struct dc_link_status st;

	*out = (struct dcp_link_caps){ .link = link };
	if (dcd_output(dcd, link)->connection != DCP_CONNECTED || dcd_link_status(dcd, link, &st))
		return;
	if (dcd_output_non_desktop(dcd, link))
		out->flags |= DCP_LINK_CAPS_NON_DESKTOP;
	out->vrr_min_hz = st.vrr_min_hz;
	out->vrr_max_hz = st.vrr_max_hz;
}

/* LINK_CAPS to a 1.1 client, after the LINK_INFO or HOTPLUG it belongs to. */
static int send_link_caps(struct dcd_client *c, unsigned link, uint32_t serial)
{
	struct dcp_link_caps caps;

	if (c->minor < 1)
		return 0;
	dcd_link_caps(c->dcd, link, &caps);
	return dcd_client_send(c, DCP_REPLY_LINK_CAPS, serial, &caps);
}

int dcd_handle_topology(struct dcd_client *c, const struct dcp_request *req, struct dcp_error *err)
{
	struct dcd *dcd = c->dcd;
	struct dcp_topology_done done = { .generation = dcd->generation };

	for (unsigned i = 0; i < dcd->link_count && !c->dead; i++) {
		if (!dcd_client_sees(c, i))
			continue;
		dcd_link_info(dcd, c, i, dcd->link_info);
		if (dcd_client_send(c, DCP_REPLY_LINK_INFO, req->hdr.serial, dcd->link_info) < 0 ||
		    send_link_caps(c, i, req->hdr.serial) < 0)
			return 0;
		done.link_count++;
	}
	dcd_client_send(c, DCP_REPLY_TOPOLOGY_DONE, req->hdr.serial, &done);
	return 0;
}

void dcd_notify_output(struct dcd *dcd, unsigned link, uint32_t changes,
		       const struct dcd_client *skip)
{
	const struct dc_stream *s = dcd_current_stream(dcd, link);
	struct dcp_output_changed ev = { .link = link, .changes = changes };

	if (s) {
		ev.active = true;
		ev.encoding = (uint8_t)s->encoding;
		ev.bpc = s->bpc;
		wire_mode(&ev.mode, &s->mode);
	}
	if (changes & DCP_CHANGE_LEASE)
		dcd->generation++;
	for (struct dcd_client *c = dcd->clients; c; c = c->next) {
		if (c == skip || c->dead || !c->hello_done || !dcd_client_sees(c, link))
			continue;
		lease_state(dcd, c, link, &ev.lease_state, &ev.lease_id);
		dcd_client_send(c, DCP_EVENT_OUTPUT_CHANGED, 0, &ev);
	}
	dcd_dbus_output_changed(dcd, link, changes);
}

void dcd_notify_hotplug(struct dcd *dcd, unsigned link)
{
	struct dcp_hotplug ev = { .link = link, .connection = dcd_output(dcd, link)->connection };

	dcd_sink_info(dcd, link, &ev.sink);
	dcd->generation++;
	for (struct dcd_client *c = dcd->clients; c; c = c->next) {
		struct dcp_hotplug mine = ev;

		if (c->dead || !c->hello_done || !dcd_client_sees(c, link))
			continue;
		if (!sees_serial(c, link))
			mine.sink.serial = 0;
		if (dcd_client_send(c, DCP_EVENT_HOTPLUG, 0, &mine) >= 0)
			send_link_caps(c, link, 0);
	}
	dcd_dbus_hotplug(dcd, link);
}
