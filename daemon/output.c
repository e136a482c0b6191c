/*
 * The outputs' state, owned here (dcd.h, "outputs"): the one bounds-checked
 * lookup, and the changes whose invariants go together: a lease ends the
 * restart reservation and an unleased output shows the idle picture; the
 * planes' framebuffer references move to the retired list until scanout
 * has certainly left them; the vblank interrupt is on while subscribers,
 * blocking COMMITs or retired planes need it.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dc_modes.h"
#include "dcd.h"

uint64_t dcd_output_frame_ns(const struct dcd *dcd, unsigned link)
{
	const struct dc_stream *s = dcd_current_stream(dcd, link);

	if (!s || !s->mode.clock)
		return 0;
	return ((uint64_t)s->mode.htotal * s->mode.vtotal * 1000000ull + s->mode.clock - 1) /
	       s->mode.clock;
}

uint64_t dcd_output_active_ns(const struct dcd *dcd, unsigned link)
{
	const struct dc_stream *s = dcd_current_stream(dcd, link);

	if (!s || !s->mode.clock)
		return 0;
	return (uint64_t)s->mode.htotal * s->mode.vdisplay * 1000000ull / s->mode.clock;
}

/* ---- the outputs ----------------------------------------------------------------- */

/*
 * Takes a const struct dcd as strchr takes a const string: callers that
 * only read (link info, the state file) hold a const one, the others
 * change the output they get.
 */
struct dcd_output *dcd_output(const struct dcd *dcd, unsigned link)
{
	if (link >= dcd->link_count || link >= DC_MAX_LINKS)
		return NULL;
	return (struct dcd_output *)&dcd->outputs[link];
}

void dcd_outputs_init(struct dcd *dcd)
{
	for (unsigned i = 0; i < dcd->link_count && i < DC_MAX_LINKS; i++) {
		dcd->outputs[i].link = i;
		dcd->outputs[i].connection = DCP_CONNECTION_UNKNOWN;
	}
}

/* ---- leases and the restart reservation ---------------------------------------- */

void dcd_output_lease(struct dcd_output *o, struct dcd_lease *lease)
{
	o->lease = lease;
	o->reserved.active = false; /* its lessee is back */
}

void dcd_output_unlease(struct dcd *dcd, struct dcd_output *o)
{
	o->lease = NULL;
	dcd_flips_cancel(dcd, o);
	dcd_output_mark_idle(dcd, o);
}

void dcd_output_reserve(struct dcd_output *o, uid_t uid, const char *name)
{
	o->reserved.active = true;
	o->reserved.uid = uid;
	snprintf(o->reserved.name, sizeof(o->reserved.name), "%s", name);
}

void dcd_output_unreserve(struct dcd_output *o)
{
	o->reserved.active = false;
}

bool dcd_output_reserved_for_other(const struct dcd_output *o, uid_t uid, const char *name)
{
	return o->reserved.active &&
	       (uid != o->reserved.uid || strcmp(name, o->reserved.name) != 0);
}

/* ---- the idle picture's work ----------------------------------------------------- */

void dcd_output_mark_idle(struct dcd *dcd, struct dcd_output *o)
{
	if (o->lease || o->kms_held)
		return; /* its lessee's picture stays */
	o->need_idle = true;
	dcd->work = true;
}

void dcd_output_cancel_idle(struct dcd_output *o)
{
	o->need_idle = false;
}

/* ---- what the planes show ------------------------------------------------------- */

void dcd_output_set_scanout(struct dcd *dcd, struct dcd_output *o, struct dcd_fb *fb)
{
	if (o->scanout == fb)
		return;
	dcd_output_retire(dcd, o, o->scanout);
	o->scanout = dcd_fb_ref(fb);
}

void dcd_output_set_cursor(struct dcd *dcd, struct dcd_output *o, struct dcd_fb *fb,
			   const struct dc_cursor *cursor)
{
	if (o->cursor_fb != fb) {
		dcd_output_retire(dcd, o, o->cursor_fb);
		o->cursor_fb = dcd_fb_ref(fb);
	}
	o->cursor = *cursor;
}

void dcd_output_adopt(struct dcd_output *o, struct dcd_fb *scanout, struct dcd_fb *cursor_fb,
		      const struct dc_cursor *cursor)
{
	o->scanout = scanout;
	o->cursor_fb = cursor_fb;
	if (cursor)
		o->cursor = *cursor;
}

void dcd_output_flip_latched(struct dcd *dcd, struct dcd_output *o, struct dcd_fb *fb,
			     uint64_t ts_ns)
{
	const struct dc_stream *s = dcd_current_stream(dcd, o->link);

	if (!s || !s->primary.enabled) {
		/* The plane went off while it was pending: latched unseen. */
		dcd_output_retire(dcd, o, fb);
	} else {
		struct dcd_fb *old = o->scanout;

		o->scanout = fb; /* the pending slot's reference moves here */
		/* Scanout has moved off the previous buffer. */
		dcd_fb_unref(old);
	}
	dcd_output_release_retired(dcd, o, ts_ns);
}

void dcd_outputs_free(struct dcd *dcd)
{
	dcd_for_each_output(dcd, o) {
		dcd_flips_cancel(dcd, o);
		dcd_fb_unref(o->pending.fb);
		dcd_fb_unref(o->scanout);
		dcd_fb_unref(o->cursor_fb);
		for (unsigned k = 0; k < o->nretired; k++)
			dcd_fb_unref(o->retired[k].fb);
		free(o->retired);
	}
}

/* ---- vblank users ----------------------------------------------------------------- */

void dcd_output_update_vblank(struct dcd *dcd, struct dcd_output *o)
{
	bool want = o->vblank_subscribers || o->vblank_waiters || o->nretired;
	int r;

	if (want == o->vblank_on || dcd->engine->lost)
		return;
	if (want && !dcd_current_stream(dcd, o->link))
		return; /* off: turned on by the commit that lights it */
	if (dcd->in_dc) {
		/* From a DC callback: DC is not re-entered, dcd_process does it. */
		dcd->work = true;
		return;
	}
	r = dcd->engine->ops->vblank_enable(dcd->engine, o->link, want);
	if (r < 0) {
		log_warning("%s: vblank interrupt %s: %s", dcd_link_name(dcd, o->link),
			    want ? "on" : "off", strerror(-r));
		return;
	}
	o->vblank_on = want;
}

void dcd_output_vblank_subscribe(struct dcd_client *c, struct dcd_output *o, bool on)
{
	uint32_t bit = 1u << o->link;

	if (on && !(c->vblank_links & bit)) {
		c->vblank_links |= bit;
		c->vblank[o->link] = (struct dcd_vblank_hold){ 0 };
		o->vblank_subscribers++;
	} else if (!on && (c->vblank_links & bit)) {
		c->vblank_links &= ~bit;
		c->vblank[o->link].held = false;
		o->vblank_subscribers--;
	}
	dcd_output_update_vblank(c->dcd, o);
}

void dcd_output_vblank_wait(struct dcd *dcd, struct dcd_output *o, bool on)
{
	if (on)
		o->vblank_waiters++;
	else
		o->vblank_waiters--;
	dcd_output_update_vblank(dcd, o);
}

/* ---- retired planes ------------------------------------------------------------- */

void dcd_output_retire(struct dcd *dcd, struct dcd_output *o, struct dcd_fb *fb)
{
	uint64_t frame = dcd_output_frame_ns(dcd, o->link);
	uint64_t after = dcd_engine_now_ns(dcd) + frame; /* on the clock of vblank timestamps */

	if (!fb)
		return;
	if (!frame) {
		dcd_fb_unref(fb);
		return;
	}
	for (unsigned i = 0; i < o->nretired; i++) {
		if (o->retired[i].fb == fb) {
			o->retired[i].after_ns = after;
			dcd_fb_unref(fb);
			return;
		}
	}
	if (o->nretired == o->retired_cap) {
		/* Distinct images only, so this stays as short as the number of
		 * framebuffers that left the output within a frame. */
		unsigned cap = o->retired_cap ? o->retired_cap * 2 : 4;
		struct dcd_retired *r = realloc(o->retired, cap * sizeof(*r));

		if (!r) {
			log_error("%s: out of memory; framebuffer %u released early",
				  dcd_link_name(dcd, o->link), fb->id);
			dcd_fb_unref(fb);
			return;
		}
		o->retired = r;
		o->retired_cap = cap;
	}
	o->retired[o->nretired++] = (struct dcd_retired){ fb, after };
	dcd_output_update_vblank(dcd, o);
}

void dcd_output_release_retired(struct dcd *dcd, struct dcd_output *o, uint64_t frame_ns)
{
	unsigned kept = 0;

	if (!o->nretired)
		return;
	for (unsigned i = 0; i < o->nretired; i++) {
		if (o->retired[i].after_ns <= frame_ns)
			dcd_fb_unref(o->retired[i].fb);
		else
			o->retired[kept++] = o->retired[i];
	}
	o->nretired = kept;
	dcd_output_update_vblank(dcd, o);
}

/* ---- head-mounted displays ------------------------------------------------------- */

bool dcd_output_non_desktop(struct dcd *dcd, unsigned link)
{
	struct dc_link_status st;
	int set = dcd_config_non_desktop(&dcd->config, dcd_link_name(dcd, link));

	if (set >= 0)
		return set;
	return dcd_link_status(dcd, link, &st) == 0 && st.non_desktop;
}

/* ---- idle configuration ------------------------------------------------------------ */

const struct dc_mode *dcd_sink_find_mode(const struct dcd_engine_sink *sink, const char *spec)
{
	const struct dc_mode *found;

	return dc_mode_find(sink->modes, sink->mode_count, spec, &found) == 0 ? found : NULL;
}

/*
 * What link shows while idle: *on false for off, else s (no planes, the
 * idle color). Keeps a current timing when it is the idle one, so ending
 * a lease is never a modeset unless the configuration asks for another
 * mode.
 */
static void idle_stream(struct dcd *dcd, unsigned link, struct dc_stream *s, bool *on)
{
	const struct dcd_idle *idle = dcd_config_idle(&dcd->config, dcd_link_name(dcd, link));
	const struct dc_stream *cur = dcd_current_stream(dcd, link);
	struct dcd_engine_sink sink_buf;
	const struct dcd_engine_sink *sink = dcd_link_sink(dcd, link, &sink_buf);
	const struct dc_mode *mode = NULL;
	size_t count;

	*on = false;
	if (!sink || dcd_output(dcd, link)->connection != DCP_CONNECTED ||
	    idle->kind == DCD_IDLE_OFF)
		return;
	/* a headset is lit only by a client that leases it by name */
	if (dcd_output_non_desktop(dcd, link))
		return;
	switch (idle->kind) {
	case DCD_IDLE_OFF:
		return;
	case DCD_IDLE_CURRENT:
		if (!cur)
			return;
		break;
	case DCD_IDLE_PREFERRED:
		mode = dcd_link_modes(dcd, link, &count);
		if (!count) {
			log_warning("%s: no mode of the monitor fits this link; switching it off",
				    dcd_link_name(dcd, link));
			return;
		}
		break;
	case DCD_IDLE_MODE:
		mode = dcd_sink_find_mode(sink, idle->spec);
		if (!mode) {
			log_warning("%s: the monitor offers no mode %s (idle configuration); "
				    "switching it off",
				    dcd_link_name(dcd, link), idle->spec);
			return;
		}
		break;
	}
	memset(s, 0, sizeof(*s));
	if (cur && (!mode || dcd_same_timing(&cur->mode, &mode->info))) {
		s->mode = cur->mode;
		s->encoding = cur->encoding;
		s->bpc = cur->bpc;
	} else if (mode) {
		s->mode = mode->info;
		s->encoding = DC_ENCODING_RGB;
		s->bpc = 8;
	} else {
		return;
	}
	s->link = (uint8_t)link;
	s->blank_color = idle->color;
	*on = true;
}

/* Whether cur already is the idle picture (s, or off). */
static bool shows(const struct dc_stream *cur, const struct dc_stream *s, bool on)
{
	if (!on || !cur)
		return on == (cur != NULL);
	return dcd_same_timing(&cur->mode, &s->mode) && cur->encoding == s->encoding &&
	       cur->bpc == s->bpc && cur->blank_color == s->blank_color && !cur->primary.enabled &&
	       !cur->cursor.enabled;
}

static int apply_idle(struct dcd *dcd, uint32_t links, bool force_off)
{
	struct dcd_plan plan;
	struct dc_error err = { 0 };

	dcd_plan_current(dcd, &plan);
	for (unsigned i = 0; i < dcd->link_count; i++) {
		struct dc_stream s;
		bool on;

		if (!(links & (1u << i)))
			continue;
		idle_stream(dcd, i, &s, &on);
		if (force_off)
			on = false;
		if (shows(dcd_current_stream(dcd, i), &s, on))
			continue;
		plan.links |= 1u << i;
		if (!on) {
			dcd_state_remove_stream(&plan.state, i);
		} else if (dcd_state_put_stream(&plan.state, &s) < 0) {
			/* More links want a picture than the engine has streams. */
			log_warning("%s: idle configuration not shown: %u streams in use, the "
				    "engine has %u",
				    dcd_link_name(dcd, i), plan.state.stream_count, DC_MAX_STREAMS);
			return -ENOSPC;
		}
	}
	if (!plan.links)
		return 0;
	return dcd_apply(dcd, &plan, "idle", NULL, &err);
}

/*
 * Whether the engine may show link's idle picture with a flip pending: a
 * plane-only change (the plane off, the timing kept) blanks at once; off
 * or another mode waits for the flip.
 */
static bool idle_now(struct dcd *dcd, unsigned link)
{
	const struct dc_stream *cur = dcd_current_stream(dcd, link);
	struct dc_stream s;
	bool on;

	if (!dcd_output(dcd, link)->pending.fb)
		return true;
	idle_stream(dcd, link, &s, &on);
	return on && cur && dcd_same_timing(&cur->mode, &s.mode) && cur->encoding == s.encoding &&
	       cur->bpc == s.bpc;
}

void dcd_outputs_go_idle(struct dcd *dcd, uint32_t links)
{
	uint32_t now = 0;

	dcd_for_each_output(dcd, o) {
		if (!(links & (1u << o->link)) || !o->need_idle || !idle_now(dcd, o->link))
			continue;
		o->need_idle = false;
		now |= 1u << o->link;
	}
	if (!now || apply_idle(dcd, now, false) == 0)
		return;
	/* All together did not fit (a mode the others leave no clock for):
	 * one by one, and off what still does not. */
	for (unsigned i = 0; i < dcd->link_count; i++) {
		if ((now & (1u << i)) && apply_idle(dcd, 1u << i, false) < 0 &&
		    apply_idle(dcd, 1u << i, true) < 0)
			log_error("%s: cannot even switch it off", dcd_link_name(dcd, i));
	}
}
