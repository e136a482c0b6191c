/*
 * dc-demo's command line and event loop: one poll() over libdcclient's
 * descriptor and a signalfd, dcc_dispatch() when dcd has something, and a
 * report of every output's frame rate every two seconds.
 */
#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/signalfd.h>
#include <time.h>
#include <unistd.h>

#include "demo.h"

#define REPORT_MS 2000

static void usage(FILE *f)
{
	fprintf(f, "Usage: dc-demo [--socket PATH] [--duration SECONDS] [--memfd] [--quiet]\n"
		   "Leases every connected output of dcd, shows an animated test pattern\n"
		   "flipped at vsync and prints each output's frames per second.\n"
		   "  --socket PATH        dcd's socket (default: $DCD_SOCKET, then the\n"
		   "                       runtime directory's, then /run/dcd/dcd.sock)\n"
		   "  --duration SECONDS   exit after this long (default: until SIGINT)\n"
		   "  --memfd              draw into memfds of its own even where dcd\n"
		   "                       allocates framebuffers (dcd --kms copies them)\n"
		   "  --quiet              print errors only\n");
}

static int64_t now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* A desktop output: dc-demo leaves head-mounted displays to VR runtimes. */
static bool wanted(struct demo *demo, struct dcc_link *link)
{
	if (dcc_link_get_connection(link) != DCC_CONNECTED)
		return false;
	if (dcc_link_is_non_desktop(link)) {
		if (!demo->quiet)
			printf("%s: a head-mounted display, left dark\n", dcc_link_get_name(link));
		return false;
	}
	return true;
}

static void light_all(struct demo *demo)
{
	for (unsigned i = 0; i < dcc_get_link_count(demo->client); i++) {
		struct dcc_link *link = dcc_get_link(demo->client, i);

		if (dcc_link_get_lease_state(link) != DCC_LEASE_OTHER &&
		    !demo->outputs[dcc_link_get_id(link)] && wanted(demo, link))
			output_light(demo, link);
	}
}

static void on_hotplug(struct dcc_client *c, struct dcc_link *link, void *data)
{
	struct demo *demo = data;
	struct output *out = demo->outputs[dcc_link_get_id(link)];

	if (dcc_link_get_connection(link) == DCC_CONNECTED && !out) {
		if (wanted(demo, link))
			output_light(demo, link);
	} else if (dcc_link_get_connection(link) != DCC_CONNECTED && out) {
		if (!demo->quiet)
			printf("%s: unplugged\n", dcc_link_get_name(link));
		output_destroy(out);
	}
}

static void on_revoked(struct dcc_client *c, struct dcc_lease *lease, int reason, const char *text,
		       void *data)
{
	struct demo *demo = data;
	struct dcc_link *link = dcc_lease_get_link(lease, 0);

	fprintf(stderr, "%s: lease revoked: %s\n", dcc_link_get_name(link), text);
	output_destroy(demo->outputs[dcc_link_get_id(link)]);
}

static void on_disconnected(struct dcc_client *c, int status, const char *text, void *data)
{
	fprintf(stderr, "dc-demo: lost dcd (%s); waiting for it to come back\n", text);
}

static void on_reconnected(struct dcc_client *c, bool restarted, void *data)
{
	struct demo *demo = data;

	if (!demo->quiet)
		printf("dc-demo: reconnected to %s (%s)\n", dcc_get_server_name(c),
		       restarted ? "dcd restarted" : "same dcd");
	for (unsigned i = 0; i < 16; i++) {
		if (demo->outputs[i])
			output_resume(demo->outputs[i]);
	}
	light_all(demo); /* monitors plugged while dcd was away */
}

static void report(struct demo *demo)
{
	for (unsigned i = 0; i < 16; i++) {
		if (demo->outputs[i])
			output_report(demo->outputs[i]);
	}
}

static int run(struct demo *demo, int sigfd, double duration)
{
	int64_t end = duration > 0 ? now_ms() + (int64_t)llround(duration * 1000) : INT64_MAX;
	int64_t next_report = now_ms() + REPORT_MS;

	for (;;) {
		struct pollfd pfd[2] = { { dcc_get_fd(demo->client), POLLIN, 0 },
					 { sigfd, POLLIN, 0 } };
		int64_t now = now_ms(), wake = next_report < end ? next_report : end;
		struct signalfd_siginfo si;

		if (now >= end)
			return 0;
		if (now >= next_report) {
			report(demo);
			next_report += REPORT_MS;
			continue;
		}
		if (poll(pfd, 2, (int)(wake - now)) < 0 && errno != EINTR) {
			perror("dc-demo: poll");
			return 1;
		}
		if ((pfd[1].revents & POLLIN) && read(sigfd, &si, sizeof(si)) == sizeof(si)) {
			if (!demo->quiet)
				printf("dc-demo: %s: releasing the outputs\n",
				       strsignal((int)si.ssi_signo));
			return 0;
		}
		if ((pfd[0].revents & POLLIN) && dcc_dispatch(demo->client) < 0) {
			fprintf(stderr, "dc-demo: %s\n", dcc_last_error_text(demo->client));
			return 1;
		}
	}
}

int main(int argc, char **argv)
{
	static const struct option options[] = {
		{ "socket", required_argument, NULL, 's' },
		{ "duration", required_argument, NULL, 'd' },
		{ "quiet", no_argument, NULL, 'q' },
		{ "memfd", no_argument, NULL, 'm' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	struct demo demo = { 0 };
	const char *socket_path = NULL;
	double duration = 0;
	sigset_t mask;
	int opt, sigfd, status;

	while ((opt = getopt_long(argc, argv, "", options, NULL)) != -1) {
		switch (opt) {
		case 's':
			socket_path = optarg;
			break;
		case 'd':
			duration = strtod(optarg, NULL);
			break;
		case 'q':
			demo.quiet = true;
			break;
		case 'm':
			demo.memfd = true;
			break;
		case 'h':
			usage(stdout);
			return 0;
		default:
			usage(stderr);
			return 2;
		}
	}
	/* Signals arrive as a descriptor, so the loop ends cleanly. */
	sigemptyset(&mask);
	sigaddset(&mask, SIGINT);
	sigaddset(&mask, SIGTERM);
	sigprocmask(SIG_BLOCK, &mask, NULL);
	sigfd = signalfd(-1, &mask, SFD_CLOEXEC);

	if (sigfd < 0 || dcc_client_create("dc-demo", &demo.client)) {
		perror("dc-demo");
		return 1;
	}
	dcc_set_hotplug_handler(demo.client, on_hotplug, &demo);
	dcc_set_lease_revoked_handler(demo.client, on_revoked, &demo);
	dcc_set_disconnected_handler(demo.client, on_disconnected, &demo);
	dcc_set_reconnected_handler(demo.client, on_reconnected, &demo);
	if (dcc_client_connect(demo.client, socket_path, 0)) {
		fprintf(stderr, "dc-demo: %s\n", dcc_last_error_text(demo.client));
		dcc_client_destroy(demo.client);
		return 1;
	}
	light_all(&demo);
	status = run(&demo, sigfd, duration);
	report(&demo);
	for (unsigned i = 0; i < 16; i++)
		output_destroy(demo.outputs[i]);
	dcc_client_destroy(demo.client);
	close(sigfd);
	return status;
}
