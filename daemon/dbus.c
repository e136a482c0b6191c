/*
 * dcd on D-Bus: the connection (system or session bus), the name, the
 * objects, the retry when the bus is not there or goes away, the signals
 * and the PropertiesChanged of what changed. See dbus.h.
 *
 * Nothing here blocks the loop on the bus: connecting to a Unix socket
 * either works or fails at once, and the Hello, the name request and the
 * credentials of admin callers are asynchronous calls.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "admin.h"
#include "dbus_internal.h"

static const char *bus_name(const struct dcd *dcd)
{
	return dcd->opts.bus == DCD_BUS_SYSTEM ? "system bus" : "session bus";
}

void dcd_dbus_link_path(const char *name, char *path, size_t size)
{
	size_t n = (size_t)snprintf(path, size, "%s/", DCD_DBUS_LINK_PREFIX);

	/* Link names are letters, digits and '-'; object paths allow no '-'. */
	for (; *name && n + 1 < size; name++, n++)
		path[n] = *name == '-' ? '_' : *name;
	if (n < size)
		path[n] = 0;
}

/* ---- errors -------------------------------------------------------------------- */

static const char *error_name(int status)
{
	switch (-status) {
	case ENOENT:
	case ENODATA:
	case ENOTCONN:
		return DCD_DBUS_ERROR_NOT_FOUND;
	case EINVAL:
	case ERANGE:
	case ENOSPC:
	case E2BIG:
	case EDOM:
	case EFBIG:
		return DCD_DBUS_ERROR_INVALID;
	case EBUSY:
	case EEXIST:
	case EALREADY:
		return DCD_DBUS_ERROR_BUSY;
	case ENOTSUP:
		return DCD_DBUS_ERROR_NOT_SUPPORTED;
	case EACCES:
	case EPERM:
		return DCD_DBUS_ERROR_ACCESS_DENIED;
	default:
		return DCD_DBUS_ERROR_FAILED;
	}
}

int dcd_dbus_error(sd_bus_error *e, int status, const char *fmt, ...)
{
	char text[512];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(text, sizeof(text), fmt, ap);
	va_end(ap);
	sd_bus_error_set(e, error_name(status), text);
	return status < 0 ? status : -EIO;
}

int dcd_dbus_error_dcp(sd_bus_error *e, const struct dcp_error *err)
{
	if (err->text[0])
		return dcd_dbus_error(e, err->status, "%s", err->text);
	return dcd_dbus_error(e, err->status, "%s", strerror(-err->status));
}

int dcd_dbus_reply_status(sd_bus_message *m, int r, const struct dcp_error *err, sd_bus_error *e)
{
	if (r < 0)
		return dcd_dbus_error_dcp(e, err);
	return sd_bus_reply_method_return(m, "");
}

int dcd_dbus_send_reply(sd_bus_message *reply, int r)
{
	if (r >= 0)
		r = sd_bus_message_close_container(reply);
	if (r >= 0)
		r = sd_bus_send(NULL, reply, NULL);
	sd_bus_message_unref(reply);
	return r;
}

int dcd_dbus_read_link(sd_bus_message *m, struct dcd_dbus *d, const char **name, sd_bus_error *e)
{
	struct dcd *dcd = d->dcd;
	char names[256];
	size_t used = 0;
	int link, r = sd_bus_message_read(m, "s", name);

	if (r < 0)
		return r;
	link = dcd_admin_link_by_name(dcd, *name);
	if (link >= 0)
		return link;
	names[0] = 0;
	for (unsigned i = 0; i < dcd->link_count && used < sizeof(names); i++)
		used += (size_t)snprintf(names + used, sizeof(names) - used, "%s%s", i ? ", " : "",
					 dcd_link_name(dcd, i));
	return dcd_dbus_error(e, -ENOENT, "no link \"%s\" (this engine has %s)", *name, names);
}

/* ---- the connection ------------------------------------------------------------------ */

static int connect_bus(struct dcd_dbus *d);

static void drop_bus(struct dcd_dbus *d)
{
	dcd_dbus_admin_drop_pending(d);
	dcd_dbus_screenshot_drop_all(d);
	if (d->bus) {
		sd_bus_detach_event(d->bus);
		sd_bus_flush_close_unref(d->bus);
	}
	d->bus = NULL;
	d->ready = false;
}

static void schedule_retry(struct dcd_dbus *d)
{
	uint64_t now;

	sd_event_now(d->dcd->event, CLOCK_MONOTONIC, &now);
	sd_event_source_set_time(d->retry, now + DCD_DBUS_RETRY_SEC * 1000000ull);
	sd_event_source_set_enabled(d->retry, SD_EVENT_ONESHOT);
}

/* Once, then quietly: a machine without a bus is told, not flooded. */
static void report_failure(struct dcd_dbus *d, const char *what, const char *why)
{
	if (d->warned) {
		log_debug("D-Bus: %s: %s; trying again in %d s", what, why, DCD_DBUS_RETRY_SEC);
		return;
	}
	d->warned = true;
	log_warning("D-Bus: %s: %s; serving the socket without D-Bus and trying again every %d s",
		    what, why, DCD_DBUS_RETRY_SEC);
}

static int on_retry(sd_event_source *s, uint64_t usec, void *data)
{
	struct dcd_dbus *d = data;

	if (d->reconnect)
		drop_bus(d);
	d->reconnect = false;
	if (!d->bus && connect_bus(d) < 0)
		schedule_retry(d);
	return 0;
}

static int on_disconnected(sd_bus_message *m, void *data, sd_bus_error *e)
{
	struct dcd_dbus *d = data;

	/* The bus is freed from the retry timer, outside its own dispatch. */
	d->ready = false;
	d->reconnect = true;
	d->warned = false;
	report_failure(d, bus_name(d->dcd), "the connection was lost");
	schedule_retry(d);
	return 0;
}

static int on_name(sd_bus_message *m, void *data, sd_bus_error *unused)
{
	struct dcd_dbus *d = data;
	const sd_bus_error *e = sd_bus_message_get_error(m);
	const char *why = NULL;
	uint32_t result = 0;
	char what[64];

	/* RequestName answers 1 (now the owner) or 4 (already), 3 when taken. */
	if (e)
		why = e->message ? e->message : e->name;
	else if (sd_bus_message_read(m, "u", &result) < 0 || (result != 1 && result != 4))
		why = "another process owns it";
	if (why) {
		snprintf(what, sizeof(what), "cannot own %s", DCD_DBUS_NAME);
		report_failure(d, what, why);
		d->reconnect = true;
		schedule_retry(d);
		return 0;
	}
	d->ready = true;
	d->warned = false;
	log_notice("D-Bus: %s on the %s", DCD_DBUS_NAME, bus_name(d->dcd));
	/* Whatever changed while dcd was away is news to the bus's listeners. */
	for (unsigned i = 0; i < d->dcd->link_count; i++)
		dcd_dbus_link_props(d->dcd, i, &d->links[i].sent);
	d->sent_clients = d->dcd->client_count;
	d->sent_leases = (uint32_t)dcd_admin_leases(d->dcd, NULL, 0);
	return 0;
}

static int add_objects(struct dcd_dbus *d)
{
	int r;

	r = sd_bus_add_object_vtable(d->bus, NULL, DCD_DBUS_PATH, DCD_DBUS_IFACE_MANAGER,
				     dcd_dbus_manager_vtable, d);
	if (r >= 0)
		r = sd_bus_add_object_vtable(d->bus, NULL, DCD_DBUS_PATH, DCD_DBUS_IFACE_SIM,
					     dcd_dbus_sim_vtable, d);
	for (unsigned i = 0; r >= 0 && i < d->dcd->link_count; i++)
		r = sd_bus_add_object_vtable(d->bus, NULL, d->links[i].path, DCD_DBUS_IFACE_LINK,
					     dcd_dbus_link_vtable, &d->links[i]);
	return r;
}

static int connect_bus(struct dcd_dbus *d)
{
	struct dcd *dcd = d->dcd;
	int r;

	r = dcd->opts.bus == DCD_BUS_SYSTEM ? sd_bus_open_system(&d->bus)
					    : sd_bus_open_user(&d->bus);
	if (r < 0) {
		d->bus = NULL;
		report_failure(d, bus_name(dcd), strerror(-r));
		return r;
	}
	r = sd_bus_attach_event(d->bus, dcd->event, SD_EVENT_PRIORITY_NORMAL);
	if (r >= 0)
		r = sd_bus_match_signal_async(
			d->bus, NULL, "org.freedesktop.DBus.Local", "/org/freedesktop/DBus/Local",
			"org.freedesktop.DBus.Local", "Disconnected", on_disconnected, NULL, d);
	if (r >= 0)
		r = add_objects(d);
	if (r >= 0)
		r = sd_bus_request_name_async(d->bus, NULL, DCD_DBUS_NAME, 0, on_name, d);
	if (r < 0) {
		report_failure(d, bus_name(dcd), strerror(-r));
		drop_bus(d);
		return r;
	}
	return 0;
}

int dcd_dbus_start(struct dcd *dcd)
{
	struct dcd_dbus *d;
	int r;

	if (dcd->opts.bus == DCD_BUS_NONE)
		return 0;
	d = calloc(1, sizeof(*d));
	if (!d)
		return -ENOMEM;
	d->dcd = dcd;
	for (unsigned i = 0; i < dcd->link_count; i++) {
		d->links[i].dbus = d;
		d->links[i].link = i;
		dcd_dbus_link_path(dcd_link_name(dcd, i), d->links[i].path,
				   sizeof(d->links[i].path));
	}
	r = sd_event_add_time(dcd->event, &d->retry, CLOCK_MONOTONIC, 0, 0, on_retry, d);
	if (r < 0) {
		free(d);
		return r;
	}
	sd_event_source_set_enabled(d->retry, SD_EVENT_OFF);
	dcd->dbus = d;
	if (connect_bus(d) < 0)
		schedule_retry(d);
	return 0;
}

void dcd_dbus_stop(struct dcd *dcd)
{
	struct dcd_dbus *d = dcd->dbus;

	if (!d)
		return;
	drop_bus(d);
	sd_event_source_unref(d->retry);
	free(d);
	dcd->dbus = NULL;
}

/* ---- signals ------------------------------------------------------------------------ */

/* The connection to send on, or NULL while dcd is not on the bus. */
static struct dcd_dbus *online(struct dcd *dcd)
{
	return dcd->dbus && dcd->dbus->ready ? dcd->dbus : NULL;
}

static void emit(struct dcd_dbus *d, const char *member, const char *types, ...)
{
	sd_bus_message *m = NULL;
	va_list ap;
	int r;

	r = sd_bus_message_new_signal(d->bus, &m, DCD_DBUS_PATH, DCD_DBUS_IFACE_MANAGER, member);
	va_start(ap, types);
	if (r >= 0)
		r = sd_bus_message_appendv(m, types, ap);
	va_end(ap);
	if (r >= 0)
		r = sd_bus_send(d->bus, m, NULL);
	if (r < 0)
		log_warning("D-Bus: signal %s: %s", member, strerror(-r));
	sd_bus_message_unref(m);
}

static void mark(struct dcd *dcd, unsigned link)
{
	if (dcd->dbus && link < dcd->link_count) {
		dcd->dbus->links[link].dirty = true;
		dcd->dbus->dirty = true;
	}
}

void dcd_dbus_hotplug(struct dcd *dcd, unsigned link)
{
	struct dcd_dbus *d = online(dcd);

	mark(dcd, link);
	if (d && link < dcd->link_count)
		emit(d, "Hotplug", "sob", dcd_link_name(dcd, link), d->links[link].path,
		     dcd_output(dcd, link)->connection == DCP_CONNECTED);
}

static void link_status_changed(struct dcd *dcd, unsigned link, const char *event)
{
	struct dcd_dbus *d = online(dcd);

	if (d && link < dcd->link_count)
		emit(d, "LinkStatusChanged", "sos", dcd_link_name(dcd, link), d->links[link].path,
		     event);
}

void dcd_dbus_output_changed(struct dcd *dcd, unsigned link, uint32_t changes)
{
	mark(dcd, link);
	if (changes & DCP_CHANGE_MODE)
		link_status_changed(dcd, link, "mode");
}

void dcd_dbus_link_event(struct dcd *dcd, unsigned link, int event)
{
	static const char *const words[] = {
		[DC_LINK_EVENT_RETRAINED] = "retrained",
		[DC_LINK_EVENT_TRAINING_FAILED] = "training-failed",
		[DC_LINK_EVENT_SINK_COUNT] = "sink-count",
	};

	mark(dcd, link);
	if (event >= 0 && (size_t)event < sizeof(words) / sizeof(words[0]) && words[event])
		link_status_changed(dcd, link, words[event]);
}

void dcd_dbus_lease_granted(struct dcd *dcd, const struct dcd_lease *lease)
{
	struct dcd_dbus *d = online(dcd);
	sd_bus_message *m = NULL;
	int r;

	if (!d)
		return;
	r = sd_bus_message_new_signal(d->bus, &m, DCD_DBUS_PATH, DCD_DBUS_IFACE_MANAGER,
				      "LeaseGranted");
	if (r >= 0)
		r = sd_bus_message_append(m, "us", lease->id, lease->client->name);
	if (r >= 0)
		r = sd_bus_message_open_container(m, 'a', "s");
	for (unsigned i = 0; r >= 0 && i < dcd->link_count; i++) {
		if (lease->links & (1u << i))
			r = sd_bus_message_append(m, "s", dcd_link_name(dcd, i));
	}
	if (r >= 0)
		r = sd_bus_message_close_container(m);
	if (r >= 0)
		r = sd_bus_send(d->bus, m, NULL);
	if (r < 0)
		log_warning("D-Bus: signal LeaseGranted: %s", strerror(-r));
	sd_bus_message_unref(m);
}

void dcd_dbus_lease_ended(struct dcd *dcd, const struct dcd_lease *lease, int revoke_reason)
{
	struct dcd_dbus *d = online(dcd);
	const char *reason;

	if (!d)
		return;
	if (!revoke_reason)
		reason = lease->client->dead ? "client-gone" : "released";
	else if (revoke_reason == DCP_REVOKE_ADMIN)
		reason = "revoked";
	else
		reason = dcp_revoke_reason_name((unsigned)revoke_reason);
	emit(d, "LeaseEnded", "us", lease->id, reason ? reason : "revoked");
}

/* ---- PropertiesChanged ------------------------------------------------------------------ */

static void flush_link(struct dcd_dbus *d, struct dcd_dbus_link *l)
{
	struct dcd_dbus_link_props now;
	const struct dcd_dbus_link_props *was = &l->sent;
	char *names[14];
	unsigned n = 0;

	l->dirty = false;
	dcd_dbus_link_props(d->dcd, l->link, &now);
	if (now.connected != was->connected)
		names[n++] = "Connected";
	if (strcmp(now.signal, was->signal))
		names[n++] = "Signal";
	if (now.lease != was->lease)
		names[n++] = "Lease";
	if (strcmp(now.manufacturer, was->manufacturer))
		names[n++] = "Manufacturer";
	if (now.product_code != was->product_code)
		names[n++] = "ProductCode";
	if (strcmp(now.monitor_name, was->monitor_name))
		names[n++] = "MonitorName";
	if (now.width != was->width || now.height != was->height ||
	    now.refresh_mhz != was->refresh_mhz)
		names[n++] = "Mode";
	if (now.link_rate_mbps != was->link_rate_mbps)
		names[n++] = "LinkRateMbps";
	if (now.lane_count != was->lane_count)
		names[n++] = "LaneCount";
	if (now.non_desktop != was->non_desktop)
		names[n++] = "NonDesktop";
	if (now.vrr_min_hz != was->vrr_min_hz || now.vrr_max_hz != was->vrr_max_hz)
		names[n++] = "VrrRangeHz";
	names[n] = NULL;
	l->sent = now;
	if (n)
		sd_bus_emit_properties_changed_strv(d->bus, l->path, DCD_DBUS_IFACE_LINK, names);
}

void dcd_dbus_flush(struct dcd *dcd)
{
	struct dcd_dbus *d = online(dcd);
	char *names[3];
	unsigned n = 0;
	uint32_t leases;

	if (!d)
		return;
	if (d->dirty) {
		d->dirty = false;
		for (unsigned i = 0; i < dcd->link_count; i++) {
			if (d->links[i].dirty)
				flush_link(d, &d->links[i]);
		}
		/* Leases only change where some link's lease does. */
		leases = (uint32_t)dcd_admin_leases(dcd, NULL, 0);
		if (leases != d->sent_leases) {
			d->sent_leases = leases;
			names[n++] = "NLeases";
		}
	}
	if (dcd->client_count != d->sent_clients) {
		d->sent_clients = dcd->client_count;
		names[n++] = "NClients";
	}
	names[n] = NULL;
	if (n)
		sd_bus_emit_properties_changed_strv(d->bus, DCD_DBUS_PATH, DCD_DBUS_IFACE_MANAGER,
						    names);
}
