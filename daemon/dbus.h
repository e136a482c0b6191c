/*
 * dcd's D-Bus service, org.dcd.Display1 (protocol/org.dcd.Display1.xml,
 * docs/dbus.md): the Manager and Sim interfaces on /org/dcd/Display1 and
 * one org.dcd.Display1.Link object per link, served by sd-bus in the
 * daemon's sd-event loop. Method handlers call the admin functions of
 * admin.h; admin methods first ask the bus who the caller is.
 *
 * A bus that is not there (or a name someone else owns) is not fatal: dcd
 * logs it once, keeps serving its socket, and tries again every
 * DCD_DBUS_RETRY_SEC seconds, also after losing a connection it had.
 *
 * The notification functions are called where the daemon tells its socket
 * clients the same things; they queue signals and mark what changed, and
 * dcd_dbus_flush() (the end of dcd_process) sends the PropertiesChanged
 * signals. All of them accept a dcd without D-Bus (--bus none) and cost a
 * pointer test then.
 */
#ifndef DCD_DBUS_H
#define DCD_DBUS_H

#include <stdint.h>

#include "dcd.h"

#define DCD_DBUS_NAME	     "org.dcd.Display1"
#define DCD_DBUS_PATH	     "/org/dcd/Display1"
#define DCD_DBUS_RETRY_SEC   2
#define DCD_DBUS_LINK_PREFIX DCD_DBUS_PATH "/link"

/* Starts the service on dcd->opts.bus (nothing with DCD_BUS_NONE). 0 or -ENOMEM. */
int dcd_dbus_start(struct dcd *dcd);
/* Closes the connection (flushing what is queued) and frees everything. */
void dcd_dbus_stop(struct dcd *dcd);

/* Hotplug signal; the link's properties are sent at the next flush. */
void dcd_dbus_hotplug(struct dcd *dcd, unsigned link);
/* OUTPUT_CHANGED's changes (DCP_CHANGE_*): LinkStatusChanged "mode" for a mode change. */
void dcd_dbus_output_changed(struct dcd *dcd, unsigned link, uint32_t changes);
/* DC's link event (enum dc_link_event): LinkStatusChanged. */
void dcd_dbus_link_event(struct dcd *dcd, unsigned link, int event);
void dcd_dbus_lease_granted(struct dcd *dcd, const struct dcd_lease *lease);
/*
 * Before the lease is freed; revoke_reason as dcd_lease_end's (0: released,
 * or the client went away). LeaseEnded says "released", "client-gone",
 * "revoked" (admin), "shutdown", "device-lost", "session" or "policy".
 */
void dcd_dbus_lease_ended(struct dcd *dcd, const struct dcd_lease *lease, int revoke_reason);
/* Sends PropertiesChanged for what changed since the last flush. */
void dcd_dbus_flush(struct dcd *dcd);

/* "/org/dcd/Display1/link/HDMI_A_1" for "HDMI-A-1". */
void dcd_dbus_link_path(const char *name, char *path, size_t size);

#endif
