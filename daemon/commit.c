/*
 * Configurations: VALIDATE and COMMIT of a lessee's outputs, and dcd_apply,
 * the one function through which anything reaches the screens.
 *
 * A lessee sends only its own outputs; the daemon builds the whole
 * engine's state from what the other outputs show now plus the request,
 * so shared resources (timing generators, PLLs, link bandwidth, display
 * clock, memory bandwidth) are judged against everyone's use. When the
 * request would pass without the other clients' outputs, the ERROR says
 * SHARED and names the output in the way.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <drm_fourcc.h>

#include "dc_modes.h"
#include "dcd.h"
#include "recovery.h"

#define CURSOR_FORMAT DRM_FORMAT_ARGB8888

struct dc_stream *dcd_state_stream(struct dc_state *state, unsigned link)
{
	for (unsigned i = 0; i < state->stream_count; i++) {
		if (state->streams[i].link == link)
			return &state->streams[i];
	}
	return NULL;
}

const struct dc_stream *dcd_current_stream(const struct dcd *dcd, unsigned link)
{
	if (dcd->engine->lost)
		return NULL;
	return dcd_state_stream((struct dc_state *)dcd_engine_current(dcd), link);
}

void dcd_mode_name(const struct drm_mode_modeinfo *mode, char *buf, size_t size)
{
	uint64_t mhz = 0;

	if (mode->htotal && mode->vtotal)
		mhz = (uint64_t)mode->clock * 1000000ull / ((uint64_t)mode->htotal * mode->vtotal);
	snprintf(buf, size, "%ux%u%s@%llu.%02llu", mode->hdisplay, mode->vdisplay,
		 mode->flags & DRM_MODE_FLAG_INTERLACE ? "i" : "", (unsigned long long)(mhz / 1000),
		 (unsigned long long)(mhz % 1000 / 10));
}

void dcd_plan_current(struct dcd *dcd, struct dcd_plan *plan)
{
	memset(plan, 0, sizeof(*plan));
	if (!dcd->engine->lost)
		plan->state = *dcd_engine_current(dcd);
}

void dcd_state_remove_stream(struct dc_state *state, unsigned link)
{
	for (unsigned i = 0; i < state->stream_count; i++) {
		if (state->streams[i].link != link)
			continue;
		memmove(&state->streams[i], &state->streams[i + 1],
			(state->stream_count - i - 1) * sizeof(state->streams[0]));
		state->stream_count--;
		return;
	}
}

int dcd_state_put_stream(struct dc_state *state, const struct dc_stream *s)
{
	struct dc_stream *old = dcd_state_stream(state, s->link);

	if (!old) {
		if (state->stream_count == DC_MAX_STREAMS)
			return -ENOSPC;
		old = &state->streams[state->stream_count++];
	}
	*old = *s;
	return 0;
}

/* ---- errors ---------------------------------------------------------------------- */

void dcd_error_from_dc(struct dcd *dcd, const struct dcd_client *to, const struct dc_state *state,
		       int status, const struct dc_error *derr, struct dcp_error *err)
{
	unsigned reason = derr->code;
	int32_t link;

	/* The protocol numbers DC's codes 1-18 alike; a link encoder taken is
	 * a resource conflict of the stream encoder kind; VRR has its own. */
	if (reason == DC_ERR_NONE)
		reason = DCP_REASON_INTERNAL;
	else if (derr->code == DC_ERR_VRR)
		reason = DCP_REASON_VRR;
	else if (reason > DCP_REASON_DC_LAST)
		reason = DCP_REASON_STREAM_ENCODER;
	/* DC's own errno goes out as it is (a timeout stays -ETIMEDOUT); only
	 * what is no errno at all becomes -EIO, an internal failure. */
	if (status >= 0 || status < -4095)
		status = -EIO;
	dcp_error_set(err, status, (enum dcp_reason)reason, 0, "%s", derr->message);
	if (derr->stream >= 0 && (unsigned)derr->stream < state->stream_count)
		err->link = state->streams[derr->stream].link;
	err->plane = (int16_t)derr->plane;
	/* DC's sentence about another client's output names its mode: a
	 * client that is no admin learns only which link hit which limit. */
	link = err->link;
	if (to && !to->admin && link >= 0 && (unsigned)link < dcd->link_count &&
	    dcd_output(dcd, (unsigned)link)->lease && !dcd_client_lease_of(to, (unsigned)link)) {
		dcp_error_set(err, status, (enum dcp_reason)reason, 0,
			      "%s, another client's output, is at the engine's %s limit with yours",
			      dcd_link_name(dcd, (unsigned)link),
			      dcp_reason_name(reason) ? dcp_reason_name(reason) : "resource");
		err->link = link;
	}
}

/*
 * Who shows what on link, for the SHARED sentence. Another client's mode
 * and id are its own business: only an admin (to) reads them.
 */
static void describe_use(struct dcd *dcd, const struct dcd_client *to, const struct dc_stream *s,
			 char *buf, size_t size)
{
	const struct dcd_lease *l = dcd_output(dcd, s->link)->lease;
	char mode[32];

	dcd_mode_name(&s->mode, mode, sizeof(mode));
	if (l && !to->admin)
		snprintf(buf, size, "%s of another client", dcd_link_name(dcd, s->link));
	else if (l)
		snprintf(buf, size, "%s %s of client %u", dcd_link_name(dcd, s->link), mode,
			 l->client->id);
	else
		snprintf(buf, size, "%s %s (idle, unleased)", dcd_link_name(dcd, s->link), mode);
}

/*
 * The state failed. If the client's own outputs pass alone, the limit is
 * shared: find the other output whose removal makes it pass and say so.
 */
static void check_shared(struct dcd_client *c, const struct dcd_plan *plan, struct dcp_error *err)
{
	struct dcd *dcd = c->dcd;
	struct dc_state mine = { 0 }, without;
	struct dc_error derr;
	char use[96] = "", text[DCP_MAX_TEXT + 1];
	bool others = false;
	int32_t link;
	int16_t plane;

	for (unsigned i = 0; i < plan->state.stream_count; i++) {
		const struct dc_stream *s = &plan->state.streams[i];

		if (dcd_client_lease_of(c, s->link))
			mine.streams[mine.stream_count++] = *s;
		else
			others = true;
	}
	if (!others || dcd_validate(dcd, &mine, &derr) < 0)
		return;
	for (unsigned i = 0; i < plan->state.stream_count && !use[0]; i++) {
		const struct dc_stream *s = &plan->state.streams[i];

		if (dcd_client_lease_of(c, s->link))
			continue;
		without = plan->state;
		dcd_state_remove_stream(&without, s->link);
		if (dcd_validate(dcd, &without, &derr) == 0)
			describe_use(dcd, c, s, use, sizeof(use));
	}
	memcpy(text, err->text, sizeof(text));
	link = err->link;
	plane = err->plane;
	dcp_error_set(err, err->status, (enum dcp_reason)err->reason, err->flags | DCP_ERROR_SHARED,
		      "%s (shared with %s)", text, use[0] ? use : "the outputs of other clients");
	err->link = link;
	err->plane = plane;
}

/* ---- building the state -------------------------------------------------------------- */

bool dcd_same_timing(const struct drm_mode_modeinfo *a, const struct drm_mode_modeinfo *b)
{
	struct dc_mode x = { .info = *a }, y = { .info = *b };

	return dc_mode_same_timing(&x, &y);
}

/* Whether going from old to new (either NULL: off) is a modeset. */
static bool is_modeset(const struct dc_stream *old, const struct dc_stream *new)
{
	if (!old || !new)
		return old != new;
	return !dcd_same_timing(&old->mode, &new->mode) || old->encoding != new->encoding ||
	       old->bpc != new->bpc;
}

static int plane_fb(struct dcd_client *c, const char *what, uint32_t link, uint32_t id, int plane,
		    struct dcd_fb **out, struct dcp_error *err)
{
	int r;

	*out = dcd_fb_lookup(c, id);
	if (*out)
		return 0;
	r = dcp_error_set(err, -ENOENT, DCP_REASON_UNKNOWN_ID, 0,
			  "%s: link %u: you have no framebuffer %u", what, link, id);
	err->link = (int32_t)link;
	err->plane = (int16_t)plane;
	return r;
}

/* The daemon checks what DC cannot see: the cursor image's format and pitch. */
static int check_cursor_fb(struct dcd *dcd, const char *what, uint32_t link,
			   const struct dcd_fb *fb, struct dcp_error *err)
{
	const struct dc_plane_caps *caps = &dcd->plane_caps;
	const struct dcp_fb_create *l = &fb->layout;
	int r;

	if (l->format == CURSOR_FORMAT && l->width == l->height &&
	    (l->width == caps->cursor_sizes[0] || l->width == caps->cursor_sizes[1]) &&
	    l->pitches[0] == l->width * 4)
		return 0;
	r = dcp_error_set(err, -EINVAL, DCP_REASON_CURSOR, 0,
			  "%s: link %u: cursor framebuffer %u is %ux%u %.4s pitch %u; a cursor is "
			  "%ux%u or %ux%u ARGB8888 with a pitch of 4 x width",
			  what, link, fb->id, l->width, l->height, (const char *)&l->format,
			  l->pitches[0], caps->cursor_sizes[0], caps->cursor_sizes[0],
			  caps->cursor_sizes[1], caps->cursor_sizes[1]);
	err->link = (int32_t)link;
	err->plane = DCP_PLANE_CURSOR;
	return r;
}

static int output_stream(struct dcd_client *c, const char *what, const struct dcp_output_config *oc,
			 struct dc_stream *s, struct dcd_fb **primary, struct dcd_fb **cursor,
			 struct dcp_error *err)
{
	struct dcd_fb *fb;
	int r;

	memset(s, 0, sizeof(*s));
	*primary = *cursor = NULL;
	s->link = (uint8_t)oc->link;
	s->mode = oc->mode;
	s->encoding = (enum dc_pixel_encoding)oc->encoding;
	s->bpc = oc->bpc;
	s->blank_color = oc->blank_color;
	if (oc->flags & DCP_OUTPUT_VRR) {
		/* a 1.0 client cannot mean it: the bit was unknown to its version */
		if (c->minor < 1) {
			r = dcp_error_set(err, -EINVAL, DCP_REASON_PROTOCOL, 0,
					  "%s: link %u: output flag VRR needs protocol 1.1, the "
					  "connection speaks 1.%u",
					  what, oc->link, c->minor);
			err->link = (int32_t)oc->link;
			return r;
		}
		s->vrr = true;
	}
	if (oc->flags & DCP_OUTPUT_PRIMARY) {
		const struct dcp_plane_config *p = &oc->primary;

		r = plane_fb(c, what, oc->link, p->fb_id, DCP_PLANE_PRIMARY, &fb, err);
		if (r < 0)
			return r;
		s->primary = (struct dc_plane){
			.enabled = true,
			.format = fb->layout.format,
			.modifier = fb->layout.modifier,
			.width = fb->layout.width,
			.height = fb->layout.height,
			.pitch = fb->layout.pitches[0],
			.address = fb->iova + fb->layout.offsets[0],
			.src_x = p->src_x,
			.src_y = p->src_y,
			.src_w = p->src_w,
			.src_h = p->src_h,
			.dst_x = p->dst_x,
			.dst_y = p->dst_y,
			.dst_w = p->dst_w,
			.dst_h = p->dst_h,
		};
		*primary = fb;
	}
	if (oc->flags & DCP_OUTPUT_CURSOR) {
		const struct dcp_cursor_config *cc = &oc->cursor;

		r = plane_fb(c, what, oc->link, cc->fb_id, DCP_PLANE_CURSOR, &fb, err);
		if (r == 0)
			r = check_cursor_fb(c->dcd, what, oc->link, fb, err);
		if (r < 0)
			return r;
		s->cursor = (struct dc_cursor){
			.enabled = true,
			.width = fb->layout.width,
			.height = fb->layout.height,
			.address = fb->iova + fb->layout.offsets[0],
			.x = cc->x,
			.y = cc->y,
			.hot_x = cc->hot_x,
			.hot_y = cc->hot_y,
		};
		*cursor = fb;
	}
	return 0;
}

/* The whole engine's state with cfg applied to the client's outputs. */
static int build_plan(struct dcd_client *c, const char *what, const struct dcp_config *cfg,
		      struct dcd_plan *plan, struct dcp_error *err)
{
	struct dcd *dcd = c->dcd;
	char from[32], to[32];
	int r;

	if (dcd->engine->lost)
		return dcp_error_set(err, -ENODEV, DCP_REASON_INTERNAL, 0,
				     "%s: the display device is gone", what);
	dcd_plan_current(dcd, plan);
	for (uint32_t i = 0; i < cfg->output_count; i++) {
		const struct dcp_output_config *oc = &cfg->outputs[i];
		struct dc_stream s;

		r = dcd_check_leased(c, what, oc->link, err);
		if (r < 0)
			return r;
		plan->links |= 1u << oc->link;
		if (!(oc->flags & DCP_OUTPUT_ENABLED)) {
			dcd_state_remove_stream(&plan->state, oc->link);
			continue;
		}
		r = output_stream(c, what, oc, &s, &plan->primary[oc->link],
				  &plan->cursor[oc->link], err);
		if (r < 0)
			return r;
		if (dcd_state_put_stream(&plan->state, &s) < 0) {
			r = dcp_error_set(err, -ENOSPC, DCP_REASON_TIMING_GENERATOR, 0,
					  "%s: %s: the engine shows %d outputs already", what,
					  dcd_link_name(dcd, oc->link), DC_MAX_STREAMS);
			err->link = (int32_t)oc->link;
			return r;
		}
	}
	if (cfg->flags & DCP_COMMIT_ALLOW_MODESET)
		return 0;
	for (unsigned link = 0; link < dcd->link_count; link++) {
		const struct dc_stream *old = dcd_current_stream(dcd, link);
		const struct dc_stream *new = dcd_state_stream(&plan->state, link);

		if (!(plan->links & (1u << link)) || !is_modeset(old, new))
			continue;
		if (old)
			dcd_mode_name(&old->mode, from, sizeof(from));
		if (new)
			dcd_mode_name(&new->mode, to, sizeof(to));
		r = dcp_error_set(err, -EINVAL, DCP_REASON_MODESET_REQUIRED, 0,
				  "%s: %s: %s to %s is a modeset; set ALLOW_MODESET", what,
				  dcd_link_name(dcd, link), old ? from : "off", new ? to : "off");
		err->link = (int32_t)link;
		return r;
	}
	return 0;
}

/* dc_validate of the plan; a failure becomes an ERROR, SHARED when it is. */
static int validate_plan(struct dcd_client *c, struct dcd_plan *plan, struct dcp_error *err)
{
	struct dc_state state = plan->state;
	struct dc_error derr = { 0 };
	int r;

	r = dcd_validate(c->dcd, &state, &derr);
	if (r == 0) {
		plan->state = state;
		return 0;
	}
	dcd_error_from_dc(c->dcd, c, &state, r, &derr, err);
	check_shared(c, plan, err);
	return err->status;
}

int dcd_handle_validate(struct dcd_client *c, const struct dcp_request *req, struct dcp_error *err)
{
	struct dcd_plan plan;
	int r;

	r = build_plan(c, "VALIDATE", &req->config, &plan, err);
	if (r == 0)
		r = validate_plan(c, &plan, err);
	if (r < 0)
		return r;
	return dcd_client_send(c, DCP_REPLY_OK, req->hdr.serial, NULL);
}

/* ---- committing ------------------------------------------------------------------------ */

static bool flips_busy(const struct dcd *dcd, uint32_t links)
{
	dcd_for_each_output(dcd, o) {
		if ((links & (1u << o->link)) && (o->pending.fb || o->queued.fb))
			return true;
	}
	return false;
}

static uint32_t config_links(const struct dcp_config *cfg)
{
	uint32_t links = 0;

	for (uint32_t i = 0; i < cfg->output_count; i++)
		links |= 1u << cfg->outputs[i].link;
	return links;
}

static void log_commit(struct dcd *dcd, const struct dcd_plan *plan, const char *who)
{
	char line[512], mode[32];
	size_t used = 0;

	line[0] = 0;
	for (unsigned i = 0; i < dcd->link_count && used < sizeof(line); i++) {
		const struct dc_stream *s;

		if (!(plan->links & (1u << i)))
			continue;
		s = dcd_current_stream(dcd, i);
		if (s) {
			dcd_mode_name(&s->mode, mode, sizeof(mode));
			used += (size_t)snprintf(line + used, sizeof(line) - used,
						 "%s%s %s %ubpc%s%s", used ? ", " : "",
						 dcd_link_name(dcd, i), mode, s->bpc,
						 s->primary.enabled ? "" : " blank",
						 s->cursor.enabled ? " +cursor" : "");
		} else {
			used += (size_t)snprintf(line + used, sizeof(line) - used, "%s%s off",
						 used ? ", " : "", dcd_link_name(dcd, i));
		}
	}
	log_info("commit (%s): %s", who, line);
}

int dcd_apply(struct dcd *dcd, struct dcd_plan *plan, const char *who,
	      const struct dcd_client *changed_by, struct dc_error *err)
{
	struct dc_state old = *dcd_engine_current(dcd);
	int r;

	/* What the engine is about to show goes into the fd store first. */
	for (unsigned i = 0; i < dcd->link_count; i++) {
		if (plan->links & (1u << i)) {
			dcd_fdstore_fb_use(dcd, plan->primary[i]);
			dcd_fdstore_fb_use(dcd, plan->cursor[i]);
		}
	}
	dcd->in_dc = true;
	r = dcd->engine->ops->commit(dcd->engine, &plan->state, err);
	dcd->in_dc = false;
	if (r < 0) {
		log_warning("commit (%s) failed: %s", who, err->message);
		return r;
	}
	dcd_for_each_output(dcd, o) {
		unsigned i = o->link;
		const struct dc_stream *s = dcd_current_stream(dcd, i);
		const struct dc_stream *before = dcd_state_stream(&old, i);

		if (plan->links & (1u << i)) {
			dcd_output_set_scanout(dcd, o, plan->primary[i]);
			dcd_output_set_cursor(dcd, o, plan->cursor[i],
					      s ? &s->cursor : &(struct dc_cursor){ 0 });
		}
		if (!s) {
			/* Off: nothing is scanned out any more, nothing will flip. */
			dcd_flips_cancel(dcd, o);
			dcd_output_release_retired(dcd, o, UINT64_MAX);
		}
		dcd_output_update_vblank(dcd, o);
		if (is_modeset(before, s))
			dcd_notify_output(dcd, i, DCP_CHANGE_MODE, changed_by);
	}
	log_commit(dcd, plan, who);
	/* Every successful commit passes here: the state file follows (recovery.h). */
	dcd_state_write(dcd);
	return 0;
}

/* ---- blocking COMMIT ------------------------------------------------------------------- */

void dcd_commit_wait_cancel(struct dcd_client *c)
{
	struct dcd *dcd = c->dcd;

	if (!c->wait.active)
		return;
	if (c->wait.committed) {
		dcd_for_each_output(dcd, o) {
			if (c->wait.links & (1u << o->link))
				dcd_output_vblank_wait(dcd, o, false);
		}
	}
	free(c->wait.config);
	c->wait = (struct dcd_commit_wait){ 0 };
	if (!c->dead)
		dcd_client_pause(c, false);
}

static void wait_finish(struct dcd_client *c)
{
	bool reply = !c->wait.no_reply;
	uint32_t serial = c->wait.serial;

	dcd_commit_wait_cancel(c);
	if (reply)
		dcd_client_send(c, DCP_REPLY_OK, serial, NULL);
}

/* Programs the request; then waits for a frame on each output it lit. */
static int commit_now(struct dcd_client *c, const struct dcp_config *cfg, uint32_t serial,
		      bool no_reply, bool blocking, struct dcp_error *err)
{
	struct dcd *dcd = c->dcd;
	struct dcd_plan plan;
	struct dc_error derr = { 0 };
	uint32_t lit = 0;
	int r;

	r = build_plan(c, "COMMIT", cfg, &plan, err);
	if (r == 0)
		r = validate_plan(c, &plan, err);
	if (r < 0)
		return r;
	r = dcd_apply(dcd, &plan, c->label, c, &derr);
	if (r < 0) {
		dcd_error_from_dc(dcd, c, &plan.state, r, &derr, err);
		return err->status;
	}
	for (unsigned i = 0; i < dcd->link_count; i++) {
		if ((plan.links & (1u << i)) && dcd_current_stream(dcd, i))
			lit |= 1u << i;
	}
	if (!blocking || !lit) {
		if (!no_reply)
			dcd_client_send(c, DCP_REPLY_OK, serial, NULL);
		return 0;
	}
	c->wait = (struct dcd_commit_wait){ .active = true,
					    .committed = true,
					    .serial = serial,
					    .no_reply = no_reply,
					    .links = lit,
					    .committed_ns = dcd_engine_now_ns(dcd) };
	dcd_for_each_output(dcd, o) {
		if (lit & (1u << o->link))
			dcd_output_vblank_wait(dcd, o, true);
	}
	dcd_client_pause(c, true);
	return 0;
}

int dcd_handle_commit(struct dcd_client *c, const struct dcp_request *req, struct dcp_error *err)
{
	const struct dcp_config *cfg = &req->config;
	struct dcd *dcd = c->dcd;
	bool nonblock = cfg->flags & DCP_COMMIT_NONBLOCK;
	bool no_reply = req->hdr.flags & DCP_HEADER_NO_REPLY;
	struct dcd_plan plan;
	int r;

	if (!flips_busy(dcd, config_links(cfg)))
		return commit_now(c, cfg, req->hdr.serial, no_reply, !nonblock, err);
	/* Check what can be checked now, so a doomed request fails at once. */
	r = build_plan(c, "COMMIT", cfg, &plan, err);
	if (r == 0)
		r = validate_plan(c, &plan, err);
	if (r < 0)
		return r;
	if (nonblock)
		return dcp_error_set(err, -EBUSY, DCP_REASON_FLIP_QUEUE_FULL, 0,
				     "COMMIT: a flip is pending on an output of the request "
				     "(NONBLOCK)");
	c->wait = (struct dcd_commit_wait){ .active = true,
					    .serial = req->hdr.serial,
					    .no_reply = no_reply,
					    .links = config_links(cfg) };
	c->wait.config = malloc(sizeof(*cfg));
	if (!c->wait.config) {
		c->wait.active = false;
		return -ENOMEM;
	}
	*c->wait.config = *cfg;
	dcd_client_pause(c, true);
	return 0;
}

void dcd_commit_wait_progress(struct dcd_client *c)
{
	struct dcd *dcd = c->dcd;
	struct dcp_config *cfg;
	struct dcp_error err = { 0 };
	uint32_t serial;
	bool no_reply;
	int r;

	if (c->wait.committed) {
		if (!c->wait.links)
			wait_finish(c);
		return;
	}
	if (flips_busy(dcd, c->wait.links))
		return;
	cfg = c->wait.config;
	serial = c->wait.serial;
	no_reply = c->wait.no_reply;
	c->wait.config = NULL;
	dcd_commit_wait_cancel(c);
	r = commit_now(c, cfg, serial, no_reply, true, &err);
	free(cfg);
	if (r < 0) {
		if (!err.status)
			dcp_error_set(&err, r, DCP_REASON_INTERNAL, 0, "COMMIT: %s", strerror(-r));
		dcd_client_send_error(c, serial, &err);
	}
}
