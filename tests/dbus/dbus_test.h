/*
 * The D-Bus tests' tools: a private bus (dct_bus) with a dcd --sim --bus
 * session on it (dct_daemon), the test's own sd-bus connection recording
 * dcd's signals, calls that keep the error's name and sentence, and calls
 * made as another user (a forked child that drops to that uid and groups).
 */
#ifndef DBUS_TEST_H
#define DBUS_TEST_H

#include <stdbool.h>
#include <stdint.h>
#include <sys/types.h>
#include <systemd/sd-bus.h>

#include "dct.h"

#define DBT_NAME    "org.dcd.Display1"
#define DBT_PATH    "/org/dcd/Display1"
#define DBT_MANAGER "org.dcd.Display1.Manager"
#define DBT_LINK    "org.dcd.Display1.Link"
#define DBT_SIM	    "org.dcd.Display1.Sim"

#define DBT_ERR_NOT_FOUND     "org.dcd.Display1.Error.NotFound"
#define DBT_ERR_INVALID	      "org.dcd.Display1.Error.Invalid"
#define DBT_ERR_BUSY	      "org.dcd.Display1.Error.Busy"
#define DBT_ERR_NOT_SUPPORTED "org.dcd.Display1.Error.NotSupported"
#define DBT_ERR_ACCESS_DENIED "org.freedesktop.DBus.Error.AccessDenied"

/* The group the tests' dcd.json makes admin (a number no account needs to have). */
#define DBT_ADMIN_GID 64123
#define DBT_NOBODY    65534

#define DBT_MAX_SIGNALS 256

struct dbt {
	struct dct_bus bus;
	struct dct_daemon d;
	sd_bus *conn;
	sd_bus_message *signals[DBT_MAX_SIGNALS]; /* received, oldest first */
	unsigned nsignals;
	char error_name[128];
	char error_message[512];
};

/*
 * A bus, dcd on it (scenario NULL: dct_scenario_small; the configuration
 * lets the test's uid lease and makes group DBT_ADMIN_GID admin), the
 * test's connection with matches on every signal dcd sends; returns once
 * dcd owns its name. 0 or -errno.
 */
int dbt_start(struct dbt *t, const char *scenario);
void dbt_stop(struct dbt *t, bool print_log);

/*
 * A method call on /org/dcd/Display1 (or path): 0 with *reply (if not
 * NULL; unref it), or a negative errno with error_name and error_message
 * set (and printed, so the test's log shows dcd's sentences).
 */
#define dbt_call(t, iface, member, reply, ...) \
	dbt_call_path(t, DBT_PATH, iface, member, reply, __VA_ARGS__)
int dbt_call_path(struct dbt *t, const char *path, const char *iface, const char *member,
		  sd_bus_message **reply, const char *types, ...);
/* The last call failed with error name. */
bool dbt_failed_with(struct dbt *t, int r, const char *name);

/* Properties (asserting the call works). */
uint32_t dbt_get_u(struct dbt *t, const char *path, const char *iface, const char *name);
bool dbt_get_b(struct dbt *t, const char *path, const char *iface, const char *name);
/* Into buf. */
const char *dbt_get_s(struct dbt *t, const char *path, const char *iface, const char *name,
		      char *buf, size_t size);

/*
 * The first signal received (waiting up to timeout_ms) whose member is
 * member and, if arg0 is not NULL, whose first argument is that string
 * (for PropertiesChanged: the interface, and path must match). Removed
 * from the record; unref it. NULL on timeout.
 */
sd_bus_message *dbt_wait_signal(struct dbt *t, const char *member, const char *path,
				const char *arg0, int timeout_ms);
/* The next LinkStatusChanged of link (waited for) says event. */
bool dbt_link_status_is(struct dbt *t, const char *link, const char *event);
/* The next LeaseEnded (waited for) names lease id and reason. */
bool dbt_lease_ended_is(struct dbt *t, uint32_t id, const char *reason);
/* Forgets the signals received so far (after reading what is queued). */
void dbt_clear_signals(struct dbt *t);
/* Whether a PropertiesChanged signal names property among its changed properties. */
bool dbt_properties_changed_has(sd_bus_message *m, const char *property);

/*
 * Runs fn in a child process as uid with these supplementary groups (and
 * gid uid), on a connection of its own. Returns the child's exit status:
 * fn's return value. The test must run as root (dbt_root()).
 */
int dbt_as(uid_t uid, const gid_t *groups, size_t n_groups, int (*fn)(sd_bus *bus, void *data),
	   void *data);
/* For fn: 0 when the call works, 3 for AccessDenied, 1 otherwise (the error printed). */
int dbt_exit_code(int r, const sd_bus_error *e);
bool dbt_root(void);

#endif
