/*
 * Manager.GetLinkStatus: everything known about a link as a{sv}
 * (docs/dbus.md lists the keys): connection, signal, the stream, the DP
 * link and its last training, HDMI scrambling and audio, and the engine's
 * resources driving it (what `dcctl link` and `dcctl topology` show).
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "admin.h"
#include "dbus_internal.h"

/* Appends one {sv} entry: key, the variant's type and its value(s). */
static int entry(sd_bus_message *m, const char *key, const char *type, ...)
{
	va_list ap;
	int r = sd_bus_message_open_container(m, 'e', "sv");

	if (r >= 0)
		r = sd_bus_message_append(m, "s", key);
	if (r >= 0)
		r = sd_bus_message_open_container(m, 'v', type);
	va_start(ap, type);
	if (r >= 0)
		r = sd_bus_message_appendv(m, type, ap);
	va_end(ap);
	if (r >= 0)
		r = sd_bus_message_close_container(m);
	if (r >= 0)
		r = sd_bus_message_close_container(m);
	return r;
}

static int entry_levels(sd_bus_message *m, const char *key, const uint8_t *levels, unsigned lanes)
{
	int r = sd_bus_message_open_container(m, 'e', "sv");

	if (r >= 0)
		r = sd_bus_message_append(m, "s", key);
	if (r >= 0)
		r = sd_bus_message_open_container(m, 'v', "au");
	if (r >= 0)
		r = sd_bus_message_open_container(m, 'a', "u");
	for (unsigned i = 0; r >= 0 && i < lanes && i < 4; i++)
		r = sd_bus_message_append(m, "u", (uint32_t)levels[i]);
	for (int k = 0; r >= 0 && k < 3; k++)
		r = sd_bus_message_close_container(m);
	return r;
}

static void training_result(const struct dc_link_training *t, char *buf, size_t size)
{
	if (t->result)
		snprintf(buf, size, "failed: %s", strerror(-t->result));
	else
		snprintf(buf, size, "%s", t->rate_mbps ? "ok" : "none");
}

static void clock_source_name(int source, char *buf, size_t size)
{
	if (source == DC_CLOCK_SOURCE_DP_DTO)
		snprintf(buf, size, "DP DTO");
	else
		snprintf(buf, size, "PLL%d", source);
}

static int dp_entries(sd_bus_message *m, const struct dc_link_status *st, bool active)
{
	const struct dc_link_training *t = &st->training;
	unsigned lanes = t->lanes;
	char result[96];
	int r;

	training_result(t, result, sizeof(result));
	/* The link carries the stream only while one is on; the training stays recorded. */
	r = entry(m, "link_rate_mbps", "u", active ? t->rate_mbps : 0);
	if (r >= 0)
		r = entry(m, "lane_count", "u", active ? (uint32_t)t->lanes : 0);
	if (r >= 0)
		r = entry(m, "max_link_rate_mbps", "u", st->max_rate_mbps);
	if (r >= 0)
		r = entry(m, "max_lane_count", "u", (uint32_t)st->max_lanes);
	if (r >= 0)
		r = entry(m, "training_result", "s", result);
	if (r >= 0)
		r = entry_levels(m, "voltage_swing", t->swing, lanes);
	if (r >= 0)
		r = entry_levels(m, "pre_emphasis", t->preemphasis, lanes);
	if (r >= 0)
		r = entry(m, "cr_tries", "u", (uint32_t)t->cr_tries);
	if (r >= 0)
		r = entry(m, "eq_tries", "u", (uint32_t)t->eq_tries);
	if (r >= 0)
		r = entry(m, "fallbacks", "u", (uint32_t)t->fallbacks);
	return r;
}

/* The pipe's display watermarks (docs/bandwidth.md, "Watermarks"). */
static int watermark_entries(sd_bus_message *m, const struct dc_watermarks *w)
{
	int r = entry(m, "urgent_watermark_ns", "u", w->urgent_ns);

	if (r >= 0)
		r = entry(m, "line_time_ns", "u", w->line_ns);
	if (r >= 0)
		r = entry(m, "stutter_exit_watermark_ns", "u", w->stutter_exit_ns);
	if (r >= 0)
		r = entry(m, "nbp_watermark_ns", "u", w->nbp_ns);
	if (r >= 0)
		r = entry(m, "dmif_hiding_ns", "u", w->hiding_ns);
	if (r >= 0)
		r = entry(m, "stutter", "b", (int)w->stutter);
	if (r >= 0)
		r = entry(m, "nbp_hidden", "b", (int)w->nbp_hidden);
	return r;
}

static int resource_entries(sd_bus_message *m, const struct dc_stream *s)
{
	char clock[16];
	int r;

	clock_source_name(s->res.clock_source, clock, sizeof(clock));
	r = entry(m, "pipe", "i", (int32_t)s->res.pipe);
	if (r >= 0)
		r = entry(m, "timing_generator", "i", (int32_t)s->res.timing_generator);
	if (r >= 0)
		r = entry(m, "stream_encoder", "i", (int32_t)s->res.stream_encoder);
	if (r >= 0)
		r = entry(m, "link_encoder", "i", (int32_t)s->res.link_encoder);
	if (r >= 0)
		r = entry(m, "clock_source", "s", clock);
	if (r >= 0 && s->primary.enabled && s->cursor.enabled)
		r = entry(m, "planes", "as", 2, "primary", "cursor");
	else if (r >= 0 && s->primary.enabled)
		r = entry(m, "planes", "as", 1, "primary");
	else if (r >= 0 && s->cursor.enabled)
		r = entry(m, "planes", "as", 1, "cursor");
	else if (r >= 0)
		r = entry(m, "planes", "as", 0);
	if (r >= 0)
		r = watermark_entries(m, &s->res.wm);
	return r;
}

int dcd_dbus_method_get_link_status(sd_bus_message *m, void *data, sd_bus_error *e)
{
	struct dcd_dbus *d = data;
	struct dcd *dcd = d->dcd;
	struct dcd_dbus_link_props p;
	struct dc_link_status st = { 0 };
	const struct dc_stream *s;
	sd_bus_message *reply = NULL;
	enum dc_link_type type;
	const char *name;
	int link, r;

	link = dcd_dbus_read_link(m, d, &name, e);
	if (link < 0)
		return link;
	type = dcd_link_type(dcd, (unsigned)link);
	dcd_admin_link_status(dcd, (unsigned)link, &st);
	dcd_dbus_link_props(dcd, (unsigned)link, &p);
	s = dcd->engine->lost ? NULL : dcd_current_stream(dcd, (unsigned)link);

	r = sd_bus_message_new_method_return(m, &reply);
	if (r >= 0)
		r = sd_bus_message_open_container(reply, 'a', "{sv}");
	if (r >= 0)
		r = entry(reply, "name", "s", dcd_link_name(dcd, (unsigned)link));
	if (r >= 0)
		r = entry(reply, "type", "s", dcp_link_type_name((unsigned)type));
	if (r >= 0)
		r = entry(reply, "connected", "b", p.connected);
	if (r >= 0)
		r = entry(reply, "signal", "s", p.signal);
	if (r >= 0)
		r = entry(reply, "active", "b", s != NULL);
	if (r >= 0)
		r = entry(reply, "lease", "u", p.lease);
	if (r >= 0)
		r = entry(reply, "mode", "(uuu)", p.width, p.height, p.refresh_mhz);
	if (r >= 0)
		r = entry(reply, "pixel_clock_khz", "u", s ? st.pixel_clock_khz : 0);
	if (r >= 0)
		r = entry(reply, "audio", "b", s && s->res.audio >= 0);
	if (r >= 0 && (type == DC_LINK_DP || type == DC_LINK_EDP))
		r = dp_entries(reply, &st, s != NULL);
	if (r >= 0 && type == DC_LINK_HDMI_A)
		r = entry(reply, "hdmi_scrambling", "b", s && st.hdmi_scrambling);
	if (r >= 0 && s)
		r = resource_entries(reply, s);
	return dcd_dbus_send_reply(reply, r);
}
