/*
 * Manager.Validate and Manager.Commit (admin only): a configuration of
 * unleased outputs as a{sa{sv}}, link name -> { "enabled" b, "mode" s,
 * "color" u }, turned into the socket protocol's struct dcp_config and
 * handed to dcd_admin_validate / dcd_admin_commit. Outputs not named keep
 * what they show.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "admin.h"
#include "dbus_internal.h"
#include "dc_modes.h"

struct output_options {
	bool enabled;
	const char *mode; /* NULL: the current timing, else the preferred one */
	uint32_t color;
};

/* Reads the variant of key, which must hold type (a one-letter basic type). */
static int read_option(sd_bus_message *m, const char *link, const char *key, char type, void *value,
		       sd_bus_error *e)
{
	const char *contents = NULL;
	char want[2] = { type, 0 };
	int r = sd_bus_message_peek_type(m, NULL, &contents);

	if (r < 0)
		return r;
	if (!contents || strcmp(contents, want))
		return dcd_dbus_error(e, -EINVAL, "%s: option \"%s\" must be of type %s, not %s",
				      link, key, want, contents ? contents : "?");
	return sd_bus_message_read(m, "v", want, value);
}

static int read_options(sd_bus_message *m, const char *link, struct output_options *o,
			sd_bus_error *e)
{
	int r, enabled;

	*o = (struct output_options){ .enabled = true };
	r = sd_bus_message_enter_container(m, 'a', "{sv}");
	while (r >= 0 && (r = sd_bus_message_enter_container(m, 'e', "sv")) > 0) {
		const char *key;

		r = sd_bus_message_read(m, "s", &key);
		if (r < 0)
			return r;
		if (!strcmp(key, "enabled")) {
			r = read_option(m, link, key, 'b', &enabled, e);
			o->enabled = enabled;
		} else if (!strcmp(key, "mode")) {
			r = read_option(m, link, key, 's', &o->mode, e);
		} else if (!strcmp(key, "color")) {
			r = read_option(m, link, key, 'u', &o->color, e);
			if (r >= 0 && o->color > 0xffffff)
				return dcd_dbus_error(e, -EINVAL,
						      "%s: color 0x%08x is not XRGB8888 (the top "
						      "byte must be 0)",
						      link, o->color);
		} else {
			return dcd_dbus_error(e, -EINVAL,
					      "%s: unknown option \"%s\" (enabled, mode, color)",
					      link, key);
		}
		if (r >= 0)
			r = sd_bus_message_exit_container(m);
	}
	if (r >= 0)
		r = sd_bus_message_exit_container(m);
	return r;
}

/*
 * The stream settings of an enabled output: a mode named from the monitor's
 * whole list (validation says why one does not fit), "preferred" the first
 * this link can show.
 */
static int fill_output(struct dcd *dcd, unsigned link, const struct output_options *o,
		       struct dcp_output_config *oc, sd_bus_error *e)
{
	const char *name = dcd_link_name(dcd, link);
	struct dcd_engine_sink sink_buf;
	const struct dcd_engine_sink *sink = dcd_link_sink(dcd, link, &sink_buf);
	const struct dc_stream *cur = dcd_current_stream(dcd, link);
	const struct dc_mode *modes, *mode = NULL;
	size_t count = 0;

	oc->link = link;
	oc->blank_color = o->color;
	if (!o->enabled)
		return 0;
	oc->flags = DCP_OUTPUT_ENABLED;
	if (!sink || dcd_output(dcd, link)->connection != DCP_CONNECTED)
		return dcd_dbus_error(e, -ENOENT, "%s: no monitor is connected", name);
	modes = dcd_link_modes(dcd, link, &count);
	if (o->mode && strcmp(o->mode, "preferred")) {
		mode = dcd_sink_find_mode(sink, o->mode);
		if (!mode)
			return dcd_dbus_error(
				e, -EINVAL,
				"%s: the monitor offers no mode \"%s\" (a mode is "
				"WIDTHxHEIGHT[i][@RATE] of its list, or \"preferred\")",
				name, o->mode);
	} else if (!o->mode && cur) {
		oc->mode = cur->mode;
	} else if (count) {
		mode = &modes[0];
	} else {
		return dcd_dbus_error(e, -EINVAL, "%s: no mode of the monitor fits this link",
				      name);
	}
	if (mode)
		oc->mode = mode->info;
	/* The same timing keeps its encoding and depth: no modeset for a color change. */
	if (cur && dcd_same_timing(&cur->mode, &oc->mode)) {
		oc->encoding = (uint8_t)cur->encoding;
		oc->bpc = cur->bpc;
	} else {
		oc->encoding = DCP_ENCODING_RGB;
		oc->bpc = 8;
	}
	return 0;
}

static int read_config(sd_bus_message *m, struct dcd_dbus *d, struct dcp_config *cfg,
		       sd_bus_error *e)
{
	uint32_t named = 0;
	int r;

	memset(cfg, 0, sizeof(*cfg));
	r = sd_bus_message_enter_container(m, 'a', "{sa{sv}}");
	while (r >= 0 && (r = sd_bus_message_enter_container(m, 'e', "sa{sv}")) > 0) {
		struct output_options o;
		const char *name;
		int link;

		link = dcd_dbus_read_link(m, d, &name, e);
		if (link < 0)
			return link;
		if (named & (1u << link))
			return dcd_dbus_error(e, -EINVAL, "%s is named twice", name);
		named |= 1u << link;
		r = read_options(m, name, &o, e);
		if (r >= 0)
			r = fill_output(d->dcd, (unsigned)link, &o,
					&cfg->outputs[cfg->output_count++], e);
		if (r >= 0)
			r = sd_bus_message_exit_container(m);
	}
	if (r >= 0)
		r = sd_bus_message_exit_container(m);
	if (r >= 0 && !cfg->output_count)
		return dcd_dbus_error(e, -EINVAL, "no output is named");
	return r;
}

static int validate(sd_bus_message *m, struct dcd_dbus *d, const struct dcd_dbus_caller *caller,
		    sd_bus_error *e)
{
	struct dcp_error err = { 0 };
	struct dcp_config cfg;
	int r = read_config(m, d, &cfg, e);

	if (r < 0)
		return r;
	return dcd_dbus_reply_status(m, dcd_admin_validate(d->dcd, &cfg, &err), &err, e);
}

static int commit(sd_bus_message *m, struct dcd_dbus *d, const struct dcd_dbus_caller *caller,
		  sd_bus_error *e)
{
	struct dcp_error err = { 0 };
	struct dcp_config cfg;
	char who[96];
	int r = read_config(m, d, &cfg, e);

	if (r < 0)
		return r;
	snprintf(who, sizeof(who), "admin %s through D-Bus", caller->label);
	return dcd_dbus_reply_status(m, dcd_admin_commit(d->dcd, &cfg, who, &err), &err, e);
}

int dcd_dbus_method_validate(sd_bus_message *m, void *data, sd_bus_error *e)
{
	return dcd_dbus_admin_call(m, data, validate, e);
}

int dcd_dbus_method_commit(sd_bus_message *m, void *data, sd_bus_error *e)
{
	return dcd_dbus_admin_call(m, data, commit, e);
}
