/*
 * The admin methods' door: who called (the bus daemon's
 * GetConnectionCredentials: the uid and supplementary groups the kernel
 * gave it for the caller's socket), whether that is an admin (root, or the
 * configuration's "admin" users and groups), and the Manager's admin
 * methods RevokeLease, Validate and Commit.
 *
 * Why not sd_bus_query_sender_creds(): on a dbus-daemon bus it makes a
 * blocking call to the bus, and libsystemd 252 reads no groups from the
 * answer (SD_BUS_CREDS_AUGMENT would read /proc/PID, which is racy and
 * which dcd.service's ProtectProc=invisible hides). So the same question is
 * asked asynchronously here, and the method runs in the answer's callback.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "admin.h"
#include "dbus_internal.h"

struct dcd_dbus_pending {
	struct dcd_dbus_pending *next;
	struct dcd_dbus *d;
	sd_bus_message *call;
	sd_bus_slot *slot;
	dcd_dbus_admin_fn fn;
};

static void pending_free(struct dcd_dbus *d, struct dcd_dbus_pending *p)
{
	struct dcd_dbus_pending **pp;

	for (pp = &d->pending; *pp && *pp != p; pp = &(*pp)->next)
		;
	if (*pp)
		*pp = p->next;
	sd_bus_slot_unref(p->slot);
	sd_bus_message_unref(p->call);
	free(p);
}

void dcd_dbus_admin_drop_pending(struct dcd_dbus *d)
{
	while (d->pending)
		pending_free(d, d->pending);
}

/* Every group the bus reports, however many (a cut list could drop the admin group). */
static int add_group(struct dcd_dbus_caller *caller, gid_t gid)
{
	if (caller->n_groups == caller->cap_groups) {
		size_t cap = caller->cap_groups ? 2 * caller->cap_groups : 64;
		gid_t *g = realloc(caller->groups, cap * sizeof(*g));

		if (!g)
			return -ENOMEM;
		caller->groups = g;
		caller->cap_groups = cap;
	}
	caller->groups[caller->n_groups++] = gid;
	return 1;
}

/* The answer of GetConnectionCredentials: a{sv} with UnixUserID, ProcessID, UnixGroupIDs. */
static int read_caller(sd_bus_message *m, struct dcd_dbus_caller *caller)
{
	bool have_uid = false;
	int r;

	memset(caller, 0, sizeof(*caller));
	r = sd_bus_message_enter_container(m, 'a', "{sv}");
	while (r >= 0 && (r = sd_bus_message_enter_container(m, 'e', "sv")) > 0) {
		const char *key;
		uint32_t v;

		r = sd_bus_message_read(m, "s", &key);
		if (r >= 0 && !strcmp(key, "UnixUserID")) {
			r = sd_bus_message_read(m, "v", "u", &v);
			caller->uid = (uid_t)v;
			have_uid = r >= 0;
		} else if (r >= 0 && !strcmp(key, "ProcessID")) {
			r = sd_bus_message_read(m, "v", "u", &v);
			caller->pid = (pid_t)v;
		} else if (r >= 0 && !strcmp(key, "UnixGroupIDs")) {
			r = sd_bus_message_enter_container(m, 'v', "au");
			if (r >= 0)
				r = sd_bus_message_enter_container(m, 'a', "u");
			while (r >= 0 && (r = sd_bus_message_read(m, "u", &v)) > 0)
				r = add_group(caller, (gid_t)v);
			if (r >= 0)
				r = sd_bus_message_exit_container(m);
			if (r >= 0)
				r = sd_bus_message_exit_container(m);
		} else if (r >= 0) {
			r = sd_bus_message_skip(m, "v");
		}
		if (r >= 0)
			r = sd_bus_message_exit_container(m);
	}
	if (r >= 0)
		r = sd_bus_message_exit_container(m);
	if (r >= 0 && !have_uid)
		r = -ENODATA;
	if (caller->pid)
		snprintf(caller->label, sizeof(caller->label), "uid %u (pid %d)",
			 (unsigned)caller->uid, (int)caller->pid);
	else
		snprintf(caller->label, sizeof(caller->label), "uid %u", (unsigned)caller->uid);
	return r;
}

static bool is_admin(const struct dcd *dcd, const struct dcd_dbus_caller *caller)
{
	/* The same rule as on the socket (dcd_who_matches: uid and every supplementary group). */
	return caller->uid == 0 ||
	       dcd_who_matches(&dcd->config.admin, caller->uid, caller->groups, caller->n_groups);
}

static int on_credentials(sd_bus_message *reply, void *data, sd_bus_error *unused)
{
	struct dcd_dbus_pending *p = data;
	struct dcd_dbus *d = p->d;
	const char *member = sd_bus_message_get_member(p->call);
	sd_bus_error e = SD_BUS_ERROR_NULL;
	struct dcd_dbus_caller caller = { 0 };
	const sd_bus_error *be = sd_bus_message_get_error(reply);
	int r;

	if (be) {
		dcd_dbus_error(&e, -EIO, "%s: the bus did not say who called: %s", member,
			       be->message ? be->message : be->name);
	} else if ((r = read_caller(reply, &caller)) < 0) {
		/* the reason as it is (ENOMEM for a group list too long to hold) */
		dcd_dbus_error(&e, r, "%s: the bus did not say who called: %s", member,
			       strerror(-r));
	} else if (!is_admin(d->dcd, &caller)) {
		log_notice("D-Bus: %s refused to %s: not an administrator", member, caller.label);
		dcd_dbus_error(&e, -EACCES,
			       "%s is for administrators of dcd: %s is neither root nor one of "
			       "the \"admin\" users and groups of its configuration",
			       member, caller.label);
	} else {
		r = p->fn(p->call, d, &caller, &e);
		if (r < 0 && !sd_bus_error_is_set(&e))
			sd_bus_error_set_errno(&e, r);
		dcd_process(d->dcd);
	}
	if (sd_bus_error_is_set(&e))
		sd_bus_reply_method_error(p->call, &e);
	sd_bus_error_free(&e);
	free(caller.groups);
	pending_free(d, p);
	return 0;
}

int dcd_dbus_admin_call(sd_bus_message *m, struct dcd_dbus *d, dcd_dbus_admin_fn fn,
			sd_bus_error *e)
{
	const char *sender = sd_bus_message_get_sender(m);
	struct dcd_dbus_pending *p;
	int r;

	if (!sender)
		return dcd_dbus_error(e, -EACCES, "%s: the call has no sender to check",
				      sd_bus_message_get_member(m));
	p = calloc(1, sizeof(*p));
	if (!p)
		return -ENOMEM;
	p->d = d;
	p->fn = fn;
	p->call = sd_bus_message_ref(m);
	r = sd_bus_call_method_async(sd_bus_message_get_bus(m), &p->slot, "org.freedesktop.DBus",
				     "/org/freedesktop/DBus", "org.freedesktop.DBus",
				     "GetConnectionCredentials", on_credentials, p, "s", sender);
	if (r < 0) {
		sd_bus_message_unref(p->call);
		free(p);
		return r;
	}
	p->next = d->pending;
	d->pending = p;
	return 1;
}

/* ---- RevokeLease ---------------------------------------------------------------------- */

static int revoke_lease(sd_bus_message *m, struct dcd_dbus *d, const struct dcd_dbus_caller *caller,
			sd_bus_error *e)
{
	struct dcp_error err = { 0 };
	char text[DCP_MAX_TEXT + 1];
	const char *reason;
	uint32_t id;
	int r;

	r = sd_bus_message_read(m, "us", &id, &reason);
	if (r < 0)
		return r;
	if (reason[0])
		snprintf(text, sizeof(text), "revoked by %s: %s", caller->label, reason);
	else
		snprintf(text, sizeof(text), "revoked by %s through D-Bus", caller->label);
	return dcd_dbus_reply_status(m, dcd_admin_revoke(d->dcd, id, DCP_REVOKE_ADMIN, text, &err),
				     &err, e);
}

int dcd_dbus_method_revoke_lease(sd_bus_message *m, void *data, sd_bus_error *e)
{
	return dcd_dbus_admin_call(m, data, revoke_lease, e);
}
