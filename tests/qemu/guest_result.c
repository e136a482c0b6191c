/*
 * RESULT lines and a bounded wait, shared by the guest programs of the
 * qemu and kms suites.
 */
#include <errno.h>
#include <poll.h>
#include <stdarg.h>
#include <stdio.h>

#include "guest_result.h"

void result(const char *name, bool ok, const char *fmt, ...)
{
	va_list ap;

	printf("RESULT %s %s ", name, ok ? "PASS" : "FAIL");
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	printf("\n");
	fflush(stdout);
}

bool wait_readable(int fd, int timeout_ms)
{
	struct pollfd p = { .fd = fd, .events = POLLIN };

	if (fd < 0)
		return false;
	int r;
	do
		r = poll(&p, 1, timeout_ms);
	while (r < 0 && errno == EINTR);
	return r == 1 && (p.revents & POLLIN);
}
