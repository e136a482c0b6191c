/* struct dc_mode: building one from a timing, its refresh rate, equality. */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "dc_modes.h"
#include "modes_internal.h"

uint32_t dc_picture_aspect_flags(enum dc_picture_aspect ar)
{
	switch (ar) {
	case DC_PIC_AR_4_3:
		return DRM_MODE_FLAG_PIC_AR_4_3;
	case DC_PIC_AR_16_9:
		return DRM_MODE_FLAG_PIC_AR_16_9;
	case DC_PIC_AR_64_27:
		return DRM_MODE_FLAG_PIC_AR_64_27;
	case DC_PIC_AR_256_135:
		return DRM_MODE_FLAG_PIC_AR_256_135;
	case DC_PIC_AR_NONE:
		break;
	}
	return DRM_MODE_FLAG_PIC_AR_NONE;
}

static enum dc_picture_aspect picture_aspect_from_flags(uint32_t flags)
{
	switch (flags & DRM_MODE_FLAG_PIC_AR_MASK) {
	case DRM_MODE_FLAG_PIC_AR_4_3:
		return DC_PIC_AR_4_3;
	case DRM_MODE_FLAG_PIC_AR_16_9:
		return DC_PIC_AR_16_9;
	case DRM_MODE_FLAG_PIC_AR_64_27:
		return DC_PIC_AR_64_27;
	case DRM_MODE_FLAG_PIC_AR_256_135:
		return DC_PIC_AR_256_135;
	default:
		return DC_PIC_AR_NONE;
	}
}

/*
 * The refresh rate as a fraction num/den in Hz, following the kernel's
 * drm_mode_vrefresh(): interlaced modes count fields, doublescan and vscan
 * repeat lines.
 */
static bool refresh_fraction(const struct drm_mode_modeinfo *m, uint64_t *num, uint64_t *den)
{
	if (!m->clock || !m->htotal || !m->vtotal)
		return false;
	*num = (uint64_t)m->clock * 1000;
	*den = (uint64_t)m->htotal * m->vtotal;
	if (m->flags & DRM_MODE_FLAG_INTERLACE)
		*num *= 2;
	if (m->flags & DRM_MODE_FLAG_DBLSCAN)
		*den *= 2;
	if (m->vscan > 1)
		*den *= m->vscan;
	return true;
}

uint32_t dc_mode_refresh_mhz(const struct drm_mode_modeinfo *info)
{
	uint64_t num, den;

	if (!refresh_fraction(info, &num, &den))
		return 0;
	return (uint32_t)dc_div_round((dc_u128)num * 1000, den);
}

static uint32_t refresh_hz(const struct drm_mode_modeinfo *info)
{
	uint64_t num, den;

	if (!refresh_fraction(info, &num, &den))
		return 0;
	return (uint32_t)dc_div_round(num, den);
}

int dc_mode_check_timing(const struct drm_mode_modeinfo *m)
{
	if (!m->clock || !m->hdisplay || !m->vdisplay)
		return -EINVAL;
	if (m->hdisplay > m->hsync_start || m->hsync_start > m->hsync_end ||
	    m->hsync_end > m->htotal || m->hdisplay >= m->htotal)
		return -EINVAL;
	if (m->vdisplay > m->vsync_start || m->vsync_start > m->vsync_end ||
	    m->vsync_end > m->vtotal || m->vdisplay >= m->vtotal)
		return -EINVAL;
	return 0;
}

void dc_mode_set_preferred(struct dc_mode *mode, bool preferred)
{
	mode->preferred = preferred;
	if (preferred)
		mode->info.type |= DRM_MODE_TYPE_PREFERRED;
	else
		mode->info.type &= ~DRM_MODE_TYPE_PREFERRED;
}

/* Everything derived from the timing fields: name, rates, aspect, type. */
static void fill_derived(struct dc_mode *mode)
{
	struct drm_mode_modeinfo *m = &mode->info;

	snprintf(m->name, sizeof(m->name), "%ux%u%s", m->hdisplay, m->vdisplay,
		 (m->flags & DRM_MODE_FLAG_INTERLACE) ? "i" : "");
	m->vrefresh = refresh_hz(m);
	mode->refresh_mhz = dc_mode_refresh_mhz(m);
	mode->picture_aspect = picture_aspect_from_flags(m->flags);
	m->type = DRM_MODE_TYPE_DRIVER;
	dc_mode_set_preferred(mode, mode->preferred);
}

int dc_mode_from_timing(struct dc_mode *out, const struct drm_mode_modeinfo *info,
			enum dc_mode_source source, bool preferred)
{
	int ret = dc_mode_check_timing(info);

	if (ret)
		return ret;
	memset(out, 0, sizeof(*out));
	out->info = *info;
	out->source = source;
	out->preferred = preferred;
	out->pixel_repetition = 1;
	out->pixel_repetition_allowed = 1;
	fill_derived(out);
	return 0;
}

int dc_mode_from_porches(struct dc_mode *out, const struct dc_porch_timing *t,
			 enum dc_mode_source source)
{
	struct drm_mode_modeinfo m = { 0 };
	unsigned hss, hse, ht, vss, vse, vt;
	unsigned vmul = 1, half = 0;

	if (t->flags & DC_TIMING_INTERLACE) {
		/* Per-field vertical values, doubled into frame lines. */
		vmul = 2;
		half = (t->flags & DC_TIMING_EVEN_FIELDS) ? 0 : 1;
	}
	hss = t->hactive + t->hborder + t->hfront;
	hse = hss + t->hsync;
	ht = hse + t->hback + t->hborder;
	vss = t->vactive + vmul * (t->vborder + t->vfront);
	vse = vss + vmul * t->vsync;
	vt = vse + vmul * (t->vback + t->vborder) + half;
	if (ht > UINT16_MAX || vt > UINT16_MAX)
		return -ERANGE;

	m.clock = t->clock_khz;
	m.hdisplay = (uint16_t)t->hactive;
	m.hsync_start = (uint16_t)hss;
	m.hsync_end = (uint16_t)hse;
	m.htotal = (uint16_t)ht;
	m.vdisplay = (uint16_t)t->vactive;
	m.vsync_start = (uint16_t)vss;
	m.vsync_end = (uint16_t)vse;
	m.vtotal = (uint16_t)vt;
	if (t->flags & DC_TIMING_PHSYNC)
		m.flags |= DRM_MODE_FLAG_PHSYNC;
	if (t->flags & DC_TIMING_NHSYNC)
		m.flags |= DRM_MODE_FLAG_NHSYNC;
	if (t->flags & DC_TIMING_PVSYNC)
		m.flags |= DRM_MODE_FLAG_PVSYNC;
	if (t->flags & DC_TIMING_NVSYNC)
		m.flags |= DRM_MODE_FLAG_NVSYNC;
	if (t->flags & DC_TIMING_INTERLACE)
		m.flags |= DRM_MODE_FLAG_INTERLACE;
	return dc_mode_from_timing(out, &m, source, false);
}

bool dc_mode_same_timing(const struct dc_mode *a, const struct dc_mode *b)
{
	const struct drm_mode_modeinfo *x = &a->info, *y = &b->info;
	uint32_t ar_x = x->flags & DRM_MODE_FLAG_PIC_AR_MASK;
	uint32_t ar_y = y->flags & DRM_MODE_FLAG_PIC_AR_MASK;

	if (x->clock != y->clock || x->hdisplay != y->hdisplay ||
	    x->hsync_start != y->hsync_start || x->hsync_end != y->hsync_end ||
	    x->htotal != y->htotal || x->hskew != y->hskew || x->vdisplay != y->vdisplay ||
	    x->vsync_start != y->vsync_start || x->vsync_end != y->vsync_end ||
	    x->vtotal != y->vtotal || x->vscan != y->vscan)
		return false;
	if ((x->flags & ~DRM_MODE_FLAG_PIC_AR_MASK) != (y->flags & ~DRM_MODE_FLAG_PIC_AR_MASK))
		return false;
	return ar_x == ar_y || ar_x == DRM_MODE_FLAG_PIC_AR_NONE ||
	       ar_y == DRM_MODE_FLAG_PIC_AR_NONE;
}

const char *dc_mode_source_name(enum dc_mode_source source)
{
	switch (source) {
	case DC_MODE_SOURCE_NONE:
		break;
	case DC_MODE_SOURCE_GTF:
		return "gtf";
	case DC_MODE_SOURCE_CVT:
		return "cvt";
	case DC_MODE_SOURCE_ESTABLISHED:
		return "established";
	case DC_MODE_SOURCE_STD:
		return "std";
	case DC_MODE_SOURCE_DMT:
		return "dmt";
	case DC_MODE_SOURCE_CTA_VIC:
		return "cta_vic";
	case DC_MODE_SOURCE_DISPLAYID:
		return "displayid";
	case DC_MODE_SOURCE_DTD:
		return "dtd";
	}
	return "none";
}
