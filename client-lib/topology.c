/*
 * The topology as objects: one struct dcc_link per link id (0-15), kept
 * for the client's lifetime so pointers to links stay valid across
 * refreshes and reconnections; its modes and planes are arrays replaced
 * at each refresh. A fetch (GET_TOPOLOGY) fills a staging copy link by
 * link and swaps it in at TOPOLOGY_DONE, so the links never show half of
 * a refresh.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "client_internal.h"

void dcc_mode_set(struct dcc_mode *m, const struct drm_mode_modeinfo *info, uint32_t mhz)
{
	m->info = *info;
	m->refresh_mhz = mhz;
	m->preferred = (info->type & DRM_MODE_TYPE_PREFERRED) != 0;
}

static void link_free_arrays(struct dcc_link *l)
{
	free(l->modes);
	free(l->planes);
	l->modes = NULL;
	l->planes = NULL;
	l->mode_count = l->plane_count = 0;
}

void dcc_links_free(struct dcc_client *c)
{
	for (unsigned i = 0; i < DCP_MAX_LINKS; i++) {
		link_free_arrays(&c->links[i]);
		if (c->topo_stage)
			link_free_arrays(&c->topo_stage[i]);
	}
}

struct dcc_link *dcc_link_by_id(struct dcc_client *c, uint32_t id)
{
	return id < DCP_MAX_LINKS && c->links[id].present ? &c->links[id] : NULL;
}

void dcc_topology_begin(struct dcc_client *c, uint32_t serial, bool notify)
{
	struct dcc_pending *old = c->topo_serial ? dcc_pending_find(c, c->topo_serial) : NULL;

	/* A newer fetch replaces one in flight (an automatic one keeps notifying). */
	if (old && old->kind == DCC_PENDING_TOPOLOGY) {
		notify = true;
		dcc_pending_remove(c, old);
	}
	c->topo_serial = serial;
	c->topo_notify = notify;
	for (unsigned i = 0; i < DCP_MAX_LINKS; i++) {
		link_free_arrays(&c->topo_stage[i]);
		c->topo_seen[i] = false;
	}
}

/* Refresh rate of a timing in mHz, for modes that come without one. */
static uint32_t mode_mhz(const struct drm_mode_modeinfo *m)
{
	uint64_t total = (uint64_t)m->htotal * m->vtotal;

	return total ? (uint32_t)(((uint64_t)m->clock * 1000000 + total / 2) / total) : 0;
}

/* The mode a link shows, with the exact rate when the monitor lists it. */
static void set_current(struct dcc_link *l, const struct drm_mode_modeinfo *mode)
{
	dcc_mode_set(&l->current, mode, mode_mhz(mode));
	for (unsigned i = 0; i < l->mode_count; i++) {
		struct drm_mode_modeinfo a = l->modes[i].info, b = *mode;

		a.type = b.type = 0;
		if (!memcmp(&a, &b, sizeof(a)))
			l->current.refresh_mhz = l->modes[i].refresh_mhz;
	}
}

void dcc_topology_link_info(struct dcc_client *c, const struct dcp_link_info *li)
{
	struct dcc_link *s;

	if (li->link >= DCP_MAX_LINKS)
		return;
	s = &c->topo_stage[li->link];
	link_free_arrays(s);
	s->id = li->link;
	s->type = li->type;
	s->connection = li->connection;
	s->lease_state = li->lease_state;
	s->flags = li->flags;
	s->lease_id = li->lease_id;
	s->caps_flags = 0; /* until its LINK_CAPS (none from a 1.0 server) */
	s->vrr_min_hz = s->vrr_max_hz = 0;
	memcpy(s->name, li->name, sizeof(s->name));
	s->sink = li->sink;
	s->active = li->active;
	s->encoding = li->encoding;
	s->bpc = li->bpc;
	if (li->mode_count) {
		s->modes = calloc(li->mode_count, sizeof(*s->modes));
		if (!s->modes) {
			dcc_log(c, DCC_LOG_ERROR, "out of memory: %s loses its modes", li->name);
		} else {
			for (unsigned i = 0; i < li->mode_count; i++)
				dcc_mode_set(&s->modes[i], &li->modes[i].info,
					     li->modes[i].refresh_mhz);
			s->mode_count = li->mode_count;
		}
	}
	if (li->plane_count) {
		s->planes = calloc(li->plane_count, sizeof(*s->planes));
		if (s->planes) {
			for (unsigned i = 0; i < li->plane_count; i++)
				s->planes[i].info = li->planes[i];
			s->plane_count = li->plane_count;
		}
	}
	set_current(s, &li->mode);
	c->topo_seen[li->link] = true;
}

static void queue_hotplug(struct dcc_client *c, uint32_t id)
{
	struct dcc_event *ev = dcc_event_new(c, DCC_EV_HOTPLUG);

	if (ev) {
		ev->link = id;
		dcc_event_queue(c, ev);
	}
}

void dcc_topology_link_caps(struct dcc_client *c, const struct dcp_link_caps *lc)
{
	struct dcc_link *s;

	if (lc->link >= DCP_MAX_LINKS || !c->topo_seen[lc->link])
		return;
	s = &c->topo_stage[lc->link];
	s->caps_flags = lc->flags;
	s->vrr_min_hz = lc->vrr_min_hz;
	s->vrr_max_hz = lc->vrr_max_hz;
}

void dcc_topology_done(struct dcc_client *c, const struct dcp_topology_done *td)
{
	for (unsigned i = 0; i < DCP_MAX_LINKS; i++) {
		struct dcc_link *l = &c->links[i], *s = &c->topo_stage[i];
		bool changed;

		if (!c->topo_seen[i]) {
			changed = l->present;
			l->present = false;
			l->connection = DCP_DISCONNECTED;
		} else {
			changed = !l->present || l->connection != s->connection;
			link_free_arrays(l);
			l->present = true;
			l->type = s->type;
			l->connection = s->connection;
			l->lease_state = s->lease_state;
			l->flags = s->flags;
			l->lease_id = s->lease_id;
			l->caps_flags = s->caps_flags;
			l->vrr_min_hz = s->vrr_min_hz;
			l->vrr_max_hz = s->vrr_max_hz;
			memcpy(l->name, s->name, sizeof(l->name));
			l->sink = s->sink;
			l->active = s->active;
			l->encoding = s->encoding;
			l->bpc = s->bpc;
			l->current = s->current;
			l->modes = s->modes;
			l->mode_count = s->mode_count;
			l->planes = s->planes;
			l->plane_count = s->plane_count;
			s->modes = NULL;
			s->planes = NULL;
			s->mode_count = s->plane_count = 0;
		}
		if (c->topo_notify && (changed || l->hotplug_seen))
			queue_hotplug(c, i);
		l->hotplug_seen = false;
	}
	c->generation = td->generation;
	c->topo_serial = 0;
}

void dcc_topology_output_changed(struct dcc_client *c, const struct dcp_output_changed *oc)
{
	struct dcc_link *l = &c->links[oc->link];

	l->lease_state = oc->lease_state;
	l->lease_id = oc->lease_id;
	l->active = oc->active;
	l->encoding = oc->encoding;
	l->bpc = oc->bpc;
	set_current(l, &oc->mode);
}

/* An automatic fetch (after a hotplug): the hotplug callbacks follow it. */
int dcc_request_topology(struct dcc_client *c)
{
	uint32_t serial;
	int ret = dcc_send(c, DCP_REQ_GET_TOPOLOGY, 0, NULL, -1, &serial);

	if (ret)
		return ret;
	if (!dcc_pending_add(c, serial, DCP_REQ_GET_TOPOLOGY, DCC_PENDING_TOPOLOGY))
		return -ENOMEM;
	dcc_topology_begin(c, serial, true);
	return 0;
}

DCC_EXPORT int dcc_refresh_topology(struct dcc_client *c)
{
	struct dcc_pending result;
	uint32_t serial;
	int ret = dcc_check_connected(c);

	if (ret)
		return ret;
	ret = dcc_send(c, DCP_REQ_GET_TOPOLOGY, 0, NULL, -1, &serial);
	if (ret)
		return ret;
	if (!dcc_pending_add(c, serial, DCP_REQ_GET_TOPOLOGY, DCC_PENDING_WAIT))
		return dcc_fail(c, -ENOMEM, "out of memory");
	/* The first topology of a client is no news; later changes are hotplugs. */
	dcc_topology_begin(c, serial, c->have_topology);
	ret = dcc_wait(c, serial, &result);
	if (ret)
		return ret;
	if (result.status)
		return result.error.reason ? dcc_fail_server(c, &result.error)
					   : dcc_fail(c, result.status, "%s", result.error.text);
	c->have_topology = true;
	return 0;
}

DCC_EXPORT unsigned dcc_get_link_count(const struct dcc_client *c)
{
	unsigned n = 0;

	for (unsigned i = 0; i < DCP_MAX_LINKS; i++)
		n += c->links[i].present;
	return n;
}

DCC_EXPORT struct dcc_link *dcc_get_link(const struct dcc_client *c, unsigned index)
{
	for (unsigned i = 0; i < DCP_MAX_LINKS; i++) {
		if (c->links[i].present && index-- == 0)
			return (struct dcc_link *)&c->links[i];
	}
	return NULL;
}

DCC_EXPORT struct dcc_link *dcc_find_link(const struct dcc_client *c, const char *name)
{
	for (unsigned i = 0; i < DCP_MAX_LINKS; i++) {
		if (c->links[i].present && !strcmp(c->links[i].name, name))
			return (struct dcc_link *)&c->links[i];
	}
	return NULL;
}

DCC_EXPORT uint32_t dcc_link_get_id(const struct dcc_link *link)
{
	return link->id;
}

DCC_EXPORT const char *dcc_link_get_name(const struct dcc_link *link)
{
	return link->name;
}

DCC_EXPORT enum dcc_link_type dcc_link_get_type(const struct dcc_link *link)
{
	return (enum dcc_link_type)link->type;
}

DCC_EXPORT enum dcc_connection dcc_link_get_connection(const struct dcc_link *link)
{
	return (enum dcc_connection)link->connection;
}

DCC_EXPORT enum dcc_lease_state dcc_link_get_lease_state(const struct dcc_link *link)
{
	return (enum dcc_lease_state)link->lease_state;
}

DCC_EXPORT bool dcc_link_is_active(const struct dcc_link *link)
{
	return link->active;
}

DCC_EXPORT const struct dcc_mode *dcc_link_get_current_mode(const struct dcc_link *link)
{
	return link->active ? &link->current : NULL;
}

DCC_EXPORT unsigned dcc_link_get_mode_count(const struct dcc_link *link)
{
	return link->mode_count;
}

DCC_EXPORT const struct dcc_mode *dcc_link_get_mode(const struct dcc_link *link, unsigned index)
{
	return index < link->mode_count ? &link->modes[index] : NULL;
}

DCC_EXPORT const struct dcc_mode *dcc_link_get_preferred_mode(const struct dcc_link *link)
{
	return link->mode_count ? &link->modes[0] : NULL;
}

DCC_EXPORT bool dcc_link_modes_truncated(const struct dcc_link *link)
{
	return (link->flags & DCP_LINK_MODES_TRUNCATED) != 0;
}

DCC_EXPORT bool dcc_link_is_non_desktop(const struct dcc_link *link)
{
	return link && link->connection == DCP_CONNECTED &&
	       (link->caps_flags & DCP_LINK_CAPS_NON_DESKTOP);
}

DCC_EXPORT bool dcc_link_get_vrr_range(const struct dcc_link *link, uint32_t *min_hz,
				       uint32_t *max_hz)
{
	bool has = link && link->connection == DCP_CONNECTED && link->vrr_max_hz;

	if (min_hz)
		*min_hz = has ? link->vrr_min_hz : 0;
	if (max_hz)
		*max_hz = has ? link->vrr_max_hz : 0;
	return has;
}

DCC_EXPORT const char *dcc_link_get_monitor_name(const struct dcc_link *link)
{
	return link->sink.name;
}

DCC_EXPORT const char *dcc_link_get_vendor(const struct dcc_link *link)
{
	return link->sink.vendor;
}

DCC_EXPORT uint16_t dcc_link_get_product(const struct dcc_link *link)
{
	return link->sink.product;
}

DCC_EXPORT uint32_t dcc_link_get_serial(const struct dcc_link *link)
{
	return link->sink.serial;
}

DCC_EXPORT void dcc_link_get_physical_size(const struct dcc_link *link, uint32_t *width_mm,
					   uint32_t *height_mm)
{
	if (width_mm)
		*width_mm = link->sink.width_mm;
	if (height_mm)
		*height_mm = link->sink.height_mm;
}

DCC_EXPORT unsigned dcc_link_get_max_bpc(const struct dcc_link *link)
{
	return link->sink.max_bpc;
}

DCC_EXPORT uint32_t dcc_link_get_encodings(const struct dcc_link *link)
{
	return link->sink.encodings;
}

DCC_EXPORT unsigned dcc_link_get_plane_count(const struct dcc_link *link)
{
	return link->plane_count;
}

DCC_EXPORT const struct dcc_plane *dcc_link_get_plane(const struct dcc_link *link, unsigned index)
{
	return index < link->plane_count ? &link->planes[index] : NULL;
}

DCC_EXPORT enum dcc_plane_type dcc_plane_get_type(const struct dcc_plane *plane)
{
	return (enum dcc_plane_type)plane->info.type;
}

DCC_EXPORT void dcc_plane_get_max_size(const struct dcc_plane *plane, uint32_t *width,
				       uint32_t *height)
{
	if (width)
		*width = plane->info.max_width;
	if (height)
		*height = plane->info.max_height;
}

DCC_EXPORT unsigned dcc_plane_get_format_count(const struct dcc_plane *plane)
{
	return plane->info.format_count;
}

DCC_EXPORT uint32_t dcc_plane_get_format(const struct dcc_plane *plane, unsigned index)
{
	return index < plane->info.format_count ? plane->info.formats[index] : 0;
}

DCC_EXPORT unsigned dcc_plane_get_modifier_count(const struct dcc_plane *plane)
{
	return plane->info.modifier_count;
}

DCC_EXPORT uint64_t dcc_plane_get_modifier(const struct dcc_plane *plane, unsigned index)
{
	return index < plane->info.modifier_count ? plane->info.modifiers[index] : 0;
}

DCC_EXPORT uint32_t dcc_mode_get_width(const struct dcc_mode *mode)
{
	return mode->info.hdisplay;
}

DCC_EXPORT uint32_t dcc_mode_get_height(const struct dcc_mode *mode)
{
	return mode->info.vdisplay;
}

DCC_EXPORT uint32_t dcc_mode_get_refresh_mhz(const struct dcc_mode *mode)
{
	return mode->refresh_mhz;
}

DCC_EXPORT uint32_t dcc_mode_get_clock_khz(const struct dcc_mode *mode)
{
	return mode->info.clock;
}

DCC_EXPORT void dcc_mode_get_htiming(const struct dcc_mode *mode, uint32_t *sync_start,
				     uint32_t *sync_end, uint32_t *total)
{
	*sync_start = mode->info.hsync_start;
	*sync_end = mode->info.hsync_end;
	*total = mode->info.htotal;
}

DCC_EXPORT void dcc_mode_get_vtiming(const struct dcc_mode *mode, uint32_t *sync_start,
				     uint32_t *sync_end, uint32_t *total)
{
	*sync_start = mode->info.vsync_start;
	*sync_end = mode->info.vsync_end;
	*total = mode->info.vtotal;
}

DCC_EXPORT uint32_t dcc_mode_get_flags(const struct dcc_mode *mode)
{
	return mode->info.flags;
}

DCC_EXPORT bool dcc_mode_is_preferred(const struct dcc_mode *mode)
{
	return mode->preferred;
}
