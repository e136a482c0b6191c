/*
 * The KMS engine (engine.h) on kms/: any GPU the kernel drives. Links are
 * the kernel's connectors under its names, modes and EDIDs are the
 * kernel's (decoded by dc/edid, turned into dc/modes' struct dc_mode),
 * validation is the kernel's atomic TEST_ONLY with kms/'s sentence, and
 * events come from the DRM fd (flip done, vblank) and from a udev monitor
 * (hotplug uevents: a re-probe of every connector).
 *
 * Framebuffers: a sealed memfd, which no KMS driver scans out, is copied:
 * each output has two dumb buffers of the plane's size; a flip or a
 * commit copies the client's pixels into the one not on screen and shows
 * that (one copy of the frame per flip, docs/kms.md). Buffers dcd
 * allocated (FB_ALLOC: dumb buffers exported as dma-buf) and clients'
 * dma-bufs (imported with PRIME) are kernel framebuffers of their own and
 * go on the plane as they are, without a copy. A plane "address" here is
 * a slot in the top bits and the offset in it in the low 28, as map,
 * fb_alloc or fb_import returned.
 * Planes off (the idle configuration) show a buffer filled with the
 * stream's blank colour, since some drivers insist on a primary plane.
 *
 * Restarts (docs/recovery.md): the DRM master file goes into systemd's fd
 * store ("drm"). A dcd started with it back is master at once, and the
 * framebuffers of the dcd before are still the file's: the one on each
 * screen is taken over as that output's front buffer (adopt), the others
 * are removed. The GEM handles of our dumb buffers are closed as soon as
 * the framebuffer and the mapping hold them, so a crash leaves nothing
 * in the file that GETRESOURCES (which lists the file's framebuffers)
 * cannot find. DRM leases, and those of the dcd before at a restart, are
 * engine_kms_lease.c's.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/timerfd.h>
#include <time.h>
#include <unistd.h>

#include <drm_fourcc.h>
#include <libudev.h>
#include <xf86drm.h>
#include <xf86drmMode.h>

#include "dc_modes.h"
#include "dcd.h"
#include "engine_kms.h"
#include "recovery.h"

/*
 * Handles stay below 2^40, the device-address range the state file checks
 * (for both engines): 4095 slots of up to 256 MiB (an 8192x8192 32-bit
 * frame, the largest plane_caps allows).
 */
#define SLOT_SHIFT  28
#define MAX_SLOTS   4095 /* framebuffers mapped at once */
#define CURSOR_SIZE 64

_Static_assert(sizeof(drmModeModeInfo) == sizeof(struct drm_mode_modeinfo),
	       "libdrm's mode is the kernel's");

/* ---- links ------------------------------------------------------------------------ */

static void rebuild_modes(struct kms_engine *ke, unsigned link)
{
	const struct kms_output *o = kms_output(ke->dev, link);
	struct kms_link *l = &ke->link[link];

	free(l->modes);
	l->modes = NULL;
	l->mode_count = 0;
	if (!o->num_modes || !(l->modes = calloc(o->num_modes, sizeof(*l->modes))))
		return;
	for (size_t i = 0; i < o->num_modes; i++) {
		struct drm_mode_modeinfo info;

		memcpy(&info, &o->modes[i], sizeof(info));
		if (dc_mode_from_timing(&l->modes[l->mode_count], &info, DC_MODE_SOURCE_NONE,
					info.type & DRM_MODE_TYPE_PREFERRED) == 0)
			l->mode_count++;
	}
}

static void ke_info(struct dcd_engine *e, struct dcd_engine_info *out)
{
	out->backend = "kms";
	out->model = kms_driver(to_kms(e)->dev);
	out->vbios_version = out->vbios_date = NULL;
	out->dispclk_khz = 0; /* the kernel's driver sets it and does not say */
}

static unsigned ke_link_count(struct dcd_engine *e)
{
	return to_kms(e)->links;
}

static const char *ke_link_name(struct dcd_engine *e, unsigned link)
{
	return link < to_kms(e)->links ? kms_output(to_kms(e)->dev, link)->name : "?";
}

static int ke_link_by_name(struct dcd_engine *e, const char *name)
{
	int r = kms_output_find(to_kms(e)->dev, name);

	return r >= 0 && (unsigned)r < to_kms(e)->links ? r : -ENOENT;
}

/*
 * The protocol knows four connector types; the kernel's others (Virtual,
 * VGA, LVDS, DSI, ...) are reported as DP until it gains more (the name
 * the kernel gave is in LINK_INFO all the same).
 */
static enum dc_link_type ke_link_type(struct dcd_engine *e, unsigned link)
{
	switch (kms_output(to_kms(e)->dev, link)->type) {
	case DRM_MODE_CONNECTOR_eDP:
		return DC_LINK_EDP;
	case DRM_MODE_CONNECTOR_HDMIA:
	case DRM_MODE_CONNECTOR_HDMIB:
		return DC_LINK_HDMI_A;
	case DRM_MODE_CONNECTOR_DVID:
	case DRM_MODE_CONNECTOR_DVII:
		return DC_LINK_DVI_D;
	default:
		return DC_LINK_DP;
	}
}

static enum dc_signal link_signal(struct dcd_engine *e, unsigned link)
{
	static const enum dc_signal signals[] = {
		[DC_LINK_DP] = DC_SIGNAL_DP,
		[DC_LINK_EDP] = DC_SIGNAL_EDP,
		[DC_LINK_HDMI_A] = DC_SIGNAL_HDMI,
		[DC_LINK_DVI_D] = DC_SIGNAL_DVI_SINGLE,
	};

	return signals[ke_link_type(e, link)];
}

static int ke_link_status(struct dcd_engine *e, unsigned link, struct dc_link_status *out)
{
	const struct kms_output *o;

	memset(out, 0, sizeof(*out));
	if (link >= to_kms(e)->links)
		return -ENOENT;
	o = kms_output(to_kms(e)->dev, link);
	out->connected = o->status == KMS_CONNECTED;
	out->signal = link_signal(e, link);
	out->active = o->active;
	if (o->active)
		out->pixel_clock_khz = o->mode.clock;
	return 0;
}

static int ke_link_sink(struct dcd_engine *e, unsigned link, struct dcd_engine_sink *out)
{
	struct kms_engine *ke = to_kms(e);
	const struct kms_output *o;

	memset(out, 0, sizeof(*out));
	if (link >= ke->links)
		return -ENOENT;
	o = kms_output(ke->dev, link);
	if (o->status != KMS_CONNECTED)
		return -ENOENT;
	out->edid = o->edid_raw;
	out->edid_size = o->edid_size;
	out->edid_info = o->edid;
	out->modes = ke->link[link].modes;
	out->mode_count = ke->link[link].mode_count;
	return 0;
}

/* The kernel lists only modes the connector can show. */
static const struct dc_mode *ke_link_modes(struct dcd_engine *e, unsigned link, size_t *count)
{
	struct kms_engine *ke = to_kms(e);

	*count = 0;
	if (link >= ke->links || kms_output(ke->dev, link)->status != KMS_CONNECTED)
		return NULL;
	*count = ke->link[link].mode_count;
	return ke->link[link].modes;
}

/* Re-reads every connector; hotplug events for the ones that changed (none at start-up). */
static int probe(struct kms_engine *ke, bool events)
{
	struct kms_error err = { "" };
	uint64_t changed = 0;
	int r = kms_probe(ke->dev, &changed, &err);

	if (r < 0) {
		log_warning("%s: %s", kms_path(ke->dev), err.message);
		return r;
	}
	for (unsigned i = 0; i < ke->links; i++) {
		if (!(changed & (1ull << i)))
			continue;
		rebuild_modes(ke, i);
		if (events)
			dcd_engine_events.hotplug(ke->dcd, i,
						  kms_output(ke->dev, i)->status == KMS_CONNECTED);
	}
	return 0;
}

static int ke_detect(struct dcd_engine *e, unsigned link)
{
	/* one probe reads every connector: do it for the first link only */
	return link == 0 ? probe(to_kms(e), false) : 0;
}

/* ---- configurations ------------------------------------------------------------- */

static void ke_plane_caps(struct dcd_engine *e, struct dc_plane_caps *out)
{
	memset(out, 0, sizeof(*out));
	/* dumb buffers: the two formats every driver scans out */
	out->max_width = out->max_height = 8192;
	out->format_count = 2;
	out->formats[0] = DRM_FORMAT_XRGB8888;
	out->formats[1] = DRM_FORMAT_ARGB8888;
	out->cursor_sizes[0] = CURSOR_SIZE;
}

static int slot_of(const struct kms_engine *ke, uint64_t address, const uint8_t **ptr,
		   uint64_t *avail)
{
	uint64_t slot = (address >> SLOT_SHIFT) - 1, off = address & ((1ull << SLOT_SHIFT) - 1);

	if ((address >> SLOT_SHIFT) == 0 || slot >= MAX_SLOTS || !ke->slots[slot].ptr ||
	    off >= ke->slots[slot].size)
		return -EINVAL;
	*ptr = (const uint8_t *)ke->slots[slot].ptr + off;
	*avail = ke->slots[slot].size - off;
	return 0;
}

static int ensure_buffer(struct kms_engine *ke, struct kms_buffer *b, uint32_t w, uint32_t h,
			 uint32_t format, struct kms_error *err)
{
	int r;

	/* an adopted buffer (never mapped: maybe a client's) is replaced off screen */
	if (b->fb_id && b->map && b->width == w && b->height == h && b->format == format)
		return 0;
	if (b->fb_id)
		kms_buffer_destroy(ke->dev, b);
	memset(b, 0, sizeof(*b));
	r = kms_buffer_create(ke->dev, w, h, format, b, err);
	/*
	 * The framebuffer and the mapping hold the buffer from now on (dcd
	 * never exports these): without a handle, a crash leaves only the
	 * framebuffer in the DRM file, which a dcd restarted on that file
	 * finds and removes or adopts (kms_buffer_destroy skips handle 0).
	 */
	if (r == 0) {
		drmCloseBufferHandle(kms_fd(ke->dev), b->handle);
		b->handle = 0;
	}
	return r;
}

/* Copies rows of w 32-bit pixels from a client's memory into b. */
static int copy_in(struct kms_engine *ke, struct kms_buffer *b, uint64_t address, uint32_t w,
		   uint32_t h, uint32_t pitch)
{
	const uint8_t *src;
	uint64_t avail;

	if (slot_of(ke, address, &src, &avail) < 0 || (uint64_t)pitch * (h - 1) + w * 4ull > avail)
		return -EINVAL;
	for (uint32_t y = 0; y < h; y++)
		memcpy((uint8_t *)b->map + (size_t)y * b->pitch, src + (size_t)y * pitch, w * 4ull);
	return 0;
}

/* The blank colour over the whole mode (planes off). */
static int blank_fb(struct kms_engine *ke, unsigned link, const struct dc_stream *s,
		    struct kms_error *err)
{
	struct kms_link *l = &ke->link[link];
	bool fresh = !l->blank.fb_id || l->blank.width != s->mode.hdisplay ||
		     l->blank.height != s->mode.vdisplay;
	int r = ensure_buffer(ke, &l->blank, s->mode.hdisplay, s->mode.vdisplay,
			      DRM_FORMAT_XRGB8888, err);

	if (r < 0)
		return r;
	if (fresh || l->blank_color != s->blank_color) {
		for (uint32_t y = 0; y < l->blank.height; y++) {
			uint32_t *row =
				(uint32_t *)((uint8_t *)l->blank.map + (size_t)y * l->blank.pitch);

			for (uint32_t x = 0; x < l->blank.width; x++)
				row[x] = s->blank_color;
		}
		l->blank_color = s->blank_color;
	}
	return (int)l->blank.fb_id;
}

/* The kernel framebuffer at address (fb_alloc, fb_import), or NULL: client memory. */
static const struct kms_buffer *slot_buffer(const struct kms_engine *ke, uint64_t address)
{
	uint64_t slot = (address >> SLOT_SHIFT) - 1;

	if ((address >> SLOT_SHIFT) == 0 || slot >= MAX_SLOTS)
		return NULL;
	return ke->slots[slot].buf;
}

/*
 * The framebuffer that shows the client's frame at address on link: its
 * own where the kernel scans it out as it is (no copy), else the back
 * buffer with the frame copied in.
 */
static int frame_fb(struct kms_engine *ke, unsigned link, const struct dc_plane *p,
		    uint64_t address, struct kms_error *err)
{
	struct kms_link *l = &ke->link[link];
	struct kms_buffer *b = &l->buf[l->front ^ 1];
	const struct kms_buffer *own = slot_buffer(ke, address);
	int r;

	if (own) {
		if (own->width != p->width || own->height != p->height ||
		    own->format != p->format) {
			snprintf(err->message, sizeof(err->message),
				 "%s: framebuffer %u is %ux%u %.4s, the plane shows %ux%u %.4s",
				 kms_output(ke->dev, link)->name, own->fb_id, own->width,
				 own->height, (const char *)&own->format, p->width, p->height,
				 (const char *)&p->format);
			return -EINVAL;
		}
		return (int)own->fb_id;
	}
	r = ensure_buffer(ke, b, p->width, p->height, p->format, err);

	if (r < 0)
		return r;
	r = copy_in(ke, b, address, p->width, p->height, p->pitch);
	if (r < 0) {
		snprintf(err->message, sizeof(err->message),
			 "%s: framebuffer address 0x%llx is not mapped memory of %ux%u, pitch %u",
			 kms_output(ke->dev, link)->name, (unsigned long long)address, p->width,
			 p->height, p->pitch);
		return r;
	}
	return (int)b->fb_id;
}

/*
 * dc_state -> kms/'s configuration: every stream, and every lit output the
 * state no longer has, off. copy: the client frames are copied into back
 * buffers (commit); validation only needs buffers of the right size.
 */
static int to_config(struct kms_engine *ke, const struct dc_state *st,
		     struct kms_output_config *cfg, size_t *n, bool copy, struct dc_error *derr)
{
	struct kms_error err = { "" };
	uint32_t in_state = 0;

	*n = 0;
	for (unsigned i = 0; i < st->stream_count; i++) {
		const struct dc_stream *s = &st->streams[i];
		struct kms_output_config *c = &cfg[(*n)++];
		int fb;

		if (s->link >= ke->links) {
			derr->code = DC_ERR_INVALID;
			derr->stream = (int)i;
			snprintf(derr->message, sizeof(derr->message),
				 "stream %u: link %u does not exist (%u links)", i, s->link,
				 ke->links);
			return -EINVAL;
		}
		in_state |= 1u << s->link;
		*c = (struct kms_output_config){ .output = s->link, .active = true };
		memcpy(&c->mode, &s->mode, sizeof(c->mode));
		if (s->primary.enabled && copy) {
			fb = frame_fb(ke, s->link, &s->primary, s->primary.address, &err);
		} else if (s->primary.enabled) {
			struct kms_link *l = &ke->link[s->link];

			fb = ensure_buffer(ke, &l->buf[l->front ^ 1], s->primary.width,
					   s->primary.height, s->primary.format, &err);
			if (fb == 0)
				fb = (int)l->buf[l->front ^ 1].fb_id;
		} else {
			fb = blank_fb(ke, s->link, s, &err);
		}
		if (fb < 0) {
			derr->code = DC_ERR_PLANE_SIZE;
			derr->stream = (int)i;
			derr->plane = 0;
			snprintf(derr->message, sizeof(derr->message), "%s", err.message);
			return fb;
		}
		c->fb_id = (uint32_t)fb;
		c->fb_width = s->primary.enabled ? s->primary.width : s->mode.hdisplay;
		c->fb_height = s->primary.enabled ? s->primary.height : s->mode.vdisplay;
	}
	for (unsigned i = 0; i < ke->links; i++) {
		if (!(in_state & (1u << i)) && kms_output(ke->dev, i)->active)
			cfg[(*n)++] = (struct kms_output_config){ .output = i, .active = false };
	}
	return 0;
}

static void kms_to_dc_error(const struct dc_state *st, const struct kms_error *err,
			    struct dc_error *derr)
{
	derr->code = DC_ERR_MODE;
	derr->stream = st->stream_count == 1 ? 0 : -1;
	derr->plane = -1;
	snprintf(derr->message, sizeof(derr->message), "%s", err->message);
}

/* What the kernel chose is not ours to see: no pipe or encoder indices, the clock and signal. */
static void fill_res(struct kms_engine *ke, struct dc_state *st)
{
	for (unsigned i = 0; i < st->stream_count; i++) {
		struct dc_stream *s = &st->streams[i];

		memset(&s->res, 0, sizeof(s->res));
		s->res.timing_generator = s->res.pipe = s->res.stream_encoder = -1;
		s->res.link_encoder = s->res.clock_source = s->res.audio = -1;
		s->res.pixel_clock_khz = s->mode.clock;
		s->res.signal = link_signal(&ke->base, s->link);
	}
}

/* Validation (copy false: buffers of the right size) or commit (the client frames copied in). */
static int to_kernel(struct kms_engine *ke, const struct dc_state *state, bool commit,
		     struct dc_error *derr)
{
	struct kms_output_config cfg[DC_MAX_LINKS + DC_MAX_STREAMS];
	struct kms_error err = { "" };
	size_t n;
	int r;

	memset(derr, 0, sizeof(*derr));
	r = to_config(ke, state, cfg, &n, commit, derr);
	if (r < 0)
		return r;
	r = commit ? kms_commit(ke->dev, cfg, n, &err) : kms_validate(ke->dev, cfg, n, &err);
	if (r < 0)
		kms_to_dc_error(state, &err, derr);
	return r;
}

static int ke_validate(struct dcd_engine *e, struct dc_state *state, struct dc_error *derr)
{
	int r = to_kernel(to_kms(e), state, false, derr);

	if (r == 0)
		fill_res(to_kms(e), state);
	return r;
}

static int ke_commit(struct dcd_engine *e, const struct dc_state *state, struct dc_error *derr)
{
	struct kms_engine *ke = to_kms(e);
	int r = to_kernel(ke, state, true, derr);

	if (r < 0)
		return r;
	/* the back buffers just committed are on screen now */
	for (unsigned i = 0; i < state->stream_count; i++) {
		if (state->streams[i].primary.enabled)
			ke->link[state->streams[i].link].front ^= 1;
	}
	ke->current = *state;
	fill_res(ke, &ke->current);
	return 0;
}

static const struct dc_state *ke_current(struct dcd_engine *e)
{
	return &to_kms(e)->current;
}

/* Whether fb_id is one of res's framebuffers (GETRESOURCES lists the caller's file's own). */
bool ke_own_fb(const drmModeRes *res, uint32_t fb_id)
{
	for (int i = 0; res && fb_id && i < res->count_fbs; i++) {
		if (res->fbs[i] == fb_id)
			return true;
	}
	return false;
}

/*
 * What the kernel shows (read at open): each lit output with its mode and,
 * where the primary plane scans out a framebuffer of this DRM file (a
 * copy the dcd before made), that plane at the framebuffer's size. Which
 * client buffer it was copied from the kernel cannot say: the address is
 * 0 and recovery takes the state file's plane (copies_frames). A
 * framebuffer of another file (a lessee's, fbdev's) is no plane of ours.
 */
static int ke_snapshot(struct dcd_engine *e, struct dc_state *out)
{
	struct kms_engine *ke = to_kms(e);
	int fd = kms_fd(ke->dev);
	drmModeRes *res = drmModeGetResources(fd);

	*out = ke->current;
	for (unsigned i = 0; i < out->stream_count; i++) {
		struct dc_stream *s = &out->streams[i];
		const struct kms_output *o = kms_output(ke->dev, s->link);
		drmModeFB2 *fb = ke_own_fb(res, o->fb_id) ? drmModeGetFB2(fd, o->fb_id) : NULL;

		if (!fb)
			continue;
		s->primary = (struct dc_plane){
			.enabled = true,
			.format = fb->pixel_format,
			.width = fb->width,
			.height = fb->height,
			.pitch = fb->pitches[0],
			.src_w = fb->width << 16,
			.src_h = fb->height << 16,
			.dst_w = s->mode.hdisplay,
			.dst_h = s->mode.vdisplay,
		};
		if (fb->handles[0])
			drmCloseBufferHandle(fd, fb->handles[0]);
		drmModeFreeFB2(fb);
	}
	drmModeFreeResources(res);
	return 0;
}

/*
 * Framebuffer fb_id of this file (on screen) as b, not mapped: its memory
 * may be a client's (an FB_ALLOC buffer or an imported dma-buf the client
 * still holds), which dcd must never copy another client's frame into;
 * ensure_buffer replaces it once it is off screen.
 */
static void take_fb(struct kms_engine *ke, struct kms_buffer *b, uint32_t fb_id)
{
	int fd = kms_fd(ke->dev);
	drmModeFB2 *fb = drmModeGetFB2(fd, fb_id);

	memset(b, 0, sizeof(*b));
	if (!fb)
		return;
	*b = (struct kms_buffer){ .fb_id = fb_id,
				  .width = fb->width,
				  .height = fb->height,
				  .pitch = fb->pitches[0],
				  .format = fb->pixel_format,
				  .size = (uint64_t)fb->pitches[0] * fb->height };
	/* GETFB2 gave the master handles of its own: not needed */
	for (int i = 0; i < 4; i++) {
		bool seen = false;

		for (int k = 0; k < i; k++)
			seen |= fb->handles[k] == fb->handles[i];
		if (fb->handles[i] && !seen)
			drmCloseBufferHandle(fd, fb->handles[i]);
	}
	drmModeFreeFB2(fb);
}

/* The kernel's mode holds the clock as it was set; one kHz of slack, as for a PLL's rounding. */
static bool ke_clock_agrees(struct dcd_engine *e, const struct dc_stream *s, uint32_t khz)
{
	(void)e;
	return s->mode.clock + 1 >= khz && khz + 1 >= s->mode.clock;
}

/*
 * Takes over what the kernel shows (a DRM file from the fd store) without
 * a commit: the framebuffer on each adopted output's primary plane becomes
 * its front buffer, the file's other framebuffers (the dcd before's back,
 * blank and cursor buffers) are removed. The cursor plane is off after
 * that (its framebuffer was one of them) until a client sets it again.
 */
static int ke_adopt(struct dcd_engine *e, const struct dc_state *state)
{
	struct kms_engine *ke = to_kms(e);
	drmModeRes *res = drmModeGetResources(kms_fd(ke->dev));
	unsigned released = 0;

	for (unsigned i = 0; i < state->stream_count; i++) {
		const struct dc_stream *s = &state->streams[i];

		if (s->link >= ke->links || !kms_output(ke->dev, s->link)->active) {
			drmModeFreeResources(res);
			return -EINVAL;
		}
	}
	for (unsigned i = 0; i < state->stream_count; i++) {
		const struct kms_output *o = kms_output(ke->dev, state->streams[i].link);
		struct kms_link *l = &ke->link[state->streams[i].link];

		if (ke_own_fb(res, o->fb_id)) {
			take_fb(ke, &l->buf[0], o->fb_id);
			l->front = 0;
		}
	}
	for (int i = 0; res && i < res->count_fbs; i++) {
		bool shown = false;

		for (unsigned k = 0; k < ke->links; k++)
			shown |= kms_output(ke->dev, k)->active &&
				 kms_output(ke->dev, k)->fb_id == res->fbs[i];
		if (!shown && drmModeRmFB(kms_fd(ke->dev), res->fbs[i]) == 0)
			released++;
	}
	drmModeFreeResources(res);
	if (released)
		log_info("%s: %u framebuffers of the dcd before were on no screen; removed",
			 kms_path(ke->dev), released);
	ke->current = *state;
	for (unsigned i = 0; i < ke->current.stream_count; i++)
		ke->current.streams[i].cursor.enabled = false;
	fill_res(ke, &ke->current);
	return 0;
}

/* ---- flips, cursor, vblank -------------------------------------------------------- */

static int ke_flip(struct dcd_engine *e, unsigned link, uint64_t address, uint32_t flags)
{
	struct kms_engine *ke = to_kms(e);
	struct kms_error err = { "" };
	struct dc_stream *s = NULL;
	int fb, r;

	for (unsigned i = 0; i < ke->current.stream_count; i++) {
		if (ke->current.streams[i].link == link)
			s = &ke->current.streams[i];
	}
	if (!s)
		return -ENOENT;
	if (!s->primary.enabled)
		return -EINVAL;
	if (kms_flip_pending(ke->dev, link))
		return -EBUSY;
	fb = frame_fb(ke, link, &s->primary, address, &err);
	if (fb < 0)
		return fb;
	r = kms_flip(ke->dev, link, (uint32_t)fb, flags & DC_FLIP_IMMEDIATE ? KMS_FLIP_ASYNC : 0,
		     NULL, &err);
	if (r < 0) {
		log_warning("%s", err.message);
		return r;
	}
	ke->link[link].front ^= 1;
	s->primary.address = address;
	return 0;
}

static int ke_cursor(struct dcd_engine *e, unsigned link, const struct dc_cursor *c)
{
	struct kms_engine *ke = to_kms(e);
	struct kms_link *l = &ke->link[link];
	struct kms_error err = { "" };
	int r;

	if (link >= ke->links)
		return -ENOENT;
	if (!c->enabled)
		return kms_cursor_set(ke->dev, link, 0, 0, 0, 0, 0, &err);
	r = ensure_buffer(ke, &l->cursor, c->width, c->height, DRM_FORMAT_ARGB8888, &err);
	if (r == 0)
		r = copy_in(ke, &l->cursor, c->address, c->width, c->height, c->width * 4);
	if (r == 0)
		r = kms_cursor_set(ke->dev, link, l->cursor.fb_id, c->width, c->height,
				   c->x - (int32_t)c->hot_x, c->y - (int32_t)c->hot_y, &err);
	if (r < 0 && err.message[0])
		log_warning("%s", err.message);
	return r;
}

static uint64_t now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

/* The frame period of link's current mode, 0 when it is off. */
static uint64_t period_ns(const struct kms_engine *ke, unsigned link)
{
	for (unsigned i = 0; i < ke->current.stream_count; i++) {
		const struct dc_stream *s = &ke->current.streams[i];
		uint32_t mhz = s->link == link ? dc_mode_refresh_mhz(&s->mode) : 0;

		if (mhz)
			return 1000000000000ull / mhz;
	}
	return 0;
}

/* Arms the timer at the earliest tick an output wants, or disarms it. */
static void arm_soft_vblank(struct kms_engine *ke)
{
	uint64_t next = UINT64_MAX;
	struct itimerspec its = { 0 };

	for (unsigned i = 0; i < ke->links; i++) {
		if (ke->link[i].vblank_on && ke->link[i].soft_next_ns < next)
			next = ke->link[i].soft_next_ns;
	}
	if (next != UINT64_MAX) {
		next = next ? next : 1; /* 0 would disarm it */
		its.it_value.tv_sec = (time_t)(next / 1000000000ull);
		its.it_value.tv_nsec = (long)(next % 1000000000ull);
	}
	timerfd_settime(ke->timer_fd, TFD_TIMER_ABSTIME, &its, NULL);
}

static int request_vblank(struct kms_engine *ke, unsigned link)
{
	struct kms_error err = { "" };
	int r = ke->no_vblank ? -EOPNOTSUPP : kms_vblank_request(ke->dev, link, NULL, &err);

	if (r == -EOPNOTSUPP && ke->timer_fd >= 0) {
		uint64_t period = period_ns(ke, link);

		if (!ke->no_vblank)
			log_info("%s: %s; vblanks come from a timer at the refresh rate",
				 kms_path(ke->dev), err.message);
		ke->no_vblank = true;
		if (!period)
			return -EINVAL;
		ke->link[link].soft_next_ns = now_ns() + period;
		arm_soft_vblank(ke);
		return 0;
	}
	if (r == 0)
		ke->link[link].vblank_requested = true;
	else if (r != -EBUSY)
		log_warning("%s", err.message);
	return r == -EBUSY ? 0 : r;
}

static int ke_vblank_enable(struct dcd_engine *e, unsigned link, bool enable)
{
	struct kms_engine *ke = to_kms(e);
	bool was;

	if (link >= ke->links)
		return -ENOENT;
	was = ke->link[link].vblank_on;
	ke->link[link].vblank_on = enable;
	if (enable && ke->no_vblank && was)
		return 0;
	if (enable && !ke->link[link].vblank_requested)
		return request_vblank(ke, link);
	if (ke->no_vblank)
		arm_soft_vblank(ke);
	return 0;
}

static bool ke_in_bus_wait(struct dcd_engine *e)
{
	return false;
}

/* ---- framebuffer memory ----------------------------------------------------------- */

static bool slot_used(const struct slot *s)
{
	return s->ptr || s->buf;
}

static int take_slot(struct kms_engine *ke, struct slot s, uint64_t *address, char *why,
		     size_t why_size)
{
	for (unsigned i = 0; i < MAX_SLOTS; i++) {
		if (!slot_used(&ke->slots[i])) {
			ke->slots[i] = s;
			*address = (uint64_t)(i + 1) << SLOT_SHIFT;
			return 0;
		}
	}
	snprintf(why, why_size, "all %u framebuffer slots are in use", MAX_SLOTS);
	return -ENOSPC;
}

static int ke_map(struct dcd_engine *e, void *ptr, uint64_t size, bool device_writes,
		  uint64_t *address, char *why, size_t why_size)
{
	struct kms_engine *ke = to_kms(e);

	if (device_writes) {
		snprintf(why, why_size, "a KMS device writes into no memory of dcd");
		return -EOPNOTSUPP;
	}
	if (size > 1ull << SLOT_SHIFT) {
		snprintf(why, why_size, "%llu bytes is more than the %llu of a framebuffer slot",
			 (unsigned long long)size, 1ull << SLOT_SHIFT);
		return -EFBIG;
	}
	return take_slot(ke, (struct slot){ ptr, size, NULL }, address, why, why_size);
}

/*
 * A client's framebuffer back from the fd store, in the slot it had: the
 * adopted plane's address (the state file's) then means it again, so a
 * commit that keeps the plane copies it. The picture on screen does not
 * need it: that is the engine's copy, which lived on with the DRM file.
 */
static int ke_map_at(struct dcd_engine *e, void *ptr, uint64_t size, uint64_t address)
{
	struct kms_engine *ke = to_kms(e);
	uint64_t slot = (address >> SLOT_SHIFT) - 1;

	if (!(address >> SLOT_SHIFT) || slot >= MAX_SLOTS || (address & ((1ull << SLOT_SHIFT) - 1)))
		return -EINVAL;
	if (slot_used(&ke->slots[slot]))
		return -EBUSY;
	ke->slots[slot] = (struct slot){ ptr, size, NULL };
	return 0;
}

static void free_slot(struct kms_engine *ke, struct slot *s)
{
	if (s->buf) {
		kms_buffer_destroy(ke->dev, s->buf);
		free(s->buf);
	}
	*s = (struct slot){ 0 };
}

static void ke_unmap(struct dcd_engine *e, uint64_t address)
{
	uint64_t slot = (address >> SLOT_SHIFT) - 1;

	if ((address >> SLOT_SHIFT) && slot < MAX_SLOTS)
		free_slot(to_kms(e), &to_kms(e)->slots[slot]);
}

/*
 * FB_ALLOC: a dumb buffer with its framebuffer, exported as dma-buf for
 * the client to draw into; flips show it without a copy. Its GEM handle
 * is closed at once (the framebuffer, the mapping and the dma-buf hold
 * the memory), like the engine's own buffers.
 */
static int ke_fb_alloc(struct dcd_engine *e, uint32_t format, uint32_t width, uint32_t height,
		       struct dcd_engine_fb *out, char *why, size_t why_size)
{
	struct kms_engine *ke = to_kms(e);
	struct kms_error err = { "" };
	struct kms_buffer *b = calloc(1, sizeof(*b));
	int fd = -1, r;

	if (!b)
		return -ENOMEM;
	r = kms_buffer_create(ke->dev, width, height, format, b, &err);
	if (r == 0)
		r = kms_buffer_export(ke->dev, b, &fd, &err);
	if (r < 0) {
		snprintf(why, why_size, "%s", err.message);
		goto fail;
	}
	drmCloseBufferHandle(kms_fd(ke->dev), b->handle);
	b->handle = 0;
	*out = (struct dcd_engine_fb){ .fd = fd, .pitch = b->pitch, .size = b->size };
	r = take_slot(ke, (struct slot){ b->map, b->size, b }, &out->address, why, why_size);
	if (r == 0)
		return 0;
	close(fd);
fail:
	kms_buffer_destroy(ke->dev, b);
	free(b);
	return r;
}

/* A client's dma-buf imported (PRIME, AddFB2 with its modifier): kms/'s sentence when not. */
static int ke_fb_import(struct dcd_engine *e, int fd, const struct dcd_engine_dmabuf *d,
			uint64_t *address, char *why, size_t why_size)
{
	struct kms_engine *ke = to_kms(e);
	struct kms_error err = { "" };
	struct kms_dmabuf k = { .width = d->width,
				.height = d->height,
				.format = d->format,
				.modifier = d->modifier,
				.planes = d->planes };
	struct kms_buffer *b = calloc(1, sizeof(*b));
	int r;

	if (!b)
		return -ENOMEM;
	for (unsigned i = 0; i < 4; i++) {
		k.fds[i] = i < d->planes ? fd : -1;
		k.pitches[i] = d->pitches[i];
		k.offsets[i] = d->offsets[i];
	}
	r = kms_buffer_import(ke->dev, &k, b, &err);
	if (r < 0) {
		snprintf(why, why_size, "%s", err.message);
		free(b);
		return r;
	}
	r = take_slot(ke, (struct slot){ NULL, 0, b }, address, why, why_size);
	if (r < 0) {
		kms_buffer_destroy(ke->dev, b);
		free(b);
	}
	return r;
}

/* ---- screenshots ------------------------------------------------------------------ */

/*
 * Through the driver's writeback connector (kms_capture: a blocking
 * commit and its out-fence, at most a second) into a dumb buffer at the
 * mode's size, kept for the next one. kms/'s sentence says why not where
 * there is none, or where the CRTC cannot drive it beside the monitor
 * (vkms in Linux 6.1: its encoders may not be clones).
 */
static int ke_capture(struct dcd_engine *e, unsigned link, uint8_t **rgb, unsigned *width,
		      unsigned *height, char *why, size_t why_size)
{
	struct kms_engine *ke = to_kms(e);
	const struct kms_output *o = link < ke->links ? kms_output(ke->dev, link) : NULL;
	struct kms_error err = { "" };
	struct kms_buffer *b = link < ke->links ? &ke->link[link].shot : NULL;
	int r;

	if (!o || !o->active) {
		snprintf(why, why_size, "%s is not lit: nothing to capture", o ? o->name : "?");
		return -ENOENT;
	}
	r = ensure_buffer(ke, b, o->mode.hdisplay, o->mode.vdisplay, DRM_FORMAT_XRGB8888, &err);
	if (r == 0)
		r = kms_capture(ke->dev, link, b, &err);
	if (r == 0 && !(*rgb = malloc((size_t)b->width * b->height * 3)))
		r = -ENOMEM;
	if (r < 0) {
		snprintf(why, why_size, "%s", err.message[0] ? err.message : strerror(-r));
		return r;
	}
	for (uint32_t y = 0; y < b->height; y++) {
		const uint32_t *row =
			(const uint32_t *)((const uint8_t *)b->map + (size_t)y * b->pitch);
		uint8_t *out = *rgb + (size_t)y * b->width * 3;

		for (uint32_t x = 0; x < b->width; x++) {
			out[3 * x] = (uint8_t)(row[x] >> 16);
			out[3 * x + 1] = (uint8_t)(row[x] >> 8);
			out[3 * x + 2] = (uint8_t)row[x];
		}
	}
	*width = b->width;
	*height = b->height;
	return 0;
}

/* ---- the event loop -------------------------------------------------------------- */

static size_t ke_fds(struct dcd_engine *e, struct dcd_engine_fd *out)
{
	struct kms_engine *ke = to_kms(e);
	size_t n = 0;

	out[n++] = (struct dcd_engine_fd){ kms_fd(ke->dev), DCD_ENGINE_FD_IRQ };
	if (ke->timer_fd >= 0)
		out[n++] = (struct dcd_engine_fd){ ke->timer_fd, DCD_ENGINE_FD_TIMER };
	if (ke->mon)
		out[n++] = (struct dcd_engine_fd){ udev_monitor_get_fd(ke->mon),
						   DCD_ENGINE_FD_MONITOR };
	return n;
}

static void on_kms_flip(const struct kms_flip_event *ev, void *data)
{
	struct kms_engine *ke = data;

	dcd_engine_events.flip_done(ke->dcd, (unsigned)ev->output, ev->sequence, ev->time_ns);
}

static void on_kms_vblank(const struct kms_vblank_event *ev, void *data)
{
	struct kms_engine *ke = data;
	unsigned link = (unsigned)ev->output;

	if (link >= ke->links)
		return;
	ke->link[link].vblank_requested = false;
	/* one request per frame while someone wants them */
	if (ke->link[link].vblank_on)
		request_vblank(ke, link);
	dcd_engine_events.vblank(ke->dcd, link, ev->sequence, ev->time_ns);
}

static const struct kms_events kms_events = {
	.flip_done = on_kms_flip,
	.vblank = on_kms_vblank,
};

static void ke_handle_irq(struct dcd_engine *e)
{
	int r = kms_dispatch(to_kms(e)->dev, &kms_events, e);

	if (r < 0)
		log_warning("%s: reading events: %s", kms_path(to_kms(e)->dev), strerror(-r));
}

static bool ke_irq_pending(struct dcd_engine *e)
{
	return false;
}

/* The timer's vblanks: every output whose tick came, then the next tick. */
static void ke_timer(struct dcd_engine *e)
{
	struct kms_engine *ke = to_kms(e);
	uint64_t expirations, now = now_ns();

	if (read(ke->timer_fd, &expirations, sizeof(expirations)) < 0 && errno != EAGAIN)
		return;
	for (unsigned i = 0; i < ke->links; i++) {
		struct kms_link *l = &ke->link[i];
		uint64_t period = period_ns(ke, i);

		if (!l->vblank_on || l->soft_next_ns > now)
			continue;
		if (!period) {
			l->vblank_on = false;
			continue;
		}
		/* a late loop skips the ticks it missed rather than sending a burst */
		l->soft_seq += 1 + (now - l->soft_next_ns) / period;
		l->soft_next_ns += (1 + (now - l->soft_next_ns) / period) * period;
		dcd_engine_events.vblank(ke->dcd, i, l->soft_seq, now);
	}
	arm_soft_vblank(ke);
}

/* A uevent of the drm subsystem: our card gone, or a hotplug (re-probe). */
static bool ke_monitor(struct dcd_engine *e)
{
	struct kms_engine *ke = to_kms(e);
	struct udev_device *d;

	while (!e->lost && (d = udev_monitor_receive_device(ke->mon))) {
		const char *node = udev_device_get_devnode(d);
		const char *action = udev_device_get_action(d);
		const char *hotplug = udev_device_get_property_value(d, "HOTPLUG");
		bool ours = node && !strcmp(node, kms_path(ke->dev));

		if (ours && action && !strcmp(action, "remove")) {
			e->lost = true;
			log_error("%s: the device was removed; its outputs are gone, clients stay "
				  "connected",
				  kms_path(ke->dev));
		} else if (ours && hotplug && !strcmp(hotplug, "1")) {
			probe(ke, true);
		}
		udev_device_unref(d);
	}
	return e->lost;
}

static uint64_t ke_next_deadline(struct dcd_engine *e)
{
	return UINT64_MAX;
}

static void ke_dispatch(struct dcd_engine *e)
{
}

static void ke_destroy(struct dcd_engine *e)
{
	struct kms_engine *ke = to_kms(e);

	for (unsigned i = 0; i < ke->links; i++) {
		struct kms_link *l = &ke->link[i];
		struct kms_buffer *bufs[] = { &l->buf[0], &l->buf[1], &l->blank, &l->cursor,
					      &l->shot };

		for (size_t k = 0; k < sizeof(bufs) / sizeof(bufs[0]); k++) {
			if (bufs[k]->fb_id)
				kms_buffer_destroy(ke->dev, bufs[k]);
		}
		free(l->modes);
	}
	udev_monitor_unref(ke->mon);
	udev_unref(ke->udev);
	if (ke->timer_fd >= 0)
		close(ke->timer_fd);
	for (unsigned i = 0; ke->slots && i < MAX_SLOTS; i++)
		free_slot(ke, &ke->slots[i]);
	kms_close(ke->dev);
	free(ke->slots);
	free(ke);
}

static const struct dcd_engine_ops kms_engine_ops = {
	.name = "kms",
	.info = ke_info,
	.link_count = ke_link_count,
	.link_name = ke_link_name,
	.link_by_name = ke_link_by_name,
	.link_type = ke_link_type,
	.link_status = ke_link_status,
	.link_sink = ke_link_sink,
	.link_modes = ke_link_modes,
	.detect = ke_detect,
	.plane_caps = ke_plane_caps,
	.validate = ke_validate,
	.commit = ke_commit,
	.current = ke_current,
	.snapshot = ke_snapshot,
	.clock_agrees = ke_clock_agrees,
	.adopt = ke_adopt,
	.flip = ke_flip,
	.cursor = ke_cursor,
	.vblank_enable = ke_vblank_enable,
	.in_bus_wait = ke_in_bus_wait,
	.map = ke_map,
	.map_at = ke_map_at,
	.unmap = ke_unmap,
	.fb_alloc = ke_fb_alloc,
	.fb_import = ke_fb_import,
	.kms_lease = ke_kms_lease,
	.kms_lease_revoke = ke_kms_lease_revoke,
	.kms_lease_describe = ke_kms_lease_describe,
	.kms_leases_adopt = ke_kms_leases_adopt,
	.fds = ke_fds,
	.handle_irq = ke_handle_irq,
	.irq_pending = ke_irq_pending,
	.timer = ke_timer,
	.monitor = ke_monitor,
	.next_deadline = ke_next_deadline,
	.dispatch = ke_dispatch,
	.capture = ke_capture,
	.destroy = ke_destroy,
};

/* What the kernel shows at open, as streams without planes (ke_snapshot). */
void ke_read_current(struct kms_engine *ke)
{
	for (unsigned i = 0; i < ke->links && ke->current.stream_count < DC_MAX_STREAMS; i++) {
		const struct kms_output *o = kms_output(ke->dev, i);
		struct dc_stream *s;

		if (!o->active)
			continue;
		s = &ke->current.streams[ke->current.stream_count++];
		memset(s, 0, sizeof(*s));
		s->link = (uint8_t)i;
		memcpy(&s->mode, &o->mode, sizeof(s->mode));
		s->bpc = 8;
	}
	fill_res(ke, &ke->current);
}

/* Whether fd is the device file at path (a DRM fd from the fd store for another card is not). */
static bool same_device(int fd, const char *path)
{
	struct stat a, b;

	return fstat(fd, &a) == 0 && stat(path, &b) == 0 && S_ISCHR(a.st_mode) &&
	       a.st_rdev == b.st_rdev;
}

/*
 * The DRM fd the dcd before put into systemd's fd store, if it came back
 * and is path's device; else -1 (a stored fd of another device is closed
 * and taken out of the store: path is opened anew).
 */
static int stored_drm_fd(struct dcd *dcd, const char *path)
{
	int fd = dcd_received_take(dcd, DCD_FDNAME_DRM);

	if (fd < 0 || same_device(fd, path))
		return fd;
	log_warning("fd store: \"%s\" is not %s; closed, the device is opened anew", DCD_FDNAME_DRM,
		    path);
	dcd_fdstore_forget(dcd, DCD_FDNAME_DRM);
	dcd->recovery->device_stored = false;
	close(fd);
	return -1;
}

int dcd_engine_kms_open(struct dcd *dcd, const char *path, int fd, struct dcd_engine **out)
{
	struct kms_engine *ke = calloc(1, sizeof(*ke));
	struct kms_error err = { "" };
	size_t outputs;
	int r, stored;

	*out = NULL;
	if (!ke || !(ke->slots = calloc(MAX_SLOTS, sizeof(*ke->slots)))) {
		free(ke);
		if (fd >= 0)
			close(fd);
		return -ENOMEM;
	}
	ke->dcd = dcd;
	ke->base.ops = &kms_engine_ops;
	ke->timer_fd = timerfd_create(CLOCK_MONOTONIC, TFD_NONBLOCK | TFD_CLOEXEC);
	stored = stored_drm_fd(dcd, path);
	if (stored >= 0 && fd >= 0) {
		/* the file the dcd before served on (which may be this one's lease) */
		log_notice("%s: the DRM file of the dcd before came back from the fd store; it is "
			   "served in place of --kms-fd %d",
			   path, fd);
		close(fd);
		fd = -1;
	}
	r = stored >= 0 ? kms_open_fd(stored, path, &ke->dev, &err)
	    : fd >= 0	? kms_open_fd(fd, path, &ke->dev, &err)
			: kms_open(path, &ke->dev, &err);
	if (r < 0) {
		/* kms/'s sentence names the device and, for -EBUSY, the master */
		log_error("%s", err.message);
		if (ke->timer_fd >= 0)
			close(ke->timer_fd);
		free(ke->slots);
		free(ke);
		return r;
	}
	outputs = kms_output_count(ke->dev);
	ke->links = outputs > DC_MAX_LINKS ? DC_MAX_LINKS : (unsigned)outputs;
	if (outputs > DC_MAX_LINKS)
		log_warning("%s: %zu connectors; dcd serves the first %u", path, outputs,
			    DC_MAX_LINKS);
	for (unsigned i = 0; i < ke->links; i++)
		rebuild_modes(ke, i);
	ke_read_current(ke);
	ke->base.copies_frames = true;
	ke->base.imports_dmabuf = true;
	if (stored >= 0) {
		/* the same open file: master, its framebuffers on the screens */
		ke->base.adopt = true;
		log_notice("%s: the DRM file of the dcd before came back from the fd store: "
			   "what it showed is adopted without a modeset",
			   path);
		/* its leases: ke_kms_leases_adopt, once the state file is read */
	} else {
		ke->base.fresh_why = "its DRM file did not come back from the fd store, and the "
				     "kernel removed that dcd's framebuffers when the file closed";
		/* one place of the store's budget; the outputs outlive a crash with it */
		dcd_fdstore_device(dcd, DCD_FDNAME_DRM, kms_fd(ke->dev));
	}
	ke->udev = udev_new();
	ke->mon = ke->udev ? udev_monitor_new_from_netlink(ke->udev, "udev") : NULL;
	if (!ke->mon || udev_monitor_filter_add_match_subsystem_devtype(ke->mon, "drm", NULL) < 0 ||
	    udev_monitor_enable_receiving(ke->mon) < 0) {
		log_warning("%s: no udev monitor; hotplug will not be noticed", path);
		udev_monitor_unref(ke->mon);
		ke->mon = NULL;
	}
	log_notice("%s (driver %s%s) through KMS: %u connectors", path, kms_driver(ke->dev),
		   fd >= 0 ? ", an inherited file" : "", ke->links);
	*out = &ke->base;
	return 0;
}

/*
 * The first DRM card with connectors, by card number: libudev's list of
 * the drm subsystem has the cards (card0) and their connectors
 * (card0-Virtual-1) side by side.
 */
int dcd_engine_kms_find(char *path, size_t path_size, char *why, size_t why_size)
{
	struct udev *udev = udev_new();
	struct udev_enumerate *en = udev ? udev_enumerate_new(udev) : NULL;
	struct udev_list_entry *entry;
	int best = -1;
	unsigned cards = 0;
	char seen[256] = "";

	if (!en || udev_enumerate_add_match_subsystem(en, "drm") < 0 ||
	    udev_enumerate_scan_devices(en) < 0) {
		snprintf(why, why_size, "no KMS device: libudev cannot list the drm subsystem");
		udev_enumerate_unref(en);
		udev_unref(udev);
		return -ENODEV;
	}
	udev_list_entry_foreach(entry, udev_enumerate_get_list_entry(en))
	{
		const char *name = strrchr(udev_list_entry_get_name(entry), '/');
		unsigned card;
		int len = 0;

		if (!name || sscanf(name + 1, "card%u%n", &card, &len) != 1)
			continue;
		if (name[1 + len] == '\0') {
			cards++;
			snprintf(seen + strlen(seen), sizeof(seen) - strlen(seen), "%scard%u",
				 cards > 1 ? ", " : "", card);
		} else if (name[1 + len] == '-' && (best < 0 || card < (unsigned)best)) {
			best = (int)card;
		}
	}
	udev_enumerate_unref(en);
	udev_unref(udev);
	if (best >= 0) {
		snprintf(path, path_size, "/dev/dri/card%d", best);
		return 0;
	}
	if (cards)
		snprintf(why, why_size, "no KMS device with connectors (%s have none)", seen);
	else
		snprintf(why, why_size,
			 "no KMS device (/dev/dri/card*: none in udev's drm subsystem)");
	return -ENODEV;
}
