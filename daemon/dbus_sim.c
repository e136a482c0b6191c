/*
 * org.dcd.Display1.Sim on /org/dcd/Display1: the simulated engine's
 * controls (plug, unplug, DP IRQ, link loss, screenshot), admin only. The
 * interface is there whatever the engine, so a caller always gets an
 * answer: on a GPU every member fails with NotSupported.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "admin.h"
#include "dbus_internal.h"

/*
 * The monitor Plug attaches when neither EDID bytes nor a description are
 * given and the scenario configured none for the connector: a 1080p60
 * monitor whose input follows the connector (docs/dbus.md).
 */
static const char builtin_display[] =
	"{ \"edid\": { \"vendor\": \"DCD\", \"product\": 20480, \"serial\": 5005, "
	"\"name\": \"dcd hotplug\", \"size_mm\": [ 530, 300 ], "
	"\"preferred\": \"cta-1080p60\", \"modes\": [ \"cta-720p60\", \"cta-480p60\" ] } }";

static int check_sim(struct dcd_dbus *d, sd_bus_message *m, sd_bus_error *e)
{
	struct dcd_engine_info info = { 0 };

	if (d->dcd->engine->sim)
		return 0;
	d->dcd->engine->ops->info(d->dcd->engine, &info);
	return dcd_dbus_error(e, -ENOTSUP, "%s: dcd drives a GPU (%s), not the simulated engine",
			      sd_bus_message_get_member(m), info.model);
}

/* Reads the link argument of a Sim method: its name, checked against the links. */
static int sim_link(sd_bus_message *m, struct dcd_dbus *d, const char **name, sd_bus_error *e)
{
	int r = check_sim(d, m, e);

	return r < 0 ? r : dcd_dbus_read_link(m, d, name, e);
}

static int plug(sd_bus_message *m, struct dcd_dbus *d, const struct dcd_dbus_caller *caller,
		sd_bus_error *e)
{
	struct dcp_error err = { 0 };
	const char *name, *description;
	const void *edid;
	size_t size;
	int r = sim_link(m, d, &name, e);

	if (r < 0)
		return r;
	r = sd_bus_message_read_array(m, 'y', &edid, &size);
	if (r >= 0)
		r = sd_bus_message_read(m, "s", &description);
	if (r < 0)
		return r;
	if (size)
		r = dcd_admin_sim_plug_edid(d->dcd, name, edid, size, &err);
	else
		r = dcd_admin_sim_plug(d->dcd, name, description[0] ? description : NULL, &err);
	if (r == -ENODATA && !size && !description[0])
		r = dcd_admin_sim_plug(d->dcd, name, builtin_display, &err);
	if (r >= 0)
		log_notice("D-Bus: %s plugged a display into %s", caller->label, name);
	return dcd_dbus_reply_status(m, r, &err, e);
}

/* Unplug and DropLink: a link, an admin function, a log line. */
static int sim_named(sd_bus_message *m, struct dcd_dbus *d, const struct dcd_dbus_caller *caller,
		     sd_bus_error *e, int (*fn)(struct dcd *, const char *, struct dcp_error *),
		     const char *done)
{
	struct dcp_error err = { 0 };
	const char *name;
	int r = sim_link(m, d, &name, e);

	if (r < 0)
		return r;
	r = fn(d->dcd, name, &err);
	if (r >= 0)
		log_notice("D-Bus: %s %s %s", caller->label, done, name);
	return dcd_dbus_reply_status(m, r, &err, e);
}

static int unplug(sd_bus_message *m, struct dcd_dbus *d, const struct dcd_dbus_caller *caller,
		  sd_bus_error *e)
{
	return sim_named(m, d, caller, e, dcd_admin_sim_unplug, "unplugged");
}

static int drop_link(sd_bus_message *m, struct dcd_dbus *d, const struct dcd_dbus_caller *caller,
		     sd_bus_error *e)
{
	return sim_named(m, d, caller, e, dcd_admin_sim_link_loss, "dropped the link of");
}

static int pulse_irq(sd_bus_message *m, struct dcd_dbus *d, const struct dcd_dbus_caller *caller,
		     sd_bus_error *e)
{
	struct dcp_error err = { 0 };
	const char *name;
	uint8_t vector;
	int r = sim_link(m, d, &name, e);

	if (r >= 0)
		r = sd_bus_message_read(m, "y", &vector);
	if (r < 0)
		return r;
	return dcd_dbus_reply_status(m, dcd_admin_sim_irq(d->dcd, name, vector, &err), &err, e);
}

static int screenshot(sd_bus_message *m, struct dcd_dbus *d, const struct dcd_dbus_caller *caller,
		      sd_bus_error *e)
{
	const char *name;
	/* also on an engine that captures by itself (KMS: writeback) */
	int link = d->dcd->engine->ops->capture ? dcd_dbus_read_link(m, d, &name, e)
						: sim_link(m, d, &name, e);

	if (link < 0)
		return link;
	return dcd_dbus_screenshot_start(m, d, name, (unsigned)link, e);
}

static int method_plug(sd_bus_message *m, void *data, sd_bus_error *e)
{
	return dcd_dbus_admin_call(m, data, plug, e);
}

static int method_unplug(sd_bus_message *m, void *data, sd_bus_error *e)
{
	return dcd_dbus_admin_call(m, data, unplug, e);
}

static int method_pulse_irq(sd_bus_message *m, void *data, sd_bus_error *e)
{
	return dcd_dbus_admin_call(m, data, pulse_irq, e);
}

static int method_drop_link(sd_bus_message *m, void *data, sd_bus_error *e)
{
	return dcd_dbus_admin_call(m, data, drop_link, e);
}

static int method_screenshot(sd_bus_message *m, void *data, sd_bus_error *e)
{
	return dcd_dbus_admin_call(m, data, screenshot, e);
}

// clang-format off
const sd_bus_vtable dcd_dbus_sim_vtable[] = {
	SD_BUS_VTABLE_START(0),
	SD_BUS_METHOD_WITH_NAMES("Plug", "says",
				 SD_BUS_PARAM(link) SD_BUS_PARAM(edid) SD_BUS_PARAM(description),
				 "", , method_plug, 0),
	SD_BUS_METHOD_WITH_NAMES("Unplug", "s", SD_BUS_PARAM(link), "", , method_unplug, 0),
	SD_BUS_METHOD_WITH_NAMES("PulseIrq", "sy", SD_BUS_PARAM(link) SD_BUS_PARAM(irq_vector),
				 "", , method_pulse_irq, 0),
	SD_BUS_METHOD_WITH_NAMES("DropLink", "s", SD_BUS_PARAM(link), "", , method_drop_link, 0),
	SD_BUS_METHOD_WITH_NAMES("Screenshot", "s", SD_BUS_PARAM(link), "ayu",
				 SD_BUS_PARAM(png) SD_BUS_PARAM(crc), method_screenshot, 0),
	SD_BUS_VTABLE_END,
};
// clang-format on
