/*
 * dcctl topology [--dot]: what drives each connector: planes, pipe (timing
 * generator, clock), stream encoder, link encoder, connector, monitor, and
 * the lease holding it; from GetLinkStatus's resource keys and ListLeases.
 * --dot writes it as a Graphviz digraph (`dcctl topology --dot | dot -Tsvg`).
 */
#include <string.h>

#include "dcctl.h"

static int64_t num(struct json_object *o, const char *key)
{
	struct json_object *v;

	return json_object_object_get_ex(o, key, &v) && v ? json_object_get_int64(v) : -1;
}

static const char *str(struct json_object *o, const char *key)
{
	struct json_object *v;

	return json_object_object_get_ex(o, key, &v) && v ? json_object_get_string(v) : "";
}

/* The lease object of id in leases, or NULL. */
static struct json_object *lease_of(struct json_object *leases, int64_t id)
{
	for (size_t i = 0; id > 0 && i < json_object_array_length(leases); i++) {
		struct json_object *l = json_object_array_get_idx(leases, i);

		if (num(l, "id") == id)
			return l;
	}
	return NULL;
}

static void mode_of(struct json_object *st, char *buf, size_t size)
{
	struct json_object *mode;

	if (json_object_object_get_ex(st, "mode", &mode) && mode)
		dcctl_mode_text((uint32_t)num(mode, "width"), (uint32_t)num(mode, "height"),
				(uint32_t)num(mode, "refresh_mhz"), buf, size);
	else
		snprintf(buf, size, "off");
}

static void planes_of(struct json_object *st, char *buf, size_t size)
{
	struct json_object *planes;
	size_t used = 0;

	buf[0] = 0;
	if (!json_object_object_get_ex(st, "planes", &planes))
		return;
	for (size_t i = 0; i < json_object_array_length(planes) && used < size; i++)
		used += (size_t)snprintf(
			buf + used, size - used, "%s%s", i ? " " : "",
			json_object_get_string(json_object_array_get_idx(planes, i)));
}

static void print_dot(const struct dcctl_link *links, struct json_object **status, int n,
		      struct json_object *leases)
{
	printf("digraph dcd {\n\trankdir=LR;\n\tnode [fontname=\"sans\", fontsize=10];\n");
	for (int i = 0; i < n; i++) {
		const struct dcctl_link *l = &links[i];
		struct json_object *st = status[i];
		char mode[32], planes[64];

		printf("\t\"%s\" [shape=box, style=bold, label=\"%s\\n%s connector\"];\n", l->name,
		       l->name, l->type);
		if (l->connected) {
			mode_of(st, mode, sizeof(mode));
			printf("\t\"monitor %s\" [shape=note, label=\"%s %s\\n%s\"];\n", l->name,
			       l->manufacturer, l->monitor_name, mode);
			printf("\t\"%s\" -> \"monitor %s\";\n", l->name, l->name);
		}
		if (num(st, "pipe") >= 0) {
			int64_t pipe = num(st, "pipe");

			printf("\t\"pipe %lld\" [shape=box, label=\"pipe %lld\\ntiming generator "
			       "%lld\\nclock %s\"];\n",
			       (long long)pipe, (long long)pipe,
			       (long long)num(st, "timing_generator"), str(st, "clock_source"));
			printf("\t\"stream encoder %lld\" [shape=box];\n\t\"link encoder %lld\" "
			       "[shape=box];\n",
			       (long long)num(st, "stream_encoder"),
			       (long long)num(st, "link_encoder"));
			printf("\t\"pipe %lld\" -> \"stream encoder %lld\" -> \"link encoder "
			       "%lld\" -> "
			       "\"%s\";\n",
			       (long long)pipe, (long long)num(st, "stream_encoder"),
			       (long long)num(st, "link_encoder"), l->name);
			planes_of(st, planes, sizeof(planes));
			for (char *p = strtok(planes, " "); p; p = strtok(NULL, " "))
				printf("\t\"pipe %lld %s\" [shape=box, style=rounded, label=\"%s "
				       "plane\"];\n\t\"pipe %lld %s\" -> \"pipe %lld\";\n",
				       (long long)pipe, p, p, (long long)pipe, p, (long long)pipe);
		}
	}
	for (size_t i = 0; i < json_object_array_length(leases); i++) {
		struct json_object *ls = json_object_array_get_idx(leases, i), *names;

		printf("\t\"lease %lld\" [shape=ellipse, style=dashed, label=\"lease %lld\\n%s "
		       "(pid %lld)\"];\n",
		       (long long)num(ls, "id"), (long long)num(ls, "id"), str(ls, "client"),
		       (long long)num(ls, "pid"));
		json_object_object_get_ex(ls, "links", &names);
		for (size_t k = 0; k < json_object_array_length(names); k++)
			printf("\t\"lease %lld\" -> \"%s\" [style=dashed];\n",
			       (long long)num(ls, "id"),
			       json_object_get_string(json_object_array_get_idx(names, k)));
	}
	printf("}\n");
}

static void print_text(const struct dcctl_link *links, struct json_object **status, int n,
		       struct json_object *leases)
{
	for (int i = 0; i < n; i++) {
		const struct dcctl_link *l = &links[i];
		struct json_object *st = status[i], *ls = lease_of(leases, num(st, "lease"));
		char mode[32], planes[64];

		if (!l->connected) {
			printf("%s (%s): disconnected\n", l->name, l->type);
			continue;
		}
		mode_of(st, mode, sizeof(mode));
		printf("%s (%s): %s %s, %s", l->name, l->type, l->manufacturer, l->monitor_name,
		       mode);
		if (ls)
			printf(", lease %lld (%s, pid %lld)", (long long)num(ls, "id"),
			       str(ls, "client"), (long long)num(ls, "pid"));
		printf("\n");
		if (num(st, "pipe") < 0)
			continue;
		planes_of(st, planes, sizeof(planes));
		printf("  planes: %s -> pipe %lld (timing generator %lld, clock %s) -> stream "
		       "encoder %lld -> link encoder %lld -> %s\n",
		       planes[0] ? planes : "none", (long long)num(st, "pipe"),
		       (long long)num(st, "timing_generator"), str(st, "clock_source"),
		       (long long)num(st, "stream_encoder"), (long long)num(st, "link_encoder"),
		       l->name);
	}
}

/*
 * ListLeases as JSON, or NULL after printing why. It is for admins (the
 * lessees' pids and uids): anyone else gets the topology without lessees.
 */
static struct json_object *list_leases(struct dcctl *ctx)
{
	sd_bus_error e = SD_BUS_ERROR_NULL;
	struct json_object *leases = NULL;
	sd_bus_message *m = NULL;
	int r = sd_bus_call_method(ctx->bus, DCCTL_NAME, DCCTL_PATH, DCCTL_MANAGER, "ListLeases",
				   &e, &m, "");

	if (r >= 0)
		leases = dcctl_leases_json(m);
	else if (sd_bus_error_has_name(&e, SD_BUS_ERROR_ACCESS_DENIED))
		leases = json_object_new_array();
	else
		dcctl_bus_error(ctx, "ListLeases", r, &e);
	sd_bus_error_free(&e);
	sd_bus_message_unref(m);
	return leases;
}

static int run(struct dcctl *ctx, int argc, char **argv)
{
	static const struct option options[] = {
		{ "dot", no_argument, NULL, 'd' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	struct dcctl_link links[DCCTL_MAX_LINKS];
	struct json_object *status[DCCTL_MAX_LINKS], *leases, *o, *a;
	sd_bus_message *m = NULL;
	bool dot = false;
	int c, n, i;

	while ((c = dcctl_getopt(&dcctl_topology_command, argc, argv, options)) != -1) {
		if (c != 'd')
			return c == 'h' ? DCCTL_EXIT_OK : DCCTL_EXIT_USAGE;
		dot = true;
	}
	if (optind < argc)
		return dcctl_usage(&dcctl_topology_command, "unexpected argument '%s'",
				   argv[optind]);
	if (dot && ctx->json)
		return dcctl_usage(&dcctl_topology_command, "--dot and --json exclude each other");
	n = dcctl_get_links(ctx, links, DCCTL_MAX_LINKS);
	if (n < 0)
		return DCCTL_EXIT_FAILURE;
	leases = list_leases(ctx);
	if (!leases)
		return DCCTL_EXIT_FAILURE;
	for (i = 0; i < n; i++) {
		if (dcctl_call(ctx, NULL, DCCTL_MANAGER, "GetLinkStatus", &m, "s", links[i].name) <
		    0)
			break;
		status[i] = dcctl_status_json(m);
		sd_bus_message_unref(m);
	}
	if (i < n) {
		while (i--)
			json_object_put(status[i]);
		json_object_put(leases);
		return DCCTL_EXIT_FAILURE;
	}
	if (ctx->json) {
		o = json_object_new_object();
		a = json_object_new_array();
		for (i = 0; i < n; i++) {
			/* The monitor, as `dcctl links` gives it. */
			struct json_object *lj = dcctl_link_json(&links[i]), *sink = NULL;

			if (json_object_object_get_ex(lj, "sink", &sink) && sink)
				json_object_get(sink);
			json_object_object_add(status[i], "sink", sink);
			json_object_put(lj);
			json_object_array_add(a, status[i]);
		}
		json_object_object_add(o, "links", a);
		json_object_object_add(o, "leases", leases);
		return dcctl_print_json(o);
	}
	if (dot)
		print_dot(links, status, n, leases);
	else
		print_text(links, status, n, leases);
	for (i = 0; i < n; i++)
		json_object_put(status[i]);
	json_object_put(leases);
	return DCCTL_EXIT_OK;
}

const struct dcctl_command dcctl_topology_command = {
	.name = "topology",
	.args = "[--dot]",
	.summary = "planes, pipes, encoders, connectors, monitors and leases (Graphviz with --dot)",
	.run = run,
};
