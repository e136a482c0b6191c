/*
 * dcctl link NAME: one link in detail (GetLinkStatus): connection and
 * monitor, signal, mode, the DP link with its training, HDMI scrambling,
 * audio, and the engine's resources that drive it.
 */
#include <stdint.h>
#include <string.h>

#include "dcctl.h"

static const char *str(struct json_object *o, const char *key)
{
	struct json_object *v;

	return json_object_object_get_ex(o, key, &v) && json_object_is_type(v, json_type_string)
		       ? json_object_get_string(v)
		       : "";
}

static int64_t num(struct json_object *o, const char *key)
{
	struct json_object *v;

	return json_object_object_get_ex(o, key, &v) ? json_object_get_int64(v) : -1;
}

static bool flag(struct json_object *o, const char *key)
{
	struct json_object *v;

	return json_object_object_get_ex(o, key, &v) && json_object_get_boolean(v);
}

/* "0/0/1/1" of an array of levels. */
static void levels(struct json_object *o, const char *key, char *buf, size_t size)
{
	struct json_object *a;
	size_t used = 0;

	buf[0] = 0;
	if (!json_object_object_get_ex(o, key, &a) || !json_object_is_type(a, json_type_array))
		return;
	for (size_t i = 0; i < json_object_array_length(a) && used < size; i++)
		used += (size_t)snprintf(buf + used, size - used, "%s%d", i ? "/" : "",
					 json_object_get_int(json_object_array_get_idx(a, i)));
}

static void print_dp(struct json_object *o)
{
	char text[64], swing[32], pre[32];

	if (num(o, "link_rate_mbps") > 0) {
		dcctl_dp_link_text((uint32_t)num(o, "lane_count"),
				   (uint32_t)num(o, "link_rate_mbps"), text, sizeof(text));
		printf("  DP link          %s\n", text);
	} else {
		printf("  DP link          off\n");
	}
	dcctl_dp_link_text((uint32_t)num(o, "max_lane_count"),
			   (uint32_t)num(o, "max_link_rate_mbps"), text, sizeof(text));
	printf("  DP capability    %s\n", num(o, "max_link_rate_mbps") > 0 ? text : "unknown");
	levels(o, "voltage_swing", swing, sizeof(swing));
	levels(o, "pre_emphasis", pre, sizeof(pre));
	printf("  last training    %s: %lld clock recovery and %lld equalization tries, "
	       "%lld fallbacks; swing %s, pre-emphasis %s\n",
	       str(o, "training_result"), (long long)num(o, "cr_tries"),
	       (long long)num(o, "eq_tries"), (long long)num(o, "fallbacks"),
	       swing[0] ? swing : "-", pre[0] ? pre : "-");
}

/* The pipe's display watermarks in ns, as dc computed and wrote them. */
static void print_watermarks(struct json_object *o)
{
	char hiding[64] = "no plane fetches through it";

	if (num(o, "urgent_watermark_ns") < 0)
		return; /* an older dcd */
	if (num(o, "dmif_hiding_ns") != UINT32_MAX)
		snprintf(hiding, sizeof(hiding), "lasts %lld ns at the planes' fetch rate",
			 (long long)num(o, "dmif_hiding_ns"));
	printf("  watermarks       urgent %lld ns, line %lld ns, stutter exit %lld ns (stutter "
	       "%s), NB p-state %lld ns (%s)\n",
	       (long long)num(o, "urgent_watermark_ns"), (long long)num(o, "line_time_ns"),
	       (long long)num(o, "stutter_exit_watermark_ns"), flag(o, "stutter") ? "on" : "off",
	       (long long)num(o, "nbp_watermark_ns"),
	       flag(o, "nbp_hidden") ? "hidden" : "not hidden");
	printf("  DMIF buffer      %s\n", hiding);
}

static void print_resources(struct json_object *o)
{
	struct json_object *planes;
	char list[64] = "";
	size_t used = 0;

	if (json_object_object_get_ex(o, "planes", &planes)) {
		for (size_t i = 0; i < json_object_array_length(planes) && used < sizeof(list); i++)
			used += (size_t)snprintf(
				list + used, sizeof(list) - used, "%s%s", i ? ", " : "",
				json_object_get_string(json_object_array_get_idx(planes, i)));
	}
	printf("  resources        pipe %lld, timing generator %lld, stream encoder %lld, "
	       "link encoder %lld, clock %s\n",
	       (long long)num(o, "pipe"), (long long)num(o, "timing_generator"),
	       (long long)num(o, "stream_encoder"), (long long)num(o, "link_encoder"),
	       str(o, "clock_source"));
	printf("  planes           %s\n", used ? list : "none (a solid color)");
	print_watermarks(o);
}

static void print_status(struct json_object *o, const struct dcctl_link *l)
{
	struct json_object *mode;
	char text[64];

	printf("%s (%s)\n", str(o, "name"), str(o, "type"));
	if (flag(o, "connected"))
		printf("  connection       connected: %s %s (product %u)\n", l->manufacturer,
		       l->monitor_name[0] ? l->monitor_name : "(no name)", l->product_code);
	else
		printf("  connection       disconnected\n");
	printf("  signal           %s\n", str(o, "signal"));
	if (json_object_object_get_ex(o, "mode", &mode) && mode) {
		dcctl_mode_text((uint32_t)num(mode, "width"), (uint32_t)num(mode, "height"),
				(uint32_t)num(mode, "refresh_mhz"), text, sizeof(text));
		printf("  mode             %s Hz, pixel clock %lld.%03lld MHz\n", text,
		       (long long)num(o, "pixel_clock_khz") / 1000,
		       (long long)num(o, "pixel_clock_khz") % 1000);
	} else {
		printf("  mode             off\n");
	}
	if (num(o, "lease") > 0)
		printf("  lease            %lld\n", (long long)num(o, "lease"));
	else
		printf("  lease            none\n");
	if (num(o, "max_link_rate_mbps") >= 0)
		print_dp(o);
	if (json_object_object_get_ex(o, "hdmi_scrambling", NULL))
		printf("  HDMI scrambling  %s\n", flag(o, "hdmi_scrambling") ? "on" : "off");
	printf("  audio            %s\n", flag(o, "audio") ? "yes" : "no");
	if (flag(o, "active"))
		print_resources(o);
}

static int run(struct dcctl *ctx, int argc, char **argv)
{
	static const struct option options[] = {
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	struct dcctl_link l = { 0 };
	sd_bus_message *m = NULL;
	struct json_object *o;
	int c;

	while ((c = dcctl_getopt(&dcctl_link_command, argc, argv, options)) != -1)
		return c == 'h' ? DCCTL_EXIT_OK : DCCTL_EXIT_USAGE;
	if (optind + 1 != argc)
		return dcctl_usage(&dcctl_link_command, "expected one link name");
	if (!dcctl_link_name_ok(argv[optind]))
		return dcctl_usage(&dcctl_link_command, "'%s' is not a link name (DP-1, HDMI-A-1)",
				   argv[optind]);
	if (dcctl_call(ctx, NULL, DCCTL_MANAGER, "GetLinkStatus", &m, "s", argv[optind]) < 0)
		return DCCTL_EXIT_FAILURE;
	o = dcctl_status_json(m);
	sd_bus_message_unref(m);
	if (ctx->json)
		return dcctl_print_json(o);
	/* The monitor's names are the Link object's properties. */
	if (dcctl_get_link(ctx, argv[optind], &l) < 0) {
		json_object_put(o);
		return DCCTL_EXIT_FAILURE;
	}
	print_status(o, &l);
	json_object_put(o);
	return DCCTL_EXIT_OK;
}

const struct dcctl_command dcctl_link_command = {
	.name = "link",
	.args = "NAME",
	.summary = "one link: signal, mode, DP link and training, HDMI, audio, resources",
	.run = run,
};
