/*
 * org.dcd.Display1.Link: one object per link (/org/dcd/Display1/link/DP_1)
 * with the properties a desktop shows: connection, signal, lease, the
 * monitor, the mode, for DP the trained link, whether it is a head-mounted
 * display and its variable refresh range. dbus.c sends
 * PropertiesChanged when dcd_dbus_link_props() differs from what it last
 * sent.
 */
#include <errno.h>
#include <string.h>

#include "dbus_internal.h"
#include "dc_modes.h"

bool dcd_dbus_current_mode(struct dcd *dcd, unsigned link, uint32_t mode[3])
{
	const struct dc_stream *s = dcd->engine->lost ? NULL : dcd_current_stream(dcd, link);

	mode[0] = mode[1] = mode[2] = 0;
	if (!s)
		return false;
	mode[0] = s->mode.hdisplay;
	mode[1] = s->mode.vdisplay;
	mode[2] = dc_mode_refresh_mhz(&s->mode);
	return true;
}

void dcd_dbus_link_props(struct dcd *dcd, unsigned link, struct dcd_dbus_link_props *out)
{
	const struct dcd_output *o = dcd_output(dcd, link);
	const struct dcd_lease *lease = o->lease;
	struct dc_link_status st = { 0 };
	struct dcp_sink_info sink;
	uint32_t mode[3];
	enum dc_link_type type = dcd_link_type(dcd, link);

	memset(out, 0, sizeof(*out));
	out->connected = o->connection == DCP_CONNECTED;
	if (!dcd->engine->lost)
		dcd_link_status(dcd, link, &st);
	out->signal = dc_signal_name(out->connected ? st.signal : DC_SIGNAL_NONE);
	out->lease = lease ? lease->id : 0;
	dcd_sink_info(dcd, link, &sink);
	memcpy(out->manufacturer, sink.vendor, sizeof(out->manufacturer));
	out->product_code = sink.product;
	memcpy(out->monitor_name, sink.name, sizeof(out->monitor_name));
	if (out->connected && !dcd->engine->lost) {
		struct dcp_link_caps caps;

		dcd_link_caps(dcd, link, &caps);
		out->non_desktop = caps.flags & DCP_LINK_CAPS_NON_DESKTOP;
		out->vrr_min_hz = caps.vrr_min_hz;
		out->vrr_max_hz = caps.vrr_max_hz;
	}
	if (dcd_dbus_current_mode(dcd, link, mode)) {
		out->width = mode[0];
		out->height = mode[1];
		out->refresh_mhz = mode[2];
		/* The trained link carries a stream only while one is on. */
		if (type == DC_LINK_DP || type == DC_LINK_EDP) {
			out->link_rate_mbps = st.training.rate_mbps;
			out->lane_count = st.training.lanes;
		}
	}
}

static int get_property(sd_bus *bus, const char *path, const char *interface, const char *property,
			sd_bus_message *reply, void *data, sd_bus_error *e)
{
	struct dcd_dbus_link *l = data;
	struct dcd *dcd = l->dbus->dcd;
	struct dcd_dbus_link_props p;

	if (!strcmp(property, "Name"))
		return sd_bus_message_append(reply, "s", dcd_link_name(dcd, l->link));
	if (!strcmp(property, "Type"))
		return sd_bus_message_append(
			reply, "s", dcp_link_type_name((unsigned)dcd_link_type(dcd, l->link)));
	dcd_dbus_link_props(dcd, l->link, &p);
	if (!strcmp(property, "Connected"))
		return sd_bus_message_append(reply, "b", p.connected);
	if (!strcmp(property, "Signal"))
		return sd_bus_message_append(reply, "s", p.signal);
	if (!strcmp(property, "Lease"))
		return sd_bus_message_append(reply, "u", p.lease);
	if (!strcmp(property, "Manufacturer"))
		return sd_bus_message_append(reply, "s", p.manufacturer);
	if (!strcmp(property, "ProductCode"))
		return sd_bus_message_append(reply, "u", p.product_code);
	if (!strcmp(property, "MonitorName"))
		return sd_bus_message_append(reply, "s", p.monitor_name);
	if (!strcmp(property, "Mode"))
		return sd_bus_message_append(reply, "(uuu)", p.width, p.height, p.refresh_mhz);
	if (!strcmp(property, "LinkRateMbps"))
		return sd_bus_message_append(reply, "u", p.link_rate_mbps);
	if (!strcmp(property, "LaneCount"))
		return sd_bus_message_append(reply, "u", p.lane_count);
	if (!strcmp(property, "NonDesktop"))
		return sd_bus_message_append(reply, "b", p.non_desktop);
	if (!strcmp(property, "VrrRangeHz"))
		return sd_bus_message_append(reply, "(uu)", p.vrr_min_hz, p.vrr_max_hz);
	return dcd_dbus_error(e, -ENOENT, "no property %s", property);
}

// clang-format off
const sd_bus_vtable dcd_dbus_link_vtable[] = {
	SD_BUS_VTABLE_START(0),
	SD_BUS_PROPERTY("Name", "s", get_property, 0, SD_BUS_VTABLE_PROPERTY_CONST),
	SD_BUS_PROPERTY("Type", "s", get_property, 0, SD_BUS_VTABLE_PROPERTY_CONST),
	SD_BUS_PROPERTY("Connected", "b", get_property, 0, SD_BUS_VTABLE_PROPERTY_EMITS_CHANGE),
	SD_BUS_PROPERTY("Signal", "s", get_property, 0, SD_BUS_VTABLE_PROPERTY_EMITS_CHANGE),
	SD_BUS_PROPERTY("Lease", "u", get_property, 0, SD_BUS_VTABLE_PROPERTY_EMITS_CHANGE),
	SD_BUS_PROPERTY("Manufacturer", "s", get_property, 0, SD_BUS_VTABLE_PROPERTY_EMITS_CHANGE),
	SD_BUS_PROPERTY("ProductCode", "u", get_property, 0, SD_BUS_VTABLE_PROPERTY_EMITS_CHANGE),
	SD_BUS_PROPERTY("MonitorName", "s", get_property, 0, SD_BUS_VTABLE_PROPERTY_EMITS_CHANGE),
	SD_BUS_PROPERTY("Mode", "(uuu)", get_property, 0, SD_BUS_VTABLE_PROPERTY_EMITS_CHANGE),
	SD_BUS_PROPERTY("LinkRateMbps", "u", get_property, 0, SD_BUS_VTABLE_PROPERTY_EMITS_CHANGE),
	SD_BUS_PROPERTY("LaneCount", "u", get_property, 0, SD_BUS_VTABLE_PROPERTY_EMITS_CHANGE),
	SD_BUS_PROPERTY("NonDesktop", "b", get_property, 0, SD_BUS_VTABLE_PROPERTY_EMITS_CHANGE),
	SD_BUS_PROPERTY("VrrRangeHz", "(uu)", get_property, 0, SD_BUS_VTABLE_PROPERTY_EMITS_CHANGE),
	SD_BUS_VTABLE_END,
};
// clang-format on
