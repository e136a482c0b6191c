/*
 * Valid sample messages; see protocol_samples.h.
 */
#include <assert.h>
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include <drm_fourcc.h>

#include "protocol_samples.h"

void sample_mode_1080p(struct drm_mode_modeinfo *m)
{
	memset(m, 0, sizeof(*m));
	m->clock = 148500;
	m->hdisplay = 1920;
	m->hsync_start = 2008;
	m->hsync_end = 2052;
	m->htotal = 2200;
	m->vdisplay = 1080;
	m->vsync_start = 1084;
	m->vsync_end = 1089;
	m->vtotal = 1125;
	m->vrefresh = 60;
	m->flags = DRM_MODE_FLAG_PHSYNC | DRM_MODE_FLAG_PVSYNC | DRM_MODE_FLAG_PIC_AR_16_9;
	m->type = DRM_MODE_TYPE_DRIVER | DRM_MODE_TYPE_PREFERRED;
}

void sample_config(struct dcp_config *c, uint32_t outputs)
{
	memset(c, 0, sizeof(*c));
	c->flags = DCP_COMMIT_ALLOW_MODESET;
	c->output_count = outputs;
	for (uint32_t i = 0; i < outputs; i++) {
		struct dcp_output_config *o = &c->outputs[i];

		o->link = i;
		o->flags = DCP_OUTPUT_ENABLED | DCP_OUTPUT_PRIMARY | DCP_OUTPUT_CURSOR;
		o->encoding = DCP_ENCODING_RGB;
		o->bpc = 8;
		o->blank_color = 0x00203040;
		sample_mode_1080p(&o->mode);
		o->primary = (struct dcp_plane_config){
			.fb_id = 1 + i,
			.src_w = 1920u << 16,
			.src_h = 1080u << 16,
			.dst_w = 1920,
			.dst_h = 1080,
		};
		o->cursor = (struct dcp_cursor_config){
			.fb_id = 100 + i, .x = 640, .y = -3, .hot_x = 4, .hot_y = 5
		};
	}
	/* The last output is switched off: flags 0 and nothing else. */
	if (outputs > 1) {
		memset(&c->outputs[outputs - 1], 0, sizeof(c->outputs[0]));
		c->outputs[outputs - 1].link = outputs - 1;
	}
}

void sample_link_info(struct dcp_link_info *li, uint32_t link, unsigned modes)
{
	static const uint32_t primary_formats[] = {
		DRM_FORMAT_XRGB8888, DRM_FORMAT_ARGB8888,    DRM_FORMAT_XBGR8888,
		DRM_FORMAT_RGB565,   DRM_FORMAT_XRGB2101010, DRM_FORMAT_NV12,
	};

	memset(li, 0, sizeof(*li));
	li->link = link;
	li->type = DCP_LINK_DP;
	li->connection = DCP_CONNECTED;
	li->lease_state = DCP_LEASE_OURS;
	li->lease_id = 7;
	snprintf(li->name, sizeof(li->name), "DP-%u", link + 1);
	snprintf(li->sink.vendor, sizeof(li->sink.vendor), "DEL");
	snprintf(li->sink.name, sizeof(li->sink.name), "DELL U2720Q \xc3\xa9");
	li->sink.product = 0xa0f2;
	li->sink.serial = 0x31304c4c;
	li->sink.width_mm = 597;
	li->sink.height_mm = 336;
	li->sink.max_bpc = 10;
	li->sink.encodings = 1u << DCP_ENCODING_RGB | 1u << DCP_ENCODING_YCBCR444;
	li->active = true;
	li->encoding = DCP_ENCODING_RGB;
	li->bpc = 8;
	sample_mode_1080p(&li->mode);
	li->mode_count = (uint16_t)modes;
	for (unsigned i = 0; i < modes; i++) {
		struct dcp_mode *m = &li->modes[i];

		sample_mode_1080p(&m->info);
		/* distinct timings so a swapped pair would be noticed */
		m->info.hdisplay = (uint16_t)(640 + 8 * i);
		m->info.clock = 25000 + 250 * i;
		if (i)
			m->info.type = DRM_MODE_TYPE_DRIVER;
		m->refresh_mhz = 59940 + i;
	}
	if (modes == DCP_MAX_MODES)
		li->flags = DCP_LINK_MODES_TRUNCATED;
	li->plane_count = 2;
	li->planes[0].type = DCP_PLANE_PRIMARY;
	li->planes[0].max_width = 16384;
	li->planes[0].max_height = 16384;
	li->planes[0].format_count = sizeof(primary_formats) / sizeof(primary_formats[0]);
	memcpy(li->planes[0].formats, primary_formats, sizeof(primary_formats));
	li->planes[0].modifier_count = 1;
	li->planes[0].modifiers[0] = DRM_FORMAT_MOD_LINEAR;
	li->planes[1].type = DCP_PLANE_CURSOR;
	li->planes[1].max_width = 128;
	li->planes[1].max_height = 128;
	li->planes[1].format_count = 1;
	li->planes[1].formats[0] = DRM_FORMAT_ARGB8888;
	li->planes[1].modifier_count = 1;
	li->planes[1].modifiers[0] = DRM_FORMAT_MOD_LINEAR;
}

void sample_fb_xrgb(struct dcp_fb_create *fb, uint32_t width, uint32_t height)
{
	memset(fb, 0, sizeof(*fb));
	fb->format = DRM_FORMAT_XRGB8888;
	fb->modifier = DRM_FORMAT_MOD_LINEAR;
	fb->width = width;
	fb->height = height;
	fb->pitches[0] = width * 4;
}

static void fill(uint16_t opcode, union sample_body *b)
{
	switch (opcode) {
	case DCP_REQ_HELLO:
		b->req.hello = (struct dcp_hello){ DCP_VERSION_MAJOR, DCP_VERSION_MINOR, "" };
		snprintf(b->req.hello.name, sizeof(b->req.hello.name), "weston-dcd \xe2\x9c\x93");
		break;
	case DCP_REQ_LEASE_REQUEST:
		b->req.lease_request.link_count = 3;
		b->req.lease_request.links[0] = 0;
		b->req.lease_request.links[1] = 2;
		b->req.lease_request.links[2] = 8;
		break;
	case DCP_REQ_LEASE_RELEASE:
		b->req.lease_release.lease_id = 7;
		break;
	case DCP_REQ_FB_CREATE:
		/* NV12 with both planes in one fd: every pitch and offset used */
		b->req.fb_create = (struct dcp_fb_create){
			.format = DRM_FORMAT_NV12,
			.modifier = DRM_FORMAT_MOD_LINEAR,
			.width = 1920,
			.height = 1080,
			.pitches = { 2048, 2048 },
			.offsets = { 0, 2048 * 1088 },
		};
		break;
	case DCP_REQ_FB_DESTROY:
		b->req.fb_destroy.fb_id = 12;
		break;
	case DCP_REQ_VALIDATE:
	case DCP_REQ_COMMIT:
		sample_config(&b->req.config, 3);
		break;
	case DCP_REQ_FLIP:
		b->req.flip = (struct dcp_flip){ .link = 1,
						 .plane = DCP_PLANE_PRIMARY,
						 .fb_id = 3,
						 .flags = DCP_FLIP_VSYNC,
						 .user_data = 0x0123456789abcdefull };
		break;
	case DCP_REQ_CURSOR_SET:
		b->req.cursor_set = (struct dcp_cursor_set){ 2, 40, 7, 9 };
		break;
	case DCP_REQ_CURSOR_MOVE:
		b->req.cursor_move = (struct dcp_cursor_move){ 2, -12, 2000 };
		break;
	case DCP_REQ_VBLANK_SUBSCRIBE:
		b->req.vblank_subscribe = (struct dcp_vblank_subscribe){ 1, true };
		break;
	case DCP_REQ_KMS_LEASE_REQUEST:
		b->req.kms_lease_request.name_count = 2;
		snprintf(b->req.kms_lease_request.names[0], DCP_MAX_LINK_NAME + 1, "Virtual-1");
		snprintf(b->req.kms_lease_request.names[1], DCP_MAX_LINK_NAME + 1, "HDMI-A-2");
		break;
	case DCP_REQ_FB_ALLOC:
		b->req.fb_alloc = (struct dcp_fb_alloc){ DRM_FORMAT_XRGB8888, 1920, 1080 };
		break;
	case DCP_REPLY_ERROR:
		dcp_error_set(&b->srv.error, -ENOSPC, DCP_REASON_LINK_BANDWIDTH, DCP_ERROR_SHARED,
			      "DP-1: 2 lanes x HBR = 8.64 Gbit/s < 12.54 Gbit/s needed");
		b->srv.error.link = 0;
		b->srv.error.plane = DCP_PLANE_PRIMARY;
		break;
	case DCP_REPLY_WELCOME:
		b->srv.welcome = (struct dcp_welcome){
			.major = DCP_VERSION_MAJOR,
			.minor = DCP_VERSION_MINOR,
			.capabilities = DCP_CAP_LEASES | DCP_CAP_FB_MEMFD | DCP_CAP_CURSOR,
			.instance = 0xfedcba9876543210ull,
			.client_id = 5,
			.max_request_size = DCP_DEFAULT_MAX_REQUEST_SIZE,
			.max_fds = DCP_DEFAULT_MAX_FDS,
			.max_framebuffers = DCP_DEFAULT_MAX_FRAMEBUFFERS,
			.max_queued_bytes = DCP_DEFAULT_MAX_QUEUED_BYTES,
		};
		snprintf(b->srv.welcome.server_name, sizeof(b->srv.welcome.server_name),
			 "dcd 0.1.0");
		break;
	case DCP_REPLY_LINK_INFO:
		sample_link_info(&b->srv.link_info, 1, 5);
		break;
	case DCP_REPLY_LINK_CAPS:
		b->srv.link_caps = (struct dcp_link_caps){ 1, DCP_LINK_CAPS_NON_DESKTOP, 48, 144 };
		break;
	case DCP_REPLY_TOPOLOGY_DONE:
		b->srv.topology_done = (struct dcp_topology_done){ 3, 42 };
		break;
	case DCP_REPLY_LEASE_GRANTED:
		b->srv.lease_granted.lease_id = 7;
		break;
	case DCP_REPLY_FB_CREATED:
		b->srv.fb_created.fb_id = 12;
		break;
	case DCP_REPLY_KMS_LEASE_GRANTED:
		b->srv.kms_lease_granted.lease_id = 8;
		b->srv.kms_lease_granted.lessee_id = 3;
		snprintf(b->srv.kms_lease_granted.name, sizeof(b->srv.kms_lease_granted.name),
			 "card0-Virtual-1+HDMI-A-2");
		break;
	case DCP_REPLY_FB_ALLOCATED:
		b->srv.fb_allocated = (struct dcp_fb_allocated){ 13, 7680, 0, 7680ull * 1080 };
		break;
	case DCP_EVENT_HOTPLUG: {
		struct dcp_link_info li;

		sample_link_info(&li, 4, 0);
		b->srv.hotplug.link = 4;
		b->srv.hotplug.connection = DCP_CONNECTED;
		b->srv.hotplug.sink = li.sink;
		break;
	}
	case DCP_EVENT_FLIP_DONE:
		b->srv.flip_done =
			(struct dcp_flip_done){ 1, DCP_PLANE_PRIMARY, 0x0123456789abcdefull,
						1ull << 40, 123456789012345ull };
		break;
	case DCP_EVENT_VBLANK:
		b->srv.vblank = (struct dcp_vblank){ 1, 2, 99999, 5000000000ull };
		break;
	case DCP_EVENT_LEASE_REVOKED:
		b->srv.lease_revoked.lease_id = 7;
		b->srv.lease_revoked.reason = DCP_REVOKE_ADMIN;
		snprintf(b->srv.lease_revoked.text, sizeof(b->srv.lease_revoked.text),
			 "revoked by uid 0 through D-Bus");
		break;
	case DCP_EVENT_OUTPUT_CHANGED:
		b->srv.output_changed.link = 3;
		b->srv.output_changed.changes = DCP_CHANGE_MODE | DCP_CHANGE_LEASE;
		b->srv.output_changed.lease_state = DCP_LEASE_OTHER;
		b->srv.output_changed.active = true;
		b->srv.output_changed.encoding = DCP_ENCODING_YCBCR422;
		b->srv.output_changed.bpc = 10;
		sample_mode_1080p(&b->srv.output_changed.mode);
		break;
	default:
		break;
	}
}

/* clang-format off */
static const struct {
	uint16_t opcode;
	uint16_t flags;
	uint32_t serial;
	bool has_body;
} samples[] = {
	{ DCP_REQ_HELLO, 0, 1, true },
	{ DCP_REQ_SYNC, 0, 2, false },
	{ DCP_REQ_GET_TOPOLOGY, 0, 3, false },
	{ DCP_REQ_LEASE_REQUEST, 0, 4, true },
	{ DCP_REQ_LEASE_RELEASE, DCP_HEADER_NO_REPLY, 5, true },
	{ DCP_REQ_FB_CREATE, 0, 6, true },
	{ DCP_REQ_FB_DESTROY, 0, 7, true },
	{ DCP_REQ_VALIDATE, 0, 8, true },
	{ DCP_REQ_COMMIT, 0, 9, true },
	{ DCP_REQ_FLIP, 0, 10, true },
	{ DCP_REQ_CURSOR_SET, 0, 11, true },
	{ DCP_REQ_CURSOR_MOVE, DCP_HEADER_NO_REPLY, 12, true },
	{ DCP_REQ_VBLANK_SUBSCRIBE, 0, 13, true },
	{ DCP_REQ_KMS_LEASE_REQUEST, 0, 14, true },
	{ DCP_REQ_FB_ALLOC, 0, 15, true },
	{ DCP_REPLY_ERROR, 0, 9, true },
	{ DCP_REPLY_WELCOME, 0, 1, true },
	{ DCP_REPLY_OK, 0, 2, false },
	{ DCP_REPLY_LINK_INFO, 0, 3, true },
	{ DCP_REPLY_LINK_CAPS, 0, 3, true },
	{ DCP_REPLY_TOPOLOGY_DONE, 0, 3, true },
	{ DCP_REPLY_LEASE_GRANTED, 0, 4, true },
	{ DCP_REPLY_FB_CREATED, 0, 6, true },
	{ DCP_REPLY_KMS_LEASE_GRANTED, 0, 14, true },
	{ DCP_REPLY_FB_ALLOCATED, 0, 15, true },
	{ DCP_EVENT_HOTPLUG, 0, 0, true },
	{ DCP_EVENT_FLIP_DONE, 0, 10, true },
	{ DCP_EVENT_VBLANK, 0, 0, true },
	{ DCP_EVENT_LEASE_REVOKED, 0, 0, true },
	{ DCP_EVENT_OUTPUT_CHANGED, 0, 0, true },
};
/* clang-format on */

size_t sample_count(void)
{
	return sizeof(samples) / sizeof(samples[0]);
}

void sample_get(size_t i, union sample_body *storage, struct sample *out)
{
	assert(i < sample_count());
	memset(storage, 0, sizeof(*storage));
	out->hdr = (struct dcp_header){ .opcode = samples[i].opcode,
					.flags = samples[i].flags,
					.serial = samples[i].serial };
	out->nfds = (unsigned)dcp_opcode_nfds(samples[i].opcode);
	if (!samples[i].has_body)
		out->body = NULL;
	else if (DCP_OPCODE_REQUEST(samples[i].opcode))
		out->body = &storage->req.hello;
	else
		out->body = &storage->srv.error;
	fill(samples[i].opcode, storage);
}

size_t sample_encode(size_t i, uint8_t *buf, size_t size, unsigned *nfds)
{
	static union sample_body storage;
	struct dcp_error err;
	struct sample s;
	size_t len;
	int ret;

	sample_get(i, &storage, &s);
	ret = dcp_encode(buf, size, &s.hdr, s.body, &len, &err);
	if (ret)
		fprintf(stderr, "sample %zu (0x%04x): %s\n", i, s.hdr.opcode, err.text);
	assert(ret == 0);
	if (nfds)
		*nfds = s.nfds;
	return len;
}

size_t sample_find(uint16_t opcode)
{
	for (size_t i = 0; i < sample_count(); i++) {
		if (samples[i].opcode == opcode)
			return i;
	}
	return (size_t)-1;
}

size_t sample_encode_op(uint16_t opcode, uint8_t *buf, size_t size)
{
	size_t i = sample_find(opcode);

	assert(i != (size_t)-1);
	return sample_encode(i, buf, size, NULL);
}

void patch_u8(uint8_t *msg, size_t off, uint8_t v)
{
	msg[DCP_HEADER_SIZE + off] = v;
}

void patch_u16(uint8_t *msg, size_t off, uint16_t v)
{
	msg[DCP_HEADER_SIZE + off] = (uint8_t)v;
	msg[DCP_HEADER_SIZE + off + 1] = (uint8_t)(v >> 8);
}

void patch_u32(uint8_t *msg, size_t off, uint32_t v)
{
	patch_u16(msg, off, (uint16_t)v);
	patch_u16(msg, off + 2, (uint16_t)(v >> 16));
}

void patch_length(uint8_t *msg, size_t len)
{
	msg[4] = (uint8_t)len;
	msg[5] = (uint8_t)(len >> 8);
	msg[6] = (uint8_t)(len >> 16);
	msg[7] = (uint8_t)(len >> 24);
}
