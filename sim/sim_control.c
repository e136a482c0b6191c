/*
 * Runtime control of the virtual monitors: topology queries, plugging and
 * unplugging, DP IRQ pulses and link drops. These act like the monitor (or
 * the cable) would: through the HPD line, the DPCD and the I2C devices; what
 * DC sees of it is only what the registers show.
 */
#include <errno.h>
#include <string.h>

#include "sim_internal.h"

#define IRQ_HPD_PULSE_NS 500000ull /* 0.5 ms: an IRQ_HPD, well below 2 ms */

static struct sim_connector *conn_of(struct sim *sim, unsigned conn)
{
	if (conn >= sim->st->cfg.nconnectors)
		return NULL;
	return &sim->st->cfg.connectors[conn];
}

int sim_connector_count(struct sim *sim)
{
	return sim->st->cfg.nconnectors;
}

int sim_connector_info(struct sim *sim, unsigned conn, struct sim_connector_info *info)
{
	const struct sim_connector *c = conn_of(sim, conn);

	if (!c)
		return -EINVAL;
	memset(info, 0, sizeof(*info));
	memcpy(info->name, c->name, sizeof(info->name));
	info->name[sizeof(info->name) - 1] = 0;
	info->type = (enum sim_connector_type)c->type;
	info->hpd = c->hpd;
	info->ddc = c->ddc;
	info->aux = c->aux;
	info->encoder = c->dig;
	info->plugged = c->plugged;
	info->dp_sink = c->plugged && c->display.dp;
	info->dongle = c->plugged && c->display.dongle;
	return 0;
}

int sim_connector_find(struct sim *sim, const char *name)
{
	for (unsigned i = 0; i < sim->st->cfg.nconnectors; i++)
		if (!strncmp(sim->st->cfg.connectors[i].name, name,
			     sizeof(sim->st->cfg.connectors[i].name)))
			return (int)i;
	return -ENOENT;
}

/* The sink's registers as a freshly powered monitor has them. */
void sim_connector_reset_sink(struct sim *sim, struct sim_connector *c)
{
	memset(&c->ddc_bus, 0, sizeof(c->ddc_bus));
	memset(&c->aux_bus, 0, sizeof(c->aux_bus));
	memset(c->dongle_ctl, 0, sizeof(c->dongle_ctl));
	sim_scdc_init(c);
	if (c->display.dp)
		sim_dpcd_init(sim, c);
	else
		memset(c->dpcd, 0, sizeof(c->dpcd));
}

/* A display of the connector's kind with default capabilities. */
void sim_display_default(struct sim_display *d, uint8_t ctype)
{
	memset(d, 0, sizeof(*d));
	d->present = true;
	d->dp = ctype == SIM_CONN_DP || ctype == SIM_CONN_EDP;
	d->hdmi = ctype == SIM_CONN_HDMI;
	d->dp_caps.dpcd_rev = 0x12;
	d->dp_caps.max_rate = SIM_DP_HBR2;
	d->dp_caps.max_lanes = 4;
	d->dp_caps.tps3 = true;
	d->dp_caps.enhanced_framing = true;
}

static int attach(struct sim *sim, struct sim_connector *c)
{
	sim_sync(sim);
	c->plugged = true;
	sim_connector_reset_sink(sim, c);
	sim_hpd_set_line(sim, c->hpd, true, sim->st->synced_ns);
	sim_update_irq(sim);
	sim_rearm_timer(sim);
	return 0;
}

int sim_plug(struct sim *sim, unsigned conn, const uint8_t *edid, size_t edid_len)
{
	struct sim_connector *c = conn_of(sim, conn);

	if (!c)
		return -EINVAL;
	if (c->plugged)
		return -EBUSY;
	if (edid) {
		if (edid_len == 0 || edid_len % 128 || edid_len > SIM_EDID_MAX)
			return -EINVAL;
		if (!c->display.present)
			sim_display_default(&c->display, c->type);
		memcpy(c->display.edid, edid, edid_len);
		c->display.edid_len = (uint16_t)edid_len;
	} else if (!c->display.present) {
		return -ENODATA;
	}
	return attach(sim, c);
}

int sim_plug_json(struct sim *sim, unsigned conn, const char *display_json, struct sim_error *err)
{
	struct sim_connector *c = conn_of(sim, conn);
	struct sim_display d;
	int r;

	if (!c) {
		sim_errorf(err, "connector %u does not exist (%u connectors)", conn,
			   sim->st->cfg.nconnectors);
		return -EINVAL;
	}
	if (c->plugged) {
		sim_errorf(err, "%s: a display is plugged in already", c->name);
		return -EBUSY;
	}
	r = sim_display_parse_json(display_json, c->type, &d, err);
	if (r < 0)
		return r;
	c->display = d;
	return attach(sim, c);
}

int sim_unplug(struct sim *sim, unsigned conn)
{
	struct sim_connector *c = conn_of(sim, conn);

	if (!c)
		return -EINVAL;
	if (!c->plugged)
		return -ENOTCONN;
	sim_sync(sim);
	c->plugged = false;
	c->rx_cr = false;
	c->rx_eq = false;
	sim_hpd_set_line(sim, c->hpd, false, sim->st->synced_ns);
	sim_update_irq(sim);
	sim_rearm_timer(sim);
	return 0;
}

static struct sim_connector *dp_sink(struct sim *sim, unsigned conn, int *r)
{
	struct sim_connector *c = conn_of(sim, conn);

	*r = 0;
	if (!c)
		*r = -EINVAL;
	else if (!c->plugged)
		*r = -ENOTCONN;
	else if (!c->display.dp)
		*r = -EOPNOTSUPP;
	return *r ? NULL : c;
}

static void irq_pulse(struct sim *sim, struct sim_connector *c)
{
	sim_hpd_pulse(sim, c->hpd, IRQ_HPD_PULSE_NS);
	sim_update_irq(sim);
	sim_rearm_timer(sim);
}

int sim_dp_irq(struct sim *sim, unsigned conn, uint8_t irq_vector)
{
	int r;
	struct sim_connector *c = dp_sink(sim, conn, &r);

	if (!c)
		return r;
	sim_sync(sim);
	c->dpcd[0x201] |= irq_vector;
	irq_pulse(sim, c);
	return 0;
}

int sim_drop_link(struct sim *sim, unsigned conn)
{
	int r;
	struct sim_connector *c = dp_sink(sim, conn, &r);

	if (!c)
		return r;
	sim_sync(sim);
	sim_dp_link_lost(sim, c);
	irq_pulse(sim, c);
	return 0;
}

int sim_set_sink_count(struct sim *sim, unsigned conn, uint8_t count)
{
	int r;
	struct sim_connector *c = dp_sink(sim, conn, &r);

	if (!c)
		return r;
	if (count > 63)
		return -EINVAL;
	sim_sync(sim);
	c->dpcd[0x200] = (uint8_t)((c->dpcd[0x200] & 0xc0) | count);
	c->dpcd_esi[0x2002 - SIM_DPCD_ESI_BASE] = count;
	irq_pulse(sim, c);
	return 0;
}

int sim_set_aux_defer(struct sim *sim, unsigned conn, unsigned n)
{
	int r;
	struct sim_connector *c = dp_sink(sim, conn, &r);

	if (!c)
		return r;
	c->display.dp_caps.aux_defer = n;
	c->defer_left = n;
	return 0;
}
