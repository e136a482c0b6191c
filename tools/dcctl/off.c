/* dcctl off NAME: switch an unleased output off (admin, Commit). */
#include "dcctl.h"

static int run(struct dcctl *ctx, int argc, char **argv)
{
	static const struct option options[] = {
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	int c;

	while ((c = dcctl_getopt(&dcctl_off_command, argc, argv, options)) != -1)
		return c == 'h' ? DCCTL_EXIT_OK : DCCTL_EXIT_USAGE;
	if (optind + 1 != argc || !dcctl_link_name_ok(argv[optind]))
		return dcctl_usage(&dcctl_off_command, "expected one link name (DP-1, HDMI-A-1)");
	if (dcctl_configure(ctx, "Commit", argv[optind], false, NULL, -1) < 0)
		return DCCTL_EXIT_FAILURE;
	if (ctx->json) {
		struct json_object *o = json_object_new_object();

		json_object_object_add(o, "link", json_object_new_string(argv[optind]));
		json_object_object_add(o, "mode", NULL);
		return dcctl_print_json(o);
	}
	printf("%s: off\n", argv[optind]);
	return DCCTL_EXIT_OK;
}

const struct dcctl_command dcctl_off_command = {
	.name = "off",
	.args = "NAME",
	.summary = "switch an unleased output off (admin)",
	.run = run,
};
