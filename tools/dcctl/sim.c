/*
 * dcctl sim plug|unplug|irq|link-loss NAME: the simulated engine's
 * controls (admin; dcd --sim only). plug and unplug return once dcd has
 * seen the change (its Hotplug signal), so the next command finds it.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "dcctl.h"

#define WAIT_USEC	     (10 * 1000000ull)
#define DISPLAY_JSON_MAX     (64u * 1024)
#define SIM_EDID_BYTES_LIMIT 4096u

struct sim_args {
	const char *sub, *name;
	const char *edid_path, *display;
	bool no_wait;
	int vector;
};

static int parse(int argc, char **argv, struct sim_args *a)
{
	static const struct option options[] = {
		{ "edid", required_argument, NULL, 'e' },
		{ "display", required_argument, NULL, 'd' },
		{ "vector", required_argument, NULL, 'v' },
		{ "no-wait", no_argument, NULL, 'n' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	char *end;
	long v;
	int c;

	while ((c = dcctl_getopt(&dcctl_sim_command, argc, argv, options)) != -1) {
		switch (c) {
		case 'e':
			a->edid_path = optarg;
			break;
		case 'd':
			a->display = optarg;
			break;
		case 'n':
			a->no_wait = true;
			break;
		case 'v':
			v = strtol(optarg, &end, 0);
			if (*end || v < 0 || v > 255)
				return dcctl_usage(&dcctl_sim_command,
						   "--vector: \"%s\" is not a byte (0..255, 0x..)",
						   optarg);
			a->vector = (int)v;
			break;
		case 'h':
			return DCCTL_EXIT_OK;
		default:
			return DCCTL_EXIT_USAGE;
		}
	}
	if (optind + 1 != argc || !dcctl_link_name_ok(argv[optind]))
		return dcctl_usage(&dcctl_sim_command, "sim %s: expected one link name (DP-2)",
				   a->sub);
	a->name = argv[optind];
	if (a->edid_path && a->display)
		return dcctl_usage(&dcctl_sim_command, "--edid and --display exclude each other");
	if ((a->edid_path || a->display) && strcmp(a->sub, "plug"))
		return dcctl_usage(&dcctl_sim_command, "--edid and --display are for sim plug");
	if (a->vector && strcmp(a->sub, "irq"))
		return dcctl_usage(&dcctl_sim_command, "--vector is for sim irq");
	return -1;
}

static uint64_t now_usec(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000ull + (uint64_t)ts.tv_nsec / 1000;
}

/* The Hotplug signal for name with connected == want, up to WAIT_USEC. */
static int wait_hotplug(struct dcctl *ctx, const char *name, bool want)
{
	uint64_t now, end;

	now = now_usec();
	end = now + WAIT_USEC;
	for (;;) {
		sd_bus_message *m = NULL;
		int r = sd_bus_process(ctx->bus, &m);

		if (r < 0)
			return r;
		if (m && sd_bus_message_is_signal(m, DCCTL_MANAGER, "Hotplug")) {
			const char *link, *path;
			int connected;

			if (sd_bus_message_read(m, "sob", &link, &path, &connected) > 0 &&
			    !strcmp(link, name) && connected == want) {
				sd_bus_message_unref(m);
				return 0;
			}
		}
		sd_bus_message_unref(m);
		if (r > 0)
			continue;
		now = now_usec();
		if (now >= end)
			return -ETIMEDOUT;
		sd_bus_wait(ctx->bus, end - now);
	}
}

static int plug(struct dcctl *ctx, const struct sim_args *a)
{
	sd_bus_error e = SD_BUS_ERROR_NULL;
	sd_bus_message *m = NULL;
	uint8_t *data = NULL;
	size_t size = 0;
	const char *description = "";
	int r;

	if (a->edid_path)
		r = dcctl_read_file(a->edid_path, SIM_EDID_BYTES_LIMIT, &data, &size);
	else if (a->display && a->display[0] == '@')
		r = dcctl_read_file(a->display + 1, DISPLAY_JSON_MAX - 1, &data, &size);
	else
		r = 0;
	if (r < 0) {
		dcctl_error("%s: %s", a->edid_path ? a->edid_path : a->display + 1,
			    r == -EFBIG ? "too large" : strerror(-r));
		free(data);
		return -1;
	}
	if (a->display && a->display[0] == '@') {
		data[size] = 0; /* dcctl_read_file leaves room for one more byte */
		description = (const char *)data;
		size = 0;
	} else if (a->display) {
		description = a->display;
	}
	r = sd_bus_message_new_method_call(ctx->bus, &m, DCCTL_NAME, DCCTL_PATH, DCCTL_SIM, "Plug");
	if (r >= 0)
		r = sd_bus_message_append(m, "s", a->name);
	if (r >= 0)
		r = sd_bus_message_append_array(m, 'y', size ? (const void *)data : "", size);
	if (r >= 0)
		r = sd_bus_message_append(m, "s", description);
	if (r >= 0)
		r = sd_bus_call(ctx->bus, m, 0, &e, NULL);
	if (r < 0)
		dcctl_bus_error(ctx, "Plug", r, &e);
	sd_bus_error_free(&e);
	sd_bus_message_unref(m);
	free(data);
	return r < 0 ? -1 : 0;
}

static int run(struct dcctl *ctx, int argc, char **argv)
{
	struct sim_args a = { 0 };
	bool hotplug;
	int r;

	if (argc < 2 || argv[1][0] == '-') {
		if (argc >= 2 && (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h")))
			return dcctl_help(&dcctl_sim_command);
		return dcctl_usage(&dcctl_sim_command, "expected plug, unplug, irq or link-loss");
	}
	a.sub = argv[1];
	if (strcmp(a.sub, "plug") && strcmp(a.sub, "unplug") && strcmp(a.sub, "irq") &&
	    strcmp(a.sub, "link-loss"))
		return dcctl_usage(&dcctl_sim_command, "unknown sim command '%s'", a.sub);
	r = parse(argc - 1, argv + 1, &a);
	if (r >= 0)
		return r;
	if (dcctl_connect(ctx) < 0)
		return DCCTL_EXIT_FAILURE;
	hotplug = !strcmp(a.sub, "plug") || !strcmp(a.sub, "unplug");
	/* Listen before asking, so the signal cannot pass unseen. */
	if (hotplug && !a.no_wait &&
	    sd_bus_match_signal(ctx->bus, NULL, DCCTL_NAME, DCCTL_PATH, DCCTL_MANAGER, "Hotplug",
				NULL, NULL) < 0) {
		dcctl_error("sim %s: cannot watch for dcd's Hotplug signal", a.sub);
		return DCCTL_EXIT_FAILURE;
	}
	if (!strcmp(a.sub, "plug"))
		r = plug(ctx, &a);
	else if (!strcmp(a.sub, "unplug"))
		r = dcctl_call(ctx, NULL, DCCTL_SIM, "Unplug", NULL, "s", a.name);
	else if (!strcmp(a.sub, "irq"))
		r = dcctl_call(ctx, NULL, DCCTL_SIM, "PulseIrq", NULL, "sy", a.name,
			       (uint8_t)a.vector);
	else
		r = dcctl_call(ctx, NULL, DCCTL_SIM, "DropLink", NULL, "s", a.name);
	if (r < 0)
		return DCCTL_EXIT_FAILURE;
	if (hotplug && !a.no_wait && wait_hotplug(ctx, a.name, !strcmp(a.sub, "plug")) < 0) {
		dcctl_error("sim %s: dcd did not report %s %s within %llu s", a.sub, a.name,
			    strcmp(a.sub, "plug") ? "disconnected" : "connected",
			    WAIT_USEC / 1000000ull);
		return DCCTL_EXIT_FAILURE;
	}
	if (ctx->json) {
		struct json_object *o = json_object_new_object();

		json_object_object_add(o, "link", json_object_new_string(a.name));
		json_object_object_add(o, "action", json_object_new_string(a.sub));
		json_object_object_add(o, "seen_by_dcd",
				       json_object_new_boolean(hotplug && !a.no_wait));
		return dcctl_print_json(o);
	}
	if (!strcmp(a.sub, "plug"))
		printf("%s: plugged in%s\n", a.name, a.no_wait ? "" : "; dcd sees it");
	else if (!strcmp(a.sub, "unplug"))
		printf("%s: unplugged%s\n", a.name, a.no_wait ? "" : "; dcd sees it");
	else if (!strcmp(a.sub, "irq"))
		printf("%s: IRQ_HPD pulse with vector 0x%02x\n", a.name, (unsigned)a.vector);
	else
		printf("%s: the receiver lost the link\n", a.name);
	return DCCTL_EXIT_OK;
}

const struct dcctl_command dcctl_sim_command = {
	.name = "sim",
	.args = "plug NAME [--edid FILE | --display JSON|@FILE] | unplug NAME | irq NAME "
		"[--vector N] | link-loss NAME",
	.summary = "simulated engine: plug, unplug, DP IRQ, link loss (admin)",
	.run = run,
};
