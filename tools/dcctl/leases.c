/* dcctl leases: who holds which outputs (ListLeases). */
#include "dcctl.h"

/* The ListLeases reply as the JSON array of `dcctl --json leases` (topology uses it too). */
struct json_object *dcctl_leases_json(sd_bus_message *m)
{
	struct json_object *a = json_object_new_array();
	uint32_t id, pid, uid;
	const char *client, *link, *kind;

	sd_bus_message_enter_container(m, 'a', "(uuusass)");
	while (sd_bus_message_enter_container(m, 'r', "uuusass") > 0) {
		struct json_object *o = json_object_new_object(), *links = json_object_new_array();

		sd_bus_message_read(m, "uuus", &id, &pid, &uid, &client);
		sd_bus_message_enter_container(m, 'a', "s");
		while (sd_bus_message_read(m, "s", &link) > 0)
			json_object_array_add(links, dcctl_json_text(link));
		sd_bus_message_exit_container(m);
		if (sd_bus_message_read(m, "s", &kind) <= 0)
			kind = "?";
		sd_bus_message_exit_container(m);
		json_object_object_add(o, "id", json_object_new_int64(id));
		json_object_object_add(o, "client", dcctl_json_text(client));
		json_object_object_add(o, "pid", json_object_new_int64(pid));
		json_object_object_add(o, "uid", json_object_new_int64(uid));
		json_object_object_add(o, "links", links);
		json_object_object_add(o, "kind", dcctl_json_text(kind));
		json_object_array_add(a, o);
	}
	return a;
}

static int run(struct dcctl *ctx, int argc, char **argv)
{
	static const struct option options[] = {
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	struct dcctl_table t = { .ncols = 6 };
	struct json_object *a;
	sd_bus_message *m = NULL;
	size_t n;
	int c;

	while ((c = dcctl_getopt(&dcctl_leases_command, argc, argv, options)) != -1)
		return c == 'h' ? DCCTL_EXIT_OK : DCCTL_EXIT_USAGE;
	if (optind < argc)
		return dcctl_usage(&dcctl_leases_command, "unexpected argument '%s'", argv[optind]);
	if (dcctl_call(ctx, NULL, DCCTL_MANAGER, "ListLeases", &m, "") < 0)
		return DCCTL_EXIT_FAILURE;
	a = dcctl_leases_json(m);
	sd_bus_message_unref(m);
	if (ctx->json)
		return dcctl_print_json(a);
	n = json_object_array_length(a);
	if (!n)
		printf("no leases: every output shows its idle configuration\n");
	else
		dcctl_table_add(
			&t, (const char *[]){ "LEASE", "KIND", "CLIENT", "PID", "UID", "LINKS" });
	for (size_t i = 0; i < n; i++) {
		struct json_object *o = json_object_array_get_idx(a, i), *v, *links, *kind;
		char id[16], pid[16], uid[16], names[128] = "";
		size_t used = 0;

		json_object_object_get_ex(o, "id", &v);
		snprintf(id, sizeof(id), "%d", json_object_get_int(v));
		json_object_object_get_ex(o, "pid", &v);
		/* 0: a KMS lease held after a restart, its client not back yet */
		snprintf(pid, sizeof(pid), json_object_get_int(v) ? "%d" : "-",
			 json_object_get_int(v));
		json_object_object_get_ex(o, "uid", &v);
		snprintf(uid, sizeof(uid), "%u", (unsigned)json_object_get_int64(v));
		json_object_object_get_ex(o, "links", &links);
		for (size_t k = 0; k < json_object_array_length(links) && used < sizeof(names); k++)
			used += (size_t)snprintf(
				names + used, sizeof(names) - used, "%s%s", k ? " " : "",
				json_object_get_string(json_object_array_get_idx(links, k)));
		json_object_object_get_ex(o, "kind", &kind);
		json_object_object_get_ex(o, "client", &v);
		dcctl_table_add(&t, (const char *[]){ id, json_object_get_string(kind),
						      json_object_get_string(v), pid, uid, names });
	}
	dcctl_table_print(&t, stdout);
	json_object_put(a);
	return DCCTL_EXIT_OK;
}

const struct dcctl_command dcctl_leases_command = {
	.name = "leases",
	.args = "",
	.summary = "the leases: kind (dcd or kms), client, pid, uid, links",
	.run = run,
};
