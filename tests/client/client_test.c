/*
 * Helpers shared by the libdcclient tests; see client_test.h.
 */
#include <poll.h>
#include <stdlib.h>
#include <time.h>

#include "client_test.h"

struct dcc_client *connect_fake(struct fake_server *s, const char *name)
{
	struct dcc_client *c;
	int fd = fake_pair(s);

	fake_start(s);
	if (dcc_client_create(name, &c) || dcc_client_connect_fd(c, fd))
		abort();
	return c;
}

static long long now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000LL + ts.tv_nsec / 1000000;
}

bool pump_until(struct dcc_client *c, const bool *flag, int timeout_ms)
{
	long long end = now_ms() + timeout_ms;

	while (!flag || !*flag) {
		struct pollfd pfd = { .fd = dcc_get_fd(c), .events = POLLIN };
		long long left = end - now_ms();

		if (left <= 0)
			break;
		if (poll(&pfd, 1, (int)left) > 0)
			dcc_dispatch(c);
	}
	return flag && *flag;
}

bool pump_count(struct dcc_client *c, const int *counter, int target, int timeout_ms)
{
	long long end = now_ms() + timeout_ms;

	while (*counter < target && now_ms() < end)
		pump_until(c, NULL, 5);
	return *counter >= target;
}
