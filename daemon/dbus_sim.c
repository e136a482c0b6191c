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
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

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
	if (d->dcd->backend.kind == DCD_BACKEND_SIM)
		return 0;
	return dcd_dbus_error(e, -ENOTSUP, "%s: dcd drives a GPU (%s), not the simulated engine",
			      sd_bus_message_get_member(m),
			      dc_asic_name(d->dcd->backend.board.asic));
}

/* Reads the link argument of a Sim method: its name, checked against the links. */
static int sim_link(sd_bus_message *m, struct dcd_dbus *d, const char **name, sd_bus_error *e)
{
	int r = check_sim(d, m, e);

	if (r >= 0)
		r = sd_bus_message_read(m, "s", name);
	if (r >= 0)
		r = dcd_dbus_link_arg(d, *name, e);
	return r;
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
	if (r < 0)
		return dcd_dbus_error_dcp(e, &err);
	log_notice("D-Bus: %s plugged a display into %s", caller->label, name);
	return sd_bus_reply_method_return(m, "");
}

static int unplug(sd_bus_message *m, struct dcd_dbus *d, const struct dcd_dbus_caller *caller,
		  sd_bus_error *e)
{
	struct dcp_error err = { 0 };
	const char *name;
	int r = sim_link(m, d, &name, e);

	if (r < 0)
		return r;
	r = dcd_admin_sim_unplug(d->dcd, name, &err);
	if (r < 0)
		return dcd_dbus_error_dcp(e, &err);
	log_notice("D-Bus: %s unplugged %s", caller->label, name);
	return sd_bus_reply_method_return(m, "");
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
	r = dcd_admin_sim_irq(d->dcd, name, vector, &err);
	if (r < 0)
		return dcd_dbus_error_dcp(e, &err);
	return sd_bus_reply_method_return(m, "");
}

static int drop_link(sd_bus_message *m, struct dcd_dbus *d, const struct dcd_dbus_caller *caller,
		     sd_bus_error *e)
{
	struct dcp_error err = { 0 };
	const char *name;
	int r = sim_link(m, d, &name, e);

	if (r < 0)
		return r;
	r = dcd_admin_sim_link_loss(d->dcd, name, &err);
	if (r < 0)
		return dcd_dbus_error_dcp(e, &err);
	log_notice("D-Bus: %s dropped the link of %s", caller->label, name);
	return sd_bus_reply_method_return(m, "");
}

/* The bytes of a file descriptor from its start. */
static int read_all(int fd, uint8_t **data, size_t *size)
{
	struct stat st;
	uint8_t *buf;

	if (fstat(fd, &st) < 0)
		return -errno;
	buf = malloc(st.st_size ? (size_t)st.st_size : 1);
	if (!buf)
		return -ENOMEM;
	if (pread(fd, buf, (size_t)st.st_size, 0) != st.st_size) {
		free(buf);
		return -EIO;
	}
	*data = buf;
	*size = (size_t)st.st_size;
	return 0;
}

static int screenshot(sd_bus_message *m, struct dcd_dbus *d, const struct dcd_dbus_caller *caller,
		      sd_bus_error *e)
{
	struct dcp_error err = { 0 };
	sd_bus_message *reply = NULL;
	const char *name;
	char path[64];
	uint8_t *png = NULL;
	size_t size = 0;
	uint32_t crc = 0;
	int fd, r, link = sim_link(m, d, &name, e);

	if (link < 0)
		return link;
	/* The PNG goes into memory, never onto a file system. */
	fd = memfd_create("dcd-screenshot", MFD_CLOEXEC);
	if (fd < 0)
		return dcd_dbus_error(e, -errno, "screenshot of %s: memfd: %s", name,
				      strerror(errno));
	snprintf(path, sizeof(path), "/proc/self/fd/%d", fd);
	r = dcd_admin_sim_screenshot(d->dcd, (unsigned)link, path, &crc, &err);
	if (r < 0) {
		close(fd);
		return dcd_dbus_error_dcp(e, &err);
	}
	r = read_all(fd, &png, &size);
	close(fd);
	if (r < 0)
		return dcd_dbus_error(e, r, "screenshot of %s: %s", name, strerror(-r));
	r = sd_bus_message_new_method_return(m, &reply);
	if (r >= 0)
		r = sd_bus_message_append_array(reply, 'y', png, size);
	if (r >= 0)
		r = sd_bus_message_append(reply, "u", crc);
	if (r >= 0)
		r = sd_bus_send(NULL, reply, NULL);
	sd_bus_message_unref(reply);
	free(png);
	return r;
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
