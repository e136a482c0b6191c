/*
 * dcctl edid: EDID commands. `edid decode FILE` decodes an EDID file
 * offline, without the daemon, as readable text or (--json) one JSON
 * object.
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

static int read_file(const char *path, uint8_t **data, size_t *size)
{
	FILE *f = strcmp(path, "-") ? fopen(path, "rb") : stdin;
	uint8_t *buf;
	size_t n;

	if (!f)
		return -errno;
	buf = malloc(EDID_FILE_MAX + 1);
	if (!buf) {
		if (f != stdin)
			fclose(f);
		return -ENOMEM;
	}
	n = fread(buf, 1, EDID_FILE_MAX + 1, f);
	if (ferror(f)) {
		free(buf);
		if (f != stdin)
			fclose(f);
		return -EIO;
	}
	if (f != stdin)
		fclose(f);
	if (n > EDID_FILE_MAX) {
		free(buf);
		return -EFBIG;
	}
	*data = buf;
	*size = n;
	return 0;
}

static void decode_usage(FILE *f)
{
	fprintf(f, "Usage: dcctl edid decode FILE [--json] [--pnp-ids PATH]\n"
		   "  FILE        raw EDID bytes (a sysfs edid file, a .bin); - for stdin\n"
		   "  --json      print one JSON object instead of text\n"
		   "  --pnp-ids   vendor name list (default " PNP_IDS_PATH ")\n");
}

static int print_json(const struct dc_edid *edid, const char *vendor)
{
	struct json_object *o = edid_to_json(edid);

	if (!o) {
		dcctl_error("out of memory building JSON");
		return DCCTL_EXIT_FAILURE;
	}
	if (vendor)
		json_object_object_add(o, "manufacturer_name", json_object_new_string(vendor));
	puts(json_object_to_json_string_ext(o, JSON_C_TO_STRING_PRETTY | JSON_C_TO_STRING_SPACED |
						       JSON_C_TO_STRING_NOSLASHESCAPE));
	json_object_put(o);
	return DCCTL_EXIT_OK;
}

static int edid_decode(int argc, char **argv)
{
	const char *path = NULL, *pnp_path = PNP_IDS_PATH;
	bool json = false;
	char vendor[128];
	struct dc_edid *edid;
	uint8_t *data = NULL;
	size_t size = 0;
	int ret;

	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--json")) {
			json = true;
		} else if (!strcmp(argv[i], "--pnp-ids") && i + 1 < argc) {
			pnp_path = argv[++i];
		} else if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
			decode_usage(stdout);
			return DCCTL_EXIT_OK;
		} else if ((argv[i][0] != '-' || !strcmp(argv[i], "-")) && !path) {
			path = argv[i];
		} else {
			dcctl_error("edid decode: unexpected argument '%s'", argv[i]);
			decode_usage(stderr);
			return DCCTL_EXIT_USAGE;
		}
	}
	if (!path) {
		dcctl_error("edid decode: no FILE given");
		decode_usage(stderr);
		return DCCTL_EXIT_USAGE;
	}

	ret = read_file(path, &data, &size);
	if (ret == -EFBIG) {
		dcctl_error("%s: larger than %u bytes, not an EDID", path, EDID_FILE_MAX);
		return DCCTL_EXIT_FAILURE;
	}
	if (ret) {
		dcctl_error("%s: %s", path, strerror(-ret));
		return DCCTL_EXIT_FAILURE;
	}
	ret = dc_edid_parse(data, size, &edid);
	free(data);
	if (ret == -EINVAL) {
		dcctl_error("%s: %zu bytes without an EDID header (00 ff ff ff ff ff ff 00)", path,
			    size);
		return DCCTL_EXIT_FAILURE;
	}
	if (ret) {
		dcctl_error("%s: %s", path, strerror(-ret));
		return DCCTL_EXIT_FAILURE;
	}

	/* A missing pnp.ids only costs the vendor name. */
	bool have_vendor =
		pnp_lookup(pnp_path, edid->base.manufacturer, vendor, sizeof(vendor)) == 0;

	if (json)
		ret = print_json(edid, have_vendor ? vendor : NULL);
	else
		ret = edid_print(stdout, path, edid, have_vendor ? vendor : NULL);
	dc_edid_destroy(edid);
	return ret;
}

static int edid_run(int argc, char **argv)
{
	if (argc >= 2 && !strcmp(argv[1], "decode"))
		return edid_decode(argc - 1, argv + 1);
	if (argc >= 2 && (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h"))) {
		decode_usage(stdout);
		return DCCTL_EXIT_OK;
	}
	dcctl_error("edid: expected a subcommand: decode");
	decode_usage(stderr);
	return DCCTL_EXIT_USAGE;
}

const struct dcctl_command dcctl_edid_command = {
	.name = "edid",
	.args = "decode FILE [--json]",
	.summary = "decode an EDID file (offline, no daemon)",
	.run = edid_run,
};
