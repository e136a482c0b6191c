/*
 * Reading the hardware back (dc_snapshot), taking it over (dc_adopt), and
 * what "the same state" means (dc_state_equal).
 *
 * A stream is found from its running timing generator: the front end whose
 * DIG_SOURCE_SELECT names it (and DIG_SYMCLK_FE_ON says is in use), the
 * back end whose DIG_FE_SOURCE_SELECT takes that front end, the link wired
 * to that back end. What the registers do not hold cannot come back:
 *  - fractional source coordinates (the viewport holds whole pixels; the
 *    fraction lives on only as the scaler's initial phase);
 *  - whether a format has alpha (the primary plane ignores it: XRGB is
 *    reported for ARGB);
 *  - the cursor's hot spot (its top-left corner is reported, hot spot 0,0);
 *  - the picture aspect flags of the mode, and the depth of an HDMI 4:2:2
 *    stream (reported as 8bpc);
 *  - a clock the PLL cannot make to the kHz (the PLL's rate is rounded).
 * dc_state_equal compares exactly what can be read back.
 */
#include <errno.h>
#include <stdio.h>

#include <drm_fourcc.h>

#include "../dce110/dce110.h"
#include "../dce110/dce110_regs.h"
#include "dc_priv.h"

bool dc_timing_equal(const struct drm_mode_modeinfo *a, const struct drm_mode_modeinfo *b)
{
	const uint32_t flags = ~(uint32_t)DRM_MODE_FLAG_PIC_AR_MASK;

	return a->clock == b->clock && a->hdisplay == b->hdisplay &&
	       a->hsync_start == b->hsync_start && a->hsync_end == b->hsync_end &&
	       a->htotal == b->htotal && a->hskew == b->hskew && a->vdisplay == b->vdisplay &&
	       a->vsync_start == b->vsync_start && a->vsync_end == b->vsync_end &&
	       a->vtotal == b->vtotal && a->vscan == b->vscan &&
	       (a->flags & flags) == (b->flags & flags);
}

bool dc_resources_equal(const struct dc_stream_resources *a, const struct dc_stream_resources *b)
{
	return a->timing_generator == b->timing_generator && a->pipe == b->pipe &&
	       a->stream_encoder == b->stream_encoder && a->link_encoder == b->link_encoder &&
	       a->clock_source == b->clock_source && a->audio == b->audio &&
	       a->pixel_clock_khz == b->pixel_clock_khz && a->signal == b->signal &&
	       a->hdmi_scrambling == b->hdmi_scrambling && a->vrr_vtotal_max == b->vrr_vtotal_max;
}

uint32_t dc_format_opaque(uint32_t fourcc)
{
	switch (fourcc) {
	case DRM_FORMAT_ARGB8888:
		return DRM_FORMAT_XRGB8888;
	case DRM_FORMAT_ABGR8888:
		return DRM_FORMAT_XBGR8888;
	case DRM_FORMAT_ARGB2101010:
		return DRM_FORMAT_XRGB2101010;
	default:
		return fourcc;
	}
}

/* The whole pixels a 16.16 source rectangle covers: what the viewport holds. */
static bool viewport_equal(const struct dc_plane *a, const struct dc_plane *b)
{
	return a->src_x >> 16 == b->src_x >> 16 && a->src_y >> 16 == b->src_y >> 16 &&
	       ((uint64_t)a->src_x + a->src_w + 0xffff) >> 16 ==
		       ((uint64_t)b->src_x + b->src_w + 0xffff) >> 16 &&
	       ((uint64_t)a->src_y + a->src_h + 0xffff) >> 16 ==
		       ((uint64_t)b->src_y + b->src_h + 0xffff) >> 16;
}

static bool plane_equal(const struct dc_plane *a, const struct dc_plane *b)
{
	if (a->enabled != b->enabled)
		return false;
	return !a->enabled ||
	       (dc_format_opaque(a->format) == dc_format_opaque(b->format) &&
		a->modifier == b->modifier && a->width == b->width && a->height == b->height &&
		a->pitch == b->pitch && a->address == b->address && viewport_equal(a, b) &&
		a->dst_x == b->dst_x && a->dst_y == b->dst_y && a->dst_w == b->dst_w &&
		a->dst_h == b->dst_h);
}

/* Shown: enabled and not entirely left of or above the active area. */
static bool cursor_shown(const struct dc_cursor *c)
{
	return c->enabled && (int64_t)c->x - c->hot_x > -(int64_t)c->width &&
	       (int64_t)c->y - c->hot_y > -(int64_t)c->height;
}

static bool cursor_equal(const struct dc_cursor *a, const struct dc_cursor *b)
{
	if (cursor_shown(a) != cursor_shown(b))
		return false;
	return !cursor_shown(a) ||
	       (a->width == b->width && a->height == b->height && a->address == b->address &&
		(int64_t)a->x - a->hot_x == (int64_t)b->x - b->hot_x &&
		(int64_t)a->y - a->hot_y == (int64_t)b->y - b->hot_y);
}

static bool stream_equal(const struct dc_stream *a, const struct dc_stream *b)
{
	return a->link == b->link && dc_timing_equal(&a->mode, &b->mode) && a->vrr == b->vrr &&
	       a->encoding == b->encoding && a->bpc == b->bpc && a->blank_color == b->blank_color &&
	       dc_resources_equal(&a->res, &b->res) && plane_equal(&a->primary, &b->primary) &&
	       cursor_equal(&a->cursor, &b->cursor);
}

bool dc_state_equal(const struct dc_state *a, const struct dc_state *b)
{
	if (!a || !b || a->stream_count != b->stream_count || a->stream_count > DC_MAX_STREAMS)
		return false;
	for (unsigned i = 0; i < a->stream_count; i++) {
		bool found = false;

		for (unsigned j = 0; j < b->stream_count && !found; j++) {
			if (a->streams[i].link == b->streams[j].link)
				found = stream_equal(&a->streams[i], &b->streams[j]);
		}
		if (!found)
			return false;
	}
	return true;
}

/* ---- dc_snapshot ---------------------------------------------------------- */

static enum dc_signal signal_of(const struct dc_link *l, const struct dce110_be_state *be)
{
	switch (be->mode) {
	case DCE110_DIG_MODE_DP:
	case DCE110_DIG_MODE_DP_MST:
		return l->desc.type == DC_LINK_EDP ? DC_SIGNAL_EDP : DC_SIGNAL_DP;
	case DCE110_DIG_MODE_TMDS_HDMI:
		return DC_SIGNAL_HDMI;
	case DCE110_DIG_MODE_TMDS_DVI:
		return be->dual_link ? DC_SIGNAL_DVI_DUAL : DC_SIGNAL_DVI_SINGLE;
	default:
		return DC_SIGNAL_NONE;
	}
}

/* The link whose connector is wired to link encoder be, or -1. */
static int link_of_encoder(const struct dc *dc, unsigned be)
{
	for (unsigned l = 0; l < dc->link_count; l++) {
		if (dc->links[l].desc.dig_be == be)
			return (int)l;
	}
	return -1;
}

/* Front end feeding tg and the back end taking it; false when none is in use. */
static bool find_encoders(struct dc *dc, unsigned tg, unsigned *se, unsigned *be,
			  struct dce110_be_state *bst)
{
	struct dce110_se_state fst;

	for (unsigned f = 0; f < dc->pool->stream_encoders; f++) {
		dce110_se_read(dc->hw, dc->pool->regs, f, DC_SIGNAL_NONE, &fst);
		if (!fst.active || fst.tg != tg)
			continue;
		for (unsigned b = 0; b < dc->pool->link_encoders; b++) {
			dce110_be_read(dc->hw, dc->pool->regs, b, bst);
			if (bst->enabled && (bst->fe_mask & (1u << f))) {
				*se = f;
				*be = b;
				return true;
			}
		}
	}
	return false;
}

int dc_pipe_output(struct dc *dc, unsigned tg, unsigned *se, unsigned *be, unsigned *link,
		   enum dc_signal *signal)
{
	struct dce110_be_state bst;
	int l;

	if (!find_encoders(dc, tg, se, be, &bst))
		return -ENODEV;
	l = link_of_encoder(dc, *be);
	if (l < 0)
		return -ENODEV;
	*link = (unsigned)l;
	*signal = signal_of(&dc->links[l], &bst);
	return 0;
}

/*
 * The plane's source and destination from the scaler: viewport and the
 * active area minus the overscan borders. A viewport never programmed
 * (size 0) leaves what dce110_grph_read reported: the surface extent,
 * unscaled at the top left, which is what such a pipe shows.
 */
static void read_scaler(struct dc *dc, unsigned tg, struct dc_stream *s)
{
	struct dc_plane *p = &s->primary;
	struct dce110_scl_state st;

	if (!p->enabled)
		return;
	dce110_scl_read(dc->hw, tg, &st);
	if (!st.vp_w || !st.vp_h || st.left + st.right >= s->mode.hdisplay ||
	    st.top + st.bottom >= s->mode.vdisplay)
		return;
	p->src_x = st.vp_x << 16;
	p->src_y = st.vp_y << 16;
	p->src_w = st.vp_w << 16;
	p->src_h = st.vp_h << 16;
	p->dst_x = (int32_t)st.left;
	p->dst_y = (int32_t)st.top;
	p->dst_w = s->mode.hdisplay - st.left - st.right;
	p->dst_h = s->mode.vdisplay - st.top - st.bottom;
}

static int read_stream(struct dc *dc, unsigned tg, struct dc_stream *s)
{
	struct dce110_be_state bst;
	struct dce110_se_state fst;
	struct dce110_pixel_rate rate;
	struct dc_stream_resources *r = &s->res;
	unsigned se, be;
	int link;

	if (!find_encoders(dc, tg, &se, &be, &bst))
		return -ENODEV;
	link = link_of_encoder(dc, be);
	if (link < 0 || dce110_tg_read_timing(dc->hw, tg, &s->mode))
		return -ENODATA;
	dc_pixel_rate(dc, tg, &rate);
	if (!rate.hz_num)
		return -ENODATA;
	s->mode.clock = (uint32_t)((rate.hz_num + rate.hz_den * 500) / (rate.hz_den * 1000));
	s->mode.vrefresh = (dc_mode_refresh_mhz(&s->mode) + 500) / 1000;
	s->link = (uint8_t)link;
	r->signal = signal_of(&dc->links[link], &bst);
	dce110_se_read(dc->hw, dc->pool->regs, se, r->signal, &fst);
	s->encoding = fst.encoding;
	s->bpc = fst.bpc;
	s->blank_color = dce110_tg_blank_color(dc->hw, tg);
	if (dce110_grph_read(dc->hw, tg, &s->primary))
		return -ENODATA;
	read_scaler(dc, tg, s);
	dce110_cursor_read(dc->hw, tg, &s->cursor);
	r->timing_generator = (int8_t)tg;
	r->pipe = (int8_t)tg;
	r->stream_encoder = (int8_t)se;
	r->link_encoder = (int8_t)be;
	r->clock_source = (int8_t)rate.source;
	r->audio = (int8_t)fst.audio;
	r->hdmi_scrambling = bst.scrambling;
	r->vrr_vtotal_max = (uint16_t)dce110_tg_read_vrr(dc->hw, tg);
	s->vrr = r->vrr_vtotal_max != 0;
	r->pixel_clock_khz = dc_pll_target_khz(r->signal, s->mode.clock, s->encoding, s->bpc);
	return 0;
}

int dc_snapshot(struct dc *dc, struct dc_state *out)
{
	if (!dc || !out)
		return -EINVAL;
	*out = (struct dc_state){ .stream_count = 0 };
	for (unsigned tg = 0; tg < dc->pool->timing_generators; tg++) {
		struct dc_stream *s = &out->streams[out->stream_count];
		int ret;

		if (!dce110_tg_enabled(dc->hw, tg))
			continue;
		if (dc_pipe_in_vga_mode(dc, tg)) {
			dc_log(dc, DC_LOG_INFO,
			       "snapshot: pipe %u shows the video BIOS's VGA console; it is not "
			       "part "
			       "of the state",
			       tg);
			continue;
		}
		*s = (struct dc_stream){ .bpc = 8 };
		ret = read_stream(dc, tg, s);
		if (ret) {
			dc_log(dc, DC_LOG_WARNING,
			       "snapshot: pipe %u runs but %s; it is not part of the state", tg,
			       ret == -ENODEV ? "no stream and link encoder take its pixels"
					      : "its timing, clock or surface cannot be read");
			continue;
		}
		out->stream_count++;
	}
	return 0;
}

/* ---- dc_adopt ------------------------------------------------------------- */

static int check_adoptable(const struct dc *dc, const struct dc_state *state)
{
	unsigned used_tg = 0;

	if (state->stream_count > DC_MAX_STREAMS)
		return -EINVAL;
	for (unsigned i = 0; i < state->stream_count; i++) {
		const struct dc_stream *s = &state->streams[i];
		const struct dc_stream_resources *r = &s->res;

		if (s->link >= dc->link_count || r->timing_generator < 0 ||
		    r->timing_generator >= dc->pool->timing_generators || r->stream_encoder < 0 ||
		    r->stream_encoder >= dc->pool->stream_encoders || r->link_encoder < 0 ||
		    r->link_encoder >= dc->pool->link_encoders ||
		    (used_tg & (1u << r->timing_generator)) || !s->mode.htotal || !s->mode.vtotal)
			return -EINVAL;
		used_tg |= 1u << r->timing_generator;
		for (unsigned j = 0; j < i; j++) {
			if (state->streams[j].link == s->link)
				return -EINVAL;
		}
	}
	return 0;
}

int dc_adopt(struct dc *dc, const struct dc_state *state)
{
	int ret;

	if (!dc || !state)
		return -EINVAL;
	ret = check_adoptable(dc, state);
	if (ret) {
		dc_log(dc, DC_LOG_ERROR, "adopt: the state names links or resources %s lacks",
		       dc->pool->dce);
		return ret;
	}
	for (unsigned tg = 0; tg < DC_MAX_PIPES; tg++)
		dc_pipe_stop(dc, tg);
	dc->current = *state;
	dc_watermarks_fill(dc, &dc->current);
	for (unsigned i = 0; i < state->stream_count; i++) {
		const struct dc_stream *s = &state->streams[i];

		dc_pipe_start(dc, (unsigned)s->res.timing_generator, s);
		ret = dc_link_adopt(dc, s->link, s);
		if (ret)
			dc_log(dc, DC_LOG_WARNING, "%s: link state not read back (%d)",
			       dc->links[s->link].name, ret);
	}
	return 0;
}
