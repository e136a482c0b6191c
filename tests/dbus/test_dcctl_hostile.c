/*
 * dcctl against a hostile org.dcd.Display1: a service on a private bus
 * that answers ListLeases and ListLinks with terminal escapes (ESC [, OSC
 * titles, a C1 CSI), bells, tabs and newlines in every string, and fails
 * GetAll with such an error message. Whatever dcd (or whoever owns the
 * name) sends, dcctl's output holds no control character: each is shown
 * as "\xNN", table rows stay one line each, JSON stays one document.
 */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cmocka.h>
#include <systemd/sd-bus.h>

#include "dbus_internal.h"
#include "dct.h"

#define EVIL                                              \
	"evil\x1b[2J\x1b]0;owned\a\tFORGED\nline\xc2\x9b" \
	"31m"
#define EVIL_LINK "DP-1\x1b[31m\n"

static int list_leases(sd_bus_message *m, void *data, sd_bus_error *e)
{
	sd_bus_message *reply = NULL;
	int r = sd_bus_message_new_method_return(m, &reply);

	if (r >= 0)
		r = sd_bus_message_open_container(reply, 'a', "(uuusass)");
	if (r >= 0)
		r = sd_bus_message_open_container(reply, 'r', "uuusass");
	if (r >= 0)
		r = sd_bus_message_append(reply, "uuus", 7, 42, 1000, EVIL);
	if (r >= 0)
		r = sd_bus_message_append(reply, "as", 1, EVIL_LINK);
	if (r >= 0)
		r = sd_bus_message_append(reply, "s", EVIL);
	if (r >= 0)
		r = sd_bus_message_close_container(reply);
	return dcd_dbus_send_reply(reply, r); /* closes the array, sends */
}

static int list_links(sd_bus_message *m, void *data, sd_bus_error *e)
{
	return sd_bus_error_set(e, "org.dcd.Display1.Error.Failed", "refused: " EVIL);
}

static const sd_bus_vtable manager_vtable[] = {
	SD_BUS_VTABLE_START(0),
	SD_BUS_METHOD("ListLeases", "", "a(uuusass)", list_leases, 0),
	SD_BUS_METHOD("ListLinks", "", "a(so)", list_links, 0),
	SD_BUS_VTABLE_END,
};

/* Runs dcctl with args while serving the bus; its stdout and stderr in out. */
static int run_dcctl(sd_bus *bus, const char *const *args, char *out, size_t size)
{
	const char *argv[8] = { getenv("DCCTL"), "--bus", "session" };
	char path[] = "/tmp/dcd-dcctl-out-XXXXXX";
	int fd = mkstemp(path), status = -1;
	ssize_t n;
	pid_t pid;

	assert_true(fd >= 0);
	unlink(path);
	for (unsigned i = 0; args[i] && i < 4; i++)
		argv[3 + i] = args[i];
	pid = fork();
	assert_true(pid >= 0);
	if (pid == 0) {
		dup2(fd, STDOUT_FILENO);
		dup2(fd, STDERR_FILENO);
		execv(argv[0], (char *const *)argv);
		_exit(127);
	}
	for (uint64_t end = dct_now_ns() + DCT_TIMEOUT_MS * 1000000ull; dct_now_ns() < end;) {
		if (waitpid(pid, &status, WNOHANG) == pid)
			break;
		while (sd_bus_process(bus, NULL) > 0)
			;
		sd_bus_wait(bus, 10000);
	}
	n = pread(fd, out, size - 1, 0);
	out[n > 0 ? n : 0] = 0;
	close(fd);
	assert_true(WIFEXITED(status));
	return WEXITSTATUS(status);
}

/* No control character but the line ends; no C1 control (UTF-8 0xc2 0x80-0x9f). */
static void assert_clean(const char *out, unsigned max_lines)
{
	unsigned lines = 0;

	for (const unsigned char *p = (const unsigned char *)out; *p; p++) {
		if (*p == '\n') {
			lines++;
			continue;
		}
		if (*p < 0x20 || *p == 0x7f || (p[0] == 0xc2 && p[1] >= 0x80 && p[1] <= 0x9f))
			fail_msg("control byte 0x%02x at %td of:\n%s", *p, (const char *)p - out,
				 out);
	}
	if (lines > max_lines)
		fail_msg("%u lines, at most %u expected:\n%s", lines, max_lines, out);
}

static void test_hostile_strings(void **state)
{
	struct dct_bus b;
	sd_bus *bus = NULL;
	sd_bus_slot *slot = NULL;
	char out[8192];

	assert_int_equal(dct_bus_start(&b, NULL), 0);
	assert_int_equal(sd_bus_open_user(&bus), 0);
	assert_int_equal(sd_bus_add_object_vtable(bus, &slot, "/org/dcd/Display1",
						  "org.dcd.Display1.Manager", manager_vtable, NULL),
			 0);
	assert_true(sd_bus_request_name(bus, "org.dcd.Display1", 0) >= 0);

	/* the table: a header and one row, the name escaped in its cell */
	assert_int_equal(run_dcctl(bus, (const char *[]){ "leases", NULL }, out, sizeof(out)), 0);
	printf("dcctl leases:\n%s", out);
	assert_clean(out, 2);
	assert_non_null(
		strstr(out, "evil\\x1b[2J\\x1b]0;owned\\x07\\x09FORGED\\x0aline\\xc2\\x9b31m"));
	assert_non_null(strstr(out, "DP-1\\x1b[31m\\x0a"));
	/* JSON: one document, the strings escaped the same way */
	assert_int_equal(
		run_dcctl(bus, (const char *[]){ "--json", "leases", NULL }, out, sizeof(out)), 0);
	assert_clean(out, 20);
	assert_non_null(strstr(out, "\\\\x1b[2J"));
	/* an error message from the bus: one line on stderr */
	assert_int_equal(run_dcctl(bus, (const char *[]){ "links", NULL }, out, sizeof(out)), 1);
	printf("dcctl links:\n%s", out);
	assert_clean(out, 1);
	assert_non_null(strstr(out, "refused: evil\\x1b[2J"));

	sd_bus_slot_unref(slot);
	sd_bus_flush_close_unref(bus);
	dct_bus_stop(&b);
	(void)state;
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_hostile_strings),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
