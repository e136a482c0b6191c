/*
 * Screenshots through the writeback connector (kms_capture). Where the
 * driver lets a CRTC drive its writeback connector beside the monitor
 * (the encoders are possible clones), the capture holds, pixel for pixel,
 * the buffer last flipped, for two different patterns in a row, and the
 * output stays lit in its mode (kms-writeback: vkms-clones.ko, build-vkms).
 * Where it does not (vkms as Debian's 6.1 source has it: its encoders'
 * possible_clones are only themselves), the capture is refused with a
 * sentence saying so (kms-writeback-refused). Which case applies is read
 * from the encoders with plain libdrm, and each has its own result name,
 * so a kernel that changes sides is a missing result, not a pass. On
 * virtio-gpu (no writeback connector) it is refused with a sentence naming
 * the driver.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/types.h>

#include <drm_fourcc.h>
#include <xf86drm.h>

#include "guest.h"

/* A pattern that differs in every pixel's neighbourhood and between seeds. */
static void draw(struct kms_buffer *b, uint32_t seed)
{
	for (uint32_t y = 0; y < b->height; y++) {
		uint32_t *row = (uint32_t *)((uint8_t *)b->map + (size_t)y * b->pitch);
		for (uint32_t x = 0; x < b->width; x++)
			row[x] = ((x * 7 + seed) & 0xff) << 16 | ((y * 3 + seed) & 0xff) << 8 |
				 ((x ^ y ^ seed) & 0xff);
	}
}

/* Pixels of a and b that differ in their colour bits (X of XRGB8888 is undefined). */
static size_t differing(const struct kms_buffer *a, const struct kms_buffer *b)
{
	size_t n = 0;

	for (uint32_t y = 0; y < a->height; y++) {
		const uint32_t *ra =
			(const uint32_t *)((const uint8_t *)a->map + (size_t)y * a->pitch);
		const uint32_t *rb =
			(const uint32_t *)((const uint8_t *)b->map + (size_t)y * b->pitch);
		for (uint32_t x = 0; x < a->width; x++)
			n += (ra[x] & 0xffffff) != (rb[x] & 0xffffff);
	}
	return n;
}

/* Flips shown to the output, then captures into shot; the number of differing pixels. */
static int flip_and_capture(struct guest *g, struct kms_buffer *shown, struct kms_buffer *shot,
			    size_t *diff, struct kms_error *err)
{
	struct kms_flip_event ev;
	int r;

	r = kms_flip(g->dev, (size_t)g->main_out, shown->fb_id, 0, NULL, err);
	if (r < 0)
		return r;
	if (!wait_flip(g, g->main_out, &ev))
		return -ETIMEDOUT;
	memset(shot->map, 0, shot->size);
	r = kms_capture(g->dev, (size_t)g->main_out, shot, err);
	if (r == 0)
		*diff = differing(shown, shot);
	return r;
}

/*
 * Whether the kernel would let one CRTC drive the writeback connector and
 * output's connector (each encoder's possible_clones covering both), read
 * with plain libdrm; *found: the device lists a writeback connector.
 */
static bool kernel_allows_clone(int fd, uint32_t connector_id, bool *found)
{
	drmModeRes *res;
	uint32_t enc[2] = { 0, 0 }, mask = 0;
	bool ok = true;

	*found = false;
	drmSetClientCap(fd, DRM_CLIENT_CAP_WRITEBACK_CONNECTORS, 1);
	res = drmModeGetResources(fd);
	if (!res)
		return false;
	for (int i = 0; i < res->count_connectors; i++) {
		drmModeConnector *c = drmModeGetConnector(fd, res->connectors[i]);
		if (c && c->count_encoders && c->connector_type == DRM_MODE_CONNECTOR_WRITEBACK) {
			enc[0] = c->encoders[0];
			*found = true;
		} else if (c && c->count_encoders && c->connector_id == connector_id) {
			enc[1] = c->encoder_id ? c->encoder_id : c->encoders[0];
		}
		drmModeFreeConnector(c);
	}
	for (int i = 0; i < res->count_encoders; i++)
		if (res->encoders[i] == enc[0] || res->encoders[i] == enc[1])
			mask |= 1u << i;
	for (int k = 0; k < 2; k++) {
		drmModeEncoder *e = drmModeGetEncoder(fd, enc[k]);
		ok = ok && e && (!e->possible_clones || (e->possible_clones & mask) == mask);
		drmModeFreeEncoder(e);
	}
	drmModeFreeResources(res);
	return *found && ok;
}

/* The main output lit in g's mode, showing shown. */
static int light(struct guest *g, const struct kms_buffer *shown, struct kms_error *err)
{
	struct kms_output_config cfg = { .output = (size_t)g->main_out,
					 .active = true,
					 .mode = g->mode,
					 .fb_id = shown->fb_id,
					 .fb_width = shown->width,
					 .fb_height = shown->height };

	return kms_commit(g->dev, &cfg, 1, err);
}

/*
 * Off, then lit again: a modeset, which routes the writeback connector to
 * the CRTC (kms/writeback.c). The kernel's fbdev console lit Virtual-1
 * before kms/ opened the device, and an output adopted so was never
 * routed: a capture must not cost a modeset of its own.
 */
static int relight(struct guest *g, const struct kms_buffer *shown, struct kms_error *err)
{
	int r = kms_output_off(g->dev, (size_t)g->main_out, err);

	return r < 0 ? r : light(g, shown, err);
}

void check_writeback(struct guest *g)
{
	const struct kms_output *o = kms_output(g->dev, (size_t)g->main_out);
	uint32_t w = g->mode.hdisplay, h = g->mode.vdisplay;
	struct kms_buffer a = { 0 }, b = { 0 }, shot = { 0 }, small = { 0 };
	struct kms_error err = { "" };
	size_t diff_a = (size_t)-1, diff_b = (size_t)-1;
	int r;

	if (strcmp(g->driver, "vkms")) {
		r = kms_capture(g->dev, (size_t)g->main_out, &g->buf[0], &err);
		result("kms-writeback-none",
		       r == -EOPNOTSUPP && strstr(err.message, g->driver) &&
			       strstr(err.message, "writeback"),
		       "r %d: %s", r, err.message);
		return;
	}
	bool found, clone = kernel_allows_clone(kms_fd(g->dev), o->connector_id, &found);

	r = kms_buffer_create(g->dev, w, h, DRM_FORMAT_XRGB8888, &a, &err);
	if (r == 0)
		r = kms_buffer_create(g->dev, w, h, DRM_FORMAT_XRGB8888, &b, &err);
	if (r == 0)
		r = kms_buffer_create(g->dev, w, h, DRM_FORMAT_XRGB8888, &shot, &err);
	if (r == 0) {
		draw(&a, 17);
		draw(&b, 101);
		if (clone)
			r = relight(g, &a, &err);
	}
	if (r == 0)
		r = flip_and_capture(g, &a, &shot, &diff_a, &err);
	if (clone) {
		if (r == 0)
			r = flip_and_capture(g, &b, &shot, &diff_b, &err);
		result("kms-writeback",
		       r == 0 && diff_a == 0 && diff_b == 0 &&
			       differing(&a, &b) > (size_t)w * h / 2 && o->active &&
			       o->mode.hdisplay == w,
		       "%ux%u: capture of pattern A differs in %zd pixels, of pattern B in %zd; "
		       "output %s %s",
		       w, h, (ssize_t)diff_a, (ssize_t)diff_b, o->active ? "still lit" : "DARK",
		       r ? err.message : "");
	} else {
		result("kms-writeback-refused",
		       found && r == -EOPNOTSUPP && strstr(err.message, "clones") &&
			       strstr(err.message, g->driver) && o->active,
		       "the kernel lists a writeback connector (%s) whose encoder may not be a "
		       "clone of %s's: r %d: %s",
		       found ? "yes" : "NO", o->name, r, err.message);
	}
	/* a buffer of another size is refused by name */
	r = kms_buffer_create(g->dev, 64, 64, DRM_FORMAT_XRGB8888, &small, &err);
	if (r == 0)
		r = kms_capture(g->dev, (size_t)g->main_out, &small, &err);
	result("kms-writeback-size", r == -EINVAL && strstr(err.message, "cannot take"), "r %d: %s",
	       r, err.message);
	/* back to what the other checks expect on screen */
	if (kms_flip(g->dev, (size_t)g->main_out, g->buf[0].fb_id, 0, NULL, &err) == 0) {
		struct kms_flip_event ev;
		wait_flip(g, g->main_out, &ev);
	}
	if (a.handle)
		kms_buffer_destroy(g->dev, &a);
	if (b.handle)
		kms_buffer_destroy(g->dev, &b);
	if (shot.handle)
		kms_buffer_destroy(g->dev, &shot);
	if (small.handle)
		kms_buffer_destroy(g->dev, &small);
}

void check_writeback_stock(struct guest *g)
{
	const struct kms_output *o = kms_output(g->dev, (size_t)g->main_out);
	struct kms_error err = { "" };
	int r = preferred_mode(o, &g->mode) ? 0 : -ENOENT;

	/* lit as check_modeset_and_flips leaves it, without its results */
	if (r == 0)
		r = kms_buffer_create(g->dev, g->mode.hdisplay, g->mode.vdisplay,
				      DRM_FORMAT_XRGB8888, &g->buf[0], &err);
	if (r == 0)
		r = light(g, &g->buf[0], &err);
	if (r < 0) {
		result("kms-writeback-refused", false, "lighting %s: r %d: %s", o->name, r,
		       err.message);
		return;
	}
	check_writeback(g);
	kms_buffer_destroy(g->dev, &g->buf[0]);
}
