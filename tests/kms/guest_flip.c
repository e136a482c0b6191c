/*
 * Modeset, a framebuffer change without a modeset, 300 flips and the
 * kernel's vblank counter.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <drm_fourcc.h>
#include <xf86drm.h>

#include "guest.h"

#define FLIPS 300

static void fill(struct kms_buffer *b, uint32_t color)
{
	for (uint32_t y = 0; y < b->height; y++) {
		uint32_t *row = (uint32_t *)((char *)b->map + (size_t)y * b->pitch);
		for (uint32_t x = 0; x < b->width; x++)
			row[x] = color;
	}
}

static void check_modeset(struct guest *g)
{
	const struct kms_output *o = kms_output(g->dev, (size_t)g->main_out);
	struct kms_error err = { "" };
	struct kms_output_config cfg = { .output = (size_t)g->main_out, .active = true };
	drmModeCrtc *crtc = NULL;
	int r = -ENOENT;

	if (preferred_mode(o, &g->mode) &&
	    (r = kms_buffer_create(g->dev, g->mode.hdisplay, g->mode.vdisplay, DRM_FORMAT_XRGB8888,
				   &g->buf[0], &err)) == 0 &&
	    (r = kms_buffer_create(g->dev, g->mode.hdisplay, g->mode.vdisplay, DRM_FORMAT_XRGB8888,
				   &g->buf[1], &err)) == 0) {
		fill(&g->buf[0], 0x00204080);
		fill(&g->buf[1], 0x00806040);
		cfg.mode = g->mode;
		cfg.fb_id = g->buf[0].fb_id;
		cfg.fb_width = g->buf[0].width;
		cfg.fb_height = g->buf[0].height;
		r = kms_validate(g->dev, &cfg, 1, &err);
		if (r == 0)
			r = kms_commit(g->dev, &cfg, 1, &err);
	}
	/* What the kernel says is on the CRTC now, read past kms/. */
	if (r == 0)
		crtc = drmModeGetCrtc(kms_fd(g->dev), o->crtc_id);
	result("kms-modeset",
	       r == 0 && crtc && crtc->mode_valid && crtc->buffer_id == g->buf[0].fb_id &&
		       !memcmp(&crtc->mode, &g->mode, sizeof(g->mode)) && o->active,
	       "%s: r %d CRTC %u %ux%u@%u fb %u (want %u) %s", o->name, r, o->crtc_id,
	       crtc ? crtc->mode.hdisplay : 0, crtc ? crtc->mode.vdisplay : 0,
	       crtc ? crtc->mode.vrefresh : 0, crtc ? crtc->buffer_id : 0, g->buf[0].fb_id,
	       r ? err.message : "");
	drmModeFreeCrtc(crtc);

	/*
	 * A framebuffer change alone needs no modeset: the commit goes without
	 * ALLOW_MODESET, which the kernel would refuse if it were one.
	 */
	cfg.fb_id = g->buf[1].fb_id;
	bool needs = kms_needs_modeset(g->dev, &cfg, 1);
	r = kms_commit(g->dev, &cfg, 1, &err);
	crtc = drmModeGetCrtc(kms_fd(g->dev), o->crtc_id);
	result("kms-no-modeset", !needs && r == 0 && crtc && crtc->buffer_id == g->buf[1].fb_id,
	       "needs modeset %d, commit %d, fb on CRTC %u (want %u) %s", needs, r,
	       crtc ? crtc->buffer_id : 0, g->buf[1].fb_id, r ? err.message : "");
	drmModeFreeCrtc(crtc);
}

static void check_flips(struct guest *g)
{
	static uint64_t seq[FLIPS], ts[FLIPS];
	struct kms_flip_event ev;
	struct kms_error err = { "" };
	bool kernel_seq = true, ok = true;
	int done = 0, r = 0, missed = 0;
	/* The frame period from the mode: htotal * vtotal pixels at clock kHz. */
	uint64_t period = (uint64_t)g->mode.htotal * g->mode.vtotal * 1000000u / g->mode.clock;
	int64_t worst = 0;

	for (int i = 0; i < FLIPS; i++) {
		r = kms_flip(g->dev, (size_t)g->main_out, g->buf[i & 1].fb_id, 0, &seq[i], &err);
		if (r < 0 || !wait_flip(g, g->main_out, &ev) || ev.user_data != &seq[i])
			break;
		seq[i] = ev.sequence;
		ts[i] = ev.time_ns;
		kernel_seq = kernel_seq && ev.kernel_sequence;
		done++;
	}
	for (int i = 1; i < done; i++) {
		uint64_t dseq = seq[i] - seq[i - 1], dt = ts[i] - ts[i - 1];
		if (seq[i] <= seq[i - 1] || ts[i] <= ts[i - 1]) {
			ok = false;
			continue;
		}
		if (!kernel_seq) {
			/* No vblank counter: one per completed flip, and times only go forward. */
			ok = ok && dseq == 1;
			continue;
		}
		/* Each sequence step is one frame period of the kernel's timestamps. */
		int64_t off = (int64_t)dt - (int64_t)(dseq * period);
		if (off < 0)
			off = -off;
		if (off > worst)
			worst = off;
		missed += (int)(dseq - 1);
	}
	if (kernel_seq)
		ok = ok && worst <= 50000;
	uint64_t span = done > 1 ? ts[done - 1] - ts[0] : 0;
	result("kms-flips", done == FLIPS && ok,
	       "%d of %d flips, sequence %llu..%llu (%s), %s %llu us mean interval, frame period "
	       "%llu us, worst deviation from sequence x period %lld us, %d frames skipped %s",
	       done, FLIPS, (unsigned long long)(done ? seq[0] : 0),
	       (unsigned long long)(done ? seq[done - 1] : 0),
	       kernel_seq ? "the kernel's vblank count" : "counted: the driver has no vblank",
	       kernel_seq ? "timestamps" : "completion times",
	       (unsigned long long)(done > 1 ? span / (uint64_t)(done - 1) / 1000 : 0),
	       (unsigned long long)(period / 1000), (long long)(worst / 1000), missed,
	       r ? err.message : "");

	uint64_t vseq = 0, vns = 0;
	r = kms_vblank_now(g->dev, (size_t)g->main_out, &vseq, &vns, &err);
	if (kernel_seq)
		result("kms-vblank", r == 0 && done && vseq >= seq[done - 1] && vns >= ts[done - 1],
		       "r %d: vblank %llu at %llu ns, last flip %llu", r, (unsigned long long)vseq,
		       (unsigned long long)vns, (unsigned long long)(done ? seq[done - 1] : 0));
	else
		result("kms-vblank", r == -EOPNOTSUPP && strstr(err.message, "no vblank counter"),
		       "r %d: %s", r, err.message);
}

static void on_vblank(const struct kms_vblank_event *ev, void *data)
{
	*(struct kms_vblank_event *)data = *ev;
}

/* Ten vblank events in a row from the kernel's sequence API. */
static void check_vblank_events(struct guest *g)
{
	const struct kms_events events = { .vblank = on_vblank };
	uint64_t period = (uint64_t)g->mode.htotal * g->mode.vtotal * 1000000u / g->mode.clock;
	struct kms_vblank_event ev[10];
	struct kms_error err = { "" };
	int got = 0, r = 0;
	bool ok = true;

	for (int i = 0; i < 10; i++) {
		ev[i].user_data = NULL;
		r = kms_vblank_request(g->dev, (size_t)g->main_out, &ev[i], &err);
		if (r < 0)
			break;
		/* The event lands in ev[i]; its user data says which request it answers. */
		while (ev[i].user_data != &ev[i] && wait_readable(kms_fd(g->dev), 2000))
			kms_dispatch(g->dev, &events, &ev[i]);
		if (ev[i].user_data != &ev[i])
			break;
		got++;
	}
	for (int i = 1; i < got; i++) {
		uint64_t dseq = ev[i].sequence - ev[i - 1].sequence;
		int64_t off =
			(int64_t)(ev[i].time_ns - ev[i - 1].time_ns) - (int64_t)(dseq * period);
		ok = ok && ev[i].sequence > ev[i - 1].sequence && off < 50000 && off > -50000;
	}
	if (strcmp(g->driver, "vkms") == 0)
		result("kms-vblank-events", got == 10 && ok,
		       "%d of 10 events, sequences %llu..%llu, each step one frame period (%llu "
		       "us) "
		       "%d %s",
		       got, (unsigned long long)(got ? ev[0].sequence : 0),
		       (unsigned long long)(got ? ev[got - 1].sequence : 0),
		       (unsigned long long)(period / 1000), ok, r ? err.message : "");
	else
		result("kms-vblank-events",
		       r == -EOPNOTSUPP && strstr(err.message, "no vblank events"), "r %d: %s", r,
		       err.message);
}

/* Neither vkms nor virtio-gpu flips without waiting for vblank: refused in words. */
static void check_async_refused(struct guest *g)
{
	struct kms_error err = { "" };
	int r = kms_flip(g->dev, (size_t)g->main_out, g->buf[0].fb_id, KMS_FLIP_ASYNC, NULL, &err);
	uint64_t cap = 1;

	drmGetCap(kms_fd(g->dev), DRM_CAP_ASYNC_PAGE_FLIP, &cap);
	result("kms-async-refused",
	       cap == 0 && r == -EOPNOTSUPP && strstr(err.message, "no asynchronous flips") &&
		       !kms_flip_pending(g->dev, (size_t)g->main_out),
	       "DRM_CAP_ASYNC_PAGE_FLIP %llu, r %d: %s", (unsigned long long)cap, r, err.message);
}

void check_modeset_and_flips(struct guest *g)
{
	check_modeset(g);
	check_flips(g);
	check_vblank_events(g);
	check_async_refused(g);
}
