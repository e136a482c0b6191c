/*
 * What the files of dcd's D-Bus service share (dbus.c the connection,
 * signals and property changes; dbus_manager.c, dbus_status.c, dbus_link.c,
 * dbus_admin.c and dbus_sim.c the interfaces). Not for the rest of the
 * daemon: that uses dbus.h.
 */
#ifndef DCD_DBUS_INTERNAL_H
#define DCD_DBUS_INTERNAL_H

#include <stdbool.h>
#include <stdint.h>
#include <sys/types.h>
#include <systemd/sd-bus.h>

#include "dbus.h"

#define DCD_DBUS_IFACE_MANAGER "org.dcd.Display1.Manager"
#define DCD_DBUS_IFACE_LINK    "org.dcd.Display1.Link"
#define DCD_DBUS_IFACE_SIM     "org.dcd.Display1.Sim"

/* The interface's errors (the XML's header comment, docs/dbus.md). */
#define DCD_DBUS_ERROR_NOT_FOUND     "org.dcd.Display1.Error.NotFound"
#define DCD_DBUS_ERROR_INVALID	     "org.dcd.Display1.Error.Invalid"
#define DCD_DBUS_ERROR_BUSY	     "org.dcd.Display1.Error.Busy"
#define DCD_DBUS_ERROR_NOT_SUPPORTED "org.dcd.Display1.Error.NotSupported"
#define DCD_DBUS_ERROR_FAILED	     "org.dcd.Display1.Error.Failed"
#define DCD_DBUS_ERROR_ACCESS_DENIED "org.freedesktop.DBus.Error.AccessDenied"

/* The Link properties, as last sent in PropertiesChanged (or now). */
struct dcd_dbus_link_props {
	bool connected;
	const char *signal;
	uint32_t lease;
	char manufacturer[DCP_MAX_VENDOR + 1];
	uint32_t product_code;
	char monitor_name[DCP_MAX_MONITOR_NAME + 1];
	uint32_t width, height, refresh_mhz;
	uint32_t link_rate_mbps, lane_count;
	bool non_desktop;		 /* a head-mounted display */
	uint32_t vrr_min_hz, vrr_max_hz; /* variable refresh range, 0 0 when none */
};

struct dcd_dbus_link {
	struct dcd_dbus *dbus;
	unsigned link;
	char path[96];
	struct dcd_dbus_link_props sent;
	bool dirty; /* something changed: compare at the next flush */
};

/* Who called an admin method, as the bus daemon knows the connection. */
struct dcd_dbus_caller {
	uid_t uid;
	pid_t pid; /* 0: unknown */
	size_t n_groups, cap_groups;
	gid_t *groups;	/* all of them (malloc'd) */
	char label[64]; /* "uid 1000 (pid 42)" for logs and revoke texts */
};

/*
 * An admin method's work once its caller is known to be an admin: reads
 * the arguments of m and replies (>= 0), or returns a negative errno with
 * e set (the caller replies with e).
 */
typedef int (*dcd_dbus_admin_fn)(sd_bus_message *m, struct dcd_dbus *d,
				 const struct dcd_dbus_caller *caller, sd_bus_error *e);

struct dcd_dbus_pending;
struct dcd_dbus_shot;

struct dcd_dbus {
	struct dcd *dcd;
	sd_bus *bus;	/* NULL while there is no connection */
	bool ready;	/* the name is ours */
	bool warned;	/* the failure to get on the bus was logged */
	bool reconnect; /* the connection was lost: replace it at the retry */
	sd_event_source *retry;
	struct dcd_dbus_link links[DC_MAX_LINKS];
	bool dirty; /* some link is dirty */
	uint32_t sent_clients, sent_leases;
	struct dcd_dbus_pending *pending; /* admin calls waiting for the caller's credentials */
	struct dcd_dbus_shot *shots;	  /* screenshots being taken */
};

extern const sd_bus_vtable dcd_dbus_manager_vtable[];
extern const sd_bus_vtable dcd_dbus_link_vtable[];
extern const sd_bus_vtable dcd_dbus_sim_vtable[];

/* Sets e to the interface's error for -status (errno to name) with the sentence; returns status. */
int dcd_dbus_error(sd_bus_error *e, int status, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
/* The same for a struct dcp_error the admin functions filled. */
int dcd_dbus_error_dcp(sd_bus_error *e, const struct dcp_error *err);
/* The empty reply of a method that worked (r >= 0), or e from err; returns r for a failure. */
int dcd_dbus_reply_status(sd_bus_message *m, int r, const struct dcp_error *err, sd_bus_error *e);
/* Closes reply's outer container, sends and frees it (r < 0: only frees); returns r or the error.
 */
int dcd_dbus_send_reply(sd_bus_message *reply, int r);
/* Reads a link name argument: the link's index, or -ENOENT with NotFound in e. */
int dcd_dbus_read_link(sd_bus_message *m, struct dcd_dbus *d, const char **name, sd_bus_error *e);

/*
 * Runs fn for m once the bus said who sent it and that caller is an admin
 * (root, or the configuration's "admin" users and groups); otherwise
 * replies AccessDenied naming the method. Returns what a method handler
 * returns (the reply is sent later).
 */
int dcd_dbus_admin_call(sd_bus_message *m, struct dcd_dbus *d, dcd_dbus_admin_fn fn,
			sd_bus_error *e);
/* Drops the admin calls still waiting (at stop, or when the bus goes away). */
void dcd_dbus_admin_drop_pending(struct dcd_dbus *d);

/* dbus_link.c: the properties of a link now. */
void dcd_dbus_link_props(struct dcd *dcd, unsigned link, struct dcd_dbus_link_props *out);
/* Refresh in mHz of the stream on link, and its size; false when off. */
bool dcd_dbus_current_mode(struct dcd *dcd, unsigned link, uint32_t mode[3]);

/* dbus_screenshot.c: answers m with the PNG of link once a child process made it (>= 0). */
int dcd_dbus_screenshot_start(sd_bus_message *m, struct dcd_dbus *d, const char *name,
			      unsigned link, sd_bus_error *e);
/* Kills and reaps the screenshot processes still running; their calls get no answer. */
void dcd_dbus_screenshot_drop_all(struct dcd_dbus *d);

/* dbus_manager.c: replies with one "ay" */
int dcd_dbus_reply_bytes(sd_bus_message *m, const void *bytes, size_t size);

/* dbus_status.c: GetLinkStatus */
int dcd_dbus_method_get_link_status(sd_bus_message *m, void *data, sd_bus_error *e);

/* dbus_admin.c: RevokeLease; dbus_config.c: Validate and Commit */
int dcd_dbus_method_revoke_lease(sd_bus_message *m, void *data, sd_bus_error *e);
int dcd_dbus_method_validate(sd_bus_message *m, void *data, sd_bus_error *e);
int dcd_dbus_method_commit(sd_bus_message *m, void *data, sd_bus_error *e);

#endif
