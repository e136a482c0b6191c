/*
 * dcctl monitor [--count N]: dcd's hotplug, link and lease signals as
 * they come, one line each (with --json one JSON object per line), until
 * SIGINT/SIGTERM or N events. dcd leaving and coming back are events too.
 */
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <systemd/sd-event.h>
#include <time.h>

#include "dcctl.h"

struct monitor {
	struct dcctl *ctx;
	sd_event *event;
	unsigned long count, max;
};

/* Prints the event as a JSON line or as "HH:MM:SS.mmm  EVENT  TEXT"; takes o. */
static void emit(struct monitor *mon, struct json_object *o, const char *event, const char *text)
{
	struct timespec ts;
	struct tm tm;
	char when[16], clean[4 * 160];

	clock_gettime(CLOCK_REALTIME, &ts);
	dcctl_text(clean, sizeof(clean), text);
	if (mon->ctx->json) {
		json_object_object_add(
			o, "time",
			json_object_new_double((double)ts.tv_sec +
					       (double)(ts.tv_nsec / 1000000) / 1e3));
		json_object_object_add(o, "event", json_object_new_string(event));
		puts(json_object_to_json_string_ext(o, JSON_C_TO_STRING_PLAIN |
							       JSON_C_TO_STRING_NOSLASHESCAPE));
	} else {
		localtime_r(&ts.tv_sec, &tm);
		strftime(when, sizeof(when), "%H:%M:%S", &tm);
		printf("%s.%03ld  %-14s %s\n", when, ts.tv_nsec / 1000000, event, clean);
	}
	fflush(stdout);
	json_object_put(o);
	if (mon->max && ++mon->count >= mon->max)
		sd_event_exit(mon->event, 0);
}

static void on_hotplug(struct monitor *mon, sd_bus_message *m)
{
	struct json_object *o = json_object_new_object();
	const char *link, *path;
	char text[96];
	int connected;

	if (sd_bus_message_read(m, "sob", &link, &path, &connected) < 0) {
		json_object_put(o);
		return;
	}
	json_object_object_add(o, "link", dcctl_json_text(link));
	json_object_object_add(o, "path", dcctl_json_text(path));
	json_object_object_add(o, "connected", json_object_new_boolean(connected));
	snprintf(text, sizeof(text), "%s %s", link, connected ? "connected" : "disconnected");
	emit(mon, o, "hotplug", text);
}

static void on_link_status(struct monitor *mon, sd_bus_message *m)
{
	struct json_object *o = json_object_new_object();
	const char *link, *path, *status;
	char text[96];

	if (sd_bus_message_read(m, "sos", &link, &path, &status) < 0) {
		json_object_put(o);
		return;
	}
	json_object_object_add(o, "link", dcctl_json_text(link));
	json_object_object_add(o, "path", dcctl_json_text(path));
	json_object_object_add(o, "status", dcctl_json_text(status));
	snprintf(text, sizeof(text), "%s %s", link, status);
	emit(mon, o, "link-status", text);
}

static void on_lease_granted(struct monitor *mon, sd_bus_message *m)
{
	struct json_object *o = json_object_new_object(), *links = json_object_new_array();
	const char *client, *link;
	char text[160];
	size_t used;
	uint32_t id;

	if (sd_bus_message_read(m, "us", &id, &client) < 0 ||
	    sd_bus_message_enter_container(m, 'a', "s") < 0) {
		json_object_put(links);
		json_object_put(o);
		return;
	}
	used = (size_t)snprintf(text, sizeof(text), "%u to %s:", id, client);
	while (sd_bus_message_read(m, "s", &link) > 0) {
		json_object_array_add(links, dcctl_json_text(link));
		if (used < sizeof(text))
			used += (size_t)snprintf(text + used, sizeof(text) - used, " %s", link);
	}
	json_object_object_add(o, "id", json_object_new_int64(id));
	json_object_object_add(o, "client", dcctl_json_text(client));
	json_object_object_add(o, "links", links);
	emit(mon, o, "lease-granted", text);
}

static void on_lease_ended(struct monitor *mon, sd_bus_message *m)
{
	struct json_object *o = json_object_new_object();
	const char *reason;
	char text[96];
	uint32_t id;

	if (sd_bus_message_read(m, "us", &id, &reason) < 0) {
		json_object_put(o);
		return;
	}
	json_object_object_add(o, "id", json_object_new_int64(id));
	json_object_object_add(o, "reason", dcctl_json_text(reason));
	snprintf(text, sizeof(text), "%u: %s", id, reason);
	emit(mon, o, "lease-ended", text);
}

static int on_manager(sd_bus_message *m, void *data, sd_bus_error *e)
{
	struct monitor *mon = data;
	const char *member = sd_bus_message_get_member(m);

	if (!strcmp(member, "Hotplug"))
		on_hotplug(mon, m);
	else if (!strcmp(member, "LinkStatusChanged"))
		on_link_status(mon, m);
	else if (!strcmp(member, "LeaseGranted"))
		on_lease_granted(mon, m);
	else if (!strcmp(member, "LeaseEnded"))
		on_lease_ended(mon, m);
	return 0;
}

static int on_owner(sd_bus_message *m, void *data, sd_bus_error *e)
{
	struct monitor *mon = data;
	const char *name, *old, *new;

	if (sd_bus_message_read(m, "sss", &name, &old, &new) < 0 || strcmp(name, DCCTL_NAME))
		return 0;
	if (new[0])
		emit(mon, json_object_new_object(), "dcd-started", "dcd is on the bus");
	else
		emit(mon, json_object_new_object(), "dcd-stopped", "dcd left the bus");
	return 0;
}

static int on_quit(sd_event_source *s, const struct signalfd_siginfo *si, void *data)
{
	sd_event_exit(sd_event_source_get_event(s), 0);
	return 0;
}

static int run(struct dcctl *ctx, int argc, char **argv)
{
	static const struct option options[] = {
		{ "count", required_argument, NULL, 'n' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	struct monitor mon = { .ctx = ctx };
	sigset_t mask;
	char *end;
	int c, r;

	while ((c = dcctl_getopt(&dcctl_monitor_command, argc, argv, options)) != -1) {
		if (c != 'n')
			return c == 'h' ? DCCTL_EXIT_OK : DCCTL_EXIT_USAGE;
		mon.max = strtoul(optarg, &end, 10);
		if (*end || !mon.max || optarg[0] == '-')
			return dcctl_usage(&dcctl_monitor_command,
					   "--count: \"%s\" is not a number of events", optarg);
	}
	if (optind < argc)
		return dcctl_usage(&dcctl_monitor_command, "unexpected argument '%s'",
				   argv[optind]);
	if (dcctl_connect(ctx) < 0)
		return DCCTL_EXIT_FAILURE;
	sigemptyset(&mask);
	sigaddset(&mask, SIGINT);
	sigaddset(&mask, SIGTERM);
	sigprocmask(SIG_BLOCK, &mask, NULL);
	r = sd_event_new(&mon.event);
	if (r >= 0)
		r = sd_event_add_signal(mon.event, NULL, SIGINT, on_quit, NULL);
	if (r >= 0)
		r = sd_event_add_signal(mon.event, NULL, SIGTERM, on_quit, NULL);
	if (r >= 0)
		r = sd_bus_attach_event(ctx->bus, mon.event, 0);
	/* Synchronous: once they return the bus routes the signals here. */
	if (r >= 0)
		r = sd_bus_match_signal(ctx->bus, NULL, DCCTL_NAME, DCCTL_PATH, DCCTL_MANAGER, NULL,
					on_manager, &mon);
	if (r >= 0)
		r = sd_bus_add_match(ctx->bus, NULL,
				     "type='signal',sender='org.freedesktop.DBus',"
				     "member='NameOwnerChanged',arg0='" DCCTL_NAME "'",
				     on_owner, &mon);
	if (r < 0) {
		dcctl_error("monitor: %s", strerror(-r));
		sd_event_unref(mon.event);
		return DCCTL_EXIT_FAILURE;
	}
	fprintf(stderr, "dcctl: watching dcd on the %s (Ctrl-C to stop)\n", ctx->bus_name);
	r = sd_event_loop(mon.event);
	sd_bus_detach_event(ctx->bus);
	sd_event_unref(mon.event);
	if (r < 0) {
		dcctl_error("monitor: %s", strerror(-r));
		return DCCTL_EXIT_FAILURE;
	}
	return DCCTL_EXIT_OK;
}

const struct dcctl_command dcctl_monitor_command = {
	.name = "monitor",
	.args = "[--count N]",
	.summary = "hotplug, link and lease events as they come, until Ctrl-C",
	.run = run,
};
