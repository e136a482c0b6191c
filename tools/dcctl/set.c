/*
 * dcctl set NAME MODE [--color RRGGBB] [--check]: an admin's picture on an
 * unleased output: a mode of its monitor showing a solid color (Commit;
 * with --check only Validate).
 */
#include <stdlib.h>
#include <string.h>

#include "dcctl.h"

/* "RRGGBB" or "#RRGGBB" as XRGB8888, or -1. */
static int64_t parse_color(const char *s)
{
	char *end;
	unsigned long v;

	if (*s == '#')
		s++;
	if (strlen(s) != 6)
		return -1;
	v = strtoul(s, &end, 16);
	return *end ? -1 : (int64_t)v;
}

static int run(struct dcctl *ctx, int argc, char **argv)
{
	static const struct option options[] = {
		{ "color", required_argument, NULL, 'c' },
		{ "check", no_argument, NULL, 'k' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	struct dcctl_link l;
	int64_t color = 0;
	bool check = false;
	const char *name, *mode;
	char text[32] = "off";
	int c;

	while ((c = dcctl_getopt(&dcctl_set_command, argc, argv, options)) != -1) {
		if (c == 'c' && (color = parse_color(optarg)) < 0)
			return dcctl_usage(&dcctl_set_command,
					   "--color: \"%s\" is not RRGGBB (hexadecimal)", optarg);
		else if (c == 'k')
			check = true;
		else if (c == 'h')
			return DCCTL_EXIT_OK;
		else if (c == '?')
			return DCCTL_EXIT_USAGE;
	}
	if (optind + 2 != argc)
		return dcctl_usage(&dcctl_set_command, "expected a link name and a mode");
	name = argv[optind];
	mode = argv[optind + 1];
	if (!dcctl_link_name_ok(name))
		return dcctl_usage(&dcctl_set_command, "'%s' is not a link name (DP-1, HDMI-A-1)",
				   name);
	if (dcctl_configure(ctx, check ? "Validate" : "Commit", name, true, mode, color) < 0)
		return DCCTL_EXIT_FAILURE;
	if (dcctl_get_link(ctx, name, &l) < 0)
		return DCCTL_EXIT_FAILURE;
	if (l.width)
		dcctl_mode_text(l.width, l.height, l.refresh_mhz, text, sizeof(text));
	if (ctx->json) {
		struct json_object *o = json_object_new_object();
		char hex[8];

		snprintf(hex, sizeof(hex), "#%06x", (unsigned)color);
		json_object_object_add(o, "link", json_object_new_string(name));
		json_object_object_add(o, "checked_only", json_object_new_boolean(check));
		json_object_object_add(o, "mode",
				       l.width ? dcctl_mode_json(l.width, l.height, l.refresh_mhz)
					       : NULL);
		json_object_object_add(o, "color", json_object_new_string(hex));
		return dcctl_print_json(o);
	}
	if (check)
		printf("%s: %s would be accepted (the output still shows %s)\n", name, mode, text);
	else
		printf("%s: %s Hz, color #%06x\n", name, text, (unsigned)color);
	return DCCTL_EXIT_OK;
}

const struct dcctl_command dcctl_set_command = {
	.name = "set",
	.args = "NAME MODE [--color RRGGBB] [--check]",
	.summary = "show a mode and a solid color on an unleased output (admin)",
	.run = run,
};
