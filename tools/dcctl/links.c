/*
 * dcctl links: every link with its monitor, mode, DP link, variable
 * refresh range, whether it is a head-mounted display, and lease (the
 * Link objects' properties). Also the link list other commands use.
 */
#include <string.h>

#include "dcctl.h"

static void read_props(sd_bus_message *m, struct dcctl_link *l)
{
	const char *key, *s;

	if (sd_bus_message_enter_container(m, 'a', "{sv}") <= 0)
		return;
	while (sd_bus_message_enter_container(m, 'e', "sv") > 0) {
		int b;

		if (sd_bus_message_read(m, "s", &key) < 0)
			break;
		if (!strcmp(key, "Name") && sd_bus_message_read(m, "v", "s", &s) > 0)
			dcctl_text(l->name, sizeof(l->name), s);
		else if (!strcmp(key, "Type") && sd_bus_message_read(m, "v", "s", &s) > 0)
			dcctl_text(l->type, sizeof(l->type), s);
		else if (!strcmp(key, "Connected") && sd_bus_message_read(m, "v", "b", &b) > 0)
			l->connected = b;
		else if (!strcmp(key, "Signal") && sd_bus_message_read(m, "v", "s", &s) > 0)
			dcctl_text(l->signal, sizeof(l->signal), s);
		else if (!strcmp(key, "Lease"))
			sd_bus_message_read(m, "v", "u", &l->lease);
		else if (!strcmp(key, "Manufacturer") && sd_bus_message_read(m, "v", "s", &s) > 0)
			dcctl_text(l->manufacturer, sizeof(l->manufacturer), s);
		else if (!strcmp(key, "ProductCode"))
			sd_bus_message_read(m, "v", "u", &l->product_code);
		else if (!strcmp(key, "MonitorName") && sd_bus_message_read(m, "v", "s", &s) > 0)
			dcctl_text(l->monitor_name, sizeof(l->monitor_name), s);
		else if (!strcmp(key, "Mode"))
			sd_bus_message_read(m, "v", "(uuu)", &l->width, &l->height,
					    &l->refresh_mhz);
		else if (!strcmp(key, "LinkRateMbps"))
			sd_bus_message_read(m, "v", "u", &l->link_rate_mbps);
		else if (!strcmp(key, "LaneCount"))
			sd_bus_message_read(m, "v", "u", &l->lane_count);
		else if (!strcmp(key, "NonDesktop") && sd_bus_message_read(m, "v", "b", &b) > 0)
			l->non_desktop = b;
		else if (!strcmp(key, "VrrRangeHz"))
			sd_bus_message_read(m, "v", "(uu)", &l->vrr_min_hz, &l->vrr_max_hz);
		else
			sd_bus_message_skip(m, "v");
		sd_bus_message_exit_container(m);
	}
	sd_bus_message_exit_container(m);
}

/* The links' names and object paths (ListLinks). */
static int list_links(struct dcctl *ctx, struct dcctl_link *links, size_t max)
{
	sd_bus_message *m = NULL;
	const char *name, *path;
	size_t n = 0;

	if (dcctl_call(ctx, NULL, DCCTL_MANAGER, "ListLinks", &m, "") < 0)
		return -1;
	sd_bus_message_enter_container(m, 'a', "(so)");
	while (n < max && sd_bus_message_read(m, "(so)", &name, &path) > 0) {
		memset(&links[n], 0, sizeof(links[n]));
		dcctl_text(links[n].name, sizeof(links[n].name), name);
		dcctl_text(links[n].path, sizeof(links[n].path), path);
		n++;
	}
	sd_bus_message_unref(m);
	return (int)n;
}

static int get_props(struct dcctl *ctx, struct dcctl_link *l)
{
	sd_bus_message *m = NULL;

	if (dcctl_call(ctx, l->path, "org.freedesktop.DBus.Properties", "GetAll", &m, "s",
		       DCCTL_LINK) < 0)
		return -1;
	read_props(m, l);
	sd_bus_message_unref(m);
	return 0;
}

int dcctl_get_links(struct dcctl *ctx, struct dcctl_link *links, size_t max)
{
	int n = list_links(ctx, links, max);

	for (int i = 0; i < n; i++) {
		if (get_props(ctx, &links[i]) < 0)
			return -1;
	}
	return n;
}

int dcctl_get_link(struct dcctl *ctx, const char *name, struct dcctl_link *l)
{
	struct dcctl_link links[DCCTL_MAX_LINKS];
	int n = list_links(ctx, links, DCCTL_MAX_LINKS);

	for (int i = 0; i < n; i++) {
		if (!strcmp(links[i].name, name)) {
			*l = links[i];
			return get_props(ctx, l);
		}
	}
	if (n >= 0)
		dcctl_error("no link \"%s\"", name);
	return -1;
}

struct json_object *dcctl_link_json(const struct dcctl_link *l)
{
	struct json_object *o = json_object_new_object(), *sink = NULL;
	bool dp = !strcmp(l->type, "DP") || !strcmp(l->type, "eDP");

	json_object_object_add(o, "name", json_object_new_string(l->name));
	json_object_object_add(o, "type", json_object_new_string(l->type));
	json_object_object_add(o, "connected", json_object_new_boolean(l->connected));
	json_object_object_add(o, "signal", json_object_new_string(l->signal));
	if (l->connected) {
		sink = json_object_new_object();
		json_object_object_add(sink, "manufacturer",
				       json_object_new_string(l->manufacturer));
		json_object_object_add(sink, "product_code",
				       json_object_new_int64(l->product_code));
		json_object_object_add(sink, "monitor_name",
				       json_object_new_string(l->monitor_name));
	}
	json_object_object_add(o, "sink", sink);
	json_object_object_add(
		o, "mode", l->width ? dcctl_mode_json(l->width, l->height, l->refresh_mhz) : NULL);
	if (dp) {
		json_object_object_add(o, "link_rate_mbps",
				       json_object_new_int64(l->link_rate_mbps));
		json_object_object_add(o, "lane_count", json_object_new_int64(l->lane_count));
	}
	json_object_object_add(o, "non_desktop", json_object_new_boolean(l->non_desktop));
	json_object_object_add(o, "vrr_min_hz", json_object_new_int64(l->vrr_min_hz));
	json_object_object_add(o, "vrr_max_hz", json_object_new_int64(l->vrr_max_hz));
	json_object_object_add(o, "lease", l->lease ? json_object_new_int64(l->lease) : NULL);
	json_object_object_add(o, "path", json_object_new_string(l->path));
	return o;
}

static int run(struct dcctl *ctx, int argc, char **argv)
{
	static const struct option options[] = {
		{ "names", no_argument, NULL, 'n' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	struct dcctl_link links[DCCTL_MAX_LINKS];
	struct dcctl_table t = { .ncols = 8 };
	bool names = false;
	int c, n;

	while ((c = dcctl_getopt(&dcctl_links_command, argc, argv, options)) != -1) {
		if (c == 'h')
			return DCCTL_EXIT_OK;
		if (c == '?')
			return DCCTL_EXIT_USAGE;
		names = true;
	}
	if (optind < argc)
		return dcctl_usage(&dcctl_links_command, "unexpected argument '%s'", argv[optind]);
	n = dcctl_get_links(ctx, links, DCCTL_MAX_LINKS);
	if (n < 0)
		return DCCTL_EXIT_FAILURE;
	if (ctx->json) {
		struct json_object *a = json_object_new_array();

		for (int i = 0; i < n; i++)
			json_object_array_add(a, dcctl_link_json(&links[i]));
		return dcctl_print_json(a);
	}
	if (names) {
		for (int i = 0; i < n; i++)
			puts(links[i].name);
		return DCCTL_EXIT_OK;
	}
	dcctl_table_add(&t, (const char *[]){ "LINK", "TYPE", "MONITOR", "MODE", "DP LINK", "VRR",
					      "HMD", "LEASE" });
	for (int i = 0; i < n; i++) {
		const struct dcctl_link *l = &links[i];
		char monitor[64], mode[32] = "off", dp[48] = "-", lease[16] = "-", vrr[24] = "-";

		if (l->connected)
			snprintf(monitor, sizeof(monitor), "%s %s", l->manufacturer,
				 l->monitor_name[0] ? l->monitor_name : "(no name)");
		else
			snprintf(monitor, sizeof(monitor), "(disconnected)");
		if (!l->connected)
			snprintf(mode, sizeof(mode), "-");
		else if (l->width)
			dcctl_mode_text(l->width, l->height, l->refresh_mhz, mode, sizeof(mode));
		if (l->link_rate_mbps)
			dcctl_dp_link_text(l->lane_count, l->link_rate_mbps, dp, sizeof(dp));
		if (l->lease)
			snprintf(lease, sizeof(lease), "%u", l->lease);
		if (l->vrr_max_hz)
			snprintf(vrr, sizeof(vrr), "%u-%u Hz", l->vrr_min_hz, l->vrr_max_hz);
		dcctl_table_add(&t, (const char *[]){ l->name, l->type, monitor, mode, dp, vrr,
						      l->non_desktop ? "yes" : "-", lease });
	}
	dcctl_table_print(&t, stdout);
	return DCCTL_EXIT_OK;
}

const struct dcctl_command dcctl_links_command = {
	.name = "links",
	.args = "[--names]",
	.summary = "every link: monitor, mode, DP link, lease",
	.run = run,
};
