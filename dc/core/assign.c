/*
 * Resource assignment over a whole state: timing generator (and its pipe),
 * stream encoder (DIG front end), link encoder (the connector's DIG back
 * end, two for dual-link DVI), clock source and audio endpoint.
 *
 * Streams equal to the committed one on their link keep what they have,
 * so a later commit does not touch them; the others take the first free
 * instance. TMDS streams whose PLL would run at the same frequency share
 * one PLL (except HDMI with dual-link DVI, whose PLLs are set up
 * differently by the VBIOS tables); DP streams use their pipe's DP DTO.
 */
#include <stdio.h>
#include <string.h>

#include "dc_priv.h"

#define FREE (-1)

struct pll_use {
	uint32_t khz;
	enum dc_signal signal;
	int users;
	int first; /* stream index of the first user */
};

struct usage {
	int tg[DC_MAX_PIPES]; /* owning stream index, or FREE */
	int se[DC_MAX_DIGS];
	int le[DC_MAX_DIGS];
	int audio[DC_MAX_AUDIO];
	struct pll_use pll[DC_MAX_PLLS];
};

static void usage_init(struct usage *u)
{
	memset(u, 0xff, sizeof(*u)); /* every owner FREE (-1) */
	for (unsigned i = 0; i < DC_MAX_PLLS; i++)
		u->pll[i] = (struct pll_use){ .first = FREE };
}

static const char *link_name(const struct dc *dc, const struct dc_state *state, int stream)
{
	return dc->links[state->streams[stream].link].name;
}

/* "eDP-1, DP-1, HDMI-A-1": the owners of n instances. */
static void owners(char *buf, size_t size, const struct dc *dc, const struct dc_state *state,
		   const int *owner, unsigned n)
{
	size_t used = 0;

	buf[0] = '\0';
	for (unsigned i = 0; i < n && used < size; i++)
		used += (size_t)snprintf(buf + used, size - used, "%s%s", i ? ", " : "",
					 owner[i] == FREE ? "-" : link_name(dc, state, owner[i]));
}

static bool plls_compatible(enum dc_signal a, enum dc_signal b)
{
	return !((a == DC_SIGNAL_HDMI && b == DC_SIGNAL_DVI_DUAL) ||
		 (a == DC_SIGNAL_DVI_DUAL && b == DC_SIGNAL_HDMI));
}

static void take_pll(struct usage *u, int pll, const struct dc_stream_plan *plan, int stream)
{
	if (!u->pll[pll].users++) {
		u->pll[pll].khz = plan->pll_khz;
		u->pll[pll].signal = plan->signal;
		u->pll[pll].first = stream;
	}
}

/* Keeps an unchanged stream's committed resources; false if they are no longer free. */
static bool keep_committed(const struct dc *dc, struct usage *u, struct dc_stream *s, int i,
			   const struct dc_stream_plan *plan)
{
	const struct dc_stream_resources *c = &dc->current.streams[plan->committed].res;
	bool dual = plan->signal == DC_SIGNAL_DVI_DUAL;

	if (c->timing_generator < 0 || c->timing_generator >= dc->pool->timing_generators ||
	    c->stream_encoder < 0 || c->stream_encoder >= dc->pool->stream_encoders ||
	    c->link_encoder < 0 || c->link_encoder + dual >= dc->pool->link_encoders ||
	    u->tg[c->timing_generator] != FREE || u->se[c->stream_encoder] != FREE ||
	    u->le[c->link_encoder] != FREE || (dual && u->le[c->link_encoder + 1] != FREE))
		return false;
	if (c->clock_source >= 0 && c->clock_source < DC_CLOCK_SOURCE_DP_DTO) {
		struct pll_use *p = &u->pll[c->clock_source];

		if (p->users &&
		    (p->khz != plan->pll_khz || !plls_compatible(p->signal, plan->signal)))
			return false;
		take_pll(u, c->clock_source, plan, i);
	}
	s->res = *c;
	u->tg[c->timing_generator] = i;
	u->se[c->stream_encoder] = i;
	u->le[c->link_encoder] = i;
	if (dual)
		u->le[c->link_encoder + 1] = i;
	if (c->audio >= 0)
		u->audio[c->audio] = i;
	return true;
}

static int pick_clock_source(const struct dc *dc, const struct dc_state *state, struct usage *u,
			     int i, const struct dc_stream_plan *plan, struct dc_error *err)
{
	const struct dc_resource_pool *pool = dc->pool;
	char have[128] = "", clock[16];
	size_t used = 0;
	int free_pll = FREE;

	if (!plan->uses_pll)
		return DC_CLOCK_SOURCE_DP_DTO;
	for (int p = 0; p < pool->plls; p++) {
		const struct pll_use *pu = &u->pll[p];

		if (pu->users && pu->khz == plan->pll_khz &&
		    plls_compatible(pu->signal, plan->signal)) {
			take_pll(u, p, plan, i);
			return p;
		}
		if (!pu->users && free_pll == FREE)
			free_pll = p;
	}
	if (free_pll != FREE) {
		take_pll(u, free_pll, plan, i);
		return free_pll;
	}
	for (int p = 0; p < pool->plls && used < sizeof(have); p++) {
		char khz[16];

		dc_fmt_fixed(khz, sizeof(khz), fixed32_32_from_int(u->pll[p].khz), 1000, 2);
		used += (size_t)snprintf(have + used, sizeof(have) - used, "%s%s MHz (%s)",
					 p ? ", " : "", khz, link_name(dc, state, u->pll[p].first));
	}
	dc_fmt_fixed(clock, sizeof(clock), fixed32_32_from_int(plan->pll_khz), 1000, 2);
	return dc_error_set(err, DC_ERR_CLOCK_SOURCE, i, -1,
			    "%s: no clock source for %s MHz, %s's %u PLLs run at %s",
			    link_name(dc, state, i), clock, dc_asic_name(pool->asic), pool->plls,
			    have);
}

static int first_free(const int *owner, unsigned n)
{
	for (unsigned i = 0; i < n; i++) {
		if (owner[i] == FREE)
			return (int)i;
	}
	return FREE;
}

static int assign_new(const struct dc *dc, struct dc_state *state, struct usage *u, int i,
		      const struct dc_stream_plan *plan, struct dc_error *err)
{
	const struct dc_resource_pool *pool = dc->pool;
	const struct dc_link *l = &dc->links[state->streams[i].link];
	struct dc_stream_resources *r = &state->streams[i].res;
	const char *name = l->name, *asic = dc_asic_name(pool->asic);
	unsigned be = l->desc.dig_be, last_be = be + (plan->signal == DC_SIGNAL_DVI_DUAL);
	char list[96];
	int tg, se, cs;

	tg = first_free(u->tg, pool->timing_generators);
	if (tg == FREE) {
		owners(list, sizeof(list), dc, state, u->tg, pool->timing_generators);
		return dc_error_set(err, DC_ERR_TIMING_GENERATOR, i, -1,
				    "%s: no free timing generator, %s has %u, in use by %s", name,
				    asic, pool->timing_generators, list);
	}
	for (unsigned d = be; d <= last_be; d++) {
		if (u->le[d] != FREE)
			return dc_error_set(err, DC_ERR_LINK_ENCODER, i, -1,
					    "%s: link encoder DIG %u is in use by %s", name, d,
					    link_name(dc, state, u->le[d]));
	}
	/* DIG n's front end feeds DIG n's back end most directly; any FE can be muxed */
	se = be < pool->stream_encoders && u->se[be] == FREE
		     ? (int)be
		     : first_free(u->se, pool->stream_encoders);
	if (se == FREE) {
		owners(list, sizeof(list), dc, state, u->se, pool->stream_encoders);
		return dc_error_set(err, DC_ERR_STREAM_ENCODER, i, -1,
				    "%s: no free stream encoder (DIG front end), %s has %u, in use "
				    "by %s",
				    name, asic, pool->stream_encoders, list);
	}
	cs = pick_clock_source(dc, state, u, i, plan, err);
	if (cs < 0)
		return cs;
	r->timing_generator = (int8_t)tg;
	r->pipe = (int8_t)tg;
	r->stream_encoder = (int8_t)se;
	r->link_encoder = (int8_t)be;
	r->clock_source = (int8_t)cs;
	u->tg[tg] = i;
	u->se[se] = i;
	for (unsigned d = be; d <= last_be; d++)
		u->le[d] = i;
	if (plan->audio) {
		r->audio = (int8_t)first_free(u->audio, pool->audio);
		if (r->audio == FREE)
			dc_log(dc, DC_LOG_WARNING, "%s: all %u audio endpoints in use, no audio",
			       name, pool->audio);
		else
			u->audio[r->audio] = i;
	}
	return 0;
}

int dc_assign_resources(const struct dc *dc, struct dc_state *state,
			const struct dc_stream_plan *plans, struct dc_error *err)
{
	struct usage u;
	bool kept[DC_MAX_STREAMS] = { false };
	int ret;

	usage_init(&u);
	for (unsigned i = 0; i < state->stream_count; i++) {
		if (plans[i].unchanged)
			kept[i] = keep_committed(dc, &u, &state->streams[i], (int)i, &plans[i]);
	}
	for (unsigned i = 0; i < state->stream_count; i++) {
		if (kept[i])
			continue;
		ret = assign_new(dc, state, &u, (int)i, &plans[i], err);
		if (ret)
			return ret;
	}
	for (unsigned i = 0; i < state->stream_count; i++) {
		struct dc_stream_resources *r = &state->streams[i].res;

		/* a kept PLL keeps running as it runs (adopted: as read back, dc_pll_agrees) */
		if (!kept[i])
			r->pixel_clock_khz = plans[i].pll_khz;
		r->signal = plans[i].signal;
		r->hdmi_scrambling = plans[i].hdmi_scrambling;
		r->vrr_vtotal_max = plans[i].vrr_vtotal_max;
	}
	return 0;
}
