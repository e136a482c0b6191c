/* dcctl screenshot NAME FILE.png: what the link shows (the simulator's scanout, or KMS writeback).
 */
#include <errno.h>
#include <string.h>

#include "dcctl.h"

/* Width and height from the PNG's IHDR (big-endian at bytes 16 and 20). */
static void png_size(const uint8_t *png, size_t size, uint32_t *w, uint32_t *h)
{
	*w = *h = 0;
	if (size < 24 || memcmp(png + 12, "IHDR", 4))
		return;
	*w = (uint32_t)png[16] << 24 | (uint32_t)png[17] << 16 | (uint32_t)png[18] << 8 | png[19];
	*h = (uint32_t)png[20] << 24 | (uint32_t)png[21] << 16 | (uint32_t)png[22] << 8 | png[23];
}

static int run(struct dcctl *ctx, int argc, char **argv)
{
	static const struct option options[] = {
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	sd_bus_message *m = NULL;
	const char *name, *path;
	const void *png;
	size_t size = 0;
	uint32_t crc = 0, w, h;
	FILE *f;
	int c, ret = DCCTL_EXIT_OK;

	while ((c = dcctl_getopt(&dcctl_screenshot_command, argc, argv, options)) != -1)
		return c == 'h' ? DCCTL_EXIT_OK : DCCTL_EXIT_USAGE;
	if (optind + 2 != argc)
		return dcctl_usage(&dcctl_screenshot_command, "expected a link name and a file");
	name = argv[optind];
	path = argv[optind + 1];
	if (!dcctl_link_name_ok(name))
		return dcctl_usage(&dcctl_screenshot_command,
				   "'%s' is not a link name (DP-1, HDMI-A-1)", name);
	if (dcctl_call(ctx, NULL, DCCTL_SIM, "Screenshot", &m, "s", name) < 0)
		return DCCTL_EXIT_FAILURE;
	if (sd_bus_message_read_array(m, 'y', &png, &size) < 0 ||
	    sd_bus_message_read(m, "u", &crc) < 0) {
		dcctl_error("Screenshot: a reply dcctl does not understand");
		sd_bus_message_unref(m);
		return DCCTL_EXIT_FAILURE;
	}
	png_size(png, size, &w, &h);
	f = fopen(path, "wbe");
	if (!f || fwrite(png, 1, size, f) != size) {
		dcctl_error("%s: %s", path, strerror(errno));
		ret = DCCTL_EXIT_FAILURE;
	}
	if (f && fclose(f) != 0 && ret == DCCTL_EXIT_OK) {
		dcctl_error("%s: %s", path, strerror(errno));
		ret = DCCTL_EXIT_FAILURE;
	}
	sd_bus_message_unref(m);
	if (ret != DCCTL_EXIT_OK)
		return ret;
	if (ctx->json) {
		struct json_object *o = json_object_new_object();

		json_object_object_add(o, "link", json_object_new_string(name));
		json_object_object_add(o, "file", json_object_new_string(path));
		json_object_object_add(o, "width", json_object_new_int64(w));
		json_object_object_add(o, "height", json_object_new_int64(h));
		json_object_object_add(o, "bytes", json_object_new_int64((int64_t)size));
		json_object_object_add(o, "crc32", json_object_new_int64(crc));
		return dcctl_print_json(o);
	}
	printf("%s: %ux%u, CRC-32 0x%08x, %zu bytes of PNG in %s\n", name, w, h, crc, size, path);
	return DCCTL_EXIT_OK;
}

const struct dcctl_command dcctl_screenshot_command = {
	.name = "screenshot",
	.args = "NAME FILE.png",
	.summary = "save what the link shows as a PNG (admin)",
	.run = run,
};
