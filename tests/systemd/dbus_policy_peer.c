/*
 * A peer on a private bus for the D-Bus policy test (test-dbus-policy.sh):
 * it plays dcd (owns org.dcd.Display1 and answers every call) or a client
 * (one call, as whatever user the test runs it as), so the test can ask the
 * real dbus-daemon what systemd/org.dcd.Display1.conf lets each user do.
 *
 *   dbus-policy-peer ADDRESS serve READY_FILE
 *       own org.dcd.Display1, create READY_FILE, answer every method call on
 *       any object with an empty reply followed by the signal
 *       org.dcd.Display1.Manager.PolicyTestSignal; runs until the bus goes.
 *   dbus-policy-peer ADDRESS own
 *       ask for org.dcd.Display1 (not queued) and give it back.
 *   dbus-policy-peer ADDRESS call INTERFACE|- MEMBER [signal]
 *       call MEMBER on /org/dcd/Display1 (no interface field for "-");
 *       with "signal", also wait up to 5 s for the signal the server sends.
 *
 * Exit status: 0 allowed (and the signal arrived if asked), 3 the bus said
 * org.freedesktop.DBus.Error.AccessDenied, 1 anything else (printed).
 */
#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <systemd/sd-bus.h>
#include <time.h>
#include <unistd.h>

#define DCD_NAME    "org.dcd.Display1"
#define DCD_PATH    "/org/dcd/Display1"
#define TEST_SIGNAL "PolicyTestSignal"

enum {
	ALLOWED = 0,
	FAILED = 1,
	DENIED = 3
};

static int connect_bus(const char *address, sd_bus **out)
{
	sd_bus *bus = NULL;
	int r = sd_bus_new(&bus);

	if (r >= 0)
		r = sd_bus_set_address(bus, address);
	if (r >= 0)
		r = sd_bus_set_bus_client(bus, 1);
	if (r >= 0)
		r = sd_bus_start(bus);
	if (r < 0) {
		fprintf(stderr, "dbus-policy-peer: cannot connect to %s: %s\n", address,
			strerror(-r));
		sd_bus_unref(bus);
		return r;
	}
	*out = bus;
	return 0;
}

static int answer(sd_bus_message *m, void *userdata, sd_bus_error *ret_error)
{
	sd_bus *bus = sd_bus_message_get_bus(m);
	int r;

	if (!sd_bus_message_is_method_call(m, NULL, NULL))
		return 0;
	r = sd_bus_reply_method_return(m, NULL);
	if (r < 0)
		return r;
	r = sd_bus_emit_signal(bus, DCD_PATH, "org.dcd.Display1.Manager", TEST_SIGNAL, NULL);
	return r < 0 ? r : 1;
}

static int serve(sd_bus *bus, const char *ready_file)
{
	int r = sd_bus_request_name(bus, DCD_NAME, 0);

	if (r < 0) {
		fprintf(stderr, "dbus-policy-peer: serve: cannot own %s: %s\n", DCD_NAME,
			strerror(-r));
		return FAILED;
	}
	/* A fallback on "/" sees calls to every object path. */
	r = sd_bus_add_fallback(bus, NULL, "/", answer, NULL);
	if (r < 0) {
		fprintf(stderr, "dbus-policy-peer: serve: %s\n", strerror(-r));
		return FAILED;
	}
	int fd = open(ready_file, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
	if (fd < 0) {
		fprintf(stderr, "dbus-policy-peer: serve: %s: %s\n", ready_file, strerror(errno));
		return FAILED;
	}
	close(fd);
	for (;;) {
		r = sd_bus_process(bus, NULL);
		if (r > 0)
			continue;
		if (r >= 0)
			r = sd_bus_wait(bus, UINT64_MAX);
		if (r < 0) /* the test stopped the bus */
			return ALLOWED;
	}
}

static int own(sd_bus *bus)
{
	int r = sd_bus_request_name(bus, DCD_NAME, 0);

	/* Held by the serving peer: the bus let us ask, which is the point. */
	if (r >= 0 || r == -EEXIST || r == -EALREADY) {
		if (r >= 0)
			sd_bus_release_name(bus, DCD_NAME);
		return ALLOWED;
	}
	if (r == -EACCES)
		return DENIED;
	fprintf(stderr, "dbus-policy-peer: own: %s\n", strerror(-r));
	return FAILED;
}

static int on_signal(sd_bus_message *m, void *userdata, sd_bus_error *ret_error)
{
	*(bool *)userdata = true;
	return 0;
}

static int wait_for_signal(sd_bus *bus, const bool *seen)
{
	struct timespec start, now;

	clock_gettime(CLOCK_MONOTONIC, &start);
	while (!*seen) {
		int r = sd_bus_process(bus, NULL);

		if (r > 0)
			continue;
		clock_gettime(CLOCK_MONOTONIC, &now);
		int64_t left_us = 5000000 - ((int64_t)(now.tv_sec - start.tv_sec) * 1000000 +
					     (now.tv_nsec - start.tv_nsec) / 1000);
		if (r < 0 || left_us <= 0) {
			fprintf(stderr, "dbus-policy-peer: no %s signal from %s within 5 s\n",
				TEST_SIGNAL, DCD_NAME);
			return FAILED;
		}
		sd_bus_wait(bus, (uint64_t)left_us);
	}
	return ALLOWED;
}

static int call(sd_bus *bus, const char *interface, const char *member, bool want_signal)
{
	sd_bus_error error = SD_BUS_ERROR_NULL;
	sd_bus_message *m = NULL, *reply = NULL;
	bool seen = false;
	int r;

	if (want_signal) {
		r = sd_bus_match_signal(bus, NULL, DCD_NAME, DCD_PATH, "org.dcd.Display1.Manager",
					TEST_SIGNAL, on_signal, &seen);
		if (r < 0) {
			fprintf(stderr, "dbus-policy-peer: match: %s\n", strerror(-r));
			return FAILED;
		}
	}
	r = sd_bus_message_new_method_call(bus, &m, DCD_NAME, DCD_PATH,
					   strcmp(interface, "-") ? interface : NULL, member);
	if (r >= 0)
		r = sd_bus_message_set_auto_start(m, 0);
	if (r >= 0)
		r = sd_bus_call(bus, m, 5000000, &error, &reply);
	sd_bus_message_unref(m);
	sd_bus_message_unref(reply);
	if (r < 0) {
		bool denied = sd_bus_error_has_name(&error, SD_BUS_ERROR_ACCESS_DENIED);

		if (!denied)
			fprintf(stderr, "dbus-policy-peer: %s.%s: %s: %s\n", interface, member,
				error.name ? error.name : strerror(-r),
				error.message ? error.message : "");
		sd_bus_error_free(&error);
		return denied ? DENIED : FAILED;
	}
	return want_signal ? wait_for_signal(bus, &seen) : ALLOWED;
}

int main(int argc, char **argv)
{
	sd_bus *bus = NULL;
	int status = FAILED;

	if (argc < 3) {
		fprintf(stderr,
			"usage: %s ADDRESS serve READY_FILE | own |"
			" call INTERFACE|- MEMBER [signal]\n",
			argv[0]);
		return FAILED;
	}
	if (connect_bus(argv[1], &bus) < 0)
		return FAILED;
	if (!strcmp(argv[2], "serve") && argc == 4)
		status = serve(bus, argv[3]);
	else if (!strcmp(argv[2], "own") && argc == 3)
		status = own(bus);
	else if (!strcmp(argv[2], "call") && (argc == 5 || argc == 6))
		status = call(bus, argv[3], argv[4], argc == 6 && !strcmp(argv[5], "signal"));
	else
		fprintf(stderr, "dbus-policy-peer: bad arguments\n");
	sd_bus_flush_close_unref(bus);
	return status;
}
