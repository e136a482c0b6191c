/*
 * Arithmetic on decoded detailed timings: totals, refresh rate and the
 * conversion to libdrm's struct drm_mode_modeinfo.
 */
#include <errno.h>
#include <stdio.h>

#include "edid_priv.h"

int32_t dc_edid_timing_htotal(const struct dc_edid_timing *t)
{
	return (int32_t)t->hactive + t->hfront + t->hsync + t->hback + 2 * (int32_t)t->hborder;
}

int32_t dc_edid_timing_vtotal(const struct dc_edid_timing *t)
{
	int32_t active = t->interlaced ? t->vactive / 2 : t->vactive;

	return active + t->vfront + t->vsync + t->vback + 2 * (int32_t)t->vborder;
}

double dc_edid_timing_refresh_hz(const struct dc_edid_timing *t)
{
	int32_t htotal = dc_edid_timing_htotal(t);
	int32_t vtotal = dc_edid_timing_vtotal(t);
	/* An interlaced field is half a line longer than its whole lines. */
	double lines = vtotal + (t->interlaced ? 0.5 : 0.0);

	if (htotal <= 0 || vtotal <= 0)
		return 0.0;
	return t->pixel_clock_khz * 1000.0 / (htotal * lines);
}

const struct dc_edid_timing *dc_edid_preferred_timing(const struct dc_edid *edid)
{
	for (size_t i = 0; i < edid->num_dtds; i++)
		if (edid->dtds[i].source == DC_EDID_TIMING_BASE_DTD)
			return &edid->dtds[i];
	for (size_t i = 0; i < edid->num_displayid_timings; i++)
		if (edid->displayid_timings[i].preferred)
			return &edid->displayid_timings[i];
	return NULL;
}

static bool fits16(int64_t v)
{
	return v > 0 && v <= UINT16_MAX;
}

int dc_edid_timing_to_modeinfo(const struct dc_edid_timing *t, struct drm_mode_modeinfo *mode)
{
	struct drm_mode_modeinfo m = { 0 };
	int64_t htotal = dc_edid_timing_htotal(t);
	int64_t field_vtotal = dc_edid_timing_vtotal(t);
	int64_t hss = (int64_t)t->hactive + t->hborder + t->hfront;
	int64_t field_active = t->interlaced ? t->vactive / 2 : t->vactive;
	int64_t vss = field_active + t->vborder + t->vfront;
	int64_t vse = vss + t->vsync;
	int64_t vtotal = field_vtotal;
	double refresh;

	if (t->interlaced) {
		/* frame values: both fields, and the extra half line on each */
		vss *= 2;
		vse *= 2;
		vtotal = 2 * field_vtotal + 1;
	}
	if (!t->hactive || !t->vactive || !fits16(htotal) || !fits16(vtotal) ||
	    !fits16(hss + t->hsync) || !fits16(vse) || htotal < hss + t->hsync || vtotal < vse)
		return -ERANGE;

	m.clock = t->pixel_clock_khz;
	m.hdisplay = t->hactive;
	m.hsync_start = (uint16_t)hss;
	m.hsync_end = (uint16_t)(hss + t->hsync);
	m.htotal = (uint16_t)htotal;
	m.vdisplay = t->vactive;
	m.vsync_start = (uint16_t)vss;
	m.vsync_end = (uint16_t)vse;
	m.vtotal = (uint16_t)vtotal;
	m.flags = (t->hsync_positive ? DRM_MODE_FLAG_PHSYNC : DRM_MODE_FLAG_NHSYNC) |
		  (t->vsync_positive ? DRM_MODE_FLAG_PVSYNC : DRM_MODE_FLAG_NVSYNC);
	if (t->interlaced)
		m.flags |= DRM_MODE_FLAG_INTERLACE;
	if (t->sync != DC_EDID_SYNC_DIGITAL_SEPARATE)
		m.flags |= DRM_MODE_FLAG_CSYNC;
	refresh = dc_edid_timing_refresh_hz(t);
	m.vrefresh = (uint32_t)(refresh + 0.5);
	m.type = DRM_MODE_TYPE_DRIVER | (t->preferred ? DRM_MODE_TYPE_PREFERRED : 0);
	snprintf(m.name, sizeof(m.name), "%ux%u%s", t->hactive, t->vactive,
		 t->interlaced ? "i" : "");
	*mode = m;
	return 0;
}
