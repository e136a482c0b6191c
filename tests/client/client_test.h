/*
 * Helpers shared by the libdcclient tests: a client connected to a fake
 * dcd, and running its event loop until something happened.
 */
#ifndef CLIENT_TEST_H
#define CLIENT_TEST_H

#include <stdbool.h>

#include "dcclient.h"
#include "fake_server.h"

/* A client named name connected over a socketpair to s (started here). */
struct dcc_client *connect_fake(struct fake_server *s, const char *name);

/*
 * Polls dcc_get_fd() and calls dcc_dispatch() until *flag is true or
 * timeout_ms passed; returns *flag. flag NULL: runs for timeout_ms.
 */
bool pump_until(struct dcc_client *c, const bool *flag, int timeout_ms);

/* The same until *counter >= target; returns whether it got there. */
bool pump_count(struct dcc_client *c, const int *counter, int target, int timeout_ms);

#endif
