/*
 * The fast path and the engine's callbacks: FLIP (queue depth 1 per plane:
 * one pending on the hardware, one queued behind it), FLIP_DONE from DC's
 * flip_done, cursor updates that never wait for a flip, VBLANK events
 * coalesced for slow clients, hotplug and link events.
 *
 * A flip allocates nothing: its slot is part of the output.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include <drm_fourcc.h>

#include "dbus.h"
#include "dcd.h"
#include "event_loop.h"
#include "recovery.h"

__attribute__((format(printf, 5, 6))) static int flip_error(struct dcp_error *err, int status,
							    enum dcp_reason reason, uint32_t link,
							    const char *fmt, ...)
{
	char text[DCP_MAX_TEXT + 1];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(text, sizeof(text), fmt, ap);
	va_end(ap);
	dcp_error_set(err, status, reason, 0, "FLIP: %s", text);
	err->link = (int32_t)link;
	err->plane = DCP_PLANE_PRIMARY;
	return status;
}

/* Hands the flip f to DC; it becomes the pending one. */
static int submit(struct dcd *dcd, struct dcd_output *o, const struct dcd_flip *f,
		  struct dcp_error *err)
{
	const char *name = dcd_link_name(dcd, o->link);
	uint64_t address = f->fb->iova + f->fb->layout.offsets[0];
	bool was_in_dc = dcd->in_dc; /* from on_flip_done inside a bus wait */
	int r;

	dcd->in_dc = true;
	r = dcd->engine->ops->flip(dcd->engine, o->link, address,
				   f->flags & DCP_FLIP_ASYNC ? DC_FLIP_IMMEDIATE : DC_FLIP_VSYNC);
	dcd->in_dc = was_in_dc;
	if (r == -ENOENT)
		return flip_error(err, r, DCP_REASON_NO_STREAM, o->link, "%s shows nothing", name);
	if (r == -EBUSY)
		return flip_error(err, r, DCP_REASON_FLIP_QUEUE_FULL, o->link,
				  "%s: the engine has a flip pending", name);
	if (r == -EINVAL)
		return flip_error(err, r, DCP_REASON_ARGUMENT, o->link,
				  "%s: the engine refused the address 0x%llx", name,
				  (unsigned long long)address);
	if (r < 0) /* the engine's own errno, not a guess */
		return flip_error(err, r, DCP_REASON_INTERNAL, o->link, "%s: %s", name,
				  strerror(-r));
	o->pending = *f;
	return 0;
}

int dcd_handle_flip(struct dcd_client *c, const struct dcp_request *req, struct dcp_error *err)
{
	const struct dcp_flip *f = &req->flip;
	struct dcd *dcd = c->dcd;
	const struct dc_stream *s;
	struct dcd_output *o;
	struct dcd_flip slot;
	struct dcd_fb *fb;
	int r;

	r = dcd_check_leased(c, "FLIP", f->link, err);
	if (r < 0)
		return r;
	o = dcd_output(dcd, f->link);
	fb = dcd_fb_lookup(c, f->fb_id);
	if (!fb)
		return flip_error(err, -ENOENT, DCP_REASON_UNKNOWN_ID, f->link,
				  "you have no framebuffer %u", f->fb_id);
	s = dcd_current_stream(dcd, f->link);
	if (!s)
		return flip_error(err, -ENOENT, DCP_REASON_NO_STREAM, f->link,
				  "%s shows nothing: commit a mode first",
				  dcd_link_name(dcd, f->link));
	if (!s->primary.enabled)
		return flip_error(err, -EINVAL, DCP_REASON_ARGUMENT, f->link,
				  "%s has no primary plane in its configuration",
				  dcd_link_name(dcd, f->link));
	if (fb->layout.format != s->primary.format || fb->layout.width != s->primary.width ||
	    fb->layout.height != s->primary.height || fb->layout.pitches[0] != s->primary.pitch ||
	    fb->layout.modifier != s->primary.modifier) {
		r = dcp_error_set(
			err, -EINVAL, DCP_REASON_ARGUMENT, 0,
			"FLIP: framebuffer %u is %ux%u %.4s pitch %u; %s shows %ux%u %.4s "
			"pitch %u (commit to change it)",
			fb->id, fb->layout.width, fb->layout.height,
			(const char *)&fb->layout.format, fb->layout.pitches[0],
			dcd_link_name(dcd, f->link), s->primary.width, s->primary.height,
			(const char *)&s->primary.format, s->primary.pitch);
		err->link = (int32_t)f->link;
		err->plane = DCP_PLANE_PRIMARY;
		return r;
	}
	/* On a plane from now on: a crash must not lose it (recovery.h). */
	dcd_fdstore_fb_use(dcd, fb);
	slot = (struct dcd_flip){ .fb = fb,
				  .client = c,
				  .serial = req->hdr.serial,
				  .flags = f->flags,
				  .user_data = f->user_data };
	if (o->pending.fb) {
		if (o->queued.fb)
			return flip_error(err, -EBUSY, DCP_REASON_FLIP_QUEUE_FULL, f->link,
					  "%s: a flip is pending and one queued",
					  dcd_link_name(dcd, f->link));
		dcd_fb_ref(fb);
		o->queued = slot;
		return 0;
	}
	r = submit(dcd, o, &slot, err);
	if (r < 0)
		return r;
	/* An immediate flip completes like any other: through the engine's
	 * interrupt fd, which the loop serves before the next request. */
	dcd_fb_ref(fb);
	return 0;
}

/*
 * A queued flip latches at the vblank after the one its predecessor
 * completed in, if dcd programs it before that vblank starts. Being late
 * costs the lessee a frame: said in the log (rate limited), since dcd or
 * the machine stalling shows nowhere else (event_loop.c logs the former).
 */
static void note_late(struct dcd *dcd, const struct dcd_output *o)
{
	uint64_t now = dcd_engine_now_ns(dcd);

	if (o->queued_due_ns && now > o->queued_due_ns)
		log_ratelimited(&dcd->late_rl, LOG_INFO,
				"%s: a queued flip programmed %.1f ms after the vblank it was due "
				"for began: it shows a frame late",
				dcd_link_name(dcd, o->link),
				(double)(now - o->queued_due_ns) / 1e6);
}

/* The queued flip of o becomes the pending one (or fails to its client). */
static void submit_queued(struct dcd *dcd, struct dcd_output *o)
{
	struct dcd_flip f = o->queued;
	struct dcp_error err = { 0 };

	o->submit_queued = false;
	if (!f.fb || o->pending.fb)
		return;
	note_late(dcd, o);
	o->queued = (struct dcd_flip){ 0 };
	if (submit(dcd, o, &f, &err) < 0) {
		if (f.client && !f.client->dead)
			dcd_client_send_error(f.client, f.serial, &err);
		dcd_fb_unref(f.fb);
	}
}

void dcd_flips_submit_queued(struct dcd *dcd)
{
	dcd_for_each_output(dcd, o) {
		if (o->submit_queued)
			submit_queued(dcd, o);
	}
}

void dcd_flips_cancel(struct dcd *dcd, struct dcd_output *o)
{
	const char *name = dcd->engine->lost ? "the output" : dcd_link_name(dcd, o->link);
	/* In the order of the FLIPs, so their ERRORs are too. */
	struct dcd_flip *slots[2] = { &o->pending, &o->queued };
	struct dcp_error err;

	for (unsigned k = 0; k < 2; k++) {
		struct dcd_flip *f = slots[k];

		if (!f->fb || !f->client)
			continue;
		if (!f->client->dead) {
			flip_error(&err, -ECANCELED, DCP_REASON_CANCELLED, o->link,
				   "cancelled: %s no longer shows your configuration", name);
			dcd_client_send_error(f->client, f->serial, &err);
		}
		f->client = NULL;
	}
	/* The queued flip never reaches the engine; the pending one still
	 * completes there and keeps its buffer until then. */
	dcd_fb_unref(o->queued.fb);
	o->queued = (struct dcd_flip){ 0 };
}

/* ---- cursor and vblank -------------------------------------------------------------- */

static int cursor_update(struct dcd_client *c, const char *what, struct dcd_output *o,
			 const struct dc_cursor *cur, struct dcp_error *err)
{
	struct dcd *dcd = c->dcd;
	int r;

	dcd->in_dc = true;
	r = dcd->engine->ops->cursor(dcd->engine, o->link, cur);
	dcd->in_dc = false;
	if (r < 0) {
		r = dcp_error_set(err, r == -ENOENT ? r : -EINVAL,
				  r == -ENOENT ? DCP_REASON_NO_STREAM : DCP_REASON_CURSOR, 0,
				  "%s: %s: %s", what, dcd_link_name(dcd, o->link),
				  r == -ENOENT ? "the output shows nothing" : strerror(-r));
		err->link = (int32_t)o->link;
		err->plane = DCP_PLANE_CURSOR;
		return r;
	}
	return 0;
}

static int cursor_output(struct dcd_client *c, const char *what, uint32_t link,
			 struct dcd_output **out, struct dcp_error *err)
{
	struct dcd *dcd = c->dcd;
	int r = dcd_check_leased(c, what, link, err);

	if (r < 0)
		return r;
	if (!dcd_current_stream(dcd, link)) {
		r = dcp_error_set(err, -ENOENT, DCP_REASON_NO_STREAM, 0,
				  "%s: %s shows nothing: commit a mode first", what,
				  dcd_link_name(dcd, link));
		err->link = (int32_t)link;
		return r;
	}
	*out = dcd_output(dcd, link);
	return 0;
}

int dcd_handle_cursor_set(struct dcd_client *c, const struct dcp_request *req,
			  struct dcp_error *err)
{
	const struct dcp_cursor_set *cs = &req->cursor_set;
	struct dcd_output *o;
	struct dcd_fb *fb = NULL;
	struct dc_cursor cur;
	int r;

	r = cursor_output(c, "CURSOR_SET", cs->link, &o, err);
	if (r < 0)
		return r;
	cur = o->cursor;
	cur.enabled = cs->fb_id != 0;
	if (cs->fb_id) {
		fb = dcd_fb_lookup(c, cs->fb_id);
		if (!fb) {
			r = dcp_error_set(err, -ENOENT, DCP_REASON_UNKNOWN_ID, 0,
					  "CURSOR_SET: you have no framebuffer %u", cs->fb_id);
			err->link = (int32_t)cs->link;
			err->plane = DCP_PLANE_CURSOR;
			return r;
		}
		if (fb->layout.format != DRM_FORMAT_ARGB8888 ||
		    fb->layout.width != fb->layout.height ||
		    (fb->layout.width != c->dcd->plane_caps.cursor_sizes[0] &&
		     fb->layout.width != c->dcd->plane_caps.cursor_sizes[1]) ||
		    fb->layout.pitches[0] != fb->layout.width * 4) {
			r = dcp_error_set(err, -EINVAL, DCP_REASON_CURSOR, 0,
					  "CURSOR_SET: framebuffer %u is %ux%u %.4s pitch %u; a "
					  "cursor is 64x64 or 128x128 ARGB8888, pitch 4 x width",
					  fb->id, fb->layout.width, fb->layout.height,
					  (const char *)&fb->layout.format, fb->layout.pitches[0]);
			err->link = (int32_t)cs->link;
			err->plane = DCP_PLANE_CURSOR;
			return r;
		}
		cur.width = fb->layout.width;
		cur.height = fb->layout.height;
		cur.address = fb->iova + fb->layout.offsets[0];
		cur.hot_x = cs->hot_x;
		cur.hot_y = cs->hot_y;
	}
	dcd_fdstore_fb_use(c->dcd, fb); /* before the engine shows it */
	r = cursor_update(c, "CURSOR_SET", o, &cur, err);
	if (r < 0)
		return r;
	dcd_output_set_cursor(c->dcd, o, fb, &cur);
	return dcd_client_send_ok(c, req);
}

int dcd_handle_cursor_move(struct dcd_client *c, const struct dcp_request *req,
			   struct dcp_error *err)
{
	const struct dcp_cursor_move *cm = &req->cursor_move;
	struct dcd_output *o;
	struct dc_cursor cur;
	int r;

	r = cursor_output(c, "CURSOR_MOVE", cm->link, &o, err);
	if (r < 0)
		return r;
	cur = o->cursor;
	cur.x = cm->x;
	cur.y = cm->y;
	r = cursor_update(c, "CURSOR_MOVE", o, &cur, err);
	if (r < 0)
		return r;
	dcd_output_set_cursor(c->dcd, o, o->cursor_fb, &cur);
	return dcd_client_send_ok(c, req);
}

int dcd_handle_vblank_subscribe(struct dcd_client *c, const struct dcp_request *req,
				struct dcp_error *err)
{
	const struct dcp_vblank_subscribe *vs = &req->vblank_subscribe;
	struct dcd_output *o;
	int r;

	r = dcd_check_leased(c, "VBLANK_SUBSCRIBE", vs->link, err);
	if (r < 0)
		return r;
	o = dcd_output(c->dcd, vs->link); /* only now known to be a link, below 32 */
	dcd_output_vblank_subscribe(c, o, vs->enable);
	return dcd_client_send_ok(c, req);
}

/*
 * skipped: the vblanks since the last one this client was sent, whoever
 * was late (the client's queue, or the daemon getting to the interrupt
 * late), so sequence = previous + 1 + skipped always holds.
 */
static void send_vblank(struct dcd_client *c, unsigned link, uint64_t seq, uint64_t ts)
{
	struct dcd_vblank_hold *h = &c->vblank[link];
	struct dcp_vblank ev = { .link = link, .sequence = seq, .timestamp_ns = ts };

	if (h->sent_seq && seq > h->sent_seq + 1)
		ev.skipped = (uint32_t)(seq - h->sent_seq - 1);
	h->sent_seq = seq;
	dcd_client_send(c, DCP_EVENT_VBLANK, 0, &ev);
}

void dcd_vblank_flush_held(struct dcd_client *c)
{
	c->vblank_held = false;
	for (unsigned i = 0; i < c->dcd->link_count && !c->dead; i++) {
		struct dcd_vblank_hold *h = &c->vblank[i];

		if (!h->held)
			continue;
		h->held = false;
		send_vblank(c, i, h->seq, h->ts);
	}
}

/*
 * ---- the engine's events (engine.h; inside its handle_irq / dispatch: no
 * engine calls, but for on_flip_done's flip inside a bus wait) ------------------
 */

static void on_flip_done(void *data, unsigned link, uint64_t seq, uint64_t ts_ns)
{
	struct dcd *dcd = data;
	struct dcd_output *o;
	struct dcd_flip done;
	uint64_t now = dcd_engine_now_ns(dcd);

	o = dcd_output(dcd, link);
	if (!o)
		return;
	/* Its interrupt comes at the vblank's start, before ts_ns: this late, a
	 * client that draws after FLIP_DONE has half a frame or less left. */
	if (now > ts_ns + DCD_SLOW_DISPATCH_NS)
		log_ratelimited(&dcd->late_rl, LOG_INFO,
				"%s: a flip done handled %.1f ms after its frame began",
				dcd_link_name(dcd, link), (double)(now - ts_ns) / 1e6);
	done = o->pending;
	if (!done.fb)
		return;
	o->pending = (struct dcd_flip){ 0 };
	o->last_seq = seq;
	o->last_ts = ts_ns;
	if (done.client && !done.client->dead) {
		struct dcp_flip_done ev = { .link = link,
					    .plane = DCP_PLANE_PRIMARY,
					    .user_data = done.user_data,
					    .sequence = seq,
					    .timestamp_ns = ts_ns };

		dcd_client_send(done.client, DCP_EVENT_FLIP_DONE, done.serial, &ev);
	}
	dcd_output_flip_latched(dcd, o, done.fb, ts_ns);
	if (o->queued.fb) {
		o->submit_queued = true;
		/* ts_ns is the start of the new frame's active part */
		o->queued_due_ns = ts_ns + dcd_output_active_ns(dcd, link);
		dcd->work = true;
		/*
		 * Inside a detection's bus wait on another link (dc_in_bus_wait)
		 * dcd_process would come after the detection, frames too late:
		 * DC allows dc_flip for this link now, and nothing else.
		 */
		if (dcd->engine->ops->in_bus_wait(dcd->engine))
			submit_queued(dcd, o);
	}
	if (o->need_idle || (o->lease && o->lease->client->wait.active))
		dcd->work = true;
}

/*
 * Inside the engine's bus wait: the lessee's next FLIP for this output, if
 * it sent one the loop has not read, while the output's queue has room.
 */
static void on_flip_window(void *data, unsigned link)
{
	struct dcd *dcd = data;
	struct dcd_output *o;

	o = dcd_output(dcd, link);
	if (o && o->lease && !o->queued.fb)
		dcd_client_serve_flip(o->lease->client, link);
}

static void on_vblank(void *data, unsigned link, uint64_t seq, uint64_t ts_ns)
{
	struct dcd *dcd = data;
	struct dcd_output *o = dcd_output(dcd, link);
	uint32_t bit;

	if (!o)
		return;
	bit = 1u << link; /* only now known to be a link, below 32 */
	o->last_seq = seq;
	o->last_ts = ts_ns;
	dcd_output_release_retired(dcd, o, ts_ns);
	if (!o->vblank_subscribers && !o->vblank_waiters)
		return;
	for (struct dcd_client *c = dcd->clients; c; c = c->next) {
		if (c->dead)
			continue;
		if (c->wait.committed && (c->wait.links & bit) && ts_ns > c->wait.committed_ns) {
			c->wait.links &= ~bit;
			dcd_output_vblank_wait(dcd, o, false);
			dcd->work = true;
		}
		if (!(c->vblank_links & bit))
			continue;
		if (dci_conn_queued_bytes(c->conn) == 0 && !c->vblank[link].held) {
			send_vblank(c, link, seq, ts_ns);
			continue;
		}
		/* Slow reader: keep only the newest, sent when the queue drains. */
		c->vblank[link].held = true;
		c->vblank[link].seq = seq;
		c->vblank[link].ts = ts_ns;
		c->vblank_held = true;
	}
	if (!o->vblank_waiters)
		dcd_output_update_vblank(dcd, o);
}

static void on_hotplug(void *data, unsigned link, bool connected)
{
	struct dcd *dcd = data;
	struct dcd_output *o;
	struct dcp_sink_info sink;

	o = dcd_output(dcd, link);
	if (!o)
		return;
	o->connection = connected ? DCP_CONNECTED : DCP_DISCONNECTED;
	dcd_sink_info(dcd, link, &sink);
	if (connected)
		log_notice("%s: connected: %s %s (%ux%u mm)", dcd_link_name(dcd, link), sink.vendor,
			   sink.name, sink.width_mm, sink.height_mm);
	else
		log_notice("%s: disconnected", dcd_link_name(dcd, link));
	dcd_notify_hotplug(dcd, link);
	dcd_output_mark_idle(dcd, o);
}

static void on_link_event(void *data, unsigned link, enum dc_link_event event)
{
	struct dcd *dcd = data;
	static const char *const words[] = {
		[DC_LINK_EVENT_RETRAINED] = "link lost and trained again",
		[DC_LINK_EVENT_TRAINING_FAILED] = "link lost and could not be trained again",
		[DC_LINK_EVENT_SINK_COUNT] = "sink count changed",
	};

	if (link >= dcd->link_count)
		return;
	log_notice("%s: %s", dcd_link_name(dcd, link),
		   (unsigned)event < sizeof(words) / sizeof(words[0]) ? words[event]
								      : "link event");
	dcd_notify_output(dcd, link, DCP_CHANGE_LINK, NULL);
	dcd_dbus_link_event(dcd, link, (int)event);
}

const struct dcd_engine_events dcd_engine_events = {
	.hotplug = on_hotplug,
	.flip_done = on_flip_done,
	.vblank = on_vblank,
	.link_event = on_link_event,
	.flip_window = on_flip_window,
};
