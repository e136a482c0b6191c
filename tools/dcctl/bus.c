/*
 * dcctl on D-Bus: which bus dcd is on, calls, and errors said the way a
 * person reads them (dcd's own sentence; what to do when dcd is not there
 * or the bus refuses a non-admin).
 */
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "dcctl.h"

static int open_bus(enum dcctl_bus kind, sd_bus **bus)
{
	return kind == DCCTL_BUS_SESSION ? sd_bus_open_user(bus) : sd_bus_open_system(bus);
}

static const char *kind_name(enum dcctl_bus kind)
{
	return kind == DCCTL_BUS_SESSION ? "session bus" : "system bus";
}

/* Whether dcd owns its name on bus (false also when the bus cannot say). */
static bool dcd_there(sd_bus *bus)
{
	sd_bus_message *reply = NULL;
	int has = 0;

	if (sd_bus_call_method(bus, "org.freedesktop.DBus", "/org/freedesktop/DBus",
			       "org.freedesktop.DBus", "NameHasOwner", NULL, &reply, "s",
			       DCCTL_NAME) < 0)
		return false;
	sd_bus_message_read(reply, "b", &has);
	sd_bus_message_unref(reply);
	return has;
}

int dcctl_connect(struct dcctl *ctx)
{
	enum dcctl_bus kind = ctx->bus_kind == DCCTL_BUS_AUTO ? DCCTL_BUS_SYSTEM : ctx->bus_kind;
	int r;

	if (ctx->bus)
		return 0;
	r = open_bus(kind, &ctx->bus);
	/*
	 * Not chosen: the system bus, unless dcd is only on the session bus (a
	 * test, the demo) or there is no system bus to ask.
	 */
	if (ctx->bus_kind == DCCTL_BUS_AUTO && getenv("DBUS_SESSION_BUS_ADDRESS") &&
	    (r < 0 || !dcd_there(ctx->bus))) {
		sd_bus *session = NULL;

		if (open_bus(DCCTL_BUS_SESSION, &session) >= 0 && (r < 0 || dcd_there(session))) {
			sd_bus_flush_close_unref(ctx->bus);
			ctx->bus = session;
			kind = DCCTL_BUS_SESSION;
			r = 0;
		} else {
			sd_bus_flush_close_unref(session);
		}
	}
	ctx->bus_name = kind_name(kind);
	if (r < 0) {
		ctx->bus = NULL;
		dcctl_error("cannot connect to the %s: %s", ctx->bus_name, strerror(-r));
		return -1;
	}
	return 0;
}

int dcctl_bus_error(struct dcctl *ctx, const char *what, int r, const sd_bus_error *e)
{
	const char *name = e && e->name ? e->name : "";
	const char *message = e && e->message ? e->message : strerror(-r);

	if (!strcmp(name, "org.freedesktop.DBus.Error.ServiceUnknown") ||
	    !strcmp(name, "org.freedesktop.DBus.Error.NameHasNoOwner"))
		dcctl_error("dcd is not running on the %s (nobody owns %s; see --bus)",
			    ctx->bus_name ? ctx->bus_name : "bus", DCCTL_NAME);
	else if (!strcmp(name, "org.freedesktop.DBus.Error.AccessDenied") &&
		 !strncmp(message, "Rejected send message", 21))
		/* The bus's policy, before dcd saw anything. */
		dcctl_error("%s: refused by the %s's policy: it is for root and the admin group",
			    what, ctx->bus_name ? ctx->bus_name : "bus");
	else if (!strcmp(name, "org.freedesktop.DBus.Error.AccessDenied"))
		dcctl_error("%s: permission denied: %s", what, message);
	else
		dcctl_error("%s", message);
	return -1;
}

int dcctl_call(struct dcctl *ctx, const char *path, const char *iface, const char *member,
	       sd_bus_message **reply, const char *types, ...)
{
	sd_bus_error e = SD_BUS_ERROR_NULL;
	sd_bus_message *m = NULL;
	va_list ap;
	int r;

	if (dcctl_connect(ctx) < 0)
		return -1;
	va_start(ap, types);
	r = sd_bus_call_methodv(ctx->bus, DCCTL_NAME, path ? path : DCCTL_PATH, iface, member, &e,
				&m, types, ap);
	va_end(ap);
	if (r < 0) {
		dcctl_bus_error(ctx, member, r, &e);
		sd_bus_error_free(&e);
		return -1;
	}
	if (reply)
		*reply = m;
	else
		sd_bus_message_unref(m);
	return 0;
}
