/*
 * Starting over what an earlier dcd left on the screens (docs/recovery.md).
 *
 * The hardware is the truth: dc_snapshot reads every running pipe back,
 * and dc_adopt takes that as committed without writing a register. The
 * state file says what the earlier dcd committed; where the two disagree
 * the hardware wins and each difference is logged on its own line,
 * naming the output and the field. Where they agree, the file fills in
 * what registers cannot hold (the mode's exact clock, name and flags, the
 * framebuffer's size, fractional source coordinates, the destination
 * rectangle, the cursor's hot spot), so the first commit of a returning
 * compositor is a plane update, never a modeset.
 *
 * Framebuffers: the state file lists the ones in systemd's fd store with
 * their device addresses; those handed back at start are mapped again at
 * the same addresses, so adopted planes keep showing their real pixels.
 * An adopted output whose buffer did not come back (no systemd, or no
 * state file) shows the idle configuration, which with the default
 * "current" keeps the timing: the plane goes, the monitor stays in sync.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "dcd.h"
#include "recovery.h"

static const struct dcd_saved_output *saved_output(const struct dcd_saved_state *st, unsigned link)
{
	for (unsigned i = 0; i < st->n_outputs; i++) {
		if (st->outputs[i].stream.link == link)
			return &st->outputs[i];
	}
	return NULL;
}

static const struct dcd_stored_fb *saved_fb_at(const struct dcd_saved_state *st, uint64_t addr)
{
	for (unsigned i = 0; i < st->n_fbs; i++) {
		if (addr >= st->fbs[i].iova && addr < st->fbs[i].iova + st->fbs[i].size)
			return &st->fbs[i];
	}
	return NULL;
}

static void mode_text(const struct drm_mode_modeinfo *m, char *buf, size_t size)
{
	char name[32];

	dcd_mode_name(m, name, sizeof(name));
	snprintf(buf, size, "%s (%u kHz, %u %u %u %u / %u %u %u %u)", name, m->clock, m->hdisplay,
		 m->hsync_start, m->hsync_end, m->htotal, m->vdisplay, m->vsync_start, m->vsync_end,
		 m->vtotal);
}

/*
 * The hardware's stream hw against the file's mode b: the clock as the
 * engine can read it back (a PLL's rate rounded to the kHz, or a PLL that
 * cannot make b's clock exactly: the engine says whether b's clock runs
 * it as it runs).
 */
static bool timing_same(struct dcd *dcd, const struct dc_stream *hw,
			const struct drm_mode_modeinfo *b)
{
	const struct drm_mode_modeinfo *a = &hw->mode;
	const uint32_t flags = ~(uint32_t)DRM_MODE_FLAG_PIC_AR_MASK;

	return a->hdisplay == b->hdisplay && a->hsync_start == b->hsync_start &&
	       a->hsync_end == b->hsync_end && a->htotal == b->htotal &&
	       a->vdisplay == b->vdisplay && a->vsync_start == b->vsync_start &&
	       a->vsync_end == b->vsync_end && a->vtotal == b->vtotal &&
	       (a->flags & flags) == (b->flags & flags) &&
	       dcd->engine->ops->clock_agrees(dcd->engine, hw, b->clock);
}

/*
 * Compares what the hardware shows with what the file says, one log line
 * per field that differs. Returns the number of differences.
 */
static unsigned compare(struct dcd *dcd, const struct dc_stream *hw,
			const struct dcd_saved_output *so, const struct dcd_saved_state *st)
{
	const struct dc_stream *f = &so->stream;
	const struct dc_plane *hp = &hw->primary, *fp = &f->primary;
	const struct dc_stream_resources *hr = &hw->res, *fr = &f->res;
	const char *name = dcd_link_name(dcd, hw->link);
	char a[96], b[96];
	unsigned n = 0;

#define DIFF(field, ...)                                                                           \
	do {                                                                                       \
		n++;                                                                               \
		log_warning("%s: %s differs: the hardware has " field "; the hardware wins", name, \
			    __VA_ARGS__);                                                          \
	} while (0)

	if (!timing_same(dcd, hw, &f->mode)) {
		mode_text(&hw->mode, a, sizeof(a));
		mode_text(&f->mode, b, sizeof(b));
		DIFF("%s, the state file %s", "mode", a, b);
	}
	if (hw->encoding != f->encoding || hw->bpc != f->bpc)
		DIFF("encoding %d at %u bpc, the state file encoding %d at %u bpc", "encoding",
		     hw->encoding, hw->bpc, f->encoding, f->bpc);
	if (hw->blank_color != f->blank_color)
		DIFF("0x%06x, the state file 0x%06x", "blank color", hw->blank_color,
		     f->blank_color);
	if (hr->vrr_vtotal_max != fr->vrr_vtotal_max)
		DIFF("V_TOTAL_MAX %u lines, the state file %u (0: variable refresh off)",
		     "variable refresh", hr->vrr_vtotal_max, fr->vrr_vtotal_max);
	if (hr->timing_generator != fr->timing_generator ||
	    hr->stream_encoder != fr->stream_encoder || hr->link_encoder != fr->link_encoder ||
	    hr->clock_source != fr->clock_source || hr->signal != fr->signal)
		DIFF("pipe %d, DIG %d/%d, clock source %d, signal %d; the state file pipe %d, DIG "
		     "%d/%d, clock source %d, signal %d",
		     "resources", hr->timing_generator, hr->stream_encoder, hr->link_encoder,
		     hr->clock_source, hr->signal, fr->timing_generator, fr->stream_encoder,
		     fr->link_encoder, fr->clock_source, fr->signal);
	if (dcd->engine->copies_frames) {
		/* the plane the engine reads back is its own copy: the file's word */
	} else if (hp->enabled != fp->enabled) {
		DIFF("it %s, the state file %s", "primary plane", hp->enabled ? "on" : "off",
		     fp->enabled ? "on" : "off");
	} else if (hp->enabled) {
		if (dc_format_opaque(hp->format) != dc_format_opaque(fp->format) ||
		    hp->pitch != fp->pitch)
			DIFF("%.4s pitch %u, the state file %.4s pitch %u", "primary plane format",
			     (const char *)&hp->format, hp->pitch, (const char *)&fp->format,
			     fp->pitch);
		if (hp->src_x >> 16 != fp->src_x >> 16 || hp->src_y >> 16 != fp->src_y >> 16 ||
		    hp->src_w >> 16 != fp->src_w >> 16 || hp->src_h >> 16 != fp->src_h >> 16)
			DIFF("%ux%u+%u+%u, the state file %ux%u+%u+%u", "primary plane viewport",
			     hp->src_w >> 16, hp->src_h >> 16, hp->src_x >> 16, hp->src_y >> 16,
			     fp->src_w >> 16, fp->src_h >> 16, fp->src_x >> 16, fp->src_y >> 16);
		/* the address is not compared: flips move it without a commit */
	}
	if (!dcd->engine->copies_frames && hw->cursor.enabled != f->cursor.enabled)
		DIFF("it %s, the state file %s", "cursor", hw->cursor.enabled ? "on" : "off",
		     f->cursor.enabled ? "on" : "off");
#undef DIFF
	return n;
}

/*
 * What the file knows and the registers cannot hold, where both agree.
 * copies: the engine shows copies of client frames (KMS), so its plane
 * says nothing of the client's buffer: the file's plane and blank colour
 * are taken whole (the address of the buffer committed last; the picture
 * on screen is the engine's copy of the last flip), the cursor stays off
 * (the engine shows none after a restart).
 */
static void fill_in(struct dc_stream *hw, const struct dc_stream *f, bool copies)
{
	struct dc_stream_resources res = hw->res;
	uint64_t address = hw->primary.address;
	int64_t cx = (int64_t)f->cursor.x - f->cursor.hot_x,
		cy = (int64_t)f->cursor.y - f->cursor.hot_y;

	hw->mode = f->mode;
	hw->res = res;
	if (copies) {
		hw->primary = f->primary;
		hw->blank_color = f->blank_color;
		return;
	}
	if (hw->primary.enabled) {
		hw->primary = f->primary;
		hw->primary.address = address;
	}
	if (hw->cursor.enabled && hw->cursor.address == f->cursor.address && hw->cursor.x == cx &&
	    hw->cursor.y == cy)
		hw->cursor = f->cursor;
}

/* The hardware and the file side by side: logs differences, fills in what agrees. */
static void reconcile(struct dcd *dcd, struct dc_state *hw, const struct dcd_saved_state *st)
{
	char mode[32];

	for (unsigned i = 0; i < st->n_outputs; i++) {
		const struct dcd_saved_output *so = &st->outputs[i];
		bool on = false;

		for (unsigned k = 0; k < hw->stream_count; k++)
			on |= hw->streams[k].link == so->stream.link;
		if (so->lit && !on) {
			dcd_mode_name(&so->stream.mode, mode, sizeof(mode));
			log_warning("%s: lit differs: the hardware has it off, the state file %s; "
				    "the hardware wins",
				    so->link, mode);
		}
	}
	for (unsigned k = 0; k < hw->stream_count; k++) {
		struct dc_stream *s = &hw->streams[k];
		const struct dcd_saved_output *so = saved_output(st, s->link);

		if (!so || !so->lit) {
			dcd_mode_name(&s->mode, mode, sizeof(mode));
			log_warning(
				"%s: lit differs: the hardware shows %s, the state file %s; the "
				"hardware wins",
				dcd_link_name(dcd, s->link), mode,
				so ? "has it off" : "does not name it");
			continue;
		}
		if (compare(dcd, s, so, st) == 0)
			fill_in(s, &so->stream, dcd->engine->copies_frames);
	}
}

/* ---- framebuffers from the fd store ----------------------------------------------------- */

/* Maps the stored framebuffer that holds addr, if its fd came back; NULL otherwise. */
static struct dcd_fb *fb_back(struct dcd *dcd, const struct dcd_saved_state *st, uint64_t addr,
			      struct dcd_fb **adopted, unsigned *n_adopted)
{
	const struct dcd_stored_fb *sf = saved_fb_at(st, addr);
	struct dcp_error err = { 0 };
	struct dcd_fb *fb;
	char name[32];
	int fd, r;

	if (!sf)
		return NULL;
	for (unsigned i = 0; i < *n_adopted; i++) {
		if (adopted[i]->id == sf->id)
			return dcd_fb_ref(adopted[i]);
	}
	snprintf(name, sizeof(name), DCD_FDNAME_FB_PREFIX "%u", sf->id);
	fd = dcd_received_take(dcd, name);
	if (fd < 0) {
		/* systemd does not acknowledge FDSTORE=1: this is where a lost one shows */
		log_warning("fd store: %s is in the state file but systemd did not hand it back "
			    "(its store was full or smaller than dcd assumed); the picture at "
			    "0x%llx is not adopted",
			    name, (unsigned long long)sf->iova);
		return NULL;
	}
	fb = calloc(1, sizeof(*fb));
	if (!fb) {
		close(fd);
		return NULL;
	}
	r = dci_fb_map(fd, &sf->layout, &fb->map, &err);
	if (r == 0 && fb->map.size != sf->size)
		r = -EINVAL;
	if (r == 0)
		r = dcd_engine_map_at(dcd, fb->map.data, fb->map.size, sf->iova);
	if (r < 0) {
		log_warning("fd store: %s: cannot map it again at 0x%llx: %s", name,
			    (unsigned long long)sf->iova, err.text[0] ? err.text : strerror(-r));
		dci_fb_unmap(&fb->map);
		free(fb);
		dcd_fdstore_forget(dcd, name); /* of no use to anyone now */
		close(fd);
		return NULL;
	}
	fb->dcd = dcd;
	fb->id = sf->id;
	fb->refs = 1; /* the use that asked for it */
	fb->layout = sf->layout;
	fb->iova = sf->iova;
	fb->iova_size = sf->size;
	/* Still in the store: the mirror lists it until its memory goes. */
	dcd_fdstore_fb_known(dcd, sf);
	fb->stored = true;
	fb->fd = fd;
	adopted[(*n_adopted)++] = fb;
	log_info("fd store: %s mapped again at 0x%llx (%ux%u %.4s)", name,
		 (unsigned long long)sf->iova, sf->layout.width, sf->layout.height,
		 (const char *)&sf->layout.format);
	return fb;
}

/* Gives adopted planes their framebuffers; returns the links whose picture is whole. */
static uint32_t buffers_back(struct dcd *dcd, const struct dc_state *hw,
			     const struct dcd_saved_state *st)
{
	struct dcd_fb *adopted[2 * DC_MAX_STREAMS];
	unsigned n_adopted = 0;
	uint32_t whole = 0;

	for (unsigned k = 0; k < hw->stream_count; k++) {
		const struct dc_stream *s = &hw->streams[k];
		struct dcd_output *o = dcd_output(dcd, s->link);
		struct dcd_fb *primary, *cursor = NULL;
		bool complete;

		if (!o || !s->primary.enabled)
			continue; /* the idle picture: shown again as configured */
		primary = fb_back(dcd, st, s->primary.address, adopted, &n_adopted);
		if (s->cursor.enabled)
			cursor = fb_back(dcd, st, s->cursor.address, adopted, &n_adopted);
		complete = primary && (!s->cursor.enabled || cursor);
		dcd_output_adopt(o, primary, cursor, complete ? &s->cursor : NULL);
		if (complete) {
			whole |= 1u << s->link;
		} else if (dcd->engine->copies_frames) {
			/* the engine's copy of the last frame is on screen all the same */
			whole |= 1u << s->link;
			log_notice("%s: the client's framebuffer did not come back (%s); the "
				   "engine's copy of its last frame stays on screen",
				   dcd_link_name(dcd, s->link),
				   dcd->recovery->fdstore ? "not in the fd store"
							  : "no fd store without systemd");
		} else {
			log_notice("%s: its framebuffer%s did not survive (%s); it shows the idle "
				   "configuration",
				   dcd_link_name(dcd, s->link), s->cursor.enabled ? "s" : "",
				   dcd->recovery->fdstore ? "not in the fd store"
							  : "no fd store without systemd");
		}
	}
	return whole;
}

uint32_t dcd_recover(struct dcd *dcd)
{
	struct dcd_recovery *rc = dcd->recovery;
	struct dcd_saved_state st = { 0 };
	struct dc_state hw;
	uint32_t whole = 0;
	char why[400] = "", mode[32];
	bool have = false;
	int r;

	if (rc->state_path) {
		r = dcd_state_read(dcd, rc->state_path, &st, why, sizeof(why));
		have = r == 0;
		if (r < 0 && r != -ENOENT)
			log_warning("%s: %s; ignored: what the hardware shows is adopted as it is",
				    rc->state_path, why);
	}
	if (!dcd->engine->adopt) {
		/* a new simulated engine: whatever the file says ran on one that is gone */
		if (have)
			log_notice("%s: describes an engine that is gone (%s); not used",
				   rc->state_path,
				   dcd->engine->fresh_why ? dcd->engine->fresh_why
							  : "a new one was made");
		goto out;
	}
	if (have) {
		dcd->next_fb_id = st.next_fb_id;
		log_info("%s: written by dcd instance %016llx: %u outputs, %u framebuffers in "
			 "the fd store",
			 rc->state_path, (unsigned long long)st.instance, st.n_outputs, st.n_fbs);
	}
	/* before the snapshot: a kept lessee's outputs are no streams of dcd's */
	dcd_kms_leases_recover(dcd, have ? &st : NULL);
	r = dcd->engine->ops->snapshot(dcd->engine, &hw);
	if (r < 0) {
		log_warning("reading back the hardware state: %s", strerror(-r));
		goto out;
	}
	if (!hw.stream_count)
		goto out;
	if (have)
		reconcile(dcd, &hw, &st);
	r = dcd->engine->ops->adopt(dcd->engine, &hw);
	if (r < 0) {
		log_warning("cannot adopt what the hardware shows: %s; starting with the idle "
			    "configuration",
			    strerror(-r));
		goto out;
	}
	for (unsigned i = 0; i < hw.stream_count; i++) {
		dcd_mode_name(&hw.streams[i].mode, mode, sizeof(mode));
		log_notice("%s: adopted %s as the hardware shows it",
			   dcd_link_name(dcd, hw.streams[i].link), mode);
	}
	whole = buffers_back(dcd, &hw, &st);
	if (have) {
		uint32_t lit = 0;

		for (unsigned i = 0; i < hw.stream_count; i++)
			lit |= 1u << hw.streams[i].link;
		dcd_grace_start(dcd, &st, lit);
	}
out:
	/* fb ids go on from the highest the store knew, so names stay unique */
	for (unsigned i = 0; i < rc->n_received; i++) {
		unsigned long id;

		if (!strncmp(rc->received[i].name, DCD_FDNAME_FB_PREFIX, 3) &&
		    sscanf(rc->received[i].name + 3, "%lu", &id) == 1 && id >= dcd->next_fb_id &&
		    id < UINT32_MAX)
			dcd->next_fb_id = (uint32_t)id + 1;
	}
	dcd_received_drop_rest(dcd);
	dcd_saved_state_free(&st);
	return whole;
}
