/*
 * dcctl bios FILE: an AMD video BIOS image read offline, without the
 * daemon, the way `edid decode` reads an EDID: the checks dc/bios makes,
 * its version and date, the tables present with their revisions, the
 * firmware info clocks and the board of its display object table.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "dc.h"
#include "dc_bios.h"
#include "dcctl.h"

/* An expansion ROM addresses at most 128 KiB; room for a padded dump. */
#define BIOS_FILE_MAX (1u << 20)

struct bios_view {
	struct dc_bios *bios;
	bool have_fw, have_asic;
	struct dc_bios_firmware_info fw;
	enum dc_asic asic;
	struct dc_bios_connector conn[DC_BIOS_MAX_CONNECTORS];
	unsigned conn_count;
	int board_ret;
	struct dc_board board;
	struct dc_bios_error board_err;
};

static const char *link_type_name(enum dc_link_type t)
{
	const char *name = dc_link_type_name(t);

	return name ? name : "?";
}

static struct json_object *tables_json(const struct dc_bios *b, bool cmd)
{
	struct json_object *a = json_object_new_array();
	unsigned count = cmd ? DC_BIOS_CMD_COUNT : DC_BIOS_DATA_COUNT;

	for (unsigned i = 0; i < count; i++) {
		struct dc_bios_table t;
		struct json_object *o;

		if ((cmd ? dc_bios_cmd_table(b, i, &t) : dc_bios_data_table(b, i, &t)))
			continue;
		o = json_object_new_object();
		json_object_object_add(o, "index", json_object_new_int((int)i));
		json_object_object_add(
			o, "name",
			json_object_new_string(cmd ? dc_bios_cmd_name(i) : dc_bios_data_name(i)));
		json_object_object_add(o, "format_rev", json_object_new_int(t.format_rev));
		json_object_object_add(o, "content_rev", json_object_new_int(t.content_rev));
		json_object_object_add(o, "size", json_object_new_int(t.size));
		json_object_array_add(a, o);
	}
	return a;
}

static void add_int(struct json_object *o, const char *key, int64_t v)
{
	json_object_object_add(o, key, json_object_new_int64(v));
}

static struct json_object *fw_json(const struct dc_bios_firmware_info *fw)
{
	struct json_object *o = json_object_new_object();

	add_int(o, "format_rev", fw->format_rev);
	add_int(o, "content_rev", fw->content_rev);
	add_int(o, "ref_clock_khz", fw->ref_clock_khz);
	add_int(o, "ppll_min_input_khz", fw->ppll_min_input_khz);
	add_int(o, "ppll_max_input_khz", fw->ppll_max_input_khz);
	add_int(o, "ppll_min_output_khz", fw->ppll_min_output_khz);
	add_int(o, "ppll_max_output_khz", fw->ppll_max_output_khz);
	add_int(o, "default_dispclk_khz", fw->default_dispclk_khz);
	add_int(o, "default_engine_clock_khz", fw->default_engine_clock_khz);
	add_int(o, "dp_ext_clock_khz", fw->dp_ext_clock_khz);
	return o;
}

static struct json_object *connectors_json(const struct bios_view *v)
{
	struct json_object *a = json_object_new_array();

	for (unsigned i = 0; i < v->conn_count; i++) {
		const struct dc_bios_connector *c = &v->conn[i];
		const char *enc = dc_bios_encoder_name(c->encoder_id);
		struct json_object *o = json_object_new_object();

		json_object_object_add(
			o, "type",
			json_object_new_string(dc_bios_connector_type_name(c->connector_id)));
		add_int(o, "connector_id", c->connector_id);
		add_int(o, "encoder_id", c->encoder_id);
		json_object_object_add(o, "encoder", enc ? json_object_new_string(enc) : NULL);
		add_int(o, "device_tag", c->device_tag);
		json_object_object_add(o, "hpd",
				       c->hpd >= 0 ? json_object_new_int(c->hpd + 1) : NULL);
		json_object_object_add(o, "ddc",
				       c->ddc >= 0 ? json_object_new_int(c->ddc + 1) : NULL);
		json_object_object_add(o, "encoder_caps",
				       c->has_encoder_caps ? json_object_new_int(c->encoder_caps)
							   : NULL);
		json_object_object_add(
			o, "hdmi_6g",
			json_object_new_boolean(c->has_encoder_caps &&
						(c->encoder_caps & DC_BIOS_ENCODER_CAP_HDMI6G)));
		json_object_array_add(a, o);
	}
	return a;
}

static struct json_object *board_json(const struct bios_view *v)
{
	struct json_object *o = json_object_new_object(), *a;

	if (v->board_ret) {
		json_object_object_add(o, "error", json_object_new_string(v->board_err.message));
		return o;
	}
	json_object_object_add(o, "asic", json_object_new_string(dc_asic_name(v->board.asic)));
	a = json_object_new_array();
	for (unsigned i = 0; i < v->board.connector_count; i++) {
		const struct dc_connector_desc *d = &v->board.connectors[i];
		struct json_object *c = json_object_new_object();

		json_object_object_add(c, "type", json_object_new_string(link_type_name(d->type)));
		add_int(c, "hpd", d->hpd + 1);
		add_int(c, "ddc", d->ddc + 1);
		if (d->type == DC_LINK_DP || d->type == DC_LINK_EDP)
			add_int(c, "aux", d->aux + 1);
		add_int(c, "link_encoder", d->dig_be);
		json_object_object_add(c, "dual_link", json_object_new_boolean(d->dual_link));
		json_object_object_add(c, "hdmi_6g", json_object_new_boolean(d->hdmi_6g));
		if (d->type == DC_LINK_DP || d->type == DC_LINK_EDP)
			add_int(c, "max_dp_rate_mbps", (int)d->max_dp_rate_mbps);
		json_object_array_add(a, c);
	}
	json_object_object_add(o, "connectors", a);
	return o;
}

static int print_json(const char *path, const struct bios_view *v)
{
	struct json_object *o = json_object_new_object();
	uint16_t vendor, device;
	size_t size;

	dc_bios_pci_id(v->bios, &vendor, &device);
	dc_bios_image(v->bios, &size);
	json_object_object_add(o, "file", json_object_new_string(path));
	json_object_object_add(o, "vbios_version",
			       json_object_new_string(dc_bios_version(v->bios)));
	json_object_object_add(o, "vbios_date", json_object_new_string(dc_bios_date(v->bios)));
	add_int(o, "pci_vendor", vendor);
	add_int(o, "pci_device", device);
	json_object_object_add(o, "asic",
			       v->have_asic ? json_object_new_string(dc_asic_name(v->asic)) : NULL);
	add_int(o, "size", (int64_t)size);
	json_object_object_add(o, "command_tables", tables_json(v->bios, true));
	json_object_object_add(o, "data_tables", tables_json(v->bios, false));
	json_object_object_add(o, "firmware_info", v->have_fw ? fw_json(&v->fw) : NULL);
	json_object_object_add(o, "connectors", connectors_json(v));
	json_object_object_add(o, "board", board_json(v));
	return dcctl_print_json(o);
}

static void print_mhz(const char *label, uint32_t khz)
{
	printf("  %-22s %" PRIu32 ".%03" PRIu32 " MHz\n", label, khz / 1000, khz % 1000);
}

/* The capability record's bits by their atombios.h names. */
static void print_encoder_caps(uint16_t caps)
{
	static const struct {
		uint16_t bit;
		const char *name;
	} names[] = {
		{ DC_BIOS_ENCODER_CAP_MST, "MST_EN" },
		{ DC_BIOS_ENCODER_CAP_HBR2, "HBR2_EN" },
		{ DC_BIOS_ENCODER_CAP_HDMI6G, "HDMI_6GB_EN" },
		{ DC_BIOS_ENCODER_CAP_HBR3, "HBR3_EN" },
	};

	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		if (caps & names[i].bit)
			printf(" %s", names[i].name);
}

static void print_tables(const struct dc_bios *b, bool cmd)
{
	unsigned count = cmd ? DC_BIOS_CMD_COUNT : DC_BIOS_DATA_COUNT, n = 0;

	for (unsigned i = 0; i < count; i++) {
		struct dc_bios_table t;

		if (!(cmd ? dc_bios_cmd_table(b, i, &t) : dc_bios_data_table(b, i, &t)))
			n++;
	}
	printf("%s tables (%u):\n", cmd ? "Command" : "Data", n);
	for (unsigned i = 0; i < count; i++) {
		struct dc_bios_table t;

		if ((cmd ? dc_bios_cmd_table(b, i, &t) : dc_bios_data_table(b, i, &t)))
			continue;
		printf("  %3u %-32s %u.%u %5u bytes\n", i,
		       cmd ? dc_bios_cmd_name(i) : dc_bios_data_name(i), t.format_rev,
		       t.content_rev, t.size);
	}
}

static void print_text(const char *path, const struct bios_view *v)
{
	uint16_t vendor, device;
	size_t size;

	dc_bios_pci_id(v->bios, &vendor, &device);
	dc_bios_image(v->bios, &size);
	printf("%s: AMD video BIOS %s, built %s\n", path, dc_bios_version(v->bios),
	       *dc_bios_date(v->bios) ? dc_bios_date(v->bios) : "(no date)");
	printf("  %-22s %04x:%04x%s%s%s\n", "PCI ID", vendor, device, v->have_asic ? " (" : "",
	       v->have_asic ? dc_asic_name(v->asic) : "", v->have_asic ? ")" : "");
	printf("  %-22s %zu bytes\n", "image", size);
	if (v->have_fw) {
		printf("Firmware info %u.%u:\n", v->fw.format_rev, v->fw.content_rev);
		print_mhz("reference clock", v->fw.ref_clock_khz);
		print_mhz("PPLL input min", v->fw.ppll_min_input_khz);
		print_mhz("PPLL input max", v->fw.ppll_max_input_khz);
		print_mhz("PPLL output min", v->fw.ppll_min_output_khz);
		print_mhz("PPLL output max", v->fw.ppll_max_output_khz);
		print_mhz("default DISPCLK", v->fw.default_dispclk_khz);
		if (v->fw.dp_ext_clock_khz)
			print_mhz("DP reference (ext)", v->fw.dp_ext_clock_khz);
	}
	printf("Display paths (object table):\n");
	for (unsigned i = 0; i < v->conn_count; i++) {
		const struct dc_bios_connector *c = &v->conn[i];
		const char *enc = dc_bios_encoder_name(c->encoder_id);

		printf("  %-28s %-9s", dc_bios_connector_type_name(c->connector_id),
		       enc ? enc : "-");
		if (c->hpd >= 0)
			printf(" HPD%d", c->hpd + 1);
		if (c->ddc >= 0)
			printf(" DDC%d", c->ddc + 1);
		if (c->has_encoder_caps)
			print_encoder_caps(c->encoder_caps);
		printf("  (connector 0x%04x, encoder 0x%04x)\n", c->connector_id, c->encoder_id);
	}
	if (v->board_ret) {
		printf("Board: none: %s\n", v->board_err.message);
	} else {
		printf("Board (%s):\n", dc_asic_name(v->board.asic));
		for (unsigned i = 0; i < v->board.connector_count; i++) {
			const struct dc_connector_desc *d = &v->board.connectors[i];

			printf("  %-7s HPD%u DDC%u", link_type_name(d->type), d->hpd + 1u,
			       d->ddc + 1u);
			if (d->type == DC_LINK_DP || d->type == DC_LINK_EDP)
				printf(" AUX%u", d->aux + 1u);
			printf(" link encoder %u%s%s", d->dig_be, d->dual_link ? " dual link" : "",
			       d->hdmi_6g ? " HDMI 6G" : "");
			if ((d->type == DC_LINK_DP || d->type == DC_LINK_EDP) &&
			    d->max_dp_rate_mbps)
				printf(" DP up to %s", dc_dp_rate_name(d->max_dp_rate_mbps));
			printf("\n");
		}
	}
	print_tables(v->bios, true);
	print_tables(v->bios, false);
}

static int bios_fail_msg(struct dc_bios_error *err, const char *msg)
{
	snprintf(err->message, sizeof(err->message), "%s", msg);
	return -ENOENT;
}

static int bios_run(struct dcctl *ctx, int argc, char **argv)
{
	static const struct option options[] = {
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	struct bios_view v = { 0 };
	struct dc_bios_error err = { 0 };
	uint8_t *data = NULL;
	size_t size = 0;
	const char *path;
	int c, ret;

	while ((c = dcctl_getopt(&dcctl_bios_command, argc, argv, options)) != -1) {
		if (c == 'h')
			return DCCTL_EXIT_OK;
		return DCCTL_EXIT_USAGE;
	}
	if (optind >= argc)
		return dcctl_usage(&dcctl_bios_command, "no FILE given");
	if (optind + 1 < argc)
		return dcctl_usage(&dcctl_bios_command, "unexpected argument '%s'",
				   argv[optind + 1]);
	path = argv[optind];
	ret = dcctl_read_file(path, BIOS_FILE_MAX, &data, &size);
	if (ret == -EFBIG) {
		dcctl_error("%s: larger than %u bytes, not a video BIOS", path, BIOS_FILE_MAX);
		return DCCTL_EXIT_FAILURE;
	}
	if (ret) {
		dcctl_error("%s: %s", path, strerror(-ret));
		return DCCTL_EXIT_FAILURE;
	}
	ret = dc_bios_load(data, size, &v.bios, &err);
	free(data);
	if (ret) {
		dcctl_error("%s: %s", path, ret == -EINVAL ? err.message : strerror(-ret));
		return DCCTL_EXIT_FAILURE;
	}
	v.have_fw = dc_bios_firmware_info(v.bios, &v.fw, &err) == 0;
	v.have_asic = dc_bios_asic(v.bios, &v.asic) == 0;
	if (dc_bios_connectors(v.bios, v.conn, DC_BIOS_MAX_CONNECTORS, &v.conn_count, &err))
		v.conn_count = 0;
	/* The board needs an ASIC: the one of the ROM's PCI ID. */
	if (v.have_asic)
		v.board_ret = dc_bios_board(v.bios, v.asic, &v.board, &v.board_err);
	else
		v.board_ret =
			bios_fail_msg(&v.board_err, "the ROM's PCI device is no ASIC dcd drives");
	if (ctx->json) {
		ret = print_json(path, &v);
	} else {
		print_text(path, &v);
		ret = fflush(stdout) ? DCCTL_EXIT_FAILURE : DCCTL_EXIT_OK;
	}
	dc_bios_destroy(v.bios);
	return ret;
}

const struct dcctl_command dcctl_bios_command = {
	.name = "bios",
	.args = "FILE",
	.summary = "read a video BIOS image offline: version, tables, clocks, board",
	.run = bios_run,
};
