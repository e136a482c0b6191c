/* dcctl status: the daemon and its engine at a glance (the Manager's properties). */
#include <string.h>

#include "dcctl.h"

struct manager {
	char version[32], backend[16], asic[16], vbios_version[48], vbios_date[24];
	uint32_t links, clients, leases, dispclk_khz;
};

static int read_manager(struct dcctl *ctx, struct manager *mg)
{
	sd_bus_message *m = NULL;
	const char *key, *s;

	memset(mg, 0, sizeof(*mg));
	if (dcctl_call(ctx, NULL, "org.freedesktop.DBus.Properties", "GetAll", &m, "s",
		       DCCTL_MANAGER) < 0)
		return -1;
	sd_bus_message_enter_container(m, 'a', "{sv}");
	while (sd_bus_message_enter_container(m, 'e', "sv") > 0) {
		sd_bus_message_read(m, "s", &key);
		if (!strcmp(key, "Version") && sd_bus_message_read(m, "v", "s", &s) > 0)
			dcctl_text(mg->version, sizeof(mg->version), s);
		else if (!strcmp(key, "Backend") && sd_bus_message_read(m, "v", "s", &s) > 0)
			dcctl_text(mg->backend, sizeof(mg->backend), s);
		else if (!strcmp(key, "Asic") && sd_bus_message_read(m, "v", "s", &s) > 0)
			dcctl_text(mg->asic, sizeof(mg->asic), s);
		else if (!strcmp(key, "VbiosVersion") && sd_bus_message_read(m, "v", "s", &s) > 0)
			dcctl_text(mg->vbios_version, sizeof(mg->vbios_version), s);
		else if (!strcmp(key, "VbiosDate") && sd_bus_message_read(m, "v", "s", &s) > 0)
			dcctl_text(mg->vbios_date, sizeof(mg->vbios_date), s);
		else if (!strcmp(key, "DisplayClock"))
			sd_bus_message_read(m, "v", "u", &mg->dispclk_khz);
		else if (!strcmp(key, "NLinks"))
			sd_bus_message_read(m, "v", "u", &mg->links);
		else if (!strcmp(key, "NClients"))
			sd_bus_message_read(m, "v", "u", &mg->clients);
		else if (!strcmp(key, "NLeases"))
			sd_bus_message_read(m, "v", "u", &mg->leases);
		else
			sd_bus_message_skip(m, "v");
		sd_bus_message_exit_container(m);
	}
	sd_bus_message_unref(m);
	return 0;
}

static int run(struct dcctl *ctx, int argc, char **argv)
{
	static const struct option options[] = {
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	struct dcctl_link links[DCCTL_MAX_LINKS];
	struct manager mg;
	unsigned connected = 0, lit = 0;
	int c, n;

	while ((c = dcctl_getopt(&dcctl_status_command, argc, argv, options)) != -1)
		return c == 'h' ? DCCTL_EXIT_OK : DCCTL_EXIT_USAGE;
	if (optind < argc)
		return dcctl_usage(&dcctl_status_command, "unexpected argument '%s'", argv[optind]);
	if (read_manager(ctx, &mg) < 0)
		return DCCTL_EXIT_FAILURE;
	n = dcctl_get_links(ctx, links, DCCTL_MAX_LINKS);
	if (n < 0)
		return DCCTL_EXIT_FAILURE;
	for (int i = 0; i < n; i++) {
		connected += links[i].connected;
		lit += links[i].width != 0;
	}
	if (ctx->json) {
		struct json_object *o = json_object_new_object();

		json_object_object_add(o, "version", json_object_new_string(mg.version));
		json_object_object_add(o, "bus",
				       json_object_new_string(strncmp(ctx->bus_name, "session", 7)
								      ? "system"
								      : "session"));
		json_object_object_add(o, "backend", json_object_new_string(mg.backend));
		json_object_object_add(o, "asic", json_object_new_string(mg.asic));
		json_object_object_add(
			o, "vbios_version",
			mg.vbios_version[0] ? json_object_new_string(mg.vbios_version) : NULL);
		json_object_object_add(o, "vbios_date",
				       mg.vbios_date[0] ? json_object_new_string(mg.vbios_date)
							: NULL);
		json_object_object_add(o, "dispclk_khz",
				       mg.dispclk_khz ? json_object_new_int64(mg.dispclk_khz)
						      : NULL);
		json_object_object_add(o, "links", json_object_new_int64(mg.links));
		json_object_object_add(o, "connected", json_object_new_int64(connected));
		json_object_object_add(o, "lit", json_object_new_int64(lit));
		json_object_object_add(o, "clients", json_object_new_int64(mg.clients));
		json_object_object_add(o, "leases", json_object_new_int64(mg.leases));
		return dcctl_print_json(o);
	}
	printf("dcd %s on the %s\n", mg.version, ctx->bus_name);
	printf("  engine   %s (%s)\n", mg.asic,
	       strcmp(mg.backend, "sim") ? mg.backend : "simulated");
	if (mg.vbios_version[0])
		printf("  vbios    %s (%s)\n", mg.vbios_version, mg.vbios_date);
	if (mg.dispclk_khz)
		printf("  dispclk  %u.%03u MHz\n", mg.dispclk_khz / 1000, mg.dispclk_khz % 1000);
	printf("  links    %u: %u connected, %u lit\n", mg.links, connected, lit);
	printf("  clients  %u\n", mg.clients);
	printf("  leases   %u\n", mg.leases);
	return DCCTL_EXIT_OK;
}

const struct dcctl_command dcctl_status_command = {
	.name = "status",
	.args = "",
	.summary = "the daemon, its engine, links, clients and leases",
	.run = run,
};
