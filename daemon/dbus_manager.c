/*
 * org.dcd.Display1.Manager on /org/dcd/Display1: the engine's properties
 * and the read-only methods anyone may call (links, modes; GetLinkStatus
 * is in dbus_status.c), and two read-only ones for admins only: GetEdid
 * (the bytes hold the monitor's serial number, which tells one person's
 * device from another) and ListLeases (the pid, uid and name of other
 * users' processes). The other admin methods are in dbus_admin.c.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "admin.h"
#include "dbus_internal.h"
#include "dc_modes.h"

static int get_property(sd_bus *bus, const char *path, const char *interface, const char *property,
			sd_bus_message *reply, void *data, sd_bus_error *e)
{
	struct dcd_dbus *d = data;
	struct dcd *dcd = d->dcd;
	struct dcd_engine_info info = { 0 };

	dcd->engine->ops->info(dcd->engine, &info);
	if (!strcmp(property, "Backend"))
		return sd_bus_message_append(reply, "s", info.backend);
	if (!strcmp(property, "Asic"))
		return sd_bus_message_append(reply, "s", info.model);
	/* the video BIOS Display Core runs (empty without one) */
	if (!strcmp(property, "VbiosVersion"))
		return sd_bus_message_append(reply, "s",
					     info.vbios_version ? info.vbios_version : "");
	if (!strcmp(property, "VbiosDate"))
		return sd_bus_message_append(reply, "s", info.vbios_date ? info.vbios_date : "");
	if (!strcmp(property, "DisplayClock"))
		return sd_bus_message_append(reply, "u", info.dispclk_khz);
	if (!strcmp(property, "Version"))
		return sd_bus_message_append(reply, "s", DCD_VERSION);
	if (!strcmp(property, "NLinks"))
		return sd_bus_message_append(reply, "u", dcd->link_count);
	if (!strcmp(property, "NClients"))
		return sd_bus_message_append(reply, "u", dcd->client_count);
	if (!strcmp(property, "NLeases"))
		return sd_bus_message_append(reply, "u", (uint32_t)dcd_admin_leases(dcd, NULL, 0));
	return dcd_dbus_error(e, -ENOENT, "no property %s", property);
}

static int list_links(sd_bus_message *m, void *data, sd_bus_error *e)
{
	struct dcd_dbus *d = data;
	sd_bus_message *reply = NULL;
	int r;

	r = sd_bus_message_new_method_return(m, &reply);
	if (r >= 0)
		r = sd_bus_message_open_container(reply, 'a', "(so)");
	for (unsigned i = 0; r >= 0 && i < d->dcd->link_count; i++)
		r = sd_bus_message_append(reply, "(so)", dcd_link_name(d->dcd, i),
					  d->links[i].path);
	return dcd_dbus_send_reply(reply, r);
}

int dcd_dbus_reply_bytes(sd_bus_message *m, const void *bytes, size_t size)
{
	sd_bus_message *reply = NULL;
	int r = sd_bus_message_new_method_return(m, &reply);

	if (r >= 0)
		r = sd_bus_message_append_array(reply, 'y', size ? bytes : "", size);
	if (r >= 0)
		r = sd_bus_send(NULL, reply, NULL);
	sd_bus_message_unref(reply);
	return r;
}

static int get_edid(sd_bus_message *m, struct dcd_dbus *d, const struct dcd_dbus_caller *caller,
		    sd_bus_error *e)
{
	const uint8_t *edid = NULL;
	size_t size = 0;
	const char *name;
	int link = dcd_dbus_read_link(m, d, &name, e);

	if (link < 0)
		return link;
	/* Nothing connected: an empty array, not an error. */
	if (dcd_admin_link_edid(d->dcd, (unsigned)link, &edid, &size) < 0)
		size = 0;
	return dcd_dbus_reply_bytes(m, edid, size);
}

static int get_modes(sd_bus_message *m, void *data, sd_bus_error *e)
{
	struct dcd_dbus *d = data;
	const struct dc_mode *modes = NULL;
	sd_bus_message *reply = NULL;
	size_t count = 0;
	const char *name;
	int link = dcd_dbus_read_link(m, d, &name, e), r;

	if (link < 0)
		return link;
	if (dcd_admin_link_modes(d->dcd, (unsigned)link, &modes, &count) < 0)
		count = 0;
	r = sd_bus_message_new_method_return(m, &reply);
	if (r >= 0)
		r = sd_bus_message_open_container(reply, 'a', "(uuuuuuuuuuub)");
	for (size_t i = 0; r >= 0 && i < count; i++) {
		const struct drm_mode_modeinfo *mi = &modes[i].info;

		r = sd_bus_message_append(reply, "(uuuuuuuuuuub)", (uint32_t)mi->hdisplay,
					  (uint32_t)mi->vdisplay, modes[i].refresh_mhz, mi->clock,
					  (uint32_t)mi->hsync_start, (uint32_t)mi->hsync_end,
					  (uint32_t)mi->htotal, (uint32_t)mi->vsync_start,
					  (uint32_t)mi->vsync_end, (uint32_t)mi->vtotal, mi->flags,
					  (mi->type & DRM_MODE_TYPE_PREFERRED) != 0);
	}
	return dcd_dbus_send_reply(reply, r);
}

static int list_leases(sd_bus_message *m, struct dcd_dbus *d, const struct dcd_dbus_caller *caller,
		       sd_bus_error *e)
{
	struct dcd *dcd = d->dcd;
	struct dcd_admin_lease *leases;
	sd_bus_message *reply = NULL;
	size_t n = dcd_admin_leases(dcd, NULL, 0);
	int r;

	leases = calloc(n ? n : 1, sizeof(*leases));
	if (!leases)
		return -ENOMEM;
	n = dcd_admin_leases(dcd, leases, n);
	r = sd_bus_message_new_method_return(m, &reply);
	if (r >= 0)
		r = sd_bus_message_open_container(reply, 'a', "(uuusass)");
	for (size_t i = 0; r >= 0 && i < n; i++) {
		r = sd_bus_message_open_container(reply, 'r', "uuusass");
		if (r >= 0)
			r = sd_bus_message_append(reply, "uuus", leases[i].id,
						  (uint32_t)leases[i].pid, (uint32_t)leases[i].uid,
						  leases[i].client_name);
		if (r >= 0)
			r = sd_bus_message_open_container(reply, 'a', "s");
		for (unsigned k = 0; r >= 0 && k < dcd->link_count; k++) {
			if (leases[i].links & (1u << k))
				r = sd_bus_message_append(reply, "s", dcd_link_name(dcd, k));
		}
		if (r >= 0)
			r = sd_bus_message_close_container(reply);
		if (r >= 0)
			r = sd_bus_message_append(reply, "s", leases[i].kind);
		if (r >= 0)
			r = sd_bus_message_close_container(reply);
	}
	free(leases);
	return dcd_dbus_send_reply(reply, r);
}

static int method_get_edid(sd_bus_message *m, void *data, sd_bus_error *e)
{
	return dcd_dbus_admin_call(m, data, get_edid, e);
}

static int method_list_leases(sd_bus_message *m, void *data, sd_bus_error *e)
{
	return dcd_dbus_admin_call(m, data, list_leases, e);
}

// clang-format off
const sd_bus_vtable dcd_dbus_manager_vtable[] = {
	SD_BUS_VTABLE_START(0),
	SD_BUS_PROPERTY("Backend", "s", get_property, 0, SD_BUS_VTABLE_PROPERTY_CONST),
	SD_BUS_PROPERTY("Asic", "s", get_property, 0, SD_BUS_VTABLE_PROPERTY_CONST),
	SD_BUS_PROPERTY("Version", "s", get_property, 0, SD_BUS_VTABLE_PROPERTY_CONST),
	SD_BUS_PROPERTY("VbiosVersion", "s", get_property, 0, SD_BUS_VTABLE_PROPERTY_CONST),
	SD_BUS_PROPERTY("VbiosDate", "s", get_property, 0, SD_BUS_VTABLE_PROPERTY_CONST),
	SD_BUS_PROPERTY("DisplayClock", "u", get_property, 0, 0),
	SD_BUS_PROPERTY("NLinks", "u", get_property, 0, SD_BUS_VTABLE_PROPERTY_CONST),
	SD_BUS_PROPERTY("NClients", "u", get_property, 0, SD_BUS_VTABLE_PROPERTY_EMITS_CHANGE),
	SD_BUS_PROPERTY("NLeases", "u", get_property, 0, SD_BUS_VTABLE_PROPERTY_EMITS_CHANGE),
	SD_BUS_METHOD_WITH_NAMES("ListLinks", "", , "a(so)", SD_BUS_PARAM(links),
				 list_links, 0),
	SD_BUS_METHOD_WITH_NAMES("GetEdid", "s", SD_BUS_PARAM(link), "ay", SD_BUS_PARAM(edid),
				 method_get_edid, 0),
	SD_BUS_METHOD_WITH_NAMES("GetModes", "s", SD_BUS_PARAM(link),
				 "a(uuuuuuuuuuub)", SD_BUS_PARAM(modes), get_modes, 0),
	SD_BUS_METHOD_WITH_NAMES("GetLinkStatus", "s", SD_BUS_PARAM(link), "a{sv}",
				 SD_BUS_PARAM(status), dcd_dbus_method_get_link_status, 0),
	SD_BUS_METHOD_WITH_NAMES("ListLeases", "", , "a(uuusass)", SD_BUS_PARAM(leases),
				 method_list_leases, 0),
	SD_BUS_METHOD_WITH_NAMES("RevokeLease", "us", SD_BUS_PARAM(id) SD_BUS_PARAM(reason),
				 "", , dcd_dbus_method_revoke_lease, 0),
	SD_BUS_METHOD_WITH_NAMES("Validate", "a{sa{sv}}", SD_BUS_PARAM(outputs), "", ,
				 dcd_dbus_method_validate, 0),
	SD_BUS_METHOD_WITH_NAMES("Commit", "a{sa{sv}}", SD_BUS_PARAM(outputs), "", ,
				 dcd_dbus_method_commit, 0),
	SD_BUS_SIGNAL_WITH_NAMES("Hotplug", "sob",
				 SD_BUS_PARAM(link) SD_BUS_PARAM(path) SD_BUS_PARAM(connected), 0),
	SD_BUS_SIGNAL_WITH_NAMES("LinkStatusChanged", "sos",
				 SD_BUS_PARAM(link) SD_BUS_PARAM(path) SD_BUS_PARAM(event), 0),
	SD_BUS_SIGNAL_WITH_NAMES("LeaseGranted", "usas",
				 SD_BUS_PARAM(id) SD_BUS_PARAM(client) SD_BUS_PARAM(links), 0),
	SD_BUS_SIGNAL_WITH_NAMES("LeaseEnded", "us", SD_BUS_PARAM(id) SD_BUS_PARAM(reason), 0),
	SD_BUS_VTABLE_END,
};
// clang-format on
