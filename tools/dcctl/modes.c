/* dcctl modes NAME: the monitor's modes, preferred first, with their timings (GetModes). */
#include <string.h>

#include "dcctl.h"

/* DRM_MODE_FLAG_* bits dcctl names. */
#define FLAG_PHSYNC    (1u << 0)
#define FLAG_NHSYNC    (1u << 1)
#define FLAG_PVSYNC    (1u << 2)
#define FLAG_NVSYNC    (1u << 3)
#define FLAG_INTERLACE (1u << 4)

struct mode {
	uint32_t v[11]; /* width .. flags, in GetModes order */
	int preferred;
};

static struct json_object *mode_json(const struct mode *md)
{
	static const char *const keys[] = { "width",	 "height",	"refresh_mhz",
					    "clock_khz", "hsync_start", "hsync_end",
					    "htotal",	 "vsync_start", "vsync_end",
					    "vtotal",	 "flags" };
	struct json_object *o = json_object_new_object();
	char name[32];

	dcctl_mode_text(md->v[0], md->v[1], md->v[2], name, sizeof(name));
	json_object_object_add(o, "name", json_object_new_string(name));
	for (size_t i = 0; i < sizeof(keys) / sizeof(keys[0]); i++)
		json_object_object_add(o, keys[i], json_object_new_int64(md->v[i]));
	json_object_object_add(o, "interlaced",
			       json_object_new_boolean((md->v[10] & FLAG_INTERLACE) != 0));
	json_object_object_add(o, "preferred", json_object_new_boolean(md->preferred));
	return o;
}

static void add_row(struct dcctl_table *t, const struct mode *md)
{
	const uint32_t *v = md->v;
	char mode[32], clock[24], h[40], vt[40], sync[24];

	dcctl_mode_text(v[0], v[1], v[2], mode, sizeof(mode));
	if (v[10] & FLAG_INTERLACE)
		strncat(mode, "i", sizeof(mode) - strlen(mode) - 1);
	snprintf(clock, sizeof(clock), "%u.%03u MHz", v[3] / 1000, v[3] % 1000);
	snprintf(h, sizeof(h), "%u %u %u %u", v[0], v[4], v[5], v[6]);
	snprintf(vt, sizeof(vt), "%u %u %u %u", v[1], v[7], v[8], v[9]);
	snprintf(sync, sizeof(sync), "%chsync %cvsync", v[10] & FLAG_NHSYNC ? '-' : '+',
		 v[10] & FLAG_NVSYNC ? '-' : '+');
	dcctl_table_add(
		t, (const char *[]){ mode, clock, h, vt, sync, md->preferred ? "preferred" : "" });
}

static int run(struct dcctl *ctx, int argc, char **argv)
{
	static const struct option options[] = {
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	struct dcctl_table t = { .ncols = 6 };
	struct json_object *a = json_object_new_array();
	sd_bus_message *m = NULL;
	struct mode md;
	unsigned n = 0;
	int c;

	while ((c = dcctl_getopt(&dcctl_modes_command, argc, argv, options)) != -1) {
		json_object_put(a);
		return c == 'h' ? DCCTL_EXIT_OK : DCCTL_EXIT_USAGE;
	}
	if (optind + 1 != argc || !dcctl_link_name_ok(argv[optind])) {
		json_object_put(a);
		return dcctl_usage(&dcctl_modes_command, "expected one link name (DP-1, HDMI-A-1)");
	}
	if (dcctl_call(ctx, NULL, DCCTL_MANAGER, "GetModes", &m, "s", argv[optind]) < 0) {
		json_object_put(a);
		return DCCTL_EXIT_FAILURE;
	}
	dcctl_table_add(&t, (const char *[]){ "MODE", "CLOCK", "H: ACTIVE SYNC END TOTAL",
					      "V: ACTIVE SYNC END TOTAL", "SYNC", "" });
	sd_bus_message_enter_container(m, 'a', "(uuuuuuuuuuub)");
	while (sd_bus_message_read(m, "(uuuuuuuuuuub)", &md.v[0], &md.v[1], &md.v[2], &md.v[3],
				   &md.v[4], &md.v[5], &md.v[6], &md.v[7], &md.v[8], &md.v[9],
				   &md.v[10], &md.preferred) > 0) {
		json_object_array_add(a, mode_json(&md));
		add_row(&t, &md);
		n++;
	}
	sd_bus_message_unref(m);
	if (!n) {
		dcctl_table_print(&t, NULL);
		json_object_put(a);
		dcctl_error("%s: no monitor is connected", argv[optind]);
		return DCCTL_EXIT_FAILURE;
	}
	if (ctx->json) {
		dcctl_table_print(&t, NULL);
		return dcctl_print_json(a);
	}
	json_object_put(a);
	dcctl_table_print(&t, stdout);
	return DCCTL_EXIT_OK;
}

const struct dcctl_command dcctl_modes_command = {
	.name = "modes",
	.args = "NAME",
	.summary = "the monitor's modes, preferred first, with their timings",
	.run = run,
};
