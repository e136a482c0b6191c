/* The administrator's operations (admin.h): what D-Bus and dcctl call. */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "admin.h"
#include "sim.h"

#define admin_error(err, status, reason, ...) dcp_error_set(err, status, reason, 0, __VA_ARGS__)
/* The largest EDID the simulator serves: 32 blocks (docs/scenarios.md). */
#define SIM_PLUG_EDID_MAX		      4096u

unsigned dcd_admin_link_count(const struct dcd *dcd)
{
	return dcd->link_count;
}

int dcd_admin_link_by_name(const struct dcd *dcd, const char *name)
{
	return dcd->engine->ops->link_by_name(dcd->engine, name);
}

static int check_link(const struct dcd *dcd, unsigned link, struct dcp_error *err)
{
	if (link < dcd->link_count)
		return 0;
	return admin_error(err, -ENOENT, DCP_REASON_UNKNOWN_ID, "no link %u (this engine has %u)",
			   link, dcd->link_count);
}

int dcd_admin_link_info(struct dcd *dcd, unsigned link, struct dcp_link_info *out)
{
	const struct dcd_lease *l;
	int r = check_link(dcd, link, NULL);

	if (r < 0)
		return r;
	dcd_link_info(dcd, NULL, link, out);
	l = dcd_output(dcd, link)->lease;
	if (l)
		out->lease_id = l->id;
	return 0;
}

static const struct dcd_engine_sink *connected_sink(struct dcd *dcd, unsigned link,
						    struct dcd_engine_sink *buf)
{
	if (link >= dcd->link_count)
		return NULL;
	return dcd_link_sink(dcd, link, buf);
}

int dcd_admin_link_edid(struct dcd *dcd, unsigned link, const uint8_t **edid, size_t *size)
{
	struct dcd_engine_sink buf;
	const struct dcd_engine_sink *sink = connected_sink(dcd, link, &buf);

	if (!sink)
		return -ENOENT;
	*edid = sink->edid;
	*size = sink->edid_size;
	return 0;
}

int dcd_admin_link_modes(struct dcd *dcd, unsigned link, const struct dc_mode **modes,
			 size_t *count)
{
	struct dcd_engine_sink buf;

	if (!connected_sink(dcd, link, &buf))
		return -ENOENT;
	*modes = dcd_link_modes(dcd, link, count);
	return 0;
}

int dcd_admin_link_status(struct dcd *dcd, unsigned link, struct dc_link_status *out)
{
	if (link >= dcd->link_count)
		return -ENOENT;
	if (dcd->engine->lost) {
		memset(out, 0, sizeof(*out));
		return 0;
	}
	return dcd_link_status(dcd, link, out);
}

size_t dcd_admin_leases(struct dcd *dcd, struct dcd_admin_lease *out, size_t max)
{
	size_t n = 0;

	for (const struct dcd_client *c = dcd->clients; c; c = c->next) {
		for (const struct dcd_lease *l = c->leases; l; l = l->next, n++) {
			if (n >= max)
				continue;
			out[n] = (struct dcd_admin_lease){ .id = l->id,
							   .links = l->links,
							   .client_id = c->id,
							   .pid = c->cred.pid,
							   .uid = c->cred.uid,
							   .kind = l->kms ? "kms" : "dcd" };
			snprintf(out[n].client_name, sizeof(out[n].client_name), "%s", c->name);
		}
	}
	/* KMS leases held for their client after a restart (kms_lease_restart.c) */
	for (unsigned i = 0; i < dcd->n_kms_held; i++, n++) {
		const struct dcd_kms_lease_saved *h = &dcd->kms_held[i];

		if (n >= max)
			continue;
		out[n] = (struct dcd_admin_lease){
			.id = h->id, .links = h->links, .uid = (uid_t)h->uid, .kind = "kms-held"
		};
		snprintf(out[n].client_name, sizeof(out[n].client_name), "%s", h->client);
	}
	return n;
}

int dcd_admin_revoke(struct dcd *dcd, uint32_t lease_id, enum dcp_revoke_reason reason,
		     const char *text, struct dcp_error *err)
{
	struct dcd_lease *l = dcd_lease_find(dcd, lease_id);

	if (reason < DCP_REVOKE_ADMIN || reason > DCP_REVOKE_LAST)
		return admin_error(err, -EINVAL, DCP_REASON_ARGUMENT, "revoke reason %u", reason);
	/* a KMS lease whose client is not back since the restart: nobody to tell */
	if (!l && dcd_kms_lease_revoke_held(dcd, lease_id, text) == 0) {
		dcd_process(dcd);
		return 0;
	}
	if (!l || l->client->dead)
		return admin_error(err, -ENOENT, DCP_REASON_UNKNOWN_ID, "no lease %u", lease_id);
	dcd_lease_end(dcd, l, (int)reason, text);
	dcd_process(dcd);
	return 0;
}

/* ---- configurations ----------------------------------------------------------------- */

static int admin_plan(struct dcd *dcd, const struct dcp_config *cfg, struct dcd_plan *plan,
		      struct dcp_error *err)
{
	if (dcd->engine->lost)
		return admin_error(err, -ENODEV, DCP_REASON_INTERNAL, "the display device is gone");
	if (!cfg->output_count || cfg->output_count > DCP_MAX_OUTPUTS)
		return admin_error(err, -EINVAL, DCP_REASON_ARGUMENT, "%u outputs",
				   cfg->output_count);
	dcd_plan_current(dcd, plan);
	for (uint32_t i = 0; i < cfg->output_count; i++) {
		const struct dcp_output_config *oc = &cfg->outputs[i];
		struct dc_stream *s;
		const struct dcd_lease *held;
		int r = check_link(dcd, oc->link, err);

		if (r < 0)
			return r;
		held = dcd_output(dcd, oc->link)->lease;
		if (held)
			return admin_error(err, -EBUSY, DCP_REASON_LEASE_BUSY,
					   "%s is leased (lease %u): revoke the lease first",
					   dcd_link_name(dcd, oc->link), held->id);
		if (oc->flags & (DCP_OUTPUT_PRIMARY | DCP_OUTPUT_CURSOR))
			return admin_error(err, -EINVAL, DCP_REASON_ARGUMENT,
					   "%s: an admin configuration has no framebuffers",
					   dcd_link_name(dcd, oc->link));
		plan->links |= 1u << oc->link;
		s = dcd_state_stream(&plan->state, oc->link);
		if (!(oc->flags & DCP_OUTPUT_ENABLED)) {
			if (s)
				*s = plan->state.streams[--plan->state.stream_count];
			continue;
		}
		if (!s) {
			if (plan->state.stream_count == DC_MAX_STREAMS)
				return admin_error(err, -ENOSPC, DCP_REASON_TIMING_GENERATOR,
						   "%d outputs already", DC_MAX_STREAMS);
			s = &plan->state.streams[plan->state.stream_count++];
		}
		*s = (struct dc_stream){ .link = (uint8_t)oc->link,
					 .mode = oc->mode,
					 .encoding = (enum dc_pixel_encoding)oc->encoding,
					 .bpc = oc->bpc,
					 .blank_color = oc->blank_color };
	}
	return 0;
}

int dcd_admin_validate(struct dcd *dcd, const struct dcp_config *cfg, struct dcp_error *err)
{
	struct dcd_plan plan;
	struct dc_error derr = { 0 };
	int r = admin_plan(dcd, cfg, &plan, err);

	if (r < 0)
		return r;
	r = dcd_validate(dcd, &plan.state, &derr);
	if (r < 0)
		dcd_error_from_dc(dcd, NULL, &plan.state, r, &derr, err);
	return r;
}

int dcd_admin_commit(struct dcd *dcd, const struct dcp_config *cfg, const char *who,
		     struct dcp_error *err)
{
	struct dcd_plan plan;
	struct dc_error derr = { 0 };
	int r = admin_plan(dcd, cfg, &plan, err);

	if (r < 0)
		return r;
	dcd_for_each_output(dcd, o) {
		if ((plan.links & (1u << o->link)) && (o->pending.fb || o->queued.fb))
			return admin_error(err, -EBUSY, DCP_REASON_FLIP_QUEUE_FULL,
					   "%s: a flip is still pending",
					   dcd_link_name(dcd, o->link));
	}
	r = dcd_apply(dcd, &plan, who, NULL, &derr);
	if (r < 0)
		dcd_error_from_dc(dcd, NULL, &plan.state, r, &derr, err);
	dcd_for_each_output(dcd, o) {
		/* An admin's picture replaces a pending idle one. */
		if (plan.links & (1u << o->link))
			dcd_output_cancel_idle(o);
	}
	dcd_process(dcd);
	return r;
}

/* ---- the simulator ---------------------------------------------------------------------- */

static int sim_connector(struct dcd *dcd, const char *name, struct dcp_error *err)
{
	int conn;

	if (!dcd->engine->sim)
		return admin_error(err, -ENOTSUP, DCP_REASON_ARGUMENT,
				   "dcd drives a real GPU, not the simulator");
	conn = sim_connector_find(dcd->engine->sim, name);
	if (conn < 0)
		return admin_error(err, -ENOENT, DCP_REASON_UNKNOWN_ID,
				   "the simulator has no connector \"%s\"", name);
	return conn;
}

static int sim_result(int r, const char *what, const char *name, struct dcp_error *err)
{
	const char *why;

	if (r >= 0)
		return 0;
	switch (-r) {
	case EBUSY:
		why = "a display is plugged in already";
		break;
	case ENOTCONN:
		why = "nothing is plugged in";
		break;
	case EOPNOTSUPP:
		why = "the display there is no DP receiver";
		break;
	case ENODATA:
		why = "the scenario gives no display for it";
		break;
	default:
		why = strerror(-r);
		break;
	}
	return admin_error(err, r, DCP_REASON_ARGUMENT, "%s %s: %s", what, name, why);
}

int dcd_admin_sim_plug(struct dcd *dcd, const char *connector, const char *display_json,
		       struct dcp_error *err)
{
	struct sim_error serr = { "" };
	int conn = sim_connector(dcd, connector, err);
	int r;

	if (conn < 0)
		return conn;
	if (!display_json)
		return sim_result(sim_plug(dcd->engine->sim, (unsigned)conn, NULL, 0), "plug",
				  connector, err);
	r = sim_plug_json(dcd->engine->sim, (unsigned)conn, display_json, &serr);
	if (r < 0 && serr.msg[0])
		return admin_error(err, r, DCP_REASON_ARGUMENT, "plug %s: %s", connector, serr.msg);
	return sim_result(r, "plug", connector, err);
}

int dcd_admin_sim_plug_edid(struct dcd *dcd, const char *connector, const uint8_t *edid,
			    size_t size, struct dcp_error *err)
{
	int conn = sim_connector(dcd, connector, err);

	if (conn < 0)
		return conn;
	if (!size || size % 128 || size > SIM_PLUG_EDID_MAX)
		return admin_error(err, -EINVAL, DCP_REASON_ARGUMENT,
				   "plug %s: an EDID of %zu bytes (a multiple of 128 up to %u)",
				   connector, size, SIM_PLUG_EDID_MAX);
	return sim_result(sim_plug(dcd->engine->sim, (unsigned)conn, edid, size), "plug", connector,
			  err);
}

int dcd_admin_sim_unplug(struct dcd *dcd, const char *connector, struct dcp_error *err)
{
	int conn = sim_connector(dcd, connector, err);

	if (conn < 0)
		return conn;
	return sim_result(sim_unplug(dcd->engine->sim, (unsigned)conn), "unplug", connector, err);
}

int dcd_admin_sim_irq(struct dcd *dcd, const char *connector, uint8_t vector, struct dcp_error *err)
{
	int conn = sim_connector(dcd, connector, err);

	if (conn < 0)
		return conn;
	return sim_result(sim_dp_irq(dcd->engine->sim, (unsigned)conn, vector), "IRQ_HPD on",
			  connector, err);
}

int dcd_admin_sim_link_loss(struct dcd *dcd, const char *connector, struct dcp_error *err)
{
	int conn = sim_connector(dcd, connector, err);

	if (conn < 0)
		return conn;
	return sim_result(sim_drop_link(dcd->engine->sim, (unsigned)conn), "link loss on",
			  connector, err);
}

int dcd_admin_sim_pipe(struct dcd *dcd, unsigned link, struct dcp_error *err)
{
	const struct dc_stream *s;
	int r;

	if (!dcd->engine->sim)
		return admin_error(err, -ENOTSUP, DCP_REASON_ARGUMENT,
				   "dcd drives a real GPU, not the simulator");
	r = check_link(dcd, link, err);
	if (r < 0)
		return r;
	s = dcd_current_stream(dcd, link);
	if (!s || s->res.timing_generator < 0)
		return admin_error(err, -ENOENT, DCP_REASON_NO_STREAM, "%s shows nothing",
				   dcd_link_name(dcd, link));
	return s->res.timing_generator;
}

int dcd_admin_sim_screenshot(struct dcd *dcd, unsigned link, const char *path, uint32_t *crc,
			     struct dcp_error *err)
{
	int pipe = dcd_admin_sim_pipe(dcd, link, err);

	if (pipe < 0)
		return pipe;
	return sim_result(sim_capture_png_crc(dcd->engine->sim, (unsigned)pipe, path, crc),
			  "screenshot to", path, err);
}
