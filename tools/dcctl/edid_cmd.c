/*
 * dcctl edid: EDID commands. `edid NAME` shows what dcd read from a link's
 * monitor (decoded, or --raw bytes); `edid decode FILE` decodes an EDID
 * file offline, without the daemon. Decoded as readable text or (--json)
 * one JSON object.
 */
#include <errno.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "dcctl.h"
#include "edid_json.h"
#include "edid_print.h"
#include "pnp_ids.h"

/* Far above the 32 KiB of a 256-block EDID: anything bigger is not an EDID. */
#define EDID_FILE_MAX (1u << 20)

static int show(struct dcctl *ctx, const char *source, const uint8_t *data, size_t size,
		const char *pnp_path)
{
	struct dc_edid *edid;
	char vendor[128];
	bool have_vendor;
	int ret = dc_edid_parse(data, size, &edid);

	if (ret == -EINVAL) {
		dcctl_error("%s: %zu bytes without an EDID header (00 ff ff ff ff ff ff 00)",
			    source, size);
		return DCCTL_EXIT_FAILURE;
	}
	if (ret) {
		dcctl_error("%s: %s", source, strerror(-ret));
		return DCCTL_EXIT_FAILURE;
	}
	/* A missing pnp.ids only costs the vendor name. */
	have_vendor = pnp_lookup(pnp_path, edid->base.manufacturer, vendor, sizeof(vendor)) == 0;
	if (ctx->json) {
		struct json_object *o = edid_to_json(edid);

		if (o && have_vendor)
			json_object_object_add(o, "manufacturer_name",
					       json_object_new_string(vendor));
		ret = dcctl_print_json(o);
	} else {
		ret = edid_print(stdout, source, edid, have_vendor ? vendor : NULL);
	}
	dc_edid_destroy(edid);
	return ret;
}

/* Parses [--raw|--decode] [--pnp-ids PATH] and exactly one positional argument. */
static int parse(struct dcctl *ctx, int argc, char **argv, const char **arg, bool *raw,
		 const char **pnp_path)
{
	static const struct option options[] = {
		{ "raw", no_argument, NULL, 'r' },
		{ "decode", no_argument, NULL, 'd' },
		{ "pnp-ids", required_argument, NULL, 'p' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	int c;

	while ((c = dcctl_getopt(&dcctl_edid_command, argc, argv, options)) != -1) {
		switch (c) {
		case 'r':
			*raw = true;
			break;
		case 'd':
			*raw = false;
			break;
		case 'p':
			*pnp_path = optarg;
			break;
		case 'h':
			return DCCTL_EXIT_OK;
		default:
			return DCCTL_EXIT_USAGE;
		}
	}
	if (optind >= argc)
		return dcctl_usage(&dcctl_edid_command, "no %s given",
				   strcmp(argv[0], "decode") ? "link NAME" : "FILE");
	if (optind + 1 < argc)
		return dcctl_usage(&dcctl_edid_command, "unexpected argument '%s'",
				   argv[optind + 1]);
	*arg = argv[optind];
	return -1;
}

/* edid decode FILE: offline. */
static int edid_decode(struct dcctl *ctx, int argc, char **argv)
{
	const char *path = NULL, *pnp_path = PNP_IDS_PATH;
	uint8_t *data = NULL;
	size_t size = 0;
	bool raw = false;
	int ret = parse(ctx, argc, argv, &path, &raw, &pnp_path);

	if (ret >= 0)
		return ret;
	if (raw)
		return dcctl_usage(&dcctl_edid_command, "--raw is for a link's EDID");
	ret = dcctl_read_file(path, EDID_FILE_MAX, &data, &size);
	if (ret == -EFBIG) {
		dcctl_error("%s: larger than %u bytes, not an EDID", path, EDID_FILE_MAX);
		return DCCTL_EXIT_FAILURE;
	}
	if (ret) {
		dcctl_error("%s: %s", path, strerror(-ret));
		return DCCTL_EXIT_FAILURE;
	}
	ret = show(ctx, path, data, size, pnp_path);
	free(data);
	return ret;
}

/* edid NAME: what dcd read from the link's monitor. */
static int edid_link(struct dcctl *ctx, int argc, char **argv)
{
	const char *name = NULL, *pnp_path = PNP_IDS_PATH;
	sd_bus_message *m = NULL;
	const void *data;
	size_t size = 0;
	bool raw = false;
	int ret = parse(ctx, argc, argv, &name, &raw, &pnp_path);

	if (ret >= 0)
		return ret;
	if (!dcctl_link_name_ok(name))
		return dcctl_usage(&dcctl_edid_command,
				   "'%s' is neither a link name (DP-1, HDMI-A-1) nor 'decode'",
				   name);
	if (raw && ctx->json)
		return dcctl_usage(&dcctl_edid_command, "--raw writes bytes, not JSON");
	if (dcctl_call(ctx, NULL, DCCTL_MANAGER, "GetEdid", &m, "s", name) < 0)
		return DCCTL_EXIT_FAILURE;
	if (sd_bus_message_read_array(m, 'y', &data, &size) < 0 || !size) {
		dcctl_error("%s: no monitor is connected", name);
		sd_bus_message_unref(m);
		return DCCTL_EXIT_FAILURE;
	}
	if (raw)
		ret = fwrite(data, 1, size, stdout) == size && fflush(stdout) == 0
			      ? DCCTL_EXIT_OK
			      : DCCTL_EXIT_FAILURE;
	else
		ret = show(ctx, name, data, size, pnp_path);
	sd_bus_message_unref(m);
	return ret;
}

static int edid_run(struct dcctl *ctx, int argc, char **argv)
{
	if (argc >= 2 && !strcmp(argv[1], "decode"))
		return edid_decode(ctx, argc - 1, argv + 1);
	return edid_link(ctx, argc, argv);
}

const struct dcctl_command dcctl_edid_command = {
	.name = "edid",
	.args = "NAME [--raw|--decode] | decode FILE [--pnp-ids PATH]",
	.summary = "a link's EDID (bytes or decoded), or decode an EDID file offline",
	.run = edid_run,
};
